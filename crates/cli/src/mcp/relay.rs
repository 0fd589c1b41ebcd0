//! `kenning mcp` when a `kenning serve` holds the store: a relay between standard input and
//! output and the server's `/mcp` (Streamable HTTP), so that every agent host configured with
//! the stdio command shares the one store.
//!
//! The framing layer reads and judges each line as the local server does (malformed lines are
//! answered here, with their ids); each well-formed message is posted to the server on its own
//! blocking thread, so calls proceed concurrently, and its answer is written back as one line.
//! The session's principal is chosen as for the local server: `--api-key` (sent as the bearer
//! token, checked by the server on every call) or `--operator NAME` (the server's operator
//! token, from its file beside the store, with NAME for the audit log). `--scope` becomes the
//! `/mcp?scope=` of every call.

use std::io::Read as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use serde_json::{Value, json};

use super::framing;
use crate::cli::{Cli, McpArgs};
use crate::remote::Server;

/// How long one call may take through the server.
const CALL_TIMEOUT: Duration = Duration::from_secs(300);

/// Relays standard input and output to the server until the client closes standard input.
pub(super) fn run(cli: &Cli, args: &McpArgs, server: &Server) -> anyhow::Result<ExitCode> {
    let mut server = server.clone();
    match (&cli.api_key, &args.operator) {
        (Some(_), Some(_)) => anyhow::bail!(
            "--operator and --api-key (or KENNING_API_KEY) both given: a session has one \
             principal; drop --operator to serve as the key, or unset the key to serve a \
             management session"
        ),
        (Some(_), None) => {}
        (None, Some(name)) if !name.trim().is_empty() => {
            server.operator = Some(name.trim().to_owned());
        }
        (None, _) => anyhow::bail!(
            "kenning mcp needs a principal: pass --api-key (or set KENNING_API_KEY) to serve as \
             that key, or --operator NAME to serve a management session that may do everything \
             (declare vocabularies, reach every scope)"
        ),
    }
    let mut url = format!("{}/mcp", server.url);
    if let Some(scope) = &args.scope {
        url.push_str("?scope=");
        url.push_str(&crate::remote::encode(scope));
    }
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(CALL_TIMEOUT))
        .build()
        .into();
    let relay = Arc::new(Relay { agent, url, server });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let (input, output) = rmcp::transport::io::stdio_pipes();
        let (mut framed, writer) = framing::start(input, output, args.max_message_bytes);
        let mut calls = tokio::task::JoinSet::new();
        while let Some(message) = framed.incoming.recv().await {
            let (relay, out) = (Arc::clone(&relay), framed.outgoing.clone());
            calls.spawn_blocking(move || {
                for line in relay.forward(&message) {
                    if out.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        while calls.join_next().await.is_some() {}
        drop(framed);
        drop(writer.await);
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(ExitCode::SUCCESS)
}

struct Relay {
    agent: ureq::Agent,
    url: String,
    server: Server,
}

impl Relay {
    /// Posts `message` and returns the lines to write back: its answer, or an error with its id
    /// when the server could not be reached or refused the request.
    fn forward(&self, message: &rmcp::model::ClientJsonRpcMessage) -> Vec<Vec<u8>> {
        let Ok(body) = serde_json::to_vec(message) else {
            return Vec::new();
        };
        let id = serde_json::to_value(message)
            .ok()
            .and_then(|v| v.get("id").cloned());
        match self.post(body) {
            Ok(lines) => lines,
            Err(problem) => match id {
                Some(id) => vec![line(&json!({
                    "jsonrpc": "2.0",
                    "id": id,
                    "error": {"code": -32603, "message": problem,
                              "data": {"server": self.server.url}},
                }))],
                None => {
                    crate::output::note(&format!("kenning mcp: {problem}"));
                    Vec::new()
                }
            },
        }
    }

    fn post(&self, body: Vec<u8>) -> Result<Vec<Vec<u8>>, String> {
        let mut request = ureq::http::Request::builder()
            .method("POST")
            .uri(&self.url)
            .header("authorization", format!("Bearer {}", self.server.token))
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream");
        if let Some(name) = &self.server.operator {
            request = request.header(kenning_server::OPERATOR_HEADER, name);
        }
        let request = request.body(body).map_err(|e| e.to_string())?;
        let response = self.agent.run(request).map_err(|e| {
            format!(
                "the server at {} did not answer ({e}): check that `kenning serve` runs",
                self.server.url
            )
        })?;
        let status = response.status().as_u16();
        let sse = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/event-stream"));
        let mut text = String::new();
        response
            .into_body()
            .into_reader()
            .read_to_string(&mut text)
            .map_err(|e| format!("reading the server's answer: {e}"))?;
        match status {
            202 => Ok(Vec::new()),
            200..=299 if sse => Ok(text
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(str::trim)
                .filter(|d| !d.is_empty())
                .map(|d| {
                    let mut l = d.as_bytes().to_vec();
                    l.push(b'\n');
                    l
                })
                .collect()),
            200..=299 => Ok(if text.trim().is_empty() {
                Vec::new()
            } else {
                let mut l = text.trim().as_bytes().to_vec();
                l.push(b'\n');
                vec![l]
            }),
            _ => {
                let said = serde_json::from_str::<Value>(&text)
                    .ok()
                    .and_then(|v| v.get("message").and_then(Value::as_str).map(str::to_owned))
                    .unwrap_or_else(|| kenning::vocab::quote(text.trim()));
                Err(format!(
                    "the server at {} answered {status}: {said}",
                    self.server.url
                ))
            }
        }
    }
}

fn line(value: &Value) -> Vec<u8> {
    let mut l = serde_json::to_vec(value).unwrap_or_default();
    l.push(b'\n');
    l
}
