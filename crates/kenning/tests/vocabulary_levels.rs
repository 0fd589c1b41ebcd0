//! The seed's vocabulary levels: the three-state table (V6, V7, V9), rejection leaving the
//! previous declaration intact (V5), request bodies (V8, V10) and audit (U1).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    Declaration, ErrorCode, Format, Kenning, Level, Principal, RelationType, ScopeKind, Vocabulary,
};

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
    kn.register_scope(&ops, "bot.support", ScopeKind::Agent)
        .unwrap();
    Store {
        _dir: dir,
        path,
        kn,
        ops,
    }
}

fn enterprise() -> Vocabulary {
    Vocabulary::empty()
        .with_class("Person", "an individual human being, including colleagues")
        .with_class("Organization", "a company, employer, school or agency")
        .with_relation(
            RelationType::new("WORKS_AT", "employment of a person by an organization")
                .with_signature("Person", "Organization"),
        )
}

fn support() -> Vocabulary {
    Vocabulary::empty()
        .with_class("Customer", "a person who bought a plan")
        .with_class("Ticket", "a support request")
}

const SCOPE: Level<'static> = Level::Scope("bot.support");

#[test]
fn v7_absent_scope_declaration_resolves_to_the_enterprise_vocabulary() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Enterprise, &enterprise())
        .unwrap();
    let read = s.kn.vocabulary(&s.ops, SCOPE).unwrap();
    assert_eq!(read.declaration, None);
    assert_eq!(read.resolved, Some(enterprise()));
}

#[test]
fn v7_absent_scope_declaration_and_absent_enterprise_resolve_to_nothing() {
    let s = store();
    let read = s.kn.vocabulary(&s.ops, SCOPE).unwrap();
    assert_eq!(read.declaration, None);
    assert_eq!(read.resolved, None);
    assert_eq!(serde_json::to_string(&read).unwrap(), "{}");
}

#[test]
fn v6_present_scope_declaration_replaces_the_enterprise_one_without_merging() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Enterprise, &enterprise())
        .unwrap();
    s.kn.declare_vocabulary(&s.ops, SCOPE, &support()).unwrap();
    let read = s.kn.vocabulary(&s.ops, SCOPE).unwrap();
    assert_eq!(read.declaration, Some(support()));
    assert_eq!(read.resolved, Some(support()));
    let resolved = read.resolved.unwrap();
    assert!(
        resolved.class("Person").is_none(),
        "no merge with the enterprise level"
    );
    // The enterprise level is untouched.
    let ent = s.kn.vocabulary(&s.ops, Level::Enterprise).unwrap();
    assert_eq!(ent.declaration, Some(enterprise()));
}

#[test]
fn v7_present_scope_declaration_with_no_classes_turns_classification_off() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Enterprise, &enterprise())
        .unwrap();
    s.kn.declare_vocabulary(&s.ops, SCOPE, &Vocabulary::empty())
        .unwrap();
    let read = s.kn.vocabulary(&s.ops, SCOPE).unwrap();
    assert_eq!(read.declaration, Some(Vocabulary::empty()));
    assert_eq!(read.resolved, None);
    assert_eq!(
        serde_json::to_value(&read).unwrap(),
        serde_json::json!({"declaration": {"entityClasses": [], "relationTypes": []}})
    );
}

#[test]
fn v7_removal_restores_inheritance_and_differs_from_an_empty_declaration() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Enterprise, &enterprise())
        .unwrap();
    s.kn.declare_vocabulary(&s.ops, SCOPE, &Vocabulary::empty())
        .unwrap();
    assert!(s.kn.remove_vocabulary(&s.ops, SCOPE).unwrap());
    let read = s.kn.vocabulary(&s.ops, SCOPE).unwrap();
    assert_eq!(read.declaration, None);
    assert_eq!(read.resolved, Some(enterprise()));
    assert!(
        !s.kn.remove_vocabulary(&s.ops, SCOPE).unwrap(),
        "nothing left to remove"
    );
}

#[test]
fn v9_enterprise_read_reports_declaration_and_resolved() {
    let s = store();
    let read = s.kn.vocabulary(&s.ops, Level::Enterprise).unwrap();
    assert_eq!((read.declaration, read.resolved), (None, None));
    s.kn.declare_vocabulary(&s.ops, Level::Enterprise, &enterprise())
        .unwrap();
    let read = s.kn.vocabulary(&s.ops, Level::Enterprise).unwrap();
    assert_eq!(read.declaration, Some(enterprise()));
    assert_eq!(read.resolved, Some(enterprise()));
    s.kn.remove_vocabulary(&s.ops, Level::Enterprise).unwrap();
    assert_eq!(s.kn.vocabulary(&s.ops, SCOPE).unwrap().resolved, None);
}

