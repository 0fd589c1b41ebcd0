//! The embedding sidecar through the facade: attach and replace (E1), the resident embedder
//! (E2), refusals (E3), the bit-exact round trip (E4), the listing (E5), unknown capsules (E6),
//! audit and canonical bytes (E7), forget (C7), migration, permissions and reach (A5, A6).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::AttachRequest;
use kenning::{
    Attachment, CapsuleId, EmbeddingAnswer, ErrorCode, Kenning, Lane, LifecycleChange, MAX_BATCH,
    NewCapsule, Permission, Principal, RetrieveRequest, ScopeKind, Selector,
};

const SCOPE: &str = "bot.support";
const OTHER: &str = "bot.sales";
const TAG: &str = "all-MiniLM-L6-v2";

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
    kn.register_scope(&ops, OTHER, ScopeKind::Agent).unwrap();
    Store { _dir: dir, kn, ops }
}

fn put(s: &Store, scope: &str, content: &str) -> CapsuleId {
    s.kn.put(&s.ops, &NewCapsule::new(scope, content)).unwrap()
}

fn attach(s: &Store, id: CapsuleId, v: &[f32]) -> Attachment {
    s.kn.attach_embedding(&s.ops, id, v, TAG).unwrap()
}

fn listed(s: &Store, scope: &str) -> Vec<CapsuleId> {
    s.kn.embeddings(&s.ops, scope)
        .unwrap()
        .iter()
        .map(|e| e.capsule_id)
        .collect()
}

