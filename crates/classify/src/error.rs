//! The classifier's error type.

/// Why a classification was not produced, or a request not accepted.
///
/// [`Error::Underivable`] is the classifier's answer "no cue, no guess" (K3, K4): the input was
/// well-formed, and the fix is to pass `kind`. Every other variant is an invalid argument whose
/// message names the field, the bound and the fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No kind was supplied and none could be derived from the content (K3, K4).
    #[error(
        "{}",
        match copula {
            Some(copula) => format!(
                "no kind could be derived from the content: it reads as a declarative sentence \
                 ({copula:?}) without an entity anchor (an acronym, a number, a path, a dotted \
                 name or a `backtick` token), so it is not a fact, and no other English or \
                 Portuguese cue matched. Nothing is guessed: pass `kind` explicitly"
            ),
            None => "no kind could be derived from the content: no English or Portuguese cue \
                     matched. Nothing is guessed: pass `kind` explicitly (content in other \
                     languages always needs it)"
                .to_owned(),
        }
    )]
    Underivable {
        /// The copular or declarative verb seen, when the content read as a declarative sentence
        /// that the entity gate turned away.
        copula: Option<String>,
    },

    /// The content is empty or only whitespace.
    #[error("content is empty: send the text of the memory to classify")]
    EmptyContent,

    /// The content is longer than [`MAX_CONTENT_BYTES`](crate::MAX_CONTENT_BYTES).
    #[error(
        "content is {len} bytes; the bound is {max}: classify a memory, not a document (split it, or pass its summary)"
    )]
    ContentTooLarge {
        /// Bytes given.
        len: usize,
        /// The bound.
        max: usize,
    },

    /// The bytes given to [`classify_bytes`](crate::classify_bytes) are not UTF-8.
    #[error(
        "content is not valid UTF-8 (first invalid byte at offset {valid_up_to}): send UTF-8 text"
    )]
    InvalidUtf8 {
        /// Length of the valid UTF-8 prefix.
        valid_up_to: usize,
    },

    /// A closed-set field holds a value outside its set.
    #[error("{field} {} is not one of the accepted values: use one of {}", kenning_vocab::quote(value), valid.join(", "))]
    UnknownValue {
        /// The field, as on the wire (`kind`, `scope`, `origin`, ...).
        field: &'static str,
        /// The value as given.
        value: String,
        /// Every accepted value.
        valid: &'static [&'static str],
    },

    /// A request names the capsule twice, as `capsule_id` and as its alias `id` (K9).
    #[error(
        "the request sets both `capsule_id` and `id`: `id` is an alias of `capsule_id`, so sending both is a duplicate field even when they are equal; send `capsule_id` alone"
    )]
    DuplicateCapsuleId,

    /// An advisory request (no capsule id) carries an epistemic field (K8).
    #[error(
        "{field} is an annotation of a stored capsule, and this call names none: add `capsule_id` to persist it, or drop `{field}` for an advisory classification"
    )]
    EpistemicsWithoutCapsule {
        /// The epistemic field given (`evidence_state`, `proof_hint` or `stale_if`).
        field: &'static str,
    },

    /// A string field is present but empty or only whitespace.
    #[error(
        "{field} is empty: omit the field to keep what is stored (an omitted field never clears a stored one), or send a value"
    )]
    EmptyField {
        /// The field, as on the wire.
        field: &'static str,
    },

    /// A string field is longer than its bound.
    #[error("{field} is {len} bytes; the bound is {max}: shorten it")]
    FieldTooLong {
        /// The field, as on the wire.
        field: &'static str,
        /// Bytes given.
        len: usize,
        /// The bound.
        max: usize,
    },

    /// A request body could not be read (malformed JSON, wrong shape, unknown field).
    #[error("the request is malformed: {message}")]
    Malformed {
        /// The parser's message.
        message: String,
    },
}

impl Error {
    /// Whether this is the "no cue, no guess" answer (SPEC §12 code `UNDERIVABLE`) rather than an
    /// invalid argument.
    pub fn is_underivable(&self) -> bool {
        matches!(self, Self::Underivable { .. })
    }
}
