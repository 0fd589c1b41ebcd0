//! Entity memory: graph nodes whose observations are capsules. The choices are written in the
//! crate docs, section "Entities".
//!
//! - `kenning.entity_observations`: (scope, node id, capsule id) → (), the observations of each
//!   entity in id order.
//! - `kenning.observation_entity`: capsule id → node id, the way back, so that forgetting a
//!   capsule (`capsule::erase`) unlinks it.
//!
//! An observation is an ordinary capsule of the entity's scope (content = the observation,
//! metadata `entity` = the node id), so it is recalled, fenced, classified, embedded and
//! forgotten like any other.

use std::collections::{BTreeSet, HashMap, HashSet};

use redb::{ReadableTable, TableDefinition};
use serde::{Deserialize, Serialize};

use kenning_graph::{ClassKept, EdgeRef, GraphCommit, GraphDeletion, Node};

use crate::access::{Permission, Principal};
use crate::audit;
use crate::capsule::{
    self, CAPSULES, CapsuleId, LIFECYCLE, MAX_BATCH, NewCapsule, TERM_INDEX, canonical, fences,
};
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::retrieve::MAX_QUERY_BYTES;
use crate::scope::{self, SCOPES};
use crate::store::Write;
use crate::time::Timestamp;
use crate::{Kenning, Snapshot};

/// (scope, node id, capsule id) → (): which capsules observe which entity.
pub(crate) const OBSERVATIONS: TableDefinition<'static, (&str, &str, u64), ()> =
    TableDefinition::new("kenning.entity_observations");

/// capsule id → node id: the entity a capsule observes.
pub(crate) const OBSERVED: TableDefinition<'static, u64, &str> =
    TableDefinition::new("kenning.observation_entity");

/// The metadata key an observation capsule carries, its value the entity's name.
pub const ENTITY_METADATA_KEY: &str = "entity";

/// At most this many entities (or entity names) in one call.
pub const MAX_ENTITIES: usize = kenning_graph::MAX_COMMIT_NODES;

/// How many of the term lane's best observations a search maps back to entities.
pub const SEARCH_DEPTH: usize = 100;

/// An entity to create: a graph node named `name` (its id and its label), its class, and what
/// is observed about it.
///
/// Serialized as `{"name": "Ada", "entityType": "Person", "observations": ["..."]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[non_exhaustive]
pub struct NewEntity {
    /// The entity's name: its node id and, on creation, its label.
    pub name: String,
    /// Its class (`nodeType`), assign-once (G2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entity_type: Option<String>,
    /// What is observed about it, one capsule each.
    #[serde(default)]
    pub observations: Vec<String>,
}

impl NewEntity {
    /// An entity with no class and no observation.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            entity_type: None,
            observations: Vec::new(),
        }
    }

    /// Gives it a class.
    #[must_use]
    pub fn with_type(mut self, class: impl Into<String>) -> Self {
        self.entity_type = Some(class.into());
        self
    }

    /// Adds an observation.
    #[must_use]
    pub fn observe(mut self, content: impl Into<String>) -> Self {
        self.observations.push(content.into());
        self
    }
}

/// Observations to add to, or delete from, one entity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[non_exhaustive]
pub struct EntityObservations {
    /// The entity's name.
    pub name: String,
    /// The observations' contents.
    pub contents: Vec<String>,
}

impl EntityObservations {
    /// `contents` about entity `name`.
    pub fn new(
        name: impl Into<String>,
        contents: impl IntoIterator<Item = impl Into<String>>,
    ) -> Self {
        Self {
            name: name.into(),
            contents: contents.into_iter().map(Into::into).collect(),
        }
    }
}

/// One observation: a capsule linked to an entity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Observation {
    /// The capsule holding it.
    pub id: CapsuleId,
    /// What it says.
    pub content: String,
}

/// An entity as read back: its node's id, class and observations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Entity {
    /// The node id.
    pub name: String,
    /// The node's class; absent when it has none (G7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entity_type: Option<String>,
    /// Its observations in the order they were added: every one, or only those a write added,
    /// as the call says.
    pub observations: Vec<Observation>,
}

