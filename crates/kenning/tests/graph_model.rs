//! State-machine test of graph memory through the facade against a plain in-memory model:
//! random sequences of direct node writes (with and without class, same and different classes),
//! edge writes, vocabulary declarations and removals at both levels, formations started and
//! committed (possibly after the vocabulary changed under them), queries and listings.
//!
//! After every step the store agrees with the model, and no node's first class ever changed
//! (G1–G4, G6, G9, F1, F3, F4, V11), and a formation leaves out exactly the relationships naming a
//! node nobody wrote, keeping the rest (G8).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};

use kenning::{
    Edge, ErrorCode, ExtractedEntity, Extraction, FilterKey, Formation, GraphCommit, GraphQuery,
    Kenning, Level, Node, Principal, ScopeKind, Traversal, Vocabulary,
};
use proptest::prelude::*;

const SCOPE: &str = "bot.model";
const IDS: [&str; 6] = ["a", "b", "c", "d", "e", "f"];
const LABELS: [&str; 3] = ["Ada", "Bob", "Cy"];
const CLASSES: [&str; 4] = ["Person", "Org", "Place", "Thing"];
const RELATIONS: [&str; 2] = ["KNOWS", "WORKS_AT"];

type Entity = (usize, usize, Option<usize>);
type Link = (usize, usize, usize);

#[derive(Debug, Clone)]
enum Op {
    Commit(Vec<Entity>, Vec<Link>),
    /// Declare at the enterprise (`false`) or scope (`true`) level; the classes as a bit set.
    Declare(bool, u8),
    Remove(bool),
    StartFormation,
    /// Commit to the running formation at this index (modulo how many run).
    CommitFormation(usize, Vec<Entity>, Vec<Link>),
    Query(Vec<(u8, usize)>, u32, bool),
    Inspect(u32),
}

fn entities() -> impl Strategy<Value = Vec<Entity>> {
    prop::collection::vec(
        (
            0..IDS.len(),
            0..LABELS.len(),
            prop::option::of(0..CLASSES.len()),
        ),
        0..4,
    )
}

fn links() -> impl Strategy<Value = Vec<Link>> {
    prop::collection::vec((0..IDS.len(), 0..RELATIONS.len(), 0..IDS.len()), 0..3)
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (entities(), links()).prop_map(|(n, e)| Op::Commit(n, e)),
        2 => (any::<bool>(), 0u8..16).prop_map(|(l, c)| Op::Declare(l, c)),
        1 => any::<bool>().prop_map(Op::Remove),
        2 => Just(Op::StartFormation),
        3 => (0usize..4, entities(), links()).prop_map(|(i, n, e)| Op::CommitFormation(i, n, e)),
        3 => (
            prop::collection::vec((0u8..3, 0usize..6), 0..3),
            1u32..6,
            any::<bool>()
        )
            .prop_map(|(f, l, t)| Op::Query(f, l, t)),
        1 => (1u32..5).prop_map(Op::Inspect),
    ]
}

fn classes(bits: u8) -> Vec<&'static str> {
    CLASSES
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, c)| *c)
        .collect()
}

fn vocabulary(bits: u8) -> Vocabulary {
    classes(bits)
        .into_iter()
        .fold(Vocabulary::empty(), |v, c| v.with_class(c, ""))
}

#[derive(Default)]
struct Model {
    nodes: BTreeMap<String, Node>,
    edges: BTreeSet<(String, String, String)>,
    first_class: BTreeMap<String, String>,
    enterprise: Option<u8>,
    scope: Option<u8>,
    /// The classes each running formation snapshotted (empty: nothing resolved).
    formations: Vec<BTreeSet<&'static str>>,
}

impl Model {
    fn resolved(&self) -> BTreeSet<&'static str> {
        let bits = match self.scope {
            Some(own) => own,
            None => self.enterprise.unwrap_or(0),
        };
        classes(bits).into_iter().collect()
    }

    /// The links of a commit of `nodes` that name a node neither written nor stored.
    fn dangling(&self, nodes: &[Node], links: &[Link]) -> Vec<usize> {
        (0..links.len())
            .filter(|&l| {
                let (s, _, t) = links[l];
                ![s, t].iter().all(|&i| {
                    nodes.iter().any(|n| n.id == IDS[i]) || self.nodes.contains_key(IDS[i])
                })
            })
            .collect()
    }

    /// Applies a commit the store accepted or refused, returning whether the model accepts it.
    fn commit(&mut self, nodes: &[Node], links: &[Link]) -> bool {
        if !self.dangling(nodes, links).is_empty() {
            return false;
        }
        self.apply(nodes, links.iter());
        true
    }

    /// Applies a formation commit, which the store always accepts: a relationship naming a
    /// missing node is left out (G8). Returns the links left out.
    fn form(&mut self, nodes: &[Node], links: &[Link]) -> Vec<usize> {
        let left_out = self.dangling(nodes, links);
        let kept = (0..links.len())
            .filter(|l| !left_out.contains(l))
            .map(|l| &links[l]);
        self.apply(nodes, kept);
        left_out
    }

    fn apply<'a>(&mut self, nodes: &[Node], links: impl Iterator<Item = &'a Link>) {
        for node in nodes {
            let mut stored = node.clone();
            match self.first_class.get(&node.id) {
                Some(first) => stored.node_type = Some(first.clone()),
                None => {
                    if let Some(c) = &node.node_type {
                        self.first_class.insert(node.id.clone(), c.clone());
                    }
                }
            }
            self.nodes.insert(node.id.clone(), stored);
        }
        for &(s, r, t) in links {
            self.edges.insert((
                IDS[s].to_owned(),
                RELATIONS[r].to_owned(),
                IDS[t].to_owned(),
            ));
        }
    }
}

