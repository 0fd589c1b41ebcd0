//! What verifying a store on open costs: `cargo run --release --example open_cost -- [MIB] [PATH]`
//! (defaults 1024 MiB and a file in the system's temporary directory).
//!
//! Fills a store at `PATH` (kept between runs, so that a second run measures opens alone) with
//! capsules of 16 KiB of text and 384-dimensional embeddings until the file holds `MIB` MiB, then
//! times, three times each and in turn, every way of opening it:
//!
//! - `read-write, every page`: `Kenning::open`, the default, with no seal beside the file (it is
//!   removed first): every page checksum is read and checked before the handle serves;
//! - `close, sealing`: dropping a read-write handle whose open verified the file, which seals it
//!   (a CRC-32 of every MiB, read once, `docs/durability.md`);
//! - `read-write, sealed` and `read-only, sealed`: the default opens beside that seal, which read
//!   the file once against it instead of checking every page;
//! - `read-write, unverified`: `OpenOptions::new().verify_on_open(false)`: a damaged page is met
//!   only when a read reaches it (it removes the seal);
//! - `read-only, every page`: `Kenning::open_read_only` with no seal, through a private
//!   copy-on-write view of the file;
//! - `check`: `Kenning::check`, what `kenning store check` runs: the page checksums, then every
//!   record's own.
//!
//! Each open also loads the derived copies (the vectors), which the unverified open shows alone.
//! The file stays in the OS page cache between opens (it is read just before), so the figures are
//! the CPU cost of checking, not the disk's speed; on a cold cache the whole file is read once
//! from disk in addition.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::error::Error;
use std::path::PathBuf;
use std::time::Instant;

use kenning::{
    CapsuleId, Durability, Kenning, NewCapsule, OpenOptions, Principal, ScopeKind, Verification,
};

const DIM: usize = 384;

/// One way of opening the store.
/// One way of opening (or closing), returning the seconds it measured.
type Way<'a> = dyn Fn() -> Result<f64, Box<dyn Error>> + 'a;
const BATCH: usize = 500;

fn vector(seed: u64) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..DIM)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 2001) as f32 / 1000.0 - 1.0
        })
        .collect()
}

/// About 16 KiB of words, different for every capsule.
fn content(n: u64) -> String {
    let mut out = String::with_capacity(16 * 1024 + 64);
    let mut x = n.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
    while out.len() < 16 * 1024 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.push_str(&format!("w{} ", x % 50_000));
    }
    out
}

/// Fills the store until the closed file holds `mib` MiB (redb gives back the free space at its
/// end on close, so the file is measured closed).
fn fill(path: &PathBuf, mib: u64) -> Result<(), Box<dyn Error>> {
    let mut n = 0u64;
    while !path.exists() || std::fs::metadata(path)?.len() < mib << 20 {
        n = fill_once(path, mib, n)?;
    }
    Ok(())
}

fn fill_once(path: &PathBuf, mib: u64, mut n: u64) -> Result<u64, Box<dyn Error>> {
    let ops = Principal::operator("open_cost");
    let kn = OpenOptions::new()
        .durability(Durability::Eventual)
        .page_cache_bytes(64 << 20)
        .open(path)?;
    if kn.scope(&ops, "bench.open").is_err() {
        kn.register_scope(&ops, "bench.open", ScopeKind::Agent)?;
    }
    while std::fs::metadata(path)?.len() < mib << 20 {
        let batch: Vec<NewCapsule> = (0..BATCH as u64)
            .map(|i| NewCapsule::new("bench.open", content(n + i)))
            .collect();
        let ids = kn.put_batch(&ops, &batch)?;
        let vectors: Vec<Vec<f32>> = (0..BATCH as u64).map(|i| vector(n + i)).collect();
        let pairs: Vec<(CapsuleId, &[f32])> = ids
            .iter()
            .zip(&vectors)
            .map(|(id, v)| (*id, v.as_slice()))
            .collect();
        kn.attach_embeddings(&ops, &pairs, "open-cost-v1")?;
        kn.flush()?;
        n += BATCH as u64;
        eprintln!(
            "filled {n} capsules, {} MiB",
            std::fs::metadata(path)?.len() >> 20
        );
    }
    Ok(n)
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let mib: u64 = args.next().map_or(Ok(1024), |a| a.parse())?;
    let path = args.next().map_or_else(
        || std::env::temp_dir().join(format!("kenning-open-cost-{mib}.redb")),
        PathBuf::from,
    );
    fill(&path, mib)?;
    let bytes = std::fs::metadata(&path)?.len();
    // Into the OS page cache, so that every open below reads from memory alike.
    let _ = std::fs::read(&path)?;
    println!(
        "store: {} ({:.1} MiB)",
        path.display(),
        bytes as f64 / f64::from(1 << 20)
    );

    let seal = {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".kenning-seal");
        path.with_file_name(name)
    };
    // Each way returns the seconds of what it measures (the open alone, or the close alone);
    // what sets it up is not timed.
    let open = |how: &dyn Fn() -> kenning::Result<Kenning>, expected: Verification| {
        let start = Instant::now();
        let kn = how()?;
        let secs = start.elapsed().as_secs_f64();
        if kn.verification() != expected {
            return Err(format!("expected {expected:?}, got {:?}", kn.verification()).into());
        }
        Ok::<f64, Box<dyn Error>>(secs)
    };
    let unseal = || match std::fs::remove_file(&seal) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    };
    let ways: [(&str, &Way<'_>); 7] = [
        ("read-write, every page", &|| {
            unseal()?;
            open(&|| Kenning::open(&path), Verification::EveryPage)
        }),
        ("close, sealing", &|| {
            let kn = Kenning::open(&path)?;
            let start = Instant::now();
            drop(kn);
            Ok(start.elapsed().as_secs_f64())
        }),
        ("read-write, sealed", &|| {
            open(&|| Kenning::open(&path), Verification::Sealed)
        }),
        ("read-only, sealed", &|| {
            open(&|| Kenning::open_read_only(&path), Verification::Sealed)
        }),
        ("read-write, unverified", &|| {
            open(
                &|| OpenOptions::new().verify_on_open(false).open(&path),
                Verification::Unverified,
            )
        }),
        ("read-only, every page", &|| {
            unseal()?;
            open(&|| Kenning::open_read_only(&path), Verification::EveryPage)
        }),
        ("check", &|| {
            let start = Instant::now();
            let report = Kenning::check(&path)?;
            if !report.sound {
                return Err(format!("the store is not sound: {report:?}").into());
            }
            Ok(start.elapsed().as_secs_f64())
        }),
    ];
    let mut best = [f64::INFINITY; 7];
    for _ in 0..3 {
        for (i, (_, way)) in ways.iter().enumerate() {
            best[i] = best[i].min(way()?);
        }
    }
    println!("{:<24} {:>10} {:>10}", "open", "best s", "s per GiB");
    for ((name, _), secs) in ways.iter().zip(best) {
        println!(
            "{name:<24} {secs:>10.3} {:>10.3}",
            secs / (bytes as f64 / f64::from(1 << 30))
        );
    }
    Ok(())
}
