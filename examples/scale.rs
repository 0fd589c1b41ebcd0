//! A store at scale: `cargo run --release --example scale -- [CAPSULES] [SCOPES] [PATH]`
//! (defaults 100000 capsules in 1 scope, a file in the system's temporary directory that is
//! removed afterwards; give PATH to keep it).
//!
//! Writes `CAPSULES` capsules of about 15 words, each with a 384-dimensional unit embedding,
//! spread round-robin over `SCOPES` agent scopes, in batches of 10,000 (one transaction each),
//! and reports, as one run of this machine:
//!
//! - **ingest**: capsules per second in the write calls, embeddings included (the texts and
//!   vectors are generated outside the timed calls), and the CPU time of those calls, every
//!   thread's (on Linux), which other work on the machine moves less than the wall clock;
//! - **file**: its length and the bytes it takes on disk (on Unix; redb grows a file by setting
//!   its length, and what was never written is a hole), the raw bytes stored (content + 4·384
//!   bytes per vector + metadata), their ratios, and where the space goes (redb's own statistics per table: stored, metadata and
//!   fragmented bytes, read from the closed file); then its size and term segments after
//!   `Kenning::compact` (which merges them), the store the measurements below open;
//! - **close**: the time the last handle takes to close, which saves the quantized vector copy
//!   so that an open reads it back (`docs/durability.md`, "The copies an open loads");
//! - **open** (in a fresh process, so that its memory is the open's alone): the time to open
//!   without verification, with it by redb's check of every page (the unverified open removed
//!   the seal), the time that handle takes to close (which seals the file) and the time to open
//!   verified against that seal, and the resident set size once open;
//! - **recall**: p50 and p99 of 200 queries per lane (term, vector, fused) in the first scope.
//!
//! `scale --measure PATH` measures a kept store again (open and recall), and `scale --measure
//! PATH LANE [N]` runs only N queries (200 by default) of one lane (`term`, `vector`, `fused`),
//! unverified, which is what to put under a profiler.
//!
//! The embeddings are clustered as a model's are: 1,000 random unit centres, each vector a centre
//! plus Gaussian noise (σ = 0.6 of its norm), normalised, so a query near a centre has neighbours
//! at cosines 0.6 to 0.9 (uniform random vectors, the worst case for any index, have none).
//! Texts draw 15 words from a 5,000-word Zipf vocabulary. Everything is seeded: two runs write
//! the same store.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use kenning::{
    Kenning, Lane, NewCapsule, OpenOptions, Principal, RetrieveRequest, ScopeKind, Verification,
};

const DIM: usize = 384;
const BATCH: usize = 10_000;
const CENTRES: u64 = 1_000;
const QUERIES: usize = 200;
const WORDS: u64 = 5_000;
const MODEL: &str = "scale-example-384";

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// xorshift64*: a small seeded generator.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in (0, 1).
    fn unit(&mut self) -> f64 {
        ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }
    /// Standard normal (Box–Muller).
    fn normal(&mut self) -> f64 {
        let (u, v) = (self.unit(), self.unit());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
    /// Zipf-like over `0..n`: rank r with weight about 1/r.
    fn zipf(&mut self, n: u64) -> u64 {
        ((n as f64).powf(self.unit()) as u64)
            .saturating_sub(1)
            .min(n - 1)
    }
}

fn normalised(v: Vec<f64>) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    v.into_iter().map(|x| (x / norm) as f32).collect()
}

fn centre(c: u64) -> Vec<f64> {
    let mut rng = Rng::new(1_000_003 + c);
    let v: Vec<f64> = (0..DIM).map(|_| rng.normal()).collect();
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    v.into_iter().map(|x| x / norm).collect()
}

/// A vector near centre `c`: the centre plus noise of norm about 0.6.
fn near(centre: &[f64], rng: &mut Rng) -> Vec<f32> {
    let sigma = 0.6 / (DIM as f64).sqrt();
    normalised(centre.iter().map(|x| x + sigma * rng.normal()).collect())
}

