//! The calls that change a batch's games, one a core operation (`Batch::OPERATIONS`), named
//! `tictactoe_batch_games_<name>`: each takes the games it changes once, as the core's
//! `Selection` (`games` NULL for every game in order, `count` then the number of games; else
//! the `count` indices listed), and each body is the core's call. Per-game codes (winners,
//! sides, restart flags) are bytes, actions `uint32_t`, seeds `uint64_t`; the deprecated
//! functions that took winners and sides as `uint32_t` run the same bodies at that width.
//!
//! Every one refuses, in this order: a NULL batch; a batch a search's evaluator holds (`BUSY`:
//! a call from that evaluator); an `illegal` that is no `tictactoe_illegal`
//! (`INVALID_ARGUMENT`); a NULL `refused_out`; `games` NULL with a `count` that is not the
//! number of games (`LENGTH_MISMATCH`), decided before any array is read; a NULL array for a
//! non-zero `count`; scratch memory that cannot be had (`ALLOC_FAILED`); then what the core
//! refuses, with the index of the entry refused, when it names one, in `*refused_out`.

use tictactoe_core::{Batch, Illegal, ListError, Selection};

use super::{check_every_game, tictactoe_batch, BatchParts};
use crate::guard::{buffer, collected, entries, Out, Outcome};
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

/// What `tictactoe_batch_games_random_legal_actions` writes for a game that is over
/// (UINT32_MAX).
pub const TICTACTOE_NO_ACTION: u32 = 0xFFFF_FFFF;
// Spelled out for cbindgen, which cannot read the core's constant; it must stay the core's.
const _: () = assert!(TICTACTOE_NO_ACTION == tictactoe_core::NO_ACTION);

/// The policy a C caller's `tictactoe_illegal` names, or `INVALID_ARGUMENT`.
fn illegal_policy(illegal: u32) -> Result<Illegal, tictactoe_result> {
    match illegal {
        0 => Ok(Illegal::Refuse),
        1 => Ok(Illegal::Lose),
        _ => Err(tictactoe_result::InvalidArgument),
    }
}

/// A per-game code as a C caller passes or receives it (a side, a winner): a byte in the
/// functions here, a `uint32_t` in the deprecated ones.
pub(super) trait Code: Copy + From<u8> {
    /// `work` on the codes as the core's bytes: the caller's own when they are bytes; a wider
    /// value no byte holds becomes 0, which no player has, so that the core refuses it as it
    /// would the value.
    fn with_bytes<R>(codes: &[Self], work: impl FnOnce(&[u8]) -> R) -> Result<R, tictactoe_result>;
}

impl Code for u8 {
    fn with_bytes<R>(codes: &[u8], work: impl FnOnce(&[u8]) -> R) -> Result<R, tictactoe_result> {
        Ok(work(codes))
    }
}

impl Code for u32 {
    fn with_bytes<R>(codes: &[u32], work: impl FnOnce(&[u8]) -> R) -> Result<R, tictactoe_result> {
        let bytes =
            collected(codes.len(), codes.iter().map(|&code| u8::try_from(code).unwrap_or(0)))?;
        Ok(work(&bytes))
    }
}

/// Why a call over games is refused: a check of the C face's own, or the core's refusal, which
/// may name an entry.
enum Refusal {
    Code(tictactoe_result),
    Listed(ListError),
}

impl From<tictactoe_result> for Refusal {
    fn from(code: tictactoe_result) -> Refusal {
        Refusal::Code(code)
    }
}

impl From<ListError> for Refusal {
    fn from(refusal: ListError) -> Refusal {
        Refusal::Listed(refusal)
    }
}

