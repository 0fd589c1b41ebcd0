//! Arbitrary bytes into the capsule wire types and through a real store: never a panic. A
//! The property lives in `kenning_fuzzcheck::capsule_wire`, which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::capsule_wire(data));
