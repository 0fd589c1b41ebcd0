//! K5 targets: the scan flags every sentence of the injection corpus (each with its family), and
//! at most 2% of the benign text (the whole labelled corpus plus the `benign*.tsv` slices).
//! `injection_fresh5.tsv` is held out: its recall is printed and guarded by a floor, not by the
//! every-sentence assertion, because the tables were not tuned on it. Prints the figures
//! (`cargo test -p kenning-classify --test taint -- --nocapture`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

mod common;

use common::{benign, injections, labelled};
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
    let mut texts: Vec<String> = [
        "labelled_dev.tsv",
        "labelled_holdout.tsv",
        "labelled_fresh.tsv",
        "labelled_fresh2.tsv",
        "labelled_fresh3.tsv",
        "labelled_fresh4.tsv",
        "labelled_fresh5.tsv",
    ]
    .into_iter()
    .flat_map(labelled)
    .map(|s| s.text)
    .collect();
    texts.extend(
        [
            "benign.tsv",
            "benign_fresh.tsv",
            "benign_fresh2.tsv",
            "benign_fresh3.tsv",
            "benign_fresh4.tsv",
            "benign_fresh5.tsv",
        ]
        .into_iter()
        .flat_map(benign)
        .map(|(_, text)| text),
    );
    let flagged: Vec<(String, Vec<TaintFamily>)> = texts
        .iter()
        .map(|t| (t.clone(), families(t)))
        .filter(|(_, f)| !f.is_empty())
        .collect();
    println!(
        "\nbenign text: {} of {} sentences tainted ({:.2}%)",
        flagged.len(),
        texts.len(),
        100.0 * flagged.len() as f64 / texts.len() as f64
    );
    for (text, found) in &flagged {
        println!("  {found:?}: {text}");
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
