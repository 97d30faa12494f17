//! The new leaves of a simulation step as the evaluator sees them, side by side in the order of
//! their games: their positions' planes and legal masks, and the logits and values it writes
//! back.

use alloc::vec::Vec;

use tictactoe_core::Error;

/// The evaluator's inputs and outputs, room for the most leaves a step may find.
#[derive(Debug, Default)]
pub(crate) struct Leaves {
    /// Two planes of flags a leaf (the side to move's marks, the opponent's).
    pub(crate) observation: Vec<bool>,
    /// The legal actions, a flag each, a leaf after another.
    pub(crate) legal: Vec<bool>,
    /// What the evaluator writes: logits a leaf's actions, a value a leaf.
    pub(crate) logits: Vec<f32>,
    pub(crate) values: Vec<f32>,
    /// How many leaves the step has.
    len: usize,
    /// The cells of a position.
    cells: usize,
}

impl Leaves {
    /// Room for `count` leaves of `cells` cells and `actions` actions (filled with zeros;
    /// what was held kept when it is enough).
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the memory cannot be had or its size overflows (nothing
    /// resized then but what fit before).
    pub(crate) fn resize(
        &mut self,
        count: usize,
        cells: usize,
        actions: usize,
    ) -> Result<(), Error> {
        fn grow<T: Copy>(v: &mut Vec<T>, len: Option<usize>, zero: T) -> Result<(), Error> {
            let len = len.ok_or(Error::AllocFailed)?;
            v.try_reserve_exact(len.saturating_sub(v.len())).map_err(|_| Error::AllocFailed)?;
            v.resize(len, zero);
            Ok(())
        }
        let flags = cells.checked_mul(2).and_then(|planes| count.checked_mul(planes));
        grow(&mut self.observation, flags, false)?;
        grow(&mut self.legal, count.checked_mul(actions), false)?;
        grow(&mut self.logits, count.checked_mul(actions), 0.0)?;
        grow(&mut self.values, Some(count), 0.0)?;
        self.cells = cells;
        Ok(())
    }

    /// Starts a step: no leaf yet.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// How many leaves the step has.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The cells of a position.
    pub(crate) fn cells(&self) -> usize {
        self.cells
    }

    /// Adds a leaf of these `planes` and `legal` actions at the next place.
    pub(crate) fn push(&mut self, planes: &[bool], legal: &[bool]) {
        let leaf = self.len;
        self.observation[leaf * planes.len()..(leaf + 1) * planes.len()].copy_from_slice(planes);
        self.legal[leaf * legal.len()..(leaf + 1) * legal.len()].copy_from_slice(legal);
        self.len += 1;
    }
}
