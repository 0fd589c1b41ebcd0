//! The tools of the official MCP memory server (`@modelcontextprotocol/server-memory`), with its
//! tool names, argument shapes and result shapes, over the facade's entity memory: an entity is
//! a graph node of the scope (entityType = the node's assign-once class), an observation a
//! capsule linked to it, a relation a graph edge. An agent configured for that server keeps its
//! prompts and gains durability, classes and recall.
//!
//! Each tool takes one optional argument the official server does not have, `scope`, and
//! otherwise acts on the server's `--scope`. Results are the official ones: the text content
//! is the result as indented JSON (or the official sentence for deletions) and the structured
//! content wraps it (`{entities}`, `{relations}`, `{results}`, the graph, `{success,
//! message}`), and each tool lists the `outputSchema` of that structured content.
//!
//! Errors are reported as the official server reports them: a tool that fails answers a result
//! with `isError: true` and the message as its text, which the model reads, and the details
//! (`code`, `kind`, `field`, ...) under `_meta["kenning/error"]`; only protocol errors (an
//! unknown tool, a malformed `tools/call`) are JSON-RPC errors. A relation to an entity that
//! does not exist yet is accepted, as the official server accepts it: the missing end is
//! created as an entity without a class (never a placeholder, G4), which `read_graph` lists and
//! a later `create_entities` types. An observation for an unknown entity is refused, as the
//! official server also refuses it.

use kenning::{EdgeRef, Entity, EntityGraph, EntityObservations, GraphDeletion, NewEntity};
use rmcp::model::{CallToolResult, ContentBlock};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Outcome, State, ToolDef, args, error, schema};

fn facade<T>(result: kenning::Result<T>) -> Result<T, rmcp::ErrorData> {
    result.map_err(|e| error::from_facade(&e))
}

/// The facade's names of a relation's fields, as the official shape spells them.
const RELATION_FIELDS: &[(&str, &str)] = &[
    ("edges[", "relations["),
    ("].source", "].from"),
    ("].target", "].to"),
];

/// The official answer: `text` as the content, `structured` as the structured content.
fn answer(text: String, structured: Value) -> Outcome {
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(structured);
    Ok(result)
}

/// `value` as indented JSON, the official server's text content.
fn pretty(value: &impl Serialize) -> Result<String, rmcp::ErrorData> {
    serde_json::to_string_pretty(value)
        .map_err(|e| error::internal(format!("encoding the result: {e}")))
}

pub(super) fn tools() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "create_entities",
            description: CREATE_ENTITIES,
            schema: schema::<CreateEntitiesArgs>,
            read_only: false,
            run: create_entities,
            output: Some(output::<CreatedEntities>),
            errors_as_results: true,
        },
        ToolDef {
            name: "create_relations",
            description: CREATE_RELATIONS,
            schema: schema::<RelationsArgs>,
            read_only: false,
            run: create_relations,
            output: Some(output::<CreatedRelations>),
            errors_as_results: true,
        },
        ToolDef {
            name: "add_observations",
            description: ADD_OBSERVATIONS,
            schema: schema::<AddObservationsArgs>,
            read_only: false,
            run: add_observations,
            output: Some(output::<AddedObservations>),
            errors_as_results: true,
        },
        ToolDef {
            name: "delete_entities",
            description: DELETE_ENTITIES,
            schema: schema::<DeleteEntitiesArgs>,
            read_only: false,
            run: delete_entities,
            output: Some(output::<Deleted>),
            errors_as_results: true,
        },
        ToolDef {
            name: "delete_observations",
            description: DELETE_OBSERVATIONS,
            schema: schema::<DeleteObservationsArgs>,
            read_only: false,
            run: delete_observations,
            output: Some(output::<Deleted>),
            errors_as_results: true,
        },
        ToolDef {
            name: "delete_relations",
            description: DELETE_RELATIONS,
            schema: schema::<RelationsArgs>,
            read_only: false,
            run: delete_relations,
            output: Some(output::<Deleted>),
            errors_as_results: true,
        },
        ToolDef {
            name: "read_graph",
            description: READ_GRAPH,
            schema: schema::<ScopeArgs>,
            read_only: true,
            run: read_graph,
            output: Some(output::<GraphShape>),
            errors_as_results: true,
        },
        ToolDef {
            name: "search_nodes",
            description: SEARCH_NODES,
            schema: schema::<SearchArgs>,
            read_only: true,
            run: search_nodes,
            output: Some(output::<GraphShape>),
            errors_as_results: true,
        },
        ToolDef {
            name: "open_nodes",
            description: OPEN_NODES,
            schema: schema::<OpenArgs>,
            read_only: true,
            run: open_nodes,
            output: Some(output::<GraphShape>),
            errors_as_results: true,
        },
    ]
}

