//! Every answer of the classifier on the corpora, pinned: a change meant to keep every answer (a
//! speed-up, a refactoring) must leave `tests/golden/answers.txt` as it is.
//!
//! Each sentence of every file in `tests/corpus/` is classified alone, in upper case, and joined
//! to the next sentence of its file by a space and by a line break (the rules that look across
//! sentences), with the kind derived and with a kind supplied on an external import; each file
//! is also classified whole, its sentences joined by line breaks. The complete answer (the
//! `Debug` form of the `Result`: kind, basis, scope, authority class, taint reasons, or the
//! error with its fields) is hashed, and the file keeps one digest per corpus line. The held-out
//! slices are in it too: the file holds digests, never a sentence or a label, and a failure
//! names files and line numbers only, so nothing of a held-out sentence is ever shown.
//!
//! A change of rules that changes answers on purpose rewrites the file, in the same commit:
//! `KENNING_BLESS=1 cargo test -p kenning-classify --test golden`.
//!
//! Under `KENNING_TUNING_ONLY=1` (a worker tuning the rules, `docs/DEVELOPING.md`) the held-out
//! slices are left out of both: their answers are neither compared nor rewritten, so a worker
//! never learns whether a change moved a held-out answer. The lead's run without the variable,
//! after the merge, compares them and blesses them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{corpus_files, held_out, numbered_sentences, tuning_only};
use kenning_classify::{Kind, Options, Origin, classify};
use std::fmt::Write as _;
use std::path::Path;

/// FNV-1a, 32 bits: a digest that no compiler or library version changes.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |hash, &b| {
        (hash ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The complete answer for `text`, with the kind derived and with a kind supplied.
fn answers(text: &str) -> String {
    let supplied = Options {
        kind: Some(Kind::Fact),
        origin: Origin::ExternalImport,
        ..Options::default()
    };
    format!(
        "{:?}\n{:?}\n",
        classify(text, &Options::default()),
        classify(text, &supplied)
    )
}

const HEADER: &str =
    "# The classifier's answers on tests/corpus/, one digest per corpus line (tests/golden.rs).\n";

/// The digests of the corpus files `wanted` keeps, as `tests/golden/answers.txt` holds them.
fn digests(wanted: impl Fn(&str) -> bool) -> String {
    let mut out = String::from(HEADER);
    for file in corpus_files().into_iter().filter(|f| wanted(f)) {
        let sentences = numbered_sentences(&file);
        writeln!(out, "{file}").unwrap();
        for (i, (line, text)) in sentences.iter().enumerate() {
            let mut all = answers(text) + &answers(&text.to_uppercase());
            if let Some((_, next)) = sentences.get(i + 1) {
                all += &answers(&format!("{text} {next}"));
                all += &answers(&format!("{text}\n{next}"));
            }
            writeln!(out, "{line} {:08x}", fnv1a(all.as_bytes())).unwrap();
        }
        let whole: Vec<&str> = sentences.iter().map(|(_, t)| t.as_str()).collect();
        writeln!(
            out,
            "whole {:08x}",
            fnv1a(answers(&whole.join("\n")).as_bytes())
        )
        .unwrap();
    }
    out
}

/// The file's sections: each corpus file's name and its lines (the header left out).
fn sections(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        match out.last_mut() {
            Some((_, lines)) if line.contains(' ') => lines.push(line.to_owned()),
            _ => out.push((line.to_owned(), Vec::new())),
        }
    }
    out
}

fn joined(sections: &[(String, Vec<String>)]) -> String {
    let mut out = String::from(HEADER);
    for (file, lines) in sections {
        writeln!(out, "{file}").unwrap();
        for line in lines {
            writeln!(out, "{line}").unwrap();
        }
    }
    out
}

/// The tuning slices' digests of `now` with the held-out slices' sections of `pinned`, in the
/// order of `files`: what a tuning worker's run compares and blesses.
fn held_out_kept(now: &str, pinned: &str, files: &[String]) -> String {
    let mut merged = sections(now);
    merged.extend(
        sections(pinned)
            .into_iter()
            .filter(|(file, _)| held_out(file)),
    );
    merged.sort_by_key(|(file, _)| files.iter().position(|f| f == file));
    joined(&merged)
}

/// A tuning worker's run takes the held-out sections as pinned, whatever they hold, and the
/// tuning ones as computed, in the corpus order.
#[test]
fn a_tuning_run_keeps_the_held_out_answers_as_pinned() {
    let files: Vec<String> = [
        "labelled_fresh44.tsv",
        "labelled_fresh45.tsv",
        "x_fresh46.tsv",
    ]
    .map(String::from)
    .to_vec();
    let pinned = format!(
        "{HEADER}labelled_fresh44.tsv\n1 00000000\nlabelled_fresh45.tsv\n1 11111111\nwhole 22222222\nx_fresh46.tsv\n1 33333333\n"
    );
    let now = format!("{HEADER}labelled_fresh44.tsv\n1 aaaaaaaa\nx_fresh46.tsv\n1 bbbbbbbb\n");
    assert_eq!(
        held_out_kept(&now, &pinned, &files),
        format!(
            "{HEADER}labelled_fresh44.tsv\n1 aaaaaaaa\nlabelled_fresh45.tsv\n1 11111111\nwhole 22222222\nx_fresh46.tsv\n1 bbbbbbbb\n"
        )
    );
}

#[test]
fn every_corpus_answer_is_the_pinned_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/answers.txt");
    let pinned = std::fs::read_to_string(&path).unwrap_or_default();
    // A tuning worker's run leaves the held-out slices' pinned digests as they are, unread.
    let hidden = tuning_only();
    let now = digests(|file| !(hidden && held_out(file)));
    let now = if hidden {
        held_out_kept(&now, &pinned, &corpus_files())
    } else {
        now
    };
    if std::env::var("KENNING_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    // Name the changed lines by file and line number (never the sentence: some are held out).
    let mut file = "";
    let mut changed = Vec::new();
    for (was, is) in pinned.lines().zip(now.lines()) {
        if !was.contains(' ') {
            file = was;
        }
        if was != is {
            changed.push(format!("{file}: {was} -> {is}"));
        }
    }
    assert!(
        changed.is_empty() && pinned.lines().count() == now.lines().count(),
        "{} answers changed (or the corpus did); if on purpose, rerun with KENNING_BLESS=1:\n{}",
        changed.len(),
        changed.join("\n")
    );
}
