//! The command line's answers under scripts and terminals: every output mode of `keys create`
//! delivers the secret; `vocabulary declare` shows its diff before its question, takes `-o`,
//! and refuses without a terminal before the store is opened; a failed import leaves its
//! progress bar where it stopped; `--from-line` past the end is an error; a lone surrogate in a
//! line is named by line and field; counts are worded in the singular and the plural.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Store;

/// A key with one permission; the other arguments of `keys create` and `-o MODE`.
fn create_key(s: &Store, mode: &str) -> String {
    s.ok(&[
        "keys",
        "create",
        "--permission",
        "agent.memory:read",
        "--agents",
        "bot.*",
        "-o",
        mode,
    ])
}

#[test]
fn every_output_mode_of_keys_create_delivers_the_secret() {
    let s = Store::new();
    for mode in ["table", "json", "name"] {
        let out = create_key(&s, mode);
        let secret = out
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| c == '"' || c == ','))
            .find(|w| w.starts_with("kn_"))
            .unwrap_or_else(|| panic!("-o {mode} printed no secret: {out}"));
        // The secret works: the key it belongs to can read.
        let out = s
            .cmd()
            .args([
                "--api-key",
                secret,
                "scopes",
                "memory",
                "inspect",
                "bot.support",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "-o {mode}: {out:?}");
    }
    // `-o name` is the id, then the secret, one per line.
    let named = create_key(&s, "name");
    let lines: Vec<&str> = named.lines().collect();
    assert_eq!(lines.len(), 2, "{named}");
    assert!(
        lines[0].starts_with("key-") && lines[1].starts_with("kn_"),
        "{named}"
    );
}

#[test]
fn without_a_terminal_declare_refuses_before_opening_the_store() {
    let s = Store::new();
    let before = s.bytes();
    let err = s.fails(&["vocab", "declare", "--class", "Person="], 1);
    assert!(err.contains("--yes") && err.contains("--dry-run"), "{err}");
    assert_eq!(s.bytes(), before, "the store file changed");
    // A missing store is not created either.
    let empty = tempfile::tempdir().unwrap();
    let out = s
        .cmd()
        .current_dir(empty.path())
        .args(["vocab", "declare", "--class", "Person="])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!empty.path().join("kenning.redb").exists());
}

#[test]
fn declare_shows_the_diff_before_asking_even_with_stdout_piped() {
    let s = Store::new();
    let bin = common::bin().display().to_string();
    let script =
        format!("{bin} vocab declare --class Person=someone --class Place= | (sleep 1; cat)");
    let mut cmd = std::process::Command::new("sh");
    cmd.current_dir(s.dir.path())
        .env_remove("KENNING_STORE")
        .env_remove("KENNING_API_KEY")
        .args(["-c", &script]);
    let mut pty = rexpect::session::spawn_command(cmd, Some(20_000)).unwrap();
    let before = pty.exp_string("Declare it? [y/N]").unwrap();
    assert!(
        before.contains("+ class Person") && before.contains("+ class Place"),
        "the question came before the diff: {before:?}"
    );
    pty.send_line("y").unwrap();
    let rest = pty.exp_eof().unwrap();
    assert!(rest.contains("declared at enterprise"), "{rest}");
}

#[test]
fn declare_takes_every_output_mode() {
    let s = Store::new();
    let json = s.json(&[
        "vocab",
        "declare",
        "--scope",
        "bot.support",
        "--class",
        "Person=",
        "--yes",
        "-o",
        "json",
    ]);
    assert_eq!(json["declared"], true, "{json}");
    assert_eq!(json["scopeId"], "bot.support");
    assert_eq!(
        json["request"]["vocabulary"]["entityClasses"][0]["name"],
        "Person"
    );
    let dry = s.json(&[
        "vocab",
        "declare",
        "--class",
        "Place=",
        "--dry-run",
        "-o",
        "json",
    ]);
    assert_eq!(dry["declared"], false, "{dry}");
    assert_eq!(
        dry["request"]["vocabulary"]["entityClasses"][0]["name"],
        "Place"
    );
    let name = s.ok(&[
        "vocab", "declare", "--class", "Place=", "--yes", "-o", "name",
    ]);
    assert_eq!(name, "enterprise\n");
}

#[test]
fn counts_are_worded_in_the_singular_and_the_plural() {
    let s = Store::new();
    s.ok(&[
        "vocab",
        "declare",
        "--class",
        "Person=",
        "--relation",
        "KNOWS=",
        "--yes",
    ]);
    let one = s.ok(&["vocab", "get"]);
    assert!(one.contains("1 entity class, 1 relation type"), "{one}");
    s.ok(&[
        "vocab", "declare", "--class", "Person=", "--class", "Place=", "--yes",
    ]);
    let two = s.ok(&["vocab", "get"]);
    assert!(two.contains("2 entity classes, 0 relation types"), "{two}");
    let commit = s.ok(&[
        "memory",
        "commit-graph",
        "--scope",
        "bot.support",
        r#"{"nodes": [{"id": "a", "label": "A", "nodeType": "P"}]}"#,
    ]);
    assert!(commit.contains("1 class assigned"), "{commit}");
}