fn text(rng: &mut Rng) -> String {
    (0..15)
        .map(|_| format!("w{}", rng.zipf(WORDS)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--measure") {
        let path = args.get(1).ok_or("--measure needs a PATH")?;
        return match args.get(2).map(String::as_str) {
            None => measure(Path::new(path)),
            Some(lane) => {
                let lane = match lane {
                    "term" => Lane::Term,
                    "vector" => Lane::Vector,
                    "fused" => Lane::Fused,
                    other => {
                        return Err(
                            format!("lane {other:?}: expected term, vector or fused").into()
                        );
                    }
                };
                let queries = args.get(3).map_or(Ok(QUERIES), |n| n.parse())?;
                let store = OpenOptions::new().verify_on_open(false).open(path)?;
                let centres: Vec<Vec<f64>> = (0..CENTRES).map(centre).collect();
                let (p50, p99) = lane_latency(&store, lane, queries, &centres, &mut Rng::new(7))?;
                println!("{lane:?}: p50 {} p99 {}", ms(p50), ms(p99));
                Ok(())
            }
        };
    }
    let capsules: usize = args.first().map_or(Ok(100_000), |a| a.parse())?;
    let scopes: usize = args.get(1).map_or(Ok(1), |a| a.parse())?;
    let (_tmp, path) = match args.get(2) {
        Some(p) => (None, PathBuf::from(p)),
        None => {
            let dir = tempfile::tempdir()?;
            let path = dir.path().join("scale.redb");
            (Some(dir), path)
        }
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{capsules} capsules over {scopes} scope(s), {DIM} dimensions, batches of {BATCH}; {cores} cores"
    );
    let centres: Vec<Vec<f64>> = (0..CENTRES).map(centre).collect();

    let raw = if path.exists() {
        println!("{} exists: measuring it as it is", path.display());
        None
    } else {
        Some(ingest(&path, capsules, scopes, &centres)?)
    };
    let meta = std::fs::metadata(&path)?;
    let file = meta.len();
    let disk = on_disk(&meta);
    println!(
        "file: {}{}",
        mib(file),
        disk.map_or(String::new(), |d| format!(" long, {} on disk", mib(d)))
    );
    if let Some(raw) = raw {
        println!(
            "raw bytes stored (content + vectors + metadata): {}; file / raw = {:.2}{}",
            mib(raw),
            file as f64 / raw as f64,
            disk.map_or(String::new(), |d| format!(
                ", on disk / raw = {:.2}",
                d as f64 / raw as f64
            ))
        );
    }
    space(&path)?;
    let started = Instant::now();
    let compacted = Kenning::compact(&path)?;
    println!(
        "compacted in {:.1} s (term segments {} -> {}): {} -> {}{}",
        started.elapsed().as_secs_f64(),
        compacted.term_segments_before,
        compacted.term_segments_after,
        mib(compacted.bytes_before),
        mib(compacted.bytes_after),
        raw.map_or(String::new(), |raw| format!(
            "; file / raw = {:.2}",
            compacted.bytes_after as f64 / raw as f64
        ))
    );

    // Opens and queries in a fresh process: its memory is the store's alone.
    let status = Command::new(std::env::current_exe()?)
        .arg("--measure")
        .arg(&path)
        .status()?;
    if !status.success() {
        return Err(format!("the measuring process failed: {status}").into());
    }
    Ok(())
}

/// Writes the store; the raw bytes stored.
fn ingest(path: &Path, capsules: usize, scopes: usize, centres: &[Vec<f64>]) -> Result<u64> {
    let store = Kenning::open(path)?;
    let ops = Principal::operator("scale");
    for s in 0..scopes {
        store.register_scope(&ops, &format!("s{s}"), ScopeKind::Agent)?;
    }
    let mut rng = Rng::new(42);
    let mut raw = 0u64;
    // Only the calls are timed: generating the texts and vectors is the example's work.
    let mut elapsed = Duration::ZERO;
    let mut cpu = 0.0;
    let started = Instant::now();
    let mut written = 0;
    while written < capsules {
        let n = BATCH.min(capsules - written);
        let mut batch = Vec::with_capacity(n);
        let mut vectors = Vec::with_capacity(n);
        for i in written..written + n {
            let content = text(&mut rng);
            raw += content.len() as u64 + 4 * DIM as u64;
            batch.push(NewCapsule::new(format!("s{}", i % scopes), content));
            vectors.push(near(&centres[(rng.next() % CENTRES) as usize], &mut rng));
        }
        let refs: Vec<Option<&[f32]>> = vectors.iter().map(|v| Some(v.as_slice())).collect();
        let (call, call_cpu) = (Instant::now(), cpu_seconds());
        store.put_batch_with_embeddings(&ops, &batch, &refs, MODEL)?;
        elapsed += call.elapsed();
        cpu += cpu_seconds() - call_cpu;
        written += n;
        if written % 100_000 == 0 || written == capsules {
            eprintln!(
                "  {written} written, {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
    let closing = Instant::now();
    drop(store);
    let closed = closing.elapsed();
    println!(
        "ingest: {:.0} capsules/s with embeddings ({:.1} s in the calls, {:.1} s of CPU in them, \
         {:.1} s in all); close: {:.2} s (saves the quantized vector copy)",
        capsules as f64 / elapsed.as_secs_f64(),
        elapsed.as_secs_f64(),
        cpu,
        started.elapsed().as_secs_f64(),
        closed.as_secs_f64()
    );
    Ok(raw)
}

/// The bytes the file takes on disk: redb grows a file by setting its length (doubling it below
/// 4 GiB), and the part never written yet is a hole that takes no disk space.
#[cfg(unix)]
fn on_disk(meta: &std::fs::Metadata) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    Some(meta.blocks() * 512)
}

/// The bytes the file takes on disk: not measured off Unix.
#[cfg(not(unix))]
fn on_disk(_meta: &std::fs::Metadata) -> Option<u64> {
    None
}

/// Where the file's space goes, from redb's statistics of the closed file.
fn space(path: &Path) -> Result<()> {
    use redb::{ReadableDatabase as _, ReadableTableMetadata as _, TableHandle as _};
    let db = redb::Database::open(path)?;
    let stats = db.begin_write()?.stats()?;
    println!(
        "redb: {} pages of {} B allocated, {} leaf + {} branch; stored {}, metadata {}, fragmented {}",
        stats.allocated_pages(),
        stats.page_size(),
        stats.leaf_pages(),
        stats.branch_pages(),
        mib(stats.stored_bytes()),
        mib(stats.metadata_bytes()),
        mib(stats.fragmented_bytes())
    );
    let txn = db.begin_read()?;
    let mut tables = Vec::new();
    for handle in txn.list_tables()? {
        let name = handle.name().to_owned();
        let t = txn.open_untyped_table(handle)?.stats()?;
        tables.push((name, t));
    }
    tables.sort_by_key(|(_, t)| std::cmp::Reverse(t.stored_bytes() + t.fragmented_bytes()));
    println!("table                              stored      metadata    fragmented  leaf pages");
    for (name, t) in tables.iter().take(12) {
        println!(
            "{name:<34} {:<11} {:<11} {:<11} {}",
            mib(t.stored_bytes()),
            mib(t.metadata_bytes()),
            mib(t.fragmented_bytes()),
            t.leaf_pages()
        );
    }
    Ok(())
}

/// In the child: open (verified, then not), resident memory, recall latency per lane.
fn measure(path: &Path) -> Result<()> {
    let base = rss_bytes();
    let started = Instant::now();
    let store = OpenOptions::new().verify_on_open(false).open(path)?;
    let unverified = started.elapsed();
    let rss = rss_bytes().saturating_sub(base);
    drop(store);
    // The unverified handle removed the seal and wrote none: this open checks every page.
    let started = Instant::now();
    let store = OpenOptions::new().verify_on_open(true).open(path)?;
    let verified = started.elapsed();
    let rss_verified = rss_bytes().saturating_sub(base);
    if store.verification() != Verification::EveryPage {
        return Err(format!("expected a page check, got {:?}", store.verification()).into());
    }
    // Its close seals the file: the next open reads it once against the seal.
    let started = Instant::now();
    drop(store);
    let sealing = started.elapsed();
    let started = Instant::now();
    let store = OpenOptions::new().verify_on_open(true).open(path)?;
    let sealed = started.elapsed();
    if store.verification() != Verification::Sealed {
        return Err(format!("expected a sealed open, got {:?}", store.verification()).into());
    }
    drop(store);
    println!(
        "open: {:.2} s unverified, {:.2} s verified (every page), {:.2} s verified (sealed; the \
         close before it took {:.2} s); resident once open: {} unverified, {} after the verified \
         open",
        unverified.as_secs_f64(),
        verified.as_secs_f64(),
        sealed.as_secs_f64(),
        sealing.as_secs_f64(),
        mib(rss),
        mib(rss_verified)
    );
    let store = OpenOptions::new().verify_on_open(false).open(path)?;
    let centres: Vec<Vec<f64>> = (0..CENTRES).map(centre).collect();
    let mut rng = Rng::new(7);
    let mut rows = Vec::new();
    for lane in [Lane::Term, Lane::Vector, Lane::Fused] {
        let (p50, p99) = lane_latency(&store, lane, QUERIES, &centres, &mut rng)?;
        println!("{lane:?}: p50 {} p99 {}", ms(p50), ms(p99));
        rows.push((lane, p50, p99));
    }
    println!(
        "row: | {} | {} | {} | {} | {} / {} / {} |",
        rows[0].1.as_secs_f64() * 1e3,
        rows[1].1.as_secs_f64() * 1e3,
        rows[2].1.as_secs_f64() * 1e3,
        mib(rss),
        unverified.as_secs_f64(),
        verified.as_secs_f64(),
        sealed.as_secs_f64()
    );
    Ok(())
}

/// p50 and p99 of `queries` queries of `lane` in the first scope, after ten that warm the caches.
fn lane_latency(
    store: &Kenning,
    lane: Lane,
    queries: usize,
    centres: &[Vec<f64>],
    rng: &mut Rng,
) -> Result<(Duration, Duration)> {
    let ops = Principal::operator("scale");
    let scope = "s0";
    let mut times = Vec::with_capacity(queries);
    for i in 0..queries + 10 {
        let words: Vec<String> = (0..3).map(|_| format!("w{}", rng.zipf(WORDS))).collect();
        let embedding = near(&centres[(rng.next() % CENTRES) as usize], rng);
        let request = match lane {
            Lane::Term => RetrieveRequest::new(scope, words.join(" ")),
            Lane::Vector => RetrieveRequest::by_embedding(scope, embedding),
            _ => RetrieveRequest::new(scope, words.join(" ")).embedding(embedding),
        }
        .lane(lane)
        .limit(10);
        let started = Instant::now();
        let hits = store.retrieve(&ops, &request)?;
        let took = started.elapsed();
        if lane != Lane::Term {
            // Three rare words may match nothing in a small scope; an embedding always does.
            assert!(!hits.hits.is_empty(), "{lane:?} found nothing");
        }
        if i >= 10 {
            times.push(took);
        }
    }
    times.sort();
    Ok((times[times.len() / 2], times[times.len() * 99 / 100]))
}

/// The process's resident set size (Linux `/proc/self/status`; 0 elsewhere).
fn rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

/// The CPU time the process has used, every thread's, user and system (`/proc/self/stat`, in
/// the kernel's 1/100 s ticks); 0 where there is no `/proc`. Less moved by other work on the
/// machine than the wall clock: what the ingest line's CPU figure is for.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // The fields after the command name, which is in parentheses and may hold spaces.
            let rest = s.get(s.rfind(')')? + 2..)?;
            let fields: Vec<&str> = rest.split_whitespace().collect();
            // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
            let ticks =
                fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        })
        .unwrap_or(0.0)
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}
