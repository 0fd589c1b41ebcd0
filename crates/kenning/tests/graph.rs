//! Graph memory through the facade, one test per rule of SPEC §4 (G1–G9), V11, A6, and the bad
//! input of issue 3: every rejected write leaves the store as it was.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    Direction, Edge, ErrorCode, FilterKey, GraphAnswer, GraphCommit, GraphQuery, Kenning, Level,
    Node, Permission, Principal, RelationType, ScopeKind, Selector, Traversal, Vocabulary,
};
use serde_json::json;

const SCOPE: &str = "bot.support";

struct Store {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
    kn: Kenning,
    ops: Principal,
}

fn store() -> Store {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kenning.redb");
    let kn = Kenning::open(&path).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    kn.register_scope(&ops, "bot.sales", ScopeKind::Agent)
        .unwrap();
    Store {
        _dir: dir,
        path,
        kn,
        ops,
    }
}

impl Store {
    fn commit(&self, commit: GraphCommit) -> kenning::CommitReport {
        self.kn.commit_graph(&self.ops, SCOPE, &commit).unwrap()
    }

    fn query(&self, query: &GraphQuery) -> GraphAnswer {
        self.kn.query_graph(&self.ops, SCOPE, query).unwrap()
    }

    fn node(&self, id: &str) -> Option<Node> {
        let q = GraphQuery::new().filter(FilterKey::NodeId, id);
        self.query(&q).nodes.pop()
    }

    /// Every node of the scope, through the listing.
    fn all(&self) -> Vec<Node> {
        let mut out = Vec::new();
        let mut after = None::<String>;
        loop {
            let page = self
                .kn
                .inspect_graph(&self.ops, SCOPE, after.as_deref(), 1000)
                .unwrap();
            out.extend(page.nodes);
            match page.next {
                Some(next) => after = Some(next),
                None => return out,
            }
        }
    }

    /// Every edge of the scope, by walking out of every node.
    fn edges(&self) -> Vec<Edge> {
        let q = GraphQuery::new()
            .limit(1000)
            .traverse(Traversal::new().limit(1000));
        self.query(&q).edges
    }
}

fn ids(nodes: &[Node]) -> Vec<&str> {
    nodes.iter().map(|n| n.id.as_str()).collect()
}

fn people() -> Vocabulary {
    Vocabulary::empty()
        .with_class("Person", "an individual human being, including colleagues")
        .with_class("Organization", "a company, employer, school or agency")
        .with_relation(
            RelationType::new("WORKS_AT", "employment of a person by an organization")
                .with_signature("Person", "Organization"),
        )
}

// ---- G1: create-or-replace ----------------------------------------------------------------

#[test]
fn g1_a_node_write_creates_then_replaces_label_and_properties() {
    let s = store();
    let r = s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_property("born", 1815)));
    assert_eq!((r.nodes_created, r.nodes_replaced), (1, 0));
    let r = s.commit(GraphCommit::new().node(Node::new("ada", "Ada Lovelace")));
    assert_eq!((r.nodes_created, r.nodes_replaced), (0, 1));
    let ada = s.node("ada").unwrap();
    assert_eq!(ada.label, "Ada Lovelace");
    assert!(ada.properties.is_empty(), "properties are replaced whole");
    // The label index follows the replace: the old label finds nothing.
    let old = GraphQuery::new().filter(FilterKey::Label, "Ada");
    assert!(s.query(&old).nodes.is_empty());
    let new = GraphQuery::new().filter(FilterKey::Label, "Ada Lovelace");
    assert_eq!(ids(&s.query(&new).nodes), ["ada"]);
}

#[test]
fn g1_an_edge_is_its_source_type_and_target_and_a_rewrite_replaces_its_properties() {
    let s = store();
    let r = s.commit(
        GraphCommit::new()
            .node(Node::new("ada", "Ada"))
            .node(Node::new("acme", "Acme"))
            .edge(Edge::new("ada", "WORKS_AT", "acme").with_property("since", 1840))
            .edge(Edge::new("ada", "FOUNDED", "acme")),
    );
    assert_eq!((r.edges_created, r.edges_replaced), (2, 0));
    let r = s.commit(
        GraphCommit::new().edge(Edge::new("ada", "WORKS_AT", "acme").with_property("since", 1842)),
    );
    assert_eq!((r.edges_created, r.edges_replaced), (0, 1));
    let edges = s.edges();
    assert_eq!(edges.len(), 2);
    let works = edges
        .iter()
        .find(|e| e.relation_type == "WORKS_AT")
        .unwrap();
    assert_eq!(works.properties["since"], 1842);
}

