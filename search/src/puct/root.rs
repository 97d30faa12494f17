//! One game's part of the search, and its part of each simulation step: the descents to new
//! leaves and the leaves' expansions. Each touches its own game alone, so the batch's threads
//! run the games' parts at once ([`tictactoe_core::Batch::split_work`]) with the results of
//! one thread.

use alloc::collections::TryReserveError;
use alloc::vec::Vec;

use tictactoe_core::Error;

use super::board::Board;
use super::leaves::Leaves;
use super::tree::{self, Next, Saved, Tree};

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
    /// Scratch: a position's softmax weights.
    weights: Vec<f64>,
}

/// Where a descent ended.
enum Reached {
    /// A position to evaluate, its edge not expanded yet.
    Open,
    /// A finished game, worth `value` to the player making the last move.
    Finished(i64),
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
        Ok(())
    }

    /// How many new leaves the step running found.
    pub(crate) fn leaves(&self) -> usize {
        self.ends.len()
    }

    /// The step's descents: at most `most` (and the simulations left), each from the root down
    /// to a leaf with the child maximizing PUCT at each expanded node (`c_puct`). A descent
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
        c_puct: f64,
        most: Option<u32>,
        (planes, legal): (&mut [bool], &mut [bool]),
        (flags, actions): (usize, usize),
    ) -> Result<(), Error> {
        self.paths.clear();
        self.ends.clear();
        let Root { tree, board: Some(board), paths, ends, remaining, .. } = self else {
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
        for _ in 0..most.min(*remaining) {
            let (start, from) = (board.start(), paths.len());
            let reached = walk(tree, board, paths, c_puct);
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
                    break;
                }
            }
            *remaining -= 1;
        }
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
            let value = tree::fixed(call.values[at]);
            let legal = &call.legal[at * actions..(at + 1) * actions];
            self.tree.expand(path.last().copied(), legal, logits, &mut self.weights);
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

/// One descent from the root of `tree` (not empty), its edges pushed onto `paths`: at each
/// expanded node the child PUCT takes (`c_puct`), down to an edge not expanded or a finished
/// game, where it leaves the board (the caller takes it back, a move an edge pushed).
///
/// # Errors
/// On a game's board, its refusal (the edges played before it pushed).
fn walk(
    tree: &mut Tree,
    board: &mut Board,
    paths: &mut Vec<u32>,
    c_puct: f64,
) -> Result<Reached, Error> {
    let mut node = tree.root();
    loop {
        let edge = tree.select(node, c_puct);
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
