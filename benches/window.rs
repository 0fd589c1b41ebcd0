//! Recall with a fact-time window over capsules with long contents, beside the same recall
//! without the window, in the same run.
//!
//! A window makes recall read each candidate's fact-time before it may take a place (R5). The
//! scope holds 4,000 capsules of 16 KiB of text each, all matching the query; one in a hundred
//! holds inside the window. So the windowed request reads the fact-time of hundreds of
//! candidates to find its 10 hits. Since store format 3 that read touches only the record's
//! head (`docs/format.md`), not its 16 KiB of content, so the claim is the ratio
//! `term_window / term`: the window's cost should be small beside the lane's own. (At store
//! format 2, where each read decoded the whole JSON record, it was several times the lane's.)

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use kenning::{
    FactTime, Kenning, Lane, NewCapsule, Principal, RetrieveRequest, ScopeKind, TimeWindow,
    Timestamp,
};

const CAPSULES: u64 = 4_000;
const SCOPE: &str = "bench.window";
const CONTENT_BYTES: usize = 16 * 1024;

fn words(seed: u64) -> String {
    const POOL: [&str; 16] = [
        "harbor", "lantern", "meadow", "quarry", "signal", "timber", "velvet", "walnut", "ember",
        "falcon", "glacier", "hollow", "island", "jasper", "kettle", "ledger",
    ];
    let mut out = String::from("deploy friday ");
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while out.len() < CONTENT_BYTES - 16 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.push_str(POOL[(x % 16) as usize]);
        out.push(' ');
    }
    out
}

fn window(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("window.kenning")).unwrap();
    let ops = Principal::operator("bench");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    let inside = Timestamp::from_millis(1_000_000);
    let outside = Timestamp::from_millis(9_000_000);
    let batch: Vec<NewCapsule> = (0..CAPSULES)
        .map(|i| {
            let at = if i % 100 == 7 { inside } else { outside };
            NewCapsule::new(SCOPE, words(i)).fact_time(FactTime::at(at))
        })
        .collect();
    for part in batch.chunks(1_000) {
        kn.put_batch(&ops, part).unwrap();
    }
    let plain = RetrieveRequest::new(SCOPE, "deploy friday")
        .lane(Lane::Term)
        .limit(10);
    let windowed = plain.clone().window(TimeWindow::between(inside, inside));
    let hits = kn.retrieve(&ops, &windowed).unwrap().hits.len();
    assert_eq!(hits, 10, "the window admits 40 capsules");

    let mut g = c.benchmark_group("recall_window_4k_16KiB");
    g.sample_size(30).measurement_time(Duration::from_secs(8));
    g.bench_function("term", |b| b.iter(|| kn.retrieve(&ops, &plain).unwrap()));
    g.bench_function("term_window", |b| {
        b.iter(|| kn.retrieve(&ops, &windowed).unwrap())
    });
    g.finish();
}

criterion_group!(benches, window);
criterion_main!(benches);
