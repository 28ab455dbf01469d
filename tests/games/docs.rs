//! The project's documents stay complete and stand alone: every violation code, details key,
//! ErrorInfo reason and status label the code base can emit is in `docs/errors.md`; and no
//! document points outside the repository (a user's clone has only what is in it).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if !path.ends_with("node_modules") {
                files(&path, ext, out);
            }
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// Every string literal that follows `marker` in the sources, e.g. `=> "NOT_YOUR_TURN"`.
fn literals_after(sources: &str, marker: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in sources.match_indices(marker) {
        let rest = &sources[i + marker.len()..];
        if let Some(end) = rest.find('"') {
            out.push(rest[..end].to_owned());
        }
    }
    out
}

fn sources() -> String {
    let mut paths = Vec::new();
    files(&root().join("src"), "rs", &mut paths);
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn errors_md_lists_every_code_reason_and_details_key_the_code_emits() {
    let doc = std::fs::read_to_string(root().join("docs/errors.md")).unwrap();
    let src = sources();
    let upper = |s: &String| !s.is_empty() && s.chars().all(|c| c.is_ascii_uppercase() || c == '_');
    // Violation codes (`Code::as_str`) and the status names of the outcome label (`code_name`)
    // are both spelled as match arms; reasons are constants or `with_reason` literals.
    let mut emitted: Vec<String> = literals_after(&src, "=> \"");
    emitted.extend(literals_after(&src, ": &str = \""));
    emitted.extend(literals_after(&src, "with_reason(\""));
    emitted.retain(upper);
    let keys = literals_after(&src, ".with(\"");
    assert!(
        emitted.len() > 20 && emitted.iter().any(|c| c == "NOT_YOUR_TURN"),
        "the scan finds the codes: {emitted:?}"
    );
    assert!(emitted.iter().any(|c| c == "STATE_TAMPERED"));
    assert!(keys.iter().any(|k| k == "to_act"), "{keys:?}");
    let missing: Vec<&String> = emitted
        .iter()
        .chain(&keys)
        .filter(|c| !doc.contains(&format!("`{c}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "missing from docs/errors.md: {missing:?}"
    );
}

#[test]
fn documents_stand_alone() {
    let mut docs = vec![root().join("README.md"), root().join("CHANGELOG.md")];
    for (dir, ext) in [
        ("docs", "md"),
        ("deploy", "md"),
        ("clients", "md"),
        ("proto", "proto"),
        ("src", "rs"),
    ] {
        files(&root().join(dir), ext, &mut docs);
    }
    for path in docs {
        let text = std::fs::read_to_string(&path).unwrap();
        for outside in ["shared/", "design/api.md"] {
            assert!(
                !text.contains(outside),
                "{} names {outside:?}, which a user's clone does not have",
                path.display()
            );
        }
    }
}
