//! Cross-lane isolation on a file-backed store with embeddings: one read sees one committed
//! state in every lane. Writers put batches with embeddings, forget and supersede while readers
//! check, per retrieval, that the term lane and the vector lane agree on every capsule of a
//! batch (whole in both, or absent from both; a forgotten capsule gone from both).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use kenning::{CapsuleId, Kenning, Lane, NewCapsule, Principal, RetrieveRequest, ScopeKind};

mod support;
use support::Rng;

const DIM: usize = 8;
const PER_BATCH: usize = 5;
const TAG: &str = "embedder-v1";

/// Batch `b`'s vector: every capsule of the batch carries it, and no other batch's comes near.
fn batch_vector(b: u64) -> Vec<f32> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (b + 1).wrapping_mul(0x2545_F491));
    let v: Vec<f32> = (0..DIM)
        .map(|_| (rng.below(2001) as f32 - 1000.0) / 1000.0)
        .collect();
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-3);
    v.into_iter().map(|x| x / norm).collect()
}

fn tag(b: u64) -> String {
    format!("batchtag{b}")
}

/// One fused retrieval for batch `b`: the batch's capsules the term lane found, and the ones the
/// vector lane found with the batch's exact vector (cosine 1).
fn lanes_of(kn: &Kenning, ops: &Principal, b: u64) -> (BTreeSet<CapsuleId>, BTreeSet<CapsuleId>) {
    let request = RetrieveRequest::new("shared", tag(b))
        .embedding(batch_vector(b))
        .lane(Lane::Fused)
        .limit(40);
    let found = kn.retrieve(ops, &request).unwrap();
    let marker = format!("{} ", tag(b));
    let mut term = BTreeSet::new();
    let mut vector = BTreeSet::new();
    for hit in &found.hits {
        let mine = hit.capsule.content.starts_with(&marker);
        if hit.term.is_some() && mine {
            term.insert(hit.capsule.id);
        }
        if hit.vector.is_some_and(|v| v.score > 0.9999) {
            assert!(
                mine,
                "{} has batch {b}'s vector but not its text",
                hit.capsule.id
            );
            vector.insert(hit.capsule.id);
        }
    }
    (term, vector)
}

#[test]
fn every_lane_of_one_read_sees_the_same_commit() {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("isolation.redb")).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "shared", ScopeKind::Agent).unwrap();
    let seconds: u64 = std::env::var("KENNING_ISOLATION_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let next_batch = AtomicUsize::new(0);
    let done = AtomicBool::new(false);
    let reads = AtomicUsize::new(0);
    let disagreements = AtomicUsize::new(0);

    std::thread::scope(|s| {
        let mut writers = Vec::new();
        for w in 0..3u64 {
            let (kn, ops, next_batch) = (kn.clone(), ops.clone(), &next_batch);
            writers.push(s.spawn(move || {
                let mut rng = Rng(0xD1CE ^ w);
                while Instant::now() < deadline {
                    let b = next_batch.fetch_add(1, Ordering::SeqCst) as u64;
                    let capsules: Vec<NewCapsule> = (0..PER_BATCH)
                        .map(|i| NewCapsule::new("shared", format!("{} item {i}", tag(b))))
                        .collect();
                    let v = batch_vector(b);
                    let embeddings: Vec<Option<&[f32]>> =
                        (0..PER_BATCH).map(|_| Some(v.as_slice())).collect();
                    let ids = kn
                        .put_batch_with_embeddings(&ops, &capsules, &embeddings, TAG)
                        .unwrap();
                    match rng.below(3) {
                        0 => kn
                            .forget(&ops, ids[rng.below(PER_BATCH as u64) as usize])
                            .unwrap(),
                        1 => {
                            let old = ids[rng.below(PER_BATCH as u64) as usize];
                            kn.supersede(&ops, old, &NewCapsule::new("shared", "a replacement"))
                                .unwrap();
                        }
                        _ => {}
                    }
                }
            }));
        }
        let mut readers = Vec::new();
        for r in 0..3u64 {
            let (kn, ops) = (kn.clone(), ops.clone());
            let (next_batch, done, reads, disagreements) =
                (&next_batch, &done, &reads, &disagreements);
            readers.push(s.spawn(move || {
                let mut rng = Rng(0xBEEF ^ r);
                while !done.load(Ordering::Acquire) {
                    let upto = next_batch.load(Ordering::SeqCst) as u64;
                    // The newest batches are the ones being written right now.
                    let b = upto.saturating_sub(1 + rng.below(3));
                    let (term, vector) = lanes_of(&kn, &ops, b);
                    reads.fetch_add(1, Ordering::Relaxed);
                    if term != vector {
                        disagreements.fetch_add(1, Ordering::Relaxed);
                        eprintln!("batch {b}: term lane {term:?}, vector lane {vector:?}");
                    }
                }
            }));
        }
        for w in writers {
            w.join().unwrap();
        }
        done.store(true, Ordering::Release);
        for r in readers {
            r.join().unwrap();
        }
    });
    let (reads, bad) = (reads.into_inner(), disagreements.into_inner());
    eprintln!("{reads} reads, {bad} saw the lanes disagree");
    assert!(reads > 0);
    assert_eq!(
        bad, 0,
        "{bad} of {reads} reads saw lanes of different commits"
    );
}
