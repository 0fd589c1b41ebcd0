//! Text analysis: from a text to the terms the index keeps.
//!
//! For every word of a text, in order:
//!
//! 1. **Segmentation.** Words are the Unicode (UAX #29) words of the text: runs holding a letter
//!    or a digit. Punctuation and spaces separate words; `don't`, `Caroline's`, `3.5` and `e-mail`
//!    (two words: `e`, `mail`) are segmented as UAX #29 says. Typographic apostrophes (`’`, `ʼ`)
//!    read as `'`. Control characters (NUL, escape, ...) are not text: each reads as a space,
//!    so no term holds one (UAX #29 alone would keep a NUL followed by a combining letter as a
//!    word).
//! 2. **Case.** Lowercased (Unicode lowercase mapping).
//! 3. **Folding.** The word's diacritics are folded (`ação` → `acao`, `café` → `cafe`), plus a
//!    few letters that carry no combining mark (`ß` → `ss`, `æ` → `ae`, `œ` → `oe`, `ø` → `o`,
//!    `đ` → `d`, `ł` → `l`, `ı` → `i`) ([`fold`]).
//! 4. **Stop words.** The folded word is looked up in the stop list of the text's language
//!    ([`crate::stop`]); a stop word is dropped.
//! 5. **Stemming.** The folded word is stemmed with the Snowball stemmer of the text's language.
//!    The Portuguese stemmer is written for accented suffixes (`-ação`, `-ência`, `-ável`,
//!    `-ávamos`), so the accents of those suffix classes are first put back on the folded word
//!    (`configuracao` → `configuração`, see [`restore_suffix_accents`]); the stem is folded again.
//!    A term therefore depends only on the word's folded spelling: a query typed without accents
//!    meets a text written with them, and the other way round, for every word (`configuracao`
//!    finds "configuração", `resume` finds "résumé").
//! 6. **Length.** A term longer than [`MAX_TERM_BYTES`] is cut at the last character boundary
//!    within the bound, the same way in texts and queries, so a long token still matches itself.
//!
//! ## Which language
//!
//! The language of a text picks its stop list and stemmer. It is detected per text, from the
//! stop words it holds ([`detect`]): the language whose stop list the text hits more often wins.
//! A text that hits both lists equally (most often neither, as in a short note like `Reunião
//! orçamento sexta`, or only shared words such as `a`, `do`, `no`) carries no signal, and is
//! analysed in a *fallback* language that the caller supplies: the
//! index passes the scope's prevailing language (see [`crate::ScopeStats::prevailing`]), so such
//! a note in a Portuguese scope is stemmed as Portuguese. Queries go through the same rule.

use std::borrow::Cow;

use rust_stemmers::{Algorithm, Stemmer};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_segmentation::UnicodeSegmentation;

use rustc_hash::FxHashMap;

use crate::stop::stop_bits;

/// A term is at most this many bytes; longer ones are cut at a character boundary.
pub const MAX_TERM_BYTES: usize = 64;

/// A language the analyser has a stop list and a stemmer for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum Language {
    /// English: Snowball English (Porter2) stemmer and stop list. The default.
    #[default]
    English,
    /// Portuguese: Snowball Portuguese stemmer and stop list.
    Portuguese,
}

impl Language {
    /// Every language, in a fixed order.
    pub const ALL: [Language; 2] = [Self::English, Self::Portuguese];

    /// `"english"` or `"portuguese"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::English => "english",
            Self::Portuguese => "portuguese",
        }
    }

    fn stemmer(self) -> Stemmer {
        Stemmer::create(match self {
            Self::English => Algorithm::English,
            Self::Portuguese => Algorithm::Portuguese,
        })
    }

    /// This language's bit in a set of languages.
    pub(crate) fn bit(self) -> u8 {
        1 << self.code()
    }

    pub(crate) fn code(self) -> u8 {
        match self {
            Self::English => 0,
            Self::Portuguese => 1,
        }
    }

    pub(crate) fn from_code(code: u8) -> Option<Self> {
        match code {
            0 => Some(Self::English),
            1 => Some(Self::Portuguese),
            _ => None,
        }
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of analysing one text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The language the text was analysed in.
    pub language: Language,
    /// Whether that language was detected from the text itself (`false`: the fallback was used).
    pub detected: bool,
    /// The terms, in text order, repeats kept: the document length is `terms.len()`.
    pub terms: Vec<String>,
}

