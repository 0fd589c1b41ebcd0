//! Error answers: a status and `{"code", "message"}`, with what a client needs to rebuild the
//! facade's error exactly (`field`, `id`, `what`, `outcome_unknown`).

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use kenning::ErrorCode;
use serde::{Deserialize, Serialize};

/// The body of every error answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ErrorBody {
    /// The facade's stable code (`INVALID_ARGUMENT`, ...), or this server's `UNAUTHENTICATED`
    /// and `METHOD_NOT_ALLOWED`.
    pub code: String,
    /// What went wrong and how to fix it: the facade's message, verbatim.
    pub message: String,
    /// For an invalid argument: the field the message is about, as the facade names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// For `NOT_FOUND`: what was looked up (`scope`, `api key`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// The id the caller gave, for `NOT_FOUND` and `UNKNOWN_CAPSULE`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// For an entity not found: the scope searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// For `STORAGE`: true when a commit failed and whether it was written is not known.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub outcome_unknown: bool,
}

/// The status a facade error code is answered with.
#[must_use]
pub fn status_for(code: ErrorCode) -> StatusCode {
    match code {
        ErrorCode::InvalidArgument => StatusCode::BAD_REQUEST,
        ErrorCode::NotFound | ErrorCode::UnknownCapsule => StatusCode::NOT_FOUND,
        ErrorCode::PermissionDenied => StatusCode::FORBIDDEN,
        ErrorCode::FailedPrecondition => StatusCode::CONFLICT,
        ErrorCode::Underivable => StatusCode::UNPROCESSABLE_ENTITY,
        // `ErrorCode` is non-exhaustive: a code added later is a server error until mapped.
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The body.
    pub body: Box<ErrorBody>,
    /// The `Allow` header of a 405.
    pub allow: Option<&'static str>,
    /// The `Retry-After` header (seconds) of a 503.
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An answer with `status`, `code` and `message` and nothing else.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        Self {
            status,
            body: Box::new(ErrorBody {
                code: code.to_owned(),
                message: message.into(),
                field: None,
                what: None,
                id: None,
                scope: None,
                outcome_unknown: false,
            }),
            allow: None,
            retry_after: None,
        }
    }

    /// `400 INVALID_ARGUMENT` about `field`.
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut e = Self::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidArgument.as_str(),
            format!("{field}: {message}"),
        );
        e.body.field = Some(field.to_owned());
        e
    }

    /// The one answer to a request without a valid bearer token: the same whether the token
    /// is missing, malformed, unknown or revoked, so that it tells a caller nothing.
    #[must_use]
    pub fn unauthenticated() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "UNAUTHENTICATED",
            "this request needs a valid bearer token: send `Authorization: Bearer <token>` with \
             an API key's secret (kenning keys create) or the operator token (the .token file \
             beside the store, readable by its owner)",
        )
    }

    /// A request axum could not take apart (query string, path, body).
    #[must_use]
    pub fn rejected(status: StatusCode, message: String) -> Self {
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!("the body is over this server's bound of {MAX_BODY_BYTES} bytes: send less")
        } else {
            shortened(message)
        };
        Self::new(status, ErrorCode::InvalidArgument.as_str(), message)
    }

    /// `500 STORAGE` without details (those go to the server's log).
    #[must_use]
    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Storage.as_str(),
            "storage: the server failed to complete the request; its log has the details",
        )
    }

    /// `503 STORAGE`: the server holds no handle on its store (see
    /// [`Store`](crate::Store)), with `Retry-After` when a reopen will be tried. The operator is
    /// told the cause; an API key, only that the store is being reopened (the cause can name
    /// files; the server's log has it).
    #[must_use]
    pub fn unavailable(u: &crate::store::Unavailable, detailed: bool) -> Self {
        let retry = u
            .retry_after
            .map(|d| (d.as_secs() + u64::from(d.subsec_nanos() > 0)).max(1));
        let message = if detailed {
            format!("storage: {}", u.message)
        } else {
            log(&u.message);
            match retry {
                Some(s) => format!(
                    "storage: the store is unavailable: its handle met an I/O error (a failed \
                     sync or write, a full disk) and opening the store again failed; the \
                     server tries again on the next request after {s} s: retry then (the \
                     operator token is told the cause, the server's log has it); nothing \
                     acknowledged is lost"
                ),
                None => "storage: the store is closed: the server is shutting down".to_owned(),
            }
        };
        let mut e = Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Storage.as_str(),
            message,
        );
        e.retry_after = retry;
        e
    }

    /// This error with the facade's field `scope_id` (or `scope`) named as the seed's wire
    /// spells it (`scopeId`, `agentInstanceId`).
    #[must_use]
    pub fn renamed(mut self, wire: &str) -> Self {
        for internal in ["scope_id", "scope"] {
            if let Some(rest) = self.body.message.strip_prefix(internal)
                && rest.starts_with(':')
            {
                self.body.message = format!("{wire}{rest}");
                self.body.field = Some(wire.to_owned());
                break;
            }
        }
        self
    }

    /// The facade's error `e` as an answer; storage details are kept from callers that are not
    /// the operator (`detailed` false): they can name files and internals.
    #[must_use]
    pub fn from_facade(e: &kenning::Error, detailed: bool) -> Self {
        let code = e.code();
        if code == ErrorCode::Storage && !detailed {
            log(&format!("{e}"));
            let mut answer = Self::internal();
            if e.outcome_unknown() {
                answer.body.message = "storage: a commit failed, so whether this request's \
                                       writes are stored is unknown (all of them or none): read \
                                       them back before retrying; the server's log has the \
                                       details"
                    .to_owned();
                answer.body.outcome_unknown = true;
            }
            return answer;
        }
        let mut answer = Self::new(status_for(code), code.as_str(), e.to_string());
        match e {
            kenning::Error::InvalidArgument { field, .. } => {
                answer.body.field = Some(field.clone())
            }
            kenning::Error::NotFound { what, id } => {
                answer.body.what = Some((*what).to_owned());
                answer.body.id = Some(id.clone());
            }
            kenning::Error::UnknownCapsule { id } => answer.body.id = Some(id.to_string()),
            kenning::Error::UnknownEntity { scope, name } => {
                answer.body.scope = Some(scope.clone());
                answer.body.id = Some(name.clone());
            }
            _ => {}
        }
        answer.body.outcome_unknown = e.outcome_unknown();
        answer
    }
}

