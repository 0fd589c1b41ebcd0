//! `kenning mcp`: the store served over the Model Context Protocol on standard input and
//! output, with `rmcp`.
//!
//! - `mod.rs`: start-up (the principal, the store, the runtime) and the [`ServerHandler`].
//! - `tools.rs`: the Kenning tools (`memory_*`), one facade call each.
//! - `compat.rs`: the tools of the official `@modelcontextprotocol/server-memory`, with its
//!   argument and result shapes, over the facade's entity memory.
//! - `error.rs`: the one mapping from facade errors to JSON-RPC errors.
//!
//! # Ordering
//!
//! Every tool call is one facade call, hence one transaction: it is applied whole or not at
//! all. Calls are served concurrently (each on a blocking thread of the runtime), and rmcp
//! answers each with the id of its request. A client may rely on this:
//!
//! - each call is atomic;
//! - calls in flight at the same time have no order between them: send a call only after the
//!   answer of one it depends on (attach an embedding, then retrieve with it);
//! - a call whose answer has been received is visible to every call sent after that answer.

mod compat;
mod error;
mod framing;
mod relay;
#[cfg(test)]
mod reopen_tests;
mod schemas;
#[cfg(test)]
mod tests;
mod tools;

pub(crate) use framing::DEFAULT_MAX_MESSAGE_BYTES;

use std::borrow::Cow;
use std::sync::Arc;

use anyhow::Context as _;
use kenning::{Kenning, Principal};
use kenning_server::Store;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ServerCapabilities, ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt as _};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::cli::{Cli, McpArgs};

/// What every tool call runs with: the store's current handle (leased from the server's
/// [`Store`] for the one call), the session's principal and the default scope.
#[derive(Debug)]
pub(crate) struct State {
    pub(crate) store: Kenning,
    pub(crate) who: Principal,
    pub(crate) scope: Option<String>,
    /// How this session's default scope is set, for the error of a call that names none.
    pub(crate) scope_hint: &'static str,
}

/// How a stdio session sets its default scope.
const STDIO_SCOPE_HINT: &str = "restart with `kenning mcp --scope ID`";
/// How an HTTP session sets its default scope.
const HTTP_SCOPE_HINT: &str = "connect to /mcp?scope=ID";

impl State {
    /// The scope a call acts on: the one it names, or the server's `--scope`.
    pub(crate) fn scope(&self, given: Option<String>) -> Result<String, ErrorData> {
        given.or_else(|| self.scope.clone()).ok_or_else(|| {
            error::invalid(
                "scope",
                format!(
                    "this call names no scope and the session has no default scope: pass \
                     \"scope\" (a registered scope id such as \"bot.support\"), or {}",
                    self.scope_hint
                ),
            )
        })
    }
}

/// The result of one tool run.
pub(crate) type Outcome = Result<CallToolResult, ErrorData>;

/// One tool: its listing and the function that runs it (on a blocking thread).
pub(crate) struct ToolDef {
    pub(crate) name: &'static str,
    pub(crate) description: &'static str,
    pub(crate) schema: fn() -> Arc<JsonObject>,
    /// Whether it writes nothing (the `readOnlyHint` annotation).
    pub(crate) read_only: bool,
    pub(crate) run: fn(&State, Value) -> Outcome,
    /// The schema of its structured content (`outputSchema`).
    pub(crate) output: Option<fn() -> Arc<JsonObject>>,
    /// Whether a failure is a result with `isError: true` (the official memory server's way)
    /// rather than a JSON-RPC error (the seeds' codes).
    pub(crate) errors_as_results: bool,
}

/// The input schema of `T`, as rmcp generates it (JSON Schema 2020-12).
pub(crate) fn schema<T: schemars::JsonSchema + 'static>() -> Arc<JsonObject> {
    rmcp::handler::server::common::schema_for_type::<T>()
}

