//! `kenning scopes memory inspect` on the built binary: the graph listing with the CLASS column
//! rule, `--fields`, paging, `--graph-json` queries (L6, G6, G7, G9), and the capsule listing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Store;

/// Commits `doc` to bot.support's graph.
fn commit(s: &Store, doc: &str) -> String {
    s.ok(&["memory", "commit-graph", "--scope", "bot.support", doc])
}

const UNCLASSIFIED: &str = r#"{"nodes": [{"id": "acme", "label": "Acme Corp"},
    {"id": "ana", "label": "Ana Souza"}]}"#;

const CLASSIFIED: &str = r#"{"nodes": [{"id": "ana", "label": "Ana Souza", "nodeType": "Person"},
    {"id": "bob", "label": "Bob", "nodeType": "Person", "properties": {"team": "sales"}}],
  "edges": [{"relationType": "WORKS_AT", "source": "ana", "target": "acme"}]}"#;

fn inspect(s: &Store, more: &[&str]) -> String {
    let mut args = vec!["scopes", "memory", "inspect", "bot.support", "--graph"];
    args.extend(more);
    s.ok(&args)
}

#[test]
fn l6_class_column_is_absent_when_no_listed_node_has_a_class() {
    let s = Store::new();
    commit(&s, UNCLASSIFIED);
    assert_eq!(
        inspect(&s, &[]),
        "ID    LABEL\nacme  Acme Corp\nana   Ana Souza\n"
    );
}

#[test]
fn l6_class_column_appears_beside_label_when_a_listed_node_has_one() {
    let s = Store::new();
    commit(&s, UNCLASSIFIED);
    commit(&s, CLASSIFIED);
    assert_eq!(
        inspect(&s, &[]),
        "ID    LABEL      CLASS\n\
         acme  Acme Corp\n\
         ana   Ana Souza  Person\n\
         bob   Bob        Person\n"
    );
    // The rule is per listing: a page whose nodes have no class shows no column.
    assert_eq!(
        inspect(&s, &["--limit", "1"]),
        "ID    LABEL\nacme  Acme Corp\n"
    );
}

#[test]
fn l6_fields_node_type_selects_the_class_column_regardless() {
    let s = Store::new();
    commit(&s, UNCLASSIFIED);
    assert_eq!(
        inspect(&s, &["--fields", "nodeType"]),
        "ID    CLASS\nacme\nana\n"
    );
    assert_eq!(
        inspect(&s, &["--fields", "id,label,nodeType"]),
        "ID    LABEL      CLASS\nacme  Acme Corp\nana   Ana Souza\n"
    );
    commit(&s, CLASSIFIED);
    // Chosen columns are shown in the order given, and only those: the id always.
    assert_eq!(
        inspect(&s, &["--fields", "label,properties"]),
        "ID    LABEL      PROPERTIES\n\
         acme  Acme Corp\n\
         ana   Ana Souza\n\
         bob   Bob        {\"team\":\"sales\"}\n"
    );
    assert_eq!(
        inspect(&s, &["--fields", "label"]),
        "ID    LABEL\nacme  Acme Corp\nana   Ana Souza\nbob   Bob\n"
    );
    // A capsule column is a usage error for a graph listing, naming the columns there are.
    let err = s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph",
            "--fields",
            "content",
        ],
        2,
    );
    assert!(err.contains("id, label, nodeType, properties"), "{err}");
    s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph",
            "--fields",
            "colour",
        ],
        2,
    );
}

