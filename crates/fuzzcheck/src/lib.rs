//! # kenning-fuzzcheck
//!
//! The property each cargo-fuzz target in `fuzz/` checks, as a plain function of the input
//! bytes. The fuzz targets call these on generated input; `tests/replay.rs` calls them on every
//! file of the committed corpora under `fuzz/corpus/`, so a normal `cargo test` replays every
//! finding the fuzzers ever kept.
//!
//! ```
//! // Any bytes: the check returns, or panics with what it found.
//! kenning_fuzzcheck::vocabulary_body(br#"{"vocabulary": {"entityClasses": [{"name": "Person"}]}}"#);
//! kenning_fuzzcheck::graph_query(b"not a query");
//! ```
//!
//! ## What it is not
//!
//! Not part of the library and never published: these functions are assertions, and a panic is
//! how they report a finding, which is why the panic lints are off here.

#![deny(missing_docs)]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use kenning::{AttachRequest, VectorCall};
use kenning::{
    CapsuleId, EmbeddingAnswer, ErrorCode, Kenning, Lane, LifecycleChange, NewCapsule, Principal,
    RetrieveRequest, ScopeKind,
};
use kenning_classify::{
    Basis, ClassifyRequest, Kind, MemoryScope, Options, Origin, TaintReason,
    classify as classify_str, classify_bytes,
};
use kenning_graph::GraphQuery;
use kenning_term::{Language, MAX_TERM_BYTES, TermIndex, analyze};
use kenning_vector::block::{Block, View};
use kenning_vector::{Embedding, EmbeddingRecord, ModelTag};
use kenning_vocab::{Declaration, Format};
use redb::{Database, ReadableDatabase, backends::InMemoryBackend};

/// Arbitrary bytes into the declaration parser, as JSON, YAML and auto-detected: never a panic,
/// and every accepted body is valid and renders on one line per entry.
pub fn vocabulary_body(data: &[u8]) {
    for format in [Format::Json, Format::Yaml, Format::Auto] {
        if let Ok(declaration) = Declaration::parse_bytes(data, format) {
            let v = &declaration.vocabulary;
            assert!(v.validate().is_ok());
            let rendered = v.render();
            let entries = v.entity_classes.len() + v.relation_types.len();
            let headers = if v.relation_types.is_empty() { 2 } else { 3 };
            assert_eq!(rendered.lines().count(), entries + headers);
        }
    }
}

/// Arbitrary bytes into the graph query document parser: never a panic, every accepted query is
/// within its bounds, and it serializes to a document that parses back to the same query, bare
/// and inside the memory query's `graph` wrapper.
pub fn graph_query(data: &[u8]) {
    if let Ok(query) = GraphQuery::parse_bytes(data) {
        assert!(query.check().is_ok());
        let text = serde_json::to_string(&query).expect("a query serializes");
        assert_eq!(
            GraphQuery::parse(&text).expect("its own output parses"),
            query
        );
        let wrapped = format!("{{\"graph\": {text}}}");
        assert_eq!(GraphQuery::parse(&wrapped).expect("wrapped parses"), query);
    }
}

/// The classifier options a selector byte picks.
fn options(selector: u8) -> Options {
    let pick = |n: usize, shift: u8| usize::from(selector >> shift) % n;
    Options {
        kind: (selector & 1 == 1).then(|| Kind::ALL[pick(Kind::ALL.len(), 1)]),
        scope: (selector & 0x40 != 0).then(|| MemoryScope::ALL[pick(3, 2)]),
        origin: Origin::ALL[pick(Origin::ALL.len(), 4)],
        taint_hint: selector & 0x80 != 0,
    }
}

/// Arbitrary bytes into the classifier: never a panic, and the answer is a pure function of the
/// input (two calls agree, the byte and string entry points agree). The first byte picks the
/// options. Valid UTF-8 is also tried as a JSON request body, whose answer must agree with
/// classifying its content directly.
pub fn classify(data: &[u8]) {
    let Some((&selector, content)) = data.split_first() else {
        return;
    };
    let options = options(selector);
    let first = classify_bytes(content, &options);
    assert_eq!(first, classify_bytes(content, &options));
    if let Ok(text) = std::str::from_utf8(content) {
        assert_eq!(first, classify_str(text, &options));
        if let Ok(request) = ClassifyRequest::parse(text) {
            let answer = request.classify();
            assert_eq!(answer, request.classify());
            assert_eq!(answer, classify_str(&request.content, &request.options()));
        }
    }
    if let Ok(label) = &first {
        if let Some(kind) = options.kind {
            assert_eq!((label.kind(), label.basis()), (kind, &Basis::Supplied));
        }
        assert_eq!(label.instruction_taint(), !label.taint_reasons().is_empty());
        assert_eq!(
            label.taint_reasons().contains(&TaintReason::Hint),
            options.taint_hint
        );
        let json = serde_json::to_string(label).expect("a label serializes");
        assert_eq!(
            &serde_json::from_str::<kenning_classify::Label>(&json).expect("and reads back"),
            label
        );
    }
}

