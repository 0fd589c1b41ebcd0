//! API keys: created and revoked by a management session, authenticated into a key principal
//! that can never manage (A1, A2), with secrets stored only as hashes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use kenning::{
    ErrorCode, Kenning, KeyGrant, Level, Permission, Principal, ScopeKind, Selector, Vocabulary,
};

fn store() -> (tempfile::TempDir, Kenning, Principal) {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "bot.support", ScopeKind::Agent)
        .unwrap();
    (dir, kn, ops)
}

fn reader_grant() -> KeyGrant {
    KeyGrant {
        name: "support bot".into(),
        permissions: BTreeSet::from([Permission::VocabularyRead, Permission::MemoryRead]),
        agent_selectors: vec![Selector::parse("bot.*").unwrap()],
        subject_selectors: vec![],
    }
}

#[test]
fn a1_a_created_key_authenticates_into_its_grant() {
    let (_d, kn, ops) = store();
    let new = kn.create_api_key(&ops, reader_grant()).unwrap();
    assert_eq!(new.key.id, "key-1");
    assert!(new.secret.starts_with("kn_1_"));
    let who = kn.authenticate(&new.secret).unwrap();
    assert!(who.is_api_key());
    assert!(who.may(Permission::VocabularyRead));
    assert!(who.reaches(ScopeKind::Agent, "bot.support"));
    assert!(!who.reaches(ScopeKind::Subject, "bot.support"));
    assert!(kn.vocabulary(&who, Level::Scope("bot.support")).is_ok());
}

#[test]
fn a2_a_key_principal_cannot_declare_and_cannot_be_granted_management() {
    let (_d, kn, ops) = store();
    let new = kn.create_api_key(&ops, reader_grant()).unwrap();
    let who = kn.authenticate(&new.secret).unwrap();
    let err = kn
        .declare_vocabulary(&who, Level::Enterprise, &Vocabulary::empty())
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);

    let mut manage = reader_grant();
    manage.permissions.insert(Permission::VocabularyManage);
    let err = kn.create_api_key(&ops, manage).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("management-class"), "{err}");
    // A key cannot create keys either.
    let err = kn.create_api_key(&who, reader_grant()).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
}

#[test]
fn a_key_never_holds_more_than_its_creator() {
    let (_d, kn, _ops) = store();
    let lead = Principal::session("lead")
        .grant(Permission::KeysManage)
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.*").unwrap());
    let mut grant = KeyGrant {
        permissions: BTreeSet::from([Permission::MemoryRead]),
        agent_selectors: vec![Selector::parse("bot.support").unwrap()],
        ..KeyGrant::default()
    };
    kn.create_api_key(&lead, grant.clone()).unwrap();
    grant.permissions.insert(Permission::MemoryWrite);
    assert_eq!(
        kn.create_api_key(&lead, grant.clone()).unwrap_err().code(),
        ErrorCode::PermissionDenied
    );
    grant.permissions.remove(&Permission::MemoryWrite);
    grant.agent_selectors = vec![Selector::Any];
    assert_eq!(
        kn.create_api_key(&lead, grant.clone()).unwrap_err().code(),
        ErrorCode::PermissionDenied
    );
    grant.agent_selectors = vec![];
    grant.subject_selectors = vec![Selector::parse("bot.*").unwrap()];
    assert_eq!(
        kn.create_api_key(&lead, grant).unwrap_err().code(),
        ErrorCode::PermissionDenied
    );
    let empty = KeyGrant::default();
    assert_eq!(
        kn.create_api_key(&lead, empty).unwrap_err().code(),
        ErrorCode::InvalidArgument
    );
}

#[test]
fn revoked_unknown_and_mistyped_secrets_get_one_answer() {
    let (_d, kn, ops) = store();
    let a = kn.create_api_key(&ops, reader_grant()).unwrap();
    let b = kn.create_api_key(&ops, reader_grant()).unwrap();
    assert_eq!(b.key.id, "key-2");
    assert!(kn.revoke_api_key(&ops, "key-1").unwrap());
    assert!(!kn.revoke_api_key(&ops, "key-1").unwrap());
    let revoked = kn.authenticate(&a.secret).unwrap_err();
    let mut wrong = b.secret.clone();
    wrong.pop();
    wrong.push('x');
    let mistyped = kn.authenticate(&wrong).unwrap_err();
    let unknown = kn.authenticate("kn_99_00").unwrap_err();
    let garbage = kn.authenticate("hello").unwrap_err();
    for e in [&revoked, &mistyped, &unknown, &garbage] {
        assert_eq!(e.code(), ErrorCode::PermissionDenied);
        assert_eq!(e.to_string(), revoked.to_string());
    }
    assert!(kn.authenticate(&b.secret).is_ok());
    assert_eq!(
        kn.revoke_api_key(&ops, "key-9").unwrap_err().code(),
        ErrorCode::NotFound
    );
    assert_eq!(
        kn.revoke_api_key(&ops, "nonsense").unwrap_err().code(),
        ErrorCode::NotFound
    );
}

#[test]
fn secrets_are_stored_only_as_hashes_and_listing_never_shows_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.redb");
    let secret;
    {
        let kn = Kenning::open(&path).unwrap();
        let ops = Principal::operator("ops");
        secret = kn.create_api_key(&ops, reader_grant()).unwrap().secret;
        let listed = serde_json::to_string(&kn.api_keys(&ops).unwrap()).unwrap();
        assert!(!listed.contains(&secret[5..]));
        assert!(listed.contains("\"agent.memory:read\""));
    }
    let bytes = std::fs::read(&path).unwrap();
    let random_part = secret.rsplit('_').next().unwrap().as_bytes();
    assert!(
        !bytes.windows(random_part.len()).any(|w| w == random_part),
        "the secret must not be in the file"
    );
    let kn = Kenning::open(&path).unwrap();
    assert!(kn.authenticate(&secret).is_ok(), "the hash survives reopen");
}

#[test]
fn u1_key_creation_and_revocation_are_audited() {
    let (_d, kn, ops) = store();
    kn.create_api_key(&ops, reader_grant()).unwrap();
    kn.revoke_api_key(&ops, "key-1").unwrap();
    let log = kn.audit_log(&ops, 0, 10).unwrap();
    let actions: Vec<&str> = log.iter().map(|r| r.action.as_str()).collect();
    assert_eq!(actions, ["key.create", "key.revoke"]);
    assert_eq!(log[1].target, "key-1");
}
