//! Per-player line counters: how many marks each player has in each row, column and diagonal.
//!
//! This is the O(1) trick of the seed solutions, kept per player instead of as one +1/-1 sum so
//! that it also answers "does this line hold a mark of the opponent", which `can_win` needs: the
//! number of lines still free of each player's opponent is maintained on every move and undo.

use alloc::vec::Vec;

use crate::board::try_copy;
use crate::{Error, Player};

/// A line of the board: a row, a column, the diagonal or the anti-diagonal.
///
/// ```
/// use tictactoe_core::{Game, Line};
/// let mut game = Game::new(3)?;
/// game.play_all([(0, 0), (1, 0), (1, 1), (2, 0), (2, 2)])?;
/// assert_eq!(game.winning_lines().collect::<Vec<_>>(), [Line::Diagonal]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// The row with this index.
    Row(usize),
    /// The column with this index.
    Column(usize),
    /// The cells (i, i), from the top left to the bottom right.
    Diagonal,
    /// The cells (i, n - 1 - i), from the top right to the bottom left.
    AntiDiagonal,
}

impl Line {
    /// The lines through (row, col) on an n x n board, in the order row, column, diagonal,
    /// anti-diagonal (the diagonals only when the cell is on them).
    pub(crate) fn through(n: usize, row: usize, col: usize) -> impl Iterator<Item = Line> {
        [
            Some(Line::Row(row)),
            Some(Line::Column(col)),
            (row == col).then_some(Line::Diagonal),
            (row + col == n - 1).then_some(Line::AntiDiagonal),
        ]
        .into_iter()
        .flatten()
    }

    /// Whether (row, col) lies on this line of an n x n board.
    pub(crate) fn contains(self, n: usize, row: usize, col: usize) -> bool {
        match self {
            Line::Row(r) => r == row,
            Line::Column(c) => c == col,
            Line::Diagonal => row == col,
            Line::AntiDiagonal => row + col == n - 1,
        }
    }

    /// The i-th cell (row, col) of this line, for i < n.
    pub(crate) fn cell(self, n: usize, i: usize) -> (usize, usize) {
        match self {
            Line::Row(r) => (r, i),
            Line::Column(c) => (i, c),
            Line::Diagonal => (i, i),
            Line::AntiDiagonal => (i, n - 1 - i),
        }
    }

    /// The index of this line in a table of 2n + 2 lines: rows, columns, diagonal, anti-diagonal.
    fn slot(self, n: usize) -> usize {
        match self {
            Line::Row(r) => r,
            Line::Column(c) => n + c,
            Line::Diagonal => 2 * n,
            Line::AntiDiagonal => 2 * n + 1,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Lines {
    /// `counts[2 * slot + p]`: marks of player index p on the line in `slot`; both players'
    /// counts of a line share a cache line. A count never exceeds n <= `MAX_N` = `u16::MAX`.
    counts: Vec<u16>,
    /// `open[p]`: lines holding no mark of player index p's opponent.
    open: [u32; 2],
}

impl Lines {
    pub(crate) fn new(n: usize) -> Result<Lines, Error> {
        let lines = 2 * n + 2;
        let mut counts = Vec::new();
        counts.try_reserve_exact(2 * lines).map_err(|_| Error::AllocFailed)?;
        counts.resize(2 * lines, 0);
        // 2 * MAX_N + 2 lines fit in u32.
        let open = [lines as u32; 2];
        Ok(Lines { counts, open })
    }

    /// Adds a mark of `player` at (row, col) and tells whether it completed a line of n marks.
    ///
    /// This is the hot path of every move, so it touches the counters directly instead of
    /// going through [`Line::through`] (which [`Lines::remove`] uses and the tests compare with).
    #[inline]
    pub(crate) fn add(&mut self, n: usize, row: usize, col: usize, player: Player) -> bool {
        let p = player.index();
        let mut closed = 0;
        let mut won = false;
        let mut bump = |slot: usize| {
            let count = &mut self.counts[2 * slot + p];
            // The first mark of `player` on a line closes it to the opponent.
            closed += u32::from(*count == 0);
            *count += 1;
            won |= usize::from(*count) == n;
        };
        bump(row);
        bump(n + col);
        if row == col {
            bump(2 * n);
        }
        if row + col == n - 1 {
            bump(2 * n + 1);
        }
        self.open[player.opponent().index()] -= closed;
        won
    }

    /// Takes back a mark of `player` at (row, col): the exact inverse of [`Lines::add`].
    pub(crate) fn remove(&mut self, n: usize, row: usize, col: usize, player: Player) {
        let opponent = player.opponent().index();
        for line in Line::through(n, row, col) {
            let count = &mut self.counts[2 * line.slot(n) + player.index()];
            *count -= 1;
            self.open[opponent] += u32::from(*count == 0);
        }
    }

    /// Marks of `player` on `line`.
    pub(crate) fn count(&self, n: usize, player: Player, line: Line) -> usize {
        usize::from(self.counts[2 * line.slot(n) + player.index()])
    }

    /// The number of lines holding no mark of `player`'s opponent.
    pub(crate) fn open_for(&self, player: Player) -> usize {
        self.open[player.index()] as usize
    }

    /// A copy, allocated without aborting.
    pub(crate) fn try_clone(&self) -> Result<Lines, Error> {
        Ok(Lines { counts: try_copy(&self.counts)?, open: self.open })
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.counts.capacity() * core::mem::size_of::<u16>()
    }
}
