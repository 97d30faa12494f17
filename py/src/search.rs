//! The computer player: `solve`, `best_move`, and the table behind `Batch.perfect_actions`.
//! Searches run without the GIL, on a copy of the game, with each thread's own memory; Ctrl-C
//! ends them.

use core::ffi::c_ulong;
use core::time::Duration;
use std::sync::OnceLock;
use std::time::Instant;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tictactoe_core::{winner_number, Error, Game, Rules};
use tictactoe_search::{
    Computer, Options, PerfectTable, SearchError, SolveOptions, DEFAULT_MAX_NODES,
    DEFAULT_SIMULATIONS,
};

use crate::convert;
use crate::errors::{with_data, BudgetExceededError, GameError, GameOverError};
use crate::game::PyTicTacToe;

/// The perfect-play table for games under `rules`, built once per process: `ValueError`
/// (`unsupported_rules`, `unsupported_size`) for rules without one.
pub(crate) fn perfect_table(rules: Rules) -> PyResult<&'static PerfectTable> {
    PerfectTable::shared_for(rules).map_err(search_error)
}

/// The exception for a refusal of the computer player: the core's classes for what the core
/// refuses (a won game is `GameOverError` with its winner), `GameOverError` with winner 0 for a
/// drawn one, `BudgetExceededError`, and `ValueError` for an unsupported size or rules.
pub(crate) fn search_error(error: SearchError) -> PyErr {
    let (err, attribute) = match error {
        SearchError::GameOver { winner: Some(winner) } => {
            return GameError::from(Error::GameOver { winner }).into()
        }
        SearchError::Game(error) => return GameError::from(error).into(),
        SearchError::GameOver { winner: None } => {
            (GameOverError::new_err(error.to_string()), ("winner", 0))
        }
        SearchError::BudgetExceeded { max_nodes } => {
            (BudgetExceededError::new_err(error.to_string()), ("max_nodes", max_nodes))
        }
        SearchError::UnsupportedSize { n } => {
            (PyValueError::new_err(error.to_string()), ("n", n as u64))
        }
        SearchError::UnsupportedRules { rules } => {
            (PyValueError::new_err(error.to_string()), ("k", rules.k as u64))
        }
    };
    with_data(err, error.name(), |value| value.setattr(attribute.0, attribute.1))
}

/// A non-negative integer argument, or `ValueError` naming it.
pub(crate) fn non_negative<T: for<'a> FromPyObject<'a, 'a>>(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    default: T,
) -> PyResult<T> {
    match value {
        None => Ok(default),
        Some(value) if value.is_none() => Ok(default),
        Some(value) => value.extract::<T>().map_err(|_| {
            PyValueError::new_err(format!(
                "{name} must be a non-negative integer that fits the budget type, not {value}"
            ))
        }),
    }
}

/// How often a search on Python's main thread asks Python whether a signal came: the clock is
/// read at one question of the search's in 64 (a solve asks every 1 024 positions, the tree
/// search before each simulation), and the GIL taken once 20 ms have passed since the last
/// time. By the clock, not by count alone: while another Python thread runs, taking the GIL
/// waits up to Python's switch interval (5 ms), and taken every 64 questions it made a search
/// 2-3x slower beside a busy thread; every 20 ms, at most a quarter.
const CLOCK_EVERY: u32 = 64;
const SIGNALS_EVERY: Duration = Duration::from_millis(20);

/// Whether the calling thread is Python's main thread, the only one its signal handlers run on
/// (the main thread's ident read once a process).
fn on_main_thread(py: Python<'_>) -> PyResult<bool> {
    static MAIN: OnceLock<c_ulong> = OnceLock::new();
    let main = match MAIN.get() {
        Some(&main) => main,
        None => {
            let threading = py.import("threading")?;
            let ident = threading.call_method0("main_thread")?.getattr("ident")?.extract()?;
            *MAIN.get_or_init(|| ident)
        }
    };
    // SAFETY: reads the calling thread's ident, which needs nothing of the interpreter.
    let this = unsafe { pyo3::ffi::PyThread_get_thread_ident() };
    Ok(this == main)
}

/// Runs `work` on a copy of the game with this thread's computer player, without the GIL. On
/// Python's main thread its stop asks Python now and then whether a signal came: when a
/// handler raises (Ctrl-C's `KeyboardInterrupt`), the search ends and that exception is raised
/// in place of its answer, the game as it was. Elsewhere (Python runs signal handlers on its
/// main thread only) the search runs to its end, and never waits for the GIL. A search a
/// handler starts on the searching thread is `RuntimeError`: the thread's player is lent to
/// the running one.
fn with_computer<T: Send>(
    py: Python<'_>,
    game: &Bound<'_, PyTicTacToe>,
    work: impl FnOnce(&mut Computer, &Game, &mut dyn FnMut() -> bool) -> Result<T, SearchError> + Send,
) -> PyResult<T> {
    let game = PyTicTacToe::read(game, Game::try_clone).map_err(GameError::from)?;
    let main = on_main_thread(py)?;
    let (mut asked, mut last, mut raised) = (0u32, Instant::now(), None);
    let found = py.detach(|| {
        let stop = &mut || {
            asked = asked.wrapping_add(1);
            if main
                && raised.is_none()
                && asked % CLOCK_EVERY == 0
                && last.elapsed() >= SIGNALS_EVERY
            {
                raised = Python::attach(|py| py.check_signals().err());
                last = Instant::now();
            }
            raised.is_some()
        };
        Computer::try_with_this_thread(|computer| work(computer, &game, stop))
    });
    match (raised, found) {
        (Some(error), _) => Err(error),
        (None, Some(found)) => found.map_err(search_error),
        (None, None) => Err(PyRuntimeError::new_err(
            "a search is running on this thread: a signal handler may not start another",
        )),
    }
}

