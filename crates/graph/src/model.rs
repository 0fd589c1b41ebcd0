//! Nodes, edges and commits, in their wire shapes (G1).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::check::{
    self, MAX_COMMIT_EDGES, MAX_COMMIT_NODES, MAX_LABEL_CHARS, MAX_NODE_ID_CHARS,
    MAX_PROPERTIES_BYTES,
};
use crate::error::Error;

/// A graph node: an entity the scope knows about.
///
/// Serialized as `{"id": "ada", "label": "Ada Lovelace", "nodeType": "Person",
/// "properties": {...}}`. `nodeType` is the node's class and is omitted when the node has none:
/// never `null`, never `""`, never a placeholder (G4, G7). On input, `"nodeType": null` reads as
/// no class and `properties` defaults to `{}`; unknown fields are rejected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Node {
    /// The node's id, unique within its scope.
    pub id: String,
    /// The node's display name.
    pub label: String,
    /// The node's class, if it has one. Assign-once: see [`write`](crate::write).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_type: Option<String>,
    /// Free-form properties, replaced whole by each write.
    #[serde(default)]
    pub properties: Map<String, Value>,
}

/// A directed, typed edge between two nodes of one scope.
///
/// Serialized as `{"relationType": "WORKS_AT", "source": "ada", "target": "acme",
/// "properties": {...}}`. An edge is identified by its source, relation type and target: writing
/// the same triple again replaces its properties. The relation type is recorded exactly as given;
/// no vocabulary or signature is consulted (G8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Edge {
    /// The relation type, e.g. `WORKS_AT`.
    pub relation_type: String,
    /// The id of the source node.
    pub source: String,
    /// The id of the target node.
    pub target: String,
    /// Free-form properties, replaced whole by each write.
    #[serde(default)]
    pub properties: Map<String, Value>,
}

impl Node {
    /// A node with no class and no properties.
    pub fn new(id: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            label: label.into(),
            node_type: None,
            properties: Map::new(),
        }
    }

    /// Gives the node a class (`nodeType`).
    #[must_use]
    pub fn with_type(mut self, class: impl Into<String>) -> Self {
        self.node_type = Some(class.into());
        self
    }

    /// Sets one property.
    #[must_use]
    pub fn with_property(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.properties.insert(key.into(), value.into());
        self
    }
}

impl Edge {
    /// An edge `source -[relation_type]-> target` with no properties.
    pub fn new(
        source: impl Into<String>,
        relation_type: impl Into<String>,
        target: impl Into<String>,
    ) -> Self {
        Self {
            relation_type: relation_type.into(),
            source: source.into(),
            target: target.into(),
            properties: Map::new(),
        }
    }

    /// Sets one property.
    #[must_use]
    pub fn with_property(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.properties.insert(key.into(), value.into());
        self
    }
}

/// One graph write: nodes, then edges, applied in order in one transaction.
///
/// Serialized as `{"nodes": [...], "edges": [...]}`; either list may be omitted. Nodes are written
/// before edges, so an edge may connect nodes of the same commit. A node listed twice is written
/// twice, in order, with the same rules as two commits (the first class given sticks).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GraphCommit {
    /// Nodes to create or replace, at most [`MAX_COMMIT_NODES`].
    #[serde(default)]
    pub nodes: Vec<Node>,
    /// Edges to create or replace, at most [`MAX_COMMIT_EDGES`].
    #[serde(default)]
    pub edges: Vec<Edge>,
}

impl GraphCommit {
    /// An empty commit.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a node.
    #[must_use]
    pub fn node(mut self, node: Node) -> Self {
        self.nodes.push(node);
        self
    }

    /// Adds an edge.
    #[must_use]
    pub fn edge(mut self, edge: Edge) -> Self {
        self.edges.push(edge);
        self
    }

