//! Entity anchors (K4): the tokens that let a declarative sentence derive `fact`.
//!
//! An anchor is one of the five shapes the seed names, found on the original text (case
//! matters for acronyms):
//!
//! | shape       | rule                                                                 | e.g.                       |
//! |-------------|----------------------------------------------------------------------|----------------------------|
//! | backtick    | a non-blank span between two backticks                               | `` `kenning.scopes` ``     |
//! | number      | a token holding an ASCII digit, or a quantity in words from two up   | `2023`, `p99`, `us-east-1` |
//! |             | ("six rooms", "seis salas")                                          | `twelve`, `seis`           |
//! | path        | a URL, a token starting `/`, `~/`, `./`, `../`, or `a/b`, `a\b`      | `/etc/kenning.toml`        |
//! | dotted name | two or more dot-separated word segments, one of them 2+ chars long   | `config.toml`, `node.js`   |
//! |             | (an e-mail address counts by its domain)                             | `ana@acme.io`              |
//! | acronym     | a run of 2+ capital letters: the whole token (`-`, `_` may join      | `API`, `PRs`, `AWS_PROFILE`|
//! |             | parts), or inside a mixed-case name                                  | `PostgreSQL`, `iOS`        |
//!
//! A token is a whitespace-separated word with surrounding punctuation and a possessive `'s`
//! trimmed. `and/or` and `e/ou` are not paths; `e.g.`, `i.e.` and `p.ex.` are not dotted names
//! (no segment of two characters, or listed). The acronyms of discourse (`OK`, `FYI`, `BTW`,
//! `IMO`, `TODO`, ...) anchor no entity and are not anchors. Proper names are not anchors: the
//! seed's list is closed, so "Alice is very friendly" and "Ana prefers email over phone calls"
//! stay underivable (pass `kind`).

/// Words shaped like a verb that are not one.
const NOT_VERBS: &[&str] = &[
    "this",
    "thus",
    "yes",
    "plus",
    "news",
    "always",
    "perhaps",
    "sometimes",
    "series",
    "status",
    "bonus",
    "campus",
    "census",
    "virus",
    "analysis",
    "basis",
    "crisis",
    "thesis",
    "axis",
    "lens",
    "less",
    "across",
    "unless",
    "various",
    "previous",
    "serious",
    "famous",
    "its",
    "his",
    "hers",
    "ours",
    "yours",
    "theirs",
    "whereas",
    "towards",
    "afterwards",
    "besides",
    "indeed",
    "need",
    "speed",
    "feed",
    "seed",
    "bed",
    "red",
    "shed",
    "bleed",
    "breed",
    "greed",
    "embed",
    "hundred",
    "kindred",
    "sacred",
    "naked",
    "wicked",
    "tambem",
    "alguem",
    "ninguem",
    "porem",
    "alem",
    "quem",
    "nuvem",
    "ordem",
    "homem",
    "item",
    "totem",
    "garagem",
    "sou",
    "vou",
    "dou",
    "ou",
    "mas",
    "as",
    "os",
    "nos",
    "vos",
    "seu",
    "meu",
    "teu",
    "sem",
    "bem",
    "nem",
    "cem",
    "also",
];

/// A word of the content shaped like a finite verb that no table lists: English in `-s` before
/// an object ("lists 48 names") or in `-ed` ("drifted"; not right after a determiner, where it is an adjective: "the signed
/// contract", nor after "get": "gets rejected" is an event), Portuguese in `-ou`, `-iu`, `-am`, `-em` ("falhou", "caiu", "rodam", "fazem")
/// in text with Portuguese function words. A question is not declarative. Singular Portuguese
/// presents ("lê", "roda") end like nouns and adjectives ("lenta"), so they are left to the
/// copula table.
pub(crate) fn declarative_verb(text: &str) -> Option<&str> {
    verb(text, false)
}

/// The sentence after its preamble: list bullets (`-`, `*`, `•`, `>`), a bracketed label or time
/// stamp (`[09:14]`) and the marks of a forwarded or answered mail (`Re:`, `Fwd:`), as many as
/// stand before it, in the styles of chat logs, minutes and mail (issue 16, eleventh round).
pub(crate) fn body(text: &str) -> &str {
    let mut rest = text.trim_start();
    loop {
        let before = rest;
        rest = rest.trim_start_matches(['-', '*', '•', '>']).trim_start();
        if rest.starts_with('[')
            && let Some(close) = rest.find(']')
            && close <= 24
        {
            rest = rest.get(close + 1..).unwrap_or("").trim_start();
        }
        for mark in ["re:", "fwd:", "fw:", "enc:"] {
            if rest
                .get(..mark.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(mark))
            {
                rest = rest.get(mark.len()..).unwrap_or("").trim_start();
            }
        }
        if rest.len() == before.len() {
            return rest;
        }
    }
}

