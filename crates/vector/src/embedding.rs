//! Validated vectors and model tags (E1, E3): the values the storage and the scan accept.

use crate::error::{Error, Result};

/// The most components an embedding or a query may have. Embedders in use today stay well
/// below it (384, 768, 1536, 3072); the bound keeps one request from claiming unbounded memory.
pub const MAX_DIMENSION: usize = 16_384;

/// The smallest magnitude (Euclidean length, computed in `f64`) accepted: `f32::MIN_POSITIVE`,
/// the smallest normal `f32`. The scan multiplies each dot product by the vector's inverse
/// magnitude as an `f32` (see [`ScopeVectors::top_k_with`](crate::ScopeVectors::top_k_with)),
/// which is finite only for a magnitude above about `2.9e-39`; the bound is the normal range,
/// so a vector is refused only when every component is subnormal.
pub const MIN_MAGNITUDE: f64 = f32::MIN_POSITIVE as f64;

/// The largest magnitude accepted: `f32::MAX`. Queries enter the scan scaled by a power of two
/// to a magnitude in `[0.5, 1)`, so a dot product with a vector of at most this magnitude is
/// below `f32::MAX` and stays finite; above it (two or more components near the `f32` limit) it
/// could overflow. Cosine ignores length, so a vector outside the range loses nothing by being
/// normalised.
pub const MAX_MAGNITUDE: f64 = f32::MAX as f64;

/// The longest model tag accepted, in bytes.
pub const MAX_MODEL_TAG_BYTES: usize = 256;

/// Checks a vector against E3 and returns its magnitude `√(Σ vᵢ²)`, the squares summed left to
/// right in `f64`, where neither `f32::MAX²` nor the square of the smallest subnormal overflows
/// or vanishes.
fn check(field: &'static str, values: &[f32]) -> Result<f64> {
    if values.is_empty() {
        return Err(Error::Empty { field });
    }
    if values.len() > MAX_DIMENSION {
        return Err(Error::TooLong {
            field,
            dimension: values.len(),
        });
    }
    if let Some((index, &value)) = values.iter().enumerate().find(|(_, v)| !v.is_finite()) {
        return Err(Error::NonFinite {
            field,
            index,
            value,
        });
    }
    let squares: f64 = values.iter().map(|&v| f64::from(v) * f64::from(v)).sum();
    if squares == 0.0 {
        return Err(Error::ZeroMagnitude { field });
    }
    let magnitude = squares.sqrt();
    if !(MIN_MAGNITUDE..=MAX_MAGNITUDE).contains(&magnitude) {
        return Err(Error::Magnitude { field, magnitude });
    }
    Ok(magnitude)
}

/// The inverse magnitude the scan multiplies by: `(1 / magnitude) as f32`, computed in `f64`, so
/// a model in a test can recompute it exactly. Finite for every accepted magnitude.
fn inverse(magnitude: f64) -> f32 {
    (1.0 / magnitude) as f32
}

/// An embedding that passed E3: 1 to [`MAX_DIMENSION`] finite components, with a magnitude in
/// [`MIN_MAGNITUDE`]`..=`[`MAX_MAGNITUDE`]. Its bytes are stored exactly as given (E4).
#[derive(Debug, Clone, PartialEq)]
pub struct Embedding {
    values: Vec<f32>,
    inv_norm: f32,
}

impl Embedding {
    /// Validates `values` as the `embedding` field of an attach.
    ///
    /// # Errors
    /// [`Error::Empty`], [`Error::TooLong`], [`Error::NonFinite`], [`Error::ZeroMagnitude`] or
    /// [`Error::Magnitude`], each naming the field and the fix.
    pub fn new(values: Vec<f32>) -> Result<Self> {
        let inv_norm = inverse(check("embedding", &values)?);
        Ok(Self { values, inv_norm })
    }

    /// The components, exactly as given.
    #[must_use]
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// The number of components.
    #[must_use]
    pub fn dimension(&self) -> usize {
        self.values.len()
    }

    /// The components, by value.
    #[must_use]
    pub fn into_values(self) -> Vec<f32> {
        self.values
    }

    pub(crate) fn inv_norm(&self) -> f32 {
        self.inv_norm
    }
}

/// A model tag that passed E3: the caller's name for the model that produced an embedding. It is
/// opaque to the store and compared byte for byte; it must not be empty or only whitespace, and
/// is at most [`MAX_MODEL_TAG_BYTES`] long.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModelTag(String);

impl ModelTag {
    /// Validates `tag` as the `model_tag` field of an attach.
    ///
    /// # Errors
    /// [`Error::EmptyModelTag`] or [`Error::ModelTagTooLong`].
    pub fn new(tag: impl Into<String>) -> Result<Self> {
        let tag = tag.into();
        if tag.trim().is_empty() {
            return Err(Error::EmptyModelTag { field: "model_tag" });
        }
        if tag.len() > MAX_MODEL_TAG_BYTES {
            return Err(Error::ModelTagTooLong {
                field: "model_tag",
                len: tag.len(),
            });
        }
        Ok(Self(tag))
    }

    /// The tag, exactly as given.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for ModelTag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A query embedding that passed the same checks as a stored one (R3). Its dimension is checked
/// against the store's when it is used.
///
/// The components are kept scaled by a power of two, to a magnitude in `[0.5, 1)`: the scan's
/// `f32` dot products with any accepted vector then stay finite, and since a power of two
/// scales every rounding step exactly, a query whose scaled components are normal gets exactly
/// the scores it would get unscaled (cosine ignores length).
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    values: Vec<f32>,
    inv_norm: f32,
}

