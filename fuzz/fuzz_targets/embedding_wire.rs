//! Arbitrary bytes into the embedding and recall wire types and through a real store holding
//! The property lives in `kenning_fuzzcheck::embedding_wire`, which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::embedding_wire(data));
