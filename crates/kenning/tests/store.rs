//! The store file and the scope registry (C1, C2).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{ErrorCode, Kenning, MAX_SCOPE_ID_CHARS, Permission, Principal, ScopeKind, Selector};

#[test]
fn c1_open_creates_the_file_and_reopen_keeps_what_was_committed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.redb");
    assert!(!path.exists());
    let ops = Principal::operator("ops");
    {
        let kn = Kenning::open(&path).unwrap();
        assert!(path.exists());
        assert!(kn.register_scope(&ops, "a", ScopeKind::Agent).unwrap());
    }
    let kn = Kenning::open(&path).unwrap();
    assert_eq!(kn.scope(&ops, "a").unwrap().kind, ScopeKind::Agent);
}

#[test]
fn c1_a_second_open_of_the_same_file_fails_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("locked.redb");
    let kn = Kenning::open(&path).unwrap();
    let err = Kenning::open(&path).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Storage);
    assert!(err.to_string().contains("already open"), "{err}");
    // The first handle is unaffected, and clones share it.
    let other = kn.clone();
    other
        .register_scope(&Principal::operator("ops"), "x", ScopeKind::Agent)
        .unwrap();
}

/// Re-runs this test binary as a child that tries to open the file the parent holds.
#[test]
fn c1_a_second_process_cannot_open_a_store_this_one_holds() {
    if let Ok(path) = std::env::var("KENNING_TEST_OPEN_CHILD") {
        let err = Kenning::open(&path).unwrap_err();
        assert_eq!(err.code(), ErrorCode::Storage);
        assert!(err.to_string().contains("already open"), "{err}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.redb");
    let _kn = Kenning::open(&path).unwrap();
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "c1_a_second_process_cannot_open_a_store_this_one_holds",
            "--nocapture",
        ])
        .env("KENNING_TEST_OPEN_CHILD", &path)
        .status()
        .unwrap();
    assert!(status.success(), "the child's open must fail cleanly");
}

#[test]
fn c1_a_file_that_is_not_a_store_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.redb");
    std::fs::write(
        &path,
        b"this is not a redb file, just some text padding it out",
    )
    .unwrap();
    let err = Kenning::open(&path).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Storage);
}

#[test]
fn c2_scope_ids_at_the_bound_and_one_past() {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let ops = Principal::operator("ops");
    let at = "s".repeat(MAX_SCOPE_ID_CHARS);
    assert!(kn.register_scope(&ops, &at, ScopeKind::Subject).unwrap());
    let past = "s".repeat(MAX_SCOPE_ID_CHARS + 1);
    let err = kn
        .register_scope(&ops, &past, ScopeKind::Subject)
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(
        err.to_string()
            .contains("129 characters long; the bound is 128"),
        "{err}"
    );
    for bad in ["", "a b", "a/b", "a:b", "ä\n"] {
        let err = kn.register_scope(&ops, bad, ScopeKind::Agent).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{bad:?}");
        assert!(err.to_string().starts_with("scope_id:"), "{err}");
    }
}

#[test]
fn c2_kind_is_fixed_at_registration_in_one_shared_id_space() {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let ops = Principal::operator("ops");
    assert!(
        kn.register_scope(&ops, "bot.support", ScopeKind::Agent)
            .unwrap()
    );
    assert!(
        !kn.register_scope(&ops, "bot.support", ScopeKind::Agent)
            .unwrap()
    );
    let err = kn
        .register_scope(&ops, "bot.support", ScopeKind::Subject)
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
    assert_eq!(
        kn.scope(&ops, "bot.support").unwrap().kind,
        ScopeKind::Agent
    );
    let ids: Vec<String> = kn.scopes(&ops).unwrap().into_iter().map(|s| s.id).collect();
    assert_eq!(ids, ["bot.support"]);
}

