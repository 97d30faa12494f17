//! Exact solving: negamax alpha-beta over the core's own moves and undo, with a transposition
//! table keyed by symmetry class, the core's `can_win` as an early draw, immediate wins taken and
//! single threats answered without search.

use alloc::vec::Vec;

use tictactoe_core::{Error, Game, Player};

use crate::error::side;
use crate::symmetry::{Keys, MAX_KEYED_N};
use crate::table::{Bound, Stored, Table};
use crate::tactics;
use crate::SearchError;

/// The score of a win at ply 0; a win at ply d scores `WIN - d`, a loss `-(WIN - d)`, a draw 0.
/// Above every board's number of cells, so that wins and losses never meet draws.
const WIN: i32 = 1 << 20;
const INFINITY: i32 = WIN + 1;

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

/// The budget ran out.
struct Exceeded;

/// An exact solver. It keeps its table between solves, so that solving many positions allocates
/// once; every solve still starts from an empty table, so results never depend on earlier calls.
pub struct Solver {
    table: Table,
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
        Solver { table: Table::new(), nodes: 0 }
    }

    /// The number of positions the last solve visited (counted against the budget).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `game`'s position under perfect play. A finished game has its result and 0
    /// plies.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// use tictactoe_search::{Solution, Solver};
    /// let mut game = Game::new(3)?;
    /// game.play_all([(0, 0), (1, 1), (0, 1)])?; // X threatens the top row
    /// let solution = Solver::new().solve(&game, u64::MAX)?;
    /// assert_eq!(solution, Solution { winner: None, plies: 6 });
    /// game.play(2, 2)?; // O does not block
    /// assert_eq!(Solver::new().solve(&game, u64::MAX)?, Solution { winner: Some(Player::X), plies: 1 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SearchError::BudgetExceeded`] when it would visit more than `max_nodes` positions;
    /// [`Error::AllocFailed`] (as [`SearchError::Game`]) when the table cannot be had.
    pub fn solve(&mut self, game: &Game, max_nodes: u64) -> Result<Solution, SearchError> {
        self.nodes = 0;
        side(game)?;
        if game.is_over() {
            return Ok(Solution { winner: game.winner(), plies: 0 });
        }
        Ok(self.perfect(game, max_nodes)?.solution)
    }

    /// A perfect move from `game`'s position: one that keeps its value, taking the fastest win
    /// and putting off a loss the longest. Among equal moves, the first in the solver's order
    /// (cells on more lines first).
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game, and as [`Solver::solve`].
    pub fn perfect_move(
        &mut self,
        game: &Game,
        max_nodes: u64,
    ) -> Result<PerfectMove, SearchError> {
        self.nodes = 0;
        side(game)?;
        if game.is_over() {
            return Err(SearchError::GameOver { winner: game.winner() });
        }
        self.perfect(game, max_nodes)
    }

    fn perfect(&mut self, game: &Game, max_nodes: u64) -> Result<PerfectMove, SearchError> {
        let n = game.rows();
        let empties = n * n - game.marks();
        let keys = if n <= MAX_KEYED_N {
            let mut keys = Keys::new(n).ok_or(SearchError::Game(Error::AllocFailed))?;
            keys.load(game.cells());
            // Measured: the empty 4 x 4 board visits about 12 000 positions; 2^16 buckets of
            // two hold them all, and a 3 x 3 solve gets 2^9.
            let bits = (empties as u32).clamp(6, 16);
            self.table.begin(bits).ok_or(SearchError::Game(Error::AllocFailed))?;
            Some(keys)
        } else {
            None
        };
        let mut search = Search {
            game: game.try_clone()?,
            n,
            order: order(game).ok_or(SearchError::Game(Error::AllocFailed))?,
            keys,
            table: &mut self.table,
            nodes: 0,
            max_nodes,
            root_best: 0,
        };
        let outcome = search.solve_root();
        self.nodes = search.nodes;
        let (score, cell) =
            outcome.map_err(|Exceeded| SearchError::BudgetExceeded { max_nodes })?;
        let mover = game.next_player();
        let solution = match score {
            0 => Solution { winner: None, plies: empties },
            s if s > 0 => Solution { winner: Some(mover), plies: (WIN - s) as usize },
            s => Solution { winner: Some(mover.opponent()), plies: (WIN + s) as usize },
        };
        Ok(PerfectMove { row: cell / n, col: cell % n, solution })
    }
}

/// The cells of `game`'s board in the order moves are tried: on more lines first (the
/// diagonals' cells, as the game tells), then nearer the centre, then row-major.
fn order(game: &Game) -> Option<Vec<usize>> {
    let n = game.rows();
    let mut cells = Vec::new();
    cells.try_reserve_exact(n * n).ok()?;
    cells.extend(0..n * n);
    // Every cell of the board has lines through it.
    let lines = |cell: usize| game.lines_through(cell / n, cell % n).map_or(0, Iterator::count);
    // Twice the distance from the centre, in the max norm.
    let distance = |cell: usize| {
        let (row, col) = (2 * (cell / n), 2 * (cell % n));
        row.abs_diff(n - 1).max(col.abs_diff(n - 1))
    };
    cells.sort_by_key(|&cell| (core::cmp::Reverse(lines(cell)), distance(cell), cell));
    Some(cells)
}

/// Converts a score counted from the root to one counted from a position `ply` moves below it,
/// and back: wins and losses are stored by their distance from the position itself.
fn from_root(score: i32, ply: i32) -> i32 {
    score + ply * score.signum()
}

