//! A gRPC codec that sends and receives raw bytes, to send what a generated client cannot
//! (undecodable, oversized or corrupted messages). Shared by the gRPC tests.

use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::Status;

/// The codec.
#[derive(Clone, Default)]
pub struct Raw;

/// Its encoder and decoder: bytes in, bytes out.
pub struct RawBytes;

impl Codec for Raw {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawBytes;
    type Decoder = RawBytes;
    fn encoder(&mut self) -> RawBytes {
        RawBytes
    }
    fn decoder(&mut self) -> RawBytes {
        RawBytes
    }
}

impl Encoder for RawBytes {
    type Item = Vec<u8>;
    type Error = Status;
    fn encode(&mut self, item: Vec<u8>, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        bytes::BufMut::put_slice(dst, &item);
        Ok(())
    }
}

impl Decoder for RawBytes {
    type Item = Vec<u8>;
    type Error = Status;
    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Vec<u8>>, Status> {
        let mut out = vec![0; bytes::Buf::remaining(src)];
        bytes::Buf::copy_to_slice(src, &mut out);
        Ok(Some(out))
    }
}

/// What a raw HTTP/2 call got back: the gRPC status code and message (from the headers of a
/// trailers-only answer, or the trailers), and the response body.
#[derive(Debug)]
pub struct RawAnswer {
    /// The HTTP status (200 for every gRPC answer).
    pub http: u16,
    /// `grpc-status`.
    pub code: tonic::Code,
    /// `grpc-message`, decoded.
    pub message: String,
    /// The body's bytes (a length-prefixed message when the call succeeded).
    pub body: Vec<u8>,
}

/// Sends one HTTP/2 request with exactly `body` as its bytes (no gRPC framing added, so the
/// framing itself can be wrong) and `headers` beside the gRPC ones (a `content-type` among them
/// replaces `application/grpc`).
pub async fn h2_call(addr: &str, path: &str, headers: &[(&str, &str)], body: Vec<u8>) -> RawAnswer {
    use http_body_util::BodyExt;
    let authority = addr.trim_start_matches("http://");
    let tcp = tokio::net::TcpStream::connect(authority).await.unwrap();
    let (mut send, connection) = hyper::client::conn::http2::handshake(
        hyper_util::rt::TokioExecutor::new(),
        hyper_util::rt::TokioIo::new(tcp),
    )
    .await
    .unwrap();
    tokio::spawn(connection);
    let mut request =
        hyper::Request::post(format!("http://{authority}{path}")).header("te", "trailers");
    if !headers
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case("content-type"))
    {
        request = request.header("content-type", "application/grpc");
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request
        .body(http_body_util::Full::new(bytes::Bytes::from(body)))
        .unwrap();
    let response = send.send_request(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let collected = body.collect().await.unwrap();
    let trailers = collected.trailers().cloned().unwrap_or_default();
    let status = Status::from_header_map(&parts.headers)
        .or_else(|| Status::from_header_map(&trailers))
        .expect("a grpc-status");
    RawAnswer {
        http: parts.status.as_u16(),
        code: status.code(),
        message: status.message().to_owned(),
        body: collected.to_bytes().to_vec(),
    }
}

/// `message` with its gRPC prefix: not compressed, its length.
pub fn framed(message: &[u8]) -> Vec<u8> {
    let mut out = vec![0];
    out.extend((message.len() as u32).to_be_bytes());
    out.extend(message);
    out
}
