//! Byte layouts of the term tables: keys, postings blocks, per-document and per-scope records.
//!
//! Integers inside values are LEB128 varints unless noted. Every value starts with a format
//! byte; a byte this build does not know is [`Error::NewerFormat`], never a misread.

use crate::Language;
use crate::error::{Error, Result};

/// The format byte this build writes in every term-table value.
pub(crate) const FORMAT: u8 = 1;

/// One document's entry in a term's postings: its id, how often the term occurs in it, and its
/// length (kept beside every posting so scoring never looks a length up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Posting {
    pub(crate) doc: u64,
    pub(crate) tf: u32,
    pub(crate) dl: u32,
}

pub(crate) fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A reader over a value's bytes that reports truncation as corruption of `table`.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    table: &'static str,
}

impl<'a> Reader<'a> {
    /// Starts after checking the format byte.
    pub(crate) fn new(table: &'static str, bytes: &'a [u8]) -> Result<Self> {
        match bytes.first() {
            Some(&FORMAT) => Ok(Self {
                bytes,
                at: 1,
                table,
            }),
            Some(&format) => Err(Error::NewerFormat {
                table,
                format,
                supported: FORMAT,
            }),
            None => Err(self::corrupt(table, "empty value")),
        }
    }

    pub(crate) fn varint(&mut self) -> Result<u64> {
        let mut v: u64 = 0;
        let mut shift = 0u32;
        loop {
            let Some(&byte) = self.bytes.get(self.at) else {
                return Err(corrupt(self.table, "truncated varint"));
            };
            self.at += 1;
            if shift == 63 && byte > 1 {
                return Err(corrupt(self.table, "varint overflows 64 bits"));
            }
            v |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(v);
            }
            shift += 7;
            if shift > 63 {
                return Err(corrupt(self.table, "varint overflows 64 bits"));
            }
        }
    }

    pub(crate) fn u32(&mut self) -> Result<u32> {
        u32::try_from(self.varint()?).map_err(|_| corrupt(self.table, "value overflows 32 bits"))
    }

    pub(crate) fn byte(&mut self) -> Result<u8> {
        let Some(&byte) = self.bytes.get(self.at) else {
            return Err(corrupt(self.table, "truncated"));
        };
        self.at += 1;
        Ok(byte)
    }

    pub(crate) fn bytes(&mut self, len: usize) -> Result<&'a [u8]> {
        let end = self
            .at
            .checked_add(len)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| corrupt(self.table, "truncated"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    pub(crate) fn finish(&self) -> Result<()> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(corrupt(self.table, "trailing bytes"))
        }
    }
}

pub(crate) fn corrupt(table: &'static str, detail: &str) -> Error {
    Error::Corrupt {
        table,
        detail: detail.to_owned(),
    }
}

// ---- keys ------------------------------------------------------------------------------------

/// The key of a postings block: scope number (u32 big-endian), segment number (u64 big-endian),
/// the term's bytes, a 0 byte, and the block's lower bound (u64 big-endian). Terms hold no 0
/// byte, so the blocks of one term in one segment are contiguous and ordered by lower bound,
/// a segment's blocks are contiguous and ordered by term, and byte order is key order.
pub(crate) fn block_key(scope: u32, segment: u64, term: &str, lower: u64) -> Vec<u8> {
    let mut key = term_prefix(scope, segment, term);
    key.extend_from_slice(&lower.to_be_bytes());
    key
}

/// The bytes every block key of `term` in `segment` starts with.
pub(crate) fn term_prefix(scope: u32, segment: u64, term: &str) -> Vec<u8> {
    let mut key = segment_prefix(scope, segment);
    key.reserve(term.len() + 1 + 8);
    key.extend_from_slice(term.as_bytes());
    key.push(0);
    key
}

/// The bytes every block key of `segment` starts with.
pub(crate) fn segment_prefix(scope: u32, segment: u64) -> Vec<u8> {
    let mut key = Vec::with_capacity(4 + 8 + 16 + 1 + 8);
    key.extend_from_slice(&scope.to_be_bytes());
    key.extend_from_slice(&segment.to_be_bytes());
    key
}

/// The key of a segment in the segment table: scope number and the segment's lowest document
/// id, both big-endian, so a scope's segments are in document order.
pub(crate) fn segment_key(scope: u32, lo: u64) -> [u8; 12] {
    let mut key = [0u8; 12];
    key[..4].copy_from_slice(&scope.to_be_bytes());
    key[4..].copy_from_slice(&lo.to_be_bytes());
    key
}

