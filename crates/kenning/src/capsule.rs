//! Capsules, the unit of text memory (C3–C8), and their lifecycle fences (C5).
//!
//! The choices (records, ids, bounds, transitions, audit, permissions) are written in the crate
//! docs, section "Capsules and recall". The code map in short:
//!
//! - `kenning.capsules`: id → the canonical record, written by a put and removed only by a
//!   forget. No call rewrites it (C4).
//! - `kenning.capsule_lifecycle`: id → the stored fences; no row until a capsule is first fenced
//!   or given a freshness deadline. Staleness is derived from the deadline at read time.
//! - `kenning.scope_capsules`: (scope, id) → (), the listing of a scope.
//! - the term index (`kenning-term`), fed in the put's transaction.
//!
//! Every table keyed by capsule id other than the canonical one is cleared in `erase`, the
//! one place forget goes through (C7): a component that adds a sidecar table adds its removal
//! there.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::str::FromStr;

use redb::{ReadableTable, TableDefinition};
use serde::{Deserialize, Serialize};

use kenning_term::TermIndex;
use kenning_term::bm25::{B, Bm25, K1};

use kenning_classify::Epistemics;

use crate::access::{Permission, Principal};
use crate::audit;
use crate::classification::{PersistedLabel, Sidecars};
use kenning_table::DbResult;

use crate::canon::{self, Head};
use crate::error::{Error, Result};
use crate::fence_index::Up;
use crate::scope::{self, SCOPES};
use crate::store::{META, Write};
use crate::thread::{self, Thread};
use crate::time::Timestamp;
use crate::{Kenning, Snapshot};

/// At most this many bytes of UTF-8 in a capsule's content: room for a long note or a page of a
/// document, while keeping one capsule one memory. Longer texts are split into several capsules.
pub const MAX_CONTENT_BYTES: usize = 32 * 1024;

/// At most this many metadata entries on one capsule.
pub const MAX_METADATA_ENTRIES: usize = 32;

/// At most this many characters in a metadata key (keys follow the name rule: letters, digits,
/// `_`, `.`, `-`).
pub const MAX_METADATA_KEY_CHARS: usize = 64;

/// At most this many bytes of UTF-8 in one metadata value.
pub const MAX_METADATA_VALUE_BYTES: usize = 1024;

/// At most this many capsules in one batched put.
pub const MAX_BATCH: usize = 10_000;

/// At most this many bytes of content, metadata and vectors in one call (64 MiB): a batch of
/// [`MAX_BATCH`] capsules at [`MAX_CONTENT_BYTES`] each would otherwise hold 312 MiB in memory
/// at once. Counted as content and metadata bytes (UTF-8) plus 4 bytes per vector component.
pub const MAX_CALL_BYTES: usize = 64 << 20;

/// At most this many capsules in one page of [`Kenning::capsules`].
pub const MAX_PAGE: usize = 1_000;

/// id → canonical [`Canonical`] record, frozen once written.
pub(crate) const CAPSULES: TableDefinition<'static, u64, &[u8]> =
    TableDefinition::new("kenning.capsules");

/// id → [`Fences`]; absent when the capsule was never fenced.
pub(crate) const LIFECYCLE: TableDefinition<'static, u64, &[u8]> =
    TableDefinition::new("kenning.capsule_lifecycle");

/// (scope id, capsule id) → (): the capsules of each scope, in id order.
pub(crate) const SCOPE_CAPSULES: TableDefinition<'static, (&str, u64), ()> =
    TableDefinition::new("kenning.scope_capsules");

/// The key of the capsule id counter in `kenning.meta`: the next id to hand out.
pub(crate) const NEXT_ID: &str = "capsule.next_id";

/// The term index every capsule's content goes into, with the BM25 defaults (k1 = 1.2,
/// b = 0.75; see `kenning_term::bm25`).
pub(crate) const TERM_INDEX: TermIndex = TermIndex::new(Bm25 { k1: K1, b: B });

/// A capsule id: `cap-<n>`, store-wide, monotonic, never reused (C3).
///
/// ```
/// use kenning::CapsuleId;
/// let id: CapsuleId = "cap-12".parse()?;
/// assert_eq!(id.get(), 12);
/// assert_eq!(id.to_string(), "cap-12");
/// assert!("cap-012".parse::<CapsuleId>().is_err());
/// # Ok::<(), kenning::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CapsuleId(u64);

impl CapsuleId {
    /// The id with number `n`.
    #[must_use]
    pub const fn new(n: u64) -> Self {
        Self(n)
    }

    /// The number inside.
    #[must_use]
    pub const fn get(self) -> u64 {
        self.0
    }
}

impl fmt::Display for CapsuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cap-{}", self.0)
    }
}

impl FromStr for CapsuleId {
    type Err = Error;

    /// Parses `cap-<n>`: `n` in decimal, without sign or leading zeros.
    fn from_str(s: &str) -> Result<Self> {
        let bad = || {
            Error::invalid(
                "capsule_id",
                format!(
                    "{} is not a capsule id: write cap-<n>, e.g. cap-12",
                    kenning_vocab::quote(s)
                ),
            )
        };
        let digits = s.strip_prefix("cap-").ok_or_else(bad)?;
        let canonical = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'));
        if !canonical {
            return Err(bad());
        }
        digits.parse().map(Self).map_err(|_| bad())
    }
}

impl Serialize for CapsuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CapsuleId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A string `cap-<n>`, the form [`CapsuleId::from_str`] reads.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for CapsuleId {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "CapsuleId".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^cap-(0|[1-9][0-9]*)$",
            "description": "A capsule id: cap-<n>, n in decimal without leading zeros",
            "examples": ["cap-12"],
        })
    }
}

/// Where a capsule's content came from: the origins of seed 004, shared with the classifier,
/// which reads a capsule's origin to decide its authority class (K2).
pub use kenning_classify::Origin;

/// When what a capsule says holds: its fact-time declaration. Either bound may be open, not
/// both. Bounds are inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FactTime {
    /// From when it holds; `None`: since always.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_from: Option<Timestamp>,
    /// Until when it holds; `None`: still.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_until: Option<Timestamp>,
}

