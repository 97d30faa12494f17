//! The batch's steps, draws and resets as the C ABI first had them, kept with their signatures
//! and behaviour for programs written against an older header (the library only grows): each
//! is a call of its `tictactoe_batch_games_` function, or of that function's body at the
//! `uint32_t` width these took winners and sides in. Marked deprecated in Rust and, through
//! `TICTACTOE_DEPRECATED`, in the header.

use core::ptr;

use super::games::{self, tictactoe_illegal};
use super::{
    tictactoe_batch, tictactoe_batch_count, tictactoe_batch_games_random_legal_actions,
    tictactoe_batch_games_reset, tictactoe_batch_games_reset_terminated,
};
use crate::tictactoe_result;

/// Deprecated: use `tictactoe_batch_games_step` (games NULL, winners as bytes).
///
/// One move in every game: `actions[g]` (of `count`, the number of games) is the action game
/// g's player to move takes (the cell row * cols + col, or under gravity the column);
/// `winners_out[g]` gets game g's winner after it (0, 1 or 2). A refused action refuses the
/// whole call (`tictactoe_illegal` RAISE): `OUT_OF_BOUNDS`, `GAME_OVER`, `OCCUPIED`, under
/// gravity `COLUMN_FULL`, and no game changes.
///
/// Returns also `LENGTH_MISMATCH` when `count` is not the number of games, `NULL_PARAMETER`,
/// `BUSY` while a search's evaluator holds the batch.
/// `winners_out` is written only on success.
///
/// Ownership: `actions` and `winners_out` are the caller's. Thread safety: needs the batch to
/// itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `actions` NULL or valid for reads of `count` values;
/// `winners_out` NULL or valid for writes of `count` values.
#[deprecated(note = "use tictactoe_batch_games_step")]
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_step(
    batch: *mut tictactoe_batch,
    actions: *const u32,
    count: usize,
    winners_out: *mut u32,
) -> tictactoe_result {
    let (raise, mut refused) = (tictactoe_illegal::Raise as u32, 0);
    // SAFETY: the caller's promise; `refused` is a local.
    unsafe { games::step(batch, ptr::null(), count, actions, raise, winners_out, &mut refused) }
}

/// Deprecated: use `tictactoe_batch_games_step` (the same arguments, `count` before `actions`,
/// winners as bytes).
///
/// One move in each of `count` games: game `games[i]` (distinct indices; NULL for every game
/// in order, when `count` is the number of games) takes the action `actions[i]` (a cell, or
/// under gravity a column), and `winners_out[i]` gets its winner after the move (0, 1 or 2).
/// `illegal`, the results and `*refused_out` as for `tictactoe_batch_games_step`.
///
/// Ownership: the arrays are the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` and `actions` NULL or valid for reads of
/// `count` values; `winners_out` NULL or valid for writes of `count` values; `refused_out` NULL
/// or valid for writes.
#[deprecated(note = "use tictactoe_batch_games_step")]
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_step_games(
    batch: *mut tictactoe_batch,
    games: *const u32,
    actions: *const u32,
    count: usize,
    illegal: u32,
    winners_out: *mut u32,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { games::step(batch, games, count, actions, illegal, winners_out, refused_out) }
}

/// Deprecated: use `tictactoe_batch_games_step_random` (winners as bytes).
///
/// A uniformly random legal move, from each game's own generator, in each of `count` games that
/// is not over: game `games[i]` (distinct indices; NULL for every game in order, when `count` is
/// the number of games), and `winners_out[i]` gets its winner after the move (0, 1 or 2). A game
/// that is over is left as it is, its generator unmoved. The results and `*refused_out` as for
/// `tictactoe_batch_games_step_random`.
///
/// Ownership: the arrays are the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` NULL or valid for reads of `count` values;
/// `winners_out` NULL or valid for writes of `count` values; `refused_out` NULL or valid for
/// writes.
#[deprecated(note = "use tictactoe_batch_games_step_random")]
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_step_random_games(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    winners_out: *mut u32,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { games::step_random(batch, games, count, winners_out, refused_out) }
}

