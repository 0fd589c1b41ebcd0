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
//! | `vector.saved` | `(scope, chunk)` | one chunk's rows (format in `scan.rs`, `SAVED_FORMAT`) |
//! | `vector.meta` | `"saved"` | format byte, then the stamp (u64 little-endian) |

use std::sync::Arc;

use redb::{
    ReadTransaction, ReadableTable, ReadableTableMetadata as _, TableDefinition, WriteTransaction,
};

use kenning_table::DbResult;

use crate::error::Result;
use crate::scan::{SavedChunk, ScopeVectors};

/// A saved chunk as read: its scope, its index, and the chunk (`None` when it did not decode).
type Decoded = (String, u32, Option<SavedChunk>);
use crate::set::VectorSet;
use crate::store::{self, META};

/// `(scope, chunk index)` → a saved chunk.
pub(crate) const SAVED: TableDefinition<'static, (&str, u32), &[u8]> =
    TableDefinition::new("vector.saved");

/// The key of the saved copy's stamp in `vector.meta`.
const STAMP: &str = "saved";

/// The format byte of the stamp record.
const STAMP_FORMAT: u8 = 1;

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
        let decode_run = |from_back: bool| -> Result<Vec<Decoded>> {
            let entries = saved.iter().db()?;
            let take = |entry: redb::Result<_, _>| -> Result<Decoded> {
                let (key, value): (
                    redb::AccessGuard<'_, (&str, u32)>,
                    redb::AccessGuard<'_, &[u8]>,
                ) = entry.db()?;
                let (scope, index) = key.value();
                Ok((
                    scope.to_owned(),
                    index,
                    SavedChunk::decode(value.value(), dimension).ok(),
                ))
            };
            if from_back {
                let mut run: Vec<Decoded> = entries
                    .rev()
                    .take(back_half as usize)
                    .map(take)
                    .collect::<Result<_>>()?;
                run.reverse();
                Ok(run)
            } else {
                entries.take(front_half as usize).map(take).collect()
            }
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
        for (scope, index, chunk) in front?.into_iter().chain(back) {
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
                if let (Some(bytes), Ok(index)) = (vectors.encode_chunk(i), u32::try_from(i)) {
                    table.insert((scope, index), bytes.as_slice()).db()?;
                }
            }
            let before = old.map_or(0, |o| o.chunk_count());
            for i in vectors.chunk_count()..before {
                if let Ok(index) = u32::try_from(i) {
                    table.remove((scope, index)).db()?;
                }
            }
        }
        if let Some(previous) = previous {
            for (scope, old) in previous.scopes() {
                if self.scope(scope).is_none() {
                    for i in 0..old.chunk_count() {
                        if let Ok(index) = u32::try_from(i) {
                            table.remove((scope, index)).db()?;
                        }
                    }
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
                .get(("b", 0))
                .unwrap()
                .unwrap()
                .value()
                .to_vec()
        };
        for at in [0, 5, 100, original.len() - 1] {
            let mut bad = original.clone();
            bad[at] ^= 0x10;
            flip(&|t| {
                t.insert(("b", 0), bad.as_slice()).unwrap();
            });
            assert!(
                VectorSet::load_saved(&db.begin_read().unwrap(), 1)
                    .unwrap()
                    .is_none(),
                "byte {at} flipped"
            );
        }
        flip(&|t| {
            t.insert(("b", 0), original.as_slice()).unwrap();
        });
        assert!(
            VectorSet::load_saved(&db.begin_read().unwrap(), 1)
                .unwrap()
                .is_some()
        );
        flip(&|t| {
            t.remove(("b", 0)).unwrap();
        });
        assert!(
            VectorSet::load_saved(&db.begin_read().unwrap(), 1)
                .unwrap()
                .is_none(),
            "a gap"
        );
    }
}
