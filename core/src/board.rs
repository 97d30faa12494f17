//! The cells of the board, two bits each (0 empty, 1 `X`, 2 `O`), 32 cells to a word.
//!
//! The counters judge wins; the board is kept to answer "is this cell free, and whose is it" in
//! O(1), which a checked move needs and the unchecked counters of the seed solutions cannot tell.

use alloc::vec::Vec;

use crate::{Error, Player};

/// A copy of `items` whose allocation failure is an error, not an abort.
pub(crate) fn try_copy<T: Copy>(items: &[T]) -> Result<Vec<T>, Error> {
    let mut copy = Vec::new();
    copy.try_reserve_exact(items.len()).map_err(|_| Error::AllocFailed)?;
    copy.extend_from_slice(items);
    Ok(copy)
}

/// Cells per 64-bit word.
const CELLS_PER_WORD: usize = 32;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    words: Vec<u64>,
}

impl Board {
    /// An empty board of `cells` cells, allocated without aborting.
    pub(crate) fn new(cells: usize) -> Result<Board, Error> {
        let len = cells.div_ceil(CELLS_PER_WORD);
        let mut words = Vec::new();
        words.try_reserve_exact(len).map_err(|_| Error::AllocFailed)?;
        words.resize(len, 0);
        Ok(Board { words })
    }

    #[inline]
    fn locate(cell: usize) -> (usize, u32) {
        (cell / CELLS_PER_WORD, (cell % CELLS_PER_WORD) as u32 * 2)
    }

    /// Who holds `cell`, if anyone.
    #[inline]
    pub(crate) fn get(&self, cell: usize) -> Option<Player> {
        let (word, shift) = Self::locate(cell);
        Player::from_code((self.words[word] >> shift) & 3)
    }

    /// Marks `cell` for `player` if it is empty; otherwise leaves it and returns its holder.
    /// One look-up serves both the check and the write, on the hot path of every move.
    #[inline]
    pub(crate) fn claim(&mut self, cell: usize, player: Player) -> Result<(), Player> {
        let (word, shift) = Self::locate(cell);
        let word = &mut self.words[word];
        match Player::from_code((*word >> shift) & 3) {
            Some(holder) => Err(holder),
            None => {
                *word |= u64::from(player.number()) << shift;
                Ok(())
            }
        }
    }

    /// Empties `cell`.
    #[inline]
    pub(crate) fn clear(&mut self, cell: usize) {
        let (word, shift) = Self::locate(cell);
        self.words[word] &= !(3 << shift);
    }

    /// A copy, allocated without aborting.
    pub(crate) fn try_clone(&self) -> Result<Board, Error> {
        Ok(Board { words: try_copy(&self.words)? })
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.words.capacity() * core::mem::size_of::<u64>()
    }
}
