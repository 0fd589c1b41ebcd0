//! The vector data of the quantized and floor benches, and the exact `f32` scan they measure
//! the lane against. Shared with `#[path = "vectors.rs"] mod vectors;` after `mod rng;`.
//!
//! - [`data`]: `n` 384-d unit vectors and [`QUERIES`] queries from splitmix64 (`rng.rs`):
//!   clustered (1 000 random unit centres, each vector the centre plus Gaussian noise of norm
//!   [`SIGMA`], normalised; queries drawn the same way) or uniform on the sphere.
//! - [`Exact`]: the exact scan, every row's `f32` score with the dispatched multi-row kernel
//!   ([`Kernel::scan`]: several rows a pass, the lane's score formula, compared with the heap's
//!   worst in vector registers) over contiguous rows, the lane's order, a bounded heap of `k`;
//!   on one thread or split over several (the same answer).

#![allow(dead_code)]

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use kenning_vector::{Kernel, LaneHit, Query};

use crate::rng::Rng;

/// Components per vector.
pub(crate) const D: usize = 384;
/// Cluster centres of the clustered data.
pub(crate) const CENTRES: usize = 1000;
/// Norm of the Gaussian noise added to a centre.
pub(crate) const SIGMA: f64 = 0.7;
/// Queries per data set.
pub(crate) const QUERIES: usize = 100;

impl Rng {
    fn uniform(&mut self) -> f64 {
        ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    /// A standard normal by Box–Muller.
    fn gauss(&mut self) -> f64 {
        let (a, b) = (self.uniform(), self.uniform());
        (-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()
    }

    fn unit(&mut self, d: usize) -> Vec<f64> {
        let v: Vec<f64> = (0..d).map(|_| self.gauss()).collect();
        let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
        v.into_iter().map(|x| x / norm).collect()
    }
}

fn to_f32(v: &[f64]) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    v.iter().map(|x| (x / norm) as f32).collect()
}

/// `n` vectors, contiguous (`n × D` floats), and [`QUERIES`] queries drawn after them:
/// clustered around [`CENTRES`] centres, or uniform.
pub(crate) fn data(n: usize, clustered: bool, seed: u64) -> (Vec<f32>, Vec<Vec<f32>>) {
    let mut rng = Rng(seed);
    let centres: Vec<Vec<f64>> = (0..CENTRES).map(|_| rng.unit(D)).collect();
    let scale = SIGMA / (D as f64).sqrt();
    let draw = |rng: &mut Rng| -> Vec<f32> {
        if clustered {
            let c = &centres[rng.next() as usize % CENTRES];
            let v: Vec<f64> = c.iter().map(|x| x + rng.gauss() * scale).collect();
            to_f32(&v)
        } else {
            to_f32(&rng.unit(D))
        }
    };
    let mut flat = Vec::with_capacity(n * D);
    for _ in 0..n {
        flat.extend_from_slice(&draw(&mut rng));
    }
    let queries = (0..QUERIES).map(|_| draw(&mut rng)).collect();
    (flat, queries)
}

/// The reference: the exact scan over contiguous `f32` rows, the first starting on a cache line
/// (64 bytes), as an engine holding `f32` rows would lay them out: with 384-d rows (1 536
/// bytes) every row does, so no 64-byte load of the scan straddles two lines. (A large `Vec`
/// from the allocator starts 16 bytes past a page, which costs the AVX-512 scan about a fifth
/// of its speed on this machine.) The floor reads the same buffer.
pub(crate) struct Exact {
    /// The rows at `offset..offset + len`, the floats before them padding.
    storage: Vec<f32>,
    offset: usize,
    len: usize,
    inv_norms: Vec<f32>,
}

fn inverse(v: &[f32]) -> f32 {
    let squares: f64 = v.iter().map(|&x| f64::from(x) * f64::from(x)).sum();
    (1.0 / squares.sqrt()) as f32
}

#[derive(PartialEq, Clone, Copy)]
struct Ranked(f32, Reverse<u64>);

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

impl Exact {
    /// The rows of `flat`, moved within it to start on a cache line.
    pub(crate) fn new(mut flat: Vec<f32>) -> Self {
        let inv_norms = flat.chunks_exact(D).map(inverse).collect();
        let len = flat.len();
        flat.resize(len + 15, 0.0);
        let offset = flat.as_ptr().align_offset(64).min(15);
        flat.copy_within(0..len, offset);
        Self {
            storage: flat,
            offset,
            len,
            inv_norms,
        }
    }

