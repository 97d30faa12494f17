//! One game's part of the search, and its part of each simulation step: the descent to a leaf
//! and the leaf's expansion. Each touches its own game alone, so the batch's threads run the
//! games' parts at once ([`tictactoe_core::Batch::split_work`]) with the results of one thread.

use alloc::collections::TryReserveError;
use alloc::vec::Vec;

use tictactoe_core::Error;

use super::board::Board;
use super::leaves::Leaves;
use super::tree::{self, Next, Saved, Tree};

/// One game's search: its tree (and what it held before the search running), the position at
/// its root (to descend from), the batch's history there (to tell when the batch moved without
/// the search), and what the step running found.
#[derive(Debug, Default)]
pub(crate) struct Root {
    pub(crate) tree: Tree,
    /// What the tree held before the search running, to go back to if it fails.
    pub(crate) saved: Saved,
    /// The batch's cells history at the root.
    pub(crate) history: Vec<u32>,
    /// The root's position, moved along and back by each descent (none for a finished game).
    pub(crate) board: Option<Board>,
    /// The step's descent: the edges from the root to its leaf.
    path: Vec<u32>,
    /// The step's new leaf, if it has one: its planes and legal actions, written by the
    /// descent, and where it stands in the step.
    planes: Vec<bool>,
    legal: Vec<bool>,
    leaf: Leaf,
    /// Scratch: a position's softmax weights.
    weights: Vec<f64>,
}

/// Where a game's new leaf of a step stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Leaf {
    /// None this step: the game is over, or the descent ended in a finished game.
    #[default]
    None,
    /// Written by the descent, not yet handed to the evaluator.
    Written,
    /// At this place of the evaluator's call.
    At(usize),
}

impl Root {
    /// Room for a step on a board of `cells` cells and `actions` actions, so that a step
    /// allocates nothing.
    ///
    /// # Errors
    /// When the memory cannot be had.
    pub(crate) fn reserve(&mut self, cells: usize, actions: usize) -> Result<(), TryReserveError> {
        // A descent is at most a move a cell long.
        self.path.try_reserve(cells + 1)?;
        self.weights.try_reserve(actions)?;
        for (flags, len) in [(&mut self.planes, 2 * cells), (&mut self.legal, actions)] {
            flags.try_reserve_exact(len.saturating_sub(flags.len()))?;
            flags.resize(len, false);
        }
        Ok(())
    }

    /// The step's descent, from the root down to a leaf with the child maximizing PUCT at each
    /// expanded node (`c_puct`): a finished game is backed up at once; a new position's planes
    /// and legal actions are kept for the evaluator's call. `roots_only`: the search's first
    /// step, where only an empty tree's root is a leaf. The root's position is as it was
    /// afterwards, a refused move included.
    ///
    /// # Errors
    /// On a game's board, its refusal; [`Error::AllocFailed`].
    pub(crate) fn descend(&mut self, c_puct: f64, roots_only: bool) -> Result<(), Error> {
        self.leaf = Leaf::None;
        self.path.clear();
        let Some(board) = self.board.as_mut() else { return Ok(()) };
        if self.tree.is_empty() {
            board.write(&mut self.planes, &mut self.legal);
            self.leaf = Leaf::Written;
            return Ok(());
        }
        if roots_only {
            return Ok(());
        }
        let (start, mut node) = (board.start(), self.tree.root());
        let next = loop {
            let edge = self.tree.select(node, c_puct);
            if let Err(error) = board.apply(self.tree.action(edge)) {
                break Err(error);
            }
            self.path.push(edge);
            match self.tree.next(edge, || board.after()) {
                Next::Node(child) => node = child,
                next => break Ok(next),
            }
        };
        match next {
            Ok(Next::Finished(value)) => {
                if let Some(&last) = self.path.last() {
                    self.tree.finish(last, value);
                }
                self.tree.back_up(&self.path, value);
            }
            Ok(_) => {
                board.write(&mut self.planes, &mut self.legal);
                self.leaf = Leaf::Written;
            }
            Err(_) => {}
        }
        board.back_to(start, self.path.len())?;
        next.map(|_| ())
    }

    /// Adds the step's new leaf, if there is one, to the evaluator's call, and remembers its
    /// place there. A copy (a few dozen bytes a leaf): the descents, on threads, each write
    /// their own root's, and the call needs the leaves side by side in the order of the games.
    pub(crate) fn hand_over(&mut self, leaves: &mut Leaves) {
        if self.leaf == Leaf::Written {
            self.leaf = Leaf::At(leaves.push(&self.planes, &self.legal));
        }
    }

    /// Expands the step's new leaf, if there is one, with the evaluator's answers in `leaves`
    /// (`actions` logits a leaf), and backs its value up.
    pub(crate) fn expand(&mut self, leaves: &Leaves, actions: usize) {
        let Leaf::At(leaf) = self.leaf else { return };
        let logits = &leaves.logits[leaf * actions..(leaf + 1) * actions];
        let value = tree::fixed(leaves.values[leaf]);
        let parent = self.path.last().copied();
        self.tree.expand(parent, &self.legal, logits, &mut self.weights);
        if parent.is_some() {
            // The leaf's value is the side to move's; the edges', their movers'.
            self.tree.back_up(&self.path, -value);
        } else {
            self.tree.set_root_value(value);
        }
    }
}
