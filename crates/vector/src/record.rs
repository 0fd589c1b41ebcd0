//! The stored form of one embedding in stores before format 5 (E4), which kept one record per
//! embedding in `vector.embeddings`; this build reads them (and moves them into
//! [blocks](crate::block) on a read-write open) and writes none. Public so that it can be
//! fuzzed and so that a tool can read a raw table dump.
//!
//! ```text
//! offset  size     field
//! 0       1        format (RECORD_FORMAT = 2)
//! 1       8        position: the append position in its scope, u64 little-endian
//! 9       4        dimension d, u32 little-endian
//! 13      4·d      the components, each the exact little-endian bytes of an f32
//! 13+4·d  4        CRC-32 of every byte before it, u32 little-endian
//! ```
//!
//! Format 1, written before the checksum, is the same without its last four bytes; it is still
//! read, and written again as format 2 when the embedding is. The checksum is checked on every
//! read, so a damaged record is an error even where redb's page checksums were not verified.
//!
//! The components are copied out with `f32::from_le_bytes`, never cast in place: redb values
//! carry no alignment guarantee. A record is decoded only if it is exactly that long and its
//! vector still passes every check of [`Embedding::new`]; anything else is a
//! [`Error::Storage`] naming the table, never a misread. A format byte above
//! [`RECORD_FORMAT`] says to upgrade.

use crate::embedding::Embedding;
use crate::error::{Error, Result};

/// The record format this build writes; it reads this one and format 1 (no checksum).
pub const RECORD_FORMAT: u8 = 2;

/// The format written before records carried a checksum.
const UNCHECKED: u8 = 1;

/// Bytes before the components.
const HEADER: usize = 13;

/// The table the records live in, for error messages.
pub(crate) const TABLE: &str = "vector.embeddings";

/// One stored embedding: its vector and its append position within its scope.
#[derive(Debug, Clone, PartialEq)]
pub struct EmbeddingRecord {
    /// Where it stands in its scope's append order (smaller is earlier).
    pub position: u64,
    /// The vector, bit for bit as attached.
    pub embedding: Embedding,
}

impl EmbeddingRecord {
    /// The stored bytes.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        encode(self.position, self.embedding.values())
    }

    /// Reads a stored record.
    ///
    /// # Errors
    /// [`Error::Storage`] for a record of a newer format (upgrade), a truncated or padded
    /// record, or a vector that no longer passes E3.
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let Some((&format, _)) = bytes.split_first() else {
            return Err(Error::corrupt(TABLE, "empty record"));
        };
        if format > RECORD_FORMAT {
            return Err(Error::newer_format(TABLE, format, RECORD_FORMAT));
        }
        if format != RECORD_FORMAT && format != UNCHECKED {
            return Err(Error::corrupt(TABLE, format_args!("format byte {format}")));
        }
        let bytes = if format == UNCHECKED {
            bytes
        } else {
            let Some((body, crc)) = bytes.split_last_chunk::<4>() else {
                return Err(Error::corrupt(TABLE, "record shorter than its checksum"));
            };
            if crc32fast::hash(body) != u32::from_le_bytes(*crc) {
                return Err(Error::corrupt(TABLE, "its checksum does not match"));
            }
            body
        };
        let rest = bytes.get(1..).unwrap_or_default();
        let (Some(position), Some(dimension)) = (
            rest.first_chunk::<8>().map(|b| u64::from_le_bytes(*b)),
            rest.get(8..12)
                .and_then(|b| b.first_chunk::<4>())
                .map(|b| u32::from_le_bytes(*b)),
        ) else {
            return Err(Error::corrupt(TABLE, "record shorter than its header"));
        };
        let payload = bytes.get(HEADER..).unwrap_or_default();
        let expected = (dimension as usize).checked_mul(4);
        if expected != Some(payload.len()) {
            return Err(Error::corrupt(
                TABLE,
                format_args!(
                    "dimension {dimension} needs {} bytes of components, found {}",
                    u64::from(dimension) * 4,
                    payload.len()
                ),
            ));
        }
        let values = decode_components(payload);
        let embedding = Embedding::new(values).map_err(|e| Error::corrupt(TABLE, e))?;
        Ok(Self {
            position,
            embedding,
        })
    }
}

