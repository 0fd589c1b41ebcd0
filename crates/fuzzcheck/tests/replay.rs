//! Replays every committed fuzz corpus (`fuzz/corpus/<target>/*`) through the target's property,
//! so that `cargo test` re-checks every input the fuzzers ever kept.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{target} has a committed corpus");
    for file in &files {
        // A fuzzer running on the corpus replaces files as it goes: one gone since the listing
        // was replaced by others, which the next run replays.
        let data = match std::fs::read(file) {
            Ok(data) => data,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => panic!("{}: {e}", file.display()),
        };
        if std::panic::catch_unwind(|| check(&data)).is_err() {
            panic!("{target}: {} fails its property", file.display());
        }
    }
    println!("{target}: {} inputs replayed", files.len());
}

#[test]
fn vocabulary_body_corpus() {
    replay("vocabulary_body", kenning_fuzzcheck::vocabulary_body);
}

#[test]
fn graph_query_corpus() {
    replay("graph_query", kenning_fuzzcheck::graph_query);
}

#[test]
fn classify_corpus() {
    replay("classify", kenning_fuzzcheck::classify);
}

#[test]
fn embedding_record_corpus() {
    replay("embedding_record", kenning_fuzzcheck::embedding_record);
}

#[test]
fn attach_request_corpus() {
    replay("attach_request", kenning_fuzzcheck::attach_request);
}

#[test]
fn term_index_corpus() {
    replay("term_index", kenning_fuzzcheck::term_index);
}

#[test]
fn capsule_wire_corpus() {
    replay("capsule_wire", kenning_fuzzcheck::capsule_wire);
}

#[test]
fn embedding_wire_corpus() {
    replay("embedding_wire", kenning_fuzzcheck::embedding_wire);
}

#[test]
fn capsule_record_corpus() {
    replay("capsule_record", kenning_fuzzcheck::capsule_record);
}

#[test]
fn seal_file_corpus() {
    replay("seal_file", kenning_fuzzcheck::seal_file);
}
