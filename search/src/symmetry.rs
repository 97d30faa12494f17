//! The keys of the solver's table: a position and its images under the symmetries its rules
//! keep ([`Rules::symmetries`], the core's) have one value, so the solver stores one of them.
//!
//! A position of up to [`MAX_KEYED_CELLS`] cells packs exactly into a `u128` (2 bits a cell,
//! as the core stores boards): the key is the smallest of its images' packings, kept up to date
//! move by move.

use alloc::vec::Vec;

use tictactoe_core::{Player, Rules};

/// The largest board whose positions the solver keys (64 cells of 2 bits fit in 128).
pub(crate) const MAX_KEYED_CELLS: usize = 64;

/// The packed images of a position, updated as marks come and go.
pub(crate) struct Keys {
    /// `shift[s * cells + cell]`: where cell's 2 bits go in image s.
    shift: Vec<u8>,
    /// `inverse[s * cells + image]`: the cell that symmetry s sends to `image`.
    inverse: Vec<u8>,
    cells: usize,
    /// The number of symmetries: 1, 2, 4 or 8.
    count: usize,
    images: [u128; 8],
}

impl Keys {
    /// The keys of an empty board under `rules` (at most [`MAX_KEYED_CELLS`] cells), or `None`
    /// when the memory cannot be had.
    pub(crate) fn new(rules: &Rules) -> Option<Keys> {
        let (rows, cols) = (rules.rows, rules.cols);
        let cells = rows * cols;
        debug_assert!(cells <= MAX_KEYED_CELLS);
        let maps = rules.symmetries();
        let count = maps.len();
        let mut shift = Vec::new();
        let mut inverse = Vec::new();
        shift.try_reserve_exact(count * cells).ok()?;
        inverse.try_reserve_exact(count * cells).ok()?;
        shift.resize(count * cells, 0);
        inverse.resize(count * cells, 0);
        for cell in 0..cells {
            for (s, &map) in maps.iter().enumerate() {
                let image = map.cell_image(rows, cols, cell);
                // Cells are below 64 here.
                shift[s * cells + cell] = (2 * image) as u8;
                inverse[s * cells + image] = cell as u8;
            }
        }
        Some(Keys { shift, inverse, cells, count, images: [0; 8] })
    }

    /// Records `player`'s mark at `cell` (add) or its removal (`add` false).
    #[inline]
    pub(crate) fn toggle(&mut self, cell: usize, player: Player, add: bool) {
        let code = u128::from(player.number());
        for (s, image) in self.images[..self.count].iter_mut().enumerate() {
            let bits = code << self.shift[s * self.cells + cell];
            *image = if add { *image + bits } else { *image - bits };
        }
    }

    /// Sets the keys to those of the board whose cell codes (0, 1, 2) are given in order.
    pub(crate) fn load(&mut self, codes: impl Iterator<Item = u8>) {
        self.images = [0; 8];
        for (cell, code) in codes.enumerate() {
            if let Ok(player) = Player::from_number(u32::from(code)) {
                self.toggle(cell, player, true);
            }
        }
    }

    /// The key of the position (the smallest image) and the symmetry that gives it.
    #[inline]
    pub(crate) fn key(&self) -> (u128, usize) {
        let mut best = (self.images[0], 0);
        for (s, &image) in self.images[..self.count].iter().enumerate().skip(1) {
            if image < best.0 {
                best = (image, s);
            }
        }
        best
    }

    /// The cell symmetry s sends `cell` to (what a table stores); [`Keys::cell_of_image`] goes back.
    #[inline]
    pub(crate) fn image_of(&self, s: usize, cell: usize) -> usize {
        usize::from(self.shift[s * self.cells + cell] / 2)
    }

    #[inline]
    pub(crate) fn cell_of_image(&self, s: usize, image: usize) -> usize {
        usize::from(self.inverse[s * self.cells + image])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_core::Rules;

    /// The keys send each cell where the core's symmetries do (which a test of the core checks
    /// send windows to windows), and back.
    #[test]
    fn keys_map_cells_as_the_core_s_symmetries_do() {
        for rules in [
            Rules::tic_tac_toe(1),
            Rules::tic_tac_toe(3),
            Rules::mnk(3, 5, 3),
            Rules::mnk(5, 3, 3),
            Rules { gravity: true, ..Rules::mnk(4, 5, 3) },
            Rules::CONNECT_FOUR,
        ] {
            let keys = Keys::new(&rules).unwrap();
            let (rows, cols) = (rules.rows, rules.cols);
            assert_eq!(keys.count, rules.symmetries().len());
            for (s, &symmetry) in rules.symmetries().iter().enumerate() {
                for cell in 0..rows * cols {
                    let image = keys.image_of(s, cell);
                    assert_eq!(image, symmetry.cell_image(rows, cols, cell), "{rules:?}");
                    assert_eq!(keys.cell_of_image(s, image), cell);
                }
            }
        }
    }

    #[test]
    fn images_of_a_position_share_its_key() {
        let mut a = Keys::new(&Rules::tic_tac_toe(3)).unwrap();
        let mut b = Keys::new(&Rules::tic_tac_toe(3)).unwrap();
        // X in a corner and O on an edge, and the same rotated a quarter turn.
        a.toggle(0, Player::X, true);
        a.toggle(1, Player::O, true);
        b.toggle(2, Player::X, true);
        b.toggle(5, Player::O, true);
        assert_eq!(a.key().0, b.key().0);
        a.toggle(1, Player::O, false);
        b.toggle(5, Player::O, false);
        assert_eq!(a.key().0, b.key().0);
        assert_ne!(a.key().0, 0);
        // Under gravity a quarter turn is no symmetry: X on the bottom left and bottom right
        // share a key, the bottom left and the top left do not.
        let rules = Rules { gravity: true, ..Rules::mnk(3, 3, 3) };
        let (mut left, mut right, mut top) =
            (Keys::new(&rules).unwrap(), Keys::new(&rules).unwrap(), Keys::new(&rules).unwrap());
        left.toggle(6, Player::X, true);
        right.toggle(8, Player::X, true);
        top.toggle(0, Player::X, true);
        assert_eq!(left.key().0, right.key().0);
        assert_ne!(left.key().0, top.key().0);
    }
}
