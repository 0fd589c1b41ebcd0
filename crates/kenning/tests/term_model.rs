//! The term lane against a plain model (R2, R4, R5, C5, C7): after any sequence of puts, batched
//! puts, forgets, supersessions, lifecycle changes and compactions (which merge the term
//! segments), a retrieval returns exactly the capsules a
//! brute-force BM25 over an in-memory model ranks first among the unfenced ones, with the same
//! scores, and every lifecycle change the model calls senseless is refused.
//!
//! The model re-implements the statistics as the crate docs define them: scope-local `N`,
//! `avgdl` and `df` over every capsule stored in the scope, fenced ones included; `dl` the
//! number of analysed terms; Lucene's idf; k1 = 1.2, b = 0.75. It borrows only the analyser from
//! `kenning-term` (what a term *is* is not what is under test here) and the per-term formula.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use kenning::{
    CapsuleId, ErrorCode, FactTime, Kenning, LifecycleChange, NewCapsule, Principal,
    RetrieveRequest, ScopeKind, TimeWindow, Timestamp,
};
use kenning_term::{Bm25, Language, analyze};
use proptest::prelude::*;

const SCOPES: [&str; 2] = ["s.one", "s.two"];

/// Words chosen to collide: inflections that stem alike, stop words of either language and of
/// both (`a`, `do`, `no`), Portuguese words that flip detection, accents typed or not.
const WORDS: [&str; 20] = [
    "apple",
    "apples",
    "pear",
    "printer",
    "printing",
    "server",
    "servers",
    "jam",
    "jams",
    "the",
    "of",
    "is",
    "a",
    "do",
    "no",
    "de",
    "não",
    "reunião",
    "reuniao",
    "orçamento",
];

const DAY: i64 = 86_400_000;
const PAST: i64 = 978_307_200_000; // 2001-01-01
const FUTURE: i64 = 4_102_444_800_000; // 2100-01-01

#[derive(Debug, Clone)]
struct Text {
    scope: usize,
    words: Vec<usize>,
    day: Option<i64>,
}

impl Text {
    fn content(&self) -> String {
        let words: Vec<&str> = self.words.iter().map(|&w| WORDS[w]).collect();
        words.join(" ")
    }

    fn new_capsule(&self, scope: usize) -> NewCapsule {
        let c = NewCapsule::new(SCOPES[scope], self.content());
        match self.day {
            Some(d) => c.fact_time(FactTime::at(Timestamp::from_millis(PAST + d * DAY))),
            None => c,
        }
    }
}

#[derive(Debug, Clone)]
enum Op {
    Put(Text),
    Batch(Vec<Text>),
    Forget(usize),
    Supersede(usize, Text),
    Change(usize, u8),
    /// Close, `Kenning::compact` (term segments merged), reopen: the model does not change.
    Compact,
    Query {
        scope: usize,
        words: Vec<usize>,
        limit: usize,
        window: Option<(i64, i64)>,
    },
}

fn text() -> impl Strategy<Value = Text> {
    (
        0..SCOPES.len(),
        prop::collection::vec(0..WORDS.len(), 1..8),
        prop::option::of(0i64..4),
    )
        .prop_map(|(scope, words, day)| Text { scope, words, day })
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => text().prop_map(Op::Put),
        1 => prop::collection::vec(text(), 1..6).prop_map(Op::Batch),
        1 => any::<usize>().prop_map(Op::Forget),
        1 => (any::<usize>(), text()).prop_map(|(i, t)| Op::Supersede(i, t)),
        3 => (any::<usize>(), 0u8..8).prop_map(|(i, c)| Op::Change(i, c)),
        1 => Just(Op::Compact),
        4 => (
            0..SCOPES.len(),
            prop::collection::vec(0..WORDS.len(), 1..5),
            1usize..6,
            prop::option::of((0i64..4, 0i64..4)),
        )
            .prop_map(|(scope, words, limit, window)| Op::Query {
                scope,
                words,
                limit,
                window: window.map(|(a, b)| (a.min(b), a.max(b))),
            }),
    ]
}

fn change(code: u8) -> LifecycleChange {
    match code {
        0 => LifecycleChange::Quarantine,
        1 => LifecycleChange::Release,
        2 => LifecycleChange::Falsify,
        3 => LifecycleChange::Archive,
        4 => LifecycleChange::Unarchive,
        5 => LifecycleChange::FreshUntil(Timestamp::from_millis(PAST)),
        6 => LifecycleChange::FreshUntil(Timestamp::from_millis(FUTURE)),
        _ => LifecycleChange::ClearFreshness,
    }
}