/// What [`Kenning::create_entities`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct EntitiesWritten {
    /// Entities that did not exist, with the observations written.
    pub created: Vec<Entity>,
    /// Entities that existed already, with the observations this call added to them.
    pub merged: Vec<Entity>,
    /// Entities given a class other than the one they have, which they keep (G2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes_kept: Vec<ClassKept>,
}

/// What [`Kenning::delete_entities`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct EntitiesDeleted {
    /// The entities deleted, in the order named.
    pub deleted: Vec<String>,
    /// Names that named no entity (or one the same call deleted already).
    pub not_found: Vec<String>,
    /// Observation capsules forgotten with them.
    pub observations_forgotten: usize,
    /// Relations removed with them.
    pub relations_deleted: usize,
}

/// What [`Kenning::delete_observations`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ObservationsDeleted {
    /// The observation capsules forgotten.
    pub forgotten: Vec<CapsuleId>,
    /// Names that named no entity.
    pub missing_entities: Vec<String>,
}

/// Entities and the relations between them, as the entity reads return them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct EntityGraph {
    /// The entities, each with every observation that is not fenced.
    pub entities: Vec<Entity>,
    /// The relations (graph edges) touching them.
    pub relations: Vec<EdgeRef>,
}

/// Unlinks capsule `id` from its entity; called by `capsule::erase` (C7).
pub(crate) fn erase(txn: &redb::WriteTransaction, id: CapsuleId, scope: &str) -> Result<()> {
    let mut back = txn.open_table(OBSERVED).db()?;
    let node = back.remove(id.get()).db()?.map(|n| n.value().to_owned());
    drop(back);
    if let Some(node) = node {
        txn.open_table(OBSERVATIONS)
            .db()?
            .remove((scope, node.as_str(), id.get()))
            .db()?;
    }
    Ok(())
}

/// Unlinks every observation of the nodes `names` of `scope`, leaving the capsules in place;
/// called when graph nodes are deleted.
pub(crate) fn unlink(txn: &redb::WriteTransaction, scope: &str, names: &[String]) -> Result<()> {
    let mut links = txn.open_table(OBSERVATIONS).db()?;
    let mut back = txn.open_table(OBSERVED).db()?;
    for name in names {
        let ids = linked(&links, scope, name)?;
        for id in ids {
            links.remove((scope, name.as_str(), id.get())).db()?;
            back.remove(id.get()).db()?;
        }
    }
    Ok(())
}

/// The capsules linked to entity `name` of `scope`, in id order.
fn linked(
    links: &impl ReadableTable<(&'static str, &'static str, u64), ()>,
    scope: &str,
    name: &str,
) -> Result<Vec<CapsuleId>> {
    let mut ids = Vec::new();
    for entry in links
        .range((scope, name, 0)..=(scope, name, u64::MAX))
        .db()?
    {
        let (key, _) = entry.db()?;
        ids.push(CapsuleId::new(key.value().2));
    }
    Ok(ids)
}

fn corrupt_link(id: CapsuleId) -> Error {
    Error::Storage {
        message: format!(
            "{id} is linked to an entity but has no record: the store is corrupt; restore it \
             from a backup"
        ),
        source: None,
    }
}

/// The contents of the capsules `ids`, every one (fenced ones included).
fn contents(
    canon: &impl ReadableTable<u64, &'static [u8]>,
    ids: &[CapsuleId],
) -> Result<Vec<(CapsuleId, String)>> {
    ids.iter()
        .map(|&id| {
            canonical(canon, id)?
                .map(|c| (id, c.content))
                .ok_or_else(|| corrupt_link(id))
        })
        .collect()
}

fn check_name(field: impl Fn() -> String, name: &str) -> Result<()> {
    Ok(kenning_graph::check_node_id(field, name)?)
}

fn check_count(field: &str, count: usize, max: usize) -> Result<()> {
    if count > max {
        return Err(Error::invalid(
            field,
            format!("has {count} entries; the bound is {max}: split the call"),
        ));
    }
    Ok(())
}

