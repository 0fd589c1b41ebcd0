//! `kenning serve`: the token and discovery files, authentication on every route and tool, the
//! CLI and `kenning mcp` carried out through the server, and no acknowledged write lost with
//! four MCP clients at once (the official TypeScript and Python SDKs over Streamable HTTP, two
//! stdio relays), even when the server is killed under that load.
//!
//! Loopback only; every loop is bounded. Needs Node.js and python3 as `mcp.rs` and
//! `mcp_python.rs` do (the clients are installed the same way).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

#[path = "common/python.rs"]
mod python_support;
#[path = "serve_support.rs"]
mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use python_support::{client_dir, python};
use serde_json::{Value, json};
use support::{Served, cli, cli_env, http, kenning, key, ok};

/// A store in a fresh private directory with agent scope `scope` registered.
fn store(scope: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kenning.redb");
    ok(&path, &["scopes", "register", scope, "--kind", "agent"]);
    (dir, path)
}

fn beside(store: &Path, suffix: &str) -> PathBuf {
    let mut name = store.file_name().unwrap().to_os_string();
    name.push(suffix);
    store.with_file_name(name)
}

#[test]
fn serve_writes_a_private_token_and_a_discovery_file_and_removes_both_on_sigterm() {
    use std::os::unix::fs::PermissionsExt as _;
    let (_dir, path) = store("bot.a");
    let served = Served::start(&path);
    let token = beside(&path, ".token");
    let mode = std::fs::metadata(&token).unwrap().permissions().mode() & 0o777;
    assert_eq!(
        mode, 0o600,
        "the operator token is readable by its owner only"
    );
    let found: Value =
        serde_json::from_str(&std::fs::read_to_string(beside(&path, ".server.json")).unwrap())
            .unwrap();
    assert_eq!(found["url"], served.url.as_str());
    assert_eq!(found["pid"], served.child.id());
    assert!(
        served.url.starts_with("http://127.0.0.1:"),
        "loopback by default"
    );

    // The CLI finds the server (the file is held by it: a local open would fail).
    assert_eq!(
        ok(
            &path,
            &["memory", "put", "--scope", "bot.a", "held by the server"]
        )
        .trim(),
        "cap-1"
    );
    assert!(served.stop("TERM"), "SIGTERM is a clean stop");
    assert!(!token.exists() && !beside(&path, ".server.json").exists());
    // Closed and flushed: the file reads directly again.
    assert!(ok(&path, &["memory", "get", "cap-1"]).contains("held by the server"));
}

#[test]
fn serve_refuses_a_store_directory_other_users_may_write() {
    use std::os::unix::fs::PermissionsExt as _;
    let (dir, path) = store("bot.a");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let (code, _, err) = cli(&path, &["serve", "--addr", "127.0.0.1:0"]);
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("chmod go-w"), "{err}");
    assert!(!beside(&path, ".token").exists());
}

