//! Recall over a scope's capsules (R1–R8): the request, the lanes, the hits.
//!
//! The request and response types are `#[non_exhaustive]` with builders, so that lanes and
//! fields (a query embedding, fusion parameters, sidecars on hits) can be added without breaking
//! callers.
//!
//! Both lanes go through one admission predicate, `admit`, before a capsule can take a place
//! among a lane's best: the capsule is listed in the scope in this read's snapshot, no fence is
//! up, and under a window its fact time overlaps it (R4, R5). The term lane runs it through the
//! term index's `accept`, the vector lane through the scan's `keep`; fusion then ranks what the
//! two lanes admitted (R6).

use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use crate::access::{Permission, Principal};
use crate::capsule::{
    self, CAPSULES, Capsule, CapsuleId, LIFECYCLE, SCOPE_CAPSULES, TERM_INDEX, assemble, canonical,
    fences,
};
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::scope::{self, SCOPES};
use crate::time::Timestamp;
use crate::{Kenning, Snapshot};

/// At most this many bytes of UTF-8 in a query.
pub const MAX_QUERY_BYTES: usize = 4096;

/// At most this many hits in one retrieval.
pub const MAX_LIMIT: usize = 1000;

/// Hits returned when a request does not say.
pub const DEFAULT_LIMIT: usize = 10;

/// At most this many hits from each lane feed a fusion ([`Fusion::depth`]).
pub const MAX_FUSION_DEPTH: usize = 10 * MAX_LIMIT;

/// How a retrieval ranks capsules (R1, R2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Lane {
    /// The best lane for what the request carries: the term lane when no query embedding is
    /// given. The default.
    #[default]
    Auto,
    /// BM25 over capsule content. Ignores stored vectors.
    Term,
    /// Exact cosine between the query embedding and the scope's stored embeddings. Needs a
    /// query embedding; ignores the query text.
    Vector,
    /// The term and vector lanes combined by Reciprocal Rank Fusion (R6). Needs a query
    /// embedding; the query text feeds the term lane, which finds nothing without one.
    Fused,
}

impl Lane {
    /// The wire name, e.g. `term`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Term => "term",
            Self::Vector => "vector",
            Self::Fused => "fused",
        }
    }
}

impl std::fmt::Display for Lane {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A fact-time window (R5): only capsules whose fact-time declaration shares an instant with
/// `[from, until]` are recalled; capsules without a declaration are undated and are left out.
/// Either bound may be open, not both. Bounds are inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeWindow {
    /// The earliest instant; `None`: no lower bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Timestamp>,
    /// The latest instant; `None`: no upper bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<Timestamp>,
}

impl TimeWindow {
    /// From `from` to `until`, both included.
    #[must_use]
    pub fn between(from: Timestamp, until: Timestamp) -> Self {
        Self {
            from: Some(from),
            until: Some(until),
        }
    }

    /// From `from` on.
    #[must_use]
    pub fn since(from: Timestamp) -> Self {
        Self {
            from: Some(from),
            until: None,
        }
    }

    /// Up to `until`.
    #[must_use]
    pub fn until(until: Timestamp) -> Self {
        Self {
            from: None,
            until: Some(until),
        }
    }

    fn check(&self) -> Result<()> {
        match (self.from, self.until) {
            (None, None) => Err(Error::invalid(
                "time_window",
                "has neither from nor until: give at least one bound, or no window",
            )),
            (Some(from), Some(until)) if from > until => Err(Error::invalid(
                "time_window",
                format!("from {from} is after until {until}: swap the bounds"),
            )),
            _ => Ok(()),
        }
    }
}