fn check_observations(field: &str, contents: &[String], total: &mut usize) -> Result<()> {
    for (j, content) in contents.iter().enumerate() {
        capsule::check_content(&format!("{field}[{j}]"), content)?;
    }
    *total += contents.len();
    if *total > MAX_BATCH {
        return Err(Error::invalid(
            field,
            format!(
                "brings the call to {} observations; the bound is {MAX_BATCH} per call: split \
                 the call",
                *total
            ),
        ));
    }
    Ok(())
}

fn check_name_list(field: &str, names: &[String]) -> Result<()> {
    check_count(field, names.len(), MAX_ENTITIES)?;
    for (i, name) in names.iter().enumerate() {
        check_name(|| format!("{field}[{i}]"), name)?;
    }
    Ok(())
}

fn check_observation_lists(items: &[EntityObservations]) -> Result<()> {
    check_count("observations", items.len(), MAX_ENTITIES)?;
    let mut total = 0;
    for (i, item) in items.iter().enumerate() {
        check_name(|| format!("observations[{i}].name"), &item.name)?;
        check_observations(
            &format!("observations[{i}].contents"),
            &item.contents,
            &mut total,
        )?;
    }
    Ok(())
}

/// Writes, inside `txn`, the observations of `items` that the entity does not hold yet (exact
/// text, fenced ones included, and once per call), each a capsule of `scope` linked to its
/// entity. Returns, per item, the observations written.
fn observe(
    w: &mut Write<'_>,
    who: &Principal,
    scope: &str,
    items: &[(&str, &[String])],
) -> Result<Vec<Vec<Observation>>> {
    let txn = w.txn;
    let mut held: HashMap<&str, HashSet<String>> = HashMap::new();
    let mut new: Vec<NewCapsule> = Vec::new();
    let mut owners: Vec<usize> = Vec::new();
    {
        let links = txn.open_table(OBSERVATIONS).db()?;
        let canon = txn.open_table(CAPSULES).db()?;
        for (at, (name, list)) in items.iter().enumerate() {
            if !held.contains_key(name) {
                let ids = linked(&links, scope, name)?;
                let known = contents(&canon, &ids)?
                    .into_iter()
                    .map(|(_, c)| c)
                    .collect();
                held.insert(name, known);
            }
            let known = held.entry(name).or_default();
            for content in *list {
                if known.insert(content.clone()) {
                    new.push(
                        NewCapsule::new(scope, content.as_str()).meta(ENTITY_METADATA_KEY, *name),
                    );
                    owners.push(at);
                }
            }
        }
    }
    let mut out: Vec<Vec<Observation>> = vec![Vec::new(); items.len()];
    if new.is_empty() {
        return Ok(out);
    }
    let ids = capsule::put_checked(w, who, &new)?;
    let mut links = txn.open_table(OBSERVATIONS).db()?;
    let mut back = txn.open_table(OBSERVED).db()?;
    for ((id, c), at) in ids.into_iter().zip(new).zip(owners) {
        let (name, _) = items.get(at).copied().unwrap_or_default();
        links.insert((scope, name, id.get()), ()).db()?;
        back.insert(id.get(), name).db()?;
        if let Some(list) = out.get_mut(at) {
            list.push(Observation {
                id,
                content: c.content,
            });
        }
    }
    Ok(out)
}

/// Forgets capsule `id` of `scope` inside `txn`, as [`Kenning::forget`] does, and audits it.
fn forget_in(
    w: &mut Write<'_>,
    who: &Principal,
    id: CapsuleId,
    scope: &str,
    entity: &str,
) -> Result<()> {
    capsule::erase(w, id, scope)?;
    audit::append(
        w.txn,
        w.now,
        who,
        "capsule.forget",
        &id.to_string(),
        serde_json::json!({ "scope": scope, "entity": entity }),
    )?;
    Ok(())
}

