//! Evidence recall on a LoCoMo-format folder:
//! `cargo run --release --example locomo_eval -- DIR [--folds] [--grid]`.
//!
//! `DIR` holds `docs.jsonl` (one memory per line: `conv`, `id`, `session`, `date`, `text`) and
//! `queries.jsonl` (one question per line: `conv`, `qid`, `question`, `category`, `evidence`), as
//! `../shared/eval/locomo-dev` does, and their embeddings `docs.f32` and `queries.f32` (row `i`
//! for the `i`-th record, little-endian `f32`, the same number of components per row, e.g. 384).
//! The example loads the folder into a fresh temporary store — one scope per `conv`, one capsule
//! per memory with its turn id (and session) as metadata and its session date as the fact-time
//! declaration where the date parses, each capsule's embedding attached under the model tag
//! `all-MiniLM-L6-v2` — then asks every question against its own conversation's scope, with
//! the question's text and embedding and the library's default parameters, and prints one line
//! per lane. Kenning's own figures on `../shared/eval/locomo-dev` (each session a thread, the
//! defaults: convex fusion 1 : 1.5, context 2 / 0.7; 2026-12-01):
//!
//! ```text
//! term R@1=0.348 R@5=0.639 R@10=0.756
//! vector R@1=0.153 R@5=0.415 R@10=0.518
//! fused R@1=0.350 R@5=0.676 R@10=0.784
//! ```
//!
//! Without the two `.f32` files only the term line is printed. Evidence recall@k is the share of
//! a question's (distinct) evidence turns found among the top k hits, averaged over every
//! question that names evidence. Progress and counts go to stderr; stdout holds only the
//! figures.
//!
//! `--folds` then cross-validates each lane's parameters, leaving one conversation out: for
//! each conversation, the configuration of the lane's grid with the best R@1 + R@5 + R@10 on the
//! other conversations is measured on the one left out. It prints, per lane, each fold's choice
//! and figures beside the defaults' on the same conversation, the cross-validated figures (every
//! question scored by a configuration tuned without its conversation) with the mean and
//! standard deviation over the folds, the in-sample best, and the defaults. A default that
//! wins in-sample but not cross-validated is fitted to the conversations it was chosen on.
//!
//! `--grid` prints the fused lane's grid, one line per configuration, with the spread of R@10
//! over the conversations: the sensitivity behind the defaults.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::collections::{BTreeMap, HashSet};
use std::error::Error;
use std::fs;
use std::path::Path;
use std::time::Instant;

use kenning::{
    CapsuleId, Context, FactTime, Fusion, Kenning, Lane, MAX_BATCH, MAX_CONTENT_BYTES, NewCapsule,
    Principal, RetrieveRequest, ScopeKind, Timestamp,
};
use serde::Deserialize;

/// The cut-offs reported.
const KS: [usize; 3] = [1, 5, 10];

/// Capsules per batched put.
const BATCH: usize = 1000;

