//! The batch handle: many games of one rule set, stepped together.
//!
//! Arrays a batch function fills hold exactly one value per game (or per cell or action of
//! every game): any other length is `LENGTH_MISMATCH`, with the array untouched.
//!
//! An action names a cell by its index row * cols + col, or under gravity a column (the mark
//! falls to its lowest free cell): `tictactoe_batch_actions` of them a game.

use core::ptr;

use tictactoe_core::{Batch, Error, Illegal, ListError, Selection};

use crate::guard::{borrow, buffer, collected, guard, input, Out};
use crate::handle::{changing_handle, hand_out, reading, release, Handle};
use crate::limits::{limits_of, tictactoe_limits};
use crate::rules::{rules_in, tictactoe_rules, RulesOut};
use crate::{tictactoe_game, tictactoe_result};

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

/// `count` games of one rule set (n x n tic-tac-toe, or any rules of the k-in-a-row family),
/// stepped together. Opaque: made by `tictactoe_batch_new` (or `_new_rules`, `_new_with_limits`,
/// `_new_mnk`, `_new_mnk_with_limits`, `_clone`), released by `tictactoe_batch_free`.
pub struct tictactoe_batch {
    batch: Batch,
    /// Scratch for a step's winners, copied out only on success.
    winners: Vec<u8>,
    /// Scratch for the game indices of a step, widened from C's `uint32_t`.
    games: Vec<usize>,
}

impl Handle for tictactoe_batch {
    type Inner = Batch;

    fn wrap(batch: Batch) -> Result<tictactoe_batch, tictactoe_result> {
        let count = batch.count();
        let mut winners = Vec::new();
        winners.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        let mut games = Vec::new();
        games.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        Ok(tictactoe_batch { batch, winners, games })
    }

    fn inner(&self) -> &Batch {
        &self.batch
    }

    fn inner_mut(&mut self) -> &mut Batch {
        &mut self.batch
    }
}

/// Creates `count` empty n x n tic-tac-toe games (`tictactoe_batch_new_rules` for other rules),
/// X to move in each, whose random actions come from `seed`, and stores the batch in
/// `*batch_out`. No memory limit beyond what can be had (`tictactoe_batch_new_with_limits` sets
/// one). The same as `tictactoe_batch_new_rules` with the rules {n, n, n, 0} and no limits.
///
/// Returns `INVALID_COUNT` for `count` 0, `INVALID_SIZE` unless 1 <= n <= 65535,
/// `ALLOC_FAILED` when the memory cannot be had, `NULL_PARAMETER` when `batch_out` is NULL.
/// `*batch_out` is written only on success.
///
/// Ownership: the caller owns the new batch and releases it with `tictactoe_batch_free`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `batch_out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_new(
    count: u32,
    n: u32,
    seed: u64,
    batch_out: *mut *mut tictactoe_batch,
) -> tictactoe_result {
    let rules = tictactoe_rules::tic_tac_toe(n);
    // SAFETY: `rules` lives through the call; the rest is the caller's promise, passed on.
    unsafe { tictactoe_batch_new_rules(count, &rules, seed, ptr::null(), batch_out) }
}

/// As `tictactoe_batch_new`, refusing a batch whose games would take more than `max_bytes`
/// bytes (each game's board, counters and room for every move, and its state; `SIZE_MAX`: no
/// limit) with `LIMIT_EXCEEDED`, before anything is allocated: for a count and size that come
/// from outside. The handle's own scratch (9 bytes a game) is not counted. `INVALID_SIZE` and
/// `INVALID_COUNT` come first. `*batch_out` is written only on success. The same as
/// `tictactoe_batch_new_rules` with the rules {n, n, n, 0} and the limits {max_bytes}.
///
/// Ownership: the caller owns the new batch and releases it with `tictactoe_batch_free`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `batch_out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_new_with_limits(
    count: u32,
    n: u32,
    seed: u64,
    max_bytes: usize,
    batch_out: *mut *mut tictactoe_batch,
) -> tictactoe_result {
    let (rules, limits) = (tictactoe_rules::tic_tac_toe(n), tictactoe_limits { max_bytes });
    // SAFETY: `rules` and `limits` live through the call; the rest is the caller's promise.
    unsafe { tictactoe_batch_new_rules(count, &rules, seed, &limits, batch_out) }
}