#[test]
fn sigterm_finishes_the_calls_in_flight_and_loses_none() {
    let (_dir, path) = store("bot.a");
    let served = Served::start(&path);
    let (url, token) = (served.url.clone(), served.token.clone());
    let writers: Vec<_> = (0..8)
        .map(|w| {
            let (url, token) = (url.clone(), token.clone());
            std::thread::spawn(move || {
                let mut acked = Vec::new();
                for i in 0..400 {
                    let body =
                        json!({"scope": "bot.a", "content": format!("w{w}-{i}")}).to_string();
                    let agent: ureq::Agent = ureq::Agent::config_builder()
                        .http_status_as_error(false)
                        .build()
                        .into();
                    let sent = agent
                        .post(format!("{url}/v1/capsules"))
                        .header("authorization", format!("Bearer {token}"))
                        .header("content-type", "application/json")
                        .send(body.as_bytes());
                    let Ok(response) = sent else { break };
                    if response.status() != 200 {
                        break;
                    }
                    let v: Value =
                        serde_json::from_str(&response.into_body().read_to_string().unwrap())
                            .unwrap();
                    acked.push((format!("w{w}-{i}"), v["id"].as_str().unwrap().to_owned()));
                }
                acked
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    assert!(served.stop("TERM"));
    let acked: Vec<_> = writers
        .into_iter()
        .flat_map(|w| w.join().unwrap())
        .collect();
    assert!(!acked.is_empty());
    let held = capsules(&path, "bot.a");
    for (content, id) in &acked {
        assert_eq!(held.get(id), Some(content), "{id} was acknowledged");
    }
}

/// Every capsule of `scope`, id → content, read through the CLI (so through a server when one
/// runs).
fn capsules(store: &Path, scope: &str) -> BTreeMap<String, String> {
    let out = ok(
        store,
        &["scopes", "memory", "inspect", scope, "--all", "-o", "json"],
    );
    let listed: Value = serde_json::from_str(&out).unwrap();
    let items = listed
        .as_array()
        .or_else(|| listed["capsules"].as_array())
        .unwrap_or_else(|| panic!("a listing: {out}"));
    items
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap().to_owned(),
                c["content"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn no_request_without_a_valid_token_and_no_key_manages() {
    let (_dir, path) = store("bot.a");
    let rw = key(
        &path,
        &[
            "agent.memory:read",
            "agent.memory:write",
            "agent.vocabulary:read",
        ],
        "bot.*",
    );
    let elsewhere = key(
        &path,
        &["agent.memory:read", "agent.memory:write"],
        "other.*",
    );
    let served = Served::start(&path);
    let put = json!({"scope": "bot.a", "content": "x"}).to_string();
    let audit_before = served.call("GET", "/v1/audit?limit=1000", Some(&served.token), None);
    assert_eq!(audit_before.0, 200);

    // No token and a wrong one: the one 401, on every route and on /mcp.
    let missing = served.call("POST", "/v1/capsules", None, Some(&put));
    let wrong = served.call("POST", "/v1/capsules", Some("kn_1_0000"), Some(&put));
    assert_eq!(missing.0, 401);
    assert_eq!(
        missing, wrong,
        "a missing and a wrong token are answered alike"
    );
    let unknown_route = served.call("GET", "/v1/nothing", None, None);
    assert_eq!(
        unknown_route, missing,
        "nothing of the routes shows without a token"
    );
    let tool = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "memory_put", "arguments": {"scope": "bot.a", "content": "x"}}})
    .to_string();
    assert_eq!(served.call("POST", "/mcp", None, Some(&tool)), missing);
    assert_eq!(
        served.call("POST", "/mcp", Some("nope"), Some(&tool)),
        missing
    );

    // A key without reach is answered exactly as for a scope that does not exist (A5).
    let unreached = served.call("POST", "/v1/capsules", Some(&elsewhere), Some(&put));
    let absent = served.call(
        "POST",
        "/v1/capsules",
        Some(&rw),
        Some(&json!({"scope": "bot.zz", "content": "x"}).to_string()),
    );
    assert_eq!(unreached.0, 404);
    assert_eq!(absent.0, 404);
    assert_eq!(
        unreached.1["message"]
            .as_str()
            .unwrap()
            .replace("bot.a", "ID"),
        absent.1["message"]
            .as_str()
            .unwrap()
            .replace("bot.zz", "ID")
    );
    assert_eq!(unreached.1["code"], absent.1["code"]);

    // A key asking for a management route or tool: refused (A2).
    let declare = json!({"vocabulary": {"entityClasses": [{"name": "Person"}]}}).to_string();
    for (method, route, body) in [
        ("PUT", "/v1/memory/vocabulary", Some(declare.as_str())),
        ("DELETE", "/v1/memory/vocabulary", None),
        (
            "POST",
            "/v1/scopes",
            Some(r#"{"id": "bot.new", "kind": "agent"}"#),
        ),
        (
            "POST",
            "/v1/keys",
            Some(r#"{"permissions": ["agent.memory:read"]}"#),
        ),
        ("DELETE", "/v1/keys/key-1", None),
        ("GET", "/v1/keys", None),
        ("GET", "/v1/audit", None),
    ] {
        let (status, answer) = served.call(method, route, Some(&rw), body);
        assert_eq!(status, 403, "{method} {route}: {answer}");
        assert_eq!(answer["code"], "PERMISSION_DENIED");
    }
    let declare_tool = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "memory_vocabulary_declare",
                   "arguments": {"vocabulary": {"entityClasses": [{"name": "Person"}]}}}})
    .to_string();
    let (status, answer) = served.call("POST", "/mcp", Some(&rw), Some(&declare_tool));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["id"], 7);
    assert_eq!(answer["error"]["code"], -32003, "{answer}");

    // The key works until it is revoked, and is refused from the next request on.
    let (status, _) = served.call("POST", "/v1/capsules", Some(&rw), Some(&put));
    assert_eq!(status, 200);
    assert!(ok(&path, &["keys", "revoke", "key-1"]).contains("key-1"));
    let revoked = served.call("POST", "/v1/capsules", Some(&rw), Some(&put));
    assert_eq!(
        revoked, missing,
        "a revoked key is refused at once, like any bad token"
    );
    assert_eq!(served.call("POST", "/mcp", Some(&rw), Some(&tool)), missing);

    // Nothing was written by any refused request: one capsule (the accepted put), no
    // vocabulary, no new scope or key, and the audit log holds only the revocation more.
    assert_eq!(capsules(&path, "bot.a").len(), 1);
    let vocabulary = served.call("GET", "/v1/memory/vocabulary", Some(&served.token), None);
    assert_eq!(vocabulary, (200, json!({})));
    let scopes = served
        .call("GET", "/v1/scopes", Some(&served.token), None)
        .1;
    assert_eq!(scopes.as_array().unwrap().len(), 1);
    let keys = served.call("GET", "/v1/keys", Some(&served.token), None).1;
    assert_eq!(keys.as_array().unwrap().len(), 2);
    let audit_after = served.call("GET", "/v1/audit?limit=1000", Some(&served.token), None);
    let (before, after) = (
        audit_before.1.as_array().unwrap().len(),
        audit_after.1.as_array().unwrap(),
    );
    assert_eq!(after.len(), before + 1, "{after:?}");
    assert_eq!(after.last().unwrap()["action"], "key.revoke");
}

#[test]
fn mcp_over_http_answers_the_loopback_names_and_each_allow_host_and_refuses_any_other_host() {
    let (_dir, path) = store("bot.a");
    let served = Served::start_with(&path, &["--allow-host", "memory.internal"]);
    let port = served.url.rsplit(':').next().unwrap().to_owned();
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "host-check", "version": "1"}}})
    .to_string();
    // The Host header as a client sends it: a raw request, so that nothing rewrites it.
    let status = |host: &str| {
        let mut stream =
            std::net::TcpStream::connect(served.url.strip_prefix("http://").unwrap()).unwrap();
        write!(
            stream,
            "POST /mcp HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {}\r\n\
             Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{initialize}",
            served.token,
            initialize.len()
        )
        .unwrap();
        let mut line = String::new();
        BufReader::new(stream).read_line(&mut line).unwrap();
        line.split(' ').nth(1).unwrap().to_owned()
    };
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        "memory.internal".to_owned(),
        format!("memory.internal:{port}"),
    ] {
        assert_eq!(status(&host), "200", "Host: {host}");
    }
    for host in ["evil.example".to_owned(), format!("evil.example:{port}")] {
        assert_eq!(status(&host), "403", "Host: {host} (DNS rebinding)");
    }
}

