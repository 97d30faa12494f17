//! Why a grid of cells is not a position a legal game reaches.

use core::fmt;

use crate::Player;

/// Why a grid of cells is not a position a legal game reaches.
///
/// A legal game starts empty, `X` moves first, the players alternate and nobody moves after a
/// win. The last two reasons matter for n >= 4 only in part: on 3 x 3 every pair of lines a
/// player owns shares a cell, but on 4 x 4 the two diagonals do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// The number of cells given is not n * n (or the rows are not all n long).
    WrongShape {
        /// The board size.
        n: usize,
        /// The row whose length is wrong, or `None` when the total count is wrong.
        row: Option<usize>,
        /// The length found (of that row, or in total).
        len: usize,
    },
    /// A cell value that is not empty (0, `' '`, `'.'`), 1 (`'X'`) or 2 (`'O'`).
    InvalidCell {
        /// The row of the cell.
        row: usize,
        /// The column of the cell.
        col: usize,
        /// The value found (a cell code, or a character's code point).
        value: u32,
    },
    /// `X` must have as many marks as `O` or one more.
    BadCounts {
        /// Marks of `X`.
        x: usize,
        /// Marks of `O`.
        o: usize,
    },
    /// Both players own a complete line.
    BothWin,
    /// The winner's mark count says the other player moved after the win.
    WinnerNotLast {
        /// The player owning a complete line.
        winner: Player,
    },
    /// The winner owns lines that no single last move could have completed together.
    DisjointWinningLines {
        /// The player owning the lines.
        winner: Player,
    },
}

impl PositionError {
    /// A short, stable name for the reason (`"bad_counts"`, `"both_win"`, ...), as the shared
    /// test vectors and the Python face's `InvalidPositionError.reason` spell it.
    ///
    /// ```
    /// use tictactoe_core::PositionError;
    /// assert_eq!(PositionError::BothWin.name(), "both_win");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            PositionError::WrongShape { .. } => "wrong_shape",
            PositionError::InvalidCell { .. } => "invalid_cell",
            PositionError::BadCounts { .. } => "bad_counts",
            PositionError::BothWin => "both_win",
            PositionError::WinnerNotLast { .. } => "winner_not_last",
            PositionError::DisjointWinningLines { .. } => "disjoint_winning_lines",
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::WrongShape { n, row: Some(row), len } => {
                write!(f, "row {row} has {len} cells, expected {n}")
            }
            PositionError::WrongShape { n, row: None, len } => {
                write!(f, "{len} cells given, a {n} x {n} board has {}", n * n)
            }
            PositionError::InvalidCell { row, col, value } => {
                write!(f, "cell ({row}, {col}) holds {value}, which is not empty, X or O")
            }
            PositionError::BadCounts { x, o } => write!(
                f,
                "X has {x} marks and O has {o}: X moves first, so X must have as many as O or one more"
            ),
            PositionError::BothWin => f.write_str("both players own a complete line"),
            PositionError::WinnerNotLast { winner } => {
                write!(f, "{winner} has won but the mark counts say the opponent moved last")
            }
            PositionError::DisjointWinningLines { winner } => write!(
                f,
                "{winner} owns lines that share no cell, so no single move completed them"
            ),
        }
    }
}

impl core::error::Error for PositionError {}
