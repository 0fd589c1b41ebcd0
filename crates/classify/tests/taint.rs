//! K5 targets: the scan flags every sentence of the injection corpus (each with its family), and
//! at most 2% of the benign text (the whole labelled corpus plus the `benign*.tsv` slices).
//! `injection_fresh5.tsv`, `injection_fresh7.tsv`, `injection_fresh9.tsv` and
//! `injection_fresh11.tsv` are held out: their recall is printed and
//! guarded by a floor, not by the every-sentence assertion, because the tables were not tuned on
//! them. Issue 16's targets hold per language on its tuning slices (the sixth, the eighth of its
//! second round and the tenth of its third): recall at least 95% in English and in Portuguese,
//! at most 2% of the slice's benign text tainted. Its held-out slices (`injection_fresh7.tsv`,
//! `injection_fresh9.tsv`, `injection_fresh11.tsv`) are printed beside them and guarded by
//! floors at their first runs after the tuning. Prints the figures
//! (`cargo test -p kenning-classify --test taint -- --nocapture`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

mod common;

use common::{benign, held_out, injections, labelled, tuning_only};
use kenning_classify::{Kind, Options, TaintFamily, classify};

/// Scans with a supplied kind, so that underivable sentences are scanned too.
fn families(text: &str) -> Vec<TaintFamily> {
    let options = Options {
        kind: Some(Kind::Fact),
        ..Options::default()
    };
    classify(text, &options).unwrap().taint_families().collect()
}

#[test]
fn k5_every_injection_is_tainted_with_its_family() {
    let corpus: Vec<_> = [
        "injection.tsv",
        "injection_fresh.tsv",
        "injection_fresh2.tsv",
        "injection_fresh3.tsv",
        "injection_fresh4.tsv",
        "injection_fresh6.tsv",
        "injection_fresh8.tsv",
        "injection_fresh10.tsv",
        "injection_fresh12.tsv",
        "injection_fresh14.tsv",
        "injection_fresh16.tsv",
        "injection_fresh18.tsv",
        "injection_fresh20.tsv",
        "injection_fresh22.tsv",
        "injection_fresh24.tsv",
        "injection_fresh26.tsv",
        "injection_fresh28.tsv",
        "injection_fresh30.tsv",
        "injection_fresh32.tsv",
        "injection_fresh34.tsv",
    ]
    .into_iter()
    .flat_map(injections)
    .collect();
    assert!(corpus.len() >= 60, "{} injection sentences", corpus.len());
    for family in TaintFamily::ALL {
        for lang in ["en", "pt"] {
            let n = corpus
                .iter()
                .filter(|s| s.family == *family && s.lang == lang)
                .count();
            assert!(n >= 5, "only {n} {family} sentences in {lang}");
        }
    }
    let mut missed = Vec::new();
    let mut per_family = std::collections::BTreeMap::new();
    for s in &corpus {
        let found = families(&s.text);
        let hit = found.contains(&s.family);
        let entry = per_family.entry(s.family.as_str()).or_insert((0, 0));
        entry.1 += 1;
        if hit {
            entry.0 += 1;
        } else {
            missed.push(format!(
                "  {} [{}] got {found:?}: {}",
                s.family, s.lang, s.text
            ));
        }
    }
    println!("\ninjection corpus: {} sentences", corpus.len());
    for (family, (hit, total)) in &per_family {
        println!("  {family:<20} {hit}/{total} flagged with their family");
    }
    assert!(missed.is_empty(), "missed:\n{}", missed.join("\n"));
}

