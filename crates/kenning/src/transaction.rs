//! Several writes in one transaction: [`Kenning::transaction`] and [`Transaction`].

use kenning_graph::{CommitReport, DeletionReport, GraphCommit, GraphDeletion};

use crate::access::Principal;
use crate::capsule::{self, CapsuleId, Lifecycle, LifecycleChange, NewCapsule, Step};
use crate::embedding::{self, Attachment};
use crate::error::{Error, Result};
use crate::store::Write;
use crate::{Kenning, graph};

/// Writes of one principal that commit together: see [`Kenning::transaction`].
///
/// Each method is the one-call method of [`Kenning`] of the same name, with the same checks,
/// the same errors and the same audit records, run inside the transaction instead of in one of
/// its own. A call refused by its checks of permission and input, which run before it reads or
/// writes the store, leaves the transaction as it was, and the closure may go on. A call that
/// fails once it has begun its work in the store (reach, a missing capsule, storage) may have
/// written part of it, so it marks the transaction failed: whatever the closure then returns,
/// nothing commits.
pub struct Transaction<'a, 't> {
    w: &'a mut Write<'t>,
    who: &'a Principal,
    failed: bool,
}

impl Transaction<'_, '_> {
    fn run<T>(&mut self, step: Result<Step<'_, T>>) -> Result<T> {
        let outcome = step?(self.w);
        if outcome.is_err() {
            self.failed = true;
        }
        outcome
    }

    /// The principal every write of this transaction is checked against.
    #[must_use]
    pub fn principal(&self) -> &Principal {
        self.who
    }

    /// [`Kenning::put`] in this transaction.
    ///
    /// # Errors
    /// As [`Kenning::put`].
    pub fn put(&mut self, capsule: &NewCapsule) -> Result<CapsuleId> {
        self.run(capsule::put(self.who, capsule))
    }

    /// [`Kenning::put_batch`] in this transaction.
    ///
    /// # Errors
    /// As [`Kenning::put_batch`].
    pub fn put_batch(&mut self, capsules: &[NewCapsule]) -> Result<Vec<CapsuleId>> {
        self.run(capsule::put_batch(self.who, capsules))
    }

    /// [`Kenning::attach_embedding`] in this transaction: the capsule may be one this
    /// transaction wrote.
    ///
    /// # Errors
    /// As [`Kenning::attach_embedding`].
    pub fn attach_embedding(
        &mut self,
        id: CapsuleId,
        embedding: &[f32],
        model_tag: &str,
    ) -> Result<Attachment> {
        self.run(embedding::attach_one(self.who, id, embedding, model_tag))
    }

    /// [`Kenning::attach_embeddings`] in this transaction.
    ///
    /// # Errors
    /// As [`Kenning::attach_embeddings`].
    pub fn attach_embeddings(
        &mut self,
        embeddings: &[(CapsuleId, &[f32])],
        model_tag: &str,
    ) -> Result<Vec<Attachment>> {
        self.run(embedding::attach_many(self.who, embeddings, model_tag))
    }

    /// [`Kenning::supersede`] in this transaction.
    ///
    /// # Errors
    /// As [`Kenning::supersede`].
    pub fn supersede(&mut self, old: CapsuleId, replacement: &NewCapsule) -> Result<CapsuleId> {
        self.run(capsule::supersede(self.who, old, replacement))
    }

    /// [`Kenning::change_lifecycle`] in this transaction.
    ///
    /// # Errors
    /// As [`Kenning::change_lifecycle`].
    pub fn change_lifecycle(
        &mut self,
        id: CapsuleId,
        change: LifecycleChange,
    ) -> Result<Lifecycle> {
        self.run(capsule::change_lifecycle(self.who, id, change))
    }

    /// [`Kenning::forget`] in this transaction.
    ///
    /// # Errors
    /// As [`Kenning::forget`].
    pub fn forget(&mut self, id: CapsuleId) -> Result<()> {
        self.run(capsule::forget(self.who, id))
    }

    /// [`Kenning::commit_graph`] in this transaction.
    ///
    /// # Errors
    /// As [`Kenning::commit_graph`].
    pub fn commit_graph(&mut self, scope_id: &str, commit: &GraphCommit) -> Result<CommitReport> {
        self.run(graph::commit(self.who, scope_id, commit))
    }

