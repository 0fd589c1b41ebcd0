//! The one handle a server holds, opened again by itself after an I/O error.
//!
//! A redb handle that has met an I/O error (a failed sync, a full disk) refuses every later
//! call with [`kenning::Error::NeedsReopen`], even once the cause is gone; only a new handle
//! serves again, and the file's lock is let go only when every clone of the old one is
//! dropped. A [`Store`] is that one place: every request borrows the current handle for the
//! length of its call ([`Store::lease`], [`Store::call`]), and nothing else keeps a clone.
//!
//! A store built with [`Store::reopening`] holds an opener. When a call comes back with an
//! error that [spoils the handle](spoils) (`needs_reopen()`, a commit whose outcome is
//! unknown, or an I/O error of the medium), the store waits for the calls in flight on that handle to finish, drops it, and
//! opens the store again on the next request. That request, and the failed one, get the error
//! they met: a write is never retried (its caller decides). While the opener fails (the disk
//! is still full), requests are answered [`Unavailable`] with its cause, and the open is tried
//! again on a request at most once per [`Store::retry_interval`].
//!
//! A store made from a [`Kenning`] (`Store::from(kenning)`, what [`routes`](crate::routes)
//! does with one) has no opener: it serves that handle for good, and a handle that needs
//! reopening keeps answering `STORAGE` until the host replaces it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

use kenning::Kenning;

use crate::error::log;

/// How often, at most, a store whose reopen failed tries again: once per second.
pub const DEFAULT_RETRY_INTERVAL: Duration = Duration::from_secs(1);

/// Opens the store: [`Kenning::open`] on a path, [`Kenning::open_storage`] on a medium, with
/// the host's [`kenning::OpenOptions`].
type Opener = dyn Fn() -> kenning::Result<Kenning> + Send + Sync;

/// The store a server serves: one [`Kenning`] handle, shared by every request, replaced by a
/// new one when an I/O error has spoiled it (with [`Store::reopening`]).
///
/// Cheap to clone; every clone is the same store.
#[derive(Clone)]
pub struct Store {
    shared: Arc<Shared>,
}

struct Shared {
    slot: RwLock<Slot>,
    opener: Option<Box<Opener>>,
    /// [`Store::retry_interval`], in milliseconds.
    retry_ms: AtomicU64,
    /// The store's name in messages: the first handle's path.
    name: String,
}

/// The current handle, or why there is none.
struct Slot {
    handle: Option<Kenning>,
    /// Which handle: 0 for the first, one more for each reopen.
    generation: u64,
    down: Option<Down>,
    /// Closed by [`Store::close`]: never reopened.
    closed: bool,
}

/// Why a reopening store holds no handle.
struct Down {
    /// The error that spoiled the last handle.
    cause: String,
    /// The last reopen's error, once one has failed.
    reopen: Option<String>,
    /// When a request may try to reopen.
    next_try: Instant,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Store");
        d.field("name", &self.shared.name)
            .field("reopening", &self.shared.opener.is_some());
        // Never wait for the slot here: a Debug call inside a lease must not block on a
        // replacement that waits for that lease.
        if let Ok(slot) = self.shared.slot.try_read() {
            d.field("generation", &slot.generation)
                .field("open", &slot.handle.is_some());
        }
        d.finish_non_exhaustive()
    }
}

/// Serves `kenning` for good: no opener, so a handle that needs reopening is not replaced.
impl From<Kenning> for Store {
    fn from(kenning: Kenning) -> Self {
        Self::with(kenning, None)
    }
}

impl Store {
    /// Opens the store with `opener` now, and again whenever a call reports that an I/O error
    /// spoiled the handle (see the [module docs](self)). `opener` is typically
    /// `move || Kenning::open(&path)`; it should not create a store that is gone.
    ///
    /// # Errors
    /// What `opener` returns on this first open.
    pub fn reopening(
        opener: impl Fn() -> kenning::Result<Kenning> + Send + Sync + 'static,
    ) -> kenning::Result<Self> {
        let first = opener()?;
        Ok(Self::with(first, Some(Box::new(opener))))
    }

