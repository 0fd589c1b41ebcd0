//! The routes of seed 000 (`kenning_server::routes`) driven by a real HTTP client over loopback:
//! the routes and bodies of the seed, authentication, and the error statuses.
//!
//! The router is served by axum on a free port, with the store opened here so that a test can
//! prepare scopes, keys and graph nodes through the facade.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use kenning::{
    Edge, ErrorCode, GraphCommit, Kenning, KeyGrant, Node, Permission, Principal, ScopeKind,
    Selector,
};
use serde_json::{Value, json};

const OPERATOR: &str = "operator-token-0123456789abcdef-0123";

/// The PUT body of seed 000, verbatim.
const SEED_PUT_BODY: &str = r#"{
  "vocabulary": {
    "entityClasses": [
      {
        "name": "Person",
        "description": "an individual human being, including colleagues"
      },
      {
        "name": "Organization",
        "description": "a company, employer, school or agency"
      }
    ],
    "relationTypes": [
      {
        "name": "WORKS_AT",
        "description": "employment of a person by an organization",
        "signatures": [
          {"sourceClass": "Person", "targetClass": "Organization"}
        ]
      }
    ]
  }
}"#;

/// The memory:query body of seed 000, verbatim.
const SEED_QUERY_BODY: &str = r#"{
  "graph": {
    "start": {
      "filters": [{"key": "NodeType", "value": "Person"}]
    },
    "limit": 50
  }
}"#;

/// A server on a free loopback port over a fresh store, with an operator token and one API key.
struct Server {
    base: String,
    store: Kenning,
    /// The secret of a key with every non-management permission, reaching agent scopes `bot.*`.
    key: String,
    http: ureq::Agent,
    // Dropped last: stops the server.
    _runtime: tokio::runtime::Runtime,
}

/// An answer: status, body (JSON, or `Null` when empty), and the `WWW-Authenticate` header.
struct Answer {
    status: u16,
    body: Value,
    challenge: Option<String>,
    /// The `Allow` header.
    allow: Option<String>,
}

impl Server {
    fn start() -> Self {
        let store = Kenning::in_memory().unwrap();
        let ops = Principal::operator("test");
        for scope in ["bot.support", "bot.sales", "other.team"] {
            store.register_scope(&ops, scope, ScopeKind::Agent).unwrap();
        }
        let permissions: BTreeSet<Permission> = Permission::ALL
            .into_iter()
            .filter(|p| !p.is_management())
            .collect();
        let key = store
            .create_api_key(
                &ops,
                KeyGrant {
                    name: "support bot".into(),
                    permissions,
                    agent_selectors: vec![Selector::parse("bot.*").unwrap()],
                    subject_selectors: Vec::new(),
                },
            )
            .unwrap()
            .secret;

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
            kenning_server::Auth::new(store.clone(), Some(OPERATOR.to_owned())),
        );
        runtime.spawn(async move { axum::serve(listener, router).await });

        let http = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        Self {
            base,
            store,
            key,
            http,
            _runtime: runtime,
        }
    }

    /// Sends `method path` with `Authorization: <authorization>` when given, and `body`.
    fn send(
        &self,
        method: &str,
        path: &str,
        authorization: Option<&str>,
        body: Option<&str>,
    ) -> Answer {
        let mut request = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        if let Some(value) = authorization {
            request = request.header("authorization", value);
        }
        let response = match body {
            Some(body) => self.http.run(
                request
                    .header("content-type", "application/json")
                    .body(body.to_owned())
                    .unwrap(),
            ),
            None => self.http.run(request.body(()).unwrap()),
        };
        let mut response = response.unwrap();
        let text = response.body_mut().read_to_string().unwrap();
        Answer {
            status: response.status().as_u16(),
            body: if text.is_empty() {
                Value::Null
            } else {
                serde_json::from_str(&text).unwrap()
            },
            challenge: response
                .headers()
                .get("www-authenticate")
                .map(|v| v.to_str().unwrap().to_owned()),
            allow: response
                .headers()
                .get("allow")
                .map(|v| v.to_str().unwrap().to_owned()),
        }
    }

    /// Sends as the operator.
    fn operator(&self, method: &str, path: &str, body: Option<&str>) -> Answer {
        self.send(method, path, Some(&format!("Bearer {OPERATOR}")), body)
    }

    /// Sends as the API key.
    fn agent(&self, method: &str, path: &str, body: Option<&str>) -> Answer {
        self.send(method, path, Some(&format!("Bearer {}", self.key)), body)
    }
}