/// An entity in the official shape.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct EntityShape {
    /// The name of the entity (its node id in Kenning).
    name: String,
    /// The type of the entity (its node's class, assign-once: an existing entity keeps its
    /// first type). "" for an entity without one.
    entity_type: String,
    /// An array of observation contents associated with the entity.
    observations: Vec<String>,
}

impl From<Entity> for EntityShape {
    fn from(e: Entity) -> Self {
        Self {
            name: e.name,
            entity_type: e.entity_type.unwrap_or_default(),
            observations: e.observations.into_iter().map(|o| o.content).collect(),
        }
    }
}

/// A relation in the official shape.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct RelationShape {
    /// The name of the entity where the relation starts.
    from: String,
    /// The name of the entity where the relation ends.
    to: String,
    /// The type of the relation, in active voice (e.g. works_at).
    relation_type: String,
}

impl From<EdgeRef> for RelationShape {
    fn from(e: EdgeRef) -> Self {
        Self {
            from: e.source,
            to: e.target,
            relation_type: e.relation_type,
        }
    }
}

impl RelationShape {
    fn edge(&self) -> EdgeRef {
        EdgeRef::new(&self.from, &self.relation_type, &self.to)
    }
}

/// The official knowledge graph shape.
#[derive(Debug, Serialize, JsonSchema)]
struct GraphShape {
    /// The entities, in name order.
    entities: Vec<EntityShape>,
    /// The relations touching them.
    relations: Vec<RelationShape>,
}

/// The structured answer of create_entities: the entities that did not exist yet.
#[derive(Debug, Serialize, JsonSchema)]
struct CreatedEntities {
    /// The entities created by the call.
    entities: Vec<EntityShape>,
}

/// The structured answer of create_relations: the relations that did not exist yet.
#[derive(Debug, Serialize, JsonSchema)]
struct CreatedRelations {
    /// The relations created by the call.
    relations: Vec<RelationShape>,
}

/// What add_observations added to one entity.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct AddedShape {
    /// The entity.
    entity_name: String,
    /// The contents it did not hold yet.
    added_observations: Vec<String>,
}

/// The structured answer of add_observations.
#[derive(Debug, Serialize, JsonSchema)]
struct AddedObservations {
    /// Per item, in the order given.
    results: Vec<AddedShape>,
}

/// The structured answer of a deletion.
#[derive(Debug, Serialize, JsonSchema)]
struct Deleted {
    /// Always true: a deletion that fails is an error result.
    success: bool,
    /// The official server's sentence.
    message: String,
}

/// The output schema of `T`, as rmcp generates it.
fn output<T: JsonSchema + 'static>() -> std::sync::Arc<rmcp::model::JsonObject> {
    rmcp::handler::server::common::schema_for_output::<T>()
}

fn graph(g: EntityGraph) -> Outcome {
    let shape = GraphShape {
        entities: g.entities.into_iter().map(Into::into).collect(),
        relations: g.relations.into_iter().map(Into::into).collect(),
    };
    let structured = serde_json::to_value(&shape)
        .map_err(|e| error::internal(format!("encoding the result: {e}")))?;
    answer(pretty(&shape)?, structured)
}

