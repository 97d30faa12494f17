//! The board's shape: n x n cells, numbered row-major. Every size check, bounds check and
//! conversion between a cell's (row, col) and its index `row * n + col` is here, so that the
//! rest of the crate (and every face, through the game and the batch) asks rather than derives.

use crate::{Error, MAX_N};

/// An n x n board, 1 <= n <= [`MAX_N`]: `u16` because `MAX_N` is `u16::MAX`, which also tells
/// the compiler that sizes derived from n cannot overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Shape {
    n: u16,
}

impl Shape {
    /// The n x n board.
    ///
    /// # Errors
    /// [`Error::InvalidSize`] unless 1 <= n <= [`MAX_N`].
    #[inline]
    pub(crate) const fn new(n: usize) -> Result<Shape, Error> {
        if n == 0 || n > MAX_N {
            return Err(Error::InvalidSize { n });
        }
        // n <= MAX_N = u16::MAX.
        Ok(Shape { n: n as u16 })
    }

    /// The side n.
    #[inline(always)]
    pub(crate) const fn n(self) -> usize {
        self.n as usize
    }

    /// The number of cells, n * n (below 2^32).
    #[inline(always)]
    pub(crate) const fn cells(self) -> usize {
        self.n() * self.n()
    }

    /// The cell (row, col), with its index.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] unless row and col are below n.
    #[inline(always)]
    pub(crate) const fn cell(self, row: usize, col: usize) -> Result<Cell, Error> {
        let n = self.n();
        if row >= n || col >= n {
            return Err(Error::OutOfBounds { row, col, n });
        }
        Ok(Cell { row, col, index: row * n + col })
    }

    /// The index of the cell (row, col), which must be on the board (a cell the caller took
    /// from the board, not from outside).
    #[inline(always)]
    pub(crate) const fn index(self, row: usize, col: usize) -> usize {
        debug_assert!(row < self.n() && col < self.n());
        row * self.n() + col
    }

    /// The cell with index `index`, which must be below [`Shape::cells`] (a cell the game
    /// holds, from its history or its board).
    #[inline(always)]
    pub(crate) const fn cell_at(self, index: usize) -> Cell {
        Cell { row: index / self.n(), col: index % self.n(), index }
    }

    /// The cell a number names when it is read as an index, row * n + col: for the actions of
    /// a batch, where any number may come in.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] for a number past the last cell, with the (row, col) it names.
    #[inline(always)]
    pub(crate) const fn cell_of_index(self, index: usize) -> Result<Cell, Error> {
        self.cell(index / self.n(), index % self.n())
    }

    /// The (row, col) a cell index of any integer type names, as the refusals report it: the
    /// faces' callers may give an index that is negative or too large, and see it split the
    /// same way (floor division, so that -1 is (-1, n - 1)).
    pub(crate) fn split(self, index: i64) -> (i64, i64) {
        let n = self.n() as i64;
        (index.div_euclid(n), index.rem_euclid(n))
    }
}

/// A cell of a board, by its row and column and by its index row * n + col: both are wanted by
/// a move (the win rule reads the row and column, the board and history the index), so a move
/// computes them once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Cell {
    pub(crate) row: usize,
    pub(crate) col: usize,
    pub(crate) index: usize,
}
