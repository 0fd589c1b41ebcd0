//! Helpers shared by the durability tests: a seeded generator, a model of everything a reader
//! can observe in a store, and a check of that model through recall on every lane.

#![allow(dead_code, unreachable_pub, clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};

use kenning::{CapsuleId, Kenning, Lane, Level, Principal, RetrieveRequest, Snapshot, Vocabulary};

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
    /// (scope, source, relation type, target).
    pub edges: BTreeSet<(String, String, String, String)>,
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
            &self.edges,
        ) == (
            &other.scopes,
            &other.vocabularies,
            &other.keys,
            other.audit,
            &other.capsules,
            &other.nodes,
            &other.edges,
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
    /// The embedding's component bits, when it has one.
    pub embedding: Option<Vec<u32>>,
    /// Its thread's id and its position in it, when it declares one.
    pub thread: Option<(String, u64)>,
}

impl CapsuleView {
    /// A capsule as a put writes it: no fence, label or embedding.
    pub fn new(scope: &str, content: impl Into<String>) -> Self {
        Self {
            scope: scope.to_owned(),
            content: content.into(),
            fences: Vec::new(),
            label: None,
            embedding: None,
            thread: None,
        }
    }
}

/// The dimension of the durability workloads' embeddings.
pub const DIM: usize = 8;

/// The model tag of the durability workloads' embeddings.
pub const MODEL: &str = "durability-v1";

/// A vector for `seed`, pointing in a direction no other seed's comes near (components drawn
/// from a seeded generator: in 8 dimensions two such vectors have a cosine far below 1).
pub fn vector(seed: u64) -> Vec<f32> {
    vector_of(seed, DIM)
}

/// [`vector`] with `dimension` components.
pub fn vector_of(seed: u64, dimension: usize) -> Vec<f32> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    (0..dimension)
        .map(|_| (rng.below(2001) as f32 - 1000.0) / 1000.0 + 0.001)
        .collect()
}

pub fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// The first word of a durability workload's content: unique to its capsule.
pub fn token(content: &str) -> &str {
    content.split(' ').next().unwrap_or(content)
}

/// Whether a listing through recall is `want`, or, for a scope larger than one retrieval may
/// return, a full page of it.
fn same_or_capped(listed: &BTreeSet<u64>, want: &BTreeSet<u64>) -> bool {
    if want.len() <= kenning::MAX_LIMIT {
        listed == want
    } else {
        listed.len() == kenning::MAX_LIMIT && listed.is_subset(want)
    }
}

/// The word every durability workload's content holds, to list a whole scope through the term
/// lane.
pub const COMMON: &str = "memo";

/// Checks, through `retrieve` alone, that the term and vector lanes of `kn` answer exactly as
/// `model` says: every unfenced capsule is found at rank 1 of the term lane by its unique first
/// word with its exact content, and at rank 1 of the vector lane by its exact embedding (cosine
/// 1); a query for the common word lists exactly the unfenced capsules of each scope, and a
/// vector query with a large limit exactly the unfenced ones with an embedding (the first
/// [`MAX_LIMIT`](kenning::MAX_LIMIT) of them where a scope holds more). Returns what disagreed.
pub fn check_lanes(kn: &Kenning, model: &Model) -> Vec<String> {
    check_lanes_on(&kn.snapshot(&Principal::operator("check")).unwrap(), model)
}

