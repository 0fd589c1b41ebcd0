//! Deleting nodes and edges, every index kept exact.

use redb::{ReadableTable, WriteTransaction};
use serde::{Deserialize, Serialize};

use crate::cache::{self, Changes};
use crate::check::{self, MAX_COMMIT_EDGES, MAX_COMMIT_NODES, MAX_NODE_ID_CHARS};
use kenning_table::DbResult;

use crate::error::Error;
use crate::store::{
    BY_CLASS, BY_LABEL, EDGES_IN, EDGES_OUT, NODES, decode_node, key, parts, under, write_key,
};

/// One edge, named by what identifies it: its source, relation type and target.
///
/// Serialized as `{"relationType": "WORKS_AT", "source": "ada", "target": "acme"}`, an
/// [`Edge`](crate::Edge) without its properties.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EdgeRef {
    /// The relation type, exactly as written.
    pub relation_type: String,
    /// The id of the source node.
    pub source: String,
    /// The id of the target node.
    pub target: String,
}

impl EdgeRef {
    /// The edge `source -[relation_type]-> target`.
    pub fn new(
        source: impl Into<String>,
        relation_type: impl Into<String>,
        target: impl Into<String>,
    ) -> Self {
        Self {
            relation_type: relation_type.into(),
            source: source.into(),
            target: target.into(),
        }
    }
}

impl EdgeRef {
    /// Checks the text rule on the three parts, naming them `{at}.relationType`, `{at}.source`
    /// and `{at}.target` in errors.
    pub(crate) fn check(&self, at: &str) -> Result<(), Error> {
        let field = |f: &str| format!("{at}.{f}");
        check::relation_type(|| field("relationType"), &self.relation_type)?;
        check::text(|| field("source"), &self.source, MAX_NODE_ID_CHARS)?;
        check::text(|| field("target"), &self.target, MAX_NODE_ID_CHARS)
    }
}

impl From<&crate::Edge> for EdgeRef {
    fn from(edge: &crate::Edge) -> Self {
        Self::new(&edge.source, &edge.relation_type, &edge.target)
    }
}

/// What to delete from a scope's graph: nodes (each with every edge that touches it) and edges.
///
/// Serialized as `{"nodes": ["ada"], "edges": [{"relationType": "WORKS_AT", "source": "bob",
/// "target": "acme"}]}`; either list may be omitted. See [`delete`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GraphDeletion {
    /// Ids of the nodes to delete, at most [`MAX_COMMIT_NODES`].
    #[serde(default)]
    pub nodes: Vec<String>,
    /// The edges to delete, at most [`MAX_COMMIT_EDGES`].
    #[serde(default)]
    pub edges: Vec<EdgeRef>,
}

impl GraphDeletion {
    /// An empty deletion.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a node to delete.
    #[must_use]
    pub fn node(mut self, id: impl Into<String>) -> Self {
        self.nodes.push(id.into());
        self
    }

    /// Adds an edge to delete.
    #[must_use]
    pub fn edge(mut self, edge: EdgeRef) -> Self {
        self.edges.push(edge);
        self
    }

    /// Checks the bounds: list lengths, and the text rule on every id and relation type (a
    /// value that breaks it could name nothing stored).
    ///
    /// # Errors
    /// [`Error::TooMany`], [`Error::Empty`], [`Error::TooLong`], [`Error::ControlChar`],
    /// [`Error::Untrimmed`], each naming the field (`nodes[2]`, `edges[0].source`).
    pub fn check(&self) -> Result<(), Error> {
        check::count(
            "nodes",
            self.nodes.len(),
            MAX_COMMIT_NODES,
            "split the deletion into several calls",
        )?;
        check::count(
            "edges",
            self.edges.len(),
            MAX_COMMIT_EDGES,
            "split the deletion into several calls",
        )?;
        for (i, id) in self.nodes.iter().enumerate() {
            check::text(|| format!("nodes[{i}]"), id, MAX_NODE_ID_CHARS)?;
        }
        for (i, edge) in self.edges.iter().enumerate() {
            edge.check(&format!("edges[{i}]"))?;
        }
        Ok(())
    }
}

