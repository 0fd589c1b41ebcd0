//! The seal: a small file beside a store, written as a verified read-write handle closes
//! cleanly, that lets the next open verify the store by reading it once.
//!
//! redb's check reads every page of the file twice (once to check each page's checksum, once
//! to rebuild the allocator's map; `docs/performance.md`), so a verified open costs about a
//! second per two GiB. The seal holds the file's length and a CRC-32 of every MiB of it, taken
//! right after the close: an open that finds a seal whose every block matches the file knows the
//! file is byte for byte what that close left, and skips redb's check. Everything the check
//! would have read is covered (keys and redb's page structure too, which no record checksum
//! covers), each byte read once, in large sequential reads on two threads.
//!
//! A seal vouches only for what it can: it is written only by a handle whose open verified the
//! file (by redb's check or by a seal), after a close that succeeded; any read-write open
//! removes it before its first write, so a crash never leaves a seal beside a file it no longer
//! describes; a seal that is missing, damaged (it carries a CRC-32 of its own), of another
//! format, or that differs from the file in any block sends the open to redb's full check, as
//! if there were none. Nothing about a seal can make an open fail or a damaged file pass.
//!
//! Its format (`docs/format.md`, "The seal"), all integers little-endian: the magic
//! `KNSEAL\r\n`, the seal format (`u32`, [`SEAL_FORMAT`]), the block size (`u32`, 1 MiB), the
//! file's length (`u64`), one CRC-32 (`u32`) per block (the last may be short), and a CRC-32 of
//! everything before it.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// What a seal's name adds to its store's file name: `memory.redb` is sealed by
/// `memory.redb.kenning-seal` in the same directory.
pub(crate) const SUFFIX: &str = ".kenning-seal";

/// The first bytes of every seal.
const MAGIC: [u8; 8] = *b"KNSEAL\r\n";

/// The seal format this build writes and reads; a seal of any other is ignored (the open
/// verifies fully, and the next clean close writes one of this format).
pub(crate) const SEAL_FORMAT: u32 = 1;

/// The bytes each CRC-32 of a seal covers.
const BLOCK: usize = 1 << 20;

/// The fixed part of a seal: magic, format, block size, file length.
const HEAD: usize = 8 + 4 + 4 + 8;

/// Files shorter than this are read on one thread: a second costs more than it saves.
const PARALLEL_BYTES: u64 = 64 << 20;

/// The seal of the store at `store`.
pub(crate) fn path_of(store: &Path) -> PathBuf {
    suffixed(store, SUFFIX)
}

/// `path` with `suffix` added to its file name.
fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path
        .file_name()
        .map_or_else(OsString::new, ToOwned::to_owned);
    name.push(suffix);
    path.with_file_name(name)
}

/// A decoded seal: the file's length and the CRC-32 of each of its blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seal {
    len: u64,
    crcs: Vec<u32>,
}

impl Seal {
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEAD + 4 * self.crcs.len() + 4);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&SEAL_FORMAT.to_le_bytes());
        out.extend_from_slice(&u32::try_from(BLOCK).unwrap_or(u32::MAX).to_le_bytes());
        out.extend_from_slice(&self.len.to_le_bytes());
        for crc in &self.crcs {
            out.extend_from_slice(&crc.to_le_bytes());
        }
        let own = crc32fast::hash(&out);
        out.extend_from_slice(&own.to_le_bytes());
        out
    }

    /// The seal `bytes` hold, or `None` for anything else: too short, another magic, format or
    /// block size, a count of blocks that does not fit the length, or a CRC that does not match.
    fn decode(bytes: &[u8]) -> Option<Self> {
        let (body, own) = bytes.split_last_chunk::<4>()?;
        if crc32fast::hash(body) != u32::from_le_bytes(*own) {
            return None;
        }
        let (head, crcs) = body.split_at_checked(HEAD)?;
        let (magic, rest) = head.split_first_chunk::<8>()?;
        let (format, rest) = rest.split_first_chunk::<4>()?;
        let (block, rest) = rest.split_first_chunk::<4>()?;
        let len = u64::from_le_bytes(*rest.first_chunk::<8>()?);
        let sound = *magic == MAGIC
            && u32::from_le_bytes(*format) == SEAL_FORMAT
            && usize::try_from(u32::from_le_bytes(*block)).ok() == Some(BLOCK)
            && u64::try_from(crcs.len() / 4).ok() == Some(blocks(len))
            && crcs.len() % 4 == 0;
        sound.then(|| Self {
            len,
            crcs: crcs
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        })
    }
}

