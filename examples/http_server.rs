//! Kenning behind HTTP: the routes of seed 000 mounted on the facade with axum.
//!
//! ```sh
//! export KENNING_OPERATOR_TOKEN=$(openssl rand -hex 32)
//! cargo run --example http_server -- --store kenning.redb --addr 127.0.0.1:8080
//! ```
//!
//! This is an example of hosting the library, not a framework: each route parses its body with
//! the facade's own parser, calls one facade method under the caller's [`Principal`], and returns
//! the facade's answer as JSON. Every rule (A2, A5, V7–V9, G6, G7) is enforced by the facade.
//!
//! # Routes
//!
//! | route | body / query | answer |
//! | --- | --- | --- |
//! | `PUT /v1/memory/vocabulary` | `{"scopeId": "bot.support", "vocabulary": {...}}` (JSON, or YAML with a `yaml` content type); no `scopeId` = the enterprise level | `204` |
//! | `GET /v1/memory/vocabulary` | `?scopeId=bot.support`, or nothing for the enterprise level | `{"declaration": {...}, "resolved": {...}}`, absent members omitted |
//! | `DELETE /v1/memory/vocabulary` | as `GET` | `204`, also when nothing was declared |
//! | `POST /v1/agents/{agentInstanceId}/memory:query` | `{"graph": {"start": {"filters": [...]}, "limit": 50}}`; the `graph` section is required (`{"graph": {}}` lists every node) | `{"graph": {"nodes": [...], "edges": [...], "truncated": false}}` |
//!
//! On `PUT`, `scopeId` belongs in the body: a `scopeId` query parameter is ignored, so such a
//! declaration lands at the enterprise level, exactly as the seed says. On `GET` and `DELETE`, a
//! query parameter other than `scopeId` is refused, so a misspelt `?scope=` never silently
//! targets the enterprise level. The agent instance id is the scope id the query runs on.
//! Errors name fields as the wire spells them: `scopeId` on the vocabulary routes,
//! `agentInstanceId` for the path of a query.
//!
//! # Authentication
//!
//! Every route needs `Authorization: Bearer <token>`, where the token is either
//!
//! - an API key's secret (`kn_...`, created with `kenning keys create`): the request runs as that
//!   key's principal, so it can read and query what the key reaches but never declare or remove
//!   a vocabulary (A2); or
//! - the operator token, read from `KENNING_OPERATOR_TOKEN` at start (at least 32 characters; an
//!   environment variable rather than a flag, so it does not show in the process list): the
//!   request runs as the store's operator, a management session over every scope.
//!
//! Without an operator token only API keys authenticate. A missing or unknown token is `401`.
//!
//! # Errors
//!
//! Every error is `{"code": "...", "message": "..."}` with the facade's [`ErrorCode`] and message:
//!
//! | code | status |
//! | --- | --- |
//! | `UNAUTHENTICATED` (this server's: no valid bearer token) | 401 Unauthorized |
//! | `INVALID_ARGUMENT` (also a malformed query string or path) | 400 Bad Request |
//! | `INVALID_ARGUMENT` for a body over [`MAX_BODY_BYTES`] (the message names the bound) | 413 Content Too Large |
//! | `METHOD_NOT_ALLOWED` (this server's: a route asked with a method it does not take) | 405 Method Not Allowed, with `Allow` |
//! | `PERMISSION_DENIED` | 403 Forbidden |
//! | `NOT_FOUND` (also an unreached scope, A5; also an unknown route) | 404 Not Found |
//! | `UNKNOWN_CAPSULE` | 404 Not Found |
//! | `FAILED_PRECONDITION` | 409 Conflict |
//! | `UNDERIVABLE` | 422 Unprocessable Content |
//! | `STORAGE` (details go to the server's stderr, not to the client) | 500 Internal Server Error |
//!
//! # Configuration
//!
//! `--store PATH` or `KENNING_STORE` (default `kenning.redb` in the working directory, the file
//! the `kenning` CLI uses), `--addr HOST:PORT` or `KENNING_HTTP_ADDR` (default `127.0.0.1:8080`;
//! port 0 picks a free port). The store must exist (prepare it with the CLI), so that a mistyped
//! path is an error rather than a new empty store; `--create` creates it when it is missing. The server prints the address it listens on and shuts down
//! gracefully on Ctrl-C, finishing the requests in flight.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{post, put};
pub(crate) use kenning::vocab::MAX_BODY_BYTES;
use kenning::{Declaration, ErrorCode, Format, GraphQuery, Kenning, Level, Principal};
use serde::{Deserialize, Serialize};
use tokio::net::TcpListener;

