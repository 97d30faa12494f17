//! The game handle: creation, moves, undo, queries, copies and release.

use core::ptr;

use tictactoe_core::{winner_number, Game, ListError, Player};

use crate::guard::{borrow, buffer, guard, input, Out, Outcome};
use crate::handle::{changing, hand_out, reading, release, Handle};
use crate::limits::{limits_of, tictactoe_limits};
use crate::rules::{rules_in, tictactoe_rules, RulesOut};
use crate::{tictactoe_line, tictactoe_move, tictactoe_result, tictactoe_run, tictactoe_status};

/// A game of the k-in-a-row family: n x n tic-tac-toe (`tictactoe_game_new`), or any rows x
/// cols board with k in a row, the exact rule and gravity (`tictactoe_game_new_rules`,
/// `tictactoe_game_new_mnk`). Opaque: made by `tictactoe_game_new` (or `_new_rules`, `_new_mnk`,
/// `_from_cells`, `_from_cells_rules`, `_from_cells_mnk`, `_parse`, `_clone`), released by
/// `tictactoe_game_free`.
pub struct tictactoe_game {
    game: Game,
}

impl Handle for tictactoe_game {
    type Inner = Game;

    fn wrap(game: Game) -> Result<tictactoe_game, tictactoe_result> {
        Ok(tictactoe_game { game })
    }

    fn inner(&self) -> &Game {
        &self.game
    }

    fn inner_mut(&mut self) -> &mut Game {
        &mut self.game
    }
}

/// Creates an empty n x n game, X to move, and stores it in `*game_out`.
///
/// Returns `INVALID_SIZE` unless 1 <= n <= 65535, `ALLOC_FAILED` when the memory cannot be had,
/// `NULL_PARAMETER` when `game_out` is NULL. `*game_out` is written only on success.
///
/// Ownership: the caller owns the new game and releases it with `tictactoe_game_free`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `game_out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_new(
    n: u32,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        let game_out = Out::new(game_out)?;
        // The handle is allocated first and the game built straight into it: a game up to
        // 4 x 4 has no other allocation, and is then never copied.
        let mut handle = Box::<tictactoe_game>::new_uninit();
        handle.write(tictactoe_game { game: Game::new(n as usize)? });
        // SAFETY: initialized by the write above; game_out checked non-NULL, valid by the
        // caller's promise.
        unsafe { game_out.write(Box::into_raw(handle.assume_init())) };
        Ok(())
    })
}

/// Creates an empty game under the rules of the k-in-a-row family, X to move, and stores it in
/// `*game_out`: a `rows` x `cols` board where `k` marks in a row, column or diagonal win.
/// `flags` is 0 or a combination of `TICTACTOE_RULE_EXACT` (only a run of exactly k wins) and
/// `TICTACTOE_RULE_GRAVITY` (a mark sits on the bottom row or on a mark: Connect Four is 6, 7, 4,
/// `TICTACTOE_RULE_GRAVITY`; gomoku 15, 15, 5, 0 or `TICTACTOE_RULE_EXACT`). n, n, n, 0 is the
/// game `tictactoe_game_new(n)` makes. The same as `tictactoe_game_new_rules` with these rules
/// and no limits.
///
/// Returns, in this order, `NULL_PARAMETER` when `game_out` is NULL, `INVALID_ARGUMENT` when
/// `flags` has any other bit set, `INVALID_SIZE` or `INVALID_RULES` for rules no game has (as
/// `tictactoe_rules_check`: `INVALID_SIZE` for n, n, n, 0 with a bad n, as
/// `tictactoe_game_new(n)`), `ALLOC_FAILED` when the memory cannot be had. `*game_out` is
/// written only on success.
///
/// Ownership: the caller owns the new game and releases it with `tictactoe_game_free`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `game_out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_new_mnk(
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    let rules = tictactoe_rules { rows, cols, k, flags };
    // SAFETY: `rules` lives through the call; the rest is the caller's promise, passed on.
    unsafe { tictactoe_game_new_rules(&rules, ptr::null(), game_out) }
}