// ---- G2, G3: the assign-once class ----------------------------------------------------------

#[test]
fn g2_a_later_different_class_keeps_the_first() {
    let s = store();
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")));
    let report =
        s.kn.commit_graph(
            &s.ops,
            SCOPE,
            &GraphCommit::new().node(
                Node::new("ada", "Ada Lovelace")
                    .with_type("Robot")
                    .with_property("x", 1),
            ),
        )
        .expect("a different class is not an error");
    assert_eq!(report.classes_kept.len(), 1);
    assert_eq!(report.classes_kept[0].stored, "Person");
    assert_eq!(report.classes_kept[0].given, "Robot");
    assert_eq!(report.classes_assigned, 0);
    let ada = s.node("ada").unwrap();
    assert_eq!(ada.node_type.as_deref(), Some("Person"));
    assert_eq!(ada.label, "Ada Lovelace", "the other fields are replaced");
    assert_eq!(ada.properties["x"], 1);
    let robots = GraphQuery::new().filter(FilterKey::NodeType, "Robot");
    assert!(s.query(&robots).nodes.is_empty());
}

#[test]
fn g2_the_same_class_again_is_not_reported_as_kept() {
    let s = store();
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")));
    let r = s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")));
    assert!(r.classes_kept.is_empty());
    assert_eq!(r.classes_assigned, 0);
}

#[test]
fn g2_a_write_without_a_class_keeps_the_stored_class() {
    let s = store();
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")));
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada")));
    assert_eq!(s.node("ada").unwrap().node_type.as_deref(), Some("Person"));
}

#[test]
fn g2_within_one_commit_the_first_class_given_sticks() {
    let s = store();
    let r = s.commit(
        GraphCommit::new()
            .node(Node::new("ada", "Ada").with_type("Person"))
            .node(Node::new("ada", "Ada").with_type("Robot")),
    );
    assert_eq!(r.classes_kept.len(), 1);
    assert_eq!(s.node("ada").unwrap().node_type.as_deref(), Some("Person"));
}

#[test]
fn g3_an_unclassified_node_takes_the_class_of_a_later_write() {
    let s = store();
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada")));
    let people = GraphQuery::new().filter(FilterKey::NodeType, "Person");
    assert!(s.query(&people).nodes.is_empty());
    let r = s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")));
    assert_eq!(r.classes_assigned, 1);
    assert_eq!(ids(&s.query(&people).nodes), ["ada"]);
    // ... and that class is now fixed.
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Organization")));
    assert_eq!(s.node("ada").unwrap().node_type.as_deref(), Some("Person"));
}

// ---- G4, G7: no placeholder, classes carried -------------------------------------------------

#[test]
fn g4_an_empty_class_is_rejected_and_a_null_one_is_no_class() {
    let s = store();
    let empty = GraphCommit::new().node(Node::new("ada", "Ada").with_type(""));
    let err = s.kn.commit_graph(&s.ops, SCOPE, &empty).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("nodes[0].nodeType"), "{err}");
    assert!(s.all().is_empty());

    let body = json!({"nodes": [{"id": "ada", "label": "Ada", "nodeType": null}]});
    let commit: GraphCommit = serde_json::from_value(body).unwrap();
    s.commit(commit);
    let ada = s.node("ada").unwrap();
    assert_eq!(ada.node_type, None);
    // Still classifiable: no placeholder consumed the one assignment.
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")));
    assert_eq!(s.node("ada").unwrap().node_type.as_deref(), Some("Person"));
}