/// The work of a thing named first, for a text that times it (`matcher::time_taken`: "in
/// seconds", "em dois segundos", "num instante", "a shift"): a text that opens with a determined
/// subject ("the cutting table", "a catraca", "o nosso laboratório") and has, after the subject's
/// head, a short Portuguese present ("lê", "faz", "dá") or a word in `-s`, `-a` or `-e` that is
/// not after an article, a preposition or a number. That is all it asks of the verb: looser than
/// [`present_verb`], since the time taken already says the sentence tells a habit of work, so a
/// bare object ("trims roller blind fabric to size in seconds") counts, and a word after the verb
/// may stand for it. What keeps it from a measure is the verb of being, having, staying, going or
/// reaching, or a past (not a participle after a preposition or an article, which describes a
/// noun: "by shared values"): any among the first nine words ends it ("the public API is limited to
/// 100 requests per minute", "a farmácia fica aberta 24 horas", "o tráfego chega a 9 mil
/// requisições por segundo" state, "the ferry crossed the bay in under ten minutes" tells an
/// event; none tells an ability). Issue 16, round 37: designed on the tuning slices up to 76,
/// where its prototype met 45 sentences, all capabilities; in the rules it moved 12 misses there
/// and no other answer.
pub(crate) fn timed_work(text: &str) -> Option<&str> {
    const SUBJECTS: &[&str] = &[
        "the", "our", "my", "their", "its", "this", "these", "each", "every", "o", "a", "os", "as",
        "nosso", "nossa", "nossos", "nossas", "meu", "minha", "esse", "essa", "este", "esta",
        "esses", "essas", "estes", "estas",
    ];
    const POSSESSIVES: &[&str] = &["nosso", "nossa", "nossos", "nossas", "meu", "minha"];
    const STATES: &[&str] = &[
        "is", "are", "was", "were", "has", "have", "had", "does", "went", "goes", "gets", "seems",
        "looks", "stays", "opens", "closes", "costs", "lasts", "fica", "ficam", "tem", "têm",
        "tinha", "foi", "era", "é", "está", "estão", "começa", "começam", "vai", "vão", "precisa",
        "custa", "dura", "abre", "fecha", "passa",
        // A measure reached is a fact of the thing ("o tráfego chega a 9 mil requisições por
        // segundo"), not its work.
        "chega", "chegam", "atinge", "atingem", "reaches", "hits", "peaks", "averages",
    ];
    const SHORT_PRESENTS_PT: &[&str] = &[
        "lê", "leem", "faz", "fazem", "dá", "dão", "vê", "veem", "põe", "põem", "traz", "trazem",
        "tira", "mói",
    ];
    let words: Vec<&str> = text.split_whitespace().take(9).collect();
    let first = words.first()?.to_lowercase();
    if !SUBJECTS.contains(&first.as_str()) || text.trim_end().ends_with('?') {
        return None;
    }
    let lower: Vec<String> = words.iter().map(|w| trim(w).to_lowercase()).collect();
    // A past tells an event, no habit ("the ferry crossed the bay in under ten minutes").
    let past = |w: &str| {
        w.chars().count() >= 5 && (w.ends_with("ed") || w.ends_with("ou") || w.ends_with("iu"))
    };
    // A participle after a preposition or an article describes a noun ("ranks members by
    // shared values", round 48): no past.
    const BEFORE_ADJECTIVES: &[&str] = &["by", "of", "with", "for", "the", "a", "an", "in", "on"];
    if lower.iter().enumerate().any(|(i, w)| {
        STATES.contains(&w.as_str())
            || (past(w)
                && !i
                    .checked_sub(1)
                    .and_then(|p| lower.get(p))
                    .is_some_and(|p| BEFORE_ADJECTIVES.contains(&p.as_str())))
    }) {
        return None;
    }
    // The subject's head comes after its determiner, and after a possessive ("o nosso
    // laboratório"); the verb after the head.
    let head = 1 + usize::from(
        lower
            .get(1)
            .is_some_and(|w| POSSESSIVES.contains(&w.as_str())),
    );
    for i in head + 1..words.len() {
        let word = trim(words.get(i)?);
        if !word.chars().all(char::is_lowercase) {
            continue;
        }
        let (Some(low), Some(previous)) = (lower.get(i), lower.get(i - 1)) else {
            continue;
        };
        let n = word.chars().count();
        let after_noun_word = !DETERMINERS.contains(&previous.as_str())
            && !PT_BEFORE_NOUNS.contains(&previous.as_str())
            && !previous.starts_with(|c: char| c.is_ascii_digit())
            && !is_number_word(previous);
        let present_s =
            n >= 4 && word.ends_with('s') && !["ss", "us", "is"].iter().any(|s| word.ends_with(s));
        let present_pt = n >= 4
            && (word.ends_with('a') || word.ends_with('e'))
            && !PT_BEFORE_NOUNS.contains(&low.as_str())
            && !NOT_PRESENTS_PT.contains(&low.as_str());
        if SHORT_PRESENTS_PT.contains(&low.as_str())
            || (after_noun_word && (present_s || present_pt))
        {
            return Some(word);
        }
    }
    None
}

/// What a thing habitually does, told by its form: a text that opens with a determined subject
/// ("the dishwasher", "our POS", "Lina's van") whose first verb is a present in `-s` before an
/// object ("cleans a full rack", "seats nine people"), in English, no question, with no verb
/// of having, being, wanting or seeming (those state, they tell no ability). The caller asks
/// only when nothing else derived a kind: the weakest evidence of all.
pub(crate) fn habitual_present(text: &str) -> Option<&str> {
    const SUBJECTS: &[&str] = &[
        "the", "our", "my", "their", "its", "his", "her", "your", "this", "that", "these", "those",
        "each", "every",
    ];
    const STATES: &[&str] = &[
        "has", "is", "was", "does", "needs", "wants", "likes", "loves", "hates", "seems", "looks",
        "feels", "sounds", "means", "prefers", "uses", "costs", "belongs", "lives", "gets", "goes",
        "comes", "says", "thinks", "knows", "hopes", "wishes",
    ];
    let first = text.split_whitespace().next()?;
    let opened = SUBJECTS.contains(&first.to_lowercase().as_str()) || first.ends_with("'s");
    if !opened || text.contains(',') {
        return None;
    }
    let Some(verb) = present_verb(text) else {
        return plural_present(text);
    };
    // A direct object: a verb before a place or a time ("rotates on the first of each month")
    // states a schedule, not an ability.
    let mut after = text.split_whitespace().map(trim).skip_while(|w| *w != verb);
    let next = after.nth(1).unwrap_or("").to_lowercase();
    (!STATES.contains(&verb) && !PLACES.contains(&next.as_str())).then_some(verb)
}