/// How many blocks a file of `len` bytes has.
fn blocks(len: u64) -> u64 {
    len.div_ceil(BLOCK as u64)
}

/// The CRC-32 of every block of `path`'s first `len` bytes, in order; with `expected`, stops
/// at the first block that differs from it and answers `None`. Two threads each read half the
/// blocks of a file of at least [`PARALLEL_BYTES`]; a difference either finds stops both.
fn digest(path: &Path, len: u64, expected: Option<&[u32]>) -> io::Result<Option<Vec<u32>>> {
    let count = blocks(len);
    let split = if len >= PARALLEL_BYTES { count / 2 } else { 0 };
    let differs = AtomicBool::new(false);
    let range = |from: u64, to: u64| {
        let expected = expected.map(|e| {
            let from = usize::try_from(from).unwrap_or(usize::MAX);
            let to = usize::try_from(to).unwrap_or(usize::MAX);
            e.get(from..to).unwrap_or_default()
        });
        digest_range(path, len, from..to, expected, &differs)
    };
    let (first, second) = if split == 0 {
        (range(0, count)?, Some(Vec::new()))
    } else {
        std::thread::scope(|s| {
            let second = s.spawn(|| range(split, count));
            let first = range(0, split);
            let second = second
                .join()
                .unwrap_or_else(|_| Err(io::Error::other("the seal's reader panicked")));
            Ok::<_, io::Error>((first?, second?))
        })?
    };
    Ok(first.zip(second).map(|(mut first, second)| {
        first.extend(second);
        first
    }))
}

/// [`digest`] of `blocks` of a file of `len` bytes, on this thread; `differs` is set when a
/// block differs from `expected`, here or on the other thread, and ends both.
fn digest_range(
    path: &Path,
    len: u64,
    blocks: std::ops::Range<u64>,
    expected: Option<&[u32]>,
    differs: &AtomicBool,
) -> io::Result<Option<Vec<u32>>> {
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(blocks.start * BLOCK as u64))?;
    let mut buf = vec![0u8; BLOCK];
    let mut crcs = Vec::with_capacity(usize::try_from(blocks.end - blocks.start).unwrap_or(0));
    for block in blocks.clone() {
        if differs.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let size = (len - block * BLOCK as u64).min(BLOCK as u64);
        let chunk = &mut buf[..usize::try_from(size).unwrap_or(BLOCK)];
        file.read_exact(chunk)?;
        let crc = crc32fast::hash(chunk);
        if let Some(expected) = expected {
            let at = usize::try_from(block - blocks.start).unwrap_or(usize::MAX);
            if expected.get(at) != Some(&crc) {
                differs.store(true, Ordering::Relaxed);
                return Ok(None);
            }
        }
        crcs.push(crc);
    }
    Ok(Some(crcs))
}

/// Whether the store at `store` has a seal that matches it, block for block: the file is byte
/// for byte what the clean close that wrote the seal left. Any failure (no seal, a damaged or
/// foreign one, a read error) is `false`: the open then verifies fully.
pub(crate) fn matches(store: &Path) -> bool {
    let seal = path_of(store);
    // Only a file of the one size a seal of this store can have is read (never a large one).
    let (Ok(store_meta), Ok(seal_meta)) = (std::fs::metadata(store), std::fs::metadata(&seal))
    else {
        return false;
    };
    if seal_meta.len() != sealed_bytes(store_meta.len()) {
        return false;
    }
    let Some(seal) = std::fs::read(seal).ok().and_then(|b| Seal::decode(&b)) else {
        return false;
    };
    seal.len == store_meta.len() && matches!(digest(store, seal.len, Some(&seal.crcs)), Ok(Some(_)))
}

/// The size of the seal of a file of `len` bytes.
fn sealed_bytes(len: u64) -> u64 {
    HEAD as u64 + 4 * blocks(len) + 4
}

/// Removes the seal of `store`, if any: a read-write open does so before it writes, since the
/// file will no longer be what the seal describes. A failure to remove it is harmless (the
/// file will differ from it) and not reported.
pub(crate) fn remove(store: &Path) {
    let seal = path_of(store);
    drop(std::fs::remove_file(&seal));
    // And a seal a process died writing.
    drop(std::fs::remove_file(temporary(&seal)));
}

/// Where a seal is written before it is renamed into place: one name, since one handle at a
/// time holds a store read-write (a close racing another process's open at worst leaves a seal
/// that does not match, which is ignored).
fn temporary(seal: &Path) -> PathBuf {
    suffixed(seal, ".tmp")
}

