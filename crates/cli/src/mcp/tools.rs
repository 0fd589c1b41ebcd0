//! The Kenning tools: capsules, recall, embeddings, classification, vocabulary and graph. Each
//! tool reads its arguments, makes one facade call and returns the facade's answer as
//! structured content (the JSON the CLI prints with `-o json`).

use std::collections::BTreeMap;

use kenning::{
    CapsuleId, FactTime, Fusion, Lane, Level, NewCapsule, Origin, RetrieveRequest, TimeWindow,
    Timestamp,
};
use rmcp::ErrorData;
use rmcp::model::CallToolResult;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::error::quote;
use super::{Outcome, State, ToolDef, args, error, schema, schemas, structured};

/// Turns a facade result into a tool outcome.
fn facade<T>(result: kenning::Result<T>) -> Result<T, ErrorData> {
    result.map_err(|e| error::from_facade(&e))
}

/// `capsule_id`, or its alias `id`: exactly one of them, or both equal. A malformed id is named
/// as the client sent it.
fn capsule_id(canonical: Option<String>, alias: Option<String>) -> Result<CapsuleId, ErrorData> {
    let (sent, text) = match (canonical, alias) {
        (Some(a), Some(b)) if a != b => {
            return Err(error::invalid(
                "capsule_id",
                format!(
                    "capsule_id {} and its alias id {} differ: pass only one",
                    quote(&a),
                    quote(&b)
                ),
            ));
        }
        (Some(a), _) => ("capsule_id", a),
        (None, Some(a)) => ("id", a),
        (None, None) => {
            return Err(error::invalid(
                "id",
                "missing: pass the capsule's id, e.g. \"cap-12\" (memory_put returned it)",
            ));
        }
    };
    facade(text.parse()).map_err(|e| error::renamed(e, "capsule_id", sent))
}

/// An RFC 3339 instant, named `field` in errors.
fn instant(field: &str, text: Option<&str>) -> Result<Option<Timestamp>, ErrorData> {
    text.map(|t| facade(Timestamp::parse(field, t))).transpose()
}

/// A vector of JSON numbers as `f32`s, each checked to be in the `f32` range (JSON numbers are
/// read as `f64`, and one past ±3.4e38 would otherwise become infinite or null), named
/// `field[i]` in errors.
fn to_f32_vector(field: &str, values: Vec<f64>) -> Result<Vec<f32>, ErrorData> {
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            #[expect(
                clippy::cast_possible_truncation,
                reason = "checked against the range first"
            )]
            let narrow = v as f32;
            if v.is_finite() && !narrow.is_finite() {
                return Err(error::invalid(
                    &format!("{field}[{i}]"),
                    format!(
                        "{v:e} is out of the f32 range (±{:e}): an embedding holds f32 values; \
                         normalise the vector, or check the model's output",
                        f32::MAX
                    ),
                ));
            }
            Ok(narrow)
        })
        .collect()
}

/// The facade's name of a fusion parameter, renamed as the client sent it: `rrf_k`,
/// `weights.term`, `weights.vector`.
fn fusion_fields(e: ErrorData) -> ErrorData {
    let field = e
        .data
        .as_ref()
        .and_then(|d| d.get("field"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    let Some(field) = field else { return e };
    let wire = match field.as_str() {
        "fusion.k" => "rrf_k",
        "fusion.term_weight" => "weights.term",
        "fusion.vector_weight" => "weights.vector",
        _ => return e,
    };
    let mut e = e;
    e.message = e.message.replace(&field, wire).into();
    if let Some(data) = e.data.as_mut() {
        data["field"] = wire.into();
    }
    e
}

pub(super) fn tools() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "memory_put",
            description: PUT,
            schema: schema::<PutArgs>,
            read_only: false,
            run: put,
            output: Some(schemas::put),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_get",
            description: GET,
            schema: schema::<IdArgs>,
            read_only: true,
            run: get,
            output: Some(schemas::get),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_forget",
            description: FORGET,
            schema: schema::<IdArgs>,
            read_only: false,
            run: forget,
            output: Some(schemas::forget),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_retrieve",
            description: RETRIEVE,
            schema: schema::<RetrieveArgs>,
            read_only: true,
            run: retrieve,
            output: Some(schemas::retrieve),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_vector",
            description: VECTOR,
            schema: schema::<VectorArgs>,
            read_only: false,
            run: vector,
            output: Some(schemas::vector),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_classify",
            description: CLASSIFY,
            schema: schema::<ClassifyArgs>,
            read_only: false,
            run: classify,
            output: Some(schemas::classify),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_vocabulary_get",
            description: VOCABULARY_GET,
            schema: schema::<VocabularyGetArgs>,
            read_only: true,
            run: vocabulary_get,
            output: Some(schemas::vocabulary_get),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_vocabulary_declare",
            description: VOCABULARY_DECLARE,
            schema: schema::<VocabularyDeclareArgs>,
            read_only: false,
            run: vocabulary_declare,
            output: Some(schemas::vocabulary_declare),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_graph_commit",
            description: GRAPH_COMMIT,
            schema: schema::<GraphCommitArgs>,
            read_only: false,
            run: graph_commit,
            output: Some(schemas::graph_commit),
            errors_as_results: false,
        },
        ToolDef {
            name: "memory_graph_query",
            description: GRAPH_QUERY,
            schema: schema::<GraphQueryArgs>,
            read_only: true,
            run: graph_query,
            output: Some(schemas::graph_query),
            errors_as_results: false,
        },
    ]
}

