//! The one rule for identifiers that end up rendered or keyed: class and relation names, scope
//! ids and metadata keys.
//!
//! A name is non-empty and made only of letters, digits, `_`, `.` and `-`. "Letters" and "digits"
//! are Unicode alphanumerics, so `Organização` is a valid class name. Whitespace, line breaks,
//! control characters, quotes, brackets, `#`, `:` and every other symbol that could change the
//! structure of what a name is rendered into are not.
//! Lengths are counted in Unicode scalar values (`char`s), not bytes.

use std::fmt;

/// Why a string is not a valid name. Carries no field path: the caller's error adds it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameProblem {
    /// The name is the empty string.
    Empty,
    /// The name has more characters than allowed.
    TooLong {
        /// Characters in the name.
        len: usize,
        /// The bound.
        max: usize,
    },
    /// The name holds a character outside letters, digits, `_`, `.` and `-`.
    ForbiddenChar {
        /// The first offending character.
        ch: char,
        /// Its position, counted in characters from 0.
        at: usize,
    },
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("is empty; a name needs at least one letter or digit"),
            Self::TooLong { len, max } => write!(
                f,
                "is {len} characters long; the bound is {max}: shorten it"
            ),
            Self::ForbiddenChar { ch, at } => write!(
                f,
                "has {ch:?} at character {at}; only letters, digits, '_', '.' and '-' are allowed"
            ),
        }
    }
}

/// Whether `ch` may appear in a name.
#[must_use]
pub fn is_name_char(ch: char) -> bool {
    ch.is_alphanumeric() || matches!(ch, '_' | '.' | '-')
}

/// Checks `value` against the name rule with at most `max` characters.
///
/// # Errors
/// The first problem found, checked in the order empty, forbidden character, length (so a name
/// that is both too long and malformed reports the character, which is the harder fix to spot).
pub fn check(value: &str, max: usize) -> Result<(), NameProblem> {
    if value.is_empty() {
        return Err(NameProblem::Empty);
    }
    let mut len = 0;
    for (at, ch) in value.chars().enumerate() {
        if !is_name_char(ch) {
            return Err(NameProblem::ForbiddenChar { ch, at });
        }
        len = at + 1;
    }
    if len > max {
        return Err(NameProblem::TooLong { len, max });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_letters_digits_and_the_three_marks() {
        assert_eq!(check("WORKS_AT", 64), Ok(()));
        assert_eq!(check("bot.support-2", 64), Ok(()));
        assert_eq!(check("Organização", 64), Ok(()));
    }

    #[test]
    fn rejects_each_forbidden_class() {
        for bad in [
            "a b",
            "a\nb",
            "a\tb",
            "a:b",
            "a#b",
            "a/b",
            "a\u{0}b",
            "a\u{202e}b",
            "a\"b",
            "a{b",
            "a*b",
            "a😀b",
        ] {
            assert!(
                matches!(
                    check(bad, 64),
                    Err(NameProblem::ForbiddenChar { at: 1, .. })
                ),
                "{bad:?} must be rejected"
            );
        }
    }

    #[test]
    fn bound_counts_characters_not_bytes() {
        let at_limit = "é".repeat(64);
        assert_eq!(check(&at_limit, 64), Ok(()));
        let past = "é".repeat(65);
        assert_eq!(
            check(&past, 64),
            Err(NameProblem::TooLong { len: 65, max: 64 })
        );
    }

    #[test]
    fn empty_is_rejected() {
        assert_eq!(check("", 64), Err(NameProblem::Empty));
    }
}
