//! One Aho-Corasick automaton over every cue of every table, kind cues, copulas, vetoes and taint
//! cues alike, and the function words that mark Portuguese text, so that a classification reads
//! the folded content once. Each distinct cue is one pattern, standing for every entry that
//! shares it. The words that are only checked around a match (transparent words, negations) are
//! kept beside it.

use crate::Kind;
use crate::cues::{
    ACCENTED_COPULAS, COPULAS, Cue, DOCUMENTS, KIND_RULES, KINDS, NEGATIONS, NO_ONE, RECURRENCE,
    REPORTING, SPEEDS, TRANSPARENT, VETOES,
};
use crate::fold::{Folded, is_word_char, word_char_at, word_char_before, words};
use crate::taint::RULES;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use std::collections::{HashMap, HashSet};

/// Where in the tables a cue sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// A kind cue: the table's index in [`KINDS`] and its tier.
    Kind { table: usize, tier: Tier },
    /// A copula of the entity gate.
    Copula,
    /// An accented copula, matched on the original words.
    AccentedCopula,
    /// A phrase in which the cues it contains are not cues ("call with", "can't wait").
    Veto,
    /// A verb of reported speech: the hedges, imperatives and hints after it are someone else's
    /// ("mentioned they might", "comentou que talvez mude", "said they may").
    Reporting,
    /// A recurrence ("every time", "cada vez que"): a decision verb after it describes a
    /// repeated event, not a choice ("cada vez que trocamos as chaves, ...").
    Recurrence,
    /// A word that leaves a clause opening open ("please", "then").
    Transparent,
    /// A speed of work ("per hour", "in under", "de uma vez"): with a present before its
    /// object, a capability.
    Speed,
    /// Everyone denied ("nobody", "ninguém"): opening a clause before a present, a limit.
    NoOne,
    /// A negation that turns the imperative after it into a prohibition ("não rode").
    Negation,
    /// A taint cue: the rule's index in [`RULES`] and the group's in the rule.
    Taint { rule: usize, group: usize },
    /// A cue of a kind rule: the rule's index in [`KIND_RULES`] and the group's in the rule.
    Composed { rule: usize, group: usize },
    /// A function word that marks the text as Portuguese (" de ", " com "), for its infinitives:
    /// no table entry, but found by the same pass.
    Portuguese,
    /// A word that may name the agent or the system ("assistant", "bot", "sistema"): the scan
    /// for text addressed to the agent (`addressed.rs`) reads only text that holds one. No table
    /// entry either.
    AgentName,
}

/// The tier of a kind cue (see the `cues` module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tier {
    Marker,
    Opener,
    Clause,
    Frame,
    Hint,
}

impl Tier {
    fn strong(self) -> bool {
        !matches!(self, Tier::Hint)
    }
}

/// One table entry: its place and its cue.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) role: Role,
    pub(crate) cue: &'static Cue,
}

fn list(role: Role, cues: &'static [Cue]) -> impl Iterator<Item = Entry> {
    cues.iter().map(move |cue| Entry { role, cue })
}

/// Every entry of every table, in table order.
pub(crate) fn entries() -> impl Iterator<Item = Entry> {
    let kinds = KINDS.iter().enumerate().flat_map(|(table, t)| {
        [
            (Tier::Marker, t.markers),
            (Tier::Opener, t.openers),
            (Tier::Clause, t.clauses),
            (Tier::Frame, t.frames),
            (Tier::Hint, t.hints),
        ]
        .into_iter()
        .flat_map(move |(tier, cues)| list(Role::Kind { table, tier }, cues))
    });
    let taint = RULES.iter().enumerate().flat_map(|(rule, r)| {
        r.groups
            .iter()
            .enumerate()
            .flat_map(move |(group, cues)| list(Role::Taint { rule, group }, cues))
    });
    let composed = KIND_RULES.iter().enumerate().flat_map(|(rule, r)| {
        r.groups
            .iter()
            .enumerate()
            .flat_map(move |(group, cues)| list(Role::Composed { rule, group }, cues))
    });
    kinds
        .chain(composed)
        .chain(list(Role::Copula, COPULAS))
        .chain(list(Role::AccentedCopula, ACCENTED_COPULAS))
        .chain(list(Role::Veto, VETOES))
        .chain(list(Role::Reporting, REPORTING))
        .chain(list(Role::Recurrence, RECURRENCE))
        .chain(list(Role::Transparent, TRANSPARENT))
        .chain(list(Role::Negation, NEGATIONS))
        .chain(list(Role::Speed, SPEEDS))
        .chain(list(Role::NoOne, NO_ONE))
        .chain(taint)
}

