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
    /// ends at `ends[j]`), their planes and legal actions (written by the descents, a leaf
    /// after another), and where each stands in the step.
    paths: Vec<u32>,
    ends: Vec<usize>,
    planes: Vec<bool>,
    legal: Vec<bool>,
    leaves: Vec<Leaf>,
    /// A leaf's flags: its planes' (two a cell), its legal actions'.
    sizes: (usize, usize),
    /// Whether the step's leaves hold virtual losses: not with one leaf a step, where no
    /// descent follows a leaf's to be steered.
    holding: bool,
    /// Scratch: a position's softmax weights.
    weights: Vec<f64>,
}

/// Where a new leaf of a step stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leaf {
    /// Written by its descent, not yet handed to the evaluator.
    Written,
    /// At this place of the evaluator's call.
    At(usize),
}

/// How a descent ended.
enum Ended {
    /// At a new leaf, or in a finished game (backed up at once): a simulation.
    Simulated,
    /// At a leaf another descent of the step reached first: no simulation.
    Taken,
}

impl Root {
    /// Room for a step of at most `most` new leaves on a board of `cells` cells and `actions`
    /// actions, so that a step allocates nothing.
    ///
    /// # Errors
    /// When the memory cannot be had.
    pub(crate) fn reserve(
        &mut self,
        cells: usize,
        actions: usize,
        most: usize,
    ) -> Result<(), TryReserveError> {
        // A descent is at most a move a cell long.
        self.paths.try_reserve(most * (cells + 1))?;
        self.ends.try_reserve(most)?;
        self.leaves.try_reserve(most)?;
        self.weights.try_reserve(actions)?;
        self.sizes = (2 * cells, actions);
        for (flags, len) in
            [(&mut self.planes, most * 2 * cells), (&mut self.legal, most * actions)]
        {
            flags.try_reserve_exact(len.saturating_sub(flags.len()))?;
            flags.resize(len, false);
        }
        Ok(())
    }

    /// The step's descents: at most `most` (and the simulations left), each from the root down
    /// to a leaf with the child maximizing PUCT at each expanded node (`c_puct`). A descent
    /// that ends in a finished game is backed up at once; one at a new position keeps its
    /// planes and legal actions for the evaluator's call and holds a virtual loss on its path,
    /// so that the next descents take other ways; one at a leaf an earlier descent of the
    /// step reached ends the game's step. `roots_only`: the search's first step, where only
    /// an empty tree's root is a leaf. The root's position is as it was afterwards, a refused
    /// move included.
    ///
    /// # Errors
    /// On a game's board, its refusal; [`Error::AllocFailed`].
    pub(crate) fn descend(
        &mut self,
        c_puct: f64,
        roots_only: bool,
        most: u32,
    ) -> Result<(), Error> {
        self.paths.clear();
        self.ends.clear();
        self.leaves.clear();
        self.holding = most > 1;
        if self.board.is_none() {
            return Ok(());
        }
        if self.tree.is_empty() {
            self.keep_leaf();
            return Ok(());
        }
        if roots_only {
            return Ok(());
        }
        for _ in 0..most.min(self.remaining) {
            match self.descend_once(c_puct)? {
                Ended::Simulated => self.remaining -= 1,
                Ended::Taken => break,
            }
        }
        Ok(())
    }

    /// One descent of [`Root::descend`] (the tree not empty).
    fn descend_once(&mut self, c_puct: f64) -> Result<Ended, Error> {
        let Some(board) = self.board.as_mut() else { return Ok(Ended::Taken) };
        let (start, from) = (board.start(), self.paths.len());
        let mut node = self.tree.root();
        let next = loop {
            let edge = self.tree.select(node, c_puct);
            if let Err(error) = board.apply(self.tree.action(edge)) {
                break Err(error);
            }
            self.paths.push(edge);
            match self.tree.next(edge, || board.after()) {
                Next::Node(child) => node = child,
                next => break Ok(next),
            }
        };
        let moves = self.paths.len() - from;
        let ended = match next {
            Ok(Next::Open) => {
                let path = &self.paths[from..];
                if let Some(&last) = path.last() {
                    self.tree.pend(last);
                }
                if self.holding {
                    self.tree.hold(path);
                }
                self.keep_leaf();
                Ok(Ended::Simulated)
            }
            Ok(Next::Finished(value)) => {
                let path = &self.paths[from..];
                if let Some(&last) = path.last() {
                    self.tree.finish(last, value);
                }
                self.tree.back_up(path, value);
                self.paths.truncate(from);
                Ok(Ended::Simulated)
            }
            Ok(Next::Pending | Next::Node(_)) => {
                self.paths.truncate(from);
                Ok(Ended::Taken)
            }
            Err(error) => Err(error),
        };
        if let Some(board) = self.board.as_mut() {
            board.back_to(start, moves)?;
        }
        ended
    }

    /// Keeps the position the board is at as the step's next leaf (its path the edges since
    /// the last leaf's): its planes and legal actions written in the leaf's place.
    fn keep_leaf(&mut self) {
        let Root { board: Some(board), planes, legal, paths, ends, leaves, sizes, .. } = self
        else {
            return;
        };
        let (j, (flags, actions)) = (leaves.len(), *sizes);
        board.write(
            &mut planes[j * flags..(j + 1) * flags],
            &mut legal[j * actions..(j + 1) * actions],
        );
        ends.push(paths.len());
        leaves.push(Leaf::Written);
    }

    /// Adds the step's new leaves to the evaluator's call, and remembers their places there.
    /// A copy (a few dozen bytes a leaf): the descents, on threads, each write their own
    /// root's, and the call needs the leaves side by side in the order of the games.
    pub(crate) fn hand_over(&mut self, call: &mut Leaves) {
        let (flags, actions) = self.sizes;
        for (j, leaf) in self.leaves.iter_mut().enumerate() {
            let planes = &self.planes[j * flags..(j + 1) * flags];
            *leaf = Leaf::At(call.push(planes, &self.legal[j * actions..(j + 1) * actions]));
        }
    }

    /// Expands the step's new leaves with the evaluator's answers in `call` (`actions` logits
    /// a leaf), and backs their values up in place of their virtual losses.
    pub(crate) fn expand(&mut self, call: &Leaves, actions: usize) {
        let mut from = 0;
        for (j, (leaf, &end)) in self.leaves.iter().zip(&self.ends).enumerate() {
            let path = &self.paths[from..end];
            from = end;
            let Leaf::At(at) = *leaf else { continue };
            let logits = &call.logits[at * actions..(at + 1) * actions];
            let value = tree::fixed(call.values[at]);
            let legal = &self.legal[j * self.sizes.1..(j + 1) * self.sizes.1];
            self.tree.expand(path.last().copied(), legal, logits, &mut self.weights);
            if path.is_empty() {
                self.tree.set_root_value(value);
            } else {
                if self.holding {
                    self.tree.release(path);
                }
                // The leaf's value is the side to move's; the edges', their movers'.
                self.tree.back_up(path, -value);
            }
        }
    }
}
