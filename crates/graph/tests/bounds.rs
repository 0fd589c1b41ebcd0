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

/// The vocabulary's name bound (64 characters) and its trimming rule govern declarations, which
/// are rendered into prompts; they are not storage limits (seed 000, G5, G8).
const VOCABULARY_NAME_CHARS: usize = 64;

fn classes(db: &Database, value: &str) -> Vec<Option<String>> {
    let q = GraphQuery::new().filter(FilterKey::NodeType, value);
    let read = db.begin_read().unwrap();
    kenning_graph::query(&read, "s", &q)
        .unwrap()
        .nodes
        .into_iter()
        .map(|n| n.node_type)
        .collect()
}

#[test]
fn g5_a_class_is_bounded_by_the_graphs_storage_bound_not_by_the_vocabulary() {
    use kenning_graph::MAX_CLASS_CHARS;
    let db = db();
    let long = "C".repeat(VOCABULARY_NAME_CHARS + 1);
    let at_bound = "é".repeat(MAX_CLASS_CHARS);
    for (i, class) in [
        long.as_str(),
        at_bound.as_str(),
        "Person ",
        " Person",
        "Team lead",
    ]
    .into_iter()
    .enumerate()
    {
        let node = Node::new(format!("n{i}"), "N").with_type(class);
        write(&db, "s", &GraphCommit::new().node(node)).unwrap();
        // Stored exactly as given, and a filter on that exact value finds it (G6).
        assert_eq!(classes(&db, class), [Some(class.to_owned())], "{class:?}");
    }
    assert!(
        classes(&db, "Person").is_empty(),
        "no trimming on either side"
    );

    let past =
        GraphCommit::new().node(Node::new("x", "X").with_type("é".repeat(MAX_CLASS_CHARS + 1)));
    let err = past.check().unwrap_err();
    assert!(
        matches!(&err, Error::TooLong { len, max, .. } if *len == MAX_CLASS_CHARS + 1 && *max == MAX_CLASS_CHARS),
        "{err}"
    );
    assert_eq!(err.field(), Some("nodes[0].nodeType"));
    assert!(
        err.to_string().contains(&MAX_CLASS_CHARS.to_string()),
        "{err}"
    );
    assert!(err.to_string().contains("shorten"), "{err}");
}

#[test]
fn g8_a_relation_type_is_recorded_exactly_as_given_up_to_the_storage_bound() {
    use kenning_graph::{EdgeRef, GraphDeletion, MAX_RELATION_TYPE_CHARS};
    let db = db();
    let nodes = GraphCommit::new()
        .node(Node::new("ada", "Ada"))
        .node(Node::new("acme", "Acme"));
    write(&db, "s", &nodes).unwrap();
    let long = "R".repeat(71);
    let at_bound = "ř".repeat(MAX_RELATION_TYPE_CHARS);
    for relation in ["works at ", long.as_str(), at_bound.as_str(), "\tindented"] {
        write(
            &db,
            "s",
            &GraphCommit::new().edge(Edge::new("ada", relation, "acme")),
        )
        .unwrap();
        // A traversal filtering on that exact type follows it.
        let q = GraphQuery::new()
            .filter(FilterKey::NodeId, "ada")
            .traverse(Traversal::new().relation(relation));
        let read = db.begin_read().unwrap();
        let answer = kenning_graph::query(&read, "s", &q).unwrap();
        assert_eq!(answer.edges.len(), 1, "{relation:?}");
        assert_eq!(answer.edges[0].relation_type, relation);
        // And it can be deleted by the same name.
        let txn = db.begin_write().unwrap();
        let gone = GraphDeletion::new().edge(EdgeRef::new("ada", relation, "acme"));
        gone.check().unwrap();
        let report =
            kenning_graph::delete(&txn, &mut kenning_graph::Changes::new(), "s", &gone).unwrap();
        txn.commit().unwrap();
        assert_eq!(report.edges_deleted, 1, "{relation:?}");
    }

    let past = "ř".repeat(MAX_RELATION_TYPE_CHARS + 1);
    let err = GraphCommit::new()
        .edge(Edge::new("ada", past.as_str(), "acme"))
        .check()
        .unwrap_err();
    assert!(
        matches!(&err, Error::TooLong { max, .. } if *max == MAX_RELATION_TYPE_CHARS),
        "{err}"
    );
    assert_eq!(err.field(), Some("edges[0].relationType"));
    let q = GraphQuery::new().traverse(Traversal::new().relation(past.as_str()));
    let err = q.check().unwrap_err();
    assert_eq!(err.field(), Some("graph.traverse.relationTypes[0]"));
}