// ---------------------------------------------------------------------------------------------
// memory_put

const PUT: &str = "Store one memory (a capsule) in a scope and return its id, {\"id\": \
\"cap-N\"}. Mandatory: content (non-blank UTF-8, at most 32 KiB: split longer texts). scope \
defaults to the server's --scope. Optional: origin (extracted-candidate | owner-stated | \
tool-observation | external-import | session-note; default extracted-candidate), metadata (at \
most 32 string pairs), valid_from / valid_until (RFC 3339: when what it says holds; \
memory_retrieve's time_window filters on it), fresh_until (RFC 3339: after it the memory is \
stale and leaves recall) and thread ({\"id\": \"conv-7\", \"position\": 12}: the conversation, \
session or document it belongs to and its turn in it; recall then lends each memory a share of \
its neighbours' match, so put every turn of a conversation with its thread). Content never \
changes in place. Errors: -32602 for a bad argument \
(the message names the field and the fix), -32002 kind not_found for an unknown scope, -32003 \
when the session's key may not write there.";

/// Arguments of memory_put.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PutArgs {
    /// The scope to store into (a registered scope id, e.g. "bot.support"). Omitted: the
    /// server's --scope.
    #[serde(default)]
    scope: Option<String>,
    /// The memory's text: non-blank, at most 32 KiB.
    content: String,
    /// Where the content came from: extracted-candidate (default), owner-stated,
    /// tool-observation, external-import or session-note.
    #[serde(default)]
    origin: Option<String>,
    /// Free-form string metadata, at most 32 entries.
    #[serde(default)]
    metadata: BTreeMap<String, String>,
    /// RFC 3339 instant from which what the memory says holds.
    #[serde(default)]
    valid_from: Option<String>,
    /// RFC 3339 instant until which what the memory says holds.
    #[serde(default)]
    valid_until: Option<String>,
    /// RFC 3339 deadline after which the memory is stale and leaves recall.
    #[serde(default)]
    fresh_until: Option<String>,
    /// The conversation, session or document the memory belongs to, and its place in it.
    #[serde(default)]
    thread: Option<ThreadArg>,
}

/// Where a memory sits in a conversation, session or document.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ThreadArg {
    /// The thread's id, e.g. the conversation's id: non-blank, at most 256 bytes.
    id: String,
    /// The memory's position in the thread, e.g. its turn number (0 or more).
    position: u64,
}

