//! Checking a store file, and salvaging what still reads from a damaged one:
//! [`Kenning::check`] and [`Kenning::salvage`], behind `kenning store check` and
//! `kenning store salvage`.
//!
//! A check opens the file as a read-only handle does (every page checksum verified, in a private
//! view) and then reads back and decodes every record. A salvage opens the damaged file without
//! verification, in a private view, and copies into a new store every record that still reads and
//! decodes, table by table: the facade's records as they are (capsule ids kept), the term index
//! rebuilt from the capsules copied, the graph and the embeddings through their crates' own reads
//! and writes. A damaged page loses the rows it held; past it a copy resumes at the next key that
//! reads (for tables keyed by number) or stops (for the others), and the report says which.

use std::path::{Path, PathBuf};

use redb::{ReadableDatabase as _, ReadableTable, TableDefinition, TableHandle as _};
use serde::Serialize;

use kenning_table::DbResult;

use crate::Kenning;
use crate::canon;
use crate::capsule::{CAPSULES, Canonical, LIFECYCLE, SCOPE_CAPSULES, TERM_INDEX, term};
use crate::error::{Error, Result};
use crate::record;
use crate::store::OpenOptions;

/// What [`Kenning::check`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CheckReport {
    /// The file checked.
    pub path: PathBuf,
    /// Every page checksum held and every record decoded: the store is sound.
    pub sound: bool,
    /// Capsules read back.
    pub capsules: u64,
    /// Embeddings read back.
    pub embeddings: u64,
    /// Graph nodes read back.
    pub nodes: u64,
    /// What was wrong, one line each; empty when sound.
    pub problems: Vec<String>,
}

/// What one table of a salvage copied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct TableSalvage {
    /// The table, e.g. `kenning.capsules`.
    pub table: String,
    /// Rows copied.
    pub copied: u64,
    /// Rows that were read but did not decode, and were left out.
    pub undecodable: u64,
    /// Places where reading failed, and what was skipped there.
    pub damage: Vec<String>,
}

/// What [`Kenning::salvage`] copied and what it could not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct SalvageReport {
    /// The damaged store read.
    pub from: PathBuf,
    /// The new store written.
    pub to: PathBuf,
    /// Per table of the facade.
    pub tables: Vec<TableSalvage>,
    /// Capsules in the new store (their term index is rebuilt from them).
    pub capsules: u64,
    /// Embeddings copied.
    pub embeddings: u64,
    /// Graph nodes and edges copied.
    pub nodes: u64,
    /// Graph edges copied.
    pub edges: u64,
    /// What could not be copied beyond rows of the tables above, one line each.
    pub lost: Vec<String>,
}

impl SalvageReport {
    /// Whether everything read: no table lost a row and nothing else was lost.
    #[must_use]
    pub fn complete(&self) -> bool {
        self.lost.is_empty()
            && self
                .tables
                .iter()
                .all(|t| t.undecodable == 0 && t.damage.is_empty())
    }
}

