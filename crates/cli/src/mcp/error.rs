//! How failures reach an MCP client: the one mapping from facade errors (and malformed tool
//! arguments) to JSON-RPC error objects.
//!
//! | facade code            | JSON-RPC code | `data.kind`           |
//! |------------------------|---------------|-----------------------|
//! | `INVALID_ARGUMENT`     | -32602        | `invalid_argument`    |
//! | `UNDERIVABLE`          | -32602        | `underivable`         |
//! | `UNKNOWN_CAPSULE`      | -32002        | `unknown_capsule`     |
//! | `NOT_FOUND` (entity)   | -32002        | `unknown_entity`      |
//! | `NOT_FOUND`            | -32002        | `not_found`           |
//! | `FAILED_PRECONDITION`  | -32002        | `failed_precondition` |
//! | `PERMISSION_DENIED`    | -32003        | `permission_denied`   |
//! | `STORAGE`              | -32603        | `storage`             |
//!
//! Every `data` also carries `code`, the facade's stable code (`"UNKNOWN_CAPSULE"`, ...), and
//! where the facade names one, `field` (the argument at fault) or `id` (the capsule). The
//! message is the facade's, which names the field, the bound and the fix.
//!
//! A `STORAGE` error also carries `outcome_unknown: true` when a commit failed and whether it
//! was written is unknown (read back before retrying), and `reopen: true` when it spoiled the
//! store's handle (an I/O error): the server opens the store again for the next call (the
//! message says so), and never retries this one. While the store cannot be opened again, a
//! call is answered -32603 with `data.kind` `unavailable` and `retry_after_ms`.

use rmcp::ErrorData;
use rmcp::model::ErrorCode as RpcCode;
use serde_json::json;

pub(crate) use kenning::vocab::quote;

/// Implementation-defined server error (JSON-RPC reserves -32000 to -32099): the session's
/// principal lacks a permission or reach the call needs.
pub(crate) const PERMISSION_DENIED: RpcCode = RpcCode(-32003);

/// `e` with its field path rewritten by `pairs` (each `(facade's, client's)` fragment, e.g.
/// `("].source", "].from")`), in `data.field` and where the message names it.
pub(crate) fn repathed(mut e: ErrorData, pairs: &[(&str, &str)]) -> ErrorData {
    let Some(data) = e.data.as_mut() else {
        return e;
    };
    let Some(old) = data
        .get("field")
        .and_then(serde_json::Value::as_str)
        .map(str::to_owned)
    else {
        return e;
    };
    let new = pairs
        .iter()
        .fold(old.clone(), |path, (from, to)| path.replacen(from, to, 1));
    if new != old {
        data["field"] = new.as_str().into();
        e.message = e.message.replacen(&old, &new, 1).into();
    }
    e
}

/// `e` with the facade's name of a field, `from`, replaced by the name the client sent, `to`:
/// in `data.field` and where the message names it.
pub(crate) fn renamed(mut e: ErrorData, from: &str, to: &str) -> ErrorData {
    let Some(data) = e.data.as_mut() else {
        return e;
    };
    let field = data.get("field").and_then(serde_json::Value::as_str);
    let Some(rest) = field.and_then(|f| f.strip_prefix(from)) else {
        return e;
    };
    if !(rest.is_empty() || rest.starts_with(['.', '['])) {
        return e;
    }
    let wire = format!("{to}{rest}");
    let old = format!("{from}{rest}");
    data["field"] = wire.as_str().into();
    e.message = e.message.replacen(&old, &wire, 1).into();
    e
}

/// The JSON-RPC error for a facade error. The facade's `scope_id` is named `scope`, as every
/// tool but the vocabulary ones (which rename it themselves) spells it.
pub(crate) fn from_facade(e: &kenning::Error) -> ErrorData {
    renamed(rpc(e), "scope_id", "scope")
}

