//! The table of the search on masks: for positions named by [`Bits::key`], a bound on their
//! value, in a fixed number of entries of a few bytes.
//!
//! An entry is a part of its key and one byte. The key goes to entry `key % len` (`len` odd),
//! and the entry keeps `key mod 2^32` (or the whole key where that is not enough): by the
//! Chinese remainder theorem the two name the key exactly while keys stay below `len * 2^32`,
//! so that what an entry says is about its position and no other. A newer bound replaces an
//! older one in its entry: the table forgets, it never confuses.

use alloc::vec::Vec;

use tictactoe_core::{Bits, Error};

/// The part of a key an entry keeps: enough, with the entry's place, to name the key.
pub(super) trait Part: Copy + Eq + Default {
    /// The part of `key`.
    fn of(key: u64) -> Self;
}

impl Part for u32 {
    #[inline(always)]
    fn of(key: u64) -> u32 {
        key as u32
    }
}

impl Part for u64 {
    #[inline(always)]
    fn of(key: u64) -> u64 {
        key
    }
}

/// Entries of one part width.
pub(super) struct Entries<P> {
    parts: Vec<P>,
    values: Vec<u8>,
}

impl<P: Part> Entries<P> {
    const fn new() -> Entries<P> {
        Entries { parts: Vec::new(), values: Vec::new() }
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    /// `len` empty entries, in this table's memory when it has room.
    fn clear(&mut self, len: usize) -> Result<(), Error> {
        self.parts.clear();
        self.values.clear();
        self.parts.try_reserve_exact(len).map_err(|_| Error::AllocFailed)?;
        self.values.try_reserve_exact(len).map_err(|_| Error::AllocFailed)?;
        self.parts.resize(len, P::default());
        self.values.resize(len, 0);
        Ok(())
    }

    /// The byte stored for `key`; 0 when none is.
    #[inline(always)]
    pub(super) fn get(&self, key: u64) -> u8 {
        let at = (key % self.values.len() as u64) as usize;
        if self.parts[at] == P::of(key) {
            self.values[at]
        } else {
            0
        }
    }

    /// Stores `value` (not 0) for `key`, in place of what its entry held.
    #[inline(always)]
    pub(super) fn put(&mut self, key: u64, value: u8) {
        let at = (key % self.values.len() as u64) as usize;
        self.parts[at] = P::of(key);
        self.values[at] = value;
    }
}

/// The table: its entries, of the part width the rules' keys need, and the rules they are of.
pub(super) struct Bounds {
    narrow: Entries<u32>,
    wide: Entries<u64>,
    /// The board the entries hold positions of (a key of another board names another
    /// position); `None` while the table is empty.
    board: Option<Bits>,
    /// The most entries a search may ask for.
    most: usize,
}

/// The entries a table has by default: about 2^23 (40 MiB of narrow entries), which holds
/// what a search of Connect Four's hardest benchmark positions visits.
pub(super) const DEFAULT_ENTRIES: usize = (1 << 23) + 9;

/// The fewest entries a table has.
const MIN_ENTRIES: usize = 1021;

/// The table a search uses: the narrow entries or the wide.
pub(super) enum Of<'a> {
    Narrow(&'a mut Entries<u32>),
    Wide(&'a mut Entries<u64>),
}

impl Bounds {
    /// A table that allocates nothing until [`Bounds::ready`].
    pub(super) const fn new() -> Bounds {
        Bounds { narrow: Entries::new(), wide: Entries::new(), board: None, most: DEFAULT_ENTRIES }
    }

    /// The most entries a search may ask for: [`DEFAULT_ENTRIES`] unless set.
    pub(super) fn most(&self) -> usize {
        self.most
    }

    /// Sets the most entries a search may ask for; a table already larger is let go (its memory
    /// freed), to be had again at the size set.
    pub(super) fn set_most(&mut self, most: usize) {
        self.most = most;
        if self.narrow.len().max(self.wide.len()) > most.max(MIN_ENTRIES) {
            *self = Bounds { most, ..Bounds::new() };
        }
    }

    /// The table for positions of `bits`' board with at least `entries` entries (a prime
    /// number of them, of at least [`MIN_ENTRIES`]), keeping what it holds when it already
    /// serves that board with that many; else emptied (and grown) first.
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the memory cannot be had; the table is then empty.
    pub(super) fn ready(&mut self, bits: Bits, entries: usize) -> Result<Of<'_>, Error> {
        let entries = entries.max(MIN_ENTRIES);
        let held = self.narrow.len().max(self.wide.len());
        if self.board == Some(bits) && held >= entries {
            // Its width was chosen for this board and at least as many entries.
            return Ok(if self.wide.len() == 0 {
                Of::Narrow(&mut self.narrow)
            } else {
                Of::Wide(&mut self.wide)
            });
        }
        let len = prime_at_least(entries.max(held));
        // Narrow parts name a key while keys stay below len * 2^32.
        let narrow = bits.key_bits().unwrap_or(64) <= u32::BITS + len.ilog2();
        self.board = None;
        // The other width keeps no memory; emptying it cannot fail.
        let cleared = if narrow {
            self.wide = Entries::new();
            self.narrow.clear(len)
        } else {
            self.narrow = Entries::new();
            self.wide.clear(len)
        };
        if let Err(error) = cleared {
            // Nothing kept that cannot be used.
            self.narrow = Entries::new();
            self.wide = Entries::new();
            return Err(error);
        }
        self.board = Some(bits);
        Ok(if narrow { Of::Narrow(&mut self.narrow) } else { Of::Wide(&mut self.wide) })
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

    #[test]
    fn entries_are_prime_and_keys_never_mix() {
        assert_eq!(prime_at_least(MIN_ENTRIES), 1021);
        assert_eq!(prime_at_least(1022), 1031);
        assert_eq!(prime_at_least(DEFAULT_ENTRIES), 8_388_617);
        let bits = Bits::of(&Rules::CONNECT_FOUR).unwrap();
        let mut bounds = Bounds::new();
        // Connect Four's keys take 55 bits: 2003 entries need whole keys, 2^23 need 32 bits.
        assert!(matches!(bounds.ready(bits, DEFAULT_ENTRIES), Ok(Of::Narrow(_))));
        // Asked for fewer, it keeps the entries it has.
        assert!(matches!(bounds.ready(bits, 2000), Ok(Of::Narrow(e)) if e.len() == 8_388_617));
        let mut bounds = Bounds::new();
        let Ok(Of::Wide(entries)) = bounds.ready(bits, 2000) else { panic!("wide") };
        assert_eq!(entries.len(), 2003);
        let len = entries.len() as u64;
        // Two keys of one entry: the later replaces the earlier, which then reads as unknown.
        entries.put(5, 7);
        assert_eq!(entries.get(5), 7);
        entries.put(5 + len, 9);
        assert_eq!((entries.get(5), entries.get(5 + len)), (0, 9));
    }
}
