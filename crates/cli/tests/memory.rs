//! `kenning memory put | get | retrieve | supersede | lifecycle | forget | commit-graph` on the
//! built binary (C3–C8, R1, R4, R5, A6, G2).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Store;

fn put(s: &Store, args: &[&str]) -> String {
    let mut all = vec!["memory", "put", "--scope", "bot.support"];
    all.extend(args);
    s.ok(&all).trim_end().to_owned()
}

#[test]
fn c3_put_prints_the_new_id_and_get_shows_every_field() {
    let s = Store::new();
    assert_eq!(
        put(
            &s,
            &[
                "Ana prefers email over phone calls.",
                "--origin",
                "owner-stated",
                "--meta",
                "source=crm",
                "--meta",
                "ticket=4411",
            ]
        ),
        "cap-1"
    );
    // Content from standard input, one trailing newline dropped; a fact time; a deadline.
    let id = s.ok_in(
        &[
            "memory",
            "put",
            "-s",
            "bot.support",
            "--valid-from",
            "2024-03-01T00:00:00Z",
            "--valid-until",
            "2024-05-31T23:59:59Z",
            "--fresh-until",
            "2999-01-01T00:00:00Z",
            "-o",
            "json",
        ],
        "Renewal is due in June.\nSecond line.\n",
    );
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&id).unwrap(),
        serde_json::json!({"id": "cap-2"})
    );
    assert_eq!(
        s.ok_in(
            &["memory", "put", "-s", "bot.support", "-", "-o", "name"],
            "from a pipe\r\n"
        ),
        "cap-3\n"
    );
    assert_eq!(
        s.json(&["memory", "get", "cap-3", "-o", "json"])["content"],
        "from a pipe"
    );
}

#[test]
fn c3_put_places_a_capsule_in_its_thread_and_retrieve_reads_it_with_its_neighbours() {
    let s = Store::new();
    let question = put(
        &s,
        &[
            "Where does the team meet on Fridays?",
            "--thread",
            "conv-7",
            "--position",
            "1",
        ],
    );
    let answer = put(
        &s,
        &[
            "In the blue room, at ten.",
            "--thread",
            "conv-7",
            "--position",
            "2",
        ],
    );
    assert_eq!(
        s.json(&["memory", "get", &answer, "-o", "json"])["thread"],
        serde_json::json!({"id": "conv-7", "position": 2})
    );
    // The answer shares no word with the query: only its thread brings it back.
    let hits = s.json(&[
        "memory",
        "retrieve",
        "-s",
        "bot.support",
        "team meet Fridays",
        "--lane",
        "term",
        "-o",
        "json",
    ]);
    let ids: Vec<&str> = hits["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["capsule"]["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [question.as_str(), answer.as_str()], "{hits}");
    // A thread needs a position and a position a thread (usage errors, exit 2).
    let err = s.fails(
        &["memory", "put", "-s", "bot.support", "x", "--thread", "t"],
        2,
    );
    assert!(err.contains("--position"), "{err}");
    let err = s.fails(
        &["memory", "put", "-s", "bot.support", "x", "--position", "3"],
        2,
    );
    assert!(err.contains("--thread"), "{err}");
    let err = s.fails(
        &[
            "memory",
            "put",
            "-s",
            "bot.support",
            "x",
            "--thread",
            " ",
            "--position",
            "3",
        ],
        1,
    );
    assert!(err.contains("thread.id"), "{err}");
}

