//! Monte Carlo tree search for boards too large to solve: UCT over a tree grown one node per
//! simulation, uniformly random playouts to the end, all on the core's moves and undo.

use alloc::vec::Vec;

use tictactoe_core::{random, Error, Game, Player};

/// The exploration constant of UCT's confidence bound, for rewards in [0, 1]: about √2.
const EXPLORATION: f32 = 1.4;

/// No node.
const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The cell of the move into this node.
    cell: u32,
    first_child: u32,
    next_sibling: u32,
    /// How many of the position's free cells (in row-major order) have a child yet.
    expanded: u32,
    visits: u32,
    /// The sum of the simulations' rewards for the player who moved into this node: 1 for a
    /// win, 1/2 for a draw.
    reward: f32,
    /// `reward / visits` and `1 / sqrt(visits)`, kept up to date as the simulations come back,
    /// so that choosing among children costs one multiply-add each rather than a division and a
    /// square root.
    mean: f32,
    spread: f32,
    /// The game ended with the move into this node.
    terminal: bool,
}

impl Node {
    fn new(cell: u32, terminal: bool) -> Node {
        Node {
            cell,
            first_child: NONE,
            next_sibling: NONE,
            expanded: 0,
            visits: 0,
            reward: 0.0,
            mean: 0.0,
            spread: 0.0,
            terminal,
        }
    }
}

/// A search tree and the scratch space of playouts, kept between searches so that a player
/// that searches every move allocates once.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    free: Vec<u32>,
    path: Vec<u32>,
}

/// The k-th legal move of `game` (row-major) as a cell.
fn nth_free(game: &Game, k: usize) -> Option<usize> {
    game.legal_moves().nth(k).map(|(row, col)| row * game.rows() + col)
}

fn reserve<T>(items: &mut Vec<T>, len: usize) -> Result<(), Error> {
    items.clear();
    items.try_reserve(len).map_err(|_| Error::AllocFailed)
}

impl Tree {
    /// The most visited move from `game` (in progress) after `simulations` simulations drawn
    /// from `seed` (at least one is run). The same game, simulations and seed give the same
    /// move.
    pub(crate) fn search(
        &mut self,
        game: &Game,
        simulations: u32,
        seed: u64,
    ) -> Result<usize, Error> {
        let n = game.rows();
        let cells = n * n;
        let mut game = game.try_clone()?;
        let simulations = simulations.max(1);
        reserve(&mut self.nodes, simulations as usize + 1)?;
        reserve(&mut self.free, cells)?;
        reserve(&mut self.path, cells + 1)?;
        self.nodes.push(Node::new(NONE, false));
        let mut state = seed;
        for _ in 0..simulations {
            self.simulate(&mut game, &mut state);
        }
        let mut best: Option<Node> = None;
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let node = self.nodes[child as usize];
            let better = best.map_or(true, |b| {
                (node.visits, node.reward) > (b.visits, b.reward)
                    || (node.visits, node.reward) == (b.visits, b.reward) && node.cell < b.cell
            });
            if better {
                best = Some(node);
            }
            child = node.next_sibling;
        }
        // One simulation at least expands one child of a root that is in progress.
        Ok(best.map_or(0, |node| node.cell as usize))
    }

    /// One simulation: down the tree by UCT, one new node, a random playout, and the result
    /// back up the path. The game is left as it was.
    fn simulate(&mut self, game: &mut Game, state: &mut u64) {
        let cells = game.rows() * game.rows();
        let mut moves = 0;
        self.path.clear();
        self.path.push(0);
        let mut at = 0usize;
        let winner = loop {
            let node = self.nodes[at];
            if node.terminal {
                break game.winner();
            }
            let free = cells - game.marks();
            if (node.expanded as usize) < free {
                // Room was reserved for one node per simulation.
                let cell = nth_free(game, node.expanded as usize).unwrap_or(0);
                let winner = game.play(cell / game.rows(), cell % game.rows()).ok().flatten();
                moves += 1;
                let terminal = winner.is_some() || free == 1;
                let child = self.nodes.len() as u32;
                let mut new = Node::new(cell as u32, terminal);
                new.next_sibling = node.first_child;
                self.nodes.push(new);
                self.nodes[at].first_child = child;
                self.nodes[at].expanded += 1;
                self.path.push(child);
                break if terminal { winner } else { self.playout(game, state) };
            }
            at = self.select(at) as usize;
            let cell = self.nodes[at].cell as usize;
            // The child's cell was free when it was made, and the path down replays it.
            let _ = game.play(cell / game.rows(), cell % game.rows());
            moves += 1;
            self.path.push(at as u32);
        };
        for _ in 0..moves {
            let _ = game.undo();
        }
        // Back up: the mover into each node is the player to move at its parent.
        let mut mover = game.next_player();
        for &index in &self.path[1..] {
            let node = &mut self.nodes[index as usize];
            node.visits += 1;
            node.reward += match winner {
                Some(player) if player == mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let visits = node.visits as f32;
            node.mean = node.reward / visits;
            node.spread = 1.0 / libm::sqrtf(visits);
            mover = mover.opponent();
        }
        self.nodes[0].visits += 1;
    }

    /// The child of `parent` (fully expanded) with the highest upper confidence bound.
    fn select(&self, parent: usize) -> u32 {
        let width = EXPLORATION * libm::sqrtf(libm::logf(self.nodes[parent].visits as f32));
        let mut best = (f32::NEG_INFINITY, NONE);
        let mut child = self.nodes[parent].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            let bound = node.mean + width * node.spread;
            if bound > best.0 {
                best = (bound, child);
            }
            child = node.next_sibling;
        }
        best.1
    }

    /// Plays uniformly random moves to the end and takes them back; the winner, `None` for a
    /// draw.
    fn playout(&mut self, game: &mut Game, state: &mut u64) -> Option<Player> {
        let n = game.rows();
        self.free.clear();
        // Cells are below n * n <= 2^32.
        self.free.extend(game.legal_moves().map(|(row, col)| (row * n + col) as u32));
        let mut moves = 0;
        let mut winner = None;
        while !self.free.is_empty() {
            let k = random::below(state, self.free.len() as u64) as usize;
            let cell = self.free.swap_remove(k) as usize;
            moves += 1;
            winner = game.play(cell / n, cell % n).ok().flatten();
            if winner.is_some() {
                break;
            }
        }
        for _ in 0..moves {
            let _ = game.undo();
        }
        winner
    }
}
