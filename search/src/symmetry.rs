//! The eight symmetries of the square board (rotations and reflections): each maps rows to rows
//! or columns and the two diagonals to the diagonals, so a position and its images have the same
//! value, and the solver stores one of them.
//!
//! A position of up to [`MAX_KEYED_N`]^2 cells packs exactly into a `u64` (2 bits a cell, as the
//! core stores boards): the key is the smallest of its eight images' packings, kept up to date
//! move by move.

use alloc::vec::Vec;

use tictactoe_core::Player;

/// The largest board whose positions the solver keys (25 cells of 2 bits fit in 64).
pub(crate) const MAX_KEYED_N: usize = 5;

/// The images of (row, col) on an n x n board under the eight symmetries.
fn images(n: usize, row: usize, col: usize) -> [(usize, usize); 8] {
    let (r, c, last) = (row, col, n - 1);
    [
        (r, c),
        (c, last - r),
        (last - r, last - c),
        (last - c, r),
        (r, last - c),
        (last - r, c),
        (c, r),
        (last - c, last - r),
    ]
}

/// The packed images of a position, updated as marks come and go.
pub(crate) struct Keys {
    /// `shift[s * cells + cell]`: where cell's 2 bits go in image s.
    shift: Vec<u8>,
    /// `inverse[s * cells + image]`: the cell that symmetry s sends to `image`.
    inverse: Vec<u8>,
    cells: usize,
    images: [u64; 8],
}

impl Keys {
    /// The keys of an empty n x n board (n at most [`MAX_KEYED_N`]), or `None` when the
    /// memory cannot be had.
    pub(crate) fn new(n: usize) -> Option<Keys> {
        debug_assert!(n <= MAX_KEYED_N);
        let cells = n * n;
        let mut shift = Vec::new();
        let mut inverse = Vec::new();
        shift.try_reserve_exact(8 * cells).ok()?;
        inverse.try_reserve_exact(8 * cells).ok()?;
        shift.resize(8 * cells, 0);
        inverse.resize(8 * cells, 0);
        for cell in 0..cells {
            for (s, (row, col)) in images(n, cell / n, cell % n).into_iter().enumerate() {
                let image = row * n + col;
                // Cells are below 25 here.
                shift[s * cells + cell] = (2 * image) as u8;
                inverse[s * cells + image] = cell as u8;
            }
        }
        Some(Keys { shift, inverse, cells, images: [0; 8] })
    }

    /// Records `player`'s mark at `cell` (add) or its removal (`add` false).
    #[inline]
    pub(crate) fn toggle(&mut self, cell: usize, player: Player, add: bool) {
        let code = u64::from(player.number());
        for (s, image) in self.images.iter_mut().enumerate() {
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
    pub(crate) fn key(&self) -> (u64, usize) {
        let mut best = (self.images[0], 0);
        for (s, &image) in self.images.iter().enumerate().skip(1) {
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

    #[test]
    fn every_symmetry_is_a_permutation_that_keeps_lines_lines() {
        for n in 1..=MAX_KEYED_N {
            let keys = Keys::new(n).unwrap();
            for s in 0..8 {
                let mut seen = alloc::vec![false; n * n];
                for cell in 0..n * n {
                    let image = keys.image_of(s, cell);
                    assert!(!seen[image]);
                    seen[image] = true;
                    assert_eq!(keys.cell_of_image(s, image), cell);
                }
                // The main diagonal goes to a diagonal.
                let diagonal: Vec<usize> = (0..n).map(|i| keys.image_of(s, i * n + i)).collect();
                let main = diagonal.iter().all(|&c| c / n == c % n);
                let anti = diagonal.iter().all(|&c| c / n + c % n == n - 1);
                assert!(main || anti, "n = {n}, symmetry {s}");
            }
        }
    }

    #[test]
    fn images_of_a_position_share_its_key() {
        let mut a = Keys::new(3).unwrap();
        let mut b = Keys::new(3).unwrap();
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
    }
}
