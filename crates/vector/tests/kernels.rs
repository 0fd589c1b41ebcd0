//! Every kernel agrees with the scalar reference within the stated bound (E8), on random
//! lengths, start offsets and magnitudes, with cancellation.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning_vector::kernels::{
    Lanes, cosine_error_bound, dot_error_bound, dot_i8_error_bound, reference_cosine,
    reference_dot, reference_dot_i8, reference_dot_i8_i8, reference_hamming,
};
use kenning_vector::{Embedding, Kernel};
use proptest::prelude::*;

/// Components `m·2^e` with `m ∈ [-1, 1]` and `e ∈ [-20, 20]`: magnitudes spread over twelve
/// orders, signs mixed, so sums cancel.
fn component() -> impl Strategy<Value = f32> {
    (-1000i32..=1000, -20i32..=20).prop_map(|(m, e)| m as f32 / 1000.0 * 2f32.powi(e))
}

fn pair() -> impl Strategy<Value = (Vec<f32>, Vec<f32>)> {
    (0usize..700).prop_flat_map(|n| {
        (
            prop::collection::vec(component(), n),
            prop::collection::vec(component(), n),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn e8_kernels_equal_the_scalar_reference_within_the_bound(
        (a, b) in pair(),
        offset_a in 0usize..16,
        offset_b in 0usize..16,
    ) {
        // Copy to arbitrary float offsets, so each kernel sees every start alignment.
        let mut buf_a = vec![0.0_f32; offset_a + a.len()];
        buf_a[offset_a..].copy_from_slice(&a);
        let mut buf_b = vec![0.0_f32; offset_b + b.len()];
        buf_b[offset_b..].copy_from_slice(&b);
        let (xa, xb) = (&buf_a[offset_a..], &buf_b[offset_b..]);

        let want_dot = reference_dot(&a, &b).unwrap();
        let want_cos = reference_cosine(&a, &b);
        let valid = Embedding::new(a.clone()).is_ok() && Embedding::new(b.clone()).is_ok();
        for k in Kernel::available() {
            let dot = k.dot(xa, xb).unwrap();
            prop_assert!(
                (f64::from(dot) - f64::from(want_dot)).abs() <= dot_error_bound(&a, &b),
                "{} dot: {} vs {}", k.isa(), dot, want_dot
            );
            let cos = k.cosine(xa, xb);
            prop_assert_eq!(cos.is_some(), want_cos.is_some());
            if let (Some(c), Some(w), true) = (cos, want_cos, valid) {
                prop_assert!(
                    (f64::from(c) - f64::from(w)).abs() <= cosine_error_bound(a.len()),
                    "{} cosine: {} vs {} (n = {})", k.isa(), c, w, a.len()
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The int8·f32 dot within its bound and the Hamming distances exactly, on random lengths,
    /// codes, sign words and start offsets.
    #[test]
    fn e8_int8_and_hamming_kernels_equal_the_scalar_reference(
        (codes, q) in (0usize..700).prop_flat_map(|n| (
            prop::collection::vec(-127i8..=127, n),
            prop::collection::vec(component(), n),
        )),
        offset_c in 0usize..64,
        offset_q in 0usize..16,
        (words, rows) in (0usize..20, 0usize..20).prop_flat_map(|(w, r)| (
            prop::collection::vec(any::<u64>(), w),
            prop::collection::vec(any::<[u64; 8]>(), r.div_ceil(8) * w),
        ).prop_map(move |(q, g)| (q, (r, g)))),
    ) {
        let mut buf_c = vec![0_i8; offset_c + codes.len()];
        buf_c[offset_c..].copy_from_slice(&codes);
        let mut buf_q = vec![0.0_f32; offset_q + q.len()];
        buf_q[offset_q..].copy_from_slice(&q);
        let (xc, xq) = (&buf_c[offset_c..], &buf_q[offset_q..]);
        let want = reference_dot_i8(&codes, &q).unwrap();
        let (r, groups) = rows;
        let groups: Vec<Lanes> = groups.into_iter().map(Lanes).collect();
        let mut want_h = vec![u32::MAX; r];
        reference_hamming(&words, &groups, &mut want_h);
        for k in Kernel::available() {
            let dot = k.dot_i8(xc, xq).unwrap();
            prop_assert!(
                (f64::from(dot) - f64::from(want)).abs() <= dot_i8_error_bound(&codes, &q),
                "{} dot_i8: {} vs {}", k.isa(), dot, want
            );
            let mut got = vec![u32::MAX; r];
            k.hamming(&words, &groups, &mut got);
            prop_assert_eq!(&got, &want_h, "{}", k.isa());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The int8·int8 dot exactly, on random lengths, bytes (the whole `i8` range) and start
    /// offsets of both inputs.
    #[test]
    fn e8_int8_int8_kernels_equal_the_scalar_reference(
        (a, b) in (0usize..700).prop_flat_map(|n| (
            prop::collection::vec(any::<i8>(), n),
            prop::collection::vec(any::<i8>(), n),
        )),
        offset_a in 0usize..64,
        offset_b in 0usize..64,
    ) {
        let mut buf_a = vec![0_i8; offset_a + a.len()];
        buf_a[offset_a..].copy_from_slice(&a);
        let mut buf_b = vec![0_i8; offset_b + b.len()];
        buf_b[offset_b..].copy_from_slice(&b);
        let want = reference_dot_i8_i8(&a, &b);
        for k in Kernel::available() {
            prop_assert_eq!(k.dot_i8_i8(&buf_a[offset_a..], &buf_b[offset_b..]), want, "{}", k.isa());
        }
    }

    /// The multi-row int8·int8 dot: every row of random bytes exactly, on random lengths, row
    /// counts and start offsets of the query and the rows.
    #[test]
    fn e8_multi_row_int8_int8_kernels_equal_the_scalar_reference(
        (q, rows) in (1usize..700, 0usize..11).prop_flat_map(|(n, m)| (
            prop::collection::vec(any::<i8>(), n),
            prop::collection::vec(any::<i8>(), n * m),
        )),
        offset_q in 0usize..64,
        offset_r in 0usize..64,
    ) {
        let d = q.len();
        let mut buf_q = vec![0_i8; offset_q + d];
        buf_q[offset_q..].copy_from_slice(&q);
        let mut buf_r = vec![0_i8; offset_r + rows.len()];
        buf_r[offset_r..].copy_from_slice(&rows);
        let want: Vec<i32> = rows
            .chunks_exact(d)
            .map(|row| reference_dot_i8_i8(&q, row).unwrap())
            .collect();
        for k in Kernel::available() {
            let mut out = vec![0_i32; want.len()];
            k.dots_i8_i8(&buf_q[offset_q..], &buf_r[offset_r..], &mut out);
            prop_assert_eq!(&out, &want, "{}", k.isa());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The multi-row kernels (`dots`, `scan`) on random lengths, row counts, start offsets of
    /// the query and the rows, magnitudes, inverse norms and thresholds: every row's dot
    /// product is bit for bit `dot`'s (so within the bound of the reference), and `scan` hands
    /// over exactly the rows whose score is not `≤` the threshold in force, with the bits of the
    /// score formula, so a heap fed by it holds the best of all rows.
    #[test]
    fn e8_multi_row_kernels_equal_dot_and_the_reference(
        (q, rows, scales) in (0usize..420, 0usize..41).prop_flat_map(|(n, m)| (
            prop::collection::vec(component(), n),
            prop::collection::vec(component(), n * m),
            prop::collection::vec(1e-3f32..1e3, m),
        )),
        offset_q in 0usize..16,
        offset_r in 0usize..16,
        inv_q in 1e-3f32..1e3,
        threshold in prop::option::of(-1e3f32..1e3),
        keep in 1usize..6,
    ) {
        let n = q.len();
        let mut buf_q = vec![0.0_f32; offset_q + n];
        buf_q[offset_q..].copy_from_slice(&q);
        let mut buf_r = vec![0.0_f32; offset_r + rows.len()];
        buf_r[offset_r..].copy_from_slice(&rows);
        let (xq, xr) = (&buf_q[offset_q..], &buf_r[offset_r..]);
        let m = scales.len();
        for k in Kernel::available() {
            let mut out = vec![f32::NAN; m];
            k.dots(xq, xr, &mut out);
            let want: Vec<f32> = if n == 0 {
                Vec::new()
            } else {
                xr.chunks_exact(n).map(|row| k.dot(xq, row).unwrap()).collect()
            };
            for (r, (row, reference)) in rows.chunks(n.max(1)).zip(&want).enumerate() {
                prop_assert_eq!(out[r].to_bits(), reference.to_bits(), "{} row {}", k.isa(), r);
                let exact = reference_dot(&q, row).unwrap();
                prop_assert!(
                    (f64::from(out[r]) - f64::from(exact)).abs() <= dot_error_bound(&q, row),
                    "{} row {}: {} vs {}", k.isa(), r, out[r], exact
                );
            }
            let scores: Vec<f32> = want.iter().zip(&scales).map(|(d, s)| d * s * inv_q + 0.0).collect();
            // The model: every row offered to the same callback, skipped only as documented.
            let rank = |best: &mut Vec<(f32, usize)>| {
                best.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                best.truncate(keep);
                (best.len() == keep).then(|| best[keep - 1].0).or(threshold)
            };
            let (mut expected, mut model) = (Vec::new(), Vec::new());
            let mut limit = threshold;
            for (r, &score) in scores.iter().enumerate() {
                if limit.is_some_and(|t| score <= t + 0.0) {
                    continue;
                }
                expected.push((r, score.to_bits()));
                model.push((score, r));
                limit = rank(&mut model);
            }
            let (mut taken, mut best) = (Vec::new(), Vec::new());
            k.scan(xq, xr, &scales, inv_q, threshold, |r, score| {
                taken.push((r, score.to_bits()));
                best.push((score, r));
                rank(&mut best)
            });
            prop_assert_eq!(&taken, &expected, "{}", k.isa());
            let mut all: Vec<(f32, usize)> = scores
                .iter()
                .copied()
                .zip(0..)
                .filter(|(s, _)| threshold.is_none_or(|t| *s > t))
                .collect();
            rank(&mut all);
            prop_assert_eq!(best, all, "{}", k.isa());
        }
    }
}
