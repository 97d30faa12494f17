//! Monte Carlo tree search for positions too large to solve, under any rules: UCT over a tree
//! whose nodes offer only the moves the tactics leave (see [`crate::tactics`]: a win, the
//! blocks, the columns that do not lose at once, the double threats, the cells near the marks
//! by promise), playouts that win when they can and block when they must, and wins and losses
//! proven in the tree carried up it (MCTS-solver). The tree plays the core's moves; a playout
//! plays on the search's board, and on gravity boards of one word on bits ([`crate::bits`]).
//!
//! Each simulation starts from a copy of the root's game and board (copying a few kilobytes
//! costs less than taking back a playout of a hundred moves), so a playout never undoes.

use alloc::vec::Vec;

use tictactoe_core::{Error, Game, Player};

use crate::bits::Shape;
use crate::board::{side, Board};
use crate::near::Near;
use crate::tactics::{self, Choices};

/// The exploration constant of UCT's confidence bound, for rewards in [0, 1]. Measured against
/// a plain UCT player on Connect Four (5 000 simulations a move, 30 games a side): 0.7 won 54
/// games and lost 3, 1.0 won 50 and lost 8.
const EXPLORATION: f32 = 0.7;

/// The visit counts whose confidence width and spread [`Tree::bounds`] keeps: below them they
/// are read, not worked out (a logarithm, square roots and a division: 7% of a Connect Four
/// search).
const BOUNDS: usize = 4096;

/// The width of a node's confidence bounds after `visits` simulations: its children's bound
/// is their mean plus this times their spread.
fn width(visits: u32) -> f32 {
    EXPLORATION * libm::sqrtf(libm::logf(visits as f32))
}

/// The spread of a node's confidence bound after `visits` simulations.
fn spread(visits: u32) -> f32 {
    1.0 / libm::sqrtf(visits as f32)
}

/// How far from a mark (in the max norm) a playout on a large board draws its moves.
const PLAYOUT_RADIUS: usize = 1;

/// No node, or no moves yet.
const NONE: u32 = u32::MAX;

/// What the tree has proven of a node, for the player who moved into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proven {
    Unknown,
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The cell of the move into this node.
    cell: u32,
    first_child: u32,
    next_sibling: u32,
    /// Where the node's moves start in the tree's list of moves ([`NONE`] until they are
    /// found), and how many there are.
    moves_at: u32,
    moves_len: u32,
    /// How many of the moves have a child yet (the first ones: the most promising).
    expanded: u32,
    visits: u32,
    /// The sum of the simulations' rewards for the player who moved into this node: 1 for a
    /// win, 1/2 for a draw.
    reward: f32,
    /// `reward / visits` and `1 / sqrt(visits)`, kept up to date as the simulations come back,
    /// so that choosing among children costs one multiply-add each.
    mean: f32,
    spread: f32,
    proven: Proven,
    /// The moves are all that can matter (see [`Choices::complete`]): when every child is
    /// lost, so is the node.
    complete: bool,
}

impl Node {
    fn new(cell: u32) -> Node {
        Node {
            cell,
            first_child: NONE,
            next_sibling: NONE,
            moves_at: NONE,
            moves_len: 0,
            expanded: 0,
            visits: 0,
            reward: 0.0,
            mean: 0.0,
            spread: 0.0,
            proven: Proven::Unknown,
            complete: false,
        }
    }
}

/// A search tree and the scratch space of its simulations, kept between searches so that a
/// player that searches every move allocates once.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    /// Every expanded node's moves, each node's together.
    moves: Vec<u32>,
    /// The nodes of the current simulation, from the root.
    path: Vec<u32>,
    /// The root's board and candidate cells, and the copies a simulation plays on.
    root: Board,
    board: Board,
    near_root: Near,
    near: Near,
    choices: Choices,
    /// Scratch: the columns a playout under gravity draws from.
    columns: Vec<u32>,
    /// The simulations the last search ran.
    simulations: u32,
    /// Whether only a run of exactly k wins.
    exact: bool,
    /// The board of bits the playouts run on, when the rules allow one (see [`crate::bits`]),
    /// and the root's marks on it.
    bits: Option<Shape>,
    root_marks: [u64; 2],
    /// [`width`] and [`spread`] of each visit count below [`BOUNDS`], filled by the first
    /// search.
    bounds: Vec<(f32, f32)>,
}

