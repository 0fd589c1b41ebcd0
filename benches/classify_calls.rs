//! Instruction counts for the classifier bench of `classify.rs`, which wall-clock timings on a
//! busy machine cannot give: one pass (or `COUNT` passes) over the same 1,000 sentences of about
//! 200 bytes inside `measured`, for callgrind to count alone, after the tables are built:
//!
//! ```sh
//! cargo bench -p kenning-benches --bench classify_calls --no-run   # prints the executable
//! EXE=target/release/deps/classify_calls-…
//! valgrind --tool=callgrind --toggle-collect='*classify_calls::measured*' $EXE classify_derive 1
//! valgrind --tool=callgrind --toggle-collect='*classify_calls::measured*' \
//!     $EXE reference_lowercase_aho_corasick 1
//! ```
//!
//! Operations: `classify_derive`, `classify_supplied_kind` and
//! `reference_lowercase_aho_corasick`, as in `classify.rs`. callgrind's total is the count per
//! `COUNT` × 1,000 sentences. Without arguments (as under a bare `cargo bench`) it prints its
//! usage and exits.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    clippy::print_stdout,
    clippy::panic,
    missing_docs
)]

use std::hint::black_box;

use aho_corasick::AhoCorasick;
use kenning_classify::{Kind, Options, classify};

#[path = "classify_fixture.rs"]
mod fixture;
use fixture::{reference_automaton, sentences};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let [op, count] = args.as_slice() else {
        eprintln!("usage: classify_calls OP COUNT (see the source)");
        return;
    };
    let count: usize = count.parse().unwrap();
    let sentences = sentences(1000);
    let automaton = reference_automaton(false);
    // Build the classifier's tables outside the count.
    let _ = classify("warm up", &Options::default());
    let started = std::time::Instant::now();
    let found = measured(op, &sentences, &automaton, count);
    println!(
        "{op} x{count}: {found} answers or matches, {:.2?} per 1,000 sentences",
        started.elapsed() / count as u32
    );
}

#[inline(never)]
fn measured(op: &str, sentences: &[String], automaton: &AhoCorasick, count: usize) -> usize {
    let supplied = Options {
        kind: Some(Kind::Fact),
        ..Options::default()
    };
    let mut found = 0;
    for _ in 0..count {
        for s in sentences {
            found += match op {
                "classify_derive" => {
                    usize::from(classify(black_box(s), &Options::default()).is_ok())
                }
                "classify_supplied_kind" => usize::from(classify(black_box(s), &supplied).is_ok()),
                "reference_lowercase_aho_corasick" => {
                    let lower = black_box(s).to_lowercase();
                    automaton.find_overlapping_iter(&lower).count()
                }
                other => panic!("unknown operation {other}"),
            };
        }
    }
    found
}
