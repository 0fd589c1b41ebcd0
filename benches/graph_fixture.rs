//! The graph both graph benches run on: 100k nodes and 500k edges in one scope, the same on every
//! run, and its in-memory reference. Included by `graph.rs` (criterion) and `graph_calls.rs`
//! (instruction counts under callgrind) with `#[path]`, so both measure the same graph.

#![allow(dead_code)]

use std::collections::BTreeMap;

use kenning::{Edge, GraphCommit, Kenning, Node, Principal};
use kenning_graph::{MAX_COMMIT_EDGES, MAX_COMMIT_NODES};
use rustc_hash::{FxHashMap, FxHashSet};

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

/// The 1,000 starts of the rotating 2-hop walk: spread over the id space (97 is prime to
/// [`NODES`]), so consecutive walks share almost nothing and the whole cycle reads most of the
/// graph's records.
pub(crate) fn rotating_starts() -> Vec<String> {
    (0..1000).map(|i| id(i * 97 % NODES)).collect()
}

/// The same graph in memory, as an adjacency library would hold it: nodes in a `Vec` addressed
/// by a dense `u32` index, ids mapped to indices with FxHash, every node's out- and in-edges as
/// lists of edge indices pre-sorted in the order Kenning answers in, and the label and class
/// indexes as FxHash maps. Nothing is cloned but the answer, nothing is scanned but the lists
/// followed: the least an in-memory store must do to answer the same questions. It implements
/// no limits (the benched queries never reach one) and no deletion.
#[derive(Default)]
pub(crate) struct Reference {
    ids: FxHashMap<String, u32>,
    pub(crate) nodes: Vec<Node>,
    by_label: FxHashMap<String, FxHashSet<u32>>,
    /// Per class, its nodes in id order (the order a filter answers in).
    by_class: FxHashMap<String, BTreeMap<String, u32>>,
    edges: Vec<Edge>,
    /// Per edge, its (source, target) indices.
    ends: Vec<(u32, u32)>,
    /// Per node, the indices of its edges out, by (relation type, target).
    pub(crate) out: Vec<Vec<u32>>,
    /// Per node, the indices of its edges in, by (relation type, source).
    pub(crate) inward: Vec<Vec<u32>>,
}

impl Reference {
    /// The reference of the graph [`build`] writes, built without a store.
    pub(crate) fn of_graph() -> Self {
        let mut reference = Self::default();
        for i in 0..NODES {
            reference.upsert(node(i, 0));
        }
        for i in 0..NODES {
            out_edges(i).for_each(|e| reference.edge(e));
        }
        reference.sort();
        reference
    }

    /// The index of node `id`.
    pub(crate) fn at(&self, id: &str) -> usize {
        self.ids[id] as usize
    }

    /// Create-or-replace with the assign-once class, as Kenning writes a node (G1–G3).
    pub(crate) fn upsert(&mut self, mut node: Node) {
        if let Some(&i) = self.ids.get(&node.id) {
            let old = &mut self.nodes[i as usize];
            if old.label != node.label {
                if let Some(set) = self.by_label.get_mut(&old.label) {
                    set.remove(&i);
                    if set.is_empty() {
                        self.by_label.remove(&old.label);
                    }
                }
                Self::index(&mut self.by_label, &node.label, i);
            }
            match old.node_type.take() {
                Some(kept) => node.node_type = Some(kept),
                None => {
                    if let Some(c) = &node.node_type {
                        Self::class(&mut self.by_class, c, &node.id, i);
                    }
                }
            }
            *old = node;
        } else {
            let i = u32::try_from(self.nodes.len()).unwrap();
            self.ids.insert(node.id.clone(), i);
            Self::index(&mut self.by_label, &node.label, i);
            if let Some(c) = &node.node_type {
                Self::class(&mut self.by_class, c, &node.id, i);
            }
            self.nodes.push(node);
            self.out.push(Vec::new());
            self.inward.push(Vec::new());
        }
    }

