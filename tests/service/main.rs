//! The service's tests, in one binary: gRPC end to end (over TLS too, and traced), the gRPC
//! mutation test, the bounded fuzz run and the load-balancer fault test (the last three run as
//! their own stages of `scripts/test`, selected by module name).

#[path = "../common/mod.rs"]
mod common;

mod calls;
mod components;
mod deadline;
mod fair_shuffle;
mod fault;
mod fuzz;
mod grpc;
mod grpc_mutation;
mod play;
mod proxy;
mod suggest;
mod tls;
mod tracing;
mod village;
mod web;