/// What things of a kind habitually do, a plural subject's present (issue 16, twelfth round):
/// the subject's head is its first plural noun within its first words ("our intraoral scanners",
/// "the ergs"), and the word right after it a bare verb before an object ("send the 3D model",
/// "export each session"). Not a verb of having, being, wanting or seeming, not a modal, not a
/// past: those state, they tell no ability.
fn plural_present(text: &str) -> Option<&str> {
    const NOT_PLURAL_PRESENTS: &[&str] = &[
        "are",
        "were",
        "was",
        "have",
        "had",
        "did",
        "can",
        "will",
        "may",
        "must",
        "should",
        "would",
        "could",
        "might",
        "shall",
        "need",
        "want",
        "like",
        "love",
        "hate",
        "seem",
        "look",
        "feel",
        "sound",
        "mean",
        "prefer",
        "use",
        "cost",
        "belong",
        "live",
        "get",
        "got",
        "go",
        "went",
        "come",
        "came",
        "say",
        "said",
        "think",
        "know",
        "knew",
        "hope",
        "wish",
        "take",
        "took",
        "give",
        "gave",
        "see",
        "saw",
        "sent",
        "ran",
        "ate",
        "broke",
        "told",
        "found",
        "left",
        "lost",
        "brought",
        "bought",
        "caught",
        "built",
        "held",
        "kept",
        "paid",
        "put",
        "read",
        "set",
        "sold",
        "spent",
        "stood",
        "thought",
        "won",
        "wrote",
        "drove",
        "flew",
        "threw",
        "wore",
        "fell",
        "hit",
        "cut",
        "let",
        "shut",
        "led",
        "met",
        "felt",
        "heard",
        "meant",
        "sat",
        "slept",
        "spoke",
        "stole",
        "taught",
        "tore",
        "woke",
        "chose",
        "drew",
        "forgot",
        "froze",
        "grew",
        "hid",
        "rode",
        "rose",
        "shook",
        "shot",
        "blew",
        "bit",
        "fed",
        "fought",
        "hung",
        "quit",
        "made",
        "and",
        "but",
        "for",
        "not",
        "also",
        "just",
        "only",
        "still",
        "all",
        "too",
        "then",
        "from",
        "with",
        "into",
        "that",
        "this",
        "than",
        "the",
        "who",
        "which",
        "really",
        "never",
        "always",
        "often",
        "usually",
        "adore",
        "enjoy",
        "miss",
        "dislike",
        "complain",
        "ask",
        "remember",
        "forget",
        "believe",
        "understand",
        "agree",
        "deserve",
        "expect",
    ];
    let words: Vec<&str> = text.split_whitespace().take(8).collect();
    for i in 1..words.len().min(5) {
        let noun = trim(words.get(i)?);
        let plural = noun.len() >= 4
            && noun.ends_with('s')
            && !noun.ends_with("ss")
            && !noun.ends_with("us")
            && !noun.ends_with("is")
            && noun.chars().all(|c| c.is_ascii_alphabetic());
        if !plural {
            continue;
        }
        let raw = words.get(i + 1)?;
        let verb = trim(raw);
        let next = trim(words.get(i + 2)?).to_lowercase();
        let object = OBJECT_OPENERS.contains(&next.as_str())
            || next.starts_with(|c: char| c.is_ascii_digit())
            || shape(trim(words.get(i + 2)?)) == Some(Shape::Acronym);
        let bare = verb.len() >= 3
            && verb.chars().all(|c| c.is_ascii_lowercase())
            && !verb.ends_with('s')
            && !verb.ends_with("ed")
            && !verb.ends_with("ing")
            && !verb.ends_with("ly")
            && !raw.ends_with([',', '.', ';', ':', '!']);
        return (bare && object && !NOT_PLURAL_PRESENTS.contains(&verb)).then_some(verb);
    }
    None
}

/// Whether lowercased text holds Portuguese function words or letters.
fn is_portuguese(lower: &str) -> bool {
    [
        " de ", " da ", " das ", " dos ", " com ", " para ", " pra ", " em ", " na ", " nas ",
        " nos ", " uma ", " pelo ", " pela ", " ao ", " que ",
    ]
    .iter()
    .any(|w| lower.contains(w))
        || [" o ", " os ", " e ", " um ", " ou ", " se "]
            .iter()
            .any(|w| lower.contains(w))
        || lower.chars().any(|c| "ãõçáéíóúâêô".contains(c))
}

