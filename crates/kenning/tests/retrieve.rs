//! Recall: the request (R1), the term and auto lanes (R2), fences before ranking (R4), fact-time
//! windows (R5), hits (R7), scope-local statistics, bad requests and reach (A6).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    CapsuleId, ErrorCode, FactTime, Kenning, Lane, LifecycleChange, MAX_LIMIT, MAX_QUERY_BYTES,
    NewCapsule, Permission, Principal, RetrieveRequest, ScopeKind, Selector, TimeWindow, Timestamp,
};

const SCOPE: &str = "bot.support";

struct Store {
    _dir: tempfile::TempDir,
    kn: Kenning,
    ops: Principal,
}

fn store() -> Store {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("k.redb")).unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    kn.register_scope(&ops, "bot.sales", ScopeKind::Agent)
        .unwrap();
    Store { _dir: dir, kn, ops }
}

fn t(text: &str) -> Timestamp {
    Timestamp::parse("t", text).unwrap()
}

fn put(s: &Store, content: &str) -> CapsuleId {
    s.kn.put(&s.ops, &NewCapsule::new(SCOPE, content)).unwrap()
}

fn ids(s: &Store, request: &RetrieveRequest) -> Vec<CapsuleId> {
    s.kn.retrieve(&s.ops, request)
        .unwrap()
        .hits
        .iter()
        .map(|h| h.capsule.id)
        .collect()
}

fn query(q: &str) -> RetrieveRequest {
    RetrieveRequest::new(SCOPE, q)
}

#[test]
fn r2_the_term_lane_ranks_by_bm25_over_content() {
    let s = store();
    let printer = put(&s, "The printer on floor two jams every Monday.");
    let printers = put(
        &s,
        "Printers print; this printer prints badly, a printer indeed.",
    );
    let lunch = put(&s, "Lunch is served at noon in the cafeteria.");
    let both = put(&s, "The cafeteria printer is out of paper.");
    let got = ids(&s, &query("printer in the cafeteria"));
    // Stemming meets "printers"/"prints"; a capsule with both words leads; lunch has only
    // "cafeteria", and the rarer of the two words weighs more.
    assert_eq!(got[0], both);
    assert!(got.contains(&printer) && got.contains(&printers) && got.contains(&lunch));
    assert_eq!(got.len(), 4);
    // A word in no capsule finds nothing; stop words alone find nothing.
    assert!(ids(&s, &query("helicopter")).is_empty());
    assert!(ids(&s, &query("the of and is")).is_empty());
}

#[test]
fn r2_auto_is_the_term_lane_when_no_embedding_is_given() {
    let s = store();
    let id = put(&s, "Ana prefers email.");
    let auto = s.kn.retrieve(&s.ops, &query("email")).unwrap();
    assert_eq!(auto.lane, Lane::Term);
    let term =
        s.kn.retrieve(&s.ops, &query("email").lane(Lane::Term))
            .unwrap();
    assert_eq!(auto, term);
    assert_eq!(auto.hits[0].capsule.id, id);
    assert_eq!(query("x").resolved_lane(), Lane::Term);
}

#[test]
fn r1_the_limit_bounds_the_hits() {
    let s = store();
    for i in 0..30 {
        put(&s, &format!("backup job {i} finished"));
    }
    assert_eq!(ids(&s, &query("backup").limit(7)).len(), 7);
    assert_eq!(ids(&s, &query("backup")).len(), kenning::DEFAULT_LIMIT);
    assert_eq!(ids(&s, &query("backup").limit(MAX_LIMIT)).len(), 30);
}

