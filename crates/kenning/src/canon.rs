//! The binary records of the capsule tables (version 3; the layouts are in `docs/format.md`).
//!
//! A canonical record keeps its hot fields (scope, origin, created time, fact-time, what it
//! supersedes) in a **head** of fixed-width fields with its own CRC-32, ahead of the content:
//! recall's fact-time admission and the lifecycle calls read the head alone, without touching
//! (or checksumming) up to 32 KiB of content or decoding any JSON. The content and metadata
//! follow with a CRC-32 of their own. The fences are a flag byte and two optional fixed-width
//! fields. Records of versions 1 and 2 (JSON) are still read, through the same functions.

use std::collections::BTreeMap;
use std::str::FromStr;

use kenning_classify::Origin;

use crate::capsule::{Canonical, CanonicalRef, CapsuleId, FactTime, Fences};
use crate::error::{Error, Result};
use crate::record::{self, Body, Reader};
use crate::thread::Thread;
use crate::time::Timestamp;

const CAPSULES: &str = "kenning.capsules";
const LIFECYCLE: &str = "kenning.capsule_lifecycle";

/// The binary version of both tables.
pub(crate) const BINARY: u8 = 3;

// Flags of a canonical head.
const FROM: u8 = 1;
const UNTIL: u8 = 2;
const SUPERSEDES: u8 = 4;
const THREAD: u8 = 8;

// Flags of a fences record.
const QUARANTINED: u8 = 1;
const FALSIFIED: u8 = 2;
const ARCHIVED: u8 = 4;
const SUPERSEDED_BY: u8 = 8;
const FRESH_UNTIL: u8 = 16;

/// The fields of a canonical record other than its content and metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Head {
    pub(crate) scope: String,
    pub(crate) origin: Origin,
    pub(crate) created: Timestamp,
    pub(crate) fact_time: Option<FactTime>,
    pub(crate) supersedes: Option<CapsuleId>,
    pub(crate) thread: Option<Thread>,
}

impl Canonical {
    fn head(&self) -> Head {
        Head {
            scope: self.scope.clone(),
            origin: self.origin,
            created: self.created,
            fact_time: self.fact_time,
            supersedes: self.supersedes,
            thread: self.thread.clone(),
        }
    }
}

