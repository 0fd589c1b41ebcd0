//! A server whose storage fails under it recovers without a restart (issue 15, point 5): the
//! request that meets the I/O error gets its own `STORAGE` answer (never retried), the store is
//! opened again for the next request, and while that open fails requests get `503` with the
//! cause and `Retry-After` until the medium is mended. Also `GET /openapi.json`.
//!
//! The store lives on a [`Switch`], an in-memory medium that can be told to fail its writes
//! and syncs (a full disk, a failed flush) or every operation (a device gone); the opener
//! opens the same medium again, as `kenning serve` opens the same path.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use kenning::{Kenning, MemoryStorage, Storage};
use kenning_server::{Auth, Store};
use serde_json::{Value, json};

const OPERATOR: &str = "operator-token-0123456789abcdef-0123";

/// An in-memory medium whose writes (and syncs, and growth) fail with EIO while `writes` is
/// set, and every operation while `all` is set.
#[derive(Debug, Clone, Default)]
struct Switch {
    inner: MemoryStorage,
    writes: Arc<AtomicBool>,
    all: Arc<AtomicBool>,
}

impl Switch {
    fn check(&self, write: bool) -> io::Result<()> {
        if self.all.load(Ordering::SeqCst) || (write && self.writes.load(Ordering::SeqCst)) {
            return Err(io::Error::from_raw_os_error(5)); // EIO
        }
        Ok(())
    }
}

impl Storage for Switch {
    fn len(&self) -> io::Result<u64> {
        self.check(false)?;
        self.inner.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.check(false)?;
        self.inner.read(offset, out)
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        self.check(true)?;
        self.inner.set_len(len)
    }
    fn sync_data(&self) -> io::Result<()> {
        self.check(true)?;
        self.inner.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.check(true)?;
        self.inner.write(offset, data)
    }
}

/// A server over a reopening store on a [`Switch`], with a scope `bot.a` and an API key.
struct Server {
    base: String,
    medium: Switch,
    store: Store,
    /// How many times the opener ran (the first open included).
    opens: Arc<AtomicUsize>,
    key: String,
    http: ureq::Agent,
    _runtime: tokio::runtime::Runtime,
}

struct Answer {
    status: u16,
    body: Value,
    retry_after: Option<String>,
}

impl Server {
    fn start(retry: Duration) -> Self {
        let medium = Switch::default();
        let opens = Arc::new(AtomicUsize::new(0));
        let store = {
            let (medium, opens) = (medium.clone(), Arc::clone(&opens));
            Store::reopening(move || {
                opens.fetch_add(1, Ordering::SeqCst);
                Kenning::open_storage(medium.clone(), "disk")
            })
            .unwrap()
            .with_retry_interval(retry)
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let router = kenning_server::routes(
            store.clone(),
            Auth::new(store.clone(), Some(OPERATOR.to_owned())),
        );
        runtime.spawn(async move { axum::serve(listener, router).await });
        let http = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let mut server = Self {
            base,
            medium,
            store,
            opens,
            key: String::new(),
            http,
            _runtime: runtime,
        };
        let created = server.operator(
            "POST",
            "/v1/scopes",
            Some(json!({"id": "bot.a", "kind": "agent"})),
        );
        assert_eq!(created.status, 200, "{}", created.body);
        let key = server.operator(
            "POST",
            "/v1/keys",
            Some(
                json!({"name": "bot", "permissions": ["agent.memory:read", "agent.memory:write"],
                        "agent_selectors": ["bot.*"]}),
            ),
        );
        assert_eq!(key.status, 200, "{}", key.body);
        server.key = key.body["secret"].as_str().unwrap().to_owned();
        server
    }

    fn send(&self, token: &str, method: &str, path: &str, body: Option<Value>) -> Answer {
        let request = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {token}"));
        let response = match body {
            Some(body) => self.http.run(
                request
                    .header("content-type", "application/json")
                    .body(body.to_string())
                    .unwrap(),
            ),
            None => self.http.run(request.body(()).unwrap()),
        };
        let mut response = response.unwrap();
        let text = response.body_mut().read_to_string().unwrap();
        Answer {
            status: response.status().as_u16(),
            body: serde_json::from_str(&text).unwrap_or(Value::Null),
            retry_after: response
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().to_owned()),
        }
    }

    fn operator(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.send(OPERATOR, method, path, body)
    }

    fn agent(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.send(&self.key, method, path, body)
    }

    fn put(&self, content: &str) -> Answer {
        self.operator(
            "POST",
            "/v1/capsules",
            Some(json!({"scope": "bot.a", "content": content})),
        )
    }