/// Creates `count` empty games under the rules of the k-in-a-row family (`rows`, `cols`, `k`
/// and `flags` as for `tictactoe_game_new_mnk`), X to move in each, whose random actions come
/// from `seed`, and stores the batch in `*batch_out`. Under gravity an action is a column (the
/// mark falls to its lowest free cell), otherwise a cell row * cols + col. No memory limit
/// beyond what can be had (`tictactoe_batch_new_mnk_with_limits` sets one). The same as
/// `tictactoe_batch_new_rules` with these rules and no limits.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch_out` is NULL, `INVALID_ARGUMENT` when
/// `flags` has a bit set other than `TICTACTOE_RULE_EXACT` and `TICTACTOE_RULE_GRAVITY`,
/// `INVALID_SIZE` or `INVALID_RULES` for rules no game has (as `tictactoe_rules_check`),
/// `INVALID_COUNT` for `count` 0, `ALLOC_FAILED` when the memory cannot be had. `*batch_out` is
/// written only on success.
///
/// Ownership: the caller owns the new batch and releases it with `tictactoe_batch_free`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `batch_out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_new_mnk(
    count: u32,
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
    seed: u64,
    batch_out: *mut *mut tictactoe_batch,
) -> tictactoe_result {
    let rules = tictactoe_rules { rows, cols, k, flags };
    // SAFETY: `rules` lives through the call; the rest is the caller's promise, passed on.
    unsafe { tictactoe_batch_new_rules(count, &rules, seed, ptr::null(), batch_out) }
}

/// As `tictactoe_batch_new_mnk`, refusing a batch whose games would take more than
/// `max_bytes` bytes (as for `tictactoe_batch_new_with_limits`; `SIZE_MAX`: no limit) with
/// `LIMIT_EXCEEDED`, before anything is allocated: for rules and a count that come from
/// outside. `INVALID_ARGUMENT`, `INVALID_SIZE` or `INVALID_RULES`, and `INVALID_COUNT` come
/// first. `*batch_out` is written only on success. The same as `tictactoe_batch_new_rules` with
/// these rules and the limits {max_bytes}.
///
/// Ownership: the caller owns the new batch and releases it with `tictactoe_batch_free`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `batch_out` must be NULL or valid for writes of a pointer.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the rules are four words in C
pub unsafe extern "C" fn tictactoe_batch_new_mnk_with_limits(
    count: u32,
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
    seed: u64,
    max_bytes: usize,
    batch_out: *mut *mut tictactoe_batch,
) -> tictactoe_result {
    let (rules, limits) =
        (tictactoe_rules { rows, cols, k, flags }, tictactoe_limits { max_bytes });
    // SAFETY: `rules` and `limits` live through the call; the rest is the caller's promise.
    unsafe { tictactoe_batch_new_rules(count, &rules, seed, &limits, batch_out) }
}

/// Creates `count` empty games under `*rules` (any rules of the k-in-a-row family: see
/// `tictactoe_rules`), X to move in each, whose random actions come from `seed`, and stores
/// the batch in `*batch_out`. Under gravity an action is a column (the mark falls to its lowest
/// free cell), otherwise a cell row * cols + col. `limits` is NULL for no limit beyond what can
/// be had, or bounds the bytes the games may take (each game's board, rule state and room for
/// every move, and its state; the handle's own scratch, 9 bytes a game, is not counted), for a
/// count and rules that come from outside.
///
/// Returns, in this order, `NULL_PARAMETER` when `rules` or `batch_out` is NULL,
/// `INVALID_ARGUMENT` when `rules->flags` has a bit set other than `TICTACTOE_RULE_EXACT` and
/// `TICTACTOE_RULE_GRAVITY`, `INVALID_SIZE` or `INVALID_RULES` for rules no game has (as
/// `tictactoe_rules_check`), `INVALID_COUNT` for `count` 0, `LIMIT_EXCEEDED` for a batch above
/// `limits->max_bytes` (before anything is allocated), `ALLOC_FAILED` when the memory cannot be
/// had. `*batch_out` is written only on success.
///
/// Ownership: `*rules` and `*limits` stay the caller's and are only read during the call; the
/// caller owns the new batch and releases it with `tictactoe_batch_free`. Thread safety: safe
/// from any thread.
///
/// # Safety
/// `rules` must be NULL or valid for reads of a `tictactoe_rules`; `limits` NULL or valid for
/// reads of a `tictactoe_limits`; `batch_out` NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_new_rules(
    count: u32,
    rules: *const tictactoe_rules,
    seed: u64,
    limits: *const tictactoe_limits,
    batch_out: *mut *mut tictactoe_batch,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let rules = unsafe { rules_in(rules) }?;
        let batch_out = Out::new(batch_out)?;
        // SAFETY: the caller's promise.
        let limits = unsafe { limits_of(limits) };
        let batch = limits.batch(count as usize, rules.to_core()?, seed)?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(batch, batch_out) }
    })
}