fn reserve<T>(items: &mut Vec<T>, len: usize) -> Result<(), Error> {
    items.clear();
    items.try_reserve(len).map_err(|_| Error::AllocFailed)
}

impl Tree {
    /// The chosen move (a cell index) from `game` (in progress) after `simulations`
    /// simulations drawn from `seed`: the only move the tactics leave when there is one,
    /// else a proven win, else the most visited. The same game, simulations and seed give the
    /// same move.
    pub(crate) fn search(
        &mut self,
        game: &Game,
        simulations: u32,
        seed: u64,
    ) -> Result<usize, Error> {
        self.simulations = 0;
        if self.bounds.is_empty() {
            self.bounds.try_reserve_exact(BOUNDS).map_err(|_| Error::AllocFailed)?;
            // Below 2^32.
            self.bounds.extend((0..BOUNDS as u32).map(|visits| (width(visits), spread(visits))));
        }
        self.exact = game.rules().exact;
        self.root.load(game)?;
        self.bits = Shape::of(&self.root, self.exact);
        self.root_marks = self.bits.map_or([0; 2], |shape| shape.marks(&self.root));
        self.near_root.load(&self.root, PLAYOUT_RADIUS)?;
        let cells = self.root.size();
        reserve(&mut self.nodes, simulations as usize + 1)?;
        reserve(&mut self.moves, cells)?;
        reserve(&mut self.path, cells + 1)?;
        reserve(&mut self.columns, self.root.cols())?;
        self.nodes.push(Node::new(NONE));
        let me = game.next_player();
        // The game judges wins under the exact rule only (see `tactics`): a copy of it then.
        let judge = |exact: bool| exact.then(|| game.try_clone()).transpose();
        self.board.clone_from(&self.root);
        self.expand(0, judge(self.exact)?.as_mut(), me)?;
        if self.nodes[0].moves_len == 1 {
            return Ok(self.moves[0] as usize);
        }
        let mut state = seed;
        for _ in 0..simulations.max(1) {
            if self.nodes[0].proven != Proven::Unknown {
                break;
            }
            let mut work = judge(self.exact)?;
            self.board.clone_from(&self.root);
            self.near.copy_from(&self.near_root);
            self.simulate(work.as_mut(), me, &mut state)?;
            self.simulations += 1;
        }
        Ok(self.choose())
    }

    /// The simulations the last search ran: fewer than asked when the root was proven first,
    /// none when the tactics left one move.
    pub(crate) fn simulations(&self) -> u32 {
        self.simulations
    }

