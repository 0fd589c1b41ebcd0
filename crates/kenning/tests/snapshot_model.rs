//! The snapshot handle against a plain model (a proptest state machine): random writes (puts with
//! and without embeddings, attaches, forgets, supersessions, quarantines, graph nodes and edges,
//! transactions that commit and ones that fail) interleaved with snapshots taken, read and
//! dropped. Every snapshot, however many writes came after it, answers exactly the state it was
//! taken of: every record and, through `retrieve`, every lane; the newest state always answers as
//! the model does.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use kenning::{
    CapsuleId, Edge, GraphCommit, Kenning, LifecycleChange, NewCapsule, Node, Principal, ScopeKind,
    Snapshot,
};
use proptest::prelude::*;
use support::{CapsuleView, MODEL, Model, bits, check_lanes_on, observe_on, vector};

const SCOPES: [&str; 2] = ["bot.a", "bot.b"];

#[derive(Debug, Clone)]
enum Op {
    Put {
        scope: usize,
        embed: bool,
    },
    Attach {
        pick: usize,
    },
    Forget {
        pick: usize,
    },
    Supersede {
        pick: usize,
    },
    Quarantine {
        pick: usize,
    },
    Node {
        scope: usize,
        node: usize,
    },
    Edge {
        scope: usize,
        from: usize,
        to: usize,
    },
    /// A put with an embedding and a graph node in one transaction; `fail` adds a last step
    /// that fails, so none of it may commit.
    Together {
        scope: usize,
        node: usize,
        fail: bool,
    },
    Snap,
    Read {
        pick: usize,
    },
    Drop {
        pick: usize,
    },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..2usize, any::<bool>()).prop_map(|(scope, embed)| Op::Put { scope, embed }),
        2 => any::<usize>().prop_map(|pick| Op::Attach { pick }),
        2 => any::<usize>().prop_map(|pick| Op::Forget { pick }),
        1 => any::<usize>().prop_map(|pick| Op::Supersede { pick }),
        1 => any::<usize>().prop_map(|pick| Op::Quarantine { pick }),
        2 => (0..2usize, 0..4usize).prop_map(|(scope, node)| Op::Node { scope, node }),
        1 => (0..2usize, 0..4usize, 0..4usize).prop_map(|(scope, from, to)| Op::Edge { scope, from, to }),
        2 => (0..2usize, 0..4usize, any::<bool>()).prop_map(|(scope, node, fail)| Op::Together { scope, node, fail }),
        3 => Just(Op::Snap),
        3 => any::<usize>().prop_map(|pick| Op::Read { pick }),
        1 => any::<usize>().prop_map(|pick| Op::Drop { pick }),
    ]
}

/// The store, the model of its newest state, and the snapshots held with the model of theirs.
struct World {
    kn: Kenning,
    ops: Principal,
    model: Model,
    /// Contents written so far: each capsule's first word is `k<n>`, unique.
    written: u64,
    held: Vec<(Snapshot, Model)>,
}

impl World {
    fn new() -> Self {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("ops");
        let mut model = Model::default();
        for s in SCOPES {
            kn.register_scope(&ops, s, ScopeKind::Agent).unwrap();
            model.scopes.insert(s.into());
        }
        Self {
            kn,
            ops,
            model,
            written: 0,
            held: Vec::new(),
        }
    }

    /// An existing capsule, chosen by `pick`.
    fn existing(&self, pick: usize) -> Option<u64> {
        let ids: Vec<u64> = self.model.capsules.keys().copied().collect();
        (!ids.is_empty()).then(|| ids[pick % ids.len()])
    }

    fn content(&mut self, what: &str) -> String {
        self.written += 1;
        format!("k{} memo {what}", self.written)
    }

