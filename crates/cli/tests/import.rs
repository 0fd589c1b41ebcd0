//! `kenning memory import` on the built binary: JSON Lines in batched transactions, errors that
//! name the line, the progress bar on a terminal only, and API keys (C3, A6).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Store;

/// `n` lines of notes in bot.support; line `bad` (counted from 1), if any, has blank content.
fn notes(n: usize, bad: Option<usize>) -> String {
    (1..=n)
        .map(|i| {
            let content = if Some(i) == bad {
                " ".to_owned()
            } else {
                format!("note {i} about the renewal")
            };
            format!("{{\"scope\": \"bot.support\", \"content\": \"{content}\"}}\n")
        })
        .collect()
}

fn names(s: &Store) -> Vec<String> {
    s.ok(&[
        "scopes",
        "memory",
        "inspect",
        "bot.support",
        "--all",
        "-o",
        "name",
    ])
    .lines()
    .map(str::to_owned)
    .collect()
}

#[test]
fn import_writes_every_line_in_batches_and_summarises() {
    let s = Store::new();
    let file = s.file("notes.jsonl", &notes(25, None));
    assert_eq!(
        s.ok(&["memory", "import", &file, "--batch-size", "10"]),
        format!("imported 25 capsules from 25 lines of {file} in 3 batches (cap-1 .. cap-25)\n")
    );
    assert_eq!(names(&s).len(), 25);
    assert_eq!(
        s.json(&["memory", "get", "cap-25", "-o", "json"])["content"],
        "note 25 about the renewal"
    );
    let json = s.json(&["memory", "import", &file, "-o", "json"]);
    assert_eq!(json["imported"], 25);
    assert_eq!(json["batches"], 1, "the default batch holds 1000");
    assert_eq!(json["lines"], 25);
    assert_eq!(json["ids"][0], "cap-26");
    assert_eq!(json["ids"][24], "cap-50");
    let ids = s.ok(&["memory", "import", &file, "-o", "name", "--batch-size", "7"]);
    assert_eq!(ids.lines().count(), 25);
    assert!(ids.starts_with("cap-51\ncap-52\n"), "{ids}");
}

#[test]
fn import_lines_carry_every_capsule_field_in_either_spelling() {
    let s = Store::new();
    s.ok(&["scopes", "register", "customer.42", "--kind", "subject"]);
    let lines = concat!(
        "{\"content\": \"Ana prefers email.\", \"origin\": \"owner-stated\", ",
        "\"metadata\": {\"source\": \"crm\"}, \"validFrom\": \"2024-03-01T00:00:00Z\"}\n",
        "\n",
        "{\"scope\": \"customer.42\", \"content\": \"Invoice sent.\", ",
        "\"valid_from\": 1709251200000, \"valid_until\": \"2024-03-31T00:00:00Z\", ",
        "\"fresh_until\": \"2999-01-01T00:00:00Z\", ",
        "\"thread\": {\"id\": \"call-9\", \"position\": 4}}\n",
    );
    // Standard input; --scope for the lines that name none.
    let out = s.ok_in(
        &["memory", "import", "-", "--scope", "bot.support"],
        &format!("\u{feff}{lines}"),
    );
    assert_eq!(
        out,
        "imported 2 capsules from 3 lines of standard input in 1 batch (cap-1 .. cap-2)\n"
    );
    let first = s.json(&["memory", "get", "cap-1", "-o", "json"]);
    assert_eq!(first["scope"], "bot.support");
    assert_eq!(first["origin"], "owner-stated");
    assert_eq!(first["metadata"]["source"], "crm");
    assert_eq!(first["fact_time"]["valid_from"], 1_709_251_200_000_i64);
    assert!(first["fact_time"].get("valid_until").is_none());
    let second = s.json(&["memory", "get", "cap-2", "-o", "json"]);
    assert_eq!(second["scope"], "customer.42");
    assert_eq!(second["origin"], "extracted-candidate");
    assert_eq!(second["fact_time"]["valid_until"], 1_711_843_200_000_i64);
    assert_eq!(second["lifecycle"]["fresh_until"], 32_472_144_000_000_i64);
    assert_eq!(second["thread"]["id"], "call-9");
    assert_eq!(second["thread"]["position"], 4);
    assert!(first.get("thread").is_none());
    // Imported capsules are recalled like any other.
    assert_eq!(
        s.ok(&[
            "memory",
            "retrieve",
            "-s",
            "bot.support",
            "email",
            "-o",
            "name"
        ]),
        "cap-1\n"
    );
    assert_eq!(
        s.ok(&["memory", "import", "-"]),
        "imported nothing: standard input holds no capsule line\n"
    );
}