const USAGE: &str = "usage: http_server [--store PATH] [--create] [--addr HOST:PORT]
  --store PATH      the store file (env KENNING_STORE, default kenning.redb); it must exist
  --create          create the store file when it does not exist
  --addr HOST:PORT  where to listen (env KENNING_HTTP_ADDR, default 127.0.0.1:8080)
  env KENNING_OPERATOR_TOKEN: the bearer token of the operator session (>= 32 characters)";

/// The shortest operator token accepted: 32 hex digits are 128 bits.
const MIN_OPERATOR_TOKEN_CHARS: usize = 32;

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("http_server: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error>> {
    let Some(settings) = Settings::read(std::env::args().skip(1))? else {
        println!("{USAGE}");
        return Ok(());
    };
    let store = open_store(&settings.store, settings.create)?;
    let listener = TcpListener::bind(&settings.addr).await?;
    println!("store {}", store.path().display());
    println!("listening on http://{}", listener.local_addr()?);
    if settings.operator_token.is_none() {
        eprintln!(
            "note: KENNING_OPERATOR_TOKEN is not set, so only API keys authenticate and no \
             vocabulary can be declared over HTTP"
        );
    }
    let shutdown = async {
        // If the handler cannot be installed, serve until killed rather than stop at once.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    axum::serve(listener, router(store, settings.operator_token))
        .with_graceful_shutdown(shutdown)
        .await?;
    println!("shut down");
    Ok(())
}

/// Opens the store at `path`; one that does not exist is created only when `create` says so,
/// so that a mistyped `--store` never serves a new, empty store.
pub(crate) fn open_store(path: &std::path::Path, create: bool) -> Result<Kenning, String> {
    if !create && !path.exists() {
        return Err(format!(
            "there is no store at {}: check --store (or KENNING_STORE), prepare the store with \
             the kenning CLI (`kenning --store {} scopes register ID --kind agent`), or pass \
             --create to start with an empty one",
            path.display(),
            path.display()
        ));
    }
    Kenning::open(path).map_err(|e| format!("opening {}: {e}", path.display()))
}

/// Where the store is, whether to create it, where to listen, and the operator token.
pub(crate) struct Settings {
    pub(crate) store: PathBuf,
    pub(crate) create: bool,
    addr: String,
    operator_token: Option<String>,
}

impl Settings {
    /// Flags first, then the environment, then the defaults; `None` when help was asked for.
    pub(crate) fn read(mut args: impl Iterator<Item = String>) -> Result<Option<Self>, String> {
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let mut store = env("KENNING_STORE").map(PathBuf::from);
        let mut addr = env("KENNING_HTTP_ADDR");
        let mut create = false;
        while let Some(arg) = args.next() {
            let mut value = || args.next().ok_or(format!("{arg} needs a value\n{USAGE}"));
            match arg.as_str() {
                "--store" => store = Some(PathBuf::from(value()?)),
                "--addr" => addr = Some(value()?),
                "--create" => create = true,
                "-h" | "--help" => return Ok(None),
                _ => {
                    return Err(format!(
                        "unknown argument {}\n{USAGE}",
                        kenning::vocab::quote(&arg)
                    ));
                }
            }
        }
        let operator_token = env("KENNING_OPERATOR_TOKEN");
        if let Some(token) = &operator_token
            && token.chars().count() < MIN_OPERATOR_TOKEN_CHARS
        {
            return Err(format!(
                "KENNING_OPERATOR_TOKEN has {} characters; use at least \
                 {MIN_OPERATOR_TOKEN_CHARS}, e.g. `openssl rand -hex 32`",
                token.chars().count()
            ));
        }
        Ok(Some(Self {
            store: store.unwrap_or_else(|| PathBuf::from("kenning.redb")),
            create,
            addr: addr.unwrap_or_else(|| "127.0.0.1:8080".to_owned()),
            operator_token,
        }))
    }
}

/// What every handler shares.
struct App {
    store: Kenning,
    operator_token: Option<String>,
}

/// The routes of seed 000 over `store`. `operator_token`, when given, authenticates a
/// management session; API keys stored in `store` always authenticate.
pub(crate) fn router(store: Kenning, operator_token: Option<String>) -> Router {
    let app = Arc::new(App {
        store,
        operator_token,
    });
    Router::new()
        .route(
            "/v1/memory/vocabulary",
            put(declare).get(read).delete(remove),
        )
        // axum 0.8 captures only `{...}` segments, so `memory:query` is a literal segment.
        .route("/v1/agents/{agent_instance_id}/memory:query", post(query))
        .fallback(|method: Method, uri: Uri| async move {
            let path = kenning::vocab::quote(uri.path());
            let message = format!("no route {method} {path}");
            ApiError::new(StatusCode::NOT_FOUND, "NOT_FOUND", message)
        })
        .method_not_allowed_fallback(|method: Method, uri: Uri| async move {
            let allowed = if uri.path().ends_with("memory:query") {
                "POST"
            } else {
                "PUT, GET, DELETE"
            };
            let message = format!(
                "{} does not take {method}: it takes {allowed}",
                kenning::vocab::quote(uri.path())
            );
            let mut answer = ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "METHOD_NOT_ALLOWED",
                message,
            );
            answer.allow = Some(allowed);
            answer
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(app)
}

// ---- handlers ---------------------------------------------------------------------------

/// `PUT /v1/memory/vocabulary`: the level is the body's `scopeId`; the query string is not read.
async fn declare(
    State(app): State<Arc<App>>,
    Caller(who): Caller,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    let body = body.map_err(|r| ApiError::rejected(r.status(), r.body_text()))?;
    let yaml = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("yaml"));
    let format = if yaml { Format::Yaml } else { Format::Json };
    let declaration = Declaration::parse_bytes(&body, format).map_err(kenning::Error::from)?;
    blocking(move || app.store.declare(&who, &declaration))
        .await
        .map_err(|e| e.renamed("scopeId"))?;
    Ok(StatusCode::NO_CONTENT)
}

/// The query string of `GET` and `DELETE`: only `scopeId`, absent for the enterprise level.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelQuery {
    #[serde(rename = "scopeId")]
    scope_id: Option<String>,
}