impl Kenning {
    /// Verifies the store file at `path` and reads back every record: the checks of a
    /// read-only open (every page checksum, in a private view that never writes the file), then
    /// every capsule, lifecycle, embedding and graph node decoded. A damaged store is reported,
    /// not refused: [`CheckReport::sound`] is `false` and [`CheckReport::problems`] says why.
    ///
    /// ```
    /// use kenning::{Kenning, NewCapsule, Principal, ScopeKind};
    /// # let dir = tempfile::tempdir()?;
    /// let path = dir.path().join("memory.redb");
    /// let kn = Kenning::open(&path)?;
    /// let ops = Principal::operator("ops");
    /// kn.register_scope(&ops, "bot.a", ScopeKind::Agent)?;
    /// kn.put(&ops, &NewCapsule::new("bot.a", "Ana prefers email."))?;
    /// drop(kn);
    /// let report = Kenning::check(&path)?;
    /// assert!(report.sound && report.capsules == 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Storage`] when the file cannot be opened at all (missing, held by a writer).
    pub fn check(path: impl AsRef<Path>) -> Result<CheckReport> {
        let path = path.as_ref();
        let mut report = CheckReport {
            path: path.to_owned(),
            sound: false,
            capsules: 0,
            embeddings: 0,
            nodes: 0,
            problems: Vec::new(),
        };
        let kn = match OpenOptions::new().ignoring_seals().open_read_only(path) {
            Ok(kn) => kn,
            Err(e) if e.to_string().contains("held by a writer") => return Err(e),
            Err(e) if e.to_string().contains("there is no file there") => return Err(e),
            Err(e) => {
                report.problems.push(e.to_string());
                return Ok(report);
            }
        };
        let checked = crate::error::contain(path, || {
            let txn = kn.read()?;
            let canon = txn.open_table(CAPSULES).db()?;
            for row in canon.iter().db()? {
                let (id, bytes) = row.db()?;
                match canon::canonical(bytes.value()) {
                    Ok(_) => report.capsules += 1,
                    Err(e) => report
                        .problems
                        .push(format!("capsule cap-{}: {e}", id.value())),
                }
            }
            let lifecycle = txn.open_table(LIFECYCLE).db()?;
            for row in lifecycle.iter().db()? {
                let (id, bytes) = row.db()?;
                if let Err(e) = canon::fences(bytes.value()) {
                    report
                        .problems
                        .push(format!("lifecycle of cap-{}: {e}", id.value()));
                }
            }
            let vectors = kenning_vector::VectorSet::load(&txn)?;
            report.embeddings = vectors.len() as u64;
            for scope in crate::scope::list_all(&txn.open_table(crate::scope::SCOPES).db()?)? {
                let mut after: Option<String> = None;
                loop {
                    let page = kenning_graph::list_nodes(&txn, &scope, after.as_deref(), 1000)?;
                    report.nodes += page.nodes.len() as u64;
                    match page.next {
                        Some(next) => after = Some(next),
                        None => break,
                    }
                }
            }
            Ok(())
        });
        if let Err(e) = checked {
            report.problems.push(e.to_string());
        }
        report.sound = report.problems.is_empty();
        Ok(report)
    }

    /// Copies every record of the store at `from` that still reads into a new store created at
    /// `to`, and reports what was copied and what was lost: the way out of a store
    /// [`check`](Self::check) finds damaged. `from` is opened without verification in a private
    /// view (so the damage can be read around) and never written; `to` must not exist.
    ///
    /// The facade's records are copied as they are, capsule ids included; capsules keep their
    /// lifecycle, labels and epistemics where those read; the term index is rebuilt from the
    /// capsules copied; graph nodes and edges, and embeddings, are read and written through
    /// their crates. An embedding, lifecycle or label whose capsule was lost is left out. A
    /// damaged page loses the rows it held: past it a copy resumes at the next key that reads
    /// in tables keyed by number, and stops in the others.
    ///
    /// # Errors
    /// [`Error::Storage`] when `from` cannot be read at all (a destroyed header: then only a
    /// backup helps), or `to` exists or cannot be written.
    pub fn salvage(from: impl AsRef<Path>, to: impl AsRef<Path>) -> Result<SalvageReport> {
        let (from, to) = (from.as_ref(), to.as_ref());
        if to.exists() {
            return Err(Error::Storage {
                message: format!(
                    "{} exists: salvage writes a new store, so name a path that does not exist",
                    to.display()
                ),
                source: None,
            });
        }
        let overlay = crate::storage::Overlay::open(from)
            .map_err(|e| Error::storage(format!("cannot read {}: {e}", from.display()), e))?;
        let damaged = crate::error::contain(from, || {
            let mut builder = redb::Builder::new();
            builder.set_check_integrity_on_open(false);
            Ok(builder.create_with_backend(overlay))
        })?
        .db()
        .map_err(|e| crate::error::opening(from, true, e))?;
        // Closed as a handle's database is: redb's close walks trees the damage may break, so
        // a panic there is contained rather than unwinding out of this call.
        let damaged = crate::store::Db::new(damaged);
        let target = Self::open(to)?;
        let mut report = SalvageReport {
            from: from.to_owned(),
            to: to.to_owned(),
            tables: Vec::new(),
            capsules: 0,
            embeddings: 0,
            nodes: 0,
            edges: 0,
            lost: Vec::new(),
        };
        crate::error::contain(from, || {
            let txn = damaged.get()?.begin_read().db()?;
            copy_records(&txn, &target, &mut report)?;
            rebuild_term_index(&target, &mut report)?;
            copy_graph(&txn, &target, &mut report)?;
            copy_embeddings(&txn, &target, &mut report)?;
            Ok(())
        })
        .or_else(|e| {
            report.lost.push(format!("the salvage stopped early: {e}"));
            Ok::<(), Error>(())
        })?;
        Ok(report)
    }
}

