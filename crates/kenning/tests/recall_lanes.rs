//! Recall with embeddings: the vector, fused and auto lanes (R2), the query embedding's checks
//! (R3), fences and windows applied identically in both lanes (R4, R5, R8), RRF and its
//! tie-break (R6), per-lane ranks and scores on every hit (R7).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use kenning::{
    CapsuleId, DEFAULT_FUSION_DEPTH, ErrorCode, FactTime, Fusion, FusionMethod, Hit, Kenning, Lane,
    LifecycleChange, MAX_FUSION_DEPTH, NewCapsule, Permission, Principal, RetrieveRequest,
    ScopeKind, Selector, TimeWindow, Timestamp,
};

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

fn t(text: &str) -> Timestamp {
    Timestamp::parse("t", text).unwrap()
}

/// A capsule with `content` and, when given, an embedding.
fn memory(s: &Store, content: &str, v: Option<&[f32]>) -> CapsuleId {
    let id = s.kn.put(&s.ops, &NewCapsule::new(SCOPE, content)).unwrap();
    if let Some(v) = v {
        s.kn.attach_embedding(&s.ops, id, v, TAG).unwrap();
    }
    id
}

/// A unit vector in the plane at `degrees` from the x axis.
fn at(degrees: f32) -> [f32; 2] {
    let r = degrees.to_radians();
    [r.cos(), r.sin()]
}

fn run(s: &Store, request: &RetrieveRequest) -> Vec<Hit> {
    s.kn.retrieve(&s.ops, request).unwrap().hits
}

fn ids(hits: &[Hit]) -> Vec<CapsuleId> {
    hits.iter().map(|h| h.capsule.id).collect()
}

fn lane(query: &str, q: [f32; 2], lane: Lane) -> RetrieveRequest {
    RetrieveRequest::new(SCOPE, query)
        .embedding(q)
        .lane(lane)
        .limit(50)
}

/// Eight capsules: the term lane ranks them by how often they say "vpn", the vector lane by
/// their angle to the x axis, in an order that differs.
fn fixture(s: &Store) -> Vec<CapsuleId> {
    (0..8)
        .map(|i| {
            let text = format!("{} gateway note {i}", "vpn ".repeat(8 - i));
            // Angles 70, 10, 50, 30, ...: a different order than the term lane's.
            let angle = [70.0, 10.0, 50.0, 30.0, 80.0, 5.0, 60.0, 20.0][i];
            memory(s, &text, Some(&at(angle)))
        })
        .collect()
}

#[test]
fn r2_the_vector_lane_ranks_by_cosine_and_ignores_the_text() {
    let s = store();
    let c = fixture(&s);
    let hits = run(&s, &lane("vpn", at(0.0), Lane::Vector));
    // By angle to the x axis: 5, 10, 20, 30, 50, 60, 70, 80 degrees.
    assert_eq!(ids(&hits), [c[5], c[1], c[7], c[3], c[2], c[6], c[0], c[4]]);
    for (i, h) in hits.iter().enumerate() {
        let v = h.vector.unwrap();
        assert_eq!(v.rank, i + 1);
        assert_eq!(v.score, h.score, "the lane's own score: cosine");
        assert!(h.term.is_none());
    }
    assert!((hits[0].score - f64::from(5.0_f32.to_radians().cos())).abs() < 1e-6);
    // The text plays no part, and may be left out.
    assert_eq!(
        ids(&run(&s, &lane("anything else", at(0.0), Lane::Vector))),
        ids(&hits)
    );
    let no_text = RetrieveRequest::by_embedding(SCOPE, at(0.0))
        .lane(Lane::Vector)
        .limit(50);
    assert_eq!(ids(&run(&s, &no_text)), ids(&hits));
    // Capsules without an embedding are not in the vector lane.
    let plain = memory(&s, "vpn vpn vpn", None);
    assert!(!ids(&run(&s, &lane("vpn", at(0.0), Lane::Vector))).contains(&plain));
}

