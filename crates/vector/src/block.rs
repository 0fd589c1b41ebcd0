//! The stored form of a scope's embeddings: blocks of consecutive append positions, each block
//! one redb value sized to fill one redb page (E4). Public so that it can be fuzzed and so that
//! a tool can read a raw table dump.
//!
//! A scope's append position `p` lives in block `p / s`, slot `p % s`, where `s` is
//! [`slots_per_block`] of the resident dimension and the scope id: as many vectors as fill a
//! 32 KiB page (a larger one for vectors of more than about 2,000 components), key and redb's
//! leaf header included. One embedding per record, as stores before format 5 kept them, left a
//! quarter of every 4 KiB page empty (two 1.5 KiB records to a page) and gave redb a page to
//! check per two vectors; a block fills 99% of its page at 384 dimensions.
//!
//! ```text
//! [format u8 = 1] [dimension d u32] [entries n u16]
//! n × [slot u16] [capsule u64] [CRC-32 of slot, capsule and the entry's components, u32]
//! [CRC-32 of every byte before it, u32]
//! n × d × [component: the exact little-endian bytes of an f32]
//! ```
//!
//! Entries are in ascending slot order; the components of entry `i` are the `i`-th run of `d`.
//! Integers are little-endian. The head (everything up to its CRC) is checked whenever the
//! block is read, and an entry's own CRC whenever its components are: reading one vector for
//! exact scoring checks the head and that vector, not the 32 KiB around it. A record is
//! decoded only if every length agrees and every checksum holds, and a vector only if it still
//! passes every check of [`Embedding::new`]; anything else is a [`Error::Storage`] naming the
//! table, never a misread. A format byte above [`BLOCK_FORMAT`] says to upgrade. Components are
//! copied out with `f32::from_le_bytes`, never cast in place: redb values carry no alignment
//! guarantee.

use crate::embedding::Embedding;
use crate::error::{Error, Result};

/// The block format this build writes and reads.
pub const BLOCK_FORMAT: u8 = 1;

/// The table the blocks live in, for error messages.
pub(crate) const TABLE: &str = "vector.blocks";

/// Bytes of the head before the entries: format, dimension, entry count.
const PREFIX: usize = 1 + 4 + 2;

/// Bytes of one entry of the head: slot, capsule, checksum.
const ENTRY: usize = 2 + 8 + 4;

/// Bytes of a block that hold no entry: the prefix and the head's checksum.
const FIXED: usize = PREFIX + 4;

/// What a block's leaf costs in redb besides the value and the scope id's bytes: the leaf's
/// header (4 bytes) and the ends of its one key and one value (4 each), and the key's length
/// varint (at most 3 bytes) and capsule-block number (8).
const LEAF_OVERHEAD: usize = 4 + 4 + 4 + 3 + 8;

/// The page sizes a block may be made to fill, smallest first.
const PAGES: [usize; 4] = [32 << 10, 64 << 10, 128 << 10, 256 << 10];

/// How many vectors of `dimension` components a block of scope `scope` holds: the most that fit,
/// with the block's key and redb's leaf header, in the smallest page of 32, 64, 128 or 256 KiB
/// that they fill to at least 90% (the largest when none does). At 384 dimensions that is 21
/// vectors in 32 KiB. A function of the dimension and the scope id alone, so that a position's
/// block never moves while the resident embedder stays.
#[must_use]
pub fn slots_per_block(dimension: usize, scope: &str) -> u64 {
    let per_vector = ENTRY + 4 * dimension.max(1);
    let fits = |page: usize| {
        page.saturating_sub(FIXED + LEAF_OVERHEAD + scope.len())
            .checked_div(per_vector)
            .unwrap_or(0)
    };
    let mut slots = 1;
    for page in PAGES {
        let n = fits(page);
        if n == 0 {
            continue;
        }
        slots = n;
        if (FIXED + LEAF_OVERHEAD + scope.len() + n * per_vector) * 10 >= page * 9 {
            break;
        }
    }
    // At most u16::MAX entries: a slot is a u16 (a 1-dimensional vector takes 18 bytes, so a
    // 256 KiB page would hold fewer than 15,000).
    slots.min(usize::from(u16::MAX)) as u64
}

/// One block, decoded: its entries in slot order and their components.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    dimension: usize,
    /// `(slot, capsule)` in ascending slot order.
    entries: Vec<(u16, u64)>,
    /// The components of every entry, in entry order.
    values: Vec<f32>,
}