fn put(state: &State, arguments: Value) -> Outcome {
    let a: PutArgs = args("memory_put", arguments)?;
    let scope = state.scope(a.scope)?;
    let mut capsule = NewCapsule::new(scope, a.content);
    if let Some(origin) = &a.origin {
        capsule = capsule.origin(facade(
            origin.parse::<Origin>().map_err(kenning::Error::from),
        )?);
    }
    for (key, value) in &a.metadata {
        capsule = capsule.meta(key, value);
    }
    let valid_from = instant("valid_from", a.valid_from.as_deref())?;
    let valid_until = instant("valid_until", a.valid_until.as_deref())?;
    if let (Some(from), Some(until)) = (valid_from, valid_until)
        && from > until
    {
        return Err(error::invalid(
            "valid_from",
            format!(
                "{from} is after valid_until {until}: swap them (for one instant give both the \
                 same time)"
            ),
        ));
    }
    if valid_from.is_some() || valid_until.is_some() {
        capsule = capsule.fact_time(FactTime {
            valid_from,
            valid_until,
        });
    }
    if let Some(deadline) = instant("fresh_until", a.fresh_until.as_deref())? {
        capsule = capsule.fresh_until(deadline);
    }
    if let Some(thread) = a.thread {
        capsule = capsule.thread(thread.id, thread.position);
    }
    let id = facade(state.store.put(&state.who, &capsule))?;
    structured(&json!({ "id": id }))
}

// ---------------------------------------------------------------------------------------------
// memory_get, memory_forget

const GET: &str = "Read one memory by id: its content, scope, origin, creation time, metadata, \
fact time, lifecycle (fences such as quarantined, archived, superseded, stale), and, when set, \
its persisted classification and epistemics. Mandatory: id (\"cap-N\"; capsule_id is an \
accepted alias, pass one). Errors: -32602 for a malformed id; -32002 with data {\"kind\": \
\"unknown_capsule\", \"id\"} when no capsule you can see has that id (never written, forgotten, \
or out of your reach).";

const FORGET: &str = "Forget one memory for good: its record, its index entries and every \
sidecar (embedding, label, epistemics, entity link) are removed, and the id is never reused. \
Audited. Mandatory: id (\"cap-N\"; capsule_id is an accepted alias). Answers {\"forgotten\": \
\"cap-N\"}. Errors: -32602 for a malformed id; -32002 kind unknown_capsule when there is no such \
capsule (forgetting twice is an error, so a retry tells you it is gone); -32003 when the \
session's key may not write.";

/// Arguments of memory_get and memory_forget.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct IdArgs {
    /// The capsule id, "cap-N".
    #[serde(default)]
    id: Option<String>,
    /// Alias of `id`; pass one of the two.
    #[serde(default)]
    capsule_id: Option<String>,
}

fn get(state: &State, arguments: Value) -> Outcome {
    let a: IdArgs = args("memory_get", arguments)?;
    let id = capsule_id(a.capsule_id, a.id)?;
    structured(&facade(state.store.capsule(&state.who, id))?)
}

fn forget(state: &State, arguments: Value) -> Outcome {
    let a: IdArgs = args("memory_forget", arguments)?;
    let id = capsule_id(a.capsule_id, a.id)?;
    facade(state.store.forget(&state.who, id))?;
    structured(&json!({ "forgotten": id }))
}

// ---------------------------------------------------------------------------------------------
// memory_retrieve

const RETRIEVE: &str = "Recall the memories of a scope that best answer a query. Lanes: term \
(BM25 over the words; needs query), vector (cosine against your query_embedding; needs it, of \
the dimension stored with memory_vector), fused (both: by default a convex combination of each lane's \
score normalised to [0, 1], every candidate scored in both lanes; needs query_embedding, query \
optional) and auto (the default: fused when query_embedding is given, \
term otherwise). Fenced memories (quarantined, falsified, archived, superseded, stale) never \
come back. Optional: limit (1 to 1000, default 10), time_window {from, until} (RFC 3339, either \
bound open: only memories whose fact time overlaps it; undated ones are left out), rrf_k \
(fuse by reciprocal rank fusion with this rank offset, e.g. 60, instead) and weights {term, \
vector} (default 1 and 1.5; 1 and 1 with rrf_k). Memories stored with a thread lend their \
neighbours in it part of their score. Answers {lane, \
hits: [{capsule, score, term, vector}]}: score is BM25, cosine or the fused score as the lane \
says; term and vector give a hit's rank and score in each lane that found it. Errors: -32602 \
for a blank query, a missing or mismatched query_embedding, bad fusion parameters; -32002 kind \
not_found for an unknown scope.";

