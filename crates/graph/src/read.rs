//! Query execution and listings (G6, G7, G9). Every lookup is a point get or a range within one
//! scope's prefix of an index; nothing scans a scope.

use std::hash::{BuildHasher, BuildHasherDefault, Hasher};
use std::ops::Bound;

use hashbrown::HashTable;
use redb::{ReadOnlyTable, ReadTransaction};
use serde_json::{Map, Value};

use crate::cache::{self, Adjacent, MAX_CACHED_DEGREE, View};
use crate::check;
use kenning_table::DbResult;

use crate::error::Error;
use crate::model::{Edge, Node};
use crate::query::{
    Direction, FilterKey, GraphAnswer, GraphQuery, MAX_ANSWER_EDGES, MAX_LIMIT, NodePage, Traversal,
};
use crate::store::{
    BY_CLASS, BY_LABEL, EDGES_IN, EDGES_OUT, NODES, Prefix, decode_edge, decode_node, key, parts,
    under, write_key,
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
    run(txn, scope, query, None)
}

/// [`query`], reading through `cache` when it is given (see [`GraphCache`](crate::GraphCache)).
pub(crate) fn run(
    txn: &ReadTransaction,
    scope: &str,
    query: &GraphQuery,
    cache: Option<View<'_>>,
) -> Result<GraphAnswer, Error> {
    check::scope(scope)?;
    query.check()?;
    let mut source = Source {
        nodes: txn.open_table(NODES).db()?,
        keys: Keys::new(scope),
        cache,
    };
    let mut answer = GraphAnswer::default();
    start_set(txn, &mut source, query, &mut answer)?;
    if let Some(traversal) = &query.traverse {
        walk(txn, &mut source, traversal, &mut answer)?;
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
    check::range(|| "limit".to_owned(), limit.into(), 1, MAX_LIMIT)?;
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

/// The key buffers of one query: every key it looks up is written into one of these, so that a
/// lookup allocates nothing of its own.
struct Keys<'s> {
    scope: &'s str,
    point: Vec<u8>,
    prefix: Prefix,
}

impl<'s> Keys<'s> {
    fn new(scope: &'s str) -> Self {
        Self {
            scope,
            point: Vec::new(),
            prefix: Prefix::default(),
        }
    }

    /// The key scope·`parts`, as [`key`] writes it.
    fn point(&mut self, parts: &[&str]) -> &[u8] {
        write_key(&mut self.point, self.scope, parts);
        &self.point
    }

    /// The keys under scope·`parts`, as [`under`](crate::store::under) bounds them.
    fn under(&mut self, parts: &[&str]) -> std::ops::Range<&[u8]> {
        self.prefix.set(self.scope, parts);
        self.prefix.range()
    }
}

/// Where a query reads nodes from: the cache when it holds them, else the nodes table (filling
/// the cache).
struct Source<'s, 'c> {
    nodes: Table,
    keys: Keys<'s>,
    cache: Option<View<'c>>,
}

impl Source<'_, '_> {
    fn node(&mut self, id: &str) -> Result<Option<Node>, Error> {
        let scope = self.keys.scope;
        if let Some(record) = self.cache.as_mut().and_then(|c| c.node(scope, id)) {
            return Ok(Some(decode_node(&record)?.to_node(id)?));
        }
        let Some(guard) = self.nodes.get(self.keys.point(&[id])).db()? else {
            return Ok(None);
        };
        let record = guard.value();
        let node = decode_node(record)?.to_node(id)?;
        if let Some(cache) = &mut self.cache
            && cache.admit()
        {
            cache.put_node(scope, id, record);
        }
        Ok(Some(node))
    }

    /// A node an index or an adjacency entry names, which must exist.
    fn indexed_node(&mut self, id: &str, via: &'static str) -> Result<Node, Error> {
        self.node(id)?.ok_or_else(|| Error::Corrupt {
            table: via,
            detail: format!("an entry names node {id:?}, which graph.nodes does not hold"),
        })
    }
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

/// The text of a key's last part, the bytes after a prefix.
fn tail<'k>(table: &'static str, key: &'k [u8], prefix: usize) -> Result<&'k str, Error> {
    std::str::from_utf8(key.get(prefix..).unwrap_or_default()).map_err(|_| Error::Corrupt {
        table,
        detail: "a key of invalid UTF-8".to_owned(),
    })
}

fn start_set(
    txn: &ReadTransaction,
    source: &mut Source<'_, '_>,
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
            if let Some(n) = source.node(id)?
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
            let run = source.keys.under(&[value]);
            let skip = run.start.len();
            let mut taken = 0;
            for entry in index.range(run).db()? {
                if taken > limit {
                    break;
                }
                let (key, _) = entry.db()?;
                let id = tail(name, key.value(), skip)?;
                let n = source.indexed_node(id, name)?;
                if matches(&n, false, check_classes) {
                    found.push(n);
                    taken += 1;
                }
            }
        }
        // Each value's run is in id order and a node has one label and one class, so the runs
        // are disjoint: sorting them merges.
        if driving.len() > 1 {
            found.sort_unstable_by(|a, b| a.id.cmp(&b.id));
        }
    } else {
        let all = source.keys.under(&[]);
        let skip = all.start.len();
        for entry in source.nodes.range(all).db()? {
            if found.len() > limit {
                break;
            }
            let (key, value) = entry.db()?;
            let id = tail("graph.nodes", key.value(), skip)?;
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
///
/// Nodes are expanded in the order of `answer.nodes`, each completely (every way, every relation
/// type) before the next. So an edge met from node `at` was met before exactly when its other
/// end was expanded before: it sits before `at` in `answer.nodes`, or it is `at` itself (a
/// loop) met again walking in after walking out. Only a walk both ways can meet an edge twice,
/// and this position test keeps it once without remembering the edges followed.
///
/// A node's edges one way come from the cache when it holds that adjacency list, else from a
/// range of the adjacency table per relation type; a walk over every relation type reads the
/// whole list and caches it.
fn walk(
    txn: &ReadTransaction,
    source: &mut Source<'_, '_>,
    traversal: &Traversal,
    answer: &mut GraphAnswer,
) -> Result<(), Error> {
    let ways: Vec<Way> = match traversal.direction {
        Direction::Out => vec![Way::out(txn)?],
        Direction::In => vec![Way::inward(txn)?],
        Direction::Both => vec![Way::out(txn)?, Way::inward(txn)?],
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
    let mut index = NodeIndex::default();
    for at in 0..answer.nodes.len() {
        index.insert(&answer.nodes, at);
    }
    let mut walk = Walk {
        limit: answer.nodes.len() + traversal.limit as usize,
        both: traversal.direction == Direction::Both,
        index,
        answer,
    };
    let (mut lo, mut hi) = (0, walk.answer.nodes.len());
    let mut from = String::new();
    let scope = source.keys.scope;

    for _ in 0..traversal.depth {
        for at in lo..hi {
            from.clear();
            from.push_str(&walk.answer.nodes[at].id);
            for way in &ways {
                let cached = source
                    .cache
                    .as_mut()
                    .and_then(|c| c.adjacency(way.tag, scope, &from));
                let going = match cached {
                    Some(list) => walk.follow_list(source, way, at, &from, &list, &relations)?,
                    None => walk.follow_table(source, way, at, &from, &relations)?,
                };
                if !going {
                    return Ok(());
                }
            }
        }
        (lo, hi) = (hi, walk.answer.nodes.len());
        if lo == hi {
            break;
        }
    }
    Ok(())
}

/// One way a walk follows edges: out through `graph.edges_out`, or in through `graph.edges_in`.
struct Way {
    outward: bool,
    table: Table,
    name: &'static str,
    tag: u8,
}

impl Way {
    fn out(txn: &ReadTransaction) -> Result<Self, Error> {
        Ok(Self {
            outward: true,
            table: txn.open_table(EDGES_OUT).db()?,
            name: "graph.edges_out",
            tag: cache::OUT,
        })
    }

    fn inward(txn: &ReadTransaction) -> Result<Self, Error> {
        Ok(Self {
            outward: false,
            table: txn.open_table(EDGES_IN).db()?,
            name: "graph.edges_in",
            tag: cache::IN,
        })
    }
}

/// An edge a walk meets from node `at` (whose id is `from`), going `outward` or not.
struct Meet<'a> {
    at: usize,
    outward: bool,
    from: &'a str,
    relation: &'a str,
    other: &'a str,
    via: &'static str,
}

/// The state of a walk: the answer so far and where each of its nodes sits.
struct Walk<'a> {
    answer: &'a mut GraphAnswer,
    index: NodeIndex,
    /// The most nodes the answer may hold.
    limit: usize,
    both: bool,
}

impl Walk<'_> {
    /// Follows the edges of node `at` (id `from`) one way from its cached adjacency list,
    /// keeping the runs of the wanted relation types. `Ok(false)` when a limit cut the walk.
    fn follow_list(
        &mut self,
        source: &mut Source<'_, '_>,
        way: &Way,
        at: usize,
        from: &str,
        list: &[Adjacent],
        relations: &[Option<&str>],
    ) -> Result<bool, Error> {
        for relation in relations {
            // The list is in key order, relation type first: each type is one run of it.
            let run = match relation {
                None => list,
                Some(r) => {
                    let first = list.partition_point(|e| e.relation.as_str() < *r);
                    let rest = list.get(first..).unwrap_or_default();
                    rest.get(..rest.partition_point(|e| e.relation == *r))
                        .unwrap_or_default()
                }
            };
            for e in run {
                let meet = Meet {
                    at,
                    outward: way.outward,
                    from,
                    relation: &e.relation,
                    other: &e.other,
                    via: way.name,
                };
                if !self.meet(source, &meet, || Ok(e.properties.clone()))? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Follows the edges of node `at` (id `from`) one way from the adjacency table, one key
    /// range per relation type. A walk over every relation type reads the whole list, and
    /// caches it once read to its end when the cache admits it. `Ok(false)` when a limit cut the walk.
    fn follow_table(
        &mut self,
        source: &mut Source<'_, '_>,
        way: &Way,
        at: usize,
        from: &str,
        relations: &[Option<&str>],
    ) -> Result<bool, Error> {
        let mut filling = (relations == [None] && source.cache.as_mut().is_some_and(View::admit))
            .then(|| (Vec::new(), 0));
        for relation in relations {
            let range = match relation {
                Some(r) => source.keys.under(&[from, r]),
                None => source.keys.under(&[from]),
            };
            let skip = range.start.len();
            for entry in way.table.range(range).db()? {
                let (key, value) = entry.db()?;
                let (relation, other) = match relation {
                    Some(r) => (*r, tail(way.name, key.value(), skip)?),
                    None => {
                        let rest = key.value().get(skip..).unwrap_or_default();
                        let [relation, other] = parts::<2>(way.name, rest)?;
                        (relation, other)
                    }
                };
                let meet = Meet {
                    at,
                    outward: way.outward,
                    from,
                    relation,
                    other,
                    via: way.name,
                };
                let record = value.value();
                let going = match &mut filling {
                    Some((list, weight)) if list.len() < MAX_CACHED_DEGREE => {
                        let properties = decode_edge(record)?;
                        let going = self.meet(source, &meet, || Ok(properties.clone()))?;
                        let entry = Adjacent {
                            relation: relation.to_owned(),
                            other: other.to_owned(),
                            properties,
                        };
                        *weight = entry.weight().saturating_add(*weight);
                        list.push(entry);
                        going
                    }
                    _ => {
                        filling = None; // a hub: walked from the table every time
                        self.meet(source, &meet, || decode_edge(record))?
                    }
                };
                if !going {
                    return Ok(false);
                }
            }
        }
        if let (Some((list, weight)), Some(cache)) = (filling, &mut source.cache) {
            cache.put_adjacency(way.tag, source.keys.scope, from, list, weight);
        }
        Ok(true)
    }

    /// Adds the edge met, and its other end if the answer lacks it. `Ok(false)` when a limit cut
    /// the walk: the answer is then marked truncated.
    fn meet(
        &mut self,
        source: &mut Source<'_, '_>,
        edge: &Meet<'_>,
        properties: impl FnOnce() -> Result<Map<String, Value>, Error>,
    ) -> Result<bool, Error> {
        let nodes = &mut self.answer.nodes;
        let other_at = match self.index.find(nodes, edge.other) {
            Some(other_at) => other_at,
            None => {
                if nodes.len() == self.limit {
                    self.answer.truncated = true;
                    return Ok(false);
                }
                nodes.push(source.indexed_node(edge.other, edge.via)?);
                let other_at = nodes.len() - 1;
                self.index.insert(nodes, other_at);
                other_at
            }
        };
        if self.both && (other_at < edge.at || (other_at == edge.at && !edge.outward)) {
            return Ok(true); // met from its other end already
        }
        if self.answer.edges.len() == MAX_ANSWER_EDGES {
            self.answer.truncated = true;
            return Ok(false);
        }
        let (from, other) = (edge.from.to_owned(), edge.other.to_owned());
        let (source, target) = if edge.outward {
            (from, other)
        } else {
            (other, from)
        };
        self.answer.edges.push(Edge {
            relation_type: edge.relation.to_owned(),
            source,
            target,
            properties: properties()?,
        });
        Ok(true)
    }
}

/// The position of each node of the answer by id, borrowing the ids from the answer itself: a
/// table of indices into `answer.nodes`, hashed by the id they point at.
#[derive(Default)]
struct NodeIndex(HashTable<usize>);

impl NodeIndex {
    fn hash(id: &str) -> u64 {
        BuildHasherDefault::<FastHasher>::default().hash_one(id)
    }

    fn find(&self, nodes: &[Node], id: &str) -> Option<usize> {
        self.0
            .find(Self::hash(id), |&at| {
                nodes.get(at).is_some_and(|n| n.id == id)
            })
            .copied()
    }

    fn insert(&mut self, nodes: &[Node], at: usize) {
        if let Some(n) = nodes.get(at) {
            self.0.insert_unique(Self::hash(&n.id), at, |&at| {
                nodes.get(at).map_or(0, |n| Self::hash(&n.id))
            });
        }
    }
}

/// The hash of the walk's node index. The walk hashes every adjacency entry it reads, and
/// SipHash showed up as a tenth of a 2-hop query; this multiply-rotate hash (FxHash's) is a few
/// times cheaper. Its weakness to chosen keys is bounded here: the index never holds more than
/// twice [`MAX_LIMIT`] nodes.
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