/// `GET /v1/memory/vocabulary`: the seed's read, verbatim.
async fn read(
    State(app): State<Arc<App>>,
    Caller(who): Caller,
    query: Result<Query<LevelQuery>, QueryRejection>,
) -> Result<Json<kenning::VocabularyRead>, ApiError> {
    let Query(q) = query.map_err(|r| ApiError::rejected(r.status(), r.body_text()))?;
    let read = blocking(move || {
        app.store
            .vocabulary(&who, Level::from_scope_id(q.scope_id.as_deref()))
    })
    .await
    .map_err(|e| e.renamed("scopeId"))?;
    Ok(Json(read))
}

/// `DELETE /v1/memory/vocabulary`: restores inheritance at a scope level.
async fn remove(
    State(app): State<Arc<App>>,
    Caller(who): Caller,
    query: Result<Query<LevelQuery>, QueryRejection>,
) -> Result<StatusCode, ApiError> {
    let Query(q) = query.map_err(|r| ApiError::rejected(r.status(), r.body_text()))?;
    blocking(move || {
        app.store
            .remove_vocabulary(&who, Level::from_scope_id(q.scope_id.as_deref()))
    })
    .await
    .map_err(|e| e.renamed("scopeId"))?;
    Ok(StatusCode::NO_CONTENT)
}

/// The answer to a memory query: one section per section asked, here the graph.
#[derive(Serialize)]
struct QueryAnswer {
    graph: kenning::GraphAnswer,
}

/// `POST /v1/agents/{agentInstanceId}/memory:query`: the graph section on that scope.
async fn query(
    State(app): State<Arc<App>>,
    Caller(who): Caller,
    scope: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<QueryAnswer>, ApiError> {
    let Path(scope) = scope.map_err(|r| ApiError::rejected(r.status(), r.body_text()))?;
    let body = body.map_err(|r| ApiError::rejected(r.status(), r.body_text()))?;
    // The memory query has sections, of which this server answers `graph`: a body without it
    // asks for nothing, and is refused rather than read as a query of the whole graph.
    if let Ok(serde_json::Value::Object(sections)) = serde_json::from_slice(&body)
        && !sections.contains_key("graph")
    {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidArgument.as_str(),
            "graph: the memory query has no `graph` section, the one this server answers: send \
             {\"graph\": {\"start\": {\"filters\": [...]}, \"limit\": 50}} ({\"graph\": {}} \
             lists every node)",
        ));
    }
    let query = GraphQuery::parse_bytes(&body).map_err(kenning::Error::from)?;
    let graph = blocking(move || app.store.query_graph(&who, &scope, &query))
        .await
        .map_err(|e| e.renamed("agentInstanceId"))?;
    Ok(Json(QueryAnswer { graph }))
}