#[test]
fn k5_at_most_two_percent_of_benign_text_is_tainted() {
    let mut texts: Vec<(bool, String)> = [
        "labelled_dev.tsv",
        "labelled_holdout.tsv",
        "labelled_fresh.tsv",
        "labelled_fresh2.tsv",
        "labelled_fresh3.tsv",
        "labelled_fresh4.tsv",
        "labelled_fresh5.tsv",
        "labelled_fresh6.tsv",
        "labelled_fresh7.tsv",
        "labelled_fresh8.tsv",
        "labelled_fresh9.tsv",
        "labelled_fresh10.tsv",
        "labelled_fresh11.tsv",
        "labelled_fresh12.tsv",
        "labelled_fresh13.tsv",
        "labelled_fresh14.tsv",
        "labelled_fresh15.tsv",
        "labelled_fresh16.tsv",
        "labelled_fresh17.tsv",
        "labelled_fresh18.tsv",
        "labelled_fresh19.tsv",
        "labelled_fresh20.tsv",
        "labelled_fresh21.tsv",
        "labelled_fresh22.tsv",
        "labelled_fresh23.tsv",
        "labelled_fresh24.tsv",
        "labelled_fresh25.tsv",
        "labelled_fresh26.tsv",
        "labelled_fresh27.tsv",
        "labelled_fresh28.tsv",
        "labelled_fresh29.tsv",
        "labelled_fresh30.tsv",
        "labelled_fresh31.tsv",
        "labelled_fresh32.tsv",
        "labelled_fresh33.tsv",
        "labelled_fresh34.tsv",
        "labelled_fresh35.tsv",
        "labelled_fresh36.tsv",
        "labelled_fresh37.tsv",
        "labelled_fresh38.tsv",
        "labelled_fresh39.tsv",
        "labelled_fresh40.tsv",
        "labelled_fresh41.tsv",
        "labelled_fresh42.tsv",
        "labelled_fresh43.tsv",
        "labelled_fresh44.tsv",
        "labelled_fresh45.tsv",
        "labelled_fresh46.tsv",
        "labelled_fresh47.tsv",
        "labelled_fresh48.tsv",
        "labelled_fresh49.tsv",
        "labelled_fresh50.tsv",
        "labelled_fresh51.tsv",
        "labelled_fresh52.tsv",
        "labelled_fresh53.tsv",
        "labelled_fresh54.tsv",
        "labelled_fresh55.tsv",
        "labelled_fresh56.tsv",
        "labelled_fresh57.tsv",
        "labelled_fresh58.tsv",
        "labelled_fresh59.tsv",
        "labelled_fresh60.tsv",
        "labelled_fresh61.tsv",
        "labelled_fresh62.tsv",
        "labelled_fresh63.tsv",
        "labelled_fresh64.tsv",
        "labelled_fresh65.tsv",
        "labelled_fresh66.tsv",
        "labelled_fresh67.tsv",
        "labelled_fresh68.tsv",
        "labelled_fresh69.tsv",
        "labelled_fresh70.tsv",
        "labelled_fresh71.tsv",
        "labelled_fresh72.tsv",
        "labelled_fresh73.tsv",
        "labelled_fresh74.tsv",
        "labelled_fresh75.tsv",
        "labelled_fresh76.tsv",
        "labelled_fresh77.tsv",
        "labelled_fresh78.tsv",
        "labelled_fresh79.tsv",
        "labelled_fresh80.tsv",
        "labelled_fresh81.tsv",
        "labelled_fresh82.tsv",
        "labelled_fresh83.tsv",
        "labelled_fresh84.tsv",
        "labelled_fresh85.tsv",
        "labelled_fresh86.tsv",
        "labelled_fresh87.tsv",
        "labelled_fresh88.tsv",
        "labelled_fresh89.tsv",
        "labelled_fresh90.tsv",
        "labelled_fresh91.tsv",
        "labelled_fresh92.tsv",
        "labelled_fresh93.tsv",
        "labelled_fresh94.tsv",
        "labelled_fresh95.tsv",
        "labelled_fresh96.tsv",
        "labelled_fresh97.tsv",
        "labelled_fresh98.tsv",
        "labelled_fresh99.tsv",
        "labelled_fresh100.tsv",
        "labelled_fresh101.tsv",
        "labelled_fresh102.tsv",
        "labelled_fresh103.tsv",
        "labelled_fresh104.tsv",
        "labelled_fresh105.tsv",
        "labelled_fresh106.tsv",
        "labelled_fresh107.tsv",
        "labelled_fresh108.tsv",
        "labelled_fresh109.tsv",
        "labelled_fresh110.tsv",
        "labelled_fresh111.tsv",
        "labelled_fresh112.tsv",
        "labelled_fresh113.tsv",
        "labelled_fresh114.tsv",
        "labelled_fresh115.tsv",
        "labelled_fresh116.tsv",
        "labelled_fresh117.tsv",
        "labelled_fresh118.tsv",
        "labelled_fresh119.tsv",
        "labelled_fresh120.tsv",
        "labelled_fresh121.tsv",
        "labelled_fresh122.tsv",
        "labelled_fresh123.tsv",
        "labelled_fresh124.tsv",
        "labelled_fresh125.tsv",
        "labelled_fresh126.tsv",
        "labelled_fresh127.tsv",
        "labelled_fresh128.tsv",
        "labelled_fresh129.tsv",
        "labelled_fresh130.tsv",
        "labelled_fresh131.tsv",
        "labelled_fresh132.tsv",
        "labelled_fresh133.tsv",
        "labelled_fresh134.tsv",
        "labelled_fresh135.tsv",
        "labelled_fresh136.tsv",
        "labelled_fresh137.tsv",
        "labelled_fresh138.tsv",
        "labelled_fresh139.tsv",
        "labelled_fresh140.tsv",
        "labelled_fresh141.tsv",
        "labelled_fresh142.tsv",
        "labelled_fresh143.tsv",
        "labelled_fresh144.tsv",
        "labelled_fresh145.tsv",
        "labelled_fresh146.tsv",
        "labelled_fresh147.tsv",
        "labelled_fresh148.tsv",
        "labelled_fresh149.tsv",
        "labelled_fresh150.tsv",
        "labelled_fresh151.tsv",
        "probe_families.tsv",
    ]
    .into_iter()
    .filter(|f| !(tuning_only() && held_out(f)))
    .flat_map(|f| labelled(f).into_iter().map(move |s| (held_out(f), s.text)))
    .collect();
    texts.extend(
        [
            "benign.tsv",
            "benign_fresh.tsv",
            "benign_fresh2.tsv",
            "benign_fresh3.tsv",
            "benign_fresh4.tsv",
            "benign_fresh5.tsv",
            "benign_fresh6.tsv",
            "benign_fresh7.tsv",
            "benign_fresh8.tsv",
            "benign_fresh9.tsv",
            "benign_fresh10.tsv",
            "benign_fresh11.tsv",
            "benign_fresh12.tsv",
            "benign_fresh13.tsv",
            "benign_fresh14.tsv",
            "benign_fresh15.tsv",
            "benign_fresh16.tsv",
            "benign_fresh17.tsv",
            "benign_fresh18.tsv",
            "benign_fresh19.tsv",
            "benign_fresh20.tsv",
            "benign_fresh21.tsv",
            "benign_fresh22.tsv",
            "benign_fresh23.tsv",
            "benign_fresh24.tsv",
            "benign_fresh25.tsv",
            "benign_fresh26.tsv",
            "benign_fresh27.tsv",
            "benign_fresh28.tsv",
            "benign_fresh29.tsv",
            "benign_fresh30.tsv",
            "benign_fresh31.tsv",
            "benign_fresh32.tsv",
            "benign_fresh33.tsv",
            "benign_fresh34.tsv",
            "benign_fresh35.tsv",
            "benign_fresh36.tsv",
            "benign_fresh37.tsv",
            "benign_fresh38.tsv",
            "benign_fresh39.tsv",
            "benign_fresh40.tsv",
            "benign_fresh41.tsv",
            "benign_fresh42.tsv",
            "benign_fresh43.tsv",
            "benign_fresh44.tsv",
            "benign_fresh45.tsv",
            "benign_fresh46.tsv",
            "benign_fresh47.tsv",
            "benign_fresh48.tsv",
            "benign_fresh49.tsv",
            "benign_fresh50.tsv",
            "benign_fresh51.tsv",
            "benign_fresh52.tsv",
            "benign_fresh53.tsv",
            "benign_fresh54.tsv",
            "benign_fresh55.tsv",
            "benign_fresh56.tsv",
            "benign_fresh57.tsv",
            "benign_fresh58.tsv",
            "benign_fresh59.tsv",
            "benign_fresh60.tsv",
            "benign_fresh61.tsv",
            "benign_fresh62.tsv",
            "benign_fresh63.tsv",
            "benign_fresh64.tsv",
            "benign_fresh65.tsv",
            "benign_fresh66.tsv",
            "benign_fresh67.tsv",
            "benign_fresh68.tsv",
            "benign_fresh69.tsv",
            "benign_fresh70.tsv",
            "benign_fresh71.tsv",
            "benign_fresh72.tsv",
            "benign_fresh73.tsv",
            "benign_fresh74.tsv",
            "benign_fresh75.tsv",
            "benign_fresh76.tsv",
            "benign_fresh77.tsv",
            "benign_fresh78.tsv",
            "benign_fresh79.tsv",
            "benign_fresh80.tsv",
            "benign_fresh81.tsv",
            "benign_fresh82.tsv",
            "benign_fresh83.tsv",
            "benign_fresh84.tsv",
            "benign_fresh85.tsv",
            "benign_fresh86.tsv",
            "benign_fresh87.tsv",
            "benign_fresh88.tsv",
            "benign_fresh89.tsv",
            "benign_fresh90.tsv",
            "benign_fresh91.tsv",
            "benign_fresh92.tsv",
            "benign_fresh93.tsv",
            "benign_fresh94.tsv",
            "benign_fresh95.tsv",
            "benign_fresh96.tsv",
            "benign_fresh97.tsv",
            "benign_fresh98.tsv",
            "benign_fresh99.tsv",
            "benign_fresh100.tsv",
            "benign_fresh101.tsv",
            "benign_fresh102.tsv",
            "benign_fresh103.tsv",
            "benign_fresh104.tsv",
            "benign_fresh105.tsv",
            "benign_fresh106.tsv",
            "benign_fresh107.tsv",
            "benign_fresh108.tsv",
            "benign_fresh109.tsv",
            "benign_fresh110.tsv",
            "benign_fresh111.tsv",
            "benign_fresh112.tsv",
            "benign_fresh113.tsv",
            "benign_fresh114.tsv",
            "benign_fresh115.tsv",
            "benign_fresh116.tsv",
            "benign_fresh117.tsv",
            "benign_fresh118.tsv",
            "benign_fresh119.tsv",
            "benign_fresh120.tsv",
            "benign_fresh121.tsv",
            "benign_fresh122.tsv",
            "benign_fresh123.tsv",
            "benign_fresh124.tsv",
            "benign_fresh125.tsv",
            "benign_fresh126.tsv",
            "benign_fresh127.tsv",
            "benign_fresh128.tsv",
            "benign_fresh129.tsv",
            "benign_fresh130.tsv",
            "benign_fresh131.tsv",
            "benign_fresh132.tsv",
            "benign_fresh133.tsv",
            "benign_fresh134.tsv",
            "benign_fresh135.tsv",
            "benign_fresh136.tsv",
            "benign_fresh137.tsv",
            "benign_fresh138.tsv",
            "benign_fresh139.tsv",
            "benign_fresh140.tsv",
            "benign_fresh141.tsv",
            "benign_fresh142.tsv",
            "benign_fresh143.tsv",
            "benign_fresh144.tsv",
            "benign_fresh145.tsv",
            "benign_fresh146.tsv",
            "benign_fresh147.tsv",
            "benign_fresh148.tsv",
            "benign_fresh149.tsv",
            "benign_fresh150.tsv",
            "benign_fresh151.tsv",
            "probe_benign.tsv",
        ]
        .into_iter()
        .filter(|f| !(tuning_only() && held_out(f)))
        .flat_map(|f| {
            benign(f)
                .into_iter()
                .map(move |(_, text)| (held_out(f), text))
        }),
    );
    let flagged: Vec<(bool, String, Vec<TaintFamily>)> = texts
        .iter()
        .map(|(hidden, t)| (*hidden, t.clone(), families(t)))
        .filter(|(_, _, f)| !f.is_empty())
        .collect();
    println!(
        "\nbenign text: {} of {} sentences tainted ({:.2}%)",
        flagged.len(),
        texts.len(),
        100.0 * flagged.len() as f64 / texts.len() as f64
    );
    for (hidden, text, found) in &flagged {
        // A held-out slice's sentences are never printed.
        if *hidden {
            println!("  {found:?}: (a sentence of a held-out slice)");
        } else {
            println!("  {found:?}: {text}");
        }
    }
    assert!(
        flagged.len() * 50 <= texts.len(),
        "{} of {} benign sentences tainted, above 2%",
        flagged.len(),
        texts.len()
    );
}

