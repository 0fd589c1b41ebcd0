//! The scan-friendly in-memory copy of one scope's vectors, quantized, and the three-stage
//! top-k over it: sign bits, int8 codes with a rigorous bound, the exact `f32` score.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::{Arc, Mutex, PoisonError};

use crate::embedding::{Embedding, Query};
use crate::error::{Error, Result};
use crate::fusion::LaneHit;
use crate::kernels::{Kernel, Lanes};

/// The target size of one chunk's rows. Big enough that per-chunk overhead vanishes and that
/// stage 1 reads long runs of sign words (112 KiB a chunk at 384 dimensions: at 128 KiB chunks,
/// 14 KiB runs, the vector lane at 1M × 384 took about 10% longer on a quiet machine and up to
/// a third longer beside another busy process, `scale --measure PATH vector`); small enough
/// that a write copies little: a change copies only the chunks it touches (at most 1 MiB
/// each), never the whole scope.
pub const CHUNK_BYTES: usize = 1024 * 1024;

/// How many candidates ahead of the one it scores stage 2 asks for codes
/// ([`prefetch`](crate::kernels::prefetch)): enough loads in flight to cover a memory access.
const PREFETCH_AHEAD: usize = 8;

/// The fewest rows per thread when the pass over every row left runs on several.
const PARALLEL_MIN_ROWS: usize = 4096;

/// Chunks in one run of stage 1's work (about 450 KiB of sign words at 384 dimensions): small
/// enough that the threads finish together, large enough that taking one costs nothing.
const STAGE1_RUN_CHUNKS: usize = 4;

/// Candidates a thread of stage 2 takes at a time (in slot order).
const STAGE2_RUN: usize = 1024;

/// The fewest candidates per thread when stage 2 runs on several, so that stage 1's first
/// candidate count ([`RESCORE_MIN`]) is shared by two.
const STAGE2_PARALLEL_MIN: usize = 2048;

/// Bytes of bookkeeping per stored vector beside its codes and sign bits: the capsule number
/// (8), the scale (4) and the residual bound (4).
pub const ROW_OVERHEAD_BYTES: usize = 16;

/// The fewest candidates stage 1 (sign bits) hands to stage 2 (int8 codes): a scope of at most
/// this many kept vectors is searched exactly. See [`ScopeVectors::top_k_with`].
///
/// Chosen by measurement on 1 000 000 × 384-d vectors in one scope, top 10 (`cargo bench -p
/// kenning-benches --bench quantized`, which prints recall@10 against an exact `f32` scan for
/// 512 to 8 192 candidates; one run on a 2-core AVX-512 host):
///
/// | candidates | clustered recall@10 | uniform recall@10 | time, clustered |
/// | ---: | ---: | ---: | ---: |
/// | 512 | 0.92 | 0.26 | 9.0 ms |
/// | 1 024 | 1.00 | 0.35 | 8.7 ms |
/// | 2 048 | 1.00 | 0.48 | 9.4 ms |
/// | 4 096 | 1.00 | 0.59 | 10.0 ms |
/// | 8 192 | 1.00 | 0.70 | 11.2 ms |
///
/// Clustered data: 1 000 random unit centres, each vector the centre plus Gaussian noise of
/// norm 0.7, normalised (the exact top-10 cosines average 0.72); uniform: random unit vectors,
/// the worst case, where sign bits carry little signal. 4 096 keeps a fourfold margin over
/// what clustered data needs and every scope of up to 4 096 kept vectors exact, for about a
/// millisecond at a million vectors (stage 1, the same for every count, dominates). The table
/// holds stage 1 to each count; the lane itself widens its count where its check asks for it,
/// which brings uniform data to recall@10 1.0 (see [`ScopeVectors::top_k_with`]).
pub const RESCORE_MIN: usize = 4096;

/// Candidates per requested hit beyond [`RESCORE_MIN`]: stage 1 keeps
/// `max(RESCORE_MIN, k · RESCORE_PER_HIT)` vectors, so the count grows with `k` past 16 hits
/// (the ratio the table of [`RESCORE_MIN`] shows for `k = 10` at 2 048 and 4 096 candidates;
/// not measured separately for larger `k`).
pub const RESCORE_PER_HIT: usize = 256;

/// The number of stage-1 candidates for `k` hits.
#[must_use]
pub fn rescore_count(k: usize) -> usize {
    RESCORE_MIN.max(k.saturating_mul(RESCORE_PER_HIT))
}

/// How many of the candidates' best int8 estimates stage 1's check looks at (or `k`, if
/// larger). See [`ScopeVectors::top_k_with`]. Chosen on the LoCoMo dev embeddings with stage 1
/// started at 160 candidates of 2,760 (`tests/locomo_recall.rs`), before [`WIDEN_MARGIN`]
/// (a margin of 0): 16 raised recall@10 from 0.9972 to 0.9991, widening 363 times over 997
/// queries; 64 reached 1.0 but widened 1,455 times.
pub const CHECK_HITS: usize = 16;

/// What each widening of stage 1 multiplies the candidate count by.
pub const WIDEN_FACTOR: usize = 4;

/// The share of the scope at which stage 1 stops widening by [`WIDEN_FACTOR`] and takes every
/// row left: once the widened count would reach `1 / WHOLE_SCOPE_SHARE` of the scope. A
/// widening reads its new candidates at scattered addresses, about nine times the cost per row
/// of the pass over every row in order (which estimates each row by an integer dot product and
/// skips most, see `top_k_with`): at 1M × 384 on uniform data, going from 16,384 to 65,536
/// candidates cost about half a whole pass. So past a sixteenth, the whole pass is the cheaper
/// way to an answer (a quarter before the pass had its integer estimate).
pub const WHOLE_SCOPE_SHARE: usize = 16;

/// How close to the front half's best the back half's best may come before stage 1 widens, as
/// a share of the way from the front's `max(k, CHECK_HITS)`-th best estimate down to its
/// median. Chosen with [`CHECK_HITS`] on the same runs: 0 left uniform data at 20 000 × 16
/// with recall@10 0.992 (`tests/top_k.rs`); 0.25 reaches 1.0 there and at 96 and 384
/// dimensions, widens no query of the clustered sets at 96 and 384 dimensions, and on LoCoMo
/// (from 160 candidates) raises recall@10 to 0.9998, widening 624 times over 997 queries; 0.5
/// widened 1,082 times for 0.9999.
pub const WIDEN_MARGIN: f64 = 0.25;

/// `u64` words of sign bits per row of `dimension` components.
#[must_use]
pub fn sign_words(dimension: usize) -> usize {
    dimension.div_ceil(64)
}

/// Bytes one row takes in a chunk: `16 + d + 8·⌈d/64⌉` (448 at `d = 384`).
#[must_use]
pub fn row_bytes(dimension: usize) -> usize {
    ROW_OVERHEAD_BYTES + dimension + 8 * sign_words(dimension)
}

/// One scope's vectors, quantized for scanning, in chunks of about [`CHUNK_BYTES`]. Each row
/// holds, for the unit vector `u = v / |v|` (computed in `f64`):
///
/// - the capsule number;
/// - int8 codes `cᵢ = round(uᵢ / s)` clamped to `-127..=127`, with the scale
///   `s = max|uᵢ| / 127` (an `f32`);
/// - the residual `|s·c − u|₂`, computed in `f64` and rounded **up** to `f32`: a rigorous
///   bound on the codes' error;
/// - the sign bits `uᵢ > 0`, packed in `u64` words (bit `i % 64` of word `i / 64`, padding
///   bits zero), stored by groups of eight rows: word `j` of rows `8g..8g + 8` in one 64-byte
///   [`Lanes`], so that stage 1 reads one word of eight rows per load.
///
/// The `f32` components are not held: the search reads the few it needs from the caller (see
/// [`top_k_with`](Self::top_k_with)), which the [`VectorSet`](crate::VectorSet) does from the
/// reader's transaction.
///
/// A value is immutable once built: every [`VectorSet`](crate::VectorSet) derived from a commit
/// that changes the scope holds a new one, sharing the chunks the change did not touch, so a
/// reader holding one keeps a consistent snapshot for as long as it likes.
///
/// # Memory
///
/// [`heap_bytes`](Self::heap_bytes) counts every byte this value asks the allocator for; every
/// buffer is allocated at its exact length. For `n` vectors of dimension `d` in chunks of
/// `r = max(8, ⌊CHUNK_BYTES / (16 + d + 8·⌈d/64⌉)⌋ rounded down to a multiple of 8)` rows, it
/// is
///
/// ```text
/// (16 + d + 8·⌈d/64⌉)·n  +  Σ over chunks (one chunk header)  +  one scope header
///                        +  the sign words of the last chunk's group padding (< 8 rows)
/// ```
///
/// that is 448 bytes a vector at `d = 384` (0.448 GB a million, against 1.536 GB of `f32`),
/// 0.29 of the raw `4·d·n` bytes plus a per-chunk term below 0.2 %. The tests check the
/// accounting to the byte. A search also allocates, for its duration, 4 bytes per vector of
/// the scope (the stage-1 distances) when the scope holds more than its candidate count, and
/// one bit per vector when it widens to the whole scope.
#[derive(Debug, Clone)]
pub struct ScopeVectors {
    dimension: usize,
    rows_per_chunk: usize,
    len: usize,
    chunks: Vec<Arc<Chunk>>,
}

/// One quantized row, as [`ScopeVectors::rows`] shows it (see [`ScopeVectors`]). Two rows are
/// equal when their capsule, scale, residual, codes and sign bits are.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    /// The capsule number.
    pub capsule: u64,
    /// `s = max|uᵢ| / 127`.
    pub scale: f32,
    /// An upper bound on `|s·c − u|₂`.
    pub residual: f32,
    /// The int8 codes, one per component.
    pub codes: &'a [i8],
    /// The row's group of sign words and its lane in it.
    lanes: &'a [Lanes],
    lane: usize,
}

impl PartialEq for Row<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.capsule == other.capsule
            && self.scale.to_bits() == other.scale.to_bits()
            && self.residual.to_bits() == other.residual.to_bits()
            && self.codes == other.codes
            && self.signs() == other.signs()
    }
}

impl Row<'_> {
    /// The sign bits, `⌈d/64⌉` words.
    #[must_use]
    pub fn signs(&self) -> Vec<u64> {
        self.lanes.iter().map(|l| l.0[self.lane]).collect()
    }
}

/// Up to `rows_per_chunk` rows. Every chunk but the last of a scope is full.
#[derive(Debug, Clone)]
struct Chunk {
    ids: Vec<u64>,
    scales: Vec<f32>,
    residuals: Vec<f32>,
    /// `ids.len() · dimension` codes.
    codes: Vec<i8>,
    /// `⌈ids.len() / 8⌉ · sign_words(dimension)` groups of word `j` of eight rows; the lanes
    /// of rows past the last are zero.
    signs: Vec<Lanes>,
}

/// The quantized form of one embedding.
#[derive(Debug, Clone, PartialEq)]
struct Quantized {
    scale: f32,
    residual: f32,
    codes: Vec<i8>,
    signs: Vec<u64>,
}

/// `x` rounded half away from zero and clamped to `-127..=127`: exactly
/// `x.round().clamp(-127.0, 127.0) as i8` for every `f64` (NaN gives 0), without `f64::round`,
/// which on the baseline x86-64 target (no SSE4.1 `roundsd`) is a call into the soft `libm` of
/// `compiler_builtins`: at 384 calls a vector it was most of [`quantize`]'s time
/// (`docs/performance.md`, "Quantizing without libm's round").
///
/// `x` is first clamped to `±127` (past which both give ±127, and within which a rounding
/// stays; a NaN stays NaN and truncates to 0), so its truncation `t` is exact in an `i32`, and
/// so is `x - t`, the fraction, which decides the step away from zero. No branch depends on the
/// data: a branch on the fraction is taken at random, and mispredicted about half the time, a
/// row of 384 codes long.
#[inline]
fn code(x: f64) -> i8 {
    let x = x.clamp(-127.0, 127.0);
    let t = x as i32;
    let fraction = x - f64::from(t);
    let step = i32::from(fraction >= 0.5) - i32::from(fraction <= -0.5);
    // Within -127..=127: at ±127 the fraction is 0.
    (t + step) as i8
}

