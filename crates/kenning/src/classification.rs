//! Classification in the facade (K6–K9): advisory calls, the label sidecar with
//! `content_matches_capsule`, and the epistemic sidecar persisted per field.
//!
//! - `kenning.capsule_labels`: capsule id → [`StoredLabel`], upserted by every persisting call.
//! - `kenning.capsule_epistemics`: capsule id → [`Epistemics`], merged field by field.
//!
//! Both are sidecars (C6): stored apart from the canonical record, removed by forget with
//! everything else of the capsule, and dropping either loses no canonical byte.

use redb::{ReadableTable, TableDefinition, TableHandle};
use serde::{Deserialize, Serialize};

use kenning_classify::{ClassifyRequest, Epistemics, Label, Options};

use crate::Kenning;
use crate::access::{Permission, Principal};
use crate::audit;
use crate::capsule::{CAPSULES, Capsule, CapsuleId, reached};
use kenning_table::DbResult;

use crate::error::{self, Result};
use crate::record;
use crate::scope::SCOPES;
use crate::time::Timestamp;

/// capsule id → [`StoredLabel`].
pub(crate) const LABELS: TableDefinition<'static, u64, &[u8]> =
    TableDefinition::new("kenning.capsule_labels");

/// capsule id → [`Epistemics`].
pub(crate) const EPISTEMICS: TableDefinition<'static, u64, &[u8]> =
    TableDefinition::new("kenning.capsule_epistemics");

/// A label persisted on a capsule (K6), as `memory_get` and retrieval hits return it under
/// `classification`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PersistedLabel {
    /// The label.
    pub label: Label,
    /// When it was persisted.
    pub classified: Timestamp,
    /// Whether the label was derived from the bytes the capsule holds (K7). `false` names a
    /// drift: the caller classified other content than the capsule's.
    pub content_matches_capsule: bool,
}

/// The answer to a classify call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Classification {
    /// The label: kind, scope, authority class, instruction taint, and how they were found.
    #[serde(flatten)]
    pub label: Label,
    /// Whether the label was persisted as a capsule's sidecar (false: advisory).
    pub persisted: bool,
    /// The capsule it was persisted on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capsule_id: Option<CapsuleId>,
    /// For a persist: whether the classified content is the capsule's (K7).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content_matches_capsule: Option<bool>,
    /// For a persist carrying epistemic fields: the capsule's epistemics after the merge (K8).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub epistemics: Option<Epistemics>,
}

/// Reads the sidecars of capsules inside one read transaction.
pub(crate) struct Sidecars {
    labels: redb::ReadOnlyTable<u64, &'static [u8]>,
    epistemics: redb::ReadOnlyTable<u64, &'static [u8]>,
}

impl Sidecars {
    pub(crate) fn open(txn: &redb::ReadTransaction) -> Result<Self> {
        Ok(Self {
            labels: txn.open_table(LABELS).db()?,
            epistemics: txn.open_table(EPISTEMICS).db()?,
        })
    }

    /// Sets the label and epistemics of `capsule` from the store.
    pub(crate) fn fill(&self, capsule: &mut Capsule) -> Result<()> {
        let id = capsule.id.get();
        capsule.classification = match self.labels.get(id).db()? {
            Some(v) => Some(record::decode(LABELS.name(), v.value())?),
            None => None,
        };
        capsule.epistemics = match self.epistemics.get(id).db()? {
            Some(v) => Some(record::decode(EPISTEMICS.name(), v.value())?),
            None => None,
        };
        Ok(())
    }
}

/// Removes both sidecars of `id`; called by forget (C7).
pub(crate) fn erase(txn: &redb::WriteTransaction, id: CapsuleId) -> Result<()> {
    txn.open_table(LABELS).db()?.remove(id.get()).db()?;
    txn.open_table(EPISTEMICS).db()?.remove(id.get()).db()?;
    Ok(())
}

