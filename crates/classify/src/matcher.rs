//! One Aho-Corasick automaton over every cue of every table, kind cues, copulas and taint cues
//! alike, so that a classification reads the folded content once.

use crate::cues::{ACCENTED_COPULAS, COPULAS, Cue, KINDS};
use crate::fold::{Folded, is_word_char};
use crate::taint::RULES;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

/// Where in the tables a cue sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// A kind cue: the table's index in [`KINDS`] and its tier.
    Kind { table: usize, tier: Tier },
    /// A copula of the entity gate.
    Copula,
    /// An accented copula, matched on the original words.
    AccentedCopula,
    /// A taint cue: the rule's index in [`RULES`] and the group's in the rule.
    Taint { rule: usize, group: usize },
}

/// The tier of a kind cue (see the `cues` module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tier {
    Marker,
    Opener,
    Clause,
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
    /// The entry's index in its list (read by the tests that leave one entry out).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) index: usize,
    pub(crate) cue: &'static Cue,
}

/// Every entry of every table, in table order.
pub(crate) fn entries() -> impl Iterator<Item = Entry> {
    let kinds = KINDS.iter().enumerate().flat_map(|(table, t)| {
        [
            (Tier::Marker, t.markers),
            (Tier::Opener, t.openers),
            (Tier::Clause, t.clauses),
            (Tier::Hint, t.hints),
        ]
        .into_iter()
        .flat_map(move |(tier, cues)| {
            cues.iter().enumerate().map(move |(index, cue)| Entry {
                role: Role::Kind { table, tier },
                index,
                cue,
            })
        })
    });
    let copulas = COPULAS.iter().enumerate().map(|(index, cue)| Entry {
        role: Role::Copula,
        index,
        cue,
    });
    let accented = ACCENTED_COPULAS
        .iter()
        .enumerate()
        .map(|(index, cue)| Entry {
            role: Role::AccentedCopula,
            index,
            cue,
        });
    let taint = RULES.iter().enumerate().flat_map(|(rule, r)| {
        r.groups.iter().enumerate().flat_map(move |(group, cues)| {
            cues.iter().enumerate().map(move |(index, cue)| Entry {
                role: Role::Taint { rule, group },
                index,
                cue,
            })
        })
    });
    kinds.chain(copulas).chain(accented).chain(taint)
}

/// A compiled pattern: its role, the cue as written, and which ends need a word boundary.
#[derive(Debug, Clone, Copy)]
struct Pattern {
    role: Role,
    cue: &'static str,
    left: bool,
    right: bool,
}

/// A taint cue found in the folded text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct TaintHit {
    pub(crate) rule: usize,
    pub(crate) group: usize,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// What a scan found: per kind table the earliest strong and weak cue, the earliest copula, and