// ---------------------------------------------------------------------------------------------

const CREATE_ENTITIES: &str = "Create multiple new entities in the knowledge graph. Mandatory: \
entities [{name, entityType, observations: [string]}]. Returns the entities that did not exist \
yet. An entity that exists already is merged into: it keeps its entityType (a type is \
assign-once; the first one given sticks) and gains the observations it does not hold. \
Observations are stored as memories, so memory_retrieve recalls them too. A failure is a \
result with isError true and the message as text: a name breaking the id rule (1-256 \
characters, no control characters, no leading or trailing space), a blank observation, an \
unknown scope.";

/// Arguments of create_entities.
#[derive(Debug, Deserialize, JsonSchema)]
struct CreateEntitiesArgs {
    /// The entities to create.
    entities: Vec<EntityShape>,
    #[doc = "The Kenning scope of the graph. Omitted: the server's --scope."]
    #[serde(default)]
    scope: Option<String>,
}

fn create_entities(state: &State, arguments: Value) -> Outcome {
    let a: CreateEntitiesArgs = args("create_entities", arguments)?;
    let scope = state.scope(a.scope)?;
    let entities: Vec<NewEntity> = a
        .entities
        .into_iter()
        .map(|e| {
            let mut new = NewEntity::new(e.name);
            if !e.entity_type.is_empty() {
                new = new.with_type(e.entity_type);
            }
            e.observations.into_iter().fold(new, NewEntity::observe)
        })
        .collect();
    let written = facade(state.store.create_entities(&state.who, &scope, &entities))?;
    let created: Vec<EntityShape> = written.created.into_iter().map(Into::into).collect();
    answer(pretty(&created)?, json!({ "entities": created }))
}

const CREATE_RELATIONS: &str = "Create multiple new relations between entities in the knowledge \
graph. Relations should be in active voice. Mandatory: relations [{from, to, relationType}]. \
Returns the relations that did not exist yet. An end that is no entity yet is created as an \
entity without a type or observations (create_entities later gives it both), so relations may \
come before their entities. A failure is a result with isError true and the message as text: \
a field breaking the text rule, an unknown scope.";

const DELETE_RELATIONS: &str = "Delete multiple relations from the knowledge graph. Mandatory: \
relations [{from, to, relationType}]; relations that do not exist are ignored. Returns \
\"Relations deleted successfully\". A failure (a field breaking the text rule) is a result with \
isError true and the message as text.";

/// Arguments of create_relations and delete_relations.
#[derive(Debug, Deserialize, JsonSchema)]
struct RelationsArgs {
    /// The relations.
    relations: Vec<RelationShape>,
    #[doc = "The Kenning scope of the graph. Omitted: the server's --scope."]
    #[serde(default)]
    scope: Option<String>,
}

fn create_relations(state: &State, arguments: Value) -> Outcome {
    let a: RelationsArgs = args("create_relations", arguments)?;
    let scope = state.scope(a.scope)?;
    let edges: Vec<EdgeRef> = a.relations.iter().map(RelationShape::edge).collect();
    let created: Vec<RelationShape> =
        facade(state.store.create_relations(&state.who, &scope, &edges))
            .map_err(|e| error::repathed(e, RELATION_FIELDS))?
            .into_iter()
            .map(Into::into)
            .collect();
    answer(pretty(&created)?, json!({ "relations": created }))
}

fn delete_relations(state: &State, arguments: Value) -> Outcome {
    let a: RelationsArgs = args("delete_relations", arguments)?;
    let scope = state.scope(a.scope)?;
    let deletion = a
        .relations
        .iter()
        .fold(GraphDeletion::new(), |d, r| d.edge(r.edge()));
    facade(state.store.delete_graph(&state.who, &scope, &deletion))
        .map_err(|e| error::repathed(e, RELATION_FIELDS))?;
    done("Relations deleted successfully")
}