#[test]
fn g9_listing_pages_with_after_and_all() {
    let s = Store::new();
    commit(&s, UNCLASSIFIED);
    commit(&s, CLASSIFIED);
    let out = s
        .cmd()
        .args([
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph",
            "--limit",
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "ID    LABEL      CLASS\nacme  Acme Corp\nana   Ana Souza  Person\n"
    );
    let hint = String::from_utf8(out.stderr).unwrap();
    assert!(hint.contains("--after ana"), "{hint}");
    assert_eq!(
        inspect(&s, &["--limit", "2", "--after", "ana", "-o", "name"]),
        "bob\n"
    );
    assert_eq!(
        inspect(&s, &["--limit", "1", "--all", "-o", "name"]),
        "acme\nana\nbob\n"
    );
    let page = s.json(&[
        "scopes",
        "memory",
        "inspect",
        "bot.support",
        "--graph",
        "--limit",
        "2",
        "-o",
        "json",
    ]);
    assert_eq!(page["next"], "ana");
    assert_eq!(
        page["nodes"][0],
        serde_json::json!({"id": "acme", "label": "Acme Corp", "properties": {}})
    );
    assert_eq!(page["nodes"][1]["nodeType"], "Person");
    let all = s.json(&[
        "scopes",
        "memory",
        "inspect",
        "bot.support",
        "--graph",
        "--all",
        "--limit",
        "1",
        "-o",
        "json",
    ]);
    assert_eq!(all["nodes"].as_array().unwrap().len(), 3);
    assert!(all.get("next").is_none());
    s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph",
            "--limit",
            "1001",
        ],
        2,
    );
}

#[test]
fn l6_graph_json_filters_on_node_type_and_traverses() {
    let s = Store::new();
    commit(&s, UNCLASSIFIED);
    commit(&s, CLASSIFIED);
    let people = r#"{"start": {"filters": [{"key": "NodeType", "value": "Person"}]}}"#;
    let query = |doc: &str, more: &[&str]| {
        let mut args = vec![
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph-json",
            doc,
        ];
        args.extend(more);
        s.ok(&args)
    };
    assert_eq!(
        query(people, &[]),
        "ID   LABEL      CLASS\nana  Ana Souza  Person\nbob  Bob        Person\n"
    );
    // A class no vocabulary declares is still a filter (G6), and a node without one is listed
    // with an empty cell, never a placeholder (G7).
    let walk = r#"{"start": {"filters": [{"key": "NodeId", "value": "ana"}]},
                   "traverse": {"relationTypes": ["WORKS_AT"], "direction": "out"}}"#;
    assert_eq!(
        query(walk, &[]),
        "ID    LABEL      CLASS\n\
         ana   Ana Souza  Person\n\
         acme  Acme Corp\n\
         \n\
         SOURCE  RELATION  TARGET\n\
         ana     WORKS_AT  acme\n"
    );
    let json: serde_json::Value = serde_json::from_str(&query(walk, &["-o", "json"])).unwrap();
    assert_eq!(
        json["nodes"][1],
        serde_json::json!({"id": "acme", "label": "Acme Corp", "properties": {}})
    );
    assert_eq!(json["edges"][0]["relationType"], "WORKS_AT");
    assert_eq!(json["truncated"], false);
    // The document from a file, from standard input, and wrapped in {"graph": ...}.
    let file = s.file("people.json", people);
    assert_eq!(query(&format!("@{file}"), &["-o", "name"]), "ana\nbob\n");
    assert_eq!(
        s.ok_in(
            &[
                "scopes",
                "memory",
                "inspect",
                "bot.support",
                "--graph-json",
                "-",
                "-o",
                "name"
            ],
            &format!(r#"{{"graph": {people}}}"#)
        ),
        "ana\nbob\n"
    );
    // --fields applies to the answer as to the listing.
    assert_eq!(
        query(people, &["--fields", "label"]),
        "ID   LABEL\nana  Ana Souza\nbob  Bob\n"
    );
}

#[test]
fn l6_graph_json_errors_name_the_field_and_the_fix() {
    let s = Store::new();
    let bad_key = r#"{"start": {"filters": [{"key": "Class", "value": "Person"}]}}"#;
    let err = s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph-json",
            bad_key,
        ],
        1,
    );
    assert!(
        err.starts_with("error[INVALID_ARGUMENT]: start.filters[0].key"),
        "{err}"
    );
    assert!(err.contains("NodeId, Label, NodeType"), "{err}");
    let err = s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph-json",
            "{\"start\": ",
        ],
        1,
    );
    assert!(err.contains("not valid"), "{err}");
    // The document carries its own limit.
    s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph-json",
            "{}",
            "--limit",
            "5",
        ],
        2,
    );
    let err = s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "nobody",
            "--graph-json",
            "{}",
        ],
        1,
    );
    assert!(err.starts_with("error[NOT_FOUND]"), "{err}");
}