/// Reads entities on one snapshot: their observations, fences read at one instant.
struct Reader<'t> {
    txn: &'t redb::ReadTransaction,
    scope: &'t str,
    links: redb::ReadOnlyTable<(&'static str, &'static str, u64), ()>,
    canon: redb::ReadOnlyTable<u64, &'static [u8]>,
    lifecycle: redb::ReadOnlyTable<u64, &'static [u8]>,
    now: Timestamp,
}

impl<'t> Reader<'t> {
    fn open(txn: &'t redb::ReadTransaction, scope: &'t str) -> Result<Self> {
        Ok(Self {
            txn,
            scope,
            links: txn.open_table(OBSERVATIONS).db()?,
            canon: txn.open_table(CAPSULES).db()?,
            lifecycle: txn.open_table(LIFECYCLE).db()?,
            now: Timestamp::now(),
        })
    }

    /// Whether capsule `id` is fenced now.
    fn fenced(&self, id: CapsuleId) -> Result<bool> {
        Ok(fences(&self.lifecycle, id)?.fenced_at(self.now))
    }

    /// `node` as an entity, with every observation that is not fenced.
    fn entity(&self, node: Node) -> Result<Entity> {
        let mut observations = Vec::new();
        for id in linked(&self.links, self.scope, &node.id)? {
            if self.fenced(id)? {
                continue;
            }
            let c = canonical(&self.canon, id)?.ok_or_else(|| corrupt_link(id))?;
            observations.push(Observation {
                id,
                content: c.content,
            });
        }
        Ok(Entity {
            name: node.id,
            entity_type: node.node_type,
            observations,
        })
    }

    /// Every entity of the scope, in name order.
    fn all(&self) -> Result<Vec<Entity>> {
        let mut out = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let page = kenning_graph::list_nodes(
                self.txn,
                self.scope,
                after.as_deref(),
                kenning_graph::MAX_LIMIT,
            )?;
            for node in page.nodes {
                out.push(self.entity(node)?);
            }
            match page.next {
                Some(next) => after = Some(next),
                None => return Ok(out),
            }
        }
    }

    /// Every relation touching one of `entities`, each once, in the order met.
    fn relations(&self, entities: &[Entity]) -> Result<Vec<EdgeRef>> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for e in entities {
            for edge in kenning_graph::incident_edges(self.txn, self.scope, &e.name)? {
                let edge = EdgeRef::from(&edge);
                if seen.insert(edge.clone()) {
                    out.push(edge);
                }
            }
        }
        Ok(out)
    }

    /// Every relation of the scope.
    fn all_relations(&self) -> Result<Vec<EdgeRef>> {
        let mut out = Vec::new();
        let mut after: Option<EdgeRef> = None;
        loop {
            let page = kenning_graph::list_edges(
                self.txn,
                self.scope,
                after.as_ref(),
                kenning_graph::MAX_LIMIT,
            )?;
            out.extend(page.edges.iter().map(EdgeRef::from));
            match page.next {
                Some(next) => after = Some(next),
                None => return Ok(out),
            }
        }
    }
}

