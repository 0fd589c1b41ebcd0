//! # kenning
//!
//! Durable, in-process memory for AI agents, in one [redb](https://docs.rs/redb) file. This is
//! the facade: the [`Kenning`] handle composes the component crates into one store where every
//! call is one transaction and every call is checked against the caller's [`Principal`].
//!
//! ```
//! use kenning::{Kenning, Level, Principal, ScopeKind, Vocabulary};
//!
//! # let dir = tempfile::tempdir()?;
//! let store = Kenning::open(dir.path().join("memory.redb"))?;
//! let ops = Principal::operator("ops");
//!
//! store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
//! let people = Vocabulary::empty()
//!     .with_class("Person", "an individual human being, including colleagues");
//! store.declare_vocabulary(&ops, Level::Enterprise, &people)?;
//!
//! // The scope declares nothing, so it inherits the enterprise default.
//! let read = store.vocabulary(&ops, Level::Scope("bot.support"))?;
//! assert!(read.declaration.is_none());
//! assert_eq!(read.resolved, Some(people));
//!
//! // An empty declaration turns classification off for that scope alone.
//! store.declare_vocabulary(&ops, Level::Scope("bot.support"), &Vocabulary::empty())?;
//! assert!(store.vocabulary(&ops, Level::Scope("bot.support"))?.resolved.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## What it holds
//!
//! - **Scopes** ([`register_scope`](Kenning::register_scope)): every piece of memory belongs to
//!   one registered scope, of kind agent or subject (C2).
//! - **Vocabulary** ([`declare_vocabulary`](Kenning::declare_vocabulary),
//!   [`vocabulary`](Kenning::vocabulary), [`remove_vocabulary`](Kenning::remove_vocabulary)):
//!   the classes and relation types that steer memory formation, at the enterprise level and per
//!   scope, with the three states of the seed (V6–V9).
//! - **Audit** ([`audit_log`](Kenning::audit_log)): every audited write, in order (U1).
//! - **API keys** ([`create_api_key`](Kenning::create_api_key),
//!   [`authenticate`](Kenning::authenticate)): stored grants whose secrets are kept only as
//!   hashes; a host turns a presented secret into the key's [`Principal`].
//! - **Graph** ([`commit_graph`](Kenning::commit_graph), [`query_graph`](Kenning::query_graph),
//!   [`inspect_graph`](Kenning::inspect_graph)): nodes and edges per scope with the
//!   assign-once class, `NodeId` / `Label` / `NodeType` filters and traversal (G1–G9). See
//!   [`kenning_graph`] for the bounds and the choices the seed leaves open.
//! - **Formation** ([`start_formation`](Kenning::start_formation),
//!   [`commit_formation`](Kenning::commit_formation)): a vocabulary snapshot and its prompt
//!   section for the caller's extraction model, and the commit of what it extracted (F1–F4).
//!
//! ## Guarantees
//!
//! - One call, one redb write transaction: a call that fails wrote nothing.
//! - Commits are durable when the call returns (redb's `Durability::Immediate`).
//! - [`Kenning`] is `Send + Sync` and cheap to clone; readers work on a snapshot and never wait
//!   for a writer. Writers are serialized.
//! - No input panics the library; every error has a stable [`ErrorCode`].
//!
//! ## What it is not
//!
//! Not a server and not a model runner: there is no network, no embedding model, no LLM. The
//! host authenticates its callers and builds their [`Principal`]; Kenning enforces what that
//! principal may do. The public API exposes no redb type.

#![deny(missing_docs)]

mod access;
mod audit;
mod error;
mod formation;
mod graph;
mod keys;
mod record;
mod scope;
mod storage;
mod store;
mod time;
mod vocabulary;

use std::sync::Arc;

