//! Bounds on what a game or batch made from outside data may allocate: a few bytes of text must
//! not be able to ask for a gigabyte. Like image-rs's `Limits`, the bound has a default for
//! readers of untrusted input, and is decided before any allocation.
//!
//! The policy and the constructors that apply it sit here, on top of the game, the batch, the
//! positions and the text form: each plain constructor (`Game::new`, `Game::from_cells`,
//! `Game::from_rows`, `Batch::new`) is the unlimited case of a method of [`Limits`] taking the
//! same arguments, and parsing is [`Limits::parse_game`]. The sizes they compare come from the
//! storage's checked arithmetic ([`block`](crate::storage::block)).

use crate::batch::GAME_STATE_BYTES;
use crate::rules::{self, Form, Rules};
use crate::storage::block::{self, MAX_ALLOC};
use crate::{text, Batch, Error, Game, ParseError};

/// The memory a game or batch made from outside data may take, in bytes, and the constructors
/// that keep to it: `limits.game(rules)` is [`Game::new`] within the limits, and so on for
/// every way of building. [`Limits::DEFAULT`] is what parsing the text form (`str::parse`)
/// applies; [`Limits::NONE`] lifts the bound (for data the program wrote itself, such as its
/// own saved games), which is what the plain constructors do.
///
/// ```
/// use tictactoe_core::{Error, Limits, Rules};
/// assert!(Limits::DEFAULT.parse_game("tictactoe/1 n=1364 moves=").is_ok());
/// let refused = Limits::DEFAULT.parse_game("tictactoe/1 n=65535 moves=");
/// let limit = Limits::DEFAULT.max_bytes;
/// assert!(matches!(
///     refused.unwrap_err().rejection(),
///     Some(Error::LimitExceeded { limit: l, .. }) if l == limit
/// ));
/// let small = Limits { max_bytes: 1 << 20 };
/// assert!(small.game(Rules::GOMOKU).is_ok());
/// assert!(matches!(small.batch(4096, Rules::GOMOKU, 0), Err(Error::LimitExceeded { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most bytes a game ([`game_bytes`]) or a batch ([`batch_bytes`]) may hold at its
    /// largest.
    pub max_bytes: usize,
}

impl Limits {
    /// 8 MiB: every board up to 1364 x 1364 (8.4 MB when full and built from a starting position), and
    /// nothing more that a few bytes of hostile text could ask for.
    pub const DEFAULT: Limits = Limits { max_bytes: 8 << 20 };

    /// No bound beyond [`MAX_N`](crate::MAX_N) and what the target can address.
    pub const NONE: Limits = Limits { max_bytes: usize::MAX };

    /// `Ok` when a game under `rules` (a size n, or any [`Rules`]) fits: the errors of
    /// [`Rules::check`] first for rules no game has, then [`Error::LimitExceeded`]. Allocates
    /// nothing.
    ///
    /// ```
    /// use tictactoe_core::{Error, Limits, Rules};
    /// assert!(Limits::DEFAULT.check_game(Rules::GOMOKU).is_ok());
    /// assert!(Limits::DEFAULT.check_game(Rules::mnk(2000, 2000, 5)).is_err());
    /// assert_eq!(Limits::DEFAULT.check_game(0), Err(Error::InvalidSize { n: 0 }));
    /// ```
    ///
    /// # Errors
    /// As above.
    pub fn check_game(&self, rules: impl Into<Rules>) -> Result<(), Error> {
        let rules = rules.into();
        rules.check()?;
        self.check(rules.game_bytes())
    }

    /// `Ok` when `count` games under `rules` fit in one batch: the errors of [`Rules::check`],
    /// [`Error::InvalidCount`] for no games, then [`Error::LimitExceeded`]. Allocates nothing.
    ///
    /// # Errors
    /// As above.
    pub fn check_batch(&self, count: usize, rules: impl Into<Rules>) -> Result<(), Error> {
        let rules = rules.into();
        rules.check()?;
        if count == 0 {
            return Err(Error::InvalidCount { count });
        }
        self.check(rules.batch_bytes(count))
    }

    /// As [`Game::new`], refusing a game of more than `max_bytes` bytes
    /// ([`Rules::game_bytes`]) before anything is allocated: for rules that come from outside.
    ///
    /// # Errors
    /// As [`Limits::check_game`], then as [`Game::new`].
    pub fn game(&self, rules: impl Into<Rules>) -> Result<Game, Error> {
        let rules = rules.into();
        self.check_game(rules)?;
        Game::new(rules)
    }

