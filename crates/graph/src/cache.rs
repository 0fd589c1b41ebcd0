//! The cache of graph records, shared by every query of one store: see [`GraphCache`].

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, PoisonError, RwLock};

use quick_cache::{Weighter, sync::Cache};
use redb::ReadTransaction;
use serde_json::{Map, Value};

use crate::error::Error;
use crate::query::{GraphAnswer, GraphQuery};
use crate::store::SEP;

/// The tag of a cache key naming a node record.
pub(crate) const NODE: u8 = b'n';
/// The tag of a cache key naming a node's outgoing edges.
pub(crate) const OUT: u8 = b'o';
/// The tag of a cache key naming a node's incoming edges.
pub(crate) const IN: u8 = b'i';

/// Bytes counted for every cached entry besides its key's and its record's allocations: the
/// entry in quick_cache's shard (key pointer, value, bookkeeping) and its hash table slot.
const ENTRY_OVERHEAD: usize = 48 + std::mem::size_of::<Cached>();

/// A store's cache of node records and decoded adjacency lists, in front of the tables.
///
/// A graph query reads every node it returns and every adjacency list it follows. Reading one
/// from redb is a B-tree descent and a decode (the record, its JSON properties); this cache keeps
/// node records as stored (decoded again on each read, which costs far less than the descent,
/// in a fifth of a decoded node's memory) and adjacency lists decoded, so that a query over a
/// hot part of the graph reads memory instead. Only
/// [`GraphCache::query`] uses it; writes, listings and lookups read the tables.
///
/// # Never a stale answer
///
/// The cache's owner numbers the committed states of its store: a **generation** that moves on
/// with every commit that changes the graph (it may move on for other commits too), stored in the
/// same transaction, so that every read transaction knows the generation it sees. The owner
/// passes that number to [`query`](Self::query), and tells [`committed`](Self::committed) of
/// every commit that moved it on, in commit order, once `commit()` returned `Ok`, with the
/// [`Changes`] the transaction's writes recorded.
///
/// - The cache's entries are records of the newest generation it was told of, `G`. Each entry
///   also remembers the generation it was read at, `since`: the record is unchanged from `since`
///   through `G`, because `committed` drops every entry a commit changed.
/// - A query at generation `S ≤ G` uses an entry only when `since ≤ S`, and reads the tables for
///   the rest. A query at `S > G` (a commit the cache has not been told of yet) reads the tables
///   alone. So an old snapshot and a new one can run side by side, each answered exactly as
///   [`query`](crate::query) would answer it.
/// - Only a query at `S = G` adds entries, and the check and the insert happen under a short
///   read lock that `committed` takes for writing: `committed` never waits for a query to
///   finish, only for an insert in progress, and a query never waits for a writer.
/// - A hand-over out of order or with a gap (a commit it was not told of) empties the cache
///   and starts it at the generation given; [`restart`](Self::restart) does the same for an
///   owner that lost track (a commit whose outcome it does not know).
///
/// # Bounds
///
/// Entries are weighed in bytes (their allocations as a glibc-like malloc sizes them, and the
/// cache's own slot) and evicted by
/// S3-FIFO ([quick_cache]) past the budget given to [`new`](Self::new). An adjacency list is
/// cached only when a walk reads it whole, all relation types, and holds at most
/// [`MAX_CACHED_DEGREE`] edges: a hub is walked from the tables.
///
/// # Admission
///
/// While the cache has room, every record a query reads from the tables is cached. Once it is
/// full, a record read from the tables is cached only one time in [`ADMIT_ONE_IN`] (at random),
/// so that caching it evicts another. A working set larger than the budget (queries from
/// starts spread over a big graph) would otherwise make every miss pay a copy into the cache
/// and an eviction, and cycle the cache's whole content through before anything was read
/// twice, so that it hit almost never and made queries slower than reading the tables alone.
/// Admitting a sample keeps what is cached long enough to be read again (the cache then holds a
/// steady share of the working set and hits in proportion), skips the copy for the rest, and
/// still lets a new hot set in: a record missed `k` times is cached with probability
/// `1 - (1 - 1/ADMIT_ONE_IN)^k`. Admission never changes an answer, only where it is read from.
pub struct GraphCache {
    /// The generation the entries are records of; `None` until the owner starts it (the cache
    /// is then empty and serves nothing).
    generation: RwLock<Option<u64>>,
    /// `None` when the budget is 0: the cache is off.
    entries: Option<Cache<Box<[u8]>, Cached, ByWeight>>,
    /// The budget in bytes.
    budget: u64,
    /// Whether the entries weighed near the budget when last weighed: every [`REWEIGH`]
    /// queries, and after every clear (not full).
    full: AtomicBool,
    /// The queries begun: seeds each query's admission sample and times the weighing.
    queries: AtomicU64,
    /// What the cache did, for the tests.
    #[cfg(test)]
    stats: Stats,
}

