//! The REST routes: the seed's vocabulary and memory-query routes with the seed's bodies, and the
//! rest of the memory API with the library's own serde types as bodies.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Extension, FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use kenning::{
    AttachRequest, CapsuleId, ClassifyRequest, Declaration, EdgeRef, EntityObservations, ErrorCode,
    Format, GraphCommit, GraphDeletion, GraphQuery, Kenning, KeyGrant, Level, LifecycleChange,
    NewCapsule, NewEntity, Principal, RetrieveRequest, ScopeKind,
};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::auth::{Auth, Caller, require_token};
use crate::error::{ApiError, MAX_BODY_BYTES, log};
use crate::store::Store;

/// What every handler shares.
struct App {
    store: Store,
}

/// Every route of the memory API over `store`, behind [`require_token`] with `auth`.
///
/// `store` is a [`Kenning`] (served as it is, for good) or a [`Store`]; a
/// [`Store::reopening`] opens the store again by itself after an I/O error spoiled the handle
/// (the crate docs say what a client sees). Give `auth` a clone of the same [`Store`].
///
/// The router answers an unknown route with `404 NOT_FOUND` and a known route asked with
/// another method with `405 METHOD_NOT_ALLOWED`, both after authentication, so that an
/// unauthenticated caller learns nothing of the routes either.
pub fn routes(store: impl Into<Store>, auth: Auth) -> Router {
    let app = Arc::new(App {
        store: store.into(),
    });
    Router::new()
        // Seed 000.
        .route(
            "/v1/memory/vocabulary",
            put(declare).get(read_vocabulary).delete(remove_vocabulary),
        )
        // axum 0.8 captures only whole `{...}` segments, so `memory:query` is a literal one.
        .route(
            "/v1/agents/{agent_instance_id}/memory:query",
            post(memory_query),
        )
        // The rest of the memory API.
        .route("/v1/whoami", get(whoami))
        .route("/v1/scopes", get(list_scopes).post(register_scope))
        .route("/v1/scopes/{scope}", get(read_scope))
        .route("/v1/scopes/{scope}/capsules", get(list_capsules))
        .route(
            "/v1/scopes/{scope}/embeddings",
            get(list_embeddings).post(attach_embedding),
        )
        .route("/v1/scopes/{scope}/graph", post(commit_graph))
        .route("/v1/scopes/{scope}/graph/query", post(query_graph))
        .route("/v1/scopes/{scope}/graph/nodes", get(graph_nodes))
        .route("/v1/scopes/{scope}/graph/delete", post(delete_graph))
        .route(
            "/v1/scopes/{scope}/entities",
            get(entity_graph).post(create_entities),
        )
        .route("/v1/scopes/{scope}/entities/open", post(open_entities))
        .route("/v1/scopes/{scope}/entities/search", post(search_entities))
        .route("/v1/scopes/{scope}/entities/delete", post(delete_entities))
        .route("/v1/scopes/{scope}/observations", post(add_observations))
        .route(
            "/v1/scopes/{scope}/observations/delete",
            post(delete_observations),
        )
        .route("/v1/scopes/{scope}/relations", post(create_relations))
        .route(
            "/v1/scopes/{scope}/relations/delete",
            post(delete_relations),
        )
        .route("/v1/capsules", post(put_capsule))
        .route("/v1/capsules/batch", post(put_batch))
        .route("/v1/capsules/{id}", get(get_capsule).delete(forget))
        .route("/v1/capsules/{id}/supersede", post(supersede))
        .route("/v1/capsules/{id}/lifecycle", post(lifecycle))
        .route("/v1/retrieve", post(retrieve))
        .route("/v1/classify", post(classify))
        .route("/v1/keys", get(list_keys).post(create_key))
        .route("/v1/keys/{id}", axum::routing::delete(revoke_key))
        .route("/v1/audit", get(audit))
        // The document of these routes, behind the same token.
        .route("/openapi.json", get(openapi_json))
        .fallback(|method: Method, uri: Uri| async move {
            let path = kenning::vocab::quote(uri.path());
            ApiError::new(
                StatusCode::NOT_FOUND,
                ErrorCode::NotFound.as_str(),
                format!("no route {method} {path}: the README lists the routes"),
            )
        })
        .method_not_allowed_fallback(|method: Method, uri: Uri| async move {
            let allowed = allowed(uri.path());
            let mut e = ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "METHOD_NOT_ALLOWED",
                format!(
                    "{} does not take {method}: it takes {allowed}",
                    kenning::vocab::quote(uri.path())
                ),
            );
            e.allow = Some(allowed);
            e
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(app)
        .layer(axum::middleware::from_fn_with_state(auth, require_token))
}

// ---- plumbing ---------------------------------------------------------------------------

/// The methods the route matching `path` takes (the `Allow` of a 405).
fn allowed(path: &str) -> &'static str {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    match segments.as_slice() {
        ["v1", "memory", "vocabulary"] => "PUT, GET, DELETE",
        ["v1", "scopes"] | ["v1", "keys"] => "GET, POST",
        ["v1", "scopes", _, "embeddings" | "entities"] => "GET, POST",
        ["v1", "capsules", id] if *id != "batch" => "GET, DELETE",
        ["v1", "keys", _] => "DELETE",
        ["openapi.json"]
        | ["v1", "whoami" | "audit"]
        | ["v1", "scopes", _]
        | ["v1", "scopes", _, "capsules"]
        | ["v1", "scopes", _, "graph", "nodes"] => "GET",
        _ => "POST",
    }
}

