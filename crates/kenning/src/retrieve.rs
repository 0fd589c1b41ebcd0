//! Recall over a scope's capsules (R1–R8): the request, the lanes, the hits.
//!
//! The request and response types are `#[non_exhaustive]` with builders, so that lanes and
//! fields (a query embedding, fusion parameters, sidecars on hits) can be added without breaking
//! callers.
//!
//! Both lanes go through one admission predicate, `admitted`, before a capsule can take a place
//! among a lane's best: no fence is up, and under a window its fact time overlaps it (R4, R5).
//! The term lane runs it through the term index's `accept`, the vector lane through the scan's
//! `keep`; fusion then ranks what the two lanes admitted (R6). The term lane's and a context's
//! candidates come from indexes, so they must also be listed in the scope in this read's
//! snapshot: the term lane checks the listing for the best hits it kept, and ranks again with
//! the listing checked for every candidate (`admit`) when one is not listed, so an unlisted
//! capsule never takes a place; a context checks each neighbour.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, PoisonError};

use kenning_vector::FusedHit;

use serde::{Deserialize, Serialize};

use crate::access::{Permission, Principal};
use crate::capsule::{
    self, CAPSULES, Capsule, CapsuleId, LIFECYCLE, SCOPE_CAPSULES, TERM_INDEX, assemble, canonical,
    fences,
};
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::fence_index::Admission;
use crate::scope::{self, SCOPES};
use crate::thread::Threads;
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Lane {
    /// The best lane for what the request carries: the term lane when no query embedding is
    /// given. The default.
    #[default]
    Auto,
    /// BM25 over capsule content. Ignores stored vectors.
    Term,
    /// Cosine between the query embedding and the scope's stored embeddings, every score exact
    /// (exact ranking too in a scope of at most 4,096 kept vectors; beyond, the exact ranking
    /// of the candidates a quantized scan chooses). Needs a query embedding; ignores the query
    /// text.
    Vector,
    /// The term and vector lanes combined as [`Fusion`] says (R6: convex by default, RRF on
    /// request). Needs a query embedding; the query text feeds the term lane, which finds
    /// nothing without one.
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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

/// How the fused lane combines its two lanes ([`Fusion::method`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum FusionMethod {
    /// A convex combination of each lane's score normalised to `[0, 1]`
    /// (`kenning_vector::ConvexParams`): reads how far apart the hits are, not only their
    /// order. The default.
    #[default]
    Convex,
    /// Reciprocal Rank Fusion (R6, `kenning_vector::RrfParams`): reads each lane's ranks only.
    Rrf,
}

impl FusionMethod {
    /// The wire name, e.g. `convex`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Convex => "convex",
            Self::Rrf => "rrf",
        }
    }
}

