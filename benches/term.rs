//! The term lane at 100k capsules, side by side with tantivy on the same corpus.
//!
//! - `term_query` (**the headline**): a question over one scope of 100 000 capsules, top 10,
//!   with the hits' texts fetched (`kenning_retrieve`), against tantivy's top 10 with the stored
//!   documents fetched, on the same texts with the same analysis (lowercase, ASCII folding,
//!   English stop words, English stemmer), in RAM. Two tantivy indexes: `reference_tantivy_merged`,
//!   force-merged to one segment, as a user who optimises has it, the honest reference and the
//!   one Kenning's claim is against; and `reference_tantivy_unmerged`, as the commit per batch
//!   and tantivy's default merge policy leave it (several segments). Kenning likewise twice:
//!   `kenning_retrieve` as the batches leave its term index (nine segments, tiered merges), and
//!   `kenning_retrieve_compacted` after `Kenning::compact`, which merges the segments as
//!   tantivy's force-merge does (one). The like-for-like pairs are compacted against merged and
//!   as ingested against unmerged; the claim is made against tantivy merged in both cases, so
//!   Kenning as ingested against tantivy merged is the worst case. `kenning_term_index_only`
//!   is the bare term index (no facade: no permission, fence or record work) for the split;
//!   the interleaved pass also runs it with its segments merged.
//!   Target: p50 under 2 ms, and at most tantivy merged. Besides criterion's means over a
//!   rotation of questions, the setup prints the p50, p90 and p99 of single questions for every
//!   engine, the segment counts, and the engines' CPU time per question measured interleaved
//!   (every question on each engine in turn, nine rounds, median): the ratio to trust on a
//!   machine shared with other work.
//! - `term_ingest`: 100 000 capsules of about 200 bytes, put in batches of 1 000, one durable
//!   redb transaction per batch with the content indexed in it (`kenning_put_batch_1k`: 100
//!   commits, each fsynced), against tantivy indexing the same texts in RAM with one indexing
//!   thread, either with a commit per batch (`reference_tantivy_commit_per_batch`: 100 commits,
//!   the same transaction boundaries as Kenning's) or with one commit at the end
//!   (`reference_tantivy_one_commit`: what a bulk load into tantivy does). tantivy's RAM
//!   directory never fsyncs, so both tantivy figures leave out the disk flushes Kenning's
//!   includes: they are a floor for the indexing work, not a like-for-like durable ingest.
//!   Target: above 20 000 capsules/s.
//!
//! The corpus is generated from a fixed seed so that every run measures the same texts:
//! `Speaker: sentence` lines whose words are English stop words (about four in ten tokens, as
//! in conversation) and content words drawn from a Zipf law over 30 000 pronounceable
//! pseudo-words (rank offset 10, so the most common content word sits in about a fifth of the
//! capsules, the way a speaker's name or a topic does in a long conversation). Questions draw
//! their content words from the same law, so common words occur in questions as they do in life.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stderr,
    missing_docs
)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use kenning::{Kenning, Lane, NewCapsule, Principal, RetrieveRequest, ScopeKind};
use kenning_term::TermIndex;
use redb::{ReadableDatabase, backends::InMemoryBackend};
use tantivy::collector::TopDocs;
use tantivy::query::QueryParser;
use tantivy::schema::{Field, IndexRecordOption, STORED, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer,
    StopWordFilter, TextAnalyzer,
};
use tantivy::{Index, IndexWriter, TantivyDocument, doc};

const CAPSULES: usize = 100_000;
const BATCH: usize = 1_000;
const SCOPE: &str = "bench.scope";
const QUESTIONS: usize = 200;

// ---- corpus ------------------------------------------------------------------------------------

#[path = "rng.rs"]
mod rng;
use rng::Rng;

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

struct Corpus {
    words: Vec<String>,
    cdf: Vec<f64>,
    names: Vec<String>,
}