/// Reads a tool's arguments; a mismatch is -32602 naming the tool and the field, as the client
/// spelt it (`entities[0].observations`).
pub(crate) fn args<T: DeserializeOwned>(tool: &str, arguments: Value) -> Result<T, ErrorData> {
    serde_path_to_error::deserialize(arguments)
        .map_err(|e| error::malformed(tool, &e.path().to_string(), e.inner()))
}

/// A result whose structured content is `value` and whose text is its JSON.
pub(crate) fn structured(value: &impl serde::Serialize) -> Outcome {
    serde_json::to_value(value)
        .map(CallToolResult::structured)
        .map_err(|e| error::internal(format!("encoding the result: {e}")))
}

/// Every tool the server lists, Kenning's first.
fn registry() -> Vec<ToolDef> {
    let mut all = tools::tools();
    all.extend(compat::tools());
    all
}

/// Where a call's state comes from.
enum Source {
    /// A stdio session: one principal and one default scope, chosen at start.
    Fixed(Arc<Session>),
    /// Streamable HTTP: the principal of each request's bearer token (put in the request's
    /// extensions by `kenning_server::require_token`), the default scope of its `?scope=`.
    PerRequest(Store),
}

/// Who a call runs as, on which store: a [`State`] once the call has the store's handle.
#[derive(Debug)]
struct Session {
    store: Store,
    who: Principal,
    scope: Option<String>,
    scope_hint: &'static str,
}

impl Session {
    /// Runs `f` on the store's current handle (blocking: call it on the blocking pool). A
    /// call whose error says the handle is spoiled (an I/O error, `data.reopen`) hands it back
    /// as such, so that the store opens itself again for the next call; the call itself is
    /// answered with its error, never retried. No handle (the reopen failed) is the -32603
    /// of [`error::unavailable`].
    fn run<T>(&self, f: impl FnOnce(&State) -> Result<T, ErrorData>) -> Result<T, ErrorData> {
        let lease = self.store.lease().map_err(|u| error::unavailable(&u))?;
        let state = State {
            store: Kenning::clone(&lease),
            who: self.who.clone(),
            scope: self.scope.clone(),
            scope_hint: self.scope_hint,
        };
        let mut outcome = f(&state);
        // The last clone of a spoiled handle must be the store's own, so that it can let the
        // file go before it opens it again.
        drop(state);
        match &mut outcome {
            Err(e) if error::spoiled(e) => {
                lease.spoiled(&e.message);
                if self.store.reopens() {
                    e.message = format!("{}{}", e.message, error::REOPENING).into();
                }
            }
            _ => drop(lease),
        }
        outcome
    }
}

/// The MCP server: the tool table and the state the calls share.
struct Server {
    source: Source,
    tools: Arc<Vec<ToolDef>>,
    listing: Vec<Tool>,
}

impl Server {
    fn new(session: Session) -> Self {
        Self::with_source(Source::Fixed(Arc::new(session)))
    }

    fn with_source(source: Source) -> Self {
        let tools = registry();
        let listing = tools
            .iter()
            .map(|t| {
                let mut tool = Tool::new(t.name, t.description, (t.schema)());
                tool.output_schema = t.output.map(|schema| schema());
                tool.annotations = Some(ToolAnnotations::new().read_only(t.read_only).destructive(
                    !t.read_only && t.name.contains("delete") || t.name == "memory_forget",
                ));
                tool
            })
            .collect();
        Self {
            source,
            tools: Arc::new(tools),
            listing,
        }
    }

