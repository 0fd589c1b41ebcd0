//! What a held snapshot costs in memory: `cargo run --release --example snapshot_memory -- [N] [DIM]`
//! (defaults 100000 and 384).
//!
//! Loads `N` capsules with `DIM`-dimensional embeddings into one scope of a temporary store, then
//! prints the process's resident set size (Linux `VmRSS`) after each step:
//!
//! 1. `loaded`: the store holds one copy of the vectors in memory;
//! 2. `replaced`: every embedding replaced, no snapshot held (old chunks are freed as each
//!    commit replaces them);
//! 3. `held+replaced`: a snapshot taken, then every embedding replaced again: the snapshot keeps
//!    its copy, so two copies are alive, never more;
//! 4. `dropped`: the snapshot dropped, its copy freed (the allocator may keep the pages for
//!    reuse, so RSS need not fall);
//! 5. `replaced again`: every embedding replaced once more, no snapshot held: the freed memory is
//!    reused, RSS does not grow past step 3.
//!
//! The raw vector bytes (`N · DIM · 4`) are printed first, as the unit to read the rest in. The
//! store is opened with a 16 MiB page cache, so that the rest of RSS is mostly the vectors.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::error::Error;

use kenning::{CapsuleId, Durability, Kenning, NewCapsule, OpenOptions, Principal, ScopeKind};

const BATCH: usize = 10_000;

fn rss_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn vector(seed: u64, dim: usize) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..dim)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 2001) as f32 / 1000.0 - 1.0 + 1e-3
        })
        .collect()
}

fn replace_all(kn: &Kenning, ops: &Principal, ids: &[CapsuleId], dim: usize, round: u64) {
    for part in ids.chunks(BATCH) {
        let vectors: Vec<Vec<f32>> = part
            .iter()
            .map(|id| vector(id.get() + round * 1_000_000_007, dim))
            .collect();
        let batch: Vec<(CapsuleId, &[f32])> = part
            .iter()
            .zip(&vectors)
            .map(|(id, v)| (*id, v.as_slice()))
            .collect();
        if let Err(e) = kn.attach_embeddings(ops, &batch, "bench-v1") {
            eprintln!("attach failed: {e}");
            std::process::exit(1);
        }
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().map_or(Ok(100_000), |a| a.parse())?;
    let dim: usize = args.next().map_or(Ok(384), |a| a.parse())?;
    let dir = tempfile::tempdir()?;
    // A small page cache, so that what RSS shows beyond it is the vectors held in memory.
    let kn = OpenOptions::new()
        .durability(Durability::Eventual)
        .page_cache_bytes(16 << 20)
        .open(dir.path().join("memory.redb"))?;
    let ops = Principal::operator("bench");
    kn.register_scope(&ops, "s", ScopeKind::Agent)?;
    let mut ids = Vec::with_capacity(n);
    for start in (0..n).step_by(BATCH) {
        let end = (start + BATCH).min(n);
        let capsules: Vec<NewCapsule> = (start..end)
            .map(|i| NewCapsule::new("s", format!("memo {i}")))
            .collect();
        let vectors: Vec<Vec<f32>> = (start..end).map(|i| vector(i as u64, dim)).collect();
        let embeddings: Vec<Option<&[f32]>> = vectors.iter().map(|v| Some(v.as_slice())).collect();
        ids.extend(kn.put_batch_with_embeddings(&ops, &capsules, &embeddings, "bench-v1")?);
    }
    kn.flush()?;
    let mib = |b: u64| b as f64 / f64::from(1 << 20);
    let raw = (n * dim * 4) as u64;
    println!("raw vectors      {:8.1} MiB ({n} x {dim})", mib(raw));
    let show = |step: &str| {
        let rss = rss_bytes();
        println!("{step:<16} {:8.1} MiB RSS", mib(rss));
    };
    show("loaded");
    replace_all(&kn, &ops, &ids, dim, 1);
    show("replaced");
    let held = kn.snapshot(&ops)?;
    replace_all(&kn, &ops, &ids, dim, 2);
    show("held+replaced");
    // The held snapshot still reads its own vectors.
    let first = held.embedding(ids[0])?.unwrap_or_default();
    assert_eq!(first, vector(ids[0].get() + 1_000_000_007, dim));
    drop(held);
    show("dropped");
    replace_all(&kn, &ops, &ids, dim, 3);
    show("replaced again");
    Ok(())
}