/// Runs one read of the damaged store, turning a panic inside redb into an error like the
/// others, so that a damaged page costs its rows and not the salvage.
fn guarded<T>(
    f: impl FnOnce() -> std::result::Result<T, redb::StorageError>,
) -> std::result::Result<T, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("the storage engine could not read a damaged page".to_owned()),
    }
}

/// The first key at or after `at` that reads, if any.
fn first_key_from<V: redb::Value + 'static>(
    src: &redb::ReadOnlyTable<u64, V>,
    at: u64,
) -> std::result::Result<Option<u64>, String> {
    guarded(|| match src.range(at..)?.next() {
        Some(row) => Ok(Some(row?.0.value())),
        None => Ok(None),
    })
}

/// Past damage met at key `from`: the first key that reads again, found by doubling the step
/// from `from` and then narrowing down, or `None` when nothing past it reads.
fn resume_after<V: redb::Value + 'static>(
    src: &redb::ReadOnlyTable<u64, V>,
    from: u64,
) -> Option<u64> {
    let mut step = 1u64;
    let found = loop {
        let at = from.checked_add(step)?;
        match first_key_from(src, at) {
            Ok(Some(key)) => break (at, key),
            Ok(None) => return None,
            Err(_) => step = step.checked_mul(2)?,
        }
    };
    // Narrow [from + 1, at] to the first start that reads, so that few readable keys are skipped.
    let (mut lo, mut hi, mut key) = (from + 1, found.0, found.1);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match first_key_from(src, mid) {
            Ok(Some(k)) => {
                hi = mid;
                key = k;
            }
            _ => lo = mid + 1,
        }
    }
    Some(key)
}

/// Copies the rows of the numbered table `def` that read and that `keep` accepts, resuming past
/// damage at the next key that reads.
fn copy_numbered<V: redb::Value + 'static>(
    from: &redb::ReadTransaction,
    to: &redb::WriteTransaction,
    def: TableDefinition<'static, u64, V>,
    keep: impl FnMut(u64, &V::SelfType<'_>) -> bool,
) -> Result<TableSalvage> {
    Ok(copy_numbered_ranges(from, to, def, keep)?.0)
}

/// [`copy_numbered`], also returning the key ranges that did not read (inclusive).
fn copy_numbered_ranges<V: redb::Value + 'static>(
    from: &redb::ReadTransaction,
    to: &redb::WriteTransaction,
    def: TableDefinition<'static, u64, V>,
    mut keep: impl FnMut(u64, &V::SelfType<'_>) -> bool,
) -> Result<(TableSalvage, Vec<(u64, u64)>)> {
    let mut ranges = Vec::new();
    let mut report = TableSalvage {
        table: def.name().to_owned(),
        copied: 0,
        undecodable: 0,
        damage: Vec::new(),
    };
    let src = match guarded(|| {
        from.open_table(def).map_err(|e| match e {
            redb::TableError::Storage(s) => s,
            other => redb::StorageError::Corrupted(other.to_string()),
        })
    }) {
        Ok(t) => t,
        Err(e) => {
            report
                .damage
                .push(format!("the table does not open ({e}): nothing of it read"));
            return Ok((report, vec![(0, u64::MAX)]));
        }
    };
    let mut dst = to.open_table(def).db()?;
    let mut at = 0u64;
    loop {
        let mut iter = match guarded(|| src.range(at..)) {
            Ok(iter) => iter,
            Err(e) => {
                report.damage.push(format!("from key {at} on: {e}"));
                ranges.push((at, u64::MAX));
                break;
            }
        };
        let broke;
        loop {
            match guarded(|| iter.next().transpose()) {
                Ok(Some((k, v))) => {
                    let key = k.value();
                    if keep(key, &v.value()) {
                        dst.insert(key, v.value()).db()?;
                        report.copied += 1;
                    } else {
                        report.undecodable += 1;
                    }
                    match key.checked_add(1) {
                        Some(next) => at = next,
                        None => return Ok((report, ranges)),
                    }
                }
                Ok(None) => return Ok((report, ranges)),
                Err(e) => {
                    broke = e;
                    break;
                }
            }
        }
        let e = broke;
        match resume_after(&src, at) {
            Some(next) => {
                report
                    .damage
                    .push(format!("keys {at} to {}: unreadable ({e})", next - 1));
                ranges.push((at, next - 1));
                at = next;
            }
            None => {
                report
                    .damage
                    .push(format!("keys from {at} on: unreadable ({e})"));
                ranges.push((at, u64::MAX));
                break;
            }
        }
    }
    Ok((report, ranges))
}

