//! `GET /openapi.json` tells the truth: every operation of the document is exercised against a
//! running `kenning serve`, and every request body, query value and answer (errors included)
//! is validated against the document's schemas by `tests/mcp/openapi_check.py` with the
//! `jsonschema` package (JSON Schema 2020-12, OpenAPI 3.1's dialect), which nothing of ours
//! wrote. The schemas are generated from the Rust types (schemars), so this checks the
//! generation, the serde attributes it follows, and the route table together.
//!
//! Needs python3 as `mcp_python.rs` does (the same pinned virtual environment).

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

use std::process::Command;

use serde_json::{Value, json};
use support::{Served, http, key, ok};

/// The exchanges made, as the checker reads them.
struct Recorder<'a> {
    served: &'a Served,
    exchanges: Vec<Value>,
}

impl Recorder<'_> {
    /// `method url` as the operator (or with `token`), recorded under the document's `path`
    /// template; asserts the status, answers the body.
    fn send(
        &mut self,
        token: Option<&str>,
        method: &str,
        path: &str,
        url: &str,
        body: Option<Value>,
        status: u16,
    ) -> Value {
        let text = body.as_ref().map(Value::to_string);
        let token = token.unwrap_or(&self.served.token);
        let (got, answer) = http(
            &format!("{}{url}", self.served.url),
            method,
            Some(token),
            text.as_deref(),
        );
        assert_eq!(got, status, "{method} {url}: {answer}");
        let query: serde_json::Map<String, Value> = url
            .split_once('?')
            .map(|(_, q)| q)
            .unwrap_or_default()
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .map(|(k, v)| {
                // A query value is a string on the wire; numbers are checked as numbers.
                let value = v.parse::<u64>().map_or_else(|_| json!(v), |n| json!(n));
                (k.to_owned(), value)
            })
            .collect();
        self.exchanges.push(json!({
            "method": method.to_ascii_lowercase(),
            "path": path,
            "url": url,
            "query": query,
            "body": body,
            "status": got,
            "answer": answer,
        }));
        answer
    }

    fn op(&mut self, method: &str, path: &str, url: &str, body: Option<Value>) -> Value {
        let status = if matches!((method, path), ("PUT" | "DELETE", "/v1/memory/vocabulary")) {
            204
        } else {
            200
        };
        self.send(None, method, path, url, body, status)
    }
}