#[derive(Debug, Clone, Default)]
struct Fences {
    quarantined: bool,
    falsified: bool,
    archived: bool,
    superseded: bool,
    fresh_until: Option<i64>,
}

impl Fences {
    fn fenced(&self) -> bool {
        self.quarantined
            || self.falsified
            || self.archived
            || self.superseded
            || self.fresh_until == Some(PAST)
    }

    /// Applies a change, or says it is senseless.
    fn apply(&mut self, change: LifecycleChange) -> bool {
        match change {
            LifecycleChange::Quarantine if !self.quarantined => self.quarantined = true,
            LifecycleChange::Release if self.quarantined => self.quarantined = false,
            LifecycleChange::Falsify if !self.falsified => self.falsified = true,
            LifecycleChange::Archive if !self.archived => self.archived = true,
            LifecycleChange::Unarchive if self.archived => self.archived = false,
            LifecycleChange::FreshUntil(t) if self.fresh_until != Some(t.as_millis()) => {
                self.fresh_until = Some(t.as_millis());
            }
            LifecycleChange::ClearFreshness if self.fresh_until.is_some() => {
                self.fresh_until = None;
            }
            _ => return false,
        }
        true
    }
}

#[derive(Debug)]
struct Doc {
    scope: usize,
    terms: Vec<String>,
    language: Language,
    detected: bool,
    day: Option<i64>,
    fences: Fences,
}

#[derive(Default)]
struct Model {
    docs: BTreeMap<u64, Doc>,
    issued: Vec<u64>,
    next: u64,
}

impl Model {
    fn prevailing(&self, scope: usize) -> Language {
        let (mut en, mut pt) = (0, 0);
        for d in self
            .docs
            .values()
            .filter(|d| d.scope == scope && d.detected)
        {
            match d.language {
                Language::Portuguese => pt += 1,
                _ => en += 1,
            }
        }
        if pt > en {
            Language::Portuguese
        } else {
            Language::English
        }
    }

    fn put(&mut self, t: &Text, scope: usize) -> u64 {
        self.next += 1;
        let a = analyze(&t.content(), self.prevailing(scope));
        self.docs.insert(
            self.next,
            Doc {
                scope,
                terms: a.terms,
                language: a.language,
                detected: a.detected,
                day: t.day,
                fences: Fences::default(),
            },
        );
        self.issued.push(self.next);
        self.next
    }

    fn pick(&self, i: usize) -> u64 {
        // Mostly issued ids (some forgotten), sometimes one never issued.
        if self.issued.is_empty() || i % 8 == 7 {
            self.next + 1 + (i % 3) as u64
        } else {
            self.issued[i % self.issued.len()]
        }
    }

    /// Brute-force BM25 over the model: every capsule of the scope, fenced or not, in the
    /// statistics; the unfenced ones (and, under a window, the dated ones inside it) ranked.
    fn rank(
        &self,
        scope: usize,
        query: &str,
        limit: usize,
        window: Option<(i64, i64)>,
    ) -> Vec<(u64, f64)> {
        let bm25 = Bm25::default();
        let in_scope: Vec<(u64, &Doc)> = self
            .docs
            .iter()
            .filter(|(_, d)| d.scope == scope)
            .map(|(id, d)| (*id, d))
            .collect();
        let n = in_scope.len() as u64;
        let tokens: usize = in_scope.iter().map(|(_, d)| d.terms.len()).sum();
        if n == 0 || tokens == 0 {
            return Vec::new();
        }
        let avgdl = tokens as f64 / n as f64;
        let mut q = analyze(query, self.prevailing(scope)).terms;
        q.sort();
        let mut qtf: Vec<(String, u32)> = Vec::new();
        for t in q {
            match qtf.last_mut() {
                Some((last, c)) if *last == t => *c += 1,
                _ => qtf.push((t, 1)),
            }
        }
        let mut scores: BTreeMap<u64, f64> = BTreeMap::new();
        for (term, count) in &qtf {
            let df = in_scope
                .iter()
                .filter(|(_, d)| d.terms.contains(term))
                .count() as u64;
            if df == 0 {
                continue;
            }
            let weight = f64::from(*count) * bm25.idf(n, df);
            for (id, d) in &in_scope {
                let tf = d.terms.iter().filter(|t| *t == term).count() as u32;
                if tf > 0 {
                    let dl = d.terms.len() as u32;
                    *scores.entry(*id).or_insert(0.0) += bm25.term_score(weight, tf, dl, avgdl);
                }
            }
        }
        let mut ranked: Vec<(u64, f64)> = scores
            .into_iter()
            .filter(|(id, _)| {
                let d = &self.docs[id];
                let in_window = match window {
                    None => true,
                    Some((from, until)) => d.day.is_some_and(|day| from <= day && day <= until),
                };
                !d.fences.fenced() && in_window
            })
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(limit);
        ranked
    }
}