/// What every call over games shares: `refused_out` checked, the games chosen once (NULL: every
/// game, `count` then the number of games; else the `count` indices listed, widened into the
/// handle's scratch), then `call` with the batch, those games and the handle's scratch for
/// winners; a refusal's code returned, with the index of the entry it names (if it names one)
/// in `*refused_out`.
///
/// # Safety
/// `games` NULL or valid for reads of `count` values; `refused_out` NULL or valid for writes.
unsafe fn over_games(
    handle: &mut BatchParts,
    games: *const u32,
    count: usize,
    refused_out: *mut usize,
    call: impl FnOnce(&mut Batch, Selection<'_>, &mut Vec<u8>) -> Result<(), Refusal>,
) -> Outcome {
    let refused_out = Out::new(refused_out)?;
    let BatchParts { batch, winners, games: scratch } = handle;
    let chosen = if games.is_null() {
        check_every_game(batch, count)?;
        Selection::All
    } else {
        // SAFETY: the caller's promise.
        let games = unsafe { entries(games, count) }?;
        scratch.clear();
        scratch.try_reserve(count).map_err(|_| tictactoe_result::AllocFailed)?;
        scratch.extend(games.iter().map(|&g| g as usize));
        Selection::Listed(scratch)
    };
    match call(batch, chosen, winners) {
        Ok(()) => Ok(()),
        Err(Refusal::Code(code)) => Err(code),
        Err(Refusal::Listed(ListError { index, error })) => {
            if let Some(index) = index {
                // SAFETY: checked non-NULL; valid by the caller's promise.
                unsafe { refused_out.write(index) };
            }
            Err(error.into())
        }
    }
}

/// Runs `call` with the handle's scratch for a winner a game taken (`count` of them) and, when
/// it succeeds, copies the winners to the caller's `winners_out`, in its width: a refused call
/// writes none.
///
/// # Safety
/// `winners_out` NULL or valid for writes of `count` values.
unsafe fn with_winners<W: Code>(
    winners_out: *mut W,
    count: usize,
    scratch: &mut Vec<u8>,
    call: impl FnOnce(&mut [u8]) -> Result<(), ListError>,
) -> Result<(), Refusal> {
    // SAFETY: the caller's promise.
    let winners_out = unsafe { buffer(winners_out, count) }?;
    scratch.clear();
    scratch.try_reserve(count).map_err(|_| tictactoe_result::AllocFailed)?;
    scratch.resize(count, 0);
    call(scratch)?;
    for (out, &winner) in winners_out.iter_mut().zip(scratch.iter()) {
        *out = W::from(winner);
    }
    Ok(())
}

/// One move in each game taken: the i-th game taken (game `games[i]`, or with `games` NULL game
/// i) plays `actions[i]`, the action of its player to move (a cell row * cols + col, or under
/// gravity a column), and its winner after the move (0, 1 or 2) goes to `winners_out[i]`.
/// `games` lists distinct indices, in any order; NULL takes every game in order, and `count`
/// must then be the number of games.
///
/// `illegal` is a `tictactoe_illegal`: with RAISE, a refused action refuses the whole call
/// (`OUT_OF_BOUNDS`, `GAME_OVER`, `OCCUPIED`, under gravity `COLUMN_FULL`; no game changes) and
/// its index i is stored in `*refused_out`; with LOSE, the game of a refused action ends at
/// once, won by the opponent of its player to move (a game already over keeps its result), and
/// the other games play on.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL; `BUSY` while a search's
/// evaluator holds the batch; `INVALID_ARGUMENT` for an `illegal` that is neither;
/// `NULL_PARAMETER` when `refused_out` is NULL;
/// `LENGTH_MISMATCH` when `games` is NULL and `count` is not the number of games;
/// `NULL_PARAMETER` when `actions` or `winners_out` is NULL with a non-zero `count`;
/// `ALLOC_FAILED`; `GAME_INDEX` (an index not below the number of games) and `REPEATED_GAME`,
/// whatever `illegal` is, with the index i in `*refused_out`; with RAISE, a refused action as
/// above. No game changes on a refusal. `winners_out` is written only on success and
/// `*refused_out` only when the refusal names an entry.
///
/// Ownership: the arrays stay the caller's and are only used during the call. Thread safety:
/// needs the batch to itself. With threads (`tictactoe_batch_set_threads`), a call over every
/// game runs its parts on the process's helper threads too, with the results of one thread.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` and `actions` NULL or valid for reads of
/// `count` values; `winners_out` NULL or valid for writes of `count` values; `refused_out`
/// NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_games_step(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    actions: *const u32,
    illegal: u32,
    winners_out: *mut u8,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { step(batch, games, count, actions, illegal, winners_out, refused_out) }
}