// ---- four MCP clients at once -----------------------------------------------------------

/// node_modules of the TypeScript SDK, installed when missing.
fn node_ready() {
    let dir = client_dir();
    if !dir.join("node_modules/@modelcontextprotocol/sdk").exists() {
        assert!(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&dir)
                .status()
                .expect("this test needs npm (Node.js 18 or later) for the TypeScript SDK")
                .success()
        );
    }
}

/// An SDK client running http_load.{mjs,py}: (content, id) of every acknowledged put.
fn sdk_client(
    program: &Path,
    script: &str,
    url: &str,
    token: &str,
    tag: &str,
    mode: &str,
) -> std::thread::JoinHandle<Vec<(String, String)>> {
    let mut cmd = Command::new(program);
    cmd.arg(script)
        .args([url, token, "200", tag])
        .env("LOAD_MODE", mode)
        .current_dir(client_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = cmd.spawn().unwrap();
    std::thread::spawn(move || {
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "the client failed: {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let line = stdout.lines().last().unwrap_or_default();
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {stdout}"));
        v["acked"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p[0].as_str().unwrap().to_owned(),
                    p[1].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    })
}

/// A stdio `kenning mcp` relay sending 200 concurrent memory_put calls (contents `TAG-i`,
/// request ids 1000 + i): (content, id) of every acknowledged one. Every answer must carry the
/// id of a request sent, once; with `strict`, every call must succeed.
fn relay(
    store: &Path,
    principal: &[&str],
    tag: &str,
    strict: bool,
) -> std::thread::JoinHandle<Vec<(String, String)>> {
    let mut child = Command::new(kenning())
        .arg("--store")
        .arg(store)
        .arg("mcp")
        .args(principal)
        .args(["--scope", "bot.load"])
        .env_remove("KENNING_API_KEY")
        .env_remove("KENNING_STORE")
        .env_remove("KENNING_SERVER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let tag = tag.to_owned();
    std::thread::spawn(move || {
        let mut stdin = child.stdin.take().unwrap();
        let mut lines = vec![
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "relay-test", "version": "1"}}}),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ];
        for i in 0..200 {
            lines.push(
                json!({"jsonrpc": "2.0", "id": 1000 + i, "method": "tools/call",
                "params": {"name": "memory_put", "arguments": {"content": format!("{tag}-{i}")}}}),
            );
        }
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let mut answered = BTreeSet::new();
        let mut acked = Vec::new();
        let reader = BufReader::new(child.stdout.take().unwrap());
        for line in reader.lines() {
            let v: Value = serde_json::from_str(&line.unwrap()).unwrap();
            let id = v["id"]
                .as_i64()
                .unwrap_or_else(|| panic!("an answer without an id: {v}"));
            assert!(
                id == 1 || (1000..1200).contains(&id),
                "an id never sent: {v}"
            );
            assert!(answered.insert(id), "id {id} answered twice");
            if id >= 1000 {
                match v["result"]["structuredContent"]["id"].as_str() {
                    Some(cap) => acked.push((format!("{tag}-{}", id - 1000), cap.to_owned())),
                    None => assert!(!strict, "{v}"),
                }
            }
            if answered.len() == 201 {
                break;
            }
        }
        assert_eq!(answered.len(), 201, "every request answered");
        drop(stdin);
        assert!(child.wait().unwrap().success());
        acked
    })
}