    fn step(&mut self, op: &Op) {
        let (kn, ops) = (&self.kn.clone(), &self.ops.clone());
        match *op {
            Op::Put { scope, embed } => {
                let content = self.content("put");
                let capsule = NewCapsule::new(SCOPES[scope], &content);
                let id = self.model.next_capsule + 1;
                let mut view = CapsuleView::new(SCOPES[scope], &content);
                if embed {
                    let v = vector(id);
                    kn.put_batch_with_embeddings(ops, &[capsule], &[Some(&v)], MODEL)
                        .unwrap();
                    view.embedding = Some(bits(&v));
                    self.model.audit += 1;
                } else {
                    kn.put(ops, &capsule).unwrap();
                }
                self.model.capsules.insert(id, view);
                self.model.next_capsule = id;
            }
            Op::Attach { pick } => {
                let Some(id) = self.existing(pick) else {
                    return;
                };
                let v = vector(1_000_000 + self.written * 7 + id);
                self.written += 1;
                kn.attach_embedding(ops, CapsuleId::new(id), &v, MODEL)
                    .unwrap();
                self.model.capsules.get_mut(&id).unwrap().embedding = Some(bits(&v));
                self.model.audit += 1;
            }
            Op::Forget { pick } => {
                let Some(id) = self.existing(pick) else {
                    return;
                };
                kn.forget(ops, CapsuleId::new(id)).unwrap();
                self.model.capsules.remove(&id);
                self.model.audit += 1;
            }
            Op::Supersede { pick } => {
                let Some(id) = self.existing(pick) else {
                    return;
                };
                let scope = self.model.capsules[&id].scope.clone();
                let content = self.content("replacement");
                let result =
                    kn.supersede(ops, CapsuleId::new(id), &NewCapsule::new(&scope, &content));
                let old = self.model.capsules.get_mut(&id).unwrap();
                if old.fences.iter().any(|f| f == "superseded") {
                    assert!(result.is_err(), "a second supersession is refused");
                    return;
                }
                let new = result.unwrap();
                old.fences.push("superseded".into());
                old.fences.sort();
                self.model.next_capsule = new.get();
                self.model
                    .capsules
                    .insert(new.get(), CapsuleView::new(&scope, content));
                self.model.audit += 1;
            }
            Op::Quarantine { pick } => {
                let Some(id) = self.existing(pick) else {
                    return;
                };
                let view = self.model.capsules.get_mut(&id).unwrap();
                let quarantined = view.fences.iter().any(|f| f == "quarantined");
                let change = if quarantined {
                    view.fences.retain(|f| f != "quarantined");
                    LifecycleChange::Release
                } else {
                    view.fences.push("quarantined".into());
                    view.fences.sort();
                    LifecycleChange::Quarantine
                };
                kn.change_lifecycle(ops, CapsuleId::new(id), change)
                    .unwrap();
                self.model.audit += 1;
            }
            Op::Node { scope, node } => {
                let id = format!("n{node}");
                kn.commit_graph(
                    ops,
                    SCOPES[scope],
                    &GraphCommit::new().node(Node::new(&id, "N")),
                )
                .unwrap();
                self.model.nodes.insert((SCOPES[scope].into(), id), None);
            }
            Op::Edge { scope, from, to } => {
                let (a, b) = (format!("n{from}"), format!("n{to}"));
                let commit = GraphCommit::new().edge(Edge::new(&a, "LINKS", &b));
                let result = kn.commit_graph(ops, SCOPES[scope], &commit);
                let have = |n: &str| {
                    self.model
                        .nodes
                        .contains_key(&(SCOPES[scope].into(), n.into()))
                };
                if have(&a) && have(&b) {
                    result.unwrap();
                    self.model
                        .edges
                        .insert((SCOPES[scope].into(), a, "LINKS".into(), b));
                } else {
                    assert!(result.is_err(), "an edge to a missing node is refused");
                }
            }
            Op::Together { scope, node, fail } => {
                let content = self.content("together");
                let id = self.model.next_capsule + 1;
                let v = vector(id);
                let node_id = format!("n{node}");
                let result = kn.transaction(ops, |tx| {
                    let new = tx.put(&NewCapsule::new(SCOPES[scope], &content))?;
                    tx.attach_embedding(new, &v, MODEL)?;
                    tx.commit_graph(
                        SCOPES[scope],
                        &GraphCommit::new().node(Node::new(&node_id, "N")),
                    )?;
                    if fail {
                        tx.attach_embedding(new, &[1.0], MODEL)?;
                    }
                    Ok(new)
                });
                if fail {
                    assert!(result.is_err());
                    return;
                }
                assert_eq!(result.unwrap().get(), id);
                let mut view = CapsuleView::new(SCOPES[scope], content);
                view.embedding = Some(bits(&v));
                self.model.capsules.insert(id, view);
                self.model.next_capsule = id;
                self.model
                    .nodes
                    .insert((SCOPES[scope].into(), node_id), None);
                self.model.audit += 1;
            }
            Op::Snap => {
                let snap = kn.snapshot(ops).unwrap();
                self.held.push((snap, self.model.clone()));
                if self.held.len() > 4 {
                    self.held.remove(0);
                }
            }
            Op::Read { pick } => {
                if self.held.is_empty() {
                    return;
                }
                let (snap, model) = &self.held[pick % self.held.len()];
                check(snap, model, "a held snapshot");
            }
            Op::Drop { pick } => {
                if !self.held.is_empty() {
                    let n = self.held.len();
                    self.held.remove(pick % n);
                }
            }
        }
    }
}

fn check(snap: &Snapshot, model: &Model, what: &str) {
    let seen = observe_on(snap);
    assert_eq!(&seen, model, "{what} at generation {}", snap.generation());
    let problems = check_lanes_on(snap, model);
    assert!(problems.is_empty(), "{what}: {problems:#?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_snapshot_answers_the_state_it_was_taken_of(ops in prop::collection::vec(op(), 1..40)) {
        let mut world = World::new();
        for op in &ops {
            world.step(op);
            let now = world.kn.snapshot(&world.ops).unwrap();
            check(&now, &world.model, "the newest state");
        }
        // Every snapshot still held, after all the writes that followed it.
        for (snap, model) in &world.held {
            check(snap, model, "a snapshot held to the end");
        }
    }
}
