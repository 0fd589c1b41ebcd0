//! Arbitrary bytes into the declaration parser, as JSON, YAML and auto-detected: never a panic,
//! The property lives in `kenning_fuzzcheck::vocabulary_body`, which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::vocabulary_body(data));