/// Rows from which [`quantize_all`] (a rebuild's batch, a commit's new rows of a scope) uses a
/// second thread. A conservative bound, not a measured break-even: half of 512 rows is about
/// 0.6 ms at 384 dimensions (2.5 µs a row), well above a thread's start, while the small
/// commits of a batch spread over many scopes (ten rows a scope) stay on the caller's thread.
pub(crate) const PARALLEL_ROWS: usize = 512;

/// Every row's quantization (of the embedding `embedding` reads from it), in order: the second
/// half on a second thread when there are [`PARALLEL_ROWS`] rows or more (this one's if the OS
/// refuses to start it).
fn quantize_all<T: Sync>(
    rows: &[T],
    embedding: impl Fn(&T) -> &Embedding + Sync,
) -> Vec<Quantized> {
    let run =
        |rows: &[T]| -> Vec<Quantized> { rows.iter().map(|r| quantize(embedding(r))).collect() };
    if rows.len() < PARALLEL_ROWS {
        return run(rows);
    }
    let (front, back) = rows.split_at(rows.len() / 2);
    std::thread::scope(|scope| {
        let second = std::thread::Builder::new()
            .spawn_scoped(scope, || run(back))
            .ok();
        let mut out = run(front);
        match second {
            Some(handle) => out.extend(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            ),
            None => out.extend(run(back)),
        }
        out
    })
}

/// Quantizes `embedding` as the type docs of [`ScopeVectors`] say.
fn quantize(embedding: &Embedding) -> Quantized {
    let values = embedding.values();
    let squares: f64 = values.iter().map(|&v| f64::from(v) * f64::from(v)).sum();
    let inv = 1.0 / squares.sqrt();
    let unit: Vec<f64> = values.iter().map(|&v| f64::from(v) * inv).collect();
    let max = unit.iter().fold(0.0_f64, |m, u| m.max(u.abs()));
    // An accepted embedding has a magnitude, so max ≥ 1/√d > 0 and the scale is a normal f32.
    let scale = (max / 127.0) as f32;
    let s = f64::from(scale);
    let codes: Vec<i8> = unit.iter().map(|u| code(u / s)).collect();
    let error: f64 = unit
        .iter()
        .zip(&codes)
        .map(|(u, &c)| (s * f64::from(c) - u).powi(2))
        .sum::<f64>()
        .sqrt();
    let mut residual = error as f32;
    if f64::from(residual) < error {
        residual = residual.next_up();
    }
    // A word at a time, without a branch on the sign (taken at random, so mispredicted about
    // half the time).
    let signs: Vec<u64> = unit
        .chunks(64)
        .map(|word| {
            word.iter()
                .enumerate()
                .fold(0, |bits, (i, u)| bits | (u64::from(*u > 0.0) << i))
        })
        .collect();
    Quantized {
        scale,
        residual,
        codes,
        signs,
    }
}

impl Chunk {
    fn with_capacity(rows: usize, dimension: usize) -> Self {
        Self {
            ids: Vec::with_capacity(rows),
            scales: Vec::with_capacity(rows),
            residuals: Vec::with_capacity(rows),
            codes: Vec::with_capacity(rows * dimension),
            signs: Vec::with_capacity(rows.div_ceil(8) * sign_words(dimension)),
        }
    }

    fn rows(&self) -> usize {
        self.ids.len()
    }

    /// Row `i`'s codes (empty past the last row).
    fn codes(&self, i: usize, dimension: usize) -> &[i8] {
        self.codes
            .get(i * dimension..(i + 1) * dimension)
            .unwrap_or_default()
    }

    fn row(&self, i: usize, dimension: usize) -> Row<'_> {
        let w = sign_words(dimension);
        Row {
            capsule: self.ids[i],
            scale: self.scales[i],
            residual: self.residuals[i],
            codes: &self.codes[i * dimension..(i + 1) * dimension],
            lanes: &self.signs[(i / 8) * w..(i / 8 + 1) * w],
            lane: i % 8,
        }
    }

    fn set(&mut self, i: usize, dimension: usize, id: u64, q: &Quantized) {
        self.ids[i] = id;
        self.scales[i] = q.scale;
        self.residuals[i] = q.residual;
        self.codes[i * dimension..(i + 1) * dimension].copy_from_slice(&q.codes);
        self.set_signs(i, dimension, &q.signs);
    }

    /// Writes row `i`'s sign words into its lane of its group.
    fn set_signs(&mut self, i: usize, dimension: usize, words: &[u64]) {
        let w = sign_words(dimension);
        let group = &mut self.signs[(i / 8) * w..(i / 8 + 1) * w];
        for (lanes, &word) in group.iter_mut().zip(words) {
            lanes.0[i % 8] = word;
        }
    }

    fn get(&self, i: usize, dimension: usize) -> (u64, Quantized) {
        let row = self.row(i, dimension);
        (
            row.capsule,
            Quantized {
                scale: row.scale,
                residual: row.residual,
                codes: row.codes.to_vec(),
                signs: row.signs(),
            },
        )
    }

    fn push(&mut self, id: u64, q: &Quantized, dimension: usize) {
        let i = self.rows();
        if i.is_multiple_of(8) {
            let w = sign_words(dimension);
            self.signs.resize(self.signs.len() + w, Lanes::default());
        }
        self.ids.push(id);
        self.scales.push(q.scale);
        self.residuals.push(q.residual);
        self.codes.extend_from_slice(&q.codes);
        self.set_signs(i, dimension, &q.signs);
    }

    fn pop(&mut self, dimension: usize) {
        let Some(last) = self.rows().checked_sub(1) else {
            return;
        };
        self.set_signs(last, dimension, &vec![0; sign_words(dimension)]);
        self.ids.pop();
        self.scales.pop();
        self.residuals.pop();
        self.codes.truncate(last * dimension);
        self.signs
            .truncate(last.div_ceil(8) * sign_words(dimension));
    }

    /// Whether every buffer is allocated at exactly its length.
    fn is_exact(&self) -> bool {
        self.ids.capacity() == self.ids.len()
            && self.scales.capacity() == self.scales.len()
            && self.residuals.capacity() == self.residuals.len()
            && self.codes.capacity() == self.codes.len()
            && self.signs.capacity() == self.signs.len()
    }

    /// A copy with every buffer at exactly its length (`Vec::clone` allocates exactly).
    fn exact(&self) -> Self {
        self.clone()
    }

    /// A copy with room for exactly `extra` more rows.
    fn with_room(&self, extra: usize, dimension: usize) -> Self {
        let mut copy = Self::with_capacity(self.rows() + extra, dimension);
        copy.ids.extend_from_slice(&self.ids);
        copy.scales.extend_from_slice(&self.scales);
        copy.residuals.extend_from_slice(&self.residuals);
        copy.codes.extend_from_slice(&self.codes);
        copy.signs.extend_from_slice(&self.signs);
        copy
    }

    /// Whether `extra` more rows fit without growing a buffer.
    fn has_room(&self, extra: usize, dimension: usize) -> bool {
        let rows = self.rows() + extra;
        self.ids.capacity() >= rows
            && self.scales.capacity() >= rows
            && self.residuals.capacity() >= rows
            && self.codes.capacity() >= rows * dimension
            && self.signs.capacity() >= rows.div_ceil(8) * sign_words(dimension)
    }

    fn heap_bytes(&self) -> usize {
        // The Arc allocation: two reference counts and the chunk header.
        2 * size_of::<usize>()
            + size_of::<Chunk>()
            + self.ids.capacity() * size_of::<u64>()
            + self.scales.capacity() * size_of::<f32>()
            + self.residuals.capacity() * size_of::<f32>()
            + self.codes.capacity()
            + self.signs.capacity() * size_of::<Lanes>()
    }
}

/// Rows per chunk for `dimension`: a multiple of 8, so that only a scope's last chunk has a
/// partial group of sign words.
pub(crate) fn rows_per_chunk(dimension: usize) -> usize {
    (CHUNK_BYTES / row_bytes(dimension.max(1)) / 8 * 8).max(8)
}

/// The heap's candidates, best first (`into_sorted_vec` of `Reverse` is ascending in
/// `Reverse`, i.e. descending in rank).
fn ranked(heap: BinaryHeap<Reverse<Candidate>>) -> Vec<LaneHit> {
    heap.into_sorted_vec()
        .into_iter()
        .map(|Reverse(c)| LaneHit {
            capsule: c.capsule,
            score: f64::from(c.score),
        })
        .collect()
}

/// A candidate in the top-k heap. `Greater` means ranked higher: larger score, then smaller
/// capsule number.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Candidate {
    score: f32,
    capsule: u64,
}

impl Eq for Candidate {}

impl Ord for Candidate {
    fn cmp(&self, other: &Self) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then_with(|| other.capsule.cmp(&self.capsule))
    }
}

impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The query as the stages use it: the unit query in `f32` for stage 2, its sign bits for
/// stage 1, and its own int8 codes for the widened pass (see [`QueryCodes`]).
struct Prepared {
    unit: Vec<f32>,
    signs: Vec<u64>,
    codes: QueryCodes,
}

/// The unit query `q̂` (the `f32` values stage 2 uses) quantized as a row is: codes
/// `round(q̂ᵢ / sq)` with `sq = max|q̂ᵢ| / 127`, and `rq`, a bound on `|q̂ − sq·qc|₂` (computed in
/// `f64`, then raised by the relative rounding of a sum of `d` squares and by `4ε` for the
/// rounding of each `sq·qcᵢ`). The widened pass estimates a row's score by the exact integer dot
/// product of the two codes: `w = s·sq·Σ cᵢqcᵢ`, within `residual + (1 + residual)·rq` of the
/// row's int8 estimate `s·c·q̂` (since `|s·c| ≤ 1 + residual`).
struct QueryCodes {
    codes: Vec<i8>,
    scale: f64,
    residual: f64,
}

impl QueryCodes {
    fn new(unit: &[f32]) -> Self {
        let max = unit.iter().fold(0.0_f64, |m, &u| m.max(f64::from(u).abs()));
        let scale = max / 127.0;
        let codes: Vec<i8> = unit
            .iter()
            .map(|&u| {
                if scale > 0.0 {
                    code(f64::from(u) / scale)
                } else {
                    0
                }
            })
            .collect();
        let error = unit
            .iter()
            .zip(&codes)
            .map(|(&u, &c)| (f64::from(u) - scale * f64::from(c)).powi(2))
            .sum::<f64>()
            .sqrt();
        let relative = (unit.len() as f64 + 2.0) * f64::EPSILON;
        Self {
            codes,
            scale,
            residual: error * (1.0 + relative) + 4.0 * f64::EPSILON,
        }
    }
}

impl Prepared {
    fn new(query: &Query) -> Self {
        let values = query.values();
        let squares: f64 = values.iter().map(|&v| f64::from(v) * f64::from(v)).sum();
        let inv = 1.0 / squares.sqrt();
        let unit: Vec<f32> = values
            .iter()
            .map(|&v| (f64::from(v) * inv) as f32)
            .collect();
        let mut signs = vec![0_u64; sign_words(values.len())];
        for (i, &v) in values.iter().enumerate() {
            if v > 0.0 {
                signs[i / 64] |= 1 << (i % 64);
            }
        }
        let codes = QueryCodes::new(&unit);
        Self { unit, signs, codes }
    }
}

/// The widened pass's estimate `w` of a row's exact score and the half-width `W` of the
/// interval around it that holds the exact score (see [`ScopeVectors::stage2_rest`]), from the
/// row's `scale` and `residual`, the integer `dot` of its codes with the query's, and stage 2's
/// rounding term `extra`.
fn wide_interval(scale: f32, residual: f32, dot: i32, q: &QueryCodes, extra: f64) -> (f64, f64) {
    let residual = f64::from(residual);
    let w = f64::from(scale) * q.scale * f64::from(dot);
    // Two `f64` products, each within ε of its value.
    let rounding = 4.0 * f64::EPSILON * (w.abs() + 1.0);
    (
        w,
        residual + extra + (1.0 + residual) * q.residual + rounding,
    )
}

/// `work` run on up to `threads` threads (the caller's and `threads − 1` spawned), each call's
/// result in the answer; the calls share their work through what `work` takes from (a queue of
/// runs), so a thread the OS refuses to start leaves its runs to the others (at worst, to the
/// caller's thread).
fn on_threads<T: Send>(threads: usize, work: impl Fn() -> T + Sync) -> Vec<T> {
    if threads <= 1 {
        return vec![work()];
    }
    std::thread::scope(|scope| {
        let spawned: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, &work).ok())
            .collect();
        let mut out = vec![work()];
        for handle in spawned {
            out.push(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        out
    })
}