#[test]
fn r4_fences_exclude_before_ranking_in_every_kind() {
    let s = store();
    // Ten capsules about the VPN; the more times a capsule says it, the higher it ranks.
    let vpn: Vec<CapsuleId> = (0..10)
        .map(|i| put(&s, &format!("{} gateway note {i}", "vpn ".repeat(10 - i))))
        .collect();
    assert_eq!(ids(&s, &query("vpn").limit(10)), vpn);
    // Fence the five best, one fence each.
    s.kn.change_lifecycle(&s.ops, vpn[0], LifecycleChange::Quarantine)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, vpn[1], LifecycleChange::Falsify)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, vpn[2], LifecycleChange::Archive)
        .unwrap();
    s.kn.supersede(&s.ops, vpn[3], &NewCapsule::new(SCOPE, "gateway moved"))
        .unwrap();
    s.kn.change_lifecycle(
        &s.ops,
        vpn[4],
        LifecycleChange::FreshUntil(t("2001-01-01T00:00:00Z")),
    )
    .unwrap();
    // Three hits asked, three unfenced hits given: fenced capsules took no place.
    assert_eq!(ids(&s, &query("vpn").limit(3)), vpn[5..8]);
    assert_eq!(ids(&s, &query("vpn").limit(10)), vpn[5..]);
    // Lifting the fences that can be lifted brings them back in their place.
    s.kn.change_lifecycle(&s.ops, vpn[0], LifecycleChange::Release)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, vpn[2], LifecycleChange::Unarchive)
        .unwrap();
    s.kn.change_lifecycle(&s.ops, vpn[4], LifecycleChange::ClearFreshness)
        .unwrap();
    assert_eq!(ids(&s, &query("vpn").limit(3)), [vpn[0], vpn[2], vpn[4]]);
}

/// A store whose term index holds a capsule its scope does not list (an index that disagrees
/// with the records, as a damaged or hand-edited file can): the capsule is never recalled, and
/// never takes a place, so a request for `n` hits gets the `n` best listed capsules, in every
/// order of the listed ones around it. The term lane checks the listing for its best hits
/// only, and ranks again checking every candidate when one is unlisted: this holds it to the
/// answer of checking every candidate.
#[test]
fn a_capsule_its_scope_does_not_list_is_never_recalled_nor_takes_a_place() {
    use redb::{ReadableDatabase, ReadableTableMetadata, TableDefinition};
    const LISTING: TableDefinition<'static, (&str, u64), ()> =
        TableDefinition::new("kenning.scope_capsules");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.redb");
    let ops = Principal::operator("ops");
    // Capsules of many different scores: mentions of "printer" and lengths vary.
    let texts: Vec<String> = (0..14)
        .map(|i| {
            let mentions = 8 - i / 2;
            let filler = ["paper tray"; 3][..i % 2 + 1].join(" ");
            format!("{} {filler}", ["printer"; 8][..mentions].join(" "))
        })
        .collect();
    {
        let kn = Kenning::open(&path).unwrap();
        kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        for t in &texts {
            kn.put(&ops, &NewCapsule::new(SCOPE, t.as_str())).unwrap();
        }
    }
    let recall = |kn: &Kenning, limit: usize| -> Vec<CapsuleId> {
        kn.retrieve(&ops, &query("printer").limit(limit))
            .unwrap()
            .hits
            .iter()
            .map(|h| h.capsule.id)
            .collect()
    };
    // Every capsule, best first.
    let all = recall(&Kenning::open(&path).unwrap(), texts.len());
    assert_eq!(all.len(), texts.len());
    // Unlist the best, a middle one and the last, one at a time, then all three.
    let unlist = [vec![0], vec![5], vec![13], vec![0, 5, 13]];
    for gone in unlist {
        let db = redb::Database::open(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut listing = txn.open_table(LISTING).unwrap();
            for &i in &gone {
                assert!(listing.remove((SCOPE, all[i].get())).unwrap().is_some());
            }
        }
        txn.commit().unwrap();
        drop(db);
        let kn = Kenning::open(&path).unwrap();
        let listed: Vec<CapsuleId> = (0..all.len())
            .filter(|i| !gone.contains(i))
            .map(|i| all[i])
            .collect();
        for limit in 1..=all.len() {
            let got = recall(&kn, limit);
            assert_eq!(
                got,
                listed[..limit.min(listed.len())],
                "unlisted {gone:?}, limit {limit}"
            );
        }
        drop(kn);
        // Listed again, for the next case.
        let db = redb::Database::open(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut listing = txn.open_table(LISTING).unwrap();
            for &i in &gone {
                listing.insert((SCOPE, all[i].get()), ()).unwrap();
            }
        }
        txn.commit().unwrap();
        assert_eq!(
            db.begin_read()
                .unwrap()
                .open_table(LISTING)
                .unwrap()
                .len()
                .unwrap(),
            all.len() as u64
        );
    }
}

