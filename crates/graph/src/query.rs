//! The graph section of a memory query (G6), its parsing and its bounds.

use serde::{Deserialize, Serialize};
use serde_json::Number;

use crate::check::{self, MAX_LABEL_CHARS, MAX_NODE_ID_CHARS};
use crate::error::Error;
use crate::model::{Edge, Node};

/// Query documents larger than this are refused before parsing. A query at every bound (32
/// filters and 32 relation types, every value at its longest in unescaped UTF-8) is under
/// 300 KiB of JSON.
pub const MAX_QUERY_BYTES: usize = 512 * 1024;
/// At most this many start filters per query.
pub const MAX_FILTERS: usize = 32;
/// At most this many relation types in a traversal's filter: a bound on the query, not on what
/// a scope holds (a scope may hold any number of relation types; omit the filter to follow all).
pub const MAX_TRAVERSAL_RELATION_TYPES: usize = 32;
/// The deepest traversal: hops from the start set.
pub const MAX_DEPTH: u32 = 6;
/// The largest `limit`, for the start set, a traversal and a listing page alike.
pub const MAX_LIMIT: u32 = 1000;
/// The start set's `limit` when the query gives none (the seed's example value).
pub const DEFAULT_LIMIT: u32 = 50;
/// A traversal's `depth` when it gives none.
pub const DEFAULT_DEPTH: u32 = 1;
/// A traversal's `limit` when it gives none.
pub const DEFAULT_TRAVERSAL_LIMIT: u32 = 200;
/// At most this many edges in one answer; past it the answer is cut and marked `truncated`.
pub const MAX_ANSWER_EDGES: usize = 10_000;

/// The graph section of a memory query (G6), in the seed's shape:
///
/// ```json
/// {"start": {"filters": [{"key": "NodeType", "value": "Person"}]},
///  "traverse": {"relationTypes": ["WORKS_AT"], "direction": "out", "depth": 2, "limit": 100},
///  "limit": 50}
/// ```
///
/// - `start.filters` pick the start set. Filters with the same key are alternatives (any value
///   matches); filters with different keys must all hold. No filter at all starts from every node
///   of the scope in id order. A `NodeType` value is never checked against a vocabulary: a scope
///   legitimately holds classes its current vocabulary no longer declares (G6).
/// - `limit` bounds the start set (1 to [`MAX_LIMIT`], default [`DEFAULT_LIMIT`]).
/// - `traverse`, when present, walks from the start set along edges of the listed relation
///   types (all types when the list is empty or absent), `out` along edges, `in` against them,
///   or `both`, up to `depth` hops (1 to [`MAX_DEPTH`], default [`DEFAULT_DEPTH`]), reaching at
///   most `limit` further nodes (1 to [`MAX_LIMIT`], default [`DEFAULT_TRAVERSAL_LIMIT`]).
///
/// Parse a document with [`GraphQuery::parse`], which accepts the section bare or inside the
/// memory query's `{"graph": {...}}` wrapper; deserializing a `GraphQuery` with serde (as a field
/// of a larger request) applies the same checks. Unknown fields are rejected everywhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", try_from = "Object<RawQuery>")]
pub struct GraphQuery {
    /// How the start set is chosen.
    pub start: Start,
    /// The walk from the start set, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub traverse: Option<Traversal>,
    /// At most this many start nodes.
    pub limit: u32,
}

/// The start of a query: its filters.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Start {
    /// The filters, at most [`MAX_FILTERS`].
    pub filters: Vec<Filter>,
}

/// One start filter: `{"key": "NodeType", "value": "Person"}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Filter {
    /// What the filter compares.
    pub key: FilterKey,
    /// The value it must equal, exactly (case-sensitive).
    pub value: String,
}

/// What a start filter compares. Each is served by an index: no filter scans a scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum FilterKey {
    /// The node id.
    NodeId,
    /// The node label.
    Label,
    /// The node class (`nodeType`).
    NodeType,
}

