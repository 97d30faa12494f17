//! The board's shape: rows x cols cells, numbered row-major. Every size check, bounds check and
//! conversion between a cell's (row, col) and its index `row * cols + col` is here, and every
//! step along a row, column or diagonal, so that the rest of the crate (and every face, through
//! the game and the batch) asks rather than derives.

use crate::{Error, MAX_N};

/// A board of rows x cols cells, each side from 1 to [`MAX_N`]: `u16` because `MAX_N` is
/// `u16::MAX`, which also tells the compiler that sizes derived from the sides cannot overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Shape {
    rows: u16,
    cols: u16,
}

/// One of the four directions a line of marks runs in, from a cell to the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Direction {
    /// Along a row: (0, +1).
    Row,
    /// Along a column: (+1, 0).
    Column,
    /// Down and right: (+1, +1).
    Diagonal,
    /// Down and left: (+1, -1).
    AntiDiagonal,
}

impl Direction {
    /// The four directions, in the order of a cell's run lengths.
    pub(crate) const ALL: [Direction; 4] =
        [Direction::Row, Direction::Column, Direction::Diagonal, Direction::AntiDiagonal];

    /// The step (rows, cols) from a cell to the next one in this direction.
    #[inline(always)]
    pub(crate) const fn delta(self) -> (isize, isize) {
        match self {
            Direction::Row => (0, 1),
            Direction::Column => (1, 0),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

impl Shape {
    /// The rows x cols board, or `None` unless both sides are from 1 to [`MAX_N`] (the caller
    /// names the refusal: the rules check sides and k together).
    #[inline]
    pub(crate) const fn new(rows: usize, cols: usize) -> Option<Shape> {
        if rows == 0 || rows > MAX_N || cols == 0 || cols > MAX_N {
            return None;
        }
        Some(Shape { rows: rows as u16, cols: cols as u16 })
    }

    /// The number of rows.
    #[inline(always)]
    pub(crate) const fn rows(self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    #[inline(always)]
    pub(crate) const fn cols(self) -> usize {
        self.cols as usize
    }

    /// The side of a square board, `None` for a rectangle.
    #[inline]
    pub(crate) const fn side(self) -> Option<usize> {
        if self.rows == self.cols {
            Some(self.rows())
        } else {
            None
        }
    }

    /// The number of cells, rows * cols (below 2^32).
    #[inline(always)]
    pub(crate) const fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// The cell (row, col), with its index.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] unless row is below rows and col below cols.
    #[inline(always)]
    pub(crate) const fn cell(self, row: usize, col: usize) -> Result<Cell, Error> {
        let (rows, cols) = (self.rows(), self.cols());
        if row >= rows || col >= cols {
            return Err(Error::OutOfBounds { row, col, rows, cols });
        }
        Ok(Cell { row, col, index: row * cols + col })
    }

    /// The index of the cell (row, col), which must be on the board (a cell the caller took
    /// from the board, not from outside).
    #[inline(always)]
    pub(crate) const fn index(self, row: usize, col: usize) -> usize {
        debug_assert!(row < self.rows() && col < self.cols());
        row * self.cols() + col
    }

    /// The cell (row, col), which must be on the board (as for [`Shape::index`]): without the
    /// division that [`Shape::cell_at`] takes.
    #[inline(always)]
    pub(crate) const fn cell_on(self, row: usize, col: usize) -> Cell {
        Cell { row, col, index: self.index(row, col) }
    }

    /// The cell with index `index`, which must be below [`Shape::cells`] (a cell the game
    /// holds, from its history or its board).
    #[inline(always)]
    pub(crate) const fn cell_at(self, index: usize) -> Cell {
        Cell { row: index / self.cols(), col: index % self.cols(), index }
    }

    /// The cell a number names when it is read as an index, row * cols + col: for the actions
    /// of a batch, where any number may come in.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] for a number past the last cell, with the (row, col) it names.
    #[inline(always)]
    pub(crate) const fn cell_of_index(self, index: usize) -> Result<Cell, Error> {
        self.cell(index / self.cols(), index % self.cols())
    }

    /// The (row, col) a cell index of any integer type names, as the refusals report it: the
    /// faces' callers may give an index that is negative or too large, and see it split the
    /// same way (floor division, so that -1 is (-1, cols - 1)).
    pub(crate) fn split(self, index: i64) -> (i64, i64) {
        let cols = self.cols() as i64;
        (index.div_euclid(cols), index.rem_euclid(cols))
    }

    /// The cell `steps` cells from `cell` in `direction` (backwards for a negative count), if it
    /// is on the board.
    #[inline(always)]
    pub(crate) fn step(self, cell: Cell, direction: Direction, steps: isize) -> Option<Cell> {
        let (dr, dc) = direction.delta();
        let row = cell.row.checked_add_signed(dr * steps)?;
        let col = cell.col.checked_add_signed(dc * steps)?;
        self.cell(row, col).ok()
    }

    /// The index step from a cell to the next one in `direction` (the same for every cell).
    #[inline(always)]
    pub(crate) const fn stride(self, direction: Direction) -> isize {
        let (dr, dc) = direction.delta();
        dr * self.cols() as isize + dc
    }

    /// How many cells there are from `cell` to the edge of the board in `direction` (forwards
    /// for `forward`, else backwards), `cell` not counted.
    #[inline(always)]
    pub(crate) const fn reach(self, cell: Cell, direction: Direction, forward: bool) -> usize {
        let (rows, cols) = (self.rows(), self.cols());
        let down = if forward { rows - 1 - cell.row } else { cell.row };
        let right = if forward { cols - 1 - cell.col } else { cell.col };
        let left = if forward { cell.col } else { cols - 1 - cell.col };
        match direction {
            Direction::Row => right,
            Direction::Column => down,
            Direction::Diagonal => min(down, right),
            Direction::AntiDiagonal => min(down, left),
        }
    }

    /// The cells that start a line in `direction`: those with no cell before them on the
    /// board, so that each line of the board (in that direction) is counted once.
    pub(crate) fn line_starts(self, direction: Direction) -> impl Iterator<Item = Cell> {
        (0..self.cells())
            .map(move |index| self.cell_at(index))
            .filter(move |&cell| self.reach(cell, direction, false) == 0)
    }

    /// The cells of the line through `start` in `direction`, from `start` to the edge.
    pub(crate) fn line(self, start: Cell, direction: Direction) -> impl Iterator<Item = Cell> {
        let stride = self.stride(direction);
        (0..=self.reach(start, direction, true)).map(move |i| {
            // On the board: i is at most the reach.
            self.cell_at(start.index.wrapping_add_signed(stride * i as isize))
        })
    }
}

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

/// A cell of a board, by its row and column and by its index row * cols + col: both are wanted
/// by a move (the win rule reads the row and column, the board and history the index), so a
/// move computes them once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Cell {
    pub(crate) row: usize,
    pub(crate) col: usize,
    pub(crate) index: usize,
}