/// A word of the text, lowercased, and the stop lists its diacritic-folded form is on.
struct Word<'a> {
    lower: Cow<'a, str>,
    stop: u8,
}

fn words(text: &str) -> Vec<Word<'_>> {
    if !text.chars().any(char::is_control) {
        return segment(text);
    }
    // Control characters read as spaces (module docs); the words then own their text.
    let spaced: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    segment(&spaced)
        .into_iter()
        .map(|w| Word {
            lower: Cow::Owned(w.lower.into_owned()),
            stop: w.stop,
        })
        .collect()
}

/// The words of a text that holds no control character.
fn segment(text: &str) -> Vec<Word<'_>> {
    text.unicode_words()
        .map(|w| {
            let lower: Cow<'_, str> = if w.is_ascii() {
                if w.bytes().any(|b| b.is_ascii_uppercase()) {
                    Cow::Owned(w.to_ascii_lowercase())
                } else {
                    Cow::Borrowed(w)
                }
            } else {
                Cow::Owned(
                    w.chars()
                        .map(|c| match c {
                            '\u{2019}' | '\u{02BC}' => '\'',
                            c => c,
                        })
                        .flat_map(char::to_lowercase)
                        .collect(),
                )
            };
            let stop = stop_bits(&fold(&lower));
            Word { lower, stop }
        })
        .collect()
}

fn detect_words(words: &[Word<'_>]) -> Option<Language> {
    let mut hits = [0usize; 2];
    for w in words {
        for (i, language) in Language::ALL.into_iter().enumerate() {
            if w.stop & language.bit() != 0 {
                hits[i] += 1;
            }
        }
    }
    match hits {
        [en, pt] if en > pt => Some(Language::English),
        [en, pt] if pt > en => Some(Language::Portuguese),
        _ => None,
    }
}

/// The language `text` is written in, judged by its stop words: the language whose list it hits
/// more often; `None` when it hits both equally (none at all, or only words like `a`, `do`, `no`
/// that both lists hold): a tie carries no signal.
///
/// ```
/// use kenning_term::{Language, detect};
/// assert_eq!(detect("the meeting is on Friday"), Some(Language::English));
/// assert_eq!(detect("a reunião é na sexta-feira"), Some(Language::Portuguese));
/// assert_eq!(detect("Reunião orçamento sexta"), None);
/// assert_eq!(detect("reuniões do orçamento"), None); // `do` is on both lists
/// ```
#[must_use]
pub fn detect(text: &str) -> Option<Language> {
    detect_words(&words(text))
}

/// Analyses `text`: detects its language (falling back to `fallback` when the text carries no
/// signal), then segments, lowercases, folds, drops stop words and stems (see the module docs).
///
/// ```
/// use kenning_term::{Language, analyze};
/// let a = analyze("The CAFÉS were sold out by noon", Language::English);
/// assert_eq!(a.language, Language::English);
/// assert_eq!(a.terms, ["cafe", "sold", "noon"]);
/// ```
#[must_use]
pub fn analyze(text: &str, fallback: Language) -> Analysis {
    analyze_with(text, fallback, Folding::default())
}

/// [`analyze`] with a given [`Folding`]: the analysis of an index written with it.
#[must_use]
pub fn analyze_with(text: &str, fallback: Language, folding: Folding) -> Analysis {
    let words = words(text);
    let (language, detected) = match detect_words(&words) {
        Some(language) => (language, true),
        None => (fallback, false),
    };
    let terms = words
        .iter()
        .filter(|w| w.stop & language.bit() == 0)
        .filter_map(|w| term_of(&w.lower, language, folding))
        .collect();
    Analysis {
        language,
        detected,
        terms,
    }
}

/// Analyses `text` in `language`, without detection.
#[must_use]
pub fn analyze_as(text: &str, language: Language) -> Vec<String> {
    words(text)
        .iter()
        .filter(|w| w.stop & language.bit() == 0)
        .filter_map(|w| term_of(&w.lower, language, Folding::default()))
        .collect()
}

/// How a word becomes a term: the analysis the terms of an index were written with. An index
/// records it (see [`crate::index`]), so that the terms of a query always meet the terms of the
/// documents it searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Folding {
    /// Fold the word, put back the accents of the stemmer's suffix classes, stem, fold again (the
    /// module docs): a term depends only on the folded spelling. Index analysis version 2, what
    /// this build writes.
    #[default]
    BeforeStemming,
    /// Stem the word as written, then fold the stem: the analysis of stores written before
    /// analysis versions were recorded (version 1). A word typed without accents can miss its
    /// accented spelling (`configuracao` → `configuraca`, `configuração` → `configur`).
    AfterStemming,
}

