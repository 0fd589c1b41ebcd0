//! The embedding sidecar over redb (E1–E7): attach, replace, remove, list, read back.
//!
//! Every function takes the facade's transaction and never begins or commits one. Writes record
//! what they changed in a [`Staged`] change-set, from which the facade derives the next
//! [`VectorSet`](crate::VectorSet) (see [`VectorSet::with`](crate::VectorSet::with)) and
//! publishes it with the transaction's commit.
//!
//! ## Tables
//!
//! | table | key | value |
//! | --- | --- | --- |
//! | `vector.embeddings` | `(scope, capsule)` | an [`EmbeddingRecord`] |
//! | `vector.order` | `(scope, position)` | capsule |
//! | `vector.meta` | `"resident"` | the resident embedder |
//! | `vector.meta` | `"saved"` | the stamp of the saved copy ([`crate::saved`]) |
//! | `vector.saved` | `(scope, chunk)` | the saved quantized copy ([`crate::saved`]) |
//!
//! Stores written before the facade versioned its derived state by one store-wide generation
//! also hold a `"generation"` record in `vector.meta`; it is no longer read or written.
//!
//! ## Append order and replace
//!
//! Each scope lists its embeddings in append order: the order in which capsules first received
//! one. A replace overwrites the vector in place and **keeps the capsule's position** (the row is
//! replaced, not re-appended); a remove frees the position, and a later attach to the same
//! capsule appends it anew at the end.
//!
//! ## The resident embedder (E2)
//!
//! The first attach into a store without embeddings elects its model tag and dimension. Every
//! later attach must carry the same tag ([`Error::ModelTagMismatch`]) and dimension
//! ([`Error::DimensionMismatch`]). When the last embedding is removed, nothing is left to compare
//! against, so the election resets. Switching embedders is an explicit migration: [`clear`]
//! every embedding, then attach each capsule's vector from the new model (in one transaction if
//! the facade wishes, so that readers never see a half-migrated store).

use redb::{
    ReadTransaction, ReadableTable, ReadableTableMetadata as _, TableDefinition, WriteTransaction,
};
use serde::Serialize;

use crate::embedding::{Embedding, ModelTag};
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::record::{self, EmbeddingRecord};

/// `(scope, capsule)` → [`EmbeddingRecord`] bytes.
pub(crate) const EMBEDDINGS: TableDefinition<'static, (&str, u64), &[u8]> =
    TableDefinition::new("vector.embeddings");

/// `(scope, position)` → capsule: the append order of each scope.
pub(crate) const ORDER: TableDefinition<'static, (&str, u64), u64> =
    TableDefinition::new("vector.order");

/// Store-wide records: the resident embedder.
pub(crate) const META: TableDefinition<'static, &str, &[u8]> = TableDefinition::new("vector.meta");

const RESIDENT: &str = "resident";
const META_FORMAT: u8 = 1;

/// The store's embedder, elected by the first attach (E2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Resident {
    /// The model tag every stored embedding carries.
    pub model_tag: String,
    /// The dimension every stored embedding has.
    pub dimension: u32,
}

impl Resident {
    /// Checks that an attach of `embedding` under `model_tag` fits this embedder. Attach checks
    /// it again inside its transaction; call this to refuse early.
    ///
    /// # Errors
    /// [`Error::ModelTagMismatch`] for another tag (checked first: it is the root cause when
    /// both differ), [`Error::DimensionMismatch`] for another dimension.
    pub fn admits(&self, embedding: &Embedding, model_tag: &ModelTag) -> Result<()> {
        if model_tag.as_str() != self.model_tag {
            return Err(Error::ModelTagMismatch {
                got: model_tag.as_str().to_owned(),
                resident: self.model_tag.clone(),
                dimension: self.dimension,
            });
        }
        self.check_dimension("embedding", embedding.dimension(), ATTACH_FIX)
    }