/// What a thing habitually does, in Portuguese, the twin of [`habitual_present`]: a text that
/// opens with a determined subject whose head is a common noun ("o robô de ordenha", "a mesa
/// de luz do teatro", "nosso sistema"), then its first verb, a present in `-a`, `-e` or `-z`
/// before its object (an article, a quantifier or a number: "identifica cada vaca", "envia a
/// fatura", "traduz os chamados"), no question, no comma, and no verb of having, being, going,
/// staying or seeming (those state, they tell no ability). A word in `-a`, `-e` right after an
/// article or a preposition is a noun ("de ordenha"), and one before no object an adjective
/// ("a câmera nova"). The caller asks only when nothing else derived a kind.
pub(crate) fn habitual_present_pt(text: &str) -> Option<&str> {
    const SUBJECTS: &[&str] = &[
        "o", "a", "os", "as", "nosso", "nossa", "meu", "minha", "esse", "essa", "este", "esta",
        "nossos", "nossas", "meus", "minhas", "esses", "essas", "estes", "estas",
    ];
    // Plural subjects, whose present is in `-am`, `-em` ("nossas balanças imprimem a etiqueta",
    // issue 16, twelfth round).
    const PLURAL_SUBJECTS: &[&str] = &[
        "os", "as", "nossos", "nossas", "meus", "minhas", "esses", "essas", "estes", "estas",
    ];
    const PLURAL_STATES: &[&str] = &["querem", "saem", "possuem", "veem", "leem", "creem"];
    const OBJECTS: &[&str] = &[
        "o", "a", "os", "as", "um", "uma", "cada", "todo", "toda", "todos", "todas", "seu", "sua",
        "seus", "suas", "ate", "até", "mais", "vários", "varios", "várias", "varias",
        // A quantity in words is an object as its digits are (issue 16, seventeenth round): the
        // anchors' number words, and these hundreds.
        "duzentas", "duzentos",
        // Any one of a kind (issue 16, twenty-fourth round): "copia qualquer desenho".
        "qualquer",
    ];
    const STATES: &[&str] = &[
        "tem",
        "e",
        "é",
        "esta",
        "está",
        "fica",
        "vai",
        "precisa",
        "quer",
        "parece",
        "usa",
        "custa",
        "gosta",
        "acha",
        "sabe",
        "pode",
        "deve",
        "passa",
        "vira",
        "volta",
        "continua",
        "começa",
        "comeca",
        "acaba",
        "deixa",
        "chega",
        "sai",
        "entra",
        "mora",
        "trabalha",
        "pertence",
        "significa",
        "depende",
        "prefere",
        "chama",
        "dura",
        "vence",
        "termina",
        "expira",
        "possui",
        "falta",
        "cabe",
        "serve",
        "vale",
        // Liking and disliking state an opinion, no ability (issue 16, twelfth round).
        "adora",
        "ama",
        "odeia",
        "detesta",
        "curte",
        "elogia",
        "reclama",
        "pede",
        "espera",
        "lembra",
        "conhece",
        "entende",
        "acredita",
        "merece",
    ];
    if text.trim_end().ends_with('?') || text.contains(',') {
        return None;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let first = words.first()?.to_lowercase();
    let head = words.get(1)?;
    if !SUBJECTS.contains(&first.as_str()) || !head.starts_with(|c: char| c.is_lowercase()) {
        return None;
    }
    // Every subject word but "a" is Portuguese alone; after "a", the text must show it.
    let lower = text.to_lowercase();
    let portuguese = first != "a"
        || is_portuguese(&lower)
        || [" as ", " por ", " do ", " no ", " dos ", " nos "]
            .iter()
            .any(|w| lower.contains(w));
    if !portuguese {
        return None;
    }
    for i in 2..words.len().min(8) {
        let raw = words.get(i)?;
        let word = trim(raw);
        if !word.chars().all(char::is_lowercase) {
            continue;
        }
        let previous = trim(words.get(i - 1)?).to_lowercase();
        if PT_BEFORE_NOUNS.contains(&previous.as_str()) {
            continue;
        }
        // A plural subject's present: "-am" but no past or imperfect ("-aram", "-avam",
        // "-iam"), "-em" but no subjunctive ("-ssem", "-arem", "-irem"); its singular is asked
        // among the states.
        let plural_present = PLURAL_SUBJECTS.contains(&first.as_str())
            && word.chars().count() >= 4
            && ((word.ends_with("am")
                && !["aram", "eram", "iram", "avam", "iam"]
                    .iter()
                    .any(|s| word.ends_with(s)))
                || (word.ends_with("em")
                    && !["ssem", "arem", "irem", "gem"]
                        .iter()
                        .any(|s| word.ends_with(s))));
        let singular = if plural_present {
            word.strip_suffix('m').unwrap_or(word)
        } else {
            word
        };
        // The first finite verb that is no habit ends the search: "o sistema tem ...", "a
        // equipe rodou ...".
        let past_or_plural = word.ends_with("ou")
            || word.ends_with("iu")
            || (word.ends_with("am") && !plural_present);
        if STATES.contains(&singular) || PLURAL_STATES.contains(&word) || past_or_plural {
            return None;
        }
        let shaped = plural_present
            || (word.chars().count() >= 3
                && (word.ends_with('a') || word.ends_with('e') || word.ends_with('z')));
        // A quantifier before a time is a schedule, not an object ("muda todo primeiro dia do
        // mês", "roda cada noite").
        let schedule = words.get(i + 2).is_some_and(|w| {
            let w = trim(w).to_lowercase();
            TIMES_PT.contains(&w.as_str())
        });
        // A noun with no article is an object only right after the subject, or after the
        // subject and one complement of "de" ("a máquina de gelo produz escama"): further on,
        // the word before it is as likely a noun or an adjective as a verb.
        let bare_object_at = i == 2
            || (i == 4
                && ["de", "da", "do", "das", "dos"]
                    .contains(&trim(words.get(2)?).to_lowercase().as_str()));
        let object = words.get(i + 1).is_some_and(|next| {
            let next = trim(next).to_lowercase();
            OBJECTS.contains(&next.as_str())
                || is_number_word(&next)
                || next.starts_with(|c: char| c.is_ascii_digit())
                || (bare_object_at && bare_noun_pt(&next) && !STATES.contains(&next.as_str()))
        }) && !schedule;
        if shaped
            && object
            && !raw.ends_with(['.', ';', ':', '!'])
            && !NOT_PRESENTS_PT.contains(&word)
            && !PT_BEFORE_NOUNS.contains(&word)
        {
            return Some(word);
        }
    }
    None
}

/// Whether a word after a Portuguese present is a noun with no article, its object ("a máquina
/// produz escama", "o filtro bloqueia sites de jogos"): a lowercase word of four letters or more
/// that is no preposition, article, adverb or pronoun (issue 16, seventeenth round).
fn bare_noun_pt(word: &str) -> bool {
    const NOT_NOUNS: &[&str] = &[
        "muito", "muita", "pouco", "pouca", "bem", "mal", "sempre", "nunca", "mais", "menos",
        "sozinho", "sozinha", "direto", "direito", "rapido", "rápido", "devagar", "aqui", "ali",
        "hoje", "amanha", "amanhã", "ontem", "agora", "tambem", "também", "ainda", "quando",
        "porque", "demais", "bastante", "junto", "juntos", "logo", "cedo", "tarde", "depois",
        "antes", "assim", "tudo", "nada", "isso", "isto", "aquilo", "ele", "ela", "eles", "elas",
        "voce", "você", "gente", "mesmo", "mesma", "nenhum", "nenhuma", "algum", "alguma", "outro",
        "outra", "quase", "apenas", "certo", "errado", "melhor", "pior", "fora", "dentro", "perto",
        "longe", "acima", "abaixo", "atrás", "atras", "durante", "desde", "contra", "sobre",
        "entre", "para", "pela", "pelo", "pelas", "pelos", "numa", "num", "dela", "dele", "deles",
        "delas", "nessa", "nesse", "neste", "nesta", "naquela",
    ];
    word.chars().count() >= 4
        && word.chars().all(char::is_lowercase)
        && !word.ends_with("mente")
        && !PT_BEFORE_NOUNS.contains(&word)
        && !PT_BEFORE_QUANTITIES.contains(&word)
        && !NOT_NOUNS.contains(&word)
        && !TIMES_PT.contains(&word)
}

/// Times that a quantifier names in a schedule ("todo dia", "cada semana", "toda segunda").
const TIMES_PT: &[&str] = &[
    "dia",
    "dias",
    "semana",
    "semanas",
    "mes",
    "mês",
    "meses",
    "ano",
    "anos",
    "noite",
    "noites",
    "manha",
    "manhã",
    "tarde",
    "hora",
    "horas",
    "minuto",
    "minutos",
    "vez",
    "vezes",
    "primeiro",
    "primeira",
    "segunda",
    "terça",
    "terca",
    "quarta",
    "quinta",
    "sexta",
    "sábado",
    "sabado",
    "domingo",
    "fim",
    "inicio",
    "início",
    "turno",
    "plantão",
    "plantao",
    "safra",
    "temporada",
];

/// Words that open a sentence right before "to" and are no name: feelings, needs, reminders,
/// sequence and time ("Happy to help", "Need to book ...", "Time to ship ...").
const NOT_NAMES_BEFORE_TO: &[&str] = &[
    "nice",
    "happy",
    "glad",
    "sorry",
    "good",
    "great",
    "sad",
    "hard",
    "easy",
    "time",
    "need",
    "needs",
    "remember",
    "have",
    "has",
    "had",
    "how",
    "steps",
    "agreed",
    "refer",
    "going",
    "back",
    "welcome",
    "ready",
    "able",
    "due",
    "hope",
    "love",
    "like",
    "want",
    "try",
    "used",
    "about",
    "up",
    "down",
    "next",
    "first",
    "last",
    "plan",
    "plans",
    "note",
    "reminder",
    "thanks",
    "thank",
    "cheers",
    "sure",
    "free",
    "keen",
    "nothing",
    "something",
    "anything",
    "things",
    "ways",
    "way",
    "reasons",
    "hoping",
    "trying",
    "talked",
    "spoke",
    "went",
    "came",
    "moved",
    "switched",
    "decided",
    "chose",
    "voted",
    "reply",
    "replies",
    "answer",
    "access",
    "subject",
    "close",
    "ok",
    "okay",
    "yes",
    "sent",
    "forgot",
    "forgetting",
];

/// Work a named person has taken on, in the future of intention: a text that opens with a
/// person's name (with the article Portuguese puts before it) and "will", "is going to" or
/// "vai" and an action ("Jo will replace the chain on the tandem", "A Marta vai ligar para a
/// agência"), or the "to" of minutes ("Tom to repaint the mask"), no question. Being, having and feeling are no action ("Ana will be out").
pub(crate) fn undertaken(text: &str) -> bool {
    const NOT_NAMES: &[&str] = &[
        "the",
        "this",
        "that",
        "these",
        "those",
        "our",
        "my",
        "your",
        "their",
        "his",
        "her",
        "it",
        "we",
        "i",
        "you",
        "they",
        "he",
        "she",
        "everyone",
        "everybody",
        "nobody",
        "no",
        "next",
        "tomorrow",
        "today",
        "there",
        "who",
        "what",
        "maybe",
        "eu",
        "nós",
        "nos",
        "ele",
        "ela",
        "eles",
        "elas",
        "você",
        "voce",
        "vocês",
        "voces",
        "isso",
        "isto",
        "amanhã",
        "amanha",
        "hoje",
        "ninguém",
        "ninguem",
        "todo",
        "toda",
        "cada",
        "quem",
        "talvez",
        "someone",
        "somebody",
        "alguém",
        "alguem",
        "a",
        "o",
        "an",
        "if",
        "se",
        "when",
        "quando",
    ];
    const NOT_ACTIONS: &[&str] = &[
        "be",
        "have",
        "not",
        "never",
        "probably",
        "likely",
        "love",
        "like",
        "hate",
        "need",
        "want",
        "ser",
        "estar",
        "ficar",
        "ter",
        "adorar",
        "gostar",
        "odiar",
        "precisar",
        "querer",
        "nunca",
        "provavelmente",
    ];
    if text.trim_end().ends_with('?') {
        return false;
    }
    let mut words = text.split_whitespace().map(trim).peekable();
    if words
        .peek()
        .is_some_and(|w| matches!(*w, "A" | "O") && is_portuguese(&text.to_lowercase()))
    {
        words.next();
    }
    let Some(name) = words.next() else {
        return false;
    };
    let mut letters = name.chars();
    let named = letters.next().is_some_and(char::is_uppercase)
        && name.chars().count() >= 2
        && letters.all(char::is_lowercase)
        && !NOT_NAMES.contains(&name.to_lowercase().as_str());
    if !named {
        return false;
    }
    let mut next = words.next().unwrap_or("");
    // A surname: "Jo Silva will ...".
    if next.starts_with(|c: char| c.is_uppercase()) {
        next = words.next().unwrap_or("");
    }
    // "Mia's going to ...": "is" contracted onto the name (issue 16, twenty-fourth round).
    let contracted = text
        .split_whitespace()
        .find(|w| trim(w) == name)
        .is_some_and(|w| w.ends_with("'s") || w.ends_with("\u{2019}s"));
    let action = match next {
        "will" | "vai" => words.next().unwrap_or(""),
        "going" if contracted && words.next() == Some("to") => words.next().unwrap_or(""),
        "is" if words.next() == Some("going") && words.next() == Some("to") => {
            words.next().unwrap_or("")
        }
        // The minutes' shorthand of an assignment: "Tom to repaint the mask by Friday" (issue
        // 16, eighteenth round): a name, not a word that opens a sentence before "to" ("Nice
        // to meet you", "Remember to ..."), and an action before its object.
        "to" if !NOT_NAMES_BEFORE_TO.contains(&name.to_lowercase().as_str()) => {
            let action = words.next().unwrap_or("");
            match words.next() {
                Some(object) if DETERMINERS.contains(&object.to_lowercase().as_str()) => action,
                _ => return false,
            }
        }
        _ => return false,
    };
    action.chars().count() >= 3
        && action.chars().all(char::is_lowercase)
        && !NOT_ACTIONS.contains(&action)
        && !NOT_NAMES.contains(&action)
        && !DETERMINERS.contains(&action)
}

/// A present in `-s` before an object ("lists 48 names"): weaker evidence than
/// [`declarative_verb`] (a plural can stand there), so it counts after the hints.
pub(crate) fn present_verb(text: &str) -> Option<&str> {
    verb(text, true)
}

fn verb(text: &str, presents: bool) -> Option<&str> {
    if text.trim_end().ends_with('?') {
        return None;
    }
    let lower = text.to_lowercase();
    let portuguese = is_portuguese(&lower);
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut previous = "";
    for (i, raw) in words.iter().enumerate() {
        let word = trim(raw);
        let after = std::mem::replace(&mut previous, word);
        let n = word.chars().count();
        if n < 4 || !word.chars().all(char::is_lowercase) || NOT_VERBS.contains(&word) {
            continue;
        }
        let ends = |suffix: &str| word.ends_with(suffix);
        let determiner = DETERMINERS.contains(&after.to_lowercase().as_str());
        // A present in `-s` is told from a plural by what follows it: an object that opens
        // with a determiner, a quantity or an entity ("the sheet lists 48 names", "the
        // scanner reads both ISBN and QR codes").
        let opens_object = |at: usize| {
            words.get(at).is_some_and(|next| {
                let next = trim(next);
                OBJECT_OPENERS.contains(&next.to_lowercase().as_str())
                    || next.chars().any(|c| c.is_ascii_digit())
                    || shape(next) == Some(Shape::Acronym)
            })
        };
        // Or a place it is at, or a source it draws on, then such an object ("the truck parks
        // at the corner of Elm and 5th", "the bus leaves at 7:15").
        // Or a bare object turned into another ("the hydrocracker converts heavy gasoil into
        // diesel", round 42): "into" within the three words after it.
        let object = !raw.ends_with([',', '.', ';', ':', '!'])
            && (opens_object(i + 1)
                || (words
                    .get(i + 1)
                    .is_some_and(|w| PLACES.contains(&trim(w).to_lowercase().as_str()))
                    && opens_object(i + 2))
                || words
                    .iter()
                    .skip(i + 2)
                    .take(3)
                    .any(|w| trim(w).eq_ignore_ascii_case("into")));
        let present = ends("s")
            && !ends("ss")
            && !ends("us")
            && !ends("is")
            && object
            && !determiner
            // A quantity before it makes it a plural ("3 runs"); an identifier is a subject
            // ("G4 carries 8 passengers").
            && !after.starts_with(|c: char| c.is_ascii_digit())
            && !PREPOSITIONS.contains(&after.to_lowercase().as_str());
        // A Portuguese present in `-a`, `-e` is told from a noun by what follows it: a quantity,
        // right away or after a preposition ("o caminhão comporta 35 m³", "o wafer passa por
        // 42 etapas"), with no article or preposition before it.
        let quantity = |at: usize| {
            words
                .get(at)
                .is_some_and(|w| trim(w).chars().any(|c| c.is_ascii_digit()))
        };
        // Cheapest tests first: only step 5 asks, and the word lists are read last.
        let present_pt = presents
            && portuguese
            && (ends("a") || ends("e"))
            && !raw.ends_with([',', '.', ';', ':', '!'])
            && (quantity(i + 1)
                || (quantity(i + 2)
                    && words
                        .get(i + 1)
                        .is_some_and(|w| PT_BEFORE_QUANTITIES.contains(&trim(w)))))
            && !NOT_PRESENTS_PT.contains(&word)
            && !PT_BEFORE_NOUNS.contains(&after.to_lowercase().as_str());
        let english = ends("ed") && n >= 5 && !determiner;
        // The past of the second conjugation in `-eu` ("atendeu", "recebeu", "vendeu") too,
        // but for the nouns and pronouns of that ending (issue 16, eleventh round).
        let pt = portuguese
            && (ends("ou")
                || ends("iu")
                || ends("am")
                || (ends("em") && !ends("gem"))
                || (ends("eu") && n >= 5 && !NOUNS_IN_EU.contains(&word)));
        if (presents && (present || present_pt)) || (!presents && (english || pt)) {
            return Some(word);
        }
    }
    None
}

/// Portuguese words in `-eu` that are no past: nouns and adjectives.
const NOUNS_IN_EU: &[&str] = &[
    "museu", "chapeu", "trofeu", "europeu", "europeus", "judeu", "liceu", "coliseu", "apogeu",
    "plebeu", "fariseu", "hebreu", "ilheu", "mausoleu", "camafeu", "pigmeu", "himeneu",
];

/// Portuguese words in `-a`, `-e` that are no present: function words, adverbs, nouns and
/// adjectives that stand before a quantity.
const NOT_PRESENTS_PT: &[&str] = &[
    "para",
    "sobre",
    "entre",
    "sempre",
    "desde",
    "contra",
    "onde",
    "toda",
    "todas",
    "cada",
    "essa",
    "esta",
    "nossa",
    "sua",
    "uma",
    "outra",
    "mesma",
    "grande",
    "nome",
    "noite",
    "tarde",
    "hoje",
    "antes",
    "durante",
    "quase",
    "apenas",
    "somente",
    "enquanto",
    "longe",
    "perto",
    "cerca",
    "acima",
    "abaixo",
    "frente",
    "desta",
    "dessa",
    "nesta",
    "nessa",
    "pela",
    "numa",
    "semana",
    "hora",
    "dia",
    "porta",
    "sala",
    "linha",
    "fase",
    "versão",
    "mesa",
    "doca",
    "rota",
    "caixa",
    "página",
    "nota",
    "faixa",
    "conta",
    "ordem",
    "parte",
    "etapa",
    "vaga",
    "média",
    "taxa",
    "altura",
    "largura",
    "idade",
    "capacidade",
    "velocidade",
    "temperatura",
    "entrada",
    "saída",
    "tela",
    "área",
    "quadra",
    "rua",
    "zona",
    "placa",
    "equipe",
    "classe",
];

/// Words after which a Portuguese word in `-a`, `-e` is a noun: articles, prepositions.
const PT_BEFORE_NOUNS: &[&str] = &[
    "o", "a", "os", "as", "um", "uma", "de", "da", "do", "das", "dos", "em", "na", "no", "nas",
    "nos", "para", "pra", "com", "por", "pela", "pelo", "que", "e", "ou", "sua", "seu", "nossa",
    "nosso", "essa", "esse", "esta", "este", "cada", "toda", "todo", "sem", "sobre", "entre",
];

/// Prepositions and adverbs between a Portuguese present and its quantity ("passa por 42").
const PT_BEFORE_QUANTITIES: &[&str] = &[
    "por", "ate", "até", "cerca", "uns", "umas", "mais", "menos", "quase", "entre",
];

/// Words that open the object of a present in `-s`.
const OBJECT_OPENERS: &[&str] = &[
    "the",
    "a",
    "an",
    "both",
    "all",
    "every",
    "each",
    "about",
    "around",
    "roughly",
    "up",
    "over",
    "more",
    "less",
    "its",
    "their",
    "our",
    "your",
    "his",
    "her",
    "two",
    "three",
    "four",
    "five",
    "six",
    "ten",
    "twenty",
    "hundreds",
    "thousands",
    "dozens",
];

/// Prepositions of a place or a source, between a present in `-s` and its object.
const PLACES: &[&str] = &[
    "at", "on", "in", "from", "under", "behind", "near", "inside", "outside", "beside", "into",
    "through", "along",
];

/// Prepositions, after which an `-s` word is a plural ("for users").
const PREPOSITIONS: &[&str] = &[
    "of", "for", "in", "on", "at", "with", "by", "from", "to", "into", "about", "and", "or",
    "many", "few", "several", "two", "three", "four", "five",
];

/// Words after which an `-ed` word is an adjective or an event's passive ("gets rejected"),
/// not the verb of a statement.
const DETERMINERS: &[&str] = &[
    "the", "a", "an", "this", "that", "these", "those", "our", "your", "their", "its", "his",
    "her", "my", "every", "each", "no", "any", "some", "all", "get", "gets", "got", "getting",
];

/// The shape of an anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Backtick,
    Number,
    Path,
    Dotted,
    Acronym,
}

