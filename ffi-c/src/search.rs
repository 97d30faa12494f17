//! The computer player: the value of a position, a best move, and a perfect opponent for a
//! batch of 3 x 3 games.

use core::ffi::c_void;
use core::iter::repeat;

use tictactoe_core::{winner_number, Game, NO_ACTION};
use tictactoe_search::{search_seed, Computer, Options, PerfectTable, SearchError};

use crate::guard::{buffer, collected, guard, input, Out};
use crate::options::{move_options, solve_options};
use crate::{
    handle, tictactoe_batch, tictactoe_game, tictactoe_move_options, tictactoe_move_value,
    tictactoe_result, tictactoe_solve_options,
};

/// The solving budget the library uses when a caller has no better figure: a few seconds of
/// work at most (the empty 4 x 4 board needs about 16 000 positions).
pub const TICTACTOE_DEFAULT_MAX_NODES: u64 = 10_000_000;
const _: () = assert!(TICTACTOE_DEFAULT_MAX_NODES == tictactoe_search::DEFAULT_MAX_NODES);

/// The tree search's simulations when a caller has no better figure.
pub const TICTACTOE_DEFAULT_SIMULATIONS: u32 = 10_000;
const _: () = assert!(TICTACTOE_DEFAULT_SIMULATIONS == tictactoe_search::DEFAULT_SIMULATIONS);

/// A caller's stop for a long search (`tictactoe_game_solve_until`,
/// `tictactoe_game_best_move_until`): called with the caller's `user` pointer every 1 024
/// positions of a solve and before each simulation of the tree search, on the thread that
/// called the search; a non-zero return ends the search (it is not asked again). It may call
/// into the library, and change or free the game searched (the search runs on a copy, the game
/// not touched after it is made), but a search it starts on its thread returns `BUSY` (the
/// thread's search memory is the running one's). It must not unwind out of the call (a C++
/// exception, `longjmp`): catch and return non-zero, as the C++ wrapper does.
pub type tictactoe_stop = Option<unsafe extern "C" fn(user: *mut c_void) -> i32>;

/// Runs `work` with this thread's computer player (its memory allocated once per thread, so
/// that threads never wait for each other); `BUSY` when a search already runs on this thread
/// (a `tictactoe_stop` that starts another).
fn with_computer<T>(
    work: impl FnOnce(&mut Computer) -> Result<T, SearchError>,
) -> Result<T, tictactoe_result> {
    Computer::try_with_this_thread(work)
        .ok_or(tictactoe_result::Busy)?
        .map_err(tictactoe_result::from)
}

/// `stop` and `user` as the search's predicate (never `true` for a NULL `stop`).
///
/// # Safety
/// `stop` must be NULL or a function that may be called with `user` during the search.
unsafe fn stopping(stop: tictactoe_stop, user: *mut c_void) -> impl FnMut() -> bool {
    // SAFETY: the caller's promise.
    move || stop.is_some_and(|stop| unsafe { stop(user) } != 0)
}

/// A copy of the game at `game`, once `check` (the call's other checks) passed, for a search
/// that calls the caller's code: the game's handle is not held while it runs, so that the
/// caller's stop may use it.
///
/// # Safety
/// `game` must be NULL or a live game.
unsafe fn copied<C>(
    game: *const tictactoe_game,
    check: impl FnOnce() -> Result<C, tictactoe_result>,
) -> Result<(Game, C), tictactoe_result> {
    // SAFETY: the caller's promise.
    unsafe {
        handle::read(game, |game| {
            let checked = check()?;
            Ok((game.try_clone().map_err(tictactoe_result::from)?, checked))
        })
    }
}

