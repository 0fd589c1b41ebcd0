//! Arbitrary bytes as the seal beside a sound store file (`NAME.kenning-seal`, read by every
//! verifying open): never a panic or a failed open, trusted only when they are the store's true
//! seal. The property lives in `kenning_fuzzcheck::seal_file`, which `cargo test` also replays
//! on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::seal_file(data));
