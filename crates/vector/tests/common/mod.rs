//! A store the way the facade drives it: the copy of the committed state is a value, the next
//! one derived from a write transaction's change-set before it commits and published after.

#![allow(dead_code, unreachable_pub)]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use kenning_vector::{Embedding, Query, Row, ScopeVectors, Staged, VectorSet, create_tables};
use redb::{Database, ReadTransaction, ReadableDatabase as _, WriteTransaction};

pub struct Store {
    pub path: PathBuf,
    pub db: Database,
    current: Mutex<Arc<VectorSet>>,
}

impl Store {
    pub fn open(path: &Path) -> Self {
        let db = Database::create(path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        txn.commit().unwrap();
        let set = VectorSet::load(&db.begin_read().unwrap()).unwrap();
        Self {
            path: path.to_owned(),
            db,
            current: Mutex::new(Arc::new(set)),
        }
    }

    /// The copy of the last committed state.
    pub fn vectors(&self) -> Arc<VectorSet> {
        self.current.lock().unwrap().clone()
    }

    /// Closes and reopens the file, rebuilding the in-memory copy from the tables.
    pub fn reopen(self) -> Self {
        let path = self.path.clone();
        drop(self);
        Self::open(&path)
    }

    /// Runs `f` in one write transaction: when it succeeds, derives the next copy, commits and
    /// publishes it; otherwise aborts.
    pub fn write<T>(
        &self,
        f: impl FnOnce(&WriteTransaction, &mut Staged) -> kenning_vector::Result<T>,
    ) -> kenning_vector::Result<T> {
        let mut current = self.current.lock().unwrap();
        let txn = self.db.begin_write().unwrap();
        let mut staged = Staged::new();
        match f(&txn, &mut staged) {
            Ok(value) => {
                let next = current.with(staged);
                txn.commit().unwrap();
                *current = Arc::new(next);
                Ok(value)
            }
            Err(e) => {
                txn.abort().unwrap();
                Err(e)
            }
        }
    }

    /// Runs `f` in a write transaction and aborts it whatever happens.
    pub fn aborted<T>(&self, f: impl FnOnce(&WriteTransaction, &mut Staged) -> T) -> T {
        let _current = self.current.lock().unwrap();
        let txn = self.db.begin_write().unwrap();
        let mut staged = Staged::new();
        let out = f(&txn, &mut staged);
        txn.abort().unwrap();
        drop(staged);
        out
    }

    pub fn read(&self) -> ReadTransaction {
        self.db.begin_read().unwrap()
    }

    /// The vector lane on the last committed state: its copy and a read transaction of the
    /// same commit (taken under the lock a write holds from commit to publish).
    pub fn search(
        &self,
        scope: &str,
        query: &Query,
        k: usize,
        keep: impl FnMut(u64) -> bool,
    ) -> kenning_vector::Result<Vec<kenning_vector::LaneHit>> {
        let (set, txn) = {
            let current = self.current.lock().unwrap();
            (current.clone(), self.db.begin_read().unwrap())
        };
        set.search(&txn, scope, query, k, keep)
    }
}

/// A quantized row, owned and comparable: capsule, scale and residual bits, codes, signs.
pub type Owned = (u64, u32, u32, Vec<i8>, Vec<u64>);

pub fn owned(row: Row<'_>) -> Owned {
    (
        row.capsule,
        row.scale.to_bits(),
        row.residual.to_bits(),
        row.codes.to_vec(),
        row.signs(),
    )
}

/// The row the copy must hold for `values` under `capsule`.
pub fn quantized(capsule: u64, values: &[f32]) -> Owned {
    let e = Embedding::new(values.to_vec()).unwrap();
    let scope = ScopeVectors::build(values.len(), [(capsule, e)]).unwrap();
    owned(scope.rows().next().unwrap())
}

pub fn temp() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vectors.redb");
    (dir, path)
}

/// The heap bytes a scope of `n` vectors of dimension `d` must take, from the layout the
/// `ScopeVectors` docs state: per chunk of `r` rows an `Arc` (two counts) around a header of
/// five `Vec`s, `8r + 4r + 4r` bytes of ids, scales and residuals, `r·d` bytes of codes and
/// `64·⌈r/8⌉·⌈d/64⌉` of sign words (groups of eight rows); per scope an `Arc` around a 48-byte
/// header and one pointer per chunk. Full chunks hold a multiple of 8 rows.
pub fn expected_heap_bytes(n: usize, d: usize) -> usize {
    if n == 0 {
        return 16 + 48;
    }
    let row = 16 + d + 8 * d.div_ceil(64);
    let per_chunk = (kenning_vector::CHUNK_BYTES / row / 8 * 8).max(8);
    let chunks = n.div_ceil(per_chunk);
    let chunk_bytes = |r: usize| 16 + 120 + (16 + d) * r + 64 * r.div_ceil(8) * d.div_ceil(64);
    let full = (chunks - 1) * chunk_bytes(per_chunk);
    let last = chunk_bytes(n - (chunks - 1) * per_chunk);
    16 + 48 + 8 * chunks + full + last
}

/// Deterministic pseudo-random floats in [-1, 1] with a guaranteed length.
pub fn vector(seed: u64, d: usize) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut v: Vec<f32> = (0..d)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x % 2001) as f32 - 1000.0) / 1000.0
        })
        .collect();
    v[(seed as usize) % d] += 2.0;
    v
}
