//! Arbitrary text through the analyser and the term index: never a panic; analysis is a pure
//! function of its input with bounded terms; the index scores what it holds, keeps its hits in
//! order, and is empty again once every document is removed.
//!
//! Input: UTF-8 text; each line is a document (up to 64), the last line is the query.

#![no_main]

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use kenning_term::{Language, MAX_TERM_BYTES, TermIndex, analyze};
use libfuzzer_sys::fuzz_target;
use redb::{Database, ReadableDatabase, backends::InMemoryBackend};

/// One in-memory database for the whole run (creating one per input dominates the run time);
/// every input gets a scope of its own and ids no input used before.
fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        let txn = db.begin_write().unwrap();
        TermIndex::default().create_tables(&txn).unwrap();
        txn.commit().unwrap();
        db
    })
}

static RUN: AtomicU64 = AtomicU64::new(0);
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for fallback in Language::ALL {
        let a = analyze(text, fallback);
        assert_eq!(a, analyze(text, fallback));
        for term in &a.terms {
            assert!(!term.is_empty() && term.len() <= MAX_TERM_BYTES);
            assert!(!term.contains('\0'));
        }
    }

    let mut lines: Vec<&str> = text.split('\n').take(65).collect();
    let query = lines.pop().unwrap_or_default();
    let db = db();
    let scope = format!("s{}", RUN.fetch_add(1, Ordering::Relaxed));
    let scope = scope.as_str();
    let index = TermIndex::default();
    let first = NEXT_ID.fetch_add(lines.len() as u64, Ordering::Relaxed);
    let docs: Vec<(u64, &str)> = (first..).zip(lines.iter().copied()).collect();
    let txn = db.begin_write().unwrap();
    // Batches of one to three documents, so that segments form and merge.
    for chunk in docs.chunks(1 + data.len() % 3) {
        index.insert(&txn, scope, chunk).unwrap();
    }
    txn.commit().unwrap();

    let search = || {
        let txn = db.begin_read().unwrap();
        let hits = index.search(&txn, scope, query, 10, &mut |_| true).unwrap();
        assert!(hits.iter().all(|h| h.score > 0.0 && h.score.is_finite()));
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
        hits
    };
    search();

    let txn = db.begin_write().unwrap();
    for (id, _) in docs.iter().filter(|(id, _)| (id - first) % 2 == 0) {
        assert!(index.remove(&txn, *id).unwrap());
    }
    txn.commit().unwrap();
    assert!(search().iter().all(|h| (h.doc - first) % 2 == 1));

    let txn = db.begin_write().unwrap();
    for (id, _) in docs.iter().filter(|(id, _)| (id - first) % 2 == 1) {
        assert!(index.remove(&txn, *id).unwrap());
    }
    txn.commit().unwrap();
    let txn = db.begin_read().unwrap();
    assert_eq!(index.stats(&txn, scope).unwrap().docs, 0);
    assert_eq!(index.segment_count(&txn, scope).unwrap(), 0);
    assert!(index.search(&txn, scope, query, 10, &mut |_| true).unwrap().is_empty());
});
