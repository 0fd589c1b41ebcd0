//! Memory formation (F1–F4): the caller's own extraction model turns a conversation into
//! entities and relationships, steered by the vocabulary that resolved for the scope when the
//! formation started.
//!
//! 1. [`Kenning::start_formation`] snapshots what resolves for the scope (F1) and returns a
//!    [`Formation`], whose [`prompt`](Formation::prompt) is the rendered vocabulary section to put
//!    in the extraction prompt (F2). Kenning runs no model.
//! 2. The caller runs its model and collects an [`Extraction`].
//! 3. [`Kenning::commit_formation`] writes it (F3): a candidate class the snapshot declares is
//!    assigned, subject to assign-once (G2); any other candidate leaves the entity unclassified
//!    (G4); relationships are recorded with their types exactly as extracted (G8), and one the
//!    graph cannot store is left out and reported, never refusing the entities with it.
//!
//! A declaration made while a formation runs does not change it: the snapshot is the formation's
//! own copy. A formation whose scope resolves to no vocabulary writes everything unclassified
//! (F4), and those entities stay classifiable by any later write (G3).
//!
//! Choices: candidate classes match declared class names exactly (case-sensitive, like every
//! vocabulary name). A `Formation` holds no lock and no store state, so it can be serialized,
//! handed across a request boundary and committed later, or dropped without cleanup; committing
//! rechecks permission and reach. Forging a formation grants nothing a direct commit
//! ([`Kenning::commit_graph`]) does not already allow with the same permission.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use kenning_graph::{CommitReport, Edge, GraphCommit, Node};
use kenning_vocab::Vocabulary;

use crate::access::{Permission, Principal};
use kenning_table::DbResult;

use crate::error::Result;
use crate::scope::{self, SCOPES};
use crate::time::Timestamp;
use crate::vocabulary::{self, VOCABULARY};
use crate::{Kenning, Snapshot};

/// A running formation: the scope it writes to and the vocabulary snapshot taken when it
/// started (F1).
///
/// Start one with [`Kenning::start_formation`], give [`prompt`](Self::prompt) to your extraction
/// model (F2), and commit what it found with [`Kenning::commit_formation`] (F3). A declaration
/// made meanwhile does not change the formation: the snapshot is its own copy.
///
/// Candidate classes match the snapshot's class names exactly (case-sensitive, like every
/// vocabulary name). A formation holds no lock and no store state: it can be serialized, handed
/// across a request boundary and committed later, or dropped without cleanup. Committing checks
/// permission and reach again. A forged formation grants nothing a direct commit
/// ([`Kenning::commit_graph`]) does not already allow with the same permission.
///
/// ```
/// use kenning::{Edge, ExtractedEntity, Extraction, Kenning, Level, Principal, ScopeKind};
/// use kenning::Vocabulary;
///
/// # let dir = tempfile::tempdir()?;
/// let store = Kenning::open(dir.path().join("memory.redb"))?;
/// let ops = Principal::operator("ops");
/// store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
/// let people = Vocabulary::empty().with_class("Person", "an individual human being");
/// store.declare_vocabulary(&ops, Level::Enterprise, &people)?;
///
/// let formation = store.start_formation(&ops, "bot.support")?;
/// assert!(formation.prompt().unwrap().contains("- Person: an individual human being"));
///
/// // What the caller's model extracted: one declared class, one that is not.
/// let extracted = Extraction::new()
///     .entity(ExtractedEntity::new("ada", "Ada").candidate("Person"))
///     .entity(ExtractedEntity::new("acme", "Acme").candidate("Company"))
///     .relationship(Edge::new("ada", "WORKS_AT", "acme"));
/// let report = store.commit_formation(&ops, &formation, &extracted)?;
/// assert_eq!(report.graph.classes_assigned, 1);
/// assert_eq!(report.undeclared_candidates[0].id, "acme"); // stored with no class
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Serialized as `{"scopeId": "bot.support", "started": 1700000000000, "vocabulary": {...}}`,
/// `vocabulary` omitted when nothing resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Formation {
    scope_id: String,
    started: Timestamp,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    vocabulary: Option<Vocabulary>,
}

