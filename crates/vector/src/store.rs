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
//! | `vector.blocks` | `(scope, block)` | a [`Block`] of consecutive append positions |
//! | `vector.positions` | `(scope, capsule)` | the capsule's append position in its scope |
//! | `vector.meta` | `"resident"` | the resident embedder |
//! | `vector.meta` | `"saved"` | the stamp of the saved copy ([`crate::saved`]) |
//! | `vector.saved` | `(scope, chunk)` | the saved quantized copy ([`crate::saved`]) |
//!
//! Position `p` of a scope is slot `p % s` of block `p / s`, `s` being
//! [`slots_per_block`](crate::block::slots_per_block) of the resident dimension and the scope:
//! a block is sized to fill one redb page, so that the file holds the vectors' bytes and little
//! else (`crate::block`). Stores written before the facade's format 5 hold one record per
//! embedding instead (`vector.embeddings`, `(scope, capsule)` → [`EmbeddingRecord`], and
//! `vector.order`, `(scope, position)` → capsule); every read here reads them as they are, and
//! [`create_tables`] moves them into blocks on the read-write open that moves the store on.
//! Stores written before the facade versioned its derived state by one store-wide generation
//! also hold a `"generation"` record in `vector.meta`; it is no longer read or written.
//!
//! ## Append order and replace
//!
//! Each scope lists its embeddings in append order: the order in which capsules first received
//! one. A replace overwrites the vector in place and **keeps the capsule's position** (the row is
//! replaced, not re-appended); a remove frees the position, and a later attach to the same
//! capsule appends it anew at the end. Positions are one past the highest one a scope holds, so
//! a position freed at the very end is taken again by the next attach, still at the end.
//!
//! ## The resident embedder (E2)
//!
//! The first attach into a store without embeddings elects its model tag and dimension. Every
//! later attach must carry the same tag ([`Error::ModelTagMismatch`]) and dimension
//! ([`Error::DimensionMismatch`]). When the last embedding is removed, nothing is left to compare
//! against, so the election resets. Switching embedders is an explicit migration: [`clear`]
//! every embedding, then attach each capsule's vector from the new model (in one transaction if
//! the facade wishes, so that readers never see a half-migrated store).

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, HashMap};

use redb::{
    ReadTransaction, ReadableTable, ReadableTableMetadata as _, TableDefinition, TableHandle as _,
    WriteTransaction,
};
use serde::Serialize;

use crate::block::{self, Block, View};

use crate::embedding::{Embedding, ModelTag};
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::record::{self, EmbeddingRecord};

/// `(scope, block)` → [`Block`] bytes: each scope's vectors by append position.
pub(crate) const BLOCKS: TableDefinition<'static, (&str, u64), &[u8]> =
    TableDefinition::new("vector.blocks");

/// `(scope, capsule)` → the capsule's append position in its scope.
pub(crate) const POSITIONS: TableDefinition<'static, (&str, u64), u64> =
    TableDefinition::new("vector.positions");

/// `(scope, capsule)` → [`EmbeddingRecord`] bytes: one record per embedding, as stores before
/// format 5 keep them.
pub(crate) const EMBEDDINGS: TableDefinition<'static, (&str, u64), &[u8]> =
    TableDefinition::new("vector.embeddings");

/// `(scope, position)` → capsule: the append order of stores before format 5.
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
        Some((&format, _)) if format > META_FORMAT => {
            Err(Error::newer_format("vector.meta", format, META_FORMAT))
        }
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
/// table, and moves the embeddings of a store written before format 5 (one record per
/// embedding, `vector.embeddings` and `vector.order`) into blocks, keeping every vector's bytes
/// and append position. Call it in the facade's open, beside the other crates'
/// `create_tables`, in the transaction that moves the store to the current format.
///
/// # Errors
/// [`Error::Storage`], also for an old record that does not read (the move is refused, and the
/// transaction must be aborted).
pub fn create_tables(txn: &WriteTransaction) -> Result<()> {
    let legacy = txn
        .list_tables()
        .db()?
        .any(|t| t.name() == EMBEDDINGS.name());
    {
        let mut blocks = txn.open_table(BLOCKS).db()?;
        let mut positions = txn.open_table(POSITIONS).db()?;
        let meta = txn.open_table(META).db()?;
        if legacy {
            move_to_blocks(txn, &meta, &mut blocks, &mut positions)?;
        }
    }
    if legacy {
        txn.delete_table(EMBEDDINGS).db()?;
        txn.delete_table(ORDER).db()?;
    }
    Ok(())
}

