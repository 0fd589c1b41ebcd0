//! The term crate's error type.

/// Why a term-index operation failed.
///
/// The analysis functions never fail; only storage can. Every variant means the store could not
/// be read or written as expected, so a host maps all of them to a storage error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// redb failed underneath.
    #[error("term index storage: {0}")]
    Storage(#[from] kenning_table::StorageError),

    /// A record in one of the term tables cannot be decoded.
    #[error("a record in table {table} is corrupt ({detail}); restore the store from a backup")]
    Corrupt {
        /// The table, e.g. `term.postings`.
        table: &'static str,
        /// What was wrong with it.
        detail: String,
    },

    /// A record was written by a newer version of the term index.
    #[error(
        "a record in table {table} has format {format}, newer than this build reads \
         ({supported}): upgrade kenning"
    )]
    NewerFormat {
        /// The table.
        table: &'static str,
        /// The record's format byte.
        format: u8,
        /// The format this build writes.
        supported: u8,
    },

    /// The index was written with an analysis version newer than this build knows: its terms
    /// cannot be met by this build's queries.
    #[error(
        "the term index records analysis version {version}, newer than this build knows \
         ({supported}): upgrade kenning"
    )]
    NewerAnalysis {
        /// The recorded version.
        version: u64,
        /// The newest version this build knows.
        supported: u64,
    },

    /// A document id was not above every id indexed in its scope before. Ids must increase
    /// within a scope: it keeps segments in document order.
    #[error("document {doc} is out of order: ids in this scope must be at least {least}")]
    OutOfOrder {
        /// The document id.
        doc: u64,
        /// The least id the scope accepts next.
        least: u64,
    },

    /// A document id was indexed twice. Ids name documents for their whole life: remove the
    /// document first, or index it under a new id.
    #[error("document {doc} is already indexed: remove it first or use a new id")]
    DuplicateDoc {
        /// The document id.
        doc: u64,
    },
}

/// The term crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// Which of the three outcomes this error is (the kinds every component crate shares):
    /// always [`ErrorKind::Storage`](kenning_table::ErrorKind::Storage), since the analysis
    /// never fails and every other error means the index could not be read or written as
    /// expected.
    #[must_use]
    pub fn kind(&self) -> kenning_table::ErrorKind {
        kenning_table::ErrorKind::Storage
    }
}
