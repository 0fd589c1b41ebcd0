//! Case and diacritic folding: the one text form that cues are written in and matched against.
//!
//! Folding lowercases, decomposes compatibly (NFKD: full-width letters, ligatures and
//! superscripts become their plain forms), drops combining marks (`ação` → `acao`), drops
//! invisible format characters (`ig\u{200b}nore` → `ignore`), maps typographic quotes and
//! dashes to ASCII and collapses every run of whitespace to one space. Line breaks are
//! remembered apart, because a line break opens a sentence the way a full stop does.

use unicode_normalization::char::{decompose_compatible, is_combining_mark};

/// Folded text, with the positions of the spaces that stood for a line break.
#[derive(Debug, Default)]
pub(crate) struct Folded {
    /// The folded text.
    pub(crate) text: String,
    /// Byte offsets in `text` of spaces that replaced whitespace containing a line break.
    pub(crate) breaks: Vec<usize>,
}

impl Folded {
    /// Folds `input`.
    pub(crate) fn new(input: &str) -> Self {
        let mut folded = Folded {
            text: String::with_capacity(input.len()),
            breaks: Vec::new(),
        };
        let mut pending_space = false;
        let mut pending_break = false;
        // Leading whitespace is dropped: `pending_space` is only honoured after some text.
        let push = |folded: &mut Folded, c: char, space: &mut bool, brk: &mut bool| {
            if *space && !folded.text.is_empty() {
                if *brk {
                    folded.breaks.push(folded.text.len());
                }
                folded.text.push(' ');
            }
            *space = false;
            *brk = false;
            folded.text.push(c);
        };
        if input.is_ascii() {
            folded.text = fold_ascii(input.as_bytes(), &mut folded.breaks);
            return folded;
        }
        for c in input.chars() {
            if c.is_whitespace() {
                pending_space = true;
                pending_break |= matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{85}');
                continue;
            }
            if c.is_ascii() {
                push(
                    &mut folded,
                    c.to_ascii_lowercase(),
                    &mut pending_space,
                    &mut pending_break,
                );
                continue;
            }
            if let Some(folded_letter) = latin1_letter(c) {
                push(
                    &mut folded,
                    folded_letter,
                    &mut pending_space,
                    &mut pending_break,
                );
                continue;
            }
            if let Some(mapped) = typographic(c) {
                push(&mut folded, mapped, &mut pending_space, &mut pending_break);
                continue;
            }
            if is_invisible(c) {
                continue;
            }
            for lower in c.to_lowercase() {
                decompose_compatible(lower, |d| {
                    if !is_combining_mark(d) {
                        // A compatibility decomposition may yield uppercase or spaces
                        // (`ǅ`, `㏂`): fold those too.
                        if d.is_whitespace() {
                            pending_space = true;
                        } else {
                            for l in d.to_lowercase() {
                                push(&mut folded, l, &mut pending_space, &mut pending_break);
                            }
                        }
                    }
                });
            }
        }
        folded
    }

    /// Whether a cue found at `pos` opens a sentence: it follows the start of the text, a
    /// sentence stop (`.`, `!`, `?`, `:`, `;`, a closing parenthesis of a list number) or a line
    /// break, with only list bullets, quotes, spaces and `transparent` words between (politeness
    /// and sequence words: "please run", "then run", "por favor, não"). With `comma`, a comma
    /// counts as an opening too (the imperative after "To cut a release, ...").
    pub(crate) fn opens_clause(&self, pos: usize, comma: bool, transparent: &[String]) -> bool {
        let mut end = pos;
        loop {
            let before = self.text.get(..end).unwrap_or("");
            let mut at = before.len();
            for (i, c) in before.char_indices().rev() {
                match c {
                    ' ' if self.breaks.binary_search(&i).is_ok() => return true,
                    ' ' | '-' | '*' | '•' | '>' | '#' | '"' | '\'' | '(' | '[' | '`' => at = i,
                    _ => break,
                }
            }
            let head = before.get(..at).unwrap_or("");
            let word_end = match head.chars().next_back() {
                None => return true,
                Some('.' | '!' | '?' | ':' | ';' | ')' | '\n') => return true,
                Some(',') if comma => return true,
                // "Please, don't ...", "Then, run ...": a comma right after a transparent word.
                Some(',') => head.get(..head.len() - 1).unwrap_or(""),
                Some(_) => head,
            };
            match transparent_word(word_end, transparent) {
                Some(start) => end = start,
                None => return false,
            }
        }
    }

    /// Whether no sentence stop or line break stands between two positions.
    pub(crate) fn same_sentence(&self, from: usize, to: usize) -> bool {
        let between = self.text.get(from..to).unwrap_or("");
        let stop = [". ", "! ", "? ", "; "].iter().any(|s| between.contains(s));
        let lo = self.breaks.partition_point(|&b| b < from);
        let hi = self.breaks.partition_point(|&b| b < to);
        !stop && lo == hi
    }
}

/// Where the transparent word that ends `head` starts, if one does (as a whole word).
fn transparent_word(head: &str, transparent: &[String]) -> Option<usize> {
    transparent.iter().find_map(|word| {
        let rest = head.strip_suffix(word.as_str())?;
        (!rest.chars().next_back().is_some_and(is_word_char)).then_some(rest.len())
    })
}

