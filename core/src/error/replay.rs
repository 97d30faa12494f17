//! Refusals of calls that take lists: the entry of the list that was refused, and why.

use core::fmt;

use crate::Error;

/// The first bad move of a list, and why it was refused: for a game's move list
/// ([`Game::play_all`](crate::Game::play_all)), the move's index; for a batch step, the index
/// of the action in the call's list.
///
/// ```
/// use tictactoe_core::{Error, Game, ReplayError};
/// let mut game = Game::new(3)?;
/// let err = game.play_all([(0, 0), (0, 0)]).unwrap_err();
/// assert_eq!(err.index, 1);
/// assert!(matches!(err.error, Error::Occupied { .. }));
/// assert_eq!(game.marks(), 0); // all or nothing
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReplayError {
    /// The 0-based index of the refused move in the list.
    pub index: usize,
    /// Why it was refused.
    pub error: Error,
}

impl ReplayError {
    /// The entry of the list that was refused: `Some(index)`, or `None` when the refusal is
    /// about the call as a whole (a list of the wrong length), where `index` is 0 and names no
    /// entry. Faces report an index only when there is one.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal};
    /// let mut batch = Batch::new(2, 3, 0)?;
    /// assert_eq!(batch.step(&[0, 9], &mut [0; 2], Illegal::Refuse).unwrap_err().entry(), Some(1));
    /// assert_eq!(batch.step(&[0], &mut [0; 2], Illegal::Refuse).unwrap_err().entry(), None);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn entry(&self) -> Option<usize> {
        match self.error {
            Error::LengthMismatch { .. } => None,
            _ => Some(self.index),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index, self.error)
    }
}

impl core::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why a batch could not be rebuilt from what a saved one held
/// ([`Batch::restore`](crate::Batch::restore)): the game whose history or winner was refused,
/// and why.
///
/// ```
/// use tictactoe_core::{Batch, Error, RestoreError};
/// let refused = Batch::restore(3, &[&[4], &[4, 4]], &[0, 0], &[0, 0]).unwrap_err();
/// assert_eq!(refused.game, Some(1));
/// assert!(matches!(refused.error, Error::Occupied { .. }));
/// assert_eq!(refused.to_string(), "game 1: cell (1, 1) is already taken by player 1 (X)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RestoreError {
    /// The game refused, or `None` when the refusal is about the lists as a whole (lists of
    /// different lengths, a size no game has).
    pub game: Option<usize>,
    /// Why it was refused.
    pub error: Error,
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            Some(game) => write!(f, "game {game}: {}", self.error),
            None => self.error.fmt(f),
        }
    }
}

impl core::error::Error for RestoreError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}
