//! # kenning
//!
//! Durable, in-process memory for AI agents, in one [redb](https://docs.rs/redb) file. This is
//! the facade: the [`Kenning`] handle composes the component crates into one store where every
//! call is one transaction and every call is checked against the caller's [`Principal`].
//!
//! ```
//! use kenning::{Kenning, Level, Principal, ScopeKind, Vocabulary};
//!
//! # let dir = tempfile::tempdir()?;
//! let store = Kenning::open(dir.path().join("memory.redb"))?;
//! let ops = Principal::operator("ops");
//!
//! store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
//! let people = Vocabulary::empty()
//!     .with_class("Person", "an individual human being, including colleagues");
//! store.declare_vocabulary(&ops, Level::Enterprise, &people)?;
//!
//! // The scope declares nothing, so it inherits the enterprise default.
//! let read = store.vocabulary(&ops, Level::Scope("bot.support"))?;
//! assert!(read.declaration.is_none());
//! assert_eq!(read.resolved, Some(people));
//!
//! // An empty declaration turns classification off for that scope alone.
//! store.declare_vocabulary(&ops, Level::Scope("bot.support"), &Vocabulary::empty())?;
//! assert!(store.vocabulary(&ops, Level::Scope("bot.support"))?.resolved.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## What it holds
//!
//! - **Scopes** ([`register_scope`](Kenning::register_scope)): every piece of memory belongs to
//!   one registered scope, of kind agent or subject (C2).
//! - **Vocabulary** ([`declare_vocabulary`](Kenning::declare_vocabulary),
//!   [`vocabulary`](Kenning::vocabulary), [`remove_vocabulary`](Kenning::remove_vocabulary)):
//!   the classes and relation types that steer memory formation, at the enterprise level and per
//!   scope, with the three states of the seed (V6–V9).
//! - **Capsules** ([`put`](Kenning::put), [`put_batch`](Kenning::put_batch),
//!   [`capsule`](Kenning::capsule), [`capsules`](Kenning::capsules),
//!   [`supersede`](Kenning::supersede), [`change_lifecycle`](Kenning::change_lifecycle),
//!   [`forget`](Kenning::forget)): text memories with lifecycle fences (C3–C8).
//! - **Recall** ([`retrieve`](Kenning::retrieve)): BM25 over a scope's capsules, fences applied
//!   before ranking, an optional fact-time window (R1–R7).
//! - **Embeddings** ([`attach_embedding`](Kenning::attach_embedding),
//!   [`attach_embeddings`](Kenning::attach_embeddings), [`embeddings`](Kenning::embeddings),
//!   [`embedding`](Kenning::embedding), [`embedder`](Kenning::embedder),
//!   [`migrate_embedder`](Kenning::migrate_embedder),
//!   [`embedding_request`](Kenning::embedding_request)): caller-computed vectors beside
//!   capsules, one embedder per store (E1–E7), recalled by cosine on the `vector` lane and
//!   fused with BM25 on the `fused` lane (R2–R7). See [`kenning_vector`] for the kernels and the
//!   scan.
//! - **Audit** ([`audit_log`](Kenning::audit_log)): every audited write, in order (U1).
//! - **API keys** ([`create_api_key`](Kenning::create_api_key),
//!   [`authenticate`](Kenning::authenticate)): stored grants whose secrets are kept only as
//!   hashes; a host turns a presented secret into the key's [`Principal`].
//! - **Graph** ([`commit_graph`](Kenning::commit_graph), [`query_graph`](Kenning::query_graph),
//!   [`inspect_graph`](Kenning::inspect_graph), [`delete_graph`](Kenning::delete_graph)): nodes
//!   and edges per scope with the assign-once class, `NodeId` / `Label` / `NodeType` filters
//!   and traversal (G1–G9), deletion of nodes with their edges. See [`kenning_graph`] for the
//!   bounds and the choices the seed leaves open.
//! - **Entities** ([`create_entities`](Kenning::create_entities),
//!   [`add_observations`](Kenning::add_observations),
//!   [`create_relations`](Kenning::create_relations),
//!   [`delete_entities`](Kenning::delete_entities),
//!   [`delete_observations`](Kenning::delete_observations),
//!   [`entity_graph`](Kenning::entity_graph), [`open_entities`](Kenning::open_entities),
//!   [`search_entities`](Kenning::search_entities)): graph nodes whose observations are
//!   capsules, the knowledge-graph memory of agents built for entities, relations and
//!   observations.
//! - **Formation** ([`start_formation`](Kenning::start_formation),
//!   [`commit_formation`](Kenning::commit_formation)): a vocabulary snapshot and its prompt
//!   section for the caller's extraction model, and the commit of what it extracted (F1–F4).
//! - **Classification** ([`classify`](Kenning::classify)): what a memory is and how far to trust
//!   it, advisory or persisted on a capsule as its label and epistemic sidecars (K1–K9).
//!
//! ## Capsules and recall
//!
//! ```
//! use kenning::{Kenning, LifecycleChange, NewCapsule, Principal, RetrieveRequest, ScopeKind};
//!
//! # let dir = tempfile::tempdir()?;
//! let store = Kenning::open(dir.path().join("memory.redb"))?;
//! let ops = Principal::operator("ops");
//! store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
//!
//! let ids = store.put_batch(&ops, &[
//!     NewCapsule::new("bot.support", "Ana prefers email over phone calls."),
//!     NewCapsule::new("bot.support", "Ana's invoices go to the finance mailbox."),
//! ])?;
//! let found = store.retrieve(&ops, &RetrieveRequest::new("bot.support", "how to reach Ana? email"))?;
//! assert_eq!(found.hits[0].capsule.id, ids[0]);
//!
//! // Content never changes in place: a correction supersedes, and the old capsule is fenced.
//! let fixed = store.supersede(&ops, ids[0],
//!     &NewCapsule::new("bot.support", "Ana now prefers a chat message over email."))?;
//! store.change_lifecycle(&ops, ids[1], LifecycleChange::Archive)?;
//! let found = store.retrieve(&ops, &RetrieveRequest::new("bot.support", "how to reach Ana? email"))?;
//! assert_eq!(found.hits.len(), 1);
//! assert_eq!(found.hits[0].capsule.id, fixed);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Embeddings and fused recall
//!
//! ```
//! use kenning::{Kenning, Lane, NewCapsule, Principal, RetrieveRequest, ScopeKind};
//!
//! # let dir = tempfile::tempdir()?;
//! let store = Kenning::open(dir.path().join("memory.redb"))?;
//! let ops = Principal::operator("ops");
//! store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
//! let ids = store.put_batch(&ops, &[
//!     NewCapsule::new("bot.support", "Ana prefers email over phone calls."),
//!     NewCapsule::new("bot.support", "Ana's invoices go to the finance mailbox."),
//! ])?;
//!
//! // Your model computes the vectors; Kenning stores them beside the capsules.
//! store.attach_embeddings(&ops, &[(ids[0], &[0.9, 0.1, 0.0]), (ids[1], &[0.1, 0.9, 0.2])],
//!     "my-embedder-v1")?;
//!
//! // With a query embedding, the auto lane fuses BM25 and cosine.
//! let request = RetrieveRequest::new("bot.support", "how to reach Ana?").embedding([1.0, 0.0, 0.0]);
//! let found = store.retrieve(&ops, &request)?;
//! assert_eq!(found.lane, Lane::Fused);
//! let best = &found.hits[0];
//! assert_eq!(best.capsule.id, ids[0]);
//! assert_eq!(best.vector.map(|v| v.rank), Some(1));   // its place in each lane (R7)
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Choices the seeds leave open, made here:
//!
//! - **Records.** A capsule is a canonical record, written once by the put and removed only by
//!   a forget (C4), plus a lifecycle record that holds its fences. Sidecars (the term index now;
//!   embeddings, labels, epistemics) live in tables of their own keyed by capsule id (C6), and
//!   [`forget`](Kenning::forget) is the one call that removes all of them (C7).
//! - **Ids** are `cap-<n>` from one store-wide counter that never goes back: a forgotten id is
//!   never handed out again (C3).
//! - **Bounds.** Content: non-blank UTF-8 of at most [`MAX_CONTENT_BYTES`] (32 KiB) — a long note
//!   or a page, one memory; split longer texts. Metadata: at most [`MAX_METADATA_ENTRIES`]
//!   entries, keys following the name rule (at most [`MAX_METADATA_KEY_CHARS`] characters),
//!   values at most [`MAX_METADATA_VALUE_BYTES`] bytes. A batch: at most [`MAX_BATCH`] capsules,
//!   all written or none, and at most [`MAX_CALL_BYTES`] (64 MiB) of content, metadata and
//!   vectors in one call. A query: at most [`MAX_QUERY_BYTES`]; a retrieval: 1 to [`MAX_LIMIT`]
//!   hits.
//! - **Lifecycle** (C5). Quarantine is lifted by release, archive by unarchive; falsified and
//!   superseded are final; stale follows a `fresh_until` deadline and is read against the clock,
//!   so a capsule goes stale without any write. Fences combine. A change that would change
//!   nothing (quarantine a quarantined capsule, release one that is not, clear a deadline that
//!   is not set, supersede twice) is [`Error::FailedPrecondition`] and writes nothing. A
//!   replacement stays in the scope of what it supersedes and records it in `supersedes`.
//! - **Audit** (U1). Lifecycle changes, supersessions and forgets are audited with the capsule
//!   id as target and the scope in the detail, never the content. Plain puts are not audited: a
//!   put changes no existing memory, carries its own creation time, and auditing it would double
//!   the writes of bulk ingestion.
//! - **Permissions** (A6). Writes need [`Permission::MemoryWrite`], reads and retrieval
//!   [`Permission::MemoryRead`], each with reach over the capsule's scope. A capsule in an
//!   unreached scope is answered like an unknown one, [`Error::UnknownCapsule`].
//! - **Term lane** (R2). BM25 with k1 = 1.2 and b = 0.75 over the analysed content: Unicode
//!   words, case and diacritics folded, English or Portuguese stop words and Snowball stemming,
//!   the language detected per text (the `kenning-term` crate documents the analysis). The
//!   statistics `N`, `avgdl` and `df` are scope-local and count **every capsule stored in the
//!   scope, fenced ones included**: fencing a capsule, or its deadline passing, changes no other
//!   capsule's score. `dl` is a capsule's number of terms after analysis.
//! - **Fences before ranking** (R4). A fenced capsule is dropped before it can take a place among
//!   the best `limit`, so a retrieval returns the best unfenced capsules, never fewer because
//!   fenced ones ranked high.
//! - **Fact-time windows** (R5). A capsule is in a window when its declaration shares at least
//!   one instant with it (bounds inclusive, an open bound reaching forever). Under a window an
//!   undated capsule is excluded: it cannot be shown to fall inside.
//! - **Queries.** An empty or blank query is [`Error::InvalidArgument`], never a dump of the
//!   scope. A query whose words are all stop words finds nothing. Equal scores rank the lower
//!   (older) id first.
//! - **Embeddings** (E1–E7). An embedding belongs to its capsule's scope: an attach names the
//!   capsule, and the capsule decides the scope, over which reach is checked; a capsule out of
//!   reach is answered like an unknown one, [`Error::UnknownCapsule`] (A5).
//!   [`embedding_request`](Kenning::embedding_request) serves the seed's wire body against a
//!   named scope, where a capsule of another scope is unknown too. The listing (E5) is per
//!   scope: a store-wide list would cross scopes. Attaches are audited one record per call
//!   (`embedding.attach`): a single attach names its capsule and whether it `replaced` one, a
//!   batch names every capsule as ranges of consecutive ids, its scopes and the capsules whose
//!   embedding it replaced; a refused attach writes nothing.
//!   Forget removes the embedding with the capsule (C7); removing the store's last embedding
//!   frees the resident embedder. [`migrate_embedder`](Kenning::migrate_embedder) is the
//!   explicit switch to another model: it clears every embedding and attaches the new ones in
//!   one transaction, and needs reach over every scope.
//! - **Vector lane** (R2–R4). Cosine over a quantized copy of the scope's embeddings held in
//!   memory (int8 codes and sign bits, 448 bytes a 384-d vector; loaded on open, one version
//!   per committed state, each read using its snapshot's), every hit scored exactly from its
//!   stored `f32` vector: exact in a scope of at most 4,096 kept vectors, and beyond that the
//!   exact ranking of the candidates the sign bits choose, more of them while the best are not
//!   at the front of that choice (see [`kenning_vector::ScopeVectors::top_k_with`]). The fences and the window are applied before
//!   ranking through the same admission as the term lane. A query embedding must pass the
//!   checks an attach does and, once the store has embeddings, match their dimension, on every
//!   lane (R3); a store without embeddings has no dimension to mismatch and its vector lane
//!   finds nothing. Scopes of at least [`PARALLEL_SCAN_BYTES`] of vectors are scanned on up to
//!   [`MAX_SCAN_THREADS`] threads, with the same exact answer.
//! - **Fused lane** (R6). By default a convex combination of each lane's score normalised to
//!   `[0, 1]` (vector weight 1.5 to the term lane's 1), every candidate scored in both lanes,
//!   each lane feeding as many hits as asked (at least [`DEFAULT_FUSION_DEPTH`]); RRF with its
//!   `k` and weights on request ([`Fusion::rrf`]). [`Fusion`] documents the evidence, chosen by
//!   cross-validation. Without query text the fused lane's term lane finds nothing and the
//!   vector lane decides. A hit's `score` is the fused score on the fused lane, the lane's own score (BM25, cosine) on the
//!   others; its `term` and `vector` fields give its rank and score in each lane that ran and
//!   found it (R7).
//! - **Context.** A capsule may sit in a [`Thread`] (a session, a conversation, a document: an
//!   id and a position, part of its frozen record, indexed). Under a [`Context`] (on by
//!   default: two positions each way, 0.7 of the best neighbour's score) a capsule's admitted
//!   neighbours in its thread lend it part of their score on every lane, so the turn that
//!   answers a question but shares few of its words comes up beside the one that shares them;
//!   capsules without a thread recall exactly as without a context.
//!
//! ## Entities
//!
//! ```
//! use kenning::{EdgeRef, EntityObservations, Kenning, NewEntity, Principal, ScopeKind};
//!
//! let store = Kenning::in_memory()?;
//! let ops = Principal::operator("ops");
//! store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
//! store.create_entities(&ops, "bot.support", &[
//!     NewEntity::new("Ana").with_type("person").observe("Prefers email over phone calls."),
//!     NewEntity::new("Acme").with_type("organization"),
//! ])?;
//! store.create_relations(&ops, "bot.support", &[EdgeRef::new("Ana", "works_at", "Acme")])?;
//! store.add_observations(&ops, "bot.support",
//!     &[EntityObservations::new("Ana", ["Her invoices go to the finance mailbox."])])?;
//!
//! // Observations are capsules: recalled by meaning of their words, not only by substring.
//! let found = store.search_entities(&ops, "bot.support", "billing mailbox")?;
//! assert_eq!(found.entities[0].name, "Ana");
//! assert_eq!(found.relations[0], EdgeRef::new("Ana", "works_at", "Acme"));
//! # Ok::<(), kenning::Error>(())
//! ```
//!
//! Choices made here:
//!
//! - **An entity is a graph node** of its scope: its name is the node id (and the label it is
//!   created with), its `entityType` the node's class, assign-once (G2): a later
//!   `create_entities` with another type keeps the first and reports it in
//!   [`EntitiesWritten::classes_kept`]; a node without a class takes the first one given (G3).
//!   Any node of the scope, however written, reads back as an entity.
//! - **An observation is a capsule** of the scope (origin `extracted-candidate`, metadata
//!   [`ENTITY_METADATA_KEY`] = the entity's name) linked to its entity in
//!   `kenning.entity_observations`. So observations are durable, recalled by
//!   [`retrieve`](Kenning::retrieve), classifiable, embeddable and fenceable like every
//!   capsule; a fenced observation is left out of every entity read and search, as out of
//!   recall (R4). An entity holds one observation per exact text: adding a text it holds
//!   (fenced ones included) adds nothing.
//! - **Creating is merging**: `create_entities` on an existing entity keeps its label and
//!   properties and adds only the observations it does not hold.
//! - **Relations before entities**: `create_relations` to an entity the scope does not hold
//!   creates it, without a class (G4) and without observations, so a relation is never lost
//!   for its order; `create_entities` then types it (G3) and adds its observations.
//! - **Deleting**: [`delete_entities`](Kenning::delete_entities) forgets the observation
//!   capsules (C7, audited) and deletes the node with every relation touching it;
//!   [`delete_graph`](Kenning::delete_graph) deletes the node and unlinks its observations,
//!   which stay as plain capsules; [`forget`](Kenning::forget) on an observation unlinks it.
//! - **Search**: every entity whose name, class or unfenced observation contains the query
//!   (case-insensitive, as the MCP reference memory server does), then the entities whose
//!   observations the term lane ranks among the best [`SEARCH_DEPTH`].
//! - Every call is one transaction (reads one snapshot); writes need
//!   [`Permission::MemoryWrite`], reads [`Permission::MemoryRead`], both with reach over the
//!   scope (A6).
//!
//! ## Classification
//!
//! ```
//! use kenning::{ClassifyRequest, EvidenceState, Kenning, Kind, NewCapsule, Principal, ScopeKind};
//!
//! let store = Kenning::in_memory()?;
//! let ops = Principal::operator("ops");
//! store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
//! let id = store.put(&ops, &NewCapsule::new("bot.support", "We decided to keep EU data in Frankfurt."))?;
//!
//! // Advisory: a pure function of the request, nothing written.
//! let advice = store.classify(&ops, &ClassifyRequest::new("Decidimos manter os dados na UE."))?;
//! assert_eq!(advice.label.kind(), Kind::Decision);
//!
//! // Persisted: the label and the epistemic fields become the capsule's sidecars.
//! let mut request = ClassifyRequest::new("We decided to keep EU data in Frankfurt.");
//! request.capsule_id = Some(id.to_string());
//! request.epistemics.evidence_state = Some(EvidenceState::Observed);
//! let answer = store.classify(&ops, &request)?;
//! assert_eq!(answer.content_matches_capsule, Some(true));
//! let capsule = store.capsule(&ops, id)?;
//! assert_eq!(capsule.classification.unwrap().label.kind(), Kind::Decision);
//! # Ok::<(), kenning::Error>(())
//! ```
//!
//! The classifier itself is [`classifier`] (the `kenning-classify` crate): cue tables, the
//! entity gate, the origin table and the taint scan, with its measured accuracy. The facade adds
//! persistence: labels are upserted, epistemic fields merge field by field, both are returned on
//! [`capsule`](Kenning::capsule), [`capsules`](Kenning::capsules) and every retrieval hit, and
//! both go with the capsule on forget. A persisting call without an origin classifies with the
//! capsule's recorded origin, and a capsule whose label was ever tainted stays tainted (K5).
//!
//! ## Snapshots and transactions
//!
//! Every read answers from one committed state, in every lane: the term lane, the vector lane,
//! the capsule records and the graph of one call see the same commit. Take a
//! [`snapshot`](Kenning::snapshot) to make several reads agree, and a
//! [`transaction`](Kenning::transaction) to make several writes commit together:
//!
//! ```
//! use kenning::{GraphCommit, Kenning, Lane, NewCapsule, Node, Principal, RetrieveRequest, ScopeKind};
//!
//! let store = Kenning::in_memory()?;
//! let ops = Principal::operator("ops");
//! store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
//! store.transaction(&ops, |tx| {
//!     let id = tx.put(&NewCapsule::new("bot.support", "Ana prefers email."))?;
//!     tx.attach_embedding(id, &[1.0, 0.0], "my-embedder-v1")?;
//!     tx.commit_graph("bot.support", &GraphCommit::new().node(Node::new("ana", "Ana")))?;
//!     Ok(())
//! })?;
//!
//! let snap = store.snapshot(&ops)?;
//! let by_words = snap.retrieve(&RetrieveRequest::new("bot.support", "email"))?;
//! let by_vector = snap.retrieve(&RetrieveRequest::by_embedding("bot.support", [1.0, 0.0]).lane(Lane::Vector))?;
//! assert_eq!(by_words.hits[0].capsule.id, by_vector.hits[0].capsule.id); // one state, every lane
//! # Ok::<(), kenning::Error>(())
//! ```
//!
//! ## Guarantees
//!
//! - One call, one redb write transaction: a call that returns `Err` wrote nothing, and one that
//!   returns `Ok` is visible at once in every lane. Nothing can fail after a commit: the
//!   in-memory copies of the new state are built before it and published after it.
//! - Commits are durable when the call returns (redb's `Durability::Immediate`).
//! - [`Kenning`] and [`Snapshot`] are `Send + Sync`; the handle is cheap to clone. Readers work
//!   on a snapshot and never wait for a writer's transaction or commit; writers are serialized
//!   and never wait for readers to finish.
//! - No input panics the library; every error has a stable [`ErrorCode`].
//!
//! ## Features
//!
//! - `schema` (off by default): every wire type (the serde types of requests and answers, here
//!   and in the component crates re-exported here) also implements `schemars::JsonSchema`, its
//!   schema following the serde attributes. `kenning-server` turns it on to generate its
//!   OpenAPI document; a host describing its own API can do the same.
//!
//! ## What it is not
//!
//! Not a server and not a model runner: there is no network, no embedding model, no LLM. The
//! host authenticates its callers and builds their [`Principal`]; Kenning enforces what that
//! principal may do. The public API exposes no redb type.

