//! A clean close of a verified read-write handle seals the store file (a CRC-32 of every MiB,
//! beside it), and the next open verifies the file by reading it once against the seal instead
//! of redb's check of every page, which reads it twice. Whatever changed the file since, the
//! open falls back to the page check; a seal never makes an open fail, and `kenning store
//! check` checks every page whatever the seal says (C1, `docs/durability.md`, "Self-checking on
//! open").

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::{Path, PathBuf};

use kenning::{Kenning, NewCapsule, OpenOptions, Principal, Verification};
use support::{Model, check_lanes, observe, try_check_lanes, try_observe};

fn seal_of(store: &Path) -> PathBuf {
    let name = store.file_name().unwrap().to_string_lossy();
    store.with_file_name(format!("{name}.kenning-seal"))
}

/// A store of a few scopes (`support::fill_scopes`), closed cleanly; what it holds.
fn filled(path: &Path) -> Model {
    let kn = Kenning::open(path).unwrap();
    support::fill_scopes(&kn, 6);
    let model = observe(&kn);
    assert_eq!(check_lanes(&kn, &model), Vec::<String>::new());
    model
}

/// Reads everything through `kn` and recalls on every lane: exactly `model`.
fn holds(kn: &Kenning, model: &Model, what: &str) {
    assert_eq!(&observe(kn), model, "{what}");
    assert_eq!(check_lanes(kn, model), Vec::<String>::new(), "{what}");
}

/// The seal of `file` built from `docs/format.md`'s description, not from the library's code.
fn seal_as_documented(file: &[u8]) -> Vec<u8> {
    let mut seal = b"KNSEAL\r\n".to_vec();
    seal.extend_from_slice(&1u32.to_le_bytes());
    seal.extend_from_slice(&(1u32 << 20).to_le_bytes());
    seal.extend_from_slice(&(file.len() as u64).to_le_bytes());
    for block in file.chunks(1 << 20) {
        seal.extend_from_slice(&crc32fast::hash(block).to_le_bytes());
    }
    let own = crc32fast::hash(&seal);
    seal.extend_from_slice(&own.to_le_bytes());
    seal
}

#[test]
fn a_clean_close_seals_the_file_and_the_next_open_reads_it_against_the_seal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memory.redb");
    let model = filled(&path);
    let seal = std::fs::read(seal_of(&path)).expect("a clean close wrote a seal");
    assert_eq!(
        seal,
        seal_as_documented(&std::fs::read(&path).unwrap()),
        "the seal is as docs/format.md describes it"
    );

    let read_only = Kenning::open_read_only(&path).unwrap();
    assert_eq!(read_only.verification(), Verification::Sealed);
    holds(&read_only, &model, "read-only, sealed");
    drop(read_only);
    assert_eq!(
        std::fs::read(seal_of(&path)).unwrap(),
        seal,
        "a read-only handle leaves the seal as it was"
    );

    let kn = Kenning::open(&path).unwrap();
    assert_eq!(kn.verification(), Verification::Sealed);
    assert!(
        !seal_of(&path).exists(),
        "a read-write open removes the seal before it writes, so a crash leaves none"
    );
    holds(&kn, &model, "read-write, sealed");
    let ops = Principal::operator("ops");
    kn.put(&ops, &NewCapsule::new("s0", "one more memo"))
        .unwrap();
    let model = observe(&kn);
    drop(kn);
    assert_eq!(
        std::fs::read(seal_of(&path)).unwrap(),
        seal_as_documented(&std::fs::read(&path).unwrap()),
        "the close sealed the file as it now is"
    );
    let kn = Kenning::open(&path).unwrap();
    assert_eq!(kn.verification(), Verification::Sealed);
    holds(&kn, &model, "after a write, sealed again");
}

/// Every changed byte of a sealed file, at offsets spread over it: the open checks every page
/// instead (an error naming the way out, or exactly the stored data), read-only and read-write,
/// never trusting the seal.
#[test]
fn any_byte_changed_since_the_seal_sends_the_open_to_the_page_check() {
    let dir = tempfile::tempdir().unwrap();
    let sealed = dir.path().join("memory.redb");
    let model = filled(&sealed);
    let bytes = std::fs::read(&sealed).unwrap();
    let seal = std::fs::read(seal_of(&sealed)).unwrap();
    let path = dir.path().join("damaged.redb");
    let (mut errors, mut intact) = (0, 0);
    let mut rng = support::Rng(0x5EA1);
    for offset in (0..bytes.len()).step_by(bytes.len() / 80) {
        let mut damaged = bytes.clone();
        damaged[offset] ^= (rng.below(255) + 1) as u8;
        for read_only in [true, false] {
            std::fs::write(&path, &damaged).unwrap();
            std::fs::write(seal_of(&path), &seal).unwrap();
            let outcome = std::panic::catch_unwind(|| {
                let kn = if read_only {
                    Kenning::open_read_only(&path)?
                } else {
                    Kenning::open(&path)?
                };
                let verification = kn.verification();
                let seen = try_observe(&kn)?;
                let lanes = try_check_lanes(&kn, &seen)?;
                Ok::<_, kenning::Error>((verification, seen, lanes))
            });
            let what = format!("a flip at {offset}, read-only {read_only}");
            match outcome {
                Err(_) => panic!("{what} panicked"),
                Ok(Err(e)) => {
                    let msg = e.to_string();
                    assert!(
                        msg.contains("kenning store salvage") || msg.contains("backup"),
                        "{what}: {msg}"
                    );
                    errors += 1;
                }
                Ok(Ok((verification, seen, lanes))) => {
                    assert_eq!(verification, Verification::EveryPage, "{what}");
                    assert_eq!(seen, model, "{what}: wrong data");
                    assert_eq!(lanes, Vec::<String>::new(), "{what}");
                    intact += 1;
                }
            }
        }
    }
    println!("{errors} errors, {intact} intact reads");
    assert!(errors > 0 && intact > 0, "errors {errors}, intact {intact}");
}