    /// Serves `first`, a handle the host has just opened, and opens the store again with
    /// `opener` whenever a call reports that an I/O error spoiled the handle: as
    /// [`Store::reopening`], for a host that opens the first handle its own way (with its own
    /// error context, or creating the store, which a reopen should not do). Keep no other
    /// clone of `first`: the store can only let the file go once it holds the last one.
    pub fn reopening_from(
        first: Kenning,
        opener: impl Fn() -> kenning::Result<Kenning> + Send + Sync + 'static,
    ) -> Self {
        Self::with(first, Some(Box::new(opener)))
    }

    fn with(first: Kenning, opener: Option<Box<Opener>>) -> Self {
        let name = first.path().display().to_string();
        Self {
            shared: Arc::new(Shared {
                slot: RwLock::new(Slot {
                    handle: Some(first),
                    generation: 0,
                    down: None,
                    closed: false,
                }),
                opener,
                retry_ms: AtomicU64::new(millis(DEFAULT_RETRY_INTERVAL)),
                name,
            }),
        }
    }

    /// Sets how often, at most, a failed reopen is tried again (on a request; never in a loop
    /// of its own): [`DEFAULT_RETRY_INTERVAL`] unless set. Applies to every clone.
    #[must_use]
    pub fn with_retry_interval(self, interval: Duration) -> Self {
        self.shared
            .retry_ms
            .store(millis(interval), Ordering::Relaxed);
        self
    }

    /// How often, at most, a failed reopen is tried again.
    #[must_use]
    pub fn retry_interval(&self) -> Duration {
        Duration::from_millis(self.shared.retry_ms.load(Ordering::Relaxed))
    }

    /// Whether this store reopens its handle by itself ([`Store::reopening`]).
    #[must_use]
    pub fn reopens(&self) -> bool {
        self.shared.opener.is_some()
    }

