//! Capsules: records and ids (C3), frozen content (C4), lifecycle fences (C5), forget (C7),
//! unknown ids (C8), batches, bounds and permissions (A6).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    Capsule, CapsuleId, ErrorCode, FactTime, Fence, Kenning, Lifecycle, LifecycleChange, MAX_BATCH,
    MAX_CONTENT_BYTES, MAX_METADATA_ENTRIES, MAX_METADATA_KEY_CHARS, MAX_METADATA_VALUE_BYTES,
    NewCapsule, Origin, Permission, Principal, RetrieveRequest, ScopeKind, Selector, Timestamp,
};

const SCOPE: &str = "bot.support";

struct Store {
    _dir: tempfile::TempDir,
    kn: Kenning,
    ops: Principal,
}

fn store() -> Store {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    kn.register_scope(&ops, "bot.sales", ScopeKind::Agent)
        .unwrap();
    kn.register_scope(&ops, "customer.42", ScopeKind::Subject)
        .unwrap();
    Store { _dir: dir, kn, ops }
}

fn t(text: &str) -> Timestamp {
    Timestamp::parse("t", text).unwrap()
}

fn note(content: &str) -> NewCapsule {
    NewCapsule::new(SCOPE, content)
}

fn hits(s: &Store, query: &str) -> Vec<CapsuleId> {
    s.kn.retrieve(&s.ops, &RetrieveRequest::new(SCOPE, query))
        .unwrap()
        .hits
        .iter()
        .map(|h| h.capsule.id)
        .collect()
}

fn audit_len(s: &Store) -> usize {
    s.kn.audit_log(&s.ops, 0, usize::MAX).unwrap().len()
}

#[test]
fn c3_a_capsule_round_trips_every_field() {
    let s = store();
    let before = Timestamp::now();
    let new = note("Ana prefers email over phone calls.")
        .origin(Origin::OwnerStated)
        .fact_time(FactTime::between(
            t("2024-03-01T00:00:00Z"),
            t("2024-06-30T00:00:00Z"),
        ))
        .meta("source", "ticket-4411")
        .meta("turn.id", "D1:3");
    let id = s.kn.put(&s.ops, &new).unwrap();
    let c = s.kn.capsule(&s.ops, id).unwrap();
    assert_eq!(c.id, id);
    assert_eq!(c.scope, SCOPE);
    assert_eq!(c.content, new.content);
    assert_eq!(c.origin, Origin::OwnerStated);
    assert!(c.created >= before && c.created <= Timestamp::now());
    assert_eq!(c.fact_time, new.fact_time);
    assert_eq!(c.metadata, new.metadata);
    assert_eq!(c.supersedes, None);
    assert_eq!(c.lifecycle, Lifecycle::default());
    assert!(c.lifecycle.fences().is_empty());

    // The wire shape: ids as strings, origin by its seed name.
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["id"], id.to_string());
    assert_eq!(json["origin"], "owner-stated");
}

#[test]
fn c3_origin_defaults_to_extracted_candidate() {
    let s = store();
    let id = s.kn.put(&s.ops, &note("plain")).unwrap();
    assert_eq!(
        s.kn.capsule(&s.ops, id).unwrap().origin,
        Origin::ExtractedCandidate
    );
}

#[test]
fn c3_ids_are_monotonic_store_wide_and_never_reused_even_after_forget_and_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.redb");
    let ops = Principal::operator("ops");
    let (a, b) = {
        let kn = Kenning::open(&path).unwrap();
        kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        kn.register_scope(&ops, "other", ScopeKind::Subject)
            .unwrap();
        let a = kn.put(&ops, &note("first")).unwrap();
        let b = kn.put(&ops, &NewCapsule::new("other", "second")).unwrap();
        assert!(b > a, "one counter across scopes");
        kn.forget(&ops, b).unwrap();
        (a, b)
    };
    let kn = Kenning::open(&path).unwrap();
    let c = kn.put(&ops, &note("third")).unwrap();
    assert!(c > b && c > a, "{c} reuses or precedes a forgotten id {b}");
    assert_eq!(a.to_string(), "cap-1");
    assert_eq!(c.to_string(), "cap-3");
}

