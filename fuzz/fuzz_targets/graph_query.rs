//! Arbitrary bytes into the graph query document parser: never a panic, every accepted query is
//! within its bounds, and it serializes to a document that parses back to the same query, bare
//! and inside the memory query's `graph` wrapper.

#![no_main]

use kenning_graph::GraphQuery;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(query) = GraphQuery::parse_bytes(data) {
        assert!(query.check().is_ok());
        let text = serde_json::to_string(&query).expect("a query serializes");
        assert_eq!(GraphQuery::parse(&text).expect("its own output parses"), query);
        let wrapped = format!("{{\"graph\": {text}}}");
        assert_eq!(GraphQuery::parse(&wrapped).expect("wrapped parses"), query);
    }
});
