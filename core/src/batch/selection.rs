//! Which games a batch call takes, chosen once: every game in order, or a list of them. Every
//! operation of a batch takes a [`Selection`] and is written once, over [`Which`], for both.

use super::checks::{check_distinct, check_in_range};
use crate::ListError;

/// The games a batch call takes: every game, in order, or those listed, in the list's order.
/// Each per-game argument and output of the call then has one value per game taken, in that
/// order. Calls that move games (steps, draws) take a game at most once; resets and seeds may
/// take one again.
///
/// ```
/// use tictactoe_core::{Batch, Illegal, Selection};
/// let mut batch = Batch::new(3, 3, 0)?;
/// batch.step(Selection::All, &[4, 4, 4], &mut [0; 3], Illegal::Refuse)?;
/// batch.step(Selection::Listed(&[2, 0]), &[0, 8], &mut [0; 2], Illegal::Refuse)?;
/// assert_eq!(batch.history(2)?, &[4, 0]);
/// assert_eq!(batch.history(1)?, &[4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Selection<'a> {
    /// Every game of the batch, in order.
    All,
    /// The games with these indices, in this order.
    Listed(&'a [usize]),
}

impl Selection<'_> {
    /// The number of games taken from a batch of `count`.
    pub fn len(&self, count: usize) -> usize {
        match self {
            Selection::All => count,
            Selection::Listed(games) => games.len(),
        }
    }
}

/// The games a call takes, checked: the i-th is game `game(i)`. Written for both kinds, so
/// that every operation's loop is compiled once for each (every game: the index itself, with
/// nothing to look up).
pub(crate) trait Which: Copy {
    /// How many games.
    fn len(&self) -> usize;
    /// The index of the `i`-th game taken.
    fn game(&self, i: usize) -> usize;
}

/// Every game of a range of `count`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Every(pub(crate) usize);

impl Which for Every {
    #[inline(always)]
    fn len(&self) -> usize {
        self.0
    }

    #[inline(always)]
    fn game(&self, i: usize) -> usize {
        i
    }
}

/// The games of a list, each below the count (checked).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Listed<'a>(&'a [usize]);

impl Which for Listed<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }

    #[inline(always)]
    fn game(&self, i: usize) -> usize {
        self.0[i]
    }
}

/// A list of games checked for a batch of `count`: each index below it and, when `once`, none
/// given twice (`seen`: one bit a game, all clear, and left clear). The error's index is the
/// position in the list.
pub(crate) fn listed<'a>(
    games: &'a [usize],
    count: usize,
    once: bool,
    seen: &mut [u64],
) -> Result<Listed<'a>, ListError> {
    if once {
        check_distinct(games, count, seen)?;
    } else {
        check_in_range(games, count)?;
    }
    Ok(Listed(games))
}
