//! State-machine test of the graph tables against a plain in-memory model: random commits (nodes
//! with and without classes, same and different classes, label changes, edges, edges to missing
//! nodes), deletions (nodes with their edges, edges, missing ones), queries and listings. After
//! every step the store answers exactly as the model, the indexes are exactly what the node and
//! edge records imply, and no node's first class changed while it existed. Every query also runs
//! through a [`GraphCache`] (off, small enough to evict, or roomy), and around every write the
//! snapshots of the last few states, each with its generation, read through the cache before and
//! after the commit and before and after the cache is told of it: each must answer as its own
//! state does, so the cache never serves a record of another state, to old snapshots or new.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use proptest::prelude::*;
use redb::{Database, ReadableDatabase, ReadableTable};
use serde_json::{Map, Value};

use crate::query::{Direction, FilterKey, GraphQuery, Traversal};
use crate::store::{BY_CLASS, BY_LABEL, EDGES_IN, EDGES_OUT, NODES, decode_node, key, parts};
use crate::{
    Changes, Edge, EdgeRef, Error, GraphAnswer, GraphCache, GraphCommit, GraphDeletion, Node,
};

const SCOPES: [&str; 2] = ["s.one", "s.two"];
const IDS: [&str; 7] = ["a", "b", "c", "d", "e", "f", "g"];
const LABELS: [&str; 3] = ["Ada", "Bob", "Cy"];
const CLASSES: [&str; 3] = ["Person", "Org", "Place"];
const RELATIONS: [&str; 3] = ["KNOWS", "WORKS_AT", "works at"];

#[derive(Debug, Clone)]
enum Op {
    Commit {
        scope: usize,
        nodes: Vec<(usize, usize, Option<usize>, u8)>,
        edges: Vec<(usize, usize, usize, u8)>,
    },
    Query {
        scope: usize,
        filters: Vec<(u8, usize)>,
        limit: u32,
        traverse: Option<(Vec<usize>, u8, u32, u32)>,
    },
    List {
        scope: usize,
        page: u32,
    },
    Delete {
        scope: usize,
        nodes: Vec<usize>,
        edges: Vec<(usize, usize, usize)>,
    },
}

fn op() -> impl Strategy<Value = Op> {
    let scope = 0..SCOPES.len();
    prop_oneof![
        4 => (
            scope.clone(),
            prop::collection::vec(
                (0..IDS.len(), 0..LABELS.len(), prop::option::of(0..CLASSES.len()), any::<u8>()),
                0..4,
            ),
            prop::collection::vec(
                (0..IDS.len(), 0..RELATIONS.len(), 0..IDS.len(), any::<u8>()),
                0..4,
            ),
        )
            .prop_map(|(scope, nodes, edges)| Op::Commit { scope, nodes, edges }),
        3 => (
            scope.clone(),
            prop::collection::vec((0u8..3, 0..IDS.len()), 0..3),
            1u32..5,
            prop::option::of((
                prop::collection::vec(0..RELATIONS.len(), 0..3),
                0u8..3,
                1u32..4,
                1u32..8,
            )),
        )
            .prop_map(|(scope, filters, limit, traverse)| Op::Query {
                scope,
                filters,
                limit,
                traverse,
            }),
        1 => (scope.clone(), 1u32..4).prop_map(|(scope, page)| Op::List { scope, page }),
        2 => (
            scope,
            prop::collection::vec(0..IDS.len(), 0..3),
            prop::collection::vec((0..IDS.len(), 0..RELATIONS.len(), 0..IDS.len()), 0..3),
        )
            .prop_map(|(scope, nodes, edges)| Op::Delete { scope, nodes, edges }),
    ]
}

type Key = (String, String);

#[derive(Default)]
struct Model {
    nodes: BTreeMap<Key, Node>,
    /// (scope, source, relation, target) → properties.
    edges: BTreeMap<(String, String, String, String), Map<String, Value>>,
    first_class: HashMap<Key, String>,
}

impl Model {
    fn has(&self, scope: &str, id: &str) -> bool {
        self.nodes.contains_key(&(scope.to_owned(), id.to_owned()))
    }