    fn contents(&self) -> Vec<String> {
        let listed = self.operator("GET", "/v1/scopes/bot.a/capsules?limit=1000", None);
        assert_eq!(listed.status, 200, "{}", listed.body);
        listed
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["content"].as_str().unwrap().to_owned())
            .collect()
    }
}

fn message(a: &Answer) -> &str {
    a.body["message"].as_str().unwrap_or_default()
}

#[test]
fn a_failed_write_is_answered_once_and_the_next_requests_are_served_by_a_reopened_store() {
    let s = Server::start(Duration::from_secs(1));
    let first = s.put("before the failure");
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(s.opens.load(Ordering::SeqCst), 1);

    // The disk fails: the request that meets it gets its own STORAGE answer.
    s.medium.writes.store(true, Ordering::SeqCst);
    let failed = s.put("during the failure");
    assert_eq!(failed.status, 500, "{}", failed.body);
    assert_eq!(failed.body["code"], "STORAGE", "{}", failed.body);
    assert!(
        message(&failed).contains("opens it again for the next request"),
        "{}",
        failed.body
    );
    if failed.body["outcome_unknown"] == true {
        assert!(message(&failed).contains("unknown"), "{}", failed.body);
    }

    // Mended: the next requests are served, by a handle opened again, without a restart.
    s.medium.writes.store(false, Ordering::SeqCst);
    let after = s.put("after the failure");
    assert_eq!(after.status, 200, "{}", after.body);
    assert_eq!(s.store.generation(), 1, "the store was opened again once");
    assert_eq!(s.opens.load(Ordering::SeqCst), 2);
    let id = after.body["id"].as_str().unwrap();
    let got = s.agent("GET", &format!("/v1/capsules/{id}"), None);
    assert_eq!(got.status, 200, "{}", got.body);
    assert_eq!(got.body["content"], "after the failure");
    let by_key = s.agent(
        "POST",
        "/v1/capsules",
        Some(json!({"scope": "bot.a", "content": "from the key"})),
    );
    assert_eq!(by_key.status, 200, "{}", by_key.body);
    // Recall runs on the copies rebuilt by the open.
    let recalled = s.agent(
        "POST",
        "/v1/retrieve",
        Some(json!({"scope": "bot.a", "query": "before failure", "lane": "term"})),
    );
    assert_eq!(recalled.status, 200, "{}", recalled.body);
    assert!(recalled.body.to_string().contains("before the failure"));

    // Nothing acknowledged is lost; the failed write is there whole or not at all.
    let contents = s.contents();
    for c in ["before the failure", "after the failure", "from the key"] {
        assert!(contents.contains(&c.to_owned()), "{contents:?}");
    }
    let during = contents
        .iter()
        .filter(|c| *c == "during the failure")
        .count();
    assert!(during <= 1, "{contents:?}");
    if failed.body["outcome_unknown"] != true {
        assert_eq!(during, 0, "an error that is not unknown wrote nothing");
    }
}

#[test]
fn an_api_key_meeting_the_failure_is_told_the_outcome_and_the_store_recovers() {
    let s = Server::start(Duration::from_secs(1));
    s.medium.writes.store(true, Ordering::SeqCst);
    let failed = s.agent(
        "POST",
        "/v1/capsules",
        Some(json!({"scope": "bot.a", "content": "during"})),
    );
    assert_eq!(failed.status, 500, "{}", failed.body);
    assert_eq!(failed.body["code"], "STORAGE");
    assert!(
        !message(&failed).contains("to disk"),
        "no store name for a key: {}",
        failed.body
    );
    s.medium.writes.store(false, Ordering::SeqCst);
    let after = s.agent("GET", "/v1/scopes/bot.a", None);
    assert_eq!(after.status, 200, "{}", after.body);
    let written = s.agent(
        "POST",
        "/v1/capsules",
        Some(json!({"scope": "bot.a", "content": "after"})),
    );
    assert_eq!(written.status, 200, "{}", written.body);
    assert_eq!(s.store.generation(), 1);
}