/// Counts of what the cache did, for the tests of its behaviour.
#[cfg(test)]
#[derive(Debug, Default)]
struct Stats {
    /// Records read from the cache.
    hits: AtomicU64,
    /// Records looked up and not found (then read from the tables).
    misses: AtomicU64,
    /// Records put into the cache.
    fills: AtomicU64,
}

/// Once the cache is full, one record read from the tables in this many is cached.
pub const ADMIT_ONE_IN: u64 = 16;

/// Every this many queries, the entries are weighed again to tell whether the cache is full.
const REWEIGH: u64 = 32;

/// The most edges one cached adjacency list holds.
pub const MAX_CACHED_DEGREE: usize = 4096;

impl GraphCache {
    /// The budget [`Kenning`](https://docs.rs/kenning) gives its stores by default: 32 MiB.
    pub const DEFAULT_BYTES: usize = 32 << 20;

    /// A cache holding at most about `bytes` of records; 0 turns it off. It serves
    /// nothing until [`restart`](Self::restart) or [`committed`](Self::committed) gives it the
    /// store's generation.
    #[must_use]
    pub fn new(bytes: usize) -> Self {
        let entries = (bytes > 0).then(|| {
            let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
            // An entry weighs a few hundred bytes: a node, or a short adjacency list.
            let items = usize::try_from(bytes / 512).unwrap_or(usize::MAX).max(16);
            Cache::with_weighter(items, bytes, ByWeight)
        });
        Self {
            generation: RwLock::new(None),
            entries,
            budget: u64::try_from(bytes).unwrap_or(u64::MAX),
            full: AtomicBool::new(false),
            queries: AtomicU64::new(0),
            #[cfg(test)]
            stats: Stats::default(),
        }
    }

    /// Runs `query` over `scope` on the snapshot `txn`, which sees generation `generation`,
    /// reading through the cache: the same answer as [`query`](crate::query), from memory where
    /// the cache holds records valid at that generation.
    ///
    /// # Errors
    /// As [`query`](crate::query).
    pub fn query(
        &self,
        txn: &ReadTransaction,
        generation: u64,
        scope: &str,
        query: &GraphQuery,
    ) -> Result<GraphAnswer, Error> {
        crate::read::run(txn, scope, query, self.view(generation))
    }

    /// Tells the cache that the transaction whose `changes` these are has committed, moving the
    /// store to `generation`. Call it once `commit()` returned `Ok`, never for an aborted
    /// transaction, for every commit that moved the generation on (with empty changes when the
    /// commit changed nothing in the graph). See the type docs.
    pub fn committed(&self, changes: Changes, generation: u64) {
        let Some(entries) = &self.entries else {
            return;
        };
        let mut at = self
            .generation
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        match *at {
            Some(g) if g.checked_add(1) == Some(generation) => {
                for key in &changes.touched {
                    entries.remove(&**key);
                }
            }
            // Told late of a commit the cache has moved past: every entry is of a later state.
            Some(g) if generation <= g => return,
            // Behind by a commit it was not told of, or never started: start over.
            _ => {
                entries.clear();
                self.full.store(false, Relaxed);
            }
        }
        *at = Some(generation);
    }