/// [`check_lanes`] on one snapshot.
pub fn try_check_lanes_on(snap: &Snapshot, model: &Model) -> kenning::Result<Vec<String>> {
    let mut problems = Vec::new();
    fn live<'m>(
        model: &'m Model,
        scope: &'m str,
    ) -> impl Iterator<Item = (&'m u64, &'m CapsuleView)> {
        model
            .capsules
            .iter()
            .filter(move |(_, c)| c.scope == scope && c.fences.is_empty())
    }
    for scope in &model.scopes {
        for (id, c) in live(model, scope) {
            let id = CapsuleId::new(*id);
            let term = snap.retrieve(
                &RetrieveRequest::new(scope, token(&c.content))
                    .lane(Lane::Term)
                    .limit(3),
            )?;
            match term.hits.first() {
                Some(h) if h.capsule.id == id && h.capsule.content == c.content => {}
                other => problems.push(format!(
                    "term lane: {id} {:?} came back as {:?}",
                    c.content,
                    other.map(|h| (h.capsule.id, &h.capsule.content))
                )),
            }
            if let Some(e) = &c.embedding {
                let values: Vec<f32> = e.iter().map(|b| f32::from_bits(*b)).collect();
                let vector = snap.retrieve(
                    &RetrieveRequest::by_embedding(scope, values)
                        .lane(Lane::Vector)
                        .limit(1),
                )?;
                match vector.hits.first() {
                    Some(h) if h.capsule.id == id && h.vector.is_some_and(|v| v.score > 0.9999) => {
                    }
                    other => problems.push(format!(
                        "vector lane: {id} came back as {:?}",
                        other.map(|h| (h.capsule.id, h.vector))
                    )),
                }
            }
        }
        let want: BTreeSet<u64> = live(model, scope).map(|(id, _)| *id).collect();
        let listed: BTreeSet<u64> = snap
            .retrieve(
                &RetrieveRequest::new(scope, COMMON)
                    .lane(Lane::Term)
                    .limit(1000),
            )?
            .hits
            .iter()
            .map(|h| h.capsule.id.get())
            .collect();
        if !same_or_capped(&listed, &want) {
            problems.push(format!(
                "term lane of {scope}: {} capsules, want {}; extra {:?}",
                listed.len(),
                want.len(),
                listed.difference(&want).take(10).collect::<Vec<_>>()
            ));
        }
        let want: BTreeSet<u64> = live(model, scope)
            .filter(|(_, c)| c.embedding.is_some())
            .map(|(id, _)| *id)
            .collect();
        let listed: BTreeSet<u64> = match snap.embedder()? {
            Some(e) => snap
                .retrieve(
                    &RetrieveRequest::by_embedding(scope, vec![1.0; e.dimension as usize])
                        .lane(Lane::Vector)
                        .limit(1000),
                )?
                .hits
                .iter()
                .map(|h| h.capsule.id.get())
                .collect(),
            None => BTreeSet::new(),
        };
        if !same_or_capped(&listed, &want) {
            problems.push(format!(
                "vector lane of {scope}: {} capsules, want {}; extra {:?}",
                listed.len(),
                want.len(),
                listed.difference(&want).take(10).collect::<Vec<_>>()
            ));
        }
    }
    Ok(problems)
}

pub const SCOPES: [&str; 3] = ["bot.a", "bot.b", "person.c"];

/// [`try_check_lanes_on`] for a store that must read.
pub fn check_lanes_on(snap: &Snapshot, model: &Model) -> Vec<String> {
    try_check_lanes_on(snap, model).unwrap()
}

/// [`check_lanes`] where a read may fail (a damaged store opened without verification).
pub fn try_check_lanes(kn: &Kenning, model: &Model) -> kenning::Result<Vec<String>> {
    try_check_lanes_on(&kn.snapshot(&Principal::operator("check"))?, model)
}

pub fn level_key(level: Level<'_>) -> String {
    match level {
        Level::Enterprise => String::new(),
        Level::Scope(id) => id.to_owned(),
    }
}

/// Reads everything the model tracks back from a store.
pub fn observe(kn: &Kenning) -> Model {
    observe_on(&kn.snapshot(&Principal::operator("check")).unwrap())
}

/// [`observe`] on one snapshot.
pub fn observe_on(kn: &Snapshot) -> Model {
    observe_with(kn, true)
}

/// [`observe`] of a store that may have lost audit records (a salvaged one): no gap check.
pub fn observe_lossy(kn: &Kenning) -> Model {
    observe_with(&kn.snapshot(&Principal::operator("check")).unwrap(), false)
}