/// every taint cue.
#[derive(Debug)]
pub(crate) struct Hits {
    pub(crate) strong: [Option<(usize, &'static str)>; KINDS.len()],
    pub(crate) weak: [Option<(usize, &'static str)>; KINDS.len()],
    pub(crate) copula: Option<(usize, &'static str)>,
    pub(crate) taint: Vec<TaintHit>,
}

/// The automaton and what each of its patterns means.
#[derive(Debug)]
pub(crate) struct Matcher {
    automaton: AhoCorasick,
    patterns: Vec<Pattern>,
    accented: Vec<&'static str>,
}

impl Matcher {
    /// Compiles every table entry for which `keep` holds. The library compiles all of them once
    /// (see `crate::matcher()`); tests leave one out to show that it earns its place.
    pub(crate) fn build(
        keep: impl Fn(&Entry) -> bool,
        kind: Option<AhoCorasickKind>,
    ) -> Option<Self> {
        let mut patterns = Vec::new();
        let mut folded = Vec::new();
        let mut accented = Vec::new();
        for entry in entries().filter(|e| keep(e)) {
            if entry.role == Role::AccentedCopula {
                accented.push(entry.cue.text);
                continue;
            }
            let (words, stem) = match entry.cue.text.strip_suffix('*') {
                Some(words) => (words, true),
                None => (entry.cue.text, false),
            };
            let text = Folded::new(words).text;
            let left = text.chars().next().is_some_and(is_word_char);
            let right = !stem && text.chars().next_back().is_some_and(is_word_char);
            patterns.push(Pattern {
                role: entry.role,
                cue: entry.cue.text,
                left,
                right,
            });
            folded.push(text);
        }
        let automaton = AhoCorasickBuilder::new()
            .match_kind(MatchKind::Standard)
            .kind(kind)
            .build(&folded)
            .ok()?;
        Some(Matcher {
            automaton,
            patterns,
            accented,
        })
    }

    /// How many patterns the automaton holds.
    #[cfg(test)]
    pub(crate) fn patterns_len(&self) -> usize {
        self.automaton.patterns_len()
    }

    /// Scans folded text.
    pub(crate) fn scan(&self, folded: &Folded) -> Hits {
        let text = folded.text.as_str();
        let mut hits = Hits {
            strong: [None; KINDS.len()],
            weak: [None; KINDS.len()],
            copula: None,
            taint: Vec::new(),
        };
        let earliest = |slot: &mut Option<(usize, &'static str)>, start, cue| {
            if slot.is_none_or(|(s, _)| start < s) {
                *slot = Some((start, cue));
            }
        };
        for m in self.automaton.find_overlapping_iter(text) {
            let Some(p) = self.patterns.get(m.pattern().as_usize()) else {
                continue;
            };
            let (start, end) = (m.start(), m.end());
            let before = text.get(..start).and_then(|s| s.chars().next_back());
            let after = text.get(end..).and_then(|s| s.chars().next());
            if (p.left && before.is_some_and(is_word_char))
                || (p.right && after.is_some_and(is_word_char))
            {
                continue;
            }
            match p.role {
                Role::Kind { table, tier } => {
                    let placed = match tier {
                        Tier::Opener => folded.opens_clause(start, false),
                        Tier::Clause => folded.opens_clause(start, true),
                        Tier::Marker | Tier::Hint => true,
                    };
                    let slots = if tier.strong() {
                        &mut hits.strong
                    } else {
                        &mut hits.weak
                    };
                    if let (true, Some(slot)) = (placed, slots.get_mut(table)) {
                        earliest(slot, start, p.cue);
                    }
                }
                Role::Copula => earliest(&mut hits.copula, start, p.cue),
                Role::Taint { rule, group } => {
                    let opener = group == 0 && RULES.get(rule).is_some_and(|r| r.opener);
                    if opener && !folded.opens_clause(start, false) {
                        continue;
                    }
                    hits.taint.push(TaintHit {
                        rule,
                        group,
                        start,
                        end,
                    });
                }
                Role::AccentedCopula => {}
            }
        }
        hits
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

/// Which taint rules fire on these hits (see the `taint` module for the rule semantics).
pub(crate) fn fired_rules(hits: &mut [TaintHit]) -> impl Iterator<Item = usize> + '_ {
    hits.sort_unstable();
    RULES.iter().enumerate().filter_map(move |(index, rule)| {
        let of_rule = slice_where(hits, |h| h.rule.cmp(&index));
        let group = |g: usize| slice_where(of_rule, |h| h.group.cmp(&g));
        let first = group(0);
        let fires = first.iter().any(|h0| {
            let mut end = h0.end;
            let mut last = h0.start;
            for g in 1..rule.groups.len() {
                let candidates = group(g);
                let next = candidates.partition_point(|h| h.start < end);
                match candidates.get(next) {
                    Some(h) => {
                        end = h.end;
                        last = h.start;
                    }
                    None => return false,
                }
            }
            last - h0.start <= rule.window
        });
        fires.then_some(index)
    })
}

/// The sub-slice of a sorted slice on which `key` is `Equal`.
fn slice_where<T>(sorted: &[T], key: impl Fn(&T) -> std::cmp::Ordering) -> &[T] {
    use std::cmp::Ordering;
    let lo = sorted.partition_point(|x| key(x) == Ordering::Less);
    let hi = sorted.partition_point(|x| key(x) != Ordering::Greater);
    sorted.get(lo..hi).unwrap_or(&[])
}
