//! The computer player: `bestMove` and `solve`, on the game as it stands (a search never
//! changes it), with the memory of this thread's computer player kept between calls; and
//! `bestMoveAsync` and `solveAsync`, the same searches on libuv's thread pool, so that a long
//! one does not stall the event loop, and which a [`Cancel`] ends early.

use alloc::sync::Arc;
use core::sync::atomic::{AtomicBool, Ordering};

use napi::bindgen_prelude::{AsyncTask, ClassInstance, ToNapiValue, TypeName};
use napi::{Env, Task};
use napi_derive::napi;
use tictactoe_core::{winner_number, Game};
use tictactoe_search::{
    Computer, Options, SearchError, SolveOptions, DEFAULT_MAX_NODES, DEFAULT_SIMULATIONS,
};

use crate::errors::{OrThrow, Refusal};
use crate::game::TicTacToe;
use crate::numbers;

/// How `bestMove` chooses: see `bestMove`.
#[napi(object)]
#[derive(Default)]
pub struct MoveOptions {
    /// The tree search's simulations where it does not solve (default 10 000).
    pub simulations: Option<f64>,
    /// The tree search's seed (default 0): the same position, simulations and seed give the
    /// same move.
    pub seed: Option<f64>,
    /// The positions solving may visit before the move is searched instead.
    pub max_nodes: Option<f64>,
    /// Whether to play perfectly where solving fits (default true); false: the tree search
    /// alone, a weaker player.
    pub perfect: Option<bool>,
    /// Whether Connect Four's opening book answers its first moves (default true).
    pub book: Option<bool>,
}

/// How `solve` solves: see `solve`.
#[napi(object)]
#[derive(Default)]
pub struct SolveWith {
    /// The positions the solve may visit (default 10 000 000); `BudgetExceededError` beyond.
    pub max_nodes: Option<f64>,
    /// Whether Connect Four's early positions are read from the opening book (default true).
    pub book: Option<bool>,
}

/// A position's value under perfect play: the winner (0 for a draw) and the moves to the end
/// (the fastest win, the slowest loss; a draw's is the number of empty cells).
#[napi(object)]
pub struct Solution {
    /// 0 for a draw, else 1 or 2.
    pub winner: u32,
    /// The moves to the end when both play best.
    pub plies: u32,
}

/// The search's options from `bestMove`'s, checked: shared by `bestMove` and `bestMoveAsync`,
/// so that both take and refuse the same options.
fn move_options(env: &Env, options: Option<MoveOptions>) -> napi::Result<Options> {
    let given = options.unwrap_or_default();
    let simulations = u64::from(DEFAULT_SIMULATIONS);
    Ok(Options {
        simulations: numbers::option(
            env,
            given.simulations,
            "simulations",
            simulations,
            u64::from(u32::MAX),
        )? as u32,
        seed: numbers::option(env, given.seed, "seed", 0, numbers::MAX_SAFE_INTEGER)?,
        max_nodes: match given.max_nodes {
            None => None,
            max => Some(numbers::option(env, max, "maxNodes", 0, numbers::MAX_SAFE_INTEGER)?),
        },
        perfect: given.perfect.unwrap_or(true),
        book: given.book.unwrap_or(true),
    })
}

/// The solve's options from `solve`'s, checked: shared by `solve` and `solveAsync`.
fn solve_options(env: &Env, options: Option<SolveWith>) -> napi::Result<SolveOptions> {
    let given = options.unwrap_or_default();
    Ok(SolveOptions {
        max_nodes: numbers::option(
            env,
            given.max_nodes,
            "maxNodes",
            DEFAULT_MAX_NODES,
            numbers::MAX_SAFE_INTEGER,
        )?,
        book: given.book.unwrap_or(true),
        ..SolveOptions::default()
    })
}

/// The move the computer player of this thread chooses, `[row, col]`: the work of `bestMove`
/// on the calling thread and of `bestMoveAsync` on libuv's pool, until `stop` answers `true`
/// (never for `bestMove`). A thread's player gives the same move for the same position and
/// options whatever it did before (`Computer::best_move`), so both give the same move,
/// whichever pool thread searches.
fn choose(
    game: &Game,
    options: &Options,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Vec<u32>, SearchError> {
    let (row, col) =
        Computer::with_this_thread(|computer| computer.best_move_until(game, options, None, stop))?;
    Ok(vec![row as u32, col as u32])
}

/// The position's value as the computer player of this thread solves it, until `stop` answers
/// `true`: the work of `solve` and `solveAsync`.
fn solution(
    game: &Game,
    options: &SolveOptions,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Solution, SearchError> {
    let solved = Computer::with_this_thread(|computer| computer.solve_until(game, options, stop))?;
    Ok(Solution { winner: u32::from(winner_number(solved.winner)), plies: solved.plies as u32 })
}

/// What ends an async search early: a flag its task reads (before each simulation of the tree
/// search, every 1 024 positions of a solve), set by `cancel()` on the main thread. The
/// package's `bestMoveAsync` and `solveAsync` make one for a call given an `AbortSignal` and
/// cancel it when the signal aborts (index.js); a cancelled search's Promise settles with
/// whatever the search had, which the package no longer reads. Internal to the package.
#[napi]
pub struct Cancel {
    flag: Arc<AtomicBool>,
}

#[napi]
impl Cancel {
    /// A flag not set.
    #[napi(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Cancel {
        Cancel { flag: Arc::new(AtomicBool::new(false)) }
    }

    /// Sets the flag: the searches given it end at their next look.
    #[napi]
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }
}

