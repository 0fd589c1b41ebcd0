//! `kenning vocabulary` end to end on the built binary (L1–L5).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

struct Store {
    dir: tempfile::TempDir,
}

impl Store {
    fn new() -> Self {
        let s = Self {
            dir: tempfile::tempdir().unwrap(),
        };
        s.ok(&["scopes", "register", "bot.support", "--kind", "agent"]);
        s
    }

    fn path(&self) -> PathBuf {
        self.dir.path().join("kenning.redb")
    }

    fn cmd(&self) -> Command {
        let mut cmd = Command::cargo_bin("kenning").unwrap();
        cmd.current_dir(self.dir.path())
            .env_remove("KENNING_STORE")
            .env_remove("KENNING_API_KEY");
        cmd
    }

    /// Runs and expects success; returns stdout.
    fn ok(&self, args: &[&str]) -> String {
        let out = self.cmd().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Runs and expects exit code `code`; returns stderr.
    fn fails(&self, args: &[&str], code: i32) -> String {
        let out = self.cmd().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        String::from_utf8(out.stderr).unwrap()
    }

    fn declare_enterprise(&self) {
        self.ok(&[
            "vocabulary",
            "declare",
            "--class",
            "Person=an individual human being, including colleagues",
            "--class",
            "Organization=a company, employer, school or agency",
            "--relation",
            "WORKS_AT=employment of a person by an organization",
            "--signature",
            "WORKS_AT=Person:Organization",
            "--yes",
        ]);
    }
}

#[test]
fn l1_default_store_is_a_file_in_the_working_directory_and_env_overrides_it() {
    let s = Store::new();
    assert!(s.path().exists());
    let other = s.dir.path().join("other.redb");
    s.cmd()
        .env("KENNING_STORE", &other)
        .args(["scopes", "register", "x", "--kind", "subject"])
        .assert()
        .success();
    assert!(other.exists());
    let listed = s.ok(&[
        "--store",
        other.to_str().unwrap(),
        "scopes",
        "list",
        "-o",
        "name",
    ]);
    assert_eq!(listed, "x\n");
}

#[test]
fn l3_declare_prints_what_it_adds_drops_and_redescribes() {
    let s = Store::new();
    let first = s.ok(&[
        "vocab",
        "declare",
        "--class",
        "Person=a human",
        "--class",
        "Party=",
        "--yes",
    ]);
    assert!(first.contains("+ class Person\n+ class Party\n"), "{first}");
    let second = s.ok(&[
        "vocab",
        "declare",
        "--class",
        "Person=an individual human being",
        "--class",
        "Organization=a company",
        "--yes",
    ]);
    assert!(
        second.contains("replacing its declaration (no merge)"),
        "{second}"
    );
    assert!(second.contains("+ class Organization\n"), "{second}");
    assert!(second.contains("- class Party\n"), "{second}");
    assert!(
        second.contains("~ class Person: \"a human\" -> \"an individual human being\"\n"),
        "{second}"
    );
}

#[test]
fn l4_get_tells_the_three_states_apart() {
    let s = Store::new();
    s.declare_enterprise();
    let inherits = s.ok(&["vocab", "get", "--scope", "bot.support"]);
    assert!(
        inherits.starts_with(
            "LEVEL        scope bot.support\n\
         DECLARATION  none: this scope inherits the enterprise default\n\
         RESOLVES     the enterprise default\n"
        ),
        "{inherits}"
    );
    assert!(inherits.contains("Person         an individual human being, including colleagues"));

    s.ok(&[
        "vocab",
        "declare",
        "--scope",
        "bot.support",
        "--none",
        "--yes",
    ]);
    let off = s.ok(&["vocab", "get", "--scope", "bot.support"]);
    assert!(
        off.contains("DECLARATION  empty: classification is deliberately OFF at this level"),
        "{off}"
    );
    assert!(off.contains("RESOLVES     nothing"), "{off}");

    s.ok(&[
        "vocab",
        "declare",
        "--scope",
        "bot.support",
        "--class",
        "Ticket=a support request",
        "--yes",
    ]);
    let own = s.ok(&["vocab", "get", "--scope", "bot.support"]);
    assert!(
        own.contains("DECLARATION  1 entity class, 0 relation types"),
        "{own}"
    );
    assert!(own.contains("RESOLVES     this declaration"), "{own}");
    assert!(own.contains("Ticket"), "{own}");
}

#[test]
fn l4_output_json_is_the_read_response_verbatim_and_name_lists_classes() {
    let s = Store::new();
    s.declare_enterprise();
    let json: serde_json::Value =
        serde_json::from_str(&s.ok(&["vocab", "get", "--scope", "bot.support", "-o", "json"]))
            .unwrap();
    assert!(json.get("declaration").is_none());
    assert_eq!(json["resolved"]["entityClasses"][0]["name"], "Person");
    assert_eq!(
        json["resolved"]["relationTypes"][0]["signatures"][0],
        serde_json::json!({"sourceClass": "Person", "targetClass": "Organization"})
    );
    s.ok(&[
        "vocab",
        "declare",
        "--scope",
        "bot.support",
        "--none",
        "--yes",
    ]);
    let json: serde_json::Value =
        serde_json::from_str(&s.ok(&["vocab", "get", "--scope", "bot.support", "-o", "json"]))
            .unwrap();
    assert_eq!(
        json,
        serde_json::json!({"declaration": {"entityClasses": [], "relationTypes": []}})
    );
    assert_eq!(
        s.ok(&["vocab", "get", "-o", "name"]),
        "Person\nOrganization\n"
    );
    assert_eq!(
        s.ok(&["vocab", "get", "--scope", "bot.support", "-o", "name"]),
        ""
    );
}

#[test]
fn l3_dry_run_prints_diff_and_request_and_leaves_the_store_byte_for_byte_unchanged() {
    let s = Store::new();
    s.declare_enterprise();
    let before = std::fs::read(s.path()).unwrap();
    let out = s.ok(&[
        "vocab",
        "declare",
        "--scope",
        "bot.support",
        "--class",
        "Ticket=a support request",
        "--dry-run",
    ]);
    assert!(out.contains("+ class Ticket"), "{out}");
    let body = out
        .split("Request body (dry run, nothing written):\n")
        .nth(1)
        .unwrap();
    let body: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(body["scopeId"], "bot.support");
    assert_eq!(body["vocabulary"]["entityClasses"][0]["name"], "Ticket");
    assert_eq!(std::fs::read(s.path()).unwrap(), before);
}

#[test]
fn l3_without_a_terminal_or_yes_nothing_is_declared() {
    let s = Store::new();
    let err = s.fails(&["vocab", "declare", "--class", "Person="], 1);
    assert!(err.contains("--yes"), "{err}");
    let json = s.ok(&["vocab", "get", "-o", "json"]);
    assert_eq!(json.trim(), "{}");
}

#[test]
fn l2_flags_need_the_separator_and_signatures_need_their_relation() {
    let s = Store::new();
    let err = s.fails(&["vocab", "declare", "--class", "Person", "--yes"], 2);
    assert!(err.contains("Person="), "{err}");
    let err = s.fails(
        &[
            "vocab",
            "declare",
            "--class",
            "Person=",
            "--signature",
            "KNOWS=Person:Person",
            "--yes",
        ],
        1,
    );
    assert!(err.contains("--relation KNOWS="), "{err}");
    let err = s.fails(&["vocab", "declare", "--yes"], 1);
    assert!(err.contains("always carries a vocabulary"), "{err}");
    let err = s.fails(&["vocab", "declare", "--class", "Per son=", "--yes"], 1);
    assert!(err.contains("error[INVALID_ARGUMENT]"), "{err}");
    assert!(err.contains("vocabulary.entityClasses[0].name"), "{err}");
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn l2_from_file_takes_json_or_yaml_with_or_without_the_wrapper() {
    let s = Store::new();
    let files = [
        write(
            s.dir.path(),
            "a.json",
            r#"{"vocabulary": {"entityClasses": [{"name": "A"}]}}"#,
        ),
        write(
            s.dir.path(),
            "b.json",
            r#"{"entityClasses": [{"name": "B"}]}"#,
        ),
        write(
            s.dir.path(),
            "c.yaml",
            "vocabulary:\n  entityClasses:\n    - name: C\n",
        ),
        write(
            s.dir.path(),
            "d.yml",
            "entityClasses:\n  - name: D\n    description: dee\n",
        ),
    ];
    for (file, class) in files.iter().zip(["A", "B", "C", "D"]) {
        s.ok(&[
            "vocab",
            "declare",
            "--scope",
            "bot.support",
            "--from-file",
            file,
            "--yes",
        ]);
        assert_eq!(
            s.ok(&["vocab", "get", "--scope", "bot.support", "-o", "name"]),
            format!("{class}\n")
        );
    }
    let scoped = write(
        s.dir.path(),
        "e.json",
        r#"{"scopeId": "bot.support", "vocabulary": {"entityClasses": []}}"#,
    );
    let err = s.fails(&["vocab", "declare", "--from-file", &scoped, "--yes"], 1);
    assert!(err.contains("--scope bot.support"), "{err}");
    let bad = write(s.dir.path(), "f.yaml", "vocabulary:\n  entityClass: []\n");
    let err = s.fails(&["vocab", "declare", "--from-file", &bad, "--yes"], 1);
    assert!(err.contains("entityClass"), "{err}");
}

#[test]
fn l1_remove_restores_inheritance() {
    let s = Store::new();
    s.declare_enterprise();
    s.ok(&[
        "vocab",
        "declare",
        "--scope",
        "bot.support",
        "--none",
        "--yes",
    ]);
    let out = s.ok(&["vocab", "remove", "--scope", "bot.support"]);
    assert!(
        out.contains("inherits the enterprise default again"),
        "{out}"
    );
    let out = s.ok(&["vocab", "remove", "--scope", "bot.support"]);
    assert!(out.contains("nothing to remove"), "{out}");
    assert_eq!(
        s.ok(&["vocab", "get", "--scope", "bot.support", "-o", "name"]),
        "Person\nOrganization\n"
    );
}

#[test]
fn l5_declare_and_remove_are_refused_locally_under_an_api_key_and_get_works() {
    let s = Store::new();
    s.declare_enterprise();
    let created = s.ok(&[
        "keys",
        "create",
        "--permission",
        "agent.vocabulary:read",
        "--agents",
        "bot.*",
        "-o",
        "json",
    ]);
    let secret = serde_json::from_str::<serde_json::Value>(&created).unwrap()["secret"]
        .as_str()
        .unwrap()
        .to_owned();
    let before = std::fs::read(s.path()).unwrap();
    for args in [
        vec!["vocab", "declare", "--none", "--yes"],
        vec!["vocab", "remove", "--scope", "bot.support"],
    ] {
        let out = s
            .cmd()
            .env("KENNING_API_KEY", &secret)
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("management-class"), "{err}");
    }
    assert_eq!(std::fs::read(s.path()).unwrap(), before);
    let out = s
        .cmd()
        .args([
            "--api-key",
            &secret,
            "vocab",
            "get",
            "--scope",
            "bot.support",
            "-o",
            "name",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Person\nOrganization\n"
    );
    // A revoked key authenticates nothing.
    s.ok(&["keys", "revoke", "key-1"]);
    let out = s
        .cmd()
        .args(["--api-key", &secret, "vocab", "get"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("error[PERMISSION_DENIED]")
    );
}

#[test]
fn l3_the_confirmation_question_is_asked_on_a_terminal() {
    let s = Store::new();
    let bin = assert_cmd::cargo::cargo_bin("kenning");
    let run = |answer: &str| {
        let mut cmd = std::process::Command::new(&bin);
        cmd.current_dir(s.dir.path())
            .env_remove("KENNING_STORE")
            .env_remove("KENNING_API_KEY")
            .args(["vocab", "declare", "--class", "Person=a human"]);
        let mut pty = rexpect::session::spawn_command(cmd, Some(20_000)).unwrap();
        pty.exp_string("+ class Person").unwrap();
        pty.exp_string("Declare it? [y/N] ").unwrap();
        pty.send_line(answer).unwrap();
        pty.exp_eof().unwrap()
    };
    let after_no = run("n");
    assert!(
        after_no.contains("aborted: nothing was written"),
        "{after_no}"
    );
    assert_eq!(s.ok(&["vocab", "get", "-o", "json"]).trim(), "{}");
    let after_yes = run("yes");
    assert!(after_yes.contains("declared at enterprise"), "{after_yes}");
    assert_eq!(s.ok(&["vocab", "get", "-o", "name"]), "Person\n");
}
