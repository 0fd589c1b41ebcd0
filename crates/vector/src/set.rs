//! The in-memory copy of every scope's vectors as of one committed state.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use redb::{ReadTransaction, ReadableTable, WriteTransaction};

use crate::embedding::{Embedding, Query};
use kenning_table::DbResult;

use crate::block::View;
use crate::error::{Error, Result};
use crate::fusion::LaneHit;
use crate::record::{self, EmbeddingRecord};
use crate::scan::ScopeVectors;
use crate::store::{self, BLOCKS, META, Op, QUERY_FIX, Resident, Staged};

/// The scan-friendly copy of the sidecar as one committed state has it: one [`ScopeVectors`]
/// per scope that has embeddings, and the resident embedder.
///
/// # A value, not a live index
///
/// A `VectorSet` never changes once built. Its owner keeps one per committed state it serves
/// and hands each reader the one that belongs to the reader's transaction:
///
/// - [`load`](Self::load) builds it from the tables as a read transaction sees them, and
///   [`load_in`](Self::load_in) as a write transaction sees them (its own changes included);
/// - [`with`](Self::with) derives the copy of the state a write transaction is about to commit
///   from the copy of the state it began on and the transaction's [`Staged`] change-set. It
///   cannot fail, so the owner builds it **before** committing and only publishes it after.
///
/// Deriving shares everything the change-set did not touch: untouched scopes are the same
/// `Arc`, and inside a touched scope only the chunks holding changed rows are copied (see
/// [`ScopeVectors`]). A reader holding an older set keeps exactly what it had, however many
/// sets are derived after it; memory held by a set is freed when its last holder drops it.
#[derive(Debug, Clone, Default)]
pub struct VectorSet {
    resident: Option<Resident>,
    scopes: HashMap<Arc<str>, Arc<ScopeVectors>>,
}

impl VectorSet {
    /// A set of these scopes (each non-empty, of the resident's dimension).
    pub(crate) fn from_parts(
        resident: Option<Resident>,
        scopes: Vec<(Arc<str>, Arc<ScopeVectors>)>,
    ) -> Self {
        Self {
            resident,
            scopes: scopes.into_iter().collect(),
        }
    }

    /// The copy of the sidecar as `txn` sees it. Tables that do not exist yet read as empty.
    ///
    /// # Errors
    /// [`Error::Storage`], also for a record this build cannot read.
    pub fn load(txn: &ReadTransaction) -> Result<Self> {
        let resident = match store::open_read(txn, META)? {
            Some(meta) => store::read_resident(&meta)?,
            None => None,
        };
        match store::Layout::of(txn)? {
            store::Layout::Blocks { blocks, .. } => Self::from_blocks(resident, &blocks),
            store::Layout::Legacy { embeddings } => Self::from_records(resident, &embeddings),
            store::Layout::None => Ok(Self::from_parts(resident, Vec::new())),
        }
    }

    /// The copy of the sidecar as the write transaction `txn` sees it, its own changes included.
    ///
    /// # Errors
    /// As [`load`](Self::load).
    pub fn load_in(txn: &WriteTransaction) -> Result<Self> {
        let resident = store::read_resident(&txn.open_table(META).db()?)?;
        Self::from_blocks(resident, &txn.open_table(BLOCKS).db()?)
    }

