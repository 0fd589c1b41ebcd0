//! One `Kenning` handle shared by threads: readers retrieve while writers commit; nothing is lost
//! or torn, nothing deadlocks, and readers only ever see committed states, in every lane (C1,
//! R1, R2). The store is a file, the writers attach embeddings, forget, supersede and write graph
//! edges, and after they finish the reopened store answers every acknowledged call through
//! `retrieve` on the term and vector lanes.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use kenning::{
    Edge, GraphCommit, Kenning, Lane, NewCapsule, Node, Principal, RetrieveRequest, ScopeKind,
    Snapshot,
};
use support::{CapsuleView, MODEL, Model, bits, check_lanes, vector};

const WRITERS: usize = 2;
const READERS: usize = 4;
const BATCHES: usize = 30;
const PER_BATCH: usize = 10;

/// Groups the hits of one retrieval by batch tag (the content's first word up to `i`); the
/// replacements of superseded capsules, which have no embedding, are left out.
fn groups(hits: &[kenning::Hit]) -> BTreeMap<String, usize> {
    let mut groups = BTreeMap::new();
    for hit in hits {
        if hit.capsule.content.ends_with("r memo") {
            continue;
        }
        let tag = hit.capsule.content.split('i').next().unwrap().to_owned();
        *groups.entry(tag).or_default() += 1;
    }
    groups
}

/// The batches one snapshot shows on the term lane and on the vector lane, by tag.
fn batches_seen(snap: &Snapshot) -> (BTreeMap<String, usize>, BTreeMap<String, usize>) {
    let term = snap
        .retrieve(&RetrieveRequest::new("shared", "memo").limit(1000))
        .unwrap();
    let vector = match snap.embedder().unwrap() {
        Some(_) => {
            let request = RetrieveRequest::by_embedding("shared", vector(0))
                .lane(Lane::Vector)
                .limit(1000);
            snap.retrieve(&request).unwrap().hits
        }
        None => Vec::new(),
    };
    (groups(&term.hits), groups(&vector))
}

#[test]
fn readers_see_whole_committed_batches_while_writers_commit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.redb");
    let kn = Kenning::open(&path).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "shared", ScopeKind::Agent).unwrap();
    let done = AtomicBool::new(false);
    let (finished, deadline) = mpsc::channel();
    // Every acknowledged call, as the model a reopened store must match.
    let model = Mutex::new(Model::default());

    std::thread::scope(|s| {
        let mut writers = Vec::new();
        for w in 0..WRITERS {
            let (kn, ops, model) = (kn.clone(), ops.clone(), &model);
            writers.push(s.spawn(move || {
                for b in 0..BATCHES {
                    let tag = format!("w{w}b{b}");
                    let batch: Vec<NewCapsule> = (0..PER_BATCH)
                        .map(|i| NewCapsule::new("shared", format!("{tag}i{i} memo")))
                        .collect();
                    let vectors: Vec<Vec<f32>> = (0..PER_BATCH)
                        .map(|i| vector(((w * BATCHES + b) * PER_BATCH + i) as u64 + 1))
                        .collect();
                    let embeddings: Vec<Option<&[f32]>> =
                        vectors.iter().map(|v| Some(v.as_slice())).collect();
                    let ids = kn
                        .put_batch_with_embeddings(&ops, &batch, &embeddings, MODEL)
                        .unwrap();
                    let mut m = model.lock().unwrap();
                    for ((id, c), v) in ids.iter().zip(&batch).zip(&vectors) {
                        let mut view = CapsuleView::new("shared", c.content.clone());
                        view.embedding = Some(bits(v));
                        m.capsules.insert(id.get(), view);
                    }
                    drop(m);
                    // Every third batch loses its first capsule to a forget, every fifth has
                    // its second superseded, and each writes one edge.
                    if b % 3 == 0 {
                        kn.forget(&ops, ids[0]).unwrap();
                        model.lock().unwrap().capsules.remove(&ids[0].get());
                    }
                    if b % 5 == 0 {
                        let content = format!("{tag}r memo");
                        let new = kn
                            .supersede(&ops, ids[1], &NewCapsule::new("shared", &content))
                            .unwrap();
                        let mut m = model.lock().unwrap();
                        m.capsules.get_mut(&ids[1].get()).unwrap().fences =
                            vec!["superseded".into()];
                        m.capsules
                            .insert(new.get(), CapsuleView::new("shared", content));
                    }
                    let (a, z) = (format!("{tag}a"), format!("{tag}z"));
                    let commit = GraphCommit::new()
                        .node(Node::new(&a, "A"))
                        .node(Node::new(&z, "Z"))
                        .edge(Edge::new(&a, "NEXT", &z));
                    kn.commit_graph(&ops, "shared", &commit).unwrap();
                    let mut m = model.lock().unwrap();
                    m.nodes.insert(("shared".into(), a.clone()), None);
                    m.nodes.insert(("shared".into(), z.clone()), None);
                    m.edges.insert(("shared".into(), a, "NEXT".into(), z));
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
                    let snap = kn.snapshot(&ops).unwrap();
                    let (term, vector) = batches_seen(&snap);
                    // A batch is whole (less what its later calls forgot or fenced) and the
                    // same in both lanes.
                    assert_eq!(term, vector, "the lanes disagree at {snap:?}");
                    for (tag, n) in &term {
                        assert!(
                            (PER_BATCH - 2..=PER_BATCH).contains(n),
                            "batch {tag} seen torn: {n} of {PER_BATCH}"
                        );
                    }
                    let total: usize = term.values().sum();
                    assert!(
                        total + 2 * WRITERS >= last_total,
                        "a later snapshot lost capsules"
                    );
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

    let mut model = model.into_inner().unwrap();
    model.scopes.insert("shared".into());
    assert_eq!(
        check_lanes(&kn, &model),
        Vec::<String>::new(),
        "the live handle"
    );
    drop(kn);
    let reopened = Kenning::open(&path).unwrap();
    assert_eq!(
        check_lanes(&reopened, &model),
        Vec::<String>::new(),
        "after reopening"
    );
    let seen = support::observe(&reopened);
    assert_eq!(seen.capsules, model.capsules);
    assert_eq!((seen.nodes, seen.edges), (model.nodes, model.edges));
}

#[test]
fn readers_never_wait_for_a_writer_holding_the_write_lock() {
    let batches_seen = |kn: &Kenning, ops: &Principal| {
        let found = kn
            .retrieve(ops, &RetrieveRequest::new("shared", "shared").limit(1000))
            .unwrap();
        let mut groups: BTreeMap<String, usize> = BTreeMap::new();
        for hit in found.hits {
            let tag = hit.capsule.content.split(' ').next().unwrap().to_owned();
            *groups.entry(tag).or_default() += 1;
        }
        groups
    };
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
