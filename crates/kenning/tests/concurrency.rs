//! One `Kenning` handle shared by threads: readers retrieve while writers commit; nothing is lost
//! or torn, nothing deadlocks, and readers only ever see committed states (C1, R1).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use kenning::{Kenning, NewCapsule, Principal, RetrieveRequest, ScopeKind};

const WRITERS: usize = 2;
const READERS: usize = 4;
const BATCHES: usize = 30;
const PER_BATCH: usize = 10;

/// Groups the hits of one retrieval by batch tag; every group must be whole.
fn batches_seen(kn: &Kenning, ops: &Principal) -> BTreeMap<String, usize> {
    let found = kn
        .retrieve(ops, &RetrieveRequest::new("shared", "shared").limit(1000))
        .unwrap();
    let mut groups = BTreeMap::new();
    for hit in found.hits {
        let tag = hit.capsule.content.split(' ').next().unwrap().to_owned();
        *groups.entry(tag).or_default() += 1;
    }
    groups
}

#[test]
fn readers_see_whole_committed_batches_while_writers_commit() {
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "shared", ScopeKind::Agent).unwrap();
    let done = AtomicBool::new(false);
    let (finished, deadline) = mpsc::channel();

    std::thread::scope(|s| {
        let mut writers = Vec::new();
        for w in 0..WRITERS {
            let (kn, ops) = (kn.clone(), ops.clone());
            writers.push(s.spawn(move || {
                for b in 0..BATCHES {
                    let batch: Vec<NewCapsule> = (0..PER_BATCH)
                        .map(|i| NewCapsule::new("shared", format!("w{w}b{b} shared item {i}")))
                        .collect();
                    kn.put_batch(&ops, &batch).unwrap();
                }
            }));
        }
        let mut readers = Vec::new();
        for _ in 0..READERS {
            let (kn, ops, done) = (kn.clone(), ops.clone(), &done);
            readers.push(s.spawn(move || {
                let mut last_total = 0;
                let mut reads = 0u32;
                while !done.load(Ordering::Acquire) || reads == 0 {
                    let groups = batches_seen(&kn, &ops);
                    for (tag, n) in &groups {
                        assert_eq!(*n, PER_BATCH, "batch {tag} seen torn: {n} of {PER_BATCH}");
                    }
                    let total: usize = groups.values().sum();
                    assert!(total >= last_total, "a later snapshot lost capsules");
                    last_total = total;
                    reads += 1;
                }
                reads
            }));
        }
        for w in writers {
            w.join().unwrap();
        }
        done.store(true, Ordering::Release);
        let reads: u32 = readers.into_iter().map(|r| r.join().unwrap()).sum();
        assert!(reads >= READERS as u32);
        finished.send(()).unwrap();
    });
    deadline
        .recv_timeout(Duration::from_secs(120))
        .expect("no deadlock: every thread finished");

    let groups = batches_seen(&kn, &ops);
    assert_eq!(groups.len(), WRITERS * BATCHES, "no batch lost");
    assert!(groups.values().all(|n| *n == PER_BATCH));
}

#[test]
fn readers_never_wait_for_a_writer_holding_the_write_lock() {
    // A reader started while a long batch commits gets the previous snapshot immediately.
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "shared", ScopeKind::Agent).unwrap();
    kn.put(&ops, &NewCapsule::new("shared", "w9b0 shared first"))
        .unwrap();
    let big: Vec<NewCapsule> = (0..5_000)
        .map(|i| {
            NewCapsule::new(
                "shared",
                format!("w9b1 shared bulk {i} with some words to index"),
            )
        })
        .collect();
    std::thread::scope(|s| {
        let writer = {
            let (kn, ops) = (kn.clone(), ops.clone());
            s.spawn(move || kn.put_batch(&ops, &big).unwrap().len())
        };
        let mut snapshots = Vec::new();
        while !writer.is_finished() {
            let groups = batches_seen(&kn, &ops);
            snapshots.push(groups.get("w9b1").copied().unwrap_or(0));
        }
        assert_eq!(writer.join().unwrap(), 5_000);
        // Every snapshot shows the bulk batch whole (capped by the limit) or not at all.
        assert!(snapshots.iter().all(|n| *n == 0 || *n == 999));
        // Had reads waited for the writer, every snapshot would show the batch.
        assert!(
            snapshots.contains(&0),
            "a read completed while the batch was being written"
        );
    });
}