/// The held-out injection slice: written before this round of tables and first run after it was
/// frozen. Its recall is the honest estimate on unseen phrasings; the floor only guards against
/// a regression (first run: 41/48).
#[test]
fn k5_held_out_injection_recall() {
    let corpus = injections("injection_fresh5.tsv");
    let mut hit = 0;
    println!("\nheld-out injection slice:");
    for s in &corpus {
        let found = families(&s.text);
        if found.contains(&s.family) {
            hit += 1;
        } else {
            println!("  missed {} [{}]: {}", s.family, s.lang, s.text);
        }
    }
    println!(
        "  {hit}/{} flagged with their family ({:.1}%)",
        corpus.len(),
        100.0 * hit as f64 / corpus.len() as f64
    );
    assert!(
        hit * 100 >= corpus.len() * 80,
        "held-out recall fell to {hit}/{}",
        corpus.len()
    );
}

/// Recall per language on an injection slice: `(language, flagged with its family, total)`.
/// A held-out slice's sentences are never printed (`show` is false): only its figures.
fn recall_by_language(file: &str, show: bool) -> Vec<(String, usize, usize)> {
    let mut by: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for s in injections(file) {
        let found = families(&s.text);
        let entry = by.entry(s.lang.clone()).or_default();
        entry.1 += 1;
        if found.contains(&s.family) {
            entry.0 += 1;
        } else if show {
            println!(
                "  missed {} [{}] got {found:?}: {}",
                s.family, s.lang, s.text
            );
        }
    }
    by.into_iter().map(|(l, (h, t))| (l, h, t)).collect()
}

/// The benign text of one slice (its labelled sentences and its near misses): (tainted, total).
fn false_positives(labelled_file: &str, benign_file: &str, show: bool) -> (usize, usize) {
    let texts: Vec<String> = labelled(labelled_file)
        .into_iter()
        .map(|s| s.text)
        .chain(benign(benign_file).into_iter().map(|(_, t)| t))
        .collect();
    let tainted = texts
        .iter()
        .filter(|t| {
            let found = families(t);
            if !found.is_empty() && show {
                println!("  tainted {found:?}: {t}");
            }
            !found.is_empty()
        })
        .count();
    (tainted, texts.len())
}

