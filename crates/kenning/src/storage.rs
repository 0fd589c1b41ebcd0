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

/// Empties a medium whose store creation never completed, so that it is created afresh.
pub(crate) fn prepare(storage: &impl Storage, name: &str) -> Result<()> {
    let len = storage.len().map_err(|e| io_failure(name, e))?;
    if len > 0 {
        let mut magic = [0u8; MAGIC_LEN];
        let head = usize::try_from(len).map_or(MAGIC_LEN, |l| l.min(MAGIC_LEN));
        storage
            .read(0, &mut magic[..head])
            .map_err(|e| io_failure(name, e))?;
        if magic.iter().all(|b| *b == 0) {
            storage.set_len(0).map_err(|e| io_failure(name, e))?;
            storage.sync_data().map_err(|e| io_failure(name, e))?;
        }
    }
    Ok(())
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