/// A segment: the postings of documents inserted together (or merged), covering the document
/// ids `lo..=hi` of one scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SegmentRecord {
    pub(crate) lo: u64,
    pub(crate) number: u64,
    pub(crate) hi: u64,
    pub(crate) docs: u64,
}

pub(crate) fn encode_segment(s: &SegmentRecord, out: &mut Vec<u8>) {
    out.clear();
    out.push(FORMAT);
    put_varint(out, s.number);
    put_varint(out, s.hi);
    put_varint(out, s.docs);
}

pub(crate) fn decode_segment(
    table: &'static str,
    key: &[u8],
    bytes: &[u8],
) -> Result<SegmentRecord> {
    let lo = key
        .get(4..12)
        .and_then(|b| <[u8; 8]>::try_from(b).ok())
        .map(u64::from_be_bytes)
        .ok_or_else(|| corrupt(table, "short segment key"))?;
    let mut r = Reader::new(table, bytes)?;
    let number = r.varint()?;
    let hi = r.varint()?;
    let docs = r.varint()?;
    r.finish()?;
    Ok(SegmentRecord {
        lo,
        number,
        hi,
        docs,
    })
}

// ---- postings rows ---------------------------------------------------------------------------

/// A block of one term's postings inside a row: up to `BLOCK_POSTINGS` postings sorted by
/// document, the first document written in full, the others as distances from the previous one,
/// each with its term frequency and the document's length.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry<'a> {
    pub(crate) term: &'a [u8],
    pub(crate) first: u64,
    pub(crate) count: u64,
    pub(crate) payload: &'a [u8],
}

impl Entry<'_> {
    /// Calls `f` for each posting, in document order.
    pub(crate) fn postings(&self, table: &'static str, mut f: impl FnMut(Posting)) -> Result<()> {
        let mut r = Reader {
            bytes: self.payload,
            at: 0,
            table,
        };
        let mut doc = self.first;
        for _ in 0..self.count {
            doc = doc
                .checked_add(r.varint()?)
                .ok_or_else(|| corrupt(table, "doc id overflows"))?;
            let tf = r.u32()?;
            let dl = r.u32()?;
            f(Posting { doc, tf, dl });
        }
        r.finish()
    }
}

/// Appends an entry for `term` holding `postings` (sorted by doc, at most a block) to a row
/// body.
pub(crate) fn put_entry(body: &mut Vec<u8>, term: &[u8], postings: &[Posting]) {
    let first = postings.first().map_or(0, |p| p.doc);
    let mut payload = Vec::with_capacity(postings.len() * 4);
    let mut prev = first;
    for p in postings {
        put_varint(&mut payload, p.doc.saturating_sub(prev));
        put_varint(&mut payload, u64::from(p.tf));
        put_varint(&mut payload, u64::from(p.dl));
        prev = p.doc;
    }
    put_raw_entry(
        body,
        &Entry {
            term,
            first,
            count: postings.len() as u64,
            payload: &payload,
        },
    );
}

/// Appends an already encoded entry to a row body.
pub(crate) fn put_raw_entry(body: &mut Vec<u8>, e: &Entry<'_>) {
    put_varint(body, e.term.len() as u64);
    body.extend_from_slice(e.term);
    put_varint(body, e.first);
    put_varint(body, e.count);
    put_varint(body, e.payload.len() as u64);
    body.extend_from_slice(e.payload);
}

/// A row value: the format byte, the number of entries, then the entries.
pub(crate) fn finish_row(entries: u64, body: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.push(FORMAT);
    put_varint(out, entries);
    out.extend_from_slice(body);
}

/// The entries of a row, in key order (term, then first document).
pub(crate) fn entries<'a>(
    table: &'static str,
    bytes: &'a [u8],
) -> Result<impl Iterator<Item = Result<Entry<'a>>> + 'a> {
    let mut r = Reader::new(table, bytes)?;
    let count = r.varint()?;
    let mut left = count;
    Ok(std::iter::from_fn(move || {
        if left == 0 {
            return match r.finish() {
                Ok(()) => None,
                Err(e) => {
                    r.at = r.bytes.len();
                    Some(Err(e))
                }
            };
        }
        left -= 1;
        let entry = (|| {
            let len = usize::try_from(r.varint()?).map_err(|_| corrupt(table, "term length"))?;
            let term = r.bytes(len)?;
            let first = r.varint()?;
            let count = r.varint()?;
            let len = usize::try_from(r.varint()?).map_err(|_| corrupt(table, "payload length"))?;
            let payload = r.bytes(len)?;
            Ok(Entry {
                term,
                first,
                count,
                payload,
            })
        })();
        if entry.is_err() {
            left = 0;
            r.at = r.bytes.len();
        }
        Some(entry)
    }))
}