    /// Checks every field against the bounds and encodes the properties, so that the write
    /// itself cannot fail on input. Field paths in errors start with `nodes` and `edges`.
    ///
    /// # Errors
    /// The first violation in document order: [`Error::TooMany`] for the lists,
    /// [`Error::Empty`], [`Error::TooLong`], [`Error::ControlChar`], [`Error::Untrimmed`] for the
    /// text fields, [`Error::PropertiesTooLarge`].
    pub fn check(&self) -> Result<CheckedCommit<'_>, Error> {
        self.check_named("nodes", "edges")
    }

    /// As [`check`](Self::check), naming the lists `nodes_field` and `edges_field` in errors, for
    /// a caller whose request calls them something else (a formation's `entities`).
    ///
    /// # Errors
    /// As [`check`](Self::check).
    pub fn check_named(
        &self,
        nodes_field: &str,
        edges_field: &str,
    ) -> Result<CheckedCommit<'_>, Error> {
        self.check_with(nodes_field, edges_field, false)
    }

    /// As [`check_named`](Self::check_named), except that an edge that cannot be stored does not
    /// fail the commit: it is left out and reported in [`CommitReport::edges_left_out`], and the
    /// nodes and every other edge are written. An edge cannot be stored when it breaks an edge
    /// rule (checked here) or names an endpoint neither stored in the scope nor written by the
    /// commit (checked by [`write`](crate::write)). For a formation, where refusing one odd
    /// relationship would discard the entities extracted with it (G8). Node errors still fail.
    ///
    /// # Errors
    /// As [`check`](Self::check), for the lists and the nodes only.
    pub fn check_leaving_out_edges(
        &self,
        nodes_field: &str,
        edges_field: &str,
    ) -> Result<CheckedCommit<'_>, Error> {
        self.check_with(nodes_field, edges_field, true)
    }

    fn check_with(
        &self,
        nodes_field: &str,
        edges_field: &str,
        lenient: bool,
    ) -> Result<CheckedCommit<'_>, Error> {
        check::count(
            nodes_field,
            self.nodes.len(),
            MAX_COMMIT_NODES,
            "split the write into several commits",
        )?;
        check::count(
            edges_field,
            self.edges.len(),
            MAX_COMMIT_EDGES,
            "split the write into several commits",
        )?;
        let mut node_properties = Vec::with_capacity(self.nodes.len());
        for (i, node) in self.nodes.iter().enumerate() {
            let at = |f: &str| format!("{nodes_field}[{i}].{f}");
            check::text(|| at("id"), &node.id, MAX_NODE_ID_CHARS)?;
            check::text(|| at("label"), &node.label, MAX_LABEL_CHARS)?;
            if let Some(class) = &node.node_type {
                check::class(|| at("nodeType"), class)?;
            }
            node_properties.push(properties(|| at("properties"), &node.properties)?);
        }
        let mut edge_properties = Vec::with_capacity(self.edges.len());
        let mut edges_left_out = Vec::new();
        for (i, edge) in self.edges.iter().enumerate() {
            let at = |f: &str| format!("{edges_field}[{i}].{f}");
            let checked = check::relation_type(|| at("relationType"), &edge.relation_type)
                .and_then(|()| check::text(|| at("source"), &edge.source, MAX_NODE_ID_CHARS))
                .and_then(|()| check::text(|| at("target"), &edge.target, MAX_NODE_ID_CHARS))
                .and_then(|()| properties(|| at("properties"), &edge.properties));
            match checked {
                Ok(json) => edge_properties.push(Some(json)),
                Err(e) if lenient => {
                    edges_left_out.push(EdgeLeftOut::new(i, &e));
                    edge_properties.push(None);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(CheckedCommit {
            commit: self,
            edges_field: edges_field.to_owned(),
            node_properties,
            edge_properties,
            lenient,
            edges_left_out,
        })
    }
}

fn properties(field: impl Fn() -> String, map: &Map<String, Value>) -> Result<Vec<u8>, Error> {
    let json = serde_json::to_vec(map).map_err(|e| Error::Malformed {
        message: format!("{}: {e}", field()),
    })?;
    if json.len() > MAX_PROPERTIES_BYTES {
        return Err(Error::PropertiesTooLarge {
            field: field(),
            len: json.len(),
            max: MAX_PROPERTIES_BYTES,
        });
    }
    Ok(json)
}

/// A [`GraphCommit`] that passed [`GraphCommit::check`], with its properties already encoded.
/// The only thing [`write`](crate::write) accepts.
#[derive(Debug)]
pub struct CheckedCommit<'a> {
    pub(crate) commit: &'a GraphCommit,
    pub(crate) edges_field: String,
    pub(crate) node_properties: Vec<Vec<u8>>,
    /// Per edge, its encoded properties, or `None` for an edge the check left out.
    pub(crate) edge_properties: Vec<Option<Vec<u8>>>,
    /// Whether [`write`](crate::write) leaves out an edge with a missing endpoint rather than
    /// failing ([`GraphCommit::check_leaving_out_edges`]).
    pub(crate) lenient: bool,
    /// The edges the check left out.
    pub(crate) edges_left_out: Vec<EdgeLeftOut>,
}

