//! A damaged store file never panics the library: flipping bytes of a closed store at many
//! offsets, opening it and reading everything back either fails with an error or returns exactly
//! what was stored, in the tables and through recall on every lane (C1, R2, SPEC §12).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

mod support;

use kenning::{
    GraphCommit, Kenning, Level, MemoryStorage, NewCapsule, Node, Principal, ScopeKind, Vocabulary,
};
use support::{MODEL, Rng, check_lanes, observe, vector};

fn store() -> (Vec<u8>, support::Model) {
    let ops = Principal::operator("ops");
    let medium = MemoryStorage::new();
    {
        let kn = Kenning::open_storage(medium.clone(), "m").unwrap();
        for i in 0..24 {
            let id = format!("s{i}");
            kn.register_scope(&ops, &id, ScopeKind::Agent).unwrap();
            let v = Vocabulary::empty().with_class(format!("Class{i}"), "d".repeat(i * 5));
            kn.declare_vocabulary(&ops, Level::Scope(&id), &v).unwrap();
            let notes: Vec<NewCapsule> = (0..8)
                .map(|j| {
                    NewCapsule::new(
                        &id,
                        format!("s{i}n{j} memo of scope {i}: {}", "words ".repeat(j)),
                    )
                })
                .collect();
            let vectors: Vec<Vec<f32>> = (0..8).map(|j| vector((i * 8 + j + 1) as u64)).collect();
            // Every capsule but the last of each scope has an embedding.
            let embeddings: Vec<Option<&[f32]>> = vectors
                .iter()
                .enumerate()
                .map(|(j, v)| (j < 7).then_some(v.as_slice()))
                .collect();
            kn.put_batch_with_embeddings(&ops, &notes, &embeddings, MODEL)
                .unwrap();
            let node = Node::new(format!("n{i}"), format!("node {i}")).with_type("Thing");
            kn.commit_graph(&ops, &id, &GraphCommit::new().node(node))
                .unwrap();
        }
    }
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
            let seen = observe(&kn);
            // Recall on every lane, on every fourth copy (each check is some 400 retrievals).
            let lanes = if n % 4 == 0 {
                check_lanes(&kn, &seen)
            } else {
                Vec::new()
            };
            Ok::<_, kenning::Error>((seen, lanes))
        });
        match outcome {
            Err(_) => panic!("a flip at offset {offset} panicked the library"),
            Ok(Err(_)) => errors += 1,
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

/// The same flips through the two other ways to open a file: read-only (verified, in a private
/// view) must give an error or exactly the stored data; read-write without verification (the
/// caller's explicit trust) must never panic: a damaged record with a checksum is an error, and
/// a panic inside redb is contained as one.
#[test]
fn flipped_bytes_read_only_give_an_error_or_the_stored_data_and_unverified_never_panic() {
    let (bytes, expected) = store();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0xFEED);
    let step = std::env::var("KENNING_CORRUPTION_STEP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or((bytes.len() / 300).max(1));
    let (mut errors, mut intact, mut unverified_errors) = (0, 0, 0);
    for offset in (0..bytes.len()).step_by(step) {
        let mut damaged = bytes.clone();
        damaged[offset] ^= (rng.below(255) + 1) as u8;
        let path = dir.path().join("damaged.redb");
        std::fs::write(&path, &damaged).unwrap();
        let outcome = std::panic::catch_unwind(|| {
            let kn = Kenning::open_read_only(&path)?;
            Ok::<_, kenning::Error>(observe(&kn))
        });
        match outcome {
            Err(_) => panic!("a flip at offset {offset} panicked a read-only open"),
            Ok(Err(_)) => errors += 1,
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
        let unverified = std::panic::catch_unwind(|| {
            let kn = kenning::OpenOptions::new()
                .verify_on_open(false)
                .open(&path)?;
            let ops = kenning::Principal::operator("check");
            for scope in kn.scopes(&ops)? {
                kn.capsules(&ops, &scope.id, None, 1000)?;
                kn.retrieve(&ops, &kenning::RetrieveRequest::new(&scope.id, "memo"))?;
            }
            Ok::<_, kenning::Error>(())
        });
        match unverified {
            Err(_) => panic!("a flip at offset {offset} panicked an unverified open"),
            Ok(Err(_)) => unverified_errors += 1,
            Ok(Ok(())) => {}
        }
    }
    println!(
        "read-only: {} flips, {errors} errors, {intact} intact reads, 0 wrong, 0 panics; \
         unverified read-write: {unverified_errors} errors, 0 panics",
        errors + intact
    );
    assert!(errors > 0 && intact > 0);
}
