//! The saved copy: the quantized [`VectorSet`] written to the file, so that an open can read it
//! back instead of decoding and quantizing every embedding.
//!
//! Building the in-memory copy from `vector.blocks` reads every `f32` vector (1.5 GB at a
//! million 384-d vectors) and quantizes each; the saved copy is the quantized rows themselves
//! (448 bytes a vector at 384 d), one record per chunk, read back with a copy. It is derived
//! state and trusted only when it is provably of the state the reader sees:
//!
//! - the owner saves it with a **stamp** of its choosing that names the committed state (the
//!   facade uses its generation, which moves on with every commit that changes the vectors);
//!   [`VectorSet::load_saved`] returns it only for the same stamp;
//! - its row count must equal the number of stored embeddings, every chunk must pass its
//!   checksum and decode to rows of the resident dimension, and every chunk of a scope but the
//!   last must be full.
//!
//! Anything else (no copy, another stamp, a damaged chunk) answers `None`, and the owner builds
//! the copy from the embeddings as it always did: a saved copy can make an open faster, never
//! wrong. Saving writes only the chunks that differ from the copy the table already holds (the
//! owner says which copy that is), so saving after a few changes writes a few chunks.
//!
//! | table | key | value |
//! | --- | --- | --- |
//! | `vector.saved` | `(scope, piece key)` | a piece of one chunk's saved bytes (format in `scan.rs`, `SAVED_FORMAT`) |
//! | `vector.meta` | `"saved"` | format byte (2), then the stamp (u64 little-endian) |
//!
//! **Pieces.** redb gives a value larger than a page an allocation of a power of two pages, so
//! one value per chunk left a scope's last chunk, never full, up to half empty: a scope of
//! 10,000 vectors of 384 d ends with 294 KB in a 512 KiB allocation, 227 MB over 1,000 such
//! scopes (`docs/performance.md`, "Where the space goes over many scopes"). A chunk's bytes
//! are therefore written as pieces sized to the allocations redb makes (see `piece_sizes`): a
//! full chunk is one piece, as before, and a last chunk a few, each filling its allocation but
//! for a kibibyte kept for the key, the smallest sharing a page with others. The piece key is
//! `chunk << 8 | pieces << 4 | piece`, so each piece says whether it is the whole chunk, and a
//! chunk's pieces are adjacent and in order. Copies saved one value per chunk (stamp format 1)
//! are not read: the open builds the copy from the embeddings once and the close saves it in
//! pieces.

use std::sync::Arc;

use redb::{
    ReadTransaction, ReadableTable, ReadableTableMetadata as _, TableDefinition, WriteTransaction,
};

use kenning_table::DbResult;

use crate::error::Result;
use crate::scan::{SavedChunk, ScopeVectors};
use crate::set::VectorSet;
use crate::store::{self, META};

/// An entry of the table as read: its scope, its chunk index, and the chunk (`None` when it
/// did not decode), or one piece of a chunk saved in several, to be joined in order.
enum Decoded {
    Whole(String, u32, Option<SavedChunk>),
    Piece {
        scope: String,
        chunk: u32,
        pieces: u32,
        piece: u32,
        bytes: Vec<u8>,
    },
}

/// The pieces read so far of a chunk saved in several, borrowed from their pages until the
/// chunk is whole; at either end of a reading thread's run, handed on as copies to be joined
/// with the other thread's.
struct Held<'a> {
    scope: String,
    chunk: u32,
    pieces: u32,
    read: Vec<(u32, redb::AccessGuard<'a, &'static [u8]>)>,
}

impl Held<'_> {
    /// The chunk, once every piece is read: decoded when its pieces are `0..pieces`.
    fn join(mut self, dimension: usize) -> Decoded {
        self.read.sort_by_key(|(piece, _)| *piece);
        let whole = self.read.iter().zip(0..).all(|((piece, _), i)| *piece == i);
        let mut bytes = Vec::with_capacity(self.read.iter().map(|(_, v)| v.value().len()).sum());
        for (_, v) in &self.read {
            bytes.extend_from_slice(v.value());
        }
        let decoded = SavedChunk::decode(&bytes, dimension).ok().filter(|_| whole);
        Decoded::Whole(self.scope, self.chunk, decoded)
    }

    /// The pieces as copies, in the order the run is read in (backwards from the back).
    fn release(mut self, from_back: bool, run: &mut Vec<Option<Decoded>>) {
        self.read.sort_by_key(|(piece, _)| *piece);
        if from_back {
            self.read.reverse();
        }
        for (piece, value) in self.read {
            run.push(Some(Decoded::Piece {
                scope: self.scope.clone(),
                chunk: self.chunk,
                pieces: self.pieces,
                piece,
                bytes: value.value().to_vec(),
            }));
        }
    }
}