/// The next run of work from a queue the threads of [`on_threads`] share.
fn next_run<I: Iterator>(queue: &Mutex<I>) -> Option<I::Item> {
    queue.lock().unwrap_or_else(PoisonError::into_inner).next()
}

/// A stage-2 low bound ordered by [`f64::total_cmp`], for the floor of the widened pass.
#[derive(Clone, Copy, PartialEq)]
struct Low(f64);

impl Eq for Low {}

impl Ord for Low {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl PartialOrd for Low {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The `k`-th largest low of `bounds`, or `-∞` when it holds fewer than `k`: at least `k` rows
/// score at or above it.
fn kth_low(bounds: &[(f64, f64, u64)], k: usize) -> f64 {
    if k == 0 || bounds.len() < k {
        return f64::NEG_INFINITY;
    }
    let mut lows: Vec<f64> = bounds.iter().map(|b| b.0).collect();
    let (_, kth, _) = lows.select_nth_unstable_by(k - 1, |a, b| b.total_cmp(a));
    *kth
}

/// The stage-2 bound beside the residual: `8·(d + 2)·ε`, covering the `f32` rounding of the
/// int8 dot product (`≤ 1.01·d·ε`), of the unit query (`≤ ε` through `|s·c| ≤ 1 + residual`),
/// and of the exact score the survivors get (`≤ 1.01·d·ε` for its dot product, a few `ε` for
/// its products, and `d·ε` at most for products that fall into the subnormal range when a
/// magnitude is near [`MIN_MAGNITUDE`](crate::MIN_MAGNITUDE)).
pub(crate) fn rounding_bound(dimension: usize) -> f64 {
    8.0 * (dimension as f64 + 2.0) * f64::from(f32::EPSILON)
}

/// What stage 1 computed for a scope of more rows than its candidate count: the distance of
/// every slot and how many slots have each distance.
struct Distances {
    /// The distance of each slot.
    slots: Vec<u32>,
    histogram: Vec<u32>,
}

/// How one search runs.
struct Search {
    kernel: Kernel,
    k: usize,
    /// Stage 1's first candidate count.
    candidates: usize,
    /// Threads for stage 1.
    threads: usize,
    /// Whether stage 1 widens while its check asks for it.
    widen: bool,
}

/// Stage 1's selection so far, resumable: the candidates `keep` accepted, in increasing
/// distance, and where the next ones come from.
#[derive(Default)]
struct Selection {
    /// `(capsule, slot)` of the accepted rows, in the order they were accepted.
    out: Vec<(u64, usize)>,
    /// The rows of the last band collected that `keep` was not yet asked about, sorted, from
    /// `next_pending` on.
    pending: Vec<(u32, u64, usize)>,
    next_pending: usize,
    /// The smallest distance whose rows were not collected yet.
    lo: usize,
    /// How many rows `keep` was asked about.
    asked: usize,
}

impl Selection {
    /// Whether no row is left to select: every row was asked about, or, after the whole-scope
    /// pass ([`ScopeVectors::stage2_rest`]), estimated.
    fn exhausted(&self, distances: &Distances) -> bool {
        self.lo >= distances.histogram.len() && self.next_pending >= self.pending.len()
    }

    /// Asks `keep` about `(capsule, slot)`; true when `r` candidates are now held.
    fn ask(&mut self, id: u64, slot: usize, r: usize, keep: &mut impl FnMut(u64) -> bool) -> bool {
        self.asked += 1;
        if keep(id) {
            self.out.push((id, slot));
        }
        self.out.len() >= r
    }
}

/// Whether stage 1's candidates still look short of the answer: whether the best candidate of
/// the back half (the half farthest by sign bits) by its int8 estimate comes within a margin of
/// the `m`-th best of the front half, `m = max(k, CHECK_HITS)`; the margin is
/// [`WIDEN_MARGIN`] of the way from that `m`-th best down to the front half's median. Where the
/// sign bits rank the scope well, the best candidates sit at the front, far above anything at
/// the cut; where they carry little signal, the best are spread over every distance, so rows
/// past the cut are as likely to be among them.
fn widening_needed(bounds: &[(f64, f64, u64)], k: usize) -> bool {
    let m = k.max(CHECK_HITS);
    let half = bounds.len() / 2;
    if half < m {
        return false;
    }
    let estimate = |b: &(f64, f64, u64)| (b.0 + b.1) / 2.0;
    let Some(best_back) = bounds[half..].iter().map(estimate).max_by(f64::total_cmp) else {
        return false;
    };
    let mut front: Vec<f64> = bounds[..half].iter().map(estimate).collect();
    let (_, mth, _) = front.select_nth_unstable_by(m - 1, |a, b| b.total_cmp(a));
    let mth = *mth;
    let (_, median, _) = front.select_nth_unstable_by(half / 2, f64::total_cmp);
    best_back > mth - WIDEN_MARGIN * (mth - *median)
}

impl ScopeVectors {
    /// An empty scope of vectors of `dimension` components.
    #[must_use]
    pub fn empty(dimension: usize) -> Self {
        Self {
            dimension,
            rows_per_chunk: rows_per_chunk(dimension),
            len: 0,
            chunks: Vec::new(),
        }
    }

    /// Builds a scope from `(capsule, embedding)` rows, in the given order. The
    /// [`VectorSet`](crate::VectorSet) builds its scopes from the tables; this constructor
    /// serves tests, benchmarks and callers that scan vectors of their own.
    ///
    /// # Errors
    /// [`Error::DimensionMismatch`] for a row of another dimension, [`Error::InvalidRequest`]
    /// for a capsule given twice.
    pub fn build(
        dimension: usize,
        rows: impl IntoIterator<Item = (u64, Embedding)>,
    ) -> Result<Self> {
        let mut scope = Self::empty(dimension);
        let mut seen = std::collections::HashSet::new();
        for (capsule, embedding) in rows {
            if embedding.dimension() != dimension {
                return Err(Error::DimensionMismatch {
                    field: "embedding",
                    got: embedding.dimension(),
                    resident: dimension as u32,
                    model_tag: String::new(),
                    fix: "build a scope from vectors of one dimension",
                });
            }
            if !seen.insert(capsule) {
                return Err(Error::InvalidRequest {
                    field: "capsule_id",
                    message: format!("capsule {capsule} is given twice: give each capsule once"),
                });
            }
            scope.append(capsule, &quantize(&embedding));
        }
        scope.make_exact();
        Ok(scope)
    }

    /// Appends rows, in order, while building from rows known to be distinct and of this
    /// dimension: quantized on two threads when there are [`PARALLEL_ROWS`] or more (an open
    /// that rebuilds the copy of a million vectors spent a third of its time quantizing them on
    /// one; `docs/performance.md`, "The open after a crash").
    pub(crate) fn push_rows(&mut self, rows: &[(u64, Embedding)]) {
        for ((capsule, _), q) in rows.iter().zip(quantize_all(rows, |(_, e)| e)) {
            self.append(*capsule, &q);
        }
    }

    /// Ends a build started with [`empty`](Self::empty) and [`push_rows`](Self::push_rows).
    pub(crate) fn finish_build(&mut self) {
        self.make_exact();
    }

    /// The number of vectors.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no vector.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The dimension of every vector.
    #[must_use]
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// Every capsule number, in scan order (not a meaningful order).
    pub fn ids(&self) -> impl Iterator<Item = u64> + '_ {
        self.chunks
            .iter()
            .flat_map(|chunk| chunk.ids.iter().copied())
    }

    /// Every quantized row, in scan order (not a meaningful order).
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> + '_ {
        self.chunks
            .iter()
            .flat_map(move |chunk| (0..chunk.rows()).map(move |i| chunk.row(i, self.dimension)))
    }