    /// The copy built from every block, scope by scope, in append order.
    fn from_blocks(
        resident: Option<Resident>,
        blocks: &impl ReadableTable<(&'static str, u64), &'static [u8]>,
    ) -> Result<Self> {
        let mut builder = Builder::new(resident);
        for row in blocks.iter().db()? {
            let (key, value) = row.db()?;
            let (scope, _) = key.value();
            for entry in View::new(value.value())?.vectors() {
                let (_, capsule, embedding) = entry?;
                builder.push(scope, capsule, embedding)?;
            }
        }
        Ok(builder.finish())
    }

    /// The copy built from the one-record-per-embedding table of a store before format 5.
    fn from_records(
        resident: Option<Resident>,
        embeddings: &impl ReadableTable<(&'static str, u64), &'static [u8]>,
    ) -> Result<Self> {
        let mut builder = Builder::new(resident);
        for row in embeddings.iter().db()? {
            let (key, value) = row.db()?;
            let (scope, capsule) = key.value();
            let embedding = EmbeddingRecord::decode(value.value())?.embedding;
            builder.push(scope, capsule, embedding)?;
        }
        Ok(builder.finish())
    }

    /// The copy of the state a write transaction commits: `self` (the copy of the state it
    /// began on) with its change-set applied. Untouched scopes and chunks are shared.
    #[must_use]
    pub fn with(&self, staged: Staged) -> Self {
        if staged.ops.is_empty() && staged.resident.is_none() {
            return self.clone();
        }
        // Collapse the change-set to each capsule's final state, per scope.
        let mut clear = false;
        let mut changes: HashMap<String, BTreeMap<u64, Option<Embedding>>> = HashMap::new();
        for op in staged.ops {
            match op {
                Op::Clear => {
                    clear = true;
                    changes.clear();
                }
                Op::Put {
                    scope,
                    capsule,
                    embedding,
                } => {
                    changes
                        .entry(scope)
                        .or_default()
                        .insert(capsule, Some(embedding));
                }
                Op::Remove { scope, capsule } => {
                    changes.entry(scope).or_default().insert(capsule, None);
                }
            }
        }
        let resident = match staged.resident {
            Some(r) => r,
            None => self.resident.clone(),
        };
        let mut scopes = if clear {
            HashMap::new()
        } else {
            self.scopes.clone()
        };
        for (scope, delta) in changes {
            let base = scopes.remove(scope.as_str());
            // The resident dimension after the change-set wins: a change-set may remove a
            // store's last embedding (resetting the election) and attach ones of another
            // dimension, in which case every row of the old base is removed by it too.
            let dimension = resident
                .as_ref()
                .map(|r| r.dimension as usize)
                .or_else(|| base.as_ref().map(|b| b.dimension()));
            let Some(dimension) = dimension else {
                // No resident and no vectors: the change-set only removed; nothing to hold.
                continue;
            };
            let base = base
                .filter(|b| b.dimension() == dimension)
                .unwrap_or_else(|| Arc::new(ScopeVectors::empty(dimension)));
            let updated = base.with_changes(&delta);
            if !updated.is_empty() {
                scopes.insert(scope.into(), Arc::new(updated));
            }
        }
        Self { resident, scopes }
    }

    /// The `k` capsules of `scope` whose vectors are most similar to `query`, among those
    /// `keep` accepts, best first with their cosine as score (the vector lane, R2). Ordering,
    /// ties, what is exact and the contract of `keep` are those of
    /// [`ScopeVectors::top_k_with`]; pass the fences (R4) and the fact-time window (R5) as
    /// `keep`. The survivors' `f32` embeddings are read from `txn`, which must see the state
    /// this set is the copy of.
    ///
    /// A scope without embeddings, and a store without any, give no hit: the lane is dormant
    /// until vectors are attached.
    ///
    /// # Errors
    /// [`Error::DimensionMismatch`] when the store has embeddings of another dimension (R3);
    /// [`Error::Storage`], also when `txn` lacks an embedding this set holds.
    pub fn search(
        &self,
        txn: &ReadTransaction,
        scope: &str,
        query: &Query,
        k: usize,
        keep: impl FnMut(u64) -> bool,
    ) -> Result<Vec<LaneHit>> {
        self.check_query(query)?;
        match self.scopes.get(scope) {
            Some(v) => {
                let stored = store::ScopeReader::open(txn, scope)?;
                v.top_k(query, k, keep, |capsule| stored.get(capsule))
            }
            None => Ok(Vec::new()),
        }
    }

    /// R3: a query embedding must have the stored embeddings' dimension. Any query fits a set
    /// without embeddings.
    ///
    /// # Errors
    /// [`Error::DimensionMismatch`].
    pub fn check_query(&self, query: &Query) -> Result<()> {
        match &self.resident {
            Some(resident) => {
                resident.check_dimension("query_embedding", query.dimension(), QUERY_FIX)
            }
            None => Ok(()),
        }
    }

    /// `scope`'s vectors, if it has any.
    #[must_use]
    pub fn scope(&self, scope: &str) -> Option<&Arc<ScopeVectors>> {
        self.scopes.get(scope)
    }

    /// The store's resident embedder, if any embedding is stored.
    #[must_use]
    pub fn resident(&self) -> Option<&Resident> {
        self.resident.as_ref()
    }

    /// The number of vectors across all scopes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.scopes.values().map(|s| s.len()).sum()
    }

    /// Whether no vector is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.scopes.is_empty()
    }