    fn index(by_label: &mut FxHashMap<String, FxHashSet<u32>>, label: &str, i: u32) {
        match by_label.get_mut(label) {
            Some(set) => {
                set.insert(i);
            }
            None => {
                by_label.insert(label.to_owned(), FxHashSet::from_iter([i]));
            }
        }
    }

    fn class(by_class: &mut FxHashMap<String, BTreeMap<String, u32>>, c: &str, id: &str, i: u32) {
        by_class
            .entry(c.to_owned())
            .or_default()
            .insert(id.to_owned(), i);
    }

    /// Adds an edge between two nodes the reference holds (the build adds each once).
    pub(crate) fn edge(&mut self, edge: Edge) {
        let (s, t) = (self.ids[&edge.source], self.ids[&edge.target]);
        let e = u32::try_from(self.edges.len()).unwrap();
        self.out[s as usize].push(e);
        self.inward[t as usize].push(e);
        self.edges.push(edge);
        self.ends.push((s, t));
    }

    /// Puts every adjacency list in the order Kenning's tables keep it.
    pub(crate) fn sort(&mut self) {
        let edges = &self.edges;
        for v in &mut self.out {
            v.sort_by(|&a, &b| {
                let (a, b) = (&edges[a as usize], &edges[b as usize]);
                (&a.relation_type, &a.target).cmp(&(&b.relation_type, &b.target))
            });
        }
        for v in &mut self.inward {
            v.sort_by(|&a, &b| {
                let (a, b) = (&edges[a as usize], &edges[b as usize]);
                (&a.relation_type, &a.source).cmp(&(&b.relation_type, &b.source))
            });
        }
    }

    /// The first `limit` nodes of class `class` in id order, as owned values (Kenning's answer).
    pub(crate) fn filter(&self, class: &str, limit: usize) -> Vec<Node> {
        self.by_class[class]
            .values()
            .take(limit)
            .map(|&i| self.nodes[i as usize].clone())
            .collect()
    }

    /// Breadth-first from `start`, both ways, every relation type: the nodes and edges reached,
    /// borrowed, in Kenning's order (each node expanded out then in, each edge once: an edge is
    /// skipped when its other end was expanded before, the rule Kenning's walk uses).
    pub(crate) fn walk_borrowed(&self, start: &str, depth: usize) -> (Vec<&Node>, Vec<&Edge>) {
        let first = self.ids[start];
        let mut order = vec![first];
        let mut position: FxHashMap<u32, usize> = FxHashMap::default();
        position.insert(first, 0);
        let mut edges = Vec::new();
        let (mut lo, mut hi) = (0, 1);
        for _ in 0..depth {
            for at in lo..hi {
                let n = order[at] as usize;
                for (outward, list) in [(true, &self.out[n]), (false, &self.inward[n])] {
                    for &e in list {
                        let (s, t) = self.ends[e as usize];
                        let other = if outward { t } else { s };
                        let next = order.len();
                        let other_at = *position.entry(other).or_insert(next);
                        if other_at == next {
                            order.push(other);
                        }
                        if other_at < at || (other_at == at && !outward) {
                            continue; // met from its other end already
                        }
                        edges.push(&self.edges[e as usize]);
                    }
                }
            }
            (lo, hi) = (hi, order.len());
        }
        let nodes = order.iter().map(|&i| &self.nodes[i as usize]).collect();
        (nodes, edges)
    }

    /// [`walk_borrowed`](Self::walk_borrowed) answered as owned values, as Kenning answers.
    pub(crate) fn walk(&self, start: &str, depth: usize) -> (Vec<Node>, Vec<Edge>) {
        let (nodes, edges) = self.walk_borrowed(start, depth);
        (
            nodes.into_iter().cloned().collect(),
            edges.into_iter().cloned().collect(),
        )
    }
}