fn rpc(e: &kenning::Error) -> ErrorData {
    use kenning::ErrorCode as C;
    let code = e.code();
    let message = clean(&e.to_string());
    let mut data = json!({ "code": code.as_str() });
    let (rpc, kind) = match code {
        C::InvalidArgument => (RpcCode::INVALID_PARAMS, "invalid_argument"),
        C::Underivable => (RpcCode::INVALID_PARAMS, "underivable"),
        C::UnknownCapsule => (RpcCode::RESOURCE_NOT_FOUND, "unknown_capsule"),
        C::NotFound if matches!(e, kenning::Error::UnknownEntity { .. }) => {
            (RpcCode::RESOURCE_NOT_FOUND, "unknown_entity")
        }
        C::NotFound => (RpcCode::RESOURCE_NOT_FOUND, "not_found"),
        C::FailedPrecondition => (RpcCode::RESOURCE_NOT_FOUND, "failed_precondition"),
        C::PermissionDenied => (PERMISSION_DENIED, "permission_denied"),
        // `ErrorCode` is non-exhaustive: a code added later reads as a failure underneath
        // until it is mapped here.
        _ => (RpcCode::INTERNAL_ERROR, "storage"),
    };
    data["kind"] = kind.into();
    if e.outcome_unknown() {
        data["outcome_unknown"] = true.into();
    }
    if kenning_server::store::spoils(e) {
        data["reopen"] = true.into();
    }
    match e {
        kenning::Error::UnknownCapsule { id } => data["id"] = id.to_string().into(),
        kenning::Error::UnknownEntity { scope, name } => {
            data["scope"] = shorten(scope).into();
            data["name"] = shorten(name).into();
        }
        kenning::Error::InvalidArgument { field, .. } => data["field"] = shorten(field).into(),
        kenning::Error::Vector(kenning::vector::Error::InvalidParameter { field, .. }) => {
            data["field"] = (*field).into();
        }
        // A graph error's message begins with the path of its field (`relations[0].source`).
        kenning::Error::Graph(_) => {
            if let Some(path) = message
                .split([' ', ':'])
                .next()
                .filter(|p| p.contains(['.', '[']))
            {
                data["field"] = shorten(path).into();
            }
        }
        kenning::Error::NotFound { what, id } => {
            data["what"] = (*what).into();
            data["id"] = shorten(id).into();
        }
        _ => {}
    }
    ErrorData::new(rpc, message, Some(data))
}

/// Invalid params (-32602) raised by the server itself, before the facade is called: `field`
/// names the argument, `message` says what is wrong and how to fix it.
pub(crate) fn invalid(field: &str, message: impl Into<String>) -> ErrorData {
    let message = message.into();
    ErrorData::new(
        RpcCode::INVALID_PARAMS,
        format!("{field}: {message}"),
        Some(json!({ "code": "INVALID_ARGUMENT", "kind": "invalid_argument", "field": field })),
    )
}

/// Arguments that do not fit a tool's input schema (-32602): the field at fault, as the client
/// spelt it (`entities[0].observations`), serde's account of the mismatch in JSON's words, and
/// where to look.
pub(crate) fn malformed(tool: &str, path: &str, e: &serde_json::Error) -> ErrorData {
    let at = if path.is_empty() || path == "." {
        String::new()
    } else {
        format!("{}: ", shorten(path))
    };
    let mut data = json!({ "code": "INVALID_ARGUMENT", "kind": "invalid_argument" });
    if !at.is_empty() {
        data["field"] = shorten(path).into();
    }
    ErrorData::new(
        RpcCode::INVALID_PARAMS,
        format!(
            "invalid arguments for {tool}: {at}{}; the tool's inputSchema (tools/list) gives \
             every field, its type and which are required",
            serde_message(e)
        ),
        Some(data),
    )
}

/// At most this many characters of a value are kept where an error carries it as data.
const DATA_CHARS: usize = 256;