/// `tictactoe_batch_games_step` with the winners in the width `W`.
///
/// # Safety
/// As for `tictactoe_batch_games_step`.
pub(super) unsafe fn step<W: Code>(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    actions: *const u32,
    illegal: u32,
    winners_out: *mut W,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            let illegal = illegal_policy(illegal)?;
            over_games(handle, games, count, refused_out, |batch, games, scratch| {
                let actions = entries(actions, count)?;
                with_winners(winners_out, count, scratch, |winners| {
                    batch.step(games, actions, winners, illegal)
                })
            })
        })
    }
}

/// Writes, for each game taken (game `games[i]`, distinct indices, or with `games` NULL every
/// game in order, `count` then the number of games), a uniformly random legal action (a free
/// cell row * cols + col, or under gravity a column with room) into `actions_out[i]`, or
/// `TICTACTOE_NO_ACTION` for a game that is over. Each game draws from its own generator
/// (seeded when the batch was made, or by `tictactoe_batch_games_seed`), so that its draws
/// depend on its seed and history alone, whatever else the call takes.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL; `BUSY` while a search's
/// evaluator holds the batch; `NULL_PARAMETER` when `refused_out` is NULL;
/// `LENGTH_MISMATCH` when `games` is NULL and `count` is not the number of games;
/// `NULL_PARAMETER` when `actions_out` is NULL with a non-zero `count`; `ALLOC_FAILED`;
/// `GAME_INDEX` and `REPEATED_GAME` with the index i in `*refused_out`. Nothing is drawn on a
/// refusal. `actions_out` is written only on success and `*refused_out` only when the refusal
/// names an entry.
///
/// Ownership, thread safety and threads as for `tictactoe_batch_games_step` (the generators
/// advance: the batch to itself).
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` NULL or valid for reads of `count` values;
/// `actions_out` NULL or valid for writes of `count` values; `refused_out` NULL or valid for
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_games_random_legal_actions(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    actions_out: *mut u32,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            over_games(handle, games, count, refused_out, |batch, games, _| {
                let actions_out = buffer(actions_out, count)?;
                Ok(batch.random_legal_actions(games, actions_out)?)
            })
        })
    }
}

/// A uniformly random legal move, from each game's own generator, in each game taken that is
/// not over (game `games[i]`, distinct indices, or with `games` NULL every game in order,
/// `count` then the number of games), and its winner after it (0, 1 or 2) into
/// `winners_out[i]`; a game that is over is left as it is, its generator unmoved. The draws of
/// `tictactoe_batch_games_random_legal_actions` played as `tictactoe_batch_games_step` plays
/// them, in one pass: random play-outs, or a random opponent's move.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL; `BUSY` while a search's
/// evaluator holds the batch; `NULL_PARAMETER` when `refused_out` is NULL;
/// `LENGTH_MISMATCH` when `games` is NULL and `count` is not the number of games;
/// `NULL_PARAMETER` when `winners_out` is NULL with a non-zero `count`; `ALLOC_FAILED`;
/// `GAME_INDEX` and `REPEATED_GAME` with the index i in `*refused_out`. No game changes on a
/// refusal. `winners_out` is written only on success and `*refused_out` only when the refusal
/// names an entry.
///
/// Ownership, thread safety and threads as for `tictactoe_batch_games_step`.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` NULL or valid for reads of `count` values;
/// `winners_out` NULL or valid for writes of `count` values; `refused_out` NULL or valid for
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_games_step_random(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    winners_out: *mut u8,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { step_random(batch, games, count, winners_out, refused_out) }
}

/// `tictactoe_batch_games_step_random` with the winners in the width `W`.
///
/// # Safety
/// As for `tictactoe_batch_games_step_random`.
pub(super) unsafe fn step_random<W: Code>(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    winners_out: *mut W,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            over_games(handle, games, count, refused_out, |batch, games, scratch| {
                with_winners(winners_out, count, scratch, |winners| {
                    batch.step_random(games, winners)
                })
            })
        })
    }
}