#[test]
fn c4_lifecycle_changes_and_supersession_leave_the_canonical_record_untouched() {
    let s = store();
    let id =
        s.kn.put(&s.ops, &note("The VPN gateway is vpn-2.").meta("k", "v"))
            .unwrap();
    let original = s.kn.capsule(&s.ops, id).unwrap();
    s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Quarantine)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Archive)
        .unwrap();
    let new =
        s.kn.supersede(&s.ops, id, &note("The VPN gateway is vpn-3."))
            .unwrap();
    let after = s.kn.capsule(&s.ops, id).unwrap();
    let canonical = |c: &Capsule| {
        (
            c.id,
            c.scope.clone(),
            c.content.clone(),
            c.origin,
            c.created,
            c.fact_time,
            c.metadata.clone(),
            c.supersedes,
        )
    };
    assert_eq!(canonical(&after), canonical(&original));
    assert_eq!(after.lifecycle.superseded_by, Some(new));
    let replacement = s.kn.capsule(&s.ops, new).unwrap();
    assert_eq!(replacement.supersedes, Some(id));
    assert_eq!(replacement.content, "The VPN gateway is vpn-3.");
    assert!(!replacement.lifecycle.is_fenced());
}

#[test]
fn c4_supersede_keeps_the_scope_and_happens_once() {
    let s = store();
    let old = s.kn.put(&s.ops, &note("old text")).unwrap();
    let err =
        s.kn.supersede(&s.ops, old, &NewCapsule::new("bot.sales", "new text"))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("replacement.scope"), "{err}");

    let new = s.kn.supersede(&s.ops, old, &note("new text")).unwrap();
    let err =
        s.kn.supersede(&s.ops, old, &note("newer text"))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
    assert!(err.to_string().contains(&new.to_string()), "{err}");
    // Nothing was written by the refusals: only the two capsules exist.
    let all = s.kn.capsules(&s.ops, SCOPE, None, 100).unwrap();
    assert_eq!(all.iter().map(|c| c.id).collect::<Vec<_>>(), [old, new]);
    // The chain continues from the replacement.
    s.kn.supersede(&s.ops, new, &note("newest text")).unwrap();
}

#[test]
fn c5_each_fence_can_be_set_and_read() {
    let s = store();
    let cases: [(LifecycleChange, Fence); 4] = [
        (LifecycleChange::Quarantine, Fence::Quarantined),
        (LifecycleChange::Falsify, Fence::Falsified),
        (LifecycleChange::Archive, Fence::Archived),
        (
            LifecycleChange::FreshUntil(t("2001-01-01T00:00:00Z")),
            Fence::Stale,
        ),
    ];
    for (change, fence) in cases {
        let id = s.kn.put(&s.ops, &note("fenced memory")).unwrap();
        let returned = s.kn.change_lifecycle(&s.ops, id, change).unwrap();
        assert_eq!(returned.fences(), [fence]);
        let read = s.kn.capsule(&s.ops, id).unwrap().lifecycle;
        assert_eq!(read, returned);
        assert!(read.is_fenced());
    }
    let id = s.kn.put(&s.ops, &note("replaced memory")).unwrap();
    s.kn.supersede(&s.ops, id, &note("replacement")).unwrap();
    assert_eq!(
        s.kn.capsule(&s.ops, id).unwrap().lifecycle.fences(),
        [Fence::Superseded]
    );
}

#[test]
fn c5_fences_combine_and_lift_one_by_one() {
    let s = store();
    let id = s.kn.put(&s.ops, &note("memory")).unwrap();
    s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Quarantine)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Archive)
        .unwrap();
    let l =
        s.kn.change_lifecycle(
            &s.ops,
            id,
            LifecycleChange::FreshUntil(t("2001-01-01T00:00:00Z")),
        )
        .unwrap();
    assert_eq!(
        l.fences(),
        [Fence::Quarantined, Fence::Archived, Fence::Stale]
    );
    s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Release)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Unarchive)
        .unwrap();
    let l =
        s.kn.change_lifecycle(&s.ops, id, LifecycleChange::ClearFreshness)
            .unwrap();
    assert!(!l.is_fenced());
    assert_eq!(l, Lifecycle::default());
    assert_eq!(hits(&s, "memory"), [id]);
}

#[test]
fn c5_staleness_follows_the_clock() {
    let s = store();
    let future = Timestamp::from_millis(Timestamp::now().as_millis() + 3_600_000);
    let id =
        s.kn.put(&s.ops, &note("fresh for an hour").fresh_until(future))
            .unwrap();
    let l = s.kn.capsule(&s.ops, id).unwrap().lifecycle;
    assert_eq!(l.fresh_until, Some(future));
    assert!(!l.stale);
    assert_eq!(hits(&s, "fresh hour"), [id]);
    // A put with a deadline already past is stale at once, without any further write.
    let past =
        s.kn.put(
            &s.ops,
            &note("fresh for an hour, long ago").fresh_until(t("2001-01-01T00:00:00Z")),
        )
        .unwrap();
    assert!(s.kn.capsule(&s.ops, past).unwrap().lifecycle.stale);
    assert_eq!(hits(&s, "fresh hour"), [id]);
    // Moving the deadline forward refreshes it.
    s.kn.change_lifecycle(&s.ops, past, LifecycleChange::FreshUntil(future))
        .unwrap();
    assert_eq!(hits(&s, "fresh hour").len(), 2);
}

