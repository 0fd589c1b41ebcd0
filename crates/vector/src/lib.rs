//! # kenning-vector
//!
//! The embedding sidecar of [Kenning](https://docs.rs/kenning): caller-fed vectors stored beside
//! capsules in redb (E1–E7), cosine kernels for AVX-512, AVX2+FMA, NEON and portable Rust chosen
//! at run time (E8), a quantized in-memory copy of each scope's vectors as of one committed
//! state (a value the facade versions with its commits: int8 codes and sign bits, 448 bytes a
//! 384-d vector), a three-stage top-k over it with the caller's fences applied before ranking
//! and the survivors scored exactly from the stored `f32` vectors, and the fusion of the term
//! and vector lanes: Reciprocal Rank Fusion and a convex combination of normalised scores
//! (R6, R7).
//!
//! ```
//! use kenning_vector::{
//!     Embedding, LaneHit, ModelTag, Query, RrfParams, Staged, VectorSet, attach, create_tables,
//! };
//! use redb::ReadableDatabase as _;
//!
//! # let dir = tempfile::tempdir()?;
//! let db = redb::Database::create(dir.path().join("store.redb"))?;
//! let txn = db.begin_write()?;
//! create_tables(&txn)?;
//! txn.commit()?;
//! let before = VectorSet::load(&db.begin_read()?)?;
//!
//! // One write: stage the changes in one transaction, derive the next copy, commit, publish.
//! let tag = ModelTag::new("all-MiniLM-L6-v2")?;
//! let txn = db.begin_write()?;
//! let mut staged = Staged::new();
//! for (capsule, v) in [(1, [1.0, 0.0]), (2, [0.6, 0.8]), (3, [0.0, 1.0])] {
//!     attach(&txn, &mut staged, "bot.support", capsule, Embedding::new(v.to_vec())?, &tag)?;
//! }
//! let after = before.with(staged);
//! txn.commit()?;
//! assert!(before.is_empty(), "a set never changes: readers of the old state keep it");
//!
//! // The vector lane, with capsule 2 fenced off.
//! let query = Query::new(&[0.8, 0.6])?;
//! let vector = after.search(&db.begin_read()?, "bot.support", &query, 10, |capsule| capsule != 2)?;
//! assert_eq!(vector.iter().map(|h| h.capsule).collect::<Vec<_>>(), [1, 3]);
//!
//! // Fused with a term lane.
//! let term = [LaneHit { capsule: 3, score: 7.5 }];
//! let fused = RrfParams::default().fuse(&term, &vector, 10);
//! assert_eq!(fused[0].capsule, 3);
//! assert_eq!(fused[0].term.map(|p| p.rank), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## How the facade uses it
//!
//! - **Open**: call [`create_tables`] when [`tables_exist`] says a table is missing, then
//!   [`VectorSet::load_saved`] with the stamp of the state the read transaction sees (the copy
//!   saved at the last clean close, if it is of that state), else [`VectorSet::load`]: the
//!   copy built from the embeddings that transaction sees.
//! - **Close**: [`VectorSet::save`] the current copy in a write transaction, with its stamp
//!   and the copy the table held, so that only changed chunks are written ([`saved`]).
//! - **Attach, replace, forget, migrate**: in one write transaction call [`attach`], [`remove`]
//!   or [`clear`] with one [`Staged`]; before committing, derive the next copy with
//!   [`VectorSet::with`] from the copy of the state the transaction began on, and publish it
//!   once the commit succeeded. On an error, abort and drop the change-set. The facade checks
//!   permission, reach and the capsule's existence (E6) and writes the audit record (E7); this
//!   crate knows neither capsules nor principals.
//! - **List**: [`list`] in a read transaction (E5).
//! - **Recall**: [`VectorSet::search`] on the copy that belongs to the reader's transaction and
//!   that transaction (the survivors' `f32` vectors are read from it), with the fences as the
//!   `keep` predicate, then [`RrfParams::fuse`] with the term lane's hits.
//!
//! ## What this crate is not
//!
//! It computes no embedding: vectors are fed by the caller, with the name of the model that made
//! them. It knows nothing of capsules, lifecycle fences, principals, audit or BM25: the facade
//! passes capsule numbers and scope ids it has checked, and a predicate for its fences. It never
//! begins or commits a transaction. It is not an exact index beyond a few thousand vectors,
//! nor a graph or tree index: [`ScopeVectors::top_k_with`] scans every vector's sign bits
//! (the approximate stage) to choose `max(`[`RESCORE_MIN`]`, k·`[`RESCORE_PER_HIT`]`)`
//! candidates among those the fences keep, then ranks the candidates exactly (an int8 bound
//! that drops only candidates provably outside the top `k`, then the exact `f32` cosine of the
//! rest). So:
//!
//! - a scope with at most that many kept vectors (4 096 for `k ≤ 16`) gets exactly the answer
//!   of an exact scan, bit for bit;
//! - a larger one gets exactly the exact answer *among the candidates*: every score returned is
//!   the exact cosine, in the exact order, but a vector whose signs differ from the query's in
//!   unusually many places can be missed. Stage 1 checks its choice and widens it when the
//!   best candidates are not at its front ([`ScopeVectors::top_k_with`]), so data whose sign
//!   bits carry little signal (uniform random vectors) costs more work, not recall. On
//!   clustered data recall@10 against the exact scan is 1.0 at a million vectors (see
//!   [`RESCORE_MIN`] and `benches/quantized.rs`).
//!
//! ## Choices the seed leaves open
//!
//! - A replace keeps the capsule's place in append order; a remove frees it (see [`store`]).
//! - Removing the store's last embedding resets the resident embedder; [`clear`] is the
//!   migration path to another one.
//! - Magnitudes, computed in `f64`, must be normal `f32` values: [`MIN_MAGNITUDE`]
//!   (`f32::MIN_POSITIVE`) `..=` [`MAX_MAGNITUDE`] (`f32::MAX`), so `[f32::MAX, 1.0, 0.0]` and
//!   a vector of `f32::MIN_POSITIVE` are accepted and stored as their exact bytes. The bound is
//!   the scan's, which scores in `f32`: within it a vector's inverse magnitude is a finite `f32`
//!   and, queries being scaled by a power of two to a magnitude in `[0.5, 1)` ([`Query`]), its
//!   dot product with any query is finite. Refused are the vectors whose magnitude is not a
//!   normal `f32`: every component subnormal, or two or more near the `f32` limit. Dimensions lie
//!   in `1..=`[`MAX_DIMENSION`]; model tags are opaque, compared byte for byte, at most
//!   [`MAX_MODEL_TAG_BYTES`].
//! - A query against a store without embeddings returns no hit rather than an error: there is
//!   no dimension to mismatch.
//! - Top-k ties break toward the smaller capsule number; RRF ties toward the better single-lane
//!   rank, then the smaller capsule number.

#![deny(missing_docs)]

pub mod block;
mod embedding;
mod error;
mod fusion;
pub mod kernels;
pub mod record;
pub mod saved;
mod scan;
mod set;
pub mod store;

pub use embedding::{
    Embedding, MAX_DIMENSION, MAX_MAGNITUDE, MAX_MODEL_TAG_BYTES, MIN_MAGNITUDE, ModelTag, Query,
};
pub use error::{Error, ErrorKind, Result};
pub use fusion::{ConvexParams, FusedHit, LaneBest, LaneHit, LaneRank, RrfParams};
pub use kernels::{Isa, Kernel};
pub use record::EmbeddingRecord;
pub use scan::{
    CHECK_HITS, CHUNK_BYTES, RESCORE_MIN, RESCORE_PER_HIT, ROW_OVERHEAD_BYTES, Row, ScopeVectors,
    WHOLE_SCOPE_SHARE, WIDEN_FACTOR, WIDEN_MARGIN, rescore_count, row_bytes, sign_words,
};
pub use set::VectorSet;
pub use store::{
    Attached, Attacher, Listed, Resident, ScopeReader, Staged, attach, clear, create_tables, get,
    list, remove, resident, resident_in, tables_exist,
};
