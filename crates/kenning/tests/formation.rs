//! Formation (SPEC §5, F1–F4): the vocabulary snapshot, its prompt section, and the commit of
//! an extraction against it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    Edge, ErrorCode, ExtractedEntity, Extraction, FilterKey, Formation, GraphCommit, GraphQuery,
    Kenning, Level, Node, Permission, Principal, RelationType, ScopeKind, Selector, Traversal,
    Vocabulary,
};

const SCOPE: &str = "bot.support";

fn store() -> (tempfile::TempDir, Kenning, Principal) {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("kenning.redb")).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    (dir, kn, ops)
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

fn class_of(kn: &Kenning, who: &Principal, id: &str) -> Option<String> {
    let q = GraphQuery::new().filter(FilterKey::NodeId, id);
    let mut nodes = kn.query_graph(who, SCOPE, &q).unwrap().nodes;
    assert_eq!(nodes.len(), 1, "{id} is stored");
    nodes.pop().unwrap().node_type
}

fn ada_at_acme() -> Extraction {
    Extraction::new()
        .entity(ExtractedEntity::new("ada", "Ada Lovelace").candidate("Person"))
        .entity(ExtractedEntity::new("acme", "Acme").candidate("Organization"))
        .relationship(Edge::new("ada", "WORKS_AT", "acme"))
}

#[test]
fn f1_a_formation_keeps_its_snapshot_when_the_vocabulary_changes_while_it_runs() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    let running = kn.start_formation(&ops, SCOPE).unwrap();
    assert_eq!(running.vocabulary(), Some(&people()));

    // While it runs, the scope turns classification off.
    kn.declare_vocabulary(&ops, Level::Scope(SCOPE), &Vocabulary::empty())
        .unwrap();
    assert_eq!(running.vocabulary(), Some(&people()));
    let report = kn.commit_formation(&ops, &running, &ada_at_acme()).unwrap();
    assert_eq!(report.graph.classes_assigned, 2);
    assert_eq!(class_of(&kn, &ops, "ada").as_deref(), Some("Person"));

    // A formation started after the declaration succeeded uses it.
    let later = kn.start_formation(&ops, SCOPE).unwrap();
    assert_eq!(later.vocabulary(), None);
    let extraction =
        Extraction::new().entity(ExtractedEntity::new("bob", "Bob").candidate("Person"));
    let report = kn.commit_formation(&ops, &later, &extraction).unwrap();
    assert_eq!(report.graph.classes_assigned, 0);
    assert_eq!(class_of(&kn, &ops, "bob"), None);
}

#[test]
fn f1_removing_a_declaration_applies_only_to_formations_started_afterwards() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    let support = Vocabulary::empty().with_class("Customer", "holds a support plan");
    kn.declare_vocabulary(&ops, Level::Scope(SCOPE), &support)
        .unwrap();
    let before = kn.start_formation(&ops, SCOPE).unwrap();
    kn.remove_vocabulary(&ops, Level::Scope(SCOPE)).unwrap();
    let after = kn.start_formation(&ops, SCOPE).unwrap();
    assert_eq!(before.vocabulary(), Some(&support));
    assert_eq!(after.vocabulary(), Some(&people()), "inherits again");
}

#[test]
fn f2_the_formation_hands_out_the_rendered_snapshot() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    let prompt = formation.prompt().unwrap();
    assert_eq!(prompt, people().render());
    assert!(prompt.contains("- Person: an individual human being, including colleagues"));
    assert!(prompt.contains("- WORKS_AT (Person -> Organization)"));
    // The prompt is the snapshot's: a later declaration does not change it.
    kn.declare_vocabulary(
        &ops,
        Level::Enterprise,
        &Vocabulary::empty().with_class("Ticket", ""),
    )
    .unwrap();
    assert_eq!(formation.prompt().unwrap(), prompt);
    // Classification off: no section to hand out.
    kn.declare_vocabulary(&ops, Level::Scope(SCOPE), &Vocabulary::empty())
        .unwrap();
    assert_eq!(kn.start_formation(&ops, SCOPE).unwrap().prompt(), None);
}