/// A JSON body read as `T` (the library's serde type); a mismatch is `400` naming the field by
/// its path in the body.
pub(crate) struct Body<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|r: BytesRejection| ApiError::rejected(r.status(), r.body_text()))?;
        parse(&bytes).map(Body)
    }
}

/// `bytes` as JSON of `T`.
fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "body" } else { path.as_str() };
        ApiError::invalid(
            field,
            format!(
                "{}: send the body this route takes (the README lists them)",
                crate::error::shortened(e.inner().to_string())
            ),
        )
    })?;
    de.end().map_err(|e| {
        ApiError::invalid(
            "body",
            format!("{e}: send one JSON value, nothing after it"),
        )
    })?;
    Ok(value)
}

fn path<T>(p: Result<Path<T>, PathRejection>) -> Result<T, ApiError> {
    p.map(|Path(v)| v)
        .map_err(|r| ApiError::rejected(r.status(), r.body_text()))
}

fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(v)| v)
        .map_err(|r| ApiError::rejected(r.status(), r.body_text()))
}

/// A capsule id from a path segment, named `id` in errors.
fn capsule_id(text: &str) -> Result<CapsuleId, ApiError> {
    text.parse::<CapsuleId>()
        .map_err(|e| ApiError::from_facade(&e, false).renamed("id"))
}

/// Runs a facade call on the blocking pool as `caller`: a write waits for the disk (redb
/// commits durably), which must not stall the async workers. The call's error is answered as
/// it is, and hands the store its handle back spoiled if it is (never retried).
async fn call<T: Send + 'static>(
    app: &Arc<App>,
    caller: &Caller,
    f: impl FnOnce(&Kenning, &Principal) -> kenning::Result<T> + Send + 'static,
) -> Result<T, ApiError> {
    let (store, who, detailed) = (app.store.clone(), caller.who.clone(), caller.operator);
    let run = tokio::task::spawn_blocking(move || {
        let lease = store.lease()?;
        let outcome = f(&lease, &who);
        lease.release(outcome.as_ref().err());
        Ok(outcome.map_err(|e| ApiError::from_call(&e, detailed, &store)))
    });
    match run.await {
        Ok(Ok(Ok(v))) => Ok(v),
        Ok(Ok(Err(e))) => Err(e),
        Ok(Err(unavailable)) => Err(ApiError::unavailable(&unavailable, detailed)),
        Err(e) => {
            log(&format!("a request's task failed: {e}"));
            Err(ApiError::internal())
        }
    }
}

/// Refuses a management-class route to an API key before the store is touched (A2): a key
/// can never do it, whatever it holds.
fn management(caller: &Caller, what: &str) -> Result<(), ApiError> {
    if caller.who.is_api_key() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::PermissionDenied.as_str(),
            format!(
                "{what} is management-class and this request authenticates with an API key, \
                 which can never do it: use the operator token"
            ),
        ));
    }
    Ok(())
}

