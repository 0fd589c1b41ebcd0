//! Principals, permissions and selector reach (A1–A6).
//!
//! Every facade call takes the caller's [`Principal`]. Kenning runs in the host's process, so it
//! does not authenticate: the host builds the principal for the caller it has authenticated, and
//! Kenning enforces what that principal may do. Two checks guard every call that names a scope:
//!
//! 1. **Permission.** The call's [`Permission`] must be granted. A *management-class*
//!    permission ([`Permission::is_management`]) is never exercised by an API key, whatever the
//!    key holds (A2).
//! 2. **Reach.** The principal needs a [`Selector`] matching the scope id in the namespace of the
//!    scope's kind: agent selectors for agent scopes, subject selectors for subject scopes,
//!    granted independently (A4). A caller without reach gets exactly the answer a missing scope
//!    gets (A5). The enterprise level names no scope and needs no reach.
//!
//! Permission is checked first: its refusal does not depend on the scope, so it reveals nothing.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::scope::ScopeKind;

/// What a principal may do. Serialized as its wire name, e.g. `agent.vocabulary:manage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum Permission {
    /// Declare or remove a vocabulary at any level. Management-class (A2).
    #[serde(rename = "agent.vocabulary:manage")]
    VocabularyManage,
    /// Read a vocabulary (A3).
    #[serde(rename = "agent.vocabulary:read")]
    VocabularyRead,
    /// Register scopes. Management-class.
    #[serde(rename = "agent.scopes:manage")]
    ScopesManage,
    /// Read memory: get capsules, retrieve, query the graph, list embeddings, read labels.
    #[serde(rename = "agent.memory:read")]
    MemoryRead,
    /// Write memory: put, forget, supersede and fence capsules; graph commits and formations;
    /// attach embeddings; persist labels and epistemics.
    #[serde(rename = "agent.memory:write")]
    MemoryWrite,
    /// Read the audit log, which spans every scope. Management-class.
    #[serde(rename = "agent.audit:read")]
    AuditRead,
    /// Create and revoke API keys. Management-class.
    #[serde(rename = "agent.keys:manage")]
    KeysManage,
}

impl Permission {
    /// Every permission, in a fixed order.
    pub const ALL: [Permission; 7] = [
        Self::VocabularyManage,
        Self::VocabularyRead,
        Self::ScopesManage,
        Self::MemoryRead,
        Self::MemoryWrite,
        Self::AuditRead,
        Self::KeysManage,
    ];

    /// The wire name, e.g. `agent.memory:read`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::VocabularyManage => "agent.vocabulary:manage",
            Self::VocabularyRead => "agent.vocabulary:read",
            Self::ScopesManage => "agent.scopes:manage",
            Self::MemoryRead => "agent.memory:read",
            Self::MemoryWrite => "agent.memory:write",
            Self::AuditRead => "agent.audit:read",
            Self::KeysManage => "agent.keys:manage",
        }
    }

    /// Parses a wire name.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] listing the known names.
    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|p| p.as_str() == name)
            .ok_or_else(|| {
                let known: Vec<&str> = Self::ALL.iter().map(|p| p.as_str()).collect();
                Error::invalid(
                    "permission",
                    format!(
                        "{} is not a permission; known: {}",
                        kenning_vocab::quote(name),
                        known.join(", ")
                    ),
                )
            })
    }

    /// Whether this permission is management-class: it changes how memory behaves for others
    /// (vocabulary, scopes, keys) or spans every scope (audit). An API key never exercises one.
    #[must_use]
    pub fn is_management(self) -> bool {
        matches!(
            self,
            Self::VocabularyManage | Self::ScopesManage | Self::AuditRead | Self::KeysManage
        )
    }
}

impl fmt::Display for Permission {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A pattern over scope ids granting reach (A4).
///
/// Written as `*` (every scope), `PREFIX*` (every id starting with `PREFIX`, e.g. `bot.*`), or an
/// exact id. The prefix and the exact id follow the scope id rule (letters, digits, `_ . -`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Selector {
    /// Every scope id.
    Any,
    /// Every scope id starting with this prefix.
    Prefix(String),
    /// Exactly this scope id.
    Exact(String),
}

