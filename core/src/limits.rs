//! Bounds on what a game made from outside data may allocate: a few bytes of text must not be
//! able to ask for a gigabyte. Like image-rs's `Limits`, the bound has a default for readers of
//! untrusted input, and is decided before any allocation.

use crate::{board, lines, Error, MAX_N};

/// The memory a game made from outside data may take, in bytes. [`Limits::DEFAULT`] is what
/// parsing the text form applies unless told otherwise; [`Limits::NONE`] lifts the bound (for
/// data the program wrote itself, such as its own saved games).
///
/// ```
/// use tictactoe_core::{Error, Game, Limits};
/// assert!(Game::from_text_with_limits("tictactoe/1 n=1400 moves=", Limits::DEFAULT).is_ok());
/// let refused = Game::from_text_with_limits("tictactoe/1 n=65535 moves=", Limits::DEFAULT);
/// let limit = Limits::DEFAULT.max_bytes;
/// assert!(matches!(
///     refused.unwrap_err().rejection(),
///     Some(Error::LimitExceeded { limit: l, .. }) if l == limit
/// ));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most bytes a game may hold once its history is full ([`game_bytes`]).
    pub max_bytes: usize,
}

impl Limits {
    /// 8 MiB: every board up to 1400 x 1400 (8.3 MB when full), and nothing more that a few
    /// bytes of hostile text could ask for.
    pub const DEFAULT: Limits = Limits { max_bytes: 8 << 20 };

    /// No bound beyond [`MAX_N`].
    pub const NONE: Limits = Limits { max_bytes: usize::MAX };

    /// `Ok` when a game of size `n` fits: [`Error::InvalidSize`] first for a size no game has,
    /// then [`Error::LimitExceeded`] for one above the bound. Allocates nothing.
    ///
    /// # Errors
    /// As above.
    pub fn check_game(&self, n: usize) -> Result<(), Error> {
        check_size(n)?;
        let requested = game_bytes(n).unwrap_or(usize::MAX);
        if requested > self.max_bytes {
            return Err(Error::LimitExceeded { requested, limit: self.max_bytes });
        }
        Ok(())
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// [`Error::InvalidSize`] unless 1 <= n <= [`MAX_N`]: the sizes a game or batch may have.
pub(crate) fn check_size(n: usize) -> Result<(), Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::InvalidSize { n });
    }
    Ok(())
}

/// The bytes a game of size `n` holds once its history is full: its board, line counters and
/// n * n moves, as 32-bit words. `None` when the arithmetic overflows `usize` (possible for
/// sizes above [`MAX_N`], or on a 16-bit target).
///
/// ```
/// use tictactoe_core::game_bytes;
/// assert_eq!(game_bytes(3), Some(4 * (1 + 8 + 9))); // 16 cells a word, 8 lines, 9 moves
/// assert_eq!(game_bytes(usize::MAX), None);
/// ```
pub fn game_bytes(n: usize) -> Option<usize> {
    let cells = n.checked_mul(n)?;
    // n * n did not overflow, so neither does 2 * n + 2.
    let words = board::words(cells).checked_add(lines::count(n))?.checked_add(cells)?;
    words.checked_mul(4)
}