/// Arguments of memory_retrieve.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RetrieveArgs {
    /// The scope to search. Omitted: the server's --scope.
    #[serde(default)]
    scope: Option<String>,
    /// The query text (the term lane needs it, non-blank).
    #[serde(default)]
    query: Option<String>,
    /// The query's embedding, computed with the model whose vectors you stored (memory_vector).
    #[serde(default)]
    query_embedding: Option<Vec<f64>>,
    /// auto (default), term, vector or fused.
    #[serde(default)]
    lane: Option<LaneArg>,
    /// At most this many hits, 1 to 1000 (default 10).
    #[serde(default)]
    limit: Option<usize>,
    /// Only memories whose fact time overlaps this window.
    #[serde(default)]
    time_window: Option<WindowArg>,
    /// Fuse by reciprocal rank fusion with this rank offset k (finite, at least 0; e.g. 60)
    /// instead of the default convex fusion.
    #[serde(default)]
    rrf_k: Option<f64>,
    /// The lane weights of the fused lane (default 1 and 1.5; 1 and 1 with rrf_k).
    #[serde(default)]
    weights: Option<WeightsArg>,
}

/// A retrieval lane.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum LaneArg {
    /// Fused with a query embedding, term without.
    Auto,
    /// BM25 over the words.
    Term,
    /// Cosine against the query embedding.
    Vector,
    /// Both, by reciprocal rank fusion.
    Fused,
}

/// A fact-time window; give at least one bound.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct WindowArg {
    /// RFC 3339 lower bound, inclusive.
    #[serde(default)]
    from: Option<String>,
    /// RFC 3339 upper bound, inclusive.
    #[serde(default)]
    until: Option<String>,
}

/// Fusion weights: finite, at least 0, not both 0.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct WeightsArg {
    /// The term lane's weight.
    term: f64,
    /// The vector lane's weight.
    vector: f64,
}

fn retrieve(state: &State, arguments: Value) -> Outcome {
    let a: RetrieveArgs = args("memory_retrieve", arguments)?;
    let scope = state.scope(a.scope)?;
    let query_embedding = a
        .query_embedding
        .map(|v| to_f32_vector("query_embedding", v))
        .transpose()?;
    let mut request = match (a.query, query_embedding) {
        (Some(query), embedding) => {
            let request = RetrieveRequest::new(scope, query);
            match embedding {
                Some(e) => request.embedding(e),
                None => request,
            }
        }
        (None, Some(embedding)) => RetrieveRequest::by_embedding(scope, embedding),
        (None, None) => {
            return Err(error::invalid(
                "query",
                "give query (the words to look for), or query_embedding for the vector lane, \
                 or both for the fused lane",
            ));
        }
    };
    if let Some(lane) = a.lane {
        request = request.lane(match lane {
            LaneArg::Auto => Lane::Auto,
            LaneArg::Term => Lane::Term,
            LaneArg::Vector => Lane::Vector,
            LaneArg::Fused => Lane::Fused,
        });
    }
    if let Some(limit) = a.limit {
        request = request.limit(limit);
    }
    if let Some(w) = a.time_window {
        request = request.window(TimeWindow {
            from: instant("time_window.from", w.from.as_deref())?,
            until: instant("time_window.until", w.until.as_deref())?,
        });
    }
    if a.rrf_k.is_some() || a.weights.is_some() {
        let mut fusion = Fusion::default();
        if let Some(k) = a.rrf_k {
            fusion = fusion.with_k(k);
        }
        if let Some(w) = a.weights {
            fusion = fusion.with_weights(w.term, w.vector);
        }
        request = request.fusion(fusion);
    }
    structured(&facade(state.store.retrieve(&state.who, &request)).map_err(fusion_fields)?)
}

// ---------------------------------------------------------------------------------------------
// memory_vector

const VECTOR: &str = "Attach a caller-computed embedding to a memory, or list the stored \
embeddings. Kenning computes no embedding: you compute the vector with your own model. ATTACH: \
pass capsule_id (alias id), embedding ([f32], non-empty, finite, not all zero) and model_tag \
(mandatory: the model that produced the numbers). One embedder per store: the first attach \
elects the store's model_tag and dimension, and an attach with another tag is refused (-32002 \
kind failed_precondition) naming the resident one. One embedding per capsule: a second attach \
replaces it. Answers {\"recorded\": true, \"replaced\": bool}. LIST: pass none of the three to \
get every stored embedding of the scope as {\"embeddings\": [{capsule_id, dimension, \
model_tag}]} in append order, without the vectors. An attach acts on the capsule's own scope \
(as memory_get finds it); a scope given must be that one. A LIST's scope defaults to the \
server's --scope. Errors: -32602 for a bad vector (a value out of the f32 range is named by \
its index, embedding[i]), a missing model_tag, only some of the three fields, or a scope that \
is not the capsule's; -32002 with data {\"kind\": \"unknown_capsule\", \"id\"} for an unknown capsule. \
Audited on attach.";

