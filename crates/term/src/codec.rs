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

// ---- postings keys ---------------------------------------------------------------------------

/// The key of a postings block: scope number (u32 big-endian), the term's bytes, a 0 byte, and
/// the block's lower bound (u64 big-endian). Terms hold no 0 byte, so the blocks of one term are
/// contiguous and ordered by lower bound, and byte order is key order.
pub(crate) fn block_key(scope: u32, term: &str, lower: u64) -> Vec<u8> {
    let mut key = term_prefix(scope, term);
    key.extend_from_slice(&lower.to_be_bytes());
    key
}

/// The bytes every block key of `term` in `scope` starts with.
pub(crate) fn term_prefix(scope: u32, term: &str) -> Vec<u8> {
    let mut key = Vec::with_capacity(4 + term.len() + 1 + 8);
    key.extend_from_slice(&scope.to_be_bytes());
    key.extend_from_slice(term.as_bytes());
    key.push(0);
    key
}

/// The lower bound stored at the end of a block key.
pub(crate) fn key_lower(table: &'static str, key: &[u8]) -> Result<u64> {
    let tail = key
        .len()
        .checked_sub(8)
        .and_then(|at| key.get(at..))
        .and_then(|t| <[u8; 8]>::try_from(t).ok())
        .ok_or_else(|| corrupt(table, "short block key"))?;
    Ok(u64::from_be_bytes(tail))
}

// ---- postings blocks -------------------------------------------------------------------------

/// Encodes postings (sorted by doc, every doc ≥ `lower`) as a block value: format byte, count,
/// then per posting the doc's distance from the previous doc (from `lower` for the first), tf
/// and dl.
pub(crate) fn encode_block(lower: u64, postings: &[Posting], out: &mut Vec<u8>) {
    out.clear();
    out.push(FORMAT);
    put_varint(out, postings.len() as u64);
    let mut prev = lower;
    for p in postings {
        put_varint(out, p.doc - prev);
        put_varint(out, u64::from(p.tf));
        put_varint(out, u64::from(p.dl));
        prev = p.doc;
    }
}

/// The number of postings in a block, read from its header alone.
pub(crate) fn block_len(table: &'static str, bytes: &[u8]) -> Result<u64> {
    Reader::new(table, bytes)?.varint()
}

/// Decodes a block keyed `lower`, calling `f` for each posting in doc order.
pub(crate) fn decode_block(
    table: &'static str,
    lower: u64,
    bytes: &[u8],
    mut f: impl FnMut(Posting),
) -> Result<()> {
    let mut r = Reader::new(table, bytes)?;
    let count = r.varint()?;
    let mut doc = lower;
    for _ in 0..count {
        doc = doc
            .checked_add(r.varint()?)
            .ok_or_else(|| corrupt(table, "doc id overflows"))?;
        let tf = r.u32()?;
        let dl = r.u32()?;
        f(Posting { doc, tf, dl });
    }
    r.finish()
}

/// Decodes a whole block into `out` (cleared first).
pub(crate) fn read_block(
    table: &'static str,
    lower: u64,
    bytes: &[u8],
    out: &mut Vec<Posting>,
) -> Result<()> {
    out.clear();
    decode_block(table, lower, bytes, |p| out.push(p))
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

pub(crate) fn encode_doc(d: &DocRecord, out: &mut Vec<u8>) {
    out.clear();
    out.push(FORMAT);
    out.extend_from_slice(&d.scope.to_le_bytes());
    out.push(d.language.code() | if d.detected { 0x80 } else { 0 });
    put_varint(out, u64::from(d.dl));
    put_varint(out, d.terms.len() as u64);
    for (term, tf) in &d.terms {
        put_varint(out, term.len() as u64);
        out.extend_from_slice(term.as_bytes());
        put_varint(out, u64::from(*tf));
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

/// A scope's number and statistics. Fixed layout after the format byte: number (u32 LE), then
/// documents, terms, English-detected and Portuguese-detected documents (u64 LE each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct ScopeRecord {
    pub(crate) number: u32,
    pub(crate) docs: u64,
    pub(crate) tokens: u64,
    pub(crate) detected: [u64; 2],
}

pub(crate) fn encode_scope(s: &ScopeRecord) -> [u8; 37] {
    let mut out = [0u8; 37];
    out[0] = FORMAT;
    out[1..5].copy_from_slice(&s.number.to_le_bytes());
    out[5..13].copy_from_slice(&s.docs.to_le_bytes());
    out[13..21].copy_from_slice(&s.tokens.to_le_bytes());
    out[21..29].copy_from_slice(&s.detected[0].to_le_bytes());
    out[29..37].copy_from_slice(&s.detected[1].to_le_bytes());
    out
}

pub(crate) fn decode_scope(table: &'static str, bytes: &[u8]) -> Result<ScopeRecord> {
    let mut r = Reader::new(table, bytes)?;
    let u64_at = |r: &mut Reader<'_>| -> Result<u64> {
        let b = r.bytes(8)?;
        Ok(u64::from_le_bytes(
            <[u8; 8]>::try_from(b).map_err(|_| corrupt(table, "short field"))?,
        ))
    };
    let number = u32::from_le_bytes(
        <[u8; 4]>::try_from(r.bytes(4)?).map_err(|_| corrupt(table, "short field"))?,
    );
    let docs = u64_at(&mut r)?;
    let tokens = u64_at(&mut r)?;
    let en = u64_at(&mut r)?;
    let pt = u64_at(&mut r)?;
    r.finish()?;
    Ok(ScopeRecord {
        number,
        docs,
        tokens,
        detected: [en, pt],
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
    fn blocks_round_trip() {
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
        let mut bytes = Vec::new();
        encode_block(10, &postings, &mut bytes);
        assert_eq!(block_len("t", &bytes).unwrap(), 3);
        let mut back = Vec::new();
        read_block("t", 10, &bytes, &mut back).unwrap();
        assert_eq!(back, postings);
        // Truncation is corruption, never a panic.
        for cut in 0..bytes.len() {
            let _ = read_block("t", 10, &bytes[..cut], &mut back);
        }
        let mut newer = bytes.clone();
        newer[0] = FORMAT + 1;
        assert!(matches!(
            read_block("t", 10, &newer, &mut back),
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
        encode_doc(&d, &mut bytes);
        assert_eq!(decode_doc("t", &bytes).unwrap(), d);
        let s = ScopeRecord {
            number: 3,
            docs: 10,
            tokens: 99,
            detected: [4, 5],
        };
        assert_eq!(decode_scope("t", &encode_scope(&s)).unwrap(), s);
        assert!(decode_scope("t", &encode_scope(&s)[..20]).is_err());
    }

    #[test]
    fn keys_order_by_scope_then_term_then_lower_bound() {
        let a = block_key(1, "ab", 5);
        let b = block_key(1, "ab", 6);
        let c = block_key(1, "abc", 0);
        let d = block_key(2, "a", 0);
        assert!(a < b && b < c && c < d);
        assert_eq!(key_lower("t", &b).unwrap(), 6);
    }
}
