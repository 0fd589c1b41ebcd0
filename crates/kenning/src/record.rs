//! Versioned, checksummed record encoding for the facade's own tables (`docs/format.md` holds
//! the whole on-disk format).
//!
//! A record is a version byte, a CRC-32 of its body (little-endian), and the body: the JSON of
//! the value. JSON keeps records readable with any redb tool; the CRC lets every read tell a
//! damaged record from a sound one even where redb's page checksums were not verified (a
//! salvage of a damaged file); the version is **per table** ([`FORMATS`]): a table whose
//! records gain a field moves to the next version, and a build that meets a version newer than
//! it knows refuses the record ("upgrade kenning"), so it can never read a newer record, drop the
//! fields it does not know, and write it back.
//!
//! Version 1 (stores written before checksums) is a version byte followed by the JSON; it is
//! still read, and rewritten as the current version whenever its record is written again.
//! Versions 3 and up are binary layouts of a table's own (the capsule tables', in `canon.rs`):
//! [`body`] checks the version and hands the bytes to the table's decoder, with [`Reader`] to
//! read them without a panic whatever they hold.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::canon;
use crate::error::{Error, Result};

/// Every facade table that holds records, with the record version this build writes there.
pub(crate) const FORMATS: &[(&str, u8)] = &[
    ("kenning.audit", 2),
    ("kenning.capsules", canon::BINARY),
    ("kenning.capsule_lifecycle", canon::BINARY),
    ("kenning.capsule_labels", 2),
    ("kenning.capsule_epistemics", 2),
    ("kenning.api_keys", 2),
    ("kenning.scopes", 2),
    ("kenning.vocabulary", 2),
];

/// The version before checksums: a version byte and the JSON.
const LEGACY: u8 = 1;

/// The checksummed JSON version: `[2][CRC-32 LE][JSON]`.
const JSON: u8 = 2;

/// The version this build writes in `table`, and the newest it reads.
fn version_of(table: &str) -> u8 {
    FORMATS
        .iter()
        .find(|(name, _)| *name == table)
        .map_or(JSON, |(_, v)| *v)
}

/// A record's body once its version has been checked.
pub(crate) enum Body<'a> {
    /// Versions 1 and 2: the JSON of the value (its checksum, if it has one, already checked).
    Json(&'a [u8]),
    /// A binary version (3 and up, in the tables that have one): everything after the version
    /// byte, for the table's own decoder, which checks its own checksums.
    Binary(u8, &'a [u8]),
}

/// The body of a record of `table`: refused if written by a newer build, checked against its
/// CRC if it is checksummed JSON.
pub(crate) fn body<'a>(table: &str, bytes: &'a [u8]) -> Result<Body<'a>> {
    let known = version_of(table);
    match bytes.split_first() {
        Some((&LEGACY, json)) => Ok(Body::Json(json)),
        Some((&JSON, rest)) => {
            let (Some(crc), Some(json)) = (rest.first_chunk::<4>(), rest.get(4..)) else {
                return Err(damaged(table, "shorter than its header"));
            };
            if crc32fast::hash(json) != u32::from_le_bytes(*crc) {
                return Err(damaged(table, "its checksum does not match"));
            }
            Ok(Body::Json(json))
        }
        Some((&v, rest)) if (JSON + 1..=known).contains(&v) => Ok(Body::Binary(v, rest)),
        Some((&v, _)) if v > known => Err(Error::Storage {
            message: format!(
                "a record in table {table} has version {v}, newer than this build of kenning \
                 reads ({known}): upgrade kenning (this build neither reads nor rewrites it); if \
                 no newer kenning wrote this store, the record is damaged: run `kenning store \
                 check`, then `kenning store salvage` or restore a backup"
            ),
            source: None,
        }),
        _ => Err(damaged(table, "it has no valid version byte")),
    }
}

/// `value` as a checksummed JSON record (version 2) of `table`.
pub(crate) fn encode<T: Serialize>(table: &str, value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    out.push(JSON);
    out.extend_from_slice(&[0; 4]);
    serde_json::to_writer(&mut out, value).map_err(|e| {
        Error::storage(format!("a record of table {table} could not be encoded"), e)
    })?;
    let crc = crc32fast::hash(&out[5..]);
    out[1..5].copy_from_slice(&crc.to_le_bytes());
    Ok(out)
}

/// A JSON record of `table`: checked against its CRC, and refused if written by a newer build.
pub(crate) fn decode<T: DeserializeOwned>(table: &str, bytes: &[u8]) -> Result<T> {
    match body(table, bytes)? {
        Body::Json(json) => json_value(table, json),
        Body::Binary(v, _) => Err(damaged(
            table,
            &format!("version {v} is binary, and this table's records are JSON"),
        )),
    }
}