/// The most pieces one chunk is saved in: the key holds the count in four bits.
const MAX_PIECES: u32 = 15;

/// The bytes of an allocation of `2^k` pages redb can give a piece: `2^k · 4 KiB`, less a
/// kibibyte for the leaf's header and the key (a scope id of at most 512 bytes).
fn piece_capacity(k: u32) -> usize {
    (4096_usize << k) - 1024
}

/// The sizes of the pieces `len` bytes are saved in, in order: one piece when an allocation
/// fits it with at most a sixteenth to spare (every full chunk, at 1 MiB), else the largest
/// allocation it fills, and so on; what is left below 3 KiB is one small value that shares a
/// page with others. At most [`MAX_PIECES`].
fn piece_sizes(len: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut left = len;
    loop {
        let fit = (0..=8).find(|&k| piece_capacity(k) >= left);
        if let Some(k) = fit
            && (k == 0 || piece_capacity(k) - left <= piece_capacity(k) / 16)
        {
            sizes.push(left);
            return sizes;
        }
        let k = (0..=8)
            .rev()
            .find(|&k| piece_capacity(k) <= left)
            .unwrap_or(0);
        sizes.push(piece_capacity(k));
        left -= piece_capacity(k);
    }
}

/// The key of piece `piece` of `pieces` of chunk `chunk`.
fn piece_key(chunk: u32, pieces: u32, piece: u32) -> Option<u32> {
    (chunk < 1 << 24 && pieces <= MAX_PIECES && piece < pieces)
        .then_some(chunk << 8 | pieces << 4 | piece)
}

/// Chunk, pieces and piece of a key, or `None` for a key no save writes.
fn split_key(key: u32) -> Option<(u32, u32, u32)> {
    let (chunk, pieces, piece) = (key >> 8, key >> 4 & 0xF, key & 0xF);
    (pieces >= 1 && piece < pieces).then_some((chunk, pieces, piece))
}

/// Every key chunk `chunk` of a scope may have.
fn chunk_keys(scope: &str, chunk: u32) -> std::ops::Range<(&str, u32)> {
    (scope, chunk << 8)..(scope, (chunk + 1) << 8)
}

/// `(scope, piece key)` → a piece of a saved chunk (see [`piece_key`]).
pub(crate) const SAVED: TableDefinition<'static, (&str, u32), &[u8]> =
    TableDefinition::new("vector.saved");

/// The key of the saved copy's stamp in `vector.meta`.
const STAMP: &str = "saved";

/// The format byte of the stamp record: 2 since chunks are saved in pieces (1: a value per
/// chunk, not read).
const STAMP_FORMAT: u8 = 2;

fn encode_stamp(stamp: u64) -> [u8; 9] {
    let mut out = [0; 9];
    out[0] = STAMP_FORMAT;
    out[1..].copy_from_slice(&stamp.to_le_bytes());
    out
}

fn decode_stamp(bytes: &[u8]) -> Option<u64> {
    match bytes.split_first() {
        Some((&STAMP_FORMAT, rest)) => rest.try_into().ok().map(u64::from_le_bytes),
        _ => None,
    }
}