#[test]
fn r2_the_term_lane_ignores_stored_vectors_and_the_query_embedding() {
    let s = store();
    let texts: Vec<CapsuleId> = (0..4)
        .map(|i| memory(&s, &format!("{} budget", "report ".repeat(4 - i)), None))
        .collect();
    let before = run(&s, &RetrieveRequest::new(SCOPE, "report").lane(Lane::Term));
    for (i, &id) in texts.iter().enumerate() {
        s.kn.attach_embedding(&s.ops, id, &at(90.0 - 20.0 * i as f32), TAG)
            .unwrap();
    }
    let after = run(&s, &RetrieveRequest::new(SCOPE, "report").lane(Lane::Term));
    let with_embedding = run(&s, &lane("report", at(0.0), Lane::Term).limit(10));
    assert_eq!(after, before);
    assert_eq!(with_embedding, before);
    assert_eq!(ids(&before), texts);
    assert!(before.iter().all(|h| h.vector.is_none()));
}

#[test]
fn r2_auto_is_fused_with_a_query_embedding_and_term_without() {
    let s = store();
    fixture(&s);
    let with =
        s.kn.retrieve(&s.ops, &lane("vpn", at(0.0), Lane::Auto))
            .unwrap();
    assert_eq!(with.lane, Lane::Fused);
    let fused =
        s.kn.retrieve(&s.ops, &lane("vpn", at(0.0), Lane::Fused))
            .unwrap();
    assert_eq!(with, fused);
    let without =
        s.kn.retrieve(&s.ops, &RetrieveRequest::new(SCOPE, "vpn"))
            .unwrap();
    assert_eq!(without.lane, Lane::Term);
    assert_eq!(
        RetrieveRequest::by_embedding(SCOPE, vec![1.0]).resolved_lane(),
        Lane::Fused
    );
    assert_eq!(
        RetrieveRequest::new(SCOPE, "x")
            .lane(Lane::Vector)
            .resolved_lane(),
        Lane::Vector
    );
    // A fused request without text: the term lane finds nothing, the vector lane decides.
    let only = run(&s, &RetrieveRequest::by_embedding(SCOPE, at(0.0)).limit(50));
    let vector = run(&s, &lane("vpn", at(0.0), Lane::Vector));
    assert_eq!(ids(&only), ids(&vector));
    assert!(only.iter().all(|h| h.term.is_none()));
}

#[test]
fn r2_the_vector_and_fused_lanes_need_a_query_embedding() {
    let s = store();
    fixture(&s);
    for l in [Lane::Vector, Lane::Fused] {
        let err =
            s.kn.retrieve(&s.ops, &RetrieveRequest::new(SCOPE, "vpn").lane(l))
                .unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument);
        let message = err.to_string();
        assert!(
            message.starts_with("query_embedding: is missing"),
            "{message}"
        );
        assert!(message.contains(&format!("the {l} lane")), "{message}");
    }
    // The term lane needs text.
    let mut no_text = RetrieveRequest::by_embedding(SCOPE, at(0.0)).lane(Lane::Term);
    let err = s.kn.retrieve(&s.ops, &no_text).unwrap_err();
    assert!(err.to_string().starts_with("query"), "{err}");
    // Text given but blank is refused on every lane.
    no_text.query = Some("  ".into());
    no_text.lane = Lane::Vector;
    let err = s.kn.retrieve(&s.ops, &no_text).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
}

#[test]
fn r3_a_query_embedding_of_another_dimension_is_an_invalid_argument() {
    let s = store();
    fixture(&s);
    for l in [Lane::Auto, Lane::Vector, Lane::Fused, Lane::Term] {
        let request = RetrieveRequest::new(SCOPE, "vpn")
            .embedding(vec![1.0, 0.0, 0.0])
            .lane(l);
        let err = s.kn.retrieve(&s.ops, &request).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{l}: {err}");
        let message = err.to_string();
        assert!(
            message.starts_with("query_embedding has 3 dimensions"),
            "{l}: {message}"
        );
        assert!(
            message.contains("have 2") && message.contains(TAG),
            "{message}"
        );
    }
}