/// What a [`delete`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeletionReport {
    /// Nodes deleted.
    pub nodes_deleted: usize,
    /// Edges deleted: those named, and those that touched a deleted node.
    pub edges_deleted: usize,
    /// Node ids named that the scope did not hold (or that the same deletion named earlier), in
    /// the order given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nodes_missing: Vec<String>,
    /// Edges named that the scope did not hold, in the order given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges_missing: Vec<EdgeRef>,
}

/// Deletes nodes and edges from `scope` inside `txn`: the named edges first, then the named
/// nodes, each with every edge that leaves or enters it.
///
/// - **Exact indexes.** A deleted node leaves the label and class indexes, and every edge that
///   touches it leaves both adjacency tables, so no index entry ever names a missing node and no
///   edge ever lacks an end.
/// - **Idempotent.** Naming a node or an edge the scope does not hold is not an error: it is
///   listed in [`DeletionReport::nodes_missing`] or [`DeletionReport::edges_missing`], and the
///   rest is deleted.
/// - **A new start.** A node created again after its deletion is a new node: it takes the class
///   of the first write that gives one (the assign-once class, G2, starts over).
///
/// The caller owns `txn` and commits or aborts it. The deletion is checked before anything is
/// written, so an invalid one leaves `txn` untouched. What the call changed is added to
/// `changes`, as for [`write`](crate::write).
///
/// # Errors
/// The errors of [`GraphDeletion::check`], an invalid `scope`; [`Error::Storage`],
/// [`Error::Corrupt`], [`Error::NewerFormat`].
pub fn delete(
    txn: &WriteTransaction,
    changes: &mut Changes,
    scope: &str,
    deletion: &GraphDeletion,
) -> Result<DeletionReport, Error> {
    check::scope(scope)?;
    deletion.check()?;
    delete_checked(txn, changes, scope, deletion)
}

fn delete_checked(
    txn: &WriteTransaction,
    changes: &mut Changes,
    scope: &str,
    deletion: &GraphDeletion,
) -> Result<DeletionReport, Error> {
    let mut report = DeletionReport::default();
    let mut out = txn.open_table(EDGES_OUT).db()?;
    let mut inward = txn.open_table(EDGES_IN).db()?;
    let mut buffer = Vec::new();

    for edge in &deletion.edges {
        let (source, relation, target) = (
            edge.source.as_str(),
            edge.relation_type.as_str(),
            edge.target.as_str(),
        );
        write_key(&mut buffer, scope, &[source, relation, target]);
        if out.remove(buffer.as_slice()).db()?.is_some() {
            write_key(&mut buffer, scope, &[target, relation, source]);
            inward.remove(buffer.as_slice()).db()?;
            changes.touch(cache::OUT, scope, source);
            changes.touch(cache::IN, scope, target);
            report.edges_deleted += 1;
        } else {
            report.edges_missing.push(edge.clone());
        }
    }

    if deletion.nodes.is_empty() {
        return Ok(report);
    }
    let mut nodes = txn.open_table(NODES).db()?;
    let mut by_label = txn.open_table(BY_LABEL).db()?;
    let mut by_class = txn.open_table(BY_CLASS).db()?;
    for id in &deletion.nodes {
        write_key(&mut buffer, scope, &[id]);
        let Some(record) = nodes.remove(buffer.as_slice()).db()? else {
            report.nodes_missing.push(id.clone());
            continue;
        };
        let record = decode_node(record.value())?;
        write_key(&mut buffer, scope, &[record.label, id]);
        by_label.remove(buffer.as_slice()).db()?;
        if let Some(class) = record.class {
            write_key(&mut buffer, scope, &[class, id]);
            by_class.remove(buffer.as_slice()).db()?;
        }
        report.nodes_deleted += 1;
        changes.touch(cache::NODE, scope, id);
        // Outgoing edges, then incoming ones. A loop (an edge from the node to itself) is in
        // both tables under the node's prefix; the first pass removes both of its entries, so
        // the second, which reads after it, does not meet it again.
        let targets = detach(&mut out, &mut inward, "graph.edges_out", scope, id)?;
        let sources = detach(&mut inward, &mut out, "graph.edges_in", scope, id)?;
        report.edges_deleted += targets.len() + sources.len();
        changes.touch(cache::OUT, scope, id);
        changes.touch(cache::IN, scope, id);
        for target in &targets {
            changes.touch(cache::IN, scope, target);
        }
        for source in &sources {
            changes.touch(cache::OUT, scope, source);
        }
    }
    Ok(report)
}

