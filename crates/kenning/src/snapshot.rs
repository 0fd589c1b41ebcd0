//! One consistent view of the store: snapshots, the write context, and the derived copies they
//! own.
//!
//! # The invariant
//!
//! **Derived state is versioned by commit and read only through a snapshot.** The store keeps
//! copies of committed data beside redb, for speed: the vectors the vector lane scans (a
//! [`VectorSet`]), the fences recall skips (a [`FenceIndex`]) and the graph cache (a
//! [`GraphCache`]). They are never read as live
//! structures. Instead:
//!
//! - `kenning.meta` holds the store's **generation**, moved on in the transaction of every write
//!   that changes derived state. So every redb snapshot knows which committed state it sees.
//! - [`Derived`] is the copy of the derived state of one generation: a value, never changed once
//!   built. [`Versions`] holds the current one, and while a writer commits, the next.
//! - A [`Snapshot`] is one redb read transaction together with the [`Derived`] of the generation
//!   that transaction sees, picked under a lock held only for `begin_read` (and, while a writer
//!   is between registering its pending copy and publishing it, one point read of the
//!   generation), so the two always belong to the same commit. Every read-side call of the facade runs on one:
//!   the term lane, the capsule records and the vector lane of one retrieval agree, and a caller
//!   holding a snapshot gets the same state from every call on it.
//! - A write runs in a [`Write`] context: it owns the redb write transaction and collects every
//!   staged change to derived state (the vector change-set, the graph changes, the lifecycle
//!   records written). When the call's work succeeded, [`Kenning::write`](crate::Kenning) moves
//!   the generation on, builds the next [`Derived`] from the current one and the change-set
//!   (this cannot fail once the change-set is staged), registers it as pending, commits, and
//!   then publishes it with a pointer swap and tells the graph cache. Nothing after `commit()` can fail, so an `Err` from a write call
//!   always means nothing was written.
//!
//! A reader never waits for a writer's transaction or commit, only (for a pointer copy) for a
//! publish in progress; a writer never waits for readers, only for a reader inside its few
//! microseconds of `begin_read`. An old snapshot keeps its [`Derived`] alive through an `Arc`:
//! derived copies share every part a commit did not change, and an old one is freed when its last
//! snapshot drops.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};

use kenning_vector::VectorSet;

use crate::Kenning;
use crate::access::Principal;
use crate::capsule::LIFECYCLE;
use crate::fence_index::FenceIndex;
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::store::META;

/// The key of the store's generation in `kenning.meta`.
const GENERATION: &str = "generation";

/// The generation `txn` sees: 0 for a store no derived-state write ever touched (or one written
/// before the counter existed).
pub(crate) fn generation_in(meta: &impl redb::ReadableTable<&'static str, u64>) -> Result<u64> {
    Ok(meta.get(GENERATION).db()?.map_or(0, |v| v.value()))
}

/// Moves the generation on by one inside `txn`; returns it before and after.
pub(crate) fn bump_generation(txn: &redb::WriteTransaction) -> Result<(u64, u64)> {
    let mut meta = txn.open_table(META).db()?;
    let before = generation_in(&meta)?;
    let after = before.checked_add(1).ok_or_else(|| Error::Storage {
        message: "the store's generation counter is exhausted".into(),
        source: None,
    })?;
    meta.insert(GENERATION, after).db()?;
    Ok((before, after))
}

/// The derived copies of one committed state.
#[derive(Debug)]
pub(crate) struct Derived {
    /// The generation of the state these copies are of.
    pub(crate) generation: u64,
    /// The vectors the vector lane scans; shared with the next state when a commit changes
    /// none.
    pub(crate) vectors: Arc<VectorSet>,
    /// The capsules recall must skip (see [`FenceIndex`]).
    pub(crate) fences: FenceIndex,
}

impl Derived {
    /// The copies of a store with nothing in it, before it is opened.
    pub(crate) fn empty() -> Self {
        Self {
            generation: 0,
            vectors: Arc::default(),
            fences: FenceIndex::default(),
        }
    }