impl FactTime {
    /// Holds at one instant (an event: a meeting, a message).
    #[must_use]
    pub fn at(t: Timestamp) -> Self {
        Self::between(t, t)
    }

    /// Holds from `from` to `until`, both included.
    #[must_use]
    pub fn between(from: Timestamp, until: Timestamp) -> Self {
        Self {
            valid_from: Some(from),
            valid_until: Some(until),
        }
    }

    /// Holds from `from` on.
    #[must_use]
    pub fn since(from: Timestamp) -> Self {
        Self {
            valid_from: Some(from),
            valid_until: None,
        }
    }

    /// Held until `until`.
    #[must_use]
    pub fn until(until: Timestamp) -> Self {
        Self {
            valid_from: None,
            valid_until: Some(until),
        }
    }

    pub(crate) fn check(&self, field: &str) -> Result<()> {
        match (self.valid_from, self.valid_until) {
            (None, None) => Err(Error::invalid(
                field,
                "declares neither valid_from nor valid_until: give at least one, or declare no \
                 fact time",
            )),
            (Some(from), Some(until)) if from > until => Err(Error::invalid(
                field,
                format!(
                    "valid_from {from} is after valid_until {until}: swap them, or use \
                     FactTime::at for a single instant"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// Whether this declaration shares at least one instant with `[from, until]` (open bounds
    /// reach forever).
    #[must_use]
    pub fn overlaps(&self, from: Option<Timestamp>, until: Option<Timestamp>) -> bool {
        let starts_in_time = match (self.valid_from, until) {
            (Some(vf), Some(wu)) => vf <= wu,
            _ => true,
        };
        let ends_in_time = match (self.valid_until, from) {
            (Some(vu), Some(wf)) => vu >= wf,
            _ => true,
        };
        starts_in_time && ends_in_time
    }
}

/// A fence that keeps a capsule out of recall (C5, R4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Fence {
    /// Held back for review.
    Quarantined,
    /// Shown to be false.
    Falsified,
    /// Kept, but out of recall.
    Archived,
    /// Replaced by a newer capsule.
    Superseded,
    /// Past its `fresh_until` deadline.
    Stale,
}

impl Fence {
    /// The wire name, e.g. `quarantined`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Quarantined => "quarantined",
            Self::Falsified => "falsified",
            Self::Archived => "archived",
            Self::Superseded => "superseded",
            Self::Stale => "stale",
        }
    }
}

impl fmt::Display for Fence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A capsule's lifecycle state as read at one instant (C5).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Lifecycle {
    /// Held back for review.
    pub quarantined: bool,
    /// Shown to be false; final.
    pub falsified: bool,
    /// Out of recall, kept.
    pub archived: bool,
    /// The capsule that replaced this one; final.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<CapsuleId>,
    /// The freshness deadline, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fresh_until: Option<Timestamp>,
    /// Whether the deadline had passed when this state was read.
    pub stale: bool,
}

impl Lifecycle {
    /// The fences up, in a fixed order.
    #[must_use]
    pub fn fences(&self) -> Vec<Fence> {
        [
            (self.quarantined, Fence::Quarantined),
            (self.falsified, Fence::Falsified),
            (self.archived, Fence::Archived),
            (self.superseded_by.is_some(), Fence::Superseded),
            (self.stale, Fence::Stale),
        ]
        .into_iter()
        .filter_map(|(up, fence)| up.then_some(fence))
        .collect()
    }

    /// Whether any fence is up: recall skips the capsule.
    #[must_use]
    pub fn is_fenced(&self) -> bool {
        self.quarantined
            || self.falsified
            || self.archived
            || self.superseded_by.is_some()
            || self.stale
    }
}

/// A change to a capsule's lifecycle (C5). Supersession is its own call,
/// [`Kenning::supersede`], because it writes the replacement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "change", content = "at", rename_all = "snake_case")]
#[non_exhaustive]
pub enum LifecycleChange {
    /// Hold the capsule back from recall for review.
    Quarantine,
    /// Lift a quarantine.
    Release,
    /// Mark the capsule false. Final.
    Falsify,
    /// Take the capsule out of recall, keeping it.
    Archive,
    /// Bring an archived capsule back into recall.
    Unarchive,
    /// Set or move the freshness deadline: the capsule goes stale once it passes. A deadline in
    /// the past makes it stale at once.
    FreshUntil(Timestamp),
    /// Drop the freshness deadline: the capsule never goes stale.
    ClearFreshness,
}

impl LifecycleChange {
    /// The audit action, e.g. `capsule.quarantine`.
    fn action(self) -> &'static str {
        match self {
            Self::Quarantine => "capsule.quarantine",
            Self::Release => "capsule.release",
            Self::Falsify => "capsule.falsify",
            Self::Archive => "capsule.archive",
            Self::Unarchive => "capsule.unarchive",
            Self::FreshUntil(_) => "capsule.fresh_until",
            Self::ClearFreshness => "capsule.clear_freshness",
        }
    }
}

/// A stored capsule, as [`Kenning::capsule`] returns it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Capsule {
    /// Its id.
    pub id: CapsuleId,
    /// The scope it belongs to.
    pub scope: String,
    /// What it remembers, exactly as written.
    pub content: String,
    /// Where the content came from.
    pub origin: Origin,
    /// When it was written.
    pub created: Timestamp,
    /// When what it says holds, if declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fact_time: Option<FactTime>,
    /// Caller's metadata.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metadata: BTreeMap<String, String>,
    /// The capsule this one replaced, if it was written by [`Kenning::supersede`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supersedes: Option<CapsuleId>,
    /// Where it sits in a conversation, session or document, if declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<Thread>,
    /// Its fences, as read when the capsule was read.
    pub lifecycle: Lifecycle,
    /// The classification label persisted on it (K6), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classification: Option<PersistedLabel>,
    /// Its epistemic annotations (K8), if any were ever set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epistemics: Option<Epistemics>,
}