    /// [`Kenning::delete_graph`] in this transaction.
    ///
    /// # Errors
    /// As [`Kenning::delete_graph`].
    pub fn delete_graph(
        &mut self,
        scope_id: &str,
        deletion: &GraphDeletion,
    ) -> Result<DeletionReport> {
        self.run(graph::delete(self.who, scope_id, deletion))
    }
}

impl std::fmt::Debug for Transaction<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transaction")
            .field("principal", &self.who.audit_name())
            .field("failed", &self.failed)
            .finish()
    }
}

impl Kenning {
    /// Runs several writes of `who` as one transaction: `f` gets a [`Transaction`] whose
    /// methods are the write calls of [`Kenning`] (put, batch, attach, supersede, lifecycle,
    /// forget, graph commit and delete), and everything they wrote commits together when `f`
    /// returns `Ok`, or not at all. Readers see all of it or none of it, in every lane; it is
    /// durable as one call is. The answer of each step (new ids, reports) is available inside
    /// `f`, so a later step can use an earlier one's.
    ///
    /// ```
    /// use kenning::{Edge, GraphCommit, Kenning, NewCapsule, Node, Principal, RetrieveRequest, ScopeKind};
    ///
    /// let store = Kenning::in_memory()?;
    /// let ops = Principal::operator("ops");
    /// store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;
    ///
    /// // A note, its embedding and the graph facts it states: all visible at once, or none.
    /// let id = store.transaction(&ops, |tx| {
    ///     let id = tx.put(&NewCapsule::new("bot.support", "Ana works at Acme."))?;
    ///     tx.attach_embedding(id, &[0.6, 0.8], "my-embedder-v1")?;
    ///     let facts = GraphCommit::new()
    ///         .node(Node::new("ana", "Ana").with_type("Person"))
    ///         .node(Node::new("acme", "Acme"))
    ///         .edge(Edge::new("ana", "WORKS_AT", "acme").with_property("source", id.to_string()));
    ///     tx.commit_graph("bot.support", &facts)?;
    ///     Ok(id)
    /// })?;
    /// let found = store.retrieve(&ops, &RetrieveRequest::new("bot.support", "Acme").embedding([0.6, 0.8]))?;
    /// assert_eq!(found.hits[0].capsule.id, id);
    ///
    /// // A failing step rolls everything back: this capsule is never written.
    /// let refused = store.transaction(&ops, |tx| {
    ///     tx.put(&NewCapsule::new("bot.support", "Bo works at Initech."))?;
    ///     tx.attach_embedding(id, &[1.0, 0.0, 0.0], "my-embedder-v1")?; // wrong dimension
    ///     Ok(())
    /// });
    /// assert!(refused.is_err());
    /// assert!(store.retrieve(&ops, &RetrieveRequest::new("bot.support", "Initech"))?.hits.is_empty());
    /// # Ok::<(), kenning::Error>(())
    /// ```
    ///
    /// Writers are serialized, so keep `f` short: no network calls or model inference inside
    /// it. Reads are not offered inside a transaction; take a [`snapshot`](Self::snapshot)
    /// before it when a write depends on what is stored (another writer may commit in between,
    /// and the transaction's own checks, such as reach and capsule existence, still hold).
    ///
    /// # Errors
    /// The first error of a step, as `f` propagates it; [`Error::FailedPrecondition`] when `f`
    /// returns `Ok` although a step failed inside the transaction (nothing is committed);
    /// [`Error::FailedPrecondition`] on a read-only handle; [`Error::Storage`].
    pub fn transaction<T>(
        &self,
        who: &Principal,
        f: impl FnOnce(&mut Transaction<'_, '_>) -> Result<T>,
    ) -> Result<T> {
        self.write(|w| {
            let mut tx = Transaction {
                w,
                who,
                failed: false,
            };
            let value = f(&mut tx)?;
            if tx.failed {
                return Err(Error::FailedPrecondition {
                    message: "a step of this transaction failed inside it, and the transaction \
                              was still asked to commit: nothing was written; \
                              propagate each step's error (with `?`) or retry the whole \
                              transaction"
                        .into(),
                });
            }
            Ok(value)
        })
    }
}