    /// The quantized row of `capsule`, if present (a linear search).
    #[must_use]
    pub fn get(&self, capsule: u64) -> Option<Row<'_>> {
        self.rows().find(|r| r.capsule == capsule)
    }

    /// The bytes the components would take as `f32`: `4 · dimension · len` (the measure of a
    /// scope's size the facade's scan threading uses; this value holds far fewer, see
    /// [`heap_bytes`](Self::heap_bytes)).
    #[must_use]
    pub fn raw_bytes(&self) -> usize {
        4 * self.dimension * self.len
    }

    /// Every heap byte this value holds, headers included (see the type docs).
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        // The Arc the index keeps it in: two reference counts and this header.
        2 * size_of::<usize>()
            + size_of::<Self>()
            + self.chunks.capacity() * size_of::<Arc<Chunk>>()
            + self.chunks.iter().map(|c| c.heap_bytes()).sum::<usize>()
    }

    /// The `k` vectors most similar to `query` among those `keep` accepts, best first, with the
    /// fastest kernel this CPU has. See [`top_k_with`](Self::top_k_with).
    ///
    /// # Errors
    /// As [`top_k_with`](Self::top_k_with).
    pub fn top_k(
        &self,
        query: &Query,
        k: usize,
        keep: impl FnMut(u64) -> bool,
        exact: impl FnMut(u64) -> Result<Option<Embedding>>,
    ) -> Result<Vec<LaneHit>> {
        self.top_k_with(Kernel::best(), query, k, keep, exact)
    }

    /// Top-k by cosine with `kernel` in three stages, without sorting the scope. `exact(capsule)`
    /// gives a row's stored `f32` embedding (the [`VectorSet`](crate::VectorSet) reads it from
    /// the reader's transaction).
    ///
    /// 1. **Sign bits** (approximate): the Hamming distance of the query's sign bits to every
    ///    row's. The candidates are the `R = max(`[`RESCORE_MIN`]`, k·`[`RESCORE_PER_HIT`]`)`
    ///    rows nearest by that distance among those `keep` accepts: `keep` is called in
    ///    increasing distance (ties by smaller capsule number), at most once per vector, until
    ///    `R` are kept. In a scope of at most `R` vectors stage 1 computes nothing and asks
    ///    `keep` about every vector, so every kept vector is a candidate: **a scope of at most
    ///    `R` kept vectors is searched exactly.**
    ///
    ///    **Widening.** Stage 1 then checks its choice: if the best candidate of the back half
    ///    of the candidates (the half farthest by sign bits) by its int8 estimate `a` comes near
    ///    the best of the front half (within [`WIDEN_MARGIN`], see `widening_needed`), the sign
    ///    bits are not ranking this query well and rows past the cut may be among the best:
    ///    stage 1 takes [`WIDEN_FACTOR`] times as many candidates, continuing in distance order,
    ///    and checks again. Once the count would reach a sixteenth of the scope
    ///    ([`WHOLE_SCOPE_SHARE`]), it takes every row left, and stage 2 runs over them on the
    ///    threads stage 1 had, first estimating each row by the exact integer dot product of
    ///    its codes with the query's own int8 codes and skipping those it proves below the
    ///    `k`-th best low already held, which cannot change the answer; `keep` is then asked,
    ///    in slot order, only about the rows that can still take a place. Where the sign bits
    ///    rank well (clustered data, real embeddings) nothing widens; on uniform random
    ///    vectors, where they carry little signal, the search widens to the whole scope:
    ///    recall@10 1.0 instead of 0.59 at a million vectors, for about 0.4 of the time of an
    ///    exact `f32` scan on as many threads (`benches/quantized.rs`).
    /// 2. **Int8 codes** (rigorous): each candidate's `a = s·Σ cᵢq̂ᵢ` in `f32`, with `q̂` the
    ///    unit query, is within `B = residual + 8·(d + 2)·ε` of its exact score. With `T` the
    ///    `k`-th largest `a − B`, a candidate with `a + B < T` cannot be in the exact top `k`
    ///    of the candidates and is dropped; no candidate is dropped on any other ground.
    /// 3. **Exact**: the survivors are scored from `exact`, in decreasing order of `a + B`,
    ///    until `k` exact scores are held and the next candidate's `a + B` is below the worst
    ///    of them (it cannot reach it, nor can any after it), as the scan always scored:
    ///
    /// - **Score**: `cosine = (dot(q, v) · inv|v|) · inv|q|`, each product rounded to `f32`,
    ///   where `inv|x| = (1 / √(Σ xᵢ²)) as f32` with the sum in `f64`; `-0.0` counts as `0.0`
    ///   (bit for bit [`Query::score_with`]).
    /// - **Order**: higher score first; equal scores by smaller capsule number first (the older
    ///   capsule). The order is total, so the answer is deterministic.
    /// - **Exclusion**: `keep(capsule)` is the caller's fence: a capsule it refuses is never
    ///   ranked, exactly as if it were absent.
    ///
    /// So the answer is exactly the exact top `k` of the candidates; only stage 1's choice of
    /// candidates is approximate, and only in a scope of more than `R` kept vectors, where the
    /// widening makes a miss unlikely but does not rule it out.
    ///
    /// # Errors
    /// [`Error::DimensionMismatch`] when the query's dimension differs; the error of `exact`;
    /// [`Error::Storage`] when `exact` has no embedding (or one of another dimension) for a
    /// capsule this scope holds: the store is corrupt.
    pub fn top_k_with(
        &self,
        kernel: Kernel,
        query: &Query,
        k: usize,
        keep: impl FnMut(u64) -> bool,
        exact: impl FnMut(u64) -> Result<Option<Embedding>>,
    ) -> Result<Vec<LaneHit>> {
        self.top_k_from(kernel, query, k, rescore_count(k), keep, exact)
    }

    /// [`top_k_with`](Self::top_k_with) with `candidates` in place of
    /// [`rescore_count`]`(k)` as stage 1's candidate count (at least `k`), never widened: for
    /// measuring what a count gives (`benches/quantized.rs`), or for a caller that wants a
    /// fixed amount of work.
    ///
    /// # Errors
    /// As [`top_k_with`](Self::top_k_with).
    pub fn top_k_with_candidates(
        &self,
        kernel: Kernel,
        query: &Query,
        k: usize,
        candidates: usize,
        keep: impl FnMut(u64) -> bool,
        exact: impl FnMut(u64) -> Result<Option<Embedding>>,
    ) -> Result<Vec<LaneHit>> {
        let search = Search {
            kernel,
            k,
            candidates,
            threads: 1,
            widen: false,
        };
        self.search(query, &search, keep, exact)
    }

    /// [`top_k_with`](Self::top_k_with) with stage 1 starting from `candidates` (at least `k`)
    /// in place of [`rescore_count`]`(k)` and widened as `top_k_with` widens: for measuring the
    /// widening from a smaller count, as on a small scope of real embeddings
    /// (`tests/locomo_recall.rs`).
    ///
    /// # Errors
    /// As [`top_k_with`](Self::top_k_with).
    pub fn top_k_from(
        &self,
        kernel: Kernel,
        query: &Query,
        k: usize,
        candidates: usize,
        keep: impl FnMut(u64) -> bool,
        exact: impl FnMut(u64) -> Result<Option<Embedding>>,
    ) -> Result<Vec<LaneHit>> {
        let search = Search {
            kernel,
            k,
            candidates,
            threads: 1,
            widen: true,
        };
        self.search(query, &search, keep, exact)
    }

    /// [`top_k`](Self::top_k) with stage 1 shared by up to `threads` threads, each taking runs
    /// of chunks as it frees up: the same answer. Stage 2 is shared too once it has
    /// 2,048 candidates a thread (`STAGE2_PARALLEL_MIN`) (the first candidate count, 4,096 for
    /// `k ≤ 16`, is shared by two), and so is the int8 pass over every row left where stage 1
    /// widens that far. Stage 3 and every call of `keep` and `exact` run in the caller's
    /// thread. A thread the OS refuses to start leaves its work to the others (at worst, to
    /// the caller's thread).
    ///
    /// # Errors
    /// As [`top_k_with`](Self::top_k_with).
    pub fn top_k_parallel(
        &self,
        query: &Query,
        k: usize,
        threads: usize,
        keep: impl FnMut(u64) -> bool,
        exact: impl FnMut(u64) -> Result<Option<Embedding>>,
    ) -> Result<Vec<LaneHit>> {
        let search = Search {
            kernel: Kernel::best(),
            k,
            candidates: rescore_count(k),
            threads,
            widen: true,
        };
        self.search(query, &search, keep, exact)
    }

    /// The three stages, with stage 1 widened while its check asks for it (when `widen`).
    fn search(
        &self,
        query: &Query,
        search: &Search,
        mut keep: impl FnMut(u64) -> bool,
        mut exact: impl FnMut(u64) -> Result<Option<Embedding>>,
    ) -> Result<Vec<LaneHit>> {
        self.check_query(query)?;
        let k = search.k;
        if k == 0 || self.len == 0 {
            return Ok(Vec::new());
        }
        let kernel = search.kernel;
        let prepared = Prepared::new(query);
        let mut r = search.candidates.max(k);
        let mut bounds = Vec::new();
        if self.len <= r {
            let candidates = self.every_row(&mut keep);
            self.stage2(kernel, &prepared, &candidates, search.threads, &mut bounds);
        } else {
            let distances = self.stage1(kernel, &prepared, search.threads);
            let mut selection = Selection::default();
            loop {
                self.select(&distances, &mut selection, r, &mut keep);
                let new = &selection.out[bounds.len()..];
                self.stage2(kernel, &prepared, new, search.threads, &mut bounds);
                if !search.widen || selection.exhausted(&distances) || !widening_needed(&bounds, k)
                {
                    break;
                }
                r = r.saturating_mul(WIDEN_FACTOR);
                if r.saturating_mul(WHOLE_SCOPE_SHARE) >= self.len {
                    // Most of the scope: every row left, unsorted.
                    self.stage2_rest(
                        kernel,
                        &prepared,
                        k,
                        &distances,
                        &mut selection,
                        &mut keep,
                        search.threads,
                        &mut bounds,
                    );
                    break;
                }
            }
        }
        self.stage3(kernel, query, k, bounds, &mut exact)
    }

    /// Stage 1 over every row, on up to `threads` threads (the caller's and `threads − 1`
    /// spawned). The rows are cut into runs of [`STAGE1_RUN_CHUNKS`] chunks that the threads
    /// take one at a time as each finishes its last, so a thread slowed by other work (the
    /// term lane beside the vector lane, another process) takes fewer runs instead of holding
    /// the others up at the end. Each run writes its own slots of one array of distances.
    fn stage1(&self, kernel: Kernel, prepared: &Prepared, threads: usize) -> Distances {
        let runs = self.chunks.len().div_ceil(STAGE1_RUN_CHUNKS);
        let threads = threads.clamp(1, runs.max(1));
        let rows: usize = self.chunks.iter().map(|c| c.rows()).sum();
        let mut out = vec![0_u32; rows];
        let mut work = Vec::with_capacity(runs);
        let mut rest = out.as_mut_slice();
        for run in self.chunks.chunks(STAGE1_RUN_CHUNKS) {
            let n = run.iter().map(|c| c.rows()).sum::<usize>().min(rest.len());
            let (mine, tail) = std::mem::take(&mut rest).split_at_mut(n);
            rest = tail;
            work.push((run, mine));
        }
        let queue = Mutex::new(work.into_iter());
        let measure = || {
            let mut histogram = vec![[0_u32; 4]; self.dimension + 1];
            loop {
                let next = next_run(&queue);
                let Some((run, mine)) = next else {
                    return histogram;
                };
                self.distances(kernel, prepared, run, mine, &mut histogram);
            }
        };
        let histograms = on_threads(threads, measure);
        let mut histogram = vec![0_u32; self.dimension + 1];
        for h in histograms {
            for (total, four) in histogram.iter_mut().zip(h) {
                *total += four.iter().sum::<u32>();
            }
        }
        Distances {
            slots: out,
            histogram,
        }
    }

    fn check_query(&self, query: &Query) -> Result<()> {
        if query.dimension() == self.dimension {
            return Ok(());
        }
        Err(Error::DimensionMismatch {
            field: "query_embedding",
            got: query.dimension(),
            resident: self.dimension as u32,
            model_tag: String::new(),
            fix: crate::store::QUERY_FIX,
        })
    }

    /// Stage 1 over `chunks`: the Hamming distance of each of their rows into `out` (one slot
    /// per row, in order), counted into `histogram` (`0..=d`, four interleaved counts per
    /// distance: distances cluster around d/2, so consecutive rows often share a bin, and one
    /// count per bin would make each increment wait for the last).
    fn distances(
        &self,
        kernel: Kernel,
        prepared: &Prepared,
        chunks: &[Arc<Chunk>],
        out: &mut [u32],
        histogram: &mut [[u32; 4]],
    ) {
        let mut rest = out;
        for chunk in chunks {
            let taken = std::mem::take(&mut rest);
            let (mine, tail) = taken.split_at_mut(chunk.rows().min(taken.len()));
            rest = tail;
            kernel.hamming(&prepared.signs, &chunk.signs, mine);
            let (fours, tail) = mine.as_chunks::<4>();
            for four in fours {
                for (lane, &d) in four.iter().enumerate() {
                    if let Some(h) = histogram.get_mut(d as usize) {
                        h[lane] += 1;
                    }
                }
            }
            for &d in tail {
                if let Some(h) = histogram.get_mut(d as usize) {
                    h[0] += 1;
                }
            }
        }
    }

    /// Every row `keep` accepts, in slot order: the candidates of a scope of at most the
    /// candidate count.
    fn every_row(&self, keep: &mut impl FnMut(u64) -> bool) -> Vec<(u64, usize)> {
        let mut out = Vec::with_capacity(self.len);
        for (c, chunk) in self.chunks.iter().enumerate() {
            for (i, &id) in chunk.ids.iter().enumerate() {
                if keep(id) {
                    out.push((id, c * self.rows_per_chunk + i));
                }
            }
        }
        out
    }

    /// Stage 1's selection, continued until `selection` holds `r` rows `keep` accepts or every
    /// row was asked: `keep` is asked in increasing distance (ties by capsule number), each row
    /// once.
    fn select(
        &self,
        distances: &Distances,
        selection: &mut Selection,
        r: usize,
        keep: &mut impl FnMut(u64) -> bool,
    ) {
        let s = selection;
        while s.out.len() < r && s.next_pending < s.pending.len() {
            let (_, id, slot) = s.pending[s.next_pending];
            s.next_pending += 1;
            s.ask(id, slot, r, keep);
        }
        let histogram = &distances.histogram;
        while s.out.len() < r && s.lo < histogram.len() {
            let need = r - s.out.len();
            // Rows to ask for: what is needed, scaled by the share `keep` accepted so far.
            let want = if s.asked == 0 {
                need
            } else if s.out.is_empty() {
                need.saturating_mul(16)
            } else {
                need.saturating_mul(s.asked).div_ceil(s.out.len())
            };
            let (lo, mut hi) = (s.lo, s.lo);
            let mut band = histogram[lo] as usize;
            while band < want && hi + 1 < histogram.len() {
                hi += 1;
                band += histogram[hi] as usize;
            }
            // One tight pass over the distances for the band, then the ids of its rows.
            let (first, span) = (lo as u32, (hi - lo) as u32);
            // In blocks of 16: a block with no row in the band (nearly all of them) is told
            // by one branch-free test over its 16 distances, which the compiler vectorises.
            let mut band_slots: Vec<(u32, usize)> = Vec::with_capacity(band);
            let in_band = |d: u32| d.wrapping_sub(first) <= span;
            for (b, block) in distances.slots.chunks(16).enumerate() {
                if block.iter().fold(false, |any, &d| any | in_band(d)) {
                    for (j, &d) in block.iter().enumerate() {
                        if in_band(d) {
                            band_slots.push((d, b * 16 + j));
                        }
                    }
                }
            }
            let mut rows: Vec<(u32, u64, usize)> = Vec::with_capacity(band_slots.len());
            for (d, slot) in band_slots {
                let (c, i) = self.locate(slot);
                if let Some(&id) = self.chunks.get(c).and_then(|chunk| chunk.ids.get(i)) {
                    rows.push((d, id, slot));
                }
            }
            rows.sort_unstable();
            s.lo = hi + 1;
            for (n, &(_, id, slot)) in rows.iter().enumerate() {
                if s.ask(id, slot, r, keep) {
                    // The rest of the band waits for a widening.
                    s.pending = rows.split_off(n + 1);
                    s.next_pending = 0;
                    break;
                }
            }
        }
    }

    /// Stage 1's selection finished and stage 2 over it: every row not yet a candidate is
    /// estimated, and those that can still reach the top `k` are bounded and, if `keep`
    /// accepts them, appended to `bounds`. The band left over from stage 1 is asked about
    /// first, in its order (a few rows). Then two phases:
    ///
    /// 1. **On up to `threads` threads**, each taking runs of [`STAGE1_RUN_CHUNKS`] chunks as
    ///    it frees up (as stage 1 does): every row not asked yet, and every row of the band
    ///    `keep` accepted, is first estimated from the query's own codes ([`QueryCodes`]),
    ///    `w = s·sq·Σ cᵢqcᵢ`, an exact integer dot product (64 byte products an instruction
    ///    with VNNI, where stage 2 widens each code to `f32`), whose interval around the exact
    ///    score is `W = residual + 8·(d + 2)·ε + (1 + residual)·rq` plus the `f64` rounding of
    ///    `w`. A row with `w + W` below the **seed** (the `k`-th largest low among the bounds
    ///    held before this pass, all of rows `keep` accepted) is skipped: its exact score is
    ///    below that of `k` rows already in `bounds`, so it cannot be in the top `k`. The
    ///    others get stage 2's tight bound.
    /// 2. **In the caller's thread, in slot order**, over those bounded rows: a row whose
    ///    high is below the **floor** (the seed, raised to the `k`-th largest low accepted in
    ///    this phase) is skipped for the same reason; `keep` is asked about the others not
    ///    asked yet, and the bounds of the rows it accepts are appended.
    ///
    /// So `keep` is asked only about rows that could still take a place (a few hundred of a
    /// million uniform random vectors, instead of every row in the caller's thread before
    /// any estimate), always from the caller's thread and in slot order, and the answer is
    /// that of bounding every row `keep` accepts.
    #[allow(clippy::too_many_arguments)]
    fn stage2_rest(
        &self,
        kernel: Kernel,
        prepared: &Prepared,
        k: usize,
        distances: &Distances,
        selection: &mut Selection,
        keep: &mut impl FnMut(u64) -> bool,
        threads: usize,
        bounds: &mut Vec<(f64, f64, u64)>,
    ) {
        let s = selection;
        // The band's rows `keep` accepted, one bit a row.
        let mut band = vec![0_u64; distances.slots.len().div_ceil(64)];
        while s.next_pending < s.pending.len() {
            let (_, id, slot) = s.pending[s.next_pending];
            s.next_pending += 1;
            s.asked += 1;
            if keep(id)
                && let Some(word) = band.get_mut(slot / 64)
            {
                *word |= 1 << (slot % 64);
            }
        }
        let in_band = |slot: usize| {
            band.get(slot / 64)
                .is_some_and(|w| w >> (slot % 64) & 1 == 1)
        };
        let first = s.lo as u32;
        s.lo = distances.histogram.len();
        let extra = rounding_bound(self.dimension);
        let seed = kth_low(bounds, k);
        let runs = self.chunks.len().div_ceil(STAGE1_RUN_CHUNKS);
        let queue = Mutex::new(self.chunks.chunks(STAGE1_RUN_CHUNKS).enumerate());
        // `(slot, asked, bound)` of the rows that can reach the seed.
        let measure = || -> Vec<(usize, bool, (f64, f64, u64))> {
            let mut found = Vec::new();
            let mut dots = vec![0_i32; self.rows_per_chunk];
            loop {
                let next = next_run(&queue);
                let Some((run, chunks)) = next else {
                    return found;
                };
                for (n, chunk) in chunks.iter().enumerate() {
                    let base = (run * STAGE1_RUN_CHUNKS + n) * self.rows_per_chunk;
                    let mine = distances
                        .slots
                        .get(base..base + chunk.rows())
                        .unwrap_or_default();
                    kernel.dots_i8_i8(&prepared.codes.codes, &chunk.codes, &mut dots);
                    for (i, (&dot, &d)) in dots.iter().zip(mine).enumerate() {
                        let asked = d < first;
                        if asked && !in_band(base + i) {
                            continue;
                        }
                        let (Some(&scale), Some(&residual)) =
                            (chunk.scales.get(i), chunk.residuals.get(i))
                        else {
                            continue;
                        };
                        let (w, width) =
                            wide_interval(scale, residual, dot, &prepared.codes, extra);
                        if w + width < seed {
                            continue;
                        }
                        if let Some(bound) = self.bound(kernel, prepared, chunk, i, extra) {
                            found.push((base + i, asked, bound));
                        }
                    }
                }
            }
        };
        let threads = threads.clamp(
            1,
            self.len.div_ceil(PARALLEL_MIN_ROWS).clamp(1, runs.max(1)),
        );
        let mut found: Vec<_> = on_threads(threads, measure).into_iter().flatten().collect();
        found.sort_unstable_by_key(|&(slot, ..)| slot);
        // The `k` largest lows accepted above the floor, smallest on top.
        let mut best: BinaryHeap<Reverse<Low>> = BinaryHeap::with_capacity(k + 1);
        let mut floor = seed;
        for (_, asked, bound) in found {
            if bound.1 < floor {
                continue;
            }
            if !asked {
                s.asked += 1;
                if !keep(bound.2) {
                    continue;
                }
            }
            if bound.0 > floor {
                best.push(Reverse(Low(bound.0)));
                if best.len() > k {
                    best.pop();
                }
                if best.len() == k
                    && let Some(Reverse(Low(kth))) = best.peek()
                {
                    floor = *kth;
                }
            }
            bounds.push(bound);
        }
    }

    /// Stage 2 over `candidates`: each one's interval `(a − B, a + B, capsule)` around its
    /// exact score, appended to `bounds` in the candidates' order, on up to `threads` threads,
    /// at least [`STAGE2_PARALLEL_MIN`] candidates each. The rows are read in slot order (by
    /// chunk, then by address), not in the candidates' order of distance: a widening's
    /// candidates are scattered over the whole copy, and in slot order the candidates of one
    /// chunk are read one after another, sharing the pages of its ids, scales and residuals.
    /// The threads take runs of [`STAGE2_RUN`] candidates of that order as they free up.
    fn stage2(
        &self,
        kernel: Kernel,
        prepared: &Prepared,
        candidates: &[(u64, usize)],
        threads: usize,
        bounds: &mut Vec<(f64, f64, u64)>,
    ) {
        let extra = rounding_bound(self.dimension);
        let mut order: Vec<(usize, u32)> = candidates
            .iter()
            .zip(0_u32..)
            .map(|(&(_, slot), n)| (slot, n))
            .collect();
        order.sort_unstable();
        let queue = Mutex::new(order.chunks(STAGE2_RUN));
        let measure = || -> Vec<(u32, (f64, f64, u64))> {
            let mut out = Vec::new();
            loop {
                let next = next_run(&queue);
                let Some(run) = next else {
                    return out;
                };
                for (n, &(slot, at)) in run.iter().enumerate() {
                    // The codes, scale and residual of a candidate a few places on: their
                    // loads then overlap with this row's work (`prefetch` is only a hint).
                    if let Some(&(ahead, _)) = run.get(n + PREFETCH_AHEAD) {
                        let (c, i) = self.locate(ahead);
                        if let Some(chunk) = self.chunks.get(c) {
                            crate::kernels::prefetch(chunk.codes(i, self.dimension));
                            crate::kernels::prefetch(chunk.scales.get(i..=i).unwrap_or_default());
                            crate::kernels::prefetch(
                                chunk.residuals.get(i..=i).unwrap_or_default(),
                            );
                        }
                    }
                    let (c, i) = self.locate(slot);
                    let bound = self
                        .chunks
                        .get(c)
                        .and_then(|chunk| self.bound(kernel, prepared, chunk, i, extra));
                    out.extend(bound.map(|b| (at, b)));
                }
            }
        };
        let threads = threads.clamp(1, (candidates.len() / STAGE2_PARALLEL_MIN).max(1));
        let mut found: Vec<Option<(f64, f64, u64)>> = vec![None; candidates.len()];
        for (at, bound) in on_threads(threads, measure).into_iter().flatten() {
            if let Some(slot) = found.get_mut(at as usize) {
                *slot = Some(bound);
            }
        }
        bounds.extend(found.into_iter().flatten());
    }

    /// Stage 2's interval `(a − B, a + B, capsule)` of row `i` of `chunk`.
    fn bound(
        &self,
        kernel: Kernel,
        prepared: &Prepared,
        chunk: &Chunk,
        i: usize,
        extra: f64,
    ) -> Option<(f64, f64, u64)> {
        let d = self.dimension;
        let id = *chunk.ids.get(i)?;
        let scale = *chunk.scales.get(i)?;
        let residual = *chunk.residuals.get(i)?;
        let codes = chunk.codes.get(i * d..(i + 1) * d)?;
        let a = scale * kernel.dot_i8_prefix(codes, &prepared.unit);
        let b = f64::from(residual) + extra;
        Some((f64::from(a) - b, f64::from(a) + b, id))
    }

    /// Stage 3 over the candidates' `bounds`.
    fn stage3(
        &self,
        kernel: Kernel,
        query: &Query,
        k: usize,
        mut bounds: Vec<(f64, f64, u64)>,
        exact: &mut impl FnMut(u64) -> Result<Option<Embedding>>,
    ) -> Result<Vec<LaneHit>> {
        let threshold = kth_low(&bounds, k);
        // Stage 3: the exact score of the survivors, best upper bound first. Once `k` exact
        // scores are held, a candidate whose upper bound is below the worst of them cannot
        // take its place (nor tie it: its exact score is at most the bound), and neither can
        // any after it, so the scan stops there: the same answer as scoring every survivor,
        // with far fewer stored vectors read.
        bounds.retain(|b| b.1 >= threshold);
        bounds.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)));
        let (q, inv_q) = (query.values(), query.inv_norm());
        let mut heap: BinaryHeap<Reverse<Candidate>> =
            BinaryHeap::with_capacity(k.min(bounds.len()) + 1);
        for &(_, high, capsule) in &bounds {
            if heap.len() == k
                && heap
                    .peek()
                    .is_some_and(|worst| high < f64::from(worst.0.score))
            {
                break;
            }
            let embedding = exact(capsule)?
                .filter(|e| e.dimension() == self.dimension)
                .ok_or_else(|| {
                    Error::corrupt(
                        crate::record::TABLE,
                        format_args!(
                            "capsule {capsule} is in the vector copy but its stored embedding \
                             of {} dimensions is missing",
                            self.dimension
                        ),
                    )
                })?;
            let dot = kernel.dot_prefix(q, embedding.values());
            let candidate = Candidate {
                score: dot * embedding.inv_norm() * inv_q + 0.0,
                capsule,
            };
            if heap.len() == k && heap.peek().is_some_and(|worst| candidate <= worst.0) {
                continue;
            }
            heap.push(Reverse(candidate));
            if heap.len() > k {
                heap.pop();
            }
        }
        Ok(ranked(heap))
    }

    /// A new value with `changes` applied: `Some` puts (insert or replace), `None` removes.
    /// Untouched chunks are shared with `self`; touched ones are copied, so readers of `self`
    /// are unaffected.
    pub(crate) fn with_changes(&self, changes: &BTreeMap<u64, Option<Embedding>>) -> Self {
        let mut next = self.clone();
        if changes.is_empty() {
            return next;
        }
        // Find the rows of capsules already present: one pass over the ids, with a range check
        // that rejects most ids at once when the changes are new capsules.
        let (Some(&lo), Some(&hi)) = (changes.keys().next(), changes.keys().next_back()) else {
            return next;
        };
        let mut found: Vec<(usize, u64)> = Vec::new();
        for (c, chunk) in self.chunks.iter().enumerate() {
            for (i, &id) in chunk.ids.iter().enumerate() {
                if (lo..=hi).contains(&id) && changes.contains_key(&id) {
                    found.push((c * self.rows_per_chunk + i, id));
                }
            }
        }
        let mut removals = Vec::new();
        for &(slot, id) in &found {
            match changes.get(&id) {
                Some(Some(embedding)) => next.overwrite(slot, id, &quantize(embedding)),
                Some(None) => removals.push(slot),
                None => {}
            }
        }
        // Descending, so that each row moved into a hole comes from past every hole still open.
        removals.sort_unstable_by(|a, b| b.cmp(a));
        for slot in removals {
            next.swap_remove(slot);
        }
        let present: std::collections::HashSet<u64> = found.iter().map(|&(_, id)| id).collect();
        // New rows, quantized on two threads when a commit brings many (a batch into one scope).
        let new: Vec<(u64, &Embedding)> = changes
            .iter()
            .filter(|(id, _)| !present.contains(id))
            .filter_map(|(&id, change)| change.as_ref().map(|e| (id, e)))
            .collect();
        let appended: Vec<(u64, Quantized)> = new
            .iter()
            .map(|&(id, _)| id)
            .zip(quantize_all(&new, |&(_, e)| e))
            .collect();
        next.append_all(&appended);
        next.make_exact();
        next
    }

    /// Appends `rows` in order, each chunk touched copied or allocated once with room for
    /// exactly the rows it takes: the last chunk is shared with the value this one was cloned
    /// from, and copying it on write, growing it row by row and trimming it to its length had
    /// copied it three times (a scope's every commit of a few rows copied its last chunk, up to
    /// [`CHUNK_BYTES`], that often).
    fn append_all(&mut self, rows: &[(u64, Quantized)]) {
        let (dimension, per_chunk) = (self.dimension, self.rows_per_chunk);
        let mut rest = rows;
        while !rest.is_empty() {
            let tail_rows = self.chunks.last().map_or(per_chunk, |c| c.rows());
            if tail_rows >= per_chunk {
                let room = rest.len().min(per_chunk);
                self.chunks
                    .push(Arc::new(Chunk::with_capacity(room, dimension)));
                continue;
            }
            let take = rest.len().min(per_chunk - tail_rows);
            let Some(tail) = self.chunks.last_mut() else {
                break;
            };
            let unique_with_room = Arc::get_mut(tail).is_some_and(|c| c.has_room(take, dimension));
            if !unique_with_room {
                *tail = Arc::new(tail.with_room(take, dimension));
            }
            let chunk = Arc::make_mut(tail);
            for (id, q) in &rest[..take] {
                chunk.push(*id, q, dimension);
            }
            self.len += take;
            rest = &rest[take..];
        }
    }

    fn locate(&self, slot: usize) -> (usize, usize) {
        (slot / self.rows_per_chunk, slot % self.rows_per_chunk)
    }

    fn chunk_mut(&mut self, c: usize) -> Option<&mut Chunk> {
        self.chunks.get_mut(c).map(Arc::make_mut)
    }

    fn overwrite(&mut self, slot: usize, id: u64, q: &Quantized) {
        let (c, i) = self.locate(slot);
        let dimension = self.dimension;
        if let Some(chunk) = self.chunk_mut(c) {
            chunk.set(i, dimension, id, q);
        }
    }

    /// Moves the last row into `slot` and drops the last row.
    fn swap_remove(&mut self, slot: usize) {
        let Some(last) = self.len.checked_sub(1) else {
            return;
        };
        let dimension = self.dimension;
        let (lc, li) = self.locate(last);
        if slot != last {
            let Some(tail) = self.chunks.get(lc) else {
                return;
            };
            let (id, row) = tail.get(li, dimension);
            self.overwrite(slot, id, &row);
        }
        if let Some(tail) = self.chunk_mut(lc) {
            tail.pop(dimension);
            if tail.rows() == 0 {
                self.chunks.pop();
            }
        }
        self.len = last;
    }

    fn append(&mut self, id: u64, q: &Quantized) {
        let (dimension, per_chunk) = (self.dimension, self.rows_per_chunk);
        let tail_full = self.chunks.last().is_none_or(|c| c.rows() == per_chunk);
        if tail_full {
            self.chunks
                .push(Arc::new(Chunk::with_capacity(per_chunk, dimension)));
        }
        let last = self.chunks.len() - 1;
        if let Some(chunk) = self.chunk_mut(last) {
            chunk.push(id, q, dimension);
            self.len += 1;
        }
    }

    /// Reallocates every buffer that is larger than its length, so that memory is exactly
    /// what the type docs say.
    fn make_exact(&mut self) {
        for chunk in &mut self.chunks {
            if !chunk.is_exact() {
                *chunk = Arc::new(chunk.exact());
            }
        }
        if self.chunks.capacity() != self.chunks.len() {
            self.chunks = self.chunks.to_vec();
        }
    }
}

