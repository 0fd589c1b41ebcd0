//! The in-memory copy always equals what is committed: after random sequences of attach,
//! replace, remove, clear, refused writes, aborted transactions and reopens, the tables, the
//! copy and a plain model agree (E1–E5, and the copy's contract).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use common::{Store, expected_heap_bytes, temp, vector};
use kenning_vector::{Embedding, Error, ModelTag, attach, clear, get, list, remove, resident};
use proptest::prelude::*;

/// 1024 components: 32 rows per chunk, so scopes of up to 60 capsules span two chunks and
/// removals move rows across chunk boundaries.
const D: usize = 1024;
const SCOPES: [&str; 2] = ["alpha", "beta"];

#[derive(Debug, Clone)]
enum Op {
    Attach {
        scope: usize,
        capsule: u64,
        seed: u64,
        dim: usize,
        tag: &'static str,
    },
    Remove {
        scope: usize,
        capsule: u64,
    },
    Clear,
}

#[derive(Debug, Clone)]
enum Step {
    Commit(Vec<Op>),
    Abort(Vec<Op>),
    Reopen,
}

fn op() -> impl Strategy<Value = Op> {
    let attach = (
        0..SCOPES.len(),
        0u64..50,
        any::<u64>(),
        prop::sample::select(vec![D, D, D, D, D, D, D, D, D, 3]),
        prop::sample::select(vec!["m", "m", "m", "m", "m", "m", "m", "m", "m", "other"]),
    )
        .prop_map(|(scope, capsule, seed, dim, tag)| Op::Attach {
            scope,
            capsule,
            seed,
            dim,
            tag,
        });
    let remove =
        (0..SCOPES.len(), 0u64..50).prop_map(|(scope, capsule)| Op::Remove { scope, capsule });
    prop_oneof![12 => attach, 5 => remove, 1 => Just(Op::Clear)]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => prop::collection::vec(op(), 1..20).prop_map(Step::Commit),
        2 => prop::collection::vec(op(), 1..6).prop_map(Step::Abort),
        1 => Just(Step::Reopen),
    ]
}