    /// Empties the cache and starts it at `generation`: for an owner opening a store, or one
    /// that does not know whether a commit went through.
    pub fn restart(&self, generation: u64) {
        let mut at = self
            .generation
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(entries) = &self.entries {
            entries.clear();
            self.full.store(false, Relaxed);
        }
        *at = Some(generation);
    }

    /// How many records the cache holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.as_ref().map_or(0, Cache::len)
    }

    /// Whether the cache holds no record.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes the records are weighed at, at most about the budget.
    #[must_use]
    pub fn weight(&self) -> u64 {
        self.entries.as_ref().map_or(0, Cache::weight)
    }

    fn at(&self) -> Option<u64> {
        *self
            .generation
            .read()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The cache as a query at `generation` may use it, or `None` when it must read the tables
    /// alone.
    fn view(&self, generation: u64) -> Option<View<'_>> {
        let entries = self.entries.as_ref()?;
        if self.at().is_none_or(|at| generation > at) {
            return None;
        }
        let query = self.queries.fetch_add(1, Relaxed);
        if query.is_multiple_of(REWEIGH) {
            // Full: within a sixteenth of the budget, where an insert is likely to evict.
            let full = entries.weight() >= self.budget - self.budget / 16;
            self.full.store(full, Relaxed);
        }
        Some(View {
            cache: self,
            entries,
            snapshot: generation,
            key: Vec::new(),
            sample: mix(query) | 1, // xorshift never leaves 0
        })
    }
}

impl Default for GraphCache {
    fn default() -> Self {
        Self::new(Self::DEFAULT_BYTES)
    }
}

impl std::fmt::Debug for GraphCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GraphCache")
            .field("generation", &self.at())
            .field("len", &self.len())
            .field("weight", &self.weight())
            .finish()
    }
}

/// What one write transaction changed in the graph, for [`GraphCache::committed`] once it has
/// committed.
///
/// Create one per write transaction and pass it to every [`write`](crate::write) and
/// [`delete`](crate::delete) of that transaction.
#[derive(Debug, Default)]
#[must_use = "hand the changes to GraphCache::committed once the transaction commits"]
pub struct Changes {
    /// The cache keys of every record the transaction changed.
    touched: Vec<Box<[u8]>>,
}

impl Changes {
    /// No change yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the transaction changed nothing in the graph.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.touched.is_empty()
    }

    /// Records that the entry `tag` of node `id` in `scope` changed.
    pub(crate) fn touch(&mut self, tag: u8, scope: &str, id: &str) {
        let mut key = Vec::new();
        cache_key(&mut key, tag, scope, id);
        self.touched.push(key.into_boxed_slice());
    }
}

/// Writes the cache key of entry `tag` of node `id` in `scope` into `out`.
fn cache_key(out: &mut Vec<u8>, tag: u8, scope: &str, id: &str) {
    out.clear();
    out.push(tag);
    out.extend_from_slice(scope.as_bytes());
    out.push(SEP);
    out.extend_from_slice(id.as_bytes());
}

/// A cached record, what it weighs, and the generation it was read at.
#[derive(Clone)]
pub(crate) struct Cached {
    weight: u64,
    since: u64,
    record: Record,
}

#[derive(Clone)]
enum Record {
    /// A node record as the nodes table stores it (label, class, JSON properties): a fifth of
    /// the decoded node's memory, whose `Map` alone takes a B-tree leaf of 650 bytes, so that
    /// the budget holds five times the nodes. A read decodes it as a table read does, without
    /// the B-tree descent.
    Node(Arc<[u8]>),
    Adjacency(Arc<[Adjacent]>),
}

