//! The game: validated moves judged in O(1) by the rules, turn order, status, undo and queries.

use alloc::vec::Vec;
use core::fmt;

use crate::rows::write_rows;
use crate::rules::{self, Counts, Form, Rules, Status};
use crate::shape::Cell;
use crate::storage::board;
use crate::storage::try_copy;
use crate::storage::words::Words;
use crate::{Error, Player};

mod actions;
mod queries;
mod replay;

/// One mark placed on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The row of the cell, from 0.
    pub row: usize,
    /// The column of the cell, from 0.
    pub col: usize,
    /// Who placed the mark.
    pub player: Player,
}

/// The winner and the cell of the move that won: every winning run passes through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Win {
    player: Player,
    cell: u32,
}

/// A game of the k-in-a-row family whose every move is validated and judged in O(1): n x n
/// tic-tac-toe (`Game::new(n)`, LeetCode 348) or any [`Rules`] (`Game::new(rules)`: m,n,k-games,
/// gomoku, Connect Four).
///
/// Memory: 2 bits a cell for the board (one a player); the win rule's state (for n in a row on
/// n x n, 2 x (2n + 2) `u16` line counters; free-style on a board of at most 64 cells with a
/// spare column, one `u64` a player; otherwise four `u16` run lengths a cell); under gravity a
/// `u16` height a column; 4 bytes a move of history; all in one block. A game built from a
/// starting position keeps a second board holding it (it is what serialization writes).
/// Up to 4 x 4 tic-tac-toe the block is inside the `Game` and a new game allocates nothing;
/// beyond, it is one heap allocation that grows with the history. [`Game::heap_bytes`] tells the
/// exact figure; for a new game it is 0 bytes at n = 3, 3 372 at n = 100 and 258 072 at
/// n = 1000.
///
/// ```
/// use tictactoe_core::{Game, Status};
/// // LeetCode 348's example: player 1 wins with the bottom row.
/// let mut game = Game::new(3)?;
/// let moves = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2)];
/// for (row, col, player) in moves {
///     assert_eq!(game.make_move(row, col, player)?, None);
/// }
/// assert_eq!(game.make_move(2, 1, 1)?.map(|p| p.number()), Some(1));
/// assert_eq!(game.to_string(), "X.O\nOO.\nXXX");
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone)]
// In this order, so that everything a move reads but the cells (including where the heap block
// is) sits in the game's first 64 bytes: one cache line, as in a hand-written C game.
#[repr(C)]
pub struct Game {
    /// The board's shape (sides in u16, so that sizes derived from them cannot overflow and
    /// the rule's bounds checks fold away) and the rest of the rules.
    form: Form,
    /// Marks per player, and the rule's counts beside the block.
    counts: Counts,
    /// Where the rule's state and the history start in `words` (below 2^29 words).
    rule_start: u32,
    history_start: u32,
    /// The number of moves in the history (at most rows * cols < 2^32).
    moves: u32,
    win: Option<Win>,
    /// The game's [`Block`](crate::storage::block::Block): the board, then the rule's state
    /// from `rule_start`, then the history from `history_start` (the cells' indices in the
    /// order they were marked, `moves` of them; the board tells by whom); the rest is zero.
    words: Words,
    /// The board words of the starting position the game was built from, when it was not
    /// built empty.
    start: Option<Vec<u32>>,
}

/// Two games are equal when their boards, histories, winners and starting positions are: the
/// rest is derived from those, and the room kept for more moves is not part of a game.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.form == other.form
            && self.used() == other.used()
            && self.win == other.win
            && self.start == other.start
    }
}

impl Eq for Game {}

impl core::hash::Hash for Game {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.form, self.used(), self.win, &self.start).hash(state);
    }
}

/// History capacity reserved when a game is created on the heap: a small board never
/// reallocates.
const INITIAL_HISTORY: usize = 16;

