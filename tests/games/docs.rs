//! The project's documents stay complete and stand alone: every violation code, details key,
//! ErrorInfo reason and status label the code base can emit is in `docs/errors.md`; the README
//! names every proto file, `docs/operations.md` every flag, `docs/rules.md` every rules version;
//! every relative link resolves; no document points outside the repository (a user's clone has
//! only what is in it); and what is shipped agrees with itself (licence, ports, the manifests'
//! namespace and component file).

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
    for crate_sources in ["src", "crates"] {
        files(&root().join(crate_sources), "rs", &mut paths);
    }
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

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The default of one of the server's flags, as `--help` would show it (whatever the
/// environment of the test run says).
fn flag_default(id: &str) -> String {
    use clap::CommandFactory;
    let command = referee::config::Config::command();
    let arg = command
        .get_arguments()
        .find(|a| a.get_id() == id)
        .unwrap_or_else(|| panic!("no flag {id}"));
    arg.get_default_values()[0].to_string_lossy().into_owned()
}

/// The licence is Apache-2.0 in the LICENSE file and in every package's metadata.
#[test]
fn every_package_carries_the_apache_2_licence() {
    let licence = read("LICENSE");
    assert!(licence.trim_start().starts_with("Apache License"));
    assert!(licence.contains("Version 2.0, January 2004"));
    assert!(
        licence.contains("END OF TERMS AND CONDITIONS"),
        "the whole text"
    );
    for (file, line) in [
        ("Cargo.toml", r#"license = "Apache-2.0""#),
        ("clients/python/pyproject.toml", r#"license = "Apache-2.0""#),
        ("clients/node/package.json", r#""license": "Apache-2.0""#),
    ] {
        assert!(read(file).contains(line), "{file} lacks {line}");
    }
}

/// Each client is published at the server's release version (the one Cargo.toml and the
/// CHANGELOG's newest release give), so a package's version names the server it was tested with.
#[test]
fn every_client_carries_the_release_version() {
    let cargo = read("Cargo.toml");
    let version = cargo
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("Cargo.toml's version");
    let changelog = read("CHANGELOG.md");
    assert!(
        changelog.contains(&format!("\n## {version} — ")),
        "the CHANGELOG has a release {version}"
    );
    for (file, line) in [
        (
            "clients/python/pyproject.toml",
            format!("version = \"{version}\""),
        ),
        (
            "clients/node/package.json",
            format!("\"version\": \"{version}\""),
        ),
    ] {
        assert!(read(file).contains(&line), "{file} lacks {line}");
    }
}

/// The default ports are the image's, the manifests' and the documents', and none is the
/// default of a tool likely to run on the same host (Prometheus 9090, its Pushgateway and
/// Alertmanager, the 9100-9999 exporter range, Grafana, the OpenTelemetry collector).
#[test]
fn the_default_ports_agree_everywhere_and_collide_with_no_common_tool() {
    let dockerfile = read("deploy/Dockerfile");
    let deployment = read("deploy/k8s/base/deployment.yaml");
    let service = read("deploy/k8s/base/service.yaml");
    let readme = read("README.md");
    for (id, var) in [
        ("listen", "REFEREE_LISTEN"),
        ("metrics_listen", "REFEREE_METRICS_LISTEN"),
    ] {
        let default = flag_default(id);
        let port: u16 = default.rsplit(':').next().unwrap().parse().unwrap();
        assert!(
            !(9090..=9999).contains(&port) && ![3000, 4317, 4318, 8888, 8889].contains(&port),
            "{id} defaults to {port}, a common tool's port"
        );
        assert!(
            dockerfile.contains(&format!("{var}={default}")),
            "the Dockerfile sets {var}={default}"
        );
        assert!(
            dockerfile
                .lines()
                .any(|l| l.starts_with("EXPOSE") && l.contains(&port.to_string())),
            "the Dockerfile exposes {port}"
        );
        assert!(
            deployment.contains(&format!("value: {default}"))
                && deployment.contains(&format!("containerPort: {port}")),
            "deployment.yaml: {var} and its containerPort are {port}"
        );
        assert!(
            service.contains(&format!("port: {port}")),
            "service.yaml: {port}"
        );
        assert!(
            readme.contains(&port.to_string()),
            "the README names {port}"
        );
    }
    for file in [
        "README.md",
        "deploy/README.md",
        "deploy/Dockerfile",
        "deploy/k8s/base/deployment.yaml",
    ] {
        assert!(
            !read(file).contains(":9090"),
            "{file} still names port 9090"
        );
    }
}

/// deploy/README.md's kubectl commands act on the overlay's namespace: a command without one
/// acts on `default`, where a Secret would never reach the pods.
#[test]
fn the_deploy_readme_commands_name_the_namespace() {
    let overlay = read("deploy/k8s/overlays/example/kustomization.yaml");
    let namespace = overlay
        .lines()
        .find_map(|l| l.strip_prefix("namespace: "))
        .expect("the overlay sets a namespace");
    let readme = read("deploy/README.md");
    let commands: Vec<&str> = readme
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("kubectl ") || l.contains("| kubectl "))
        .collect();
    assert!(commands.len() >= 3, "{commands:?}");
    for command in commands {
        for part in command.split('|').map(str::trim) {
            let Some(rest) = part.strip_prefix("kubectl ") else {
                continue;
            };
            // `apply -k` takes the namespace from the overlay, `kustomize` only renders, and the
            // overlay's namespace.yaml is the Namespace itself.
            let renders = rest.starts_with("apply -k")
                || rest.starts_with("kustomize")
                || rest.starts_with("apply -f deploy/k8s/overlays/example/namespace.yaml");
            assert!(
                renders || part.contains(&format!("-n {namespace}")),
                "deploy/README.md: `{part}` does not name the namespace {namespace}"
            );
        }
    }
}

/// The example overlay mounts a component file that the referee accepts, and that is the
/// embedded provisional set (the file an operator replaces): deploying the example changes no
/// game's set.
#[test]
fn the_example_overlays_component_file_is_the_embedded_set() {
    use referee::games::village::components::Components;
    let mounted = Components::parse(&read("deploy/k8s/overlays/example/village-components.toml"))
        .expect("the overlay's set validates");
    let embedded = Components::provisional();
    assert_eq!(mounted.name, embedded.name);
    assert_eq!(mounted.hash(), embedded.hash());
}

/// The section of a markdown document under `heading` (to the next heading of its level).
fn section<'a>(doc: &'a str, heading: &str) -> &'a str {
    let start = doc
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("no section {heading}"));
    let level = heading.split(' ').next().unwrap();
    let rest = &doc[start + heading.len() + 2..];
    let end = rest.find(&format!("\n{level} ")).unwrap_or(rest.len());
    &rest[..end]
}