fn vector_hits(s: &Store, scope: &str, q: &[f32]) -> Vec<CapsuleId> {
    let request = RetrieveRequest::by_embedding(scope, q.to_vec())
        .lane(Lane::Vector)
        .limit(100);
    s.kn.retrieve(&s.ops, &request)
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
fn e1_attach_records_and_a_second_attach_replaces() {
    let s = store();
    let id = put(&s, SCOPE, "Ana prefers email.");
    let first = attach(&s, id, &[1.0, 0.0, 0.0]);
    assert!(first.recorded);
    assert!(!first.replaced);
    assert_eq!(
        serde_json::to_string(&first).unwrap(),
        r#"{"recorded":true,"replaced":false}"#
    );
    let second = attach(&s, id, &[0.0, 1.0, 0.0]);
    assert!(second.recorded);
    assert!(second.replaced, "a second attach replaces and says so");
    // One embedding per capsule: the new vector, listed once.
    assert_eq!(
        s.kn.embedding(&s.ops, id).unwrap(),
        Some(vec![0.0, 1.0, 0.0])
    );
    assert_eq!(listed(&s, SCOPE), [id]);
    // The vector lane sees the replacement, not the old vector.
    let r =
        s.kn.retrieve(
            &s.ops,
            &RetrieveRequest::by_embedding(SCOPE, vec![0.0, 1.0, 0.0]).lane(Lane::Vector),
        )
        .unwrap();
    assert_eq!(r.hits[0].score, 1.0);
}

#[test]
fn e2_the_first_attach_elects_the_resident_tag_and_another_tag_is_refused_naming_it() {
    let s = store();
    let a = put(&s, SCOPE, "first");
    let b = put(&s, OTHER, "second");
    assert_eq!(s.kn.embedder(&s.ops).unwrap(), None);
    attach(&s, a, &[0.6, 0.8]);
    let resident = s.kn.embedder(&s.ops).unwrap().unwrap();
    assert_eq!(resident.model_tag, TAG);
    assert_eq!(resident.dimension, 2);

    let audit = audit_len(&s);
    // Another tag, in another scope and with the right dimension: refused store-wide.
    let err =
        s.kn.attach_embedding(&s.ops, b, &[1.0, 0.0], "text-embedding-3-small");
    let err = err.unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
    let message = err.to_string();
    assert!(message.contains(&format!("{TAG:?}")), "{message}");
    assert!(message.contains("\"text-embedding-3-small\""), "{message}");
    assert!(message.contains("migrate"), "the fix is named: {message}");
    // The refusal wrote nothing: no embedding, no audit record.
    assert_eq!(s.kn.embedding(&s.ops, b).unwrap(), None);
    assert_eq!(audit_len(&s), audit);
    // Tags are compared byte for byte.
    let err =
        s.kn.attach_embedding(&s.ops, b, &[1.0, 0.0], &TAG.to_uppercase());
    assert_eq!(err.unwrap_err().code(), ErrorCode::FailedPrecondition);
}

#[test]
fn e2_forgetting_the_last_embedding_frees_the_election() {
    let s = store();
    let a = put(&s, SCOPE, "first");
    let b = put(&s, SCOPE, "second");
    attach(&s, a, &[0.6, 0.8]);
    s.kn.forget(&s.ops, a).unwrap();
    assert_eq!(s.kn.embedder(&s.ops).unwrap(), None);
    // With no embedding left, nothing is compared: another model and dimension are elected.
    s.kn.attach_embedding(&s.ops, b, &[1.0, 2.0, 3.0], "other-model")
        .unwrap();
    let resident = s.kn.embedder(&s.ops).unwrap().unwrap();
    assert_eq!(
        (resident.model_tag.as_str(), resident.dimension),
        ("other-model", 3)
    );
}

#[test]
fn e3_each_refusal_is_an_invalid_argument_that_teaches_the_fix() {
    let s = store();
    let id = put(&s, SCOPE, "a memory");
    attach(&s, id, &[1.0, 0.0, 0.0]);
    let audit = audit_len(&s);
    let refused = |v: &[f32], tag: &str, expect: &[&str]| {
        let err = s.kn.attach_embedding(&s.ops, id, v, tag).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{err}");
        let message = err.to_string();
        for part in expect {
            assert!(message.contains(part), "{message:?} lacks {part:?}");
        }
    };
    refused(&[], TAG, &["embedding is empty"]);
    refused(&[1.0, f32::NAN, 0.0], TAG, &["embedding[1] is NaN"]);
    refused(&[f32::INFINITY, 0.0, 0.0], TAG, &["embedding[0] is inf"]);
    refused(
        &[0.0, f32::NEG_INFINITY, 0.0],
        TAG,
        &["embedding[1] is -inf"],
    );
    refused(
        &[0.0, -0.0, 0.0],
        TAG,
        &["zero magnitude", "cosine is undefined"],
    );
    refused(
        &[1.0, 0.0, 0.0],
        "",
        &["model_tag is empty", "name the model"],
    );
    refused(&[1.0, 0.0, 0.0], "  ", &["model_tag is empty"]);
    refused(
        &[1.0, 0.0],
        TAG,
        &["embedding has 2 dimensions", "3", TAG, "migrate"],
    );
    refused(&[1.0, 0.0, 0.0, 0.0], TAG, &["4 dimensions"]);
    // Nothing was written by any refusal.
    assert_eq!(
        s.kn.embedding(&s.ops, id).unwrap(),
        Some(vec![1.0, 0.0, 0.0])
    );
    assert_eq!(audit_len(&s), audit);
}

#[test]
fn e4_the_vector_round_trips_bit_for_bit() {
    let s = store();
    let id = put(&s, SCOPE, "a memory");
    let v: Vec<f32> = vec![
        0.1,
        -0.0,
        f32::MIN_POSITIVE,
        f32::from_bits(1), // the smallest subnormal
        -3.402_823_5e10,
        1.0 / 3.0,
        std::f32::consts::PI,
        -7.5e-9,
    ];
    attach(&s, id, &v);
    let back = s.kn.embedding(&s.ops, id).unwrap().unwrap();
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&back), bits(&v));
    // Also after a reopen, from the file.
    let path = s.kn.path().to_owned();
    drop(s.kn);
    let kn = Kenning::open(&path).unwrap();
    let back = kn.embedding(&s.ops, id).unwrap().unwrap();
    assert_eq!(bits(&back), bits(&v));
    // A capsule without an embedding reads as none.
    let plain = kn.put(&s.ops, &NewCapsule::new(SCOPE, "plain")).unwrap();
    assert_eq!(kn.embedding(&s.ops, plain).unwrap(), None);
}

