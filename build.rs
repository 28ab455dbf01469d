//! Compiles `proto/` with protox (a pure-Rust protobuf compiler, so no system `protoc` is needed)
//! and generates the prost messages and tonic service, their proto3 JSON mapping (pbjson), and a
//! descriptor set for reflection; and records the git commit for `referee_build_info`.
use std::{env, path::PathBuf};

/// The commit being built: `REFEREE_GIT_COMMIT` if set (a container build has no `.git`), else
/// what `git rev-parse HEAD` says, else `unknown`.
fn git_commit() -> String {
    println!("cargo:rerun-if-env-changed=REFEREE_GIT_COMMIT");
    if let Ok(commit) = env::var("REFEREE_GIT_COMMIT") {
        return commit;
    }
    // Rebuild when HEAD moves: HEAD itself, and the branch file it points to.
    if let Ok(head) = std::fs::read_to_string(".git/HEAD") {
        println!("cargo:rerun-if-changed=.git/HEAD");
        if let Some(branch) = head.trim().strip_prefix("ref: ") {
            let path = format!(".git/{branch}");
            if std::path::Path::new(&path).exists() {
                println!("cargo:rerun-if-changed={path}");
            }
        }
    }
    std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rustc-env=REFEREE_GIT_COMMIT={}", git_commit());
    // Every file of the package: a new game's proto file needs no change here.
    let mut files: Vec<PathBuf> = std::fs::read_dir("proto/referee/v1")?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|p| p.extension().is_some_and(|ext| ext == "proto"));
    files.sort();
    println!("cargo:rerun-if-changed=proto");
    let fds = protox::compile(files, ["proto"])?;
    let out = PathBuf::from(env::var("OUT_DIR")?);
    let descriptors = prost::Message::encode_to_vec(&fds);
    std::fs::write(out.join("referee_descriptor.bin"), &descriptors)?;
    // The standard proto3 JSON mapping of every message (Connect's JSON): pbjson's serde impls.
    pbjson_build::Builder::new()
        .register_descriptors(&descriptors)?
        .out_dir(&out)
        .build(&[".referee.v1"])?;
    // Numbers are read by the crate's own reader (`src/pb/json.rs` says why).
    let serde = out.join("referee.v1.serde.rs");
    let generated = std::fs::read_to_string(&serde)?;
    const PBJSON_NUMBER: &str = "::pbjson::private::NumberDeserialize";
    if !generated.contains(PBJSON_NUMBER) {
        return Err(format!(
            "pbjson no longer reads numbers with {PBJSON_NUMBER}: see src/pb/json.rs"
        )
        .into());
    }
    std::fs::write(
        &serde,
        generated.replace(PBJSON_NUMBER, "crate::pb::json::Number"),
    )?;
    tonic_prost_build::configure()
        .codec_path("crate::service::transport::codec::RefereeCodec")
        .build_client(true)
        .build_server(true)
        .compile_fds(fds)?;
    Ok(())
}
