//! One game's part of the search, and its part of each simulation step: the descents to new
//! leaves and the leaves' expansions. Each touches its own game alone, so the batch's threads
//! run the games' parts at once ([`tictactoe_core::Batch::split_work`]) with the results of
//! one thread.

use alloc::collections::TryReserveError;
use alloc::vec::Vec;

use tictactoe_core::{Error, Game};

use super::board::Board;
use super::gumbel::{self, Position};
use super::leaves::Leaves;
use super::tree::{Next, Node, Saved, Tree};

/// One game's search: its tree (and what it held before the search running), the position at
/// its root (to descend from), the batch's history there (to tell when the batch moved without
/// the search), the simulations the search running has left, and what the step running found.
#[derive(Debug, Default)]
pub(crate) struct Root {
    pub(crate) tree: Tree,
    /// What the tree held before the search running, to go back to if it fails.
    pub(crate) saved: Saved,
    /// The batch's cells history at the root.
    pub(crate) history: Vec<u32>,
    /// The root's position, moved along and back by each descent (none for a finished game).
    pub(crate) board: Option<Board>,
    /// The simulations the search running has still to make.
    pub(crate) remaining: u32,
    /// The step's new leaves: the edges from the root to each, side by side (leaf j's path
    /// ends at `ends[j]`). Their planes and legal actions go straight into the evaluator's
    /// call.
    paths: Vec<u32>,
    ends: Vec<usize>,
    /// The place of the step's first leaf in the evaluator's call (the others follow it).
    first: usize,
    /// Scratch: a position's softmax weights, or Gumbel's scores (an f64 an action).
    weights: Vec<f64>,
    /// The last search's root draws and visits, and the running one's (swapped in when it
    /// ends well).
    last: Searched,
    running: Searched,
    /// What the game held before the running search found the batch had moved it on its own,
    /// to go back to if that search fails.
    aside: Option<Aside>,
}

/// A game's tree, position, history and last search, set aside.
#[derive(Debug)]
struct Aside {
    tree: Tree,
    board: Option<Board>,
    history: Vec<u32>,
    last: Searched,
}

/// What a search did at a root, a root edge each: the fixed part of its Gumbel scores (its
/// draws, 0 without them, + its logits less the top one: [`gumbel::bases`]; none kept by a
/// PUCT search, [`Root::selected`] sums them from the priors if asked) and the
/// simulations it made through each edge (the visits Gumbel's schedule counts, and its choice
/// of the action to play): counted as they go in Gumbel's search, and from the tree it
/// started from when it ends.
#[derive(Debug, Default)]
pub(crate) struct Searched {
    pub(crate) bases: Vec<f64>,
    pub(crate) visits: Vec<u32>,
}

/// How a step's descents choose their edges.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rule<'a> {
    /// PUCT at every position, with this `c_puct`.
    Puct(f64),
    /// Gumbel's: at the root the simulation's visits in `schedules` (a row of `simulations`
    /// for each count of actions considered, 0 to the least of `considered` and `actions`),
    /// below it the improved policy's; on a board of `actions` actions.
    Gumbel { considered: u32, schedules: &'a [u32], simulations: usize, actions: usize },
}

/// Where a descent ended.
enum Reached {
    /// A position to evaluate, its edge not expanded yet.
    Open,
    /// A finished game, worth `value` to the player making the last move.
    Finished(f64),
    /// A leaf an earlier descent of the step reached.
    Pending,
}

impl Root {
    /// Room for a step of at most `most` new leaves on a board of `cells` cells and `actions`
    /// actions, so that a step allocates nothing.
    ///
    /// # Errors
    /// When the memory cannot be had, or its size overflows.
    pub(crate) fn reserve(
        &mut self,
        cells: usize,
        actions: usize,
        most: usize,
    ) -> Result<(), Error> {
        let failed = |_: TryReserveError| Error::AllocFailed;
        let times = |n: usize| most.checked_mul(n).ok_or(Error::AllocFailed);
        // Emptied, so that what is reserved is what a step holds.
        self.paths.clear();
        self.ends.clear();
        // A descent is at most a move a cell long.
        self.paths.try_reserve(times(cells + 1)?).map_err(failed)?;
        self.ends.try_reserve(most).map_err(failed)?;
        self.weights
            .try_reserve_exact(actions.saturating_sub(self.weights.len()))
            .map_err(failed)?;
        self.weights.resize(actions, 0.0);
        for searched in [&mut self.last, &mut self.running] {
            // Room for `actions` in all, what a search holds: the last one's kept.
            let bases = actions.saturating_sub(searched.bases.len());
            searched.bases.try_reserve(bases).map_err(failed)?;
            let visits = actions.saturating_sub(searched.visits.len());
            searched.visits.try_reserve(visits).map_err(failed)?;
        }
        Ok(())
    }