impl Block {
    /// An empty block of vectors of `dimension` components.
    #[must_use]
    pub fn new(dimension: usize) -> Self {
        Self {
            dimension,
            entries: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The number of vectors it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no vector.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The highest slot it holds.
    #[must_use]
    pub fn last_slot(&self) -> Option<u16> {
        self.entries.last().map(|&(slot, _)| slot)
    }

    /// Its `(slot, capsule, components)`, in slot order.
    pub fn entries(&self) -> impl Iterator<Item = (u16, u64, &[f32])> + '_ {
        self.entries
            .iter()
            .zip(self.values.chunks_exact(self.dimension.max(1)))
            .map(|(&(slot, capsule), values)| (slot, capsule, values))
    }

    /// Puts `capsule`'s `values` (of the block's dimension) at `slot`, replacing what was
    /// there.
    pub(crate) fn put(&mut self, slot: u16, capsule: u64, values: &[f32]) {
        let d = self.dimension;
        match self.entries.binary_search_by_key(&slot, |&(s, _)| s) {
            Ok(i) => {
                self.entries[i].1 = capsule;
                self.values[i * d..(i + 1) * d].copy_from_slice(values);
            }
            Err(i) => {
                self.entries.insert(i, (slot, capsule));
                self.values.splice(i * d..i * d, values.iter().copied());
            }
        }
    }

    /// The stored bytes.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let d = self.dimension;
        let mut out = Vec::with_capacity(FIXED + self.entries.len() * (ENTRY + 4 * d));
        out.push(BLOCK_FORMAT);
        // Embeddings have at most MAX_DIMENSION components, and a block at most u16::MAX
        // entries (slots_per_block): both fit.
        out.extend_from_slice(&(d as u32).to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u16).to_le_bytes());
        let mut components = Vec::with_capacity(self.values.len() * 4);
        for ((slot, capsule), values) in self.entries.iter().zip(self.values.chunks_exact(d.max(1)))
        {
            let start = components.len();
            for v in values {
                components.extend_from_slice(&v.to_le_bytes());
            }
            out.extend_from_slice(&slot.to_le_bytes());
            out.extend_from_slice(&capsule.to_le_bytes());
            out.extend_from_slice(&entry_crc(*slot, *capsule, &components[start..]).to_le_bytes());
        }
        let head_crc = crc32fast::hash(&out);
        out.extend_from_slice(&head_crc.to_le_bytes());
        out.extend_from_slice(&components);
        out
    }

    /// Reads a stored block whole, checking every checksum and every vector.
    ///
    /// # Errors
    /// [`Error::Storage`] for a block of a newer format (upgrade), a damaged or inconsistent
    /// one, or a vector that no longer passes E3.
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let view = View::new(bytes)?;
        let d = view.dimension;
        let mut block = Self {
            dimension: d,
            entries: Vec::with_capacity(view.len()),
            values: Vec::with_capacity(view.len() * d),
        };
        for entry in view.vectors() {
            let (slot, capsule, embedding) = entry?;
            block.entries.push((slot, capsule));
            block.values.extend_from_slice(embedding.values());
        }
        Ok(block)
    }
}

/// A stored block read in place: the head checked, each entry's components checked and copied
/// out only when asked for.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    dimension: usize,
    head: &'a [u8],
    components: &'a [u8],
}

impl<'a> View<'a> {
    /// Checks the head of a stored block.
    ///
    /// # Errors
    /// As [`Block::decode`], for the head.
    pub fn new(bytes: &'a [u8]) -> Result<Self> {
        let Some((&format, _)) = bytes.split_first() else {
            return Err(Error::corrupt(TABLE, "empty record"));
        };
        if format > BLOCK_FORMAT {
            return Err(Error::newer_format(TABLE, format, BLOCK_FORMAT));
        }
        if format != BLOCK_FORMAT {
            return Err(Error::corrupt(TABLE, format_args!("format byte {format}")));
        }
        let (Some(dimension), Some(count)) = (
            bytes.get(1..5).and_then(|b| b.first_chunk::<4>()),
            bytes.get(5..7).and_then(|b| b.first_chunk::<2>()),
        ) else {
            return Err(Error::corrupt(TABLE, "record shorter than its header"));
        };
        let dimension = u32::from_le_bytes(*dimension) as usize;
        let count = usize::from(u16::from_le_bytes(*count));
        let head_len = PREFIX + count * ENTRY;
        let Some((head, rest)) = bytes.split_at_checked(head_len) else {
            return Err(Error::corrupt(TABLE, "record shorter than its entries"));
        };
        let Some((crc, components)) = rest.split_first_chunk::<4>() else {
            return Err(Error::corrupt(TABLE, "record shorter than its checksum"));
        };
        if crc32fast::hash(head) != u32::from_le_bytes(*crc) {
            return Err(Error::corrupt(TABLE, "its checksum does not match"));
        }
        if dimension == 0 || dimension > crate::MAX_DIMENSION {
            return Err(Error::corrupt(TABLE, format_args!("dimension {dimension}")));
        }
        if Some(components.len()) != count.checked_mul(4 * dimension) {
            return Err(Error::corrupt(
                TABLE,
                format_args!(
                    "{count} vectors of dimension {dimension} need {} bytes of components, \
                     found {}",
                    count * 4 * dimension,
                    components.len()
                ),
            ));
        }
        let view = Self {
            dimension,
            head,
            components,
        };
        for i in 1..count {
            if view.slot(i) <= view.slot(i - 1) {
                return Err(Error::corrupt(
                    TABLE,
                    "its slots are not in ascending order",
                ));
            }
        }
        Ok(view)
    }

