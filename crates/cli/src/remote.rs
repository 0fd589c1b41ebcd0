//! The command line when a `kenning serve` holds the store: the server is found (from
//! `--server`, or the discovery file beside the store), and every facade call the commands make
//! goes to one of its REST routes instead of the file. The answers are the library's own serde
//! types and the errors are rebuilt as the facade's, so a command prints the same output and
//! exits with the same code either way.

use std::io::Read as _;
use std::path::Path;
use std::time::Duration;

use anyhow::Context as _;
use kenning::{
    ApiKey, AuditRecord, Capsule, CapsuleId, CommitReport, Declaration, GraphAnswer, GraphCommit,
    GraphQuery, Kenning, KeyGrant, Level, Lifecycle, LifecycleChange, NewApiKey, NewCapsule,
    NodePage, Principal, Retrieval, RetrieveRequest, Scope, ScopeKind, VocabularyRead,
};
use kenning_server::files::{Discovery, token_path};
use kenning_server::{ErrorBody, OPERATOR_HEADER};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::cli::Cli;

/// A server to carry calls out through, and the token to present to it.
#[derive(Debug, Clone)]
pub(crate) struct Server {
    /// Its base URL, without a trailing `/`.
    pub(crate) url: String,
    /// The bearer token: the API key's secret, or the operator token.
    pub(crate) token: String,
    /// The operator's name for the audit log, when the token is the operator token.
    pub(crate) operator: Option<String>,
}

/// The user running the command, as the audit log names an operator session.
pub(crate) fn user() -> String {
    std::env::var("USER")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "local".to_owned())
}

/// The server to use: `--server URL`, or the one the discovery file beside the store names when
/// something listens there; `None` to work on the file directly.
///
/// # Errors
/// A `--server` URL that is not `http://HOST:PORT`, or a server to use without a token to
/// present (no `--api-key`, and the operator token file cannot be read).
pub(crate) fn find(cli: &Cli) -> anyhow::Result<Option<Server>> {
    let url = match &cli.server {
        Some(url) => {
            let url = url.trim_end_matches('/').to_owned();
            if address(&url).is_none() {
                anyhow::bail!(
                    "--server {}: expected http://HOST:PORT, e.g. http://127.0.0.1:7474",
                    kenning::vocab::quote(&url)
                );
            }
            url
        }
        None => match Discovery::read(&cli.store) {
            Some(found) if listening(&found.url) => found.url.trim_end_matches('/').to_owned(),
            // No server, or one that is gone without removing its file (killed): the file.
            _ => return Ok(None),
        },
    };
    let (token, operator) = match &cli.api_key {
        Some(secret) => (secret.clone(), None),
        None => (operator_token(&cli.store, &url)?, Some(user())),
    };
    Ok(Some(Server {
        url,
        token,
        operator,
    }))
}

/// The operator token of the server at `url`, from its file beside `store`.
fn operator_token(store: &Path, url: &str) -> anyhow::Result<String> {
    let path = token_path(store);
    let token = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "the server at {url} holds the store, and its operator token {} cannot be read: run \
             as the user who started it, or pass --api-key (or set KENNING_API_KEY)",
            path.display()
        )
    })?;
    Ok(token.trim().to_owned())
}

/// `HOST:PORT` of an `http://HOST:PORT` URL.
fn address(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("http://")?;
    let authority = rest.split('/').next()?;
    (!authority.is_empty() && authority.contains(':')).then_some(authority)
}

/// Whether something accepts connections at `url`.
fn listening(url: &str) -> bool {
    use std::net::ToSocketAddrs as _;
    let Some(addrs) = address(url).and_then(|a| a.to_socket_addrs().ok()) else {
        return false;
    };
    addrs
        .into_iter()
        .any(|a| std::net::TcpStream::connect_timeout(&a, Duration::from_secs(2)).is_ok())
}

/// Percent-encodes `text` for one path segment or query value.
pub(crate) fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// How long a call may take, end to end.
const CALL_TIMEOUT: Duration = Duration::from_secs(300);

/// The largest answer read.
const MAX_ANSWER_BYTES: u64 = 1 << 30;

/// An answer as received: its status, body and headers.
type Raw = (u16, String, Vec<(String, String)>);

/// A client of the REST routes.
pub(crate) struct Client {
    agent: ureq::Agent,
    server: Server,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("url", &self.server.url)
            .finish_non_exhaustive()
    }
}