impl FilterKey {
    /// The wire spelling, e.g. `"NodeType"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NodeId => "NodeId",
            Self::Label => "Label",
            Self::NodeType => "NodeType",
        }
    }

    fn parse(field: impl Fn() -> String, key: &str) -> Result<Self, Error> {
        match key {
            "NodeId" => Ok(Self::NodeId),
            "Label" => Ok(Self::Label),
            "NodeType" => Ok(Self::NodeType),
            other => Err(Error::UnknownFilterKey {
                field: field(),
                key: other.to_owned(),
            }),
        }
    }

    /// Checks a filter value against the rule of what it compares: a `NodeType` value takes
    /// any class a write can store (G5, G6), an id or a label the text rule of ids and labels.
    fn check_value(self, field: impl Fn() -> String, value: &str) -> Result<(), Error> {
        match self {
            Self::NodeId => check::text(field, value, MAX_NODE_ID_CHARS),
            Self::Label => check::text(field, value, MAX_LABEL_CHARS),
            Self::NodeType => check::class(field, value),
        }
    }
}

/// Which way a traversal follows edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// From source to target.
    Out,
    /// From target to source.
    In,
    /// Both ways.
    Both,
}

impl Direction {
    fn parse(field: impl Fn() -> String, value: &str) -> Result<Self, Error> {
        match value {
            "out" => Ok(Self::Out),
            "in" => Ok(Self::In),
            "both" => Ok(Self::Both),
            other => Err(Error::UnknownDirection {
                field: field(),
                value: other.to_owned(),
            }),
        }
    }
}

/// The walk from a query's start set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Traversal {
    /// Follow only edges of these types; empty follows every type. Types are compared exactly
    /// and never checked against a vocabulary.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub relation_types: Vec<String>,
    /// Which way to follow edges.
    pub direction: Direction,
    /// At most this many hops from the start set.
    pub depth: u32,
    /// At most this many nodes reached beyond the start set.
    pub limit: u32,
}

impl Default for GraphQuery {
    fn default() -> Self {
        Self {
            start: Start::default(),
            traverse: None,
            limit: DEFAULT_LIMIT,
        }
    }
}

impl Default for Traversal {
    fn default() -> Self {
        Self {
            relation_types: Vec::new(),
            direction: Direction::Out,
            depth: DEFAULT_DEPTH,
            limit: DEFAULT_TRAVERSAL_LIMIT,
        }
    }
}

impl GraphQuery {
    /// Every node of the scope, in id order, up to [`DEFAULT_LIMIT`].
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a start filter.
    #[must_use]
    pub fn filter(mut self, key: FilterKey, value: impl Into<String>) -> Self {
        self.start.filters.push(Filter {
            key,
            value: value.into(),
        });
        self
    }

    /// Sets the start set's limit.
    #[must_use]
    pub fn limit(mut self, limit: u32) -> Self {
        self.limit = limit;
        self
    }

    /// Walks from the start set.
    #[must_use]
    pub fn traverse(mut self, traversal: Traversal) -> Self {
        self.traverse = Some(traversal);
        self
    }

    /// Parses a query document: the graph section bare (`{"start": ...}`, what the CLI's
    /// `--graph-json` takes) or wrapped (`{"graph": {"start": ...}}`, the memory query body).
    /// The result is [checked](Self::check).
    ///
    /// # Errors
    /// [`Error::QueryTooLarge`], [`Error::Malformed`] (bad JSON, unknown fields, wrong types),
    /// [`Error::MixedQuery`], [`Error::UnknownFilterKey`], [`Error::UnknownDirection`],
    /// [`Error::OutOfRange`], or any error of [`check`](Self::check). Paths in errors start
    /// with `graph.` for a wrapped document.
    pub fn parse(text: &str) -> Result<Self, Error> {
        Self::parse_bytes(text.as_bytes())
    }