    /// Whether the root stands at the batch's `history` (its cells): whether the batch moved
    /// the game only through the search. Two empty histories are told the same without a
    /// call to `memcmp`: glibc's AVX-512 version of it took 138 ns a call of length 0 on an
    /// empty Vec's dangling pointer on the AMD EPYC this was measured on (1.2 ns on memory),
    /// 7% of a search from fresh roots at 1 024 games.
    pub(crate) fn stands_at(&self, history: &[u32]) -> bool {
        self.history.len() == history.len() && (history.is_empty() || self.history == history)
    }

    /// How many new leaves the step running found.
    pub(crate) fn leaves(&self) -> usize {
        self.ends.len()
    }

    /// Starts a PUCT search's simulations: no Gumbel score kept ([`Root::selected`] reads
    /// the priors if it is asked).
    pub(crate) fn start_search(&mut self) {
        self.running.bases.clear();
    }

    /// Starts a Gumbel search's simulations at an expanded root, with these draws (`draw`
    /// gives one a root edge; none: zeros): the root scores' fixed parts, no visits yet.
    pub(crate) fn start_gumbel(&mut self, draw: Option<impl FnMut() -> f64>) {
        let edges = self.tree.root_edges();
        gumbel::bases(edges, draw, &mut self.running.bases);
        self.running.visits.clear();
        self.running.visits.resize(edges.len(), 0);
    }

    /// Keeps the search just ended as the last one ([`Root::selected`] reads it).
    pub(crate) fn end_search(&mut self) {
        self.tree.visits_since(&self.saved, &mut self.running.visits);
        core::mem::swap(&mut self.last, &mut self.running);
    }

    /// Starts the game afresh at `game` (its batch history beside it; `None`: a finished game,
    /// with no tree), setting what it held aside ([`Root::settle`] ends it). A game with
    /// nothing to set aside (finished before) stays as it is.
    ///
    /// # Errors
    /// [`Error::AllocFailed`] for the history's copy (nothing changed then).
    pub(crate) fn restart(&mut self, game: Option<(Game, &[u32])>) -> Result<(), Error> {
        let held = self.board.is_some() || !self.tree.is_empty() || !self.last.visits.is_empty();
        if game.is_none() && !held {
            return Ok(());
        }
        let mut history = Vec::new();
        if let Some((_, moves)) = game {
            history.try_reserve_exact(moves.len()).map_err(|_| Error::AllocFailed)?;
            history.extend_from_slice(moves);
        }
        let aside = Aside {
            tree: core::mem::take(&mut self.tree),
            board: core::mem::replace(&mut self.board, game.map(|(game, _)| Board::of(game))),
            history: core::mem::replace(&mut self.history, history),
            last: core::mem::take(&mut self.last),
        };
        // Once a search: the first held is what the game had before it.
        self.aside.get_or_insert(aside);
        Ok(())
    }

    /// Ends what [`Root::restart`] set aside: back in place when the search `failed`, dropped
    /// otherwise.
    pub(crate) fn settle(&mut self, failed: bool) {
        if let Some(aside) = self.aside.take().filter(|_| failed) {
            (self.tree, self.board, self.history, self.last) =
                (aside.tree, aside.board, aside.history, aside.last);
        }
    }

    /// Forgets the last search (its tree moved, or went).
    pub(crate) fn forget_search(&mut self) {
        self.last.visits.clear();
        self.last.bases.clear();
    }

    /// The improved policy at the root ([`gumbel::improved`]), a weight a root edge into
    /// `out` by action (a value an action; left alone without a tree).
    pub(crate) fn policy(&mut self, out: &mut [f32]) {
        if self.tree.is_empty() {
            return;
        }
        let at = Position::of(&self.tree, self.tree.root(), out.len());
        gumbel::improved(at, &mut self.weights);
        for (edge, &weight) in self.tree.root_edges().iter().zip(&self.weights) {
            out[edge.action as usize] = weight as f32;
        }
    }