type Answer<T> = Result<Json<T>, ApiError>;

// ---- seed 000 ---------------------------------------------------------------------------

/// `PUT /v1/memory/vocabulary`: the level is the body's `scopeId`; the query string is not read.
async fn declare(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    let body = body.map_err(|r| ApiError::rejected(r.status(), r.body_text()))?;
    let yaml = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("yaml"));
    let format = if yaml { Format::Yaml } else { Format::Json };
    let declaration = Declaration::parse_bytes(&body, format)
        .map_err(|e| ApiError::from_facade(&kenning::Error::from(e), false))?;
    call(&app, &caller, move |s, who| s.declare(who, &declaration))
        .await
        .map_err(|e| e.renamed("scopeId"))?;
    Ok(StatusCode::NO_CONTENT)
}

/// The query string of `GET` and `DELETE /v1/memory/vocabulary`: only `scopeId`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelQuery {
    /// The scope whose declaration is meant; none for the enterprise level.
    #[serde(rename = "scopeId")]
    scope_id: Option<String>,
}

async fn read_vocabulary(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    q: Result<Query<LevelQuery>, QueryRejection>,
) -> Answer<kenning::VocabularyRead> {
    let q = query(q)?;
    call(&app, &caller, move |s, who| {
        s.vocabulary(who, Level::from_scope_id(q.scope_id.as_deref()))
    })
    .await
    .map(Json)
    .map_err(|e| e.renamed("scopeId"))
}

async fn remove_vocabulary(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    q: Result<Query<LevelQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let removed = call(&app, &caller, move |s, who| {
        s.remove_vocabulary(who, Level::from_scope_id(q.scope_id.as_deref()))
    })
    .await
    .map_err(|e| e.renamed("scopeId"))?;
    // The seed answers 204; `Kenning-Removed` says whether there was a declaration to remove.
    Ok((
        StatusCode::NO_CONTENT,
        [("kenning-removed", if removed { "true" } else { "false" })],
    )
        .into_response())
}

/// `POST /v1/agents/{agentInstanceId}/memory:query`: the graph section on that scope.
async fn memory_query(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Answer<MemoryQueryAnswer> {
    let scope = path(scope)?;
    let body = body.map_err(|r| ApiError::rejected(r.status(), r.body_text()))?;
    if let Ok(Value::Object(sections)) = serde_json::from_slice(&body)
        && !sections.contains_key("graph")
    {
        return Err(ApiError::invalid(
            "graph",
            "the memory query has no `graph` section, the one this server answers: send \
             {\"graph\": {\"start\": {\"filters\": [...]}, \"limit\": 50}} ({\"graph\": {}} \
             lists every node)",
        ));
    }
    let q = GraphQuery::parse_bytes(&body)
        .map_err(|e| ApiError::from_facade(&kenning::Error::from(e), false))?;
    let graph = call(&app, &caller, move |s, who| s.query_graph(who, &scope, &q))
        .await
        .map_err(|e| e.renamed("agentInstanceId"))?;
    Ok(Json(MemoryQueryAnswer { graph }))
}

/// `GET /openapi.json`: [`crate::openapi::openapi`].
async fn openapi_json() -> Json<Value> {
    Json(crate::openapi::openapi())
}

// ---- answers that are not a library type -----------------------------------------------

/// The body of `POST /v1/agents/{agentInstanceId}/memory:query`, seed 000's memory query: its
/// `graph` section, the one this server answers. (The route reads it with
/// [`GraphQuery::parse_bytes`], whose errors name fields as sent; this type describes the body
/// in the OpenAPI document.)
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct MemoryQuery {
    /// The graph query.
    pub graph: GraphQuery,
}

/// The answer of `POST /v1/agents/{agentInstanceId}/memory:query`: seed 000's `graph` section.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct MemoryQueryAnswer {
    /// The graph section's answer.
    pub graph: kenning::GraphAnswer,
}

