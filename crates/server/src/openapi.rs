//! The OpenAPI 3.1 document of the REST routes, served at `GET /openapi.json`.
//!
//! Written from one table of operations ([`operations`]) that lists every route
//! [`routes`](crate::routes) mounts (a test asks the router each one). Every body, answer and
//! query string is described by a JSON Schema generated from the Rust type the route reads or
//! writes (schemars' `JsonSchema`, derived beside serde's derives on the library's wire types,
//! behind the library's `schema` feature), so the document cannot drift from the types: a field
//! added to [`kenning::NewCapsule`] appears in it without anyone editing this file. Bodies are
//! described as they are read (deserialization) and answers as they are written
//! (serialization); where one type reads differently from how it writes, the written form is a
//! schema of its own, named `<Type>Answer`.
//!
//! `GET /openapi.json` sits behind the same bearer token as every other route: a caller
//! without one learns nothing of the routes, as with an unknown route.

use schemars::generate::{Contract, SchemaSettings};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Map, Value, json};

use kenning::{
    AttachRequest, Capsule, ClassifyRequest, CommitReport, Declaration, DeletionReport, EdgeRef,
    EmbeddingAnswer, EmbeddingInfo, EntitiesDeleted, EntitiesWritten, EntityGraph,
    EntityObservations, GraphAnswer, GraphCommit, GraphDeletion, GraphQuery, KeyGrant, Lifecycle,
    LifecycleChange, NewCapsule, NewEntity, NodePage, ObservationsDeleted, Principal, Retrieval,
    RetrieveRequest, Scope, VocabularyRead,
};

use crate::error::ErrorBody;
use crate::rest::{
    AuditQuery, Batch, Forgotten, KeyCreated, LevelQuery, MemoryQuery, MemoryQueryAnswer, Names,
    ObservationsAdded, Page, RegisterScope, Registered, Revoked, Search, Stored, StoredBatch,
};

/// Describes a type in a generator: a `$ref` to its schema, added to the generator's
/// definitions.
type SchemaFn = fn(&mut SchemaGenerator) -> Schema;

fn of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

/// A query-string type's schema itself (an object), whose properties become parameters.
fn inline<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    T::json_schema(generator)
}

/// One operation: method, path (axum's `{name}` segments), `operationId`, what it does, the
/// types it reads and answers, and what a schema cannot say.
#[derive(Clone, Copy)]
struct Operation {
    method: &'static str,
    path: &'static str,
    id: &'static str,
    summary: &'static str,
    /// What the schemas cannot say, if anything.
    note: &'static str,
    /// The body's type; `None`: no body.
    body: Option<SchemaFn>,
    /// The answer's type (status 200); `None`: 204, no body.
    answer: Option<SchemaFn>,
    /// The query string's type (an object whose fields are the parameters).
    query: Option<SchemaFn>,
    /// Management-class: refused to an API key (403) before the store is touched.
    management: bool,
    /// The body may also be YAML (`application/yaml`).
    yaml: bool,
}

const fn op(
    method: &'static str,
    path: &'static str,
    id: &'static str,
    summary: &'static str,
) -> Operation {
    Operation {
        method,
        path,
        id,
        summary,
        note: "",
        body: None,
        answer: None,
        query: None,
        management: false,
        yaml: false,
    }
}

impl Operation {
    const fn takes(self, body: SchemaFn) -> Self {
        Self {
            body: Some(body),
            ..self
        }
    }
    const fn answers(self, answer: SchemaFn) -> Self {
        Self {
            answer: Some(answer),
            ..self
        }
    }
    const fn query(self, query: SchemaFn) -> Self {
        Self {
            query: Some(query),
            ..self
        }
    }
    const fn note(self, note: &'static str) -> Self {
        Self { note, ..self }
    }
    const fn management(self) -> Self {
        Self {
            management: true,
            ..self
        }
    }
    const fn yaml(self) -> Self {
        Self { yaml: true, ..self }
    }
}