// ---- per-document record ---------------------------------------------------------------------

/// What the index remembers of a document so it can remove it exactly: its scope, the language
/// it was analysed in, its length and its distinct terms with their frequencies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DocRecord {
    pub(crate) scope: u32,
    pub(crate) language: Language,
    pub(crate) detected: bool,
    pub(crate) dl: u32,
    pub(crate) terms: Vec<(String, u32)>,
}

pub(crate) fn encode_doc<'t>(
    out: &mut Vec<u8>,
    scope: u32,
    language: Language,
    detected: bool,
    dl: u32,
    terms: impl ExactSizeIterator<Item = (&'t str, u32)>,
) {
    out.clear();
    out.push(FORMAT);
    out.extend_from_slice(&scope.to_le_bytes());
    out.push(language.code() | if detected { 0x80 } else { 0 });
    put_varint(out, u64::from(dl));
    put_varint(out, terms.len() as u64);
    for (term, tf) in terms {
        put_varint(out, term.len() as u64);
        out.extend_from_slice(term.as_bytes());
        put_varint(out, u64::from(tf));
    }
}

pub(crate) fn decode_doc(table: &'static str, bytes: &[u8]) -> Result<DocRecord> {
    let mut r = Reader::new(table, bytes)?;
    let scope_bytes = r.bytes(4)?;
    let scope = u32::from_le_bytes(
        <[u8; 4]>::try_from(scope_bytes).map_err(|_| corrupt(table, "short scope"))?,
    );
    let lang = r.byte()?;
    let language =
        Language::from_code(lang & 0x7f).ok_or_else(|| corrupt(table, "unknown language"))?;
    let detected = lang & 0x80 != 0;
    let dl = r.u32()?;
    let count = r.varint()?;
    let mut terms = Vec::with_capacity(usize::try_from(count.min(4096)).unwrap_or(0));
    for _ in 0..count {
        let len = usize::try_from(r.varint()?).map_err(|_| corrupt(table, "term length"))?;
        let term = std::str::from_utf8(r.bytes(len)?)
            .map_err(|_| corrupt(table, "term is not UTF-8"))?
            .to_owned();
        terms.push((term, r.u32()?));
    }
    r.finish()?;
    Ok(DocRecord {
        scope,
        language,
        detected,
        dl,
        terms,
    })
}

// ---- per-scope record ------------------------------------------------------------------------

/// A scope's number, statistics and counters. Fixed layout after the format byte: number (u32
/// LE), then documents, terms, English-detected and Portuguese-detected documents, the least id
/// the next document may have, and the next segment number (u64 LE each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct ScopeRecord {
    pub(crate) number: u32,
    pub(crate) docs: u64,
    pub(crate) tokens: u64,
    pub(crate) detected: [u64; 2],
    pub(crate) next_doc: u64,
    pub(crate) next_segment: u64,
}

const SCOPE_LEN: usize = 1 + 4 + 6 * 8;

pub(crate) fn encode_scope(s: &ScopeRecord) -> [u8; SCOPE_LEN] {
    let mut out = [0u8; SCOPE_LEN];
    out[0] = FORMAT;
    out[1..5].copy_from_slice(&s.number.to_le_bytes());
    let fields = [
        s.docs,
        s.tokens,
        s.detected[0],
        s.detected[1],
        s.next_doc,
        s.next_segment,
    ];
    for (i, v) in fields.iter().enumerate() {
        out[5 + i * 8..13 + i * 8].copy_from_slice(&v.to_le_bytes());
    }
    out
}

