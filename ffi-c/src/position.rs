//! Games built from positions, and the validity check that builds nothing: one body each,
//! under a `tictactoe_rules` (the `_rules` functions), which the forms taking a size n or the
//! rules as four words call.

use core::ptr;

use tictactoe_core::validate_cells;

use crate::guard::{guard, input, Out};
use crate::handle::hand_out;
use crate::limits::{limits_of, tictactoe_limits};
use crate::rules::{rules_in, tictactoe_rules};
use crate::{tictactoe_game, tictactoe_result};

/// Builds a game at a position and stores it in `*game_out`. `cells` holds `cells_len` values,
/// row-major: 0 empty, 1 X, 2 O; `cells_len` must be n * n. The position must be reachable by
/// a legal game (X first, alternating, nobody moving after a win); its marks are the starting
/// position, not moves, so they are not undone. No memory limit beyond the largest board: the
/// game takes at most about 5 bytes per cell given (`tictactoe_game_from_cells_with_limits`
/// bounds it). The same as `tictactoe_game_from_cells_rules` with the rules {n, n, n, 0} and no
/// limits.
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
    let rules = tictactoe_rules::tic_tac_toe(n);
    // SAFETY: `rules` lives through the call; the rest is the caller's promise, passed on.
    unsafe { tictactoe_game_from_cells_rules(&rules, cells, cells_len, ptr::null(), game_out) }
}

/// As `tictactoe_game_from_cells`, refusing a game that would take more than `max_bytes` bytes
/// at its largest (`SIZE_MAX`: no limit) with `LIMIT_EXCEEDED`, decided from n before the
/// cells are read or anything is allocated. `INVALID_SIZE` comes first for an n no game has.
/// `*game_out` is written only on success. The same as `tictactoe_game_from_cells_rules` with
/// the rules {n, n, n, 0} and the limits {max_bytes}.
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
    let (rules, limits) = (tictactoe_rules::tic_tac_toe(n), tictactoe_limits { max_bytes });
    // SAFETY: `rules` and `limits` live through the call; the rest is the caller's promise.
    unsafe { tictactoe_game_from_cells_rules(&rules, cells, cells_len, &limits, game_out) }
}

/// Checks that `cells` (as for `tictactoe_game_from_cells`) is a position a legal game
/// reaches, without building a game or allocating: `OK`, or `INVALID_SIZE`,
/// `INVALID_POSITION`, `NULL_PARAMETER`. The same as `tictactoe_position_validate_rules` with
/// the rules {n, n, n, 0}.
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
    let rules = tictactoe_rules::tic_tac_toe(n);
    // SAFETY: `rules` lives through the call; the rest is the caller's promise, passed on.
    unsafe { tictactoe_position_validate_rules(&rules, cells, cells_len) }
}

/// Builds a game under the rules of the k-in-a-row family (as for `tictactoe_game_new_mnk`) at
/// a position and stores it in `*game_out`. `cells` holds `cells_len` values, row-major: 0
/// empty, 1 X, 2 O; `cells_len` must be rows * cols. The position must be reachable by a legal
/// game under those rules (X first, alternating, nobody moving after a win; under gravity no
/// mark above a free cell, and some order of the columns reaching it); its marks are the
/// starting position, not moves, so they are not undone. No memory limit beyond the largest
/// board (`tictactoe_game_from_cells_mnk_with_limits` sets one). The same as
/// `tictactoe_game_from_cells_rules` with these rules and no limits.
///
/// Returns, in this order, `NULL_PARAMETER` when `cells` or `game_out` is NULL,
/// `INVALID_ARGUMENT` for an unknown bit in `flags`, `INVALID_SIZE` or `INVALID_RULES` (as
/// `tictactoe_rules_check`), `INVALID_POSITION` (wrong length, a value above 2, a floating
/// mark under gravity, or unreachable), `ALLOC_FAILED`. `*game_out` is written only on success.
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
    let rules = tictactoe_rules { rows, cols, k, flags };
    // SAFETY: `rules` lives through the call; the rest is the caller's promise, passed on.
    unsafe { tictactoe_game_from_cells_rules(&rules, cells, cells_len, ptr::null(), game_out) }
}