/// Removes every entry of `from` under `scope · id` and its mirror in `mirror` (an
/// adjacency entry `scope · a · rel · b` mirrors as `scope · b · rel · a`). Returns the other
/// end of each edge removed.
fn detach(
    from: &mut redb::Table<'_, &'static [u8], &'static [u8]>,
    mirror: &mut redb::Table<'_, &'static [u8], &'static [u8]>,
    name: &'static str,
    scope: &str,
    id: &str,
) -> Result<Vec<String>, Error> {
    let prefix = under(&[scope, id]);
    let mut found: Vec<(String, String)> = Vec::new();
    for entry in from.range(prefix.range()).db()? {
        let (k, _) = entry.db()?;
        let [_, _, relation, other] = parts::<4>(name, k.value())?;
        found.push((relation.to_owned(), other.to_owned()));
    }
    for (relation, other) in &found {
        from.remove(key(&[scope, id, relation, other]).as_slice())
            .db()?;
        mirror
            .remove(key(&[scope, other, relation, id]).as_slice())
            .db()?;
    }
    Ok(found.into_iter().map(|(_, other)| other).collect())
}

#[cfg(test)]
mod tests {
    use redb::{Database, ReadableDatabase};

    use super::*;
    use crate::model::{Edge, GraphCommit, Node};
    use crate::query::{Direction, FilterKey, GraphQuery, Traversal};

    use crate::test_db as db;

    fn commit(db: &Database, commit: &GraphCommit) {
        let txn = db.begin_write().unwrap();
        crate::write(
            &txn,
            &mut crate::Changes::new(),
            "s",
            &commit.check().unwrap(),
        )
        .unwrap();
        txn.commit().unwrap();
    }

    fn remove(db: &Database, deletion: &GraphDeletion) -> DeletionReport {
        let txn = db.begin_write().unwrap();
        let report = delete(&txn, &mut Changes::new(), "s", deletion).unwrap();
        txn.commit().unwrap();
        report
    }

    fn around(db: &Database, id: &str) -> crate::GraphAnswer {
        let query = GraphQuery::new()
            .filter(FilterKey::NodeId, id)
            .traverse(Traversal::new().direction(Direction::Both));
        crate::query(&db.begin_read().unwrap(), "s", &query).unwrap()
    }

    #[test]
    fn deleting_a_node_takes_its_edges_both_ways_and_its_loop() {
        let db = db();
        commit(
            &db,
            &GraphCommit::new()
                .node(Node::new("ada", "Ada").with_type("Person"))
                .node(Node::new("acme", "Acme"))
                .node(Node::new("bob", "Bob"))
                .edge(Edge::new("ada", "WORKS_AT", "acme"))
                .edge(Edge::new("bob", "KNOWS", "ada"))
                .edge(Edge::new("ada", "SELF", "ada"))
                .edge(Edge::new("bob", "WORKS_AT", "acme")),
        );
        let report = remove(&db, &GraphDeletion::new().node("ada"));
        assert_eq!((report.nodes_deleted, report.edges_deleted), (1, 3));
        assert!(around(&db, "ada").nodes.is_empty());
        let bob = around(&db, "bob");
        assert_eq!(bob.edges, [Edge::new("bob", "WORKS_AT", "acme")]);
        let people = GraphQuery::new().filter(FilterKey::NodeType, "Person");
        let answer = crate::query(&db.begin_read().unwrap(), "s", &people).unwrap();
        assert!(answer.nodes.is_empty(), "the class index still names ada");
        let by_label = GraphQuery::new().filter(FilterKey::Label, "Ada");
        let answer = crate::query(&db.begin_read().unwrap(), "s", &by_label).unwrap();
        assert!(answer.nodes.is_empty(), "the label index still names ada");
    }