#[test]
fn while_the_reopen_fails_requests_get_503_with_the_cause_then_the_store_serves_again() {
    let retry = Duration::from_millis(300);
    let s = Server::start(retry);
    assert_eq!(s.put("kept").status, 200);

    // The device is gone: the write fails, and so does every open of the medium.
    s.medium.all.store(true, Ordering::SeqCst);
    let failed = s.put("lost");
    assert_eq!(failed.status, 500, "{}", failed.body);
    assert_eq!(failed.body["code"], "STORAGE");

    let refused = s.operator("GET", "/v1/scopes", None);
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(refused.body["code"], "STORAGE");
    let m = message(&refused);
    assert!(m.contains("I/O error"), "names the cause: {m}");
    assert!(m.contains("opening it again failed"), "{m}");
    assert!(m.contains("tries again on a request"), "{m}");
    assert_eq!(
        refused.retry_after.as_deref(),
        Some("1"),
        "{}",
        refused.body
    );
    let opens = s.opens.load(Ordering::SeqCst);
    assert_eq!(
        opens, 2,
        "the first request after the failure tried to reopen"
    );

    // Before the interval: answered at once, without another open.
    let again = s.agent("GET", "/v1/scopes/bot.a", None);
    assert_eq!(again.status, 503, "{}", again.body);
    assert!(
        message(&again).contains("tries again on the next request"),
        "{}",
        again.body
    );
    assert!(
        !message(&again).contains("store disk"),
        "a key is not told the store's name: {}",
        again.body
    );
    assert_eq!(s.opens.load(Ordering::SeqCst), opens);

    // After the interval the next request tries again: still failing, still 503.
    std::thread::sleep(retry + Duration::from_millis(50));
    assert_eq!(s.operator("GET", "/v1/scopes", None).status, 503);
    assert_eq!(s.opens.load(Ordering::SeqCst), opens + 1);

    // Mended: after the interval, the next request opens the store and is served.
    s.medium.all.store(false, Ordering::SeqCst);
    std::thread::sleep(retry + Duration::from_millis(50));
    let served = s.operator("GET", "/v1/scopes", None);
    assert_eq!(served.status, 200, "{}", served.body);
    assert_eq!(s.store.generation(), 1);
    assert_eq!(s.put("after").status, 200);
    let contents = s.contents();
    assert!(contents.contains(&"kept".to_owned()), "{contents:?}");
    assert!(contents.contains(&"after".to_owned()), "{contents:?}");
}

#[test]
fn a_store_without_an_opener_keeps_its_handle_and_says_to_reopen() {
    let medium = Switch::default();
    let kenning = Kenning::open_storage(medium.clone(), "disk").unwrap();
    let store = Store::from(kenning);
    assert!(!store.reopens());
    let ops = kenning::Principal::operator("ops");
    store
        .call(|k| k.register_scope(&ops, "bot.a", kenning::ScopeKind::Agent))
        .unwrap();
    medium.writes.store(true, Ordering::SeqCst);
    let put = |c: &str| store.call(|k| k.put(&ops, &kenning::NewCapsule::new("bot.a", c)));
    assert!(put("x").is_err());
    medium.writes.store(false, Ordering::SeqCst);
    let e = put("y").unwrap_err();
    assert!(e.needs_reopen(), "{e}");
    assert_eq!(store.generation(), 0);
}

#[test]
fn openapi_json_names_every_route_and_each_is_mounted() {
    let s = Server::start(Duration::from_secs(1));
    let unauthenticated = s.send("nope", "GET", "/openapi.json", None);
    assert_eq!(unauthenticated.status, 401, "the same token as every route");
    let doc = s.operator("GET", "/openapi.json", None);
    assert_eq!(doc.status, 200, "{}", doc.body);
    let doc = doc.body;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{doc}");
    assert!(doc["info"]["title"].is_string() && doc["info"]["version"].is_string());
    let paths = doc["paths"].as_object().unwrap();
    for route in [
        "/v1/memory/vocabulary",
        "/v1/agents/{agentInstanceId}/memory:query",
        "/v1/capsules",
        "/v1/capsules/{id}",
        "/v1/retrieve",
        "/v1/keys/{id}",
        "/openapi.json",
    ] {
        assert!(paths.contains_key(route), "{route} missing");
    }
    let mut ids = std::collections::BTreeSet::new();
    for (path, methods) in paths {
        for (method, operation) in methods.as_object().unwrap() {
            assert!(ids.insert(operation["operationId"].as_str().unwrap().to_owned()));
            for p in operation["parameters"].as_array().unwrap() {
                if p["in"] == "path" {
                    assert!(path.contains(&format!("{{{}}}", p["name"].as_str().unwrap())));
                }
            }
            // Mounted: the router knows the route and the method (an error of the call's
            // own, a missing scope or a malformed body, is fine).
            let concrete = path
                .replace("{agentInstanceId}", "bot.a")
                .replace("{scope}", "bot.a")
                .replace("{id}", "cap-1");
            let body = (method != "get" && method != "delete").then(|| json!({}));
            let answer = s.operator(&method.to_ascii_uppercase(), &concrete, body);
            assert_ne!(answer.status, 405, "{method} {path}: {}", answer.body);
            assert!(
                !message(&answer).starts_with("no route"),
                "{method} {path}: {}",
                answer.body
            );
        }
    }
    // Every route the document names is every route listed in the crate.
    assert_eq!(ids.len(), kenning_server::openapi::operations().len());
}

