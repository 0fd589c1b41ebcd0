//! Create-or-replace writes with the assign-once class (G1–G5, G8).

use std::collections::HashSet;

use redb::{ReadableTable, WriteTransaction};

use crate::cache::{self, Changes};
use crate::check;
use kenning_table::DbResult;

use crate::error::Error;
use crate::model::{CheckedCommit, ClassKept, CommitReport, EdgeLeftOut};
use crate::store::{
    BY_CLASS, BY_LABEL, EDGES_IN, EDGES_OUT, NODES, decode_node, encode_edge, encode_node_into,
    key, write_key,
};

/// Creates every graph table, so that reads never meet a missing one. Idempotent; the facade
/// calls it when it opens a store.
///
/// # Errors
/// [`Error::Storage`].
pub fn create_tables(txn: &WriteTransaction) -> Result<(), Error> {
    txn.open_table(NODES).db()?;
    txn.open_table(BY_LABEL).db()?;
    txn.open_table(BY_CLASS).db()?;
    txn.open_table(EDGES_OUT).db()?;
    txn.open_table(EDGES_IN).db()?;
    Ok(())
}

/// Whether every graph table exists, so that the facade can open a store without writing when
/// nothing is missing.
///
/// # Errors
/// [`Error::Storage`].
pub fn tables_exist(txn: &redb::ReadTransaction) -> Result<bool, Error> {
    use kenning_table::exists;
    Ok(exists(txn, NODES)?
        && exists(txn, BY_LABEL)?
        && exists(txn, BY_CLASS)?
        && exists(txn, EDGES_OUT)?
        && exists(txn, EDGES_IN)?)
}