/// The official answer of a deletion.
fn done(message: &str) -> Outcome {
    answer(
        message.to_owned(),
        json!({ "success": true, "message": message }),
    )
}

const ADD_OBSERVATIONS: &str = "Add new observations to existing entities in the knowledge \
graph. Mandatory: observations [{entityName, contents: [string]}]. Returns, per item, \
{entityName, addedObservations}: the contents the entity did not hold yet. All or nothing: an \
item naming no entity is refused and nothing is written; create the entity first with \
create_entities. A failure is a result with isError true and the message as text (an unknown \
entity, a blank or oversized observation), its kind under _meta[\"kenning/error\"].";

/// Observations for one entity.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ObservationsShape {
    /// The name of the entity to add the observations to.
    entity_name: String,
    /// An array of observation contents to add.
    contents: Vec<String>,
}

/// Arguments of add_observations.
#[derive(Debug, Deserialize, JsonSchema)]
struct AddObservationsArgs {
    /// The observations, per entity.
    observations: Vec<ObservationsShape>,
    #[doc = "The Kenning scope of the graph. Omitted: the server's --scope."]
    #[serde(default)]
    scope: Option<String>,
}

fn add_observations(state: &State, arguments: Value) -> Outcome {
    let a: AddObservationsArgs = args("add_observations", arguments)?;
    let scope = state.scope(a.scope)?;
    let items: Vec<EntityObservations> = a
        .observations
        .into_iter()
        .map(|o| EntityObservations::new(o.entity_name, o.contents))
        .collect();
    let added = facade(state.store.add_observations(&state.who, &scope, &items))
        .map_err(|e| error::repathed(e, &[("].name", "].entityName")]))?;
    let results: Vec<Value> = added
        .into_iter()
        .map(|(name, observations)| {
            json!({
                "entityName": name,
                "addedObservations": observations.into_iter().map(|o| o.content).collect::<Vec<_>>(),
            })
        })
        .collect();
    answer(pretty(&results)?, json!({ "results": results }))
}

const DELETE_ENTITIES: &str = "Delete multiple entities and their associated relations from the \
knowledge graph. Mandatory: entityNames [string]; names of no entity are ignored. Their \
observations are forgotten with them (record, index entries, embeddings). Audited. Returns \
\"Entities deleted successfully\".";

/// Arguments of delete_entities.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct DeleteEntitiesArgs {
    /// An array of entity names to delete.
    entity_names: Vec<String>,
    #[doc = "The Kenning scope of the graph. Omitted: the server's --scope."]
    #[serde(default)]
    scope: Option<String>,
}

fn delete_entities(state: &State, arguments: Value) -> Outcome {
    let a: DeleteEntitiesArgs = args("delete_entities", arguments)?;
    let scope = state.scope(a.scope)?;
    facade(
        state
            .store
            .delete_entities(&state.who, &scope, &a.entity_names),
    )?;
    done("Entities deleted successfully")
}

const DELETE_OBSERVATIONS: &str = "Delete specific observations from entities in the knowledge \
graph. Mandatory: deletions [{entityName, observations: [string]}], observations matched by \
exact text; contents or entities that do not exist are ignored. The observations' memories are \
forgotten. Returns \"Observations deleted successfully\".";

/// Observations to delete from one entity.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct DeletionShape {
    /// The name of the entity containing the observations.
    entity_name: String,
    /// An array of observations to delete.
    observations: Vec<String>,
}

/// Arguments of delete_observations.
#[derive(Debug, Deserialize, JsonSchema)]
struct DeleteObservationsArgs {
    /// The deletions, per entity.
    deletions: Vec<DeletionShape>,
    #[doc = "The Kenning scope of the graph. Omitted: the server's --scope."]
    #[serde(default)]
    scope: Option<String>,
}