/// The answer of `POST /v1/scopes`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Registered {
    /// Whether the scope is new (false: it was registered already, with the same kind).
    pub created: bool,
}

/// The answer of `POST /v1/capsules` and of a supersede: the stored capsule's id.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Stored {
    /// The new capsule's id.
    pub id: CapsuleId,
}

/// The answer of `POST /v1/capsules/batch`: the ids, in the order of the capsules.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct StoredBatch {
    /// `ids[i]` is the id of `capsules[i]`.
    pub ids: Vec<CapsuleId>,
}

/// The answer of `DELETE /v1/capsules/{id}`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Forgotten {
    /// The capsule forgotten.
    pub forgotten: CapsuleId,
}

/// One item of the answer of `POST /v1/scopes/{scope}/observations`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObservationsAdded {
    /// The entity.
    pub entity_name: String,
    /// The observations this call added to it (one it held already is not added again).
    pub observations: Vec<kenning::Observation>,
}

/// The answer of `POST /v1/keys`: the key, and its secret, shown this once.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct KeyCreated {
    /// The key.
    pub key: kenning::ApiKey,
    /// The secret to hand to the key's holder; it is not stored and cannot be shown again.
    pub secret: String,
}

/// The answer of `DELETE /v1/keys/{id}`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Revoked {
    /// Whether the key was live until this call (false: it was revoked already).
    pub revoked: bool,
}

// ---- principal, scopes ------------------------------------------------------------------

/// `GET /v1/whoami`: the principal the token authenticates (what a client shows and checks).
async fn whoami(Extension(caller): Extension<Caller>) -> Json<Principal> {
    Json(caller.who)
}

async fn list_scopes(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
) -> Answer<Vec<kenning::Scope>> {
    call(&app, &caller, |s, who| s.scopes(who)).await.map(Json)
}

/// The body of `POST /v1/scopes`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterScope {
    /// The scope id.
    pub id: String,
    /// Its kind, fixed at registration.
    pub kind: ScopeKind,
}

async fn register_scope(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    Body(body): Body<RegisterScope>,
) -> Answer<Registered> {
    management(&caller, "registering a scope")?;
    let created = call(&app, &caller, move |s, who| {
        s.register_scope(who, &body.id, body.kind)
    })
    .await?;
    Ok(Json(Registered { created }))
}

async fn read_scope(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
) -> Answer<kenning::Scope> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| s.scope(who, &scope))
        .await
        .map(Json)
}

/// A page's query string: `after` (exclusive) and `limit`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Page {
    /// The last id of the previous page (exclusive); none for the first page.
    after: Option<String>,
    /// The most items answered (default 100).
    limit: Option<u32>,
}

async fn list_capsules(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    q: Result<Query<Page>, QueryRejection>,
) -> Answer<Vec<kenning::Capsule>> {
    let (scope, q) = (path(scope)?, query(q)?);
    let after = q
        .after
        .as_deref()
        .map(|a| a.parse::<CapsuleId>())
        .transpose()
        .map_err(|e| ApiError::from_facade(&e, false).renamed("after"))?;
    let limit = q.limit.unwrap_or(100) as usize;
    call(&app, &caller, move |s, who| {
        s.capsules(who, &scope, after, limit)
    })
    .await
    .map(Json)
}

// ---- capsules ---------------------------------------------------------------------------

async fn put_capsule(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    Body(capsule): Body<NewCapsule>,
) -> Answer<Stored> {
    let id = call(&app, &caller, move |s, who| s.put(who, &capsule)).await?;
    Ok(Json(Stored { id }))
}

/// The body of `POST /v1/capsules/batch`: capsules, and optionally one embedding (or `null`)
/// per capsule under one `model_tag`; all in one transaction.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Batch {
    /// The capsules, in order.
    pub capsules: Vec<NewCapsule>,
    /// `embeddings[i]` belongs to `capsules[i]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embeddings: Option<Vec<Option<Vec<f32>>>>,
    /// The model that computed the embeddings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_tag: Option<String>,
}