    /// How many times the handle has been opened again: 0 until the first reopen.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.read().generation
    }

    /// The current handle, for one call or a few: hold the [`Lease`] only while calling it,
    /// and hand it back with [`Lease::release`] and the call's error, so that a spoiled
    /// handle is replaced. Blocks while the handle is being replaced or opened (on tokio, call
    /// it from the blocking pool, as the facade's calls are). Never nest leases on one thread.
    ///
    /// # Errors
    /// [`Unavailable`] when there is no handle: the reopen failed and is not due again yet,
    /// the open tried now failed, or the store is closed.
    pub fn lease(&self) -> Result<Lease<'_>, Unavailable> {
        for _ in 0..3 {
            {
                let slot = self.read();
                if let Some(handle) = &slot.handle {
                    return Ok(Lease {
                        kenning: handle.clone(),
                        generation: slot.generation,
                        store: self,
                        slot,
                    });
                }
                if let Some(refusal) = self.refusal(&slot, Instant::now()) {
                    return Err(refusal);
                }
            }
            self.reopen()?;
        }
        // Opened, then spoiled again before this request could use it, three times over.
        Err(self
            .refusal(&self.read(), Instant::now())
            .unwrap_or_else(|| Unavailable {
                message: format!(
                    "the store {} is being reopened after I/O errors: retry the request",
                    self.shared.name
                ),
                retry_after: Some(self.retry_interval()),
            }))
    }

    /// Runs `f` on the current handle, then replaces the handle if `f`'s error spoiled it.
    /// Blocking, as [`Store::lease`].
    ///
    /// # Errors
    /// `f`'s error, verbatim; [`Unavailable`] as a [`kenning::Error::Storage`] when there is no
    /// handle to run it on.
    pub fn call<T>(&self, f: impl FnOnce(&Kenning) -> kenning::Result<T>) -> kenning::Result<T> {
        let lease = self.lease()?;
        let outcome = f(&lease);
        lease.release(outcome.as_ref().err());
        outcome
    }

    /// Makes every commit durable and lets the handle go once the calls in flight have
    /// finished; later calls are answered [`Unavailable`] and the store is never reopened.
    /// The file's lock is released when the last clone of the handle is dropped: this one,
    /// if the host kept none.
    ///
    /// # Errors
    /// The flush's error (the handle is let go all the same).
    pub fn close(&self) -> kenning::Result<()> {
        let mut slot = self.write();
        slot.closed = true;
        let Some(handle) = slot.handle.take() else {
            return Ok(());
        };
        let flushed = handle.flush();
        drop(handle);
        flushed
    }

    /// Replaces the handle of `generation` after `cause` spoiled it: waits for every call in
    /// flight on it (their leases), drops it, and leaves the open to the next request. A store
    /// without an opener keeps its handle.
    fn retire(&self, generation: u64, cause: &str) {
        if self.shared.opener.is_none() {
            return;
        }
        let mut slot = self.write();
        if slot.generation != generation || slot.handle.is_none() || slot.closed {
            // Another call met the error first and has replaced it.
            return;
        }
        log(&format!(
            "the handle of the store {} is spoiled ({cause}): it is closed and the store will \
             be opened again on the next request",
            self.shared.name
        ));
        slot.down = Some(Down {
            cause: cause.strip_prefix("storage: ").unwrap_or(cause).to_owned(),
            reopen: None,
            next_try: Instant::now(),
        });
        // The last clone: redb closes the file and releases its lock.
        drop(slot.handle.take());
    }

    /// Opens the store again, unless a handle is already there or the retry is not due.
    fn reopen(&self) -> Result<(), Unavailable> {
        let mut slot = self.write();
        if slot.handle.is_some() {
            return Ok(());
        }
        let now = Instant::now();
        if let Some(refusal) = self.refusal(&slot, now) {
            return Err(refusal);
        }
        let Some(opener) = &self.shared.opener else {
            return Err(Unavailable {
                message: format!("the store {} has no handle to serve", self.shared.name),
                retry_after: None,
            });
        };
        // An opener that panics is a failed open, not a request's panic.
        let opened =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(opener)).unwrap_or_else(|_| {
                Err(kenning::Error::Storage {
                    message: "opening the store panicked".to_owned(),
                    source: None,
                })
            });
        match opened {
            Ok(handle) => {
                slot.handle = Some(handle);
                slot.generation += 1;
                slot.down = None;
                log(&format!(
                    "the store {} is open again (reopen {})",
                    self.shared.name, slot.generation
                ));
                Ok(())
            }
            Err(e) => {
                let interval = self.retry_interval();
                log(&format!(
                    "opening the store {} again failed ({e}); the next request after {} ms \
                     tries again",
                    self.shared.name,
                    interval.as_millis()
                ));
                let down = slot.down.get_or_insert_with(|| Down {
                    cause: "an earlier I/O error".to_owned(),
                    reopen: None,
                    next_try: now,
                });
                let e = e.to_string();
                down.reopen = Some(e.strip_prefix("storage: ").unwrap_or(&e).to_owned());
                down.next_try = now + interval;
                Err(self.refusal(&slot, now).unwrap_or_else(|| Unavailable {
                    message: format!(
                        "the store {} could not be opened again: {e}",
                        self.shared.name
                    ),
                    retry_after: Some(interval),
                }))
            }
        }
    }

    /// Why a slot without a handle cannot serve now, or `None` when a reopen may be tried.
    fn refusal(&self, slot: &Slot, now: Instant) -> Option<Unavailable> {
        let name = &self.shared.name;
        if slot.closed {
            return Some(Unavailable {
                message: format!("the store {name} is closed: the server is shutting down"),
                retry_after: None,
            });
        }
        let down = slot.down.as_ref()?;
        let wait = down.next_try.checked_duration_since(now)?;
        let reopen = down.reopen.as_deref().unwrap_or("not tried yet");
        Some(Unavailable {
            message: format!(
                "the store {name} is unavailable: its handle met an I/O error ({}) and opening \
                 it again failed ({}); the server tries again on a request at most every {} ms \
                 (next in {} ms): fix the cause (free disk space, check the device), then \
                 retry; nothing acknowledged is lost",
                down.cause,
                reopen,
                self.retry_interval().as_millis(),
                wait.as_millis().max(1)
            ),
            retry_after: Some(wait),
        })
    }

    fn read(&self) -> RwLockReadGuard<'_, Slot> {
        self.shared
            .slot
            .read()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, Slot> {
        self.shared
            .slot
            .write()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Whether `e` leaves the handle that returned it unusable, so that a reopening [`Store`]
/// replaces it: [`kenning::Error::needs_reopen`] (an earlier I/O error), a commit whose
/// outcome is unknown ([`kenning::Error::outcome_unknown`]: the commit met an I/O error, which
/// spoils the handle for every later call), or a `STORAGE` error that is an I/O error itself
/// (a sync or a write inside the call's transaction failed: the storage engine latches every
/// I/O failure, so the next call would only be told to reopen).
///
/// Other storage errors (a damaged page, a record of a newer version) leave the handle as it
/// is: opening the store again would not mend them, and could refuse a store that still
/// serves most of its records.
#[must_use]
pub fn spoils(e: &kenning::Error) -> bool {
    e.needs_reopen() || e.outcome_unknown() || e.is_io()
}

/// The current handle of a [`Store`], borrowed for one call (or a few): the store waits for
/// every lease on a spoiled handle before it drops it. Dereferences to [`Kenning`].
pub struct Lease<'a> {
    kenning: Kenning,
    generation: u64,
    store: &'a Store,
    /// Held for the call: the store cannot drop the handle meanwhile.
    slot: RwLockReadGuard<'a, Slot>,
}