impl Query {
    /// Validates `values` as the `query_embedding` of a retrieve.
    ///
    /// # Errors
    /// As [`Embedding::new`], naming `query_embedding`.
    pub fn new(values: &[f32]) -> Result<Self> {
        let magnitude = check("query_embedding", values)?;
        // 2^-e with magnitude · 2^-e in [0.5, 1); e is within -125..=128 for an accepted one.
        let e = magnitude.log2().floor() + 1.0;
        let scale = (-e).exp2();
        let scaled: Vec<f32> = values
            .iter()
            .map(|&v| (f64::from(v) * scale) as f32)
            .collect();
        // The inverse magnitude of the components as kept (a component too small to survive the
        // scaling of a very long query is gone from both).
        let squares: f64 = scaled.iter().map(|&v| f64::from(v) * f64::from(v)).sum();
        Ok(Self {
            values: scaled,
            inv_norm: inverse(squares.sqrt()),
        })
    }

    /// The components, scaled by a power of two to a magnitude in `[0.5, 1)` (see the type).
    #[must_use]
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// The number of components.
    #[must_use]
    pub fn dimension(&self) -> usize {
        self.values.len()
    }

    pub(crate) fn inv_norm(&self) -> f32 {
        self.inv_norm
    }

    /// The cosine of this query and `embedding` exactly as the scan scores it
    /// ([`ScopeVectors::top_k`](crate::ScopeVectors::top_k): the same kernel, the same
    /// products, the same rounding), so a capsule scored here and one ranked by the scan
    /// compare bit for bit. `None` when the dimensions differ.
    #[must_use]
    pub fn score(&self, embedding: &Embedding) -> Option<f32> {
        self.score_with(crate::Kernel::best(), embedding)
    }

    /// [`score`](Self::score) with `kernel`.
    #[must_use]
    pub fn score_with(&self, kernel: crate::Kernel, embedding: &Embedding) -> Option<f32> {
        let dot = kernel.dot(&self.values, embedding.values())?;
        Some(dot * embedding.inv_norm() * self.inv_norm + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e3_each_refusal_names_the_field_and_the_fix() {
        let err = |v: Vec<f32>| Embedding::new(v).unwrap_err().to_string();
        assert!(
            err(vec![]).starts_with("embedding is empty"),
            "{}",
            err(vec![])
        );
        let e = err(vec![1.0, f32::NAN]);
        assert!(e.contains("embedding[1] is NaN"), "{e}");
        let e = err(vec![f32::NEG_INFINITY]);
        assert!(e.contains("embedding[0] is -inf"), "{e}");
        let e = err(vec![0.0, -0.0]);
        assert!(e.contains("zero magnitude"), "{e}");
        let e = err(vec![f32::MIN_POSITIVE / 4.0]);
        assert!(e.contains("normalise"), "{e}");
        let e = err(vec![f32::MAX, f32::MAX]);
        assert!(e.contains("normalise"), "{e}");
        let e = err(vec![1.0; MAX_DIMENSION + 1]);
        assert!(e.contains("16385 components; the bound is 16384"), "{e}");
        assert!(
            Embedding::new(vec![1.0; MAX_DIMENSION]).is_ok(),
            "the bound itself"
        );
        let e = ModelTag::new(" \t").unwrap_err().to_string();
        assert!(e.starts_with("model_tag is empty"), "{e}");
        assert!(ModelTag::new("x".repeat(MAX_MODEL_TAG_BYTES)).is_ok());
        let e = ModelTag::new("x".repeat(MAX_MODEL_TAG_BYTES + 1))
            .unwrap_err()
            .to_string();
        assert!(e.contains("257 bytes long; the bound is 256"), "{e}");
        let e = Query::new(&[f32::NAN]).unwrap_err().to_string();
        assert!(e.starts_with("query_embedding[0] is NaN"), "{e}");
    }

    #[test]
    fn e3_magnitude_bounds_are_inclusive() {
        assert!(Embedding::new(vec![f32::MIN_POSITIVE]).is_ok());
        assert!(Embedding::new(vec![f32::MAX]).is_ok());
        assert!(Embedding::new(vec![f32::MIN_POSITIVE / 2.0]).is_err());
        assert!(Embedding::new(vec![f32::MAX, f32::MAX]).is_err());
        // Subnormal and negative-zero components are fine when the vector has a length.
        assert!(Embedding::new(vec![1.0, f32::from_bits(1), -0.0]).is_ok());
    }

    #[test]
    fn e3_a_query_is_kept_at_a_magnitude_in_half_to_one_with_its_direction() {
        for v in [
            vec![f32::MAX, 1.0, 0.0],
            vec![f32::MIN_POSITIVE; 3],
            vec![3.0, 4.0],
            vec![0.5],
            vec![1.0],
        ] {
            let q = Query::new(&v).unwrap();
            let norm: f64 = q
                .values()
                .iter()
                .map(|x| f64::from(*x).powi(2))
                .sum::<f64>()
                .sqrt();
            assert!((0.5..1.0).contains(&norm), "{v:?}: {norm}");
            // A power of two: every normal component keeps its mantissa.
            let ratio = f64::from(q.values()[0]) / f64::from(v[0]);
            assert_eq!(ratio, ratio.log2().round().exp2(), "{v:?}");
            assert!((f64::from(q.inv_norm()) * norm - 1.0).abs() < 1e-7);
        }
    }
}
