//! The postings index in redb: insertion, removal and BM25 search.
//!
//! ## Tables
//!
//! | table | key | value |
//! | --- | --- | --- |
//! | `term.scopes` | scope id | the scope's number and statistics (`N`, Σ`dl`, detected languages) |
//! | `term.postings` | scope number · term · 0 · lower bound | a block of up to [`BLOCK_POSTINGS`] postings |
//! | `term.docs` | document id | the document's scope, language, length and distinct terms |
//! | `term.scope_ids` | scope number | scope id |
//! | `term.meta` | name | counters (the next scope number) |
//!
//! ## Postings in blocks
//!
//! A term's postings in a scope are split into blocks, each a redb value holding up to
//! [`BLOCK_POSTINGS`] postings sorted by document id, delta- and varint-encoded (about four bytes
//! a posting). A block is keyed by a lower bound on its documents; the blocks of one term are
//! contiguous in key order and their ranges do not overlap. This layout is what makes both targets
//! reachable:
//!
//! - **Insertion touches the tail, once per batch.** A batch of documents is grouped by term
//!   first; each distinct term then costs one lookup of the block its first new document falls in
//!   (for ascending ids, the term's last block, found with one reverse range step) and one write
//!   of that block, plus fresh blocks when it fills. A full block is never rewritten by an append.
//!   Whole postings lists are never rewritten.
//! - **A query reads a few values per term.** A term found in 50 000 documents is about 400 values
//!   read by one range scan, not 50 000 rows; every posting carries its document's length, so
//!   scoring never looks anything up.
//!
//! Removal rewrites the one block holding the document in each of its terms (the document's own
//! record lists them) and deletes a block it empties. Blocks are never merged: a scope that
//! removes most of what it stored keeps some sparse blocks, which cost space, never correctness.
//!
//! ## Search
//!
//! Document-at-a-time over the query's terms: each term's postings are decoded into
//! `(document, contribution)` pairs in document order, the lists are merged by document id, and
//! each document's score enters a bounded heap of the best `limit`. The caller's `accept`
//! predicate runs only for a document whose score would enter the heap, *before* it enters: a
//! rejected document never takes a place, so the result is exactly the ranking of the accepted
//! documents, while the predicate runs about `limit · ln(matches)` times, not once per match.

use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashMap};

use redb::{ReadTransaction, ReadableTable, TableDefinition, TableHandle, WriteTransaction};

use crate::analyze::{Language, analyze};
use crate::bm25::Bm25;
use crate::codec::{
    DocRecord, Posting, ScopeRecord, block_key, block_len, corrupt, decode_block, decode_doc,
    decode_scope, encode_block, encode_doc, encode_scope, key_lower, read_block,
};
use crate::error::{DbResult, Error, Result};

/// scope id → [`ScopeRecord`].
pub(crate) const SCOPES: TableDefinition<'static, &str, &[u8]> =
    TableDefinition::new("term.scopes");
/// block key → postings block.
pub(crate) const POSTINGS: TableDefinition<'static, &[u8], &[u8]> =
    TableDefinition::new("term.postings");
/// document id → [`DocRecord`].
pub(crate) const DOCS: TableDefinition<'static, u64, &[u8]> = TableDefinition::new("term.docs");
/// scope number → scope id.
pub(crate) const SCOPE_IDS: TableDefinition<'static, u32, &str> =
    TableDefinition::new("term.scope_ids");
/// counter name → value.
pub(crate) const META: TableDefinition<'static, &str, u64> = TableDefinition::new("term.meta");

const NEXT_SCOPE: &str = "scope.next";

/// At most this many postings in one block.
pub const BLOCK_POSTINGS: usize = 128;

/// The statistics of one scope's index (see [`crate::bm25`] for how BM25 reads them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ScopeStats {
    /// `N`: documents indexed in the scope.
    pub docs: u64,
    /// Σ `dl`: terms over those documents, repeats counted.
    pub terms: u64,
    /// Documents whose language was detected as English.
    pub english: u64,
    /// Documents whose language was detected as Portuguese.
    pub portuguese: u64,
}

impl ScopeStats {
    /// `avgdl`, the mean document length; 0 for an empty scope.
    #[must_use]
    pub fn avgdl(&self) -> f64 {
        if self.docs == 0 {
            0.0
        } else {
            self.terms as f64 / self.docs as f64
        }
    }