/// Creates an empty game under `*rules` (any rules of the k-in-a-row family: see
/// `tictactoe_rules`), X to move, and stores it in `*game_out`. `limits` is NULL for no limit
/// beyond the largest board, or bounds the memory the game may take at its largest, for rules
/// that come from outside.
///
/// Returns, in this order, `NULL_PARAMETER` when `rules` or `game_out` is NULL,
/// `INVALID_ARGUMENT` when `rules->flags` has a bit set other than `TICTACTOE_RULE_EXACT` and
/// `TICTACTOE_RULE_GRAVITY`, `INVALID_SIZE` or `INVALID_RULES` for rules no game has (as
/// `tictactoe_rules_check`), `LIMIT_EXCEEDED` for a game above `limits->max_bytes` (before
/// anything is allocated), `ALLOC_FAILED` when the memory cannot be had. `*game_out` is written
/// only on success.
///
/// Ownership: `*rules` and `*limits` stay the caller's and are only read during the call; the
/// caller owns the new game and releases it with `tictactoe_game_free`. Thread safety: safe
/// from any thread.
///
/// # Safety
/// `rules` must be NULL or valid for reads of a `tictactoe_rules`; `limits` NULL or valid for
/// reads of a `tictactoe_limits`; `game_out` NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_new_rules(
    rules: *const tictactoe_rules,
    limits: *const tictactoe_limits,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let rules = unsafe { rules_in(rules) }?;
        let game_out = Out::new(game_out)?;
        // SAFETY: the caller's promise.
        let limits = unsafe { limits_of(limits) };
        let game = limits.game(rules.to_core()?)?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(game, game_out) }
    })
}

/// Releases a game. NULL does nothing.
///
/// Ownership: takes back the game from the caller; it must not be used again.
/// Thread safety: no other thread may be using the game.
///
/// # Safety
/// `game` must be NULL or a game from this library not yet released.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_free(game: *mut tictactoe_game) {
    // SAFETY: the caller's promise.
    unsafe { release(game) }
}

/// Stores an independent copy of `game` (board, history, everything) in `*game_out`.
///
/// Returns `NULL_PARAMETER` when a pointer is NULL, `ALLOC_FAILED` when memory cannot be had.
///
/// Ownership: the caller owns the copy and releases it with `tictactoe_game_free`; `game` is
/// only read. Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `game_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_clone(
    game: *const tictactoe_game,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let game = unsafe { borrow(game) }?;
        let game_out = Out::new(game_out)?;
        let copy = game.game.try_clone()?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(copy, game_out) }
    })
}

/// Runs `answer` on a game the call reads and stores its value in `*out`: the shape of every
/// query (NULL checks first, the out-param written only on success).
///
/// # Safety
/// As for [`reading`]; `out` must be NULL or valid for writes.
unsafe fn query<T>(
    game: *const tictactoe_game,
    out: *mut T,
    answer: impl FnOnce(&Game) -> Result<T, tictactoe_result>,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(game, |game| {
            let out = Out::new(out)?;
            let value = answer(game)?;
            out.write(value);
            Ok(())
        })
    }
}

/// Runs `act` on a game the call may change and stores its value in `*out`: the shape of every
/// move (NULL checks first, so a NULL out-param refuses the move before it is made).
///
/// # Safety
/// As for [`changing`]; `out` must be NULL or valid for writes.
unsafe fn update<T>(
    game: *mut tictactoe_game,
    out: *mut T,
    act: impl FnOnce(&mut Game) -> Result<T, tictactoe_result>,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing(game, |game| {
            let out = Out::new(out)?;
            let value = act(game)?;
            out.write(value);
            Ok(())
        })
    }
}

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
            let moves = if count == 0 { &[] } else { input(moves, count)? };
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

/// A player or an empty cell as its number: 0, 1 or 2.
fn winner_u32(player: Option<Player>) -> u32 {
    u32::from(winner_number(player))
}

/// Copies `count` items into the caller's `out[0..capacity]` and stores `count` in
/// `*count_out`, or reports the count needed (`BUFFER_TOO_SMALL`, `out` untouched);
/// `NULL_PARAMETER` for a NULL `count_out`, or a NULL `out` with a non-zero capacity.
///
/// # Safety
/// `out` NULL or valid for `capacity` writes; `count_out` NULL or valid for writes.
pub(crate) unsafe fn fill<T, U: Into<T>>(
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
