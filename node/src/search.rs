//! The computer player: `bestMove` and `solve`, on the game as it stands (a search never
//! changes it), with the memory of this thread's computer player kept between calls.

use napi::Env;
use napi_derive::napi;
use tictactoe_core::winner_number;
use tictactoe_search::{Computer, Options, SolveOptions, DEFAULT_MAX_NODES, DEFAULT_SIMULATIONS};

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

/// A move `[row, col]` for the player to move, under any rules, as the computer player chooses
/// it: with `perfect` (the default), a perfect move where solving fits (Connect Four's opening
/// book, then solving within a budget), else the tactics' only move (a win now, a block), else
/// a Monte Carlo tree search of `simulations` simulations drawn from `seed`. `GameOverError`
/// for a finished game (winner 0 for a draw).
#[napi(ts_return_type = "[number, number]")]
pub fn best_move(
    env: Env,
    game: &TicTacToe,
    options: Option<MoveOptions>,
) -> napi::Result<Vec<u32>> {
    let given = options.unwrap_or_default();
    let simulations = u64::from(DEFAULT_SIMULATIONS);
    let options = Options {
        simulations: numbers::option(
            &env,
            given.simulations,
            "simulations",
            simulations,
            u64::from(u32::MAX),
        )? as u32,
        seed: numbers::option(&env, given.seed, "seed", 0, (1 << 53) - 1)?,
        max_nodes: match given.max_nodes {
            None => None,
            max => Some(numbers::option(&env, max, "maxNodes", 0, (1 << 53) - 1)?),
        },
        perfect: given.perfect.unwrap_or(true),
        book: given.book.unwrap_or(true),
    };
    let chosen = Computer::with_this_thread(|computer| computer.best_move(&game.game, &options));
    let (row, col) = chosen.map_err(Refusal::of_search).or_throw(&env)?;
    Ok(vec![row as u32, col as u32])
}

/// The value of the game's position under perfect play, exact on any board: `{ winner,
/// plies }`. `BudgetExceededError` when more than `maxNodes` positions would be visited.
#[napi]
pub fn solve(env: Env, game: &TicTacToe, options: Option<SolveWith>) -> napi::Result<Solution> {
    let given = options.unwrap_or_default();
    let options = SolveOptions {
        max_nodes: numbers::option(
            &env,
            given.max_nodes,
            "maxNodes",
            DEFAULT_MAX_NODES,
            (1 << 53) - 1,
        )?,
        book: given.book.unwrap_or(true),
        ..SolveOptions::default()
    };
    let solved = Computer::with_this_thread(|computer| computer.solve_with(&game.game, &options));
    let solution = solved.map_err(Refusal::of_search).or_throw(&env)?;
    Ok(Solution { winner: u32::from(winner_number(solution.winner)), plies: solution.plies as u32 })
}
