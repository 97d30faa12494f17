//! Where a game's parts sit in its block of words: the one description of that block that a
//! [`Game`](crate::Game) and each game of a [`Batch`](crate::Batch) share.

use crate::limits::{check_size, game_bytes};
use crate::{board, lines, Error};

/// A game's block: its board from word 0, its line counters from `lines_start`, its history
/// (the cells marked, in order) from `history_start`, `stride` words once every cell is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Layout {
    pub(crate) n: u16,
    pub(crate) lines_start: usize,
    pub(crate) history_start: usize,
    pub(crate) stride: usize,
}

impl Layout {
    /// The block of an n x n game.
    ///
    /// # Errors
    /// [`Error::InvalidSize`] unless 1 <= n <= [`MAX_N`](crate::MAX_N); [`Error::AllocFailed`]
    /// when the target cannot address a full game of that size (a 32-bit target, n above
    /// about 21 800).
    #[inline]
    pub(crate) fn new(n: usize) -> Result<Layout, Error> {
        check_size(n)?;
        // The checked sum of the parts below: past it, none of them overflows. On 64 bits no
        // size up to MAX_N can, so the check folds away there (Game::new stays a few
        // instructions for the small games search makes by the million).
        if usize::BITS < 64 {
            game_bytes(n).ok_or(Error::AllocFailed)?;
        }
        let cells = n * n;
        let lines_start = board::words(cells);
        let history_start = lines_start + lines::count(n);
        // n <= MAX_N = u16::MAX, checked above.
        Ok(Layout { n: n as u16, lines_start, history_start, stride: history_start + cells })
    }

    pub(crate) fn n(&self) -> usize {
        usize::from(self.n)
    }

    pub(crate) fn cells(&self) -> usize {
        self.n() * self.n()
    }
}
