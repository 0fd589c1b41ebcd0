//! Instruction counts for the graph operations of `graph.rs`, which wall-clock timings on a busy
//! machine cannot give. Runs one operation a number of times inside `measured`, for callgrind to
//! count alone:
//!
//! ```sh
//! cargo bench -p kenning-benches --bench graph_calls --no-run   # prints the executable
//! EXE=target/release/deps/graph_calls-…
//! $EXE build /tmp/graph.redb            # the 100k/500k graph, once, natively (~10 s)
//! cp /tmp/graph.redb /tmp/run.redb      # upserts change the store: measure on a copy
//! valgrind --tool=callgrind --toggle-collect='*graph_calls::measured*' \
//!     $EXE run /tmp/run.redb two_hop 100
//! ```
//!
//! Operations: `filter` (NodeType filter returning 50 nodes), `two_hop` (2-hop traversal both
//! ways from a node of degree 10), `upsert_clustered` and `upsert_scattered` (a durable commit
//! replacing 1k nodes with a new label each, made before the count starts as criterion makes them
//! outside its timing), and the same with the suffix `_same_labels` (labels kept, a property
//! changed). With the suffix `_cache_off`, on the store opened without its graph cache (the
//! reads repeat one query, so with the cache they read memory after the first).
//! With the prefix `ref_`, the same operation on the HashMap reference of `graph.rs` (built
//! before the count starts). Divide callgrind's total by the count. Without arguments (as under
//! a bare `cargo bench`) it prints its usage and exits.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    clippy::print_stdout,
    clippy::panic,
    missing_docs
)]

use std::hint::black_box;
use std::path::Path;

use kenning::{
    Direction, FilterKey, GraphCommit, GraphQuery, Kenning, Node, OpenOptions, Principal,
    ScopeKind, Traversal,
};

#[path = "graph_fixture.rs"]
mod fixture;
use fixture::{Reference, SCATTERED, SCOPE, class, node, upsert_ids};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let ops = Principal::operator("bench");
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["build", path] => {
            let store = Kenning::open(Path::new(path)).unwrap();
            store.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
            let edges = fixture::build(&store, &ops, |_| {}, |_| {});
            println!("built {} nodes, {edges} edges in {path}", fixture::NODES);
        }
        ["run", path, name, count] => {
            // `_cache_off`: the store opened without its graph cache.
            let (name, cache) = match name.strip_suffix("_cache_off") {
                Some(name) => (name, 0),
                None => (*name, kenning_graph::GraphCache::DEFAULT_BYTES),
            };
            let store = OpenOptions::new()
                .graph_cache_bytes(cache)
                .open(Path::new(path))
                .unwrap();
            let count: usize = count.parse().unwrap();
            let start = fixture::degree_10_node();
            // Upsert batches: 1k neighbouring ids, or 1k ids spread over the scope; each with a
            // new label, or (`_same_labels`) with the label kept and a property changed.
            let (op, same_labels) = match name.strip_suffix("_same_labels") {
                Some(op) => (op, true),
                None => (name, false),
            };
            let mut reference = op.starts_with("ref_").then(Reference::of_graph);
            let spread = if op.ends_with("scattered") {
                SCATTERED
            } else {
                1
            };
            let version = |i: usize, generation: usize| match same_labels {
                true => node(i, 0).with_property("n", i + generation),
                false => node(i, generation),
            };
            let batches: Vec<Vec<Node>> = if op.contains("upsert") {
                (1..=count)
                    .map(|generation| upsert_ids(spread).map(|i| version(i, generation)).collect())
                    .collect()
            } else {
                Vec::new()
            };
            let started = std::time::Instant::now();
            match &mut reference {
                Some(reference) => measured_reference(reference, op, &start, batches, count),
                None => measured(&store, &ops, op, &start, batches, count),
            }
            println!(
                "{name} x{count}: {:.1?} each",
                started.elapsed() / count as u32
            );
        }
        _ => eprintln!(
            "usage: graph_calls build PATH | graph_calls run PATH OP COUNT (see the source)"
        ),
    }
}

#[inline(never)]
fn measured(
    store: &Kenning,
    ops: &Principal,
    op: &str,
    start: &str,
    batches: Vec<Vec<Node>>,
    count: usize,
) {
    match op {
        "filter" => {
            let q = GraphQuery::new()
                .filter(FilterKey::NodeType, class(3))
                .limit(50);
            for _ in 0..count {
                let answer = store.query_graph(ops, SCOPE, black_box(&q)).unwrap();
                assert_eq!(answer.nodes.len(), 50);
            }
        }
        "two_hop" => {
            let q = GraphQuery::new().filter(FilterKey::NodeId, start).traverse(
                Traversal::new()
                    .direction(Direction::Both)
                    .depth(2)
                    .limit(1000),
            );
            for _ in 0..count {
                let answer = store.query_graph(ops, SCOPE, black_box(&q)).unwrap();
                assert_eq!(answer.nodes.len(), 112);
            }
        }
        "upsert_clustered" | "upsert_scattered" => {
            for nodes in batches {
                let commit = GraphCommit {
                    nodes,
                    edges: vec![],
                };
                store.commit_graph(ops, SCOPE, black_box(&commit)).unwrap();
            }
        }
        other => panic!("unknown operation {other}"),
    }
}

/// The same operations on the HashMap reference of `graph.rs`, prefixed `ref_`.
#[inline(never)]
fn measured_reference(
    reference: &mut Reference,
    op: &str,
    start: &str,
    batches: Vec<Vec<Node>>,
    count: usize,
) {
    match op {
        "ref_filter" => {
            for _ in 0..count {
                assert_eq!(reference.filter(black_box(&class(3)), 50).len(), 50);
            }
        }
        "ref_two_hop" => {
            for _ in 0..count {
                assert_eq!(reference.walk(black_box(start), 2).0.len(), 112);
            }
        }
        "ref_upsert_clustered" | "ref_upsert_scattered" => {
            for nodes in batches {
                for n in &nodes {
                    reference.upsert(black_box(n));
                }
            }
        }
        other => panic!("unknown operation {other}"),
    }
}