/// How the fused lane combines the term and vector lanes (R6): Reciprocal Rank Fusion,
///
/// ```text
/// score(d) = term_weight / (k + rank_term(d)) + vector_weight / (k + rank_vector(d))
/// ```
///
/// ranks from 1, a lane's share counting only when that lane found `d` among its best `depth`
/// hits (both lanes apply the fences and the window before ranking, R4, R5). Ties break by the
/// better (smaller) rank in any single lane, then by the smaller capsule number (the older
/// capsule), so the order is total and the answer deterministic.
///
/// Deserializes from `{"k": 60, "term_weight": 1, "vector_weight": 1, "depth": 10}`, any field
/// omitted taking its default.
///
/// # The defaults, and the evidence
///
/// `k = 60`, equal weights, and each lane feeding **as many hits as the request asks for** (at
/// least [`DEFAULT_FUSION_DEPTH`]): the constant of the RRF paper (Cormack, Clarke and
/// Büttcher, 2009) and the window of the hybrid searches of Elasticsearch and Couchbase, which
/// default it to the request's size. None of the three is fitted to data. They were checked on
/// the LoCoMo development half (`../shared/eval/locomo-dev`, 997 questions, all-MiniLM-L6-v2
/// embeddings; `cargo run --release --example locomo_eval -- DIR --grid` prints the grid), 10
/// hits asked:
///
/// | lane | R@1 | R@5 | R@10 |
/// | --- | --- | --- | --- |
/// | term (BM25) | 0.330 | 0.558 | 0.632 |
/// | vector (cosine) | 0.156 | 0.367 | 0.466 |
/// | fused, the defaults (depth 10) | 0.240 | 0.553 | **0.665** |
/// | fused, k = 60, depth 50 | 0.233 | 0.487 | 0.588 |
/// | fused, k = 60, depth 100 | 0.233 | 0.488 | 0.584 |
///
/// The depth is what decides. Fed deep lists, RRF with `k = 60` lets two mediocre votes beat
/// one strong one (ranks 40 and 40 score `2/100`, rank 1 alone `1/61`), and the vector lane is
/// the weak one here: conversational turns share a register that sentence embeddings capture
/// while the questions turn on names and specifics that BM25 matches exactly, so its ranks
/// beyond the first few are mostly noise, and its "agreement" with the term lane there pulls
/// wrong capsules over the term lane's confident hits. That is how naive fusion over full lists
/// (0.579 over bm25s in the eval README, 0.584 here) loses to a strong term lane. Cut each lane
/// to the answer's size and RRF becomes a merge of two answers: capsules both lanes would
/// return come first, then the two lanes' remaining picks alternate. At that depth, `k`
/// changes nothing at R@10 with equal weights (every `k` from 10 to 100 gives 0.665, `k = 1`
/// too). Per conversation, fused beats the term lane in four of the five (+0.009 to +0.081)
/// and loses in one (0.671 against 0.693), and it gains most where the vector lane is
/// strongest (conversations 41 and 43, vector R@10 0.53 and 0.54): fusion is worth what the
/// weaker lane brings.
///
/// The weights are where the defaults sit on an edge: at depth 10 and `k = 60`, the ten ranks
/// span only `1/61` to `1/70`, so a weight ratio beyond 1.15 hands one lane every place
/// (vector weight 0.75: 0.632, the term lane's figure; 0.9: 0.657; 1.1: 0.619; 1.25: 0.466,
/// the vector lane's). Equal weights are the neutral choice, not a fitted one. The price of
/// fusion is at the very top: R@1 falls from the term lane's 0.330 to 0.240, because the
/// vector lane's first pick ties the term lane's and is right far less often. A host that
/// values the first hit over the tenth can lower `vector_weight` (0.9 gives R@1 0.275 and R@10
/// 0.657 on the same data).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct Fusion {
    /// The rank offset: larger values flatten the difference between top ranks. Finite, `≥ 0`.
    pub k: f64,
    /// The weight of the term lane. Finite, `≥ 0`.
    pub term_weight: f64,
    /// The weight of the vector lane. Finite, `≥ 0`; not both weights 0.
    pub vector_weight: f64,
    /// How many hits each lane feeds into the fusion, from the request's `limit` to
    /// [`MAX_FUSION_DEPTH`]; `None`: the limit, and at least [`DEFAULT_FUSION_DEPTH`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<usize>,
}

/// Unless [`Fusion::depth`] says otherwise, each lane feeds the request's limit into a fusion,
/// and at least this many hits, so that a request for fewer hits gets the first hits of a
/// request for this many.
pub const DEFAULT_FUSION_DEPTH: usize = DEFAULT_LIMIT;

impl Default for Fusion {
    /// `k = 60`, equal weights, the default depth (see the type docs for the evidence).
    fn default() -> Self {
        Self {
            k: 60.0,
            term_weight: 1.0,
            vector_weight: 1.0,
            depth: None,
        }
    }
}