impl VectorSet {
    /// The copy saved in `txn`'s state with `stamp` (see the [module docs](crate::saved)), or
    /// `None` when there is none, it was saved with another stamp, or it does not read whole:
    /// then build the copy with [`load`](Self::load).
    ///
    /// # Errors
    /// [`Error::Storage`](crate::Error::Storage) when the tables cannot be read (a damaged
    /// saved chunk is `None`, not an error).
    pub fn load_saved(txn: &ReadTransaction, stamp: u64) -> Result<Option<Self>> {
        let (Some(meta), Some(saved)) =
            (store::open_read(txn, META)?, store::open_read(txn, SAVED)?)
        else {
            return Ok(None);
        };
        let stamped = meta.get(STAMP).db()?.and_then(|v| decode_stamp(v.value()));
        if stamped != Some(stamp) {
            return Ok(None);
        }
        let resident = store::read_resident(&meta)?;
        let stored = store::Layout::of(txn)?.count()?;
        let Some(resident) = resident else {
            return Ok(
                (stored == 0 && saved.is_empty().db()?).then(|| Self::from_parts(None, Vec::new()))
            );
        };
        let dimension = resident.dimension as usize;
        // Two threads decode the chunks, one from each end of the table, each from the page it
        // reads: the work is page faults and copies, which two cores share.
        let total = saved.len().db()?;
        let back_half = total / 2;
        let front_half = total - back_half;
        let decode_run = |from_back: bool| -> Result<Vec<Option<Decoded>>> {
            let entries = saved.iter().db()?;
            let entries: Box<dyn Iterator<Item = _>> = if from_back {
                Box::new(entries.rev().take(back_half as usize))
            } else {
                Box::new(entries.take(front_half as usize))
            };
            let mut run = Vec::new();
            let mut held: Option<Held<'_>> = None;
            for entry in entries {
                let (key, value): (
                    redb::AccessGuard<'_, (&str, u32)>,
                    redb::AccessGuard<'_, &[u8]>,
                ) = entry.db()?;
                let (scope, key) = key.value();
                let Some((chunk, pieces, piece)) = split_key(key) else {
                    run.push(None);
                    continue;
                };
                if let Some(h) = held
                    .take_if(|h| (h.scope.as_str(), h.chunk, h.pieces) != (scope, chunk, pieces))
                {
                    h.release(from_back, &mut run);
                }
                if pieces == 1 {
                    let decoded = SavedChunk::decode(value.value(), dimension).ok();
                    run.push(Some(Decoded::Whole(scope.to_owned(), chunk, decoded)));
                    continue;
                }
                let h = held.get_or_insert_with(|| Held {
                    scope: scope.to_owned(),
                    chunk,
                    pieces,
                    read: Vec::new(),
                });
                h.read.push((piece, value));
                if h.read.len() == pieces as usize
                    && let Some(h) = held.take()
                {
                    run.push(Some(h.join(dimension)));
                }
            }
            if let Some(h) = held {
                h.release(from_back, &mut run);
            }
            if from_back {
                run.reverse();
            }
            Ok(run)
        };
        let (front, back) = std::thread::scope(|s| {
            let back = s.spawn(|| decode_run(true));
            let front = decode_run(false);
            // A panic on the second thread (redb meeting a damaged page) goes on in this one,
            // as it would have had this thread read that page: the caller contains it the same
            // way (the facade turns it into an error naming the repair commands).
            let back = back
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (front, back)
        });
        let back = back?;
        let mut scopes: Vec<(Arc<str>, Arc<ScopeVectors>)> = Vec::new();
        let mut current: Option<(Arc<str>, ScopeVectors)> = None;
        // A chunk saved in pieces: its scope and index, the pieces expected, and the bytes so far.
        let mut joining: Option<(String, u32, u32, Vec<u8>)> = None;
        for decoded in front?.into_iter().chain(back) {
            let (scope, index, chunk) = match decoded {
                None => return Ok(None),
                Some(Decoded::Whole(scope, index, chunk)) => {
                    if joining.is_some() {
                        return Ok(None);
                    }
                    (scope, index, chunk)
                }
                Some(Decoded::Piece {
                    scope,
                    chunk,
                    pieces,
                    piece,
                    bytes,
                }) => {
                    let joined = match joining.take() {
                        None if piece == 0 => (scope, chunk, pieces, bytes),
                        Some((s, c, p, mut so_far))
                            if s == scope && c == chunk && p == pieces && piece > 0 =>
                        {
                            so_far.extend_from_slice(&bytes);
                            (s, c, p, so_far)
                        }
                        _ => return Ok(None),
                    };
                    if piece + 1 < pieces {
                        joining = Some(joined);
                        continue;
                    }
                    let (scope, index, _, bytes) = joined;
                    (scope, index, SavedChunk::decode(&bytes, dimension).ok())
                }
            };
            if current.as_ref().is_none_or(|(s, _)| **s != *scope) {
                if let Some((s, mut done)) = current.take() {
                    done.finish_build();
                    scopes.push((s, Arc::new(done)));
                }
                current = Some((scope.into(), ScopeVectors::empty(dimension)));
            }
            let (Some((_, vectors)), Some(chunk)) = (current.as_mut(), chunk) else {
                return Ok(None);
            };
            if usize::try_from(index).ok() != Some(vectors.chunk_count())
                || vectors.push_decoded(chunk).is_err()
            {
                return Ok(None);
            }
        }
        if joining.is_some() {
            return Ok(None);
        }
        if let Some((s, mut done)) = current.take() {
            done.finish_build();
            scopes.push((s, Arc::new(done)));
        }
        let rows: usize = scopes.iter().map(|(_, v)| v.len()).sum();
        if u64::try_from(rows).ok() != Some(stored) {
            return Ok(None);
        }
        Ok(Some(Self::from_parts(Some(resident), scopes)))
    }

