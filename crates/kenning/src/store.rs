//! Opening the store file and running transactions.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use redb::{ReadableDatabase, ReadableTable, TableDefinition};

use crate::Kenning;
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::snapshot::{Derived, Versions};
use crate::time::Timestamp;

/// key → value for store-wide settings. `format` holds [`STORE_FORMAT`].
pub(crate) const META: TableDefinition<'static, &str, u64> = TableDefinition::new("kenning.meta");

/// The layout of tables this build writes (`docs/format.md`). A store with a higher number was
/// written by a newer Kenning and is refused rather than misread; one with a lower number is
/// read as it is, and a read-write open moves it to this number (format 1 differs only in
/// records without checksums, format 2 in JSON capsule and fences records, format 3 in term and
/// graph records without checksums, format 4 in embeddings kept one record each instead of in
/// blocks; all are still read, and format 1 also held counters no longer used).
pub(crate) const STORE_FORMAT: u64 = 5;

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

/// The first store format whose term-index and graph records carry a checksum of their own.
const RECORD_CHECKSUMS_FORMAT: u64 = 4;

/// Whether `db` is a store of a format before [`RECORD_CHECKSUMS_FORMAT`]. A store without the
/// format record (new, or not a store) is not.
fn predates_record_checksums(db: &redb::Database) -> bool {
    use redb::ReadableDatabase as _;
    let format = || -> Option<u64> {
        let txn = db.begin_read().ok()?;
        let meta = kenning_table::open_existing(&txn, META).ok()??;
        Some(meta.get("format").ok()??.value())
    };
    format().is_some_and(|f| f < RECORD_CHECKSUMS_FORMAT)
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
    remove_stale_creations(path, &name.to_string_lossy());
    // Created durably whatever the caller's mode: the file must be complete before it is linked.
    Kenning::finish_open(
        contained(&tmp, || OpenOptions::new().builder().create(&tmp))?,
        &tmp,
        OpenOptions::new(),
        Opening::unsealed(true),
        None,
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

/// A creation file older than this was left by a process that died while creating a store:
/// creating one takes milliseconds.
const STALE_CREATION: std::time::Duration = std::time::Duration::from_secs(60);

/// Removes the `.NAME.creating-PID` files beside `path` that a process killed while creating
/// the store left behind (any older than [`STALE_CREATION`]). Best effort: a file that cannot
/// be read or removed is left.
fn remove_stale_creations(path: &Path, name: &str) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = format!(".{name}.creating-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let stale = entry.file_name().to_string_lossy().starts_with(&prefix)
            && entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > STALE_CREATION);
        if stale {
            drop(std::fs::remove_file(entry.path()));
        }
    }
}

/// Refuses a file that exists but holds no complete store (an empty file, a destroyed header),
/// before redb could initialize it anew: nothing is ever truncated or overwritten on open.
fn refuse_unless_store(path: &Path) -> Result<()> {
    use std::io::Read as _;
    let shown = path.display().to_string();
    let io =
        |e: std::io::Error| Error::storage(format!("cannot open the store at {shown}: {e}"), e);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    match crate::storage::found(len, |head| file.read_exact(head)).map_err(io)? {
        crate::storage::Found::Store => Ok(()),
        crate::storage::Found::Empty => Err(crate::storage::not_a_store(&shown, "an empty file")),
        crate::storage::Found::NotAStore(what) => Err(crate::storage::not_a_store(&shown, &what)),
    }
}

/// Runs a redb open, turning a panic inside it (a damaged file redb did not expect) into an
/// error that names the file.
/// A redb open's outcome: the database, or redb's refusal (named by the caller).
type Opened = std::result::Result<redb::Database, redb::DatabaseError>;

/// The derived copies an open's first pass loaded, and whether the vectors came from the saved
/// copy ([`OpenOptions::two_pass`]).
type Preloaded = (Derived, bool);

/// What an open tells the handle it opens about itself.
struct Opening {
    read_only: bool,
    verification: Verification,
    seal_on_close: bool,
}

impl Opening {
    /// A read-write handle that never seals its file (a store not in a plain file, or one being
    /// created under a temporary name).
    fn unsealed(verified: bool) -> Self {
        Self {
            read_only: false,
            verification: if verified {
                Verification::EveryPage
            } else {
                Verification::Unverified
            },
            seal_on_close: false,
        }
    }
}

