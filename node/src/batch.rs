//! The `Batch` class: the core's `Batch`, with typed arrays in and out. Arrays are read and
//! written in place; results may go into the caller's arrays (`out`), so that a training loop
//! allocates nothing per step. Nothing is decided here: actions and every refusal are the
//! core's.

use napi::bindgen_prelude::{Int32ArraySlice, Int8ArraySlice, Uint8ArraySlice};
use napi::Env;
use napi_derive::napi;
use tictactoe_core::{Batch as CoreBatch, Illegal, Limits, ListError, Selection};
use tictactoe_parallel::POOL;

use crate::arrays::{self, Actions};
use crate::errors::{type_error, Given, OrThrow, Refusal};
use crate::game::TicTacToe;
use crate::numbers;
use crate::rules::Rules;

/// The options of a batch: its rules (`rows`, default 3; `cols`, default the rows; `k`,
/// default the longer side; `exact`; `gravity`: a `Rules` is read as these), `seed` of its
/// random actions, `threads` its calls may use, and `maxBytes`, refused before anything is
/// allocated when the batch would take more (for a count and size from outside).
#[napi(object)]
#[derive(Default)]
pub struct BatchOptions {
    /// The rows of each board (default 3).
    pub rows: Option<f64>,
    /// The columns of each board (default the rows).
    pub cols: Option<f64>,
    /// The marks in a row that win (default the longer side).
    pub k: Option<f64>,
    /// Whether only a run of exactly k wins.
    pub exact: Option<bool>,
    /// Whether marks fall (Connect Four); actions are then columns.
    pub gravity: Option<bool>,
    /// The seed of the games' random actions (an integer from 0 to 2**53 - 1; default 0).
    pub seed: Option<f64>,
    /// Threads a call may split the games between (default 1).
    pub threads: Option<f64>,
    /// Refuse a batch above this many bytes (default: no limit).
    pub max_bytes: Option<f64>,
    /// `raise` (default): a step with an illegal action is refused whole; `lose`: that game
    /// ends, won by the other player, and the others play on.
    #[napi(ts_type = "'raise' | 'lose'")]
    pub illegal: Option<String>,
}

/// Many games of one rule set stepped together, for search, self-play and reinforcement
/// learning.
#[napi]
pub struct Batch {
    batch: CoreBatch,
    illegal: Illegal,
    /// Scratch for a call's actions, converted from the caller's array.
    actions: Vec<u32>,
}

/// A number of threads: at least one.
fn threads(env: &Env, threads: Option<f64>) -> napi::Result<usize> {
    // At most 1 024: below usize.
    numbers::option_within(env, threads, "threads", 1, 1..=1024).map(|threads| threads as usize)
}

impl Batch {
    /// A step's refusal with the cell of the refused action as the caller gave it.
    fn action_refused(&self, actions: &Actions<'_>, error: ListError) -> Refusal {
        let given = error.index.map(|index| self.given_cell(actions, index)).unwrap_or_default();
        Refusal::of_list(error, given)
    }

    /// The cell of entry `index` of `actions` as the caller gave it (for the refusal's data).
    pub(crate) fn given_cell(&self, actions: &Actions<'_>, index: usize) -> Given {
        arrays::given_action(actions, index)
            .map(|action| {
                let (row, col) = self.batch.action_cell(action);
                Given::cell(row as f64, col as f64)
            })
            .unwrap_or_default()
    }

    /// The core's batch, for the search (`Puct`) that follows its games.
    pub(crate) fn core(&self) -> &CoreBatch {
        &self.batch
    }

    /// The core's batch to step, for `Puct.play`.
    pub(crate) fn core_mut(&mut self) -> &mut CoreBatch {
        &mut self.batch
    }
}

#[napi]
impl Batch {
    /// `count` empty games, X to move in each, under the rules of `options` (3 x 3
    /// tic-tac-toe by default; `Batch.fromRules` for a `Rules`). An action is a cell,
    /// `row * cols + col`, or under gravity a column.
    #[napi(constructor)]
    pub fn new(env: Env, count: f64, options: Option<BatchOptions>) -> napi::Result<Batch> {
        let options = options.unwrap_or_default();
        let rules_options = crate::rules::RulesOptions {
            k: options.k,
            cols: options.cols,
            exact: options.exact,
            gravity: options.gravity,
        };
        let rules = crate::rules::checked(&env, options.rows.unwrap_or(3.0), Some(&rules_options))?;
        Batch::made(&env, count, Rules { rules }, &options)
    }

    /// `count` empty games under `rules` (`Rules.CONNECT_FOUR`, ...), with the `seed`,
    /// `threads`, `maxBytes` and `illegal` of `options`.
    #[napi(factory)]
    pub fn from_rules(
        env: Env,
        count: f64,
        rules: &Rules,
        options: Option<BatchOptions>,
    ) -> napi::Result<Batch> {
        Batch::made(&env, count, *rules, &options.unwrap_or_default())
    }