#[test]
fn registering_scopes_is_management_class_and_needs_reach() {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let key = Permission::ALL
        .into_iter()
        .fold(Principal::api_key("k"), Principal::grant)
        .reach_agents(Selector::Any);
    let err = kn.register_scope(&key, "a", ScopeKind::Agent).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    // Ids are one space across kinds: registering needs reach over the id in both namespaces.
    let narrow = Principal::session("ann")
        .grant(Permission::ScopesManage)
        .reach_agents(Selector::parse("bot.*").unwrap())
        .reach_subjects(Selector::parse("bot.*").unwrap());
    assert!(
        kn.register_scope(&narrow, "bot.a", ScopeKind::Agent)
            .unwrap()
    );
    assert!(
        kn.register_scope(&narrow, "bot.b", ScopeKind::Subject)
            .unwrap()
    );
    let err = kn
        .register_scope(&narrow, "human.a", ScopeKind::Agent)
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    let agents_only = Principal::session("bob")
        .grant(Permission::ScopesManage)
        .reach_agents(Selector::parse("bot.*").unwrap());
    for kind in [ScopeKind::Agent, ScopeKind::Subject] {
        let err = kn.register_scope(&agents_only, "bot.c", kind).unwrap_err();
        assert_eq!(err.code(), ErrorCode::NotFound);
    }
}

#[test]
fn readers_and_writers_share_one_handle_across_threads() {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let ops = Principal::operator("ops");
    std::thread::scope(|s| {
        for t in 0..4 {
            let kn = kn.clone();
            let ops = ops.clone();
            s.spawn(move || {
                for i in 0..25 {
                    kn.register_scope(&ops, &format!("t{t}.s{i}"), ScopeKind::Agent)
                        .unwrap();
                    let seen = kn.scopes(&ops).unwrap().len();
                    assert!(seen > i);
                }
            });
        }
    });
    assert_eq!(kn.scopes(&ops).unwrap().len(), 100);
}

#[test]
fn c1_a_read_only_handle_reads_refuses_writes_and_leaves_the_file_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ro.redb");
    let ops = Principal::operator("ops");
    {
        let kn = Kenning::open(&path).unwrap();
        kn.register_scope(&ops, "a", ScopeKind::Agent).unwrap();
        // A writer holds the file: no read-only handle meanwhile.
        assert_eq!(
            Kenning::open_read_only(&path).unwrap_err().code(),
            ErrorCode::Storage
        );
    }
    let before = std::fs::read(&path).unwrap();
    {
        let ro = Kenning::open_read_only(&path).unwrap();
        let ro2 = Kenning::open_read_only(&path).unwrap();
        assert!(ro.is_read_only());
        assert_eq!(ro.scope(&ops, "a").unwrap().kind, ScopeKind::Agent);
        assert_eq!(ro2.scopes(&ops).unwrap().len(), 1);
        let err = ro.register_scope(&ops, "b", ScopeKind::Agent).unwrap_err();
        assert_eq!(err.code(), ErrorCode::FailedPrecondition);
        assert!(err.to_string().contains("read-only"), "{err}");
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let missing = dir.path().join("missing.redb");
    assert_eq!(
        Kenning::open_read_only(&missing).unwrap_err().code(),
        ErrorCode::Storage
    );
    assert!(!missing.exists());
}

#[test]
fn c1_stores_on_custom_storage_survive_a_copy_of_their_bytes() {
    use kenning::MemoryStorage;
    let ops = Principal::operator("ops");
    let memory = Kenning::in_memory().unwrap();
    assert!(memory.register_scope(&ops, "a", ScopeKind::Agent).unwrap());

    let medium = MemoryStorage::new();
    {
        let kn = Kenning::open_storage(medium.clone(), "medium").unwrap();
        kn.register_scope(&ops, "kept", ScopeKind::Subject).unwrap();
        assert_eq!(kn.path().to_str(), Some("medium"));
    }
    let copy = MemoryStorage::from_bytes(medium.to_bytes());
    let kn = Kenning::open_storage(copy, "copy").unwrap();
    assert_eq!(kn.scope(&ops, "kept").unwrap().kind, ScopeKind::Subject);

    let garbage = MemoryStorage::from_bytes(b"definitely not a store, but not empty".to_vec());
    let err = Kenning::open_storage(garbage, "garbage").unwrap_err();
    assert_eq!(err.code(), ErrorCode::Storage);
    // A medium that holds bytes but no store's header (a creation cut short, or a header
    // destroyed) is refused and left as it was: it may be a populated store.
    let unfinished = MemoryStorage::from_bytes(vec![0; 4096]);
    let err = Kenning::open_storage(unfinished.clone(), "unfinished").unwrap_err();
    assert!(
        err.to_string().contains("not a complete Kenning store"),
        "{err}"
    );
    assert_eq!(unfinished.to_bytes(), vec![0; 4096]);
}