/// As `tictactoe_game_from_cells_mnk`, refusing a game that would take more than `max_bytes`
/// bytes at its largest (`SIZE_MAX`: no limit) with `LIMIT_EXCEEDED`, decided from the rules
/// before the cells are read or anything is allocated. `INVALID_ARGUMENT`, and `INVALID_SIZE`
/// or `INVALID_RULES`, come first. `*game_out` is written only on success. The same as
/// `tictactoe_game_from_cells_rules` with these rules and the limits {max_bytes}.
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
    let (rules, limits) =
        (tictactoe_rules { rows, cols, k, flags }, tictactoe_limits { max_bytes });
    // SAFETY: `rules` and `limits` live through the call; the rest is the caller's promise.
    unsafe { tictactoe_game_from_cells_rules(&rules, cells, cells_len, &limits, game_out) }
}

/// Checks that `cells` (as for `tictactoe_game_from_cells_mnk`) is a position a legal game
/// under the rules reaches, without building a game: `OK`, or `NULL_PARAMETER`,
/// `INVALID_ARGUMENT` (an unknown flag), `INVALID_SIZE` or `INVALID_RULES` (as
/// `tictactoe_rules_check`), `INVALID_POSITION`, and `ALLOC_FAILED` when the search for an
/// order of the moves cannot have its memory. The same as `tictactoe_position_validate_rules`
/// with these rules.
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
    let rules = tictactoe_rules { rows, cols, k, flags };
    // SAFETY: `rules` lives through the call; the rest is the caller's promise, passed on.
    unsafe { tictactoe_position_validate_rules(&rules, cells, cells_len) }
}

/// Builds a game under `*rules` (see `tictactoe_rules`) at a position and stores it in
/// `*game_out`. `cells` holds `cells_len` values, row-major: 0 empty, 1 X, 2 O; `cells_len`
/// must be rows * cols. The position must be reachable by a legal game under those rules (X
/// first, alternating, nobody moving after a win; under gravity no mark above a free cell, and
/// some order of the columns reaching it); its marks are the starting position, not moves, so
/// they are not undone. `limits` is NULL for no limit beyond the largest board (the game takes
/// at most about 5 bytes per cell given), or bounds the memory the game may take at its
/// largest, decided from the rules before the cells are read or anything is allocated.
///
/// Returns, in this order, `NULL_PARAMETER` when `rules`, `cells` or `game_out` is NULL,
/// `INVALID_ARGUMENT` for an unknown bit in `rules->flags`, `INVALID_SIZE` or `INVALID_RULES`
/// (as `tictactoe_rules_check`), `LIMIT_EXCEEDED` for a game above `limits->max_bytes`,
/// `INVALID_POSITION` (wrong length, a value above 2, a floating mark under gravity, or
/// unreachable), `ALLOC_FAILED`. `*game_out` is written only on success.
///
/// Ownership: `*rules`, `cells` and `*limits` stay the caller's and are only read during the
/// call; the caller owns the new game and releases it with `tictactoe_game_free`. Thread
/// safety: safe from any thread.
///
/// # Safety
/// `rules` must be NULL or valid for reads of a `tictactoe_rules`; `cells` NULL or valid for
/// reads of `cells_len` bytes; `limits` NULL or valid for reads of a `tictactoe_limits`;
/// `game_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_from_cells_rules(
    rules: *const tictactoe_rules,
    cells: *const u8,
    cells_len: usize,
    limits: *const tictactoe_limits,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let rules = unsafe { rules_in(rules) }?;
        // SAFETY: the caller's promise.
        let cells = unsafe { input(cells, cells_len) }?;
        let game_out = Out::new(game_out)?;
        // SAFETY: the caller's promise.
        let limits = unsafe { limits_of(limits) };
        let game = limits.game_from_cells(rules.to_core()?, cells)?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(game, game_out) }
    })
}

/// Checks that `cells` (as for `tictactoe_game_from_cells_rules`) is a position a legal game
/// under `*rules` reaches, without building a game: `OK`, or `NULL_PARAMETER` when `rules` or
/// `cells` is NULL, `INVALID_ARGUMENT` (an unknown flag), `INVALID_SIZE` or `INVALID_RULES`
/// (as `tictactoe_rules_check`), `INVALID_POSITION`, and `ALLOC_FAILED` when the search for an
/// order of the moves (under gravity or the exact rule) cannot have its memory. Without
/// gravity or the exact rule it allocates nothing.
///
/// Ownership: `*rules` and `cells` stay the caller's and are only read during the call.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `rules` must be NULL or valid for reads of a `tictactoe_rules`; `cells` NULL or valid for
/// reads of `cells_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_position_validate_rules(
    rules: *const tictactoe_rules,
    cells: *const u8,
    cells_len: usize,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let rules = unsafe { rules_in(rules) }?;
        // SAFETY: the caller's promise.
        let cells = unsafe { input(cells, cells_len) }?;
        validate_cells(rules.to_core()?, cells)?;
        Ok(())
    })
}
