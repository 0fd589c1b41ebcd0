//! # kenning-table
//!
//! What every crate of [Kenning](https://docs.rs/kenning) that owns redb tables needs from redb,
//! written once: [`StorageError`], the one type redb's errors become; [`DbResult::db`], the
//! adapter that turns them into it; [`open_existing`] and [`exists`], for reading a table that a
//! store written by an older version may not have yet; and [`ErrorKind`], the three outcomes a
//! host maps every component error onto.
//!
//! ```
//! use kenning_table::{DbResult, StorageError, exists, open_existing};
//! use redb::{ReadableDatabase as _, TableDefinition};
//!
//! const NOTES: TableDefinition<'static, u64, &str> = TableDefinition::new("demo.notes");
//!
//! # let dir = tempfile::tempdir()?;
//! let db = redb::Database::create(dir.path().join("demo.redb"))?;
//! let read = db.begin_read()?;
//! assert!(!exists(&read, NOTES)?);
//! assert!(open_existing(&read, NOTES)?.is_none(), "a missing table reads as absent");
//! drop(read);
//!
//! fn write(db: &redb::Database) -> Result<(), StorageError> {
//!     let txn = db.begin_write().db()?;
//!     txn.open_table(NOTES).db()?.insert(1, "remember the milk").db()?;
//!     txn.commit().db()
//! }
//! write(&db)?;
//! assert!(exists(&db.begin_read()?, NOTES)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## What it is not
//!
//! It owns no table, begins no transaction and knows nothing of capsules, graphs or vectors. It
//! is a leaf, like `kenning-vocab`: the component crates may depend on it without depending on
//! each other (ARCHITECTURE.md, "Layering").

#![deny(missing_docs)]

use redb::{ReadOnlyTable, ReadTransaction, TableDefinition, TableError};

/// redb failed underneath (I/O, a full disk, a damaged file, a closed database): the one type
/// every component crate's storage errors carry, so that redb's own types stay out of their
/// APIs. Its message is redb's, followed for a damaged file ([`is_damage`](Self::is_damage)) by
/// what to do; its source is the redb error.
#[derive(Debug, thiserror::Error)]
#[error("{}{}", .0, if self.is_damage() { DAMAGE_ADVICE } else { "" })]
pub struct StorageError(#[source] redb::Error);

/// What the message of a [`StorageError`] about a damaged file ends with.
const DAMAGE_ADVICE: &str = "; the store file is damaged: restore it from a backup, or copy \
     what still reads into a new store";

impl StorageError {
    /// redb's own message, without the advice a damaged file's error ends with: for an owner
    /// that words the advice itself.
    #[must_use]
    pub fn engine_message(&self) -> String {
        self.0.to_string()
    }

    /// Whether the error says the file is damaged: [`is_corruption`](Self::is_corruption), or
    /// a read past its end ([`is_cut_short`](Self::is_cut_short): a page the file never held,
    /// named by a changed pointer or cut off a truncated copy).
    #[must_use]
    pub fn is_damage(&self) -> bool {
        self.is_corruption() || self.is_cut_short()
    }

    /// Whether the database file is held by another handle or process.
    #[must_use]
    pub fn is_already_open(&self) -> bool {
        matches!(self.0, redb::Error::DatabaseAlreadyOpen)
    }

    /// Whether the file's bytes are damaged: a checksum or a structure that does not hold, or a
    /// table whose stored definition is not the one this build gives it (Kenning creates every
    /// table itself, so a differing definition was changed on disk).
    #[must_use]
    pub fn is_corruption(&self) -> bool {
        matches!(
            self.0,
            redb::Error::Corrupted(_)
                | redb::Error::TypeDefinitionChanged { .. }
                | redb::Error::TableTypeMismatch { .. }
                | redb::Error::TableIsMultimap(_)
                | redb::Error::TableIsNotMultimap(_)
        )
    }

    /// Whether an earlier I/O error left the database unusable until it is reopened.
    #[must_use]
    pub fn is_previous_io(&self) -> bool {
        matches!(self.0, redb::Error::PreviousIo)
    }

    /// Whether the medium failed an operation (a read, a write, a sync): after one, redb refuses
    /// every later call on the database until it is opened again.
    #[must_use]
    pub fn is_io(&self) -> bool {
        matches!(self.0, redb::Error::Io(_) | redb::Error::PreviousIo)
    }

    /// Whether a read ran past the end of the file: a file cut short of the store it holds.
    #[must_use]
    pub fn is_cut_short(&self) -> bool {
        matches!(&self.0, redb::Error::Io(e) if e.kind() == std::io::ErrorKind::UnexpectedEof)
    }
}

/// Turns a redb result into a [`StorageError`] result: `txn.open_table(T).db()?`.
pub trait DbResult<T> {
    /// The value, or the error as a [`StorageError`].
    ///
    /// # Errors
    /// The redb error, converted.
    fn db(self) -> Result<T, StorageError>;
}

impl<T, E: Into<redb::Error>> DbResult<T> for Result<T, E> {
    fn db(self) -> Result<T, StorageError> {
        self.map_err(|e| StorageError(e.into()))
    }
}

/// Opens `table` for reading, or `None` when the store does not have it: a store written by an
/// older version, or one never initialized, reads as empty there.
///
/// # Errors
/// [`StorageError`] for any other failure.
pub fn open_existing<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &ReadTransaction,
    table: TableDefinition<'_, K, V>,
) -> Result<Option<ReadOnlyTable<K, V>>, StorageError> {
    match txn.open_table(table) {
        Ok(t) => Ok(Some(t)),
        Err(TableError::TableDoesNotExist(_)) => Ok(None),
        Err(e) => Err(e).db(),
    }
}

/// Whether the store holds `table`, so that an owner can tell whether opening must create
/// tables (and so write) before it can serve reads.
///
/// # Errors
/// [`StorageError`].
pub fn exists<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &ReadTransaction,
    table: TableDefinition<'_, K, V>,
) -> Result<bool, StorageError> {
    Ok(open_existing(txn, table)?.is_some())
}

/// The three outcomes a caller acts on, shared by the component crates' error types
/// (`kenning_graph::Error::kind`, `kenning_vector::Error::kind`, `kenning_term::Error::kind`)
/// so that a host maps every one of them to its wire codes the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The request is malformed or out of bounds; retrying it unchanged fails again.
    InvalidArgument,
    /// The request is well-formed but the stored state forbids it (an edge to a missing node,
    /// an embedder other than the store's).
    FailedPrecondition,
    /// The store failed underneath, is damaged, or holds a record this build cannot read.
    Storage,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn a_held_file_is_told_apart_from_other_failures() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("held.redb");
        let _held = redb::Database::create(&path).unwrap();
        let err = redb::Database::create(&path).db().unwrap_err();
        assert!(err.is_already_open(), "{err}");
        assert!(std::error::Error::source(&err).is_some());
    }
}
