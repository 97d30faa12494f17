//! What a learner sees of a batch's games, written in place every step: whose turn it is, the
//! winners, which games are over, the cells, the two observation planes (one player's marks,
//! the other's), the mask of legal actions and the rewards from one side. The per-cell ones
//! split between the batch's threads.

use super::checks::{check_len, check_players};
use super::threads::PerGame;
use super::{Batch, Games};
use crate::rules;
use crate::storage::board;
use crate::{Error, ListError, Player};

/// A read of a part of the games refuses nothing a check of the whole call did not: its
/// refusals need no index moved.
fn as_is(error: Error, _first: usize) -> Error {
    error
}

impl Batch {
    /// Each game's player to move (1 or 2).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has one value per game (as for every query).
    pub fn next_players(&self, out: &mut [u8]) -> Result<(), Error> {
        self.games().next_players(out)
    }

    /// Each game's winner: 0 for none, else 1 or 2 (a game lost by an illegal action included).
    ///
    /// # Errors
    /// As [`Batch::next_players`].
    pub fn winners(&self, out: &mut [u8]) -> Result<(), Error> {
        self.games().winners(out)
    }

    /// Whether each game is over: won, or its board full.
    ///
    /// # Errors
    /// As [`Batch::next_players`].
    pub fn terminated(&self, out: &mut [bool]) -> Result<(), Error> {
        self.games().terminated(out)
    }

    /// Every game's cells: `count * rows * cols` values 0 (empty), 1 (`X`) or 2 (`O`),
    /// row-major, game after game.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * rows * cols` values.
    pub fn cells_into(&self, out: &mut [u8]) -> Result<(), Error> {
        let cells = self.form.shape.cells();
        check_len(out.len(), self.count() * cells)?;
        let read = |(games, out): (Games<'_>, PerGame<&mut [u8]>)| games.cells_into(out.0);
        self.threads.run(self.count(), (self.games(), PerGame(out, cells)), read, as_is)
    }

    /// Every game seen from one side: `count * 2 * rows * cols` flags, game after game, each two
    /// planes of rows * cols: the marks of the side, then the opponent's. The side of game g is
    /// `players[g]` (1 or 2), whoever is to move (what an environment needs that shows each game
    /// to its agent, or to each of two agents in turn), or with `players` `None` its player to
    /// move.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Selection};
    /// let mut batch = Batch::new(1, 2, 0)?;
    /// batch.step(Selection::All, &[0], &mut [0], Illegal::Refuse)?; // X at (0, 0); O to move
    /// let mut planes = [false; 8];
    /// batch.observation_into(Some(&[1]), &mut planes)?; // from X's side
    /// assert_eq!(planes, [true, false, false, false, false, false, false, false]);
    /// batch.observation_into(None, &mut planes)?; // from the side to move, O
    /// assert_eq!(planes, [false, false, false, false, true, false, false, false]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (naming no entry) unless `players` has one value per game and
    /// `out` has `count * 2 * rows * cols`; [`Error::InvalidPlayer`] with the index of the first
    /// value other than 1 or 2. Nothing is written then.
    pub fn observation_into(
        &self,
        players: Option<&[u8]>,
        out: &mut [bool],
    ) -> Result<(), ListError> {
        let (count, cells) = (self.count(), self.form.shape.cells());
        if let Some(players) = players {
            check_players(players, count)?;
        }
        check_len(out.len(), count * 2 * cells)?;
        let read = |(games, players, out): (Games<'_>, Option<&[u8]>, PerGame<&mut [bool]>)| {
            games.observation_into(players, out.0);
            Ok(())
        };
        let parts = (self.games(), players, PerGame(out, 2 * cells));
        Ok(self.threads.run(count, parts, read, as_is)?)
    }

    /// Every game's legal actions as a mask: `count * actions` flags ([`Batch::actions`]), true
    /// for a legal action of a game that is not over (all false for a game that is over, never
    /// all true).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * actions` values.
    pub fn legal_mask_into(&self, out: &mut [bool]) -> Result<(), Error> {
        let actions = self.form.action_count();
        check_len(out.len(), self.count() * actions)?;
        let read = |(games, out): (Games<'_>, PerGame<&mut [bool]>)| {
            games.legal_mask_into(out.0);
            Ok(())
        };
        self.threads.run(self.count(), (self.games(), PerGame(out, actions)), read, as_is)
    }

    /// Each game's reward from the side of the player given for it (`players[g]`, 1 or 2):
    /// 1.0 when that player has won (a forfeit of the other included), -1.0 when the other has,
    /// 0.0 while nobody has (a draw included). An environment's reward for its agent.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (naming no entry) unless `players` and `out` have one value per
    /// game; [`Error::InvalidPlayer`] with the index of the first value other than 1 or 2.
    /// Nothing is written then.
    pub fn rewards_into(&self, players: &[u8], out: &mut [f64]) -> Result<(), ListError> {
        check_players(players, self.count())?;
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

impl Games<'_> {
    /// Writes `per_cell` values for each cell of each game of the range (`out` holds them all),
    /// row-major, game after game: `fill(g, board, out)` gets game g's board words and its part
    /// of `out` (inlined into each caller, so that the cells are read without a call each).
    #[inline(always)]
    fn per_cell<T>(&self, out: &mut [T], per_cell: usize, fill: impl Fn(usize, &[u32], &mut [T])) {
        let cells = self.form.shape.cells();
        for (g, part) in out.chunks_exact_mut(cells * per_cell).enumerate() {
            fill(g, self.board(g), part);
        }
    }

    /// As [`Batch::cells_into`], for the range (`out` of its size).
    fn cells_into(&self, out: &mut [u8]) -> Result<(), Error> {
        let cells = self.form.shape.cells();
        self.per_cell(out, 1, |_, board, part| {
            board::for_each_code(board, cells, |cell, code| part[cell] = code);
        });
        Ok(())
    }

    /// As [`Batch::observation_into`], for the range (the players checked, `out` of its size).
    fn observation_into(&self, players: Option<&[u8]>, out: &mut [bool]) {
        self.per_cell(out, 2, |g, board, part| {
            // Every code was checked by the call.
            let viewer = match players {
                Some(players) => Player::from_code(players[g].into()).unwrap_or(Player::X),
                None => self.next_player(g),
            };
            let (own, other) = part.split_at_mut(self.form.shape.cells());
            board::flags_into(board, viewer.number(), own);
            board::flags_into(board, viewer.opponent().number(), other);
        });
    }

    /// As [`Batch::legal_mask_into`], for the range (`out` of its size).
    fn legal_mask_into(&self, out: &mut [bool]) {
        let actions = self.form.action_count();
        for (g, part) in out.chunks_exact_mut(actions).enumerate() {
            if self.is_over(g) {
                part.fill(false);
            } else {
                rules::legal_actions_into(self.board(g), part);
            }
        }
    }
}
