//! The derived copies an open loads: the vector copy saved in the file at a clean close (read
//! back instead of rebuilt from every embedding), and the fence index built from the lifecycle
//! table. Checked through the public door only: every lane of `retrieve` must answer after a
//! reopen exactly as the same store answered before it, whether the open read the saved copy
//! (clean close) or had to rebuild it (a crash after later writes made it stale), and fences
//! set after the vectors were stored must hold in the vector lane at once, in held snapshots as
//! of their own state, and after every kind of reopen (R4, E4).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use kenning::{
    CapsuleId, Kenning, Lane, LifecycleChange, MemoryStorage, NewCapsule, Principal,
    RetrieveRequest, ScopeKind, Timestamp,
};
use support::{MODEL, vector};

fn ops() -> Principal {
    Principal::operator("ops")
}

/// `n` capsules with embeddings in `scope`, in batches.
fn fill(kn: &Kenning, scope: &str, from: u64, n: u64) -> Vec<CapsuleId> {
    let mut ids = Vec::new();
    for part in (from..from + n).collect::<Vec<_>>().chunks(500) {
        let capsules: Vec<NewCapsule> = part
            .iter()
            .map(|i| NewCapsule::new(scope, format!("memo {i} about topic {}", i % 37)))
            .collect();
        let vectors: Vec<Vec<f32>> = part.iter().map(|&i| vector(i)).collect();
        let embeddings: Vec<Option<&[f32]>> = vectors.iter().map(|v| Some(v.as_slice())).collect();
        ids.extend(
            kn.put_batch_with_embeddings(&ops(), &capsules, &embeddings, MODEL)
                .unwrap(),
        );
    }
    ids
}

/// Every lane's answer to a fixed set of queries, in every scope: ids, scores and lane ranks.
fn answers(kn: &Kenning, scopes: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for scope in scopes {
        for q in 0..12_u64 {
            let embedding = vector(q * 7 + 3);
            for (lane, request) in [
                (
                    "vector",
                    RetrieveRequest::by_embedding(*scope, embedding.clone()).lane(Lane::Vector),
                ),
                (
                    "fused",
                    RetrieveRequest::new(*scope, format!("topic {q}"))
                        .embedding(embedding.clone())
                        .lane(Lane::Fused),
                ),
                ("term", RetrieveRequest::new(*scope, format!("topic {q}"))),
            ] {
                let hits = kn.retrieve(&ops(), &request.limit(10)).unwrap().hits;
                out.push(format!(
                    "{scope} {lane} {q}: {:?}",
                    hits.iter()
                        .map(|h| (
                            h.capsule.id.get(),
                            h.score.to_bits(),
                            h.capsule.lifecycle.is_fenced()
                        ))
                        .collect::<Vec<_>>()
                ));
            }
        }
    }
    out
}

/// Panics naming the first query whose answers differ.
fn assert_same(got: &[String], want: &[String], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: query count");
    for (g, w) in got.iter().zip(want) {
        assert_eq!(g, w, "{what}");
    }
}

fn vector_ids(kn: &Kenning, scope: &str, seed: u64, limit: usize) -> Vec<CapsuleId> {
    kn.retrieve(
        &ops(),
        &RetrieveRequest::by_embedding(scope, vector(seed))
            .lane(Lane::Vector)
            .limit(limit),
    )
    .unwrap()
    .hits
    .iter()
    .map(|h| h.capsule.id)
    .collect()
}

/// A clean close saves the vector copy; the next open reads it back, and after further writes
/// (new vectors, fences, a forget, a supersession) the next clean close saves again: every lane
/// answers after each reopen exactly as before it. The scope of 5,000 vectors is above the
/// quantized lane's candidate count, so its first stage (sign bits) runs on the loaded rows.
#[test]
fn e4_r4_a_reopened_store_answers_every_lane_as_before_its_clean_close() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.redb");
    let scopes = ["bot.big", "bot.small", "bot.other"];
    let kn = Kenning::open(&path).unwrap();
    for s in scopes {
        kn.register_scope(&ops(), s, ScopeKind::Agent).unwrap();
    }
    let big = fill(&kn, "bot.big", 1, 5_000);
    fill(&kn, "bot.small", 10_000, 300);
    fill(&kn, "bot.other", 20_000, 700);
    for id in big.iter().step_by(9) {
        kn.change_lifecycle(&ops(), *id, LifecycleChange::Quarantine)
            .unwrap();
    }
    let before = answers(&kn, &scopes);
    drop(kn);

    let kn = Kenning::open(&path).unwrap();
    assert_same(
        &answers(&kn, &scopes),
        &before,
        "reopened from the saved copy",
    );
    // More writes on top of the loaded copy: the save after them writes only what changed.
    fill(&kn, "bot.big", 30_000, 250);
    let gone = vector_ids(&kn, "bot.small", 10_005, 1)[0];
    kn.forget(&ops(), gone).unwrap();
    kn.supersede(&ops(), big[1], &NewCapsule::new("bot.big", "memo replaced"))
        .unwrap();
    kn.change_lifecycle(&ops(), big[0], LifecycleChange::Archive)
        .unwrap();
    kn.change_lifecycle(&ops(), big[9], LifecycleChange::Release)
        .unwrap();
    let after = answers(&kn, &scopes);
    assert_ne!(after, before, "the writes changed some answer");
    drop(kn);

    let kn = Kenning::open(&path).unwrap();
    assert_same(
        &answers(&kn, &scopes),
        &after,
        "reopened after the second save",
    );
    drop(kn);
    let kn = Kenning::open_read_only(&path).unwrap();
    assert_same(&answers(&kn, &scopes), &after, "read-only");
}

