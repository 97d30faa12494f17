//! A game's moves by action, as a batch numbers them: a cell each (row * cols + col), or under
//! gravity a column each. What a caller that numbers moves (a search, a learner's policy, an
//! action space) uses, so that it needs no arithmetic of cells nor a branch on the rules.

use super::Game;
use crate::rules;
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
