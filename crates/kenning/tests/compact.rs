//! `Kenning::compact` gives back the space copy-on-write freed and changes nothing stored: the
//! compacted store holds the same records and answers every lane as before; it creates no file,
//! refuses what is not a store, and waits for no one (a held store is refused, untouched).
//! `Kenning::merge_term_index` merges one scope's term segments while the store serves.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

mod support;

use std::path::{Path, PathBuf};

use kenning::{
    Edge, ErrorCode, GraphCommit, Kenning, Lane, LifecycleChange, NewCapsule, Node, Permission,
    Principal, RetrieveRequest, ScopeKind, Selector, Snapshot,
};
use support::{MODEL, check_lanes, observe, vector};

/// A closed store after churn: capsules with embeddings over many scopes in many small
/// batches (each rewrites the pages it touches), a graph, a fence, and half the capsules of
/// every scope forgotten (their pages freed).
fn churned(dir: &Path) -> PathBuf {
    let path = dir.join("memory.redb");
    let kn = Kenning::open(&path).unwrap();
    let ops = Principal::operator("ops");
    let scopes: Vec<String> = (0..12).map(|s| format!("bot.s{s}")).collect();
    for s in &scopes {
        kn.register_scope(&ops, s, ScopeKind::Agent).unwrap();
    }
    let mut ids = Vec::new();
    for batch in 0..40u64 {
        let capsules: Vec<NewCapsule> = scopes
            .iter()
            .enumerate()
            .map(|(s, scope)| {
                NewCapsule::new(
                    scope,
                    // The first word is the capsule's own: the lane checks recall it by that word.
                    format!(
                        "b{batch}s{s} memo about invoices {}",
                        "and words ".repeat(20)
                    ),
                )
            })
            .collect();
        let vectors: Vec<Vec<f32>> = (0..capsules.len() as u64)
            .map(|i| vector(batch * 100 + i + 1))
            .collect();
        let embeddings: Vec<Option<&[f32]>> = vectors.iter().map(|v| Some(v.as_slice())).collect();
        ids.extend(
            kn.put_batch_with_embeddings(&ops, &capsules, &embeddings, MODEL)
                .unwrap(),
        );
    }
    // Every other batch: half the capsules of every scope.
    for batch in ids.chunks(scopes.len()).step_by(2) {
        for id in batch {
            kn.forget(&ops, *id).unwrap();
        }
    }
    kn.change_lifecycle(&ops, ids[scopes.len() + 1], LifecycleChange::Quarantine)
        .unwrap();
    let commit = GraphCommit::new()
        .node(Node::new("ana", "Ana").with_type("Person"))
        .node(Node::new("acme", "Acme"))
        .edge(Edge::new("ana", "WORKS_AT", "acme"));
    kn.commit_graph(&ops, &scopes[0], &commit).unwrap();
    drop(kn);
    path
}

/// The term lane's ranking of `query` in `scope`: ids and score bits, in order.
fn term_ranking(snap: &Snapshot, scope: &str, query: &str, limit: usize) -> Vec<(u64, u64)> {
    snap.retrieve(
        &RetrieveRequest::new(scope, query)
            .lane(Lane::Term)
            .limit(limit),
    )
    .unwrap()
    .hits
    .iter()
    .map(|h| (h.capsule.id.get(), h.score.to_bits()))
    .collect()
}

/// Every scope's term-lane ranking of words most capsules share.
fn term_rankings(kn: &Kenning) -> Vec<Vec<(u64, u64)>> {
    let snap = kn.snapshot(&Principal::operator("ops")).unwrap();
    (0..12)
        .flat_map(|s| {
            ["memo invoices", "words", "b7s3 memo"]
                .map(|q| term_ranking(&snap, &format!("bot.s{s}"), q, 50))
        })
        .collect()
}

#[test]
fn compaction_shrinks_a_churned_store_and_every_lane_answers_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let path = churned(dir.path());
    let before = observe(&Kenning::open(&path).unwrap());
    assert!(before.capsules.len() >= 200, "{}", before.capsules.len());
    let rankings = term_rankings(&Kenning::open(&path).unwrap());
    let size = std::fs::metadata(&path).unwrap().len();

    let report = Kenning::compact(&path).unwrap();
    println!(
        "compacted {} -> {} bytes",
        report.bytes_before, report.bytes_after
    );
    assert_eq!(report.bytes_before, size);
    assert_eq!(report.bytes_after, std::fs::metadata(&path).unwrap().len());
    assert!(
        report.bytes_after < report.bytes_before,
        "forgetting half the capsules freed pages that compaction gives back: {report:?}"
    );

    // Forty batches of one capsule a scope leave five term segments a scope; merged, one.
    assert_eq!(
        (report.term_segments_before, report.term_segments_after),
        (60, 12),
        "{report:?}"
    );

    let kn = Kenning::open(&path).unwrap();
    assert_eq!(observe(&kn), before, "every record is as it was");
    let problems = check_lanes(&kn, &before);
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(
        term_rankings(&kn),
        rankings,
        "the merged term index ranks every capsule as before, every score to the bit"
    );
    drop(kn);
    assert!(Kenning::check(&path).unwrap().sound);
    // Compacting a compacted store is harmless.
    let again = Kenning::compact(&path).unwrap();
    assert!(again.bytes_after <= again.bytes_before);
    assert_eq!(
        (again.term_segments_before, again.term_segments_after),
        (12, 12)
    );
    assert_eq!(observe(&Kenning::open(&path).unwrap()), before);
}