/// Writes every embedding of the tables of format 4 and before into blocks, at the position
/// it held.
fn move_to_blocks(
    txn: &WriteTransaction,
    meta: &impl ReadableTable<&'static str, &'static [u8]>,
    blocks: &mut redb::Table<'_, (&'static str, u64), &'static [u8]>,
    positions: &mut redb::Table<'_, (&'static str, u64), u64>,
) -> Result<()> {
    let Some(resident) = read_resident(meta)? else {
        return Ok(());
    };
    let dimension = resident.dimension as usize;
    let embeddings = txn.open_table(EMBEDDINGS).db()?;
    let order = txn.open_table(ORDER).db()?;
    let mut current: Option<(String, u64, Block)> = None;
    for row in order.iter().db()? {
        let (key, capsule) = row.db()?;
        let ((scope, position), capsule) = (key.value(), capsule.value());
        let record = embeddings.get((scope, capsule)).db()?.ok_or_else(|| {
            Error::corrupt(
                "vector.order",
                format_args!(
                    "capsule {capsule} of scope {scope:?} has a position but no embedding"
                ),
            )
        })?;
        let embedding = EmbeddingRecord::decode(record.value())?.embedding;
        let slots = block::slots_per_block(dimension, scope);
        let (number, slot) = (position / slots, (position % slots) as u16);
        if current
            .as_ref()
            .is_none_or(|(s, n, _)| s != scope || *n != number)
        {
            if let Some((s, n, done)) = current.take() {
                blocks
                    .insert((s.as_str(), n), done.encode().as_slice())
                    .db()?;
            }
            current = Some((scope.to_owned(), number, Block::new(dimension)));
        }
        if let Some((_, _, block)) = &mut current {
            block.put(slot, capsule, embedding.values());
        }
        positions.insert((scope, capsule), position).db()?;
    }
    if let Some((s, n, done)) = current {
        blocks
            .insert((s.as_str(), n), done.encode().as_slice())
            .db()?;
    }
    if positions.len().db()? != embeddings.len().db()? {
        return Err(Error::corrupt(
            record::TABLE,
            "some embeddings have no position in vector.order",
        ));
    }
    Ok(())
}

/// Whether every sidecar table exists, so that the facade can open a store without writing
/// when nothing is missing (a read-only open); a store written before format 5 has its own set
/// of tables, read as they are. Records of a newer format are refused by
/// [`VectorSet::load`](crate::VectorSet::load), which reads them all.
///
/// # Errors
/// [`Error::Storage`].
pub fn tables_exist(txn: &ReadTransaction) -> Result<bool> {
    let has = |t| kenning_table::exists(txn, t);
    Ok(open_read(txn, META)?.is_some()
        && ((has(BLOCKS)? && open_read(txn, POSITIONS)?.is_some())
            || (has(EMBEDDINGS)? && open_read(txn, ORDER)?.is_some())))
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
    let mut attacher = Attacher::new(txn)?;
    let attached = attacher.attach(staged, scope, capsule, embedding, model_tag)?;
    attacher.finish()?;
    Ok(attached)
}

/// [`attach`] for many embeddings in one transaction: the sidecar's tables are opened and the
/// resident embedder read once, and each block written once, however many of its vectors the
/// batch puts. Each [`attach`](Self::attach) call checks and stages exactly what [`attach`]
/// does, in call order; the blocks reach the tables at [`finish`](Self::finish), which must be
/// called before the transaction commits (an `Attacher` dropped unfinished writes its positions
/// but not its vectors: abort the transaction then, as the facade does on any error).
pub struct Attacher<'t> {
    meta: redb::Table<'t, &'static str, &'static [u8]>,
    blocks: redb::Table<'t, (&'static str, u64), &'static [u8]>,
    positions: redb::Table<'t, (&'static str, u64), u64>,
    resident: Option<Resident>,
    /// Blocks read or begun by this batch, with their changes, by `(scope, block)`.
    pending: BTreeMap<(String, u64), Block>,
    /// The next append position of each scope this batch appended to.
    next: HashMap<String, u64>,
}

