//! Stores that do not live in a plain file: in memory, or behind a harness.
//!
//! [`Storage`] is the byte-level contract a store needs from its medium, the same one redb asks
//! of its backends, expressed with `std::io` types only. [`Kenning::open_storage`] opens a store on
//! any implementation; [`Kenning::in_memory`] on [`MemoryStorage`]. Test harnesses use it to
//! inject faults and simulate crashes (see the durability tests); applications can use it for
//! ephemeral memory that never touches a disk.

use std::fmt;
use std::io;
use std::sync::{Arc, RwLock};

use crate::Kenning;
use crate::error::Result;

/// The medium a store's bytes live on.
///
/// The contract is redb's: `write` may be buffered until `sync_data`, and everything written
/// before a `sync_data` that returned `Ok` must survive a crash. A read past the end is an error.
/// Implementations must be safe to call from several threads.
#[allow(clippy::len_without_is_empty)] // mirrors the storage contract; emptiness is `len() == 0`
pub trait Storage: fmt::Debug + Send + Sync + 'static {
    /// The current length in bytes.
    ///
    /// # Errors
    /// Any I/O failure.
    fn len(&self) -> io::Result<u64>;

    /// Fills `out` with the bytes at `offset`.
    ///
    /// # Errors
    /// Any I/O failure, or a range past the end.
    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()>;

    /// Grows (with zeros) or shrinks the medium to `len` bytes.
    ///
    /// # Errors
    /// Any I/O failure.
    fn set_len(&self, len: u64) -> io::Result<()>;

    /// Makes every write so far durable.
    ///
    /// # Errors
    /// Any I/O failure; the store then treats the medium as failed.
    fn sync_data(&self) -> io::Result<()>;

    /// Writes `data` at `offset`, within the current length.
    ///
    /// # Errors
    /// Any I/O failure, or a range past the end.
    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()>;
}

/// A store held in memory: fast, private to the process, gone when the last handle drops.
/// Clones share the same bytes, so a harness can keep one to inspect what the store wrote.
#[derive(Debug, Clone, Default)]
pub struct MemoryStorage {
    bytes: Arc<RwLock<Vec<u8>>>,
}

impl MemoryStorage {
    /// An empty medium.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A medium holding `bytes`, e.g. a copy of a store file.
    #[must_use]
    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        Self {
            bytes: Arc::new(RwLock::new(bytes)),
        }
    }

    /// A copy of the current bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.bytes.read().map(|b| b.clone()).unwrap_or_default()
    }
}

fn poisoned() -> io::Error {
    io::Error::other("a thread panicked while holding the in-memory store")
}

fn out_of_range() -> io::Error {
    io::Error::new(
        io::ErrorKind::UnexpectedEof,
        "range past the end of the store",
    )
}

impl Storage for MemoryStorage {
    fn len(&self) -> io::Result<u64> {
        let bytes = self.bytes.read().map_err(|_| poisoned())?;
        Ok(bytes.len() as u64)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        let bytes = self.bytes.read().map_err(|_| poisoned())?;
        let start = usize::try_from(offset).map_err(|_| out_of_range())?;
        let end = start.checked_add(out.len()).ok_or_else(out_of_range)?;
        out.copy_from_slice(bytes.get(start..end).ok_or_else(out_of_range)?);
        Ok(())
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        let mut bytes = self.bytes.write().map_err(|_| poisoned())?;
        bytes.resize(usize::try_from(len).map_err(|_| out_of_range())?, 0);
        Ok(())
    }

    fn sync_data(&self) -> io::Result<()> {
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        let mut bytes = self.bytes.write().map_err(|_| poisoned())?;
        let start = usize::try_from(offset).map_err(|_| out_of_range())?;
        let end = start.checked_add(data.len()).ok_or_else(out_of_range)?;
        bytes
            .get_mut(start..end)
            .ok_or_else(out_of_range)?
            .copy_from_slice(data);
        Ok(())
    }
}

/// Lets an empty medium be created and a store be opened; refuses anything else, untouched.
pub(crate) fn refuse_unless_empty_or_store(storage: &impl Storage, name: &str) -> Result<()> {
    let len = storage.len().map_err(|e| io_failure(name, e))?;
    match found(len, |head| storage.read(0, head)).map_err(|e| io_failure(name, e))? {
        Found::Empty | Found::Store => Ok(()),
        Found::NotAStore(what) => Err(not_a_store(name, &what)),
    }
}

/// Length of the magic number redb writes at offset 0 once a new database is complete.
const MAGIC_LEN: usize = 9;

fn io_failure(name: &str, e: io::Error) -> crate::Error {
    crate::Error::storage(format!("cannot open the store at {name}: {e}"), e)
}

