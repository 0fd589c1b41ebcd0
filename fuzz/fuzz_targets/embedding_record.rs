//! Arbitrary bytes into the stored-embedding decoder (E4): never a panic; every record it
//! The property lives in `kenning_fuzzcheck::embedding_record`, which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::embedding_record(data));