    /// Parses raw bytes, which must be UTF-8 JSON; see [`parse`](Self::parse).
    ///
    /// # Errors
    /// As [`parse`](Self::parse).
    pub fn parse_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() > MAX_QUERY_BYTES {
            return Err(Error::QueryTooLarge {
                len: bytes.len(),
                max: MAX_QUERY_BYTES,
            });
        }
        let Object(doc): Object<RawDocument> =
            serde_json::from_slice(bytes).map_err(|e| Error::Malformed {
                message: e.to_string(),
            })?;
        match doc.graph {
            Some(graph) => {
                let mixed = [
                    ("start", doc.start.is_some()),
                    ("traverse", doc.traverse.is_some()),
                    ("limit", doc.limit.is_some()),
                ];
                if let Some((field, _)) = mixed.into_iter().find(|(_, present)| *present) {
                    return Err(Error::MixedQuery { field });
                }
                graph.0.convert("graph.")
            }
            None => RawQuery {
                start: doc.start,
                traverse: doc.traverse,
                limit: doc.limit,
            }
            .convert(""),
        }
    }

    /// Checks every bound: the limits, the depth, the number of filters and relation types, and
    /// each value against the text rule and the bound of its key. The executor checks again, so
    /// a query built in code cannot bypass the bounds.
    ///
    /// # Errors
    /// [`Error::OutOfRange`], [`Error::TooMany`], [`Error::Empty`], [`Error::TooLong`],
    /// [`Error::ControlChar`], [`Error::Untrimmed`], with paths starting at `graph.`.
    pub fn check(&self) -> Result<(), Error> {
        self.check_at("graph.")
    }

    fn check_at(&self, at: &str) -> Result<(), Error> {
        check::range(|| format!("{at}limit"), self.limit.into(), 1, MAX_LIMIT)?;
        check::count(
            &format!("{at}start.filters"),
            self.start.filters.len(),
            MAX_FILTERS,
            "filters with one key are alternatives; query in several calls",
        )?;
        for (i, filter) in self.start.filters.iter().enumerate() {
            filter
                .key
                .check_value(|| format!("{at}start.filters[{i}].value"), &filter.value)?;
        }
        if let Some(t) = &self.traverse {
            check::count(
                &format!("{at}traverse.relationTypes"),
                t.relation_types.len(),
                MAX_TRAVERSAL_RELATION_TYPES,
                "omit relationTypes to follow every type",
            )?;
            for (i, relation) in t.relation_types.iter().enumerate() {
                check::relation_type(|| format!("{at}traverse.relationTypes[{i}]"), relation)?;
            }
            check::range(
                || format!("{at}traverse.depth"),
                t.depth.into(),
                1,
                MAX_DEPTH,
            )?;
            check::range(
                || format!("{at}traverse.limit"),
                t.limit.into(),
                1,
                MAX_LIMIT,
            )?;
        }
        Ok(())
    }
}

impl Traversal {
    /// A one-hop walk along outgoing edges of every type, reaching up to
    /// [`DEFAULT_TRAVERSAL_LIMIT`] nodes.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Follows only edges of `relation_type` (call again to add more types).
    #[must_use]
    pub fn relation(mut self, relation_type: impl Into<String>) -> Self {
        self.relation_types.push(relation_type.into());
        self
    }

    /// Sets the direction.
    #[must_use]
    pub fn direction(mut self, direction: Direction) -> Self {
        self.direction = direction;
        self
    }

    /// Sets the depth.
    #[must_use]
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = depth;
        self
    }

    /// Sets the number of nodes the walk may reach beyond the start set.
    #[must_use]
    pub fn limit(mut self, limit: u32) -> Self {
        self.limit = limit;
        self
    }
}

/// A JSON number as a bounded `u32`: negative, fractional and huge values are refused with the
/// range, instead of serde's "invalid value: integer `-1`, expected u32".
fn number(field: String, given: Option<&Number>, default: u32, max: u32) -> Result<u32, Error> {
    let Some(n) = given else {
        return Ok(default);
    };
    match n.as_u64().and_then(|v| u32::try_from(v).ok()) {
        Some(v) if (1..=max).contains(&v) => Ok(v),
        _ => Err(Error::OutOfRange {
            field,
            value: n.to_string(),
            min: 1,
            max: max.into(),
        }),
    }
}

/// The answer to a [`GraphQuery`] (G6, G7).
///
/// `nodes` holds the start set in id order, then the nodes the traversal reached, in the order
/// it reached them (breadth first; within a node, by relation type then neighbour id, outgoing
/// before incoming). Every node carries its class, or no `nodeType` at all (G7). `edges` holds
/// every edge the traversal followed whose two ends are both in `nodes`; each edge appears once.
/// `truncated` is true when a limit or [`MAX_ANSWER_EDGES`] cut the answer short.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GraphAnswer {
    /// The nodes found.
    pub nodes: Vec<Node>,
    /// The edges followed.
    #[serde(default)]
    pub edges: Vec<Edge>,
    /// Whether a limit cut the answer short.
    #[serde(default)]
    pub truncated: bool,
}

/// One page of an inspect listing (G9): nodes in id order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodePage {
    /// The nodes of this page, each with its label and class.
    pub nodes: Vec<Node>,
    /// The cursor for the next page (the last id of this one); absent on the last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

// ---- the wire shapes, read loosely and then converted with field paths -------------------

/// A struct read only from a JSON object. serde's derived `Deserialize` also accepts a struct
/// written as an array of its fields in order (`[{"filters": []}, null, 5]`); a query document
/// is objects only, so that form is refused as malformed.
struct Object<T>(T);