impl Kenning {
    /// Creates entities in scope `scope_id`, in one transaction: for each, a graph node (id and
    /// label `name`, class `entity_type`) and one capsule per observation, linked to it.
    ///
    /// An entity that exists already (a node with that id) is merged into, never replaced: its
    /// label and properties stay, its class is assign-once (a node without one takes
    /// `entity_type`, G3; a node with another keeps its own, listed in
    /// [`EntitiesWritten::classes_kept`], G2), and only the observations it does not hold yet
    /// (exact text) are added. An entity named twice in one call is handled as by two calls.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the scope.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a name breaking the node id rule, an empty class, a blank
    /// or oversized observation, more than [`MAX_ENTITIES`] entities or [`MAX_BATCH`]
    /// observations; [`Error::Graph`] for a class out of bounds; [`Error::PermissionDenied`];
    /// [`Error::NotFound`] for an unknown or unreached scope; [`Error::Storage`].
    pub fn create_entities(
        &self,
        who: &Principal,
        scope_id: &str,
        entities: &[NewEntity],
    ) -> Result<EntitiesWritten> {
        who.require(Permission::MemoryWrite, "create entities")?;
        scope::check_id("scope_id", scope_id)?;
        check_count("entities", entities.len(), MAX_ENTITIES)?;
        let mut total = 0;
        let mut nodes = Vec::with_capacity(entities.len());
        for (i, e) in entities.iter().enumerate() {
            check_name(|| format!("entities[{i}].name"), &e.name)?;
            check_observations(
                &format!("entities[{i}].observations"),
                &e.observations,
                &mut total,
            )?;
            let mut node = Node::new(&e.name, &e.name);
            node.node_type.clone_from(&e.entity_type);
            nodes.push(node);
        }
        let commit = GraphCommit {
            nodes,
            edges: Vec::new(),
        };
        commit.check_named("entities", "relations")?;
        self.write(|w| {
            let txn = w.txn;
            let changes = &mut w.graph;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let mut written = EntitiesWritten::default();
            // Per entity: whether this call created it, and the class it has after the call.
            let mut outcome = Vec::with_capacity(entities.len());
            for (e, node) in entities.iter().zip(&commit.nodes) {
                // Earlier entities of this call are written already, so a name given twice
                // finds its node the second time and is merged into.
                let (write, created, class) = match kenning_graph::node_in(txn, scope_id, &e.name)?
                {
                    None => (Some(node.clone()), true, e.entity_type.clone()),
                    Some(stored) => match (stored.node_type.clone(), &e.entity_type) {
                        (None, Some(given)) => {
                            let class = Some(given.clone());
                            let node = Node {
                                node_type: class.clone(),
                                ..stored
                            };
                            (Some(node), false, class)
                        }
                        (Some(kept), Some(given)) if &kept != given => {
                            written.classes_kept.push(ClassKept {
                                id: e.name.clone(),
                                stored: kept.clone(),
                                given: given.clone(),
                            });
                            (None, false, Some(kept))
                        }
                        (kept, _) => (None, false, kept),
                    },
                };
                if let Some(node) = write {
                    let one = GraphCommit::new().node(node);
                    kenning_graph::write(txn, changes, scope_id, &one.check()?)?;
                }
                outcome.push((created, class));
            }
            let items: Vec<(&str, &[String])> = entities
                .iter()
                .map(|e| (e.name.as_str(), e.observations.as_slice()))
                .collect();
            let added = observe(w, who, scope_id, &items)?;
            for ((e, observations), (created, class)) in entities.iter().zip(added).zip(outcome) {
                let entity = Entity {
                    name: e.name.clone(),
                    entity_type: class,
                    observations,
                };
                if created {
                    written.created.push(entity);
                } else {
                    written.merged.push(entity);
                }
            }
            Ok(written)
        })
    }

    /// Adds observations to existing entities of scope `scope_id`, in one transaction: one
    /// capsule per observation the entity does not hold yet (exact text, once per call), linked
    /// to it. Returns, per item, the observations written, in the order given.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the scope.
    ///
    /// # Errors
    /// [`Error::UnknownEntity`] when an item names no entity of the scope (nothing is
    /// written); the validation errors of [`create_entities`](Self::create_entities);
    /// [`Error::PermissionDenied`]; [`Error::NotFound`]; [`Error::Storage`].
    pub fn add_observations(
        &self,
        who: &Principal,
        scope_id: &str,
        items: &[EntityObservations],
    ) -> Result<Vec<(String, Vec<Observation>)>> {
        who.require(Permission::MemoryWrite, "add observations")?;
        scope::check_id("scope_id", scope_id)?;
        check_observation_lists(items)?;
        self.write(|w| {
            let txn = w.txn;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            for item in items {
                if kenning_graph::node_in(txn, scope_id, &item.name)?.is_none() {
                    return Err(Error::UnknownEntity {
                        scope: scope_id.to_owned(),
                        name: item.name.clone(),
                    });
                }
            }
            let lists: Vec<(&str, &[String])> = items
                .iter()
                .map(|i| (i.name.as_str(), i.contents.as_slice()))
                .collect();
            let added = observe(w, who, scope_id, &lists)?;
            Ok(items.iter().map(|i| i.name.clone()).zip(added).collect())
        })
    }

