//! The reads of every game of a batch, each into an array of the caller's.

use tictactoe_core::{Batch, Error};

use super::tictactoe_batch;
use crate::guard::buffer;
use crate::handle::reading;
use crate::tictactoe_result;

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
