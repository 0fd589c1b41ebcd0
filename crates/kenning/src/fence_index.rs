//! The fence index: which capsules recall must skip, in memory, as derived state.
//!
//! Recall admits a capsule only if no fence of it is up (R4). The fences live in
//! `kenning.capsule_lifecycle`, one record per capsule that has any; reading that record for
//! every candidate costs a B-tree lookup each, and the vector lane asks about thousands of
//! candidates per query (its first stage keeps `max(4096, 256·k)` of them). So each committed
//! state also carries a [`FenceIndex`]: for every capsule with a lifecycle record, whether a
//! fence is up for good ([`Up::Always`]) or only once a freshness deadline has passed
//! ([`Up::After`]). Capsules without a record are not in it, so it costs memory only for the
//! capsules someone fenced or dated.
//!
//! It is derived state like the vector copy (see `snapshot.rs`): every write of a lifecycle
//! record stages its change in the call's [`Write`](crate::store::Write) context, the next
//! [`Derived`](crate::snapshot::Derived) is built from the current one and the change-set, and
//! an open builds it from the table. A record that does not decode is kept as
//! [`Up::Unreadable`]: admission then reads the record from the table and fails as it always
//! did, naming the damage, instead of guessing.
//!
//! **Sharing.** A commit copies nothing it did not change: the index is a large `base` map and a
//! small `recent` map of the changes since (a removal recorded as `None`), both behind `Arc`s.
//! When `recent` outgrows an eighth of `base` (and at least [`MERGE_AT`] entries), a commit folds
//! it into a new `base`, so a change costs O(1) amortised and a lookup two hash probes.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use kenning_table::DbResult;
use redb::ReadableTable;

use crate::capsule::Fences;
use crate::error::Result;
use crate::time::Timestamp;

/// `recent` is folded into `base` once it holds this many entries and more than an eighth of
/// `base`'s.
pub(crate) const MERGE_AT: usize = 1024;

/// How a capsule with a lifecycle record is fenced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Up {
    /// Quarantined, falsified, archived or superseded: fenced whatever the time.
    Always,
    /// Fresh until this instant, and fenced (stale) after it.
    After(Timestamp),
    /// Nothing is up: a record with every fence down (written by no current code path, but a
    /// valid record all the same).
    Never,
    /// The record does not decode: the admission reads it from the table, which reports the
    /// damage.
    Unreadable,
}

impl Up {
    /// The entry for a decoded record.
    pub(crate) fn of(f: &Fences) -> Self {
        if f.quarantined || f.falsified || f.archived || f.superseded_by.is_some() {
            Self::Always
        } else if let Some(t) = f.fresh_until {
            Self::After(t)
        } else {
            Self::Never
        }
    }
}

/// What [`FenceIndex::admits`] knows of a capsule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Admission {
    /// No fence is up at the instant asked.
    Open,
    /// A fence is up.
    Fenced,
    /// The record is damaged: read it from the table for the error.
    Unknown,
}

/// The staged lifecycle changes of one write: capsule number to its new entry, `None` when the
/// record was removed. The last change of a capsule in the call wins.
pub(crate) type FenceChanges = BTreeMap<u64, Option<Up>>;

/// The fences of one committed state (see the module docs).
#[derive(Debug, Clone, Default)]
pub(crate) struct FenceIndex {
    base: Arc<HashMap<u64, Up>>,
    recent: Arc<HashMap<u64, Option<Up>>>,
}

impl FenceIndex {
    /// The index of every record in `table` (the lifecycle table).
    pub(crate) fn load(table: &impl ReadableTable<u64, &'static [u8]>) -> Result<Self> {
        let mut base = HashMap::new();
        for entry in table.iter().db()? {
            let (id, bytes) = entry.db()?;
            let up = crate::canon::fences(bytes.value()).map_or(Up::Unreadable, |f| Up::of(&f));
            base.insert(id.value(), up);
        }
        Ok(Self {
            base: Arc::new(base),
            recent: Arc::default(),
        })
    }

    /// The entry of `capsule`, if it has a lifecycle record.
    fn entry(&self, capsule: u64) -> Option<Up> {
        match self.recent.get(&capsule) {
            Some(changed) => *changed,
            None => self.base.get(&capsule).copied(),
        }
    }

    /// Whether `capsule` has a lifecycle record in this state: without one, its fences are all
    /// down, and reading the table would find nothing.
    pub(crate) fn has_record(&self, capsule: u64) -> bool {
        self.entry(capsule).is_some()
    }