impl Fusion {
    /// Sets the rank offset `k`.
    #[must_use]
    pub fn with_k(mut self, k: f64) -> Self {
        self.k = k;
        self
    }

    /// Sets the lane weights.
    #[must_use]
    pub fn with_weights(mut self, term_weight: f64, vector_weight: f64) -> Self {
        self.term_weight = term_weight;
        self.vector_weight = vector_weight;
        self
    }

    /// Sets how many hits each lane feeds into the fusion.
    #[must_use]
    pub fn with_depth(mut self, depth: usize) -> Self {
        self.depth = Some(depth);
        self
    }

    /// The lane depth for a request of `limit` hits.
    #[must_use]
    pub fn depth_for(&self, limit: usize) -> usize {
        self.depth
            .unwrap_or_else(|| limit.max(DEFAULT_FUSION_DEPTH))
    }

    fn rrf(&self) -> kenning_vector::RrfParams {
        kenning_vector::RrfParams {
            k: self.k,
            term_weight: self.term_weight,
            vector_weight: self.vector_weight,
        }
    }

    fn check(&self, limit: usize) -> Result<()> {
        self.rrf().validate()?;
        if let Some(depth) = self.depth
            && !(limit..=MAX_FUSION_DEPTH).contains(&depth)
        {
            return Err(Error::invalid(
                "fusion.depth",
                format!(
                    "is {depth}; give the limit ({limit}) to {MAX_FUSION_DEPTH}, or leave it out \
                     for the limit, at least {DEFAULT_FUSION_DEPTH}"
                ),
            ));
        }
        Ok(())
    }
}

/// What to recall (R1).
///
/// ```
/// use kenning::{Lane, RetrieveRequest, TimeWindow, Timestamp};
/// let request = RetrieveRequest::new("bot.support", "who prefers email?")
///     .lane(Lane::Term)
///     .limit(5)
///     .window(TimeWindow::since(Timestamp::parse("since", "2024-01-01T00:00:00Z")?));
/// # Ok::<(), kenning::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RetrieveRequest {
    /// The scope searched.
    pub scope: String,
    /// The query text. The term lane needs it, non-blank.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// The lane; [`Lane::Auto`] unless said.
    #[serde(default)]
    pub lane: Lane,
    /// At most this many hits, 1 to [`MAX_LIMIT`]; [`DEFAULT_LIMIT`] unless said.
    #[serde(default = "default_limit")]
    pub limit: usize,
    /// Only capsules dated within this window.
    #[serde(
        default,
        rename = "time_window",
        skip_serializing_if = "Option::is_none"
    )]
    pub window: Option<TimeWindow>,
    /// The query embedding: the vector and fused lanes need it, of the store's dimension (R3).
    /// Embedded with the store's resident model by the caller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_embedding: Option<Vec<f32>>,
    /// How the fused lane combines the two lanes; the defaults unless said.
    #[serde(default)]
    pub fusion: Fusion,
}

fn default_limit() -> usize {
    DEFAULT_LIMIT
}

impl RetrieveRequest {
    /// A request for `query` in `scope`, on the auto lane, for [`DEFAULT_LIMIT`] hits.
    pub fn new(scope: impl Into<String>, query: impl Into<String>) -> Self {
        Self {
            scope: scope.into(),
            query: Some(query.into()),
            lane: Lane::Auto,
            limit: DEFAULT_LIMIT,
            window: None,
            query_embedding: None,
            fusion: Fusion::default(),
        }
    }

    /// A request by query embedding alone in `scope`, on the auto lane (which is then the fused
    /// lane, with nothing for its term lane to find), for [`DEFAULT_LIMIT`] hits.
    pub fn by_embedding(scope: impl Into<String>, embedding: impl Into<Vec<f32>>) -> Self {
        Self {
            query: None,
            query_embedding: Some(embedding.into()),
            ..Self::new(scope, "")
        }
    }

    /// Sets the query embedding: with it, the auto lane is the fused lane (R2).
    #[must_use]
    pub fn embedding(mut self, embedding: impl Into<Vec<f32>>) -> Self {
        self.query_embedding = Some(embedding.into());
        self
    }

    /// Sets the fusion parameters.
    #[must_use]
    pub fn fusion(mut self, fusion: Fusion) -> Self {
        self.fusion = fusion;
        self
    }