/// A capsule to write: scope and content, plus optional origin, fact time, metadata and
/// freshness deadline.
///
/// ```
/// use kenning::{FactTime, NewCapsule, Origin, Timestamp};
/// let note = NewCapsule::new("bot.support", "Ana prefers email over phone calls.")
///     .origin(Origin::OwnerStated)
///     .fact_time(FactTime::since(Timestamp::parse("since", "2024-03-01T00:00:00Z")?))
///     .meta("source", "ticket-4411");
/// # Ok::<(), kenning::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct NewCapsule {
    /// The scope it goes into.
    pub scope: String,
    /// What it remembers: non-blank UTF-8, at most [`MAX_CONTENT_BYTES`] bytes.
    pub content: String,
    /// Where the content came from; [`Origin::ExtractedCandidate`] unless said.
    #[serde(default)]
    pub origin: Origin,
    /// When what it says holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fact_time: Option<FactTime>,
    /// Caller's metadata: at most [`MAX_METADATA_ENTRIES`] entries, keys following the name rule
    /// (at most [`MAX_METADATA_KEY_CHARS`] characters), values at most
    /// [`MAX_METADATA_VALUE_BYTES`] bytes.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metadata: BTreeMap<String, String>,
    /// A freshness deadline: the capsule goes stale once it passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fresh_until: Option<Timestamp>,
    /// Where it sits in a conversation, session or document: recall can then read it with its
    /// neighbours ([`Context`](crate::Context)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<Thread>,
}

impl NewCapsule {
    /// A capsule of `content` in `scope`, with the default origin and nothing else.
    pub fn new(scope: impl Into<String>, content: impl Into<String>) -> Self {
        Self {
            scope: scope.into(),
            content: content.into(),
            origin: Origin::default(),
            fact_time: None,
            metadata: BTreeMap::new(),
            fresh_until: None,
            thread: None,
        }
    }

    /// Sets the origin.
    #[must_use]
    pub fn origin(mut self, origin: Origin) -> Self {
        self.origin = origin;
        self
    }

    /// Declares when what it says holds.
    #[must_use]
    pub fn fact_time(mut self, fact_time: FactTime) -> Self {
        self.fact_time = Some(fact_time);
        self
    }

    /// Adds (or replaces) one metadata entry.
    #[must_use]
    pub fn meta(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.metadata.insert(key.into(), value.into());
        self
    }

    /// Sets a freshness deadline.
    #[must_use]
    pub fn fresh_until(mut self, deadline: Timestamp) -> Self {
        self.fresh_until = Some(deadline);
        self
    }

    /// Places it at `position` of thread `id` (a conversation, a session, a document).
    #[must_use]
    pub fn thread(mut self, id: impl Into<String>, position: u64) -> Self {
        self.thread = Some(Thread::new(id, position));
        self
    }

    /// Checks every bound; `at` prefixes field paths (`capsules[3]` in a batch).
    fn check(&self, at: &str) -> Result<()> {
        let field = |name: &str| {
            if at.is_empty() {
                name.to_owned()
            } else {
                format!("{at}.{name}")
            }
        };
        scope::check_id(&field("scope"), &self.scope)?;
        check_content(&field("content"), &self.content)?;
        if let Some(ft) = &self.fact_time {
            ft.check(&field("fact_time"))?;
        }
        if let Some(t) = &self.thread {
            t.check(&field("thread"))?;
        }
        if self.metadata.len() > MAX_METADATA_ENTRIES {
            return Err(Error::invalid(
                field("metadata"),
                format!(
                    "has {} entries; the bound is {MAX_METADATA_ENTRIES}: keep the keys that \
                     matter, or fold several into one value",
                    self.metadata.len()
                ),
            ));
        }
        for (key, value) in &self.metadata {
            kenning_vocab::name::check(key, MAX_METADATA_KEY_CHARS).map_err(|p| {
                Error::invalid(
                    field("metadata"),
                    format!(
                        "key {} {p} (metadata keys follow the name rule)",
                        kenning_vocab::quote(key)
                    ),
                )
            })?;
            if value.len() > MAX_METADATA_VALUE_BYTES {
                return Err(Error::invalid(
                    format!("{}.{key}", field("metadata")),
                    format!(
                        "is {} bytes; the bound is {MAX_METADATA_VALUE_BYTES} bytes: store long \
                         text as content, not metadata",
                        value.len()
                    ),
                ));
            }
        }
        Ok(())
    }
}

pub(crate) fn check_content(field: &str, content: &str) -> Result<()> {
    if content.trim().is_empty() {
        return Err(Error::invalid(
            field,
            "is empty: a capsule remembers at least one visible character",
        ));
    }
    if content.len() > MAX_CONTENT_BYTES {
        return Err(Error::invalid(
            field,
            format!(
                "is {} bytes; the bound is {MAX_CONTENT_BYTES} bytes of UTF-8: split the text \
                 into several capsules",
                content.len()
            ),
        ));
    }
    Ok(())
}

/// The canonical record as written, borrowing from the request: the same fields as
/// [`Canonical`].
pub(crate) struct CanonicalRef<'a> {
    pub(crate) scope: &'a str,
    pub(crate) content: &'a str,
    pub(crate) origin: Origin,
    pub(crate) created: Timestamp,
    pub(crate) fact_time: Option<FactTime>,
    pub(crate) metadata: &'a BTreeMap<String, String>,
    pub(crate) supersedes: Option<CapsuleId>,
    pub(crate) thread: Option<&'a Thread>,
}

/// The canonical record: frozen once written (C4).
#[derive(Debug, Deserialize)]
pub(crate) struct Canonical {
    pub(crate) scope: String,
    pub(crate) content: String,
    #[serde(default)]
    pub(crate) origin: Origin,
    pub(crate) created: Timestamp,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) fact_time: Option<FactTime>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) metadata: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) supersedes: Option<CapsuleId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) thread: Option<Thread>,
}

