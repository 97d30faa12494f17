//! The new leaves of a simulation step as the evaluator sees them, side by side in the order of
//! their games: their positions' planes and legal masks, and the logits and values it writes
//! back. The descents write each leaf in place: a game's leaves in its own slots, which
//! [`Leaves::gather`] then closes up.

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
    /// The cells of a position, and its actions.
    cells: usize,
    actions: usize,
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
        (self.cells, self.actions) = (cells, actions);
        Ok(())
    }

    /// How many leaves the step has.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The cells of a position.
    pub(crate) fn cells(&self) -> usize {
        self.cells
    }

    /// The slots of a step's leaves, `most` a game for `games` games in their order (room
    /// for them reserved): each game's planes (two flags a cell a leaf) and legal actions (a
    /// flag an action a leaf), for its descents to write their leaves into.
    pub(crate) fn slots(
        &mut self,
        games: usize,
        most: usize,
    ) -> impl Iterator<Item = (&mut [bool], &mut [bool])> {
        let (flags, actions) = (2 * self.cells * most, self.actions * most);
        let planes = self.observation[..games * flags].chunks_exact_mut(flags.max(1));
        planes.zip(self.legal[..games * actions].chunks_exact_mut(actions.max(1)))
    }

    /// Starts a step: no leaf gathered yet.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Moves game `g`'s `count` leaves, which its descents wrote into its [`Leaves::slots`]
    /// (`most` a game), right after the leaves gathered before, and answers where they start.
    /// Nothing moves while every game before found `most` (every game's one leaf a step, the
    /// usual case).
    pub(crate) fn gather(&mut self, g: usize, most: usize, count: usize) -> usize {
        let (from, to) = (g * most, self.len);
        if from != to {
            let (flags, actions) = (2 * self.cells, self.actions);
            self.observation.copy_within(from * flags..(from + count) * flags, to * flags);
            self.legal.copy_within(from * actions..(from + count) * actions, to * actions);
        }
        self.len += count;
        to
    }
}
