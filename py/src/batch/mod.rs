//! The `Batch` class: the core's `Batch`, with numpy arrays in and out.
//!
//! Arrays are read and written in place through rust-numpy; results may go into caller-given
//! arrays (`out=`), so that a training loop allocates nothing per step. A step runs without the
//! GIL. Nothing is decided here: actions, game indices and every refusal are the core's.

use numpy::{PyArray1, PyArray2, PyArray3, PyArray4};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyTuple};
use tictactoe_core::{Batch, ListError, Selection};
use tictactoe_parallel::POOL;

use crate::arrays::{flat_readwrite, output, read_games, read_players, write_into};
use crate::convert::{self, Threads};
use crate::errors::{GameError, Given};
use crate::game::PyTicTacToe;
use crate::rules::{Asked, PyRules};

mod computer;
mod pickle;
pub(crate) mod puct;
mod refusals;
mod steps;

use refusals::{games_refused, player_refused};

/// Many games of one rule set stepped together, for search, self-play and reinforcement
/// learning.
#[pyclass(name = "Batch", module = "tictactoe")]
pub(crate) struct PyBatch {
    batch: Batch,
    /// Scratch for the actions and game indices of a call, converted from Python.
    actions: Vec<u32>,
    games: Vec<usize>,
}

/// Writes the planes (from the side of `sides`, one player a game, when given; else from the
/// player to move's) and the legal mask of every game into the outputs given.
fn observe(
    batch: &Batch,
    sides: Option<&[u8]>,
    planes: Option<&mut [bool]>,
    mask: Option<&mut [bool]>,
) -> Result<(), ListError> {
    if let Some(planes) = planes {
        batch.observation_into(sides, planes)?;
    }
    if let Some(mask) = mask {
        batch.legal_mask_into(mask)?;
    }
    Ok(())
}

/// The games a call takes: those read into `listed` when the caller gave `games`, else all.
fn selection<'a>(given: bool, listed: &'a [usize]) -> Selection<'a> {
    if given {
        Selection::Listed(listed)
    } else {
        Selection::All
    }
}

impl PyBatch {
    /// A batch, with the scratch of its calls.
    fn of(batch: Batch) -> PyBatch {
        PyBatch { batch, actions: Vec::new(), games: Vec::new() }
    }
}

/// `threads` threads of the process's pool for the batch's calls.
fn set_threads(batch: &mut Batch, threads: Threads) {
    batch.set_threads(threads.0, &POOL);
}