    pub(crate) fn check_dimension(
        &self,
        field: &'static str,
        got: usize,
        fix: &'static str,
    ) -> Result<()> {
        if got == self.dimension as usize {
            return Ok(());
        }
        Err(Error::DimensionMismatch {
            field,
            got,
            resident: self.dimension,
            model_tag: self.model_tag.clone(),
            fix,
        })
    }

    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(5 + self.model_tag.len());
        out.push(META_FORMAT);
        out.extend_from_slice(&self.dimension.to_le_bytes());
        out.extend_from_slice(self.model_tag.as_bytes());
        out
    }

    fn decode(bytes: &[u8]) -> Result<Self> {
        let rest = meta_format(bytes)?;
        let (Some(dimension), Some(tag)) = (
            rest.first_chunk::<4>().map(|b| u32::from_le_bytes(*b)),
            rest.get(4..),
        ) else {
            return Err(Error::corrupt("vector.meta", "short resident record"));
        };
        let model_tag = std::str::from_utf8(tag)
            .map_err(|_| Error::corrupt("vector.meta", "resident tag is not UTF-8"))?
            .to_owned();
        Ok(Self {
            model_tag,
            dimension,
        })
    }
}

pub(crate) const ATTACH_FIX: &str = "send a vector of that dimension from that model, or migrate \
     explicitly: clear every embedding, then re-attach each capsule's vector from the new model";
pub(crate) const QUERY_FIX: &str = "embed the query with the same model as the stored vectors";

/// The payload of a meta record, after its format byte.
fn meta_format(bytes: &[u8]) -> Result<&[u8]> {
    match bytes.split_first() {
        Some((&META_FORMAT, rest)) => Ok(rest),
        Some((&format, _)) if format > META_FORMAT => Err(Error::Storage {
            message: format!(
                "a record in table vector.meta has format {format}, newer than this build of \
                 kenning reads ({META_FORMAT}): upgrade kenning"
            ),
            source: None,
        }),
        _ => Err(Error::corrupt("vector.meta", "bad format byte")),
    }
}

/// What an attach did (E1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Attached {
    /// The capsule already had an embedding, which this one replaced.
    pub replaced: bool,
    /// This attach elected the store's resident embedder (the store had no embedding).
    pub elected: bool,
    /// The stored dimension.
    pub dimension: u32,
    /// The stored model tag.
    pub model_tag: String,
}

/// One entry of [`list`] (E5): no vector bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The capsule number.
    pub capsule: u64,
    /// Components in the stored vector.
    pub dimension: u32,
    /// The model tag it was attached under.
    pub model_tag: String,
}

/// The changes a write transaction made to the sidecar, from which the owner of the in-memory
/// copy derives the copy of the state the transaction commits:
/// [`VectorSet::with`](crate::VectorSet::with).
///
/// Create one per write transaction and pass it to every [`attach`], [`remove`] and [`clear`] of
/// that transaction. If the transaction aborts, drop it: the copy must never see it.
#[derive(Debug, Default)]
#[must_use = "derive the next VectorSet from the change-set before the transaction commits"]
pub struct Staged {
    pub(crate) resident: Option<Option<Resident>>,
    pub(crate) ops: Vec<Op>,
}

#[derive(Debug)]
pub(crate) enum Op {
    Put {
        scope: String,
        capsule: u64,
        embedding: Embedding,
    },
    Remove {
        scope: String,
        capsule: u64,
    },
    Clear,
}

