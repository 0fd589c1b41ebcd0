//! # kenning-vocab
//!
//! The memory vocabulary of [Kenning](https://docs.rs/kenning): the entity classes formed memory
//! is classified against and the relation types it is expected to use. This crate holds the
//! model, its validation against the bounds (V1–V5), the JSON/YAML body shapes of the seed
//! (V8–V10), the prompt section rendered for an extraction model (V12) and the diff of two
//! declarations (V13).
//!
//! ```
//! use kenning_vocab::{Declaration, Format, RelationType, Vocabulary, VocabularyDiff};
//!
//! let body = r#"
//! vocabulary:
//!   entityClasses:
//!     - name: Person
//!       description: an individual human being, including colleagues
//!     - name: Organization
//!       description: a company, employer, school or agency
//!   relationTypes:
//!     - name: WORKS_AT
//!       description: employment of a person by an organization
//!       signatures: [{sourceClass: Person, targetClass: Organization}]
//! "#;
//! let declared = Declaration::parse(body, Format::Auto)?;
//! assert!(declared.vocabulary.render().contains("- Person: an individual human being"));
//!
//! let narrower = Vocabulary::empty().with_class("Person", "an individual human being");
//! let diff = VocabularyDiff::between(Some(&declared.vocabulary), &narrower);
//! assert_eq!(diff.dropped_classes, ["Organization"]);
//! # Ok::<(), kenning_vocab::Error>(())
//! ```
//!
//! ## What this crate is not
//!
//! It knows nothing about storage, scopes, principals or formation: declaring at a level,
//! resolving across levels at read time and access checks belong to the `kenning` facade. The only
//! level logic here is the pure three-state table of [`VocabularyRead`]. A vocabulary steers
//! formation and gates nothing: nothing in this crate validates a graph write against it.
//!
//! ## Choices the seed leaves open
//!
//! - Names are case-sensitive and may use Unicode letters and digits (see [`name`]).
//! - Unknown fields in a body are rejected, naming the field, so a typo cannot declare an empty
//!   vocabulary by accident.
//! - Descriptions are stored exactly as declared; line breaks are flattened when rendering.
//! - A signature repeated on one relation type is rejected.
//! - YAML means what JSON means. A list or a description that is present but null (JSON
//!   `null`; YAML `~`, `null`, or a key with nothing after it, as a commented-out list leaves
//!   it) is refused with the same message in both syntaxes, never read as an empty list (which
//!   would silently turn classification off, V8) or as the text `"~"`; omit the field instead.
//!   A list where the vocabulary object belongs is refused too.
//! - Under [`Format::Auto`] a body starting with `{` is JSON, or YAML in flow style when it is
//!   not JSON (`{entityClasses: [{name: Person}]}`); when it is neither, the error gives both
//!   parsers' messages.

#![deny(missing_docs)]

mod body;
mod diff;
mod error;
mod model;
pub mod name;
mod quote;
mod render;

pub use body::{Declaration, Format, MAX_BODY_BYTES, VocabularyRead};
pub use diff::{Redescribed, Resigned, VocabularyDiff};
pub use error::Error;
pub use model::{
    EntityClass, MAX_DESCRIPTION_CHARS, MAX_ENTITY_CLASSES, MAX_NAME_CHARS, MAX_RELATION_TYPES,
    MAX_SIGNATURES, RelationType, Signature, Vocabulary,
};
pub use quote::{QUOTE_CHARS, quote};
pub use render::{CLASSES_HEADER, RELATIONS_HEADER, SECTION_HEADER, flatten};