/// The lifecycle record: the stored fences. Staleness is derived from `fresh_until` at read time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub(crate) struct Fences {
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) quarantined: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) falsified: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) archived: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) superseded_by: Option<CapsuleId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) fresh_until: Option<Timestamp>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Fences {
    /// Whether any fence is up at `now`.
    pub(crate) fn fenced_at(&self, now: Timestamp) -> bool {
        self.quarantined
            || self.falsified
            || self.archived
            || self.superseded_by.is_some()
            || self.fresh_until.is_some_and(|t| t < now)
    }

    pub(crate) fn read_at(&self, now: Timestamp) -> Lifecycle {
        Lifecycle {
            quarantined: self.quarantined,
            falsified: self.falsified,
            archived: self.archived,
            superseded_by: self.superseded_by,
            fresh_until: self.fresh_until,
            stale: self.fresh_until.is_some_and(|t| t < now),
        }
    }

    /// Applies `change` to `id`'s fences, or says why it makes no sense.
    fn apply(&mut self, id: CapsuleId, change: LifecycleChange) -> Result<()> {
        let refuse = |message: String| Err(Error::FailedPrecondition { message });
        match change {
            LifecycleChange::Quarantine if self.quarantined => refuse(format!(
                "{id} is already quarantined: release it first to quarantine it again"
            )),
            LifecycleChange::Quarantine => {
                self.quarantined = true;
                Ok(())
            }
            LifecycleChange::Release if !self.quarantined => refuse(format!(
                "{id} is not quarantined: there is nothing to release"
            )),
            LifecycleChange::Release => {
                self.quarantined = false;
                Ok(())
            }
            LifecycleChange::Falsify if self.falsified => refuse(format!(
                "{id} is already falsified; a falsification is final: write a new capsule to \
                 remember something else"
            )),
            LifecycleChange::Falsify => {
                self.falsified = true;
                Ok(())
            }
            LifecycleChange::Archive if self.archived => {
                refuse(format!("{id} is already archived"))
            }
            LifecycleChange::Archive => {
                self.archived = true;
                Ok(())
            }
            LifecycleChange::Unarchive if !self.archived => refuse(format!(
                "{id} is not archived: there is nothing to unarchive"
            )),
            LifecycleChange::Unarchive => {
                self.archived = false;
                Ok(())
            }
            LifecycleChange::FreshUntil(t) if self.fresh_until == Some(t) => {
                refuse(format!("{id} is already fresh until {t}"))
            }
            LifecycleChange::FreshUntil(t) => {
                self.fresh_until = Some(t);
                Ok(())
            }
            LifecycleChange::ClearFreshness if self.fresh_until.is_none() => {
                refuse(format!("{id} has no freshness deadline to clear"))
            }
            LifecycleChange::ClearFreshness => {
                self.fresh_until = None;
                Ok(())
            }
        }
    }
}

/// Runs a term-index call, turning its errors into [`Error::Storage`] so that no component type
/// reaches the public API.
pub(crate) fn term<T>(r: kenning_term::Result<T>) -> Result<T> {
    r.map_err(|e| Error::Storage {
        message: e.to_string(),
        source: Some(Box::new(e)),
    })
}

pub(crate) fn unknown(id: CapsuleId) -> Error {
    Error::UnknownCapsule { id }
}

/// Reads the canonical record of `id`, if stored.
pub(crate) fn canonical(
    table: &impl ReadableTable<u64, &'static [u8]>,
    id: CapsuleId,
) -> Result<Option<Canonical>> {
    match table.get(id.get()).db()? {
        Some(v) => Ok(Some(canon::canonical(v.value())?)),
        None => Ok(None),
    }
}

/// Reads the head of `id`'s canonical record (everything but its content and metadata), if
/// stored, without decoding the content.
pub(crate) fn head(
    table: &impl ReadableTable<u64, &'static [u8]>,
    id: CapsuleId,
) -> Result<Option<Head>> {
    match table.get(id.get()).db()? {
        Some(v) => Ok(Some(canon::head(v.value())?)),
        None => Ok(None),
    }
}

/// Reads the fences of `id` (all down when it has no lifecycle record).
pub(crate) fn fences(
    table: &impl ReadableTable<u64, &'static [u8]>,
    id: CapsuleId,
) -> Result<Fences> {
    match table.get(id.get()).db()? {
        Some(v) => canon::fences(v.value()),
        None => Ok(Fences::default()),
    }
}

/// The canonical record of `id` if it exists in a scope `who` reaches; otherwise the same
/// [`Error::UnknownCapsule`] either way.
pub(crate) fn reached(
    capsules: &impl ReadableTable<u64, &'static [u8]>,
    scopes: &impl ReadableTable<&'static str, &'static [u8]>,
    who: &Principal,
    id: CapsuleId,
) -> Result<Canonical> {
    let Some(c) = canonical(capsules, id)? else {
        return Err(unknown(id));
    };
    match scope::get(scopes, &c.scope)? {
        Some(s) if who.reaches(s.kind, &s.id) => Ok(c),
        _ => Err(unknown(id)),
    }
}

/// [`reached`] reading only the head of the record.
pub(crate) fn reached_head(
    capsules: &impl ReadableTable<u64, &'static [u8]>,
    scopes: &impl ReadableTable<&'static str, &'static [u8]>,
    who: &Principal,
    id: CapsuleId,
) -> Result<Head> {
    let Some(h) = head(capsules, id)? else {
        return Err(unknown(id));
    };
    match scope::get(scopes, &h.scope)? {
        Some(s) if who.reaches(s.kind, &s.id) => Ok(h),
        _ => Err(unknown(id)),
    }
}

pub(crate) fn assemble(id: CapsuleId, c: Canonical, f: &Fences, now: Timestamp) -> Capsule {
    Capsule {
        id,
        scope: c.scope,
        content: c.content,
        origin: c.origin,
        created: c.created,
        fact_time: c.fact_time,
        metadata: c.metadata,
        supersedes: c.supersedes,
        thread: c.thread,
        lifecycle: f.read_at(now),
        classification: None,
        epistemics: None,
    }
}

