//! Arbitrary text through the analyser and the term index: never a panic; analysis is a pure
//! The property lives in `kenning_fuzzcheck::term_index`, which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::term_index(data));