impl Staged {
    /// An empty change-set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the transaction changed nothing in the sidecar.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}

pub(crate) fn read_resident(
    meta: &impl ReadableTable<&'static str, &'static [u8]>,
) -> Result<Option<Resident>> {
    meta.get(RESIDENT)
        .db()?
        .map(|bytes| Resident::decode(bytes.value()))
        .transpose()
}

/// Creates the sidecar's tables that do not exist yet, so that readers never meet a missing
/// table. Call it in the facade's open, beside the other crates' `create_tables`.
///
/// # Errors
/// [`Error::Storage`].
pub fn create_tables(txn: &WriteTransaction) -> Result<()> {
    txn.open_table(EMBEDDINGS).db()?;
    txn.open_table(ORDER).db()?;
    txn.open_table(META).db()?;
    Ok(())
}

/// Whether every sidecar table exists, so that the facade can open a store without writing
/// when nothing is missing (a read-only open). Records of a newer format are refused by
/// [`VectorSet::load`](crate::VectorSet::load), which reads them all.
///
/// # Errors
/// [`Error::Storage`].
pub fn tables_exist(txn: &ReadTransaction) -> Result<bool> {
    Ok(open_read(txn, EMBEDDINGS)?.is_some()
        && open_read(txn, ORDER)?.is_some()
        && open_read(txn, META)?.is_some())
}

/// Attaches `embedding` to capsule `capsule` of scope `scope` under `model_tag` (E1–E4), or
/// replaces the capsule's embedding (`replaced: true`), keeping its append position.
///
/// The caller has checked that the capsule exists and belongs to `scope` (E6: an unknown
/// capsule is the facade's `unknown_capsule` error) and that the caller may write there.
/// Capsule numbers are store-wide, so one capsule is always attached under the same scope.
///
/// # Errors
/// [`Error::ModelTagMismatch`] or [`Error::DimensionMismatch`] against the resident embedder
/// (nothing is written), [`Error::Storage`].
pub fn attach(
    txn: &WriteTransaction,
    staged: &mut Staged,
    scope: &str,
    capsule: u64,
    embedding: Embedding,
    model_tag: &ModelTag,
) -> Result<Attached> {
    Attacher::new(txn)?.attach(staged, scope, capsule, embedding, model_tag)
}

/// [`attach`] for many embeddings in one transaction: the sidecar's tables are opened and the
/// resident embedder read once, not once per embedding. Each [`attach`](Self::attach) call is
/// exactly [`attach`] (the same checks, records and change-set entries, in call order).
pub struct Attacher<'t> {
    meta: redb::Table<'t, &'static str, &'static [u8]>,
    embeddings: redb::Table<'t, (&'static str, u64), &'static [u8]>,
    order: redb::Table<'t, (&'static str, u64), u64>,
    resident: Option<Resident>,
}

impl std::fmt::Debug for Attacher<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Attacher")
            .field("resident", &self.resident)
            .finish_non_exhaustive()
    }
}

impl<'t> Attacher<'t> {
    /// Opens the sidecar's tables in `txn`.
    ///
    /// # Errors
    /// [`Error::Storage`], also for a resident record this build cannot read.
    pub fn new(txn: &'t WriteTransaction) -> Result<Self> {
        let meta = txn.open_table(META).db()?;
        let resident = read_resident(&meta)?;
        Ok(Self {
            meta,
            embeddings: txn.open_table(EMBEDDINGS).db()?,
            order: txn.open_table(ORDER).db()?,
            resident,
        })
    }

    /// As [`attach`](fn@attach), in the transaction this was opened in.
    ///
    /// # Errors
    /// As [`attach`](fn@attach).
    pub fn attach(
        &mut self,
        staged: &mut Staged,
        scope: &str,
        capsule: u64,
        embedding: Embedding,
        model_tag: &ModelTag,
    ) -> Result<Attached> {
        let elected = match &self.resident {
            Some(r) => {
                r.admits(&embedding, model_tag)?;
                false
            }
            None => true,
        };
        // `Embedding` holds at most MAX_DIMENSION components, so the dimension fits in u32.
        let dimension = embedding.dimension() as u32;
        if elected {
            let r = Resident {
                model_tag: model_tag.as_str().to_owned(),
                dimension,
            };
            self.meta.insert(RESIDENT, r.encode().as_slice()).db()?;
            staged.resident = Some(Some(r.clone()));
            self.resident = Some(r);
        }
        let previous = self
            .embeddings
            .get((scope, capsule))
            .db()?
            .map(|old| stored_position(old.value()));
        let (position, replaced) = match previous {
            Some(known) => (position_of(&self.order, scope, capsule, known)?, true),
            None => {
                let next = match self
                    .order
                    .range((scope, 0)..=(scope, u64::MAX))
                    .db()?
                    .next_back()
                {
                    Some(last) => last.db()?.0.value().1.checked_add(1).ok_or_else(|| {
                        Error::corrupt("vector.order", "append positions are exhausted")
                    })?,
                    None => 0,
                };
                self.order.insert((scope, next), capsule).db()?;
                (next, false)
            }
        };
        let bytes = record::encode(position, embedding.values());
        self.embeddings
            .insert((scope, capsule), bytes.as_slice())
            .db()?;
        staged.ops.push(Op::Put {
            scope: scope.to_owned(),
            capsule,
            embedding,
        });
        Ok(Attached {
            replaced,
            elected,
            dimension,
            model_tag: model_tag.as_str().to_owned(),
        })
    }
}