/// Writes into `out` the actions `search` writes with this thread's computer player, only
/// once it has succeeded: it writes into scratch first, so that a refusal part way leaves the
/// caller's array untouched.
fn searched_into(
    out: &mut [u32],
    search: impl FnOnce(&mut Computer, &mut [u32]) -> Result<(), SearchError>,
) -> Result<(), tictactoe_result> {
    let mut actions = collected(out.len(), repeat(NO_ACTION))?;
    with_computer(|computer| search(computer, &mut actions))?;
    out.copy_from_slice(&actions);
    Ok(())
}

/// Solves the game's position: stores who wins when both sides play perfectly (0 for a draw,
/// else 1 or 2) in `*winner_out`, and the number of moves to the end in `*plies_out` (the winner
/// takes the fastest win, the loser the slowest loss; a draw ends with the board full, so it is
/// the number of empty cells). A finished game gives its result and 0 plies.
///
/// Exact under every rule set: on Connect Four and the boards whose positions one 64-bit word
/// names, a null-window negamax on bit masks with a table of bounds (Pascal Pons' solver's
/// way); on any other board, alpha-beta with a transposition table keyed by the symmetries
/// the rules keep (the empty 4 x 4 board in about 16 000 positions). `max_nodes` bounds the
/// positions this call visits (`TICTACTOE_DEFAULT_MAX_NODES` when the caller has no better
/// figure): a thread's solver keeps its table from one call to the next, so a position near
/// one solved before may fit a smaller budget.
/// Connect Four's early positions are read from the opening book compiled into the library
/// (the empty board at once); `tictactoe_game_solve_with` and `TICTACTOE_NO_BOOK` solve them.
///
/// Returns `BUDGET_EXCEEDED` when solving would visit more than `max_nodes` positions
/// (nothing is guessed), `ALLOC_FAILED`, `NULL_PARAMETER`, `BUSY` when called from a
/// `tictactoe_stop` on its thread. The out-params are written only on success.
///
/// Ownership: the caller keeps the game. Thread safety: may run while other threads read the
/// game; every thread has its own solver memory.
///
/// # Safety
/// `game` must be NULL or a live game; `winner_out` and `plies_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_solve(
    game: *const tictactoe_game,
    max_nodes: u64,
    winner_out: *mut u32,
    plies_out: *mut u32,
) -> tictactoe_result {
    let options = tictactoe_solve_options { max_nodes, threads: 1, flags: 0, table_entries: 0 };
    // SAFETY: the caller's promise.
    unsafe { tictactoe_game_solve_with(game, &options, winner_out, plies_out) }
}

/// `tictactoe_game_solve` on `threads` threads that share one table: the same value whatever
/// their number, sooner, on Connect Four and the gravity boards whose positions one 64-bit
/// word names (rows * (cols + 1) + cols <= 64); other boards solve on one. At most four
/// threads a core run, whatever `threads` asks. The budget counts the first thread's
/// positions.
///
/// Returns `INVALID_ARGUMENT` for 0 threads, and as `tictactoe_game_solve`. The out-params are
/// written only on success.
///
/// Ownership: the caller keeps the game. Thread safety: may run while other threads read the
/// game; the threads started end before it returns.
///
/// # Safety
/// `game` must be NULL or a live game; `winner_out` and `plies_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_solve_threads(
    game: *const tictactoe_game,
    max_nodes: u64,
    threads: u32,
    winner_out: *mut u32,
    plies_out: *mut u32,
) -> tictactoe_result {
    let options = tictactoe_solve_options { max_nodes, threads, flags: 0, table_entries: 0 };
    // SAFETY: the caller's promise.
    unsafe { tictactoe_game_solve_with(game, &options, winner_out, plies_out) }
}

