//! The OpenAPI document of the REST routes, served at `GET /openapi.json`.
//!
//! Written from one table of operations ([`operations`]) that lists every route
//! [`routes`](crate::routes) mounts (a test asks the router each one); the bodies and answers are the library's own serde
//! types, named in each operation's description and not spelt out as schemas (they carry no
//! derived JSON Schema yet), except the one error body every route shares. `GET /openapi.json`
//! sits behind the same bearer token as every other route: a caller without one learns nothing
//! of the routes, as with an unknown route.

use serde_json::{Map, Value, json};

/// One operation: method, path (axum's `{name}` segments), `operationId`, what it does, the
/// body it takes, what it answers, and its query parameters.
struct Operation {
    method: &'static str,
    path: &'static str,
    id: &'static str,
    summary: &'static str,
    body: Option<&'static str>,
    answer: &'static str,
    query: &'static [(&'static str, &'static str)],
    /// Management-class: refused to an API key (403) before the store is touched.
    management: bool,
}

const fn op(
    method: &'static str,
    path: &'static str,
    id: &'static str,
    summary: &'static str,
    body: Option<&'static str>,
    answer: &'static str,
) -> Operation {
    Operation {
        method,
        path,
        id,
        summary,
        body,
        answer,
        query: &[],
        management: false,
    }
}

const PAGE: &[(&str, &str)] = &[
    ("after", "the last id of the previous page (exclusive)"),
    ("limit", "the most items answered (default 100)"),
];
const LEVEL: &[(&str, &str)] = &[(
    "scopeId",
    "the scope whose declaration is meant; none for the enterprise level",
)];
const AUDIT: &[(&str, &str)] = &[
    ("after", "the last sequence number of the previous page"),
    ("limit", "the most records answered (default 50)"),
];

