//! Threads: where a capsule sits in the conversation, session or document it came from, so that
//! recall can read a capsule with its neighbours ([`Context`](crate::Context)).
//!
//! A capsule may declare a [`Thread`]: an id (any non-blank text the caller chooses, e.g. a
//! session id) and a position in it (e.g. a turn number). The declaration is part of the
//! canonical record, frozen with it (C4), and indexed in `kenning.thread_positions`, keyed by
//! `(scope, thread, position, capsule)`, so that the capsules near a position are one range read.
//! The table is created by the first capsule that declares a thread; a store without one reads
//! as a store without threads.

use redb::TableDefinition;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use kenning_table::DbResult;

/// At most this many bytes of UTF-8 in a thread id.
pub const MAX_THREAD_ID_BYTES: usize = 256;

/// The key of [`THREAD_POSITIONS`]: `(scope, thread id, position, capsule)`.
type PositionKey = (&'static str, &'static str, u64, u64);

/// `(scope, thread id, position, capsule)` → (): the capsules of each thread in position order.
pub(crate) const THREAD_POSITIONS: TableDefinition<'static, PositionKey, ()> =
    TableDefinition::new("kenning.thread_positions");

/// Where a capsule sits in a thread: a conversation, a session, a document.
///
/// ```
/// use kenning::{NewCapsule, Thread};
/// let turn = NewCapsule::new("bot.support", "Ana: the VPN drops every hour")
///     .thread("ticket-4411", 3);
/// assert_eq!(turn.thread, Some(Thread::new("ticket-4411", 3)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Thread {
    /// The thread's id: non-blank UTF-8 of at most [`MAX_THREAD_ID_BYTES`] bytes, compared
    /// byte for byte. Threads are per scope: the same id in two scopes names two threads.
    pub id: String,
    /// The capsule's position in the thread (e.g. its turn number). Capsules whose positions
    /// differ by at most a [`Context`](crate::Context) window are each other's neighbours;
    /// positions need not be contiguous or unique.
    pub position: u64,
}

impl Thread {
    /// Position `position` of thread `id`.
    pub fn new(id: impl Into<String>, position: u64) -> Self {
        Self {
            id: id.into(),
            position,
        }
    }

    /// Checks the id's bounds; `field` names the thread in errors (`thread`,
    /// `capsules[3].thread`).
    pub(crate) fn check(&self, field: &str) -> Result<()> {
        if self.id.trim().is_empty() {
            return Err(Error::invalid(
                format!("{field}.id"),
                "is empty: name the conversation, session or document the capsule belongs to, \
                 or declare no thread",
            ));
        }
        if self.id.len() > MAX_THREAD_ID_BYTES {
            return Err(Error::invalid(
                format!("{field}.id"),
                format!(
                    "is {} bytes; the bound is {MAX_THREAD_ID_BYTES} bytes of UTF-8: use a short \
                     key for the thread (an id, a hash), not its text",
                    self.id.len()
                ),
            ));
        }
        Ok(())
    }
}

/// Indexes capsule `capsule` of `scope` at its place in `thread`.
pub(crate) fn index(
    txn: &redb::WriteTransaction,
    scope: &str,
    capsule: u64,
    thread: &Thread,
) -> Result<()> {
    txn.open_table(THREAD_POSITIONS)
        .db()?
        .insert((scope, thread.id.as_str(), thread.position, capsule), ())
        .db()?;
    Ok(())
}

/// Removes capsule `capsule` of `scope` from `thread`'s index.
pub(crate) fn unindex(
    txn: &redb::WriteTransaction,
    scope: &str,
    capsule: u64,
    thread: &Thread,
) -> Result<()> {
    txn.open_table(THREAD_POSITIONS)
        .db()?
        .remove((scope, thread.id.as_str(), thread.position, capsule))
        .db()?;
    Ok(())
}

/// A read view of the thread index in one transaction.
pub(crate) struct Threads {
    table: Option<redb::ReadOnlyTable<PositionKey, ()>>,
}

impl Threads {
    /// The index as `txn` sees it (empty when no capsule ever declared a thread).
    pub(crate) fn open(txn: &redb::ReadTransaction) -> Result<Self> {
        Ok(Self {
            table: kenning_table::open_existing(txn, THREAD_POSITIONS)?,
        })
    }

    /// Whether any capsule of `scope` declares a thread.
    pub(crate) fn any_in(&self, scope: &str) -> Result<bool> {
        let Some(table) = &self.table else {
            return Ok(false);
        };
        let first = table
            .range((scope, "", 0, 0)..)
            .db()?
            .next()
            .transpose()
            .db()?;
        Ok(first.is_some_and(|(key, _)| key.value().0 == scope))
    }

    /// The capsules of `scope` in thread `id` at positions `from..=until`, with their
    /// positions, in position order.
    pub(crate) fn between(
        &self,
        scope: &str,
        id: &str,
        from: u64,
        until: u64,
    ) -> Result<Vec<(u64, u64)>> {
        let Some(table) = &self.table else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for entry in table
            .range((scope, id, from, 0)..=(scope, id, until, u64::MAX))
            .db()?
        {
            let (key, _) = entry.db()?;
            let (_, _, position, capsule) = key.value();
            out.push((position, capsule));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Kenning, NewCapsule, Principal, ScopeKind};

    /// Every entry of the index, in key order.
    fn entries(kn: &Kenning) -> Vec<(String, String, u64, u64)> {
        let txn = kn.read().unwrap();
        let Some(table) = kenning_table::open_existing(&txn, THREAD_POSITIONS).unwrap() else {
            return Vec::new();
        };
        table
            .range::<(&str, &str, u64, u64)>(..)
            .unwrap()
            .map(|e| {
                let (k, _) = e.unwrap();
                let (s, t, p, c) = k.value();
                (s.to_owned(), t.to_owned(), p, c)
            })
            .collect()
    }

    #[test]
    fn the_index_follows_puts_forgets_and_supersessions() {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("ops");
        kn.register_scope(&ops, "s", ScopeKind::Agent).unwrap();
        kn.put(&ops, &NewCapsule::new("s", "no thread")).unwrap();
        assert!(
            entries(&kn).is_empty(),
            "no table until a capsule declares a thread"
        );
        let ids = kn
            .put_batch(
                &ops,
                &[
                    NewCapsule::new("s", "one").thread("t", 1),
                    NewCapsule::new("s", "two").thread("t", 2),
                ],
            )
            .unwrap();
        let (a, b) = (ids[0].get(), ids[1].get());
        let entry = |p, c| ("s".to_owned(), "t".to_owned(), p, c);
        assert_eq!(entries(&kn), [entry(1, a), entry(2, b)]);
        kn.forget(&ops, ids[0]).unwrap();
        assert_eq!(entries(&kn), [entry(2, b)]);
        let c = kn
            .supersede(&ops, ids[1], &NewCapsule::new("s", "two, fixed"))
            .unwrap()
            .get();
        // The superseded capsule keeps its record, so its entry; recall fences it.
        assert_eq!(entries(&kn), [entry(2, b), entry(2, c)]);
        let read = kn.read().unwrap();
        let threads = Threads::open(&read).unwrap();
        assert!(threads.any_in("s").unwrap());
        assert!(!threads.any_in("r").unwrap() && !threads.any_in("").unwrap());
        assert_eq!(threads.between("s", "t", 0, 1).unwrap(), []);
        assert_eq!(threads.between("s", "t", 2, 9).unwrap(), [(2, b), (2, c)]);
        assert_eq!(threads.between("s", "u", 0, u64::MAX).unwrap(), []);
    }
}
