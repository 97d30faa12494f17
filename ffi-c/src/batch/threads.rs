//! The threads a batch's calls over every game may split between: the process's pool of helper
//! threads (`tictactoe_parallel::POOL`), which the core's `Batch::set_threads` runs them on.

use tictactoe_parallel::POOL;

use super::tictactoe_batch;
use crate::guard::Out;
use crate::handle::{changing, reading};
use crate::tictactoe_result;

/// Lets every call of `batch` over all its games split them between `threads` threads (1: the
/// caller's alone, as a new batch does): the steps, draws and resets of every game
/// (`tictactoe_batch_games_*` with `games` NULL) and the reads of every game's cells,
/// observation and legal mask. Each thread takes at least 256 games, so that a batch of fewer
/// than 512 games stays on the caller's thread. The results and refusals (their index
/// included) are exactly those of one thread: every game depends on itself alone, and a call
/// that refuses is checked whole before any game changes. A call over a list of games runs on
/// the caller's thread. Copies (`tictactoe_batch_clone`) keep the setting.
///
/// The threads besides the caller's are the process's helper threads, shared by every batch:
/// started on first use, grown to the most a call has asked for, and kept awake for up to 2 ms
/// after each call (waiting for the next one of a training loop) before they sleep. When two C
/// threads make threaded calls at once, the second runs its parts one after another on its own
/// thread, with the same results.
///
/// Returns `INVALID_ARGUMENT` for 0 threads (nothing changes), `NULL_PARAMETER` when `batch` is
/// NULL, `BUSY` while a search's evaluator holds the batch.
///
/// Ownership: nothing changes hands. Thread safety: needs the batch to itself.
///
/// # Safety
/// `batch` must be NULL or a live batch.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_set_threads(
    batch: *mut tictactoe_batch,
    threads: u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing(batch, |batch| {
            if threads == 0 {
                return Err(tictactoe_result::InvalidArgument);
            }
            batch.set_threads(threads as usize, &POOL);
            Ok(())
        })
    }
}

/// Stores the number of threads the batch's calls over every game may use in `*threads_out`:
/// 1 for a new batch, else what `tictactoe_batch_set_threads` set.
///
/// Returns `NULL_PARAMETER` when a pointer is NULL; `*threads_out` is written only on success.
/// Ownership: nothing changes hands. Thread safety: may run while other threads read the batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `threads_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_threads(
    batch: *const tictactoe_batch,
    threads_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(batch, |batch| {
            // Set from a `uint32_t`.
            Out::new(threads_out)?.write(batch.threads() as u32);
            Ok(())
        })
    }
}
