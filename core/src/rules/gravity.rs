//! Gravity (Connect Four): a mark sits on the bottom row or on another mark. The height of each
//! column (its marks, from the bottom) is kept, 16 bits a column, so that a move's cell is
//! checked and a column's free cell found in O(1).

use crate::shape::{Cell, Shape};

/// The words the heights take on `shape`.
pub(crate) const fn words(cols: usize) -> usize {
    cols.div_ceil(2)
}

#[inline(always)]
fn locate(col: usize) -> (usize, u32) {
    (col / 2, 16 * (col as u32 % 2))
}

/// The marks in column `col`.
#[inline(always)]
pub(crate) fn height(heights: &[u32], col: usize) -> usize {
    let (word, shift) = locate(col);
    ((heights[word] >> shift) & 0xFFFF) as usize
}

/// The row a mark dropped into column `col` lands on, `None` when the column is full.
#[inline(always)]
pub(crate) fn landing_row(heights: &[u32], shape: Shape, col: usize) -> Option<usize> {
    shape.rows().checked_sub(height(heights, col) + 1)
}

/// Whether a free `cell` has a mark or the board's edge below it.
#[inline(always)]
pub(crate) fn supported(heights: &[u32], shape: Shape, cell: Cell) -> bool {
    landing_row(heights, shape, cell.col) == Some(cell.row)
}

/// Counts a mark landing in `col`.
#[inline(always)]
pub(crate) fn add(heights: &mut [u32], col: usize) {
    let (word, shift) = locate(col);
    heights[word] += 1 << shift;
}

/// Takes back the top mark of `col`.
#[inline(always)]
pub(crate) fn remove(heights: &mut [u32], col: usize) {
    let (word, shift) = locate(col);
    heights[word] -= 1 << shift;
}
