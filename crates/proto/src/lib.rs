//! The referee's public contract as Rust: the code generated from `proto/` (package
//! `referee.v1`: messages, their proto3 JSON mapping, the gRPC client and server), the codec the
//! generated services use ([`codec`]), the JSON number reader the mapping uses ([`json`]), and the
//! descriptor set that server reflection serves. It knows no service code: the server depends on
//! it, never the other way.

/// `referee.v1`.
#[allow(missing_docs, clippy::all, clippy::pedantic)]
pub mod referee {
    /// `referee.v1`.
    pub mod v1 {
        tonic::include_proto!("referee.v1");
        include!(concat!(env!("OUT_DIR"), "/referee.v1.serde.rs"));
    }
}

pub use referee::v1;

pub mod codec;
pub mod json;

/// The encoded `FileDescriptorSet` of `proto/`, for reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/referee_descriptor.bin"));
