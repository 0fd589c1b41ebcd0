//! The stdio framing in front of rmcp: reads one JSON-RPC message per line from standard input,
//! answers the malformed ones itself, and hands the well-formed ones to rmcp.
//!
//! rmcp's own stdio transport drops, without a word, a line that is not JSON (invalid UTF-8, a
//! lone UTF-16 surrogate, nesting deeper than serde_json's 128 levels) or that is longer than
//! its line bound, so the client waits for an answer until its own timeout. Here every line
//! that carries an id is answered with that id:
//!
//! | the line | answer |
//! | --- | --- |
//! | longer than `--max-message-bytes` (default [`DEFAULT_MAX_MESSAGE_BYTES`]) | -32600, naming the bound and the flag |
//! | not UTF-8 | -32700, naming the byte offset |
//! | not JSON, or nested deeper than [`MAX_NESTING`] levels | -32700 |
//! | JSON, but not a JSON-RPC 2.0 request (`jsonrpc`, `id`, `method` of the wrong type) | -32600 |
//! | a batch (a JSON array; MCP has none since 2025-06-18) | -32600 for each member with an id |
//! | a standard method whose `params` do not fit (`tools/call` without `name`, or with `arguments` that are not an object) | -32602 |
//!
//! A lone UTF-16 surrogate escape (`"\ud83d"` not followed by its low half, as a JavaScript
//! client sends a string cut inside an emoji) is replaced by U+FFFD, the replacement
//! character, before the message is parsed, as a UTF-8 encoder replaces it; the call then
//! proceeds. The id of a line that cannot be parsed is read by [`IdScan`], which follows the
//! top-level object's members without parsing their values, so a request whose `id` comes last
//! (as the TypeScript SDK writes it) is still answered with it. A line whose top-level object
//! has no `id` member is a notification and gets no answer (JSON-RPC 2.0 §4.1); a line where no
//! id can be found is answered with id `null` (§5).

use rmcp::RoleServer;
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonRpcMessage};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt as _, AsyncRead, AsyncWrite, AsyncWriteExt as _, BufReader};
use tokio::sync::mpsc;

use super::error::quote;
use crate::json::replace_lone_surrogates;

/// The bound on one message (one line, its newline excluded) when `--max-message-bytes` is not
/// given: 16 MiB, the line bound of rmcp's own transport.
pub(crate) const DEFAULT_MAX_MESSAGE_BYTES: usize = 16 * 1024 * 1024;

/// How deep arrays and objects may nest in a message: serde_json's recursion limit.
pub(crate) const MAX_NESTING: usize = 128;

/// JSON-RPC 2.0 error codes (§5.1).
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const INVALID_PARAMS: i64 = -32602;

/// What to do with one line of input.
#[derive(Debug)]
pub(crate) enum Verdict {
    /// A well-formed message, for rmcp.
    Forward(Box<ClientJsonRpcMessage>),
    /// A malformed one: this answer (a response object, or an array for a batch) goes back.
    Answer(Value),
    /// Nothing to do: a blank line, or a malformed notification or response (never answered).
    Ignore,
}

/// The id a malformed line's answer carries.
#[derive(Debug, Clone, PartialEq)]
enum Answered {
    /// The top-level object has no `id` member: a notification, never answered.
    Nobody,
    /// This id, or `null` when there is an `id` member that cannot be read.
    Id(Value),
}

/// An error response for `to` (nothing for a notification).
fn answer(to: Answered, code: i64, message: String, data: Value) -> Verdict {
    match to {
        Answered::Nobody => Verdict::Ignore,
        Answered::Id(id) => Verdict::Answer(response(id, code, message, data)),
    }
}

fn response(id: Value, code: i64, message: String, data: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message, "data": data}})
}