    fn apply(&mut self, scope: &str, commit: &GraphCommit) -> bool {
        let written: HashSet<&str> = commit.nodes.iter().map(|n| n.id.as_str()).collect();
        let ok = commit.edges.iter().all(|e| {
            [&e.source, &e.target]
                .iter()
                .all(|id| written.contains(id.as_str()) || self.has(scope, id))
        });
        if !ok {
            return false;
        }
        for node in &commit.nodes {
            let key = (scope.to_owned(), node.id.clone());
            let mut stored = node.clone();
            if let Some(first) = self.first_class.get(&key) {
                stored.node_type = Some(first.clone());
            } else if let Some(class) = &node.node_type {
                self.first_class.insert(key.clone(), class.clone());
            }
            self.nodes.insert(key, stored);
        }
        for e in &commit.edges {
            self.edges.insert(
                (
                    scope.to_owned(),
                    e.source.clone(),
                    e.relation_type.clone(),
                    e.target.clone(),
                ),
                e.properties.clone(),
            );
        }
        true
    }

    /// Applies a deletion: the edges named, then the nodes named with every edge touching
    /// them. Returns (nodes deleted, edges deleted, nodes missing, edges missing).
    fn delete(
        &mut self,
        scope: &str,
        deletion: &GraphDeletion,
    ) -> (usize, usize, Vec<String>, Vec<EdgeRef>) {
        let (mut nodes, mut edges) = (0, 0);
        let (mut nodes_missing, mut edges_missing) = (Vec::new(), Vec::new());
        for e in &deletion.edges {
            let key = (
                scope.to_owned(),
                e.source.clone(),
                e.relation_type.clone(),
                e.target.clone(),
            );
            if self.edges.remove(&key).is_some() {
                edges += 1;
            } else {
                edges_missing.push(e.clone());
            }
        }
        for id in &deletion.nodes {
            let key = (scope.to_owned(), id.clone());
            if self.nodes.remove(&key).is_none() {
                nodes_missing.push(id.clone());
                continue;
            }
            nodes += 1;
            // Deleted, the node's class is forgotten: a node created again starts over (G2).
            self.first_class.remove(&key);
            let before = self.edges.len();
            self.edges
                .retain(|(s, src, _, tgt), _| !(s == scope && (src == id || tgt == id)));
            edges += before - self.edges.len();
        }
        (nodes, edges, nodes_missing, edges_missing)
    }

    fn scope_nodes<'a>(&'a self, scope: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.nodes
            .iter()
            .filter(move |((s, _), _)| s == scope)
            .map(|(_, n)| n)
    }

    fn node(&self, scope: &str, id: &str) -> Node {
        self.nodes[&(scope.to_owned(), id.to_owned())].clone()
    }

    /// The adjacency of `from`, sorted by (relation, neighbour), with each edge.
    fn adjacent(&self, scope: &str, from: &str, outward: bool) -> Vec<(String, String, Edge)> {
        let mut v: Vec<_> = self
            .edges
            .iter()
            .filter(|((s, src, _, tgt), _)| {
                s == scope && if outward { src == from } else { tgt == from }
            })
            .map(|((_, src, rel, tgt), props)| {
                let other = if outward { tgt } else { src };
                let edge = Edge {
                    relation_type: rel.clone(),
                    source: src.clone(),
                    target: tgt.clone(),
                    properties: props.clone(),
                };
                (rel.clone(), other.clone(), edge)
            })
            .collect();
        v.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        v
    }

    fn query(&self, scope: &str, q: &GraphQuery) -> GraphAnswer {
        let values = |key: FilterKey| -> BTreeSet<&str> {
            q.start
                .filters
                .iter()
                .filter(|f| f.key == key)
                .map(|f| f.value.as_str())
                .collect()
        };
        let (ids, labels, classes) = (
            values(FilterKey::NodeId),
            values(FilterKey::Label),
            values(FilterKey::NodeType),
        );
        let mut start: Vec<Node> = self
            .scope_nodes(scope)
            .filter(|n| ids.is_empty() || ids.contains(n.id.as_str()))
            .filter(|n| labels.is_empty() || labels.contains(n.label.as_str()))
            .filter(|n| {
                classes.is_empty() || n.node_type.as_deref().is_some_and(|c| classes.contains(c))
            })
            .cloned()
            .collect();
        let mut answer = GraphAnswer::default();
        if start.len() > q.limit as usize {
            start.truncate(q.limit as usize);
            answer.truncated = true;
        }
        answer.nodes = start;
        let Some(t) = &q.traverse else {
            return answer;
        };
        let wanted: BTreeSet<&str> = t.relation_types.iter().map(String::as_str).collect();
        let mut seen: HashSet<String> = answer.nodes.iter().map(|n| n.id.clone()).collect();
        let mut followed = HashSet::new();
        let mut frontier: Vec<String> = answer.nodes.iter().map(|n| n.id.clone()).collect();
        let mut reached = 0;
        for _ in 0..t.depth {
            let mut next = Vec::new();
            for from in &frontier {
                let ways: &[bool] = match t.direction {
                    Direction::Out => &[true],
                    Direction::In => &[false],
                    Direction::Both => &[true, false],
                };
                for &outward in ways {
                    for (rel, other, edge) in self.adjacent(scope, from, outward) {
                        if !wanted.is_empty() && !wanted.contains(rel.as_str()) {
                            continue;
                        }
                        if !seen.contains(&other) {
                            if reached == t.limit {
                                answer.truncated = true;
                                return answer;
                            }
                            answer.nodes.push(self.node(scope, &other));
                            seen.insert(other.clone());
                            next.push(other);
                            reached += 1;
                        }
                        let key = (
                            edge.source.clone(),
                            edge.relation_type.clone(),
                            edge.target.clone(),
                        );
                        if followed.insert(key) {
                            answer.edges.push(edge);
                        }
                    }
                }
            }
            frontier = next;
        }
        answer
    }
}