impl Kenning {
    /// Classifies content (K1–K5) and, when the request names a capsule, persists the label and
    /// any epistemic fields as its sidecars (K6–K8).
    ///
    /// - **Advisory** (no `capsule_id`): a pure function of the request. Needs no permission and
    ///   writes nothing; epistemic fields are rejected, never dropped (K8).
    /// - **Persist** (`capsule_id`, or its alias `id`; both at once is a duplicate-field error,
    ///   K9): needs [`Permission::MemoryWrite`] and reach over the capsule's scope; an unknown or
    ///   unreached capsule is [`Error::UnknownCapsule`](crate::Error::UnknownCapsule) and nothing
    ///   is written. The label replaces the capsule's previous one (upsert). The answer and the
    ///   audit record carry `content_matches_capsule` (K7): `false` when the classified content
    ///   differs from the capsule's bytes; the label is persisted all the same. Epistemic fields
    ///   merge into the stored ones field by field: an omitted field never clears a stored one.
    ///   One audit record (`capsule.classify`) per persisting call.
    ///
    /// Choices the seed leaves open:
    /// - A persisting call classifies with the capsule's recorded origin, which decides the
    ///   authority class and birth taint (K2). A request `origin` that differs from it is
    ///   refused with [`Error::FailedPrecondition`](crate::Error::FailedPrecondition) naming
    ///   both, and nothing is written: the origin is part of the frozen canonical record (C4),
    ///   so an `external-import` capsule's taint can never be cleared by a persist claiming
    ///   `owner-stated` (K5). Omitting `origin` (or repeating the recorded one) persists. An
    ///   advisory call, naming no capsule, classifies with the origin given (default
    ///   `extracted-candidate`).
    /// - Taint is monotone across persists too: a capsule whose stored label is tainted keeps a
    ///   tainted label, as if the new call carried `taint_hint = true` (K5).
    ///
    /// # Errors
    /// [`Error::Classify`](crate::Error::Classify): `UNDERIVABLE` when no kind is given and none
    /// can be derived, `INVALID_ARGUMENT` for every malformed request;
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a malformed capsule id;
    /// [`Error::UnknownCapsule`](crate::Error::UnknownCapsule);
    /// [`Error::FailedPrecondition`](crate::Error::FailedPrecondition) for an `origin` other
    /// than the capsule's;
    /// [`Error::PermissionDenied`](crate::Error::PermissionDenied);
    /// [`Error::Storage`](crate::Error::Storage).
    pub fn classify(&self, who: &Principal, request: &ClassifyRequest) -> Result<Classification> {
        request.validate()?;
        let Some(raw_id) = &request.capsule_id else {
            let label = request.classify()?;
            return Ok(Classification {
                label,
                persisted: false,
                capsule_id: None,
                content_matches_capsule: None,
                epistemics: None,
            });
        };
        who.require(Permission::MemoryWrite, "persist a classification")?;
        let id: CapsuleId = raw_id.parse()?;
        self.write(|w| {
            let (txn, now) = (w.txn, w.now);
            let capsule = reached(
                &txn.open_table(CAPSULES).db()?,
                &txn.open_table(SCOPES).db()?,
                who,
                id,
            )?;
            let mut labels = txn.open_table(LABELS).db()?;
            let previous: Option<PersistedLabel> = match labels.get(id.get()).db()? {
                Some(v) => Some(record::decode(LABELS.name(), v.value())?),
                None => None,
            };
            // The capsule's recorded origin decides authority and birth taint (K2): a request
            // claiming another is refused, so an import's taint cannot be laundered (K5).
            if let Some(claimed) = request.origin.filter(|o| *o != capsule.origin) {
                return Err(error::Error::FailedPrecondition {
                    message: format!(
                        "capsule {id} was stored with origin {}, and a label persisted on it \
                         uses that origin; this request says origin {}: omit origin (or send \
                         {}), or store the content as a new capsule with the origin it has",
                        capsule.origin.as_str(),
                        claimed.as_str(),
                        capsule.origin.as_str(),
                    ),
                });
            }
            let options = Options {
                origin: capsule.origin,
                taint_hint: request.taint_hint
                    || previous
                        .as_ref()
                        .is_some_and(|p| p.label.instruction_taint()),
                ..request.options()
            };
            let label = kenning_classify::classify(&request.content, &options)?;
            let matches = request.content == capsule.content;
            let persisted = PersistedLabel {
                label: label.clone(),
                classified: now,
                content_matches_capsule: matches,
            };
            labels
                .insert(
                    id.get(),
                    record::encode(LABELS.name(), &persisted)?.as_slice(),
                )
                .db()?;
            drop(labels);

            let epistemics = if request.epistemics.is_empty() {
                None
            } else {
                let mut table = txn.open_table(EPISTEMICS).db()?;
                let mut stored: Epistemics = match table.get(id.get()).db()? {
                    Some(v) => record::decode(EPISTEMICS.name(), v.value())?,
                    None => Epistemics::default(),
                };
                stored.merge(request.epistemics.clone());
                table
                    .insert(
                        id.get(),
                        record::encode(EPISTEMICS.name(), &stored)?.as_slice(),
                    )
                    .db()?;
                Some(stored)
            };

            let families: Vec<&str> = label.taint_families().map(|f| f.as_str()).collect();
            audit::append(
                txn,
                now,
                who,
                "capsule.classify",
                &id.to_string(),
                serde_json::json!({
                    "kind": label.kind(),
                    "scope": label.scope(),
                    "instruction_taint": label.instruction_taint(),
                    "taint_families": families,
                    "content_matches_capsule": matches,
                    "epistemics": &request.epistemics,
                }),
            )?;
            Ok(Classification {
                label,
                persisted: true,
                capsule_id: Some(id),
                content_matches_capsule: Some(matches),
                epistemics,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewCapsule, ScopeKind};
    use redb::ReadableTableMetadata as _;

    /// C6, C7: the sidecars live in their own tables, and forget empties them.
    #[test]
    fn c7_forget_leaves_no_sidecar_row_behind() {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("ops");
        kn.register_scope(&ops, "s", ScopeKind::Agent).unwrap();
        let id = kn
            .put(&ops, &NewCapsule::new("s", "We decided to use redb."))
            .unwrap();
        let mut r = ClassifyRequest::new("We decided to use redb.");
        r.capsule_id = Some(id.to_string());
        r.epistemics.stale_if = Some("never".into());
        kn.classify(&ops, &r).unwrap();
        let rows = |kn: &Kenning| {
            let txn = kn.read().unwrap();
            let labels = txn.open_table(LABELS).unwrap().len().unwrap();
            let epistemics = txn.open_table(EPISTEMICS).unwrap().len().unwrap();
            (labels, epistemics)
        };
        assert_eq!(rows(&kn), (1, 1));
        kn.forget(&ops, id).unwrap();
        assert_eq!(rows(&kn), (0, 0));
    }
}