/// The first anchor in `text`, with the token that carries it.
pub(crate) fn find(text: &str) -> Option<(Shape, &str)> {
    find_marked(text).or_else(|| find_spelled(text))
}

/// The first anchor known by its marks (digits, slashes, dots, capitals, backticks).
pub(crate) fn find_marked(text: &str) -> Option<(Shape, &str)> {
    if let Some(token) = backtick_span(text) {
        return Some((Shape::Backtick, token));
    }
    text.split_whitespace().find_map(|word| {
        let token = trim(word);
        shape(token).map(|s| (s, token))
    })
}

/// The first quantity written in words ("six rooms"): weaker evidence than a marked anchor,
/// since a number word also counts things no entity holds, so it counts after the hints.
pub(crate) fn find_spelled(text: &str) -> Option<(Shape, &str)> {
    text.split_whitespace()
        .map(trim)
        .find(|token| is_number_word(token))
        .map(|token| (Shape::Number, token))
}

/// The first non-blank span between two backticks, with its backticks.
fn backtick_span(text: &str) -> Option<&str> {
    let mut rest = text;
    let mut offset = 0;
    while let Some(open) = rest.find('`') {
        let after = rest.get(open + 1..)?;
        let close = after.find('`')?;
        let inner = after.get(..close)?;
        if !inner.trim().is_empty() {
            let start = offset + open;
            return text.get(start..start + close + 2);
        }
        offset += open + 1 + close + 1;
        rest = after.get(close + 1..)?;
    }
    None
}