/// The four clients against `served`, the CLI reading meanwhile; every acknowledged put.
fn load(
    (url, token, store): (&str, &str, &Path),
    key: &str,
    mode: &str,
    during: impl FnOnce(),
) -> Vec<(String, String)> {
    node_ready();
    let python = python();
    let mcp = format!("{url}/mcp?scope=bot.load");
    let clients = vec![
        sdk_client(Path::new("node"), "http_load.mjs", &mcp, key, "ts", mode),
        sdk_client(&python, "http_load.py", &mcp, token, "py", mode),
        relay(store, &["--api-key", key], "relay1", mode == "check"),
        relay(store, &["--operator", "relay2"], "relay2", mode == "check"),
    ];
    during();
    clients
        .into_iter()
        .flat_map(|c| c.join().unwrap())
        .collect()
}

/// Every acknowledged write is there with its content, and no content is stored twice.
fn all_there(store: &Path, acked: &[(String, String)]) {
    let held = capsules(store, "bot.load");
    for (content, id) in acked {
        assert_eq!(
            held.get(id),
            Some(content),
            "{id} ({content}) was acknowledged"
        );
    }
    let contents: Vec<_> = held.values().collect();
    let unique: BTreeSet<_> = contents.iter().collect();
    assert_eq!(contents.len(), unique.len(), "a write stored twice");
}