/// A compiled pattern: which ends need a word boundary, and every table entry whose cue folds
/// to its words (many do: "every", "send" and "instruc*" serve several rules), as its role and
/// its cue as written, in table order.
#[derive(Debug)]
struct Pattern {
    left: bool,
    right: bool,
    /// Whether the cue is a verb of a taint rule that is also a noun
    /// ([`crate::taint::NOUN_OR_VERB`], round 65): known from the cue alone, so found once here.
    noun_too: bool,
    meanings: Vec<(Role, &'static str)>,
}

/// A taint cue found in the folded text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct TaintHit {
    pub(crate) rule: usize,
    pub(crate) group: usize,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// A kind cue found in the folded text, before its placement is checked.
#[derive(Debug, Clone, Copy)]
struct KindHit {
    table: usize,
    tier: Tier,
    start: usize,
    end: usize,
    cue: &'static str,
    /// Whether the cue's first and last characters are word characters (then it must not sit
    /// inside an identifier such as `error.log` or `docs.acme.io`).
    left: bool,
    right: bool,
}

/// What a scan found: per kind table the earliest strong and weak cue, the earliest copula, and
/// every taint cue.
#[derive(Debug)]
pub(crate) struct Hits {
    pub(crate) strong: [Option<(usize, &'static str)>; KINDS.len()],
    pub(crate) weak: [Option<(usize, &'static str)>; KINDS.len()],
    pub(crate) copula: Option<(usize, &'static str)>,
    /// Whether the text names a speed of work ([`SPEEDS`]).
    pub(crate) speed: bool,
    /// Whether the text holds a word that may name the agent ([`Role::AgentName`]).
    pub(crate) names_agent: bool,
    pub(crate) taint: Vec<TaintHit>,
}

/// The automaton and what each of its patterns means.
#[derive(Debug)]
pub(crate) struct Matcher {
    automaton: AhoCorasick,
    patterns: Vec<Pattern>,
    accented: Vec<&'static str>,
    /// Folded transparent words and negations, with the cue each came from (for transparent
    /// words, in `transparent_cues`, in the same order).
    transparent: Vec<String>,
    #[cfg(test)]
    transparent_cues: Vec<&'static str>,
    negations: Vec<(String, &'static str)>,
    /// The words of the full kind tables, alone or heading a phrase, folded.
    listed: HashSet<String>,
    /// Per taint rule, the groups whose hits may be guidance scoped to a matter of the world
    /// (bit `g` for group `g`, see [`crate::taint::void_object`]): known from the rules alone,
    /// so found once here rather than on every hit.
    void_objects: Vec<u64>,
}

/// About how many bytes of text hold one kind cue, and one taint cue (a 200-byte sentence of the
/// bench holds 7 and 9 on average): the hit lists are sized once from it.
const BYTES_PER_HIT: usize = 16;

/// How many imperatives opening clauses of one sentence make a run of steps.
pub(crate) const STEPS_RUN: usize = 3;

/// The table of headings of steps: the first procedure table.
fn table_of_steps() -> usize {
    table_of(Kind::Procedure)
}

pub(crate) fn table_of(kind: Kind) -> usize {
    KINDS.iter().position(|t| t.kind == kind).unwrap_or(0)
}

impl Matcher {
    /// Compiles every table entry for which `keep` holds. The library compiles all of them once
    /// (see `crate::matcher()`); tests leave one out to show that it earns its place.
    pub(crate) fn build(
        keep: impl Fn(&Entry) -> bool,
        kind: Option<AhoCorasickKind>,
    ) -> Option<Self> {
        let mut patterns: Vec<Pattern> = Vec::new();
        let mut folded = Vec::new();
        let mut compiled = HashMap::new();
        let mut accented = Vec::new();
        let mut transparent = Vec::new();
        #[cfg(test)]
        let mut transparent_cues = Vec::new();
        let mut negations = Vec::new();
        for entry in entries().filter(|e| keep(e)) {
            match entry.role {
                Role::AccentedCopula => {
                    accented.push(entry.cue.text);
                    continue;
                }
                Role::Transparent => {
                    transparent.push(Folded::new(entry.cue.text).text);
                    #[cfg(test)]
                    transparent_cues.push(entry.cue.text);
                    continue;
                }
                Role::Negation => {
                    negations.push((Folded::new(entry.cue.text).text, entry.cue.text));
                    continue;
                }
                _ => {}
            }
            let (words, stem) = match entry.cue.text.strip_suffix('*') {
                Some(words) => (words, true),
                None => (entry.cue.text, false),
            };
            let text = Folded::new(words).text;
            let left = text.chars().next().is_some_and(is_word_char);
            let right = !stem && text.chars().next_back().is_some_and(is_word_char);
            // One pattern per distinct cue, so that the automaton reports each place once.
            let index = *compiled.entry((text.clone(), right)).or_insert_with(|| {
                let noun_too = crate::taint::NOUN_OR_VERB.contains(&text.as_str());
                folded.push(text);
                patterns.push(Pattern {
                    left,
                    right,
                    noun_too,
                    meanings: Vec::new(),
                });
                patterns.len() - 1
            });
            if let Some(pattern) = patterns.get_mut(index) {
                pattern.meanings.push((entry.role, entry.cue.text));
            }
        }
        for word in PORTUGUESE {
            folded.push((*word).to_owned());
            patterns.push(Pattern {
                left: false,
                right: false,
                noun_too: false,
                meanings: vec![(Role::Portuguese, word)],
            });
        }
        for (word, left, right) in crate::addressed::name_words() {
            folded.push(word.to_owned());
            patterns.push(Pattern {
                left,
                right,
                noun_too: false,
                meanings: vec![(Role::AgentName, word)],
            });
        }
        let automaton = AhoCorasickBuilder::new()
            .match_kind(MatchKind::Standard)
            .kind(kind)
            .build(&folded)
            .ok()?;
        // The words the kind tables hold, alone or heading a phrase ("fix", "clean" of "clean
        // up"), whatever `keep` leaves out: a listed word that did not count (vetoed,
        // misplaced, or left out) is never read as an order by its form instead.
        let listed = entries()
            .filter(|e| matches!(e.role, Role::Kind { .. } | Role::Composed { .. }))
            .filter_map(|e| {
                let text = Folded::new(e.cue.text.trim_end_matches('*')).text;
                let first = text.split(' ').next().unwrap_or("").to_owned();
                (!first.is_empty() && first.bytes().all(|b| b.is_ascii_alphabetic()))
                    .then_some(first)
            })
            .collect();
        Some(Matcher {
            automaton,
            patterns,
            accented,
            transparent,
            #[cfg(test)]
            transparent_cues,
            negations,
            listed,
            void_objects: RULES
                .iter()
                .map(|rule| {
                    (0..rule.groups.len().min(64))
                        .filter(|&g| crate::taint::void_object(rule, g))
                        .fold(0, |mask, g| mask | 1 << g)
                })
                .collect(),
        })
    }

    /// This matcher without the entries `drop` names (by role and cue as written): what
    /// [`Matcher::build`] compiles when its `keep` leaves them out, without compiling the
    /// automaton again. The automaton reports every place of every pattern (overlapping,
    /// standard semantics), so a pattern left with no meaning answers exactly as a pattern never
    /// compiled; and the listed words do not depend on `keep`. Tests leave out one entry of
    /// thousands at a time, which a build per entry made minutes long.
    #[cfg(test)]
    pub(crate) fn without(&self, drop: impl Fn(Role, &'static str) -> bool) -> Matcher {
        let patterns = self
            .patterns
            .iter()
            .map(|p| Pattern {
                left: p.left,
                right: p.right,
                noun_too: p.noun_too,
                meanings: p
                    .meanings
                    .iter()
                    .copied()
                    .filter(|&(role, cue)| !drop(role, cue))
                    .collect(),
            })
            .collect();
        Matcher {
            automaton: self.automaton.clone(),
            patterns,
            accented: (self.accented.iter().copied())
                .filter(|&cue| !drop(Role::AccentedCopula, cue))
                .collect(),
            transparent: (self.transparent.iter().zip(&self.transparent_cues))
                .filter(|&(_, &cue)| !drop(Role::Transparent, cue))
                .map(|(word, _)| word.clone())
                .collect(),
            transparent_cues: (self.transparent_cues.iter().copied())
                .filter(|&cue| !drop(Role::Transparent, cue))
                .collect(),
            negations: (self.negations.iter())
                .filter(|(_, cue)| !drop(Role::Negation, cue))
                .cloned()
                .collect(),
            listed: self.listed.clone(),
            void_objects: self.void_objects.clone(),
        }
    }

    /// How many table entries the automaton's patterns stand for.
    #[cfg(test)]
    pub(crate) fn meanings_len(&self) -> usize {
        self.patterns.iter().map(|p| p.meanings.len()).sum()
    }

    /// Whether a cue at `pos` opens a sentence (or, with `comma`, a comma clause), looking
    /// through transparent words.
    fn opens(&self, folded: &Folded, pos: usize, comma: bool) -> bool {
        folded.opens_clause(pos, comma, &self.transparent)
    }

    /// The negation standing right before `pos` ("nao " in "nao rode"), if any.
    fn negation(&self, text: &str, pos: usize) -> Option<&'static str> {
        let before = text.get(..pos)?.strip_suffix(' ')?;
        self.negations.iter().find_map(|(word, cue)| {
            let rest = before.strip_suffix(word.as_str())?;
            (!word_char_before(rest, rest.len())).then_some(*cue)
        })
    }

    /// Scans folded text.
    /// With `derive` false (a kind was supplied), the kind cues are not placed: only the taint
    /// hits are read then.
    pub(crate) fn scan(&self, folded: &Folded, derive: bool) -> Hits {
        let text = folded.text.as_str();
        let mut hits = Hits {
            strong: [None; KINDS.len()],
            weak: [None; KINDS.len()],
            copula: None,
            speed: false,
            names_agent: false,
            taint: Vec::with_capacity(text.len() / BYTES_PER_HIT),
        };
        let mut kinds: Vec<KindHit> = Vec::with_capacity(text.len() / BYTES_PER_HIT);
        let mut vetoes: Vec<(usize, usize)> = Vec::new();
        let mut reported: Vec<usize> = Vec::new();
        let mut recurring: Vec<usize> = Vec::new();
        let mut recurrences: Vec<(usize, usize, &'static str)> = Vec::new();
        let mut composed: Vec<(TaintHit, &'static str)> = Vec::new();
        let mut no_one: Vec<usize> = Vec::new();
        let mut speeds: Vec<(usize, usize)> = Vec::new();
        let mut confided: Vec<TaintHit> = Vec::new();
        let mut portuguese = false;
        for m in self.automaton.find_overlapping_iter(text) {
            let Some(p) = self.patterns.get(m.pattern().as_usize()) else {
                continue;
            };
            let (start, end) = (m.start(), m.end());
            if (p.left && word_char_before(text, start)) || (p.right && word_char_at(text, end)) {
                continue;
            }
            for &(role, cue) in &p.meanings {
                match role {
                    Role::Kind { table, tier } => kinds.push(KindHit {
                        table,
                        tier,
                        start,
                        end,
                        cue,
                        left: p.left,
                        right: word_char_before(text, end),
                    }),
                    Role::Copula => {
                        if !inside_identifier(text, start, end, p.left, true) {
                            earliest(&mut hits.copula, start, cue);
                        }
                    }
                    Role::Veto => vetoes.push((start, end)),
                    Role::Speed => speeds.push((start, end)),
                    Role::NoOne => no_one.push(start),
                    Role::Reporting => reported.push(start),
                    Role::Recurrence => {
                        recurring.push(start);
                        recurrences.push((start, end, cue));
                    }
                    Role::Taint { rule, group } => {
                        let r = RULES.get(rule);
                        let opener = group == 0 && r.is_some_and(|r| r.opener);
                        if opener && !self.opens(folded, start, false) {
                            continue;
                        }
                        // A verb read as a noun after an article or a possessive (round 65):
                        // "we post them the insurer's claim form" claims nothing.
                        if p.noun_too && crate::taint::read_as_noun(text, start) {
                            continue;
                        }
                        // A confidence told as an aside opening a plain statement (round 47).
                        let aside = group == 0 && r.is_some_and(|r| r.no_aside);
                        if aside
                            && self.opens(folded, start, false)
                            && crate::taint::confided_aside(folded, end)
                        {
                            continue;
                        }
                        // Guidance of a matter of the world declared void (round 57).
                        if self
                            .void_objects
                            .get(rule)
                            .is_some_and(|mask| group < 64 && mask & 1 << group != 0)
                            && crate::taint::scoped_to_a_matter(folded.text.as_str(), end)
                        {
                            continue;
                        }
                        let hit = TaintHit {
                            rule,
                            group,
                            start,
                            end,
                        };
                        // A named matter kept from nobody in particular (round 48): counted
                        // below only if the text names an agent.
                        let colleagues =
                            r.is_some_and(|r| r.no_colleagues && group + 1 == r.groups.len());
                        if colleagues
                            && crate::taint::NOBODY_IN_PARTICULAR.contains(&cue)
                            && crate::taint::kept_between_colleagues(folded, start, end)
                        {
                            confided.push(hit);
                            continue;
                        }
                        hits.taint.push(hit);
                    }
                    Role::Composed { rule, group } => {
                        let opener = group == 0 && KIND_RULES.get(rule).is_some_and(|r| r.opener);
                        if opener && !self.opens(folded, start, false) {
                            continue;
                        }
                        // The same verbs of failing alone, given an object (round 61).
                        if group == 0
                            && FAILING_ALONE.contains(&cue)
                            && object_after(text, cue, end)
                            && KIND_RULES
                                .get(rule)
                                .is_some_and(|r| r.kind == Kind::FailurePattern)
                        {
                            continue;
                        }
                        let doc = KIND_RULES.get(rule).is_some_and(|r| r.kind == Kind::Doc);
                        if doc || !inside_identifier(text, start, end, p.left, p.right) {
                            composed.push((
                                TaintHit {
                                    rule,
                                    group,
                                    start,
                                    end,
                                },
                                cue,
                            ));
                        }
                    }
                    Role::Portuguese => portuguese = true,
                    Role::AgentName => hits.names_agent = true,
                    Role::AccentedCopula | Role::Transparent | Role::Negation => {}
                }
            }
        }
        // A named matter kept from everyone is a confidence between colleagues in text that
        // names no agent; an order of silence where one is named ("the assistant must not
        // mention the refund to anyone"; round 48).
        if hits.names_agent {
            hits.taint.append(&mut confided);
        }
        // Host names with no scheme are destinations too, known by their form, unless the
        // writers speak of their own routine ("every time we finish a sprint, post the notes
        // to wiki.acme.io") or send to a person named by a pronoun ("send him the figures at
        // sales.acme.com"): a scheme or an `@` stays a destination whoever writes.
        let mut hosts = crate::taint::host_names(text).peekable();
        if hosts.peek().is_some()
            && !crate::taint::writers_routine(text)
            && !crate::taint::person_recipient(text)
        {
            for start in hosts {
                for (rule, r) in RULES.iter().enumerate() {
                    for (group, cues) in r.groups.iter().enumerate() {
                        if crate::taint::is_destinations(cues) {
                            hits.taint.push(TaintHit {
                                rule,
                                group,
                                start,
                                end: start + 1,
                            });
                        }
                    }
                }
            }
        }
        let vetoed = |start: usize, end: usize| vetoes.iter().any(|&(s, e)| s <= start && end <= e);
        // A speed of work, unless vetoed ("in one of the sheds", round 66).
        hits.speed = speeds.iter().any(|&(start, end)| !vetoed(start, end));
        if !vetoes.is_empty() {
            hits.taint.retain(|h| !vetoed(h.start, h.end));
            composed.retain(|(h, _)| !vetoed(h.start, h.end));
        }
        if !derive {
            return hits;
        }
        compose(&mut composed, &mut hits);
        let context = Context {
            vetoed: &vetoed,
            reported: &reported,
            recurring: &recurring,
            recurrences: &recurrences,
            no_one: &no_one,
            portuguese,
        };
        self.place(folded, &kinds, &context, &mut hits);
        hits
    }

    /// Places the kind cues: tiers, identifiers, vetoes, reported speech, recurrences, negated
    /// imperatives and framed instructions (see the `cues` module).
    fn place(&self, folded: &Folded, kinds: &[KindHit], context: &Context<'_>, hits: &mut Hits) {
        let text = folded.text.as_str();
        let task = table_of(Kind::Task);
        let procedure = KINDS
            .iter()
            .rposition(|t| t.kind == Kind::Procedure)
            .unwrap_or(0);
        let constraint = table_of(Kind::Constraint);
        let brainstorm = table_of(Kind::Brainstorm);
        let decision = table_of(Kind::Decision);
        // Whether one of `starts` stands before `pos` in the same sentence.
        let after_any = |starts: &[usize], pos: usize| {
            starts
                .iter()
                .any(|&r| r < pos && folded.same_sentence(r, pos))
        };
        let mut frames: Vec<(usize, usize, &'static str)> = Vec::new();
        let mut imperatives: Vec<usize> = Vec::new();
        for k in kinds {
            // Documents are named by their files and addresses (`docs/`, `README.md`), so doc
            // cues count inside identifiers; other cues do not (`error.log` is no failure).
            let in_identifier = KINDS.get(k.table).is_some_and(|t| t.kind != Kind::Doc)
                && inside_identifier(text, k.start, k.end, k.left, k.right);
            if (context.vetoed)(k.start, k.end) || in_identifier {
                continue;
            }
            // A verb of what a thing can take before a count given as an estimate ("Support
            // handles roughly 1,200 tickets a week", "the hub handles about 3,000 parcels a
            // day") reports a volume, no capacity: a statement (issue 16, twenty-first round).
            let kind_of = KINDS.get(k.table).map(|t| t.kind);
            if kind_of == Some(Kind::Capability)
                && k.tier == Tier::Marker
                && estimate_after(text, k.end)
            {
                continue;
            }
            // A body of work named as the last or the previous one ("at the last overhaul",
            // "from its last overhaul in 2019") is an event of the past, no plan (issue 16,
            // twenty-first round).
            if kind_of == Some(Kind::Epic) && last_before(text, k.start) {
                continue;
            }
            // A failure said not to happen, "sem" or "without" right before it ("filtra duas
            // toneladas por turno sem entupir", "fires through three layers without jamming"),
            // is how well a thing works, no failure (issue 16, round 52: on every tuning slice
            // the seven sentences with a failure's word so denied are capabilities and steps).
            if kind_of == Some(Kind::FailurePattern) && denied_by_without(text, k.start) {
                continue;
            }
            // A verb whose failure is intransitive ("o console congela", "o disco enche") with an
            // object right after it ("o túnel congela o espinafre", "a máquina fecha as
            // saquetas") names what a thing does to that object: a function, no failure (issue
            // 16, round 61).
            if kind_of == Some(Kind::FailurePattern)
                && FAILING_ALONE.contains(&k.cue)
                && object_after(text, k.cue, k.end)
            {
                continue;
            }
            // "May" the month, not the modal: a day before it after a word of dates ("On 12
            // May the trap caught ...", "on 12 and 13 May"), while "Level 2 may handle" stays
            // a permission (issue 16, round 53).
            if k.cue == "may" && month_may(text, k.start) {
                continue;
            }
            // A change told with a count after it ("trocamos 64 placas", "we replaced 40
            // bulbs") is work done, no decision between ways (round 67).
            if kind_of == Some(Kind::Decision)
                && matches!(k.cue, "trocamos" | "mudamos" | "migramos")
                && text
                    .get(k.end..)
                    .and_then(|rest| rest.strip_prefix(' '))
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
            {
                continue;
            }
            // A procedure verb ("rode", "restart") or a task verb ("delete", "atualizar").
            // A heading of work to do ("To do this week: ...") is no imperative of its own
            // (issue 16, fifteenth round).
            let imperative = (k.table == procedure
                && matches!(k.tier, Tier::Marker | Tier::Clause))
                || (k.table == task && k.tier == Tier::Opener && !TASK_HEADINGS.contains(&k.cue));
            if (k.table == brainstorm || imperative || k.tier == Tier::Hint)
                && after_any(context.reported, k.start)
            {
                continue;
            }
            if k.table == decision && after_any(context.recurring, k.start) {
                continue;
            }
            // Work named inside a recurrence's condition is part of the repeated event ("the
            // wardrobes fill up again each time we skip the follow-up visit"), no work to do
            // (issue 16, round 61). The condition runs to the next comma or the sentence's end.
            if k.table == task
                && k.tier == Tier::Marker
                && context.recurrences.iter().any(|&(_, e, _)| {
                    e <= k.start
                        && folded.same_sentence(e, k.start)
                        && !text.get(e..k.start).is_some_and(|b| b.contains(','))
                })
            {
                continue;
            }
            // "Resolver" before a count solves what it counts ("resolveu 62% dos processos"),
            // decides nothing (round 47).
            if k.table == decision && k.cue.starts_with("resolv") && count_after(text, k.end) {
                continue;
            }
            // A question addressed to the reader ("how are you doing today?", "tudo bem com
            // você?") is conversation, not a tentative idea: its mark is no hint.
            // A question closed by a tag ("lovely weather, isn't it?", "que calor, né?") asks
            // the reader to agree with what it says, no idea (issue 16, nineteenth round).
            if k.tier == Tier::Hint
                && k.cue == "?"
                && (addresses_reader(text, k.start) || tag_question(text, k.start))
            {
                continue;
            }
            // A recurrence is not a rule: "sempre" in "sempre que" is no constraint.
            if k.table == constraint
                && context
                    .recurrences
                    .iter()
                    .any(|&(s, e, _)| s <= k.start && k.end <= e)
            {
                continue;
            }
            if imperative && let Some(negation) = self.negation(text, k.start) {
                if let Some(slot) = hits.strong.get_mut(constraint) {
                    earliest(slot, k.start, negation);
                }
                continue;
            }
            if imperative && self.opens(folded, k.start, true) {
                imperatives.push(k.start);
            }
            // "Next" numbers a step ("..., next cover its eyes, ..."), but "Next steps:" heads
            // work to do, no steps (issue 16, twenty-second round).
            if k.table == table_of_steps()
                && text.get(..k.start).is_some_and(|b| b.ends_with("next "))
            {
                continue;
            }
            let placed = match k.tier {
                // An order to one person or role named before a spaced dash ("Priya - chase the
                // printer about the proofs", "Rui - restock the first-aid kit") opens after the
                // dash as it would after a colon (issue 16, twenty-fourth round); since round 54
                // after a comma too, and where the name opens a later sentence.
                Tier::Opener if k.table == task => {
                    self.opens(folded, k.start, false) || folded.after_called_name(k.start)
                }
                Tier::Opener | Tier::Frame => self.opens(folded, k.start, false),
                Tier::Clause => self.opens(folded, k.start, true),
                Tier::Marker | Tier::Hint => true,
            };
            if !placed {
                continue;
            }
            // "To do" heads work to do, it is no purpose (issue 16, fifteenth round).
            if k.tier == Tier::Frame
                && k.cue == "to"
                && text.get(k.end..).is_some_and(|rest| {
                    rest.strip_prefix(" do")
                        .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
                })
            {
                continue;
            }
            if k.tier == Tier::Frame {
                frames.push((k.table, k.start, k.cue));
                continue;
            }
            let slots = if k.tier.strong() {
                &mut hits.strong
            } else {
                &mut hits.weak
            };
            if let Some(slot) = slots.get_mut(k.table) {
                earliest(slot, k.start, k.cue);
            }
        }
        // Portuguese infinitives opening clauses are imperatives too ("ligar, parear com o
        // tablet e sincronizar o timecode"; "para gerar o relatório, rodar o script").
        let infinitives = match context.portuguese {
            true => self.infinitives(folded),
            false => Vec::new(),
        };
        imperatives.extend(infinitives.iter().copied());
        // English imperatives are known by their form too: a verb opening a clause before its
        // object ("photograph all four sides, note it on the CMR").
        // They matter only to a frame, a recurrence or a run of steps (which needs two clause
        // openings inside its sentence): the common sentence skips the word scan.
        let openings = text
            .bytes()
            .filter(|b| matches!(b, b',' | b':' | b')'))
            .count()
            + text.matches(" and ").count();
        let needed = !frames.is_empty()
            || !context.recurrences.is_empty()
            || openings >= 2
            || (openings == 1 && gerund_heading(folded, &self.transparent).is_some());
        let english = if !context.portuguese && needed {
            self.english_imperatives(folded)
        } else {
            Vec::new()
        };
        imperatives.extend(english.iter().copied());
        for (table, start, cue) in frames {
            let followed = imperatives
                .iter()
                .any(|&i| i > start && folded.same_sentence(start, i));
            if let (true, Some(slot)) = (followed, hits.strong.get_mut(table)) {
                earliest(slot, start, cue);
            }
        }
        // A how-to heading: "como" and an infinitive opening a sentence ("Como montar o
        // cenário: ...", "Como subir o servidor: ..."), the Portuguese "how to".
        if text.contains("como ")
            && let Some(at) = how_to(folded, &self.transparent)
            && let Some(slot) = hits.strong.get_mut(table_of_steps())
        {
            earliest(slot, at, HOW_TO);
        }
        // A heading in `-ing` and an order after its colon ("Returning a book after hours: drop
        // it in the slot ..."): the English twin of "Como montar ...:", a heading of steps.
        if let Some(colon) = gerund_heading(folded, &self.transparent)
            && imperatives
                .iter()
                .any(|&i| i > colon && folded.same_sentence(colon, i))
            && let Some(slot) = hits.strong.get_mut(table_of_steps())
        {
            earliest(slot, 0, GERUND_HEADING);
        }
        // A decision named as a heading, by whom or on what ("Decisão da diretoria: ...",
        // "Decision from the board: ...", issue 16, fifteenth round): a decision, whatever it
        // decides, as the bare "Decision:" is.
        if (text.contains("decis")
            || text.contains("resol")
            || text.contains("deliber")
            || text.contains("verd")
            || text.contains("vered")
            || text.contains("ruling")
            || text.contains("vot"))
            && let Some(at) = decision_heading(folded, &self.transparent)
            && let Some(slot) = hits.strong.get_mut(decision)
        {
            earliest(slot, at, DECISION_HEADING);
        }
        // A label and a link, nothing else ("Lab safety rules: https://lab.example/safety"):
        // a pointer to a document, whatever the label names.
        if labelled_link(text)
            && let Some(slot) = doc_table(true).and_then(|doc| hits.strong.get_mut(doc))
        {
            earliest(slot, 0, LABELLED_LINK);
        }
        // "Ver", the infinitive a Portuguese pointer is written in, before a document or a
        // path within its next four words ("Ver o regulamento de pilotagem no site da
        // autoridade", "Ver docs/adr/0007.md para entender ..."): a pointer to documentation
        // ("Ver com a Dana ..." stays a task) (issue 16, nineteenth round).
        if text.starts_with("ver ")
            && pointed_document(text)
            && let Some(slot) = doc_table(false).and_then(|doc| hits.strong.get_mut(doc))
        {
            earliest(slot, 0, POINTED);
        }
        // "Check" and a document opening the text, then what to look up in it ("Check the
        // postmortem doc from the March outage for the timeline", "Confira o manual do motor
        // para as folgas"): a pointer to documentation, as "See ... for" is (issue 16,
        // twenty-first round).
        // A page or a guide checked before doing a thing ("Check the costume guide on the
        // shared drive before buying any fabric") is read first, as one checked for a thing is
        // (round 70); a contract or a form checked before it is signed is an errand.
        if let Some(verb) = CHECKS.iter().find(|v| text.starts_with(**v))
            && (((text.contains(" for ") || text.contains(" para ") || text.contains(" pra "))
                && pointed_document_at(text, verb.len(), true))
                || ((text.contains(" before ") || text.contains(" antes de "))
                    && named_page_at(text, verb.len())))
            && let Some(slot) = doc_table(false).and_then(|doc| hits.strong.get_mut(doc))
        {
            earliest(slot, 0, CHECKED);
        }
        // A document's heading and where it is kept ("Caderno de registo: prateleira do
        // escritório", "Wiring diagram: cabinet by the door"): a doc, as a labelled link is.
        if text.contains(": ")
            && kept_at_heading(text)
            && let Some(slot) = doc_table(true).and_then(|doc| hits.strong.get_mut(doc))
        {
            earliest(slot, 0, KEPT_AT);
        }
        // A run of steps: three imperatives opening clauses of one sentence ("Rolling out an
        // event: create the config, run the validator, then flip the flag") are a procedure
        // whatever heads them, at the precedence of a heading of steps.
        imperatives.sort_unstable();
        imperatives.dedup();
        let steps = table_of_steps();
        for (n, &first) in imperatives.iter().enumerate() {
            let run = imperatives[n..]
                .iter()
                .filter(|&&i| folded.same_sentence(first, i))
                .count();
            let cue = kinds
                .iter()
                .find(|k| k.start == first)
                .map(|k| k.cue)
                .or_else(|| infinitives.contains(&first).then_some(INFINITIVE_RUN))
                .or_else(|| english.contains(&first).then_some(IMPERATIVE_RUN));
            if run >= STEPS_RUN
                && let Some(slot) = hits.strong.get_mut(steps)
                && let Some(cue) = cue
            {
                earliest(slot, first, cue);
                break;
            }
        }
        // Steps told to the generic "you" in Portuguese ("qdo chega gato novo vc passa o
        // leitor, pesa, dá o vermífugo e deixa ele na quarentena"): the pronoun, then three
        // verbs or more opening the clauses after it, a procedure at the precedence of a
        // heading of steps (issue 16, twenty-third round).
        if context.portuguese
            && let Some(at) = steps_to_you(text)
            && let Some(slot) = hits.strong.get_mut(steps)
        {
            earliest(slot, at, STEPS_TO_YOU);
        }
        // A recurrence whose sentence has no imperative describes a repeated event ("the
        // printer jams every time someone loads thick paper", "o elevador para toda vez que
        // está cheio"): a failure pattern, ahead of the statement it is made of. With a rule's
        // modal it is the rule's condition ("the lift must stop whenever gusts pass 60 km/h"):
        // then only a weak one.
        let failure = table_of(Kind::FailurePattern);
        let ruled = hits.strong.get(constraint).is_some_and(Option::is_some);
        for &(start, _, cue) in context.recurrences {
            let ordered = imperatives.iter().any(|&i| folded.same_sentence(start, i));
            let slots = if ruled {
                &mut hits.weak
            } else {
                &mut hits.strong
            };
            if !ordered && let Some(slot) = slots.get_mut(failure) {
                earliest(slot, start, cue);
            }
        }
        // An order with no other cue, known by its form where the text opens ("Order more
        // gloves for the clinic", "Lavar o forno antes da vistoria", "Paga o boleto da luz"):
        // an action to do, a weak task. The verbs no table lists are the many; wishes ("Enjoy
        // your holiday") are no order.
        // An order known by its form governs what it names: a failure word after it is its
        // object ("Call the plumber about the leak", "Order a new crash pad"), so the order is
        // a task ahead of the failure pattern its object would make alone.
        // (The order's own verb may be a cue of another table: "Call" is a procedure's.)
        let lead = words(text).next().map(|(s, _)| s);
        let failure_after = hits.strong.iter().enumerate().all(|(t, slot)| match slot {
            None => true,
            Some((s, _)) if t == table_of(Kind::FailurePattern) => Some(*s) != lead,
            Some((s, _)) => Some(*s) == lead,
        }) && hits
            .strong
            .get(table_of(Kind::FailurePattern))
            .is_some_and(Option::is_some);
        if (failure_after || hits.strong.iter().all(Option::is_none))
            && let Some(slot) = hits.weak.get_mut(task)
        {
            let english_here;
            let known: &[usize] = if context.portuguese || !english.is_empty() || needed {
                &imperatives
            } else {
                english_here = self.english_imperatives(folded);
                &english_here
            };
            let opening = known.iter().copied().find(|&i| {
                let mut at = words(text.get(i..).unwrap_or("")).map(|(_, w)| w);
                let (word, next) = (at.next().unwrap_or(""), at.next().unwrap_or(""));
                // A Portuguese form in `-a`, `-e`, `-i` is an order only before its object
                // ("paga o boleto"), not before a companion ("conversa com a Ana"), and "-ei"
                // is a past ("falei com a Marta").
                let infinitive =
                    word.ends_with("ar") || word.ends_with("er") || word.ends_with("ir");
                let informal_ok = !context.portuguese
                    || infinitive
                    || (!word.ends_with("ei") && DETERMINERS_PT.contains(&next));
                // Governing a failure word, the order must take an object right after it
                // ("Call the plumber"), not a preposition ("Memory on the nodes creeps up").
                let failure_after_en = failure_after && !context.portuguese;
                let governs = failure_after_en && !PREPOSITIONS_EN.contains(&next);
                (self.opens(folded, i, false)
                    || (!context.portuguese && folded.after_called_name(i)))
                    && informal_ok
                    && (governs || (!failure_after_en && !self.listed.contains(word)))
                    && !WISHES.contains(&word)
                    && !INTERJECTIONS.contains(&word)
            });
            match opening {
                Some(at) if failure_after => {
                    let failure_at = hits
                        .strong
                        .get(table_of(Kind::FailurePattern))
                        .copied()
                        .flatten()
                        .map_or(0, |(s, _)| s);
                    if at < failure_at
                        && folded.same_sentence(at, failure_at)
                        && let Some(strong) = hits.strong.get_mut(task)
                    {
                        earliest(strong, at, IMPERATIVE_ORDER);
                    }
                }
                Some(at) => earliest(slot, at, IMPERATIVE_ORDER),
                None => {}
            }
        }
        // What a thing always does under a condition ("o piano sempre desafina quando chove",
        // "the lift always stops when it is full"): a habit inside a sentence, not opening it
        // (an order: "Always wear gloves when ...") nor after a modal (a rule: "must always").
        if let Some(slot) = hits.strong.get_mut(failure)
            && slot.is_none()
            && (text.contains("always") || text.contains("sempre"))
            && let Some(at) = habit(folded, &imperatives, &self.transparent)
        {
            earliest(slot, at, HABIT);
        }
        // The writers' plan in the Portuguese periphrastic future, "vamos" and an infinitive
        // ("Vamos padronizar o pnpm em todos os repositórios"): a weak decision, not in a
        // question ("vamos almoçar amanhã?").
        if context.portuguese
            && text.contains("vamos ")
            && !text.contains('?')
            && let Some(at) = planned(text)
            && let Some(slot) = hits.weak.get_mut(decision)
        {
            earliest(slot, at, PLANNED);
        }
        // What a thing does under a condition, stated and not ordered ("e-mails com anexo
        // voltam quando enviados para o Outlook", "the gate sticks when it's cold"): the
        // pattern of an event, a weak failure pattern, after the facts an anchor makes. But a
        // thing coming on, opening or starting under a plain "when" ("the lights turn on when
        // someone enters", "o portão abre sozinho quando o carro chega") is how it works, its
        // function: a weak capability, no failure. (A recurrence, "whenever" or "every time",
        // still reports an observed pattern.)
        if (text.contains(" when ") || text.contains(" quando "))
            && let Some(at) = conditional_event(folded, &imperatives, &self.transparent)
        {
            // So is a thing doing its work by itself before the condition ("cuts the insulin
            // by itself when glucose drops", round 66).
            let (table, cue) = if activation_before(text, at)
                || (!context.portuguese && works_alone_en(text).is_some_and(|alone| alone < at))
            {
                (table_of(Kind::Capability), CONDITIONAL_FUNCTION)
            } else {
                (failure, CONDITIONAL_EVENT)
            };
            // A condition told in a clause of its own, a subject and its verb ("... when the
            // file name has emoji"), makes the event a failure pattern at its table's
            // precedence, ahead of the fact its anchor would make; a bare participle ("weighs
            // 9 tonnes when packed") is no such clause (issue 16, twenty-third round).
            let condition_words =
                text.get(at..)
                    .and_then(|r| r.split_once(' '))
                    .map_or(0, |(_, r)| {
                        r.split([',', '.', ';', ':', '!', '?'])
                            .next()
                            .unwrap_or("")
                            .split_whitespace()
                            .count()
                    });
            let slots = if table == failure && condition_words >= 2 {
                &mut hits.strong
            } else {
                &mut hits.weak
            };
            if let Some(slot) = slots.get_mut(table) {
                earliest(slot, at, cue);
            }
        }
        // A thing doing its work by itself, a Portuguese present before "sozinho" ("a prensa
        // nova dobra sozinha as caixas", "o torno corta sozinho"): what it can do, a
        // capability at its table's precedence; a thing stopping or starting by itself is a
        // failure's matter, and a person's state ("fica sozinha") is no work (issue 16,
        // twenty-fourth round).
        // (A failure's verb at its work is the failure: "o app desloga o cliente sozinho".)
        if context.portuguese
            && text.contains("sozinh")
            && let Some(at) = works_alone(text)
            && hits
                .strong
                .get(table_of(Kind::FailurePattern))
                .is_none_or(|slot| slot.is_none_or(|(s, _)| s != at))
            && let Some(slot) = hits.strong.get_mut(table_of(Kind::Capability))
        {
            earliest(slot, at, WORKS_ALONE);
        }
        // The same in English, the work told in a present and "by itself" or "on its own"
        // after it, where no failure's cue stands ("The new DGPS draws the flight lines ... by
        // itself", "Our audit software works out ... on its own"; issue 16, round 51).
        if !context.portuguese
            && hits
                .strong
                .get(table_of(Kind::FailurePattern))
                .is_some_and(Option::is_none)
            && let Some(at) = works_alone_en(text)
            && let Some(slot) = hits.strong.get_mut(table_of(Kind::Capability))
        {
            earliest(slot, at, WORKS_ALONE);
        }
        // Who alone may do a thing, in Portuguese: "só" opening a sentence, whoever it names
        // with or without an article, and the modal of permission within the sentence ("Só
        // técnicos habilitados podem operar o guindaste"): a restriction, not an ability.
        // "pode" is Portuguese enough: the sentence is not asked to look Portuguese elsewhere
        // ("Só voluntário cadastrado pode mexer no caixa do bazar", round 35).
        if text.contains("pode")
            && let Some(at) = only_may(folded, &self.transparent)
            && let Some(slot) = hits.strong.get_mut(constraint)
        {
            earliest(slot, at, ONLY_MAY);
        }
        // A limit on everyone: "nobody", "no one" or "ninguém" opening a clause as its subject,
        // and a present after it ("Nobody flies passengers if the gusts pass 12 knots",
        // "Ninguém leva copo de vidro para a piscina"): a rule, not a report of what nobody did
        // (issue 16, sixteenth round, widening the fifteenth's "nobody ... twice").
        if let Some(at) = no_one_does(folded, context.no_one, &self.transparent)
            && let Some(slot) = hits.strong.get_mut(constraint)
        {
            earliest(slot, at, NO_ONE_DOES);
        }
        // "Não se" and a present, the impersonal of a rule ("Na carrinha não se emprestam mais
        // de cinco livros por cartão", "Não se lança ninguém com vento de través"): what is not
        // done here, a limit (issue 16, twenty-second round).
        if context.portuguese
            && let Some(at) = impersonal_rule(text)
            && let Some(slot) = hits.strong.get_mut(constraint)
        {
            earliest(slot, at, NOT_DONE);
        }
        // Work set against a year to come ("by 2028", "até o fim de 2027", "2026-2029") with
        // three fronts or more listed in its sentence ("... a second envelope, our own hangar
        // and a pilot school"): an epic (issue 16, sixteenth round).
        if openings >= 1
            && text.contains("20")
            && let Some(at) = horizon_fronts(text)
            && let Some(slot) = hits.strong.get_mut(table_of(Kind::Epic))
        {
            earliest(slot, at, HORIZON_FRONTS);
        }
        // A body of work named by a gerund opening the text, and the year it runs to in its
        // sentence ("Rewilding the lower meadow, a hectare a spring, by the end of 2033",
        // "Restaurando as casas do bairro, uma por ano, até fechar as doze em 2034"): an epic,
        // ahead of the deadline a task would read in "by the end of" (issue 16, twenty-fourth
        // round).
        if text.contains("20")
            && let Some(at) = gerund_to_year(text)
            && let Some(slot) = hits.strong.get_mut(table_of(Kind::Epic))
        {
            earliest(slot, at, GERUND_TO_YEAR);
        }
        // A body of work named, then its fronts listed after a colon ("the food truck
        // expansion: three more trucks, a central kitchen and a franchise"): an epic.
        if text.contains(": ")
            && let Some(at) = listed_fronts(text)
            && let Some(slot) = hits.strong.get_mut(table_of(Kind::Epic))
        {
            earliest(slot, at, LISTED_FRONTS);
        }
        // Work spread over a span of named years ("ao longo de 2027 e 2028", "between 2026
        // and 2029"): a weak epic, after the facts an anchor makes.
        // (A weak kind matters only when no strong cue spoke: the digits are counted then.)
        if hits.strong.iter().all(Option::is_none)
            && text.bytes().filter(u8::is_ascii_digit).count() >= 8
            && let Some(at) = year_span(text)
            && let Some(slot) = hits.weak.get_mut(table_of(Kind::Epic))
        {
            earliest(slot, at, YEAR_SPAN);
        }
        // Something that keeps going wrong: "keeps" and a gerund ("the monitor keeps losing
        // the signal", "a impressora vive travando"), not an imperative ("Keep adding tests")
        // nor a practice of the writers ("we keep logging").
        if let Some(slot) = hits.strong.get_mut(failure)
            && slot.is_none()
            && (text.contains("keep") || text.contains("vive"))
            && let Some((at, cue)) = keeps_happening(folded, &self.transparent)
        {
            earliest(slot, at, cue);
        }
    }

    /// Where English imperatives open clauses: a word that is no function word, before an
    /// object (an article, a determiner, a pronoun, or a particle and one of those), at a
    /// sentence or comma opening or after "and" (in text without Portuguese function words:
    /// the caller asks only then).
    fn english_imperatives(&self, folded: &Folded) -> Vec<usize> {
        let text = folded.text.as_str();
        let all: Vec<(usize, &str)> = words(text).collect();
        let mut found = Vec::new();
        for (n, &(start, word)) in all.iter().enumerate() {
            let next = all.get(n + 1).map(|&(_, w)| w);
            let after = all.get(n + 2).map(|&(_, w)| w);
            let object = next.is_some_and(is_object)
                || (next.is_some_and(is_particle) && after.is_some_and(is_object));
            if !object || word.len() < 3 || !word.bytes().all(|b| b.is_ascii_lowercase()) {
                continue;
            }
            // Verbs whose stem ends in `-ing` ("ring", "bring") are no gerunds (issue 16,
            // fifteenth round).
            // Nouns in `-ation` and `-ity` are no verbs ("Agitation on the ward goes up ...",
            // round 46; "ration" and "pity" are, hence the lengths).
            let inflected = word.ends_with("ed")
                || (word.ends_with("ing") && !ING_STEMS.contains(&word))
                || word.ends_with("ly")
                || (word.ends_with('s') && !word.ends_with("ss"))
                || (word.len() >= 8 && word.ends_with("ation"))
                || (word.len() >= 6 && word.ends_with("ity"));
            if inflected || NOT_ENGLISH_IMPERATIVES.contains(&word) {
                continue;
            }
            // The object must follow the verb directly: "photograph all", not "photograph, all".
            let gap = text.get(start + word.len()..).unwrap_or("");
            if !gap.starts_with(' ') {
                continue;
            }
            let opens = self.opens(folded, start, true)
                || text.get(..start).is_some_and(|b| b.ends_with(" and "))
                || folded.after_called_name(start);
            if opens {
                found.push(start);
            }
        }
        found
    }

    /// Where Portuguese infinitives and informal imperatives open clauses: a word in `-ar`,
    /// `-er` or `-ir`, or in `-a`, `-e`, `-i` before an article or a preposition, after a
    /// sentence or comma opening, or after "e" (in text with Portuguese function words: the
    /// caller asks only then). Each
    /// word is tried on its letters first, on its place next and on the word lists last, the
    /// cheapest test first.
    fn infinitives(&self, folded: &Folded) -> Vec<usize> {
        let text = folded.text.as_str();
        let mut found = Vec::new();
        for (start, word) in words(text) {
            // The short infinitives of common verbs ("dar água", "ler o rótulo") are steps as
            // the long ones are (round 63); "pôr" folds to the preposition "por" and "ser" is a
            // copula.
            let infinitive = (word.len() >= 5
                && (word.ends_with("ar") || word.ends_with("er") || word.ends_with("ir")))
                || SHORT_INFINITIVES.contains(&word);
            // An informal imperative: a clause opening in `-a`, `-e`, `-i` followed by an
            // article or a preposition ("entra no painel, filtra pelo código").
            let informal = word.len() >= 3
                && (word.ends_with('a') || word.ends_with('e') || word.ends_with('i'))
                && text
                    .get(start + word.len()..)
                    .and_then(|rest| rest.strip_prefix(' '))
                    .and_then(|rest| rest.split(' ').next())
                    .is_some_and(|next| ARTICLES.contains(&next));
            let opens = || {
                self.opens(folded, start, true)
                    || text.get(..start).is_some_and(|b| b.ends_with(" e "))
            };
            let excepted = || match infinitive {
                true => NOT_INFINITIVES.contains(&word),
                false => NOT_IMPERATIVES.contains(&word),
            };
            if (infinitive || informal) && opens() && !excepted() {
                found.push(start);
            }
        }
        found
    }

    /// The first accented copula (`é`, `está`) standing as a word in the original text.
    pub(crate) fn accented_copula(&self, original: &str) -> Option<&'static str> {
        if self.accented.is_empty() || original.is_ascii() {
            return None;
        }
        original
            .split(|c: char| !is_word_char(c))
            .find_map(|word| {
                self.accented
                    .iter()
                    .find(|a| word.chars().flat_map(char::to_lowercase).eq(a.chars()))
            })
            .copied()
    }
}

/// Function words that mark text as Portuguese, standing between spaces, and "não" (found by
/// the cue automaton, as [`Role::Portuguese`]).
pub(crate) const PORTUGUESE: &[&str] = &[
    " de ", " da ", " das ", " dos ", " com ", " para ", " pra ", " em ", " na ", " nas ", " nos ",
    " uma ", " pelo ", " pela ", " ao ", " o ", " os ", " que ", " um ", " aos ", " pelos ",
    " pelas ",
    // "Não", which opens a sentence with no space before it ("Não se serve álcool a
    // passageiros ...", round 56); no English word ends in "nao".
    "nao ",
];

/// The articles and prepositions after an informal Portuguese imperative.
const ARTICLES: &[&str] = &[
    "no", "na", "nos", "nas", "em", "pelo", "pela", "o", "a", "os", "as", "um", "uma", "com", "ao",
    "aos", "pro", "pra", "por",
];

/// Words in `-a`, `-e`, `-i` that open clauses before an article and are no imperative.
const NOT_IMPERATIVES: &[&str] = &[
    "agora", "nossa", "nosso", "essa", "esse", "esta", "este", "toda", "todo", "cada", "outra",
    "outro", "alguma", "nenhuma", "sempre", "onde", "quando", "como", "enquanto", "desde",
    "porque", "antes", "depois", "entre", "sobre", "contra", "durante", "mesmo", "talvez", "quase",
    "ainda", "aqui", "hoje", "ontem", "tarde", "noite", "semana", "mesa", "pode", "deve", "tem",
    "vale", "parece", "existe", "falta", "basta", "então", "entao", "isso", "isto", "aquele",
    "aquela", "uma", "minha", "sua", "dele", "dela", "era", "ela", "ele", "que", "foi", "vai",
    "dia", "via", "ate", "sai", "lhe",
];

/// What an English imperative takes as its object, right after it: articles, pronouns,
/// possessives and quantifiers ("Order more flour", "Book another room", "Call our lawyer").
/// A `match` on the word, not a list search: it is asked of every word of a text.
fn is_object(word: &str) -> bool {
    matches!(
        word,
        "the"
            | "a"
            | "an"
            | "all"
            | "each"
            | "every"
            | "it"
            | "them"
            | "this"
            | "that"
            | "these"
            | "those"
            | "your"
            | "its"
            | "their"
            | "any"
            | "both"
            | "some"
            | "one"
            | "two"
            | "three"
            | "four"
            | "more"
            | "another"
            | "extra"
            | "enough"
            | "our"
            | "my"
            | "new"
            // What is fitted or ordered as a renewal ("put fresh tape in ...", "bring spare
            // batteries"; issue 16, round 53).
            | "fresh"
            | "spare"
    )
}

/// Particles between an English imperative and its object ("twist off a leaf").
fn is_particle(word: &str) -> bool {
    matches!(
        word,
        "off" | "out" | "up" | "down" | "back" | "on" | "over" | "in"
    )
}

/// Words that open English clauses before an article or a pronoun and are no imperative:
/// prepositions, conjunctions, adverbs, pronouns, determiners, auxiliaries, greetings.
const NOT_ENGLISH_IMPERATIVES: &[&str] = &[
    // A greeting before "a todos" (issue 16, twenty-sixth round).
    "ola",
    "the",
    "and",
    "but",
    "nor",
    "yet",
    "for",
    "from",
    "with",
    "without",
    "within",
    "into",
    "onto",
    "upon",
    "over",
    "under",
    "above",
    "below",
    "behind",
    "beyond",
    "around",
    "across",
    "along",
    "among",
    "against",
    "despite",
    "except",
    "about",
    "between",
    "beside",
    "besides",
    "near",
    "after",
    "before",
    "during",
    "since",
    "until",
    "till",
    "while",
    "whereas",
    "because",
    "although",
    "though",
    "unless",
    "whether",
    "where",
    "when",
    "whenever",
    "once",
    "per",
    "via",
    "like",
    "unlike",
    "toward",
    "towards",
    "throughout",
    "thus",
    "hence",
    "instead",
    "otherwise",
    "meanwhile",
    "anyway",
    "overall",
    "plus",
    "then",
    "also",
    "only",
    "just",
    "even",
    "maybe",
    "perhaps",
    "often",
    "always",
    "never",
    "again",
    "soon",
    "still",
    "already",
    "almost",
    "now",
    "here",
    "there",
    "today",
    "tonight",
    "tomorrow",
    "yesterday",
    "first",
    "second",
    "third",
    "next",
    "last",
    "later",
    "finally",
    "yes",
    // Thanks, not an order ("Cheers, appreciate it"; round 54).
    "appreciate",
    "not",
    "okay",
    "well",
    "hey",
    "thanks",
    "sorry",
    "please",
    "you",
    "they",
    "she",
    "him",
    "her",
    "his",
    "our",
    "its",
    "their",
    "your",
    "who",
    "what",
    "which",
    "whose",
    "whom",
    "why",
    "how",
    "everyone",
    "someone",
    "nobody",
    "everybody",
    "somebody",
    "anyone",
    "anybody",
    "each",
    "every",
    "all",
    "both",
    "some",
    "any",
    "many",
    "most",
    "few",
    "other",
    "another",
    "such",
    "this",
    "that",
    "these",
    "those",
    "are",
    "was",
    "were",
    "been",
    "has",
    "have",
    "had",
    "does",
    "did",
    "can",
    "could",
    "will",
    "would",
    "should",
    "must",
    "may",
    "might",
    "shall",
    "won't",
    "can't",
    "don't",
    "isn't",
    "out",
    "off",
    "due",
    "ago",
    "too",
    "very",
    "brand",
    "same",
    "new",
    "old",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "ten",
    "half",
    "twice",
    "once",
    "every",
    "either",
    "neither",
    "whatever",
    "however",
    "rather",
    "than",
    "via",
    "off",
    "why",
    "got",
    "get",
    "let's",
    "lets",
];

/// A failure that keeps happening: "keeps" (or "keep" after a subject) and a gerund, or the
/// Portuguese "vive" and a gerund. The writers' own practice ("we keep logging") and an order
/// ("Keep adding tests") are not.
fn keeps_happening(folded: &Folded, transparent: &[String]) -> Option<(usize, &'static str)> {
    let text = folded.text.as_str();
    let mut previous: Option<&str> = None;
    let mut all = words(text).peekable();
    while let Some((start, word)) = all.next() {
        let gerund = all.peek().is_some_and(|&(_, next)| {
            next.len() >= 5
                && (next.ends_with("ing")
                    || next.ends_with("ando")
                    || next.ends_with("endo")
                    || next.ends_with("indo"))
        });
        let cue = match word {
            "keeps" => Some("keeps"),
            "keep" => Some("keep"),
            "vive" => Some("vive"),
            "vivem" => Some("vivem"),
            _ => None,
        };
        let writers = previous.is_some_and(|p| {
            [
                "we", "i", "you", "they", "to", "please", "nos", "eu", "voce", "a gente",
            ]
            .contains(&p)
        });
        if let Some(cue) = cue
            && gerund
            && !writers
            && !folded.opens_clause(start, true, transparent)
        {
            return Some((start, cue));
        }
        previous = Some(word);
    }
    None
}

/// Whether the question ending at `at` speaks to its reader: a second-person word in its
/// sentence ("how are you doing today?", "tudo bem com você?", "alguém aí?").
fn addresses_reader(text: &str, at: usize) -> bool {
    let before = text.get(..at).unwrap_or("");
    let from = [". ", "! ", "? ", "\n"]
        .iter()
        .filter_map(|stop| before.rfind(stop).map(|i| i + stop.len()))
        .max()
        .unwrap_or(0);
    let sentence = before.get(from..).unwrap_or("");
    // Small talk asks how something went or is going ("how was the match?", "how's the new
    // job going?", "como foi a viagem?"): a question about the reader's experience, whoever is
    // named in it.
    let mut opening = words(sentence).map(|(_, w)| w);
    let small_talk = match (opening.next(), opening.next()) {
        (Some("how"), Some(w)) => SMALL_TALK_EN.contains(&w),
        (Some("como"), Some(w)) => SMALL_TALK_PT.contains(&w),
        // Whether the group got through something ("did everyone make it home?",
        // "conseguiram dormir depois da estreia?"): a past asked of the readers, the
        // Portuguese with its subject, "vocês", left out (issue 16, fifteenth round).
        (Some("did"), Some("everyone" | "everybody" | "yall" | "all")) => true,
        (Some(w), _) => {
            w.len() >= 8 && (w.ends_with("aram") || w.ends_with("eram") || w.ends_with("iram"))
        }
        _ => false,
    };
    small_talk
        || words(sentence).any(|(_, w)| {
            [
                "you", "your", "voce", "voces", "vc", "te", "ti", "contigo", "ai",
                // The reader's knowing asked ("tipo... sabe?"; issue 16, twenty-second round).
                "sabe", "sabes",
            ]
            .contains(&w)
        })
}

/// Whether the question ending at `at` closes with a tag after a comma: "isn't it", "right",
/// "não é", "né" (issue 16, nineteenth round).
fn tag_question(text: &str, at: usize) -> bool {
    const TAGS: &[&[&str]] = &[
        &["isn", "t", "it"],
        &["isnt", "it"],
        &["is", "it", "not"],
        &["wasn", "t", "it"],
        &["aren", "t", "they"],
        &["aren", "t", "we"],
        &["don", "t", "you", "think"],
        &["right"],
        &["nao", "e"],
        &["ne"],
        &["nao", "acha"],
        &["nao", "achas"],
        &["certo"],
        // The one-word tags of speech (issue 16, twentieth round): "..., eh?", "..., huh?",
        // "..., yeah?", "..., hein?", "..., não?".
        &["eh"],
        &["huh"],
        &["yeah"],
        &["no"],
        &["hein"],
        &["nao"],
    ];
    let before = text.get(..at).unwrap_or("");
    let Some(comma) = before.rfind(',') else {
        return false;
    };
    let tag: Vec<&str> = words(before.get(comma + 1..).unwrap_or(""))
        .map(|(_, w)| w)
        .collect();
    TAGS.contains(&tag.as_slice())
}

/// After "how", the verbs of a question about how something went or is going.
const SMALL_TALK_EN: &[&str] = &["was", "were", "did", "is", "are", "s"];

/// After "como", the same in Portuguese ("como foi", "como vai", "como está", "como anda").
const SMALL_TALK_PT: &[&str] = &[
    "foi", "foram", "vai", "vao", "esta", "estao", "anda", "andam", "ficou", "ficaram", "correu",
];

/// Task openers that head a list of work to do rather than order it.
const TASK_HEADINGS: &[&str] = &["to do", "a fazer", "pending", "pendente"];

/// Verbs whose stem ends in `-ing`: an order, not a gerund ("Ring the donors ...", "Bring the
/// spare keys").
const ING_STEMS: &[&str] = &[
    "ring", "bring", "sing", "swing", "sting", "wring", "fling", "cling", "sling", "string",
];

/// How a decision heading is named in a label's basis.
pub(crate) const DECISION_HEADING: &str = "(a decision heading)";

/// Where a heading of a decision opens a sentence: a noun of deciding first ("decisão",
/// "decision", "resolução", "deliberação") and a colon within its first five words, with no
/// sentence mark before it.
fn decision_heading(folded: &Folded, transparent: &[String]) -> Option<usize> {
    const NOUNS: &[&str] = &[
        "decision",
        "decisions",
        "decisao",
        "decisoes",
        "resolution",
        "resolucao",
        "deliberacao",
        // The verdict and the ruling of whoever decides (issue 16, twenty-first round).
        "verdict",
        "ruling",
        "veredito",
        "veredicto",
        // A vote's result, as a heading (issue 16, twenty-sixth round).
        "vote",
        "votacao",
    ];
    let text = folded.text.as_str();
    let (start, first) = words(text).find(|&(s, _)| folded.opens_clause(s, false, transparent))?;
    if !NOUNS.contains(&first) {
        return None;
    }
    let colon = start + text.get(start..)?.find(':')?;
    let head = text.get(start..colon)?;
    // A possessive's "s" ("the board's meeting") is no word of its own (issue 16, seventeenth
    // round).
    (words(head).filter(|&(_, w)| w != "s").count() <= 5 && !head.contains(['.', '!', '?', ';']))
        .then_some(start)
}

/// Where a heading in `-ing` opening the text ends: a first word in `-ing` ("Returning",
/// "Closing") and a colon within its first eight words (six until round 46: "Admitting a
/// patient to the acute ward:"), the colon's position.
fn gerund_heading(folded: &Folded, transparent: &[String]) -> Option<usize> {
    let text = folded.text.as_str();
    let mut all = words(text);
    let (start, first) = all.next()?;
    if first.len() < 6
        || !first.ends_with("ing")
        || NOT_GERUNDS.contains(&first)
        || !folded.opens_clause(start, false, transparent)
    {
        return None;
    }
    let colon = text.find(':')?;
    let head = text.get(..colon)?;
    (words(head).count() <= 8 && !head.contains(['.', '!', '?', ';'])).then_some(colon)
}

/// How a habit under a condition is named in a label's basis.
const HABIT: &str = "(always, under a condition)";

/// Words before "always" / "sempre" that make it a rule's or a plan's, not a habit's.
const HABIT_MODALS: &[&str] = &[
    "must", "should", "will", "would", "to", "need", "needs", "deve", "devem", "deveria",
    "precisa", "precisam", "tem", "temos", "que", "vai", "vamos", "we", "nos", "you", "voce",
];

/// Words that put a condition on a habit later in its sentence.
const HABIT_CONDITIONS: &[&str] = &[
    " when ",
    " whenever ",
    " after ",
    " if ",
    " every ",
    " quando ",
    " depois ",
    " se ",
    " toda ",
    " todo ",
    " cada ",
];

/// Where "always" or "sempre" stands inside a sentence, after its subject and before a condition,
/// in a sentence with no imperative: a habit of the thing the sentence is about.
fn habit(folded: &Folded, imperatives: &[usize], transparent: &[String]) -> Option<usize> {
    let text = folded.text.as_str();
    [" always ", " sempre "].iter().find_map(|word| {
        text.match_indices(word).find_map(|(i, _)| {
            let at = i + 1;
            let before = text.get(..i).unwrap_or("");
            let previous = before.rsplit(' ').next().unwrap_or("");
            let after = text.get(at + word.len() - 1..).unwrap_or("");
            let end = [". ", "! ", "? ", "; "]
                .iter()
                .filter_map(|stop| after.find(stop))
                .min()
                .unwrap_or(after.len());
            let sentence = after.get(..end).unwrap_or("");
            let condition = HABIT_CONDITIONS.iter().any(|c| sentence.contains(c));
            let ordered = imperatives
                .iter()
                .any(|&m| folded.same_sentence(at.min(m), at.max(m)));
            (condition
                && !after.starts_with("que ")
                && !HABIT_MODALS.contains(&previous)
                && !ordered
                && !folded.opens_clause(at, true, transparent))
            .then_some(at)
        })
    })
}

/// Words in `-ing` that head no steps: states of work ("Pending: review the PR" is a task),
/// times, places and things.
const NOT_GERUNDS: &[&str] = &[
    "pending",
    "remaining",
    "outstanding",
    "ongoing",
    "upcoming",
    "incoming",
    "outgoing",
    "missing",
    "during",
    "morning",
    "evening",
    "meeting",
    "building",
    "nothing",
    "something",
    "anything",
    "everything",
    "according",
    "regarding",
    "following",
    "warning",
    "blocking",
];

/// The index of the kind tables' doc table credited by a shape read outside the tables: the
/// last one (`last`) or the first.
fn doc_table(last: bool) -> Option<usize> {
    let is_doc = |t: &crate::cues::KindTable| t.kind == Kind::Doc;
    if last {
        KINDS.iter().rposition(is_doc)
    } else {
        KINDS.iter().position(is_doc)
    }
}

/// Whether the text is a short label, a colon and one link ("Orchestra seating charts:
/// https://orch.example/seating", "Manual do forno: http://..."), and nothing else.
fn labelled_link(text: &str) -> bool {
    let Some(at) = text.find(": http") else {
        return false;
    };
    let (head, link) = (
        text.get(..at).unwrap_or(""),
        text.get(at + 2..).unwrap_or(""),
    );
    let link = link.trim_end_matches(['.', ' ']);
    let label_words = words(head).count();
    (link.starts_with("http://") || link.starts_with("https://"))
        && !link.contains(' ')
        && (1..=6).contains(&label_words)
        && !head.contains(['.', '!', '?', ';', ':', ','])
}

const KEPT_AT: &str = "(a document and where it is kept)";

/// What papers and files are kept in or on, named right after a document's heading.
const STORES: &[&str] = &[
    "shelf",
    "shelves",
    "drawer",
    "cabinet",
    "board",
    "wall",
    "folder",
    "binder",
    "safe",
    "drive",
    "intranet",
    "wiki",
    "prateleira",
    "estante",
    "gaveta",
    "armario",
    "mural",
    "quadro",
    "pasta",
    "cofre",
    "fichario",
    // Dossiers and the European binder (issue 16, twenty-first round).
    "dossier",
    "dossie",
    "arquivador",
];

/// How a pointer written with "Ver" is named in a label's basis.
const POINTED: &str = "(ver and a document)";

/// Whether one of the four words after the opening "ver " names a document ([`DOCUMENTS`]) or
/// is a path.
fn pointed_document(text: &str) -> bool {
    pointed_document_at(text, "ver ".len(), false)
}

/// How a pointer written with "Check" is named in a label's basis.
const CHECKED: &str = "(check a document for)";

/// The verbs of looking something up in a document, opening the text.
const CHECKS: &[&str] = &[
    "check ",
    "checa ",
    "cheque ",
    "confira ",
    "confere ",
    // To consult, as the European and Brazilian imperative and the English one (issue 16,
    // round 30).
    "consult ",
    "consulta ",
    "consulte ",
];

/// Whether one of the four words from byte `from` names a document ([`DOCUMENTS`]; with
/// `pages`, as after "check", also a doc, a wiki, a page, a guide, a handbook) or is a path.
fn pointed_document_at(text: &str, from: usize, pages: bool) -> bool {
    let rest = text.get(from..).unwrap_or("");
    rest.split_whitespace().take(4).any(|raw| {
        raw.contains('/')
            || words(raw).any(|(_, w)| (pages && PAGES.contains(&w)) || names_document(w))
    }) || words(rest)
        .take(4)
        .any(|(at, _)| names_document_phrase(rest.get(at..).unwrap_or("")))
}

/// Whether one of the four words from byte `from` names a page of documentation ([`PAGES`]:
/// a doc, a wiki, a page, a guide, a handbook).
fn named_page_at(text: &str, from: usize) -> bool {
    // Four words as written: a possessive's "s" is no word of its own ("the academy's safety
    // handbook", round 73).
    text.get(from..)
        .unwrap_or("")
        .split_whitespace()
        .take(4)
        .any(|raw| words(raw).any(|(_, w)| PAGES.contains(&w)))
}

/// Words of documentation read for what it says, after "check" (see [`pointed_document_at`]).
const PAGES: &[&str] = &[
    "doc",
    "docs",
    "document",
    "documents",
    "documento",
    "documentos",
    "wiki",
    "page",
    "pagina",
    // Guides and handbooks are read for what they say ("Check the species guide in the
    // truck's glovebox for the lizards of the Cerrado"; round 69).
    "guide",
    "guides",
    "guia",
    "guias",
    "handbook",
    "handbooks",
    // A register kept of a herd, a flock, the members (round 72).
    "register",
    "registers",
];

/// Whether `rest` opens with a document named in more than one word ("nota tecnica", "codigo
/// de processo*"; round 54).
fn names_document_phrase(rest: &str) -> bool {
    DOCUMENTS.iter().any(|c| {
        let (stem, starred) = match c.text.strip_suffix('*') {
            Some(stem) => (stem, true),
            None => (c.text, false),
        };
        stem.contains(' ')
            && rest.get(..stem.len()) == Some(stem)
            && (starred || !word_char_before(rest, stem.len() + 1))
    })
}

/// Whether the text is a heading of six words or fewer naming a document ([`DOCUMENTS`]), a
/// colon, and a short place whose first three words name where papers are kept ("Caderno de
/// registo das fundições: prateleira do escritório, ao lado do cofre") (issue 16, eighteenth
/// round).
fn kept_at_heading(text: &str) -> bool {
    let Some(colon) = text.find(": ") else {
        return false;
    };
    let (head, rest) = (
        text.get(..colon).unwrap_or(""),
        text.get(colon + 2..).unwrap_or(""),
    );
    // Cheapest first: the heading's length and the place, then the document's name.
    words(head).next().is_some()
        && words(head).nth(6).is_none()
        && !head.contains(['.', '!', '?', ';', ','])
        && words(rest).take(3).any(|(_, w)| STORES.contains(&w))
        && words(rest).nth(12).is_none()
        && words(head).any(|(_, w)| names_document(w))
}

/// Whether the word names a document ([`DOCUMENTS`], a starred entry by its stem).
fn names_document(word: &str) -> bool {
    DOCUMENTS.iter().any(|c| match c.text.strip_suffix('*') {
        Some(stem) => word.starts_with(stem),
        None => word == c.text,
    })
}

/// How a Portuguese how-to heading is named in a label's basis.
const HOW_TO: &str = "como (infinitive)";

/// Where "como" and an infinitive open a sentence: a Portuguese how-to heading.
fn how_to(folded: &Folded, transparent: &[String]) -> Option<usize> {
    let text = folded.text.as_str();
    let mut all = words(text).peekable();
    while let Some((start, word)) = all.next() {
        if word != "como" {
            continue;
        }
        let infinitive = all.peek().is_some_and(|&(_, next)| {
            next.len() >= 5
                && (next.ends_with("ar") || next.ends_with("er") || next.ends_with("ir"))
                && !NOT_INFINITIVES.contains(&next)
        });
        if infinitive && folded.opens_clause(start, false, transparent) {
            return Some(start);
        }
    }
    None
}

/// How an order known by its form is named in a label's basis.
pub(crate) const IMPERATIVE_ORDER: &str = "(imperative)";

/// Verbs of wishes and courtesy, which open greetings, not orders ("Enjoy your holiday!").
const WISHES: &[&str] = &[
    "enjoy",
    "wish",
    "welcome",
    "congratulate",
    "hope",
    "love",
    "miss",
    "thank",
    "mind",
    "bless",
    "excuse",
    "pardon",
    "happy",
    "good",
    "nice",
    "great",
    "cool",
    "aproveite",
    "aproveita",
    "parabenize",
    "sorry",
    "desculpa",
    "desculpe",
    "perdoa",
    "perdoe",
];

/// Interjections and chat shorthand, which open small talk, not orders ("lol that demo ...").
const INTERJECTIONS: &[&str] = &[
    "lol", "lmao", "haha", "hahaha", "omg", "wow", "yay", "ugh", "hmm", "meh", "btw", "fyi", "imo",
    "tbh", "oops", "whoa", "yikes", "phew", "ooh", "aww", "nah", "yep", "yeah", "nope", "kkk",
    "rs", "nossa", "poxa", "eita", "opa", "oba",
    // Greetings, which no order opens ("Hello all!", round 68).
    "hello", "hi", "hey", "hiya", "ola", "oi",
];

/// Portuguese determiners that open the object of an informal imperative ("paga o boleto").
const DETERMINERS_PT: &[&str] = &[
    "o", "a", "os", "as", "um", "uma", "uns", "umas", "no", "na", "nos", "nas", "do", "da", "dos",
    "das", "ao", "aos", "esse", "essa", "este", "esta", "todo", "toda", "todos", "todas",
];

/// How a run of English imperatives known by their form is named in a label's basis.
const IMPERATIVE_RUN: &str = "(imperative steps)";

/// How a heading of steps in `-ing` is named in a label's basis.
const GERUND_HEADING: &str = "(gerund heading)";

/// How a labelled link is named in a label's basis.
const LABELLED_LINK: &str = "(labelled link)";

/// How steps told to the generic "you" are named in a label's basis.
const STEPS_TO_YOU: &str = "(steps told to you)";

/// Where the generic "you" of Portuguese speech ("você", "vc", "tu") opens a run of steps: the
/// pronoun before a verb, and the clauses after it, split at commas and "e", opening with a
/// present in `-a` or `-e` (or "dá", "põe", "faz"), three of them or more in one sentence with
/// no question mark.
fn steps_to_you(text: &str) -> Option<usize> {
    const PRONOUNS: &[&str] = &["voce", "vc", "tu"];
    const SHORT: &[&str] = &["da", "poe", "faz", "vai", "ve", "tira"];
    let sentence_end = |from: usize| {
        text.get(from..)
            .and_then(|r| r.find(['.', ';', '?', '!']).map(|e| from + e))
            .unwrap_or(text.len())
    };
    let (at, pronoun) = words(text).find(|(_, w)| PRONOUNS.contains(w))?;
    let end = sentence_end(at);
    if text.get(end..).is_some_and(|r| r.starts_with('?')) {
        return None;
    }
    let rest = text.get(at + pronoun.len()..end)?;
    let verb = |clause: &str| {
        let mut ws = words(clause).map(|(_, w)| w);
        let mut first = ws.next().unwrap_or("");
        // A word of sequence before the verb ("e depois confere").
        if matches!(first, "depois" | "entao" | "ai" | "so") {
            first = ws.next().unwrap_or("");
        }
        SHORT.contains(&first)
            || (first.len() >= 4
                && (first.ends_with('a') || first.ends_with('e'))
                && !NOT_IMPERATIVES.contains(&first))
    };
    let steps = rest
        .split(',')
        .flat_map(|part| part.split(" e "))
        .filter(|clause| verb(clause))
        .count();
    (steps >= STEPS_RUN || run_on_steps(rest)).then_some(at)
}

/// Whether a run-on told to "você" with no comma chains four steps or more, each a present in
/// `-a` or `-e` right before the article or contraction that opens its object ("vc chega no
/// cliente abre a caixa ... pesa o saco lacra e joga no caminhão"; issue 16, round 51: the
/// hundred-and-fourth's and the hundred-and-sixth's first runs each missed one; a noun before
/// "de" or an adjective is passed over).
fn run_on_steps(rest: &str) -> bool {
    if rest.contains(',') {
        return false;
    }
    let ws: smallvec::SmallVec<[&str; 32]> = words(rest).map(|(_, w)| w).collect();
    ws.windows(2)
        .filter(|pair| {
            let (word, next) = (pair[0], pair[1]);
            word.len() >= 4
                && (word.ends_with('a') || word.ends_with('e'))
                && !NOT_IMPERATIVES.contains(&word)
                && DETERMINERS_PT.contains(&next)
        })
        .count()
        > STEPS_RUN
}

/// How a run of infinitive steps is named in a label's basis.
const INFINITIVE_RUN: &str = "(infinitive steps)";

/// Words in `-ar`, `-er`, `-ir` that are no Portuguese infinitive: nouns, adjectives, English.
const NOT_INFINITIVES: &[&str] = &[
    "lugar",
    "colher",
    "mulher",
    "jantar",
    "olhar",
    "poder",
    "prazer",
    "dever",
    "celular",
    "popular",
    "regular",
    "similar",
    "familiar",
    "militar",
    "titular",
    "particular",
    "escolar",
    "exemplar",
    "auxiliar",
    "qualquer",
    "hangar",
    "radar",
    "cancer",
    "super",
    "computer",
    "scanner",
    "player",
    "server",
    "container",
    "manager",
    "router",
    "printer",
    "timer",
    "driver",
    "cluster",
    "banner",
    "power",
    "trigger",
    "header",
    "footer",
    "layer",
    "buffer",
    "poster",
    "laser",
    "partner",
    "provider",
    "never",
    "other",
    "after",
    "under",
    "order",
    "number",
    "member",
    "customer",
    "paper",
    "water",
    "later",
    "folder",
    "docker",
    "either",
    "rather",
    "whether",
    "ever",
    "however",
    "whatever",
    "whenever",
    "together",
    "cellular",
];

/// Portuguese infinitives of fewer than five letters read as steps (see `infinitives`).
const SHORT_INFINITIVES: &[&str] = &["dar", "ir", "ler", "ter", "ver", "vir"];

/// What placing a kind cue looks at besides the cue: the vetoed spans, where reporting verbs and
/// recurrences start, and whether the text is Portuguese.
struct Context<'a> {
    vetoed: &'a dyn Fn(usize, usize) -> bool,
    reported: &'a [usize],
    recurring: &'a [usize],
    /// The recurrences with their ends and cues.
    recurrences: &'a [(usize, usize, &'static str)],
    /// Where "nobody", "no one" or "ninguém" stands.
    no_one: &'a [usize],
    /// Whether the text holds a Portuguese function word.
    portuguese: bool,
}

/// Keeps the earliest cue in a slot.
fn earliest(slot: &mut Option<(usize, &'static str)>, start: usize, cue: &'static str) {
    if slot.is_none_or(|(s, _)| start < s) {
        *slot = Some((start, cue));
    }
}

const CONDITIONAL_EVENT: &str = "(an event under a condition)";
const CONDITIONAL_FUNCTION: &str = "(a thing coming on under a condition)";
const WORKS_ALONE: &str = "(a thing working by itself)";

/// Where a Portuguese present of work (four letters or more, in `-a`, `-e`, `-am`, `-em`)
/// stands right before "sozinho", "sozinha", "sozinhos" or "sozinhas", in a text that opens
/// with an article or a possessive naming its subject, the verb no noun after an article or a
/// preposition, nor a verb of stopping, starting, moving or being.
fn works_alone(text: &str) -> Option<usize> {
    const SUBJECTS: &[&str] = &[
        "o", "a", "os", "as", "nosso", "nossa", "nossos", "nossas", "esse", "essa", "este", "esta",
    ];
    const NOT_WORK: &[&str] = &[
        "desliga",
        "desligam",
        "liga",
        "ligam",
        "apaga",
        "apagam",
        "acende",
        "acendem",
        "trava",
        "travam",
        "destrava",
        "destravam",
        "reinicia",
        "reiniciam",
        "some",
        "somem",
        "para",
        "param",
        "dispara",
        "disparam",
        "abre",
        "abrem",
        "fecha",
        "fecham",
        "fica",
        "ficam",
        "esta",
        "estao",
        "anda",
        "andam",
        "vai",
        "vao",
        "volta",
        "voltam",
        "mora",
        "moram",
        "sai",
        "saem",
        "chega",
        "chegam",
        "gira",
        "giram",
        "mexe",
        "mexem",
        "cai",
        "caem",
        "toca",
        "tocam",
        "sobe",
        "sobem",
        "desce",
        "descem",
        "entra",
        "entram",
        "desarma",
        "desarmam",
        "desconecta",
        "desconectam",
        "reseta",
        "resetam",
        // Resetting to zero (issue 16, twenty-fifth round).
        "zera",
        "zeram",
        "pifa",
        "pifam",
        "falha",
        "falham",
        "queima",
        "queimam",
        "engasga",
        "engasgam",
        "morre",
        "morrem",
        "esvazia",
        "esvaziam",
        "enche",
        "enchem",
        "solta",
        "soltam",
    ];
    const BEFORE_NOUNS: &[&str] = &[
        "o", "a", "os", "as", "um", "uma", "de", "da", "do", "das", "dos", "no", "na", "nos",
        "nas", "em", "com", "para", "pra", "por", "pela", "pelo",
    ];
    let all: Vec<(usize, &str)> = words(text).collect();
    if !all.first().is_some_and(|&(_, w)| SUBJECTS.contains(&w)) {
        return None;
    }
    let shaped =
        |verb: &str| verb.len() >= 4 && ["a", "e", "am", "em"].iter().any(|e| verb.ends_with(e));
    let alone = |w: &str| matches!(w, "sozinho" | "sozinha" | "sozinhos" | "sozinhas");
    all.windows(3)
        .find_map(|w| {
            let [(_, before), (at, verb), (_, after)] = [w[0], w[1], w[2]];
            (alone(after)
                && shaped(verb)
                && !NOT_WORK.contains(&verb)
                && !BEFORE_NOUNS.contains(&before))
            .then_some(at)
        })
        // The work given its object, "sozinho" within five words after it in the same clause
        // ("a máquina nova borda os brasões das câmaras sozinha"): a verb of stopping or
        // failing given an object is work too ("fecha as saquetas sozinha", round 62).
        .or_else(|| {
            all.windows(3).enumerate().find_map(|(i, w)| {
                let [(_, before), (at, verb), (_, object)] = [w[0], w[1], w[2]];
                let worked = shaped(verb)
                    && (!NOT_WORK.contains(&verb) || FAILING_ALONE.contains(&verb))
                    && matches!(object, "o" | "a" | "os" | "as" | "um" | "uma")
                    && !BEFORE_NOUNS.contains(&before);
                let (end, _) = all.iter().skip(i + 3).take(5).find(|&&(_, w)| alone(w))?;
                let clause = text
                    .get(at..*end)
                    .is_some_and(|c| !c.contains([',', ';', '.']));
                (worked && clause).then_some(at)
            })
        })
}

/// Whether the "may" at `start` of folded text is the month: a day of the month (1 to 31, with
/// or without "st", "nd", "rd", "th") right before it, itself after "on", "by", "until",
/// "till", "from", "since", "of", "the" or "and"; or a word of dates right before it ("the
/// first week of May", "from April to May", "in early May", [`BEFORE_A_MONTH`]), where the
/// modal never stands: the modal follows its subject. ("May 12" needs no check: the modal's
/// cue is not read before a number.)
fn month_may(text: &str, start: usize) -> bool {
    let day = |w: &str| {
        let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let suffix = &w[digits.len()..];
        matches!(suffix, "" | "st" | "nd" | "rd" | "th")
            && digits.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d))
    };
    let mut before = text.get(..start).unwrap_or("").split_whitespace().rev();
    let Some(last) = before.next() else {
        return false;
    };
    if BEFORE_A_MONTH.contains(&last) {
        return true;
    }
    day(last)
        && before.next().is_some_and(|w| {
            matches!(
                w,
                "on" | "by" | "until" | "till" | "from" | "since" | "of" | "the" | "and"
            )
        })
}

/// Words that put a month after them and never a modal, folded: prepositions of time and the
/// parts of a month (issue 16, round 65: "to the first week of May"; "in", "by", "from",
/// "until" and "since" were vetoes before).
const BEFORE_A_MONTH: &[&str] = &[
    "by", "during", "early", "from", "in", "late", "mid", "of", "since", "through", "till", "to",
    "until",
];

/// Verbs whose failure is intransitive: a thing that fills up, freezes, closes, shuts off or
/// goes dark by itself fails; given an object, the same verb is what the thing does to it.
const FAILING_ALONE: &[&str] = &[
    "apaga",
    "apagam",
    "congela",
    "congelam",
    "desliga",
    "desligam",
    "enche",
    "fecha",
    "freezes",
    "reinicia",
    "reiniciam",
];

/// Whether a verb of [`FAILING_ALONE`] ending at `end` takes an object: an article of its
/// language right after it, one space between ("congela o espinafre", "freezes the peas").
fn object_after(text: &str, verb: &str, end: usize) -> bool {
    let articles: &[&str] = match verb {
        "freezes" => &["a", "an", "the"],
        _ => &["a", "as", "o", "os", "um", "uma", "umas", "uns"],
    };
    text.get(end..)
        .and_then(|rest| rest.strip_prefix(' '))
        .and_then(|rest| rest.split(' ').next())
        .is_some_and(|word| articles.contains(&word))
}

/// Whether "sem" or "without" stands right before `pos`, as a word of its own.
fn denied_by_without(text: &str, pos: usize) -> bool {
    text.get(..pos)
        .and_then(|before| before.strip_suffix(' '))
        .and_then(|before| {
            before
                .strip_suffix("sem")
                .or_else(|| before.strip_suffix("without"))
        })
        .is_some_and(|rest| !word_char_before(rest, rest.len()))
}

/// Where an English thing's work done alone is told: a text that opens with an article or a
/// possessive naming its subject, says "by itself", "on its own", "on their own", "by
/// themselves" (not "automatically": "the domain renews automatically on 1 March" is when, not
/// what it can do), and asks, hedges, negates and stops nothing (no modal, no
/// "not", no verb of stopping, dropping or drifting: a thing that stops by itself fails). Where
/// the marker stands (issue 16, round 51: designed on the first runs of the eightieth, the
/// hundred-and-fourth and the hundred-and-sixth, each with one such capability missed; on every
/// tuning slice the English sentences so shaped are all capabilities).
fn works_alone_en(text: &str) -> Option<usize> {
    const SUBJECTS: &[&str] = &["the", "our", "their", "this", "a", "an"];
    const ALONE: &[&str] = &["by itself", "on its own", "on their own", "by themselves"];
    const NOT_WORK: &[&str] = &[
        "stop", "stops", "drop", "drops", "drift", "drifts", "shut", "shuts", "cut", "cuts",
        "restart", "restarts", "reboot", "reboots", "tilt", "tilts", "tilting", "fall", "falls",
        "trip", "trips", "die", "dies", "keeps", "goes", "not", "never", "no", "can", "could",
        "should", "would", "might", "may", "must", "will", "maybe", "if", "when",
        // The negated auxiliaries, whole or cut at their apostrophe.
        "dont", "doesnt", "didnt", "cant", "wont", "isnt", "arent", "wasnt", "don", "doesn", "didn",
        "won", "isn", "aren", "wasn",
    ];
    // Cheapest first: the opening word, before the text is searched for a marker.
    if !words(text)
        .next()
        .is_some_and(|(_, w)| SUBJECTS.contains(&w))
        || text.contains('?')
    {
        return None;
    }
    // A verb of stopping given an object ("cuts the insulin", "shuts the valve") is the thing's
    // work on it, no failure of its own (round 66).
    const STOPPING: &[&str] = &[
        "stop", "stops", "drop", "drops", "shut", "shuts", "cut", "cuts", "trip", "trips",
    ];
    const OBJECTS: &[&str] = &["the", "a", "an", "its", "their", "our", "your"];
    let at = ALONE.iter().find_map(|m| text.find(m))?;
    let before: Vec<&str> = words(text.get(..at)?).map(|(_, w)| w).collect();
    before
        .iter()
        .enumerate()
        .skip(1)
        .all(|(i, w)| {
            !NOT_WORK.contains(w)
                || (STOPPING.contains(w)
                    && before.get(i + 1).is_some_and(|next| OBJECTS.contains(next)))
        })
        .then_some(at)
}

/// Verbs of a thing coming into operation: coming on, opening, lifting, starting, lighting up,
/// unlocking (English with their particles, Portuguese in the present), as a verb and the
/// particle it needs (`""` for none). Stopping, dropping and jamming are not among them: a thing
/// that stops by itself fails.
const ACTIVATIONS: &[(&str, &str)] = &[
    ("turns", "on"),
    ("turn", "on"),
    ("switches", "on"),
    ("switch", "on"),
    ("comes", "on"),
    ("come", "on"),
    ("lights", "up"),
    ("light", "up"),
    ("wakes", "up"),
    ("opens", ""),
    ("open", ""),
    ("lifts", ""),
    ("lift", ""),
    ("rises", ""),
    ("unlocks", ""),
    ("unlock", ""),
    ("starts", ""),
    ("start", ""),
    ("acende", ""),
    ("acendem", ""),
    ("abre", ""),
    ("abrem", ""),
    ("liga", ""),
    ("ligam", ""),
    ("levanta", ""),
    ("levantam", ""),
    ("sobe", ""),
    ("destrava", ""),
    ("destravam", ""),
    ("desbloqueia", ""),
];

/// Verbs of a thing regulating what it controls: a function under a condition, no failure. The
/// verbs and nouns of warning too, what a monitor is for ("the app alerts the owner when a trap
/// goes off", "o app manda um alerta quando ..."; issue 16, twenty-eighth round).
const REGULATIONS: &[&str] = &[
    "lowers",
    "raises",
    "adjusts",
    "dims",
    "regulates",
    "baixa",
    "abaixa",
    "aumenta",
    "diminui",
    "ajusta",
    "regula",
    "alerts",
    "alert",
    "warns",
    "alerta",
    "alertam",
    "alertas",
    // Notices and notifying, the same warning (round 68: "o aplicativo manda aviso pra todos os
    // moradores quando falta água").
    "aviso",
    "avisos",
    "avisa",
    "avisam",
    "notifica",
    "notificam",
    "notifies",
    "notify",
];

/// Words after a verb that make it act on a thing or the aspect of another verb: "opens a
/// blank page", "liga o alarme", "starts to fail", "começa a falhar".
const ACTIVATION_OBJECTS: &[&str] = &[
    "to", "a", "an", "the", "its", "his", "her", "their", "this", "that", "these", "those", "de",
    "o", "os", "as", "um", "uma", "uns", "umas", "seu", "sua", "seus", "suas",
];

/// Whether the clause before the condition at `at` (back to the sentence's opening or a comma)
/// holds a verb of a thing coming into operation used with no object: not as the aspect of
/// another verb ("starts returning 500s") nor doing something to a thing ("opens a blank
/// page").
fn activation_before(text: &str, at: usize) -> bool {
    let before = text.get(..at).unwrap_or("");
    let start = [". ", "! ", "? ", "; ", ": ", ", "]
        .iter()
        .filter_map(|stop| before.rfind(stop).map(|p| p + stop.len()))
        .max()
        .unwrap_or(0);
    let words: Vec<&str> = before
        .get(start..)
        .unwrap_or("")
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect();
    // A thing that regulates what it is for under a condition ("the thermostat lowers the
    // heating when nobody is home", "o termostato baixa o aquecimento quando ..."): its
    // function, whatever it takes as an object.
    // Not where it fails to do it ("o app não avisa o dono quando ...", round 68).
    let negated = |i: usize| {
        i.checked_sub(1)
            .and_then(|p| words.get(p))
            .is_some_and(|w| crate::addressed::negation(w) || matches!(*w, "doesnt" | "wont"))
    };
    if words
        .iter()
        .enumerate()
        .any(|(i, w)| REGULATIONS.contains(w) && !negated(i))
    {
        return true;
    }
    words.iter().enumerate().any(|(i, word)| {
        ACTIVATIONS.iter().any(|&(verb, particle)| {
            if *word != verb {
                return false;
            }
            let rest = if particle.is_empty() { i + 1 } else { i + 2 };
            let particle_ok = particle.is_empty() || words.get(i + 1) == Some(&particle);
            let next = words.get(rest).copied().unwrap_or("");
            particle_ok && !next.ends_with("ing") && !ACTIVATION_OBJECTS.contains(&next)
        })
    })
}

const PLANNED: &str = "(vamos and an infinitive)";
const ONLY_MAY: &str = "(só and a permission)";
const LISTED_FRONTS: &str = "(a body of work and its fronts)";
const YEAR_SPAN: &str = "(a span of years)";
const NO_ONE_DOES: &str = "(nobody and a present)";
const NOT_DONE: &str = "(não se and a present)";
const HORIZON_FRONTS: &str = "(fronts by a year to come)";

/// Words of aiming at something (folded); "vamos", the writers' plan in the periphrastic future
/// (issue 16, twenty-ninth round).
const AIMS: &[&str] = &[
    "aim",
    "aiming",
    "aims",
    "ambicao",
    "ambition",
    "dream",
    "goal",
    // A wish set at a year ("by 2030 we want ...", "the farm hopes to ...", round 37).
    "hope",
    "hopes",
    "goals",
    "horizon",
    "horizonte",
    // The idea a body has for a span of years ("Em cinco anos, a ideia da associação é ter
    // ...", round 71).
    "idea",
    "ideia",
    "meta",
    "metas",
    "objetivo",
    "objetivos",
    "picture",
    // An intent set at a year ("a cimenteira pretende chegar a zero emissões em 2050", round
    // 43).
    "pretende",
    "pretendem",
    "pretendemos",
    "quer",
    "queremos",
    "querem",
    "sonho",
    // A target set at a year (issue 16, round 32).
    "target",
    "targets",
    "vamos",
    "visao",
    "vision",
    "want",
    "wants",
];

/// Words of a plan, which set an aim only with a span of years or the year it runs to ("the
/// 2025 floor plan" is a document).
const PLANS: &[&str] = &[
    "masterplan",
    "masterplans",
    "plan",
    "plano",
    "planos",
    "plans",
];

/// Words before a year that make it the year a thing runs to ("by 2029", "até 2031"), or the
/// end of a range of years ("between 2025 and 2029", "entre 2025 e 2029"; issue 16, twenty-ninth
/// round).
const TO_YEAR: &[&str] = &["and", "ate", "by", "e", "through", "till", "to", "until"];

/// Words before a year that make it the time an aim is set at ("in 2030", "para 2031", "chegar a
/// 2030": round 40).
const AT_YEAR: &[&str] = &["a", "em", "for", "in", "na", "no", "para", "pra"];

/// A unit of a span in a compound with its count ("ten-year", "three-winter").
const SPAN_UNIT: &[&str] = &["season", "summer", "winter", "year"];

/// A span of years: an opener, a count, a unit ("next four years", "próximos cinco anos").
const SPAN_OPENERS: &[&str] = &[
    "coming", "daqui", "em", "in", "next", "proximas", "proximos", "within",
];
const SPAN_COUNTS: &[&str] = &[
    "cinco", "dez", "dois", "duas", "eight", "five", "four", "oito", "quatro", "seis", "sete",
    "seven", "six", "ten", "three", "tres", "two",
];
const SPAN_UNITS: &[&str] = &[
    "anos",
    // The seasons of a crop (issue 16, round 35).
    "colheitas",
    "harvests",
    "invernos",
    "safras",
    "seasons",
    "summers",
    "temporadas",
    "veroes",
    "winters",
    "years",
];

/// Whether a folded word is a year from 2020 to 2099 ("2029", not "2019" or "20300").
pub(crate) fn year_from_2020(w: &str) -> bool {
    w.len() == 4
        && w.starts_with("20")
        && w.bytes().all(|b| b.is_ascii_digit())
        && w.as_bytes().get(2).is_some_and(|&b| b >= b'2')
}

/// Whether folded text times a piece of work: a time taken ("in 20 seconds", "em dois
/// segundos", "in a few minutes", "em uma hora"), a moment ("num instante", "in no time", "em
/// instantes"), or a spell of work it fills ("a shift", "por turno", "numa manhã", "in a day"). Asked with `anchor::timed_work` for a thing's work (issue 16, round 37).
pub(crate) fn time_taken(text: &str) -> bool {
    const UNITS: &[&str] = &[
        "second", "seconds", "minute", "minutes", "min", "mins", "hour", "hours", "segundo",
        "segundos", "minuto", "minutos", "hora", "horas",
    ];
    const QUANTITIES: &[&str] = &[
        "a", "an", "one", "few", "um", "uma", "poucos", "poucas", "alguns", "algumas", "couple",
        "of",
    ];
    const MOMENTS: &[&[&str]] = &[
        &["num", "instante"],
        &["in", "no", "time"],
        &["in", "an", "instant"],
        &["em", "instantes"],
        &["a", "shift"],
        &["per", "shift"],
        &["por", "turno"],
        &["numa", "manha"],
        &["num", "dia"],
        &["in", "a", "day"],
        &["in", "one", "day"],
    ];
    // Cheapest first: every match holds one of these (most texts hold none, and their words are
    // not collected).
    if !(text.contains("in ")
        || text.contains("em ")
        || text.contains("num")
        || text.contains("shift")
        || text.contains("turno"))
    {
        return false;
    }
    let quantity = |q: &str| {
        q.starts_with(|c: char| c.is_ascii_digit())
            || crate::anchor::is_number_word(q)
            || QUANTITIES.contains(&q)
    };
    let words: Vec<&str> = crate::fold::words(text).map(|(_, w)| w).collect();
    words.iter().enumerate().any(|(i, &w)| {
        let timed = matches!(w, "in" | "em")
            && (1..=3).any(|n| {
                words
                    .get(i + 1..=i + n)
                    .is_some_and(|qs| qs.iter().all(|q| quantity(q)))
                    && words.get(i + n + 1).is_some_and(|u| UNITS.contains(u))
            });
        timed
            || MOMENTS
                .iter()
                .any(|m| words.get(i..i + m.len()).is_some_and(|s| s == *m))
    })
}

/// Where an aim is set against a horizon in folded text (`derive` asks after every table): the
/// first word of aiming when the text sets it at a year from 2020 on ("by 2029", "in 2030", "the
/// 2030s", "the 2030 picture"; not "the 2024 invoices") or names a span of years ("next four
/// years", "em cinco anos", "ten-year", a range "2025-2030", a decade), else the first word of a
/// plan when it names a span or the year it runs to ("by 2029", "até 2031", "by the end of
/// 2030", "between now and 2030"), else a span to come that is the heading of a list ("Across
/// the next five harvests: a second grading line, ...").
pub(crate) fn aimed_horizon(text: &str) -> Option<usize> {
    let words: Vec<(usize, &str)> = crate::fold::words(text).collect();
    let word = |i: usize| words.get(i).map(|&(_, w)| w);
    let is_year = |w: &str| year_from_2020(w.strip_suffix('s').unwrap_or(w));
    let (mut year, mut to_year, mut span) = (false, false, false);
    // Where a span to come was named ("the next five harvests"), for a heading made of one.
    let mut span_at = None;
    for (i, &(at, w)) in words.iter().enumerate() {
        if is_year(w) {
            let back = |n: usize| i.checked_sub(n).and_then(word);
            let runs_to = back(1).is_some_and(|p| TO_YEAR.contains(&p))
                || (back(1) == Some("of") && back(2) == Some("end"))
                || (back(1) == Some("de") && matches!(back(2), Some("fim" | "final")))
                || (back(1) == Some("and") && back(2) == Some("now"));
            // A range of years ("2025-2030") is a span.
            span |= back(1).is_some_and(is_year);
            to_year |= runs_to;
            // A year as a time the aim is set at ("in 2030", "the 2030s", "the 2030 picture"),
            // not a year that names a thing ("the 2024 invoices").
            year |= runs_to
                || back(1).is_some_and(|p| AT_YEAR.contains(&p))
                || w.ends_with('s')
                || word(i + 1).is_some_and(|n| AIMS.contains(&n));
        }
        let count = |n: &str| SPAN_COUNTS.contains(&n) || n.bytes().all(|b| b.is_ascii_digit());
        // "dentro de quatro anos" (round 45) as "within four years".
        let dentro = w == "dentro" && word(i + 1) == Some("de");
        let skip = usize::from(dentro);
        let to_come = (SPAN_OPENERS.contains(&w) || dentro)
            && word(i + 1 + skip).is_some_and(count)
            && word(i + 2 + skip).is_some_and(|u| SPAN_UNITS.contains(&u));
        if to_come && span_at.is_none() {
            span_at = Some(at);
        }
        span |= matches!(w, "decade" | "decades" | "decada" | "decadas")
            || to_come
            // A compound of a count and a unit ("ten-year vision", "a three-winter job"), not
            // an age ("five-year-old").
            || (count(w)
                && word(i + 1).is_some_and(|u| SPAN_UNIT.contains(&u))
                && word(i + 2) != Some("old"))
            // A count of years from now ("five years from now", round 33).
            || (count(w)
                && word(i + 1).is_some_and(|u| SPAN_UNITS.contains(&u))
                && word(i + 2) == Some("from")
                && word(i + 3) == Some("now"));
    }
    let first = |list: &[&str]| {
        words
            .iter()
            .find(|(_, w)| list.contains(w))
            .map(|&(at, _)| at)
    };
    // "we'd like", "would love": a wish in two words (round 37).
    let wish = || {
        words
            .windows(2)
            .find(|pair| matches!(pair, [(_, "d" | "would"), (_, "like" | "love")]))
            .and_then(|pair| pair.get(1))
            .map(|&(at, _)| at)
    };
    if (year || span)
        && let Some(at) = first(AIMS).or_else(wish)
    {
        return Some(at);
    }
    if (to_year || span)
        && let Some(at) = first(PLANS)
    {
        return Some(at);
    }
    // A plan for a year heading what it holds ("Plano para 2030: a fábrica exportar ...",
    // "Plan for 2030: ...", round 62).
    if let Some(pair) = words.windows(3).find(|w| {
        let [(_, plan), (_, prep), (at, y)] = [w[0], w[1], w[2]];
        PLANS.contains(&plan)
            && matches!(prep, "for" | "para" | "pra")
            && is_year(y)
            && text
                .get(at + y.len()..)
                .is_some_and(|rest| rest.starts_with(':'))
    }) && let Some(&(at, _)) = pair.first()
    {
        return Some(at);
    }
    // A heading that is a span to come, before a list of what it holds ("Across the next five
    // harvests: a second grading line, a bigger cold store and ...", round 35).
    let colon = text.find(": ")?;
    span_at.filter(|&at| at < colon && text.get(colon..).is_some_and(|body| body.contains(',')))
}
const GERUND_TO_YEAR: &str = "(work named by a gerund, to a year)";

/// Whether a folded word is a gerund that can name a body of work: an English word in `-ing`, a
/// Portuguese one in `-ando`, `-endo`, `-indo`, seven letters or more, and none of the nouns,
/// prepositions and adverbs of that form ("morning", "according", "comando", "quando").
pub(crate) fn is_gerund(word: &str) -> bool {
    const NOT_GERUNDS: &[&str] = &[
        "morning",
        "evening",
        "nothing",
        "something",
        "everything",
        "anything",
        "according",
        "pending",
        "including",
        "regarding",
        "following",
        "ceiling",
        "comando",
        "segundo",
        "quando",
    ];
    word.len() >= 7
        && (word.ends_with("ing") || ["ando", "endo", "indo"].iter().any(|e| word.ends_with(e)))
        && !NOT_GERUNDS.contains(&word)
}

/// Where a gerund opens the text (an English word in `-ing`, a Portuguese one in `-ando`,
/// `-endo`, `-indo`, seven letters or more) and a year (20xx) follows in its first sentence
/// after a word of reaching it ("by", "by the end of", "until", "through to", "até", "em", "até o
/// fim de") or of the year it is set for ("com fim previsto para 2028"), or after its month
/// ("com meta em dezembro de 2029", "by March 2030"; round 69).
fn gerund_to_year(text: &str) -> Option<usize> {
    const HORIZONS: &[&str] = &[
        "by", "until", "till", "through", "to", "of", "ate", "em", "in", "before", "para", "pra",
        "for",
    ];
    const MONTHS: &[&str] = &[
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "janeiro",
        "fevereiro",
        "marco",
        "abril",
        "maio",
        "junho",
        "julho",
        "agosto",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
    ];
    let (start, first) = words(text).next()?;
    if !is_gerund(first) || text.get(..start)?.contains(|c: char| c.is_alphanumeric()) {
        return None;
    }
    let end = [". ", "! ", "? ", "; "]
        .iter()
        .filter_map(|stop| text.find(stop))
        .min()
        .unwrap_or(text.len());
    let sentence = text.get(..end)?;
    let (mut before, mut previous) = ("", "");
    for (_, word) in words(sentence) {
        let year =
            word.len() == 4 && word.starts_with("20") && word.bytes().all(|b| b.is_ascii_digit());
        // "até o fim de 2028", "até ao final de 2027" (round 49): "de" after the end's name.
        let end_of = previous == "de" && matches!(before, "fim" | "final");
        let month = MONTHS.contains(&previous)
            || (matches!(previous, "de" | "of") && MONTHS.contains(&before));
        if year && (HORIZONS.contains(&previous) || end_of || month) {
            return Some(start);
        }
        (before, previous) = (previous, word);
    }
    None
}

/// Whether a count follows `end` after a space: a numeral ("62%", "1.180") or a number word.
fn count_after(text: &str, end: usize) -> bool {
    text.get(end..)
        .and_then(|rest| rest.strip_prefix(' '))
        .and_then(|rest| rest.split(' ').next())
        .is_some_and(|w| {
            w.starts_with(|c: char| c.is_ascii_digit()) || crate::anchor::is_number_word(w)
        })
}

/// Whether an estimate of a count follows the cue ending at `end`: "about", "roughly",
/// "around", "cerca de" and the like, then a number or a number word.
fn estimate_after(text: &str, end: usize) -> bool {
    const ESTIMATES: &[&str] = &[
        "about",
        "roughly",
        "around",
        "approximately",
        "nearly",
        "almost",
        "some",
        "cerca",
        "aproximadamente",
        "quase",
        "uns",
        "umas",
    ];
    let mut rest = text.get(end..).unwrap_or("").split_whitespace();
    let (first, second, third) = (rest.next(), rest.next(), rest.next());
    let number = |w: Option<&str>| {
        w.is_some_and(|w| {
            w.starts_with(|c: char| c.is_ascii_digit()) || crate::anchor::is_number_word(w)
        })
    };
    first.is_some_and(|w| ESTIMATES.contains(&w))
        && (number(second) || (second == Some("de") && number(third)))
}

/// Whether "last", "previous" or "latest" (or the Portuguese "último", "última") stands right
/// before `at`.
fn last_before(text: &str, at: usize) -> bool {
    text.get(..at)
        .and_then(|b| b.strip_suffix(' '))
        .and_then(|b| b.rsplit(' ').next())
        .is_some_and(|w| ["last", "previous", "latest", "ultima", "ultimo"].contains(&w))
}

/// Verbs after "nobody" that report a state of mind or of things, no limit on conduct: "nobody
/// knows why", "ninguém sabe", "nobody is home".
const NOT_LIMITS: &[&str] = &[
    "is",
    "was",
    "has",
    "does",
    "knows",
    "cares",
    "likes",
    "wants",
    "remembers",
    "seems",
    "thinks",
    "says",
    "needs",
    "sabe",
    "quer",
    "gosta",
    "liga",
    "lembra",
    "acha",
    "diz",
    "e",
    "esta",
    "fica",
    "precisa",
    "parece",
];

/// Verbs after "não se" that are no rule on conduct: a reflexive order to the reader ("não se
/// esqueça", "não se preocupe"), a state of mind or of things ("não se sabe", "não se lembra",
/// "não se trata de", "não se importa").
const NOT_IMPERSONAL: &[&str] = &[
    "esqueca",
    "esquecam",
    "esquece",
    "preocupe",
    "preocupem",
    "preocupa",
    "sabe",
    "lembra",
    "lembram",
    "trata",
    "importa",
    "importam",
    "acha",
    "acham",
    "mexe",
    "mexa",
    "move",
    "mova",
    "aplica",
    "aplicam",
    "compara",
    "parece",
    "parecem",
    "fala",
    "sente",
];

/// Where "não se" stands before a Portuguese present of the third person (`-a`, `-am`, `-e`,
/// `-em`, four letters or more) that is no reflexive order or state ([`NOT_IMPERSONAL`]).
fn impersonal_rule(text: &str) -> Option<usize> {
    text.match_indices("nao se ").find_map(|(i, m)| {
        if word_char_before(text, i) {
            return None;
        }
        let verb = text.get(i + m.len()..)?.split(' ').next()?;
        let verb = verb.trim_end_matches([',', '.', ';', ':', '!', '?']);
        let present = verb.len() >= 4
            && verb.bytes().all(|b| b.is_ascii_lowercase())
            && ["a", "am", "e", "em"].iter().any(|e| verb.ends_with(e));
        (present && !NOT_IMPERSONAL.contains(&verb)).then_some(i)
    })
}

/// Where "nobody", "no one" or "ninguém" (found at `places`) opens a clause before a present:
/// English in `-s`, a Portuguese third person in `-a` or `-e`, or a modal of rule ("may",
/// "must", "pode", "deve").
fn no_one_does(folded: &Folded, places: &[usize], transparent: &[String]) -> Option<usize> {
    let text = folded.text.as_str();
    places.iter().copied().find(|&i| {
        let Some(rest) = text.get(i..) else {
            return false;
        };
        let english = !rest.starts_with("ninguem");
        let subject = if english { 6 } else { 7 };
        if !folded.opens_clause(i, true, transparent) {
            return false;
        }
        let next = rest
            .get(subject..)
            .and_then(|r| r.strip_prefix(' '))
            .and_then(|r| r.split(' ').next())
            .unwrap_or("");
        let verb = next.trim_end_matches([',', '.', ';', ':', '!']);
        let present = if english {
            (verb.len() >= 4 && verb.ends_with('s') && !verb.ends_with("ss"))
                || ["may", "must"].contains(&verb)
        } else {
            (verb.len() >= 3 && (verb.ends_with('a') || verb.ends_with('e')))
                || ["pode", "deve"].contains(&verb)
                // Short irregular presents ("Ninguém sai pro campo sem ...", round 68).
                || ["sai", "faz", "poe", "traz", "ve", "le", "da"].contains(&verb)
        };
        // "Ninguém liga" cares about nothing; before its object it switches something on
        // ("Ninguém liga o ventilador sem ...", round 49).
        let switched_on = verb == "liga"
            && rest
                .get(subject..)
                .and_then(|r| r.split(' ').nth(2))
                .is_some_and(|w| matches!(w, "o" | "a" | "os" | "as"));
        present
            && verb.bytes().all(|b| b.is_ascii_lowercase())
            && (!NOT_LIMITS.contains(&verb) || switched_on)
    })
}

/// Where a year to come is named as a horizon ("by 2028", "until 2029", "through mid-2028",
/// "até 2028", "até o fim de 2027", "by the end of 2027"; "to 2030" and "para 2027" only right
/// before a heading's colon) or a span of years is written with a dash ("2026-2029"), in a
/// sentence that lists three fronts or more (two commas, or a comma
/// and an "and"/"e").
fn horizon_fronts(text: &str) -> Option<usize> {
    const HEADING_HORIZONS: &[&str] = &["to ", "for ", "para "];
    const HORIZONS: &[&str] = &[
        "by ",
        "by the end of ",
        "until ",
        "till ",
        "through ",
        "ate ",
        "ate o fim de ",
        "ate o final de ",
    ];
    let year = |s: &str| {
        let s = s.strip_prefix("mid-").unwrap_or(s);
        s.get(..4).is_some_and(|d| {
            d.bytes().all(|b| b.is_ascii_digit())
                && d.starts_with("20")
                && s.as_bytes()
                    .get(4)
                    .is_none_or(|b| !b.is_ascii_alphanumeric())
        })
    };
    let span = |s: &str| {
        s.get(..9).is_some_and(|d| {
            year(d)
                && d.as_bytes().get(4) == Some(&b'-')
                && year(d.get(5..).unwrap_or(""))
                && d.get(5..9) > d.get(..4)
        })
    };
    let mut at = None;
    for (i, _) in text.match_indices("20") {
        if word_char_before(text, i) && !text.get(..i).is_some_and(|b| b.ends_with("mid-")) {
            continue;
        }
        let rest = text.get(i..).unwrap_or("");
        let before = text.get(..i).unwrap_or("").trim_end_matches("mid-");
        let after_horizon = |h: &&str| {
            before
                .strip_suffix(h)
                .is_some_and(|b| !word_char_before(b, b.len()))
        };
        // A heading that names the year its plan runs to, right before the colon that lists
        // its fronts ("Foundry plan to 2030: ...", "Nosso roteiro para 2027: ...") (issue 16,
        // eighteenth round).
        let heading = rest.get(4..).is_some_and(|r| r.starts_with(": "))
            && HEADING_HORIZONS.iter().any(after_horizon);
        let horizon = year(rest) && (heading || HORIZONS.iter().any(after_horizon));
        if horizon || span(rest) {
            at = Some(i);
            break;
        }
    }
    let at = at?;
    let start = [". ", "! ", "? ", "; "]
        .iter()
        .filter_map(|stop| text.get(..at)?.rfind(stop).map(|p| p + stop.len()))
        .max()
        .unwrap_or(0);
    let after = text.get(at..)?;
    let end = [". ", "! ", "? ", "; "]
        .iter()
        .filter_map(|stop| after.find(stop))
        .min()
        .map_or(text.len(), |e| at + e);
    let sentence = text.get(start..end)?;
    let commas = sentence.matches(", ").count();
    let joined = sentence.contains(" and ") || sentence.contains(" e ");
    (commas >= 2 || (commas >= 1 && joined)).then_some(start)
}

/// Where a span of two named years opens: a year (19xx, 20xx) after "ao longo de", "entre",
/// "de", "between", "from", "over" or "across", then a joining word and a later year ("ao longo
/// de 2027 e 2028", "from 2026 to 2029").
fn year_span(text: &str) -> Option<usize> {
    const OPENERS: &[&str] = &[
        "ao longo de ",
        "entre ",
        // The span named as when it happens (issue 16, fifteenth round).
        "em ",
        "in ",
        "de ",
        "between ",
        "from ",
        "over ",
        "across ",
    ];
    const JOINS: &[&str] = &[" e ", " a ", " and ", " to ", " ate ", " through ", "-"];
    let year = |s: &str| -> Option<u32> {
        let digits = s.get(..4)?;
        let next = s.as_bytes().get(4).copied();
        (digits.bytes().all(|b| b.is_ascii_digit())
            && (digits.starts_with("19") || digits.starts_with("20"))
            && next.is_none_or(|b| !b.is_ascii_alphanumeric()))
        .then(|| digits.parse().ok())
        .flatten()
    };
    OPENERS.iter().find_map(|opener| {
        text.match_indices(opener).find_map(|(i, _)| {
            if i > 0 && word_char_before(text, i) {
                return None;
            }
            let rest = text.get(i + opener.len()..)?;
            let first = year(rest)?;
            let after = rest.get(4..)?;
            JOINS.iter().find_map(|join| {
                let second = year(after.strip_prefix(join)?)?;
                (second > first).then_some(i)
            })
        })
    })
}

/// Where "só" opens a sentence with "pode" or "podem" within the next 40 bytes of it.
fn only_may(folded: &Folded, transparent: &[String]) -> Option<usize> {
    let text = folded.text.as_str();
    text.match_indices("so ").find_map(|(i, _)| {
        let window = text.get(i..(i + 44).min(text.len()))?;
        let may = window
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == "pode" || w == "podem");
        (may && (i == 0 || !word_char_before(text, i))
            && folded.opens_clause(i, false, transparent))
        .then_some(i)
    })
}

/// Bodies of work that gather fronts: expanding, migrating, modernizing.
const BODIES_OF_WORK: &[&str] = &[
    "expansion",
    "migration",
    "modernization",
    "expansao",
    "migracao",
    "modernizacao",
];

/// Where a body of work is named right before a colon that opens a list of its fronts, two
/// commas' worth or one comma and an "and" ("the expansion: two trucks, a kitchen and a
/// franchise"; "Migration: done." lists nothing).
fn listed_fronts(text: &str) -> Option<usize> {
    text.match_indices(": ").find_map(|(colon, _)| {
        let before = text.get(..colon)?;
        let noun_at = before.rfind(' ').map_or(0, |p| p + 1);
        let noun = before.get(noun_at..)?;
        if !BODIES_OF_WORK.contains(&noun) {
            return None;
        }
        let after = text.get(colon + 2..)?;
        let end = [". ", "! ", "? ", "; "]
            .iter()
            .filter_map(|stop| after.find(stop))
            .min()
            .unwrap_or(after.len());
        let list = after.get(..end)?;
        let commas = list.matches(", ").count();
        let joined = list.contains(" and ") || list.contains(" e ");
        (commas >= 2 || (commas >= 1 && joined)).then_some(noun_at)
    })
}

/// Where "vamos" stands before an infinitive of three letters or more before its ending.
fn planned(text: &str) -> Option<usize> {
    text.match_indices("vamos ").find_map(|(i, w)| {
        let next = text.get(i + w.len()..)?.split(' ').next()?;
        let word = next.trim_end_matches([',', '.', ';', ':', '!']);
        let infinitive = word.len() >= 5
            && (word.ends_with("ar") || word.ends_with("er") || word.ends_with("ir"))
            && word.bytes().all(|b| b.is_ascii_lowercase());
        (infinitive && (i == 0 || !word_char_before(text, i))).then_some(i)
    })
}

/// Words that open a clause about the writers or the reader, or a plan or a rule: "we'll call
/// when ...", "I'm off when ...", "you can leave when ..." are no event of a thing, nor is a
/// laugh at one ("haha the look on his face when the burner roared").
const NOT_EVENT_WORDS: &[&str] = &[
    "i", "i'm", "i'll", "we", "we're", "we'll", "you", "you're", "let", "let's", "me", "us", "eu",
    "nos", "voce", "voces", "gente", "me", "te", "must", "should", "can", "could", "will", "would",
    "may", "might", "shall", "pode", "podem", "deve", "devem", "precisa", "vai", "vamos", "tem",
    "temos", "it's", "that's", "what", "how", "why", "isso", "so", "only",
    // Laughter: the writers' reaction to what they tell (issue 16, sixteenth round).
    "haha", "hahaha", "hahahaha", "hehe", "lol", "lmao", "kkk", "kkkk", "kkkkk", "rsrs",
];

/// Whether a word is a laugh by its form, however long it runs: "kkkkkk", "hahahah", "hehe",
/// "rsrsrs" (issue 16, seventeenth round). A laugh is the writer's reaction, never a subject.
pub(crate) fn laugh(word: &str) -> bool {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric());
    let b = w.as_bytes();
    if b.len() < 3 || !b.iter().all(u8::is_ascii_alphabetic) {
        return false;
    }
    let lower: Vec<u8> = b.iter().map(u8::to_ascii_lowercase).collect();
    if lower.iter().all(|&c| c == b'k') {
        return true;
    }
    // Syllables of a laugh repeated: "ha", "he", "hi", "ah", "rs", "ja", "je".
    let pair = |c: &[u8]| {
        matches!(
            c,
            b"ha" | b"he" | b"hi" | b"ah" | b"eh" | b"rs" | b"sr" | b"ja" | b"je"
        )
    };
    lower.len() >= 4 && lower.windows(2).all(pair)
}

/// Where a stated event under a condition is: "when" or "quando" inside a sentence (not
/// opening it: "When X, do Y" is a frame), after a clause of three words or more that names a
/// thing, with no order, modal, pronoun of the writers or question in the sentence.
fn conditional_event(
    folded: &Folded,
    imperatives: &[usize],
    transparent: &[String],
) -> Option<usize> {
    let text = folded.text.as_str();
    [" when ", " quando "].iter().find_map(|word| {
        text.match_indices(word).find_map(|(i, _)| {
            let at = i + 1;
            let before = text.get(..i).unwrap_or("");
            // "de vez em quando" is no condition; a clause opening "When X, ..." is a frame.
            if before.ends_with(" em") || folded.opens_clause(at, true, transparent) {
                return None;
            }
            let start = [". ", "! ", "? ", "; ", ": "]
                .iter()
                .filter_map(|stop| before.rfind(stop).map(|p| p + stop.len()))
                .max()
                .unwrap_or(0);
            let after = text.get(at..).unwrap_or("");
            let end = [". ", "! ", "? ", "; "]
                .iter()
                .filter_map(|stop| after.find(stop))
                .min()
                .unwrap_or(after.len());
            let clause = before.get(start..).unwrap_or("");
            let sentence_rest = after.get(..end).unwrap_or("");
            let clause_words: Vec<&str> = clause
                .split(|c: char| !(c.is_alphanumeric() || c == '\''))
                .filter(|w| !w.is_empty())
                .collect();
            let ordered = imperatives
                .iter()
                .any(|&m| folded.same_sentence(at.min(m), at.max(m)));
            let question = sentence_rest.contains('?') || after.trim_end().ends_with('?');
            (clause_words.len() >= 3
                && !clause_words
                    .iter()
                    .any(|w| NOT_EVENT_WORDS.contains(w) || laugh(w))
                && !ordered
                && !question)
                .then_some(at)
        })
    })
}

/// English prepositions and particles: a word before one of them is no order governing an
/// object.
const PREPOSITIONS_EN: &[&str] = &[
    "on", "in", "at", "of", "for", "from", "with", "up", "down", "out", "off", "over", "about",
    "to", "by", "into", "is", "are", "was", "were", "has", "have",
];

/// Whether a match sits inside an identifier: a path, a URL, a dotted or `@` name (`error.log`,
/// `docs/adr`, `docs.acme.io`). Only ends that are word characters are checked, so a cue such as
/// `.md` still matches the end of a file name.
fn inside_identifier(text: &str, start: usize, end: usize, left: bool, right: bool) -> bool {
    let joins = |joiner: Option<char>, next: Option<char>| {
        matches!(joiner, Some('.' | '/' | '\\' | '@')) && next.is_some_and(is_word_char)
    };
    if left {
        let mut before = text.get(..start).unwrap_or("").chars().rev();
        if joins(before.next(), before.next()) {
            return true;
        }
    }
    if right {
        let rest = text
            .get(end..)
            .unwrap_or("")
            .trim_start_matches(is_word_char);
        let mut after = rest.chars();
        if joins(after.next(), after.next()) {
            return true;
        }
    }
    false
}

/// Fires the kind rules on their cues: a rule that finds one cue of each group, in order and
/// within its window, puts its kind at the precedence of the last table of that kind, named by
/// its first cue.
fn compose(composed: &mut [(TaintHit, &'static str)], hits: &mut Hits) {
    composed.sort_unstable_by_key(|(h, _)| *h);
    for of_rule in composed.chunk_by(|(a, _), (b, _)| a.rule == b.rule) {
        let Some(rule) = of_rule.first().and_then(|(h, _)| KIND_RULES.get(h.rule)) else {
            continue;
        };
        let fired = first_firing(of_rule, rule.groups.len(), rule.window, |(h, _)| h);
        let table = KINDS.iter().rposition(|t| t.kind == rule.kind);
        if let (Some((h0, cue)), Some(table)) = (fired, table)
            && let Some(slot) = hits.strong.get_mut(table)
        {
            earliest(slot, h0.start, cue);
        }
    }
}

/// Which taint rules fire on these hits, in rule order (see the `taint` module for the rule
/// semantics). Only the rules with a hit are tried.
pub(crate) fn fired_rules(hits: &mut [TaintHit]) -> impl Iterator<Item = usize> + '_ {
    hits.sort_unstable();
    hits.chunk_by(|a, b| a.rule == b.rule)
        .filter_map(|of_rule| {
            let index = of_rule.first()?.rule;
            let rule = RULES.get(index)?;
            first_firing(of_rule, rule.groups.len(), rule.window, |h| h).map(|_| index)
        })
}

/// The first cue of a rule's first group from which one cue of each later group follows, each
/// starting after the previous one ends and the last within `window` bytes of the first, if the
/// rule fires. `of_rule` holds the rule's hits, sorted; `hit` reads one.
fn first_firing<T>(
    of_rule: &[T],
    groups: usize,
    window: usize,
    hit: impl Fn(&T) -> &TaintHit,
) -> Option<&T> {
    let group = |g: usize| slice_where(of_rule, |x| hit(x).group.cmp(&g));
    group(0).iter().find(|first| {
        let first = hit(first);
        let (mut end, mut last) = (first.end, first.start);
        for g in 1..groups {
            let candidates = group(g);
            let next = candidates.partition_point(|x| hit(x).start < end);
            match candidates.get(next).map(&hit) {
                Some(h) => (end, last) = (h.end, h.start),
                None => return false,
            }
        }
        last - first.start <= window
    })
}

/// The sub-slice of a sorted slice on which `key` is `Equal`.
fn slice_where<T>(sorted: &[T], key: impl Fn(&T) -> std::cmp::Ordering) -> &[T] {
    use std::cmp::Ordering;
    let lo = sorted.partition_point(|x| key(x) == Ordering::Less);
    let hi = sorted.partition_point(|x| key(x) != Ordering::Greater);
    sorted.get(lo..hi).unwrap_or(&[])
}

/// Verbs of a thing going wrong by itself, one word each (folded): the third person of English
/// and Portuguese, and the English plural ("the readers drop", "as molas soltam").
const ADVERSE: &[&str] = &[
    // Flooding and souring (round 39).
    "alaga",
    "alagam",
    "apaga",
    "apagam",
    "apodrece",
    "apodrecem",
    "azeda",
    "azedam",
    "blister",
    "blisters",
    "blow",
    "blows",
    "break",
    "breaks",
    "buckle",
    "buckles",
    "burst",
    "bursts",
    "caem",
    "cai",
    "choke",
    "chokes",
    "clog",
    "clogs",
    "congela",
    "congelam",
    "corrode",
    "corrodes",
    "crack",
    "cracks",
    "crash",
    "crashes",
    "desafina",
    "desafinam",
    "desbota",
    "desbotam",
    "descola",
    "descolam",
    "desliga",
    "desligam",
    "die",
    "dies",
    "disconnect",
    "disconnects",
    "dispara",
    "disparam",
    "drift",
    "drifts",
    "drop",
    "drops",
    "embaca",
    "embacam",
    "emperra",
    "emperram",
    "encolhe",
    "encolhem",
    "encrava",
    "encravam",
    "enferruja",
    "enferrujam",
    "engasga",
    "engasgam",
    "entope",
    "entopem",
    "entorta",
    "entortam",
    "estoura",
    "estouram",
    "fade",
    "fades",
    "fail",
    "fails",
    "falha",
    "falham",
    "flicker",
    "flickers",
    "flood",
    "floods",
    "fog",
    "fogs",
    "fray",
    "frays",
    "freeze",
    "freezes",
    "glitch",
    "glitches",
    "incha",
    "incham",
    "jam",
    "jams",
    "lag",
    "lags",
    "leak",
    "leaks",
    "misfeed",
    "misfeeds",
    "misfire",
    "misfires",
    "mofa",
    "mofam",
    "mold",
    "molds",
    "morre",
    "morrem",
    "mould",
    "moulds",
    "murcha",
    "murcham",
    "overflow",
    "overflows",
    "overheat",
    "overheats",
    "oxida",
    "oxidam",
    "parte",
    "partem",
    "peel",
    "peels",
    "pifa",
    "pifam",
    "pinga",
    "pingam",
    "quebra",
    "quebram",
    "queima",
    "queimam",
    "racha",
    "racham",
    "rasga",
    "rasgam",
    "rebenta",
    "rebentam",
    "reinicia",
    "reiniciam",
    "rot",
    "rots",
    "rust",
    "rusts",
    "sag",
    "sags",
    "seize",
    "seizes",
    "shrink",
    "shrinks",
    "skip",
    "skips",
    "slip",
    "slips",
    "smear",
    "smears",
    "smudge",
    "smudges",
    "snap",
    "snaps",
    "solta",
    "soltam",
    "split",
    "splits",
    "stall",
    "stalls",
    "stick",
    "sticks",
    "swell",
    "swells",
    "tear",
    "tears",
    "transborda",
    "transbordam",
    "trava",
    "travam",
    "trip",
    "trips",
    "vaza",
    "vazam",
    "warp",
    "warps",
    "wilt",
    "wilts",
    "zera",
    "zeram",
];

/// Phrases of a thing going wrong by itself (folded, as word sequences): "goes dead", "cuts
/// out", "apanha ferrugem", "deixa de funcionar".
const ADVERSE_PHRASES: &[&[&str]] = &[
    &["act", "up"],
    &["acts", "up"],
    &["apanha", "ferrugem"],
    &["apanham", "ferrugem"],
    &["come", "loose"],
    &["comes", "loose"],
    &["conk", "out"],
    &["conks", "out"],
    &["cut", "out"],
    &["cuts", "out"],
    &["da", "pau"],
    &["deixa", "de", "funcionar"],
    &["deixam", "de", "funcionar"],
    &["die", "off"],
    &["dies", "off"],
    &["fall", "off"],
    &["falls", "off"],
    &["faz", "saltar"],
    &["fazem", "saltar"],
    // Foaming over its rim (round 38).
    &["foam", "over"],
    &["foams", "over"],
    &["get", "lost"],
    &["gets", "lost"],
    &["give", "out"],
    &["gives", "out"],
    &["go", "dead"],
    &["go", "flat"],
    &["go", "offline"],
    // Fruit or stock going soft (round 40).
    &["go", "soft"],
    &["goes", "dead"],
    &["goes", "flat"],
    &["goes", "offline"],
    &["goes", "soft"],
    &["ice", "up"],
    &["ices", "up"],
    &["lock", "up"],
    &["locks", "up"],
    &["pack", "up"],
    &["packs", "up"],
    &["para", "de", "funcionar"],
    &["param", "de", "funcionar"],
    &["play", "up"],
    &["plays", "up"],
    &["pull", "out"],
    &["pulls", "out"],
    &["shut", "down"],
    &["shuts", "down"],
    &["stop", "working"],
    &["stops", "working"],
    &["vai", "abaixo"],
    &["vao", "abaixo"],
    &["wear", "out"],
    &["wears", "out"],
    // A part working itself loose (round 37).
    &["work", "loose"],
    &["works", "loose"],
];

/// Words before which a word of [`ADVERSE`] is a noun or an infinitive, not a thing's verb ("a
/// drop", "checks for breaks", "to stick"), folded.
const BEFORE_A_NOUN: &[&str] = &[
    "a", "an", "any", "as", "da", "das", "de", "do", "dos", "for", "her", "his", "its", "my", "na",
    "nas", "no", "nos", "o", "of", "os", "our", "pela", "pelo", "por", "some", "that", "the",
    "their", "this", "to", "um", "uma", "with",
];

/// Recurrences and standing conditions (folded, as word sequences): "every", "once a", "after a
/// few", "on humid", "year after year", "toda vez", "quando chove", "de vez em quando".
const RECURRING: &[&[&str]] = &[
    &["a", "noite"],
    &["after", "a", "few"],
    &["after", "about"],
    // After heavy rain or snow (round 39).
    &["after", "heavy"],
    &["again"],
    &["almost", "always"],
    &["always"],
    &["as", "vezes"],
    &["cada"],
    &["com", "chuva"],
    &["com", "chuvada"],
    &["costuma"],
    &["costumam"],
    &["de", "noite"],
    &["de", "vez", "em", "quando"],
    &["depois", "de", "umas"],
    &["depois", "de", "uns"],
    &["each"],
    &["em", "dias", "de"],
    &["every"],
    &["frequentemente"],
    &["in", "cold"],
    &["in", "damp"],
    // In dry weather (round 40).
    &["in", "dry"],
    &["in", "hot"],
    &["in", "the", "rain"],
    &["in", "wet"],
    &["nearly", "always"],
    &["no", "inverno"],
    &["no", "verao"],
    &["nos", "dias", "de"],
    &["often"],
    &["on", "busy"],
    &["on", "cold"],
    &["on", "hot"],
    &["on", "humid"],
    // On nights of a kind (round 39).
    &["on", "nights"],
    &["on", "rainy"],
    &["on", "wet"],
    &["once", "a"],
    &["quando", "chove"],
    &["quase", "sempre"],
    &["regularly"],
    &["sempre"],
    &["sometimes"],
    // Every night, morning or day (round 41).
    &["toda", "manha"],
    &["toda", "noite"],
    &["toda", "semana"],
    &["toda", "tarde"],
    &["toda", "vez"],
    &["todas", "as"],
    &["todo", "dia"],
    &["todo", "mes"],
    &["todos", "os"],
    &["twice", "a"],
    &["usually"],
    // A trigger that comes again ("When the reservoir drops below a third, turbine 2 starts to
    // vibrate", round 41).
    &["when"],
    &["whenever"],
    &["wherever"],
    &["within"],
    &["year", "after", "year"],
];

/// Times after "most" that make it a recurrence ("most Saturdays", "most nights").
const MOST_TIMES: &[&str] = &[
    "days",
    "evenings",
    "fridays",
    "mondays",
    "months",
    "mornings",
    "nights",
    "saturdays",
    "summers",
    "sundays",
    "times",
    "weekends",
    "weeks",
    "winters",
];

/// Where a thing is told to go wrong again and again in folded text (`derive` asks after the
/// strong tables): a verb of a thing going wrong by itself ([`ADVERSE`], [`ADVERSE_PHRASES`]),
/// not the text's first word (an order), not within two words after "if" (a condition) and
/// not after an article, a possessive or a preposition (a noun
/// or an infinitive), and a recurrence or a standing condition anywhere in the text
/// ([`RECURRING`], "most" before a time): "the card reader drops offline most Saturdays", "a
/// folha apanha ferrugem em todas as primaveras chuvosas". Answers where the verb starts.
pub(crate) fn adverse_recurrence(text: &str) -> Option<usize> {
    let words: Vec<(usize, &str)> = crate::fold::words(text).collect();
    let at = |i: usize, seq: &[&str]| {
        words
            .get(i..i + seq.len())
            .is_some_and(|run| run.iter().zip(seq).all(|(&(_, w), s)| w == *s))
    };
    // The sequences of a sorted list that open with the word at `i` (the lists are sorted, so
    // each word is looked up, not compared with every sequence).
    let any_at = |list: &[&[&str]], i: usize| {
        words.get(i).is_some_and(|&(_, w)| {
            let from = list.partition_point(|seq| seq.first().is_some_and(|f| *f < w));
            list.get(from..)
                .unwrap_or_default()
                .iter()
                .take_while(|seq| seq.first() == Some(&w))
                .any(|seq| at(i, seq))
        })
    };
    // The verb first: most texts have none, and the recurrence is not looked for.
    let verb = (1..words.len()).find_map(|i| {
        let verb = any_at(ADVERSE_PHRASES, i)
            || words
                .get(i)
                .is_some_and(|&(_, w)| ADVERSE.binary_search(&w).is_ok());
        let before = words.get(i - 1).map(|&(_, w)| w);
        // A going wrong under "if" is what the text reacts to ("texts the nurse if it drifts"),
        // not what it reports.
        let condition = (i.saturating_sub(2)..i).any(|j| {
            words
                .get(j)
                .is_some_and(|&(_, w)| matches!(w, "if" | "se" | "unless"))
        });
        let starts = words.get(i).map(|&(start, _)| start);
        starts.filter(|_| {
            verb && !condition && before.is_some_and(|b| BEFORE_A_NOUN.binary_search(&b).is_err())
        })
    })?;
    let recurs = (0..words.len()).any(|i| {
        any_at(RECURRING, i)
            || (at(i, &["most"])
                && words
                    .get(i + 1)
                    .is_some_and(|&(_, w)| MOST_TIMES.binary_search(&w).is_ok()))
    });
    recurs.then_some(verb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The word lists of a thing going wrong again and again are looked up by binary search and
    /// by their first word: each must stay sorted.
    #[test]
    fn the_lists_of_going_wrong_again_are_sorted() {
        assert!(ADVERSE.is_sorted());
        assert!(BEFORE_A_NOUN.is_sorted());
        assert!(MOST_TIMES.is_sorted());
        assert!(ADVERSE_PHRASES.is_sorted());
        assert!(RECURRING.is_sorted());
    }

    /// The infinitives as first written, every test on every word: the reference of
    /// [`Matcher::infinitives`], which tries the cheapest test first.
    fn infinitives_reference(m: &Matcher, folded: &Folded) -> Vec<usize> {
        let text = folded.text.as_str();
        if !PORTUGUESE.iter().any(|w| text.contains(w)) {
            return Vec::new();
        }
        let mut found = Vec::new();
        let mut start = None;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            match (is_word_char(c), start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    start = None;
                    let word = text.get(s..i).unwrap_or("");
                    let shaped = ((word.len() >= 5
                        && (word.ends_with("ar") || word.ends_with("er") || word.ends_with("ir")))
                        || SHORT_INFINITIVES.contains(&word))
                        && !NOT_INFINITIVES.contains(&word);
                    let informal = word.len() >= 3
                        && (word.ends_with('a') || word.ends_with('e') || word.ends_with('i'))
                        && text
                            .get(i..)
                            .and_then(|rest| rest.strip_prefix(' '))
                            .and_then(|rest| rest.split(' ').next())
                            .is_some_and(|next| ARTICLES.contains(&next))
                        && !NOT_IMPERATIVES.contains(&word);
                    if (shaped || informal)
                        && (m.opens(folded, s, true)
                            || text.get(..s).is_some_and(|b| b.ends_with(" e ")))
                    {
                        found.push(s);
                    }
                }
                _ => {}
            }
        }
        found
    }

    /// Portuguese-like text: infinitives, informal imperatives and the words listed as neither,
    /// articles, clause openings, transparent words and punctuation.
    fn clauses() -> impl Strategy<Value = String> {
        let words = proptest::sample::select(vec![
            "ligar",
            "parear",
            "entra",
            "filtra",
            "clica",
            "rodar",
            "lugar",
            "agora",
            "pode",
            "sempre",
            "no",
            "na",
            "pelo",
            "o",
            "a",
            "de",
            "com",
            "em",
            "e",
            "por favor",
            "também",
            "then",
            "please",
            "printer",
            "never",
            "ß",
            "café",
            "x_y",
            ",",
            ".",
            ":",
            ";",
            "-",
            "\n",
            "(",
            ")",
            "\"",
        ]);
        proptest::collection::vec(words, 0..24).prop_map(|w| w.join(" "))
    }

    proptest! {
        #[test]
        fn infinitives_are_found_as_by_the_every_test_reference(text in clauses()) {
            let m = crate::matcher();
            let folded = Folded::new(&text);
            let portuguese = PORTUGUESE.iter().any(|w| folded.text.contains(w));
            let found = if portuguese { m.infinitives(&folded) } else { Vec::new() };
            prop_assert_eq!(found, infinitives_reference(m, &folded));
        }

        #[test]
        fn portuguese_words_are_found_by_the_cue_automaton(text in clauses()) {
            let m = crate::matcher();
            let folded = Folded::new(&text);
            let found = m.automaton.find_overlapping_iter(&folded.text).any(|hit| {
                m.patterns[hit.pattern().as_usize()]
                    .meanings
                    .iter()
                    .any(|&(role, _)| role == Role::Portuguese)
            });
            let contained = PORTUGUESE.iter().any(|w| folded.text.contains(w));
            prop_assert_eq!(found, contained);
        }
    }
}
