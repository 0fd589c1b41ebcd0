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
//! ways from a node of degree 10), `two_hop_rotating` (the same walk from the 1,000 rotating
//! starts of `graph.rs`, in turn: the headline case), `upsert_clustered` and `upsert_scattered`
//! (a durable commit replacing 1k nodes with a new label each, made before the count starts as
//! criterion makes them outside its timing), and the same with the suffix `_same_labels` (labels
//! kept, a property changed). With the suffix `_cache_off`, on the store opened without its graph
//! cache (`two_hop` repeats one query, so with the cache it reads memory after the first). With
//! the prefix `ref_`, the same operation on the in-memory FxHash adjacency reference of
//! `graph_fixture.rs` (built before the count starts). Divide callgrind's total by the count.
//! Without arguments (as under a bare `cargo bench`) it prints its usage and exits.
//!
//! On a machine shared with other work, wall-clock means measured one after the other (as
//! criterion runs them) drift with the load. `compare PATH COPY ROUNDS` takes the 2-hop ratios
//! side by side instead: round after round, one pass over the 1,000 rotating starts (and 1,000
//! walks from the degree-10 node) on the reference, on PATH opened with the cache off and on
//! COPY (a copy of PATH: a store file opens once) with the default cache, each pass timed in
//! the thread's CPU time (`/proc/thread-self/schedstat`), and prints the median per walk:
//!
//! ```sh
//! cp /tmp/graph.redb /tmp/copy.redb && $EXE compare /tmp/graph.redb /tmp/copy.redb 15
//! ```

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
        ["compare", path, copy, rounds] => compare(path, copy, rounds.parse().unwrap()),
        _ => eprintln!(
            "usage: graph_calls build PATH | graph_calls run PATH OP COUNT | \
             graph_calls compare PATH COPY ROUNDS (see the source)"
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
        "two_hop_rotating" => {
            let walks: Vec<GraphQuery> = fixture::rotating_starts()
                .iter()
                .map(|start| {
                    GraphQuery::new().filter(FilterKey::NodeId, start).traverse(
                        Traversal::new()
                            .direction(Direction::Both)
                            .depth(2)
                            .limit(1000),
                    )
                })
                .collect();
            for i in 0..count {
                let q = &walks[i % walks.len()];
                let answer = store.query_graph(ops, SCOPE, black_box(q)).unwrap();
                assert!(answer.nodes.len() > 1);
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

/// The same operations on the in-memory reference of `graph_fixture.rs`, prefixed `ref_`.
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
        "ref_two_hop_rotating" => {
            let starts = fixture::rotating_starts();
            for i in 0..count {
                let start = &starts[i % starts.len()];
                assert!(reference.walk(black_box(start), 2).0.len() > 1);
            }
        }
        "ref_upsert_clustered" | "ref_upsert_scattered" => {
            for nodes in batches {
                for n in nodes {
                    reference.upsert(black_box(n));
                }
            }
        }
        other => panic!("unknown operation {other}"),
    }
}

/// The CPU time this thread has run, from the scheduler's statistics (Linux).
fn thread_cpu() -> std::time::Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    let ns: u64 = stat.split_whitespace().next().unwrap().parse().unwrap();
    std::time::Duration::from_nanos(ns)
}

/// See the module docs: the 2-hop walks on the reference and on both stores, interleaved.
fn compare(path: &str, copy: &str, rounds: usize) {
    let ops = Principal::operator("bench");
    let off = OpenOptions::new()
        .graph_cache_bytes(0)
        .open(Path::new(path))
        .unwrap();
    let on = Kenning::open(Path::new(copy)).unwrap();
    let reference = Reference::of_graph();
    let walk = |start: &str| {
        GraphQuery::new().filter(FilterKey::NodeId, start).traverse(
            Traversal::new()
                .direction(Direction::Both)
                .depth(2)
                .limit(1000),
        )
    };
    let rotating = fixture::rotating_starts();
    let fixed = vec![fixture::degree_10_node(); rotating.len()];
    for (case, starts) in [
        ("two_hop_rotating_start", &rotating),
        ("two_hop_degree_10", &fixed),
    ] {
        let walks: Vec<GraphQuery> = starts.iter().map(|s| walk(s)).collect();
        let names = [
            "reference_fxhash",
            "reference_fxhash_borrowed",
            "kenning_cache_off",
            "kenning",
        ];
        let mut times: Vec<Vec<std::time::Duration>> = vec![Vec::new(); names.len()];
        for round in 0..=rounds {
            for (k, per) in times.iter_mut().enumerate() {
                let before = thread_cpu();
                for (start, q) in starts.iter().zip(&walks) {
                    let n = match k {
                        0 => black_box(reference.walk(start, 2)).0.len(),
                        1 => black_box(reference.walk_borrowed(start, 2)).0.len(),
                        2 => off.query_graph(&ops, SCOPE, q).unwrap().nodes.len(),
                        _ => on.query_graph(&ops, SCOPE, q).unwrap().nodes.len(),
                    };
                    assert!(n > 1);
                }
                if round > 0 {
                    // Round 0 warms every store and the cache.
                    per.push((thread_cpu() - before) / starts.len() as u32);
                }
            }
        }
        let median = |v: &mut Vec<std::time::Duration>| {
            v.sort();
            v[v.len() / 2]
        };
        let medians: Vec<_> = times.iter_mut().map(median).collect();
        for (name, m) in names.iter().zip(&medians) {
            println!(
                "{case}/{name}: {m:.1?} CPU per walk (median of {rounds}), {:.2}x the reference",
                m.as_secs_f64() / medians[0].as_secs_f64()
            );
        }
        println!(
            "{case}: cache on / cache off = {:.2}",
            medians[3].as_secs_f64() / medians[2].as_secs_f64()
        );
    }
}