#[test]
fn r3_a_nan_or_empty_query_embedding_is_an_invalid_argument() {
    let s = store();
    fixture(&s);
    let check = |q: Vec<f32>, expect: &str| {
        for l in [Lane::Auto, Lane::Vector, Lane::Fused, Lane::Term] {
            let request = RetrieveRequest::new(SCOPE, "vpn")
                .embedding(q.clone())
                .lane(l);
            let err = s.kn.retrieve(&s.ops, &request).unwrap_err();
            assert_eq!(err.code(), ErrorCode::InvalidArgument, "{err}");
            assert!(err.to_string().contains(expect), "{l}: {err}");
        }
    };
    check(vec![f32::NAN, 1.0], "query_embedding[0] is NaN");
    check(vec![1.0, f32::INFINITY], "query_embedding[1] is inf");
    check(vec![], "query_embedding is empty");
    check(vec![0.0, 0.0], "zero magnitude");
}

#[test]
fn r3_a_store_without_embeddings_has_no_dimension_to_mismatch() {
    let s = store();
    let id = memory(&s, "vpn down", None);
    let request = RetrieveRequest::new(SCOPE, "vpn").embedding(vec![1.0, 2.0, 3.0]);
    let fused = run(&s, &request);
    assert_eq!(ids(&fused), [id], "the term lane still answers");
    assert!(run(&s, &request.clone().lane(Lane::Vector)).is_empty());
}

#[test]
fn r4_r8_fences_apply_identically_in_both_lanes_before_ranking() {
    let s = store();
    let c = fixture(&s);
    let fenced = [c[5], c[0], c[1], c[2], c[7]];
    s.kn.change_lifecycle(&s.ops, fenced[0], LifecycleChange::Quarantine)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, fenced[1], LifecycleChange::Falsify)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, fenced[2], LifecycleChange::Archive)
        .unwrap();
    s.kn.supersede(&s.ops, fenced[3], &NewCapsule::new(SCOPE, "moved"))
        .unwrap();
    s.kn.change_lifecycle(
        &s.ops,
        fenced[4],
        LifecycleChange::FreshUntil(t("2001-01-01T00:00:00Z")),
    )
    .unwrap();
    let open: BTreeSet<CapsuleId> = c
        .iter()
        .copied()
        .filter(|id| !fenced.contains(id))
        .collect();
    for l in [Lane::Term, Lane::Vector, Lane::Fused] {
        let got: BTreeSet<CapsuleId> = ids(&run(&s, &lane("vpn", at(0.0), l)))
            .into_iter()
            .collect();
        assert_eq!(
            got, open,
            "{l}: the same capsules are admitted in every lane"
        );
    }
    // Before ranking: the best two unfenced capsules fill the two places asked for. The
    // vector lane's best were 5, 1, 7 (all fenced), then 3 and 6 (50 degrees is c[2], fenced).
    let two = run(&s, &lane("vpn", at(0.0), Lane::Vector).limit(2));
    assert_eq!(ids(&two), [c[3], c[6]]);
    assert_eq!(
        two[0].vector.unwrap().rank,
        1,
        "ranks count admitted capsules only"
    );
    let one = run(&s, &lane("vpn", at(0.0), Lane::Fused).limit(1));
    assert_eq!(one.len(), 1);
    assert!(open.contains(&one[0].capsule.id));
    // Lifting a fence brings a capsule back in its place, in both lanes.
    s.kn.change_lifecycle(&s.ops, fenced[0], LifecycleChange::Release)
        .unwrap();
    assert_eq!(
        ids(&run(&s, &lane("vpn", at(0.0), Lane::Vector).limit(1))),
        [c[5]]
    );
    assert!(ids(&run(&s, &lane("vpn", at(0.0), Lane::Term))).contains(&c[5]));
}

