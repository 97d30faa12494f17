//! The new leaves of a simulation step as the evaluator sees them: their positions' planes and
//! legal masks, written as the descents reach them, and the logits and values it writes back.

use alloc::collections::TryReserveError;
use alloc::vec::Vec;

use super::board::Board;

/// A new leaf of a simulation step: its game, and the edges from the root to it (a range of
/// the step's trail; none for the root itself).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Open {
    pub(crate) game: usize,
    pub(crate) path: (usize, usize),
}

/// The evaluator's inputs and outputs, room for a leaf a game.
#[derive(Debug, Default)]
pub(crate) struct Leaves {
    /// Two planes of flags a leaf (the side to move's marks, the opponent's).
    pub(crate) observation: Vec<bool>,
    /// The legal actions, a flag each, a leaf after another.
    pub(crate) legal: Vec<bool>,
    /// What the evaluator writes: logits a leaf's actions, a value a leaf.
    pub(crate) logits: Vec<f32>,
    pub(crate) values: Vec<f32>,
    /// The step's leaves, in the order of the buffers.
    pub(crate) opens: Vec<Open>,
    /// The cells of a position.
    cells: usize,
}

impl Leaves {
    /// Room for `count` leaves of `cells` cells and `actions` actions (filled with zeros;
    /// what was held kept when it is enough).
    ///
    /// # Errors
    /// When the memory cannot be had (nothing resized then but what fit before).
    pub(crate) fn resize(
        &mut self,
        count: usize,
        cells: usize,
        actions: usize,
    ) -> Result<(), TryReserveError> {
        fn grow<T: Copy>(v: &mut Vec<T>, len: usize, zero: T) -> Result<(), TryReserveError> {
            v.try_reserve_exact(len.saturating_sub(v.len()))?;
            v.resize(len, zero);
            Ok(())
        }
        grow(&mut self.observation, count * 2 * cells, false)?;
        grow(&mut self.legal, count * actions, false)?;
        grow(&mut self.logits, count * actions, 0.0)?;
        grow(&mut self.values, count, 0.0)?;
        self.cells = cells;
        self.opens.try_reserve_exact(count.saturating_sub(self.opens.len()))
    }

    /// Starts a step: no leaf yet.
    pub(crate) fn clear(&mut self) {
        self.opens.clear();
    }

    /// How many leaves the step has.
    pub(crate) fn len(&self) -> usize {
        self.opens.len()
    }

    /// The cells of a position.
    pub(crate) fn cells(&self) -> usize {
        self.cells
    }

    /// Adds `open`, whose position is `board`'s as it stands, writing its planes and legal
    /// mask at the next leaf's place.
    pub(crate) fn push(&mut self, open: Open, board: &Board, actions: usize) {
        let (leaf, cells) = (self.opens.len(), self.cells);
        let planes = &mut self.observation[leaf * 2 * cells..(leaf + 1) * 2 * cells];
        let legal = &mut self.legal[leaf * actions..(leaf + 1) * actions];
        board.write(planes, legal);
        self.opens.push(open);
    }
}