    /// Deletes entities of scope `scope_id`, in one audited transaction: each node with every
    /// relation touching it (as [`delete_graph`](Self::delete_graph)), and every observation
    /// capsule linked to it, forgotten (as [`forget`](Self::forget): record, index entries and
    /// sidecars). A name that names no entity is listed in [`EntitiesDeleted::not_found`], not
    /// refused. Audited: one `capsule.forget` per observation and one `entity.delete` per
    /// entity.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the scope.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] (via [`Error::Graph`]) for a name breaking the node id rule or
    /// more than [`MAX_ENTITIES`] names; [`Error::PermissionDenied`]; [`Error::NotFound`];
    /// [`Error::Storage`].
    pub fn delete_entities(
        &self,
        who: &Principal,
        scope_id: &str,
        names: &[String],
    ) -> Result<EntitiesDeleted> {
        who.require(Permission::MemoryWrite, "delete entities")?;
        scope::check_id("scope_id", scope_id)?;
        check_name_list("names", names)?;
        self.write(|w| {
            let (txn, now) = (w.txn, w.now);
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let mut out = EntitiesDeleted::default();
            for name in names {
                if kenning_graph::node_in(txn, scope_id, name)?.is_none() {
                    out.not_found.push(name.clone());
                    continue;
                }
                let ids = linked(&txn.open_table(OBSERVATIONS).db()?, scope_id, name)?;
                for &id in &ids {
                    forget_in(w, who, id, scope_id, name)?;
                }
                let report = kenning_graph::delete(
                    txn,
                    &mut w.graph,
                    scope_id,
                    &GraphDeletion::new().node(name.as_str()),
                )?;
                audit::append(
                    txn,
                    now,
                    who,
                    "entity.delete",
                    name,
                    serde_json::json!({
                        "scope": scope_id,
                        "forgotten": ids,
                        "relations": report.edges_deleted,
                    }),
                )?;
                out.observations_forgotten += ids.len();
                out.relations_deleted += report.edges_deleted;
                out.deleted.push(name.clone());
            }
            Ok(out)
        })
    }

    /// Deletes observations of entities of scope `scope_id`, in one audited transaction: every
    /// observation capsule of the entity whose content equals one of `contents` (exact text,
    /// fenced ones included) is forgotten, as by [`forget`](Self::forget), and audited
    /// (`capsule.forget`). Contents the entity does not hold are ignored; an item naming no
    /// entity is listed in [`ObservationsDeleted::missing_entities`].
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the scope.
    ///
    /// # Errors
    /// As [`add_observations`](Self::add_observations), without [`Error::UnknownEntity`].
    pub fn delete_observations(
        &self,
        who: &Principal,
        scope_id: &str,
        items: &[EntityObservations],
    ) -> Result<ObservationsDeleted> {
        who.require(Permission::MemoryWrite, "delete observations")?;
        scope::check_id("scope_id", scope_id)?;
        check_count("observations", items.len(), MAX_ENTITIES)?;
        let mut total = 0;
        for (i, item) in items.iter().enumerate() {
            check_name(|| format!("observations[{i}].name"), &item.name)?;
            total += item.contents.len();
            check_count("observations", total, MAX_BATCH)?;
        }
        self.write(|w| {
            let txn = w.txn;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let mut out = ObservationsDeleted::default();
            for item in items {
                if kenning_graph::node_in(txn, scope_id, &item.name)?.is_none() {
                    out.missing_entities.push(item.name.clone());
                    continue;
                }
                let wanted: HashSet<&str> = item.contents.iter().map(String::as_str).collect();
                let ids = linked(&txn.open_table(OBSERVATIONS).db()?, scope_id, &item.name)?;
                let held = contents(&txn.open_table(CAPSULES).db()?, &ids)?;
                for (id, content) in held {
                    if wanted.contains(content.as_str()) {
                        forget_in(w, who, id, scope_id, &item.name)?;
                        out.forgotten.push(id);
                    }
                }
            }
            Ok(out)
        })
    }

