//! The graph cache never changes an answer (G6, G7): two stores, one with the cache off and one
//! with the default cache, go through the same calls, every facade call that writes the graph
//! among them (direct commits and deletes, formation commits, entity and relation calls), and
//! after each call every query answers the same on both. The cached store is queried before
//! every write as well, so that each write meets cached records it must replace.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    Direction, Edge, EdgeRef, EntityObservations, ExtractedEntity, Extraction, FilterKey,
    GraphCommit, GraphDeletion, GraphQuery, Kenning, NewEntity, Node, OpenOptions, Principal,
    ScopeKind, Traversal,
};

const SCOPE: &str = "bot.cache";

/// What is asked after every call: each node's neighbourhood both ways, a relation-filtered walk,
/// and the start filters on class and label.
fn questions(ids: &[&str]) -> Vec<GraphQuery> {
    let mut out = vec![
        GraphQuery::new().filter(FilterKey::NodeType, "Person"),
        GraphQuery::new().filter(FilterKey::Label, "Ada"),
        GraphQuery::new().limit(1000).traverse(
            Traversal::new()
                .direction(Direction::Both)
                .depth(3)
                .limit(1000),
        ),
    ];
    for id in ids {
        let start = GraphQuery::new().filter(FilterKey::NodeId, *id);
        out.push(
            start
                .clone()
                .traverse(Traversal::new().direction(Direction::Both).depth(2)),
        );
        out.push(
            start.traverse(
                Traversal::new()
                    .direction(Direction::Out)
                    .relation("WORKS_AT"),
            ),
        );
    }
    out
}

struct Pair {
    plain: Kenning,
    cached: Kenning,
    ops: Principal,
    _dir: tempfile::TempDir,
}

impl Pair {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let plain = OpenOptions::new()
            .graph_cache_bytes(0)
            .open(dir.path().join("plain.redb"))
            .unwrap();
        let cached = Kenning::open(dir.path().join("cached.redb")).unwrap();
        let ops = Principal::operator("ops");
        for store in [&plain, &cached] {
            store.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        }
        Self {
            plain,
            cached,
            ops,
            _dir: dir,
        }
    }

    /// Runs `call` on both stores (the cached one warmed first), then compares every answer.
    fn step<T: PartialEq + std::fmt::Debug>(&self, what: &str, call: impl Fn(&Kenning) -> T) {
        let ids = ["ada", "acme", "bob", "paris", "Ada", "Acme"];
        for q in questions(&ids) {
            self.cached.query_graph(&self.ops, SCOPE, &q).unwrap();
        }
        assert_eq!(
            call(&self.plain),
            call(&self.cached),
            "{what}: the call itself"
        );
        for q in questions(&ids) {
            let want = self.plain.query_graph(&self.ops, SCOPE, &q).unwrap();
            let got = self.cached.query_graph(&self.ops, SCOPE, &q).unwrap();
            assert_eq!(got, want, "after {what}: {q:?}");
        }
    }
}

#[test]
fn g6_every_graph_write_through_the_facade_reaches_the_cache() {
    let pair = Pair::new();
    let ops = pair.ops.clone();
    pair.step("a direct commit", |kn| {
        let commit = GraphCommit::new()
            .node(Node::new("ada", "Ada").with_type("Person"))
            .node(Node::new("acme", "Acme").with_property("founded", 1901))
            .node(Node::new("bob", "Bob"))
            .edge(Edge::new("ada", "WORKS_AT", "acme").with_property("since", 2020))
            .edge(Edge::new("bob", "KNOWS", "ada"));
        kn.commit_graph(&ops, SCOPE, &commit).unwrap()
    });
    pair.step(
        "a rewrite: new label, new properties, a class given late",
        |kn| {
            let commit = GraphCommit::new()
                .node(Node::new("ada", "Ada Lovelace").with_property("born", 1815))
                .node(Node::new("bob", "Bob").with_type("Person"))
                .edge(Edge::new("ada", "WORKS_AT", "acme").with_property("since", 2021));
            kn.commit_graph(&ops, SCOPE, &commit).unwrap()
        },
    );
    pair.step("a formation commit", |kn| {
        let formation = kn.start_formation(&ops, SCOPE).unwrap();
        let extraction = Extraction::new()
            .entity(ExtractedEntity::new("paris", "Paris").candidate("Place"))
            .relationship(Edge::new("acme", "LOCATED_IN", "paris"))
            .relationship(Edge::new("paris", "KNOWS", "paris"));
        kn.commit_formation(&ops, &formation, &extraction).unwrap()
    });
    pair.step("entities created", |kn| {
        let new = [
            NewEntity::new("Ada")
                .with_type("Person")
                .observe("Writes notes"),
            NewEntity::new("Acme").observe("A foundry"),
        ];
        kn.create_entities(&ops, SCOPE, &new).unwrap()
    });
    pair.step("relations created", |kn| {
        let relations = [
            EdgeRef::new("Ada", "WORKS_AT", "Acme"),
            EdgeRef::new("Acme", "EMPLOYS", "ada"),
        ];
        kn.create_relations(&ops, SCOPE, &relations).unwrap()
    });
    pair.step("observations added", |kn| {
        let more = [EntityObservations::new("Ada", ["Likes tea"])];
        kn.add_observations(&ops, SCOPE, &more).unwrap().len()
    });
    pair.step("an edge deleted", |kn| {
        let deletion = GraphDeletion::new().edge(EdgeRef::new("bob", "KNOWS", "ada"));
        kn.delete_graph(&ops, SCOPE, &deletion).unwrap()
    });
    pair.step("an entity deleted, with its relations", |kn| {
        kn.delete_entities(&ops, SCOPE, &["Acme".to_owned()])
            .unwrap()
    });
    pair.step("a node deleted, with its edges both ways", |kn| {
        let deletion = GraphDeletion::new().node("acme");
        kn.delete_graph(&ops, SCOPE, &deletion).unwrap()
    });
    pair.step("a node created again after its deletion", |kn| {
        let commit = GraphCommit::new()
            .node(Node::new("acme", "Acme Two").with_type("Org"))
            .edge(Edge::new("ada", "WORKS_AT", "acme"));
        kn.commit_graph(&ops, SCOPE, &commit).unwrap()
    });
}

