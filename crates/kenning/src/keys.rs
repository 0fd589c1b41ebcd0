//! API keys: created and revoked by a management session, presented by agents and tools.
//!
//! A key is a stored grant (permissions + agent and subject selectors) with a public id
//! (`key-<n>`, never reused) and a secret shown once, at creation. Only the SHA-256 of the secret
//! is stored: the secret carries 256 random bits, so a fast hash is enough and a stolen store
//! file reveals no usable secret. [`Kenning::authenticate`] turns a presented secret into the
//! key's [`Principal`].
//!
//! A key never holds more than its creator: every granted permission must be one the creator may
//! exercise, and every selector must lie within the creator's reach in its namespace. A key is
//! never given a management-class permission, since it could not exercise one (A2).

use std::collections::BTreeSet;

use redb::{ReadableTable, TableDefinition, TableHandle};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::access::{Permission, Principal, Selector};
use crate::audit;
use kenning_table::DbResult;

use crate::error::{Error, Result};
use crate::record;
use crate::scope::ScopeKind;
use crate::time::Timestamp;
use crate::{Kenning, Snapshot};

/// key number → [`Stored`].
pub(crate) const API_KEYS: TableDefinition<'static, u64, &[u8]> =
    TableDefinition::new("kenning.api_keys");

/// Every secret starts with this, so that a leaked one is recognisable by scanners.
pub const SECRET_PREFIX: &str = "kn_";

/// What a new key may do.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct KeyGrant {
    /// A label for people, e.g. `support-bot production`. May be empty.
    #[serde(default)]
    pub name: String,
    /// Permissions; none may be management-class.
    pub permissions: BTreeSet<Permission>,
    /// Reach over agent scopes.
    #[serde(default)]
    pub agent_selectors: Vec<Selector>,
    /// Reach over subject scopes.
    #[serde(default)]
    pub subject_selectors: Vec<Selector>,
}

/// A key as listed: everything but the secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ApiKey {
    /// The public id, `key-<n>`.
    pub id: String,
    /// What the key may do.
    #[serde(flatten)]
    pub grant: KeyGrant,
    /// Who created it, as [`Principal::audit_name`].
    pub created_by: String,
    /// When it was created.
    pub created: Timestamp,
    /// When it was revoked, if it was. A revoked key authenticates nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked: Option<Timestamp>,
}

/// A key just created, with its secret. The secret is not stored and cannot be shown again.
#[derive(Debug, Clone)]
pub struct NewApiKey {
    /// The key.
    pub key: ApiKey,
    /// The secret to hand to the key's holder: `kn_<n>_<64 hex digits>`.
    pub secret: String,
}

#[derive(Serialize, Deserialize)]
struct Stored {
    #[serde(flatten)]
    key: ApiKey,
    /// Hex SHA-256 of the whole secret.
    secret_sha256: String,
}

/// Bytes of randomness in a secret.
const SECRET_BYTES: usize = 32;

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
    out
}

