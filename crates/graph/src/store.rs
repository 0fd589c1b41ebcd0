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
//! [properties JSON]`, class length 0 meaning no class (a class is never empty). An edge record
//! is `[format][properties JSON]`. The format byte is [`RECORD_FORMAT`]; a record with a higher
//! one is refused with [`Error::NewerFormat`], never misread.

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

/// The record format this build writes and reads.
pub(crate) const RECORD_FORMAT: u8 = 1;

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
    out.reserve(9 + label.len() + class.len() + properties.len());
    out.push(RECORD_FORMAT);
    push_str(out, label);
    push_str(out, class);
    out.extend_from_slice(properties);
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

fn format_of<'a>(table: &'static str, bytes: &'a [u8]) -> Result<&'a [u8], Error> {
    match bytes.split_first() {
        Some((&RECORD_FORMAT, rest)) => Ok(rest),
        Some((&format, _)) => Err(Error::NewerFormat {
            table,
            format,
            supported: RECORD_FORMAT,
        }),
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
    let mut out = Vec::with_capacity(1 + properties.len());
    out.push(RECORD_FORMAT);
    out.extend_from_slice(properties);
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
        assert!(decode_node(&[RECORD_FORMAT, 9, 0, 0, 0, b'a']).is_err());
        assert!(decode_node(&[RECORD_FORMAT, 1, 0, 0, 0, 0xff, 0, 0, 0, 0]).is_err());
        let edge = encode_edge(b"{");
        assert!(decode_edge(&edge).is_err());
        let mut edge = encode_edge(b"{}");
        edge[0] = 7;
        assert!(matches!(
            decode_edge(&edge),
            Err(Error::NewerFormat { format: 7, .. })
        ));
    }
}