#[test]
fn a_failed_batch_writes_nothing_of_itself_and_earlier_batches_stay_written() {
    let s = Store::new();
    let file = s.file("notes.jsonl", &notes(25, Some(18)));
    let err = s.fails(&["memory", "import", &file, "--batch-size", "5"], 1);
    assert_eq!(
        err,
        "error[INVALID_ARGUMENT]: line 18: content: is empty: a capsule remembers at least one \
         visible character\n  15 capsules of lines 1 to 15 (cap-1 .. cap-15) were written in 3 \
         batches before it and stay written; nothing from line 16 on was written. Fix line 18, \
         then resume with --from-line 16\n"
    );
    let written = names(&s);
    assert_eq!(written.len(), 15);
    assert_eq!(written.last().unwrap(), "cap-15");
    // Resuming after the fix writes the rest, once.
    std::fs::write(&file, notes(25, None)).unwrap();
    assert_eq!(
        s.ok(&[
            "memory",
            "import",
            &file,
            "--batch-size",
            "5",
            "--from-line",
            "16"
        ]),
        format!(
            "imported 10 capsules from lines 16 to 25 of {file} in 2 batches (cap-16 .. cap-25)\n"
        )
    );
    assert_eq!(names(&s).len(), 25);

    // A failure in the first batch writes nothing at all.
    let s = Store::new();
    let file = s.file("notes.jsonl", &notes(4, Some(3)));
    let err = s.fails(&["memory", "import", &file], 1);
    assert!(
        err.ends_with("nothing was written. Fix line 3, then run the import again\n"),
        "{err}"
    );
    assert!(names(&s).is_empty());
}