    /// The session a call runs in: the stdio session, or the one of the HTTP request
    /// `context` carries.
    fn session(&self, context: &RequestContext<RoleServer>) -> Result<Arc<Session>, ErrorData> {
        let store = match &self.source {
            Source::Fixed(state) => return Ok(Arc::clone(state)),
            Source::PerRequest(store) => store,
        };
        let parts = context.extensions.get::<axum::http::request::Parts>();
        let caller = parts
            .and_then(|p| p.extensions.get::<kenning_server::Caller>())
            .ok_or_else(|| error::internal("the request carries no authenticated caller"))?;
        let scope = parts
            .and_then(|p| p.uri.query())
            .and_then(|q| {
                q.split('&')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(k, _)| *k == "scope")
                    .map(|(_, v)| v.to_owned())
            })
            .filter(|v| !v.is_empty());
        Ok(Arc::new(Session {
            store: store.clone(),
            who: caller.who.clone(),
            scope,
            scope_hint: HTTP_SCOPE_HINT,
        }))
    }
}

/// MCP over Streamable HTTP on `store`, for `/mcp`: stateless (each POST is answered on its
/// own, as JSON), every call under the principal of its request's bearer token. Put
/// `kenning_server::require_token` in front of it.
pub(crate) fn http_service(
    store: Store,
    cancel: tokio_util::sync::CancellationToken,
    hosts: Vec<String>,
) -> rmcp::transport::streamable_http_server::StreamableHttpService<
    impl ServerHandler,
    rmcp::transport::streamable_http_server::session::local::LocalSessionManager,
> {
    use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_cancellation_token(cancel)
        .with_allowed_hosts(hosts)
        .with_max_request_body_bytes(DEFAULT_MAX_MESSAGE_BYTES);
    rmcp::transport::streamable_http_server::StreamableHttpService::new(
        move || Ok(Server::with_source(Source::PerRequest(store.clone()))),
        Arc::default(),
        config,
    )
}