/// Adapts a [`Storage`] to redb, keeping redb's trait out of the public API.
#[derive(Debug)]
pub(crate) struct Backend<S>(pub(crate) S);

impl<S: Storage> redb::StorageBackend for Backend<S> {
    fn len(&self) -> io::Result<u64> {
        self.0.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.0.read(offset, out)
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        self.0.set_len(len)
    }
    fn sync_data(&self) -> io::Result<()> {
        self.0.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.0.write(offset, data)
    }
}

impl Kenning {
    /// Opens (or creates) a store on `storage`. `name` stands in for a path in messages and in
    /// [`Kenning::path`]. No file lock is involved: keeping two handles off the same medium is the
    /// caller's business.
    ///
    /// # Errors
    /// As [`Kenning::open`].
    ///
    /// A medium whose creation never completed (non-empty, but without the database's magic
    /// number, which is written last and only after everything else is synced) holds nothing
    /// that was ever committed, and is initialized afresh. Anything else that is not a store is
    /// refused.
    pub fn open_storage(storage: impl Storage, name: &str) -> Result<Self> {
        crate::OpenOptions::new().open_storage(storage, name)
    }

    /// A fresh store in memory, for tests and ephemeral agents.
    ///
    /// # Errors
    /// [`Error::Storage`](crate::Error::Storage) only if initializing the empty store fails.
    pub fn in_memory() -> Result<Self> {
        Self::open_storage(MemoryStorage::new(), ":memory:")
    }
}

/// The magic number a complete redb file starts with (redb writes it last when it creates one).
const REDB_MAGIC: [u8; MAGIC_LEN] = [b'r', b'e', b'd', b'b', 0x1A, 0x0A, 0xA9, 0x0D, 0x0A];

/// What the first bytes of a medium say it is.
pub(crate) enum Found {
    /// Nothing at all: a store can be created in it.
    Empty,
    /// A redb file's magic number: open it.
    Store,
    /// Bytes, but not a store's beginning: never overwritten.
    NotAStore(String),
}

/// Reads the head of a medium of `len` bytes through `read` and says what it holds.
pub(crate) fn found(len: u64, read: impl FnOnce(&mut [u8]) -> io::Result<()>) -> io::Result<Found> {
    if len == 0 {
        return Ok(Found::Empty);
    }
    let mut head = [0u8; MAGIC_LEN];
    let n = usize::try_from(len).map_or(MAGIC_LEN, |l| l.min(MAGIC_LEN));
    read(&mut head[..n])?;
    if n == MAGIC_LEN && head == REDB_MAGIC {
        return Ok(Found::Store);
    }
    let what = if head[..n].iter().all(|b| *b == 0) {
        format!(
            "{len} bytes whose first {n} are zero: a store whose header was destroyed, or one \
             whose creation was cut short"
        )
    } else {
        format!("{len} bytes that do not begin with a Kenning store's header")
    };
    Ok(Found::NotAStore(what))
}

/// The error for a path or medium that exists but holds no complete store.
pub(crate) fn not_a_store(name: &str, what: &str) -> crate::Error {
    crate::Error::Storage {
        message: format!(
            "{name} is not a complete Kenning store ({what}); it was left untouched. If it held \
             memory, copy what still reads into a new store with `kenning store salvage {name} \
             NEW.redb`, or restore it from a backup; if it is not yours to keep, remove it and \
             open the path again to create a new store"
        ),
        source: None,
    }
}

/// A private copy-on-write view of a store file: reads come from the file, writes stay in this
/// process's memory and are dropped with it. A read-only handle opens its store through one, so
/// that redb can verify every page checksum (and repair a file a crash left behind) without
/// changing a byte of the file. Holds a shared lock on the file, as redb's own read-only opens
/// do: no writer can open it meanwhile, any number of readers can.
#[derive(Debug)]
pub(crate) struct Overlay {
    file: std::fs::File,
    state: RwLock<OverlayState>,
}

#[derive(Debug)]
struct OverlayState {
    /// The view's length.
    len: u64,
    /// How much of the file the view still shows: a shrink hides the file's bytes past it, for
    /// good, even if the view grows again.
    from_file: u64,
    /// Blocks written through the view, by index.
    blocks: std::collections::HashMap<u64, Box<[u8]>>,
}

/// The unit of the overlay: a write copies the blocks it touches.
const OVERLAY_BLOCK: u64 = 4096;