#[test]
fn c5_senseless_transitions_are_refused_and_write_nothing() {
    let s = store();
    let id = s.kn.put(&s.ops, &note("memory")).unwrap();
    let log = audit_len(&s);
    for change in [
        LifecycleChange::Release,
        LifecycleChange::Unarchive,
        LifecycleChange::ClearFreshness,
    ] {
        let err = s.kn.change_lifecycle(&s.ops, id, change).unwrap_err();
        assert_eq!(err.code(), ErrorCode::FailedPrecondition, "{change:?}");
        assert!(err.to_string().contains(&id.to_string()), "{err}");
    }
    for change in [
        LifecycleChange::Quarantine,
        LifecycleChange::Archive,
        LifecycleChange::Falsify,
        LifecycleChange::FreshUntil(t("2030-01-01T00:00:00Z")),
    ] {
        s.kn.change_lifecycle(&s.ops, id, change).unwrap();
        let before = s.kn.capsule(&s.ops, id).unwrap().lifecycle;
        let err = s.kn.change_lifecycle(&s.ops, id, change).unwrap_err();
        assert_eq!(err.code(), ErrorCode::FailedPrecondition, "{change:?}");
        assert_eq!(s.kn.capsule(&s.ops, id).unwrap().lifecycle, before);
    }
    // Four changes succeeded; none of the seven refusals left an audit record.
    assert_eq!(audit_len(&s), log + 4);
}

#[test]
fn c5_a_forgotten_capsule_cannot_be_unarchived() {
    let s = store();
    let id = s.kn.put(&s.ops, &note("memory")).unwrap();
    s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Archive)
        .unwrap();
    s.kn.forget(&s.ops, id).unwrap();
    let err =
        s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Unarchive)
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::UnknownCapsule);
}

#[test]
fn c7_get_by_id_and_forget_removes_the_capsule_its_lifecycle_and_its_index_entries() {
    let s = store();
    let keep =
        s.kn.put(&s.ops, &note("the printer on floor two jams"))
            .unwrap();
    let gone =
        s.kn.put(
            &s.ops,
            &note("the printer on floor three is new").fresh_until(t("2030-01-01T00:00:00Z")),
        )
        .unwrap();
    s.kn.change_lifecycle(&s.ops, gone, LifecycleChange::Quarantine)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, gone, LifecycleChange::Release)
        .unwrap();
    assert_eq!(hits(&s, "printer").len(), 2);
    let score_before =
        s.kn.retrieve(&s.ops, &RetrieveRequest::new(SCOPE, "printer"))
            .unwrap()
            .hits[0]
            .score;

    s.kn.forget(&s.ops, gone).unwrap();
    assert_eq!(
        s.kn.capsule(&s.ops, gone).unwrap_err().code(),
        ErrorCode::UnknownCapsule
    );
    assert_eq!(hits(&s, "printer"), [keep]);
    assert!(hits(&s, "three new").is_empty());
    let listed: Vec<CapsuleId> =
        s.kn.capsules(&s.ops, SCOPE, None, 10)
            .unwrap()
            .iter()
            .map(|c| c.id)
            .collect();
    assert_eq!(listed, [keep]);
    // The statistics forgot it too: with one capsule left, "printer" is in every capsule.
    let score_after =
        s.kn.retrieve(&s.ops, &RetrieveRequest::new(SCOPE, "printer"))
            .unwrap()
            .hits[0]
            .score;
    assert_ne!(score_before, score_after);
    // Forgetting twice: the id is unknown now.
    assert_eq!(
        s.kn.forget(&s.ops, gone).unwrap_err().code(),
        ErrorCode::UnknownCapsule
    );
}

