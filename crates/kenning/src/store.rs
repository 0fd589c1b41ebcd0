//! Opening the store file and running transactions.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use redb::{ReadableDatabase, ReadableTable, TableDefinition};

use crate::Kenning;
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::snapshot::{Derived, Versions};
use crate::time::Timestamp;

/// key → value for store-wide settings. `format` holds [`STORE_FORMAT`].
pub(crate) const META: TableDefinition<'static, &str, u64> = TableDefinition::new("kenning.meta");

/// The layout of tables this build writes. A store with a higher number was written by a newer
/// Kenning and is refused rather than misread.
pub(crate) const STORE_FORMAT: u64 = 1;

/// Applies `$f(txn, TABLE) -> Result<bool>` to every table the facade owns and is true when
/// every call is. New facade tables are added here, and only here, so that opening creates them;
/// component crates' tables are created through their own `create_tables` in [`create_all`].
macro_rules! all_tables {
    ($f:ident, $txn:expr) => {
        $f($txn, META)?
            && $f($txn, crate::scope::SCOPES)?
            && $f($txn, crate::vocabulary::VOCABULARY)?
            && $f($txn, crate::audit::AUDIT)?
            && $f($txn, crate::keys::API_KEYS)?
            && $f($txn, crate::capsule::CAPSULES)?
            && $f($txn, crate::capsule::LIFECYCLE)?
            && $f($txn, crate::capsule::SCOPE_CAPSULES)?
            && $f($txn, crate::classification::LABELS)?
            && $f($txn, crate::classification::EPISTEMICS)?
            && $f($txn, crate::entity::OBSERVATIONS)?
            && $f($txn, crate::entity::OBSERVED)?
    };
}
/// Whether every table of the facade and of the component crates exists.
fn initialized(txn: &redb::ReadTransaction) -> Result<bool> {
    Ok(all_tables!(exists, txn)
        && kenning_graph::tables_exist(txn)?
        && crate::capsule::term(crate::capsule::TERM_INDEX.tables_exist(txn))?
        && kenning_vector::tables_exist(txn)?)
}

/// Creates every missing table of the facade and of the component crates.
fn create_all(txn: &redb::WriteTransaction) -> Result<()> {
    let _all_created: bool = all_tables!(create, txn);
    kenning_graph::create_tables(txn)?;
    crate::capsule::term(crate::capsule::TERM_INDEX.create_tables(txn))?;
    kenning_vector::create_tables(txn)?;
    Ok(())
}

fn exists<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &redb::ReadTransaction,
    table: TableDefinition<'_, K, V>,
) -> Result<bool> {
    Ok(kenning_table::exists(txn, table)?)
}

fn create<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &redb::WriteTransaction,
    table: TableDefinition<'_, K, V>,
) -> Result<bool> {
    txn.open_table(table).db()?;
    Ok(true)
}