/// Copies the rows of the table `def`, keyed by text, until the first damage.
fn copy_named<V: redb::Value + 'static>(
    from: &redb::ReadTransaction,
    to: &redb::WriteTransaction,
    def: TableDefinition<'static, &'static str, V>,
    skip: &[&str],
) -> Result<TableSalvage> {
    let mut report = TableSalvage {
        table: def.name().to_owned(),
        copied: 0,
        undecodable: 0,
        damage: Vec::new(),
    };
    let rows = guarded(|| {
        let src = from.open_table(def).map_err(|e| match e {
            redb::TableError::Storage(s) => s,
            other => redb::StorageError::Corrupted(other.to_string()),
        })?;
        let mut rows = Vec::new();
        let mut damage = None;
        for row in src.iter()? {
            match row {
                Ok((k, v)) => rows.push((
                    k.value().to_owned(),
                    V::as_bytes(&v.value()).as_ref().to_vec(),
                )),
                Err(e) => {
                    damage = Some(e.to_string());
                    break;
                }
            }
        }
        Ok((rows, damage))
    });
    let (rows, damage) = match rows {
        Ok(r) => r,
        Err(e) => (Vec::new(), Some(e)),
    };
    if let Some(e) = damage {
        report
            .damage
            .push(format!("the rows after the last one copied: {e}"));
    }
    let mut dst = to.open_table(def).db()?;
    for (key, bytes) in rows {
        if skip.contains(&key.as_str()) {
            continue;
        }
        dst.insert(key.as_str(), V::from_bytes(&bytes)).db()?;
        report.copied += 1;
    }
    Ok(report)
}