/// A failure to talk to the server, as a storage error (the store could not be reached).
fn unreachable(url: &str, e: &dyn std::fmt::Display) -> kenning::Error {
    kenning::Error::Storage {
        message: format!(
            "the server at {url} did not answer ({e}): check that `kenning serve` runs, or pass \
             --server with its address"
        ),
        source: None,
    }
}

impl Client {
    pub(crate) fn new(server: Server) -> Self {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(CALL_TIMEOUT))
            .build()
            .into();
        Self { agent, server }
    }

    pub(crate) fn url(&self) -> &str {
        &self.server.url
    }

    /// `method path` with `body`, answered as `T`; an error answer rebuilt as the facade's.
    fn call<T: DeserializeOwned>(
        &self,
        method: &str,
        path: &str,
        body: Option<Vec<u8>>,
    ) -> kenning::Result<T> {
        let (status, text, _) = self.raw(method, path, body)?;
        if (200..300).contains(&status) {
            let text = if text.is_empty() { "null" } else { &text };
            return serde_json::from_str(text).map_err(|e| {
                unreachable(
                    &self.server.url,
                    &format!("an answer that does not parse: {e}"),
                )
            });
        }
        Err(rebuild(status, &text))
    }

    /// The status, body and headers of one request.
    fn raw(&self, method: &str, path: &str, body: Option<Vec<u8>>) -> kenning::Result<Raw> {
        let url = format!("{}{path}", self.server.url);
        let mut builder = ureq::http::Request::builder()
            .method(method)
            .uri(&url)
            .header("authorization", format!("Bearer {}", self.server.token))
            .header("content-type", "application/json");
        if let Some(name) = &self.server.operator {
            builder = builder.header(OPERATOR_HEADER, name);
        }
        let request = builder
            .body(body.unwrap_or_default())
            .map_err(|e| unreachable(&self.server.url, &e))?;
        let response = self
            .agent
            .run(request)
            .map_err(|e| unreachable(&self.server.url, &e))?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .filter_map(|(k, v)| Some((k.as_str().to_owned(), v.to_str().ok()?.to_owned())))
            .collect();
        let mut text = String::new();
        response
            .into_body()
            .into_reader()
            .take(MAX_ANSWER_BYTES)
            .read_to_string(&mut text)
            .map_err(|e| unreachable(&self.server.url, &e))?;
        Ok((status, text, headers))
    }

    fn get<T: DeserializeOwned>(&self, path: &str) -> kenning::Result<T> {
        self.call("GET", path, None)
    }

    fn post<T: DeserializeOwned>(&self, path: &str, body: &impl Serialize) -> kenning::Result<T> {
        let bytes = serde_json::to_vec(body).map_err(|e| unreachable(&self.server.url, &e))?;
        self.call("POST", path, Some(bytes))
    }

    /// The principal the token authenticates.
    pub(crate) fn whoami(&self) -> kenning::Result<Principal> {
        self.get("/v1/whoami")
    }
}

/// A field of an answer.
fn member<T: DeserializeOwned>(mut value: Value, name: &str) -> kenning::Result<T> {
    serde_json::from_value(value.get_mut(name).map(Value::take).unwrap_or_default()).map_err(|e| {
        kenning::Error::Storage {
            message: format!("the server's answer has no valid `{name}`: {e}"),
            source: None,
        }
    })
}