impl Corpus {
    fn new(rng: &mut Rng) -> Self {
        const ONSETS: [&str; 16] = [
            "b", "c", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "br", "st", "tr",
        ];
        const VOWELS: [&str; 6] = ["a", "e", "i", "o", "u", "ea"];
        const CODAS: [&str; 6] = ["", "n", "r", "s", "l", "nt"];
        let mut seen = std::collections::HashSet::new();
        let mut words = Vec::with_capacity(30_000);
        while words.len() < 30_000 {
            let syllables = 1 + rng.below(3) + usize::from(rng.below(4) == 0);
            let mut w = String::new();
            for _ in 0..syllables {
                w.push_str(ONSETS[rng.below(ONSETS.len())]);
                w.push_str(VOWELS[rng.below(VOWELS.len())]);
            }
            w.push_str(CODAS[rng.below(CODAS.len())]);
            if w.len() >= 3 && seen.insert(w.clone()) {
                words.push(w);
            }
        }
        let mut cdf = Vec::with_capacity(words.len());
        let mut total = 0.0;
        for rank in 0..words.len() {
            total += 1.0 / (rank as f64 + 10.0);
            cdf.push(total);
        }
        for c in &mut cdf {
            *c /= total;
        }
        let names = (0..20)
            .map(|i| {
                let mut n = words[1000 + i * 7].clone();
                n[..1].make_ascii_uppercase();
                n
            })
            .collect();
        Self { words, cdf, names }
    }

    fn content_word(&self, rng: &mut Rng) -> &str {
        let u = rng.unit();
        let i = self
            .cdf
            .partition_point(|&c| c < u)
            .min(self.words.len() - 1);
        &self.words[i]
    }

    fn stop_word(rng: &mut Rng) -> &'static str {
        let list = kenning_term::stop::ENGLISH;
        // The first fifty entries (pronouns, auxiliaries) carry most of the weight.
        if rng.below(4) == 0 {
            list[rng.below(list.len())]
        } else {
            list[rng.below(50)]
        }
    }

    fn capsule(&self, rng: &mut Rng) -> String {
        let mut text = format!("{}: ", self.names[rng.below(self.names.len())]);
        let mut first = true;
        while text.len() < 190 {
            let word = if rng.below(10) < 4 {
                Self::stop_word(rng)
            } else {
                self.content_word(rng)
            };
            if !first {
                text.push(' ');
            }
            text.push_str(word);
            first = false;
            if rng.below(12) == 0 {
                text.push(if rng.below(3) == 0 { '?' } else { '.' });
            }
        }
        text
    }

    fn question(&self, rng: &mut Rng) -> String {
        const OPENINGS: [&str; 6] = [
            "What did",
            "When did",
            "Why does",
            "How did",
            "Where is the",
            "Who gave",
        ];
        let mut q = format!(
            "{} {}",
            OPENINGS[rng.below(OPENINGS.len())],
            self.names[rng.below(self.names.len())]
        );
        for _ in 0..(2 + rng.below(4)) {
            q.push(' ');
            q.push_str(self.content_word(rng));
        }
        q.push('?');
        q
    }
}

fn corpus() -> (Vec<String>, Vec<String>) {
    let mut rng = Rng(0x6B65_6E6E_696E_6721);
    let c = Corpus::new(&mut rng);
    let texts = (0..CAPSULES).map(|_| c.capsule(&mut rng)).collect();
    let questions = (0..QUESTIONS).map(|_| c.question(&mut rng)).collect();
    (texts, questions)
}

// ---- kenning -----------------------------------------------------------------------------------

fn kenning_ingest(dir: &std::path::Path, texts: &[String]) -> Kenning {
    let kn = Kenning::open(dir.join("bench.redb")).unwrap();
    let ops = Principal::operator("bench");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    for chunk in texts.chunks(BATCH) {
        let batch: Vec<NewCapsule> = chunk
            .iter()
            .map(|t| NewCapsule::new(SCOPE, t.as_str()))
            .collect();
        kn.put_batch(&ops, &batch).unwrap();
    }
    kn
}

fn kenning_query(kn: &Kenning, ops: &Principal, question: &str) -> usize {
    let request = RetrieveRequest::new(SCOPE, question)
        .lane(Lane::Term)
        .limit(10);
    let hits = kn.retrieve(ops, &request).unwrap().hits;
    hits.iter().map(|h| h.capsule.content.len()).sum()
}