#[test]
fn e5_the_listing_is_per_scope_in_append_order_without_vectors() {
    let s = store();
    let ids: Vec<CapsuleId> = (0..4)
        .map(|i| put(&s, SCOPE, &format!("memory {i}")))
        .collect();
    let elsewhere = put(&s, OTHER, "another scope");
    assert!(listed(&s, SCOPE).is_empty());
    // Append order is the order of first attach, not of ids.
    for &i in &[2, 0, 3] {
        attach(&s, ids[i], &[1.0, i as f32]);
    }
    attach(&s, elsewhere, &[0.5, 0.5]);
    assert_eq!(listed(&s, SCOPE), [ids[2], ids[0], ids[3]]);
    assert_eq!(listed(&s, OTHER), [elsewhere]);
    // A replace keeps the place.
    assert!(attach(&s, ids[0], &[2.0, 2.0]).replaced);
    assert_eq!(listed(&s, SCOPE), [ids[2], ids[0], ids[3]]);
    // A forget frees it; a new attach goes last.
    s.kn.forget(&s.ops, ids[2]).unwrap();
    attach(&s, ids[1], &[1.0, 1.0]);
    assert_eq!(listed(&s, SCOPE), [ids[0], ids[3], ids[1]]);
    // Each entry names the capsule, the dimension and the model, and nothing more.
    let entries = s.kn.embeddings(&s.ops, SCOPE).unwrap();
    assert!(
        entries
            .iter()
            .all(|e| e.dimension == 2 && e.model_tag == TAG)
    );
    let json = serde_json::to_value(&entries[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"capsule_id": ids[0].to_string(), "dimension": 2, "model_tag": TAG})
    );
    // A scope never registered, or out of reach, is not found.
    let err = s.kn.embeddings(&s.ops, "bot.nowhere").unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
}

#[test]
fn e6_an_unknown_capsule_is_the_c8_error_however_it_is_unknown() {
    let s = store();
    let forgotten = put(&s, SCOPE, "soon gone");
    s.kn.forget(&s.ops, forgotten).unwrap();
    let secret = put(&s, OTHER, "in a scope the key does not reach");
    let never = CapsuleId::new(9_999);
    let writer = Principal::api_key("k")
        .grant(Permission::MemoryWrite)
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse(SCOPE).unwrap());

    let message = |who: &Principal, id: CapsuleId| {
        let err = s.kn.attach_embedding(who, id, &[1.0], TAG).unwrap_err();
        assert_eq!(err.code(), ErrorCode::UnknownCapsule, "{err}");
        assert!(err.to_string().contains(&id.to_string()), "{err}");
        err.to_string().replace(&id.to_string(), "ID")
    };
    let shapes = [
        message(&s.ops, never),
        message(&s.ops, forgotten),
        message(&writer, secret),
    ];
    // A5: the capsule out of reach reads exactly like one that never existed.
    assert!(shapes.iter().all(|m| *m == shapes[0]), "{shapes:?}");
    let err = s.kn.embedding(&writer, secret).unwrap_err();
    assert_eq!(err.code(), ErrorCode::UnknownCapsule);
    assert_eq!(s.kn.embedder(&s.ops).unwrap(), None, "nothing was elected");
}

#[test]
fn e7_attach_is_audited_with_the_replaced_flag() {
    let s = store();
    let id = put(&s, SCOPE, "a memory");
    attach(&s, id, &[1.0, 0.0]);
    attach(&s, id, &[0.0, 1.0]);
    let log = s.kn.audit_log(&s.ops, 0, usize::MAX).unwrap();
    let attaches: Vec<_> = log
        .iter()
        .filter(|r| r.action == "embedding.attach")
        .collect();
    assert_eq!(attaches.len(), 2);
    for (record, replaced) in attaches.iter().zip([false, true]) {
        assert_eq!(record.target, id.to_string());
        assert_eq!(record.principal, "session:ops");
        assert_eq!(record.detail["replaced"], replaced);
        assert_eq!(record.detail["scope"], SCOPE);
        assert_eq!(record.detail["model_tag"], TAG);
        assert_eq!(record.detail["dimension"], 2);
    }
}