    /// Sets the lane.
    #[must_use]
    pub fn lane(mut self, lane: Lane) -> Self {
        self.lane = lane;
        self
    }

    /// Sets the number of hits wanted.
    #[must_use]
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// Restricts recall to capsules dated within `window`.
    #[must_use]
    pub fn window(mut self, window: TimeWindow) -> Self {
        self.window = Some(window);
        self
    }

    /// The lane that runs for this request: [`Lane::Auto`] resolved to the term lane without a
    /// query embedding, to the fused lane with one (R2).
    #[must_use]
    pub fn resolved_lane(&self) -> Lane {
        match self.lane {
            Lane::Auto if self.query_embedding.is_some() => Lane::Fused,
            Lane::Auto => Lane::Term,
            other => other,
        }
    }

    /// Checks the request for `lane`: the query text where the term lane needs it (or wherever
    /// it is given), the query embedding where a vector lane needs it (or wherever it is given),
    /// the fusion parameters on every lane.
    fn check_for(&self, lane: Lane) -> Result<Checked<'_>> {
        let query = match (lane, self.query.as_deref()) {
            (Lane::Vector | Lane::Fused, None) => {
                scope::check_id("scope", &self.scope)?;
                self.check_bounds()?;
                None
            }
            _ => Some(self.check()?),
        };
        let embedding = match &self.query_embedding {
            Some(values) => Some(kenning_vector::Query::new(values)?),
            None if matches!(lane, Lane::Vector | Lane::Fused) => {
                return Err(Error::invalid(
                    "query_embedding",
                    format!(
                        "is missing: the {lane} lane ranks capsules by cosine to a query \
                         embedding; embed the query with the store's model and send it, or use \
                         the term lane"
                    ),
                ));
            }
            None => None,
        };
        // Checked on every lane, so that a bad parameter is refused wherever it is sent, not
        // only where it would be used.
        self.fusion.check(self.limit)?;
        Ok(Checked { query, embedding })
    }

    fn check_bounds(&self) -> Result<()> {
        if self.limit == 0 || self.limit > MAX_LIMIT {
            return Err(Error::invalid(
                "limit",
                format!("is {}; give 1 to {MAX_LIMIT}", self.limit),
            ));
        }
        if let Some(w) = &self.window {
            w.check()?;
        }
        Ok(())
    }

    fn check(&self) -> Result<&str> {
        scope::check_id("scope", &self.scope)?;
        self.check_bounds()?;
        let query = self.query.as_deref().unwrap_or_default();
        if query.trim().is_empty() {
            return Err(Error::invalid(
                "query",
                "is empty: the term lane ranks capsules by the words of a query; give one (to \
                 page through a scope, list its capsules instead)",
            ));
        }
        if query.len() > MAX_QUERY_BYTES {
            return Err(Error::invalid(
                "query",
                format!(
                    "is {} bytes; the bound is {MAX_QUERY_BYTES} bytes: keep the words that \
                     matter",
                    query.len()
                ),
            ));
        }
        Ok(query)
    }
}

/// A request's query, checked.
struct Checked<'a> {
    query: Option<&'a str>,
    embedding: Option<kenning_vector::Query>,
}

/// A lane's view of one hit (R7).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct LaneScore {
    /// The hit's rank in this lane, from 1.
    pub rank: usize,
    /// The hit's score in this lane (BM25 for the term lane, cosine for the vector lane).
    pub score: f64,
}

/// One recalled capsule (R7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Hit {
    /// The capsule, with its lifecycle as read during the retrieval.
    pub capsule: Capsule,
    /// The score hits are ordered by: the lane's own score when one lane ran (BM25, or
    /// cosine), the RRF score (R6) on the fused lane.
    pub score: f64,
    /// The term lane's rank and score, when it ran and found this capsule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term: Option<LaneScore>,
    /// The vector lane's rank and score, when it ran and found this capsule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vector: Option<LaneScore>,
}

/// The answer to a [`RetrieveRequest`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Retrieval {
    /// The lane that ran ([`Lane::Auto`] resolved).
    pub lane: Lane,
    /// The hits, best first.
    pub hits: Vec<Hit>,
}

/// A scope holding at least this many bytes of vectors (about 10 000 embeddings of 384
/// dimensions) is scanned on several threads.
pub const PARALLEL_SCAN_BYTES: usize = 16 << 20;