/// The plain model: vectors per scope, each scope's append order, the resident embedder.
#[derive(Debug, Clone, Default)]
struct Model {
    vectors: BTreeMap<(usize, u64), Vec<f32>>,
    order: [Vec<u64>; 2],
    resident: Option<(&'static str, usize)>,
}

#[derive(Debug, PartialEq)]
enum Refusal {
    Tag,
    Dimension,
}

impl Model {
    fn apply(&mut self, op: &Op) -> Result<(), Refusal> {
        match *op {
            Op::Attach {
                scope,
                capsule,
                seed,
                dim,
                tag,
            } => {
                match self.resident {
                    Some((t, _)) if t != tag => return Err(Refusal::Tag),
                    Some((_, d)) if d != dim => return Err(Refusal::Dimension),
                    Some(_) => {}
                    None => self.resident = Some((tag, dim)),
                }
                let replaced = self
                    .vectors
                    .insert((scope, capsule), vector(seed, dim))
                    .is_some();
                if !replaced {
                    self.order[scope].push(capsule);
                }
            }
            Op::Remove { scope, capsule } => {
                if self.vectors.remove(&(scope, capsule)).is_some() {
                    self.order[scope].retain(|c| *c != capsule);
                    if self.vectors.is_empty() {
                        self.resident = None;
                    }
                }
            }
            Op::Clear => *self = Self::default(),
        }
        Ok(())
    }
}

fn run(
    txn: &redb::WriteTransaction,
    staged: &mut kenning_vector::Staged,
    op: &Op,
) -> kenning_vector::Result<()> {
    match *op {
        Op::Attach {
            scope,
            capsule,
            seed,
            dim,
            tag,
        } => {
            let e = Embedding::new(vector(seed, dim)).unwrap();
            attach(
                txn,
                staged,
                SCOPES[scope],
                capsule,
                e,
                &ModelTag::new(tag).unwrap(),
            )
            .map(drop)
        }
        Op::Remove { scope, capsule } => remove(txn, staged, SCOPES[scope], capsule).map(drop),
        Op::Clear => clear(txn, staged).map(drop),
    }
}

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn check(store: &Store, model: &Model) -> Result<(), TestCaseError> {
    let txn = store.read();
    let want_resident = model.resident.map(|(t, d)| (t.to_owned(), d as u32));
    let got = resident(&txn).unwrap().map(|r| (r.model_tag, r.dimension));
    prop_assert_eq!(&got, &want_resident);
    let got = store
        .vectors()
        .resident()
        .map(|r| (r.model_tag.clone(), r.dimension));
    prop_assert_eq!(&got, &want_resident);
    for (s, name) in SCOPES.iter().enumerate() {
        // The table: append order, and every vector bit for bit.
        let listed: Vec<u64> = list(&txn, name)
            .unwrap()
            .iter()
            .map(|l| l.capsule)
            .collect();
        prop_assert_eq!(&listed, &model.order[s]);
        for c in &model.order[s] {
            let stored = get(&txn, name, *c).unwrap().unwrap();
            prop_assert_eq!(bits(stored.values()), bits(&model.vectors[&(s, *c)]));
        }
        // The copy: the same vectors, nothing more, and memory exactly as documented.
        let want: BTreeMap<u64, common::Owned> = model
            .vectors
            .iter()
            .filter(|((scope, _), _)| *scope == s)
            .map(|((_, c), v)| (*c, common::quantized(*c, v)))
            .collect();
        match store.vectors().scope(name) {
            None => prop_assert!(want.is_empty(), "scope {} missing from the copy", name),
            Some(copy) => {
                let got: BTreeMap<u64, common::Owned> =
                    copy.rows().map(|r| (r.capsule, common::owned(r))).collect();
                prop_assert_eq!(copy.len(), got.len(), "no capsule twice");
                prop_assert_eq!(&got, &want);
                prop_assert_eq!(
                    copy.heap_bytes(),
                    expected_heap_bytes(copy.len(), copy.dimension())
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_copy_equals_the_tables_after_any_history(steps in prop::collection::vec(step(), 1..24)) {
        let (_dir, path) = temp();
        let mut store = Store::open(&path);
        let mut model = Model::default();
        for step in &steps {
            match step {
                Step::Commit(ops) => {
                    // One transaction; a refusal aborts all of it, as the facade does.
                    let mut tentative = model.clone();
                    let predicted = ops.iter().map(|op| tentative.apply(op)).position(|r| r.is_err());
                    let outcome = store.write(|txn, staged| {
                        for op in ops {
                            run(txn, staged, op)?;
                        }
                        Ok(())
                    });
                    match (predicted, outcome) {
                        (None, Ok(())) => model = tentative,
                        (Some(i), Err(e)) => {
                            let mut replay = model.clone();
                            let want = ops[..=i].iter().map(|op| replay.apply(op)).find_map(Result::err);
                            let got = match e {
                                Error::ModelTagMismatch { .. } => Some(Refusal::Tag),
                                Error::DimensionMismatch { .. } => Some(Refusal::Dimension),
                                other => panic!("unexpected error {other}"),
                            };
                            prop_assert_eq!(got, want);
                        }
                        (p, o) => prop_assert!(false, "model predicted {:?}, store said {:?}", p, o),
                    }
                }
                Step::Abort(ops) => {
                    store.aborted(|txn, staged| {
                        for op in ops {
                            if run(txn, staged, op).is_err() {
                                break;
                            }
                        }
                    });
                }
                Step::Reopen => store = store.reopen(),
            }
            check(&store, &model)?;
        }
        // A rebuild from the file gives the same copy as the applied change-sets did.
        let store = store.reopen();
        check(&store, &model)?;
    }
}