/// The facade's error, rebuilt from an error answer.
fn rebuild(status: u16, text: &str) -> kenning::Error {
    let Ok(body) = serde_json::from_str::<ErrorBody>(text) else {
        return kenning::Error::Storage {
            message: format!(
                "the server answered {status} with {}",
                kenning::vocab::quote(text)
            ),
            source: None,
        };
    };
    let message = body.message;
    match body.code.as_str() {
        "INVALID_ARGUMENT" => {
            let (field, message) = match body.field {
                Some(field) => {
                    let rest = message
                        .strip_prefix(field.as_str())
                        .and_then(|r| r.strip_prefix(": "))
                        .map(str::to_owned)
                        .unwrap_or(message);
                    (field, rest)
                }
                None => match message.split_once(": ") {
                    Some((f, rest)) => (f.to_owned(), rest.to_owned()),
                    None => ("request".to_owned(), message),
                },
            };
            kenning::Error::InvalidArgument { field, message }
        }
        "NOT_FOUND" => match (body.what.as_deref(), body.id, body.scope) {
            (Some("scope"), Some(id), _) => kenning::Error::NotFound { what: "scope", id },
            (Some("api key"), Some(id), _) => kenning::Error::NotFound {
                what: "api key",
                id,
            },
            (None, Some(name), Some(scope)) => kenning::Error::UnknownEntity { scope, name },
            _ => kenning::Error::NotFound {
                what: "route",
                id: message,
            },
        },
        "UNKNOWN_CAPSULE" => match body.id.and_then(|id| id.parse::<CapsuleId>().ok()) {
            Some(id) => kenning::Error::UnknownCapsule { id },
            None => kenning::Error::FailedPrecondition { message },
        },
        // The store's own refusal of a secret it does not know, as a local session gets it.
        "UNAUTHENTICATED" => Kenning::in_memory()
            .and_then(|store| store.authenticate(""))
            .err()
            .unwrap_or(kenning::Error::PermissionDenied { message }),
        "PERMISSION_DENIED" => kenning::Error::PermissionDenied { message },
        "FAILED_PRECONDITION" => kenning::Error::FailedPrecondition { message },
        _ => {
            let message = message
                .strip_prefix("storage: ")
                .map(str::to_owned)
                .unwrap_or(message);
            if body.outcome_unknown {
                kenning::Error::CommitUnknown {
                    message,
                    source: None,
                }
            } else {
                kenning::Error::Storage {
                    message,
                    source: None,
                }
            }
        }
    }
}

/// The vocabulary routes name the level `scopeId`, as the seed's wire does; the facade, and so
/// the command line run locally, `scope_id`.
fn unrenamed(e: kenning::Error) -> kenning::Error {
    match e {
        kenning::Error::InvalidArgument { field, message } if field == "scopeId" => {
            kenning::Error::InvalidArgument {
                field: "scope_id".to_owned(),
                message,
            }
        }
        e => e,
    }
}

fn level_query(level: Level<'_>) -> String {
    match level {
        Level::Scope(id) => format!("?scopeId={}", encode(id)),
        _ => String::new(),
    }
}

/// The store a command works on: the file, or a server holding it.
#[derive(Debug)]
pub(crate) enum Backend {
    /// The file, opened by this process.
    Local(Kenning),
    /// A `kenning serve` holding the file.
    Remote(Client),
}

/// Each method is the facade method of the same name, locally or through the server.
impl Backend {
    pub(crate) fn register_scope(
        &self,
        who: &Principal,
        id: &str,
        kind: ScopeKind,
    ) -> kenning::Result<bool> {
        match self {
            Self::Local(s) => s.register_scope(who, id, kind),
            Self::Remote(c) => member(
                c.post("/v1/scopes", &json!({"id": id, "kind": kind}))?,
                "created",
            ),
        }
    }

    pub(crate) fn scope(&self, who: &Principal, id: &str) -> kenning::Result<Scope> {
        match self {
            Self::Local(s) => s.scope(who, id),
            Self::Remote(c) => c.get(&format!("/v1/scopes/{}", encode(id))),
        }
    }

    pub(crate) fn scopes(&self, who: &Principal) -> kenning::Result<Vec<Scope>> {
        match self {
            Self::Local(s) => s.scopes(who),
            Self::Remote(c) => c.get("/v1/scopes"),
        }
    }

    pub(crate) fn create_api_key(
        &self,
        who: &Principal,
        grant: KeyGrant,
    ) -> kenning::Result<NewApiKey> {
        match self {
            Self::Local(s) => s.create_api_key(who, grant),
            Self::Remote(c) => {
                let answer: Value = c.post("/v1/keys", &grant)?;
                let key: ApiKey = member(answer.clone(), "key")?;
                let secret: String = member(answer, "secret")?;
                Ok(NewApiKey { key, secret })
            }
        }
    }

    pub(crate) fn api_keys(&self, who: &Principal) -> kenning::Result<Vec<ApiKey>> {
        match self {
            Self::Local(s) => s.api_keys(who),
            Self::Remote(c) => c.get("/v1/keys"),
        }
    }

    pub(crate) fn revoke_api_key(&self, who: &Principal, id: &str) -> kenning::Result<bool> {
        match self {
            Self::Local(s) => s.revoke_api_key(who, id),
            Self::Remote(c) => member(
                c.call("DELETE", &format!("/v1/keys/{}", encode(id)), None)?,
                "revoked",
            ),
        }
    }

