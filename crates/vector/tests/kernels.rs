//! Every kernel agrees with the scalar reference within the stated bound (E8), on random
//! lengths, start offsets and magnitudes, with cancellation.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning_vector::kernels::{
    cosine_error_bound, dot_error_bound, reference_cosine, reference_dot,
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
