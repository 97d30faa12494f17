//! The table of the search on masks: for positions named by [`Bits::key`], a bound on their
//! value, in a fixed number of entries of a few bytes.
//!
//! An entry is a part of its key and one byte. The key goes to entry `key % len` (`len` odd),
//! and the entry keeps `key mod 2^32` (or the whole key where that is not enough): by the
//! Chinese remainder theorem the two name the key exactly while keys stay below `len * 2^32`,
//! so that what an entry says is about its position and no other. A newer bound replaces an
//! older one in its entry: the table forgets, it never confuses. Entries of 32-bit parts are
//! words read and written whole, so that threads solving one position share them: every bound
//! any of them writes is true, and none reads another's half-written entry.

use alloc::vec::Vec;
use core::cell::Cell;
use core::sync::atomic::{AtomicU64, Ordering};

use tictactoe_core::{Bits, Error};

/// Entries a search reads and writes through a shared reference.
pub(super) trait Store {
    /// The byte stored for `key`; 0 when none is.
    fn get(&self, key: u64) -> u8;

    /// Stores `value` (not 0) for `key`, in place of what its entry held.
    fn put(&self, key: u64, value: u8);
}

/// The epochs a table counts before it empties its memory: an entry written in another epoch
/// than the table's reads as unknown, so that [`Bounds::forget`] empties a table in O(1).
const EPOCHS: u32 = 1 << 24;

/// A table's epoch, below [`EPOCHS`]: what its entries are written with and read against.
#[derive(Clone, Copy)]
struct Epoch(u32);

impl Epoch {
    /// Moves to the next epoch; `true` when the count starts again at 0, where the table must
    /// empty its memory (an entry of the first round would read as known again).
    fn advance(&mut self) -> bool {
        self.0 = (self.0 + 1) % EPOCHS;
        self.0 == 0
    }
}

/// Entries that keep 32 bits of a key: a word each (the epoch, the part, then the byte, from
/// the top) read and written whole (relaxed atomics: plain loads and stores), so that threads
/// searching at once share them and never read one's part with another's byte.
pub(super) struct Narrow {
    slots: Vec<AtomicU64>,
    /// The entries in use, the first `len` slots: keys go to entry `key % len`.
    len: usize,
    epoch: Epoch,
}

/// Entries that keep whole keys (a board whose keys are long for the table's size), for one
/// thread.
pub(super) struct Wide {
    parts: Vec<Cell<u64>>,
    /// Each entry's epoch above its byte.
    values: Vec<Cell<u32>>,
    /// The entries in use, as [`Narrow`]'s.
    len: usize,
    epoch: Epoch,
}

impl Narrow {
    const fn new() -> Narrow {
        Narrow { slots: Vec::new(), len: 0, epoch: Epoch(0) }
    }

    /// Starts the next epoch: every entry reads as unknown.
    fn forget(&mut self) {
        if self.epoch.advance() {
            self.slots.iter_mut().for_each(|slot| *slot.get_mut() = 0);
        }
    }

    /// A slot's bits above its byte for `key` in this epoch.
    #[inline(always)]
    fn tag(&self, key: u64) -> u64 {
        u64::from(self.epoch.0) << 32 | u64::from(key as u32)
    }

    /// `len` entries in use, every one unknown: in the memory held when it has room.
    fn take(&mut self, len: usize) -> Result<(), Error> {
        if self.slots.len() < len {
            self.slots.clear();
            self.slots.try_reserve_exact(len).map_err(|_| Error::AllocFailed)?;
            self.slots.resize_with(len, || AtomicU64::new(0));
        }
        self.forget();
        self.len = len;
        Ok(())
    }
}

impl Store for Narrow {
    #[inline(always)]
    fn get(&self, key: u64) -> u8 {
        let slot = self.slots[(key % self.len as u64) as usize].load(Ordering::Relaxed);
        if slot >> 8 == self.tag(key) {
            slot as u8
        } else {
            0
        }
    }

    #[inline(always)]
    fn put(&self, key: u64, value: u8) {
        let slot = self.tag(key) << 8 | u64::from(value);
        self.slots[(key % self.len as u64) as usize].store(slot, Ordering::Relaxed);
    }
}

impl Wide {
    const fn new() -> Wide {
        Wide { parts: Vec::new(), values: Vec::new(), len: 0, epoch: Epoch(0) }
    }

    /// Starts the next epoch: every entry reads as unknown.
    fn forget(&mut self) {
        if self.epoch.advance() {
            self.values.iter_mut().for_each(|value| *value.get_mut() = 0);
        }
    }

