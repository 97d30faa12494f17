//! The game: validated moves judged in O(1), turn order, status, undo and queries.

use alloc::vec::Vec;
use core::fmt;

use crate::board::{self, try_copy};
use crate::layout::Layout;
use crate::lines::{self, Line};
use crate::position::write_rows;
use crate::rules::{self, Tally};
use crate::words::Words;
use crate::{Error, Player, ReplayError};

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

/// Where a game stands.
///
/// ```
/// use tictactoe_core::{Game, Player, Status};
/// let mut game = Game::new(1)?;
/// assert_eq!(game.status(), Status::InProgress);
/// game.play(0, 0)?;
/// assert_eq!(game.status(), Status::Won(Player::X));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Nobody has won and a cell is still free.
    InProgress,
    /// This player completed a line; no more moves are allowed.
    Won(Player),
    /// The board is full and nobody won (LeetCode 1275's "Draw").
    Draw,
}

impl Status {
    /// The status's stable name: `"in_progress"`, `"won"` or `"draw"`, as every face and the
    /// shared test vectors spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Status::InProgress => "in_progress",
            Status::Won(_) => "won",
            Status::Draw => "draw",
        }
    }
}

/// The winner and the cell of the move that won: every winning line passes through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Win {
    player: Player,
    cell: u32,
}

/// An n x n game of tic-tac-toe whose every move is validated and judged in O(1).
///
/// Memory: 2 bits a cell for the board, 2 x (2n + 2) `u16` line counters and 4 bytes a move of
/// history, in one block; for a game built from a position, a second 2-bit board holding that
/// position (it is what serialization writes). Up to 4 x 4 the block is inside the `Game`
/// and a new game allocates nothing; beyond, it is one heap allocation that grows with the
/// history. [`Game::heap_bytes`] tells the exact figure; for a new game it is 0 bytes at
/// n = 3, 3 372 at n = 100 and 258 072 at n = 1000.
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
    /// The board size: u16 because [`MAX_N`](crate::MAX_N) is `u16::MAX`, which also tells the compiler that
    /// sizes derived from n cannot overflow, so the counters' bounds checks fold away.
    n: u16,
    /// Marks on the board per player index (at most n * n < 2^32).
    marks: [u32; 2],
    /// `open[p]`: lines holding no mark of player index p's opponent.
    open: [u32; 2],
    /// Where the line counters and the history start in `words` (below 2^29 words).
    lines_start: u32,
    history_start: u32,
    /// The number of moves in the history (at most n * n < 2^32).
    moves: u32,
    win: Option<Win>,
    /// The board (`board::words(n * n)` words), then the line counters (`lines::count(n)`
    /// words) from `lines_start`, then the history from `history_start`: the cells
    /// (row * n + col) in the order they were marked (the board tells by whom), `moves` of
    /// them; the rest is zero.
    words: Words,
    /// The board words of the position the game was built from, when it was not built empty.
    base: Option<Vec<u32>>,
}

/// Two games are equal when their boards, histories, winners and starting positions are: the
/// rest is derived from those, and the room kept for more moves is not part of a game.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.n == other.n
            && self.used() == other.used()
            && self.win == other.win
            && self.base == other.base
    }
}

impl Eq for Game {}

impl core::hash::Hash for Game {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.n, self.used(), self.win, &self.base).hash(state);
    }
}

/// History capacity reserved when a game is created on the heap: a small board never
/// reallocates.
const INITIAL_HISTORY: usize = 16;

