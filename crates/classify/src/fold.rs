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
    /// Whether folding dropped an invisible character (the taint scan then looks for hidden
    /// text in the original).
    pub(crate) invisible: bool,
}

impl Folded {
    /// Folds `input`. Stretches of printable ASCII, most of any English or Portuguese text, are
    /// lowercased a stretch at a time; the other characters one by one.
    pub(crate) fn new(input: &str) -> Self {
        let mut out = Builder {
            bytes: Vec::with_capacity(input.len()),
            ..Builder::default()
        };
        match input.is_ascii() {
            true => fold_ascii(input.as_bytes(), &mut out),
            false => fold_chars(input, &mut out),
        }
        out.finish()
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
            // A spaced dash after a word opens a clause where a comma would, before a list (a
            // comma later in its sentence): "reference calls for a candidate - get two former
            // bosses, ring each ..." (round 47), not "... to the charity - open to other ideas".
            if comma
                && at > 0
                && before.get(at..).is_some_and(|gap| gap.starts_with(" - "))
                && self.text.get(pos..).is_some_and(|rest| {
                    let end = rest.find(['.', '!', '?', ';', '\n']).unwrap_or(rest.len());
                    rest.get(..end).is_some_and(|clause| clause.contains(','))
                })
            {
                return true;
            }
            let head = before.get(..at).unwrap_or("");
            let word_end = match head.chars().next_back() {
                None => return true,
                // A title's stop ("O Sr. Amílcar afina ...", "Dr. Paulo operates ...") is no
                // sentence's end: the name after it is no order (round 67).
                Some('.') if titled(head) => return false,
                // A bracketed label before the sentence ("[09:14] Fix ...") closes like a stop.
                Some('.' | '!' | '?' | ':' | ';' | ')' | ']' | '\n') => return true,
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

    /// Whether the text before `end` is one word that opens its sentence.
    fn lone_opening_word(&self, end: usize) -> bool {
        let head = self.text.get(..end).unwrap_or("");
        let start = head
            .char_indices()
            .rev()
            .find(|&(_, c)| !c.is_alphanumeric())
            .map_or(0, |(i, c)| i + c.len_utf8());
        start < end && self.opens_clause(start, false, &[])
    }

    /// Whether a word at `pos` follows a lone word that opens its sentence and a comma or a
    /// spaced dash: a name called before an errand ("Inês - put ...", "Marco, ring ...").
    pub(crate) fn after_called_name(&self, pos: usize) -> bool {
        let before = self.text.get(..pos).unwrap_or("");
        before
            .strip_suffix(" - ")
            .or_else(|| before.strip_suffix(", "))
            .is_some_and(|head| self.lone_opening_word(head.len()))
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

/// Folds ASCII: a whole text, or a stretch of one (whitespace at either end is a gap, which
/// the text around it closes or drops). Whitespace is what `u8::is_ascii_whitespace` says: a
/// vertical tab (U+000B) is kept as a character in ASCII text, and is whitespace in other text
/// (whose stretches hold none).
fn fold_ascii(input: &[u8], out: &mut Builder) {
    let line_break = |gap: &[u8]| gap.iter().any(|&b| b == b'\n' || b == b'\r');
    let rest = input.trim_ascii_start();
    let lead = input.get(..input.len() - rest.len()).unwrap_or_default();
    let inside = rest.trim_ascii_end();
    let trail = rest.get(inside.len()..).unwrap_or_default();
    if !lead.is_empty() {
        out.gap(line_break(lead));
    }
    // Most text is spaced already: one space between words, no other whitespace. Then folding
    // is lowercasing, which the tests below and the copy do a block of bytes at a time. (Folds
    // of `|` rather than `any`: without an early exit, each is a few instructions per block.)
    let other_whitespace = inside.iter().fold(false, |seen, &b| {
        seen | matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r')
    });
    let next = inside.get(1..).unwrap_or_default();
    let double_spaces =
        (inside.iter().zip(next)).fold(false, |seen, (&a, &b)| seen | ((a == b' ') & (b == b' ')));
    if !other_whitespace && !double_spaces {
        out.push_ascii(inside);
    } else {
        let mut words = inside;
        while let Some(end) = words.iter().position(u8::is_ascii_whitespace) {
            let (word, after) = words.split_at(end);
            out.push_ascii(word);
            let gap = after.len() - after.trim_ascii_start().len();
            let (gap, after) = after.split_at(gap);
            out.gap(line_break(gap));
            words = after;
        }
        out.push_ascii(words);
    }
    if !trail.is_empty() {
        out.gap(line_break(trail));
    }
}

/// Folds any text: stretches of printable ASCII and spaces as ASCII, the other characters one
/// by one.
fn fold_chars(input: &str, out: &mut Builder) {
    let mut rest = input;
    while let Some(c) = rest.chars().next() {
        let plain = rest
            .bytes()
            .take_while(|b| (b' '..=b'~').contains(b))
            .count();
        if let Some((stretch, after)) = rest.split_at_checked(plain)
            && plain > 0
        {
            fold_ascii(stretch.as_bytes(), out);
            rest = after;
            continue;
        }
        rest = rest.get(c.len_utf8()..).unwrap_or("");
        if c.is_whitespace() {
            out.gap(matches!(
                c,
                '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{85}'
            ));
        } else if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if let Some(folded) = latin1_letter(c).or_else(|| typographic(c)) {
            out.push(folded);
        } else if is_invisible(c) {
            out.invisible = true;
        } else {
            for lower in c.to_lowercase() {
                decompose_compatible(lower, |d| {
                    // A compatibility decomposition may yield uppercase or spaces (`ǅ`, `㏂`):
                    // fold those too.
                    if d.is_whitespace() {
                        out.gap(false);
                    } else if !is_combining_mark(d) {
                        d.to_lowercase().for_each(|l| out.push(l));
                    }
                });
            }
        }
    }
}

/// Folded text as it is built: a gap of whitespace becomes one space before the next character,
/// none at the start or the end.
#[derive(Default)]
struct Builder {
    bytes: Vec<u8>,
    breaks: Vec<usize>,
    /// A gap is pending, and whether it holds a line break.
    gap: bool,
    line_break: bool,
    invisible: bool,
}

impl Builder {
    fn gap(&mut self, line_break: bool) {
        self.gap = true;
        self.line_break |= line_break;
    }

    /// Ends a pending gap before the next character.
    fn close_gap(&mut self) {
        if self.gap && !self.bytes.is_empty() {
            if self.line_break {
                self.breaks.push(self.bytes.len());
            }
            self.bytes.push(b' ');
        }
        (self.gap, self.line_break) = (false, false);
    }

    fn push(&mut self, c: char) {
        self.close_gap();
        self.bytes
            .extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }

    /// Pushes ASCII, lowercased: a word, or words spaced by single spaces (nothing, and the
    /// gap stays pending, when the stretch is empty).
    fn push_ascii(&mut self, stretch: &[u8]) {
        if stretch.is_empty() {
            return;
        }
        self.close_gap();
        let start = self.bytes.len();
        self.bytes.extend_from_slice(stretch);
        if let Some(pushed) = self.bytes.get_mut(start..) {
            pushed.make_ascii_lowercase();
        }
    }

    fn finish(self) -> Folded {
        Folded {
            // Whole characters were pushed, so the bytes are UTF-8.
            text: String::from_utf8(self.bytes).unwrap_or_default(),
            breaks: self.breaks,
            invisible: self.invisible,
        }
    }
}

/// Where the transparent word that ends `head` starts, if one does (as a whole word).
fn transparent_word(head: &str, transparent: &[String]) -> Option<usize> {
    let last = head.as_bytes().last()?;
    transparent.iter().find_map(|word| {
        // The last byte first: most heads end in another letter, and it saves the comparison.
        if word.as_bytes().last() != Some(last) {
            return None;
        }
        let rest = head.strip_suffix(word.as_str())?;
        (!word_char_before(rest, rest.len())).then_some(rest.len())
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
    match u8::try_from(c) {
        Ok(b) if b.is_ascii() => is_word_byte(b),
        _ => c.is_alphanumeric(),
    }
}

/// [`is_word_char`] for an ASCII byte.
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether the character that ends before byte `at` of `text` is a word character (false at
/// the start). An ASCII byte is read without decoding.
pub(crate) fn word_char_before(text: &str, at: usize) -> bool {
    match at.checked_sub(1).and_then(|i| text.as_bytes().get(i)) {
        Some(&b) if b.is_ascii() => is_word_byte(b),
        Some(_) => text
            .get(..at)
            .and_then(|s| s.chars().next_back())
            .is_some_and(is_word_char),
        None => false,
    }
}

/// Whether the character that starts at byte `at` of `text` is a word character (false at the
/// end). An ASCII byte is read without decoding.
pub(crate) fn word_char_at(text: &str, at: usize) -> bool {
    match text.as_bytes().get(at) {
        Some(&b) if b.is_ascii() => is_word_byte(b),
        Some(_) => text
            .get(at..)
            .and_then(|s| s.chars().next())
            .is_some_and(is_word_char),
        None => false,
    }
}

/// The words of folded text (runs of [word characters](is_word_char)), each with where it
/// starts.
pub(crate) fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    // Folded text is ASCII but for the letters folding keeps (`ß`, `ø`, CJK): bytes then.
    let ascii = text.is_ascii();
    let word_at = move |at: usize| -> Option<(bool, usize)> {
        match *text.as_bytes().get(at)? {
            b if ascii || b.is_ascii() => Some((b.is_ascii_alphanumeric() || b == b'_', 1)),
            _ => text
                .get(at..)?
                .chars()
                .next()
                .map(|c| (is_word_char(c), c.len_utf8())),
        }
    };
    let mut at = 0;
    std::iter::from_fn(move || {
        let mut start = at;
        while let (false, len) = word_at(start)? {
            start += len;
        }
        let mut end = start;
        while let Some((true, len)) = word_at(end) {
            end += len;
        }
        at = end;
        text.get(start..end).map(|word| (start, word))
    })
}

/// Whether folded text ends with a title's abbreviation and its stop ("o sr.", "dra.", "mrs."):
/// a name follows, not a sentence.
fn titled(head: &str) -> bool {
    const TITLES: &[&str] = &[
        "d", "dr", "dra", "drs", "eng", "mr", "mrs", "ms", "prof", "profa", "sr", "sra", "srs",
    ];
    head.strip_suffix('.')
        .and_then(|h| h.rsplit([' ', '(', '"']).next())
        .is_some_and(|word| TITLES.contains(&word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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

    /// Folding as first written, a character at a time (and a byte at a time for ASCII): the
    /// reference of [`Folded::new`], which folds a stretch at a time.
    fn reference(input: &str) -> Folded {
        let mut folded = Folded::default();
        let (mut space, mut brk) = (false, false);
        let push = |folded: &mut Folded, c: char, space: &mut bool, brk: &mut bool| {
            if *space && !folded.text.is_empty() {
                if *brk {
                    folded.breaks.push(folded.text.len());
                }
                folded.text.push(' ');
            }
            (*space, *brk) = (false, false);
            folded.text.push(c);
        };
        for c in input.chars() {
            let whitespace = match input.is_ascii() {
                true => c.is_ascii_whitespace(),
                false => c.is_whitespace(),
            };
            if whitespace {
                space = true;
                brk |= matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{85}');
            } else if c.is_ascii() {
                push(&mut folded, c.to_ascii_lowercase(), &mut space, &mut brk);
            } else if let Some(letter) = latin1_letter(c) {
                push(&mut folded, letter, &mut space, &mut brk);
            } else if let Some(mapped) = typographic(c) {
                push(&mut folded, mapped, &mut space, &mut brk);
            } else if is_invisible(c) {
                folded.invisible = true;
            } else {
                for lower in c.to_lowercase() {
                    decompose_compatible(lower, |d| {
                        if !is_combining_mark(d) {
                            if d.is_whitespace() {
                                space = true;
                            } else {
                                for l in d.to_lowercase() {
                                    push(&mut folded, l, &mut space, &mut brk);
                                }
                            }
                        }
                    });
                }
            }
        }
        folded
    }

    /// Text of the characters folding treats apart: whitespace of every kind (the vertical tab
    /// is whitespace only outside ASCII text), accents, invisible and typographic characters,
    /// compatibility forms, controls.
    fn tricky_text() -> impl Strategy<Value = String> {
        let ascii = proptest::sample::select(vec![
            'a', 'Z', '_', '.', ',', '-', ' ', '\t', '\n', '\r', '\x0b', '\x0c', '\x01', '\x7f',
        ]);
        let unicode = proptest::sample::select(vec![
            'a',
            'Z',
            ' ',
            '\n',
            '\x0b',
            '\u{a0}',
            '\u{85}',
            '\u{2028}',
            '\u{3000}',
            'é',
            'Ç',
            'ß',
            'İ',
            'ǅ',
            '㏂',
            'ﬁ',
            'Ｘ',
            '\u{301}',
            '’',
            '—',
            '\u{200b}',
            '\u{200d}',
            '\u{202e}',
            '\u{feff}',
            '\u{ad}',
            '\u{e0041}',
            '😀',
        ]);
        prop_oneof![
            proptest::collection::vec(ascii, 0..40).prop_map(String::from_iter),
            proptest::collection::vec(unicode, 0..40).prop_map(String::from_iter),
            any::<String>(),
        ]
    }

    proptest! {
        #[test]
        fn folds_as_the_character_at_a_time_reference(text in tricky_text()) {
            let (fast, slow) = (Folded::new(&text), reference(&text));
            prop_assert_eq!(&fast.text, &slow.text);
            prop_assert_eq!(&fast.breaks, &slow.breaks);
            prop_assert_eq!(fast.invisible, slow.invisible);
        }
    }
}