/// Every route of [`routes`](crate::routes), in the README's order.
const OPERATIONS: &[Operation] = &[
    op(
        "put",
        "/v1/memory/vocabulary",
        "declareVocabulary",
        "Declare a vocabulary (seed 000)",
    )
    .takes(of::<Declaration>)
    .yaml()
    .note(
        "No `scopeId` is the enterprise level. A YAML body is read when the content type names \
         yaml. Answers 204.",
    ),
    op(
        "get",
        "/v1/memory/vocabulary",
        "readVocabulary",
        "Read a level's declaration and the resolved vocabulary (seed 000)",
    )
    .query(inline::<LevelQuery>)
    .answers(of::<VocabularyRead>),
    op(
        "delete",
        "/v1/memory/vocabulary",
        "removeVocabulary",
        "Remove a level's declaration (seed 000)",
    )
    .query(inline::<LevelQuery>)
    .note("Answers 204, with `Kenning-Removed: true` when there was a declaration to remove."),
    op(
        "post",
        "/v1/agents/{agentInstanceId}/memory:query",
        "memoryQuery",
        "The graph section of a memory query on a scope (seed 000)",
    )
    .takes(of::<MemoryQuery>)
    .answers(of::<MemoryQueryAnswer>)
    .note("A body without a `graph` section is refused, naming it."),
    op(
        "get",
        "/v1/whoami",
        "whoami",
        "The principal the bearer token authenticates",
    )
    .answers(of::<Principal>),
    op(
        "get",
        "/v1/scopes",
        "listScopes",
        "The scopes the caller reaches",
    )
    .answers(of::<Vec<Scope>>),
    op("post", "/v1/scopes", "registerScope", "Register a scope")
        .takes(of::<RegisterScope>)
        .answers(of::<Registered>)
        .management(),
    op("get", "/v1/scopes/{scope}", "readScope", "One scope").answers(of::<Scope>),
    op(
        "get",
        "/v1/scopes/{scope}/capsules",
        "listCapsules",
        "A page of a scope's capsules",
    )
    .query(inline::<Page>)
    .answers(of::<Vec<Capsule>>),
    op(
        "get",
        "/v1/scopes/{scope}/embeddings",
        "listEmbeddings",
        "The embeddings of a scope",
    )
    .answers(of::<Vec<EmbeddingInfo>>),
    op(
        "post",
        "/v1/scopes/{scope}/embeddings",
        "attachEmbedding",
        "Attach an embedding to a capsule, or list (seed 001)",
    )
    .takes(of::<AttachRequest>)
    .answers(of::<EmbeddingAnswer>),
    op(
        "post",
        "/v1/scopes/{scope}/graph",
        "commitGraph",
        "Commit nodes and edges to a scope's graph",
    )
    .takes(of::<GraphCommit>)
    .answers(of::<CommitReport>),
    op(
        "post",
        "/v1/scopes/{scope}/graph/query",
        "queryGraph",
        "Query a scope's graph",
    )
    .takes(of::<GraphQuery>)
    .answers(of::<GraphAnswer>),
    op(
        "get",
        "/v1/scopes/{scope}/graph/nodes",
        "graphNodes",
        "A page of a scope's graph nodes",
    )
    .query(inline::<Page>)
    .answers(of::<NodePage>),
    op(
        "post",
        "/v1/scopes/{scope}/graph/delete",
        "deleteGraph",
        "Delete nodes and edges of a scope's graph",
    )
    .takes(of::<GraphDeletion>)
    .answers(of::<DeletionReport>),
    op(
        "get",
        "/v1/scopes/{scope}/entities",
        "entityGraph",
        "A scope's entity memory, whole",
    )
    .answers(of::<EntityGraph>),
    op(
        "post",
        "/v1/scopes/{scope}/entities",
        "createEntities",
        "Create entities",
    )
    .takes(of::<Vec<NewEntity>>)
    .answers(of::<EntitiesWritten>),
    op(
        "post",
        "/v1/scopes/{scope}/entities/open",
        "openEntities",
        "Entities by name, with the relations between them",
    )
    .takes(of::<Names>)
    .answers(of::<EntityGraph>),
    op(
        "post",
        "/v1/scopes/{scope}/entities/search",
        "searchEntities",
        "Entities whose name, class or observations match words",
    )
    .takes(of::<Search>)
    .answers(of::<EntityGraph>),
    op(
        "post",
        "/v1/scopes/{scope}/entities/delete",
        "deleteEntities",
        "Delete entities by name",
    )
    .takes(of::<Names>)
    .answers(of::<EntitiesDeleted>),
    op(
        "post",
        "/v1/scopes/{scope}/observations",
        "addObservations",
        "Add observations to entities",
    )
    .takes(of::<Vec<EntityObservations>>)
    .answers(of::<Vec<ObservationsAdded>>),
    op(
        "post",
        "/v1/scopes/{scope}/observations/delete",
        "deleteObservations",
        "Delete observations of entities",
    )
    .takes(of::<Vec<EntityObservations>>)
    .answers(of::<ObservationsDeleted>),
    op(
        "post",
        "/v1/scopes/{scope}/relations",
        "createRelations",
        "Create relations between entities (a missing end is created without a class)",
    )
    .takes(of::<Vec<EdgeRef>>)
    .answers(of::<Vec<EdgeRef>>),
    op(
        "post",
        "/v1/scopes/{scope}/relations/delete",
        "deleteRelations",
        "Delete relations",
    )
    .takes(of::<Vec<EdgeRef>>)
    .answers(of::<DeletionReport>),
    op("post", "/v1/capsules", "putCapsule", "Store a capsule")
        .takes(of::<NewCapsule>)
        .answers(of::<Stored>),
    op(
        "post",
        "/v1/capsules/batch",
        "putBatch",
        "Store capsules in one transaction, optionally with one embedding each",
    )
    .takes(of::<Batch>)
    .answers(of::<StoredBatch>),
    op("get", "/v1/capsules/{id}", "getCapsule", "One capsule").answers(of::<Capsule>),
    op(
        "delete",
        "/v1/capsules/{id}",
        "forget",
        "Forget a capsule (erased with everything keyed by it)",
    )
    .answers(of::<Forgotten>),
    op(
        "post",
        "/v1/capsules/{id}/supersede",
        "supersede",
        "Store a capsule that supersedes this one",
    )
    .takes(of::<NewCapsule>)
    .answers(of::<Stored>),
    op(
        "post",
        "/v1/capsules/{id}/lifecycle",
        "changeLifecycle",
        "Quarantine, release, falsify, archive, or set freshness",
    )
    .takes(of::<LifecycleChange>)
    .answers(of::<Lifecycle>),
    op(
        "post",
        "/v1/retrieve",
        "retrieve",
        "Recall capsules (lanes auto, term, vector, fused)",
    )
    .takes(of::<RetrieveRequest>)
    .answers(of::<Retrieval>),
    op(
        "post",
        "/v1/classify",
        "classify",
        "Classify content, or label a stored capsule (seed 004)",
    )
    .takes(of::<ClassifyRequest>)
    .answers(of::<kenning::Classification>),
    op("get", "/v1/keys", "listKeys", "The API keys")
        .answers(of::<Vec<kenning::ApiKey>>)
        .management(),
    op(
        "post",
        "/v1/keys",
        "createKey",
        "Create an API key (its secret is shown once)",
    )
    .takes(of::<KeyGrant>)
    .answers(of::<KeyCreated>)
    .management(),
    op("delete", "/v1/keys/{id}", "revokeKey", "Revoke an API key")
        .answers(of::<Revoked>)
        .management(),
    op("get", "/v1/audit", "audit", "A page of the audit log")
        .query(inline::<AuditQuery>)
        .answers(of::<Vec<kenning::AuditRecord>>)
        .management(),
    op("get", "/openapi.json", "openapi", "This document")
        .answers(of::<Value>)
        .note("Answers the OpenAPI 3.1 document of these routes."),
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

/// Where the document keeps its schemas, as `$ref` prefixes.
const SCHEMAS: &str = "#/components/schemas/";

fn generator(contract: Contract) -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .with(|s| {
            s.definitions_path = "/components/schemas".into();
            s.meta_schema = None;
            s.contract = contract;
        })
        .into_generator()
}

