//! Recall over a scope's capsules (R1, R2, R4, R5, R7): the request, the lanes, the hits.
//!
//! The request and response types are `#[non_exhaustive]` with builders, so that lanes and
//! fields (a query embedding, fusion parameters, sidecars on hits) can be added without breaking
//! callers.

use serde::{Deserialize, Serialize};

use crate::Kenning;
use crate::access::{Permission, Principal};
use crate::capsule::{
    self, CAPSULES, Capsule, CapsuleId, LIFECYCLE, TERM_INDEX, assemble, canonical, fences,
};
use crate::error::{DbResult, Error, Result};
use crate::scope::{self, SCOPES};
use crate::time::Timestamp;

/// At most this many bytes of UTF-8 in a query.
pub const MAX_QUERY_BYTES: usize = 4096;

/// At most this many hits in one retrieval.
pub const MAX_LIMIT: usize = 1000;

/// Hits returned when a request does not say.
pub const DEFAULT_LIMIT: usize = 10;

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
}

impl Lane {
    /// The wire name, e.g. `term`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Term => "term",
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
        }
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

    /// The lane that runs for this request: [`Lane::Auto`] resolved.
    #[must_use]
    pub fn resolved_lane(&self) -> Lane {
        match self.lane {
            Lane::Auto | Lane::Term => Lane::Term,
        }
    }

    fn check(&self) -> Result<&str> {
        scope::check_id("scope", &self.scope)?;
        if self.limit == 0 || self.limit > MAX_LIMIT {
            return Err(Error::invalid(
                "limit",
                format!("is {}; give 1 to {MAX_LIMIT}", self.limit),
            ));
        }
        if let Some(w) = &self.window {
            w.check()?;
        }
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

/// A lane's view of one hit (R7).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct LaneScore {
    /// The hit's rank in this lane, from 1.
    pub rank: usize,
    /// The hit's score in this lane (BM25 for the term lane).
    pub score: f64,
}

/// One recalled capsule (R7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Hit {
    /// The capsule, with its lifecycle as read during the retrieval.
    pub capsule: Capsule,
    /// The score hits are ordered by: the lane's own score when one lane ran.
    pub score: f64,
    /// The term lane's rank and score, when it ran and found this capsule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term: Option<LaneScore>,
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

impl Kenning {
    /// Recalls the capsules of a scope that best answer `request` (R1, R2).
    ///
    /// Fenced capsules (quarantined, falsified, archived, superseded, stale) are excluded before
    /// ranking (R4): they never take a place, so a request for 10 hits gets the 10 best unfenced
    /// capsules. Under a fact-time window only capsules whose declaration overlaps it are
    /// recalled; undated capsules are excluded (R5). Hits are ordered by score, ties by lower id.
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the scope (A6).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an empty or oversized query, a limit outside 1 to
    /// [`MAX_LIMIT`], a window with `from` after `until` or no bound, a malformed scope id;
    /// [`Error::PermissionDenied`]; [`Error::NotFound`] for an unknown or unreached scope;
    /// [`Error::Storage`].
    pub fn retrieve(&self, who: &Principal, request: &RetrieveRequest) -> Result<Retrieval> {
        who.require(Permission::MemoryRead, "retrieve memory")?;
        let query = request.check()?;
        let lane = request.resolved_lane();
        let txn = self.read()?;
        scope::reach(&txn.open_table(SCOPES).db()?, who, &request.scope)?;
        let canon = txn.open_table(CAPSULES).db()?;
        let lifecycle = txn.open_table(LIFECYCLE).db()?;
        let now = Timestamp::now();
        let window = request.window;

        // Runs for a capsule only when it would enter the best `limit`, before it does (R4).
        let mut failure: Option<Error> = None;
        let admit = |doc: u64| -> Result<bool> {
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
        let mut accept = |doc: u64| match admit(doc) {
            Ok(yes) => yes,
            Err(e) => {
                failure.get_or_insert(e);
                false
            }
        };
        let scored = capsule::term(TERM_INDEX.search(
            &txn,
            &request.scope,
            query,
            request.limit,
            &mut accept,
        ))?;
        if let Some(e) = failure {
            return Err(e);
        }

        let mut hits = Vec::with_capacity(scored.len());
        for (rank, s) in (1..).zip(scored) {
            let id = CapsuleId::new(s.doc);
            let Some(c) = canonical(&canon, id)? else {
                return Err(Error::Storage {
                    message: format!(
                        "{id} is in the term index but has no record: the store is corrupt; \
                         restore it from a backup"
                    ),
                    source: None,
                });
            };
            let f = fences(&lifecycle, id)?;
            hits.push(Hit {
                capsule: assemble(id, c, &f, now),
                score: s.score,
                term: Some(LaneScore {
                    rank,
                    score: s.score,
                }),
            });
        }
        let sidecars = crate::classification::Sidecars::open(&txn)?;
        for hit in &mut hits {
            sidecars.fill(&mut hit.capsule)?;
        }
        Ok(Retrieval { lane, hits })
    }
}