#[test]
fn openapi_document_describes_every_route_body_and_answer_the_server_gives() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("kenning.redb");
    ok(&store, &["scopes", "register", "bot.a", "--kind", "agent"]);
    let reader = key(&store, &["agent.memory:read"], "bot.*");
    let served = Served::start(&store);
    let mut r = Recorder {
        served: &served,
        exchanges: Vec::new(),
    };

    // seed 000's routes
    let vocabulary = "/v1/memory/vocabulary";
    r.op(
        "PUT",
        vocabulary,
        vocabulary,
        Some(json!({"scopeId": "bot.a", "vocabulary": {
            "entityClasses": [{"name": "Person", "description": "a human"}, {"name": "Org"}],
            "relationTypes": [{"name": "WORKS_AT",
                "signatures": [{"sourceClass": "Person", "targetClass": "Org"}]}],
        }})),
    );
    r.op(
        "GET",
        vocabulary,
        &format!("{vocabulary}?scopeId=bot.a"),
        None,
    );
    r.op("GET", vocabulary, vocabulary, None);

    // principal, scopes
    r.op("GET", "/v1/whoami", "/v1/whoami", None);
    r.send(Some(&reader), "GET", "/v1/whoami", "/v1/whoami", None, 200);
    r.op("GET", "/v1/scopes", "/v1/scopes", None);
    r.op(
        "POST",
        "/v1/scopes",
        "/v1/scopes",
        Some(json!({"id": "bot.b", "kind": "agent"})),
    );
    r.op("GET", "/v1/scopes/{scope}", "/v1/scopes/bot.a", None);

    // capsules
    let first = r.op(
        "POST",
        "/v1/capsules",
        "/v1/capsules",
        Some(json!({
            "scope": "bot.a",
            "content": "Ana prefers email over phone calls.",
            "origin": "owner-stated",
            "metadata": {"source": "ticket-4411"},
            "fact_time": {"valid_from": 1_709_251_200_000_i64},
            "fresh_until": 4_102_444_800_000_i64,
            "thread": {"id": "conv-1", "position": 1},
        })),
    );
    let first = first["id"].as_str().unwrap().to_owned();
    let batch = r.op(
        "POST",
        "/v1/capsules/batch",
        "/v1/capsules/batch",
        Some(json!({
            "capsules": [
                {"scope": "bot.a", "content": "Ana works at Acme, in the billing team.",
                 "thread": {"id": "conv-1", "position": 2}},
                {"scope": "bot.a", "content": "The invoices are sent on the first Monday."},
            ],
            "embeddings": [[1.0, 0.0, 0.0, 0.0], null],
            "model_tag": "test-model",
        })),
    );
    let second = batch["ids"][1].as_str().unwrap().to_owned();
    r.op(
        "GET",
        "/v1/scopes/{scope}/capsules",
        "/v1/scopes/bot.a/capsules?limit=10",
        None,
    );
    r.op(
        "GET",
        "/v1/capsules/{id}",
        &format!("/v1/capsules/{first}"),
        None,
    );
    let replacement = r.op(
        "POST",
        "/v1/capsules/{id}/supersede",
        &format!("/v1/capsules/{first}/supersede"),
        Some(
            json!({"scope": "bot.a", "content": "Ana prefers email, never calls.",
                    "origin": "owner-stated"}),
        ),
    );
    let replacement = replacement["id"].as_str().unwrap().to_owned();
    r.op(
        "POST",
        "/v1/capsules/{id}/lifecycle",
        &format!("/v1/capsules/{second}/lifecycle"),
        Some(json!({"change": "fresh_until", "at": 4_102_444_800_000_i64})),
    );
    r.op(
        "POST",
        "/v1/capsules/{id}/lifecycle",
        &format!("/v1/capsules/{second}/lifecycle"),
        Some(json!({"change": "quarantine"})),
    );

    // embeddings, recall, classification
    let embeddings = "/v1/scopes/{scope}/embeddings";
    r.op(
        "POST",
        embeddings,
        "/v1/scopes/bot.a/embeddings",
        Some(json!({"id": replacement, "embedding": [0.0, 1.0, 0.0, 0.0],
                    "model_tag": "test-model"})),
    );
    r.op(
        "POST",
        embeddings,
        "/v1/scopes/bot.a/embeddings",
        Some(json!({})),
    );
    r.op("GET", embeddings, "/v1/scopes/bot.a/embeddings", None);
    for body in [
        json!({"scope": "bot.a", "query": "Ana email"}),
        json!({"scope": "bot.a", "lane": "vector", "query_embedding": [0.0, 1.0, 0.0, 0.0]}),
        json!({"scope": "bot.a", "lane": "fused", "query": "Ana",
               "query_embedding": [1.0, 0.0, 0.0, 0.0], "limit": 5,
               "fusion": {"method": "rrf", "k": 60.0},
               "context": {"window": 1, "weight": 0.5},
               "time_window": {"from": 0}}),
    ] {
        r.op("POST", "/v1/retrieve", "/v1/retrieve", Some(body));
    }
    r.op(
        "POST",
        "/v1/classify",
        "/v1/classify",
        Some(json!({"content": "Decidimos usar redb para o armazenamento."})),
    );
    r.op(
        "POST",
        "/v1/classify",
        "/v1/classify",
        Some(
            json!({"content": "Ana works at Acme, in the billing team.", "kind": "fact",
                    "capsule_id": batch["ids"][0], "evidence_state": "observed",
                    "proof_hint": "the HR record", "stale_if": "Ana changes team"}),
        ),
    );

    // graph
    r.op(
        "POST",
        "/v1/scopes/{scope}/graph",
        "/v1/scopes/bot.a/graph",
        Some(json!({
            "nodes": [{"id": "ana", "label": "Ana", "nodeType": "Person",
                       "properties": {"team": "billing"}},
                      {"id": "acme", "label": "Acme", "nodeType": "Org"},
                      {"id": "x", "label": "X"}],
            "edges": [{"source": "ana", "target": "acme", "relationType": "WORKS_AT"}],
        })),
    );
    let traversal = json!({"start": {"filters": [{"key": "NodeType", "value": "Person"}]},
                           "traverse": {"relationTypes": ["WORKS_AT"], "direction": "out",
                                        "depth": 2},
                           "limit": 10});
    r.op(
        "POST",
        "/v1/scopes/{scope}/graph/query",
        "/v1/scopes/bot.a/graph/query",
        Some(traversal.clone()),
    );
    r.op(
        "POST",
        "/v1/agents/{agentInstanceId}/memory:query",
        "/v1/agents/bot.a/memory:query",
        Some(json!({ "graph": traversal })),
    );
    r.op(
        "GET",
        "/v1/scopes/{scope}/graph/nodes",
        "/v1/scopes/bot.a/graph/nodes?limit=1",
        None,
    );
    r.op(
        "POST",
        "/v1/scopes/{scope}/graph/delete",
        "/v1/scopes/bot.a/graph/delete",
        Some(json!({"nodes": ["x"],
                    "edges": [{"source": "ana", "target": "acme", "relationType": "WORKS_AT"}]})),
    );

    // entity memory (the official memory server's shapes)
    let entities = "/v1/scopes/bot.a";
    r.op(
        "POST",
        "/v1/scopes/{scope}/entities",
        &format!("{entities}/entities"),
        Some(json!([{"name": "Bruno", "entityType": "Person",
                     "observations": ["Bruno runs the support desk."]},
                    {"name": "Support"}])),
    );
    r.op(
        "POST",
        "/v1/scopes/{scope}/observations",
        &format!("{entities}/observations"),
        Some(json!([{"name": "Bruno", "contents": ["Bruno is on call on Fridays."]}])),
    );
    r.op(
        "POST",
        "/v1/scopes/{scope}/relations",
        &format!("{entities}/relations"),
        Some(
            json!([{"source": "Bruno", "target": "Support", "relationType": "LEADS"},
                    {"source": "Bruno", "target": "Night shift", "relationType": "COVERS"}]),
        ),
    );
    r.op(
        "GET",
        "/v1/scopes/{scope}/entities",
        &format!("{entities}/entities"),
        None,
    );
    r.op(
        "POST",
        "/v1/scopes/{scope}/entities/open",
        &format!("{entities}/entities/open"),
        Some(json!({"names": ["Bruno"]})),
    );
    r.op(
        "POST",
        "/v1/scopes/{scope}/entities/search",
        &format!("{entities}/entities/search"),
        Some(json!({"query": "support desk"})),
    );
    r.op(
        "POST",
        "/v1/scopes/{scope}/observations/delete",
        &format!("{entities}/observations/delete"),
        Some(json!([{"name": "Bruno", "contents": ["Bruno is on call on Fridays."]}])),
    );
    r.op(
        "POST",
        "/v1/scopes/{scope}/relations/delete",
        &format!("{entities}/relations/delete"),
        Some(json!([{"source": "Bruno", "target": "Support", "relationType": "LEADS"}])),
    );
    r.op(
        "POST",
        "/v1/scopes/{scope}/entities/delete",
        &format!("{entities}/entities/delete"),
        Some(json!({"names": ["Night shift"]})),
    );

    // management
    let created = r.op(
        "POST",
        "/v1/keys",
        "/v1/keys",
        Some(
            json!({"name": "reader", "permissions": ["agent.memory:read"],
                    "agent_selectors": ["bot.*"]}),
        ),
    );
    r.op("GET", "/v1/keys", "/v1/keys", None);
    r.op(
        "DELETE",
        "/v1/keys/{id}",
        &format!("/v1/keys/{}", created["key"]["id"].as_str().unwrap()),
        None,
    );
    r.op("GET", "/v1/audit", "/v1/audit?after=2&limit=5", None);
    r.op(
        "DELETE",
        "/v1/capsules/{id}",
        &format!("/v1/capsules/{second}"),
        None,
    );
    r.op(
        "DELETE",
        vocabulary,
        &format!("{vocabulary}?scopeId=bot.a"),
        None,
    );
    r.op("GET", "/openapi.json", "/openapi.json", None);

    // errors answer the shared error body
    r.send(
        None,
        "GET",
        "/v1/capsules/{id}",
        "/v1/capsules/cap-999999",
        None,
        404,
    );
    r.send(
        None,
        "POST",
        "/v1/retrieve",
        "/v1/retrieve",
        Some(json!({"scope": "bot.a", "query": "x", "limit": 0})),
        400,
    );
    r.send(Some(&reader), "GET", "/v1/keys", "/v1/keys", None, 403);
    r.send(
        Some("not-a-token"),
        "GET",
        "/v1/scopes",
        "/v1/scopes",
        None,
        401,
    );

    let (status, doc) = http(
        &format!("{}/openapi.json", served.url),
        "GET",
        Some(&served.token),
        None,
    );
    assert_eq!(status, 200);
    let files = tempfile::tempdir().unwrap();
    let doc_path = files.path().join("openapi.json");
    let exchanges_path = files.path().join("exchanges.json");
    std::fs::write(&doc_path, doc.to_string()).unwrap();
    std::fs::write(&exchanges_path, Value::Array(r.exchanges).to_string()).unwrap();

    let out = Command::new(python_support::python())
        .arg(python_support::client_dir().join("openapi_check.py"))
        .arg(&doc_path)
        .arg(&exchanges_path)
        .output()
        .expect("running openapi_check.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the server's answers do not match its OpenAPI document:\n{stdout}\n{stderr}"
    );
}