#[test]
fn c3_get_shows_a_capsule_as_a_record_as_json_and_as_a_name() {
    let s = Store::new();
    put(
        &s,
        &[
            "Ana prefers email.",
            "--origin",
            "owner-stated",
            "--meta",
            "source=crm",
        ],
    );
    s.ok_in(
        &[
            "memory",
            "put",
            "-s",
            "bot.support",
            "--valid-from",
            "2024-03-01T00:00:00Z",
            "--valid-until",
            "2024-05-31T23:59:59Z",
            "--fresh-until",
            "2999-01-01T00:00:00Z",
        ],
        "Renewal is due in June.\nSecond line.\n",
    );
    let record = s.ok(&["memory", "get", "cap-1"]);
    let lines: Vec<&str> = record.lines().collect();
    assert_eq!(lines[0], "ID        cap-1");
    assert_eq!(lines[1], "SCOPE     bot.support");
    assert_eq!(lines[2], "ORIGIN    owner-stated");
    assert!(lines[3].starts_with("CREATED   20"), "{record}");
    assert_eq!(
        lines[4..],
        [
            "METADATA  source=crm",
            "STATE     live",
            "CONTENT   Ana prefers email."
        ]
    );

    let record = s.ok(&["memory", "get", "cap-2"]);
    assert!(
        record.contains("FACT TIME    2024-03-01T00:00:00.000Z .. 2024-05-31T23:59:59.000Z\n"),
        "{record}"
    );
    assert!(
        record.contains("FRESH UNTIL  2999-01-01T00:00:00.000Z\n"),
        "{record}"
    );
    // A multi-line content is indented under its first line.
    assert!(
        record.ends_with("CONTENT      Renewal is due in June.\n             Second line.\n"),
        "{record}"
    );
    let json = s.json(&["memory", "get", "cap-2", "-o", "json"]);
    assert_eq!(json["content"], "Renewal is due in June.\nSecond line.");
    assert_eq!(json["origin"], "extracted-candidate");
    assert_eq!(json["fact_time"]["valid_from"], 1_709_251_200_000_i64);
    assert_eq!(json["lifecycle"]["fresh_until"], 32_472_144_000_000_i64);
    assert_eq!(s.ok(&["memory", "get", "cap-2", "-o", "name"]), "cap-2\n");

    let err = s.fails(&["memory", "get", "cap-9"], 1);
    assert!(
        err.starts_with("error[UNKNOWN_CAPSULE]: capsule cap-9 not found"),
        "{err}"
    );
    let err = s.fails(&["memory", "get", "9"], 2);
    assert!(err.contains("cap-12"), "{err}");
}

#[test]
fn c3_put_errors_name_the_field_the_bound_and_the_fix() {
    let s = Store::new();
    let err = s.fails(&["memory", "put", "-s", "bot.support", "   "], 1);
    assert!(
        err.starts_with("error[INVALID_ARGUMENT]: content: is empty"),
        "{err}"
    );
    let err = s.fails(&["memory", "put", "-s", "nobody", "x"], 1);
    assert!(
        err.starts_with("error[NOT_FOUND]: scope \"nobody\""),
        "{err}"
    );
    let err = s.fails(
        &["memory", "put", "-s", "bot.support", "x", "--meta", "a b=c"],
        1,
    );
    assert!(err.contains("metadata"), "{err}");
    let err = s.fails(
        &["memory", "put", "-s", "bot.support", "x", "--meta", "k"],
        2,
    );
    assert!(err.contains("k="), "{err}");
    let err = s.fails(
        &[
            "memory",
            "put",
            "-s",
            "bot.support",
            "x",
            "--valid-from",
            "yesterday",
        ],
        2,
    );
    assert!(err.contains("RFC 3339"), "{err}");
    let err = s.fails(
        &[
            "memory",
            "put",
            "-s",
            "bot.support",
            "x",
            "--origin",
            "rumour",
        ],
        2,
    );
    assert!(err.contains("owner-stated"), "{err}");
    let err = s.fails(
        &[
            "memory",
            "put",
            "-s",
            "bot.support",
            "x",
            "--valid-from",
            "2024-06-01T00:00:00Z",
            "--valid-until",
            "2024-01-01T00:00:00Z",
        ],
        1,
    );
    assert!(
        err.starts_with("error[INVALID_ARGUMENT]: --valid-from 2024-06-01T00:00:00.000Z is after"),
        "{err}"
    );
    // Nothing of the failed puts was written.
    assert_eq!(
        s.ok(&["scopes", "memory", "inspect", "bot.support", "-o", "name"]),
        ""
    );
}