impl Game {
    /// A new empty game on an n x n board, `X` to move.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, MAX_N};
    /// assert_eq!(Game::new(3)?.n(), 3);
    /// assert_eq!(Game::new(0), Err(Error::InvalidSize { n: 0 }));
    /// assert_eq!(Game::new(MAX_N + 1), Err(Error::InvalidSize { n: MAX_N + 1 }));
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::InvalidSize`] unless 1 <= n <= [`MAX_N`](crate::MAX_N); [`Error::AllocFailed`] when the
    /// memory cannot be had (never an abort).
    #[inline]
    pub fn new(n: usize) -> Result<Game, Error> {
        let Layout { n: side, lines_start, history_start, stride } = Layout::new(n)?;
        let words = Words::zeroed(history_start + (n * n).min(INITIAL_HISTORY), stride)?;
        // n <= MAX_N = u16::MAX (checked by the layout): 2 * MAX_N + 2 lines and 2^28 board
        // words fit in u32.
        Ok(Game {
            n: side,
            marks: [0, 0],
            open: [lines::count(n) as u32; 2],
            lines_start: lines_start as u32,
            history_start: history_start as u32,
            moves: 0,
            win: None,
            words,
            base: None,
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

    /// The board size n.
    #[inline]
    pub fn n(&self) -> usize {
        usize::from(self.n)
    }

    /// Places a mark of `player` (1 or 2) at (row, col) and returns the winner after this move:
    /// LeetCode 348's `move`, with `None` for its 0. Players need not alternate here; see
    /// [`Game::play`] for turn order. O(1) whatever n is.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    /// let mut game = Game::new(2)?;
    /// assert_eq!(game.make_move(0, 0, 2)?, None);
    /// assert_eq!(game.make_move(5, 0, 1), Err(Error::OutOfBounds { row: 5, col: 0, n: 2 }));
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
    /// [`Error::Occupied`], and [`Error::AllocFailed`] when the history cannot grow.
    #[inline(always)]
    pub fn make_move(
        &mut self,
        row: usize,
        col: usize,
        player: u32,
    ) -> Result<Option<Player>, Error> {
        let n = self.n();
        let cell = rules::check_cell(n, row, col)?;
        let player = Player::from_number(player)?;
        let (history_end, winner) = (self.history_end(), self.winner());
        let words = self.words.as_mut_slice();
        rules::check_free(words, winner, row, col, cell)?;
        let Some(slot) = words.get_mut(history_end) else {
            return self.grow_and_move(row, col, player);
        };
        *slot = cell as u32;
        self.moves += 1;
        let tally = Tally { marks: &mut self.marks, open: &mut self.open };
        if rules::place(words, self.lines_start as usize, tally, n, row, col, cell, player) {
            self.win = Some(Win { player, cell: cell as u32 });
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
        self.words.grow(history_start, history_start + self.n() * self.n())?;
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
        if self.marks[0] <= self.marks[1] {
            Player::X
        } else {
            Player::O
        }
    }

    /// The winner, if somebody has completed a line.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.win.map(|win| win.player)
    }

    /// In progress, won, or drawn (the board is full and nobody won).
    pub fn status(&self) -> Status {
        match self.win {
            Some(win) => Status::Won(win.player),
            None if self.marks() == self.n() * self.n() => Status::Draw,
            None => Status::InProgress,
        }
    }

    /// Whether `player` can still complete a line: true for the winner, false when the opponent
    /// has won, otherwise true exactly when some line holds no mark of the opponent. O(1).
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
        match self.win {
            Some(win) => win.player == player,
            None => self.open[player.index()] > 0,
        }
    }

    /// Whether the game can only end in a draw: nobody has won and neither player can complete
    /// a line any more. A full board without a winner is such a draw too.
    pub fn is_draw_certain(&self) -> bool {
        self.win.is_none() && !self.can_win(Player::X) && !self.can_win(Player::O)
    }

    /// The lines the winning move completed (one move can complete up to four); empty while
    /// nobody has won.
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
        let n = self.n();
        let counts = &self.words.as_slice()[self.lines_start as usize..];
        self.win.into_iter().flat_map(move |win| {
            let cell = win.cell as usize;
            Line::through(n, cell / n, cell % n)
                .filter(move |&line| lines::marks(counts, n, win.player, line) == n)
        })
    }

    /// Takes back the last move and returns it, restoring everything it changed (winner,
    /// status, turn, `can_win`). O(1). Marks of the position a game was built from are not
    /// moves and are never undone.
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
        let (n, end) = (self.n(), self.history_end());
        let words = self.words.as_mut_slice();
        let cell = core::mem::take(&mut words[end]) as usize;
        let tally = Tally { marks: &mut self.marks, open: &mut self.open };
        let player = rules::unplace(words, self.lines_start as usize, tally, n, cell);
        let (row, col) = (cell / n, cell % n);
        // Nobody moves after a win, so a win can only have come from the last move.
        self.win = None;
        Ok(Move { row, col, player })
    }

    /// Who holds the cell at (row, col), if anyone.
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, Player};
    /// let mut game = Game::new(3)?;
    /// game.play(0, 2)?;
    /// assert_eq!(game.cell(0, 2)?, Some(Player::X));
    /// assert_eq!(game.cell(1, 1)?, None);
    /// assert_eq!(game.cell(0, 3), Err(Error::OutOfBounds { row: 0, col: 3, n: 3 }));
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] unless row and col are below n.
    pub fn cell(&self, row: usize, col: usize) -> Result<Option<Player>, Error> {
        let n = self.n();
        if row >= n || col >= n {
            return Err(Error::OutOfBounds { row, col, n });
        }
        Ok(self.holder(row * n + col))
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
        board::codes(self.words.as_slice(), self.n() * self.n())
    }

    /// Writes [`Game::cells`] into `out`, which must hold n * n values.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] for any other length; `out` is then untouched.
    pub fn cells_into(&self, out: &mut [u8]) -> Result<(), Error> {
        let expected = self.n() * self.n();
        if out.len() != expected {
            return Err(Error::LengthMismatch { len: out.len(), expected });
        }
        for (slot, code) in out.iter_mut().zip(self.cells()) {
            *slot = code;
        }
        Ok(())
    }

    /// The cells a move may take, as (row, col) in row-major order: the free cells, or none once
    /// somebody has won.
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
        let n = self.n();
        let open = self.win.is_none();
        self.cells()
            .enumerate()
            .filter(move |&(_, code)| open && code == 0)
            .map(move |(cell, _)| (cell / n, cell % n))
    }

    /// The number of [`Game::legal_moves`], without scanning the board: the free cells, none
    /// once somebody has won.
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
        self.n() * self.n() - self.marks()
    }

    /// The number of marks on the board.
    ///
    /// ```
    /// use tictactoe_core::{Game, Player};
    /// let mut game = Game::from_rows(&["X..", ".O.", "..."])?;
    /// game.play(2, 2)?;
    /// assert_eq!((game.marks(), game.marks_of(Player::X)), (3, 2));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[inline]
    pub fn marks(&self) -> usize {
        (self.marks[0] + self.marks[1]) as usize
    }