#[test]
fn import_errors_name_the_line_and_the_fix() {
    let s = Store::new();
    let fails = |lines: &str, code: i32| -> String {
        let err = s.fails_in(
            &["memory", "import", "-"],
            &format!("{}\n{lines}", notes(1, None).trim_end()),
            code,
        );
        assert!(names(&s).is_empty(), "nothing written for {lines}");
        err
    };
    let err = fails("{\"scope\": \"bot.support\", \"content\": ", 1);
    assert!(
        err.starts_with("error[INVALID_ARGUMENT]: line 2: column 35: EOF"),
        "{err}"
    );
    let err = fails(
        "{\"scope\": \"bot.support\", \"content\": \"x\", \"colour\": 1}",
        1,
    );
    assert!(
        err.starts_with("error[INVALID_ARGUMENT]: line 2: column "),
        "{err}"
    );
    assert!(err.contains("unknown field `colour`"), "{err}");
    let err = fails("[\"bot.support\", \"x\"]", 1);
    assert!(err.contains("line 2: is not a JSON object"), "{err}");
    let err = fails("{\"content\": \"x\"}", 1);
    assert!(
        err.contains("line 2: names no scope: add \"scope\" to the line, or pass --scope"),
        "{err}"
    );
    let err = fails(
        "{\"scope\": \"bot.support\", \"content\": \"x\", \"validFrom\": \"March\"}",
        1,
    );
    assert!(
        err.contains("line 2: column ") && err.contains("\"March\" is not an RFC 3339 time"),
        "{err}"
    );
    let err = fails(
        "{\"scope\": \"bot.support\", \"content\": \"x\", \"valid_from\": \"2024-06-01T00:00:00Z\", \"valid_until\": \"2024-01-01T00:00:00Z\"}",
        1,
    );
    assert!(
        err.contains("line 2: valid_from 2024-06-01T00:00:00.000Z is after valid_until"),
        "{err}"
    );
    let err = fails(
        "{\"scope\": \"bot.support\", \"content\": \"x\", \"origin\": \"rumour\"}",
        1,
    );
    assert!(
        err.contains("line 2: column ") && err.contains("owner-stated"),
        "{err}"
    );
    // Found by the store when the batch is written, and pinned to its line all the same.
    let err = fails(
        "{\"scope\": \"bot.support\", \"content\": \"x\", \"metadata\": {\"a b\": \"c\"}}",
        1,
    );
    assert!(
        err.starts_with("error[INVALID_ARGUMENT]: line 2: metadata: key \"a b\""),
        "{err}"
    );
    let err = fails("{\"scope\": \"bot.nobody\", \"content\": \"x\"}", 1);
    assert!(
        err.starts_with("error[NOT_FOUND]: line 2: scope \"bot.nobody\" not found"),
        "{err}"
    );
    // Bytes that are not UTF-8.
    let out = s
        .cmd()
        .args(["memory", "import", "-"])
        .write_stdin(b"{\"scope\": \"bot.support\", \"content\": \"\xff\"}\n".to_vec())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("line 1: is not UTF-8")
    );
    let err = s.fails(&["memory", "import", "missing.jsonl"], 1);
    assert!(err.contains("opening missing.jsonl"), "{err}");
    s.fails(&["memory", "import", "-", "--batch-size", "0"], 2);
    s.fails(&["memory", "import", "-", "--batch-size", "10001"], 2);
    s.fails(&["memory", "import", "-", "--from-line", "0"], 2);
}