/// Creates a new store file so that `path` is either absent or a complete, initialized store,
/// whatever moment a crash strikes: the store is built under a temporary name beside `path`,
/// synced, and then linked into place (a link never replaces an existing file, so two processes
/// creating the same store cannot clobber each other). A crash meanwhile leaves at most a
/// `.NAME.creating-PID` file, never a half-made store at `path`.
fn create_atomically(path: &Path) -> Result<()> {
    let io_error = |what: &str, e: std::io::Error| {
        Error::storage(
            format!("cannot create the store at {}: {what}: {e}", path.display()),
            e,
        )
    };
    let name = path
        .file_name()
        .ok_or_else(|| Error::invalid("path", format!("{} names no file", path.display())))?;
    let tmp = path.with_file_name(format!(
        ".{}.creating-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    drop(std::fs::remove_file(&tmp));
    // Created durably whatever the caller's mode: the file must be complete before it is linked.
    Kenning::finish_open(
        OpenOptions::new().builder().create(&tmp),
        &tmp,
        OpenOptions::new(),
    )?;
    // The handle is dropped: redb has committed and synced the initialized store.
    std::fs::File::open(&tmp)
        .and_then(|f| f.sync_all())
        .map_err(|e| io_error("syncing the new file", e))?;
    let linked = match std::fs::hard_link(&tmp, path) {
        // Another process created it first: open theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        // A file system without hard links: a rename, which only a creation racing this very
        // moment could clobber.
        Err(_) if !path.exists() => std::fs::rename(&tmp, path),
        other => other,
    };
    drop(std::fs::remove_file(&tmp));
    linked.map_err(|e| io_error("moving the new file into place", e))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // Makes the new directory entry durable where the platform allows syncing a directory.
        if let Ok(d) = std::fs::File::open(dir) {
            drop(d.sync_all());
        }
    }
    Ok(())
}

fn check_format(format: Option<u64>) -> Result<()> {
    match format {
        Some(f) if f > STORE_FORMAT => Err(Error::Storage {
            message: format!(
                "the store has format {f}, newer than this build of kenning reads \
                 ({STORE_FORMAT}): upgrade kenning"
            ),
            source: None,
        }),
        _ => Ok(()),
    }
}

/// The open database: read-write (the normal case) or read-only.
pub(crate) enum Db {
    Write(redb::Database),
    Read(redb::ReadOnlyDatabase),
}

pub(crate) struct Inner {
    pub(crate) db: Db,
    pub(crate) path: PathBuf,
    pub(crate) durability: Durability,
    /// The derived copies (the vectors) of the current committed state, and of the next while
    /// it commits: read through snapshots only (see `snapshot.rs`).
    pub(crate) versions: Versions,
    /// Decoded graph records for queries, told of every commit that moves the generation on by
    /// `Kenning::write`, read with a snapshot's generation.
    pub(crate) graph: kenning_graph::GraphCache,
}

/// One write call's transaction, its instant, and everything it stages for the derived copies.
/// Every write of the facade runs in one, through [`Kenning::write`]; functions that write take
/// it whole, so that no change to derived state can be made outside it.
pub(crate) struct Write<'t> {
    /// The call's one write transaction.
    pub(crate) txn: &'t redb::WriteTransaction,
    /// The call's time: every record it writes carries this instant.
    pub(crate) now: Timestamp,
    /// The embeddings attached, replaced and removed.
    pub(crate) vectors: kenning_vector::Staged,
    /// The graph records changed.
    pub(crate) graph: kenning_graph::Changes,
}

/// When a committed call's writes are on disk.
///
/// Both modes are atomic and isolated alike: a call commits everything it touched or nothing,
/// readers see only committed states, and a crash never leaves a partial call or a damaged store.
/// They differ only in how far back a crash may reach. `docs/durability.md` says what each
/// promises and what the tests show.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Durability {
    /// Every call that returns `Ok` is on disk (synced) before it returns. The default.
    #[default]
    Immediate,
    /// Calls are committed and visible at once but reach the disk at the next
    /// [`Kenning::flush`], the next call under an `Immediate` handle, or a clean close. A crash
    /// loses the calls since then, as a whole, newest first: the store comes back as it was after
    /// some earlier acknowledged call. For bulk ingestion, where a sync per call dominates.
    Eventual,
}

/// Options for opening a store read-write: `OpenOptions::new().durability(..).open(path)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenOptions {
    durability: Durability,
    verify_on_open: bool,
    graph_cache_bytes: usize,
    page_cache_bytes: usize,
}

impl Default for OpenOptions {
    fn default() -> Self {
        Self {
            durability: Durability::Immediate,
            verify_on_open: true,
            graph_cache_bytes: kenning_graph::GraphCache::DEFAULT_BYTES,
            page_cache_bytes: Self::DEFAULT_PAGE_CACHE_BYTES,
        }
    }
}