/// Encodes a record without building an [`EmbeddingRecord`].
pub(crate) fn encode(position: u64, values: &[f32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + 4 * values.len() + 4);
    out.push(RECORD_FORMAT);
    out.extend_from_slice(&position.to_le_bytes());
    // The dimension fits: embeddings are validated to at most MAX_DIMENSION components.
    out.extend_from_slice(&(values.len() as u32).to_le_bytes());
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Copies little-endian `f32`s out of `bytes` (a multiple of 4 long), whatever its alignment.
pub(crate) fn decode_components(bytes: &[u8]) -> Vec<f32> {
    let (words, _) = bytes.as_chunks::<4>();
    words.iter().map(|w| f32::from_le_bytes(*w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(values: Vec<f32>) -> EmbeddingRecord {
        EmbeddingRecord {
            position: 0x0102_0304_0506_0708,
            embedding: Embedding::new(values).unwrap(),
        }
    }

    #[test]
    fn e4_layout_is_little_endian_with_the_dimension_recorded() {
        let bytes = record(vec![1.0, -2.5]).encode();
        assert_eq!(bytes[0], RECORD_FORMAT);
        assert_eq!(&bytes[1..9], &[8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(&bytes[9..13], &[2, 0, 0, 0]);
        assert_eq!(&bytes[13..17], &1.0_f32.to_le_bytes());
        assert_eq!(&bytes[17..21], &(-2.5_f32).to_le_bytes());
        assert_eq!(&bytes[21..25], &crc32fast::hash(&bytes[..21]).to_le_bytes());
        assert_eq!(bytes.len(), 25);
        // Format 1 (no checksum) still reads.
        let mut old = bytes[..21].to_vec();
        old[0] = 1;
        assert_eq!(
            EmbeddingRecord::decode(&old).unwrap(),
            record(vec![1.0, -2.5])
        );
        // A flipped bit of a component is caught, not read as another vector.
        let mut flipped = bytes.clone();
        flipped[14] ^= 0x01;
        assert!(EmbeddingRecord::decode(&flipped).is_err());
    }

    #[test]
    fn e4_decoding_is_bit_exact_at_every_byte_alignment() {
        let values = vec![
            f32::from_bits(1),
            -0.0,
            0.1,
            f32::MIN_POSITIVE,
            -123_456.79,
            1e-10,
            3.0,
        ];
        let original = record(values.clone());
        let bytes = original.encode();
        for offset in 0..8 {
            let mut buf = vec![0xAA_u8; offset];
            buf.extend_from_slice(&bytes);
            let back = EmbeddingRecord::decode(&buf[offset..]).unwrap();
            assert_eq!(back.position, original.position);
            let got: Vec<u32> = back
                .embedding
                .values()
                .iter()
                .map(|v| v.to_bits())
                .collect();
            let want: Vec<u32> = values.iter().map(|v| v.to_bits()).collect();
            assert_eq!(got, want, "offset {offset}");
        }
    }

    #[test]
    fn corrupt_and_future_records_are_errors_never_misreads() {
        let bytes = record(vec![1.0, 2.0]).encode();
        let err = |b: &[u8]| EmbeddingRecord::decode(b).unwrap_err().to_string();
        assert!(err(&[]).contains("empty record"));
        let mut future = bytes.clone();
        future[0] = RECORD_FORMAT + 1;
        assert!(err(&future).contains("upgrade kenning"), "{}", err(&future));
        let mut zero = bytes.clone();
        zero[0] = 0;
        assert!(err(&zero).contains("corrupt"));
        // Any change to a checked record, its length included, fails its checksum.
        assert!(err(&bytes[..bytes.len() - 1]).contains("checksum"));
        let mut padded = bytes.clone();
        padded.push(0);
        assert!(err(&padded).contains("checksum"));
        // The layout checks behind the checksum, on unchecked (format 1) records.
        let mut old = bytes[..bytes.len() - 4].to_vec();
        old[0] = UNCHECKED;
        assert!(err(&old[..12]).contains("shorter than its header"));
        assert!(err(&old[..old.len() - 1]).contains("needs 8 bytes"));
        let mut long = old.clone();
        long.push(0);
        assert!(err(&long).contains("found 9"));
        let mut nan = old.clone();
        nan[13..17].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(err(&nan).contains("is NaN"), "{}", err(&nan));
        let mut huge_dim = old;
        huge_dim[9..13].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(err(&huge_dim).contains("corrupt"));
    }
}
