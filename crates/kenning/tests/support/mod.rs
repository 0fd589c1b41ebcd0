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

/// What a reader of the store can observe, compared whole.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Model {
    pub scopes: BTreeSet<String>,
    pub vocabularies: BTreeMap<String, Vocabulary>,
    pub keys: BTreeMap<String, bool>,
    pub audit: u64,
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
    Model {
        scopes,
        vocabularies,
        keys,
        audit: log.len() as u64,
    }
}