pub(crate) fn decode_scope(table: &'static str, bytes: &[u8]) -> Result<ScopeRecord> {
    let mut r = Reader::new(table, bytes)?;
    let number = u32::from_le_bytes(
        <[u8; 4]>::try_from(r.bytes(4)?).map_err(|_| corrupt(table, "short field"))?,
    );
    let mut fields = [0u64; 6];
    for f in &mut fields {
        *f = u64::from_le_bytes(
            <[u8; 8]>::try_from(r.bytes(8)?).map_err(|_| corrupt(table, "short field"))?,
        );
    }
    r.finish()?;
    let [docs, tokens, en, pt, next_doc, next_segment] = fields;
    Ok(ScopeRecord {
        number,
        docs,
        tokens,
        detected: [en, pt],
        next_doc,
        next_segment,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_at_the_edges() {
        for v in [
            0,
            1,
            127,
            128,
            300,
            u64::from(u32::MAX),
            u64::MAX - 1,
            u64::MAX,
        ] {
            let mut out = vec![FORMAT];
            put_varint(&mut out, v);
            let mut r = Reader::new("t", &out).unwrap();
            assert_eq!(r.varint().unwrap(), v);
            r.finish().unwrap();
        }
        // Eleven continuation bytes overflow.
        let mut bad = vec![FORMAT];
        bad.extend_from_slice(&[0xff; 11]);
        assert!(Reader::new("t", &bad).unwrap().varint().is_err());
    }

    #[test]
    fn rows_round_trip() {
        let postings = vec![
            Posting {
                doc: 10,
                tf: 1,
                dl: 7,
            },
            Posting {
                doc: 11,
                tf: 3,
                dl: 70_000,
            },
            Posting {
                doc: u64::MAX,
                tf: u32::MAX,
                dl: 0,
            },
        ];
        let mut body = Vec::new();
        put_entry(&mut body, b"apple", &postings[..1]);
        put_entry(&mut body, b"pear", &postings);
        let mut row = Vec::new();
        finish_row(2, &body, &mut row);
        let parsed: Vec<Entry<'_>> = entries("t", &row).unwrap().map(Result::unwrap).collect();
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[0].term, b"apple");
        assert_eq!((parsed[1].first, parsed[1].count), (10, 3));
        let mut back = Vec::new();
        parsed[1].postings("t", |p| back.push(p)).unwrap();
        assert_eq!(back, postings);
        // Re-encoding the raw entry gives the same bytes.
        let mut again = Vec::new();
        put_raw_entry(&mut again, &parsed[0]);
        put_raw_entry(&mut again, &parsed[1]);
        assert_eq!(again, body);
        // Truncation is corruption, never a panic.
        for cut in 0..row.len() {
            if let Ok(it) = entries("t", &row[..cut]) {
                let results: Vec<_> = it.collect();
                assert!(results.iter().any(Result::is_err) || cut < 2);
            }
        }
        let mut newer = row.clone();
        newer[0] = FORMAT + 1;
        assert!(matches!(
            entries("t", &newer),
            Err(Error::NewerFormat { .. })
        ));
    }

    #[test]
    fn doc_and_scope_records_round_trip() {
        let d = DocRecord {
            scope: 7,
            language: Language::Portuguese,
            detected: true,
            dl: 12,
            terms: vec![("acao".into(), 2), ("reuniao".into(), 1)],
        };
        let mut bytes = Vec::new();
        encode_doc(
            &mut bytes,
            d.scope,
            d.language,
            d.detected,
            d.dl,
            d.terms.iter().map(|(t, tf)| (t.as_str(), *tf)),
        );
        assert_eq!(decode_doc("t", &bytes).unwrap(), d);
        let s = ScopeRecord {
            number: 3,
            docs: 10,
            tokens: 99,
            detected: [4, 5],
            next_doc: 77,
            next_segment: u64::MAX,
        };
        assert_eq!(decode_scope("t", &encode_scope(&s)).unwrap(), s);
        assert!(decode_scope("t", &encode_scope(&s)[..20]).is_err());
        let seg = SegmentRecord {
            lo: 5,
            number: 2,
            hi: 900,
            docs: 17,
        };
        encode_segment(&seg, &mut bytes);
        assert_eq!(
            decode_segment("t", &segment_key(1, 5), &bytes).unwrap(),
            seg
        );
    }

    #[test]
    fn keys_order_by_scope_then_segment_then_term_then_lower_bound() {
        let a = block_key(1, 0, "ab", 5);
        let b = block_key(1, 0, "ab", 6);
        let c = block_key(1, 0, "abc", 0);
        let d = block_key(1, 1, "a", 0);
        let e = block_key(2, 0, "a", 0);
        assert!(a < b && b < c && c < d && d < e);
        assert!(segment_prefix(1, 0) < a && segment_prefix(1, 1) > c);
        assert!(segment_key(1, 9) < segment_key(1, 10));
    }
}
