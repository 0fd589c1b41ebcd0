//! A failed sync is reported for what it is: one inside the call's transaction (redb syncs when
//! it grows the file) aborts it, and the error means nothing was written; one in the commit
//! makes the outcome unknown, and the error says so (`outcome_unknown()`), so that a caller
//! checks before retrying. Either way a reopened store holds the call whole or not at all, and
//! the failed handle asks to be reopened (C1, SPEC §12). The failure is injected at every sync
//! point of the call in turn.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use kenning::{ErrorCode, Kenning, MemoryStorage, NewCapsule, Principal, ScopeKind, Storage};

/// A medium whose `sync_data` fails with EIO once, at the `fail_at`-th sync after it is armed;
/// reads and writes go through, as on a disk whose flush failed.
#[derive(Debug, Clone)]
struct FailingSync {
    inner: MemoryStorage,
    syncs: Arc<AtomicU64>,
    fail_at: Arc<AtomicU64>,
}

impl FailingSync {
    fn arm(&self, n: u64) {
        self.syncs.store(0, Ordering::SeqCst);
        self.fail_at.store(n, Ordering::SeqCst);
    }
    fn syncs(&self) -> u64 {
        self.syncs.load(Ordering::SeqCst)
    }
}

impl Storage for FailingSync {
    fn len(&self) -> io::Result<u64> {
        self.inner.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.inner.read(offset, out)
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        self.inner.set_len(len)
    }
    fn sync_data(&self) -> io::Result<()> {
        let n = self.syncs.fetch_add(1, Ordering::SeqCst) + 1;
        if n == self.fail_at.load(Ordering::SeqCst) {
            return Err(io::Error::from_raw_os_error(5)); // EIO
        }
        self.inner.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.inner.write(offset, data)
    }
}

fn batch() -> Vec<NewCapsule> {
    (0..50)
        .map(|i| NewCapsule::new("bot.a", format!("batch note {i}")))
        .collect()
}

#[test]
fn a_failed_sync_is_an_unknown_outcome_at_every_sync_point_and_never_a_partial_call() {
    let ops = Principal::operator("ops");
    let (mut points, mut unknown) = (0, 0);
    for n in 1.. {
        let medium = FailingSync {
            inner: MemoryStorage::new(),
            syncs: Arc::new(AtomicU64::new(0)),
            fail_at: Arc::new(AtomicU64::new(0)),
        };
        let kn = Kenning::open_storage(medium.clone(), "disk").unwrap();
        kn.register_scope(&ops, "bot.a", ScopeKind::Agent).unwrap();
        medium.arm(n);
        let outcome = kn.put_batch(&ops, &batch());
        if medium.syncs() < n {
            // The call never reached the n-th sync: every sync point has been tried.
            outcome.unwrap();
            break;
        }
        points += 1;
        let err = outcome.expect_err("a sync the call needed failed");
        assert_eq!(err.code(), ErrorCode::Storage, "{err}");
        assert!(err.is_io(), "a failed sync is an I/O error: {err}");
        if err.outcome_unknown() {
            unknown += 1;
            let msg = err.to_string();
            assert!(
                msg.contains("unknown") && msg.contains("check before retrying"),
                "{msg}"
            );
        }

        // This handle is done with: it says to reopen, and writes nothing more.
        let next = kn.put(&ops, &NewCapsule::new("bot.a", "after the failure"));
        if let Err(e) = &next {
            assert_eq!(e.code(), ErrorCode::Storage);
        }
        drop(kn);

        // Reopened, the store holds the batch whole or not at all.
        let reopened = Kenning::open_storage(medium.inner.clone(), "disk").unwrap();
        let held = reopened.capsules(&ops, "bot.a", None, 1000).unwrap();
        let of_batch = held
            .iter()
            .filter(|c| c.content.starts_with("batch note"))
            .count();
        assert!(
            of_batch == 0 || of_batch == 50,
            "sync point {n}: {of_batch} of 50 stored"
        );
        if !err.outcome_unknown() {
            assert_eq!(
                of_batch, 0,
                "sync point {n}: an error that is not unknown wrote nothing"
            );
        }
    }
    println!("{points} sync points failed in turn, {unknown} in the commit (outcome unknown)");
    assert!(points >= 2, "the call syncs more than once: {points}");
    assert!(
        unknown >= 1,
        "at least the commit's sync makes the outcome unknown"
    );
}

#[test]
fn a_handle_after_an_io_failure_asks_to_be_reopened() {
    let ops = Principal::operator("ops");
    let medium = FailingSync {
        inner: MemoryStorage::new(),
        syncs: Arc::new(AtomicU64::new(0)),
        fail_at: Arc::new(AtomicU64::new(0)),
    };
    let kn = Kenning::open_storage(medium.clone(), "disk").unwrap();
    kn.register_scope(&ops, "bot.a", ScopeKind::Agent).unwrap();
    medium.arm(1);
    assert!(kn.put_batch(&ops, &batch()).is_err());
    let err = kn
        .put(&ops, &NewCapsule::new("bot.a", "after the failure"))
        .unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("reopen"), "{msg}");
    assert!(err.is_io() && err.needs_reopen(), "{msg}");
    assert!(
        !err.outcome_unknown(),
        "this call was refused before it wrote: {msg}"
    );
}
