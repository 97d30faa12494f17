//! The win rule of n in a row on an n x n board: per-player counters of the marks on each row,
//! column and diagonal; a line whose counter reaches n is complete.
//!
//! This is the O(1) trick of the seed solutions, kept per player instead of as one +1/-1 sum so
//! that it also answers "does this line hold a mark of the opponent", which `can_win` needs: the
//! number of lines still free of each player's opponent is maintained on every move and undo.
//! The state is one word a line ([`count`] of them), in the game's block.

use crate::shape::{Cell, Shape};
use crate::Player;

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
    /// The stable name of the line's kind: `"row"`, `"column"`, `"diagonal"` or
    /// `"anti_diagonal"`, as every face and the shared test vectors spell it.
    pub const fn kind_name(self) -> &'static str {
        match self {
            Line::Row(_) => "row",
            Line::Column(_) => "column",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti_diagonal",
        }
    }

    /// The lines through (row, col) on a board of `shape`, in the order row, column, diagonal,
    /// anti-diagonal (the diagonals only on a square board, and when the cell is on them).
    pub(crate) fn through(shape: Shape, row: usize, col: usize) -> impl Iterator<Item = Line> {
        let side = shape.side();
        [
            Some(Line::Row(row)),
            Some(Line::Column(col)),
            side.filter(|_| row == col).map(|_| Line::Diagonal),
            side.filter(|&n| row + col == n - 1).map(|_| Line::AntiDiagonal),
        ]
        .into_iter()
        .flatten()
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

/// The number of lines of an n x n board: n rows, n columns and the two diagonals.
#[inline]
pub(crate) const fn count(n: usize) -> usize {
    2 * n + 2
}

/// The counter word of a line holds both players' marks on it: `X`'s in the low 16 bits, `O`'s
/// in the high 16 (a count never exceeds n <= `MAX_N` = `u16::MAX`).
#[inline]
fn shift(player: Player) -> u32 {
    16 * player.index() as u32
}

/// Adds a mark of `player` at `cell` to the line counters `counts` (one word a line, in
/// [`Line::slot`] order, 2n + 2 of them) and to `open` (`open[p]`: the lines holding no mark of
/// player index p's opponent); tells whether the mark completed a line of n marks.
///
/// This is the hot path of every move, so it touches the counters directly instead of going
/// through [`Line::through`] (which [`remove`] uses and the tests compare with), and compares
/// the player's half of each word in place instead of shifting it out.
#[inline(always)]
pub(crate) fn add(
    counts: &mut [u32],
    open: &mut [u32; 2],
    n: usize,
    cell: Cell,
    player: Player,
) -> bool {
    let (row, col) = (cell.row, cell.col);
    let shift = shift(player);
    let (one, mask, full) = (1 << shift, 0xFFFF << shift, (n as u32) << shift);
    let mut closed = 0;
    let mut won = false;
    let mut bump = |word: &mut u32| {
        // The first mark of `player` on a line closes it to the opponent.
        closed += u32::from(*word & mask == 0);
        *word += one;
        won |= *word & mask == full;
    };
    // With n below 2^16 and row, col below n, the compiler proves these indices in bounds.
    let counts = &mut counts[..count(n)];
    bump(&mut counts[row]);
    bump(&mut counts[n + col]);
    if row == col {
        bump(&mut counts[2 * n]);
    }
    if row + col == n - 1 {
        bump(&mut counts[2 * n + 1]);
    }
    open[player.opponent().index()] -= closed;
    won
}

/// Takes back a mark of `player` at `cell`: the exact inverse of [`add`].
pub(crate) fn remove(
    counts: &mut [u32],
    open: &mut [u32; 2],
    shape: Shape,
    cell: Cell,
    player: Player,
) {
    let shift = shift(player);
    let n = shape.rows();
    for line in Line::through(shape, cell.row, cell.col) {
        let word = &mut counts[line.slot(n)];
        *word -= 1 << shift;
        open[player.opponent().index()] += u32::from((*word >> shift) & 0xFFFF == 0);
    }
}

/// Marks of `player` on `line`.
pub(crate) fn marks(counts: &[u32], n: usize, player: Player, line: Line) -> usize {
    ((counts[line.slot(n)] >> shift(player)) & 0xFFFF) as usize
}
