//! Graph memory on a graph of 100k nodes and 500k edges in one scope, built once per run in a
//! temporary store file:
//!
//! - `node_type_filter_50`: a `NodeType` start filter returning 50 nodes;
//! - `two_hop_degree_10`: a 2-hop traversal both ways from a node of degree 10 (5 out, 5 in);
//! - `upsert_1k_clustered` / `upsert_1k_scattered`: a durable commit replacing 1k nodes with a new
//!   label each time (so their label entries move), either 1k neighbouring ids or 1k ids spread
//!   over the whole scope, one per leaf page: the best and the worst case of a copy-on-write
//!   B-tree, which rewrites every page a commit touches.
//!
//! Reference in the same run: the same operation, with the same answer, on a plain in-memory
//! adjacency map (`HashMap`s) of the same graph. Claims are the ratio of the two.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    missing_docs
)]

use std::collections::{BTreeSet, HashMap, HashSet};
use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use kenning::{
    Direction, Edge, FilterKey, GraphCommit, GraphQuery, Kenning, Node, Principal, ScopeKind,
    Traversal,
};
use kenning_graph::{MAX_COMMIT_EDGES, MAX_COMMIT_NODES};

const NODES: usize = 100_000;
const OUT_DEGREE: usize = 5;
const CLASSES: usize = 10;
const RELATIONS: [&str; 4] = ["KNOWS", "WORKS_AT", "LIVES_IN", "MENTIONS"];
const SCOPE: &str = "bench.graph";
const UPSERT: usize = 1_000;

fn id(i: usize) -> String {
    format!("n{i:06}")
}

fn class(i: usize) -> String {
    format!("Class{}", i % CLASSES)
}

/// A deterministic mix, so that every run builds the same graph.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Node `i`'s out-edges: one target in each fifth of the id space, so the five are distinct.
fn out_edges(i: usize) -> impl Iterator<Item = Edge> {
    let band = NODES / OUT_DEGREE;
    (0..OUT_DEGREE).map(move |k| {
        let h = mix((i * OUT_DEGREE + k) as u64) as usize;
        let target = k * band + h % band;
        Edge::new(id(i), RELATIONS[h % RELATIONS.len()], id(target))
    })
}

fn node(i: usize, generation: usize) -> Node {
    Node::new(id(i), format!("Node {i:06} v{generation}"))
        .with_type(class(i))
        .with_property("n", i)
}

/// The same graph as plain maps: the least any store must do to answer the same questions.
#[derive(Default)]
struct Reference {
    nodes: HashMap<String, Node>,
    by_label: HashMap<String, BTreeSet<String>>,
    by_class: HashMap<String, BTreeSet<String>>,
    out: HashMap<String, Vec<Edge>>,
    inward: HashMap<String, Vec<(String, String)>>,
}

impl Reference {
    fn upsert(&mut self, node: &Node) {
        let mut node = node.clone();
        if let Some(old) = self.nodes.get(&node.id) {
            if old.label != node.label
                && let Some(set) = self.by_label.get_mut(&old.label)
            {
                set.remove(&node.id);
            }
            match &old.node_type {
                Some(kept) => node.node_type = Some(kept.clone()),
                None => {
                    if let Some(c) = &node.node_type {
                        self.by_class
                            .entry(c.clone())
                            .or_default()
                            .insert(node.id.clone());
                    }
                }
            }
        } else if let Some(c) = &node.node_type {
            self.by_class
                .entry(c.clone())
                .or_default()
                .insert(node.id.clone());
        }
        self.by_label
            .entry(node.label.clone())
            .or_default()
            .insert(node.id.clone());
        self.nodes.insert(node.id.clone(), node);
    }

    fn edge(&mut self, edge: Edge) {
        self.inward
            .entry(edge.target.clone())
            .or_default()
            .push((edge.relation_type.clone(), edge.source.clone()));
        self.out.entry(edge.source.clone()).or_default().push(edge);
    }

    fn sort(&mut self) {
        for v in self.out.values_mut() {
            v.sort_by(|a, b| (&a.relation_type, &a.target).cmp(&(&b.relation_type, &b.target)));
        }
        for v in self.inward.values_mut() {
            v.sort();
        }
    }

    fn filter(&self, class: &str, limit: usize) -> Vec<Node> {
        self.by_class[class]
            .iter()
            .take(limit)
            .map(|id| self.nodes[id].clone())
            .collect()
    }

