//! The reads of every game of a batch, each into an array of the caller's: `tictactoe_batch_<name>`
//! for the core's reads (`Batch::OPERATIONS`).

use tictactoe_core::{Batch, ListError};

use super::{check_every_game, tictactoe_batch};
use crate::guard::{buffer, entries};
use crate::handle::reading;
use crate::tictactoe_result;

/// Fills `out[0..len]` with what `query` writes for `batch`, refusing NULL as usual, and
/// returns its refusal (the core's or the C face's own) as a code.
///
/// # Safety
/// As for [`reading`]; `out` must be NULL or valid for `len` writes.
unsafe fn query_into<T, E: Into<tictactoe_result>>(
    batch: *const tictactoe_batch,
    out: *mut T,
    len: usize,
    query: impl FnOnce(&Batch, &mut [T]) -> Result<(), E>,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(batch, |batch| {
            let out = buffer(out, len)?;
            query(batch, out).map_err(Into::into)
        })
    }
}

/// A read's refusal by the core as its code, the index of the entry it names (when it names
/// one) stored in `*refused_out` unless that is NULL: a read asks for the index only when the
/// caller wants it.
///
/// # Safety
/// `refused_out` must be NULL or valid for writes.
unsafe fn named(refusal: ListError, refused_out: *mut usize) -> tictactoe_result {
    if let (Some(index), false) = (refusal.index, refused_out.is_null()) {
        // SAFETY: non-NULL; valid by the caller's promise.
        unsafe { refused_out.write(index) };
    }
    refusal.error.into()
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
    unsafe {
        query_into(batch, planes_out, len, |batch, out| {
            batch.observation_into(None, out).map_err(|refusal| refusal.error)
        })
    }
}

/// Writes every game seen from one side into `planes_out` (of `len` = count * 2 * rows * cols
/// flags): per game, the side's marks (rows * cols flags, row-major), then the opponent's. The
/// side of game g is `players[g]` (1 or 2, of `count`, the number of games) whoever is to move:
/// what an environment needs that shows each game to its agent, or to each of two agents in
/// turn. With `players` NULL (`count` still the number of games) each game's player to move,
/// as `tictactoe_batch_observation`.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL or `planes_out` NULL with a
/// non-zero `len`; `LENGTH_MISMATCH` when `count` is not the number of games;
/// `INVALID_PLAYER` for a side other than 1 or 2, the index g of the first in `*refused_out`;
/// `LENGTH_MISMATCH` when `len` is not count * 2 * rows * cols. `planes_out` is written only on
/// success and `*refused_out` only when the refusal names an entry (an `INVALID_PLAYER`);
/// `refused_out` may be NULL when the index is not wanted.
///
/// Ownership: the arrays stay the caller's. Thread safety: may run while other threads read
/// the batch; with threads (`tictactoe_batch_set_threads`) its parts run on the process's
/// helper threads too, with the results of one thread.
///
/// # Safety
/// `batch` must be NULL or a live batch; `players` NULL or valid for reads of `count` values;
/// `planes_out` NULL or valid for `len` writes; `refused_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_observation_from(
    batch: *const tictactoe_batch,
    players: *const u8,
    count: usize,
    planes_out: *mut bool,
    len: usize,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        query_into(batch, planes_out, len, |batch, out| {
            let players = if players.is_null() {
                check_every_game(batch, count)?;
                None
            } else {
                Some(entries(players, count)?)
            };
            batch.observation_into(players, out).map_err(|refusal| named(refusal, refused_out))
        })
    }
}

/// Writes each game's reward from the side given for it (`players[g]`, 1 or 2) into
/// `rewards_out` (both of `count`, the number of games): 1.0 when that side has won (a forfeit
/// of the other included), -1.0 when the other has, 0.0 while nobody has (a draw included). An
/// environment's reward for its agent.
///
/// Returns, in this order, `NULL_PARAMETER` when `batch` is NULL, or `players` or `rewards_out`
/// NULL with a non-zero `count`; `LENGTH_MISMATCH` when `count` is not the number of games;
/// `INVALID_PLAYER` for a side other than 1 or 2, the index g of the first in `*refused_out`.
/// `rewards_out` is written only on success and `*refused_out` only when the refusal names an
/// entry (an `INVALID_PLAYER`); `refused_out` may be NULL when the index is not wanted.
///
/// Ownership: the arrays stay the caller's. Thread safety: may run while other threads read
/// the batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `players` NULL or valid for reads of `count` values;
/// `rewards_out` NULL or valid for `count` writes; `refused_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_rewards(
    batch: *const tictactoe_batch,
    players: *const u8,
    count: usize,
    rewards_out: *mut f64,
    refused_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        query_into(batch, rewards_out, count, |batch, out| {
            let players = entries(players, count)?;
            batch.rewards_into(players, out).map_err(|refusal| named(refusal, refused_out))
        })
    }
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