const INSTRUCTIONS: &str = "Kenning: durable memory for this agent in one local store file. \
Memories are capsules (memory_put, memory_get, memory_retrieve, memory_forget) in scopes; \
memory_vector attaches your embeddings, memory_classify labels a memory, memory_graph_commit \
and memory_graph_query hold a typed graph, and create_entities / read_graph / search_nodes / ... \
keep the entity memory of the official memory server. Each call is atomic; calls in flight \
together have no order between them, so wait for an answer before a call that depends on it.";

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new("kenning", env!("CARGO_PKG_VERSION")))
        .with_instructions(INSTRUCTIONS)
    }

    /// Up to 2025-11-25: from 2026-07-28 on, rmcp turns -32002 into -32602, and the seeds
    /// keep unknown capsules apart from invalid params.
    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(ProtocolVersion::known_up_to(&ProtocolVersion::V_2025_11_25))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.listing.clone()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.listing.iter().find(|t| t.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let index = self
            .tools
            .iter()
            .position(|t| t.name == request.name)
            .ok_or_else(|| error::unknown_tool(&request.name))?;
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let (session, tools) = (self.session(&context)?, Arc::clone(&self.tools));
        let as_result = self.tools[index].errors_as_results;
        // The facade blocks (redb transactions, fsync): run it off the async workers so that
        // concurrent calls proceed side by side.
        let outcome = tokio::task::spawn_blocking(move || {
            session.run(|state| (tools[index].run)(state, arguments))
        })
        .await
        .map_err(|e| error::internal(format!("the tool call did not finish: {e}")))?;
        match outcome {
            Err(e) if as_result => Ok(error_result(e).into()),
            outcome => outcome.map(CallToolResponse::from),
        }
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let graph = Resource::new(KNOWLEDGE_GRAPH, "knowledge-graph")
            .with_description(
                "The knowledge graph of the server's --scope, as read_graph answers it: \
                 {entities: [{name, entityType, observations}], relations: [{from, to, \
                 relationType}]}",
            )
            .with_mime_type("application/json");
        Ok(ListResourcesResult::with_all_items(vec![graph]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != KNOWLEDGE_GRAPH {
            return Err(ErrorData::resource_not_found(
                format!(
                    "no resource {}: resources/list names the one this server has, \
                     {KNOWLEDGE_GRAPH}",
                    error::quote(&request.uri)
                ),
                Some(serde_json::json!({ "uri": error::shorten(&request.uri) })),
            ));
        }
        let session = self.session(&context)?;
        let text = tokio::task::spawn_blocking(move || session.run(compat::knowledge_graph))
            .await
            .map_err(|e| error::internal(format!("the read did not finish: {e}")))??;
        let contents = ResourceContents::TextResourceContents {
            uri: KNOWLEDGE_GRAPH.to_owned(),
            mime_type: Some("application/json".to_owned()),
            text,
            meta: None,
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

/// The URI of the resource the official memory server offers: the whole knowledge graph.
const KNOWLEDGE_GRAPH: &str = "memory://knowledge-graph";

/// A failed call as the official memory server reports it: a result with `isError: true`
/// whose text is the message, the model's to read; the error's data under
/// `_meta["kenning/error"]`, with its JSON-RPC code.
fn error_result(e: ErrorData) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(e.message.to_string())]);
    let mut detail = match e.data {
        Some(Value::Object(map)) => map,
        _ => JsonObject::new(),
    };
    detail.insert("jsonrpcCode".to_owned(), e.code.0.into());
    let mut meta = JsonObject::new();
    meta.insert("kenning/error".to_owned(), Value::Object(detail));
    result.meta = Some(rmcp::model::MetaObject(meta));
    result
}

/// The principal of the session, decided before the store is served.
fn principal(cli: &Cli, args: &McpArgs, store: &Kenning) -> anyhow::Result<Principal> {
    match (&cli.api_key, &args.operator) {
        (Some(_), Some(_)) => anyhow::bail!(
            "--operator and --api-key (or KENNING_API_KEY) both given: a session has one \
             principal; drop --operator to serve as the key, or unset the key to serve a \
             management session"
        ),
        (Some(secret), None) => store
            .authenticate(secret)
            .context("authenticating with --api-key / KENNING_API_KEY"),
        (None, Some(name)) if !name.trim().is_empty() => Ok(Principal::operator(name.trim())),
        (None, _) => anyhow::bail!(
            "kenning mcp needs a principal: pass --api-key (or set KENNING_API_KEY) to serve as \
             that key, or --operator NAME to serve a management session that may do everything \
             (declare vocabularies, reach every scope)"
        ),
    }
}

/// Serves the store until the client closes standard input.
pub(crate) fn run(cli: &Cli, args: &McpArgs) -> anyhow::Result<std::process::ExitCode> {
    if let Some(server) = crate::remote::find(cli)? {
        return relay::run(cli, args, &server);
    }
    if cli.api_key.is_some() && !cli.store.exists() {
        anyhow::bail!(
            "there is no store at {}: pass --store (or set KENNING_STORE); an API key belongs to \
             a store, create it there with `kenning keys create`",
            cli.store.display()
        );
    }
    let store = crate::serve::reopening(&cli.store)?;
    let who = store
        .lease()
        .map_err(anyhow::Error::msg)
        .and_then(|lease| principal(cli, args, &lease))?;
    let session = Session {
        store: store.clone(),
        who,
        scope: args.scope.clone(),
        scope_hint: STDIO_SCOPE_HINT,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let served = runtime.block_on(async {
        let (input, output) = rmcp::transport::io::stdio_pipes();
        let (transport, writer) = framing::start(input, output, args.max_message_bytes);
        let service = Server::new(session)
            .serve(transport)
            .await
            .context("the MCP handshake failed")?;
        service.waiting().await.context("serving MCP")?;
        // Every answer written before the process ends.
        drop(writer.await);
        anyhow::Ok(())
    });
    // A read of a blocking standard input (a file, a terminal) may still be pending when the
    // session ends for another reason than its end: do not wait for it.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    // Flushed and let go now, even if a blocking read still holds the session.
    let closed = store.close();
    served?;
    closed.context("flushing the store")?;
    Ok(std::process::ExitCode::SUCCESS)
}
