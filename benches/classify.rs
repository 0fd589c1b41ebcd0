//! Classification throughput on 200-byte sentences (seed 004 target: above 200k sentences/s on
//! one core), English and Portuguese, built from the labelled corpus.
//!
//! Measured: `classify_derive` (the kind derived from the cues: folding, one overlapping
//! Aho-Corasick pass over every cue of every table, then the tier, gate, veto and taint rules
//! over the hits) is **the headline**, the call formation makes for every capsule without a
//! kind; `classify_supplied_kind` is the same with the kind given (the taint rules still run).
//!
//! References in the same run, over the same cue list (`kenning_classify::cue_words`, every cue
//! of every table as written, trailing `*` dropped, lowercased):
//! - `reference_lowercase`: lowercasing each sentence, the least work any case-insensitive
//!   matcher does;
//! - `reference_lowercase_aho_corasick`: lowercasing, then one overlapping pass of an
//!   Aho-Corasick DFA (the `aho-corasick` crate, as the classifier builds its own) over all the
//!   cues, counting the matches: the honest naive classifier, which finds the cues and does
//!   nothing with them;
//! - `reference_aho_corasick_ascii_nocase`: the same DFA built ASCII-case-insensitive and run on
//!   the sentence as given, with no lowercasing copy: the floor of a matcher that folds nothing
//!   (no accents, no Unicode case).
//!
//! The references do less than the classifier (no diacritic folding, no word boundaries, no
//! rules), so a ratio above 1 is the price of those; the old reference, a `str::contains` loop
//! per cue, was a straw man and is gone.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    missing_docs
)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kenning_classify::{Kind, Options, classify, cue_words};
use std::hint::black_box;

#[path = "classify_fixture.rs"]
mod fixture;
use fixture::{TARGET_BYTES, reference_automaton, sentences};

fn bench(c: &mut Criterion) {
    let sentences = sentences(1000);
    let mean = sentences.iter().map(String::len).sum::<usize>() / sentences.len();
    assert!((TARGET_BYTES - 4..=TARGET_BYTES).contains(&mean));
    let (automaton, nocase) = (reference_automaton(false), reference_automaton(true));
    eprintln!("{} cues", cue_words().count());
    let derive = Options::default();
    let supplied = Options {
        kind: Some(Kind::Fact),
        ..Options::default()
    };
    // Warm the lazily built tables outside the measurement.
    let _ = classify("warm up", &derive);

    let mut g = c.benchmark_group("classify_200b");
    g.throughput(Throughput::Elements(sentences.len() as u64));
    g.bench_function("reference_lowercase", |b| {
        b.iter(|| {
            for s in &sentences {
                black_box(s.to_lowercase());
            }
        })
    });
    g.bench_function("reference_lowercase_aho_corasick", |b| {
        b.iter(|| {
            for s in &sentences {
                let lower = s.to_lowercase();
                black_box(automaton.find_overlapping_iter(&lower).count());
            }
        })
    });
    g.bench_function("reference_aho_corasick_ascii_nocase", |b| {
        b.iter(|| {
            for s in &sentences {
                black_box(nocase.find_overlapping_iter(s.as_str()).count());
            }
        })
    });
    g.bench_function("classify_derive", |b| {
        b.iter(|| {
            for s in &sentences {
                let _ = black_box(classify(black_box(s), &derive));
            }
        })
    });
    g.bench_function("classify_supplied_kind", |b| {
        b.iter(|| {
            for s in &sentences {
                let _ = black_box(classify(black_box(s), &supplied));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
