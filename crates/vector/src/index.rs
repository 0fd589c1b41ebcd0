//! The in-memory copy of every scope's vectors, always equal to what is committed.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};

use redb::{ReadTransaction, ReadableTable};

use crate::embedding::{Embedding, Query};
use crate::error::{DbResult, Error, Result};
use crate::fusion::LaneHit;
use crate::record::{self, EmbeddingRecord};
use crate::scan::ScopeVectors;
use crate::store::{self, Op, QUERY_FIX, Resident, Staged};

/// The scan-friendly copy of the sidecar: one [`ScopeVectors`] per scope that has embeddings,
/// plus the resident embedder.
///
/// # Always equal to what is committed
///
/// - [`open`](Self::open) builds it from the tables, in the read transaction the facade gives.
/// - It changes only through [`WriteGate::apply`], with the [`Staged`] change-set of a write
///   transaction **after that transaction's `commit()` returned `Ok`**. An aborted transaction,
///   or one whose commit failed, has its change-set dropped, and the copy never sees it.
/// - The facade takes the gate with [`lock`](Self::lock) **before** beginning the write
///   transaction and holds it until `apply` returns, so change-sets are applied in commit order.
///   Each change-set also carries the generation its transaction wrote to `vector.meta`; a
///   change-set out of order, or a lost one, is detected: `apply` refuses it, and the index
///   answers [`Error::OutOfStep`] until [`WriteGate::rebuild`] rebuilds it from the tables.
///
/// # Readers never wait for the writer
///
/// Each scope's vectors sit behind an `Arc`. A search clones the `Arc` under a read lock held
/// for a pointer copy, then scans without any lock. `apply` builds the new version of each
/// touched scope beside the old one (sharing untouched chunks) and swaps the pointers under a
/// write lock held for the swap alone. A reader keeps the version it started with.
#[derive(Debug, Default)]
pub struct VectorIndex {
    gate: Mutex<()>,
    state: RwLock<State>,
}

#[derive(Debug, Default)]
struct State {
    generation: u64,
    /// Set when a change-set came out of step: `(index generation, change-set generation)`.
    stale: Option<(u64, u64)>,
    resident: Option<Resident>,
    scopes: HashMap<String, Arc<ScopeVectors>>,
}

/// Exclusive right to change a [`VectorIndex`], held by the facade from before it begins a
/// write transaction that touches embeddings until it has applied that transaction's
/// change-set.
#[derive(Debug)]
#[must_use = "hold the gate across begin, commit and apply"]
pub struct WriteGate<'a> {
    index: &'a VectorIndex,
    _exclusive: MutexGuard<'a, ()>,
}

impl VectorIndex {
    /// Builds the copy from the tables as `txn` sees them. Tables that do not exist yet read as
    /// empty.
    ///
    /// # Errors
    /// [`Error::Storage`], also for a record this build cannot read.
    pub fn open(txn: &ReadTransaction) -> Result<Self> {
        let index = Self::default();
        index.lock().rebuild(txn)?;
        Ok(index)
    }

    /// Takes the write gate, waiting for another writer to finish. See the type docs.
    pub fn lock(&self) -> WriteGate<'_> {
        WriteGate {
            index: self,
            _exclusive: self.gate.lock().unwrap_or_else(PoisonError::into_inner),
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The `k` capsules of `scope` whose vectors are most similar to `query`, among those
    /// `keep` accepts, best first with their cosine as score (the vector lane, R2). Ordering,
    /// ties and the contract of `keep` are those of [`ScopeVectors::top_k_with`]; pass the
    /// fences (R4) and the fact-time window (R5) as `keep`.
    ///
    /// A scope without embeddings, and a store without any, give no hit: the lane is dormant
    /// until vectors are attached.
    ///
    /// # Errors
    /// [`Error::DimensionMismatch`] when the store has embeddings of another dimension (R3),
    /// [`Error::OutOfStep`] when the copy needs a rebuild.
    pub fn search(
        &self,
        scope: &str,
        query: &Query,
        k: usize,
        keep: impl FnMut(u64) -> bool,
    ) -> Result<Vec<LaneHit>> {
        let vectors = {
            let state = self.read();
            if let Some((index, staged)) = state.stale {
                return Err(Error::OutOfStep { index, staged });
            }
            let Some(resident) = &state.resident else {
                return Ok(Vec::new());
            };
            resident.check_dimension("query_embedding", query.dimension(), QUERY_FIX)?;
            state.scopes.get(scope).cloned()
        };
        match vectors {
            Some(v) => v.top_k(query, k, keep),
            None => Ok(Vec::new()),
        }
    }

    /// A snapshot of `scope`'s vectors, if it has any.
    #[must_use]
    pub fn scope(&self, scope: &str) -> Option<Arc<ScopeVectors>> {
        self.read().scopes.get(scope).cloned()
    }

    /// The store's resident embedder, if any embedding is stored.
    #[must_use]
    pub fn resident(&self) -> Option<Resident> {
        self.read().resident.clone()
    }

    /// The sidecar generation the copy reflects: the number of committed sidecar writes.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.read().generation
    }