impl Folding {
    /// The analysis version this folding is recorded as in an index.
    #[must_use]
    pub fn version(self) -> u64 {
        match self {
            Self::AfterStemming => 1,
            Self::BeforeStemming => 2,
        }
    }

    /// The folding recorded as `version`, if this build knows it.
    #[must_use]
    pub fn of_version(version: u64) -> Option<Self> {
        match version {
            1 => Some(Self::AfterStemming),
            2 => Some(Self::BeforeStemming),
            _ => None,
        }
    }
}

/// The term of one lowercased, non-stop word: stemmed and folded as `folding` says, cut to
/// [`MAX_TERM_BYTES`].
fn term_of(lower: &str, language: Language, folding: Folding) -> Option<String> {
    let stem = match folding {
        Folding::AfterStemming => language.stemmer().stem(lower).into_owned(),
        Folding::BeforeStemming => {
            let folded = fold(lower);
            match language {
                Language::Portuguese => {
                    let restored = restore_suffix_accents(&folded);
                    language.stemmer().stem(&restored).into_owned()
                }
                Language::English => language.stemmer().stem(&folded).into_owned(),
            }
        }
    };
    let mut term = match fold(&stem) {
        Cow::Borrowed(s) => s.to_owned(),
        Cow::Owned(s) => s,
    };
    truncate(&mut term);
    (!term.is_empty()).then_some(term)
}

/// The endings of folded Portuguese words whose accents the Snowball Portuguese stemmer looks
/// for, with those accents: the standard suffixes it removes only in their accented spelling
/// (`-ação`, `-ução`, `-ência`, `-ância`, `-ável`, `-ível` and their plurals) and the verb
/// endings it knows only accented (`-ávamos`, `-íamos`, `-áramos`, `-ássemos`, `-íeis`, ...).
/// Longest first. Endings it also removes unaccented (`-ará` and `-ara`, `-ámos` and `-amos`)
/// need nothing, and accents inside a stem change no suffix rule.
const ACCENTED_SUFFIXES: &[(&str, &str)] = &[
    ("ariamos", "aríamos"),
    ("eriamos", "eríamos"),
    ("iriamos", "iríamos"),
    ("assemos", "ássemos"),
    ("essemos", "êssemos"),
    ("issemos", "íssemos"),
    ("arieis", "aríeis"),
    ("erieis", "eríeis"),
    ("irieis", "iríeis"),
    ("avamos", "ávamos"),
    ("aramos", "áramos"),
    ("eramos", "éramos"),
    ("iramos", "íramos"),
    ("asseis", "ásseis"),
    ("esseis", "ésseis"),
    ("isseis", "ísseis"),
    ("encias", "ências"),
    ("ancias", "âncias"),
    ("aveis", "áveis"),
    ("iveis", "íveis"),
    ("encia", "ência"),
    ("ancia", "ância"),
    ("iamos", "íamos"),
    ("coes", "ções"),
    ("ieis", "íeis"),
    ("avel", "ável"),
    ("ivel", "ível"),
    ("cao", "ção"),
];

