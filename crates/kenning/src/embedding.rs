//! Embeddings: caller-fed vectors attached to capsules (E1–E7) through `kenning-vector`.
//!
//! The code map in short:
//!
//! - the `vector.*` tables of `kenning-vector` hold each capsule's embedding keyed by
//!   `(scope, capsule)`, the append order per scope and the resident embedder;
//! - the copy the vector lane scans is derived state, versioned by commit (`snapshot.rs`):
//!   every write that changes an embedding stages its change-set in the call's `Write`
//!   context, and the copy of the new state is published with the commit. The writes that
//!   change embeddings are attach, migrate and forget (through `capsule::erase`).
//!
//! The choices the seed leaves open are written in the crate docs, section "Embeddings".

use serde::{Deserialize, Serialize};

use kenning_vector::{Embedding, ModelTag};

use crate::attach::{AttachRequest, VectorCall};

use crate::access::{Permission, Principal, Selector};
use crate::audit;
use crate::capsule::{CAPSULES, CapsuleId, MAX_BATCH, NewCapsule, Step, reached_head, unknown};
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::scope::{self, SCOPES, ScopeKind};
use crate::store::Write;
use crate::{Kenning, Snapshot};

/// What an attach did (E1): the embedding is recorded, and `replaced` says whether it
/// overwrote one the capsule already had. Serializes as the seed's answer,
/// `{"recorded": true, "replaced": false}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Attachment {
    /// The embedding is stored: always `true` once the call returns `Ok` (it names the state,
    /// not an event).
    pub recorded: bool,
    /// The capsule already had an embedding, and this one replaced it.
    pub replaced: bool,
}

/// One stored embedding as [`Kenning::embeddings`] lists it (E5): no vector bytes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct EmbeddingInfo {
    /// The capsule it hangs off.
    pub capsule_id: CapsuleId,
    /// Its number of components.
    pub dimension: u32,
    /// The model that produced it.
    pub model_tag: String,
}

/// The store's resident embedder (E2): the model tag and dimension every stored embedding
/// shares, elected by the first attach into a store without embeddings.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Embedder {
    /// The model tag, compared byte for byte.
    pub model_tag: String,
    /// The dimension.
    pub dimension: u32,
}

/// What [`Kenning::migrate_embedder`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Migration {
    /// Embeddings removed, across every scope.
    pub removed: u64,
    /// Embeddings attached under the new model tag.
    pub attached: usize,
}

/// The answer to an [`AttachRequest`] handled by [`Kenning::embedding_request`]: an attach or a
/// list, as the body asked. Serializes as the attach answer or as the list, untagged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
#[non_exhaustive]
pub enum EmbeddingAnswer {
    /// The body carried an attach.
    Attached(Attachment),
    /// The body was empty: every embedding of the scope, in append order.
    Listed(Vec<EmbeddingInfo>),
}

/// A validated attach of a batch: the capsule and its vector.
type Checked = Vec<(CapsuleId, Embedding)>;

/// Validates every vector of a batch (E3) before any transaction begins, naming the item.
fn check_batch(embeddings: &[(CapsuleId, &[f32])]) -> Result<Checked> {
    if embeddings.len() > MAX_BATCH {
        return Err(Error::invalid(
            "embeddings",
            format!(
                "{} embeddings in one call; the bound is {MAX_BATCH}: split the batch",
                embeddings.len()
            ),
        ));
    }
    crate::capsule::check_call_bytes(
        "embeddings",
        embeddings.iter().map(|(_, v)| 4 * v.len()).sum(),
    )?;
    embeddings
        .iter()
        .enumerate()
        .map(|(i, (id, values))| {
            Embedding::new(values.to_vec())
                .map(|e| (*id, e))
                .map_err(|e| Error::invalid(format!("embeddings[{i}]"), e.to_string()))
        })
        .collect()
}