    /// The root's move once the simulations are done: a proven win, else the most visited
    /// move not proven lost (ties to the better mean, then the lower cell).
    fn choose(&self) -> usize {
        let mut best: Option<(bool, bool, u32, f32, u32)> = None;
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            let key = (
                node.proven == Proven::Win,
                node.proven != Proven::Loss,
                node.visits,
                node.mean,
                u32::MAX - node.cell,
            );
            if best.map_or(true, |best| key > best) {
                best = Some(key);
            }
            child = node.next_sibling;
        }
        best.map_or(self.moves[self.nodes[0].moves_at as usize] as usize, |key| {
            (u32::MAX - key.4) as usize
        })
    }

    /// Finds the moves of node `at`, whose position the tree's board (and `judge`, the game
    /// under the exact rule) holds, `me` to move.
    fn expand(&mut self, at: usize, judge: Option<&mut Game>, me: Player) -> Result<(), Error> {
        self.choices.find(judge, &self.board, me)?;
        let moves = &self.choices.moves;
        self.moves.try_reserve(moves.len()).map_err(|_| Error::AllocFailed)?;
        let node = &mut self.nodes[at];
        // The list holds at most one entry per simulation and cell: below 2^32 in practice,
        // and a search that would pass it has run out of memory long before.
        node.moves_at = self.moves.len() as u32;
        node.moves_len = moves.len() as u32;
        node.complete = self.choices.complete;
        self.moves.extend_from_slice(moves);
        Ok(())
    }

    /// Plays `player`'s mark on `cell` on the simulation's board (and on `judge`, the game under
    /// the exact rule); whether it won. Without the exact rule a mark wins exactly when its
    /// cell is one of the player's threats (it completes a window of k - 1 of their marks and
    /// none of the opponent's: a run of k or more), so the board tells; under it the game
    /// judges (a threat there can make an overline).
    #[inline]
    fn play(&mut self, judge: Option<&mut Game>, cell: usize, player: Player) -> bool {
        let won = match judge {
            Some(game) => {
                let cols = self.board.cols();
                let mark = game.make_move(cell / cols, cell % cols, u32::from(player.number()));
                matches!(mark, Ok(Some(_)))
            }
            None => self.board.is_threat(cell, player),
        };
        self.board.place(cell, player);
        self.near.add_around(cell, &self.board);
        won
    }

    /// One simulation: down the tree by UCT (a node's moves found on its second visit, a new
    /// child on each visit until every move has one), a playout from the new child, and the
    /// result back up the path.
    fn simulate(
        &mut self,
        mut judge: Option<&mut Game>,
        root_player: Player,
        state: &mut u64,
    ) -> Result<(), Error> {
        let mut to_move = root_player;
        self.path.clear();
        self.path.push(0);
        let mut at = 0usize;
        let winner = loop {
            let node = self.nodes[at];
            match node.proven {
                Proven::Win => break Some(to_move.opponent()),
                Proven::Loss => break Some(to_move),
                Proven::Draw => break None,
                Proven::Unknown => {}
            }
            if node.moves_at == NONE {
                self.expand(at, judge.as_deref_mut(), to_move)?;
            }
            let node = self.nodes[at];
            let (child, new) = if node.expanded < node.moves_len {
                let cell = self.moves[(node.moves_at + node.expanded) as usize];
                // Room was reserved for one node per simulation.
                let child = self.nodes.len() as u32;
                let mut new = Node::new(cell);
                new.next_sibling = node.first_child;
                self.nodes.push(new);
                self.nodes[at].first_child = child;
                self.nodes[at].expanded += 1;
                (child as usize, true)
            } else {
                (self.select(at), false)
            };
            self.path.push(child as u32);
            if new {
                break self.leaf(judge, child, to_move, state);
            }
            // A child that won was proven when it was new.
            self.play(judge.as_deref_mut(), self.nodes[child].cell as usize, to_move);
            at = child;
            to_move = to_move.opponent();
        };
        // Back up: the mover into each node is the player to move at its parent.
        let mut mover = root_player;
        for &index in &self.path[1..] {
            let node = &mut self.nodes[index as usize];
            node.visits += 1;
            node.reward += match winner {
                Some(player) if player == mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            node.mean = node.reward / node.visits as f32;
            node.spread =
                self.bounds.get(node.visits as usize).map_or_else(|| spread(node.visits), |b| b.1);
            mover = mover.opponent();
        }
        self.nodes[0].visits += 1;
        // Proofs go up while they make new ones.
        for i in (0..self.path.len() - 1).rev() {
            if !self.prove(self.path[i] as usize) {
                break;
            }
        }
        Ok(())
    }

    /// Proves node `at` from its children if they allow it: a child won makes it lost for the
    /// player who moved into it; every move lost (the moves complete) makes it won, every move
    /// lost or drawn, drawn. Whether it was newly proven.
    fn prove(&mut self, at: usize) -> bool {
        let node = self.nodes[at];
        if node.proven != Proven::Unknown {
            return false;
        }
        let (mut all_lost, mut all_known) = (true, true);
        let mut child = node.first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            match c.proven {
                Proven::Win => {
                    self.nodes[at].proven = Proven::Loss;
                    return true;
                }
                Proven::Loss => {}
                Proven::Draw => all_lost = false,
                Proven::Unknown => all_known = false,
            }
            child = c.next_sibling;
        }
        if !node.complete || node.expanded < node.moves_len || !all_known {
            return false;
        }
        self.nodes[at].proven = if all_lost { Proven::Win } else { Proven::Draw };
        true
    }

    /// The child of `parent` (every move with a child) with the highest upper confidence
    /// bound: a proven win at once, a proven loss only when nothing else is left.
    fn select(&self, parent: usize) -> usize {
        let visits = self.nodes[parent].visits;
        let width = self.bounds.get(visits as usize).map_or_else(|| width(visits), |b| b.0);
        let mut best = (f32::NEG_INFINITY, NONE);
        let mut lost = NONE;
        let mut child = self.nodes[parent].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            match node.proven {
                Proven::Win => return child as usize,
                Proven::Loss => lost = child,
                _ => {
                    let bound = node.mean + width * node.spread;
                    if bound > best.0 {
                        best = (bound, child);
                    }
                }
            }
            child = node.next_sibling;
        }
        if best.1 == NONE {
            lost as usize
        } else {
            best.1 as usize
        }
    }

    /// The result of a simulation from its new leaf `child`, into which `to_move` moves: the
    /// win or draw the move proves, else a playout's. On bits the move is not placed on the
    /// window board, which nothing reads after it: the bits tell.
    fn leaf(
        &mut self,
        mut judge: Option<&mut Game>,
        child: usize,
        to_move: Player,
        state: &mut u64,
    ) -> Option<Player> {
        let cell = self.nodes[child].cell as usize;
        let (won, drawn, marks) = match self.bits {
            Some(shape) => {
                // The root's marks and the moves down the path, the last one to_move's.
                let mut marks = self.root_marks;
                let mut mover = side(to_move);
                for &node in self.path[1..].iter().rev() {
                    marks[mover] |= shape.bit(self.nodes[node as usize].cell as usize);
                    mover ^= 1;
                }
                debug_assert_eq!(marks, {
                    let mut placed = shape.marks(&self.board);
                    placed[side(to_move)] |= shape.bit(cell);
                    placed
                });
                (self.board.is_threat(cell, to_move), shape.is_drawn(marks), Some((shape, marks)))
            }
            None => {
                let won = self.play(judge.as_deref_mut(), cell, to_move);
                (won, !won && self.is_drawn(), None)
            }
        };
        if won {
            self.nodes[child].proven = Proven::Win;
            return Some(to_move);
        }
        if drawn {
            self.nodes[child].proven = Proven::Draw;
            return None;
        }
        match marks {
            Some((shape, marks)) => shape.play_out(marks, to_move.opponent(), state),
            None => self.playout(judge, to_move.opponent(), state),
        }
    }

    /// Plays to the end from the simulation's position, `player` to move: a win when there is
    /// one, else a block of the opponent's, else a move drawn at random (under gravity a
    /// column, otherwise a cell near the marks). The winner, `None` for a draw.
    fn playout(
        &mut self,
        mut judge: Option<&mut Game>,
        mut player: Player,
        state: &mut u64,
    ) -> Option<Player> {
        let cells = self.board.size();
        loop {
            if self.is_drawn() {
                return None;
            }
            let opponent = player.opponent();
            let threat = self.threat(judge.as_deref_mut(), player);
            let cell = match threat.or_else(|| self.threat(judge.as_deref_mut(), opponent)) {
                Some(cell) => cell,
                None if self.board.gravity() => self.column(state),
                None => match self.near.draw(&self.board, state) {
                    Some(cell) => cell,
                    // The cells near the marks hold every empty cell next to a mark, and the
                    // board is not full: not reached.
                    None => (0..cells).find(|&cell| self.board.is_empty(cell)).unwrap_or(0),
                },
            };
            if self.play(judge.as_deref_mut(), cell, player) {
                return Some(player);
            }
            player = opponent;
        }
    }

    /// Whether the simulation's position can only be a draw: the board is full, or neither
    /// player has a window left to complete (on a large board where k is the side, a few
    /// random marks block every line: no need to fill the rest).
    #[inline]
    fn is_drawn(&self) -> bool {
        self.board.marks() == self.board.size()
            || !self.board.can_win(Player::X) && !self.board.can_win(Player::O)
    }

    /// One of `player`'s threats that is playable now (with a judge, the exact rule, one that
    /// it confirms: a threat there can make an overline).
    #[inline]
    fn threat(&self, mut judge: Option<&mut Game>, player: Player) -> Option<usize> {
        let board = &self.board;
        let threats = board.threats(player);
        if !board.gravity() && judge.is_none() {
            return threats.first().map(|&cell| cell as usize);
        }
        let cols = board.cols();
        threats.iter().map(|&cell| cell as usize).find(|&cell| {
            board.is_playable(cell)
                && judge
                    .as_deref_mut()
                    .map_or(true, |game| tactics::wins_at(game, cell / cols, cell % cols, player))
        })
    }

    /// Under gravity, the landing cell of a column with room, drawn at random. (Leaving out
    /// the columns that open a win to the opponent, as the tree does, made the playouts a game
    /// of waiting in which the second player's threats decide: against a plain UCT player the
    /// first player then lost more than it won.)
    fn column(&mut self, state: &mut u64) -> usize {
        let cols = self.board.cols();
        self.columns.clear();
        // Cells are below 2^32.
        self.columns.extend((0..cols).filter_map(|col| self.board.landing(col)).map(|c| c as u32));
        let i = tictactoe_core::random::below(state, self.columns.len() as u64) as usize;
        self.columns[i] as usize
    }
}