#[test]
fn four_mcp_clients_at_once_lose_nothing_while_the_cli_reads() {
    let (_dir, path) = store("bot.load");
    let rw = key(&path, &["agent.memory:read", "agent.memory:write"], "bot.*");
    let served = Served::start(&path);
    let acked = load((&served.url, &served.token, &path), &rw, "check", || {
        for _ in 0..10 {
            let (code, _, err) = cli(
                &path,
                &["memory", "retrieve", "--scope", "bot.load", "relay1"],
            );
            assert_eq!(code, 0, "{err}");
            let (code, _, err) = cli(
                &path,
                &["scopes", "memory", "inspect", "bot.load", "--limit", "20"],
            );
            assert_eq!(code, 0, "{err}");
            let (code, _, err) = cli_env(
                &path,
                &["memory", "retrieve", "--scope", "bot.load", "ts"],
                &[("KENNING_API_KEY", rw.as_str())],
            );
            assert_eq!(code, 0, "{err}");
        }
    });
    assert_eq!(
        acked.len(),
        800,
        "every call of the four clients acknowledged"
    );
    all_there(&path, &acked);
    assert_eq!(capsules(&path, "bot.load").len(), 800);
}

#[test]
fn sigkill_under_load_keeps_every_acknowledged_write() {
    let (_dir, path) = store("bot.load");
    let rw = key(&path, &["agent.memory:read", "agent.memory:write"], "bot.*");
    let served = Served::start(&path);
    let (url, token) = (served.url.clone(), served.token.clone());
    let store = path.clone();
    let acked = load((&url, &token, &path), &rw, "tolerant", || {
        // Kill once the load is well under way: some writes acknowledged, others in flight.
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let (_, listed) = http(
                &format!("{url}/v1/scopes/bot.load/capsules?limit=1000"),
                "GET",
                Some(&token),
                None,
            );
            if listed.as_array().is_some_and(|a| a.len() >= 100) {
                break;
            }
            assert!(Instant::now() < deadline, "the load never started");
            std::thread::sleep(Duration::from_millis(10));
        }
        served.stop("KILL");
    });
    assert!(!acked.is_empty());
    // The killed server left its discovery file: the CLI finds nobody there and reads the file.
    assert!(beside(&store, ".server.json").exists());
    all_there(&store, &acked);
    // Restarted over its old files: everything acknowledged, read through the server.
    let again = Served::start(&store);
    all_there(&store, &acked);
    assert!(again.stop("TERM"));
}

// ---- the README's CLI session, unchanged, through a server -------------------------------

/// The console session of the README's "The command line": each `$ ` line and what it prints.
fn readme_session() -> (String, Vec<(String, String)>) {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let section = readme.split("## The command line").nth(1).unwrap();
    let graph = section
        .split("```json\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap()
        .to_owned();
    let console = section
        .split("```console\n")
        .nth(1)
        .unwrap()
        .split("\n```")
        .next()
        .unwrap();
    let mut steps: Vec<(String, String)> = Vec::new();
    for line in console.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            steps.push((command.to_owned(), String::new()));
        } else if let Some((_, out)) = steps.last_mut() {
            out.push_str(line);
            out.push('\n');
        }
    }
    (graph, steps)
}

/// `text` with times (`2026-11-30T10:09:01.345Z`) replaced, for the lines that show a capsule's
/// creation time.
fn untimed(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("CREATED") {
                "CREATED <time>".to_owned()
            } else {
                l.trim_end().to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_owned()
}

#[test]
fn the_readme_cli_session_runs_unchanged_against_a_running_server() {
    let (graph, steps) = readme_session();
    assert!(steps.len() > 15, "the session was found: {steps:?}");
    let bin = Path::new(kenning()).parent().unwrap().to_owned();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("graph.json"), &graph).unwrap();
    let mut served = serve_new(dir.path());
    for (command, expected) in &steps {
        if command.contains("(in a fresh store)") {
            assert!(served.stop("TERM"));
            dir = tempfile::tempdir().unwrap();
            std::fs::write(
                dir.path().join("vectors.jsonl"),
                file_shown(&steps, "vectors.jsonl"),
            )
            .unwrap();
            served = serve_new(dir.path());
            // A fresh store with the session's scope, as the session has it.
            ok(
                &dir.path().join("kenning.redb"),
                &["scopes", "register", "bot.support", "--kind", "agent"],
            );
        }
        if let Some(name) = command.strip_prefix("cat ") {
            std::fs::write(dir.path().join(name), file_shown(&steps, name)).unwrap();
        }
        let out = Command::new("sh")
            .args(["-c", &format!("exec 2>&1\n{command}")])
            .current_dir(dir.path())
            .env("PATH", &path)
            .env_remove("KENNING_STORE")
            .env_remove("KENNING_API_KEY")
            .env_remove("KENNING_SERVER")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let got = String::from_utf8_lossy(&out.stdout);
        assert_eq!(untimed(&got), untimed(expected), "$ {command}");
    }
    // The session went through the server: it holds the file, which no local open could use.
    assert!(served.stop("TERM"));
}