    /// `len` entries in use, every one unknown: in the memory held when it has room.
    fn take(&mut self, len: usize) -> Result<(), Error> {
        if self.values.len() < len {
            self.parts.clear();
            self.values.clear();
            self.parts.try_reserve_exact(len).map_err(|_| Error::AllocFailed)?;
            self.values.try_reserve_exact(len).map_err(|_| Error::AllocFailed)?;
            self.parts.resize(len, Cell::new(0));
            self.values.resize(len, Cell::new(0));
        }
        self.forget();
        self.len = len;
        Ok(())
    }
}

impl Store for Wide {
    #[inline(always)]
    fn get(&self, key: u64) -> u8 {
        let at = (key % self.len as u64) as usize;
        let value = self.values[at].get();
        if self.parts[at].get() == key && value >> 8 == self.epoch.0 {
            value as u8
        } else {
            0
        }
    }

    #[inline(always)]
    fn put(&self, key: u64, value: u8) {
        let at = (key % self.len as u64) as usize;
        self.parts[at].set(key);
        self.values[at].set(self.epoch.0 << 8 | u32::from(value));
    }
}

/// The table: its entries of each width, and which it serves with, for which board, how many.
pub(super) struct Bounds {
    narrow: Narrow,
    wide: Wide,
    /// The board, the width (narrow or not) and the entries of the table in use: `None` while
    /// none is. A search asking for the same keeps what the table holds.
    in_use: Option<(Bits, bool, usize)>,
    /// The most entries a search may ask for.
    most: usize,
    /// The entries last asked for and the table's size for them ([`prime_at_least`]): found
    /// once, not at each solve (the search for a prime near 2^23 took half of the time of
    /// solving a position near the end).
    sized: (usize, usize),
}

/// The entries a table has by default: about 2^23 (64 MiB of narrow entries), which holds
/// what a search of Connect Four's hardest benchmark positions visits.
pub(super) const DEFAULT_ENTRIES: usize = (1 << 23) + 9;

/// The most entries a table may have: 2^40, 8 TiB of narrow entries (all of the address space
/// where it is smaller).
const MAX_ENTRIES: usize = match 1usize.checked_shl(40) {
    Some(most) => most,
    None => usize::MAX,
};

/// The fewest entries a table has.
const MIN_ENTRIES: usize = 1021;

/// The table a search uses: the narrow entries or the wide.
pub(super) enum Of<'a> {
    Narrow(&'a Narrow),
    Wide(&'a Wide),
}

impl Bounds {
    /// A table that allocates nothing until [`Bounds::ready`].
    pub(super) const fn new() -> Bounds {
        Bounds {
            narrow: Narrow::new(),
            wide: Wide::new(),
            in_use: None,
            most: DEFAULT_ENTRIES,
            sized: (0, 0),
        }
    }

    /// The most entries a search may ask for: [`DEFAULT_ENTRIES`] unless set.
    pub(super) fn most(&self) -> usize {
        self.most
    }

    /// Sets the most entries a search may ask for; a table holding more memory is let go, to
    /// be had again at the size set.
    pub(super) fn set_most(&mut self, most: usize) {
        self.most = most;
        if self.narrow.slots.len().max(self.wide.values.len()) > most.max(MIN_ENTRIES) {
            *self = Bounds { most, ..Bounds::new() };
        }
    }

    /// Empties the table in O(1) (a new epoch): a search after it visits what a fresh table's
    /// would, whatever was solved before.
    pub(super) fn forget(&mut self) {
        self.narrow.forget();
        self.wide.forget();
    }

    /// The table for positions of `bits`' board with `entries` entries (the least prime at or
    /// above, at least [`MIN_ENTRIES`]), keeping what it holds when the last search asked for
    /// the same; else every entry unknown, in the memory held when it has room. The size and
    /// the width are chosen from the board and `entries` alone, as a fresh table's, so that a
    /// search after [`Bounds::forget`] visits what a fresh table's would.
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the memory cannot be had; the table then holds none.
    pub(super) fn ready(&mut self, bits: Bits, entries: usize) -> Result<Of<'_>, Error> {
        // More than any machine holds: refused before looking for a prime there, or asking an
        // allocator that may abort rather than fail (a sanitizer's).
        if entries > MAX_ENTRIES {
            *self = Bounds { most: self.most, ..Bounds::new() };
            return Err(Error::AllocFailed);
        }
        if self.sized.0 != entries || self.sized.1 == 0 {
            self.sized = (entries, prime_at_least(entries.max(MIN_ENTRIES)));
        }
        let len = self.sized.1;
        // Narrow parts name a key while keys stay below len * 2^32.
        let narrow = bits.key_bits().unwrap_or(64) <= u32::BITS + len.ilog2();
        if self.in_use != Some((bits, narrow, len)) {
            self.in_use = None;
            let taken = if narrow { self.narrow.take(len) } else { self.wide.take(len) };
            if let Err(error) = taken {
                // Nothing kept that cannot be used.
                *self = Bounds { most: self.most, ..Bounds::new() };
                return Err(error);
            }
            self.in_use = Some((bits, narrow, len));
        }
        Ok(if narrow { Of::Narrow(&self.narrow) } else { Of::Wide(&self.wide) })
    }
}