/// Puts back on a folded Portuguese word the accents of its ending, when the ending is one of
/// the classes the Snowball Portuguese stemmer only knows accented (`configuracao` →
/// `configuração`, `dependencias` → `dependências`, `falavamos` → `falávamos`), so that the
/// stemmer conflates a folded word as it would the accented one. A word that ends otherwise, or
/// is no longer than the ending, is returned as it is. The accents put back are removed from
/// the stem afterwards, so this only steers which suffix the stemmer strips.
#[must_use]
pub fn restore_suffix_accents(folded: &str) -> Cow<'_, str> {
    for (plain, accented) in ACCENTED_SUFFIXES {
        if let Some(stem) = folded.strip_suffix(plain)
            && !stem.is_empty()
        {
            return Cow::Owned(format!("{stem}{accented}"));
        }
    }
    Cow::Borrowed(folded)
}

/// Analysis for a batch of texts: the same terms as [`analyze`], each word stemmed once per
/// batch and each term interned as a number, so that indexing a thousand texts stems and
/// allocates per distinct word, not per occurrence.
#[derive(Default)]
pub(crate) struct BatchAnalyzer {
    folding: Folding,
    terms: Vec<String>,
    term_ids: FxHashMap<String, u32>,
    word_terms: [FxHashMap<String, Option<u32>>; 2],
}

impl BatchAnalyzer {
    /// A batch analyser writing terms with `folding`.
    pub(crate) fn new(folding: Folding) -> Self {
        Self {
            folding,
            ..Self::default()
        }
    }

    /// The language `text` was analysed in, whether it was detected, and its terms as ids.
    pub(crate) fn analyze(&mut self, text: &str, fallback: Language) -> (Language, bool, Vec<u32>) {
        let words = words(text);
        let (language, detected) = match detect_words(&words) {
            Some(language) => (language, true),
            None => (fallback, false),
        };
        let mut ids = Vec::with_capacity(words.len());
        for w in words {
            if w.stop & language.bit() != 0 {
                continue;
            }
            let cache = &mut self.word_terms[usize::from(language.code())];
            let id = match cache.get(w.lower.as_ref()) {
                Some(id) => *id,
                None => {
                    let id = term_of(&w.lower, language, self.folding).map(|term| {
                        let next = u32::try_from(self.terms.len()).unwrap_or(u32::MAX);
                        *self.term_ids.entry(term).or_insert_with_key(|term| {
                            self.terms.push(term.clone());
                            next
                        })
                    });
                    cache.insert(w.lower.into_owned(), id);
                    id
                }
            };
            ids.extend(id);
        }
        (language, detected, ids)
    }

    /// The term interned as `id`.
    pub(crate) fn term(&self, id: u32) -> &str {
        self.terms.get(id as usize).map_or("", String::as_str)
    }
}

fn truncate(term: &mut String) {
    if term.len() > MAX_TERM_BYTES {
        let mut cut = MAX_TERM_BYTES;
        while !term.is_char_boundary(cut) {
            cut -= 1;
        }
        term.truncate(cut);
    }
}

