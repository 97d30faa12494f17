//! Why a grid of cells is not a position a legal game reaches.

use core::fmt;

use crate::Player;

/// Why a grid of cells is not a position a legal game reaches.
///
/// A legal game starts empty, `X` moves first, the players alternate, every move keeps the
/// rules (under gravity, no mark below a free cell) and nobody moves after a win.
/// `DisjointWinningLines` matters for n >= 4 only in part: on 3 x 3 every pair of lines a player
/// owns shares a cell, but on 4 x 4 the two diagonals do not.
///
/// Non-exhaustive, as [`Error`](crate::Error) is: new rules bring new reasons (the family's
/// gravity and exact rule brought `Floating`, `NoOrder` and `SearchLimit`), and adding one must
/// not break a user's match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// The number of cells given is not rows * cols (or the rows are not all cols long, or
    /// not as many as the rules' rows).
    WrongShape {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
        /// The row whose length is wrong, or `None` when the total count is wrong.
        row: Option<usize>,
        /// The length found (of that row, or in total).
        len: usize,
    },
    /// A cell code that is not 0 (empty), 1 (`X`) or 2 (`O`).
    InvalidCell {
        /// The row of the cell.
        row: usize,
        /// The column of the cell.
        col: usize,
        /// The code found (as a caller gave it: a face reading numbers wider than a byte names
        /// them here too).
        value: i64,
    },
    /// A character of a board's rows that is not `' '` or `'.'` (empty), `'X'` or `'O'`.
    InvalidChar {
        /// The row of the cell.
        row: usize,
        /// The column of the cell.
        col: usize,
        /// The character found.
        found: char,
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
    /// The winner owns winning runs that no single last move could have made together.
    DisjointWinningLines {
        /// The player owning the runs.
        winner: Player,
    },
    /// Under gravity, a mark with a free cell below it.
    Floating {
        /// The row of the mark.
        row: usize,
        /// The column of the mark.
        col: usize,
    },
    /// No order of legal moves reaches the position, though the counts and the winning runs
    /// alone allow it: under gravity the columns' order, or under the exact rule a run longer
    /// than k that could not be built without first making k exactly.
    NoOrder,
    /// Deciding whether an order of moves reaches the position took more than `steps` steps of
    /// search (a large board under gravity or the exact rule): refused rather than slow.
    SearchLimit {
        /// The steps searched.
        steps: usize,
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
            PositionError::InvalidCell { .. } | PositionError::InvalidChar { .. } => "invalid_cell",
            PositionError::BadCounts { .. } => "bad_counts",
            PositionError::BothWin => "both_win",
            PositionError::WinnerNotLast { .. } => "winner_not_last",
            PositionError::DisjointWinningLines { .. } => "disjoint_winning_lines",
            PositionError::Floating { .. } => "floating",
            PositionError::NoOrder => "no_order",
            PositionError::SearchLimit { .. } => "search_limit",
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::WrongShape { cols, row: Some(row), len, .. } => {
                write!(f, "row {row} has {len} cells, expected {cols}")
            }
            PositionError::WrongShape { rows, cols, row: None, len } => {
                write!(f, "{len} cells given, a {rows} x {cols} board has {}", rows * cols)
            }
            PositionError::InvalidCell { row, col, value } => {
                write!(f, "cell ({row}, {col}) holds {value}: cells are 0 (empty), 1 (X) or 2 (O)")
            }
            PositionError::InvalidChar { row, col, found } => write!(
                f,
                "cell ({row}, {col}) holds {found:?}: cells are ' ' or '.' (empty), 'X' or 'O'"
            ),
            PositionError::BadCounts { x, o } => write!(
                f,
                "X has {x} marks and O has {o}: X moves first, so X must have as many as O or one more"
            ),
            PositionError::BothWin => f.write_str("both players own a winning run"),
            PositionError::WinnerNotLast { winner } => {
                write!(f, "{winner} has won but the mark counts say the opponent moved last")
            }
            PositionError::DisjointWinningLines { winner } => write!(
                f,
                "{winner} owns winning runs that no single last move made together"
            ),
            PositionError::Floating { row, col } => {
                write!(f, "the mark at ({row}, {col}) has a free cell below it, under gravity")
            }
            PositionError::NoOrder => f.write_str("no order of legal moves reaches the position"),
            PositionError::SearchLimit { steps } => write!(
                f,
                "no order of moves reaching the position was found within {steps} steps of search"
            ),
        }
    }
}

impl core::error::Error for PositionError {}
