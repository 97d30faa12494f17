//! Monte Carlo tree search for positions too large to solve, under any rules: UCT over a tree
//! whose nodes offer only the moves the tactics leave (see [`crate::tactics`]: a win, the
//! blocks, the moves that do not open a win to the opponent, the double threats, the cells
//! near the marks by promise), playouts that win when they can and block when they must, and
//! wins and losses proven in the tree carried up it (MCTS-solver). The tree and the playouts
//! play on the core's [`Position`](tictactoe_core::Position); on boards of one word a player,
//! on the core's masks ([`Bits`], through [`Masks`]), a few instructions a move
//! ([`board`]).
//!
//! Each simulation starts from a copy of the root's position (copying a few kilobytes costs
//! less than taking back a playout of a hundred moves), so a playout never undoes.

use alloc::vec::Vec;

use tictactoe_core::{Bits, Error, Game, Player};

use crate::masks::{Masks, Windows};
use crate::tactics::{Choices, Tactical};

mod board;

use board::{Board, Positions};

/// The exploration constant of UCT's confidence bound, for rewards in [0, 1], chosen against a
/// plain UCT player on Connect Four (docs/computer-player.md).
const EXPLORATION: f32 = 0.7;

/// The visit counts whose confidence width and spread [`Tree::bounds`] keeps: below them they
/// are read, not worked out (a logarithm, square roots and a division; what that saves:
/// docs/computer-player.md, "Figures").
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
#[derive(Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    /// Every expanded node's moves, each node's together; never grown past `most_moves`
    /// entries (what the search running allows it).
    moves: Vec<u32>,
    most_moves: usize,
    /// The nodes of the current simulation, from the root.
    path: Vec<u32>,
    /// The positions of the last search on positions, kept for their memory.
    positions: Option<Positions>,
    /// The windows of the last search on masks, kept for their memory.
    windows: Windows,
    choices: Choices,
    /// The simulations the last search ran.
    simulations: u32,
    /// [`width`] and [`spread`] of each visit count below [`BOUNDS`], filled by the first
    /// search.
    bounds: Vec<(f32, f32)>,
}

fn reserve<T>(items: &mut Vec<T>, len: usize) -> Result<(), Error> {
    items.clear();
    // Exact: a doubling growth could take the capacity past a bound on the tree's memory.
    items.try_reserve_exact(len).map_err(|_| Error::AllocFailed)
}

/// [`reserve`], first letting go of a capacity above `most` items kept from an earlier search,
/// so that a bound on the tree's memory holds whatever searched before.
fn reserve_within<T>(items: &mut Vec<T>, len: usize, most: usize) -> Result<(), Error> {
    items.clear();
    if items.capacity() > most {
        items.shrink_to(len);
    }
    reserve(items, len)
}

/// How an anytime search ([`Tree::search_until`]) may end before its simulations are done.
pub(crate) struct Until<'a> {
    /// Asked before each simulation; the search stops as soon as it answers `true`.
    pub(crate) stop: &'a mut dyn FnMut() -> bool,
    /// The bytes the tree's two growing lists (its nodes and its nodes' moves) may hold
    /// together; `None`: as many as the simulations need.
    pub(crate) max_bytes: Option<usize>,
}

impl Until<'_> {
    /// The simulations the memory bound leaves room for: half of it for the nodes (one a
    /// simulation, and the root), reserved up front.
    fn simulations(&self, asked: u32) -> u32 {
        match self.max_bytes {
            None => asked,
            Some(bytes) => {
                let nodes = bytes / 2 / core::mem::size_of::<Node>();
                // At least one simulation, as without a bound: a bound below the root's moves
                // and two nodes (a few kilobytes) is not kept.
                asked.min(u32::try_from(nodes.saturating_sub(1)).unwrap_or(u32::MAX).max(1))
            }
        }
    }

    /// The most entries the moves list may hold: the other half of the bound.
    fn most_moves(&self) -> usize {
        self.max_bytes.map_or(usize::MAX, |bytes| bytes / 2 / core::mem::size_of::<u32>())
    }
}