/// Whether the subject before a habit's verb is a device named by what it does, an agent noun
/// ("the new collator mixes ...", "our mulcher chews ...", "a desfibradora nova processa ...",
/// "o destilador de cobre tira ..."): within the three words after the opening determiner that
/// stand before `verb` (any three, with no verb given: the cheap first look), one ending in
/// `-er`/`-or` (English) or `-dor(a)`/`-deira` (Portuguese), singular or plural, that is not a
/// person's trade or role ([`PEOPLE_BY_TRADE`]). What such a subject does to its object is its
/// function, a capability, whatever number the object carries (issue 16, round 61: on the tuning
/// slices the entity gate made facts of eleven such capabilities).
pub(crate) fn device_subject(text: &str, verb: Option<&str>) -> bool {
    let mut words = text.split_whitespace().map(trim);
    words.next();
    words
        .take_while(|w| Some(*w) != verb)
        .take(3)
        .any(device_noun)
}

/// Whether a word is an agent noun of [`device_subject`], compared without regard to ASCII case
/// (no copy of the word is made).
fn device_noun(word: &str) -> bool {
    const ENDS: &[&str] = &[
        "er", "or", "ers", "ors", "dor", "dora", "dores", "doras", "deira", "deiras",
    ];
    let ends = |end: &str| {
        word.len()
            .checked_sub(end.len())
            .and_then(|at| Some((word.get(..at)?, word.get(at..)?)))
            .is_some_and(|(stem, tail)| tail.eq_ignore_ascii_case(end) && stem.chars().count() >= 3)
    };
    let starts = |stem: &str| {
        word.get(..stem.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(stem))
    };
    ENDS.iter().any(|end| ends(end)) && !PEOPLE_BY_TRADE.iter().any(|p| starts(p))
}

