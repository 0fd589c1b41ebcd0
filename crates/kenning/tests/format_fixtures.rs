//! Golden fixtures of the on-disk format (`docs/format.md`): a store file written by each format
//! version, with every table populated, committed under `tests/fixtures/`. This build must read
//! each of them whole, record by record and through every lane, exactly as the population below
//! describes, and a read-write open must move an older one to the current format without
//! losing a byte of what it holds. Each format change adds a fixture.
//!
//! `store-v1.redb` was written by the build at commit bbdff8b4 (store format 1, records without
//! checksums); `store-v2.redb` by format 2 (checksummed JSON records, the store's generation);
//! `store-v3.redb` by format 3 (binary capsule and fences records with a head read alone);
//! `store-v4.redb` by format 4 (term-index and graph records, version 2, checksummed);
//! `store-v5.redb` by format 5 (embeddings in blocks of consecutive positions).
//! To write a fixture with the build at hand:
//! `KENNING_FIXTURE_OUT=path cargo test -p kenning --test format_fixtures -- --ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeSet;
use std::path::Path;

use kenning::{
    CapsuleId, ClassifyRequest, Context, Edge, EntityObservations, FactTime, GraphCommit, Kenning,
    KeyGrant, Kind, Lane, Level, LifecycleChange, NewCapsule, NewEntity, Node, Origin, Permission,
    Principal, RetrieveRequest, ScopeKind, Selector, Timestamp, Vocabulary,
};
use support::{check_lanes, observe};

/// The fixtures' model tag and vectors: defined here, so that every build writes the same ones.
const MODEL: &str = "fixture-v1";

fn vector(seed: u64) -> Vec<f32> {
    (0..6)
        .map(|i| ((seed * 7 + i * 3) % 11) as f32 - 5.0 + 0.25)
        .collect()
}

/// Writes one of everything the store holds. Uses only calls every format's build has, so that
/// the fixture of each format is the same population.
fn populate(kn: &Kenning) {
    let ops = Principal::operator("fixture");
    kn.register_scope(&ops, "bot.fixture", ScopeKind::Agent)
        .unwrap();
    kn.register_scope(&ops, "person.fixture", ScopeKind::Subject)
        .unwrap();
    let people = Vocabulary::empty().with_class("Person", "an individual human being");
    kn.declare_vocabulary(&ops, Level::Enterprise, &people)
        .unwrap();
    let org = Vocabulary::empty().with_class("Organization", "a company");
    kn.declare_vocabulary(&ops, Level::Scope("bot.fixture"), &org)
        .unwrap();
    let grant = KeyGrant {
        permissions: BTreeSet::from([Permission::MemoryRead]),
        agent_selectors: vec![Selector::Any],
        ..KeyGrant::default()
    };
    kn.create_api_key(&ops, grant.clone()).unwrap();
    let revoked = kn.create_api_key(&ops, grant).unwrap();
    kn.revoke_api_key(&ops, &revoked.key.id).unwrap();

    let capsules: Vec<NewCapsule> = (0..12)
        .map(|i| {
            let c = NewCapsule::new("bot.fixture", format!("fx{i} memo fixture note {i}"));
            match i % 3 {
                0 => c.meta("source", "fixture"),
                1 => c
                    .origin(Origin::ToolObservation)
                    .fact_time(FactTime::at(Timestamp::from_millis(1_700_000_000_000 + i))),
                _ => c,
            }
        })
        .collect();
    let ids = kn.put_batch(&ops, &capsules).unwrap();
    let vectors: Vec<Vec<f32>> = (0..8).map(|i| vector(i + 1)).collect();
    let pairs: Vec<(CapsuleId, &[f32])> = ids
        .iter()
        .zip(&vectors)
        .map(|(id, v)| (*id, v.as_slice()))
        .collect();
    kn.attach_embeddings(&ops, &pairs, MODEL).unwrap();
    kn.put(
        &ops,
        &NewCapsule::new("person.fixture", "fxs memo about a person"),
    )
    .unwrap();
    kn.change_lifecycle(&ops, ids[9], LifecycleChange::Quarantine)
        .unwrap();
    kn.change_lifecycle(&ops, ids[10], LifecycleChange::Archive)
        .unwrap();
    kn.supersede(
        &ops,
        ids[11],
        &NewCapsule::new("bot.fixture", "fxr memo the replacement"),
    )
    .unwrap();
    let mut request = ClassifyRequest::new("fx0 memo fixture note 0");
    request.capsule_id = Some(ids[0].to_string());
    request.kind = Some(Kind::Fact);
    kn.classify(&ops, &request).unwrap();

    let commit = GraphCommit::new()
        .node(Node::new("ana", "Ana").with_type("Person"))
        .node(Node::new("acme", "Acme").with_type("Organization"))
        .node(Node::new("lisbon", "Lisbon"))
        .edge(Edge::new("ana", "WORKS_AT", "acme"))
        .edge(Edge::new("acme", "LOCATED_IN", "lisbon"));
    kn.commit_graph(&ops, "bot.fixture", &commit).unwrap();
    kn.create_entities(
        &ops,
        "bot.fixture",
        &[NewEntity::new("bo")
            .with_type("Person")
            .observe("fxo memo Bo answers chat")],
    )
    .unwrap();
    kn.add_observations(
        &ops,
        "bot.fixture",
        &[EntityObservations::new(
            "bo",
            ["fxp memo Bo lives in Porto"],
        )],
    )
    .unwrap();
    kn.forget(&ops, ids[8]).unwrap();
}