/// One operation's schemas, generated.
struct Generated {
    body: Option<Value>,
    answer: Option<Value>,
    query: Option<Value>,
}

/// The OpenAPI 3.1 document of the REST routes (what `GET /openapi.json` answers).
#[must_use]
pub fn openapi() -> Value {
    // Bodies as they are read, answers as they are written: two generators, two contracts.
    let mut reads = generator(Contract::Deserialize);
    let mut writes = generator(Contract::Serialize);
    let mut generated: Vec<Generated> = OPERATIONS
        .iter()
        .map(|o| Generated {
            body: o.body.map(|f| f(&mut reads).to_value()),
            answer: o.answer.map(|f| f(&mut writes).to_value()),
            query: o.query.map(|f| f(&mut reads).to_value()),
        })
        .collect();
    let mut error = of::<ErrorBody>(&mut writes).to_value();

    // One namespace: a written schema equal to the read one of its name is shared; one that
    // differs is renamed `<Name>Answer`, and every reference of the written side follows.
    let mut schemas = reads.take_definitions(true);
    let written = writes.take_definitions(true);
    let mut renamed = Map::new();
    for (name, schema) in &written {
        match schemas.get(name) {
            Some(same) if same == schema => {}
            Some(_) => {
                let mut new = format!("{name}Answer");
                while schemas.contains_key(&new) || written.contains_key(&new) {
                    new.push('_');
                }
                renamed.insert(name.clone(), Value::String(new));
            }
            None => {}
        }
    }
    for (name, mut schema) in written {
        follow(&mut schema, &renamed);
        let name = match renamed.get(&name) {
            Some(Value::String(new)) => new.clone(),
            _ => name,
        };
        schemas.entry(name).or_insert(schema);
    }
    for g in &mut generated {
        if let Some(answer) = &mut g.answer {
            follow(answer, &renamed);
        }
    }
    follow(&mut error, &renamed);
    let mut schemas = Value::Object(schemas);
    tidy(&mut schemas);

    let mut paths = Map::new();
    for (o, g) in OPERATIONS.iter().zip(generated) {
        let entry = paths
            .entry(o.path.to_owned())
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(methods) = entry {
            methods.insert(o.method.to_owned(), operation(o, g));
        }
    }
    json!({
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "Kenning memory API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The REST routes of kenning-server (`kenning serve`). Bodies and \
                answers are the Kenning library's own serde types, their schemas generated from \
                those types; every error is an ErrorBody. Every route, this document included, \
                needs `Authorization: Bearer <token>`: an API key's secret or the operator \
                token. After an I/O error the server opens its store again by itself: the \
                request that met the error gets its own 500 STORAGE (with `outcome_unknown` \
                when a commit's outcome is unknown: read back before retrying), and while the \
                store cannot be opened again requests get 503 STORAGE with Retry-After. MCP \
                (Streamable HTTP) is served at POST /mcp.",
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
            "schemas": schemas,
            "responses": {
                "Error": {
                    "description": "an error: 400, 401, 403, 404, 405, 409, 413, 422, 500 or 503",
                    "content": { "application/json": { "schema": error } },
                },
            },
        },
    })
}

