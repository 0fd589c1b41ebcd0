//! The graph crate's error type.

/// Why a graph write, query or listing failed.
///
/// Every message names the field (as a path into the request, e.g. `nodes[3].label` or
/// `graph.traverse.depth`), the bound that failed and how to fix it. [`Error::kind`] sorts the
/// variants into the three outcomes a caller acts on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A required text field is the empty string.
    #[error("{field} is empty: {hint}")]
    Empty {
        /// Path of the field.
        field: String,
        /// How to fix it (differs for a class, which is omitted rather than emptied).
        hint: &'static str,
    },

    /// A text field has more characters than its bound.
    #[error("{field} is {len} characters long; the bound is {max}: shorten it")]
    TooLong {
        /// Path of the field.
        field: String,
        /// Characters given (Unicode scalar values).
        len: usize,
        /// The bound.
        max: usize,
    },

    /// A text field holds a control character (a line break, a tab, NUL, ...).
    #[error(
        "{field} has the control character {ch:?} at character {at}: ids, labels, classes and \
         relation types are single-line text without control characters"
    )]
    ControlChar {
        /// Path of the field.
        field: String,
        /// The first offending character.
        ch: char,
        /// Its position, counted in characters from 0.
        at: usize,
    },

    /// A class or a relation type holds a NUL character, the one character the graph's keys
    /// cannot hold.
    #[error(
        "{field} holds a NUL character at character {at}: the graph joins key parts with NUL, so \
         a class or relation type cannot contain one; remove it"
    )]
    Nul {
        /// Path of the field.
        field: String,
        /// Its position, counted in characters from 0.
        at: usize,
    },

    /// A text field starts or ends with whitespace, which would make two spellings of one value.
    #[error(
        "{field} {} starts or ends with whitespace: trim it",
        kenning_vocab::quote(value)
    )]
    Untrimmed {
        /// Path of the field.
        field: String,
        /// The value as given.
        value: String,
    },

    /// A list is longer than its bound.
    #[error("{field} has {count} entries; the bound is {max}: {hint}")]
    TooMany {
        /// Path of the list.
        field: String,
        /// Entries given.
        count: usize,
        /// The bound.
        max: usize,
        /// How to fix it.
        hint: &'static str,
    },

    /// A properties object is larger than its bound once serialized.
    #[error(
        "{field} is {len} bytes of JSON; the bound is {max}: keep large content in capsules \
         and reference it from the node"
    )]
    PropertiesTooLarge {
        /// Path of the properties object.
        field: String,
        /// Serialized bytes.
        len: usize,
        /// The bound.
        max: usize,
    },

    /// A number is outside its range, negative, fractional or not a number at all.
    #[error("{field} is {value}; it must be an integer from {min} to {max}")]
    OutOfRange {
        /// Path of the field.
        field: String,
        /// The value as given (JSON text).
        value: String,
        /// The smallest accepted value.
        min: u64,
        /// The largest accepted value.
        max: u64,
    },

    /// A start filter names a key that does not exist.
    #[error(
        "{field} is {}, not a filter key; valid keys: NodeId, Label, NodeType",
        kenning_vocab::quote(key)
    )]
    UnknownFilterKey {
        /// Path of the key.
        field: String,
        /// The key as given.
        key: String,
    },

    /// A traversal direction is not `out`, `in` or `both`.
    #[error(
        "{field} is {}, not a direction; valid directions: out, in, both",
        kenning_vocab::quote(value)
    )]
    UnknownDirection {
        /// Path of the direction.
        field: String,
        /// The value as given.
        value: String,
    },

    /// A query document mixes the `graph` wrapper with bare query fields.
    #[error(
        "the query has both `graph` and a top-level `{field}`: put `{field}` inside `graph`, or \
         drop the wrapper"
    )]
    MixedQuery {
        /// The top-level field that belongs inside the wrapper.
        field: &'static str,
    },

    /// A query document is larger than [`MAX_QUERY_BYTES`](crate::MAX_QUERY_BYTES).
    #[error("the query document is {len} bytes; the bound is {max}: a valid query is far smaller")]
    QueryTooLarge {
        /// Bytes given.
        len: usize,
        /// The bound.
        max: usize,
    },

    /// A query document is not valid JSON, or has the wrong shape.
    #[error("the query document is not valid: {message}")]
    Malformed {
        /// The parser's message, with line and column where it gives them.
        message: String,
    },

    /// An edge names a node that does not exist in the scope, neither stored nor written earlier
    /// in the same commit.
    #[error(
        "{field} names node {}, which this scope does not hold: write the node first, or in \
         the same commit",
        kenning_vocab::quote(id)
    )]
    MissingEndpoint {
        /// Path of the edge end (`edges[2].target`).
        field: String,
        /// The missing node id.
        id: String,
    },

    /// A record was written by a newer version of Kenning.
    #[error(
        "a record in table {table} has format {format}, newer than this build of kenning reads \
         ({supported}): upgrade kenning"
    )]
    NewerFormat {
        /// The table holding it.
        table: &'static str,
        /// The record's format byte.
        format: u8,
        /// The newest format this build reads.
        supported: u8,
    },

    /// A record or an index entry is unreadable or inconsistent.
    #[error("table {table} is corrupt ({detail}): restore the store from a backup")]
    Corrupt {
        /// The table holding it.
        table: &'static str,
        /// What is wrong.
        detail: String,
    },

    /// redb failed underneath: I/O, a full disk, a closed database.
    #[error("storage: {message}")]
    Storage {
        /// redb's message.
        message: String,
        /// The underlying redb error, type-erased so that redb stays out of the API.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

pub use kenning_table::ErrorKind;

impl Error {
    /// Which of the three outcomes this error is (the kinds every component crate shares).
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        match self {
            Self::Empty { .. }
            | Self::TooLong { .. }
            | Self::ControlChar { .. }
            | Self::Nul { .. }
            | Self::Untrimmed { .. }
            | Self::TooMany { .. }
            | Self::PropertiesTooLarge { .. }
            | Self::OutOfRange { .. }
            | Self::UnknownFilterKey { .. }
            | Self::UnknownDirection { .. }
            | Self::MixedQuery { .. }
            | Self::QueryTooLarge { .. }
            | Self::Malformed { .. } => ErrorKind::InvalidArgument,
            Self::MissingEndpoint { .. } => ErrorKind::FailedPrecondition,
            Self::NewerFormat { .. } | Self::Corrupt { .. } | Self::Storage { .. } => {
                ErrorKind::Storage
            }
        }
    }

    /// The path of the offending field, when the error is about one.
    #[must_use]
    pub fn field(&self) -> Option<&str> {
        match self {
            Self::Empty { field, .. }
            | Self::TooLong { field, .. }
            | Self::ControlChar { field, .. }
            | Self::Nul { field, .. }
            | Self::Untrimmed { field, .. }
            | Self::TooMany { field, .. }
            | Self::PropertiesTooLarge { field, .. }
            | Self::OutOfRange { field, .. }
            | Self::UnknownFilterKey { field, .. }
            | Self::UnknownDirection { field, .. }
            | Self::MissingEndpoint { field, .. } => Some(field),
            Self::MixedQuery { field } => Some(field),
            _ => None,
        }
    }
}

impl From<kenning_table::StorageError> for Error {
    fn from(e: kenning_table::StorageError) -> Self {
        Self::Storage {
            message: e.to_string(),
            source: Box::new(e),
        }
    }
}
