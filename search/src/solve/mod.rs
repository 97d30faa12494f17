//! Exact solving: the value of a position under perfect play, and a move that keeps it.
//!
//! Two searches answer, by the board: where one word a player holds the board and one word
//! names each position a game can reach (Connect Four and the rest of the gravity family on
//! one word), the search on masks (`masks`: a table of bounds keyed by that word, a null-window
//! driver over the score, moves that hand the opponent a win left out, moves ordered by the
//! winning cells they make); on any other board, the search on the core's positions
//! (`general`: every rule, the exact rule included, and the symmetries). They answer alike:
//! the tests play both against plain minimax.

mod bounds;
mod general;
mod masks;
mod table;

use tictactoe_core::{Bits, Error, Game, Player};

use crate::SearchError;
use bounds::Bounds;
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

/// Why a solve stopped before its end.
enum Stop {
    /// The budget ran out.
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
    /// The positions the last solve visited.
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver; allocates nothing until it solves.
    pub const fn new() -> Solver {
        Solver { table: Table::new(), bounds: Bounds::new(), nodes: 0 }
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
        self.nodes = 0;
        if game.is_over() {
            return Ok(Solution { winner: game.winner(), plies: 0 });
        }
        if let Some(bits) = keyed(game) {
            let value = masks::value(&mut self.bounds, bits, game, max_nodes, &mut self.nodes);
            return value.map(|(solution, _)| solution);
        }
        Ok(self.perfect_move(game, max_nodes)?.solution)
    }

    /// A perfect move from `game`'s position: one that keeps its value, taking the fastest win
    /// and putting off a loss the longest. Among equal moves, the first in the solver's order
    /// (cells on more k-windows first, then nearer the centre; under gravity, columns nearer
    /// the centre first).
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game, and as [`Solver::solve`].
    pub fn perfect_move(
        &mut self,
        game: &Game,
        max_nodes: u64,
    ) -> Result<PerfectMove, SearchError> {
        self.nodes = 0;
        if game.is_over() {
            return Err(SearchError::GameOver { winner: game.winner() });
        }
        match keyed(game) {
            Some(bits) => masks::perfect(&mut self.bounds, bits, game, max_nodes, &mut self.nodes),
            None => general::perfect(&mut self.table, game, max_nodes, &mut self.nodes),
        }
    }
}

/// The masks of `game`'s board when the search on masks serves it: one word a player, and one
/// word naming each position.
fn keyed(game: &Game) -> Option<Bits> {
    Bits::of(&game.rules()).filter(|bits| bits.key_bits().is_some())
}
