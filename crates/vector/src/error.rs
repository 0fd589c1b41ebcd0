//! The vector crate's error type.

/// Why an embedding, a query, a request or a storage step was not accepted.
///
/// Every message names the field, the bound that failed and how to fix it. [`Error::kind`] says
/// which of the facade's stable codes the error belongs to, so the facade maps it without
/// matching every variant.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The vector has no component (E3).
    #[error(
        "{field} is empty: send the embedder's vector, 1 to {max} f32 components",
        max = crate::MAX_DIMENSION
    )]
    Empty {
        /// The field, e.g. `embedding` or `query_embedding`.
        field: &'static str,
    },

    /// The vector has more components than [`MAX_DIMENSION`](crate::MAX_DIMENSION).
    #[error(
        "{field} has {dimension} components; the bound is {max}: send the embedder's vector, \
         not a concatenation",
        max = crate::MAX_DIMENSION
    )]
    TooLong {
        /// The field.
        field: &'static str,
        /// Components given.
        dimension: usize,
    },

    /// A component is NaN or infinite (E3).
    #[error(
        "{field}[{index}] is {value}: cosine is undefined for non-finite components; check the \
         embedder's output (a JSON number beyond ±3.4e38 also overflows to infinity)"
    )]
    NonFinite {
        /// The field.
        field: &'static str,
        /// Position of the first bad component.
        index: usize,
        /// The component (NaN, inf or -inf).
        value: f32,
    },

    /// Every component is zero, so the vector has no direction (E3).
    #[error(
        "{field} has zero magnitude (every component is 0): cosine is undefined for it; send the \
         embedder's actual output"
    )]
    ZeroMagnitude {
        /// The field.
        field: &'static str,
    },

    /// The magnitude is outside the normal range of `f32`, where the scan's `f32` cosine keeps
    /// a finite inverse magnitude and a finite dot product.
    #[error(
        "{field} has magnitude {magnitude:e}, outside {min:e}..={max:e} (f32::MIN_POSITIVE to \
         f32::MAX), the magnitudes the f32 cosine scan scores without overflow: scale the vector \
         (cosine ignores length), e.g. normalise it to unit length",
        min = crate::MIN_MAGNITUDE,
        max = crate::MAX_MAGNITUDE
    )]
    Magnitude {
        /// The field.
        field: &'static str,
        /// The vector's Euclidean length, computed in `f64`.
        magnitude: f64,
    },

    /// The model tag is empty or only whitespace (E1, E3).
    #[error(
        "{field} is empty: name the model that produced the embedding (e.g. \"all-MiniLM-L6-v2\"); \
         it is mandatory provenance"
    )]
    EmptyModelTag {
        /// The field, `model_tag`.
        field: &'static str,
    },

    /// The model tag is longer than [`MAX_MODEL_TAG_BYTES`](crate::MAX_MODEL_TAG_BYTES).
    #[error(
        "{field} is {len} bytes long; the bound is {max}: use the model's short name",
        max = crate::MAX_MODEL_TAG_BYTES
    )]
    ModelTagTooLong {
        /// The field.
        field: &'static str,
        /// Bytes given.
        len: usize,
    },

    /// The vector's dimension differs from the store's resident dimension (E3 on attach, R3 on
    /// a query).
    #[error("{field} has {got} dimensions but {}: {fix}", expected(*resident, model_tag))]
    DimensionMismatch {
        /// The field.
        field: &'static str,
        /// Dimension given.
        got: usize,
        /// The store's dimension.
        resident: u32,
        /// The store's resident model tag (empty for a scope built outside a store).
        model_tag: String,
        /// How to fix it (differs for an attach and a query).
        fix: &'static str,
    },

    /// The attach names another model than the store's resident one (E2). One embedder per
    /// store: two model spaces never meet in one cosine lane.
    #[error(
        "model_tag {} differs from this store's resident embedder {} ({dimension} \
         dimensions), elected by the first attach; one embedder per store, so vectors of two \
         models never meet in one cosine lane. Embed with {1}, or migrate explicitly: clear \
         every embedding in the store, then re-attach each capsule's vector under {0}",
        kenning_vocab::quote(got),
        kenning_vocab::quote(resident)
    )]
    ModelTagMismatch {
        /// The tag given.
        got: String,
        /// The store's resident tag.
        resident: String,
        /// The store's resident dimension.
        dimension: u32,
    },

    /// A request body is malformed (missing field, conflicting alias, bad capsule id).
    #[error("{field}: {message}")]
    InvalidRequest {
        /// The field, e.g. `id`.
        field: &'static str,
        /// What is wrong and how to fix it.
        message: String,
    },

    /// A fusion parameter is out of bounds (R6).
    #[error("{field} is {value}: {message}")]
    InvalidParameter {
        /// The parameter, e.g. `fusion.k`.
        field: &'static str,
        /// The value given.
        value: f64,
        /// The bound and the fix.
        message: &'static str,
    },

    /// The store could not be read or written, or holds a record this build cannot read.
    #[error("storage: {message}")]
    Storage {
        /// What failed and, where knowable, what to do.
        message: String,
        /// The underlying error.
        #[source]
        source: Option<Box<dyn std::error::Error + Send + Sync>>,
    },
}

fn expected(dimension: u32, model_tag: &str) -> String {
    if model_tag.is_empty() {
        format!("the vectors here have {dimension}")
    } else {
        format!("this store's embeddings have {dimension} (model {model_tag:?})")
    }
}

pub use kenning_table::ErrorKind;

impl Error {
    /// The family of this error.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        match self {
            Self::ModelTagMismatch { .. } => ErrorKind::FailedPrecondition,
            Self::Storage { .. } => ErrorKind::Storage,
            Self::Empty { .. }
            | Self::TooLong { .. }
            | Self::NonFinite { .. }
            | Self::ZeroMagnitude { .. }
            | Self::Magnitude { .. }
            | Self::EmptyModelTag { .. }
            | Self::ModelTagTooLong { .. }
            | Self::DimensionMismatch { .. }
            | Self::InvalidRequest { .. }
            | Self::InvalidParameter { .. } => ErrorKind::InvalidArgument,
        }
    }

    /// A record of `table` whose format byte is `format`, above the `reads` this build reads.
    pub(crate) fn newer_format(table: &str, format: u8, reads: u8) -> Self {
        Self::Storage {
            message: format!(
                "a record in table {table} has format {format}, newer than this build of kenning \
                 reads ({reads}): upgrade kenning"
            ),
            source: None,
        }
    }

    pub(crate) fn corrupt(table: &str, what: impl std::fmt::Display) -> Self {
        Self::Storage {
            message: format!(
                "a record in table {table} is corrupt ({what}); the embeddings are a sidecar, so \
                 clearing them loses no capsule: restore from a backup or clear and re-attach"
            ),
            source: None,
        }
    }
}

impl From<kenning_table::StorageError> for Error {
    fn from(e: kenning_table::StorageError) -> Self {
        Self::Storage {
            message: e.to_string(),
            source: Some(Box::new(e)),
        }
    }
}

/// This crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
