//! A store that never lies about a damaged or incomplete file: read-only handles verify what they
//! serve, a file that holds no complete store is refused and left untouched, a store left by a
//! crash opens read-only without being written, and every refusal names the file and the way out
//! (C1, SPEC §12).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use kenning::{ErrorCode, Kenning, NewCapsule, Principal, ScopeKind};

const MARKER: &str = "the-one-marker-sentence-of-this-store";

/// A closed store holding a few capsules, one of them with [`MARKER`] in its content.
fn store(dir: &Path) -> (PathBuf, kenning::CapsuleId) {
    let path = dir.join("memory.redb");
    let kn = Kenning::open(&path).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "bot.a", ScopeKind::Agent).unwrap();
    for i in 0..20 {
        kn.put(&ops, &NewCapsule::new("bot.a", format!("filler note {i}")))
            .unwrap();
    }
    let id = kn
        .put(
            &ops,
            &NewCapsule::new("bot.a", format!("{MARKER} says hello")),
        )
        .unwrap();
    (path, id)
}

fn find(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .position(|w| w == needle)
        .expect("the marker is in the file")
}

/// Every refusal of a damaged file names it and the commands that deal with it.
fn assert_names_the_way_out(err: &kenning::Error, path: &Path) {
    assert_eq!(err.code(), ErrorCode::Storage, "{err}");
    let msg = err.to_string();
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(msg.contains("kenning store check"), "{msg}");
    assert!(msg.contains("kenning store salvage"), "{msg}");
}

#[test]
fn a_read_only_handle_never_serves_a_record_the_checksums_do_not_vouch_for() {
    let dir = tempfile::tempdir().unwrap();
    let (path, id) = store(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let at = find(&bytes, MARKER.as_bytes());
    bytes[at + 4] ^= 0x20; // one letter's case: still valid UTF-8, still valid JSON
    std::fs::write(&path, &bytes).unwrap();

    let outcome =
        Kenning::open_read_only(&path).and_then(|kn| kn.capsule(&Principal::operator("ops"), id));
    match outcome {
        Ok(c) => panic!("a damaged record was served as {:?}", c.content),
        Err(e) => assert_names_the_way_out(&e, &path),
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the file is left as it was"
    );
    let err = Kenning::open(&path).unwrap_err();
    assert_names_the_way_out(&err, &path);
}

#[test]
fn a_zeroed_page_is_an_error_naming_the_file_never_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = store(dir.path());
    let original = std::fs::read(&path).unwrap();
    // Every 4 KiB page past the header in turn.
    for page in 1..original.len() / 4096 {
        let mut bytes = original.clone();
        bytes[page * 4096..(page + 1) * 4096].fill(0);
        std::fs::write(&path, &bytes).unwrap();
        let outcome = std::panic::catch_unwind(|| {
            let kn = Kenning::open_read_only(&path)?;
            let ops = Principal::operator("ops");
            kn.retrieve(&ops, &kenning::RetrieveRequest::new("bot.a", "note"))?;
            kn.capsules(&ops, "bot.a", None, 100)
        });
        match outcome {
            Err(_) => panic!("a zeroed page {page} panicked a read-only open"),
            Ok(Ok(capsules)) => assert_eq!(capsules.len(), 21, "page {page} read intact"),
            Ok(Err(e)) => assert_eq!(e.code(), ErrorCode::Storage, "page {page}: {e}"),
        }
    }
}

#[test]
fn an_existing_empty_file_is_refused_and_left_empty() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.redb");
    std::fs::write(&path, b"").unwrap();
    let err = Kenning::open(&path).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Storage);
    let msg = err.to_string();
    assert!(
        msg.contains("not a complete Kenning store") && msg.contains("an empty file"),
        "{msg}"
    );
    assert!(msg.contains("kenning store salvage"), "{msg}");
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        0,
        "nothing was written"
    );
    assert!(Kenning::open_read_only(&path).is_err());
}

#[test]
fn a_store_whose_header_was_destroyed_is_refused_and_never_truncated() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = store(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[..512].fill(0); // the first sector, as a torn write leaves it
    std::fs::write(&path, &bytes).unwrap();
    for open in [Kenning::open, Kenning::open_read_only] {
        let err = open(&path).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("not a complete Kenning store"), "{msg}");
        assert!(msg.contains("first 9 are zero"), "{msg}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "the file is left as it was"
        );
    }
    // On a custom medium too.
    let medium = kenning::MemoryStorage::from_bytes(bytes.clone());
    assert!(Kenning::open_storage(medium.clone(), "medium").is_err());
    assert_eq!(medium.to_bytes(), bytes);
}

#[test]
fn a_store_left_by_a_crash_opens_read_only_without_being_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("live.redb");
    let copy = dir.path().join("crashed.redb");
    let ops = Principal::operator("ops");
    let id = {
        let kn = Kenning::open(&path).unwrap();
        kn.register_scope(&ops, "bot.a", ScopeKind::Agent).unwrap();
        let id = kn
            .put(&ops, &NewCapsule::new("bot.a", "written before the crash"))
            .unwrap();
        // The file as a crash would leave it: copied while the writer still holds it open.
        std::fs::copy(&path, &copy).unwrap();
        id
    };
    let before = std::fs::read(&copy).unwrap();
    let kn = Kenning::open_read_only(&copy).unwrap();
    assert_eq!(
        kn.capsule(&ops, id).unwrap().content,
        "written before the crash"
    );
    drop(kn);
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        before,
        "repaired in private, never written"
    );
}

#[test]
fn a_creation_cut_short_leaves_no_file_behind_for_long() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memory.redb");
    // What a process killed while creating the store leaves: an old creation file.
    let stale = dir.path().join(".memory.redb.creating-4294967295");
    std::fs::write(&stale, b"half a store").unwrap();
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(old)
        .unwrap();
    // One a creation running right now would be using: too young to touch.
    let young = dir.path().join(".memory.redb.creating-4294967294");
    std::fs::write(&young, b"in progress").unwrap();
    Kenning::open(&path).unwrap();
    assert!(!stale.exists(), "the stale creation file is removed");
    assert!(young.exists(), "a fresh one is left to its creator");
}