/// The README is a short path: what it is, two commands, a first session, the grpcurl and curl
/// quick starts, where to go next; and where it lists the contract it names every proto file.
#[test]
fn the_readme_is_a_short_path_that_names_every_proto_file() {
    let readme = read("README.md");
    assert!(
        readme.len() < 12 * 1024,
        "the README is {} bytes: move detail to docs/",
        readme.len()
    );
    let headings: Vec<&str> = readme.lines().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(
        headings,
        [
            "## Two commands",
            "## A first session",
            "## grpcurl quick start",
            "## curl quick start",
            "## Where to go next"
        ]
    );
    for image in readme
        .split("](")
        .skip(1)
        .filter_map(|r| r.split(')').next())
    {
        if image.ends_with(".png") {
            assert!(
                root().join(image).is_file(),
                "the README shows {image}, which is missing"
            );
        }
    }
    assert!(readme.contains("(docs/playground-port-royal.png)"));
    assert!(readme.contains("(docs/playground-village.png)"));
    let next = section(&readme, "## Where to go next");
    for entry in std::fs::read_dir(root().join("proto/referee/v1")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            next.contains(&format!("`{name}`")),
            "the README's contract entry does not name {name}"
        );
    }
    assert!(
        next.contains("docs/errors.md"),
        "violation codes: docs/errors.md"
    );
    assert!(
        !readme.contains("listed in `docs/rules.md`"),
        "codes are listed in docs/errors.md"
    );
}

/// docs/operations.md's flag table names every flag the server takes, with its variable, and no
/// flag it does not take.
#[test]
fn the_flag_table_lists_every_flag_and_variable() {
    use clap::CommandFactory;
    let doc = read("docs/operations.md");
    let table = section(&doc, "## Flags");
    let command = referee::config::Config::command();
    let mut known = Vec::new();
    for arg in command.get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        if ["help", "version"].contains(&long) {
            continue;
        }
        known.push(format!("--{long}"));
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("| `--{long}")))
            .unwrap_or_else(|| panic!("docs/operations.md: no row for --{long}"));
        if let Some(env) = arg.get_env() {
            let env = env.to_string_lossy();
            assert!(
                row.contains(&format!("`{env}`")),
                "--{long}: {env} not in {row}"
            );
        }
    }
    for row in table.lines().filter(|l| l.starts_with("| `--")) {
        let flag = row[3..].split(['`', ' ']).next().unwrap();
        assert!(
            known.iter().any(|k| k == flag),
            "the table names {flag}, which does not exist"
        );
    }
}

/// Every rules version the release plays is in docs/rules.md's "Rules versions" table.
#[test]
fn every_rules_version_is_documented() {
    let doc = read("docs/rules.md");
    let table = section(&doc, "## Rules versions");
    let versions = referee::service::rpc::games::rules_versions();
    assert!(versions.len() >= 3, "{versions:?}");
    for version in versions {
        assert!(
            table
                .lines()
                .any(|l| l.starts_with(&format!("| `{version}`"))),
            "docs/rules.md, \"Rules versions\", has no row for {version}"
        );
    }
}

