//! What a learner sees of a range of games, written in place every step: the cells, the two
//! observation planes (one player's marks, the other's), the mask of legal actions and the
//! rewards from one side.

use super::checks::{check_len, check_players};
use super::Games;
use crate::rules;
use crate::storage::board;
use crate::{Error, Player};

impl Games<'_> {
    /// Writes `per_cell` values for each cell of each game, row-major, game after game:
    /// `fill(g, board, out)` gets game g's board words and its part of `out` (inlined into each
    /// caller, so that the cells are read without a call each).
    #[inline(always)]
    fn per_cell<T>(
        &self,
        out: &mut [T],
        per_cell: usize,
        fill: impl Fn(usize, &[u32], &mut [T]),
    ) -> Result<(), Error> {
        let cells = self.form.shape.cells();
        check_len(out.len(), self.count() * cells * per_cell)?;
        for (g, part) in out.chunks_exact_mut(cells * per_cell).enumerate() {
            fill(g, self.board(g), part);
        }
        Ok(())
    }

    /// As [`Batch::cells_into`](super::Batch::cells_into), for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * rows * cols` values.
    pub fn cells_into(&self, out: &mut [u8]) -> Result<(), Error> {
        let cells = self.form.shape.cells();
        self.per_cell(out, 1, |_, board, part| {
            board::for_each_code(board, cells, |cell, code| part[cell] = code);
        })
    }

    /// As [`Batch::observation_into`](super::Batch::observation_into), for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * 2 * rows * cols` values.
    pub fn observation_into(&self, out: &mut [bool]) -> Result<(), Error> {
        self.per_cell(out, 2, |g, board, part| self.planes(board, self.next_player(g), part))
    }

    /// As [`Batch::observation_for_into`](super::Batch::observation_for_into), for the range.
    ///
    /// # Errors
    /// As [`Batch::observation_for_into`](super::Batch::observation_for_into).
    pub fn observation_for_into(&self, players: &[u8], out: &mut [bool]) -> Result<(), Error> {
        check_players(players, self.count()).map_err(|refusal| refusal.error)?;
        self.per_cell(out, 2, |g, board, part| {
            // Every code was checked above.
            let viewer = Player::from_code(players[g].into()).unwrap_or(Player::X);
            self.planes(board, viewer, part);
        })
    }

    /// A game's two planes from `viewer`'s side: its marks, then its opponent's.
    fn planes(&self, board: &[u32], viewer: Player, part: &mut [bool]) {
        let (own, other) = part.split_at_mut(self.form.shape.cells());
        board::flags_into(board, viewer.number(), own);
        board::flags_into(board, viewer.opponent().number(), other);
    }

    /// As [`Batch::legal_mask_into`](super::Batch::legal_mask_into), for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * actions` values.
    pub fn legal_mask_into(&self, out: &mut [bool]) -> Result<(), Error> {
        let actions = self.form.action_count();
        check_len(out.len(), self.count() * actions)?;
        for (g, part) in out.chunks_exact_mut(actions).enumerate() {
            if self.is_over(g) {
                part.fill(false);
            } else {
                rules::legal_actions_into(self.board(g), part);
            }
        }
        Ok(())
    }

    /// As [`Batch::rewards_into`](super::Batch::rewards_into), for the range.
    ///
    /// # Errors
    /// As [`Batch::rewards_into`](super::Batch::rewards_into).
    pub fn rewards_into(&self, players: &[u8], out: &mut [f64]) -> Result<(), Error> {
        check_players(players, self.count()).map_err(|refusal| refusal.error)?;
        check_len(out.len(), self.count())?;
        for ((&winner, &player), reward) in self.winner.iter().zip(players).zip(out) {
            *reward = match winner {
                0 => 0.0,
                _ if winner == player => 1.0,
                _ => -1.0,
            };
        }
        Ok(())
    }
}