impl CheckedCommit<'_> {
    /// The commit that was checked.
    #[must_use]
    pub fn commit(&self) -> &GraphCommit {
        self.commit
    }
}

/// What a commit did (G1–G3).
///
/// A class given to a node that already has a different one is not an error (G2): the commit
/// succeeds and keeps the stored class. [`classes_kept`](Self::classes_kept) lists those nodes so
/// that model disagreement is visible to the caller without failing the write.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CommitReport {
    /// Nodes that did not exist before.
    pub nodes_created: usize,
    /// Nodes that existed and were replaced.
    pub nodes_replaced: usize,
    /// Nodes that got their class from this commit: new nodes with a class, and unclassified
    /// nodes classified now (G3).
    pub classes_assigned: usize,
    /// Writes that gave a class different from the stored one, which was kept (G2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes_kept: Vec<ClassKept>,
    /// Edges that did not exist before.
    pub edges_created: usize,
    /// Edges that existed and had their properties replaced.
    pub edges_replaced: usize,
    /// Edges not written because they cannot be stored, in commit order; only a commit checked
    /// with [`GraphCommit::check_leaving_out_edges`] leaves any out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges_left_out: Vec<EdgeLeftOut>,
}

/// An edge a commit left out because it cannot be stored, and why
/// ([`GraphCommit::check_leaving_out_edges`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EdgeLeftOut {
    /// Its position in the commit's edge list.
    pub index: usize,
    /// The error that kept it out, naming the field and the bound (`relationships[2].target ...`).
    pub reason: String,
}

impl EdgeLeftOut {
    pub(crate) fn new(index: usize, error: &Error) -> Self {
        Self {
            index,
            reason: error.to_string(),
        }
    }
}

