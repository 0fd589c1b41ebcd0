//! Golden fixtures of the on-disk format (`docs/format.md`): a store file written by each format
//! version, with every table populated, committed under `tests/fixtures/`. This build must read
//! each of them whole, record by record and through every lane, exactly as the population below
//! describes, and a read-write open must move an older one to the current format without
//! losing a byte of what it holds. Each format change adds a fixture.
//!
//! `store-v1.redb` was written by the build at commit bbdff8b4 (store format 1, records without
//! checksums); `store-v2.redb` by format 2 (checksummed JSON records, the store's generation);
//! `store-v3.redb` by format 3 (binary capsule and fences records with a head read alone).
//! To write a fixture with the build at hand:
//! `KENNING_FIXTURE_OUT=path cargo test -p kenning --test format_fixtures -- --ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeSet;
use std::path::Path;

use kenning::{
    CapsuleId, ClassifyRequest, Edge, EntityObservations, FactTime, GraphCommit, Kenning, KeyGrant,
    Kind, Level, LifecycleChange, NewCapsule, NewEntity, Node, Origin, Permission, Principal,
    ScopeKind, Selector, Timestamp, Vocabulary,
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

/// The population, as this build writes it, observed.
fn expected() -> support::Model {
    let kn = Kenning::in_memory().unwrap();
    populate(&kn);
    observe(&kn)
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
    let want = expected();
    assert!(want.capsules.len() > 10 && !want.edges.is_empty() && want.audit > 5);
    for name in ["store-v1.redb", "store-v2.redb", "store-v3.redb"] {
        let dir = tempfile::tempdir().unwrap();
        let path = copy_of(name, dir.path());
        let before = std::fs::read(&path).unwrap();
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
        let report = Kenning::check(&path).unwrap();
        assert!(report.sound, "{name}: {report:?}");
    }
}

#[test]
#[ignore = "writes a fixture: KENNING_FIXTURE_OUT=path cargo test --test format_fixtures -- --ignored"]
fn write_a_fixture_with_this_build() {
    let out = std::env::var("KENNING_FIXTURE_OUT").expect("KENNING_FIXTURE_OUT names the file");
    assert!(!Path::new(&out).exists(), "{out} exists");
    let kn = Kenning::open(&out).unwrap();
    populate(&kn);
}