/// Arguments of memory_vector.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct VectorArgs {
    /// The scope of the capsule (attach) or of the listing. Omitted: the server's --scope.
    #[serde(default, skip_serializing)]
    scope: Option<String>,
    /// ATTACH: the capsule the embedding hangs off, "cap-N". Omit all of capsule_id, id,
    /// embedding and model_tag to LIST.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    capsule_id: Option<String>,
    /// Alias of capsule_id; pass one of the two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// ATTACH: the caller-computed vector (f32 values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    embedding: Option<Vec<f64>>,
    /// ATTACH (mandatory): the model that produced the embedding, compared byte for byte.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    model_tag: Option<String>,
}

fn vector(state: &State, arguments: Value) -> Outcome {
    let mut a: VectorArgs = args("memory_vector", arguments)?;
    if let Some(values) = a.embedding.take() {
        // Checked here, where the index of a value out of range is still known.
        let narrow = to_f32_vector("embedding", values)?;
        a.embedding = Some(narrow.into_iter().map(f64::from).collect());
    }
    let id = a
        .capsule_id
        .as_ref()
        .or(a.id.as_ref())
        .map(|t| t.parse::<CapsuleId>());
    let scope = match (a.scope.clone(), id) {
        // An attach names its capsule, which knows its scope: as memory_get finds it.
        (None, Some(Ok(id))) => match state.store.capsule(&state.who, id) {
            Ok(capsule) => capsule.scope,
            Err(_) => state.scope(None)?,
        },
        (Some(given), Some(Ok(id))) => {
            if let Ok(capsule) = state.store.capsule(&state.who, id)
                && capsule.scope != given
            {
                return Err(error::invalid(
                    "scope",
                    format!(
                        "{id} belongs to scope {}, not {}: omit scope (an attach uses the \
                         capsule's own scope), or pass scope {:?}",
                        quote(&capsule.scope),
                        quote(&given),
                        capsule.scope
                    ),
                ));
            }
            given
        }
        (given, _) => state.scope(given)?,
    };
    // The facade's wire type checks the attach-or-list rule and the alias.
    let body = serde_json::to_value(&a)
        .map_err(|e| error::internal(format!("encoding the request: {e}")))?;
    let request = args("memory_vector", body)?;
    match facade(state.store.embedding_request(&state.who, &scope, request))? {
        // Structured content is an object: the listing goes under `embeddings`, and the text
        // is the array itself.
        kenning::EmbeddingAnswer::Listed(list) => {
            let listed = serde_json::to_value(&list)
                .map_err(|e| error::internal(format!("encoding the result: {e}")))?;
            let mut result = CallToolResult::structured(json!({ "embeddings": listed }));
            result.content = vec![rmcp::model::ContentBlock::text(listed.to_string())];
            Ok(result)
        }
        answer => structured(&answer),
    }
}

// ---------------------------------------------------------------------------------------------
// memory_classify

const CLASSIFY: &str = "Classify content into {kind: fact | procedure | decision | task | epic \
| brainstorm | doc | constraint | capability | failure_pattern, scope: project | global | \
session, authority_class, instruction_taint}, deterministically (no model). Mandatory: content. \
Pass kind to carry a known kind forward; without it the kind is derived from English and \
Portuguese cue words, and content with no cue is refused (-32602 kind underivable): the call \
{content, kind} always succeeds. origin (default extracted-candidate) drives authority and the \
default scope; external-import is born tainted; taint_hint true is never cleared. A persist \
uses the capsule's recorded origin: a different origin is refused (-32002, data.kind \
failed_precondition, nothing written), so an import's taint cannot be cleared. ADVISORY \
without capsule_id. PERSISTED with capsule_id (alias id; both at once is an error): the label \
becomes the capsule's sidecar (upsert, audited, read back by memory_get under classification), \
and the answer says content_matches_capsule (false: you classified other bytes than the \
capsule holds). The epistemic fields evidence_state (observed | inferred | unverified), \
proof_hint and stale_if need capsule_id, are merged field by field (an omitted one never \
clears a stored one) and are stored verbatim, never executed. Errors: -32602 for a bad field \
or epistemics without capsule_id; -32002 with data {\"kind\": \"unknown_capsule\", \"id\"} for \
an unknown capsule (nothing written).";