#[test]
fn r5_an_undated_capsule_is_left_out_of_a_window_in_both_lanes() {
    let s = store();
    let dated = |content: &str, ft: FactTime, angle: f32| {
        let id =
            s.kn.put(&s.ops, &NewCapsule::new(SCOPE, content).fact_time(ft))
                .unwrap();
        s.kn.attach_embedding(&s.ops, id, &at(angle), TAG).unwrap();
        id
    };
    let january = dated(
        "budget meeting in january",
        FactTime::at(t("2024-01-15T10:00:00Z")),
        30.0,
    );
    let ongoing = dated(
        "budget freeze since february",
        FactTime::since(t("2024-02-01T00:00:00Z")),
        20.0,
    );
    let old = dated(
        "budget owner until december",
        FactTime::until(t("2023-12-31T00:00:00Z")),
        10.0,
    );
    // The best match of both lanes, but undated.
    let undated = memory(&s, "budget budget budget budget", Some(&at(0.0)));

    let window = TimeWindow::between(t("2024-01-01T00:00:00Z"), t("2024-03-31T00:00:00Z"));
    for l in [Lane::Term, Lane::Vector, Lane::Fused] {
        let all: BTreeSet<CapsuleId> = ids(&run(&s, &lane("budget", at(0.0), l)))
            .into_iter()
            .collect();
        assert_eq!(all, BTreeSet::from([january, ongoing, old, undated]), "{l}");
        let within: BTreeSet<CapsuleId> = ids(&run(&s, &lane("budget", at(0.0), l).window(window)))
            .into_iter()
            .collect();
        assert_eq!(within, BTreeSet::from([january, ongoing]), "{l}");
    }
    // Before ranking: one place asked, the best dated capsule takes it.
    let one = run(
        &s,
        &lane("budget", at(0.0), Lane::Vector)
            .window(window)
            .limit(1),
    );
    assert_eq!(ids(&one), [ongoing]);
}

#[test]
fn r6_the_fused_score_follows_the_formula_from_each_lanes_ranks() {
    let s = store();
    fixture(&s);
    for fusion in [
        Fusion::rrf(),
        // `k` means RRF: the default (convex) fusion becomes RRF.
        Fusion::default().with_k(0.0).with_weights(2.0, 0.5),
        Fusion::rrf()
            .with_k(10.0)
            .with_weights(0.3, 1.0)
            .with_depth(5),
    ] {
        assert_eq!(fusion.method, FusionMethod::Rrf);
        let hits = run(
            &s,
            &lane("vpn", at(0.0), Lane::Fused).limit(5).fusion(fusion),
        );
        assert_eq!(hits.len(), 5);
        let share = |w: f64, rank: Option<usize>| rank.map_or(0.0, |r| w / (fusion.k + r as f64));
        for h in &hits {
            let expected = share(fusion.term_weight, h.term.map(|p| p.rank))
                + share(fusion.vector_weight, h.vector.map(|p| p.rank));
            assert_eq!(h.score, expected, "{fusion:?}");
        }
        for pair in hits.windows(2) {
            assert!(pair[0].score >= pair[1].score);
        }
    }
}

