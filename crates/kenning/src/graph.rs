//! Graph memory through the facade: direct commits (G1–G5, G8), queries (G6, G7) and the inspect
//! listing (G9), each checked against the caller's permission and reach (A6).

use kenning_graph::{
    CommitReport, DeletionReport, GraphAnswer, GraphCommit, GraphDeletion, GraphQuery, NodePage,
};

use crate::access::{Permission, Principal};
use crate::audit;
use crate::capsule::Step;
use kenning_table::DbResult;

use crate::error::Result;
use crate::scope::{self, SCOPES};
use crate::{Kenning, Snapshot};

/// [`Kenning::commit_graph`] as a step.
pub(crate) fn commit<'a>(
    who: &'a Principal,
    scope_id: &'a str,
    commit: &'a GraphCommit,
) -> Result<Step<'a, CommitReport>> {
    who.require(Permission::MemoryWrite, "write to the graph")?;
    scope::check_id("scope_id", scope_id)?;
    let checked = commit.check()?;
    Ok(Box::new(move |w| {
        scope::reach(&w.txn.open_table(SCOPES).db()?, who, scope_id)?;
        Ok(kenning_graph::write(
            w.txn,
            &mut w.graph,
            scope_id,
            &checked,
        )?)
    }))
}

/// [`Kenning::delete_graph`] as a step.
pub(crate) fn delete<'a>(
    who: &'a Principal,
    scope_id: &'a str,
    deletion: &'a GraphDeletion,
) -> Result<Step<'a, DeletionReport>> {
    who.require(Permission::MemoryWrite, "delete from the graph")?;
    scope::check_id("scope_id", scope_id)?;
    deletion.check()?;
    Ok(Box::new(move |w| {
        let txn = w.txn;
        let now = w.now;
        let changes = &mut w.graph;
        scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
        let report = kenning_graph::delete(txn, changes, scope_id, deletion)?;
        crate::entity::unlink(txn, scope_id, &deletion.nodes)?;
        if report.nodes_deleted + report.edges_deleted > 0 {
            audit::append(
                txn,
                now,
                who,
                "graph.delete",
                scope_id,
                serde_json::json!({
                    "nodes": report.nodes_deleted,
                    "edges": report.edges_deleted,
                }),
            )?;
        }
        Ok(report)
    }))
}

