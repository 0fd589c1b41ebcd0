//! Reciprocal Rank Fusion of the term and vector lanes (R6, R7).

use std::cmp::Ordering;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// One hit of one lane. A lane is a slice of hits, best first: the hit at index `i` has rank
/// `i + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LaneHit {
    /// The capsule number.
    pub capsule: u64,
    /// The lane's own score (BM25 for the term lane, cosine for the vector lane).
    pub score: f64,
}

/// Where a fused hit stood in one lane (R7).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LaneRank {
    /// Rank in the lane, from 1.
    pub rank: usize,
    /// The lane's own score.
    pub score: f64,
}

/// One fused hit: its RRF score and its place in each lane that found it (R7).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FusedHit {
    /// The capsule number.
    pub capsule: u64,
    /// `Σ w_lane / (k + rank_lane)` over the lanes that found it.
    pub score: f64,
    /// Its place in the term lane, if that lane found it.
    pub term: Option<LaneRank>,
    /// Its place in the vector lane, if that lane found it.
    pub vector: Option<LaneRank>,
}

impl FusedHit {
    fn best_rank(&self) -> usize {
        let t = self.term.map_or(usize::MAX, |r| r.rank);
        let v = self.vector.map_or(usize::MAX, |r| r.rank);
        t.min(v)
    }
}

/// Reciprocal Rank Fusion parameters (R6):
/// `score(d) = term_weight / (k + rank_term(d)) + vector_weight / (k + rank_vector(d))`, a term
/// counting only for a lane that found `d`, ranks from 1.
///
/// The [`Default`] is the value of the original RRF paper (Cormack, Clarke and Büttcher, 2009):
/// `k = 60` with equal weights. Fused over full lists it reaches R@10 0.579 over bm25s and
/// cosine on the LoCoMo dev half (`../shared/eval/README.md`), below the term lane alone; what
/// lifts it above is how many hits each lane feeds in, which the caller decides. The facade
/// feeds each lane's best `limit` hits and reaches 0.665 there with these parameters
/// (`kenning::Fusion` documents the evidence).
///
/// Deserializes from `{"k": 60, "term_weight": 1, "vector_weight": 1}`, any field omitted
/// taking its default.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RrfParams {
    /// The rank offset: larger values flatten the difference between top ranks. Finite, `≥ 0`.
    pub k: f64,
    /// The weight of the term lane. Finite, `≥ 0`; `0` turns the lane's contribution off.
    pub term_weight: f64,
    /// The weight of the vector lane. Finite, `≥ 0`; `0` turns the lane's contribution off.
    pub vector_weight: f64,
}

impl Default for RrfParams {
    fn default() -> Self {
        Self {
            k: 60.0,
            term_weight: 1.0,
            vector_weight: 1.0,
        }
    }
}

impl RrfParams {
    /// Checks the bounds.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] naming `fusion.k`, `fusion.term_weight` or
    /// `fusion.vector_weight`.
    pub fn validate(&self) -> Result<()> {
        let bad = |field, value, message| {
            Err(Error::InvalidParameter {
                field,
                value,
                message,
            })
        };
        if !(self.k.is_finite() && self.k >= 0.0) {
            return bad(
                "fusion.k",
                self.k,
                "k must be a finite number ≥ 0; 60 is the usual choice",
            );
        }
        for (field, w) in [
            ("fusion.term_weight", self.term_weight),
            ("fusion.vector_weight", self.vector_weight),
        ] {
            if !(w.is_finite() && w >= 0.0) {
                return bad(
                    field,
                    w,
                    "a lane weight must be a finite number ≥ 0; 1 is neutral",
                );
            }
        }
        if self.term_weight == 0.0 && self.vector_weight == 0.0 {
            return bad(
                "fusion.vector_weight",
                0.0,
                "both lane weights are 0, so nothing would rank: give at least one lane a \
                 positive weight",
            );
        }
        Ok(())
    }

    /// Fuses two lanes into the best `limit` hits.
    ///
    /// - Ranks come from positions in each slice (from 1); a capsule listed twice in one lane
    ///   keeps its first, better rank.
    /// - A capsule whose fused score is 0 (found only by lanes of weight 0) is left out.
    /// - **Ties** break by, in order: higher fused score; better (smaller) best rank in any
    ///   lane, so that a capsule some lane put first beats one that is merely consistent;
    ///   smaller capsule number. The order is total, so the output is deterministic.
    /// - Selection uses `select_nth_unstable`, not a full sort of every candidate.
    ///
    /// One lane may be empty: fusing the vector lane alone is the `vector` recall lane, whose
    /// order is then the vector lane's own.
    ///
    /// The parameters are assumed valid ([`validate`](Self::validate) them where they enter).
    #[must_use]
    pub fn fuse(&self, term: &[LaneHit], vector: &[LaneHit], limit: usize) -> Vec<FusedHit> {
        let mut hits: HashMap<u64, FusedHit> = HashMap::with_capacity(term.len() + vector.len());
        for (lane, is_term) in [(term, true), (vector, false)] {
            for (i, hit) in lane.iter().enumerate() {
                let place = LaneRank {
                    rank: i + 1,
                    score: hit.score,
                };
                let entry = match hits.entry(hit.capsule) {
                    Entry::Occupied(o) => o.into_mut(),
                    Entry::Vacant(v) => v.insert(FusedHit {
                        capsule: hit.capsule,
                        score: 0.0,
                        term: None,
                        vector: None,
                    }),
                };
                let slot = if is_term {
                    &mut entry.term
                } else {
                    &mut entry.vector
                };
                if slot.is_none() {
                    *slot = Some(place);
                }
            }
        }
        let mut out: Vec<FusedHit> = hits
            .into_values()
            .map(|mut h| {
                h.score = self.score(h.term, h.vector);
                h
            })
            .filter(|h| h.score > 0.0)
            .collect();
        if limit == 0 {
            return Vec::new();
        }
        if out.len() > limit {
            out.select_nth_unstable_by(limit - 1, order);
            out.truncate(limit);
        }
        out.sort_unstable_by(order);
        out
    }