/// Runs a facade call on the blocking pool: a write waits for the disk (redb commits durably),
/// which must not stall the async workers.
async fn blocking<T: Send + 'static>(
    call: impl FnOnce() -> kenning::Result<T> + Send + 'static,
) -> Result<T, ApiError> {
    match tokio::task::spawn_blocking(call).await {
        Ok(result) => Ok(result?),
        Err(e) => {
            eprintln!("http_server: a request's task failed: {e}");
            Err(ApiError::internal())
        }
    }
}

// ---- authentication ---------------------------------------------------------------------

/// The principal a request's bearer token authenticates.
struct Caller(Principal);

impl FromRequestParts<Arc<App>> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, ApiError> {
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().split_once(' '))
            .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
            .map(|(_, token)| token.trim())
            .filter(|t| !t.is_empty())
            .ok_or_else(|| ApiError::unauthenticated("send `Authorization: Bearer <token>`"))?;
        if let Some(operator) = &app.operator_token
            && same_secret(token.as_bytes(), operator.as_bytes())
        {
            return Ok(Self(Principal::operator("http-operator")));
        }
        let store = app.store.clone();
        let secret = token.to_owned();
        match blocking(move || store.authenticate(&secret)).await {
            Ok(principal) => Ok(Self(principal)),
            Err(e) if e.code == ErrorCode::PermissionDenied.as_str() => {
                Err(ApiError::unauthenticated(
                    "the bearer token is neither a valid API key nor the operator token: \
                 check it, or ask an operator for a new key",
                ))
            }
            Err(e) => Err(e),
        }
    }
}

/// Compares two secrets in time that depends on their lengths only, not on where they differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

// ---- errors -----------------------------------------------------------------------------

/// The status a facade error code is answered with (the table at the top of this file).
pub(crate) fn status_for(code: ErrorCode) -> StatusCode {
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

/// An error answer: a status and the body `{"code": "...", "message": "..."}`.
struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    /// The `Allow` header of a 405.
    allow: Option<&'static str>,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            allow: None,
        }
    }

    fn unauthenticated(message: &str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "UNAUTHENTICATED", message)
    }

    /// A request axum could not take apart (query string, path, body size).
    fn rejected(status: StatusCode, message: String) -> Self {
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!(
                "the body is over this server's bound of {MAX_BODY_BYTES} bytes: a valid \
                 declaration or query is far smaller; send less"
            )
        } else {
            shortened(message)
        };
        Self::new(status, ErrorCode::InvalidArgument.as_str(), message)
    }

    fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Storage.as_str(),
            "the server failed to complete the request; its log has the details",
        )
    }
}

/// At most this many characters of axum's account of a rejected request: it can quote the
/// request (an unknown query parameter), which is the caller's and may be long.
const REJECTION_CHARS: usize = 400;

/// `message` cut to [`REJECTION_CHARS`] characters, with its length.
fn shortened(message: String) -> String {
    match message.char_indices().nth(REJECTION_CHARS) {
        None => message,
        Some((cut, _)) => format!(
            "{}… ({} characters)",
            &message[..cut],
            message.chars().count()
        ),
    }
}

impl ApiError {
    /// This error with the facade's field `scope_id` (or `scope`) named as the wire spells
    /// it (`scopeId`, `agentInstanceId`).
    fn renamed(mut self, wire: &str) -> Self {
        for internal in ["scope_id", "scope"] {
            if let Some(rest) = self.message.strip_prefix(internal)
                && rest.starts_with(':')
            {
                self.message = format!("{wire}{rest}");
                break;
            }
        }
        self
    }
}

impl From<kenning::Error> for ApiError {
    fn from(e: kenning::Error) -> Self {
        let code = e.code();
        if code == ErrorCode::Storage {
            // Storage messages can name files and internals: keep them in the server's log.
            eprintln!("http_server: {e}");
            return Self::internal();
        }
        Self::new(status_for(code), code.as_str(), e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(serde_json::json!({ "code": self.code, "message": self.message }));
        if self.status == StatusCode::UNAUTHORIZED {
            (self.status, [(header::WWW_AUTHENTICATE, "Bearer")], body).into_response()
        } else if let Some(allow) = self.allow {
            (self.status, [(header::ALLOW, allow)], body).into_response()
        } else {
            (self.status, body).into_response()
        }
    }
}