#[test]
fn g7_traversal_and_listing_carry_the_class_and_omit_a_missing_one() {
    let s = store();
    s.commit(
        GraphCommit::new()
            .node(Node::new("ada", "Ada").with_type("Person"))
            .node(Node::new("acme", "Acme"))
            .edge(Edge::new("ada", "WORKS_AT", "acme")),
    );
    let q = GraphQuery::parse(
        r#"{"graph": {"start": {"filters": [{"key": "NodeId", "value": "ada"}]},
                      "traverse": {"depth": 1}}}"#,
    )
    .unwrap();
    let answer = serde_json::to_value(s.query(&q)).unwrap();
    assert_eq!(
        answer,
        json!({
            "nodes": [
                {"id": "ada", "label": "Ada", "nodeType": "Person", "properties": {}},
                {"id": "acme", "label": "Acme", "properties": {}}
            ],
            "edges": [
                {"relationType": "WORKS_AT", "source": "ada", "target": "acme", "properties": {}}
            ],
            "truncated": false
        })
    );
    let page = s.kn.inspect_graph(&s.ops, SCOPE, None, 10).unwrap();
    let listing = serde_json::to_value(&page).unwrap();
    assert_eq!(
        listing,
        json!({"nodes": [
            {"id": "acme", "label": "Acme", "properties": {}},
            {"id": "ada", "label": "Ada", "nodeType": "Person", "properties": {}}
        ]})
    );
}

// ---- G5, G6, G8, V11: the vocabulary gates nothing -------------------------------------------

#[test]
fn g5_a_direct_commit_is_not_validated_against_the_vocabulary() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Scope(SCOPE), &people())
        .unwrap();
    s.commit(GraphCommit::new().node(Node::new("r2", "R2-D2").with_type("Droid")));
    assert_eq!(s.node("r2").unwrap().node_type.as_deref(), Some("Droid"));
    // Classification off for the scope changes nothing either.
    s.kn.declare_vocabulary(&s.ops, Level::Scope(SCOPE), &Vocabulary::empty())
        .unwrap();
    s.commit(GraphCommit::new().node(Node::new("c3", "C-3PO").with_type("Droid")));
    assert_eq!(s.node("c3").unwrap().node_type.as_deref(), Some("Droid"));
}

#[test]
fn g5_g6_a_direct_commit_and_a_query_take_classes_no_vocabulary_name_could_be() {
    let s = store();
    // Longer than a vocabulary name may be (64), untrimmed, with spaces: a caller writing to the
    // graph may use any class, and a filter finds it by the same text.
    let long = "C".repeat(65);
    for (id, class) in [("a", long.as_str()), ("b", "Person "), ("c", "team lead")] {
        s.commit(GraphCommit::new().node(Node::new(id, id).with_type(class)));
        assert_eq!(s.node(id).unwrap().node_type.as_deref(), Some(class));
        let q = GraphQuery::new().filter(FilterKey::NodeType, class);
        let found = s.kn.query_graph(&s.ops, SCOPE, &q).unwrap().nodes;
        assert_eq!(ids(&found), [id], "{class:?}");
    }
    let relation = "R".repeat(71);
    s.commit(GraphCommit::new().edge(Edge::new("a", relation.as_str(), "b")));
    let q = from("a", Traversal::new().relation(relation.as_str()));
    let answer = s.kn.query_graph(&s.ops, SCOPE, &q).unwrap();
    assert_eq!(answer.edges.len(), 1);
}

#[test]
fn g6_the_seed_query_finds_every_person_up_to_the_limit() {
    let s = store();
    let mut commit = GraphCommit::new();
    for i in 0..60 {
        commit = commit.node(Node::new(format!("p{i:02}"), format!("P {i}")).with_type("Person"));
    }
    commit = commit.node(Node::new("acme", "Acme").with_type("Organization"));
    commit = commit.node(Node::new("x", "Unclassified"));
    s.commit(commit);
    let q = GraphQuery::parse(
        r#"{"graph": {"start": {"filters": [{"key": "NodeType", "value": "Person"}]}, "limit": 50}}"#,
    )
    .unwrap();
    let answer = s.query(&q);
    assert_eq!(answer.nodes.len(), 50);
    assert!(answer.truncated);
    assert!(
        answer
            .nodes
            .iter()
            .all(|n| n.node_type.as_deref() == Some("Person"))
    );
    let first: Vec<String> = (0..50).map(|i| format!("p{i:02}")).collect();
    assert_eq!(ids(&answer.nodes), first, "in id order");
    let all = s.query(&q.clone().limit(100));
    assert_eq!(all.nodes.len(), 60);
    assert!(!all.truncated);
}

#[test]
fn g6_a_class_the_vocabulary_no_longer_declares_stays_queryable() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Scope(SCOPE), &people())
        .unwrap();
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")));
    let narrower = Vocabulary::empty().with_class("Customer", "");
    s.kn.declare_vocabulary(&s.ops, Level::Scope(SCOPE), &narrower)
        .unwrap();
    let q = GraphQuery::new().filter(FilterKey::NodeType, "Person");
    assert_eq!(ids(&s.query(&q).nodes), ["ada"]);
    // A class no vocabulary ever declared is a valid filter too: it finds nothing.
    let q = GraphQuery::new().filter(FilterKey::NodeType, "Starship");
    assert!(s.query(&q).nodes.is_empty());
}