#[test]
fn c8_an_unknown_id_is_its_own_error_naming_the_id() {
    let s = store();
    let id = CapsuleId::new(404);
    let errors = [
        s.kn.capsule(&s.ops, id).unwrap_err(),
        s.kn.forget(&s.ops, id).unwrap_err(),
        s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Archive)
            .unwrap_err(),
        s.kn.supersede(&s.ops, id, &note("x")).unwrap_err(),
    ];
    for err in errors {
        assert_eq!(err.code(), ErrorCode::UnknownCapsule);
        assert_eq!(err.code().as_str(), "UNKNOWN_CAPSULE");
        assert!(err.to_string().contains("cap-404"), "{err}");
    }
    // A malformed id is an invalid argument, not an unknown capsule.
    let err = "cap-x".parse::<CapsuleId>().unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
}

#[test]
fn batched_puts_are_one_transaction() {
    let s = store();
    let ids =
        s.kn.put_batch(
            &s.ops,
            &[
                note("one"),
                NewCapsule::new("customer.42", "two"),
                note("three"),
            ],
        )
        .unwrap();
    assert_eq!(ids.len(), 3);
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(s.kn.capsule(&s.ops, ids[1]).unwrap().scope, "customer.42");
    assert!(s.kn.put_batch(&s.ops, &[]).unwrap().is_empty());

    // An invalid capsule anywhere rejects the whole batch, naming it.
    let err =
        s.kn.put_batch(&s.ops, &[note("four"), note("  "), note("five")])
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("capsules[1].content"), "{err}");
    // An unknown scope found inside the transaction aborts it: nothing was written, and the
    // id counter did not move.
    let err =
        s.kn.put_batch(&s.ops, &[note("four"), NewCapsule::new("nowhere", "five")])
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    assert!(hits(&s, "four").is_empty());
    assert_eq!(s.kn.capsules(&s.ops, SCOPE, None, 10).unwrap().len(), 2);
    let next = s.kn.put(&s.ops, &note("four")).unwrap();
    assert_eq!(next.get(), ids[2].get() + 1);
}

#[test]
fn bad_input_content_bounds_at_the_limit_and_one_past() {
    let s = store();
    for blank in ["", " ", "\n\t "] {
        let err = s.kn.put(&s.ops, &note(blank)).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument);
        assert!(err.to_string().starts_with("content: is empty"), "{err}");
    }
    // The bound counts bytes: 'é' is two.
    let at_limit = "é".repeat(MAX_CONTENT_BYTES / 2);
    assert_eq!(at_limit.len(), MAX_CONTENT_BYTES);
    let id = s.kn.put(&s.ops, &note(&at_limit)).unwrap();
    assert_eq!(s.kn.capsule(&s.ops, id).unwrap().content, at_limit);
    let past = format!("{at_limit}x");
    let err = s.kn.put(&s.ops, &note(&past)).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    let message = err.to_string();
    assert!(
        message.contains("content") && message.contains("32768"),
        "{message}"
    );
}

#[test]
fn bad_input_scope_ids_and_unknown_scopes() {
    let s = store();
    let err =
        s.kn.put(&s.ops, &NewCapsule::new("bad scope", "x"))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().starts_with("scope:"), "{err}");
    let err =
        s.kn.put(&s.ops, &NewCapsule::new("nowhere", "x"))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
}

#[test]
fn bad_input_metadata_bounds_at_the_limit_and_one_past() {
    let s = store();
    let mut full = note("x");
    for i in 0..MAX_METADATA_ENTRIES {
        full = full.meta(format!("k{i}"), "v");
    }
    s.kn.put(&s.ops, &full).unwrap();
    let err =
        s.kn.put(&s.ops, &full.clone().meta("one.more", "v"))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("metadata"), "{err}");

    let key = "k".repeat(MAX_METADATA_KEY_CHARS);
    s.kn.put(&s.ops, &note("x").meta(key.clone(), "v")).unwrap();
    let err =
        s.kn.put(&s.ops, &note("x").meta(format!("{key}k"), "v"))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);

    for bad in ["", "two words", "a:b", "line\nbreak"] {
        let err = s.kn.put(&s.ops, &note("x").meta(bad, "v")).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{bad:?}");
        assert!(err.to_string().contains("metadata"), "{err}");
    }

    let value = "v".repeat(MAX_METADATA_VALUE_BYTES);
    s.kn.put(&s.ops, &note("x").meta("k", value.clone()))
        .unwrap();
    let err =
        s.kn.put(&s.ops, &note("x").meta("k", format!("{value}v")))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().starts_with("metadata.k:"), "{err}");
}