async fn put_batch(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    Body(batch): Body<Batch>,
) -> Answer<StoredBatch> {
    let ids = call(&app, &caller, move |s, who| match &batch.embeddings {
        None => s.put_batch(who, &batch.capsules),
        Some(vectors) => {
            let refs: Vec<Option<&[f32]>> = vectors.iter().map(Option::as_deref).collect();
            let tag = batch.model_tag.as_deref().unwrap_or_default();
            s.put_batch_with_embeddings(who, &batch.capsules, &refs, tag)
        }
    })
    .await?;
    Ok(Json(StoredBatch { ids }))
}

async fn get_capsule(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<kenning::Capsule> {
    let id = capsule_id(&path(id)?)?;
    call(&app, &caller, move |s, who| s.capsule(who, id))
        .await
        .map(Json)
}

async fn forget(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<Forgotten> {
    let id = capsule_id(&path(id)?)?;
    call(&app, &caller, move |s, who| s.forget(who, id)).await?;
    Ok(Json(Forgotten { forgotten: id }))
}

async fn supersede(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    id: Result<Path<String>, PathRejection>,
    Body(replacement): Body<NewCapsule>,
) -> Answer<Stored> {
    let old = capsule_id(&path(id)?)?;
    let id = call(&app, &caller, move |s, who| {
        s.supersede(who, old, &replacement)
    })
    .await?;
    Ok(Json(Stored { id }))
}

async fn lifecycle(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    id: Result<Path<String>, PathRejection>,
    Body(change): Body<LifecycleChange>,
) -> Answer<kenning::Lifecycle> {
    let id = capsule_id(&path(id)?)?;
    call(&app, &caller, move |s, who| {
        s.change_lifecycle(who, id, change)
    })
    .await
    .map(Json)
}

// ---- recall, embeddings, classification -------------------------------------------------

async fn retrieve(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    Body(request): Body<RetrieveRequest>,
) -> Answer<kenning::Retrieval> {
    call(&app, &caller, move |s, who| s.retrieve(who, &request))
        .await
        .map(Json)
}

async fn list_embeddings(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
) -> Answer<Vec<kenning::EmbeddingInfo>> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| s.embeddings(who, &scope))
        .await
        .map(Json)
}

/// `POST /v1/scopes/{scope}/embeddings`: seed 001's body, an attach (or, with no field, the
/// listing).
async fn attach_embedding(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(request): Body<AttachRequest>,
) -> Answer<kenning::EmbeddingAnswer> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.embedding_request(who, &scope, request)
    })
    .await
    .map(Json)
}

async fn classify(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    Body(request): Body<ClassifyRequest>,
) -> Answer<kenning::Classification> {
    call(&app, &caller, move |s, who| s.classify(who, &request))
        .await
        .map(Json)
}

// ---- graph ------------------------------------------------------------------------------

async fn commit_graph(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(commit): Body<GraphCommit>,
) -> Answer<kenning::CommitReport> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.commit_graph(who, &scope, &commit)
    })
    .await
    .map(Json)
}

async fn query_graph(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Answer<kenning::GraphAnswer> {
    let scope = path(scope)?;
    let body = body.map_err(|r| ApiError::rejected(r.status(), r.body_text()))?;
    let q = GraphQuery::parse_bytes(&body)
        .map_err(|e| ApiError::from_facade(&kenning::Error::from(e), false))?;
    call(&app, &caller, move |s, who| s.query_graph(who, &scope, &q))
        .await
        .map(Json)
}

async fn graph_nodes(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    q: Result<Query<Page>, QueryRejection>,
) -> Answer<kenning::NodePage> {
    let (scope, q) = (path(scope)?, query(q)?);
    let limit = q.limit.unwrap_or(100);
    call(&app, &caller, move |s, who| {
        s.inspect_graph(who, &scope, q.after.as_deref(), limit)
    })
    .await
    .map(Json)
}

async fn delete_graph(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(deletion): Body<GraphDeletion>,
) -> Answer<kenning::DeletionReport> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.delete_graph(who, &scope, &deletion)
    })
    .await
    .map(Json)
}

// ---- entities ---------------------------------------------------------------------------

async fn entity_graph(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
) -> Answer<kenning::EntityGraph> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| s.entity_graph(who, &scope))
        .await
        .map(Json)
}

