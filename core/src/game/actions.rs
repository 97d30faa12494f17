//! A game's moves by action, as a batch numbers them: a cell each (row * cols + col), or under
//! gravity a column each. What a caller that numbers moves (a search, a learner's policy, an
//! action space) uses, so that it needs no arithmetic of cells nor a branch on the rules.

use super::Game;
use crate::rules;
use crate::storage::board;
use crate::{Error, Player};

impl Game {
    /// The number of actions: a cell each, or under gravity a column each.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// assert_eq!(Game::new(3)?.action_count(), 9);
    /// assert_eq!(Game::new(Rules::CONNECT_FOUR)?.action_count(), 7);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn action_count(&self) -> usize {
        self.form.action_count()
    }

    /// The action that marks (row, col): its index row * cols + col, or under gravity its
    /// column.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// assert_eq!(Game::new(3)?.action_at(1, 2)?, 5);
    /// assert_eq!(Game::new(Rules::CONNECT_FOUR)?.action_at(5, 3)?, 3);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] unless row is below rows and col below cols.
    pub fn action_at(&self, row: usize, col: usize) -> Result<u32, Error> {
        Ok(rules::action_of(self.form, self.form.shape.cell(row, col)?))
    }

    /// Plays `action` for the player whose turn it is, as a batch's step plays it: the cell with
    /// that index, or under gravity the lowest free cell of the column with that index. Returns
    /// the cell marked, (row, col), and the winner after the move.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player, Rules};
    /// let mut game = Game::new(Rules { rows: 2, ..Rules::CONNECT_FOUR })?;
    /// assert_eq!(game.apply(3)?, ((1, 3), None));
    /// assert_eq!(game.apply(3)?, ((0, 3), None));
    /// assert_eq!(game.apply(3), Err(Error::ColumnFull { col: 3 }));
    /// assert_eq!(game.apply(7), Err(Error::OutOfBounds { row: 0, col: 7, rows: 2, cols: 7 }));
    /// let mut game = Game::new(3)?;
    /// assert_eq!(game.apply(4)?, ((1, 1), None));
    /// assert_eq!(game.apply(4), Err(Error::Occupied { row: 1, col: 1, by: Player::X }));
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// As a batch's step refuses an action, and a refused action changes nothing:
    /// [`Error::OutOfBounds`] for an action past the last cell (or column, reported on row 0);
    /// [`Error::GameOver`]; [`Error::Occupied`]; [`Error::ColumnFull`]; [`Error::AllocFailed`]
    /// when the history cannot grow.
    pub fn apply(&mut self, action: u32) -> Result<((usize, usize), Option<Player>), Error> {
        let (words, rule_start) = (self.words.as_slice(), self.rule_start as usize);
        let cell =
            rules::action_cell::<false>(words, rule_start, self.form, self.winner(), action)?;
        Ok(((cell.row, cell.col), self.play(cell.row, cell.col)?))
    }

    /// Writes the position as a learner sees it from the side to move into `out` (two flags a
    /// cell, row-major: that player's marks, then the opponent's), as a batch's
    /// [`observation_into`](crate::Batch::observation_into) writes a game's planes: what a
    /// search playing a game by actions hands its network.
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let mut game = Game::new(2)?;
    /// game.apply(0)?; // X at (0, 0); O to move
    /// let mut planes = [false; 8];
    /// game.observation_into(&mut planes)?;
    /// assert_eq!(planes, [false, false, false, false, true, false, false, false]);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` holds two flags a cell; `out` is then untouched.
    pub fn observation_into(&self, out: &mut [bool]) -> Result<(), Error> {
        let cells = self.form.shape.cells();
        if out.len() != 2 * cells {
            return Err(Error::LengthMismatch { len: out.len(), expected: 2 * cells });
        }
        let (own, other) = out.split_at_mut(cells);
        let me = self.next_player();
        board::flags_into(self.words.as_slice(), me.number(), own);
        board::flags_into(self.words.as_slice(), me.opponent().number(), other);
        Ok(())
    }

    /// Writes the legal actions as flags into `out` (one an action, [`Game::action_count`]), as
    /// a batch's [`legal_mask_into`](crate::Batch::legal_mask_into) writes a game's: all false
    /// once the game is over.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` holds one flag an action; `out` is then untouched.
    pub fn legal_mask_into(&self, out: &mut [bool]) -> Result<(), Error> {
        let actions = self.form.action_count();
        if out.len() != actions {
            return Err(Error::LengthMismatch { len: out.len(), expected: actions });
        }
        if self.is_over() {
            out.fill(false);
        } else {
            rules::legal_actions_into(self.words.as_slice(), out);
        }
        Ok(())
    }

    /// The legal actions in increasing order: the free cells' indices, or under gravity the
    /// columns with room; none once somebody has won.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// let mut game = Game::new(Rules { rows: 1, cols: 4, ..Rules::CONNECT_FOUR })?;
    /// game.apply(2)?;
    /// assert_eq!(game.legal_actions().collect::<Vec<_>>(), [0, 1, 3]);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn legal_actions(&self) -> impl Iterator<Item = u32> + '_ {
        let (words, rule_start, form) =
            (self.words.as_slice(), self.rule_start as usize, self.form);
        let open = self.win.is_none();
        // Actions are below 2^32.
        (0..form.action_count() as u32).filter(move |&action| {
            open && rules::action_cell::<false>(words, rule_start, form, None, action).is_ok()
        })
    }
}
