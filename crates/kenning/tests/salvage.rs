//! `Kenning::check` tells a sound store from a damaged one, and `Kenning::salvage` copies into a
//! new store everything of a damaged one that still reads, never a wrong byte: the salvaged store
//! answers every record and every lane as the original did for what it kept (C1, SPEC §12).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

mod support;

use std::path::{Path, PathBuf};

use kenning::{
    Edge, GraphCommit, Kenning, LifecycleChange, NewCapsule, Node, Principal, ScopeKind,
};
use support::{MODEL, check_lanes, observe, observe_lossy, vector};

/// A closed store with scopes, `per_scope` capsules in each (some with embeddings, one
/// quarantined), graph nodes and edges, and its model.
fn store(dir: &Path, per_scope: u64) -> (PathBuf, support::Model) {
    let path = dir.join("memory.redb");
    let kn = Kenning::open(&path).unwrap();
    let ops = Principal::operator("ops");
    for s in ["bot.a", "bot.b"] {
        kn.register_scope(&ops, s, ScopeKind::Agent).unwrap();
        let capsules: Vec<NewCapsule> = (0..per_scope)
            .map(|i| {
                let words = "word ".repeat((i % 7) as usize);
                NewCapsule::new(
                    s,
                    format!("{s}n{i} memo {words}and a sentence to fill the page"),
                )
            })
            .collect();
        let vectors: Vec<Vec<f32>> = (0..per_scope).map(|i| vector(i + 1)).collect();
        let embeddings: Vec<Option<&[f32]>> = vectors
            .iter()
            .enumerate()
            .map(|(i, v)| (i % 3 != 0).then_some(v.as_slice()))
            .collect();
        let ids = kn
            .put_batch_with_embeddings(&ops, &capsules, &embeddings, MODEL)
            .unwrap();
        kn.change_lifecycle(&ops, ids[5], LifecycleChange::Quarantine)
            .unwrap();
        let commit = GraphCommit::new()
            .node(Node::new("ana", "Ana").with_type("Person"))
            .node(Node::new("acme", "Acme"))
            .edge(Edge::new("ana", "WORKS_AT", "acme"));
        kn.commit_graph(&ops, s, &commit).unwrap();
    }
    let model = observe(&kn);
    (path, model)
}

#[test]
fn a_sound_store_checks_sound_and_salvages_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (path, model) = store(dir.path(), 60);
    let report = Kenning::check(&path).unwrap();
    assert!(report.sound, "{report:?}");
    assert_eq!(
        (report.capsules, report.embeddings, report.nodes),
        (120, 80, 4)
    );

    let to = dir.path().join("copy.redb");
    let salvaged = Kenning::salvage(&path, &to).unwrap();
    assert!(salvaged.complete(), "{salvaged:?}");
    assert_eq!((salvaged.capsules, salvaged.embeddings), (120, 80));
    assert_eq!((salvaged.nodes, salvaged.edges), (4, 2));
    let copy = Kenning::open(&to).unwrap();
    assert_eq!(observe(&copy), model);
    assert_eq!(check_lanes(&copy, &model), Vec::<String>::new());
    // Ids are never handed out twice in the copy either.
    let next = copy
        .put(
            &Principal::operator("ops"),
            &NewCapsule::new("bot.a", "after"),
        )
        .unwrap();
    assert!(next.get() > 120, "{next}");
    assert!(
        Kenning::salvage(&path, &to).is_err(),
        "the target must not exist"
    );
}

