//! Arbitrary bytes into the attach request (seed 001): JSON parsing then validation never
//! The property lives in `kenning_fuzzcheck::attach_request`, which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::attach_request(data));