/// Makes the doc comments the schemas' descriptions come from read as prose: only their first
/// paragraph is kept, on one line, and intra-doc links keep only their text
/// (`` [`Context`](crate::Context) `` becomes `` `Context` ``).
fn tidy(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(text)) = map.get_mut("description") {
                *text = prose(text);
            }
            map.values_mut().for_each(tidy);
        }
        Value::Array(items) => items.iter_mut().for_each(tidy),
        _ => {}
    }
}

fn prose(doc: &str) -> String {
    // The first paragraph: what follows it (examples, tables, measurements) is for readers of
    // the Rust docs.
    let mut out = String::with_capacity(doc.len());
    for line in doc.lines() {
        if line.trim().is_empty() || line.trim_start().starts_with("```") {
            break;
        }
        out.push_str(line.trim());
        out.push(' ');
    }
    // `[`X`](target)` and `[`X`]` keep `X` in backticks.
    let mut text = String::with_capacity(out.len());
    let mut rest = out.trim_end();
    while let Some(at) = rest.find("[`") {
        let Some(close) = rest[at..].find("`]").map(|c| at + c) else {
            break;
        };
        text.push_str(&rest[..at]);
        text.push_str(&rest[at + 1..close + 1]);
        rest = &rest[close + 2..];
        if rest.starts_with('(')
            && let Some(end) = rest.find(')')
        {
            rest = &rest[end + 1..];
        }
    }
    text.push_str(rest);
    text
}