fn build(op: &Op) -> (&'static str, Result<GraphCommit, GraphQuery>) {
    match op {
        Op::Commit {
            scope,
            nodes,
            edges,
        } => {
            let mut commit = GraphCommit::new();
            for &(id, label, class, p) in nodes {
                let mut node = Node::new(IDS[id], LABELS[label]).with_property("p", p);
                node.node_type = class.map(|c| CLASSES[c].to_owned());
                commit = commit.node(node);
            }
            for &(source, relation, target, p) in edges {
                commit = commit.edge(
                    Edge::new(IDS[source], RELATIONS[relation], IDS[target]).with_property("w", p),
                );
            }
            (SCOPES[*scope], Ok(commit))
        }
        Op::Query {
            scope,
            filters,
            limit,
            traverse,
        } => {
            let mut q = GraphQuery::new().limit(*limit);
            for &(key, value) in filters {
                q = match key {
                    0 => q.filter(FilterKey::NodeId, IDS[value]),
                    1 => q.filter(FilterKey::Label, LABELS[value % LABELS.len()]),
                    _ => q.filter(FilterKey::NodeType, CLASSES[value % CLASSES.len()]),
                };
            }
            if let Some((relations, direction, depth, limit)) = traverse {
                let mut t = Traversal::new()
                    .direction(match direction {
                        0 => Direction::Out,
                        1 => Direction::In,
                        _ => Direction::Both,
                    })
                    .depth(*depth)
                    .limit(*limit);
                for &r in relations {
                    t = t.relation(RELATIONS[r]);
                }
                q = q.traverse(t);
            }
            (SCOPES[*scope], Err(q))
        }
        Op::List { scope, .. } | Op::Delete { scope, .. } => {
            (SCOPES[*scope], Err(GraphQuery::new()))
        }
    }
}

fn deletion(nodes: &[usize], edges: &[(usize, usize, usize)]) -> GraphDeletion {
    let mut deletion = GraphDeletion::new();
    for &n in nodes {
        deletion = deletion.node(IDS[n]);
    }
    for &(source, relation, target) in edges {
        deletion = deletion.edge(EdgeRef::new(IDS[source], RELATIONS[relation], IDS[target]));
    }
    deletion
}

/// Every page of `scope`, read `page` nodes at a time.
fn list_all(db: &Database, scope: &str, page: u32) -> Vec<Node> {
    let txn = db.begin_read().unwrap();
    let mut out = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let p = crate::list_nodes(&txn, scope, after.as_deref(), page).unwrap();
        assert!(p.nodes.len() <= page as usize);
        out.extend(p.nodes);
        match p.next {
            Some(next) => after = Some(next),
            None => return out,
        }
    }
}