#[test]
fn e7_dropping_every_embedding_loses_no_canonical_byte() {
    let s = store();
    let ids: Vec<CapsuleId> = (0..5)
        .map(|i| put(&s, SCOPE, &format!("note {i} about the printer")))
        .collect();
    s.kn.change_lifecycle(&s.ops, ids[1], LifecycleChange::Archive)
        .unwrap();
    let before = s.kn.capsules(&s.ops, SCOPE, None, 100).unwrap();
    let term_before =
        s.kn.retrieve(&s.ops, &RetrieveRequest::new(SCOPE, "printer"));
    for (i, &id) in ids.iter().enumerate() {
        attach(&s, id, &[1.0, i as f32]);
    }
    assert_eq!(s.kn.capsules(&s.ops, SCOPE, None, 100).unwrap(), before);

    // Drop every embedding of the store.
    let cleared = s.kn.migrate_embedder(&s.ops, "next-model", &[]).unwrap();
    assert_eq!((cleared.removed, cleared.attached), (5, 0));
    assert!(listed(&s, SCOPE).is_empty());
    assert_eq!(s.kn.embedder(&s.ops).unwrap(), None);
    assert!(vector_hits(&s, SCOPE, &[1.0, 0.0]).is_empty());
    assert_eq!(s.kn.capsules(&s.ops, SCOPE, None, 100).unwrap(), before);
    let term_after =
        s.kn.retrieve(&s.ops, &RetrieveRequest::new(SCOPE, "printer"));
    assert_eq!(term_after.unwrap(), term_before.unwrap());
}

#[test]
fn c7_forget_removes_the_embedding_with_the_capsule() {
    let s = store();
    let keep = put(&s, SCOPE, "kept");
    let gone = put(&s, SCOPE, "forgotten");
    attach(&s, keep, &[1.0, 0.0]);
    attach(&s, gone, &[0.9, 0.1]);
    assert_eq!(vector_hits(&s, SCOPE, &[1.0, 0.0]), [keep, gone]);
    s.kn.forget(&s.ops, gone).unwrap();
    assert_eq!(listed(&s, SCOPE), [keep]);
    assert_eq!(vector_hits(&s, SCOPE, &[1.0, 0.0]), [keep]);
    assert_eq!(
        s.kn.embedding(&s.ops, gone).unwrap_err().code(),
        ErrorCode::UnknownCapsule
    );
    // Also in the file: a reopened store rebuilds its vectors without it.
    let path = s.kn.path().to_owned();
    drop(s.kn);
    let kn = Kenning::open(&path).unwrap();
    let r = kn
        .retrieve(
            &s.ops,
            &RetrieveRequest::by_embedding(SCOPE, vec![1.0, 0.0]).lane(Lane::Vector),
        )
        .unwrap();
    assert_eq!(
        r.hits.iter().map(|h| h.capsule.id).collect::<Vec<_>>(),
        [keep]
    );
}

#[test]
fn a6_attach_needs_the_write_permission_and_listing_the_read_permission() {
    let s = store();
    let id = put(&s, SCOPE, "a memory");
    let reader = Principal::api_key("r")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.*").unwrap());
    let err = s.kn.attach_embedding(&reader, id, &[1.0], TAG).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    assert!(err.to_string().contains("agent.memory:write"), "{err}");
    let writer = Principal::api_key("w")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::parse("bot.*").unwrap());
    assert!(
        s.kn.attach_embedding(&writer, id, &[1.0], TAG)
            .unwrap()
            .recorded
    );
    let err = s.kn.embeddings(&writer, SCOPE).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    assert_eq!(s.kn.embeddings(&reader, SCOPE).unwrap().len(), 1);
    // Reach: a reader of other scopes is told the scope does not exist (A5).
    let stranger = Principal::api_key("x")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.elsewhere").unwrap());
    assert_eq!(
        s.kn.embeddings(&stranger, SCOPE).unwrap_err().code(),
        ErrorCode::NotFound
    );
}

