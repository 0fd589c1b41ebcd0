//! The answer bounds of a walk, at the limit and one past, and the scope key rule, on an
//! in-memory redb.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning_graph::{
    Edge, Error, FilterKey, GraphCommit, GraphQuery, MAX_ANSWER_EDGES, MAX_LIMIT, Node, Traversal,
};
use redb::{Database, ReadableDatabase, backends::InMemoryBackend};

fn db() -> Database {
    let db = Database::builder()
        .create_with_backend(InMemoryBackend::new())
        .unwrap();
    let txn = db.begin_write().unwrap();
    kenning_graph::create_tables(&txn).unwrap();
    txn.commit().unwrap();
    db
}

fn write(db: &Database, scope: &str, commit: &GraphCommit) -> Result<(), Error> {
    let txn = db.begin_write().unwrap();
    let result = kenning_graph::write(
        &txn,
        &mut kenning_graph::Changes::new(),
        scope,
        &commit.check()?,
    )
    .map(drop);
    txn.commit().unwrap();
    result
}

/// A hub with `relations` edges to each of `MAX_LIMIT` spokes.
fn hub(relations: usize) -> Database {
    let db = db();
    let spokes = MAX_LIMIT as usize;
    let mut nodes = GraphCommit::new().node(Node::new("hub", "Hub"));
    for i in 0..spokes {
        nodes = nodes.node(Node::new(format!("s{i:04}"), "Spoke"));
    }
    write(&db, "s", &nodes).unwrap();
    for r in 0..relations {
        let mut edges = GraphCommit::new();
        for i in 0..spokes {
            edges = edges.edge(Edge::new("hub", format!("R{r:02}"), format!("s{i:04}")));
        }
        write(&db, "s", &edges).unwrap();
    }
    db
}

fn walk_from_hub(db: &Database) -> kenning_graph::GraphAnswer {
    let q = GraphQuery::new()
        .filter(FilterKey::NodeId, "hub")
        .traverse(Traversal::new().limit(MAX_LIMIT));
    kenning_graph::query(&db.begin_read().unwrap(), "s", &q).unwrap()
}

#[test]
fn g6_answer_edges_at_the_bound_and_one_past() {
    let per_relation = MAX_LIMIT as usize;
    assert_eq!(MAX_ANSWER_EDGES % per_relation, 0);

    let at_bound = walk_from_hub(&hub(MAX_ANSWER_EDGES / per_relation));
    assert_eq!(at_bound.nodes.len(), 1 + per_relation);
    assert_eq!(at_bound.edges.len(), MAX_ANSWER_EDGES);
    assert!(!at_bound.truncated);

    let past = walk_from_hub(&hub(MAX_ANSWER_EDGES / per_relation + 1));
    assert_eq!(past.edges.len(), MAX_ANSWER_EDGES);
    assert!(past.truncated);
}

#[test]
fn g6_traversal_limit_at_the_bound_and_one_past() {
    let db = hub(1);
    let answer = walk_from_hub(&db);
    assert_eq!(answer.nodes.len(), 1 + MAX_LIMIT as usize);
    assert!(!answer.truncated);
    write(
        &db,
        "s",
        &GraphCommit::new()
            .node(Node::new("extra", "Extra"))
            .edge(Edge::new("hub", "R00", "extra")),
    )
    .unwrap();
    let answer = walk_from_hub(&db);
    assert_eq!(answer.nodes.len(), 1 + MAX_LIMIT as usize);
    assert!(answer.truncated);
}

#[test]
fn a_scope_that_could_run_into_the_next_key_part_is_refused() {
    let db = db();
    let commit = GraphCommit::new().node(Node::new("a", "A"));
    for bad in ["", "a\0b", "a\nb"] {
        assert!(write(&db, bad, &commit).is_err(), "{bad:?}");
        let read = db.begin_read().unwrap();
        assert!(kenning_graph::query(&read, bad, &GraphQuery::new()).is_err());
        assert!(kenning_graph::list_nodes(&read, bad, None, 10).is_err());
    }
    // "a" and "a.b" are distinct scopes, however their keys interleave.
    write(&db, "a", &commit).unwrap();
    write(&db, "a.b", &GraphCommit::new().node(Node::new("a", "AB"))).unwrap();
    let read = db.begin_read().unwrap();
    let page = kenning_graph::list_nodes(&read, "a", None, 10).unwrap();
    assert_eq!(page.nodes, [Node::new("a", "A")]);
}