fn run(ops: Vec<Op>) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.redb");
    let mut kn = Kenning::open(&path).unwrap();
    let ops_p = Principal::operator("ops");
    for s in SCOPES {
        kn.register_scope(&ops_p, s, ScopeKind::Agent).unwrap();
    }
    let mut m = Model::default();
    for op in ops {
        match op {
            Op::Put(t) => {
                let id = kn.put(&ops_p, &t.new_capsule(t.scope)).unwrap();
                prop_assert_eq!(id.get(), m.put(&t, t.scope));
            }
            Op::Batch(ts) => {
                let batch: Vec<NewCapsule> = ts.iter().map(|t| t.new_capsule(t.scope)).collect();
                let ids = kn.put_batch(&ops_p, &batch).unwrap();
                let expected: Vec<u64> = ts.iter().map(|t| m.put(t, t.scope)).collect();
                prop_assert_eq!(ids.iter().map(|i| i.get()).collect::<Vec<_>>(), expected);
            }
            Op::Forget(i) => {
                let id = m.pick(i);
                let got = kn.forget(&ops_p, CapsuleId::new(id));
                if m.docs.remove(&id).is_some() {
                    prop_assert!(got.is_ok(), "{:?}", got);
                } else {
                    prop_assert_eq!(got.unwrap_err().code(), ErrorCode::UnknownCapsule);
                }
            }
            Op::Supersede(i, t) => {
                let id = m.pick(i);
                let Some(old) = m.docs.get(&id) else {
                    let err = kn
                        .supersede(&ops_p, CapsuleId::new(id), &t.new_capsule(0))
                        .unwrap_err();
                    prop_assert_eq!(err.code(), ErrorCode::UnknownCapsule);
                    continue;
                };
                let scope = old.scope;
                let got = kn.supersede(&ops_p, CapsuleId::new(id), &t.new_capsule(scope));
                if old.fences.superseded {
                    prop_assert_eq!(got.unwrap_err().code(), ErrorCode::FailedPrecondition);
                } else {
                    let new = m.put(&t, scope);
                    prop_assert_eq!(got.unwrap().get(), new);
                    if let Some(d) = m.docs.get_mut(&id) {
                        d.fences.superseded = true;
                    }
                }
            }
            Op::Change(i, code) => {
                let id = m.pick(i);
                let c = change(code);
                let got = kn.change_lifecycle(&ops_p, CapsuleId::new(id), c);
                match m.docs.get_mut(&id) {
                    None => prop_assert_eq!(got.unwrap_err().code(), ErrorCode::UnknownCapsule),
                    Some(d) => {
                        if d.fences.apply(c) {
                            let l = got.unwrap();
                            prop_assert_eq!(l.is_fenced(), d.fences.fenced());
                        } else {
                            prop_assert_eq!(got.unwrap_err().code(), ErrorCode::FailedPrecondition);
                        }
                    }
                }
            }
            Op::Compact => {
                drop(kn);
                Kenning::compact(&path).unwrap();
                kn = Kenning::open(&path).unwrap();
            }
            Op::Query {
                scope,
                words,
                limit,
                window,
            } => {
                let query = words
                    .iter()
                    .map(|&w| WORDS[w])
                    .collect::<Vec<_>>()
                    .join(" ");
                let mut request = RetrieveRequest::new(SCOPES[scope], query.clone()).limit(limit);
                if let Some((from, until)) = window {
                    request = request.window(TimeWindow::between(
                        Timestamp::from_millis(PAST + from * DAY),
                        Timestamp::from_millis(PAST + until * DAY),
                    ));
                }
                let got = kn.retrieve(&ops_p, &request).unwrap();
                let expected = m.rank(scope, &query, limit, window);
                let got_ids: Vec<u64> = got.hits.iter().map(|h| h.capsule.id.get()).collect();
                let expected_ids: Vec<u64> = expected.iter().map(|(id, _)| *id).collect();
                prop_assert_eq!(&got_ids, &expected_ids, "query {:?}", query);
                for (rank, (hit, (_, score))) in got.hits.iter().zip(&expected).enumerate() {
                    prop_assert!((hit.score - score).abs() <= 1e-9 * score.abs().max(1.0));
                    prop_assert_eq!(hit.term.unwrap().rank, rank + 1);
                    prop_assert!(!hit.capsule.lifecycle.is_fenced());
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn r4_term_lane_equals_brute_force_bm25_over_a_plain_model(
        ops in prop::collection::vec(op(), 1..40)
    ) {
        run(ops)?;
    }
}