fn contained(path: &Path, open: impl FnOnce() -> Opened) -> Result<Opened> {
    crate::error::contain(path, || Ok(open()))
}

/// Closes a handle of an open's first pass. Closing writes (redb records its allocator state),
/// so on a damaged file it can fail or panic like an open: the failure is redb's refusal, named
/// by the caller, and a panic is turned into an error naming the file.
fn close(path: &Path, db: redb::Database) -> Result<std::result::Result<(), redb::DatabaseError>> {
    crate::error::contain(path, || Ok(db.close()))
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

pub(crate) struct Inner {
    /// The database: the file itself, or (read-only handles) a private copy-on-write view of
    /// it, so that it could be verified without writing to it.
    db: Db,
    /// Opened with [`Kenning::open_read_only`]: every write is refused.
    pub(crate) read_only: bool,
    pub(crate) path: PathBuf,
    pub(crate) durability: Durability,
    /// The derived copies (the vectors) of the current committed state, and of the next while
    /// it commits: read through snapshots only (see `snapshot.rs`).
    pub(crate) versions: Versions,
    /// Decoded graph records for queries, told of every commit that moves the generation on by
    /// `Kenning::write`, read with a snapshot's generation.
    pub(crate) graph: kenning_graph::GraphCache,
    /// The vector copy the file's saved copy (`vector.saved`) holds, with its generation: the
    /// one an open loaded from it, or the last one saved. `None`: unknown, so the next save
    /// rewrites it whole.
    saved: Mutex<Option<(u64, Arc<kenning_vector::VectorSet>)>>,
    /// How the open verified the file.
    verification: Verification,
    /// Whether a clean close seals the file (`seal.rs`): a read-write handle on a file whose
    /// open verified it.
    seal_on_close: bool,
}

impl Inner {
    /// Saves the current vector copy in the file (see `kenning_vector::saved`), so that the
    /// next open reads it instead of decoding and quantizing every embedding: only the chunks
    /// that changed since the copy last saved or loaded are written, in one commit. Nothing is
    /// written when the saved copy is current, or when the current copy is not of the state
    /// the file holds (a commit of unknown outcome since).
    fn save_vectors(&self) -> Result<()> {
        let db = self.db.get()?;
        let current = self.versions.current();
        let mut saved = self.saved.lock().unwrap_or_else(PoisonError::into_inner);
        if saved
            .as_ref()
            .is_some_and(|(generation, _)| *generation == current.generation)
        {
            return Ok(());
        }
        let txn = db.begin_write().db()?;
        let in_file = crate::snapshot::generation_in(&txn.open_table(META).db()?)?;
        if in_file != current.generation {
            drop(txn.abort());
            return Ok(());
        }
        let previous = saved.as_ref().map(|(_, vectors)| &**vectors);
        current
            .vectors
            .save(&txn, current.generation, previous)
            .map_err(Error::from)?;
        txn.commit().db()?;
        *saved = Some((current.generation, Arc::clone(&current.vectors)));
        Ok(())
    }
}

impl Drop for Inner {
    /// A read-write handle saves its vector copy as it closes (an error or a panic only leaves
    /// the next open to build the copy from the embeddings, as after a crash), and, when its
    /// open verified the file, seals the file once redb's close succeeded (`seal.rs`; a seal
    /// not written only leaves the next open to verify fully).
    fn drop(&mut self) {
        if self.read_only {
            return;
        }
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.save_vectors()));
        if self.seal_on_close
            && let Some(db) = self.db.0.take()
        {
            let path = &self.path;
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if db.close().is_ok() {
                    drop(crate::seal::write(path));
                }
            }));
        }
    }
}

/// The database of a handle, closed when the handle goes: redb's close saves the allocator
/// state, walking trees a damaged file may break, so a panic there is contained (the next
/// open repairs what the close did not save) rather than unwinding out of a `drop`.
pub(crate) struct Db(Option<redb::Database>);

impl Db {
    /// Holds `db` until dropped, closing it as a handle's database is closed (see the type docs).
    pub(crate) fn new(db: redb::Database) -> Self {
        Self(Some(db))
    }

