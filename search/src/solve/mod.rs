//! Exact solving: the value of a position under perfect play, and a move that keeps it.
//!
//! Two searches answer, by the board: where one word a player holds the board and one word
//! names each position a game can reach (Connect Four and the rest of the gravity family on
//! one word), the search on masks (`masks`: a table of bounds keyed by that word, a null-window
//! driver over the score, moves that hand the opponent a win left out, moves ordered by the
//! winning cells they make); on any other board, the search on the core's positions
//! (`general`: every rule, the exact rule included, and the symmetries). They answer alike:
//! the tests play both against plain minimax.
//!
//! What a caller asks of them: a position's value ([`Solver::solve`]), a move that keeps it
//! ([`Solver::perfect_move`]), and every move's ([`Solver::analyze`]).

mod bounds;
mod general;
mod masks;
mod table;

use alloc::vec::Vec;
use core::cell::RefCell;

use tictactoe_core::{Bits, Error, Game, Player};

use crate::{book, SearchError};
use bounds::Bounds;
use masks::Limits;
use table::Table;

/// The value of a position under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// Who wins when both play best; `None` for a draw.
    pub winner: Option<Player>,
    /// The number of moves to the end when both play best: the winner takes the fastest win and
    /// the loser the slowest loss; a draw ends with the board full, so it is the number of empty
    /// cells.
    pub plies: usize,
}

/// A perfect move and the value it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PerfectMove {
    /// The move's cell.
    pub row: usize,
    /// The move's column.
    pub col: usize,
    /// The value of the position the move is played from.
    pub solution: Solution,
}

/// A legal move and the value it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveValue {
    /// The move's row (under gravity, the cell the mark lands on).
    pub row: usize,
    /// The move's column.
    pub col: usize,
    /// The value once the move is played and both play perfectly after it, its plies counted
    /// from the position before the move (this move is the first of them).
    pub solution: Solution,
}

/// A predicate a search asks every [`HALT_EVERY`] positions, ending as an exhausted budget does
/// when it answers `true`: the caller's stop ([`Solver::solve_until`]; asked on the solve's
/// first thread only), or a helper's signal that the first thread is done.
pub(crate) type Halt<'a> = &'a dyn Fn() -> bool;

/// How many positions a search visits between two questions to its [`Halt`].
const HALT_EVERY: u64 = 1024;

/// Whether a search stops at its `nodes`-th position: past its budget, or at a question to its
/// `halt` (every [`HALT_EVERY`] positions) answered `true`. Both searches' one rule for it.
#[inline(always)]
fn stops(nodes: u64, max_nodes: u64, halt: Option<Halt<'_>>) -> bool {
    nodes > max_nodes || (nodes % HALT_EVERY == 0 && halt.is_some_and(|halt| halt()))
}

/// Runs `search` with the caller's `stop` as a [`Halt`]: shared, as a search holds it, and
/// asked by one thread at a time (the solve's first), so that a `RefCell` lends it.
fn halting<T>(stop: &mut dyn FnMut() -> bool, search: impl FnOnce(Halt<'_>) -> T) -> T {
    let stop = RefCell::new(stop);
    search(&|| (stop.borrow_mut())())
}

/// Why a solve stopped before its end.
enum Stop {
    /// The budget ran out, or the caller's [`Halt`] answered `true`.
    Exceeded,
    /// A list or the table could not grow.
    AllocFailed,
}

impl Stop {
    /// The refusal a solve with the budget `max_nodes` gives for this stop.
    fn error(self, max_nodes: u64) -> SearchError {
        match self {
            Stop::Exceeded => SearchError::BudgetExceeded { max_nodes },
            Stop::AllocFailed => SearchError::Game(Error::AllocFailed),
        }
    }
}

/// An exact solver. It keeps its tables between solves, so that solving many positions
/// allocates once. What the search on masks learnt of a position (bounds on its value) stays
/// true whatever is solved next, so its table is kept warm from one solve to the next of the
/// same rules: a value never depends on earlier solves, but how many positions a solve visits
/// (and so whether a budget suffices) may.
pub struct Solver {
    table: Table,
    bounds: Bounds,
    /// The threads a solve on masks runs on.
    threads: usize,
    /// Whether positions in the opening book are read from it rather than solved.
    book: bool,
    /// The positions the last solve visited.
    nodes: u64,
}

/// `threads`, at most four a core. The cores are asked of the system once a process: the
/// question reads the cgroup's files (24 us a call here), and the computer player sets the
/// count twice at every solve it is asked for (`Computer::solving`): asked each time, it made
/// a Connect Four endgame's solve from Python 50 us rather than 2 us. A later change of the
/// process's cores (its affinity, its cgroup) is not seen: the cap only spares the machine
/// threads that would take turns, and never changes an answer.
#[cfg(feature = "std")]
fn most_threads(threads: usize) -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores =
        *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |cores| cores.get()));
    threads.min(cores.saturating_mul(4))
}