/// What format 3 added to the population: capsules in a thread (`kenning.thread_positions`),
/// one of them superseded within it.
fn populate_since_v3(kn: &Kenning) {
    let ops = Principal::operator("fixture");
    let turns: Vec<NewCapsule> = (0..4)
        .map(|i| {
            NewCapsule::new(
                "bot.fixture",
                format!("fxt{i} memo turn {i} of the session"),
            )
            .thread("session-1", i * 2)
        })
        .collect();
    let ids = kn.put_batch(&ops, &turns).unwrap();
    kn.supersede(
        &ops,
        ids[3],
        &NewCapsule::new("bot.fixture", "fxu memo turn 3 corrected").thread("session-1", 6),
    )
    .unwrap();
}

/// The population of the fixture of format `version`, as this build writes it, observed.
fn expected(version: u8) -> support::Model {
    let kn = Kenning::in_memory().unwrap();
    populate(&kn);
    if version >= 3 {
        populate_since_v3(&kn);
    }
    let mut model = observe(&kn);
    if version < 5 {
        // Builds before format 5 audited a batch attach one record per embedding: the
        // population's batch of 8 left 8 records where this build leaves one.
        model.audit += 7;
    }
    model
}

/// Copies a fixture to a temporary file, so that a read-write open cannot change the committed
/// one.
fn copy_of(name: &str, dir: &Path) -> std::path::PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let to = dir.join(name);
    std::fs::copy(&from, &to).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    to
}