fn nodes_of(entities: &[Entity], class: impl Fn(&str) -> Option<String>) -> Vec<Node> {
    entities
        .iter()
        .map(|&(i, l, c)| {
            let mut n = Node::new(IDS[i], LABELS[l]);
            n.node_type = c.and_then(|c| class(CLASSES[c]));
            n
        })
        .collect()
}

fn edges_of(links: &[Link]) -> Vec<Edge> {
    links
        .iter()
        .map(|&(s, r, t)| Edge::new(IDS[s], RELATIONS[r], IDS[t]))
        .collect()
}

fn level(scope: bool) -> Level<'static> {
    if scope {
        Level::Scope(SCOPE)
    } else {
        Level::Enterprise
    }
}

fn check_result<T: std::fmt::Debug>(result: kenning::Result<T>, accepted: bool) {
    match result {
        Ok(_) => assert!(accepted, "the store accepted what the model refuses"),
        Err(e) => {
            assert!(!accepted, "the store refused what the model accepts: {e}");
            assert_eq!(e.code(), ErrorCode::FailedPrecondition, "{e}");
        }
    }
}

fn run(ops: &[Op]) {
    let dir = tempfile::tempdir().unwrap();
    let kn = Kenning::open(dir.path().join("model.redb")).unwrap();
    let ops_p = Principal::operator("model");
    kn.register_scope(&ops_p, SCOPE, ScopeKind::Agent).unwrap();
    let mut model = Model::default();
    let mut running: Vec<Formation> = Vec::new();

    for op in ops {
        match op {
            Op::Commit(entities, links) => {
                let nodes = nodes_of(entities, |c| Some(c.to_owned()));
                let commit = GraphCommit {
                    nodes: nodes.clone(),
                    edges: edges_of(links),
                };
                let result = kn.commit_graph(&ops_p, SCOPE, &commit);
                check_result(result, model.commit(&nodes, links));
            }
            Op::Declare(scope, bits) => {
                kn.declare_vocabulary(&ops_p, level(*scope), &vocabulary(*bits))
                    .unwrap();
                *(if *scope {
                    &mut model.scope
                } else {
                    &mut model.enterprise
                }) = Some(*bits);
            }
            Op::Remove(scope) => {
                kn.remove_vocabulary(&ops_p, level(*scope)).unwrap();
                *(if *scope {
                    &mut model.scope
                } else {
                    &mut model.enterprise
                }) = None;
            }
            Op::StartFormation => {
                let f = kn.start_formation(&ops_p, SCOPE).unwrap();
                let snapshot: BTreeSet<&str> = f
                    .vocabulary()
                    .map(|v| v.entity_classes.iter().map(|c| c.name.as_str()).collect())
                    .unwrap_or_default();
                let want = model.resolved();
                assert_eq!(snapshot, want, "F1: the snapshot is what resolves");
                assert_eq!(f.prompt().is_some(), !want.is_empty(), "F2");
                model.formations.push(want);
                running.push(f);
            }
            Op::CommitFormation(i, entities, links) => {
                if running.is_empty() {
                    continue;
                }
                let i = i % running.len();
                let snapshot = model.formations[i].clone();
                let extraction = Extraction {
                    entities: entities
                        .iter()
                        .map(|&(id, l, c)| {
                            let e = ExtractedEntity::new(IDS[id], LABELS[l]);
                            match c {
                                Some(c) => e.candidate(CLASSES[c]),
                                None => e,
                            }
                        })
                        .collect(),
                    relationships: edges_of(links),
                };
                // F3: only the snapshot's classes are assigned; F4: none when it is empty.
                let nodes = nodes_of(entities, |c| snapshot.contains(c).then(|| c.to_owned()));
                let report = kn
                    .commit_formation(&ops_p, &running[i], &extraction)
                    .unwrap();
                let left_out: Vec<usize> = report
                    .graph
                    .edges_left_out
                    .iter()
                    .map(|l| l.index)
                    .collect();
                assert_eq!(
                    left_out,
                    model.form(&nodes, links),
                    "G8: only dangling links"
                );
            }
            Op::Query(filters, limit, traverse) => {
                let mut q = GraphQuery::new().limit(*limit);
                for &(key, v) in filters {
                    q = match key {
                        0 => q.filter(FilterKey::NodeId, IDS[v]),
                        1 => q.filter(FilterKey::Label, LABELS[v % LABELS.len()]),
                        _ => q.filter(FilterKey::NodeType, CLASSES[v % CLASSES.len()]),
                    };
                }
                if *traverse {
                    q = q.traverse(Traversal::new().limit(1000));
                }
                let got = kn.query_graph(&ops_p, SCOPE, &q).unwrap();
                let pick = |key: FilterKey| -> BTreeSet<&str> {
                    q.start
                        .filters
                        .iter()
                        .filter(|f| f.key == key)
                        .map(|f| f.value.as_str())
                        .collect()
                };
                let (ids, labels, types) = (
                    pick(FilterKey::NodeId),
                    pick(FilterKey::Label),
                    pick(FilterKey::NodeType),
                );
                let matching: Vec<&Node> = model
                    .nodes
                    .values()
                    .filter(|n| ids.is_empty() || ids.contains(n.id.as_str()))
                    .filter(|n| labels.is_empty() || labels.contains(n.label.as_str()))
                    .filter(|n| {
                        types.is_empty()
                            || n.node_type.as_deref().is_some_and(|c| types.contains(c))
                    })
                    .collect();
                let start: Vec<Node> = matching
                    .iter()
                    .take(*limit as usize)
                    .map(|n| (*n).clone())
                    .collect();
                assert_eq!(got.nodes[..start.len().min(got.nodes.len())], start[..]);
                if *traverse {
                    // One hop out of the start set: every out-edge, every neighbour once.
                    let from: BTreeSet<&str> = start.iter().map(|n| n.id.as_str()).collect();
                    let want_edges: BTreeSet<(String, String, String)> = model
                        .edges
                        .iter()
                        .filter(|(s, _, _)| from.contains(s.as_str()))
                        .cloned()
                        .collect();
                    let got_edges: BTreeSet<(String, String, String)> = got
                        .edges
                        .iter()
                        .map(|e| (e.source.clone(), e.relation_type.clone(), e.target.clone()))
                        .collect();
                    assert_eq!(got_edges, want_edges);
                    let mut want_nodes: BTreeSet<&str> = from.clone();
                    want_nodes.extend(want_edges.iter().map(|(_, _, t)| t.as_str()));
                    let got_nodes: BTreeSet<&str> =
                        got.nodes.iter().map(|n| n.id.as_str()).collect();
                    assert_eq!(got_nodes, want_nodes);
                    assert_eq!(got.nodes.len(), want_nodes.len(), "each node once");
                    for n in &got.nodes {
                        assert_eq!(n, &model.nodes[&n.id], "G7: reached nodes as stored");
                    }
                } else {
                    assert_eq!(got.nodes, start);
                    assert!(got.edges.is_empty());
                }
                assert_eq!(got.truncated, matching.len() > *limit as usize);
            }
            Op::Inspect(page) => {
                let mut listed = Vec::new();
                let mut after: Option<String> = None;
                loop {
                    let p = kn
                        .inspect_graph(&ops_p, SCOPE, after.as_deref(), *page)
                        .unwrap();
                    listed.extend(p.nodes);
                    match p.next {
                        Some(n) => after = Some(n),
                        None => break,
                    }
                }
                let want: Vec<Node> = model.nodes.values().cloned().collect();
                assert_eq!(listed, want, "G9");
            }
        }

        // After every step, vocabulary changes included (V11): the store is the model.
        let all = kn.inspect_graph(&ops_p, SCOPE, None, 1000).unwrap();
        let want: Vec<Node> = model.nodes.values().cloned().collect();
        assert_eq!(all.nodes, want);
        for node in &all.nodes {
            assert_eq!(
                node.node_type.as_ref(),
                model.first_class.get(&node.id),
                "G2: the first class of {} changed",
                node.id
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_store_agrees_with_the_model_and_first_classes_never_change(
        ops in prop::collection::vec(op(), 1..30)
    ) {
        run(&ops);
    }
}

#[test]
fn a_formation_outliving_two_declarations_uses_its_own_snapshot() {
    // A fixed sequence, so the F1 path is exercised on every run.
    run(&[
        Op::Declare(false, 0b0001),
        Op::StartFormation,
        Op::Declare(true, 0b0010),
        Op::StartFormation,
        Op::Declare(true, 0),
        Op::CommitFormation(0, vec![(0, 0, Some(0)), (1, 1, Some(1))], vec![(0, 0, 1)]),
        Op::CommitFormation(1, vec![(2, 2, Some(1)), (0, 0, Some(1))], vec![]),
        Op::Remove(true),
        Op::Commit(vec![(1, 1, Some(2))], vec![(1, 1, 5)]),
        Op::Query(vec![(2, 0)], 5, true),
        Op::Inspect(2),
    ]);
}