    pub(crate) fn audit_log(
        &self,
        who: &Principal,
        after: u64,
        limit: usize,
    ) -> kenning::Result<Vec<AuditRecord>> {
        match self {
            Self::Local(s) => s.audit_log(who, after, limit),
            Self::Remote(c) => c.get(&format!("/v1/audit?after={after}&limit={limit}")),
        }
    }

    pub(crate) fn vocabulary(
        &self,
        who: &Principal,
        level: Level<'_>,
    ) -> kenning::Result<VocabularyRead> {
        match self {
            Self::Local(s) => s.vocabulary(who, level),
            Self::Remote(c) => c
                .get(&format!("/v1/memory/vocabulary{}", level_query(level)))
                .map_err(unrenamed),
        }
    }

    pub(crate) fn declare(&self, who: &Principal, body: &Declaration) -> kenning::Result<()> {
        match self {
            Self::Local(s) => s.declare(who, body),
            Self::Remote(c) => {
                let bytes = serde_json::to_vec(body).map_err(|e| unreachable(c.url(), &e))?;
                c.call::<Value>("PUT", "/v1/memory/vocabulary", Some(bytes))
                    .map(drop)
                    .map_err(unrenamed)
            }
        }
    }

    pub(crate) fn remove_vocabulary(
        &self,
        who: &Principal,
        level: Level<'_>,
    ) -> kenning::Result<bool> {
        match self {
            Self::Local(s) => s.remove_vocabulary(who, level),
            Self::Remote(c) => {
                let path = format!("/v1/memory/vocabulary{}", level_query(level));
                let (status, text, headers) = c.raw("DELETE", &path, None)?;
                if !(200..300).contains(&status) {
                    return Err(unrenamed(rebuild(status, &text)));
                }
                Ok(headers
                    .iter()
                    .any(|(k, v)| k == "kenning-removed" && v == "true"))
            }
        }
    }

    pub(crate) fn put(&self, who: &Principal, capsule: &NewCapsule) -> kenning::Result<CapsuleId> {
        match self {
            Self::Local(s) => s.put(who, capsule),
            Self::Remote(c) => member(c.post("/v1/capsules", capsule)?, "id"),
        }
    }

    pub(crate) fn put_batch(
        &self,
        who: &Principal,
        capsules: &[NewCapsule],
    ) -> kenning::Result<Vec<CapsuleId>> {
        match self {
            Self::Local(s) => s.put_batch(who, capsules),
            Self::Remote(c) => member(
                c.post("/v1/capsules/batch", &json!({ "capsules": capsules }))?,
                "ids",
            ),
        }
    }

    pub(crate) fn put_batch_with_embeddings(
        &self,
        who: &Principal,
        capsules: &[NewCapsule],
        embeddings: &[Option<&[f32]>],
        model_tag: &str,
    ) -> kenning::Result<Vec<CapsuleId>> {
        match self {
            Self::Local(s) => s.put_batch_with_embeddings(who, capsules, embeddings, model_tag),
            Self::Remote(c) => member(
                c.post(
                    "/v1/capsules/batch",
                    &json!({ "capsules": capsules, "embeddings": embeddings, "model_tag": model_tag }),
                )?,
                "ids",
            ),
        }
    }

    pub(crate) fn capsule(&self, who: &Principal, id: CapsuleId) -> kenning::Result<Capsule> {
        match self {
            Self::Local(s) => s.capsule(who, id),
            Self::Remote(c) => c.get(&format!("/v1/capsules/{id}")),
        }
    }

    pub(crate) fn capsules(
        &self,
        who: &Principal,
        scope_id: &str,
        after: Option<CapsuleId>,
        limit: usize,
    ) -> kenning::Result<Vec<Capsule>> {
        match self {
            Self::Local(s) => s.capsules(who, scope_id, after, limit),
            Self::Remote(c) => {
                let after = after.map(|a| format!("&after={a}")).unwrap_or_default();
                c.get(&format!(
                    "/v1/scopes/{}/capsules?limit={limit}{after}",
                    encode(scope_id)
                ))
            }
        }
    }

    pub(crate) fn supersede(
        &self,
        who: &Principal,
        old: CapsuleId,
        replacement: &NewCapsule,
    ) -> kenning::Result<CapsuleId> {
        match self {
            Self::Local(s) => s.supersede(who, old, replacement),
            Self::Remote(c) => member(
                c.post(&format!("/v1/capsules/{old}/supersede"), replacement)?,
                "id",
            ),
        }
    }