#[test]
fn g6_filters_of_one_key_are_alternatives_and_of_different_keys_all_apply() {
    let s = store();
    s.commit(
        GraphCommit::new()
            .node(Node::new("ada", "Ada").with_type("Person"))
            .node(Node::new("bob", "Bob").with_type("Person"))
            .node(Node::new("acme", "Acme").with_type("Organization"))
            .node(Node::new("ada2", "Ada").with_type("Organization")),
    );
    let q = GraphQuery::new()
        .filter(FilterKey::NodeType, "Person")
        .filter(FilterKey::NodeType, "Organization");
    assert_eq!(ids(&s.query(&q).nodes), ["acme", "ada", "ada2", "bob"]);
    let q = GraphQuery::new()
        .filter(FilterKey::Label, "Ada")
        .filter(FilterKey::NodeType, "Person");
    assert_eq!(ids(&s.query(&q).nodes), ["ada"]);
    let q = GraphQuery::new()
        .filter(FilterKey::NodeId, "bob")
        .filter(FilterKey::NodeId, "acme")
        .filter(FilterKey::NodeId, "nobody");
    assert_eq!(ids(&s.query(&q).nodes), ["acme", "bob"]);
    let q = GraphQuery::new()
        .filter(FilterKey::NodeId, "bob")
        .filter(FilterKey::Label, "Ada");
    assert!(s.query(&q).nodes.is_empty());
    // No filter: every node, in id order.
    assert_eq!(
        ids(&s.query(&GraphQuery::new()).nodes),
        ["acme", "ada", "ada2", "bob"]
    );
}

/// ada -KNOWS-> bob -KNOWS-> cy -KNOWS-> dan, ada -WORKS_AT-> acme <-WORKS_AT- bob
fn chain(s: &Store) {
    s.commit(
        GraphCommit::new()
            .node(Node::new("ada", "Ada").with_type("Person"))
            .node(Node::new("bob", "Bob").with_type("Person"))
            .node(Node::new("cy", "Cy"))
            .node(Node::new("dan", "Dan"))
            .node(Node::new("acme", "Acme").with_type("Organization"))
            .edge(Edge::new("ada", "KNOWS", "bob"))
            .edge(Edge::new("bob", "KNOWS", "cy"))
            .edge(Edge::new("cy", "KNOWS", "dan"))
            .edge(Edge::new("ada", "WORKS_AT", "acme"))
            .edge(Edge::new("bob", "WORKS_AT", "acme")),
    );
}

fn from(id: &str, t: Traversal) -> GraphQuery {
    GraphQuery::new().filter(FilterKey::NodeId, id).traverse(t)
}

#[test]
fn g6_traversal_follows_relation_type_direction_and_depth() {
    let s = store();
    chain(&s);
    let knows = |depth| Traversal::new().relation("KNOWS").depth(depth);
    assert_eq!(ids(&s.query(&from("ada", knows(1))).nodes), ["ada", "bob"]);
    assert_eq!(
        ids(&s.query(&from("ada", knows(2))).nodes),
        ["ada", "bob", "cy"]
    );
    assert_eq!(
        ids(&s.query(&from("ada", knows(6))).nodes),
        ["ada", "bob", "cy", "dan"]
    );
    // Every type, out: relation types in key order (KNOWS before WORKS_AT).
    let any = s.query(&from("ada", Traversal::new()));
    assert_eq!(ids(&any.nodes), ["ada", "bob", "acme"]);
    assert_eq!(any.edges.len(), 2);
    // In: who points at acme.
    let inward = Traversal::new().direction(Direction::In);
    assert_eq!(
        ids(&s.query(&from("acme", inward)).nodes),
        ["acme", "ada", "bob"]
    );
    let out_of_acme = s.query(&from("acme", Traversal::new()));
    assert_eq!(ids(&out_of_acme.nodes), ["acme"]);
    // Both: from cy, one hop reaches bob (in) and dan (out).
    let both = s.query(&from("cy", Traversal::new().direction(Direction::Both)));
    assert_eq!(ids(&both.nodes), ["cy", "dan", "bob"]);
    // Two hops both ways from acme: ada and bob, then the KNOWS edge between them (once) and cy.
    let both2 = s.query(&from(
        "acme",
        Traversal::new().direction(Direction::Both).depth(2),
    ));
    assert_eq!(ids(&both2.nodes), ["acme", "ada", "bob", "cy"]);
    let knows_ada_bob = both2
        .edges
        .iter()
        .filter(|e| e.relation_type == "KNOWS" && e.source == "ada")
        .count();
    assert_eq!(
        knows_ada_bob, 1,
        "an edge met from both ends is returned once"
    );
    // A type nobody uses follows nothing.
    let none = s.query(&from("ada", Traversal::new().relation("MENTORS")));
    assert_eq!(ids(&none.nodes), ["ada"]);
    assert!(none.edges.is_empty());
}

