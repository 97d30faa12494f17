//! What a game's one-value queries answer: whose turn it is, where the game stands, whether a
//! player can still win, a cell, the board's size and rules, the marks.

use tictactoe_core::Player;

use super::{query, winner_u32};
use crate::handle::reading;
use crate::rules::RulesOut;
use crate::{tictactoe_game, tictactoe_result, tictactoe_status};

/// Stores whose turn it is (1 or 2) in `*player_out`: X (1) while X has no more marks than O.
///
/// Returns `NULL_PARAMETER` when a pointer is NULL. Ownership: nothing changes hands.
/// Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `player_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_next_player(
    game: *const tictactoe_game,
    player_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query(game, player_out, |g| Ok(u32::from(g.next_player().number()))) }
}

/// Stores where the game stands in `*status_out`: `TICTACTOE_STATUS_IN_PROGRESS`, `_WON` or
/// `_DRAW` (the board is full and nobody won).
///
/// Returns `NULL_PARAMETER` when a pointer is NULL. Ownership: nothing changes hands.
/// Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `status_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_status(
    game: *const tictactoe_game,
    status_out: *mut tictactoe_status,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query(game, status_out, |g| Ok(g.status().into())) }
}

/// Stores the winner (0 for none, else 1 or 2) in `*winner_out`.
///
/// Returns `NULL_PARAMETER` when a pointer is NULL. Ownership: nothing changes hands.
/// Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `winner_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_winner(
    game: *const tictactoe_game,
    winner_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query(game, winner_out, |g| Ok(winner_u32(g.winner()))) }
}

/// Stores in `*can_win_out` whether `player` (1 or 2) can still win: true for the winner, false
/// when the opponent has won, else true exactly when some k cells in a row hold no mark of the
/// opponent. O(1) for n x n tic-tac-toe; under other rules a scan of the board.
///
/// Returns `INVALID_PLAYER`, `NULL_PARAMETER`. Ownership: nothing changes hands.
/// Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `can_win_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_can_win(
    game: *const tictactoe_game,
    player: u32,
    can_win_out: *mut bool,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query(game, can_win_out, |g| Ok(g.can_win(Player::from_number(player)?))) }
}

/// Stores in `*draw_out` whether the game can only end in a draw: nobody has won and neither
/// player can win any more (a full board without winner included); as fast as
/// `tictactoe_game_can_win`.
///
/// Returns `NULL_PARAMETER` when a pointer is NULL. Ownership: nothing changes hands.
/// Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `draw_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_is_draw_certain(
    game: *const tictactoe_game,
    draw_out: *mut bool,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query(game, draw_out, |g| Ok(g.is_draw_certain())) }
}

/// Stores the holder of the cell at (`row`, `col`) in `*cell_out`: 0 empty, 1 X, 2 O.
///
/// Returns `OUT_OF_BOUNDS` when row >= rows or col >= cols, `NULL_PARAMETER`. Ownership:
/// nothing changes hands. Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `cell_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_cell(
    game: *const tictactoe_game,
    row: u32,
    col: u32,
    cell_out: *mut u32,
) -> tictactoe_result {
    let (row, col) = (row as usize, col as usize);
    // SAFETY: the caller's promise.
    unsafe { query(game, cell_out, |g| Ok(winner_u32(g.cell(row, col)?))) }
}

/// Stores the board size n of a square n x n board in `*n_out`.
///
/// Returns `UNSUPPORTED_SIZE` for a board that is not square (`tictactoe_game_rules` gives
/// rows and columns), `NULL_PARAMETER` when a pointer is NULL. `*n_out` is written only on
/// success. Ownership: nothing changes hands. Thread safety: may run while other threads read
/// the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `n_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_n(
    game: *const tictactoe_game,
    n_out: *mut u32,
) -> tictactoe_result {
    // n <= 65535 fits in u32.
    // SAFETY: the caller's promise.
    unsafe {
        query(game, n_out, |g| g.n().map(|n| n as u32).ok_or(tictactoe_result::UnsupportedSize))
    }
}

/// Stores the game's rules: the rows in `*rows_out`, the columns in `*cols_out`, k in `*k_out`
/// and the rule flags (`TICTACTOE_RULE_EXACT`, `TICTACTOE_RULE_GRAVITY`) in `*flags_out`, as
/// `tictactoe_game_new_mnk` takes them (n, n, n, 0 for a game of `tictactoe_game_new(n)`).
///
/// Returns `NULL_PARAMETER` when a pointer is NULL; nothing is written then. Ownership:
/// nothing changes hands. Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; the out-params NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_rules(
    game: *const tictactoe_game,
    rows_out: *mut u32,
    cols_out: *mut u32,
    k_out: *mut u32,
    flags_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(game, |game| {
            RulesOut::new(rows_out, cols_out, k_out, flags_out)?.write(&game.rules());
            Ok(())
        })
    }
}

/// Stores the number of marks on the board (moves plus any starting position) in
/// `*marks_out`.
///
/// Returns `NULL_PARAMETER` when a pointer is NULL. Ownership: nothing changes hands.
/// Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `marks_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_marks(
    game: *const tictactoe_game,
    marks_out: *mut u64,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query(game, marks_out, |g| Ok(g.marks() as u64)) }
}