fn try_observe_with(kn: &Snapshot, gap_free: bool) -> kenning::Result<Model> {
    let scopes: BTreeSet<String> = kn.scopes()?.into_iter().map(|s| s.id).collect();
    let mut vocabularies = BTreeMap::new();
    let levels = std::iter::once(Level::Enterprise).chain(
        scopes
            .iter()
            .map(|s| Level::Scope(s.as_str()))
            .collect::<Vec<_>>(),
    );
    for level in levels {
        if let Some(v) = kn.vocabulary(level)?.declaration {
            vocabularies.insert(level_key(level), v);
        }
    }
    let keys = kn
        .api_keys()?
        .into_iter()
        .map(|k| (k.id, k.revoked.is_some()))
        .collect();
    let log = kn.audit_log(0, usize::MAX)?;
    for (i, r) in log.iter().enumerate() {
        assert!(!gap_free || r.seq == i as u64 + 1, "audit log has a gap");
    }
    let mut capsules = BTreeMap::new();
    let mut nodes = BTreeMap::new();
    let mut edges = BTreeSet::new();
    for scope in &scopes {
        let mut after = None;
        loop {
            let page = kn.capsules(scope, after, 1000)?;
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
                        embedding: kn.embedding(c.id)?.map(|e| bits(&e)),
                        thread: c.thread.map(|t| (t.id, t.position)),
                    },
                );
            }
        }
        let mut after: Option<String> = None;
        loop {
            let page = kn.inspect_graph(scope, after.as_deref(), 1000)?;
            for n in &page.nodes {
                nodes.insert((scope.clone(), n.id.clone()), n.node_type.clone());
            }
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        for r in kn.entity_graph(scope)?.relations {
            edges.insert((scope.clone(), r.source, r.relation_type, r.target));
        }
    }
    Ok(Model {
        scopes,
        vocabularies,
        keys,
        audit: log.len() as u64,
        capsules,
        nodes,
        edges,
        next_capsule: 0,
    })
}

fn observe_with(kn: &Snapshot, gap_free: bool) -> Model {
    try_observe_with(kn, gap_free).unwrap()
}

/// [`observe`] where a read may fail (a damaged store).
pub fn try_observe(kn: &Kenning) -> kenning::Result<Model> {
    try_observe_with(&kn.snapshot(&Principal::operator("check"))?, true)
}

/// [`try_observe`] without the audit gap check: for a store whose reads may be wrong, to be
/// compared with what it should hold.
pub fn try_observe_lossy(kn: &Kenning) -> kenning::Result<Model> {
    try_observe_with(&kn.snapshot(&Principal::operator("check"))?, false)
}

/// Fills `kn` with `scopes` agent scopes `s0`, `s1`, ..., each with a vocabulary of its own, eight
/// capsules of growing length (all but the last with an embedding of [`DIM`] under [`MODEL`])
/// and one graph node: every table a damaged file can break, small.
pub fn fill_scopes(kn: &Kenning, scopes: usize) {
    use kenning::{GraphCommit, NewCapsule, Node, ScopeKind};
    let ops = Principal::operator("ops");
    for i in 0..scopes {
        let id = format!("s{i}");
        kn.register_scope(&ops, &id, ScopeKind::Agent).unwrap();
        let v = Vocabulary::empty().with_class(format!("Class{i}"), "d".repeat(i * 5));
        kn.declare_vocabulary(&ops, Level::Scope(&id), &v).unwrap();
        let notes: Vec<NewCapsule> = (0..8)
            .map(|j| {
                NewCapsule::new(
                    &id,
                    format!("s{i}n{j} memo of scope {i}: {}", "words ".repeat(j)),
                )
            })
            .collect();
        let vectors: Vec<Vec<f32>> = (0..8).map(|j| vector((i * 8 + j + 1) as u64)).collect();
        // Every capsule but the last of each scope has an embedding.
        let embeddings: Vec<Option<&[f32]>> = vectors
            .iter()
            .enumerate()
            .map(|(j, v)| (j < 7).then_some(v.as_slice()))
            .collect();
        kn.put_batch_with_embeddings(&ops, &notes, &embeddings, MODEL)
            .unwrap();
        let node = Node::new(format!("n{i}"), format!("node {i}")).with_type("Thing");
        kn.commit_graph(&ops, &id, &GraphCommit::new().node(node))
            .unwrap();
    }
}
