//! Arbitrary bytes into the stored-embedding decoder (E4): never a panic; every record it
//! accepts holds a valid embedding and re-encodes to exactly the bytes it came from.

#![no_main]

use kenning_vector::{Embedding, EmbeddingRecord};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(record) = EmbeddingRecord::decode(data) {
        assert_eq!(record.encode(), data, "decode then encode is the identity");
        let values = record.embedding.values().to_vec();
        assert!(Embedding::new(values).is_ok(), "a decoded vector passes E3");
    }
});
