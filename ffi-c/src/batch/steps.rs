//! A batch's steps, draws and resets.

use tictactoe_core::{Batch, Illegal, ListError, Selection};

use super::tictactoe_batch;
use crate::guard::{buffer, collected, entries, input, Out};
use crate::handle::changing_handle;
use crate::tictactoe_result;

/// What a batch step does with an action the rules refuse; passed as a `uint32_t`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum tictactoe_illegal {
    /// Refuse the whole call: no game changes; the code and index of the first bad action.
    Raise = 0,
    /// The game of the bad action ends at once, won by the opponent; the others play on.
    Lose = 1,
}

/// What `tictactoe_batch_random_legal_actions` writes for a game that is over (UINT32_MAX).
pub const TICTACTOE_NO_ACTION: u32 = 0xFFFF_FFFF;
// Spelled out for cbindgen, which cannot read the core's constant; it must stay the core's.
const _: () = assert!(TICTACTOE_NO_ACTION == tictactoe_core::NO_ACTION);

/// One move in every game: `actions[g]` (of `count`, the number of games) is the action game
/// g's player to move takes (the cell row * cols + col, or under gravity the column);
/// `winners_out[g]` gets game g's winner after it (0, 1 or 2). A refused action refuses the
/// whole call (`tictactoe_illegal` RAISE): `OUT_OF_BOUNDS`, `GAME_OVER`, `OCCUPIED`, under
/// gravity `COLUMN_FULL`, and no game changes; `tictactoe_batch_step_games` tells which action
/// it was, or lets the bad games lose instead.
///
/// Returns also `LENGTH_MISMATCH` when `count` is not the number of games, `NULL_PARAMETER`.
/// `winners_out` is written only on success.
///
/// Ownership: `actions` and `winners_out` are the caller's. Thread safety: needs the batch to
/// itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `actions` NULL or valid for reads of `count` values;
/// `winners_out` NULL or valid for writes of `count` values.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_step(
    batch: *mut tictactoe_batch,
    actions: *const u32,
    count: usize,
    winners_out: *mut u32,
) -> tictactoe_result {
    let mut refused = 0;
    // SAFETY: the caller's promise; `refused` is a local.
    unsafe {
        tictactoe_batch_step_games(
            batch,
            core::ptr::null(),
            actions,
            count,
            tictactoe_illegal::Raise as u32,
            winners_out,
            &mut refused,
        )
    }
}

/// One move in each of `count` games: game `games[i]` (distinct indices; NULL for every game
/// in order, when `count` is the number of games) takes the action `actions[i]` (a cell, or
/// under gravity a column), and `winners_out[i]` gets its winner after the move (0, 1 or 2).
///
/// `illegal` is a `tictactoe_illegal`: with RAISE, a refused action refuses the whole call
/// (`OUT_OF_BOUNDS`, `GAME_OVER`, `OCCUPIED`, `COLUMN_FULL`; no game changes) and its index `i`
/// is stored in `*refused_out`; with LOSE, the game of a refused action ends at once, won by
/// the opponent of its player to move, and the other games play on.
///
/// Returns also `GAME_INDEX` (an index not below the count) and `REPEATED_GAME` with its
/// position in `*refused_out`, whatever `illegal` is, and no game changes; `LENGTH_MISMATCH`
/// when `games` is NULL and `count` is not the number of games; `INVALID_ARGUMENT` for an
/// `illegal` that is neither; `ALLOC_FAILED`; `NULL_PARAMETER` when `batch` or `refused_out` is
/// NULL, or `actions` or `winners_out` is NULL with a non-zero `count`. `winners_out` is written
/// only on success and `*refused_out` only with `GAME_INDEX`, `REPEATED_GAME` or the refusal of
/// an action.
///
/// Ownership: the arrays are the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` and `actions` NULL or valid for reads of
/// `count` values; `winners_out` NULL or valid for writes of `count` values; `refused_out` NULL
/// or valid for writes.
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
    unsafe {
        changing_handle(batch, |handle| {
            let actions = entries(actions, count)?;
            let illegal = illegal_policy(illegal)?;
            step_listed(handle, games, count, winners_out, refused_out, |batch, listed, winners| {
                batch.step(listed, actions, winners, illegal)
            })
        })
    }
}