#[test]
fn r6_the_convex_fusion_scores_every_candidate_in_both_lanes() {
    let s = store();
    fixture(&s);
    // Every capsule's score in each lane, from each lane alone.
    let all = |l: Lane| -> Vec<(CapsuleId, f64)> {
        run(&s, &lane("vpn", at(0.0), l).limit(50))
            .iter()
            .map(|h| (h.capsule.id, h.score))
            .collect()
    };
    let (bm25, cosine) = (all(Lane::Term), all(Lane::Vector));
    let of = |lane: &[(CapsuleId, f64)], id| lane.iter().find(|(c, _)| *c == id).map(|p| p.1);
    for fusion in [
        Fusion::default(),
        Fusion::convex().with_weights(1.0, 4.0).with_depth(3),
        Fusion::convex().with_weights(3.0, 1.0).with_depth(3),
    ] {
        assert_eq!(fusion.method, FusionMethod::Convex);
        let hits = run(
            &s,
            &lane("vpn", at(0.0), Lane::Fused).limit(3).fusion(fusion),
        );
        assert_eq!(hits.len(), 3);
        let (tw, vw) = (fusion.term_weight, fusion.vector_weight);
        for h in &hits {
            let id = h.capsule.id;
            // The lanes' bests normalise; a hit one lane did not list is scored in it all the
            // same (its exact BM25, its exact cosine).
            let t = of(&bm25, id).unwrap() / bm25[0].1;
            let v = (of(&cosine, id).unwrap() + 1.0) / (cosine[0].1 + 1.0);
            let expected = (tw * t + vw * v) / (tw + vw);
            assert!((h.score - expected).abs() < 1e-12, "{fusion:?} {id}");
            if let Some(p) = h.term {
                assert_eq!(Some(p.score), of(&bm25, id));
            }
        }
        for pair in hits.windows(2) {
            assert!(pair[0].score >= pair[1].score);
        }
        if fusion.depth == Some(3) {
            assert!(
                hits.iter().any(|h| h.term.is_none() || h.vector.is_none()),
                "a hit only one lane listed, scored in both"
            );
        }
    }
    // Lopsided weights hand the order to one lane.
    let order = |f: Fusion| {
        ids(&run(
            &s,
            &lane("vpn", at(0.0), Lane::Fused).limit(3).fusion(f),
        ))
    };
    let first = |l: &[(CapsuleId, f64)]| l.iter().take(3).map(|p| p.0).collect::<Vec<_>>();
    assert_eq!(order(Fusion::convex().with_weights(1.0, 0.0)), first(&bm25));
    assert_eq!(
        order(Fusion::convex().with_weights(0.0, 1.0)),
        first(&cosine)
    );
}

#[test]
fn r6_ties_break_by_the_best_single_lane_rank_then_the_older_capsule() {
    let s = store();
    // Only the term lane finds `t1`, `t2` (no embedding); only the vector lane finds `v1`
    // (no query word). `v1` is the oldest.
    let v1 = memory(&s, "unrelated words", Some(&at(0.0)));
    let t1 = memory(&s, "printer printer", None);
    let t2 = memory(&s, "printer and more words here", None);
    let v2 = memory(&s, "still unrelated", Some(&at(45.0)));
    let rrf = |r: RetrieveRequest| r.fusion(Fusion::rrf());
    let hits = run(&s, &rrf(lane("printer", at(0.0), Lane::Fused).limit(4)));
    // Equal weights: t1 and v1 are both first in their lane, equal scores: the older wins.
    assert_eq!(hits[0].score, hits[1].score);
    assert_eq!(ids(&hits), [v1, t1, t2, v2]);
    // k = 0, term weight 2: t2 (term rank 2) scores 2/2 = 1, v1 (vector rank 1) 1/1 = 1. Equal
    // scores, and v1 holds the better single-lane rank.
    let fusion = Fusion::default().with_k(0.0).with_weights(2.0, 1.0);
    let hits = run(
        &s,
        &lane("printer", at(0.0), Lane::Fused)
            .limit(4)
            .fusion(fusion),
    );
    assert_eq!(ids(&hits), [t1, v1, t2, v2]);
    assert_eq!(hits[1].score, hits[2].score);
    // A capsule both lanes find sums both shares and leads.
    s.kn.attach_embedding(&s.ops, t2, &at(1.0), TAG).unwrap();
    let hits = run(&s, &rrf(lane("printer", at(0.0), Lane::Fused).limit(4)));
    assert_eq!(hits[0].capsule.id, t2);
    assert_eq!(hits[0].score, 1.0 / 62.0 + 1.0 / 62.0);
    // The convex fusion breaks its ties the same way: equal weights, t1 (t̂ = 1, no
    // embedding) and v1 (v̂ = 1, no query word) tie at 1/2, and the older wins.
    s.kn.forget(&s.ops, t2).unwrap();
    let even = Fusion::convex().with_weights(1.0, 1.0);
    let hits = run(
        &s,
        &lane("printer", at(0.0), Lane::Fused).limit(4).fusion(even),
    );
    assert_eq!(ids(&hits)[..2], [v1, t1]);
    assert_eq!(hits[0].score, 0.5);
    assert_eq!(hits[1].score, 0.5);
}