/// Arbitrary bytes into the stored-embedding decoders (E4), the block of format 5 and the
/// one-record-per-embedding of stores before it: never a panic; every vector either accepts is
/// a valid embedding; a block that decodes re-encodes to exactly the bytes it came from, reads
/// each of its vectors alone as it read them together, and drops one vector leaving the others;
/// a record of the current format re-encodes to exactly the bytes it came from, and one of the
/// unchecked older format to a record that decodes equal.
pub fn embedding_record(data: &[u8]) {
    embedding_block(data);
    if let Ok(record) = EmbeddingRecord::decode(data) {
        let again = record.encode();
        if data.first() == Some(&kenning_vector::record::RECORD_FORMAT) {
            assert_eq!(again, data, "decode then encode is the identity");
        } else {
            assert_eq!(EmbeddingRecord::decode(&again).ok(), Some(record.clone()));
        }
        let values = record.embedding.values().to_vec();
        assert!(Embedding::new(values).is_ok(), "a decoded vector passes E3");
    }
}

fn embedding_block(data: &[u8]) {
    let Ok(view) = View::new(data) else {
        assert!(
            Block::decode(data).is_err(),
            "a block whose head fails never decodes"
        );
        return;
    };
    let Ok(block) = Block::decode(data) else {
        return;
    };
    assert_eq!(block.encode(), data, "decode then encode is the identity");
    for (slot, capsule, values) in block.entries() {
        let (owner, embedding) = view.get(slot).unwrap().unwrap();
        assert_eq!((owner, embedding.values()), (capsule, values));
        assert!(
            Embedding::new(values.to_vec()).is_ok(),
            "a decoded vector passes E3"
        );
        match view.without(slot) {
            Some(rest) => {
                let rest = Block::decode(&rest).unwrap();
                assert_eq!(rest.len(), block.len() - 1);
                assert!(rest.entries().all(|(s, _, _)| s != slot));
            }
            None => assert_eq!(block.len(), 1),
        }
    }
}

/// Arbitrary bytes into the decoders of a capsule's stored records (`kenning.capsules`,
/// `kenning.capsule_lifecycle`, every version; `docs/format.md`): a damaged file's bytes never
/// panic them, whatever decodes round-trips, and a canonical record's head, read alone, says
/// what the whole record says.
pub fn capsule_record(data: &[u8]) {
    kenning::__record_fuzzing::check_records(data);
}

/// Arbitrary bytes into the attach request (seed 001): JSON parsing then validation never
/// panic; an accepted attach satisfies E1/E3 and the alias rule of K9, and every parsed request
/// with finite components survives a JSON round trip unchanged.
pub fn attach_request(data: &[u8]) {
    let Ok(request) = serde_json::from_slice::<AttachRequest>(data) else {
        return;
    };
    // A number beyond ±3.4e38 parses to an infinite f32 (refused by validation below), which
    // JSON cannot write back; every finite request round-trips.
    let finite = request.embedding.iter().flatten().all(|v| v.is_finite());
    if finite {
        let json = serde_json::to_vec(&request).unwrap();
        let again: AttachRequest = serde_json::from_slice(&json).unwrap();
        assert_eq!(again, request, "the wire form round-trips");
    }

    match request.clone().into_call() {
        Ok(VectorCall::List) => {
            assert_eq!(
                request,
                AttachRequest::default(),
                "only an empty body lists"
            );
        }
        Ok(VectorCall::Attach(attach)) => {
            let given = [request.capsule_id, request.id];
            assert!(
                given.iter().flatten().all(|c| *c == attach.capsule),
                "K9: equal or alone"
            );
            assert!(given.iter().any(Option::is_some));
            assert_eq!(
                Some(attach.embedding.values()),
                request.embedding.as_deref()
            );
            assert!(Embedding::new(attach.embedding.values().to_vec()).is_ok());
            assert!(ModelTag::new(attach.model_tag.as_str()).is_ok());
        }
        Err(_) => {}
    }
}

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