impl Selector {
    /// Parses `*`, `PREFIX*` or an exact id.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the prefix or id breaks the scope id rule.
    pub fn parse(text: &str) -> Result<Self> {
        if text == "*" {
            return Ok(Self::Any);
        }
        let (body, prefix) = match text.strip_suffix('*') {
            Some(body) => (body, true),
            None => (text, false),
        };
        kenning_vocab::name::check(body, crate::scope::MAX_SCOPE_ID_CHARS).map_err(|p| {
            Error::invalid(
                "selector",
                format!(
                    "{}: the id part {p}; write `*`, `PREFIX*` or an exact scope id",
                    kenning_vocab::quote(text)
                ),
            )
        })?;
        Ok(if prefix {
            Self::Prefix(body.to_owned())
        } else {
            Self::Exact(body.to_owned())
        })
    }

    /// Whether this selector reaches `scope_id`.
    #[must_use]
    pub fn matches(&self, scope_id: &str) -> bool {
        match self {
            Self::Any => true,
            Self::Prefix(p) => scope_id.starts_with(p.as_str()),
            Self::Exact(id) => scope_id == id,
        }
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Any => f.write_str("*"),
            Self::Prefix(p) => write!(f, "{p}*"),
            Self::Exact(id) => f.write_str(id),
        }
    }
}

impl Serialize for Selector {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Selector {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A string: `*`, `PREFIX*` or an exact scope id, the forms [`Selector::parse`] reads.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Selector {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Selector".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "Scopes reached: `*` (every scope), `PREFIX*` (e.g. `bot.*`) or an exact scope id",
            "examples": ["*", "bot.*", "bot.support"],
        })
    }
}

/// Who is calling: a user session or an API key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum PrincipalKind {
    /// A human's session (or a service acting with a human's authority).
    Session {
        /// Who, for the audit log.
        user: String,
    },
    /// An API key, typically held by an agent. Never exercises management-class permissions.
    ApiKey {
        /// The key's public id, for the audit log. Never the secret.
        key_id: String,
    },
}

/// The caller of a facade call: who it is, what it may do, and which scopes it reaches (A1).
///
/// ```
/// use kenning::{Permission, Principal, Selector};
///
/// let agent = Principal::api_key("key-7")
///     .grant(Permission::MemoryRead)
///     .grant(Permission::MemoryWrite)
///     .reach_agents(Selector::parse("bot.*")?);
/// assert!(agent.may(Permission::MemoryWrite));
/// // Even granted, a management-class permission is never exercised by a key (A2).
/// assert!(!agent.grant(Permission::VocabularyManage).may(Permission::VocabularyManage));
/// # Ok::<(), kenning::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Principal {
    kind: PrincipalKind,
    permissions: BTreeSet<Permission>,
    agent_selectors: Vec<Selector>,
    subject_selectors: Vec<Selector>,
}

impl Principal {
    /// A user session with no permission and no reach yet.
    pub fn session(user: impl Into<String>) -> Self {
        Self::new(PrincipalKind::Session { user: user.into() })
    }

    /// An API key with no permission and no reach yet.
    pub fn api_key(key_id: impl Into<String>) -> Self {
        Self::new(PrincipalKind::ApiKey {
            key_id: key_id.into(),
        })
    }

    /// A user session holding every permission and reaching every scope of both kinds: the
    /// store's operator. Convenient for single-tenant embedding, tests and tools.
    pub fn operator(user: impl Into<String>) -> Self {
        let mut p = Self::session(user);
        p.permissions.extend(Permission::ALL);
        p.agent_selectors.push(Selector::Any);
        p.subject_selectors.push(Selector::Any);
        p
    }

    fn new(kind: PrincipalKind) -> Self {
        Self {
            kind,
            permissions: BTreeSet::new(),
            agent_selectors: Vec::new(),
            subject_selectors: Vec::new(),
        }
    }

    /// Grants a permission.
    #[must_use]
    pub fn grant(mut self, permission: Permission) -> Self {
        self.permissions.insert(permission);
        self
    }

    /// Grants reach over agent scopes matching `selector`.
    #[must_use]
    pub fn reach_agents(mut self, selector: Selector) -> Self {
        self.agent_selectors.push(selector);
        self
    }

