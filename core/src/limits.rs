//! Bounds on what a game or batch made from outside data may allocate: a few bytes of text must
//! not be able to ask for a gigabyte. Like image-rs's `Limits`, the bound has a default for
//! readers of untrusted input, and is decided before any allocation.
//!
//! Every size here is checked arithmetic against the largest allocation Rust allows
//! (`isize::MAX` bytes): a product that overflows is `None`, never a wrapped small number.

use crate::batch::GAME_STATE_BYTES;
use crate::{board, lines, Error, MAX_N};

/// The memory a game or batch made from outside data may take, in bytes. [`Limits::DEFAULT`] is
/// what parsing the text form applies unless told otherwise; [`Limits::NONE`] lifts the bound
/// (for data the program wrote itself, such as its own saved games).
///
/// ```
/// use tictactoe_core::{Error, Game, Limits};
/// assert!(Game::from_text_with_limits("tictactoe/1 n=1364 moves=", Limits::DEFAULT).is_ok());
/// let refused = Game::from_text_with_limits("tictactoe/1 n=65535 moves=", Limits::DEFAULT);
/// let limit = Limits::DEFAULT.max_bytes;
/// assert!(matches!(
///     refused.unwrap_err().rejection(),
///     Some(Error::LimitExceeded { limit: l, .. }) if l == limit
/// ));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most bytes a game ([`game_bytes`]) or a batch ([`batch_bytes`]) may hold at its
    /// largest.
    pub max_bytes: usize,
}

impl Limits {
    /// 8 MiB: every board up to 1364 x 1364 (8.4 MB when full and built from a position), and
    /// nothing more that a few bytes of hostile text could ask for.
    pub const DEFAULT: Limits = Limits { max_bytes: 8 << 20 };

    /// No bound beyond [`MAX_N`] and what the target can address.
    pub const NONE: Limits = Limits { max_bytes: usize::MAX };

    /// `Ok` when a game of size `n` fits: [`Error::InvalidSize`] first for a size no game has,
    /// then [`Error::LimitExceeded`] for one above the bound. Allocates nothing.
    ///
    /// # Errors
    /// As above.
    pub fn check_game(&self, n: usize) -> Result<(), Error> {
        check_size(n)?;
        self.check(game_bytes(n))
    }

    /// `Ok` when `count` games of size `n` fit in one batch: [`Error::InvalidSize`] first for a
    /// size no game has, [`Error::InvalidCount`] for no games, then [`Error::LimitExceeded`].
    /// Allocates nothing.
    ///
    /// # Errors
    /// As above.
    pub fn check_batch(&self, count: usize, n: usize) -> Result<(), Error> {
        check_size(n)?;
        if count == 0 {
            return Err(Error::InvalidCount { count });
        }
        self.check(batch_bytes(count, n))
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

/// [`Error::InvalidSize`] unless 1 <= n <= [`MAX_N`]: the sizes a game or batch may have.
pub(crate) fn check_size(n: usize) -> Result<(), Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::InvalidSize { n });
    }
    Ok(())
}

/// The largest allocation Rust allows on this target, in bytes.
const MAX_ALLOC: u64 = isize::MAX as u64;

/// The words one game of size `n` holds once its history is full: its board, line counters and
/// n * n moves (the stride of a game in a batch). `None` past `u64`.
fn full_words(n: usize) -> Option<u64> {
    let cells = n.checked_mul(n)?;
    // n * n did not overflow, so neither does 2 * n + 2.
    (board::words(cells) as u64).checked_add(lines::count(n) as u64)?.checked_add(cells as u64)
}

/// [`game_bytes`] on a target whose largest allocation is `max` bytes.
fn game_bytes_within(n: usize, max: u64) -> Option<u64> {
    let board = board::words(n.checked_mul(n)?) as u64;
    let bytes = full_words(n)?.checked_add(board)?.checked_mul(4)?;
    (bytes <= max).then_some(bytes)
}

/// [`batch_bytes`] on a target whose largest allocation is `max` bytes.
fn batch_bytes_within(count: u64, n: usize, max: u64) -> Option<u64> {
    let per_game = full_words(n)?.checked_mul(4)?.checked_add(GAME_STATE_BYTES as u64)?;
    // One bit a game of scratch, in 64-bit words.
    let scratch = count.div_ceil(64).checked_mul(8)?;
    let bytes = count.checked_mul(per_game)?.checked_add(scratch)?;
    (bytes <= max).then_some(bytes)
}

/// The most bytes a game of size `n` holds: its board, line counters and n * n moves, as 32-bit
/// words, and the board of the position it was built from. `None` when that is more than the
/// target can allocate (`isize::MAX` bytes: every size above [`MAX_N`], and large ones on a
/// 32-bit target).
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
