//! `kenning store check | salvage | compact` on the built binary: a sound store checks with exit
//! 0, a damaged one is named damaged with exit 1 and the salvage command, reads of the damaged
//! file fail with a STORAGE error naming the file and the repair commands (never a panic, never
//! altered content), a salvage copies what still reads into a new store the CLI then uses, and a
//! compaction gives back freed space, killed midway or not.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::Store;

/// A store of `n` notes in bot.support, each long enough that the notes span many pages.
fn notes(s: &Store, n: usize) {
    let lines: String = (1..=n)
        .map(|i| {
            format!(
                "{{\"scope\": \"bot.support\", \"content\": \"note {i:04} about the renewal {}\"}}\n",
                "and the long tail of its details ".repeat(12)
            )
        })
        .collect();
    let file = s.file("notes.jsonl", &lines);
    s.ok(&["memory", "import", &file]);
}

/// Zeroes the 4 KiB page of the store holding `needle`.
fn zero_page_holding(s: &Store, needle: &str) {
    let mut bytes = s.bytes();
    let at = bytes
        .windows(needle.len())
        .position(|w| w == needle.as_bytes())
        .unwrap_or_else(|| panic!("{needle} is not in the file"));
    let page = at / 4096 * 4096;
    bytes[page..page + 4096].fill(0);
    std::fs::write(s.path(), bytes).unwrap();
}

#[test]
fn a_sound_store_checks_with_exit_0_and_reports_what_it_holds() {
    let s = Store::new();
    notes(&s, 40);
    assert_eq!(s.ok(&["store", "check", "-o", "name"]), "sound\n");
    let report = s.json(&["store", "check", "-o", "json"]);
    assert_eq!(report["sound"], true, "{report}");
    assert_eq!(report["capsules"], 40, "{report}");
    let table = s.ok(&["store", "check"]);
    assert!(
        table.contains("STATE") && table.contains("sound"),
        "{table}"
    );
}