#[pymethods]
impl PyBatch {
    /// `count` empty games, X to move in each, under `rules` (a `Rules`) or the rules
    /// `TicTacToe(n, k, cols=cols, exact=exact, gravity=gravity)` takes (n x n tic-tac-toe, 3 x
    /// 3 by default; `TypeError` for `rules` beside a keyword); their random actions come from
    /// `seed`. An action is a cell, `row * cols + col`, or under gravity a column. With
    /// `max_bytes`, a batch that would take more is refused with `LimitExceededError` before
    /// anything is allocated (for a count and size that come from outside).
    #[new]
    #[pyo3(
        signature = (
            count, n = None, seed = None, *, k = None, cols = None, exact = None, gravity = None,
            threads = Threads::ONE, max_bytes = None, rules = None
        ),
        text_signature = "(count, n=None, seed=None, *, k=None, cols=None, exact=None, \
                          gravity=None, threads=1, max_bytes=None, rules=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        count: &Bound<'_, PyAny>,
        n: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        k: Option<&Bound<'_, PyAny>>,
        cols: Option<&Bound<'_, PyAny>>,
        exact: Option<bool>,
        gravity: Option<bool>,
        threads: Threads,
        max_bytes: Option<i128>,
        rules: Option<PyRules>,
    ) -> PyResult<Self> {
        let limits = convert::limits(max_bytes)?;
        let games = convert::count(count)?;
        let three = PyInt::new(count.py(), 3).into_any();
        let rules = Asked { rules, n, k, cols, exact, gravity }.rules(Some(&three))?;
        let seed = match seed {
            Some(seed) => convert::seed(seed)?,
            None => 0,
        };
        let mut batch = limits.batch(games, rules, seed).map_err(GameError::from)?;
        set_threads(&mut batch, threads);
        Ok(PyBatch::of(batch))
    }

    /// Threads a call may split the games between (steps of every game, random actions,
    /// cells, observation, legal mask): at most one per 256 games. The results are the same
    /// whatever the number. Helper threads spin for up to 2 ms after each call, waiting for
    /// the next, so that back-to-back calls do not pay for waking them.
    #[getter]
    fn threads(&self) -> usize {
        self.batch.threads()
    }

    #[setter(threads)]
    fn change_threads(&mut self, threads: Threads) {
        set_threads(&mut self.batch, threads);
    }

    /// The number of games.
    #[getter]
    fn count(&self) -> usize {
        self.batch.count()
    }

    /// The rules of every game, as a `Rules`.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.batch.rules())
    }

    /// The side n of the games' square board (whatever k); a ValueError for a rectangle.
    #[getter]
    fn n(&self) -> PyResult<usize> {
        self.batch.n().ok_or_else(|| {
            PyValueError::new_err("the boards are not square: n has no value; use rows and cols")
        })
    }

    /// The number of rows of each board.
    #[getter]
    fn rows(&self) -> usize {
        self.batch.rows()
    }

    /// The number of columns of each board.
    #[getter]
    fn cols(&self) -> usize {
        self.batch.cols()
    }

    /// The marks in a row that win.
    #[getter]
    fn k(&self) -> usize {
        self.batch.rules().k
    }

    /// Whether only a run of exactly k wins.
    #[getter]
    fn exact(&self) -> bool {
        self.batch.rules().exact
    }

    /// Whether marks fall to the lowest free cell of their column; actions are then columns.
    #[getter]
    fn gravity(&self) -> bool {
        self.batch.rules().gravity
    }

    /// The action that names the cell (row, col): `row * cols + col`, or under gravity the
    /// column `col`. `OutOfBoundsError` for a cell off the board.
    fn action_at(&self, row: &Bound<'_, PyAny>, col: &Bound<'_, PyAny>) -> PyResult<u32> {
        let (r, c) = (convert::index(row)?, convert::index(col)?);
        self.batch
            .action_at(r, c)
            .map_err(|error| GameError::new(error, Given::cell(row, col)).into())
    }

    /// The number of actions of a game: rows * cols cells, or under gravity cols columns.
    #[getter]
    fn actions(&self) -> usize {
        self.batch.actions()
    }

    /// A uniformly random legal action (a cell, row * cols + col; under gravity a column) per
    /// game, -1 for a game that is over, as int64 (count,); from the batch's own seeded
    /// generators (one per game). With `games` (distinct indices), only those games draw, one
    /// action each, in their order; the other games' generators stay where they were. With
    /// `reset_terminated=True`, every game that is over is emptied first (as
    /// `reset_terminated()`), so that every game draws: a self-play loop in one call (not with
    /// `games`).
    #[pyo3(signature = (*, games = None, out = None, reset_terminated = false))]
    fn random_legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        games: Option<&Bound<'py, PyAny>>,
        out: Option<Bound<'py, PyAny>>,
        reset_terminated: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        steps::random_legal_actions(self, py, games, out, reset_terminated)
    }

    /// A uniformly random legal move in every game that is not over (or in the games listed in
    /// `games`, distinct indices), from each game's own generator; returns uint8 winners after
    /// the moves, one per game (or listed game). A game that is over is left as it is, its
    /// generator unmoved. The same games as `random_legal_actions` followed by `step` on the
    /// games not over, in one call: random play-outs, or a random opponent's move.
    #[pyo3(signature = (*, games = None, out = None))]
    fn step_random<'py>(
        &mut self,
        py: Python<'py>,
        games: Option<&Bound<'py, PyAny>>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        steps::step_random(self, py, games, out)
    }

    /// One step of a learner against a random opponent in every game, the learner playing side
    /// `sides[g]` (1 for X, 2 for O) of game g: a game with `restart[g]` set (bool (count,);
    /// none when not given) is emptied, its action ignored, and any other plays `actions[g]`,
    /// refused as `step` refuses it (`illegal`); then, where the game is not over and the
    /// opponent is to move, the opponent plays a random legal move from the game's own
    /// generator (as `step_random` draws it). Returns each game's winner after the step, uint8
    /// (count,), into `out` when given. What a vector of environments against a random opponent
    /// does each step, in one call; a refused call changes nothing. With `games` (distinct
    /// indices), the games listed only, each array one value per game listed (`observation`,
    /// `legal_mask` and `rewards`, of every game, are then not written: ask for them after).
    #[pyo3(signature = (
        actions, sides, restart = None, *, games = None, illegal = "raise", out = None,
        observation = None, legal_mask = None, rewards = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn step_against_random<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        sides: &Bound<'py, PyAny>,
        restart: Option<&Bound<'py, PyAny>>,
        games: Option<&Bound<'py, PyAny>>,
        illegal: &str,
        out: Option<Bound<'py, PyAny>>,
        observation: Option<Bound<'py, PyAny>>,
        legal_mask: Option<Bound<'py, PyAny>>,
        rewards: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        steps::step_against_random(
            self,
            py,
            actions,
            sides,
            restart,
            games,
            illegal,
            out,
            observation,
            legal_mask,
            rewards,
        )
    }

    /// Each game's reward from the side of `players[g]` (1 or 2), float64 (count,): 1.0 when
    /// that player has won (a forfeit of the other included), -1.0 when the other has, 0.0
    /// otherwise (a draw, or a game in play). Into `out` when given.
    #[pyo3(signature = (players, *, out = None))]
    fn rewards<'py>(
        &self,
        py: Python<'py>,
        players: &Bound<'py, PyAny>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let count = self.batch.count();
        let given = players;
        let players = read_players(given, "players")?;
        let out = output::<f64>(py, out, &[count], || {
            PyArray1::<f64>::zeros(py, count, false).into_any()
        })?;
        let mut rewards = flat_readwrite::<f64>(&out)?;
        let slot = rewards.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.batch
            .rewards_into(&players, slot)
            .map_err(|error| player_refused(given, "players", error))?;
        Ok(out)
    }

    /// Empties every game that is over (won, drawn or forfeited), or each of the games listed
    /// in `games` that is, leaving the others as they are.
    #[pyo3(signature = (games = None))]
    fn reset_terminated(
        &mut self,
        py: Python<'_>,
        games: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        if let Some(games) = games {
            read_games(games, &mut self.games)?;
        }
        let PyBatch { batch, games: listed, .. } = self;
        let (given, games) = (games, selection(games.is_some(), listed));
        py.detach(|| batch.reset_terminated(games)).map_err(|error| games_refused(given, error))
    }

    /// The operations a batch offers, the same in every face, as (name, whether it takes
    /// `games`) pairs: the core's list (`Batch::OPERATIONS`). Python spells `next_players`
    /// and `winners` as the properties `next_player` and `winner`, and `set_threads` as the
    /// `threads` property's setter.
    #[classattr]
    #[allow(non_snake_case)]
    fn OPERATIONS() -> Vec<(&'static str, bool)> {
        Batch::OPERATIONS.iter().map(|operation| (operation.name, operation.takes_games)).collect()
    }

    /// A perfect action (row * n + col) per game of a batch of boards up to 3 x 3, -1 for a
    /// game that is over, as int64 (count,): a perfect opponent for every game at once, read
    /// from a table of every position (built once per process and size, about 20 ms for 3 x 3,
    /// by the first call). Among equally good moves, the fastest win and the slowest loss.
    /// `ValueError` (kind 'unsupported_size') above 3 x 3.
    #[pyo3(signature = (*, out = None))]
    fn perfect_actions<'py>(
        &mut self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        computer::perfect_actions(self, py, out)
    }

    /// The computer player's action per game (a cell, row * cols + col; under gravity a
    /// column), -1 for a game that is over, as int64 (count,), under any rules: as
    /// `tictactoe.best_move` chooses with `max_nodes=200_000` (solving only near the end, a
    /// move kept fast) and `book=False` (openings that vary with the seed), with
    /// `simulations` (default 10 000) of tree search where it does not
    /// solve, game g's search seeded from `seed` and g (the same whatever `threads`).
    /// With `games` (indices, which may repeat), the actions of those games only, in their
    /// order: what the whole call would give them, without searching the others. With `seeds`
    /// (one per game, or per game listed; instead of `seed`; non-negative integers below 2^64,
    /// as `seed`), each game's search seed itself: the action is then
    /// `best_move(batch.game(g), seed=seeds[i], max_nodes=200_000, book=False)`'s. The games' opponent for
    /// search and self-play; threaded like the rest of the batch, a game a thread at least.
    #[pyo3(signature = (*, simulations = None, seed = None, games = None, seeds = None, out = None))]
    #[allow(clippy::too_many_arguments)]
    fn computer_actions<'py>(
        &mut self,
        py: Python<'py>,
        simulations: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
        games: Option<&Bound<'py, PyAny>>,
        seeds: Option<&Bound<'py, PyAny>>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        computer::actions(self, py, simulations, seed, games, seeds, out)
    }

    /// One move in each game (or in the games listed in `games`, distinct indices): each plays
    /// its player to move at `actions[i]` (a cell, row * cols + col; under gravity a column).
    /// Returns uint8 winners after the moves, one per action. `illegal="raise"` refuses the
    /// whole call on a bad action (the matching InvalidMoveError with `.index`, no game
    /// changed); `illegal="lose"` ends the bad action's game, won by the opponent. With
    /// `restart` (bool, one per action), the games it picks are emptied instead, their actions
    /// ignored and their winners 0, as `step_against_random` restarts them. With `observation` and `legal_mask` (arrays
    /// as `observation(out=...)` and `legal_mask(out=...)` take), the step also writes every
    /// game's planes and mask after it, in the same pass (nothing is written when the step is
    /// refused).
    #[pyo3(signature = (
        actions, *, games = None, restart = None, illegal = "raise", out = None,
        observation = None, legal_mask = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        games: Option<&Bound<'py, PyAny>>,
        restart: Option<&Bound<'py, PyAny>>,
        illegal: &str,
        out: Option<Bound<'py, PyAny>>,
        observation: Option<Bound<'py, PyAny>>,
        legal_mask: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        steps::step(self, py, actions, games, restart, illegal, out, observation, legal_mask)
    }

    /// Each game's player to move (1 or 2), uint8 (count,).
    #[getter]
    fn next_player<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let out = PyArray1::<u8>::zeros(py, self.batch.count(), false);
        write_into::<u8>(out.as_any(), |slot| self.batch.next_players(slot))?;
        Ok(out)
    }

    /// Each game's winner (0 for none, else 1 or 2), uint8 (count,).
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let out = PyArray1::<u8>::zeros(py, self.batch.count(), false);
        write_into::<u8>(out.as_any(), |slot| self.batch.winners(slot))?;
        Ok(out)
    }

    /// Whether each game is over (won, or its board full), bool (count,).
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let out = PyArray1::<bool>::zeros(py, self.batch.count(), false);
        write_into::<bool>(out.as_any(), |slot| self.batch.terminated(slot))?;
        Ok(out)
    }

    /// Every game's cells, uint8 (count, rows, cols): 0 empty, 1 X, 2 O.
    #[pyo3(signature = (*, out = None))]
    fn cells<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (count, rows, cols) = (self.batch.count(), self.batch.rows(), self.batch.cols());
        let out = output::<u8>(py, out, &[count, rows, cols], || {
            PyArray3::<u8>::zeros(py, [count, rows, cols], false).into_any()
        })?;
        write_into::<u8>(&out, |slot| py.detach(|| self.batch.cells_into(slot)))?;
        Ok(out)
    }

    /// Every game from its player to move's view, bool (count, 2, rows, cols): plane 0 the marks of
    /// the player to move, plane 1 the opponent's. With `players` (one 1 or 2 per game), each
    /// game from that player's side instead, whoever is to move.
    #[pyo3(signature = (*, players = None, out = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        players: Option<&Bound<'py, PyAny>>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (count, rows, cols) = (self.batch.count(), self.batch.rows(), self.batch.cols());
        let viewers = players.map(|players| read_players(players, "players")).transpose()?;
        let out = output::<bool>(py, out, &[count, 2, rows, cols], || {
            PyArray4::<bool>::zeros(py, [count, 2, rows, cols], false).into_any()
        })?;
        let viewers = viewers.as_deref();
        let mut planes = flat_readwrite::<bool>(&out)?;
        let slot = planes.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let batch = &self.batch;
        py.detach(|| batch.observation_into(viewers, slot)).map_err(|error| match players {
            Some(players) => player_refused(players, "players", error),
            None => GameError::from(error).into(),
        })?;
        Ok(out)
    }

    /// Every game's legal actions, bool (count, actions): the free cells (rows * cols) of a game
    /// that is not over, under gravity the columns (cols) with a free cell; all False for a
    /// game that is over (never all True).
    #[pyo3(signature = (*, out = None))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (count, cells) = (self.batch.count(), self.batch.actions());
        let out = output::<bool>(py, out, &[count, cells], || {
            PyArray2::<bool>::zeros(py, [count, cells], false).into_any()
        })?;
        write_into::<bool>(&out, |slot| py.detach(|| self.batch.legal_mask_into(slot)))?;
        Ok(out)
    }

    /// Restarts the generators of every game (or of the games listed in `games`): the game
    /// given `seeds[i]` draws from then on what the one game of `Batch(1, n, seed=seeds[i])`
    /// would. Seeds are integers (their low 64 bits count); boards do not change.
    #[pyo3(signature = (seeds, *, games = None))]
    fn seed(&mut self, seeds: &Bound<'_, PyAny>, games: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let seeds =
            seeds.try_iter()?.map(|seed| convert::seed(&seed?)).collect::<PyResult<Vec<u64>>>()?;
        if let Some(games) = games {
            read_games(games, &mut self.games)?;
        }
        let (given, games) = (games, selection(games.is_some(), &self.games));
        self.batch.seed(games, &seeds).map_err(|error| games_refused(given, error))
    }

    /// Empties every game, or the games listed (X to move; generators go on).
    #[pyo3(signature = (games = None))]
    fn reset(&mut self, games: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        if let Some(games) = games {
            read_games(games, &mut self.games)?;
        }
        let (given, games) = (games, selection(games.is_some(), &self.games));
        self.batch.reset(games).map_err(|error| games_refused(given, error))
    }

    /// The search seeds of moves, for `computer_actions(seeds=...)`: `seeds[i]` (its low 64
    /// bits) mixed with `keys[0][i]`, then `keys[1][i]`, ..., by the computer player's own mix
    /// (`tictactoe_search::search_seed`, with which `computer_actions(seed=...)` mixes a seed
    /// and a game), as uint64 (len(seeds),). The same in every interpreter and process, which
    /// Python's `hash()` is not: the environments and self-play seed their computer player's
    /// moves with it.
    #[staticmethod]
    #[pyo3(signature = (seeds, *keys))]
    fn _search_seeds<'py>(
        seeds: &Bound<'py, PyAny>,
        keys: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyArray1<u64>>> {
        computer::search_seeds(seeds, keys)
    }

    /// An independent TicTacToe holding game i's moves, history included (a game lost by an
    /// illegal action has no winner there: the forfeit is the batch's).
    fn game(&self, i: &Bound<'_, PyAny>) -> PyResult<PyTicTacToe> {
        let game = self.batch.game(convert::index(i)?).map_err(GameError::from)?;
        Ok(PyTicTacToe::from(game))
    }

    fn __len__(&self) -> usize {
        self.batch.count()
    }

    fn __repr__(&self) -> String {
        format!("<Batch count={} {}>", self.batch.count(), self.batch.rules())
    }

    fn __copy__(&self) -> PyResult<Self> {
        Ok(PyBatch::of(self.batch.try_clone().map_err(GameError::from)?))
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyDict>) -> PyResult<Self> {
        self.__copy__()
    }

    /// Pickles as each game's history, winner and generator state, replayed on unpickling.
    /// The threads are not pickled (the unpickled batch has one): they are a setting of this
    /// process's calls, not of the games, and two batches that differ only in them pickle
    /// alike (a copy, in the process, keeps them).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        pickle::reduce(slf)
    }

    /// The batch a pickled state describes (see `__reduce__`): its rules as (rows, cols, k,
    /// exact, gravity), or the side n of tic-tac-toe (as pickles before the family wrote them);
    /// every history is replayed by the rules, so a state no batch can be in is refused.
    #[staticmethod]
    fn _restore(
        rules: &Bound<'_, PyAny>,
        histories: Vec<Vec<u32>>,
        winners: &[u8],
        generators: Vec<u64>,
    ) -> PyResult<Self> {
        pickle::restore(rules, histories, winners, generators)
    }
}