/// Removes capsule `capsule`'s embedding from scope `scope`, if it has one; the facade calls it
/// when it forgets the capsule (C7). Returns whether there was one. Removing the store's last
/// embedding resets the resident embedder.
///
/// A record too damaged to decode is still removed: forgetting must not depend on the sidecar
/// being readable.
///
/// # Errors
/// [`Error::Storage`].
pub fn remove(
    txn: &WriteTransaction,
    staged: &mut Staged,
    scope: &str,
    capsule: u64,
) -> Result<bool> {
    let mut table = txn.open_table(EMBEDDINGS).db()?;
    let Some(known) = table
        .remove((scope, capsule))
        .db()?
        .map(|old| stored_position(old.value()))
    else {
        return Ok(false);
    };
    let mut order = txn.open_table(ORDER).db()?;
    let position = position_of(&order, scope, capsule, known)?;
    order.remove((scope, position)).db()?;
    let now_empty = table.first().db()?.is_none();
    drop((table, order));

    let mut meta = txn.open_table(META).db()?;
    if now_empty {
        meta.remove(RESIDENT).db()?;
        staged.resident = Some(None);
    }
    staged.ops.push(Op::Remove {
        scope: scope.to_owned(),
        capsule,
    });
    Ok(true)
}

/// Removes every embedding of every scope and resets the resident embedder: the first step of
/// a migration to another embedder. Returns how many were removed. Embeddings are a sidecar, so
/// this loses no capsule byte (C6, E7).
///
/// # Errors
/// [`Error::Storage`].
pub fn clear(txn: &WriteTransaction, staged: &mut Staged) -> Result<u64> {
    let removed = txn.open_table(EMBEDDINGS).db()?.len().db()?;
    if removed == 0 {
        return Ok(0);
    }
    txn.delete_table(EMBEDDINGS).db()?;
    txn.delete_table(ORDER).db()?;
    txn.open_table(EMBEDDINGS).db()?;
    txn.open_table(ORDER).db()?;
    let mut meta = txn.open_table(META).db()?;
    meta.remove(RESIDENT).db()?;
    staged.resident = Some(None);
    staged.ops.push(Op::Clear);
    Ok(removed)
}

/// Every embedding of `scope` in append order (E5), without vector bytes.
///
/// # Errors
/// [`Error::Storage`].
pub fn list(txn: &ReadTransaction, scope: &str) -> Result<Vec<Listed>> {
    let (Some(order), Some(meta)) = (open_read(txn, ORDER)?, open_read(txn, META)?) else {
        return Ok(Vec::new());
    };
    let mut rows = order.range((scope, 0)..=(scope, u64::MAX)).db()?.peekable();
    if rows.peek().is_none() {
        return Ok(Vec::new());
    }
    let resident = read_resident(&meta)?.ok_or_else(|| {
        Error::corrupt(
            "vector.meta",
            "embeddings are stored but no resident embedder is",
        )
    })?;
    rows.map(|row| {
        let (_, capsule) = row.db()?;
        Ok(Listed {
            capsule: capsule.value(),
            dimension: resident.dimension,
            model_tag: resident.model_tag.clone(),
        })
    })
    .collect()
}