/// Writes `id`'s lifecycle record (removes it when every fence is down) and stages the change
/// for the fence index: the one place that writes the record.
fn write_fences(w: &mut Write<'_>, id: CapsuleId, f: &Fences) -> Result<()> {
    let mut table = w.txn.open_table(LIFECYCLE).db()?;
    if *f == Fences::default() {
        table.remove(id.get()).db()?;
        w.fences.insert(id.get(), None);
    } else {
        table
            .insert(id.get(), canon::encode_fences(f).as_slice())
            .db()?;
        w.fences.insert(id.get(), Some(Up::of(f)));
    }
    Ok(())
}

/// Writes already-checked capsules in `txn`: ids, canonical records, fences, scope listing and
/// term index. Every scope must have been reached by the caller.
fn write_new(
    w: &mut Write<'_>,
    capsules: &[NewCapsule],
    supersedes: Option<CapsuleId>,
) -> Result<Vec<CapsuleId>> {
    let (txn, now) = (w.txn, w.now);
    let mut meta = txn.open_table(META).db()?;
    let first = meta.get(NEXT_ID).db()?.map_or(1, |v| v.value());
    let count = u64::try_from(capsules.len()).unwrap_or(u64::MAX);
    let next = first.checked_add(count).ok_or_else(|| Error::Storage {
        message: "capsule ids are exhausted".into(),
        source: None,
    })?;
    meta.insert(NEXT_ID, next).db()?;

    let mut canon = txn.open_table(CAPSULES).db()?;
    let mut listing = txn.open_table(SCOPE_CAPSULES).db()?;
    let mut ids = Vec::with_capacity(capsules.len());
    let mut by_scope: BTreeMap<&str, Vec<(u64, &str)>> = BTreeMap::new();
    for (n, c) in (first..).zip(capsules) {
        let id = CapsuleId(n);
        let bytes = canon::encode_canonical(&CanonicalRef {
            scope: &c.scope,
            content: &c.content,
            origin: c.origin,
            created: now,
            fact_time: c.fact_time,
            metadata: &c.metadata,
            supersedes,
            thread: c.thread.as_ref(),
        })?;
        canon.insert(n, bytes.as_slice()).db()?;
        if let Some(t) = &c.thread {
            thread::index(txn, &c.scope, n, t)?;
        }
        listing.insert((c.scope.as_str(), n), ()).db()?;
        if let Some(deadline) = c.fresh_until {
            write_fences(
                w,
                id,
                &Fences {
                    fresh_until: Some(deadline),
                    ..Fences::default()
                },
            )?;
        }
        by_scope
            .entry(c.scope.as_str())
            .or_default()
            .push((n, c.content.as_str()));
        ids.push(id);
    }
    drop((canon, listing, meta));
    // Every scope at once, so that the term index writes its document records in id order.
    let batch: Vec<(&str, &[(u64, &str)])> = by_scope
        .iter()
        .map(|(scope, docs)| (*scope, docs.as_slice()))
        .collect();
    term(TERM_INDEX.insert_scopes(txn, &batch))?;
    Ok(ids)
}

/// The bytes a capsule carries in: its content and its metadata keys and values.
pub(crate) fn payload_bytes(c: &NewCapsule) -> usize {
    c.content.len()
        + c.metadata
            .iter()
            .map(|(k, v)| k.len() + v.len())
            .sum::<usize>()
}

/// Refuses a call whose payload is over [`MAX_CALL_BYTES`].
pub(crate) fn check_call_bytes(field: &str, bytes: usize) -> Result<()> {
    if bytes > MAX_CALL_BYTES {
        return Err(Error::invalid(
            field,
            format!(
                "carry {bytes} bytes in one call; the bound is {MAX_CALL_BYTES} bytes \
                 (MAX_CALL_BYTES, 64 MiB of content, metadata and vectors): split the call"
            ),
        ));
    }
    Ok(())
}

/// Checks a batch of new capsules: its size and every capsule, with field paths naming each.
pub(crate) fn check_batch(capsules: &[NewCapsule]) -> Result<()> {
    if capsules.len() > MAX_BATCH {
        return Err(Error::invalid(
            "capsules",
            format!(
                "{} capsules in one batch; the bound is {MAX_BATCH}: split the batch",
                capsules.len()
            ),
        ));
    }
    for (i, c) in capsules.iter().enumerate() {
        c.check(&format!("capsules[{i}]"))?;
    }
    check_call_bytes("capsules", capsules.iter().map(payload_bytes).sum())
}

/// Writes already-checked capsules in `txn` after checking `who`'s reach over every scope they
/// name.
pub(crate) fn put_checked(
    w: &mut Write<'_>,
    who: &Principal,
    capsules: &[NewCapsule],
) -> Result<Vec<CapsuleId>> {
    let scopes = w.txn.open_table(SCOPES).db()?;
    // A set, not a list: a batch over a thousand scopes would compare every capsule's scope
    // with every scope seen before it.
    let mut seen: HashSet<&str> = HashSet::new();
    for c in capsules {
        if seen.insert(&c.scope) {
            scope::reach(&scopes, who, &c.scope)?;
        }
    }
    drop(scopes);
    write_new(w, capsules, None)
}

/// Removes everything of capsule `id` of `scope`, its canonical record included: the one place
/// that does (C7). The embedding's removal is staged in `w`, for the derived vectors.
pub(crate) fn erase(w: &mut Write<'_>, id: CapsuleId, scope: &str) -> Result<()> {
    let txn = w.txn;
    if let Some(t) = head(&txn.open_table(CAPSULES).db()?, id)?.and_then(|h| h.thread) {
        thread::unindex(txn, scope, id.get(), &t)?;
    }
    txn.open_table(CAPSULES).db()?.remove(id.get()).db()?;
    if txn
        .open_table(LIFECYCLE)
        .db()?
        .remove(id.get())
        .db()?
        .is_some()
    {
        w.fences.insert(id.get(), None);
    }
    txn.open_table(SCOPE_CAPSULES)
        .db()?
        .remove((scope, id.get()))
        .db()?;
    term(TERM_INDEX.remove(txn, id.get()))?;
    kenning_vector::remove(txn, &mut w.vectors, scope, id.get())?;
    // Sidecars keyed by capsule id are removed here, next to the index entries.
    crate::classification::erase(txn, id)?;
    crate::entity::erase(txn, id, scope)?;
    Ok(())
}