/// The bare index's top 10 for `question`, counted.
fn bare_query(db: &redb::Database, question: &str) -> usize {
    let txn = db.begin_read().unwrap();
    TermIndex::default()
        .search(&txn, SCOPE, question, 10, &mut |_| true)
        .unwrap()
        .len()
}

/// The term index alone, over an in-memory redb: what the facade adds is the rest.
fn bare_index(texts: &[String]) -> redb::Database {
    let db = redb::Database::builder()
        .create_with_backend(InMemoryBackend::new())
        .unwrap();
    let index = TermIndex::default();
    let txn = db.begin_write().unwrap();
    index.create_tables(&txn).unwrap();
    txn.commit().unwrap();
    for (n, chunk) in texts.chunks(BATCH).enumerate() {
        let docs: Vec<(u64, &str)> = chunk
            .iter()
            .enumerate()
            .map(|(i, t)| ((n * BATCH + i + 1) as u64, t.as_str()))
            .collect();
        let txn = db.begin_write().unwrap();
        index.insert(&txn, SCOPE, &docs).unwrap();
        txn.commit().unwrap();
    }
    db
}

// ---- tantivy -----------------------------------------------------------------------------------

struct Tantivy {
    index: Index,
    body: Field,
    id: Field,
}

fn tantivy_index() -> Tantivy {
    let mut schema = Schema::builder();
    let indexing = TextFieldIndexing::default()
        .set_tokenizer("en_bench")
        .set_index_option(IndexRecordOption::WithFreqs);
    let body = schema.add_text_field(
        "body",
        TextOptions::default()
            .set_indexing_options(indexing)
            .set_stored(),
    );
    let id = schema.add_u64_field("id", STORED);
    let index = Index::create_in_ram(schema.build());
    let analyzer = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(64))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(StopWordFilter::new(Language::English).unwrap())
        .filter(Stemmer::new(Language::English))
        .build();
    index.tokenizers().register("en_bench", analyzer);
    Tantivy { index, body, id }
}

/// Indexes `texts` into a new tantivy index in RAM with one indexing thread, committing after
/// every batch of [`BATCH`] or (`per_batch` false) once at the end.
fn tantivy_ingest(texts: &[String], per_batch: bool) -> Tantivy {
    let t = tantivy_index();
    let mut writer: IndexWriter = t.index.writer_with_num_threads(1, 50_000_000).unwrap();
    for (n, chunk) in texts.chunks(BATCH).enumerate() {
        for (i, text) in chunk.iter().enumerate() {
            writer
                .add_document(doc!(t.body => text.as_str(), t.id => (n * BATCH + i) as u64))
                .unwrap();
        }
        if per_batch {
            writer.commit().unwrap();
        }
    }
    if !per_batch {
        writer.commit().unwrap();
    }
    writer.wait_merging_threads().unwrap();
    t
}

/// Merges every segment of `t` into one, as `IndexWriter::merge` over all of them does.
fn tantivy_force_merge(t: &Tantivy) {
    let mut writer: IndexWriter = t.index.writer_with_num_threads(1, 50_000_000).unwrap();
    let segments = t.index.searchable_segment_ids().unwrap();
    if segments.len() > 1 {
        writer.merge(&segments).wait().unwrap();
    }
    writer.wait_merging_threads().unwrap();
}

fn tantivy_query(
    searcher: &tantivy::Searcher,
    parser: &QueryParser,
    body: Field,
    question: &str,
) -> usize {
    let (query, _) = parser.parse_query_lenient(question);
    let top = searcher
        .search(&query, &TopDocs::with_limit(10).order_by_score())
        .unwrap();
    top.iter()
        .map(|(_, address)| {
            let d: TantivyDocument = searcher.doc(*address).unwrap();
            d.get_first(body).map_or(0, |_| 1)
        })
        .sum()
}

// ---- benches -----------------------------------------------------------------------------------

