//! Evidence recall on a LoCoMo-format folder:
//! `cargo run --release --example locomo_eval -- DIR`.
//!
//! `DIR` holds `docs.jsonl` (one memory per line: `conv`, `id`, `session`, `date`, `text`) and
//! `queries.jsonl` (one question per line: `conv`, `qid`, `question`, `category`, `evidence`), as
//! `../shared/eval/locomo-dev` does. The example loads the folder into a fresh temporary store —
//! one scope per `conv`, one capsule per memory with its turn id (and session) as metadata and
//! its session date as the fact-time declaration where the date parses — then asks every question
//! against its own conversation's scope and prints one line per lane:
//!
//! ```text
//! term R@1=0.254 R@5=0.468 R@10=0.544
//! ```
//!
//! Evidence recall@k is the share of a question's (distinct) evidence turns found among the top
//! k hits, averaged over every question that names evidence. Progress and counts go to stderr;
//! stdout holds only the figures.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::collections::{BTreeMap, HashSet};
use std::error::Error;
use std::fs;
use std::path::Path;
use std::time::Instant;

use kenning::{
    FactTime, Kenning, Lane, MAX_CONTENT_BYTES, NewCapsule, Principal, RetrieveRequest, ScopeKind,
    Timestamp,
};
use serde::Deserialize;

/// The cut-offs reported.
const KS: [usize; 3] = [1, 5, 10];

/// Capsules per batched put.
const BATCH: usize = 1000;

#[derive(Deserialize)]
struct Doc {
    conv: serde_json::Value,
    id: String,
    #[serde(default)]
    session: Option<String>,
    #[serde(default)]
    date: Option<String>,
    text: String,
}

#[derive(Deserialize)]
struct Query {
    conv: serde_json::Value,
    question: String,
    #[serde(default)]
    evidence: Vec<String>,
}

fn main() -> Result<(), Box<dyn Error>> {
    let Some(dir) = std::env::args_os().nth(1) else {
        eprintln!("usage: cargo run --release --example locomo_eval -- DIR");
        eprintln!("DIR holds docs.jsonl and queries.jsonl in the LoCoMo eval format");
        std::process::exit(2);
    };
    let dir = Path::new(&dir);
    let docs: Vec<Doc> = read_jsonl(&dir.join("docs.jsonl"))?;
    let queries: Vec<Query> = read_jsonl(&dir.join("queries.jsonl"))?;

    let tmp = tempfile::tempdir()?;
    let store = Kenning::open(tmp.path().join("locomo.redb"))?;
    let ops = Principal::operator("locomo-eval");

    // One scope per conversation.
    let mut scopes = Scopes::default();
    let mut by_scope: BTreeMap<String, Vec<NewCapsule>> = BTreeMap::new();
    let (mut dated, mut skipped) = (0usize, 0usize);
    for doc in &docs {
        let scope = scopes.id(&store, &ops, &conv_name(&doc.conv))?;
        if doc.text.trim().is_empty() || doc.text.len() > MAX_CONTENT_BYTES {
            skipped += 1;
            continue;
        }
        let mut capsule = NewCapsule::new(scope.clone(), doc.text.clone()).meta("turn", &doc.id);
        if let Some(session) = &doc.session {
            capsule = capsule.meta("session", session);
        }
        if let Some(at) = doc.date.as_deref().and_then(parse_date) {
            capsule = capsule.fact_time(FactTime::at(at));
            dated += 1;
        }
        by_scope.entry(scope).or_default().push(capsule);
    }
    let started = Instant::now();
    for capsules in by_scope.values() {
        for batch in capsules.chunks(BATCH) {
            store.put_batch(&ops, batch)?;
        }
    }
    eprintln!(
        "loaded {} memories ({dated} dated, {skipped} skipped as blank or oversized) into {} \
         scopes in {:.2?}",
        docs.len() - skipped,
        scopes.len(),
        started.elapsed()
    );

    let lanes = [Lane::Term];
    let limit = KS.iter().copied().max().unwrap_or(10);
    for lane in lanes {
        let started = Instant::now();
        let mut sums = [0.0f64; KS.len()];
        let mut counted = 0usize;
        for q in &queries {
            let evidence: HashSet<&str> = q.evidence.iter().map(String::as_str).collect();
            if evidence.is_empty() {
                continue;
            }
            counted += 1;
            let Some(scope) = scopes.get(&conv_name(&q.conv)) else {
                continue; // a conversation with no memories: nothing can be found
            };
            if q.question.trim().is_empty() {
                continue;
            }
            let request = RetrieveRequest::new(scope, q.question.as_str())
                .lane(lane)
                .limit(limit);
            let hits = store.retrieve(&ops, &request)?.hits;
            let turns: Vec<Option<&str>> = hits
                .iter()
                .map(|h| h.capsule.metadata.get("turn").map(String::as_str))
                .collect();
            for (sum, k) in sums.iter_mut().zip(KS) {
                let found = turns
                    .iter()
                    .take(k)
                    .flatten()
                    .filter(|t| evidence.contains(**t))
                    .collect::<HashSet<_>>()
                    .len();
                *sum += found as f64 / evidence.len() as f64;
            }
        }
        eprintln!(
            "{lane}: {counted} questions with evidence ({} without) in {:.2?}",
            queries.len() - counted,
            started.elapsed()
        );
        let denominator = counted.max(1) as f64;
        let figures: Vec<String> = KS
            .iter()
            .zip(sums)
            .map(|(k, sum)| format!("R@{k}={:.3}", sum / denominator))
            .collect();
        println!("{lane} {}", figures.join(" "));
    }
    Ok(())
}