/// The embedding of capsule `capsule` in scope `scope`, bit for bit as attached (E4).
///
/// # Errors
/// [`Error::Storage`], also for a record this build cannot read.
pub fn get(txn: &ReadTransaction, scope: &str, capsule: u64) -> Result<Option<Embedding>> {
    let Some(table) = open_read(txn, EMBEDDINGS)? else {
        return Ok(None);
    };
    table
        .get((scope, capsule))
        .db()?
        .map(|bytes| EmbeddingRecord::decode(bytes.value()).map(|r| r.embedding))
        .transpose()
}

/// One scope's stored embeddings as a read transaction sees them, with the table opened once:
/// the `exact` source of [`ScopeVectors::top_k`](crate::ScopeVectors::top_k), which reads the
/// `f32` vectors of its few survivors from here (see
/// [`VectorSet::search`](crate::VectorSet::search)).
pub struct ScopeReader<'a> {
    table: Option<redb::ReadOnlyTable<(&'static str, u64), &'static [u8]>>,
    scope: &'a str,
}

impl std::fmt::Debug for ScopeReader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScopeReader")
            .field("scope", &self.scope)
            .finish_non_exhaustive()
    }
}

impl<'a> ScopeReader<'a> {
    /// Opens `scope`'s embeddings in `txn`. A store without the table reads as empty.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub fn open(txn: &ReadTransaction, scope: &'a str) -> Result<Self> {
        Ok(Self {
            table: open_read(txn, EMBEDDINGS)?,
            scope,
        })
    }

    /// The embedding of capsule `capsule`, bit for bit as attached (as [`get`]).
    ///
    /// # Errors
    /// [`Error::Storage`], also for a record this build cannot read.
    pub fn get(&self, capsule: u64) -> Result<Option<Embedding>> {
        let Some(table) = &self.table else {
            return Ok(None);
        };
        table
            .get((self.scope, capsule))
            .db()?
            .map(|bytes| EmbeddingRecord::decode(bytes.value()).map(|r| r.embedding))
            .transpose()
    }
}

/// The store's resident embedder, if any embedding is stored (E2).
///
/// # Errors
/// [`Error::Storage`].
pub fn resident(txn: &ReadTransaction) -> Result<Option<Resident>> {
    match open_read(txn, META)? {
        Some(meta) => read_resident(&meta),
        None => Ok(None),
    }
}

/// The resident embedder as the write transaction `txn` sees it, its own changes included.
///
/// # Errors
/// [`Error::Storage`].
pub fn resident_in(txn: &WriteTransaction) -> Result<Option<Resident>> {
    read_resident(&txn.open_table(META).db()?)
}

/// Opens a table for reading; a table that was never created reads as empty.
pub(crate) fn open_read<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &ReadTransaction,
    table: TableDefinition<'static, K, V>,
) -> Result<Option<redb::ReadOnlyTable<K, V>>> {
    Ok(kenning_table::open_existing(txn, table)?)
}

/// The append position a stored record claims, read from its header only, so that a record
/// whose vector is damaged can still be replaced or removed.
fn stored_position(bytes: &[u8]) -> Option<u64> {
    match bytes.split_first() {
        Some((&format, rest)) if format == 1 || format == record::RECORD_FORMAT => {
            rest.first_chunk::<8>().map(|b| u64::from_le_bytes(*b))
        }
        _ => None,
    }
}

/// The position of `capsule` in `scope`'s order: the one its record claims when the order
/// table agrees, else found by scanning the scope's order.
fn position_of(
    order: &impl ReadableTable<(&'static str, u64), u64>,
    scope: &str,
    capsule: u64,
    claimed: Option<u64>,
) -> Result<u64> {
    if let Some(position) = claimed
        && order.get((scope, position)).db()?.map(|c| c.value()) == Some(capsule)
    {
        return Ok(position);
    }
    for row in order.range((scope, 0)..=(scope, u64::MAX)).db()? {
        let (key, value) = row.db()?;
        if value.value() == capsule {
            return Ok(key.value().1);
        }
    }
    Err(Error::corrupt(
        "vector.order",
        format_args!("capsule {capsule} of scope {scope:?} has an embedding but no position"),
    ))
}