pub use access::{Permission, Principal, PrincipalKind, Selector};
pub use audit::AuditRecord;
pub use error::{Error, ErrorCode, Result};
pub use formation::{ExtractedEntity, Extraction, Formation, FormationReport, UndeclaredCandidate};
pub use kenning_graph::{
    ClassKept, CommitReport, Direction, Edge, Error as GraphError, ErrorKind as GraphErrorKind,
    Filter, FilterKey, GraphAnswer, GraphCommit, GraphQuery, Node, NodePage, Start, Traversal,
};
pub use keys::{ApiKey, KeyGrant, NewApiKey, SECRET_PREFIX};
pub use scope::{MAX_SCOPE_ID_CHARS, Scope, ScopeKind};
pub use storage::{MemoryStorage, Storage};
pub use time::Timestamp;
pub use vocabulary::Level;

/// The vocabulary crate, re-exported whole.
pub use kenning_vocab as vocab;
pub use kenning_vocab::{
    Declaration, EntityClass, Format, RelationType, Signature, Vocabulary, VocabularyDiff,
    VocabularyRead,
};

/// A handle on one store file. Cheap to clone; every clone shares the same open database.
#[derive(Debug, Clone)]
pub struct Kenning {
    inner: Arc<store::Inner>,
}

impl Kenning {
    /// Registers scope `id` of kind `kind` (C2). Returns `true` when it was created, `false` when
    /// it already existed with that kind.
    ///
    /// Needs [`Permission::ScopesManage`] (management-class) and reach over `id` in `kind`'s
    /// namespace, so a principal cannot create a scope it could not then use.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an id breaking the rule (1–128 letters, digits, `_ . -`),
    /// [`Error::PermissionDenied`], [`Error::NotFound`] without reach,
    /// [`Error::FailedPrecondition`] when the id is registered with the other kind,
    /// [`Error::Storage`].
    pub fn register_scope(&self, who: &Principal, id: &str, kind: ScopeKind) -> Result<bool> {
        who.require(Permission::ScopesManage, "register a scope")?;
        scope::check_id("scope_id", id)?;
        if !who.reaches(kind, id) {
            return Err(Error::NotFound {
                what: "scope",
                id: id.to_owned(),
            });
        }
        self.write(|txn, now| {
            use error::DbResult as _;
            let mut table = txn.open_table(scope::SCOPES).db()?;
            scope::register(&mut table, id, kind, now)
        })
    }

    /// The scope `id`, if `who` reaches it. Needs no permission beyond reach.
    ///
    /// # Errors
    /// [`Error::NotFound`] when it is not registered or not reached (indistinguishably),
    /// [`Error::InvalidArgument`] for a malformed id, [`Error::Storage`].
    pub fn scope(&self, who: &Principal, id: &str) -> Result<Scope> {
        use error::DbResult as _;
        let txn = self.read()?;
        scope::reach(&txn.open_table(scope::SCOPES).db()?, who, id)
    }

    /// Every registered scope `who` reaches, in id order.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub fn scopes(&self, who: &Principal) -> Result<Vec<Scope>> {
        use error::DbResult as _;
        let txn = self.read()?;
        scope::list(&txn.open_table(scope::SCOPES).db()?, who)
    }

    /// Up to `limit` audit records with a sequence number above `after`, oldest first (U1).
    /// Page through the log by passing the last `seq` you saw.
    ///
    /// Needs [`Permission::AuditRead`] (management-class: the log spans every scope).
    ///
    /// # Errors
    /// [`Error::PermissionDenied`], [`Error::Storage`].
    pub fn audit_log(&self, who: &Principal, after: u64, limit: usize) -> Result<Vec<AuditRecord>> {
        use error::DbResult as _;
        who.require(Permission::AuditRead, "read the audit log")?;
        let txn = self.read()?;
        audit::read(&txn.open_table(audit::AUDIT).db()?, after, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync + Clone>() {}

    #[test]
    fn handle_is_send_sync_and_clone() {
        assert_send_sync::<Kenning>();
    }
}
