//! Exact top-k equals a brute-force sort of a plain model, under random exclusion sets (the
//! facade's fences, R4), with every kernel.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use kenning_vector::{Embedding, Kernel, Query, ScopeVectors};
use proptest::prelude::*;

/// Small integer components: every dot product is exact in `f32` whatever the summation order,
/// so the model can compute the documented score exactly and many scores tie.
fn ints(seed: u64, d: usize) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut v: Vec<f32> = (0..d)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 7) as f32 - 3.0
        })
        .collect();
    if v.iter().all(|c| *c == 0.0) {
        v[0] = 1.0;
    }
    v
}

fn inv_norm(v: &[f32]) -> f32 {
    let squares: f64 = v.iter().map(|&c| f64::from(c) * f64::from(c)).sum();
    (1.0 / squares.sqrt()) as f32
}

/// The documented score: `(dot(q, v) · inv|v|) · inv|q|` in `f32`, `-0.0` as `0.0`.
fn model_score(q: &[f32], v: &[f32]) -> f32 {
    let dot: f64 = q
        .iter()
        .zip(v)
        .map(|(a, b)| f64::from(*a) * f64::from(*b))
        .sum();
    (dot as f32) * inv_norm(v) * inv_norm(q) + 0.0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn r4_top_k_equals_a_brute_force_sort_under_random_exclusions(
        d in prop::sample::select(vec![1usize, 2, 3, 5, 8, 17, 1024, 2048]),
        ids in prop::collection::btree_set(0u64..400, 0..80),
        seed in any::<u64>(),
        k in 0usize..25,
        excluded_mask in any::<u64>(),
        reversed in any::<bool>(),
    ) {
        let mut rows: Vec<(u64, Vec<f32>)> =
            ids.iter().map(|&c| (c, ints(seed ^ c, d))).collect();
        if reversed {
            rows.reverse(); // build order must not matter
        }
        let scope = ScopeVectors::build(
            d,
            rows.iter().map(|(c, v)| (*c, Embedding::new(v.clone()).unwrap())),
        )
        .unwrap();
        let query = ints(!seed, d);
        let excluded: BTreeSet<u64> =
            ids.iter().copied().filter(|c| excluded_mask >> (c % 64) & 1 == 1).collect();

        let mut model: Vec<(f32, u64)> = rows
            .iter()
            .filter(|(c, _)| !excluded.contains(c))
            .map(|(c, v)| (model_score(&query, v), *c))
            .collect();
        model.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        model.truncate(k);

        let q = Query::new(&query).unwrap();
        for threads in 1..=4 {
            let calls = std::sync::Mutex::new(BTreeSet::new());
            let hits = scope
                .top_k_parallel(&q, k, threads, |c| {
                    assert!(calls.lock().unwrap().insert(c), "keep is called at most once per capsule");
                    !excluded.contains(&c)
                })
                .unwrap();
            let got: Vec<(u32, u64)> = hits.iter().map(|h| ((h.score as f32).to_bits(), h.capsule)).collect();
            let want: Vec<(u32, u64)> = model.iter().map(|m| (m.0.to_bits(), m.1)).collect();
            prop_assert_eq!(got, want, "{} threads", threads);
        }
        for kernel in Kernel::available() {
            let mut asked = BTreeSet::new();
            let hits = scope
                .top_k_with(kernel, &q, k, |c| {
                    assert!(asked.insert(c), "keep is called at most once per capsule");
                    !excluded.contains(&c)
                })
                .unwrap();
            let got: Vec<(f32, u64)> = hits.iter().map(|h| (h.score as f32, h.capsule)).collect();
            prop_assert_eq!(got.len(), model.len());
            for (g, m) in got.iter().zip(&model) {
                prop_assert_eq!(g.1, m.1, "{} at d={}", kernel.isa(), d);
                prop_assert_eq!(g.0.to_bits(), m.0.to_bits());
            }
        }
    }
}

#[test]
fn r3_a_query_of_another_dimension_is_refused_by_the_scan() {
    let scope =
        ScopeVectors::build(3, [(1, Embedding::new(vec![1.0, 2.0, 3.0]).unwrap())]).unwrap();
    let err = scope
        .top_k(&Query::new(&[1.0, 2.0]).unwrap(), 1, |_| true)
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("query_embedding has 2 dimensions"),
        "{err}"
    );
    assert!(
        scope
            .top_k(&Query::new(&[1.0, 2.0, 3.0]).unwrap(), 0, |_| true)
            .unwrap()
            .is_empty()
    );
    let all = scope
        .top_k(&Query::new(&[1.0, 2.0, 3.0]).unwrap(), usize::MAX, |_| true)
        .unwrap();
    assert_eq!(all.len(), 1, "k beyond the scope's size is fine");
    assert!((all[0].score - 1.0).abs() < 1e-6);
}

#[test]
fn building_refuses_mixed_dimensions_and_repeated_capsules() {
    let e = |v: Vec<f32>| Embedding::new(v).unwrap();
    let err = ScopeVectors::build(2, [(1, e(vec![1.0, 2.0])), (2, e(vec![1.0]))]).unwrap_err();
    assert!(
        err.to_string().starts_with("embedding has 1 dimensions"),
        "{err}"
    );
    let err = ScopeVectors::build(1, [(1, e(vec![1.0])), (1, e(vec![2.0]))]).unwrap_err();
    assert!(
        err.to_string().contains("capsule 1 is given twice"),
        "{err}"
    );
}

/// Components in `[-1, 1)` from a seed: dot products round, so bit-equality is a real claim.
fn reals(seed: u64, d: usize) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut v: Vec<f32> = (0..d)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect();
    if v.iter().all(|c| *c == 0.0) {
        v[0] = 1.0;
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The fused lane scores capsules the vector lane did not list with `Query::score`; it must
    /// give what the scan would have, so that one capsule never carries two cosines.
    #[test]
    fn r7_query_score_is_the_scans_score_bit_for_bit(
        d in prop::sample::select(vec![1usize, 3, 8, 17, 384, 1000]),
        n in 1usize..60,
        seed in any::<u64>(),
    ) {
        let rows: Vec<(u64, Vec<f32>)> = (0..n as u64).map(|c| (c, reals(seed ^ c, d))).collect();
        let scope = ScopeVectors::build(
            d,
            rows.iter().map(|(c, v)| (*c, Embedding::new(v.clone()).unwrap())),
        )
        .unwrap();
        let q = Query::new(&reals(!seed, d)).unwrap();
        for kernel in Kernel::available() {
            let ranked = scope.top_k_with(kernel, &q, n, |_| true).unwrap();
            prop_assert_eq!(ranked.len(), n);
            for hit in ranked {
                let e = Embedding::new(rows[hit.capsule as usize].1.clone()).unwrap();
                let direct = q.score_with(kernel, &e).unwrap();
                prop_assert_eq!(f64::from(direct).to_bits(), hit.score.to_bits(), "{:?}", kernel);
            }
        }
        let other = Embedding::new(vec![1.0; d + 1]).unwrap();
        prop_assert_eq!(q.score(&other), None);
    }
}