#![deny(missing_docs)]

mod access;
mod attach;
mod audit;
mod canon;
mod capsule;
mod classification;
mod compact;
mod embedding;
mod entity;
mod error;
mod fence_index;
mod formation;
mod graph;
mod keys;
mod record;
mod retrieve;
mod salvage;
mod scope;
mod seal;
mod snapshot;
mod storage;
mod store;
mod thread;
mod time;
mod transaction;
mod vocabulary;

use std::sync::Arc;

pub use access::{Permission, Principal, PrincipalKind, Selector};
pub use attach::{Attach, AttachRequest, VectorCall};
pub use audit::AuditRecord;
#[doc(hidden)]
pub use canon::fuzzing as __record_fuzzing;
pub use capsule::{
    Capsule, CapsuleId, FactTime, Fence, Lifecycle, LifecycleChange, MAX_BATCH, MAX_CALL_BYTES,
    MAX_CONTENT_BYTES, MAX_METADATA_ENTRIES, MAX_METADATA_KEY_CHARS, MAX_METADATA_VALUE_BYTES,
    MAX_PAGE, NewCapsule, Origin,
};
pub use classification::{Classification, PersistedLabel};
pub use compact::{CompactReport, TermMerge};
pub use embedding::{Attachment, Embedder, EmbeddingAnswer, EmbeddingInfo, Migration};
pub use entity::{
    ENTITY_METADATA_KEY, EntitiesDeleted, EntitiesWritten, Entity, EntityGraph, EntityObservations,
    MAX_ENTITIES, NewEntity, Observation, ObservationsDeleted, SEARCH_DEPTH,
};
pub use error::{Error, ErrorCode, Result};
pub use formation::{ExtractedEntity, Extraction, Formation, FormationReport, UndeclaredCandidate};
/// The classifier crate, re-exported whole.
pub use kenning_classify as classifier;
pub use kenning_classify::{
    AuthorityClass, ClassifyRequest, Epistemics, EvidenceState, Kind, Label, MemoryScope,
    TaintFamily,
};
pub use kenning_graph::{
    ClassKept, CommitReport, Direction, Edge, Error as GraphError, ErrorKind as GraphErrorKind,
    Filter, FilterKey, GraphAnswer, GraphCommit, GraphQuery, Node, NodePage, Start, Traversal,
};
pub use kenning_graph::{DeletionReport, EdgeLeftOut, EdgeRef, GraphDeletion};
pub use keys::{ApiKey, KeyGrant, NewApiKey, SECRET_PREFIX};
pub use retrieve::{
    Context, DEFAULT_FUSION_DEPTH, Fusion, FusionMethod, MAX_CONTEXT_WINDOW, MAX_FUSION_DEPTH,
    MAX_SCAN_THREADS, PARALLEL_SCAN_BYTES,
};
pub use retrieve::{
    DEFAULT_LIMIT, Hit, Lane, LaneScore, MAX_LIMIT, MAX_QUERY_BYTES, Retrieval, RetrieveRequest,
    TimeWindow,
};
pub use salvage::{CheckReport, SalvageReport, TableSalvage};
pub use scope::{MAX_SCOPE_ID_CHARS, Scope, ScopeKind};
pub use snapshot::Snapshot;
pub use storage::{MemoryStorage, Storage};
pub use store::{Durability, OpenOptions, Verification};
pub use thread::{MAX_THREAD_ID_BYTES, Thread};
pub use time::Timestamp;
pub use transaction::Transaction;
pub use vocabulary::Level;