fn to_root(score: i32, ply: i32) -> i32 {
    score - ply * score.signum()
}

struct Search<'t> {
    game: Game,
    n: usize,
    order: Vec<usize>,
    keys: Option<Keys>,
    table: &'t mut Table,
    nodes: u64,
    max_nodes: u64,
    /// The best move found at the root by the last search.
    root_best: usize,
}

impl Search<'_> {
    /// The root's exact score and a best move: first whether it is won, drawn or lost (a
    /// narrow window, cheap), then, for a win or a loss, its distance.
    fn solve_root(&mut self) -> Result<(i32, usize), Exceeded> {
        let mut score = self.negamax(-1, 1, 0)?;
        if score > 0 {
            score = self.negamax(0, INFINITY, 0)?;
        } else if score < 0 {
            score = self.negamax(-INFINITY, 0, 0)?;
        }
        Ok((score, self.root_best))
    }

    fn is_free(&self, cell: usize) -> bool {
        // Cells come from `order`, all on the board.
        matches!(self.game.cell(cell / self.n, cell % self.n), Ok(None))
    }

    fn wins_at(&mut self, cell: usize, player: Player) -> bool {
        tactics::wins_at(&mut self.game, cell / self.n, cell % self.n, player)
    }

    fn place(&mut self, cell: usize, player: Player) {
        // The cell is free and nobody has won: the move is legal.
        let _ = self.game.make_move(cell / self.n, cell % self.n, u32::from(player.number()));
        if let Some(keys) = &mut self.keys {
            keys.toggle(cell, player, true);
        }
    }

    fn take_back(&mut self, cell: usize, player: Player) {
        let _ = self.game.undo();
        if let Some(keys) = &mut self.keys {
            keys.toggle(cell, player, false);
        }
    }

    /// The score of the position for the player to move, counted from the root `ply` moves up,
    /// as fail-soft alpha-beta: exact inside (alpha, beta), else a bound on the side it fell.
    fn negamax(&mut self, mut alpha: i32, mut beta: i32, ply: i32) -> Result<i32, Exceeded> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Exceeded);
        }
        let root = ply == 0;
        let cells = self.n * self.n;
        let empties = cells - self.game.marks();
        if root {
            self.root_best = self.order.iter().copied().find(|&c| self.is_free(c)).unwrap_or(0);
        }
        if empties == 0 {
            return Ok(0);
        }
        let me = self.game.next_player();
        let (mine, theirs) = (self.game.can_win(me), self.game.can_win(me.opponent()));
        if !mine && !theirs {
            return Ok(0);
        }
        // The best is a win next move; the worst, a loss the move after.
        let best_possible = if mine { WIN - (ply + 1) } else { 0 };
        let worst_possible = if theirs { -(WIN - (ply + 2)) } else { 0 };
        if best_possible <= alpha {
            return Ok(best_possible);
        }
        if worst_possible >= beta {
            return Ok(worst_possible);
        }
        // Immediate wins, and the cells where the opponent would win next.
        let mut threats = [0usize; 2];
        let mut threat_count = 0;
        for i in 0..cells {
            let cell = self.order[i];
            if !self.is_free(cell) {
                continue;
            }
            if mine && self.wins_at(cell, me) {
                if root {
                    self.root_best = cell;
                }
                return Ok(WIN - (ply + 1));
            }
            if theirs && threat_count < 2 && self.wins_at(cell, me.opponent()) {
                threats[threat_count] = cell;
                threat_count += 1;
            }
        }
        if threat_count > 0 {
            // One threat must be blocked; two cannot both be.
            if root {
                self.root_best = threats[0];
            }
            if threat_count == 2 {
                return Ok(-(WIN - (ply + 2)));
            }
            self.place(threats[0], me);
            let score = self.negamax(-beta, -alpha, ply + 1).map(|s| -s);
            self.take_back(threats[0], me);
            return score;
        }
        let key = self.keys.as_ref().map(Keys::key);
        let mut first = None;
        if let Some((key, symmetry)) = key {
            if let Some(stored) = self.table.get(key) {
                let score = to_root(stored.score, ply);
                if !root {
                    match stored.bound {
                        Bound::Exact => return Ok(score),
                        Bound::Lower => alpha = alpha.max(score),
                        Bound::Upper => beta = beta.min(score),
                    }
                    if alpha >= beta {
                        return Ok(score);
                    }
                }
                // The keys exist, so the symmetry maps back.
                first = self.keys.as_ref().map(|keys| keys.cell_of_image(symmetry, stored.cell));
            }
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_cell = first.unwrap_or(0);
        // The stored best move first, then the rest in order.
        for i in 0..=cells {
            let cell = match (i, first) {
                (0, Some(cell)) => cell,
                (0, None) => continue,
                (i, first) if Some(self.order[i - 1]) != first => self.order[i - 1],
                _ => continue,
            };
            if !self.is_free(cell) {
                continue;
            }
            self.place(cell, me);
            let score = self.negamax(-beta, -alpha, ply + 1).map(|s| -s);
            self.take_back(cell, me);
            let score = score?;
            if score > best {
                best = score;
                best_cell = cell;
                if root {
                    self.root_best = cell;
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if let (Some((key, symmetry)), Some(keys)) = (key, &self.keys) {
            let bound = if best <= original_alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let cell = keys.image_of(symmetry, best_cell);
            self.table.put(key, empties, Stored { score: from_root(best, ply), bound, cell });
        }
        Ok(best)
    }
}