/// The indexes hold exactly what the records imply.
fn check_integrity(db: &Database) {
    let txn = db.begin_read().unwrap();
    let nodes = txn.open_table(NODES).unwrap();
    let mut labels = BTreeSet::new();
    let mut classes = BTreeSet::new();
    for entry in nodes.iter().unwrap() {
        let (k, v) = entry.unwrap();
        let [scope, id] = parts::<2>("t", k.value()).unwrap();
        let r = decode_node(v.value()).unwrap();
        labels.insert([scope, r.label, id].map(str::to_owned));
        if let Some(c) = r.class {
            classes.insert([scope, c, id].map(str::to_owned));
        }
    }
    let index = |def: redb::TableDefinition<'static, &'static [u8], ()>| {
        let t = txn.open_table(def).unwrap();
        t.iter()
            .unwrap()
            .map(|e| {
                parts::<3>("t", e.unwrap().0.value())
                    .unwrap()
                    .map(str::to_owned)
            })
            .collect::<BTreeSet<[String; 3]>>()
    };
    assert_eq!(index(BY_LABEL), labels, "graph.nodes_by_label");
    assert_eq!(index(BY_CLASS), classes, "graph.nodes_by_class");
    let adjacency = |def: redb::TableDefinition<'static, &'static [u8], &'static [u8]>, out| {
        let t = txn.open_table(def).unwrap();
        t.iter()
            .unwrap()
            .map(|e| {
                let (k, v) = e.unwrap();
                let [s, a, rel, b] = parts::<4>("t", k.value()).unwrap();
                let (src, tgt) = if out { (a, b) } else { (b, a) };
                ([s, src, rel, tgt].map(str::to_owned), v.value().to_vec())
            })
            .collect::<BTreeMap<[String; 4], Vec<u8>>>()
    };
    let out = adjacency(EDGES_OUT, true);
    assert_eq!(
        adjacency(EDGES_IN, false),
        out,
        "graph.edges_in mirrors graph.edges_out, records included"
    );
    for [s, src, _, tgt] in out.keys() {
        assert!(nodes.get(key(&[s, src]).as_slice()).unwrap().is_some());
        assert!(nodes.get(key(&[s, tgt]).as_slice()).unwrap().is_some());
    }
}

/// Every node of `scope` and everything two steps away from it, both ways: the query that reads
/// every node record and adjacency list the cache can hold.
fn everything() -> GraphQuery {
    GraphQuery::new().limit(1000).traverse(
        Traversal::new()
            .direction(Direction::Both)
            .depth(2)
            .limit(1000),
    )
}

/// The cache's owner, as the facade is one: it numbers committed states and keeps a few old
/// snapshots open, each with the answers its state gives.
struct Owner {
    generation: u64,
    /// Snapshots of the last few states, oldest first: (transaction, generation, answers).
    held: std::collections::VecDeque<(redb::ReadTransaction, u64, Vec<GraphAnswer>)>,
}

impl Owner {
    fn new(db: &Database, cache: &GraphCache) -> Self {
        cache.restart(0);
        let mut owner = Self {
            generation: 0,
            held: std::collections::VecDeque::new(),
        };
        owner.hold(db.begin_read().unwrap());
        owner
    }

    fn hold(&mut self, txn: redb::ReadTransaction) {
        let answers = SCOPES
            .iter()
            .map(|s| crate::query(&txn, s, &everything()).unwrap())
            .collect();
        self.held.push_back((txn, self.generation, answers));
        if self.held.len() > 3 {
            self.held.pop_front();
        }
    }

    /// Every held snapshot, through the cache, answers as its own state does.
    fn check(&self, cache: &GraphCache, label: &str) {
        for (txn, generation, answers) in &self.held {
            for (i, scope) in SCOPES.iter().enumerate() {
                let got = cache.query(txn, *generation, scope, &everything()).unwrap();
                assert_eq!(
                    got, answers[i],
                    "snapshot of generation {generation} (now {}), {label}",
                    self.generation
                );
            }
        }
    }

    /// Commits `txn` and checks the cache around it: the snapshots of older states read their
    /// own through the cache, before and after the cache is told; the new one reads the new
    /// state, before the cache is told and after. The cache is told unless `untold` (a commit
    /// the owner lost track of, which must cost the cache its entries but never its
    /// correctness).
    fn commit_and_check(
        &mut self,
        db: &Database,
        cache: &GraphCache,
        txn: redb::WriteTransaction,
        changes: Changes,
        untold: bool,
    ) {
        self.check(cache, "before the commit");
        txn.commit().unwrap();
        self.generation += 1;
        self.hold(db.begin_read().unwrap());
        self.check(cache, "cache not told yet");
        if !untold {
            cache.committed(changes, self.generation);
        }
        self.check(cache, "cache told");
    }
}