/// Issue 16: on the tuning slices, recall at least 95% in each language and at most 2% of the
/// benign text tainted; on the held-out slices, the same figures printed, recall guarded by a
/// floor just below its figures after the last round it was held out from (seventh: 23/33 in
/// English, 20/33 in Portuguese after the first round, 24/33 and 22/33 after the third; ninth:
/// 16/33 and 17/33 after the second, 20/33 and 20/33 after the third; eleventh: 18/33 and 16/33
/// before the third round, 32/33 and 31/33 after it) and the benign text by the same 2% (after
/// the third round: 0 of 240, 2 of 334 and 0 of 279 tainted). The fifth round tuned on the
/// twelfth and the fourteenth (twelfth: 32/36 and 32/36 before, 35/36 and 35/36 after;
/// fourteenth: 23/27 and 22/27 before, 27/27 and 27/27 after) and holds out the thirteenth
/// (24/36 and 23/36, unchanged) and the fifteenth (20/27 and 21/27 before, 22/27 and 22/27
/// after; its writer wrote the round's rules, so it is not an independent estimate). The sixth
/// round wrote the seventeenth (held out) and the sixteenth (tuned on) before reading any rule:
/// first runs 18/21 and 17/21 (seventeenth), 19/21 and 17/21 (sixteenth); after the round
/// 18/21 and 17/21 (seventeenth, unchanged), 20/21 and 20/21 (sixteenth: the one miss in each
/// language is kept out of the every-sentence test, as the twelfth's), the ninth 22/33 and 22/33.
/// The seventh round wrote the eighteenth (tuned on) and the nineteenth (held out) before reading
/// any rule: first runs 10/16 and 11/16 (eighteenth), 9/16 and 9/16 (nineteenth); after the
/// round 16/16 and 16/16 (eighteenth), 13/16 and 11/16 (nineteenth, floor 68%), the sixteenth
/// 21/21 and 21/21 (it joins the every-sentence test), the seventh 25/33 and 24/33, the
/// thirteenth 25/36 and 23/36, the fifteenth 23/27 and 24/27 (floor raised to 85%).
/// The eighth round wrote the twentieth (tuned on) and the twenty-first (held out) before
/// reading any rule: first runs 15/18 and 10/18 (twentieth), 13/18 and 13/18 (twenty-first);
/// after the round 18/18 and 18/18 (twentieth), 14/18 and 15/18 (twenty-first, floor 75%), the
/// twelfth 36/36 and 36/36 (it joins the every-sentence test), the eleventh 33/33 and 32/33, the
/// thirteenth 28/36 and 24/36 (floor raised to 66%); the benign text of both new slices is clean
/// (0 of 164 each). The ninth round wrote the twenty-second (tuned on) and the twenty-third
/// (held out) before reading any rule: first runs 16/18 and 15/18 (twenty-second), 15/18 and
/// 14/18 (twenty-third); after the round 18/18 and 18/18 (twenty-second), 16/18 and 16/18
/// (twenty-third, floor 85%), the ninth 23/33 and 23/33 (floor raised to 69%), the nineteenth
/// 14/16 and 11/16; the benign text of each new slice has 2 of 164 tainted (1.22%), the owner's
/// standing routine of e-mailing something to a mailbox ("every time a car comes back scratched,
/// email the photos to claims@..."), which the standing-send rule cannot tell from an injected
/// one. The tenth round wrote the twenty-fourth (tuned on) and the twenty-fifth (held out)
/// before reading any rule: first runs 16/18 and 12/18 (twenty-fourth), 12/18 and 13/18
/// (twenty-fifth); after the round 18/18 and 18/18 (twenty-fourth, which joins the
/// every-sentence test), 12/18 and 13/18 (twenty-fifth, unchanged, floor 66%); no older
/// held-out slice's recall moved; the benign text of the twenty-fourth went from 2 of 164
/// tainted to none (a thermostat reset to factory settings, instructions above a
/// defibrillator), the twenty-fifth's stays clean (0 of 164). The eleventh round wrote the
/// twenty-sixth (tuned on) and the twenty-seventh (held out): first runs 15/18 and 13/18, 13/18
/// and 12/18; after it 18/18 and 17/18, 16/18 and 13/18 (floor 72%). The twelfth round wrote the
/// twenty-eighth (tuned on) and the twenty-ninth (held out) before reading any rule: first run of
/// the twenty-eighth 17/18 and 14/18; after the round 18/18 and 18/18 (the twenty-sixth too, so
/// both join the every-sentence test); the twenty-ninth, read once after the round, 15/18 and
/// 14/18 (floor 77%), its benign text clean (0 of 164); the twenty-fifth rose to 13/18 and 15/18
/// (floor 72%); no other held-out slice's recall moved. The thirteenth round wrote the thirtieth
/// (tuned on) and the thirty-first (held out) before reading any rule: first run of the
/// thirtieth 15/18 and 16/18; after the round 18/18 and 18/18 (it joins the every-sentence
/// test); the thirty-first, read once after the round, 13/18 and 12/18 (floor 66%), its benign
/// text clean (0 of 164); the twenty-fifth rose to 14/18 and 15/18 (floor 77%); no other
/// held-out slice's recall moved. The fourteenth round wrote the thirty-second (tuned on) and
/// the thirty-third (held out) before reading any rule: first run of the thirty-second 12/18
/// and 9/18; after the round 18/18 and 18/18 (it joins the every-sentence test); the
/// thirty-third, read once after the round, 10/18 and 10/18 (floor 55%), 1 of its 164 benign
/// sentences tainted; the thirty-first rose to 13/18 and 13/18 (floor 72%); no other held-out
/// slice's recall moved. The fifteenth round wrote the thirty-fourth (tuned on) and the
/// thirty-fifth (held out) before reading any rule and added structural rules chosen by
/// cross-validation over the tuning slices: first run of the thirty-fourth 8/18 and 10/18; after
/// the round 18/18 and 18/18 (it joins the every-sentence test), its benign text 1 of 164 tainted
/// before and after; the thirty-fifth, read once after the round, 7/18 and 11/18 (floor 38%), 1
/// of its 164 benign sentences tainted; of the older held-out slices the seventh rose to 26/33
/// and 25/33, the thirteenth to 29/36 and 25/36 (floor 69%), the fifteenth to 25/27 and 24/27
/// (floor 88%), the nineteenth to 16/16 and 12/16 (floor 75%), the twenty-fifth to 16/18 and
/// 15/18 (floor 83%), the twenty-ninth to 16/18 and 16/18 (floor 88%), the thirty-first to 13/18
/// and 15/18, the thirty-third to 11/18 and 10/18; the others did not move. The sixteenth round
/// wrote the thirty-sixth (tuned on) and the thirty-seventh (held out) before reading any rule
/// and added rules of an imperative known by its form and the agent's objects, chosen by
/// cross-validation over the tuning slices: first run of the thirty-sixth 13/18 and 11/18; after
/// the round 18/18 and 16/18 (floor 88%; its two Portuguese misses keep it out of the
/// every-sentence test), its benign text clean before and after; the thirty-seventh, read once
/// after the round, 13/18 and 8/18 (floor 44%), its benign text clean (0 of 164); the
/// thirty-third rose to 12/18 and 10/18, the thirty-fifth to 7/18 and 12/18; the others did not
/// move. The seventeenth round wrote the thirty-eighth (tuned on) and the thirty-ninth (held
/// out) before reading any rule and added the agent named as the reader of this text × its
/// guidance declared void and a forged voice granting the agent a permission, chosen by
/// cross-validation over the tuning slices: first run of the thirty-eighth 7/18 and 13/18, 1 of
/// its 164 benign sentences tainted; after the round 16/18 and 16/18 (floor 88%), its benign
/// text clean; the thirty-ninth, read once after the round, 10/18 and 9/18 (floor 50%), its
/// benign text clean (0 of 164). The eighteenth round wrote the fortieth (tuned on) and the
/// forty-first (held out) before reading any rule and added the agent addressed indirectly (the
/// reader of this text, a condition on what it is, the subject of a duty) in every family, and
/// the European Portuguese forms beside the Brazilian: first run of the fortieth 12/18 and
/// 11/18; after the round 18/18 and 18/18, its benign text clean before and after; the
/// forty-first, read once after the round, 12/18 and 9/18 (floor 50%), its benign text clean (0
/// of 164); the seventeenth rose to 18/21 in Portuguese (floor 85%), the thirty-seventh to 9/18
/// (floor 50%), the thirty-ninth to 11/18 and 11/18 (floor 61%); the floors of the ninth (24/33
/// and 24/33), eleventh (33/33 and 33/33), twenty-first (15/18 and 16/18) and twenty-third
/// (16/18 and 16/18), left below figures earlier rounds reached, now sit at them. The nineteenth
/// round wrote the forty-second (tuned on) and the forty-third (held out) before reading any
/// rule and added fewer, wider compositions (the agent named × a secret × a passive send after a
/// duty or a request; the agent called × a standing condition × someone asking × the agent
/// acting; the agent called × "between us" × a negation; the agent named × an omission × a cover
/// story): first run of the forty-second 12/18 and 10/18, after the round 18/18 and 18/18 (floor
/// 88%), its benign text clean before and after; the forty-third, read once after the round,
/// 9/18 and 13/18 (floor 50%), its benign text clean (0 of 164); the twenty-ninth rose to 17/18
/// in Portuguese (floor 94%). The twenty-third round added the scan for text addressed to the
/// agent (`addressed.rs`): first run of the fiftieth 6/18 and 3/18 by round 22's rules, 11/18 and
/// 8/18 with the scan written before the slice was read, 15/18 and 17/18 after the round (floor
/// 83%); the fifty-first, read once after the round, 10/18 and 8/18 (floor 44%; round 22's rules
/// 5/18 and 2/18), its benign text clean (0 of 170); every held-out slice's floor now sits at its
/// figures after the round (the forty-seventh from 27% to 66%, the forty-ninth from 22% to 61%).
/// The twenty-fourth round's writer named the agent by other words than the scan's (first run
/// of the fifty-second 2/18 and 6/18, 8 of 36 flagged); the scan's machine and worker nouns, the
/// vocative "ô", host names, every family an address asks and the system voice as a clause's
/// subject took it to 10/18 and 17/18 (floor 55%; the shapes that helped it alone were set aside,
/// `docs/classifier.md`); the fifty-third, read once after the round, 9/18 and 5/18 (floor 27%;
/// round 23's rules 5/18 and 4/18), its benign text clean (0 of 170); the forty-fifth rose to
/// 15/18 in English, the forty-ninth to 12/18 and 13/18 (floor 66%), the fifty-first to 11/18 and
/// 9/18 (floor 50%), the twenty-ninth to 18/18 in English. The twenty-fifth round: first run of
/// the fifty-fourth 10/18 and 11/18 (round 23's rules 9/18 and 11/18), after the round 17/18 and
/// 15/18 (floor 83%); the unnamed reader set aside in round 24 came back on its evidence there,
/// and with the round the fifty-second rose to 15/18 and 18/18 (floor 83%); the fifty-fifth,
/// read once after the round, 15/18 and 12/18 (floor 66%; round 24's rules the same), its benign
/// text clean (0 of 170); the thirty-fifth rose to 10/18 in English (floor 55%), the
/// forty-seventh to 13/18 (floor 72%), the fifty-third to 7/18 in Portuguese (floor 38%). The
/// twenty-sixth round: first run of the fifty-sixth 12/18 and 14/18 (round 24's rules the same),
/// after the round 17/18 and 16/18 (floor 88%); the fifty-fourth rose to 16/18 in Portuguese
/// (floor 88%); the fifty-seventh, read once after the round, 10/18 and 12/18 (floor 55%; round
/// 25's rules 9/18 and 12/18), its benign text clean (0 of 170); the forty-first, forty-seventh,
/// forty-ninth, fifty-first and fifty-fifth rose by one English sentence each (floors of the
/// forty-seventh 77%, the forty-ninth 72%).
#[test]
fn k5_issue16_recall_per_language_and_false_positives() {
    for (title, injection_file, labelled_file, benign_file, floor) in [
        (
            "sixth slices (tuned on)",
            "injection_fresh6.tsv",
            "labelled_fresh6.tsv",
            "benign_fresh6.tsv",
            95,
        ),
        (
            "seventh slices (HELD OUT)",
            "injection_fresh7.tsv",
            "labelled_fresh7.tsv",
            "benign_fresh7.tsv",
            75,
        ),
        (
            "eighth slices (second round, tuned on)",
            "injection_fresh8.tsv",
            "labelled_fresh8.tsv",
            "benign_fresh8.tsv",
            95,
        ),
        (
            "ninth slices (second round, HELD OUT)",
            "injection_fresh9.tsv",
            "labelled_fresh9.tsv",
            "benign_fresh9.tsv",
            75,
        ),
        (
            "tenth slices (third round, tuned on)",
            "injection_fresh10.tsv",
            "labelled_fresh10.tsv",
            "benign_fresh10.tsv",
            95,
        ),
        (
            "eleventh slices (third round, HELD OUT)",
            "injection_fresh11.tsv",
            "labelled_fresh11.tsv",
            "benign_fresh11.tsv",
            100,
        ),
        (
            "twelfth slices (fourth round, tuned on in the fifth)",
            "injection_fresh12.tsv",
            "labelled_fresh12.tsv",
            "benign_fresh12.tsv",
            95,
        ),
        (
            "thirteenth slices (fourth round, HELD OUT)",
            "injection_fresh13.tsv",
            "labelled_fresh13.tsv",
            "benign_fresh13.tsv",
            80,
        ),
        (
            "fourteenth slices (fifth round, tuned on)",
            "injection_fresh14.tsv",
            "labelled_fresh14.tsv",
            "benign_fresh14.tsv",
            95,
        ),
        (
            "fifteenth slices (fifth round, HELD OUT)",
            "injection_fresh15.tsv",
            "labelled_fresh15.tsv",
            "benign_fresh15.tsv",
            88,
        ),
        (
            "sixteenth slices (sixth round, tuned on)",
            "injection_fresh16.tsv",
            "labelled_fresh16.tsv",
            "benign_fresh16.tsv",
            95,
        ),
        (
            "seventeenth slices (sixth round, HELD OUT)",
            "injection_fresh17.tsv",
            "labelled_fresh17.tsv",
            "benign_fresh17.tsv",
            85,
        ),
        (
            "eighteenth slices (seventh round, tuned on)",
            "injection_fresh18.tsv",
            "labelled_fresh18.tsv",
            "benign_fresh18.tsv",
            95,
        ),
        (
            "nineteenth slices (seventh round, HELD OUT)",
            "injection_fresh19.tsv",
            "labelled_fresh19.tsv",
            "benign_fresh19.tsv",
            81,
        ),
        (
            "twentieth slices (eighth round, tuned on)",
            "injection_fresh20.tsv",
            "labelled_fresh20.tsv",
            "benign_fresh20.tsv",
            95,
        ),
        (
            "twenty-first slices (eighth round, HELD OUT)",
            "injection_fresh21.tsv",
            "labelled_fresh21.tsv",
            "benign_fresh21.tsv",
            83,
        ),
        (
            "twenty-second slices (ninth round, tuned on)",
            "injection_fresh22.tsv",
            "labelled_fresh22.tsv",
            "benign_fresh22.tsv",
            95,
        ),
        (
            "twenty-third slices (ninth round, HELD OUT)",
            "injection_fresh23.tsv",
            "labelled_fresh23.tsv",
            "benign_fresh23.tsv",
            88,
        ),
        (
            "twenty-fourth slices (tenth round, tuned on)",
            "injection_fresh24.tsv",
            "labelled_fresh24.tsv",
            "benign_fresh24.tsv",
            95,
        ),
        (
            "twenty-fifth slices (tenth round, HELD OUT)",
            "injection_fresh25.tsv",
            "labelled_fresh25.tsv",
            "benign_fresh25.tsv",
            88,
        ),
        (
            "twenty-sixth slices (eleventh round, tuned on)",
            "injection_fresh26.tsv",
            "labelled_fresh26.tsv",
            "benign_fresh26.tsv",
            95,
        ),
        (
            "twenty-seventh slices (eleventh round, HELD OUT)",
            "injection_fresh27.tsv",
            "labelled_fresh27.tsv",
            "benign_fresh27.tsv",
            77,
        ),
        (
            "twenty-eighth slices (twelfth round, tuned on)",
            "injection_fresh28.tsv",
            "labelled_fresh28.tsv",
            "benign_fresh28.tsv",
            95,
        ),
        (
            "twenty-ninth slices (twelfth round, HELD OUT)",
            "injection_fresh29.tsv",
            "labelled_fresh29.tsv",
            "benign_fresh29.tsv",
            94,
        ),
        (
            "thirtieth slices (thirteenth round, tuned on)",
            "injection_fresh30.tsv",
            "labelled_fresh30.tsv",
            "benign_fresh30.tsv",
            95,
        ),
        (
            "thirty-first slices (thirteenth round, HELD OUT)",
            "injection_fresh31.tsv",
            "labelled_fresh31.tsv",
            "benign_fresh31.tsv",
            83,
        ),
        (
            "thirty-second slices (fourteenth round, tuned on)",
            "injection_fresh32.tsv",
            "labelled_fresh32.tsv",
            "benign_fresh32.tsv",
            95,
        ),
        (
            "thirty-third slices (fourteenth round, HELD OUT)",
            "injection_fresh33.tsv",
            "labelled_fresh33.tsv",
            "benign_fresh33.tsv",
            72,
        ),
        (
            "thirty-fourth slices (fifteenth round, tuned on)",
            "injection_fresh34.tsv",
            "labelled_fresh34.tsv",
            "benign_fresh34.tsv",
            95,
        ),
        (
            "thirty-fifth slices (fifteenth round, HELD OUT)",
            "injection_fresh35.tsv",
            "labelled_fresh35.tsv",
            "benign_fresh35.tsv",
            55,
        ),
        (
            "thirty-sixth slices (sixteenth round, tuned on)",
            "injection_fresh36.tsv",
            "labelled_fresh36.tsv",
            "benign_fresh36.tsv",
            88,
        ),
        (
            "thirty-seventh slices (sixteenth round, HELD OUT)",
            "injection_fresh37.tsv",
            "labelled_fresh37.tsv",
            "benign_fresh37.tsv",
            55,
        ),
        (
            "thirty-eighth slices (seventeenth round, tuned on)",
            "injection_fresh38.tsv",
            "labelled_fresh38.tsv",
            "benign_fresh38.tsv",
            88,
        ),
        (
            "thirty-ninth slices (seventeenth round, HELD OUT)",
            "injection_fresh39.tsv",
            "labelled_fresh39.tsv",
            "benign_fresh39.tsv",
            // Round 69's read: rose to 83%.
            83,
        ),
        (
            "fortieth slices (eighteenth round, tuned on)",
            "injection_fresh40.tsv",
            "labelled_fresh40.tsv",
            "benign_fresh40.tsv",
            88,
        ),
        (
            "forty-first slices (eighteenth round, HELD OUT)",
            "injection_fresh41.tsv",
            "labelled_fresh41.tsv",
            "benign_fresh41.tsv",
            66,
        ),
        (
            "forty-second slices (nineteenth round, tuned on)",
            "injection_fresh42.tsv",
            "labelled_fresh42.tsv",
            "benign_fresh42.tsv",
            88,
        ),
        (
            "forty-third slices (nineteenth round, HELD OUT)",
            "injection_fresh43.tsv",
            "labelled_fresh43.tsv",
            "benign_fresh43.tsv",
            83,
        ),
        (
            "forty-fourth slices (twentieth round, tuned on)",
            "injection_fresh44.tsv",
            "labelled_fresh44.tsv",
            "benign_fresh44.tsv",
            88,
        ),
        (
            "forty-fifth slices (twentieth round, HELD OUT)",
            "injection_fresh45.tsv",
            "labelled_fresh45.tsv",
            "benign_fresh45.tsv",
            77,
        ),
        (
            "forty-sixth slices (twenty-first round, tuned on)",
            "injection_fresh46.tsv",
            "labelled_fresh46.tsv",
            "benign_fresh46.tsv",
            88,
        ),
        (
            "forty-seventh slices (twenty-first round, HELD OUT; 83 since round 42's read)",
            "injection_fresh47.tsv",
            "labelled_fresh47.tsv",
            "benign_fresh47.tsv",
            83,
        ),
        (
            "forty-eighth slices (twenty-second round, tuned on)",
            "injection_fresh48.tsv",
            "labelled_fresh48.tsv",
            "benign_fresh48.tsv",
            94,
        ),
        (
            "forty-ninth slices (twenty-second round, HELD OUT)",
            "injection_fresh49.tsv",
            "labelled_fresh49.tsv",
            "benign_fresh49.tsv",
            88,
        ),
        (
            "fiftieth slices (twenty-third round, tuned on)",
            "injection_fresh50.tsv",
            "labelled_fresh50.tsv",
            "benign_fresh50.tsv",
            83,
        ),
        (
            "fifty-first slices (twenty-third round, HELD OUT)",
            "injection_fresh51.tsv",
            "labelled_fresh51.tsv",
            "benign_fresh51.tsv",
            61,
        ),
        (
            "fifty-third slices (twenty-fourth round, HELD OUT)",
            "injection_fresh53.tsv",
            "labelled_fresh53.tsv",
            "benign_fresh53.tsv",
            50,
        ),
        (
            "fifty-second slices (twenty-fourth round, tuned on)",
            "injection_fresh52.tsv",
            "labelled_fresh52.tsv",
            "benign_fresh52.tsv",
            83,
        ),
        (
            "fifty-fifth slices (twenty-fifth round, HELD OUT)",
            "injection_fresh55.tsv",
            "labelled_fresh55.tsv",
            "benign_fresh55.tsv",
            88,
        ),
        (
            "fifty-fourth slices (twenty-fifth round, tuned on)",
            "injection_fresh54.tsv",
            "labelled_fresh54.tsv",
            "benign_fresh54.tsv",
            88,
        ),
        (
            "fifty-seventh slices (twenty-sixth round, HELD OUT)",
            "injection_fresh57.tsv",
            "labelled_fresh57.tsv",
            "benign_fresh57.tsv",
            66,
        ),
        (
            "fifty-ninth slices (twenty-seventh round, HELD OUT)",
            "injection_fresh59.tsv",
            "labelled_fresh59.tsv",
            "benign_fresh59.tsv",
            83,
        ),
        (
            "sixty-first slices (twenty-eighth round, HELD OUT)",
            "injection_fresh61.tsv",
            "labelled_fresh61.tsv",
            "benign_fresh61.tsv",
            94,
        ),
        (
            "sixty-third slices (twenty-ninth round, HELD OUT)",
            "injection_fresh63.tsv",
            "labelled_fresh63.tsv",
            "benign_fresh63.tsv",
            94,
        ),
        (
            "sixty-fifth slices (thirtieth round, HELD OUT)",
            "injection_fresh65.tsv",
            "labelled_fresh65.tsv",
            "benign_fresh65.tsv",
            77,
        ),
        (
            "sixty-seventh slices (thirty-first round, HELD OUT; 83 since round 52's read)",
            "injection_fresh67.tsv",
            "labelled_fresh67.tsv",
            "benign_fresh67.tsv",
            83,
        ),
        (
            "sixty-ninth slices (thirty-second round, HELD OUT)",
            "injection_fresh69.tsv",
            "labelled_fresh69.tsv",
            "benign_fresh69.tsv",
            83,
        ),
        (
            "seventy-first slices (thirty-third round, HELD OUT; 94 since round 66's read)",
            "injection_fresh71.tsv",
            "labelled_fresh71.tsv",
            "benign_fresh71.tsv",
            94,
        ),
        (
            "seventy-third slices (thirty-fourth round, HELD OUT)",
            "injection_fresh73.tsv",
            "labelled_fresh73.tsv",
            "benign_fresh73.tsv",
            94,
        ),
        (
            "seventy-fifth slices (thirty-fifth round, HELD OUT; 83 since round 65's read)",
            "injection_fresh75.tsv",
            "labelled_fresh75.tsv",
            "benign_fresh75.tsv",
            83,
        ),
        (
            "seventy-seventh slices (thirty-sixth round, HELD OUT; 72 since round 42's read)",
            "injection_fresh77.tsv",
            "labelled_fresh77.tsv",
            "benign_fresh77.tsv",
            72,
        ),
        (
            "seventy-ninth slices (thirty-seventh round, HELD OUT; 88 since round 43's read, 94 since round 51's)",
            "injection_fresh79.tsv",
            "labelled_fresh79.tsv",
            "benign_fresh79.tsv",
            94,
        ),
        (
            "eighty-first slices (thirty-eighth round, HELD OUT)",
            "injection_fresh81.tsv",
            "labelled_fresh81.tsv",
            "benign_fresh81.tsv",
            88,
        ),
        (
            "eighty-third slices (thirty-ninth round, HELD OUT)",
            "injection_fresh83.tsv",
            "labelled_fresh83.tsv",
            "benign_fresh83.tsv",
            88,
        ),
        (
            "eighty-fifth slices (fortieth round, HELD OUT)",
            "injection_fresh85.tsv",
            "labelled_fresh85.tsv",
            "benign_fresh85.tsv",
            83,
        ),
        (
            "eighty-seventh slices (forty-first round, HELD OUT; 83 since round 44's read)",
            "injection_fresh87.tsv",
            "labelled_fresh87.tsv",
            "benign_fresh87.tsv",
            83,
        ),
        (
            "eighty-ninth slices (forty-second round, HELD OUT; 83 since round 43's read)",
            "injection_fresh89.tsv",
            "labelled_fresh89.tsv",
            "benign_fresh89.tsv",
            83,
        ),
        (
            "ninety-first slices (forty-third round, HELD OUT; 66 since round 44's read)",
            "injection_fresh91.tsv",
            "labelled_fresh91.tsv",
            "benign_fresh91.tsv",
            66,
        ),
        (
            "ninety-third slices (forty-fourth round, HELD OUT)",
            "injection_fresh93.tsv",
            "labelled_fresh93.tsv",
            "benign_fresh93.tsv",
            88,
        ),
        (
            "ninety-fifth slices (forty-fifth round, HELD OUT; 94 since round 67's read)",
            "injection_fresh95.tsv",
            "labelled_fresh95.tsv",
            "benign_fresh95.tsv",
            94,
        ),
        (
            "ninety-seventh slices (forty-sixth round, HELD OUT)",
            "injection_fresh97.tsv",
            "labelled_fresh97.tsv",
            "benign_fresh97.tsv",
            // Round 69's read: rose to 83%.
            83,
        ),
        (
            "ninety-ninth slices (forty-seventh round, HELD OUT)",
            "injection_fresh99.tsv",
            "labelled_fresh99.tsv",
            "benign_fresh99.tsv",
            77,
        ),
        (
            "hundred-and-first slices (forty-eighth round, HELD OUT)",
            "injection_fresh101.tsv",
            "labelled_fresh101.tsv",
            "benign_fresh101.tsv",
            88,
        ),
        (
            "hundred-and-third slices (forty-ninth round, HELD OUT; 88 since round 67's read)",
            "injection_fresh103.tsv",
            "labelled_fresh103.tsv",
            "benign_fresh103.tsv",
            88,
        ),
        (
            "hundred-and-fifth slices (fiftieth round, HELD OUT; 94 since round 51's read, 100 since round 55's)",
            "injection_fresh105.tsv",
            "labelled_fresh105.tsv",
            "benign_fresh105.tsv",
            100,
        ),
        (
            "hundred-and-seventh slices (fifty-first round, HELD OUT)",
            "injection_fresh107.tsv",
            "labelled_fresh107.tsv",
            "benign_fresh107.tsv",
            88,
        ),
        (
            "hundred-and-ninth slices (fifty-second round, HELD OUT)",
            "injection_fresh109.tsv",
            "labelled_fresh109.tsv",
            "benign_fresh109.tsv",
            77,
        ),
        (
            "hundred-and-eleventh slices (fifty-third round, HELD OUT)",
            "injection_fresh111.tsv",
            "labelled_fresh111.tsv",
            "benign_fresh111.tsv",
            88,
        ),
        (
            "hundred-and-thirteenth slices (fifty-fourth round, HELD OUT)",
            "injection_fresh113.tsv",
            "labelled_fresh113.tsv",
            "benign_fresh113.tsv",
            88,
        ),
        (
            "hundred-and-fifteenth slices (fifty-fifth round, HELD OUT)",
            "injection_fresh115.tsv",
            "labelled_fresh115.tsv",
            "benign_fresh115.tsv",
            // Round 69's read: rose to 88%.
            88,
        ),
        (
            "hundred-and-seventeenth slices (fifty-sixth round, HELD OUT)",
            "injection_fresh117.tsv",
            "labelled_fresh117.tsv",
            "benign_fresh117.tsv",
            94,
        ),
        (
            "hundred-and-nineteenth slices (fifty-seventh round, HELD OUT)",
            "injection_fresh119.tsv",
            "labelled_fresh119.tsv",
            "benign_fresh119.tsv",
            83,
        ),
        (
            "hundred-and-twenty-first slices (fifty-eighth round, HELD OUT)",
            "injection_fresh121.tsv",
            "labelled_fresh121.tsv",
            "benign_fresh121.tsv",
            94,
        ),
        (
            "hundred-and-twenty-third slices (fifty-ninth round, HELD OUT)",
            "injection_fresh123.tsv",
            "labelled_fresh123.tsv",
            "benign_fresh123.tsv",
            83,
        ),
        (
            "hundred-and-twenty-fifth slices (sixtieth round, HELD OUT)",
            "injection_fresh125.tsv",
            "labelled_fresh125.tsv",
            "benign_fresh125.tsv",
            77,
        ),
        (
            "hundred-and-twenty-seventh slices (sixty-first round, HELD OUT; 88 since round 67's read)",
            "injection_fresh127.tsv",
            "labelled_fresh127.tsv",
            "benign_fresh127.tsv",
            88,
        ),
        (
            "hundred-and-twenty-ninth slices (sixty-second round, HELD OUT)",
            "injection_fresh129.tsv",
            "labelled_fresh129.tsv",
            "benign_fresh129.tsv",
            100,
        ),
        (
            "hundred-and-thirty-first slices (sixty-third round, HELD OUT)",
            "injection_fresh131.tsv",
            "labelled_fresh131.tsv",
            "benign_fresh131.tsv",
            83,
        ),
        (
            "hundred-and-thirty-third slices (sixty-fourth round, HELD OUT)",
            "injection_fresh133.tsv",
            "labelled_fresh133.tsv",
            "benign_fresh133.tsv",
            77,
        ),
        (
            "hundred-and-thirty-fifth slices (sixty-fifth round, HELD OUT)",
            "injection_fresh135.tsv",
            "labelled_fresh135.tsv",
            "benign_fresh135.tsv",
            94,
        ),
        (
            "hundred-and-thirty-seventh slices (sixty-sixth round, HELD OUT)",
            "injection_fresh137.tsv",
            "labelled_fresh137.tsv",
            "benign_fresh137.tsv",
            88,
        ),
        (
            "hundred-and-thirty-ninth slices (sixty-seventh round, HELD OUT)",
            "injection_fresh139.tsv",
            "labelled_fresh139.tsv",
            "benign_fresh139.tsv",
            94,
        ),
        (
            "hundred-and-forty-first slices (sixty-eighth round, HELD OUT)",
            "injection_fresh141.tsv",
            "labelled_fresh141.tsv",
            "benign_fresh141.tsv",
            83,
        ),
        (
            "hundred-and-forty-third slices (sixty-ninth round, HELD OUT)",
            "injection_fresh143.tsv",
            "labelled_fresh143.tsv",
            "benign_fresh143.tsv",
            77,
        ),
        (
            "hundred-and-forty-fifth slices (seventieth round, HELD OUT)",
            "injection_fresh145.tsv",
            "labelled_fresh145.tsv",
            "benign_fresh145.tsv",
            83,
        ),
        (
            "hundred-and-forty-seventh slices (seventy-first round, HELD OUT)",
            "injection_fresh147.tsv",
            "labelled_fresh147.tsv",
            "benign_fresh147.tsv",
            94,
        ),
        (
            "hundred-and-forty-ninth slices (seventy-second round, HELD OUT)",
            "injection_fresh149.tsv",
            "labelled_fresh149.tsv",
            "benign_fresh149.tsv",
            77,
        ),
        (
            "hundred-and-fifty-first slices (seventy-third round, HELD OUT)",
            "injection_fresh151.tsv",
            "labelled_fresh151.tsv",
            "benign_fresh151.tsv",
            61,
        ),
        (
            "fifty-sixth slices (twenty-sixth round, tuned on)",
            "injection_fresh56.tsv",
            "labelled_fresh56.tsv",
            "benign_fresh56.tsv",
            88,
        ),
        (
            "fifty-eighth slices (twenty-seventh round, tuned on)",
            "injection_fresh58.tsv",
            "labelled_fresh58.tsv",
            "benign_fresh58.tsv",
            94,
        ),
        (
            "sixtieth slices (twenty-eighth round, tuned on)",
            "injection_fresh60.tsv",
            "labelled_fresh60.tsv",
            "benign_fresh60.tsv",
            94,
        ),
        (
            "sixty-second slices (twenty-ninth round, tuned on)",
            "injection_fresh62.tsv",
            "labelled_fresh62.tsv",
            "benign_fresh62.tsv",
            94,
        ),
        (
            "sixty-fourth slices (thirtieth round, tuned on)",
            "injection_fresh64.tsv",
            "labelled_fresh64.tsv",
            "benign_fresh64.tsv",
            94,
        ),
        (
            "sixty-sixth slices (thirty-first round, tuned on)",
            "injection_fresh66.tsv",
            "labelled_fresh66.tsv",
            "benign_fresh66.tsv",
            94,
        ),
        (
            "sixty-eighth slices (thirty-second round, tuned on)",
            "injection_fresh68.tsv",
            "labelled_fresh68.tsv",
            "benign_fresh68.tsv",
            94,
        ),
        (
            "seventieth slices (thirty-third round, tuned on)",
            "injection_fresh70.tsv",
            "labelled_fresh70.tsv",
            "benign_fresh70.tsv",
            94,
        ),
        (
            "seventy-second slices (thirty-fourth round, tuned on)",
            "injection_fresh72.tsv",
            "labelled_fresh72.tsv",
            "benign_fresh72.tsv",
            94,
        ),
        (
            "seventy-fourth slices (thirty-fifth round, tuned on)",
            "injection_fresh74.tsv",
            "labelled_fresh74.tsv",
            "benign_fresh74.tsv",
            94,
        ),
        (
            "seventy-sixth slices (thirty-sixth round, tuned on; its taint misses worked in the \
             thirty-seventh)",
            "injection_fresh76.tsv",
            "labelled_fresh76.tsv",
            "benign_fresh76.tsv",
            100,
        ),
        (
            "seventy-eighth slices (thirty-seventh round, tuned on)",
            "injection_fresh78.tsv",
            "labelled_fresh78.tsv",
            "benign_fresh78.tsv",
            100,
        ),
        (
            "eightieth slices (thirty-eighth round, tuned on)",
            "injection_fresh80.tsv",
            "labelled_fresh80.tsv",
            "benign_fresh80.tsv",
            100,
        ),
        (
            "eighty-second slices (thirty-ninth round, tuned on)",
            "injection_fresh82.tsv",
            "labelled_fresh82.tsv",
            "benign_fresh82.tsv",
            100,
        ),
        (
            "eighty-fourth slices (fortieth round, tuned on)",
            "injection_fresh84.tsv",
            "labelled_fresh84.tsv",
            "benign_fresh84.tsv",
            100,
        ),
        (
            "eighty-sixth slices (forty-first round, tuned on; one benign sentence tainted)",
            "injection_fresh86.tsv",
            "labelled_fresh86.tsv",
            "benign_fresh86.tsv",
            100,
        ),
        (
            "eighty-eighth slices (forty-second round, tuned on; one benign sentence tainted)",
            "injection_fresh88.tsv",
            "labelled_fresh88.tsv",
            "benign_fresh88.tsv",
            100,
        ),
        (
            "ninetieth slices (forty-third round, tuned on)",
            "injection_fresh90.tsv",
            "labelled_fresh90.tsv",
            "benign_fresh90.tsv",
            100,
        ),
        (
            "ninety-second slices (forty-fourth round, tuned on)",
            "injection_fresh92.tsv",
            "labelled_fresh92.tsv",
            "benign_fresh92.tsv",
            100,
        ),
        (
            "ninety-fourth slices (forty-fifth round, tuned on)",
            "injection_fresh94.tsv",
            "labelled_fresh94.tsv",
            "benign_fresh94.tsv",
            100,
        ),
        (
            "ninety-sixth slices (forty-sixth round, tuned on)",
            "injection_fresh96.tsv",
            "labelled_fresh96.tsv",
            "benign_fresh96.tsv",
            100,
        ),
        (
            "ninety-eighth slices (forty-seventh round, tuned on)",
            "injection_fresh98.tsv",
            "labelled_fresh98.tsv",
            "benign_fresh98.tsv",
            100,
        ),
        (
            "hundredth slices (forty-eighth round, tuned on)",
            "injection_fresh100.tsv",
            "labelled_fresh100.tsv",
            "benign_fresh100.tsv",
            100,
        ),
        (
            "hundred-and-second slices (forty-ninth round, tuned on)",
            "injection_fresh102.tsv",
            "labelled_fresh102.tsv",
            "benign_fresh102.tsv",
            100,
        ),
        (
            "hundred-and-fourth slices (fiftieth round, tuned on)",
            "injection_fresh104.tsv",
            "labelled_fresh104.tsv",
            "benign_fresh104.tsv",
            100,
        ),
        (
            "hundred-and-sixth slices (fifty-first round, tuned on)",
            "injection_fresh106.tsv",
            "labelled_fresh106.tsv",
            "benign_fresh106.tsv",
            100,
        ),
        (
            "hundred-and-eighth slices (fifty-second round, tuned on)",
            "injection_fresh108.tsv",
            "labelled_fresh108.tsv",
            "benign_fresh108.tsv",
            100,
        ),
        (
            "hundred-and-tenth slices (fifty-third round, tuned on)",
            "injection_fresh110.tsv",
            "labelled_fresh110.tsv",
            "benign_fresh110.tsv",
            100,
        ),
        (
            "hundred-and-twelfth slices (fifty-fourth round, tuned on)",
            "injection_fresh112.tsv",
            "labelled_fresh112.tsv",
            "benign_fresh112.tsv",
            100,
        ),
        (
            "hundred-and-fourteenth slices (fifty-fifth round, tuned on)",
            "injection_fresh114.tsv",
            "labelled_fresh114.tsv",
            "benign_fresh114.tsv",
            100,
        ),
        (
            "hundred-and-sixteenth slices (fifty-sixth round, tuned on)",
            "injection_fresh116.tsv",
            "labelled_fresh116.tsv",
            "benign_fresh116.tsv",
            100,
        ),
        (
            "hundred-and-eighteenth slices (fifty-seventh round, tuned on)",
            "injection_fresh118.tsv",
            "labelled_fresh118.tsv",
            "benign_fresh118.tsv",
            100,
        ),
        (
            "hundred-and-twentieth slices (fifty-eighth round, tuned on)",
            "injection_fresh120.tsv",
            "labelled_fresh120.tsv",
            "benign_fresh120.tsv",
            100,
        ),
        (
            "hundred-and-twenty-second slices (fifty-ninth round, tuned on)",
            "injection_fresh122.tsv",
            "labelled_fresh122.tsv",
            "benign_fresh122.tsv",
            100,
        ),
        (
            "hundred-and-twenty-fourth slices (sixtieth round, tuned on)",
            "injection_fresh124.tsv",
            "labelled_fresh124.tsv",
            "benign_fresh124.tsv",
            100,
        ),
        (
            "hundred-and-twenty-sixth slices (sixty-first round, tuned on)",
            "injection_fresh126.tsv",
            "labelled_fresh126.tsv",
            "benign_fresh126.tsv",
            100,
        ),
        (
            "hundred-and-twenty-eighth slices (sixty-second round, tuned on)",
            "injection_fresh128.tsv",
            "labelled_fresh128.tsv",
            "benign_fresh128.tsv",
            100,
        ),
        // A role tag naming its reader by a word no list holds and an export order to a
        // "secretária virtual" are still missed after the sixty-third round.
        (
            "hundred-and-thirtieth slices (sixty-third round, tuned on)",
            "injection_fresh130.tsv",
            "labelled_fresh130.tsv",
            "benign_fresh130.tsv",
            94,
        ),
        // An order to answer to the writer, not the business, read as a standing order, and data
        // gathered and pasted into the reply read as an override, after the sixty-fourth round.
        (
            "hundred-and-thirty-second slices (sixty-fourth round, tuned on)",
            "injection_fresh132.tsv",
            "labelled_fresh132.tsv",
            "benign_fresh132.tsv",
            94,
        ),
        (
            "hundred-and-thirty-fourth slices (sixty-fifth round, tuned on)",
            "injection_fresh134.tsv",
            "labelled_fresh134.tsv",
            "benign_fresh134.tsv",
            100,
        ),
        (
            "hundred-and-thirty-sixth slices (sixty-sixth round, tuned on)",
            "injection_fresh136.tsv",
            "labelled_fresh136.tsv",
            "benign_fresh136.tsv",
            100,
        ),
        (
            "hundred-and-thirty-eighth slices (sixty-seventh round, tuned on)",
            "injection_fresh138.tsv",
            "labelled_fresh138.tsv",
            "benign_fresh138.tsv",
            100,
        ),
        (
            "hundred-and-fortieth slices (sixty-eighth round, tuned on)",
            "injection_fresh140.tsv",
            "labelled_fresh140.tsv",
            "benign_fresh140.tsv",
            100,
        ),
        (
            "hundred-and-forty-second slices (sixty-ninth round, tuned on)",
            "injection_fresh142.tsv",
            "labelled_fresh142.tsv",
            "benign_fresh142.tsv",
            100,
        ),
        (
            "hundred-and-forty-fourth slices (seventieth round, tuned on)",
            "injection_fresh144.tsv",
            "labelled_fresh144.tsv",
            "benign_fresh144.tsv",
            // Round 71's taint shapes: 18/18 and 17/18.
            94,
        ),
        (
            "hundred-and-forty-sixth slices (seventy-first round, tuned on)",
            "injection_fresh146.tsv",
            "labelled_fresh146.tsv",
            "benign_fresh146.tsv",
            100,
        ),
        (
            "hundred-and-forty-eighth slices (seventy-second round, tuned on)",
            "injection_fresh148.tsv",
            "labelled_fresh148.tsv",
            "benign_fresh148.tsv",
            94,
        ),
        (
            "hundred-and-fiftieth slices (seventy-third round, tuned on)",
            "injection_fresh150.tsv",
            "labelled_fresh150.tsv",
            "benign_fresh150.tsv",
            88,
        ),
        (
            "probe of the taint families (eleventh round, tuned on)",
            "probe_injection.tsv",
            "probe_families.tsv",
            "probe_benign.tsv",
            95,
        ),
    ] {
        if tuning_only() && title.contains("HELD OUT") {
            continue;
        }
        println!("\n{title}:");
        let show = !title.contains("HELD OUT");
        let recall = recall_by_language(injection_file, show);
        let (tainted, total) = false_positives(labelled_file, benign_file, show);
        for (lang, hit, n) in &recall {
            println!(
                "  {lang}: {hit}/{n} injections flagged with their family ({:.1}%)",
                100.0 * *hit as f64 / *n as f64
            );
        }
        println!(
            "  benign: {tainted}/{total} tainted ({:.2}%)",
            100.0 * tainted as f64 / total as f64
        );
        assert_eq!(recall.len(), 2, "both languages");
        for (lang, hit, n) in &recall {
            assert!(
                hit * 100 >= n * floor,
                "{title}: {lang} recall {hit}/{n}, below {floor}%"
            );
        }
        assert!(
            tainted * 50 <= total,
            "{title}: {tainted}/{total} benign sentences tainted, above 2%"
        );
    }
}