impl ApiError {
    /// The error `e` that a request met on a handle of `store`: as [`ApiError::from_facade`],
    /// and when `e` spoiled the handle of a store that reopens (see [`crate::Store`]), the
    /// message says that the server opens the store again for the next request. The request
    /// itself is never retried: a write whose outcome is unknown (`outcome_unknown`) must be
    /// read back before it is sent again.
    #[must_use]
    pub fn from_call(e: &kenning::Error, detailed: bool, store: &crate::Store) -> Self {
        let mut answer = Self::from_facade(e, detailed);
        if store.reopens() && crate::store::spoils(e) {
            answer.body.message.push_str(REOPENING);
        }
        answer
    }
}

/// What an answer to a request that spoiled the handle adds.
pub const REOPENING: &str = " (the store met an I/O error: this server opens it again \
                                    for the next request, and never retries this one)";

impl From<kenning::Error> for ApiError {
    fn from(e: kenning::Error) -> Self {
        Self::from_facade(&e, false)
    }
}

/// The largest request body the REST routes read: 16 MiB (a batch of capsules with their
/// embeddings fits; a vocabulary or a query is far smaller).
pub const MAX_BODY_BYTES: usize = 16 * 1024 * 1024;

/// At most this many characters of axum's account of a rejected request: it can quote the
/// request, which is the caller's and may be long.
const REJECTION_CHARS: usize = 400;

pub(crate) fn shortened(message: String) -> String {
    match message.char_indices().nth(REJECTION_CHARS) {
        None => message,
        Some((cut, _)) => format!(
            "{}… ({} characters)",
            &message[..cut],
            message.chars().count()
        ),
    }
}

/// A line on the server's standard error.
#[allow(clippy::print_stderr)]
pub(crate) fn log(line: &str) {
    eprintln!("kenning serve: {line}");
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(*self.body);
        if self.status == StatusCode::UNAUTHORIZED {
            // The request's body may be left unread: close the connection rather than have a
            // client reuse one the server is about to drop.
            (
                self.status,
                [
                    (header::WWW_AUTHENTICATE, "Bearer"),
                    (header::CONNECTION, "close"),
                ],
                body,
            )
                .into_response()
        } else if let Some(allow) = self.allow {
            (self.status, [(header::ALLOW, allow)], body).into_response()
        } else if let Some(seconds) = self.retry_after {
            (
                self.status,
                [(header::RETRY_AFTER, seconds.to_string())],
                body,
            )
                .into_response()
        } else {
            (self.status, body).into_response()
        }
    }
}
