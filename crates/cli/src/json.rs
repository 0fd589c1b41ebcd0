//! JSON text as clients write it: lone UTF-16 surrogate escapes (a JavaScript string cut inside
//! an emoji), which serde_json refuses, found and replaced; and the top-level member a byte of
//! a line belongs to, to name the field of an error serde_json places by column only.

use std::borrow::Cow;

/// The byte offsets of every lone surrogate escape (`\uD800`–`\uDFFF` without its other half)
/// in the strings of `text`.
pub(crate) fn lone_surrogates(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    // Fast path: no `\u` escape of a surrogate anywhere.
    if !bytes
        .windows(3)
        .any(|w| w[0] == b'\\' && w[1] == b'u' && matches!(w[2], b'd' | b'D'))
    {
        return Vec::new();
    }
    let unit = |at: usize| -> Option<u16> { u16::from_str_radix(text.get(at..at + 4)?, 16).ok() };
    let mut found = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !in_string {
            in_string = b == b'"';
            i += 1;
            continue;
        }
        match b {
            b'"' => {
                in_string = false;
                i += 1;
            }
            b'\\' if bytes.get(i + 1) == Some(&b'u') => {
                let Some(first) = unit(i + 2) else {
                    i += 2;
                    continue;
                };
                let high = (0xD800..0xDC00).contains(&first);
                let low = (0xDC00..0xE000).contains(&first);
                if high
                    && bytes.get(i + 6) == Some(&b'\\')
                    && bytes.get(i + 7) == Some(&b'u')
                    && unit(i + 8).is_some_and(|u| (0xDC00..0xE000).contains(&u))
                {
                    i += 12; // a well-formed pair
                } else {
                    if high || low {
                        found.push(i);
                    }
                    i += 6;
                }
            }
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    found
}

/// `text` with every lone UTF-16 surrogate escape replaced by `\uFFFD`, the replacement
/// character; borrowed when there is none.
pub(crate) fn replace_lone_surrogates(text: &str) -> Cow<'_, str> {
    let found = lone_surrogates(text);
    if found.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for at in found {
        out.push_str(text.get(last..at).unwrap_or_default());
        out.push_str("\\uFFFD");
        last = at + 6;
    }
    out.push_str(text.get(last..).unwrap_or_default());
    Cow::Owned(out)
}

/// The key of the top-level object member whose value holds byte `offset` of `text`, if
/// `text` is an object and `offset` falls in a member's value.
pub(crate) fn member_at(text: &str, offset: usize) -> Option<String> {
    let bytes = text.as_bytes();
    let (mut depth, mut in_string, mut escape) = (0_usize, false, false);
    let mut key_start = None;
    let mut key: Option<String> = None;
    let mut expect_key = false;
    for (i, &b) in bytes.iter().enumerate() {
        if i == offset {
            return if depth >= 1 && !expect_key { key } else { None };
        }
        if in_string {
            if escape {
                escape = false;
            } else if b == b'\\' {
                escape = true;
            } else if b == b'"' {
                in_string = false;
                if let Some(start) = key_start.take() {
                    key = serde_json::from_str(text.get(start..=i)?).ok();
                    expect_key = false;
                }
            }
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                if depth == 1 && expect_key {
                    key_start = Some(i);
                }
            }
            b'{' | b'[' => {
                depth += 1;
                if depth == 1 {
                    expect_key = b == b'{';
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => expect_key = true,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn lone_surrogates_are_found_replaced_and_placed_in_their_member() {
        let cut = r#"{"s":"Ana sent \ud83d\ude80\ud83d"}"#;
        let fixed = replace_lone_surrogates(cut);
        let value: serde_json::Value = serde_json::from_str(&fixed).unwrap();
        assert_eq!(value["s"], "Ana sent 🚀\u{fffd}");
        let low = replace_lone_surrogates(r#"["\uDC00x", "\\ud800", "\ud800\u0041"]"#);
        let value: serde_json::Value = serde_json::from_str(&low).unwrap();
        assert_eq!(
            value,
            serde_json::json!(["\u{fffd}x", "\\ud800", "\u{fffd}A"])
        );
        assert!(matches!(
            replace_lone_surrogates(r#"{"a":"\u00e9"}"#),
            Cow::Borrowed(_)
        ));
        assert!(matches!(
            replace_lone_surrogates(r#"{"a":"\ud83d\ude80"}"#),
            Cow::Borrowed(_)
        ));
        // Without the replacement, serde_json refuses the text: the reason this exists.
        assert!(serde_json::from_str::<serde_json::Value>(cut).is_err());

        let line = r#"{"content": "ok", "metadata": {"k": "\udc00"}, "origin": "x"}"#;
        let at = lone_surrogates(line)[0];
        assert_eq!(member_at(line, at).as_deref(), Some("metadata"));
        assert_eq!(member_at(line, 14).as_deref(), Some("content"));
        assert_eq!(member_at(line, 3), None);
        assert_eq!(member_at("[1, 2]", 1), None);
    }
}