#[test]
fn r4_fenced_capsules_still_count_in_the_statistics() {
    let s = store();
    let a = put(&s, "alpha beta");
    let b = put(&s, "alpha gamma");
    let score = |s: &Store| {
        s.kn.retrieve(&s.ops, &query("beta"))
            .unwrap()
            .hits
            .iter()
            .find(|h| h.capsule.id == a)
            .map(|h| h.score)
    };
    let before = score(&s).unwrap();
    s.kn.change_lifecycle(&s.ops, b, LifecycleChange::Quarantine)
        .unwrap();
    assert_eq!(score(&s).unwrap(), before, "fencing b changed a's score");
    s.kn.forget(&s.ops, b).unwrap();
    assert_ne!(
        score(&s).unwrap(),
        before,
        "forgetting b leaves the statistics"
    );
}

#[test]
fn r5_a_window_keeps_dated_capsules_that_overlap_it_and_drops_undated_ones() {
    let s = store();
    let dated = |content: &str, ft: FactTime| {
        s.kn.put(&s.ops, &NewCapsule::new(SCOPE, content).fact_time(ft))
            .unwrap()
    };
    let january = dated(
        "budget meeting in january",
        FactTime::at(t("2024-01-15T10:00:00Z")),
    );
    let march = dated(
        "budget meeting in march",
        FactTime::at(t("2024-03-15T10:00:00Z")),
    );
    let ongoing = dated(
        "budget freeze since february",
        FactTime::since(t("2024-02-01T00:00:00Z")),
    );
    let ended = dated(
        "budget owner until december",
        FactTime::until(t("2023-12-31T00:00:00Z")),
    );
    let undated = put(&s, "budget spreadsheet template");

    let all = ids(&s, &query("budget"));
    assert_eq!(all.len(), 5);
    assert!(all.contains(&undated));

    let within = |w: TimeWindow| {
        let mut got = ids(&s, &query("budget").window(w));
        got.sort();
        got
    };
    let q1 = TimeWindow::between(t("2024-01-01T00:00:00Z"), t("2024-01-31T23:59:59Z"));
    assert_eq!(within(q1), [january]);
    let q1_q2 = TimeWindow::between(t("2024-01-01T00:00:00Z"), t("2024-06-30T00:00:00Z"));
    assert_eq!(within(q1_q2), [january, march, ongoing]);
    // Bounds are inclusive: a window ending at the instant of an event holds it.
    let to_march = TimeWindow::until(t("2024-03-15T10:00:00Z"));
    assert_eq!(within(to_march), [january, march, ongoing, ended]);
    let from_april = TimeWindow::since(t("2024-04-01T00:00:00Z"));
    assert_eq!(within(from_april), [ongoing]);
    // Fences still apply under a window.
    s.kn.change_lifecycle(&s.ops, ongoing, LifecycleChange::Archive)
        .unwrap();
    assert!(within(from_april).is_empty());
}

#[test]
fn r7_hits_carry_the_capsule_its_score_and_its_term_rank() {
    let s = store();
    let a =
        s.kn.put(
            &s.ops,
            &NewCapsule::new(SCOPE, "deploy deploy on fridays").meta("team", "ops"),
        )
        .unwrap();
    let b = put(&s, "deploy checklist");
    let r = s.kn.retrieve(&s.ops, &query("deploy")).unwrap();
    assert_eq!(r.hits.len(), 2);
    for (i, hit) in r.hits.iter().enumerate() {
        let term = hit.term.expect("the term lane ran");
        assert_eq!(term.rank, i + 1);
        assert_eq!(term.score, hit.score);
        assert!(hit.score > 0.0);
    }
    assert!(r.hits[0].score >= r.hits[1].score);
    assert_eq!(r.hits[0].capsule.id, a);
    assert_eq!(r.hits[0].capsule.metadata["team"], "ops");
    assert_eq!(r.hits[1].capsule.id, b);
    assert_eq!(r.hits[0].capsule, s.kn.capsule(&s.ops, a).unwrap());
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["lane"], "term");
    assert_eq!(json["hits"][0]["term"]["rank"], 1);
}

#[test]
fn equal_scores_rank_the_older_capsule_first() {
    let s = store();
    let first = put(&s, "same words here");
    let second = put(&s, "same words here");
    assert_eq!(ids(&s, &query("words")), [first, second]);
    assert_eq!(ids(&s, &query("words").limit(1)), [first]);
}