/// Arbitrary text through the analyser and the term index: never a panic; analysis is a pure
/// function of its input with bounded terms; the index scores what it holds, keeps its hits in
/// order, ranks and scores to the bit as before once its segments are merged, and is empty
/// again once every document is removed.
///
/// Input: UTF-8 text; each line is a document (up to 64), the last line is the query.
pub fn term_index(data: &[u8]) {
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
    for (id, _) in docs.iter().filter(|(id, _)| (id - first).is_multiple_of(2)) {
        assert!(index.remove(&txn, *id).unwrap());
    }
    txn.commit().unwrap();
    let before = search();
    assert!(before.iter().all(|h| (h.doc - first) % 2 == 1));

    // A full merge changes where the postings sit, not a ranking or a score's bits.
    let txn = db.begin_write().unwrap();
    let (_, after) = index.merge_all(&txn, scope).unwrap();
    txn.commit().unwrap();
    assert!(after <= 1);
    let merged = search();
    assert_eq!(merged.len(), before.len());
    for (m, b) in merged.iter().zip(&before) {
        assert_eq!((m.doc, m.score.to_bits()), (b.doc, b.score.to_bits()));
    }

    let txn = db.begin_write().unwrap();
    for (id, _) in docs.iter().filter(|(id, _)| (id - first) % 2 == 1) {
        assert!(index.remove(&txn, *id).unwrap());
    }
    txn.commit().unwrap();
    let txn = db.begin_read().unwrap();
    assert_eq!(index.stats(&txn, scope).unwrap().docs, 0);
    assert_eq!(index.segment_count(&txn, scope).unwrap(), 0);
    assert!(
        index
            .search(&txn, scope, query, 10, &mut |_| true)
            .unwrap()
            .is_empty()
    );
}

const SCOPE: &str = "fuzz.scope";

/// One in-memory store for the whole run, with one scope.
fn store() -> &'static (Kenning, Principal) {
    static STORE: OnceLock<(Kenning, Principal)> = OnceLock::new();
    STORE.get_or_init(|| {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("fuzz");
        kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        (kn, ops)
    })
}

/// Arbitrary bytes into the capsule wire types and through a real store: never a panic. A
/// capsule id that parses prints back the same; a new capsule that parses is either refused
/// with an invalid argument or stored and read back unchanged; a retrieve request that parses is
/// either refused with an invalid argument or answered.
pub fn capsule_wire(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(id) = text.parse::<CapsuleId>() {
            assert_eq!(id.to_string(), text);
        }
        if let Ok(origin) = text.parse::<Origin>() {
            assert_eq!(origin.as_str(), text);
        }
    }
    let _ = serde_json::from_slice::<LifecycleChange>(data);
    let (kn, ops) = store();

    if let Ok(mut capsule) = serde_json::from_slice::<NewCapsule>(data) {
        capsule.scope = SCOPE.to_owned();
        match kn.put(ops, &capsule) {
            Ok(id) => {
                let back = kn.capsule(ops, id).unwrap();
                assert_eq!(back.content, capsule.content);
                assert_eq!(back.metadata, capsule.metadata);
                assert_eq!(back.fact_time, capsule.fact_time);
            }
            Err(e) => assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}"),
        }
    }

    if let Ok(mut request) = serde_json::from_slice::<RetrieveRequest>(data) {
        request.scope = SCOPE.to_owned();
        match kn.retrieve(ops, &request) {
            Ok(r) => assert!(r.hits.len() <= request.limit),
            Err(e) => assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}"),
        }
    }
}

const VECTOR_SCOPE: &str = "fuzz.vectors";

/// One in-memory store for the whole run, holding three capsules with embeddings.
fn vector_store() -> &'static (Kenning, Principal) {
    static STORE: OnceLock<(Kenning, Principal)> = OnceLock::new();
    STORE.get_or_init(|| {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("fuzz");
        kn.register_scope(&ops, VECTOR_SCOPE, ScopeKind::Agent)
            .unwrap();
        let ids = kn
            .put_batch(
                &ops,
                &[
                    NewCapsule::new(VECTOR_SCOPE, "the printer jams on mondays"),
                    NewCapsule::new(VECTOR_SCOPE, "lunch is at noon"),
                    NewCapsule::new(VECTOR_SCOPE, "the vpn gateway moved"),
                ],
            )
            .unwrap();
        let vectors = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.6, 0.8, 0.0]];
        let batch: Vec<(CapsuleId, &[f32])> = ids
            .iter()
            .copied()
            .zip(vectors.iter().map(|v| &v[..]))
            .collect();
        kn.attach_embeddings(&ops, &batch, "fuzz-model").unwrap();
        (kn, ops)
    })
}