/// The facade's own tables, in one transaction of the new store.
fn copy_records(
    from: &redb::ReadTransaction,
    to: &Kenning,
    report: &mut SalvageReport,
) -> Result<()> {
    to.write(|w| {
        let txn = w.txn;
        let mut kept: std::collections::BTreeMap<u64, String> = std::collections::BTreeMap::new();
        let mut threaded: Vec<(u64, crate::thread::Thread)> = Vec::new();
        report
            .tables
            .push(copy_named(from, txn, crate::scope::SCOPES, &[])?);
        report
            .tables
            .push(copy_named(from, txn, crate::vocabulary::VOCABULARY, &[])?);
        report
            .tables
            .push(copy_named(from, txn, crate::store::META, &["generation"])?);
        report
            .tables
            .push(copy_numbered(from, txn, crate::keys::API_KEYS, |_, _| {
                true
            })?);
        report
            .tables
            .push(copy_numbered(from, txn, crate::audit::AUDIT, |_, _| true)?);
        report.tables.push(copy_numbered(
            from,
            txn,
            CAPSULES,
            |id, bytes| match canon::canonical(bytes) {
                Ok(c) => {
                    if let Some(t) = c.thread {
                        threaded.push((id, t));
                    }
                    kept.insert(id, c.scope);
                    true
                }
                Err(_) => false,
            },
        )?);
        let (table, mut doubtful) = copy_numbered_ranges(from, txn, LIFECYCLE, |id, bytes| {
            kept.contains_key(&id) && canon::fences(bytes).is_ok()
        })?;
        report.tables.push(table);
        let (table, lost_labels) =
            copy_numbered_ranges(from, txn, crate::classification::LABELS, |id, bytes| {
                kept.contains_key(&id)
                    && record::decode::<crate::classification::PersistedLabel>(
                        crate::classification::LABELS.name(),
                        bytes,
                    )
                    .is_ok()
            })?;
        report.tables.push(table);
        doubtful.extend(lost_labels);
        report.tables.push(copy_numbered(
            from,
            txn,
            crate::classification::EPISTEMICS,
            |id, bytes| {
                kept.contains_key(&id)
                    && record::decode::<kenning_classify::Epistemics>(
                        crate::classification::EPISTEMICS.name(),
                        bytes,
                    )
                    .is_ok()
            },
        )?);
        let mut observed: Vec<(u64, String)> = Vec::new();
        report.tables.push(copy_numbered(
            from,
            txn,
            crate::entity::OBSERVED,
            |id, name| {
                let keep = kept.contains_key(&id);
                if keep {
                    observed.push((id, (*name).to_owned()));
                }
                keep
            },
        )?);
        // A capsule whose fences or label may have been lost (it fell in a range that did not
        // read) might have been quarantined, falsified or tainted: it is quarantined, so that
        // a salvage never returns a fenced or tainted memory to recall unnoticed.
        let mut fences = txn.open_table(LIFECYCLE).db()?;
        let mut quarantined = 0u64;
        for id in kept.keys() {
            if !doubtful.iter().any(|(lo, hi)| (*lo..=*hi).contains(id)) {
                continue;
            }
            let mut f: crate::capsule::Fences = match fences.get(*id).db()? {
                Some(v) => canon::fences(v.value())?,
                None => crate::capsule::Fences::default(),
            };
            if !f.quarantined {
                f.quarantined = true;
                fences
                    .insert(*id, canon::encode_fences(&f).as_slice())
                    .db()?;
                quarantined += 1;
            }
        }
        drop(fences);
        if quarantined > 0 {
            report.lost.push(format!(
                "{quarantined} capsules whose lifecycle or label did not read were quarantined: \
                 review them, then release them (kenning memory release)"
            ));
        }
        // The listing, the entity links and the thread index are indexes of the records above:
        // rebuilt from them.
        let mut listing = txn.open_table(SCOPE_CAPSULES).db()?;
        for (id, scope) in &kept {
            listing.insert((scope.as_str(), *id), ()).db()?;
        }
        drop(listing);
        let mut links = txn.open_table(crate::entity::OBSERVATIONS).db()?;
        for (id, name) in &observed {
            if let Some(scope) = kept.get(id) {
                links
                    .insert((scope.as_str(), name.as_str(), *id), ())
                    .db()?;
            }
        }
        drop(links);
        for (id, t) in &threaded {
            if let Some(scope) = kept.get(id) {
                crate::thread::index(txn, scope, *id, t)?;
            }
        }
        // Ids are never handed out twice: the counter stays past every id copied.
        let mut meta = txn.open_table(crate::store::META).db()?;
        let next = meta
            .get(crate::capsule::NEXT_ID)
            .db()?
            .map_or(1, |v| v.value());
        let floor = kept.keys().next_back().map_or(1, |last| last + 1);
        meta.insert(crate::capsule::NEXT_ID, next.max(floor)).db()?;
        report.capsules = kept.len() as u64;
        Ok(())
    })
}

/// The term index of the new store, built from its capsules.
fn rebuild_term_index(to: &Kenning, report: &mut SalvageReport) -> Result<()> {
    let _ = report;
    to.write(|w| {
        let txn = w.txn;
        let canon = txn.open_table(CAPSULES).db()?;
        let mut by_scope: std::collections::BTreeMap<String, Vec<(u64, String)>> =
            std::collections::BTreeMap::new();
        for row in canon.iter().db()? {
            let (id, bytes) = row.db()?;
            let c: Canonical = canon::canonical(bytes.value())?;
            by_scope
                .entry(c.scope)
                .or_default()
                .push((id.value(), c.content));
        }
        drop(canon);
        for (scope, docs) in by_scope {
            for part in docs.chunks(crate::capsule::MAX_BATCH) {
                let refs: Vec<(u64, &str)> = part.iter().map(|(id, c)| (*id, c.as_str())).collect();
                term(TERM_INDEX.insert(txn, &scope, &refs))?;
            }
        }
        Ok(())
    })
}

