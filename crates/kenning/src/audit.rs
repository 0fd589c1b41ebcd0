//! The audit log (U1): one record per audited write, appended in the write's own transaction,
//! numbered without gaps, never rewritten.

use redb::{ReadableTable, TableDefinition, TableHandle};
use serde::{Deserialize, Serialize};

use crate::access::Principal;
use kenning_table::DbResult;

use crate::error::Result;
use crate::record;
use crate::time::Timestamp;

/// sequence number → [`AuditRecord`].
pub(crate) const AUDIT: TableDefinition<'static, u64, &[u8]> =
    TableDefinition::new("kenning.audit");

/// One audited write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AuditRecord {
    /// Position in the log, from 1, without gaps.
    pub seq: u64,
    /// When the write committed (the time its transaction began).
    pub at: Timestamp,
    /// Who wrote, as [`Principal::audit_name`].
    pub principal: String,
    /// What was done, e.g. `vocabulary.declare`.
    pub action: String,
    /// What it was done to, e.g. `enterprise`, `scope:bot.support`, `cap-12`.
    pub target: String,
    /// Anything else worth keeping, e.g. a content drift. `null` when there is nothing.
    #[serde(default)]
    pub detail: serde_json::Value,
}

#[derive(Serialize, Deserialize)]
struct Stored {
    at: Timestamp,
    principal: String,
    action: String,
    target: String,
    #[serde(default)]
    detail: serde_json::Value,
}

/// Appends a record inside `txn`; it commits or vanishes with the write it records.
pub(crate) fn append(
    txn: &redb::WriteTransaction,
    at: Timestamp,
    who: &Principal,
    action: &str,
    target: &str,
    detail: serde_json::Value,
) -> Result<u64> {
    Appender::new(txn)?.append(at, who, action, target, detail)
}

/// Appends many records inside one transaction with the table opened and the last sequence
/// number read once: a batch's records, one per write it audits.
pub(crate) struct Appender<'t> {
    table: redb::Table<'t, u64, &'static [u8]>,
    next: u64,
}

impl<'t> Appender<'t> {
    pub(crate) fn new(txn: &'t redb::WriteTransaction) -> Result<Self> {
        let table = txn.open_table(AUDIT).db()?;
        let next = match table.last().db()? {
            Some((key, _)) => key.value() + 1,
            None => 1,
        };
        Ok(Self { table, next })
    }

    /// As [`append`].
    pub(crate) fn append(
        &mut self,
        at: Timestamp,
        who: &Principal,
        action: &str,
        target: &str,
        detail: serde_json::Value,
    ) -> Result<u64> {
        let bytes = record::encode(
            AUDIT.name(),
            &Stored {
                at,
                principal: who.audit_name(),
                action: action.to_owned(),
                target: target.to_owned(),
                detail,
            },
        )?;
        let seq = self.next;
        self.table.insert(seq, bytes.as_slice()).db()?;
        self.next += 1;
        Ok(seq)
    }
}

/// Up to `limit` records with a sequence number above `after`, in order.
pub(crate) fn read(
    table: &impl ReadableTable<u64, &'static [u8]>,
    after: u64,
    limit: usize,
) -> Result<Vec<AuditRecord>> {
    let mut out = Vec::new();
    let Some(start) = after.checked_add(1) else {
        return Ok(out);
    };
    for entry in table.range(start..).db()?.take(limit) {
        let (key, value) = entry.db()?;
        let s: Stored = record::decode(AUDIT.name(), value.value())?;
        out.push(AuditRecord {
            seq: key.value(),
            at: s.at,
            principal: s.principal,
            action: s.action,
            target: s.target,
            detail: s.detail,
        });
    }
    Ok(out)
}
