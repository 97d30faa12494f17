//! Plain C structs and enums the functions exchange with callers.

use tictactoe_core::{winner_number, Line, Move, Run, Status};
use tictactoe_search::MoveValue;

/// Where a game stands; written by `tictactoe_game_status`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum tictactoe_status {
    /// Nobody has won and a cell is free.
    InProgress = 0,
    /// A player has made a winning run: k in a row (for n x n tic-tac-toe, a whole line);
    /// `tictactoe_game_winner` tells who.
    Won = 1,
    /// The board is full and nobody won.
    Draw = 2,
}

impl From<Status> for tictactoe_status {
    fn from(status: Status) -> Self {
        match status {
            Status::InProgress => tictactoe_status::InProgress,
            Status::Won(_) => tictactoe_status::Won,
            Status::Draw => tictactoe_status::Draw,
        }
    }
}

/// The kind of a `tictactoe_line`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum tictactoe_line_kind {
    /// A row; `index` is its number.
    Row = 0,
    /// A column; `index` is its number.
    Column = 1,
    /// The cells (i, i); `index` is 0.
    Diagonal = 2,
    /// The cells (i, n - 1 - i); `index` is 0.
    AntiDiagonal = 3,
}

/// A whole line of an n x n board, as `tictactoe_game_winning_lines` reports it (for other
/// rules, see `tictactoe_run`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tictactoe_line {
    /// Row, column, diagonal or anti-diagonal.
    pub kind: tictactoe_line_kind,
    /// The row or column number; 0 for the diagonals.
    pub index: u32,
}

impl From<Line> for tictactoe_line {
    fn from(line: Line) -> Self {
        // Indices are below n <= 65535, so they fit in u32.
        let (kind, index) = match line {
            Line::Row(i) => (tictactoe_line_kind::Row, i as u32),
            Line::Column(i) => (tictactoe_line_kind::Column, i as u32),
            Line::Diagonal => (tictactoe_line_kind::Diagonal, 0),
            Line::AntiDiagonal => (tictactoe_line_kind::AntiDiagonal, 0),
        };
        tictactoe_line { kind, index }
    }
}

/// A legal move and the value it leads to: `tictactoe_game_analyze`'s answer for one move.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tictactoe_move_value {
    /// The move's row, from 0 (under gravity, the cell the mark lands on).
    pub row: u32,
    /// The move's column, from 0.
    pub col: u32,
    /// Who wins once the move is played and both play perfectly after it: 1 or 2, 0 for a
    /// draw.
    pub winner: u32,
    /// The moves to the end from the position before the move, this move the first (the
    /// winner takes the fastest win, the loser the slowest loss).
    pub plies: u32,
}

impl From<MoveValue> for tictactoe_move_value {
    fn from(value: MoveValue) -> Self {
        // Rows, columns and plies are below 65535 * 65535 < 2^32.
        tictactoe_move_value {
            row: value.row as u32,
            col: value.col as u32,
            winner: u32::from(winner_number(value.solution.winner)),
            plies: value.solution.plies as u32,
        }
    }
}

/// A mark placed on the board: by `player` (1 or 2) at (`row`, `col`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tictactoe_move {
    /// The row, from 0.
    pub row: u32,
    /// The column, from 0.
    pub col: u32,
    /// 1 (X) or 2 (O).
    pub player: u32,
}

impl From<Move> for tictactoe_move {
    fn from(m: Move) -> Self {
        // Rows and columns are below 65535, so they fit in u32.
        tictactoe_move {
            row: m.row as u32,
            col: m.col as u32,
            player: u32::from(m.player.number()),
        }
    }
}

/// A winning run, as `tictactoe_game_winning_runs` reports it: k or more marks of one player in
/// a row, column, diagonal or anti-diagonal, from its first cell to its last (the first the one
/// nearer the top, or along a row the one on the left).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tictactoe_run {
    /// The first cell's row, from 0.
    pub first_row: u32,
    /// The first cell's column, from 0.
    pub first_col: u32,
    /// The last cell's row, from 0.
    pub last_row: u32,
    /// The last cell's column, from 0.
    pub last_col: u32,
}

impl From<Run> for tictactoe_run {
    fn from(run: Run) -> Self {
        // Rows and columns are below 65535, so they fit in u32.
        tictactoe_run {
            first_row: run.first.0 as u32,
            first_col: run.first.1 as u32,
            last_row: run.last.0 as u32,
            last_col: run.last.1 as u32,
        }
    }
}
