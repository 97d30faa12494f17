//! The storage of a game: one block of 32-bit words holding its board, its line counters and
//! room for its history, in that order.
//!
//! A game of up to 4 x 4 keeps the block inside itself and allocates nothing: such games are
//! made and dropped by the million (search, self-play), where an allocation would cost more
//! than the moves. A larger game keeps it in one heap allocation, which grows (doubling) with
//! the history. Every word of the block is initialized, so a move needs one look-up of where the
//! block is and no capacity bookkeeping beyond the game's move count.

use alloc::vec::Vec;

use crate::board::try_copy;
use crate::Error;

/// Words kept inside the game: enough for a 4 x 4 board (1 word), its 10 line counters and a
/// full history of 16 moves.
const INLINE: usize = 27;

#[derive(Clone, Debug)]
pub(crate) enum Words {
    Inline([u32; INLINE]),
    Heap(Vec<u32>),
}

impl Words {
    /// A zeroed block of `len` words, or more. Inline when `max_len` (what the block may ever
    /// have to hold) fits, so that an inline block never has to move to the heap.
    #[inline]
    pub(crate) fn zeroed(len: usize, max_len: usize) -> Result<Words, Error> {
        if max_len <= INLINE {
            return Ok(Words::Inline([0; INLINE]));
        }
        let mut words = Vec::new();
        words.try_reserve_exact(len).map_err(|_| Error::AllocFailed)?;
        words.resize(len, 0);
        Ok(Words::Heap(words))
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[u32] {
        match self {
            Words::Inline(words) => words,
            Words::Heap(words) => words,
        }
    }

    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u32] {
        match self {
            Words::Inline(words) => words,
            Words::Heap(words) => words,
        }
    }

    /// Doubles the block (at least one more word), keeping its words; `Err` and no change when
    /// the memory cannot be had. Kept out of line: a move needs it once per doubling.
    #[cold]
    #[inline(never)]
    pub(crate) fn grow(&mut self) -> Result<(), Error> {
        let Words::Heap(words) = self else {
            // An inline block has room for every move by construction.
            return Err(Error::AllocFailed);
        };
        let more = words.len().max(1);
        words.try_reserve_exact(more).map_err(|_| Error::AllocFailed)?;
        words.resize(words.len() + more, 0);
        Ok(())
    }

    /// A copy, allocated without aborting.
    pub(crate) fn try_clone(&self) -> Result<Words, Error> {
        match self {
            Words::Inline(_) => Ok(self.clone()),
            Words::Heap(words) => Ok(Words::Heap(try_copy(words)?)),
        }
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        match self {
            Words::Inline(_) => 0,
            Words::Heap(words) => words.capacity() * core::mem::size_of::<u32>(),
        }
    }
}