/// Seals the store at `store` as it is now: to be called only after a clean close of a handle
/// whose open verified the file. The seal is written under a temporary name and renamed into
/// place, so a seal is whole or absent; it is not synced (a seal lost or cut short by a power
/// failure is ignored, and the open verifies fully).
pub(crate) fn write(store: &Path) -> io::Result<()> {
    let len = std::fs::metadata(store)?.len();
    let crcs = digest(store, len, None)?
        .ok_or_else(|| io::Error::other("the store changed while it was sealed"))?;
    let seal = Seal { len, crcs }.encode();
    let target = path_of(store);
    let tmp = temporary(&target);
    let written = File::create(&tmp)
        .and_then(|mut f| f.write_all(&seal))
        .and_then(|()| std::fs::rename(&tmp, &target));
    if written.is_err() {
        drop(std::fs::remove_file(&tmp));
    }
    written
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use proptest::prelude::*;

    fn file_of(dir: &Path, len: usize) -> PathBuf {
        let path = dir.join("store.redb");
        let bytes: Vec<u8> = (0..len).map(|i| (i * 31 % 251) as u8).collect();
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_seal_round_trips_and_every_damage_to_it_is_refused() {
        let seal = Seal {
            len: 3 * BLOCK as u64 - 7,
            crcs: vec![1, 2, 3],
        };
        let bytes = seal.encode();
        assert_eq!(Seal::decode(&bytes), Some(seal));
        for at in 0..bytes.len() {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x40;
            assert_eq!(Seal::decode(&damaged), None, "a flip at {at}");
        }
        for cut in 0..bytes.len() {
            assert_eq!(Seal::decode(&bytes[..cut]), None, "cut at {cut}");
        }
    }

    #[test]
    fn a_seal_of_another_size_than_the_files_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = file_of(dir.path(), 3 * BLOCK + 1);
        write(&path).unwrap();
        let seal = std::fs::read(path_of(&path)).unwrap();
        assert_eq!(seal.len() as u64, sealed_bytes(3 * BLOCK as u64 + 1));
        let mut longer = seal.clone();
        longer.extend_from_slice(&[0; 4]);
        std::fs::write(path_of(&path), longer).unwrap();
        assert!(!matches(&path));
        std::fs::write(path_of(&path), seal).unwrap();
        assert!(matches(&path));
    }

    #[test]
    fn a_seal_whose_block_count_does_not_fit_its_length_is_refused() {
        let short = Seal {
            len: 2 * BLOCK as u64 + 1,
            crcs: vec![1, 2],
        };
        assert_eq!(Seal::decode(&short.encode()), None);
    }

    /// At the block size, one past it and across the two threads' split.
    #[test]
    fn a_sealed_file_matches_until_any_block_changes() {
        let dir = tempfile::tempdir().unwrap();
        for len in [
            0,
            1,
            BLOCK - 1,
            BLOCK,
            BLOCK + 1,
            PARALLEL_BYTES as usize + 3 * BLOCK + 5,
        ] {
            let path = file_of(dir.path(), len);
            assert!(!matches(&path), "{len}: no seal yet");
            write(&path).unwrap();
            assert!(matches(&path), "{len}: sealed");
            if len > 0 {
                let mut bytes = std::fs::read(&path).unwrap();
                for at in [0, len / 2, len - 1] {
                    bytes[at] ^= 1;
                    std::fs::write(&path, &bytes).unwrap();
                    assert!(!matches(&path), "{len}: a flip at {at}");
                    bytes[at] ^= 1;
                }
                std::fs::write(&path, &bytes).unwrap();
                assert!(matches(&path), "{len}: restored");
                bytes.push(0);
                std::fs::write(&path, &bytes).unwrap();
                assert!(!matches(&path), "{len}: grown by a byte");
            }
            std::fs::write(temporary(&path_of(&path)), b"a seal cut short").unwrap();
            remove(&path);
            assert!(!matches(&path), "{len}: removed");
            assert!(
                !temporary(&path_of(&path)).exists(),
                "{len}: a seal left half-written is removed too"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Any bytes where a seal should be: never a panic, and a match only for a seal that
        /// really describes the file.
        #[test]
        fn any_bytes_as_a_seal_never_panic_and_never_match(
            bytes in proptest::collection::vec(any::<u8>(), 0..96),
        ) {
            let dir = tempfile::tempdir().unwrap();
            let path = file_of(dir.path(), 100);
            std::fs::write(path_of(&path), &bytes).unwrap();
            prop_assert!(!matches(&path));
        }
    }
}