    /// The scope's prevailing language: the one more of its documents were detected in, English
    /// on a tie. Texts and queries with no language signal are analysed in it.
    #[must_use]
    pub fn prevailing(&self) -> Language {
        if self.portuguese > self.english {
            Language::Portuguese
        } else {
            Language::English
        }
    }

    fn of(r: &ScopeRecord) -> Self {
        Self {
            docs: r.docs,
            terms: r.tokens,
            english: r.detected[0],
            portuguese: r.detected[1],
        }
    }
}

/// One search result: a document and its BM25 score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    /// The document id.
    pub doc: u64,
    /// Its BM25 score, above 0.
    pub score: f64,
}

/// The BM25 term index over redb tables. Holds only its parameters: every operation takes the
/// caller's transaction, and never begins or commits one.
#[derive(Debug, Clone, Copy, Default)]
pub struct TermIndex {
    bm25: Bm25,
}

impl TermIndex {
    /// An index scoring with `bm25`.
    #[must_use]
    pub const fn new(bm25: Bm25) -> Self {
        Self { bm25 }
    }

    /// The BM25 parameters.
    #[must_use]
    pub fn bm25(&self) -> Bm25 {
        self.bm25
    }

    /// Creates the index's tables, so that later read transactions find them.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub fn create_tables(&self, txn: &WriteTransaction) -> Result<()> {
        txn.open_table(SCOPES).db()?;
        txn.open_table(POSTINGS).db()?;
        txn.open_table(DOCS).db()?;
        txn.open_table(SCOPE_IDS).db()?;
        txn.open_table(META).db()?;
        Ok(())
    }

    /// Indexes `docs` (id, text) into `scope`, in `txn`. Ids must be new to the index (across
    /// scopes: a document lives in one scope). Texts are analysed in order, each with the
    /// scope's prevailing language as its fallback at that point (see [`crate::analyze`]).
    ///
    /// # Errors
    /// [`Error::DuplicateDoc`] when an id is already indexed (the transaction is then partly
    /// written: abort it), [`Error::Storage`], [`Error::Corrupt`], [`Error::NewerFormat`].
    pub fn insert(&self, txn: &WriteTransaction, scope: &str, docs: &[(u64, &str)]) -> Result<()> {
        if docs.is_empty() {
            return Ok(());
        }
        let mut scopes = txn.open_table(SCOPES).db()?;
        let mut rec = match scopes.get(scope).db()? {
            Some(v) => decode_scope(SCOPES.name(), v.value())?,
            None => {
                let number = next_scope_number(txn)?;
                txn.open_table(SCOPE_IDS).db()?.insert(number, scope).db()?;
                ScopeRecord {
                    number,
                    ..ScopeRecord::default()
                }
            }
        };

        let mut doc_table = txn.open_table(DOCS).db()?;
        let mut batch: HashMap<String, Vec<Posting>> = HashMap::new();
        let mut buf = Vec::new();
        for &(doc, text) in docs {
            if doc_table.get(doc).db()?.is_some() {
                return Err(Error::DuplicateDoc { doc });
            }
            let analysis = analyze(text, ScopeStats::of(&rec).prevailing());
            let dl = u32::try_from(analysis.terms.len()).unwrap_or(u32::MAX);
            let terms = count(analysis.terms);
            for (term, tf) in &terms {
                let p = Posting { doc, tf: *tf, dl };
                match batch.get_mut(term.as_str()) {
                    Some(list) => list.push(p),
                    None => {
                        batch.insert(term.clone(), vec![p]);
                    }
                }
            }
            let record = DocRecord {
                scope: rec.number,
                language: analysis.language,
                detected: analysis.detected,
                dl,
                terms,
            };
            encode_doc(&record, &mut buf);
            doc_table.insert(doc, buf.as_slice()).db()?;
            rec.docs += 1;
            rec.tokens += u64::from(dl);
            if analysis.detected {
                rec.detected[usize::from(analysis.language.code())] += 1;
            }
        }

        let mut postings = txn.open_table(POSTINGS).db()?;
        let mut terms: Vec<(String, Vec<Posting>)> = batch.into_iter().collect();
        terms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut scratch = Scratch::default();
        for (term, mut list) in terms {
            list.sort_unstable_by_key(|p| p.doc);
            merge_into(&mut postings, rec.number, &term, &list, &mut scratch)?;
        }
        scopes.insert(scope, encode_scope(&rec).as_slice()).db()?;
        Ok(())
    }

    /// Removes document `doc` from the index, in `txn`: every posting and its share of the
    /// statistics. Returns whether it was indexed.
    ///
    /// # Errors
    /// [`Error::Storage`], [`Error::Corrupt`] (also when a posting the document's record lists is
    /// missing), [`Error::NewerFormat`].
    pub fn remove(&self, txn: &WriteTransaction, doc: u64) -> Result<bool> {
        let mut doc_table = txn.open_table(DOCS).db()?;
        let record = match doc_table.remove(doc).db()? {
            Some(v) => decode_doc(DOCS.name(), v.value())?,
            None => return Ok(false),
        };
        let mut postings = txn.open_table(POSTINGS).db()?;
        let mut list = Vec::new();
        let mut buf = Vec::new();
        for (term, _) in &record.terms {
            let lo = block_key(record.scope, term, 0);
            let at = block_key(record.scope, term, doc);
            let found = {
                let mut range = postings.range(lo.as_slice()..=at.as_slice()).db()?;
                match range.next_back() {
                    Some(entry) => {
                        let (k, v) = entry.db()?;
                        Some((k.value().to_vec(), v.value().to_vec()))
                    }
                    None => None,
                }
            };
            let Some((key, bytes)) = found else {
                return Err(corrupt(POSTINGS.name(), "a document's posting is missing"));
            };
            let lower = key_lower(POSTINGS.name(), &key)?;
            read_block(POSTINGS.name(), lower, &bytes, &mut list)?;
            let Ok(i) = list.binary_search_by_key(&doc, |p| p.doc) else {
                return Err(corrupt(POSTINGS.name(), "a document's posting is missing"));
            };
            list.remove(i);
            if list.is_empty() {
                postings.remove(key.as_slice()).db()?;
            } else {
                encode_block(lower, &list, &mut buf);
                postings.insert(key.as_slice(), buf.as_slice()).db()?;
            }
        }

        let scope = match txn.open_table(SCOPE_IDS).db()?.get(record.scope).db()? {
            Some(v) => v.value().to_owned(),
            None => return Err(corrupt(SCOPE_IDS.name(), "a document's scope is missing")),
        };
        let mut scopes = txn.open_table(SCOPES).db()?;
        let Some(mut rec) = scope_record(&scopes, &scope)? else {
            return Err(corrupt(SCOPES.name(), "a document's scope is missing"));
        };
        rec.docs = rec.docs.saturating_sub(1);
        rec.tokens = rec.tokens.saturating_sub(u64::from(record.dl));
        if record.detected {
            let slot = &mut rec.detected[usize::from(record.language.code())];
            *slot = slot.saturating_sub(1);
        }
        scopes
            .insert(scope.as_str(), encode_scope(&rec).as_slice())
            .db()?;
        Ok(true)
    }

    /// The statistics of `scope`; all zero for a scope with nothing indexed.
    ///
    /// # Errors
    /// [`Error::Storage`], [`Error::Corrupt`], [`Error::NewerFormat`].
    pub fn stats(&self, txn: &ReadTransaction, scope: &str) -> Result<ScopeStats> {
        let scopes = txn.open_table(SCOPES).db()?;
        Ok(scope_record(&scopes, scope)?
            .as_ref()
            .map(ScopeStats::of)
            .unwrap_or_default())
    }

    /// `df`: how many documents of `scope` hold `term` (an analysed term, as
    /// [`analyze`](crate::analyze()) produces).
    ///
    /// # Errors
    /// [`Error::Storage`], [`Error::Corrupt`], [`Error::NewerFormat`].
    pub fn document_frequency(
        &self,
        txn: &ReadTransaction,
        scope: &str,
        term: &str,
    ) -> Result<u64> {
        let scopes = txn.open_table(SCOPES).db()?;
        let Some(rec) = scope_record(&scopes, scope)? else {
            return Ok(0);
        };
        let postings = txn.open_table(POSTINGS).db()?;
        let lo = block_key(rec.number, term, 0);
        let hi = block_key(rec.number, term, u64::MAX);
        let mut df = 0;
        for entry in postings.range(lo.as_slice()..=hi.as_slice()).db()? {
            let (_, v) = entry.db()?;
            df += block_len(POSTINGS.name(), v.value())?;
        }
        Ok(df)
    }

    /// The best `limit` documents of `scope` for `query` by BM25, best first (ties: lower id
    /// first), among the documents `accept` lets through. Documents matching no query term are
    /// never returned. `accept` runs only for a document that would enter the current best
    /// `limit`, before it does (see the module docs).
    ///
    /// The query is analysed like a text, with the scope's prevailing language as its fallback.
    /// A query with no term left after analysis (only stop words) finds nothing.
    ///
    /// # Errors
    /// [`Error::Storage`], [`Error::Corrupt`], [`Error::NewerFormat`].
    pub fn search(
        &self,
        txn: &ReadTransaction,
        scope: &str,
        query: &str,
        limit: usize,
        accept: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Vec<Scored>> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let scopes = txn.open_table(SCOPES).db()?;
        let Some(rec) = scope_record(&scopes, scope)? else {
            return Ok(Vec::new());
        };
        let stats = ScopeStats::of(&rec);
        if stats.docs == 0 || stats.terms == 0 {
            return Ok(Vec::new());
        }
        let avgdl = stats.avgdl();
        let query_terms = count(analyze(query, stats.prevailing()).terms);

        let postings = txn.open_table(POSTINGS).db()?;
        let mut lists: Vec<Vec<(u64, f64)>> = Vec::with_capacity(query_terms.len());
        for (term, qtf) in &query_terms {
            let lo = block_key(rec.number, term, 0);
            let hi = block_key(rec.number, term, u64::MAX);
            let mut blocks = Vec::new();
            let mut df = 0u64;
            for entry in postings.range(lo.as_slice()..=hi.as_slice()).db()? {
                let (k, v) = entry.db()?;
                df += block_len(POSTINGS.name(), v.value())?;
                blocks.push((key_lower(POSTINGS.name(), k.value())?, v));
            }
            if df == 0 {
                continue;
            }
            let weight = f64::from(*qtf) * self.bm25.idf(stats.docs, df);
            let mut list = Vec::with_capacity(usize::try_from(df).unwrap_or(0));
            for (lower, v) in &blocks {
                decode_block(POSTINGS.name(), *lower, v.value(), |p| {
                    list.push((p.doc, self.bm25.term_score(weight, p.tf, p.dl, avgdl)));
                })?;
            }
            lists.push(list);
        }
        Ok(top(&lists, limit, accept))
    }
}

