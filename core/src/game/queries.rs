//! What a game tells of itself: its cells, the moves it may take, its marks and history, who
//! can still win, the lines and runs that won, and the memory it holds.

use super::Game;
use crate::rules::{self, Line, Run};
use crate::storage::board;
use crate::{Error, Move, Player};

impl Game {
    /// Whether `player` can still win: true for the winner, false when the opponent has won,
    /// otherwise true exactly when some k cells in a row hold no mark of the opponent. O(1) for
    /// n in a row on n x n (kept up on every move, line by line); otherwise a scan of the board
    /// when asked, so that moves stay flat in k. Sound: false only when `player` can never win.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(3)?;
    /// game.play_all([(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1)])?;
    /// assert!(game.can_win(Player::X)); // X can still complete row 2
    /// game.play(2, 0)?;
    /// // X O X / X O O / O X . : every line now holds both marks.
    /// assert!(!game.can_win(Player::X) && !game.can_win(Player::O));
    /// assert!(game.is_draw_certain());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn can_win(&self, player: Player) -> bool {
        let (words, rule_start) = (self.words.as_slice(), self.rule_start as usize);
        rules::can_win(words, rule_start, self.winner(), &self.counts, self.form, player)
    }

    /// Whether the game can only end in a draw: nobody has won and neither player can win any
    /// more (see [`Game::can_win`]). A full board without a winner is such a draw too.
    pub fn is_draw_certain(&self) -> bool {
        self.win.is_none() && !self.can_win(Player::X) && !self.can_win(Player::O)
    }

    /// The whole lines the winning move completed (one move can complete up to four), for n in a
    /// row on an n x n board; empty while nobody has won, and under other rules, where a win is
    /// a run (see [`Game::winning_runs`]).
    ///
    /// ```
    /// use tictactoe_core::{Game, Line};
    /// let mut game = Game::new(3)?;
    /// // X completes row 1 and column 1 with one move at the centre.
    /// game.make_move(1, 0, 1)?;
    /// game.make_move(1, 2, 1)?;
    /// game.make_move(0, 1, 1)?;
    /// game.make_move(2, 1, 1)?;
    /// game.make_move(1, 1, 1)?;
    /// assert_eq!(game.winning_lines().collect::<Vec<_>>(), [Line::Row(1), Line::Column(1)]);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn winning_lines(&self) -> impl Iterator<Item = Line> + '_ {
        let (words, rule_start, form) =
            (self.words.as_slice(), self.rule_start as usize, self.form);
        self.win.into_iter().flat_map(move |win| {
            let cell = form.shape.cell_at(win.cell as usize);
            rules::winning_lines(words, rule_start, form, cell, win.player)
        })
    }

    /// The runs the winning move made that win, one a direction (up to four, in the order row,
    /// column, diagonal, anti-diagonal), under any rules; empty while nobody has won.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules, Run};
    /// let mut game = Game::new(Rules::GOMOKU)?;
    /// for i in 0..4 {
    ///     game.play_all([(i, i), (i, 14)])?;
    /// }
    /// game.play(4, 4)?;
    /// assert_eq!(game.winning_runs().collect::<Vec<_>>(), [Run { first: (0, 0), last: (4, 4) }]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_runs(&self) -> impl Iterator<Item = Run> + '_ {
        let (words, rule_start, form) =
            (self.words.as_slice(), self.rule_start as usize, self.form);
        self.win.into_iter().flat_map(move |win| {
            let cell = form.shape.cell_at(win.cell as usize);
            rules::winning_runs(words, rule_start, form, cell, win.player)
        })
    }

    /// The lines through (row, col), in the order row, column, diagonal, anti-diagonal: the
    /// lines a mark there counts towards for n in a row on n x n (a cell on a diagonal is on
    /// more of them; a rectangle's lines are its rows and columns).
    ///
    /// ```
    /// use tictactoe_core::{Game, Line};
    /// let game = Game::new(3)?;
    /// assert_eq!(game.lines_through(1, 1)?.count(), 4);
    /// assert_eq!(game.lines_through(0, 1)?.collect::<Vec<_>>(), [Line::Row(0), Line::Column(1)]);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] unless row is below rows and col below cols.
    pub fn lines_through(
        &self,
        row: usize,
        col: usize,
    ) -> Result<impl Iterator<Item = Line>, Error> {
        Ok(rules::lines_through(self.form.shape, self.form.shape.cell(row, col)?))
    }

    /// Who holds the cell at (row, col), if anyone.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    /// let mut game = Game::new(3)?;
    /// game.play(0, 2)?;
    /// assert_eq!(game.cell(0, 2)?, Some(Player::X));
    /// assert_eq!(game.cell(1, 1)?, None);
    /// assert_eq!(game.cell(0, 3), Err(Error::OutOfBounds { row: 0, col: 3, rows: 3, cols: 3 }));
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] unless row is below rows and col below cols.
    pub fn cell(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        Ok(self.holder(self.form.shape.cell(row, col)?.index))
    }

    /// Every cell's holder as its number, 0 (empty), 1 (`X`) or 2 (`O`), row-major: the board
    /// as an array.
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let mut game = Game::new(2)?;
    /// game.play_all([(0, 1), (1, 1)])?;
    /// assert_eq!(game.cells().collect::<Vec<u8>>(), [0, 1, 0, 2]);
    /// let mut cells = [9; 4];
    /// game.cells_into(&mut cells)?;
    /// assert_eq!(cells, [0, 1, 0, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = u8> + '_ {
        board::codes(self.words.as_slice(), self.form.shape.cells())
    }

    /// Writes [`Game::cells`] into `out`, which must hold rows * cols values.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] for any other length; `out` is then untouched.
    pub fn cells_into(&self, out: &mut [u8]) -> Result<(), Error> {
        let expected = self.form.shape.cells();
        if out.len() != expected {
            return Err(Error::LengthMismatch { len: out.len(), expected });
        }
        for (slot, code) in out.iter_mut().zip(self.cells()) {
            *slot = code;
        }
        Ok(())
    }

    /// The cells a move may take, as (row, col) in row-major order: the free cells (under
    /// gravity, the lowest free cell of each column that has one), or none once somebody has
    /// won.
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let mut game = Game::new(2)?;
    /// game.play_all([(0, 0), (1, 1)])?;
    /// assert_eq!(game.legal_moves().collect::<Vec<_>>(), [(0, 1), (1, 0)]);
    /// game.play(0, 1)?; // X completes row 0
    /// assert_eq!(game.legal_moves().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let shape = self.form.shape;
        self.legal_cells().map(move |index| {
            let cell = shape.cell_at(index);
            (cell.row, cell.col)
        })
    }

    /// The cells a move may take, as indices row * cols + col in row-major order: as
    /// [`Game::legal_moves`], for callers that number cells (an action space, a C array).
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let mut game = Game::new(2)?;
    /// game.play_all([(0, 0), (1, 1)])?;
    /// assert_eq!(game.legal_cells().collect::<Vec<_>>(), [1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_cells(&self) -> impl Iterator<Item = usize> + '_ {
        let (words, rule_start, form) =
            (self.words.as_slice(), self.rule_start as usize, self.form);
        let open = self.win.is_none();
        (0..form.shape.cells()).filter(move |&index| {
            open && rules::is_legal(words, rule_start, form, form.shape.cell_at(index))
        })
    }

    /// The number of [`Game::legal_moves`], without scanning the board: the free cells (under
    /// gravity, the columns with room, counted), none once somebody has won.
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1)?;
    /// assert_eq!(game.legal_move_count(), 8);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn legal_move_count(&self) -> usize {
        if self.win.is_some() {
            return 0;
        }
        rules::legal_count(self.words.as_slice(), self.form, &self.counts)
    }

    /// The number of marks on the board.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// let mut game = Game::from_rows(3, &["X..", ".O.", "..."])?;
    /// game.play(2, 2)?;
    /// assert_eq!((game.marks(), game.marks_of(Player::X)), (3, 2));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    pub fn marks(&self) -> usize {
        self.counts.marks()
    }

    /// The number of marks `player` has on the board.
    #[inline]
    pub fn marks_of(&self, player: Player) -> usize {
        self.counts.marks_of(player)
    }

    /// The moves made, oldest first (not the marks of the starting position the game was built
    /// from).
    ///
    /// ```
    /// use tictactoe_core::{Game, Move, Player};
    /// let mut game = Game::new(3)?;
    /// game.play_all([(1, 1), (0, 0)])?;
    /// let moves: Vec<Move> = game.history().collect();
    /// assert_eq!(moves[1], Move { row: 0, col: 0, player: Player::O });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> impl ExactSizeIterator<Item = Move> + DoubleEndedIterator + '_ {
        self.moves().iter().map(|&cell| self.move_at(cell as usize))
    }

    /// Whether the game was built from a non-empty starting position (whose marks are not in
    /// the history, and are never undone).
    pub fn has_starting_position(&self) -> bool {
        self.start.is_some()
    }

    /// The heap bytes this game holds (board, counters, history capacity, starting position): none
    /// for a new game up to 4 x 4, whose storage is inside the `Game`.
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// assert_eq!(Game::new(3)?.heap_bytes(), 0);
    /// assert_eq!(Game::new(100)?.heap_bytes(), 3_372);
    /// assert_eq!(Game::new(1000)?.heap_bytes(), 258_072);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.words.heap_bytes()
            + self.start.as_ref().map_or(0, |start| start.capacity() * core::mem::size_of::<u32>())
    }
}