#[test]
fn every_format_fixture_reads_back_whole() {
    for (version, name) in [
        (1, "store-v1.redb"),
        (2, "store-v2.redb"),
        (3, "store-v3.redb"),
        (4, "store-v4.redb"),
        (5, "store-v5.redb"),
    ] {
        let want = expected(version);
        assert!(want.capsules.len() > 10 && !want.edges.is_empty() && want.audit > 5);
        assert_eq!(
            want.capsules.values().any(|c| c.thread.is_some()),
            version >= 3
        );
        let dir = tempfile::tempdir().unwrap();
        let path = copy_of(name, dir.path());
        let before = std::fs::read(&path).unwrap();
        let checked = if version >= 4 { 2 } else { 1 };
        assert_eq!(
            term_and_graph_formats(&path),
            BTreeSet::from([checked]),
            "{name}: the version of every term-index and graph record"
        );
        let blocks = ["vector.blocks", "vector.positions"];
        let records = ["vector.embeddings", "vector.order"];
        let (now, gone) = if version >= 5 {
            (blocks, records)
        } else {
            (records, blocks)
        };
        assert_eq!(vector_tables(&path, now), [true, true], "{name}");
        assert_eq!(vector_tables(&path, gone), [false, false], "{name}");
        let ro = Kenning::open_read_only(&path).unwrap();
        assert_eq!(observe(&ro), want, "{name}, read-only");
        assert_eq!(check_lanes(&ro, &want), Vec::<String>::new(), "{name}");
        drop(ro);
        assert_eq!(
            std::fs::read(&path).unwrap(),
            before,
            "{name}: a read-only open wrote"
        );
        // A read-write open moves it to this format, and everything still reads.
        let rw = Kenning::open(&path).unwrap();
        assert_eq!(observe(&rw), want, "{name}, read-write");
        let ops = Principal::operator("fixture");
        let id = rw
            .put(
                &ops,
                &NewCapsule::new("bot.fixture", "written after the upgrade"),
            )
            .unwrap();
        assert!(
            id.get() as usize > want.capsules.len(),
            "{id}: ids are never reused"
        );
        drop(rw);
        // The embeddings moved into blocks, whole (observed above, and read again below).
        assert_eq!(vector_tables(&path, blocks), [true, true], "{name}");
        assert_eq!(vector_tables(&path, records), [false, false], "{name}");
        let report = Kenning::check(&path).unwrap();
        assert!(report.sound, "{name}: {report:?}");
        if version >= 3 {
            // The thread index reads too, and a salvage rebuilds it.
            let upgraded = observe(&Kenning::open_read_only(&path).unwrap());
            check_context(&Kenning::open(&path).unwrap(), name);
            let out = dir.path().join("salvaged.redb");
            let report = Kenning::salvage(&path, &out).unwrap();
            assert!(report.lost.is_empty(), "{name}: {report:?}");
            let salvaged = Kenning::open(&out).unwrap();
            assert_eq!(
                observe(&salvaged).capsules,
                upgraded.capsules,
                "{name}, salvaged"
            );
            check_context(&salvaged, &format!("{name}, salvaged"));
        }
    }
}

/// Whether the store at `path` holds each of `tables`.
fn vector_tables(path: &Path, tables: [&str; 2]) -> [bool; 2] {
    use redb::{ReadableDatabase, TableHandle};
    let db = redb::ReadOnlyDatabase::open(path).unwrap();
    let names: BTreeSet<String> = db
        .begin_read()
        .unwrap()
        .list_tables()
        .unwrap()
        .map(|t| t.name().to_owned())
        .collect();
    tables.map(|t| names.contains(t))
}

/// The version bytes of every record in the term-index and graph tables that hold records.
fn term_and_graph_formats(path: &Path) -> BTreeSet<u8> {
    use redb::{ReadableDatabase, ReadableTable, TableDefinition};
    fn firsts<K: redb::Key + 'static>(
        txn: &redb::ReadTransaction,
        def: TableDefinition<'static, K, &'static [u8]>,
        into: &mut BTreeSet<u8>,
    ) {
        let table = txn.open_table(def).unwrap();
        let mut any = false;
        for entry in table.iter().unwrap() {
            into.insert(entry.unwrap().1.value()[0]);
            any = true;
        }
        assert!(any, "{} is populated", def);
    }
    let db = redb::ReadOnlyDatabase::open(path).unwrap();
    let txn = db.begin_read().unwrap();
    let mut formats = BTreeSet::new();
    firsts(
        &txn,
        TableDefinition::<&str, &[u8]>::new("term.scopes"),
        &mut formats,
    );
    firsts(
        &txn,
        TableDefinition::<u64, &[u8]>::new("term.docs"),
        &mut formats,
    );
    for name in [
        "term.segments",
        "term.postings",
        "graph.nodes",
        "graph.edges_out",
        "graph.edges_in",
    ] {
        firsts(
            &txn,
            TableDefinition::<&[u8], &[u8]>::new(name),
            &mut formats,
        );
    }
    formats
}