impl Formation {
    /// The scope the formation writes to.
    #[must_use]
    pub fn scope_id(&self) -> &str {
        &self.scope_id
    }

    /// When it started, which is when its vocabulary was snapshotted.
    #[must_use]
    pub fn started(&self) -> Timestamp {
        self.started
    }

    /// The vocabulary that resolved for the scope at start; `None` when nothing resolved
    /// (classification off, or no declaration at any level), in which case every entity is
    /// written unclassified (F4).
    #[must_use]
    pub fn vocabulary(&self) -> Option<&Vocabulary> {
        self.vocabulary.as_ref()
    }

    /// The prompt section for the caller's extraction model (F2, V12): the snapshot rendered,
    /// deterministic, names and flattened descriptions only. `None` when nothing resolved: tell
    /// the model to extract entities without classes.
    #[must_use]
    pub fn prompt(&self) -> Option<String> {
        self.vocabulary.as_ref().map(Vocabulary::render)
    }

    /// The graph commit this formation makes of `extraction`, and the candidates it leaves out.
    fn commit_of(&self, extraction: &Extraction) -> (GraphCommit, Vec<UndeclaredCandidate>) {
        let mut undeclared = Vec::new();
        let nodes = extraction
            .entities
            .iter()
            .map(|e| {
                let class = e.candidate_class.as_deref().and_then(|candidate| {
                    let declared = self
                        .vocabulary
                        .as_ref()
                        .and_then(|v| v.class(candidate))
                        .map(|c| c.name.clone());
                    if declared.is_none() {
                        undeclared.push(UndeclaredCandidate {
                            id: e.id.clone(),
                            candidate_class: candidate.to_owned(),
                        });
                    }
                    declared
                });
                Node {
                    id: e.id.clone(),
                    label: e.label.clone(),
                    node_type: class,
                    properties: e.properties.clone(),
                }
            })
            .collect();
        let commit = GraphCommit {
            nodes,
            edges: extraction.relationships.clone(),
        };
        (commit, undeclared)
    }
}

/// What the caller's extraction model found: entities with candidate classes, and relationships.
///
/// Serialized as `{"entities": [...], "relationships": [...]}`; a relationship has the shape of
/// an [`Edge`]. Bounds are those of a graph commit ([`kenning_graph::MAX_COMMIT_NODES`] entities,
/// [`kenning_graph::MAX_COMMIT_EDGES`] relationships, the text and property bounds per field),
/// reported with paths into this document (`entities[2].label`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Extraction {
    /// The entities, written as nodes in order.
    #[serde(default)]
    pub entities: Vec<ExtractedEntity>,
    /// The relationships, written as edges after the entities.
    #[serde(default)]
    pub relationships: Vec<Edge>,
}

impl Extraction {
    /// An empty extraction.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an entity.
    #[must_use]
    pub fn entity(mut self, entity: ExtractedEntity) -> Self {
        self.entities.push(entity);
        self
    }

    /// Adds a relationship.
    #[must_use]
    pub fn relationship(mut self, relationship: Edge) -> Self {
        self.relationships.push(relationship);
        self
    }
}

/// One extracted entity: `{"id": "ada", "label": "Ada", "candidateClass": "Person"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExtractedEntity {
    /// The node id it is written under.
    pub id: String,
    /// Its display name.
    pub label: String,
    /// The class the model proposes; assigned only if the formation's snapshot declares it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub candidate_class: Option<String>,
    /// Free-form properties.
    #[serde(default)]
    pub properties: Map<String, Value>,
}