/// Attaches already-validated embeddings in `txn`, each to a capsule `who` reaches (and, when
/// `scope` is given, one of that scope), with one audit record for the call (E6, E7; see
/// [`attach_audit`]).
fn attach_in(
    w: &mut Write<'_>,
    who: &Principal,
    scope: Option<&str>,
    embeddings: Checked,
    model_tag: &ModelTag,
) -> Result<Vec<Attachment>> {
    let (txn, now) = (w.txn, w.now);
    let capsules = txn.open_table(CAPSULES).db()?;
    let scopes = txn.open_table(SCOPES).db()?;
    let mut sidecar = kenning_vector::Attacher::new(txn)?;
    let mut out = Vec::with_capacity(embeddings.len());
    let mut done = Vec::with_capacity(embeddings.len());
    for (id, embedding) in embeddings {
        let c = reached_head(&capsules, &scopes, who, id)?;
        if scope.is_some_and(|s| s != c.scope) {
            // A capsule of another scope is answered like an unknown one: the request named a
            // scope, and the capsule is not there (A5).
            return Err(unknown(id));
        }
        let attached = sidecar.attach(&mut w.vectors, &c.scope, id.get(), embedding, model_tag)?;
        out.push(Attachment {
            recorded: true,
            replaced: attached.replaced,
        });
        done.push((id, c.scope, attached));
    }
    sidecar.finish()?;
    if let Some((target, detail)) = attach_audit(done) {
        audit::append(txn, now, who, "embedding.attach", &target, detail)?;
    }
    Ok(out)
}

/// The audit record of one call's attaches (E7): the target and detail of its one
/// `embedding.attach` record, or `None` when it attached nothing.
///
/// One embedding: the capsule as target, and its scope, whether it replaced one, the dimension
/// and the model tag. More: the target `batch`, and the count, the capsules as ranges of
/// consecutive numbers (`[first, last]`, ascending), their scopes, the capsules whose embedding
/// was replaced, the dimension and the model tag. One record per call, not per embedding, so
/// that a bulk import does not write a log as large as its vectors' index (200 bytes a vector,
/// 8% of the file at a million); the log still names every capsule it touched.
fn attach_audit(
    done: Vec<(CapsuleId, String, kenning_vector::Attached)>,
) -> Option<(String, serde_json::Value)> {
    let (dimension, model_tag) = done
        .first()
        .map(|(_, _, a)| (a.dimension, a.model_tag.clone()))?;
    if let [(id, scope, attached)] = done.as_slice() {
        return Some((
            id.to_string(),
            serde_json::json!({
                "scope": scope,
                "replaced": attached.replaced,
                "dimension": dimension,
                "model_tag": model_tag,
            }),
        ));
    }
    let mut ids: Vec<u64> = done.iter().map(|(id, _, _)| id.get()).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    for id in ids {
        match ranges.last_mut() {
            Some((_, last)) if *last + 1 == id => *last = id,
            _ => ranges.push((id, id)),
        }
    }
    let name = |n: u64| CapsuleId::new(n).to_string();
    let capsules: Vec<[String; 2]> = ranges
        .into_iter()
        .map(|(first, last)| [name(first), name(last)])
        .collect();
    let scopes: std::collections::BTreeSet<&str> =
        done.iter().map(|(_, scope, _)| scope.as_str()).collect();
    let replaced: Vec<String> = done
        .iter()
        .filter(|(_, _, a)| a.replaced)
        .map(|(id, _, _)| id.to_string())
        .collect();
    Some((
        "batch".to_owned(),
        serde_json::json!({
            "count": done.len(),
            "capsules": capsules,
            "scopes": scopes,
            "replaced": replaced,
            "dimension": dimension,
            "model_tag": model_tag,
        }),
    ))
}

/// [`Kenning::attach_embedding`] as a step.
pub(crate) fn attach_one<'a>(
    who: &'a Principal,
    id: CapsuleId,
    embedding: &[f32],
    model_tag: &str,
) -> Result<Step<'a, Attachment>> {
    who.require(Permission::MemoryWrite, "attach an embedding")?;
    let embedding = Embedding::new(embedding.to_vec())?;
    let tag = ModelTag::new(model_tag)?;
    Ok(Box::new(move |w| {
        let mut done = attach_in(w, who, None, vec![(id, embedding)], &tag)?;
        done.pop().ok_or_else(|| Error::Storage {
            message: "an attach recorded nothing".into(),
            source: None,
        })
    }))
}

/// [`Kenning::attach_embeddings`] as a step.
pub(crate) fn attach_many<'a>(
    who: &'a Principal,
    embeddings: &[(CapsuleId, &[f32])],
    model_tag: &str,
) -> Result<Step<'a, Vec<Attachment>>> {
    who.require(Permission::MemoryWrite, "attach embeddings")?;
    let checked = check_batch(embeddings)?;
    let tag = ModelTag::new(model_tag)?;
    Ok(Box::new(move |w| attach_in(w, who, None, checked, &tag)))
}

