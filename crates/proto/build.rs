//! Compiles the repository's `proto/` with protox (a pure-Rust protobuf compiler, so no system
//! `protoc` is needed) and generates the prost messages, and with the crate's features their
//! proto3 JSON mapping (pbjson, `json`) and the tonic client and server (`services`), and a
//! descriptor set for reflection.
use std::{env, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The repository's proto/, the public contract, beside the clients that read it too.
    let proto = PathBuf::from(env::var("CARGO_MANIFEST_DIR")?).join("../../proto");
    // Every file of the package: a new game's proto file needs no change here.
    let mut files: Vec<PathBuf> = std::fs::read_dir(proto.join("referee/v1"))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|p| p.extension().is_some_and(|ext| ext == "proto"));
    files.sort();
    println!("cargo:rerun-if-changed={}", proto.display());
    let fds = protox::compile(files, [&proto])?;
    let out = PathBuf::from(env::var("OUT_DIR")?);
    let descriptors = prost::Message::encode_to_vec(&fds);
    std::fs::write(out.join("referee_descriptor.bin"), &descriptors)?;
    let feature = |name: &str| env::var_os(format!("CARGO_FEATURE_{name}")).is_some();
    if feature("JSON") {
        json(&descriptors, &out)?;
    }
    let services = feature("SERVICES");
    tonic_prost_build::configure()
        .codec_path("crate::codec::RefereeCodec")
        .build_client(services)
        .build_server(services)
        .compile_fds(fds)?;
    Ok(())
}

/// The standard proto3 JSON mapping of every message (Connect's JSON): pbjson's serde impls.
fn json(descriptors: &[u8], out: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
    pbjson_build::Builder::new()
        .register_descriptors(descriptors)?
        .out_dir(out)
        .build(&[".referee.v1"])?;
    // Numbers are read by the crate's own reader: Connect JSON's throughput a third higher
    // (`src/json.rs` names the load test that shows it).
    let serde = out.join("referee.v1.serde.rs");
    let generated = std::fs::read_to_string(&serde)?;
    const PBJSON_NUMBER: &str = "::pbjson::private::NumberDeserialize";
    if !generated.contains(PBJSON_NUMBER) {
        return Err(format!(
            "pbjson no longer reads numbers with {PBJSON_NUMBER}: see crates/proto/src/json.rs"
        )
        .into());
    }
    std::fs::write(
        &serde,
        generated.replace(PBJSON_NUMBER, "crate::json::Number"),
    )?;
    Ok(())
}
