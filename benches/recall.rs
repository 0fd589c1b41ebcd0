//! Fused recall through the facade over one scope of 100 000 capsules, each with a 384-d
//! embedding, beside what it is made of, all in the same run:
//!
//! - `fused`: `Kenning::retrieve` on the fused lane, 10 hits (each lane feeds 10): the term
//!   lane, the vector lane, RRF, and the hits' records read. Target: p50 under 10 ms.
//! - `term`, `vector`: the same request on one lane.
//! - `fused_no_context`, `term_no_context`: the same requests with `Context::none()`: every
//!   capsule sits in a thread of 20 turns (as a conversation's turns do), so the default
//!   requests above also gather each candidate's neighbours and their lent score; these two
//!   show what that costs.
//! - `scan_only`, `scan_only_parallel`: the vector lane's top-10 over the same vectors (the
//!   quantized three-stage search, survivors' `f32` vectors from memory) without the facade (no permission, reach, fence or record work), on one thread and on as
//!   many as the facade uses here (one per core, at most `MAX_SCAN_THREADS`): what the vector
//!   lane costs at the least.
//! - `reference_read_and_sum`: a plain read of the same 153.6 MB of `f32` (`bandwidth.rs`: the
//!   widest loads the CPU has, chosen at run time, on as many threads as `scan_only_parallel`,
//!   each summing one part): the floor under any exact scan on this machine. 153.6 MB partly
//!   fits in the last-level cache, so this floor is faster than memory; `benches/floor.rs`
//!   measures it at 1M × 384, which does not fit. The quantized lane reads far fewer bytes
//!   than the `f32` rows, so it can beat it.
//!
//! The ratios `fused / (term + vector)` and `vector / reference_read_and_sum` are the claims;
//! the absolute times depend on the machine's memory bandwidth. The setup also prints the
//! p50, p90 and p99 of single requests over a rotation of 100 questions for each lane.
//!
//! The capsules are `Speaker: sentence` lines of English stop words and pseudo-words drawn
//! from a Zipf law (as in the term bench); the embeddings are deterministic pseudo-random unit
//! vectors, so every run measures the same data. A tenth of the capsules is archived, so the
//! fences are checked on the way.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    missing_docs
)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use kenning::{
    CapsuleId, Context, Kenning, Lane, LifecycleChange, MAX_BATCH, NewCapsule, Principal,
    RetrieveRequest, ScopeKind,
};
use kenning_vector::{Embedding, Query, ScopeVectors};

const CAPSULES: usize = 100_000;
const DIMENSION: usize = 384;
const SCOPE: &str = "bench.recall";
const QUESTIONS: usize = 100;
const TAG: &str = "bench-embedder";

#[path = "bandwidth.rs"]
mod bandwidth;
#[path = "lines.rs"]
mod lines;
#[path = "rng.rs"]
mod rng;
use lines::words;
use rng::Rng;

struct State {
    _dir: tempfile::TempDir,
    kn: Kenning,
    ops: Principal,
    questions: Vec<(String, Vec<f32>)>,
    scope: ScopeVectors,
    embeddings: std::collections::HashMap<u64, Embedding>,
    flat: Vec<f32>,
}

impl State {
    /// The `exact` source of the scan-only runs: the embeddings in memory.
    fn exact(&self, capsule: u64) -> kenning_vector::Result<Option<Embedding>> {
        Ok(self.embeddings.get(&capsule).cloned())
    }
}