impl Game {
    /// A new empty game under `rules`, `X` to move: a size n for n x n tic-tac-toe
    /// (LeetCode 348), or any [`Rules`] (m,n,k-games, gomoku, Connect Four). No limit beyond
    /// [`MAX_N`](crate::MAX_N) and memory: rules from outside data want [`Limits::game`].
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Rules, MAX_N};
    /// assert_eq!(Game::new(3)?.n(), Some(3));
    /// let game = Game::new(Rules::GOMOKU)?;
    /// assert_eq!((game.rows(), game.cols(), game.rules().k), (15, 15, 5));
    /// assert_eq!(Game::new(0), Err(Error::InvalidSize { n: 0 }));
    /// assert_eq!(Game::new(MAX_N + 1), Err(Error::InvalidSize { n: MAX_N + 1 }));
    /// assert_eq!(
    ///     Game::new(Rules::mnk(3, 3, 4)),
    ///     Err(Error::InvalidRules { rows: 3, cols: 3, k: 4 })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::check`]: [`Error::InvalidSize`] for an n no game has,
    /// [`Error::InvalidRules`] for other rules no game has; [`Error::AllocFailed`] when the
    /// memory cannot be had (never an abort).
    ///
    /// [`Limits::game`]: crate::Limits::game
    #[inline]
    pub fn new(rules: impl Into<Rules>) -> Result<Game, Error> {
        Game::of_form(Form::of(&rules.into())?)
    }

    #[inline]
    fn of_form(form: Form) -> Result<Game, Error> {
        let block = form.block()?;
        let history = form.shape.cells().min(INITIAL_HISTORY);
        let words = Words::zeroed(block.history_start + history, block.stride)?;
        // 2^28 board words and 2^34 words of rule state at most: below 2^32 words on any
        // target that can allocate them (the block's size was checked).
        Ok(Game {
            form,
            counts: Counts::new(form),
            rule_start: block.rule_start as u32,
            history_start: block.history_start as u32,
            moves: 0,
            win: None,
            words,
            start: None,
        })
    }

    /// The words in use: board, counters and history.
    fn used(&self) -> &[u32] {
        &self.words.as_slice()[..self.history_end()]
    }

    /// The cells marked, in order.
    #[inline]
    fn moves(&self) -> &[u32] {
        &self.words.as_slice()[self.history_start as usize..self.history_end()]
    }

    /// Where the next move goes in `words`.
    #[inline]
    fn history_end(&self) -> usize {
        self.history_start as usize + self.moves as usize
    }

    /// Who holds `cell`.
    #[inline]
    fn holder(&self, cell: usize) -> Option<Player> {
        board::get(self.words.as_slice(), cell)
    }

    /// The side n of a square board, `None` for a rectangle.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// assert_eq!(Game::new(3)?.n(), Some(3));
    /// assert_eq!(Game::new(Rules::CONNECT_FOUR)?.n(), None);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    pub fn n(&self) -> Option<usize> {
        self.form.shape.side()
    }

    /// The number of rows.
    #[inline]
    pub fn rows(&self) -> usize {
        self.form.shape.rows()
    }

    /// The number of columns.
    #[inline]
    pub fn cols(&self) -> usize {
        self.form.shape.cols()
    }

    /// The game's rules.
    ///
    /// ```
    /// use tictactoe_core::{Game, Rules};
    /// assert_eq!(Game::new(4)?.rules(), Rules::tic_tac_toe(4));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.form.rules()
    }

    /// Places a mark of `player` (1 or 2) at (row, col) and returns the winner after this move:
    /// LeetCode 348's `move`, with `None` for its 0. Players need not alternate here; see
    /// [`Game::play`] for turn order. O(1) whatever the board's size and k are.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    /// let mut game = Game::new(2)?;
    /// assert_eq!(game.make_move(0, 0, 2)?, None);
    /// assert_eq!(
    ///     game.make_move(5, 0, 1),
    ///     Err(Error::OutOfBounds { row: 5, col: 0, rows: 2, cols: 2 })
    /// );
    /// assert_eq!(game.make_move(0, 1, 9), Err(Error::InvalidPlayer { player: 9 }));
    /// assert_eq!(
    ///     game.make_move(0, 0, 1),
    ///     Err(Error::Occupied { row: 0, col: 0, by: Player::O })
    /// );
    /// assert_eq!(game.make_move(0, 1, 2)?, Some(Player::O));
    /// assert_eq!(game.make_move(1, 1, 1), Err(Error::GameOver { winner: Player::O }));
    /// assert_eq!(game.marks(), 2); // the refused moves changed nothing
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// Checked in this order, and a refused move changes nothing:
    /// [`Error::OutOfBounds`], [`Error::InvalidPlayer`], [`Error::GameOver`],
    /// [`Error::Occupied`], under gravity [`Error::Floating`], and [`Error::AllocFailed`] when
    /// the history cannot grow.
    #[inline(always)]
    pub fn make_move(
        &mut self,
        row: usize,
        col: usize,
        player: u32,
    ) -> Result<Option<Player>, Error> {
        if self.form.variant.plain() {
            self.mark::<true>(row, col, player)
        } else {
            self.mark_by_the_family_rules(row, col, player)
        }
    }

    /// [`Game::make_move`] under rules other than LeetCode 348's, out of line so that its
    /// code stays out of the plain game's moves.
    #[inline(never)]
    fn mark_by_the_family_rules(
        &mut self,
        row: usize,
        col: usize,
        player: u32,
    ) -> Result<Option<Player>, Error> {
        self.mark::<false>(row, col, player)
    }

    /// [`Game::make_move`], compiled for LeetCode 348's rules (`PLAIN`) or for any.
    #[inline(always)]
    fn mark<const PLAIN: bool>(
        &mut self,
        row: usize,
        col: usize,
        player: u32,
    ) -> Result<Option<Player>, Error> {
        // Every field a move reads, read once before anything is written: the compiler cannot
        // tell that writing the board (which may sit inside the game) leaves them unchanged.
        let (form, rule_start) = (self.form, self.rule_start as usize);
        let cell = form.shape.cell(row, col)?;
        let player = Player::from_number(player)?;
        let (history_end, winner) = (self.history_end(), self.winner());
        let words = self.words.as_mut_slice();
        rules::check_move::<PLAIN>(words, rule_start, form, winner, cell)?;
        let Some(slot) = words.get_mut(history_end) else {
            return self.grow_and_move(row, col, player);
        };
        // Cell indices are below rows * cols <= 2^32.
        *slot = cell.index as u32;
        self.moves += 1;
        if rules::place::<PLAIN>(words, rule_start, &mut self.counts, form, cell, player) {
            self.win = Some(Win { player, cell: cell.index as u32 });
            return Ok(Some(player));
        }
        Ok(None)
    }

    /// The rest of a checked move whose history has no room left: makes room (or refuses the
    /// move, changing nothing), then moves.
    #[cold]
    #[inline(never)]
    fn grow_and_move(
        &mut self,
        row: usize,
        col: usize,
        player: Player,
    ) -> Result<Option<Player>, Error> {
        let history_start = self.history_start as usize;
        self.words.grow(history_start, history_start + self.form.shape.cells())?;
        self.make_move(row, col, u32::from(player.number()))
    }

    /// Places the mark of the player whose turn it is ([`Game::next_player`]) at (row, col)
    /// and returns the winner after this move.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1)?;
    /// assert_eq!(game.cell(1, 1)?, Some(Player::X));
    /// assert_eq!(game.next_player(), Player::O);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Game::make_move`], without [`Error::InvalidPlayer`].
    #[inline]
    pub fn play(&mut self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        self.make_move(row, col, u32::from(self.next_player().number()))
    }

    /// Places the mark of the player whose turn it is on the lowest free cell of column `col`
    /// (under gravity, the only cell of the column a move may take: Connect Four's move) and
    /// returns that cell's row and the winner after the move. O(1) under gravity; otherwise the
    /// column is searched from the bottom up.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Rules};
    /// let mut game = Game::new(Rules { rows: 2, ..Rules::CONNECT_FOUR })?;
    /// assert_eq!(game.drop(3)?, (1, None));
    /// assert_eq!(game.drop(3)?, (0, None));
    /// assert_eq!(game.drop(3), Err(Error::ColumnFull { col: 3 }));
    /// assert_eq!(game.drop(7), Err(Error::OutOfBounds { row: 0, col: 7, rows: 2, cols: 7 }));
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] (on row 0) unless col is below cols; [`Error::GameOver`];
    /// [`Error::ColumnFull`]; [`Error::AllocFailed`].
    pub fn drop(&mut self, col: usize) -> Result<(usize, Option<Player>), Error> {
        let (words, rule_start) = (self.words.as_slice(), self.rule_start as usize);
        let cell = rules::drop_cell(words, rule_start, self.form, self.winner(), col)?;
        Ok((cell.row, self.play(cell.row, col)?))
    }

    /// Whose turn it is: `X` while `X` has no more marks than `O`, else `O`. In a game played
    /// with [`Game::play`] this is simply alternation with `X` first.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// let mut game = Game::new(3)?;
    /// game.make_move(0, 0, 2)?; // O moved first through LeetCode's move
    /// assert_eq!(game.next_player(), Player::X);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    pub fn next_player(&self) -> Player {
        rules::next_player(&self.counts)
    }

    /// The winner, if somebody has made a winning run.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.win.map(|win| win.player)
    }

    /// In progress, won, or drawn (the board is full and nobody won).
    pub fn status(&self) -> Status {
        rules::status(self.winner(), &self.counts, self.form.shape)
    }

    /// Whether the game is over: won, or drawn with its board full. No move is allowed then.
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let mut game = Game::new(1)?;
    /// assert!(!game.is_over());
    /// game.play(0, 0)?;
    /// assert!(game.is_over());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    pub fn is_over(&self) -> bool {
        rules::is_over(self.winner(), &self.counts, self.form.shape)
    }

    /// Takes back the last move and returns it, restoring everything it changed (winner,
    /// status, turn, `can_win`). O(1). Marks of the starting position a game was built from are
    /// not moves and are never undone.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Move, Player};
    /// let mut game = Game::new(3)?;
    /// let empty = game.clone();
    /// game.play(2, 1)?;
    /// assert_eq!(game.undo()?, Move { row: 2, col: 1, player: Player::X });
    /// assert_eq!(game, empty);
    /// assert_eq!(game.undo(), Err(Error::NothingToUndo));
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::NothingToUndo`] when no move has been made.
    pub fn undo(&mut self) -> Result<Move, Error> {
        self.moves = self.moves.checked_sub(1).ok_or(Error::NothingToUndo)?;
        let end = self.history_end();
        let words = self.words.as_mut_slice();
        let cell = self.form.shape.cell_at(core::mem::take(&mut words[end]) as usize);
        let rule_start = self.rule_start as usize;
        let player = rules::unplace(words, rule_start, &mut self.counts, self.form, cell);
        // Nobody moves after a win, so a win can only have come from the last move.
        self.win = None;
        Ok(Move { row: cell.row, col: cell.col, player })
    }

    /// A copy of the game, like [`Clone::clone`] but reporting memory that cannot be had as
    /// [`Error::AllocFailed`] instead of aborting (what the C face's clone uses).
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let mut game = Game::new(3)?;
    /// game.play(1, 1)?;
    /// assert_eq!(game.try_clone()?, game);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub fn try_clone(&self) -> Result<Game, Error> {
        Ok(Game {
            words: self.words.try_clone()?,
            start: self.start.as_deref().map(try_copy).transpose()?,
            ..*self
        })
    }

    fn move_at(&self, index: usize) -> Move {
        let player = self.holder(index).expect("every cell in the history is marked");
        let cell = self.form.shape.cell_at(index);
        Move { row: cell.row, col: cell.col, player }
    }

    /// Builds a game from a validated position; `at(row, col)` tells each cell's holder and
    /// `win` is what validation found: the winner and the cell of the winning move, which is
    /// placed last (the runs through the last mark are what [`Game::winning_runs`] reads).
    pub(crate) fn from_valid_position(
        form: Form,
        at: impl Fn(usize, usize) -> Option<Player>,
        win: Option<(Player, Cell)>,
    ) -> Result<Game, Error> {
        let mut game = Game::of_form(form)?;
        let rule_start = game.rule_start as usize;
        let words = game.words.as_mut_slice();
        let last = win.map(|(_, cell)| cell.index);
        let marks = (0..form.shape.cells())
            .filter(|&index| Some(index) != last)
            .map(|index| form.shape.cell_at(index))
            .filter_map(|cell| Some((at(cell.row, cell.col)?, cell)))
            .chain(win);
        for (player, cell) in marks {
            // The game is new, so every cell is free.
            rules::place::<false>(words, rule_start, &mut game.counts, form, cell, player);
        }
        game.win = win.map(|(player, cell)| Win { player, cell: cell.index as u32 });
        if game.counts.marks() > 0 {
            game.start = Some(try_copy(&words[..rule_start])?);
        }
        Ok(game)
    }

    /// The holder of the cell (row, col), on the board, in the starting position the game was
    /// built from (nobody's in a game built empty).
    pub(crate) fn starting_cell(&self, row: usize, col: usize) -> Option<Player> {
        board::get(self.start.as_deref()?, self.form.shape.index(row, col))
    }

    /// The game's shape and rules.
    pub(crate) fn form(&self) -> Form {
        self.form
    }

    /// The holder of the cell (row, col), which is on the board.
    fn holder_at(&self, row: usize, col: usize) -> Option<Player> {
        self.holder(self.form.shape.index(row, col))
    }
}

impl fmt::Display for Game {
    /// The board as rows of `X`, `O` and `.`, separated by newlines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(f, self.form.shape, "\n", |row, col| self.holder_at(row, col))
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Moves<'a>(&'a Game);
        impl fmt::Debug for Moves<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list()
                    .entries(self.0.history().map(|m| (m.row, m.col, m.player.number())))
                    .finish()
            }
        }
        f.debug_struct("Game")
            .field("rules", &self.rules())
            .field("status", &self.status())
            .field("starting_position", &self.start.is_some())
            .field("history", &Moves(self))
            .finish()
    }
}