/// One step of a learner against a random opponent in each game taken (game `games[i]`,
/// distinct indices, or with `games` NULL every game in order, `count` then the number of
/// games), the learner playing side `sides[i]` (1 for X, 2 for O) of the i-th: a game with
/// `restart[i]` non-zero (`restart` NULL: none) is emptied, its action ignored (a new episode),
/// and any other plays `actions[i]`; then, where the game is not over and the opponent is to
/// move, the opponent plays a random legal move from the game's own generator (as
/// `tictactoe_batch_games_step_random` draws it). `winners_out[i]` gets the game's winner after
/// the step (0, 1 or 2). What a vector of environments against a random opponent does each
/// step, in one call.
///
/// `illegal` is a `tictactoe_illegal`, as for `tictactoe_batch_games_step`, for the actions of
/// the games not restarted: with RAISE a refused action refuses the whole call (its index i in
/// `*refused_out`; no game changes, the restarted ones included), with LOSE its game is lost
/// by its player to move.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL; `BUSY` while a search's
/// evaluator holds the batch; `INVALID_ARGUMENT` for an `illegal` that is neither;
/// `NULL_PARAMETER` when `refused_out` is NULL;
/// `LENGTH_MISMATCH` when `games` is NULL and `count` is not the number of games;
/// `NULL_PARAMETER` when `sides`, `actions` or `winners_out` is NULL with a non-zero `count`;
/// `ALLOC_FAILED`; `GAME_INDEX` and `REPEATED_GAME`, then `INVALID_PLAYER` for a side other
/// than 1 or 2, then with RAISE a refused action, each with its index i in `*refused_out`. No
/// game changes on a refusal. `winners_out` is written only on success and `*refused_out` only
/// when the refusal names an entry.
///
/// Ownership, thread safety and threads as for `tictactoe_batch_games_step`.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games`, `sides`, `actions` and `restart` NULL or
/// valid for reads of `count` values; `winners_out` NULL or valid for writes of `count`
/// values; `refused_out` NULL or valid for writes.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the games, a value of each per-game array, two outputs
pub unsafe extern "C" fn tictactoe_batch_games_step_against_random(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    sides: *const u8,
    actions: *const u32,
    restart: *const u8,
    illegal: u32,
    winners_out: *mut u8,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        step_against_random(
            batch,
            games,
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

/// `tictactoe_batch_games_step_against_random` with the sides and winners in the width `W`.
///
/// # Safety
/// As for `tictactoe_batch_games_step_against_random`.
#[allow(clippy::too_many_arguments)] // as the C function's
pub(super) unsafe fn step_against_random<W: Code>(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    sides: *const W,
    actions: *const u32,
    restart: *const u8,
    illegal: u32,
    winners_out: *mut W,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            let illegal = illegal_policy(illegal)?;
            over_games(handle, games, count, refused_out, |batch, games, scratch| {
                let sides = entries(sides, count)?;
                let actions = entries(actions, count)?;
                let restart = if restart.is_null() {
                    collected(count, core::iter::repeat(false))?
                } else {
                    restart_flags(entries(restart, count)?)?
                };
                W::with_bytes(sides, |sides| {
                    with_winners(winners_out, count, scratch, |winners| {
                        batch.step_against_random(games, sides, actions, &restart, winners, illegal)
                    })
                })?
            })
        })
    }
}

/// C's restart flags as the core's: any byte, which a `bool` may not hold, each becoming one
/// (non-zero: restart).
fn restart_flags(restart: &[u8]) -> Result<Vec<bool>, tictactoe_result> {
    collected(restart.len(), restart.iter().map(|&again| again != 0))
}

