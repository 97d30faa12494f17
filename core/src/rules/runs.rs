//! The win rule of k in a row when k is not the side of a square board: the length of every
//! run of one player's marks, kept at the two ends of the run, per direction.
//!
//! A new mark joins the run ending just before it and the run starting just after it, which
//! their ends tell in O(1); the joined run's length is written at its two new ends. The mark
//! itself, when it lands inside the joined run, keeps the length of the part before it, so that
//! taking it back (last move first, as undo does) restores both parts' ends in O(1). A move is
//! then a constant number of reads and writes whatever k and the board's size.
//!
//! The state is one length per cell and direction, in the game's block; a free cell's lengths
//! are 0. A length is 16 bits (a run is at most [`MAX_N`] long), two words a cell; a batch's
//! games on boards whose sides are below 256 keep a byte (a run is at most the longer side
//! long), one word a cell, which halves the words a move touches when thousands of gomoku games
//! overflow the caches. A single game keeps 16 bits: with four lengths a word each cell's
//! writes wait on one another, which costs a game whose words stay in the cache. `BYTES` below
//! says which.
//!
//! [`MAX_N`]: crate::MAX_N

use super::Form;
use crate::shape::{Cell, Direction, Shape};
use crate::storage::board;
use crate::Player;

/// Whether the run lengths of a board of `rows` x `cols` fit a byte: every run is at most the
/// longer side long.
pub(crate) const fn fit_bytes(rows: usize, cols: usize) -> bool {
    rows <= u8::MAX as usize && cols <= u8::MAX as usize
}

/// The words the runs take on a board of `cells` cells, with lengths of a byte (`bytes`) or
/// of 16 bits.
pub(crate) const fn words(cells: usize, bytes: bool) -> usize {
    if bytes {
        cells
    } else {
        2 * cells
    }
}

/// The bits of one length.
#[inline(always)]
const fn mask<const BYTES: bool>() -> u32 {
    if BYTES {
        0xFF
    } else {
        0xFFFF
    }
}

/// Where the length of `cell`'s run in direction `d` sits: its word and bit shift.
#[inline(always)]
fn locate<const BYTES: bool>(cell: usize, d: usize) -> (usize, u32) {
    if BYTES {
        (cell, 8 * d as u32)
    } else {
        (2 * cell + d / 2, 16 * (d as u32 % 2))
    }
}

#[inline(always)]
fn get<const BYTES: bool>(runs: &[u32], cell: usize, d: usize) -> usize {
    let (word, shift) = locate::<BYTES>(cell, d);
    ((runs[word] >> shift) & mask::<BYTES>()) as usize
}

#[inline(always)]
fn set<const BYTES: bool>(runs: &mut [u32], cell: usize, d: usize, len: usize) {
    let (word, shift) = locate::<BYTES>(cell, d);
    // A run fits the width chosen for the board (at most MAX_N = u16::MAX long).
    runs[word] =
        (runs[word] & !(mask::<BYTES>() << shift)) | ((len as u32 & mask::<BYTES>()) << shift);
}

/// [`get`] at the width `form` keeps (for the queries and undo; a move's `add` picks it once).
fn length(form: Form, runs: &[u32], cell: usize, d: usize) -> usize {
    if form.variant.byte_runs() {
        get::<true>(runs, cell, d)
    } else {
        get::<false>(runs, cell, d)
    }
}

/// [`set`] at the width `form` keeps.
fn set_length(form: Form, runs: &mut [u32], cell: usize, d: usize, len: usize) {
    if form.variant.byte_runs() {
        set::<true>(runs, cell, d, len);
    } else {
        set::<false>(runs, cell, d, len);
    }
}

/// The neighbour of `cell` `steps` cells away in `direction`, if it is on the board and holds a
/// mark of `player`.
#[inline(always)]
fn own(
    board: &[u32],
    shape: Shape,
    cell: Cell,
    direction: Direction,
    steps: isize,
    player: Player,
) -> Option<Cell> {
    let next = shape.step(cell, direction, steps)?;
    (board::get(board, next.index) == Some(player)).then_some(next)
}

/// The index `steps` cells from `cell` in `direction` (backwards for a negative count), which
/// the caller knows is on the board: a run's end.
#[inline(always)]
fn offset(shape: Shape, cell: Cell, direction: Direction, steps: isize) -> usize {
    cell.index.wrapping_add_signed(shape.stride(direction) * steps)
}

/// Whether a run of `len` marks wins: k or more, or exactly k under the exact rule.
#[inline(always)]
pub(crate) fn wins(len: usize, k: usize, exact: bool) -> bool {
    if exact {
        len == k
    } else {
        len >= k
    }
}

