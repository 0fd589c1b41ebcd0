//! The quantized vector lane at 1 000 000 × 384-d in one scope, against an exact `f32` scan
//! measured in the same run:
//!
//! - `exact_f32_scan`: the reference, the exact scan (`vectors.rs`, shared with the floor
//!   bench): every row's `f32` score with the dispatched multi-row kernel ([`Kernel::scan`])
//!   over contiguous rows, the same score formula and order as the lane, a bounded heap of 10;
//!   the setup's report also times it on 2 threads (contiguous halves, heaps merged), the
//!   reference for the lane on 2 threads.
//! - `quantized_top10`, `quantized_top10_2_threads`: [`ScopeVectors::top_k`] and
//!   [`ScopeVectors::top_k_parallel`] on 2 threads, the survivors' `f32` vectors read from an
//!   in-memory table (the facade reads them from redb). The setup also times stage 1 held to
//!   its first candidate count (`top_k_with_candidates`, never widened), the lane as it was
//!   before stage 1 checked its choice.
//!
//! The setup prints, for clustered data (1 000 random unit centres, each vector the centre
//! plus Gaussian noise of norm `SIGMA`, normalised; queries drawn the same way) and for
//! uniform random unit vectors (the worst case: no structure for the sign bits to find):
//! recall@1 and recall@10 of the lane against the exact scan over `QUERIES` queries, the mean
//! cosine of the exact top 10, and the p50 and p90 of single searches of each kind,
//! interleaved query by query so that a change of the machine's load falls on all alike; and
//! the resident bytes of the quantized copy against the `f32` rows.
//!
//! The data (`vectors.rs`) is drawn with the splitmix64 of `rng.rs`, so every run measures the
//! same vectors. `benches/floor.rs` measures the lane and the exact scan on this clustered set
//! against the memory-bandwidth floor, and writes it out for the numpy and LanceDB peers.
//!
//! `cargo bench -p kenning-benches --bench quantized`; `KENNING_BENCH_DATA=clustered` skips
//! the uniform data set.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    missing_docs
)]

use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use kenning_vector::{Embedding, Kernel, Query, ScopeVectors, rescore_count};

const N: usize = 1_000_000;

#[path = "rng.rs"]
mod rng;
#[path = "vectors.rs"]
mod vectors;
use vectors::{CENTRES, D, Exact, SIGMA, data};

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
    let (flat, queries) = data(N, clustered, if clustered { 1 } else { 2 });
    let embeddings: Vec<Embedding> = flat
        .chunks_exact(D)
        .map(|v| Embedding::new(v.to_vec()).unwrap())
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
    let exact = Exact::new(flat);
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
    let (mut at1, mut at10, mut cosine, mut fixed10) = (0, 0, 0.0, 0);
    let mut times: [Vec<Duration>; 5] = Default::default();
    for q in &s.queries {
        let start = Instant::now();
        let want = s.exact.top_k(kernel, q, 10);
        times[2].push(start.elapsed());
        let start = Instant::now();
        let both = s.exact.top_k_parallel(kernel, q, 10, 2);
        times[4].push(start.elapsed());
        assert_eq!(both, want, "the exact scan's threads change nothing");
        let start = Instant::now();
        let got = s.scope.top_k(q, 10, |_| true, exact).unwrap();
        times[0].push(start.elapsed());
        let start = Instant::now();
        let parallel = s.scope.top_k_parallel(q, 10, 2, |_| true, exact).unwrap();
        times[1].push(start.elapsed());
        assert_eq!(got, parallel, "threads change nothing");
        let start = Instant::now();
        let fixed = s
            .scope
            .top_k_with_candidates(kernel, q, 10, rescore_count(10), |_| true, exact)
            .unwrap();
        times[3].push(start.elapsed());
        let truth: BTreeSet<u64> = want.iter().map(|h| h.capsule).collect();
        fixed10 += fixed.iter().filter(|h| truth.contains(&h.capsule)).count();
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
        "{name}: recall@1 {:.3}  recall@10 {:.4} (never widened: {:.4})  mean exact top-10 cosine {:.3}  ({} queries)",
        at1 as f64 / n,
        at10 as f64 / (10.0 * n),
        fixed10 as f64 / (10.0 * n),
        cosine / n,
        s.queries.len()
    );
    let [one, two, reference, fixed, reference_two] = times;
    let p50 = |t: &[Duration]| {
        let mut t = t.to_vec();
        t.sort();
        t[t.len() / 2]
    };
    eprintln!(
        "  exact p50 / quantized p50, same thread count: 1 thread {:.1}x, 2 threads {:.1}x",
        p50(&reference).as_secs_f64() / p50(&one).as_secs_f64(),
        p50(&reference_two).as_secs_f64() / p50(&two).as_secs_f64()
    );
    eprintln!("  quantized_top10 (1 thread)  : {}", percentiles(one));
    eprintln!("  quantized_top10 (2 threads) : {}", percentiles(two));
    eprintln!("  exact_f32_scan (1 thread)   : {}", percentiles(reference));
    eprintln!(
        "  exact_f32_scan (2 threads)  : {}",
        percentiles(reference_two)
    );
    eprintln!("  never widened (1 thread)    : {}", percentiles(fixed));
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
