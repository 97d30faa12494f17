//! The batch handle: many games of one rule set, stepped together. Its making, copies, release
//! and the reads of its size and of one game are here; the calls that change its games, over
//! the games a call takes, in `games`; the reads of every game in `reads`; its threads in
//! `threads`; the calls the C ABI first had, kept as wrappers, in `deprecated`.
//!
//! Arrays a batch function fills hold exactly one value per game (or per cell or action of
//! every game): any other length is `LENGTH_MISMATCH`, with the array untouched.
//!
//! An action names a cell by its index row * cols + col, or under gravity a column (the mark
//! falls to its lowest free cell): `tictactoe_batch_actions` of them a game.

use core::ptr;

use tictactoe_core::{Batch, Error};

use crate::guard::{guard, Out};
use crate::handle::{hand_out, read, reading, release, Guarded, GuardedHandle};
use crate::limits::{limits_of, tictactoe_limits};
use crate::rules::{rules_in, tictactoe_rules, RulesOut};
use crate::{tictactoe_game, tictactoe_result};

mod deprecated;
mod games;
mod reads;
mod threads;

pub use deprecated::*;
pub use games::*;
pub use reads::*;
pub use threads::*;

/// Checks the `count` of a call that takes NULL for every game (the games a call changes, the
/// sides of an observation): it is then the number of games, as an array of one value a game
/// would have, or `LENGTH_MISMATCH`.
fn check_every_game(batch: &Batch, count: usize) -> Result<(), tictactoe_result> {
    if count == batch.count() {
        Ok(())
    } else {
        Err(tictactoe_result::LengthMismatch)
    }
}

/// `count` games of one rule set (n x n tic-tac-toe, or any rules of the k-in-a-row family),
/// stepped together. Opaque: made by `tictactoe_batch_new` (or `_new_rules`, `_new_with_limits`,
/// `_new_mnk`, `_new_mnk_with_limits`, `_clone`), released by `tictactoe_batch_free`. While a
/// learned search reads it (`tictactoe_puct_run`), a call that would change it (from the
/// search's evaluator) returns `BUSY`; reads go on.
pub struct tictactoe_batch(Guarded<BatchParts>);

/// What a batch handle holds: the batch, and scratch for its calls.
pub(crate) struct BatchParts {
    batch: Batch,
    /// Scratch for a step's winners, copied out only on success.
    winners: Vec<u8>,
    /// Scratch for the game indices of a step, widened from C's `uint32_t`.
    games: Vec<usize>,
}

impl GuardedHandle for tictactoe_batch {
    type Inner = Batch;
    type Parts = BatchParts;

    fn around(batch: Batch) -> Result<tictactoe_batch, tictactoe_result> {
        let count = batch.count();
        let mut winners = Vec::new();
        winners.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        let mut games = Vec::new();
        games.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        Ok(tictactoe_batch(Guarded::new(BatchParts { batch, winners, games })))
    }

    fn guarded(&self) -> &Guarded<BatchParts> {
        &self.0
    }

    fn value(parts: &BatchParts) -> &Batch {
        &parts.batch
    }

    fn value_mut(parts: &mut BatchParts) -> &mut Batch {
        &mut parts.batch
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

/// Releases a batch. NULL does nothing, and so does a batch a search running reads (a call
/// from the search's evaluator): that batch stays the caller's, to release once the search
/// has returned.
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
        let batch_out = Out::new(batch_out)?;
        // SAFETY: the caller's promise.
        let copy = unsafe { read(batch, |batch| Ok(batch.try_clone()?)) }?;
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