/// The least prime at or above `n` (at least 3): an odd number of entries, and one that spreads
/// keys whose low bits are alike (a board's top rows stay empty a long time).
fn prime_at_least(n: usize) -> usize {
    let is_prime =
        |m: usize| m % 2 == 1 && (3..).step_by(2).take_while(|d| d * d <= m).all(|d| m % d != 0);
    (n.max(3)..).find(|&m| is_prime(m)).unwrap_or(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_core::Rules;

    /// Two keys of one entry of `entries` (`len` of them): the later replaces the earlier,
    /// which then reads as unknown.
    fn replaces(entries: &impl Store, len: u64) {
        entries.put(5, 7);
        assert_eq!(entries.get(5), 7);
        entries.put(5 + len, 9);
        assert_eq!((entries.get(5), entries.get(5 + len)), (0, 9));
    }

    #[test]
    fn entries_are_prime_and_keys_never_mix() {
        assert_eq!(prime_at_least(MIN_ENTRIES), 1021);
        assert_eq!(prime_at_least(1022), 1031);
        assert_eq!(prime_at_least(DEFAULT_ENTRIES), 8_388_617);
        let bits = Bits::of(&Rules::CONNECT_FOUR).unwrap();
        let mut bounds = Bounds::new();
        // Connect Four's keys take 55 bits: 2^23 entries need 32 bits of them, 2003 the whole.
        let Ok(Of::Narrow(entries)) = bounds.ready(bits, DEFAULT_ENTRIES) else { panic!("narrow") };
        assert_eq!(entries.len, 8_388_617);
        replaces(entries, entries.len as u64);
        let Ok(Of::Wide(entries)) = bounds.ready(bits, 2000) else { panic!("wide") };
        assert_eq!(entries.len, 2003);
        replaces(entries, entries.len as u64);
        // Asked for fewer entries than it holds, the table takes as many as a fresh one would
        // (in the memory it holds): on a board of shorter keys, narrow either way.
        let small = Bits::of(&Rules { gravity: true, ..Rules::mnk(4, 5, 3) }).unwrap();
        bounds.ready(small, DEFAULT_ENTRIES).unwrap();
        let Ok(Of::Narrow(entries)) = bounds.ready(small, 1 << 20) else { panic!("narrow") };
        assert_eq!((entries.len, entries.slots.len()), (prime_at_least(1 << 20), 8_388_617));
    }

    /// What a table holds is kept for the next search that asks for the same, and unknown
    /// after `forget` (every epoch, the wrap to the first included) or another size.
    #[test]
    fn a_table_keeps_its_entries_until_it_forgets() {
        let bits = Bits::of(&Rules::CONNECT_FOUR).unwrap();
        let mut bounds = Bounds::new();
        for entries in [DEFAULT_ENTRIES, 2000] {
            let stored = |bounds: &mut Bounds| match bounds.ready(bits, entries) {
                Ok(Of::Narrow(table)) => table.get(5),
                Ok(Of::Wide(table)) => table.get(5),
                Err(_) => panic!("a table"),
            };
            let put = |bounds: &mut Bounds| match bounds.ready(bits, entries) {
                Ok(Of::Narrow(table)) => table.put(5, 7),
                Ok(Of::Wide(table)) => table.put(5, 7),
                Err(_) => panic!("a table"),
            };
            put(&mut bounds);
            assert_eq!(stored(&mut bounds), 7, "kept for the same");
            bounds.forget();
            assert_eq!(stored(&mut bounds), 0, "forgotten");
            put(&mut bounds);
            bounds.ready(bits, 5000).unwrap();
            assert_eq!(stored(&mut bounds), 0, "another size came between");
            put(&mut bounds);
            // Round the epochs to the one it was written in: the wrap emptied the memory.
            for _ in 0..EPOCHS {
                bounds.forget();
            }
            assert_eq!(stored(&mut bounds), 0, "after the wrap");
        }
    }
}
