//! Principals, permissions and reach (A1–A5).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{ErrorCode, Kenning, Level, Permission, Principal, ScopeKind, Selector, Vocabulary};

fn setup() -> (tempfile::TempDir, Kenning) {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "bot.support", ScopeKind::Agent)
        .unwrap();
    kn.register_scope(&ops, "customer.42", ScopeKind::Subject)
        .unwrap();
    kn.declare_vocabulary(&ops, Level::Enterprise, &people())
        .unwrap();
    (dir, kn)
}

fn people() -> Vocabulary {
    Vocabulary::empty().with_class("Person", "a human")
}

fn everything(p: Principal) -> Principal {
    Permission::ALL
        .into_iter()
        .fold(p, Principal::grant)
        .reach_agents(Selector::Any)
        .reach_subjects(Selector::Any)
}

#[test]
fn a2_an_api_key_holding_every_permission_still_cannot_declare_or_remove() {
    let (_d, kn) = setup();
    let key = everything(Principal::api_key("key-1"));
    for level in [Level::Enterprise, Level::Scope("bot.support")] {
        let err = kn.declare_vocabulary(&key, level, &people()).unwrap_err();
        assert_eq!(err.code(), ErrorCode::PermissionDenied);
        assert!(err.to_string().contains("management-class"), "{err}");
        let err = kn.remove_vocabulary(&key, level).unwrap_err();
        assert_eq!(err.code(), ErrorCode::PermissionDenied);
    }
    // Nothing changed.
    let ops = Principal::operator("ops");
    assert_eq!(
        kn.vocabulary(&ops, Level::Enterprise).unwrap().declaration,
        Some(people())
    );
}

#[test]
fn a2_a_session_needs_the_manage_permission() {
    let (_d, kn) = setup();
    let reader = Principal::session("ann")
        .grant(Permission::VocabularyRead)
        .reach_agents(Selector::Any);
    let err = kn
        .declare_vocabulary(&reader, Level::Enterprise, &people())
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    assert!(err.to_string().contains("agent.vocabulary:manage"));
    let manager = reader.grant(Permission::VocabularyManage);
    kn.declare_vocabulary(&manager, Level::Scope("bot.support"), &people())
        .unwrap();
}

#[test]
fn a3_reading_needs_only_the_read_permission_and_works_with_a_key() {
    let (_d, kn) = setup();
    let key = Principal::api_key("key-2")
        .grant(Permission::VocabularyRead)
        .reach_agents(Selector::parse("bot.*").unwrap());
    assert_eq!(
        kn.vocabulary(&key, Level::Scope("bot.support"))
            .unwrap()
            .resolved,
        Some(people())
    );
    assert!(kn.vocabulary(&key, Level::Enterprise).is_ok());
    let no_read = Principal::api_key("key-3").reach_agents(Selector::Any);
    let err = kn.vocabulary(&no_read, Level::Enterprise).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
}

#[test]
fn a4_permission_does_not_substitute_for_reach_nor_reach_for_permission() {
    let (_d, kn) = setup();
    let no_reach = Principal::session("ann")
        .grant(Permission::VocabularyManage)
        .grant(Permission::VocabularyRead);
    let err = kn
        .vocabulary(&no_reach, Level::Scope("bot.support"))
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    let err = kn
        .declare_vocabulary(&no_reach, Level::Scope("bot.support"), &people())
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    // The enterprise level names no scope and needs no reach.
    kn.declare_vocabulary(&no_reach, Level::Enterprise, &people())
        .unwrap();

    let reach_only = Principal::session("bob").reach_agents(Selector::Any);
    let err = kn
        .vocabulary(&reach_only, Level::Scope("bot.support"))
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
}

#[test]
fn a4_agent_and_subject_selectors_are_granted_independently() {
    let (_d, kn) = setup();
    let agents_only = Principal::session("ann")
        .grant(Permission::VocabularyRead)
        .reach_agents(Selector::Any);
    assert!(
        kn.vocabulary(&agents_only, Level::Scope("bot.support"))
            .is_ok()
    );
    let err = kn
        .vocabulary(&agents_only, Level::Scope("customer.42"))
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);

    let subjects_only = Principal::session("bob")
        .grant(Permission::VocabularyRead)
        .reach_subjects(Selector::parse("customer.*").unwrap());
    assert!(
        kn.vocabulary(&subjects_only, Level::Scope("customer.42"))
            .is_ok()
    );
    assert!(
        kn.vocabulary(&subjects_only, Level::Scope("bot.support"))
            .is_err()
    );
}

