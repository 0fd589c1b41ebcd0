//! `kenning scopes`, `kenning keys` and `kenning audit` on the built binary.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use assert_cmd::Command;

fn kenning(dir: &tempfile::TempDir) -> Command {
    let mut cmd = Command::cargo_bin("kenning").unwrap();
    cmd.current_dir(dir.path())
        .env_remove("KENNING_STORE")
        .env_remove("KENNING_API_KEY");
    cmd
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn scopes_register_and_list_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(kenning(&dir).args(["scopes", "register", "bot.support", "--kind", "agent"]));
    assert_eq!(out, "registered agent scope bot.support\n");
    let out = stdout(kenning(&dir).args(["scopes", "register", "bot.support", "--kind", "agent"]));
    assert_eq!(out, "agent scope bot.support was already registered\n");
    stdout(kenning(&dir).args(["scopes", "register", "customer.42", "--kind", "subject"]));
    let table = stdout(kenning(&dir).args(["scopes", "list"]));
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].starts_with("SCOPE        KIND     REGISTERED"),
        "{table}"
    );
    assert!(lines[1].starts_with("bot.support  agent    20"), "{table}");
    assert!(lines[2].starts_with("customer.42  subject  20"), "{table}");
    assert_eq!(
        stdout(kenning(&dir).args(["scopes", "list", "-o", "name"])),
        "bot.support\ncustomer.42\n"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(
        kenning(&dir).args(["scopes", "list", "-o", "json"]),
    ))
    .unwrap();
    assert_eq!(json[1]["kind"], "subject");

    let out = kenning(&dir)
        .args(["scopes", "register", "bot.support", "--kind", "subject"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error[FAILED_PRECONDITION]: "), "{err}");
}

#[test]
fn keys_create_list_revoke_and_audit() {
    let dir = tempfile::tempdir().unwrap();
    let created = stdout(kenning(&dir).args([
        "keys",
        "create",
        "--name",
        "support bot",
        "--permission",
        "agent.memory:read",
        "--permission",
        "agent.memory:write",
        "--agents",
        "bot.*",
        "--subjects",
        "customer.42",
    ]));
    assert!(
        created.starts_with("created key-1\nsecret  kn_1_"),
        "{created}"
    );
    assert!(created.contains("shown this once"));
    let listed = stdout(kenning(&dir).args(["keys", "list"]));
    assert!(
        listed.contains(
            "key-1  support bot  agent.memory:read,agent.memory:write  bot.*   customer.42  active"
        ),
        "{listed}"
    );
    assert!(!listed.contains("kn_1_"));
    assert_eq!(
        stdout(kenning(&dir).args(["keys", "revoke", "key-1"])),
        "revoked key-1\n"
    );
    assert_eq!(
        stdout(kenning(&dir).args(["keys", "revoke", "key-1"])),
        "key-1 was already revoked\n"
    );
    assert!(stdout(kenning(&dir).args(["keys", "list"])).contains("revoked 20"));

    let out = kenning(&dir)
        .args(["keys", "create", "--permission", "agent.vocabulary:manage"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("management-class")
    );
    let out = kenning(&dir)
        .args(["keys", "create", "--permission", "agent.memory:fly"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("agent.memory:read")
    );

    let audit = stdout(kenning(&dir).args(["audit"]));
    assert!(
        audit.lines().next().unwrap().starts_with("SEQ  AT"),
        "{audit}"
    );
    assert!(
        audit.contains("key.create") && audit.contains("key.revoke"),
        "{audit}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(
        kenning(&dir).args(["audit", "--after", "1", "-o", "json"]),
    ))
    .unwrap();
    assert_eq!(json.as_array().unwrap().len(), 1);
    assert_eq!(json[0]["action"], "key.revoke");
}

#[test]
fn reading_a_missing_store_is_an_error_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = kenning(&dir).args(["vocab", "get"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no store at kenning.redb")
    );
    assert!(!dir.path().join("kenning.redb").exists());
}

#[test]
fn usage_errors_exit_with_2() {
    let dir = tempfile::tempdir().unwrap();
    kenning(&dir)
        .args(["scopes", "register", "x"])
        .assert()
        .code(2);
    kenning(&dir).args(["nonsense"]).assert().code(2);
    kenning(&dir)
        .args(["vocab", "get", "-o", "yaml"])
        .assert()
        .code(2);
}

#[test]
fn register_revoke_and_remove_print_json_and_names_for_scripts() {
    let dir = tempfile::tempdir().unwrap();
    let json = |args: &[&str]| -> serde_json::Value {
        serde_json::from_str(&stdout(kenning(&dir).args(args))).unwrap()
    };
    assert_eq!(
        json(&[
            "scopes",
            "register",
            "bot.support",
            "--kind",
            "agent",
            "-o",
            "json"
        ]),
        serde_json::json!({"id": "bot.support", "kind": "agent", "created": true})
    );
    assert_eq!(
        json(&[
            "scopes",
            "register",
            "bot.support",
            "--kind",
            "agent",
            "-o",
            "json"
        ])["created"],
        false
    );
    assert_eq!(
        stdout(kenning(&dir).args(["scopes", "register", "x", "--kind", "subject", "-o", "name"])),
        "x\n"
    );
    stdout(kenning(&dir).args(["keys", "create", "--permission", "agent.memory:read"]));
    assert_eq!(
        json(&["keys", "revoke", "key-1", "-o", "json"]),
        serde_json::json!({"id": "key-1", "revoked": true})
    );
    assert_eq!(
        stdout(kenning(&dir).args(["keys", "revoke", "key-1", "-o", "name"])),
        "key-1\n"
    );
    stdout(kenning(&dir).args(["vocab", "declare", "--scope", "x", "--none", "--yes"]));
    assert_eq!(
        json(&["vocab", "remove", "--scope", "x", "-o", "json"]),
        serde_json::json!({"scopeId": "x", "removed": true})
    );
    assert_eq!(
        json(&["vocab", "remove", "-o", "json"]),
        serde_json::json!({"scopeId": null, "removed": false})
    );
    assert_eq!(
        stdout(kenning(&dir).args(["vocab", "remove", "-o", "name"])),
        "enterprise\n"
    );
}