async fn create_entities(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(entities): Body<Vec<NewEntity>>,
) -> Answer<kenning::EntitiesWritten> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.create_entities(who, &scope, &entities)
    })
    .await
    .map(Json)
}

/// The body of the entity routes that take names.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Names {
    /// Entity names.
    pub names: Vec<String>,
}

/// The body of `POST /v1/scopes/{scope}/entities/search`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Search {
    /// Words matched against names, classes and observations.
    pub query: String,
}

async fn open_entities(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(body): Body<Names>,
) -> Answer<kenning::EntityGraph> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.open_entities(who, &scope, &body.names)
    })
    .await
    .map(Json)
}

async fn search_entities(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(body): Body<Search>,
) -> Answer<kenning::EntityGraph> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.search_entities(who, &scope, &body.query)
    })
    .await
    .map(Json)
}

async fn delete_entities(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(body): Body<Names>,
) -> Answer<kenning::EntitiesDeleted> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.delete_entities(who, &scope, &body.names)
    })
    .await
    .map(Json)
}

async fn add_observations(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(items): Body<Vec<EntityObservations>>,
) -> Answer<Vec<ObservationsAdded>> {
    let scope = path(scope)?;
    let added = call(&app, &caller, move |s, who| {
        s.add_observations(who, &scope, &items)
    })
    .await?;
    let added = added
        .into_iter()
        .map(|(entity_name, observations)| ObservationsAdded {
            entity_name,
            observations,
        })
        .collect();
    Ok(Json(added))
}

async fn delete_observations(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(items): Body<Vec<EntityObservations>>,
) -> Answer<kenning::ObservationsDeleted> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.delete_observations(who, &scope, &items)
    })
    .await
    .map(Json)
}

async fn create_relations(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(relations): Body<Vec<EdgeRef>>,
) -> Answer<Vec<EdgeRef>> {
    let scope = path(scope)?;
    call(&app, &caller, move |s, who| {
        s.create_relations(who, &scope, &relations)
    })
    .await
    .map(Json)
}

async fn delete_relations(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    scope: Result<Path<String>, PathRejection>,
    Body(relations): Body<Vec<EdgeRef>>,
) -> Answer<kenning::DeletionReport> {
    let scope = path(scope)?;
    let deletion = GraphDeletion {
        edges: relations,
        ..GraphDeletion::default()
    };
    call(&app, &caller, move |s, who| {
        s.delete_graph(who, &scope, &deletion)
    })
    .await
    .map(Json)
}

// ---- management -------------------------------------------------------------------------

async fn list_keys(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
) -> Answer<Vec<kenning::ApiKey>> {
    management(&caller, "listing API keys")?;
    call(&app, &caller, |s, who| s.api_keys(who))
        .await
        .map(Json)
}

async fn create_key(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    Body(grant): Body<KeyGrant>,
) -> Answer<KeyCreated> {
    management(&caller, "creating an API key")?;
    let new = call(&app, &caller, move |s, who| s.create_api_key(who, grant)).await?;
    Ok(Json(KeyCreated {
        key: new.key,
        secret: new.secret,
    }))
}

async fn revoke_key(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<Revoked> {
    management(&caller, "revoking an API key")?;
    let id = path(id)?;
    let revoked = call(&app, &caller, move |s, who| s.revoke_api_key(who, &id)).await?;
    Ok(Json(Revoked { revoked }))
}

/// The query string of `GET /v1/audit`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AuditQuery {
    /// The last sequence number of the previous page (exclusive); none for the first page.
    after: Option<u64>,
    /// The most records answered (default 50).
    limit: Option<usize>,
}

async fn audit(
    State(app): State<Arc<App>>,
    Extension(caller): Extension<Caller>,
    q: Result<Query<AuditQuery>, QueryRejection>,
) -> Answer<Vec<kenning::AuditRecord>> {
    management(&caller, "reading the audit log")?;
    let q = query(q)?;
    call(&app, &caller, move |s, who| {
        s.audit_log(who, q.after.unwrap_or(0), q.limit.unwrap_or(50))
    })
    .await
    .map(Json)
}
