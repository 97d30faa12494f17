//! Refusals of calls that take lists: the entry of the list that was refused, and why.

use core::fmt;

use crate::Error;

/// A call over a list was refused: the entry refused, if the refusal names one, and why. One
/// type for a game's move lists and a batch's steps, so that a caller reads both alike.
///
/// The entry is, in a game's move list ([`Game::play_all`](crate::Game::play_all),
/// [`Game::move_all`](crate::Game::move_all), the text form's moves), the refused move's index:
/// always named there. In a batch step it is the index in the call's lists (of the refused
/// action, listed game or side). A refusal of the call as a whole, such as a list of the wrong
/// length ([`Error::LengthMismatch`]), names no entry: `index` is `None` (rather than an index
/// that means nothing), and the C and Python faces then report no index either.
///
/// ```
/// use tictactoe_core::{Batch, Error, Game, Illegal, ListError, Selection};
/// let mut game = Game::new(3)?;
/// let err = game.play_all([(0, 0), (0, 0)]).unwrap_err();
/// assert_eq!(err.index, Some(1));
/// assert!(matches!(err.error, Error::Occupied { .. }));
/// assert_eq!(game.marks(), 0); // all or nothing
///
/// let mut batch = Batch::new(2, 3, 0)?;
/// assert_eq!(batch.step(Selection::All, &[0, 9], &mut [0; 2], Illegal::Refuse).unwrap_err().index, Some(1));
/// let short = batch.step(Selection::All, &[0], &mut [0; 2], Illegal::Refuse).unwrap_err();
/// assert_eq!(short, ListError { index: None, error: Error::LengthMismatch { len: 1, expected: 2 } });
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ListError {
    /// The 0-based index of the refused entry in the call's list, or `None` when the refusal is
    /// about the call as a whole (a list of the wrong length).
    pub index: Option<usize>,
    /// Why it was refused.
    pub error: Error,
}

/// The name [`ListError`] had while its index was a plain `usize` (0, naming no entry, for a
/// list of the wrong length): kept so that code naming it learns the new name.
#[deprecated(since = "0.1.0", note = "renamed `ListError`; its `index` is an `Option<usize>`")]
pub type ReplayError = ListError;

/// A refusal of the call as a whole: it names no entry (`index` is `None`).
impl From<Error> for ListError {
    fn from(error: Error) -> ListError {
        ListError { index: None, error }
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(index) => write!(f, "move {index}: {}", self.error),
            None => self.error.fmt(f),
        }
    }
}

/// Its text says the refusal's (`move 3: ...`): no source (see [`Error`]'s), the refusal in
/// `error`.
impl core::error::Error for ListError {}

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

/// Its text says the refusal's: no source (see [`Error`]'s), the refusal in `error`.
impl core::error::Error for RestoreError {}
