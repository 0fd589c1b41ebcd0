//! R2, the term lane's analysis as documented: a query typed without accents meets text written
//! with them, and the other way round, for every Portuguese suffix class (and for accented words
//! in English text), because a term depends only on the word's folded spelling.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning_term::{Language, TermIndex, analyze, analyze_as, fold};
use proptest::prelude::*;
use redb::{Database, ReadableDatabase, backends::InMemoryBackend};

/// Portuguese words by the class of their ending (the Snowball stemmer's accented suffixes
/// first), and accents inside the stem.
const PORTUGUESE: &[&str] = &[
    // -ção, -ções (aça~o, aço~es, uça~o, uço~es, and the rest)
    "configuração",
    "autenticação",
    "informação",
    "integrações",
    "migrações",
    "condição",
    "situações",
    "execução",
    "soluções",
    "produção",
    "atenção",
    // -são, -sões, -ão, -ões
    "sessão",
    "versões",
    "decisão",
    "permissões",
    "extensão",
    "botão",
    "padrões",
    "cartões",
    "questões",
    "não",
    // -ência, -ências, -ância, -âncias
    "frequência",
    "dependências",
    "experiência",
    "latência",
    "referências",
    "instância",
    "distância",
    "tolerância",
    "substâncias",
    // -ável, -ível, -áveis, -íveis
    "disponível",
    "confiável",
    "responsáveis",
    "possíveis",
    "variável",
    "incríveis",
    // -ário, -ória, -ês, final á, é, ê, í, ó
    "relatório",
    "usuário",
    "diário",
    "provisória",
    "temporários",
    "português",
    "três",
    "mês",
    "está",
    "até",
    "você",
    "após",
    "café",
    "já",
    "aí",
    // verb endings with accents
    "falávamos",
    "comíamos",
    "tínhamos",
    "fizéramos",
    "pudéssemos",
    "faríamos",
    "estivéssemos",
    "atualizávamos",
    "partíssemos",
    "amaríeis",
    "fôssemos",
    "pôde",
    // accents and cedillas inside the stem
    "código",
    "número",
    "índice",
    "último",
    "página",
    "métrica",
    "análise",
    "válido",
    "lógica",
    "máquina",
    "crédito",
    "período",
    "depósito",
    "serviço",
    "começar",
    "preço",
    "endereço",
    "lançamento",
    "câmera",
    "saída",
    "público",
    "países",
    "conteúdo",
    "útil",
    "avô",
    "órgão",
];

/// English text with accented loanwords.
const ENGLISH: &[&str] = &[
    "résumé",
    "naïve",
    "café",
    "façade",
    "coöperate",
    "déjà",
    "fiancée",
];

#[test]
fn r2_an_unaccented_spelling_gives_the_terms_of_the_accented_word() {
    for (words, language) in [
        (PORTUGUESE, Language::Portuguese),
        (ENGLISH, Language::English),
    ] {
        for word in words {
            let plain = fold(word);
            assert_ne!(plain, *word, "{word} has an accent to drop");
            let accented = analyze_as(word, language);
            assert_eq!(
                analyze_as(&plain, language),
                accented,
                "{language}: {plain:?} does not meet {word:?}"
            );
        }
    }
    // The cases, by name, and the inflections still meet through the stemmer.
    let term = |w: &str| analyze_as(w, Language::Portuguese);
    assert_eq!(term("configuracao"), term("configuração"));
    assert_eq!(term("autenticacao"), term("autenticação"));
    assert_eq!(term("configuracoes"), term("configuração"));
    assert_eq!(term("sessoes"), term("sessões"));
}

fn index_with(texts: &[(u64, &str)]) -> (Database, TermIndex) {
    let db = Database::builder()
        .create_with_backend(InMemoryBackend::new())
        .unwrap();
    let index = TermIndex::default();
    let txn = db.begin_write().unwrap();
    index.create_tables(&txn).unwrap();
    index.insert(&txn, "s", texts).unwrap();
    txn.commit().unwrap();
    (db, index)
}

fn found(db: &Database, index: &TermIndex, query: &str) -> Vec<u64> {
    let txn = db.begin_read().unwrap();
    index
        .search(&txn, "s", query, 10, &mut |_| true)
        .unwrap()
        .into_iter()
        .map(|s| s.doc)
        .collect()
}

#[test]
fn r2_a_query_without_accents_finds_the_text_with_them_and_back() {
    let (db, index) = index_with(&[
        (1, "A configuração da autenticação mudou na última versão."),
        (2, "A reuniao sobre a integracao das aplicacoes foi adiada."),
        (3, "Caroline sent her résumé to the café."),
    ]);
    assert_eq!(found(&db, &index, "configuracao"), [1]);
    assert_eq!(found(&db, &index, "autenticacao ultima"), [1]);
    assert_eq!(found(&db, &index, "integração das aplicações"), [2]);
    assert_eq!(found(&db, &index, "reunião"), [2]);
    assert_eq!(found(&db, &index, "resume"), [3]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text over Portuguese letters, analysed as written or with its accents dropped, gives
    /// the same terms (and the same language).
    #[test]
    fn r2_folding_a_text_first_changes_no_term(
        words in prop::collection::vec("[a-zçãõáéíóúâêôàü]{1,14}", 1..12),
        portuguese in any::<bool>(),
    ) {
        let text = words.join(" ");
        let fallback = if portuguese { Language::Portuguese } else { Language::English };
        let as_written = analyze(&text, fallback);
        let folded = analyze(&fold(&text), fallback);
        prop_assert_eq!(folded, as_written);
    }
}