#[test]
fn from_line_past_the_end_is_an_error() {
    let s = Store::new();
    let file = s.file(
        "two.jsonl",
        "{\"content\": \"one\"}\n{\"content\": \"two\"}\n",
    );
    let err = s.fails(
        &[
            "memory",
            "import",
            &file,
            "--scope",
            "bot.support",
            "--from-line",
            "3",
        ],
        1,
    );
    assert!(
        err.contains("--from-line 3") && err.contains("2 lines"),
        "{err}"
    );
    // The last line itself is a valid start.
    let out = s.ok(&[
        "memory",
        "import",
        &file,
        "--scope",
        "bot.support",
        "--from-line",
        "2",
    ]);
    assert!(out.contains("imported 1 capsule"), "{out}");
}

#[test]
fn a_lone_surrogate_in_an_import_line_is_named_by_line_and_field() {
    let s = Store::new();
    let file = s.file(
        "cut.jsonl",
        "{\"content\": \"fine\"}\n{\"content\": \"Ana sent \\ud83d\", \"origin\": \"owner-stated\"}\n",
    );
    let err = s.fails(&["memory", "import", &file, "--scope", "bot.support"], 1);
    assert!(err.contains("line 2") && err.contains("content"), "{err}");
    assert!(err.contains("surrogate"), "{err}");
    assert!(!err.contains("hex escape"), "{err}");
    let meta = s.file(
        "meta.jsonl",
        "{\"content\": \"x\", \"metadata\": {\"k\": \"\\udc00\"}}\n",
    );
    let err = s.fails(&["memory", "import", &meta, "--scope", "bot.support"], 1);
    assert!(err.contains("line 1") && err.contains("metadata"), "{err}");
}

#[test]
fn a_failed_import_leaves_its_progress_bar_short_of_100_percent() {
    let s = Store::new();
    // Line 201 of 300 is blank: the import stops there, two thirds in.
    let lines: String = (1..=300)
        .map(|i| {
            let content = if i == 201 {
                " ".to_owned()
            } else {
                format!("note {i}")
            };
            format!("{{\"content\": \"{content}\"}}\n")
        })
        .collect();
    let file = s.file("bad.jsonl", &lines);
    let mut pty = s.pty(&[
        "memory",
        "import",
        &file,
        "--scope",
        "bot.support",
        "--batch-size",
        "50",
    ]);
    let all = pty.exp_eof().unwrap();
    assert!(all.contains("line 201"), "{all}");
    assert!(!all.contains("100%"), "a failed import drew 100%: {all}");
}

#[test]
fn errors_quote_a_prefix_of_a_long_bad_value() {
    let s = Store::new();
    let long = "x".repeat(100_000);
    let id = format!("cap-{long}");
    let doc = format!(r#"{{"nodes": [], "{long}": 1}}"#);
    let file = s.file(
        "long.jsonl",
        &format!("{{\"content\": \"x\", \"origin\": \"{long}\"}}\n"),
    );
    for (args, code) in [
        (vec!["memory", "get", id.as_str()], 2),
        (vec!["memory", "put", "--scope", long.as_str(), "text"], 1),
        (
            vec![
                "memory",
                "commit-graph",
                "--scope",
                "bot.support",
                doc.as_str(),
            ],
            1,
        ),
        (
            vec!["memory", "import", file.as_str(), "--scope", "bot.support"],
            1,
        ),
        (vec!["keys", "create", "--permission", long.as_str()], 1),
    ] {
        let err = s.fails(&args, code);
        assert!(err.len() < 2_000, "{:?}: {} bytes", &args[..2], err.len());
        assert!(err.contains("characters)"), "{:?}: {err}", &args[..2]);
    }
}

#[test]
fn errors_name_the_flag_that_set_the_value() {
    let s = Store::new();
    s.ok(&[
        "memory",
        "put",
        "--scope",
        "bot.support",
        "Ana prefers email.",
    ]);
    let retrieve = |more: &[&str]| {
        let mut args = vec![
            "memory",
            "retrieve",
            "--scope",
            "bot.support",
            "Ana",
            "--lane",
            "term",
        ];
        args.extend_from_slice(more);
        s.fails(&args, 1)
    };
    // Fusion parameters are checked on the term lane too, and named by their flags.
    let k = retrieve(&["--rrf-k=-5"]);
    assert!(
        k.starts_with("error[INVALID_ARGUMENT]: --rrf-k is -5"),
        "{k}"
    );
    let weights = retrieve(&["--weights", "0,0"]);
    assert!(
        weights.contains("--weights") && !weights.contains("fusion."),
        "{weights}"
    );
    let limit = retrieve(&["--limit", "0"]);
    assert!(limit.contains("--limit: is 0"), "{limit}");
    let big = s.fails(
        &[
            "memory",
            "retrieve",
            "--scope",
            "bot.support",
            "--embedding",
            "[1e39, 0]",
        ],
        1,
    );
    assert!(
        big.contains("--embedding[0]") && big.contains("out of the f32 range"),
        "{big}"
    );
    let typed = s.fails(
        &[
            "memory",
            "retrieve",
            "--scope",
            "bot.support",
            "--embedding",
            r#"[1, "x"]"#,
        ],
        1,
    );
    assert!(!typed.contains("f32") && !typed.contains("f64"), "{typed}");
    let scope = s.fails(&["memory", "put", "--scope", "bad scope", "x"], 1);
    assert!(scope.contains("--scope: \"bad scope\""), "{scope}");
}