#[test]
fn e1_import_attaches_embeddings_in_the_capsules_transaction() {
    let s = Store::new();
    let lines = "{\"scope\": \"bot.support\", \"content\": \"Ana prefers chat.\", \
                 \"embedding\": [1.0, 0.0, 0.0], \"modelTag\": \"minilm-l6\"}\n\
                 {\"scope\": \"bot.support\", \"content\": \"Invoices go to finance.\"}\n\
                 {\"scope\": \"bot.support\", \"content\": \"The VPN moved.\", \
                 \"embedding\": [0.0, 1.0, 0.0], \"model_tag\": \"minilm-l6\"}\n";
    let file = s.file("vectors.jsonl", lines);
    let out = s.ok(&["memory", "import", &file]);
    assert!(out.contains("2 embeddings attached"), "{out}");

    // The vector lane ranks by the attached vectors; the fused lane shows both lanes' places.
    let vector = s.ok(&[
        "memory",
        "retrieve",
        "--scope",
        "bot.support",
        "--lane",
        "vector",
        "--embedding",
        "[0.9, 0.1, 0.0]",
        "-o",
        "name",
    ]);
    assert_eq!(vector, "cap-1\ncap-3\n");
    let fused = s.ok(&[
        "memory",
        "retrieve",
        "--scope",
        "bot.support",
        "chat",
        "--embedding",
        "[0.9, 0.1, 0.0]",
    ]);
    assert!(
        fused.starts_with("RANK  ID     SCORE   TERM  VECTOR  CONTENT\n1     cap-1"),
        "{fused}"
    );
    let q = s.file("q.json", "[0.0, 1.0, 0.0]");
    let json = s.ok(&[
        "memory",
        "retrieve",
        "--scope",
        "bot.support",
        "vpn",
        "--embedding",
        &format!("@{q}"),
        "--rrf-k",
        "10",
        "--weights",
        "1,0.5",
        "-o",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["lane"], "fused");
    assert_eq!(json["hits"][0]["capsule"]["id"], "cap-3");

    // A batch whose vector is refused writes nothing of itself, and the error names the line.
    let bad = "{\"scope\": \"bot.support\", \"content\": \"fine\"}\n\
               {\"scope\": \"bot.support\", \"content\": \"zero\", \"embedding\": [0.0, 0.0, 0.0], \
               \"model_tag\": \"minilm-l6\"}\n";
    let err = s.fails_in(&["memory", "import", "-"], bad, 1);
    assert!(err.contains("line 2"), "{err}");
    assert!(
        !names(&s).contains(&"cap-4".to_owned()),
        "nothing of the failed batch"
    );
    // Another model's vectors are refused, naming the resident one (E2).
    let other = "{\"scope\": \"bot.support\", \"content\": \"x\", \"embedding\": [0.5, 0.5, 0.0], \
                 \"model_tag\": \"other-model\"}\n";
    let err = s.fails_in(&["memory", "import", "-"], other, 1);
    assert!(err.contains("minilm-l6"), "{err}");
    let err = s.fails_in(
        &["memory", "import", "-"],
        "{\"scope\": \"bot.support\", \"content\": \"x\", \"embedding\": [0.5]}\n",
        1,
    );
    assert!(
        err.contains("line 1: has an embedding without its model_tag"),
        "{err}"
    );
    let err = s.fails_in(
        &["memory", "import", "-"],
        "{\"scope\": \"bot.support\", \"content\": \"x\", \"model_tag\": \"m\"}\n",
        1,
    );
    assert!(
        err.contains("line 1: has a model_tag without an embedding"),
        "{err}"
    );
}

#[test]
fn no_progress_bar_when_stderr_is_piped() {
    let s = Store::new();
    let file = s.file("notes.jsonl", &notes(300, None));
    let out = s
        .cmd()
        .args(["memory", "import", &file, "--batch-size", "50"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("imported 300 capsules from 300 lines of {file} in 6 batches (cap-1 .. cap-300)\n")
    );
}

#[test]
fn a_progress_bar_on_a_terminal_unless_turned_off() {
    let s = Store::new();
    let file = s.file("notes.jsonl", &notes(300, None));
    let mut pty = s.pty(&["memory", "import", &file, "--batch-size", "50"]);
    pty.exp_string("100%").unwrap();
    pty.exp_string("300 capsules written").unwrap();
    let rest = pty.exp_eof().unwrap();
    assert!(rest.contains("imported 300 capsules"), "{rest}");

    let mut pty = s.pty(&["memory", "import", &file, "--no-progress"]);
    let all = pty.exp_eof().unwrap();
    assert!(all.contains("imported 300 capsules"), "{all}");
    assert!(
        !all.contains('%') && !all.contains("capsules written"),
        "{all}"
    );
}

#[test]
fn a6_import_runs_with_the_keys_permission_and_reach() {
    let s = Store::new();
    s.ok(&["scopes", "register", "other", "--kind", "agent"]);
    let writer = s.key(&["agent.memory:write"], "bot.*");
    let reader = s.key(&["agent.memory:read"], "bot.*");
    let import = |secret: &str, lines: &str| {
        s.cmd()
            .env("KENNING_API_KEY", secret)
            .args(["memory", "import", "-", "--scope", "bot.support"])
            .write_stdin(lines.to_owned())
            .output()
            .unwrap()
    };
    let out = import(&writer, "{\"content\": \"from the bot\"}\n");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "imported 1 capsule from 1 line of standard input (cap-1)\n"
    );
    // Out of reach: the scope does not exist for this key, and the line says which.
    let out = import(
        &writer,
        "{\"content\": \"a\"}\n{\"scope\": \"other\", \"content\": \"b\"}\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error[NOT_FOUND]: line 2: scope \"other\" not found"),
        "{err}"
    );
    // A key that may not write is refused before the file is opened for writing.
    let before = s.bytes();
    let out = import(&reader, "{\"content\": \"x\"}\n");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error[PERMISSION_DENIED]: writing memory needs agent.memory:write"),
        "{err}"
    );
    assert!(s.bytes() == before, "a refused import changed the store");
    assert_eq!(names(&s), ["cap-1"]);
}
