//! K3, K4 targets on the labelled corpus (`tests/corpus/labelled_*.tsv`): the kind is right on
//! at least 90% of the derivable sentences, and no sentence labelled underivable gets a kind.
//! Prints the confusion table (`cargo test -p kenning-classify --test corpus -- --nocapture`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

mod common;

use common::{Labelled, labelled};
use kenning_classify::{Kind, Options, classify};

/// A column of the confusion table: a kind, or underivable.
fn column(answer: Option<Kind>) -> usize {
    answer.map_or(Kind::ALL.len(), |k| {
        Kind::ALL.iter().position(|x| *x == k).unwrap()
    })
}

fn short(col: usize) -> &'static str {
    const NAMES: [&str; 11] = [
        "fact", "proc", "deci", "task", "epic", "brai", "doc", "cons", "capa", "fail", "UNDR",
    ];
    NAMES[col]
}

struct Score {
    table: [[usize; 11]; 11],
    misses: Vec<String>,
}

impl Score {
    fn of(corpus: &[Labelled]) -> Score {
        let mut score = Score {
            table: [[0; 11]; 11],
            misses: Vec::new(),
        };
        for s in corpus {
            let got = match classify(&s.text, &Options::default()) {
                Ok(label) => Some(label.kind()),
                Err(e) if e.is_underivable() => None,
                Err(e) => panic!("{:?}: {e}", s.text),
            };
            score.table[column(s.label)][column(got)] += 1;
            if got != s.label {
                score.misses.push(format!(
                    "  {:<16} got {:<16} [{}] {}",
                    s.label.map_or("underivable", Kind::as_str),
                    got.map_or("underivable", Kind::as_str),
                    s.lang,
                    s.text
                ));
            }
        }
        score
    }

    fn derivable(&self) -> (usize, usize) {
        let right = (0..10).map(|i| self.table[i][i]).sum();
        let total = (0..10).map(|i| self.table[i].iter().sum::<usize>()).sum();
        (right, total)
    }

    /// Underivable sentences that got a kind.
    fn guessed(&self) -> usize {
        self.table[10][..10].iter().sum()
    }

    /// Of the sentences answered underivable, how many are labelled underivable: (right, all).
    fn underivable_precision(&self) -> (usize, usize) {
        let answered = (0..11).map(|r| self.table[r][10]).sum();
        (self.table[10][10], answered)
    }

    fn print(&self, title: &str) {
        let (right, total) = self.derivable();
        let (kept, refused) = self.underivable_precision();
        println!(
            "\n{title}: kind right on {right}/{total} derivable ({:.1}%), {} of {} underivable given a kind, \
             underivable precision {kept}/{refused} ({:.1}%)",
            100.0 * right as f64 / total as f64,
            self.guessed(),
            self.table[10].iter().sum::<usize>(),
            100.0 * kept as f64 / refused.max(1) as f64,
        );
        print!("{:>18}", "expected \\ got");
        for c in 0..11 {
            print!(" {:>4}", short(c));
        }
        println!();
        for (r, row) in self.table.iter().enumerate() {
            let name = if r == 10 {
                "underivable"
            } else {
                Kind::ALL[r].as_str()
            };
            print!("{name:>18}");
            for n in row {
                if *n == 0 {
                    print!(" {:>4}", ".");
                } else {
                    print!(" {n:>4}");
                }
            }
            println!();
        }
        if !self.misses.is_empty() {
            println!("misses:");
            for m in &self.misses {
                println!("{m}");
            }
        }
    }
}

/// The slices, in the order they were written, with how each one is used.
const SLICES: &[(&str, &str)] = &[
    ("labelled_dev.tsv", "development slice"),
    (
        "labelled_holdout.tsv",
        "held-out slice (same hand and session as dev)",
    ),
    ("labelled_fresh.tsv", "first fresh slice (tuned on)"),
    ("labelled_fresh2.tsv", "second fresh slice (tuned on)"),
    (
        "labelled_fresh3.tsv",
        "third fresh slice (HELD OUT, never tuned on)",
    ),
    ("labelled_fresh4.tsv", "fourth fresh slice (tuned on)"),
    (
        "labelled_fresh5.tsv",
        "fifth fresh slice (HELD OUT, first run after the tuning)",
    ),
    (
        "labelled_fresh6.tsv",
        "sixth fresh slice (issue 16, tuned on)",
    ),
];

#[test]
fn k3_k4_corpus_kind_right_on_90_percent_and_never_a_guess() {
    let mut all: Vec<Labelled> = Vec::new();
    for (file, title) in SLICES {
        let slice = labelled(file);
        Score::of(&slice).print(title);
        all.extend(slice);
    }
    assert!(all.len() >= 240, "the corpus has {} sentences", all.len());
    let pt = all.iter().filter(|s| s.lang == "pt").count();
    assert!(
        2 * pt >= all.len(),
        "only {pt} of {} are Portuguese",
        all.len()
    );
    let score = Score::of(&all);
    score.print("whole corpus");

    let (right, total) = score.derivable();
    assert!(
        right * 10 >= total * 9,
        "kind right on {right}/{total} derivable sentences, below 90%"
    );
    assert_eq!(
        score.guessed(),
        0,
        "a sentence labelled underivable got a kind"
    );
}
