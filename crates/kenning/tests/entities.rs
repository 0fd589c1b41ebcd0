//! Entity memory through the facade: graph nodes whose observations are capsules, and graph
//! deletion (G1, G2, G3, G7, C7, R4, A6, U1). Every write is one transaction: a refused call
//! leaves the store as it was.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    Edge, EdgeRef, EntityGraph, EntityObservations, ErrorCode, GraphCommit, GraphDeletion, Kenning,
    LifecycleChange, NewEntity, Node, Permission, Principal, RetrieveRequest, ScopeKind, Selector,
};

const SCOPE: &str = "bot.support";

fn store() -> (Kenning, Principal) {
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    kn.register_scope(&ops, "bot.sales", ScopeKind::Agent)
        .unwrap();
    (kn, ops)
}

fn names(graph: &EntityGraph) -> Vec<&str> {
    graph.entities.iter().map(|e| e.name.as_str()).collect()
}

fn observations(graph: &EntityGraph, name: &str) -> Vec<String> {
    graph
        .entities
        .iter()
        .find(|e| e.name == name)
        .map(|e| e.observations.iter().map(|o| o.content.clone()).collect())
        .unwrap_or_default()
}

fn ada() -> NewEntity {
    NewEntity::new("Ada")
        .with_type("person")
        .observe("Speaks fluent Spanish")
        .observe("Prefers morning meetings")
}

#[test]
fn create_entities_writes_a_classed_node_and_one_recallable_capsule_per_observation() {
    let (kn, ops) = store();
    let written = kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    assert_eq!(written.created.len(), 1);
    assert!(written.merged.is_empty());
    let ada = &written.created[0];
    assert_eq!(ada.entity_type.as_deref(), Some("person"));
    assert_eq!(ada.observations.len(), 2);

    // The node carries the class; the observations are capsules of the scope, tagged with the
    // entity, and recalled by the term lane like any capsule.
    let node = kn
        .query_graph(
            &ops,
            SCOPE,
            &kenning::GraphQuery::new().filter(kenning::FilterKey::NodeType, "person"),
        )
        .unwrap();
    assert_eq!(node.nodes[0].id, "Ada");
    let capsule = kn.capsule(&ops, ada.observations[0].id).unwrap();
    assert_eq!(capsule.scope, SCOPE);
    assert_eq!(capsule.metadata["entity"], "Ada");
    let found = kn
        .retrieve(
            &ops,
            &RetrieveRequest::new(SCOPE, "when does she like meetings"),
        )
        .unwrap();
    assert_eq!(found.hits[0].capsule.id, ada.observations[1].id);

    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(names(&graph), ["Ada"]);
    assert_eq!(
        observations(&graph, "Ada"),
        ["Speaks fluent Spanish", "Prefers morning meetings"]
    );
}

#[test]
fn g2_create_entities_on_an_existing_entity_keeps_its_first_class_and_merges_observations() {
    let (kn, ops) = store();
    kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    let again = NewEntity::new("Ada")
        .with_type("robot")
        .observe("Speaks fluent Spanish") // held already: not added twice
        .observe("Writes Rust");
    let written = kn.create_entities(&ops, SCOPE, &[again]).unwrap();
    assert!(written.created.is_empty());
    assert_eq!(written.merged[0].entity_type.as_deref(), Some("person"));
    assert_eq!(written.classes_kept[0].stored, "person");
    assert_eq!(written.classes_kept[0].given, "robot");
    let added: Vec<&str> = written.merged[0]
        .observations
        .iter()
        .map(|o| o.content.as_str())
        .collect();
    assert_eq!(added, ["Writes Rust"]);
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(graph.entities[0].entity_type.as_deref(), Some("person"));
    assert_eq!(observations(&graph, "Ada").len(), 3);
}

