//! Stop words: the Snowball project's English and Portuguese lists, the ones written for the
//! stemmers this crate uses.
//!
//! The lists are data, written as the Snowball project publishes them (accents included, so they
//! read as the language does). They are matched after case and diacritic folding: `não`, `Nao`
//! and `NÃO` are all the same stop word. Each list also decides language detection
//! ([`crate::detect`]): a text is in the language whose list it hits more often.

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

use crate::Language;
use crate::analyze::fold;

/// The Snowball English stop list.
#[rustfmt::skip]
pub const ENGLISH: &[&str] = &[
    "i", "me", "my", "myself", "we", "our", "ours", "ourselves", "you", "your", "yours",
    "yourself", "yourselves", "he", "him", "his", "himself", "she", "her", "hers", "herself", "it",
    "its", "itself", "they", "them", "their", "theirs", "themselves", "what", "which", "who",
    "whom", "this", "that", "these", "those", "am", "is", "are", "was", "were", "be", "been",
    "being", "have", "has", "had", "having", "do", "does", "did", "doing", "would", "should",
    "could", "ought", "i'm", "you're", "he's", "she's", "it's", "we're", "they're", "i've",
    "you've", "we've", "they've", "i'd", "you'd", "he'd", "she'd", "we'd", "they'd", "i'll",
    "you'll", "he'll", "she'll", "we'll", "they'll", "isn't", "aren't", "wasn't", "weren't",
    "hasn't", "haven't", "hadn't", "doesn't", "don't", "didn't", "won't", "wouldn't", "shan't",
    "shouldn't", "can't", "cannot", "couldn't", "mustn't", "let's", "that's", "who's", "what's",
    "here's", "there's", "when's", "where's", "why's", "how's", "a", "an", "the", "and", "but",
    "if", "or", "because", "as", "until", "while", "of", "at", "by", "for", "with", "about",
    "against", "between", "into", "through", "during", "before", "after", "above", "below", "to",
    "from", "up", "down", "in", "out", "on", "off", "over", "under", "again", "further", "then",
    "once", "here", "there", "when", "where", "why", "how", "all", "any", "both", "each", "few",
    "more", "most", "other", "some", "such", "no", "nor", "not", "only", "own", "same", "so",
    "than", "too", "very",
];

/// The Snowball Portuguese stop list.
#[rustfmt::skip]
pub const PORTUGUESE: &[&str] = &[
    "de", "a", "o", "que", "e", "do", "da", "em", "um", "para", "com", "não", "uma", "os", "no",
    "se", "na", "por", "mais", "as", "dos", "como", "mas", "ao", "ele", "das", "à", "seu", "sua",
    "ou", "quando", "muito", "nos", "já", "eu", "também", "só", "pelo", "pela", "até", "isso",
    "ela", "entre", "depois", "sem", "mesmo", "aos", "seus", "quem", "nas", "me", "esse", "eles",
    "você", "essa", "num", "nem", "suas", "meu", "às", "minha", "numa", "pelos", "elas", "qual",
    "nós", "lhe", "deles", "essas", "esses", "pelas", "este", "dele", "tu", "te", "vocês", "vos",
    "lhes", "meus", "minhas", "teu", "tua", "teus", "tuas", "nosso", "nossa", "nossos", "nossas",
    "dela", "delas", "esta", "estes", "estas", "aquele", "aquela", "aqueles", "aquelas", "isto",
    "aquilo", "estou", "está", "estamos", "estão", "estive", "esteve", "estivemos", "estiveram",
    "estava", "estávamos", "estavam", "estivera", "estivéramos", "esteja", "estejamos",
    "estejam", "estivesse", "estivéssemos", "estivessem", "estiver", "estivermos", "estiverem",
    "hei", "há", "havemos", "hão", "houve", "houvemos", "houveram", "houvera", "houvéramos",
    "haja", "hajamos", "hajam", "houvesse", "houvéssemos", "houvessem", "houver", "houvermos",
    "houverem", "houverei", "houverá", "houveremos", "houverão", "houveria", "houveríamos",
    "houveriam", "sou", "somos", "são", "era", "éramos", "eram", "fui", "foi", "fomos", "foram",
    "fora", "fôramos", "seja", "sejamos", "sejam", "fosse", "fôssemos", "fossem", "for", "formos",
    "forem", "serei", "será", "seremos", "serão", "seria", "seríamos", "seriam", "tenho", "tem",
    "temos", "tém", "tinha", "tínhamos", "tinham", "tive", "teve", "tivemos", "tiveram", "tivera",
    "tivéramos", "tenha", "tenhamos", "tenham", "tivesse", "tivéssemos", "tivessem", "tiver",
    "tivermos", "tiverem", "terei", "terá", "teremos", "terão", "teria", "teríamos", "teriam",
];

/// Folded stop word → the languages whose list holds it, one bit per [`Language::code`].
static STOP: LazyLock<FxHashMap<String, u8>> = LazyLock::new(|| {
    let mut map = FxHashMap::default();
    for (language, list) in [
        (Language::English, ENGLISH),
        (Language::Portuguese, PORTUGUESE),
    ] {
        for word in list {
            *map.entry(fold(word).into_owned()).or_insert(0) |= language.bit();
        }
    }
    map
});

/// The languages whose stop list holds `folded_word` (lowercase, diacritics folded), as bits of
/// [`Language::bit`]; 0 for a word on no list.
pub(crate) fn stop_bits(folded_word: &str) -> u8 {
    STOP.get(folded_word).copied().unwrap_or(0)
}

/// Whether `folded_word` (lowercase, diacritics folded) is a stop word of `language`.
#[must_use]
pub fn is_stop(language: Language, folded_word: &str) -> bool {
    stop_bits(folded_word) & language.bit() != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_merges_only_words_both_listed() {
        // Folding merges a few Portuguese pairs (está/esta, é/e): both members are stop words,
        // so the folded lists only shrink, never gain a word that was not listed.
        let count = |l: Language| STOP.values().filter(|b| *b & l.bit() != 0).count();
        assert_eq!(count(Language::English), ENGLISH.len());
        assert!(count(Language::Portuguese) <= PORTUGUESE.len());
        assert!(count(Language::Portuguese) > PORTUGUESE.len() - 10);
        // Words on both lists: the shared ones carry no language signal.
        for shared in ["a", "do", "no", "as", "me", "for"] {
            assert_eq!(stop_bits(shared), 0b11, "{shared}");
        }
    }

    #[test]
    fn matching_is_on_folded_forms() {
        assert!(is_stop(Language::Portuguese, "nao"));
        assert!(is_stop(Language::Portuguese, "voce"));
        assert!(is_stop(Language::English, "don't"));
        assert!(!is_stop(Language::English, "caroline"));
        assert!(!is_stop(Language::Portuguese, "reuniao"));
    }
}
