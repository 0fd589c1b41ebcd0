//! The graph's redb tables, their keys, and the versioned encoding of their records.
//!
//! Every key starts with the scope id, so a scope is one contiguous key range in every table and
//! every lookup is a point get or a prefix range within it:
//!
//! | table | key | value |
//! | --- | --- | --- |
//! | `graph.nodes` | scope · node | node record |
//! | `graph.nodes_by_label` | scope · label · node | `()` |
//! | `graph.nodes_by_class` | scope · class · node | `()` |
//! | `graph.edges_out` | scope · source · relation type · target | edge record |
//! | `graph.edges_in` | scope · target · relation type · source | edge record |
//!
//! Stores written before the facade versioned its derived state by one store-wide generation also
//! hold a `graph.meta` table with a `"generation"` record; it is no longer read or written.
//!
//! A key is its parts' UTF-8 joined by a NUL byte. No part can hold a NUL (scopes, ids and
//! labels are text without control characters, classes and relation types text without NUL), so byte order is the order of the parts compared one by one, and
//! the keys under a prefix `p` are exactly the range `p·NUL .. p·0x01`. Byte keys compare with
//! one `memcmp`, several times faster in redb than tuple keys, which decode a length header per
//! comparison.
//!
//! The two node indexes and `graph.edges_in` are kept exact by every write: a label change moves
//! the node's label entry, a class assigned later adds its class entry, and an edge lives in both
//! adjacency tables, with the same record, or in neither. The record is kept in both so that a
//! walk against edges reads each edge once.
//!
//! A node record is `[format][label length: u32 LE][label][class length: u32 LE][class]
//! [properties JSON][CRC-32]`, class length 0 meaning no class (a class is never empty). An edge
//! record is `[format][properties JSON][CRC-32]`. The CRC-32 (u32 LE) is of every byte before it
//! and is checked on every read, so a record damaged on disk is [`Error::Corrupt`] even where
//! redb's page checksums were not verified. The format byte is [`RECORD_FORMAT`]; a record with
//! a higher one is refused with [`Error::NewerFormat`], never misread. Format 1, written before
//! the checksum, is the same without its last four bytes: it is still read (unchecked), and
//! written again as format 2 whenever the node or edge is.

use redb::TableDefinition;
use serde_json::{Map, Value};

use crate::error::Error;
use crate::model::Node;

/// scope · node → node record.
pub(crate) const NODES: TableDefinition<'static, &[u8], &[u8]> =
    TableDefinition::new("graph.nodes");
/// scope · label · node → ().
pub(crate) const BY_LABEL: TableDefinition<'static, &[u8], ()> =
    TableDefinition::new("graph.nodes_by_label");
/// scope · class · node → ().
pub(crate) const BY_CLASS: TableDefinition<'static, &[u8], ()> =
    TableDefinition::new("graph.nodes_by_class");
/// scope · source · relation type · target → edge record.
pub(crate) const EDGES_OUT: TableDefinition<'static, &[u8], &[u8]> =
    TableDefinition::new("graph.edges_out");
/// scope · target · relation type · source → edge record.
pub(crate) const EDGES_IN: TableDefinition<'static, &[u8], &[u8]> =
    TableDefinition::new("graph.edges_in");

/// The byte between two parts of a key.
pub(crate) const SEP: u8 = 0;

/// The key of `parts`.
pub(crate) fn key(parts: &[&str]) -> Vec<u8> {
    let mut out = Vec::with_capacity(parts.iter().map(|p| p.len() + 1).sum());
    if let Some((first, rest)) = parts.split_first() {
        write_key(&mut out, first, rest);
    }
    out
}

/// Writes the key of `first` then `rest` into `out`, replacing what it held: [`key`] into a
/// buffer the caller reuses.
pub(crate) fn write_key(out: &mut Vec<u8>, first: &str, rest: &[&str]) {
    out.clear();
    out.extend_from_slice(first.as_bytes());
    for part in rest {
        out.push(SEP);
        out.extend_from_slice(part.as_bytes());
    }
}

