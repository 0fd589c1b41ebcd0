//! Conversation context: capsules carry a thread and a position, and recall lets a capsule's
//! thread neighbours lend it their score (`Context`), in every lane, fences and windows applied
//! to neighbours as to hits (R4, R5, R8).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use kenning::{
    CapsuleId, Context, ErrorCode, FactTime, Fusion, Hit, Kenning, Lane, LifecycleChange,
    MAX_CONTEXT_WINDOW, MAX_THREAD_ID_BYTES, NewCapsule, Principal, RetrieveRequest, ScopeKind,
    Thread, TimeWindow, Timestamp,
};
use proptest::prelude::*;

const SCOPE: &str = "bot.support";
const TAG: &str = "test-embedder";

struct Store {
    kn: Kenning,
    ops: Principal,
}

fn store() -> Store {
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    kn.register_scope(&ops, "bot.sales", ScopeKind::Agent)
        .unwrap();
    Store { kn, ops }
}

fn put(s: &Store, capsule: NewCapsule) -> CapsuleId {
    s.kn.put(&s.ops, &capsule).unwrap()
}

fn turn(thread: &str, position: u64, text: &str) -> NewCapsule {
    NewCapsule::new(SCOPE, text).thread(thread, position)
}

fn run(s: &Store, request: &RetrieveRequest) -> Vec<Hit> {
    s.kn.retrieve(&s.ops, request).unwrap().hits
}

fn ids(hits: &[Hit]) -> Vec<CapsuleId> {
    hits.iter().map(|h| h.capsule.id).collect()
}

fn score(hits: &[Hit], id: CapsuleId) -> f64 {
    hits.iter().find(|h| h.capsule.id == id).unwrap().score
}

fn term(query: &str) -> RetrieveRequest {
    RetrieveRequest::new(SCOPE, query).lane(Lane::Term)
}

/// A support ticket: the question's words are in turn 1, its answer in turn 2, a thank-you
/// that repeats one word in turn 3, and a turn 4 positions after the first.
struct Ticket {
    question: CapsuleId,
    answer: CapsuleId,
    thanks: CapsuleId,
    far: CapsuleId,
}

fn ticket(s: &Store) -> Ticket {
    Ticket {
        question: put(
            s,
            turn("ticket-1", 1, "Ana: the vpn gateway drops every hour"),
        ),
        answer: put(
            s,
            turn("ticket-1", 2, "Ben: restart the router before lunch"),
        ),
        thanks: put(s, turn("ticket-1", 3, "Ana: thanks, the vpn is stable now")),
        far: put(s, turn("ticket-1", 5, "Ben: anything else today?")),
    }
}

#[test]
fn thread_neighbours_lend_their_score_in_the_term_lane() {
    let s = store();
    let t = ticket(&s);
    let alone = run(&s, &term("vpn gateway").context(Context::none()));
    assert_eq!(
        ids(&alone),
        [t.question, t.thanks],
        "only turns with query words"
    );
    let (q, thanks) = (score(&alone, t.question), score(&alone, t.thanks));

    let hits = run(&s, &term("vpn gateway"));
    // The answer has no query word; it ranks by what its neighbours lend (0.7 of the best).
    assert_eq!(ids(&hits), [t.question, t.thanks, t.answer, t.far]);
    assert_eq!(score(&hits, t.question), q + 0.7 * thanks);
    assert_eq!(score(&hits, t.thanks), thanks + 0.7 * q);
    assert_eq!(score(&hits, t.answer), 0.7 * q);
    // `far` is 4 positions from the question, 2 from the thank-you.
    assert_eq!(score(&hits, t.far), 0.7 * thanks);
    // The hits keep their place in the lane; a neighbour the lane did not list has none.
    assert_eq!(hits[0].term.unwrap().rank, 1);
    assert_eq!(hits[2].term, None);
}

#[test]
fn a_neighbour_at_the_window_lends_and_one_past_it_does_not() {
    let s = store();
    let hub = put(&s, turn("t", 10, "printer jams on tuesdays"));
    let at = |d: u64| put(&s, turn("t", 10 + d, "unrelated words"));
    let (one, three) = (at(1), at(3));
    let hits = |window| {
        ids(&run(
            &s,
            &term("printer").context(Context::new(window, 0.5)),
        ))
    };
    assert_eq!(hits(MAX_CONTEXT_WINDOW), [hub, one, three]);
    assert_eq!(hits(3), [hub, one, three], "at the window");
    assert_eq!(hits(2), [hub, one], "one past it");
    assert_eq!(hits(1), [hub, one]);
    assert_eq!(hits(0), [hub], "window 0 is no context");
    let off = ids(&run(&s, &term("printer").context(Context::new(3, 0.0))));
    assert_eq!(off, [hub], "weight 0 is no context");
}