#[test]
fn c3_memory_commands_need_an_existing_store_and_create_none() {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = assert_cmd::Command::cargo_bin("kenning").unwrap();
    let out = cmd
        .current_dir(dir.path())
        .env_remove("KENNING_STORE")
        .env_remove("KENNING_API_KEY")
        .args(["memory", "put", "-s", "bot.support", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no store at kenning.redb")
    );
    assert!(!dir.path().join("kenning.redb").exists());
}

fn seeded() -> Store {
    let s = Store::new();
    put(&s, &["Ana prefers email over phone calls."]);
    put(
        &s,
        &[
            "Call with Ana: the renewal is due in June.",
            "--valid-from",
            "2024-03-04T09:30:00Z",
            "--valid-until",
            "2024-03-04T09:30:00Z",
        ],
    );
    put(&s, &["Bruno asked for a phone call about the invoice."]);
    s
}

fn retrieve(s: &Store, query: &str, more: &[&str]) -> String {
    let mut args = vec!["memory", "retrieve", "--scope", "bot.support", query];
    args.extend(more);
    s.ok(&args)
}

#[test]
fn r1_retrieve_ranks_by_bm25_in_an_aligned_table_and_as_json() {
    let s = seeded();
    let table = retrieve(&s, "how do we reach Ana? email", &[]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines[0], "RANK  ID     SCORE  CONTENT");
    assert!(lines[1].starts_with("1     cap-1  "), "{table}");
    assert!(
        lines[1].ends_with("  Ana prefers email over phone calls."),
        "{table}"
    );
    assert!(lines[2].starts_with("2     cap-2  "), "{table}");
    assert_eq!(lines.len(), 3, "{table}");
    let json = s.json(&[
        "memory",
        "retrieve",
        "-s",
        "bot.support",
        "Bruno invoice",
        "--lane",
        "term",
        "--limit",
        "1",
        "-o",
        "json",
    ]);
    assert_eq!(json["lane"], "term");
    assert_eq!(json["hits"].as_array().unwrap().len(), 1);
    assert_eq!(json["hits"][0]["capsule"]["id"], "cap-3");
    assert_eq!(json["hits"][0]["term"]["rank"], 1);
    assert!(json["hits"][0]["score"].as_f64().unwrap() > 0.0);
    // Equal scores (same terms, same length): the lower id first.
    assert_eq!(retrieve(&s, "phone", &["-o", "name"]), "cap-1\ncap-3\n");
    // No hit: nothing on stdout, a note on stderr, success.
    assert_eq!(retrieve(&s, "zeppelin", &[]), "");
    let err = s.fails(
        &[
            "memory",
            "retrieve",
            "-s",
            "bot.support",
            "x",
            "--limit",
            "0",
        ],
        1,
    );
    assert!(err.starts_with("error[INVALID_ARGUMENT]: --limit"), "{err}");
    // R2: the vector lane needs the query's embedding, and says so.
    let err = s.fails(
        &[
            "memory",
            "retrieve",
            "-s",
            "bot.support",
            "x",
            "--lane",
            "vector",
        ],
        1,
    );
    assert!(
        err.starts_with("error[INVALID_ARGUMENT]: --embedding: is missing"),
        "{err}"
    );
    s.fails(
        &[
            "memory",
            "retrieve",
            "-s",
            "bot.support",
            "x",
            "--lane",
            "sideways",
        ],
        2,
    );
    let err = s.fails(&["memory", "retrieve", "-s", "bot.support"], 1);
    assert!(err.contains("--embedding"), "{err}");
}

#[test]
fn r5_retrieve_window_keeps_dated_capsules_that_overlap_it() {
    let s = seeded();
    assert_eq!(
        retrieve(
            &s,
            "Ana",
            &[
                "--window",
                "2024-03-01T00:00:00Z..2024-03-31T00:00:00Z",
                "-o",
                "name"
            ]
        ),
        "cap-2\n"
    );
    assert_eq!(
        retrieve(
            &s,
            "Ana",
            &["--window", "2024-03-04T09:30:00Z..", "-o", "name"]
        ),
        "cap-2\n"
    );
    assert_eq!(
        retrieve(
            &s,
            "Ana",
            &["--window", "..2024-01-01T00:00:00Z", "-o", "name"]
        ),
        ""
    );
    let err = s.fails(
        &[
            "memory",
            "retrieve",
            "-s",
            "bot.support",
            "Ana",
            "--window",
            "2024-03-01",
        ],
        2,
    );
    assert!(err.contains("FROM..UNTIL"), "{err}");
    let err = s.fails(
        &[
            "memory",
            "retrieve",
            "-s",
            "bot.support",
            "Ana",
            "--window",
            "2024-06-01T00:00:00Z..2024-01-01T00:00:00Z",
        ],
        1,
    );
    assert!(err.contains("swap the bounds"), "{err}");
}

#[test]
fn c5_lifecycle_commands_fence_recall_and_print_the_state() {
    let s = seeded();
    assert_eq!(
        s.ok(&["memory", "quarantine", "cap-1"]),
        "cap-1  quarantined\n"
    );
    assert_eq!(retrieve(&s, "Ana email", &["-o", "name"]), "cap-2\n");
    assert_eq!(
        s.ok(&["memory", "archive", "cap-1"]),
        "cap-1  quarantined, archived\n"
    );
    assert_eq!(s.ok(&["memory", "release", "cap-1"]), "cap-1  archived\n");
    let err = s.fails(&["memory", "release", "cap-1"], 1);
    assert!(
        err.starts_with("error[FAILED_PRECONDITION]: cap-1 is not quarantined"),
        "{err}"
    );
    let json = s.json(&["memory", "unarchive", "cap-1", "-o", "json"]);
    assert_eq!(json["archived"], false);
    assert_eq!(retrieve(&s, "Ana email", &["-o", "name"]), "cap-1\ncap-2\n");

    assert_eq!(
        s.ok(&[
            "memory",
            "freshness",
            "cap-1",
            "--until",
            "2020-01-01T00:00:00Z"
        ]),
        "cap-1  stale\nfresh until 2020-01-01T00:00:00.000Z\n"
    );
    assert_eq!(retrieve(&s, "Ana email", &["-o", "name"]), "cap-2\n");
    assert_eq!(
        s.ok(&["memory", "freshness", "cap-1", "--clear"]),
        "cap-1  live\n"
    );
    s.fails(&["memory", "freshness", "cap-1"], 2);

    assert_eq!(
        s.ok(&["memory", "falsify", "cap-3", "--yes"]),
        "cap-3  falsified\n"
    );
    let err = s.fails(&["memory", "falsify", "cap-2"], 1);
    assert!(err.contains("--yes"), "{err}");
    assert_eq!(
        s.json(&["memory", "get", "cap-2", "-o", "json"])["lifecycle"]["falsified"],
        false
    );

    // Every change is audited.
    let audit = s.ok(&["audit", "-o", "json"]);
    for action in [
        "capsule.quarantine",
        "capsule.release",
        "capsule.fresh_until",
        "capsule.falsify",
    ] {
        assert!(audit.contains(action), "{action}: {audit}");
    }
}

#[test]
fn c4_supersede_writes_a_replacement_in_the_same_scope_and_fences_the_old() {
    let s = seeded();
    assert_eq!(
        s.ok(&[
            "memory",
            "supersede",
            "cap-1",
            "Ana now prefers chat.",
            "--origin",
            "owner-stated"
        ]),
        "cap-4\n"
    );
    let old = s.ok(&["memory", "get", "cap-1"]);
    assert!(old.contains("STATE    superseded by cap-4\n"), "{old}");
    let new = s.json(&["memory", "get", "cap-4", "-o", "json"]);
    assert_eq!(new["supersedes"], "cap-1");
    assert_eq!(new["scope"], "bot.support");
    assert_eq!(
        retrieve(&s, "prefers chat or email", &["-o", "name"]),
        "cap-4\n"
    );
    let err = s.fails(&["memory", "supersede", "cap-1", "again"], 1);
    assert!(err.contains("already superseded by cap-4"), "{err}");
    s.ok(&["scopes", "register", "bot.other", "--kind", "agent"]);
    let err = s.fails(
        &[
            "memory",
            "supersede",
            "cap-2",
            "moved",
            "--scope",
            "bot.other",
        ],
        1,
    );
    assert!(err.contains("stays in the scope"), "{err}");
}

#[test]
fn c7_forget_needs_yes_without_a_terminal_and_removes_the_capsule() {
    let s = seeded();
    let before = s.bytes();
    let err = s.fails(&["memory", "forget", "cap-1"], 1);
    assert!(
        err.contains("not a terminal") && err.contains("--yes"),
        "{err}"
    );
    assert!(s.bytes() == before, "a refused forget writes nothing");
    assert_eq!(
        s.ok(&["memory", "forget", "cap-1", "--yes"]),
        "forgot cap-1\n"
    );
    let err = s.fails(&["memory", "get", "cap-1"], 1);
    assert!(err.starts_with("error[UNKNOWN_CAPSULE]"), "{err}");
    let err = s.fails(&["memory", "forget", "cap-1", "--yes"], 1);
    assert!(err.starts_with("error[UNKNOWN_CAPSULE]"), "{err}");
    assert_eq!(retrieve(&s, "Ana email", &["-o", "name"]), "cap-2\n");
    // Ids are never reused.
    assert_eq!(put(&s, &["another"]), "cap-4");
    assert_eq!(
        s.json(&["memory", "forget", "cap-4", "-y", "-o", "json"]),
        serde_json::json!({"forgotten": "cap-4"})
    );
}

#[test]
fn c7_forget_asks_on_a_terminal() {
    let s = seeded();
    let mut pty = s.pty(&["memory", "forget", "cap-1"]);
    pty.exp_string("cap-1  bot.support  Ana prefers email over phone calls.")
        .unwrap();
    pty.exp_string("Forget cap-1?").unwrap();
    pty.exp_string("[y/N] ").unwrap();
    pty.send_line("n").unwrap();
    let rest = pty.exp_eof().unwrap();
    assert!(rest.contains("aborted: nothing was written"), "{rest}");
    assert_eq!(s.ok(&["memory", "get", "cap-1", "-o", "name"]), "cap-1\n");

    let mut pty = s.pty(&["memory", "forget", "cap-1"]);
    pty.exp_string("[y/N] ").unwrap();
    pty.send_line("y").unwrap();
    let rest = pty.exp_eof().unwrap();
    assert!(rest.contains("forgot cap-1"), "{rest}");
    s.fails(&["memory", "get", "cap-1"], 1);
}

#[test]
fn a6_memory_commands_run_with_the_keys_permissions_and_reach() {
    let s = seeded();
    s.ok(&["scopes", "register", "other", "--kind", "agent"]);
    let writer = s.key(&["agent.memory:read", "agent.memory:write"], "bot.*");
    let reader = s.key(&["agent.memory:read"], "bot.*");
    let as_key = |secret: &str, args: &[&str]| {
        s.cmd()
            .env("KENNING_API_KEY", secret)
            .args(args)
            .output()
            .unwrap()
    };
    // Memory writes are not management-class: a key holding agent.memory:write does them.
    let out = as_key(
        &writer,
        &["memory", "put", "-s", "bot.support", "from the bot"],
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "cap-4\n");
    assert!(
        as_key(&writer, &["memory", "quarantine", "cap-4"])
            .status
            .success()
    );
    assert!(
        as_key(&writer, &["memory", "forget", "cap-4", "--yes"])
            .status
            .success()
    );
    assert!(
        as_key(
            &writer,
            &[
                "memory",
                "commit-graph",
                "-s",
                "bot.support",
                r#"{"nodes": [{"id": "a", "label": "A"}]}"#
            ]
        )
        .status
        .success()
    );
    // Without reach the scope does not exist (A5).
    let out = as_key(&writer, &["memory", "put", "-s", "other", "x"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("error[NOT_FOUND]: scope \"other\"")
    );
    // A read-only key reads and recalls, and is refused every write, which changes no byte.
    let before = s.bytes();
    for args in [
        vec!["memory", "put", "-s", "bot.support", "x"],
        vec!["memory", "archive", "cap-1"],
        vec!["memory", "forget", "cap-1", "--yes"],
        vec!["memory", "supersede", "cap-1", "y"],
    ] {
        let out = as_key(&reader, &args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error[PERMISSION_DENIED]"),
            "{args:?}: {err}"
        );
        assert!(err.contains("agent.memory:write"), "{err}");
    }
    assert!(s.bytes() == before, "the store changed");
    let out = as_key(
        &reader,
        &[
            "memory",
            "retrieve",
            "-s",
            "bot.support",
            "Ana email",
            "-o",
            "name",
        ],
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "cap-1\ncap-2\n");
    let out = as_key(&reader, &["memory", "get", "cap-1", "-o", "name"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "cap-1\n");
    let out = as_key(
        &reader,
        &["scopes", "memory", "inspect", "other", "--graph"],
    );
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("error[NOT_FOUND]: scope \"other\"")
    );
    let out = as_key(
        &reader,
        &["scopes", "memory", "inspect", "bot.support", "-o", "name"],
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "cap-1\ncap-2\ncap-3\n"
    );
    assert!(
        s.bytes() == before,
        "reads under a key leave the store unchanged"
    );
}

#[test]
fn g2_commit_graph_reports_what_it_did_and_keeps_the_first_class() {
    let s = Store::new();
    let first = r#"{"nodes": [{"id": "ana", "label": "Ana", "nodeType": "Person"},
                              {"id": "acme", "label": "Acme"}],
                    "edges": [{"relationType": "WORKS_AT", "source": "ana", "target": "acme"}]}"#;
    assert_eq!(
        s.ok(&["memory", "commit-graph", "-s", "bot.support", first]),
        "nodes: 2 created, 0 replaced, 1 class assigned\nedges: 1 created, 0 replaced\n"
    );
    let file = s.file(
        "second.json",
        r#"{"nodes": [{"id": "ana", "label": "Ana Souza", "nodeType": "Robot"}]}"#,
    );
    let out = s.ok(&[
        "memory",
        "commit-graph",
        "-s",
        "bot.support",
        &format!("@{file}"),
    ]);
    assert!(
        out.contains("kept class Person of node ana (the write gave Robot"),
        "{out}"
    );
    let json: serde_json::Value = serde_json::from_str(&s.ok_in(
        &[
            "memory",
            "commit-graph",
            "-s",
            "bot.support",
            "-",
            "-o",
            "json",
        ],
        r#"{"nodes": [{"id": "acme", "label": "Acme", "nodeType": "Organization"}]}"#,
    ))
    .unwrap();
    assert_eq!(json["nodesReplaced"], 1);
    assert_eq!(json["classesAssigned"], 1);
    let err = s.fails(
        &[
            "memory",
            "commit-graph",
            "-s",
            "bot.support",
            r#"{"nodes": [{"id": "x"}]}"#,
        ],
        1,
    );
    assert!(err.starts_with("error[INVALID_ARGUMENT]"), "{err}");
    assert!(err.contains("label"), "{err}");
}

#[test]
fn exit_codes_are_documented_under_every_help() {
    let s = Store::new();
    for args in [
        vec!["--help"],
        vec!["-h"],
        vec!["memory", "--help"],
        vec!["memory", "import", "--help"],
        vec!["scopes", "memory", "inspect", "-h"],
    ] {
        let help = s.ok(&args);
        assert!(
            help.contains("Exit codes: 0 success, 1 error") && help.contains("2 usage"),
            "{args:?}: {help}"
        );
    }
}