fn delete_observations(state: &State, arguments: Value) -> Outcome {
    let a: DeleteObservationsArgs = args("delete_observations", arguments)?;
    let scope = state.scope(a.scope)?;
    let items: Vec<EntityObservations> = a
        .deletions
        .into_iter()
        .map(|d| EntityObservations::new(d.entity_name, d.observations))
        .collect();
    facade(state.store.delete_observations(&state.who, &scope, &items)).map_err(|e| {
        error::repathed(
            e,
            &[
                ("observations[", "deletions["),
                ("].name", "].entityName"),
                ("].contents", "].observations"),
            ],
        )
    })?;
    done("Observations deleted successfully")
}

const READ_GRAPH: &str = "Read the entire knowledge graph: {entities: [{name, entityType, \
observations}], relations: [{from, to, relationType}]}, entities in name order. Every graph node \
of the scope reads as an entity, however it was written (memory_graph_commit too). Fenced \
observations (quarantined, archived, ...) are left out.";

/// Arguments of read_graph.
#[derive(Debug, Deserialize, JsonSchema)]
struct ScopeArgs {
    #[doc = "The Kenning scope of the graph. Omitted: the server's --scope."]
    #[serde(default)]
    scope: Option<String>,
}

/// The `memory://knowledge-graph` resource: the graph of the server's `--scope`, as read_graph
/// answers it, in indented JSON.
pub(super) fn knowledge_graph(state: &State) -> Result<String, rmcp::ErrorData> {
    let scope = state.scope(None)?;
    let g = facade(state.store.entity_graph(&state.who, &scope))?;
    pretty(&GraphShape {
        entities: g.entities.into_iter().map(Into::into).collect(),
        relations: g.relations.into_iter().map(Into::into).collect(),
    })
}

fn read_graph(state: &State, arguments: Value) -> Outcome {
    let a: ScopeArgs = args("read_graph", arguments)?;
    let scope = state.scope(a.scope)?;
    graph(facade(state.store.entity_graph(&state.who, &scope))?)
}

const SEARCH_NODES: &str = "Search for nodes in the knowledge graph based on a query. \
Mandatory: query. Returns {entities, relations}: first every entity whose name, entityType or \
an observation contains the query (ignoring case), then entities whose observations recall \
ranks for the query's words (stemmed, stop words dropped, accents folded), with the relations \
touching them. A failure (a query over 4 KiB) is a result with isError true and the message as \
text.";

/// Arguments of search_nodes.
#[derive(Debug, Deserialize, JsonSchema)]
struct SearchArgs {
    /// The search query to match against entity names, types, and observation content.
    query: String,
    #[doc = "The Kenning scope of the graph. Omitted: the server's --scope."]
    #[serde(default)]
    scope: Option<String>,
}

fn search_nodes(state: &State, arguments: Value) -> Outcome {
    let a: SearchArgs = args("search_nodes", arguments)?;
    let scope = state.scope(a.scope)?;
    graph(facade(
        state.store.search_entities(&state.who, &scope, &a.query),
    )?)
}

const OPEN_NODES: &str = "Open specific nodes in the knowledge graph by their names. Mandatory: \
names [string]; names of no entity are skipped. Returns {entities, relations}: those entities \
and the relations touching them.";

/// Arguments of open_nodes.
#[derive(Debug, Deserialize, JsonSchema)]
struct OpenArgs {
    /// An array of entity names to retrieve.
    names: Vec<String>,
    #[doc = "The Kenning scope of the graph. Omitted: the server's --scope."]
    #[serde(default)]
    scope: Option<String>,
}

fn open_nodes(state: &State, arguments: Value) -> Outcome {
    let a: OpenArgs = args("open_nodes", arguments)?;
    let scope = state.scope(a.scope)?;
    graph(facade(
        state.store.open_entities(&state.who, &scope, &a.names),
    )?)
}