/// The stems of people named by their trade, role or kin, which end as a device's name does
/// ("customer", "fornecedora", "costureira"): a person's work is no machine's function.
const PEOPLE_BY_TRADE: &[&str] = &[
    "administrador",
    "agricultor",
    "auditor",
    "author",
    "autor",
    "brother",
    "buyer",
    "cantor",
    "colaborador",
    "comprador",
    "contador",
    "contractor",
    "coordenador",
    "corretor",
    "counsel",
    "customer",
    "daughter",
    "dealer",
    "designer",
    "developer",
    "diretor",
    "director",
    "doctor",
    "donor",
    "driver",
    "editor",
    "employer",
    "engineer",
    "farmer",
    "father",
    "fornecedor",
    "gestor",
    "governador",
    "inspector",
    "inspetor",
    "investidor",
    "jogador",
    "lavadeira",
    "lawyer",
    "leader",
    "manager",
    "member",
    "mentor",
    "morador",
    "mother",
    "neighbor",
    "neighbour",
    "officer",
    "operador",
    "operator",
    "organizador",
    "owner",
    "partner",
    "pescador",
    "player",
    "produtor",
    "producer",
    "professor",
    "provider",
    "researcher",
    "retailer",
    "seller",
    "senhor",
    "sister",
    "sponsor",
    "supplier",
    "teacher",
    "trabalhador",
    "trainer",
    "treinador",
    "tutor",
    "vendedor",
    "vendor",
    "visitor",
    "volunteer",
    "worker",
    "writer",
];

/// Strips the punctuation that surrounds a word in prose.
fn trim(word: &str) -> &str {
    let word = word
        .trim_start_matches(['(', '[', '{', '<', '"', '\'', '*', '\u{201c}', '\u{2018}'])
        .trim_end_matches([
            ')', ']', '}', '>', '"', '\'', '*', ',', ';', ':', '!', '?', '.', '\u{201d}',
            '\u{2019}',
        ]);
    word.strip_suffix("'s")
        .or_else(|| word.strip_suffix("\u{2019}s"))
        .unwrap_or(word)
}

/// Quantities written in words: a number from two up (one is an article: "the one on the left",
/// "um dia"). They anchor a statement as digits do: "the school has six rooms" states how many,
/// as "6 rooms" would. (Months are no anchor: "the renewal is due in June" under a heading is
/// no fact of an entity.)
const NUMBER_WORDS: &[&str] = &[
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    // The rest of the teens and tens (round 56: "in eighteen minutes" timed no work).
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "thousand",
    "million",
    "dozen",
    "dois",
    "duas",
    "três",
    "tres",
    "quatro",
    "cinco",
    "seis",
    "sete",
    "oito",
    "nove",
    "dez",
    "onze",
    "doze",
    "treze",
    "catorze",
    "quatorze",
    "quinze",
    "dezasseis",
    "dezesseis",
    "dezassete",
    "dezessete",
    "dezoito",
    "dezanove",
    "dezenove",
    "vinte",
    "trinta",
    "quarenta",
    "cinquenta",
    "sessenta",
    "setenta",
    "oitenta",
    "noventa",
    "cem",
    "cento",
    "mil",
    "milhão",
    "milhões",
    "dúzia",
];