    /// The derived state of what `txn` sees, for an open: the vector copy read from the copy
    /// saved in the file when that one is of this generation (see `kenning_vector::saved`),
    /// else built from the embeddings. Says which.
    pub(crate) fn load_at_open(txn: &redb::ReadTransaction) -> Result<(Self, bool)> {
        let generation = generation_in(&txn.open_table(META).db()?)?;
        match VectorSet::load_saved(txn, generation)? {
            Some(vectors) => Ok((
                Self {
                    generation,
                    vectors: Arc::new(vectors),
                    fences: FenceIndex::load(&txn.open_table(LIFECYCLE).db()?)?,
                },
                true,
            )),
            None => Ok((Self::load(txn)?, false)),
        }
    }

    /// The derived state of what `txn` sees.
    pub(crate) fn load(txn: &redb::ReadTransaction) -> Result<Self> {
        let meta = txn.open_table(META).db()?;
        Ok(Self {
            generation: generation_in(&meta)?,
            vectors: Arc::new(VectorSet::load(txn)?),
            fences: FenceIndex::load(&txn.open_table(LIFECYCLE).db()?)?,
        })
    }
}

/// The current [`Derived`], and the next one while its transaction commits.
#[derive(Debug)]
pub(crate) struct Versions {
    slots: RwLock<Slots>,
    /// Held by a writer from before `begin_write` until it has published, so that one pending
    /// version at a time exists and versions are published in commit order.
    writer: Mutex<()>,
}

#[derive(Debug)]
struct Slots {
    current: Arc<Derived>,
    pending: Option<Arc<Derived>>,
    /// A commit failed since the last publish: it may have gone through all the same, so a
    /// reader must read its transaction's generation rather than assume the current one.
    uncertain: bool,
}

impl Slots {
    fn find(&self, generation: u64) -> Option<Arc<Derived>> {
        if self.current.generation == generation {
            return Some(Arc::clone(&self.current));
        }
        self.pending
            .as_ref()
            .filter(|p| p.generation == generation)
            .map(Arc::clone)
    }
}

impl Versions {
    pub(crate) fn new(current: Derived) -> Self {
        Self {
            slots: RwLock::new(Slots {
                current: Arc::new(current),
                pending: None,
                uncertain: false,
            }),
            writer: Mutex::new(()),
        }
    }

    fn slots(&self) -> std::sync::RwLockWriteGuard<'_, Slots> {
        self.slots.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// Excludes other writers until the guard drops.
    pub(crate) fn writer(&self) -> MutexGuard<'_, ()> {
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The current version.
    pub(crate) fn current(&self) -> Arc<Derived> {
        Arc::clone(
            &self
                .slots
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .current,
        )
    }

    /// Replaces every version with `derived`: for a store just opened or initialized.
    pub(crate) fn reset(&self, derived: Derived) {
        let mut slots = self.slots();
        slots.current = Arc::new(derived);
        slots.pending = None;
        slots.uncertain = false;
    }

    /// Registers the version a writer is about to commit. Call it with the writer guard held.
    pub(crate) fn stage(&self, next: Arc<Derived>) {
        self.slots().pending = Some(next);
    }

    /// The pending version's transaction committed: it becomes the current one.
    pub(crate) fn publish(&self) {
        let mut slots = self.slots();
        if let Some(next) = slots.pending.take() {
            slots.current = next;
            slots.uncertain = false;
        }
    }

    /// The pending version's transaction did not commit (or its outcome is unknown): drop it.
    /// Should the commit have gone through after all, the first reader to see it loads its
    /// version from the tables ([`Kenning::begin`]).
    pub(crate) fn abandon(&self) {
        let mut slots = self.slots();
        slots.pending = None;
        slots.uncertain = true;
    }

    /// A version loaded from the tables for a generation no slot held: adopted as current when
    /// it is newer.
    fn adopt(&self, loaded: &Arc<Derived>) {
        let mut slots = self.slots();
        if loaded.generation > slots.current.generation {
            slots.current = Arc::clone(loaded);
        }
    }
}

