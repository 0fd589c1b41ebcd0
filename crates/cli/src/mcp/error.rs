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

use rmcp::ErrorData;
use rmcp::model::ErrorCode as RpcCode;
use serde_json::json;

/// Implementation-defined server error (JSON-RPC reserves -32000 to -32099): the session's
/// principal lacks a permission or reach the call needs.
pub(crate) const PERMISSION_DENIED: RpcCode = RpcCode(-32003);

/// The JSON-RPC error for a facade error.
pub(crate) fn from_facade(e: &kenning::Error) -> ErrorData {
    use kenning::ErrorCode as C;
    let code = e.code();
    let message = e.to_string();
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
    match e {
        kenning::Error::UnknownCapsule { id } => data["id"] = id.to_string().into(),
        kenning::Error::UnknownEntity { scope, name } => {
            data["scope"] = scope.as_str().into();
            data["name"] = name.as_str().into();
        }
        kenning::Error::InvalidArgument { field, .. } => data["field"] = field.as_str().into(),
        kenning::Error::NotFound { what, id } => {
            data["what"] = (*what).into();
            data["id"] = id.as_str().into();
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

/// Arguments that do not fit a tool's input schema (-32602): serde's account of the first
/// mismatch, and where to look.
pub(crate) fn malformed(tool: &str, e: &serde_json::Error) -> ErrorData {
    ErrorData::new(
        RpcCode::INVALID_PARAMS,
        format!(
            "invalid arguments for {tool}: {e}; the tool's inputSchema (tools/list) gives every \
             field, its type and which are required"
        ),
        Some(json!({ "code": "INVALID_ARGUMENT", "kind": "invalid_argument" })),
    )
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

/// A blocking task that did not finish (it panicked, or the runtime is shutting down).
pub(crate) fn internal(message: impl Into<String>) -> ErrorData {
    ErrorData::new(
        RpcCode::INTERNAL_ERROR,
        message.into(),
        Some(json!({ "code": "STORAGE", "kind": "internal" })),
    )
}
