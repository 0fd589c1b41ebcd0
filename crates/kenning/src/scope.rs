//! The scope registry (C2): every piece of memory belongs to exactly one registered scope.
//!
//! Agent scopes and subject scopes share one id space. A scope's kind is fixed when it is
//! registered and picks the selector namespace that reach is checked in (A4).

use std::fmt;
use std::str::FromStr;

use redb::{ReadableTable, TableDefinition, TableHandle};
use serde::{Deserialize, Serialize};

use crate::access::Principal;
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::record;
use crate::time::Timestamp;

/// At most this many characters in a scope id (C2).
pub const MAX_SCOPE_ID_CHARS: usize = 128;

/// scope id → [`ScopeRecord`].
pub(crate) const SCOPES: TableDefinition<'static, &str, &[u8]> =
    TableDefinition::new("kenning.scopes");

/// The kind of a scope, fixed at registration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum ScopeKind {
    /// An agent's workspace; reached through agent selectors.
    Agent,
    /// A subject (a person, a customer, a project) memory is kept about; reached through
    /// subject selectors.
    Subject,
}

impl ScopeKind {
    /// `"agent"` or `"subject"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Agent => "agent",
            Self::Subject => "subject",
        }
    }
}

impl fmt::Display for ScopeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ScopeKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "agent" => Ok(Self::Agent),
            "subject" => Ok(Self::Subject),
            other => Err(Error::invalid(
                "kind",
                format!(
                    "{} is not a scope kind: write `agent` or `subject`",
                    kenning_vocab::quote(other)
                ),
            )),
        }
    }
}

/// A registered scope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Scope {
    /// The scope id.
    pub id: String,
    /// Its kind.
    pub kind: ScopeKind,
    /// When it was registered.
    pub registered: Timestamp,
}

#[derive(Serialize, Deserialize)]
struct ScopeRecord {
    kind: ScopeKind,
    registered: Timestamp,
}

/// Checks the scope id rule: 1–128 letters, digits, `_`, `.`, `-`.
pub(crate) fn check_id(field: &str, id: &str) -> Result<()> {
    kenning_vocab::name::check(id, MAX_SCOPE_ID_CHARS)
        .map_err(|p| Error::invalid(field, format!("{} {p}", kenning_vocab::quote(id))))
}

fn not_found(id: &str) -> Error {
    Error::NotFound {
        what: "scope",
        id: id.to_owned(),
    }
}

/// Reads the scope `id` from `table`, if registered.
pub(crate) fn get(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    id: &str,
) -> Result<Option<Scope>> {
    let Some(bytes) = table.get(id).db()? else {
        return Ok(None);
    };
    let r: ScopeRecord = record::decode(SCOPES.name(), bytes.value())?;
    Ok(Some(Scope {
        id: id.to_owned(),
        kind: r.kind,
        registered: r.registered,
    }))
}

/// The scope `id` as `who` may see it: a syntactically valid id, registered, and reached by
/// `who` in its kind's namespace. An unregistered scope and an unreached one give the same
/// [`Error::NotFound`] (A5).
pub(crate) fn reach(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    who: &Principal,
    id: &str,
) -> Result<Scope> {
    check_id("scope_id", id)?;
    match get(table, id)? {
        Some(scope) if who.reaches(scope.kind, id) => Ok(scope),
        _ => Err(not_found(id)),
    }
}

/// Registers `id` with `kind`. Registering again with the same kind is a no-op returning
/// `false`; with another kind it fails, because a kind is fixed at registration.
pub(crate) fn register(
    table: &mut redb::Table<'_, &'static str, &'static [u8]>,
    id: &str,
    kind: ScopeKind,
    now: Timestamp,
) -> Result<bool> {
    check_id("scope_id", id)?;
    match get(table, id)? {
        Some(existing) if existing.kind == kind => Ok(false),
        Some(existing) => Err(Error::FailedPrecondition {
            message: format!(
                "scope {id:?} is already registered as a {} scope; a kind is fixed at \
                 registration and agent and subject scopes share one id space: pick another id",
                existing.kind
            ),
        }),
        None => {
            let bytes = record::encode(
                SCOPES.name(),
                &ScopeRecord {
                    kind,
                    registered: now,
                },
            )?;
            table.insert(id, bytes.as_slice()).db()?;
            Ok(true)
        }
    }
}

/// Every registered scope id, in id order, whoever asks: for maintenance (check, salvage).
pub(crate) fn list_all(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for entry in table.iter().db()? {
        let (key, _) = entry.db()?;
        out.push(key.value().to_owned());
    }
    Ok(out)
}

/// Every scope `who` reaches, in id order.
pub(crate) fn list(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    who: &Principal,
) -> Result<Vec<Scope>> {
    let mut out = Vec::new();
    for entry in table.iter().db()? {
        let (key, value) = entry.db()?;
        let r: ScopeRecord = record::decode(SCOPES.name(), value.value())?;
        if who.reaches(r.kind, key.value()) {
            out.push(Scope {
                id: key.value().to_owned(),
                kind: r.kind,
                registered: r.registered,
            });
        }
    }
    Ok(out)
}