#[test]
fn statistics_are_scope_local() {
    let s = store();
    let a = put(&s, "kafka broker restarted");
    put(&s, "zookeeper quorum lost");
    let score = |s: &Store| s.kn.retrieve(&s.ops, &query("kafka")).unwrap().hits[0].score;
    let before = score(&s);
    // Flooding another scope with the word changes nothing here.
    let flood: Vec<NewCapsule> = (0..50)
        .map(|i| NewCapsule::new("bot.sales", format!("kafka kafka {i}")))
        .collect();
    s.kn.put_batch(&s.ops, &flood).unwrap();
    assert_eq!(score(&s), before);
    assert_eq!(ids(&s, &query("kafka")), [a]);
}

#[test]
fn portuguese_capsules_are_found_by_portuguese_queries() {
    let s = store();
    let reuniao = put(&s, "A reunião de orçamento foi adiada para sexta-feira.");
    put(&s, "O servidor de produção foi reiniciado.");
    put(&s, "The budget meeting moved to Friday.");
    // Inflection, accents typed or not; a query without a language signal is read in the
    // scope's prevailing language, Portuguese here.
    assert_eq!(ids(&s, &query("orçamentos da reunião")), [reuniao]);
    assert_eq!(ids(&s, &query("reuniao do orcamento")), [reuniao]);
    assert_eq!(ids(&s, &query("adiadas")), [reuniao]);
}

#[test]
fn bad_requests_are_invalid_arguments_naming_the_field() {
    let s = store();
    put(&s, "something to find");
    let check = |request: RetrieveRequest, field: &str| {
        let err = s.kn.retrieve(&s.ops, &request).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{err}");
        assert!(err.to_string().starts_with(field), "{err}");
    };
    check(query(""), "query");
    check(query("   \n"), "query");
    let mut no_query = query("x");
    no_query.query = None;
    check(no_query, "query");
    let at_limit = "a".repeat(MAX_QUERY_BYTES);
    assert!(s.kn.retrieve(&s.ops, &query(&at_limit)).is_ok());
    check(query(&format!("{at_limit}a")), "query");
    check(query("x").limit(0), "limit");
    assert!(s.kn.retrieve(&s.ops, &query("x").limit(MAX_LIMIT)).is_ok());
    check(query("x").limit(MAX_LIMIT + 1), "limit");
    check(
        query("x").window(TimeWindow::between(
            t("2024-02-01T00:00:00Z"),
            t("2024-01-01T00:00:00Z"),
        )),
        "time_window",
    );
    check(
        query("x").window(serde_json::from_str("{}").unwrap()),
        "time_window",
    );
    check(RetrieveRequest::new("bad scope", "x"), "scope");
}

#[test]
fn a6_retrieval_needs_the_read_permission_and_reach() {
    let s = store();
    put(&s, "roadmap for q3");
    let stranger = Principal::api_key("k")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.sales").unwrap());
    let unreached = s.kn.retrieve(&stranger, &query("roadmap")).unwrap_err();
    let missing =
        s.kn.retrieve(&stranger, &RetrieveRequest::new("bot.nowhere", "roadmap"))
            .unwrap_err();
    assert_eq!(unreached.code(), ErrorCode::NotFound);
    assert_eq!(missing.code(), ErrorCode::NotFound);
    let reader = Principal::api_key("k2")
        .grant(Permission::MemoryRead)
        .reach_agents(Selector::parse("bot.*").unwrap());
    assert_eq!(
        s.kn.retrieve(&reader, &query("roadmap"))
            .unwrap()
            .hits
            .len(),
        1
    );
}

#[test]
fn wire_shape_of_a_request() {
    let r: RetrieveRequest =
        serde_json::from_str(r#"{"scope": "bot.support", "query": "email", "lane": "term"}"#)
            .unwrap();
    assert_eq!(r.lane, Lane::Term);
    assert_eq!(r.limit, kenning::DEFAULT_LIMIT);
    let w: RetrieveRequest = serde_json::from_str(
        r#"{"scope": "s", "query": "q", "time_window": {"from": 0, "until": 10}}"#,
    )
    .unwrap();
    assert_eq!(
        w.window,
        Some(TimeWindow::between(
            Timestamp::from_millis(0),
            Timestamp::from_millis(10)
        ))
    );
}