    /// Grants reach over subject scopes matching `selector`.
    #[must_use]
    pub fn reach_subjects(mut self, selector: Selector) -> Self {
        self.subject_selectors.push(selector);
        self
    }

    /// Who this is.
    #[must_use]
    pub fn kind(&self) -> &PrincipalKind {
        &self.kind
    }

    /// Whether this principal is an API key.
    #[must_use]
    pub fn is_api_key(&self) -> bool {
        matches!(self.kind, PrincipalKind::ApiKey { .. })
    }

    /// The granted permissions.
    #[must_use]
    pub fn permissions(&self) -> &BTreeSet<Permission> {
        &self.permissions
    }

    /// The selectors granting reach in `kind`'s namespace.
    #[must_use]
    pub fn selectors(&self, kind: ScopeKind) -> &[Selector] {
        match kind {
            ScopeKind::Agent => &self.agent_selectors,
            ScopeKind::Subject => &self.subject_selectors,
        }
    }

    /// Whether a call needing `permission` is allowed: granted, and not management-class for an
    /// API key.
    #[must_use]
    pub fn may(&self, permission: Permission) -> bool {
        self.permissions.contains(&permission) && !(permission.is_management() && self.is_api_key())
    }

    /// Whether this principal reaches the scope `id` of kind `kind`.
    #[must_use]
    pub fn reaches(&self, kind: ScopeKind, id: &str) -> bool {
        self.selectors(kind).iter().any(|s| s.matches(id))
    }

    /// The audit log's name for this principal, e.g. `session:ops` or `key:key-7`.
    #[must_use]
    pub fn audit_name(&self) -> String {
        match &self.kind {
            PrincipalKind::Session { user } => format!("session:{user}"),
            PrincipalKind::ApiKey { key_id } => format!("key:{key_id}"),
        }
    }

    /// Checks `permission` for the act described by `action` (e.g. "declare a vocabulary").
    pub(crate) fn require(&self, permission: Permission, action: &str) -> Result<()> {
        if self.may(permission) {
            return Ok(());
        }
        let message = if self.is_api_key() && permission.is_management() {
            format!(
                "to {action} needs {permission}, a management-class permission that an API key can \
                 never exercise, whatever it holds: use a user session"
            )
        } else {
            format!(
                "to {action} needs {permission}, which {} does not hold: grant it to the principal",
                self.audit_name()
            )
        };
        Err(Error::PermissionDenied { message })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_parse_and_match() {
        assert_eq!(Selector::parse("*").unwrap(), Selector::Any);
        let bots = Selector::parse("bot.*").unwrap();
        assert!(bots.matches("bot.support"));
        assert!(!bots.matches("human.alice"));
        let exact = Selector::parse("bot.support").unwrap();
        assert!(exact.matches("bot.support") && !exact.matches("bot.support2"));
        assert!(Selector::parse("bot *").is_err());
        assert!(Selector::parse("**").is_err());
        assert!(Selector::parse("").is_err());
        assert_eq!(bots.to_string(), "bot.*");
    }

    #[test]
    fn a2_api_key_never_exercises_management_permissions() {
        let key = Principal::api_key("k");
        let key = Permission::ALL.into_iter().fold(key, Principal::grant);
        for p in Permission::ALL {
            assert_eq!(key.may(p), !p.is_management(), "{p}");
        }
        let err = key
            .require(Permission::VocabularyManage, "declare a vocabulary")
            .unwrap_err();
        assert!(err.to_string().contains("API key"));
    }

    #[test]
    fn a4_reach_is_per_namespace() {
        let p = Principal::session("u").reach_agents(Selector::Any);
        assert!(p.reaches(ScopeKind::Agent, "x"));
        assert!(!p.reaches(ScopeKind::Subject, "x"));
    }

    #[test]
    fn permission_wire_names_round_trip() {
        for p in Permission::ALL {
            assert_eq!(Permission::parse(p.as_str()).unwrap(), p);
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, format!("\"{}\"", p.as_str()));
        }
        assert!(Permission::parse("agent.memory:delete").is_err());
    }
}
