//! The quantized vector lane at 1 000 000 × 384-d in one scope, against an exact `f32` scan
//! measured in the same run:
//!
//! - `exact_f32_scan`: the reference, today's exact scan kept here: every row's `f32` dot
//!   product with the dispatched kernel ([`Kernel::dots`]) over contiguous rows, the same score
//!   formula and order as the lane, a bounded heap of 10.
//! - `quantized_top10`, `quantized_top10_2_threads`: [`ScopeVectors::top_k`] and
//!   [`ScopeVectors::top_k_parallel`] on 2 threads, the survivors' `f32` vectors read from an
//!   in-memory table (the facade reads them from redb).
//!
//! The setup prints, for clustered data (1 000 random unit centres, each vector the centre
//! plus Gaussian noise of norm `SIGMA`, normalised; queries drawn the same way) and for
//! uniform random unit vectors (the worst case: no structure for the sign bits to find):
//! recall@1 and recall@10 of the lane against the exact scan over `QUERIES` queries, the mean
//! cosine of the exact top 10, and the p50 and p90 of single searches of each kind,
//! interleaved query by query so that a change of the machine's load falls on all alike; and
//! the resident bytes of the quantized copy against the `f32` rows.
//!
//! `cargo bench -p kenning-benches --bench quantized`; `KENNING_BENCH_DATA=clustered` skips
//! the uniform data set.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    missing_docs
)]

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use kenning_vector::{Embedding, Kernel, LaneHit, Query, ScopeVectors};

const N: usize = 1_000_000;
const D: usize = 384;
const CENTRES: usize = 1000;
const SIGMA: f64 = 0.7;
const QUERIES: usize = 100;

#[path = "rng.rs"]
mod rng;
use rng::Rng;

impl Rng {
    fn uniform(&mut self) -> f64 {
        ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    /// A standard normal by Box–Muller.
    fn gauss(&mut self) -> f64 {
        let (a, b) = (self.uniform(), self.uniform());
        (-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()
    }

    fn unit(&mut self, d: usize) -> Vec<f64> {
        let v: Vec<f64> = (0..d).map(|_| self.gauss()).collect();
        let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
        v.into_iter().map(|x| x / norm).collect()
    }
}

fn to_f32(v: &[f64]) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    v.iter().map(|x| (x / norm) as f32).collect()
}

/// `n` vectors and `QUERIES` queries: clustered around `CENTRES` centres, or uniform.
fn data(clustered: bool, seed: u64) -> (Vec<Vec<f32>>, Vec<Vec<f32>>) {
    let mut rng = Rng(seed);
    let centres: Vec<Vec<f64>> = (0..CENTRES).map(|_| rng.unit(D)).collect();
    let scale = SIGMA / (D as f64).sqrt();
    let draw = |rng: &mut Rng| -> Vec<f32> {
        if clustered {
            let c = &centres[rng.next() as usize % CENTRES];
            let v: Vec<f64> = c.iter().map(|x| x + rng.gauss() * scale).collect();
            to_f32(&v)
        } else {
            to_f32(&rng.unit(D))
        }
    };
    let rows = (0..N).map(|_| draw(&mut rng)).collect();
    let queries = (0..QUERIES).map(|_| draw(&mut rng)).collect();
    (rows, queries)
}

/// The reference: today's exact scan over contiguous `f32` rows.
struct Exact {
    flat: Vec<f32>,
    inv_norms: Vec<f32>,
}

fn inverse(v: &[f32]) -> f32 {
    let squares: f64 = v.iter().map(|&x| f64::from(x) * f64::from(x)).sum();
    (1.0 / squares.sqrt()) as f32
}

#[derive(PartialEq)]
struct Ranked(f32, Reverse<u64>);

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

impl Exact {
    fn new(rows: &[Vec<f32>]) -> Self {
        Self {
            flat: rows.iter().flatten().copied().collect(),
            inv_norms: rows.iter().map(|r| inverse(r)).collect(),
        }
    }

    fn top_k(&self, kernel: Kernel, query: &Query, k: usize) -> Vec<LaneHit> {
        let q = query.values();
        let inv_q = inverse(q);
        const BLOCK: usize = 256;
        let mut dots = vec![0.0_f32; BLOCK];
        let mut heap: BinaryHeap<Reverse<Ranked>> = BinaryHeap::with_capacity(k + 1);
        for (b, rows) in self.flat.chunks(BLOCK * D).enumerate() {
            let out = &mut dots[..rows.len() / D];
            kernel.dots(q, rows, out);
            for (i, &dot) in out.iter().enumerate() {
                let id = (b * BLOCK + i) as u64;
                let score = dot * self.inv_norms[id as usize] * inv_q + 0.0;
                let candidate = Ranked(score, Reverse(id));
                if heap.len() == k && heap.peek().is_some_and(|w| candidate <= w.0) {
                    continue;
                }
                heap.push(Reverse(candidate));
                if heap.len() > k {
                    heap.pop();
                }
            }
        }
        heap.into_sorted_vec()
            .into_iter()
            .map(|Reverse(Ranked(score, Reverse(capsule)))| LaneHit {
                capsule,
                score: f64::from(score),
            })
            .collect()
    }
}

fn percentiles(mut samples: Vec<Duration>) -> String {
    samples.sort();
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    format!("p50 {:>9.2?}  p90 {:>9.2?}", at(0.5), at(0.9))
}

struct Setup {
    scope: ScopeVectors,
    embeddings: Vec<Embedding>,
    exact: Exact,
    queries: Vec<Query>,
}

fn setup(clustered: bool) -> Setup {
    let started = Instant::now();
    let (rows, queries) = data(clustered, if clustered { 1 } else { 2 });
    let embeddings: Vec<Embedding> = rows
        .iter()
        .map(|v| Embedding::new(v.clone()).unwrap())
        .collect();
    let scope = ScopeVectors::build(
        D,
        embeddings
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, e)| (i as u64, e)),
    )
    .unwrap();
    let exact = Exact::new(&rows);
    drop(rows);
    let queries = queries.iter().map(|q| Query::new(q).unwrap()).collect();
    eprintln!(
        "{} data: {N} x {D} built in {:.1?}; quantized copy {} bytes ({:.4} GB), f32 rows {} bytes, ratio {:.3}",
        if clustered { "clustered" } else { "uniform" },
        started.elapsed(),
        scope.heap_bytes(),
        scope.heap_bytes() as f64 / 1e9,
        scope.raw_bytes(),
        scope.heap_bytes() as f64 / scope.raw_bytes() as f64,
    );
    Setup {
        scope,
        embeddings,
        exact,
        queries,
    }
}