#[test]
fn compaction_creates_nothing_refuses_what_is_not_a_store_and_a_held_store() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.redb");
    let err = Kenning::compact(&missing).unwrap_err();
    assert!(err.to_string().contains("there is no file there"), "{err}");
    assert!(!missing.exists(), "nothing is created");

    let text = dir.path().join("notes.txt");
    std::fs::write(
        &text,
        "not a store, and long enough to look like one might be",
    )
    .unwrap();
    let err = Kenning::compact(&text).unwrap_err();
    assert!(err.to_string().contains("notes.txt"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&text).unwrap(),
        "not a store, and long enough to look like one might be"
    );

    let path = churned(dir.path());
    let held = Kenning::open(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let err = Kenning::compact(&path).unwrap_err();
    assert!(err.to_string().contains("already open"), "{err}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the held store is untouched"
    );
    drop(held);
}

#[test]
fn merge_term_index_merges_one_scope_while_the_store_serves_and_never_confirms_a_scope() {
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    for s in ["bot.a", "bot.b"] {
        kn.register_scope(&ops, s, ScopeKind::Agent).unwrap();
        for i in 0..20 {
            kn.put(
                &ops,
                &NewCapsule::new(
                    s,
                    format!("note {i} about invoices and {}", "words ".repeat(i)),
                ),
            )
            .unwrap();
        }
    }
    let ranking = |scope: &str| {
        term_ranking(
            &kn.snapshot(&ops).unwrap(),
            scope,
            "invoices words note 7",
            20,
        )
    };
    let before = ranking("bot.a");
    assert_eq!(before.len(), 20);
    let snapshot = kn.snapshot(&ops).unwrap();

    // Reach over bot.a only: bot.b and a scope that does not exist answer alike (A5).
    let writer = Principal::session("ann")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::Exact("bot.a".into()));
    let hidden = kn.merge_term_index(&writer, "bot.b").unwrap_err();
    let missing = kn.merge_term_index(&writer, "bot.zz").unwrap_err();
    assert_eq!(hidden.code(), ErrorCode::NotFound);
    assert_eq!(
        hidden.to_string().replace("bot.b", "ID"),
        missing.to_string().replace("bot.zz", "ID")
    );
    let reader = Principal::session("bob")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::Any);
    assert_eq!(
        kn.merge_term_index(&reader, "bot.a").unwrap_err().code(),
        ErrorCode::PermissionDenied
    );

    // Twenty single puts leave two segments of eight and four of one.
    let merged = kn.merge_term_index(&writer, "bot.a").unwrap();
    assert_eq!((merged.segments_before, merged.segments_after), (6, 1));
    assert_eq!(ranking("bot.a"), before, "every score to the bit");
    let record = kn.audit_log(&ops, 0, usize::MAX).unwrap().pop().unwrap();
    assert_eq!(
        (
            record.action.as_str(),
            record.target.as_str(),
            record.principal.as_str()
        ),
        ("term.merge", "scope:bot.a", "session:ann")
    );
    assert_eq!(record.detail["segments_after"], 1);
    // A snapshot taken before reads what it began with, and answers as before.
    assert_eq!(
        term_ranking(&snapshot, "bot.a", "invoices words note 7", 20),
        before
    );
    // Nothing more to merge; the other scope was left as it was.
    let again = kn.merge_term_index(&ops, "bot.a").unwrap();
    assert_eq!((again.segments_before, again.segments_after), (1, 1));
    let other = kn.merge_term_index(&ops, "bot.b").unwrap();
    assert_eq!((other.segments_before, other.segments_after), (6, 1));
    // Writes go on after the merge.
    let id = kn
        .put(&ops, &NewCapsule::new("bot.a", "a fresh invoices memo"))
        .unwrap();
    let found = kn
        .retrieve(
            &ops,
            &RetrieveRequest::new("bot.a", "fresh memo")
                .lane(Lane::Term)
                .limit(1),
        )
        .unwrap();
    assert_eq!(found.hits[0].capsule.id, id);
}