impl Kenning {
    /// Attaches a caller-computed `embedding` to capsule `id` under `model_tag` (E1), or
    /// replaces the one it has (`replaced: true`). The capsule's scope is the embedding's.
    ///
    /// The first attach into a store without embeddings elects its resident embedder: the tag
    /// and the dimension every later attach must carry (E2). The vector is stored as its exact
    /// little-endian `f32` bytes (E4). Audited as `embedding.attach` with the replaced flag
    /// (E7). Embeddings are sidecars: attaching one changes no canonical byte of the capsule.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over the capsule's scope (A6).
    ///
    /// ```
    /// use kenning::{Kenning, NewCapsule, Principal, ScopeKind};
    /// let store = Kenning::in_memory()?;
    /// let ops = Principal::operator("ops");
    /// store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
    /// let id = store.put(&ops, &NewCapsule::new("bot.support", "Ana prefers email."))?;
    ///
    /// let first = store.attach_embedding(&ops, id, &[0.6, 0.8, 0.0], "my-embedder-v1")?;
    /// assert!(first.recorded && !first.replaced);
    /// let again = store.attach_embedding(&ops, id, &[0.0, 0.6, 0.8], "my-embedder-v1")?;
    /// assert!(again.replaced);
    ///
    /// // One embedder per store: another model's vectors are refused, naming the resident one.
    /// let err = store.attach_embedding(&ops, id, &[1.0, 0.0, 0.0], "other-model").unwrap_err();
    /// assert_eq!(err.code(), kenning::ErrorCode::FailedPrecondition);
    /// assert!(err.to_string().contains("\"my-embedder-v1\""));
    /// # Ok::<(), kenning::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Vector`] with [`ErrorCode::InvalidArgument`](crate::ErrorCode) for an empty
    /// vector, a NaN or infinite component, a zero or out-of-range magnitude, an empty model
    /// tag, or a dimension other than the store's (E3), and with
    /// [`ErrorCode::FailedPrecondition`](crate::ErrorCode) for a model tag other than the
    /// resident one (E2); [`Error::UnknownCapsule`] for a capsule never written, forgotten, or
    /// out of reach (E6, A5); [`Error::PermissionDenied`]; [`Error::Storage`].
    pub fn attach_embedding(
        &self,
        who: &Principal,
        id: CapsuleId,
        embedding: &[f32],
        model_tag: &str,
    ) -> Result<Attachment> {
        self.write(attach_one(who, id, embedding, model_tag)?)
    }

    /// Attaches several embeddings under one `model_tag` in one transaction: all of them, or
    /// none (the first refusal aborts the batch). The call is audited as one `embedding.attach`
    /// record (target `batch` when it attaches more than one) naming every capsule, as ranges
    /// of consecutive ids, and those whose embedding it replaced; the answers come in the order
    /// given. The
    /// capsules may belong to different scopes. A capsule named twice keeps the later vector
    /// (its second attach reports `replaced: true`).
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over every capsule's scope.
    ///
    /// # Errors
    /// As [`attach_embedding`](Self::attach_embedding), with an invalid vector reported as
    /// [`Error::InvalidArgument`] naming its place (`embeddings[3]`), and more than
    /// [`MAX_BATCH`] embeddings refused.
    pub fn attach_embeddings(
        &self,
        who: &Principal,
        embeddings: &[(CapsuleId, &[f32])],
        model_tag: &str,
    ) -> Result<Vec<Attachment>> {
        let step = attach_many(who, embeddings, model_tag)?;
        if embeddings.is_empty() {
            return Ok(Vec::new());
        }
        self.write(step)
    }