/// Deprecated: use `tictactoe_batch_games_step_against_random` (games NULL, sides and winners
/// as bytes).
///
/// One step of a learner against a random opponent in every game (`count`, the number of
/// games), the learner playing side `sides[g]` (1 for X, 2 for O; any other value, a wide one
/// included, is `INVALID_PLAYER`) of game g: a game with `restart[g]` non-zero (`restart` NULL:
/// none) is emptied, its action ignored, and any other plays `actions[g]`; then, where the game
/// is not over and the opponent is to move, the opponent plays a random legal move.
/// `winners_out[g]` gets game g's winner after the step (0, 1 or 2). `illegal`, the results and
/// `*refused_out` (a game's index) as for `tictactoe_batch_games_step_against_random`.
///
/// Ownership: the arrays are the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `sides`, `actions` and `restart` NULL or valid for
/// reads of `count` values; `winners_out` NULL or valid for writes of `count` values;
/// `refused_out` NULL or valid for writes.
#[deprecated(note = "use tictactoe_batch_games_step_against_random")]
#[no_mangle]
#[allow(clippy::too_many_arguments)] // as the function it stands for
pub unsafe extern "C" fn tictactoe_batch_step_against_random(
    batch: *mut tictactoe_batch,
    sides: *const u32,
    actions: *const u32,
    restart: *const u8,
    count: usize,
    illegal: u32,
    winners_out: *mut u32,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        games::step_against_random(
            batch,
            ptr::null(),
            count,
            sides,
            actions,
            restart,
            illegal,
            winners_out,
            refused_out,
        )
    }
}

/// Deprecated: use `tictactoe_batch_games_random_legal_actions` (games NULL).
///
/// Writes, for every game, a uniformly random legal action (a free cell row * cols + col, or
/// under gravity a column with room), or `TICTACTOE_NO_ACTION` for a game that is over, into
/// `actions_out` (of `count`, the number of games); each game draws from its own generator.
///
/// Returns `LENGTH_MISMATCH` (with `actions_out` untouched) when `count` is not the number of
/// games; `NULL_PARAMETER`; `BUSY` while a search's evaluator holds the batch.
///
/// Ownership: the caller owns `actions_out`. Thread safety: needs the batch to itself (the
/// generators advance).
///
/// # Safety
/// `batch` must be NULL or a live batch; `actions_out` NULL or valid for writes of `count`
/// values.
#[deprecated(note = "use tictactoe_batch_games_random_legal_actions")]
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_random_legal_actions(
    batch: *mut tictactoe_batch,
    actions_out: *mut u32,
    count: usize,
) -> tictactoe_result {
    let mut refused = 0;
    // SAFETY: the caller's promise; `refused` is a local.
    unsafe {
        tictactoe_batch_games_random_legal_actions(
            batch,
            ptr::null(),
            count,
            actions_out,
            &mut refused,
        )
    }
}

/// Deprecated: use `tictactoe_batch_games_reset` (which takes `count` as the number of games
/// with `games` NULL).
///
/// Empties the `count` games listed in `games` (an index may repeat), or every game when
/// `games` is NULL (`count` is then ignored); each game's generator goes on where it was.
///
/// Returns `GAME_INDEX` for an index not below the number of games, before any game changes;
/// `NULL_PARAMETER` when `batch` is NULL; `BUSY` while a search's evaluator holds the batch.
///
/// Ownership: `games` stays the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` NULL or valid for reads of `count` values.
#[deprecated(note = "use tictactoe_batch_games_reset")]
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_reset(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
) -> tictactoe_result {
    let mut refused = 0;
    // SAFETY: the caller's promise; `refused` is a local.
    unsafe {
        match taken(batch, games, count) {
            Ok(count) => tictactoe_batch_games_reset(batch, games, count, &mut refused),
            Err(code) => code,
        }
    }
}

/// Deprecated: use `tictactoe_batch_games_reset_terminated` (games NULL, `count` the number of
/// games).
///
/// Empties every game that is over (won, drawn or forfeited), leaving the others as they are.
///
/// Returns `NULL_PARAMETER` when `batch` is NULL, `BUSY` while a search's evaluator holds it.
///
/// Ownership: nothing changes hands. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch.
#[deprecated(note = "use tictactoe_batch_games_reset_terminated")]
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_reset_terminated(
    batch: *mut tictactoe_batch,
) -> tictactoe_result {
    let mut refused = 0;
    // SAFETY: the caller's promise; `refused` is a local.
    unsafe {
        match taken(batch, ptr::null(), 0) {
            Ok(count) => {
                tictactoe_batch_games_reset_terminated(batch, ptr::null(), count, &mut refused)
            }
            Err(code) => code,
        }
    }
}

/// The `count` of a call over `games`, or with `games` NULL the number of games: the
/// deprecated resets took NULL as every game whatever the count, where the new calls want it.
///
/// # Safety
/// `batch` must be NULL or a live batch.
unsafe fn taken(
    batch: *const tictactoe_batch,
    games: *const u32,
    count: usize,
) -> Result<usize, tictactoe_result> {
    if !games.is_null() {
        return Ok(count);
    }
    let mut every = 0;
    // SAFETY: the caller's promise; `every` is a local.
    match unsafe { tictactoe_batch_count(batch, &mut every) } {
        tictactoe_result::Ok => Ok(every as usize),
        refused => Err(refused),
    }
}