/// Every relative link of the project's documents leads to a file or folder the repository has.
#[test]
fn every_relative_link_resolves() {
    let mut docs = vec![root().join("README.md"), root().join("deploy/README.md")];
    files(&root().join("docs"), "md", &mut docs);
    docs.push(root().join("clients/python/README.md"));
    docs.push(root().join("clients/node/README.md"));
    for path in docs {
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, _) in text.match_indices("](") {
            let target = &text[i + 2..];
            let target = &target[..target.find(')').unwrap()];
            if target.contains("://") || target.starts_with('#') {
                continue;
            }
            let file = target.split('#').next().unwrap();
            let resolved = path.parent().unwrap().join(file);
            assert!(
                resolved.exists(),
                "{}: the link {target} leads nowhere",
                path.display()
            );
        }
    }
}

/// Where docs/api.md or a proto comment describes a rule that differs between Village's rules
/// versions (who may reveal a goal or cash a chest, and when; who has a last chance), it says
/// which versions it describes: every bullet or comment block naming such a rule names a
/// `village/N`.
#[test]
fn rules_that_differ_between_versions_name_their_versions() {
    const TERMS: [&str; 6] = [
        "RevealGoal",
        "CashChest",
        "last chance",
        "free action",
        "at any moment",
        "open to",
    ];
    let api = read("docs/api.md");
    // docs/api.md's bullets (a bullet runs to the next bullet, heading or blank line).
    let mut blocks: Vec<(String, String)> = Vec::new();
    for line in api.lines() {
        let starts = line.starts_with("- ") || line.starts_with('#') || line.trim().is_empty();
        match blocks.last_mut() {
            Some((_, text)) if !starts => text.push_str(&format!(" {}", line.trim())),
            _ => blocks.push(("docs/api.md".to_owned(), line.to_owned())),
        }
    }
    // The Village proto's comment blocks.
    let proto = read("proto/referee/v1/village.proto");
    let mut open = false;
    for line in proto.lines() {
        match line.trim().strip_prefix("//") {
            Some(comment) if open => {
                let text = &mut blocks.last_mut().unwrap().1;
                text.push_str(comment);
            }
            Some(comment) => {
                blocks.push(("village.proto".to_owned(), comment.to_owned()));
                open = true;
            }
            None => open = false,
        }
    }
    let village =
        |text: &str| text.contains("Village") || text.contains("goal") || text.contains("chest");
    for (file, text) in &blocks {
        let rule = TERMS.iter().find(|t| text.contains(*t));
        if let Some(term) = rule.filter(|_| village(text) || file.ends_with(".proto")) {
            assert!(
                text.contains("village/"),
                "{file}: describes a rule that differs between versions ({term:?}) without naming \
                 a rules version: {text}"
            );
        }
    }
}

/// docs/api.md's phase table names every word `Status.phase` can say for Village: every
/// `VillageDecisionKind`, in lower case without its prefix (an audit found `goal_at_stake`
/// missing).
#[test]
fn the_phase_table_names_every_village_decision() {
    let api = read("docs/api.md");
    let row = api
        .lines()
        .find(|l| l.starts_with("  | Village | the pending decision's"))
        .expect("the phase table's Village row");
    let kinds = (1..)
        .map_while(|n| referee::pb::v1::VillageDecisionKind::try_from(n).ok())
        .map(|k| {
            let name = k.as_str_name();
            name.trim_start_matches("VILLAGE_DECISION_KIND_")
                .to_lowercase()
        });
    for word in kinds {
        assert!(
            row.contains(&format!("`{word}`")),
            "{word} missing from {row}"
        );
    }
}

/// The documents count the referee's RPCs as the service has them (an audit found "seven" for
/// eight): every RPC of the service is in docs/api.md's table, and no document counts them wrong.
#[test]
fn the_documents_count_the_rpcs_right() {
    let proto = read("proto/referee/v1/referee_service.proto");
    let rpcs: Vec<&str> = proto
        .lines()
        .filter_map(|l| l.trim().strip_prefix("rpc "))
        .map(|l| l.split('(').next().unwrap().trim())
        .collect();
    assert_eq!(rpcs.len(), 8, "{rpcs:?}");
    let api = read("docs/api.md");
    for rpc in &rpcs {
        assert!(
            api.contains(&format!("| `{rpc}` |")),
            "{rpc} missing from docs/api.md"
        );
    }
    let words = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    for doc in ["docs/api.md", "docs/errors.md", "README.md"] {
        let text = read(doc);
        for (n, word) in words.iter().enumerate() {
            if n + 1 == rpcs.len() {
                continue;
            }
            for counted in [format!("{word} referee RPCs"), format!("referee's {word} ")] {
                assert!(!text.contains(&counted), "{doc} says {counted:?}");
            }
        }
    }
}

/// What the README has a user make in the clone is ignored by git: its virtual environment
/// (`python3 -m venv .venv`, at the repository's root).
#[test]
fn what_the_readme_makes_is_ignored() {
    let readme = read("README.md");
    assert!(
        readme.contains("python3 -m venv .venv"),
        "the README's first session changed"
    );
    let ignored = read(".gitignore");
    assert!(
        ignored.lines().any(|l| l == "/.venv"),
        ".venv at the root is not ignored"
    );
}
