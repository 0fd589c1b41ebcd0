//! The sentences both classifier benches run on: 1,000 of about 200 bytes, English and
//! Portuguese in turn, built from the labelled corpus the same way on every run, and the
//! reference automaton over the classifier's cues. Included by `classify.rs` (criterion) and
//! `classify_calls.rs` (instruction counts under callgrind) with `#[path]`, so both measure the
//! same work.

#![allow(dead_code)]

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use kenning_classify::cue_words;

const CORPUS: &str = include_str!("../crates/classify/tests/corpus/labelled_dev.tsv");
pub(crate) const TARGET_BYTES: usize = 200;

/// Sentences of about 200 bytes: corpus sentences of one language joined until the length is
/// reached, cut at a character boundary.
pub(crate) fn sentences(n: usize) -> Vec<String> {
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

/// The reference: an Aho-Corasick DFA over every cue of the classifier (`cue_words`, trailing
/// `*` dropped, lowercased), built ASCII-case-insensitive with `nocase`.
pub(crate) fn reference_automaton(nocase: bool) -> AhoCorasick {
    let cues: Vec<String> = cue_words()
        .map(|c| c.trim_end_matches('*').to_lowercase())
        .collect();
    AhoCorasick::builder()
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::DFA))
        .ascii_case_insensitive(nocase)
        .build(&cues)
        .unwrap()
}