/// `tictactoe_game_solve` as `options` say (NULL for the defaults: see
/// `tictactoe_solve_options`): the budget, the threads sharing one table, and whether
/// Connect Four's opening book answers the positions it has (by default; then at once, where
/// the empty board takes the solver minutes) or they are solved (`TICTACTOE_NO_BOOK`).
///
/// Returns `INVALID_ARGUMENT` for 0 threads or an unknown flag, and as `tictactoe_game_solve`.
/// The out-params are written only on success.
///
/// Ownership: the caller keeps the game and the options. Thread safety: may run while other
/// threads read the game; the threads started end before it returns.
///
/// # Safety
/// `game` must be NULL or a live game; `options` NULL or valid for reads; `winner_out` and
/// `plies_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_solve_with(
    game: *const tictactoe_game,
    options: *const tictactoe_solve_options,
    winner_out: *mut u32,
    plies_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        handle::reading(game, |game| {
            let (winner_out, plies_out) = (Out::new(winner_out)?, Out::new(plies_out)?);
            let options = solve_options(options)?;
            let solution = with_computer(|computer| computer.solve_with(game, &options))?;
            winner_out.write(u32::from(winner_number(solution.winner)));
            // At most n * n < 2^32 plies.
            plies_out.write(solution.plies as u32);
            Ok(())
        })
    }
}

/// `tictactoe_game_solve_with` that the caller can end: `stop` (NULL: never) is called with
/// `user` every 1 024 positions, and a non-zero return ends the solve as an exhausted budget
/// does (`BUDGET_EXCEEDED`): a cancel flag, a clock's deadline. The solve runs on a copy of
/// the game, so that `stop` may use the game (see `tictactoe_stop`).
///
/// Returns `BUDGET_EXCEEDED` once `stop` returned non-zero, `BUSY` when called from a stop on
/// its thread, and as `tictactoe_game_solve_with`. The out-params are written only on success.
///
/// Ownership: the caller keeps the game, the options and `user`. Thread safety: may run while
/// other threads read the game; `stop` runs on the calling thread; the threads started end
/// before it returns.
///
/// # Safety
/// `game` must be NULL or a live game; `options` NULL or valid for reads; `stop` NULL or
/// callable with `user` during the call; `winner_out` and `plies_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_solve_until(
    game: *const tictactoe_game,
    options: *const tictactoe_solve_options,
    stop: tictactoe_stop,
    user: *mut c_void,
    winner_out: *mut u32,
    plies_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promises.
    guard(|| unsafe {
        let (game, (winner_out, plies_out, options)) = copied(game, || {
            Ok((Out::new(winner_out)?, Out::new(plies_out)?, solve_options(options)?))
        })?;
        let stop = &mut stopping(stop, user);
        let solution = with_computer(|computer| computer.solve_until(&game, &options, stop))?;
        winner_out.write(u32::from(winner_number(solution.winner)));
        // At most n * n < 2^32 plies.
        plies_out.write(solution.plies as u32);
        Ok(())
    })
}

/// Values every legal move of the game's position: writes one `tictactoe_move_value` a move
/// into `values_out[0..capacity]`, in the order of `tictactoe_game_legal_moves`, and stores
/// their number in `*count_out`. A move's value is the result once it is played and both play
/// perfectly after it (0 for a draw, else the winner 1 or 2) and the moves to the end counted
/// from the position given, this move the first. A finished game has none. `max_nodes`
/// bounds the positions visited by all the moves' solves together
/// (`TICTACTOE_DEFAULT_MAX_NODES` when the caller has no better figure).
///
/// Returns `BUFFER_TOO_SMALL` with the number needed in `*count_out` (and `values_out`
/// untouched, nothing solved) when `capacity` is too small; `BUDGET_EXCEEDED` when solving
/// would visit more than `max_nodes` positions (nothing is guessed); `ALLOC_FAILED`;
/// `NULL_PARAMETER` when `game` or `count_out` is NULL, or `values_out` is NULL with a
/// non-zero `capacity`; `BUSY` when called from a `tictactoe_stop` on its thread. `values_out` and `*count_out` are written only on success (and
/// `*count_out` with `BUFFER_TOO_SMALL`).
///
/// Ownership: the caller keeps the game and owns `values_out`. Thread safety: may run while
/// other threads read the game; every thread has its own solver memory.
///
/// # Safety
/// `game` must be NULL or a live game; `values_out` NULL or valid for `capacity` writes;
/// `count_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_analyze(
    game: *const tictactoe_game,
    max_nodes: u64,
    values_out: *mut tictactoe_move_value,
    capacity: usize,
    count_out: *mut usize,
) -> tictactoe_result {
    let options = tictactoe_solve_options { max_nodes, threads: 1, flags: 0, table_entries: 0 };
    // SAFETY: the caller's promise.
    unsafe { tictactoe_game_analyze_with(game, &options, values_out, capacity, count_out) }
}