/// A turn of the fixture's thread lends its neighbours a place in recall.
fn check_context(kn: &Kenning, name: &str) {
    let request = RetrieveRequest::new("bot.fixture", "fxt1")
        .limit(5)
        .lane(Lane::Term)
        .context(Context::new(2, 0.5));
    let hits = kn.retrieve(&ops_reader(), &request).unwrap();
    let contents: Vec<&str> = hits
        .hits
        .iter()
        .map(|h| h.capsule.content.as_str())
        .collect();
    assert_eq!(
        contents.first(),
        Some(&"fxt1 memo turn 1 of the session"),
        "{name}"
    );
    assert!(
        contents.contains(&"fxt0 memo turn 0 of the session")
            && contents.contains(&"fxt2 memo turn 2 of the session"),
        "{name}: {contents:?}"
    );
}

fn ops_reader() -> Principal {
    Principal::operator("fixture")
}

#[test]
#[ignore = "writes a fixture: KENNING_FIXTURE_OUT=path cargo test --test format_fixtures -- --ignored"]
fn write_a_fixture_with_this_build() {
    let out = std::env::var("KENNING_FIXTURE_OUT").expect("KENNING_FIXTURE_OUT names the file");
    assert!(!Path::new(&out).exists(), "{out} exists");
    let kn = Kenning::open(&out).unwrap();
    populate(&kn);
    populate_since_v3(&kn);
}

/// Flips one letter of the enterprise vocabulary's description in a copy of `name`: a byte the
/// open itself never reads.
fn damaged_copy(name: &str, dir: &Path) -> std::path::PathBuf {
    let path = copy_of(name, dir);
    let mut bytes = std::fs::read(&path).unwrap();
    let needle = b"an individual human being";
    let at = bytes
        .windows(needle.len())
        .position(|w| w == needle)
        .unwrap_or_else(|| panic!("{name} holds the vocabulary text"));
    bytes[at + 3] ^= 0x20;
    std::fs::write(&path, &bytes).unwrap();
    path
}

/// A store of a format before 4 keeps term-index and graph records without a checksum of their
/// own, so the open that moves it to format 4 verifies every page even when asked not to: the
/// damage is refused at that open. A format-4 store is refused by a verified open; opened
/// unverified it opens, and the damaged record is refused when read, by its own checksum;
/// read-only handles follow the option.
#[test]
fn an_unverified_open_of_a_store_before_format_4_verifies_it_once() {
    let dir = tempfile::tempdir().unwrap();
    let unverified = kenning::OpenOptions::new().verify_on_open(false);
    for name in ["store-v1.redb", "store-v2.redb", "store-v3.redb"] {
        let path = damaged_copy(name, dir.path());
        let err = unverified.open(&path).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("kenning store salvage"), "{name}: {msg}");
    }
    let path = damaged_copy("store-v4.redb", dir.path());
    // Verified (the default), the open refuses it: the checking handle read every page.
    let err = Kenning::open(&path).unwrap_err();
    assert!(err.to_string().contains("kenning store salvage"), "{err}");
    let kn = unverified.open(&path).unwrap();
    let err = kn
        .vocabulary(
            &kenning::Principal::operator("ops"),
            kenning::Level::Enterprise,
        )
        .unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
    drop(kn);
    // Read-only handles follow the option: verified (the default) the damage is refused at the
    // open; unverified the open succeeds and the damaged record is refused when read.
    let err = Kenning::open_read_only(&path).unwrap_err();
    assert!(err.to_string().contains("kenning store salvage"), "{err}");
    let kn = unverified.open_read_only(&path).unwrap();
    let ops = Principal::operator("ops");
    assert!(kn.vocabulary(&ops, Level::Enterprise).is_err());
}
