//! Query execution and listings (G6, G7, G9). Every lookup is a point get or a range within one
//! scope's prefix of an index; nothing scans a scope.

use std::collections::HashSet;
use std::ops::Bound;

use redb::{ReadOnlyTable, ReadTransaction};

use crate::error::{DbResult, Error};
use crate::model::{Edge, Node};
use crate::query::{
    Direction, FilterKey, GraphAnswer, GraphQuery, MAX_ANSWER_EDGES, MAX_LIMIT, NodePage, Traversal,
};
use crate::store::{
    BY_CLASS, BY_LABEL, EDGES_IN, EDGES_OUT, NODES, NodeKey, decode_edge, decode_node,
};

type Nodes = ReadOnlyTable<NodeKey<'static>, &'static [u8]>;

/// Runs `query` over `scope` on the snapshot `txn` (G6).
///
/// The start set comes from the most selective index the filters allow: node ids are point
/// lookups; otherwise the label index, then the class index, each read as one key range per
/// value. Values of the other keys are checked on the nodes found. See [`GraphQuery`] for the
/// semantics and [`GraphAnswer`] for the order of the answer.
///
/// # Errors
/// Any error of [`GraphQuery::check`]; [`Error::Storage`], [`Error::Corrupt`],
/// [`Error::NewerFormat`].
pub fn query(txn: &ReadTransaction, scope: &str, query: &GraphQuery) -> Result<GraphAnswer, Error> {
    query.check()?;
    let nodes = txn.open_table(NODES).db()?;
    let mut answer = GraphAnswer::default();
    start_set(txn, &nodes, scope, query, &mut answer)?;
    if let Some(traversal) = &query.traverse {
        walk(txn, &nodes, scope, traversal, &mut answer)?;
    }
    Ok(answer)
}

/// One page of `scope`'s nodes in id order, starting after the id `after` (G9). Pass the page's
/// [`next`](NodePage::next) as `after` to read the following page. Each node carries its label
/// and its class when it has one (G7).
///
/// # Errors
/// [`Error::OutOfRange`] for a `limit` outside 1 to [`MAX_LIMIT`]; [`Error::Storage`],
/// [`Error::Corrupt`], [`Error::NewerFormat`].
pub fn list_nodes(
    txn: &ReadTransaction,
    scope: &str,
    after: Option<&str>,
    limit: u32,
) -> Result<NodePage, Error> {
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Error::OutOfRange {
            field: "limit".to_owned(),
            value: limit.to_string(),
            min: 1,
            max: MAX_LIMIT.into(),
        });
    }
    let nodes = txn.open_table(NODES).db()?;
    let lower = match after {
        Some(after) => Bound::Excluded((scope, after)),
        None => Bound::Included((scope, "")),
    };
    let mut page = NodePage::default();
    for entry in nodes.range::<NodeKey<'_>>((lower, Bound::Unbounded)).db()? {
        let (key, value) = entry.db()?;
        let (s, id) = key.value();
        if s != scope {
            break;
        }
        if page.nodes.len() == limit as usize {
            page.next = page.nodes.last().map(|n| n.id.clone());
            break;
        }
        page.nodes.push(decode_node(value.value())?.to_node(id)?);
    }
    Ok(page)
}

fn node(nodes: &Nodes, scope: &str, id: &str) -> Result<Option<Node>, Error> {
    match nodes.get((scope, id)).db()? {
        Some(guard) => Ok(Some(decode_node(guard.value())?.to_node(id)?)),
        None => Ok(None),
    }
}

/// A node an index or an adjacency entry names, which must exist.
fn indexed_node(nodes: &Nodes, scope: &str, id: &str, via: &'static str) -> Result<Node, Error> {
    node(nodes, scope, id)?.ok_or_else(|| Error::Corrupt {
        table: via,
        detail: format!("an entry names node {id:?}, which graph.nodes does not hold"),
    })
}