/// Lowercases `word` and folds its diacritics (`Ação` → `acao`). Borrowed when nothing changes.
#[must_use]
pub fn fold(word: &str) -> Cow<'_, str> {
    if word.is_ascii() {
        return if word.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(word.to_ascii_lowercase())
        } else {
            Cow::Borrowed(word)
        };
    }
    let mut out = String::with_capacity(word.len());
    let stripped = word
        .chars()
        .flat_map(char::to_lowercase)
        .nfd()
        .filter(|c| !is_combining_mark(*c));
    for c in stripped.nfc() {
        match c {
            'ß' => out.push_str("ss"),
            'æ' => out.push_str("ae"),
            'œ' => out.push_str("oe"),
            'ø' => out.push('o'),
            'đ' | 'ð' => out.push('d'),
            'ł' => out.push('l'),
            'ı' => out.push('i'),
            '\u{2019}' | '\u{02BC}' => out.push('\''),
            c => out.push(c),
        }
    }
    if out == word {
        Cow::Borrowed(word)
    } else {
        Cow::Owned(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_read_as_spaces_and_no_term_holds_one() {
        // Found by the term_index fuzz target: a NUL before a combining letter (U+036D) was a
        // UAX #29 word of its own.
        let text = "entt\0\0%o LG\0\0\u{36D}\0\0BTQ tu";
        for fallback in Language::ALL {
            let a = analyze(text, fallback);
            assert!(
                a.terms.iter().all(|t| !t.chars().any(char::is_control)),
                "{:?}",
                a.terms
            );
            assert!(a.terms.contains(&"entt".to_owned()), "{:?}", a.terms);
            assert!(a.terms.contains(&"btq".to_owned()), "{:?}", a.terms);
        }
        assert_eq!(
            analyze("ana\u{1b}[31mred\u{7}", Language::English).terms,
            analyze("ana [31mred ", Language::English).terms
        );
    }

    #[test]
    fn folds_case_and_diacritics() {
        assert_eq!(fold("Ação"), "acao");
        assert_eq!(fold("CAFÉ"), "cafe");
        assert_eq!(fold("Straße"), "strasse");
        assert_eq!(fold("plain"), "plain");
        assert!(matches!(fold("plain"), Cow::Borrowed(_)));
        // Hangul recomposes after the marks are dropped: no jamo soup.
        assert_eq!(fold("한국어"), "한국어");
    }

    #[test]
    fn english_stems_and_drops_stop_words() {
        let a = analyze(
            "When did Caroline go to the LGBTQ support groups?",
            Language::English,
        );
        assert_eq!(a.language, Language::English);
        assert!(a.detected);
        assert_eq!(a.terms, ["carolin", "go", "lgbtq", "support", "group"]);
    }

    #[test]
    fn possessives_and_typographic_apostrophes() {
        let a = analyze_as("Caroline’s dog isn’t Melanie's", Language::English);
        assert_eq!(a, ["carolin", "dog", "melani"]);
    }

    #[test]
    fn portuguese_is_detected_folded_and_stemmed() {
        let a = analyze("A reunião do conselho não foi gravada", Language::English);
        assert_eq!(a.language, Language::Portuguese);
        assert_eq!(a.terms, ["reunia", "conselh", "grav"]);
        // Typed without accents, the same word meets the same term.
        assert_eq!(analyze_as("reuniao", Language::Portuguese), ["reunia"]);
        // Inflections meet through the stemmer.
        assert_eq!(
            analyze_as("conselhos gravadas", Language::Portuguese),
            ["conselh", "grav"]
        );
    }

    #[test]
    fn no_signal_uses_the_fallback() {
        let a = analyze("Reunião orçamento sexta", Language::Portuguese);
        assert_eq!(a.language, Language::Portuguese);
        assert!(!a.detected);
        let b = analyze("Reunião orçamento sexta", Language::English);
        assert_eq!(b.language, Language::English);
    }

    #[test]
    fn long_terms_are_cut_at_a_char_boundary() {
        let long = "é".repeat(100);
        let terms = analyze_as(&long, Language::English);
        assert_eq!(terms.len(), 1);
        assert!(terms[0].len() <= MAX_TERM_BYTES);
        assert_eq!(analyze_as(&long, Language::English), terms);
    }

    #[test]
    fn empty_and_punctuation_only_texts_have_no_terms() {
        assert!(analyze("", Language::English).terms.is_empty());
        assert!(analyze("?!… —", Language::English).terms.is_empty());
        assert!(analyze("the of and", Language::English).terms.is_empty());
    }
}