/// Arguments of memory_classify.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ClassifyArgs {
    /// The content to classify.
    content: String,
    /// A kind to carry forward instead of deriving one: fact, procedure, decision, task, epic,
    /// brainstorm, doc, constraint, capability or failure_pattern.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
    /// The memory scope, overriding the origin's default: project, global or session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scope: Option<String>,
    /// extracted-candidate (default), owner-stated, tool-observation, external-import or
    /// session-note. With capsule_id, omit it or send the capsule's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    origin: Option<String>,
    /// An upstream taint verdict; true is never cleared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    taint_hint: Option<bool>,
    /// Persist the label onto this capsule, "cap-N". Omitted: advisory only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    capsule_id: Option<String>,
    /// Alias of capsule_id; sending both is an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// Needs capsule_id: observed, inferred or unverified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    evidence_state: Option<String>,
    /// Needs capsule_id: the command that re-proves the claim (stored, never run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    proof_hint: Option<String>,
    /// Needs capsule_id: when the claim expires (stored, never evaluated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stale_if: Option<String>,
}

fn classify(state: &State, arguments: Value) -> Outcome {
    let a: ClassifyArgs = args("memory_classify", arguments)?;
    // The classifier's wire type checks the closed sets, the alias and the epistemic rule.
    let body = serde_json::to_string(&a)
        .map_err(|e| error::internal(format!("encoding the request: {e}")))?;
    let request = facade(kenning::ClassifyRequest::parse(&body).map_err(kenning::Error::from))?;
    structured(&facade(state.store.classify(&state.who, &request))?)
}

// ---------------------------------------------------------------------------------------------
// memory_vocabulary_get, memory_vocabulary_declare

const VOCABULARY_GET: &str = "Read a vocabulary level: what it declares and what resolves \
there (the classes and relation types memory formation uses). Optional scopeId (or scope, the \
same argument as the other tools spell it): omitted reads the enterprise level. Answers {declaration?, resolved?}: a scope that inherits has no \
declaration and a resolved vocabulary; one that declared an empty vocabulary has a declaration \
and no resolved (classification off); no resolved at all means nothing is declared. Errors: \
-32002 kind not_found for an unknown scope; -32003 when the key lacks vocabulary read.";

/// Arguments of memory_vocabulary_get.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct VocabularyGetArgs {
    /// The scope whose level to read (the seed's spelling). Omitted: the enterprise level.
    #[serde(default)]
    scope_id: Option<String>,
    /// The same as scopeId, as every other tool spells it; pass one of the two.
    #[serde(default)]
    scope: Option<String>,
}

/// The level a vocabulary tool names: `scopeId` (the seed's spelling) or `scope` (every other
/// tool's), one of the two or both equal; neither is the enterprise level.
fn level_scope(
    scope_id: Option<String>,
    scope: Option<String>,
) -> Result<Option<String>, ErrorData> {
    match (scope_id, scope) {
        (Some(a), Some(b)) if a != b => Err(error::invalid(
            "scopeId",
            format!(
                "scopeId {} and scope {} differ: they are two spellings of one argument, pass \
                 one",
                quote(&a),
                quote(&b)
            ),
        )),
        (Some(a), _) | (None, Some(a)) => Ok(Some(a)),
        (None, None) => Ok(None),
    }
}

fn vocabulary_get(state: &State, arguments: Value) -> Outcome {
    let a: VocabularyGetArgs = args("memory_vocabulary_get", arguments)?;
    let sent = if a.scope.is_some() {
        "scope"
    } else {
        "scopeId"
    };
    let scope = level_scope(a.scope_id, a.scope)?;
    let level = Level::from_scope_id(scope.as_deref());
    structured(
        &facade(state.store.vocabulary(&state.who, level))
            .map_err(|e| error::renamed(e, "scope", sent))?,
    )
}

