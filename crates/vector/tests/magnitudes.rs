//! E3, E4 at the ends of `f32`: every vector whose magnitude is a normal `f32` (between
//! `f32::MIN_POSITIVE` and `f32::MAX`, [`kenning_vector::MIN_MAGNITUDE`] and
//! [`kenning_vector::MAX_MAGNITUDE`]) is accepted, stored as its exact bytes, and scored by the
//! scan with the cosine it has; past the range the refusal names the bound and the fix.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Store, temp};
use kenning_vector::{
    Embedding, Error, MAX_MAGNITUDE, MIN_MAGNITUDE, ModelTag, Query, ScopeVectors, attach, get,
};

const MIN: f32 = f32::MIN_POSITIVE;
const MAX: f32 = f32::MAX;

/// The vectors and others at both ends, all of dimension 3.
fn extremes() -> Vec<Vec<f32>> {
    vec![
        vec![MAX, 1.0, 0.0],
        vec![MIN, MIN, MIN],
        vec![MAX / 2.0, -MAX / 2.0, 1e30],
        vec![MIN, 0.0, f32::from_bits(1)],
        vec![3.0e-38, 5.0e-38, -2.0e-38],
        vec![1.0e38, 2.0e38, -1.5e38],
        vec![0.6, 0.8, 0.0],
    ]
}

/// Cosine in `f64`, the reference.
fn cosine(a: &[f32], b: &[f32]) -> f64 {
    let dot: f64 = a
        .iter()
        .zip(b)
        .map(|(x, y)| f64::from(*x) * f64::from(*y))
        .sum();
    let norm = |v: &[f32]| v.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    dot / (norm(a) * norm(b))
}

#[test]
fn e3_e4_every_normal_magnitude_is_accepted_and_round_trips_bit_exactly() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    let tag = ModelTag::new("m").unwrap();
    for (capsule, v) in (1u64..).zip(extremes()) {
        let embedding = Embedding::new(v.clone()).unwrap();
        store
            .write(|txn, staged| attach(txn, staged, "s", capsule, embedding, &tag))
            .unwrap();
        let back = get(&store.read(), "s", capsule).unwrap().unwrap();
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(back.values()), bits(&v), "{v:?}");
        assert_eq!(
            common::owned(store.vectors().scope("s").unwrap().get(capsule).unwrap()),
            common::quantized(capsule, &v)
        );
    }
    // A vector of f32::MIN_POSITIVE at the largest dimension, too.
    assert!(Embedding::new(vec![MIN; kenning_vector::MAX_DIMENSION]).is_ok());
}

#[test]
fn e3_the_scan_scores_extreme_vectors_with_their_cosine() {
    let rows: Vec<(u64, Embedding)> = (1u64..)
        .zip(extremes())
        .map(|(c, v)| (c, Embedding::new(v).unwrap()))
        .collect();
    let scope = ScopeVectors::build(3, rows.clone()).unwrap();
    for (c, stored) in &rows {
        let q = stored.values();
        let exact = |c: u64| Ok(rows.iter().find(|(id, _)| *id == c).map(|(_, e)| e.clone()));
        let hits = scope
            .top_k(&Query::new(q).unwrap(), rows.len(), |_| true, exact)
            .unwrap();
        assert_eq!(hits.len(), rows.len());
        for hit in &hits {
            let (_, other) = rows.iter().find(|(id, _)| *id == hit.capsule).unwrap();
            let want = cosine(q, other.values());
            assert!(hit.score.is_finite(), "query {c}: {hit:?}");
            assert!(
                (hit.score - want).abs() <= 1e-5,
                "query {c} against {}: {} instead of {want}",
                hit.capsule,
                hit.score
            );
        }
        // Its own vector is its best match.
        assert!((hits[0].score - 1.0).abs() <= 1e-5, "query {c}: {hits:?}");
    }
}

#[test]
fn e3_magnitudes_at_the_bounds_and_one_past() {
    assert_eq!(MIN_MAGNITUDE, f64::from(MIN));
    assert_eq!(MAX_MAGNITUDE, f64::from(MAX));
    assert!(Embedding::new(vec![MAX]).is_ok(), "exactly f32::MAX");
    assert!(
        Embedding::new(vec![MIN]).is_ok(),
        "exactly f32::MIN_POSITIVE"
    );
    assert!(Query::new(&[MAX]).is_ok() && Query::new(&[MIN]).is_ok());
    // One past: a magnitude above f32::MAX, and one below f32::MIN_POSITIVE (every component
    // subnormal).
    for v in [vec![MAX, MAX], vec![MIN / 2.0], vec![f32::from_bits(1); 4]] {
        let err = Embedding::new(v.clone()).unwrap_err();
        assert!(matches!(err, Error::Magnitude { .. }), "{v:?}: {err}");
        let text = err.to_string();
        assert!(text.contains("normalise"), "{text}");
        assert!(text.contains("f32"), "{text}");
        assert!(Query::new(&v).is_err());
    }
}
