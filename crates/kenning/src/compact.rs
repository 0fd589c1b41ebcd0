//! Compaction: giving back the space a store's file no longer uses, and merging the term index
//! as a search engine's force-merge does (offline for every scope, or live for one).

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::capsule::{TERM_INDEX, term};
use crate::error::{Error, Result};
use crate::store::OpenOptions;
use crate::{Kenning, Permission, Principal};
use kenning_table::DbResult;

/// What [`Kenning::compact`] did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CompactReport {
    /// The store compacted.
    pub path: PathBuf,
    /// The file's size before, in bytes.
    pub bytes_before: u64,
    /// The file's size after, in bytes.
    pub bytes_after: u64,
    /// Segments of the term index before, over every scope (see [`Kenning::compact`]).
    pub term_segments_before: u64,
    /// Segments of the term index after: one per scope of up to 262,144 capsules.
    pub term_segments_after: u64,
}

/// What [`Kenning::merge_term_index`] did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct TermMerge {
    /// The scope whose term index was merged.
    pub scope: String,
    /// Its term segments before.
    pub segments_before: u64,
    /// Its term segments after: one per 262,144 capsules.
    pub segments_after: u64,
}

/// Compaction passes at most: each moves pages towards the start of the file and gives back
/// the free tail; redb says when a pass could do nothing more, long before this.
const MAX_PASSES: usize = 64;

impl Kenning {
    /// Compacts the store at `path` in place: pages freed by copy-on-write (every commit rewrites
    /// the pages it changes, and a bulk ingest over many scopes frees many) are given back and
    /// the file shrinks. Nothing stored changes: every record, id and lane answers as before,
    /// every score to the bit.
    ///
    /// First it merges each scope's term index into the fewest segments it allows (one per
    /// 262,144 capsules), as a search engine's force-merge does. Writing in batches leaves a
    /// scope a tail of small segments (nine at 100,000 capsules put 1,000 at a time), each a
    /// lookup per query word; merged, the term lane reads one (0.68x to 0.77x of the unmerged
    /// scope's term time on the term bench; `docs/performance.md`). Each merge is a transaction of
    /// its own, bounded as an insert's merges are.
    ///
    /// It needs the file to itself: the store is opened as [`Kenning::open`] opens it (refused
    /// if it is not a Kenning store, locked if another process holds it, verified, repaired if
    /// a crash left it so), its term segments merged, then the file compacted with redb's
    /// `compact`. Every step is a commit: a crash or a kill midway leaves a sound store that
    /// answers as before, as merged and as small as the last step left it.
    ///
    /// ```
    /// use kenning::{Kenning, NewCapsule, Principal, ScopeKind};
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("memory.redb");
    /// let kn = Kenning::open(&path)?;
    /// let ops = Principal::operator("ops");
    /// kn.register_scope(&ops, "bot.a", ScopeKind::Agent)?;
    /// let id = kn.put(&ops, &NewCapsule::new("bot.a", "Ana prefers email."))?;
    /// drop(kn);
    /// let report = Kenning::compact(&path)?;
    /// assert!(report.bytes_after <= report.bytes_before);
    /// assert_eq!(Kenning::open(&path)?.capsule(&ops, id)?.content, "Ana prefers email.");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Storage`] when there is no store at `path` (nothing is created), when another
    /// process holds it, when it is damaged (the message names the repair commands), or when
    /// the disk fails midway (the store is then as sound as after a crash).
    pub fn compact(path: impl AsRef<Path>) -> Result<CompactReport> {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let size = |what: &str| {
            std::fs::metadata(path).map(|m| m.len()).map_err(|e| {
                Error::storage(
                    format!("cannot compact the store at {shown}: {what}: {e}"),
                    e,
                )
            })
        };
        if !path.exists() {
            return Err(Error::Storage {
                message: format!(
                    "cannot compact the store at {shown}: there is no file there; check the path"
                ),
                source: None,
            });
        }
        let bytes_before = size("reading its size")?;
        let kenning = OpenOptions::new().open(path)?;
        let (term_segments_before, term_segments_after) = kenning.merge_term_segments()?;
        let verified = kenning.verification() != crate::Verification::Unverified;
        let mut db = kenning.into_database(path)?;
        crate::error::contain(path, || {
            for _ in 0..MAX_PASSES {
                match db.compact() {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(e) => {
                        return Err(Error::Storage {
                            message: format!(
                                "cannot compact the store at {shown}: {e}; the store is sound \
                                 as the last completed step left it"
                            ),
                            source: Some(Box::new(e)),
                        });
                    }
                }
            }
            Ok(())
        })?;
        // Closed and sealed as a handle whose open verified the file is (`seal.rs`), so the next
        // open reads the compacted file once instead of checking every page.
        let closed = crate::error::contain(path, || Ok(db.close()));
        if verified && matches!(closed, Ok(Ok(()))) {
            drop(crate::seal::write(path));
        }
        Ok(CompactReport {
            path: path.to_owned(),
            bytes_before,
            bytes_after: size("reading its size after compaction")?,
            term_segments_before,
            term_segments_after,
        })
    }