    /// Whether `capsule` is admitted at `now`, as far as its fences go.
    pub(crate) fn admits(&self, capsule: u64, now: Timestamp) -> Admission {
        match self.entry(capsule) {
            None | Some(Up::Never) => Admission::Open,
            Some(Up::Always) => Admission::Fenced,
            Some(Up::After(t)) if t < now => Admission::Fenced,
            Some(Up::After(_)) => Admission::Open,
            Some(Up::Unreadable) => Admission::Unknown,
        }
    }

    /// The number of capsules with a lifecycle record.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        let removed_or_new = self
            .recent
            .iter()
            .map(|(id, up)| match (self.base.contains_key(id), up) {
                (true, None) => -1_isize,
                (false, Some(_)) => 1,
                _ => 0,
            })
            .sum::<isize>();
        usize::try_from(self.base.len() as isize + removed_or_new).unwrap_or(0)
    }

    /// A new index with `changes` applied; shares every part it can with `self`.
    pub(crate) fn with(&self, changes: &FenceChanges) -> Self {
        if changes.is_empty() {
            return self.clone();
        }
        let mut recent: HashMap<u64, Option<Up>> = (*self.recent).clone();
        recent.extend(changes.iter().map(|(id, up)| (*id, *up)));
        if recent.len() < MERGE_AT.max(self.base.len() / 8) {
            return Self {
                base: Arc::clone(&self.base),
                recent: Arc::new(recent),
            };
        }
        let mut base: HashMap<u64, Up> = (*self.base).clone();
        for (id, up) in recent {
            match up {
                Some(up) => base.insert(id, up),
                None => base.remove(&id),
            };
        }
        Self {
            base: Arc::new(base),
            recent: Arc::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> Timestamp {
        Timestamp::from_millis(seconds * 1_000)
    }

    /// The index answers as a plain map of the changes applied in order, across the folds of
    /// `recent` into `base` (3,000 changes pass `MERGE_AT` twice).
    #[test]
    fn changes_applied_in_any_batches_answer_as_a_plain_map() {
        let mut index = FenceIndex::default();
        let mut model: HashMap<u64, Up> = HashMap::new();
        let mut seed = 7_u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        for _batch in 0..300 {
            let mut changes = FenceChanges::new();
            for _ in 0..(next() % 20) {
                let id = next() % 2_000;
                let up = match next() % 5 {
                    0 => None,
                    1 => Some(Up::Always),
                    2 => Some(Up::After(at(100))),
                    3 => Some(Up::Unreadable),
                    _ => Some(Up::Never),
                };
                changes.insert(id, up);
            }
            for (id, up) in &changes {
                match up {
                    Some(up) => model.insert(*id, *up),
                    None => model.remove(id),
                };
            }
            index = index.with(&changes);
            assert_eq!(index.len(), model.len());
        }
        for id in 0..2_000 {
            assert_eq!(index.entry(id), model.get(&id).copied(), "capsule {id}");
        }
    }

    #[test]
    fn a_deadline_fences_only_after_it_passes() {
        let index = FenceIndex::default().with(&FenceChanges::from([
            (1, Some(Up::After(at(100)))),
            (2, Some(Up::Always)),
            (3, Some(Up::Unreadable)),
            (4, Some(Up::Never)),
        ]));
        assert_eq!(index.admits(1, at(100)), Admission::Open);
        assert_eq!(index.admits(1, at(101)), Admission::Fenced);
        assert_eq!(index.admits(2, at(0)), Admission::Fenced);
        assert_eq!(index.admits(3, at(0)), Admission::Unknown);
        assert_eq!(index.admits(4, at(0)), Admission::Open);
        assert_eq!(index.admits(5, at(0)), Admission::Open);
    }

    /// An old index is not changed by a new one built from it: a held snapshot keeps its fences.
    #[test]
    fn a_new_index_leaves_the_old_one_as_it_was() {
        let old = FenceIndex::default().with(&FenceChanges::from([(1, Some(Up::Always))]));
        let new = old.with(&FenceChanges::from([(1, None), (2, Some(Up::Always))]));
        assert_eq!(old.admits(1, at(0)), Admission::Fenced);
        assert_eq!(old.admits(2, at(0)), Admission::Open);
        assert_eq!(new.admits(1, at(0)), Admission::Open);
        assert_eq!(new.admits(2, at(0)), Admission::Fenced);
    }
}
