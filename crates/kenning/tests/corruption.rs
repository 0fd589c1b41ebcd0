//! A damaged store file never panics the library: flipping bytes of a closed store at many
//! offsets, zeroing each of its pages, or cutting it short, then opening it (read-write or
//! read-only, verifying every page or, as by default after a clean close, not) and reading
//! everything back either fails with an error that names the way out (at the open or at the
//! read that meets the damage) or returns exactly what was stored, in the tables and through
//! recall on every lane (C1, R2, SPEC §12).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

mod support;

use kenning::{Kenning, MemoryStorage, OpenOptions};
use support::{Rng, check_lanes, observe, try_check_lanes, try_observe, try_observe_lossy};

fn store() -> (Vec<u8>, support::Model) {
    let medium = MemoryStorage::new();
    support::fill_scopes(&Kenning::open_storage(medium.clone(), "m").unwrap(), 24);
    let bytes = medium.to_bytes();
    let kn = Kenning::open_storage(MemoryStorage::from_bytes(bytes.clone()), "m").unwrap();
    let model = observe(&kn);
    assert_eq!(check_lanes(&kn, &model), Vec::<String>::new());
    (bytes, model)
}

#[test]
fn flipped_bytes_give_an_error_or_the_stored_data_never_a_panic() {
    let (bytes, expected) = store();
    let mut rng = Rng(0xC0FFEE);
    let (mut errors, mut intact) = (0, 0);
    // About 500 offsets spread over the file, and every 23rd byte of the first two pages (the
    // headers). KENNING_CORRUPTION_STEP sets the stride: the campaign in docs/durability.md runs
    // 16 (12,800 flips); 1 flips every byte.
    let step = std::env::var("KENNING_CORRUPTION_STEP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or((bytes.len() / 500).max(1));
    let offsets = (0..bytes.len())
        .step_by(step)
        .chain((0..8192.min(bytes.len())).step_by(23.min(step)));
    for (n, offset) in offsets.enumerate() {
        let mut damaged = bytes.clone();
        damaged[offset] ^= (rng.below(255) + 1) as u8;
        let outcome = std::panic::catch_unwind(|| {
            let kn = Kenning::open_storage(MemoryStorage::from_bytes(damaged), "damaged")?;
            let seen = try_observe(&kn)?;
            // Recall on every lane, on every fourth copy (each check is some 400 retrievals).
            let lanes = if n % 4 == 0 {
                try_check_lanes(&kn, &seen)?
            } else {
                Vec::new()
            };
            Ok::<_, kenning::Error>((seen, lanes))
        });
        match outcome {
            Err(_) => panic!("a flip at offset {offset} panicked the library"),
            Ok(Err(e)) => {
                names_the_way_out(&e, &format!("a flip at offset {offset}"));
                errors += 1;
            }
            Ok(Ok((seen, lanes))) => {
                assert_eq!(
                    seen, expected,
                    "a flip at offset {offset} returned wrong data"
                );
                assert_eq!(lanes, Vec::<String>::new(), "a flip at offset {offset}");
                intact += 1;
            }
        }
    }
    println!(
        "{} bytes, {} flips: {errors} errors, {intact} intact reads, 0 panics",
        bytes.len(),
        errors + intact
    );
    assert!(errors > 0 && intact > 0, "errors {errors}, intact {intact}");
}

/// The same flips read-only (in a private view, verified and not) must give an error or exactly
/// the stored data and leave the file as it was; read-write without verification must too, and
/// recall on every lane with it: a damaged value is caught by its own checksum, and a panic
/// inside redb is contained as an error.
#[test]
fn flipped_bytes_read_only_give_an_error_or_the_stored_data_and_unverified_never_panic() {
    let (bytes, expected) = store();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0xFEED);
    let step = std::env::var("KENNING_CORRUPTION_STEP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or((bytes.len() / 300).max(1));
    let (mut errors, mut intact, mut unverified_errors, mut unverified_misreads) = (0, 0, 0, 0);
    for offset in (0..bytes.len()).step_by(step) {
        let mut damaged = bytes.clone();
        damaged[offset] ^= (rng.below(255) + 1) as u8;
        let path = dir.path().join("damaged.redb");
        std::fs::write(&path, &damaged).unwrap();
        let outcome = std::panic::catch_unwind(|| {
            let kn = Kenning::open_read_only(&path)?;
            try_observe(&kn)
        });
        match outcome {
            Err(_) => panic!("a flip at offset {offset} panicked a read-only open"),
            Ok(Err(e)) => {
                names_the_way_out(&e, &format!("a flip at offset {offset}"));
                errors += 1;
            }
            Ok(Ok(seen)) => {
                assert_eq!(
                    seen, expected,
                    "a flip at offset {offset}: wrong data read-only"
                );
                intact += 1;
            }
        }
        assert_eq!(
            std::fs::read(&path).unwrap(),
            damaged,
            "a read-only open wrote"
        );
        let unverified = || OpenOptions::new().verify_on_open(false).open(&path);
        match unverified_read(unverified, &expected, &format!("a flip at offset {offset}")) {
            Unverified::Error => unverified_errors += 1,
            Unverified::Intact => {}
            Unverified::Misread => unverified_misreads += 1,
        }
    }
    println!(
        "read-only: {} flips, {errors} errors, {intact} intact reads, 0 wrong, 0 panics; \
         unverified read-write: {unverified_errors} errors, {unverified_misreads} misreads, 0 panics",
        errors + intact
    );
    assert!(errors > 0 && intact > 0);
}

/// What a read of a damaged store opened without verification gave.
enum Unverified {
    /// An error naming the way out, at the open or at a read.
    Error,
    /// Exactly the stored data, on every lane.
    Intact,
    /// Something else: a value vouched for by no checksum (a key, redb's page structure) read
    /// as another. Counted, not refused: it is what verifying on open exists to prevent.
    Misread,
}

/// Opens `open()` (a handle on a damaged store, unverified) and reads everything: never a panic.
fn unverified_read(
    open: impl FnOnce() -> kenning::Result<Kenning> + std::panic::UnwindSafe,
    expected: &support::Model,
    what: &str,
) -> Unverified {
    let outcome = std::panic::catch_unwind(|| {
        let kn = open()?;
        let seen = try_observe_lossy(&kn)?;
        let lanes = try_check_lanes(&kn, &seen)?;
        Ok::<_, kenning::Error>((seen, lanes))
    });
    match outcome {
        Err(_) => panic!("{what} panicked an unverified open"),
        Ok(Err(e)) => {
            names_the_way_out(&e, &format!("{what}, unverified"));
            Unverified::Error
        }
        Ok(Ok((seen, lanes))) if &seen == expected && lanes.is_empty() => Unverified::Intact,
        Ok(Ok(_)) => Unverified::Misread,
    }
}

/// An error about a damaged file says what to do: check and salvage it, or restore a backup.
fn names_the_way_out(e: &kenning::Error, what: &str) {
    let msg = e.to_string();
    assert!(
        msg.contains("kenning store salvage") || msg.contains("backup"),
        "{what}: the error names no way out: {msg}"
    );
}

/// Opens `damaged` both ways and reads everything: an error naming the way out, or exactly the
/// stored data; never a panic, never a write to a read-only file. Returns (errors, intact reads).
fn open_both_ways(damaged: &[u8], expected: &support::Model, what: &str) -> (u32, u32) {
    let (mut errors, mut intact) = (0, 0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.redb");
    std::fs::write(&path, damaged).unwrap();
    let read_only = std::panic::catch_unwind(|| {
        let kn = Kenning::open_read_only(&path)?;
        try_observe(&kn)
    });
    let read_write = |verify: bool| {
        std::panic::catch_unwind(|| {
            let kn = OpenOptions::new()
                .verify_on_open(verify)
                .open_storage(MemoryStorage::from_bytes(damaged.to_vec()), "damaged")?;
            let seen = try_observe(&kn)?;
            let lanes = try_check_lanes(&kn, &seen)?;
            Ok::<_, kenning::Error>((seen, lanes))
        })
    };
    match read_only {
        Err(_) => panic!("{what} panicked a read-only open"),
        Ok(Err(e)) => {
            names_the_way_out(&e, &format!("{what}, read-only"));
            errors += 1;
        }
        Ok(Ok(seen)) => {
            assert_eq!(&seen, expected, "{what}: wrong data read-only");
            intact += 1;
        }
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        damaged,
        "{what}: a read-only open wrote"
    );
    match read_write(true) {
        Err(_) => panic!("{what} panicked a read-write open"),
        Ok(Err(e)) => {
            names_the_way_out(&e, &format!("{what}, read-write"));
            errors += 1;
        }
        Ok(Ok((seen, lanes))) => {
            assert_eq!(&seen, expected, "{what}: wrong data read-write");
            assert_eq!(lanes, Vec::<String>::new(), "{what}");
            intact += 1;
        }
    }
    let unverified = || {
        OpenOptions::new()
            .verify_on_open(false)
            .open_storage(MemoryStorage::from_bytes(damaged.to_vec()), "damaged")
    };
    if let Unverified::Misread = unverified_read(unverified, expected, what) {
        println!("{what}: misread unverified");
    }
    (errors, intact)
}

/// Every 4 KiB page zeroed in turn (a lost write, a sector the disk gave back blank), and the
/// file cut short at every page boundary and inside the first pages (a truncated copy): an error
/// naming the way out, or the stored data, read-write and read-only.
#[test]
fn zeroed_pages_and_truncations_give_an_error_naming_the_fix_or_the_stored_data() {
    let (bytes, expected) = store();
    let (mut errors, mut intact) = (0, 0);
    for page in 0..bytes.len().div_ceil(4096) {
        let mut damaged = bytes.clone();
        let end = ((page + 1) * 4096).min(bytes.len());
        damaged[page * 4096..end].fill(0);
        let (e, i) = open_both_ways(&damaged, &expected, &format!("page {page} zeroed"));
        errors += e;
        intact += i;
    }
    let cuts = (4096..bytes.len()).step_by(4096).chain([
        1,
        9,
        64,
        511,
        512,
        1024,
        2048,
        4095,
        bytes.len() - 1,
    ]);
    for len in cuts {
        let (e, i) = open_both_ways(&bytes[..len], &expected, &format!("cut at {len} bytes"));
        errors += e;
        intact += i;
    }
    println!("zeroed pages and cuts: {errors} errors, {intact} intact reads, 0 wrong, 0 panics");
    assert!(errors > 0);
}
