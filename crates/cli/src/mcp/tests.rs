//! Every tool against arbitrary arguments (SPEC §12, the stable errors): whatever a client
//! sends, a call answers with a result or with one of the documented JSON-RPC errors (-32602,
//! -32002, -32003), never a panic and never an internal error. Most arguments are generated from the tool's own input schema, with
//! the right types and names, so that calls get past the shape checks and into the facade; the
//! values are the edge cases (ids that exist and ids that do not, blank and oversized text,
//! extreme numbers, empty and long lists). The rest are shaped at random from the schema's names.
//!
//! The tools live in the binary, which cargo-fuzz cannot link; this property test is their fuzzer.

use std::collections::BTreeSet;

use kenning::{Kenning, NewCapsule, Principal, ScopeKind};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Map, Value, json};

use super::{State, ToolDef, registry};

/// Every property name anywhere in a schema (nested objects and `$defs` included).
fn property_names(schema: &Value, into: &mut BTreeSet<String>) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = map.get("properties") {
                into.extend(props.keys().cloned());
            }
            map.values().for_each(|v| property_names(v, into));
        }
        Value::Array(items) => items.iter().for_each(|v| property_names(v, into)),
        _ => {}
    }
}

/// Strings a client might send: the ids and names the store holds, ones it does not, the lane
/// and kind names, bound-breaking sizes, and arbitrary text.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "", "cap-1", "cap-2", "cap-0", "cap-18446744073709551616", "cap-x", "bot.support",
            "bot.other", "Ana", "Person", "Nobody", "KNOWS", "term", "vector", "fused", "auto",
            "fact", "decision", "owner-stated", "external-import", "minilm", "NodeType", "Label",
            "NodeId", "out", "in", "both", "2024-01-01T00:00:00Z", "not a date",
        ])
        .prop_map(str::to_owned),
        1 => "\\PC{0,24}",
        1 => (1usize..3).prop_map(|n| "x".repeat(n * 40_000)),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        prop::sample::select(vec![
            0i64,
            1,
            2,
            3,
            10,
            51,
            1_000,
            100_000,
            -1,
            i64::MIN,
            i64::MAX
        ])
        .prop_map(Value::from),
        prop::sample::select(vec![0.0f64, 0.5, -0.25, 1.0, 1e308, -1e-308]).prop_map(Value::from),
        text().prop_map(Value::from),
    ]
}

fn value(names: Vec<String>) -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 24, 4, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(names.clone()), inner), 0..4)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

/// A value that fits `schema` (resolved against `root` for `$ref`), with edge-case leaves; past
/// a few levels, or where the schema says nothing, any leaf.
fn fitting(schema: &Value, root: &Value, depth: u32) -> BoxedStrategy<Value> {
    let Some(map) = schema.as_object().filter(|_| depth < 5) else {
        return leaf().boxed();
    };
    if let Some(target) = map.get("$ref").and_then(Value::as_str) {
        let name = target.trim_start_matches("#/$defs/");
        return match root.pointer(&format!("/$defs/{name}")) {
            Some(def) => fitting(def, root, depth + 1),
            None => leaf().boxed(),
        };
    }
    if let Some(value) = map.get("const") {
        return Just(value.clone()).boxed();
    }
    if let Some(Value::Array(values)) = map.get("enum")
        && !values.is_empty()
    {
        return prop::sample::select(values.clone()).boxed();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = map.get(key) {
            let options: Vec<_> = options
                .iter()
                .map(|o| fitting(o, root, depth + 1))
                .collect();
            if !options.is_empty() {
                return prop::strategy::Union::new(options).boxed();
            }
        }
    }
    let types: Vec<&str> = match map.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return leaf().boxed(),
    };
    let choices: Vec<BoxedStrategy<Value>> = types
        .into_iter()
        .map(|t| match t {
            "string" => text().prop_map(Value::from).boxed(),
            "integer" | "number" => leaf().prop_filter("a number", Value::is_number).boxed(),
            "boolean" => any::<bool>().prop_map(Value::from).boxed(),
            "null" => Just(Value::Null).boxed(),
            "array" => {
                let items = map
                    .get("items")
                    .map_or_else(|| leaf().boxed(), |i| fitting(i, root, depth + 1));
                prop_oneof![
                    4 => prop::collection::vec(items.clone(), 0..4),
                    1 => prop::collection::vec(items, 30..60),
                ]
                .prop_map(Value::Array)
                .boxed()
            }
            "object" => object(map, root, depth),
            _ => leaf().boxed(),
        })
        .collect();
    prop::strategy::Union::new(choices).boxed()
}