/// How the fused lane combines the term and vector lanes (R6): convex (weighted normalised
/// scores, the default) or RRF (weighted reciprocal ranks).
///
/// - **Convex** (the default): `score(d) = (term_weight · t̂(d) + vector_weight · v̂(d)) /
///   (term_weight + vector_weight)`, where `t̂ = bm25 / best bm25` and `v̂ = (cos + 1) / (best
///   cos + 1)`, each in `[0, 1]`, and every candidate is scored by both lanes (a capsule only
///   one lane listed gets its score in the other looked up exactly: its BM25, or the cosine of
///   its stored embedding; a lane that does not score it at all adds 0).
/// - **RRF**: `score(d) = term_weight / (k + rank_term(d)) + vector_weight / (k +
///   rank_vector(d))`, a lane's share counting only when that lane listed `d`.
///
/// The candidates are each lane's best `depth` hits (both lanes apply the fences and the
/// window before ranking, R4, R5), then, under a [`Context`], their thread neighbours. Ties
/// break by the better (smaller) rank in any single lane, then by the smaller capsule number
/// (the older capsule), so the order is total and the answer deterministic.
///
/// Deserializes from `{"method": "convex", "term_weight": 1, "vector_weight": 1.5, "depth":
/// 10}` or `{"method": "rrf", "k": 60, "term_weight": 1, "vector_weight": 1}`, any field omitted
/// taking **its method's** default; without `method`, a body that gives `k` is RRF (as bodies
/// written before the convex method meant), any other convex. `k` is RRF's alone: sending it
/// with `"method": "convex"` is refused.
///
/// # The defaults, and the evidence
///
/// Convex, `term_weight = 1`, `vector_weight = 1.5`, each lane feeding as many hits as the
/// request asks for (at least [`DEFAULT_FUSION_DEPTH`]), with the [`Context`] defaults. Every
/// default was chosen by leave-one-conversation-out cross-validation on the LoCoMo development
/// half (`../shared/eval/locomo-dev`, five conversations, 997 questions, all-MiniLM-L6-v2
/// embeddings): for each conversation, the configuration with the best R@1 + R@5 + R@10 on the
/// other four is measured on it (`cargo run --release --example locomo_eval -- DIR --folds`).
/// Evidence recall, 10 hits asked; "cross-validated" scores every question with the
/// configuration tuned without its conversation, ± the standard deviation over the five folds:
///
/// | lane, configuration | in-sample R@1 / R@5 / R@10 | cross-validated R@1 / R@5 / R@10 |
/// | --- | --- | --- |
/// | term, no context (the term lane before threads) | 0.330 / 0.558 / 0.632 | the same (nothing to tune) |
/// | term, context (the defaults) | 0.348 / 0.639 / 0.756 | 0.348 / 0.638 / 0.752 (±0.019 / ±0.056 / ±0.040) |
/// | vector, context (the defaults) | 0.153 / 0.415 / 0.518 | 0.149 / 0.422 / 0.534 (±0.013 / ±0.063 / ±0.069) |
/// | fused, RRF `k = 60`, depth 10, no context (the former default) | 0.240 / 0.553 / 0.665 | — |
/// | fused, convex 1 : 1.5, no context | 0.343 / 0.598 / 0.671 | — |
/// | fused, RRF `k = 10`, context | 0.233 / 0.592 / 0.725 | — |
/// | **fused, the defaults** (convex 1 : 1.5, depth 10, context 2 / 0.7) | **0.350 / 0.676 / 0.784** | **0.348 / 0.674 / 0.783** (±0.025 / ±0.034 / ±0.036) |
///
/// Among 141 fused configurations (convex weights 1 : 1 to 1 : 2.5, RRF `k` 10 and 60, depth
/// 10 and 20, context windows 1 to 3 and weights 0.5 to 0.9, and no context) the defaults are
/// the in-sample best, and four of the five folds choose them without their conversation (the
/// fifth, 1 : 2).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(try_from = "FusionWire", into = "FusionWire")]
#[non_exhaustive]
pub struct Fusion {
    /// How the lanes are combined; [`FusionMethod::Convex`] unless said.
    pub method: FusionMethod,
    /// RRF's rank offset: larger values flatten the difference between top ranks. Finite,
    /// `≥ 0`; read by [`FusionMethod::Rrf`] only.
    pub k: f64,
    /// The weight of the term lane. Finite, `≥ 0`.
    pub term_weight: f64,
    /// The weight of the vector lane. Finite, `≥ 0`; not both weights 0.
    pub vector_weight: f64,
    /// How many hits each lane feeds into the fusion, from the request's `limit` to
    /// [`MAX_FUSION_DEPTH`]; `None`: the limit, and at least [`DEFAULT_FUSION_DEPTH`].
    pub depth: Option<usize>,
}

/// [`Fusion`] as it travels: `k` only for RRF, every field optional on the way in.
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct FusionWire {
    /// How the lanes are combined: `convex` (the default) or `rrf`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    method: Option<FusionMethod>,
    /// RRF's rank offset (RRF only): finite, `≥ 0`; 60 when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    k: Option<f64>,
    /// The weight of the term lane: finite, `≥ 0`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    term_weight: Option<f64>,
    /// The weight of the vector lane: finite, `≥ 0`; not both weights 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    vector_weight: Option<f64>,
    /// How many hits each lane feeds into the fusion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    depth: Option<usize>,
}

impl TryFrom<FusionWire> for Fusion {
    type Error = String;