/// A seal cut short, changed, of another format, or of another file is not trusted and costs
/// only the page check: the open succeeds and reads the store exactly.
#[test]
fn a_damaged_or_foreign_seal_only_costs_the_page_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memory.redb");
    let model = filled(&path);
    let seal = std::fs::read(seal_of(&path)).unwrap();
    let mut other_format = seal.clone();
    other_format[8] = 2;
    let n = other_format.len();
    let own = crc32fast::hash(&other_format[..n - 4]);
    other_format[n - 4..].copy_from_slice(&own.to_le_bytes());
    let mut flipped = seal.clone();
    flipped[30] ^= 1;
    let of_another_file = seal_as_documented(b"another file altogether");
    for (what, bytes) in [
        ("cut short", seal[..seal.len() - 1].to_vec()),
        ("a flipped bit", flipped),
        ("another format", other_format),
        ("another file's", of_another_file),
        ("empty", Vec::new()),
    ] {
        std::fs::write(seal_of(&path), &bytes).unwrap();
        let kn = Kenning::open_read_only(&path).unwrap();
        assert_eq!(kn.verification(), Verification::EveryPage, "{what}");
        holds(&kn, &model, what);
    }
    std::fs::remove_file(seal_of(&path)).unwrap();
    let kn = Kenning::open(&path).unwrap();
    assert_eq!(kn.verification(), Verification::EveryPage, "no seal");
    holds(&kn, &model, "no seal");
}

/// A handle that did not verify its file vouches for nothing: its open removes the seal, and
/// its close writes none, so the next verifying open checks every page.
#[test]
fn an_unverified_handle_removes_the_seal_and_writes_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memory.redb");
    let model = filled(&path);
    assert!(seal_of(&path).exists());
    let kn = OpenOptions::new()
        .verify_on_open(false)
        .open(&path)
        .unwrap();
    assert_eq!(kn.verification(), Verification::Unverified);
    assert!(!seal_of(&path).exists(), "removed by the open");
    holds(&kn, &model, "unverified");
    drop(kn);
    assert!(!seal_of(&path).exists(), "none written by the close");
    let kn = Kenning::open(&path).unwrap();
    assert_eq!(kn.verification(), Verification::EveryPage);
    drop(kn);
    assert!(
        seal_of(&path).exists(),
        "a verified handle's close seals again"
    );
}

/// `Kenning::check` (`kenning store check`) checks every page even beside a seal that matches:
/// a seal forged for a damaged file gives the same report as no seal at all, while an open that
/// trusts it (the default) does not check the pages.
#[test]
fn store_check_checks_every_page_whatever_the_seal_says() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memory.redb");
    filled(&path);
    let bytes = std::fs::read(&path).unwrap();
    let (mut compared, mut caught_only_by_the_page_check) = (0, 0);
    for offset in (4096..bytes.len()).step_by(bytes.len() / 40) {
        let mut damaged = bytes.clone();
        damaged[offset] ^= 0x5A;
        std::fs::write(&path, &damaged).unwrap();
        std::fs::remove_file(seal_of(&path)).ok();
        let unsealed = Kenning::check(&path).unwrap();
        if unsealed.sound {
            continue;
        }
        std::fs::write(seal_of(&path), seal_as_documented(&damaged)).unwrap();
        let forged = Kenning::check(&path).unwrap();
        assert_eq!(
            forged, unsealed,
            "a flip at {offset}: the seal changed the check"
        );
        compared += 1;
        // The forged seal is trusted by a default open: it does not fail for the page check.
        if let Ok(kn) = Kenning::open_read_only(&path) {
            assert_eq!(
                kn.verification(),
                Verification::Sealed,
                "a flip at {offset}"
            );
            caught_only_by_the_page_check += 1;
        }
    }
    assert!(
        compared > 0 && caught_only_by_the_page_check > 0,
        "compared {compared}, caught only by the page check {caught_only_by_the_page_check}"
    );
}

/// Compaction rewrites the file through a handle whose open verified it, and seals the result.
#[test]
fn compaction_seals_the_compacted_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memory.redb");
    let model = filled(&path);
    Kenning::compact(&path).unwrap();
    assert_eq!(
        std::fs::read(seal_of(&path)).unwrap(),
        seal_as_documented(&std::fs::read(&path).unwrap()),
    );
    let kn = Kenning::open(&path).unwrap();
    assert_eq!(kn.verification(), Verification::Sealed);
    holds(&kn, &model, "compacted");
}