/// The `vocabulary` member of a PUT body.
fn vocabulary_of(body: &str) -> Value {
    serde_json::from_str::<Value>(body).unwrap()["vocabulary"].clone()
}

/// Asserts an error answer's status and code, and that its body is exactly `{code, message}`.
fn assert_error(answer: &Answer, status: u16, code: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert_eq!(answer.body["code"], code, "{}", answer.body);
    assert!(
        answer.body["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
    );
    // `{code, message}`, and only the members that help a client rebuild the facade's error.
    for member in answer.body.as_object().unwrap().keys() {
        assert!(
            [
                "code",
                "message",
                "field",
                "what",
                "id",
                "scope",
                "outcome_unknown"
            ]
            .contains(&member.as_str()),
            "{}",
            answer.body
        );
    }
}

#[test]
fn v7_v9_three_vocabulary_states_over_http() {
    let server = Server::start();
    let scope = "/v1/memory/vocabulary?scopeId=bot.support";

    // Nothing declared anywhere: both members absent, never null.
    let nothing = server.agent("GET", scope, None);
    assert_eq!((nothing.status, &nothing.body), (200, &json!({})));

    // The seed's body declares the enterprise default (no scopeId).
    let put = server.operator("PUT", "/v1/memory/vocabulary", Some(SEED_PUT_BODY));
    assert_eq!(put.status, 204, "{}", put.body);
    let enterprise = vocabulary_of(SEED_PUT_BODY);
    let read = server.agent("GET", "/v1/memory/vocabulary", None);
    assert_eq!(read.status, 200);
    assert_eq!(
        read.body,
        json!({"declaration": enterprise, "resolved": enterprise})
    );

    // Absent at scope level: no declaration, the enterprise vocabulary resolves (A3: a key reads).
    let inherits = server.agent("GET", scope, None);
    assert_eq!(inherits.status, 200);
    assert_eq!(inherits.body, json!({"resolved": enterprise}));

    // Present with classes: replaces the enterprise default outright (V6).
    let support = r#"{"scopeId": "bot.support", "vocabulary": {"entityClasses": [
        {"name": "Customer", "description": "a person or company holding a support plan"}]}}"#;
    assert_eq!(
        server
            .operator("PUT", "/v1/memory/vocabulary", Some(support))
            .status,
        204
    );
    let own = server.agent("GET", scope, None);
    assert_eq!(own.status, 200);
    let declared = json!({"entityClasses": [
        {"name": "Customer", "description": "a person or company holding a support plan"}],
        "relationTypes": []});
    assert_eq!(
        own.body,
        json!({"declaration": declared, "resolved": declared})
    );

    // Present and empty: classification off, a declaration with no classes and no `resolved`.
    let off = r#"{"scopeId": "bot.support", "vocabulary": {"entityClasses": []}}"#;
    assert_eq!(
        server
            .operator("PUT", "/v1/memory/vocabulary", Some(off))
            .status,
        204
    );
    let empty = server.agent("GET", scope, None);
    assert_eq!(empty.status, 200);
    assert_eq!(
        empty.body,
        json!({"declaration": {"entityClasses": [], "relationTypes": []}})
    );

    // Removal is DELETE, and restores inheritance; removing again is not an error.
    assert_eq!(server.operator("DELETE", scope, None).status, 204);
    assert_eq!(server.agent("GET", scope, None).body, inherits.body);
    assert_eq!(server.operator("DELETE", scope, None).status, 204);

    // Another scope never saw any of it.
    let sales = server.agent("GET", "/v1/memory/vocabulary?scopeId=bot.sales", None);
    assert_eq!(sales.body, json!({"resolved": enterprise}));
}

#[test]
fn put_ignores_a_scope_id_query_parameter() {
    let server = Server::start();
    let put = server.operator(
        "PUT",
        "/v1/memory/vocabulary?scopeId=bot.support",
        Some(SEED_PUT_BODY),
    );
    assert_eq!(put.status, 204, "{}", put.body);

    // The declaration landed at the enterprise level ...
    let enterprise = server.operator("GET", "/v1/memory/vocabulary", None);
    assert_eq!(enterprise.body["declaration"], vocabulary_of(SEED_PUT_BODY));
    // ... and the scope named in the query string declares nothing: it inherits.
    let scope = server.operator("GET", "/v1/memory/vocabulary?scopeId=bot.support", None);
    assert_eq!(
        scope.body,
        json!({"resolved": vocabulary_of(SEED_PUT_BODY)})
    );
}