/// `text` cut to [`DATA_CHARS`] characters (with `…`), for an error's `data` members.
pub(crate) fn shorten(text: &str) -> String {
    match text.char_indices().nth(DATA_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// serde_json's message for a client: no position (the body was the server's own), JSON's
/// names for types instead of Rust's (`a non-negative integer`, not `usize`), and every value
/// it quotes cut to a prefix with its length.
pub(crate) fn serde_message(e: &serde_json::Error) -> String {
    clean(&e.to_string())
}

/// A message for a client: see [`serde_message`].
pub(crate) fn clean(text: &str) -> String {
    let text = strip_positions(text);
    let mut text = crate::output::shorten_quoted(&text, &['"', '`']);
    for (rust, json) in [
        ("expected usize", "expected a non-negative integer"),
        ("expected u64", "expected a non-negative integer"),
        ("expected u32", "expected a non-negative integer"),
        ("expected u16", "expected a non-negative integer"),
        ("expected u8", "expected a non-negative integer"),
        ("expected i64", "expected an integer"),
        ("expected i32", "expected an integer"),
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected a sequence", "expected an array"),
        ("expected a map", "expected an object"),
        ("expected unit", "expected null"),
        ("invalid type: map", "invalid type: object"),
        ("invalid type: sequence", "invalid type: array"),
        ("invalid type: unit value", "invalid type: null"),
        ("invalid type: floating point", "invalid type: number"),
        ("invalid type: integer", "invalid type: number"),
        ("invalid value: integer", "invalid value: number"),
        ("invalid value: floating point", "invalid value: number"),
        ("invalid type: string", "invalid type: the string"),
    ] {
        text = text.replace(rust, json);
    }
    // `expected struct PutArgs`, `expected enum LaneArg`: Rust names of the server's types.
    for word in ["struct ", "enum ", "tuple struct "] {
        while let Some(at) = text.find(&format!("expected {word}")) {
            let start = at + "expected ".len();
            let end = text[start + word.len()..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(text.len(), |i| start + word.len() + i);
            let json = if word == "enum " {
                "one of the values listed in the inputSchema"
            } else {
                "an object"
            };
            text.replace_range(start..end, json);
        }
    }
    text
}

/// Drops serde_json's ` at line N column M`, which points into a body the server built.
fn strip_positions(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" at line ") {
        let tail = &rest[at + " at line ".len()..];
        let digits = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        let after = &tail[digits..];
        match after.strip_prefix(" column ") {
            Some(col) if digits > 0 => {
                let n = col.find(|c: char| !c.is_ascii_digit()).unwrap_or(col.len());
                out.push_str(&rest[..at]);
                rest = &col[n..];
            }
            _ => {
                out.push_str(&rest[..at + " at line ".len()]);
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A management-class act refused to an API-key session (A2), before the store is touched.
pub(crate) fn management_refused(what: &str) -> ErrorData {
    ErrorData::new(
        PERMISSION_DENIED,
        format!(
            "{what} is management-class and this server runs as an API key, which can never do \
             it (A2): declare vocabularies with `kenning vocabulary declare`, or serve a \
             management session with `kenning mcp --operator NAME` and no key"
        ),
        Some(json!({ "code": "PERMISSION_DENIED", "kind": "permission_denied" })),
    )
}

/// An unknown tool name (-32602, as the MCP specification asks for tools/call).
pub(crate) fn unknown_tool(name: &str) -> ErrorData {
    ErrorData::new(
        RpcCode::INVALID_PARAMS,
        format!("unknown tool {name:?}: tools/list names every tool this server has"),
        Some(json!({ "code": "INVALID_ARGUMENT", "kind": "unknown_tool", "name": name })),
    )
}

/// What the message of an error that spoiled a reopening store's handle adds.
pub(crate) const REOPENING: &str = kenning_server::error::REOPENING;

/// Whether `e` is a facade error that spoiled the store's handle (`data.reopen`).
pub(crate) fn spoiled(e: &ErrorData) -> bool {
    e.data
        .as_ref()
        .and_then(|d| d.get("reopen"))
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false)
}

/// The store has no handle to run the call on: its reopen after an I/O error failed (or the
/// server is shutting down). -32603, the same message as the REST routes' `503`.
pub(crate) fn unavailable(u: &kenning_server::Unavailable) -> ErrorData {
    let mut data = json!({ "code": "STORAGE", "kind": "unavailable" });
    if let Some(wait) = u.retry_after {
        data["retry_after_ms"] = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).into();
    }
    ErrorData::new(
        RpcCode::INTERNAL_ERROR,
        format!("storage: {}", u.message),
        Some(data),
    )
}

/// A blocking task that did not finish (it panicked, or the runtime is shutting down).
pub(crate) fn internal(message: impl Into<String>) -> ErrorData {
    ErrorData::new(
        RpcCode::INTERNAL_ERROR,
        message.into(),
        Some(json!({ "code": "STORAGE", "kind": "internal" })),
    )
}
