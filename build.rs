//! Compiles `proto/` with protox (a pure-Rust protobuf compiler, so no system `protoc` is needed)
//! and generates the prost messages and tonic service, plus a descriptor set for reflection.
use std::{env, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files = [
        "proto/referee/v1/referee_service.proto",
        "proto/referee/v1/port_royal.proto",
    ];
    println!("cargo:rerun-if-changed=proto");
    let fds = protox::compile(files, ["proto"])?;
    let out = PathBuf::from(env::var("OUT_DIR")?);
    std::fs::write(
        out.join("referee_descriptor.bin"),
        prost::Message::encode_to_vec(&fds),
    )?;
    tonic_prost_build::configure()
        .codec_path("crate::service::codec::RefereeCodec")
        .build_client(true)
        .build_server(true)
        .compile_fds(fds)?;
    Ok(())
}