/// An [`Object`] has `T`'s schema: a derived object schema already says `"type": "object"`.
#[cfg(feature = "schema")]
impl<T: schemars::JsonSchema> schemars::JsonSchema for Object<T> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(Visitor(std::marker::PhantomData))
            .map(Object)
    }
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawDocument {
    #[serde(default)]
    graph: Option<Object<RawQuery>>,
    #[serde(default)]
    start: Option<Object<RawStart>>,
    #[serde(default)]
    traverse: Option<Object<RawTraversal>>,
    #[serde(default)]
    limit: Option<Number>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawQuery {
    #[serde(default)]
    start: Option<Object<RawStart>>,
    #[serde(default)]
    traverse: Option<Object<RawTraversal>>,
    #[serde(default)]
    limit: Option<Number>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawStart {
    #[serde(default)]
    filters: Option<Vec<Object<RawFilter>>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawFilter {
    key: String,
    value: String,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RawTraversal {
    #[serde(default)]
    relation_types: Option<Vec<String>>,
    #[serde(default)]
    direction: Option<String>,
    #[serde(default)]
    depth: Option<Number>,
    #[serde(default)]
    limit: Option<Number>,
}

impl RawQuery {
    fn convert(self, at: &str) -> Result<GraphQuery, Error> {
        let raw_filters = self.start.and_then(|s| s.0.filters).unwrap_or_default();
        check::count(
            &format!("{at}start.filters"),
            raw_filters.len(),
            MAX_FILTERS,
            "filters with one key are alternatives; query in several calls",
        )?;
        let mut filters = Vec::with_capacity(raw_filters.len());
        for (i, Object(f)) in raw_filters.into_iter().enumerate() {
            let key = FilterKey::parse(|| format!("{at}start.filters[{i}].key"), &f.key)?;
            filters.push(Filter {
                key,
                value: f.value,
            });
        }
        let limit = number(
            format!("{at}limit"),
            self.limit.as_ref(),
            DEFAULT_LIMIT,
            MAX_LIMIT,
        )?;
        let traverse = match self.traverse {
            None => None,
            Some(Object(t)) => Some(Traversal {
                relation_types: t.relation_types.unwrap_or_default(),
                direction: match t.direction {
                    None => Direction::Out,
                    Some(d) => Direction::parse(|| format!("{at}traverse.direction"), &d)?,
                },
                depth: number(
                    format!("{at}traverse.depth"),
                    t.depth.as_ref(),
                    DEFAULT_DEPTH,
                    MAX_DEPTH,
                )?,
                limit: number(
                    format!("{at}traverse.limit"),
                    t.limit.as_ref(),
                    DEFAULT_TRAVERSAL_LIMIT,
                    MAX_LIMIT,
                )?,
            }),
        };
        let query = GraphQuery {
            start: Start { filters },
            traverse,
            limit,
        };
        query.check_at(at)?;
        Ok(query)
    }
}

impl TryFrom<Object<RawQuery>> for GraphQuery {
    type Error = Error;
    fn try_from(Object(raw): Object<RawQuery>) -> Result<Self, Error> {
        raw.convert("graph.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::MAX_CLASS_CHARS;
    use serde_json::json;

    const SEED: &str = r#"{
      "graph": {
        "start": {
          "filters": [{"key": "NodeType", "value": "Person"}]
        },
        "limit": 50
      }
    }"#;

    #[test]
    fn g6_parses_the_seed_query() {
        let q = GraphQuery::parse(SEED).unwrap();
        assert_eq!(q, GraphQuery::new().filter(FilterKey::NodeType, "Person"));
        let json = serde_json::to_value(&q).unwrap();
        assert_eq!(
            json,
            json!({"start": {"filters": [{"key": "NodeType", "value": "Person"}]}, "limit": 50})
        );
    }

    #[test]
    fn l6_bare_section_parses_like_the_wrapped_one() {
        let bare = r#"{"start": {"filters": [{"key": "NodeType", "value": "Person"}]}}"#;
        assert_eq!(
            GraphQuery::parse(bare).unwrap(),
            GraphQuery::parse(SEED).unwrap()
        );
        assert_eq!(GraphQuery::parse("{}").unwrap(), GraphQuery::new());
    }

    #[test]
    fn traversal_round_trips() {
        let q = GraphQuery::new()
            .filter(FilterKey::NodeId, "ada")
            .filter(FilterKey::Label, "Ada")
            .limit(10)
            .traverse(
                Traversal::new()
                    .relation("WORKS_AT")
                    .direction(Direction::Both)
                    .depth(3)
                    .limit(20),
            );
        let text = serde_json::to_string(&q).unwrap();
        assert_eq!(GraphQuery::parse(&text).unwrap(), q);
        let wrapped = format!("{{\"graph\": {text}}}");
        assert_eq!(GraphQuery::parse(&wrapped).unwrap(), q);
        let via_serde: GraphQuery = serde_json::from_str(&text).unwrap();
        assert_eq!(via_serde, q);
    }

    #[test]
    fn unknown_filter_key_lists_the_valid_ones() {
        let err = GraphQuery::parse(r#"{"start": {"filters": [{"key": "Name", "value": "x"}]}}"#)
            .unwrap_err();
        assert_eq!(err.field(), Some("start.filters[0].key"));
        let text = err.to_string();
        for key in ["Name", "NodeId", "Label", "NodeType"] {
            assert!(text.contains(key), "{text}");
        }
        // Through serde too, as a field of a larger request.
        let err = serde_json::from_value::<GraphQuery>(
            json!({"start": {"filters": [{"key": "nodetype", "value": "x"}]}}),
        )
        .unwrap_err();
        assert!(err.to_string().contains("valid keys"), "{err}");
    }

    #[test]
    fn unknown_fields_and_wrong_types_are_malformed() {
        for doc in [
            r#"{"strat": {}}"#,
            r#"{"graph": {"start": {}, "limits": 5}}"#,
            r#"{"start": {"filter": []}}"#,
            r#"{"start": {"filters": [{"key": "NodeId", "value": "a", "op": "eq"}]}}"#,
            r#"{"start": {"filters": [{"key": "NodeId", "value": 5}]}}"#,
            r#"{"traverse": {"depth": 1, "hops": 2}}"#,
            r#"{"limit": "50"}"#,
            r#"[]"#,
            r#"{"start": [[{"key": "NodeId", "value": "a"}]]}"#,
            r#"{"start": {"filters": [["NodeId", "a"]]}}"#,
            r#"{"traverse": ["out"]}"#,
            r#"{"graph": [null, null, 5]}"#,
            r#"{"limit": 1e400}"#,
            "",
            "{",
        ] {
            assert!(
                matches!(GraphQuery::parse(doc), Err(Error::Malformed { .. })),
                "{doc}"
            );
        }
        assert!(GraphQuery::parse_bytes(b"{\"start\": \xff}").is_err());
    }

    #[test]
    fn mixed_wrapper_is_rejected() {
        let err = GraphQuery::parse(r#"{"graph": {}, "limit": 5}"#).unwrap_err();
        assert!(matches!(err, Error::MixedQuery { field: "limit" }));
    }

    #[test]
    fn unknown_direction_lists_the_valid_ones() {
        let err = GraphQuery::parse(r#"{"traverse": {"direction": "up"}}"#).unwrap_err();
        assert_eq!(err.field(), Some("traverse.direction"));
        assert!(err.to_string().contains("out, in, both"));
    }

    fn out_of_range(doc: &str, field: &str) {
        match GraphQuery::parse(doc) {
            Err(e @ Error::OutOfRange { .. }) => assert_eq!(e.field(), Some(field), "{doc}"),
            other => panic!("{doc}: {other:?}"),
        }
    }

    #[test]
    fn limits_and_depth_at_the_bound_one_past_negative_fractional_and_huge() {
        let limit = |v: &str| format!(r#"{{"graph": {{"limit": {v}}}}}"#);
        assert_eq!(GraphQuery::parse(&limit("1000")).unwrap().limit, MAX_LIMIT);
        assert_eq!(GraphQuery::parse(&limit("1")).unwrap().limit, 1);
        for bad in [
            "1001",
            "0",
            "-1",
            "2.5",
            "1e30",
            "18446744073709551616",
            "4294967296",
        ] {
            out_of_range(&limit(bad), "graph.limit");
        }
        let depth = |v: &str| format!(r#"{{"traverse": {{"depth": {v}}}}}"#);
        let q = GraphQuery::parse(&depth("6")).unwrap();
        assert_eq!(q.traverse.unwrap().depth, MAX_DEPTH);
        for bad in ["7", "0", "-3", "1.5", "99999999999999999999"] {
            out_of_range(&depth(bad), "traverse.depth");
        }
        let tlimit = |v: &str| format!(r#"{{"traverse": {{"limit": {v}}}}}"#);
        assert_eq!(
            GraphQuery::parse(&tlimit("1000"))
                .unwrap()
                .traverse
                .unwrap()
                .limit,
            MAX_LIMIT
        );
        for bad in ["1001", "0", "-1"] {
            out_of_range(&tlimit(bad), "traverse.limit");
        }
        let err = GraphQuery::parse(&limit("-1")).unwrap_err().to_string();
        assert!(
            err.contains("-1") && err.contains("from 1 to 1000"),
            "{err}"
        );
    }

    #[test]
    fn defaults_apply_to_absent_and_null_fields() {
        let q = GraphQuery::parse(r#"{"limit": null, "traverse": {"depth": null}}"#).unwrap();
        assert_eq!(q.limit, DEFAULT_LIMIT);
        assert_eq!(q.traverse, Some(Traversal::new()));
    }

    #[test]
    fn filter_count_at_the_bound_and_one_past() {
        let doc = |n: usize| {
            let filters: Vec<_> = (0..n)
                .map(|i| json!({"key": "NodeId", "value": format!("n{i}")}))
                .collect();
            json!({"start": {"filters": filters}}).to_string()
        };
        assert_eq!(
            GraphQuery::parse(&doc(MAX_FILTERS))
                .unwrap()
                .start
                .filters
                .len(),
            MAX_FILTERS
        );
        assert!(matches!(
            GraphQuery::parse(&doc(MAX_FILTERS + 1)),
            Err(Error::TooMany {
                max: MAX_FILTERS,
                ..
            })
        ));
    }

    #[test]
    fn relation_type_count_at_the_bound_and_one_past() {
        let doc = |n: usize| {
            let types: Vec<String> = (0..n).map(|i| format!("R{i}")).collect();
            json!({"traverse": {"relationTypes": types}}).to_string()
        };
        assert!(GraphQuery::parse(&doc(MAX_TRAVERSAL_RELATION_TYPES)).is_ok());
        assert!(matches!(
            GraphQuery::parse(&doc(MAX_TRAVERSAL_RELATION_TYPES + 1)),
            Err(Error::TooMany { .. })
        ));
        let err = GraphQuery::parse(r#"{"traverse": {"relationTypes": [""]}}"#).unwrap_err();
        assert_eq!(err.field(), Some("traverse.relationTypes[0]"));
    }

    #[test]
    fn filter_values_are_bounded_per_key() {
        let doc = |key: &str, n: usize| {
            json!({"start": {"filters": [{"key": key, "value": "v".repeat(n)}]}}).to_string()
        };
        for (key, max) in [
            ("NodeId", MAX_NODE_ID_CHARS),
            ("Label", MAX_LABEL_CHARS),
            ("NodeType", MAX_CLASS_CHARS),
        ] {
            assert!(GraphQuery::parse(&doc(key, max)).is_ok(), "{key}");
            let err = GraphQuery::parse(&doc(key, max + 1)).unwrap_err();
            assert!(matches!(err, Error::TooLong { .. }), "{key}: {err}");
            assert!(matches!(
                GraphQuery::parse(&doc(key, 0)),
                Err(Error::Empty { .. })
            ));
        }
    }

    #[test]
    fn document_size_at_the_bound_and_one_past() {
        let pad = MAX_QUERY_BYTES - 2;
        let at_limit = format!("{{{}}}", " ".repeat(pad));
        assert_eq!(at_limit.len(), MAX_QUERY_BYTES);
        assert!(GraphQuery::parse(&at_limit).is_ok());
        let past = format!(" {at_limit}");
        assert!(matches!(
            GraphQuery::parse(&past),
            Err(Error::QueryTooLarge { .. })
        ));
    }

    #[test]
    fn check_catches_queries_built_in_code() {
        assert!(GraphQuery::new().limit(0).check().is_err());
        assert!(GraphQuery::new().limit(MAX_LIMIT + 1).check().is_err());
        let deep = GraphQuery::new().traverse(Traversal::new().depth(MAX_DEPTH + 1));
        let err = deep.check().unwrap_err();
        assert_eq!(err.field(), Some("graph.traverse.depth"));
        assert!(
            GraphQuery::new()
                .filter(FilterKey::Label, " padded")
                .check()
                .is_err()
        );
    }
}