#[test]
fn f3_declared_candidates_are_assigned_and_the_rest_left_unclassified() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    let extraction = Extraction::new()
        .entity(ExtractedEntity::new("ada", "Ada").candidate("Person"))
        .entity(ExtractedEntity::new("r2", "R2-D2").candidate("Droid"))
        .entity(ExtractedEntity::new("bob", "Bob").candidate("person"))
        .entity(ExtractedEntity::new("london", "London"));
    let report = kn.commit_formation(&ops, &formation, &extraction).unwrap();
    assert_eq!(report.graph.nodes_created, 4);
    assert_eq!(report.graph.classes_assigned, 1);
    let undeclared: Vec<(&str, &str)> = report
        .undeclared_candidates
        .iter()
        .map(|u| (u.id.as_str(), u.candidate_class.as_str()))
        .collect();
    assert_eq!(undeclared, [("r2", "Droid"), ("bob", "person")]);
    assert_eq!(class_of(&kn, &ops, "ada").as_deref(), Some("Person"));
    for id in ["r2", "bob", "london"] {
        assert_eq!(class_of(&kn, &ops, id), None, "{id}: no placeholder (G4)");
    }
}

#[test]
fn f3_assign_once_applies_to_a_formation_commit() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    kn.commit_graph(
        &ops,
        SCOPE,
        &GraphCommit::new().node(Node::new("acme", "Acme").with_type("Customer")),
    )
    .unwrap();
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    let report = kn
        .commit_formation(&ops, &formation, &ada_at_acme())
        .unwrap();
    assert_eq!(report.graph.classes_kept.len(), 1);
    assert_eq!(report.graph.classes_kept[0].stored, "Customer");
    assert_eq!(class_of(&kn, &ops, "acme").as_deref(), Some("Customer"));
}

#[test]
fn f3_relationship_types_are_recorded_exactly_as_extracted() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    let extraction = ada_at_acme()
        .entity(ExtractedEntity::new("bob", "Bob").candidate("Person"))
        .relationship(Edge::new("ada", "mentored", "bob").with_property("year", 1843))
        // Against the declared signature Person -> Organization.
        .relationship(Edge::new("acme", "WORKS_AT", "bob"));
    let report = kn.commit_formation(&ops, &formation, &extraction).unwrap();
    assert_eq!(report.graph.edges_created, 3);
    let q = GraphQuery::new()
        .limit(10)
        .traverse(Traversal::new().limit(10));
    let mut edges: Vec<(String, String, String)> = kn
        .query_graph(&ops, SCOPE, &q)
        .unwrap()
        .edges
        .into_iter()
        .map(|e| (e.source, e.relation_type, e.target))
        .collect();
    edges.sort();
    let want = [
        ("acme", "WORKS_AT", "bob"),
        ("ada", "WORKS_AT", "acme"),
        ("ada", "mentored", "bob"),
    ]
    .map(|(a, b, c)| (a.to_owned(), b.to_owned(), c.to_owned()));
    assert_eq!(edges, want);
}

#[test]
fn f3_g8_an_odd_relationship_never_costs_the_extraction_its_entities() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    let long = "EMPLOYED_BY_THE_ORGANIZATION_AS_AN_OUTSIDE_CONTRACTOR_SINCE_MARCH_2024.";
    assert_eq!(long.len(), 71);
    let extraction = ada_at_acme()
        // Odd, but storable: recorded exactly as extracted.
        .relationship(Edge::new("ada", long, "acme"))
        .relationship(Edge::new("ada", "works at ", "acme"))
        // Cannot be stored: past the graph's storage bound, or naming an entity nobody wrote.
        .relationship(Edge::new("ada", "R".repeat(2000), "acme"))
        .relationship(Edge::new("ada", "KNOWS", "nobody"));
    let report = kn.commit_formation(&ops, &formation, &extraction).unwrap();
    assert_eq!(report.graph.nodes_created, 2, "every entity is stored");
    assert_eq!(report.graph.classes_assigned, 2);
    assert_eq!(report.graph.edges_created, 3);
    let left: Vec<usize> = report
        .graph
        .edges_left_out
        .iter()
        .map(|l| l.index)
        .collect();
    assert_eq!(left, [3, 4], "the answer names what was not stored");
    assert!(
        report.graph.edges_left_out[0]
            .reason
            .contains("relationships[3].relationType")
    );
    assert!(
        report.graph.edges_left_out[1]
            .reason
            .contains("relationships[4].target")
    );
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["graph"]["edgesLeftOut"][1]["index"], 4);

    let q = GraphQuery::new()
        .filter(FilterKey::NodeId, "ada")
        .traverse(Traversal::new());
    let mut types: Vec<String> = kn
        .query_graph(&ops, SCOPE, &q)
        .unwrap()
        .edges
        .into_iter()
        .map(|e| e.relation_type)
        .collect();
    types.sort();
    assert_eq!(types, [long, "WORKS_AT", "works at "]);
}