/// Every route of [`routes`](crate::routes), in the README's order.
const OPERATIONS: &[Operation] = &[
    Operation {
        query: LEVEL,
        ..op(
            "put",
            "/v1/memory/vocabulary",
            "declareVocabulary",
            "Declare a vocabulary (seed 000)",
            Some(
                "seed 000's body: {\"scopeId\": \"bot.support\", \"vocabulary\": {...}} (JSON, \
                 or YAML with a yaml content type); no scopeId is the enterprise level",
            ),
            "204",
        )
    },
    Operation {
        query: LEVEL,
        ..op(
            "get",
            "/v1/memory/vocabulary",
            "readVocabulary",
            "Read a level's declaration and the resolved vocabulary (seed 000)",
            None,
            "VocabularyRead: {\"declaration\", \"resolved\"}",
        )
    },
    Operation {
        query: LEVEL,
        ..op(
            "delete",
            "/v1/memory/vocabulary",
            "removeVocabulary",
            "Remove a level's declaration (seed 000)",
            None,
            "204, with Kenning-Removed: true when there was a declaration",
        )
    },
    op(
        "post",
        "/v1/agents/{agentInstanceId}/memory:query",
        "memoryQuery",
        "The graph section of a memory query on a scope (seed 000)",
        Some("seed 000's body: {\"graph\": {\"start\": {\"filters\": [...]}, \"limit\": 50}}"),
        "{\"graph\": GraphAnswer}",
    ),
    op(
        "get",
        "/v1/whoami",
        "whoami",
        "The principal the bearer token authenticates",
        None,
        "Principal",
    ),
    op(
        "get",
        "/v1/scopes",
        "listScopes",
        "The scopes the caller reaches",
        None,
        "[Scope]",
    ),
    Operation {
        management: true,
        ..op(
            "post",
            "/v1/scopes",
            "registerScope",
            "Register a scope",
            Some("{\"id\", \"kind\"}"),
            "{\"created\": bool}",
        )
    },
    op(
        "get",
        "/v1/scopes/{scope}",
        "readScope",
        "One scope",
        None,
        "Scope",
    ),
    Operation {
        query: PAGE,
        ..op(
            "get",
            "/v1/scopes/{scope}/capsules",
            "listCapsules",
            "A page of a scope's capsules",
            None,
            "[Capsule]",
        )
    },
    op(
        "get",
        "/v1/scopes/{scope}/embeddings",
        "listEmbeddings",
        "The embeddings of a scope",
        None,
        "[EmbeddingInfo]",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/embeddings",
        "attachEmbedding",
        "Attach an embedding to a capsule (seed 001)",
        Some("seed 001's AttachRequest"),
        "EmbeddingAnswer",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/graph",
        "commitGraph",
        "Commit nodes and edges to a scope's graph",
        Some("GraphCommit"),
        "CommitReport",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/graph/query",
        "queryGraph",
        "Query a scope's graph",
        Some("GraphQuery"),
        "GraphAnswer",
    ),
    Operation {
        query: PAGE,
        ..op(
            "get",
            "/v1/scopes/{scope}/graph/nodes",
            "graphNodes",
            "A page of a scope's graph nodes",
            None,
            "NodePage",
        )
    },
    op(
        "post",
        "/v1/scopes/{scope}/graph/delete",
        "deleteGraph",
        "Delete nodes and edges of a scope's graph",
        Some("GraphDeletion"),
        "DeletionReport",
    ),
    op(
        "get",
        "/v1/scopes/{scope}/entities",
        "entityGraph",
        "A scope's entity memory, whole",
        None,
        "EntityGraph",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/entities",
        "createEntities",
        "Create entities",
        Some("[NewEntity]"),
        "EntitiesWritten",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/entities/open",
        "openEntities",
        "Entities by name, with the relations between them",
        Some("{\"names\": [...]}"),
        "EntityGraph",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/entities/search",
        "searchEntities",
        "Entities whose name, class or observations match words",
        Some("{\"query\"}"),
        "EntityGraph",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/entities/delete",
        "deleteEntities",
        "Delete entities by name",
        Some("{\"names\": [...]}"),
        "EntitiesDeleted",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/observations",
        "addObservations",
        "Add observations to entities",
        Some("[EntityObservations]"),
        "[{\"entityName\", \"observations\"}]: what was added",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/observations/delete",
        "deleteObservations",
        "Delete observations of entities",
        Some("[EntityObservations]"),
        "ObservationsDeleted",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/relations",
        "createRelations",
        "Create relations between entities",
        Some("[EdgeRef]"),
        "[EdgeRef]: the relations created",
    ),
    op(
        "post",
        "/v1/scopes/{scope}/relations/delete",
        "deleteRelations",
        "Delete relations",
        Some("[EdgeRef]"),
        "DeletionReport",
    ),
    op(
        "post",
        "/v1/capsules",
        "putCapsule",
        "Store a capsule",
        Some("NewCapsule"),
        "{\"id\": \"cap-N\"}",
    ),
    op(
        "post",
        "/v1/capsules/batch",
        "putBatch",
        "Store capsules in one transaction, optionally with one embedding each",
        Some("{\"capsules\": [NewCapsule], \"embeddings\": [[f32] or null], \"model_tag\"}"),
        "{\"ids\": [...]}",
    ),
    op(
        "get",
        "/v1/capsules/{id}",
        "getCapsule",
        "One capsule",
        None,
        "Capsule",
    ),
    op(
        "delete",
        "/v1/capsules/{id}",
        "forget",
        "Forget a capsule (erased with everything keyed by it)",
        None,
        "{\"forgotten\": id}",
    ),
    op(
        "post",
        "/v1/capsules/{id}/supersede",
        "supersede",
        "Store a capsule that supersedes this one",
        Some("NewCapsule"),
        "{\"id\"} of the replacement",
    ),
    op(
        "post",
        "/v1/capsules/{id}/lifecycle",
        "changeLifecycle",
        "Quarantine, release, falsify, archive, or set freshness",
        Some(
            "LifecycleChange: {\"change\": \"quarantine\"}, {\"change\": \"fresh_until\", \"at\": MS}, ...",
        ),
        "Lifecycle",
    ),
    op(
        "post",
        "/v1/retrieve",
        "retrieve",
        "Recall capsules (lanes auto, term, vector, fused)",
        Some("RetrieveRequest"),
        "Retrieval",
    ),
    op(
        "post",
        "/v1/classify",
        "classify",
        "Classify content, or label a stored capsule (seed 004)",
        Some("ClassifyRequest"),
        "Classification",
    ),
    Operation {
        management: true,
        ..op(
            "get",
            "/v1/keys",
            "listKeys",
            "The API keys",
            None,
            "[ApiKey]",
        )
    },
    Operation {
        management: true,
        ..op(
            "post",
            "/v1/keys",
            "createKey",
            "Create an API key (its secret is shown once)",
            Some("KeyGrant"),
            "{\"key\", \"secret\"}",
        )
    },
    Operation {
        management: true,
        ..op(
            "delete",
            "/v1/keys/{id}",
            "revokeKey",
            "Revoke an API key",
            None,
            "{\"revoked\": bool}",
        )
    },
    Operation {
        management: true,
        query: AUDIT,
        ..op(
            "get",
            "/v1/audit",
            "audit",
            "A page of the audit log",
            None,
            "[AuditRecord]",
        )
    },
    op(
        "get",
        "/openapi.json",
        "openapi",
        "This document",
        None,
        "the OpenAPI 3.1 document of these routes",
    ),
];