    fn try_from(w: FusionWire) -> std::result::Result<Self, String> {
        let method = match (w.method, w.k) {
            (Some(FusionMethod::Convex), Some(_)) => {
                return Err(
                    "fusion.k is RRF's rank offset, which the convex method does not \
                            read: leave k out, or set \"method\": \"rrf\""
                        .into(),
                );
            }
            (Some(m), _) => m,
            (None, Some(_)) => FusionMethod::Rrf,
            (None, None) => FusionMethod::Convex,
        };
        let d = Fusion::of(method);
        Ok(Fusion {
            method,
            k: w.k.unwrap_or(d.k),
            term_weight: w.term_weight.unwrap_or(d.term_weight),
            vector_weight: w.vector_weight.unwrap_or(d.vector_weight),
            depth: w.depth,
        })
    }
}

impl From<Fusion> for FusionWire {
    fn from(f: Fusion) -> Self {
        Self {
            method: Some(f.method),
            k: (f.method == FusionMethod::Rrf).then_some(f.k),
            term_weight: Some(f.term_weight),
            vector_weight: Some(f.vector_weight),
            depth: f.depth,
        }
    }
}

/// Unless [`Fusion::depth`] says otherwise, each lane feeds the request's limit into a fusion,
/// and at least this many hits, so that a request for fewer hits gets the first hits of a
/// request for this many.
pub const DEFAULT_FUSION_DEPTH: usize = DEFAULT_LIMIT;

impl Default for Fusion {
    /// [`Fusion::convex`] (see the type docs for the evidence).
    fn default() -> Self {
        Self::convex()
    }
}

impl Fusion {
    /// The convex method with its defaults: `term_weight = 1`, `vector_weight = 1.5`
    /// (`kenning_vector::ConvexParams::default`), the default depth.
    #[must_use]
    pub fn convex() -> Self {
        let c = kenning_vector::ConvexParams::default();
        Self {
            method: FusionMethod::Convex,
            k: kenning_vector::RrfParams::default().k,
            term_weight: c.term_weight,
            vector_weight: c.vector_weight,
            depth: None,
        }
    }

    /// RRF with its defaults: `k = 60` and equal weights, the values of the RRF paper
    /// (Cormack, Clarke and Büttcher, 2009), the default depth.
    #[must_use]
    pub fn rrf() -> Self {
        let r = kenning_vector::RrfParams::default();
        Self {
            method: FusionMethod::Rrf,
            k: r.k,
            term_weight: r.term_weight,
            vector_weight: r.vector_weight,
            depth: None,
        }
    }

    fn of(method: FusionMethod) -> Self {
        match method {
            FusionMethod::Convex => Self::convex(),
            FusionMethod::Rrf => Self::rrf(),
        }
    }