#[test]
fn g3_an_unclassified_node_takes_the_class_create_entities_gives_and_keeps_its_fields() {
    let (kn, ops) = store();
    let commit =
        GraphCommit::new().node(Node::new("acme", "Acme Corp").with_property("hq", "Lisbon"));
    kn.commit_graph(&ops, SCOPE, &commit).unwrap();
    let written = kn
        .create_entities(
            &ops,
            SCOPE,
            &[NewEntity::new("acme").with_type("organization")],
        )
        .unwrap();
    assert_eq!(
        written.merged[0].entity_type.as_deref(),
        Some("organization")
    );
    assert!(written.classes_kept.is_empty());
    let q = kenning::GraphQuery::new().filter(kenning::FilterKey::NodeId, "acme");
    let node = kn.query_graph(&ops, SCOPE, &q).unwrap().nodes.remove(0);
    assert_eq!(node.node_type.as_deref(), Some("organization"));
    assert_eq!(node.label, "Acme Corp", "merging never replaces the label");
    assert_eq!(node.properties["hq"], "Lisbon", "nor the properties");
}

#[test]
fn g7_an_entity_without_class_reads_back_without_one() {
    let (kn, ops) = store();
    kn.create_entities(&ops, SCOPE, &[NewEntity::new("thing").observe("It hums.")])
        .unwrap();
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(graph.entities[0].entity_type, None);
    let json = serde_json::to_value(&graph.entities[0]).unwrap();
    assert!(json.get("entityType").is_none(), "{json}");
}

#[test]
fn a_name_given_twice_in_one_call_is_created_once_then_merged() {
    let (kn, ops) = store();
    let written = kn
        .create_entities(
            &ops,
            SCOPE,
            &[
                NewEntity::new("Bob").observe("a").observe("a"),
                NewEntity::new("Bob").observe("a").observe("b"),
            ],
        )
        .unwrap();
    assert_eq!(written.created.len(), 1);
    assert_eq!(written.created[0].observations.len(), 1);
    assert_eq!(written.merged[0].observations[0].content, "b");
}

#[test]
fn add_observations_to_an_unknown_entity_writes_nothing_at_all() {
    let (kn, ops) = store();
    kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    let err = kn
        .add_observations(
            &ops,
            SCOPE,
            &[
                EntityObservations::new("Ada", ["Likes tea"]),
                EntityObservations::new("Nobody", ["x"]),
            ],
        )
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    assert!(matches!(&err, kenning::Error::UnknownEntity { name, .. } if name == "Nobody"));
    assert!(err.to_string().contains("create it first"), "{err}");
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(
        observations(&graph, "Ada").len(),
        2,
        "the call was all or nothing"
    );

    let added = kn
        .add_observations(
            &ops,
            SCOPE,
            &[EntityObservations::new(
                "Ada",
                ["Likes tea", "Prefers morning meetings"],
            )],
        )
        .unwrap();
    assert_eq!(added[0].0, "Ada");
    assert_eq!(added[0].1.len(), 1, "a held observation is not added again");
}

#[test]
fn observation_bounds_name_the_field() {
    let (kn, ops) = store();
    let err = kn
        .create_entities(&ops, SCOPE, &[NewEntity::new("Ada").observe("  ")])
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(
        err.to_string().contains("entities[0].observations[0]"),
        "{err}"
    );
    let err = kn
        .create_entities(&ops, SCOPE, &[NewEntity::new(" Ada")])
        .unwrap_err();
    assert!(err.to_string().contains("entities[0].name"), "{err}");
    let long = "x".repeat(kenning::MAX_CONTENT_BYTES + 1);
    let err = kn
        .add_observations(&ops, SCOPE, &[EntityObservations::new("Ada", [long])])
        .unwrap_err();
    assert!(
        err.to_string().contains("observations[0].contents[0]"),
        "{err}"
    );
}