/// The routes and methods of the document, as `(METHOD, path)`: every route
/// [`routes`](crate::routes) mounts (tests ask the router each one).
#[must_use]
pub fn operations() -> Vec<(String, &'static str)> {
    OPERATIONS
        .iter()
        .map(|o| (o.method.to_ascii_uppercase(), o.path))
        .collect()
}

/// The OpenAPI 3.1 document of the REST routes (what `GET /openapi.json` answers).
#[must_use]
pub fn openapi() -> Value {
    let mut paths = Map::new();
    for o in OPERATIONS {
        let entry = paths
            .entry(o.path.to_owned())
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(methods) = entry {
            methods.insert(o.method.to_owned(), operation(o));
        }
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Kenning memory API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The REST routes of kenning-server (`kenning serve`). Bodies and \
                answers are the Kenning library's own serde types, named in each operation; \
                every error is an ErrorBody. Every route, this document included, needs \
                `Authorization: Bearer <token>`: an API key's secret or the operator token. \
                After an I/O error the server opens its store again by itself: the request that \
                met the error gets its own 500 STORAGE (with `outcome_unknown` when a commit's \
                outcome is unknown: read back before retrying), and while the store cannot be \
                opened again requests get 503 STORAGE with Retry-After. MCP (Streamable HTTP) \
                is served at POST /mcp.",
        },
        "security": [{ "bearer": [] }],
        "paths": paths,
        "components": {
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "an API key's secret (kenning keys create) or the operator \
                        token (STORE.token beside the store)",
                },
            },
            "schemas": {
                "ErrorBody": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {
                        "code": {
                            "type": "string",
                            "description": "INVALID_ARGUMENT, NOT_FOUND, PERMISSION_DENIED, \
                                FAILED_PRECONDITION, UNKNOWN_CAPSULE, UNDERIVABLE, STORAGE, or \
                                this server's UNAUTHENTICATED and METHOD_NOT_ALLOWED",
                        },
                        "message": { "type": "string", "description": "what went wrong and how to fix it" },
                        "field": { "type": "string", "description": "the argument at fault" },
                        "what": { "type": "string", "description": "what was looked up (NOT_FOUND)" },
                        "id": { "type": "string", "description": "the id the caller gave" },
                        "scope": { "type": "string", "description": "the scope searched (an entity not found)" },
                        "outcome_unknown": {
                            "type": "boolean",
                            "description": "STORAGE: a commit failed and whether it was written is \
                                unknown; read back before retrying",
                        },
                    },
                },
                "Any": {
                    "description": "a Kenning library serde type, named in the operation's \
                        description (the JSON its `-o json` prints)",
                },
            },
            "responses": {
                "Error": {
                    "description": "an error: 400, 401, 403, 404, 405, 409, 413, 422, 500 or 503",
                    "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorBody" } } },
                },
            },
        },
    })
}

fn operation(o: &Operation) -> Value {
    let mut parameters: Vec<Value> = o
        .path
        .split('/')
        .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
        .map(|name| {
            json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } })
        })
        .collect();
    parameters.extend(o.query.iter().map(|(name, description)| {
        json!({
            "name": name, "in": "query", "required": false,
            "description": description, "schema": { "type": "string" },
        })
    }));
    let mut description = format!("Answers {}.", o.answer);
    if let Some(body) = o.body {
        description = format!("Takes {body}. {description}");
    }
    if o.management {
        description.push_str(" Management-class: refused to an API key (403).");
    }
    let (status, success) = match o.answer.strip_prefix("204") {
        Some(_) => ("204", json!({ "description": o.answer })),
        None => (
            "200",
            json!({
                "description": o.answer,
                "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Any" } } },
            }),
        ),
    };
    let mut v = json!({
        "operationId": o.id,
        "summary": o.summary,
        "description": description,
        "parameters": parameters,
        "responses": {
            status: success,
            "default": { "$ref": "#/components/responses/Error" },
        },
    });
    if let Some(body) = o.body {
        v["requestBody"] = json!({
            "required": true,
            "description": body,
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Any" } } },
        });
    }
    v
}