fn state() -> State {
    let mut rng = Rng(0x7265_6361_6c6c_2121);
    let vocabulary = words(30_000);
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("recall.redb")).unwrap();
    let ops = Principal::operator("bench");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();

    let started = Instant::now();
    let mut rows: Vec<(u64, Embedding)> = Vec::with_capacity(CAPSULES);
    for b in 0..CAPSULES / MAX_BATCH {
        let batch: Vec<NewCapsule> = (0..MAX_BATCH)
            .map(|i| {
                let turn = b * MAX_BATCH + i;
                NewCapsule::new(SCOPE, rng.line(&vocabulary))
                    .thread(format!("conversation-{}", turn / 20), (turn % 20) as u64)
            })
            .collect();
        let ids = kn.put_batch(&ops, &batch).unwrap();
        let vectors: Vec<Vec<f32>> = ids.iter().map(|_| rng.direction(DIMENSION)).collect();
        let attach: Vec<(CapsuleId, &[f32])> = ids
            .iter()
            .zip(&vectors)
            .map(|(id, v)| (*id, v.as_slice()))
            .collect();
        kn.attach_embeddings(&ops, &attach, TAG).unwrap();
        for (id, v) in ids.iter().zip(vectors) {
            rows.push((id.get(), Embedding::new(v).unwrap()));
            if id.get() % 10 == 0 {
                kn.change_lifecycle(&ops, *id, LifecycleChange::Archive)
                    .unwrap();
            }
        }
    }
    eprintln!(
        "loaded {CAPSULES} capsules with {DIMENSION}-d embeddings in {:.1?}",
        started.elapsed()
    );
    let questions = (0..QUESTIONS)
        .map(|_| {
            let text = format!("{}?", rng.sentence(&vocabulary, 3));
            (text, rng.direction(DIMENSION))
        })
        .collect();
    let flat: Vec<f32> = rows
        .iter()
        .flat_map(|(_, e)| e.values().iter().copied())
        .collect();
    let scope = ScopeVectors::build(DIMENSION, rows.iter().cloned()).unwrap();
    let embeddings = rows.into_iter().collect();
    let s = State {
        _dir: dir,
        kn,
        ops,
        questions,
        scope,
        embeddings,
        flat,
    };

    // Single requests, the lanes and references interleaved question by question so that a
    // change in the machine's load falls on all of them alike; after one warm-up pass.
    let lanes = [Lane::Fused, Lane::Term, Lane::Vector];
    for (q, v) in &s.questions {
        for lane in lanes {
            retrieve(&s, lane, q, v);
        }
    }
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); lanes.len() + 3];
    for _ in 0..3 {
        for (q, v) in &s.questions {
            for (lane, t) in lanes.iter().zip(&mut times) {
                let start = Instant::now();
                black_box(retrieve(&s, *lane, q, v));
                t.push(start.elapsed());
            }
            let query = Query::new(v).unwrap();
            let start = Instant::now();
            black_box(s.scope.top_k(&query, 10, |_| true, |c| s.exact(c)).unwrap());
            times[3].push(start.elapsed());
            let start = Instant::now();
            black_box(
                s.scope
                    .top_k_parallel(&query, 10, threads(), |_| true, |c| s.exact(c))
                    .unwrap(),
            );
            times[4].push(start.elapsed());
            let start = Instant::now();
            black_box(bandwidth::read_and_sum_parallel(&s.flat, threads()));
            times[5].push(start.elapsed());
        }
    }
    eprintln!("single requests over {CAPSULES} capsules, 10 hits, interleaved:");
    let parallel = format!("scan_only ({} threads)", threads());
    let names = [
        "fused",
        "term",
        "vector",
        "scan_only (1 thread)",
        parallel.as_str(),
        "read_and_sum (threads as scan_only)",
    ];
    for (name, t) in names.iter().zip(times) {
        eprintln!("  {name:<22}: {}", percentiles(t));
    }
    s
}

fn retrieve(s: &State, lane: Lane, question: &str, embedding: &[f32]) -> usize {
    retrieve_in(s, lane, question, embedding, Context::default())
}

fn retrieve_in(
    s: &State,
    lane: Lane,
    question: &str,
    embedding: &[f32],
    context: Context,
) -> usize {
    let request = RetrieveRequest::new(SCOPE, question)
        .embedding(embedding)
        .lane(lane)
        .limit(10)
        .context(context);
    let hits = s.kn.retrieve(&s.ops, &request).unwrap().hits;
    hits.iter().map(|h| h.capsule.content.len()).sum()
}

/// The threads the facade scans a scope of this size with.
fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(kenning::MAX_SCAN_THREADS)
}

fn percentiles(mut samples: Vec<Duration>) -> String {
    samples.sort();
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    format!(
        "p50 {:.2?}  p90 {:.2?}  p99 {:.2?}",
        at(0.5),
        at(0.9),
        at(0.99)
    )
}

fn recall(c: &mut Criterion) {
    let s = state();
    let mut g = c.benchmark_group("recall_100k_384d");
    g.sample_size(30).measurement_time(Duration::from_secs(10));
    let mut i = 0;
    for lane in [Lane::Fused, Lane::Term, Lane::Vector] {
        g.bench_function(lane.as_str(), |b| {
            b.iter(|| {
                i = (i + 1) % s.questions.len();
                let (q, v) = &s.questions[i];
                retrieve(&s, lane, q, v)
            })
        });
    }
    for lane in [Lane::Fused, Lane::Term] {
        g.bench_function(format!("{}_no_context", lane.as_str()), |b| {
            b.iter(|| {
                i = (i + 1) % s.questions.len();
                let (q, v) = &s.questions[i];
                retrieve_in(&s, lane, q, v, Context::none())
            })
        });
    }
    g.bench_function("scan_only", |b| {
        b.iter(|| {
            i = (i + 1) % s.questions.len();
            let query = Query::new(&s.questions[i].1).unwrap();
            s.scope.top_k(&query, 10, |_| true, |c| s.exact(c)).unwrap()
        })
    });
    g.bench_function("scan_only_parallel", |b| {
        b.iter(|| {
            i = (i + 1) % s.questions.len();
            let query = Query::new(&s.questions[i].1).unwrap();
            s.scope
                .top_k_parallel(&query, 10, threads(), |_| true, |c| s.exact(c))
                .unwrap()
        })
    });
    g.bench_function("reference_read_and_sum", |b| {
        b.iter(|| bandwidth::read_and_sum_parallel(black_box(&s.flat), threads()))
    });
    g.finish();
}

criterion_group!(benches, recall);
criterion_main!(benches);