/// One edge of a cached adjacency list, seen from the node the list belongs to.
pub(crate) struct Adjacent {
    pub(crate) relation: String,
    pub(crate) other: String,
    pub(crate) properties: Map<String, Value>,
}

impl Adjacent {
    /// The memory the entry takes in its list: its slot and its allocations.
    pub(crate) fn weight(&self) -> usize {
        std::mem::size_of::<Self>()
            + chunk(self.relation.len())
            + chunk(self.other.len())
            + map_heap(&self.properties)
    }
}

/// The bytes an allocation of `bytes` takes from a malloc like glibc's: 16 bytes of header,
/// rounded up to 16, at least 32. Nothing for an empty `String` or `Vec`, which allocates none.
fn chunk(bytes: usize) -> usize {
    if bytes == 0 {
        0
    } else {
        bytes.saturating_add(16).next_multiple_of(16).max(32)
    }
}

/// The heap a decoded JSON object holds: serde_json's `Map` is a `BTreeMap`, one leaf of eleven
/// key and value slots per eleven entries (inner nodes are counted as leaves), plus what its keys
/// and values allocate. Weighing a node by its JSON text instead would undercount a small object
/// several times over: one property costs a whole leaf.
fn map_heap(map: &Map<String, Value>) -> usize {
    const LEAF: usize = 11 * (std::mem::size_of::<String>() + std::mem::size_of::<Value>()) + 16;
    if map.is_empty() {
        return 0;
    }
    let entries: usize = map
        .iter()
        .map(|(key, value)| chunk(key.len()).saturating_add(value_heap(value)))
        .fold(0, usize::saturating_add);
    (map.len().div_ceil(11) * chunk(LEAF)).saturating_add(entries)
}

/// The heap a decoded JSON value holds beyond its own slot. Property documents are bounded in
/// size and nesting by the parser, so the recursion is too.
fn value_heap(value: &Value) -> usize {
    match value {
        Value::String(s) => chunk(s.len()),
        Value::Array(items) => items.iter().map(value_heap).fold(
            chunk(items.len() * std::mem::size_of::<Value>()),
            usize::saturating_add,
        ),
        Value::Object(map) => map_heap(map),
        Value::Null | Value::Bool(_) | Value::Number(_) => 0,
    }
}

#[derive(Clone)]
struct ByWeight;

impl Weighter<Box<[u8]>, Cached> for ByWeight {
    fn weight(&self, _: &Box<[u8]>, cached: &Cached) -> u64 {
        cached.weight
    }
}

/// SplitMix64's finaliser: spreads consecutive numbers over the whole range.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The cache as one query at generation `snapshot` uses it.
pub(crate) struct View<'c> {
    cache: &'c GraphCache,
    entries: &'c Cache<Box<[u8]>, Cached, ByWeight>,
    snapshot: u64,
    key: Vec<u8>,
    /// The state of the query's admission sample (xorshift).
    sample: u64,
}

