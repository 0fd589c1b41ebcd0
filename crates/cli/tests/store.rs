//! `kenning store check | salvage` on the built binary: a sound store checks with exit 0, a
//! damaged one is named damaged with exit 1 and the salvage command, reads of the damaged file
//! fail with a STORAGE error naming the file and the repair commands (never a panic, never
//! altered content), and a salvage copies what still reads into a new store the CLI then uses.

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
