//! A position as a search plays it: what a search asks at every node, answered by rule state
//! kept move by move rather than by a scan of the board.

use alloc::vec::Vec;

use crate::rules::{self, gravity, Form, Rules, Windows};
use crate::shape::{Cell, Direction, Shape};
use crate::storage::board;
use crate::{Error, Game, Player};

/// A position of any rule set of the family, as a search plays it: the marks, and every
/// k-window (k cells in a row) with the marks each player has in it, kept up to date move by
/// move, so that the questions a search asks at every node take no scan of the board: where a
/// player wins next move ([`Position::winning_cells`], [`Position::wins_at`]), whether a player
/// can still make k in a row ([`Position::can_win`]), which cells a move may take
/// ([`Position::is_playable`], [`Position::landing`]). A move and its undo cost O(k) (the at
/// most 4k windows through the cell; O(k^2) at worst, when many of them turn hot or cold), and
/// copying a position into another of its shape allocates nothing ([`Position::copy_from`]).
///
/// The rules are the game's, the exact rule and gravity included: a search on positions knows
/// nothing of them. A [`Game`] keeps none of this (its moves stay O(1)); a search makes a
/// position from the game it is asked about.
///
/// ```
/// use tictactoe_core::{Game, Player, Position, Rules};
/// // Gomoku, exactly five: X has four in row 7, and one more two cells past their right end.
/// let rules = Rules { exact: true, ..Rules::GOMOKU };
/// let mut game = Game::new(rules)?;
/// for (x, o) in [((7, 3), (0, 0)), ((7, 4), (0, 2)), ((7, 5), (0, 4)), ((7, 6), (0, 6)), ((7, 8), (0, 8))] {
///     game.play_all([x, o])?;
/// }
/// let mut position = Position::new(&game)?;
/// // (7, 2) makes five; (7, 7) would make six, which does not win.
/// let cell = |row, col| position.cell(row, col).unwrap();
/// assert!(position.wins_at(cell(7, 2), Player::X));
/// assert!(!position.wins_at(cell(7, 7), Player::X));
/// assert_eq!(position.winning_cells(Player::X).collect::<Vec<_>>(), [cell(7, 2)]);
/// assert_eq!(position.place(cell(7, 2), Player::X)?, Some(Player::X));
/// assert_eq!(position.winner(), Some(Player::X));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Position {
    form: Form,
    /// The board's cells ([`board`]'s encoding), then from `rule_start` under gravity the
    /// columns' heights: the start of a game's block, so that the rules' checks of a move read
    /// it as they read a game's.
    words: Vec<u32>,
    rule_start: usize,
    windows: Windows,
    /// The marks of X and O.
    marks: [usize; 2],
    winner: Option<Player>,
    /// The cells marked since the load, in order: what [`Position::undo`] takes back.
    history: Vec<u32>,
}

impl Clone for Position {
    /// A copy with the room for moves a loaded position has, so that its moves allocate
    /// nothing either.
    ///
    /// # Panics
    /// When the memory cannot be had ([`Position::try_clone`] says so instead).
    fn clone(&self) -> Position {
        self.try_clone().expect("the memory for a copy of a position")
    }

    /// [`Position::copy_from`]: without allocating when `self` has room.
    ///
    /// # Panics
    /// When the memory cannot be had ([`Position::copy_from`] says so instead).
    fn clone_from(&mut self, other: &Position) {
        self.copy_from(other).expect("the memory for a copy of a position");
    }
}

impl Position {
    /// The position of `game`.
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the memory cannot be had.
    pub fn new(game: &Game) -> Result<Position, Error> {
        let mut position = Position::blank(game.form());
        position.load(game)?;
        Ok(position)
    }

    /// A position of no memory yet, to load or copy into.
    fn blank(form: Form) -> Position {
        Position {
            form,
            words: Vec::new(),
            rule_start: 0,
            windows: Windows::default(),
            marks: [0; 2],
            winner: None,
            history: Vec::new(),
        }
    }

    /// A copy, with the room for moves a loaded position has.
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the memory cannot be had.
    pub fn try_clone(&self) -> Result<Position, Error> {
        let mut copy = Position::blank(self.form);
        copy.copy_from(self)?;
        Ok(copy)
    }