/// Decides what to do with one line of at most the bound (its newline stripped).
pub(crate) fn judge(line: &[u8]) -> Verdict {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let line = line.trim_ascii();
    if line.is_empty() {
        return Verdict::Ignore;
    }
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => {
            return answer(
                IdScan::of(line),
                PARSE_ERROR,
                format!(
                    "the message is not UTF-8: the bytes at offset {} are not a UTF-8 sequence; \
                     send each JSON-RPC message as UTF-8 text (JSON escapes other data as \
                     \\uXXXX)",
                    e.valid_up_to()
                ),
                json!({"offset": e.valid_up_to()}),
            );
        }
    };
    let text = replace_lone_surrogates(text);
    let value: Value = match serde_json::from_str(&text) {
        Ok(value) => value,
        Err(e) => return unparsable(line, &e),
    };
    match value {
        Value::Object(_) => message(value),
        Value::Array(items) => batch(items),
        other => answer(
            Answered::Id(Value::Null),
            INVALID_REQUEST,
            format!(
                "a JSON-RPC message is an object such as {{\"jsonrpc\": \"2.0\", \"id\": 1, \
                 \"method\": \"tools/list\"}}; this one is {}",
                kind(&other)
            ),
            json!({}),
        ),
    }
}

/// The answer to a line over the bound: `len` bytes long, its id found by `scan`.
pub(crate) fn oversized(len: usize, max: usize, scan: &IdScan) -> Verdict {
    answer(
        scan.answered(),
        INVALID_REQUEST,
        format!(
            "the message is {len} bytes, over this server's bound of {max} bytes per message \
             (--max-message-bytes): split the call into smaller ones (fewer entities or \
             observations per call, shorter contents), or restart the server with a larger \
             --max-message-bytes"
        ),
        json!({"maxMessageBytes": max, "messageBytes": len}),
    )
}

/// A line serde_json cannot parse: too deep, or not JSON.
fn unparsable(line: &[u8], e: &serde_json::Error) -> Verdict {
    let text = e.to_string();
    let message = if text.starts_with("recursion limit exceeded") {
        format!(
            "the message nests arrays and objects deeper than {MAX_NESTING} levels, the bound of \
             this server's JSON parser: send flatter arguments"
        )
    } else {
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let what = text.strip_suffix(&suffix).unwrap_or(&text);
        format!(
            "the message is not JSON ({what} at column {}): send one JSON-RPC object per line",
            e.column()
        )
    };
    answer(IdScan::of(line), PARSE_ERROR, message, json!({}))
}

/// A JSON-RPC object: checked, then typed for rmcp.
fn message(value: Value) -> Verdict {
    let Value::Object(object) = &value else {
        return Verdict::Ignore;
    };
    let to = match object.get("id") {
        None => Answered::Nobody,
        Some(Value::String(_)) => Answered::Id(object["id"].clone()),
        Some(Value::Number(n)) if n.is_i64() => Answered::Id(object["id"].clone()),
        Some(other) => {
            return answer(
                Answered::Id(Value::Null),
                INVALID_REQUEST,
                format!(
                    "id must be a string or an integer that fits in 64 bits; this one is {}",
                    kind(other)
                ),
                json!({"field": "id"}),
            );
        }
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return answer(
            to,
            INVALID_REQUEST,
            "jsonrpc must be \"2.0\": this server speaks JSON-RPC 2.0".to_owned(),
            json!({"field": "jsonrpc"}),
        );
    }
    match object.get("method") {
        Some(Value::String(method)) => {
            if let Some((field, message)) = params_problem(method, object.get("params")) {
                return answer(to, INVALID_PARAMS, message, json!({"field": field}));
            }
        }
        Some(other) => {
            return answer(
                to,
                INVALID_REQUEST,
                format!(
                    "method must be a string such as \"tools/call\"; this one is {}",
                    kind(other)
                ),
                json!({"field": "method"}),
            );
        }
        // A response (result or error) to a request of the server's: rmcp checks it.
        None => {}
    }
    let method = object
        .get("method")
        .and_then(Value::as_str)
        .map(str::to_owned);
    match serde_json::from_value::<ClientJsonRpcMessage>(value) {
        Ok(JsonRpcMessage::Request(request))
            if matches!(request.request, ClientRequest::CustomRequest(_))
                && method.as_deref().is_some_and(is_standard_request) =>
        {
            let method = method.unwrap_or_default();
            answer(
                to,
                INVALID_PARAMS,
                format!(
                    "params do not fit {method} as the MCP specification defines it: see its \
                     schema for the members {method} takes"
                ),
                json!({"field": "params"}),
            )
        }
        Ok(message) => Verdict::Forward(Box::new(message)),
        Err(e) => answer(
            to,
            INVALID_REQUEST,
            format!(
                "the message is not a JSON-RPC 2.0 request, notification or response: {}",
                super::error::serde_message(&e)
            ),
            json!({}),
        ),
    }
}

