//! The transposition table: what the solver learnt about positions it has searched, so that a
//! position reached again (by another move order, or as a symmetric image) is not searched again.
//!
//! Buckets of two entries: the first keeps the position with the larger subtree (more empty
//! cells), the second always takes the newest. Entries carry the solve that wrote them, so that a
//! new solve starts from an empty table without clearing it, and a solve's result never depends on
//! the ones before it.

use alloc::vec::Vec;

/// What a stored score says about the position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value.
    Exact,
    /// The value is at least the score.
    Lower,
    /// The value is at most the score.
    Upper,
}

/// What the table tells about one position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stored {
    /// The score, counted from the stored position (wins and losses by their distance from it).
    pub(crate) score: i32,
    pub(crate) bound: Bound,
    /// The best move found, in the key's orientation.
    pub(crate) cell: usize,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    /// The key's low and high halves: two `u64`s rather than a `u128`, whose alignment of 16
    /// would pad the entry from 24 bytes to 32.
    key: [u64; 2],
    score: i32,
    /// The solve that wrote the entry; 0 for never.
    generation: u8,
    bound: u8,
    cell: u8,
    empties: u8,
}

/// The low and high halves of a key.
#[inline]
fn halves(key: u128) -> [u64; 2] {
    [key as u64, (key >> 64) as u64]
}

/// A table of `2^bits` buckets in use, the first of those held.
pub(crate) struct Table {
    entries: Vec<[Entry; 2]>,
    /// The buckets in use: `2^bits`, at most `entries.len()`.
    bits: u32,
    generation: u8,
}

impl Table {
    /// A table that allocates nothing until [`Table::begin`] asks for a size.
    pub(crate) const fn new() -> Table {
        Table { entries: Vec::new(), bits: 0, generation: 0 }
    }

    /// Starts a solve with `2^bits` buckets, in the memory held when it has room; every entry
    /// of earlier solves is forgotten. The size is the one asked for, never the larger one
    /// held, so that a solve visits what it would on a fresh table, whatever came before.
    /// `None` when the memory cannot be had.
    pub(crate) fn begin(&mut self, bits: u32) -> Option<()> {
        let len = 1usize << bits;
        if len > self.entries.len() {
            self.entries.clear();
            self.entries.try_reserve_exact(len).ok()?;
            self.entries.resize(len, [Entry::default(); 2]);
            self.generation = 0;
        }
        self.bits = bits;
        self.generation = match self.generation.checked_add(1) {
            Some(generation) => generation,
            None => {
                self.entries.fill([Entry::default(); 2]);
                1
            }
        };
        Some(())
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let mixed = (key as u64 ^ (key >> 64) as u64 ^ (key >> 93) as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> (64 - self.bits)) as usize
    }

    /// What this solve stored about the position with `key`.
    #[inline]
    pub(crate) fn get(&self, key: u128) -> Option<Stored> {
        let bucket = &self.entries[self.bucket(key)];
        let key = halves(key);
        let entry = bucket.iter().find(|e| e.generation == self.generation && e.key == key)?;
        let bound = match entry.bound {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Stored { score: entry.score, bound, cell: usize::from(entry.cell) })
    }

    /// Stores what a search of the position with `key` and `empties` empty cells found.
    #[inline]
    pub(crate) fn put(&mut self, key: u128, empties: usize, stored: Stored) {
        let generation = self.generation;
        let index = self.bucket(key);
        let bucket = &mut self.entries[index];
        // Boards here have at most 64 cells.
        let entry = Entry {
            key: halves(key),
            score: stored.score,
            generation,
            bound: stored.bound as u8,
            cell: stored.cell as u8,
            empties: empties as u8,
        };
        let first = &bucket[0];
        let slot = if first.generation != generation
            || first.key == entry.key
            || first.empties <= entry.empties
        {
            0
        } else {
            1
        };
        bucket[slot] = entry;
    }
}