#[test]
fn a_batch_attaches_all_or_nothing() {
    let s = store();
    let a = put(&s, SCOPE, "a");
    let b = put(&s, OTHER, "b");
    let audit = audit_len(&s);
    // A bad vector is refused before anything is written, naming its place.
    let err =
        s.kn.attach_embeddings(&s.ops, &[(a, &[1.0, 0.0]), (b, &[0.0, 0.0])], TAG)
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().starts_with("embeddings[1]"), "{err}");
    // An unknown capsule after a good one aborts the whole batch.
    let err =
        s.kn.attach_embeddings(
            &s.ops,
            &[(a, &[1.0, 0.0]), (CapsuleId::new(404), &[0.0, 1.0])],
            TAG,
        )
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::UnknownCapsule);
    assert_eq!(s.kn.embedding(&s.ops, a).unwrap(), None);
    assert!(vector_hits(&s, SCOPE, &[1.0, 0.0]).is_empty());
    assert_eq!(s.kn.embedder(&s.ops).unwrap(), None);
    assert_eq!(audit_len(&s), audit);
    // A good batch: one answer per item, across scopes, audited as one record.
    let done =
        s.kn.attach_embeddings(
            &s.ops,
            &[(a, &[1.0, 0.0]), (b, &[0.0, 1.0]), (a, &[1.0, 1.0])],
            TAG,
        )
        .unwrap();
    assert_eq!(
        done.iter().map(|d| d.replaced).collect::<Vec<_>>(),
        [false, false, true]
    );
    assert_eq!(audit_len(&s), audit + 1);
    let record =
        s.kn.audit_log(&s.ops, 0, usize::MAX)
            .unwrap()
            .pop()
            .unwrap();
    assert_eq!(record.detail["count"], 3);
    assert_eq!(
        record.detail["scopes"],
        serde_json::json!([OTHER, SCOPE]),
        "sorted"
    );
    assert_eq!(
        record.detail["replaced"],
        serde_json::json!([a.to_string()])
    );
    assert_eq!(s.kn.embedding(&s.ops, a).unwrap(), Some(vec![1.0, 1.0]));
    assert_eq!(vector_hits(&s, OTHER, &[0.0, 1.0]), [b]);
    assert!(s.kn.attach_embeddings(&s.ops, &[], TAG).unwrap().is_empty());
    // The batch bound, at the limit and one past.
    let v = [1.0_f32, 0.0];
    let at_limit: Vec<(CapsuleId, &[f32])> = vec![(a, &v[..]); MAX_BATCH];
    let err =
        s.kn.attach_embeddings(&s.ops, &[at_limit.as_slice(), &[(a, &v[..])]].concat(), TAG)
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("10000"), "{err}");
    assert_eq!(
        s.kn.attach_embeddings(&s.ops, &at_limit, TAG)
            .unwrap()
            .len(),
        MAX_BATCH
    );
}

#[test]
fn e2_migration_switches_the_embedder_in_one_audited_transaction() {
    let s = store();
    let a = put(&s, SCOPE, "a");
    let b = put(&s, OTHER, "b");
    attach(&s, a, &[1.0, 0.0]);
    attach(&s, b, &[0.0, 1.0]);
    // A migration that fails half-way leaves every embedding of the old model in place.
    let err =
        s.kn.migrate_embedder(
            &s.ops,
            "model-v2",
            &[
                (a, &[1.0, 0.0, 0.0]),
                (CapsuleId::new(77), &[0.0, 1.0, 0.0]),
            ],
        )
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::UnknownCapsule);
    assert_eq!(s.kn.embedder(&s.ops).unwrap().unwrap().model_tag, TAG);
    assert_eq!(vector_hits(&s, SCOPE, &[1.0, 0.0]), [a]);
    assert_eq!(vector_hits(&s, OTHER, &[0.0, 1.0]), [b]);

    // A principal that does not reach every scope may not migrate.
    let partial = Principal::api_key("p")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::parse(SCOPE).unwrap());
    let err =
        s.kn.migrate_embedder(&partial, "model-v2", &[(a, &[1.0, 0.0, 0.0])])
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);

    let done =
        s.kn.migrate_embedder(&s.ops, "model-v2", &[(a, &[0.0, 0.0, 1.0])])
            .unwrap();
    assert_eq!((done.removed, done.attached), (2, 1));
    let resident = s.kn.embedder(&s.ops).unwrap().unwrap();
    assert_eq!(
        (resident.model_tag.as_str(), resident.dimension),
        ("model-v2", 3)
    );
    assert_eq!(vector_hits(&s, SCOPE, &[0.0, 0.0, 1.0]), [a]);
    assert!(listed(&s, OTHER).is_empty(), "b awaits its new vector");
    let log = s.kn.audit_log(&s.ops, 0, usize::MAX).unwrap();
    let migrate = log
        .iter()
        .find(|r| r.action == "embedding.migrate")
        .unwrap();
    assert_eq!(migrate.detail["removed"], 2);
    assert_eq!(migrate.detail["from"], TAG);
    assert_eq!(migrate.detail["to"], "model-v2");
    // The rest continues under the new tag; the old one is now refused.
    attach_tagged(&s, b, &[1.0, 0.0, 0.0], "model-v2");
    let err =
        s.kn.attach_embedding(&s.ops, b, &[1.0, 0.0], TAG)
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
}