#[test]
fn r6_each_lane_feeds_as_many_hits_as_asked_and_at_least_ten() {
    let s = store();
    let c: Vec<CapsuleId> = (0..30)
        .map(|i| {
            let text = format!("{} note", "vpn ".repeat(30 - i));
            memory(&s, &text, Some(&at(i as f32 * 3.0)))
        })
        .collect();
    // Term and vector lanes agree here, so a fused list is their shared order.
    let fused = |limit: usize, fusion: Fusion| {
        ids(&run(
            &s,
            &lane("vpn", at(0.0), Lane::Fused)
                .limit(limit)
                .fusion(fusion),
        ))
    };
    let ten = fused(10, Fusion::default());
    assert_eq!(ten, c[..10]);
    // A request for fewer than the default depth gets the first hits of a request for it.
    assert_eq!(fused(3, Fusion::default()), ten[..3]);
    assert_eq!(Fusion::default().depth_for(3), DEFAULT_FUSION_DEPTH);
    assert_eq!(Fusion::default().depth_for(25), 25);
    // Hits past the depth come from neither lane: a depth of 5 caps a request for 5 at 5.
    assert_eq!(fused(5, Fusion::default().with_depth(5)), c[..5]);
    for h in run(&s, &lane("vpn", at(0.0), Lane::Fused).limit(25)) {
        assert!(h.term.unwrap().rank <= 25 && h.vector.unwrap().rank <= 25);
    }
}

#[test]
fn r6_fusion_parameters_are_checked_naming_the_field() {
    let s = store();
    fixture(&s);
    // On every lane, not only where fusion runs: a bad parameter is refused wherever it is sent.
    let check = |fusion: Fusion, limit: usize, field: &str| {
        for chosen in [Lane::Fused, Lane::Term, Lane::Vector, Lane::Auto] {
            let request = lane("vpn", at(0.0), chosen).limit(limit).fusion(fusion);
            let err = s.kn.retrieve(&s.ops, &request).unwrap_err();
            assert_eq!(err.code(), ErrorCode::InvalidArgument, "{chosen:?}: {err}");
            assert!(err.to_string().starts_with(field), "{chosen:?}: {err}");
        }
    };
    check(Fusion::default().with_k(-1.0), 10, "fusion.k");
    check(Fusion::default().with_k(f64::INFINITY), 10, "fusion.k");
    check(
        Fusion::default().with_weights(f64::NAN, 1.0),
        10,
        "fusion.term_weight",
    );
    check(
        Fusion::default().with_weights(1.0, -0.5),
        10,
        "fusion.vector_weight",
    );
    check(
        Fusion::default().with_weights(0.0, 0.0),
        10,
        "fusion.vector_weight",
    );
    check(Fusion::default().with_depth(9), 10, "fusion.depth");
    check(
        Fusion::default().with_depth(MAX_FUSION_DEPTH + 1),
        10,
        "fusion.depth",
    );
    // The bounds themselves are fine.
    for depth in [10, MAX_FUSION_DEPTH] {
        let request = lane("vpn", at(0.0), Lane::Fused)
            .limit(10)
            .fusion(Fusion::default().with_depth(depth));
        assert!(s.kn.retrieve(&s.ops, &request).is_ok());
    }
    // One lane may weigh nothing: the fused lane is then the other lane's order.
    let term_only = Fusion::default().with_weights(1.0, 0.0);
    let hits = run(
        &s,
        &lane("vpn", at(0.0), Lane::Fused).limit(8).fusion(term_only),
    );
    let term = run(&s, &lane("vpn", at(0.0), Lane::Term).limit(8));
    assert_eq!(ids(&hits), ids(&term));
}