#[test]
fn c7_delete_entities_forgets_their_observations_and_removes_their_relations() {
    let (kn, ops) = store();
    let written = kn
        .create_entities(
            &ops,
            SCOPE,
            &[ada(), NewEntity::new("Acme").observe("A company.")],
        )
        .unwrap();
    kn.create_relations(&ops, SCOPE, &[EdgeRef::new("Ada", "works_at", "Acme")])
        .unwrap();
    let ids: Vec<_> = written.created[0]
        .observations
        .iter()
        .map(|o| o.id)
        .collect();

    let deleted = kn
        .delete_entities(&ops, SCOPE, &["Ada".into(), "Ghost".into()])
        .unwrap();
    assert_eq!(deleted.deleted, ["Ada"]);
    assert_eq!(deleted.not_found, ["Ghost"]);
    assert_eq!(deleted.observations_forgotten, 2);
    assert_eq!(deleted.relations_deleted, 1);
    for id in ids {
        assert_eq!(
            kn.capsule(&ops, id).unwrap_err().code(),
            ErrorCode::UnknownCapsule
        );
    }
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(names(&graph), ["Acme"]);
    assert!(graph.relations.is_empty());
    let found = kn
        .retrieve(&ops, &RetrieveRequest::new(SCOPE, "Spanish"))
        .unwrap();
    assert!(
        found.hits.is_empty(),
        "a forgotten observation is not recalled"
    );

    // U1: each forgotten capsule and the entity are in the audit log.
    let log = kn.audit_log(&ops, 0, 100).unwrap();
    let actions: Vec<&str> = log.iter().map(|r| r.action.as_str()).collect();
    assert_eq!(
        actions.iter().filter(|a| **a == "capsule.forget").count(),
        2,
        "{actions:?}"
    );
    assert!(actions.contains(&"entity.delete"));
}

#[test]
fn delete_observations_forgets_exact_matches_and_lists_missing_entities() {
    let (kn, ops) = store();
    kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    let deleted = kn
        .delete_observations(
            &ops,
            SCOPE,
            &[
                EntityObservations::new("Ada", ["Speaks fluent Spanish", "not held"]),
                EntityObservations::new("Ghost", ["x"]),
            ],
        )
        .unwrap();
    assert_eq!(deleted.forgotten.len(), 1);
    assert_eq!(deleted.missing_entities, ["Ghost"]);
    assert_eq!(
        kn.capsule(&ops, deleted.forgotten[0]).unwrap_err().code(),
        ErrorCode::UnknownCapsule
    );
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(observations(&graph, "Ada"), ["Prefers morning meetings"]);
}

#[test]
fn c7_forgetting_an_observation_capsule_unlinks_it() {
    let (kn, ops) = store();
    let written = kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    kn.forget(&ops, written.created[0].observations[0].id)
        .unwrap();
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(observations(&graph, "Ada"), ["Prefers morning meetings"]);
    // The same text may be observed again: it is no longer held.
    let added = kn
        .add_observations(
            &ops,
            SCOPE,
            &[EntityObservations::new("Ada", ["Speaks fluent Spanish"])],
        )
        .unwrap();
    assert_eq!(added[0].1.len(), 1);
}

#[test]
fn r4_a_fenced_observation_is_left_out_of_every_read_and_search() {
    let (kn, ops) = store();
    let written = kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    let spanish = written.created[0].observations[0].id;
    kn.change_lifecycle(&ops, spanish, LifecycleChange::Quarantine)
        .unwrap();
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(observations(&graph, "Ada"), ["Prefers morning meetings"]);
    let opened = kn.open_entities(&ops, SCOPE, &["Ada".into()]).unwrap();
    assert_eq!(observations(&opened, "Ada"), ["Prefers morning meetings"]);
    assert!(
        kn.search_entities(&ops, SCOPE, "spanish")
            .unwrap()
            .entities
            .is_empty()
    );
    // Held all the same: adding the same text again adds nothing.
    let added = kn
        .add_observations(
            &ops,
            SCOPE,
            &[EntityObservations::new("Ada", ["Speaks fluent Spanish"])],
        )
        .unwrap();
    assert!(added[0].1.is_empty());
}

#[test]
fn create_relations_returns_only_new_ones_and_keeps_existing_properties() {
    let (kn, ops) = store();
    kn.create_entities(&ops, SCOPE, &[NewEntity::new("a"), NewEntity::new("b")])
        .unwrap();
    let commit = GraphCommit::new().edge(Edge::new("a", "knows", "b").with_property("since", 2020));
    kn.commit_graph(&ops, SCOPE, &commit).unwrap();
    let created = kn
        .create_relations(
            &ops,
            SCOPE,
            &[
                EdgeRef::new("a", "knows", "b"),
                EdgeRef::new("b", "knows", "a"),
                EdgeRef::new("b", "knows", "a"),
            ],
        )
        .unwrap();
    assert_eq!(created, [EdgeRef::new("b", "knows", "a")]);
    let q = kenning::GraphQuery::new()
        .filter(kenning::FilterKey::NodeId, "a")
        .traverse(kenning::Traversal::new());
    let answer = kn.query_graph(&ops, SCOPE, &q).unwrap();
    assert_eq!(answer.edges[0].properties["since"], 2020);
}

