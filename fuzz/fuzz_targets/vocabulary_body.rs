//! Arbitrary bytes into the declaration parser, as JSON, YAML and auto-detected: never a panic,
//! and every accepted body is valid and renders on one line per entry.

#![no_main]

use kenning_vocab::{Declaration, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for format in [Format::Json, Format::Yaml, Format::Auto] {
        if let Ok(declaration) = Declaration::parse_bytes(data, format) {
            let v = &declaration.vocabulary;
            assert!(v.validate().is_ok());
            let rendered = v.render();
            let entries = v.entity_classes.len() + v.relation_types.len();
            let headers = if v.relation_types.is_empty() { 2 } else { 3 };
            assert_eq!(rendered.lines().count(), entries + headers);
        }
    }
});