#[test]
fn g6_traversal_limit_cuts_the_walk_and_says_so() {
    let s = store();
    chain(&s);
    let answer = s.query(&from("ada", Traversal::new().depth(3).limit(2)));
    assert_eq!(ids(&answer.nodes), ["ada", "bob", "acme"]);
    assert!(answer.truncated);
    let answer = s.query(&from("ada", Traversal::new().depth(3).limit(4)));
    assert_eq!(answer.nodes.len(), 5);
    assert!(!answer.truncated);
}

#[test]
fn g8_any_relation_type_is_recorded_and_signatures_are_not_enforced() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Scope(SCOPE), &people())
        .unwrap();
    s.commit(
        GraphCommit::new()
            .node(Node::new("acme", "Acme").with_type("Organization"))
            .node(Node::new("ada", "Ada").with_type("Person"))
            // Against the signature Person -> Organization, and an undeclared type.
            .edge(Edge::new("acme", "WORKS_AT", "ada"))
            .edge(Edge::new("ada", "admires deeply", "acme")),
    );
    let types: Vec<String> = s.edges().into_iter().map(|e| e.relation_type).collect();
    assert!(types.contains(&"WORKS_AT".to_owned()));
    assert!(types.contains(&"admires deeply".to_owned()));
    let q = from("ada", Traversal::new().relation("admires deeply"));
    assert_eq!(ids(&s.query(&q).nodes), ["ada", "acme"]);
}

#[test]
fn g9_the_inspect_listing_pages_through_every_node_with_label_and_class() {
    let s = store();
    let mut commit = GraphCommit::new();
    for i in 0..25 {
        let node = Node::new(format!("n{i:02}"), format!("Node {i}"));
        commit = commit.node(if i % 2 == 0 {
            node.with_type("Even")
        } else {
            node
        });
    }
    s.commit(commit);
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    let mut pages = 0;
    loop {
        let page =
            s.kn.inspect_graph(&s.ops, SCOPE, after.as_deref(), 10)
                .unwrap();
        pages += 1;
        assert!(page.nodes.len() <= 10);
        seen.extend(page.nodes);
        match page.next {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    let expected: Vec<String> = (0..25).map(|i| format!("n{i:02}")).collect();
    assert_eq!(ids(&seen), expected);
    for (i, node) in seen.iter().enumerate() {
        assert_eq!(node.label, format!("Node {i}"));
        assert_eq!(node.node_type.is_some(), i % 2 == 0);
    }
    // A page that ends exactly at the last node has no next.
    let exact = s.kn.inspect_graph(&s.ops, SCOPE, None, 25).unwrap();
    assert_eq!(exact.next, None);
    // Page size bounds: 1 and 1000 are fine, 0 and 1001 are not.
    assert!(s.kn.inspect_graph(&s.ops, SCOPE, None, 1).is_ok());
    assert!(s.kn.inspect_graph(&s.ops, SCOPE, None, 1000).is_ok());
    for bad in [0, 1001] {
        let err = s.kn.inspect_graph(&s.ops, SCOPE, None, bad).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument);
    }
}

#[test]
fn v11_declaring_editing_or_removing_a_vocabulary_changes_no_stored_node() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Enterprise, &people())
        .unwrap();
    chain(&s);
    s.commit(GraphCommit::new().node(Node::new("r2", "R2").with_type("Droid")));
    let (nodes, edges) = (s.all(), s.edges());
    for change in 0..5 {
        match change {
            0 => {
                s.kn.declare_vocabulary(&s.ops, Level::Scope(SCOPE), &Vocabulary::empty())
                    .unwrap()
            }
            1 => {
                s.kn.declare_vocabulary(
                    &s.ops,
                    Level::Scope(SCOPE),
                    &Vocabulary::empty().with_class("Droid", "a robot"),
                )
                .unwrap()
            }
            2 => assert!(s.kn.remove_vocabulary(&s.ops, Level::Scope(SCOPE)).unwrap()),
            3 => assert!(s.kn.remove_vocabulary(&s.ops, Level::Enterprise).unwrap()),
            _ => {
                s.kn.declare_vocabulary(&s.ops, Level::Enterprise, &Vocabulary::empty())
                    .unwrap()
            }
        }
        assert_eq!(s.all(), nodes, "after change {change}");
        assert_eq!(s.edges(), edges, "after change {change}");
    }
}

