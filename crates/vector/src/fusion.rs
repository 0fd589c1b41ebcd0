//! Fusion of the term and vector lanes (R6, R7): Reciprocal Rank Fusion ([`RrfParams`]), which
//! reads each lane's ranks, and a convex combination of normalised lane scores
//! ([`ConvexParams`]), which reads each lane's scores.

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

/// One fused hit: its fused score and its place in each lane that found it (R7).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FusedHit {
    /// The capsule number.
    pub capsule: u64,
    /// The fused score: `Σ w_lane / (k + rank_lane)` over the lanes that found it for
    /// [`RrfParams`], the convex combination of normalised lane scores for [`ConvexParams`].
    pub score: f64,
    /// Its place in the term lane, if it is among the term lane's hits.
    pub term: Option<LaneRank>,
    /// Its place in the vector lane, if it is among the vector lane's hits.
    pub vector: Option<LaneRank>,
}

impl FusedHit {
    /// The better (smaller) of its ranks in the two lanes; `usize::MAX` when neither lane
    /// listed it.
    #[must_use]
    pub fn best_rank(&self) -> usize {
        let t = self.term.map_or(usize::MAX, |r| r.rank);
        let v = self.vector.map_or(usize::MAX, |r| r.rank);
        t.min(v)
    }

    /// The order of fused hits, best first: higher score; then better (smaller) best rank in
    /// any single lane, so that a capsule some lane put first beats one that is merely
    /// consistent; then smaller capsule number. Total, so every sort by it is deterministic.
    #[must_use]
    pub fn order(a: &Self, b: &Self) -> Ordering {
        order(a, b)
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
        let hits = places(term, vector);
        let out: Vec<FusedHit> = hits
            .into_values()
            .map(|mut h| {
                h.score = self.score(h.term, h.vector);
                h
            })
            .filter(|h| h.score > 0.0)
            .collect();
        best(out, limit)
    }

    /// The fused score of a capsule with these lane places, the term lane's share added first.
    #[must_use]
    pub fn score(&self, term: Option<LaneRank>, vector: Option<LaneRank>) -> f64 {
        let share =
            |w: f64, place: Option<LaneRank>| place.map_or(0.0, |p| w / (self.k + p.rank as f64));
        share(self.term_weight, term) + share(self.vector_weight, vector)
    }
}

/// The best `limit` of `hits` in [`FusedHit::order`], by selection then a sort of the kept.
fn best(mut hits: Vec<FusedHit>, limit: usize) -> Vec<FusedHit> {
    if limit == 0 {
        return Vec::new();
    }
    if hits.len() > limit {
        hits.select_nth_unstable_by(limit - 1, order);
        hits.truncate(limit);
    }
    hits.sort_unstable_by(order);
    hits
}

/// Each lane's best score for one query: where a lane's normalised score reaches 1 in a
/// [`ConvexParams`] fusion. `None` for a lane that found nothing.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct LaneBest {
    /// The best BM25 score of the term lane.
    pub term: Option<f64>,
    /// The best cosine of the vector lane.
    pub vector: Option<f64>,
}

impl LaneBest {
    /// The highest score of each list (lists are best first, but the maximum is taken all the
    /// same).
    #[must_use]
    pub fn of(term: &[LaneHit], vector: &[LaneHit]) -> Self {
        let top = |lane: &[LaneHit]| lane.iter().map(|h| h.score).reduce(f64::max);
        Self {
            term: top(term),
            vector: top(vector),
        }
    }
}

