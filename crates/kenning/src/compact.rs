//! Compaction: giving back the space a store's file no longer uses.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::Kenning;
use crate::error::{Error, Result};
use crate::store::OpenOptions;

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
}

/// Compaction passes at most: each moves pages towards the start of the file and gives back
/// the free tail; redb says when a pass could do nothing more, long before this.
const MAX_PASSES: usize = 64;

impl Kenning {
    /// Compacts the store at `path` in place: pages freed by copy-on-write (every commit rewrites
    /// the pages it changes, and a bulk ingest over many scopes frees many) are given back and
    /// the file shrinks. Nothing stored changes: every record, id and lane answers as before.
    ///
    /// It needs the file to itself: the store is opened as [`Kenning::open`] opens it (refused
    /// if it is not a Kenning store, locked if another process holds it, verified, repaired if
    /// a crash left it so), then compacted with redb's `compact`, whose every step is a commit:
    /// a crash or a kill midway leaves a sound store, as large as the last step left it.
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
        drop(db);
        Ok(CompactReport {
            path: path.to_owned(),
            bytes_before,
            bytes_after: size("reading its size after compaction")?,
        })
    }
}