// ---- A6: permission, then reach ------------------------------------------------------------

#[test]
fn a6_graph_calls_need_their_permission_then_reach() {
    let s = store();
    let commit = GraphCommit::new().node(Node::new("ada", "Ada"));
    let q = GraphQuery::new();

    let reader = Principal::api_key("reader")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.*").unwrap());
    let err = s.kn.commit_graph(&reader, SCOPE, &commit).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    assert!(err.to_string().contains("agent.memory:write"), "{err}");
    assert!(s.kn.query_graph(&reader, SCOPE, &q).is_ok());
    assert!(s.kn.inspect_graph(&reader, SCOPE, None, 10).is_ok());

    let writer = Principal::api_key("writer")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::parse("bot.*").unwrap());
    assert!(s.kn.commit_graph(&writer, SCOPE, &commit).is_ok());
    let err = s.kn.query_graph(&writer, SCOPE, &q).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    let err = s.kn.inspect_graph(&writer, SCOPE, None, 10).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);

    // Reach in the wrong namespace is no reach: answered exactly like a missing scope (A5).
    let elsewhere = Principal::session("u")
        .grant(Permission::MemoryRead)
        .grant(Permission::MemoryWrite)
        .reach_subjects(Selector::Any);
    let unreached = s.kn.commit_graph(&elsewhere, SCOPE, &commit).unwrap_err();
    let missing =
        s.kn.commit_graph(&s.ops, "bot.nowhere", &commit)
            .unwrap_err();
    assert_eq!(unreached.code(), ErrorCode::NotFound);
    assert_eq!(missing.code(), ErrorCode::NotFound);
    assert_eq!(
        unreached.to_string().replace(SCOPE, "ID"),
        missing.to_string().replace("bot.nowhere", "ID")
    );
    let unreached = s.kn.query_graph(&elsewhere, SCOPE, &q).unwrap_err();
    assert_eq!(unreached.code(), ErrorCode::NotFound);
    let unreached = s.kn.inspect_graph(&elsewhere, SCOPE, None, 10).unwrap_err();
    assert_eq!(unreached.code(), ErrorCode::NotFound);
    assert_eq!(s.all().len(), 1, "only the writer's commit landed");
}

#[test]
fn scopes_hold_separate_graphs() {
    let s = store();
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")));
    s.kn.commit_graph(
        &s.ops,
        "bot.sales",
        &GraphCommit::new().node(Node::new("ada", "Ada (sales)").with_type("Lead")),
    )
    .unwrap();
    assert_eq!(s.node("ada").unwrap().node_type.as_deref(), Some("Person"));
    let sales =
        s.kn.query_graph(
            &s.ops,
            "bot.sales",
            &GraphQuery::new().filter(FilterKey::NodeType, "Person"),
        )
        .unwrap();
    assert!(sales.nodes.is_empty());
    // An edge cannot reach into another scope: there, the node does not exist.
    let err =
        s.kn.commit_graph(
            &s.ops,
            "bot.sales",
            &GraphCommit::new().edge(Edge::new("ada", "KNOWS", "bob")),
        )
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
}

#[test]
fn the_graph_survives_reopening_the_store() {
    let s = store();
    chain(&s);
    let (nodes, edges) = (s.all(), s.edges());
    let Store {
        _dir,
        path,
        kn,
        ops,
    } = s;
    drop(kn);
    let kn = Kenning::open(&path).unwrap();
    let s = Store {
        _dir,
        path,
        kn,
        ops,
    };
    assert_eq!(s.all(), nodes);
    assert_eq!(s.edges(), edges);
}