/// The saved form of a chunk (`vector.saved`, see [`crate::saved`]): every field of its rows,
/// as stored in memory, behind a header, with a checksum.
///
/// ```text
/// offset        size          field
/// 0             1             format (SAVED_FORMAT = 1)
/// 1             4             dimension d, u32 little-endian
/// 5             4             rows n, u32 little-endian (1 ..= rows per chunk of d)
/// 9             8·n           capsule numbers, u64 little-endian
/// 9+8n          4·n           scales, f32 little-endian
/// 9+12n         4·n           residual bounds, f32 little-endian
/// 9+16n         d·n           int8 codes, row after row
/// 9+16n+dn      64·w·⌈n/8⌉    sign words, u64 little-endian, in groups of eight rows (w = ⌈d/64⌉)
/// end − 4       4             CRC-32 of every byte before it, u32 little-endian
/// ```
pub(crate) const SAVED_FORMAT: u8 = 1;

impl Chunk {
    fn encode(&self, dimension: usize) -> Vec<u8> {
        let n = self.rows();
        let mut out = Vec::with_capacity(13 + n * row_bytes(dimension) + 64 * self.signs.len());
        out.push(SAVED_FORMAT);
        out.extend_from_slice(&u32::try_from(dimension).unwrap_or(u32::MAX).to_le_bytes());
        out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        for id in &self.ids {
            out.extend_from_slice(&id.to_le_bytes());
        }
        for x in self.scales.iter().chain(&self.residuals) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend(self.codes.iter().map(|&c| c.to_le_bytes()[0]));
        for lanes in &self.signs {
            for word in lanes.0 {
                out.extend_from_slice(&word.to_le_bytes());
            }
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a saved chunk of `dimension`, or says what is wrong with it.
    fn decode(bytes: &[u8], dimension: usize) -> std::result::Result<Self, String> {
        let (body, crc) = bytes
            .split_last_chunk::<4>()
            .ok_or("shorter than its checksum")?;
        if crc32fast::hash(body) != u32::from_le_bytes(*crc) {
            return Err("its checksum does not match".into());
        }
        let mut r = SliceReader(body);
        match r.take(1)?.first() {
            Some(&SAVED_FORMAT) => {}
            Some(other) => return Err(format!("format byte {other}")),
            None => return Err("empty".into()),
        }
        let d = r.u32()? as usize;
        if d != dimension {
            return Err(format!("{d} dimensions where the scope has {dimension}"));
        }
        let n = r.u32()? as usize;
        if n == 0 || n > rows_per_chunk(dimension) {
            return Err(format!(
                "{n} rows, outside 1..={}",
                rows_per_chunk(dimension)
            ));
        }
        let w = sign_words(dimension);
        let groups = n.div_ceil(8) * w;
        let expected = 9 + n * (ROW_OVERHEAD_BYTES + dimension) + 64 * groups;
        if body.len() != expected {
            return Err(format!(
                "{} bytes where {n} rows take {expected}",
                body.len()
            ));
        }
        let ids = r
            .take(8 * n)?
            .chunks_exact(8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default()))
            .collect();
        let mut f32s = |count: usize| -> std::result::Result<Vec<f32>, String> {
            Ok(r.take(4 * count)?
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes(b.try_into().unwrap_or_default()))
                .collect())
        };
        let scales = f32s(n)?;
        let residuals = f32s(n)?;
        let codes = r
            .take(n * dimension)?
            .iter()
            .map(|&b| i8::from_le_bytes([b]))
            .collect();
        let words: Vec<u64> = r
            .take(64 * groups)?
            .chunks_exact(8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default()))
            .collect();
        let signs = words
            .chunks_exact(8)
            .map(|lane| Lanes(lane.try_into().unwrap_or_default()))
            .collect();
        Ok(Self {
            ids,
            scales,
            residuals,
            codes,
            signs,
        })
    }
}

