//! # kenning-term
//!
//! The term lane of [Kenning](https://docs.rs/kenning): text analysis for English and
//! Portuguese, and a BM25 index whose postings live in the caller's redb file and change in the
//! caller's transaction.
//!
//! ```
//! use kenning_term::TermIndex;
//! use redb::{Database, ReadableDatabase, backends::InMemoryBackend};
//!
//! let db = Database::builder().create_with_backend(InMemoryBackend::new())?;
//! let index = TermIndex::default();
//!
//! let txn = db.begin_write()?;
//! index.create_tables(&txn)?;
//! index.insert(&txn, "bot.support", &[
//!     (1, "Caroline went to an LGBTQ support group yesterday."),
//!     (2, "Melanie painted a sunrise by the lake."),
//!     (3, "A reunião do grupo de apoio foi adiada."),
//! ])?;
//! txn.commit()?;
//!
//! let txn = db.begin_read()?;
//! let hits = index.search(&txn, "bot.support", "When did Caroline go to the support group?", 10,
//!                         &mut |_doc| true)?;
//! assert_eq!(hits[0].doc, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## What is here
//!
//! - [`analyze()`](analyze()) and [`detect`]: Unicode word segmentation, case and diacritic
//!   folding, the Snowball stop lists and stemmers of English and Portuguese, and per-text
//!   language detection (module [`analyze`](mod@analyze) says how a language is picked).
//! - [`TermIndex`]: insertion in batches, exact removal, scope-local statistics and BM25 search
//!   with a caller's filter applied before ranking (module [`index`] describes the layout:
//!   segments of postings blocks, merged in tiers).
//! - [`Bm25`]: the formula and its parameters, `k1 = 1.2` and `b = 0.75` (module [`bm25`] defines
//!   `N`, `avgdl` and `df` precisely).
//!
//! ## What it is not
//!
//! Not a search engine: no phrase or boolean queries, no fields, no highlighting. It does not
//! know capsules, lifecycles, principals or any other Kenning crate: it indexes `(u64, text)`
//! pairs under a scope string, and the facade decides what the ids mean and what a search may
//! return. It never begins or commits a transaction.
//!
//! ## Choices left open by the seeds
//!
//! - Statistics count every indexed document of the scope; the search filter does not change
//!   them (see [`bm25`]).
//! - Ties in score rank the lower document id first.
//! - A query that is only stop words finds nothing.

#![deny(missing_docs)]

pub mod analyze;
pub mod bm25;
mod codec;
mod error;
pub mod index;
pub mod stop;

pub use analyze::{
    Analysis, Folding, Language, MAX_TERM_BYTES, analyze, analyze_as, analyze_with, detect, fold,
};
pub use bm25::Bm25;
pub use error::{Error, Result};
pub use index::{
    BLOCK_POSTINGS, MAX_MERGED_DOCS, MERGE_FACTOR, QueryScores, ScopeStats, Scored, TermIndex,
};
