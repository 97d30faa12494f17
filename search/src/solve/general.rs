//! Exact solving under any rules: negamax alpha-beta over the core's [`Position`] (its moves and
//! undo, its winning cells, whether a player can still win), with a transposition table keyed
//! by symmetry class (the symmetries the rules keep), an early draw when neither player can
//! make k in a row any more, immediate wins taken and single threats answered without search.

use alloc::vec::Vec;

use tictactoe_core::{Error, Game, Player, Position};

use super::table::{Bound, Stored, Table};
use super::{stops, Halt, PerfectMove, Solution, Stop};
use crate::symmetry::{Keys, MAX_KEYED_CELLS};
use crate::tactics::{self, Tactical};
use crate::SearchError;

/// The score of a win at ply 0; a win at ply d scores `WIN - d`, a loss `-(WIN - d)`, a draw 0.
/// Above every board's number of cells, so that wins and losses never meet draws.
const WIN: i32 = 1 << 20;
const INFINITY: i32 = WIN + 1;

/// A perfect move from `game`'s position (in progress) and its value, searched on positions:
/// [`Solver::perfect_move`](super::Solver::perfect_move) under any rules, within `max_nodes`
/// positions and until `halt` (if any) answers `true`. `nodes` gets the positions visited.
pub(super) fn perfect(
    table: &mut Table,
    game: &Game,
    max_nodes: u64,
    halt: Option<Halt<'_>>,
    nodes: &mut u64,
) -> Result<PerfectMove, SearchError> {
    let rules = game.rules();
    let cells = rules.cells();
    let empties = cells - game.marks();
    let alloc = SearchError::Game(Error::AllocFailed);
    let keys = if cells <= MAX_KEYED_CELLS {
        let mut keys = Keys::new(&rules).ok_or(alloc)?;
        keys.load(game.cells());
        // Measured: the empty 4 x 4 board visits about 16 000 positions; 2^16 buckets of
        // two hold them all, and a 3 x 3 solve gets 2^9. At most 2^18 (12 MiB: the empty
        // 5 x 5 board, k = 4, visits about 520 000 positions and gains nothing from more).
        // Whatever the budget, so that a solve visits the same positions within any budget.
        let bits = (empties as u32).clamp(6, 18);
        table.begin(bits).ok_or(alloc)?;
        Some(keys)
    } else {
        None
    };
    let position = Position::new(game)?;
    let empty = Position::new(&Game::new(rules)?)?;
    let (order, rank) = order(&position, &empty).ok_or(alloc)?;
    // The moves of every node on a path: room for the first few levels, grown (and refused
    // when it cannot grow) beyond.
    let mut stack = Vec::new();
    stack.try_reserve(cells.saturating_mul(cells.min(16))).map_err(|_| alloc)?;
    let mut search = Search {
        position,
        order,
        rank,
        stack,
        keys,
        table,
        nodes: 0,
        max_nodes,
        halt,
        root_best: 0,
    };
    let outcome = search.solve_root();
    *nodes = search.nodes;
    let (score, cell) = outcome.map_err(|stop| stop.error(max_nodes))?;
    let mover = game.next_player();
    let solution = match score {
        0 => Solution { winner: None, plies: empties },
        s if s > 0 => Solution { winner: Some(mover), plies: (WIN - s) as usize },
        s => Solution { winner: Some(mover.opponent()), plies: (WIN + s) as usize },
    };
    let (row, col) = empty.row_col(cell);
    Ok(PerfectMove { row, col, solution })
}

/// The order moves are tried in (actions: cells, or under gravity columns), and each cell's
/// place in it (its action's). An action's home is the cell it marks on the empty board
/// (`empty`): actions whose home is on more k-windows first (the cells that take part in more
/// ways to win: for n in a row on n x n, the diagonals' cells; Connect Four's centre columns),
/// then nearer the centre, then in order.
fn order(position: &Position, empty: &Position) -> Option<(Vec<u32>, Vec<u32>)> {
    let (rows, cols) = (position.rows(), position.cols());
    let (actions, cells) = (position.action_count(), position.cell_count());
    let mut order: Vec<u32> = Vec::new();
    let mut rank: Vec<u32> = Vec::new();
    order.try_reserve_exact(actions).ok()?;
    rank.try_reserve_exact(cells).ok()?;
    // Twice the distance from the centre, in the max norm.
    let distance = |cell: usize| {
        let (row, col) = empty.row_col(cell);
        (2 * row).abs_diff(rows - 1).max((2 * col).abs_diff(cols - 1))
    };
    // Actions and cells are below 2^32.
    order.extend(0..actions as u32);
    order.sort_by_key(|&action| {
        let home = empty.action_cell(action as usize).unwrap_or(0);
        (core::cmp::Reverse(empty.windows_through(home).count()), distance(home), action)
    });
    let mut place: Vec<u32> = Vec::new();
    place.try_reserve_exact(actions).ok()?;
    place.resize(actions, 0);
    for (i, &action) in order.iter().enumerate() {
        place[action as usize] = i as u32;
    }
    rank.extend((0..cells).map(|cell| place[position.action_of(cell)]));
    Some((order, rank))
}

/// Converts a score counted from the root to one counted from a position `ply` moves below it,
/// and back: wins and losses are stored by their distance from the position itself.
fn from_root(score: i32, ply: i32) -> i32 {
    score + ply * score.signum()
}

fn to_root(score: i32, ply: i32) -> i32 {
    score - ply * score.signum()
}

