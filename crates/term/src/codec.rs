//! Byte layouts of the term tables: keys, postings blocks, per-document and per-scope records.
//!
//! Integers inside values are LEB128 varints unless noted. Every value starts with a format
//! byte; a byte this build does not know is [`Error::NewerFormat`], never a misread.
//!
//! Format 2 (written by this build) ends every value with the CRC-32 of every byte before it,
//! u32 little-endian, checked once per read by [`Reader::new`], so a value damaged on disk is
//! [`Error::Corrupt`] even where redb's page checksums were not verified. Format 1, written
//! before the checksum, is the same without its last four bytes; it is still read (unchecked),
//! and written again as format 2 whenever the value is.

use crate::Language;
use crate::error::{Error, Result};

/// The format byte this build writes in every term-table value.
pub(crate) const FORMAT: u8 = 2;

/// The format written before values carried a checksum: still read.
pub(crate) const UNCHECKED: u8 = 1;

/// The bytes of the trailing checksum.
const CRC_LEN: usize = 4;

/// Appends the CRC-32 of every byte of `out` to it: the last step of every encoder.
pub(crate) fn seal(out: &mut Vec<u8>) {
    let crc = crc32fast::hash(out);
    out.extend_from_slice(&crc.to_le_bytes());
}

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
    /// Starts after checking the format byte and, in format 2, the checksum: the one place
    /// every value's checksum is checked. The reader then ends before the checksum.
    pub(crate) fn new(table: &'static str, bytes: &'a [u8]) -> Result<Self> {
        let bytes = match bytes.first() {
            Some(&FORMAT) => {
                let Some((body, crc)) = bytes.split_last_chunk::<CRC_LEN>() else {
                    return Err(corrupt(table, "shorter than its checksum"));
                };
                if body.is_empty() || crc32fast::hash(body) != u32::from_le_bytes(*crc) {
                    return Err(corrupt(table, "its checksum does not match"));
                }
                body
            }
            Some(&UNCHECKED) => bytes,
            Some(&format) if format > FORMAT => {
                return Err(Error::NewerFormat {
                    table,
                    format,
                    supported: FORMAT,
                });
            }
            Some(&format) => return Err(corrupt(table, &format!("format byte {format}"))),
            None => return Err(corrupt(table, "empty value")),
        };
        Ok(Self {
            bytes,
            at: 1,
            table,
        })
    }

    /// A varint: a single byte read at once (most lengths and counts are one), any other
    /// by [`varint_long`](Self::varint_long).
    #[inline]
    pub(crate) fn varint(&mut self) -> Result<u64> {
        match self.bytes.get(self.at) {
            Some(&byte) if byte < 0x80 => {
                self.at += 1;
                Ok(u64::from(byte))
            }
            _ => self.varint_long(),
        }
    }

    fn varint_long(&mut self) -> Result<u64> {
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
    let mut key = Vec::with_capacity(12 + term.len() + 1 + 8);
    key.extend_from_slice(&segment_prefix(scope, segment));
    key.extend_from_slice(term.as_bytes());
    key.push(0);
    key
}