#[test]
fn a_damaged_store_checks_damaged_and_salvages_what_reads_and_nothing_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let (path, model) = store(dir.path(), 1500);
    let original = std::fs::read(&path).unwrap();
    let pages = original.len() / 4096;
    let (mut runs, mut damaged, mut salvaged, mut unopenable, mut lost) = (0, 0, 0, 0, 0);
    // Pages past the header zeroed in turn, spread over the file.
    for page in (1..pages).step_by(pages / 24) {
        runs += 1;
        let mut bytes = original.clone();
        bytes[page * 4096..(page + 1) * 4096].fill(0);
        let broken = dir.path().join(format!("damaged-{page}.redb"));
        std::fs::write(&broken, &bytes).unwrap();
        let report = Kenning::check(&broken).unwrap();
        damaged += usize::from(!report.sound);
        let to = dir.path().join(format!("salvaged-{page}.redb"));
        let outcome = match Kenning::salvage(&broken, &to) {
            Ok(outcome) => outcome,
            // Damage to the pages redb needs to open the file at all (its system tree): only
            // a backup helps, and the error says so.
            Err(e) => {
                assert!(
                    !report.sound,
                    "page {page}: salvage failed ({e}) on a sound store"
                );
                assert!(e.to_string().contains("damaged"), "{e}");
                unopenable += 1;
                println!("page {page}: {e}");
                continue;
            }
        };
        // The salvaged store is a sound store holding a part of the original, exactly.
        let copy = Kenning::open(&to).unwrap();
        let seen = observe_lossy(&copy);
        for (id, c) in &seen.capsules {
            let was = model.capsules.get(id).expect("no capsule is invented");
            assert_eq!(
                (&c.scope, &c.content),
                (&was.scope, &was.content),
                "page {page}: cap-{id}"
            );
            // A sidecar may be lost, never altered; a capsule whose fences or label may be lost
            // comes back quarantined.
            assert!(
                c.embedding.is_none() || c.embedding == was.embedding,
                "page {page}: cap-{id}"
            );
            let quarantined = c.fences.iter().any(|f| f == "quarantined");
            let mut fences = c.fences.clone();
            if quarantined && !was.fences.iter().any(|f| f == "quarantined") {
                fences.retain(|f| f != "quarantined");
            }
            assert!(
                fences == was.fences || quarantined,
                "page {page}: cap-{id} {c:?} was {was:?}"
            );
            assert!(
                c.label == was.label || (c.label.is_none() && quarantined),
                "page {page}: cap-{id}"
            );
        }
        for (key, class) in &seen.nodes {
            assert_eq!(
                model.nodes.get(key),
                Some(class),
                "page {page}: node {key:?}"
            );
        }
        assert!(seen.edges.is_subset(&model.edges), "page {page}");
        if report.sound {
            assert_eq!(
                observe(&copy),
                model,
                "page {page}: a sound store salvages whole"
            );
            assert!(outcome.complete(), "page {page}: {outcome:?}");
        } else {
            salvaged += 1;
            lost += model.capsules.len() - seen.capsules.len();
            // Recall on the copy answers as its records do (checked on the first few: each
            // check is two retrievals per capsule).
            if salvaged <= 3 {
                assert_eq!(
                    check_lanes(&copy, &seen),
                    Vec::<String>::new(),
                    "page {page}"
                );
            }
        }
        drop(copy);
        std::fs::remove_file(&broken).unwrap();
        std::fs::remove_file(&to).unwrap();
    }
    println!(
        "{runs} pages of {pages} zeroed in turn: {damaged} checked damaged, {salvaged} of them \
         salvaged ({lost} capsules lost in all, no wrong byte kept), {unopenable} unopenable"
    );
    assert!(salvaged > 0, "some damaged store was salvaged");
}

#[test]
fn a_record_changed_in_place_is_left_out_of_a_salvage_never_copied() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memory.redb");
    let ops = Principal::operator("ops");
    {
        let kn = Kenning::open(&path).unwrap();
        kn.register_scope(&ops, "bot.a", ScopeKind::Agent).unwrap();
        kn.put(
            &ops,
            &NewCapsule::new("bot.a", "Ana prefers email over phone calls."),
        )
        .unwrap();
        kn.put(&ops, &NewCapsule::new("bot.a", "Bo prefers chat."))
            .unwrap();
    }
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.windows(11).position(|w| w == b"Ana prefers").unwrap();
    bytes[at] ^= 0x20; // "ana prefers": still valid UTF-8 and JSON, and wrong
    std::fs::write(&path, &bytes).unwrap();
    assert!(!Kenning::check(&path).unwrap().sound);
    let to = dir.path().join("copy.redb");
    let report = Kenning::salvage(&path, &to).unwrap();
    assert!(!report.complete(), "{report:?}");
    let capsules = report
        .tables
        .iter()
        .find(|t| t.table == "kenning.capsules")
        .unwrap();
    assert_eq!(
        (capsules.copied, capsules.undecodable),
        (1, 1),
        "{capsules:?}"
    );
    let copy = Kenning::open(&to).unwrap();
    let kept: Vec<String> = copy
        .capsules(&ops, "bot.a", None, 10)
        .unwrap()
        .into_iter()
        .map(|c| c.content)
        .collect();
    assert_eq!(kept, ["Bo prefers chat."]);
}