#[test]
fn threads_are_per_scope_and_per_id() {
    let s = store();
    let hub = put(&s, turn("t", 1, "printer jams on tuesdays"));
    let other_thread = put(&s, turn("u", 2, "unrelated words"));
    let unthreaded = put(&s, NewCapsule::new(SCOPE, "more unrelated words"));
    s.kn.put(
        &s.ops,
        &NewCapsule::new("bot.sales", "printer printer printer").thread("t", 2),
    )
    .unwrap();
    let hits = run(&s, &term("printer"));
    assert_eq!(ids(&hits), [hub]);
    assert!(!ids(&hits).contains(&other_thread) && !ids(&hits).contains(&unthreaded));
    // Two positions may hold several capsules; each is the other's neighbour.
    let twin = put(&s, turn("t", 1, "unrelated twin"));
    assert_eq!(ids(&run(&s, &term("printer"))), [hub, twin]);
}

#[test]
fn r4_r8_a_fenced_neighbour_neither_ranks_nor_lends() {
    let s = store();
    let t = ticket(&s);
    let own_thanks = score(&run(&s, &term("vpn").context(Context::none())), t.thanks);
    s.kn.change_lifecycle(&s.ops, t.question, LifecycleChange::Quarantine)
        .unwrap();
    let hits = run(&s, &term("vpn gateway"));
    assert!(!ids(&hits).contains(&t.question));
    // The thank-you keeps its own score: the quarantined question lends nothing, and the answer
    // (a neighbour of the thank-you) still ranks by what the thank-you lends.
    let thanks = score(&run(&s, &term("vpn").context(Context::none())), t.thanks);
    assert_eq!(thanks, own_thanks);
    assert_eq!(
        score(&hits, t.thanks),
        score(
            &run(&s, &term("vpn gateway").context(Context::none())),
            t.thanks
        )
    );
    assert_eq!(ids(&hits), [t.thanks, t.answer, t.far]);
    // Archived, the answer neither ranks.
    s.kn.change_lifecycle(&s.ops, t.answer, LifecycleChange::Archive)
        .unwrap();
    assert_eq!(ids(&run(&s, &term("vpn gateway"))), [t.thanks, t.far]);
}

#[test]
fn r5_under_a_window_a_neighbour_outside_it_neither_ranks_nor_lends() {
    let s = store();
    let day = |d: i64| Timestamp::from_millis(d * 86_400_000);
    let monday = put(
        &s,
        turn("t", 1, "the vpn gateway drops").fact_time(FactTime::at(day(1))),
    );
    let tuesday = put(
        &s,
        turn("t", 2, "the vpn is fine again").fact_time(FactTime::at(day(2))),
    );
    let undated = put(&s, turn("t", 3, "unrelated words"));
    let window = TimeWindow::between(day(2), day(3));
    let alone = run(
        &s,
        &term("vpn gateway").window(window).context(Context::none()),
    );
    let hits = run(&s, &term("vpn gateway").window(window));
    assert_eq!(ids(&hits), [tuesday]);
    assert_eq!(hits[0].score, alone[0].score);
    assert!(!ids(&hits).contains(&monday) && !ids(&hits).contains(&undated));
}