impl std::fmt::Debug for Attacher<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Attacher")
            .field("resident", &self.resident)
            .field("pending_blocks", &self.pending.len())
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
            blocks: txn.open_table(BLOCKS).db()?,
            positions: txn.open_table(POSITIONS).db()?,
            resident,
            pending: BTreeMap::new(),
            next: HashMap::new(),
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
        let known = self
            .positions
            .get((scope, capsule))
            .db()?
            .map(|p| p.value());
        let (position, replaced) = match known {
            Some(position) => (position, true),
            None => {
                let position = self.next_position(scope, embedding.dimension())?;
                self.positions.insert((scope, capsule), position).db()?;
                (position, false)
            }
        };
        let slots = block::slots_per_block(embedding.dimension(), scope);
        let (number, slot) = (position / slots, (position % slots) as u16);
        let block = match self.pending.entry((scope.to_owned(), number)) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                let stored = self.blocks.get((scope, number)).db()?;
                let block = match stored {
                    Some(bytes) => Block::decode(bytes.value())?,
                    None => Block::new(embedding.dimension()),
                };
                e.insert(block)
            }
        };
        block.put(slot, capsule, embedding.values());
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

    /// The position a new embedding of `scope` takes: one past the highest position held.
    fn next_position(&mut self, scope: &str, dimension: usize) -> Result<u64> {
        let next = match self.next.get(scope) {
            Some(&next) => next,
            None => {
                let last = self
                    .blocks
                    .range((scope, 0)..=(scope, u64::MAX))
                    .db()?
                    .next_back()
                    .transpose()
                    .db()?;
                match last {
                    Some((key, bytes)) => {
                        let slots = block::slots_per_block(dimension, scope);
                        let slot = View::new(bytes.value())?.last_slot().unwrap_or(0);
                        key.value()
                            .1
                            .checked_mul(slots)
                            .and_then(|p| p.checked_add(u64::from(slot) + 1))
                            .ok_or_else(|| {
                                Error::corrupt(block::TABLE, "append positions are exhausted")
                            })?
                    }
                    None => 0,
                }
            }
        };
        self.next.insert(scope.to_owned(), next + 1);
        Ok(next)
    }

    /// Writes the blocks this batch changed. Call it once every attach of the batch is done,
    /// before the transaction commits.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub fn finish(mut self) -> Result<()> {
        for ((scope, number), block) in std::mem::take(&mut self.pending) {
            self.blocks
                .insert((scope.as_str(), number), block.encode().as_slice())
                .db()?;
        }
        Ok(())
    }
}

/// Removes capsule `capsule`'s embedding from scope `scope`, if it has one; the facade calls it
/// when it forgets the capsule (C7). Returns whether there was one. Removing the store's last
/// embedding resets the resident embedder.
///
/// Forgetting must not depend on the sidecar being readable: the vector is dropped from its
/// block with the other vectors' bytes and checksums copied as they are, so a damaged vector
/// goes with its capsule and one elsewhere in the block is still reported when read. A block
/// whose head no longer reads keeps its bytes, and the capsule's position is removed all the
/// same; every read of that block reports the damage (`kenning store salvage` leaves it
/// behind).
///
/// # Errors
/// [`Error::Storage`].
pub fn remove(
    txn: &WriteTransaction,
    staged: &mut Staged,
    scope: &str,
    capsule: u64,
) -> Result<bool> {
    let mut positions = txn.open_table(POSITIONS).db()?;
    let Some(position) = positions.remove((scope, capsule)).db()?.map(|p| p.value()) else {
        return Ok(false);
    };
    let now_empty = positions.first().db()?.is_none();
    drop(positions);
    let mut meta = txn.open_table(META).db()?;
    let resident = read_resident(&meta).ok().flatten();
    if let Some(resident) = resident {
        let slots = block::slots_per_block(resident.dimension as usize, scope);
        let (number, slot) = (position / slots, (position % slots) as u16);
        let mut blocks = txn.open_table(BLOCKS).db()?;
        let rest = match blocks.get((scope, number)).db()? {
            Some(bytes) => match View::new(bytes.value()) {
                Ok(view) => Some(view.without(slot)),
                Err(_) => None,
            },
            None => None,
        };
        match rest {
            Some(Some(bytes)) => {
                blocks.insert((scope, number), bytes.as_slice()).db()?;
            }
            Some(None) => {
                blocks.remove((scope, number)).db()?;
            }
            None => {}
        }
    }
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
    let removed = txn.open_table(POSITIONS).db()?.len().db()?;
    if removed == 0 {
        return Ok(0);
    }
    txn.delete_table(BLOCKS).db()?;
    txn.delete_table(POSITIONS).db()?;
    txn.open_table(BLOCKS).db()?;
    txn.open_table(POSITIONS).db()?;
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
    let Some(meta) = open_read(txn, META)? else {
        return Ok(Vec::new());
    };
    let capsules: Vec<u64> = match Layout::of(txn)? {
        Layout::Blocks { positions, .. } => {
            let mut held = positions
                .range((scope, 0)..=(scope, u64::MAX))
                .db()?
                .map(|row| {
                    let (key, position) = row.db()?;
                    Ok((position.value(), key.value().1))
                })
                .collect::<Result<Vec<_>>>()?;
            held.sort_unstable();
            held.into_iter().map(|(_, capsule)| capsule).collect()
        }
        Layout::Legacy { .. } => match open_read(txn, ORDER)? {
            Some(order) => order
                .range((scope, 0)..=(scope, u64::MAX))
                .db()?
                .map(|row| Ok(row.db()?.1.value()))
                .collect::<Result<_>>()?,
            None => Vec::new(),
        },
        Layout::None => Vec::new(),
    };
    if capsules.is_empty() {
        return Ok(Vec::new());
    }
    let resident = read_resident(&meta)?.ok_or_else(|| {
        Error::corrupt(
            "vector.meta",
            "embeddings are stored but no resident embedder is",
        )
    })?;
    Ok(capsules
        .into_iter()
        .map(|capsule| Listed {
            capsule,
            dimension: resident.dimension,
            model_tag: resident.model_tag.clone(),
        })
        .collect())
}

