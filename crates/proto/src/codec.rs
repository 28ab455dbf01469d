//! The prost codec with one change: bytes that do not decode as the request message are the
//! client's fault and get `INVALID_ARGUMENT`, where tonic's stock codec answers `INTERNAL`
//! (docs/errors.md). Answers are encoded by prost's own encoder.

use std::marker::PhantomData;

use prost::Message;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder};
use tonic::{Code, Status};
use tonic_prost::{ProstCodec, ProstDecoder, ProstEncoder};

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
    type Encoder = ProstEncoder<T>;
    type Decoder = ClientFaultDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ProstCodec::<T, U>::default().encoder()
    }

    fn decoder(&mut self) -> Self::Decoder {
        ClientFaultDecoder(ProstCodec::<T, U>::default().decoder())
    }
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