#[test]
fn a_damaged_store_is_reported_and_salvaged_into_a_store_the_cli_uses() {
    let s = Store::new();
    notes(&s, 400);
    zero_page_holding(&s, "note 0200 about");

    // Reads of the damaged file: a clear error naming the file and the commands, exit 1.
    let err = s.fails(
        &["memory", "retrieve", "--scope", "bot.support", "renewal"],
        1,
    );
    assert!(err.contains("STORAGE"), "{err}");
    assert!(
        err.contains("kenning.redb") && err.contains("kenning store check"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");

    // check: damaged, exit 1, the salvage command on stderr.
    let out = s.cmd().args(["store", "check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stdout.contains("damaged") && stdout.contains("PROBLEM"),
        "{stdout}"
    );
    assert!(stderr.contains("store salvage"), "{stderr}");
    let before = s.bytes();

    // salvage: a new store holding every capsule that still reads, and a report of the loss.
    let report = s.json(&["store", "salvage", "saved.redb", "-o", "json"]);
    assert_eq!(s.bytes(), before, "a salvage wrote to the damaged file");
    let kept = report["capsules"].as_u64().unwrap();
    assert!(kept > 300 && kept < 400, "{report}");
    assert!(
        !report["lost"].as_array().unwrap().is_empty()
            || report["tables"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| !t["damage"].as_array().unwrap().is_empty()),
        "the report says nothing was lost: {report}"
    );

    // The new store is sound and answers: every capsule it holds reads back exactly.
    let saved = s.dir.path().join("saved.redb");
    let saved = saved.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = s
            .cmd()
            .args(["--store", saved])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&["store", "check", "-o", "name"]), "sound\n");
    let listed = run(&[
        "scopes",
        "memory",
        "inspect",
        "bot.support",
        "--all",
        "-o",
        "json",
    ]);
    let listed: serde_json::Value = serde_json::from_str(&listed).unwrap();
    let capsules = listed["capsules"].as_array().unwrap_or_else(|| {
        listed
            .as_array()
            .expect("a list of capsules or an object with one")
    });
    assert_eq!(capsules.len() as u64, kept);
    for c in capsules {
        let content = c["content"].as_str().unwrap();
        assert!(
            content.starts_with("note ") && content.ends_with("details "),
            "{content}"
        );
    }
    let hits = run(&[
        "memory",
        "retrieve",
        "--scope",
        "bot.support",
        "renewal",
        "-o",
        "name",
    ]);
    assert!(!hits.trim().is_empty());
}

/// A store churned as a bulk import over many scopes leaves it: many small batches, each
/// rewriting the pages of every scope it touches, then half the capsules forgotten.
fn churned(s: &Store) -> Vec<kenning::CapsuleId> {
    let kn = kenning::Kenning::open(s.path()).unwrap();
    let ops = kenning::Principal::operator("ops");
    let scopes: Vec<String> = (0..16).map(|i| format!("bot.s{i}")).collect();
    for scope in &scopes {
        kn.register_scope(&ops, scope, kenning::ScopeKind::Agent)
            .unwrap();
    }
    let mut ids = Vec::new();
    for batch in 0..60 {
        let capsules: Vec<kenning::NewCapsule> = scopes
            .iter()
            .enumerate()
            .map(|(i, scope)| {
                kenning::NewCapsule::new(
                    scope,
                    format!("b{batch}s{i} memo {}", "with a tail of words ".repeat(30)),
                )
            })
            .collect();
        ids.extend(kn.put_batch(&ops, &capsules).unwrap());
    }
    for id in ids.iter().step_by(2) {
        kn.forget(&ops, *id).unwrap();
    }
    ids
}

/// The term lane finds kept capsules of [`churned`] by their own first word, first: the term
/// index answers through `retrieve`, merged or not, whatever step a kill stopped at.
fn term_lane_finds(s: &Store, ids: &[kenning::CapsuleId], when: &str) {
    for i in [1usize, 17, 479, 481, 959] {
        let (batch, scope) = (i / 16, i % 16);
        let got = s.ok(&[
            "memory",
            "retrieve",
            "--scope",
            &format!("bot.s{scope}"),
            &format!("b{batch}s{scope}"),
            "--lane",
            "term",
            "--limit",
            "1",
            "-o",
            "name",
        ]);
        assert_eq!(got, format!("{}\n", ids[i]), "{when}: capsule {i}");
    }
}

#[test]
fn compact_gives_back_freed_space_and_a_kill_midway_leaves_a_sound_store() {
    let s = Store::new();
    let ids = churned(&s);
    let kept: Vec<String> = ids
        .iter()
        .skip(1)
        .step_by(2)
        .map(|id| id.to_string())
        .collect();
    let churned = s.bytes();

    // SIGKILL at increasing delays into a compaction of a fresh copy: every time the store
    // opens, checks sound and holds every capsule it held.
    for delay_ms in [0u64, 1, 2, 4, 8, 16, 32, 64] {
        std::fs::write(s.path(), &churned).unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kenning"))
            .arg("--store")
            .arg(s.path())
            .args(["store", "compact"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        drop(child.kill());
        child.wait().unwrap();
        let report = s.json(&["store", "check", "-o", "json"]);
        assert_eq!(
            report["sound"], true,
            "killed after {delay_ms} ms: {report}"
        );
        assert_eq!(
            report["capsules"],
            kept.len(),
            "killed after {delay_ms} ms: {report}"
        );
        for id in [&kept[0], &kept[kept.len() / 2], &kept[kept.len() - 1]] {
            let got = s.json(&["memory", "get", id, "-o", "json"]);
            assert!(
                got["content"].as_str().unwrap().contains(" memo "),
                "killed after {delay_ms} ms: {got}"
            );
        }
        term_lane_finds(&s, &ids, &format!("killed after {delay_ms} ms"));
    }

    // Run to the end: the file shrinks, and every capsule reads as before.
    std::fs::write(s.path(), &churned).unwrap();
    let started = std::time::Instant::now();
    let report = s.json(&["store", "compact", "-o", "json"]);
    let whole = started.elapsed();
    println!("a whole compaction took {whole:?}");
    assert!(
        whole > std::time::Duration::from_millis(16),
        "the kills above must land inside a compaction: it took {whole:?}; churn more"
    );
    let (before, after) = (
        report["bytes_before"].as_u64().unwrap(),
        report["bytes_after"].as_u64().unwrap(),
    );
    assert_eq!(before, churned.len() as u64);
    assert!(after < before, "{report}");
    assert_eq!(s.bytes().len() as u64, after);
    let table = s.ok(&["store", "compact"]);
    assert!(
        table.contains("BEFORE") && table.contains("AFTER"),
        "{table}"
    );
    // The term segments were merged (sixty single-capsule batches leave eleven a scope).
    assert_eq!(report["term_segments_before"], 8 * 11, "{report}");
    assert_eq!(report["term_segments_after"], 8, "{report}");
    assert!(table.contains("TERM SEGMENTS"), "{table}");
    let check = s.json(&["store", "check", "-o", "json"]);
    assert_eq!(check["capsules"], kept.len());
    for id in &kept {
        assert!(s.ok(&["memory", "get", id]).contains(" memo "));
    }
    term_lane_finds(&s, &ids, "compacted");
    // Nothing to compact where there is no store; nothing is created.
    let missing = s.path().with_file_name("missing.redb");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kenning"))
        .arg("--store")
        .arg(&missing)
        .args(["store", "compact"])
        .env_remove("KENNING_STORE")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("there is no file there"), "{err}");
    assert!(!missing.exists());
}
