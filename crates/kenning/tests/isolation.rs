//! Cross-lane isolation on a file-backed store with embeddings: one read sees one committed
//! state in every lane. Writers put batches with embeddings (and, in one transaction with them,
//! a graph node per batch), forget and supersede, while readers check that the term lane, the
//! vector lane, the fused lane and a graph query agree on every batch: whole in all of them, or
//! absent from all; a forgotten capsule gone from every lane.
//!
//! The first test reads through one-call fused retrievals, the way it was first written to show
//! the defect: before snapshots owned the vector copy, 23 of 4,886 reads saw a batch in the term
//! lane and not (or not whole) in the vector lane. The second reads every lane and the graph on
//! one [`Snapshot`](kenning::Snapshot).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stderr
)]

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use kenning::{
    CapsuleId, FilterKey, GraphCommit, GraphQuery, Kenning, Lane, NewCapsule, Node, Principal,
    RetrieveRequest, ScopeKind, Snapshot,
};

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

/// Ids of one retrieval's hits for batch `b`: those the term lane found, those the vector lane
/// found with the batch's exact vector.
fn split(b: u64, hits: &[kenning::Hit]) -> (BTreeSet<CapsuleId>, BTreeSet<CapsuleId>) {
    let marker = format!("{} ", tag(b));
    let mut term = BTreeSet::new();
    let mut vector = BTreeSet::new();
    for hit in hits {
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

/// Every lane and the graph on one snapshot, for batch `b`: `None` when they agree.
fn disagreement(snap: &Snapshot, b: u64) -> Option<String> {
    let request = |lane| {
        RetrieveRequest::new("shared", tag(b))
            .embedding(batch_vector(b))
            .lane(lane)
            .limit(40)
    };
    let (term, _) = split(b, &snap.retrieve(&request(Lane::Term)).unwrap().hits);
    let (_, vector) = split(b, &snap.retrieve(&request(Lane::Vector)).unwrap().hits);
    let (fused_term, fused_vector) = split(b, &snap.retrieve(&request(Lane::Fused)).unwrap().hits);
    let node = GraphQuery::new().filter(FilterKey::NodeId, tag(b));
    let in_graph = !snap.query_graph("shared", &node).unwrap().nodes.is_empty();
    let agree =
        term == vector && term == fused_term && term == fused_vector && in_graph != term.is_empty();
    (!agree).then(|| {
        format!(
            "batch {b} at generation {}: term {term:?}, vector {vector:?}, fused {fused_term:?} / \
             {fused_vector:?}, graph node {in_graph}",
            snap.generation()
        )
    })
}

/// Three writers and three readers on one file-backed handle for `KENNING_ISOLATION_SECS`
/// (default 6) seconds; `read` checks one batch and says what disagreed. Writers put a batch
/// with its embeddings and its graph node in one transaction, then forget or supersede one of
/// its capsules, or not.
fn run(read: impl Fn(&Kenning, &Principal, u64) -> Option<String> + Sync) {
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
                    let ids = kn
                        .transaction(&ops, |tx| {
                            let ids = tx.put_batch(&capsules)?;
                            let pairs: Vec<(CapsuleId, &[f32])> =
                                ids.iter().map(|&id| (id, v.as_slice())).collect();
                            tx.attach_embeddings(&pairs, TAG)?;
                            let node = Node::new(tag(b), format!("Batch {b}"));
                            tx.commit_graph("shared", &GraphCommit::new().node(node))?;
                            Ok(ids)
                        })
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
            let (kn, ops, read) = (kn.clone(), ops.clone(), &read);
            let (next_batch, done, reads, disagreements) =
                (&next_batch, &done, &reads, &disagreements);
            readers.push(s.spawn(move || {
                let mut rng = Rng(0xBEEF ^ r);
                while !done.load(Ordering::Acquire) {
                    let upto = next_batch.load(Ordering::SeqCst) as u64;
                    // The newest batches are the ones being written right now.
                    let b = upto.saturating_sub(1 + rng.below(3));
                    reads.fetch_add(1, Ordering::Relaxed);
                    if let Some(what) = read(&kn, &ops, b) {
                        disagreements.fetch_add(1, Ordering::Relaxed);
                        eprintln!("{what}");
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

#[test]
fn every_lane_of_one_retrieval_sees_the_same_commit() {
    run(|kn, ops, b| {
        let request = RetrieveRequest::new("shared", tag(b))
            .embedding(batch_vector(b))
            .lane(Lane::Fused)
            .limit(40);
        let (term, vector) = split(b, &kn.retrieve(ops, &request).unwrap().hits);
        (term != vector).then(|| format!("batch {b}: term lane {term:?}, vector lane {vector:?}"))
    });
}

#[test]
fn every_lane_and_the_graph_of_one_snapshot_see_the_same_commit() {
    run(|kn, ops, b| disagreement(&kn.snapshot(ops).unwrap(), b));
}
