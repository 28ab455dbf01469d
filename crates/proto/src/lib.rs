//! The referee's public contract as Rust: the code generated from `proto/` (package
//! `referee.v1`): its messages, plain data that the rules read a client's state from; with the
//! `json` feature their proto3 JSON mapping and the number reader it uses ([`json`]); with
//! `services` the gRPC client and server and the codec they use ([`codec`]); and the descriptor
//! set that server reflection serves. It knows no service code: the server depends on it, never
//! the other way.

/// `referee.v1`.
#[allow(missing_docs, clippy::all, clippy::pedantic)]
pub mod referee {
    /// `referee.v1`.
    pub mod v1 {
        include!(concat!(env!("OUT_DIR"), "/referee.v1.rs"));
        #[cfg(feature = "json")]
        include!(concat!(env!("OUT_DIR"), "/referee.v1.serde.rs"));
    }
}

pub use referee::v1;

#[cfg(feature = "services")]
pub mod codec;
#[cfg(feature = "json")]
pub mod json;

/// The encoded `FileDescriptorSet` of `proto/`, for reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/referee_descriptor.bin"));
