//! How an error message quotes a value the caller supplied: in full when it is short, else a
//! prefix and its length, so a 10 MB id never makes a 10 MB message.

/// At most this many characters of a caller's value are quoted in an error message.
pub const QUOTE_CHARS: usize = 80;

/// `value` as an error message quotes it: Debug-quoted in full when it has at most
/// [`QUOTE_CHARS`] characters, else its first [`QUOTE_CHARS`] characters, an ellipsis and its
/// length in characters.
///
/// ```
/// use kenning_vocab::quote;
/// assert_eq!(quote("cap-x"), "\"cap-x\"");
/// let long = "x".repeat(10_000);
/// assert_eq!(quote(&long), format!("\"{}…\" (10000 characters)", "x".repeat(80)));
/// ```
#[must_use]
pub fn quote(value: &str) -> String {
    match value.char_indices().nth(QUOTE_CHARS) {
        None => format!("{value:?}"),
        Some((cut, _)) => {
            let prefix = format!("{:?}", &value[..cut]);
            let open = prefix.strip_suffix('"').unwrap_or(&prefix);
            format!("{open}…\" ({} characters)", value.chars().count())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_are_quoted_whole_and_long_ones_cut_with_their_length() {
        assert_eq!(quote(""), "\"\"");
        let exact = "é".repeat(QUOTE_CHARS);
        assert_eq!(quote(&exact), format!("{exact:?}"));
        let over = "é".repeat(QUOTE_CHARS + 1);
        let quoted = quote(&over);
        assert!(quoted.ends_with("…\" (81 characters)"), "{quoted}");
        assert_eq!(quoted.matches('é').count(), QUOTE_CHARS);
        // Control characters stay escaped, so a value cannot break the message's line.
        assert_eq!(quote("a\nb"), "\"a\\nb\"");
        let huge = "y".repeat(10 << 20);
        assert!(quote(&huge).len() < 120);
    }
}
