//! The in-memory copy costs what its docs say, to the byte, and at most 1.1x the raw `f32`
//! bytes for dimensions of 32 and up once a scope holds 64 KiB of vectors.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{expected_heap_bytes, vector};
use kenning_vector::{Embedding, ScopeVectors};

fn build(n: usize, d: usize) -> ScopeVectors {
    ScopeVectors::build(
        d,
        (0..n as u64).map(|c| (c, Embedding::new(vector(c, d)).unwrap())),
    )
    .unwrap()
}

#[test]
fn the_accounting_is_exact() {
    for (n, d) in [
        (0, 4),
        (1, 1),
        (1, 384),
        (85, 384),
        (86, 384),
        (1000, 384),
        (300, 1536),
        (7, 16_384),
        (40_000, 3),
    ] {
        let scope = build(n, d);
        assert_eq!(scope.raw_bytes(), 4 * n * d);
        assert_eq!(scope.heap_bytes(), expected_heap_bytes(n, d), "n={n} d={d}");
    }
}

#[test]
fn the_copy_costs_at_most_1_1x_the_raw_bytes_from_dimension_32_and_64_kib() {
    for d in [32, 33, 64, 100, 384, 768, 1536, 3072, 16_384] {
        let smallest = (64 * 1024usize).div_ceil(4 * d);
        for n in [smallest, smallest + 1, 3 * smallest + 7] {
            let scope = build(n, d);
            let ratio = scope.heap_bytes() as f64 / scope.raw_bytes() as f64;
            assert!(ratio <= 1.1, "d={d} n={n}: {ratio}");
        }
    }
    // Below the stated range the per-vector bookkeeping (12 bytes) is what dominates.
    let small = build(100, 8);
    assert!(small.heap_bytes() as f64 / small.raw_bytes() as f64 > 1.1);
}

#[test]
fn a_scope_of_384_dimensions_costs_under_1_01x() {
    // 30 000 vectors span 353 chunks; the bench prints the same figure for 100 000.
    let scope = build(30_000, 384);
    let ratio = scope.heap_bytes() as f64 / scope.raw_bytes() as f64;
    assert_eq!(scope.heap_bytes(), expected_heap_bytes(30_000, 384));
    assert!(ratio < 1.01, "{ratio}");
    let at_100k = expected_heap_bytes(100_000, 384) as f64 / (4.0 * 100_000.0 * 384.0);
    assert!(at_100k < 1.01, "{at_100k}");
}