#[test]
fn g6_g7_node_type_query_over_http() {
    let server = Server::start();
    let ops = Principal::operator("test");
    let commit = GraphCommit::new()
        .node(Node::new("ada", "Ada Lovelace").with_type("Person"))
        .node(Node::new("acme", "Acme Corp").with_type("Organization"))
        .node(Node::new("grace", "Grace Hopper").with_type("Person"))
        .node(Node::new("note", "an unclassified entity"))
        .edge(Edge::new("ada", "WORKS_AT", "acme"));
    server
        .store
        .commit_graph(&ops, "bot.support", &commit)
        .unwrap();
    // A Person in another scope stays out of this scope's answer.
    let elsewhere = GraphCommit::new().node(Node::new("bob", "Bob").with_type("Person"));
    server
        .store
        .commit_graph(&ops, "bot.sales", &elsewhere)
        .unwrap();

    let answer = server.agent(
        "POST",
        "/v1/agents/bot.support/memory:query",
        Some(SEED_QUERY_BODY),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        answer.body,
        json!({"graph": {"nodes": [
            {"id": "ada", "label": "Ada Lovelace", "nodeType": "Person", "properties": {}},
            {"id": "grace", "label": "Grace Hopper", "nodeType": "Person", "properties": {}},
        ], "edges": [], "truncated": false}})
    );

    // A node without a class carries no `nodeType` member at all (G7).
    let by_id = r#"{"graph": {"start": {"filters": [{"key": "NodeId", "value": "note"}]}}}"#;
    let answer = server.agent("POST", "/v1/agents/bot.support/memory:query", Some(by_id));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let node = &answer.body["graph"]["nodes"][0];
    assert_eq!(node["id"], "note");
    assert!(
        node.as_object().unwrap().get("nodeType").is_none(),
        "{node}"
    );

    // A class no vocabulary declares is still a valid filter (G6): nothing matches, no error.
    let robots = r#"{"graph": {"start": {"filters": [{"key": "NodeType", "value": "Robot"}]}}}"#;
    let answer = server.agent("POST", "/v1/agents/bot.support/memory:query", Some(robots));
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["graph"]["nodes"], json!([]));

    // A malformed query is the graph crate's INVALID_ARGUMENT, naming the field.
    let bad = r#"{"graph": {"start": {"filters": [{"key": "Colour", "value": "red"}]}}}"#;
    let answer = server.agent("POST", "/v1/agents/bot.support/memory:query", Some(bad));
    assert_error(&answer, 400, "INVALID_ARGUMENT");
    assert!(answer.body["message"].as_str().unwrap().contains("Colour"));
}

#[test]
fn a_missing_or_invalid_bearer_token_is_401() {
    let server = Server::start();
    let path = "/v1/memory/vocabulary";
    let (number, hex) = server.key.rsplit_once('_').unwrap();
    let forged = format!("{number}_{}", "0".repeat(hex.len()));
    for authorization in [
        None,
        Some("Bearer"),
        Some("Bearer "),
        Some("Basic dXNlcjpwYXNz"),
        Some("Bearer not-a-token"),
        Some("Bearer kn_1_00"),
        Some(&format!("Bearer {forged}")),
        Some(&format!("Bearer {OPERATOR}x")),
        Some(&format!("Bearer {}", &OPERATOR[..OPERATOR.len() - 1])),
        Some(OPERATOR),
        Some(&format!("Basic {OPERATOR}")),
    ] {
        for (method, body) in [("GET", None), ("PUT", Some(SEED_PUT_BODY))] {
            let answer = server.send(method, path, authorization, body);
            assert_error(&answer, 401, "UNAUTHENTICATED");
            assert_eq!(
                answer.challenge.as_deref(),
                Some("Bearer"),
                "{authorization:?}"
            );
        }
    }
    let answer = server.send(
        "POST",
        "/v1/agents/bot.support/memory:query",
        None,
        Some(SEED_QUERY_BODY),
    );
    assert_error(&answer, 401, "UNAUTHENTICATED");
    // Nothing was declared by any of them.
    assert_eq!(server.operator("GET", path, None).body, json!({}));
    // The scheme is case-insensitive (RFC 9110).
    let lower = server.send("GET", path, Some(&format!("bearer {}", server.key)), None);
    assert_eq!(lower.status, 200);
}