fn attach_tagged(s: &Store, id: CapsuleId, v: &[f32], tag: &str) {
    s.kn.attach_embedding(&s.ops, id, v, tag).unwrap();
}

#[test]
fn the_seed_wire_request_attaches_or_lists_within_the_named_scope() {
    let s = store();
    let id = put(&s, SCOPE, "a");
    let elsewhere = put(&s, OTHER, "b");
    let call = |scope: &str, body: &str| {
        let request: AttachRequest = serde_json::from_str(body).unwrap();
        s.kn.embedding_request(&s.ops, scope, request)
    };
    let body = |id: CapsuleId| {
        format!(r#"{{"capsule_id": "{id}", "embedding": [0.6, 0.8], "model_tag": "{TAG}"}}"#)
    };
    let answer = call(SCOPE, &body(id)).unwrap();
    assert_eq!(
        serde_json::to_value(&answer).unwrap(),
        serde_json::json!({"recorded": true, "replaced": false})
    );
    // The `id` alias.
    let alias = format!(r#"{{"id": "{id}", "embedding": [0.8, 0.6], "model_tag": "{TAG}"}}"#);
    let EmbeddingAnswer::Attached(again) = call(SCOPE, &alias).unwrap() else {
        panic!("an attach body attaches")
    };
    assert!(again.replaced);
    // A capsule of another scope is unknown in this one.
    let err = call(SCOPE, &body(elsewhere)).unwrap_err();
    assert_eq!(err.code(), ErrorCode::UnknownCapsule);
    // An empty body lists.
    let EmbeddingAnswer::Listed(list) = call(SCOPE, "{}").unwrap() else {
        panic!("an empty body lists")
    };
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].capsule_id, id);
    assert_eq!(
        serde_json::to_value(call(SCOPE, "{}").unwrap()).unwrap(),
        serde_json::json!([{"capsule_id": id.to_string(), "dimension": 2, "model_tag": TAG}])
    );
    // A partial body says what is missing.
    let err = call(SCOPE, &format!(r#"{{"id": "{id}", "model_tag": "{TAG}"}}"#)).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(
        err.to_string().starts_with("embedding: is missing"),
        "{err}"
    );
    // An unknown scope is not found, for an attach as for a list.
    assert_eq!(
        call("bot.nowhere", &body(id)).unwrap_err().code(),
        ErrorCode::NotFound
    );
    assert_eq!(
        call("bot.nowhere", "{}").unwrap_err().code(),
        ErrorCode::NotFound
    );
}

#[test]
fn a_read_only_handle_recalls_by_vector_and_refuses_to_attach() {
    let s = store();
    let a = put(&s, SCOPE, "alpha");
    let b = put(&s, SCOPE, "beta");
    attach(&s, a, &[1.0, 0.0]);
    attach(&s, b, &[0.0, 1.0]);
    let path = s.kn.path().to_owned();
    drop(s.kn);
    let ro = Kenning::open_read_only(&path).unwrap();
    let r = ro
        .retrieve(
            &s.ops,
            &RetrieveRequest::by_embedding(SCOPE, vec![0.1, 1.0]).lane(Lane::Vector),
        )
        .unwrap();
    assert_eq!(
        r.hits.iter().map(|h| h.capsule.id).collect::<Vec<_>>(),
        [b, a]
    );
    let err = ro
        .attach_embedding(&s.ops, a, &[1.0, 1.0], TAG)
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
    assert_eq!(ro.embeddings(&s.ops, SCOPE).unwrap().len(), 2);
}

#[test]
fn e1_capsules_and_their_embeddings_are_put_in_one_transaction() {
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "s", ScopeKind::Agent).unwrap();
    let capsules = [
        NewCapsule::new("s", "first"),
        NewCapsule::new("s", "second, without a vector"),
        NewCapsule::new("s", "third"),
    ];
    let before = kn.audit_log(&ops, 0, usize::MAX).unwrap().len();

    // A bad vector anywhere refuses the whole batch: no capsule, no embedding, no audit.
    let bad: [Option<&[f32]>; 3] = [Some(&[1.0, 0.0]), None, Some(&[f32::NAN, 1.0])];
    let err = kn
        .put_batch_with_embeddings(&ops, &capsules, &bad, "m")
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().contains("embeddings[2]"), "{err}");
    assert!(kn.capsules(&ops, "s", None, 10).unwrap().is_empty());
    let short: [Option<&[f32]>; 1] = [None];
    assert_eq!(
        kn.put_batch_with_embeddings(&ops, &capsules, &short, "m")
            .unwrap_err()
            .code(),
        ErrorCode::InvalidArgument
    );

    let good: [Option<&[f32]>; 3] = [Some(&[1.0, 0.0]), None, Some(&[0.0, 1.0])];
    let ids = kn
        .put_batch_with_embeddings(&ops, &capsules, &good, "m")
        .unwrap();
    assert_eq!(ids.len(), 3);
    assert_eq!(kn.embedding(&ops, ids[0]).unwrap(), Some(vec![1.0, 0.0]));
    assert_eq!(kn.embedding(&ops, ids[1]).unwrap(), None);
    assert_eq!(kn.embedding(&ops, ids[2]).unwrap(), Some(vec![0.0, 1.0]));
    let listed: Vec<_> = kn.embeddings(&ops, "s").unwrap();
    assert_eq!(listed.len(), 2);
    let log = kn.audit_log(&ops, 0, usize::MAX).unwrap();
    assert_eq!(
        log.len() - before,
        1,
        "one embedding.attach record for the call"
    );
    let record = log.last().unwrap();
    assert_eq!(
        (record.action.as_str(), record.target.as_str()),
        ("embedding.attach", "batch")
    );
    let (first, third) = (ids[0].to_string(), ids[2].to_string());
    assert_eq!(record.detail["count"], 2);
    assert_eq!(
        record.detail["capsules"],
        serde_json::json!([[first, first], [third, third]]),
        "ranges of consecutive capsules: the second capsule has no vector"
    );
    assert_eq!(record.detail["scopes"], serde_json::json!(["s"]));
}