/// The vocabulary crate, re-exported whole.
pub use kenning_vocab as vocab;

/// What the facade's API uses of `kenning-vector`, the crate behind the vector lane: the bounds
/// of an embedding and the error type of [`Error::Vector`]. The crate itself (its tables,
/// transactions and kernels) is not part of the facade's API.
pub mod vector {
    pub use kenning_vector::{
        Embedding, Error, ErrorKind, MAX_DIMENSION, MAX_MAGNITUDE, MAX_MODEL_TAG_BYTES,
        MIN_MAGNITUDE, ModelTag,
    };
}
pub use kenning_vocab::{
    Declaration, EntityClass, Format, RelationType, Signature, Vocabulary, VocabularyDiff,
    VocabularyRead,
};

/// A handle on one store file. Cheap to clone; every clone shares the same open database.
#[derive(Debug, Clone)]
pub struct Kenning {
    inner: Arc<store::Inner>,
}

impl Kenning {
    /// Registers scope `id` of kind `kind` (C2). Returns `true` when it was created, `false` when
    /// it already existed with that kind.
    ///
    /// Needs [`Permission::ScopesManage`] (management-class) and reach over `id` in both
    /// namespaces, checked before anything is looked up: agent and subject scopes share one id
    /// space, so registering claims the id in both, and a caller who could not see a scope of
    /// the other kind under that id is answered as if it did not exist (A5).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an id breaking the rule (1–128 letters, digits, `_ . -`),
    /// [`Error::PermissionDenied`], [`Error::NotFound`] without reach in either namespace,
    /// [`Error::FailedPrecondition`] when the id is registered with the other kind,
    /// [`Error::Storage`].
    pub fn register_scope(&self, who: &Principal, id: &str, kind: ScopeKind) -> Result<bool> {
        who.require(Permission::ScopesManage, "register a scope")?;
        scope::check_id("scope_id", id)?;
        if !(who.reaches(ScopeKind::Agent, id) && who.reaches(ScopeKind::Subject, id)) {
            return Err(Error::NotFound {
                what: "scope",
                id: id.to_owned(),
            });
        }
        self.write(|w| {
            use kenning_table::DbResult as _;
            let mut table = w.txn.open_table(scope::SCOPES).db()?;
            scope::register(&mut table, id, kind, w.now)
        })
    }