/// Score-aware fusion: a convex combination of each lane's score normalised to `[0, 1]`,
///
/// ```text
/// score(d) = (term_weight · t̂(d) + vector_weight · v̂(d)) / (term_weight + vector_weight)
/// t̂(d) = bm25(d) / best_bm25                    (0 when the term lane does not score d)
/// v̂(d) = (cos(d) + 1) / (best_cos + 1)           (0 when d has no embedding)
/// ```
///
/// each normalised score clamped to `[0, 1]`. This is the theoretical-minimum, observed-maximum
/// normalisation that Bruch, Gai and Ingber (2023, "An Analysis of Fusion Functions for Hybrid
/// Retrieval") found the most robust (their TM2C2): each lane's floor is the least score it can
/// give (BM25 0, cosine −1), so a lane's scale is never stretched by the worst hit that happened
/// to be fetched, and its ceiling is the query's best hit, so both lanes meet at 1 whatever
/// their units. Unlike RRF it keeps how far apart the hits are: a term hit that matches every
/// rare word of the question stays ahead of one that shares a name with it.
///
/// Every candidate is scored by **both** lanes: [`fuse`](Self::fuse) takes each lane's best
/// hits and asks the caller for the other lane's score of a capsule only one lane listed, so
/// the combination is exact on the union of the two lists (a lane's missing score is not
/// guessed as its floor).
///
/// Deserializes from `{"term_weight": 1, "vector_weight": 1.5}`, any field omitted taking its
/// default.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ConvexParams {
    /// The weight of the term lane. Finite, `≥ 0`; `0` turns the lane's contribution off.
    pub term_weight: f64,
    /// The weight of the vector lane. Finite, `≥ 0`; `0` turns the lane's contribution off.
    pub vector_weight: f64,
}

impl Default for ConvexParams {
    /// `term_weight = 1`, `vector_weight = 1.5`: the vector lane's share is 0.6. Cosines of
    /// sentence embeddings crowd into a narrow band under their best, so `v̂` spreads less than
    /// `t̂` and needs the larger weight to move a ranking as much; the ratio was chosen by
    /// leave-one-conversation-out cross-validation on the LoCoMo development half (the facade's
    /// `Fusion` documents the evidence).
    fn default() -> Self {
        Self {
            term_weight: 1.0,
            vector_weight: 1.5,
        }
    }
}

impl ConvexParams {
    /// Checks the bounds.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] naming `fusion.term_weight` or `fusion.vector_weight`.
    pub fn validate(&self) -> Result<()> {
        RrfParams {
            k: 0.0,
            term_weight: self.term_weight,
            vector_weight: self.vector_weight,
        }
        .validate()
    }

    /// The fused score of a capsule with these lane scores, for a query whose lanes' best
    /// scores are `best`. `None` for a lane that does not score the capsule (no query word in
    /// it, no embedding). In `[0, 1]`; a lane of weight 0, or without a best score, adds
    /// nothing.
    #[must_use]
    pub fn score(&self, term: Option<f64>, vector: Option<f64>, best: LaneBest) -> f64 {
        let total = self.term_weight + self.vector_weight;
        if total <= 0.0 {
            return 0.0;
        }
        let t = match (term, best.term) {
            (Some(s), Some(b)) if b > 0.0 => (s / b).clamp(0.0, 1.0),
            _ => 0.0,
        };
        let v = match (vector, best.vector) {
            (Some(s), Some(b)) if b > -1.0 => ((s + 1.0) / (b + 1.0)).clamp(0.0, 1.0),
            _ => 0.0,
        };
        (self.term_weight * t + self.vector_weight * v) / total
    }

    /// Fuses two lanes into the best `limit` hits.
    ///
    /// - The candidates are the capsules either list holds; ranks come from positions in each
    ///   list (from 1), a capsule listed twice in one lane keeping its first, better place.
    /// - A candidate only one lane listed gets its score in the other lane from `term_score`
    ///   or `vector_score` (`Ok(None)`: that lane does not score it), so every candidate is
    ///   scored by both lanes; a listed candidate's score is the list's.
    /// - The normalisation's ceilings are the lists' best scores ([`LaneBest::of`]).
    /// - A candidate whose fused score is 0 is left out. Ties break by [`FusedHit::order`].
    ///
    /// One lane may be empty. The parameters are assumed valid ([`validate`](Self::validate)
    /// them where they enter).
    ///
    /// # Errors
    /// The first error of `term_score` or `vector_score`.
    pub fn fuse<E>(
        &self,
        term: &[LaneHit],
        vector: &[LaneHit],
        mut term_score: impl FnMut(u64) -> std::result::Result<Option<f64>, E>,
        mut vector_score: impl FnMut(u64) -> std::result::Result<Option<f64>, E>,
        limit: usize,
    ) -> std::result::Result<Vec<FusedHit>, E> {
        let best_scores = LaneBest::of(term, vector);
        let mut out = Vec::with_capacity(term.len() + vector.len());
        for hit in places(term, vector).into_values() {
            let t = match hit.term {
                Some(p) => Some(p.score),
                None if self.term_weight > 0.0 => term_score(hit.capsule)?,
                None => None,
            };
            let v = match hit.vector {
                Some(p) => Some(p.score),
                None if self.vector_weight > 0.0 => vector_score(hit.capsule)?,
                None => None,
            };
            let score = self.score(t, v, best_scores);
            if score > 0.0 {
                out.push(FusedHit { score, ..hit });
            }
        }
        Ok(best(out, limit))
    }
}

