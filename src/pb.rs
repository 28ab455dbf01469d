//! Generated protobuf and gRPC code, fenced off from the rest of the crate, and the descriptor
//! set that server reflection serves.
#![allow(missing_docs, clippy::all, clippy::pedantic)]

/// `referee.v1`.
pub mod referee {
    /// `referee.v1`.
    pub mod v1 {
        tonic::include_proto!("referee.v1");
        include!(concat!(env!("OUT_DIR"), "/referee.v1.serde.rs"));
    }
}

pub use referee::v1;

pub mod json;

/// The encoded `FileDescriptorSet` of `proto/`, for reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/referee_descriptor.bin"));
