//! Arbitrary bytes into the decoders of a capsule's stored records (canonical record and
//! fences, every format version): never a panic; whatever decodes round-trips and its head reads
//! alone as the whole record says. The property lives in `kenning_fuzzcheck::capsule_record`,
//! which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::capsule_record(data));