    /// The number of marks `player` has on the board.
    #[inline]
    pub fn marks_of(&self, player: Player) -> usize {
        self.marks[player.index()] as usize
    }

    /// The moves made, oldest first (not the marks of a position the game was built from).
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

    /// Whether the game was built from a non-empty position (its marks are not in the history).
    pub fn has_base_position(&self) -> bool {
        self.base.is_some()
    }

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
    /// A [`ReplayError`] with the index of the first refused move and its reason.
    pub fn move_all<I>(&mut self, moves: I) -> Result<Option<Player>, ReplayError>
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
    /// A [`ReplayError`] with the index of the first refused move and its reason.
    pub fn play_all<I>(&mut self, moves: I) -> Result<Option<Player>, ReplayError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        self.apply_all(moves, |game, (row, col)| game.play(row, col))
    }

    fn apply_all<I, T>(
        &mut self,
        moves: I,
        mut apply: impl FnMut(&mut Game, T) -> Result<Option<Player>, Error>,
    ) -> Result<Option<Player>, ReplayError>
    where
        I: IntoIterator<Item = T>,
    {
        let start = self.moves;
        for (index, item) in moves.into_iter().enumerate() {
            if let Err(error) = apply(self, item) {
                while self.moves > start {
                    self.undo().expect("moves made by this call can be undone");
                }
                return Err(ReplayError { index, error });
            }
        }
        Ok(self.winner())
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
            n: self.n,
            words: self.words.try_clone()?,
            lines_start: self.lines_start,
            history_start: self.history_start,
            moves: self.moves,
            marks: self.marks,
            open: self.open,
            win: self.win,
            base: self.base.as_deref().map(try_copy).transpose()?,
        })
    }

    /// The heap bytes this game holds (board, counters, history capacity, base position): none
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
            + self.base.as_ref().map_or(0, |base| base.capacity() * core::mem::size_of::<u32>())
    }

    fn move_at(&self, cell: usize) -> Move {
        let player = self.holder(cell).expect("every cell in the history is marked");
        Move { row: cell / self.n(), col: cell % self.n(), player }
    }

    /// Builds a game from a validated position; `at(row, col)` tells each cell's holder and
    /// `win` is what validation found.
    pub(crate) fn from_valid_position(
        n: usize,
        at: impl Fn(usize, usize) -> Option<Player>,
        win: Option<(Player, usize, usize)>,
    ) -> Result<Game, Error> {
        let mut game = Game::new(n)?;
        let lines_start = game.lines_start as usize;
        let words = game.words.as_mut_slice();
        for row in 0..n {
            for col in 0..n {
                if let Some(player) = at(row, col) {
                    // The game is new, so every cell is free.
                    let tally = Tally { marks: &mut game.marks, open: &mut game.open };
                    rules::place(words, lines_start, tally, n, row, col, row * n + col, player);
                }
            }
        }
        game.win = win.map(|(player, row, col)| Win { player, cell: (row * n + col) as u32 });
        if game.marks != [0, 0] {
            game.base = Some(try_copy(&words[..lines_start])?);
        }
        Ok(game)
    }

    /// The holder of each cell of the position the game was built from (all empty if none).
    pub(crate) fn base_cell(&self, row: usize, col: usize) -> Option<Player> {
        self.base.as_deref().and_then(|base| board::get(base, row * self.n() + col))
    }
}

impl fmt::Display for Game {
    /// The board as n lines of `X`, `O` and `.`, separated by newlines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(f, self.n(), "\n", |row, col| self.holder(row * self.n() + col))
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
            .field("n", &self.n)
            .field("status", &self.status())
            .field("base_position", &self.base.is_some())
            .field("history", &Moves(self))
            .finish()
    }
}
