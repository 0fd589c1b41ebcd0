//! Helpers shared by the durability tests: a seeded generator and a model of everything a
//! reader can observe in a store.

#![allow(dead_code, unreachable_pub, clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};

use kenning::{Kenning, Level, Principal, Vocabulary};

/// A small deterministic generator (xorshift64*), so every failure names a reproducible seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// What a reader of the store can observe, compared whole (`next_capsule` excepted: a reader
/// cannot see the id counter, only the ids it handed out).
#[derive(Debug, Clone, Default)]
pub struct Model {
    pub scopes: BTreeSet<String>,
    pub vocabularies: BTreeMap<String, Vocabulary>,
    pub keys: BTreeMap<String, bool>,
    pub audit: u64,
    pub capsules: BTreeMap<u64, CapsuleView>,
    /// (scope, node id) → class.
    pub nodes: BTreeMap<(String, String), Option<String>>,
    pub next_capsule: u64,
}

impl PartialEq for Model {
    fn eq(&self, other: &Self) -> bool {
        (
            &self.scopes,
            &self.vocabularies,
            &self.keys,
            self.audit,
            &self.capsules,
            &self.nodes,
        ) == (
            &other.scopes,
            &other.vocabularies,
            &other.keys,
            other.audit,
            &other.capsules,
            &other.nodes,
        )
    }
}

/// One capsule as a reader sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CapsuleView {
    pub scope: String,
    pub content: String,
    pub fences: Vec<String>,
    pub label: Option<String>,
}

pub const SCOPES: [&str; 3] = ["bot.a", "bot.b", "person.c"];

pub fn level_key(level: Level<'_>) -> String {
    match level {
        Level::Enterprise => String::new(),
        Level::Scope(id) => id.to_owned(),
    }
}

/// Reads everything the model tracks back from a store.
pub fn observe(kn: &Kenning) -> Model {
    let ops = Principal::operator("check");
    let scopes: BTreeSet<String> = kn.scopes(&ops).unwrap().into_iter().map(|s| s.id).collect();
    let mut vocabularies = BTreeMap::new();
    let levels = std::iter::once(Level::Enterprise).chain(
        scopes
            .iter()
            .map(|s| Level::Scope(s.as_str()))
            .collect::<Vec<_>>(),
    );
    for level in levels {
        if let Some(v) = kn.vocabulary(&ops, level).unwrap().declaration {
            vocabularies.insert(level_key(level), v);
        }
    }
    let keys = kn
        .api_keys(&ops)
        .unwrap()
        .into_iter()
        .map(|k| (k.id, k.revoked.is_some()))
        .collect();
    let log = kn.audit_log(&ops, 0, usize::MAX).unwrap();
    for (i, r) in log.iter().enumerate() {
        assert_eq!(r.seq, i as u64 + 1, "audit log has a gap");
    }
    let mut capsules = BTreeMap::new();
    let mut nodes = BTreeMap::new();
    for scope in &scopes {
        let mut after = None;
        loop {
            let page = kn.capsules(&ops, scope, after, 1000).unwrap();
            let Some(last) = page.last() else { break };
            after = Some(last.id);
            for c in page {
                capsules.insert(
                    c.id.get(),
                    CapsuleView {
                        scope: c.scope,
                        content: c.content,
                        fences: c
                            .lifecycle
                            .fences()
                            .iter()
                            .map(|f| f.as_str().to_owned())
                            .collect(),
                        label: c.classification.map(|l| l.label.kind().as_str().to_owned()),
                    },
                );
            }
        }
        let mut after: Option<String> = None;
        loop {
            let page = kn
                .inspect_graph(&ops, scope, after.as_deref(), 1000)
                .unwrap();
            for n in &page.nodes {
                nodes.insert((scope.clone(), n.id.clone()), n.node_type.clone());
            }
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
    }
    Model {
        scopes,
        vocabularies,
        keys,
        audit: log.len() as u64,
        capsules,
        nodes,
        next_capsule: 0,
    }
}
