//! A position of one word a player in a learner's terms: the cell an action marks, the legal
//! actions as flags, and the two observation planes, as a batch numbers and writes them (a
//! cell each, or under gravity a column each), so that a search playing by actions on masks
//! needs no rule of its own.

use super::Bits;
use crate::storage::board::{short_flags, FLAGS};

impl Bits {
    /// How many actions a position has: its cells, or under gravity its columns
    /// ([`Rules::actions`](crate::Rules::actions)).
    pub fn action_count(&self) -> usize {
        let (rows, cols, k) = (self.shape.rows(), self.shape.cols(), self.k as usize);
        crate::Rules { gravity: self.gravity, ..crate::Rules::mnk(rows, cols, k) }.actions()
    }

    /// The bit of the cell `action` marks when the cells `taken` are taken: the cell with that
    /// index, or under gravity the lowest free cell of that column; 0 when the action is not
    /// legal there (past the last, or its cell or column full).
    ///
    /// ```
    /// use tictactoe_core::{Bits, Rules};
    /// let bits = Bits::of(&Rules::CONNECT_FOUR).unwrap();
    /// let first = bits.action(3, 0);
    /// assert_eq!(first, bits.bit(5 * 7 + 3)); // the bottom row
    /// assert_eq!(bits.action(3, first), bits.bit(4 * 7 + 3));
    /// assert_eq!(bits.action(7, 0), 0);
    /// ```
    #[inline]
    pub fn action(&self, action: u32, taken: u64) -> u64 {
        let action = action as usize;
        if self.gravity {
            self.playable(taken) & self.column(action)
        } else {
            self.bit(action) & !taken
        }
    }

    /// Writes into `out` (one flag an action, [`Bits::action_count`]) which actions are legal
    /// when the cells `taken` are taken (a position nobody has won).
    ///
    /// # Panics
    /// When `out` is shorter than the action count.
    #[inline]
    pub fn legal_into(&self, taken: u64, out: &mut [bool]) {
        let free = self.cells & !taken;
        if self.gravity {
            // A column has room when its top cell (on the first row, bits 0 on) is free.
            for (col, legal) in out[..self.shape.cols()].iter_mut().enumerate() {
                *legal = free >> col & 1 == 1;
            }
        } else {
            self.each_cell(|cell, bit| out[cell] = free & bit != 0);
        }
    }

    /// Writes the two observation planes of a position into `out` (two flags a cell,
    /// row-major): where `mine` has marks, then where `theirs` has, as a batch writes them
    /// from the side to move.
    ///
    /// # Panics
    /// When `out` is shorter than two flags a cell.
    #[inline]
    pub fn planes_into(&self, mine: u64, theirs: u64, out: &mut [bool]) {
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        let out = &mut out[..2 * rows * cols];
        let mut at = 0;
        if cols <= 8 {
            // A row a byte (Connect Four, tic-tac-toe): the loop below without its loop over a
            // row's bytes, a third of the instructions.
            for mut marks in [mine, theirs] {
                for _ in 0..rows {
                    // Below 2^8.
                    let byte = (marks & 0xff) as u32;
                    if at + 8 <= out.len() {
                        out[at..at + 8].copy_from_slice(&FLAGS[byte as usize]);
                    } else {
                        short_flags(byte, &mut out[at..at + cols]);
                    }
                    (at, marks) = (at + cols, marks >> (cols + 1));
                }
            }
            return;
        }
        for marks in [mine, theirs] {
            for row in 0..rows {
                // A row's bits side by side (below 64: the board fits one word), a byte of
                // them at a time.
                let mut bits = marks >> (row * (cols + 1));
                let mut left = cols;
                while left > 0 {
                    let take = left.min(8);
                    if at + 8 <= out.len() {
                        // Eight flags at once: those past the row are rewritten by the cells
                        // after it.
                        out[at..at + 8].copy_from_slice(&FLAGS[(bits & 0xff) as usize]);
                    } else {
                        // Below 2^8.
                        short_flags((bits & 0xff) as u32, &mut out[at..at + take]);
                    }
                    (at, left, bits) = (at + take, left - take, bits >> 8);
                }
            }
        }
    }

    /// Calls `visit(cell, bit)` for every cell, row by row: its index and its bit.
    #[inline(always)]
    fn each_cell(&self, mut visit: impl FnMut(usize, u64)) {
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        let mut cell = 0;
        for row in 0..rows {
            // Below 64: the board fits one word.
            let mut bit = 1u64 << (row * (cols + 1));
            for _ in 0..cols {
                visit(cell, bit);
                cell += 1;
                bit <<= 1;
            }
        }
    }
}