fn digest(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// `key-<n>` → n.
fn parse_id(id: &str) -> Option<u64> {
    id.strip_prefix("key-")?.parse().ok()
}

fn unknown_key(id: &str) -> Error {
    Error::NotFound {
        what: "api key",
        id: id.to_owned(),
    }
}

fn invalid_secret() -> Error {
    Error::PermissionDenied {
        message: "the API key is not valid (unknown, revoked or mistyped): ask an operator for \
                  a new key"
            .into(),
    }
}

/// Whether `wanted` reaches only scopes some selector of `held` reaches.
fn selector_within(wanted: &Selector, held: &[Selector]) -> bool {
    held.iter().any(|h| match (h, wanted) {
        (Selector::Any, _) => true,
        (Selector::Prefix(p), Selector::Prefix(w) | Selector::Exact(w)) => {
            w.starts_with(p.as_str())
        }
        (Selector::Exact(e), Selector::Exact(w)) => e == w,
        _ => false,
    })
}

impl KeyGrant {
    /// Checks that `creator` may hand out this grant.
    fn check(&self, creator: &Principal) -> Result<()> {
        if self.permissions.is_empty() {
            return Err(Error::invalid(
                "permissions",
                "a key needs at least one permission, e.g. agent.memory:read",
            ));
        }
        for p in &self.permissions {
            if p.is_management() {
                return Err(Error::invalid(
                    "permissions",
                    format!(
                        "{p} is management-class and an API key can never exercise it (A2): \
                         leave it out, and use a user session for management"
                    ),
                ));
            }
            if !creator.may(*p) {
                return Err(Error::PermissionDenied {
                    message: format!(
                        "{} cannot grant {p}, which it does not hold itself",
                        creator.audit_name()
                    ),
                });
            }
        }
        for (kind, field, wanted) in [
            (ScopeKind::Agent, "agent_selectors", &self.agent_selectors),
            (
                ScopeKind::Subject,
                "subject_selectors",
                &self.subject_selectors,
            ),
        ] {
            if let Some(s) = wanted
                .iter()
                .find(|s| !selector_within(s, creator.selectors(kind)))
            {
                return Err(Error::PermissionDenied {
                    message: format!(
                        "{field}: {} cannot grant reach over {kind} scopes `{s}`, beyond its own",
                        creator.audit_name()
                    ),
                });
            }
        }
        Ok(())
    }
}

impl Kenning {
    /// Creates an API key holding `grant`, and returns it with its secret, shown this once.
    ///
    /// Needs [`Permission::KeysManage`] (management-class, so never through another key). Audited
    /// as `key.create` (the secret is not in the audit record).
    ///
    /// # Errors
    /// [`Error::PermissionDenied`] without the permission or when the grant exceeds the
    /// creator's own; [`Error::InvalidArgument`] for an empty grant or a management-class
    /// permission; [`Error::Storage`], also when the system has no randomness to offer.
    pub fn create_api_key(&self, who: &Principal, grant: KeyGrant) -> Result<NewApiKey> {
        who.require(Permission::KeysManage, "create an API key")?;
        grant.check(who)?;
        let mut random = [0u8; SECRET_BYTES];
        getrandom::fill(&mut random)
            .map_err(|e| Error::storage("the system offered no randomness for a key secret", e))?;
        self.write(|w| {
            let (txn, now) = (w.txn, w.now);
            let mut table = txn.open_table(API_KEYS).db()?;
            let n = match table.last().db()? {
                Some((k, _)) => k.value() + 1,
                None => 1,
            };
            let key = ApiKey {
                id: format!("key-{n}"),
                grant,
                created_by: who.audit_name(),
                created: now,
                revoked: None,
            };
            let secret = format!("{SECRET_PREFIX}{n}_{}", hex(&random));
            let bytes = record::encode(
                API_KEYS.name(),
                &Stored {
                    key: key.clone(),
                    secret_sha256: digest(&secret),
                },
            )?;
            table.insert(n, bytes.as_slice()).db()?;
            drop(table);
            audit::append(
                txn,
                now,
                who,
                "key.create",
                &key.id,
                serde_json::json!({ "permissions": &key.grant.permissions }),
            )?;
            Ok(NewApiKey { key, secret })
        })
    }

    /// Revokes the key `id` (`key-<n>`). Revoking a revoked key is a no-op returning `false`.
    /// Needs [`Permission::KeysManage`]. Audited as `key.revoke`.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown id, [`Error::PermissionDenied`], [`Error::Storage`].
    pub fn revoke_api_key(&self, who: &Principal, id: &str) -> Result<bool> {
        who.require(Permission::KeysManage, "revoke an API key")?;
        let n = parse_id(id).ok_or_else(|| unknown_key(id))?;
        self.write(|w| {
            let (txn, now) = (w.txn, w.now);
            let mut table = txn.open_table(API_KEYS).db()?;
            let mut stored: Stored = match table.get(n).db()? {
                Some(bytes) => record::decode(API_KEYS.name(), bytes.value())?,
                None => return Err(unknown_key(id)),
            };
            if stored.key.revoked.is_some() {
                return Ok(false);
            }
            stored.key.revoked = Some(now);
            table
                .insert(n, record::encode(API_KEYS.name(), &stored)?.as_slice())
                .db()?;
            drop(table);
            audit::append(txn, now, who, "key.revoke", id, serde_json::Value::Null)?;
            Ok(true)
        })
    }

    /// Every key ever created, revoked ones included, oldest first. Needs
    /// [`Permission::KeysManage`].
    ///
    /// # Errors
    /// [`Error::PermissionDenied`], [`Error::Storage`].
    pub fn api_keys(&self, who: &Principal) -> Result<Vec<ApiKey>> {
        self.snapshot(who)?.api_keys()
    }

    /// The principal of the key whose secret is `secret`.
    ///
    /// # Errors
    /// [`Error::PermissionDenied`] for a malformed, unknown or revoked secret (one message for
    /// all three, so a guess learns nothing); [`Error::Storage`].
    pub fn authenticate(&self, secret: &str) -> Result<Principal> {
        let n = secret
            .strip_prefix(SECRET_PREFIX)
            .and_then(|rest| rest.split_once('_'))
            .and_then(|(n, _)| n.parse::<u64>().ok())
            .ok_or_else(invalid_secret)?;
        let txn = self.read()?;
        let table = txn.open_table(API_KEYS).db()?;
        let stored: Stored = match table.get(n).db()? {
            Some(bytes) => record::decode(API_KEYS.name(), bytes.value())?,
            None => return Err(invalid_secret()),
        };
        if stored.key.revoked.is_some() || stored.secret_sha256 != digest(secret) {
            return Err(invalid_secret());
        }
        let grant = stored.key.grant;
        let mut principal = Principal::api_key(stored.key.id);
        for p in grant.permissions {
            principal = principal.grant(p);
        }
        for s in grant.agent_selectors {
            principal = principal.reach_agents(s);
        }
        for s in grant.subject_selectors {
            principal = principal.reach_subjects(s);
        }
        Ok(principal)
    }
}

impl Snapshot {
    /// [`Kenning::api_keys`] on this snapshot.
    ///
    /// # Errors
    /// As [`Kenning::api_keys`].
    pub fn api_keys(&self) -> Result<Vec<ApiKey>> {
        crate::error::contain(self.store.path(), || {
            let (who, txn) = (&self.who, &self.txn);
            who.require(Permission::KeysManage, "list API keys")?;
            let table = txn.open_table(API_KEYS).db()?;
            let mut out = Vec::new();
            for entry in table.iter().db()? {
                let (_, value) = entry.db()?;
                let stored: Stored = record::decode(API_KEYS.name(), value.value())?;
                out.push(stored.key);
            }
            Ok(out)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selector_containment() {
        let held = [Selector::Prefix("bot.".into()), Selector::Exact("x".into())];
        assert!(selector_within(&Selector::Exact("bot.a".into()), &held));
        assert!(selector_within(
            &Selector::Prefix("bot.sales.".into()),
            &held
        ));
        assert!(selector_within(&Selector::Exact("x".into()), &held));
        assert!(!selector_within(&Selector::Prefix("x".into()), &held));
        assert!(!selector_within(&Selector::Any, &held));
        assert!(!selector_within(&Selector::Exact("bo".into()), &held));
        assert!(selector_within(&Selector::Any, &[Selector::Any]));
    }

    #[test]
    fn hex_digest_is_sha256() {
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
