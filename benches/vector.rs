//! Vector costs, each against a reference measured in the same run:
//!
//! - `kernel_cosine/{384,768,1536}`: one cosine with the dispatched kernel, against the
//!   `simsimd` crate's cosine and the scalar reference loop.
//! - `scan_top10/{384,1536}`: the vector lane's top-10 over one scope of 100 000 vectors
//!   (quantized, three stages, the survivors' `f32` vectors from memory), against a plain
//!   read-and-sum of the `f32` bytes (`bandwidth.rs`: the widest loads the CPU has, chosen at
//!   run time; the memory-bandwidth limit of an exact scan), each on one thread and on two
//!   (`kenning_top10_2_threads` against `reference_read_and_sum_2_threads`). All report the
//!   `f32` bytes per second. Also the same search with a 10 % fence set checked through a
//!   `HashSet`. The 153.6 MB and 614.4 MB here partly fit in the last-level cache, so the
//!   floor is faster than memory; `benches/floor.rs` has the uncached headline (1M × 384) and
//!   the exact scan, and `benches/quantized.rs` the lane at a million vectors with recall.
//!   The quantized lane reads far fewer bytes than the `f32` rows, so it can beat this floor.
//! - `fuse`: RRF over two lanes of 1 000 hits each.
//!
//! Also prints the in-memory copy's heap bytes against the raw `f32` bytes.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    missing_docs
)]

use std::collections::HashSet;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kenning_vector::kernels::reference_cosine;
use kenning_vector::{Embedding, Kernel, LaneHit, Query, RrfParams, ScopeVectors};
use simsimd::SpatialSimilarity;

#[path = "bandwidth.rs"]
mod bandwidth;

/// Deterministic floats in [-1, 1).
fn floats(seed: u64, n: usize) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect()
}

fn kernel_cosine(c: &mut Criterion) {
    let best = Kernel::best();
    eprintln!("kernel: {}", best.isa());
    let mut g = c.benchmark_group("kernel_cosine");
    for d in [384usize, 768, 1536] {
        let (a, b) = (floats(1, d), floats(2, d));
        g.throughput(Throughput::Bytes(8 * d as u64));
        g.bench_with_input(BenchmarkId::new("simsimd", d), &d, |bench, _| {
            bench.iter(|| <f32 as SpatialSimilarity>::cos(black_box(&a), black_box(&b)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("scalar_reference", d), &d, |bench, _| {
            bench.iter(|| reference_cosine(black_box(&a), black_box(&b)).unwrap())
        });
        for k in Kernel::available() {
            let name = format!("kenning_{}", k.isa());
            g.bench_with_input(BenchmarkId::new(name, d), &d, |bench, _| {
                bench.iter(|| k.cosine(black_box(&a), black_box(&b)).unwrap())
            });
        }
    }
    g.finish();
}

fn scan_top10(c: &mut Criterion) {
    const N: usize = 100_000;
    eprintln!("read-and-sum loads: {}", bandwidth::isa());
    let mut g = c.benchmark_group("scan_top10");
    g.sample_size(20).measurement_time(Duration::from_secs(8));
    for d in [384usize, 1536] {
        let embeddings: Vec<Embedding> = (0..N as u64)
            .map(|c| Embedding::new(floats(c + 10, d)).unwrap())
            .collect();
        let scope = ScopeVectors::build(
            d,
            embeddings
                .iter()
                .cloned()
                .enumerate()
                .map(|(c, e)| (c as u64, e)),
        )
        .unwrap();
        eprintln!(
            "memory {N} x {d}: heap {} bytes, raw {} bytes, ratio {:.4}",
            scope.heap_bytes(),
            scope.raw_bytes(),
            scope.heap_bytes() as f64 / scope.raw_bytes() as f64
        );
        // The same f32 bytes, read plainly.
        let flat: Vec<f32> = embeddings
            .iter()
            .flat_map(|e| e.values().iter().copied())
            .collect();
        let exact = |c: u64| Ok(embeddings.get(c as usize).cloned());
        let query = Query::new(&floats(7, d)).unwrap();
        let fenced: HashSet<u64> = (0..N as u64).step_by(10).collect();

        g.throughput(Throughput::Bytes(scope.raw_bytes() as u64));
        g.bench_with_input(BenchmarkId::new("reference_read_and_sum", d), &d, |b, _| {
            b.iter(|| bandwidth::read_and_sum(black_box(&flat)))
        });
        g.bench_with_input(
            BenchmarkId::new("reference_read_and_sum_2_threads", d),
            &d,
            |b, _| b.iter(|| bandwidth::read_and_sum_parallel(black_box(&flat), 2)),
        );
        g.bench_with_input(BenchmarkId::new("kenning_top10", d), &d, |b, _| {
            b.iter(|| scope.top_k(black_box(&query), 10, |_| true, exact).unwrap())
        });
        g.bench_with_input(
            BenchmarkId::new("kenning_top10_2_threads", d),
            &d,
            |b, _| {
                b.iter(|| {
                    scope
                        .top_k_parallel(black_box(&query), 10, 2, |_| true, exact)
                        .unwrap()
                })
            },
        );
        g.bench_with_input(
            BenchmarkId::new("kenning_top10_fenced_10pct", d),
            &d,
            |b, _| {
                b.iter(|| {
                    scope
                        .top_k(black_box(&query), 10, |c| !fenced.contains(&c), exact)
                        .unwrap()
                })
            },
        );
    }
    g.finish();
}

fn fuse(c: &mut Criterion) {
    let lane = |seed: u64| -> Vec<LaneHit> {
        let mut ids: Vec<u64> = (0..1000)
            .map(|i| (i * 7919 + seed * 104_729) % 5000)
            .collect();
        ids.dedup();
        ids.into_iter()
            .enumerate()
            .map(|(i, capsule)| LaneHit {
                capsule,
                score: 1.0 / (1.0 + i as f64),
            })
            .collect()
    };
    let (term, vector) = (lane(1), lane(2));
    let params = RrfParams::default();
    c.bench_function("fuse/1000x1000_top10", |b| {
        b.iter(|| params.fuse(black_box(&term), black_box(&vector), 10))
    });
}

criterion_group!(benches, kernel_cosine, scan_top10, fuse);
criterion_main!(benches);
