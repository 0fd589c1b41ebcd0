//! # kenning-graph
//!
//! The graph memory of [Kenning](https://docs.rs/kenning): nodes and edges per scope over
//! [redb](https://docs.rs/redb), create-or-replace writes with the assign-once class (G1–G5, G8),
//! start filters on `NodeId`, `Label` and `NodeType` served by indexes, traversal from a start set
//! (G6), and a paged listing (G9). Every node read back carries its class, or no `nodeType` at all
//! (G7).
//!
//! The functions take a redb transaction from the caller and never begin or commit one, so a
//! graph write commits together with whatever else the caller's call wrote, or not at all.
//!
//! ```
//! use kenning_graph::{Changes, Edge, GraphCache, GraphCommit, GraphQuery, Node};
//!
//! # use redb::ReadableDatabase as _;
//! # let db = redb::Database::builder()
//! #     .create_with_backend(redb::backends::InMemoryBackend::new())?;
//! let cache = GraphCache::default(); // one per store, shared by its queries
//! cache.restart(0); // the owner numbers committed states: none changed the graph yet
//! let txn = db.begin_write()?;
//! kenning_graph::create_tables(&txn)?;
//! let mut changes = Changes::new(); // what this transaction changes, for the cache
//! let commit = GraphCommit::new()
//!     .node(Node::new("ada", "Ada Lovelace").with_type("Person"))
//!     .node(Node::new("acme", "Acme")) // fits no class: stored with none
//!     .edge(Edge::new("ada", "WORKS_AT", "acme"));
//! kenning_graph::write(&txn, &mut changes, "bot.support", &commit.check()?)?;
//!
//! // The first class sticks: a later, different class is kept out without an error (G2) ...
//! let again = GraphCommit::new().node(Node::new("ada", "Ada").with_type("Robot"));
//! let report = kenning_graph::write(&txn, &mut changes, "bot.support", &again.check()?)?;
//! assert_eq!(report.classes_kept[0].stored, "Person");
//! txn.commit()?;
//! cache.committed(changes, 1); // the owner stored generation 1 in that transaction
//!
//! // ... and a query starting from every Person walks out to where they work.
//! let query = GraphQuery::parse(
//!     r#"{"graph": {"start": {"filters": [{"key": "NodeType", "value": "Person"}]},
//!                   "traverse": {"relationTypes": ["WORKS_AT"]}, "limit": 50}}"#,
//! )?;
//! let answer = cache.query(&db.begin_read()?, 1, "bot.support", &query)?;
//! assert_eq!(answer, kenning_graph::query(&db.begin_read()?, "bot.support", &query)?);
//! assert_eq!(answer.nodes[0].node_type.as_deref(), Some("Person"));
//! assert_eq!(answer.nodes[1].id, "acme");
//! assert_eq!(answer.nodes[1].node_type, None); // no placeholder, ever
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Storage
//!
//! Five tables, all keyed by scope first, so that every filter is a point lookup or a key range
//! inside one scope: `graph.nodes` (scope, node), `graph.nodes_by_label` (scope, label, node),
//! `graph.nodes_by_class` (scope, class, node), `graph.edges_out` (scope, source, relation type,
//! target) and `graph.edges_in` (scope, target, relation type, source). Writes keep the indexes
//! exact: a label change moves the label entry, a class assigned later adds the class entry, and
//! an edge is in both adjacency tables or neither; a deletion removes a node's label and class
//! entries and every edge touching it from both adjacency tables. Records carry a format byte and
//! a CRC-32; a record from a newer format, or one its checksum does not vouch for, is an error,
//! never a misread.
//!
//! ## The cache
//!
//! [`GraphCache::query`] answers exactly as [`query`], from node records and whole decoded
//! adjacency lists kept in memory where it can. Its owner numbers the committed states (a
//! generation it stores with each commit) and passes each query the number of its snapshot;
//! the cache learns of each commit from the [`Changes`] the transaction's writes recorded, and
//! serves a snapshot only records unchanged since that snapshot's state, so it never serves a
//! record of another state, to old snapshots or new; see [`GraphCache`] for the argument and the
//! bounds. Once full, it caches only a sample of what it misses, so that a working set larger
//! than its budget does not cycle through it. On the bench graph (100k nodes, 500k edges) it
//! roughly halves the CPU time of a 2-hop walk, from one start or from 1,000 rotating ones
//! (`docs/performance.md`).
//!
//! ## Choices the seed leaves open
//!
//! - **Ids and labels** (and the `NodeId` and `Label` filters) are non-empty, single-line text:
//!   no control character, no leading or trailing whitespace; inner spaces and punctuation are
//!   allowed. Bounds, in characters: ids [`MAX_NODE_ID_CHARS`] (256), labels [`MAX_LABEL_CHARS`]
//!   (256).
//! - **Classes and relation types are stored as given** (and the `NodeType` filter and a
//!   traversal's `relationTypes` take them as given): any non-empty text without NUL, so
//!   `"works at "` is recorded with its space and a class of 65 characters is a class (G5, G8).
//!   The vocabulary's bounds on names (64 characters, letters, digits, `_`, `.`, `-`) steer what
//!   formation asks a model for; they are not storage limits. The graph's own storage bounds are
//!   [`MAX_CLASS_CHARS`] and [`MAX_RELATION_TYPE_CHARS`] (1024 characters each), refused past
//!   with [`Error::TooLong`] naming the field and the bound; NUL, which key parts cannot hold, is
//!   refused with [`Error::Nul`]. A caller displaying them escapes control characters itself.
//! - **Commits.** Properties are a JSON object of at most [`MAX_PROPERTIES_BYTES`] (64 KiB); a
//!   commit holds at most [`MAX_COMMIT_NODES`] nodes and [`MAX_COMMIT_EDGES`] edges.
//! - **No class is never a class.** `nodeType` is omitted when a node has none; `"nodeType": ""`
//!   is rejected (omit the field instead) and `null` reads as absent.
//! - **A class is never removed.** A write without `nodeType` keeps the stored class, like a
//!   write with a different one (G2).
//! - **Edges need both ends.** An edge whose source or target the scope does not hold (stored, or
//!   written by the same commit) is rejected with [`Error::MissingEndpoint`] and the commit
//!   writes nothing; no bare node is invented, since it would need a made-up label.
//! - **Edge identity.** An edge is its (source, relation type, target); writing it again replaces
//!   its properties. Two relation types between the same nodes are two edges.
//! - **Query bounds.** Start `limit` and traversal `limit` 1 to [`MAX_LIMIT`] (1000), defaults
//!   [`DEFAULT_LIMIT`] (50) and [`DEFAULT_TRAVERSAL_LIMIT`] (200); `depth` 1 to [`MAX_DEPTH`]
//!   (6), default 1; at most [`MAX_FILTERS`] (32) filters and
//!   [`MAX_TRAVERSAL_RELATION_TYPES`] (32) relation types; documents up to [`MAX_QUERY_BYTES`]
//!   (512 KiB, room for every value at its bound); answers up to [`MAX_ANSWER_EDGES`] edges. Filters with one key are alternatives,
//!   filters with different keys all apply.
//! - **Deletes.** [`delete`] removes edges, and nodes with every edge that touches them, so
//!   an edge never outlives one of its ends. Naming something the scope does not hold is
//!   reported, not refused. A node created again after its deletion is a new node: its class is
//!   assigned once again by the first write that gives one.
//!
//! ## What this crate is not
//!
//! It knows no vocabulary: nothing validates a class or a relation type against a declaration or
//! its name rules (G5, G8), and formation, which does consult one, belongs to the
//! facade. It knows no scope registry, principal or permission: the facade checks reach before
//! calling in, and a scope id here is just a key prefix. It never begins or commits a
//! transaction.