    pub(crate) fn change_lifecycle(
        &self,
        who: &Principal,
        id: CapsuleId,
        change: LifecycleChange,
    ) -> kenning::Result<Lifecycle> {
        match self {
            Self::Local(s) => s.change_lifecycle(who, id, change),
            Self::Remote(c) => c.post(&format!("/v1/capsules/{id}/lifecycle"), &change),
        }
    }

    pub(crate) fn forget(&self, who: &Principal, id: CapsuleId) -> kenning::Result<()> {
        match self {
            Self::Local(s) => s.forget(who, id),
            Self::Remote(c) => c
                .call::<Value>("DELETE", &format!("/v1/capsules/{id}"), None)
                .map(drop),
        }
    }

    pub(crate) fn retrieve(
        &self,
        who: &Principal,
        request: &RetrieveRequest,
    ) -> kenning::Result<Retrieval> {
        match self {
            Self::Local(s) => s.retrieve(who, request),
            Self::Remote(c) => c.post("/v1/retrieve", request),
        }
    }

    pub(crate) fn commit_graph(
        &self,
        who: &Principal,
        scope_id: &str,
        commit: &GraphCommit,
    ) -> kenning::Result<CommitReport> {
        match self {
            Self::Local(s) => s.commit_graph(who, scope_id, commit),
            Self::Remote(c) => c.post(&format!("/v1/scopes/{}/graph", encode(scope_id)), commit),
        }
    }

    pub(crate) fn query_graph(
        &self,
        who: &Principal,
        scope_id: &str,
        query: &GraphQuery,
    ) -> kenning::Result<GraphAnswer> {
        match self {
            Self::Local(s) => s.query_graph(who, scope_id, query),
            Self::Remote(c) => c.post(
                &format!("/v1/scopes/{}/graph/query", encode(scope_id)),
                query,
            ),
        }
    }

    pub(crate) fn inspect_graph(
        &self,
        who: &Principal,
        scope_id: &str,
        after: Option<&str>,
        limit: u32,
    ) -> kenning::Result<NodePage> {
        match self {
            Self::Local(s) => s.inspect_graph(who, scope_id, after, limit),
            Self::Remote(c) => {
                let after = after
                    .map(|a| format!("&after={}", encode(a)))
                    .unwrap_or_default();
                c.get(&format!(
                    "/v1/scopes/{}/graph/nodes?limit={limit}{after}",
                    encode(scope_id)
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_rebuilt_as_the_facade_words_them() {
        let e = rebuild(
            400,
            r#"{"code": "INVALID_ARGUMENT", "message": "fusion.k: must be positive", "field": "fusion.k"}"#,
        );
        assert!(
            matches!(&e, kenning::Error::InvalidArgument { field, message }
            if field == "fusion.k" && message == "must be positive")
        );
        assert_eq!(e.to_string(), "fusion.k: must be positive");
        let local = kenning::Error::UnknownCapsule {
            id: CapsuleId::new(9),
        };
        let e = rebuild(
            404,
            &serde_json::to_string(&json!({
            "code": "UNKNOWN_CAPSULE", "message": local.to_string(), "id": "cap-9"}))
            .unwrap_or_default(),
        );
        assert_eq!(e.to_string(), local.to_string());
        assert_eq!(e.code(), kenning::ErrorCode::UnknownCapsule);
        let local = kenning::Error::NotFound {
            what: "scope",
            id: "bot.x".into(),
        };
        let e = rebuild(
            404,
            &serde_json::to_string(&json!({
            "code": "NOT_FOUND", "message": local.to_string(), "what": "scope", "id": "bot.x"}))
            .unwrap_or_default(),
        );
        assert_eq!(e.to_string(), local.to_string());
        let e = rebuild(500, "<html>");
        assert_eq!(e.code(), kenning::ErrorCode::Storage);
    }

    #[test]
    fn path_segments_are_percent_encoded() {
        assert_eq!(encode("bot.support-1_x~"), "bot.support-1_x~");
        assert_eq!(encode("a b/c?d"), "a%20b%2Fc%3Fd");
        assert_eq!(encode("é"), "%C3%A9");
    }

    #[test]
    fn server_urls_need_a_host_and_port() {
        assert_eq!(address("http://127.0.0.1:7474"), Some("127.0.0.1:7474"));
        assert_eq!(address("http://127.0.0.1:7474/x"), Some("127.0.0.1:7474"));
        assert_eq!(address("https://h:1"), None);
        assert_eq!(address("http://h"), None);
    }
}