/// A write step: checked before any transaction begins, run inside one (a one-call method's,
/// or a [`Transaction`](crate::Transaction)'s).
pub(crate) type Step<'a, T> = Box<dyn FnOnce(&mut Write<'_>) -> Result<T> + 'a>;

/// [`Kenning::put`] as a step.
pub(crate) fn put<'a>(who: &'a Principal, capsule: &'a NewCapsule) -> Result<Step<'a, CapsuleId>> {
    who.require(Permission::MemoryWrite, "write a capsule")?;
    capsule.check("")?;
    Ok(Box::new(move |w| {
        scope::reach(&w.txn.open_table(SCOPES).db()?, who, &capsule.scope)?;
        let ids = write_new(w, std::slice::from_ref(capsule), None)?;
        ids.first().copied().ok_or_else(|| Error::Storage {
            message: "a put wrote no capsule".into(),
            source: None,
        })
    }))
}

/// [`Kenning::put_batch`] as a step.
pub(crate) fn put_batch<'a>(
    who: &'a Principal,
    capsules: &'a [NewCapsule],
) -> Result<Step<'a, Vec<CapsuleId>>> {
    who.require(Permission::MemoryWrite, "write capsules")?;
    check_batch(capsules)?;
    Ok(Box::new(move |w| put_checked(w, who, capsules)))
}

/// [`Kenning::forget`] as a step.
pub(crate) fn forget(who: &Principal, id: CapsuleId) -> Result<Step<'_, ()>> {
    who.require(Permission::MemoryWrite, "forget a capsule")?;
    Ok(Box::new(move |w| {
        let c = reached_head(
            &w.txn.open_table(CAPSULES).db()?,
            &w.txn.open_table(SCOPES).db()?,
            who,
            id,
        )?;
        erase(w, id, &c.scope)?;
        audit::append(
            w.txn,
            w.now,
            who,
            "capsule.forget",
            &id.to_string(),
            serde_json::json!({ "scope": c.scope }),
        )?;
        Ok(())
    }))
}

/// [`Kenning::supersede`] as a step.
pub(crate) fn supersede<'a>(
    who: &'a Principal,
    old: CapsuleId,
    replacement: &'a NewCapsule,
) -> Result<Step<'a, CapsuleId>> {
    who.require(Permission::MemoryWrite, "supersede a capsule")?;
    replacement.check("replacement")?;
    Ok(Box::new(move |w| {
        let (txn, now) = (w.txn, w.now);
        let c = reached_head(
            &txn.open_table(CAPSULES).db()?,
            &txn.open_table(SCOPES).db()?,
            who,
            old,
        )?;
        if c.scope != replacement.scope {
            return Err(Error::invalid(
                "replacement.scope",
                format!(
                    "is {:?} but {old} lives in {:?}: a replacement stays in the scope of \
                         what it replaces",
                    replacement.scope, c.scope
                ),
            ));
        }
        let mut f = fences(&txn.open_table(LIFECYCLE).db()?, old)?;
        if let Some(by) = f.superseded_by {
            return Err(Error::FailedPrecondition {
                message: format!("{old} is already superseded by {by}: supersede {by} instead"),
            });
        }
        // A replacement that declares no thread takes the place of what it replaces.
        let inherited;
        let replacement = match (&replacement.thread, &c.thread) {
            (None, Some(t)) => {
                inherited = NewCapsule {
                    thread: Some(t.clone()),
                    ..replacement.clone()
                };
                &inherited
            }
            _ => replacement,
        };
        let ids = write_new(w, std::slice::from_ref(replacement), Some(old))?;
        let new = ids.first().copied().ok_or_else(|| Error::Storage {
            message: "a supersede wrote no capsule".into(),
            source: None,
        })?;
        f.superseded_by = Some(new);
        write_fences(w, old, &f)?;
        audit::append(
            txn,
            now,
            who,
            "capsule.supersede",
            &old.to_string(),
            serde_json::json!({ "scope": c.scope, "by": new }),
        )?;
        Ok(new)
    }))
}

/// [`Kenning::change_lifecycle`] as a step.
pub(crate) fn change_lifecycle(
    who: &Principal,
    id: CapsuleId,
    change: LifecycleChange,
) -> Result<Step<'_, Lifecycle>> {
    who.require(Permission::MemoryWrite, "change a capsule's lifecycle")?;
    Ok(Box::new(move |w| {
        let (txn, now) = (w.txn, w.now);
        let c = reached_head(
            &txn.open_table(CAPSULES).db()?,
            &txn.open_table(SCOPES).db()?,
            who,
            id,
        )?;
        let mut f = fences(&txn.open_table(LIFECYCLE).db()?, id)?;
        f.apply(id, change)?;
        write_fences(w, id, &f)?;
        let detail = match change {
            LifecycleChange::FreshUntil(t) => {
                serde_json::json!({ "scope": c.scope, "fresh_until": t.to_string() })
            }
            _ => serde_json::json!({ "scope": c.scope }),
        };
        audit::append(txn, now, who, change.action(), &id.to_string(), detail)?;
        Ok(f.read_at(now))
    }))
}

impl Kenning {
    /// Writes one capsule and indexes its content, in one transaction. Returns its id.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the capsule's scope. Not audited (see
    /// the [crate docs](crate#capsules-and-recall)).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for blank or oversized content, an invalid scope id, metadata
    /// key or value, or a fact time whose `valid_from` is after its `valid_until`;
    /// [`Error::PermissionDenied`]; [`Error::NotFound`] for an unknown or unreached scope;
    /// [`Error::Storage`].
    pub fn put(&self, who: &Principal, capsule: &NewCapsule) -> Result<CapsuleId> {
        self.write(put(who, capsule)?)
    }