/// The embedding of capsule `capsule` in scope `scope`, bit for bit as attached (E4).
///
/// # Errors
/// [`Error::Storage`], also for a record this build cannot read.
pub fn get(txn: &ReadTransaction, scope: &str, capsule: u64) -> Result<Option<Embedding>> {
    ScopeReader::open(txn, scope)?.get(capsule)
}

/// How a store keeps its embeddings: in blocks (format 5 on), one record per embedding (before),
/// or not at all yet.
pub(crate) enum Layout {
    /// `vector.blocks` and `vector.positions`, with the resident dimension that places
    /// positions in blocks.
    Blocks {
        blocks: redb::ReadOnlyTable<(&'static str, u64), &'static [u8]>,
        positions: redb::ReadOnlyTable<(&'static str, u64), u64>,
        dimension: Option<usize>,
    },
    /// `vector.embeddings`, one record per embedding, as stores before format 5 hold them (read
    /// as they are until a read-write open moves them to blocks).
    Legacy {
        embeddings: redb::ReadOnlyTable<(&'static str, u64), &'static [u8]>,
    },
    /// No table yet.
    None,
}

impl Layout {
    pub(crate) fn of(txn: &ReadTransaction) -> Result<Self> {
        if let (Some(blocks), Some(positions)) =
            (open_read(txn, BLOCKS)?, open_read(txn, POSITIONS)?)
        {
            let dimension = match open_read(txn, META)? {
                Some(meta) => read_resident(&meta)?.map(|r| r.dimension as usize),
                None => None,
            };
            return Ok(Self::Blocks {
                blocks,
                positions,
                dimension,
            });
        }
        Ok(match open_read(txn, EMBEDDINGS)? {
            Some(embeddings) => Self::Legacy { embeddings },
            None => Self::None,
        })
    }

    /// How many embeddings are stored.
    pub(crate) fn count(&self) -> Result<u64> {
        Ok(match self {
            Self::Blocks { positions, .. } => positions.len().db()?,
            Self::Legacy { embeddings } => embeddings.len().db()?,
            Self::None => 0,
        })
    }
}

/// One scope's stored embeddings as a read transaction sees them, with the tables opened once:
/// the `exact` source of [`ScopeVectors::top_k`](crate::ScopeVectors::top_k), which reads the
/// `f32` vectors of its few survivors from here (see
/// [`VectorSet::search`](crate::VectorSet::search)). A read checks the head of the vector's
/// block and the vector's own checksum, not the rest of the block.
pub struct ScopeReader<'a> {
    layout: Layout,
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
    /// Opens `scope`'s embeddings in `txn`. A store without the tables reads as empty.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub fn open(txn: &ReadTransaction, scope: &'a str) -> Result<Self> {
        Ok(Self {
            layout: Layout::of(txn)?,
            scope,
        })
    }

    /// The embedding of capsule `capsule`, bit for bit as attached (as [`get`]).
    ///
    /// # Errors
    /// [`Error::Storage`], also for a record this build cannot read.
    pub fn get(&self, capsule: u64) -> Result<Option<Embedding>> {
        let scope = self.scope;
        match &self.layout {
            Layout::Blocks {
                blocks,
                positions,
                dimension,
            } => {
                let Some(position) = positions.get((scope, capsule)).db()?.map(|p| p.value())
                else {
                    return Ok(None);
                };
                let missing = || {
                    Error::corrupt(
                        block::TABLE,
                        format_args!(
                            "capsule {capsule} of scope {scope:?} has position {position} but \
                             no vector there"
                        ),
                    )
                };
                let dimension = dimension.ok_or_else(|| {
                    Error::corrupt(
                        "vector.meta",
                        "embeddings are stored but no resident embedder is",
                    )
                })?;
                let slots = block::slots_per_block(dimension, scope);
                let (number, slot) = (position / slots, (position % slots) as u16);
                let bytes = blocks.get((scope, number)).db()?.ok_or_else(missing)?;
                match View::new(bytes.value())?.get(slot)? {
                    Some((owner, embedding)) if owner == capsule => Ok(Some(embedding)),
                    _ => Err(missing()),
                }
            }
            Layout::Legacy { embeddings } => embeddings
                .get((scope, capsule))
                .db()?
                .map(|bytes| EmbeddingRecord::decode(bytes.value()).map(|r| r.embedding))
                .transpose(),
            Layout::None => Ok(None),
        }
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::VectorSet;
    use redb::ReadableDatabase as _;

    fn db() -> redb::Database {
        redb::Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .unwrap()
    }

    fn vector(d: usize, seed: u64) -> Embedding {
        Embedding::new(
            (0..d)
                .map(|i| ((seed * 31 + i as u64 * 7) % 17) as f32 - 8.5)
                .collect(),
        )
        .unwrap()
    }

    /// Full blocks fill their pages: what redb stores of `vector.blocks` after a bulk attach
    /// wastes under 10% (one record per embedding wasted a quarter at 384 dimensions).
    #[test]
    fn a_bulk_attach_fills_the_pages_of_its_blocks() {
        for (d, scope) in [
            (384, "bot.support"),
            (768, "a"),
            (1536, "agent-7"),
            (8, "s"),
        ] {
            let db = db();
            let tag = ModelTag::new("m").unwrap();
            let txn = db.begin_write().unwrap();
            create_tables(&txn).unwrap();
            let mut attacher = Attacher::new(&txn).unwrap();
            let mut staged = Staged::new();
            let n = 20 * block::slots_per_block(d, scope);
            for c in 0..n {
                attacher
                    .attach(&mut staged, scope, c + 1, vector(d, c), &tag)
                    .unwrap();
            }
            attacher.finish().unwrap();
            let stats = txn.open_table(BLOCKS).unwrap().stats().unwrap();
            txn.commit().unwrap();
            let (stored, wasted) = (stats.stored_bytes(), stats.fragmented_bytes());
            assert!(
                wasted * 10 < stored,
                "d {d}: {wasted} bytes wasted for {stored} stored"
            );
        }
    }

    /// A store of format 4 keeps one record per embedding; moving it into blocks keeps every
    /// vector's bytes, every position and so the append order, and every lane's copy.
    #[test]
    fn records_of_a_store_before_format_5_move_into_blocks_whole() {
        let db = db();
        let txn = db.begin_write().unwrap();
        let meta = Resident {
            model_tag: "m".into(),
            dimension: 5,
        };
        {
            let mut m = txn.open_table(META).unwrap();
            m.insert(RESIDENT, meta.encode().as_slice()).unwrap();
            let mut embeddings = txn.open_table(EMBEDDINGS).unwrap();
            let mut order = txn.open_table(ORDER).unwrap();
            // Positions with gaps (removed embeddings), over more than one block, two scopes.
            for (scope, position, capsule) in
                [("a", 0, 40), ("a", 2, 10), ("a", 9000, 7), ("b", 3, 1)]
            {
                let e = vector(5, capsule);
                embeddings
                    .insert(
                        (scope, capsule),
                        record::encode(position, e.values()).as_slice(),
                    )
                    .unwrap();
                order.insert((scope, position), capsule).unwrap();
            }
        }
        txn.commit().unwrap();
        let before = VectorSet::load(&db.begin_read().unwrap()).unwrap();
        let listed = |txn: &ReadTransaction, s| {
            list(txn, s)
                .unwrap()
                .into_iter()
                .map(|l| l.capsule)
                .collect::<Vec<_>>()
        };
        {
            let txn = db.begin_read().unwrap();
            assert!(tables_exist(&txn).unwrap(), "an old store reads as it is");
            assert_eq!(listed(&txn, "a"), [40, 10, 7]);
            assert_eq!(get(&txn, "a", 7).unwrap(), Some(vector(5, 7)));
        }
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        txn.commit().unwrap();
        let txn = db.begin_read().unwrap();
        assert!(open_read(&txn, EMBEDDINGS).unwrap().is_none());
        assert!(open_read(&txn, ORDER).unwrap().is_none());
        assert_eq!(listed(&txn, "a"), [40, 10, 7]);
        assert_eq!(listed(&txn, "b"), [1]);
        for (scope, capsule) in [("a", 40), ("a", 10), ("a", 7), ("b", 1)] {
            assert_eq!(get(&txn, scope, capsule).unwrap(), Some(vector(5, capsule)));
        }
        let after = VectorSet::load(&txn).unwrap();
        for scope in ["a", "b"] {
            let rows = |set: &VectorSet| {
                let mut r: Vec<_> = set
                    .scope(scope)
                    .unwrap()
                    .rows()
                    .map(|r| (r.capsule, r.signs()))
                    .collect();
                r.sort_unstable();
                r
            };
            assert_eq!(rows(&after), rows(&before), "{scope}");
        }
        // The next attach of scope `a` appends after the highest position it held.
        drop(txn);
        let txn = db.begin_write().unwrap();
        let mut staged = Staged::new();
        attach(
            &txn,
            &mut staged,
            "a",
            99,
            vector(5, 99),
            &ModelTag::new("m").unwrap(),
        )
        .unwrap();
        txn.commit().unwrap();
        assert_eq!(listed(&db.begin_read().unwrap(), "a"), [40, 10, 7, 99]);
    }

    /// Forgetting a capsule whose vector or block no longer decodes still forgets it.
    #[test]
    fn a_remove_does_not_depend_on_its_block_being_readable() {
        let db = db();
        let tag = ModelTag::new("m").unwrap();
        let damage = |txn: &WriteTransaction, at: fn(usize) -> usize| {
            let mut blocks = txn.open_table(BLOCKS).unwrap();
            let mut bytes = blocks.get(("s", 0)).unwrap().unwrap().value().to_vec();
            let i = at(bytes.len());
            bytes[i] ^= 1;
            blocks.insert(("s", 0), bytes.as_slice()).unwrap();
        };
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        let mut staged = Staged::new();
        for c in 1..=4 {
            attach(&txn, &mut staged, "s", c, vector(4, c), &tag).unwrap();
        }
        // The last vector's bytes (capsule 4's) are damaged: forgetting 4 takes the damage
        // with it, and the rest reads, in every way the sidecar is read.
        damage(&txn, |len| len - 1);
        assert!(remove(&txn, &mut staged, "s", 4).unwrap());
        txn.commit().unwrap();
        let txn = db.begin_read().unwrap();
        assert_eq!(list(&txn, "s").unwrap().len(), 3);
        assert!(get(&txn, "s", 4).unwrap().is_none());
        assert_eq!(get(&txn, "s", 1).unwrap(), Some(vector(4, 1)));
        assert_eq!(VectorSet::load(&txn).unwrap().len(), 3);
        drop(txn);
        // The head is damaged: the position goes, the block stays and is reported.
        let txn = db.begin_write().unwrap();
        damage(&txn, |_| 3);
        assert!(remove(&txn, &mut staged, "s", 3).unwrap());
        txn.commit().unwrap();
        let txn = db.begin_read().unwrap();
        assert_eq!(list(&txn, "s").unwrap().len(), 2);
        assert!(get(&txn, "s", 3).unwrap().is_none());
        assert!(
            get(&txn, "s", 1).is_err(),
            "the damaged block is still reported"
        );
    }
}