    /// Writes capsules and their embeddings in one transaction: all of them, or none. Returns the
    /// new ids in the order given. `embeddings[i]` belongs to `capsules[i]` (`None`: that capsule
    /// gets none), so the two slices have one length. The capsules are written as by
    /// [`put_batch`](Self::put_batch), the embeddings attached as by
    /// [`attach_embeddings`](Self::attach_embeddings) under `model_tag` (E1–E7, audited as that
    /// call is).
    /// For bulk imports that must not leave a capsule without the embedding it came with.
    ///
    /// Needs [`Permission::MemoryWrite`] and reach over every scope named.
    ///
    /// # Errors
    /// As [`put_batch`](Self::put_batch) and [`attach_embeddings`](Self::attach_embeddings);
    /// [`Error::InvalidArgument`] when the slices' lengths differ.
    pub fn put_batch_with_embeddings(
        &self,
        who: &Principal,
        capsules: &[NewCapsule],
        embeddings: &[Option<&[f32]>],
        model_tag: &str,
    ) -> Result<Vec<CapsuleId>> {
        who.require(Permission::MemoryWrite, "write capsules")?;
        if embeddings.len() != capsules.len() {
            return Err(Error::invalid(
                "embeddings",
                format!(
                    "has {} entries for {} capsules: give one per capsule, None where a capsule \
                     has no embedding",
                    embeddings.len(),
                    capsules.len()
                ),
            ));
        }
        crate::capsule::check_batch(capsules)?;
        crate::capsule::check_call_bytes(
            "capsules",
            capsules
                .iter()
                .map(crate::capsule::payload_bytes)
                .sum::<usize>()
                + embeddings
                    .iter()
                    .flatten()
                    .map(|v| 4 * v.len())
                    .sum::<usize>(),
        )?;
        let vectors = embeddings
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.map(|v| (i, v)))
            .map(|(i, values)| {
                Embedding::new(values.to_vec())
                    .map(|e| (i, e))
                    .map_err(|e| Error::invalid(format!("embeddings[{i}]"), e.to_string()))
            })
            .collect::<Result<Vec<_>>>()?;
        let tag = if vectors.is_empty() {
            None
        } else {
            Some(ModelTag::new(model_tag)?)
        };
        if capsules.is_empty() {
            return Ok(Vec::new());
        }
        self.write(|w| {
            let ids = crate::capsule::put_checked(w, who, capsules)?;
            if let Some(tag) = &tag {
                let pairs = vectors
                    .into_iter()
                    .filter_map(|(i, e)| ids.get(i).map(|id| (*id, e)))
                    .collect();
                attach_in(w, who, None, pairs, tag)?;
            }
            Ok(ids)
        })
    }

    /// Every embedding stored in `scope`, in append order (E5): the order in which its
    /// capsules first received one. A replace keeps the capsule's place; a capsule forgotten
    /// leaves the listing, and a capsule that receives an embedding again after losing it
    /// returns at the end. No vector bytes.
    ///
    /// Needs [`Permission::MemoryRead`] and reach over `scope`.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown or unreached scope, [`Error::InvalidArgument`] for a
    /// malformed scope id, [`Error::PermissionDenied`], [`Error::Storage`].
    pub fn embeddings(&self, who: &Principal, scope_id: &str) -> Result<Vec<EmbeddingInfo>> {
        self.snapshot(who)?.embeddings(scope_id)
    }

    /// The embedding of capsule `id`, bit for bit as attached (E4), or `None` when it has none.
    ///
    /// Needs [`Permission::MemoryRead`] and reach over the capsule's scope.
    ///
    /// # Errors
    /// [`Error::UnknownCapsule`] (also for a capsule out of reach), [`Error::PermissionDenied`],
    /// [`Error::Storage`].
    pub fn embedding(&self, who: &Principal, id: CapsuleId) -> Result<Option<Vec<f32>>> {
        self.snapshot(who)?.embedding(id)
    }

    /// The store's resident embedder, or `None` while no embedding is stored (E2).
    ///
    /// Needs [`Permission::MemoryRead`]; the tag and the dimension are store-wide, so no reach.
    ///
    /// # Errors
    /// [`Error::PermissionDenied`], [`Error::Storage`].
    pub fn embedder(&self, who: &Principal) -> Result<Option<Embedder>> {
        self.snapshot(who)?.embedder()
    }

    /// Switches the store to another embedder (E2's explicit migration): removes every
    /// embedding of every scope, then attaches `embeddings` under `model_tag`, which the first
    /// of them elects, all in one audited transaction, so that no reader ever sees two models
    /// in one cosine lane. A migration larger than [`MAX_BATCH`] continues with
    /// [`attach_embeddings`](Self::attach_embeddings) under the new tag; capsules not yet
    /// re-attached are simply absent from the vector lane meanwhile. An empty `embeddings`
    /// clears every embedding and leaves the store without a resident embedder.
    ///
    /// Needs [`Permission::MemoryWrite`], [`Permission::ScopesManage`] (management-class: the
    /// call removes embeddings wherever they are) and reach over every scope id in both
    /// namespaces (the selector `*` for agents and for subjects), all checked on the principal
    /// before anything is looked up, so the answer never depends on which scopes exist (A5).
    ///
    /// # Errors
    /// As [`attach_embeddings`](Self::attach_embeddings); [`Error::PermissionDenied`] without
    /// those permissions or that reach.
    pub fn migrate_embedder(
        &self,
        who: &Principal,
        model_tag: &str,
        embeddings: &[(CapsuleId, &[f32])],
    ) -> Result<Migration> {
        who.require(Permission::MemoryWrite, "migrate the embedder")?;
        who.require(Permission::ScopesManage, "migrate the embedder")?;
        let everywhere = |kind| who.selectors(kind).contains(&Selector::Any);
        if !(everywhere(ScopeKind::Agent) && everywhere(ScopeKind::Subject)) {
            return Err(Error::PermissionDenied {
                message: "migrating the embedder replaces the embeddings of every scope, so it \
                          needs reach over every scope id: grant the selector `*` for agents \
                          and for subjects (the operator has both)"
                    .into(),
            });
        }
        let checked = check_batch(embeddings)?;
        let tag = ModelTag::new(model_tag)?;
        self.write(|w| {
            let (txn, now) = (w.txn, w.now);
            let previous = kenning_vector::resident_in(txn)?;
            let removed = kenning_vector::clear(txn, &mut w.vectors)?;
            audit::append(
                txn,
                now,
                who,
                "embedding.migrate",
                "store",
                serde_json::json!({
                    "removed": removed,
                    "from": previous.map(|r| r.model_tag),
                    "to": tag.as_str(),
                }),
            )?;
            let attached = attach_in(w, who, None, checked, &tag)?.len();
            Ok(Migration { removed, attached })
        })
    }

    /// Handles an embedding call in the seed's wire shape against scope `scope_id`: a body
    /// with `capsule_id` (or its alias `id`), `embedding` and `model_tag` attaches, as
    /// [`attach_embedding`](Self::attach_embedding), to a capsule that must belong to
    /// `scope_id`; an empty body lists the scope's embeddings, as
    /// [`embeddings`](Self::embeddings).
    ///
    /// ```
    /// use kenning::{AttachRequest, EmbeddingAnswer, Kenning, NewCapsule, Principal, ScopeKind};
    /// let store = Kenning::in_memory()?;
    /// let ops = Principal::operator("ops");
    /// store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
    /// let id = store.put(&ops, &NewCapsule::new("bot.support", "Ana prefers email."))?;
    ///
    /// let body = format!(r#"{{"id": "{id}", "embedding": [0.6, 0.8], "model_tag": "m"}}"#);
    /// let request: AttachRequest = serde_json::from_str(&body)?;
    /// let answer = store.embedding_request(&ops, "bot.support", request)?;
    /// assert_eq!(serde_json::to_string(&answer)?, r#"{"recorded":true,"replaced":false}"#);
    ///
    /// let list = store.embedding_request(&ops, "bot.support", serde_json::from_str("{}")?)?;
    /// let EmbeddingAnswer::Listed(listed) = list else { unreachable!() };
    /// assert_eq!(listed[0].capsule_id, id);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As the call the body asks for; [`Error::Vector`] (invalid argument) for a body with some
    /// fields but not all, or an `id` that differs from `capsule_id`; [`Error::UnknownCapsule`]
    /// for a capsule of another scope.
    pub fn embedding_request(
        &self,
        who: &Principal,
        scope_id: &str,
        request: AttachRequest,
    ) -> Result<EmbeddingAnswer> {
        match request.into_call()? {
            VectorCall::List => self.embeddings(who, scope_id).map(EmbeddingAnswer::Listed),
            VectorCall::Attach(a) => {
                who.require(Permission::MemoryWrite, "attach an embedding")?;
                scope::check_id("scope_id", scope_id)?;
                let id = a.capsule;
                let mut done = self.write(|w| {
                    scope::reach(&w.txn.open_table(SCOPES).db()?, who, scope_id)?;
                    attach_in(
                        w,
                        who,
                        Some(scope_id),
                        vec![(id, a.embedding)],
                        &a.model_tag,
                    )
                })?;
                done.pop()
                    .map(EmbeddingAnswer::Attached)
                    .ok_or_else(|| Error::Storage {
                        message: "an attach recorded nothing".into(),
                        source: None,
                    })
            }
        }
    }
}

