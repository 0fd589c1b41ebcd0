//! `/mcp` over a store whose medium fails under it (issue 15, point 5): the call that meets
//! the I/O error gets its JSON-RPC error (outcome flag, `reopen`), the store is opened again
//! for the next call, and while the open fails every call with an id is answered (-32603,
//! `unavailable`; an `isError` result for the memory server's tools), then served once the
//! medium is mended; the REST routes on the same listener see the same store.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use kenning::{Kenning, MemoryStorage, Principal, ScopeKind, Storage};
use kenning_server::{Auth, Store, require_token};
use serde_json::{Value, json};

const TOKEN: &str = "operator-token-0123456789abcdef-0123";

/// An in-memory medium failing every write and sync while `writes` is set, and every
/// operation while `all` is.
#[derive(Debug, Clone, Default)]
struct Switch {
    inner: MemoryStorage,
    writes: Arc<AtomicBool>,
    all: Arc<AtomicBool>,
}

impl Switch {
    fn check(&self, write: bool) -> io::Result<()> {
        if self.all.load(Ordering::SeqCst) || (write && self.writes.load(Ordering::SeqCst)) {
            return Err(io::Error::from_raw_os_error(5));
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

struct Served {
    base: String,
    medium: Switch,
    store: Store,
    http: ureq::Agent,
    _runtime: tokio::runtime::Runtime,
}

impl Served {
    /// `/mcp` and the REST routes as `kenning serve` mounts them, over a reopening store.
    fn start(retry: Duration) -> Self {
        let medium = Switch::default();
        let store = {
            let medium = medium.clone();
            Store::reopening(move || Kenning::open_storage(medium.clone(), "disk"))
                .unwrap()
                .with_retry_interval(retry)
        };
        store
            .call(|k| k.register_scope(&Principal::operator("t"), "bot.a", ScopeKind::Agent))
            .unwrap();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let auth = Auth::new(store.clone(), Some(TOKEN.to_owned()));
        let cancel = tokio_util::sync::CancellationToken::new();
        let mcp = axum::Router::new()
            .route_service(
                "/mcp",
                super::http_service(store.clone(), cancel, vec!["127.0.0.1".to_owned()]),
            )
            .layer(axum::middleware::from_fn_with_state(
                auth.clone(),
                require_token,
            ));
        let app = mcp.merge(kenning_server::routes(store.clone(), auth));
        runtime.spawn(async move { axum::serve(listener, app).await });
        let http = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        Self {
            base,
            medium,
            store,
            http,
            _runtime: runtime,
        }
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let request = ureq::http::Request::builder()
            .method("POST")
            .uri(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {TOKEN}"))
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(body.to_string())
            .unwrap();
        let mut response = self.http.run(request).unwrap();
        let text = response.body_mut().read_to_string().unwrap();
        (
            response.status().as_u16(),
            serde_json::from_str(&text).unwrap_or(Value::Null),
        )
    }

    /// A `tools/call` with id `id`, answered with that id.
    fn tool(&self, id: u64, name: &str, arguments: Value) -> Value {
        let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                          "params": {"name": name, "arguments": arguments}});
        let (status, answer) = self.post("/mcp?scope=bot.a", &call);
        assert_eq!(status, 200, "{answer}");
        assert_eq!(
            answer["id"], id,
            "every call with an id is answered: {answer}"
        );
        answer
    }

    fn put(&self, id: u64, content: &str) -> Value {
        self.tool(id, "memory_put", json!({ "content": content }))
    }
}

#[test]
fn mcp_calls_are_served_again_after_an_io_error_without_a_restart() {
    let s = Served::start(Duration::from_secs(1));
    let first = s.put(1, "before the failure");
    assert!(
        first["result"]["structuredContent"]["id"].is_string(),
        "{first}"
    );

    s.medium.writes.store(true, Ordering::SeqCst);
    let failed = s.put(2, "during the failure");
    let error = &failed["error"];
    assert_eq!(error["code"], -32603, "{failed}");
    assert_eq!(error["data"]["code"], "STORAGE", "{failed}");
    assert_eq!(error["data"]["reopen"], true, "{failed}");
    let message = error["message"].as_str().unwrap();
    assert!(
        message.contains("opens it again for the next request"),
        "{message}"
    );
    if error["data"]["outcome_unknown"] == true {
        assert!(message.contains("unknown"), "{message}");
    }

    s.medium.writes.store(false, Ordering::SeqCst);
    let after = s.put(3, "after the failure");
    let id = after["result"]["structuredContent"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("served after the failure: {after}"))
        .to_owned();
    assert_eq!(s.store.generation(), 1);
    let got = s.tool(4, "memory_get", json!({ "id": id }));
    assert_eq!(
        got["result"]["structuredContent"]["content"],
        "after the failure"
    );
    // The memory server's tools too, and the REST routes on the same listener.
    let graph = s.tool(5, "read_graph", json!({}));
    assert_ne!(graph["result"]["isError"], true, "{graph}");
    let (status, answer) = s.post(
        "/v1/retrieve",
        &json!({"scope": "bot.a", "query": "before failure", "lane": "term"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(
        answer.to_string().contains("before the failure"),
        "{answer}"
    );
}

#[test]
fn while_the_store_cannot_be_opened_again_every_mcp_call_is_answered_then_served() {
    let retry = Duration::from_millis(300);
    let s = Served::start(retry);
    s.medium.all.store(true, Ordering::SeqCst);
    let failed = s.put(1, "lost");
    assert_eq!(failed["error"]["data"]["code"], "STORAGE", "{failed}");

    let refused = s.put(2, "refused");
    let error = &refused["error"];
    assert_eq!(error["code"], -32603, "{refused}");
    assert_eq!(error["data"]["kind"], "unavailable", "{refused}");
    assert!(error["data"]["retry_after_ms"].as_u64().unwrap() <= 300);
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("I/O error"), "names the cause: {message}");
    assert!(message.contains("tries again on a request"), "{message}");
    // The memory server's tools report it as their result, with the same message.
    let compat = s.tool(3, "read_graph", json!({}));
    assert_eq!(compat["result"]["isError"], true, "{compat}");
    let text = compat["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("opening it again failed"), "{text}");
    // REST: 503.
    let (status, answer) = s.post(
        "/v1/retrieve",
        &json!({"scope": "bot.a", "query": "x", "lane": "term"}),
    );
    assert_eq!(status, 503, "{answer}");

    s.medium.all.store(false, Ordering::SeqCst);
    std::thread::sleep(retry + Duration::from_millis(50));
    let after = s.put(4, "after");
    assert!(
        after["result"]["structuredContent"]["id"].is_string(),
        "{after}"
    );
    assert_eq!(s.store.generation(), 1);
}