fn report(s: &Setup, name: &str) {
    let kernel = Kernel::best();
    let exact = |c: u64| Ok(s.embeddings.get(c as usize).cloned());
    let (mut at1, mut at10, mut cosine) = (0, 0, 0.0);
    let mut times: [Vec<Duration>; 3] = Default::default();
    for q in &s.queries {
        let start = Instant::now();
        let want = s.exact.top_k(kernel, q, 10);
        times[2].push(start.elapsed());
        let start = Instant::now();
        let got = s.scope.top_k(q, 10, |_| true, exact).unwrap();
        times[0].push(start.elapsed());
        let start = Instant::now();
        let parallel = s.scope.top_k_parallel(q, 10, 2, |_| true, exact).unwrap();
        times[1].push(start.elapsed());
        assert_eq!(got, parallel, "threads change nothing");
        let truth: BTreeSet<u64> = want.iter().map(|h| h.capsule).collect();
        at10 += got.iter().filter(|h| truth.contains(&h.capsule)).count();
        at1 += usize::from(got.first().map(|h| h.capsule) == want.first().map(|h| h.capsule));
        cosine += want.iter().map(|h| h.score).sum::<f64>() / want.len() as f64;
    }
    // Recall@10 with other candidate counts (the first stage's R), on the first 40 queries.
    let counts = [512usize, 1024, 2048, 4096, 8192];
    let mut found = vec![0usize; counts.len()];
    let mut spent = vec![Duration::ZERO; counts.len()];
    for q in s.queries.iter().take(40) {
        let truth: BTreeSet<u64> = s
            .exact
            .top_k(kernel, q, 10)
            .iter()
            .map(|h| h.capsule)
            .collect();
        for (i, &r) in counts.iter().enumerate() {
            let start = Instant::now();
            let hits = s
                .scope
                .top_k_with_candidates(kernel, q, 10, r, |_| true, exact)
                .unwrap();
            spent[i] += start.elapsed();
            found[i] += hits.iter().filter(|h| truth.contains(&h.capsule)).count();
        }
    }
    for (i, r) in counts.iter().enumerate() {
        eprintln!(
            "  R = {r:>5}: recall@10 {:.4}, mean {:.2?}",
            found[i] as f64 / 400.0,
            spent[i] / 40
        );
    }
    let n = s.queries.len() as f64;
    eprintln!(
        "{name}: recall@1 {:.3}  recall@10 {:.4}  mean exact top-10 cosine {:.3}  ({} queries)",
        at1 as f64 / n,
        at10 as f64 / (10.0 * n),
        cosine / n,
        s.queries.len()
    );
    let [one, two, reference] = times;
    let p50 = |t: &[Duration]| {
        let mut t = t.to_vec();
        t.sort();
        t[t.len() / 2]
    };
    eprintln!(
        "  exact p50 / quantized p50: 1 thread {:.1}x, 2 threads {:.1}x",
        p50(&reference).as_secs_f64() / p50(&one).as_secs_f64(),
        p50(&reference).as_secs_f64() / p50(&two).as_secs_f64()
    );
    eprintln!("  quantized_top10 (1 thread)  : {}", percentiles(one));
    eprintln!("  quantized_top10 (2 threads) : {}", percentiles(two));
    eprintln!("  exact_f32_scan (1 thread)   : {}", percentiles(reference));
}

fn quantized(c: &mut Criterion) {
    // KENNING_BENCH_DATA=clustered skips the uniform data set.
    if std::env::var("KENNING_BENCH_DATA").as_deref() != Ok("clustered") {
        let uniform = setup(false);
        report(&uniform, "uniform random unit vectors");
        drop(uniform);
    }
    let s = setup(true);
    report(&s, &format!("clustered ({CENTRES} centres, sigma {SIGMA})"));

    let exact = |c: u64| Ok(s.embeddings.get(c as usize).cloned());
    let kernel = Kernel::best();
    let mut g = c.benchmark_group("quantized_1m_384d");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let mut i = 0;
    g.bench_function("quantized_top10", |b| {
        b.iter(|| {
            i = (i + 1) % s.queries.len();
            s.scope.top_k(&s.queries[i], 10, |_| true, exact).unwrap()
        })
    });
    g.bench_function("quantized_top10_2_threads", |b| {
        b.iter(|| {
            i = (i + 1) % s.queries.len();
            s.scope
                .top_k_parallel(&s.queries[i], 10, 2, |_| true, exact)
                .unwrap()
        })
    });
    g.bench_function("exact_f32_scan", |b| {
        b.iter(|| {
            i = (i + 1) % s.queries.len();
            s.exact.top_k(kernel, black_box(&s.queries[i]), 10)
        })
    });
    g.finish();
}

criterion_group!(benches, quantized);
criterion_main!(benches);