fn run(ops: Vec<Op>, budget: usize) {
    let db = crate::test_db();
    let mut model = Model::default();
    let cache = GraphCache::new(budget);
    let mut owner = Owner::new(&db, &cache);

    for (step, op) in ops.iter().enumerate() {
        // Every seventh write is made without telling the cache.
        let untold = step % 7 == 6;
        match (op, build(op)) {
            (Op::Commit { .. }, (scope, Ok(commit))) => {
                let txn = db.begin_write().unwrap();
                let mut changes = Changes::new();
                let result = crate::write(&txn, &mut changes, scope, &commit.check().unwrap());
                // Commit even after an error: a rejected write must have written nothing.
                if result.is_err() {
                    assert!(changes.is_empty(), "a rejected write recorded changes");
                }
                owner.commit_and_check(&db, &cache, txn, changes, untold);
                let accepted = model.apply(scope, &commit);
                match result {
                    Ok(report) => {
                        assert!(accepted, "the store accepted an edge to a missing node");
                        assert_eq!(
                            report.nodes_created + report.nodes_replaced,
                            commit.nodes.len()
                        );
                        assert_eq!(
                            report.edges_created + report.edges_replaced,
                            commit.edges.len()
                        );
                    }
                    Err(Error::MissingEndpoint { .. }) => assert!(!accepted),
                    Err(e) => panic!("unexpected error {e}"),
                }
            }
            (Op::Query { .. }, (scope, Err(q))) => {
                let txn = db.begin_read().unwrap();
                let got = crate::query(&txn, scope, &q).unwrap();
                assert_eq!(got, model.query(scope, &q), "{q:?}");
                let cached = cache.query(&txn, owner.generation, scope, &q).unwrap();
                assert_eq!(cached, got, "through the cache: {q:?}");
            }
            (Op::List { page, .. }, (scope, _)) => {
                let want: Vec<Node> = model.scope_nodes(scope).cloned().collect();
                assert_eq!(list_all(&db, scope, *page), want);
            }
            (Op::Delete { nodes, edges, .. }, (scope, _)) => {
                let deletion = deletion(nodes, edges);
                let txn = db.begin_write().unwrap();
                let mut changes = Changes::new();
                let report = crate::delete(&txn, &mut changes, scope, &deletion).unwrap();
                owner.commit_and_check(&db, &cache, txn, changes, untold);
                let (n, e, nodes_missing, edges_missing) = model.delete(scope, &deletion);
                assert_eq!(
                    (report.nodes_deleted, report.edges_deleted),
                    (n, e),
                    "{deletion:?}"
                );
                assert_eq!(report.nodes_missing, nodes_missing);
                assert_eq!(report.edges_missing, edges_missing);
            }
            _ => unreachable!(),
        }
        check_integrity(&db);
        for scope in SCOPES {
            let listed = list_all(&db, scope, 1000);
            let want: Vec<Node> = model.scope_nodes(scope).cloned().collect();
            assert_eq!(listed, want);
            for node in listed {
                let key = (scope.to_owned(), node.id.clone());
                assert_eq!(
                    node.node_type.as_ref(),
                    model.first_class.get(&key),
                    "G2: the first class of {key:?} changed"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn g1_g2_g3_g6_store_agrees_with_the_model_through_writes_and_deletes(
        ops in prop::collection::vec(op(), 1..40),
        budget in prop_oneof![Just(0), Just(2048), Just(1 << 20)],
    ) {
        run(ops, budget);
    }
}

#[test]
fn model_covers_a_known_sequence() {
    // A fixed sequence touching every rule, so a regression shows without shrinking.
    run(
        vec![
            Op::Commit {
                scope: 0,
                nodes: vec![(0, 0, None, 1), (1, 1, Some(0), 2)],
                edges: vec![(0, 0, 1, 3), (1, 2, 0, 4)],
            },
            Op::Commit {
                scope: 0,
                nodes: vec![(0, 2, Some(1), 5), (1, 0, Some(2), 6)],
                edges: vec![(0, 0, 6, 0)],
            },
            Op::Query {
                scope: 0,
                filters: vec![(2, 1)],
                limit: 3,
                traverse: Some((vec![], 2, 2, 5)),
            },
            Op::List { scope: 0, page: 1 },
            // Delete a node with edges both ways and a loop, a missing edge, then re-create the
            // node with another class: it takes the new one.
            Op::Commit {
                scope: 0,
                nodes: vec![(2, 0, None, 7)],
                edges: vec![(1, 0, 1, 8), (2, 1, 1, 9)],
            },
            Op::Delete {
                scope: 0,
                nodes: vec![1, 6],
                edges: vec![(0, 0, 1), (0, 0, 1)],
            },
            Op::Commit {
                scope: 0,
                nodes: vec![(1, 1, Some(1), 10)],
                edges: vec![],
            },
            Op::Query {
                scope: 0,
                filters: vec![(0, 1)],
                limit: 3,
                traverse: Some((vec![], 2, 1, 5)),
            },
        ],
        1 << 20,
    );
}