    /// Creates relations (graph edges) between entities of scope `scope_id`, in one
    /// transaction, and returns those that did not exist, in the order given. A relation that
    /// exists already is left as it is (its properties too); one given twice is created once.
    /// An end the scope does not hold yet is created with it, as an entity named by it, without
    /// a class and without observations (G4: never a placeholder class).
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the scope.
    ///
    /// # Errors
    /// [`Error::Graph`]: `INVALID_ARGUMENT` for a field breaking the text rule or more than
    /// [`kenning_graph::MAX_COMMIT_EDGES`] relations; [`Error::PermissionDenied`];
    /// [`Error::NotFound`]; [`Error::Storage`].
    pub fn create_relations(
        &self,
        who: &Principal,
        scope_id: &str,
        relations: &[EdgeRef],
    ) -> Result<Vec<EdgeRef>> {
        who.require(Permission::MemoryWrite, "create relations")?;
        scope::check_id("scope_id", scope_id)?;
        let commit = GraphCommit {
            nodes: Vec::new(),
            edges: relations
                .iter()
                .map(|r| kenning_graph::Edge::new(&r.source, &r.relation_type, &r.target))
                .collect(),
        };
        commit.check_named("entities", "relations")?;
        self.write(|w| {
            let txn = w.txn;
            let changes = &mut w.graph;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let mut seen = HashSet::new();
            let mut new = GraphCommit::new();
            let mut created = Vec::new();
            for (relation, edge) in relations.iter().zip(&commit.edges) {
                if seen.insert(relation) && !kenning_graph::has_edge_in(txn, scope_id, relation)? {
                    new.edges.push(edge.clone());
                    created.push(relation.clone());
                }
            }
            // An end the scope does not hold is created as an entity without a class (G4: no
            // placeholder), as the MCP reference server accepts relations before entities; a
            // later create_entities gives it its type (G3) and observations.
            let mut missing = HashSet::new();
            for relation in relations {
                for id in [&relation.source, &relation.target] {
                    if kenning_graph::node_in(txn, scope_id, id)?.is_none() && missing.insert(id) {
                        new.nodes.push(Node::new(id, id));
                    }
                }
            }
            let checked = new.check_named("entities", "relations")?;
            kenning_graph::write(txn, changes, scope_id, &checked)?;
            Ok(created)
        })
    }

    /// Every entity of scope `scope_id` in name order, each with every observation that is not
    /// fenced, and every relation of the scope, on one snapshot.
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the scope.
    ///
    /// # Errors
    /// [`Error::PermissionDenied`], [`Error::NotFound`], [`Error::InvalidArgument`] for a
    /// malformed scope id, [`Error::Storage`].
    pub fn entity_graph(&self, who: &Principal, scope_id: &str) -> Result<EntityGraph> {
        self.snapshot(who)?.entity_graph(scope_id)
    }

    /// The entities `names` of scope `scope_id` (names that name none are skipped), each with
    /// every observation that is not fenced, and every relation touching one of them, on one
    /// snapshot.
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the scope.
    ///
    /// # Errors
    /// As [`entity_graph`](Self::entity_graph); [`Error::Graph`] (`INVALID_ARGUMENT`) for a name
    /// breaking the node id rule, [`Error::InvalidArgument`] for more than [`MAX_ENTITIES`].
    pub fn open_entities(
        &self,
        who: &Principal,
        scope_id: &str,
        names: &[String],
    ) -> Result<EntityGraph> {
        self.snapshot(who)?.open_entities(scope_id, names)
    }

    /// Searches the entities of scope `scope_id` for `query`, on one snapshot: first every
    /// entity whose name, class or unfenced observation contains `query` ignoring case, in
    /// name order; then every other entity one of whose unfenced observations the term lane
    /// (BM25, the analysis of recall: stemming, stop words, folded diacritics) ranks among the
    /// best [`SEARCH_DEPTH`] observations for `query`, best first. With them, every relation
    /// touching one of them. A blank query matches every entity.
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the scope.
    ///
    /// # Errors
    /// As [`entity_graph`](Self::entity_graph); [`Error::InvalidArgument`] for a query over
    /// [`MAX_QUERY_BYTES`].
    pub fn search_entities(
        &self,
        who: &Principal,
        scope_id: &str,
        query: &str,
    ) -> Result<EntityGraph> {
        self.snapshot(who)?.search_entities(scope_id, query)
    }
}

