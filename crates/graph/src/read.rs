//! Query execution and listings (G6, G7, G9). Every lookup is a point get or a range within one
//! scope's prefix of an index; nothing scans a scope.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Bound;

use redb::{ReadOnlyTable, ReadTransaction};

use crate::check;
use crate::error::{DbResult, Error};
use crate::model::{Edge, Node};
use crate::query::{
    Direction, FilterKey, GraphAnswer, GraphQuery, MAX_ANSWER_EDGES, MAX_LIMIT, NodePage, Traversal,
};
use crate::store::{
    BY_CLASS, BY_LABEL, EDGES_IN, EDGES_OUT, NODES, decode_edge, decode_node, key, parts, under,
};

type Table = ReadOnlyTable<&'static [u8], &'static [u8]>;

/// Runs `query` over `scope` on the snapshot `txn` (G6).
///
/// The start set comes from the most selective index the filters allow: node ids are point
/// lookups; otherwise the label index, then the class index, each read as one key range per
/// value. Values of the other keys are checked on the nodes found. See [`GraphQuery`] for the
/// semantics and [`GraphAnswer`] for the order of the answer.
///
/// # Errors
/// Any error of [`GraphQuery::check`], an invalid `scope`; [`Error::Storage`],
/// [`Error::Corrupt`], [`Error::NewerFormat`].
pub fn query(txn: &ReadTransaction, scope: &str, query: &GraphQuery) -> Result<GraphAnswer, Error> {
    check::scope(scope)?;
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
/// [`Error::OutOfRange`] for a `limit` outside 1 to [`MAX_LIMIT`], an invalid `scope`;
/// [`Error::Storage`], [`Error::Corrupt`], [`Error::NewerFormat`].
pub fn list_nodes(
    txn: &ReadTransaction,
    scope: &str,
    after: Option<&str>,
    limit: u32,
) -> Result<NodePage, Error> {
    check::scope(scope)?;
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Error::OutOfRange {
            field: "limit".to_owned(),
            value: limit.to_string(),
            min: 1,
            max: MAX_LIMIT.into(),
        });
    }
    let nodes = txn.open_table(NODES).db()?;
    let all = under(&[scope]);
    let after = after.map(|a| key(&[scope, a]));
    let lower = match &after {
        Some(after) => Bound::Excluded(after.as_slice()),
        None => Bound::Included(all.lower.as_slice()),
    };
    let mut page = NodePage::default();
    for entry in nodes
        .range::<&[u8]>((lower, Bound::Excluded(all.upper.as_slice())))
        .db()?
    {
        let (key, value) = entry.db()?;
        let [_, id] = parts::<2>("graph.nodes", key.value())?;
        if page.nodes.len() == limit as usize {
            page.next = page.nodes.last().map(|n| n.id.clone());
            break;
        }
        page.nodes.push(decode_node(value.value())?.to_node(id)?);
    }
    Ok(page)
}

fn node(nodes: &Table, scope: &str, id: &str) -> Result<Option<Node>, Error> {
    match nodes.get(key(&[scope, id]).as_slice()).db()? {
        Some(guard) => Ok(Some(decode_node(guard.value())?.to_node(id)?)),
        None => Ok(None),
    }
}

