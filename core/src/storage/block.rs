//! Where a game's parts sit in its block of 32-bit words: its board from word 0, then the state
//! its rules keep (gravity's heights, then the win rule's), then its history (the cells marked,
//! in order) with room for every cell. A
//! [`Game`](crate::Game) keeps one block; a [`Batch`](crate::Batch) keeps one per game, at a
//! fixed stride.
//!
//! Every size here is checked arithmetic against the largest allocation Rust allows
//! (`isize::MAX` bytes): a sum or product that overflows is `None`, never a wrapped small number.

use super::board::{self, CELLS_PER_WORD};
use crate::Error;

/// The largest allocation Rust allows on this target, in bytes.
pub(crate) const MAX_ALLOC: u64 = isize::MAX as u64;

/// A game's block: its board's words, then the rules' from `rule_start`, then the history
/// from `history_start`; `stride` words once every cell is in the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Block {
    pub(crate) rule_start: usize,
    pub(crate) history_start: usize,
    pub(crate) stride: usize,
}

impl Block {
    /// The block of a board of `cells` cells whose win rule keeps `rule_words` words.
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the target cannot address a full block (a 32-bit target, a
    /// board above about 21 800 x 21 800).
    #[inline]
    pub(crate) fn new(cells: usize, rule_words: usize) -> Result<Block, Error> {
        // Checked where it can overflow: on 64 bits no board up to MAX_N (below 2^32 cells)
        // can, so the check folds away there and `Game::new` stays a few instructions for the
        // small games search makes by the million.
        if usize::BITS < 64 {
            game_bytes(cells as u64, rule_words as u64, MAX_ALLOC).ok_or(Error::AllocFailed)?;
        }
        let rule_start = board::words(cells);
        let history_start = rule_start + rule_words;
        Ok(Block { rule_start, history_start, stride: history_start + cells })
    }
}

/// The words of a board of `cells` cells.
fn board_words(cells: u64) -> u64 {
    cells.div_ceil(CELLS_PER_WORD as u64)
}

/// The words of a full block: the board, the rule's state and a history of every cell. `None`
/// past `u64`.
fn full_words(cells: u64, rule_words: u64) -> Option<u64> {
    board_words(cells).checked_add(rule_words)?.checked_add(cells)
}

/// The most bytes a game holds: its full block and the board of the starting position it was
/// built from. `None` above `max` bytes.
pub(crate) fn game_bytes(cells: u64, rule_words: u64, max: u64) -> Option<u64> {
    let bytes = full_words(cells, rule_words)?.checked_add(board_words(cells))?.checked_mul(4)?;
    (bytes <= max).then_some(bytes)
}

/// The bytes of `count` games side by side: each a full block and `state_bytes` of state kept
/// beside it, and one bit of scratch a game, in 64-bit words. `None` above `max` bytes.
pub(crate) fn batch_bytes(
    count: u64,
    cells: u64,
    rule_words: u64,
    state_bytes: u64,
    max: u64,
) -> Option<u64> {
    let per_game = full_words(cells, rule_words)?.checked_mul(4)?.checked_add(state_bytes)?;
    let scratch = count.div_ceil(64).checked_mul(8)?;
    let bytes = count.checked_mul(per_game)?.checked_add(scratch)?;
    (bytes <= max).then_some(bytes)
}