/// Without `std` a solve runs on one thread whatever the count.
#[cfg(not(feature = "std"))]
fn most_threads(threads: usize) -> usize {
    threads
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// What it holds in numbers (its table is memory, not to be printed).
impl core::fmt::Debug for Solver {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Solver")
            .field("table_entries", &self.table_entries())
            .field("threads", &self.threads)
            .field("book", &self.book)
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl Solver {
    /// A solver; allocates nothing until it solves.
    pub const fn new() -> Solver {
        Solver { table: Table::new(), bounds: Bounds::new(), threads: 1, book: true, nodes: 0 }
    }

    /// Sets the size of the table of the search on masks (Connect Four's solver): `entries`
    /// entries of 8 bytes (12 on boards whose keys take more than 32 bits beyond the entries'
    /// count), rounded up to a prime, at least 1021 (and at most 2^40); by default 2^23 + 9
    /// (64 MiB). The memory is taken by the next solve that needs it, which is refused with
    /// [`Error::AllocFailed`] (as [`SearchError::Game`]) when it cannot be had, nothing else
    /// changed: the solver solves again once a size that can be had is set. A larger table
    /// helps the longest solves (the empty board); a smaller one suits many threads.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Rules};
    /// use tictactoe_search::{SearchError, Solver};
    /// let mut game = Game::new(Rules::CONNECT_FOUR)?;
    /// for col in [4, 6, 1, 6, 2, 5, 5, 3, 6, 2, 1, 1, 6, 0, 6, 4, 4] {
    ///     game.drop(col)?; // 17 moves in: a benchmark's middle game
    /// }
    /// let mut solver = Solver::new();
    /// solver.set_table_entries(usize::MAX / 4);
    /// assert_eq!(solver.solve(&game, u64::MAX), Err(SearchError::Game(Error::AllocFailed)));
    /// solver.set_table_entries(1 << 16);
    /// let small = solver.solve(&game, u64::MAX)?;
    /// assert_eq!(Solver::new().solve(&game, u64::MAX)?, small);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_table_entries(&mut self, entries: usize) {
        self.bounds.set_most(entries);
    }

    /// The entries [`Solver::set_table_entries`] last set (2^23 + 9 by default).
    pub fn table_entries(&self) -> usize {
        self.bounds.most()
    }

    /// Sets the threads a solve on masks runs on (1 by default, at least 1; with the `std`
    /// feature): the others search the same position (every other one with other null
    /// windows) on the same table, so that the answer is the same whatever the number,
    /// sooner. At most four a core run (more would only take turns, and a count from outside
    /// must not start billions), and fewer when the system refuses a thread. The budget counts
    /// the first thread's positions ([`Solver::nodes`]); the others stop when it is done.
    /// Other boards, and boards whose keys are too long for the table's 32-bit entries, solve
    /// on one.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = most_threads(threads.max(1));
    }

    /// Empties the table of the search on masks, in O(1), keeping its memory: the next solve
    /// visits the positions a fresh solver's would, so that whether it fits a budget does not
    /// depend on what was solved before (what a computer player that must choose the same move
    /// in the same position asks before each budgeted solve).
    pub fn forget(&mut self) {
        self.bounds.forget();
    }

    /// Sets whether positions in the opening book ([`crate::Book::connect_four`]: Connect Four's
    /// early positions) are answered from it (by default) rather than solved: off, for
    /// measuring the solver, or for checking the book.
    pub fn set_book(&mut self, book: bool) {
        self.book = book;
    }

    /// The opening book's perfect move for `game`'s position, when the book is on and has it.
    fn booked(&self, game: &Game) -> Option<PerfectMove> {
        self.book.then(|| book::opening(game)).flatten()
    }

    /// Whether `game`'s board is one the search on masks serves (Connect Four, and the rest of
    /// the gravity family whose positions one word names): the fast solver.
    pub fn on_masks(game: &Game) -> bool {
        keyed(game).is_some()
    }

    /// The number of positions the last solve visited (counted against the budget).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `game`'s position under perfect play, under any rules (an m,n,k-game,
    /// exact or not, with or without gravity). A finished game has its result and 0 plies.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Rules};
    /// use tictactoe_search::{Solution, Solver};
    /// let mut game = Game::new(3)?;
    /// game.play_all([(0, 0), (1, 1), (0, 1)])?; // X threatens the top row
    /// let solution = Solver::new().solve(&game, u64::MAX)?;
    /// assert_eq!(solution, Solution { winner: None, plies: 6 });
    /// game.play(2, 2)?; // O does not block
    /// assert_eq!(Solver::new().solve(&game, u64::MAX)?, Solution { winner: Some(Player::X), plies: 1 });
    /// // Three in a row on 3 rows of 4: the first player wins in 7 plies.
    /// let game = Game::new(Rules::mnk(3, 4, 3))?;
    /// assert_eq!(Solver::new().solve(&game, u64::MAX)?, Solution { winner: Some(Player::X), plies: 7 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SearchError::BudgetExceeded`] when it would visit more than `max_nodes` positions;
    /// [`Error::AllocFailed`] (as [`SearchError::Game`]) when a table or the lists of moves
    /// cannot be had.
    pub fn solve(&mut self, game: &Game, max_nodes: u64) -> Result<Solution, SearchError> {
        self.solve_halting(game, max_nodes, None)
    }

    /// [`Solver::solve`], asking `stop` every 1 024 positions and ending as soon as it answers
    /// `true` (a cancel flag, a clock's deadline), as if the budget had run out. With a `stop`
    /// that never answers `true`, [`Solver::solve`]'s answer and positions.
    ///
    /// ```
    /// use core::cell::Cell;
    /// use tictactoe_core::{Game, Rules};
    /// use tictactoe_search::{SearchError, Solver};
    /// let game = Game::new(Rules::CONNECT_FOUR)?;
    /// let mut solver = Solver::new();
    /// solver.set_book(false); // minutes of solving
    /// let asked = Cell::new(0);
    /// let stop = &mut || {
    ///     asked.set(asked.get() + 1);
    ///     asked.get() > 3
    /// };
    /// let stopped = solver.solve_until(&game, u64::MAX, stop);
    /// assert!(matches!(stopped, Err(SearchError::BudgetExceeded { .. })));
    /// assert_eq!(asked.get(), 4);
    /// assert_eq!(solver.nodes(), 4 * 1024);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`]: [`SearchError::BudgetExceeded`] once `stop` answers `true`.
    pub fn solve_until(
        &mut self,
        game: &Game,
        max_nodes: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Solution, SearchError> {
        halting(stop, |halt| self.solve_halting(game, max_nodes, Some(halt)))
    }

    /// [`Solver::solve`], asking `halt` (if any) every 1 024 positions.
    fn solve_halting(
        &mut self,
        game: &Game,
        max_nodes: u64,
        halt: Option<Halt<'_>>,
    ) -> Result<Solution, SearchError> {
        self.nodes = 0;
        if game.is_over() {
            return Ok(Solution { winner: game.winner(), plies: 0 });
        }
        if let Some(perfect) = self.booked(game) {
            return Ok(perfect.solution);
        }
        if let Some(bits) = keyed(game) {
            let limits = Limits { max_nodes, threads: self.threads, halt };
            let value = masks::value(&mut self.bounds, bits, game, limits, &mut self.nodes);
            return value.map(|(solution, _)| solution);
        }
        Ok(self.perfect_move_halting(game, max_nodes, halt)?.solution)
    }

    /// A perfect move from `game`'s position: one that keeps its value, taking the fastest win
    /// and putting off a loss the longest. Among equal moves, the first the search tries, the
    /// same for the same position and solver: on boards of one word, the moves that leave the
    /// mover the most cells to win on first, then nearer the centre; on others, the move the
    /// table found best first, then cells on more k-windows, then nearer the centre. For a
    /// position in the opening book (unless [`Solver::set_book`] turned it off), the book's
    /// move, which is the solver's first in the orientation the book met first (the position
    /// or its mirror image), so possibly another perfect move.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game, and as [`Solver::solve`].
    pub fn perfect_move(
        &mut self,
        game: &Game,
        max_nodes: u64,
    ) -> Result<PerfectMove, SearchError> {
        self.perfect_move_halting(game, max_nodes, None)
    }

    /// [`Solver::perfect_move`], asking `stop` every 1 024 positions and ending as soon as it
    /// answers `true`, as [`Solver::solve_until`].
    ///
    /// # Errors
    /// As [`Solver::perfect_move`]: [`SearchError::BudgetExceeded`] once `stop` answers `true`.
    pub fn perfect_move_until(
        &mut self,
        game: &Game,
        max_nodes: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<PerfectMove, SearchError> {
        halting(stop, |halt| self.perfect_move_halting(game, max_nodes, Some(halt)))
    }

    /// [`Solver::perfect_move`], asking `halt` (if any) every 1 024 positions.
    fn perfect_move_halting(
        &mut self,
        game: &Game,
        max_nodes: u64,
        halt: Option<Halt<'_>>,
    ) -> Result<PerfectMove, SearchError> {
        self.nodes = 0;
        if game.is_over() {
            return Err(SearchError::GameOver { winner: game.winner() });
        }
        if let Some(perfect) = self.booked(game) {
            return Ok(perfect);
        }
        match keyed(game) {
            Some(bits) => {
                let limits = Limits { max_nodes, threads: self.threads, halt };
                masks::perfect(&mut self.bounds, bits, game, limits, &mut self.nodes)
            }
            None => general::perfect(&mut self.table, game, max_nodes, halt, &mut self.nodes),
        }
    }
}

impl Solver {
    /// Every legal move of `game`'s position with its value, in the order of
    /// [`Game::legal_moves`]: what a player weighing its moves (or a teacher showing the
    /// mistakes) asks. A finished game has none. `max_nodes` bounds the positions visited by
    /// all the moves' solves together; [`Solver::nodes`] is then their sum.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// use tictactoe_search::{Solution, Solver};
    /// let mut game = Game::new(3)?;
    /// game.play_all([(0, 0), (1, 1), (0, 1)])?; // X threatens the top row
    /// let values = Solver::new().analyze(&game, u64::MAX)?;
    /// let block = values.iter().find(|v| (v.row, v.col) == (0, 2)).unwrap();
    /// assert_eq!(block.solution, Solution { winner: None, plies: 6 });
    /// let elsewhere = values.iter().find(|v| (v.row, v.col) == (2, 2)).unwrap();
    /// assert_eq!(elsewhere.solution, Solution { winner: Some(Player::X), plies: 2 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`]; the budget counts every move's positions.
    pub fn analyze(&mut self, game: &Game, max_nodes: u64) -> Result<Vec<MoveValue>, SearchError> {
        self.analyze_halting(game, max_nodes, None)
    }

    /// [`Solver::analyze`], asking `stop` every 1 024 positions and ending as soon as it
    /// answers `true`, as [`Solver::solve_until`].
    ///
    /// # Errors
    /// As [`Solver::analyze`]: [`SearchError::BudgetExceeded`] once `stop` answers `true`.
    pub fn analyze_until(
        &mut self,
        game: &Game,
        max_nodes: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<MoveValue>, SearchError> {
        halting(stop, |halt| self.analyze_halting(game, max_nodes, Some(halt)))
    }

    /// [`Solver::analyze`], asking `halt` (if any) every 1 024 positions.
    fn analyze_halting(
        &mut self,
        game: &Game,
        max_nodes: u64,
        halt: Option<Halt<'_>>,
    ) -> Result<Vec<MoveValue>, SearchError> {
        let mut values = Vec::new();
        values.try_reserve_exact(game.legal_moves().count()).map_err(|_| Error::AllocFailed)?;
        let mut after = game.try_clone()?;
        let mut visited = 0u64;
        for (row, col) in game.legal_moves() {
            after.play(row, col)?;
            let solved = self.solve_halting(&after, max_nodes - visited, halt);
            visited += self.nodes;
            // The sum so far, a refused move's included, whatever comes next.
            self.nodes = visited;
            let mut solution = solved.map_err(|error| match error {
                SearchError::BudgetExceeded { .. } => SearchError::BudgetExceeded { max_nodes },
                error => error,
            })?;
            solution.plies += 1;
            values.push(MoveValue { row, col, solution });
            after.undo()?;
        }
        self.nodes = visited;
        Ok(values)
    }
}

/// The masks of `game`'s board when the search on masks serves it: one word a player, and one
/// word naming each position.
pub(crate) fn keyed(game: &Game) -> Option<Bits> {
    Bits::of(&game.rules()).filter(|bits| bits.key_bits().is_some())
}