/// Merges sorted lists by document, sums each document's contributions (in list order) and
/// keeps the best `limit` that `accept` lets through.
fn top(
    lists: &[Vec<(u64, f64)>],
    limit: usize,
    accept: &mut dyn FnMut(u64) -> bool,
) -> Vec<Scored> {
    let mut at = vec![0usize; lists.len()];
    let mut heap: BinaryHeap<Reverse<Ranked>> = BinaryHeap::with_capacity(limit.min(4096) + 1);
    loop {
        let mut doc = u64::MAX;
        let mut any = false;
        for (list, &i) in lists.iter().zip(&at) {
            if let Some(&(d, _)) = list.get(i) {
                any = true;
                doc = doc.min(d);
            }
        }
        if !any {
            break;
        }
        let mut score = 0.0;
        for (list, i) in lists.iter().zip(at.iter_mut()) {
            if let Some(&(d, s)) = list.get(*i)
                && d == doc
            {
                score += s;
                *i += 1;
            }
        }
        let candidate = Ranked { score, doc };
        let enters =
            heap.len() < limit || heap.peek().is_some_and(|Reverse(worst)| candidate > *worst);
        if enters && accept(doc) {
            if heap.len() == limit {
                heap.pop();
            }
            heap.push(Reverse(candidate));
        }
    }
    let mut out: Vec<Ranked> = heap.into_iter().map(|Reverse(r)| r).collect();
    out.sort_unstable_by(|a, b| b.cmp(a));
    out.into_iter()
        .map(|r| Scored {
            doc: r.doc,
            score: r.score,
        })
        .collect()
}