/// A write that gave a node a class different from the class it already had (G2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClassKept {
    /// The node.
    pub id: String,
    /// The class it has, and keeps.
    pub stored: String,
    /// The class the write gave, which was not applied.
    pub given: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{MAX_CLASS_CHARS, MAX_RELATION_TYPE_CHARS};
    use serde_json::json;

    #[test]
    fn g7_node_without_class_serializes_without_node_type() {
        let json = serde_json::to_value(Node::new("ada", "Ada Lovelace")).unwrap();
        assert_eq!(
            json,
            json!({"id": "ada", "label": "Ada Lovelace", "properties": {}})
        );
        let classified = Node::new("ada", "Ada").with_type("Person");
        let json = serde_json::to_value(classified).unwrap();
        assert_eq!(json["nodeType"], "Person");
    }

    #[test]
    fn g1_wire_shapes_round_trip() {
        let body = json!({
            "nodes": [
                {"id": "ada", "label": "Ada", "nodeType": "Person", "properties": {"born": 1815}},
                {"id": "acme", "label": "Acme", "nodeType": null}
            ],
            "edges": [{"relationType": "WORKS_AT", "source": "ada", "target": "acme"}]
        });
        let commit: GraphCommit = serde_json::from_value(body).unwrap();
        assert_eq!(commit.nodes[0].properties["born"], 1815);
        assert_eq!(commit.nodes[1].node_type, None);
        assert_eq!(commit.edges[0], Edge::new("ada", "WORKS_AT", "acme"));
        let back: GraphCommit =
            serde_json::from_value(serde_json::to_value(&commit).unwrap()).unwrap();
        assert_eq!(back, commit);
    }

    #[test]
    fn unknown_fields_are_rejected() {
        let err = serde_json::from_value::<Node>(json!({"id": "a", "label": "A", "class": "X"}))
            .unwrap_err();
        assert!(err.to_string().contains("class"), "{err}");
    }

    #[test]
    fn g4_empty_class_is_rejected_with_the_fix() {
        let commit = GraphCommit::new().node(Node::new("a", "A").with_type(""));
        let err = commit.check().unwrap_err();
        assert_eq!(err.field(), Some("nodes[0].nodeType"));
        assert!(err.to_string().contains("omit nodeType"), "{err}");
    }

    #[test]
    fn check_names_the_lists_as_asked() {
        let commit = GraphCommit::new().edge(Edge::new("a", "", "b"));
        let err = commit.check_named("entities", "relationships").unwrap_err();
        assert_eq!(err.field(), Some("relationships[0].relationType"));
    }

    #[test]
    fn properties_bound_at_the_limit_and_one_past() {
        // {"p":"xxx…"} is 8 bytes of punctuation and key around the string.
        let at_limit = "x".repeat(MAX_PROPERTIES_BYTES - 8);
        let node = Node::new("a", "A").with_property("p", at_limit.clone());
        assert!(GraphCommit::new().node(node).check().is_ok());
        let past = Node::new("a", "A").with_property("p", format!("{at_limit}x"));
        let err = GraphCommit::new().node(past).check().unwrap_err();
        assert!(
            matches!(err, Error::PropertiesTooLarge { len, max, .. } if len == max + 1),
            "{err}"
        );
    }

    #[test]
    fn commit_list_bounds_at_the_limit_and_one_past() {
        let nodes: Vec<Node> = (0..MAX_COMMIT_NODES)
            .map(|i| Node::new(format!("n{i}"), "N"))
            .collect();
        let mut commit = GraphCommit {
            nodes,
            edges: Vec::new(),
        };
        assert!(commit.check().is_ok());
        commit.nodes.push(Node::new("one-more", "N"));
        assert!(matches!(
            commit.check(),
            Err(Error::TooMany { count, max: MAX_COMMIT_NODES, .. }) if count == MAX_COMMIT_NODES + 1
        ));

        let edges: Vec<Edge> = (0..MAX_COMMIT_EDGES)
            .map(|i| Edge::new("a", format!("R{i}"), "b"))
            .collect();
        let mut commit = GraphCommit {
            nodes: Vec::new(),
            edges,
        };
        assert!(commit.check().is_ok());
        commit.edges.push(Edge::new("a", "R", "b"));
        assert!(matches!(commit.check(), Err(Error::TooMany { .. })));
    }

    #[test]
    fn id_label_class_and_relation_bounds_at_the_limit_and_one_past() {
        let id = |n| "i".repeat(n);
        type Build = Box<dyn Fn(usize) -> GraphCommit>;
        let cases: [(&str, usize, Build); 5] = [
            (
                "nodes[0].id",
                MAX_NODE_ID_CHARS,
                Box::new(move |n| GraphCommit::new().node(Node::new(id(n), "L"))),
            ),
            (
                "nodes[0].label",
                MAX_LABEL_CHARS,
                Box::new(|n| GraphCommit::new().node(Node::new("a", "l".repeat(n)))),
            ),
            (
                "nodes[0].nodeType",
                MAX_CLASS_CHARS,
                Box::new(|n| GraphCommit::new().node(Node::new("a", "A").with_type("C".repeat(n)))),
            ),
            (
                "edges[0].relationType",
                MAX_RELATION_TYPE_CHARS,
                Box::new(|n| GraphCommit::new().edge(Edge::new("a", "R".repeat(n), "b"))),
            ),
            (
                "edges[0].target",
                MAX_NODE_ID_CHARS,
                Box::new(|n| GraphCommit::new().edge(Edge::new("a", "R", "t".repeat(n)))),
            ),
        ];
        for (field, max, build) in cases {
            assert!(build(max).check().is_ok(), "{field} at {max}");
            let err = build(max + 1).check().unwrap_err();
            assert!(
                matches!(&err, Error::TooLong { len, .. } if *len == max + 1),
                "{field}: {err}"
            );
            assert_eq!(err.field(), Some(field));
            assert!(
                matches!(build(0).check(), Err(Error::Empty { .. })),
                "{field}"
            );
        }
    }
}
