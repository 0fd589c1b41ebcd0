//! Point lookups and edge listings: nodes by id, edges by their identity, every edge touching a
//! node, and the paged listing of a scope's edges. Lookups come for both kinds of transaction,
//! so that a caller composing a write (the facade's entity memory) can read what its own
//! transaction sees.

use std::ops::Bound;

use redb::{ReadTransaction, ReadableTable, WriteTransaction};
use serde::{Deserialize, Serialize};

use crate::check;
use crate::delete::EdgeRef;
use kenning_table::DbResult;

use crate::error::Error;
use crate::model::{Edge, Node};
use crate::query::MAX_LIMIT;
use crate::store::{EDGES_IN, EDGES_OUT, NODES, decode_edge, decode_node, key, parts, under};

/// One page of a scope's edges, in (source, relation type, target) order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EdgePage {
    /// The edges of this page, with their properties.
    pub edges: Vec<Edge>,
    /// The cursor for the next page (the last edge of this one); absent on the last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<EdgeRef>,
}

fn get_node(
    table: &impl ReadableTable<&'static [u8], &'static [u8]>,
    scope: &str,
    id: &str,
) -> Result<Option<Node>, Error> {
    match table.get(key(&[scope, id]).as_slice()).db()? {
        Some(guard) => Ok(Some(decode_node(guard.value())?.to_node(id)?)),
        None => Ok(None),
    }
}

/// The nodes `ids` of `scope` on the snapshot `txn`, each `None` when the scope does not hold
/// it, in the order asked.
///
/// # Errors
/// An id that breaks the id rule ([`check_node_id`](crate::check_node_id), field `ids[i]`), an
/// invalid `scope`; [`Error::Storage`], [`Error::Corrupt`], [`Error::NewerFormat`].
pub fn nodes(txn: &ReadTransaction, scope: &str, ids: &[&str]) -> Result<Vec<Option<Node>>, Error> {
    check::scope(scope)?;
    for (i, id) in ids.iter().enumerate() {
        check::check_node_id(|| format!("ids[{i}]"), id)?;
    }
    let table = txn.open_table(NODES).db()?;
    ids.iter().map(|id| get_node(&table, scope, id)).collect()
}

/// The node `id` of `scope` as the write transaction `txn` sees it, its own writes included.
///
/// # Errors
/// As [`nodes`].
pub fn node_in(txn: &WriteTransaction, scope: &str, id: &str) -> Result<Option<Node>, Error> {
    check::scope(scope)?;
    check::check_node_id(|| "id".to_owned(), id)?;
    get_node(&txn.open_table(NODES).db()?, scope, id)
}

/// Whether `scope` holds `edge`, as the write transaction `txn` sees it.
///
/// # Errors
/// An invalid `scope` or edge (the rules of [`GraphDeletion::check`](crate::GraphDeletion));
/// [`Error::Storage`].
pub fn has_edge_in(txn: &WriteTransaction, scope: &str, edge: &EdgeRef) -> Result<bool, Error> {
    check::scope(scope)?;
    edge.check("edge")?;
    let table = txn.open_table(EDGES_OUT).db()?;
    let k = key(&[scope, &edge.source, &edge.relation_type, &edge.target]);
    Ok(table.get(k.as_slice()).db()?.is_some())
}

/// Every edge that leaves or enters node `id` of `scope`, on the snapshot `txn`: outgoing
/// edges in (relation type, target) order, then incoming ones in (relation type, source)
/// order. A loop (an edge from `id` to itself) is listed once, among the outgoing edges.
///
/// # Errors
/// An invalid `scope` or `id`; [`Error::Storage`], [`Error::Corrupt`], [`Error::NewerFormat`].
pub fn incident_edges(txn: &ReadTransaction, scope: &str, id: &str) -> Result<Vec<Edge>, Error> {
    check::scope(scope)?;
    check::check_node_id(|| "id".to_owned(), id)?;
    let mut edges = Vec::new();
    let prefix = under(&[scope, id]);
    for (table, outward) in [(EDGES_OUT, true), (EDGES_IN, false)] {
        let name = if outward {
            "graph.edges_out"
        } else {
            "graph.edges_in"
        };
        let table = txn.open_table(table).db()?;
        for entry in table.range(prefix.range()).db()? {
            let (k, v) = entry.db()?;
            let [_, _, relation, other] = parts::<4>(name, k.value())?;
            if !outward && other == id {
                continue; // the loop, listed among the outgoing edges
            }
            let (source, target) = if outward { (id, other) } else { (other, id) };
            edges.push(Edge {
                relation_type: relation.to_owned(),
                source: source.to_owned(),
                target: target.to_owned(),
                properties: decode_edge(v.value())?,
            });
        }
    }
    Ok(edges)
}

/// One page of `scope`'s edges on the snapshot `txn`, in (source, relation type, target)
/// order, starting after the edge `after`: up to `limit` edges (1 to [`MAX_LIMIT`]). Pass the
/// page's [`next`](EdgePage::next) as `after` to read the following page.
///
/// # Errors
/// [`Error::OutOfRange`] for a `limit` outside 1 to [`MAX_LIMIT`], an invalid `scope` or
/// `after`;
/// [`Error::Storage`], [`Error::Corrupt`], [`Error::NewerFormat`].
pub fn list_edges(
    txn: &ReadTransaction,
    scope: &str,
    after: Option<&EdgeRef>,
    limit: u32,
) -> Result<EdgePage, Error> {
    check::scope(scope)?;
    check::range(|| "limit".to_owned(), limit.into(), 1, MAX_LIMIT)?;
    if let Some(after) = after {
        after.check("after")?;
    }
    let table = txn.open_table(EDGES_OUT).db()?;
    let all = under(&[scope]);
    let after = after.map(|e| key(&[scope, &e.source, &e.relation_type, &e.target]));
    let lower = match &after {
        Some(after) => Bound::Excluded(after.as_slice()),
        None => Bound::Included(all.lower.as_slice()),
    };
    let mut page = EdgePage::default();
    for entry in table
        .range::<&[u8]>((lower, Bound::Excluded(all.upper.as_slice())))
        .db()?
    {
        if page.edges.len() == limit as usize {
            page.next = page.edges.last().map(EdgeRef::from);
            break;
        }
        let (k, v) = entry.db()?;
        let [_, source, relation, target] = parts::<4>("graph.edges_out", k.value())?;
        page.edges.push(Edge {
            relation_type: relation.to_owned(),
            source: source.to_owned(),
            target: target.to_owned(),
            properties: decode_edge(v.value())?,
        });
    }
    Ok(page)
}

