//! The one entry point: a best move for any position, perfect where solving fits the budget,
//! searched otherwise.

use tictactoe_core::Game;

use crate::error::side;
use crate::mcts::Tree;
use crate::symmetry::MAX_KEYED_CELLS;
use crate::{tactics, SearchError, Solution, Solver};

/// Solving visits at most this many positions when no budget is given: a few seconds at most.
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// Simulations of the tree search when none are given.
pub const DEFAULT_SIMULATIONS: u32 = 10_000;

/// Positions with at most this many empty cells are solved before they are searched: every
/// 4 x 4 position, and the ends of larger games.
pub const EXACT_EMPTIES: usize = 16;

/// Above 5 x 5 the solver has no transposition table, and solves only this many empty cells.
pub const EXACT_EMPTIES_UNKEYED: usize = 10;

/// The positions a best move may spend on solving before it searches instead: solving the
/// empty 4 x 4 board takes about 16 000; a 5 x 5 endgame past this is searched.
pub const DEFAULT_MOVE_NODES: u64 = 200_000;

/// How [`Computer::best_move`] chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The tree search's simulations, for positions it does not solve.
    pub simulations: u32,
    /// The tree search's seed: the same seed and simulations give the same move.
    pub seed: u64,
    /// The positions solving may visit before the move is searched instead.
    pub max_nodes: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options { simulations: DEFAULT_SIMULATIONS, seed: 0, max_nodes: DEFAULT_MOVE_NODES }
    }
}

/// A computer player: solver and tree search with their memory, kept between moves.
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
        use core::cell::RefCell;
        std::thread_local! {
            static COMPUTER: RefCell<Computer> = RefCell::new(Computer::new());
        }
        COMPUTER.with(|computer| work(&mut computer.borrow_mut()))
    }

    /// The value of `game`'s position under perfect play, as [`Solver::solve`].
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve(&mut self, game: &Game, max_nodes: u64) -> Result<Solution, SearchError> {
        self.solver.solve(game, max_nodes)
    }

    /// A move for the player to move: a perfect one ([`Solver::perfect_move`]) when the position
    /// has at most [`EXACT_EMPTIES`] empty cells and solving it fits in `options.max_nodes`;
    /// otherwise an immediate win if there is one, else a block of the opponent's immediate win,
    /// else the tree search's choice. Always a legal move.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`tictactoe_core::Error::AllocFailed`]
    /// (as [`SearchError::Game`]) when memory cannot be had.
    pub fn best_move(
        &mut self,
        game: &Game,
        options: &Options,
    ) -> Result<(usize, usize), SearchError> {
        let n = side(game)?;
        if game.is_over() {
            return Err(SearchError::GameOver { winner: game.winner() });
        }
        let empties = n * n - game.marks();
        let exact = if n * n <= MAX_KEYED_CELLS { EXACT_EMPTIES } else { EXACT_EMPTIES_UNKEYED };
        if empties <= exact {
            match self.solver.perfect_move(game, options.max_nodes) {
                Ok(perfect) => return Ok((perfect.row, perfect.col)),
                Err(SearchError::BudgetExceeded { .. }) => {}
                Err(error) => return Err(error),
            }
        }
        if let Some(cell) = tactic(game)? {
            return Ok((cell / n, cell % n));
        }
        let cell = self.tree.search(game, options.simulations, options.seed)?;
        Ok((cell / n, cell % n))
    }
}

/// A move no search should miss: the first cell (row-major) that wins now, else the first that
/// stops the opponent winning next move.
fn tactic(game: &Game) -> Result<Option<usize>, SearchError> {
    let n = game.rows();
    let me = game.next_player();
    let mut game = game.try_clone()?;
    for player in [me, me.opponent()] {
        for cell in 0..n * n {
            if tactics::wins_at(&mut game, cell / n, cell % n, player) {
                return Ok(Some(cell));
            }
        }
    }
    Ok(None)
}