#[test]
fn inspecting_reads_only_and_leaves_the_store_byte_for_byte_unchanged() {
    let s = Store::new();
    commit(&s, UNCLASSIFIED);
    commit(&s, CLASSIFIED);
    s.ok(&["memory", "put", "--scope", "bot.support", "a note"]);
    let before = s.bytes();
    inspect(&s, &[]);
    inspect(&s, &["--graph-json", "{}"]);
    s.ok(&["scopes", "memory", "inspect", "bot.support"]);
    assert!(s.bytes() == before, "the store changed");
}

#[test]
fn without_graph_inspect_lists_capsules_with_their_state() {
    let s = Store::new();
    s.ok(&[
        "memory",
        "put",
        "--scope",
        "bot.support",
        "--origin",
        "owner-stated",
        "--meta",
        "source=crm",
        "Ana prefers email over phone calls.",
    ]);
    s.ok(&[
        "memory",
        "put",
        "--scope",
        "bot.support",
        "--valid-from",
        "2024-03-04T09:30:00Z",
        "Call with Ana:\nthe renewal is due in June.",
    ]);
    s.ok(&["memory", "archive", "cap-2"]);
    let table = s.ok(&["scopes", "memory", "inspect", "bot.support"]);
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0]
            .starts_with("ID     ORIGIN               CREATED                   STATE     CONTENT"),
        "{table}"
    );
    assert!(
        lines[1].starts_with("cap-1  owner-stated         20"),
        "{table}"
    );
    assert!(
        lines[1].ends_with("live      Ana prefers email over phone calls."),
        "{table}"
    );
    // Content is one line in a table.
    assert!(
        lines[2].ends_with("archived  Call with Ana: the renewal is due in June."),
        "{table}"
    );
    assert_eq!(
        s.ok(&[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--fields",
            "metadata,validFrom"
        ]),
        "ID     METADATA    VALID FROM\n\
         cap-1  source=crm\n\
         cap-2              2024-03-04T09:30:00.000Z\n"
    );
    let out = s
        .cmd()
        .args([
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--limit",
            "1",
            "-o",
            "name",
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "cap-1\n");
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("--after cap-1")
    );
    assert_eq!(
        s.ok(&[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--after",
            "cap-1",
            "-o",
            "name"
        ]),
        "cap-2\n"
    );
    assert_eq!(
        s.ok(&[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--limit",
            "1",
            "--all",
            "-o",
            "name"
        ]),
        "cap-1\ncap-2\n"
    );
    let json = s.json(&["scopes", "memory", "inspect", "bot.support", "-o", "json"]);
    assert_eq!(json[1]["lifecycle"]["archived"], true);
    assert_eq!(json[0]["metadata"]["source"], "crm");
    let err = s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--fields",
            "nodeType",
        ],
        2,
    );
    assert!(err.contains("capsule listing"), "{err}");
    s.fails(
        &[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--after",
            "ana",
        ],
        2,
    );
}

#[test]
fn g8_classes_and_relation_types_with_control_characters_print_escaped_on_one_line() {
    let s = Store::new();
    // The graph stores classes and relation types as given (G5, G8); the table shows each
    // control character as its escape, so a cell never breaks a row or drives the terminal.
    commit(
        &s,
        r#"{"nodes": [{"id": "ana", "label": "Ana", "nodeType": "Team\nlead"},
                      {"id": "acme", "label": "Acme", "nodeType": "Org\u001b[31m"}],
            "edges": [{"relationType": "works\tat", "source": "ana", "target": "acme"}]}"#,
    );
    let walk = r#"{"start": {"filters": [{"key": "NodeId", "value": "ana"}]},
                   "traverse": {"relationTypes": ["works\tat"]}}"#;
    assert_eq!(
        s.ok(&[
            "scopes",
            "memory",
            "inspect",
            "bot.support",
            "--graph-json",
            walk
        ]),
        "ID    LABEL  CLASS\n\
         ana   Ana    Team\\nlead\n\
         acme  Acme   Org\\u{1b}[31m\n\
         \n\
         SOURCE  RELATION   TARGET\n\
         ana     works\\tat  acme\n"
    );
}
