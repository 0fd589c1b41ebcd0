//! The graph both graph benches run on: 100k nodes and 500k edges in one scope, the same on every
//! run. Included by `graph.rs` (criterion, against a HashMap reference) and `graph_calls.rs`
//! (instruction counts under callgrind) with `#[path]`, so both measure the same graph.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap, HashSet};

use kenning::{Edge, GraphCommit, Kenning, Node, Principal};
use kenning_graph::{MAX_COMMIT_EDGES, MAX_COMMIT_NODES};

pub(crate) const NODES: usize = 100_000;
pub(crate) const OUT_DEGREE: usize = 5;
pub(crate) const CLASSES: usize = 10;
pub(crate) const RELATIONS: [&str; 4] = ["KNOWS", "WORKS_AT", "LIVES_IN", "MENTIONS"];
pub(crate) const SCOPE: &str = "bench.graph";
pub(crate) const UPSERT: usize = 1_000;

pub(crate) fn id(i: usize) -> String {
    format!("n{i:06}")
}

pub(crate) fn class(i: usize) -> String {
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
pub(crate) fn out_edges(i: usize) -> impl Iterator<Item = Edge> {
    let band = NODES / OUT_DEGREE;
    (0..OUT_DEGREE).map(move |k| {
        let h = mix((i * OUT_DEGREE + k) as u64) as usize;
        let target = k * band + h % band;
        Edge::new(id(i), RELATIONS[h % RELATIONS.len()], id(target))
    })
}

/// Node `i` as written by generation `generation` of the upserts (0: the build).
pub(crate) fn node(i: usize, generation: usize) -> Node {
    Node::new(id(i), format!("Node {i:06} v{generation}"))
        .with_type(class(i))
        .with_property("n", i)
}

/// Writes the graph into `store`, in commits of at most the commit bounds, handing every node and
/// edge to `seen` as well (for a reference model). Returns the number of edges.
pub(crate) fn build(
    store: &Kenning,
    ops: &Principal,
    mut seen_node: impl FnMut(&Node),
    mut seen_edge: impl FnMut(&Edge),
) -> usize {
    for chunk in (0..NODES).collect::<Vec<_>>().chunks(MAX_COMMIT_NODES) {
        let nodes: Vec<Node> = chunk.iter().map(|&i| node(i, 0)).collect();
        nodes.iter().for_each(&mut seen_node);
        let commit = GraphCommit {
            nodes,
            edges: vec![],
        };
        store.commit_graph(ops, SCOPE, &commit).unwrap();
    }
    let mut edges = Vec::with_capacity(MAX_COMMIT_EDGES);
    let mut total = 0;
    for i in 0..NODES {
        for e in out_edges(i) {
            seen_edge(&e);
            edges.push(e);
        }
        if edges.len() + OUT_DEGREE > MAX_COMMIT_EDGES || i + 1 == NODES {
            total += edges.len();
            let commit = GraphCommit {
                nodes: vec![],
                edges: std::mem::take(&mut edges),
            };
            store.commit_graph(ops, SCOPE, &commit).unwrap();
        }
    }
    total
}

/// The first node of degree 10: its 5 out-edges and exactly 5 in-edges.
pub(crate) fn degree_10_node() -> String {
    let mut inward = vec![0usize; NODES];
    for i in 0..NODES {
        for e in out_edges(i) {
            let t: usize = e.target[1..].parse().unwrap();
            inward[t] += 1;
        }
    }
    id(inward.iter().position(|&d| d == OUT_DEGREE).unwrap())
}

/// The ids of one 1k upsert batch: 1k neighbouring ids (`spread` 1) or 1k ids `spread` apart,
/// centred on the middle of the id space.
pub(crate) fn upsert_ids(spread: usize) -> impl Iterator<Item = usize> {
    (0..UPSERT).map(move |i| NODES / 2 + i * spread - UPSERT / 2 * spread)
}

/// The spread of the scattered upsert: 1k ids over the whole scope.
pub(crate) const SCATTERED: usize = NODES / UPSERT;

/// The same graph as plain maps: the least any store must do to answer the same questions.
#[derive(Default)]
pub(crate) struct Reference {
    pub(crate) nodes: HashMap<String, Node>,
    pub(crate) by_label: HashMap<String, BTreeSet<String>>,
    pub(crate) by_class: HashMap<String, BTreeSet<String>>,
    pub(crate) out: HashMap<String, Vec<Edge>>,
    pub(crate) inward: HashMap<String, Vec<(String, String)>>,
}

impl Reference {
    /// The reference of the graph [`build`] writes, built without a store.
    pub(crate) fn of_graph() -> Self {
        let mut reference = Self::default();
        for i in 0..NODES {
            reference.upsert(&node(i, 0));
        }
        for i in 0..NODES {
            out_edges(i).for_each(|e| reference.edge(e));
        }
        reference.sort();
        reference
    }

    pub(crate) fn upsert(&mut self, node: &Node) {
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

    pub(crate) fn edge(&mut self, edge: Edge) {
        self.inward
            .entry(edge.target.clone())
            .or_default()
            .push((edge.relation_type.clone(), edge.source.clone()));
        self.out.entry(edge.source.clone()).or_default().push(edge);
    }

    pub(crate) fn sort(&mut self) {
        for v in self.out.values_mut() {
            v.sort_by(|a, b| (&a.relation_type, &a.target).cmp(&(&b.relation_type, &b.target)));
        }
        for v in self.inward.values_mut() {
            v.sort();
        }
    }

    pub(crate) fn filter(&self, class: &str, limit: usize) -> Vec<Node> {
        self.by_class[class]
            .iter()
            .take(limit)
            .map(|id| self.nodes[id].clone())
            .collect()
    }

    /// Breadth-first, both ways, every relation type: the nodes and edges reached.
    pub(crate) fn walk(&self, start: &str, depth: usize) -> (Vec<Node>, Vec<Edge>) {
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
