//! The one entry point: a best move for any position, perfect where solving fits the budget,
//! searched otherwise.

use alloc::vec::Vec;

use tictactoe_core::{random, Error, Game, Games, NO_ACTION};

use crate::mcts::{Tree, Until};
use crate::symmetry::MAX_KEYED_CELLS;
use crate::{book, MoveValue, SearchError, Solution, Solver};

/// Solving visits at most this many positions when no budget is given: a few seconds at most
/// (measured: the empty Connect Four board without its book is refused after 3.7 s, 15 x 15
/// gomoku after 9).
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// Simulations of the tree search when none are given.
pub const DEFAULT_SIMULATIONS: u32 = 10_000;

/// Positions with at most this many empty cells are solved before they are searched: every
/// 4 x 4 position, and the ends of larger games.
pub const EXACT_EMPTIES: usize = 16;

/// Above 64 cells the solver has no transposition table, and solves only this many empty cells.
pub const EXACT_EMPTIES_UNKEYED: usize = 10;

/// Where the game has fewer actions than cells (a move is a column: under gravity), so that
/// its tree is narrow, positions with at most this many empty cells are solved before they are
/// searched: measured on Connect Four positions
/// from played games, 24 empty cells take about 30 000 positions (1 in 16 past
/// [`DEFAULT_MOVE_NODES`], then searched), 16 about 1 000.
pub const EXACT_EMPTIES_GRAVITY: usize = 24;

/// The positions a best move may spend on solving before it searches instead: solving the
/// empty 4 x 4 board takes about 16 000; a 5 x 5 endgame past this is searched.
pub const DEFAULT_MOVE_NODES: u64 = 200_000;

/// [`DEFAULT_MOVE_NODES`] on the boards the solver on masks serves (Connect Four and the rest
/// of the gravity family whose positions one word names), where every position off the book
/// is tried: the time budget of a move, one second of solving on the machine it was measured
/// on (8 to 9 million positions a second), after which the move is searched. A count of
/// positions rather than a clock, so that a move does not depend on the machine's speed.
pub const DEFAULT_KEYED_MOVE_NODES: u64 = 8_000_000;

/// How [`Computer::best_move`] chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The tree search's simulations, for positions it does not solve.
    pub simulations: u32,
    /// The tree search's seed: the same seed and simulations give the same move.
    pub seed: u64,
    /// The positions solving may visit before the move is searched instead. `None`: where the
    /// solver on masks serves the board (Connect Four), solving tried in every position within
    /// [`DEFAULT_KEYED_MOVE_NODES`]; elsewhere as `Some(DEFAULT_MOVE_NODES)`.
    /// `Some(budget)`: solving tried only near the end (see [`Computer::best_move`]) within
    /// `budget`, which keeps a move fast: what an opponent in many games at once wants.
    pub max_nodes: Option<u64>,
    /// Whether to solve the position first (a perfect move when it fits the budget); `false`
    /// leaves the move to the tactics and the tree search alone: for measuring them, and for a
    /// weaker opponent.
    pub perfect: bool,
    /// Whether positions in the opening book ([`crate::Book::connect_four`]) take its move
    /// (when `perfect`): Connect Four's first moves, perfect at once.
    pub book: bool,
}

impl Options {
    /// The options of an opponent for many games at once (the C and Python batches'
    /// `computer_actions`, the RL environments' computer): solving only near the end within
    /// [`DEFAULT_MOVE_NODES`], so that a move stays fast, and the book left out, so that the
    /// seeds vary its openings.
    pub fn opponent(simulations: u32, seed: u64) -> Options {
        Options {
            simulations,
            seed,
            max_nodes: Some(DEFAULT_MOVE_NODES),
            perfect: true,
            book: false,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            simulations: DEFAULT_SIMULATIONS,
            seed: 0,
            max_nodes: None,
            perfect: true,
            book: true,
        }
    }
}