/// Writes a checked commit into `scope` inside `txn`: nodes first, in order, then edges.
///
/// - **Create-or-replace (G1).** A node's label and properties, and an edge's properties, are
///   replaced whole by each write. A node write that would store the same record again (same
///   label, class and properties) counts as a replace but writes nothing: repeating a node
///   copies no page of the store.
/// - **Assign-once class (G2, G3).** A node's class is fixed by the first write that gives it one.
///   A later write giving a different class succeeds, replaces the other fields, keeps the stored
///   class and lists the node in [`CommitReport::classes_kept`]. A write without `nodeType` keeps
///   the stored class too: a class is never removed. A node with no class takes the class of the
///   next write that gives one.
/// - **No vocabulary (G5, G8).** Classes and relation types are recorded as given; nothing here
///   knows a vocabulary or a signature.
/// - **Edges need both ends (choice).** An edge whose source or target is neither stored in the
///   scope nor written by this commit is rejected with [`Error::MissingEndpoint`]: an edge to a
///   missing node is refused rather than creating a bare node, because a bare node would need an
///   invented label. Endpoints are checked before anything is written, so a rejected commit
///   leaves `txn` untouched. A commit checked with
///   [`GraphCommit::check_leaving_out_edges`](crate::GraphCommit::check_leaving_out_edges)
///   instead leaves such an edge out, writes the rest, and lists it in
///   [`CommitReport::edges_left_out`].
///
/// The caller owns `txn` and commits or aborts it. `scope` is any text without control
/// characters (the facade passes a registered scope id). What the call changed is added to
/// `changes`, for [`GraphCache::committed`](crate::GraphCache::committed) once `txn` commits.
///
/// # Errors
/// [`Error::MissingEndpoint`], an invalid `scope`, [`Error::Storage`], [`Error::Corrupt`] or
/// [`Error::NewerFormat`] for an unreadable stored node.
pub fn write(
    txn: &WriteTransaction,
    changes: &mut Changes,
    scope: &str,
    checked: &CheckedCommit<'_>,
) -> Result<CommitReport, Error> {
    check::scope(scope)?;
    let commit = checked.commit;
    let mut nodes = txn.open_table(NODES).db()?;
    let mut report = CommitReport {
        edges_left_out: checked.edges_left_out.clone(),
        ..CommitReport::default()
    };
    // Per edge, its properties, or `None` when it is left out.
    let mut edges: Vec<Option<&[u8]>> = checked
        .edge_properties
        .iter()
        .map(Option::as_deref)
        .collect();

    if !commit.edges.is_empty() {
        let written: HashSet<&str> = commit.nodes.iter().map(|n| n.id.as_str()).collect();
        for (i, (edge, properties)) in commit.edges.iter().zip(&mut edges).enumerate() {
            if properties.is_none() {
                continue;
            }
            for (end, id) in [("source", &edge.source), ("target", &edge.target)] {
                if !written.contains(id.as_str())
                    && nodes.get(key(&[scope, id]).as_slice()).db()?.is_none()
                {
                    let missing = Error::MissingEndpoint {
                        field: format!("{}[{i}].{end}", checked.edges_field),
                        id: id.clone(),
                    };
                    if !checked.lenient {
                        return Err(missing);
                    }
                    report.edges_left_out.push(EdgeLeftOut::new(i, &missing));
                    *properties = None;
                    break;
                }
            }
        }
        report.edges_left_out.sort_by_key(|left| left.index);
    }

    if !commit.nodes.is_empty() {
        let mut by_label = txn.open_table(BY_LABEL).db()?;
        let mut by_class = txn.open_table(BY_CLASS).db()?;
        let mut node_key = Vec::new();
        let mut index_key = Vec::new();
        let mut record = Vec::new();
        for (node, properties) in commit.nodes.iter().zip(&checked.node_properties) {
            let id = node.id.as_str();
            let label = node.label.as_str();
            let given = node.node_type.as_deref();
            write_key(&mut node_key, scope, &[id]);
            let stored = nodes.get(node_key.as_slice()).db()?;
            let unchanged = match &stored {
                None => {
                    report.nodes_created += 1;
                    write_key(&mut index_key, scope, &[label, id]);
                    by_label.insert(index_key.as_slice(), ()).db()?;
                    if let Some(class) = given {
                        report.classes_assigned += 1;
                        write_key(&mut index_key, scope, &[class, id]);
                        by_class.insert(index_key.as_slice(), ()).db()?;
                    }
                    encode_node_into(&mut record, label, given, properties);
                    false
                }
                Some(guard) => {
                    report.nodes_replaced += 1;
                    let old = decode_node(guard.value())?;
                    if old.label != label {
                        // Insert before removing: when both entries share a leaf, the insert
                        // copies it and the removal edits the copy in place, rather than the
                        // removal rebuilding the leaf entry by entry.
                        write_key(&mut index_key, scope, &[label, id]);
                        by_label.insert(index_key.as_slice(), ()).db()?;
                        write_key(&mut index_key, scope, &[old.label, id]);
                        by_label.remove(index_key.as_slice()).db()?;
                    }
                    let class = match (old.class, given) {
                        (Some(kept), Some(given)) => {
                            if kept != given {
                                report.classes_kept.push(ClassKept {
                                    id: id.to_owned(),
                                    stored: kept.to_owned(),
                                    given: given.to_owned(),
                                });
                            }
                            Some(kept)
                        }
                        (Some(kept), None) => Some(kept),
                        (None, Some(given)) => {
                            report.classes_assigned += 1;
                            write_key(&mut index_key, scope, &[given, id]);
                            by_class.insert(index_key.as_slice(), ()).db()?;
                            Some(given)
                        }
                        (None, None) => None,
                    };
                    encode_node_into(&mut record, label, class, properties);
                    // Rewriting a record with the same bytes would copy its page for nothing.
                    record.as_slice() == guard.value()
                }
            };
            drop(stored);
            if !unchanged {
                nodes.insert(node_key.as_slice(), record.as_slice()).db()?;
                changes.touch(cache::NODE, scope, id);
            }
        }
    }

    if !commit.edges.is_empty() {
        let mut out = txn.open_table(EDGES_OUT).db()?;
        let mut inward = txn.open_table(EDGES_IN).db()?;
        for (edge, properties) in commit.edges.iter().zip(edges) {
            let Some(properties) = properties else {
                continue;
            };
            let (source, relation, target) = (
                edge.source.as_str(),
                edge.relation_type.as_str(),
                edge.target.as_str(),
            );
            let record = encode_edge(properties);
            let existed = out
                .insert(
                    key(&[scope, source, relation, target]).as_slice(),
                    record.as_slice(),
                )
                .db()?
                .is_some();
            inward
                .insert(
                    key(&[scope, target, relation, source]).as_slice(),
                    record.as_slice(),
                )
                .db()?;
            if existed {
                report.edges_replaced += 1;
            } else {
                report.edges_created += 1;
            }
            changes.touch(cache::OUT, scope, source);
            changes.touch(cache::IN, scope, target);
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use redb::{Database, ReadableDatabase};

    use super::*;
    use crate::model::{GraphCommit, Node};
    use crate::query::{FilterKey, GraphQuery};

    use crate::test_db as db;

    fn commit(db: &Database, node: Node) -> CommitReport {
        let txn = db.begin_write().unwrap();
        let report = write(
            &txn,
            &mut Changes::new(),
            "s",
            &GraphCommit::new().node(node).check().unwrap(),
        )
        .unwrap();
        txn.commit().unwrap();
        report
    }

    fn read(db: &Database, id: &str) -> Node {
        let query = GraphQuery::new().filter(FilterKey::NodeId, id);
        let answer = crate::query(&db.begin_read().unwrap(), "s", &query).unwrap();
        answer.nodes.into_iter().next().unwrap()
    }

    #[test]
    fn g1_a_rewrite_that_changes_nothing_is_still_a_replace() {
        let db = db();
        let ada = Node::new("ada", "Ada")
            .with_type("Person")
            .with_property("born", 1815);
        assert_eq!(commit(&db, ada.clone()).nodes_created, 1);
        let again = commit(&db, ada.clone());
        assert_eq!((again.nodes_created, again.nodes_replaced), (0, 1));
        assert_eq!(read(&db, "ada"), ada);
        // Without nodeType the stored class stays (G2), so this rewrite changes nothing either.
        let untyped = Node::new("ada", "Ada").with_property("born", 1815);
        assert_eq!(commit(&db, untyped).nodes_replaced, 1);
        assert_eq!(read(&db, "ada"), ada);
    }

    #[test]
    fn g1_a_rewrite_that_changes_only_a_property_is_applied() {
        let db = db();
        commit(&db, Node::new("ada", "Ada").with_property("born", 1815));
        commit(&db, Node::new("ada", "Ada").with_property("born", 1816));
        assert_eq!(read(&db, "ada").properties["born"], 1816);
    }
}