#[test]
fn a5_a_caller_without_reach_gets_the_same_answer_as_for_a_missing_scope() {
    let (_d, kn) = setup();
    let outsider = Principal::session("eve")
        .grant(Permission::VocabularyRead)
        .grant(Permission::VocabularyManage)
        .reach_agents(Selector::parse("other.*").unwrap());
    let hidden = kn
        .vocabulary(&outsider, Level::Scope("bot.support"))
        .unwrap_err();
    let missing = kn
        .vocabulary(&outsider, Level::Scope("bot.nothing"))
        .unwrap_err();
    assert_eq!(hidden.code(), missing.code());
    assert_eq!(
        hidden.to_string().replace("bot.support", "X"),
        missing.to_string().replace("bot.nothing", "X")
    );
    // Same for a write, and for the scope lookup itself.
    let hidden = kn
        .declare_vocabulary(&outsider, Level::Scope("bot.support"), &people())
        .unwrap_err();
    let missing = kn
        .declare_vocabulary(&outsider, Level::Scope("bot.nothing"), &people())
        .unwrap_err();
    assert_eq!(
        hidden.to_string().replace("bot.support", "X"),
        missing.to_string().replace("bot.nothing", "X")
    );
    assert_eq!(
        kn.scope(&outsider, "bot.support").unwrap_err().code(),
        ErrorCode::NotFound
    );
    assert!(kn.scopes(&outsider).unwrap().is_empty());
}

/// Two stores alike but for one scope the caller does not reach: a subject scope, where the
/// caller reaches every agent scope and no subject scope.
fn with_and_without_a_hidden_scope() -> [(tempfile::TempDir, Kenning); 2] {
    [false, true].map(|hidden| {
        let dir = tempfile::tempdir().unwrap();
        let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
        let ops = Principal::operator("ops");
        kn.register_scope(&ops, "bot.support", ScopeKind::Agent)
            .unwrap();
        if hidden {
            kn.register_scope(&ops, "customer.42", ScopeKind::Subject)
                .unwrap();
        }
        (dir, kn)
    })
}

/// A5: migrating the embedder answers a caller the same whether or not a scope it cannot reach
/// exists, so the answer confirms no hidden scope.
#[test]
fn a5_migrating_the_embedder_answers_alike_whether_or_not_unreached_scopes_exist() {
    let agents_only = Principal::session("ann")
        .grant(Permission::MemoryWrite)
        .grant(Permission::ScopesManage)
        .reach_agents(Selector::Any);
    let answers = with_and_without_a_hidden_scope().map(|(_d, kn)| {
        let err = kn.migrate_embedder(&agents_only, "m2", &[]).unwrap_err();
        (err.code(), err.to_string())
    });
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0].0, ErrorCode::PermissionDenied);
    // A caller who reaches everything migrates in both; one without the management permission
    // is refused before anything is looked up.
    let all = Principal::session("ops")
        .grant(Permission::MemoryWrite)
        .grant(Permission::ScopesManage)
        .reach_agents(Selector::Any)
        .reach_subjects(Selector::Any);
    let writer = Principal::session("w")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::Any)
        .reach_subjects(Selector::Any);
    for (_d, kn) in with_and_without_a_hidden_scope() {
        assert!(kn.migrate_embedder(&all, "m2", &[]).is_ok());
        let err = kn.migrate_embedder(&writer, "m3", &[]).unwrap_err();
        assert_eq!(err.code(), ErrorCode::PermissionDenied);
    }
}

/// A5: registering an id that exists with the other kind tells a caller who cannot reach it
/// nothing: the answer is the one an absent id gets.
#[test]
fn a5_registering_an_id_of_the_other_kind_confirms_nothing_to_a_caller_without_reach() {
    let agents_only = Principal::session("ann")
        .grant(Permission::ScopesManage)
        .reach_agents(Selector::Any);
    let answers = with_and_without_a_hidden_scope().map(|(_d, kn)| {
        let err = kn
            .register_scope(&agents_only, "customer.42", ScopeKind::Agent)
            .unwrap_err();
        (err.code(), err.to_string())
    });
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0].0, ErrorCode::NotFound);
    // A caller reaching the id in both namespaces may be told what it is.
    let both = agents_only.clone().reach_subjects(Selector::Any);
    let [(_d0, without), (_d1, with)] = with_and_without_a_hidden_scope();
    assert!(
        without
            .register_scope(&both, "customer.42", ScopeKind::Agent)
            .unwrap()
    );
    let err = with
        .register_scope(&both, "customer.42", ScopeKind::Agent)
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
    assert!(err.to_string().contains("subject scope"), "{err}");
}