impl Snapshot {
    /// [`Kenning::embeddings`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::embeddings`].
    pub fn embeddings(&self, scope_id: &str) -> Result<Vec<EmbeddingInfo>> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "list embeddings")?;
            scope::reach(&txn.open_table(SCOPES).db()?, who, scope_id)?;
            Ok(kenning_vector::list(txn, scope_id)?
                .into_iter()
                .map(|l| EmbeddingInfo {
                    capsule_id: CapsuleId::new(l.capsule),
                    dimension: l.dimension,
                    model_tag: l.model_tag,
                })
                .collect())
        })
    }

    /// [`Kenning::embedding`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::embedding`].
    pub fn embedding(&self, id: CapsuleId) -> Result<Option<Vec<f32>>> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::MemoryRead, "read an embedding")?;
            let c = reached_head(
                &txn.open_table(CAPSULES).db()?,
                &txn.open_table(SCOPES).db()?,
                who,
                id,
            )?;
            Ok(kenning_vector::get(txn, &c.scope, id.get())?.map(Embedding::into_values))
        })
    }

    /// [`Kenning::embedder`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::embedder`].
    pub fn embedder(&self) -> Result<Option<Embedder>> {
        crate::error::contain(self.store.path(), || {
            self.who
                .require(Permission::MemoryRead, "read the resident embedder")?;
            Ok(kenning_vector::resident(&self.txn)?.map(|r| Embedder {
                model_tag: r.model_tag,
                dimension: r.dimension,
            }))
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use redb::TableHandle as _;

    use super::*;
    use crate::{NewCapsule, ScopeKind};

    const SCOPES: [&str; 2] = ["bot.a", "bot.b"];

    /// Each scope's rows as `(capsule, scale and residual bits, codes, sign words)`, in
    /// capsule order.
    type Rows = Vec<Vec<(u64, (u32, u32), Vec<i8>, Vec<u64>)>>;

    /// Everything a copy holds, for comparison: resident, each scope's rows in capsule order.
    fn rows(set: &kenning_vector::VectorSet) -> (Option<Embedder>, Rows) {
        let scopes = SCOPES
            .iter()
            .map(|s| {
                let mut rows: Vec<_> = set
                    .scope(s)
                    .map(|v| {
                        v.rows()
                            .map(|r| {
                                let bits = (r.scale.to_bits(), r.residual.to_bits());
                                (r.capsule, bits, r.codes.to_vec(), r.signs())
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                rows.sort();
                rows
            })
            .collect();
        let resident = set.resident().map(|r| Embedder {
            model_tag: r.model_tag.clone(),
            dimension: r.dimension,
        });
        (resident, scopes)
    }

    /// The copy a new snapshot reads equals one loaded from that snapshot's tables, and is the
    /// current version.
    fn assert_copy_is_committed(kn: &Kenning) {
        let (txn, derived) = kn.begin().unwrap();
        let loaded = kenning_vector::VectorSet::load(&txn).unwrap();
        assert_eq!(rows(&derived.vectors), rows(&loaded));
        assert_eq!(derived.vectors.len(), loaded.len());
        assert!(std::sync::Arc::ptr_eq(
            &derived,
            &kn.inner.versions.current()
        ));
    }

    #[derive(Debug, Clone)]
    enum Op {
        Attach(usize, bool, usize),
        Batch(Vec<(usize, usize)>),
        Migrate(Vec<(usize, usize)>),
        Forget(usize),
        Put(usize),
    }

    fn op() -> impl Strategy<Value = Op> {
        let pair = || (0usize..10, 0usize..8);
        prop_oneof![
            6 => (0usize..10, prop::bool::weighted(0.85), 0usize..8)
                .prop_map(|(c, tag, v)| Op::Attach(c, tag, v)),
            2 => prop::collection::vec(pair(), 0..4).prop_map(Op::Batch),
            1 => prop::collection::vec(pair(), 0..3).prop_map(Op::Migrate),
            3 => (0usize..10).prop_map(Op::Forget),
            1 => (0usize..2).prop_map(Op::Put),
        ]
    }

    /// Vector number `n`: two of them have another dimension.
    fn vector(n: usize) -> Vec<f32> {
        match n {
            6 => vec![1.0, 2.0],
            7 => vec![0.5, 0.5, 0.5, 0.5],
            _ => vec![n as f32 + 1.0, 1.0, -(n as f32)],
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The copy the vector lane scans equals a rebuild from the tables after every call,
        /// whether it committed or failed inside its transaction (E1–E7, C7).
        #[test]
        fn the_copy_equals_a_rebuild_from_the_tables_after_every_call(
            ops in prop::collection::vec(op(), 1..25)
        ) {
            let kn = Kenning::in_memory().unwrap();
            let who = Principal::operator("ops");
            for s in SCOPES {
                kn.register_scope(&who, s, ScopeKind::Agent).unwrap();
            }
            let mut ids: Vec<CapsuleId> = (0..6)
                .map(|i| kn.put(&who, &NewCapsule::new(SCOPES[i % 2], "memory")).unwrap())
                .collect();
            let id = |ids: &[CapsuleId], i: usize| {
                ids.get(i).copied().unwrap_or(CapsuleId::new(900 + i as u64))
            };
            for op in &ops {
                // Failures are expected (unknown capsules, another tag or dimension): only
                // the copy's agreement with the tables is checked here.
                let _outcome = match op {
                    Op::Attach(c, main_tag, v) => {
                        let tag = if *main_tag { "m" } else { "other" };
                        kn.attach_embedding(&who, id(&ids, *c), &vector(*v), tag).map(drop)
                    }
                    Op::Batch(items) | Op::Migrate(items) => {
                        let vectors: Vec<Vec<f32>> = items.iter().map(|(_, v)| vector(*v)).collect();
                        let batch: Vec<(CapsuleId, &[f32])> = items
                            .iter()
                            .zip(&vectors)
                            .map(|((c, _), v)| (id(&ids, *c), v.as_slice()))
                            .collect();
                        if matches!(op, Op::Batch(_)) {
                            kn.attach_embeddings(&who, &batch, "m").map(drop)
                        } else {
                            kn.migrate_embedder(&who, "m", &batch).map(drop)
                        }
                    }
                    Op::Forget(c) => kn.forget(&who, id(&ids, *c)),
                    Op::Put(s) => kn
                        .put(&who, &NewCapsule::new(SCOPES[*s], "another"))
                        .map(|new| ids.push(new)),
                };
                assert_copy_is_committed(&kn);
            }
        }
    }

    #[test]
    fn e7_c6_dropping_the_vector_tables_loses_no_canonical_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.redb");
        let kn = Kenning::open(&path).unwrap();
        let who = Principal::operator("ops");
        kn.register_scope(&who, "s", ScopeKind::Agent).unwrap();
        let ids = kn
            .put_batch(
                &who,
                &[
                    NewCapsule::new("s", "first memory").meta("k", "v"),
                    NewCapsule::new("s", "second memory"),
                ],
            )
            .unwrap();
        kn.attach_embeddings(&who, &[(ids[0], &[1.0, 0.0]), (ids[1], &[0.0, 1.0])], "m")
            .unwrap();
        let before = kn.capsules(&who, "s", None, 10).unwrap();

        kn.write(|w| {
            let txn = w.txn;
            let sidecar: Vec<_> = txn
                .list_tables()
                .unwrap()
                .filter(|t| t.name().starts_with("vector."))
                .collect();
            assert_eq!(sidecar.len(), 4, "embeddings, order, meta, saved");
            for table in sidecar {
                assert!(txn.delete_table(table).unwrap());
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(kn.capsules(&who, "s", None, 10).unwrap(), before);
        drop(kn);

        // Reopening recreates the empty sidecar; every capsule is intact, and attachable anew.
        let kn = Kenning::open(&path).unwrap();
        assert_eq!(kn.capsules(&who, "s", None, 10).unwrap(), before);
        assert!(kn.embeddings(&who, "s").unwrap().is_empty());
        assert!(kn.inner.versions.current().vectors.is_empty());
        assert!(
            !kn.attach_embedding(&who, ids[1], &[1.0, 2.0, 3.0], "next")
                .unwrap()
                .replaced
        );
        assert_copy_is_committed(&kn);
    }
}