    pub(crate) fn get(&self) -> Result<&redb::Database> {
        self.0.as_ref().ok_or_else(|| Error::Storage {
            message: "the store is closing".into(),
            source: None,
        })
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        if let Some(db) = self.0.take() {
            // An error or a panic here leaves the file as a crash would: safe, repaired on the
            // next open. There is no caller to tell.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| db.close()));
        }
    }
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
    /// The lifecycle records written and removed, for the fence index.
    pub(crate) fences: crate::fence_index::FenceChanges,
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

/// How a handle's open verified the store file ([`Kenning::verification`]).
///
/// Whichever way, a store left by a crash was repaired, every page of it checked doing so, and
/// every record is checked against its own checksum as it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Verification {
    /// redb checked the checksum of every page, reading the whole file twice.
    EveryPage,
    /// The file matched, block for block, the seal its last clean close wrote beside it (a
    /// CRC-32 of every MiB, `docs/durability.md`): byte for byte the file a verified handle
    /// closed, read once.
    Sealed,
    /// Not verified ([`OpenOptions::verify_on_open`] `false`): the file is trusted as the last
    /// clean close left it.
    Unverified,
}

/// Options for opening a store read-write: `OpenOptions::new().durability(..).open(path)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenOptions {
    durability: Durability,
    verify_on_open: bool,
    /// Whether a matching seal stands in for redb's check (`seal.rs`); `false` for
    /// [`Kenning::check`], which checks every page whatever the seal says.
    trust_seal: bool,
    graph_cache_bytes: usize,
    page_cache_bytes: usize,
}