#[test]
fn f4_a_scope_resolving_no_vocabulary_writes_unclassified_entities_that_stay_classifiable() {
    let (_d, kn, ops) = store();
    // No declaration at any level.
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    assert_eq!(formation.vocabulary(), None);
    let report = kn
        .commit_formation(&ops, &formation, &ada_at_acme())
        .unwrap();
    assert_eq!(report.graph.classes_assigned, 0);
    assert_eq!(report.undeclared_candidates.len(), 2);
    assert_eq!(class_of(&kn, &ops, "ada"), None);
    assert_eq!(
        kn.query_graph(
            &ops,
            SCOPE,
            &GraphQuery::new()
                .filter(FilterKey::NodeId, "ada")
                .traverse(Traversal::new())
        )
        .unwrap()
        .edges
        .len(),
        1,
        "relationships are written regardless"
    );

    // A vocabulary declared later classifies them on the next formation ...
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    let next = kn.start_formation(&ops, SCOPE).unwrap();
    let report = kn.commit_formation(&ops, &next, &ada_at_acme()).unwrap();
    assert_eq!(report.graph.classes_assigned, 2);
    assert_eq!(class_of(&kn, &ops, "ada").as_deref(), Some("Person"));
    assert_eq!(class_of(&kn, &ops, "acme").as_deref(), Some("Organization"));
}

#[test]
fn f4_an_entity_left_unclassified_is_classified_by_a_later_direct_write() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Scope(SCOPE), &Vocabulary::empty())
        .unwrap();
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    kn.commit_formation(&ops, &formation, &ada_at_acme())
        .unwrap();
    kn.commit_graph(
        &ops,
        SCOPE,
        &GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person")),
    )
    .unwrap();
    assert_eq!(class_of(&kn, &ops, "ada").as_deref(), Some("Person"));
}

#[test]
fn a6_formation_needs_memory_write_and_reach_at_start_and_at_commit() {
    let (_d, kn, ops) = store();
    let reader = Principal::api_key("r")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::Any);
    let err = kn.start_formation(&reader, SCOPE).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);

    let outsider = Principal::api_key("w")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::parse("other.*").unwrap());
    let err = kn.start_formation(&outsider, SCOPE).unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);

    // A formation started by one caller cannot be committed by another without reach.
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    let err = kn
        .commit_formation(&outsider, &formation, &ada_at_acme())
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    let err = kn
        .commit_formation(&reader, &formation, &ada_at_acme())
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    let all = kn.inspect_graph(&ops, SCOPE, None, 10).unwrap();
    assert!(all.nodes.is_empty());
}

#[test]
fn a_bad_extraction_is_reported_with_its_own_paths_and_writes_nothing() {
    let (_d, kn, ops) = store();
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    let bad = ada_at_acme().entity(ExtractedEntity::new("bob", ""));
    let err = kn.commit_formation(&ops, &formation, &bad).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("entities[2].label"), "{err}");
    assert!(
        kn.inspect_graph(&ops, SCOPE, None, 10)
            .unwrap()
            .nodes
            .is_empty()
    );
}

#[test]
fn a_formation_and_an_extraction_travel_as_json() {
    let (_d, kn, ops) = store();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    let formation = kn.start_formation(&ops, SCOPE).unwrap();
    let wire = serde_json::to_string(&formation).unwrap();
    let back: Formation = serde_json::from_str(&wire).unwrap();
    assert_eq!(back, formation);

    let extraction: Extraction = serde_json::from_str(
        r#"{"entities": [{"id": "ada", "label": "Ada", "candidateClass": "Person"},
                         {"id": "acme", "label": "Acme"}],
            "relationships": [{"relationType": "WORKS_AT", "source": "ada", "target": "acme"}]}"#,
    )
    .unwrap();
    let report = kn.commit_formation(&ops, &back, &extraction).unwrap();
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["graph"]["nodesCreated"], 2);
    assert_eq!(json["graph"]["classesAssigned"], 1);
    assert!(json.get("undeclaredCandidates").is_none());
    assert!(
        serde_json::from_str::<Extraction>(r#"{"entities": [], "edges": []}"#).is_err(),
        "unknown fields are rejected"
    );
}