#[test]
fn a2_an_api_key_can_never_declare_or_remove_403() {
    let server = Server::start();
    let scoped = r#"{"scopeId": "bot.support", "vocabulary": {"entityClasses": []}}"#;
    for body in [SEED_PUT_BODY, scoped] {
        let answer = server.agent("PUT", "/v1/memory/vocabulary", Some(body));
        assert_error(&answer, 403, "PERMISSION_DENIED");
        assert!(
            answer.body["message"]
                .as_str()
                .unwrap()
                .contains("agent.vocabulary:manage")
        );
    }
    assert_eq!(
        server
            .operator("PUT", "/v1/memory/vocabulary", Some(SEED_PUT_BODY))
            .status,
        204
    );
    for path in [
        "/v1/memory/vocabulary",
        "/v1/memory/vocabulary?scopeId=bot.support",
    ] {
        assert_error(
            &server.agent("DELETE", path, None),
            403,
            "PERMISSION_DENIED",
        );
    }
    // The enterprise declaration is intact.
    let read = server.agent("GET", "/v1/memory/vocabulary", None);
    assert_eq!(read.body["declaration"], vocabulary_of(SEED_PUT_BODY));
}

#[test]
fn a5_an_unreached_scope_is_404_exactly_like_a_missing_one() {
    let server = Server::start();
    // `other.team` is registered but outside the key's `bot.*`; `ghost.team` does not exist.
    let answers = |id: &str| {
        [
            server.agent("GET", &format!("/v1/memory/vocabulary?scopeId={id}"), None),
            server.agent(
                "POST",
                &format!("/v1/agents/{id}/memory:query"),
                Some(SEED_QUERY_BODY),
            ),
        ]
    };
    let unreached = answers("other.team");
    let missing = answers("ghost.team");
    for (unreached, missing) in unreached.iter().zip(&missing) {
        assert_error(unreached, 404, "NOT_FOUND");
        assert_error(missing, 404, "NOT_FOUND");
        // Same answer but for the id the caller gave: a refusal never confirms a scope exists.
        let unreached = unreached.body["message"].as_str().unwrap();
        let missing = missing.body["message"].as_str().unwrap();
        assert_eq!(unreached.replace("other.team", "ghost.team"), missing);
    }
    // The operator reaches `other.team`, which exists.
    let read = server.operator("GET", "/v1/memory/vocabulary?scopeId=other.team", None);
    assert_eq!(read.status, 200);
    // And for the operator, a scope that was never registered is the same 404.
    let ghost = server.operator("GET", "/v1/memory/vocabulary?scopeId=ghost.team", None);
    assert_error(&ghost, 404, "NOT_FOUND");
}