/// Joins the mark of `player` at `index` to the runs in direction `d`, whose next cell is
/// `stride` indices on: the run ending just before it (when `has_prev`: the cell before is on
/// the board) and the one starting just after it (`has_next`). Returns the joined length.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn join<const BYTES: bool>(
    board: &[u32],
    runs: &mut [u32],
    index: usize,
    d: usize,
    stride: usize,
    has_prev: bool,
    has_next: bool,
    player: Player,
) -> usize {
    let own = |at: usize| board::holds(board, at, player);
    let get = |at: usize| get::<BYTES>(runs, at, d);
    let before = if has_prev && own(index - stride) { get(index - stride) } else { 0 };
    let after = if has_next && own(index + stride) { get(index + stride) } else { 0 };
    let len = before + 1 + after;
    set::<BYTES>(runs, index, d, if before > 0 && after > 0 { before } else { len });
    set::<BYTES>(runs, index - stride * before, d, len);
    set::<BYTES>(runs, index + stride * after, d, len);
    len
}

/// Adds the mark of `player` at `cell` (already on `board`) to the runs (`runs`, from the
/// block's rule state); tells whether a run it made wins under the rules of `form`.
#[inline(always)]
pub(crate) fn add(board: &[u32], runs: &mut [u32], form: Form, cell: Cell, player: Player) -> bool {
    if form.variant.byte_runs() {
        add_as::<true>(board, runs, form, cell, player)
    } else {
        add_as::<false>(board, runs, form, cell, player)
    }
}

#[inline(always)]
fn add_as<const BYTES: bool>(
    board: &[u32],
    runs: &mut [u32],
    form: Form,
    cell: Cell,
    player: Player,
) -> bool {
    let (rows, cols) = (form.shape.rows(), form.shape.cols());
    let (row, col, i) = (cell.row, cell.col, cell.index);
    let (up, down, left, right) = (row > 0, row + 1 < rows, col > 0, col + 1 < cols);
    // The four directions written out, so that each one's step and word are constants.
    let lens = [
        join::<BYTES>(board, runs, i, 0, 1, left, right, player),
        join::<BYTES>(board, runs, i, 1, cols, up, down, player),
        join::<BYTES>(board, runs, i, 2, cols + 1, up && left, down && right, player),
        join::<BYTES>(board, runs, i, 3, cols - 1, up && right, down && left, player),
    ];
    let (k, exact) = (form.k(), form.variant.exact());
    lens.iter().any(|&len| wins(len, k, exact))
}

/// The marks of `player` before and after `cell` (which holds one of theirs, and is the last
/// mark placed: the state only tells this of the most recent mark) in its run in direction
/// `d`.
#[inline]
pub(crate) fn around(
    board: &[u32],
    runs: &[u32],
    form: Form,
    cell: Cell,
    d: usize,
    player: Player,
) -> (usize, usize) {
    let shape = form.shape;
    let get = |at: usize| length(form, runs, at, d);
    let direction = Direction::ALL[d];
    let prev = own(board, shape, cell, direction, -1, player).is_some();
    let next = own(board, shape, cell, direction, 1, player).is_some();
    let at = get(cell.index);
    match (prev, next) {
        (false, false) => (0, 0),
        (false, true) => (0, at - 1),
        (true, false) => (at - 1, 0),
        (true, true) => {
            let first = offset(shape, cell, direction, -(at as isize));
            (at, get(first) - at - 1)
        }
    }
}

/// Takes back the mark of `player` at `cell`, the last one placed and still on `board`: the
/// exact inverse of [`add`].
pub(crate) fn remove(board: &[u32], runs: &mut [u32], form: Form, cell: Cell, player: Player) {
    let shape = form.shape;
    for (d, direction) in Direction::ALL.into_iter().enumerate() {
        let (before, after) = around(board, runs, form, cell, d, player);
        let mut set = |at: usize, len: usize| set_length(form, runs, at, d, len);
        // The two parts the mark joined get their lengths back at both of their ends.
        for (len, sign) in [(before as isize, -1), (after as isize, 1)] {
            if len > 0 {
                set(offset(shape, cell, direction, sign), len as usize);
                set(offset(shape, cell, direction, sign * len), len as usize);
            }
        }
        set(cell.index, 0);
    }
}

/// Whether some `k` cells in a row on `board` hold no mark of `opponent`: a window where the
/// other player could still make k in a row. A scan of the board, for the queries `can_win` and
/// `is_draw_certain`, so that moves keep nothing up for them.
pub(crate) fn open_window(board: &[u32], shape: Shape, k: usize, opponent: Player) -> bool {
    Direction::ALL.into_iter().any(|direction| {
        shape.line_starts(direction).any(|start| {
            let mut free = 0;
            shape.line(start, direction).any(|cell| {
                free = if board::get(board, cell.index) == Some(opponent) { 0 } else { free + 1 };
                free >= k
            })
        })
    })
}