impl View<'_> {
    /// The entry, if the cache holds one valid at the snapshot's generation.
    fn get(&mut self, tag: u8, scope: &str, id: &str) -> Option<Record> {
        cache_key(&mut self.key, tag, scope, id);
        let found = self
            .entries
            .get(self.key.as_slice())
            .filter(|c| c.since <= self.snapshot)
            .map(|c| c.record);
        #[cfg(test)]
        match found {
            Some(_) => &self.cache.stats.hits,
            None => &self.cache.stats.misses,
        }
        .fetch_add(1, Relaxed);
        found
    }

    /// Whether to cache the record just read from the tables (see "Admission" on
    /// [`GraphCache`]): always while the cache has room, one time in [`ADMIT_ONE_IN`] once it is
    /// full. Asked before the record is copied, so that a record not admitted costs nothing.
    pub(crate) fn admit(&mut self) -> bool {
        if !self.cache.full.load(Relaxed) {
            return true;
        }
        self.sample ^= self.sample << 13;
        self.sample ^= self.sample >> 7;
        self.sample ^= self.sample << 17;
        self.sample.is_multiple_of(ADMIT_ONE_IN)
    }

    /// Caches `record`, whose allocations take `weight` bytes, if the snapshot is of the
    /// cache's generation: checked under the lock [`GraphCache::committed`] takes, so that no
    /// commit can slip in between.
    fn put(&mut self, tag: u8, scope: &str, id: &str, weight: usize, record: Record) {
        let at = self
            .cache
            .generation
            .read()
            .unwrap_or_else(PoisonError::into_inner);
        if *at != Some(self.snapshot) {
            return;
        }
        cache_key(&mut self.key, tag, scope, id);
        let weight = weight.saturating_add(chunk(self.key.len()) + ENTRY_OVERHEAD);
        let weight = u64::try_from(weight).unwrap_or(u64::MAX);
        self.entries.insert(
            self.key.as_slice().into(),
            Cached {
                weight,
                since: self.snapshot,
                record,
            },
        );
        #[cfg(test)]
        self.cache.stats.fills.fetch_add(1, Relaxed);
        drop(at);
    }

    /// The record of node `id` of `scope` (as the nodes table stores it), if the cache holds it.
    pub(crate) fn node(&mut self, scope: &str, id: &str) -> Option<Arc<[u8]>> {
        match self.get(NODE, scope, id)? {
            Record::Node(record) => Some(record),
            Record::Adjacency(_) => None,
        }
    }

    /// Caches the record of node `id` of `scope`, as the nodes table stores it.
    pub(crate) fn put_node(&mut self, scope: &str, id: &str, record: &[u8]) {
        // One allocation: the two counters of the `Arc`, then the bytes.
        let weight = chunk(16 + record.len());
        self.put(NODE, scope, id, weight, Record::Node(record.into()));
    }

    /// The adjacency list `tag` ([`OUT`] or [`IN`]) of node `id`, if the cache holds it: every
    /// edge, in the order of the adjacency table's keys (relation type, then other end).
    pub(crate) fn adjacency(&mut self, tag: u8, scope: &str, id: &str) -> Option<Arc<[Adjacent]>> {
        match self.get(tag, scope, id)? {
            Record::Adjacency(list) => Some(list),
            Record::Node(_) => None,
        }
    }

    /// Caches the whole adjacency list `tag` of node `id`; `weight` is the sum of its entries'
    /// [`Adjacent::weight`].
    pub(crate) fn put_adjacency(
        &mut self,
        tag: u8,
        scope: &str,
        id: &str,
        list: Vec<Adjacent>,
        weight: usize,
    ) {
        // The entries move into one `Arc<[Adjacent]>` allocation (two counters, then the slots).
        let weight = weight
            .saturating_sub(list.len() * std::mem::size_of::<Adjacent>())
            .saturating_add(chunk(16 + list.len() * std::mem::size_of::<Adjacent>()));
        self.put(tag, scope, id, weight, Record::Adjacency(list.into()));
    }
}

#[cfg(test)]
mod tests {
    use redb::ReadableDatabase;

    use super::*;
    use crate::model::{Edge, GraphCommit, Node};
    use crate::query::{Direction, FilterKey, Traversal};

    fn commit(db: &redb::Database, commit: &GraphCommit) -> Changes {
        let txn = db.begin_write().unwrap();
        let mut changes = Changes::new();
        crate::write(&txn, &mut changes, "s", &commit.check().unwrap()).unwrap();
        txn.commit().unwrap();
        changes
    }

    fn around(id: &str) -> GraphQuery {
        GraphQuery::new().filter(FilterKey::NodeId, id).traverse(
            Traversal::new()
                .direction(Direction::Both)
                .limit(crate::MAX_LIMIT),
        )
    }