/// The range of every key that starts with `parts` and has more parts after them:
/// `[parts·NUL, parts·0x01)`.
pub(crate) fn under(parts: &[&str]) -> Prefix {
    let mut prefix = Prefix::default();
    if let Some((first, rest)) = parts.split_first() {
        prefix.set(first, rest);
    }
    prefix
}

/// The bounds of a key prefix, owned; [`range`](Self::range) borrows them the way redb wants.
/// [`set`](Self::set) rewrites them in place, so that one `Prefix` serves a whole query.
#[derive(Default)]
pub(crate) struct Prefix {
    pub(crate) lower: Vec<u8>,
    pub(crate) upper: Vec<u8>,
}

impl Prefix {
    /// Bounds the keys that start with `first` then `rest` and have more parts after them.
    pub(crate) fn set(&mut self, first: &str, rest: &[&str]) {
        write_key(&mut self.lower, first, rest);
        self.lower.push(SEP);
        self.upper.clear();
        self.upper.extend_from_slice(&self.lower);
        if let Some(last) = self.upper.last_mut() {
            *last = SEP + 1;
        }
    }

    pub(crate) fn range(&self) -> std::ops::Range<&[u8]> {
        self.lower.as_slice()..self.upper.as_slice()
    }
}

/// The `N` parts of a key read from `table`.
pub(crate) fn parts<'a, const N: usize>(
    table: &'static str,
    key: &'a [u8],
) -> Result<[&'a str; N], Error> {
    let mut out = [""; N];
    let mut rest = key;
    for (i, slot) in out.iter_mut().enumerate() {
        let part = if i + 1 == N {
            std::mem::take(&mut rest)
        } else {
            let at = rest
                .iter()
                .position(|&b| b == SEP)
                .ok_or_else(|| corrupt(table, "a key with too few parts"))?;
            let (part, tail) = rest.split_at(at);
            rest = tail.get(1..).unwrap_or_default();
            part
        };
        *slot = std::str::from_utf8(part).map_err(|_| corrupt(table, "a key of invalid UTF-8"))?;
    }
    Ok(out)
}

/// The record format this build writes; it reads this one and format 1 (no checksum).
pub(crate) const RECORD_FORMAT: u8 = 2;

/// The format written before records carried a checksum.
const UNCHECKED: u8 = 1;

/// The bytes of the trailing checksum.
const CRC_LEN: usize = 4;

/// Appends the CRC-32 of every byte of `out` to it: the last step of every encoder.
fn seal(out: &mut Vec<u8>) {
    let crc = crc32fast::hash(out);
    out.extend_from_slice(&crc.to_le_bytes());
}

/// A node record, borrowed from its stored bytes.
pub(crate) struct NodeRecord<'a> {
    pub(crate) label: &'a str,
    pub(crate) class: Option<&'a str>,
    pub(crate) properties: &'a [u8],
}

#[cfg(test)]
pub(crate) fn encode_node(label: &str, class: Option<&str>, properties: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    encode_node_into(&mut out, label, class, properties);
    out
}

/// Encodes a node record into `out`, replacing what it held.
pub(crate) fn encode_node_into(
    out: &mut Vec<u8>,
    label: &str,
    class: Option<&str>,
    properties: &[u8],
) {
    let class = class.unwrap_or("");
    out.clear();
    out.reserve(9 + label.len() + class.len() + properties.len() + CRC_LEN);
    out.push(RECORD_FORMAT);
    push_str(out, label);
    push_str(out, class);
    out.extend_from_slice(properties);
    seal(out);
}