/// A crash after writes leaves the saved copy of an older state in the file: the open must not
/// use it, and rebuilds the copy from the embeddings, which answers as the store did.
#[test]
fn e4_r4_a_saved_copy_left_stale_by_a_crash_is_not_used() {
    let storage = MemoryStorage::new();
    let scopes = ["bot.big", "bot.small"];
    let kn = Kenning::open_storage(storage.clone(), "crash").unwrap();
    for s in scopes {
        kn.register_scope(&ops(), s, ScopeKind::Agent).unwrap();
    }
    let big = fill(&kn, "bot.big", 1, 4_500);
    fill(&kn, "bot.small", 10_000, 200);
    drop(kn); // clean: the copy is saved
    let kn = Kenning::open_storage(storage.clone(), "crash").unwrap();
    let added = fill(&kn, "bot.big", 50_000, 100);
    kn.change_lifecycle(&ops(), big[3], LifecycleChange::Quarantine)
        .unwrap();
    kn.forget(&ops(), big[4]).unwrap();
    let expected = answers(&kn, &scopes);
    // The bytes as a crash now would leave them: the saved copy is of the state before `added`.
    let image = storage.to_bytes();
    let crashed = Kenning::open_storage(MemoryStorage::from_bytes(image), "recovered").unwrap();
    assert_same(
        &answers(&crashed, &scopes),
        &expected,
        "rebuilt after the crash",
    );
    for (i, id) in added.iter().enumerate().step_by(10) {
        assert_eq!(
            vector_ids(&crashed, "bot.big", 50_000 + i as u64, 1),
            vec![*id],
            "a vector written after the save is found by itself"
        );
    }
}

/// Fences set after the vectors are stored take effect in the vector lane at once, a snapshot
/// taken before keeps its own state's fences, and a deadline fences once it passes, through a
/// reopen from the saved copy and a rebuild alike.
#[test]
fn r4_fences_set_after_the_vectors_hold_in_the_vector_lane_at_once_and_after_reopen() {
    let storage = MemoryStorage::new();
    let kn = Kenning::open_storage(storage.clone(), "fences").unwrap();
    kn.register_scope(&ops(), "bot.f", ScopeKind::Agent)
        .unwrap();
    let ids = fill(&kn, "bot.f", 1, 4_200);
    let target = ids[100];
    assert_eq!(vector_ids(&kn, "bot.f", 101, 1), vec![target]);

    let held = kn.snapshot(&ops()).unwrap();
    kn.change_lifecycle(&ops(), target, LifecycleChange::Quarantine)
        .unwrap();
    assert!(!vector_ids(&kn, "bot.f", 101, 10).contains(&target));
    let in_held: Vec<CapsuleId> = held
        .retrieve(
            &RetrieveRequest::by_embedding("bot.f", vector(101))
                .lane(Lane::Vector)
                .limit(1),
        )
        .unwrap()
        .hits
        .iter()
        .map(|h| h.capsule.id)
        .collect();
    assert_eq!(in_held, vec![target], "the held snapshot keeps its fences");
    drop(held);

    // A deadline in the past fences at once; one in the future does not.
    let past = Timestamp::from_millis(1_000);
    let future = Timestamp::from_millis(i64::MAX / 2);
    kn.change_lifecycle(&ops(), ids[200], LifecycleChange::FreshUntil(past))
        .unwrap();
    kn.change_lifecycle(&ops(), ids[300], LifecycleChange::FreshUntil(future))
        .unwrap();
    let check = |kn: &Kenning, what: &str| {
        assert!(
            !vector_ids(kn, "bot.f", 101, 10).contains(&target),
            "{what}: quarantined"
        );
        assert!(
            !vector_ids(kn, "bot.f", 201, 10).contains(&ids[200]),
            "{what}: stale"
        );
        assert_eq!(
            vector_ids(kn, "bot.f", 301, 1),
            vec![ids[300]],
            "{what}: fresh"
        );
    };
    check(&kn, "at once");
    let image = storage.to_bytes();
    drop(kn);
    check(
        &Kenning::open_storage(storage.clone(), "fences").unwrap(),
        "reopened from the saved copy",
    );
    check(
        &Kenning::open_storage(MemoryStorage::from_bytes(image), "crashed").unwrap(),
        "rebuilt after a crash",
    );
    let kn = Kenning::open_storage(storage, "fences").unwrap();
    kn.change_lifecycle(&ops(), target, LifecycleChange::Release)
        .unwrap();
    assert_eq!(vector_ids(&kn, "bot.f", 101, 1), vec![target], "released");
}
