//! The rules of one move, written over borrowed storage, so that every owner of games judges
//! and makes moves with the same code: a [`Game`](crate::Game) over its own block of words, a
//! [`Batch`](crate::Batch) over one stride of its flat arrays.
//!
//! A game's words hold its board (`board::words(n * n)` words) and then its line counters
//! (`lines::count(n)` words, from `lines_start`); the marks per player and the counts of lines
//! still open to each player sit beside them.

use crate::{board, lines, Error, Player};

/// The checks of a move's cell, before anything else: `(row, col)` is on the board. Returns the
/// cell's index, row * n + col.
#[inline(always)]
pub(crate) fn check_cell(n: usize, row: usize, col: usize) -> Result<usize, Error> {
    if row >= n || col >= n {
        return Err(Error::OutOfBounds { row, col, n });
    }
    Ok(row * n + col)
}

/// The checks after the player's: nobody has won (`winner`), and the cell is free.
#[inline(always)]
pub(crate) fn check_free(
    board: &[u32],
    winner: Option<Player>,
    row: usize,
    col: usize,
    cell: usize,
) -> Result<(), Error> {
    if let Some(winner) = winner {
        return Err(Error::GameOver { winner });
    }
    match board::get(board, cell) {
        Some(by) => Err(Error::Occupied { row, col, by }),
        None => Ok(()),
    }
}

/// The counters of one game beside its words: marks per player index, and the lines holding
/// no mark of each player index's opponent.
pub(crate) struct Tally<'a> {
    pub(crate) marks: &'a mut [u32; 2],
    pub(crate) open: &'a mut [u32; 2],
}

/// Marks `cell` = (row, col) for `player`, a move the checks above accepted, and tells whether
/// it completed a line. The history is the owner's to keep.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // the borrowed parts of one game, kept apart for speed
pub(crate) fn place(
    words: &mut [u32],
    lines_start: usize,
    tally: Tally<'_>,
    n: usize,
    row: usize,
    col: usize,
    cell: usize,
    player: Player,
) -> bool {
    board::set(words, cell, player);
    tally.marks[player.index()] += 1;
    lines::add(&mut words[lines_start..], tally.open, n, row, col, player)
}

/// Takes back the mark at `cell` = (row, col): the exact inverse of [`place`]. Returns whose it
/// was.
pub(crate) fn unplace(
    words: &mut [u32],
    lines_start: usize,
    tally: Tally<'_>,
    n: usize,
    cell: usize,
) -> Player {
    let (row, col) = (cell / n, cell % n);
    let player = board::get(words, cell).expect("a cell taken back holds a mark");
    board::clear(words, cell);
    tally.marks[player.index()] -= 1;
    lines::remove(&mut words[lines_start..], tally.open, n, row, col, player);
    player
}