/// A node an index or an adjacency entry names, which must exist.
fn indexed_node(nodes: &Table, scope: &str, id: &str, via: &'static str) -> Result<Node, Error> {
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
    nodes: &Table,
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
        let (name, driving, table) = if labels.is_empty() {
            ("graph.nodes_by_class", &classes, BY_CLASS)
        } else {
            ("graph.nodes_by_label", &labels, BY_LABEL)
        };
        let index = txn.open_table(table).db()?;
        let check_classes = !labels.is_empty() && !classes.is_empty();
        for value in driving {
            let mut taken = 0;
            for entry in index.range(under(&[scope, value]).range()).db()? {
                if taken > limit {
                    break;
                }
                let (key, _) = entry.db()?;
                let [_, _, id] = parts::<3>(name, key.value())?;
                let n = indexed_node(nodes, scope, id, name)?;
                if matches(&n, false, check_classes) {
                    found.push(n);
                    taken += 1;
                }
            }
        }
        // Each value's run is in id order and a node has one label and one class, so the runs
        // are disjoint: sorting them merges.
        found.sort_unstable_by(|a, b| a.id.cmp(&b.id));
    } else {
        for entry in nodes.range(under(&[scope]).range()).db()? {
            if found.len() > limit {
                break;
            }
            let (key, value) = entry.db()?;
            let [_, id] = parts::<2>("graph.nodes", key.value())?;
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

/// Breadth-first walk from the start set. The nodes of each level are contiguous in
/// `answer.nodes`, so a level's frontier is a range of it.
fn walk(
    txn: &ReadTransaction,
    nodes: &Table,
    scope: &str,
    traversal: &Traversal,
    answer: &mut GraphAnswer,
) -> Result<(), Error> {
    let ways: Vec<(bool, Table, &'static str)> = match traversal.direction {
        Direction::Out => vec![(true, txn.open_table(EDGES_OUT).db()?, "graph.edges_out")],
        Direction::In => vec![(false, txn.open_table(EDGES_IN).db()?, "graph.edges_in")],
        Direction::Both => vec![
            (true, txn.open_table(EDGES_OUT).db()?, "graph.edges_out"),
            (false, txn.open_table(EDGES_IN).db()?, "graph.edges_in"),
        ],
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
    let mut seen: FastSet<String> = answer.nodes.iter().map(|n| n.id.clone()).collect();
    // Only a walk both ways can meet one edge twice (from each end).
    let mut followed: FastSet<(String, String, String)> = FastSet::default();
    let limit = answer.nodes.len() + traversal.limit as usize;
    let (mut lo, mut hi) = (0, answer.nodes.len());

    for _ in 0..traversal.depth {
        for at in lo..hi {
            let from = answer.nodes[at].id.clone();
            for (outward, table, name) in &ways {
                for relation in &relations {
                    let prefix = match relation {
                        Some(r) => under(&[scope, &from, r]),
                        None => under(&[scope, &from]),
                    };
                    let skip = prefix.lower.len();
                    for entry in table.range(prefix.range()).db()? {
                        let (key, value) = entry.db()?;
                        let rest = key.value().get(skip..).unwrap_or_default();
                        let (relation, other) = match relation {
                            Some(r) => (*r, std::str::from_utf8(rest).ok()),
                            None => match parts::<2>(name, rest)? {
                                [rel, other] => (rel, Some(other)),
                            },
                        };
                        let other = other.ok_or_else(|| Error::Corrupt {
                            table: name,
                            detail: "a key of invalid UTF-8".to_owned(),
                        })?;
                        if !seen.contains(other) {
                            if answer.nodes.len() == limit {
                                answer.truncated = true;
                                return Ok(());
                            }
                            answer.nodes.push(indexed_node(nodes, scope, other, name)?);
                            seen.insert(other.to_owned());
                        }
                        let (source, target) = if *outward {
                            (from.as_str(), other)
                        } else {
                            (other, from.as_str())
                        };
                        if traversal.direction == Direction::Both
                            && !followed.insert((
                                source.to_owned(),
                                relation.to_owned(),
                                target.to_owned(),
                            ))
                        {
                            continue;
                        }
                        if answer.edges.len() == MAX_ANSWER_EDGES {
                            answer.truncated = true;
                            return Ok(());
                        }
                        answer.edges.push(Edge {
                            relation_type: relation.to_owned(),
                            source: source.to_owned(),
                            target: target.to_owned(),
                            properties: decode_edge(value.value())?,
                        });
                    }
                }
            }
        }
        (lo, hi) = (hi, answer.nodes.len());
        if lo == hi {
            break;
        }
    }
    Ok(())
}

/// A hash set for the walk's bookkeeping. The walk hashes every adjacency entry it reads, and
/// SipHash showed up as a tenth of a 2-hop query; this multiply-rotate hash (FxHash's) is a few
/// times cheaper. Its weakness to chosen keys is bounded here: a set never holds more than
/// [`MAX_LIMIT`] nodes or [`MAX_ANSWER_EDGES`] edges.
type FastSet<T> = HashSet<T, BuildHasherDefault<FastHasher>>;

#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.mix(n.into());
    }

    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl FastHasher {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