/// The folded form of the accented Latin-1 letters of English and Portuguese text, the common
/// case, without decomposing (the test `latin1_fast_path_agrees_with_decomposition` checks it
/// against the general path for every character of the block).
fn latin1_letter(c: char) -> Option<char> {
    Some(match c {
        'à'..='å' | 'À'..='Å' => 'a',
        'ç' | 'Ç' => 'c',
        'è'..='ë' | 'È'..='Ë' => 'e',
        'ì'..='ï' | 'Ì'..='Ï' => 'i',
        'ñ' | 'Ñ' => 'n',
        'ò'..='ö' | 'Ò'..='Ö' => 'o',
        'ù'..='ü' | 'Ù'..='Ü' => 'u',
        'ý' | 'ÿ' | 'Ý' => 'y',
        _ => return None,
    })
}

/// The ASCII fast path of [`Folded::new`]: lowercase, whitespace runs to one space, line breaks
/// remembered.
fn fold_ascii(input: &[u8], breaks: &mut Vec<usize>) -> String {
    let mut out = Vec::with_capacity(input.len());
    let (mut space, mut brk) = (false, false);
    for &b in input {
        if b.is_ascii_whitespace() {
            space = true;
            brk |= b == b'\n' || b == b'\r';
            continue;
        }
        if space && !out.is_empty() {
            if brk {
                breaks.push(out.len());
            }
            out.push(b' ');
        }
        (space, brk) = (false, false);
        out.push(b.to_ascii_lowercase());
    }
    // Lowercased ASCII is ASCII.
    String::from_utf8(out).unwrap_or_default()
}

/// Typographic punctuation that folds to its ASCII twin, so that one cue covers both spellings.
fn typographic(c: char) -> Option<char> {
    Some(match c {
        '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' | '\u{2032}' | '\u{02bc}'
        | '\u{00b4}' => '\'',
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{201f}' | '\u{00ab}' | '\u{00bb}' => '"',
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
        '\u{2026}' => '.',
        _ => return None,
    })
}

/// Format characters that render as nothing: zero-width spaces and joiners, word joiners,
/// bidirectional controls, the byte-order mark, the soft hyphen and the tag characters. Folding
/// drops them so that they cannot split a cue; the taint scan counts them on the original text.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
            | '\u{e0000}'..='\u{e007f}'
    )
}

/// Whether `c` is part of a word for cue boundaries: letters, digits and `_` (so a cue never
/// matches inside an identifier such as `fix_crash`).
pub(crate) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_diacritics_width_quotes_and_whitespace() {
        let f = Folded::new("  Não CONTE  ao\tusuário — ｉｇｎｏｒｅ don’t ﬁle\u{200b}s ");
        assert_eq!(f.text, "nao conte ao usuario - ignore don't files");
        assert!(f.breaks.is_empty());
    }

    #[test]
    fn latin1_fast_path_agrees_with_decomposition() {
        for c in '\u{c0}'..='\u{ff}' {
            if let Some(fast) = latin1_letter(c) {
                let mut slow = String::new();
                for lower in c.to_lowercase() {
                    decompose_compatible(lower, |d| {
                        if !is_combining_mark(d) {
                            slow.push(d);
                        }
                    });
                }
                assert_eq!(slow, fast.to_string(), "{c}");
            }
        }
    }

    #[test]
    fn remembers_line_breaks_as_sentence_openings() {
        let f = Folded::new("Steps\n- Run make\r\n  run tests, then run lint");
        assert_eq!(f.text, "steps - run make run tests, then run lint");
        let at = |needle: &str, nth: usize| f.text.match_indices(needle).nth(nth).unwrap().0;
        let none: &[String] = &[];
        assert!(
            f.opens_clause(at("run", 0), false, none),
            "after a line break and a bullet"
        );
        assert!(
            f.opens_clause(at("run", 1), false, none),
            "after a line break"
        );
        assert!(!f.opens_clause(at("run", 2), false, none), "mid-clause");
        assert!(
            f.opens_clause(at("then", 0), true, none),
            "after a comma, when commas count"
        );
        assert!(!f.opens_clause(at("then", 0), false, none));
        assert!(f.opens_clause(0, false, none));
        let then = ["then".to_owned()];
        assert!(
            f.opens_clause(at("run", 2), true, &then),
            "through a transparent word after a comma"
        );
        assert!(!f.opens_clause(at("run", 2), false, &then));
        let f = Folded::new("Please, then run it. Docs then run");
        let words = ["please".to_owned(), "then".to_owned()];
        let at = |needle: &str, nth: usize| f.text.match_indices(needle).nth(nth).unwrap().0;
        assert!(
            f.opens_clause(at("run", 0), false, &words),
            "through words and a comma"
        );
        assert!(
            !f.opens_clause(at("run", 1), false, &words),
            "a word that is not transparent"
        );
        assert!(f.same_sentence(0, at("run", 0)));
        assert!(!f.same_sentence(0, at("docs", 0)));
    }
}
