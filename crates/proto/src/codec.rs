//! The prost codec with two changes: bytes that do not decode as the request message are the
//! client's fault and get `INVALID_ARGUMENT`, where tonic's stock codec answers `INTERNAL`
//! (docs/errors.md); and an answer is written without first computing its length.

use std::marker::PhantomData;

use bytes::BufMut;
use prost::Message;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::{Code, Status};
use tonic_prost::{ProstCodec, ProstDecoder};

/// The codec named in `build.rs` for every generated service.
#[derive(Debug, Clone)]
pub struct RefereeCodec<T, U> {
    _pd: PhantomData<(T, U)>,
}

impl<T, U> Default for RefereeCodec<T, U> {
    fn default() -> Self {
        Self { _pd: PhantomData }
    }
}

impl<T, U> Codec for RefereeCodec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = WriteEncoder<T>;
    type Decoder = ClientFaultDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        WriteEncoder(PhantomData)
    }

    fn decoder(&mut self) -> Self::Decoder {
        ClientFaultDecoder(ProstCodec::<T, U>::default().decoder())
    }
}

/// An encoder that writes the message straight into tonic's buffer ([`write_message`]).
#[derive(Debug)]
pub struct WriteEncoder<T>(PhantomData<T>);

impl<T: Message> Encoder for WriteEncoder<T> {
    type Item = T;
    type Error = Status;

    fn encode(&mut self, item: T, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        write_message(&item, buf);
        Ok(())
    }
}

/// Writes `message` at the end of `buf`. prost's `Message::encode` first computes the whole
/// message's length, only to check that `buf` has room; tonic's buffer grows as it is written, so
/// that pass is skipped (each nested message's length is still computed where it is written).
/// The bytes are the same.
pub fn write_message(message: &impl Message, buf: &mut impl BufMut) {
    message.encode_raw(buf);
}

/// A prost decoder whose parse failures are `INVALID_ARGUMENT`.
#[derive(Debug)]
pub struct ClientFaultDecoder<U>(ProstDecoder<U>);

impl<U: Message + Default> Decoder for ClientFaultDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        self.0.decode(buf).map_err(|status| {
            if status.code() == Code::Internal {
                Status::invalid_argument(format!(
                    "the request does not decode as protobuf: {}",
                    status.message()
                ))
            } else {
                status
            }
        })
    }

    fn buffer_settings(&self) -> BufferSettings {
        self.0.buffer_settings()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::v1;

    /// An answer written without its length computed first is the same bytes as prost's.
    #[test]
    fn written_answers_are_prost_bytes() {
        let state = v1::PortRoyalState {
            draw_pile: (0..120).collect(),
            seats: vec![v1::PortRoyalSeat::default(); 4],
            ..v1::PortRoyalState::default()
        };
        let answer = v1::ApplyResponse {
            outcome: Some(v1::apply_response::Outcome::Applied(v1::Applied {
                state: Some(v1::GameState {
                    rules_version: "port-royal/2".to_owned(),
                    sequence: 300,
                    game: Some(v1::game_state::Game::PortRoyal(state)),
                    ..v1::GameState::default()
                }),
                status: Some(v1::Status::default()),
                events: vec![v1::Event::default(); 3],
                undoable: true,
            })),
        };
        let mut buf = bytes::BytesMut::new();
        write_message(&answer, &mut buf);
        assert_eq!(&buf[..], &answer.encode_to_vec()[..]);
    }
}
