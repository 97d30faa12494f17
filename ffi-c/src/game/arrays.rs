//! A game's arrays, copied into the caller's buffer (or its size reported): the winning lines
//! and runs, the history, the cells and the legal moves.

use crate::guard::{buffer, Out, Outcome};
use crate::handle::reading;
use crate::{tictactoe_game, tictactoe_line, tictactoe_move, tictactoe_result, tictactoe_run};

/// Copies the lines the winning move completed (at most 4; none without a winner) into
/// `lines_out[0..capacity]` and stores their number in `*count_out`. Whole lines are the wins
/// when k is the side of a square board (n x n tic-tac-toe); under other rules there are none:
/// `tictactoe_game_winning_runs` reports the wins of every rule set.
///
/// Returns `BUFFER_TOO_SMALL` with the number needed in `*count_out` (and `lines_out`
/// untouched) when `capacity` is too small; `NULL_PARAMETER` when `game` or `count_out` is
/// NULL, or `lines_out` is NULL with a non-zero `capacity`.
///
/// Ownership: the caller owns `lines_out`. Thread safety: may run while other threads read
/// the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `lines_out` NULL or valid for `capacity` writes;
/// `count_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_winning_lines(
    game: *const tictactoe_game,
    lines_out: *mut tictactoe_line,
    capacity: usize,
    count_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(game, |game| {
            fill(lines_out, capacity, count_out, game.winning_lines().count(), game.winning_lines())
        })
    }
}

/// Copies the runs the winning move made that win (at most 4, one a direction, in the order
/// row, column, diagonal, anti-diagonal; none without a winner) into `runs_out[0..capacity]`
/// and stores their number in `*count_out`. Under every rule set: a run is k or more marks in
/// a row (exactly k under `TICTACTOE_RULE_EXACT`), from its first cell to its last.
///
/// Returns `BUFFER_TOO_SMALL` with the number needed in `*count_out` (and `runs_out`
/// untouched) when `capacity` is too small; `NULL_PARAMETER` when `game` or `count_out` is
/// NULL, or `runs_out` is NULL with a non-zero `capacity`.
///
/// Ownership: the caller owns `runs_out`. Thread safety: may run while other threads read the
/// same game.
///
/// # Safety
/// `game` must be NULL or a live game; `runs_out` NULL or valid for `capacity` writes;
/// `count_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_winning_runs(
    game: *const tictactoe_game,
    runs_out: *mut tictactoe_run,
    capacity: usize,
    count_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(game, |game| {
            fill(runs_out, capacity, count_out, game.winning_runs().count(), game.winning_runs())
        })
    }
}

/// Copies the moves made, oldest first, into `moves_out[0..capacity]` and stores their number
/// in `*count_out`. Marks of a position the game was built from are not moves.
///
/// Returns `BUFFER_TOO_SMALL` with the number needed in `*count_out` (and `moves_out`
/// untouched) when `capacity` is too small; `NULL_PARAMETER` as for
/// `tictactoe_game_winning_lines`.
///
/// Ownership: the caller owns `moves_out`. Thread safety: may run while other threads read
/// the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `moves_out` NULL or valid for `capacity` writes;
/// `count_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_history(
    game: *const tictactoe_game,
    moves_out: *mut tictactoe_move,
    capacity: usize,
    count_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(game, |game| {
            fill(moves_out, capacity, count_out, game.history().len(), game.history())
        })
    }
}

/// Copies the board's cells, row-major, into `cells_out[0..capacity]` as 0 (empty), 1 (X) or
/// 2 (O), and stores their number, rows * cols, in `*len_out`: the board as an array.
///
/// Returns `BUFFER_TOO_SMALL` with rows * cols in `*len_out` (and `cells_out` untouched) when
/// `capacity` is smaller; `NULL_PARAMETER` when `game` or `len_out` is NULL, or `cells_out` is
/// NULL with a non-zero `capacity`.
///
/// Ownership: the caller owns `cells_out`. Thread safety: may run while other threads read the
/// same game.
///
/// # Safety
/// `game` must be NULL or a live game; `cells_out` NULL or valid for `capacity` writes;
/// `len_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_cells(
    game: *const tictactoe_game,
    cells_out: *mut u8,
    capacity: usize,
    len_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(game, |game| {
            fill(cells_out, capacity, len_out, game.rows() * game.cols(), game.cells())
        })
    }
}

/// Copies the cells a move may take, as cell indices row * cols + col in row-major order, into
/// `cells_out[0..capacity]` and stores their number in `*count_out`: the free cells (under
/// gravity, the lowest free cell of each column with room), none once somebody has won.
///
/// Returns `BUFFER_TOO_SMALL` with the number needed in `*count_out` (and `cells_out`
/// untouched) when `capacity` is too small; `NULL_PARAMETER` as for `tictactoe_game_cells`.
///
/// Ownership: the caller owns `cells_out`. Thread safety: may run while other threads read the
/// same game.
///
/// # Safety
/// As for `tictactoe_game_cells`, with `count_out` for `len_out`.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_legal_moves(
    game: *const tictactoe_game,
    cells_out: *mut u32,
    capacity: usize,
    count_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(game, |game| {
            // Cell indices are below rows * cols < 2^32.
            let cells = game.legal_cells().map(|cell| cell as u32);
            fill(cells_out, capacity, count_out, game.legal_move_count(), cells)
        })
    }
}

/// Copies `count` items into the caller's `out[0..capacity]` and stores `count` in
/// `*count_out`, or reports the count needed (`BUFFER_TOO_SMALL`, `out` untouched);
/// `NULL_PARAMETER` for a NULL `count_out`, or a NULL `out` with a non-zero capacity.
///
/// # Safety
/// `out` NULL or valid for `capacity` writes; `count_out` NULL or valid for writes.
unsafe fn fill<T, U: Into<T>>(
    out: *mut T,
    capacity: usize,
    count_out: *mut usize,
    count: usize,
    items: impl Iterator<Item = U>,
) -> Outcome {
    let count_out = Out::new(count_out)?;
    // SAFETY: the caller's promise.
    let out = unsafe { buffer(out, capacity) }?;
    // SAFETY (both writes): the caller's promise.
    if count > out.len() {
        unsafe { count_out.write(count) };
        return Err(tictactoe_result::BufferTooSmall);
    }
    for (slot, item) in out.iter_mut().zip(items) {
        *slot = item.into();
    }
    unsafe { count_out.write(count) };
    Ok(())
}