/// The requests of the MCP specification a client sends.
fn is_standard_request(method: &str) -> bool {
    matches!(
        method,
        "initialize"
            | "ping"
            | "prompts/get"
            | "prompts/list"
            | "resources/list"
            | "resources/read"
            | "resources/subscribe"
            | "resources/unsubscribe"
            | "resources/templates/list"
            | "tools/call"
            | "tools/list"
            | "completion/complete"
            | "logging/setLevel"
    )
}

/// What is wrong with the `params` of a request, as (field, message): `params` must be an
/// object when given, and `tools/call` needs a string `name` and object `arguments`.
fn params_problem(method: &str, params: Option<&Value>) -> Option<(&'static str, String)> {
    let params = match params {
        None | Some(Value::Null) if method == "tools/call" => {
            return Some((
                "params",
                "tools/call needs params {\"name\": TOOL, \"arguments\": {...}}: tools/list names \
                 every tool"
                    .to_owned(),
            ));
        }
        None | Some(Value::Null) => return None,
        Some(Value::Object(params)) => params,
        Some(other) => {
            return Some((
                "params",
                format!("params must be an object; this one is {}", kind(other)),
            ));
        }
    };
    if method != "tools/call" {
        return None;
    }
    match params.get("name") {
        Some(Value::String(_)) => {}
        None | Some(Value::Null) => {
            return Some((
                "params.name",
                "tools/call needs params.name, the tool to call (tools/list names every tool)"
                    .to_owned(),
            ));
        }
        Some(other) => {
            return Some((
                "params.name",
                format!(
                    "params.name must be a string, the tool to call; this one is {}",
                    kind(other)
                ),
            ));
        }
    }
    match params.get("arguments") {
        None | Some(Value::Null | Value::Object(_)) => None,
        Some(other) => Some((
            "params.arguments",
            format!(
                "params.arguments must be an object of the tool's arguments (its inputSchema in \
                 tools/list), or left out; this one is {}",
                kind(other)
            ),
        )),
    }
}

/// A batch: MCP has none (since 2025-06-18), so each member with an id is answered, in one
/// array; an empty batch is one invalid request (JSON-RPC 2.0 §6).
fn batch(items: Vec<Value>) -> Verdict {
    let message = "batches (a JSON array of messages) are not part of MCP since 2025-06-18: send \
                   each message on its own line";
    if items.is_empty() {
        return Verdict::Answer(response(
            Value::Null,
            INVALID_REQUEST,
            message.to_owned(),
            json!({}),
        ));
    }
    let answers: Vec<Value> = items
        .iter()
        .filter_map(|item| item.get("id").cloned())
        .map(|id| {
            let id = match id {
                Value::String(_) => id,
                Value::Number(n) if n.is_i64() => Value::Number(n),
                _ => Value::Null,
            };
            response(id, INVALID_REQUEST, message.to_owned(), json!({}))
        })
        .collect();
    if answers.is_empty() {
        Verdict::Ignore
    } else {
        Verdict::Answer(Value::Array(answers))
    }
}

/// A JSON value's type, as JSON names it, for messages.
pub(crate) fn kind(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {}", quote(&n.to_string())),
        Value::String(s) => format!("the string {}", quote(s)),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

/// Finds the `id` member of a line's top-level object without parsing the line, byte by byte,
/// so that it works on a line that is not UTF-8, not JSON, or too long to keep.
#[derive(Debug, Default)]
pub(crate) struct IdScan {
    /// Past the first non-blank byte.
    started: bool,
    /// The line is an object (its first non-blank byte is `{`).
    object: bool,
    /// The top-level object has closed: the rest is not looked at.
    closed: bool,
    depth: usize,
    in_string: bool,
    escape: bool,
    member: Member,
    key: Vec<u8>,
    /// Capturing the value of the `id` member.
    capturing: bool,
    value: Vec<u8>,
    /// The raw text of the `id` member's value, once it ended.
    id: Option<Vec<u8>>,
}

/// Where the scan is in a member of the top-level object.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Member {
    #[default]
    Key,
    InKey,
    Colon,
    Value,
}

/// At most this many bytes of an id are kept: longer ids are answered as `null`.
const MAX_ID_BYTES: usize = 1024;