#[test]
fn v8_a_body_without_vocabulary_is_400_and_writes_nothing() {
    let server = Server::start();
    assert_eq!(
        server
            .operator("PUT", "/v1/memory/vocabulary", Some(SEED_PUT_BODY))
            .status,
        204
    );
    for body in [r#"{"scopeId": "bot.support"}"#, "{}"] {
        let answer = server.operator("PUT", "/v1/memory/vocabulary", Some(body));
        assert_error(&answer, 400, "INVALID_ARGUMENT");
        assert!(
            answer.body["message"]
                .as_str()
                .unwrap()
                .contains("vocabulary"),
            "{}",
            answer.body
        );
    }
    // Out of bounds (V2) and malformed bodies are 400 too, naming what is wrong.
    let long = "x".repeat(65);
    let too_long = format!(r#"{{"vocabulary": {{"entityClasses": [{{"name": "{long}"}}]}}}}"#);
    let answer = server.operator("PUT", "/v1/memory/vocabulary", Some(&too_long));
    assert_error(&answer, 400, "INVALID_ARGUMENT");
    assert!(
        answer.body["message"]
            .as_str()
            .unwrap()
            .contains("entityClasses[0].name")
    );
    for malformed in [
        "",
        "{",
        r#"{"vocabulary": {"entityClasses": [{"nom": "Person"}]}}"#,
    ] {
        let answer = server.operator("PUT", "/v1/memory/vocabulary", Some(malformed));
        assert_error(&answer, 400, "INVALID_ARGUMENT");
    }
    // Nothing was written: the enterprise declaration and the scope's inheritance are intact (V5).
    let enterprise = vocabulary_of(SEED_PUT_BODY);
    let read = server.operator("GET", "/v1/memory/vocabulary", None);
    assert_eq!(read.body["declaration"], enterprise);
    let scope = server.operator("GET", "/v1/memory/vocabulary?scopeId=bot.support", None);
    assert_eq!(scope.body, json!({"resolved": enterprise}));
}

#[test]
fn requests_the_routes_do_not_take_are_json_errors() {
    let server = Server::start();
    // A misspelt query parameter on GET or DELETE never falls back to the enterprise level.
    assert_eq!(
        server
            .operator("PUT", "/v1/memory/vocabulary", Some(SEED_PUT_BODY))
            .status,
        204
    );
    for method in ["GET", "DELETE"] {
        let answer = server.operator(method, "/v1/memory/vocabulary?scope=bot.support", None);
        assert_error(&answer, 400, "INVALID_ARGUMENT");
        assert!(answer.body["message"].as_str().unwrap().contains("scopeId"));
    }
    assert!(server.operator("GET", "/v1/memory/vocabulary", None).body["declaration"].is_object());
    // A scope id breaking the id rule is INVALID_ARGUMENT, not NOT_FOUND.
    let answer = server.operator(
        "POST",
        "/v1/agents/bot%20support/memory:query",
        Some(SEED_QUERY_BODY),
    );
    assert_error(&answer, 400, "INVALID_ARGUMENT");
    // Another verb after the colon, or another path, is no route.
    let answer = server.operator("POST", "/v1/agents/bot.support/memory:forget", Some("{}"));
    assert_error(&answer, 404, "NOT_FOUND");
}

#[test]
fn every_error_code_has_the_documented_status() {
    let table = [
        (ErrorCode::InvalidArgument, 400),
        (ErrorCode::NotFound, 404),
        (ErrorCode::PermissionDenied, 403),
        (ErrorCode::FailedPrecondition, 409),
        (ErrorCode::UnknownCapsule, 404),
        (ErrorCode::Underivable, 422),
        (ErrorCode::Storage, 500),
    ];
    for (code, status) in table {
        assert_eq!(kenning_server::status_for(code).as_u16(), status, "{code}");
    }
}

#[test]
fn a_method_a_route_does_not_take_is_405_with_the_envelope_and_allow() {
    let server = Server::start();
    for (method, path, allow) in [
        ("POST", "/v1/memory/vocabulary", "PUT, GET, DELETE"),
        ("PATCH", "/v1/memory/vocabulary", "PUT, GET, DELETE"),
        ("GET", "/v1/agents/bot.support/memory:query", "POST"),
        ("DELETE", "/v1/agents/bot.support/memory:query", "POST"),
    ] {
        let answer = server.operator(method, path, None);
        assert_error(&answer, 405, "METHOD_NOT_ALLOWED");
        let message = answer.body["message"].as_str().unwrap();
        assert!(
            message.contains(method) && message.contains(allow),
            "{message}"
        );
        assert_eq!(answer.allow.as_deref(), Some(allow));
    }
}

#[test]
fn a_body_over_the_bound_is_413_naming_the_bound() {
    let server = Server::start();
    let big = format!(
        r#"{{"vocabulary": {{"entityClasses": [{{"name": "P", "description": "{}"}}]}}}}"#,
        "x".repeat(kenning_server::MAX_BODY_BYTES)
    );
    for path in [
        "/v1/memory/vocabulary",
        "/v1/agents/bot.support/memory:query",
    ] {
        let method = if path.ends_with("query") {
            "POST"
        } else {
            "PUT"
        };
        let answer = server.operator(method, path, Some(&big));
        assert_error(&answer, 413, "INVALID_ARGUMENT");
        let message = answer.body["message"].as_str().unwrap();
        assert!(
            message.contains(&kenning_server::MAX_BODY_BYTES.to_string()),
            "{message}"
        );
    }
}

#[test]
fn errors_name_fields_as_the_wire_spells_them() {
    let server = Server::start();
    for method in ["GET", "DELETE"] {
        let answer = server.operator(method, "/v1/memory/vocabulary?scopeId=bad%20scope", None);
        assert_error(&answer, 400, "INVALID_ARGUMENT");
        let message = answer.body["message"].as_str().unwrap();
        assert!(message.starts_with("scopeId:"), "{message}");
        assert!(!message.contains("scope_id"), "{message}");
    }
    let body = r#"{"scopeId": "bad scope", "vocabulary": {"entityClasses": []}}"#;
    let answer = server.operator("PUT", "/v1/memory/vocabulary", Some(body));
    assert_error(&answer, 400, "INVALID_ARGUMENT");
    assert!(
        !answer.body["message"]
            .as_str()
            .unwrap()
            .contains("scope_id")
    );
    let answer = server.operator(
        "POST",
        "/v1/agents/bot%20support/memory:query",
        Some(SEED_QUERY_BODY),
    );
    assert_error(&answer, 400, "INVALID_ARGUMENT");
    let message = answer.body["message"].as_str().unwrap();
    assert!(message.starts_with("agentInstanceId:"), "{message}");
}

#[test]
fn a_query_without_its_graph_section_is_400_naming_it() {
    let server = Server::start();
    let ops = Principal::operator("test");
    let commit = GraphCommit::new().node(Node::new("ada", "Ada Lovelace"));
    server
        .store
        .commit_graph(&ops, "bot.support", &commit)
        .unwrap();
    for body in ["{}", r#"{"start": {"filters": []}}"#] {
        let answer = server.agent("POST", "/v1/agents/bot.support/memory:query", Some(body));
        assert_error(&answer, 400, "INVALID_ARGUMENT");
        let message = answer.body["message"].as_str().unwrap();
        assert!(message.contains("`graph` section"), "{message}");
    }
    // An empty graph section lists every node.
    let answer = server.agent(
        "POST",
        "/v1/agents/bot.support/memory:query",
        Some(r#"{"graph": {}}"#),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["graph"]["nodes"][0]["id"], "ada");
}

#[test]
fn errors_quote_a_prefix_of_a_long_bad_value() {
    let server = Server::start();
    let long = "x".repeat(20_000);
    for (method, path) in [
        ("GET", format!("/v1/memory/vocabulary?{long}=1")),
        ("GET", format!("/v1/memory/vocabulary?scopeId={long}")),
        ("POST", format!("/v1/agents/{long}/memory:query")),
        ("GET", format!("/v1/{long}")),
    ] {
        let answer = server.agent(
            method,
            &path,
            Some(SEED_QUERY_BODY).filter(|_| method == "POST"),
        );
        assert!(answer.status >= 400, "{}", answer.body);
        let message = answer.body["message"].as_str().unwrap();
        assert!(
            message.len() < 1_000,
            "{method} {}: {} bytes",
            &path[..20],
            message.len()
        );
        assert!(message.contains("characters)"), "{message}");
    }
}

#[test]
fn the_routes_merge_into_a_host_router_beside_its_own_routes() {
    let store = Kenning::in_memory().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = axum::Router::new()
        .route("/healthz", axum::routing::get(|| async { "ok" }))
        .merge(kenning_server::routes(
            store.clone(),
            kenning_server::Auth::new(store, Some(OPERATOR.to_owned())),
        ));
    runtime.spawn(async move { axum::serve(listener, app).await });
    let http: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    // The host's own route is the host's: no token needed.
    let mut own = http.get(format!("{base}/healthz")).call().unwrap();
    assert_eq!(own.status(), 200);
    assert_eq!(own.body_mut().read_to_string().unwrap(), "ok");
    // Kenning's routes keep their authentication, also for a route nobody has.
    let refused = http.get(format!("{base}/v1/scopes")).call().unwrap();
    assert_eq!(refused.status(), 401);
    let unknown = http.get(format!("{base}/elsewhere")).call().unwrap();
    assert_eq!(unknown.status(), 401);
    let listed = http
        .get(format!("{base}/v1/scopes"))
        .header("authorization", format!("Bearer {OPERATOR}"))
        .call()
        .unwrap();
    assert_eq!(listed.status(), 200);
}