/// The model tag of the embeddings in the eval folders.
const MODEL_TAG: &str = "all-MiniLM-L6-v2";

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
    let mut args = std::env::args_os().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: cargo run --release --example locomo_eval -- DIR [--folds] [--grid]");
        eprintln!("DIR holds docs.jsonl and queries.jsonl in the LoCoMo eval format");
        std::process::exit(2);
    };
    let (mut folds, mut grid) = (false, false);
    for flag in args {
        match flag.to_str() {
            Some("--folds") => folds = true,
            Some("--grid") => grid = true,
            _ => {
                eprintln!("unknown argument {flag:?}: the options are --folds and --grid");
                std::process::exit(2);
            }
        }
    }
    let dir = Path::new(&dir);
    let docs: Vec<Doc> = read_jsonl(&dir.join("docs.jsonl"))?;
    let queries: Vec<Query> = read_jsonl(&dir.join("queries.jsonl"))?;
    let doc_vectors = read_rows(&dir.join("docs.f32"), docs.len())?;
    let query_vectors = read_rows(&dir.join("queries.f32"), queries.len())?;
    let vectors = match (doc_vectors, query_vectors) {
        (Some(d), Some(q)) if d.dimension == q.dimension => Some((d, q)),
        (Some(d), Some(q)) => {
            return Err(format!(
                "docs.f32 rows have {} components but queries.f32 rows {}: embed both with one \
                 model",
                d.dimension, q.dimension
            )
            .into());
        }
        _ => {
            eprintln!("no docs.f32 / queries.f32 beside the jsonl files: the term lane only");
            None
        }
    };

    let tmp = tempfile::tempdir()?;
    let store = Kenning::open(tmp.path().join("locomo.redb"))?;
    let ops = Principal::operator("locomo-eval");

    // One scope per conversation; `rows` keeps, per scope, the docs.jsonl record of each
    // capsule in put order.
    let mut scopes = Scopes::default();
    let mut by_scope: BTreeMap<String, (Vec<NewCapsule>, Vec<usize>)> = BTreeMap::new();
    let (mut dated, mut skipped) = (0usize, 0usize);
    for (row, doc) in docs.iter().enumerate() {
        let scope = scopes.id(&store, &ops, &conv_name(&doc.conv))?;
        if doc.text.trim().is_empty() || doc.text.len() > MAX_CONTENT_BYTES {
            skipped += 1;
            continue;
        }
        let mut capsule = NewCapsule::new(scope.clone(), doc.text.clone()).meta("turn", &doc.id);
        if let Some(session) = &doc.session {
            capsule = capsule.meta("session", session);
            // A session is a thread; a turn's number (`D4:12` → 12) its position.
            if let Some(turn) = doc.id.rsplit_once(':').and_then(|(_, n)| n.parse().ok()) {
                capsule = capsule.thread(session.as_str(), turn);
            }
        }
        if let Some(at) = doc.date.as_deref().and_then(parse_date) {
            capsule = capsule.fact_time(FactTime::at(at));
            dated += 1;
        }
        let entry = by_scope.entry(scope).or_default();
        entry.0.push(capsule);
        entry.1.push(row);
    }
    let started = Instant::now();
    let mut ids: Vec<(CapsuleId, usize)> = Vec::new();
    for (capsules, rows) in by_scope.values() {
        for (batch, batch_rows) in capsules.chunks(BATCH).zip(rows.chunks(BATCH)) {
            ids.extend(
                store
                    .put_batch(&ops, batch)?
                    .into_iter()
                    .zip(batch_rows.iter().copied()),
            );
        }
    }
    eprintln!(
        "loaded {} memories ({dated} dated, {skipped} skipped as blank or oversized) into {} \
         scopes in {:.2?}",
        docs.len() - skipped,
        scopes.len(),
        started.elapsed()
    );
    if let Some((doc_vectors, _)) = &vectors {
        let started = Instant::now();
        // A row the store would refuse (zero or non-finite: cosine is undefined for it) is
        // left out, and its capsule is absent from the vector lane.
        let usable: Vec<(CapsuleId, &[f32])> = ids
            .iter()
            .map(|&(id, row)| (id, doc_vectors.row(row)))
            .filter(|(_, v)| usable(v))
            .collect();
        for batch in usable.chunks(MAX_BATCH) {
            store.attach_embeddings(&ops, batch, MODEL_TAG)?;
        }
        eprintln!(
            "attached {} embeddings of {} dimensions ({} rows unusable) in {:.2?}",
            usable.len(),
            doc_vectors.dimension,
            ids.len() - usable.len(),
            started.elapsed()
        );
    }

    let eval = Eval {
        store: &store,
        ops: &ops,
        queries: &queries,
        query_vectors: vectors.as_ref().map(|(_, q)| q),
        scopes: &scopes,
    };
    let lanes: &[Lane] = if vectors.is_some() {
        &[Lane::Term, Lane::Vector, Lane::Fused]
    } else {
        &[Lane::Term]
    };
    for &lane in lanes {
        let started = Instant::now();
        let run = eval.run(&Config::defaults(lane))?;
        eprintln!(
            "{lane}: {} questions with evidence ({} without) in {:.2?}",
            run.questions.len(),
            queries.len() - run.questions.len(),
            started.elapsed()
        );
        println!("{lane} {}", figures(&run.all()));
    }

    if folds {
        eval.folds(lanes)?;
    }
    if grid && vectors.is_some() {
        eval.grid()?;
    }
    Ok(())
}