impl std::fmt::Debug for Lease<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lease")
            .field("generation", &self.generation)
            .finish_non_exhaustive()
    }
}

impl std::ops::Deref for Lease<'_> {
    type Target = Kenning;
    fn deref(&self) -> &Kenning {
        &self.kenning
    }
}

impl Lease<'_> {
    /// Hands the handle back, with the error a call on it returned (if any): an error that
    /// [spoils] the handle has the store replace it, once every call in flight on it has
    /// finished. Dropping a lease hands it back without an error.
    pub fn release(self, error: Option<&kenning::Error>) {
        match error.filter(|e| spoils(e)) {
            Some(e) => self.spoiled(&e.to_string()),
            None => drop(self),
        }
    }

    /// Hands the handle back as spoiled by `cause` (what the call met, for the log and for
    /// the answers while the store is reopened), whatever the error type of the call was: for
    /// a layer that has already turned the facade's error into its own (MCP's JSON-RPC errors)
    /// and tells a spoiling one with [`spoils`] beforehand. The store replaces the handle once
    /// every call in flight on it has finished (if it has an opener).
    pub fn spoiled(self, cause: &str) {
        let Lease {
            kenning,
            generation,
            store,
            slot,
        } = self;
        drop(kenning);
        drop(slot);
        store.retire(generation, cause);
    }
}

/// The answer to a request when a [`Store`] has no handle to serve it: the last reopen failed
/// (and is not due again yet), the one tried for this request failed, or the store is closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unavailable {
    /// What happened, its cause, and what to do.
    pub message: String,
    /// When a reopen will be tried again (`None`: never, the store is closed).
    pub retry_after: Option<Duration>,
}

impl std::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Unavailable {}

/// A `STORAGE` error with the same message.
impl From<Unavailable> for kenning::Error {
    fn from(u: Unavailable) -> Self {
        kenning::Error::Storage {
            message: u.message.clone(),
            source: Some(Box::new(u)),
        }
    }
}
