//! The BM25 formula, its parameters and the statistics it reads.
//!
//! For a query `Q` and a document `d` of a scope:
//!
//! ```text
//! score(d, Q) = Σ over distinct terms t of Q:
//!               qtf(t) · idf(t) · tf(t, d) · (k1 + 1) / (tf(t, d) + k1 · (1 − b + b · dl(d) / avgdl))
//! idf(t)      = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))
//! ```
//!
//! - `tf(t, d)`: occurrences of term `t` among `d`'s terms; `qtf(t)`: occurrences in the query
//!   (a query repeating a word weighs it more, as summing over query tokens does).
//! - `dl(d)`: the number of terms of `d` after analysis (stop words removed, repeats kept).
//! - `N`, `avgdl`, `df(t)`: **scope-local** statistics over every document indexed in the scope,
//!   that is every document inserted and not removed. What a caller does not want ranked is
//!   filtered at search time and still counts here, so fencing a document changes no other
//!   document's score; `avgdl` is the sum of `dl` over those documents divided by `N`.
//! - The idf is Lucene's: never negative, so a term in most documents still adds a little.
//! - Distinct query terms are summed in byte order of the term, so a brute-force model that sums
//!   in the same order reproduces scores bit for bit.

/// BM25's term-frequency saturation: how fast repeated occurrences stop adding.
pub const K1: f64 = 1.2;

/// BM25's length normalisation: 0 ignores document length, 1 normalises fully.
pub const B: f64 = 0.75;

/// The BM25 parameters. [`Bm25::default`] is `k1 = 1.2`, `b = 0.75`: the values of Robertson's
/// TREC experiments, the defaults of Lucene, Elasticsearch and bm25s, and the figures the
/// LoCoMo comparison in the repository was measured with. They were not tuned on any dataset.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bm25 {
    /// Term-frequency saturation, `k1 ≥ 0`.
    pub k1: f64,
    /// Length normalisation, `0 ≤ b ≤ 1`.
    pub b: f64,
}

impl Default for Bm25 {
    fn default() -> Self {
        Self { k1: K1, b: B }
    }
}

impl Bm25 {
    /// Lucene's idf of a term found in `df` of `n` documents.
    #[must_use]
    pub fn idf(self, n: u64, df: u64) -> f64 {
        let (n, df) = (n as f64, df as f64);
        (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
    }

    /// The contribution of one term to one document: `weight · tf · (k1 + 1) / (tf + k1 · (1 − b
    /// + b · dl / avgdl))`, where `weight` is `qtf · idf`.
    #[must_use]
    pub fn term_score(self, weight: f64, tf: u32, dl: u32, avgdl: f64) -> f64 {
        let tf = f64::from(tf);
        let norm = self.k1 * (1.0 - self.b + self.b * f64::from(dl) / avgdl);
        weight * tf * (self.k1 + 1.0) / (tf + norm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idf_is_positive_and_falls_with_df() {
        let p = Bm25::default();
        assert!(p.idf(100, 1) > p.idf(100, 50));
        assert!(p.idf(100, 100) > 0.0);
    }

    #[test]
    fn tf_saturates_and_long_documents_score_lower() {
        let p = Bm25::default();
        let one = p.term_score(1.0, 1, 10, 10.0);
        let ten = p.term_score(1.0, 10, 10, 10.0);
        assert!(ten > one && ten < one * (p.k1 + 1.0));
        assert!(p.term_score(1.0, 1, 40, 10.0) < one);
    }
}