    /// The dimension of its vectors.
    #[must_use]
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// The number of vectors it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        (self.head.len() - PREFIX) / ENTRY
    }

    /// Whether it holds no vector.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The highest slot it holds.
    #[must_use]
    pub fn last_slot(&self) -> Option<u16> {
        self.len().checked_sub(1).map(|i| self.slot(i))
    }

    fn field<const N: usize>(&self, i: usize, at: usize) -> [u8; N] {
        let start = PREFIX + i * ENTRY + at;
        self.head
            .get(start..start + N)
            .and_then(|b| b.first_chunk::<N>())
            .copied()
            .unwrap_or([0; N])
    }

    fn slot(&self, i: usize) -> u16 {
        u16::from_le_bytes(self.field(i, 0))
    }

    fn capsule(&self, i: usize) -> u64 {
        u64::from_le_bytes(self.field(i, 2))
    }

    /// The `i`-th entry: its slot, capsule and vector, checked.
    fn entry(&self, i: usize) -> Result<(u16, u64, Embedding)> {
        let (slot, capsule) = (self.slot(i), self.capsule(i));
        let bytes = 4 * self.dimension;
        let components = self
            .components
            .get(i * bytes..(i + 1) * bytes)
            .unwrap_or_default();
        if entry_crc(slot, capsule, components) != u32::from_le_bytes(self.field(i, 10)) {
            return Err(Error::corrupt(
                TABLE,
                format_args!("the checksum of the vector in slot {slot} does not match"),
            ));
        }
        let values = crate::record::decode_components(components);
        let embedding = Embedding::new(values).map_err(|e| Error::corrupt(TABLE, e))?;
        Ok((slot, capsule, embedding))
    }

    /// Every `(slot, capsule, vector)` in slot order, each checked as it is reached.
    pub fn vectors(&self) -> impl Iterator<Item = Result<(u16, u64, Embedding)>> + '_ {
        (0..self.len()).map(|i| self.entry(i))
    }

    /// The vector at `slot` with the capsule it belongs to, checked; `None` when the slot is
    /// free.
    ///
    /// # Errors
    /// [`Error::Storage`] when the vector's checksum does not match or it no longer passes E3.
    pub fn get(&self, slot: u16) -> Result<Option<(u64, Embedding)>> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.slot(mid).cmp(&slot) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    let (_, capsule, embedding) = self.entry(mid)?;
                    return Ok(Some((capsule, embedding)));
                }
            }
        }
        Ok(None)
    }
}

impl View<'_> {
    /// The stored bytes of this block without the vector at `slot`, every other entry's bytes
    /// and checksum kept as they are (a damaged vector elsewhere stays damaged, and reported),
    /// or `None` when no vector would be left.
    #[must_use]
    pub fn without(&self, slot: u16) -> Option<Vec<u8>> {
        let keep: Vec<usize> = (0..self.len()).filter(|&i| self.slot(i) != slot).collect();
        if keep.is_empty() {
            return None;
        }
        let bytes = 4 * self.dimension;
        let mut out = Vec::with_capacity(FIXED + keep.len() * (ENTRY + bytes));
        out.push(BLOCK_FORMAT);
        out.extend_from_slice(&(self.dimension as u32).to_le_bytes());
        // Fewer entries than the block had, which fit a u16.
        out.extend_from_slice(&(keep.len() as u16).to_le_bytes());
        for &i in &keep {
            let start = PREFIX + i * ENTRY;
            out.extend_from_slice(self.head.get(start..start + ENTRY).unwrap_or_default());
        }
        let head_crc = crc32fast::hash(&out);
        out.extend_from_slice(&head_crc.to_le_bytes());
        for &i in &keep {
            out.extend_from_slice(
                self.components
                    .get(i * bytes..(i + 1) * bytes)
                    .unwrap_or_default(),
            );
        }
        Some(out)
    }
}