#[test]
fn e7_a_batch_is_audited_once_naming_every_capsule_and_every_replace() {
    let s = store();
    let ids: Vec<CapsuleId> = (0..5)
        .map(|i| put(&s, SCOPE, &format!("memory {i}")))
        .collect();
    attach(&s, ids[3], &[1.0, 1.0]);
    let before = s.kn.audit_log(&s.ops, 0, usize::MAX).unwrap().len();
    let v = [0.5_f32, 1.0];
    let pairs: Vec<(CapsuleId, &[f32])> = [ids[4], ids[0], ids[1], ids[3]]
        .iter()
        .map(|id| (*id, v.as_slice()))
        .collect();
    s.kn.attach_embeddings(&s.ops, &pairs, TAG).unwrap();
    let log = s.kn.audit_log(&s.ops, 0, usize::MAX).unwrap();
    assert_eq!(log.len(), before + 1);
    let record = log.last().unwrap();
    assert_eq!(
        (record.action.as_str(), record.target.as_str()),
        ("embedding.attach", "batch")
    );
    assert_eq!(record.principal, "session:ops");
    let name = |i: usize| ids[i].to_string();
    assert_eq!(
        record.detail,
        serde_json::json!({
            "count": 4,
            "capsules": [[name(0), name(1)], [name(3), name(4)]],
            "scopes": [SCOPE],
            "replaced": [name(3)],
            "dimension": 2,
            "model_tag": TAG,
        })
    );
}
