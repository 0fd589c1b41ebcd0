//! The `outputSchema` of each Kenning tool: the shape of its `structuredContent`, as JSON
//! Schema. The official tools' schemas are generated from their shape types in `compat.rs`.
//! A schema names what every answer carries (`required`) and the type of what some answers
//! carry; it leaves room for members a later version adds, so it never rejects a newer answer.

use std::sync::Arc;

use rmcp::model::JsonObject;
use serde_json::{Value, json};

/// `value`, an object schema, as rmcp takes it.
fn object(value: Value) -> Arc<JsonObject> {
    match value {
        Value::Object(map) => Arc::new(map),
        _ => Arc::new(JsonObject::new()),
    }
}

const TIME: &str = "epoch milliseconds";

fn capsule() -> Value {
    json!({
        "type": "object",
        "required": ["id", "scope", "content", "origin", "created", "lifecycle"],
        "properties": {
            "id": {"type": "string", "description": "cap-N"},
            "scope": {"type": "string"},
            "content": {"type": "string"},
            "origin": {"type": "string"},
            "created": {"type": "integer", "description": TIME},
            "fact_time": {"type": "object", "properties": {
                "valid_from": {"type": "integer"}, "valid_until": {"type": "integer"}}},
            "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
            "supersedes": {"type": "string"},
            "lifecycle": {"type": "object", "properties": {
                "quarantined": {"type": "boolean"}, "falsified": {"type": "boolean"},
                "archived": {"type": "boolean"}, "stale": {"type": "boolean"},
                "superseded_by": {"type": "string"}, "fresh_until": {"type": "integer"}}},
            "classification": {"type": "object"},
            "epistemics": {"type": "object"}
        }
    })
}

pub(crate) fn put() -> Arc<JsonObject> {
    object(json!({"type": "object", "required": ["id"], "properties": {
        "id": {"type": "string", "description": "the new capsule's id, cap-N"}}}))
}

pub(crate) fn get() -> Arc<JsonObject> {
    object(capsule())
}

pub(crate) fn forget() -> Arc<JsonObject> {
    object(
        json!({"type": "object", "required": ["forgotten"], "properties": {
        "forgotten": {"type": "string", "description": "the id forgotten"}}}),
    )
}

pub(crate) fn retrieve() -> Arc<JsonObject> {
    let lane = json!({"type": "object", "required": ["rank", "score"], "properties": {
        "rank": {"type": "integer", "minimum": 1}, "score": {"type": "number"}}});
    object(
        json!({"type": "object", "required": ["lane", "hits"], "properties": {
            "lane": {"enum": ["term", "vector", "fused"]},
            "hits": {"type": "array", "items": {"type": "object", "required": ["capsule", "score"],
                "properties": {"capsule": capsule(), "score": {"type": "number"},
                    "term": lane, "vector": lane}}}
        }}),
    )
}

pub(crate) fn vector() -> Arc<JsonObject> {
    object(
        json!({"type": "object", "description": "an attach answers recorded and replaced; \
            a listing answers embeddings", "properties": {
            "recorded": {"type": "boolean"},
            "replaced": {"type": "boolean"},
            "embeddings": {"type": "array", "items": {"type": "object",
                "required": ["capsule_id", "dimension", "model_tag"], "properties": {
                    "capsule_id": {"type": "string"}, "dimension": {"type": "integer"},
                    "model_tag": {"type": "string"}}}}
        }}),
    )
}

pub(crate) fn classify() -> Arc<JsonObject> {
    object(json!({"type": "object",
    "required": ["kind", "scope", "authority_class", "instruction_taint", "persisted"],
    "properties": {
        "kind": {"type": "string"}, "scope": {"type": "string"},
        "authority_class": {"type": "string"}, "instruction_taint": {"type": "boolean"},
        "persisted": {"type": "boolean"}, "origin": {"type": "string"},
        "capsule_id": {"type": "string"}, "content_matches_capsule": {"type": "boolean"},
        "taint_reasons": {"type": "array"}, "basis": {"type": "object"},
        "epistemics": {"type": "object"}
    }}))
}

fn vocabulary() -> Value {
    json!({"type": "object", "properties": {
        "entityClasses": {"type": "array", "items": {"type": "object", "required": ["name"]}},
        "relationTypes": {"type": "array", "items": {"type": "object", "required": ["name"]}}}})
}

pub(crate) fn vocabulary_get() -> Arc<JsonObject> {
    object(json!({"type": "object", "properties": {
        "declaration": vocabulary(), "resolved": vocabulary()}}))
}

pub(crate) fn vocabulary_declare() -> Arc<JsonObject> {
    object(
        json!({"type": "object", "required": ["declared"], "properties": {
        "declared": {"const": true}, "scopeId": {"type": "string"}}}),
    )
}

pub(crate) fn graph_commit() -> Arc<JsonObject> {
    let count = json!({"type": "integer", "minimum": 0});
    object(json!({"type": "object",
    "required": ["nodesCreated", "nodesReplaced", "classesAssigned", "edgesCreated", "edgesReplaced"],
    "properties": {
        "nodesCreated": count, "nodesReplaced": count, "classesAssigned": count,
        "edgesCreated": count, "edgesReplaced": count,
        "classesKept": {"type": "array", "items": {"type": "object",
            "required": ["id", "stored", "given"]}}
    }}))
}

pub(crate) fn graph_query() -> Arc<JsonObject> {
    object(
        json!({"type": "object", "required": ["nodes", "edges"], "properties": {
            "nodes": {"type": "array", "items": {"type": "object", "required": ["id", "label"],
                "properties": {"id": {"type": "string"}, "label": {"type": "string"},
                    "nodeType": {"type": "string"}, "properties": {"type": "object"}}}},
            "edges": {"type": "array", "items": {"type": "object",
                "required": ["source", "relationType", "target"]}},
            "truncated": {"type": "boolean"}
        }}),
    )
}