#[test]
fn create_relations_to_a_missing_entity_creates_it_without_a_class() {
    let (kn, ops) = store();
    kn.create_entities(&ops, SCOPE, &[NewEntity::new("a").with_type("person")])
        .unwrap();
    let created = kn
        .create_relations(
            &ops,
            SCOPE,
            &[
                EdgeRef::new("a", "knows", "a"),
                EdgeRef::new("a", "knows", "ghost"),
                EdgeRef::new("ghost", "knows", "ghost"),
            ],
        )
        .unwrap();
    // The whole batch is kept: no valid relation is dropped for the one naming a new entity.
    assert_eq!(created.len(), 3);
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(graph.relations.len(), 3);
    let ghost = graph.entities.iter().find(|e| e.name == "ghost").unwrap();
    // G4: no placeholder class, no observations; a later write may type it (G3).
    assert_eq!((&ghost.entity_type, ghost.observations.len()), (&None, 0));
    kn.create_entities(
        &ops,
        SCOPE,
        &[NewEntity::new("ghost")
            .with_type("robot")
            .observe("It hums.")],
    )
    .unwrap();
    let opened = kn
        .open_entities(&ops, SCOPE, &["ghost".to_owned()])
        .unwrap();
    assert_eq!(opened.entities[0].entity_type.as_deref(), Some("robot"));
    assert_eq!(opened.relations.len(), 2);
}

#[test]
fn delete_graph_unlinks_observations_but_keeps_their_capsules() {
    let (kn, ops) = store();
    let written = kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    let report = kn
        .delete_graph(&ops, SCOPE, &GraphDeletion::new().node("Ada"))
        .unwrap();
    assert_eq!(report.nodes_deleted, 1);
    let id = written.created[0].observations[0].id;
    assert_eq!(
        kn.capsule(&ops, id).unwrap().content,
        "Speaks fluent Spanish"
    );
    // Created again, the entity starts with no observation.
    let again = kn
        .create_entities(&ops, SCOPE, &[NewEntity::new("Ada")])
        .unwrap();
    assert_eq!(again.created.len(), 1);
    assert!(observations(&kn.entity_graph(&ops, SCOPE).unwrap(), "Ada").is_empty());
    let log = kn.audit_log(&ops, 0, 100).unwrap();
    assert!(log.iter().any(|r| r.action == "graph.delete"));
}

#[test]
fn open_entities_skips_unknown_names_and_returns_relations_touching_them() {
    let (kn, ops) = store();
    kn.create_entities(
        &ops,
        SCOPE,
        &[
            NewEntity::new("a"),
            NewEntity::new("b"),
            NewEntity::new("c"),
        ],
    )
    .unwrap();
    kn.create_relations(
        &ops,
        SCOPE,
        &[
            EdgeRef::new("a", "knows", "b"),
            EdgeRef::new("b", "knows", "c"),
        ],
    )
    .unwrap();
    let opened = kn
        .open_entities(&ops, SCOPE, &["a".into(), "ghost".into(), "a".into()])
        .unwrap();
    assert_eq!(names(&opened), ["a"]);
    assert_eq!(opened.relations, [EdgeRef::new("a", "knows", "b")]);
    let err = kn
        .open_entities(&ops, SCOPE, &["bad\nname".into()])
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
}

#[test]
fn search_matches_substrings_first_then_what_the_term_lane_recalls() {
    let (kn, ops) = store();
    kn.create_entities(
        &ops,
        SCOPE,
        &[
            NewEntity::new("Ada")
                .with_type("person")
                .observe("Speaks fluent Spanish"),
            NewEntity::new("Bob")
                .with_type("person")
                .observe("Prefers email over calls"),
            NewEntity::new("Acme").with_type("organization"),
        ],
    )
    .unwrap();
    // Case-insensitive substring of a name, a class or an observation, as the official server.
    assert_eq!(
        names(&kn.search_entities(&ops, SCOPE, "SPAN").unwrap()),
        ["Ada"]
    );
    assert_eq!(
        names(&kn.search_entities(&ops, SCOPE, "person").unwrap()),
        ["Ada", "Bob"]
    );
    // The term lane adds what no substring finds: "preferences" stems like "prefers".
    assert_eq!(
        names(
            &kn.search_entities(&ops, SCOPE, "email preferences")
                .unwrap()
        ),
        ["Bob"]
    );
    assert_eq!(
        kn.search_entities(&ops, SCOPE, "").unwrap().entities.len(),
        3
    );
    assert!(
        kn.search_entities(&ops, SCOPE, "zebra")
            .unwrap()
            .entities
            .is_empty()
    );
}