/// A scored document ordered from worst to best: lower score is worse, and on equal scores the
/// higher id is worse.
#[derive(Debug, Clone, Copy)]
struct Ranked {
    score: f64,
    doc: u64,
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then_with(|| other.doc.cmp(&self.doc))
    }
}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

/// Distinct terms in byte order with their counts.
fn count(mut terms: Vec<String>) -> Vec<(String, u32)> {
    terms.sort_unstable();
    let mut out: Vec<(String, u32)> = Vec::with_capacity(terms.len());
    for t in terms {
        match out.last_mut() {
            Some((last, n)) if *last == t => *n = n.saturating_add(1),
            _ => out.push((t, 1)),
        }
    }
    out
}

fn scope_record(
    scopes: &impl ReadableTable<&'static str, &'static [u8]>,
    scope: &str,
) -> Result<Option<ScopeRecord>> {
    match scopes.get(scope).db()? {
        Some(v) => Ok(Some(decode_scope(SCOPES.name(), v.value())?)),
        None => Ok(None),
    }
}

fn next_scope_number(txn: &WriteTransaction) -> Result<u32> {
    let mut meta = txn.open_table(META).db()?;
    let next = meta.get(NEXT_SCOPE).db()?.map_or(0, |v| v.value());
    let number =
        u32::try_from(next).map_err(|_| corrupt(META.name(), "scope numbers exhausted"))?;
    meta.insert(NEXT_SCOPE, next + 1).db()?;
    Ok(number)
}