fn read_jsonl<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>, Box<dyn Error>> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line)
                .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1).into())
        })
        .collect()
}

/// A conversation id as text, whether the file writes it as a string or a number.
fn conv_name(conv: &serde_json::Value) -> String {
    match conv {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Conversation → scope id. `conv.<name>` when that is a valid scope id, `conv.<n>` otherwise.
#[derive(Default)]
struct Scopes {
    ids: BTreeMap<String, String>,
}

impl Scopes {
    fn id(&mut self, store: &Kenning, ops: &Principal, conv: &str) -> kenning::Result<String> {
        if let Some(id) = self.ids.get(conv) {
            return Ok(id.clone());
        }
        let wanted = format!("conv.{conv}");
        let id = if kenning::vocab::name::check(&wanted, kenning::MAX_SCOPE_ID_CHARS).is_ok() {
            wanted
        } else {
            format!("conv.{}", self.ids.len())
        };
        store.register_scope(ops, &id, ScopeKind::Agent)?;
        self.ids.insert(conv.to_owned(), id.clone());
        Ok(id)
    }

    fn get(&self, conv: &str) -> Option<&str> {
        self.ids.get(conv).map(String::as_str)
    }

    fn len(&self) -> usize {
        self.ids.len()
    }
}

/// Parses a LoCoMo session date, `1:56 pm on 8 May, 2023`, as UTC. `None` when it does not
/// parse: the capsule is then stored undated.
fn parse_date(text: &str) -> Option<Timestamp> {
    let (clock, day) = text.trim().split_once(" on ")?;
    let (hm, meridiem) = clock.trim().split_once(' ')?;
    let (h, m) = hm.split_once(':')?;
    let (mut hour, minute): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    if !(1..=12).contains(&hour) || !(0..60).contains(&minute) {
        return None;
    }
    match meridiem.to_ascii_lowercase().as_str() {
        "am" => hour %= 12,
        "pm" => hour = hour % 12 + 12,
        _ => return None,
    }
    let mut parts = day.split_whitespace();
    let d: i64 = parts.next()?.parse().ok()?;
    let month = parts.next()?.trim_end_matches(',');
    let y: i64 = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    const MONTHS: [&str; 12] = [
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
    ];
    let month = month.to_ascii_lowercase();
    let m = MONTHS.iter().position(|n| *n == month)? as i64 + 1;
    if !(1..=days_in_month(y, m)).contains(&d) {
        return None;
    }
    let days = days_from_civil(y, m, d);
    Some(Timestamp::from_millis(
        ((days * 24 + hour) * 60 + minute) * 60_000,
    ))
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the proleptic Gregorian date `y-m-d`: count the days of the whole
/// 400-year eras, then of the years and months in the current era, with the year starting in
/// March so that the leap day falls last.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let month_from_march = (m + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + d - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_dates_parse_as_utc() {
        let t = parse_date("1:56 pm on 8 May, 2023").unwrap();
        assert_eq!(t.to_string(), "2023-05-08T13:56:00.000Z");
        assert_eq!(
            parse_date("12:05 am on 29 February, 2024")
                .unwrap()
                .to_string(),
            "2024-02-29T00:05:00.000Z"
        );
        assert_eq!(
            parse_date("12:30 pm on 1 January, 1970")
                .unwrap()
                .as_millis(),
            (12 * 60 + 30) * 60_000
        );
        for bad in [
            "",
            "yesterday",
            "13:00 pm on 8 May, 2023",
            "1:56 pm on 30 February, 2023",
            "1:56 pm on 8 Mai, 2023",
            "1:56 on 8 May, 2023",
        ] {
            assert!(parse_date(bad).is_none(), "{bad:?}");
        }
    }
}