/// One step of each game taken (game `games[i]`, distinct indices, or with `games` NULL every
/// game in order, `count` then the number of games) in which some games start again instead: a
/// game with `restart[i]` non-zero is emptied, X to move, its action ignored (a new episode;
/// its generator goes on where it was), and any other plays `actions[i]` as
/// `tictactoe_batch_games_step` plays it. `winners_out[i]` gets the game's winner after the
/// step (0, 1 or 2; 0 for a game emptied). What a vector of environments with next-step
/// auto-reset does each step (the games that ended last step start again, the others play), in
/// one call.
///
/// `illegal` is a `tictactoe_illegal`, as for `tictactoe_batch_games_step`, for the actions of
/// the games not restarted (a restarted game's action is never looked at): with RAISE a
/// refused action refuses the whole call (its index i in `*refused_out`; no game changes, the
/// restarted ones included), with LOSE its game is lost by its player to move.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL; `BUSY` while a search's
/// evaluator holds the batch; `INVALID_ARGUMENT` for an `illegal` that is neither;
/// `NULL_PARAMETER` when `refused_out` is NULL;
/// `LENGTH_MISMATCH` when `games` is NULL and `count` is not the number of games;
/// `NULL_PARAMETER` when `actions`, `restart` or `winners_out` is NULL with a non-zero `count`;
/// `ALLOC_FAILED`; `GAME_INDEX` and `REPEATED_GAME`, whatever `illegal` is, then with RAISE a
/// refused action of a game not restarted, each with its index i in `*refused_out`. No game
/// changes on a refusal. `winners_out` is written only on success and `*refused_out` only when
/// the refusal names an entry.
///
/// Ownership, thread safety and threads as for `tictactoe_batch_games_step`.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games`, `actions` and `restart` NULL or valid for
/// reads of `count` values; `winners_out` NULL or valid for writes of `count` values;
/// `refused_out` NULL or valid for writes.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the games, a value of each per-game array, two outputs
pub unsafe extern "C" fn tictactoe_batch_games_step_restarting(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    actions: *const u32,
    restart: *const u8,
    illegal: u32,
    winners_out: *mut u8,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            let illegal = illegal_policy(illegal)?;
            over_games(handle, games, count, refused_out, |batch, games, scratch| {
                let actions = entries(actions, count)?;
                let restart = restart_flags(entries(restart, count)?)?;
                with_winners(winners_out, count, scratch, |winners| {
                    batch.step_restarting(games, actions, &restart, winners, illegal)
                })
            })
        })
    }
}

/// Empties each game taken (game `games[i]`, where an index may repeat, or with `games` NULL
/// every game, `count` then the number of games), X to move; each game's generator goes on
/// where it was.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL; `BUSY` while a search's
/// evaluator holds the batch; `NULL_PARAMETER` when `refused_out` is NULL;
/// `LENGTH_MISMATCH` when `games` is NULL and `count` is not the number of games;
/// `ALLOC_FAILED`; `GAME_INDEX` for an index not below the number of games, its position i in
/// `*refused_out`, before any game changes. `*refused_out` is written only with `GAME_INDEX`.
///
/// Ownership, thread safety and threads as for `tictactoe_batch_games_step`.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` NULL or valid for reads of `count` values;
/// `refused_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_games_reset(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            over_games(handle, games, count, refused_out, |batch, games, _| Ok(batch.reset(games)?))
        })
    }
}

/// Empties each game taken that is over (won, drawn or forfeited), leaving the others as they
/// are: with `games` NULL (and `count` the number of games) what a self-play loop does between
/// steps, without listing the finished games. Games, results and refusals as for
/// `tictactoe_batch_games_reset`.
///
/// Ownership, thread safety and threads as for `tictactoe_batch_games_step`.
///
/// # Safety
/// As for `tictactoe_batch_games_reset`.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_games_reset_terminated(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            over_games(handle, games, count, refused_out, |batch, games, _| {
                Ok(batch.reset_terminated(games)?)
            })
        })
    }
}

/// Restarts the generators of the games taken (game `games[i]`, where an index may repeat and
/// the last seed given a game is kept, or with `games` NULL every game in order, `count` then
/// the number of games): the i-th draws from then on what the single game of a batch made with
/// the seed `seeds[i]` draws. A vector of environments seeds its games one by one this way,
/// each as the single environment with that seed. The boards are left as they are.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL; `BUSY` while a search's
/// evaluator holds the batch; `NULL_PARAMETER` when `refused_out` is NULL;
/// `LENGTH_MISMATCH` when `games` is NULL and `count` is not the number of games;
/// `NULL_PARAMETER` when `seeds` is NULL with a non-zero `count`; `ALLOC_FAILED`; `GAME_INDEX`
/// with the index i in `*refused_out`. No generator changes on a refusal. `*refused_out` is
/// written only with `GAME_INDEX`.
///
/// Ownership: the arrays stay the caller's. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` and `seeds` NULL or valid for reads of `count`
/// values; `refused_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_games_seed(
    batch: *mut tictactoe_batch,
    games: *const u32,
    count: usize,
    seeds: *const u64,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing_handle(batch, |handle| {
            over_games(handle, games, count, refused_out, |batch, games, _| {
                Ok(batch.seed(games, entries(seeds, count)?)?)
            })
        })
    }
}