impl Tree {
    /// The chosen move, (row, col), from `game` (in progress) after `simulations`
    /// simulations drawn from `seed`: the only move the tactics leave when there is one,
    /// else a proven win, else the most visited. The same game, simulations and seed give the
    /// same move. Stopped early (fewer simulations than asked) before a simulation when
    /// `until.stop` says so or when the simulation could take the tree's lists past
    /// `until.max_bytes`.
    pub(crate) fn search_until(
        &mut self,
        game: &Game,
        simulations: u32,
        seed: u64,
        until: &mut Until<'_>,
    ) -> Result<(usize, usize), Error> {
        self.simulations = 0;
        if self.bounds.is_empty() {
            self.bounds.try_reserve_exact(BOUNDS).map_err(|_| Error::AllocFailed)?;
            // Below 2^32.
            self.bounds.extend((0..BOUNDS as u32).map(|visits| (width(visits), spread(visits))));
        }
        let me = game.next_player();
        if let Some(bits) = Bits::of(&game.rules()) {
            let mut windows = core::mem::take(&mut self.windows);
            let chosen = windows.load(bits).and_then(|()| {
                let mut masks = Masks::new(bits, &windows, bits.marks(game.cells()));
                // The masks name moves by their bits.
                let bit = self.run(&mut masks, me, simulations, seed, until);
                bit.map(|bit| masks.row_col(bit))
            });
            self.windows = windows;
            return chosen;
        }
        let mut positions = Positions::load(self.positions.take(), game)?;
        let chosen = self.run(&mut positions, me, simulations, seed, until);
        let chosen = chosen.map(|cell| positions.root.row_col(cell));
        self.positions = Some(positions);
        chosen
    }

    /// [`Tree::search`] on `board`, at the game's position, `me` to move.
    fn run(
        &mut self,
        board: &mut impl Board,
        me: Player,
        simulations: u32,
        seed: u64,
        until: &mut Until<'_>,
    ) -> Result<usize, Error> {
        let cells = board.tactics().cell_count();
        let simulations = until.simulations(simulations);
        let most_moves = until.most_moves();
        let nodes = simulations as usize + 1;
        let most_nodes = if until.max_bytes.is_some() { nodes } else { usize::MAX };
        reserve_within(&mut self.nodes, nodes, most_nodes)?;
        reserve_within(&mut self.moves, cells, most_moves)?;
        self.most_moves = most_moves;
        reserve(&mut self.path, cells + 1)?;
        self.nodes.push(Node::new(NONE));
        self.expand(0, board, me)?;
        if self.nodes[0].moves_len == 1 {
            return Ok(self.moves[0] as usize);
        }
        let mut state = seed;
        for _ in 0..simulations.max(1) {
            if self.nodes[0].proven != Proven::Unknown
                || (until.stop)()
                // A simulation finds the moves of one node at most.
                || self.moves.len() + cells > most_moves
            {
                break;
            }
            board.restart();
            self.simulate(board, me, &mut state)?;
            self.simulations += 1;
        }
        Ok(self.choose())
    }

    /// The bytes the tree's two growing lists hold: its nodes and its nodes' moves (the rest of
    /// its memory grows with the board, not with the simulations).
    pub(crate) fn bytes(&self) -> usize {
        self.nodes.capacity() * core::mem::size_of::<Node>()
            + self.moves.capacity() * core::mem::size_of::<u32>()
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

    /// Finds the moves of node `at`, whose position `board` holds, `me` to move.
    fn expand(&mut self, at: usize, board: &mut impl Board, me: Player) -> Result<(), Error> {
        self.choices.find(board.tactics(), me)?;
        let moves = &self.choices.moves;
        let needed = self.moves.len() + moves.len();
        if needed > self.moves.capacity() {
            // Doubled, but never past the search's bound (which leaves room for `needed`).
            let grown = (2 * self.moves.capacity()).min(self.most_moves).max(needed);
            let more = grown - self.moves.len();
            self.moves.try_reserve_exact(more).map_err(|_| Error::AllocFailed)?;
        }
        let node = &mut self.nodes[at];
        // The list holds at most one entry per simulation and cell: below 2^32 in practice,
        // and a search that would pass it has run out of memory long before.
        node.moves_at = self.moves.len() as u32;
        node.moves_len = moves.len() as u32;
        node.complete = self.choices.complete;
        self.moves.extend_from_slice(moves);
        Ok(())
    }

    /// One simulation: down the tree by UCT (a node's moves found on its second visit, a new
    /// child on each visit until every move has one), a playout from the new child, and the
    /// result back up the path.
    fn simulate(
        &mut self,
        board: &mut impl Board,
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
                self.expand(at, board, to_move)?;
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
                break self.leaf(board, child, to_move, state);
            }
            board.advance(self.nodes[child].cell as usize, to_move);
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
    /// win or draw the move proves, else a playout's.
    fn leaf(
        &mut self,
        board: &mut impl Board,
        child: usize,
        to_move: Player,
        state: &mut u64,
    ) -> Option<Player> {
        if board.play(self.nodes[child].cell as usize, to_move) {
            self.nodes[child].proven = Proven::Win;
            return Some(to_move);
        }
        if board.is_drawn() {
            self.nodes[child].proven = Proven::Draw;
            return None;
        }
        board.play_out(to_move.opponent(), state)
    }
}