// ---- Bad input: clear errors, nothing half-written -------------------------------------------

#[test]
fn an_edge_to_a_missing_node_is_rejected_and_the_commit_writes_nothing() {
    let s = store();
    s.commit(GraphCommit::new().node(Node::new("ada", "Ada")));
    let commit = GraphCommit::new()
        .node(Node::new("bob", "Bob"))
        .node(Node::new("ada", "Ada renamed"))
        .edge(Edge::new("ada", "KNOWS", "bob"))
        .edge(Edge::new("bob", "KNOWS", "ghost"));
    let err = s.kn.commit_graph(&s.ops, SCOPE, &commit).unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
    let text = err.to_string();
    assert!(
        text.contains("edges[1].target") && text.contains("ghost"),
        "{text}"
    );
    assert_eq!(ids(&s.all()), ["ada"]);
    assert_eq!(s.node("ada").unwrap().label, "Ada");
    assert!(s.edges().is_empty());
    // An edge to a node of the same commit is fine: nodes are written first.
    s.commit(
        GraphCommit::new()
            .node(Node::new("bob", "Bob"))
            .edge(Edge::new("ada", "KNOWS", "bob")),
    );
    assert_eq!(s.edges().len(), 1);
}

#[test]
fn empty_over_long_and_multi_line_fields_are_invalid_and_write_nothing() {
    let s = store();
    let long = |n| "x".repeat(n);
    let cases = [
        (GraphCommit::new().node(Node::new("", "Ada")), "nodes[0].id"),
        (
            GraphCommit::new().node(Node::new(long(257), "Ada")),
            "nodes[0].id",
        ),
        (
            GraphCommit::new()
                .node(Node::new("ok", "Ok"))
                .node(Node::new("ada", "")),
            "nodes[1].label",
        ),
        (
            GraphCommit::new().node(Node::new("ada", long(257))),
            "nodes[0].label",
        ),
        (
            GraphCommit::new().node(Node::new("ada", "Ada\nLovelace")),
            "nodes[0].label",
        ),
        (
            GraphCommit::new().node(Node::new("ada ", "Ada")),
            "nodes[0].id",
        ),
        (
            GraphCommit::new().node(Node::new("ada", "Ada").with_type(long(1025))),
            "nodes[0].nodeType",
        ),
        (
            GraphCommit::new()
                .node(Node::new("ada", "Ada"))
                .edge(Edge::new("ada", long(1025), "ada")),
            "edges[0].relationType",
        ),
    ];
    for (commit, field) in cases {
        let err = s.kn.commit_graph(&s.ops, SCOPE, &commit).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{field}");
        let text = err.to_string();
        assert!(text.contains(field), "{field}: {text}");
        assert!(s.all().is_empty(), "{field}: nothing written");
    }
    // At the bounds, the same fields are accepted.
    s.commit(
        GraphCommit::new()
            .node(Node::new(long(256), long(256)).with_type(long(1024)))
            .edge(Edge::new(long(256), long(1024), long(256))),
    );
    assert_eq!(s.all().len(), 1);
}

#[test]
fn malformed_queries_are_invalid_arguments_that_name_the_fix() {
    let s = store();
    for (doc, needle) in [
        (
            r#"{"graph": {"start": {"filters": [{"key": "Name", "value": "x"}]}}}"#,
            "valid keys: NodeId, Label, NodeType",
        ),
        (r#"{"graph": {"limit": -1}}"#, "from 1 to 1000"),
        (r#"{"graph": {"limit": 1e12}}"#, "from 1 to 1000"),
        (r#"{"graph": {"traverse": {"depth": 99}}}"#, "from 1 to 6"),
        (r#"{"graph": {"traverse": {"depth": -2}}}"#, "from 1 to 6"),
        (r#"{"graph": {"start": {"filters": "NodeType"}}}"#, "line 1"),
        (r#"{"graph": {"start": {}}, "text": "x"}"#, "unknown field"),
    ] {
        let err = kenning::Error::from(GraphQuery::parse(doc).unwrap_err());
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{doc}");
        assert!(err.to_string().contains(needle), "{doc}: {err}");
    }
    // A query built in code is checked by the facade too.
    let err =
        s.kn.query_graph(&s.ops, SCOPE, &GraphQuery::new().limit(5000))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("graph.limit"), "{err}");
}