#[derive(Default)]
struct Scratch {
    existing: Vec<Posting>,
    merged: Vec<Posting>,
    buf: Vec<u8>,
}

/// Adds `new` (sorted by doc, none already present) to `term`'s postings in scope `scope`.
fn merge_into(
    table: &mut redb::Table<'_, &'static [u8], &'static [u8]>,
    scope: u32,
    term: &str,
    new: &[Posting],
    s: &mut Scratch,
) -> Result<()> {
    let lo = block_key(scope, term, 0);
    let hi = block_key(scope, term, u64::MAX);
    let name = POSTINGS.name();
    let mut rest = new;
    // The common case first: ids ascend, so the new postings go after the term's last block.
    let last = last_entry(table, &lo, &hi)?;
    while let Some(first) = rest.first() {
        let d = first.doc;
        // The block `d` falls in (the one with the greatest lower bound ≤ d), and the lower bound
        // of the block after it, which bounds what may join it.
        let (target, next) = match &last {
            Some((lower, bytes)) if *lower <= d => (Some((*lower, bytes.clone())), None),
            _ => {
                let at = block_key(scope, term, d);
                let target = last_entry(table, &lo, &at)?;
                let from = target.as_ref().map_or(d, |(l, _)| l.saturating_add(1));
                let next = first_lower(table, &block_key(scope, term, from), &hi)?;
                (target, next)
            }
        };
        let take = next.map_or(rest.len(), |n| rest.partition_point(|p| p.doc < n));
        let (joining, later) = rest.split_at(take);
        rest = later;
        match target {
            None => write_chunks(table, scope, term, None, joining, true, s)?,
            Some((lower, bytes)) => {
                read_block(name, lower, &bytes, &mut s.existing)?;
                let appending = s.existing.last().is_none_or(|p| p.doc < d);
                if appending && s.existing.len() >= BLOCK_POSTINGS {
                    // A full block is left as it is; the new postings start fresh blocks.
                    write_chunks(table, scope, term, None, joining, true, s)?;
                } else {
                    let mut merged = std::mem::take(&mut s.merged);
                    merge_sorted(&s.existing, joining, &mut merged)?;
                    write_chunks(table, scope, term, Some(lower), &merged, appending, s)?;
                    s.merged = merged;
                }
            }
        }
    }
    Ok(())
}

/// The key's lower bound and the value of the last entry in `lo..=hi`.
fn last_entry(
    table: &redb::Table<'_, &'static [u8], &'static [u8]>,
    lo: &[u8],
    hi: &[u8],
) -> Result<Option<(u64, Vec<u8>)>> {
    let mut range = table.range(lo..=hi).db()?;
    match range.next_back() {
        Some(entry) => {
            let (k, v) = entry.db()?;
            Ok(Some((
                key_lower(POSTINGS.name(), k.value())?,
                v.value().to_vec(),
            )))
        }
        None => Ok(None),
    }
}