    /// Makes this a copy of `other`, with the room for moves a loaded position has; without
    /// allocating when it has room (as a position of the same shape has): what a search does
    /// once a simulation, to start again from its root.
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the memory cannot be had; the position is then unchanged.
    pub fn copy_from(&mut self, other: &Position) -> Result<(), Error> {
        self.reserve(other.form.shape, other.words.len())?;
        self.form = other.form;
        self.words.clone_from(&other.words);
        self.rule_start = other.rule_start;
        self.windows.clone_from(&other.windows);
        self.marks = other.marks;
        self.winner = other.winner;
        self.history.clone_from(&other.history);
        Ok(())
    }

    /// Makes room for a position of `shape` whose words are `words` long and for a move on
    /// each of its cells, changing nothing else.
    fn reserve(&mut self, shape: Shape, words: usize) -> Result<(), Error> {
        rules::reserve(&mut self.words, words)?;
        rules::reserve(&mut self.history, shape.cells())?;
        self.windows.reserve(shape)
    }

    /// Makes this the position of `game`, reusing this position's memory (a search that keeps
    /// its position between searches allocates once).
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the memory cannot be had; the position is then unchanged.
    pub fn load(&mut self, game: &Game) -> Result<(), Error> {
        let form = game.form();
        let shape = form.shape;
        let rule_start = board::words(shape.cells());
        let heights = if form.variant.gravity() { gravity::words(shape.cols()) } else { 0 };
        let len = rule_start + heights;
        self.reserve(shape, len)?;
        self.form = form;
        self.words.clear();
        self.words.resize(len, 0);
        self.rule_start = rule_start;
        self.windows.clear(shape, form.k());
        self.marks = [0; 2];
        self.history.clear();
        for (index, code) in game.cells().enumerate() {
            if let Some(player) = Player::from_code(u32::from(code)) {
                self.mark(shape.cell_at(index), player);
            }
        }
        self.winner = game.winner();
        Ok(())
    }

    /// The rules and the shape.
    #[inline(always)]
    fn form(&self) -> Form {
        self.form
    }

    /// The position's rules.
    pub fn rules(&self) -> Rules {
        self.form().rules()
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.form().shape.rows()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.form().shape.cols()
    }