#[test]
fn the_vector_and_fused_lanes_read_neighbours_too() {
    let s = store();
    let at = |deg: f32| {
        let r = deg.to_radians();
        [r.cos(), r.sin()]
    };
    let texts = [
        "Ana: the vpn gateway drops every hour",
        "Ben: restart the router before lunch",
        "Ana: thanks",
        "Cid: printers jam on tuesdays",
    ];
    let angles = [10.0, 80.0, 60.0, 40.0];
    let mut caps = Vec::new();
    for (i, (text, deg)) in texts.iter().zip(angles).enumerate() {
        let thread = if i < 3 { "ticket-1" } else { "ticket-2" };
        let id = put(&s, turn(thread, i as u64 + 1, text));
        s.kn.attach_embedding(&s.ops, id, &at(deg), TAG).unwrap();
        caps.push(id);
    }
    for (lane, fusion) in [
        (Lane::Vector, Fusion::default()),
        (Lane::Fused, Fusion::default()),
        (Lane::Fused, Fusion::rrf()),
    ] {
        let request = |c: Context| {
            RetrieveRequest::new(SCOPE, "vpn gateway")
                .embedding(at(0.0))
                .lane(lane)
                .fusion(fusion)
                .context(c)
        };
        let alone = run(&s, &request(Context::none()));
        let own: BTreeMap<CapsuleId, f64> = alone.iter().map(|h| (h.capsule.id, h.score)).collect();
        let hits = run(&s, &request(Context::default()));
        assert_eq!(hits.len(), own.len(), "{lane} {fusion:?}");
        for h in &hits {
            let i = caps.iter().position(|c| *c == h.capsule.id).unwrap();
            // Neighbours: the turns of the same ticket within two positions.
            let lent = caps
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i && (j < 3) == (i < 3))
                .map(|(_, c)| own[c])
                .fold(0.0_f64, f64::max);
            assert_eq!(
                h.score,
                own[&h.capsule.id] + 0.7 * lent,
                "{lane} {fusion:?}"
            );
        }
    }
}

#[test]
fn a_scope_without_threads_recalls_exactly_as_without_context() {
    let s = store();
    for text in ["vpn gateway", "vpn", "router vpn vpn", "printer"] {
        put(&s, NewCapsule::new(SCOPE, text));
    }
    let with = run(&s, &term("vpn gateway"));
    let without = run(&s, &term("vpn gateway").context(Context::none()));
    assert_eq!(with, without);
    assert_eq!(with.len(), 3);
}

