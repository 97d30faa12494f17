//! Positions: whether a grid of cells is reachable by a legal game, and why not.
//!
//! A legal game starts empty, `X` moves first, players alternate, every move keeps the rules
//! and nobody moves after a win. For k or more in a row without gravity, a grid is reachable
//! exactly when
//! 1. `X` has as many marks as `O` or one more;
//! 2. at most one player owns a winning run;
//! 3. a winner moved last: `X` has one mark more than `O` when `X` won, as many when `O` won;
//! 4. some cell of the winner lies on all of the winner's winning runs and, taken away, leaves
//!    no winning run: the winning move. On 3 x 3 any two lines of one player share a cell,
//!    which is why LeetCode 794's rules stop at 3; on 4 x 4, `X` owning both diagonals is
//!    impossible because they never cross.
//!
//! Sufficiency: take the winning move away and the grid has no winning run and counts that
//! alternate, so placing its marks in any alternating order never makes one early (a run of
//! some of the marks is part of a run of all of them), and the winning move comes last.
//!
//! Gravity and the exact rule constrain the order of the moves too: under gravity no mark sits
//! above a free cell and some order of the columns must avoid an early win; under the exact
//! rule a run longer than k must have been built without making exactly k on the way. Those are
//! decided by a bounded search ([`order`]).
//!
//! Without gravity or the exact rule the checks scan the grid in place and allocate nothing.

mod order;
mod reach;

use crate::rows::holder_of_char;
use crate::rules::{Form, Rules};
use crate::shape::Shape;
use crate::{Error, Game, Player, PositionError};

/// Checks cell codes (0 empty, 1 `X`, 2 `O`, row-major, rows * cols of them) for a board of
/// `form`.
fn check_cells(form: Form, cells: &[u8]) -> Result<(), Error> {
    let shape = form.shape;
    if cells.len() != shape.cells() {
        let (rows, cols) = (shape.rows(), shape.cols());
        return Err(PositionError::WrongShape { rows, cols, row: None, len: cells.len() }.into());
    }
    if let Some(index) = cells.iter().position(|&value| value > 2) {
        let (cell, value) = (shape.cell_at(index), i64::from(cells[index]));
        return Err(PositionError::InvalidCell { row: cell.row, col: cell.col, value }.into());
    }
    Ok(())
}

/// The holder of a cell of cells that passed [`check_cells`].
fn cell_holder(cells: &[u8], shape: Shape, row: usize, col: usize) -> Option<Player> {
    Player::from_code(u32::from(cells[shape.index(row, col)]))
}

/// Checks rows of characters (rows of cols of `X`, `O`, `' '`, `'.'`) for a board of `form`.
fn check_rows<S: AsRef<str>>(form: Form, rows: &[S]) -> Result<(), Error> {
    let (height, width) = (form.shape.rows(), form.shape.cols());
    let wrong = |row, len| PositionError::WrongShape { rows: height, cols: width, row, len };
    if rows.len() != height {
        let len = rows.iter().map(|text| text.as_ref().chars().count()).sum();
        return Err(wrong(None, len).into());
    }
    for (row, text) in rows.iter().enumerate() {
        let text = text.as_ref();
        let len = text.chars().count();
        if len != width {
            return Err(wrong(Some(row), len).into());
        }
        if let Some((col, c)) = text.chars().enumerate().find(|&(_, c)| holder_of_char(c).is_err())
        {
            return Err(PositionError::InvalidChar { row, col, found: c }.into());
        }
    }
    Ok(())
}

/// The holder of a cell of rows that passed [`check_rows`]: ASCII characters, so bytes index
/// cells.
fn row_cell<S: AsRef<str>>(rows: &[S], row: usize, col: usize) -> Option<Player> {
    holder_of_char(char::from(rows[row].as_ref().as_bytes()[col])).unwrap_or(None)
}

/// Checks that cell codes (row-major; 0 empty, 1 `X`, 2 `O`, rows * cols of them) form a
/// position some legal game under `rules` reaches (a size n for n x n tic-tac-toe; under
/// gravity, no mark floats and some order of the columns reaches it): what
/// [`Game::from_cells`] accepts, building nothing. Without gravity or the exact rule it
/// allocates nothing.
///
/// ```
/// use tictactoe_core::{validate_cells, Error, PositionError, Player, Rules};
/// assert_eq!(validate_cells(3, &[1, 2, 1, 0, 1, 0, 0, 0, 0]),
///            Err(Error::InvalidPosition(PositionError::BadCounts { x: 3, o: 1 })));
/// // 4 x 4, X owns both diagonals: they share no cell, so no single move completed both.
/// let x_diagonals = [1, 2, 2, 1,
///                    2, 1, 1, 2,
///                    2, 1, 1, 2,
///                    1, 2, 0, 1];
/// assert_eq!(validate_cells(4, &x_diagonals),
///            Err(Error::InvalidPosition(PositionError::DisjointWinningLines { winner: Player::X })));
/// let gravity = Rules { rows: 2, cols: 3, k: 2, exact: false, gravity: true };
/// assert!(validate_cells(gravity, &[0, 0, 0, 1, 2, 0]).is_ok());
/// assert_eq!(
///     validate_cells(gravity, &[1, 0, 0, 0, 2, 0]),
///     Err(Error::InvalidPosition(PositionError::Floating { row: 0, col: 0 }))
/// );
/// ```
///
/// # Errors
/// As [`Rules::check`]; [`Error::InvalidPosition`] with the reason; [`Error::AllocFailed`]
/// when a search of the order of moves cannot have its memory.
pub fn validate_cells(rules: impl Into<Rules>, cells: &[u8]) -> Result<(), Error> {
    Form::of(&rules.into())?.validate_cells(cells)
}

