//! A bulk ingest spread over many scopes, as an agent platform's, leaves the file's pages
//! packed: the term index's document records and the saved vector copy keep little empty
//! space in their pages (`docs/performance.md`, "Where the space goes over many scopes"; the
//! postings' rows are checked in the term crate, `batches_over_many_scopes_leave_the_tables_packed`),
//! and the store answers the term and vector lanes after the reopen that reads the saved copy.
//! Read from redb's own statistics of the closed file, as the scale example prints them.
//! Broken on purpose: the facade indexing a batch scope after scope leaves 0.328 of the
//! records' pages empty; the copy saved a value per chunk, 0.316.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use kenning::{Kenning, Lane, NewCapsule, Principal, RetrieveRequest, ScopeKind};
use redb::{ReadableDatabase as _, ReadableTableMetadata as _, TableHandle as _};

const DIM: usize = 384;
const SCOPES: u64 = 60;

fn vector(seed: u64) -> Vec<f32> {
    support::vector_of(seed, DIM)
}

/// The share of the pages of each named table that holds nothing, in the closed file.
fn empty_shares(path: &std::path::Path, names: &[&str]) -> Vec<f64> {
    let db = redb::Database::open(path).unwrap();
    let txn = db.begin_read().unwrap();
    let mut shares = vec![f64::NAN; names.len()];
    for handle in txn.list_tables().unwrap() {
        if let Some(i) = names.iter().position(|n| *n == handle.name()) {
            let t = txn.open_untyped_table(handle).unwrap().stats().unwrap();
            let used = t.stored_bytes() + t.metadata_bytes();
            shares[i] = t.fragmented_bytes() as f64 / (used + t.fragmented_bytes()) as f64;
        }
    }
    shares
}

#[test]
fn a_bulk_ingest_over_many_scopes_leaves_the_pages_packed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memory.redb");
    let ops = Principal::operator("ops");
    let kn = Kenning::open(&path).unwrap();
    let scopes: Vec<String> = (0..SCOPES).map(|s| format!("agent.{s:03}")).collect();
    for s in &scopes {
        kn.register_scope(&ops, s, ScopeKind::Agent).unwrap();
    }
    let mut n = 0u64;
    for _ in 0..20 {
        // Ten capsules a scope in every batch, round robin, as a platform's ingest interleaves.
        let mut capsules = Vec::new();
        let mut vectors = Vec::new();
        for _ in 0..10 {
            for s in &scopes {
                n += 1;
                capsules.push(NewCapsule::new(
                    s,
                    format!(
                        "note{n} about invoice w{} and w{} for client w{}",
                        n % 97,
                        n % 31,
                        n % 13
                    ),
                ));
                vectors.push(vector(n));
            }
        }
        let embeddings: Vec<Option<&[f32]>> = vectors.iter().map(|v| Some(v.as_slice())).collect();
        kn.put_batch_with_embeddings(&ops, &capsules, &embeddings, "space-384")
            .unwrap();
    }
    drop(kn);

    let shares = empty_shares(&path, &["term.docs", "vector.saved"]);
    let [docs, saved] = shares[..] else {
        panic!("{shares:?}")
    };
    assert!(docs < 0.1, "term.docs: {docs:.3} of its pages empty");
    assert!(saved < 0.08, "vector.saved: {saved:.3} of its pages empty");

    // The reopen reads the saved copy; every lane answers from it.
    let kn = Kenning::open(&path).unwrap();
    let scope = &scopes[7];
    let term = kn
        .retrieve(&ops, &RetrieveRequest::new(scope, "note8").lane(Lane::Term))
        .unwrap();
    assert_eq!(term.hits.first().map(|h| h.capsule.id.get()), Some(8));
    let vector_hits = kn
        .retrieve(
            &ops,
            &RetrieveRequest::by_embedding(scope, vector(8 + SCOPES * 10)).lane(Lane::Vector),
        )
        .unwrap();
    assert_eq!(
        vector_hits.hits.first().map(|h| h.capsule.id.get()),
        Some(8 + SCOPES * 10)
    );
}