pub(crate) fn is_number_word(token: &str) -> bool {
    token.len() <= 12 && NUMBER_WORDS.contains(&token.to_lowercase().as_str())
}

fn shape(token: &str) -> Option<Shape> {
    if token.bytes().any(|b| b.is_ascii_digit()) {
        Some(Shape::Number)
    } else if is_path(token) {
        Some(Shape::Path)
    } else if is_dotted(token) {
        Some(Shape::Dotted)
    } else if is_acronym(token) {
        Some(Shape::Acronym)
    } else {
        None
    }
}

fn is_path(token: &str) -> bool {
    const NOT_PATHS: &[&str] = &["and/or", "e/ou", "y/o", "he/she", "ele/ela"];
    if token.contains("://") {
        return true;
    }
    if ["/", "~/", "./", "../"]
        .iter()
        .any(|p| token.starts_with(p) && token.len() > p.len())
    {
        return true;
    }
    let separated = |sep: char| {
        let mut parts = token.split(sep);
        token.contains(sep) && parts.all(|p| !p.is_empty()) && token.split(sep).count() >= 2
    };
    (separated('/') || separated('\\')) && !NOT_PATHS.iter().any(|n| token.eq_ignore_ascii_case(n))
}

fn is_dotted(token: &str) -> bool {
    const NOT_NAMES: &[&str] = &["p.ex", "ph.d", "sr.a", "dr.a"];
    // An e-mail address: its domain.
    let token = match token.split_once('@') {
        Some((user, domain)) if !user.is_empty() => domain,
        _ => token,
    };
    let segments: Vec<&str> = token.split('.').collect();
    segments.len() >= 2
        && segments.iter().all(|s| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        })
        && segments.iter().any(|s| s.chars().count() >= 2)
        && !NOT_NAMES.iter().any(|n| token.eq_ignore_ascii_case(n))
}

/// Acronyms of discourse rather than of an entity: they anchor nothing.
const DISCOURSE: &[&str] = &[
    "OK",
    "FYI",
    "BTW",
    "IMO",
    "IMHO",
    "TBH",
    "AFAIK",
    "IIRC",
    "LOL",
    "OMG",
    "TBD",
    "PS",
    "NB",
    "AKA",
    "ASAP",
    "TODO",
    "FIXME",
    "WIP",
    "NOTE",
    "IMPORTANT",
    "URGENT",
    "WARNING",
    "OBS",
    "VLW",
    "BLZ",
    "PFV",
];

fn is_acronym(token: &str) -> bool {
    let body = token.strip_suffix('s').unwrap_or(token);
    if DISCOURSE.contains(&body) {
        return false;
    }
    // The whole token in capitals, its parts joined by `-` or `_` (`ACME-GUEST`, `AWS_PROFILE`).
    let capitals = body.split(['-', '_']).all(|part| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    });
    if capitals && body.bytes().filter(u8::is_ascii_uppercase).count() >= 2 {
        return true;
    }
    // A mixed-case name holding a run of two capitals (`PostgreSQL`, `gRPC`, `iOS`); the
    // capitalised first word of a sentence has one capital only.
    body.bytes().all(|b| b.is_ascii_alphanumeric())
        && body.bytes().any(|b| b.is_ascii_lowercase())
        && body
            .as_bytes()
            .windows(2)
            .any(|w| w.iter().all(u8::is_ascii_uppercase))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k4_each_shape_is_an_anchor() {
        assert_eq!(find("a API é lenta"), Some((Shape::Acronym, "API")));
        assert_eq!(find("two PRs are open"), Some((Shape::Acronym, "PRs")));
        assert_eq!(find("it runs Postgres 15."), Some((Shape::Number, "15")));
        assert_eq!(find("region us-east-1"), Some((Shape::Number, "us-east-1")));
        assert_eq!(find("see /etc/hosts."), Some((Shape::Path, "/etc/hosts")));
        assert_eq!(
            find("at https://x.example"),
            Some((Shape::Path, "https://x.example"))
        );
        assert_eq!(find("in src/main"), Some((Shape::Path, "src/main")));
        assert_eq!(
            find("in config.toml."),
            Some((Shape::Dotted, "config.toml"))
        );
        assert_eq!(
            find("the `users` table"),
            Some((Shape::Backtick, "`users`"))
        );
        assert_eq!(find("a `` b `c d` e"), Some((Shape::Backtick, "`c d`")));
        assert_eq!(
            find("ACME-GUEST wifi"),
            Some((Shape::Acronym, "ACME-GUEST"))
        );
        assert_eq!(
            find("set AWS_PROFILE"),
            Some((Shape::Acronym, "AWS_PROFILE"))
        );
        assert_eq!(find("on PostgreSQL"), Some((Shape::Acronym, "PostgreSQL")));
        assert_eq!(find("on iOS"), Some((Shape::Acronym, "iOS")));
        assert_eq!(find("it has six rooms"), Some((Shape::Number, "six")));
        assert_eq!(find("tem seis salas"), Some((Shape::Number, "seis")));
        assert_eq!(find("NASA's probe"), Some((Shape::Acronym, "NASA")));
        assert_eq!(
            find("mail ana@acme.io"),
            Some((Shape::Dotted, "ana@acme.io"))
        );
    }

    #[test]
    fn k4_plain_prose_has_no_anchor() {
        for text in [
            "O sistema é resiliente.",
            "Alice is very friendly.",
            "Good morning!",
            "Use one and/or the other, e.g. this, i.e. that.",
            "A dot at the end.",
            "I am here",
            "an unclosed ` backtick",
            "an empty `` pair",
            "OK, BTW the system is resilient, IMO.",
            "NOTE: the team is great.",
            "GitHub and JavaScript are proper names.",
            "Ana's invoices go to the finance mailbox.",
            "ping @ana about it",
            "the one on the left",
            "Maybe in May.",
        ] {
            assert_eq!(find(text), None, "{text}");
        }
    }
}
