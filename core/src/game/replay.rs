//! Lists of moves made all or nothing: LeetCode 348's moves ([`Game::move_all`]) and LeetCode
//! 1275's turn-aware list ([`Game::play_all`]).

use crate::{Error, Game, ListError, Player};

impl Game {
    /// Makes each move (row, col, player) in order, all or nothing: on the first refused move
    /// every move of the list already made is taken back. Returns the winner afterwards; as no
    /// move is allowed after a win, a winner that the list produced was made by its last move,
    /// and every earlier move of the list returned `None` (what the Python face's `move_many`
    /// reports move by move).
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(3)?;
    /// assert_eq!(game.move_all([(0, 0, 1), (1, 1, 1), (2, 2, 1)])?, Some(Player::X));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`ListError`] with the index of the first refused move (always `Some`) and its reason.
    pub fn move_all<I>(&mut self, moves: I) -> Result<Option<Player>, ListError>
    where
        I: IntoIterator<Item = (usize, usize, u32)>,
    {
        self.apply_all(moves, |game, (row, col, player)| game.make_move(row, col, player))
    }

    /// Plays each (row, col) in turn order, all or nothing: LeetCode 1275's move list. Returns
    /// the winner afterwards.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player, Status};
    /// let mut game = Game::new(3)?;
    /// game.play_all([(0, 0), (2, 0), (1, 1), (2, 1), (2, 2)])?;
    /// assert_eq!(game.status(), Status::Won(Player::X)); // LeetCode 1275: "A"
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`ListError`] with the index of the first refused move (always `Some`) and its reason.
    pub fn play_all<I>(&mut self, moves: I) -> Result<Option<Player>, ListError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        self.apply_all(moves, |game, (row, col)| game.play(row, col))
    }

    fn apply_all<I, T>(
        &mut self,
        moves: I,
        mut apply: impl FnMut(&mut Game, T) -> Result<Option<Player>, Error>,
    ) -> Result<Option<Player>, ListError>
    where
        I: IntoIterator<Item = T>,
    {
        let start = self.history().len();
        for (index, item) in moves.into_iter().enumerate() {
            if let Err(error) = apply(self, item) {
                while self.history().len() > start {
                    self.undo().expect("moves made by this call can be undone");
                }
                return Err(ListError { index: Some(index), error });
            }
        }
        Ok(self.winner())
    }
}