/// Reads a byte slice front to back.
struct SliceReader<'a>(&'a [u8]);

impl<'a> SliceReader<'a> {
    fn take(&mut self, n: usize) -> std::result::Result<&'a [u8], String> {
        if self.0.len() < n {
            return Err("cut short".into());
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn u32(&mut self) -> std::result::Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes(b.try_into().unwrap_or_default()))
    }
}

impl ScopeVectors {
    /// The number of chunks.
    pub(crate) fn chunk_count(&self) -> usize {
        self.chunks.len()
    }

    /// Whether chunk `i` of `self` is the very chunk `i` of `other` (shared, so unchanged).
    pub(crate) fn shares_chunk(&self, other: &Self, i: usize) -> bool {
        match (self.chunks.get(i), other.chunks.get(i)) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// The saved form of chunk `i` (see [`SAVED_FORMAT`]).
    pub(crate) fn encode_chunk(&self, i: usize) -> Option<Vec<u8>> {
        self.chunks.get(i).map(|c| c.encode(self.dimension))
    }

    /// Appends a saved chunk decoded with [`SavedChunk::decode`] while reading a scope back
    /// chunk by chunk from [`empty`](Self::empty), or says what is wrong with it: it must have
    /// this scope's dimension, and follow only full chunks, as a scope built row by row has
    /// them. End with [`finish_build`](Self::finish_build).
    pub(crate) fn push_decoded(&mut self, chunk: SavedChunk) -> std::result::Result<(), String> {
        let i = self.chunks.len();
        if chunk.dimension != self.dimension {
            return Err(format!(
                "chunk {i} has rows of dimension {}, the scope {}",
                chunk.dimension, self.dimension
            ));
        }
        if self
            .chunks
            .last()
            .is_some_and(|c| c.rows() != self.rows_per_chunk)
        {
            return Err(format!("chunk {i} follows a chunk that is not full"));
        }
        self.len += chunk.chunk.rows();
        self.chunks.push(Arc::new(chunk.chunk));
        Ok(())
    }
}

/// A saved chunk decoded on its own (its checksum and layout checked), so that chunks can be
/// decoded on several threads and appended to their scope in order with
/// [`ScopeVectors::push_decoded`].
#[derive(Debug)]
pub(crate) struct SavedChunk {
    dimension: usize,
    chunk: Chunk,
}

impl SavedChunk {
    /// Decodes a saved chunk (see [`SAVED_FORMAT`]) of rows of `dimension`.
    pub(crate) fn decode(bytes: &[u8], dimension: usize) -> std::result::Result<Self, String> {
        Ok(Self {
            dimension,
            chunk: Chunk::decode(bytes, dimension)?,
        })
    }
}

#[cfg(test)]
mod tests {

    /// `quantize`'s codes and sign bits are, bit for bit, what the plain formula of the type docs
    /// gives (each code `round(u / s)` by `f64::round`, each sign bit `u > 0`), at dimensions on
    /// and off a word of sign bits, with zero and tiny components.
    #[test]
    fn quantize_matches_the_plain_formula_bit_for_bit() {
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for d in [1_usize, 2, 63, 64, 65, 127, 128, 383, 384, 1000] {
            for round in 0..200 {
                let values: Vec<f32> = (0..d)
                    .map(|i| match (next() % 16, round % 4) {
                        (0, _) if i > 0 => 0.0,
                        (1, 1) => 1e-30,
                        _ => ((next() >> 11) as f64 / (1u64 << 53) as f64 - 0.5) as f32,
                    })
                    .collect();
                let Ok(e) = Embedding::new(values.clone()) else {
                    continue;
                };
                let q = quantize(&e);
                let inv = 1.0
                    / values
                        .iter()
                        .map(|&v| f64::from(v).powi(2))
                        .sum::<f64>()
                        .sqrt();
                assert_eq!(q.signs.len(), d.div_ceil(64));
                for (i, &v) in values.iter().enumerate() {
                    let u = f64::from(v) * inv;
                    let want = (u / f64::from(q.scale)).round().clamp(-127.0, 127.0) as i8;
                    assert_eq!(q.codes[i], want, "d {d}, component {i}");
                    assert_eq!(q.signs[i / 64] >> (i % 64) & 1 == 1, u > 0.0, "d {d}, {i}");
                }
            }
        }
    }