#[cfg(test)]
mod tests {
    use redb::{Database, ReadableDatabase};

    use super::*;
    use crate::model::GraphCommit;

    fn db() -> Database {
        let db = crate::test_db();
        let txn = db.begin_write().unwrap();
        crate::write(
            &txn,
            &mut crate::Changes::new(),
            "s",
            &GraphCommit::new()
                .node(Node::new("a", "A").with_type("Person"))
                .node(Node::new("b", "B"))
                .node(Node::new("c", "C"))
                .edge(Edge::new("a", "KNOWS", "b"))
                .edge(Edge::new("c", "KNOWS", "a").with_property("since", 2020))
                .edge(Edge::new("a", "SELF", "a"))
                .edge(Edge::new("b", "KNOWS", "c"))
                .check()
                .unwrap(),
        )
        .unwrap();
        // Another scope's edges never show.
        crate::write(
            &txn,
            &mut crate::Changes::new(),
            "t",
            &GraphCommit::new()
                .node(Node::new("a", "A"))
                .edge(Edge::new("a", "KNOWS", "a"))
                .check()
                .unwrap(),
        )
        .unwrap();
        txn.commit().unwrap();
        db
    }

    #[test]
    fn incident_edges_list_out_then_in_and_a_loop_once() {
        let db = db();
        let edges = incident_edges(&db.begin_read().unwrap(), "s", "a").unwrap();
        let refs: Vec<EdgeRef> = edges.iter().map(EdgeRef::from).collect();
        assert_eq!(
            refs,
            [
                EdgeRef::new("a", "KNOWS", "b"),
                EdgeRef::new("a", "SELF", "a"),
                EdgeRef::new("c", "KNOWS", "a"),
            ]
        );
        assert_eq!(edges[2].properties["since"], 2020);
        assert!(
            incident_edges(&db.begin_read().unwrap(), "s", "zz")
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn edge_listing_pages_through_every_edge_of_the_scope_once() {
        let db = db();
        let txn = db.begin_read().unwrap();
        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page = list_edges(&txn, "s", after.as_ref(), 1).unwrap();
            assert!(page.edges.len() <= 1);
            seen.extend(page.edges.iter().map(EdgeRef::from));
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(
            seen,
            [
                EdgeRef::new("a", "KNOWS", "b"),
                EdgeRef::new("a", "SELF", "a"),
                EdgeRef::new("b", "KNOWS", "c"),
                EdgeRef::new("c", "KNOWS", "a"),
            ]
        );
        assert!(matches!(
            list_edges(&txn, "s", None, 0),
            Err(Error::OutOfRange { .. })
        ));
        assert!(matches!(
            list_edges(&txn, "s", None, MAX_LIMIT + 1),
            Err(Error::OutOfRange { .. })
        ));
        assert_eq!(
            list_edges(&txn, "s", None, MAX_LIMIT).unwrap().edges.len(),
            4
        );
    }

    #[test]
    fn lookups_see_the_write_transactions_own_writes() {
        let db = db();
        let txn = db.begin_write().unwrap();
        assert!(node_in(&txn, "s", "d").unwrap().is_none());
        crate::write(
            &txn,
            &mut crate::Changes::new(),
            "s",
            &GraphCommit::new()
                .node(Node::new("d", "D"))
                .edge(Edge::new("d", "KNOWS", "a"))
                .check()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(node_in(&txn, "s", "d").unwrap().unwrap().label, "D");
        assert!(has_edge_in(&txn, "s", &EdgeRef::new("d", "KNOWS", "a")).unwrap());
        assert!(!has_edge_in(&txn, "s", &EdgeRef::new("a", "KNOWS", "d")).unwrap());
        drop(txn);
        let read = db.begin_read().unwrap();
        let found = nodes(&read, "s", &["b", "d", "a"]).unwrap();
        assert_eq!(found[0].as_ref().unwrap().label, "B");
        assert!(found[1].is_none(), "the aborted write left nothing");
        assert_eq!(
            found[2].as_ref().unwrap().node_type.as_deref(),
            Some("Person")
        );
    }

    #[test]
    fn ids_that_could_run_into_the_next_key_part_are_refused() {
        let db = db();
        let txn = db.begin_read().unwrap();
        // "a\0KNOWS" would otherwise read as the prefix of a's KNOWS edges.
        let err = incident_edges(&txn, "s", "a\0KNOWS").unwrap_err();
        assert!(matches!(err, Error::ControlChar { .. }), "{err}");
        let err = nodes(&txn, "s", &["a", "b\0c"]).unwrap_err();
        assert_eq!(err.field(), Some("ids[1]"));
        let bad = EdgeRef::new("a", "KNOWS\0b", "c");
        let err = list_edges(&txn, "s", Some(&bad), 10).unwrap_err();
        assert_eq!(err.field(), Some("after.relationType"));
    }
}
