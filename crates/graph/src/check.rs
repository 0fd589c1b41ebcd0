//! The bounds of the graph and the one rule for its text fields.

use crate::error::Error;

/// At most this many characters in a node id.
pub const MAX_NODE_ID_CHARS: usize = 256;
/// At most this many characters in a node label.
pub const MAX_LABEL_CHARS: usize = 256;
/// At most this many characters in a node class (`nodeType`): the graph's own storage bound. The
/// vocabulary's name bound (64 characters) is a prompt-size bound for declarations and does not
/// apply here: a caller writing to the graph may use any class (G5).
pub const MAX_CLASS_CHARS: usize = 1024;
/// At most this many characters in an edge's relation type: the graph's own storage bound, not
/// the vocabulary's name bound, since a relation type is recorded exactly as given (G8).
pub const MAX_RELATION_TYPE_CHARS: usize = 1024;
/// At most this many bytes in a node's or an edge's properties, serialized as JSON.
pub const MAX_PROPERTIES_BYTES: usize = 64 * 1024;
/// At most this many nodes in one commit.
pub const MAX_COMMIT_NODES: usize = 10_000;
/// At most this many edges in one commit.
pub const MAX_COMMIT_EDGES: usize = 10_000;

/// Checks a node id against the text rule the graph applies to ids (non-empty, at most
/// [`MAX_NODE_ID_CHARS`] characters, no control character, no leading or trailing whitespace),
/// naming the field `field()` in the error. For callers that look nodes up by ids they were
/// given, before building keys from them.
///
/// # Errors
/// [`Error::Empty`], [`Error::TooLong`], [`Error::ControlChar`], [`Error::Untrimmed`].
pub fn check_node_id(field: impl Fn() -> String, id: &str) -> Result<(), Error> {
    text(field, id, MAX_NODE_ID_CHARS)
}

/// Checks that `value` lies in `min..=max`, naming the field `field()` in the error.
///
/// # Errors
/// [`Error::OutOfRange`].
pub(crate) fn range(
    field: impl Fn() -> String,
    value: u64,
    min: u32,
    max: u32,
) -> Result<(), Error> {
    if value < u64::from(min) || value > u64::from(max) {
        return Err(Error::OutOfRange {
            field: field(),
            value: value.to_string(),
            min: min.into(),
            max: max.into(),
        });
    }
    Ok(())
}

/// What an empty value should have been instead, for the error message.
pub(crate) const REQUIRED: &str = "give it at least one character";

/// The text rule of ids, labels and their filter values: non-empty, at most `max` characters, no
/// control character, no leading or trailing whitespace.
///
/// Unlike vocabulary names, spaces and punctuation are allowed inside: a label is a display name
/// ("Ada Lovelace") and an id is whatever the caller keys entities by.
pub(crate) fn text(field: impl Fn() -> String, value: &str, max: usize) -> Result<(), Error> {
    scan(&field, value, max, REQUIRED, |ch, at| {
        ch.is_control().then(|| Error::ControlChar {
            field: field(),
            ch,
            at,
        })
    })?;
    if value.starts_with(char::is_whitespace) || value.ends_with(char::is_whitespace) {
        return Err(Error::Untrimmed {
            field: field(),
            value: value.to_owned(),
        });
    }
    Ok(())
}

/// The rule of classes and relation types (and of the filters that name them): non-empty, at
/// most `max` characters, no NUL. Nothing else: they are recorded exactly as given (G5, G8), so
/// `"works at "` is a relation type of its own, distinct from `"works at"`. NUL is the one
/// character a key part cannot hold (see `store`); a class is never empty, since an empty class
/// field means no class.
pub(crate) fn stored_name(
    field: impl Fn() -> String,
    value: &str,
    max: usize,
    empty_hint: &'static str,
) -> Result<(), Error> {
    scan(&field, value, max, empty_hint, |ch, at| {
        (ch == '\0').then(|| Error::Nul { field: field(), at })
    })
}

