//! Classification throughput on 200-byte sentences (seed 004 target: above 200k sentences/s on
//! one core), English and Portuguese, built from the labelled corpus.
//!
//! References in the same run: lowercasing each sentence (the least work any case-insensitive
//! matcher does), and a naive matcher that lowercases and then loops `str::contains` over every
//! cue of the same tables (what one Aho-Corasick pass replaces).

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kenning_classify::{Kind, Options, classify, cue_words};
use std::hint::black_box;

const CORPUS: &str = include_str!("../crates/classify/tests/corpus/labelled_dev.tsv");
const TARGET_BYTES: usize = 200;

/// Sentences of about 200 bytes: corpus sentences of one language joined until the length is
/// reached, cut at a character boundary.
fn sentences(n: usize) -> Vec<String> {
    let mut by_lang: [Vec<&str>; 2] = [Vec::new(), Vec::new()];
    for line in CORPUS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut cols = line.split('\t');
        let (_, lang, text) = (cols.next(), cols.next().unwrap(), cols.next().unwrap());
        by_lang[usize::from(lang == "pt")].push(text);
    }
    (0..n)
        .map(|i| {
            let pool = &by_lang[i % 2];
            let mut s = String::new();
            let mut j = i * 7;
            while s.len() < TARGET_BYTES {
                s.push_str(pool[j % pool.len()]);
                s.push(' ');
                j += 13;
            }
            let mut cut = TARGET_BYTES;
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            s.truncate(cut);
            s
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let sentences = sentences(1000);
    let mean = sentences.iter().map(String::len).sum::<usize>() / sentences.len();
    assert!((TARGET_BYTES - 4..=TARGET_BYTES).contains(&mean));
    let cues: Vec<String> = cue_words()
        .map(|c| c.trim_end_matches('*').to_lowercase())
        .collect();
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
    g.bench_function("reference_lowercase_contains_loop", |b| {
        b.iter(|| {
            for s in &sentences {
                let lower = s.to_lowercase();
                black_box(cues.iter().filter(|c| lower.contains(c.as_str())).count());
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
