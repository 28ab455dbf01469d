//! The load test's echo message (the `echo-server` tool serves it, `loadgen` prepares it): bytes to carry, and how many to carry back.

/// An echo request or response.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Blob {
    /// Padding: a request carries as many bytes as the request it stands for.
    #[prost(bytes = "vec", tag = "1")]
    pub data: Vec<u8>,
    /// The size of the `data` the response carries.
    #[prost(uint32, tag = "2")]
    pub respond: u32,
}
