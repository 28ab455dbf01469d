//! A TLS port's first bytes. A client that speaks plain text to a port serving TLS fails the
//! handshake inside tonic, which says so only at its debug level: the client sees a generic
//! error and the operator nothing. Every connection is wrapped here, and when TLS is on its first
//! byte is looked at (a TLS handshake record starts with 0x16): anything else is logged as a
//! warning naming the peer and what the bytes look like. The bytes themselves pass untouched.

use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tonic::transport::server::{Connected, TcpConnectInfo};

/// The first byte of a TLS record carrying a handshake (a ClientHello).
const TLS_HANDSHAKE: u8 = 0x16;

/// A connection, its first bytes looked at once when TLS is on.
#[derive(Debug)]
pub struct FirstBytes {
    inner: TcpStream,
    /// Whether the first bytes are still to be looked at.
    unchecked: bool,
}

impl FirstBytes {
    /// `stream`, looked at if the port serves `tls`.
    pub fn new(stream: TcpStream, tls: bool) -> FirstBytes {
        FirstBytes {
            inner: stream,
            unchecked: tls,
        }
    }

    fn check(&self, first: &[u8]) {
        if first.first() == Some(&TLS_HANDSHAKE) {
            return;
        }
        let peer = self
            .inner
            .peer_addr()
            .ok()
            .map(|a: SocketAddr| a.to_string());
        tracing::warn!(
            peer = peer.as_deref().unwrap_or("unknown"),
            looks_like = looks_like(first),
            "a client sent plain text to the TLS port: it must connect with TLS (its handshake \
             fails)"
        );
    }
}

/// What a connection's first bytes look like, for the log.
fn looks_like(first: &[u8]) -> &'static str {
    const METHODS: [&[u8]; 6] = [
        b"GET ",
        b"POST ",
        b"PUT ",
        b"HEAD ",
        b"OPTIONS ",
        b"DELETE ",
    ];
    if first.starts_with(b"PRI * HTTP/2.0") || b"PRI * HTTP/2.0".starts_with(first) {
        "HTTP/2 in plain text (gRPC without TLS)"
    } else if METHODS.iter().any(|m| first.starts_with(m)) {
        "HTTP/1.1 in plain text"
    } else {
        "not TLS"
    }
}

impl AsyncRead for FirstBytes {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if self.unchecked && buf.filled().len() > before {
            self.unchecked = false;
            self.check(&buf.filled()[before..]);
        }
        polled
    }
}

impl AsyncWrite for FirstBytes {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

impl Connected for FirstBytes {
    type ConnectInfo = TcpConnectInfo;

    fn connect_info(&self) -> TcpConnectInfo {
        self.inner.connect_info()
    }
}

#[cfg(test)]
mod tests {
    use super::looks_like;

    #[test]
    fn plain_text_is_told_apart() {
        assert_eq!(
            looks_like(b"PRI * HTTP/2.0\r\n\r\nSM"),
            "HTTP/2 in plain text (gRPC without TLS)"
        );
        assert_eq!(
            looks_like(b"PRI"),
            "HTTP/2 in plain text (gRPC without TLS)"
        );
        assert_eq!(looks_like(b"POST /x HTTP/1.1"), "HTTP/1.1 in plain text");
        assert_eq!(looks_like(b"\x00\x01"), "not TLS");
    }
}