    /// Rows pushed in batches, quantized on two threads from [`PARALLEL_ROWS`] on, and the same
    /// rows committed at once, make the copy `build` makes of them one at a time: the same rows
    /// in the same order, field for field (batches below, at and above the threshold, with an
    /// odd split).
    #[test]
    fn rows_pushed_on_two_threads_make_the_copy_built_one_at_a_time() {
        let d = 96;
        let rows: Vec<(u64, Embedding)> = (0..2 * PARALLEL_ROWS as u64 + 37)
            .map(|i| (i * 3 + 1, emb(i, d)))
            .collect();
        let want = ScopeVectors::build(d, rows.iter().cloned()).unwrap();
        let mut got = ScopeVectors::empty(d);
        let (small, rest) = rows.split_at(PARALLEL_ROWS - 1);
        let (at, above) = rest.split_at(PARALLEL_ROWS);
        for batch in [small, at, above] {
            got.push_rows(batch);
        }
        got.finish_build();
        // And a commit bringing them all at once (`with_changes`, the ingest's path).
        let changes: BTreeMap<u64, Option<Embedding>> =
            rows.iter().map(|(c, e)| (*c, Some(e.clone()))).collect();
        let committed = ScopeVectors::empty(d).with_changes(&changes);
        assert_eq!(got.len(), want.len());
        assert_eq!(committed.len(), want.len());
        let fields = |r: Row<'_>| {
            let signs = r.signs();
            (
                r.capsule,
                r.scale.to_bits(),
                r.residual.to_bits(),
                r.codes.to_vec(),
                signs,
            )
        };
        for ((g, c), w) in got.rows().zip(committed.rows()).zip(want.rows()) {
            let w = fields(w);
            assert_eq!(fields(c), w, "committed at once");
            assert_eq!(fields(g), w, "pushed in batches");
        }
    }

