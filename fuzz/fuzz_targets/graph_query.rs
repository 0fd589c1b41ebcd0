//! Arbitrary bytes into the graph query document parser: never a panic, every accepted query is
//! The property lives in `kenning_fuzzcheck::graph_query`, which `cargo test` also replays on the corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kenning_fuzzcheck::graph_query(data));