/// How [`Computer::solve_with`] and [`Computer::analyze_with`] solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SolveOptions {
    /// The positions the solve may visit before it is refused
    /// ([`SearchError::BudgetExceeded`]); by default [`DEFAULT_MAX_NODES`].
    pub max_nodes: u64,
    /// The threads that solve together, sharing the table (1 by default; 0 counts as 1): on
    /// the boards the solver on masks serves, as [`Solver::set_threads`].
    pub threads: usize,
    /// Whether positions in the opening book ([`crate::Book::connect_four`]) are read from
    /// it (by default) rather than solved.
    pub book: bool,
    /// The entries of the solver on masks' table for this solve, as
    /// [`Solver::set_table_entries`] (the player's own size, by default 2^23 + 9, when
    /// `None`): more for the longest solves (the empty Connect Four board without its book,
    /// 278 s with 2^26 entries against 378 s here). The player's size is back after the solve,
    /// a larger table let go.
    pub table_entries: Option<usize>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions { max_nodes: DEFAULT_MAX_NODES, threads: 1, book: true, table_entries: None }
    }
}

/// A computer player for any rule set: solver and tree search with their memory, kept between
/// moves.
///
/// ```
/// use tictactoe_core::Game;
/// use tictactoe_search::{Computer, Options};
/// let mut computer = Computer::new();
/// let mut game = Game::new(7)?;
/// while game.winner().is_none() && game.marks() < 49 {
///     let (row, col) = computer.best_move(&game, &Options { simulations: 200, ..Options::default() })?;
///     game.play(row, col)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Computer {
    solver: Solver,
    tree: Tree,
    /// The simulations the last [`Computer::best_move`] ran.
    simulations: u32,
}

/// What it holds in numbers (its tables are memory, not to be printed).
impl core::fmt::Debug for Computer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Computer")
            .field("solver", &self.solver)
            .field("tree_bytes", &self.tree_bytes())
            .field("simulations", &self.simulations)
            .finish()
    }
}

/// A solver set for one of the computer player's solves, set back when dropped (one thread, the
/// book, `entries` in its table): after the solve, or as a panic unwinds through it.
struct Solving<'a> {
    solver: &'a mut Solver,
    entries: usize,
}

impl Drop for Solving<'_> {
    fn drop(&mut self) {
        self.solver.set_threads(1);
        self.solver.set_book(true);
        self.solver.set_table_entries(self.entries);
    }
}

impl Computer {
    /// A computer player; allocates nothing until it plays.
    pub fn new() -> Computer {
        Computer::default()
    }

    /// Runs `work` with the calling thread's own computer player, made on the thread's first
    /// call and kept for the next ones: what a face that serves many threads (the C library,
    /// the Python package) uses, so that each thread allocates its solver and tree once and no
    /// thread waits for another. `work` must not call this again (the player is lent to it).
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// use tictactoe_search::Computer;
    /// let game = Game::new(3)?;
    /// let solution = Computer::with_this_thread(|computer| computer.solve(&game, u64::MAX))?;
    /// assert_eq!(solution.winner, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// When `work` calls it again on the same thread.
    #[cfg(feature = "std")]
    pub fn with_this_thread<T>(work: impl FnOnce(&mut Computer) -> T) -> T {
        Computer::try_with_this_thread(work).expect("the thread's computer player is lent out")
    }

    /// [`Computer::with_this_thread`], `None` when the thread's player is lent out already: a
    /// call from inside `work` (a caller's stop, run by the search, that starts another search
    /// on its thread), which a face refuses rather than panics on.
    #[cfg(feature = "std")]
    pub fn try_with_this_thread<T>(work: impl FnOnce(&mut Computer) -> T) -> Option<T> {
        use core::cell::RefCell;
        std::thread_local! {
            static COMPUTER: RefCell<Computer> = RefCell::new(Computer::new());
        }
        COMPUTER.with(|computer| {
            let mut lent = computer.try_borrow_mut().ok()?;
            Some(work(&mut lent))
        })
    }