/// `tictactoe_game_analyze` as `options` say (NULL for the defaults: see
/// `tictactoe_solve_options`; each move's solve runs on the threads given).
///
/// Returns `INVALID_ARGUMENT` for 0 threads or an unknown flag (after the checks of
/// `count_out` and `values_out`), and as `tictactoe_game_analyze`, whose out-params' rules
/// hold.
///
/// Ownership: the caller keeps the game and the options and owns `values_out`. Thread safety:
/// may run while other threads read the game; the threads started end before it returns.
///
/// # Safety
/// `game` must be NULL or a live game; `options` NULL or valid for reads; `values_out` NULL
/// or valid for `capacity` writes; `count_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_analyze_with(
    game: *const tictactoe_game,
    options: *const tictactoe_solve_options,
    values_out: *mut tictactoe_move_value,
    capacity: usize,
    count_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        handle::reading(game, |game| {
            let count_out = Out::new(count_out)?;
            let values_out = buffer(values_out, capacity)?;
            let options = solve_options(options)?;
            let count = game.legal_moves().count();
            if count > values_out.len() {
                count_out.write(count);
                return Err(tictactoe_result::BufferTooSmall);
            }
            let values = with_computer(|computer| computer.analyze_with(game, &options))?;
            for (slot, value) in values_out.iter_mut().zip(values) {
                *slot = value.into();
            }
            count_out.write(count);
            Ok(())
        })
    }
}

/// Chooses a move for the player to move, under any rules, and stores it in `*row_out` and
/// `*col_out` (under gravity, the cell the mark lands on): a perfect one from Connect Four's
/// opening book where it has the position, else when solving fits a budget (on Connect Four
/// every position, within about a second; elsewhere positions with few empty cells, every
/// 4 x 4 position); otherwise the tactics (win now, block, double threats), else the choice
/// of a Monte Carlo tree search of `simulations` simulations
/// (`TICTACTOE_DEFAULT_SIMULATIONS` when the caller has no better figure) drawn from `seed`. The
/// same position, simulations and seed give the same move. Always a legal move.
///
/// Returns `GAME_OVER` for a finished game (won or drawn), `ALLOC_FAILED`, `NULL_PARAMETER`,
/// `BUSY` when called from a `tictactoe_stop` on its thread. The out-params are written only
/// on success.
///
/// Ownership: the caller keeps the game. Thread safety: may run while other threads read the
/// game; every thread has its own search memory.
///
/// # Safety
/// `game` must be NULL or a live game; `row_out` and `col_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_best_move(
    game: *const tictactoe_game,
    simulations: u32,
    seed: u64,
    row_out: *mut u32,
    col_out: *mut u32,
) -> tictactoe_result {
    let options = tictactoe_move_options { simulations, flags: 0, seed, max_nodes: 0 };
    // SAFETY: the caller's promise.
    unsafe { tictactoe_game_best_move_with(game, &options, row_out, col_out) }
}