    /// Writes several capsules in one transaction: all of them, or none. Returns their ids in
    /// the order given. The capsules may name different scopes.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over every scope named.
    ///
    /// # Errors
    /// As [`put`](Self::put), with field paths naming the capsule (`capsules[3].content`);
    /// [`Error::InvalidArgument`] for more than [`MAX_BATCH`] capsules.
    pub fn put_batch(&self, who: &Principal, capsules: &[NewCapsule]) -> Result<Vec<CapsuleId>> {
        if capsules.is_empty() {
            // Checked all the same, so that an empty batch is refused to a principal who may not
            // write; but no transaction is begun for nothing.
            return put_batch(who, capsules).map(|_| Vec::new());
        }
        self.write(put_batch(who, capsules)?)
    }

    /// The capsule `id`, with its lifecycle read now (C7).
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the capsule's scope.
    ///
    /// # Errors
    /// [`Error::UnknownCapsule`] when no such capsule exists (never written, or forgotten) or
    /// its scope is not reached, indistinguishably; [`Error::PermissionDenied`];
    /// [`Error::Storage`].
    pub fn capsule(&self, who: &Principal, id: CapsuleId) -> Result<Capsule> {
        self.snapshot(who)?.capsule(id)
    }

    /// Up to `limit` capsules of `scope` with an id above `after` (all when `None`), in id
    /// order, fenced ones included. Page by passing the last id seen.
    ///
    /// Needs [`Permission::MemoryRead`] and reach over `scope`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a limit of 0 or above [`MAX_PAGE`] or a malformed scope id;
    /// [`Error::PermissionDenied`]; [`Error::NotFound`] for an unknown or unreached scope;
    /// [`Error::Storage`].
    pub fn capsules(
        &self,
        who: &Principal,
        scope_id: &str,
        after: Option<CapsuleId>,
        limit: usize,
    ) -> Result<Vec<Capsule>> {
        self.snapshot(who)?.capsules(scope_id, after, limit)
    }

    /// Forgets capsule `id`: removes its record, its lifecycle, its index entries and every
    /// sidecar, in one audited transaction (C7). The id is never handed out again.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the capsule's scope.
    ///
    /// # Errors
    /// [`Error::UnknownCapsule`] (also for a capsule already forgotten),
    /// [`Error::PermissionDenied`], [`Error::Storage`].
    pub fn forget(&self, who: &Principal, id: CapsuleId) -> Result<()> {
        self.write(forget(who, id)?)
    }

    /// Replaces capsule `old` with `replacement` (C4): writes the replacement, which records
    /// that it supersedes `old`, and fences `old` as superseded by it, in one audited
    /// transaction. Returns the replacement's id.
    ///
    /// The replacement must name `old`'s scope. Needs [`Permission::MemoryWrite`] and reach.
    ///
    /// # Errors
    /// As [`put`](Self::put), plus [`Error::UnknownCapsule`] for `old`,
    /// [`Error::InvalidArgument`] when the replacement names another scope, and
    /// [`Error::FailedPrecondition`] when `old` is already superseded.
    pub fn supersede(
        &self,
        who: &Principal,
        old: CapsuleId,
        replacement: &NewCapsule,
    ) -> Result<CapsuleId> {
        self.write(supersede(who, old, replacement)?)
    }

    /// Applies a lifecycle change to capsule `id` (C5), audited, and returns the lifecycle as it
    /// now reads.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the capsule's scope.
    ///
    /// # Errors
    /// [`Error::UnknownCapsule`]; [`Error::FailedPrecondition`] for a change that makes no
    /// sense in the capsule's state (see the [crate docs](crate#capsules-and-recall)), writing nothing;
    /// [`Error::PermissionDenied`]; [`Error::Storage`].
    pub fn change_lifecycle(
        &self,
        who: &Principal,
        id: CapsuleId,
        change: LifecycleChange,
    ) -> Result<Lifecycle> {
        self.write(change_lifecycle(who, id, change)?)
    }
}