#[test]
fn bad_input_fact_time_from_after_until_and_oversized_batches() {
    let s = store();
    let err =
        s.kn.put(
            &s.ops,
            &note("x").fact_time(FactTime::between(
                t("2024-02-01T00:00:00Z"),
                t("2024-01-01T00:00:00Z"),
            )),
        )
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("fact_time"), "{err}");
    let no_bound: FactTime = serde_json::from_str("{}").unwrap();
    let err =
        s.kn.put(&s.ops, &note("x").fact_time(no_bound))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);

    let batch = vec![note("x"); MAX_BATCH + 1];
    let err = s.kn.put_batch(&s.ops, &batch).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("10000"), "{err}");
    assert!(s.kn.capsules(&s.ops, SCOPE, None, 10).unwrap().is_empty());
}

#[test]
fn a6_capsule_calls_check_permission_then_reach() {
    let s = store();
    let id = s.kn.put(&s.ops, &note("secret plan")).unwrap();
    let sales =
        s.kn.put(&s.ops, &NewCapsule::new("bot.sales", "pricing"))
            .unwrap();

    // Reach over bot.support only, read and write.
    let agent = Principal::api_key("key-1")
        .grant(Permission::MemoryRead)
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::parse("bot.support").unwrap());
    assert_eq!(s.kn.capsule(&agent, id).unwrap().id, id);
    agent_cannot_see(&s, &agent, sales);
    let err =
        s.kn.put(&agent, &NewCapsule::new("bot.sales", "x"))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    // Subject reach does not grant agent reach.
    let subject_only = Principal::api_key("key-2")
        .grant(Permission::MemoryRead)
        .grant(Permission::MemoryWrite)
        .reach_subjects(Selector::Any);
    agent_cannot_see(&s, &subject_only, id);

    // Reach without the permission: refused before any lookup.
    let reader = Principal::api_key("key-3")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::Any);
    assert_eq!(s.kn.capsule(&reader, id).unwrap().id, id);
    let err = s.kn.put(&reader, &note("x")).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    assert!(err.to_string().contains("agent.memory:write"), "{err}");
    assert_eq!(
        s.kn.forget(&reader, id).unwrap_err().code(),
        ErrorCode::PermissionDenied
    );
    assert_eq!(
        s.kn.forget(&reader, CapsuleId::new(999))
            .unwrap_err()
            .code(),
        ErrorCode::PermissionDenied,
        "permission is checked before the id is looked up"
    );
    let writer = Principal::api_key("key-4")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::Any);
    assert_eq!(
        s.kn.capsule(&writer, id).unwrap_err().code(),
        ErrorCode::PermissionDenied
    );
    assert_eq!(
        s.kn.retrieve(&writer, &RetrieveRequest::new(SCOPE, "plan"))
            .unwrap_err()
            .code(),
        ErrorCode::PermissionDenied
    );
    // Nothing the refused calls attempted happened.
    assert!(!s.kn.capsule(&s.ops, id).unwrap().lifecycle.is_fenced());
}

/// Every capsule call answers an unreached capsule exactly like a missing one (A5, C8).
fn agent_cannot_see(s: &Store, who: &Principal, id: CapsuleId) {
    let missing = CapsuleId::new(9999);
    for probe in [id, missing] {
        let errors = [
            s.kn.capsule(who, probe).unwrap_err(),
            s.kn.forget(who, probe).unwrap_err(),
            s.kn.change_lifecycle(who, probe, LifecycleChange::Archive)
                .unwrap_err(),
        ];
        for err in errors {
            assert_eq!(err.code(), ErrorCode::UnknownCapsule);
            assert_eq!(
                err.to_string(),
                kenning::Error::UnknownCapsule { id: probe }.to_string()
            );
        }
    }
    assert!(!s.kn.capsule(&s.ops, id).unwrap().lifecycle.archived);
}

#[test]
fn listing_pages_through_a_scope_in_id_order() {
    let s = store();
    let ids =
        s.kn.put_batch(
            &s.ops,
            &(0..5).map(|i| note(&format!("n{i}"))).collect::<Vec<_>>(),
        )
        .unwrap();
    s.kn.put(&s.ops, &NewCapsule::new("bot.sales", "elsewhere"))
        .unwrap();
    let first = s.kn.capsules(&s.ops, SCOPE, None, 2).unwrap();
    let rest = s.kn.capsules(&s.ops, SCOPE, Some(first[1].id), 10).unwrap();
    let all: Vec<CapsuleId> = first.iter().chain(&rest).map(|c| c.id).collect();
    assert_eq!(all, ids);
    assert_eq!(
        s.kn.capsules(&s.ops, SCOPE, None, 0).unwrap_err().code(),
        ErrorCode::InvalidArgument
    );
}