/// `tictactoe_game_best_move` as `options` say (NULL for its defaults: see
/// `tictactoe_move_options`): on Connect Four a perfect move from the opening book in the
/// positions it has, else a perfect move when solving fits the budget (`max_nodes`; by
/// default on Connect Four about a second in every position), else the tree search's choice.
/// `TICTACTOE_NO_BOOK` leaves the book out; `TICTACTOE_NOT_PERFECT` leaves book and solving
/// out (the tree search alone).
///
/// Returns `INVALID_ARGUMENT` for an unknown flag, and as `tictactoe_game_best_move`. The
/// out-params are written only on success.
///
/// Ownership: the caller keeps the game and the options. Thread safety: may run while other
/// threads read the game; every thread has its own search memory.
///
/// # Safety
/// `game` must be NULL or a live game; `options` NULL or valid for reads; `row_out` and
/// `col_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_best_move_with(
    game: *const tictactoe_game,
    options: *const tictactoe_move_options,
    row_out: *mut u32,
    col_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        handle::reading(game, |game| {
            let (row_out, col_out) = (Out::new(row_out)?, Out::new(col_out)?);
            let options = move_options(options)?;
            let (row, col) = with_computer(|computer| computer.best_move(game, &options))?;
            // Rows and columns are below n <= 65535.
            row_out.write(row as u32);
            col_out.write(col as u32);
            Ok(())
        })
    }
}

/// `tictactoe_game_best_move_with` that the caller can end: `stop` (NULL: never) is called
/// with `user` before each simulation of the tree search and every 1 024 positions of a
/// perfect move's solve, and a non-zero return ends the search: the move is then the one the
/// simulations made so far choose (with none, the tactics' most promising move), always legal.
/// The search runs on a copy of the game, so that `stop` may use the game (see
/// `tictactoe_stop`). With a `stop` that never returns non-zero, `tictactoe_game_best_move_with`'s
/// move.
///
/// Returns `BUSY` when called from a stop on its thread, and as
/// `tictactoe_game_best_move_with`. The out-params are written only on success.
///
/// Ownership: the caller keeps the game, the options and `user`. Thread safety: may run while
/// other threads read the game; `stop` runs on the calling thread.
///
/// # Safety
/// `game` must be NULL or a live game; `options` NULL or valid for reads; `stop` NULL or
/// callable with `user` during the call; `row_out` and `col_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_best_move_until(
    game: *const tictactoe_game,
    options: *const tictactoe_move_options,
    stop: tictactoe_stop,
    user: *mut c_void,
    row_out: *mut u32,
    col_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promises.
    guard(|| unsafe {
        let (game, (row_out, col_out, options)) =
            copied(game, || Ok((Out::new(row_out)?, Out::new(col_out)?, move_options(options)?)))?;
        let stop = &mut stopping(stop, user);
        let (row, col) =
            with_computer(|computer| computer.best_move_until(&game, &options, None, stop))?;
        // Rows and columns are below n <= 65535.
        row_out.write(row as u32);
        col_out.write(col as u32);
        Ok(())
    })
}

/// Writes a perfect action (row * n + col) for each game of a batch of boards up to 3 x 3 into
/// `actions_out` (of `count`, the number of games), `TICTACTOE_NO_ACTION` for a game that is
/// over: a perfect opponent for every game at once, read from a table of every position (built
/// once per process and size, about 20 ms for 3 x 3, by the first call). Among equally good
/// moves, the fastest win and the slowest loss; then a fixed order.
///
/// Returns `UNSUPPORTED_RULES` for a batch that is not of n x n tic-tac-toe (checked first),
/// `UNSUPPORTED_SIZE` for a batch of boards above 3 x 3, `LENGTH_MISMATCH` for another
/// `count`, `NULL_PARAMETER`; the array is untouched then.
///
/// Ownership: the caller owns the array. Thread safety: may run while other threads read the
/// batch.
///
/// # Safety
/// `batch` must be NULL or a live batch; `actions_out` NULL or valid for `count` writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_perfect_actions(
    batch: *const tictactoe_batch,
    actions_out: *mut u32,
    count: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        handle::reading(batch, |batch| {
            let actions_out = buffer(actions_out, count)?;
            let table = PerfectTable::shared_for(batch.rules())?;
            Ok(table.actions(batch.games(), actions_out)?)
        })
    }
}