impl Snapshot {
    /// [`Kenning::capsule`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::capsule`].
    pub fn capsule(&self, id: CapsuleId) -> Result<Capsule> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "read a capsule")?;
            let c = reached(
                &txn.open_table(CAPSULES).db()?,
                &txn.open_table(SCOPES).db()?,
                who,
                id,
            )?;
            let f = fences(&txn.open_table(LIFECYCLE).db()?, id)?;
            let mut capsule = assemble(id, c, &f, Timestamp::now());
            Sidecars::open(txn)?.fill(&mut capsule)?;
            Ok(capsule)
        })
    }

    /// [`Kenning::capsules`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::capsules`].
    pub fn capsules(
        &self,
        scope_id: &str,
        after: Option<CapsuleId>,
        limit: usize,
    ) -> Result<Vec<Capsule>> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "list capsules")?;
            if limit == 0 || limit > MAX_PAGE {
                return Err(Error::invalid(
                    "limit",
                    format!("is {limit}; give 1 to {MAX_PAGE} and page with `after`"),
                ));
            }
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let listing = txn.open_table(SCOPE_CAPSULES).db()?;
            let canon = txn.open_table(CAPSULES).db()?;
            let lifecycle = txn.open_table(LIFECYCLE).db()?;
            let now = Timestamp::now();
            let Some(start) = after.map_or(Some(0), |a| a.get().checked_add(1)) else {
                return Ok(Vec::new());
            };
            let mut out = Vec::new();
            for entry in listing
                .range((scope_id, start)..=(scope_id, u64::MAX))
                .db()?
                .take(limit)
            {
                let (key, _) = entry.db()?;
                let id = CapsuleId(key.value().1);
                let Some(c) = canonical(&canon, id)? else {
                    return Err(Error::Storage {
                        message: format!(
                            "{id} is listed in scope {scope_id:?} but has no record: the store is \
                         corrupt; restore it from a backup"
                        ),
                        source: None,
                    });
                };
                out.push(assemble(id, c, &fences(&lifecycle, id)?, now));
            }
            let sidecars = Sidecars::open(txn)?;
            for capsule in &mut out {
                sidecars.fill(capsule)?;
            }
            Ok(out)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scope::ScopeKind;
    use redb::TableHandle as _;

    #[test]
    fn c6_dropping_the_index_sidecar_loses_no_canonical_byte() {
        let dir = tempfile::tempdir().unwrap();
        let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
        let ops = Principal::operator("ops");
        kn.register_scope(&ops, "s", ScopeKind::Agent).unwrap();
        let ids = kn
            .put_batch(
                &ops,
                &[
                    NewCapsule::new("s", "first memory")
                        .meta("k", "v")
                        .fact_time(FactTime::at(Timestamp::from_millis(7))),
                    NewCapsule::new("s", "second memory").origin(Origin::ToolObservation),
                ],
            )
            .unwrap();
        kn.change_lifecycle(&ops, ids[1], LifecycleChange::Archive)
            .unwrap();
        let before = kn.capsules(&ops, "s", None, 10).unwrap();

        kn.write(|w| {
            let txn = w.txn;
            let sidecars: Vec<_> = txn
                .list_tables()
                .unwrap()
                .filter(|t| t.name().starts_with("term."))
                .collect();
            assert!(
                sidecars.len() >= 4,
                "the term index keeps tables of its own"
            );
            for table in sidecars {
                assert!(txn.delete_table(table).unwrap());
            }
            Ok(())
        })
        .unwrap();
        let read = kn.read().unwrap();
        assert!(
            read.list_tables()
                .unwrap()
                .all(|t| !t.name().starts_with("term."))
        );
        drop(read);

        let after = kn.capsules(&ops, "s", None, 10).unwrap();
        assert_eq!(after, before);
    }

    #[test]
    fn a_call_may_carry_max_call_bytes_and_not_one_more() {
        assert!(check_call_bytes("capsules", MAX_CALL_BYTES).is_ok());
        let err = check_call_bytes("capsules", MAX_CALL_BYTES + 1).unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("capsules: carry 67108865 bytes"), "{msg}");
        assert!(
            msg.contains("MAX_CALL_BYTES") && msg.contains("split the call"),
            "{msg}"
        );
        let c = NewCapsule::new("s", "héllo").meta("k", "vv");
        assert_eq!(payload_bytes(&c), 6 + 1 + 2);
    }

    #[test]
    fn a_batch_over_the_call_bound_is_refused_before_anything_is_written() {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("ops");
        kn.register_scope(&ops, "s", ScopeKind::Agent).unwrap();
        // 2,049 capsules of 32 KiB: 64 MiB and 32 KiB, each capsule within its own bound.
        let big = "x".repeat(MAX_CONTENT_BYTES);
        let batch: Vec<NewCapsule> = (0..2049).map(|_| NewCapsule::new("s", &big)).collect();
        let err = kn.put_batch(&ops, &batch).unwrap_err();
        assert!(err.to_string().contains("MAX_CALL_BYTES"), "{err}");
        assert!(kn.capsules(&ops, "s", None, 10).unwrap().is_empty());
        let vectors = vec![vec![1.0_f32; 4096]; 4097];
        let pairs: Vec<(CapsuleId, &[f32])> = vectors
            .iter()
            .enumerate()
            .map(|(i, v)| (CapsuleId::new(i as u64 + 1), v.as_slice()))
            .collect();
        let err = kn.attach_embeddings(&ops, &pairs, "m").unwrap_err();
        assert!(err.to_string().starts_with("embeddings: carry"), "{err}");
    }

    #[test]
    fn capsule_ids_display_parse_and_serialize_canonically() {
        for n in [0, 1, 12, u64::MAX] {
            let id = CapsuleId::new(n);
            assert_eq!(id.to_string().parse::<CapsuleId>().unwrap(), id);
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(json, format!("\"cap-{n}\""));
            assert_eq!(serde_json::from_str::<CapsuleId>(&json).unwrap(), id);
        }
        for bad in [
            "",
            "cap-",
            "cap-01",
            "cap-+1",
            "cap--1",
            "cap-1x",
            "12",
            "Cap-1",
            "cap-18446744073709551616",
        ] {
            assert!(bad.parse::<CapsuleId>().is_err(), "{bad:?}");
        }
        assert!(serde_json::from_str::<CapsuleId>("12").is_err());
    }

    #[test]
    fn fact_time_overlap_is_inclusive_and_open_bounds_reach_forever() {
        let t = Timestamp::from_millis;
        let ft = FactTime::between(t(10), t(20));
        assert!(ft.overlaps(Some(t(20)), Some(t(30))));
        assert!(ft.overlaps(Some(t(0)), Some(t(10))));
        assert!(!ft.overlaps(Some(t(21)), None));
        assert!(!ft.overlaps(None, Some(t(9))));
        assert!(FactTime::since(t(10)).overlaps(Some(t(1000)), None));
        assert!(!FactTime::until(t(10)).overlaps(Some(t(11)), Some(t(12))));
        assert!(FactTime::at(t(5)).check("f").is_ok());
        assert!(FactTime::between(t(6), t(5)).check("f").is_err());
    }

    #[test]
    fn c5_senseless_transitions_are_refused() {
        let id = CapsuleId::new(1);
        let mut f = Fences::default();
        assert!(f.apply(id, LifecycleChange::Release).is_err());
        assert!(f.apply(id, LifecycleChange::Unarchive).is_err());
        assert!(f.apply(id, LifecycleChange::ClearFreshness).is_err());
        f.apply(id, LifecycleChange::Quarantine).unwrap();
        assert!(f.apply(id, LifecycleChange::Quarantine).is_err());
        f.apply(id, LifecycleChange::Falsify).unwrap();
        let err = f.apply(id, LifecycleChange::Falsify).unwrap_err();
        assert!(err.to_string().contains("final"), "{err}");
        let t = Timestamp::from_millis(5);
        f.apply(id, LifecycleChange::FreshUntil(t)).unwrap();
        assert!(f.apply(id, LifecycleChange::FreshUntil(t)).is_err());
        assert!(f.fenced_at(Timestamp::from_millis(0)));
    }
}
