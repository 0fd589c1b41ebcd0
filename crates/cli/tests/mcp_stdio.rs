//! `kenning mcp` on raw standard input: the lines no SDK client would write (invalid UTF-8,
//! nesting past 128 levels, a line over the message bound, a batch, a `tools/call` of the wrong
//! shape), each of which must be answered with its request's id, and the server must go on
//! serving after them. The SDK clients (`tests/mcp.rs`, `tests/mcp_python.rs`) cover the lines
//! a client library can produce: a lone surrogate, an oversized call, deep arguments.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeMap;
use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

/// Runs `kenning mcp` on a fresh store with `lines` on standard input (then closed), and
/// returns every answer by id. Fails if the server does not answer within 20 seconds.
fn serve(
    lines: &[Vec<u8>],
    extra: &[&str],
    env: &[(&str, &str)],
) -> (BTreeMap<String, Value>, common::Store) {
    let store = common::Store::new();
    let mut child = Command::new(common::bin())
        .current_dir(store.dir.path())
        .env_remove("KENNING_STORE")
        .env_remove("KENNING_API_KEY")
        .args(["mcp", "--operator", "ci", "--scope", "bot.support"])
        .args(extra)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let init = json!({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}});
    let mut input = format!(
        "{init}\n{}\n",
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
    )
    .into_bytes();
    for line in lines {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    let writer = std::thread::spawn(move || {
        stdin.write_all(&input).unwrap();
        // Closed only once everything is answered: see below.
        stdin
    });
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let expected = lines.len() + 1;
    let mut answers = BTreeMap::new();
    let mut unmatched = 0;
    while answers.len() + unmatched < expected {
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no answer within 20 s; answered so far: {answers:?}"));
        let value: Value = serde_json::from_str(&line).unwrap();
        let items = match value {
            Value::Array(items) => items,
            one => vec![one],
        };
        for item in items {
            match &item["id"] {
                Value::String(s) => answers.insert(s.clone(), item),
                Value::Number(n) => answers.insert(n.to_string(), item),
                _ => {
                    unmatched += 1;
                    answers.insert(format!("null-{unmatched}"), item)
                }
            };
        }
    }
    drop(writer.join().unwrap());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    (answers, store)
}

fn request(id: &str, method: &str, params: &Value) -> Vec<u8> {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        .to_string()
        .into_bytes()
}

fn code(answer: &Value) -> i64 {
    answer["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("not an error: {answer}"))
}

#[test]
fn every_malformed_line_with_an_id_is_answered_with_it_and_serving_goes_on() {
    let put = |content: &str| json!({"name": "memory_put", "arguments": {"content": content}});
    // Invalid UTF-8 inside a string, the id written last as the TypeScript SDK does.
    let mut bad_utf8 = br#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"memory_put","arguments":{"content":"caf"#.to_vec();
    bad_utf8.extend_from_slice(b"\xe9\"}},\"id\":\"utf8\"}");
    let deep = format!(
        r#"{{"jsonrpc":"2.0","method":"tools/call","params":{{"name":"memory_put","arguments":{{"content":"x","metadata":{}{}}}}},"id":"deep"}}"#,
        "[".repeat(300),
        "]".repeat(300)
    );
    let huge = request("huge", "tools/call", &put(&"x".repeat(70_000)));
    let lines = vec![
        bad_utf8,
        deep.into_bytes(),
        huge,
        br#"{"jsonrpc":"2.0","id":"args","method":"tools/call","params":{"name":"memory_put","arguments":"content"}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":"noname","method":"tools/call","params":{"arguments":{"content":"x"}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":"comma","method":"ping",}"#.to_vec(),
        br#"[{"jsonrpc":"2.0","id":"batched","method":"ping"}]"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":"surrogate","method":"tools/call","params":{"name":"memory_put","arguments":{"content":"Ana sent \ud83d\ude80\ud83d"}}}"#.to_vec(),
        request("after", "tools/call", &put("Still serving.")),
    ];
    // The bound from the environment (the TypeScript and Python clients set the flag).
    let (answers, store) = serve(&lines, &[], &[("KENNING_MCP_MAX_MESSAGE_BYTES", "65536")]);
    assert_eq!(code(&answers["utf8"]), -32700, "{}", answers["utf8"]);
    assert!(
        answers["utf8"]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not UTF-8")
    );
    assert_eq!(code(&answers["deep"]), -32700);
    assert!(
        answers["deep"]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("128")
    );
    assert_eq!(code(&answers["huge"]), -32600);
    let message = answers["huge"]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("65536") && message.contains("--max-message-bytes"),
        "{message}"
    );
    assert_eq!(code(&answers["args"]), -32602);
    assert_eq!(
        answers["args"]["error"]["data"]["field"],
        "params.arguments"
    );
    assert_eq!(code(&answers["noname"]), -32602);
    assert_eq!(answers["noname"]["error"]["data"]["field"], "params.name");
    assert_eq!(code(&answers["comma"]), -32700);
    assert_eq!(code(&answers["batched"]), -32600);
    // The lone surrogate is replaced by U+FFFD and the call goes through.
    let stored = &answers["surrogate"]["result"]["structuredContent"]["id"];
    let id = stored
        .as_str()
        .unwrap_or_else(|| panic!("{}", answers["surrogate"]));
    let capsule = store.json(&["memory", "get", id, "-o", "json"]);
    assert_eq!(capsule["content"], "Ana sent 🚀\u{fffd}");
    assert!(answers["after"]["result"]["structuredContent"]["id"].is_string());
    assert!(answers["init"]["result"]["serverInfo"].is_object());
}

#[test]
fn the_default_message_bound_is_16_mib_and_documented_in_the_help() {
    let store = common::Store::new();
    let help = store.ok(&["mcp", "--help"]);
    assert!(
        help.contains("--max-message-bytes") && help.contains("16777216"),
        "{help}"
    );
    // Below the floor is a usage error naming the range.
    let err = store.fails(&["mcp", "--operator", "x", "--max-message-bytes", "10"], 2);
    assert!(err.contains("1024"), "{err}");
}