/// The lower bound of the first entry in `lo..=hi`.
fn first_lower(
    table: &redb::Table<'_, &'static [u8], &'static [u8]>,
    lo: &[u8],
    hi: &[u8],
) -> Result<Option<u64>> {
    let mut range = table.range(lo..=hi).db()?;
    match range.next() {
        Some(entry) => {
            let (k, _) = entry.db()?;
            Ok(Some(key_lower(POSTINGS.name(), k.value())?))
        }
        None => Ok(None),
    }
}

fn merge_sorted(a: &[Posting], b: &[Posting], out: &mut Vec<Posting>) -> Result<()> {
    out.clear();
    out.reserve(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while let (Some(x), Some(y)) = (a.get(i), b.get(j)) {
        match x.doc.cmp(&y.doc) {
            Ordering::Less => {
                out.push(*x);
                i += 1;
            }
            Ordering::Greater => {
                out.push(*y);
                j += 1;
            }
            Ordering::Equal => return Err(Error::DuplicateDoc { doc: x.doc }),
        }
    }
    out.extend_from_slice(a.get(i..).unwrap_or_default());
    out.extend_from_slice(b.get(j..).unwrap_or_default());
    Ok(())
}

/// Writes `postings` as blocks. The first block goes under `first_lower` when given (rewriting
/// an existing block), every other under its first document. Appended postings fill blocks to
/// [`BLOCK_POSTINGS`] so that ascending inserts leave full blocks behind; postings merged into
/// the middle of a list are spread evenly, leaving room on both sides.
fn write_chunks(
    table: &mut redb::Table<'_, &'static [u8], &'static [u8]>,
    scope: u32,
    term: &str,
    first_lower: Option<u64>,
    postings: &[Posting],
    appending: bool,
    s: &mut Scratch,
) -> Result<()> {
    if postings.is_empty() {
        return Ok(());
    }
    let chunk = if appending {
        BLOCK_POSTINGS
    } else {
        let blocks = postings.len().div_ceil(BLOCK_POSTINGS);
        postings.len().div_ceil(blocks)
    };
    for (n, part) in postings.chunks(chunk).enumerate() {
        let lower = match (n, first_lower) {
            (0, Some(lower)) => lower,
            _ => part.first().map_or(0, |p| p.doc),
        };
        encode_block(lower, part, &mut s.buf);
        let key = block_key(scope, term, lower);
        table.insert(key.as_slice(), s.buf.as_slice()).db()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use redb::{Database, ReadableDatabase, backends::InMemoryBackend};

    fn db() -> Database {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        let txn = db.begin_write().unwrap();
        TermIndex::default().create_tables(&txn).unwrap();
        txn.commit().unwrap();
        db
    }

    fn blocks(db: &Database, scope: u32, term: &str) -> Vec<(u64, Vec<Posting>)> {
        let txn = db.begin_read().unwrap();
        let t = txn.open_table(POSTINGS).unwrap();
        let lo = block_key(scope, term, 0);
        let hi = block_key(scope, term, u64::MAX);
        t.range(lo.as_slice()..=hi.as_slice())
            .unwrap()
            .map(|e| {
                let (k, v) = e.unwrap();
                let lower = key_lower("t", k.value()).unwrap();
                let mut list = Vec::new();
                read_block("t", lower, v.value(), &mut list).unwrap();
                (lower, list)
            })
            .collect()
    }

    fn insert(db: &Database, scope: &str, docs: &[(u64, &str)]) {
        let txn = db.begin_write().unwrap();
        TermIndex::default().insert(&txn, scope, docs).unwrap();
        txn.commit().unwrap();
    }

    fn check_invariants(list: &[(u64, Vec<Posting>)]) {
        let mut prev: Option<u64> = None;
        for (i, (lower, postings)) in list.iter().enumerate() {
            assert!(!postings.is_empty() && postings.len() <= BLOCK_POSTINGS);
            assert!(postings[0].doc >= *lower);
            if let Some(p) = prev {
                assert!(postings[0].doc > p, "block {i} overlaps the previous one");
            }
            assert!(postings.windows(2).all(|w| w[0].doc < w[1].doc));
            prev = postings.last().map(|p| p.doc);
        }
    }

    #[test]
    fn ascending_batches_leave_full_blocks() {
        let db = db();
        let mut id = 1;
        for _ in 0..5 {
            let docs: Vec<(u64, &str)> = (0..100)
                .map(|_| {
                    id += 1;
                    (id, "apple pie")
                })
                .collect();
            insert(&db, "s", &docs);
        }
        let list = blocks(&db, 0, "appl");
        check_invariants(&list);
        assert_eq!(list.iter().map(|(_, p)| p.len()).sum::<usize>(), 500);
        assert_eq!(
            list.iter().map(|(_, p)| p.len()).collect::<Vec<_>>(),
            [128, 128, 128, 116]
        );
    }

    #[test]
    fn out_of_order_inserts_and_removals_keep_blocks_exact() {
        let db = db();
        // Even ids first, in batches, then odd ids into the middle of the lists.
        for chunk in (0..600u64).step_by(2).collect::<Vec<_>>().chunks(50) {
            let docs: Vec<(u64, &str)> = chunk.iter().map(|&d| (d + 1, "apple")).collect();
            insert(&db, "s", &docs);
        }
        let odd: Vec<(u64, &str)> = (0..600u64).step_by(2).map(|d| (d + 2, "apple")).collect();
        insert(&db, "s", &odd);
        let list = blocks(&db, 0, "appl");
        check_invariants(&list);
        let all: Vec<u64> = list
            .iter()
            .flat_map(|(_, p)| p.iter().map(|p| p.doc))
            .collect();
        assert_eq!(all, (1..=600).collect::<Vec<_>>());

        let txn = db.begin_write().unwrap();
        let idx = TermIndex::default();
        for d in (1..=600).filter(|d| d % 3 != 0) {
            assert!(idx.remove(&txn, d).unwrap());
        }
        assert!(!idx.remove(&txn, 1).unwrap());
        txn.commit().unwrap();
        let list = blocks(&db, 0, "appl");
        check_invariants(&list);
        let all: Vec<u64> = list
            .iter()
            .flat_map(|(_, p)| p.iter().map(|p| p.doc))
            .collect();
        assert_eq!(all, (1..=600).filter(|d| d % 3 == 0).collect::<Vec<_>>());
        let read = db.begin_read().unwrap();
        let stats = idx.stats(&read, "s").unwrap();
        assert_eq!(stats.docs, 200);
        assert_eq!(idx.document_frequency(&read, "s", "appl").unwrap(), 200);
    }

    #[test]
    fn duplicate_ids_are_refused() {
        let db = db();
        insert(&db, "s", &[(1, "apple")]);
        let txn = db.begin_write().unwrap();
        let err = TermIndex::default()
            .insert(&txn, "t", &[(1, "pear")])
            .unwrap_err();
        assert!(matches!(err, Error::DuplicateDoc { doc: 1 }));
        let err = TermIndex::default()
            .insert(&txn, "t", &[(2, "pear"), (2, "pear")])
            .unwrap_err();
        assert!(matches!(err, Error::DuplicateDoc { doc: 2 }));
    }

    #[test]
    fn scopes_are_separate() {
        let db = db();
        insert(&db, "a", &[(1, "apple"), (2, "apple pear")]);
        insert(&db, "b", &[(3, "apple")]);
        let txn = db.begin_read().unwrap();
        let idx = TermIndex::default();
        let hits = idx.search(&txn, "b", "apple", 10, &mut |_| true).unwrap();
        assert_eq!(hits.iter().map(|h| h.doc).collect::<Vec<_>>(), [3]);
        assert_eq!(idx.stats(&txn, "a").unwrap().docs, 2);
        assert!(
            idx.search(&txn, "c", "apple", 10, &mut |_| true)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn accept_runs_before_a_document_takes_a_place() {
        let db = db();
        insert(
            &db,
            "s",
            &[
                (1, "apple apple apple"),
                (2, "apple apple"),
                (3, "apple pear"),
            ],
        );
        let txn = db.begin_read().unwrap();
        let idx = TermIndex::default();
        let all = idx.search(&txn, "s", "apple", 10, &mut |_| true).unwrap();
        assert_eq!(all.iter().map(|h| h.doc).collect::<Vec<_>>(), [1, 2, 3]);
        let hits = idx.search(&txn, "s", "apple", 1, &mut |d| d != 1).unwrap();
        assert_eq!(hits.iter().map(|h| h.doc).collect::<Vec<_>>(), [2]);
        assert_eq!(hits[0].score, all[1].score);
    }
}
