//! A request's deadline: the earliest of the server's limit (`--request-timeout-ms`) and the
//! client's own (`grpc-timeout` on gRPC and gRPC-Web, `connect-timeout-ms` on Connect), counted
//! from the moment the request arrived, and answered `DEADLINE_EXCEEDED` whichever passed.
//!
//! Why the referee keeps the client's deadline itself: tonic's server wraps every service in a
//! timer of its own for `grpc-timeout`, outside every layer of ours, and answers it `CANCELLED`
//! in gRPC's shape, even on a Connect call. That timer is set after the request reached our
//! layers (its inner service is called first), for the same duration or a longer one, and on
//! expiry its first act is to poll what it wraps. So [`within`] reads the clock at every poll:
//! when tonic's timer has passed, ours has too, and the answer is ours (tested over HTTP/2 and
//! HTTP/1.1 in `tests/service/deadline.rs`).

use std::future::Future;
use std::task::Poll;
use std::time::Duration;

use tonic::codegen::http;
use tonic::Status;

use crate::service::request::Deadline;

/// The client's deadline a request carries in `header` (`grpc-timeout`, `connect-timeout-ms`),
/// if it carries one that parses. A value that does not parse is ignored, as tonic ignores it.
pub fn client_timeout(headers: &http::HeaderMap, header: &'static str) -> Option<Duration> {
    let value = headers.get(header)?.to_str().ok()?;
    if header == "connect-timeout-ms" {
        // Connect: at most 10 digits of milliseconds.
        return (value.len() <= 10)
            .then(|| value.parse().ok().map(Duration::from_millis))
            .flatten();
    }
    // gRPC: at most 8 digits and a unit, read exactly as tonic's timer reads it, so that this
    // deadline is never later than tonic's.
    let (digits, unit) = value.split_at(value.len().checked_sub(1)?);
    if digits.len() > 8 {
        return None;
    }
    let n: u64 = digits.parse().ok()?;
    Some(match unit {
        "H" => Duration::from_secs(n * 3600),
        "M" => Duration::from_secs(n * 60),
        "S" => Duration::from_secs(n),
        "m" => Duration::from_millis(n),
        "u" => Duration::from_micros(n),
        "n" => Duration::from_nanos(n),
        _ => return None,
    })
}

/// Runs `work` until `deadline`; then drops it and answers the deadline's status. The work is
/// polled before the clock is read, and the clock is read at every poll (see the module's
/// documentation for why).
pub async fn within<F: Future>(deadline: Deadline, work: F) -> Result<F::Output, Status> {
    let sleep = tokio::time::sleep_until(deadline.at().into());
    tokio::pin!(work, sleep);
    std::future::poll_fn(|cx| {
        if let Poll::Ready(out) = work.as_mut().poll(cx) {
            return Poll::Ready(Ok(out));
        }
        if deadline.passed() || sleep.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(deadline.status()));
        }
        Poll::Pending
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn headers(name: &'static str, value: &str) -> http::HeaderMap {
        let mut h = http::HeaderMap::new();
        h.insert(name, value.parse().unwrap());
        h
    }

    #[test]
    fn grpc_timeouts_read_as_tonic_reads_them() {
        let read = |v| client_timeout(&headers("grpc-timeout", v), "grpc-timeout");
        assert_eq!(read("100m"), Some(Duration::from_millis(100)));
        assert_eq!(read("2S"), Some(Duration::from_secs(2)));
        assert_eq!(read("1H"), Some(Duration::from_secs(3600)));
        assert_eq!(read("3M"), Some(Duration::from_secs(180)));
        assert_eq!(read("7u"), Some(Duration::from_micros(7)));
        assert_eq!(read("9n"), Some(Duration::from_nanos(9)));
        assert_eq!(read("99999999m"), Some(Duration::from_millis(99_999_999)));
        for bad in ["", "m", "100", "100x", "123456789m", "-1m", "1.5S"] {
            assert_eq!(read(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn connect_timeouts_are_milliseconds() {
        let read = |v| client_timeout(&headers("connect-timeout-ms", v), "connect-timeout-ms");
        assert_eq!(read("100"), Some(Duration::from_millis(100)));
        assert_eq!(
            read("9999999999"),
            Some(Duration::from_millis(9_999_999_999))
        );
        for bad in ["", "12345678901", "100m", "-5"] {
            assert_eq!(read(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_earliest_deadline_answers_and_says_who_set_it() {
        let now = Instant::now();
        let server = Deadline::new(now, Duration::from_millis(500), None);
        assert!(server
            .status()
            .message()
            .contains("server's limit of 500 ms"));
        let client = Deadline::new(
            now,
            Duration::from_millis(500),
            Some((Duration::from_millis(100), "grpc-timeout")),
        );
        assert_eq!(client.at(), now + Duration::from_millis(100));
        assert_eq!(client.status().code(), tonic::Code::DeadlineExceeded);
        assert!(client.status().message().contains("grpc-timeout: 100 ms"));
        let later = Deadline::new(
            now,
            Duration::from_millis(500),
            Some((Duration::from_secs(9), "connect-timeout-ms")),
        );
        assert_eq!(later.at(), now + Duration::from_millis(500));
    }
}