#[test]
fn a6_entity_calls_check_permission_and_reach() {
    let (kn, ops) = store();
    kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    let reader = Principal::api_key("key-1")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.*").unwrap());
    assert_eq!(names(&kn.entity_graph(&reader, SCOPE).unwrap()), ["Ada"]);
    let err = kn
        .create_entities(&reader, SCOPE, &[NewEntity::new("x")])
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    let err = kn
        .delete_entities(&reader, SCOPE, &["Ada".into()])
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    let elsewhere = Principal::api_key("key-2")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.sales").unwrap());
    let err = kn.entity_graph(&elsewhere, SCOPE).unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    // Scopes are separate: the same name in another scope is another entity.
    kn.create_entities(&ops, "bot.sales", &[NewEntity::new("Ada")])
        .unwrap();
    assert!(observations(&kn.entity_graph(&ops, "bot.sales").unwrap(), "Ada").is_empty());
}

#[test]
fn entities_survive_reopening_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.redb");
    let ops = Principal::operator("ops");
    {
        let kn = Kenning::open(&path).unwrap();
        kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        kn.create_entities(&ops, SCOPE, &[ada()]).unwrap();
    }
    let kn = Kenning::open_read_only(&path).unwrap();
    let graph = kn.entity_graph(&ops, SCOPE).unwrap();
    assert_eq!(observations(&graph, "Ada").len(), 2);
}

#[test]
fn delete_graph_removes_named_edges_and_reports_what_it_did_not_find() {
    let (kn, ops) = store();
    let commit = GraphCommit::new()
        .node(Node::new("a", "A"))
        .node(Node::new("b", "B"))
        .edge(Edge::new("a", "knows", "b"))
        .edge(Edge::new("b", "knows", "a"));
    kn.commit_graph(&ops, SCOPE, &commit).unwrap();
    let report = kn
        .delete_graph(
            &ops,
            SCOPE,
            &GraphDeletion::new()
                .edge(EdgeRef::new("a", "knows", "b"))
                .edge(EdgeRef::new("a", "likes", "b"))
                .node("ghost"),
        )
        .unwrap();
    assert_eq!((report.nodes_deleted, report.edges_deleted), (0, 1));
    assert_eq!(report.edges_missing, [EdgeRef::new("a", "likes", "b")]);
    assert_eq!(report.nodes_missing, ["ghost"]);
    let opened = kn.open_entities(&ops, SCOPE, &["a".into()]).unwrap();
    assert_eq!(opened.relations, [EdgeRef::new("b", "knows", "a")]);
    // Nothing deleted, nothing audited.
    let before = kn.audit_log(&ops, 0, 100).unwrap().len();
    kn.delete_graph(&ops, SCOPE, &GraphDeletion::new().node("ghost"))
        .unwrap();
    assert_eq!(kn.audit_log(&ops, 0, 100).unwrap().len(), before);
}

#[test]
fn a6_delete_graph_needs_memory_write_and_reach() {
    let (kn, ops) = store();
    kn.commit_graph(&ops, SCOPE, &GraphCommit::new().node(Node::new("a", "A")))
        .unwrap();
    let reader = Principal::api_key("key-1")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::Any);
    let deletion = GraphDeletion::new().node("a");
    let err = kn.delete_graph(&reader, SCOPE, &deletion).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    let writer_elsewhere = Principal::api_key("key-2")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::parse("bot.sales").unwrap());
    let err = kn
        .delete_graph(&writer_elsewhere, SCOPE, &deletion)
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    let err = kn
        .delete_graph(&ops, SCOPE, &GraphDeletion::new().node(""))
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert_eq!(names(&kn.entity_graph(&ops, SCOPE).unwrap()), ["a"]);
}