/// Arbitrary bytes into the embedding and recall wire types and through a real store holding
/// embeddings: never a panic. An attach body that parses is recorded (and reads back bit for
/// bit) or refused with a stable code; a retrieve request that parses, on any lane, is refused
/// with an invalid argument or answered with at most `limit` hits, best first, each carrying its
/// place in a lane that ran.
pub fn embedding_wire(data: &[u8]) {
    let (kn, ops) = vector_store();

    if let Ok(request) = serde_json::from_slice::<AttachRequest>(data) {
        let asked = request.clone();
        match kn.embedding_request(ops, VECTOR_SCOPE, request) {
            Ok(EmbeddingAnswer::Attached(a)) => {
                assert!(a.recorded);
                let id = asked.capsule_id.or(asked.id).unwrap();
                let back = kn.embedding(ops, id).unwrap().unwrap();
                let sent = asked.embedding.unwrap();
                assert_eq!(
                    back.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                    sent.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
                );
            }
            Ok(EmbeddingAnswer::Listed(list)) => assert_eq!(list.len(), 3),
            Ok(_) => {}
            Err(e) => assert!(
                matches!(
                    e.code(),
                    ErrorCode::InvalidArgument
                        | ErrorCode::UnknownCapsule
                        | ErrorCode::FailedPrecondition
                ),
                "{e}"
            ),
        }
    }

    if let Ok(mut request) = serde_json::from_slice::<RetrieveRequest>(data) {
        request.scope = VECTOR_SCOPE.to_owned();
        match kn.retrieve(ops, &request) {
            Ok(r) => {
                assert!(r.hits.len() <= request.limit);
                assert!(r.hits.windows(2).all(|w| w[0].score >= w[1].score));
                for h in &r.hits {
                    match r.lane {
                        Lane::Term => assert!(h.term.is_some() && h.vector.is_none()),
                        Lane::Vector => assert!(h.vector.is_some() && h.term.is_none()),
                        _ => assert!(h.term.is_some() || h.vector.is_some()),
                    }
                }
            }
            Err(e) => assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}"),
        }
    }
}

/// A sealed store, its true seal, where the seal goes, and what the store holds: built once per
/// process in a directory of its own, which the read-only opens of [`seal_file`] never change.
struct SealedStore {
    path: std::path::PathBuf,
    seal_path: std::path::PathBuf,
    seal: Vec<u8>,
    capsule: (CapsuleId, String),
}

fn sealed_store() -> &'static std::sync::Mutex<SealedStore> {
    static STORE: OnceLock<std::sync::Mutex<SealedStore>> = OnceLock::new();
    STORE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("kenning-fuzz-seal-{}", std::process::id()));
        drop(std::fs::remove_dir_all(&dir));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("sealed.redb");
        let ops = Principal::operator("fuzz");
        let content = "a sealed memo".to_owned();
        let id = {
            let kn = Kenning::open(&path).unwrap();
            kn.register_scope(&ops, "bot.seal", ScopeKind::Agent)
                .unwrap();
            kn.put(&ops, &NewCapsule::new("bot.seal", &content))
                .unwrap()
        };
        let seal_path = dir.join("sealed.redb.kenning-seal");
        let seal = std::fs::read(&seal_path).unwrap();
        std::sync::Mutex::new(SealedStore {
            path,
            seal_path,
            seal,
            capsule: (id, content),
        })
    })
}

/// Arbitrary bytes as the seal beside a sound store: never a panic, never a failed open; the
/// open trusts the seal only when the bytes are the store's true seal, and checks every page
/// otherwise; the store reads back exactly.
pub fn seal_file(data: &[u8]) {
    let store = sealed_store()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    std::fs::write(&store.seal_path, data).unwrap();
    let kn = Kenning::open_read_only(&store.path).unwrap();
    let expected = if data == store.seal.as_slice() {
        kenning::Verification::Sealed
    } else {
        kenning::Verification::EveryPage
    };
    assert_eq!(kn.verification(), expected);
    let (id, content) = &store.capsule;
    let capsule = kn.capsule(&Principal::operator("fuzz"), *id).unwrap();
    assert_eq!(&capsule.content, content);
}
