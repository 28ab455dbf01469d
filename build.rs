//! Records the git commit for `referee_build_info` (the protobuf code is `crates/proto`'s).
use std::env;

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

fn main() {
    println!("cargo:rustc-env=REFEREE_GIT_COMMIT={}", git_commit());
}