/// What the session shows for `$ cat NAME`.
fn file_shown(steps: &[(String, String)], name: &str) -> String {
    steps
        .iter()
        .find(|(c, _)| c == &format!("cat {name}"))
        .map(|(_, out)| out.trim_end().to_owned() + "\n")
        .unwrap()
}

/// `kenning serve --create` on `kenning.redb` in `dir` (the session's default store).
fn serve_new(dir: &Path) -> Served {
    let store = dir.join("kenning.redb");
    let mut child = Command::new(kenning())
        .arg("--store")
        .arg(&store)
        .args(["serve", "--create", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = loop {
        let line = lines.next().unwrap().unwrap();
        if let Some(url) = line.strip_prefix("listening on ") {
            break url.to_owned();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    let token = std::fs::read_to_string(beside(&store, ".token"))
        .unwrap()
        .trim()
        .to_owned();
    Served {
        child,
        url,
        token,
        store,
    }
}

#[test]
fn serve_opens_only_a_store_that_exists_unless_create() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("kenign.redb");
    let (code, _, err) = cli(&typo, &["serve", "--addr", "127.0.0.1:0"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--create") && err.contains("kenign.redb"),
        "{err}"
    );
    assert!(!typo.exists(), "a refused start created the file");
}

/// The same commands on a store read directly and on one held by a server: the same output
/// and the same exit code, errors included.
#[test]
fn every_command_answers_through_a_server_as_on_the_file() {
    let prepare = |path: &Path| {
        ok(path, &["scopes", "register", "bot.a", "--kind", "agent"]);
        key(path, &["agent.memory:read"], "bot.*")
    };
    let (here_dir, there_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let local_store = here_dir.path().join("kenning.redb");
    let served_store = there_dir.path().join("kenning.redb");
    let local_key = prepare(&local_store);
    let served_key = prepare(&served_store);
    let served = Served::start(&served_store);
    let graph = r#"{"nodes": [{"id": "ana", "label": "Ana", "nodeType": "Person"}]}"#;
    let steps: Vec<(Vec<&str>, bool)> = vec![
        (
            vec![
                "memory",
                "put",
                "--scope",
                "bot.a",
                "--meta",
                "k=v",
                "Ana prefers email.",
            ],
            false,
        ),
        (
            vec![
                "memory",
                "put",
                "--scope",
                "bot.a",
                "--meta",
                "bad key=v",
                "x",
            ],
            false,
        ),
        (vec!["memory", "put", "--scope", "bot.none", "x"], false),
        (vec!["memory", "get", "cap-9"], false),
        (
            vec![
                "memory", "retrieve", "--scope", "bot.a", "email", "-o", "json",
            ],
            false,
        ),
        (
            vec![
                "memory",
                "retrieve",
                "--scope",
                "bot.a",
                "email",
                "--rrf-k",
                "-1",
                "--lane",
                "fused",
                "--embedding",
                "[1,0]",
            ],
            false,
        ),
        (vec!["memory", "quarantine", "cap-1", "-o", "json"], false),
        (vec!["memory", "release", "cap-1"], false),
        (vec!["memory", "release", "cap-1"], false),
        (
            vec!["memory", "supersede", "cap-1", "Ana prefers chat."],
            false,
        ),
        (
            vec!["memory", "commit-graph", "--scope", "bot.a", graph],
            false,
        ),
        (
            vec!["scopes", "memory", "inspect", "bot.a", "--graph"],
            false,
        ),
        (vec!["scopes", "list", "-o", "json"], false),
        (
            vec!["vocab", "remove", "--scope", "bot.a", "-o", "json"],
            false,
        ),
        (
            vec![
                "vocab", "declare", "--scope", "bot.a", "--class", "Person=", "--yes",
            ],
            false,
        ),
        (
            vec!["vocab", "remove", "--scope", "bot.a", "-o", "json"],
            false,
        ),
        (vec!["vocab", "get", "--scope", "bad scope"], false),
        (vec!["memory", "get", "cap-1"], true),
        (
            vec!["memory", "put", "--scope", "bot.a", "read-only key"],
            true,
        ),
        (vec!["keys", "list"], true),
        (vec!["memory", "forget", "cap-2", "--yes"], false),
    ];
    for (args, with_key) in &steps {
        let (lk, sk) = (local_key.as_str(), served_key.as_str());
        let (here, there) = if *with_key {
            (
                cli_env(&local_store, args, &[("KENNING_API_KEY", lk)]),
                cli_env(&served_store, args, &[("KENNING_API_KEY", sk)]),
            )
        } else {
            (cli(&local_store, args), cli(&served_store, args))
        };
        let same = |s: &str| {
            s.replace(&local_store.display().to_string(), "STORE")
                .replace(&served_store.display().to_string(), "STORE")
                .lines()
                .filter(|l| {
                    !l.contains("\"created\"")
                        && !l.contains("\"registered\"")
                        && !l.starts_with("CREATED")
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(
            here.0, there.0,
            "exit code of {args:?}: {} / {}",
            here.2, there.2
        );
        assert_eq!(same(&here.1), same(&there.1), "stdout of {args:?}");
        assert_eq!(same(&here.2), same(&there.2), "stderr of {args:?}");
    }
    // The served store's audit log names the CLI's user, as the local one does.
    let audit = |p: &Path| ok(p, &["audit", "-o", "json"]);
    let principals = |text: String| -> Vec<String> {
        let v: Value = serde_json::from_str(&text).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| r["principal"].to_string())
            .collect()
    };
    assert_eq!(
        principals(audit(&local_store)),
        principals(audit(&served_store))
    );
    assert!(served.stop("TERM"));
}

#[test]
fn a_relay_runs_as_its_operator_name_and_the_kenning_operator_header_names_the_operator() {
    let (_dir, path) = store("bot.load");
    let served = Served::start(&path);
    let (status, _) = http(
        &format!("{}/v1/capsules", served.url),
        "POST",
        Some(&served.token),
        Some(r#"{"scope": "bot.load", "content": "to forget"}"#),
    );
    assert_eq!(status, 200);
    let mut child = Command::new(kenning())
        .arg("--store")
        .arg(&path)
        .args(["mcp", "--operator", "relay-op", "--scope", "bot.load"])
        .env_remove("KENNING_API_KEY")
        .env_remove("KENNING_SERVER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let forget = json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": {"name": "memory_forget", "arguments": {"id": "cap-1"}}});
    // A call without its tool's name: answered by the relay's own framing, with its id.
    let nameless = json!({"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {}});
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(format!("{forget}\n{nameless}\n").as_bytes())
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let answers: BTreeMap<i64, Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["id"].as_i64().unwrap(), v)
        })
        .collect();
    assert!(answers[&5]["result"].is_object(), "{answers:?}");
    assert_eq!(answers[&6]["error"]["code"], -32602, "{answers:?}");
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let response = agent
        .post(format!("{}/v1/keys", served.url))
        .header("authorization", format!("Bearer {}", served.token))
        .header("kenning-operator", "alice")
        .header("content-type", "application/json")
        .send(&br#"{"permissions": ["agent.memory:read"]}"#[..])
        .unwrap();
    assert_eq!(response.status(), 200);
    let (_, log) = served.call("GET", "/v1/audit?limit=100", Some(&served.token), None);
    let by_action = |action: &str| {
        log.as_array()
            .unwrap()
            .iter()
            .find(|r| r["action"] == action)
            .map(|r| r["principal"].clone())
    };
    assert_eq!(by_action("capsule.forget"), Some(json!("session:relay-op")));
    assert_eq!(by_action("key.create"), Some(json!("session:alice")));
}
