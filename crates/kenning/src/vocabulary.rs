//! Vocabulary levels in the store (V5–V9, V11, A2–A5).

use redb::{ReadableTable, TableDefinition, TableHandle};
use serde::{Deserialize, Serialize};

use kenning_vocab::{Declaration, Vocabulary, VocabularyRead};

use crate::access::{Permission, Principal};
use crate::audit;
use kenning_table::DbResult;

use crate::error::Result;
use crate::record;
use crate::scope::{self, SCOPES};
use crate::time::Timestamp;
use crate::{Kenning, Snapshot};

/// level key → [`Stored`]. The enterprise level is the empty key, which no scope id can be.
pub(crate) const VOCABULARY: TableDefinition<'static, &str, &[u8]> =
    TableDefinition::new("kenning.vocabulary");

const ENTERPRISE_KEY: &str = "";

/// Where a vocabulary is declared: the enterprise default, or one scope's override (V6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level<'a> {
    /// The enterprise level, the default for every scope. Names no scope, needs no reach.
    Enterprise,
    /// One scope's level, replacing the enterprise default there outright.
    Scope(&'a str),
}

impl<'a> Level<'a> {
    /// The level a `scopeId` selects: absent means the enterprise.
    #[must_use]
    pub fn from_scope_id(scope_id: Option<&'a str>) -> Self {
        scope_id.map_or(Self::Enterprise, Self::Scope)
    }

    fn key(self) -> &'a str {
        match self {
            Self::Enterprise => ENTERPRISE_KEY,
            Self::Scope(id) => id,
        }
    }

    fn audit_target(self) -> String {
        match self {
            Self::Enterprise => "enterprise".to_owned(),
            Self::Scope(id) => format!("scope:{id}"),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Stored {
    declared: Timestamp,
    vocabulary: Vocabulary,
}

fn stored(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    key: &str,
) -> Result<Option<Vocabulary>> {
    match table.get(key).db()? {
        Some(bytes) => {
            let s: Stored = record::decode(VOCABULARY.name(), bytes.value())?;
            Ok(Some(s.vocabulary))
        }
        None => Ok(None),
    }
}

/// What resolves for the scope `scope_id` (V6, V7): its own declaration, else the enterprise
/// one; `None` when nothing resolves or the resolved vocabulary has no class. Formation snapshots
/// this (F1). The caller has checked reach.
pub(crate) fn resolved_for_scope(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    scope_id: &str,
) -> Result<Option<Vocabulary>> {
    let own = stored(table, scope_id)?;
    let enterprise = stored(table, ENTERPRISE_KEY)?;
    Ok(VocabularyRead::scope(own, enterprise).resolved)
}

impl Kenning {
    /// Declares `vocabulary` at `level`, replacing what that level declared (V6).
    ///
    /// Needs [`Permission::VocabularyManage`], which an API key never exercises (A2), and reach
    /// over the scope for a scope level (A4). The vocabulary is validated first; a rejected
    /// declaration writes nothing and the previous one stays (V5). Declaring changes no stored
    /// memory (V11) and applies to formations that start afterwards (F1). Audited.
    ///
    /// # Errors
    /// [`Error::Vocabulary`](crate::Error::Vocabulary) for an invalid vocabulary,
    /// [`Error::PermissionDenied`](crate::Error::PermissionDenied),
    /// [`Error::NotFound`](crate::Error::NotFound) for an unknown or unreached scope,
    /// [`Error::Storage`](crate::Error::Storage).
    pub fn declare_vocabulary(
        &self,
        who: &Principal,
        level: Level<'_>,
        vocabulary: &Vocabulary,
    ) -> Result<()> {
        who.require(Permission::VocabularyManage, "declare a vocabulary")?;
        if let Level::Scope(id) = level {
            scope::check_id("scope_id", id)?;
        }
        vocabulary.validate()?;
        self.write(|w| {
            let (txn, now) = (w.txn, w.now);
            if let Level::Scope(id) = level {
                scope::reach(&txn.open_table(SCOPES).db()?, who, id)?;
            }
            let bytes = record::encode(&Stored {
                declared: now,
                vocabulary: vocabulary.clone(),
            })?;
            txn.open_table(VOCABULARY)
                .db()?
                .insert(level.key(), bytes.as_slice())
                .db()?;
            audit::append(
                txn,
                now,
                who,
                "vocabulary.declare",
                &level.audit_target(),
                serde_json::json!({
                    "entityClasses": vocabulary.entity_classes.len(),
                    "relationTypes": vocabulary.relation_types.len(),
                }),
            )?;
            Ok(())
        })
    }

    /// Declares a parsed request body: its `scopeId` picks the level, absent meaning the
    /// enterprise (the seed's `PUT /v1/memory/vocabulary`). See
    /// [`declare_vocabulary`](Self::declare_vocabulary).
    ///
    /// # Errors
    /// As [`declare_vocabulary`](Self::declare_vocabulary).
    pub fn declare(&self, who: &Principal, body: &Declaration) -> Result<()> {
        self.declare_vocabulary(
            who,
            Level::from_scope_id(body.scope_id.as_deref()),
            &body.vocabulary,
        )
    }

    /// Reads `level`: what it declares and what resolves there (V9). At the enterprise level
    /// `resolved` is the declaration unless it has no class.
    ///
    /// Needs [`Permission::VocabularyRead`] (A3), and reach over the scope for a scope level.
    ///
    /// # Errors
    /// [`Error::PermissionDenied`](crate::Error::PermissionDenied),
    /// [`Error::NotFound`](crate::Error::NotFound), [`Error::Storage`](crate::Error::Storage).
    pub fn vocabulary(&self, who: &Principal, level: Level<'_>) -> Result<VocabularyRead> {
        self.snapshot(who)?.vocabulary(level)
    }

    /// Removes what `level` declares, restoring inheritance from the enterprise at a scope
    /// level (V7). Returns whether there was a declaration; removing nothing is not an error and
    /// writes nothing. Same permission and reach as declaring. Audited when something is removed.
    ///
    /// # Errors
    /// As [`declare_vocabulary`](Self::declare_vocabulary), minus the validation errors.
    pub fn remove_vocabulary(&self, who: &Principal, level: Level<'_>) -> Result<bool> {
        who.require(Permission::VocabularyManage, "remove a vocabulary")?;
        self.write(|w| {
            let (txn, now) = (w.txn, w.now);
            if let Level::Scope(id) = level {
                scope::reach(&txn.open_table(SCOPES).db()?, who, id)?;
            }
            let removed = txn
                .open_table(VOCABULARY)
                .db()?
                .remove(level.key())
                .db()?
                .is_some();
            if removed {
                audit::append(
                    txn,
                    now,
                    who,
                    "vocabulary.remove",
                    &level.audit_target(),
                    serde_json::Value::Null,
                )?;
            }
            Ok(removed)
        })
    }
}

impl Snapshot {
    /// [`Kenning::vocabulary`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::vocabulary`].
    pub fn vocabulary(&self, level: Level<'_>) -> Result<VocabularyRead> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::VocabularyRead, "read a vocabulary")?;
            let table = txn.open_table(VOCABULARY).db()?;
            match level {
                Level::Enterprise => {
                    Ok(VocabularyRead::enterprise(stored(&table, ENTERPRISE_KEY)?))
                }
                Level::Scope(id) => {
                    scope::reach(&txn.open_table(SCOPES).db()?, who, id)?;
                    let own = stored(&table, id)?;
                    let enterprise = stored(&table, ENTERPRISE_KEY)?;
                    Ok(VocabularyRead::scope(own, enterprise))
                }
            }
        })
    }
}