impl OpenOptions {
    /// The page cache redb is given by default: 1 GiB, redb's own default. It is an upper bound:
    /// pages enter it as they are read or written, so a store smaller than it never fills it.
    pub const DEFAULT_PAGE_CACHE_BYTES: usize = 1 << 30;

    /// The defaults: [`Durability::Immediate`], checksums verified on open, a graph cache of
    /// [`GraphCache::DEFAULT_BYTES`](kenning_graph::GraphCache::DEFAULT_BYTES) (32 MiB).
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// When commits reach the disk.
    #[must_use]
    pub fn durability(mut self, durability: Durability) -> Self {
        self.durability = durability;
        self
    }

    /// Whether opening reads the whole file to verify every page checksum (default `true`). With
    /// `false` opening is faster on a large store, but a file damaged on disk is trusted until a
    /// read meets the damage, and redb may then panic rather than return an error.
    #[must_use]
    pub fn verify_on_open(mut self, verify: bool) -> Self {
        self.verify_on_open = verify;
        self
    }

    /// The memory graph queries may keep decoded node records and adjacency lists in, in bytes
    /// (default 32 MiB); 0 turns the cache off. A query answers the same either way: the cache
    /// only serves records of the committed state the query's snapshot sees (see
    /// [`kenning_graph::GraphCache`]).
    #[must_use]
    pub fn graph_cache_bytes(mut self, bytes: usize) -> Self {
        self.graph_cache_bytes = bytes;
        self
    }

    /// The memory redb may keep store pages in, in bytes (default
    /// [`DEFAULT_PAGE_CACHE_BYTES`](Self::DEFAULT_PAGE_CACHE_BYTES), 1 GiB). Pages read or
    /// written enter it until it is full, so the process's resident memory grows with the
    /// store up to this bound; a smaller cache bounds memory at the cost of reading pages from
    /// the file (the OS page cache) again. It holds no in-memory copy of the vectors or the
    /// graph, which are bounded on their own.
    #[must_use]
    pub fn page_cache_bytes(mut self, bytes: usize) -> Self {
        self.page_cache_bytes = bytes;
        self
    }

    fn builder(self) -> redb::Builder {
        let mut builder = redb::Builder::new();
        builder.set_check_integrity_on_open(self.verify_on_open);
        builder.set_cache_size(self.page_cache_bytes);
        builder
    }

    /// Opens (or creates) the store at `path`; see [`Kenning::open`].
    ///
    /// # Errors
    /// As [`Kenning::open`].
    pub fn open(self, path: impl AsRef<Path>) -> Result<Kenning> {
        let path = path.as_ref();
        if !path.exists() {
            create_atomically(path)?;
        }
        Kenning::finish_open(self.builder().create(path), path, self)
    }