#[test]
fn r7_every_fused_hit_reports_its_place_in_each_lane() {
    let s = store();
    let c = fixture(&s);
    memory(&s, "vpn only in words", None);
    memory(&s, "only a vector", Some(&at(1.0)));
    let depth = 10;
    let term = run(&s, &lane("vpn", at(0.0), Lane::Term).limit(depth));
    let vector = run(&s, &lane("vpn", at(0.0), Lane::Vector).limit(depth));
    let fused = run(&s, &lane("vpn", at(0.0), Lane::Fused).limit(depth));
    let mut both = 0;
    for h in &fused {
        let in_term = term.iter().position(|t| t.capsule.id == h.capsule.id);
        let in_vector = vector.iter().position(|v| v.capsule.id == h.capsule.id);
        assert!(in_term.is_some() || in_vector.is_some());
        match (h.term, in_term) {
            (Some(p), Some(i)) => {
                assert_eq!(p.rank, i + 1);
                assert_eq!(p.score, term[i].score, "BM25 as the term lane gives it");
            }
            (None, None) => {}
            other => panic!("term place {other:?} for {}", h.capsule.id),
        }
        match (h.vector, in_vector) {
            (Some(p), Some(i)) => {
                assert_eq!(p.rank, i + 1);
                assert_eq!(
                    p.score, vector[i].score,
                    "cosine as the vector lane gives it"
                );
            }
            (None, None) => {}
            other => panic!("vector place {other:?} for {}", h.capsule.id),
        }
        if h.term.is_some() && h.vector.is_some() {
            both += 1;
        }
        // The capsule is the stored one.
        assert_eq!(h.capsule, s.kn.capsule(&s.ops, h.capsule.id).unwrap());
    }
    assert_eq!(both, c.len(), "every fixture capsule is in both lanes");
    let json = serde_json::to_value(&fused[0]).unwrap();
    assert!(
        json["term"]["rank"].is_u64() && json["vector"]["rank"].is_u64(),
        "{json}"
    );
}

#[test]
fn a6_recall_by_vector_needs_read_permission_and_reach() {
    let s = store();
    fixture(&s);
    let stranger = Principal::api_key("k")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.sales").unwrap());
    for l in [Lane::Vector, Lane::Fused] {
        let err =
            s.kn.retrieve(&stranger, &lane("vpn", at(0.0), l))
                .unwrap_err();
        assert_eq!(err.code(), ErrorCode::NotFound);
    }
    let writer = Principal::api_key("w")
        .grant(Permission::MemoryWrite)
        .reach_agents(Selector::parse("bot.*").unwrap());
    let err =
        s.kn.retrieve(&writer, &lane("vpn", at(0.0), Lane::Vector))
            .unwrap_err();
    assert_eq!(err.code(), ErrorCode::PermissionDenied);
    // Another scope's vectors are not this scope's.
    let sales =
        s.kn.put(&s.ops, &NewCapsule::new("bot.sales", "vpn for sales"))
            .unwrap();
    s.kn.attach_embedding(&s.ops, sales, &at(0.0), TAG).unwrap();
    assert!(!ids(&run(&s, &lane("vpn", at(0.0), Lane::Fused))).contains(&sales));
}

#[test]
fn wire_shape_of_a_request_with_an_embedding_and_fusion() {
    let r: RetrieveRequest = serde_json::from_str(
        r#"{"scope": "bot.support", "query": "vpn", "query_embedding": [1, 0.5],
            "lane": "fused", "fusion": {"k": 10, "vector_weight": 0.5}}"#,
    )
    .unwrap();
    assert_eq!(r.lane, Lane::Fused);
    assert_eq!(r.query_embedding, Some(vec![1.0, 0.5]));
    // A body written before the convex method, with `k`, still means RRF.
    assert_eq!(r.fusion, Fusion::rrf().with_k(10.0).with_weights(1.0, 0.5));
    assert_eq!(
        r.fusion,
        Fusion::default().with_k(10.0).with_weights(1.0, 0.5)
    );
    let convex: Fusion = serde_json::from_str(r#"{"vector_weight": 2}"#).unwrap();
    assert_eq!(convex, Fusion::convex().with_weights(1.0, 2.0));
    let rrf: Fusion = serde_json::from_str(r#"{"method": "rrf"}"#).unwrap();
    assert_eq!(
        rrf,
        Fusion::rrf(),
        "a method's omitted fields take its defaults"
    );
    let e = serde_json::from_str::<Fusion>(r#"{"method": "convex", "k": 60}"#).unwrap_err();
    assert!(e.to_string().contains("fusion.k is RRF's"), "{e}");
    let v: RetrieveRequest =
        serde_json::from_str(r#"{"scope": "s", "query_embedding": [1], "lane": "vector"}"#)
            .unwrap();
    assert_eq!(v.query, None);
    assert_eq!(v.fusion, Fusion::default());
    assert!(
        serde_json::from_str::<RetrieveRequest>(r#"{"scope": "s", "fusion": {"kk": 1}}"#).is_err(),
        "a misspelt fusion field is refused"
    );
    let json = serde_json::to_value(Fusion::default().with_depth(20)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"method": "convex", "term_weight": 1.0, "vector_weight": 1.5,
                           "depth": 20})
    );
    let json = serde_json::to_value(Fusion::rrf()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"method": "rrf", "k": 60.0, "term_weight": 1.0, "vector_weight": 1.0})
    );
    for f in [Fusion::default(), Fusion::rrf().with_depth(30).with_k(5.0)] {
        let back: Fusion = serde_json::from_value(serde_json::to_value(f).unwrap()).unwrap();
        assert_eq!(back, f, "the wire shape round-trips");
    }
}