    /// `code` is `round().clamp(-127, 127) as i8` bit for bit: at every half between and past the
    /// codes (the ties `round` takes away from zero), their neighbours one ulp either side, the
    /// specials, and a sweep of random values at every magnitude.
    #[test]
    fn code_rounds_half_away_from_zero_exactly_as_round_does() {
        let reference = |x: f64| x.round().clamp(-127.0, 127.0) as i8;
        let mut values = vec![
            0.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            9.3e18,
            -9.3e18,
            4.6e18,
            2f64.powi(52) + 0.5,
            0.499_999_999_999_999_94,
        ];
        for k in -300..=300 {
            let half = f64::from(k) + 0.5;
            values.extend([half, half.next_up(), half.next_down(), f64::from(k)]);
        }
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            values.push(f64::from_bits(state));
            values.push((state >> 11) as f64 / (1u64 << 53) as f64 * 300.0 - 150.0);
        }
        for x in values {
            assert_eq!(code(x), reference(x), "{x:e} ({:#x})", x.to_bits());
        }
    }
    use super::*;

    fn emb(seed: u64, d: usize) -> Embedding {
        Embedding::new(
            (0..d)
                .map(|i| ((seed * 31 + i as u64 * 7) % 13) as f32 - 6.0 + 0.5)
                .collect(),
        )
        .unwrap()
    }

    fn contents(s: &ScopeVectors) -> BTreeMap<u64, Quantized> {
        s.rows()
            .map(|r| {
                let q = Quantized {
                    scale: r.scale,
                    residual: r.residual,
                    codes: r.codes.to_vec(),
                    signs: r.signs(),
                };
                (r.capsule, q)
            })
            .collect()
    }

    #[test]
    fn changes_share_untouched_chunks_and_leave_the_old_value_alone() {
        let d = 8192; // 9232 bytes a row: 112 rows per chunk
        assert_eq!(rows_per_chunk(d), 112);
        assert_eq!(rows_per_chunk(384), 2336);
        let base = ScopeVectors::build(d, (0..400).map(|i| (i, emb(i, d)))).unwrap();
        assert_eq!(base.chunks.len(), 4);
        let before = contents(&base);
        let mut changes = BTreeMap::new();
        changes.insert(5, Some(emb(500, d))); // replace in chunk 0
        changes.insert(140, None); // remove from chunk 1
        changes.insert(1000, Some(emb(1000, d))); // append
        let next = base.with_changes(&changes);
        assert_eq!(contents(&base), before, "the old snapshot is untouched");
        assert!(
            Arc::ptr_eq(&base.chunks[2], &next.chunks[2]),
            "chunk 2 is shared"
        );
        assert!(!Arc::ptr_eq(&base.chunks[0], &next.chunks[0]));
        let mut want = before;
        want.insert(5, quantize(&emb(500, d)));
        want.remove(&140);
        want.insert(1000, quantize(&emb(1000, d)));
        assert_eq!(contents(&next), want);
        assert_eq!(next.len(), 400);
        assert!(next.chunks.iter().all(|c| c.is_exact()));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Any change map on any scope gives the model's contents, exact buffers, and the
        /// every-chunk-but-the-last-is-full invariant the slot arithmetic relies on.
        #[test]
        fn changes_equal_the_model(
            // 16 384 dimensions: 56 rows per chunk, so that changes cross chunks.
            d in proptest::sample::select(vec![1usize, 3, 384, 16_384]),
            base in proptest::collection::btree_set(0u64..96, 0..96),
            changes in proptest::collection::btree_map(
                0u64..100,
                proptest::option::weighted(0.5, 0u64..1000),
                0..60,
            ),
        ) {
            let scope = ScopeVectors::build(d, base.iter().map(|&i| (i, emb(i, d)))).unwrap();
            let changes: BTreeMap<u64, Option<Embedding>> =
                changes.into_iter().map(|(c, s)| (c, s.map(|s| emb(s, d)))).collect();
            let next = scope.with_changes(&changes);
            let mut want = contents(&scope);
            for (c, change) in &changes {
                match change {
                    Some(e) => want.insert(*c, quantize(e)),
                    None => want.remove(c),
                };
            }
            proptest::prop_assert_eq!(contents(&next), want);
            proptest::prop_assert_eq!(next.len, next.ids().count());
            let (full, last) = next.chunks.split_at(next.chunks.len().saturating_sub(1));
            proptest::prop_assert!(full.iter().all(|c| c.rows() == next.rows_per_chunk));
            proptest::prop_assert!(
                last.iter().all(|c| (1..=next.rows_per_chunk).contains(&c.rows()))
            );
            proptest::prop_assert!(next.chunks.iter().all(|c| c.is_exact()));
            proptest::prop_assert!(next.chunks.iter().all(|c| c.codes.len() == c.rows() * d
                && c.signs.len() == c.rows().div_ceil(8) * sign_words(d)
                && (c.rows() % 8 == 0 || c.signs[c.signs.len() - sign_words(d)..]
                    .iter()
                    .all(|g| g.0[c.rows() % 8..].iter().all(|&x| x == 0)))
                && c.scales.len() == c.rows()
                && c.residuals.len() == c.rows()));
        }
    }

    /// Appending a commit's rows gives each chunk it touches exactly the room those rows take,
    /// so that nothing is left for `make_exact` to copy again, and leaves the value it was
    /// cloned from as it was.
    #[test]
    fn appended_rows_fill_chunks_copied_once_with_exact_room() {
        let d = 16_384; // 56 rows a chunk
        for (old, new) in [(0, 3), (10, 5), (10, 46), (10, 47), (56, 1), (60, 130)] {
            let base = ScopeVectors::build(d, (0..old).map(|i| (i, emb(i, d)))).unwrap();
            let before = contents(&base);
            let mut next = base.clone();
            let rows: Vec<(u64, Quantized)> = (old..old + new)
                .map(|i| (i, quantize(&emb(i, d))))
                .collect();
            next.append_all(&rows);
            assert_eq!(
                contents(&base),
                before,
                "{old} + {new}: the base is untouched"
            );
            assert!(
                next.chunks.iter().all(|c| c.is_exact()),
                "{old} + {new}: every chunk exactly as large as its rows"
            );
            let mut want = before;
            want.extend(rows);
            assert_eq!(contents(&next), want);
            assert_eq!(next.len(), usize::try_from(old + new).unwrap());
        }
    }

    #[test]
    fn removing_the_last_rows_and_earlier_ones_together() {
        let d = 16_384; // 56 rows per chunk (18 448 bytes each): three chunks, the last of 18
        assert_eq!(rows_per_chunk(d), 56);
        let base = ScopeVectors::build(d, (0..130).map(|i| (i, emb(i, d)))).unwrap();
        let gone = [3, 60, 111, 127, 128, 129];
        let changes = gone.into_iter().map(|i| (i, None)).collect();
        let next = base.with_changes(&changes);
        let want: Vec<u64> = (0..130).filter(|i| !gone.contains(i)).collect();
        assert_eq!(contents(&next).into_keys().collect::<Vec<_>>(), want);
    }

    #[test]
    fn a_row_equals_the_same_row_in_another_lane_and_group() {
        let d = 70; // two sign words
        let a = ScopeVectors::build(d, (0..9).map(|i| (i, emb(i, d)))).unwrap();
        let b = ScopeVectors::build(d, (0..9).rev().map(|i| (i, emb(i, d)))).unwrap();
        for row in a.rows() {
            let other = b.get(row.capsule).unwrap();
            assert_eq!(row, other);
            assert_eq!(row.signs(), quantize(&emb(row.capsule, d)).signs);
        }
        assert_ne!(a.get(0).unwrap(), a.get(1).unwrap());
    }

    /// A saved copy whose chunks are not full, as a build of smaller chunks saved it, does not
    /// load past its first chunk (the open then rebuilds): only a scope's last chunk may be
    /// partial. Full chunks followed by a partial one load as built.
    #[test]
    fn saved_chunks_of_another_size_are_refused() {
        let d = 16_384; // 56 rows a chunk
        let small = ScopeVectors::build(d, (0..10).map(|i| (i, emb(i, d)))).unwrap();
        let partial = small.encode_chunk(0).unwrap();
        let mut loading = ScopeVectors::empty(d);
        let decode = |bytes: &[u8]| SavedChunk::decode(bytes, d).unwrap();
        loading.push_decoded(decode(&partial)).unwrap();
        assert!(loading.push_decoded(decode(&partial)).is_err());

        let built = ScopeVectors::build(d, (0..130).map(|i| (i, emb(i, d)))).unwrap();
        let mut again = ScopeVectors::empty(d);
        for i in 0..built.chunk_count() {
            again
                .push_decoded(decode(&built.encode_chunk(i).unwrap()))
                .unwrap();
        }
        assert_eq!(contents(&again), contents(&built));
    }

    #[test]
    fn removing_everything_leaves_an_empty_scope() {
        let d = 3;
        let base = ScopeVectors::build(d, (0..10).map(|i| (i, emb(i, d)))).unwrap();
        let changes = (0..10).map(|i| (i, None)).collect();
        let next = base.with_changes(&changes);
        assert!(next.is_empty());
        assert!(next.chunks.is_empty());
    }

    use proptest::prelude::{Strategy as _, prop_assert, prop_assert_eq};

    /// Components `m·2^e`: signs mixed, magnitudes over several orders, some exact zeros.
    fn component() -> impl proptest::strategy::Strategy<Value = f32> {
        (-1000i32..=1000, -12i32..=12).prop_map(|(m, e)| m as f32 / 1000.0 * 2f32.powi(e))
    }

    fn vectors(d: usize) -> impl proptest::strategy::Strategy<Value = Vec<f32>> {
        proptest::collection::vec(component(), d).prop_filter("a vector with a magnitude", |v| {
            Embedding::new(v.clone()).is_ok()
        })
    }

    fn unit(v: &[f32]) -> Vec<f64> {
        let norm = v.iter().map(|&x| f64::from(x).powi(2)).sum::<f64>().sqrt();
        v.iter().map(|&x| f64::from(x) / norm).collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Each code is within half a step of its unit component, the residual bounds the
        /// codes' error from above, and the sign bits are the unit vector's.
        #[test]
        fn quantization_round_trips_within_half_a_step(
            v in proptest::sample::select(vec![1usize, 3, 8, 64, 65, 384])
                .prop_flat_map(vectors),
        ) {
            let q = quantize(&Embedding::new(v.clone()).unwrap());
            let u = unit(&v);
            let s = f64::from(q.scale);
            let max = u.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
            prop_assert!((s - max / 127.0).abs() <= max / 127.0 * f64::from(f32::EPSILON));
            let mut error = 0.0_f64;
            for (i, (&c, &x)) in q.codes.iter().zip(&u).enumerate() {
                prop_assert!((-127..=127).contains(&c));
                let e = (s * f64::from(c) - x).abs();
                prop_assert!(e <= s / 2.0 * (1.0 + 1e-12), "component {}: {} > {}", i, e, s / 2.0);
                error += e * e;
                prop_assert_eq!(q.signs[i / 64] >> (i % 64) & 1 == 1, x > 0.0);
            }
            prop_assert!(f64::from(q.residual) >= error.sqrt());
            prop_assert!(f64::from(q.residual) <= error.sqrt() * (1.0 + 2.0 * f64::from(f32::EPSILON)) + 1e-300);
            prop_assert_eq!(q.signs.len(), sign_words(v.len()));
            if v.len() % 64 != 0 {
                prop_assert_eq!(q.signs[v.len() / 64] >> (v.len() % 64), 0, "padding bits are 0");
            }
        }

        /// Stage 2's estimate is within its bound of the exact score, with every kernel.
        #[test]
        fn the_stage_2_bound_holds(
            (v, w) in proptest::sample::select(vec![1usize, 3, 8, 17, 384])
                .prop_flat_map(|d| (vectors(d), vectors(d))),
        ) {
            let e = Embedding::new(v).unwrap();
            let query = Query::new(&w).unwrap();
            let q = quantize(&e);
            let prepared = Prepared::new(&query);
            let b = f64::from(q.residual) + rounding_bound(e.dimension());
            for kernel in Kernel::available() {
                let a = q.scale * kernel.dot_i8(&q.codes, &prepared.unit).unwrap();
                let exact = query.score_with(kernel, &e).unwrap();
                proptest::prop_assert!(
                    (f64::from(a) - f64::from(exact)).abs() <= b,
                    "{}: a = {}, exact = {}, bound {}", kernel.isa(), a, exact, b
                );
            }
        }
    }

    /// `d` components uniform in `[-0.5, 0.5)` from the xorshift state `x` (never 0).
    fn spread(x: &mut u64, d: usize) -> Vec<f32> {
        (0..d)
            .map(|_| {
                *x ^= *x << 13;
                *x ^= *x >> 7;
                *x ^= *x << 17;
                (*x >> 40) as f32 / (1u64 << 24) as f32 - 0.5
            })
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// The widened pass's interval, from the integer dot product of the row's codes with
        /// the query's codes, holds the exact score, with every kernel.
        #[test]
        fn the_widened_pass_bound_holds(
            (v, w) in proptest::sample::select(vec![1usize, 3, 8, 17, 64, 384])
                .prop_flat_map(|d| (vectors(d), vectors(d))),
        ) {
            let e = Embedding::new(v).unwrap();
            let query = Query::new(&w).unwrap();
            let q = quantize(&e);
            let prepared = Prepared::new(&query);
            let extra = rounding_bound(e.dimension());
            for kernel in Kernel::available() {
                let dot = kernel.dot_i8_i8(&q.codes, &prepared.codes.codes).unwrap();
                let (w, width) = wide_interval(q.scale, q.residual, dot, &prepared.codes, extra);
                let exact = f64::from(query.score_with(kernel, &e).unwrap());
                proptest::prop_assert!(
                    (w - exact).abs() <= width,
                    "{}: w = {}, exact = {}, width {}", kernel.isa(), w, exact, width
                );
            }
        }

        /// The widened pass over every row left, with its floor, gives the exact top `k` of
        /// the kept rows bit for bit: on spread data, and on rows that all lie near one
        /// direction, where the intervals of the best rows overlap.
        #[test]
        fn the_widened_pass_gives_the_exact_answer(
            seed in proptest::prelude::any::<u64>(),
            n in 100usize..1500,
            d in proptest::sample::select(vec![2usize, 7, 64, 200]),
            k in 1usize..24,
            first in 1usize..100,
            threads in 1usize..4,
            fence in 0u64..4,
            near in proptest::prelude::any::<bool>(),
        ) {
            let mut x = seed | 1;
            let base = spread(&mut x, d);
            let mut vector = || -> Vec<f32> {
                let v = spread(&mut x, d);
                if near {
                    v.iter().zip(&base).map(|(a, b)| b + a * 1e-3).collect()
                } else {
                    v
                }
            };
            let rows: BTreeMap<u64, Embedding> =
                (0..n as u64).map(|c| (c, Embedding::new(vector()).unwrap())).collect();
            let query = Query::new(&vector()).unwrap();
            let scope = ScopeVectors::build(d, rows.iter().map(|(c, e)| (*c, e.clone()))).unwrap();
            let kept = |c: u64| fence == 0 || c % 4 != fence;
            for kernel in Kernel::available() {
                let prepared = Prepared::new(&query);
                let distances = scope.stage1(kernel, &prepared, 1);
                let mut selection = Selection::default();
                let mut keep = kept;
                let mut bounds = Vec::new();
                scope.select(&distances, &mut selection, first, &mut keep);
                let held = selection.out.clone();
                scope.stage2(kernel, &prepared, &held, 1, &mut bounds);
                scope.stage2_rest(
                    kernel, &prepared, k, &distances, &mut selection, &mut keep, threads,
                    &mut bounds,
                );
                let mut exact = |c: u64| Ok(rows.get(&c).cloned());
                let got = scope.stage3(kernel, &query, k, bounds, &mut exact).unwrap();
                let mut want: Vec<(f32, u64)> = rows
                    .iter()
                    .filter(|(c, _)| kept(**c))
                    .map(|(c, e)| (query.score_with(kernel, e).unwrap(), *c))
                    .collect();
                want.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                want.truncate(k);
                let got: Vec<(u32, u64)> =
                    got.iter().map(|h| ((h.score as f32).to_bits(), h.capsule)).collect();
                let want: Vec<(u32, u64)> =
                    want.into_iter().map(|(s, c)| (s.to_bits(), c)).collect();
                proptest::prop_assert_eq!(got, want, "{}", kernel.isa());
            }
        }
    }

    /// On spread data, the widened pass's floor skips most rows: it computes stage 2's bound for
    /// few of them (with the floor switched off, for every one of the 20,000), and asks `keep`
    /// about few of them (it asked about every row before it estimated any).
    #[test]
    fn the_widened_pass_skips_most_rows_of_spread_data() {
        let (n, d, k) = (20_000_u64, 384, 10);
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        let mut vector = || spread(&mut x, d);
        let rows: Vec<(u64, Embedding)> = (0..n)
            .map(|c| (c, Embedding::new(vector()).unwrap()))
            .collect();
        let scope = ScopeVectors::build(d, rows).unwrap();
        for _ in 0..5 {
            let query = Query::new(&vector()).unwrap();
            let kernel = Kernel::best();
            let prepared = Prepared::new(&query);
            let distances = scope.stage1(kernel, &prepared, 1);
            let mut selection = Selection::default();
            let mut keep = |_| true;
            let mut bounds = Vec::new();
            scope.select(&distances, &mut selection, 1000, &mut keep);
            let held = selection.out.clone();
            let asked = selection.asked;
            scope.stage2(kernel, &prepared, &held, 1, &mut bounds);
            scope.stage2_rest(
                kernel,
                &prepared,
                k,
                &distances,
                &mut selection,
                &mut keep,
                2,
                &mut bounds,
            );
            let more = selection.asked - asked;
            assert!(
                more < 500,
                "keep asked about {more} of the other 19,000 rows"
            );
            let rest = bounds.len() - held.len();
            assert!(
                rest < 500,
                "stage 2 bounds for {rest} of the other 19,000 rows"
            );
        }
    }

    /// The widened pass asks `keep` in slot order (after the band stage 1 left), whatever
    /// order its threads bound the rows in: stage 1 holds fewer than `k` rows, so the seed is
    /// `-∞` and every row reaches it, over three runs of chunks shared by two threads.
    #[test]
    fn the_widened_pass_asks_keep_in_slot_order() {
        let (n, d, k) = (20_000_u64, 384, 10);
        let mut x = 0x2545_F491_4F6C_DD1D_u64;
        let mut vector = || spread(&mut x, d);
        let rows: Vec<(u64, Embedding)> = (0..n)
            .map(|c| (c, Embedding::new(vector()).unwrap()))
            .collect();
        let scope = ScopeVectors::build(d, rows).unwrap();
        let query = Query::new(&vector()).unwrap();
        let kernel = Kernel::best();
        let prepared = Prepared::new(&query);
        let distances = scope.stage1(kernel, &prepared, 1);
        let mut selection = Selection::default();
        let mut bounds = Vec::new();
        scope.select(&distances, &mut selection, k / 2, &mut |_| true);
        let held = selection.out.clone();
        scope.stage2(kernel, &prepared, &held, 1, &mut bounds);
        let band = selection.pending.len() - selection.next_pending;
        let mut asked = Vec::new();
        scope.stage2_rest(
            kernel,
            &prepared,
            k,
            &distances,
            &mut selection,
            &mut |c| {
                asked.push(c);
                true
            },
            2,
            &mut bounds,
        );
        // The scope was built in capsule order, so slot order is capsule order.
        let after = asked.get(band..).unwrap_or_default();
        assert!(after.len() > 20, "only {} rows asked", after.len());
        assert!(
            after.windows(2).all(|w| w[0] < w[1]),
            "keep asked out of slot order"
        );
    }

    /// Stage 2 reads its candidates in slot order and on several threads, and still appends
    /// their bounds in the candidates' order (the widening check reads the front half of
    /// `bounds` as the candidates nearest by sign bits), each one the row's own bound.
    #[test]
    fn stage_2_keeps_the_candidates_order_whatever_order_it_reads_them_in() {
        let d = 24;
        let mut x = 7_u64;
        let n = 3 * STAGE2_PARALLEL_MIN + 500;
        let scope = ScopeVectors::build(
            d,
            (0..n as u64).map(|c| (c, Embedding::new(spread(&mut x, d)).unwrap())),
        )
        .unwrap();
        let query = Query::new(&spread(&mut x, d)).unwrap();
        let prepared = Prepared::new(&query);
        // Every row but a few, scattered by a multiplicative permutation of the slots.
        let candidates: Vec<(u64, usize)> = (0..n)
            .map(|j| j * 7_919 % n)
            .filter(|slot| slot % 97 != 3)
            .map(|slot| {
                let (c, i) = scope.locate(slot);
                (scope.chunks[c].ids[i], slot)
            })
            .collect();
        let extra = rounding_bound(d);
        for kernel in Kernel::available() {
            let want: Vec<(f64, f64, u64)> = candidates
                .iter()
                .map(|&(_, slot)| {
                    let (c, i) = scope.locate(slot);
                    scope
                        .bound(kernel, &prepared, &scope.chunks[c], i, extra)
                        .unwrap()
                })
                .collect();
            for threads in [1, 2, 3] {
                let mut bounds = vec![(0.0, 1.0, u64::MAX)];
                scope.stage2(kernel, &prepared, &candidates, threads, &mut bounds);
                assert_eq!(bounds[0], (0.0, 1.0, u64::MAX), "what was held stays first");
                assert_eq!(
                    &bounds[1..],
                    &want[..],
                    "{} on {threads} threads",
                    kernel.isa()
                );
            }
        }
    }

    #[test]
    fn the_stage_2_bound_holds_at_the_ends_of_f32() {
        let cases: [&[f32]; 5] = [
            &[f32::MAX, 1.0, 0.0],
            &[f32::MIN_POSITIVE, f32::MIN_POSITIVE, f32::MIN_POSITIVE],
            &[f32::MIN_POSITIVE, 0.0, f32::from_bits(1)],
            &[1.0e38, 2.0e38, -1.5e38],
            &[0.6, 0.8, 0.0],
        ];
        for v in cases {
            for w in cases {
                let e = Embedding::new(v.to_vec()).unwrap();
                let query = Query::new(w).unwrap();
                let q = quantize(&e);
                let prepared = Prepared::new(&query);
                let b = f64::from(q.residual) + rounding_bound(3);
                for kernel in Kernel::available() {
                    let a = q.scale * kernel.dot_i8(&q.codes, &prepared.unit).unwrap();
                    let exact = query.score_with(kernel, &e).unwrap();
                    assert!(
                        (f64::from(a) - f64::from(exact)).abs() <= b,
                        "{v:?} · {w:?}: {a} vs {exact} (bound {b})"
                    );
                    let dot = kernel.dot_i8_i8(&q.codes, &prepared.codes.codes).unwrap();
                    let (wide, width) =
                        wide_interval(q.scale, q.residual, dot, &prepared.codes, rounding_bound(3));
                    assert!(
                        (wide - f64::from(exact)).abs() <= width,
                        "{v:?} · {w:?}: {wide} vs {exact} (widened pass, bound {width})"
                    );
                }
            }
        }
    }
}