/// Points every `$ref` of `value` to a renamed schema at its new name.
fn follow(value: &mut Value, renamed: &Map<String, Value>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get_mut("$ref")
                && let Some(Value::String(new)) = reference
                    .strip_prefix(SCHEMAS)
                    .and_then(|name| renamed.get(name))
            {
                *reference = format!("{SCHEMAS}{new}");
            }
            for v in map.values_mut() {
                follow(v, renamed);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| follow(v, renamed)),
        _ => {}
    }
}

fn operation(o: &Operation, g: Generated) -> Value {
    let mut parameters: Vec<Value> = o
        .path
        .split('/')
        .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
        .map(|name| {
            json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } })
        })
        .collect();
    if let Some(query) = &g.query {
        let required = query["required"].as_array().cloned().unwrap_or_default();
        if let Some(properties) = query["properties"].as_object() {
            for (name, schema) in properties {
                let mut schema = schema.clone();
                let description = schema
                    .as_object_mut()
                    .and_then(|s| s.remove("description"))
                    .unwrap_or(Value::Null);
                let mut parameter = json!({
                    "name": name,
                    "in": "query",
                    "required": required.contains(&Value::String(name.clone())),
                    "schema": schema,
                });
                if !description.is_null() {
                    parameter["description"] = description;
                }
                parameters.push(parameter);
            }
        }
    }
    let mut description = o.note.to_owned();
    if o.management {
        if !description.is_empty() {
            description.push(' ');
        }
        description.push_str("Management-class: refused to an API key (403).");
    }
    let success = match g.answer {
        None => ("204", json!({ "description": "done; no body" })),
        Some(schema) => (
            "200",
            json!({
                "description": o.summary,
                "content": { "application/json": { "schema": schema } },
            }),
        ),
    };
    let mut v = json!({
        "operationId": o.id,
        "summary": o.summary,
        "parameters": parameters,
        "responses": {
            success.0: success.1,
            "default": { "$ref": "#/components/responses/Error" },
        },
    });
    if !description.is_empty() {
        v["description"] = Value::String(description);
    }
    if let Some(body) = g.body {
        let mut content = json!({ "application/json": { "schema": body } });
        if o.yaml {
            content["application/yaml"] = content["application/json"].clone();
        }
        v["requestBody"] = json!({ "required": true, "content": content });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk<'a>(value: &'a Value, out: &mut Vec<&'a Value>) {
        out.push(value);
        match value {
            Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }

    #[test]
    fn every_reference_resolves_and_every_description_reads_as_prose() {
        let doc = openapi();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        let mut all = Vec::new();
        walk(&doc, &mut all);
        let mut references = 0;
        for v in all {
            if let Some(reference) = v.get("$ref").and_then(Value::as_str) {
                references += 1;
                let resolves = match reference.strip_prefix(SCHEMAS) {
                    Some(name) => schemas.contains_key(name),
                    None => reference == "#/components/responses/Error",
                };
                assert!(resolves, "{reference} resolves to nothing");
            }
            if let Some(text) = v.get("description").and_then(Value::as_str) {
                assert!(
                    !text.contains("```") && !text.contains("[`") && !text.contains('\n'),
                    "a description that is not prose: {text}"
                );
            }
        }
        assert!(references > 100, "{references}");
    }

    #[test]
    fn a_type_read_and_written_differently_has_a_schema_for_each_contract() {
        let doc = openapi();
        let schemas = &doc["components"]["schemas"];
        // A vocabulary is read through a strict shape (null lists refused) and written plainly.
        assert!(schemas["Vocabulary"].is_object());
        assert!(schemas["VocabularyAnswer"].is_object());
        let read = &doc["paths"]["/v1/memory/vocabulary"]["get"]["responses"]["200"];
        let answer = read["content"]["application/json"]["schema"]["$ref"]
            .as_str()
            .unwrap();
        let read_schema = &schemas[answer.strip_prefix(SCHEMAS).unwrap()];
        let declared = read_schema["properties"]["declaration"].to_string();
        assert!(declared.contains("VocabularyAnswer"), "{declared}");
    }

    #[test]
    fn prose_keeps_the_first_paragraph_and_the_text_of_links() {
        assert_eq!(
            prose("Uses [`Context`](crate::Context) and [`Fusion`].\nMore.\n\n```\ncode\n```"),
            "Uses `Context` and `Fusion`. More."
        );
        assert_eq!(prose("No links [here]."), "No links [here].");
    }
}