    #[test]
    fn a_decoded_property_weighs_at_least_the_map_leaf_it_takes() {
        let bare = Node::new("a", "A");
        let one = Node::new("a", "A").with_property("n", 1);
        let weight = |n: &Node| map_heap(&n.properties);
        assert_eq!(weight(&bare), 0);
        assert!(weight(&one) > 11 * 56, "{}", weight(&one));
        let nested = Node::new("a", "A").with_property("x", serde_json::json!({"y": ["z"]}));
        assert!(weight(&nested) > 2 * weight(&one));
        assert_eq!((chunk(0), chunk(1), chunk(16), chunk(17)), (0, 32, 32, 48));
    }

    #[test]
    fn the_cache_holds_no_more_than_its_budget() {
        let db = crate::test_db();
        let mut hub = GraphCommit::new().node(Node::new("hub", "Hub"));
        for i in 0..1000 {
            hub = hub
                .node(Node::new(format!("n{i}"), format!("Node {i}")).with_property("i", i))
                .edge(Edge::new("hub", "HAS", format!("n{i}")));
        }
        drop(commit(&db, &hub));
        let budget = 64 * 1024;
        let cache = GraphCache::new(budget);
        cache.restart(1);
        let txn = db.begin_read().unwrap();
        let answer = cache.query(&txn, 1, "s", &around("hub")).unwrap();
        assert_eq!(answer, crate::query(&txn, "s", &around("hub")).unwrap());
        assert!(!cache.is_empty());
        assert!(cache.weight() <= budget as u64, "{cache:?}");
        assert!(cache.len() < 1000, "{cache:?}");
    }

    /// A working set several times the budget, walked from starts spread over it, pass after
    /// pass: every answer is the tables' answer; once the cache is full it caches only a sample
    /// of what it misses (not a copy per miss), and what it keeps stays long enough to be read
    /// again, so that a steady share of the lookups hit. Caching every miss instead cycles the
    /// whole cache through between two reads of a record, and hits almost never.
    #[test]
    fn a_working_set_larger_than_the_budget_is_sampled_in_and_read_again() {
        const N: usize = 2000;
        let db = crate::test_db();
        let mut ring = GraphCommit::new();
        for i in 0..N {
            ring = ring
                .node(Node::new(format!("n{i}"), format!("Node {i}")).with_property("i", i))
                .edge(Edge::new(
                    format!("n{i}"),
                    "NEXT",
                    format!("n{}", (i + 1) % N),
                ));
        }
        drop(commit(&db, &ring));
        // About a third of the working set: the node records weigh about 0.4 MB, the adjacency
        // lists about 1.2 MB.
        let budget = 512 * 1024;
        let cache = GraphCache::new(budget);
        cache.restart(1);
        let txn = db.begin_read().unwrap();
        let starts: Vec<String> = (0..N).map(|i| format!("n{}", i * 97 % N)).collect();
        let stats = || {
            let s = &cache.stats;
            [&s.hits, &s.misses, &s.fills].map(|c| c.load(Relaxed))
        };
        let mut last = [0; 3];
        for pass in 0..6 {
            let before = stats();
            for start in &starts {
                let q = around(start);
                let answer = cache.query(&txn, 1, "s", &q).unwrap();
                assert_eq!(answer, crate::query(&txn, "s", &q).unwrap(), "{start}");
            }
            assert!(cache.weight() <= budget as u64, "{cache:?}");
            let after = stats();
            last = [0, 1, 2].map(|k| after[k] - before[k]);
            if pass == 0 {
                assert!(cache.full.load(Relaxed), "the first pass fills the cache");
            }
        }
        let [hits, misses, fills] = last;
        eprintln!("last pass: {hits} hits, {misses} misses, {fills} fills; {cache:?}");
        assert!(hits * 5 > hits + misses, "hits {hits}, misses {misses}");
        assert!(fills * 4 < misses, "fills {fills}, misses {misses}");
        // Once the working set fits again (a commit that empties it, then one hot start), every
        // record a query misses is cached and the next query reads memory only.
        cache.restart(1);
        let q = around("n7");
        cache.query(&txn, 1, "s", &q).unwrap();
        let before = stats();
        assert_eq!(
            cache.query(&txn, 1, "s", &q).unwrap(),
            crate::query(&txn, "s", &q).unwrap()
        );
        let after = stats();
        assert_eq!(
            after[1], before[1],
            "no miss on the second query: {after:?}"
        );
        assert!(after[0] > before[0]);
    }