    /// The action Gumbel plays after the last search (on a board of `actions` actions): of the
    /// root's actions it visited most, the one of highest draw + logit + completed Q. `None`
    /// when no search ran since the tree last moved.
    pub(crate) fn selected(&mut self, actions: usize) -> Option<u32> {
        let Root { tree, last: Searched { bases, visits }, weights, .. } = self;
        // None without a search; 0 after one of no simulations, where mctx's argmax is over
        // every action.
        let most = visits.iter().copied().max()?;
        let at = Position::of(tree, tree.root(), actions);
        if bases.is_empty() {
            // A PUCT search's: no draws, the priors as they are (the noise taken back).
            gumbel::bases(at.edges, None::<fn() -> f64>, bases);
        }
        let chosen = gumbel::root(at, (bases, visits), most, weights)?;
        Some(at.edges[chosen].action)
    }

    /// The step's descents: at most `most` (and the simulations left), each from the root down
    /// to a leaf with the child `rule` takes at each expanded node. A descent
    /// that ends in a finished game is backed up at once; one at a new position writes its
    /// planes and legal actions into the game's slots of the evaluator's call (`slots`, a leaf
    /// after another) and (when more may follow) holds a virtual loss on its path, so that the
    /// next descents take other ways; one at a leaf an earlier descent of the step reached
    /// ends the game's step. `most` `None`: the search's first step, where only an empty
    /// tree's root is a leaf. A leaf's flags are `sizes`: its planes' (two a cell), its legal
    /// actions'. The root's position is as it was afterwards, a refused move included.
    ///
    /// # Errors
    /// On a game's board, its refusal; [`Error::AllocFailed`].
    pub(crate) fn descend(
        &mut self,
        rule: Rule<'_>,
        most: Option<u32>,
        (planes, legal): (&mut [bool], &mut [bool]),
        (flags, actions): (usize, usize),
    ) -> Result<(), Error> {
        self.paths.clear();
        self.ends.clear();
        let Root { tree, board: Some(board), paths, ends, remaining, weights, running, .. } = self
        else {
            return Ok(());
        };
        let mut keep = |board: &Board, paths: &Vec<u32>, ends: &mut Vec<usize>| {
            let j = ends.len();
            board.write(
                &mut planes[j * flags..(j + 1) * flags],
                &mut legal[j * actions..(j + 1) * actions],
            );
            ends.push(paths.len());
        };
        if tree.is_empty() {
            keep(board, paths, ends);
            return Ok(());
        }
        let Some(most) = most else { return Ok(()) };
        let descents = (most.min(*remaining), most);
        let found = (&mut *paths, &mut *ends);
        // A loop for each rule, so that PUCT's has nothing of Gumbel's.
        let done = match rule {
            Rule::Puct(c_puct) => {
                descents_by(tree, board, found, descents, &mut keep, |tree, node| {
                    tree.select(node, c_puct)
                })
            }
            Rule::Gumbel { considered, schedules, simulations, actions } => {
                let (row, root) = ((considered, schedules, simulations), tree.root().first);
                descents_by(tree, board, found, descents, &mut keep, |tree, node| {
                    if node.first == root {
                        gumbel_root(tree, running, (row, actions), weights)
                    } else {
                        let at = Position::of(tree, node, actions);
                        node.first + gumbel::interior(at, weights) as u32
                    }
                })
            }
        };
        *remaining -= done?;
        Ok(())
    }

    /// Takes the place in the evaluator's call of the step's first leaf (the others follow it).
    pub(crate) fn set_first(&mut self, first: usize) {
        self.first = first;
    }

    /// Expands the step's new leaves with the evaluator's answers in `call` (`actions` logits
    /// a leaf), and backs their values up in place of the virtual losses their descents held
    /// (a step of at most `most` leaves).
    pub(crate) fn expand(&mut self, call: &Leaves, actions: usize, most: u32) {
        let mut from = 0;
        for (j, &end) in self.ends.iter().enumerate() {
            let (path, at) = (&self.paths[from..end], self.first + j);
            from = end;
            let logits = &call.logits[at * actions..(at + 1) * actions];
            let value = f64::from(call.values[at]);
            let legal = &call.legal[at * actions..(at + 1) * actions];
            let answer = (legal, logits, call.values[at]);
            self.tree.expand(path.last().copied(), answer, &mut self.weights);
            if path.is_empty() {
                self.tree.set_root_value(value);
            } else {
                if holds(most) {
                    self.tree.release(path);
                }
                // The leaf's value is the side to move's; the edges', their movers'.
                self.tree.back_up(path, -value);
            }
        }
    }
}