/// A medium whose `n`-th write, growth or sync after arming fails once.
#[derive(Debug, Clone, Default)]
struct SyncAt {
    inner: MemoryStorage,
    syncs: Arc<std::sync::atomic::AtomicU64>,
    fail_at: Arc<std::sync::atomic::AtomicU64>,
}

impl Storage for SyncAt {
    fn len(&self) -> io::Result<u64> {
        self.inner.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.inner.read(offset, out)
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        self.count()?;
        self.inner.set_len(len)
    }
    fn sync_data(&self) -> io::Result<()> {
        self.count()?;
        self.inner.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.count()?;
        self.inner.write(offset, data)
    }
}

impl SyncAt {
    fn count(&self) -> io::Result<()> {
        let n = self.syncs.fetch_add(1, Ordering::SeqCst) + 1;
        if n == self.fail_at.load(Ordering::SeqCst) {
            return Err(io::Error::from_raw_os_error(5)); // EIO
        }
        Ok(())
    }
}

/// Wherever the failed write or sync falls (inside the call's transaction, where the error means
/// nothing was written, or in its commit, where the outcome is unknown), the one error the call
/// gets spoils the handle, so that the store is reopened for the very next call; and the next
/// call is served.
#[test]
fn a_failed_write_anywhere_in_a_call_has_the_next_call_served_by_a_new_handle() {
    let ops = kenning::Principal::operator("ops");
    let (mut known, mut unknown) = (0, 0);
    for n in 1.. {
        let medium = SyncAt::default();
        let store = {
            let medium = medium.clone();
            Store::reopening(move || Kenning::open_storage(medium.clone(), "disk")).unwrap()
        };
        store
            .call(|k| k.register_scope(&ops, "bot.a", kenning::ScopeKind::Agent))
            .unwrap();
        medium.syncs.store(0, Ordering::SeqCst);
        medium.fail_at.store(n, Ordering::SeqCst);
        let batch: Vec<_> = (0..50)
            .map(|i| kenning::NewCapsule::new("bot.a", format!("batch note {i}")))
            .collect();
        let outcome = store.call(|k| k.put_batch(&ops, &batch));
        if medium.syncs.load(Ordering::SeqCst) < n {
            outcome.unwrap();
            break;
        }
        let e = outcome.expect_err("the sync failed");
        assert!(kenning_server::store::spoils(&e), "sync point {n}: {e}");
        if e.outcome_unknown() {
            unknown += 1;
        } else {
            known += 1;
        }
        store
            .call(|k| k.put(&ops, &kenning::NewCapsule::new("bot.a", "next")))
            .unwrap_or_else(|e| panic!("sync point {n}: the next call failed: {e}"));
        assert_eq!(store.generation(), 1, "sync point {n}");
    }
    println!("{known} failures inside the transaction, {unknown} in the commit");
    assert!(unknown >= 1, "{known} known, {unknown} unknown");
}

/// A read that fails on the medium is a plain `STORAGE` error (neither `needs_reopen` nor
/// `outcome_unknown`): it spoils the handle all the same (the engine latches every I/O failure),
/// so the next call is served by a new handle instead of being told to reopen.
#[test]
fn a_failed_read_spoils_the_handle_and_the_next_call_is_served() {
    let ops = kenning::Principal::operator("ops");
    let medium = Switch::default();
    let open = {
        let medium = medium.clone();
        // No page cache: every read reaches the medium.
        move || {
            kenning::OpenOptions::new()
                .page_cache_bytes(0)
                .open_storage(medium.clone(), "disk")
        }
    };
    let store = Store::reopening(open).unwrap();
    store
        .call(|k| k.register_scope(&ops, "bot.a", kenning::ScopeKind::Agent))
        .unwrap();
    let id = store
        .call(|k| k.put(&ops, &kenning::NewCapsule::new("bot.a", "kept")))
        .unwrap();
    medium.all.store(true, Ordering::SeqCst);
    let e = store.call(|k| k.capsule(&ops, id)).unwrap_err();
    assert_eq!(e.code(), kenning::ErrorCode::Storage, "{e}");
    assert!(!e.needs_reopen() && !e.outcome_unknown(), "{e}");
    assert!(kenning_server::store::spoils(&e), "{e}");
    medium.all.store(false, Ordering::SeqCst);
    let got = store.call(|k| k.capsule(&ops, id)).unwrap();
    assert_eq!(got.content, "kept");
    assert_eq!(store.generation(), 1);
}
