//! The vocabulary crate's error type.

use crate::name::NameProblem;

/// Why a vocabulary body was not accepted. Every variant is an invalid-argument error: the
/// caller's input is wrong, and the message says which field, which bound and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A list is longer than its bound (V2).
    #[error("{field} has {count} entries; the bound is {max}: remove or merge entries")]
    TooMany {
        /// JSON path of the list.
        field: String,
        /// Entries given.
        count: usize,
        /// The bound.
        max: usize,
    },
    /// A class or relation name breaks the name rule (V2, V3).
    #[error("{field} {} {problem}", crate::quote(name))]
    InvalidName {
        /// JSON path of the name.
        field: String,
        /// The name as given.
        name: String,
        /// What is wrong with it.
        problem: NameProblem,
    },
    /// A description is longer than its bound (V2).
    #[error("{field} is {len} characters long; the bound is {max}: shorten the description")]
    DescriptionTooLong {
        /// JSON path of the description.
        field: String,
        /// Characters given.
        len: usize,
        /// The bound.
        max: usize,
    },
    /// The same class or relation type is declared twice (V4).
    #[error(
        "{field} declares {what} {} a second time: each name may appear once",
        crate::quote(name)
    )]
    Duplicate {
        /// JSON path of the second occurrence.
        field: String,
        /// The repeated name.
        name: String,
        /// `"entity class"` or `"relation type"`.
        what: &'static str,
    },
    /// A signature names a class this declaration does not declare (V4).
    #[error(
        "{field} names class {}, which this declaration does not declare: add it to entityClasses or fix the signature",
        crate::quote(class)
    )]
    UndeclaredClass {
        /// JSON path of the signature end.
        field: String,
        /// The undeclared class.
        class: String,
    },
    /// A relation type lists the same signature twice.
    #[error("{field} repeats the signature {source_class} -> {target_class}: list it once")]
    DuplicateSignature {
        /// JSON path of the repeated signature.
        field: String,
        /// Its source class.
        source_class: String,
        /// Its target class.
        target_class: String,
    },
    /// A declaration body carries no vocabulary (V8).
    #[error(
        "the body has no `vocabulary` field: a declaration always carries a vocabulary. Send {{\"vocabulary\": {{\"entityClasses\": []}}}} to turn classification off, or use remove to restore inheritance"
    )]
    MissingVocabulary,
    /// A body mixes the `vocabulary` wrapper with bare `entityClasses`/`relationTypes`.
    #[error(
        "the body has both `vocabulary` and a top-level `{field}`: put `{field}` inside `vocabulary`, or drop the wrapper"
    )]
    MixedBody {
        /// The top-level field that belongs inside the wrapper.
        field: &'static str,
    },
    /// The body is larger than [`MAX_BODY_BYTES`](crate::MAX_BODY_BYTES).
    #[error("the body is {len} bytes; the bound is {max}: a valid declaration is far smaller")]
    BodyTooLarge {
        /// Bytes given.
        len: usize,
        /// The bound.
        max: usize,
    },
    /// The body is not valid JSON or YAML, or has the wrong shape.
    #[error("the body is not a valid {format} declaration: {message}")]
    Malformed {
        /// `"JSON"`, `"YAML"`, or `"JSON or YAML"` when [`Format::Auto`](crate::Format::Auto)
        /// tried both (the message then gives both parsers' messages).
        format: &'static str,
        /// The parser's message, with line and column where the parser gives them.
        message: String,
    },
}