/// Whether the leaves of a step of at most `most` hold virtual losses: not with one leaf a
/// step, where no descent follows a leaf's to be steered.
fn holds(most: u32) -> bool {
    most > 1
}

/// A step's descents of a game ([`Root::descend`]): `count` of them, each through the
/// children `choose` takes, its leaf's edges pushed onto `found`'s paths and (a new position)
/// kept by `keep` (its flags written, where its path ends pushed onto `found`'s ends), holding
/// virtual losses in a step of at most `most` leaves. Answers how many it made.
///
/// # Errors
/// On a game's board, its refusal; the board is back at the root.
fn descents_by(
    tree: &mut Tree,
    board: &mut Board,
    (paths, ends): (&mut Vec<u32>, &mut Vec<usize>),
    (count, most): (u32, u32),
    keep: &mut impl FnMut(&Board, &Vec<u32>, &mut Vec<usize>),
    mut choose: impl FnMut(&Tree, Node) -> u32,
) -> Result<u32, Error> {
    for made in 0..count {
        let (start, from) = (board.start(), paths.len());
        let reached = walk(tree, board, paths, &mut choose);
        if let Ok(Reached::Open) = reached {
            keep(board, paths, ends);
        }
        // Back at the root however the descent ended, a refused move included.
        board.back_to(start, paths.len() - from)?;
        let reached = reached?;
        let path = &paths[from..];
        match reached {
            Reached::Open => {
                if let Some(&last) = path.last() {
                    tree.pend(last);
                }
                if holds(most) {
                    tree.hold(path);
                }
            }
            Reached::Finished(value) => {
                if let Some(&last) = path.last() {
                    tree.finish(last, value);
                }
                tree.back_up(path, value);
                paths.truncate(from);
            }
            Reached::Pending => {
                paths.truncate(from);
                return Ok(made);
            }
        }
    }
    Ok(count)
}

/// The root edge Gumbel's schedule takes next (`schedules` as [`Rule::Gumbel`] holds them),
/// counted as a visit of the search `running` (whose score bases it reads); `scratch` holds
/// an f64 an action. Out of line: PUCT's descents do without it.
#[inline(never)]
fn gumbel_root(
    tree: &Tree,
    running: &mut Searched,
    ((considered, schedules, simulations), actions): ((u32, &[u32], usize), usize),
    scratch: &mut [f64],
) -> u32 {
    let node = tree.root();
    let at = Position::of(tree, node, actions);
    let row = considered.min(at.edges.len() as u32) as usize * simulations;
    let done = running.visits.iter().sum::<u32>() as usize;
    let draws = (&running.bases[..], &running.visits[..]);
    // The schedule leaves an action with the visits due.
    let chosen = gumbel::root(at, draws, schedules[row + done], scratch).unwrap_or(0);
    running.visits[chosen] += 1;
    node.first + chosen as u32
}

/// One descent from the root of `tree` (not empty), its edges pushed onto `paths`: at each
/// expanded node the child `choose` takes, down to an edge not expanded or a finished game,
/// where it leaves the board (the caller takes it back, a move an edge pushed).
///
/// # Errors
/// On a game's board, its refusal (the edges played before it pushed).
fn walk(
    tree: &mut Tree,
    board: &mut Board,
    paths: &mut Vec<u32>,
    choose: &mut impl FnMut(&Tree, Node) -> u32,
) -> Result<Reached, Error> {
    let mut node = tree.root();
    loop {
        let edge = choose(tree, node);
        board.apply(tree.action(edge))?;
        paths.push(edge);
        match tree.next(edge, || board.after()) {
            Next::Node(child) => node = child,
            Next::Open => return Ok(Reached::Open),
            Next::Finished(value) => return Ok(Reached::Finished(value)),
            Next::Pending => return Ok(Reached::Pending),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Root;

    #[test]
    fn a_root_stands_at_its_history_alone() {
        let mut root = Root::default();
        assert!(root.stands_at(&[]));
        assert!(!root.stands_at(&[3]));
        root.history = alloc::vec![3, 10];
        assert!(root.stands_at(&[3, 10]));
        assert!(!root.stands_at(&[3, 11]));
        assert!(!root.stands_at(&[3]));
        assert!(!root.stands_at(&[]));
    }
}
