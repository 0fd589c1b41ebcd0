//! Opening the store file and running transactions.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use redb::{ReadableDatabase, ReadableTable, TableDefinition};

use crate::Kenning;
use crate::error::{DbResult, Error, Result};
use crate::time::Timestamp;

/// key → value for store-wide settings. `format` holds [`STORE_FORMAT`].
pub(crate) const META: TableDefinition<'static, &str, u64> = TableDefinition::new("kenning.meta");

/// The layout of tables this build writes. A store with a higher number was written by a newer
/// Kenning and is refused rather than misread.
pub(crate) const STORE_FORMAT: u64 = 1;

pub(crate) struct Inner {
    pub(crate) db: redb::Database,
    pub(crate) path: PathBuf,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kenning").field("path", &self.path).finish()
    }
}

impl Kenning {
    /// Opens the store at `path`, creating the file if it does not exist (C1).
    ///
    /// The file is locked for this process: a second open, from another process or from this
    /// one, fails with [`Error::Storage`] and leaves the file untouched. Share one handle instead;
    /// it is `Send + Sync` and cloning it is cheap. A store left by a crash is repaired on open.
    ///
    /// # Errors
    /// [`Error::Storage`] when the file cannot be created, is locked, is not a Kenning store, or
    /// was written by a newer version.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let db = redb::Database::create(path).db().map_err(|e| match e {
            Error::Storage { message, source } => Error::Storage {
                message: format!("cannot open the store at {}: {message}", path.display()),
                source,
            },
            other => other,
        })?;
        let kenning = Self {
            inner: Arc::new(Inner {
                db,
                path: path.to_owned(),
            }),
        };
        kenning.initialize()?;
        Ok(kenning)
    }

    /// Creates every facade table and checks the store format, so that reads never meet a
    /// missing table.
    fn initialize(&self) -> Result<()> {
        self.write(|txn, _| {
            let mut meta = txn.open_table(META).db()?;
            let format = meta.get("format").db()?.map(|v| v.value());
            match format {
                None => {
                    meta.insert("format", STORE_FORMAT).db()?;
                }
                Some(f) if f > STORE_FORMAT => {
                    return Err(Error::Storage {
                        message: format!(
                            "the store has format {f}, newer than this build of kenning reads \
                             ({STORE_FORMAT}): upgrade kenning"
                        ),
                        source: None,
                    });
                }
                Some(_) => {}
            }
            txn.open_table(crate::scope::SCOPES).db()?;
            txn.open_table(crate::vocabulary::VOCABULARY).db()?;
            txn.open_table(crate::audit::AUDIT).db()?;
            txn.open_table(crate::capsule::CAPSULES).db()?;
            txn.open_table(crate::capsule::LIFECYCLE).db()?;
            txn.open_table(crate::capsule::SCOPE_CAPSULES).db()?;
            crate::capsule::term(crate::capsule::TERM_INDEX.create_tables(txn))?;
            Ok(())
        })
    }

    /// The path the store was opened at.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Runs `f` in one write transaction and commits it when `f` succeeds; when `f` fails the
    /// transaction is aborted and nothing it wrote is visible. `f` also gets the transaction's
    /// time, so every record a call writes carries the same instant.
    pub(crate) fn write<T>(
        &self,
        f: impl FnOnce(&redb::WriteTransaction, Timestamp) -> Result<T>,
    ) -> Result<T> {
        let txn = self.inner.db.begin_write().db()?;
        match f(&txn, Timestamp::now()) {
            Ok(value) => {
                txn.commit().db()?;
                Ok(value)
            }
            Err(e) => {
                // The abort result adds nothing to the caller's error: an abort that fails
                // leaves the transaction uncommitted all the same.
                drop(txn.abort());
                Err(e)
            }
        }
    }

    /// A snapshot of the last committed state. Readers never wait for a writer.
    pub(crate) fn read(&self) -> Result<redb::ReadTransaction> {
        self.inner.db.begin_read().db()
    }
}
