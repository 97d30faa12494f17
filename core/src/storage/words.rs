//! The storage of a game: one block of 32-bit words holding its board, its win rule's state and
//! room for its history, in that order ([`Block`](super::block::Block)).
//!
//! A game of up to 4 x 4 keeps the block inside itself and allocates nothing: such games are
//! made and dropped by the million (search, self-play), where an allocation would cost more
//! than the moves. A larger game keeps it in one heap allocation, which grows (doubling) with
//! the history. Every word of the block is initialized, so a move needs one look-up of where the
//! block is and no capacity bookkeeping beyond the game's move count.
//!
//! A heap block is allocated zeroed ([`zeroed`]) and grows only its history, so that a large
//! board costs resident memory only where it is played: an empty 65535 x 65535 game takes
//! 1 GiB of address space and almost no memory.

use alloc::vec::Vec;

use super::zeroed::zeroed;
use crate::Error;

/// Words copied at a time by [`Words::try_clone`]: a 4 KiB page.
const PAGE_WORDS: usize = 1024;

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
        Ok(Words::Heap(zeroed(len)?))
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

    /// Doubles the room for history after `history_start` (at least one more word, at most
    /// `full` words in all), keeping every word; `Err` and no change when the memory cannot be
    /// had. Only the new history words are written, so the board's untouched pages stay
    /// untouched (a large block moves by remapping, not copying). Kept out of line: a move
    /// needs it once per doubling.
    #[cold]
    #[inline(never)]
    pub(crate) fn grow(&mut self, history_start: usize, full: usize) -> Result<(), Error> {
        let Words::Heap(words) = self else {
            // An inline block has room for every move by construction.
            return Err(Error::AllocFailed);
        };
        let room = words.len() - history_start;
        let len = (words.len() + room.max(1)).min(full);
        words.try_reserve_exact(len - words.len()).map_err(|_| Error::AllocFailed)?;
        words.resize(len, 0);
        Ok(())
    }

    /// A copy, allocated without aborting. A heap block is copied a page at a time, skipping
    /// pages of zeros (the copy is zeroed already), so that a copy of a large, mostly empty
    /// board stays as cheap in memory as the original.
    pub(crate) fn try_clone(&self) -> Result<Words, Error> {
        match self {
            Words::Inline(_) => Ok(self.clone()),
            Words::Heap(words) => {
                let mut copy = zeroed(words.len())?;
                for (to, from) in copy.chunks_mut(PAGE_WORDS).zip(words.chunks(PAGE_WORDS)) {
                    if from.iter().any(|&word| word != 0) {
                        to.copy_from_slice(from);
                    }
                }
                Ok(Words::Heap(copy))
            }
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