    /// Sets RRF's rank offset `k`. `k` means RRF: a convex fusion becomes [`Fusion::rrf`]
    /// first (RRF's equal weights, the depth kept), so set the weights after `k`.
    #[must_use]
    pub fn with_k(mut self, k: f64) -> Self {
        if self.method != FusionMethod::Rrf {
            self = Self {
                depth: self.depth,
                ..Self::rrf()
            };
        }
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

    fn rrf_params(&self) -> kenning_vector::RrfParams {
        kenning_vector::RrfParams {
            k: self.k,
            term_weight: self.term_weight,
            vector_weight: self.vector_weight,
        }
    }

    fn convex_params(&self) -> kenning_vector::ConvexParams {
        kenning_vector::ConvexParams {
            term_weight: self.term_weight,
            vector_weight: self.vector_weight,
        }
    }

    fn check(&self, limit: usize) -> Result<()> {
        self.rrf_params().validate()?;
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

/// The widest [`Context::window`]: neighbours up to this many positions away.
pub const MAX_CONTEXT_WINDOW: usize = 16;

/// How a capsule's neighbours in its [`Thread`](crate::Thread) lend it their score, in every
/// lane: a capsule's score becomes
///
/// ```text
/// score(d) + weight · max(0, max over neighbours n of score(n))
/// ```
///
/// where the neighbours of `d` are the admitted capsules of its thread whose position differs
/// from `d`'s by at most `window`, and `score` is the lane's own (BM25 on the term lane, cosine
/// on the vector lane, the fused score on the fused lane). Agent memories come in threads, and
/// a question often meets its answer one turn away from the words it shares: "what did Ana
/// recommend?" matches the turn that names the book, while the turn that says why is next to
/// it. The candidates are each lane's best hits and their neighbours, each scored by the lane
/// (a neighbour the lanes did not list is scored all the same: its BM25, its cosine); a fenced
/// neighbour, or one outside the window (R4, R5), neither ranks nor lends.
///
/// Capsules without a thread have no neighbours, so a store that declares no thread recalls
/// exactly as without a context. [`Context::none`] turns it off.
///
/// Deserializes from `{"window": 2, "weight": 0.7}`, any field omitted taking its default.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct Context {
    /// How far along the thread a neighbour may be, in positions: 0 to [`MAX_CONTEXT_WINDOW`];
    /// 0 turns the context off.
    pub window: usize,
    /// The share of its best neighbour's score a capsule gains: finite, 0 to 1; 0 turns the
    /// context off.
    pub weight: f64,
}

impl Default for Context {
    /// `window = 2`, `weight = 0.7`: chosen by leave-one-conversation-out cross-validation
    /// (see [`Fusion`] and the crate docs for the evidence).
    fn default() -> Self {
        Self {
            window: 2,
            weight: 0.7,
        }
    }
}

impl Context {
    /// No context: every capsule is ranked on its own.
    #[must_use]
    pub fn none() -> Self {
        Self {
            window: 0,
            weight: 0.0,
        }
    }

    /// A context of `window` positions each way, lending `weight` of the best neighbour's
    /// score.
    #[must_use]
    pub fn new(window: usize, weight: f64) -> Self {
        Self { window, weight }
    }

    /// Whether neighbours lend anything.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.window > 0 && self.weight > 0.0
    }

    fn check(&self) -> Result<()> {
        if self.window > MAX_CONTEXT_WINDOW {
            return Err(Error::invalid(
                "context.window",
                format!(
                    "is {}; give 0 (no context) to {MAX_CONTEXT_WINDOW} positions: a wider \
                     window reads a thread's other topics as this capsule's context",
                    self.window
                ),
            ));
        }
        if !(self.weight.is_finite() && (0.0..=1.0).contains(&self.weight)) {
            return Err(Error::invalid(
                "context.weight",
                format!(
                    "is {}; give a number from 0 (no context) to 1 (a neighbour counts as much \
                     as the capsule itself)",
                    self.weight
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// How thread neighbours lend their score, in every lane; the defaults unless said.
    #[serde(default)]
    pub context: Context,
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
            context: Context::default(),
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

    /// Sets how thread neighbours lend their score.
    #[must_use]
    pub fn context(mut self, context: Context) -> Self {
        self.context = context;
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
        self.context.check()?;
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct LaneScore {
    /// The hit's rank in this lane, from 1.
    pub rank: usize,
    /// The hit's score in this lane (BM25 for the term lane, cosine for the vector lane).
    pub score: f64,
}

/// One recalled capsule (R7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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

/// The most threads one vector-lane scan uses. Memory bandwidth, not arithmetic, bounds the
/// scan of the sign bits, and a few cores saturate it on common hosts.
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

/// One lane's hits as fused hits: its own score, its places.
fn listed(lane: &[kenning_vector::LaneHit], is_term: bool) -> Vec<FusedHit> {
    (1..)
        .zip(lane)
        .map(|(rank, h)| {
            let place = Some(kenning_vector::LaneRank {
                rank,
                score: h.score,
            });
            FusedHit {
                capsule: h.capsule,
                score: h.score,
                term: if is_term { place } else { None },
                vector: if is_term { None } else { place },
            }
        })
        .collect()
}

/// Lets thread neighbours lend their score ([`Context`]): `ranked` gains the admitted
/// neighbours of its capsules that `own` scores, and every capsule's score becomes its own
/// plus `weight` times the best positive score among its neighbours in `ranked`. `thread_of`
/// reads a capsule's thread; `own` scores the neighbours no lane listed, all in one call (on the
/// term lane a thread's neighbours share their postings blocks, each decoded once).
fn with_context(
    ranked: &mut Vec<FusedHit>,
    context: Context,
    scope: &str,
    threads: &Threads,
    thread_of: impl Fn(u64) -> Result<Option<crate::Thread>>,
    admit: impl Fn(u64) -> Result<bool>,
    own: impl Fn(&[u64]) -> Result<Vec<Option<f64>>>,
) -> Result<()> {
    let window = context.window as u64;
    let mut seen: HashSet<u64> = ranked.iter().map(|h| h.capsule).collect();
    // Per thread: (position, index in `ranked`) of its members among the candidates.
    let mut members: HashMap<String, Vec<(u64, usize)>> = HashMap::new();
    // The admitted neighbours no lane listed, in the order found: (thread, position, capsule).
    let mut found: Vec<(String, u64, u64)> = Vec::new();
    for (i, hit) in ranked.iter().enumerate() {
        let Some(t) = thread_of(hit.capsule)? else {
            continue;
        };
        let near = threads.between(
            scope,
            &t.id,
            t.position.saturating_sub(window),
            t.position.saturating_add(window),
        )?;
        for (position, neighbour) in near {
            if seen.insert(neighbour) && admit(neighbour)? {
                found.push((t.id.clone(), position, neighbour));
            }
        }
        members.entry(t.id).or_default().push((t.position, i));
    }
    let docs: Vec<u64> = found.iter().map(|&(_, _, capsule)| capsule).collect();
    let scores = own(&docs)?;
    for ((thread, position, neighbour), score) in found.into_iter().zip(scores) {
        if let Some(score) = score {
            members
                .entry(thread)
                .or_default()
                .push((position, ranked.len()));
            ranked.push(FusedHit {
                capsule: neighbour,
                score,
                term: None,
                vector: None,
            });
        }
    }
    let own_scores: Vec<f64> = ranked.iter().map(|h| h.score).collect();
    for group in members.values_mut() {
        group.sort_unstable();
        for (a, &(position, i)) in group.iter().enumerate() {
            let lent = group
                .iter()
                .enumerate()
                .filter(|&(b, &(p, _))| b != a && p.abs_diff(position) <= window)
                .map(|(_, &(_, j))| own_scores[j])
                .fold(0.0_f64, f64::max);
            ranked[i].score = own_scores[i] + context.weight * lent;
        }
    }
    Ok(())
}

impl Kenning {
    /// Recalls the capsules of a scope that best answer `request` (R1, R2).
    ///
    /// - [`Lane::Term`]: BM25 over capsule content (R2).
    /// - [`Lane::Vector`]: cosine between the query embedding and the scope's stored
    ///   embeddings, scored exactly (see [`Lane::Vector`]); ties by lower id.
    /// - [`Lane::Fused`]: each lane's best [`Fusion::depth_for`] hits, combined as [`Fusion`]
    ///   says (R6: convex by default, RRF on request).
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
            // would enter a lane's best, before it does. Both lanes read this snapshot's state:
            // the fences from its fence index (the lifecycle record itself only when the index
            // holds it as unreadable, for the error), the window from the capsule's record.
            let fence_index = &self.derived.fences;
            let admitted = |doc: u64| -> Result<bool> {
                let id = CapsuleId::new(doc);
                let open = match fence_index.admits(doc, now) {
                    Admission::Open => true,
                    Admission::Fenced => false,
                    Admission::Unknown => !fences(&lifecycle, id)?.fenced_at(now),
                };
                if !open {
                    return Ok(false);
                }
                if let Some(w) = window {
                    let dated = capsule::head(&canon, id)?
                        .and_then(|h| h.fact_time)
                        .is_some_and(|ft| ft.overlaps(w.from, w.until));
                    if !dated {
                        return Ok(false);
                    }
                }
                Ok(true)
            };
            // The term lane's and the context's candidates come from indexes in the transaction
            // (postings, threads): the listing check makes their admission a function of the
            // snapshot's records alone all the same. The vector lane's come from this snapshot's
            // vector copy of the scope, which holds the scope's embeddings and nothing else, so
            // they skip it: its thousands of candidates per query cost no lookup at all unless a
            // window is asked for.
            let in_scope =
                |doc: u64| -> Result<bool> { Ok(listing.get((scope_id, doc)).db()?.is_some()) };
            let admit = |doc: u64| -> Result<bool> { Ok(in_scope(doc)? && admitted(doc)?) };
            // A lane's predicate: an error ends the retrieval once the lane returns (shared with
            // the vector lane's scan threads, hence a mutex).
            let failure: Mutex<Option<Error>> = Mutex::new(None);
            let accepting = |check: &dyn Fn(u64) -> Result<bool>, doc: u64| match check(doc) {
                Ok(yes) => yes,
                Err(e) => {
                    failure
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .get_or_insert(e);
                    false
                }
            };
            let accept = |doc: u64| accepting(&admit, doc);
            let accept_admitted = |doc: u64| accepting(&admitted, doc);

            // Each lane's best `depth`: the fusion's depth on the fused lane; on one lane the
            // limit, and at least DEFAULT_FUSION_DEPTH when a context may bring in neighbours, so
            // that a request for fewer hits gets the first hits of a request for more.
            let depth = match lane {
                Lane::Fused => request.fusion.depth_for(request.limit),
                _ if request.context.is_active() => request.limit.max(DEFAULT_FUSION_DEPTH),
                _ => request.limit,
            };
            // The term lane: the query's scores and its best `depth` admitted. The listing is
            // checked for those `depth` alone, after the ranking: when each is listed, they are
            // the best `depth` of the listed capsules as well (any listed capsule that scores
            // higher passes `admitted` too, so it would be among them). Only when one is not
            // listed (a store whose term index disagrees with its records) is the lane ranked
            // again with every candidate's listing checked before it takes a place.
            let term_lane = || -> Result<_> {
                let scores = match (lane, checked.query) {
                    (Lane::Term | Lane::Fused, Some(query)) => {
                        Some(capsule::term(TERM_INDEX.prepare(txn, scope_id, query))?)
                    }
                    _ => None,
                };
                let Some(s) = scores.as_ref() else {
                    return Ok((scores, Vec::new()));
                };
                let mut best = capsule::term(s.top(depth, &mut &accept_admitted))?;
                for hit in &best {
                    if !in_scope(hit.doc)? {
                        best = capsule::term(s.top(depth, &mut &accept))?;
                        break;
                    }
                }
                let term: Vec<kenning_vector::LaneHit> = best
                    .into_iter()
                    .map(|s| kenning_vector::LaneHit {
                        capsule: s.doc,
                        score: s.score,
                    })
                    .collect();
                Ok((scores, term))
            };
            let vector_lane = || -> Result<Vec<kenning_vector::LaneHit>> {
                match (lane, &checked.embedding) {
                    (Lane::Vector | Lane::Fused, Some(q)) => {
                        self.vector_lane(scope_id, q, depth, &accept_admitted)
                    }
                    (_, Some(q)) => {
                        self.derived.vectors.check_query(q)?;
                        Ok(Vec::new())
                    }
                    _ => Ok(Vec::new()),
                }
            };
            // The fused lane runs its two lanes at once: the term lane on a thread of its own
            // while this one runs the vector lane (both read the same snapshot; admission is
            // shared through `failure`). A thread the OS refuses runs the term lane here.
            let ((scores, term), vector) =
                if lane == Lane::Fused && checked.query.is_some() && checked.embedding.is_some() {
                    std::thread::scope(|scope| {
                        let spawned = std::thread::Builder::new().spawn_scoped(scope, term_lane);
                        let vector = vector_lane();
                        let term = match spawned {
                            Ok(handle) => handle
                                .join()
                                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                            Err(_) => term_lane(),
                        };
                        Ok::<_, Error>((term?, vector?))
                    })?
                } else {
                    (term_lane()?, vector_lane()?)
                };
            if let Some(e) = failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
                return Err(e);
            }

            // How a capsule the lanes did not list is scored: its BM25 (None without a query
            // word), and the cosine of its stored embedding, as the scan would score it.
            let term_score = |doc: u64| -> Result<Option<f64>> {
                match &scores {
                    Some(s) => capsule::term(s.score(doc)),
                    None => Ok(None),
                }
            };
            let vector_score = |doc: u64| -> Result<Option<f64>> {
                let Some(q) = &checked.embedding else {
                    return Ok(None);
                };
                Ok(kenning_vector::get(txn, scope_id, doc)?
                    .and_then(|e| q.score(&e))
                    .map(f64::from))
            };
            let best = kenning_vector::LaneBest::of(&term, &vector);
            let fusion = request.fusion;
            // The same for many capsules at once, in their order (the context's neighbours):
            // their BM25 scores read each postings block once.
            let term_scores = |docs: &[u64]| -> Result<Vec<Option<f64>>> {
                match &scores {
                    Some(s) => capsule::term(s.score_each(docs)),
                    None => Ok(vec![None; docs.len()]),
                }
            };
            let own_scores = |docs: &[u64]| -> Result<Vec<Option<f64>>> {
                match lane {
                    Lane::Fused => docs
                        .iter()
                        .zip(term_scores(docs)?)
                        .map(|(&doc, t)| {
                            let v = vector_score(doc)?;
                            Ok(Some(match fusion.method {
                                FusionMethod::Convex => fusion.convex_params().score(t, v, best),
                                // RRF scores ranks: a capsule neither lane listed has none.
                                FusionMethod::Rrf => 0.0,
                            }))
                        })
                        .collect(),
                    Lane::Vector => docs.iter().map(|&doc| vector_score(doc)).collect(),
                    _ => Ok(term_scores(docs)?
                        .into_iter()
                        .map(|t| Some(t.unwrap_or(0.0)))
                        .collect()),
                }
            };

            let mut ranked: Vec<FusedHit> = match lane {
                Lane::Fused => match fusion.method {
                    FusionMethod::Convex => fusion.convex_params().fuse(
                        &term,
                        &vector,
                        term_score,
                        vector_score,
                        usize::MAX,
                    )?,
                    FusionMethod::Rrf => fusion.rrf_params().fuse(&term, &vector, usize::MAX),
                },
                Lane::Vector => listed(&vector, false),
                _ => listed(&term, true),
            };
            if request.context.is_active() && !ranked.is_empty() {
                let threads = Threads::open(txn)?;
                if threads.any_in(scope_id)? {
                    with_context(
                        &mut ranked,
                        request.context,
                        scope_id,
                        &threads,
                        |doc| Ok(capsule::head(&canon, CapsuleId::new(doc))?.and_then(|h| h.thread)),
                        admit,
                        own_scores,
                    )?;
                }
            }
            if lane != Lane::Vector {
                // BM25 and both fusions are positive for what a lane found, or a context lent.
                ranked.retain(|h| h.score > 0.0);
            }
            if ranked.len() > request.limit {
                ranked.select_nth_unstable_by(request.limit - 1, FusedHit::order);
                ranked.truncate(request.limit);
            }
            ranked.sort_unstable_by(FusedHit::order);
            let ranked: Vec<Ranked> = ranked
                .into_iter()
                .map(|f| Ranked {
                    doc: f.capsule,
                    score: f.score,
                    term: f.term.and_then(|p| lane_score(p.rank, p.score)),
                    vector: f.vector.and_then(|p| lane_score(p.rank, p.score)),
                })
                .collect();

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
                // The fence index lists every capsule with a lifecycle record: most hits have
                // none, and skip the lookup.
                let f = if fence_index.has_record(r.doc) {
                    fences(&lifecycle, id)?
                } else {
                    crate::capsule::Fences::default()
                };
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
    /// `keep` admits (R2, R4), in this snapshot's vectors, the survivors scored exactly from
    /// the embeddings this snapshot's transaction reads (see
    /// [`kenning_vector::ScopeVectors::top_k_with`] for what is exact). A scope of at least
    /// [`PARALLEL_SCAN_BYTES`] of `f32` vectors runs its first stage on up to
    /// [`MAX_SCAN_THREADS`] threads (the same answer, sooner where memory bandwidth grows with
    /// the cores reading it).
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
        let stored = kenning_vector::ScopeReader::open(&self.txn, scope)?;
        let exact = |capsule| stored.get(capsule);
        let threads = scan_threads(vectors.raw_bytes());
        Ok(if threads > 1 {
            vectors.top_k_parallel(query, depth, threads, keep, exact)?
        } else {
            vectors.top_k(query, depth, keep, exact)?
        })
    }
}
