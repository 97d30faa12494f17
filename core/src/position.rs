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

use alloc::vec::Vec;
use core::fmt;

use crate::limits::check_size;
use crate::lines::Line;
use crate::{Error, Game, Limits, Player, PositionError};

/// The complete lines of one player, as far as the checks need them.
#[derive(Default)]
struct Owned {
    /// The lines found, while they can still share a cell: at most one row, one column and the
    /// two diagonals.
    lines: [Option<Line>; 4],
    /// Two rows or two columns never share a cell.
    parallel: bool,
}

impl Owned {
    fn push(&mut self, line: Line) {
        let slot = match line {
            Line::Row(_) => 0,
            Line::Column(_) => 1,
            Line::Diagonal => 2,
            Line::AntiDiagonal => 3,
        };
        self.parallel |= self.lines[slot].is_some();
        self.lines[slot] = Some(line);
    }

    fn any(&self) -> bool {
        self.lines.iter().any(Option::is_some)
    }

    /// A cell every owned line passes through, if there is one.
    fn common_cell(&self, n: usize) -> Option<(usize, usize)> {
        if self.parallel {
            return None;
        }
        let mut lines = self.lines.iter().flatten();
        let first = *lines.next()?;
        (0..n)
            .map(|i| first.cell(n, i))
            .find(|&(row, col)| self.lines.iter().flatten().all(|line| line.contains(n, row, col)))
    }
}

/// Checks a grid whose shape and cell values are already known to be good; returns the winner
/// and the cell of its winning move.
fn analyze(
    n: usize,
    at: &impl Fn(usize, usize) -> Option<Player>,
) -> Result<Option<(Player, usize, usize)>, PositionError> {
    let mut marks = [0usize; 2];
    for row in 0..n {
        for col in 0..n {
            if let Some(player) = at(row, col) {
                marks[player.index()] += 1;
            }
        }
    }
    let [x, o] = marks;
    if x != o && x != o + 1 {
        return Err(PositionError::BadCounts { x, o });
    }
    let mut owned = [Owned::default(), Owned::default()];
    let all_lines = (0..n)
        .map(Line::Row)
        .chain((0..n).map(Line::Column))
        .chain([Line::Diagonal, Line::AntiDiagonal]);
    for line in all_lines {
        let (row, col) = line.cell(n, 0);
        if let Some(player) = at(row, col) {
            if (1..n).all(|i| {
                let (row, col) = line.cell(n, i);
                at(row, col) == Some(player)
            }) {
                owned[player.index()].push(line);
            }
        }
    }
    let winner = match (owned[0].any(), owned[1].any()) {
        (true, true) => return Err(PositionError::BothWin),
        (true, false) => Player::X,
        (false, true) => Player::O,
        (false, false) => return Ok(None),
    };
    let moved_last = if x == o + 1 { Player::X } else { Player::O };
    if winner != moved_last {
        return Err(PositionError::WinnerNotLast { winner });
    }
    let (row, col) = owned[winner.index()]
        .common_cell(n)
        .ok_or(PositionError::DisjointWinningLines { winner })?;
    Ok(Some((winner, row, col)))
}

/// Checks cell codes (0 empty, 1 `X`, 2 `O`, row-major, n * n of them) and gives the accessor.
fn cells_accessor(
    n: usize,
    cells: &[u8],
) -> Result<impl Fn(usize, usize) -> Option<Player> + '_, Error> {
    check_size(n)?;
    if cells.len() != n * n {
        return Err(PositionError::WrongShape { n, row: None, len: cells.len() }.into());
    }
    if let Some(i) = cells.iter().position(|&value| value > 2) {
        let value = u32::from(cells[i]);
        return Err(PositionError::InvalidCell { row: i / n, col: i % n, value }.into());
    }
    Ok(move |row, col| Player::from_code(u32::from(cells[row * n + col])))
}