    /// The fused score of a capsule with these lane places, the term lane's share added first.
    #[must_use]
    pub fn score(&self, term: Option<LaneRank>, vector: Option<LaneRank>) -> f64 {
        let share =
            |w: f64, place: Option<LaneRank>| place.map_or(0.0, |p| w / (self.k + p.rank as f64));
        share(self.term_weight, term) + share(self.vector_weight, vector)
    }
}

/// Best first: score, then best single-lane rank, then capsule number.
fn order(a: &FusedHit, b: &FusedHit) -> Ordering {
    b.score
        .total_cmp(&a.score)
        .then_with(|| a.best_rank().cmp(&b.best_rank()))
        .then_with(|| a.capsule.cmp(&b.capsule))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lane(ids: &[u64]) -> Vec<LaneHit> {
        ids.iter()
            .enumerate()
            .map(|(i, &capsule)| LaneHit {
                capsule,
                score: 10.0 - i as f64,
            })
            .collect()
    }

    #[test]
    fn r6_scores_follow_the_formula_with_ranks_from_one() {
        let p = RrfParams::default();
        let fused = p.fuse(&lane(&[1, 2, 3]), &lane(&[3, 1]), 10);
        let by = |c| fused.iter().find(|h| h.capsule == c).unwrap();
        assert_eq!(by(1).score, 1.0 / 61.0 + 1.0 / 62.0);
        assert_eq!(by(3).score, 1.0 / 63.0 + 1.0 / 61.0);
        assert_eq!(by(2).score, 1.0 / 62.0);
        assert_eq!(
            by(3).term,
            Some(LaneRank {
                rank: 3,
                score: 8.0
            })
        );
        assert_eq!(
            by(3).vector,
            Some(LaneRank {
                rank: 1,
                score: 10.0
            })
        );
        assert_eq!(by(2).vector, None);
        let order: Vec<u64> = fused.iter().map(|h| h.capsule).collect();
        assert_eq!(order, [1, 3, 2]);
    }

    #[test]
    fn r6_ties_break_by_best_rank_then_capsule_number() {
        let p = RrfParams::default();
        // 7 is first in the term lane, 4 first in the vector lane: equal scores, equal best
        // rank, so the smaller capsule number wins.
        let fused = p.fuse(&lane(&[7]), &lane(&[4]), 10);
        assert_eq!(fused[0].score, fused[1].score);
        assert_eq!([fused[0].capsule, fused[1].capsule], [4, 7]);
        // Equal scores, different best ranks: k = 0, weights 2 and 1, rank 2 in term (2/2 = 1)
        // against rank 1 in vector (1/1 = 1).
        let p = RrfParams {
            k: 0.0,
            term_weight: 2.0,
            vector_weight: 1.0,
        };
        let fused = p.fuse(&lane(&[9, 1]), &lane(&[2]), 10);
        assert_eq!(fused[1].score, fused[2].score);
        assert_eq!(
            fused.iter().map(|h| h.capsule).collect::<Vec<_>>(),
            [9, 2, 1]
        );
    }

    #[test]
    fn r6_limit_zero_weight_and_duplicates() {
        let p = RrfParams {
            vector_weight: 0.0,
            ..RrfParams::default()
        };
        let fused = p.fuse(&lane(&[1, 1, 2]), &lane(&[5, 1]), 10);
        let ids: Vec<u64> = fused.iter().map(|h| h.capsule).collect();
        assert_eq!(ids, [1, 2], "5 is only in a lane of weight 0");
        assert_eq!(fused[0].term.unwrap().rank, 1, "the first listing counts");
        assert_eq!(fused[1].term.unwrap().rank, 3);
        assert_eq!(
            fused[0].vector.unwrap().rank,
            2,
            "zero-weight lanes still report places"
        );
        assert!(RrfParams::default().fuse(&lane(&[1]), &[], 0).is_empty());
        let many: Vec<u64> = (0..100).collect();
        let top = RrfParams::default().fuse(&lane(&many), &lane(&many), 5);
        assert_eq!(
            top.iter().map(|h| h.capsule).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4]
        );
    }

    #[test]
    fn r6_parameters_are_validated_with_the_fix() {
        assert!(RrfParams::default().validate().is_ok());
        let e = RrfParams {
            k: -1.0,
            ..RrfParams::default()
        };
        assert!(
            e.validate()
                .unwrap_err()
                .to_string()
                .starts_with("fusion.k is -1")
        );
        let e = RrfParams {
            term_weight: f64::NAN,
            ..RrfParams::default()
        };
        assert!(
            e.validate()
                .unwrap_err()
                .to_string()
                .contains("fusion.term_weight")
        );
        let e = RrfParams {
            term_weight: 0.0,
            vector_weight: 0.0,
            k: 60.0,
        };
        assert!(
            e.validate()
                .unwrap_err()
                .to_string()
                .contains("at least one lane")
        );
        let parsed: RrfParams = serde_json::from_str(r#"{"k": 10}"#).unwrap();
        assert_eq!(parsed.k, 10.0);
        assert_eq!(parsed.term_weight, 1.0);
        assert!(serde_json::from_str::<RrfParams>(r#"{"kk": 10}"#).is_err());
    }
}
