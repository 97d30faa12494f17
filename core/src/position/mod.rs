//! Positions: whether a grid of cells is reachable by a legal game, and why not.
//!
//! A legal game starts empty, `X` moves first, players alternate and nobody moves after a win.
//! A grid is reachable exactly when
//! 1. `X` has as many marks as `O` or one more;
//! 2. at most one player owns a complete line;
//! 3. a winner moved last: `X` has one mark more than `O` when `X` won, as many when `O` won;
//! 4. all the winner's lines share a cell (the winning move). On 3 x 3 any two lines of one
//!    player share a cell, which is why LeetCode 794's rules stop at 3; on 4 x 4, `X` owning
//!    both diagonals is impossible because they never cross.
//!
//! Sufficiency: take the shared cell away and the grid has no complete line and counts that
//! alternate, so placing its marks in any alternating order never completes a line early, and
//! the shared cell is then the winning last move.
//!
//! The checks scan the grid in place and allocate nothing.

mod reach;

use crate::rows::holder_of_char;
use crate::shape::Shape;
use crate::{Error, Game, Player, PositionError};

/// Checks cell codes (0 empty, 1 `X`, 2 `O`, row-major, n * n of them); gives the board's
/// shape.
fn check_cells(n: usize, cells: &[u8]) -> Result<Shape, Error> {
    let shape = Shape::new(n)?;
    if cells.len() != shape.cells() {
        return Err(PositionError::WrongShape { n, row: None, len: cells.len() }.into());
    }
    if let Some(index) = cells.iter().position(|&value| value > 2) {
        let (cell, value) = (shape.cell_at(index), u32::from(cells[index]));
        return Err(PositionError::InvalidCell { row: cell.row, col: cell.col, value }.into());
    }
    Ok(shape)
}

/// The holder of a cell of cells that passed [`check_cells`].
fn cell_holder(cells: &[u8], shape: Shape, row: usize, col: usize) -> Option<Player> {
    Player::from_code(u32::from(cells[shape.index(row, col)]))
}

/// Checks rows of characters (n rows of n of `X`, `O`, `' '`, `'.'`) and returns the shape.
fn check_rows<S: AsRef<str>>(rows: &[S]) -> Result<Shape, Error> {
    let n = rows.len();
    let shape = Shape::new(n)?;
    for (row, text) in rows.iter().enumerate() {
        let text = text.as_ref();
        let len = text.chars().count();
        if len != n {
            return Err(PositionError::WrongShape { n, row: Some(row), len }.into());
        }
        if let Some((col, c)) = text.chars().enumerate().find(|&(_, c)| holder_of_char(c).is_err())
        {
            return Err(PositionError::InvalidCell { row, col, value: u32::from(c) }.into());
        }
    }
    Ok(shape)
}

/// The holder of a cell of rows that passed [`check_rows`]: n ASCII characters each, so bytes
/// index cells.
fn row_cell<S: AsRef<str>>(rows: &[S], row: usize, col: usize) -> Option<Player> {
    holder_of_char(char::from(rows[row].as_ref().as_bytes()[col])).unwrap_or(None)
}

/// Checks that n * n cell codes (row-major; 0 empty, 1 `X`, 2 `O`) form a position some legal
/// game reaches. Builds nothing and allocates nothing.
///
/// ```
/// use tictactoe_core::{validate_cells, Error, PositionError, Player};
/// assert_eq!(validate_cells(3, &[1, 2, 1, 0, 1, 0, 0, 0, 0]),
///            Err(Error::InvalidPosition(PositionError::BadCounts { x: 3, o: 1 })));
/// // 4 x 4, X owns both diagonals: they share no cell, so no single move completed both.
/// let x_diagonals = [1, 2, 2, 1,
///                    2, 1, 1, 2,
///                    2, 1, 1, 2,
///                    1, 2, 0, 1];
/// assert_eq!(validate_cells(4, &x_diagonals),
///            Err(Error::InvalidPosition(PositionError::DisjointWinningLines { winner: Player::X })));
/// ```
///
/// # Errors
/// [`Error::InvalidSize`] for a bad n, [`Error::InvalidPosition`] with the reason otherwise.
pub fn validate_cells(n: usize, cells: &[u8]) -> Result<(), Error> {
    let shape = check_cells(n, cells)?;
    reach::analyze(shape, &|row, col| cell_holder(cells, shape, row, col))?;
    Ok(())
}

/// Checks that rows of text (`X`, `O`, and `' '` or `'.'` for empty, n rows of n) form a
/// position some legal game reaches. Builds nothing and allocates nothing.
///
/// ```
/// use tictactoe_core::validate_rows;
/// assert!(validate_rows(&["XOX", "O O", "XOX"]).is_ok()); // LeetCode 794, example 3
/// assert!(validate_rows(&["XXX", "   ", "OOO"]).is_err());
/// ```
///
/// # Errors
/// [`Error::InvalidSize`] for no rows or too many, [`Error::InvalidPosition`] with the reason
/// otherwise.
pub fn validate_rows<S: AsRef<str>>(rows: &[S]) -> Result<(), Error> {
    let shape = check_rows(rows)?;
    reach::analyze(shape, &|row, col| row_cell(rows, row, col))?;
    Ok(())
}

impl Game {
    /// A game at the position given as n * n cell codes (row-major; 0 empty, 1 `X`, 2 `O`).
    /// Its marks are the starting position, not moves: [`Game::undo`] does not take them back.
    /// No limit beyond [`MAX_N`](crate::MAX_N): the cells are as many as the board's, so the
    /// game takes at most about 5 bytes per byte given (see [`Game::from_cells_with_limits`]).
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Status};
    /// let game = Game::from_cells(3, &[1, 1, 1, 2, 2, 0, 0, 0, 0])?;
    /// assert_eq!(game.status(), Status::Won(Player::X));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`validate_cells`], and [`Error::AllocFailed`].
    pub fn from_cells(n: usize, cells: &[u8]) -> Result<Game, Error> {
        let shape = check_cells(n, cells)?;
        let at = |row, col| cell_holder(cells, shape, row, col);
        let win = reach::analyze(shape, &at)?;
        Game::from_valid_position(shape, at, win)
    }

    /// A game at the position given as rows of text (see [`validate_rows`]). No limit beyond
    /// [`MAX_N`](crate::MAX_N), as for [`Game::from_cells`].
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// let game = Game::from_rows(&["XO.", ".X.", "..."])?;
    /// assert_eq!(game.next_player(), Player::O);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`validate_rows`], and [`Error::AllocFailed`].
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Game, Error> {
        let shape = check_rows(rows)?;
        let at = |row, col| row_cell(rows, row, col);
        let win = reach::analyze(shape, &at)?;
        Game::from_valid_position(shape, at, win)
    }
}