fn ingest(c: &mut Criterion) {
    let (texts, _) = corpus();
    let bytes: usize = texts.iter().map(String::len).sum();
    eprintln!(
        "corpus: {} capsules, {:.0} bytes each on average",
        texts.len(),
        bytes as f64 / texts.len() as f64
    );
    let mut g = c.benchmark_group("term_ingest_100k");
    // One ingest takes a second or more: ten of them, one each, is enough on a shared machine.
    g.sample_size(10);
    g.sampling_mode(SamplingMode::Flat);
    g.measurement_time(Duration::from_secs(15));
    g.throughput(Throughput::Elements(CAPSULES as u64));
    for (name, per_batch) in [
        ("reference_tantivy_commit_per_batch", true),
        ("reference_tantivy_one_commit", false),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| black_box(tantivy_ingest(&texts, per_batch)))
        });
    }
    g.bench_function("kenning_put_batch_1k", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |dir| {
                black_box(kenning_ingest(dir.path(), &texts));
                dir
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

fn percentiles(mut samples: Vec<Duration>) -> String {
    samples.sort();
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    format!(
        "p50 {:.3?}  p90 {:.3?}  p99 {:.3?}",
        at(0.5),
        at(0.9),
        at(0.99)
    )
}

/// Everything the query benches read: built once, on first use, so that a filtered run of the
/// ingest benches does not build it.
struct QueryState {
    questions: Vec<String>,
    _dir: tempfile::TempDir,
    kn: Kenning,
    /// The same capsules in a store compacted with `Kenning::compact` (term segments merged).
    compacted: Kenning,
    ops: Principal,
    bare: redb::Database,
    /// The bare index with its segments merged as compaction merges them.
    bare_merged: redb::Database,
    /// tantivy as the commits per batch leave it, and force-merged to one segment.
    unmerged: tantivy::Searcher,
    merged: tantivy::Searcher,
    parser: QueryParser,
    body: Field,
}

fn query_state() -> QueryState {
    let (texts, questions) = corpus();
    let dir = tempfile::tempdir().unwrap();
    let kn = kenning_ingest(dir.path(), &texts);
    let ops = Principal::operator("bench");
    let compacted = {
        let path = dir.path().join("compacted");
        std::fs::create_dir(&path).unwrap();
        drop(kenning_ingest(&path, &texts));
        let report = Kenning::compact(path.join("bench.redb")).unwrap();
        eprintln!(
            "kenning term segments: {} as ingested, {} compacted",
            report.term_segments_before, report.term_segments_after
        );
        Kenning::open(path.join("bench.redb")).unwrap()
    };
    let bare = bare_index(&texts);
    let bare_merged = bare_index(&texts);
    loop {
        let txn = bare_merged.begin_write().unwrap();
        let merged = TermIndex::default().merge_step(&txn, SCOPE).unwrap();
        txn.commit().unwrap();
        if !merged {
            break;
        }
    }
    let unmerged = tantivy_ingest(&texts, true);
    let merged = tantivy_ingest(&texts, true);
    tantivy_force_merge(&merged);
    let parser = QueryParser::for_index(&unmerged.index, vec![unmerged.body]);
    let s = QueryState {
        questions,
        _dir: dir,
        kn,
        compacted,
        ops,
        bare,
        bare_merged,
        unmerged: unmerged.index.reader().unwrap().searcher(),
        merged: merged.index.reader().unwrap().searcher(),
        parser,
        body: unmerged.body,
    };
    eprintln!(
        "tantivy segments: unmerged {}, merged {}",
        s.unmerged.segment_readers().len(),
        s.merged.segment_readers().len()
    );
    assert_eq!(s.merged.segment_readers().len(), 1);

    // Single-question latencies, after one warm-up pass over every question.
    for q in &s.questions {
        kenning_query(&s.kn, &s.ops, q);
        kenning_query(&s.compacted, &s.ops, q);
        tantivy_query(&s.unmerged, &s.parser, s.body, q);
        tantivy_query(&s.merged, &s.parser, s.body, q);
    }
    let time = |f: &dyn Fn(&str) -> usize| {
        s.questions
            .iter()
            .map(|q| {
                let start = Instant::now();
                black_box(f(q));
                start.elapsed()
            })
            .collect::<Vec<_>>()
    };
    let k = time(&|q| kenning_query(&s.kn, &s.ops, q));
    let kc = time(&|q| kenning_query(&s.compacted, &s.ops, q));
    let tm = time(&|q| tantivy_query(&s.merged, &s.parser, s.body, q));
    let tu = time(&|q| tantivy_query(&s.unmerged, &s.parser, s.body, q));
    eprintln!("single questions over 100k capsules, top 10 with texts:");
    eprintln!("  kenning retrieve            : {}", percentiles(k));
    eprintln!("  kenning retrieve, compacted : {}", percentiles(kc));
    eprintln!("  tantivy merged (1 segment)  : {}", percentiles(tm));
    eprintln!("  tantivy unmerged            : {}", percentiles(tu));
    interleaved(&s);
    s
}

/// The CPU time this thread has run, from the scheduler's statistics (Linux).
fn thread_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    Duration::from_nanos(stat.split_whitespace().next().unwrap().parse().unwrap())
}

/// One engine's answer to a question, reduced to a number so that it is not optimised away.
type Engine<'a> = dyn Fn(&str) -> usize + 'a;

/// The query ratios side by side, for a machine shared with other work (where criterion's
/// means, taken one engine after the other, drift with the load): round after round, every
/// question once on each engine in turn, each pass timed in the thread's CPU time; prints the
/// median per question over the rounds and each engine's ratio to tantivy merged.
fn interleaved(s: &QueryState) {
    const ROUNDS: usize = 9;
    let engines: [(&str, &Engine<'_>); 6] = [
        ("tantivy merged (1 segment)", &|q| {
            tantivy_query(&s.merged, &s.parser, s.body, q)
        }),
        ("tantivy unmerged", &|q| {
            tantivy_query(&s.unmerged, &s.parser, s.body, q)
        }),
        ("kenning retrieve", &|q| kenning_query(&s.kn, &s.ops, q)),
        ("kenning retrieve, compacted", &|q| {
            kenning_query(&s.compacted, &s.ops, q)
        }),
        ("kenning term index only", &|q| bare_query(&s.bare, q)),
        ("kenning index only, merged", &|q| {
            bare_query(&s.bare_merged, q)
        }),
    ];
    let mut times = vec![Vec::new(); engines.len()];
    for _ in 0..ROUNDS {
        for ((_, run), per) in engines.iter().zip(&mut times) {
            let before = thread_cpu();
            for q in &s.questions {
                black_box(run(q));
            }
            per.push((thread_cpu() - before) / s.questions.len() as u32);
        }
    }
    eprintln!("interleaved, CPU time per question (median of {ROUNDS} rounds):");
    let medians: Vec<Duration> = times
        .iter_mut()
        .map(|v| {
            v.sort();
            v[v.len() / 2]
        })
        .collect();
    for ((name, _), m) in engines.iter().zip(&medians) {
        eprintln!(
            "  {name:<28}: {m:.1?}, {:.2}x tantivy merged",
            m.as_secs_f64() / medians[0].as_secs_f64()
        );
    }
}

fn query(c: &mut Criterion) {
    let state = std::sync::OnceLock::new();
    let state = || state.get_or_init(query_state);
    let mut g = c.benchmark_group("term_query_100k");
    let mut i = 0;
    for (name, merged) in [
        ("reference_tantivy_merged", true),
        ("reference_tantivy_unmerged", false),
    ] {
        g.bench_function(name, |b| {
            let s = state();
            let searcher = if merged { &s.merged } else { &s.unmerged };
            b.iter(|| {
                i = (i + 1) % s.questions.len();
                tantivy_query(searcher, &s.parser, s.body, &s.questions[i])
            })
        });
    }
    g.bench_function("kenning_retrieve", |b| {
        let s = state();
        b.iter(|| {
            i = (i + 1) % s.questions.len();
            kenning_query(&s.kn, &s.ops, &s.questions[i])
        })
    });
    g.bench_function("kenning_retrieve_compacted", |b| {
        let s = state();
        b.iter(|| {
            i = (i + 1) % s.questions.len();
            kenning_query(&s.compacted, &s.ops, &s.questions[i])
        })
    });
    g.bench_function("kenning_term_index_only", |b| {
        let s = state();
        b.iter(|| {
            i = (i + 1) % s.questions.len();
            bare_query(&s.bare, &s.questions[i])
        })
    });
    g.finish();
}

criterion_group!(benches, ingest, query);
criterion_main!(benches);