fn push_str(out: &mut Vec<u8>, s: &str) {
    // Labels and classes are bounded far below 4 GiB by `check`.
    let len = u32::try_from(s.len()).unwrap_or(u32::MAX);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

fn corrupt(table: &'static str, detail: impl Into<String>) -> Error {
    Error::Corrupt {
        table,
        detail: detail.into(),
    }
}

/// The record's bytes between its format byte and its checksum, once both are checked: the one
/// place every record's checksum is checked.
fn format_of<'a>(table: &'static str, bytes: &'a [u8]) -> Result<&'a [u8], Error> {
    match bytes.split_first() {
        Some((&RECORD_FORMAT, rest)) => {
            let Some((body, crc)) = rest.split_last_chunk::<CRC_LEN>() else {
                return Err(corrupt(table, "a record shorter than its checksum"));
            };
            let whole = &bytes[..bytes.len() - CRC_LEN];
            if crc32fast::hash(whole) == u32::from_le_bytes(*crc) {
                Ok(body)
            } else {
                Err(corrupt(table, "a record whose checksum does not match"))
            }
        }
        Some((&UNCHECKED, rest)) => Ok(rest),
        Some((&format, _)) if format > RECORD_FORMAT => Err(Error::NewerFormat {
            table,
            format,
            supported: RECORD_FORMAT,
        }),
        Some((&format, _)) => Err(corrupt(table, format!("a record of format {format}"))),
        None => Err(corrupt(table, "an empty record")),
    }
}

fn take_str<'a>(table: &'static str, bytes: &mut &'a [u8]) -> Result<&'a str, Error> {
    let (len, rest) = bytes
        .split_first_chunk::<4>()
        .ok_or_else(|| corrupt(table, "a truncated record"))?;
    let len = usize::try_from(u32::from_le_bytes(*len)).unwrap_or(usize::MAX);
    if rest.len() < len {
        return Err(corrupt(table, "a truncated record"));
    }
    let (s, rest) = rest.split_at(len);
    *bytes = rest;
    std::str::from_utf8(s).map_err(|_| corrupt(table, "a record holding invalid UTF-8"))
}

pub(crate) fn decode_node(bytes: &[u8]) -> Result<NodeRecord<'_>, Error> {
    const TABLE: &str = "graph.nodes";
    let mut rest = format_of(TABLE, bytes)?;
    let label = take_str(TABLE, &mut rest)?;
    let class = take_str(TABLE, &mut rest)?;
    Ok(NodeRecord {
        label,
        class: (!class.is_empty()).then_some(class),
        properties: rest,
    })
}

pub(crate) fn decode_properties(
    table: &'static str,
    json: &[u8],
) -> Result<Map<String, Value>, Error> {
    // Most edges and many nodes carry no property: skip the parser for them.
    if json == b"{}" {
        return Ok(Map::new());
    }
    serde_json::from_slice(json).map_err(|e| corrupt(table, format!("unreadable properties: {e}")))
}

impl NodeRecord<'_> {
    pub(crate) fn to_node(&self, id: &str) -> Result<Node, Error> {
        Ok(Node {
            id: id.to_owned(),
            label: self.label.to_owned(),
            node_type: self.class.map(str::to_owned),
            properties: decode_properties("graph.nodes", self.properties)?,
        })
    }
}

pub(crate) fn encode_edge(properties: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 + properties.len() + CRC_LEN);
    out.push(RECORD_FORMAT);
    out.extend_from_slice(properties);
    seal(&mut out);
    out
}