/// A move `[row, col]` for the player to move, under any rules, as the computer player chooses
/// it: with `perfect` (the default), a perfect move where solving fits (Connect Four's opening
/// book, then solving within a budget), else the tactics' only move (a win now, a block), else
/// a Monte Carlo tree search of `simulations` simulations drawn from `seed`. `GameOverError`
/// for a finished game (winner 0 for a draw). Runs on the calling thread: `bestMoveAsync` for
/// the same move without blocking the event loop.
#[napi(ts_return_type = "[number, number]")]
pub fn best_move(
    env: Env,
    game: &TicTacToe,
    options: Option<MoveOptions>,
) -> napi::Result<Vec<u32>> {
    let options = move_options(&env, options)?;
    choose(&game.game, &options, &mut || false).map_err(Refusal::of_search).or_throw(&env)
}

/// The value of the game's position under perfect play, exact on any board: `{ winner,
/// plies }`. `BudgetExceededError` when more than `maxNodes` positions would be visited. Runs
/// on the calling thread: `solveAsync` for the same value without blocking the event loop.
#[napi]
pub fn solve(env: Env, game: &TicTacToe, options: Option<SolveWith>) -> napi::Result<Solution> {
    let options = solve_options(&env, options)?;
    solution(&game.game, &options, &mut || false).map_err(Refusal::of_search).or_throw(&env)
}

/// The work of a search: the synchronous call's, until its stop answers `true`.
type Work<O, T> = fn(&Game, &O, &mut dyn FnMut() -> bool) -> Result<T, SearchError>;

/// A search on libuv's thread pool: a copy of the game (the caller may play on theirs
/// meanwhile), the checked options, the work of the synchronous call, and the flag of the
/// [`Cancel`] it was given (if any). Its refusal comes back as the search's own error and is
/// made a JavaScript error only in `resolve`, on the main thread: an error made on the pool
/// could not carry the refusal's `kind` and data.
pub struct Search<O, T> {
    game: Game,
    options: O,
    work: Work<O, T>,
    cancel: Option<Arc<AtomicBool>>,
}

/// `bestMoveAsync`'s task.
pub type BestMoveSearch = Search<Options, Vec<u32>>;
/// `solveAsync`'s task.
pub type SolveSearch = Search<SolveOptions, Solution>;

impl<O, T> Search<O, T> {
    /// The task of `work` on a copy of `game`, ended early by `cancel` (if any).
    fn of(game: &TicTacToe, options: O, work: Work<O, T>, cancel: Option<&Cancel>) -> Self {
        let cancel = cancel.map(|cancel| Arc::clone(&cancel.flag));
        Search { game: game.game.clone(), options, work, cancel }
    }
}

impl<O: Send, T: Send + ToNapiValue + TypeName + 'static> Task for Search<O, T> {
    type Output = Result<T, SearchError>;
    type JsValue = T;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        let cancel = self.cancel.as_deref();
        let stop = &mut || cancel.is_some_and(|flag| flag.load(Ordering::Relaxed));
        Ok((self.work)(&self.game, &self.options, stop))
    }

    fn resolve(&mut self, env: Env, output: Self::Output) -> napi::Result<T> {
        output.map_err(Refusal::of_search).or_throw(&env)
    }
}

// The async calls take the game as a `ClassInstance`, not as `&TicTacToe`: napi-rs keeps a
// `&` argument of a call that returns a Promise borrowed until the Promise settles, so the
// caller's next `play` on the game would be refused ("cannot be borrowed mutably") for the
// whole search. The game is only read here, on the main thread, to copy it into the task.

/// `bestMove` off the main thread: a Promise of the same move for the same arguments (the
/// same seed gives the same move), the search on libuv's thread pool so that the event loop
/// keeps serving meanwhile. Its arguments are checked at once (a bad option throws, as
/// `bestMove`'s); the search's refusals (`GameOverError`, ...) reject the Promise. The search
/// runs on a copy of the game: changing the game after the call changes nothing. `cancel`
/// (the package's, for an `AbortSignal`) ends it early.
#[napi(ts_return_type = "Promise<[number, number]>")]
pub fn best_move_async(
    env: Env,
    game: ClassInstance<TicTacToe>,
    options: Option<MoveOptions>,
    cancel: Option<ClassInstance<Cancel>>,
) -> napi::Result<AsyncTask<BestMoveSearch>> {
    let options = move_options(&env, options)?;
    Ok(AsyncTask::new(Search::of(&game, options, choose, cancel.as_deref())))
}

/// `solve` off the main thread: a Promise of the same `{ winner, plies }`, solved on libuv's
/// thread pool on a copy of the game. Its options are checked at once; the solve's refusals
/// (`BudgetExceededError`, ...) reject the Promise. `cancel` (the package's, for an
/// `AbortSignal`) ends it early.
#[napi(ts_return_type = "Promise<Solution>")]
pub fn solve_async(
    env: Env,
    game: ClassInstance<TicTacToe>,
    options: Option<SolveWith>,
    cancel: Option<ClassInstance<Cancel>>,
) -> napi::Result<AsyncTask<SolveSearch>> {
    let options = solve_options(&env, options)?;
    Ok(AsyncTask::new(Search::of(&game, options, solution, cancel.as_deref())))
}
