//! The game handle: creation, copies and release, and the shapes every call on a game takes
//! (`query` reads a value, `update` changes the game and reports one); the calls themselves by
//! what they do: moves, queries, arrays.

use core::ptr;

use tictactoe_core::{winner_number, Game, Player};

use crate::guard::{borrow, borrow_mut, guard, Out};
use crate::handle::{changing, hand_out, reading, release, Handle};
use crate::limits::{limits_of, tictactoe_limits};
use crate::rules::{rules_in, tictactoe_rules};
use crate::tictactoe_result;

mod arrays;
mod moves;
mod queries;

pub use arrays::*;
pub use moves::*;
pub use queries::*;

/// A game of the k-in-a-row family: n x n tic-tac-toe (`tictactoe_game_new`), or any rows x
/// cols board with k in a row, the exact rule and gravity (`tictactoe_game_new_rules`,
/// `tictactoe_game_new_mnk`). Opaque: made by `tictactoe_game_new` (or `_new_rules`, `_new_mnk`,
/// `_from_cells`, `_from_cells_rules`, `_from_cells_mnk`, `_parse`, `_clone`), released by
/// `tictactoe_game_free`.
pub struct tictactoe_game {
    game: Game,
}

impl Handle for tictactoe_game {
    type Inner = Game;
    type Parts = tictactoe_game;

    fn wrap(game: Game) -> Result<tictactoe_game, tictactoe_result> {
        Ok(tictactoe_game { game })
    }

    fn read<R>(
        &self,
        body: impl FnOnce(&Game) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        body(&self.game)
    }

    /// No callback reaches a game while a call holds it: a read is a read.
    fn read_held<R>(
        &self,
        body: impl FnOnce(&Game) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        self.read(body)
    }

    /// An exclusive borrow: no callback reaches a game, so no call holds it meanwhile.
    unsafe fn change<R>(
        this: *mut tictactoe_game,
        body: impl FnOnce(&mut tictactoe_game) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        // SAFETY: the caller's promise.
        body(unsafe { borrow_mut(this) }?)
    }

    fn inner_mut(game: &mut tictactoe_game) -> &mut Game {
        &mut game.game
    }

    /// No callback reaches a game: no call holds it when its owner may release it.
    fn is_free(&self) -> bool {
        true
    }
}

/// Creates an empty n x n game, X to move, and stores it in `*game_out`.
///
/// Returns `INVALID_SIZE` unless 1 <= n <= 65535, `ALLOC_FAILED` when the memory cannot be had,
/// `NULL_PARAMETER` when `game_out` is NULL. `*game_out` is written only on success.
///
/// Ownership: the caller owns the new game and releases it with `tictactoe_game_free`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `game_out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_new(
    n: u32,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        let game_out = Out::new(game_out)?;
        // The handle is allocated first and the game built straight into it: a game up to
        // 4 x 4 has no other allocation, and is then never copied.
        let mut handle = Box::<tictactoe_game>::new_uninit();
        handle.write(tictactoe_game { game: Game::new(n as usize)? });
        // SAFETY: initialized by the write above; game_out checked non-NULL, valid by the
        // caller's promise.
        unsafe { game_out.write(Box::into_raw(handle.assume_init())) };
        Ok(())
    })
}

/// Creates an empty game under the rules of the k-in-a-row family, X to move, and stores it in
/// `*game_out`: a `rows` x `cols` board where `k` marks in a row, column or diagonal win.
/// `flags` is 0 or a combination of `TICTACTOE_RULE_EXACT` (only a run of exactly k wins) and
/// `TICTACTOE_RULE_GRAVITY` (a mark sits on the bottom row or on a mark: Connect Four is 6, 7, 4,
/// `TICTACTOE_RULE_GRAVITY`; gomoku 15, 15, 5, 0 or `TICTACTOE_RULE_EXACT`). n, n, n, 0 is the
/// game `tictactoe_game_new(n)` makes. The same as `tictactoe_game_new_rules` with these rules
/// and no limits.
///
/// Returns, in this order, `NULL_PARAMETER` when `game_out` is NULL, `INVALID_ARGUMENT` when
/// `flags` has any other bit set, `INVALID_SIZE` or `INVALID_RULES` for rules no game has (as
/// `tictactoe_rules_check`: `INVALID_SIZE` for n, n, n, 0 with a bad n, as
/// `tictactoe_game_new(n)`), `ALLOC_FAILED` when the memory cannot be had. `*game_out` is
/// written only on success.
///
/// Ownership: the caller owns the new game and releases it with `tictactoe_game_free`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `game_out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_new_mnk(
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    let rules = tictactoe_rules { rows, cols, k, flags };
    // SAFETY: `rules` lives through the call; the rest is the caller's promise, passed on.
    unsafe { tictactoe_game_new_rules(&rules, ptr::null(), game_out) }
}

