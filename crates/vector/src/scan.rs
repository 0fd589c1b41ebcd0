//! The scan-friendly in-memory copy of one scope's vectors, and exact top-k over it.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::Arc;

use crate::embedding::{Embedding, Query};
use crate::error::{Error, Result};
use crate::fusion::LaneHit;
use crate::kernels::{BLOCK_FLOATS, Block, Kernel, floats, floats_mut};

/// The target size of one chunk's vector buffer. Big enough that per-chunk overhead vanishes
/// (< 0.2 %), small enough that a write copies little: a change copies only the chunks it
/// touches, never the whole scope.
pub const CHUNK_BYTES: usize = 128 * 1024;

/// Bytes of bookkeeping per stored vector beside its components: the capsule number (8) and the
/// inverse magnitude (4).
pub const ROW_OVERHEAD_BYTES: usize = 12;

/// One scope's vectors, laid out for scanning: rows of `dimension` `f32`s packed contiguously in
/// chunks of about [`CHUNK_BYTES`], each chunk starting on a 64-byte boundary, with each row's
/// inverse magnitude precomputed.
///
/// A value is immutable once built: every [`VectorSet`](crate::VectorSet) derived from a commit
/// that changes the scope holds a new one, sharing the chunks the change did not touch, so a
/// reader holding one keeps a consistent snapshot for as long as it likes.
///
/// # Memory
///
/// [`heap_bytes`](Self::heap_bytes) counts every byte this value asks the allocator for; every
/// buffer is allocated at its exact length. For `n` vectors of dimension `d` in chunks of
/// `r = max(1, CHUNK_BYTES / 4d)` rows, it is
///
/// ```text
/// 4·d·n  +  12·n  +  Σ over chunks (padding to 64 bytes + one chunk header)  +  one scope header
/// ```
///
/// so the ratio to the raw `4·d·n` bytes is `1 + 3/d` plus a per-chunk term below 0.2 %: at most
/// 1.1 for `d ≥ 32` once a scope holds 64 KiB of vectors (1.009 at `d = 384`, 1.003 at
/// `d = 1536`). The tests check the accounting to the byte.
#[derive(Debug, Clone)]
pub struct ScopeVectors {
    dimension: usize,
    rows_per_chunk: usize,
    len: usize,
    chunks: Vec<Arc<Chunk>>,
}

/// Up to `rows_per_chunk` rows. Every chunk but the last of a scope is full.
#[derive(Debug, Clone)]
struct Chunk {
    ids: Vec<u64>,
    inv_norms: Vec<f32>,
    /// `ids.len() · dimension` floats, then zero padding to a whole block.
    blocks: Vec<Block>,
}

impl Chunk {
    fn with_capacity(rows: usize, dimension: usize) -> Self {
        Self {
            ids: Vec::with_capacity(rows),
            inv_norms: Vec::with_capacity(rows),
            blocks: Vec::with_capacity(blocks_for(rows, dimension)),
        }
    }

    fn rows(&self) -> usize {
        self.ids.len()
    }

    fn data(&self, dimension: usize) -> &[f32] {
        &floats(&self.blocks)[..self.rows() * dimension]
    }

    fn row(&self, i: usize, dimension: usize) -> &[f32] {
        &floats(&self.blocks)[i * dimension..(i + 1) * dimension]
    }

    fn set_row(&mut self, i: usize, dimension: usize, values: &[f32]) {
        floats_mut(&mut self.blocks)[i * dimension..(i + 1) * dimension].copy_from_slice(values);
    }

    fn push(&mut self, id: u64, inv_norm: f32, values: &[f32], dimension: usize) {
        let row = self.rows();
        self.ids.push(id);
        self.inv_norms.push(inv_norm);
        self.blocks
            .resize(blocks_for(row + 1, dimension), Block([0.0; BLOCK_FLOATS]));
        self.set_row(row, dimension, values);
    }

    fn pop(&mut self, dimension: usize) {
        self.ids.pop();
        self.inv_norms.pop();
        self.blocks.truncate(blocks_for(self.rows(), dimension));
    }

    /// Whether every buffer is allocated at exactly its length.
    fn is_exact(&self) -> bool {
        self.ids.capacity() == self.ids.len()
            && self.inv_norms.capacity() == self.inv_norms.len()
            && self.blocks.capacity() == self.blocks.len()
    }