struct Search<'t, 'h> {
    position: Position,
    /// The actions (cells, or under gravity columns) in the order moves are tried.
    order: Vec<u32>,
    /// Each cell's place in `order` (its action's).
    rank: Vec<u32>,
    /// The moves of the nodes on the current path, each node's after its parent's (and, while
    /// a node sorts them, their sort keys).
    stack: Vec<u64>,
    keys: Option<Keys>,
    table: &'t mut Table,
    nodes: u64,
    max_nodes: u64,
    /// The caller's predicate, asked every [`HALT_EVERY`](super::HALT_EVERY) positions: `true`
    /// ends the search.
    halt: Option<Halt<'h>>,
    /// The best move found at the root by the last search.
    root_best: usize,
}

impl Search<'_, '_> {
    /// The root's exact score and a best move: first whether it is won, drawn or lost (a
    /// narrow window, cheap), then, for a win or a loss, its distance.
    fn solve_root(&mut self) -> Result<(i32, usize), Stop> {
        let mut score = self.negamax(-1, 1, 0)?;
        if score > 0 {
            score = self.negamax(0, INFINITY, 0)?;
        } else if score < 0 {
            score = self.negamax(-INFINITY, 0, 0)?;
        }
        Ok((score, self.root_best))
    }

    fn place(&mut self, cell: usize, player: Player) {
        let placed = self.position.place(cell, player);
        debug_assert!(placed.is_ok(), "the cell is playable and nobody has won: legal");
        if let Some(keys) = &mut self.keys {
            keys.toggle(cell, player, true);
        }
    }

    fn take_back(&mut self, cell: usize, player: Player) {
        let undone = self.position.undo();
        debug_assert_eq!(undone, Ok((cell, player)), "the last move placed is taken back");
        if let Some(keys) = &mut self.keys {
            keys.toggle(cell, player, false);
        }
    }

    /// The first playable move in the solver's order.
    fn first_move(&self) -> usize {
        self.moves().next().unwrap_or(0)
    }

    /// The playable cells, in the solver's order.
    fn moves(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.order.len()).filter_map(|rank| self.move_at(rank))
    }

    /// The cell of action `order[rank]`, if a move may take it.
    fn move_at(&self, rank: usize) -> Option<usize> {
        self.position.action_cell(self.order[rank] as usize)
    }

    /// `player`'s threats that are playable now and win as the game judges them, first in
    /// the solver's order, as many as `out` holds; returns how many were written.
    fn winning_threats(&mut self, player: Player, out: &mut [usize]) -> usize {
        let mut found = 0;
        let mut last = None;
        // The playable threats one by one in order: the list is short where it matters.
        while found < out.len() {
            let next = tactics::winning_moves(&self.position, player)
                .map(|cell| (self.rank[cell], cell))
                .filter(|&key| last.map_or(true, |last| key > last))
                .min();
            let Some(key) = next else { break };
            last = Some(key);
            out[found] = key.1;
            found += 1;
        }
        found
    }

    /// The score of the position for the player to move, counted from the root `ply` moves up,
    /// as fail-soft alpha-beta: exact inside (alpha, beta), else a bound on the side it fell.
    fn negamax(&mut self, mut alpha: i32, mut beta: i32, ply: i32) -> Result<i32, Stop> {
        self.nodes += 1;
        if stops(self.nodes, self.max_nodes, self.halt) {
            return Err(Stop::Exceeded);
        }
        let root = ply == 0;
        let empties = self.position.cell_count() - self.position.marks();
        if root {
            self.root_best = self.first_move();
        }
        if empties == 0 {
            return Ok(0);
        }
        let me = self.position.next_player();
        let (mine, theirs) = (self.position.can_win(me), self.position.can_win(me.opponent()));
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
        // An immediate win, and the cells where the opponent would win next.
        let mut win = [0usize; 1];
        if mine && self.winning_threats(me, &mut win) == 1 {
            if root {
                self.root_best = win[0];
            }
            return Ok(WIN - (ply + 1));
        }
        let mut threats = [0usize; 2];
        let threat_count =
            if theirs { self.winning_threats(me.opponent(), &mut threats) } else { 0 };
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
        // This node's moves on the stack: the stored best move first, then the rest by their
        // promise (see `promise`), ties in the solver's order.
        let base = self.stack.len();
        self.stack.try_reserve(self.order.len() + 1).map_err(|_| Stop::AllocFailed)?;
        if let Some(cell) = first.filter(|&cell| self.position.is_playable(cell)) {
            self.stack.push(cell as u64);
        }
        let sorted = self.stack.len();
        let mut dead = false;
        for rank in 0..self.order.len() {
            let Some(cell) = self.move_at(rank).filter(|&cell| Some(cell) != first) else {
                continue;
            };
            let promise = self.position.promise(cell, me);
            if promise == 0 && self.position.opens(cell).is_none() {
                // A cell on no window either player can still complete, whose mark makes no
                // other cell playable, is a pass: every such cell leads to the same value, so
                // one of them is enough.
                if dead {
                    continue;
                }
                dead = true;
            }
            // Cells and ranks are below 2^32.
            self.stack.push(u64::from(u32::MAX - promise) << 32 | rank as u64);
        }
        self.stack[sorted..].sort_unstable();
        for i in sorted..self.stack.len() {
            // The rank's move was playable when it was listed.
            self.stack[i] =
                self.move_at((self.stack[i] & 0xFFFF_FFFF) as usize).unwrap_or(0) as u64;
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_cell = self.stack.get(base).map_or(0, |&cell| cell as usize);
        let mut outcome = Ok(());
        for i in base..self.stack.len() {
            let cell = self.stack[i] as usize;
            self.place(cell, me);
            let score = self.negamax(-beta, -alpha, ply + 1).map(|s| -s);
            self.take_back(cell, me);
            let score = match score {
                Ok(score) => score,
                Err(stop) => {
                    outcome = Err(stop);
                    break;
                }
            };
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
        self.stack.truncate(base);
        outcome?;
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
