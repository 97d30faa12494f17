//! The moves of a game: LeetCode 348's move, the turn-aware move, Connect Four's drop, a list
//! of moves all or nothing, and undo.

use tictactoe_core::ListError;

use super::{update, winner_u32};
use crate::guard::{entries, Out};
use crate::handle::changing;
use crate::{tictactoe_game, tictactoe_move, tictactoe_result};

/// LeetCode 348's move: places a mark of `player` (1 or 2) at (`row`, `col`) and stores the
/// winner after the move (0, 1 or 2) in `*winner_out`. Players need not alternate. O(1),
/// whatever the board and k.
///
/// Refusals, checked in this order, change nothing: `OUT_OF_BOUNDS` (row >= rows or
/// col >= cols), `INVALID_PLAYER`, `GAME_OVER` (somebody already won), `OCCUPIED`, under
/// gravity `FLOATING` (a free cell below); also `ALLOC_FAILED` and `NULL_PARAMETER`.
/// `*winner_out` is written only on success.
///
/// Ownership: the caller keeps the game. Thread safety: needs the game to itself.
///
/// # Safety
/// `game` must be NULL or a live game; `winner_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_move(
    game: *mut tictactoe_game,
    row: u32,
    col: u32,
    player: u32,
    winner_out: *mut u32,
) -> tictactoe_result {
    let (row, col) = (row as usize, col as usize);
    // SAFETY: the caller's promise.
    unsafe { update(game, winner_out, |g| Ok(winner_u32(g.make_move(row, col, player)?))) }
}

/// Turn-aware move: places the mark of the player whose turn it is (see
/// `tictactoe_game_next_player`) at (`row`, `col`) and stores the winner after the move (0, 1
/// or 2) in `*winner_out`.
///
/// Refusals change nothing: `OUT_OF_BOUNDS`, `GAME_OVER`, `OCCUPIED`, under gravity `FLOATING`,
/// `ALLOC_FAILED`, `NULL_PARAMETER`. `*winner_out` is written only on success.
///
/// Ownership: the caller keeps the game. Thread safety: needs the game to itself.
///
/// # Safety
/// `game` must be NULL or a live game; `winner_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_play(
    game: *mut tictactoe_game,
    row: u32,
    col: u32,
    winner_out: *mut u32,
) -> tictactoe_result {
    let (row, col) = (row as usize, col as usize);
    // SAFETY: the caller's promise.
    unsafe { update(game, winner_out, |g| Ok(winner_u32(g.play(row, col)?))) }
}

/// Connect Four's move: places the mark of the player whose turn it is on the lowest free cell
/// of column `col`, and stores that cell's row in `*row_out` and the winner after the move
/// (0, 1 or 2) in `*winner_out`. O(1) under gravity; without gravity the column is searched
/// from the bottom up, and the move is the same as `tictactoe_game_play` on the cell found.
///
/// Refusals, checked in this order, change nothing: `OUT_OF_BOUNDS` (col >= cols),
/// `GAME_OVER` (somebody already won), `COLUMN_FULL` (no free cell in the column, as in every
/// column of a drawn game); also `ALLOC_FAILED`, and `NULL_PARAMETER` when a pointer is NULL
/// (before the move is made). `*row_out` and `*winner_out` are written only on success.
///
/// Ownership: the caller keeps the game. Thread safety: needs the game to itself.
///
/// # Safety
/// `game` must be NULL or a live game; `row_out` and `winner_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_drop(
    game: *mut tictactoe_game,
    col: u32,
    row_out: *mut u32,
    winner_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing(game, |game| {
            let (row_out, winner_out) = (Out::new(row_out)?, Out::new(winner_out)?);
            let (row, winner) = game.drop(col as usize)?;
            // Rows are below 65535.
            row_out.write(row as u32);
            winner_out.write(winner_u32(winner));
            Ok(())
        })
    }
}

/// Makes `count` moves in order, all or nothing: each `moves[i]` is LeetCode 348's move
/// (`row`, `col`, `player`), checked as by `tictactoe_game_move`. On success stores the winner
/// after the last move (0, 1 or 2) in `*winner_out`; a winner can only come from the last move,
/// as nobody moves after a win. On the first refused move, every move of the list already made
/// is taken back, its index is stored in `*refused_out` and its code returned (`OUT_OF_BOUNDS`,
/// `INVALID_PLAYER`, `GAME_OVER`, `OCCUPIED`, `FLOATING`, `ALLOC_FAILED`): the game is as
/// before the call.
///
/// `*winner_out` is written only on success and `*refused_out` only on a refused move.
/// `NULL_PARAMETER` when `game`, `winner_out` or `refused_out` is NULL, or `moves` is NULL with
/// a non-zero `count`.
///
/// Ownership: `moves` stays the caller's and is only read during the call. Thread safety:
/// needs the game to itself.
///
/// # Safety
/// `game` must be NULL or a live game; `moves` NULL or valid for reads of `count` moves;
/// `winner_out` and `refused_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_move_many(
    game: *mut tictactoe_game,
    moves: *const tictactoe_move,
    count: usize,
    winner_out: *mut u32,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing(game, |game| {
            let winner_out = Out::new(winner_out)?;
            let refused_out = Out::new(refused_out)?;
            let moves = entries(moves, count)?;
            let triples = moves.iter().map(|m| (m.row as usize, m.col as usize, m.player));
            match game.move_all(triples) {
                Ok(winner) => {
                    winner_out.write(winner_u32(winner));
                    Ok(())
                }
                Err(ListError { index, error }) => {
                    // Always an index here: a move list is refused at one of its moves.
                    if let Some(index) = index {
                        refused_out.write(index);
                    }
                    Err(error.into())
                }
            }
        })
    }
}

/// Takes back the last move in O(1), restoring winner, status and turn, and stores it in
/// `*move_out`. Marks of a position the game was built from are not moves.
///
/// Returns `NOTHING_TO_UNDO` when there is no move (the game is unchanged), `NULL_PARAMETER`.
/// `*move_out` is written only on success.
///
/// Ownership: the caller keeps the game. Thread safety: needs the game to itself.
///
/// # Safety
/// `game` must be NULL or a live game; `move_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_undo(
    game: *mut tictactoe_game,
    move_out: *mut tictactoe_move,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { update(game, move_out, |g| Ok(g.undo()?.into())) }
}