#[test]
fn r4_a_scope_large_enough_for_a_parallel_scan_keeps_the_fences_and_the_exact_answer() {
    // 2 800 vectors of 1 536 dimensions: 17.2 MB, above the parallel-scan threshold.
    const D: usize = 1536;
    const N: usize = 2800;
    const { assert!(N * D * 4 >= kenning::PARALLEL_SCAN_BYTES) };
    let s = store();
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    };
    let capsules: Vec<NewCapsule> = (0..N)
        .map(|i| NewCapsule::new(SCOPE, format!("memory {i}")))
        .collect();
    let ids = s.kn.put_batch(&s.ops, &capsules).unwrap();
    let vectors: Vec<Vec<f32>> = (0..N).map(|_| (0..D).map(|_| next()).collect()).collect();
    let batch: Vec<(CapsuleId, &[f32])> = ids
        .iter()
        .copied()
        .zip(vectors.iter().map(Vec::as_slice))
        .collect();
    s.kn.attach_embeddings(&s.ops, &batch, TAG).unwrap();
    let query: Vec<f32> = (0..D).map(|_| next()).collect();

    let cosine = |v: &[f32]| {
        let dot: f64 = v
            .iter()
            .zip(&query)
            .map(|(a, b)| f64::from(*a) * f64::from(*b))
            .sum();
        let norm = |u: &[f32]| u.iter().map(|a| f64::from(*a).powi(2)).sum::<f64>().sqrt();
        dot / (norm(v) * norm(&query))
    };
    let mut truth: Vec<(f64, CapsuleId)> = vectors
        .iter()
        .map(|v| cosine(v))
        .zip(ids.iter().copied())
        .collect();
    truth.sort_by(|a, b| b.0.total_cmp(&a.0));
    // Fence the five best and every third capsule.
    for (_, id) in &truth[..5] {
        s.kn.change_lifecycle(&s.ops, *id, LifecycleChange::Archive)
            .unwrap();
    }
    for id in ids.iter().step_by(3) {
        let _already_archived =
            s.kn.change_lifecycle(&s.ops, *id, LifecycleChange::Quarantine);
    }
    let admitted: Vec<(f64, CapsuleId)> = truth[5..]
        .iter()
        .copied()
        .filter(|(_, id)| ids.iter().position(|i| i == id).unwrap() % 3 != 0)
        .collect();

    let hits = run(
        &s,
        &RetrieveRequest::by_embedding(SCOPE, query.clone())
            .lane(Lane::Vector)
            .limit(20),
    );
    assert_eq!(hits.len(), 20);
    for (h, (exact, id)) in hits.iter().zip(&admitted) {
        assert!((h.score - exact).abs() < 1e-4, "{} vs {exact}", h.score);
        // Random vectors of this dimension leave no near ties among the best twenty.
        assert_eq!(h.capsule.id, *id);
    }
}
