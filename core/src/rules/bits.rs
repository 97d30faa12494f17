//! The win rule of k in a row, free-style (k or more), on boards where each player's marks fit
//! one 64-bit word with a free bit after every row: rows * (cols + 1) <= 64 (Connect Four,
//! 7 x 7, most m,n,k-games people play on). The bit of (row, col) is row * (cols + 1) + col, so
//! that the next cell in a direction is a fixed number of bits on and the free bit ends every
//! row: the marks ANDed with themselves shifted by that step are where two marks in a row
//! start, and k in a row takes O(log k) shifts (at most six on these boards).
//!
//! A move sets one bit and asks whether the player's word now holds k in a row; taking it back
//! clears the bit. This is the runs' rule ([`super::runs`]) at a few instructions a move, for the
//! boards small enough: the runs stay for larger boards and for the exact rule, whose overlines
//! the shifts do not tell apart.

use super::Form;
use crate::shape::{Cell, Shape};
use crate::Player;

/// The words the two players' marks take: a 64-bit word each, low half first.
pub(crate) const WORDS: usize = 4;

/// Whether the marks of a board of rows x cols fit one 64-bit word a player, with the free bit
/// after each row.
pub(crate) const fn fits(rows: usize, cols: usize) -> bool {
    // Each side is at most MAX_N < 2^16, so the product fits in 64 bits.
    (rows as u64) * (cols as u64 + 1) <= 64
}

/// How many bits on the next cell in `direction` is (the order of [`Direction::ALL`](crate::shape::Direction::ALL): row,
/// column, diagonal, anti-diagonal).
#[inline(always)]
const fn step(shape: Shape, d: usize) -> u32 {
    // The board fits, so cols + 2 <= 65.
    let cols = shape.cols() as u32;
    [1, cols + 1, cols + 2, cols][d]
}

/// The bit of `cell`.
#[inline(always)]
fn bit_of(shape: Shape, cell: Cell) -> u32 {
    // Below 64 on a board that fits.
    (cell.row * (shape.cols() + 1) + cell.col) as u32
}

#[inline(always)]
fn load(state: &[u32], player: Player) -> u64 {
    let at = 2 * player.index();
    u64::from(state[at]) | (u64::from(state[at + 1]) << 32)
}

#[inline(always)]
fn store(state: &mut [u32], player: Player, marks: u64) {
    let at = 2 * player.index();
    // The two halves of the word.
    state[at] = marks as u32;
    state[at + 1] = (marks >> 32) as u32;
}

/// `marks` shifted `by` bits towards bit 0; 0 when that is the whole word or more. Bit 63 is
/// never a mark (a board's last bit, rows * (cols + 1) - 1 at most, is the free one after its
/// last row), so a shift by 63 stands for any longer one, without a branch.
#[inline(always)]
fn down(marks: u64, by: u32) -> u64 {
    marks >> by.min(63)
}

/// Whether `marks` hold `k` (at least 1) in a row in some direction: [`runs`], with Connect
/// Four's k known when compiled so that its loop unrolls (8% fewer instructions in a loop of
/// Connect Four's environment steps; unrolling more values of k loses it), any other k as it
/// comes.
#[inline(always)]
fn has_run(marks: u64, shape: Shape, k: u32) -> bool {
    if k == 4 {
        runs(marks, shape, 4)
    } else {
        runs(marks, shape, k)
    }
}

/// Whether `marks` hold `k` (at least 1) in a row in some direction, each cell a direction's
/// step after the one before: in each direction the starts of runs of `len` are halved down to
/// those of `2 * len` until `len` reaches k, the four directions in one loop.
#[inline(always)]
fn runs(marks: u64, shape: Shape, k: u32) -> bool {
    let steps = [0, 1, 2, 3].map(|d| step(shape, d));
    let (mut starts, mut len) = ([marks; 4], 1);
    while 2 * len <= k {
        for (starts, step) in starts.iter_mut().zip(steps) {
            *starts &= down(*starts, len * step);
        }
        len *= 2;
    }
    if len < k {
        // Runs of len starting k - len <= len apart overlap into runs of k.
        for (starts, step) in starts.iter_mut().zip(steps) {
            *starts &= down(*starts, (k - len) * step);
        }
    }
    starts.iter().fold(0, |any, &starts| any | starts) != 0
}

/// Adds the mark of `player` at `cell` to the marks in `state` (the block's rule state); tells
/// whether the player now has k in a row under the rules of `form` (free-style).
#[inline(always)]
pub(crate) fn add(state: &mut [u32], form: Form, cell: Cell, player: Player) -> bool {
    let shape = form.shape;
    let marks = load(state, player) | (1 << bit_of(shape, cell));
    store(state, player, marks);
    // k is at most the longer side, below 64 here.
    has_run(marks, shape, form.k() as u32)
}

/// Takes back the mark of `player` at `cell`: the exact inverse of [`add`].
pub(crate) fn remove(state: &mut [u32], shape: Shape, cell: Cell, player: Player) {
    let marks = load(state, player) & !(1 << bit_of(shape, cell));
    store(state, player, marks);
}

/// The marks of `player` before and after `cell` (which holds one of theirs) in its run in
/// direction `d`, counted one bit at a time (for the winning runs a query asks for).
pub(crate) fn around(
    state: &[u32],
    shape: Shape,
    cell: Cell,
    d: usize,
    player: Player,
) -> (usize, usize) {
    let (marks, at, step) = (load(state, player), bit_of(shape, cell), step(shape, d));
    let own = |bit: Option<u32>| bit.is_some_and(|bit| bit < 64 && (marks >> bit) & 1 == 1);
    let count = |towards: fn(u32, u32) -> Option<u32>| {
        (1..).take_while(|&n| own(towards(at, n * step))).count()
    };
    (count(u32::checked_sub), count(u32::checked_add))
}