    #[test]
    fn changes_handed_over_out_of_order_empty_the_cache_and_it_moves_on() {
        let db = crate::test_db();
        let ab = GraphCommit::new()
            .node(Node::new("a", "A"))
            .node(Node::new("b", "B"))
            .edge(Edge::new("a", "KNOWS", "b"));
        drop(commit(&db, &ab));
        let cache = GraphCache::default();
        cache.restart(1);
        cache
            .query(&db.begin_read().unwrap(), 1, "s", &around("a"))
            .unwrap();
        assert!(!cache.is_empty());
        let first = commit(&db, &GraphCommit::new().node(Node::new("a", "A2")));
        let second = commit(&db, &GraphCommit::new().node(Node::new("b", "B2")));
        cache.committed(second, 3);
        assert!(
            cache.is_empty(),
            "told of the second commit first: {cache:?}"
        );
        cache.committed(first, 2);
        let txn = db.begin_read().unwrap();
        let answer = cache.query(&txn, 3, "s", &around("a")).unwrap();
        let labels: Vec<&str> = answer.nodes.iter().map(|n| n.label.as_str()).collect();
        assert_eq!(labels, ["A2", "B2"]);
        assert!(!cache.is_empty(), "the cache serves the newest state again");
        // A commit that changes nothing in the graph moves the generation on and drops nothing.
        let same = commit(&db, &GraphCommit::new().node(Node::new("a", "A2")));
        assert!(same.is_empty());
        let held = cache.len();
        cache.committed(same, 4);
        assert_eq!(cache.len(), held);
        assert_eq!(cache.query(&txn, 4, "s", &around("a")).unwrap(), answer);
    }

    #[test]
    fn an_old_snapshot_never_reads_an_entry_of_a_later_state() {
        let db = crate::test_db();
        drop(commit(
            &db,
            &GraphCommit::new()
                .node(Node::new("a", "A"))
                .node(Node::new("b", "B"))
                .edge(Edge::new("a", "KNOWS", "b")),
        ));
        let cache = GraphCache::default();
        cache.restart(1);
        let old = db.begin_read().unwrap();
        let old_answer = crate::query(&old, "s", &around("a")).unwrap();
        let changes = commit(&db, &GraphCommit::new().node(Node::new("b", "B2")));
        cache.committed(changes, 2);
        // A new snapshot fills the cache with b's new record...
        let new = db.begin_read().unwrap();
        let new_answer = cache.query(&new, 2, "s", &around("a")).unwrap();
        assert_ne!(new_answer, old_answer);
        assert!(!cache.is_empty());
        // ...which the old snapshot must not read, while it still reads a's, unchanged since.
        assert_eq!(cache.query(&old, 1, "s", &around("a")).unwrap(), old_answer);
        // A snapshot of a commit the cache was not told of reads the tables alone.
        let changes = commit(&db, &GraphCommit::new().node(Node::new("a", "A3")));
        let newest = db.begin_read().unwrap();
        let want = crate::query(&newest, "s", &around("a")).unwrap();
        let held = cache.len();
        assert_eq!(cache.query(&newest, 3, "s", &around("a")).unwrap(), want);
        assert_eq!(
            cache.len(),
            held,
            "nothing was cached for a state it was not told of"
        );
        cache.committed(changes, 3);
        assert_eq!(cache.query(&newest, 3, "s", &around("a")).unwrap(), want);
        assert_eq!(cache.query(&old, 1, "s", &around("a")).unwrap(), old_answer);
        assert_eq!(cache.query(&new, 2, "s", &around("a")).unwrap(), new_answer);
    }
}