/// Checks that rows of text (`X`, `O`, and `' '` or `'.'` for empty; as many rows as the
/// rules' board has, each of its columns) form a position some legal game under `rules`
/// reaches, as [`validate_cells`]: LeetCode 794 on 3 x 3, and correct on any board.
///
/// ```
/// use tictactoe_core::{validate_rows, Rules};
/// assert!(validate_rows(3, &["XOX", "O O", "XOX"]).is_ok()); // LeetCode 794, example 3
/// assert!(validate_rows(3, &["XXX", "   ", "OOO"]).is_err());
/// let rules = Rules { gravity: true, ..Rules::mnk(3, 3, 3) };
/// assert!(validate_rows(rules, &["...", "...", "XO."]).is_ok());
/// assert!(validate_rows(rules, &["X..", "...", ".O."]).is_err()); // X floats
/// ```
///
/// # Errors
/// As [`validate_cells`].
pub fn validate_rows<S: AsRef<str>>(rules: impl Into<Rules>, rows: &[S]) -> Result<(), Error> {
    Form::of(&rules.into())?.validate_rows(rows)
}

impl Form {
    fn validate_cells(self, cells: &[u8]) -> Result<(), Error> {
        check_cells(self, cells)?;
        reach::analyze(self, &|row, col| cell_holder(cells, self.shape, row, col))?;
        Ok(())
    }

    fn validate_rows<S: AsRef<str>>(self, rows: &[S]) -> Result<(), Error> {
        check_rows(self, rows)?;
        reach::analyze(self, &|row, col| row_cell(rows, row, col))?;
        Ok(())
    }

    fn game_from_cells(self, cells: &[u8]) -> Result<Game, Error> {
        check_cells(self, cells)?;
        let at = |row, col| cell_holder(cells, self.shape, row, col);
        let win = reach::analyze(self, &at)?;
        Game::from_valid_position(self, at, win)
    }

    fn game_from_rows<S: AsRef<str>>(self, rows: &[S]) -> Result<Game, Error> {
        check_rows(self, rows)?;
        let at = |row, col| row_cell(rows, row, col);
        let win = reach::analyze(self, &at)?;
        Game::from_valid_position(self, at, win)
    }
}

impl Rules {
    /// The rules of rows x cols from text rows (rows of equal length; `cols` from the first),
    /// with k in a row and no exact rule or gravity: for callers that give a board as text.
    /// The rows are checked when the game is made.
    pub fn of_rows<S: AsRef<str>>(rows: &[S], k: usize) -> Rules {
        let cols = rows.first().map_or(0, |row| row.as_ref().chars().count());
        Rules::mnk(rows.len(), cols, k)
    }
}

impl Game {
    /// A game under `rules` (a size n for n x n tic-tac-toe, or any [`Rules`]) at the
    /// position given as rows * cols cell codes (row-major; 0 empty, 1 `X`, 2 `O`), which must
    /// be reachable by a legal game under those rules ([`validate_cells`]). Its marks are the
    /// starting position, not moves: [`Game::undo`] does not take them back. No limit beyond
    /// [`MAX_N`](crate::MAX_N): the cells are as many as the board's, so the game takes at most
    /// about 5 bytes per byte given ([`Limits::game_from_cells`] bounds it).
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules, Status};
    /// let game = Game::from_cells(3, &[1, 1, 1, 2, 2, 0, 0, 0, 0])?;
    /// assert_eq!(game.status(), Status::Won(Player::X));
    /// // Connect Four, 2 rows shown of 6: X has four along the bottom row.
    /// let mut cells = [0; 42];
    /// cells[35..42].copy_from_slice(&[1, 1, 1, 1, 0, 0, 0]);
    /// cells[28..35].copy_from_slice(&[2, 2, 2, 0, 0, 0, 0]);
    /// let game = Game::from_cells(Rules::CONNECT_FOUR, &cells)?;
    /// assert_eq!(game.status(), Status::Won(Player::X));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`validate_cells`].
    ///
    /// [`Limits::game_from_cells`]: crate::Limits::game_from_cells
    pub fn from_cells(rules: impl Into<Rules>, cells: &[u8]) -> Result<Game, Error> {
        Form::of(&rules.into())?.game_from_cells(cells)
    }

    /// A game under `rules` at the position given as rows of text ([`validate_rows`]), as
    /// [`Game::from_cells`].
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules};
    /// let game = Game::from_rows(3, &["XO.", ".X.", "..."])?;
    /// assert_eq!(game.next_player(), Player::O);
    /// let rows = ["X..O", ".X.O", "...."];
    /// let game = Game::from_rows(Rules::of_rows(&rows, 3), &rows)?;
    /// assert_eq!((game.rows(), game.cols(), game.marks()), (3, 4, 4));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`validate_rows`].
    pub fn from_rows<S: AsRef<str>>(rules: impl Into<Rules>, rows: &[S]) -> Result<Game, Error> {
        Form::of(&rules.into())?.game_from_rows(rows)
    }
}
