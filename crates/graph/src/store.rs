//! The graph's redb tables and the versioned encoding of their records.
//!
//! Every key starts with the scope id, so a scope is one contiguous key range in every table and
//! every lookup is a point get or a prefix range within it:
//!
//! | table | key | value |
//! | --- | --- | --- |
//! | `graph.nodes` | (scope, node) | node record |
//! | `graph.nodes_by_label` | (scope, label, node) | `()` |
//! | `graph.nodes_by_class` | (scope, class, node) | `()` |
//! | `graph.edges_out` | (scope, source, relation type, target) | edge record |
//! | `graph.edges_in` | (scope, target, relation type, source) | `()` |
//!
//! The two node indexes and `graph.edges_in` are kept exact by every write: a label change moves
//! the node's label entry, a class assigned later adds its class entry, and an edge lives in both
//! adjacency tables or in neither.
//!
//! A node record is `[format][label length: u32 LE][label][class length: u32 LE][class]
//! [properties JSON]`, class length 0 meaning no class (a class is never empty). An edge record
//! is `[format][properties JSON]`. The format byte is [`RECORD_FORMAT`]; a record with a higher
//! one is refused with [`Error::NewerFormat`], never misread.

use redb::TableDefinition;
use serde_json::{Map, Value};

use crate::error::Error;
use crate::model::Node;

pub(crate) type NodeKey<'a> = (&'a str, &'a str);
pub(crate) type IndexKey<'a> = (&'a str, &'a str, &'a str);
pub(crate) type EdgeKey<'a> = (&'a str, &'a str, &'a str, &'a str);

/// (scope, node) → node record.
pub(crate) const NODES: TableDefinition<'static, NodeKey<'static>, &[u8]> =
    TableDefinition::new("graph.nodes");
/// (scope, label, node) → ().
pub(crate) const BY_LABEL: TableDefinition<'static, IndexKey<'static>, ()> =
    TableDefinition::new("graph.nodes_by_label");
/// (scope, class, node) → ().
pub(crate) const BY_CLASS: TableDefinition<'static, IndexKey<'static>, ()> =
    TableDefinition::new("graph.nodes_by_class");
/// (scope, source, relation type, target) → edge record.
pub(crate) const EDGES_OUT: TableDefinition<'static, EdgeKey<'static>, &[u8]> =
    TableDefinition::new("graph.edges_out");
/// (scope, target, relation type, source) → ().
pub(crate) const EDGES_IN: TableDefinition<'static, EdgeKey<'static>, ()> =
    TableDefinition::new("graph.edges_in");

/// The record format this build writes and reads.
pub(crate) const RECORD_FORMAT: u8 = 1;

/// A node record, borrowed from its stored bytes.
pub(crate) struct NodeRecord<'a> {
    pub(crate) label: &'a str,
    pub(crate) class: Option<&'a str>,
    pub(crate) properties: &'a [u8],
}

pub(crate) fn encode_node(label: &str, class: Option<&str>, properties: &[u8]) -> Vec<u8> {
    let class = class.unwrap_or("");
    let mut out = Vec::with_capacity(9 + label.len() + class.len() + properties.len());
    out.push(RECORD_FORMAT);
    push_str(&mut out, label);
    push_str(&mut out, class);
    out.extend_from_slice(properties);
    out
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