impl Kenning {
    /// Commits nodes and edges to the graph of scope `scope_id`, as one transaction: all of the
    /// commit or none of it.
    ///
    /// Writes are create-or-replace (G1) with the assign-once class: the first write that gives
    /// a node a class fixes it; a later write with a different class succeeds, keeps the stored
    /// class, replaces the other fields, and lists the node in
    /// [`CommitReport::classes_kept`] rather than failing (G2). An unclassified node takes the
    /// class of the next write that gives one (G3). A direct commit is not checked against any
    /// vocabulary: any class and any relation type is recorded as given (G5, G8). An edge must
    /// connect nodes the scope holds or this commit writes.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the scope (A6). The commit is checked
    /// against every bound before the transaction begins.
    ///
    /// ```
    /// use kenning::{FilterKey, GraphCommit, GraphQuery, Kenning, Node, Principal, ScopeKind};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let store = Kenning::open(dir.path().join("memory.redb"))?;
    /// let ops = Principal::operator("ops");
    /// store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
    ///
    /// let first = GraphCommit::new().node(Node::new("ada", "Ada").with_type("Person"));
    /// store.commit_graph(&ops, "bot.support", &first)?;
    /// let second = GraphCommit::new().node(Node::new("ada", "Ada Lovelace").with_type("Robot"));
    /// let report = store.commit_graph(&ops, "bot.support", &second)?; // not an error (G2)
    /// assert_eq!(report.classes_kept[0].stored, "Person");
    ///
    /// let people = GraphQuery::new().filter(FilterKey::NodeType, "Person");
    /// let answer = store.query_graph(&ops, "bot.support", &people)?;
    /// assert_eq!(answer.nodes[0].label, "Ada Lovelace"); // the other fields were replaced
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::PermissionDenied`](crate::Error::PermissionDenied),
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a malformed scope id,
    /// [`Error::Graph`](crate::Error::Graph) for a field out of bounds (`INVALID_ARGUMENT`) or an
    /// edge to a node the scope does not hold (`FAILED_PRECONDITION`),
    /// [`Error::NotFound`](crate::Error::NotFound) for an unknown or unreached scope,
    /// [`Error::Storage`](crate::Error::Storage).
    pub fn commit_graph(
        &self,
        who: &Principal,
        scope_id: &str,
        commit: &GraphCommit,
    ) -> Result<CommitReport> {
        self.write(self::commit(who, scope_id, commit)?)
    }

    /// Runs the graph section of a memory query over scope `scope_id` (G6): start filters on
    /// `NodeId`, `Label` and `NodeType`, then an optional traversal. A `NodeType` filter is never
    /// checked against a vocabulary, so nodes of classes the scope's vocabulary no longer
    /// declares stay reachable. Every node returned carries its class, or no `nodeType` when it
    /// has none (G7).
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the scope (A6). Runs on a snapshot.
    ///
    /// # Errors
    /// [`Error::PermissionDenied`](crate::Error::PermissionDenied),
    /// [`Error::Graph`](crate::Error::Graph) for a query out of bounds,
    /// [`Error::NotFound`](crate::Error::NotFound), [`Error::Storage`](crate::Error::Storage).
    pub fn query_graph(
        &self,
        who: &Principal,
        scope_id: &str,
        query: &GraphQuery,
    ) -> Result<GraphAnswer> {
        self.snapshot(who)?.query_graph(scope_id, query)
    }

    /// One page of the inspect listing of scope `scope_id` (G9): up to `limit` nodes (1 to
    /// [`kenning_graph::MAX_LIMIT`]) in id order, after the id `after`, each with its label and
    /// its class when it has one. Pass the page's [`NodePage::next`] as `after` for the next
    /// page; `next` is absent on the last one.
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the scope (A6).
    ///
    /// # Errors
    /// [`Error::PermissionDenied`](crate::Error::PermissionDenied),
    /// [`Error::Graph`](crate::Error::Graph) for a `limit` out of range,
    /// [`Error::NotFound`](crate::Error::NotFound), [`Error::Storage`](crate::Error::Storage).
    pub fn inspect_graph(
        &self,
        who: &Principal,
        scope_id: &str,
        after: Option<&str>,
        limit: u32,
    ) -> Result<NodePage> {
        self.snapshot(who)?.inspect_graph(scope_id, after, limit)
    }

    /// Deletes nodes and edges from the graph of scope `scope_id`, in one audited transaction:
    /// the edges named, then the nodes named, each with every edge that leaves or enters it, so
    /// that no edge outlives one of its ends (see [`kenning_graph::delete`]). Naming something
    /// the scope does not hold is not an error: the report lists it. A node created again later
    /// is a new node, whose class the first write giving one assigns (G2 starts over).
    ///
    /// A deleted node's entity observations (see
    /// [`create_entities`](Self::create_entities)) are unlinked, not forgotten: the capsules
    /// stay in the scope, recalled as before. [`delete_entities`](Self::delete_entities)
    /// forgets them with the node.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the scope (A6). Audited
    /// (`graph.delete`, with the counts) when it deleted something.
    ///
    /// ```
    /// use kenning::{EdgeRef, Edge, GraphCommit, GraphDeletion, Kenning, Node, Principal, ScopeKind};
    ///
    /// let store = Kenning::in_memory()?;
    /// let ops = Principal::operator("ops");
    /// store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
    /// let commit = GraphCommit::new()
    ///     .node(Node::new("ada", "Ada"))
    ///     .node(Node::new("acme", "Acme"))
    ///     .edge(Edge::new("ada", "WORKS_AT", "acme"));
    /// store.commit_graph(&ops, "bot.support", &commit)?;
    ///
    /// let report = store.delete_graph(&ops, "bot.support", &GraphDeletion::new().node("acme"))?;
    /// assert_eq!((report.nodes_deleted, report.edges_deleted), (1, 1)); // the edge went too
    /// # Ok::<(), kenning::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::PermissionDenied`](crate::Error::PermissionDenied),
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a malformed scope id,
    /// [`Error::Graph`](crate::Error::Graph) (`INVALID_ARGUMENT`) for an id or relation type
    /// breaking the text rule or lists over their bounds,
    /// [`Error::NotFound`](crate::Error::NotFound), [`Error::Storage`](crate::Error::Storage).
    pub fn delete_graph(
        &self,
        who: &Principal,
        scope_id: &str,
        deletion: &GraphDeletion,
    ) -> Result<DeletionReport> {
        self.write(delete(who, scope_id, deletion)?)
    }
}

impl Snapshot {
    /// [`Kenning::query_graph`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::query_graph`].
    pub fn query_graph(&self, scope_id: &str, query: &GraphQuery) -> Result<GraphAnswer> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "query the graph")?;
            scope::check_id("scope_id", scope_id)?;
            query.check()?;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            self.graph_query(scope_id, query)
        })
    }

    /// [`Kenning::inspect_graph`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::inspect_graph`].
    pub fn inspect_graph(
        &self,
        scope_id: &str,
        after: Option<&str>,
        limit: u32,
    ) -> Result<NodePage> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "list the graph")?;
            scope::check_id("scope_id", scope_id)?;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            Ok(kenning_graph::list_nodes(txn, scope_id, after, limit)?)
        })
    }
}