    /// As [`Game::from_cells`], refusing a game of more than `max_bytes` bytes before the cells
    /// are read or anything is allocated.
    ///
    /// ```
    /// use tictactoe_core::{Error, Limits, Rules};
    /// let cells = vec![0; 2000 * 1000];
    /// let rules = Rules::mnk(2000, 1000, 5);
    /// assert!(matches!(Limits::DEFAULT.game_from_cells(rules, &cells),
    ///                  Err(Error::LimitExceeded { .. })));
    /// ```
    ///
    /// # Errors
    /// As [`Limits::check_game`], then as [`Game::from_cells`].
    pub fn game_from_cells(&self, rules: impl Into<Rules>, cells: &[u8]) -> Result<Game, Error> {
        let rules = rules.into();
        self.check_game(rules)?;
        Game::from_cells(rules, cells)
    }

    /// As [`Game::from_rows`], refusing a game of more than `max_bytes` bytes before the rows
    /// are read or anything is allocated.
    ///
    /// # Errors
    /// As [`Limits::check_game`], then as [`Game::from_rows`].
    pub fn game_from_rows<S: AsRef<str>>(
        &self,
        rules: impl Into<Rules>,
        rows: &[S],
    ) -> Result<Game, Error> {
        let rules = rules.into();
        self.check_game(rules)?;
        Game::from_rows(rules, rows)
    }

    /// Reads the text form written by [`Game::text`], refusing a game above the limits as soon
    /// as its rules are read, before anything is allocated: what a reader of untrusted text
    /// wants (`"tictactoe/1 n=65535 moves="` would otherwise ask for half a gigabyte).
    /// `str::parse` is this within [`Limits::DEFAULT`]; [`Limits::NONE`] reads anything up to
    /// [`MAX_N`](crate::MAX_N).
    ///
    /// ```
    /// use tictactoe_core::{Error, Limits};
    /// let text = "tictactoe/1 n=2000 moves=";
    /// let refused = Limits::DEFAULT.parse_game(text).unwrap_err();
    /// assert_eq!(refused.offset, 14);
    /// assert!(matches!(refused.rejection(), Some(Error::LimitExceeded { .. })));
    /// assert_eq!(Limits::NONE.parse_game(text)?.n(), Some(2000));
    /// # Ok::<(), tictactoe_core::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// A [`ParseError`] with the offset of what is wrong: a syntax error, refused rules (as
    /// [`Limits::check_game`]), board or move.
    pub fn parse_game(&self, text: &str) -> Result<Game, ParseError> {
        text::parse(text, *self)
    }

    /// As [`Batch::new`], refusing a batch of more than `max_bytes` bytes
    /// ([`Rules::batch_bytes`]) before anything is allocated: for a count and rules that come
    /// from outside.
    ///
    /// ```
    /// use tictactoe_core::{batch_bytes, Batch, Error, Limits};
    /// let limits = Limits { max_bytes: 1 << 20 };
    /// assert!(limits.batch(4096, 3, 0).is_ok());
    /// let requested = batch_bytes(1 << 20, 3).unwrap();
    /// assert_eq!(limits.batch(1 << 20, 3, 0),
    ///            Err(Error::LimitExceeded { requested, limit: 1 << 20 }));
    /// ```
    ///
    /// # Errors
    /// As [`Limits::check_batch`], then as [`Batch::new`].
    pub fn batch(&self, count: usize, rules: impl Into<Rules>, seed: u64) -> Result<Batch, Error> {
        let rules = rules.into();
        self.check_batch(count, rules)?;
        Batch::new(count, rules, seed)
    }