    #[test]
    fn missing_nodes_and_edges_are_reported_not_refused() {
        let db = db();
        commit(
            &db,
            &GraphCommit::new()
                .node(Node::new("a", "A"))
                .node(Node::new("b", "B"))
                .edge(Edge::new("a", "R", "b")),
        );
        let report = remove(
            &db,
            &GraphDeletion::new()
                .edge(EdgeRef::new("a", "R", "b"))
                .edge(EdgeRef::new("a", "R", "b"))
                .node("ghost")
                .node("a")
                .node("a"),
        );
        assert_eq!(report.edges_deleted, 1);
        assert_eq!(report.edges_missing, [EdgeRef::new("a", "R", "b")]);
        assert_eq!(report.nodes_deleted, 1);
        assert_eq!(report.nodes_missing, ["ghost", "a"]);
    }

    #[test]
    fn g2_a_node_created_again_after_deletion_takes_a_new_class() {
        let db = db();
        commit(
            &db,
            &GraphCommit::new().node(Node::new("a", "A").with_type("Person")),
        );
        remove(&db, &GraphDeletion::new().node("a"));
        commit(
            &db,
            &GraphCommit::new().node(Node::new("a", "A").with_type("Robot")),
        );
        assert_eq!(
            around(&db, "a").nodes[0].node_type.as_deref(),
            Some("Robot")
        );
    }

    #[test]
    fn an_invalid_deletion_names_the_field_and_writes_nothing() {
        let db = db();
        commit(&db, &GraphCommit::new().node(Node::new("a", "A")));
        let txn = db.begin_write().unwrap();
        let bad = GraphDeletion::new()
            .node("a")
            .edge(EdgeRef::new("a", "", "b"));
        let err = delete(&txn, &mut Changes::new(), "s", &bad).unwrap_err();
        assert_eq!(err.field(), Some("edges[0].relationType"));
        txn.commit().unwrap();
        assert_eq!(around(&db, "a").nodes.len(), 1);
        let err = GraphDeletion::new().node(" a").check().unwrap_err();
        assert_eq!(err.field(), Some("nodes[0]"));
    }

    #[test]
    fn deletion_list_bounds_at_the_limit_and_one_past() {
        let mut nodes = GraphDeletion {
            nodes: (0..MAX_COMMIT_NODES).map(|i| format!("n{i}")).collect(),
            edges: Vec::new(),
        };
        assert!(nodes.check().is_ok());
        nodes.nodes.push("one-more".into());
        assert!(matches!(
            nodes.check(),
            Err(Error::TooMany { count, .. }) if count == MAX_COMMIT_NODES + 1
        ));
        let mut edges = GraphDeletion {
            nodes: Vec::new(),
            edges: (0..MAX_COMMIT_EDGES)
                .map(|i| EdgeRef::new("a", format!("R{i}"), "b"))
                .collect(),
        };
        assert!(edges.check().is_ok());
        edges.edges.push(EdgeRef::new("a", "R", "b"));
        assert!(matches!(edges.check(), Err(Error::TooMany { .. })));
    }

    #[test]
    fn wire_shape_round_trips() {
        let body = serde_json::json!({
            "nodes": ["ada"],
            "edges": [{"relationType": "WORKS_AT", "source": "bob", "target": "acme"}]
        });
        let deletion: GraphDeletion = serde_json::from_value(body.clone()).unwrap();
        assert_eq!(
            deletion,
            GraphDeletion::new()
                .node("ada")
                .edge(EdgeRef::new("bob", "WORKS_AT", "acme"))
        );
        assert_eq!(serde_json::to_value(&deletion).unwrap(), body);
        assert!(serde_json::from_value::<GraphDeletion>(serde_json::json!({"node": []})).is_err());
    }
}