/// The value of a JSON body of `table`.
pub(crate) fn json_value<T: DeserializeOwned>(table: &str, body: &[u8]) -> Result<T> {
    serde_json::from_slice(body).map_err(|e| {
        Error::storage(
            format!(
                "a record in table {table} is damaged (it does not decode); run `kenning store \
                 check` on the store, and `kenning store salvage` to copy what still reads"
            ),
            e,
        )
    })
}

/// A cursor over the bytes of a binary record of `table`: every read that runs past the end
/// is a damaged-record error, never a panic.
pub(crate) struct Reader<'a> {
    table: &'a str,
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(crate) fn new(table: &'a str, bytes: &'a [u8]) -> Self {
        Self { table, bytes }
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if n > self.bytes.len() {
            return Err(damaged(self.table, "it is shorter than its fields say"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    pub(crate) fn u8(&mut self) -> Result<u8> {
        Ok(self.array::<1>()?[0])
    }

    pub(crate) fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    pub(crate) fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    pub(crate) fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    pub(crate) fn i64(&mut self) -> Result<i64> {
        Ok(i64::from_le_bytes(self.array()?))
    }

    /// `n` bytes of UTF-8.
    pub(crate) fn str(&mut self, n: usize) -> Result<&'a str> {
        let table = self.table;
        std::str::from_utf8(self.take(n)?).map_err(|_| damaged(table, "a text is not UTF-8"))
    }

    /// Everything not read yet.
    pub(crate) fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.bytes)
    }

    /// A section followed by nothing: an error if bytes are left.
    pub(crate) fn finish(self) -> Result<()> {
        if self.bytes.is_empty() {
            Ok(())
        } else {
            Err(damaged(self.table, "it is longer than its fields say"))
        }
    }

    /// A damaged-record error of this table.
    pub(crate) fn damaged(&self, why: &str) -> Error {
        damaged(self.table, why)
    }
}

/// A checksum for a binary section.
pub(crate) fn crc(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

pub(crate) fn damaged(table: &str, why: &str) -> Error {
    Error::Storage {
        message: format!(
            "a record in table {table} is damaged ({why}); run `kenning store check` on the \
             store, and `kenning store salvage` to copy what still reads"
        ),
        source: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &str = "kenning.audit";

    #[test]
    fn round_trip_checksum_and_refusals() {
        let bytes = encode(T, &vec![1u32, 2]).unwrap();
        assert_eq!(bytes[0], 2);
        assert_eq!(decode::<Vec<u32>>(T, &bytes).unwrap(), [1, 2]);
        // One flipped bit anywhere in the body is caught by the checksum.
        for i in 5..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x04;
            let err = decode::<Vec<u32>>(T, &bad).unwrap_err().to_string();
            assert!(
                err.contains("damaged") && err.contains("kenning store check"),
                "{err}"
            );
        }
        let mut future = bytes.clone();
        future[0] = 3;
        let err = decode::<Vec<u32>>(T, &future).unwrap_err().to_string();
        assert!(err.contains("upgrade") && err.contains("newer"), "{err}");
        assert!(decode::<Vec<u32>>(T, &[]).is_err());
        assert!(decode::<Vec<u32>>(T, &[2, 0, 0]).is_err());
        assert!(decode::<Vec<u32>>(T, &[0, b'[', b']']).is_err());
    }

    #[test]
    fn version_1_records_of_older_stores_still_read() {
        let mut legacy = vec![1u8];
        legacy.extend_from_slice(br#"[3,4]"#);
        assert_eq!(decode::<Vec<u32>>(T, &legacy).unwrap(), [3, 4]);
    }

    #[test]
    fn every_facade_table_with_records_has_a_version() {
        for table in [
            crate::audit::AUDIT,
            crate::capsule::CAPSULES,
            crate::capsule::LIFECYCLE,
            crate::classification::LABELS,
            crate::classification::EPISTEMICS,
            crate::keys::API_KEYS,
        ] {
            use redb::TableHandle as _;
            assert!(
                FORMATS.iter().any(|(n, _)| *n == table.name()),
                "{}",
                table.name()
            );
        }
        for table in [crate::scope::SCOPES, crate::vocabulary::VOCABULARY] {
            use redb::TableHandle as _;
            assert!(
                FORMATS.iter().any(|(n, _)| *n == table.name()),
                "{}",
                table.name()
            );
        }
    }
}