impl Default for OpenOptions {
    fn default() -> Self {
        Self {
            durability: Durability::Immediate,
            verify_on_open: true,
            trust_seal: true,
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

    /// Whether every open verifies the whole file before it serves (default `true`).
    ///
    /// A verifying open reads the file once against its seal when it has one that matches: the
    /// file's length and a CRC-32 of every MiB, written beside it (`NAME.kenning-seal`) by the
    /// last clean close of a read-write handle whose open verified it, so a match means the
    /// file is byte for byte what that close left, keys and redb's page structure included.
    /// Otherwise (no seal, a seal damaged or of another file, any block changed) redb checks
    /// the checksum of every page, which reads the file twice. A read-write open removes the
    /// seal before it writes, so a crash never leaves one beside a file it no longer describes;
    /// [`Kenning::check`] checks every page whatever the seal says; [`Kenning::verification`]
    /// tells which way a handle's open went. What a seal cannot vouch for is the disk while a
    /// handle had the file open: a block the disk changed before the close read it to seal is
    /// sealed as read (values still carry their own checksums, below).
    ///
    /// Every open runs a first, short-lived handle with a small page cache, which checks every
    /// page when it must, repairs a store left by a crash, loads the derived copies (the saved
    /// vector copy, the fences) and closes; the handle that serves then opens the file without
    /// reading it again, its page cache empty. At a million capsules (2.2 GiB, the file in the
    /// OS page cache) an open checking every page takes 0.9 to 1.5 s, a sealed one 0.33 to
    /// 0.37 s, an unverified one 0.14 to 0.22 s, and the close that seals 0.19 to 0.21 s; the
    /// process holds 440 MiB once open (`docs/performance.md`, "Sealed opens"). On a cold
    /// cache add reading the file from disk: 1.4 to 2.5 s sealed against 2.6 to 2.7 s page by
    /// page on this machine's disk.
    ///
    /// With `false` an open verifies only when it must: after an unclean close (a crash, a
    /// kill, a failed sync) redb repairs the file and checks the checksum of every page of
    /// every committed tree doing so, and the open that moves a store up from a format before
    /// 4 (whose term-index and graph records carry no checksum) verifies it once. After a clean
    /// close the file is then trusted as Kenning left it, and opening costs what loading the
    /// derived copies costs (`docs/performance.md`) instead of a read of the whole file. What
    /// that trusts is the disk while no handle had the file: a change is found by the read that
    /// meets it (a [`Error::Storage`] naming the file and the repair commands; a panic inside
    /// redb is contained as one), and every value carries a checksum of its own (facade,
    /// term-index and graph records, embeddings and the saved vector copy, in the versions this
    /// build writes; `docs/format.md`), so a changed value is never served; but keys and redb's
    /// page structure are checked only by verifying, and a changed key can be read as another
    /// (one of 301 byte flips in `tests/corruption.rs`). So verifying stays the default; turn it
    /// off for large stores whose file nothing but Kenning touches, and check on demand with
    /// [`Kenning::check`] (`kenning store check`). An unverified read-write handle removes the
    /// seal and writes none. Read-only handles follow the option too, and trust a seal but
    /// never write or remove one.
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

    /// The page cache of the handle that verifies a file before the serving handle opens it:
    /// small, because every page is read once. Filling a 1 GiB cache with a file larger than
    /// it, page by page, cost more than the checking did (0.36 s of checking against 1.0 s with
    /// the default cache, at a million capsules, `docs/durability.md`).
    const VERIFY_CACHE_BYTES: usize = 4 << 20;

    /// These options, checking every page whatever a seal says ([`Kenning::check`]).
    pub(crate) fn ignoring_seals(mut self) -> Self {
        self.trust_seal = false;
        self
    }

    /// Whether an open with these options reads the file's seal: only a verifying one that
    /// trusts seals.
    fn trusts_a_seal(self) -> bool {
        self.verify_on_open && self.trust_seal
    }

    fn builder(self) -> redb::Builder {
        let mut builder = redb::Builder::new();
        builder.set_check_integrity_on_open(self.verify_on_open);
        builder.set_cache_size(self.page_cache_bytes);
        builder
    }

    /// The builder of the first handle of an open: a small cache, and every page checksum
    /// checked when `verify`.
    fn checker(verify: bool) -> redb::Builder {
        let mut builder = redb::Builder::new();
        builder.set_check_integrity_on_open(verify);
        builder.set_cache_size(Self::VERIFY_CACHE_BYTES);
        builder
    }

    /// Opens a file in two passes, each handle opened by `open(builder)`:
    ///
    /// 1. a first handle with a small cache checks every page when asked to (and repairs a
    ///    store left by a crash, verified or not), loads the derived copies of the state it
    ///    sees (the saved vector copy, the fences), and closes;
    /// 2. the handle that serves opens the file without reading it again, its cache empty.
    ///
    /// So neither the check nor the saved copy, each read once, fills the serving handle's page
    /// cache with pages nobody reads again. The copies are adopted only if they are of the
    /// state the serving handle sees ([`Kenning::load_derived`]). Also verifies, whatever the
    /// option, a store of a format before every record carried a checksum: after the open that
    /// moves it to this format, an unverified open's guarantee (see
    /// [`verify_on_open`](Self::verify_on_open)) holds for every record but the old ones that
    /// check vouched for.
    ///
    /// `sealed`: the file matched its seal, which stands in for the check (`seal.rs`).
    fn two_pass(
        self,
        path: &Path,
        sealed: bool,
        mut open: impl FnMut(&redb::Builder) -> Result<Opened>,
    ) -> Result<(Opened, Option<Preloaded>, Verification)> {
        let mut verification = match (self.verify_on_open, sealed) {
            (true, true) => Verification::Sealed,
            (true, false) => Verification::EveryPage,
            (false, _) => Verification::Unverified,
        };
        let check = verification == Verification::EveryPage;
        let first = open(&Self::checker(check))?;
        let mut first = match first {
            Ok(db) => db,
            Err(e) => return Ok((Err(e), None, verification)),
        };
        if !check && predates_record_checksums(&first) {
            if let Err(e) = close(path, first)? {
                return Ok((Err(e), None, verification));
            }
            first = match open(&Self::checker(true))? {
                Ok(db) => db,
                Err(e) => return Ok((Err(e), None, verification)),
            };
            verification = Verification::EveryPage;
        }
        // A copy that does not load here is loaded again, and its error reported, by the
        // serving handle.
        let preloaded =
            crate::error::contain(path, || Derived::load_at_open(&first.begin_read().db()?)).ok();
        if let Err(e) = close(path, first)? {
            return Ok((Err(e), None, verification));
        }
        let serving = open(&self.verify_on_open(false).builder())?;
        Ok((serving, preloaded, verification))
    }

    /// Opens (or creates) the store at `path`; see [`Kenning::open`].
    ///
    /// # Errors
    /// As [`Kenning::open`].
    pub fn open(self, path: impl AsRef<Path>) -> Result<Kenning> {
        let path = path.as_ref();
        if path.exists() {
            refuse_unless_store(path)?;
        } else {
            create_atomically(path)?;
        }
        // Read before anything is written, and removed before the first write: from here on
        // the file is no longer what the seal describes, until this handle closes cleanly.
        let sealed = self.trusts_a_seal() && crate::seal::matches(path);
        crate::seal::remove(path);
        let (db, preloaded, verification) = self.two_pass(path, sealed, |builder| {
            contained(path, || builder.create(path))
        })?;
        let opened = Opening {
            read_only: false,
            verification,
            seal_on_close: verification != Verification::Unverified,
        };
        Kenning::finish_open(db, path, self, opened, preloaded)
    }

    /// Opens the existing store at `path` for reading only; see [`Kenning::open_read_only`].
    /// The durability option does not apply (a read-only handle writes nothing); the
    /// verification option does, as for a read-write open.
    ///
    /// # Errors
    /// As [`Kenning::open_read_only`].
    pub fn open_read_only(self, path: impl AsRef<Path>) -> Result<Kenning> {
        let path = path.as_ref();
        let overlay = || {
            crate::storage::Overlay::open(path).map_err(|e| {
                let why = match e.kind() {
                    std::io::ErrorKind::NotFound => {
                        "there is no file there: check the path, or create the store with \
                         Kenning::open"
                            .to_owned()
                    }
                    std::io::ErrorKind::WouldBlock => "a writer holds it: read through that \
                         process, or stop it first"
                        .to_owned(),
                    _ => e.to_string(),
                };
                Error::storage(
                    format!(
                        "cannot open the store at {} read-only: {why}",
                        path.display()
                    ),
                    e,
                )
            })
        };
        let mut first = Some(overlay()?);
        refuse_unless_store(path)?;
        // A read-only handle trusts a seal but never writes or removes one.
        let sealed = self.trusts_a_seal() && crate::seal::matches(path);
        // As a read-write open, each pass in a private view of its own: a store left by a
        // crash is repaired in each view, and the file is never written.
        let (db, preloaded, verification) = self.two_pass(path, sealed, |builder| {
            let view = match first.take() {
                Some(view) => view,
                None => overlay()?,
            };
            contained(path, || builder.create_with_backend(view))
        })?;
        let opened = Opening {
            read_only: true,
            verification,
            seal_on_close: false,
        };
        Kenning::finish_open(db, path, self, opened, preloaded)
    }

    /// Opens (or creates) a store on `storage`; see [`Kenning::open_storage`].
    ///
    /// # Errors
    /// As [`Kenning::open_storage`].
    pub fn open_storage(self, storage: impl crate::Storage, name: &str) -> Result<Kenning> {
        crate::storage::refuse_unless_empty_or_store(&storage, name)?;
        let path = Path::new(name);
        let db = contained(path, || {
            self.builder()
                .create_with_backend(crate::storage::Backend(storage))
        })?;
        let opened = Opening::unsealed(self.verify_on_open);
        Kenning::finish_open(db, path, self, opened, None)
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
    /// it is `Send + Sync` and cloning it is cheap. A store left by a crash is verified page by
    /// page and repaired on open; any other store is verified too (against the seal its last
    /// clean close wrote, or page by page), unless [`OpenOptions::verify_on_open`] says
    /// otherwise. Dropping the last handle closes the store and seals the file.
    ///
    /// # Errors
    /// [`Error::Storage`] when the file cannot be created, is locked, is not a Kenning store, or
    /// was written by a newer version.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        OpenOptions::new().open(path)
    }

    /// The redb database of a handle nobody else holds, for maintenance that needs it to itself
    /// ([`Kenning::compact`]): the derived copies are dropped with the handle.
    pub(crate) fn into_database(self, path: &Path) -> Result<redb::Database> {
        let held = || Error::Storage {
            message: format!(
                "the store at {} is in use by another handle of this process: drop it first",
                path.display()
            ),
            source: None,
        };
        let mut inner = Arc::try_unwrap(self.inner).map_err(|_| held())?;
        inner.db.0.take().ok_or_else(held)
    }

    fn finish_open(
        db: Opened,
        path: &Path,
        options: OpenOptions,
        opened: Opening,
        preloaded: Option<Preloaded>,
    ) -> Result<Self> {
        let Opening {
            read_only,
            verification,
            seal_on_close,
        } = opened;
        let db = db
            .db()
            .map_err(|e| crate::error::opening(path, read_only, e))?;
        let kenning = Self {
            inner: Arc::new(Inner {
                db: Db(Some(db)),
                read_only,
                path: path.to_owned(),
                durability: options.durability,
                versions: Versions::new(Derived::empty()),
                graph: kenning_graph::GraphCache::new(options.graph_cache_bytes),
                saved: Mutex::new(None),
                verification,
                seal_on_close,
            }),
        };
        crate::error::contain(path, || {
            if read_only {
                kenning.check_initialized()?;
            } else {
                kenning.initialize()?;
            }
            kenning.load_derived(preloaded)
        })?;
        Ok(kenning)
    }

    /// Opens an existing store at `path` for reading only, without modifying the file in any
    /// way: every read works, every write fails with [`Error::FailedPrecondition`].
    ///
    /// The handle verifies the file as a read-write open does (every page checksum, so a damaged
    /// file is refused rather than read; [`OpenOptions::verify_on_open`] can turn that off), and
    /// a store left by a crash is repaired, but in a private copy-on-write view: the file itself
    /// stays byte-for-byte as it was. Any number of read-only handles, in any
    /// processes, may share a file; none can be opened while a read-write handle holds it.
    /// Verifying reads the whole file: once against its seal when the last clean close left one
    /// that matches, else twice (redb's check of every page, `docs/performance.md`); see
    /// [`OpenOptions::verify_on_open`] and `docs/durability.md` for the cost per gigabyte.
    ///
    /// # Errors
    /// [`Error::Storage`] when the file does not exist, is held by a writer, is damaged, is not a
    /// complete Kenning store, or was written by a newer version.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Self> {
        OpenOptions::new().open_read_only(path)
    }

    /// For a read-only handle: the store must hold every table already (nothing may be created)
    /// and be of a format this build reads.
    fn check_initialized(&self) -> Result<()> {
        let txn = self.read()?;
        if !initialized(&txn)? {
            return Err(Error::Storage {
                message: format!(
                    "{} is not a Kenning store, or one from an older version: open it read-write \
                     once (Kenning::open) to initialize or upgrade it",
                    self.inner.path.display()
                ),
                source: None,
            });
        }
        let meta = txn.open_table(META).db()?;
        check_format(meta.get("format").db()?.map(|v| v.value()))
    }

    /// Whether this handle was opened with [`open_read_only`](Self::open_read_only).
    #[must_use]
    pub fn is_read_only(&self) -> bool {
        self.inner.read_only
    }

    /// How this handle's open verified the store file: every page's checksum, the seal its
    /// last clean close left, or not at all ([`OpenOptions::verify_on_open`]).
    #[must_use]
    pub fn verification(&self) -> Verification {
        self.inner.verification
    }

    /// Checks the store format, creates whatever table is missing and moves an older format to
    /// this build's. Writes only when something is missing or older, so opening a current store
    /// leaves its file byte-for-byte as it was.
    fn initialize(&self) -> Result<()> {
        {
            let txn = self.read()?;
            if initialized(&txn)? {
                let meta = txn.open_table(META).db()?;
                let format = meta.get("format").db()?.map(|v| v.value());
                check_format(format)?;
                if format == Some(STORE_FORMAT) {
                    return Ok(());
                }
            }
        }
        self.write(|w| {
            let txn = w.txn;
            let mut meta = txn.open_table(META).db()?;
            let format = meta.get("format").db()?.map(|v| v.value());
            check_format(format)?;
            if format != Some(STORE_FORMAT) {
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

    /// Serves the derived copies of the committed state from now on: on open, after the tables
    /// are initialized. `preloaded` (the copies an open's first pass loaded, and whether from
    /// the saved vector copy) is adopted when it is of the state this handle sees: the same
    /// generation, which every commit that changes derived state moves on. Else, if another
    /// process wrote between the two passes, the copies are loaded from the tables.
    fn load_derived(&self, preloaded: Option<Preloaded>) -> Result<()> {
        let txn = self.read()?;
        let generation = crate::snapshot::generation_in(&txn.open_table(META).db()?)?;
        let (derived, from_saved) = match preloaded {
            Some((derived, from_saved)) if derived.generation == generation => {
                (derived, from_saved)
            }
            _ => Derived::load_at_open(&txn)?,
        };
        *self
            .inner
            .saved
            .lock()
            .unwrap_or_else(PoisonError::into_inner) =
            from_saved.then(|| (derived.generation, Arc::clone(&derived.vectors)));
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
        if self.inner.read_only {
            return Err(Error::FailedPrecondition {
                message: format!(
                    "the store at {} was opened read-only: open it with Kenning::open to write",
                    self.inner.path.display()
                ),
            });
        }
        crate::error::contain(&self.inner.path, || self.write_unguarded(f))
    }

    fn write_unguarded<T>(&self, f: impl FnOnce(&mut Write<'_>) -> Result<T>) -> Result<T> {
        let db = self.inner.db.get()?;
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
            fences: crate::fence_index::FenceChanges::new(),
        };
        let staged = f(&mut w).and_then(|value| {
            let Write {
                vectors,
                graph,
                fences,
                ..
            } = w;
            let next = self.next_derived(&txn, vectors, &graph, &fences)?;
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
            return Err(crate::error::commit_failed(&self.inner.path, e));
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
        fences: &crate::fence_index::FenceChanges,
    ) -> Result<Option<Arc<Derived>>> {
        if vectors.is_empty() && graph.is_empty() && fences.is_empty() {
            return Ok(None);
        }
        let (before, generation) = crate::snapshot::bump_generation(txn)?;
        let current = self.inner.versions.current();
        if current.generation != before {
            // The copies published are not of the state this transaction began on (a commit
            // reported as failed went through): build them from what the transaction sees.
            return Ok(Some(Arc::new(Derived {
                generation,
                vectors: Arc::new(kenning_vector::VectorSet::load_in(txn)?),
                fences: crate::fence_index::FenceIndex::load(
                    &txn.open_table(crate::capsule::LIFECYCLE).db()?,
                )?,
            })));
        }
        let vectors = if vectors.is_empty() {
            Arc::clone(&current.vectors)
        } else {
            Arc::new(current.vectors.with(vectors))
        };
        Ok(Some(Arc::new(Derived {
            generation,
            vectors,
            fences: current.fences.with(fences),
        })))
    }

    /// Makes every call committed so far durable: a no-op under [`Durability::Immediate`], a
    /// synced empty commit under [`Durability::Eventual`].
    ///
    /// # Errors
    /// [`Error::Storage`]; [`Error::FailedPrecondition`] on a read-only handle.
    pub fn flush(&self) -> Result<()> {
        if self.inner.read_only {
            return Err(Error::FailedPrecondition {
                message: "a read-only handle has nothing to flush".into(),
            });
        }
        if self.inner.durability == Durability::Immediate {
            return Ok(());
        }
        let _writer = self.inner.versions.writer();
        let txn = self.inner.db.get()?.begin_write().db()?;
        txn.commit()
            .db()
            .map_err(|e| crate::error::commit_failed(&self.inner.path, e))
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
        Ok(self.inner.db.get()?.begin_read().db()?)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::{NewCapsule, Principal, ScopeKind};

    /// The copies an open's first pass loaded are served only when they are of the state the
    /// serving handle sees; copies of another generation (another process wrote between the
    /// two passes) are loaded again from the tables.
    #[test]
    fn copies_of_another_state_are_never_adopted() {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("ops");
        kn.register_scope(&ops, "s", ScopeKind::Agent).unwrap();
        let id = kn.put(&ops, &NewCapsule::new("s", "a memo")).unwrap();
        kn.attach_embedding(&ops, id, &[1.0, 0.0], "m").unwrap();
        let current = kn.inner.versions.current();
        assert_eq!(current.vectors.len(), 1);

        // Stale: the empty copies of generation 0.
        kn.load_derived(Some((Derived::empty(), false))).unwrap();
        let served = kn.inner.versions.current();
        assert_eq!(served.generation, current.generation);
        assert_eq!(served.vectors.len(), 1, "loaded from the tables");

        // Of this state: adopted as they are (here without vectors, to tell them apart).
        let same = Derived {
            generation: current.generation,
            ..Derived::empty()
        };
        kn.load_derived(Some((same, false))).unwrap();
        assert!(kn.inner.versions.current().vectors.is_empty(), "adopted");
    }
}