/// A uniformly random legal move, from each game's own generator, in each of `count` games that
/// is not over: game `games[i]` (distinct indices; NULL for every game in order, when `count` is
/// the number of games), and `winners_out[i]` gets its winner after the move (0, 1 or 2). A game
/// that is over is left as it is, its generator unmoved. The draws of
/// `tictactoe_batch_random_legal_actions` played as `tictactoe_batch_step_games` plays them, in
/// one call: random play-outs, or a random opponent's move.
///
/// Returns `GAME_INDEX` (an index not below the count) and `REPEATED_GAME` with its position in
/// `*refused_out`, and no game changes; `LENGTH_MISMATCH` when `games` is NULL and `count` is
/// not the number of games; `ALLOC_FAILED`; `NULL_PARAMETER` when `batch` or `refused_out` is
/// NULL, or `winners_out` is NULL with a non-zero `count`. `winners_out` is written only on
/// success and `*refused_out` only with `GAME_INDEX` or `REPEATED_GAME`.
///
/// Ownership: the arrays are the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` NULL or valid for reads of `count` values;
/// `winners_out` NULL or valid for writes of `count` values; `refused_out` NULL or valid for
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_step_random_games(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    winners_out: *mut u32,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            step_listed(handle, games, count, winners_out, refused_out, |batch, listed, winners| {
                batch.step_random(listed, winners)
            })
        })
    }
}

/// One step of a learner against a random opponent in every game (`count`, the number of
/// games), the learner playing side `sides[g]` (1 for X, 2 for O) of game g: a game with
/// `restart[g]` non-zero (`restart` NULL: none) is emptied, its action ignored (a new episode),
/// and any other plays `actions[g]`; then, where the game is not over and the opponent is to
/// move, the opponent plays a random legal move from the game's own generator (as
/// `tictactoe_batch_step_random_games` draws it). `winners_out[g]` gets game g's winner after
/// the step (0, 1 or 2). What a vector of environments against a random opponent does each
/// step, in one call.
///
/// `illegal` is a `tictactoe_illegal`, as for `tictactoe_batch_step_games`, for the actions of
/// the games not restarted: with RAISE a refused action refuses the whole call (its game's
/// index in `*refused_out`; no game changes, the restarted ones included), with LOSE its game
/// is lost by its player to move.
///
/// Returns also `INVALID_PLAYER` for a side other than 1 or 2 (the first such game's index in
/// `*refused_out`) and `LENGTH_MISMATCH` when `count` is not the number of games, with no game
/// changed; `INVALID_ARGUMENT` for an `illegal` that is neither; `ALLOC_FAILED`;
/// `NULL_PARAMETER` when `batch`, `sides`, `actions`, `winners_out` or `refused_out` is NULL.
/// `winners_out` is written only on success and `*refused_out` only with `INVALID_PLAYER` or
/// the refusal of an action.
///
/// Ownership: the arrays are the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `sides`, `actions` and `restart` NULL or valid for
/// reads of `count` values; `winners_out` NULL or valid for writes of `count` values;
/// `refused_out` NULL or valid for writes.
#[no_mangle]
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
        changing_handle(batch, |handle| {
            let illegal = illegal_policy(illegal)?;
            if count != handle.batch.count() {
                // Before any scratch is reserved for it, as `step_listed` does.
                return Err(tictactoe_result::LengthMismatch);
            }
            let sides = input(sides, count)?;
            let actions = input(actions, count)?;
            // A side out of u8's range is a number no player has, which the core refuses.
            let sides =
                collected(count, sides.iter().map(|&side| u8::try_from(side).unwrap_or(0)))?;
            let restart = if restart.is_null() {
                collected(count, core::iter::repeat(false))?
            } else {
                collected(count, input(restart, count)?.iter().map(|&again| again != 0))?
            };
            step_listed(
                handle,
                core::ptr::null(),
                count,
                winners_out,
                refused_out,
                |batch, games, winners| {
                    batch.step_against_random(games, &sides, actions, &restart, winners, illegal)
                },
            )
        })
    }
}

/// The policy a C caller's `tictactoe_illegal` names, or `INVALID_ARGUMENT`.
fn illegal_policy(illegal: u32) -> Result<Illegal, tictactoe_result> {
    match illegal {
        0 => Ok(Illegal::Refuse),
        1 => Ok(Illegal::Lose),
        _ => Err(tictactoe_result::InvalidArgument),
    }
}