    /// The rows, contiguous.
    pub(crate) fn flat(&self) -> &[f32] {
        &self.storage[self.offset..self.offset + self.len]
    }

    /// The number of rows.
    pub(crate) fn len(&self) -> usize {
        self.inv_norms.len()
    }

    /// Row `i`.
    pub(crate) fn row(&self, i: usize) -> &[f32] {
        &self.flat()[i * D..(i + 1) * D]
    }

    /// The exact top `k` on one thread.
    pub(crate) fn top_k(&self, kernel: Kernel, query: &Query, k: usize) -> Vec<LaneHit> {
        let heap = self.scan(kernel, query, k, 0, self.len());
        hits(heap.into_iter().map(|Reverse(r)| r).collect(), k)
    }

    /// [`top_k`](Self::top_k) with the rows split into `threads` contiguous runs, the first in
    /// the caller's thread, each with its own heap, merged: the same answer.
    pub(crate) fn top_k_parallel(
        &self,
        kernel: Kernel,
        query: &Query,
        k: usize,
        threads: usize,
    ) -> Vec<LaneHit> {
        let per_thread = self.len().div_ceil(threads.max(1)).max(1);
        let ranked = std::thread::scope(|scope| {
            let mut starts = (0..self.len()).step_by(per_thread);
            let first = starts.next().unwrap_or(0);
            let spawned: Vec<_> = starts
                .map(|start| {
                    let end = (start + per_thread).min(self.len());
                    scope.spawn(move || self.scan(kernel, query, k, start, end))
                })
                .collect();
            let mut ranked: Vec<Ranked> = self
                .scan(
                    kernel,
                    query,
                    k,
                    first,
                    (first + per_thread).min(self.len()),
                )
                .into_iter()
                .map(|Reverse(r)| r)
                .collect();
            for handle in spawned {
                let heap = handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                ranked.extend(heap.into_iter().map(|Reverse(r)| r));
            }
            ranked
        });
        hits(ranked, k)
    }

    /// The best `k` of rows `start..end`, as a min-heap: [`Kernel::scan`] scores the rows
    /// several at a time and hands over only those that beat the heap's worst once it is full.
    fn scan(
        &self,
        kernel: Kernel,
        query: &Query,
        k: usize,
        start: usize,
        end: usize,
    ) -> BinaryHeap<Reverse<Ranked>> {
        let q = query.values();
        let mut heap: BinaryHeap<Reverse<Ranked>> = BinaryHeap::with_capacity(k + 1);
        if k == 0 {
            return heap;
        }
        let rows = &self.flat()[start * D..end * D];
        let inv_norms = &self.inv_norms[start..end];
        kernel.scan(q, rows, inv_norms, inverse(q), None, |r, score| {
            let candidate = Ranked(score, Reverse((start + r) as u64));
            if heap.len() < k || heap.peek().is_some_and(|w| candidate > w.0) {
                heap.push(Reverse(candidate));
                if heap.len() > k {
                    heap.pop();
                }
            }
            heap.peek().filter(|_| heap.len() == k).map(|w| w.0.0)
        });
        heap
    }
}

/// The best `k` of `ranked`, best first.
fn hits(mut ranked: Vec<Ranked>, k: usize) -> Vec<LaneHit> {
    ranked.sort_by(|a, b| b.cmp(a));
    ranked.truncate(k);
    ranked
        .into_iter()
        .map(|Ranked(score, Reverse(capsule))| LaneHit {
            capsule,
            score: f64::from(score),
        })
        .collect()
}