pub(crate) fn decode_edge(bytes: &[u8]) -> Result<Map<String, Value>, Error> {
    const TABLE: &str = "graph.edges_out";
    decode_properties(TABLE, format_of(TABLE, bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_like_their_parts_and_prefix_ranges_hold_exactly_their_keys() {
        let pairs = [("a", "b"), ("a", "bc"), ("ab", ""), ("ab", "a"), ("b", "a")];
        let mut keys: Vec<Vec<u8>> = pairs.iter().map(|(x, y)| key(&[x, y])).collect();
        keys.sort();
        let back: Vec<(String, String)> = keys
            .iter()
            .map(|k| {
                let [x, y] = parts::<2>("t", k).unwrap();
                (x.to_owned(), y.to_owned())
            })
            .collect();
        let mut want: Vec<(String, String)> = pairs
            .iter()
            .map(|(x, y)| ((*x).to_owned(), (*y).to_owned()))
            .collect();
        want.sort();
        assert_eq!(back, want);
        let prefix = under(&["a"]);
        let inside: Vec<&Vec<u8>> = keys
            .iter()
            .filter(|k| prefix.range().contains(&k.as_slice()))
            .collect();
        assert_eq!(inside, [&key(&["a", "b"]), &key(&["a", "bc"])]);
        assert!(parts::<3>("t", &key(&["a", "b"])).is_err());
        assert!(parts::<2>("t", b"a\0\xff").is_err());
    }

    #[test]
    fn node_record_round_trips_with_and_without_class() {
        for class in [None, Some("Person")] {
            let bytes = encode_node("Ada Lovelace", class, b"{\"a\":1}");
            let r = decode_node(&bytes).unwrap();
            assert_eq!(r.label, "Ada Lovelace");
            assert_eq!(r.class, class);
            assert_eq!(r.to_node("ada").unwrap().properties["a"], 1);
        }
    }

    #[test]
    fn newer_and_corrupt_records_are_refused() {
        let mut bytes = encode_node("A", None, b"{}");
        bytes[0] = RECORD_FORMAT + 1;
        let err = decode_node(&bytes).err().unwrap();
        assert!(err.to_string().contains("upgrade kenning"), "{err}");
        assert!(decode_node(&[]).is_err());
        // Layouts that are wrong under a checksum that holds.
        let sealed = |bytes: &[u8]| {
            let mut out = bytes.to_vec();
            seal(&mut out);
            out
        };
        for bad in [
            &[RECORD_FORMAT, 9, 0, 0, 0, b'a'][..],
            &[RECORD_FORMAT, 1, 0, 0, 0, 0xff, 0, 0, 0, 0],
            &[RECORD_FORMAT],
        ] {
            assert!(decode_node(&sealed(bad)).is_err());
            assert!(decode_node(&unchecked(&sealed(bad))).is_err());
        }
        let edge = encode_edge(b"{");
        assert!(decode_edge(&edge).is_err());
        let mut edge = encode_edge(b"{}");
        edge[0] = 7;
        assert!(matches!(
            decode_edge(&edge),
            Err(Error::NewerFormat { format: 7, .. })
        ));
    }

    /// The format-1 form of a format-2 record: the same without its checksum.
    fn unchecked(record: &[u8]) -> Vec<u8> {
        let mut old = record[..record.len() - CRC_LEN].to_vec();
        old[0] = UNCHECKED;
        old
    }

    /// Reads a whole record into a description of what it holds.
    type Decode = fn(&[u8]) -> Result<String, Error>;

    /// A node record and an edge record as this build writes them, each with a decoder that
    /// reads all of it.
    fn records() -> [(&'static str, Vec<u8>, Decode); 3] {
        fn node(bytes: &[u8]) -> Result<String, Error> {
            decode_node(bytes)?.to_node("ada").map(|n| format!("{n:?}"))
        }
        fn edge(bytes: &[u8]) -> Result<String, Error> {
            decode_edge(bytes).map(|p| format!("{p:?}"))
        }
        [
            (
                "node",
                encode_node("Ada Lovelace", Some("Person"), br#"{"born":1815}"#),
                node,
            ),
            ("node without class", encode_node("Acme", None, b"{}"), node),
            ("edge", encode_edge(br#"{"since":"1833"}"#), edge),
        ]
    }

    #[test]
    fn records_end_with_the_checksum_of_every_byte_before_it() {
        for (name, record, decode) in records() {
            assert_eq!(record[0], RECORD_FORMAT, "{name}");
            let (body, crc) = record.split_last_chunk::<4>().unwrap();
            assert_eq!(crc32fast::hash(body), u32::from_le_bytes(*crc), "{name}");
            decode(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert_eq!(encode_edge(b"{}").len(), 1 + 2 + CRC_LEN);
    }

    #[test]
    fn a_changed_byte_anywhere_in_a_record_is_corruption_never_another_value() {
        for (name, record, decode) in records() {
            // Every position: the format byte, the body and the four bytes of the checksum.
            for at in 0..record.len() {
                for mask in [0x01, 0x10, 0x80, 0xff] {
                    let mut bad = record.clone();
                    bad[at] ^= mask;
                    let err = decode(&bad).expect_err(&format!("{name}: byte {at} ^ {mask:#x}"));
                    let want = if at == 0 {
                        "upgrade kenning"
                    } else {
                        "checksum does not match"
                    };
                    let text = err.to_string();
                    assert!(text.contains(want), "{name}, byte {at}: {text}");
                    assert!(text.contains("table graph."), "{text}");
                }
            }
            for cut in 0..record.len() {
                assert!(decode(&record[..cut]).is_err(), "{name} cut at {cut}");
            }
        }
        let mut zero = encode_edge(b"{}");
        zero[0] = 0;
        let err = decode_edge(&zero).unwrap_err().to_string();
        assert!(err.contains("corrupt"), "{err}");
    }

    #[test]
    fn format_one_records_still_read_unchecked_as_they_were() {
        for (name, record, decode) in records() {
            assert_eq!(
                decode(&unchecked(&record)).unwrap(),
                decode(&record).unwrap(),
                "{name}"
            );
        }
    }

    #[test]
    fn a_graph_written_in_format_one_reads_and_is_rewritten_in_format_two() {
        use crate::{Changes, Edge, GraphCommit, GraphQuery, Node};
        use redb::{ReadableDatabase, ReadableTable};

        let db = redb::Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .unwrap();
        let commit = |c: GraphCommit| {
            let txn = db.begin_write().unwrap();
            crate::create_tables(&txn).unwrap();
            crate::write(&txn, &mut Changes::new(), "s", &c.check().unwrap()).unwrap();
            txn.commit().unwrap();
        };
        commit(
            GraphCommit::new()
                .node(Node::new("ada", "Ada").with_type("Person"))
                .node(Node::new("acme", "Acme"))
                .edge(Edge::new("ada", "WORKS_AT", "acme")),
        );
        let all = |def: TableDefinition<'static, &'static [u8], &'static [u8]>| {
            let txn = db.begin_read().unwrap();
            let t = txn.open_table(def).unwrap();
            t.iter()
                .unwrap()
                .map(|e| {
                    let (k, v) = e.unwrap();
                    (k.value().to_vec(), v.value().to_vec())
                })
                .collect::<Vec<_>>()
        };
        // Every record back to format 1, as an earlier build wrote it.
        let txn = db.begin_write().unwrap();
        for def in [NODES, EDGES_OUT, EDGES_IN] {
            let records = all(def);
            let mut t = txn.open_table(def).unwrap();
            for (k, v) in records {
                t.insert(k.as_slice(), unchecked(&v).as_slice()).unwrap();
            }
        }
        txn.commit().unwrap();
        let query = GraphQuery::parse(
            r#"{"graph": {"start": {"filters": [{"key": "NodeId", "value": "ada"}]},
                          "traverse": {"relationTypes": ["WORKS_AT"]}, "limit": 10}}"#,
        )
        .unwrap();
        let answer = || crate::query(&db.begin_read().unwrap(), "s", &query).unwrap();
        let before = answer();
        assert_eq!(before.nodes.len(), 2);
        assert_eq!(before.nodes[0].node_type.as_deref(), Some("Person"));
        assert!(all(NODES).iter().all(|(_, v)| v[0] == UNCHECKED));
        // Writing a node or an edge again writes it in format 2; the answer is the same.
        commit(
            GraphCommit::new()
                .node(Node::new("ada", "Ada"))
                .edge(Edge::new("ada", "WORKS_AT", "acme")),
        );
        assert_eq!(answer(), before);
        let formats = |def| {
            all(def)
                .into_iter()
                .map(|(k, v)| (String::from_utf8(k).unwrap(), v[0]))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            formats(NODES),
            [
                ("s\0acme".into(), UNCHECKED),
                ("s\0ada".into(), RECORD_FORMAT)
            ]
        );
        assert!(formats(EDGES_OUT).iter().all(|(_, f)| *f == RECORD_FORMAT));
        assert!(formats(EDGES_IN).iter().all(|(_, f)| *f == RECORD_FORMAT));
    }
}
