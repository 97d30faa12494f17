//! The cells near the marks: where a search on a large board without gravity draws its moves.
//!
//! Why: on 15 x 15 gomoku a move far from every mark takes part in nothing yet, and a playout
//! that draws uniformly from all 225 cells spends most of its moves there and says little about
//! the position. The games that matter happen around the marks, so playouts draw from the
//! empty cells within a small distance of some mark (the whole board on a small one), and the
//! tree considers the cells within a larger one.

use alloc::vec::Vec;

use tictactoe_core::{random, Error, Position};

/// Boards with at most this many cells draw from every empty cell: their branching is small
/// anyway, and every cell can matter (7 x 7 has 49).
pub(crate) const SMALL_BOARD: usize = 64;

/// A set of candidate cells, kept as a list (to draw from) and a membership flag per cell.
/// Occupied cells leave the list lazily, when drawn.
#[derive(Clone, Debug, Default)]
pub(crate) struct Near {
    /// The members in `list[..len]`; the list has room for every cell and one more, so that
    /// adding writes its slot whether or not the cell joins (no branch on a coin flip).
    list: Vec<u32>,
    len: usize,
    member: Vec<bool>,
    /// How far from a mark a cell may be (in the max norm) to join, or `None` for every cell.
    radius: Option<usize>,
}

impl Near {
    /// The set of `position`: every empty cell on a small board, else the empty cells within
    /// `radius` of a mark (the centre on an empty board).
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub(crate) fn load(&mut self, position: &Position, radius: usize) -> Result<(), Error> {
        let cells = position.cell_count();
        self.list.clear();
        self.list.try_reserve(cells + 1).map_err(|_| Error::AllocFailed)?;
        self.list.resize(cells + 1, 0);
        self.len = 0;
        self.member.clear();
        self.member.try_reserve(cells).map_err(|_| Error::AllocFailed)?;
        self.member.resize(cells, false);
        if cells <= SMALL_BOARD {
            self.radius = None;
            for cell in (0..cells).filter(|&cell| position.holder(cell).is_none()) {
                self.join(cell);
            }
            return Ok(());
        }
        self.radius = Some(radius);
        let mut marked = false;
        for cell in (0..cells).filter(|&cell| position.holder(cell).is_some()) {
            marked = true;
            self.add_around(cell, position);
        }
        if !marked {
            let (rows, cols) = (position.rows(), position.cols());
            self.join(position.cell(rows / 2, cols / 2).unwrap_or(0));
        }
        Ok(())
    }

    /// Copies `other` without allocating when there is room.
    pub(crate) fn copy_from(&mut self, other: &Near) {
        if self.list.len() == other.list.len() {
            self.list[..other.len].copy_from_slice(&other.list[..other.len]);
        } else {
            self.list.clone_from(&other.list);
        }
        self.len = other.len;
        self.member.clone_from(&other.member);
        self.radius = other.radius;
    }

    #[inline]
    fn join(&mut self, cell: usize) {
        if !self.member[cell] {
            self.member[cell] = true;
            // Cells are below 2^32.
            self.list[self.len] = cell as u32;
            self.len += 1;
        }
    }

    /// Adds the empty cells near the new mark at `cell`.
    #[inline]
    pub(crate) fn add_around(&mut self, cell: usize, position: &Position) {
        let Some(radius) = self.radius else { return };
        for near in position.near(cell, radius) {
            let joins = !self.member[near] & position.holder(near).is_none();
            self.member[near] |= joins;
            // The slot past the members is always there (at most every cell is one).
            self.list[self.len] = near as u32;
            self.len += usize::from(joins);
        }
    }

    /// A uniformly drawn empty cell of the set, or `None` when it holds none.
    #[inline]
    pub(crate) fn draw(&mut self, position: &Position, state: &mut u64) -> Option<usize> {
        while self.len > 0 {
            let i = random::below(state, self.len as u64) as usize;
            let cell = self.list[i] as usize;
            if position.holder(cell).is_none() {
                return Some(cell);
            }
            // Taken since it joined: it never becomes empty again in a playout. The last
            // member takes its place.
            self.len -= 1;
            self.list[i] = self.list[self.len];
            self.member[cell] = false;
        }
        None
    }
}