/// The ring of `n` nodes as commit `version` writes it: every label and every edge property
/// says the version, so a query that mixed two commits would show two versions.
fn ring(n: usize, version: u64) -> GraphCommit {
    let id = |i: usize| format!("n{}", i % n);
    let mut commit = GraphCommit::new();
    for i in 0..n {
        commit = commit
            .node(Node::new(id(i), format!("v{version}")).with_type("Thing"))
            .edge(Edge::new(id(i), "NEXT", id(i + 1)).with_property("version", version));
    }
    commit
}

#[test]
fn g6_concurrent_queries_each_see_one_committed_state_through_the_cache() {
    const NODES: usize = 24;
    const COMMITS: u64 = 150;
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    kn.commit_graph(&ops, SCOPE, &ring(NODES, 0)).unwrap();
    let walk = GraphQuery::new().filter(FilterKey::NodeId, "n0").traverse(
        Traversal::new()
            .direction(Direction::Both)
            .depth(6)
            .limit(1000),
    );
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        let readers: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    let mut seen = std::collections::BTreeSet::new();
                    while !done.load(std::sync::atomic::Ordering::Acquire) {
                        let answer = kn.query_graph(&ops, SCOPE, &walk).unwrap();
                        let label = &answer.nodes[0].label;
                        assert!(answer.nodes.iter().all(|n| &n.label == label), "{answer:?}");
                        let version: u64 = label[1..].parse().unwrap();
                        assert!(
                            answer
                                .edges
                                .iter()
                                .all(|e| e.properties["version"] == version),
                            "{answer:?}"
                        );
                        seen.insert(version);
                    }
                    seen.len()
                })
            })
            .collect();
        for version in 1..=COMMITS {
            kn.commit_graph(&ops, SCOPE, &ring(NODES, version)).unwrap();
        }
        done.store(true, std::sync::atomic::Ordering::Release);
        for reader in readers {
            assert!(reader.join().unwrap() > 1, "a reader saw only one state");
        }
    });
    let last = kn.query_graph(&ops, SCOPE, &walk).unwrap();
    assert!(last.nodes.iter().all(|n| n.label == format!("v{COMMITS}")));
}

/// A cache far smaller than the graph walked (so that it fills, then admits only a sample of
/// what it misses) still answers every query as the tables do, across commits that replace
/// records it may hold: walks from starts spread over the graph, pass after pass, on a store
/// with a 256 KiB cache and on one with the cache off.
#[test]
fn g6_a_cache_smaller_than_its_working_set_answers_as_the_tables_do() {
    const N: usize = 1500;
    let dir = tempfile::tempdir().unwrap();
    let plain = OpenOptions::new()
        .graph_cache_bytes(0)
        .open(dir.path().join("plain.redb"))
        .unwrap();
    let cached = OpenOptions::new()
        .graph_cache_bytes(256 * 1024)
        .open(dir.path().join("cached.redb"))
        .unwrap();
    let ops = Principal::operator("ops");
    let id = |i: usize| format!("n{}", i % N);
    let mut graph = GraphCommit::new();
    for i in 0..N {
        graph = graph
            .node(Node::new(id(i), format!("Node {i}")).with_property("i", i))
            .edge(Edge::new(id(i), "NEXT", id(i + 1)))
            .edge(Edge::new(id(i), "SKIP", id(i * 7 + 3)));
    }
    for store in [&plain, &cached] {
        store.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        store.commit_graph(&ops, SCOPE, &graph).unwrap();
    }
    for pass in 0..4 {
        for k in 0..N / 5 {
            let start = id((k * 5 + pass) * 97);
            let q = GraphQuery::new()
                .filter(FilterKey::NodeId, &start)
                .traverse(
                    Traversal::new()
                        .direction(Direction::Both)
                        .depth(2)
                        .limit(1000),
                );
            let want = plain.query_graph(&ops, SCOPE, &q).unwrap();
            assert_eq!(
                cached.query_graph(&ops, SCOPE, &q).unwrap(),
                want,
                "{start}"
            );
            if k % 50 == 0 {
                // Replace the start and its neighbours, which the cache may hold.
                let commit = GraphCommit::new()
                    .node(Node::new(&start, format!("pass {pass} k {k}")))
                    .edge(Edge::new(&start, "NEXT", id(k)).with_property("pass", pass));
                for store in [&plain, &cached] {
                    store.commit_graph(&ops, SCOPE, &commit).unwrap();
                }
            }
        }
    }
}