/// Creates an empty game under `*rules` (any rules of the k-in-a-row family: see
/// `tictactoe_rules`), X to move, and stores it in `*game_out`. `limits` is NULL for no limit
/// beyond the largest board, or bounds the memory the game may take at its largest, for rules
/// that come from outside.
///
/// Returns, in this order, `NULL_PARAMETER` when `rules` or `game_out` is NULL,
/// `INVALID_ARGUMENT` when `rules->flags` has a bit set other than `TICTACTOE_RULE_EXACT` and
/// `TICTACTOE_RULE_GRAVITY`, `INVALID_SIZE` or `INVALID_RULES` for rules no game has (as
/// `tictactoe_rules_check`), `LIMIT_EXCEEDED` for a game above `limits->max_bytes` (before
/// anything is allocated), `ALLOC_FAILED` when the memory cannot be had. `*game_out` is written
/// only on success.
///
/// Ownership: `*rules` and `*limits` stay the caller's and are only read during the call; the
/// caller owns the new game and releases it with `tictactoe_game_free`. Thread safety: safe
/// from any thread.
///
/// # Safety
/// `rules` must be NULL or valid for reads of a `tictactoe_rules`; `limits` NULL or valid for
/// reads of a `tictactoe_limits`; `game_out` NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_new_rules(
    rules: *const tictactoe_rules,
    limits: *const tictactoe_limits,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let rules = unsafe { rules_in(rules) }?;
        let game_out = Out::new(game_out)?;
        // SAFETY: the caller's promise.
        let limits = unsafe { limits_of(limits) };
        let game = limits.game(rules.to_core()?)?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(game, game_out) }
    })
}

/// Releases a game. NULL does nothing.
///
/// Ownership: takes back the game from the caller; it must not be used again.
/// Thread safety: no other thread may be using the game.
///
/// # Safety
/// `game` must be NULL or a game from this library not yet released.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_free(game: *mut tictactoe_game) {
    // SAFETY: the caller's promise.
    unsafe { release(game) }
}

/// Stores an independent copy of `game` (board, history, everything) in `*game_out`.
///
/// Returns `NULL_PARAMETER` when a pointer is NULL, `ALLOC_FAILED` when memory cannot be had.
///
/// Ownership: the caller owns the copy and releases it with `tictactoe_game_free`; `game` is
/// only read. Thread safety: may run while other threads read the same game.
///
/// # Safety
/// `game` must be NULL or a live game; `game_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_clone(
    game: *const tictactoe_game,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let game = unsafe { borrow(game) }?;
        let game_out = Out::new(game_out)?;
        let copy = game.game.try_clone()?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(copy, game_out) }
    })
}

/// Runs `answer` on a game the call reads and stores its value in `*out`: the shape of every
/// query (NULL checks first, the out-param written only on success).
///
/// # Safety
/// As for [`reading`]; `out` must be NULL or valid for writes.
unsafe fn query<T>(
    game: *const tictactoe_game,
    out: *mut T,
    answer: impl FnOnce(&Game) -> Result<T, tictactoe_result>,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        reading(game, |game| {
            let out = Out::new(out)?;
            let value = answer(game)?;
            out.write(value);
            Ok(())
        })
    }
}

/// Runs `act` on a game the call may change and stores its value in `*out`: the shape of every
/// move (NULL checks first, so a NULL out-param refuses the move before it is made).
///
/// # Safety
/// As for [`changing`]; `out` must be NULL or valid for writes.
unsafe fn update<T>(
    game: *mut tictactoe_game,
    out: *mut T,
    act: impl FnOnce(&mut Game) -> Result<T, tictactoe_result>,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        changing(game, |game| {
            let out = Out::new(out)?;
            let value = act(game)?;
            out.write(value);
            Ok(())
        })
    }
}

/// A player or an empty cell as its number: 0, 1 or 2.
fn winner_u32(player: Option<Player>) -> u32 {
    u32::from(winner_number(player))
}