impl Overlay {
    /// Opens `path` for reading under a shared lock.
    pub(crate) fn open(path: &std::path::Path) -> io::Result<Self> {
        let file = std::fs::File::open(path)?;
        match file.try_lock_shared() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(io::Error::new(
                    io::ErrorKind::WouldBlock,
                    "the file is held by a writer",
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
        let len = file.metadata()?.len();
        Ok(Self {
            file,
            state: RwLock::new(OverlayState {
                len,
                from_file: len,
                blocks: std::collections::HashMap::new(),
            }),
        })
    }

    /// Fills `out` from the file at `offset`, zeros past `from_file`.
    fn read_file(&self, from_file: u64, offset: u64, out: &mut [u8]) -> io::Result<()> {
        let visible = usize::try_from(from_file.saturating_sub(offset))
            .map_or(out.len(), |v| v.min(out.len()));
        let (head, tail) = out.split_at_mut(visible);
        if !head.is_empty() {
            read_at(&self.file, offset, head)?;
        }
        tail.fill(0);
        Ok(())
    }

    /// The current bytes of block `index`, from the overlay or the file.
    fn load_block(&self, state: &OverlayState, index: u64) -> io::Result<Box<[u8]>> {
        if let Some(block) = state.blocks.get(&index) {
            return Ok(block.clone());
        }
        let mut block = vec![0u8; OVERLAY_BLOCK as usize].into_boxed_slice();
        let start = index * OVERLAY_BLOCK;
        if start < state.len {
            self.read_file(state.from_file, start, &mut block)?;
        }
        Ok(block)
    }
}

#[cfg(unix)]
fn read_at(file: &std::fs::File, offset: u64, out: &mut [u8]) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, out, offset)
}

#[cfg(windows)]
fn read_at(file: &std::fs::File, mut offset: u64, mut out: &mut [u8]) -> io::Result<()> {
    while !out.is_empty() {
        let n = std::os::windows::fs::FileExt::seek_read(file, out, offset)?;
        if n == 0 {
            return Err(out_of_range());
        }
        out = &mut out[n..];
        offset += n as u64;
    }
    Ok(())
}

impl redb::StorageBackend for Overlay {
    fn len(&self) -> io::Result<u64> {
        Ok(self.state.read().map_err(|_| poisoned())?.len)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        let state = self.state.read().map_err(|_| poisoned())?;
        let end = offset
            .checked_add(out.len() as u64)
            .filter(|end| *end <= state.len)
            .ok_or_else(out_of_range)?;
        // Runs of blocks the view has not written are read from the file in one call each.
        let (mut at, mut pos) = (offset, 0usize);
        while at < end {
            let index = at / OVERLAY_BLOCK;
            let block_end = ((index + 1) * OVERLAY_BLOCK).min(end);
            if let Some(block) = state.blocks.get(&index) {
                let within = (at % OVERLAY_BLOCK) as usize;
                let n = (block_end - at) as usize;
                out[pos..pos + n].copy_from_slice(&block[within..within + n]);
                pos += n;
                at = block_end;
                continue;
            }
            let mut run_end = block_end;
            while run_end < end && !state.blocks.contains_key(&(run_end / OVERLAY_BLOCK)) {
                run_end = (run_end + OVERLAY_BLOCK).min(end);
            }
            let n = (run_end - at) as usize;
            self.read_file(state.from_file, at, &mut out[pos..pos + n])?;
            pos += n;
            at = run_end;
        }
        Ok(())
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        let mut state = self.state.write().map_err(|_| poisoned())?;
        if len < state.len {
            state.from_file = state.from_file.min(len);
            let keep = len.div_ceil(OVERLAY_BLOCK);
            state.blocks.retain(|index, _| *index < keep);
            if let Some(last) = state.blocks.get_mut(&(len / OVERLAY_BLOCK)) {
                let cut = (len % OVERLAY_BLOCK) as usize;
                last[cut..].fill(0);
            }
        }
        state.len = len;
        Ok(())
    }

    fn sync_data(&self) -> io::Result<()> {
        // Nothing the view holds is ever meant to reach the file.
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        let mut state = self.state.write().map_err(|_| poisoned())?;
        let end = offset
            .checked_add(data.len() as u64)
            .filter(|end| *end <= state.len)
            .ok_or_else(out_of_range)?;
        let mut at = offset;
        let mut data = data;
        while at < end {
            let index = at / OVERLAY_BLOCK;
            let within = (at % OVERLAY_BLOCK) as usize;
            let n = (((index + 1) * OVERLAY_BLOCK).min(end) - at) as usize;
            let mut block = self.load_block(&state, index)?;
            block[within..within + n].copy_from_slice(&data[..n]);
            state.blocks.insert(index, block);
            data = &data[n..];
            at += n as u64;
        }
        Ok(())
    }
}
