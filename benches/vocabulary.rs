//! Vocabulary costs: validate + render a maximal declaration (the work every formation start
//! does), and declare + read back on a store file (a durable commit and a snapshot read).
//!
//! Reference in the same run: serializing the same vocabulary to JSON, the least work any
//! implementation must do to hand the declaration to storage.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use kenning::{Kenning, Level, Principal, ScopeKind};
use kenning_vocab::{
    MAX_DESCRIPTION_CHARS, MAX_ENTITY_CLASSES, MAX_NAME_CHARS, MAX_RELATION_TYPES, MAX_SIGNATURES,
    RelationType, Vocabulary,
};
use std::hint::black_box;

/// 32 classes, 32 relation types with 6 signatures each, every name and description at its bound.
fn maximal() -> Vocabulary {
    let name = |prefix: &str, i: usize| {
        let base = format!("{prefix}{i}_");
        format!("{base}{}", "x".repeat(MAX_NAME_CHARS - base.len()))
    };
    let description = |i: usize| {
        let text =
            format!("description {i} with a line\nbreak and enough words to fill the bound ");
        text.repeat(8)
            .chars()
            .take(MAX_DESCRIPTION_CHARS)
            .collect::<String>()
    };
    let mut v = Vocabulary::empty();
    for i in 0..MAX_ENTITY_CLASSES {
        v = v.with_class(name("Class", i), description(i));
    }
    for i in 0..MAX_RELATION_TYPES {
        let mut r = RelationType::new(name("REL", i), description(i + 100));
        for j in 0..MAX_SIGNATURES {
            r = r.with_signature(
                v.entity_classes[(i + j) % MAX_ENTITY_CLASSES].name.clone(),
                v.entity_classes[(i * 3 + j) % MAX_ENTITY_CLASSES]
                    .name
                    .clone(),
            );
        }
        v = v.with_relation(r);
    }
    v.validate().expect("maximal vocabulary is valid");
    v
}

fn bench(c: &mut Criterion) {
    let v = maximal();
    let mut g = c.benchmark_group("vocabulary_maximal");
    g.bench_function("reference_serialize_json", |b| {
        b.iter(|| serde_json::to_vec(black_box(&v)).unwrap())
    });
    g.bench_function("validate", |b| b.iter(|| black_box(&v).validate().unwrap()));
    g.bench_function("render", |b| b.iter(|| black_box(&v).render()));
    g.bench_function("validate_and_render", |b| {
        b.iter(|| {
            black_box(&v).validate().unwrap();
            black_box(&v).render()
        })
    });

    let dir = tempfile::tempdir().unwrap();
    let store = Kenning::open(dir.path().join("bench.redb")).unwrap();
    let ops = Principal::operator("bench");
    store
        .register_scope(&ops, "bench.scope", ScopeKind::Agent)
        .unwrap();
    let level = Level::Scope("bench.scope");
    g.bench_function("declare_durable_commit", |b| {
        b.iter(|| {
            store
                .declare_vocabulary(&ops, level, black_box(&v))
                .unwrap()
        })
    });
    g.bench_function("read_back", |b| {
        b.iter(|| store.vocabulary(&ops, level).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