/// Releases a batch. NULL does nothing.
///
/// Ownership: takes back the batch from the caller; it must not be used again.
/// Thread safety: no other thread may be using the batch.
///
/// # Safety
/// `batch` must be NULL or a batch from this library not yet released.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_free(batch: *mut tictactoe_batch) {
    // SAFETY: the caller's promise.
    unsafe { release(batch) }
}

/// Stores an independent copy of `batch` (every game, every generator) in `*batch_out`.
///
/// Returns `NULL_PARAMETER`, `ALLOC_FAILED`. Ownership: the caller owns the copy and releases
/// it with `tictactoe_batch_free`. Thread safety: may run while other threads read the batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `batch_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_clone(
    batch: *const tictactoe_batch,
    batch_out: *mut *mut tictactoe_batch,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let batch = unsafe { borrow(batch) }?;
        let batch_out = Out::new(batch_out)?;
        let copy = batch.batch.try_clone()?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(copy, batch_out) }
    })
}

/// Stores the number of games in `*count_out`.
///
/// Returns `NULL_PARAMETER`. Ownership: nothing changes hands. Thread safety: may run while
/// other threads read the batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `count_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_count(
    batch: *const tictactoe_batch,
    count_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(batch, |batch| {
            // The count came in as a u32.
            Out::new(count_out)?.write(batch.count() as u32);
            Ok(())
        })
    }
}

/// Stores the board size n of a batch of square n x n boards in `*n_out`.
///
/// Returns `UNSUPPORTED_SIZE` for boards that are not square (`tictactoe_batch_rules` gives
/// rows and columns), `NULL_PARAMETER`. `*n_out` is written only on success. Ownership:
/// nothing changes hands. Thread safety: may run while other threads read the batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `n_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_n(
    batch: *const tictactoe_batch,
    n_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(batch, |batch| {
            let n_out = Out::new(n_out)?;
            let n = batch.n().ok_or(tictactoe_result::UnsupportedSize)?;
            // n <= 65535.
            n_out.write(n as u32);
            Ok(())
        })
    }
}

/// Stores the games' rules in `*rows_out`, `*cols_out`, `*k_out` and `*flags_out`, as
/// `tictactoe_batch_new_mnk` takes them (n, n, n, 0 for a batch of `tictactoe_batch_new`).
///
/// Returns `NULL_PARAMETER` when a pointer is NULL; nothing is written then. Ownership:
/// nothing changes hands. Thread safety: may run while other threads read the batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; the out-params NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_rules(
    batch: *const tictactoe_batch,
    rows_out: *mut u32,
    cols_out: *mut u32,
    k_out: *mut u32,
    flags_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(batch, |batch| {
            RulesOut::new(rows_out, cols_out, k_out, flags_out)?.write(&batch.rules());
            Ok(())
        })
    }
}

/// Stores the number of actions a game has in `*actions_out`: rows * cols (a cell each), or
/// under gravity cols (a column each). Actions are numbered from 0 below it, and
/// `tictactoe_batch_legal_mask` writes this many flags a game.
///
/// Returns `NULL_PARAMETER`. Ownership: nothing changes hands. Thread safety: may run while
/// other threads read the batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `actions_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_actions(
    batch: *const tictactoe_batch,
    actions_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(batch, |batch| {
            let actions_out = Out::new(actions_out)?;
            // At most rows * cols <= 65535^2 < 2^32.
            actions_out.write(batch.actions() as u32);
            Ok(())
        })
    }
}

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
            let actions = if count == 0 { &[] } else { input(actions, count)? };
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
            let games = if count == 0 { &[] } else { input(games, count)? };
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