/// What both rules check: the value is not empty (`empty_hint` says what to do instead), no
/// character is refused by `refuse` (which gets it and its position, counted in characters),
/// and there are at most `max` characters.
fn scan(
    field: &impl Fn() -> String,
    value: &str,
    max: usize,
    empty_hint: &'static str,
    refuse: impl Fn(char, usize) -> Option<Error>,
) -> Result<(), Error> {
    if value.is_empty() {
        return Err(Error::Empty {
            field: field(),
            hint: empty_hint,
        });
    }
    let mut len = 0;
    for (at, ch) in value.chars().enumerate() {
        if let Some(refused) = refuse(ch, at) {
            return Err(refused);
        }
        len = at + 1;
    }
    if len > max {
        return Err(Error::TooLong {
            field: field(),
            len,
            max,
        });
    }
    Ok(())
}

/// [`stored_name`] for a class.
pub(crate) fn class(field: impl Fn() -> String, value: &str) -> Result<(), Error> {
    stored_name(
        field,
        value,
        MAX_CLASS_CHARS,
        "omit nodeType for a node with no class; a class is never an empty string",
    )
}

/// [`stored_name`] for a relation type.
pub(crate) fn relation_type(field: impl Fn() -> String, value: &str) -> Result<(), Error> {
    stored_name(field, value, MAX_RELATION_TYPE_CHARS, REQUIRED)
}

/// A scope id as the graph keys it: text without control characters, so that it cannot run
/// into the key parts after it. The facade's scope id rule is stricter.
pub(crate) fn scope(scope: &str) -> Result<(), Error> {
    text(|| "scope".to_owned(), scope, MAX_SCOPE_CHARS)
}

/// The longest scope id the graph accepts (the facade's own bound is lower).
const MAX_SCOPE_CHARS: usize = 1024;

pub(crate) fn count(
    field: &str,
    count: usize,
    max: usize,
    hint: &'static str,
) -> Result<(), Error> {
    if count > max {
        return Err(Error::TooMany {
            field: field.to_owned(),
            count,
            max,
            hint,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f() -> String {
        "x".to_owned()
    }

    #[test]
    fn accepts_inner_spaces_and_punctuation() {
        for ok in [
            "Ada Lovelace",
            "works at",
            "urn:isbn:0451450523",
            "Organização",
            "a",
        ] {
            assert!(text(f, ok, 64).is_ok(), "{ok:?}");
        }
    }

    #[test]
    fn rejects_empty_control_and_untrimmed() {
        assert!(matches!(text(f, "", 64), Err(Error::Empty { .. })));
        for bad in ["a\nb", "a\tb", "a\u{0}b", "a\u{7f}b", "\u{85}"] {
            assert!(
                matches!(text(f, bad, 64), Err(Error::ControlChar { .. })),
                "{bad:?}"
            );
        }
        for bad in [" a", "a ", "\u{a0}a", "a\u{2003}", " "] {
            assert!(
                matches!(text(f, bad, 64), Err(Error::Untrimmed { .. })),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn g8_classes_and_relation_types_are_kept_as_given_but_nul() {
        for ok in [" works at", "works at ", "a\tb", "line\nbreak", "\u{a0}"] {
            assert!(class(f, ok).is_ok(), "{ok:?}");
            assert!(relation_type(f, ok).is_ok(), "{ok:?}");
        }
        assert!(matches!(class(f, "a\0b"), Err(Error::Nul { at: 1, .. })));
        assert!(matches!(
            relation_type(f, "\0"),
            Err(Error::Nul { at: 0, .. })
        ));
        assert!(matches!(relation_type(f, ""), Err(Error::Empty { .. })));
    }

    #[test]
    fn bound_counts_characters_at_the_limit_and_one_past() {
        assert!(text(f, &"é".repeat(64), 64).is_ok());
        assert!(matches!(
            text(f, &"é".repeat(65), 64),
            Err(Error::TooLong {
                len: 65,
                max: 64,
                ..
            })
        ));
    }
}