    /// A copy with every buffer at exactly its length (`Vec::clone` allocates exactly).
    fn exact(&self) -> Self {
        self.clone()
    }

    fn heap_bytes(&self) -> usize {
        // The Arc allocation: two reference counts and the chunk header.
        2 * size_of::<usize>()
            + size_of::<Chunk>()
            + self.ids.capacity() * size_of::<u64>()
            + self.inv_norms.capacity() * size_of::<f32>()
            + self.blocks.capacity() * size_of::<Block>()
    }
}

fn blocks_for(rows: usize, dimension: usize) -> usize {
    (rows * dimension).div_ceil(BLOCK_FLOATS)
}

/// Rows per chunk for `dimension`.
pub(crate) fn rows_per_chunk(dimension: usize) -> usize {
    (CHUNK_BYTES / (4 * dimension.max(1))).max(1)
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
            scope.append(capsule, embedding.inv_norm(), embedding.values());
        }
        scope.make_exact();
        Ok(scope)
    }

    /// Appends a row while building from rows known to be distinct and of this dimension.
    pub(crate) fn push_row(&mut self, capsule: u64, embedding: &Embedding) {
        self.append(capsule, embedding.inv_norm(), embedding.values());
    }

    /// Ends a build started with [`empty`](Self::empty) and [`push_row`](Self::push_row).
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

    /// Every `(capsule, vector)`, in scan order (not a meaningful order).
    pub fn iter(&self) -> impl Iterator<Item = (u64, &[f32])> + '_ {
        self.chunks.iter().flat_map(move |chunk| {
            chunk
                .ids
                .iter()
                .enumerate()
                .map(move |(i, &id)| (id, chunk.row(i, self.dimension)))
        })
    }

    /// The vector of `capsule`, if present (a linear search).
    #[must_use]
    pub fn get(&self, capsule: u64) -> Option<&[f32]> {
        self.iter().find(|(id, _)| *id == capsule).map(|(_, v)| v)
    }

    /// The bytes the components take raw: `4 · dimension · len`.
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
    /// [`Error::DimensionMismatch`] when the query's dimension differs.
    pub fn top_k(
        &self,
        query: &Query,
        k: usize,
        keep: impl FnMut(u64) -> bool,
    ) -> Result<Vec<LaneHit>> {
        self.top_k_with(Kernel::best(), query, k, keep)
    }

    /// Exact top-k by cosine with `kernel`, without sorting the scope.
    ///
    /// - **Score**: `cosine = (dot(q, v) · inv|v|) · inv|q|`, each product rounded to `f32`,
    ///   where `inv|x| = (1 / √(Σ xᵢ²)) as f32` with the sum in `f64`; `-0.0` counts as `0.0`.
    /// - **Order**: higher score first; equal scores by smaller capsule number first (the older
    ///   capsule). The order is total, so the answer is deterministic.
    /// - **Exclusion**: `keep(capsule)` is the caller's fence: a capsule it refuses is never
    ///   ranked, exactly as if it were absent. It is called at most once per vector, and only
    ///   for vectors that would enter the current top `k`, so an expensive fence check costs
    ///   little.
    /// - **Selection**: one pass over contiguous rows with a bounded heap of `k` entries:
    ///   `O(n·d + n·log k)`, no full sort.
    ///
    /// # Errors
    /// [`Error::DimensionMismatch`] when the query's dimension differs.
    pub fn top_k_with(
        &self,
        kernel: Kernel,
        query: &Query,
        k: usize,
        mut keep: impl FnMut(u64) -> bool,
    ) -> Result<Vec<LaneHit>> {
        self.check_query(query)?;
        if k == 0 || self.len == 0 {
            return Ok(Vec::new());
        }
        let heap = self.scan(kernel, &self.chunks, query, k, &mut keep);
        Ok(ranked(heap))
    }

    /// [`top_k`](Self::top_k) split over up to `threads` threads, each scanning a contiguous
    /// run of chunks: the same answer (the order is total, so merging per-thread winners is
    /// exact), for hosts whose memory bandwidth grows with the cores reading it. `keep` is
    /// shared by the threads, so it must be `Fn + Sync`; it is still called at most once per
    /// vector. A thread the OS refuses to start is replaced by scanning in the caller's
    /// thread.
    ///
    /// # Errors
    /// [`Error::DimensionMismatch`] when the query's dimension differs.
    pub fn top_k_parallel(
        &self,
        query: &Query,
        k: usize,
        threads: usize,
        keep: impl Fn(u64) -> bool + Sync,
    ) -> Result<Vec<LaneHit>> {
        self.check_query(query)?;
        if k == 0 || self.len == 0 {
            return Ok(Vec::new());
        }
        let kernel = Kernel::best();
        let threads = threads.clamp(1, self.chunks.len().max(1));
        if threads == 1 {
            return Ok(ranked(self.scan(
                kernel,
                &self.chunks,
                query,
                k,
                &mut |c| keep(c),
            )));
        }
        let per_thread = self.chunks.len().div_ceil(threads);
        let keep = &keep;
        let merged = std::thread::scope(|scope| {
            let mut parts = self.chunks.chunks(per_thread);
            let first = parts.next().unwrap_or_default();
            let spawned: Vec<_> = parts
                .map(|part| {
                    let work = move || self.scan(kernel, part, query, k, &mut |c| keep(c));
                    std::thread::Builder::new()
                        .spawn_scoped(scope, work)
                        .map_err(|_| part)
                })
                .collect();
            let mut merged = self.scan(kernel, first, query, k, &mut |c| keep(c));
            for handle in spawned {
                let heap = match handle {
                    Ok(h) => h
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                    Err(part) => self.scan(kernel, part, query, k, &mut |c| keep(c)),
                };
                for candidate in heap {
                    merged.push(candidate);
                    if merged.len() > k {
                        merged.pop();
                    }
                }
            }
            merged
        });
        Ok(ranked(merged))
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

    /// The best `k` of `chunks` that `keep` accepts, as a heap whose top is the worst kept.
    fn scan(
        &self,
        kernel: Kernel,
        chunks: &[Arc<Chunk>],
        query: &Query,
        k: usize,
        keep: &mut impl FnMut(u64) -> bool,
    ) -> BinaryHeap<Reverse<Candidate>> {
        let (q, inv_q) = (query.values(), query.inv_norm());
        let mut heap: BinaryHeap<Reverse<Candidate>> =
            BinaryHeap::with_capacity(k.min(self.len) + 1);
        let mut dots = vec![0.0_f32; self.rows_per_chunk.min(self.len)];
        for chunk in chunks {
            let out = &mut dots[..chunk.rows()];
            kernel.dots(q, chunk.data(self.dimension), out);
            for ((&capsule, &inv), &dot) in chunk.ids.iter().zip(&chunk.inv_norms).zip(&*out) {
                let candidate = Candidate {
                    score: dot * inv * inv_q + 0.0,
                    capsule,
                };
                if heap.len() == k && heap.peek().is_some_and(|worst| candidate <= worst.0) {
                    continue;
                }
                if !keep(capsule) {
                    continue;
                }
                heap.push(Reverse(candidate));
                if heap.len() > k {
                    heap.pop();
                }
            }
        }
        heap
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
                Some(Some(embedding)) => next.overwrite(slot, id, embedding),
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
        for (&id, change) in changes {
            if let Some(embedding) = change
                && !present.contains(&id)
            {
                next.append(id, embedding.inv_norm(), embedding.values());
            }
        }
        next.make_exact();
        next
    }

    fn locate(&self, slot: usize) -> (usize, usize) {
        (slot / self.rows_per_chunk, slot % self.rows_per_chunk)
    }

    fn chunk_mut(&mut self, c: usize) -> Option<&mut Chunk> {
        self.chunks.get_mut(c).map(Arc::make_mut)
    }

    fn overwrite(&mut self, slot: usize, id: u64, embedding: &Embedding) {
        let (c, i) = self.locate(slot);
        let dimension = self.dimension;
        if let Some(chunk) = self.chunk_mut(c) {
            chunk.ids[i] = id;
            chunk.inv_norms[i] = embedding.inv_norm();
            chunk.set_row(i, dimension, embedding.values());
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
            let (id, inv, row) = (
                tail.ids[li],
                tail.inv_norms[li],
                tail.row(li, dimension).to_vec(),
            );
            let (c, i) = self.locate(slot);
            if let Some(chunk) = self.chunk_mut(c) {
                chunk.ids[i] = id;
                chunk.inv_norms[i] = inv;
                chunk.set_row(i, dimension, &row);
            }
        }
        if let Some(tail) = self.chunk_mut(lc) {
            tail.pop(dimension);
            if tail.rows() == 0 {
                self.chunks.pop();
            }
        }
        self.len = last;
    }

    fn append(&mut self, id: u64, inv_norm: f32, values: &[f32]) {
        let (dimension, per_chunk) = (self.dimension, self.rows_per_chunk);
        let tail_full = self.chunks.last().is_none_or(|c| c.rows() == per_chunk);
        if tail_full {
            self.chunks
                .push(Arc::new(Chunk::with_capacity(per_chunk, dimension)));
        }
        let last = self.chunks.len() - 1;
        if let Some(chunk) = self.chunk_mut(last) {
            chunk.push(id, inv_norm, values, dimension);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn emb(seed: u64, d: usize) -> Embedding {
        Embedding::new(
            (0..d)
                .map(|i| ((seed * 31 + i as u64 * 7) % 13) as f32 - 6.0 + 0.5)
                .collect(),
        )
        .unwrap()
    }

    fn contents(s: &ScopeVectors) -> BTreeMap<u64, Vec<f32>> {
        s.iter().map(|(id, v)| (id, v.to_vec())).collect()
    }

    #[test]
    fn changes_share_untouched_chunks_and_leave_the_old_value_alone() {
        let d = 1024; // 32 rows per chunk
        let base = ScopeVectors::build(d, (0..100).map(|i| (i, emb(i, d)))).unwrap();
        assert_eq!(base.chunks.len(), 4);
        let before = contents(&base);
        let mut changes = BTreeMap::new();
        changes.insert(5, Some(emb(500, d))); // replace in chunk 0
        changes.insert(40, None); // remove from chunk 1
        changes.insert(1000, Some(emb(1000, d))); // append
        let next = base.with_changes(&changes);
        assert_eq!(contents(&base), before, "the old snapshot is untouched");
        assert!(
            Arc::ptr_eq(&base.chunks[2], &next.chunks[2]),
            "chunk 2 is shared"
        );
        assert!(!Arc::ptr_eq(&base.chunks[0], &next.chunks[0]));
        let mut want = before;
        want.insert(5, emb(500, d).into_values());
        want.remove(&40);
        want.insert(1000, emb(1000, d).into_values());
        assert_eq!(contents(&next), want);
        assert_eq!(next.len(), 100);
        assert!(next.chunks.iter().all(|c| c.is_exact()));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Any change map on any scope gives the model's contents, exact buffers, and the
        /// every-chunk-but-the-last-is-full invariant the slot arithmetic relies on.
        #[test]
        fn changes_equal_the_model(
            d in proptest::sample::select(vec![1usize, 3, 2048, 4096]),
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
                    Some(e) => want.insert(*c, e.values().to_vec()),
                    None => want.remove(c),
                };
            }
            proptest::prop_assert_eq!(contents(&next), want);
            proptest::prop_assert_eq!(next.len, next.iter().count());
            let (full, last) = next.chunks.split_at(next.chunks.len().saturating_sub(1));
            proptest::prop_assert!(full.iter().all(|c| c.rows() == next.rows_per_chunk));
            proptest::prop_assert!(
                last.iter().all(|c| (1..=next.rows_per_chunk).contains(&c.rows()))
            );
            proptest::prop_assert!(next.chunks.iter().all(|c| c.is_exact()));
            proptest::prop_assert!(
                next.chunks.iter().all(|c| c.blocks.len() == blocks_for(c.rows(), d))
            );
        }
    }

    #[test]
    fn removing_the_last_rows_and_earlier_ones_together() {
        let d = 4096; // 8 rows per chunk
        let base = ScopeVectors::build(d, (0..20).map(|i| (i, emb(i, d)))).unwrap();
        let changes = [3, 9, 17, 18, 19].into_iter().map(|i| (i, None)).collect();
        let next = base.with_changes(&changes);
        let want: Vec<u64> = (0..20)
            .filter(|i| ![3, 9, 17, 18, 19].contains(i))
            .collect();
        assert_eq!(contents(&next).into_keys().collect::<Vec<_>>(), want);
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
}