    /// The value of `game`'s position under perfect play, as [`Solver::solve`].
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve(&mut self, game: &Game, max_nodes: u64) -> Result<Solution, SearchError> {
        self.solver.solve(game, max_nodes)
    }

    /// [`Computer::solve`] as `options` say: its budget, its threads (sharing the table, as
    /// [`Solver::set_threads`]), and whether the opening book answers (the player's other
    /// calls keep one thread and the book).
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules};
    /// use tictactoe_search::{Computer, SearchError, SolveOptions, Solution};
    /// let game = Game::new(Rules::CONNECT_FOUR)?;
    /// let mut computer = Computer::new();
    /// // The empty board, from the book at once; without it, minutes of solving.
    /// let solution = computer.solve_with(&game, &SolveOptions::default())?;
    /// assert_eq!(solution, Solution { winner: Some(Player::X), plies: 41 });
    /// let unbooked = SolveOptions { book: false, max_nodes: 1_000, ..SolveOptions::default() };
    /// assert!(matches!(computer.solve_with(&game, &unbooked), Err(SearchError::BudgetExceeded { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with(
        &mut self,
        game: &Game,
        options: &SolveOptions,
    ) -> Result<Solution, SearchError> {
        self.solving(options, |solver| solver.solve(game, options.max_nodes))
    }

    /// [`Computer::solve_with`], asking `stop` every 1 024 positions and ending as soon as it
    /// answers `true`, as [`Solver::solve_until`]: what a caller that may cancel (the Node
    /// package's `solveAsync` with an `AbortSignal`) or has a deadline calls.
    ///
    /// # Errors
    /// As [`Solver::solve`]: [`SearchError::BudgetExceeded`] once `stop` answers `true`.
    pub fn solve_until(
        &mut self,
        game: &Game,
        options: &SolveOptions,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Solution, SearchError> {
        self.solving(options, |solver| solver.solve_until(game, options.max_nodes, stop))
    }

    /// Every legal move of `game`'s position with its value, as [`Solver::analyze`].
    ///
    /// # Errors
    /// As [`Solver::analyze`].
    pub fn analyze(&mut self, game: &Game, max_nodes: u64) -> Result<Vec<MoveValue>, SearchError> {
        self.solver.analyze(game, max_nodes)
    }

    /// [`Computer::analyze`] as `options` say (see [`Computer::solve_with`]).
    ///
    /// # Errors
    /// As [`Solver::analyze`].
    pub fn analyze_with(
        &mut self,
        game: &Game,
        options: &SolveOptions,
    ) -> Result<Vec<MoveValue>, SearchError> {
        self.solving(options, |solver| solver.analyze(game, options.max_nodes))
    }

    /// [`Computer::analyze_with`], asking `stop` every 1 024 positions and ending as soon as
    /// it answers `true`, as [`Solver::analyze_until`].
    ///
    /// # Errors
    /// As [`Solver::analyze`]: [`SearchError::BudgetExceeded`] once `stop` answers `true`.
    pub fn analyze_until(
        &mut self,
        game: &Game,
        options: &SolveOptions,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<MoveValue>, SearchError> {
        self.solving(options, |solver| solver.analyze_until(game, options.max_nodes, stop))
    }

    /// Runs `work` with the solver set as `options` say, then set back to one thread, the book
    /// and its own table size, however `work` ends (a caller's stop may panic).
    fn solving<T>(&mut self, options: &SolveOptions, work: impl FnOnce(&mut Solver) -> T) -> T {
        let entries = self.solver.table_entries();
        let solving = Solving { solver: &mut self.solver, entries };
        solving.solver.set_threads(options.threads);
        solving.solver.set_book(options.book);
        if let Some(asked) = options.table_entries {
            solving.solver.set_table_entries(asked);
        }
        work(solving.solver)
    }

    /// A move for the player to move, under any rules: with `options.perfect`, the book's move
    /// where the opening book has the position (and `options.book`), else a perfect one
    /// ([`Solver::perfect_move`], the fastest win and the slowest loss) when solving the
    /// position fits the budget, tried in every position of a board the solver on masks
    /// serves (Connect Four) when `options.max_nodes` is `None`, else with at most
    /// [`EXACT_EMPTIES`]
    /// ([`EXACT_EMPTIES_GRAVITY`] under gravity, [`EXACT_EMPTIES_UNKEYED`] above 64 cells);
    /// otherwise the tactics' only move when they leave one (a win now, the block of the
    /// opponent's only winning cell), else the tree search's choice among the moves they leave.
    /// Always a legal move; never one that loses at once when another does not. The same
    /// position and options give the same move, whatever the player did before: a budgeted
    /// solve starts from an empty table ([`Solver::forget`]).
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_search::{Computer, Options};
    /// let mut game = Game::new(Rules::CONNECT_FOUR)?;
    /// for col in [3, 4, 3, 4, 3] {
    ///     game.drop(col)?; // X threatens column 3
    /// }
    /// let options = Options { simulations: 500, ..Options::default() };
    /// assert_eq!(Computer::new().best_move(&game, &options)?, (2, 3)); // O blocks
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`tictactoe_core::Error::AllocFailed`]
    /// (as [`SearchError::Game`]) when memory cannot be had.
    pub fn best_move(
        &mut self,
        game: &Game,
        options: &Options,
    ) -> Result<(usize, usize), SearchError> {
        self.best_move_until(game, options, None, &mut || false)
    }

    /// [`Computer::best_move`] as an anytime search: the tree search asks `stop` before each
    /// simulation and ends as soon as it answers `true` (a clock's deadline, a cancel flag), and
    /// ends too before a simulation that could take the tree's growing lists (its nodes, one a
    /// simulation, and their moves) past `max_tree_bytes`, which also bounds the simulations
    /// (half of it for the nodes, reserved up front: about 44 bytes a simulation). The move is
    /// then the one the simulations run so far choose ([`Computer::simulations`] says how
    /// many; with none, the tactics' most promising move), always legal.
    ///
    /// Solving for a perfect move asks `stop` too, every 1 024 positions: answered `true`, the
    /// solve ends as if its budget had run out, and the tree search (which asks at once) plays.
    /// A caller with a clock (the crate is `no_std`: the clock is the caller's) passes a
    /// predicate that reads it. With `max_tree_bytes` `None` and a `stop` that never answers
    /// `true`, the move and the simulations are [`Computer::best_move`]'s.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_search::{Computer, Options};
    /// let mut game = Game::new(Rules::GOMOKU)?;
    /// game.play(7, 7)?;
    /// let options = Options { simulations: 1_000_000, ..Options::default() };
    /// let mut asked = 0;
    /// let mut computer = Computer::new();
    /// // Stopped after 200 simulations, as a deadline would stop it.
    /// let chosen = computer.best_move_until(&game, &options, Some(1 << 24), &mut || {
    ///     asked += 1;
    ///     asked > 200
    /// })?;
    /// assert_eq!(computer.simulations(), 200);
    /// assert!(computer.tree_bytes() <= 1 << 24);
    /// let same = Options { simulations: 200, ..options };
    /// assert_eq!(Computer::new().best_move(&game, &same)?, chosen);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Computer::best_move`].
    pub fn best_move_until(
        &mut self,
        game: &Game,
        options: &Options,
        max_tree_bytes: Option<usize>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(usize, usize), SearchError> {
        self.simulations = 0;
        if game.is_over() {
            return Err(SearchError::GameOver { winner: game.winner() });
        }
        // Stopped for good once `stop` answers true: a solve it ended must not leave the tree
        // search asking again (a C caller's stop may answer true once).
        let mut stopped = false;
        let stop = &mut || {
            stopped = stopped || stop();
            stopped
        };
        let cells = game.rules().cells();
        let empties = cells - game.marks();
        // A budget, not a rule: fewer actions than cells make a narrow tree, solved deeper.
        let (exact, max_nodes) = match (cells <= MAX_KEYED_CELLS, game.action_count() < cells) {
            _ if options.max_nodes.is_none() && Solver::on_masks(game) => {
                (cells, DEFAULT_KEYED_MOVE_NODES)
            }
            (false, _) => (EXACT_EMPTIES_UNKEYED, DEFAULT_MOVE_NODES),
            (true, true) => (EXACT_EMPTIES_GRAVITY, DEFAULT_MOVE_NODES),
            (true, false) => (EXACT_EMPTIES, DEFAULT_MOVE_NODES),
        };
        if let Some(perfect) =
            (options.perfect && options.book).then(|| book::opening(game)).flatten()
        {
            return Ok((perfect.row, perfect.col));
        }
        if options.perfect && empties <= exact {
            let budget = options.max_nodes.unwrap_or(max_nodes);
            let solving =
                SolveOptions { max_nodes: budget, book: false, ..SolveOptions::default() };
            // From an empty table, so that whether the budget suffices, and so the move, is
            // the same whatever the player solved before.
            self.solver.forget();
            match self.solving(&solving, |solver| solver.perfect_move_until(game, budget, stop)) {
                Ok(perfect) => return Ok((perfect.row, perfect.col)),
                Err(SearchError::BudgetExceeded { .. }) => {}
                Err(error) => return Err(error),
            }
        }
        let until = &mut Until { stop, max_bytes: max_tree_bytes };
        let chosen = self.tree.search_until(game, options.simulations, options.seed, until)?;
        self.simulations = self.tree.simulations();
        Ok(chosen)
    }

    /// The tree search simulations the last [`Computer::best_move`] ran: 0 when it solved the
    /// position or the tactics left one move, fewer than asked when the search proved the
    /// root's value first. (For measuring: simulations a second are these over the time.)
    pub fn simulations(&self) -> u32 {
        self.simulations
    }

    /// The bytes the tree search's growing lists hold now (its nodes and their moves, kept
    /// between moves): what [`Computer::best_move_until`]'s `max_tree_bytes` bounds.
    pub fn tree_bytes(&self) -> usize {
        self.tree.bytes()
    }

    /// A move for each game of a batch's range, as [`Computer::best_move`] chooses it, written
    /// as the batch's action (the cell's index row * cols + col, or under gravity its column),
    /// [`NO_ACTION`] for a game that is over: a computer opponent for many games at once.
    ///
    /// Game `g` of the range searches with the seed drawn from `options.seed` and its index in
    /// the whole batch, `first + g` (`first`: the index of the range's first game), so a batch
    /// split into ranges for threads ([`Games::split_at`]) gets the actions of one call over
    /// the whole batch, whatever the number of threads. Each thread needs its own
    /// `Computer` (with feature `std`, `Computer::with_this_thread` keeps one a thread).
    ///
    /// ```
    /// use tictactoe_core::{Batch, Rules, NO_ACTION};
    /// use tictactoe_search::{Computer, Options};
    /// let batch = Batch::new(4, Rules::CONNECT_FOUR, 0)?;
    /// let options = Options { simulations: 200, seed: 7, ..Options::default() };
    /// let mut all = [NO_ACTION; 4];
    /// Computer::new().actions(batch.games(), &options, 0, &mut all)?;
    /// // The same actions from two ranges, as two threads would compute them.
    /// let (front, back) = batch.games().split_at(1);
    /// let mut parts = [NO_ACTION; 4];
    /// let (left, right) = parts.split_at_mut(1);
    /// Computer::new().actions(front, &options, 0, left)?;
    /// Computer::new().actions(back, &options, 1, right)?;
    /// assert_eq!(parts, all);
    /// assert!(all.iter().all(|&column| column < 7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (as [`SearchError::Game`]) unless `out` holds one action per
    /// game, and nothing is written then; [`Error::AllocFailed`]. A refusal part way leaves
    /// the actions of the games before it written.
    pub fn actions(
        &mut self,
        games: Games<'_>,
        options: &Options,
        first: usize,
        out: &mut [u32],
    ) -> Result<(), SearchError> {
        let count = games.count();
        if out.len() != count {
            return Err(Error::LengthMismatch { len: out.len(), expected: count }.into());
        }
        for (g, action) in out.iter_mut().enumerate() {
            *action = self.action(games, g, options, search_seed(options.seed, first + g))?;
        }
        Ok(())
    }

    /// As [`Computer::actions`], for the games listed only: `out[i]` gets game `games[i]`'s
    /// action (an index may repeat), searched with `seeds[i]`, so that it is the move
    /// [`Computer::best_move`] makes in that game with that seed. An opponent moving in some
    /// games of a batch (those where it is its turn) searches those games only, each with a
    /// seed of its own (a game's from its episode and move, say, so that a game plays the same
    /// whatever batch it is in). [`search_seed`] gives the seeds of [`Computer::actions`].
    ///
    /// ```
    /// use tictactoe_core::{Batch, Rules};
    /// use tictactoe_search::{search_seed, Computer, Options};
    /// let batch = Batch::new(3, Rules::GOMOKU, 0)?;
    /// let options = Options { simulations: 100, seed: 7, ..Options::default() };
    /// let mut all = [0; 3];
    /// let mut computer = Computer::new();
    /// computer.actions(batch.games(), &options, 0, &mut all)?;
    /// let mut listed = [0; 2];
    /// let seeds = [search_seed(7, 2), search_seed(7, 0)];
    /// computer.actions_of(batch.games(), &[2, 0], &seeds, &options, &mut listed)?;
    /// assert_eq!(listed, [all[2], all[0]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (as [`SearchError::Game`]) unless `seeds` and `out` hold one
    /// value per listed game, [`Error::GameIndex`] for the first index not below the count:
    /// both before any search, with nothing written. [`Error::AllocFailed`], which leaves the
    /// actions of the games before it written. The seeds take the place of `options.seed`.
    pub fn actions_of(
        &mut self,
        games: Games<'_>,
        listed: &[usize],
        seeds: &[u64],
        options: &Options,
        out: &mut [u32],
    ) -> Result<(), SearchError> {
        for len in [seeds.len(), out.len()] {
            if len != listed.len() {
                return Err(Error::LengthMismatch { len, expected: listed.len() }.into());
            }
        }
        games.check_listed(listed)?;
        for ((&g, &seed), action) in listed.iter().zip(seeds).zip(out.iter_mut()) {
            *action = self.action(games, g, options, seed)?;
        }
        Ok(())
    }

    /// The batch action [`Computer::best_move`] makes in game `g` of `games` with `options` and
    /// `seed`: the cell's index row * cols + col, or under gravity its column; [`NO_ACTION`] for
    /// a game that is over (a forfeit included, which the game rebuilt from its moves would not
    /// know).
    fn action(
        &mut self,
        games: Games<'_>,
        g: usize,
        options: &Options,
        seed: u64,
    ) -> Result<u32, SearchError> {
        if games.is_terminated(g)? {
            return Ok(NO_ACTION);
        }
        let game = games.game(g)?;
        let (row, col) = self.best_move(&game, &Options { seed, ..*options })?;
        Ok(game.action_at(row, col)?)
    }
}

/// The search seed of game `index` of a batch whose [`Computer::actions`] are searched with
/// `seed`: a SplitMix64 output of the two, so that the games' searches differ.
pub fn search_seed(seed: u64, index: usize) -> u64 {
    let mut state = seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    random::next(&mut state)
}