impl IdScan {
    /// Scans a whole line.
    fn of(line: &[u8]) -> Answered {
        let mut scan = Self::default();
        scan.feed(line);
        scan.answered()
    }

    /// Scans the next bytes of the line.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.closed {
                return;
            }
            if !self.started {
                if b.is_ascii_whitespace() {
                    continue;
                }
                self.started = true;
                self.object = b == b'{';
                if !self.object {
                    self.closed = true;
                    return;
                }
            }
            if self.capturing {
                if self.value.len() < MAX_ID_BYTES {
                    self.value.push(b);
                } else {
                    self.value.clear();
                    self.capturing = false;
                    self.id = Some(Vec::new());
                }
            }
            if self.in_string {
                if self.escape {
                    self.escape = false;
                } else if b == b'\\' {
                    self.escape = true;
                } else if b == b'"' {
                    self.in_string = false;
                    if self.depth == 1 && self.member == Member::InKey {
                        self.member = Member::Colon;
                    }
                    continue;
                }
                if self.depth == 1 && self.member == Member::InKey && self.key.len() < 8 {
                    self.key.push(b);
                }
                continue;
            }
            match b {
                b'"' => {
                    self.in_string = true;
                    if self.depth == 1 && self.member == Member::Key {
                        self.member = Member::InKey;
                        self.key.clear();
                    }
                }
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    if self.depth == 1 {
                        self.end_value();
                        self.closed = true;
                    }
                    self.depth = self.depth.saturating_sub(1);
                }
                b':' if self.depth == 1 && self.member == Member::Colon => {
                    self.member = Member::Value;
                    if self.key == b"id" {
                        self.capturing = true;
                        self.value.clear();
                    }
                }
                b',' if self.depth == 1 => {
                    self.end_value();
                    self.member = Member::Key;
                }
                _ => {}
            }
        }
    }

    /// The `id` member's value has ended (at a `,` or the closing `}`, captured with it).
    fn end_value(&mut self) {
        if self.capturing {
            self.capturing = false;
            self.value.pop();
            self.id = Some(std::mem::take(&mut self.value));
        }
    }

    /// Who a malformed line's answer goes to.
    fn answered(&self) -> Answered {
        let read = |raw: &[u8]| {
            serde_json::from_slice::<Value>(raw)
                .ok()
                .filter(|v| v.is_string() || v.as_i64().is_some())
                .unwrap_or(Value::Null)
        };
        match &self.id {
            Some(raw) => Answered::Id(read(raw)),
            // The line ended inside the id's value: what was read of it, if it is whole.
            None if self.capturing => Answered::Id(read(&self.value)),
            // A whole object without an id: a notification.
            None if self.object && self.closed => Answered::Nobody,
            None => Answered::Id(Value::Null),
        }
    }
}

/// The transport rmcp serves on: messages the framing read, answers to a writer task.
pub(crate) struct Framed {
    pub(super) incoming: mpsc::Receiver<ClientJsonRpcMessage>,
    pub(super) outgoing: mpsc::UnboundedSender<Vec<u8>>,
}

impl Transport<RoleServer> for Framed {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let outgoing = self.outgoing.clone();
        async move {
            let mut line = serde_json::to_vec(&item)?;
            line.push(b'\n');
            outgoing.send(line).map_err(|_| {
                std::io::Error::new(std::io::ErrorKind::BrokenPipe, "standard output is closed")
            })
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.incoming.close();
        Ok(())
    }
}

/// Starts the framing over `input` and `output`: a task reading lines, a task writing
/// answers. Returns the transport for rmcp and the writer task, which ends once every answer
/// is written and the transport is dropped.
pub(crate) fn start<R, W>(
    input: R,
    output: W,
    max_message_bytes: usize,
) -> (Framed, tokio::task::JoinHandle<()>)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (to_rmcp, incoming) = mpsc::channel(64);
    let (outgoing, mut answers) = mpsc::unbounded_channel::<Vec<u8>>();
    let errors = outgoing.clone();
    tokio::spawn(read(input, max_message_bytes, to_rmcp, errors));
    let writer = tokio::spawn(async move {
        let mut output = output;
        while let Some(line) = answers.recv().await {
            if output.write_all(&line).await.is_err() || output.flush().await.is_err() {
                break;
            }
        }
    });
    (Framed { incoming, outgoing }, writer)
}