    /// Opens (or creates) a store on `storage`; see [`Kenning::open_storage`].
    ///
    /// # Errors
    /// As [`Kenning::open_storage`].
    pub fn open_storage(self, storage: impl crate::Storage, name: &str) -> Result<Kenning> {
        crate::storage::prepare(&storage, name)?;
        Kenning::finish_open(
            self.builder()
                .create_with_backend(crate::storage::Backend(storage)),
            Path::new(name),
            self,
        )
    }
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
        OpenOptions::new().open(path)
    }

    fn finish_open(
        db: std::result::Result<redb::Database, redb::DatabaseError>,
        path: &Path,
        options: OpenOptions,
    ) -> Result<Self> {
        let db = db.db().map_err(Error::from).map_err(|e| match e {
            Error::Storage { message, source } => Error::Storage {
                message: format!("cannot open the store at {}: {message}", path.display()),
                source,
            },
            other => other,
        })?;
        let kenning = Self {
            inner: Arc::new(Inner {
                db: Db::Write(db),
                path: path.to_owned(),
                durability: options.durability,
                versions: Versions::new(Derived::empty()),
                graph: kenning_graph::GraphCache::new(options.graph_cache_bytes),
            }),
        };
        kenning.initialize()?;
        kenning.load_derived()?;
        Ok(kenning)
    }

    /// Opens an existing store at `path` for reading only, without modifying the file in any
    /// way: every read works, every write fails with [`Error::FailedPrecondition`].
    ///
    /// Any number of read-only handles, in any processes, may share a file; none can be opened
    /// while a read-write handle holds it, and a store left by a crash must first be opened
    /// read-write once to be repaired.
    ///
    /// # Errors
    /// [`Error::Storage`] when the file does not exist, is held by a writer, needs repair, is not
    /// a Kenning store, or was written by a newer version.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let db = redb::Builder::new()
            .open_read_only(path)
            .db()
            .map_err(Error::from)
            .map_err(|e| match e {
                Error::Storage { message, source } => Error::Storage {
                    message: format!(
                        "cannot open the store at {} read-only: {message}",
                        path.display()
                    ),
                    source,
                },
                other => other,
            })?;
        let kenning = Self {
            inner: Arc::new(Inner {
                db: Db::Read(db),
                path: path.to_owned(),
                durability: Durability::Immediate,
                versions: Versions::new(Derived::empty()),
                graph: kenning_graph::GraphCache::default(),
            }),
        };
        let txn = kenning.read()?;
        if !initialized(&txn)? {
            return Err(Error::Storage {
                message: format!(
                    "{} is not a Kenning store, or one from an older version: open it read-write \
                     once (Kenning::open) to initialize or upgrade it",
                    path.display()
                ),
                source: None,
            });
        }
        let meta = txn.open_table(META).db()?;
        check_format(meta.get("format").db()?.map(|v| v.value()))?;
        drop((meta, txn));
        kenning.load_derived()?;
        Ok(kenning)
    }

    /// Whether this handle was opened with [`open_read_only`](Self::open_read_only).
    #[must_use]
    pub fn is_read_only(&self) -> bool {
        matches!(self.inner.db, Db::Read(_))
    }

    /// Checks the store format and creates whatever table is missing. Writes only when
    /// something is missing, so opening an existing store leaves its file byte-for-byte as it was.
    fn initialize(&self) -> Result<()> {
        {
            let txn = self.read()?;
            if initialized(&txn)? {
                let meta = txn.open_table(META).db()?;
                return check_format(meta.get("format").db()?.map(|v| v.value()));
            }
        }
        self.write(|w| {
            let txn = w.txn;
            let mut meta = txn.open_table(META).db()?;
            let format = meta.get("format").db()?.map(|v| v.value());
            check_format(format)?;
            if format.is_none() {
                meta.insert("format", STORE_FORMAT).db()?;
            }
            drop(meta);
            create_all(txn)
        })
    }

    /// The path the store was opened at.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Builds the derived copies of the committed state from the tables and serves them from
    /// now on: on open, after the tables are initialized.
    fn load_derived(&self) -> Result<()> {
        let derived = Derived::load(&self.read()?)?;
        self.inner.graph.restart(derived.generation);
        self.inner.versions.reset(derived);
        Ok(())
    }

    /// Runs `f` in one write transaction and commits it when `f` succeeds; when `f` fails the
    /// transaction is aborted and nothing it wrote is visible. This is the one write path of the
    /// facade (see `snapshot.rs` for the invariant it keeps):
    ///
    /// 1. writers are serialized, from before `begin_write` until the new state is published;
    /// 2. `f` writes through the [`Write`] context, staging its changes to derived state;
    /// 3. if it staged any, the store's generation moves on in the same transaction and the
    ///    next derived copies are built from the current ones (or, should the current ones not
    ///    be of the state this transaction began on, from the transaction's own view of the
    ///    tables) and registered as pending, all before the commit, so that any failure still
    ///    aborts;
    /// 4. after `commit()` returned `Ok`, the pending copies become current (a pointer swap)
    ///    and the graph cache is told. Nothing in this step can fail: a call that returns `Err`
    ///    wrote nothing, a call that returns `Ok` is visible in every lane at once.
    pub(crate) fn write<T>(&self, f: impl FnOnce(&mut Write<'_>) -> Result<T>) -> Result<T> {
        let Db::Write(db) = &self.inner.db else {
            return Err(Error::FailedPrecondition {
                message: format!(
                    "the store at {} was opened read-only: open it with Kenning::open to write",
                    self.inner.path.display()
                ),
            });
        };
        let versions = &self.inner.versions;
        let _writer = versions.writer();
        let mut txn = db.begin_write().db()?;
        if self.inner.durability == Durability::Eventual {
            txn.set_durability(redb::Durability::None)
                .map_err(|e| Error::storage(e.to_string(), e))?;
        }
        let mut w = Write {
            txn: &txn,
            now: Timestamp::now(),
            vectors: kenning_vector::Staged::new(),
            graph: kenning_graph::Changes::new(),
        };
        let staged = f(&mut w).and_then(|value| {
            let Write { vectors, graph, .. } = w;
            let next = self.next_derived(&txn, vectors, &graph)?;
            Ok((value, graph, next))
        });
        let (value, graph, next) = match staged {
            Ok(staged) => staged,
            Err(e) => {
                // The abort result adds nothing to the caller's error: an abort that fails
                // leaves the transaction uncommitted all the same.
                drop(txn.abort());
                return Err(e);
            }
        };
        if let Some(next) = &next {
            versions.stage(Arc::clone(next));
        }
        if let Err(e) = txn.commit().db() {
            versions.abandon();
            return Err(e.into());
        }
        if let Some(next) = next {
            versions.publish();
            self.inner.graph.committed(graph, next.generation);
        }
        Ok(value)
    }

    /// The derived copies of the state `txn` is about to commit, with the generation moved on
    /// inside `txn`; `None` when the call staged no change to derived state.
    fn next_derived(
        &self,
        txn: &redb::WriteTransaction,
        vectors: kenning_vector::Staged,
        graph: &kenning_graph::Changes,
    ) -> Result<Option<Arc<Derived>>> {
        if vectors.is_empty() && graph.is_empty() {
            return Ok(None);
        }
        let (before, generation) = crate::snapshot::bump_generation(txn)?;
        let current = self.inner.versions.current();
        let vectors = if current.generation != before {
            // The copies published are not of the state this transaction began on (a commit
            // reported as failed went through): build them from what the transaction sees.
            Arc::new(kenning_vector::VectorSet::load_in(txn)?)
        } else if vectors.is_empty() {
            Arc::clone(&current.vectors)
        } else {
            Arc::new(current.vectors.with(vectors))
        };
        Ok(Some(Arc::new(Derived {
            generation,
            vectors,
        })))
    }

    /// Makes every call committed so far durable: a no-op under [`Durability::Immediate`], a
    /// synced empty commit under [`Durability::Eventual`].
    ///
    /// # Errors
    /// [`Error::Storage`]; [`Error::FailedPrecondition`] on a read-only handle.
    pub fn flush(&self) -> Result<()> {
        let Db::Write(db) = &self.inner.db else {
            return Err(Error::FailedPrecondition {
                message: "a read-only handle has nothing to flush".into(),
            });
        };
        if self.inner.durability == Durability::Immediate {
            return Ok(());
        }
        let txn = db.begin_write().db()?;
        Ok(txn.commit().db()?)
    }

    /// The durability this handle commits with.
    #[must_use]
    pub fn durability(&self) -> Durability {
        self.inner.durability
    }

    /// A bare redb snapshot of the last committed state, for reads that need no derived copy
    /// (opening, authentication); every read-side call of the API goes through
    /// [`begin`](Self::begin) instead.
    pub(crate) fn read(&self) -> Result<redb::ReadTransaction> {
        match &self.inner.db {
            Db::Write(db) => Ok(db.begin_read().db()?),
            Db::Read(db) => Ok(db.begin_read().db()?),
        }
    }
}