/// The distinct values of the filters with `key`, sorted.
fn values(query: &GraphQuery, key: FilterKey) -> Vec<&str> {
    let mut v: Vec<&str> = query
        .start
        .filters
        .iter()
        .filter(|f| f.key == key)
        .map(|f| f.value.as_str())
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn start_set(
    txn: &ReadTransaction,
    nodes: &Nodes,
    scope: &str,
    query: &GraphQuery,
    answer: &mut GraphAnswer,
) -> Result<(), Error> {
    let limit = query.limit as usize;
    let ids = values(query, FilterKey::NodeId);
    let labels = values(query, FilterKey::Label);
    let classes = values(query, FilterKey::NodeType);
    let matches = |n: &Node, check_labels: bool, check_classes: bool| {
        (!check_labels || labels.contains(&n.label.as_str()))
            && (!check_classes || n.node_type.as_deref().is_some_and(|c| classes.contains(&c)))
    };

    // Up to limit + 1 matches in id order: the extra one only tells that the limit cut.
    let mut found: Vec<Node> = Vec::new();
    if !ids.is_empty() {
        for id in ids {
            if found.len() > limit {
                break;
            }
            if let Some(n) = node(nodes, scope, id)?
                && matches(&n, !labels.is_empty(), !classes.is_empty())
            {
                found.push(n);
            }
        }
    } else if !labels.is_empty() || !classes.is_empty() {
        let (index, by_label) = if labels.is_empty() {
            (txn.open_table(BY_CLASS).db()?, false)
        } else {
            (txn.open_table(BY_LABEL).db()?, true)
        };
        let name = if by_label {
            "graph.nodes_by_label"
        } else {
            "graph.nodes_by_class"
        };
        let driving = if by_label { &labels } else { &classes };
        for value in driving {
            let mut taken = 0;
            for entry in index.range((scope, *value, "")..).db()? {
                let (key, _) = entry.db()?;
                let (s, v, id) = key.value();
                if s != scope || v != *value || taken > limit {
                    break;
                }
                let n = indexed_node(nodes, scope, id, name)?;
                if matches(&n, false, by_label && !classes.is_empty()) {
                    found.push(n);
                    taken += 1;
                }
            }
        }
        // Each value's run is in id order and a node has one label and one class, so the runs
        // are disjoint: sorting them merges.
        found.sort_unstable_by(|a, b| a.id.cmp(&b.id));
    } else {
        for entry in nodes.range((scope, "")..).db()? {
            let (key, value) = entry.db()?;
            let (s, id) = key.value();
            if s != scope || found.len() > limit {
                break;
            }
            found.push(decode_node(value.value())?.to_node(id)?);
        }
    }
    if found.len() > limit {
        found.truncate(limit);
        answer.truncated = true;
    }
    answer.nodes = found;
    Ok(())
}

/// Breadth-first walk from the start set.
fn walk(
    txn: &ReadTransaction,
    nodes: &Nodes,
    scope: &str,
    traversal: &Traversal,
    answer: &mut GraphAnswer,
) -> Result<(), Error> {
    let out = txn.open_table(EDGES_OUT).db()?;
    let inward = match traversal.direction {
        Direction::Out => None,
        Direction::In | Direction::Both => Some(txn.open_table(EDGES_IN).db()?),
    };
    let mut seen: HashSet<String> = answer.nodes.iter().map(|n| n.id.clone()).collect();
    // Only a walk both ways can meet one edge twice (from each end).
    let mut followed: HashSet<(String, String, String)> = HashSet::new();
    let mut frontier: Vec<String> = answer.nodes.iter().map(|n| n.id.clone()).collect();
    let mut reached = 0usize;
    let ways: &[bool] = match traversal.direction {
        Direction::Out => &[true],
        Direction::In => &[false],
        Direction::Both => &[true, false],
    };
    // Sorted and distinct, so that a neighbour's edges come in key order and a type listed
    // twice is followed once.
    let mut relations: Vec<Option<&str>> = traversal
        .relation_types
        .iter()
        .map(|r| Some(r.as_str()))
        .collect();
    relations.sort_unstable();
    relations.dedup();
    if relations.is_empty() {
        relations.push(None);
    }

    for _ in 0..traversal.depth {
        let mut next = Vec::new();
        for from in &frontier {
            for &outward in ways {
                for relation in &relations {
                    // The walk's edges from `from` this way: (relation type, neighbour,
                    // properties when read from graph.edges_out).
                    let mut hop = Vec::new();
                    let mut push = |relation: &str, other: &str, value: Option<&[u8]>| {
                        hop.push((
                            relation.to_owned(),
                            other.to_owned(),
                            value.map(<[u8]>::to_vec),
                        ));
                    };
                    match (outward, &inward) {
                        (true, _) => adjacent(&out, scope, from, *relation, &mut push)?,
                        (false, Some(inward)) => {
                            adjacent(inward, scope, from, *relation, &mut push)?
                        }
                        (false, None) => {}
                    }
                    for (relation, other, value) in hop {
                        if !seen.contains(&other) {
                            if reached == traversal.limit as usize {
                                answer.truncated = true;
                                return Ok(());
                            }
                            let n = indexed_node(nodes, scope, &other, "graph.edges_out")?;
                            answer.nodes.push(n);
                            seen.insert(other.clone());
                            next.push(other.clone());
                            reached += 1;
                        }
                        let (source, target) = if outward {
                            (from.clone(), other)
                        } else {
                            (other, from.clone())
                        };
                        if traversal.direction == Direction::Both
                            && !followed.insert((source.clone(), relation.clone(), target.clone()))
                        {
                            continue;
                        }
                        let properties = match value {
                            Some(bytes) => decode_edge(&bytes)?,
                            None => edge_properties(&out, scope, &source, &relation, &target)?,
                        };
                        if answer.edges.len() == MAX_ANSWER_EDGES {
                            answer.truncated = true;
                            return Ok(());
                        }
                        answer.edges.push(Edge {
                            relation_type: relation,
                            source,
                            target,
                            properties,
                        });
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    Ok(())
}

/// Calls `f(relation, other, value)` for every adjacency entry of `from` in `table`, of
/// `relation` when given. `value` is the edge record for `graph.edges_out` and `None` for
/// `graph.edges_in`, whose values are empty.
fn adjacent<V: redb::Value + 'static>(
    table: &ReadOnlyTable<crate::store::EdgeKey<'static>, V>,
    scope: &str,
    from: &str,
    relation: Option<&str>,
    mut f: impl FnMut(&str, &str, Option<&[u8]>),
) -> Result<(), Error>
where
    for<'a> V::SelfType<'a>: AdjacencyValue,
{
    for entry in table
        .range((scope, from, relation.unwrap_or(""), "")..)
        .db()?
    {
        let (key, value) = entry.db()?;
        let (s, node, rel, other) = key.value();
        if s != scope || node != from || relation.is_some_and(|r| r != rel) {
            break;
        }
        f(rel, other, value.value().bytes());
    }
    Ok(())
}

/// The value of an adjacency table: an edge record, or nothing.
trait AdjacencyValue {
    fn bytes(&self) -> Option<&[u8]>;
}

impl AdjacencyValue for &[u8] {
    fn bytes(&self) -> Option<&[u8]> {
        Some(self)
    }
}

impl AdjacencyValue for () {
    fn bytes(&self) -> Option<&[u8]> {
        None
    }
}

fn edge_properties(
    out: &ReadOnlyTable<crate::store::EdgeKey<'static>, &'static [u8]>,
    scope: &str,
    source: &str,
    relation: &str,
    target: &str,
) -> Result<serde_json::Map<String, serde_json::Value>, Error> {
    match out.get((scope, source, relation, target)).db()? {
        Some(guard) => decode_edge(guard.value()),
        None => Err(Error::Corrupt {
            table: "graph.edges_in",
            detail: format!(
                "an entry names the edge {source:?} -[{relation}]-> {target:?}, which \
                 graph.edges_out does not hold"
            ),
        }),
    }
}