    /// The number of games.
    #[napi(getter)]
    pub fn count(&self) -> u32 {
        self.batch.count() as u32
    }

    /// The rules of every game.
    #[napi(getter)]
    pub fn rules(&self) -> Rules {
        Rules { rules: self.batch.rules() }
    }

    /// The rows of each board.
    #[napi(getter)]
    pub fn rows(&self) -> u32 {
        self.batch.rows() as u32
    }

    /// The columns of each board.
    #[napi(getter)]
    pub fn cols(&self) -> u32 {
        self.batch.cols() as u32
    }

    /// The number of actions of a game: rows * cols cells, or under gravity cols columns.
    #[napi(getter)]
    pub fn actions(&self) -> u32 {
        self.batch.actions() as u32
    }

    /// Threads a call may split the games between (at most one per 256 games); the results
    /// are the same whatever the number.
    #[napi(getter)]
    pub fn threads(&self) -> u32 {
        self.batch.threads() as u32
    }

    /// Sets the threads (at least 1).
    #[napi(setter, js_name = "threads")]
    pub fn set_threads(&mut self, env: Env, threads: f64) -> napi::Result<()> {
        let threads = self::threads(&env, Some(threads))?;
        self.batch.set_threads(threads, &POOL);
        Ok(())
    }

    /// One move in every game: game i plays its player to move at `actions[i]` (a cell,
    /// `row * cols + col`; under gravity a column). Returns each game's winner after the move
    /// (0, 1 or 2), into `out` when given. An array of the wrong length is refused before any
    /// game moves; an illegal action refuses the whole step (`illegal: 'raise'`, naming the
    /// entry in `.index`), or loses that game (`illegal: 'lose'`).
    #[napi(
        ts_args_type = "actions: Int32Array | BigInt64Array, out?: Uint8Array | undefined | null"
    )]
    pub fn step<'env>(
        &mut self,
        env: &'env Env,
        actions: Actions<'env>,
        out: Option<Uint8ArraySlice<'env>>,
    ) -> napi::Result<Uint8ArraySlice<'env>> {
        arrays::read_actions(&actions, &mut self.actions);
        let mut out = arrays::bytes_output(env, out, self.batch.count())?;
        let winners = arrays::bytes(&mut out);
        match self.batch.step(Selection::All, &self.actions, winners, self.illegal) {
            Ok(()) => Ok(out),
            Err(error) => Err(self.action_refused(&actions, error).into_error(env)),
        }
    }

    /// A uniformly random legal action per game (a cell, or under gravity a column), -1 for a
    /// game that is over, from each game's own seeded generator; into `out` when given.
    #[napi]
    pub fn random_legal_actions<'env>(
        &mut self,
        env: &'env Env,
        out: Option<Int32ArraySlice<'env>>,
    ) -> napi::Result<Int32ArraySlice<'env>> {
        let count = self.batch.count();
        let mut out = arrays::int32_output(env, out, count)?;
        self.actions.resize(count, 0);
        let drawn = self.batch.random_legal_actions(Selection::All, &mut self.actions);
        drawn.map_err(|error| Refusal::of_list(error, Given::default())).or_throw(env)?;
        for (slot, &action) in arrays::int32s(&mut out).iter_mut().zip(&self.actions) {
            *slot = numbers::action(action);
        }
        Ok(out)
    }

    /// A random legal move in every game that is not over, from its own generator; returns
    /// each game's winner after it (a game that is over is left as it is).
    #[napi]
    pub fn step_random<'env>(
        &mut self,
        env: &'env Env,
        out: Option<Uint8ArraySlice<'env>>,
    ) -> napi::Result<Uint8ArraySlice<'env>> {
        let mut out = arrays::bytes_output(env, out, self.batch.count())?;
        let stepped = self.batch.step_random(Selection::All, arrays::bytes(&mut out));
        stepped.map_err(|error| Refusal::of_list(error, Given::default())).or_throw(env)?;
        Ok(out)
    }

    /// Every game's legal actions, `count * actions` flags (1 legal), game after game: the
    /// free cells of a game not over, under gravity the columns with a free cell; all 0 for a
    /// game that is over. Into `out` when given.
    #[napi]
    pub fn legal_mask<'env>(
        &self,
        env: &'env Env,
        out: Option<Uint8ArraySlice<'env>>,
    ) -> napi::Result<Uint8ArraySlice<'env>> {
        let len = self.batch.count() * self.batch.actions();
        let mut out = arrays::bytes_output(env, out, len)?;
        let written = self.batch.legal_mask_into(arrays::flags(&mut out));
        written.map_err(|error| Refusal::of(error, Given::default())).or_throw(env)?;
        Ok(out)
    }

    /// Every game's two planes, `count * 2 * rows * cols` flags: the marks of the player to
    /// move, then the opponent's (or of `players[g]` and the other, when given). Into `out`
    /// when given.
    #[napi]
    pub fn observation<'env>(
        &self,
        env: &'env Env,
        out: Option<Int8ArraySlice<'env>>,
        players: Option<Uint8ArraySlice<'env>>,
    ) -> napi::Result<Int8ArraySlice<'env>> {
        let len = self.batch.count() * 2 * self.batch.rows() * self.batch.cols();
        let mut out = arrays::int8_output(env, out, len)?;
        let Some(players) = players else {
            // Nothing left to refuse: the planes go straight into the caller's array.
            let written = self.batch.observation_into(None, arrays::signed_flags(&mut out));
            written.map_err(|error| Refusal::of_list(error, Given::default())).or_throw(env)?;
            return Ok(out);
        };
        // The sides may be refused: written aside first, so that a refusal leaves the
        // caller's array as it was.
        let mut planes = vec![false; len];
        let written = self.batch.observation_into(Some(&players), &mut planes);
        written.map_err(|error| Refusal::of_list(error, Given::default())).or_throw(env)?;
        for (value, &flag) in arrays::int8s(&mut out).iter_mut().zip(&planes) {
            *value = i8::from(flag);
        }
        Ok(out)
    }

    /// Each game's winner: 0 none, 1 or 2 (a forfeit under `illegal: 'lose'` included).
    #[napi]
    pub fn winners<'env>(&self, env: &'env Env) -> napi::Result<Uint8ArraySlice<'env>> {
        let mut out = arrays::bytes_output(env, None, self.batch.count())?;
        let written = self.batch.winners(arrays::bytes(&mut out));
        written.map_err(|error| Refusal::of(error, Given::default())).or_throw(env)?;
        Ok(out)
    }

    /// Each game's player to move: 1 or 2.
    #[napi]
    pub fn next_players<'env>(&self, env: &'env Env) -> napi::Result<Uint8ArraySlice<'env>> {
        let mut out = arrays::bytes_output(env, None, self.batch.count())?;
        let written = self.batch.next_players(arrays::bytes(&mut out));
        written.map_err(|error| Refusal::of(error, Given::default())).or_throw(env)?;
        Ok(out)
    }

    /// Whether each game is over (won, drawn or forfeited): 1 or 0.
    #[napi]
    pub fn terminated<'env>(&self, env: &'env Env) -> napi::Result<Uint8ArraySlice<'env>> {
        let mut out = arrays::bytes_output(env, None, self.batch.count())?;
        let written = self.batch.terminated(arrays::flags(&mut out));
        written.map_err(|error| Refusal::of(error, Given::default())).or_throw(env)?;
        Ok(out)
    }

    /// Empties every game (X to move; generators go on).
    #[napi]
    pub fn reset(&mut self, env: Env) -> napi::Result<()> {
        let reset = self.batch.reset(Selection::All);
        reset.map_err(|error| Refusal::of_list(error, Given::default())).or_throw(&env)
    }

    /// Empties every game that is over, leaving the others as they are.
    #[napi]
    pub fn reset_terminated(&mut self, env: Env) -> napi::Result<()> {
        let reset = self.batch.reset_terminated(Selection::All);
        reset.map_err(|error| Refusal::of_list(error, Given::default())).or_throw(&env)
    }

    /// An independent `TicTacToe` holding game i's moves, history included.
    #[napi]
    pub fn game(&self, env: Env, i: f64) -> napi::Result<TicTacToe> {
        let index = numbers::index(&env, i, "i")?;
        let given = Given { game: Some(i), ..Given::default() };
        let game = self.batch.game(index).map_err(|error| Refusal::of(error, given));
        Ok(TicTacToe { game: game.or_throw(&env)? })
    }
}

impl Batch {
    /// A batch of `count` games under `rules`, as `options` asks.
    fn made(env: &Env, asked: f64, rules: Rules, options: &BatchOptions) -> napi::Result<Batch> {
        let count = numbers::count(env, asked, "count")?;
        let seed = numbers::option(env, options.seed, "seed", 0, numbers::MAX_SAFE_INTEGER)?;
        let limits = match options.max_bytes {
            None => Limits::NONE,
            Some(max) => Limits { max_bytes: numbers::max_bytes(env, max)? },
        };
        let illegal = match options.illegal.as_deref() {
            None | Some("raise") => Illegal::Refuse,
            Some("lose") => Illegal::Lose,
            Some(other) => {
                return Err(type_error(
                    env,
                    format_args!("illegal must be 'raise' or 'lose', not {other:?}"),
                ))
            }
        };
        let threads = threads(env, options.threads)?;
        let made = limits.batch(count, rules.rules, seed);
        let given = Given { count: Some(asked), ..Given::default() };
        let mut batch = made.map_err(|error| Refusal::of(error, given)).or_throw(env)?;
        batch.set_threads(threads, &POOL);
        Ok(Batch { batch, illegal, actions: Vec::new() })
    }
}