    /// Breadth-first, both ways, every relation type: the nodes and edges reached.
    fn walk(&self, start: &str, depth: usize) -> (Vec<Node>, Vec<Edge>) {
        let mut nodes = vec![self.nodes[start].clone()];
        let mut edges = Vec::new();
        let mut seen: HashSet<&str> = HashSet::from([start]);
        let mut followed: HashSet<(&str, &str, &str)> = HashSet::new();
        let mut frontier = vec![start];
        for _ in 0..depth {
            let mut next = Vec::new();
            for &from in &frontier {
                let out = self.out.get(from).into_iter().flatten();
                let out = out.map(|e| (e, e.target.as_str()));
                let inward = self.inward.get(from).into_iter().flatten();
                let inward = inward.map(|(rel, src)| {
                    let e = self.out[src.as_str()]
                        .iter()
                        .find(|e| e.relation_type == *rel && e.target == from)
                        .expect("mirrored");
                    (e, src.as_str())
                });
                for (edge, other) in out.chain(inward) {
                    if seen.insert(other) {
                        nodes.push(self.nodes[other].clone());
                        next.push(other);
                    }
                    let key = (
                        edge.source.as_str(),
                        edge.relation_type.as_str(),
                        edge.target.as_str(),
                    );
                    if followed.insert(key) {
                        edges.push(edge.clone());
                    }
                }
            }
            frontier = next;
        }
        (nodes, edges)
    }
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = Kenning::open(dir.path().join("graph.redb")).unwrap();
    let ops = Principal::operator("bench");
    store.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    let mut reference = Reference::default();

    let built = std::time::Instant::now();
    for chunk in (0..NODES).collect::<Vec<_>>().chunks(MAX_COMMIT_NODES) {
        let nodes: Vec<Node> = chunk.iter().map(|&i| node(i, 0)).collect();
        for n in &nodes {
            reference.upsert(n);
        }
        store
            .commit_graph(
                &ops,
                SCOPE,
                &GraphCommit {
                    nodes,
                    edges: vec![],
                },
            )
            .unwrap();
    }
    let mut edges = Vec::with_capacity(MAX_COMMIT_EDGES);
    let mut total_edges = 0;
    for i in 0..NODES {
        for e in out_edges(i) {
            reference.edge(e.clone());
            edges.push(e);
        }
        if edges.len() + OUT_DEGREE > MAX_COMMIT_EDGES || i + 1 == NODES {
            total_edges += edges.len();
            let commit = GraphCommit {
                nodes: vec![],
                edges: std::mem::take(&mut edges),
            };
            store.commit_graph(&ops, SCOPE, &commit).unwrap();
        }
    }
    reference.sort();
    assert_eq!(total_edges, NODES * OUT_DEGREE);
    eprintln!(
        "graph: {NODES} nodes, {total_edges} edges, built in {:.1?}",
        built.elapsed()
    );

    // NodeType filter returning 50 nodes.
    let filter = GraphQuery::new()
        .filter(FilterKey::NodeType, class(3))
        .limit(50);
    let answer = store.query_graph(&ops, SCOPE, &filter).unwrap();
    assert_eq!(answer.nodes, reference.filter(&class(3), 50));
    assert_eq!(answer.nodes.len(), 50);

    // A node of degree 10: its 5 out-edges and exactly 5 in-edges.
    let start = (0..NODES)
        .map(id)
        .find(|n| reference.inward.get(n).map_or(0, Vec::len) == OUT_DEGREE)
        .unwrap();
    let two_hop = GraphQuery::new()
        .filter(FilterKey::NodeId, start.clone())
        .traverse(
            Traversal::new()
                .direction(Direction::Both)
                .depth(2)
                .limit(1000),
        );
    let answer = store.query_graph(&ops, SCOPE, &two_hop).unwrap();
    let (want_nodes, want_edges) = reference.walk(&start, 2);
    assert_eq!(answer.nodes, want_nodes);
    assert_eq!(answer.edges, want_edges);
    assert!(!answer.truncated);
    eprintln!(
        "2-hop from {start} (degree 10): {} nodes, {} edges",
        answer.nodes.len(),
        answer.edges.len()
    );

    let mut g = c.benchmark_group("graph_100k_nodes_500k_edges");
    g.bench_function("node_type_filter_50/reference_hashmap", |b| {
        b.iter(|| reference.filter(black_box(&class(3)), 50))
    });
    g.bench_function("node_type_filter_50/kenning", |b| {
        b.iter(|| store.query_graph(&ops, SCOPE, black_box(&filter)).unwrap())
    });
    g.bench_function("two_hop_degree_10/reference_hashmap", |b| {
        b.iter(|| reference.walk(black_box(&start), 2))
    });
    g.bench_function("two_hop_degree_10/kenning", |b| {
        b.iter(|| store.query_graph(&ops, SCOPE, black_box(&two_hop)).unwrap())
    });

    // Upserts replace the same 1k nodes with a new label each time, moving their label entries.
    g.throughput(Throughput::Elements(UPSERT as u64));
    let mut generation = 0;
    for (name, spread) in [("clustered", 1), ("scattered", NODES / UPSERT)] {
        let mut batch = || {
            generation += 1;
            (0..UPSERT)
                .map(|i| node(NODES / 2 + i * spread - UPSERT / 2 * spread, generation))
                .collect::<Vec<Node>>()
        };
        g.bench_function(format!("upsert_1k_{name}/reference_hashmap"), |b| {
            b.iter_batched(
                &mut batch,
                |nodes| {
                    for n in &nodes {
                        reference.upsert(n);
                    }
                },
                BatchSize::SmallInput,
            )
        });
        g.bench_function(format!("upsert_1k_{name}/kenning_durable_commit"), |b| {
            b.iter_batched(
                || GraphCommit {
                    nodes: batch(),
                    edges: vec![],
                },
                |commit| store.commit_graph(&ops, SCOPE, &commit).unwrap(),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