impl Snapshot {
    /// [`Kenning::entity_graph`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::entity_graph`].
    pub fn entity_graph(&self, scope_id: &str) -> Result<EntityGraph> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "read entities")?;
            scope::check_id("scope_id", scope_id)?;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let reader = Reader::open(txn, scope_id)?;
            Ok(EntityGraph {
                entities: reader.all()?,
                relations: reader.all_relations()?,
            })
        })
    }

    /// [`Kenning::open_entities`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::open_entities`].
    pub fn open_entities(&self, scope_id: &str, names: &[String]) -> Result<EntityGraph> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "read entities")?;
            scope::check_id("scope_id", scope_id)?;
            check_name_list("names", names)?;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let reader = Reader::open(txn, scope_id)?;
            let mut distinct = BTreeSet::new();
            let ids: Vec<&str> = names
                .iter()
                .map(String::as_str)
                .filter(|n| distinct.insert(*n))
                .collect();
            let mut entities = Vec::new();
            for node in kenning_graph::nodes(txn, scope_id, &ids)?
                .into_iter()
                .flatten()
            {
                entities.push(reader.entity(node)?);
            }
            let relations = reader.relations(&entities)?;
            Ok(EntityGraph {
                entities,
                relations,
            })
        })
    }

    /// [`Kenning::search_entities`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::search_entities`].
    pub fn search_entities(&self, scope_id: &str, query: &str) -> Result<EntityGraph> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "search entities")?;
            scope::check_id("scope_id", scope_id)?;
            if query.len() > MAX_QUERY_BYTES {
                return Err(Error::invalid(
                    "query",
                    format!(
                        "is {} bytes; the bound is {MAX_QUERY_BYTES} bytes: keep the words that                      matter",
                        query.len()
                    ),
                ));
            }
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            let reader = Reader::open(txn, scope_id)?;
            let needle = query.to_lowercase();
            let contains = |text: &str| text.to_lowercase().contains(&needle);
            let mut matched = Vec::new();
            let mut others: HashMap<String, Entity> = HashMap::new();
            for e in reader.all()? {
                let hit = contains(&e.name)
                    || e.entity_type.as_deref().is_some_and(contains)
                    || e.observations.iter().any(|o| contains(&o.content));
                if hit {
                    matched.push(e);
                } else {
                    others.insert(e.name.clone(), e);
                }
            }
            if !query.trim().is_empty() && !others.is_empty() {
                let back = txn.open_table(OBSERVED).db()?;
                let mut owners: HashMap<u64, String> = HashMap::new();
                let mut failure = None;
                let mut accept = |doc: u64| -> bool {
                    let owner =
                        back.get(doc)
                            .db()
                            .map_err(Error::from)
                            .and_then(|owner| match owner {
                                Some(name) if !reader.fenced(CapsuleId::new(doc))? => {
                                    Ok(Some(name.value().to_owned()))
                                }
                                _ => Ok(None),
                            });
                    match owner {
                        Ok(Some(name)) => {
                            owners.insert(doc, name);
                            true
                        }
                        Ok(None) => false,
                        Err(e) => {
                            failure.get_or_insert(e);
                            false
                        }
                    }
                };
                let ranked = capsule::term(TERM_INDEX.search(
                    txn,
                    scope_id,
                    query,
                    SEARCH_DEPTH,
                    &mut accept,
                ))?;
                if let Some(e) = failure {
                    return Err(e);
                }
                for hit in ranked {
                    if let Some(entity) = owners.get(&hit.doc).and_then(|name| others.remove(name))
                    {
                        matched.push(entity);
                    }
                }
            }
            let relations = reader.relations(&matched)?;
            Ok(EntityGraph {
                entities: matched,
                relations,
            })
        })
    }
}