/// The hits asked per question: the largest cut-off.
fn eval_limit() -> usize {
    KS.iter().copied().max().unwrap_or(10)
}

/// Whether the store accepts `v` as an embedding: finite, not all zero.
fn usable(v: &[f32]) -> bool {
    v.iter().all(|x| x.is_finite()) && v.iter().any(|&x| x != 0.0)
}

/// Rows of little-endian `f32`, all of one length.
struct Rows {
    dimension: usize,
    values: Vec<f32>,
}

impl Rows {
    fn row(&self, i: usize) -> &[f32] {
        &self.values[i * self.dimension..(i + 1) * self.dimension]
    }
}

/// Reads `rows` rows from `path`, if the file exists; the dimension is its length over the row
/// count.
fn read_rows(path: &Path, rows: usize) -> Result<Option<Rows>, Box<dyn Error>> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display()).into()),
    };
    let per_row = 4 * rows.max(1);
    if rows == 0 || bytes.is_empty() || bytes.len() % per_row != 0 {
        return Err(format!(
            "{} holds {} bytes, not {rows} rows of little-endian f32 of one length",
            path.display(),
            bytes.len()
        )
        .into());
    }
    let values = bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    Ok(Some(Rows {
        dimension: bytes.len() / per_row,
        values,
    }))
}

/// Everything a run of the questions needs.
struct Eval<'a> {
    store: &'a Kenning,
    ops: &'a Principal,
    queries: &'a [Query],
    query_vectors: Option<&'a Rows>,
    scopes: &'a Scopes,
}

/// One way of asking every question: the lane and the request's parameters.
#[derive(Clone)]
struct Config {
    label: String,
    lane: Lane,
    fusion: Fusion,
    context: Context,
}

impl Config {
    /// The lane with the library's defaults.
    fn defaults(lane: Lane) -> Self {
        Self {
            label: "defaults".into(),
            lane,
            fusion: Fusion::default(),
            context: Context::default(),
        }
    }
}

/// The recall of one configuration on every question that names evidence, in question order,
/// with the scope each question was asked in.
struct Run {
    /// `(scope, [R@1, R@5, R@10])` per counted question.
    questions: Vec<(String, [f64; KS.len()])>,
}

impl Run {
    /// The mean recall at each cut-off over the questions `keep` selects.
    fn mean(&self, keep: impl Fn(&str) -> bool) -> [f64; KS.len()] {
        let mut sums = [0.0; KS.len()];
        let mut n = 0usize;
        for (scope, r) in &self.questions {
            if keep(scope) {
                n += 1;
                for (s, x) in sums.iter_mut().zip(r) {
                    *s += x;
                }
            }
        }
        sums.map(|s| s / n.max(1) as f64)
    }

    fn all(&self) -> [f64; KS.len()] {
        self.mean(|_| true)
    }
}