/// The bytes every block key of `segment` starts with: scope number and segment number, both
/// big-endian.
pub(crate) fn segment_prefix(scope: u32, segment: u64) -> [u8; 12] {
    let mut key = [0u8; 12];
    key[..4].copy_from_slice(&scope.to_be_bytes());
    key[4..].copy_from_slice(&segment.to_be_bytes());
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
    seal(out);
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

/// Decodes a block's postings (`count` of them, after `first`, as [`Entry::postings`] reads
/// `payload`) into `out`, cleared first: the same postings, or the same error, as
/// [`Entry::postings`], which stays the plain reference (`the_block_decoder_reads_as_the_reference`).
///
/// The search's inner loop, into a buffer the caller reuses, with no branch on the data that a
/// block's mix of lengths can make mispredict:
///
/// - A block whose every varint takes one byte (three bytes a posting) is read at a fixed
///   stride.
/// - Otherwise a posting whose distance takes one or two bytes and its frequency and length one
///   each (below 16 384, 128 and 128: the common case) is read from four bytes at once, the
///   distance's length computed, not branched on. A scope's document ids are the store's
///   capsule ids, so where scopes are written interleaved a scope's distances are larger and
///   take one byte or two by turns: a decoder that branched on their length mispredicted at
///   every turn, and took twice the time per posting in a scope among twenty others
///   (`docs/performance.md`, "A query among other scopes' capsules").
/// - A last posting in three bytes is read from them; every longer varint goes through the
///   general reader.
pub(crate) fn decode_postings(
    table: &'static str,
    first: u64,
    count: u64,
    payload: &[u8],
    out: &mut Vec<Posting>,
) -> Result<()> {
    out.clear();
    let mut r = Reader {
        bytes: payload,
        at: 0,
        table,
    };
    let overflow = || corrupt(table, "doc id overflows");
    let mut doc = first;
    // Three bytes a posting, none with its top bit: every varint is one byte, read at a
    // fixed stride (a block of a common term in a scope written alone).
    if payload.len() as u64 == count.saturating_mul(3)
        && payload.iter().fold(0, |top, byte| top | byte) & 0x80 == 0
    {
        for p in payload.chunks_exact(3) {
            doc = doc.checked_add(u64::from(p[0])).ok_or_else(overflow)?;
            out.push(Posting {
                doc,
                tf: u32::from(p[1]),
                dl: u32::from(p[2]),
            });
        }
        return Ok(());
    }
    for _ in 0..count {
        if let Some(w) = r
            .bytes
            .get(r.at..r.at + 4)
            .and_then(|w| <[u8; 4]>::try_from(w).ok())
            .map(u32::from_le_bytes)
        {
            // 1 when the distance takes two bytes: then its second byte, the frequency and the
            // length are the next three; otherwise the next two and one more, unread.
            let two = w >> 7 & 1;
            let rest = w >> (8 * two);
            if rest & 0x0080_8080 == 0 {
                r.at += 3 + two as usize;
                let delta = u64::from(w & 0x7f) | u64::from(two * (rest & 0x7f)) << 7;
                doc = doc.checked_add(delta).ok_or_else(overflow)?;
                out.push(Posting {
                    doc,
                    tf: rest >> 8 & 0xff,
                    dl: rest >> 16 & 0xff,
                });
                continue;
            }
        }
        // Three bytes left (a last posting of one-byte varints), or a longer varint.
        let (tf, dl) = match *r.bytes.get(r.at..).unwrap_or_default() {
            [delta, tf, dl, ..] if (delta | tf | dl) & 0x80 == 0 => {
                r.at += 3;
                doc = doc.checked_add(u64::from(delta)).ok_or_else(overflow)?;
                (u32::from(tf), u32::from(dl))
            }
            _ => {
                doc = doc.checked_add(r.varint()?).ok_or_else(overflow)?;
                (r.u32()?, r.u32()?)
            }
        };
        out.push(Posting { doc, tf, dl });
    }
    r.finish()
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

/// A row value: the format byte, the number of entries, the entries, then the checksum.
pub(crate) fn finish_row(entries: u64, body: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.reserve(1 + 10 + body.len() + CRC_LEN);
    out.push(FORMAT);
    put_varint(out, entries);
    out.extend_from_slice(body);
    seal(out);
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
    seal(out);
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
/// the next document may have, and the next segment number (u64 LE each), then the checksum
/// (format 1: none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct ScopeRecord {
    pub(crate) number: u32,
    pub(crate) docs: u64,
    pub(crate) tokens: u64,
    pub(crate) detected: [u64; 2],
    pub(crate) next_doc: u64,
    pub(crate) next_segment: u64,
}

const SCOPE_LEN: usize = 1 + 4 + 6 * 8 + CRC_LEN;

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
    let (body, crc) = out.split_at_mut(SCOPE_LEN - CRC_LEN);
    crc.copy_from_slice(&crc32fast::hash(body).to_le_bytes());
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
            seal(&mut out);
            let mut r = Reader::new("t", &out).unwrap();
            assert_eq!(r.varint().unwrap(), v);
            r.finish().unwrap();
        }
        // Eleven continuation bytes overflow.
        let mut bad = vec![FORMAT];
        bad.extend_from_slice(&[0xff; 11]);
        seal(&mut bad);
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

    /// A document gap, frequency or length: mostly a byte (the fast path), sometimes two to
    /// ten bytes (the general reader), at the edges too.
    fn varint_value(max: u64) -> impl proptest::strategy::Strategy<Value = u64> {
        use proptest::prelude::*;
        prop_oneof![
            6 => 0..128u64,
            2 => 128..20_000u64,
            1 => 20_000..(1u64 << 28),
            1 => Just((1u64 << 28) - 1),
            1 => Just(1u64 << 28),
            1 => Just(127u64),
            1 => Just(128u64),
            1 => Just(max),
            1 => 0..=max,
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// The search's block decoder reads every block as the plain reference does: the
        /// same postings from any block `put_entry` writes, whatever the sizes of its varints.
        #[test]
        fn the_block_decoder_reads_as_the_reference(
            first in varint_value(u64::MAX / 2),
            gaps in proptest::prop_oneof![
                proptest::collection::vec(
                    (varint_value(1 << 40), varint_value(u64::from(u32::MAX)), varint_value(u64::from(u32::MAX))),
                    1..300,
                ),
                // Every varint one byte: the fixed-stride blocks.
                proptest::collection::vec((0..128u64, 0..128u64, 0..128u64), 1..300),
            ],
        ) {
            let mut doc = first;
            let postings: Vec<Posting> = gaps
                .iter()
                .enumerate()
                .map(|(i, &(gap, tf, dl))| {
                    if i > 0 {
                        doc += gap.max(1);
                    }
                    Posting { doc, tf: tf as u32, dl: dl as u32 }
                })
                .collect();
            let mut body = Vec::new();
            put_entry(&mut body, b"t", &postings);
            let mut row = Vec::new();
            finish_row(1, &body, &mut row);
            let e = entries("t", &row).unwrap().next().unwrap().unwrap();
            let mut want = Vec::new();
            e.postings("t", |p| want.push(p)).unwrap();
            // A buffer holding an earlier block's postings is cleared first.
            let mut got = vec![Posting { doc: 1, tf: 2, dl: 3 }; 5];
            decode_postings("t", e.first, e.count, e.payload, &mut got).unwrap();
            proptest::prop_assert_eq!(&got, &want);
            proptest::prop_assert_eq!(&got, &postings);
        }

        /// And any bytes at all, with any count and first document: the same postings or the
        /// same error (truncation, overflow, trailing bytes), never a panic.
        #[test]
        fn the_block_decoder_fails_as_the_reference(
            first in varint_value(u64::MAX),
            count in proptest::prop_oneof![0..8u64, proptest::strategy::Just(u64::MAX)],
            payload in proptest::collection::vec(
                proptest::prop_oneof![0..128u8, proptest::prelude::any::<u8>()],
                0..40,
            ),
        ) {
            let e = Entry { term: b"t", first, count, payload: &payload };
            let mut want = Vec::new();
            let want = e.postings("t", |p| want.push(p)).map(|()| want).map_err(|e| e.to_string());
            let mut got = Vec::new();
            let got = decode_postings("t", first, count, &payload, &mut got)
                .map(|()| got)
                .map_err(|e| e.to_string());
            proptest::prop_assert_eq!(got, want);
        }
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

    /// Reads a whole value into a description of what it holds.
    type Decode = fn(&[u8]) -> Result<String>;

    /// One value of every term table, as this build writes it, with a decoder that reads all
    /// of it (a row's every entry and posting).
    fn every_value() -> Vec<(&'static str, Vec<u8>, Decode)> {
        let postings = [
            Posting {
                doc: 3,
                tf: 2,
                dl: 9,
            },
            Posting {
                doc: 40,
                tf: 1,
                dl: 300,
            },
        ];
        let mut body = Vec::new();
        put_entry(&mut body, b"fig", &postings);
        put_entry(&mut body, b"kiwi", &postings[1..]);
        let mut row = Vec::new();
        finish_row(2, &body, &mut row);
        let mut doc = Vec::new();
        encode_doc(
            &mut doc,
            1,
            Language::English,
            false,
            3,
            [("fig", 2), ("kiwi", 1)].into_iter(),
        );
        let mut segment = Vec::new();
        let seg = SegmentRecord {
            lo: 3,
            number: 1,
            hi: 40,
            docs: 2,
        };
        encode_segment(&seg, &mut segment);
        let scope = ScopeRecord {
            number: 1,
            docs: 2,
            tokens: 12,
            detected: [1, 0],
            next_doc: 41,
            next_segment: 2,
        };
        fn row_of(bytes: &[u8]) -> Result<String> {
            let mut out = String::new();
            for e in entries("t", bytes)? {
                let e = e?;
                out.push_str(&format!("{:?} {} {}:", e.term, e.first, e.count));
                e.postings("t", |p| out.push_str(&format!(" {p:?}")))?;
            }
            Ok(out)
        }
        vec![
            ("row", row, row_of),
            ("doc", doc, |b| decode_doc("t", b).map(|d| format!("{d:?}"))),
            ("segment", segment, |b| {
                decode_segment("t", &segment_key(1, 3), b).map(|s| format!("{s:?}"))
            }),
            ("scope", encode_scope(&scope).to_vec(), |b| {
                decode_scope("t", b).map(|s| format!("{s:?}"))
            }),
        ]
    }

    /// The format-1 form of a format-2 value: the same without its checksum.
    fn unchecked(value: &[u8]) -> Vec<u8> {
        let mut old = value[..value.len() - CRC_LEN].to_vec();
        old[0] = UNCHECKED;
        old
    }

    #[test]
    fn every_value_ends_with_the_checksum_of_the_bytes_before_it() {
        for (name, value, decode) in every_value() {
            assert_eq!(value[0], FORMAT, "{name}");
            let (body, crc) = value.split_last_chunk::<4>().unwrap();
            assert_eq!(crc32fast::hash(body), u32::from_le_bytes(*crc), "{name}");
            decode(&value).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    #[test]
    fn a_changed_byte_anywhere_in_a_value_is_corruption_never_another_value() {
        for (name, value, decode) in every_value() {
            // Every position: the format byte, the body and the four bytes of the checksum.
            for at in 0..value.len() {
                for mask in [0x01, 0x10, 0x80, 0xff] {
                    let mut bad = value.clone();
                    bad[at] ^= mask;
                    let err = decode(&bad).expect_err(&format!("{name}: byte {at} ^ {mask:#x}"));
                    let want = if at == 0 && bad[0] > FORMAT {
                        "upgrade kenning"
                    } else if at == 0 {
                        "format byte"
                    } else {
                        "checksum does not match"
                    };
                    assert!(err.to_string().contains(want), "{name}, byte {at}: {err}");
                    // The error names the table and the fix.
                    assert!(err.to_string().contains("table t"), "{err}");
                }
            }
            // The value cut short by any number of bytes.
            for cut in 0..value.len() {
                assert!(decode(&value[..cut]).is_err(), "{name} cut at {cut}");
            }
        }
    }

    #[test]
    fn format_one_values_still_read_unchecked_as_they_were() {
        for (name, value, decode) in every_value() {
            let old = unchecked(&value);
            assert_eq!(
                decode(&old).unwrap(),
                decode(&value).unwrap(),
                "{name}: format 1 reads the same"
            );
            // Format 1 is read by its own layout: its damage is caught where the layout
            // catches it (here, a cut), not by a checksum it never had.
            assert!(decode(&old[..old.len() - 1]).is_err(), "{name}");
        }
    }

    #[test]
    fn an_index_written_in_format_one_reads_and_is_rewritten_in_format_two() {
        use crate::TermIndex;
        use crate::index::{DOCS, POSTINGS, SCOPES, SEGMENTS};
        use redb::{Database, ReadableDatabase, ReadableTable, backends::InMemoryBackend};

        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        let index = TermIndex::default();
        let txn = db.begin_write().unwrap();
        index.create_tables(&txn).unwrap();
        index
            .insert(
                &txn,
                "s",
                &[(1, "ripe fig"), (2, "green fig"), (3, "ripe kiwi")],
            )
            .unwrap();
        txn.commit().unwrap();
        // Every byte value of every term table back to format 1, as an earlier build wrote it.
        let txn = db.begin_write().unwrap();
        {
            let mut t = txn.open_table(SCOPES).unwrap();
            let all: Vec<(String, Vec<u8>)> = t
                .iter()
                .unwrap()
                .map(|e| e.unwrap())
                .map(|(k, v)| (k.value().to_owned(), v.value().to_vec()))
                .collect();
            for (k, v) in all {
                t.insert(k.as_str(), unchecked(&v).as_slice()).unwrap();
            }
            let mut t = txn.open_table(DOCS).unwrap();
            let all: Vec<(u64, Vec<u8>)> = t
                .iter()
                .unwrap()
                .map(|e| e.unwrap())
                .map(|(k, v)| (k.value(), v.value().to_vec()))
                .collect();
            for (k, v) in all {
                t.insert(k, unchecked(&v).as_slice()).unwrap();
            }
            for def in [SEGMENTS, POSTINGS] {
                let mut t = txn.open_table(def).unwrap();
                let all: Vec<(Vec<u8>, Vec<u8>)> = t
                    .iter()
                    .unwrap()
                    .map(|e| e.unwrap())
                    .map(|(k, v)| (k.value().to_vec(), v.value().to_vec()))
                    .collect();
                for (k, v) in all {
                    t.insert(k.as_slice(), unchecked(&v).as_slice()).unwrap();
                }
            }
        }
        txn.commit().unwrap();
        let formats = |def: redb::TableDefinition<'static, &'static [u8], &'static [u8]>| {
            let txn = db.begin_read().unwrap();
            let t = txn.open_table(def).unwrap();
            t.iter()
                .unwrap()
                .map(|e| e.unwrap().1.value()[0])
                .collect::<Vec<u8>>()
        };
        assert!(formats(POSTINGS).iter().all(|&f| f == UNCHECKED));
        let search = |q: &str| {
            let txn = db.begin_read().unwrap();
            let mut hits: Vec<u64> = index
                .search(&txn, "s", q, 10, &mut |_| true)
                .unwrap()
                .iter()
                .map(|h| h.doc)
                .collect();
            hits.sort_unstable();
            hits
        };
        assert_eq!(search("fig"), [1, 2]);
        assert_eq!(search("ripe"), [1, 3]);
        // Removing a document rewrites the rows, segment and scope it touches, in format 2.
        let txn = db.begin_write().unwrap();
        assert!(index.remove(&txn, 2).unwrap());
        txn.commit().unwrap();
        assert_eq!(search("fig"), [1]);
        assert_eq!(search("green"), Vec::<u64>::new());
        assert!(formats(POSTINGS).contains(&FORMAT));
        let txn = db.begin_read().unwrap();
        let scope = txn.open_table(SCOPES).unwrap().get("s").unwrap().unwrap();
        assert_eq!(scope.value()[0], FORMAT);
        assert_eq!(index.stats(&txn, "s").unwrap().docs, 2);
    }

    #[test]
    fn keys_order_by_scope_then_segment_then_term_then_lower_bound() {
        let a = block_key(1, 0, "ab", 5);
        let b = block_key(1, 0, "ab", 6);
        let c = block_key(1, 0, "abc", 0);
        let d = block_key(1, 1, "a", 0);
        let e = block_key(2, 0, "a", 0);
        assert!(a < b && b < c && c < d && d < e);
        assert!(segment_prefix(1, 0).as_slice() < a.as_slice());
        assert!(segment_prefix(1, 1).as_slice() > c.as_slice());
        assert!(segment_key(1, 9) < segment_key(1, 10));
    }
}