const VOCABULARY_DECLARE: &str = "Declare the vocabulary of a level, replacing what it declared \
(management-class: refused with -32003 when the server runs as an API key, A2). Mandatory: \
vocabulary {entityClasses: [{name, description}], relationTypes: [{name, description, \
signatures?: [{sourceClass, targetClass}]}]}; an empty vocabulary turns classification off at that \
level. Optional scopeId (or scope): omitted declares the enterprise default. Declaring changes no stored \
memory. Answers {\"declared\": true, \"scopeId\"?}. Errors: -32602 for an invalid vocabulary \
(the message names the field); -32002 kind not_found for an unknown scope.";

/// Arguments of memory_vocabulary_declare: the seed's declaration body.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct VocabularyDeclareArgs {
    /// The scope to declare for (the seed's spelling). Omitted: the enterprise level.
    #[serde(default)]
    scope_id: Option<String>,
    /// The same as scopeId, as every other tool spells it; pass one of the two.
    #[serde(default)]
    scope: Option<String>,
    /// The vocabulary: {entityClasses: [{name, description}], relationTypes: [{name,
    /// description, signatures?: [{sourceClass, targetClass}]}]}.
    vocabulary: serde_json::Map<String, Value>,
}

fn vocabulary_declare(state: &State, arguments: Value) -> Outcome {
    if state.who.is_api_key() {
        return Err(error::management_refused("declaring a vocabulary"));
    }
    let a: VocabularyDeclareArgs = args("memory_vocabulary_declare", arguments)?;
    let scope_id = level_scope(a.scope_id, a.scope)?;
    // Read here first, so that a mismatch is named by its path in what the client sent
    // (vocabulary.entityClasses[0]), not in the declaration body built from it.
    let vocabulary = Value::Object(a.vocabulary);
    serde_path_to_error::deserialize::<_, kenning::Vocabulary>(&vocabulary).map_err(|e| {
        error::malformed(
            "memory_vocabulary_declare",
            &format!("vocabulary.{}", e.path()).replace("vocabulary..", "vocabulary"),
            e.inner(),
        )
    })?;
    let mut body = json!({ "vocabulary": vocabulary });
    if let Some(scope) = &scope_id {
        body["scopeId"] = scope.as_str().into();
    }
    let declaration = facade(
        kenning::Declaration::parse(&body.to_string(), kenning::Format::Json)
            .map_err(kenning::Error::from),
    )?;
    facade(state.store.declare(&state.who, &declaration))?;
    let mut answer = json!({ "declared": true });
    if let Some(scope) = scope_id {
        answer["scopeId"] = scope.into();
    }
    structured(&answer)
}

// ---------------------------------------------------------------------------------------------
// memory_graph_commit, memory_graph_query

const GRAPH_COMMIT: &str = "Write nodes and edges into a scope's graph, all or nothing. \
Mandatory: nodes and/or edges. A node {id, label, nodeType?, properties?} is created or \
replaced by id, except its class: nodeType is assign-once, so a node keeps its first class and \
the answer lists it under classesKept (not an error). An edge {source, relationType, target, \
properties?} is identified by its three parts; both ends must exist in the scope or be in the \
same commit. scope defaults to the server's --scope. Answers {nodesCreated, nodesReplaced, \
classesAssigned, classesKept, edgesCreated, edgesReplaced}. Errors: -32602 for a field out of \
bounds (the message names it, e.g. nodes[2].label); -32002 kind failed_precondition for an \
edge to a node the scope does not hold (nothing written), kind not_found for an unknown scope.";

/// Arguments of memory_graph_commit.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[expect(
    dead_code,
    reason = "read for the schema; the facade's GraphCommit parses the body"
)]
struct GraphCommitArgs {
    /// The scope of the graph. Omitted: the server's --scope.
    #[serde(default)]
    scope: Option<String>,
    /// Nodes to create or replace.
    #[serde(default)]
    nodes: Vec<NodeArg>,
    /// Edges to create or replace.
    #[serde(default)]
    edges: Vec<EdgeArg>,
}

/// A graph node.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "read for the schema; the facade's GraphCommit parses the body"
)]
struct NodeArg {
    /// Unique within the scope.
    id: String,
    /// Display name.
    label: String,
    /// The node's class (assign-once).
    #[serde(default)]
    node_type: Option<String>,
    /// Free-form properties, replaced whole by each write.
    #[serde(default)]
    properties: serde_json::Map<String, Value>,
}