/// What the steps of a list of games share: `step` gets the batch, the `count` games of `games`
/// as indices (`None` when `games` is NULL: every game) and the handle's scratch for one winner
/// a game; on success the winners go to `winners_out`, on a refusal the index of its entry (if
/// it has one) to `*refused_out`, and nothing else is written.
///
/// # Safety
/// `games` NULL or valid for reads of `count` values; `winners_out` NULL or valid for writes of
/// `count` values; `refused_out` NULL or valid for writes.
unsafe fn step_listed(
    handle: &mut tictactoe_batch,
    games: *const u32,
    count: usize,
    winners_out: *mut u32,
    refused_out: *mut usize,
    step: impl FnOnce(&mut Batch, Selection<'_>, &mut [u8]) -> Result<(), ListError>,
) -> Result<(), tictactoe_result> {
    // SAFETY: the caller's promise.
    unsafe {
        let refused_out = Out::new(refused_out)?;
        let winners_out = buffer(winners_out, count)?;
        let tictactoe_batch { batch, winners, games: scratch } = handle;
        if games.is_null() && count != batch.count() {
            // Before any scratch is reserved: a wrong count is this, whatever its size.
            return Err(tictactoe_result::LengthMismatch);
        }
        winners.clear();
        winners.try_reserve(count).map_err(|_| tictactoe_result::AllocFailed)?;
        winners.resize(count, 0);
        let listed = if games.is_null() {
            Selection::All
        } else {
            let games = entries(games, count)?;
            scratch.clear();
            scratch.try_reserve(count).map_err(|_| tictactoe_result::AllocFailed)?;
            scratch.extend(games.iter().map(|&g| g as usize));
            Selection::Listed(scratch.as_slice())
        };
        match step(batch, listed, winners) {
            Ok(()) => {
                for (out, &winner) in winners_out.iter_mut().zip(winners.iter()) {
                    *out = u32::from(winner);
                }
                Ok(())
            }
            Err(refusal) => {
                if let Some(index) = refusal.index {
                    refused_out.write(index);
                }
                Err(refusal.error.into())
            }
        }
    }
}

/// Writes, for every game, a uniformly random legal action (a free cell row * cols + col, or
/// under gravity a column with room), or `TICTACTOE_NO_ACTION` for a game that is over, into
/// `actions_out` (of `count`, the number of games); each game draws from its own generator,
/// seeded when the batch was made.
///
/// Returns `LENGTH_MISMATCH` (with `actions_out` untouched) when `count` is not the number of
/// games; `NULL_PARAMETER`.
///
/// Ownership: the caller owns `actions_out`. Thread safety: needs the batch to itself (the
/// generators advance).
///
/// # Safety
/// `batch` must be NULL or a live batch; `actions_out` NULL or valid for writes of `count`
/// values.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_random_legal_actions(
    batch: *mut tictactoe_batch,
    actions_out: *mut u32,
    count: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            let actions_out = buffer(actions_out, count)?;
            Ok(handle
                .batch
                .random_legal_actions(Selection::All, actions_out)
                .map_err(|r| r.error)?)
        })
    }
}

/// Empties the `count` games listed in `games` (an index may repeat), or every game when
/// `games` is NULL (`count` is then ignored); each game's generator goes on where it was.
///
/// Returns `GAME_INDEX` for an index not below the number of games, before any game changes;
/// `NULL_PARAMETER` when `batch` is NULL.
///
/// Ownership: `games` stays the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` NULL or valid for reads of `count` values.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_reset(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            if games.is_null() {
                return Ok(handle.batch.reset(Selection::All).map_err(|r| r.error)?);
            }
            let games = entries(games, count)?;
            handle.games.clear();
            handle.games.try_reserve(count).map_err(|_| tictactoe_result::AllocFailed)?;
            handle.games.extend(games.iter().map(|&g| g as usize));
            Ok(handle.batch.reset(Selection::Listed(&handle.games)).map_err(|r| r.error)?)
        })
    }
}

/// Empties every game that is over (won, drawn or forfeited), leaving the others as they are:
/// what a self-play loop does between steps, without listing the finished games.
///
/// Returns `NULL_PARAMETER` when `batch` is NULL.
///
/// Ownership: nothing changes hands. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_reset_terminated(
    batch: *mut tictactoe_batch,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            Ok(handle.batch.reset_terminated(Selection::All).map_err(|r| r.error)?)
        })
    }
}