    /// The scope `id`, if `who` reaches it. Needs no permission beyond reach.
    ///
    /// # Errors
    /// [`Error::NotFound`] when it is not registered or not reached (indistinguishably),
    /// [`Error::InvalidArgument`] for a malformed id, [`Error::Storage`].
    pub fn scope(&self, who: &Principal, id: &str) -> Result<Scope> {
        self.snapshot(who)?.scope(id)
    }

    /// Every registered scope `who` reaches, in id order.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub fn scopes(&self, who: &Principal) -> Result<Vec<Scope>> {
        self.snapshot(who)?.scopes()
    }

    /// Up to `limit` audit records with a sequence number above `after`, oldest first (U1).
    /// Page through the log by passing the last `seq` you saw.
    ///
    /// Needs [`Permission::AuditRead`] (management-class: the log spans every scope).
    ///
    /// # Errors
    /// [`Error::PermissionDenied`], [`Error::Storage`].
    pub fn audit_log(&self, who: &Principal, after: u64, limit: usize) -> Result<Vec<AuditRecord>> {
        self.snapshot(who)?.audit_log(after, limit)
    }
}

impl Snapshot {
    /// [`Kenning::scope`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::scope`].
    pub fn scope(&self, id: &str) -> Result<Scope> {
        crate::error::contain(self.store.path(), || {
            use kenning_table::DbResult as _;
            scope::reach(&self.txn.open_table(scope::SCOPES).db()?, &self.who, id)
        })
    }

    /// [`Kenning::scopes`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::scopes`].
    pub fn scopes(&self) -> Result<Vec<Scope>> {
        crate::error::contain(self.store.path(), || {
            use kenning_table::DbResult as _;
            scope::list(&self.txn.open_table(scope::SCOPES).db()?, &self.who)
        })
    }

    /// [`Kenning::audit_log`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::audit_log`].
    pub fn audit_log(&self, after: u64, limit: usize) -> Result<Vec<AuditRecord>> {
        crate::error::contain(self.store.path(), || {
            use kenning_table::DbResult as _;
            self.who
                .require(Permission::AuditRead, "read the audit log")?;
            audit::read(&self.txn.open_table(audit::AUDIT).db()?, after, limit)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync + Clone>() {}

    #[test]
    fn handle_is_send_sync_and_clone() {
        assert_send_sync::<Kenning>();
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Snapshot>();
    }
}