/// The checksum of one entry: its slot, its capsule and its components' bytes.
fn entry_crc(slot: u16, capsule: u64, components: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&slot.to_le_bytes());
    hasher.update(&capsule.to_le_bytes());
    hasher.update(components);
    hasher.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(d: usize, slots: &[u16]) -> Block {
        let mut b = Block::new(d);
        for &s in slots {
            let values: Vec<f32> = (0..d)
                .map(|i| f32::from(s) + i as f32 * 0.5 + 1.0)
                .collect();
            b.put(s, 1000 + u64::from(s), &values);
        }
        b
    }

    #[test]
    fn e4_round_trip_is_bit_exact_at_every_alignment() {
        let values = [
            f32::from_bits(1),
            -0.0,
            0.1,
            f32::MIN_POSITIVE,
            -123_456.79,
            1e-10,
            3.0,
        ];
        let mut b = Block::new(values.len());
        b.put(3, 7, &values);
        b.put(0, 9, &[1.0; 7]);
        let bytes = b.encode();
        for offset in 0..8 {
            let mut buf = vec![0xAA_u8; offset];
            buf.extend_from_slice(&bytes);
            let back = Block::decode(&buf[offset..]).unwrap();
            assert_eq!(back, b, "offset {offset}");
            let (capsule, e) = View::new(&buf[offset..]).unwrap().get(3).unwrap().unwrap();
            assert_eq!(capsule, 7);
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(e.values()), bits(&values));
        }
        assert_eq!(
            b.entries().map(|(s, c, _)| (s, c)).collect::<Vec<_>>(),
            [(0, 9), (3, 7)]
        );
    }

    #[test]
    fn put_replace_and_remove_keep_slot_order() {
        let mut b = block(3, &[5, 1, 3]);
        assert_eq!(b.last_slot(), Some(5));
        b.put(3, 42, &[9.0, 9.0, 9.0]);
        assert_eq!(b.len(), 3);
        let bytes = b.encode();
        let view = View::new(&bytes).unwrap();
        assert_eq!((view.len(), view.last_slot()), (3, Some(5)));
        assert!(view.get(4).unwrap().is_none());
        assert_eq!(view.get(3).unwrap().unwrap().0, 42);
        assert_eq!(view.without(4), Some(bytes.clone()), "no vector at slot 4");
        let rest = Block::decode(&view.without(1).unwrap()).unwrap();
        let got: Vec<_> = rest.entries().map(|(s, c, v)| (s, c, v.to_vec())).collect();
        assert_eq!(
            got,
            [(3, 42, vec![9.0, 9.0, 9.0]), (5, 1005, vec![6.0, 6.5, 7.0])]
        );
        let single = block(3, &[2]).encode();
        assert_eq!(View::new(&single).unwrap().without(2), None);
        assert!(Block::decode(&Block::new(4).encode()).unwrap().is_empty());
    }

    #[test]
    fn every_flipped_bit_and_every_cut_is_an_error_never_a_misread() {
        let bytes = block(4, &[0, 2, 7]).encode();
        for at in 0..bytes.len() {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[at] ^= 1 << bit;
                assert!(
                    Block::decode(&damaged).is_err(),
                    "a flip of bit {bit} at {at} read back"
                );
            }
            assert!(Block::decode(&bytes[..at]).is_err(), "cut at {at}");
        }
        let mut padded = bytes.clone();
        padded.push(0);
        assert!(Block::decode(&padded).is_err());
        // A flip in one vector is refused when that vector is read, not when another is.
        let mut damaged = bytes.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 0x40;
        let view = View::new(&damaged).unwrap();
        assert!(view.get(0).unwrap().is_some());
        assert!(view.get(7).unwrap_err().to_string().contains("slot 7"));
    }

    #[test]
    fn future_formats_say_upgrade_and_bad_vectors_are_refused() {
        let mut bytes = block(2, &[1]).encode();
        bytes[0] = BLOCK_FORMAT + 1;
        assert!(
            Block::decode(&bytes)
                .unwrap_err()
                .to_string()
                .contains("upgrade kenning")
        );
        // A zero vector written with valid checksums still fails E3 on the way out.
        let mut b = Block::new(2);
        b.put(0, 1, &[0.0, 0.0]);
        assert!(Block::decode(&b.encode()).is_err());
    }

    #[test]
    fn a_full_block_fills_its_page() {
        for (d, scope) in [
            (384, "bot.support"),
            (384, &*"s".repeat(128)),
            (768, "a"),
            (1536, "agent"),
            (3, "x"),
            (16_384, "x"),
        ] {
            let n = slots_per_block(d, scope) as usize;
            assert!(n >= 1);
            let bytes = block(d, &(0..n as u16).collect::<Vec<_>>()).encode().len();
            let leaf = bytes + scope.len() + LEAF_OVERHEAD;
            let page = PAGES.iter().find(|&&p| leaf <= p).copied().unwrap();
            assert!(
                leaf + ENTRY + 4 * d > page || n == usize::from(u16::MAX),
                "d {d}: one more vector would still fit"
            );
            if d < 16_384 {
                assert!(leaf * 10 >= page * 9, "d {d}: {leaf} of {page}");
            }
        }
        assert_eq!(slots_per_block(384, "bot.support"), 21);
    }
}