/// A directed, typed edge.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "read for the schema; the facade's GraphCommit parses the body"
)]
struct EdgeArg {
    /// The source node's id.
    source: String,
    /// The relation type, e.g. WORKS_AT.
    relation_type: String,
    /// The target node's id.
    target: String,
    /// Free-form properties, replaced whole by each write.
    #[serde(default)]
    properties: serde_json::Map<String, Value>,
}

/// Splits `scope` off a tool's arguments, leaving the facade's body.
fn take_scope(arguments: Value) -> Result<(Option<String>, Value), ErrorData> {
    let mut body = arguments;
    let scope = match body.as_object_mut().and_then(|o| o.remove("scope")) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s),
        Some(other) => {
            return Err(error::invalid(
                "scope",
                format!(
                    "expected a scope id (a string), got {}",
                    super::framing::kind(&other)
                ),
            ));
        }
    };
    Ok((scope, body))
}

fn graph_commit(state: &State, arguments: Value) -> Outcome {
    // Checked against the schema first, so that a wrong type is named as the schema names it.
    let _: GraphCommitArgs = args("memory_graph_commit", arguments.clone())?;
    let (scope, body) = take_scope(arguments)?;
    let scope = state.scope(scope)?;
    let commit: kenning::GraphCommit = args("memory_graph_commit", body)?;
    structured(&facade(
        state.store.commit_graph(&state.who, &scope, &commit),
    )?)
}

const GRAPH_QUERY: &str = "Query a scope's graph with the memory query's graph section. start \
{filters: [{key: NodeId | Label | NodeType, value}]} picks the start set (filters with one key \
are alternatives, different keys must all hold; no filter: every node), limit bounds it (1 to \
1000, default 50), and an optional traverse {relationTypes?, direction: out | in | both, depth \
(1 to 6, default 1), limit (default 200)} walks from it. NodeType is never checked against the \
vocabulary, so nodes of retired classes stay reachable. scope defaults to the server's --scope. \
Answers {nodes: [{id, label, nodeType?, properties}], edges: [...]} (edges a traversal \
followed); a node without a class has no nodeType. Errors: -32602 for an unknown filter key, \
direction or a bound out of range (the message names the path, e.g. graph.limit); -32002 kind \
not_found for an unknown scope.";

/// Arguments of memory_graph_query: the graph section of seed 000's memory query.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[expect(
    dead_code,
    reason = "read for the schema; the facade's GraphQuery parses the body"
)]
struct GraphQueryArgs {
    /// The scope of the graph. Omitted: the server's --scope.
    #[serde(default)]
    scope: Option<String>,
    /// The start set.
    #[serde(default)]
    start: Option<StartArg>,
    /// A walk from the start set.
    #[serde(default)]
    traverse: Option<TraverseArg>,
    /// At most this many start nodes, 1 to 1000 (default 50).
    #[serde(default)]
    limit: Option<u32>,
}

/// The start set's filters.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[expect(dead_code, reason = "read for the schema")]
struct StartArg {
    /// Filters; none selects every node.
    #[serde(default)]
    filters: Vec<FilterArg>,
}

/// One start filter.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[expect(dead_code, reason = "read for the schema")]
struct FilterArg {
    /// NodeId, Label or NodeType.
    key: String,
    /// The value to match exactly.
    value: String,
}

/// A walk from the start set.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[expect(dead_code, reason = "read for the schema")]
struct TraverseArg {
    /// Follow only these relation types; omitted: every type.
    #[serde(default)]
    relation_types: Vec<String>,
    /// out (default), in or both.
    #[serde(default)]
    direction: Option<String>,
    /// Hops, 1 to 6 (default 1).
    #[serde(default)]
    depth: Option<u32>,
    /// At most this many nodes beyond the start set, 1 to 1000 (default 200).
    #[serde(default)]
    limit: Option<u32>,
}

fn graph_query(state: &State, arguments: Value) -> Outcome {
    let _: GraphQueryArgs = args("memory_graph_query", arguments.clone())?;
    let (scope, body) = take_scope(arguments)?;
    let scope = state.scope(scope)?;
    let query =
        facade(kenning::GraphQuery::parse(&body.to_string()).map_err(kenning::Error::from))?;
    structured(&facade(
        state.store.query_graph(&state.who, &scope, &query),
    )?)
}