    /// Saves this copy in `txn` with `stamp`, writing only what differs from `previous`, the
    /// copy the table holds now (as [`load_saved`](Self::load_saved) returned it or an earlier
    /// `save` wrote it); `None` rewrites the table whole.
    ///
    /// # Errors
    /// [`Error::Storage`](crate::Error::Storage).
    pub fn save(&self, txn: &WriteTransaction, stamp: u64, previous: Option<&Self>) -> Result<()> {
        let mut table = txn.open_table(SAVED).db()?;
        let previous = previous.filter(|p| p.resident() == self.resident());
        if previous.is_none() {
            table.retain(|_, _| false).db()?;
        }
        for (scope, vectors) in self.scopes() {
            let old = previous.and_then(|p| p.scope(scope));
            if old.is_some_and(|o| Arc::ptr_eq(o, vectors)) {
                continue;
            }
            for i in 0..vectors.chunk_count() {
                if old.is_some_and(|o| vectors.shares_chunk(o, i)) {
                    continue;
                }
                let (Some(bytes), Ok(index)) = (vectors.encode_chunk(i), u32::try_from(i)) else {
                    continue;
                };
                if old.is_some_and(|o| i < o.chunk_count()) {
                    table
                        .retain_in(chunk_keys(scope, index), |_, _| false)
                        .db()?;
                }
                let sizes = piece_sizes(bytes.len());
                let pieces = u32::try_from(sizes.len()).unwrap_or(u32::MAX);
                let mut rest = bytes.as_slice();
                for (piece, size) in (0..).zip(sizes) {
                    let (head, tail) = rest.split_at(size.min(rest.len()));
                    rest = tail;
                    if let Some(key) = piece_key(index, pieces, piece) {
                        table.insert((scope, key), head).db()?;
                    }
                }
            }
            let before = old.map_or(0, |o| o.chunk_count());
            if let (Ok(from), Ok(to)) =
                (u32::try_from(vectors.chunk_count()), u32::try_from(before))
                && from < to
            {
                table
                    .retain_in((scope, from << 8)..(scope, to << 8), |_, _| false)
                    .db()?;
            }
        }
        if let Some(previous) = previous {
            for (scope, _) in previous.scopes() {
                if self.scope(scope).is_none() {
                    table
                        .retain_in((scope, 0)..=(scope, u32::MAX), |_, _| false)
                        .db()?;
                }
            }
        }
        txn.open_table(META)
            .db()?
            .insert(STAMP, encode_stamp(stamp).as_slice())
            .db()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Embedding, ModelTag, Staged};
    use redb::ReadableDatabase as _;