    /// The bytes the position holds on the heap: about 56 a cell, against a [`Game`]'s 1 or
    /// less; its room for a move on every cell included, so that no move allocates.
    ///
    /// ```
    /// use tictactoe_core::{Game, Position};
    /// let position = Position::new(&Game::new(15)?)?;
    /// assert_eq!(position.heap_bytes(), 12_660);
    /// assert_eq!(position.clone().heap_bytes(), 12_660);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        let size = core::mem::size_of::<u32>();
        (self.words.capacity() + self.history.capacity()) * size + self.windows.heap_bytes()
    }

    /// The number of cells, rows * cols: cells are numbered from 0, row * cols + col.
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.form().shape.cells()
    }

    /// The number of the cell (row, col).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] unless row is below rows and col below cols.
    #[inline]
    pub fn cell(&self, row: usize, col: usize) -> Result<usize, Error> {
        Ok(self.form().shape.cell(row, col)?.index)
    }

    /// The (row, col) of the cell numbered `cell` (below [`Position::cell_count`]).
    #[inline]
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        let cell = self.form().shape.cell_at(cell);
        (cell.row, cell.col)
    }

    /// The number of marks on the board.
    #[inline]
    pub fn marks(&self) -> usize {
        self.marks[0] + self.marks[1]
    }

    /// Whose turn it is, as [`Game::next_player`] says.
    #[inline]
    pub fn next_player(&self) -> Player {
        if self.marks[0] <= self.marks[1] {
            Player::X
        } else {
            Player::O
        }
    }

    /// The winner, if a mark has made a winning run.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether the game is over: won, or the board full.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.marks() == self.cell_count()
    }

    /// Whether the game can only be drawn: nobody has won, and neither player can make k in a
    /// row any more (a full board included).
    #[inline]
    pub fn is_draw_certain(&self) -> bool {
        self.winner.is_none() && !self.can_win(Player::X) && !self.can_win(Player::O)
    }

    /// Who holds `cell` (nobody for a number past the board).
    #[inline]
    pub fn holder(&self, cell: usize) -> Option<Player> {
        if cell >= self.cell_count() {
            return None;
        }
        board::get(&self.words, cell)
    }

    /// Whether a move may take `cell`: it is on the board and free, and under gravity on the
    /// bottom row or on a mark. (Whether the game is over is [`Position::is_over`]'s.)
    #[inline]
    pub fn is_playable(&self, cell: usize) -> bool {
        let form = self.form();
        cell < form.shape.cells()
            && rules::is_legal(&self.words, self.rule_start, form, form.shape.cell_at(cell))
    }

    /// The lowest free cell of column `col`, if it has one: under gravity the only cell of the
    /// column a move may take, in O(1); otherwise found from the bottom up.
    #[inline]
    pub fn landing(&self, col: usize) -> Option<usize> {
        let form = self.form();
        if col >= form.shape.cols() {
            return None;
        }
        let row = rules::landing_row(&self.words, self.rule_start, form, col)?;
        Some(form.shape.index(row, col))
    }

    /// The cell a mark on `cell` makes playable: under gravity the cell above it (when the
    /// column has one), otherwise none (every free cell is playable already). A search asks it
    /// of a move that would open a winning cell to the opponent.
    #[inline]
    pub fn opens(&self, cell: usize) -> Option<usize> {
        let form = self.form();
        if !form.variant.gravity() || cell >= form.shape.cells() {
            return None;
        }
        Some(form.shape.step(form.shape.cell_at(cell), Direction::Column, -1)?.index)
    }

    /// The number of actions of the game, as a batch numbers them: a cell each (row * cols +
    /// col), or under gravity a column each.
    pub fn action_count(&self) -> usize {
        self.form().action_count()
    }

    /// The cell action `action` marks now, if a move may take it: the cell with that number,
    /// or under gravity the lowest free cell of the column with that number.
    #[inline]
    pub fn action_cell(&self, action: usize) -> Option<usize> {
        if self.form().variant.gravity() {
            self.landing(action)
        } else {
            self.is_playable(action).then_some(action)
        }
    }

    /// The action that marks `cell`: its number, or under gravity its column.
    #[inline]
    pub fn action_of(&self, cell: usize) -> usize {
        let form = self.form();
        if form.variant.gravity() {
            cell % form.shape.cols()
        } else {
            cell
        }
    }

    /// Places `player`'s mark on `cell` and returns the winner after the move, in O(k).
    /// Players need not alternate (as in [`Game::make_move`]).
    ///
    /// # Errors
    /// Checked in this order, and a refused move changes nothing: [`Error::OutOfBounds`] (with
    /// the (row, col) the number names), [`Error::GameOver`], [`Error::Occupied`], under
    /// gravity [`Error::Floating`].
    #[inline]
    pub fn place(&mut self, cell: usize, player: Player) -> Result<Option<Player>, Error> {
        let form = self.form();
        let at = form.shape.cell_of_index(cell)?;
        rules::check_move::<false>(&self.words, self.rule_start, form, self.winner, at)?;
        if self.wins_at(cell, player) {
            self.winner = Some(player);
        }
        self.mark(at, player);
        // Cells are below 2^32; the history has room for every cell.
        self.history.push(cell as u32);
        Ok(self.winner)
    }

    /// Marks `at` for `player` and counts the mark: a move's bookkeeping, unchecked.
    #[inline]
    fn mark(&mut self, at: Cell, player: Player) {
        board::set(&mut self.words, at.index, player);
        if self.form.variant.gravity() {
            gravity::add(&mut self.words[self.rule_start..], at.col);
        }
        self.marks[player.index()] += 1;
        self.windows.count(&self.words, at.index, player, true);
    }

    /// Takes back `player`'s mark on `at`: the exact inverse of [`Position::mark`].
    #[inline]
    fn unmark(&mut self, at: Cell, player: Player) {
        if self.form.variant.gravity() {
            gravity::remove(&mut self.words[self.rule_start..], at.col);
        }
        board::clear(&mut self.words, at.index);
        self.marks[player.index()] -= 1;
        self.windows.count(&self.words, at.index, player, false);
    }

    /// Takes back the last mark placed since the position was loaded (the marks of the game
    /// it was loaded from are never taken back) and returns its cell and player: the exact
    /// inverse of [`Position::place`], in O(k).
    ///
    /// # Errors
    /// [`Error::NothingToUndo`] when no mark was placed since the load.
    #[inline]
    pub fn undo(&mut self) -> Result<(usize, Player), Error> {
        let cell = self.history.pop().ok_or(Error::NothingToUndo)? as usize;
        let at = self.form.shape.cell_at(cell);
        // The history holds marked cells only.
        let player = board::get(&self.words, cell).unwrap_or(Player::X);
        self.unmark(at, player);
        // Nobody moves after a win, so a win can only have come from the last move.
        self.winner = None;
        Ok((cell, player))
    }

    /// Whether a mark of `player` on the free `cell` makes a winning run (whether or not a move
    /// may take the cell yet), under the exact rule too. O(1), or under the exact rule O(k).
    #[inline]
    pub fn wins_at(&self, cell: usize, player: Player) -> bool {
        let form = self.form();
        cell < form.shape.cells()
            && self.windows.wins_at(&self.words, form.shape, form.variant.exact(), cell, player)
    }

    /// The free cells where a mark of `player` makes a winning run, in no particular order:
    /// under gravity some may not be playable yet ([`Position::is_playable`]).
    #[inline]
    pub fn winning_cells(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        let exact = self.form().variant.exact();
        self.windows
            .threats(player)
            .iter()
            .map(|&cell| cell as usize)
            .filter(move |&cell| !exact || self.wins_at(cell, player))
    }

    /// Whether `player` has won or can still win, as [`Game::can_win`] answers: the winner of
    /// a won game can, the other cannot; on a full board neither can (under the exact rule a
    /// window of the player's own overline holds no opponent mark, yet no move is left);
    /// else, whether some k cells in a row hold no mark of the opponent. O(1). Sound: false
    /// only when the player can never win.
    #[inline]
    pub fn can_win(&self, player: Player) -> bool {
        match self.winner {
            Some(winner) => winner == player,
            None => self.marks() < self.cell_count() && self.windows.open_to(player),
        }
    }

    /// How many winning cells (0, 1, or 2 for two or more) a move of `player` on `cell` (0 unless
    /// a move may take it) would make through it that a move may take right after (the opponent
    /// must answer each): 2 is a double threat (an open four, a four-four), which the opponent
    /// cannot block both of. The position is left as it was (it takes `&mut self` to place the
    /// mark for a moment under the exact rule).
    pub fn threats_made(&mut self, cell: usize, player: Player) -> usize {
        let form = self.form();
        if !self.is_playable(cell) {
            return 0;
        }
        if !form.variant.exact() {
            if !form.variant.gravity() {
                // Every free cell is playable.
                return self.windows.made(&self.words, cell, player, false, |_| true);
            }
            // Playable after the mark: now, or opened by it.
            let opens = self.opens(cell);
            let playable = |c: usize| Some(c) == opens || self.is_playable(c);
            return self.windows.made(&self.words, cell, player, false, playable);
        }
        // Under the exact rule a threat may make an overline: each is asked, with the mark
        // placed.
        let at = form.shape.cell_at(cell);
        self.mark(at, player);
        let wins = |c: usize| self.is_playable(c) && self.wins_at(c, player);
        let count = self.windows.made(&self.words, cell, player, true, wins);
        self.unmark(at, player);
        count
    }

    /// The cells within `radius` of `cell` (in the max norm: rows and columns at most `radius`
    /// away; `cell` itself included), row by row; none for a number past the board. Where a
    /// search on a large board looks for moves: near the marks.
    #[inline]
    pub fn near(&self, cell: usize, radius: usize) -> impl Iterator<Item = usize> {
        let shape = self.form.shape;
        let (rows, cols) = (shape.rows(), shape.cols());
        let on = cell < shape.cells();
        let at = shape.cell_at(if on { cell } else { 0 });
        let (first, last) =
            (at.col.saturating_sub(radius), at.col.saturating_add(radius).min(cols - 1));
        let (top, bottom) =
            (at.row.saturating_sub(radius), at.row.saturating_add(radius).min(rows - 1));
        let end = if on { bottom + 1 } else { top };
        // Half-open ranges, which flatten into a tighter loop than inclusive ones.
        (top..end).flat_map(move |row| row * cols + first..row * cols + last + 1)
    }

    /// The marks of X and O (by [`Player::index`]) in each k-window through `cell`: how much
    /// the cell takes part in, for a search's ordering of moves.
    #[inline]
    pub fn windows_through(&self, cell: usize) -> impl Iterator<Item = [usize; 2]> + '_ {
        let cell = if cell < self.cell_count() { Some(cell) } else { None };
        cell.into_iter()
            .flat_map(|cell| self.windows.through(cell))
            .map(|[x, o]| [usize::from(x), usize::from(o)])
    }
}