#[test]
fn g6_query_documents_take_long_and_untrimmed_classes_and_relation_types() {
    use kenning_graph::{MAX_CLASS_CHARS, MAX_RELATION_TYPE_CHARS};
    let doc = |class: &str, relation: &str| {
        serde_json::json!({"graph": {
            "start": {"filters": [{"key": "NodeType", "value": class}]},
            "traverse": {"relationTypes": [relation]}}})
        .to_string()
    };
    let long = "x".repeat(VOCABULARY_NAME_CHARS + 1);
    for (class, relation) in [
        (long.as_str(), long.as_str()),
        ("Person ", "works at "),
        (
            &*"c".repeat(MAX_CLASS_CHARS),
            &*"r".repeat(MAX_RELATION_TYPE_CHARS),
        ),
    ] {
        assert!(
            GraphQuery::parse(&doc(class, relation)).is_ok(),
            "{class:?} {relation:?}"
        );
    }
    let err = GraphQuery::parse(&doc(&"c".repeat(MAX_CLASS_CHARS + 1), "r")).unwrap_err();
    assert_eq!(err.field(), Some("graph.start.filters[0].value"));
    let err = GraphQuery::parse(&doc("c", &"r".repeat(MAX_RELATION_TYPE_CHARS + 1))).unwrap_err();
    assert_eq!(err.field(), Some("graph.traverse.relationTypes[0]"));
    // Every query at the bounds fits the document bound.
    let fullest = serde_json::json!({
        "start": {"filters": vec![serde_json::json!({"key": "NodeType", "value": "€".repeat(MAX_CLASS_CHARS)}); kenning_graph::MAX_FILTERS]},
        "traverse": {"relationTypes": vec!["€".repeat(MAX_RELATION_TYPE_CHARS); kenning_graph::MAX_TRAVERSAL_RELATION_TYPES]},
    })
    .to_string();
    assert!(
        fullest.len() <= kenning_graph::MAX_QUERY_BYTES,
        "{}",
        fullest.len()
    );
    assert!(GraphQuery::parse(&fullest).is_ok());
}

#[test]
fn a_class_or_relation_type_holding_nul_cannot_be_stored_and_says_why() {
    for commit in [
        GraphCommit::new().node(Node::new("a", "A").with_type("Per\0son")),
        GraphCommit::new().edge(Edge::new("a", "WORKS\0AT", "b")),
    ] {
        let err = commit.check().unwrap_err();
        assert!(err.to_string().contains("NUL"), "{err}");
    }
}

#[test]
fn g8_a_commit_leaving_out_edges_writes_everything_it_can_store_and_names_the_rest() {
    use kenning_graph::MAX_RELATION_TYPE_CHARS;
    let db = db();
    let commit = GraphCommit::new()
        .node(Node::new("ada", "Ada"))
        .node(Node::new("acme", "Acme"))
        .edge(Edge::new(
            "ada",
            "R".repeat(MAX_RELATION_TYPE_CHARS + 1),
            "acme",
        ))
        .edge(Edge::new("ada", "works at ", "acme"))
        .edge(Edge::new("ada", "KNOWS", "nobody"))
        .edge(Edge::new("ada", "", "acme"));
    // The strict check refuses the whole commit ...
    assert!(commit.check_named("entities", "relationships").is_err());
    // ... the lenient one keeps the nodes and the edge it can store.
    let checked = commit
        .check_leaving_out_edges("entities", "relationships")
        .unwrap();
    let txn = db.begin_write().unwrap();
    let report =
        kenning_graph::write(&txn, &mut kenning_graph::Changes::new(), "s", &checked).unwrap();
    txn.commit().unwrap();
    assert_eq!((report.nodes_created, report.edges_created), (2, 1));
    let left: Vec<usize> = report.edges_left_out.iter().map(|l| l.index).collect();
    assert_eq!(left, [0, 2, 3]);
    for (left, field) in report.edges_left_out.iter().zip([
        "relationships[0].relationType",
        "relationships[2].target",
        "relationships[3].relationType",
    ]) {
        assert!(left.reason.contains(field), "{}", left.reason);
    }
    let q = GraphQuery::new()
        .filter(FilterKey::NodeId, "ada")
        .traverse(Traversal::new());
    let answer = kenning_graph::query(&db.begin_read().unwrap(), "s", &q).unwrap();
    assert_eq!(answer.edges, [Edge::new("ada", "works at ", "acme")]);
    // A node error still fails the lenient check.
    let bad_node = GraphCommit::new().node(Node::new("x", ""));
    assert!(
        bad_node
            .check_leaving_out_edges("entities", "relationships")
            .is_err()
    );
}
