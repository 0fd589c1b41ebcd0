//! Several writes in one transaction (`Kenning::transaction`): all of them commit, or none, in
//! every lane, the graph and the audit log; a step refused by its checks leaves the transaction
//! usable; a step that failed inside the transaction cannot be committed by swallowing its error.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    ErrorCode, FilterKey, GraphCommit, GraphQuery, Kenning, Lane, LifecycleChange, NewCapsule,
    Node, Principal, RetrieveRequest, ScopeKind,
};

fn store() -> (Kenning, Principal) {
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "s", ScopeKind::Agent).unwrap();
    (kn, ops)
}

/// Everything a reader can see of scope `s`: capsule ids, vector-lane ids, graph node ids and
/// the audit log's length.
fn seen(kn: &Kenning, ops: &Principal) -> (Vec<String>, Vec<String>, Vec<String>, usize) {
    let snap = kn.snapshot(ops).unwrap();
    let capsules = snap
        .capsules("s", None, 100)
        .unwrap()
        .into_iter()
        .map(|c| c.content)
        .collect();
    let vector = match snap.embeddings("s").unwrap().is_empty() {
        true => Vec::new(),
        false => snap
            .retrieve(
                &RetrieveRequest::by_embedding("s", [1.0, 0.0])
                    .lane(Lane::Vector)
                    .limit(100),
            )
            .unwrap()
            .hits
            .into_iter()
            .map(|h| h.capsule.content)
            .collect(),
    };
    let nodes = snap
        .query_graph("s", &GraphQuery::new().filter(FilterKey::Label, "Ana"))
        .unwrap()
        .nodes
        .into_iter()
        .map(|n| n.id)
        .collect();
    (
        capsules,
        vector,
        nodes,
        snap.audit_log(0, 1000).unwrap().len(),
    )
}

#[test]
fn every_step_commits_together_and_answers_each_step() {
    let (kn, ops) = store();
    let (first, second) = kn
        .transaction(&ops, |tx| {
            let first = tx.put(&NewCapsule::new("s", "Ana prefers email."))?;
            let batch = tx.put_batch(&[NewCapsule::new("s", "Ana lives in Lisbon.")])?;
            tx.attach_embeddings(&[(first, &[1.0, 0.0]), (batch[0], &[0.0, 1.0])], "m")?;
            tx.commit_graph("s", &GraphCommit::new().node(Node::new("ana", "Ana")))?;
            tx.change_lifecycle(batch[0], LifecycleChange::Archive)?;
            Ok((first, batch[0]))
        })
        .unwrap();
    let (capsules, vector, nodes, audit) = seen(&kn, &ops);
    assert_eq!(capsules, ["Ana prefers email.", "Ana lives in Lisbon."]);
    assert_eq!(vector, ["Ana prefers email."], "the archived one is fenced");
    assert_eq!(nodes, ["ana"]);
    assert_eq!(audit, 2, "the attach call and the archive are audited");
    assert_eq!(kn.embedding(&ops, second).unwrap().unwrap(), [0.0, 1.0]);
    assert!(first < second);
}

#[test]
fn a_failing_step_rolls_back_every_earlier_step() {
    let (kn, ops) = store();
    let id = kn
        .put(&ops, &NewCapsule::new("s", "Ana prefers email."))
        .unwrap();
    kn.attach_embedding(&ops, id, &[1.0, 0.0], "m").unwrap();
    let before = seen(&kn, &ops);
    let err = kn
        .transaction(&ops, |tx| {
            let new = tx.put(&NewCapsule::new("s", "Ana moved to Porto."))?;
            tx.attach_embedding(new, &[0.0, 1.0], "m")?;
            tx.commit_graph("s", &GraphCommit::new().node(Node::new("ana", "Ana")))?;
            tx.forget(id)?;
            // Refused inside the transaction, after everything above was written.
            tx.attach_embedding(new, &[0.0, 1.0, 0.0], "m")?;
            Ok(())
        })
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidArgument, "{err}");
    assert_eq!(seen(&kn, &ops), before);
}

#[test]
fn a_step_refused_by_its_checks_leaves_the_transaction_usable() {
    let (kn, ops) = store();
    let reader = Principal::api_key("reader").grant(kenning::Permission::MemoryRead);
    kn.transaction(&ops, |tx| {
        // Blank content and a missing permission are refused before anything is written.
        let blank = tx.put(&NewCapsule::new("s", "   ")).unwrap_err();
        assert_eq!(blank.code(), ErrorCode::InvalidArgument);
        tx.put(&NewCapsule::new("s", "Ana prefers email."))?;
        Ok(())
    })
    .unwrap();
    assert_eq!(seen(&kn, &ops).0, ["Ana prefers email."]);
    let denied = kn
        .transaction(&reader, |tx| tx.put(&NewCapsule::new("s", "x")))
        .unwrap_err();
    assert_eq!(denied.code(), ErrorCode::PermissionDenied);
}

#[test]
fn a_step_that_failed_inside_the_transaction_cannot_be_committed_by_ignoring_it() {
    let (kn, ops) = store();
    let before = seen(&kn, &ops);
    let err = kn
        .transaction(&ops, |tx| {
            tx.put(&NewCapsule::new("s", "Ana prefers email."))?;
            // Refused inside its transaction (the scope is unknown): the error is dropped.
            let lost = tx.put(&NewCapsule::new("s.unknown", "Bo prefers chat."));
            assert!(lost.is_err());
            Ok(())
        })
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
    assert!(err.to_string().contains("nothing was written"), "{err}");
    assert_eq!(seen(&kn, &ops), before);
}

#[test]
fn a_transaction_on_a_read_only_handle_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.redb");
    let ops = Principal::operator("ops");
    Kenning::open(&path)
        .unwrap()
        .register_scope(&ops, "s", ScopeKind::Agent)
        .unwrap();
    let ro = Kenning::open_read_only(&path).unwrap();
    let err = ro
        .transaction(&ops, |tx| {
            tx.put(&NewCapsule::new("s", "Ana prefers email."))
        })
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::FailedPrecondition);
}
