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
//!
//! On a machine shared with other work, means measured one after the other (as criterion runs
//! them) drift with the load. `compare ROUNDS` takes the ratio side by side instead: round after
//! round, one pass of each operation over the 1,000 sentences, each timed on its own, and prints
//! the medians, which a pass slowed by another process does not move. (Wall-clock time: the
//! thread's CPU time, as `/proc/thread-self/schedstat` gives it on this machine, moves in steps
//! of 4 ms, the length of a pass.)
//!
//! ```sh
//! $EXE compare 200
//! ```

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
    let sentences = sentences(1000);
    let automaton = reference_automaton(false);
    // Build the classifier's tables outside the count: with a kind supplied, so that the call
    // reaches every scan (an underivable sentence stops before the taint scans).
    let _ = classify(
        "warm up",
        &Options {
            kind: Some(Kind::Fact),
            ..Options::default()
        },
    );
    let (op, count) = match args.as_slice() {
        [compare, rounds] if compare == "compare" => {
            return side_by_side(&sentences, &automaton, rounds.parse().unwrap());
        }
        [op, count] => (op, count.parse::<usize>().unwrap()),
        _ => {
            eprintln!(
                "usage: classify_calls OP COUNT | classify_calls compare ROUNDS (see the source)"
            );
            return;
        }
    };
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

/// See the module docs: every operation, one pass each per round, medians.
fn side_by_side(sentences: &[String], automaton: &AhoCorasick, rounds: usize) {
    let ops = [
        "reference_lowercase_aho_corasick",
        "classify_derive",
        "classify_supplied_kind",
    ];
    let mut times: Vec<Vec<std::time::Duration>> = vec![Vec::new(); ops.len()];
    for round in 0..=rounds {
        for (op, per) in ops.iter().zip(&mut times) {
            let started = std::time::Instant::now();
            black_box(measured(op, sentences, automaton, 1));
            if round > 0 {
                // Round 0 warms the caches.
                per.push(started.elapsed());
            }
        }
    }
    let medians: Vec<std::time::Duration> = times
        .iter_mut()
        .map(|t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect();
    for (op, m) in ops.iter().zip(&medians) {
        println!(
            "{op}: {m:.2?} per 1,000 sentences (median of {rounds}), {:.2}x the reference",
            m.as_secs_f64() / medians[0].as_secs_f64()
        );
    }
}
