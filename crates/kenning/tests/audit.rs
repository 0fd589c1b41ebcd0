//! The audit log over capsule writes (U1): lifecycle changes, supersessions and forgets append a
//! record in their own transaction, in order, naming principal, action and target, never content.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    AuditRecord, Kenning, Level, LifecycleChange, NewCapsule, Permission, Principal, ScopeKind,
    Selector, Timestamp, Vocabulary,
};

const SCOPE: &str = "bot.support";

fn store() -> (tempfile::TempDir, Kenning, Principal) {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    (dir, kn, ops)
}

fn log(kn: &Kenning, ops: &Principal) -> Vec<AuditRecord> {
    kn.audit_log(ops, 0, usize::MAX).unwrap()
}

#[test]
fn u1_capsule_writes_are_audited_in_order_with_principal_action_and_target() {
    let (_d, kn, ops) = store();
    let agent = Principal::api_key("key-9")
        .grant(Permission::MemoryWrite)
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::Any);
    let secret = "the door code is 4711";
    let id = kn.put(&agent, &NewCapsule::new(SCOPE, secret)).unwrap();
    // Plain puts are not audited (a documented choice): the log is still empty.
    assert!(log(&kn, &ops).is_empty());

    let deadline = Timestamp::parse("t", "2030-01-01T00:00:00Z").unwrap();
    kn.change_lifecycle(&agent, id, LifecycleChange::Quarantine)
        .unwrap();
    kn.change_lifecycle(&agent, id, LifecycleChange::Release)
        .unwrap();
    kn.change_lifecycle(&agent, id, LifecycleChange::FreshUntil(deadline))
        .unwrap();
    kn.change_lifecycle(&agent, id, LifecycleChange::ClearFreshness)
        .unwrap();
    kn.change_lifecycle(&agent, id, LifecycleChange::Archive)
        .unwrap();
    kn.change_lifecycle(&agent, id, LifecycleChange::Unarchive)
        .unwrap();
    kn.change_lifecycle(&agent, id, LifecycleChange::Falsify)
        .unwrap();
    let new = kn
        .supersede(&agent, id, &NewCapsule::new(SCOPE, "the door code is 0815"))
        .unwrap();
    kn.forget(&ops, id).unwrap();

    let records = log(&kn, &ops);
    let actions: Vec<&str> = records.iter().map(|r| r.action.as_str()).collect();
    assert_eq!(
        actions,
        [
            "capsule.quarantine",
            "capsule.release",
            "capsule.fresh_until",
            "capsule.clear_freshness",
            "capsule.archive",
            "capsule.unarchive",
            "capsule.falsify",
            "capsule.supersede",
            "capsule.forget",
        ]
    );
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.seq, i as u64 + 1, "numbered without gaps");
        assert_eq!(r.target, id.to_string());
        assert_eq!(r.detail["scope"], SCOPE);
        let expected = if r.action == "capsule.forget" {
            "session:ops"
        } else {
            "key:key-9"
        };
        assert_eq!(r.principal, expected);
        // Content never reaches the log.
        let text = serde_json::to_string(r).unwrap();
        assert!(!text.contains("4711") && !text.contains("0815"), "{text}");
    }
    assert!(records.windows(2).all(|w| w[0].at <= w[1].at));
    assert_eq!(records[2].detail["fresh_until"], deadline.to_string());
    assert_eq!(records[7].detail["by"], new.to_string());
}

#[test]
fn u1_a_refused_or_failed_write_leaves_no_audit_record() {
    let (_d, kn, ops) = store();
    let id = kn.put(&ops, &NewCapsule::new(SCOPE, "memory")).unwrap();
    kn.change_lifecycle(&ops, id, LifecycleChange::Release)
        .unwrap_err();
    let reader = Principal::session("ann")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::Any);
    kn.forget(&reader, id).unwrap_err();
    kn.supersede(&ops, id, &NewCapsule::new("bot.other", "x"))
        .unwrap_err();
    kn.forget(&ops, kenning::CapsuleId::new(77)).unwrap_err();
    assert!(log(&kn, &ops).is_empty());
}

#[test]
fn u1_the_log_interleaves_vocabulary_and_capsule_writes_and_survives_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.redb");
    let ops = Principal::operator("ops");
    {
        let kn = Kenning::open(&path).unwrap();
        kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        let people = Vocabulary::empty().with_class("Person", "a human");
        kn.declare_vocabulary(&ops, Level::Enterprise, &people)
            .unwrap();
        let id = kn.put(&ops, &NewCapsule::new(SCOPE, "memory")).unwrap();
        kn.change_lifecycle(&ops, id, LifecycleChange::Archive)
            .unwrap();
        kn.remove_vocabulary(&ops, Level::Enterprise).unwrap();
    }
    let kn = Kenning::open(&path).unwrap();
    let actions: Vec<String> = log(&kn, &ops).into_iter().map(|r| r.action).collect();
    assert_eq!(
        actions,
        ["vocabulary.declare", "capsule.archive", "vocabulary.remove"]
    );
    // Paging after a sequence number.
    let tail = kn.audit_log(&ops, 1, 10).unwrap();
    assert_eq!(tail.len(), 2);
    assert_eq!(tail[0].seq, 2);
}