/// Writes the computer player's action for each game of a batch of any rules into
/// `actions_out` (of `count`, the number of games): a cell (row * cols + col), or under gravity
/// a column, as `tictactoe_game_best_move` chooses it with `simulations` of tree search where
/// it does not solve, solving tried only near the end within 200 000 positions and the
/// opening book left out (a move kept fast, and openings that vary with the seed, where
/// `tictactoe_game_best_move` plays Connect Four perfectly), game g's search seeded from
/// `seed` and g; `TICTACTOE_NO_ACTION` for a game that is over. An opponent for every game at
/// once.
///
/// Returns `LENGTH_MISMATCH` for another `count`, `NULL_PARAMETER`, `ALLOC_FAILED`, `BUSY` when
/// called from a `tictactoe_stop` on its thread; the array is untouched then.
///
/// Ownership: the caller owns the array. Thread safety: may run while other threads read the
/// batch; each thread searches with its own memory.
///
/// # Safety
/// `batch` must be NULL or a live batch; `actions_out` NULL or valid for `count` writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_computer_actions(
    batch: *const tictactoe_batch,
    simulations: u32,
    seed: u64,
    actions_out: *mut u32,
    count: usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        handle::reading(batch, |batch| {
            let actions_out = buffer(actions_out, count)?;
            let options = Options::opponent(simulations, seed);
            searched_into(actions_out, |computer, actions| {
                computer.actions(batch.games(), &options, 0, actions)
            })
        })
    }
}

/// Writes the computer player's action for the games listed in `games` (`count` indices below
/// the number of games; an index may repeat) into `actions_out` (of `count`), as
/// `tictactoe_batch_computer_actions` chooses them: game `games[i]` is searched with
/// `seeds[i]` when `seeds` is not NULL (the action is then the one
/// `tictactoe_game_best_move_with` chooses with that seed, `max_nodes` 200 000 and
/// `TICTACTOE_NO_BOOK`), else with the seed `tictactoe_batch_computer_actions` gives it from
/// `seed` and its index (the action is then that call's). What an opponent moving in some games of a
/// batch (those where it is its turn) needs, without searching the others.
///
/// Returns `GAME_INDEX` for an index not below the number of games (checked before any
/// search), `NULL_PARAMETER` (`batch` NULL, or `games` or `actions_out` NULL with a non-zero
/// `count`), `ALLOC_FAILED`, `BUSY` when called from a `tictactoe_stop` on its thread; the
/// array is untouched then.
///
/// Ownership: the caller owns the arrays. Thread safety: may run while other threads read the
/// batch; each thread searches with its own memory.
///
/// # Safety
/// `batch` must be NULL or a live batch; `games` NULL or valid for reads of `count` values,
/// `seeds` NULL or valid for reads of `count` values; `actions_out` NULL or valid for `count`
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_batch_computer_actions_games(
    batch: *const tictactoe_batch,
    simulations: u32,
    seed: u64,
    games: *const u32,
    seeds: *const u64,
    count: usize,
    actions_out: *mut u32,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe {
        handle::reading(batch, |batch| {
            let actions_out = buffer(actions_out, count)?;
            let (games, given) = if count == 0 {
                (&[][..], None)
            } else {
                (
                    input(games, count)?,
                    if seeds.is_null() { None } else { Some(input(seeds, count)?) },
                )
            };
            let listed = collected(count, games.iter().map(|&g| g as usize))?;
            let searched = match given {
                Some(given) => collected(count, given.iter().copied())?,
                None => collected(count, listed.iter().map(|&g| search_seed(seed, g)))?,
            };
            let options = Options::opponent(simulations, seed);
            searched_into(actions_out, |computer, actions| {
                computer.actions_of(batch.games(), &listed, &searched, &options, actions)
            })
        })
    }
}