/// Reads lines until the end of input, each judged and either forwarded or answered.
async fn read<R: AsyncRead + Unpin>(
    input: R,
    max: usize,
    to_rmcp: mpsc::Sender<ClientJsonRpcMessage>,
    answers: mpsc::UnboundedSender<Vec<u8>>,
) {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut line = Vec::new();
    let mut len = 0_usize;
    // Set once the line is over the bound: from then on it is only scanned for its id.
    let mut scan: Option<IdScan> = None;
    loop {
        let (taken, ended, eof) = {
            let available = match input.fill_buf().await {
                Ok(available) => available,
                Err(e) => {
                    crate::output::note(&format!(
                        "kenning mcp: reading standard input failed: {e}"
                    ));
                    break;
                }
            };
            if available.is_empty() {
                (0, len > 0 || !line.is_empty(), true)
            } else {
                let newline = available.iter().position(|b| *b == b'\n');
                let taken = newline.map_or(available.len(), |i| i + 1);
                let body = &available[..newline.unwrap_or(taken)];
                len = len.saturating_add(body.len());
                match &mut scan {
                    Some(scan) => scan.feed(body),
                    None if line.len() + body.len() > max => {
                        let mut fresh = IdScan::default();
                        fresh.feed(&line);
                        fresh.feed(body);
                        line = Vec::new();
                        scan = Some(fresh);
                    }
                    None => line.extend_from_slice(body),
                }
                (taken, newline.is_some(), false)
            }
        };
        input.consume(taken);
        if ended {
            let verdict = match scan.take() {
                Some(scan) => oversized(len, max, &scan),
                None => judge(line.strip_suffix(b"\r").unwrap_or(&line)),
            };
            line.clear();
            len = 0;
            match verdict {
                Verdict::Forward(message) => {
                    if to_rmcp.send(*message).await.is_err() {
                        break;
                    }
                }
                Verdict::Answer(value) => {
                    let Ok(mut text) = serde_json::to_vec(&value) else {
                        continue;
                    };
                    text.push(b'\n');
                    if answers.send(text).is_err() {
                        break;
                    }
                }
                Verdict::Ignore => {}
            }
        }
        if eof {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;

    fn answered(line: &[u8]) -> Value {
        match judge(line) {
            Verdict::Answer(v) => v,
            other => panic!(
                "{} was not answered: {other:?}",
                String::from_utf8_lossy(line)
            ),
        }
    }

    #[test]
    fn the_id_is_found_wherever_the_member_stands_and_whatever_follows() {
        for (line, id) in [
            (&br#"{"jsonrpc":"2.0","id":7,"method":"x"#[..], json!(7)),
            (
                br#"{"method":"x","params":{"id":99,"a":[{"id":1}]},"id":"last"}"#,
                json!("last"),
            ),
            (br#"{"params":"\"id\": 5 ,","id" : -3 }"#, json!(-3)),
            (b"{\"id\":\"a\\\"b\",\"x\":\"\xff\"}", json!("a\"b")),
            (br#"{"id":1.5,"method":"x"}"#, Value::Null),
            (br#"{"id":{"n":1},"method":"x"}"#, Value::Null),
            (br#"[1, 2"#, Value::Null),
            (br#"{"method": "x", "id": 12"#, json!(12)),
        ] {
            let mut scan = IdScan::default();
            // Byte by byte: the scan never needs the whole line.
            for b in line {
                scan.feed(std::slice::from_ref(b));
            }
            assert_eq!(
                scan.answered(),
                Answered::Id(id),
                "{}",
                String::from_utf8_lossy(line)
            );
        }
        // A whole object without an id is a notification: nobody to answer.
        assert_eq!(
            IdScan::of(br#"{"method":"x","params":{"id":1}}"#),
            Answered::Nobody
        );
        let long_id = format!(r#"{{"id":"{}","method":"x"}}"#, "i".repeat(5000));
        assert_eq!(IdScan::of(long_id.as_bytes()), Answered::Id(Value::Null));
    }

    #[test]
    fn every_malformed_request_is_answered_with_its_id_and_the_json_rpc_code() {
        let code = |v: &Value| v["error"]["code"].as_i64().unwrap();
        let bad_utf8 =
            answered(b"{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"x\":\"\xc3\",\"id\":4}");
        assert_eq!((code(&bad_utf8), &bad_utf8["id"]), (PARSE_ERROR, &json!(4)));
        let deep = format!(
            r#"{{"jsonrpc":"2.0","id":"d","method":"ping","params":{{"a":{}{}}}}}"#,
            "[".repeat(200),
            "]".repeat(200)
        );
        let deep = answered(deep.as_bytes());
        assert_eq!((code(&deep), &deep["id"]), (PARSE_ERROR, &json!("d")));
        assert!(
            deep["error"]["message"]
                .as_str()
                .unwrap()
                .contains("128 levels")
        );
        let not_json = answered(br#"{"jsonrpc":"2.0","id":9,"method":"ping",}"#);
        assert_eq!((code(&not_json), &not_json["id"]), (PARSE_ERROR, &json!(9)));
        assert!(
            !not_json["error"]["message"]
                .as_str()
                .unwrap()
                .contains("line 1")
        );
        let version = answered(br#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#);
        assert_eq!(
            (code(&version), &version["id"]),
            (INVALID_REQUEST, &json!(1))
        );
        let method = answered(br#"{"jsonrpc":"2.0","id":1,"method":5}"#);
        assert_eq!(code(&method), INVALID_REQUEST);
        let id = answered(br#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#);
        assert_eq!((code(&id), &id["id"]), (INVALID_REQUEST, &Value::Null));
        for params in [r#""x""#, "[1]", "7"] {
            let line = format!(
                r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"memory_put","arguments":{params}}}}}"#
            );
            let v = answered(line.as_bytes());
            assert_eq!(
                (code(&v), &v["error"]["data"]["field"]),
                (INVALID_PARAMS, &json!("params.arguments"))
            );
        }
        let no_name = answered(
            br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{}}}"#,
        );
        assert_eq!(
            (code(&no_name), &no_name["error"]["data"]["field"]),
            (INVALID_PARAMS, &json!("params.name"))
        );
        let no_params = answered(br#"{"jsonrpc":"2.0","id":3,"method":"tools/call"}"#);
        assert_eq!(code(&no_params), INVALID_PARAMS);
        let init = answered(
            br#"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":5}}"#,
        );
        assert_eq!(code(&init), INVALID_PARAMS);
        let batch = answered(br#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"n"},{"id":"b"}]"#);
        assert_eq!(
            batch
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a["id"].clone())
                .collect::<Vec<_>>(),
            [json!(1), json!("b")]
        );
        assert_eq!(code(&answered(b"[]")), INVALID_REQUEST);
        assert_eq!(code(&answered(b"42")), INVALID_REQUEST);
    }

    #[test]
    fn notifications_and_blank_lines_are_never_answered_and_good_lines_go_to_rmcp() {
        for line in [
            &b""[..],
            b"   ",
            b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":{\"s\":\"\xff\"}}",
            br#"{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":1}}"#,
            br#"[{"jsonrpc":"2.0","method":"n"}]"#,
        ] {
            assert!(
                matches!(judge(line), Verdict::Ignore),
                "{}",
                String::from_utf8_lossy(line)
            );
        }
        let surrogate = br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"memory_put","arguments":{"content":"x\ud83d"}}}"#;
        let Verdict::Forward(message) = judge(surrogate) else {
            panic!("a lone surrogate is replaced, not refused");
        };
        let forwarded = serde_json::to_value(&*message).unwrap();
        assert_eq!(forwarded["params"]["arguments"]["content"], "x\u{fffd}");
        assert!(matches!(
            judge(b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"),
            Verdict::Forward(_)
        ));
    }

    #[test]
    fn an_oversized_line_is_answered_naming_the_bound() {
        let mut scan = IdScan::default();
        scan.feed(br#"{"jsonrpc":"2.0","method":"tools/call","params":{"x":"....."#);
        scan.feed(br#"....."},"id":31}"#);
        let Verdict::Answer(v) = oversized(70_000, 65_536, &scan) else {
            panic!("an oversized request is answered");
        };
        assert_eq!(
            (&v["id"], &v["error"]["code"]),
            (&json!(31), &json!(INVALID_REQUEST))
        );
        let message = v["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("65536") && message.contains("--max-message-bytes"),
            "{message}"
        );
    }
}