/// Graph nodes and edges of every salvaged scope, read page by page and written in the new
/// store's transaction.
fn copy_graph(
    from: &redb::ReadTransaction,
    to: &Kenning,
    report: &mut SalvageReport,
) -> Result<()> {
    let scopes =
        to.write(|w| crate::scope::list_all(&w.txn.open_table(crate::scope::SCOPES).db()?))?;
    for scope in scopes {
        let mut nodes = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let page = crate::error::contain(&report.from, || {
                Ok(kenning_graph::list_nodes(
                    from,
                    &scope,
                    after.as_deref(),
                    1000,
                )?)
            });
            match page {
                Ok(page) => {
                    nodes.extend(page.nodes);
                    match page.next {
                        Some(next) => after = Some(next),
                        None => break,
                    }
                }
                Err(e) => {
                    report
                        .lost
                        .push(format!("graph nodes of {scope} after {after:?}: {e}"));
                    break;
                }
            }
        }
        let mut edges = Vec::new();
        let mut cursor: Option<kenning_graph::EdgeRef> = None;
        loop {
            let page = crate::error::contain(&report.from, || {
                Ok(kenning_graph::list_edges(
                    from,
                    &scope,
                    cursor.as_ref(),
                    1000,
                )?)
            });
            match page {
                Ok(page) => {
                    edges.extend(page.edges);
                    match page.next {
                        Some(next) => cursor = Some(next),
                        None => break,
                    }
                }
                Err(e) => {
                    report.lost.push(format!("graph edges of {scope}: {e}"));
                    break;
                }
            }
        }
        let held: std::collections::HashSet<&str> = nodes.iter().map(|n| n.id.as_str()).collect();
        let (kept, dropped): (Vec<_>, Vec<_>) = edges
            .into_iter()
            .partition(|e| held.contains(e.source.as_str()) && held.contains(e.target.as_str()));
        if !dropped.is_empty() {
            report.lost.push(format!(
                "{} edges of {scope} whose end was lost",
                dropped.len()
            ));
        }
        for part in nodes.chunks(kenning_graph::MAX_COMMIT_NODES) {
            let commit = kenning_graph::GraphCommit {
                nodes: part.to_vec(),
                edges: Vec::new(),
            };
            let checked = commit.check()?;
            to.write(|w| Ok(kenning_graph::write(w.txn, &mut w.graph, &scope, &checked)?))?;
            report.nodes += part.len() as u64;
        }
        for part in kept.chunks(kenning_graph::MAX_COMMIT_EDGES) {
            let commit = kenning_graph::GraphCommit {
                nodes: Vec::new(),
                edges: part.to_vec(),
            };
            let checked = commit.check()?;
            to.write(|w| Ok(kenning_graph::write(w.txn, &mut w.graph, &scope, &checked)?))?;
            report.edges += part.len() as u64;
        }
    }
    Ok(())
}

/// Every embedding whose capsule was salvaged, under the damaged store's resident model tag.
fn copy_embeddings(
    from: &redb::ReadTransaction,
    to: &Kenning,
    report: &mut SalvageReport,
) -> Result<()> {
    let resident = match crate::error::contain(&report.from, || Ok(kenning_vector::resident(from)?))
    {
        Ok(Some(r)) => r,
        Ok(None) => return Ok(()),
        Err(e) => {
            report.lost.push(format!(
                "the embeddings: the resident embedder does not read ({e})"
            ));
            return Ok(());
        }
    };
    let tag = kenning_vector::ModelTag::new(resident.model_tag)?;
    let kept: Vec<(String, u64)> = to.write(|w| {
        let listing = w.txn.open_table(SCOPE_CAPSULES).db()?;
        let mut out = Vec::new();
        for row in listing.iter().db()? {
            let (key, _) = row.db()?;
            let (scope, id) = key.value();
            out.push((scope.to_owned(), id));
        }
        Ok(out)
    })?;
    let mut lost = 0u64;
    for part in kept.chunks(crate::capsule::MAX_BATCH) {
        let mut found = Vec::new();
        for (scope, id) in part {
            match crate::error::contain(&report.from, || Ok(kenning_vector::get(from, scope, *id)?))
            {
                Ok(Some(e)) => found.push((scope.clone(), *id, e)),
                Ok(None) => {}
                Err(_) => lost += 1,
            }
        }
        to.write(|w| {
            for (scope, id, e) in found {
                kenning_vector::attach(w.txn, &mut w.vectors, &scope, id, e, &tag)?;
                report.embeddings += 1;
            }
            Ok(())
        })?;
    }
    if lost > 0 {
        report
            .lost
            .push(format!("{lost} embeddings that did not read"));
    }
    Ok(())
}
