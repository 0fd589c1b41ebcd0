//! `docs/spec.md` resolves every rule id the repository cites: each id cited in a comment, a doc
//! comment, a test name or a Markdown file has an entry, and every test the file names exists in
//! the file it names.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` and `.md` file of the repository, build output and dependencies left out.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | ".git" | "node_modules") {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// The rule ids in `text`: a letter of the contract's sections and a number (`V7`, `K9`).
fn ids(text: &str, found: &mut BTreeSet<String>) {
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if !b"VGKREACFUL".contains(&b) {
            continue;
        }
        let before = i.checked_sub(1).map(|j| bytes[j]);
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
            continue;
        }
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let after = bytes.get(i + 1 + digits);
        if (1..=2).contains(&digits) && !after.is_some_and(|c| c.is_ascii_alphanumeric()) {
            found.insert(text[i..=i + digits].to_owned());
        }
    }
}

/// The ids a source file cites: in its comments and its test names (`fn v7_...`) for Rust, in
/// all of its text for Markdown.
fn cited(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut found = BTreeSet::new();
    if path.extension().is_some_and(|e| e == "md") {
        ids(&text, &mut found);
        return found;
    }
    for line in text.lines() {
        if let Some(at) = line.find("//") {
            ids(&line[at..], &mut found);
        }
        if let Some(name) = line.trim_start().strip_prefix("fn ") {
            let upper = name.to_ascii_uppercase();
            for part in upper.split('_') {
                let mut one = BTreeSet::new();
                ids(part, &mut one);
                if one.len() != 1 || !one.contains(part) {
                    break;
                }
                found.extend(one);
            }
        }
    }
    found
}

#[test]
fn every_cited_rule_id_has_an_entry_and_every_named_test_exists() {
    let root = root();
    let spec_path = root.join("docs/spec.md");
    let spec = std::fs::read_to_string(&spec_path).unwrap();
    let documented: BTreeSet<String> = spec
        .lines()
        .filter_map(|l| l.strip_prefix("### "))
        .map(|id| id.trim().to_owned())
        .collect();
    assert!(documented.len() >= 70, "{} entries", documented.len());

    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut missing = Vec::new();
    for file in &files {
        if file.ends_with("docs/spec.md") {
            continue;
        }
        for id in cited(file) {
            if !documented.contains(&id) {
                missing.push(format!("{id} (cited in {})", file.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rule ids without an entry in docs/spec.md:\n{}",
        missing.join("\n")
    );

    // "Tested by `path`: `test`, `test`; `path`: `test`."
    let mut stale = Vec::new();
    let mut named = 0;
    for line in spec.lines().filter(|l| l.starts_with("Tested by `")) {
        for group in line.trim_start_matches("Tested by ").split("; ") {
            let (path, tests) = group.split_once(": ").unwrap();
            let path = path.trim_matches('`');
            let text = std::fs::read_to_string(root.join(path))
                .unwrap_or_else(|e| panic!("docs/spec.md names {path}: {e}"));
            for test in tests.trim_end_matches('.').split(", ") {
                let test = test.trim_matches('`');
                named += 1;
                if !text.contains(&format!("fn {test}(")) {
                    stale.push(format!("{path}: {test}"));
                }
            }
        }
    }
    assert!(named > 200, "{named} tests named");
    assert!(
        stale.is_empty(),
        "docs/spec.md names tests that do not exist:\n{}",
        stale.join("\n")
    );
}