/// `R@1=0.330 R@5=0.558 R@10=0.632`.
fn figures(r: &[f64; KS.len()]) -> String {
    KS.iter()
        .zip(r)
        .map(|(k, x)| format!("R@{k}={x:.3}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the folds choose by: the sum of R@1, R@5 and R@10 over the tuning questions, so that
/// no cut-off is traded away for another unseen.
fn objective(r: &[f64; KS.len()]) -> f64 {
    r.iter().sum()
}

/// Mean and population standard deviation of one figure over the folds.
fn spread(values: &[f64]) -> (f64, f64) {
    let n = values.len().max(1) as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    (mean, var.sqrt())
}

/// The leave-one-conversation-out report of one lane's grid.
struct Folds {
    /// Per held-out scope: the configuration the other scopes chose, and its recall there.
    chosen: Vec<(String, usize, [f64; KS.len()])>,
    /// The held-out figures over every question (each question scored by the configuration
    /// tuned without its conversation).
    pooled: [f64; KS.len()],
}

impl Folds {
    fn of(runs: &[Run], scopes: &[String]) -> Self {
        let mut chosen = Vec::new();
        let mut sums = [0.0; KS.len()];
        let mut n = 0usize;
        for held in scopes {
            let best = (0..runs.len())
                .map(|i| (i, objective(&runs[i].mean(|s| s != held))))
                .fold((0, f64::NEG_INFINITY), |best, (i, o)| {
                    if o > best.1 { (i, o) } else { best }
                })
                .0;
            let there = runs[best].mean(|s| s == held);
            let count = runs[best]
                .questions
                .iter()
                .filter(|(s, _)| s == held)
                .count();
            for (s, x) in sums.iter_mut().zip(there) {
                *s += x * count as f64;
            }
            n += count;
            chosen.push((held.clone(), best, there));
        }
        Self {
            chosen,
            pooled: sums.map(|s| s / n.max(1) as f64),
        }
    }

    /// `fold mean R@1=0.340±0.026 ...`.
    fn fold_spread(&self) -> String {
        (0..KS.len())
            .map(|at| {
                let values: Vec<f64> = self.chosen.iter().map(|(_, _, r)| r[at]).collect();
                let (mean, sd) = spread(&values);
                format!("R@{}={mean:.3}±{sd:.3}", KS[at])
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Eval<'_> {
    /// The scopes questions are asked in, in name order.
    fn scope_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.scopes.ids.values().cloned().collect();
        names.sort();
        names
    }

    /// Leave-one-conversation-out cross-validation of each lane's grid: for each conversation,
    /// the configuration with the best objective on the other conversations is measured on it.
    fn folds(&self, lanes: &[Lane]) -> Result<(), Box<dyn Error>> {
        let scopes = self.scope_names();
        println!();
        println!(
            "# folds: leave one conversation out of {}: tune on the others (objective R@1+R@5+R@10), \
             measure on it",
            scopes.len()
        );
        for &lane in lanes {
            let grid = grid_for(lane);
            let runs: Vec<Run> = grid.iter().map(|c| self.run(c)).collect::<Result<_, _>>()?;
            let folds = Folds::of(&runs, &scopes);
            println!("## {lane}: {} configurations", grid.len());
            for (held, chosen, there) in &folds.chosen {
                let defaults = runs[0].mean(|s| s == held);
                println!(
                    "{held:<10} tuned {:<32} {}   defaults {}",
                    grid[*chosen].label,
                    figures(there),
                    figures(&defaults)
                );
            }
            let default_folds = Folds {
                chosen: scopes
                    .iter()
                    .map(|s| (s.clone(), 0, runs[0].mean(|x| x == s)))
                    .collect(),
                pooled: runs[0].all(),
            };
            let best_in = (0..runs.len())
                .fold((0, f64::NEG_INFINITY), |best, i| {
                    let o = objective(&runs[i].all());
                    if o > best.1 { (i, o) } else { best }
                })
                .0;
            println!(
                "{lane} cross-validated {}   fold mean {}",
                figures(&folds.pooled),
                folds.fold_spread()
            );
            println!(
                "{lane} in-sample best ({}) {}",
                grid[best_in].label,
                figures(&runs[best_in].all())
            );
            println!(
                "{lane} defaults {}   fold mean {}",
                figures(&default_folds.pooled),
                default_folds.fold_spread()
            );
        }
        Ok(())
    }

    /// Prints the fused lane's recall over a grid of fusion parameters, with the spread of
    /// R@10 over the conversations.
    fn grid(&self) -> Result<(), Box<dyn Error>> {
        println!();
        println!("# the fused lane's grid, R@10 per conversation as min..max");
        let scopes = self.scope_names();
        for config in grid_for(Lane::Fused) {
            let run = self.run(&config)?;
            let per: Vec<f64> = scopes
                .iter()
                .map(|s| run.mean(|x| x == s)[KS.len() - 1])
                .collect();
            let lo = per.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = per.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            println!(
                "{:<34} {}   R@10 per conversation {lo:.3}..{hi:.3}",
                config.label,
                figures(&run.all())
            );
        }
        Ok(())
    }

    fn run(&self, config: &Config) -> Result<Run, Box<dyn Error>> {
        let limit = eval_limit();
        let mut run = Run {
            questions: Vec::new(),
        };
        for (row, q) in self.queries.iter().enumerate() {
            let evidence: HashSet<&str> = q.evidence.iter().map(String::as_str).collect();
            if evidence.is_empty() {
                continue;
            }
            let Some(scope) = self.scopes.get(&conv_name(&q.conv)) else {
                // A conversation with no memories: nothing can be found.
                run.questions.push((String::new(), [0.0; KS.len()]));
                continue;
            };
            let mut found = [0.0; KS.len()];
            if let Some(hits) = self.ask(config, scope, row, q, limit)? {
                let turns: Vec<Option<&str>> = hits
                    .iter()
                    .map(|h| h.capsule.metadata.get("turn").map(String::as_str))
                    .collect();
                for (slot, k) in found.iter_mut().zip(KS) {
                    let n = turns
                        .iter()
                        .take(k)
                        .flatten()
                        .filter(|t| evidence.contains(**t))
                        .collect::<HashSet<_>>()
                        .len();
                    *slot = n as f64 / evidence.len() as f64;
                }
            }
            run.questions.push((scope.to_owned(), found));
        }
        Ok(run)
    }

    /// The hits for question `row`; `None` when the lane cannot ask it (no usable embedding,
    /// or no text for the term lane).
    fn ask(
        &self,
        config: &Config,
        scope: &str,
        row: usize,
        q: &Query,
        limit: usize,
    ) -> Result<Option<Vec<kenning::Hit>>, Box<dyn Error>> {
        let has_text = !q.question.trim().is_empty();
        let mut request = RetrieveRequest::new(scope, q.question.as_str())
            .lane(config.lane)
            .limit(limit)
            .fusion(config.fusion)
            .context(config.context);
        if config.lane != Lane::Term {
            let Some(v) = self
                .query_vectors
                .map(|rows| rows.row(row))
                .filter(|v| usable(v))
            else {
                return Ok(None);
            };
            request = request.embedding(v);
            if !has_text {
                request.query = None;
            }
        } else if !has_text {
            return Ok(None);
        }
        Ok(Some(self.store.retrieve(self.ops, &request)?.hits))
    }
}

/// The configurations the folds choose among for `lane`, the library's defaults first (a tie
/// keeps the earlier one, so the defaults win ties).
fn grid_for(lane: Lane) -> Vec<Config> {
    let mut grid = vec![Config::defaults(lane)];
    let mut contexts = vec![("context off".to_owned(), Context::none())];
    for window in [1, 2, 3] {
        for weight in [0.5, 0.7, 0.9] {
            contexts.push((
                format!("context {window}/{weight}"),
                Context::new(window, weight),
            ));
        }
    }
    let mut fusions = vec![(String::new(), Fusion::default())];
    if lane == Lane::Fused {
        fusions.clear();
        for depth in [10, 20] {
            for w in [1.0, 1.25, 1.5, 2.0, 2.5] {
                fusions.push((
                    format!("convex 1:{w} depth={depth}"),
                    Fusion::convex().with_weights(1.0, w).with_depth(depth),
                ));
            }
            for k in [10.0, 60.0] {
                fusions.push((
                    format!("rrf k={k} depth={depth}"),
                    Fusion::rrf().with_k(k).with_depth(depth),
                ));
            }
        }
    }
    for (f_label, fusion) in &fusions {
        for (c_label, context) in &contexts {
            grid.push(Config {
                label: format!("{f_label} {c_label}").trim().to_owned(),
                lane,
                fusion: *fusion,
                context: *context,
            });
        }
    }
    grid
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