#[test]
fn v5_rejected_declaration_leaves_the_previous_one_intact_across_reopen() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, SCOPE, &support()).unwrap();
    let too_many = (0..33).fold(Vocabulary::empty(), |v, i| {
        v.with_class(format!("C{i}"), "")
    });
    let err =
        s.kn.declare_vocabulary(&s.ops, SCOPE, &too_many)
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(
        err.to_string().contains("vocabulary.entityClasses"),
        "{err}"
    );
    let undeclared = Vocabulary::empty()
        .with_relation(RelationType::new("KNOWS", "").with_signature("Person", "Person"));
    let err =
        s.kn.declare_vocabulary(&s.ops, SCOPE, &undeclared)
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert_eq!(
        s.kn.vocabulary(&s.ops, SCOPE).unwrap().declaration,
        Some(support())
    );

    let Store {
        kn,
        path,
        ops,
        _dir,
    } = s;
    drop(kn);
    let kn = Kenning::open(&path).unwrap();
    assert_eq!(
        kn.vocabulary(&ops, SCOPE).unwrap().declaration,
        Some(support())
    );
}

#[test]
fn v8_a_body_without_vocabulary_is_rejected_and_nothing_changes() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, SCOPE, &support()).unwrap();
    let err = Declaration::parse(r#"{"scopeId": "bot.support"}"#, Format::Json).unwrap_err();
    let err = kenning::Error::from(err);
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("`vocabulary`"));
    assert_eq!(
        s.kn.vocabulary(&s.ops, SCOPE).unwrap().declaration,
        Some(support())
    );
}

#[test]
fn v10_seed_put_body_declares_at_the_level_its_scope_id_names() {
    let s = store();
    let body = r#"{"scopeId": "bot.support", "vocabulary": {"entityClasses": [{"name": "Person", "description": "a human"}]}}"#;
    let decl = Declaration::parse(body, Format::Json).unwrap();
    s.kn.declare(&s.ops, &decl).unwrap();
    assert!(
        s.kn.vocabulary(&s.ops, Level::Enterprise)
            .unwrap()
            .declaration
            .is_none()
    );
    let read = s.kn.vocabulary(&s.ops, SCOPE).unwrap();
    assert_eq!(read.declaration.unwrap().entity_classes[0].name, "Person");

    let yaml = "entityClasses:\n  - name: Org\n";
    let decl = Declaration::parse(yaml, Format::Auto).unwrap();
    s.kn.declare(&s.ops, &decl).unwrap();
    let read = s.kn.vocabulary(&s.ops, Level::Enterprise).unwrap();
    assert_eq!(read.declaration.unwrap().entity_classes[0].name, "Org");
}

#[test]
fn u1_declare_and_remove_are_audited_in_order() {
    let s = store();
    s.kn.declare_vocabulary(&s.ops, Level::Enterprise, &enterprise())
        .unwrap();
    s.kn.declare_vocabulary(&s.ops, SCOPE, &Vocabulary::empty())
        .unwrap();
    s.kn.remove_vocabulary(&s.ops, SCOPE).unwrap();
    s.kn.remove_vocabulary(&s.ops, SCOPE).unwrap(); // removes nothing: not audited
    let _ =
        s.kn.declare_vocabulary(&s.ops, SCOPE, &Vocabulary::empty().with_class("a b", ""));
    let log = s.kn.audit_log(&s.ops, 0, 100).unwrap();
    let seen: Vec<(u64, &str, &str)> = log
        .iter()
        .map(|r| (r.seq, r.action.as_str(), r.target.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            (1, "vocabulary.declare", "enterprise"),
            (2, "vocabulary.declare", "scope:bot.support"),
            (3, "vocabulary.remove", "scope:bot.support"),
        ]
    );
    assert!(log.iter().all(|r| r.principal == "session:ops"));
    assert_eq!(log[0].detail["entityClasses"], 2);
    assert_eq!(s.kn.audit_log(&s.ops, 2, 100).unwrap().len(), 1);
    assert_eq!(s.kn.audit_log(&s.ops, u64::MAX, 100).unwrap().len(), 0);
}