    /// Merges `scope`'s term index into the fewest segments it allows (one per 262,144
    /// capsules), as [`compact`](Self::compact) does for every scope, while the store serves:
    /// for an application that never closes its store. Nothing read changes but where the
    /// postings sit: every ranking and every score's bits are those of before.
    ///
    /// One audited transaction (`term.merge`, with the counts): writers wait for it (its time
    /// grows with the scope's postings), readers do not, and a snapshot taken before answers
    /// from the segments it began with. Calling it again merges nothing more.
    ///
    /// ```
    /// use kenning::{Kenning, NewCapsule, Principal, ScopeKind};
    /// let kn = Kenning::in_memory()?;
    /// let ops = Principal::operator("ops");
    /// kn.register_scope(&ops, "bot.a", ScopeKind::Agent)?;
    /// for text in ["Ana prefers email.", "Ana moved to Lisbon.", "Bo owns the API."] {
    ///     kn.put(&ops, &NewCapsule::new("bot.a", text))?; // a term segment each
    /// }
    /// let merged = kn.merge_term_index(&ops, "bot.a")?;
    /// assert_eq!((merged.segments_before, merged.segments_after), (3, 1));
    /// # Ok::<(), kenning::Error>(())
    /// ```
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over
    /// `scope`.
    ///
    /// # Errors
    /// [`Error::PermissionDenied`]; [`Error::NotFound`] for an unknown or unreached scope
    /// alike (A5); [`Error::Storage`].
    pub fn merge_term_index(&self, who: &Principal, scope: &str) -> Result<TermMerge> {
        who.require(Permission::MemoryWrite, "merge a scope's term index")?;
        self.write(|w| {
            crate::scope::reach(&w.txn.open_table(crate::scope::SCOPES).db()?, who, scope)?;
            let (before, after) = term(TERM_INDEX.merge_all(w.txn, scope))?;
            let merged = TermMerge {
                scope: scope.to_owned(),
                segments_before: before as u64,
                segments_after: after as u64,
            };
            crate::audit::append(
                w.txn,
                w.now,
                who,
                "term.merge",
                &format!("scope:{scope}"),
                serde_json::json!({
                    "segments_before": merged.segments_before,
                    "segments_after": merged.segments_after,
                }),
            )?;
            Ok(merged)
        })
    }

    /// Merges every scope's term segments as far as the index allows, a transaction a step;
    /// returns the segment counts over every scope before and after.
    fn merge_term_segments(&self) -> Result<(u64, u64)> {
        let count = |scopes: &[String]| -> Result<u64> {
            let txn = self.read()?;
            let mut total = 0u64;
            for scope in scopes {
                total += term(TERM_INDEX.segment_count(&txn, scope))? as u64;
            }
            Ok(total)
        };
        let scopes = term(TERM_INDEX.scopes(&self.read()?))?;
        let before = count(&scopes)?;
        for scope in &scopes {
            while self.write(|w| term(TERM_INDEX.merge_step(w.txn, scope)))? {}
        }
        Ok((before, count(&scopes)?))
    }
}