#[test]
fn context_bounds_are_checked_at_the_limit_and_one_past() {
    let s = store();
    ticket(&s);
    let check = |c: Context| s.kn.retrieve(&s.ops, &term("vpn").context(c));
    assert!(check(Context::new(MAX_CONTEXT_WINDOW, 1.0)).is_ok());
    assert!(check(Context::new(0, 0.0)).is_ok());
    let e = check(Context::new(MAX_CONTEXT_WINDOW + 1, 0.5)).unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidArgument);
    let text = e.to_string();
    assert!(
        text.contains("context.window") && text.contains("16"),
        "{text}"
    );
    for weight in [1.0 + f64::EPSILON, -0.1, f64::NAN, f64::INFINITY] {
        let e = check(Context::new(2, weight)).unwrap_err().to_string();
        assert!(
            e.contains("context.weight") && e.contains("0 (no context) to 1"),
            "{e}"
        );
    }
    let parsed: RetrieveRequest =
        serde_json::from_str(r#"{"scope": "s", "query": "q", "context": {"window": 1}}"#).unwrap();
    assert_eq!(parsed.context, Context::new(1, Context::default().weight));
    assert!(
        serde_json::from_str::<RetrieveRequest>(r#"{"scope": "s", "context": {"windw": 1}}"#)
            .is_err()
    );
}

#[test]
fn thread_ids_are_bounded_and_errors_name_the_field() {
    let s = store();
    let refuse = |c: NewCapsule| s.kn.put(&s.ops, &c).unwrap_err().to_string();
    let e = refuse(turn("  ", 1, "text"));
    assert!(e.contains("thread.id") && e.contains("empty"), "{e}");
    assert!(
        s.kn.put(&s.ops, &turn(&"t".repeat(MAX_THREAD_ID_BYTES), 1, "text"))
            .is_ok()
    );
    let e = refuse(turn(&"t".repeat(MAX_THREAD_ID_BYTES + 1), 1, "text"));
    assert!(
        e.contains("thread.id") && e.contains("257 bytes") && e.contains("256"),
        "{e}"
    );
    let e =
        s.kn.put_batch(&s.ops, &[turn("a", 1, "ok"), turn("", 2, "bad")])
            .unwrap_err()
            .to_string();
    assert!(e.contains("capsules[1].thread.id"), "{e}");
    assert!(
        serde_json::from_str::<NewCapsule>(
            r#"{"scope": "s", "content": "c", "thread": {"id": "t", "pos": 1}}"#
        )
        .is_err(),
        "a misspelt thread field is refused"
    );
}

#[test]
fn c3_a_thread_round_trips_and_a_replacement_keeps_its_place() {
    let s = store();
    let t = ticket(&s);
    let read = s.kn.capsule(&s.ops, t.answer).unwrap();
    assert_eq!(read.thread, Some(Thread::new("ticket-1", 2)));
    let json = serde_json::to_value(&read).unwrap();
    assert_eq!(
        json["thread"],
        serde_json::json!({"id": "ticket-1", "position": 2})
    );
    assert_eq!(
        s.kn.capsule(&s.ops, t.question)
            .unwrap()
            .thread
            .unwrap()
            .position,
        1
    );
    // A replacement that declares no thread takes the place of what it replaces; one that
    // declares its own keeps it.
    let fixed =
        s.kn.supersede(
            &s.ops,
            t.answer,
            &NewCapsule::new(SCOPE, "Ben: restart the router twice"),
        )
        .unwrap();
    assert_eq!(
        s.kn.capsule(&s.ops, fixed).unwrap().thread,
        Some(Thread::new("ticket-1", 2))
    );
    let moved =
        s.kn.supersede(&s.ops, t.far, &turn("ticket-9", 7, "Ben: moved"))
            .unwrap();
    assert_eq!(
        s.kn.capsule(&s.ops, moved).unwrap().thread,
        Some(Thread::new("ticket-9", 7))
    );
    // The superseded answer is fenced: its replacement ranks in its place.
    let hits = run(&s, &term("vpn gateway"));
    assert!(ids(&hits).contains(&fixed) && !ids(&hits).contains(&t.answer));
    // A forgotten capsule leaves its thread: it neither ranks nor lends.
    s.kn.forget(&s.ops, t.question).unwrap();
    let hits = run(&s, &term("vpn gateway"));
    assert_eq!(ids(&hits), [t.thanks, fixed]);
    assert_eq!(
        score(&hits, t.thanks),
        score(
            &run(&s, &term("vpn gateway").context(Context::none())),
            t.thanks
        )
    );
}

/// A small conversation in which each question's words sit in one turn and its answer in the
/// next, one thread per topic. Each lane has blind spots: some questions use other words than
/// the turns (only the embeddings find those), and for others the embedding carries no topic
/// (it points at all of them alike) while the words match. The library's defaults, fused, find every answer in the first
/// two hits, more than either lane; the context is what brings the answers in.
#[test]
fn the_defaults_on_a_synthetic_conversation() {
    let s = store();
    // Topics as directions in 4 dimensions; a turn's embedding is its topic's, a little off.
    let topic = |t: usize, wobble: f32| {
        let mut v = [0.05_f32; 4];
        v[t] = 1.0;
        v[(t + 1) % 4] += wobble;
        v
    };
    let turns = [
        ("Ana: which novel should I read on holiday?", 0),
        ("Ben: try Dune, I loved it", 0),
        ("Ana: my laptop battery dies by noon", 1),
        ("Ben: swap it at the store, it is under warranty", 1),
        ("Ana: the vpn gateway drops every hour", 2),
        ("Ben: restart the router before lunch", 2),
        ("Ana: what should we cook on friday?", 3),
        ("Ben: lasagne, with a salad", 3),
    ];
    let mut caps = Vec::new();
    for (i, (text, t)) in turns.iter().enumerate() {
        let id = put(&s, turn(&format!("chat-{t}"), i as u64 + 1, text));
        s.kn.attach_embedding(&s.ops, id, &topic(*t, 0.1 * i as f32), TAG)
            .unwrap();
        caps.push(id);
    }
    // (question, the topic its embedding points at, the answer's turn): the first two in
    // other words than the turns, the last three with an embedding of no topic.
    const NONE: usize = 4;
    let questions = [
        ("what book should Ana take along?", 0, 1),
        ("what is the plan for dinner?", 3, 7),
        ("which novel did Ben recommend?", NONE, 1),
        ("what fixes the vpn gateway?", NONE, 5),
        ("how long does the laptop battery last?", NONE, 3),
    ];
    let embed = |t: usize| if t == NONE { [0.5; 4] } else { topic(t, 0.0) };
    let recall = |lane: Lane, context: Context| -> usize {
        questions
            .iter()
            .filter(|(q, t, answer)| {
                let request = RetrieveRequest::new(SCOPE, *q)
                    .embedding(embed(*t))
                    .lane(lane)
                    .limit(2)
                    .context(context);
                ids(&run(&s, &request)).contains(&caps[*answer])
            })
            .count()
    };
    let d = Context::default();
    let (term, vector, fused) = (
        recall(Lane::Term, d),
        recall(Lane::Vector, d),
        recall(Lane::Fused, d),
    );
    assert_eq!(
        (term, vector, fused),
        (3, 2, questions.len()),
        "term {term} vector {vector} fused {fused}"
    );
    for lane in [Lane::Term, Lane::Fused] {
        assert!(recall(lane, d) > recall(lane, Context::none()), "{lane}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The term lane with a context equals a plain model of its definition: candidates are the
    /// lane's best (at least ten) and their admitted neighbours within the window; each scores
    /// its own BM25 plus the weight times the best own score among its neighbours there.
    #[test]
    fn the_context_equals_its_definition_over_random_threads(
        layout in prop::collection::vec((0usize..3, 0u64..12, 0usize..6, any::<bool>()), 1..40),
        window in 0usize..4,
        weight in 0.0f64..=1.0,
        limit in 1usize..15,
    ) {
        let s = store();
        let words = ["vpn", "gateway", "router", "printer", "lunch", "hour"];
        let mut caps = Vec::new();
        for (i, &(thread, position, word, fenced)) in layout.iter().enumerate() {
            let text = format!("{} note {i}", words[word]);
            let mut c = NewCapsule::new(SCOPE, text);
            if thread > 0 {
                c = c.thread(format!("t{thread}"), position);
            }
            let id = put(&s, c);
            if fenced {
                s.kn.change_lifecycle(&s.ops, id, LifecycleChange::Archive).unwrap();
            }
            caps.push((id, thread, position, fenced));
        }
        let query = "vpn gateway router";
        let own: BTreeMap<CapsuleId, f64> =
            run(&s, &term(query).limit(1000).context(Context::none()))
                .iter()
                .map(|h| (h.capsule.id, h.score))
                .collect();
        let mut listed: Vec<(CapsuleId, f64)> = own.iter().map(|(c, x)| (*c, *x)).collect();
        listed.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let context = Context::new(window, weight);
        let mut candidates: Vec<CapsuleId> = listed
            .iter()
            .take(if context.is_active() { limit.max(10) } else { limit })
            .map(|p| p.0)
            .collect();
        let near = |a: &(CapsuleId, usize, u64, bool), b: &(CapsuleId, usize, u64, bool)| {
            a.0 != b.0 && a.1 > 0 && a.1 == b.1 && a.2.abs_diff(b.2) <= window as u64
        };
        let place = |c: CapsuleId| *caps.iter().find(|x| x.0 == c).unwrap();
        if context.is_active() {
            let first = candidates.clone();
            for c in first {
                for n in &caps {
                    if near(&place(c), n) && !n.3 && !candidates.contains(&n.0) {
                        candidates.push(n.0);
                    }
                }
            }
        }
        let mut model: Vec<(CapsuleId, f64)> = candidates
            .iter()
            .map(|&c| {
                let base = own.get(&c).copied().unwrap_or(0.0);
                if !context.is_active() {
                    return (c, base);
                }
                let lent = candidates
                    .iter()
                    .filter(|&&n| near(&place(c), &place(n)))
                    .map(|n| own.get(n).copied().unwrap_or(0.0))
                    .fold(0.0_f64, f64::max);
                (c, base + weight * lent)
            })
            .filter(|p| p.1 > 0.0)
            .collect();
        let term_rank = |c: CapsuleId| listed.iter().position(|p| p.0 == c).filter(|&i| i < limit.max(10));
        model.sort_by(|a, b| {
            b.1.total_cmp(&a.1)
                .then(term_rank(a.0).unwrap_or(usize::MAX).cmp(&term_rank(b.0).unwrap_or(usize::MAX)))
                .then(a.0.cmp(&b.0))
        });
        model.truncate(limit);
        let hits = run(&s, &term(query).limit(limit).context(context));
        let got: Vec<(CapsuleId, f64)> = hits.iter().map(|h| (h.capsule.id, h.score)).collect();
        prop_assert_eq!(got, model);
    }
}