/// The value of the game's position under perfect play: (winner, plies), the winner 0 for a
/// draw, plies the moves to the end (fastest win, slowest loss; a draw's is the number of empty
/// cells). Exact on any board; `max_nodes` (default 10 000 000) bounds the positions this call
/// visits, and `BudgetExceededError` says when it would not be enough (a thread's solver keeps
/// its table from one call to the next: a position near one solved before may fit a smaller
/// budget; with several threads the first one's count). `threads` (default 1) threads
/// solve Connect Four (and the gravity boards its solver serves) together, sharing one table:
/// the same value whatever their number, sooner; `ValueError` for 0. `book` (default True):
/// Connect Four's early positions are read from the opening book at once; `book=False` solves
/// them (minutes for the empty board). `table_entries` (default None: 2^23 + 9, 64 MiB; 0 the
/// smallest table, where C's 0 is the default) sizes the Connect Four solver's table for this
/// call, 8 bytes an entry: more for the longest
/// solves (the empty board without the book: 278 s with 2^26 against 378 s here);
/// `MemoryError` when the memory cannot be had, nothing else changed. Ctrl-C ends it
/// (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (game, max_nodes = None, *, threads = None, book = true, table_entries = None))]
pub(crate) fn solve(
    py: Python<'_>,
    game: &Bound<'_, PyTicTacToe>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    threads: Option<convert::Threads>,
    book: bool,
    table_entries: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u8, usize)> {
    let max_nodes = non_negative(max_nodes, "max_nodes", DEFAULT_MAX_NODES)?;
    let threads = threads.unwrap_or(convert::Threads::ONE).0;
    let table_entries = non_negative(table_entries, "table_entries", None)?;
    let options = SolveOptions { max_nodes, threads, book, table_entries };
    let solution =
        with_computer(py, game, |computer, game, stop| computer.solve_until(game, &options, stop))?;
    Ok((winner_number(solution.winner), solution.plies))
}

/// A position's value as Python sees it: (winner, plies), the winner 0 for a draw.
type Value = (u8, usize);

/// Every legal move of the game's position with its value: a list of ((row, col), (winner,
/// plies)), in the order of `legal_moves`, where (winner, plies) is the value once that move is
/// played and both play perfectly after it (winner 0 for a draw), plies counted from the
/// position given (the move itself is the first). A finished game has none. `max_nodes`
/// (default 10 000 000) bounds the positions visited by all the moves together;
/// `BudgetExceededError` says when it would not be enough. `book=False` solves the positions
/// the opening book has, as `solve`. Ctrl-C ends it (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (game, max_nodes = None, *, book = true))]
pub(crate) fn analyze(
    py: Python<'_>,
    game: &Bound<'_, PyTicTacToe>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    book: bool,
) -> PyResult<Vec<((usize, usize), Value)>> {
    let max_nodes = non_negative(max_nodes, "max_nodes", DEFAULT_MAX_NODES)?;
    let options = SolveOptions { max_nodes, book, ..SolveOptions::default() };
    let values = with_computer(py, game, |computer, game, stop| {
        computer.analyze_until(game, &options, stop)
    })?;
    Ok(values
        .into_iter()
        .map(|v| ((v.row, v.col), (winner_number(v.solution.winner), v.solution.plies)))
        .collect())
}

/// A move (row, col) for the player to move, under any rules, as `Computer::best_move` chooses
/// it: with `perfect` (the default), a perfect move (the fastest win, the slowest loss): on
/// Connect Four the opening book's in the positions it has (unless `book=False`), else when
/// solving the position takes at most `max_nodes` positions, tried with few enough empty
/// cells (by default, on Connect Four and the gravity boards the fast solver serves: every
/// position, within 8 000 000 positions, about a second; elsewhere, and whenever `max_nodes`
/// is given: 16 empty cells, every 4 x 4 position; 24 under gravity; 10 on boards above 64
/// cells; within 200 000 by default); otherwise the tactics' only move when they leave one
/// (a win now, the block of the opponent's only winning cell), else a Monte Carlo tree search
/// of `simulations` simulations (default 10 000) among the moves they leave, drawn from `seed`
/// (default 0: the same position, simulations and seed give the same move). `perfect=False`
/// skips book and solving (the tree search alone). `GameOverError` for a finished game (won
/// or drawn). Ctrl-C ends it (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (game, *, simulations = None, seed = None, max_nodes = None, perfect = true, book = true))]
pub(crate) fn best_move(
    py: Python<'_>,
    game: &Bound<'_, PyTicTacToe>,
    simulations: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    perfect: bool,
    book: bool,
) -> PyResult<(usize, usize)> {
    let options = Options { perfect, book, ..options(simulations, seed, max_nodes)? };
    with_computer(py, game, |computer, game, stop| {
        computer.best_move_until(game, &options, None, stop)
    })
}

/// The computer player's options from Python's keywords, each defaulted when absent or None.
pub(crate) fn options(
    simulations: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
) -> PyResult<Options> {
    Ok(Options {
        simulations: non_negative(simulations, "simulations", DEFAULT_SIMULATIONS)?,
        seed: non_negative(seed, "seed", 0)?,
        max_nodes: non_negative(max_nodes, "max_nodes", None)?,
        ..Options::default()
    })
}