impl Kenning {
    /// A redb snapshot of the last committed state and the derived copies of that same state.
    pub(crate) fn begin(&self) -> Result<(redb::ReadTransaction, Arc<Derived>)> {
        crate::error::contain(self.path(), || self.begin_unguarded())
    }

    fn begin_unguarded(&self) -> Result<(redb::ReadTransaction, Arc<Derived>)> {
        let versions = &self.inner.versions;
        let found = {
            let slots = versions
                .slots
                .read()
                .unwrap_or_else(PoisonError::into_inner);
            let txn = self.read()?;
            // With no writer between its pending copy and its publish, and no commit of unknown
            // outcome since the last publish, every commit that changed derived state is
            // published: the transaction sees the current copy's state. Otherwise its own
            // generation says which copy it sees.
            let found = if slots.pending.is_none() && !slots.uncertain {
                Some(Arc::clone(&slots.current))
            } else {
                let generation = generation_in(&txn.open_table(META).db()?)?;
                slots.find(generation)
            };
            (txn, found)
        };
        match found {
            (txn, Some(derived)) => Ok((txn, derived)),
            (txn, None) => {
                // A commit reported as failed went through after all: its copies were never
                // published, so they are built from the tables, once.
                let loaded = Arc::new(Derived::load(&txn)?);
                versions.adopt(&loaded);
                Ok((txn, loaded))
            }
        }
    }

    /// A snapshot of the last committed state, read as `who`: every call on it answers from that
    /// one state, whatever commits meanwhile.
    ///
    /// The one-call methods of [`Kenning`] ([`retrieve`](Self::retrieve),
    /// [`capsule`](Self::capsule), [`query_graph`](Self::query_graph), ...) each take a snapshot
    /// and answer from it; take one yourself when several reads must agree, the way a redb
    /// `ReadTransaction` or a tantivy `Searcher` is used. Taking one never waits for a writer,
    /// and holding one never blocks a writer: it keeps its state's pages and derived copies alive
    /// until it is dropped (derived copies share what later commits did not change). Checks of
    /// permission and reach happen per call, as on [`Kenning`].
    ///
    /// ```
    /// use kenning::{Kenning, NewCapsule, Principal, RetrieveRequest, ScopeKind};
    ///
    /// let store = Kenning::in_memory()?;
    /// let ops = Principal::operator("ops");
    /// store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
    /// let first = store.put(&ops, &NewCapsule::new("bot.support", "Ana prefers email."))?;
    ///
    /// let before = store.snapshot(&ops)?;
    /// store.forget(&ops, first)?;
    ///
    /// // The snapshot still answers from the state it was taken of, in every call.
    /// let found = before.retrieve(&RetrieveRequest::new("bot.support", "email"))?;
    /// assert_eq!(found.hits[0].capsule.id, first);
    /// assert_eq!(before.capsule(first)?.content, "Ana prefers email.");
    /// // A new one sees the forget.
    /// assert!(store.snapshot(&ops)?.capsule(first).is_err());
    /// # Ok::<(), kenning::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub fn snapshot(&self, who: &Principal) -> Result<Snapshot> {
        let (txn, derived) = self.begin()?;
        Ok(Snapshot {
            store: self.clone(),
            who: who.clone(),
            txn,
            derived,
        })
    }
}

/// One committed state of a store, read as one principal: see [`Kenning::snapshot`].
///
/// Every read-side call of [`Kenning`] is here too, without the principal argument, and answers
/// from this snapshot's state. It is `Send + Sync`: share it across threads to read one state in
/// parallel. Drop it when done, since it keeps its state's pages from being reused.
pub struct Snapshot {
    pub(crate) store: Kenning,
    pub(crate) who: Principal,
    pub(crate) txn: redb::ReadTransaction,
    pub(crate) derived: Arc<Derived>,
}

impl Snapshot {
    /// The principal every call on this snapshot is checked against.
    #[must_use]
    pub fn principal(&self) -> &Principal {
        &self.who
    }