/// `c` as a version-3 canonical record:
/// `[3][head length u16][head CRC-32][head][body CRC-32][body]`.
pub(crate) fn encode_canonical(c: &CanonicalRef<'_>) -> Result<Vec<u8>> {
    let mut head = Vec::with_capacity(32 + c.scope.len());
    let (from, until) = c
        .fact_time
        .map_or((None, None), |f| (f.valid_from, f.valid_until));
    let flags = bit(from.is_some(), FROM)
        | bit(until.is_some(), UNTIL)
        | bit(c.supersedes.is_some(), SUPERSEDES)
        | bit(c.thread.is_some(), THREAD);
    head.push(flags);
    head.extend_from_slice(&c.created.as_millis().to_le_bytes());
    for t in [from, until].into_iter().flatten() {
        head.extend_from_slice(&t.as_millis().to_le_bytes());
    }
    if let Some(old) = c.supersedes {
        head.extend_from_slice(&old.get().to_le_bytes());
    }
    if let Some(t) = c.thread {
        head.extend_from_slice(&t.position.to_le_bytes());
        let id_len = u16::try_from(t.id.len()).map_err(|_| too_long("thread id"))?;
        head.extend_from_slice(&id_len.to_le_bytes());
        head.extend_from_slice(t.id.as_bytes());
    }
    let origin = c.origin.as_str();
    head.push(u8::try_from(origin.len()).map_err(|_| too_long("origin"))?);
    head.extend_from_slice(origin.as_bytes());
    let scope_len = u16::try_from(c.scope.len()).map_err(|_| too_long("scope"))?;
    head.extend_from_slice(&scope_len.to_le_bytes());
    head.extend_from_slice(c.scope.as_bytes());

    let mut body = Vec::with_capacity(8 + c.content.len());
    let content_len = u32::try_from(c.content.len()).map_err(|_| too_long("content"))?;
    body.extend_from_slice(&content_len.to_le_bytes());
    body.extend_from_slice(c.content.as_bytes());
    if !c.metadata.is_empty() {
        serde_json::to_writer(&mut body, c.metadata)
            .map_err(|e| Error::storage("a capsule's metadata could not be encoded", e))?;
    }

    let head_len = u16::try_from(head.len()).map_err(|_| too_long("head"))?;
    let mut out = Vec::with_capacity(11 + head.len() + body.len());
    out.push(BINARY);
    out.extend_from_slice(&head_len.to_le_bytes());
    out.extend_from_slice(&record::crc(&head).to_le_bytes());
    out.extend_from_slice(&head);
    out.extend_from_slice(&record::crc(&body).to_le_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

const fn bit(on: bool, flag: u8) -> u8 {
    if on { flag } else { 0 }
}

fn too_long(what: &str) -> Error {
    Error::Storage {
        message: format!("a capsule's {what} is too long for its record"),
        source: None,
    }
}

/// The head of a canonical record, read without the content.
pub(crate) fn head(bytes: &[u8]) -> Result<Head> {
    match record::body(CAPSULES, bytes)? {
        Body::Json(json) => Ok(record::json_value::<Canonical>(CAPSULES, json)?.head()),
        Body::Binary(_, rest) => {
            let mut r = Reader::new(CAPSULES, rest);
            read_head(&mut r)
        }
    }
}

/// A whole canonical record.
pub(crate) fn canonical(bytes: &[u8]) -> Result<Canonical> {
    match record::body(CAPSULES, bytes)? {
        Body::Json(json) => record::json_value(CAPSULES, json),
        Body::Binary(_, rest) => {
            let mut r = Reader::new(CAPSULES, rest);
            let head = read_head(&mut r)?;
            let crc = r.u32()?;
            let body = r.rest();
            if record::crc(body) != crc {
                return Err(record::damaged(
                    CAPSULES,
                    "the checksum of its content does not match",
                ));
            }
            let mut b = Reader::new(CAPSULES, body);
            let len = b.u32()? as usize;
            let content = b.str(len)?.to_owned();
            let rest = b.rest();
            let metadata = if rest.is_empty() {
                BTreeMap::new()
            } else {
                record::json_value(CAPSULES, rest)?
            };
            Ok(Canonical {
                scope: head.scope,
                content,
                origin: head.origin,
                created: head.created,
                fact_time: head.fact_time,
                metadata,
                supersedes: head.supersedes,
                thread: head.thread,
            })
        }
    }
}

fn read_head(r: &mut Reader<'_>) -> Result<Head> {
    let len = usize::from(r.u16()?);
    let crc = r.u32()?;
    let bytes = r.take(len)?;
    if record::crc(bytes) != crc {
        return Err(r.damaged("the checksum of its head does not match"));
    }
    let mut h = Reader::new(CAPSULES, bytes);
    let flags = h.u8()?;
    if flags & !(FROM | UNTIL | SUPERSEDES | THREAD) != 0 {
        return Err(h.damaged("its head has flags this version does not define"));
    }
    let created = Timestamp::from_millis(h.i64()?);
    let from = (flags & FROM != 0)
        .then(|| h.i64().map(Timestamp::from_millis))
        .transpose()?;
    let until = (flags & UNTIL != 0)
        .then(|| h.i64().map(Timestamp::from_millis))
        .transpose()?;
    let supersedes = (flags & SUPERSEDES != 0)
        .then(|| h.u64().map(CapsuleId::new))
        .transpose()?;
    let thread = if flags & THREAD != 0 {
        let position = h.u64()?;
        let id_len = usize::from(h.u16()?);
        Some(Thread::new(h.str(id_len)?, position))
    } else {
        None
    };
    let origin_len = usize::from(h.u8()?);
    let origin = Origin::from_str(h.str(origin_len)?)
        .map_err(|_| h.damaged("its origin is not one this version knows"))?;
    let scope_len = usize::from(h.u16()?);
    let scope = h.str(scope_len)?.to_owned();
    h.finish()?;
    let fact_time = (from.is_some() || until.is_some()).then_some(FactTime {
        valid_from: from,
        valid_until: until,
    });
    Ok(Head {
        scope,
        origin,
        created,
        fact_time,
        supersedes,
        thread,
    })
}

/// `f` as a version-3 fences record: `[3][CRC-32][flags][superseded by u64]?[fresh until i64]?`.
pub(crate) fn encode_fences(f: &Fences) -> Vec<u8> {
    let flags = bit(f.quarantined, QUARANTINED)
        | bit(f.falsified, FALSIFIED)
        | bit(f.archived, ARCHIVED)
        | bit(f.superseded_by.is_some(), SUPERSEDED_BY)
        | bit(f.fresh_until.is_some(), FRESH_UNTIL);
    let mut body = vec![flags];
    if let Some(by) = f.superseded_by {
        body.extend_from_slice(&by.get().to_le_bytes());
    }
    if let Some(t) = f.fresh_until {
        body.extend_from_slice(&t.as_millis().to_le_bytes());
    }
    let mut out = Vec::with_capacity(5 + body.len());
    out.push(BINARY);
    out.extend_from_slice(&record::crc(&body).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// A fences record.
pub(crate) fn fences(bytes: &[u8]) -> Result<Fences> {
    match record::body(LIFECYCLE, bytes)? {
        Body::Json(json) => record::json_value(LIFECYCLE, json),
        Body::Binary(_, rest) => {
            let mut r = Reader::new(LIFECYCLE, rest);
            let crc = r.u32()?;
            let body = r.rest();
            if record::crc(body) != crc {
                return Err(record::damaged(LIFECYCLE, "its checksum does not match"));
            }
            let mut b = Reader::new(LIFECYCLE, body);
            let flags = b.u8()?;
            let known = QUARANTINED | FALSIFIED | ARCHIVED | SUPERSEDED_BY | FRESH_UNTIL;
            if flags & !known != 0 {
                return Err(b.damaged("it has flags this version does not define"));
            }
            let superseded_by = (flags & SUPERSEDED_BY != 0)
                .then(|| b.u64().map(CapsuleId::new))
                .transpose()?;
            let fresh_until = (flags & FRESH_UNTIL != 0)
                .then(|| b.i64().map(Timestamp::from_millis))
                .transpose()?;
            b.finish()?;
            Ok(Fences {
                quarantined: flags & QUARANTINED != 0,
                falsified: flags & FALSIFIED != 0,
                archived: flags & ARCHIVED != 0,
                superseded_by,
                fresh_until,
            })
        }
    }
}

/// The decoders of the capsule tables' records, for the `capsule_record` fuzz target
/// (`crates/fuzzcheck`): a damaged file is outside input. Not part of the API.
#[doc(hidden)]
#[allow(clippy::expect_used, clippy::panic)]
pub mod fuzzing {
    use super::*;

    /// Decodes `bytes` as a canonical record and as a fences record. Never panics; whatever
    /// decodes must encode to bytes that decode the same, and a canonical record's head must
    /// read as the record's own fields. Panics (the fuzzer's finding) when that does not hold.
    pub fn check_records(bytes: &[u8]) {
        if let Ok(c) = canonical(bytes) {
            let h = head(bytes).expect("a record that decodes has a head that decodes");
            assert_eq!(h, c.head(), "the head reads as the record's own fields");
            let again = encode_canonical(&CanonicalRef {
                scope: &c.scope,
                content: &c.content,
                origin: c.origin,
                created: c.created,
                fact_time: c.fact_time,
                metadata: &c.metadata,
                supersedes: c.supersedes,
                thread: c.thread.as_ref(),
            })
            .expect("a record that decodes encodes");
            let back = canonical(&again).expect("an encoded record decodes");
            assert_eq!(
                (&back.content, &back.metadata, back.head()),
                (&c.content, &c.metadata, c.head()),
                "decode, encode, decode is the identity"
            );
        } else {
            // The head alone may read (the body's damage is not its concern), but then it must
            // read again the same.
            if let Ok(h) = head(bytes) {
                assert_eq!(head(bytes).ok(), Some(h));
            }
        }
        if let Ok(f) = fences(bytes) {
            let again = encode_fences(&f);
            assert_eq!(fences(&again).ok(), Some(f), "fences round-trip");
            if bytes.first() == Some(&BINARY) {
                assert_eq!(again, bytes, "a binary fences record has one encoding");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static THREADED: std::sync::LazyLock<Thread> =
        std::sync::LazyLock::new(|| Thread::new("session-7", 12));

    fn sample(metadata: &BTreeMap<String, String>) -> CanonicalRef<'_> {
        CanonicalRef {
            scope: "agent:ops",
            content: "the deploy runs on Fridays",
            origin: Origin::ToolObservation,
            created: Timestamp::from_millis(1_700_000_000_123),
            fact_time: Some(FactTime {
                valid_from: Some(Timestamp::from_millis(-5)),
                valid_until: None,
            }),
            metadata,
            supersedes: Some(CapsuleId::new(41)),
            thread: Some(&THREADED),
        }
    }

    #[test]
    fn canonical_records_round_trip_and_the_head_reads_alone() {
        let mut metadata = BTreeMap::new();
        for m in [BTreeMap::new(), {
            metadata.insert("source".to_owned(), "ci".to_owned());
            metadata.clone()
        }] {
            let c = sample(&m);
            let bytes = encode_canonical(&c).unwrap();
            assert_eq!(bytes[0], BINARY);
            let back = canonical(&bytes).unwrap();
            assert_eq!(
                (back.scope.as_str(), back.content.as_str(), &back.metadata),
                (c.scope, c.content, &m)
            );
            assert_eq!(
                (back.origin, back.created, back.fact_time, back.supersedes),
                (c.origin, c.created, c.fact_time, c.supersedes)
            );
            assert_eq!(back.thread.as_ref(), c.thread);
            assert_eq!(
                head(&bytes).unwrap().thread.as_ref(),
                c.thread,
                "the thread is read with the head"
            );
            // The head reads even when the content's bytes are damaged: it never touches them.
            let mut damaged = bytes.clone();
            let last = damaged.len() - 1;
            damaged[last] ^= 0x20;
            let h = head(&damaged).unwrap();
            assert_eq!(
                (h.scope.as_str(), h.supersedes),
                ("agent:ops", c.supersedes)
            );
            let err = canonical(&damaged).unwrap_err().to_string();
            assert!(
                err.contains("content") && err.contains("kenning store check"),
                "{err}"
            );
        }
    }

    #[test]
    fn every_flipped_bit_and_every_cut_of_a_binary_record_is_an_error() {
        let m = BTreeMap::from([("k".to_owned(), "v".to_owned())]);
        let bytes = encode_canonical(&sample(&m)).unwrap();
        for i in 1..bytes.len() {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                assert!(canonical(&bad).is_err(), "byte {i} bit {bit}");
            }
            assert!(canonical(&bytes[..i]).is_err(), "cut at {i}");
            assert!(head(&bytes[..i.min(12)]).is_err(), "head cut at {i}");
        }
        let f = Fences {
            quarantined: true,
            superseded_by: Some(CapsuleId::new(7)),
            fresh_until: Some(Timestamp::from_millis(99)),
            ..Fences::default()
        };
        let fb = encode_fences(&f);
        assert_eq!(fences(&fb).unwrap(), f);
        for i in 1..fb.len() {
            let mut bad = fb.clone();
            bad[i] ^= 0x10;
            assert!(fences(&bad).is_err(), "byte {i}");
            assert!(fences(&fb[..i]).is_err(), "cut at {i}");
        }
    }

    #[test]
    fn the_fuzz_property_holds_on_every_kind_of_record() {
        let m = BTreeMap::from([("k".to_owned(), "v".to_owned())]);
        let mut seeds = vec![
            encode_canonical(&sample(&m)).unwrap(),
            encode_canonical(&sample(&BTreeMap::new())).unwrap(),
            encode_fences(&Fences {
                archived: true,
                fresh_until: Some(Timestamp::from_millis(7)),
                ..Fences::default()
            }),
            br#"{"scope":"s","content":"c","origin":"owner-stated","created":5}"#.to_vec(),
        ];
        seeds[3].insert(0, 1);
        for seed in &seeds {
            fuzzing::check_records(seed);
            for cut in 0..seed.len() {
                fuzzing::check_records(&seed[..cut]);
            }
        }
        // The fuzz target's seed corpus: KENNING_SEEDS_OUT=dir cargo test -p kenning canon.
        if let Ok(dir) = std::env::var("KENNING_SEEDS_OUT") {
            for (i, seed) in seeds.iter().enumerate() {
                std::fs::write(format!("{dir}/seed-{i}"), seed).unwrap();
            }
        }
    }

    #[test]
    fn every_fence_combination_round_trips() {
        for bits in 0..32u8 {
            let f = Fences {
                quarantined: bits & 1 != 0,
                falsified: bits & 2 != 0,
                archived: bits & 4 != 0,
                superseded_by: (bits & 8 != 0).then_some(CapsuleId::new(u64::MAX)),
                fresh_until: (bits & 16 != 0).then_some(Timestamp::from_millis(i64::MIN)),
            };
            assert_eq!(fences(&encode_fences(&f)).unwrap(), f);
        }
    }

    #[test]
    fn json_records_of_older_stores_still_read() {
        let legacy = br#"{"scope":"s","content":"c","origin":"owner-stated","created":5}"#;
        let mut v1 = vec![1u8];
        v1.extend_from_slice(legacy);
        let c = canonical(&v1).unwrap();
        assert_eq!((c.scope.as_str(), c.content.as_str()), ("s", "c"));
        assert_eq!(head(&v1).unwrap().origin, Origin::OwnerStated);
        let v2 = record::encode(
            LIFECYCLE,
            &Fences {
                archived: true,
                ..Fences::default()
            },
        )
        .unwrap();
        assert!(fences(&v2).unwrap().archived);
    }
}
