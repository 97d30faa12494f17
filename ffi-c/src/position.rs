//! Games built from positions, and the validity check that builds nothing.

use tictactoe_core::{validate_cells, Limits};

use crate::guard::{guard, input, Out};
use crate::handle::hand_out;
use crate::rules::rules_of;
use crate::{tictactoe_game, tictactoe_result};

/// Builds a game at a position and stores it in `*game_out`. `cells` holds `cells_len` values,
/// row-major: 0 empty, 1 X, 2 O; `cells_len` must be n * n. The position must be reachable by
/// a legal game (X first, alternating, nobody moving after a win); its marks are the starting
/// position, not moves, so they are not undone. No memory limit beyond the largest board: the
/// game takes at most about 5 bytes per cell given (`tictactoe_game_from_cells_with_limits`
/// bounds it).
///
/// Returns `INVALID_SIZE`, `INVALID_POSITION` (wrong length, a value above 2, or unreachable),
/// `ALLOC_FAILED`, `NULL_PARAMETER`. `*game_out` is written only on success.
///
/// Ownership: `cells` stays the caller's and is only read during the call; the caller owns the
/// new game and releases it with `tictactoe_game_free`. Thread safety: safe from any thread.
///
/// # Safety
/// `cells` must be NULL or valid for reads of `cells_len` bytes; `game_out` NULL or valid for
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_from_cells(
    n: u32,
    cells: *const u8,
    cells_len: usize,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    // SAFETY: the caller's promise, passed on.
    unsafe { tictactoe_game_from_cells_with_limits(n, cells, cells_len, usize::MAX, game_out) }
}

/// As `tictactoe_game_from_cells`, refusing a game that would take more than `max_bytes` bytes
/// at its largest (`SIZE_MAX`: no limit) with `LIMIT_EXCEEDED`, decided from n before the
/// cells are read or anything is allocated. `INVALID_SIZE` comes first for an n no game has.
/// `*game_out` is written only on success.
///
/// Ownership: `cells` stays the caller's; the caller owns the new game and releases it with
/// `tictactoe_game_free`. Thread safety: safe from any thread.
///
/// # Safety
/// `cells` must be NULL or valid for reads of `cells_len` bytes; `game_out` NULL or valid for
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_from_cells_with_limits(
    n: u32,
    cells: *const u8,
    cells_len: usize,
    max_bytes: usize,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let cells = unsafe { input(cells, cells_len) }?;
        let game_out = Out::new(game_out)?;
        let game = Limits { max_bytes }.game_from_cells(n as usize, cells)?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(game, game_out) }
    })
}

/// Checks that `cells` (as for `tictactoe_game_from_cells`) is a position a legal game
/// reaches, without building a game or allocating: `OK`, or `INVALID_SIZE`,
/// `INVALID_POSITION`, `NULL_PARAMETER`.
///
/// Ownership: `cells` stays the caller's. Thread safety: safe from any thread.
///
/// # Safety
/// `cells` must be NULL or valid for reads of `cells_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_position_validate(
    n: u32,
    cells: *const u8,
    cells_len: usize,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let cells = unsafe { input(cells, cells_len) }?;
        validate_cells(n as usize, cells)?;
        Ok(())
    })
}

/// Builds a game under the rules of the k-in-a-row family (as for `tictactoe_game_new_mnk`) at
/// a position and stores it in `*game_out`. `cells` holds `cells_len` values, row-major: 0
/// empty, 1 X, 2 O; `cells_len` must be rows * cols. The position must be reachable by a legal
/// game under those rules (X first, alternating, nobody moving after a win; under gravity no
/// mark above a free cell, and some order of the columns reaching it); its marks are the
/// starting position, not moves, so they are not undone. No memory limit beyond the largest
/// board (`tictactoe_game_from_cells_mnk_with_limits` sets one).
///
/// Returns, in this order, `NULL_PARAMETER` when `cells` or `game_out` is NULL,
/// `INVALID_ARGUMENT` for an unknown bit in `flags`, `INVALID_SIZE` or `INVALID_RULES` (as
/// `tictactoe_rules_check`), `INVALID_POSITION` (wrong length, a value above 2, a floating
/// mark under gravity, or unreachable), `ALLOC_FAILED`.
/// `*game_out` is written only on success.
///
/// Ownership: `cells` stays the caller's and is only read during the call; the caller owns the
/// new game and releases it with `tictactoe_game_free`. Thread safety: safe from any thread.
///
/// # Safety
/// `cells` must be NULL or valid for reads of `cells_len` bytes; `game_out` NULL or valid for
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_from_cells_mnk(
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
    cells: *const u8,
    cells_len: usize,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        tictactoe_game_from_cells_mnk_with_limits(
            rows,
            cols,
            k,
            flags,
            cells,
            cells_len,
            usize::MAX,
            game_out,
        )
    }
}

/// As `tictactoe_game_from_cells_mnk`, refusing a game that would take more than `max_bytes`
/// bytes at its largest (`SIZE_MAX`: no limit) with `LIMIT_EXCEEDED`, decided from the rules
/// before the cells are read or anything is allocated. `INVALID_ARGUMENT`, and `INVALID_SIZE`
/// or `INVALID_RULES`, come first. `*game_out` is written only on success.
///
/// Ownership: `cells` stays the caller's; the caller owns the new game and releases it with
/// `tictactoe_game_free`. Thread safety: safe from any thread.
///
/// # Safety
/// `cells` must be NULL or valid for reads of `cells_len` bytes; `game_out` NULL or valid for
/// writes.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the rules are four words in C
pub unsafe extern "C" fn tictactoe_game_from_cells_mnk_with_limits(
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
    cells: *const u8,
    cells_len: usize,
    max_bytes: usize,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let cells = unsafe { input(cells, cells_len) }?;
        let game_out = Out::new(game_out)?;
        let rules = rules_of(rows, cols, k, flags)?;
        let game = Limits { max_bytes }.game_from_cells(rules, cells)?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(game, game_out) }
    })
}

/// Checks that `cells` (as for `tictactoe_game_from_cells_mnk`) is a position a legal game
/// under the rules reaches, without building a game: `OK`, or `NULL_PARAMETER`,
/// `INVALID_ARGUMENT` (an unknown flag), `INVALID_SIZE` or `INVALID_RULES` (as
/// `tictactoe_rules_check`), `INVALID_POSITION`, and
/// `ALLOC_FAILED` when the search for an order of the moves cannot have its memory.
///
/// Ownership: `cells` stays the caller's. Thread safety: safe from any thread.
///
/// # Safety
/// `cells` must be NULL or valid for reads of `cells_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_position_validate_mnk(
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
    cells: *const u8,
    cells_len: usize,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let cells = unsafe { input(cells, cells_len) }?;
        validate_cells(rules_of(rows, cols, k, flags)?, cells)?;
        Ok(())
    })
}
