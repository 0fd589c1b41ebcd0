//! Arbitrary bytes into the classifier: never a panic, and the answer is a pure function of the
//! The property lives in `kenning_fuzzcheck::classify`, which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::classify(data));