    /// The number of vectors across all scopes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.read().scopes.values().map(|s| s.len()).sum()
    }

    /// Whether no vector is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Heap bytes of every scope's vectors (see [`ScopeVectors::heap_bytes`]); the scope-id
    /// map itself is not counted.
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        self.read().scopes.values().map(|s| s.heap_bytes()).sum()
    }
}

impl WriteGate<'_> {
    /// Applies a committed transaction's change-set. Call it only after `commit()` returned
    /// `Ok`, with the gate held since before the transaction began.
    ///
    /// # Errors
    /// [`Error::OutOfStep`] when the change-set is not the next one in commit order (or the
    /// copy is already out of step); nothing is applied and every search fails the same way
    /// until [`rebuild`](Self::rebuild).
    pub fn apply(&mut self, staged: Staged) -> Result<()> {
        let Some(generation) = staged.generation else {
            return Ok(());
        };
        let (current, stale) = {
            let state = self.index.read();
            (state.generation, state.stale)
        };
        if let Some((index, _)) = stale {
            return Err(Error::OutOfStep {
                index,
                staged: generation,
            });
        }
        if current.checked_add(1) != Some(generation) {
            let mut state = self
                .index
                .state
                .write()
                .unwrap_or_else(PoisonError::into_inner);
            state.stale = Some((current, generation));
            return Err(Error::OutOfStep {
                index: current,
                staged: generation,
            });
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

        // Build the new versions beside the old ones; only this gate's holder changes scopes,
        // so the versions read here are still current when they are swapped below.
        let resident_after = match staged.resident {
            Some(r) => r,
            None => self.index.read().resident.clone(),
        };
        let mut next: Vec<(String, Option<Arc<ScopeVectors>>)> = Vec::with_capacity(changes.len());
        for (scope, delta) in changes {
            let base = if clear {
                None
            } else {
                self.index.read().scopes.get(&scope).cloned()
            };
            // The resident dimension after the change-set wins: a change-set may remove a
            // store's last embedding (resetting the election) and attach ones of another
            // dimension, in which case every row of the old base is removed by it too.
            let dimension = resident_after
                .as_ref()
                .map(|r| r.dimension as usize)
                .or_else(|| base.as_ref().map(|b| b.dimension()));
            let Some(dimension) = dimension else {
                // No resident and no vectors: the change-set only removed; nothing to hold.
                next.push((scope, None));
                continue;
            };
            let base = base
                .filter(|b| b.dimension() == dimension)
                .unwrap_or_else(|| Arc::new(ScopeVectors::empty(dimension)));
            let updated = base.with_changes(&delta);
            next.push((scope, (!updated.is_empty()).then(|| Arc::new(updated))));
        }

        let mut state = self
            .index
            .state
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        if clear {
            state.scopes.clear();
        }
        for (scope, vectors) in next {
            match vectors {
                Some(v) => state.scopes.insert(scope, v),
                None => state.scopes.remove(&scope),
            };
        }
        state.resident = resident_after;
        state.generation = generation;
        Ok(())
    }

    /// Rebuilds the copy from the tables as `txn` sees them, clearing an out-of-step state.
    /// Begin `txn` while holding this gate, so that it sees every applied change.
    ///
    /// # Errors
    /// [`Error::Storage`], also for a record this build cannot read; the copy is then left as
    /// it was.
    pub fn rebuild(&mut self, txn: &ReadTransaction) -> Result<()> {
        let (generation, resident) = match store::open_read(txn, store::META)? {
            Some(meta) => (store::read_generation(&meta)?, store::read_resident(&meta)?),
            None => (0, None),
        };
        let mut scopes: HashMap<String, Arc<ScopeVectors>> = HashMap::new();
        if let Some(table) = store::open_read(txn, store::EMBEDDINGS)? {
            let mut current: Option<(String, ScopeVectors)> = None;
            for row in table.iter().db()? {
                let (key, value) = row.db()?;
                let (scope, capsule) = key.value();
                let embedding = EmbeddingRecord::decode(value.value())?.embedding;
                let Some(resident) = &resident else {
                    return Err(Error::corrupt(
                        "vector.meta",
                        "embeddings are stored but no resident embedder is",
                    ));
                };
                if embedding.dimension() != resident.dimension as usize {
                    return Err(Error::corrupt(
                        record::TABLE,
                        format_args!(
                            "capsule {capsule} of scope {scope:?} has {} dimensions, the \
                             resident embedder {}",
                            embedding.dimension(),
                            resident.dimension
                        ),
                    ));
                }
                if current.as_ref().is_none_or(|(s, _)| s != scope) {
                    if let Some((s, mut done)) = current.take() {
                        done.finish_build();
                        scopes.insert(s, Arc::new(done));
                    }
                    current = Some((scope.to_owned(), ScopeVectors::empty(embedding.dimension())));
                }
                if let Some((_, vectors)) = &mut current {
                    vectors.push_row(capsule, &embedding);
                }
            }
            if let Some((s, mut done)) = current.take() {
                done.finish_build();
                scopes.insert(s, Arc::new(done));
            }
        }
        let mut state = self
            .index
            .state
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        *state = State {
            generation,
            stale: None,
            resident,
            scopes,
        };
        Ok(())
    }
}