/// Every capsule of the two lists with its first place in each, score 0.
fn places(term: &[LaneHit], vector: &[LaneHit]) -> HashMap<u64, FusedHit> {
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
    hits
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

    /// A scope's capsules with their score in each lane (`None`: the lane does not score it).
    type Row = (u64, Option<f64>, Option<f64>);
    type Corpus = Vec<Row>;

    /// Each lane's best `depth` of `corpus`, best first, ties by smaller capsule number.
    fn lanes(corpus: &Corpus, depth: usize) -> (Vec<LaneHit>, Vec<LaneHit>) {
        let lane = |pick: fn(&Row) -> Option<f64>| {
            let mut hits: Vec<LaneHit> = corpus
                .iter()
                .filter_map(|c| {
                    pick(c).map(|score| LaneHit {
                        capsule: c.0,
                        score,
                    })
                })
                .collect();
            hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.capsule.cmp(&b.capsule)));
            hits.truncate(depth);
            hits
        };
        (lane(|c| c.1), lane(|c| c.2))
    }

    fn convex(p: ConvexParams, corpus: &Corpus, depth: usize, limit: usize) -> Vec<FusedHit> {
        let (term, vector) = lanes(corpus, depth);
        let find = |capsule: u64| corpus.iter().find(|c| c.0 == capsule).copied();
        p.fuse::<()>(
            &term,
            &vector,
            |c| Ok(find(c).and_then(|x| x.1)),
            |c| Ok(find(c).and_then(|x| x.2)),
            limit,
        )
        .unwrap()
    }

    fn corpus_strategy() -> impl Strategy<Value = Corpus> {
        prop::collection::btree_map(
            0u64..200,
            (
                prop::option::weighted(0.8, 0.0f64..30.0),
                prop::option::weighted(0.9, -1.0f64..=1.0),
            ),
            1..60,
        )
        .prop_map(|m| m.into_iter().map(|(c, (t, v))| (c, t, v)).collect())
    }

    use proptest::prelude::*;

    #[test]
    fn r6_convex_scores_follow_the_formula() {
        let p = ConvexParams {
            term_weight: 1.0,
            vector_weight: 3.0,
        };
        let best = LaneBest {
            term: Some(8.0),
            vector: Some(0.6),
        };
        // t̂ = 4/8, v̂ = (0.2 + 1)/(0.6 + 1) = 0.75.
        let s = p.score(Some(4.0), Some(0.2), best);
        assert!((s - (0.5 + 3.0 * 0.75) / 4.0).abs() < 1e-12, "{s}");
        // A lane that does not score the capsule adds its floor, 0.
        assert_eq!(p.score(None, Some(0.6), best), 3.0 / 4.0);
        assert_eq!(p.score(Some(8.0), None, best), 1.0 / 4.0);
        // The floor of cosine is -1, the ceiling the query's best: both lanes meet at 1.
        assert_eq!(p.score(Some(8.0), Some(0.6), best), 1.0);
        assert_eq!(p.score(Some(0.0), Some(-1.0), best), 0.0);
        // Out-of-range scores are clamped, a lane without a best adds nothing.
        assert_eq!(p.score(Some(9.0), Some(0.9), best), 1.0);
        assert_eq!(p.score(Some(4.0), Some(0.2), LaneBest::default()), 0.0);
        let degenerate = LaneBest {
            term: Some(0.0),
            vector: Some(-1.0),
        };
        assert_eq!(p.score(Some(0.0), Some(-1.0), degenerate), 0.0);
    }

    #[test]
    fn r6_convex_fusion_scores_every_candidate_in_both_lanes() {
        // 1 is the term lane's best, 2 the vector lane's; 3 is listed by neither lane at depth
        // 1 and never becomes a candidate; the lanes' scores of 1 and 2 in the other lane come
        // from the lookups.
        let corpus: Corpus = vec![
            (1, Some(10.0), Some(-0.5)),
            (2, Some(2.0), Some(0.8)),
            (3, Some(9.0), Some(0.7)),
        ];
        let p = ConvexParams::default();
        let fused = convex(p, &corpus, 1, 10);
        assert_eq!(fused.iter().map(|h| h.capsule).collect::<Vec<_>>(), [2, 1]);
        let best = LaneBest {
            term: Some(10.0),
            vector: Some(0.8),
        };
        assert_eq!(fused[0].score, p.score(Some(2.0), Some(0.8), best));
        assert_eq!(fused[1].score, p.score(Some(10.0), Some(-0.5), best));
        assert_eq!(fused[0].term, None, "2 is not among the term lane's hits");
        assert_eq!(fused[0].vector.unwrap().rank, 1);
        // Deeper lists bring 3 in: second in both lanes, it beats each lane's own best.
        let fused = convex(p, &corpus, 2, 10);
        assert_eq!(fused[0].capsule, 3);
        // A lookup's error is the fusion's error.
        let (term, vector) = lanes(&corpus, 1);
        let failed = p.fuse(&term, &vector, |_| Err("boom"), |_| Ok(None), 10);
        assert_eq!(failed, Err("boom"));
        // A lane of weight 0 is never looked up.
        let term_only = ConvexParams {
            term_weight: 1.0,
            vector_weight: 0.0,
        };
        let fused = term_only
            .fuse(&term, &vector, |_| Ok(Some(0.0)), |_| Err("looked up"), 10)
            .unwrap();
        assert_eq!(fused.iter().map(|h| h.capsule).collect::<Vec<_>>(), [1]);
        assert!(convex(p, &corpus, 2, 0).is_empty());
    }

    #[test]
    fn r6_convex_parameters_are_validated_with_the_fix() {
        assert!(ConvexParams::default().validate().is_ok());
        for (t, v, field) in [
            (f64::NAN, 1.0, "fusion.term_weight"),
            (1.0, -0.5, "fusion.vector_weight"),
            (1.0, f64::INFINITY, "fusion.vector_weight"),
            (0.0, 0.0, "fusion.vector_weight"),
        ] {
            let e = ConvexParams {
                term_weight: t,
                vector_weight: v,
            }
            .validate()
            .unwrap_err()
            .to_string();
            assert!(e.starts_with(field), "{e}");
        }
        // At the bound: one lane of weight 0 is valid.
        assert!(
            ConvexParams {
                term_weight: 0.0,
                vector_weight: 1.0
            }
            .validate()
            .is_ok()
        );
        let parsed: ConvexParams = serde_json::from_str(r#"{"term_weight": 2}"#).unwrap();
        assert_eq!(parsed.term_weight, 2.0);
        assert_eq!(parsed.vector_weight, ConvexParams::default().vector_weight);
        assert!(serde_json::from_str::<ConvexParams>(r#"{"k": 1}"#).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Scores lie in [0, 1], hits come best first without repeats, the fill is exact, and
        /// as many hits come back as asked or as candidates exist.
        #[test]
        fn r6_convex_fusion_is_exact_ordered_and_bounded(
            corpus in corpus_strategy(),
            depth in 1usize..30,
            limit in 0usize..40,
            wt in 0.0f64..4.0,
            wv in 0.01f64..4.0,
        ) {
            let p = ConvexParams { term_weight: wt, vector_weight: wv };
            let fused = convex(p, &corpus, depth, limit);
            let (term, vector) = lanes(&corpus, depth);
            let best = LaneBest::of(&term, &vector);
            let mut seen = std::collections::BTreeSet::new();
            for pair in fused.windows(2) {
                prop_assert_ne!(order(&pair[0], &pair[1]), Ordering::Greater);
            }
            for h in &fused {
                prop_assert!(seen.insert(h.capsule));
                prop_assert!(h.score > 0.0 && h.score <= 1.0 + 1e-12, "{}", h.score);
                let c = corpus.iter().find(|c| c.0 == h.capsule).unwrap();
                prop_assert_eq!(h.score, p.score(c.1, c.2, best));
            }
            let candidates: std::collections::BTreeSet<u64> =
                term.iter().chain(&vector).map(|h| h.capsule).collect();
            let positive = candidates
                .iter()
                .filter(|&&c| {
                    let x = corpus.iter().find(|x| x.0 == c).unwrap();
                    p.score(x.1, x.2, best) > 0.0
                })
                .count();
            prop_assert_eq!(fused.len(), positive.min(limit));
        }

        /// One lane's weight at 0 gives that lane's order back: its normalised scores keep its
        /// ranking, and the other lane adds nothing.
        #[test]
        fn r6_convex_fusion_with_one_lane_is_that_lanes_order(
            corpus in corpus_strategy(),
            depth in 1usize..30,
        ) {
            let (term, vector) = lanes(&corpus, depth);
            let only = |t: f64, v: f64| {
                convex(ConvexParams { term_weight: t, vector_weight: v }, &corpus, depth, depth)
                    .into_iter()
                    .map(|h| h.capsule)
                    .collect::<Vec<_>>()
            };
            let term_ids: Vec<u64> =
                term.iter().filter(|h| h.score > 0.0).map(|h| h.capsule).collect();
            prop_assert_eq!(&only(1.0, 0.0)[..term_ids.len()], &term_ids[..]);
            let vector_ids: Vec<u64> =
                vector.iter().filter(|h| h.score > -1.0).map(|h| h.capsule).collect();
            prop_assert_eq!(&only(0.0, 1.0)[..vector_ids.len()], &vector_ids[..]);
        }

        /// The normalisation makes the fusion blind to each lane's unit: scaling every BM25
        /// score changes no ranking.
        #[test]
        fn r6_convex_fusion_ignores_the_term_lanes_scale(
            corpus in corpus_strategy(),
            depth in 1usize..30,
            scale in prop::sample::select(vec![0.25f64, 2.0, 8.0]),
        ) {
            let p = ConvexParams::default();
            let scaled: Corpus =
                corpus.iter().map(|&(c, t, v)| (c, t.map(|t| t * scale), v)).collect();
            let ids = |c: &Corpus| {
                convex(p, c, depth, 100).into_iter().map(|h| h.capsule).collect::<Vec<_>>()
            };
            prop_assert_eq!(ids(&corpus), ids(&scaled));
        }

        /// A capsule every lane puts first is the fused first, and raising a capsule's score in
        /// one lane never lowers its fused score.
        #[test]
        fn r6_convex_fusion_is_monotone(
            corpus in corpus_strategy(),
            bump in 0.0f64..5.0,
            wv in 0.01f64..4.0,
        ) {
            let p = ConvexParams { term_weight: 1.0, vector_weight: wv };
            let (term, vector) = lanes(&corpus, 10);
            let best = LaneBest::of(&term, &vector);
            for &(_, t, v) in &corpus {
                let raised = p.score(t.map(|t| t + bump), v, best);
                prop_assert!(raised >= p.score(t, v, best));
                let raised = p.score(t, v.map(|v| (v + bump).min(1.0)), best);
                prop_assert!(raised >= p.score(t, v, best));
            }
            if let (Some(t0), Some(v0)) = (term.first(), vector.first())
                && t0.capsule == v0.capsule
            {
                prop_assert_eq!(convex(p, &corpus, 10, 1)[0].capsule, t0.capsule);
            }
        }
    }
}