/// The most threads one vector-lane scan uses. Memory bandwidth, not arithmetic, bounds an
/// exact scan, and a few cores saturate it on common hosts.
pub const MAX_SCAN_THREADS: usize = 4;

/// How many threads scan `bytes` of vectors: one below [`PARALLEL_SCAN_BYTES`], else one per
/// available core up to [`MAX_SCAN_THREADS`], and never a thread for less than half of
/// [`PARALLEL_SCAN_BYTES`].
fn scan_threads(bytes: usize) -> usize {
    if bytes < PARALLEL_SCAN_BYTES {
        return 1;
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    cores
        .min(MAX_SCAN_THREADS)
        .min(bytes / (PARALLEL_SCAN_BYTES / 2))
        .max(1)
}

/// One ranked capsule before its record is read: the score hits are ordered by and each lane's
/// place.
struct Ranked {
    doc: u64,
    score: f64,
    term: Option<LaneScore>,
    vector: Option<LaneScore>,
}

fn lane_score(rank: usize, score: f64) -> Option<LaneScore> {
    Some(LaneScore { rank, score })
}

impl Kenning {
    /// Recalls the capsules of a scope that best answer `request` (R1, R2).
    ///
    /// - [`Lane::Term`]: BM25 over capsule content (R2).
    /// - [`Lane::Vector`]: exact cosine between the query embedding and the scope's stored
    ///   embeddings; ties by lower id.
    /// - [`Lane::Fused`]: each lane's best [`Fusion::depth_for`] hits, combined by RRF (R6).
    /// - [`Lane::Auto`]: fused with a query embedding, term without.
    ///
    /// In every lane, fenced capsules (quarantined, falsified, archived, superseded, stale) are
    /// excluded before ranking (R4): they never take a place, so a request for 10 hits gets the
    /// 10 best unfenced capsules. Under a fact-time window only capsules whose declaration
    /// overlaps it are recalled; undated capsules are excluded, in both lanes alike (R5). Hits
    /// are ordered by score, ties by lower id. Each hit carries its place in every lane that
    /// ran and found it (R7).
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the scope (A6).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an empty or oversized query text where the lane needs
    /// one, a limit outside 1 to [`MAX_LIMIT`], a window with `from` after `until` or no bound,
    /// a malformed scope id, a missing query embedding on the vector or fused lane, bad fusion
    /// parameters; [`Error::Vector`] (invalid argument) for a query embedding that is empty,
    /// non-finite, of zero or out-of-range magnitude, or of a dimension other than the stored
    /// embeddings' (R3); [`Error::PermissionDenied`]; [`Error::NotFound`] for an unknown or
    /// unreached scope; [`Error::Storage`].
    pub fn retrieve(&self, who: &Principal, request: &RetrieveRequest) -> Result<Retrieval> {
        self.snapshot(who)?.retrieve(request)
    }
}

impl Snapshot {
    /// [`Kenning::retrieve`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::retrieve`].
    pub fn retrieve(&self, request: &RetrieveRequest) -> Result<Retrieval> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "retrieve memory")?;
            let lane = request.resolved_lane();
            let checked = request.check_for(lane)?;
            scope::reach(&txn.open_table(SCOPES).db()?, who, &request.scope)?;
            let canon = txn.open_table(CAPSULES).db()?;
            let lifecycle = txn.open_table(LIFECYCLE).db()?;
            let listing = txn.open_table(SCOPE_CAPSULES).db()?;
            let now = Timestamp::now();
            let window = request.window;
            let scope_id = request.scope.as_str();

            // One admission for both lanes (R4, R5). It runs for a capsule only when the capsule
            // would enter a lane's best, before it does. Both lanes read this snapshot's state (the
            // term index from its transaction, the vectors from its derived copy); the listing
            // check makes admission a function of the snapshot's records alone all the same.
            // Shared with the vector lane's scan threads (see `vector_lane`), hence a mutex.
            let failure: Mutex<Option<Error>> = Mutex::new(None);
            let admit = |doc: u64| -> Result<bool> {
                if listing.get((scope_id, doc)).db()?.is_none() {
                    return Ok(false);
                }
                let id = CapsuleId::new(doc);
                if fences(&lifecycle, id)?.fenced_at(now) {
                    return Ok(false);
                }
                if let Some(w) = window {
                    let dated = canonical(&canon, id)?
                        .and_then(|c| c.fact_time)
                        .is_some_and(|ft| ft.overlaps(w.from, w.until));
                    if !dated {
                        return Ok(false);
                    }
                }
                Ok(true)
            };
            let accept = |doc: u64| match admit(doc) {
                Ok(yes) => yes,
                Err(e) => {
                    failure
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .get_or_insert(e);
                    false
                }
            };

            let depth = match lane {
                Lane::Fused => request.fusion.depth_for(request.limit),
                _ => request.limit,
            };
            let term = match (lane, checked.query) {
                (Lane::Term | Lane::Fused, Some(query)) => {
                    capsule::term(TERM_INDEX.search(txn, scope_id, query, depth, &mut &accept))?
                }
                _ => Vec::new(),
            };
            let vector = match (lane, &checked.embedding) {
                (Lane::Vector | Lane::Fused, Some(q)) => {
                    self.vector_lane(scope_id, q, depth, &accept)?
                }
                (_, Some(q)) => {
                    self.derived.vectors.check_query(q)?;
                    Vec::new()
                }
                _ => Vec::new(),
            };
            if let Some(e) = failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
                return Err(e);
            }

            let ranked: Vec<Ranked> = match lane {
                Lane::Fused => {
                    let term: Vec<kenning_vector::LaneHit> = term
                        .iter()
                        .map(|s| kenning_vector::LaneHit {
                            capsule: s.doc,
                            score: s.score,
                        })
                        .collect();
                    request
                        .fusion
                        .rrf()
                        .fuse(&term, &vector, request.limit)
                        .into_iter()
                        .map(|f| Ranked {
                            doc: f.capsule,
                            score: f.score,
                            term: f.term.and_then(|p| lane_score(p.rank, p.score)),
                            vector: f.vector.and_then(|p| lane_score(p.rank, p.score)),
                        })
                        .collect()
                }
                Lane::Vector => (1..)
                    .zip(vector)
                    .map(|(rank, h)| Ranked {
                        doc: h.capsule,
                        score: h.score,
                        term: None,
                        vector: lane_score(rank, h.score),
                    })
                    .collect(),
                _ => (1..)
                    .zip(term)
                    .map(|(rank, s)| Ranked {
                        doc: s.doc,
                        score: s.score,
                        term: lane_score(rank, s.score),
                        vector: None,
                    })
                    .collect(),
            };

            let mut hits = Vec::with_capacity(ranked.len());
            for r in ranked {
                let id = CapsuleId::new(r.doc);
                let Some(c) = canonical(&canon, id)? else {
                    return Err(Error::Storage {
                        message: format!(
                            "{id} was admitted to recall but has no record: the store is corrupt; \
                         restore it from a backup"
                        ),
                        source: None,
                    });
                };
                let f = fences(&lifecycle, id)?;
                hits.push(Hit {
                    capsule: assemble(id, c, &f, now),
                    score: r.score,
                    term: r.term,
                    vector: r.vector,
                });
            }
            let sidecars = crate::classification::Sidecars::open(txn)?;
            for hit in &mut hits {
                sidecars.fill(&mut hit.capsule)?;
            }
            Ok(Retrieval { lane, hits })
        })
    }

    /// The vector lane: the best `depth` capsules of `scope` by cosine to `query`, among those
    /// `keep` admits (R2, R4), in this snapshot's vectors. A scope of at least
    /// [`PARALLEL_SCAN_BYTES`] of vectors is scanned on up to [`MAX_SCAN_THREADS`] threads (the
    /// same exact answer, sooner where memory bandwidth grows with the cores reading it).
    fn vector_lane(
        &self,
        scope: &str,
        query: &kenning_vector::Query,
        depth: usize,
        keep: &(impl Fn(u64) -> bool + Sync),
    ) -> Result<Vec<kenning_vector::LaneHit>> {
        let set = &self.derived.vectors;
        set.check_query(query)?;
        let Some(vectors) = set.scope(scope) else {
            return Ok(Vec::new());
        };
        let threads = scan_threads(vectors.raw_bytes());
        Ok(if threads > 1 {
            vectors.top_k_parallel(query, depth, threads, keep)?
        } else {
            vectors.top_k(query, depth, keep)?
        })
    }
}
