//! The symmetries of a rule set: the maps of the board onto itself that send every k-window
//! (k cells in a row, column or diagonal) to a k-window, and under gravity every column's bottom
//! to a column's bottom, so that a position and its image have the same value (a solver stores
//! one of them; a learner may train on all of them).

use super::Rules;

/// A map of a board onto itself, by where it sends the cell (row, col): [`Symmetry::image`].
///
/// ```
/// use tictactoe_core::{Rules, Symmetry};
/// assert_eq!(Symmetry::QuarterTurn.image(3, 3, 0, 0), (0, 2));
/// assert_eq!(Rules::tic_tac_toe(3).symmetries().len(), 8);
/// assert_eq!(Rules::CONNECT_FOUR.symmetries(), [Symmetry::Identity, Symmetry::MirrorLeftRight]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every cell stays.
    Identity,
    /// A quarter turn clockwise (a square board only).
    QuarterTurn,
    /// A half turn.
    HalfTurn,
    /// Three quarter turns clockwise (a square board only).
    ThreeQuarterTurn,
    /// The left-right mirror: columns reversed.
    MirrorLeftRight,
    /// The up-down mirror: rows reversed.
    MirrorUpDown,
    /// Rows become columns (a square board only).
    Transpose,
    /// The mirror in the anti-diagonal (a square board only).
    AntiTranspose,
}

impl Symmetry {
    /// The eight maps of a square board onto itself.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::QuarterTurn,
        Symmetry::HalfTurn,
        Symmetry::ThreeQuarterTurn,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorUpDown,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The image of the cell (row, col), which is on a `rows` x `cols` board (square for the
    /// quarter turns and the transposes).
    ///
    /// # Panics
    /// In a debug build, when the board has no row or no column, or the cell is off it (an
    /// overflow); a release build then answers a cell off the board.
    pub const fn image(self, rows: usize, cols: usize, row: usize, col: usize) -> (usize, usize) {
        let (last_row, last_col) = (rows - 1, cols - 1);
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::QuarterTurn => (col, last_row - row),
            Symmetry::HalfTurn => (last_row - row, last_col - col),
            Symmetry::ThreeQuarterTurn => (last_col - col, row),
            Symmetry::MirrorLeftRight => (row, last_col - col),
            Symmetry::MirrorUpDown => (last_row - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (last_col - col, last_row - row),
        }
    }

    /// The image of the cell with index `cell` (row * cols + col) of a `rows` x `cols` board,
    /// as an index: [`Symmetry::image`] for the numbering of cells a search uses.
    ///
    /// # Panics
    /// When `cols` is 0 (a division by it), and as [`Symmetry::image`] for a cell off the
    /// board.
    ///
    /// ```
    /// use tictactoe_core::Symmetry;
    /// assert_eq!(Symmetry::MirrorLeftRight.cell_image(6, 7, 0), 6);
    /// ```
    pub const fn cell_image(self, rows: usize, cols: usize, cell: usize) -> usize {
        let (row, col) = self.image(rows, cols, cell / cols, cell % cols);
        row * cols + col
    }

    /// The image of a batch's `action` under `rules` (a cell's index, or under gravity a
    /// column), as an action, for one of `rules.symmetries()`: what a learner maps its policy
    /// targets with.
    ///
    /// # Panics
    /// As [`Symmetry::image`], for an action past `rules.actions()`.
    ///
    /// ```
    /// use tictactoe_core::{Rules, Symmetry};
    /// assert_eq!(Symmetry::MirrorLeftRight.action_image(&Rules::CONNECT_FOUR, 1), 5);
    /// assert_eq!(Symmetry::QuarterTurn.action_image(&Rules::tic_tac_toe(3), 0), 2);
    /// ```
    pub fn action_image(self, rules: &Rules, action: usize) -> usize {
        debug_assert!(rules.symmetries().contains(&self), "a symmetry the rules do not keep");
        if rules.gravity {
            // A column's image: the kept symmetries keep the top row (the identity and the
            // left-right mirror).
            self.image(rules.rows, rules.cols, 0, action).1
        } else {
            self.cell_image(rules.rows, rules.cols, action)
        }
    }

    /// Writes this symmetry's gather maps under `rules` (for one of `rules.symmetries()`):
    /// into `cells` (`rules.cells()` entries) and `actions` (`rules.actions()`), at each image
    /// the original it comes from, so that `original[map[i]]` is the image's entry i: what a
    /// learner augments its planes (each flattened) and its policy targets with.
    ///
    /// ```
    /// use tictactoe_core::{Rules, Symmetry};
    /// let (mut cells, mut actions) = ([0u32; 42], [0u32; 7]);
    /// Symmetry::MirrorLeftRight.gather_maps(&Rules::CONNECT_FOUR, &mut cells, &mut actions);
    /// assert_eq!((cells[0], actions), (6, [6, 5, 4, 3, 2, 1, 0]));
    /// ```
    ///
    /// # Panics
    /// When `cells` or `actions` is shorter than the rules' cells or actions.
    pub fn gather_maps<T: From<u32>>(self, rules: &Rules, cells: &mut [T], actions: &mut [T]) {
        // Below 2^32: a board has at most 65 535 x 65 535 cells.
        for cell in 0..rules.cells() {
            cells[self.cell_image(rules.rows, rules.cols, cell)] = T::from(cell as u32);
        }
        for action in 0..rules.actions() {
            actions[self.action_image(rules, action)] = T::from(action as u32);
        }
    }
}

impl Rules {
    /// The symmetries these rules keep, the identity first: eight on a square board (the
    /// turns and mirrors), four on a rectangle (the two mirrors and the half turn), and under
    /// gravity, where a column's bottom must stay one, the left-right mirror alone.
    pub const fn symmetries(&self) -> &'static [Symmetry] {
        use Symmetry::*;
        if self.gravity {
            &[Identity, MirrorLeftRight]
        } else if self.rows == self.cols {
            &Symmetry::ALL
        } else {
            &[Identity, HalfTurn, MirrorLeftRight, MirrorUpDown]
        }
    }
}
