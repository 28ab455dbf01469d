//! How requests reach the handlers: the server (TLS, graceful drain, health and reflection), the
//! edge (limits, framing, accounting), deadlines, Connect and gRPC-Web translated into gRPC, and the
//! playground page.

pub mod connect;
pub mod deadline;
pub mod edge;
mod first_bytes;
mod health;
pub mod playground;
pub mod server;