/// Fills `out[0..len]` with what `query` writes for `batch`, refusing NULL as usual.
///
/// # Safety
/// As for [`reading`]; `out` must be NULL or valid for `len` writes.
unsafe fn query_into<T>(
    batch: *const tictactoe_batch,
    out: *mut T,
    len: usize,
    query: impl FnOnce(&Batch, &mut [T]) -> Result<(), Error>,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(batch, |batch| {
            let out = buffer(out, len)?;
            Ok(query(batch, out)?)
        })
    }
}

/// Writes each game's player to move (1 or 2) into `players_out` (of `count`, the number of
/// games).
///
/// Returns `LENGTH_MISMATCH` (the array untouched) for another `count`, `NULL_PARAMETER`.
/// Ownership: the caller owns the array. Thread safety: may run while other threads read the
/// batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `players_out` NULL or valid for `count` writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_next_players(
    batch: *const tictactoe_batch,
    players_out: *mut u8,
    count: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query_into(batch, players_out, count, Batch::next_players) }
}

/// Writes each game's winner (0 for none, else 1 or 2; a game lost by an illegal action
/// included) into `winners_out` (of `count`, the number of games). Results, ownership and
/// thread safety as for `tictactoe_batch_next_players`.
///
/// # Safety
/// As for `tictactoe_batch_next_players`.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_winners(
    batch: *const tictactoe_batch,
    winners_out: *mut u8,
    count: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query_into(batch, winners_out, count, Batch::winners) }
}

/// Writes whether each game is over (won, or its board full) into `terminated_out` (of
/// `count`, the number of games). Results, ownership and thread safety as for
/// `tictactoe_batch_next_players`.
///
/// # Safety
/// As for `tictactoe_batch_next_players`.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_terminated(
    batch: *const tictactoe_batch,
    terminated_out: *mut bool,
    count: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query_into(batch, terminated_out, count, Batch::terminated) }
}

/// Writes every game's cells, 0 (empty), 1 (X) or 2 (O), row-major, game after game, into
/// `cells_out` (of `len` = count * rows * cols values).
///
/// Returns `LENGTH_MISMATCH` (the array untouched) for another `len`, `NULL_PARAMETER`.
/// Ownership: the caller owns the array. Thread safety: may run while other threads read the
/// batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `cells_out` NULL or valid for `len` writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_cells(
    batch: *const tictactoe_batch,
    cells_out: *mut u8,
    len: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query_into(batch, cells_out, len, Batch::cells_into) }
}

/// Writes every game from its player to move's view into `planes_out` (of `len` =
/// count * 2 * rows * cols flags): per game, the player to move's marks (rows * cols flags,
/// row-major), then the opponent's. Results, ownership and thread safety as for
/// `tictactoe_batch_cells`.
///
/// # Safety
/// As for `tictactoe_batch_cells`.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_observation(
    batch: *const tictactoe_batch,
    planes_out: *mut bool,
    len: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query_into(batch, planes_out, len, |batch, out| batch.observation_into(None, out)) }
}

/// Writes every game's legal actions as a mask into `mask_out` (of `len` = count * actions
/// flags, `tictactoe_batch_actions` a game: rows * cols, or under gravity cols): true for a
/// free cell (under gravity, a column with room) of a game that is not over (all false for a
/// game that is over). Results, ownership and thread safety as for `tictactoe_batch_cells`.
///
/// # Safety
/// As for `tictactoe_batch_cells`.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_legal_mask(
    batch: *const tictactoe_batch,
    mask_out: *mut bool,
    len: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { query_into(batch, mask_out, len, Batch::legal_mask_into) }
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
            let games = if count == 0 { &[] } else { input(games, count)? };
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

/// Stores an independent game holding game `index`'s moves (its history included) in
/// `*game_out`. A game lost by an illegal action has no winner there: the forfeit is the
/// batch's, not a rule of the game.
///
/// Returns `GAME_INDEX`, `ALLOC_FAILED`, `NULL_PARAMETER`. `*game_out` is written only on
/// success.
///
/// Ownership: the caller owns the new game and releases it with `tictactoe_game_free`.
/// Thread safety: may run while other threads read the batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `game_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_game(
    batch: *const tictactoe_batch,
    index: u32,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(batch, |batch| {
            let game_out = Out::new(game_out)?;
            hand_out::<tictactoe_game>(batch.game(index as usize)?, game_out)
        })
    }
}