/// Writes n rows of cells as `X`, `O` and `.` (what [`player_of_char`] reads back), the rows
/// separated by `separator`: the board's `Display` and the text form's `board=` both use it.
pub(crate) fn write_rows(
    f: &mut fmt::Formatter<'_>,
    n: usize,
    separator: &str,
    cell: impl Fn(usize, usize) -> Option<Player>,
) -> fmt::Result {
    for row in 0..n {
        if row > 0 {
            f.write_str(separator)?;
        }
        for col in 0..n {
            fmt::Write::write_char(f, cell(row, col).map_or('.', Player::symbol))?;
        }
    }
    Ok(())
}

/// The player a board character stands for: `X`, `O`, or empty for `' '` and `'.'`.
fn player_of_char(c: char) -> Result<Option<Player>, ()> {
    match c {
        'X' => Ok(Some(Player::X)),
        'O' => Ok(Some(Player::O)),
        ' ' | '.' => Ok(None),
        _ => Err(()),
    }
}

/// Checks rows of characters (n rows of n of `X`, `O`, `' '`, `'.'`) and returns n.
fn check_rows<S: AsRef<str>>(rows: &[S]) -> Result<usize, Error> {
    let n = rows.len();
    check_size(n)?;
    for (row, text) in rows.iter().enumerate() {
        let text = text.as_ref();
        let len = text.chars().count();
        if len != n {
            return Err(PositionError::WrongShape { n, row: Some(row), len }.into());
        }
        if let Some((col, c)) = text.chars().enumerate().find(|&(_, c)| player_of_char(c).is_err())
        {
            return Err(PositionError::InvalidCell { row, col, value: u32::from(c) }.into());
        }
    }
    Ok(n)
}

/// The holder of a cell of rows that passed [`check_rows`]: n ASCII characters each, so bytes
/// index cells.
fn row_cell<S: AsRef<str>>(rows: &[S], row: usize, col: usize) -> Option<Player> {
    player_of_char(char::from(rows[row].as_ref().as_bytes()[col])).unwrap_or(None)
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
    let at = cells_accessor(n, cells)?;
    analyze(n, &at)?;
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
    let n = check_rows(rows)?;
    analyze(n, &|row, col| row_cell(rows, row, col))?;
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
        Game::from_cells_with_limits(n, cells, Limits::NONE)
    }

    /// As [`Game::from_cells`], refusing a game of more than `limits.max_bytes` bytes
    /// ([`game_bytes`](crate::game_bytes)) before the cells are read or anything is allocated.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Limits};
    /// let cells = vec![0; 2000 * 2000];
    /// assert!(matches!(Game::from_cells_with_limits(2000, &cells, Limits::DEFAULT),
    ///                  Err(Error::LimitExceeded { .. })));
    /// ```
    ///
    /// # Errors
    /// [`Error::InvalidSize`] for a bad n, then [`Error::LimitExceeded`], then as
    /// [`Game::from_cells`].
    pub fn from_cells_with_limits(n: usize, cells: &[u8], limits: Limits) -> Result<Game, Error> {
        limits.check_game(n)?;
        let at = cells_accessor(n, cells)?;
        let win = analyze(n, &at)?;
        Game::from_valid_position(n, at, win)
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
        Game::from_rows_with_limits(rows, Limits::NONE)
    }

    /// As [`Game::from_rows`], refusing a game of more than `limits.max_bytes` bytes before
    /// the rows are read or anything is allocated.
    ///
    /// # Errors
    /// [`Error::InvalidSize`] for no rows or too many, then [`Error::LimitExceeded`], then as
    /// [`Game::from_rows`].
    pub fn from_rows_with_limits<S: AsRef<str>>(rows: &[S], limits: Limits) -> Result<Game, Error> {
        limits.check_game(rows.len())?;
        let n = check_rows(rows)?;
        let at = |row, col| row_cell(rows, row, col);
        let win = analyze(n, &at)?;
        Game::from_valid_position(n, at, win)
    }
}

/// The rows of the text form of a board, split at `/`, kept for [`Game::from_rows`].
pub(crate) fn split_rows(board: &str) -> Result<Vec<&str>, Error> {
    let mut rows = Vec::new();
    rows.try_reserve(board.bytes().filter(|&b| b == b'/').count() + 1)
        .map_err(|_| Error::AllocFailed)?;
    rows.extend(board.split('/'));
    Ok(rows)
}