    fn emb(seed: u64, d: usize) -> Embedding {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let values = (0..d)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 40) as f32 / (1 << 23) as f32 - 1.0
            })
            .collect();
        Embedding::new(values).unwrap()
    }

    /// 224 rows a chunk: the scopes of these tests span several chunks.
    const D: usize = 4096;

    fn db() -> redb::Database {
        redb::Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .unwrap()
    }

    /// Attaches `n` vectors over two scopes, committed.
    fn fill(db: &redb::Database, from: u64, n: u64) {
        let txn = db.begin_write().unwrap();
        crate::create_tables(&txn).unwrap();
        let mut staged = Staged::new();
        let tag = ModelTag::new("m").unwrap();
        for i in from..from + n {
            let scope = if i % 3 == 0 { "a" } else { "b" };
            crate::attach(&txn, &mut staged, scope, i, emb(i, D), &tag).unwrap();
        }
        txn.commit().unwrap();
    }

    fn rows(set: &VectorSet) -> Vec<(String, Vec<u64>, Vec<u32>)> {
        let mut out: Vec<_> = set
            .scopes()
            .map(|(s, v)| {
                (
                    s.to_owned(),
                    v.ids().collect(),
                    v.rows()
                        .map(|r| r.scale.to_bits() ^ r.residual.to_bits())
                        .collect(),
                )
            })
            .collect();
        out.sort();
        out
    }

    /// The key of chunk 0 saved whole.
    const WHOLE_0: u32 = 1 << 4;

    fn saved_chunks(db: &redb::Database) -> u64 {
        let txn = db.begin_read().unwrap();
        txn.open_table(SAVED).unwrap().len().unwrap()
    }

    /// A saved copy reads back row for row as the copy built from the embeddings, for its own
    /// stamp only; a save after changes rewrites only the chunks that changed.
    #[test]
    fn a_saved_copy_reads_back_as_built_for_its_stamp_only() {
        let db = db();
        fill(&db, 1, 1_000);
        let built = VectorSet::load(&db.begin_read().unwrap()).unwrap();
        assert_eq!(built.scope("b").unwrap().chunk_count(), 3);
        let txn = db.begin_write().unwrap();
        built.save(&txn, 7, None).unwrap();
        txn.commit().unwrap();
        let read = db.begin_read().unwrap();
        let loaded = VectorSet::load_saved(&read, 7).unwrap().unwrap();
        assert_eq!(rows(&loaded), rows(&built));
        assert_eq!(loaded.resident(), built.resident());
        assert!(
            VectorSet::load_saved(&read, 8).unwrap().is_none(),
            "another stamp"
        );
        drop(read);
        let all = saved_chunks(&db);

        // Ten more vectors touch the last chunk of each scope.
        fill(&db, 1_001, 10);
        let next = VectorSet::load(&db.begin_read().unwrap()).unwrap();
        assert!(
            VectorSet::load_saved(&db.begin_read().unwrap(), 7)
                .unwrap()
                .is_none(),
            "a stale copy (fewer rows than embeddings) is not trusted even under its stamp"
        );
        // Derive as an owner would: the built copy with the changes, sharing chunks.
        let txn = db.begin_write().unwrap();
        let mut staged = Staged::new();
        let tag = ModelTag::new("m").unwrap();
        for i in 1_001..1_011 {
            let scope = if i % 3 == 0 { "a" } else { "b" };
            crate::attach(&txn, &mut staged, scope, i, emb(i, D), &tag).unwrap();
        }
        let derived = loaded.with(staged);
        let mut written = 0;
        for (scope, v) in derived.scopes() {
            let old = loaded.scope(scope).unwrap();
            written += (0..v.chunk_count())
                .filter(|&i| !v.shares_chunk(old, i))
                .count();
        }
        assert!(written <= 4, "{written} chunks changed");
        derived.save(&txn, 9, Some(&loaded)).unwrap();
        txn.commit().unwrap();
        let again = VectorSet::load_saved(&db.begin_read().unwrap(), 9)
            .unwrap()
            .unwrap();
        assert_eq!(rows(&again), rows(&next));
        assert!(saved_chunks(&db) >= all);
    }

    /// A damaged chunk, a gap in a scope's chunks, or a missing stamp make the copy untrusted:
    /// `None`, never a wrong copy or a panic.
    #[test]
    fn a_damaged_or_incomplete_copy_is_not_loaded() {
        let db = db();
        fill(&db, 1, 600);
        let built = VectorSet::load(&db.begin_read().unwrap()).unwrap();
        let txn = db.begin_write().unwrap();
        built.save(&txn, 1, None).unwrap();
        txn.commit().unwrap();
        assert!(
            VectorSet::load_saved(&db.begin_read().unwrap(), 1)
                .unwrap()
                .is_some()
        );

        type Saved<'t> = redb::Table<'t, (&'static str, u32), &'static [u8]>;
        let flip = |edit: &dyn Fn(&mut Saved<'_>)| {
            let txn = db.begin_write().unwrap();
            edit(&mut txn.open_table(SAVED).unwrap());
            txn.commit().unwrap();
        };
        let original = {
            let txn = db.begin_read().unwrap();
            txn.open_table(SAVED)
                .unwrap()
                .get(("b", WHOLE_0))
                .unwrap()
                .unwrap()
                .value()
                .to_vec()
        };
        for at in [0, 5, 100, original.len() - 1] {
            let mut bad = original.clone();
            bad[at] ^= 0x10;
            flip(&|t| {
                t.insert(("b", WHOLE_0), bad.as_slice()).unwrap();
            });
            assert!(
                VectorSet::load_saved(&db.begin_read().unwrap(), 1)
                    .unwrap()
                    .is_none(),
                "byte {at} flipped"
            );
        }
        flip(&|t| {
            t.insert(("b", WHOLE_0), original.as_slice()).unwrap();
        });
        assert!(
            VectorSet::load_saved(&db.begin_read().unwrap(), 1)
                .unwrap()
                .is_some()
        );
        flip(&|t| {
            t.remove(("b", WHOLE_0)).unwrap();
        });
        assert!(
            VectorSet::load_saved(&db.begin_read().unwrap(), 1)
                .unwrap()
                .is_none(),
            "a gap"
        );
    }

    /// Every length is cut into pieces that add up to it, at most `MAX_PIECES`, each but the
    /// last filling an allocation whole, the last fitting one with at most a sixteenth spare or
    /// small enough to share a page.
    #[test]
    fn pieces_fill_the_allocations_they_are_given() {
        let lens = (1..200)
            .chain((0..3000).map(|i| i * 397 + 5))
            .chain([1_046_545, 1_047_552, 1_047_553, 1_048_593, 2_000_000]);
        for len in lens {
            let sizes = piece_sizes(len);
            assert_eq!(sizes.iter().sum::<usize>(), len, "{len}");
            assert!(sizes.len() <= MAX_PIECES as usize, "{len}: {sizes:?}");
            let (last, rest) = sizes.split_last().unwrap();
            for size in rest {
                assert!(
                    (0..=8).any(|k| piece_capacity(k) == *size),
                    "{len}: {sizes:?}"
                );
            }
            let fits = (0..=8).find(|&k| piece_capacity(k) >= *last).unwrap();
            assert!(
                fits == 0 || piece_capacity(fits) - last <= piece_capacity(fits) / 16,
                "{len}: {sizes:?}"
            );
        }
        assert_eq!(piece_sizes(1_046_545), [1_046_545], "a full chunk at 384 d");
        assert_eq!(split_key(piece_key(7, 3, 2).unwrap()), Some((7, 3, 2)));
        assert_eq!(split_key(7 << 8), None);
    }

    /// Scopes whose last chunk is far from full save in pieces that fill their pages: 0.014 of
    /// the table's pages are empty here, where a value per chunk left 0.161 (broken on purpose,
    /// restored). The copy reads back row for row, also where the two reading threads' halves
    /// split a chunk's pieces (handing the back half's pieces on in the wrong order fails).
    #[test]
    fn a_copy_of_many_partial_chunks_leaves_few_pages_empty() {
        let db = db();
        let txn = db.begin_write().unwrap();
        crate::create_tables(&txn).unwrap();
        let mut staged = Staged::new();
        let tag = ModelTag::new("m").unwrap();
        let sizes = [3_u64, 30, 70, 100, 150, 230, 300, 410];
        let mut id = 0;
        for (s, n) in sizes.iter().enumerate() {
            for _ in 0..*n {
                id += 1;
                let scope = format!("scope-{s}");
                crate::attach(&txn, &mut staged, &scope, id, emb(id, D), &tag).unwrap();
            }
        }
        txn.commit().unwrap();
        let built = VectorSet::load(&db.begin_read().unwrap()).unwrap();
        let txn = db.begin_write().unwrap();
        built.save(&txn, 3, None).unwrap();
        let stats = txn.open_table(SAVED).unwrap().stats().unwrap();
        txn.commit().unwrap();
        let used = stats.stored_bytes() + stats.metadata_bytes();
        let empty = stats.fragmented_bytes() as f64 / (used + stats.fragmented_bytes()) as f64;
        assert!(empty < 0.04, "{empty:.3} of the saved copy's pages empty");
        let loaded = VectorSet::load_saved(&db.begin_read().unwrap(), 3)
            .unwrap()
            .unwrap();
        assert_eq!(rows(&loaded), rows(&built));

        // The two threads that read the copy back split the table by count: grow it a scope at a
        // time until the split falls inside a chunk saved in pieces, reading it back each time.
        let mut split_inside = 0;
        for extra in 0..12_u64 {
            let txn = db.begin_write().unwrap();
            let mut staged = Staged::new();
            for _ in 0..40 + extra * 7 {
                id += 1;
                let scope = format!("extra-{extra:02}");
                crate::attach(&txn, &mut staged, &scope, id, emb(id, D), &tag).unwrap();
            }
            txn.commit().unwrap();
            let built = VectorSet::load(&db.begin_read().unwrap()).unwrap();
            let txn = db.begin_write().unwrap();
            built.save(&txn, 4 + extra, None).unwrap();
            txn.commit().unwrap();
            let read = db.begin_read().unwrap();
            let keys: Vec<(String, u32)> = read
                .open_table(SAVED)
                .unwrap()
                .iter()
                .unwrap()
                .map(|e| {
                    let (k, _) = e.unwrap();
                    let (scope, key) = k.value();
                    (scope.to_owned(), key)
                })
                .collect();
            let front = keys.len() - keys.len() / 2;
            let (last, next) = (&keys[front - 1], &keys[front]);
            if last.0 == next.0 && last.1 >> 8 == next.1 >> 8 {
                split_inside += 1;
            }
            let loaded = VectorSet::load_saved(&read, 4 + extra).unwrap().unwrap();
            assert_eq!(rows(&loaded), rows(&built), "{extra}");
        }
        assert!(split_inside > 0, "the split never fell inside a chunk");
    }

    /// A chunk saved in pieces is read only whole: a piece missing, damaged or out of place
    /// makes the copy untrusted.
    #[test]
    fn a_chunk_in_pieces_is_read_only_whole() {
        let db = db();
        fill(&db, 1, 120);
        let built = VectorSet::load(&db.begin_read().unwrap()).unwrap();
        let txn = db.begin_write().unwrap();
        built.save(&txn, 1, None).unwrap();
        txn.commit().unwrap();
        let keys: Vec<u32> = {
            let txn = db.begin_read().unwrap();
            let t = txn.open_table(SAVED).unwrap();
            t.range(("b", 0)..=("b", u32::MAX))
                .unwrap()
                .map(|e| e.unwrap().0.value().1)
                .collect()
        };
        assert!(
            keys.len() > 1,
            "80 rows of 4096 d are saved in pieces: {keys:?}"
        );
        type Saved<'t> = redb::Table<'t, (&'static str, u32), &'static [u8]>;
        let edit = |f: &dyn Fn(&mut Saved<'_>)| {
            let txn = db.begin_write().unwrap();
            f(&mut txn.open_table(SAVED).unwrap());
            txn.commit().unwrap();
        };
        let value = |key: u32| {
            let txn = db.begin_read().unwrap();
            let t = txn.open_table(SAVED).unwrap();
            t.get(("b", key)).unwrap().unwrap().value().to_vec()
        };
        let trusted = || {
            VectorSet::load_saved(&db.begin_read().unwrap(), 1)
                .unwrap()
                .is_some()
        };
        assert!(trusted());
        let second = value(keys[1]);
        edit(&|t| {
            t.remove(("b", keys[1])).unwrap();
        });
        assert!(!trusted(), "a piece missing");
        let mut bad = second.clone();
        bad[10] ^= 1;
        edit(&|t| {
            t.insert(("b", keys[1]), bad.as_slice()).unwrap();
        });
        assert!(!trusted(), "a piece damaged");
        edit(&|t| {
            t.insert(("b", keys[1]), second.as_slice()).unwrap();
        });
        assert!(trusted());
        let first = value(keys[0]);
        edit(&|t| {
            t.insert(("b", keys[0]), second.as_slice()).unwrap();
            t.insert(("b", keys[1]), first.as_slice()).unwrap();
        });
        assert!(!trusted(), "pieces swapped");
    }
}