    /// `Ok` when `bytes` (`None`: more than the target can address) is within the bound.
    /// [`Limits::NONE`] lets even `None` through, so that memory the target cannot have is
    /// [`Error::AllocFailed`] there, as for every constructor without a limit.
    fn check(&self, bytes: Option<usize>) -> Result<(), Error> {
        let requested = bytes.unwrap_or(usize::MAX);
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

/// [`game_bytes`] on a target whose largest allocation is `max` bytes.
fn game_bytes_within(n: usize, max: u64) -> Option<u64> {
    let cells = n.checked_mul(n)? as u64;
    block::game_bytes(cells, rules::tic_tac_toe_words(n) as u64, max)
}

/// [`batch_bytes`] on a target whose largest allocation is `max` bytes.
fn batch_bytes_within(count: u64, n: usize, max: u64) -> Option<u64> {
    let cells = n.checked_mul(n)? as u64;
    let (rule_words, state) = (rules::tic_tac_toe_words(n) as u64, GAME_STATE_BYTES as u64);
    block::batch_bytes(count, cells, rule_words, state, max)
}

impl Rules {
    /// The most bytes a game under these rules holds, as [`game_bytes`] for n x n tic-tac-toe;
    /// `None` for rules no game has, or more than the target can allocate.
    ///
    /// ```
    /// use tictactoe_core::Rules;
    /// // 42 cells: 3 words of board, 4 of the players' marks, 4 of heights, 42 moves, 3 of
    /// // starting position.
    /// assert_eq!(Rules::CONNECT_FOUR.game_bytes(), Some(4 * (3 + 4 + 4 + 42 + 3)));
    /// ```
    pub fn game_bytes(&self) -> Option<usize> {
        let form = Form::of(self).ok()?;
        let (cells, words) = (form.shape.cells() as u64, form.rule_words() as u64);
        // Within isize::MAX, so within usize.
        block::game_bytes(cells, words, MAX_ALLOC).map(|bytes| bytes as usize)
    }

    /// The bytes a batch of `count` games under these rules holds, as [`batch_bytes`] for
    /// n x n tic-tac-toe; `None` for rules no game has, or more than the target can allocate.
    pub fn batch_bytes(&self, count: usize) -> Option<usize> {
        let form = Form::of(self).ok()?.for_batch();
        let (cells, words) = (form.shape.cells() as u64, form.rule_words() as u64);
        let state = GAME_STATE_BYTES as u64;
        // Within isize::MAX, so within usize.
        block::batch_bytes(count as u64, cells, words, state, MAX_ALLOC).map(|bytes| bytes as usize)
    }
}

/// The most bytes a game of size `n` holds: its board, line counters and n * n moves, as 32-bit
/// words, and the board of the starting position it was built from. Pure arithmetic, for any
/// n (a size no game has included): `None` when that is more than the target can allocate
/// (`isize::MAX` bytes: sizes far above [`MAX_N`](crate::MAX_N), and large ones on a 32-bit
/// target).
///
/// ```
/// use tictactoe_core::game_bytes;
/// // 16 cells a word: 1 word of board, 8 lines, 9 moves, 1 word of starting position.
/// assert_eq!(game_bytes(3), Some(4 * (1 + 8 + 9 + 1)));
/// assert_eq!(game_bytes(usize::MAX), None);
/// ```
pub fn game_bytes(n: usize) -> Option<usize> {
    // Within isize::MAX, so within usize.
    game_bytes_within(n, MAX_ALLOC).map(|bytes| bytes as usize)
}

/// The bytes a batch of `count` games of size `n` holds ([`Batch`](crate::Batch)): each game's
/// board, line counters and room for n * n moves, its per-game state, and a bit of scratch.
/// `None` when that is more than the target can allocate.
///
/// ```
/// use tictactoe_core::batch_bytes;
/// assert_eq!(batch_bytes(4096, 3), Some(4096 * (4 * (1 + 8 + 9) + 25) + 512)); // about 400 KB
/// assert_eq!(batch_bytes(usize::MAX, 3), None);
/// ```
pub fn batch_bytes(count: usize, n: usize) -> Option<usize> {
    // Within isize::MAX, so within usize.
    batch_bytes_within(count as u64, n, MAX_ALLOC).map(|bytes| bytes as usize)
}

#[cfg(test)]
mod tests {
    //! The size arithmetic a 32-bit target runs: the same functions with its largest
    //! allocation, `i32::MAX` bytes (sizes there are at most `u32::MAX`, as here).
    use super::*;
    use crate::MAX_N;

    const MAX_ALLOC_32: u64 = i32::MAX as u64;

    #[test]
    fn games_past_the_32_bit_address_space_are_none_there() {
        let at_max = game_bytes_within(MAX_N, MAX_ALLOC).unwrap();
        assert!(at_max > MAX_ALLOC_32);
        assert_eq!(game_bytes_within(MAX_N, MAX_ALLOC_32), None);
        // The largest board a 32-bit target can hold, and the next one it cannot.
        let largest = (1..=MAX_N).rev().find(|&n| game_bytes_within(n, MAX_ALLOC_32).is_some());
        let largest = largest.unwrap();
        assert!(game_bytes_within(largest, MAX_ALLOC_32).unwrap() <= MAX_ALLOC_32);
        assert_eq!(game_bytes_within(largest + 1, MAX_ALLOC_32), None);
        assert!((20_000..25_000).contains(&largest));
    }

    #[test]
    fn batches_just_past_isize_max_are_none_on_both_widths() {
        for max in [MAX_ALLOC_32, MAX_ALLOC] {
            for n in [1, 3, 8, 1000] {
                // A game's bytes without the scratch word of a batch of one.
                let per_game = batch_bytes_within(1, n, u64::MAX).unwrap() - 8;
                // The largest count that fits, found by bisection, and one more.
                let (mut low, mut high) = (1u64, max / per_game + 1);
                assert_eq!(batch_bytes_within(high, n, max), None);
                while high - low > 1 {
                    let mid = low + (high - low) / 2;
                    if batch_bytes_within(mid, n, max).is_some() {
                        low = mid;
                    } else {
                        high = mid;
                    }
                }
                assert!(batch_bytes_within(low, n, max).unwrap() <= max);
                assert_eq!(batch_bytes_within(low + 1, n, max), None);
                assert_eq!(batch_bytes_within(u64::MAX, n, max), None);
            }
        }
    }
}