impl ExtractedEntity {
    /// An entity without a candidate class.
    pub fn new(id: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            label: label.into(),
            candidate_class: None,
            properties: Map::new(),
        }
    }

    /// Proposes a class.
    #[must_use]
    pub fn candidate(mut self, class: impl Into<String>) -> Self {
        self.candidate_class = Some(class.into());
        self
    }

    /// Sets one property.
    #[must_use]
    pub fn with_property(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.properties.insert(key.into(), value.into());
        self
    }
}

/// What committing a formation did.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormationReport {
    /// The graph write, as for a direct commit.
    pub graph: CommitReport,
    /// Entities whose candidate class the snapshot does not declare; they were written without
    /// a class (F3, F4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undeclared_candidates: Vec<UndeclaredCandidate>,
}

/// An entity written unclassified because its candidate class is not in the snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UndeclaredCandidate {
    /// The entity.
    pub id: String,
    /// The class the model proposed.
    pub candidate_class: String,
}

impl Kenning {
    /// Starts a formation against scope `scope_id`, snapshotting the vocabulary that resolves
    /// there now (F1). Declarations, edits and removals that succeed later apply to formations
    /// started later; this one keeps its snapshot.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the scope (A6).
    ///
    /// # Errors
    /// [`Error::PermissionDenied`](crate::Error::PermissionDenied),
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a malformed scope id,
    /// [`Error::NotFound`](crate::Error::NotFound), [`Error::Storage`](crate::Error::Storage).
    pub fn start_formation(&self, who: &Principal, scope_id: &str) -> Result<Formation> {
        self.snapshot(who)?.start_formation(scope_id)
    }

    /// Commits what the caller's model extracted for `formation` (F3), as one transaction.
    ///
    /// Each entity becomes a node: its candidate class is assigned when the formation's snapshot
    /// declares it, and assign-once applies (G2: a node that already has a class keeps it);
    /// otherwise it is written with no class, never a placeholder (G4), and listed in
    /// [`FormationReport::undeclared_candidates`]. Each relationship becomes an edge with its type
    /// exactly as extracted, declared or not (G8). The vocabulary declared now plays no part.
    /// A relationship the graph cannot store (past its storage bounds, or naming an entity that
    /// neither the extraction nor the scope holds) never costs the extraction its entities: it
    /// is left out, everything else is written, and the answer lists it in
    /// [`CommitReport::edges_left_out`] ([`EdgeLeftOut`](crate::EdgeLeftOut)) with the reason.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the formation's scope, checked again
    /// now (A6).
    ///
    /// # Errors
    /// As [`commit_graph`](Self::commit_graph) for the entities, with paths into the extraction
    /// (`entities[1].label`); never for a relationship.
    pub fn commit_formation(
        &self,
        who: &Principal,
        formation: &Formation,
        extraction: &Extraction,
    ) -> Result<FormationReport> {
        who.require(Permission::MemoryWrite, "commit a formation")?;
        let scope_id = formation.scope_id();
        scope::check_id("scope_id", scope_id)?;
        let (commit, undeclared_candidates) = formation.commit_of(extraction);
        let checked = commit.check_leaving_out_edges("entities", "relationships")?;
        self.write(|w| {
            let txn = w.txn;
            let changes = &mut w.graph;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let graph = kenning_graph::write(txn, changes, scope_id, &checked)?;
            Ok(FormationReport {
                graph,
                undeclared_candidates,
            })
        })
    }
}

impl Snapshot {
    /// [`Kenning::start_formation`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::start_formation`].
    pub fn start_formation(&self, scope_id: &str) -> Result<Formation> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryWrite, "start a formation")?;
            scope::check_id("scope_id", scope_id)?;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let vocabulary =
                vocabulary::resolved_for_scope(&txn.open_table(VOCABULARY).db()?, scope_id)?;
            Ok(Formation {
                scope_id: scope_id.to_owned(),
                started: Timestamp::now(),
                vocabulary,
            })
        })
    }
}