/// An object of the schema's properties, each present or not (required ones mostly present).
fn object(map: &Map<String, Value>, root: &Value, depth: u32) -> BoxedStrategy<Value> {
    let required: BTreeSet<&str> = map
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(Value::Object(properties)) = map.get("properties") else {
        // A free-form map (metadata, properties): a few entries of any leaf.
        return prop::collection::btree_map(text(), leaf(), 0..3)
            .prop_map(|m| Value::Object(m.into_iter().collect()))
            .boxed();
    };
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = properties
        .iter()
        .map(|(name, schema)| {
            let present = if required.contains(name.as_str()) { 0.9 } else { 0.5 };
            let value = match name.as_str() {
                // Mostly the scope that exists, so that calls get past reach into the work.
                "scope" => prop_oneof![3 => Just(Value::from("bot.support")), 1 => fitting(schema, root, depth + 1)].boxed(),
                _ => fitting(schema, root, depth + 1),
            };
            let name = name.clone();
            prop::option::weighted(present, value)
                .prop_map(move |v| v.map(|v| (name.clone(), v)))
                .boxed()
        })
        .collect();
    fields
        .prop_map(|fields| Value::Object(fields.into_iter().flatten().collect()))
        .boxed()
}

/// A store with a scope, two capsules and an entity, so that some ids in the arguments exist.
fn state() -> State {
    let who = Principal::operator("proptest");
    let store = Kenning::in_memory().expect("an in-memory store opens");
    store
        .register_scope(&who, "bot.support", ScopeKind::Agent)
        .expect("the scope registers");
    store
        .put(
            &who,
            &NewCapsule::new("bot.support", "Ana prefers email over calls."),
        )
        .expect("a capsule is stored");
    store
        .put(
            &who,
            &NewCapsule::new("bot.support", "Deploys run on Tuesdays."),
        )
        .expect("a capsule is stored");
    State {
        store,
        who,
        scope: Some("bot.support".to_owned()),
        scope_hint: super::STDIO_SCOPE_HINT,
    }
}

/// Calls tool `name` of `tools` with `args`: its structured result, or its error.
fn call(
    tools: &[ToolDef],
    state: &State,
    name: &str,
    args: Value,
) -> Result<Value, rmcp::ErrorData> {
    let tool = tools
        .iter()
        .find(|t| t.name == name)
        .expect("the tool is listed");
    (tool.run)(state, args).map(|r| r.structured_content.unwrap_or_default())
}

#[test]
fn every_tool_answers_arbitrary_arguments_with_a_result_or_a_documented_error() {
    let state = state();
    let tools = registry();
    for tool in &tools {
        let schema = Value::Object((*(tool.schema)()).clone());
        let mut names = BTreeSet::from(["scope".to_owned(), "id".to_owned(), "x".to_owned()]);
        property_names(&schema, &mut names);
        let names: Vec<String> = names.into_iter().collect();
        let shaped =
            prop::collection::vec((prop::sample::select(names.clone()), value(names)), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>()));
        let arguments = prop_oneof![4 => fitting(&schema, &schema, 0), 1 => shaped];
        let mut runner = TestRunner::new(Config {
            cases: 384,
            failure_persistence: None,
            ..Config::default()
        });
        let outcome = runner.run(&arguments, |args| {
            if let Err(e) = (tool.run)(&state, args.clone()) {
                prop_assert!(
                    matches!(e.code.0, -32602 | -32002 | -32003),
                    "{} answered {args} with {} {}: {:?}",
                    tool.name,
                    e.code.0,
                    e.message,
                    e.data
                );
                prop_assert!(!e.message.is_empty());
            }
            Ok(())
        });
        assert!(outcome.is_ok(), "{}: {outcome:?}", tool.name);
    }
    // The store still serves after all that: a plain put is stored and reads back.
    let run = |name: &str, args: Value| call(&tools, &state, name, args);
    let put = run("memory_put", json!({ "content": "Still here." })).expect("a valid put succeeds");
    let id = put["id"]
        .as_str()
        .expect("the put answers the new id")
        .to_owned();
    let got = run("memory_get", json!({ "id": id })).expect("the new capsule reads back");
    assert_eq!(got["content"], "Still here.", "{got}");
}

#[test]
fn memory_put_places_a_memory_in_its_thread_and_recall_reads_it_with_its_neighbours() {
    let state = state();
    let tools = registry();
    let run = |name: &str, args: Value| call(&tools, &state, name, args);
    let question = run(
        "memory_put",
        json!({"content": "Where does the team meet on Fridays?",
               "thread": {"id": "conv-7", "position": 1}}),
    )
    .expect("a put with a thread succeeds");
    let answer = run(
        "memory_put",
        json!({"content": "In the blue room, at ten.",
               "thread": {"id": "conv-7", "position": 2}}),
    )
    .expect("a put with a thread succeeds");
    let got = run("memory_get", json!({ "id": answer["id"] })).expect("it reads back");
    assert_eq!(
        got["thread"],
        json!({"id": "conv-7", "position": 2}),
        "{got}"
    );
    // The answer shares no word with the question: only its thread brings it back.
    let hits = run(
        "memory_retrieve",
        json!({"query": "team meet Fridays", "lane": "term"}),
    )
    .expect("recall answers");
    let ids: Vec<&Value> = hits["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| &h["capsule"]["id"])
        .collect();
    assert_eq!(ids, [&question["id"], &answer["id"]], "{hits}");
    let bad = run(
        "memory_put",
        json!({"content": "x", "thread": {"id": " ", "position": 0}}),
    )
    .expect_err("a blank thread id is refused");
    assert_eq!(bad.code.0, -32602);
    assert!(bad.message.contains("thread.id"), "{}", bad.message);
}