    /// Heap bytes of every scope's vectors (see [`ScopeVectors::heap_bytes`]), counting chunks
    /// shared with other sets too; the scope-id map itself is not counted.
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        self.scopes.values().map(|s| s.heap_bytes()).sum()
    }

    /// Every scope with vectors and its vectors, in no particular order.
    pub fn scopes(&self) -> impl Iterator<Item = (&str, &Arc<ScopeVectors>)> + '_ {
        self.scopes.iter().map(|(k, v)| (&**k, v))
    }
}

/// Builds a [`VectorSet`] from stored vectors met scope by scope (every vector of a scope
/// before the next scope's), checking each against the resident embedder.
struct Builder {
    resident: Option<Resident>,
    scopes: HashMap<Arc<str>, Arc<ScopeVectors>>,
    current: Option<(Arc<str>, ScopeVectors)>,
    /// Rows of the current scope read but not yet quantized: quantized a batch at a time, on
    /// two threads ([`ScopeVectors::push_rows`]), while the tables are read on this one.
    pending: Vec<(u64, Embedding)>,
}

impl Builder {
    /// Rows quantized together: enough to keep two threads busy, about 6 MB of vectors at 384
    /// dimensions.
    const BATCH: usize = 4096;

    fn new(resident: Option<Resident>) -> Self {
        Self {
            resident,
            scopes: HashMap::new(),
            current: None,
            pending: Vec::new(),
        }
    }

    fn push(&mut self, scope: &str, capsule: u64, embedding: Embedding) -> Result<()> {
        let Some(resident) = &self.resident else {
            return Err(Error::corrupt(
                "vector.meta",
                "embeddings are stored but no resident embedder is",
            ));
        };
        if embedding.dimension() != resident.dimension as usize {
            return Err(Error::corrupt(
                record::TABLE,
                format_args!(
                    "capsule {capsule} of scope {scope:?} has {} dimensions, the resident \
                     embedder {}",
                    embedding.dimension(),
                    resident.dimension
                ),
            ));
        }
        if self.current.as_ref().is_none_or(|(s, _)| &**s != scope) {
            self.close_scope();
            self.current = Some((scope.into(), ScopeVectors::empty(embedding.dimension())));
        }
        self.pending.push((capsule, embedding));
        if self.pending.len() >= Self::BATCH {
            self.flush();
        }
        Ok(())
    }

    /// Quantizes the pending rows into the current scope.
    fn flush(&mut self) {
        if let Some((_, vectors)) = &mut self.current {
            vectors.push_rows(&self.pending);
        }
        self.pending.clear();
    }

    fn close_scope(&mut self) {
        self.flush();
        if let Some((s, mut done)) = self.current.take() {
            done.finish_build();
            self.scopes.insert(s, Arc::new(done));
        }
    }

    fn finish(mut self) -> VectorSet {
        self.close_scope();
        VectorSet {
            resident: self.resident,
            scopes: self.scopes,
        }
    }
}