#![deny(missing_docs)]

mod cache;
mod check;
mod delete;
mod error;
mod lookup;
mod model;
mod query;
mod read;
mod store;
mod write;

#[cfg(test)]
mod state_machine;

/// A fresh in-memory database holding the graph's tables, for the unit tests.
#[cfg(test)]
#[allow(clippy::unwrap_used)]
fn test_db() -> redb::Database {
    let db = redb::Database::builder()
        .create_with_backend(redb::backends::InMemoryBackend::new())
        .unwrap();
    let txn = db.begin_write().unwrap();
    create_tables(&txn).unwrap();
    txn.commit().unwrap();
    db
}

pub use cache::{ADMIT_ONE_IN, Changes, GraphCache, MAX_CACHED_DEGREE};
pub use check::{
    MAX_CLASS_CHARS, MAX_COMMIT_EDGES, MAX_COMMIT_NODES, MAX_LABEL_CHARS, MAX_NODE_ID_CHARS,
    MAX_PROPERTIES_BYTES, MAX_RELATION_TYPE_CHARS, check_node_id,
};
pub use delete::{DeletionReport, EdgeRef, GraphDeletion, delete};
pub use error::{Error, ErrorKind};
pub use lookup::{EdgePage, has_edge_in, incident_edges, list_edges, node_in, nodes};
pub use model::{CheckedCommit, ClassKept, CommitReport, Edge, EdgeLeftOut, GraphCommit, Node};
pub use query::{
    DEFAULT_DEPTH, DEFAULT_LIMIT, DEFAULT_TRAVERSAL_LIMIT, Direction, Filter, FilterKey,
    GraphAnswer, GraphQuery, MAX_ANSWER_EDGES, MAX_DEPTH, MAX_FILTERS, MAX_LIMIT, MAX_QUERY_BYTES,
    MAX_TRAVERSAL_RELATION_TYPES, NodePage, Start, Traversal,
};
pub use read::{list_nodes, query};
pub use write::{create_tables, tables_exist, write};