    /// The number of the committed state this snapshot sees: it grows with every commit that
    /// changes the store's derived copies (embeddings, fences, graph). Two snapshots with the same
    /// generation may still differ in capsules and other records.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.derived.generation
    }

    /// The graph cache, with this snapshot's generation.
    pub(crate) fn graph_query(
        &self,
        scope: &str,
        query: &kenning_graph::GraphQuery,
    ) -> Result<kenning_graph::GraphAnswer> {
        Ok(self
            .store
            .inner
            .graph
            .query(&self.txn, self.derived.generation, scope, query)?)
    }
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("path", &self.store.path())
            .field("principal", &self.who.audit_name())
            .field("generation", &self.derived.generation)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Weak;

    use super::*;
    use crate::{CapsuleId, NewCapsule, ScopeKind};

    fn vector(seed: u64) -> Vec<f32> {
        (0..64)
            .map(|i| ((seed * 31 + i) % 17) as f32 + 1.0)
            .collect()
    }

    /// A snapshot held while writers replace every embedding keeps its own copy, and only its
    /// own: each version between it and the current one is freed as soon as it is replaced, and
    /// the held one when the snapshot drops. So at most two copies of the vectors are alive.
    #[test]
    fn a_held_snapshot_keeps_one_copy_alive_and_frees_it_when_dropped() {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("ops");
        kn.register_scope(&ops, "s", ScopeKind::Agent).unwrap();
        let capsules: Vec<NewCapsule> = (0..300)
            .map(|i| NewCapsule::new("s", format!("memo {i}")))
            .collect();
        let vectors: Vec<Vec<f32>> = (0..300).map(vector).collect();
        let embeddings: Vec<Option<&[f32]>> = vectors.iter().map(|v| Some(v.as_slice())).collect();
        let ids: Vec<CapsuleId> = kn
            .put_batch_with_embeddings(&ops, &capsules, &embeddings, "m")
            .unwrap();

        let held = kn.snapshot(&ops).unwrap();
        let held_copy: Weak<Derived> = Arc::downgrade(&held.derived);
        let held_scope = Arc::downgrade(held.derived.vectors.scope("s").unwrap());
        let held_bytes = held.derived.vectors.heap_bytes();
        let mut replaced: Vec<Weak<Derived>> = Vec::new();
        for (n, part) in ids.chunks(50).enumerate() {
            let new: Vec<Vec<f32>> = part.iter().map(|id| vector(id.get() + 1000)).collect();
            let batch: Vec<(CapsuleId, &[f32])> = part
                .iter()
                .zip(&new)
                .map(|(id, v)| (*id, v.as_slice()))
                .collect();
            kn.attach_embeddings(&ops, &batch, "m").unwrap();
            replaced.push(Arc::downgrade(&kn.inner.versions.current()));
            // Every version but the held one and the current one is gone.
            for (i, old) in replaced.iter().enumerate() {
                assert_eq!(
                    old.upgrade().is_some(),
                    i == n,
                    "version {i} after write {n}"
                );
            }
        }
        let current = kn.inner.versions.current();
        assert!(held_copy.upgrade().is_some() && held_scope.upgrade().is_some());
        assert_eq!(
            held.derived.vectors.heap_bytes(),
            held_bytes,
            "the held copy is unchanged"
        );
        // It still answers its own state, records and lane alike.
        assert_eq!(held.embedding(ids[0]).unwrap().unwrap(), vector(0));
        let lane = held
            .retrieve(
                &crate::RetrieveRequest::by_embedding("s", vector(0))
                    .lane(crate::Lane::Vector)
                    .limit(1),
            )
            .unwrap();
        assert!(lane.hits[0].vector.is_some_and(|v| v.score > 0.9999));
        drop(held);
        assert!(
            held_copy.upgrade().is_none(),
            "dropping the snapshot frees its copy"
        );
        assert!(held_scope.upgrade().is_none());
        assert_eq!(
            Arc::strong_count(&current),
            2,
            "the current version and this test's handle"
        );
    }
}
