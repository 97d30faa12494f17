//! The rules of a game, written over borrowed storage so that every owner of games plays by the
//! same code: a [`Game`](crate::Game) over its own block of words, each game of a
//! [`Batch`](crate::Batch) over one stride of the batch's arrays.
//!
//! Here are decided: whose turn it is, when a game is over, whether a cell may take a mark
//! (free, and under gravity on the bottom row or on a mark), which cells and columns a move may
//! take, and (behind this module's functions, which are all the game and the batch call)
//! whether a mark wins. Three win rules sit side by side: [`full_line`], per-player counters of
//! the marks on every line, for k equal to the side of a square board (LeetCode 348, the fast
//! path); [`bits`], each player's marks as one 64-bit word, for free-style k on boards that fit
//! one (Connect Four); and [`runs`], run lengths at the ends of runs, for every other case. Each
//! judges a move in O(1) whatever k.

mod bits;
mod full_line;
pub(crate) mod gravity;
mod runs;
mod set;
mod symmetry;
mod windows;

pub use bits::{Bits, Lines, OverLines};
pub use full_line::Line;
pub use set::Rules;
pub(crate) use set::Variant;
pub use symmetry::Symmetry;
pub(crate) use windows::{reserve, Windows};

use crate::shape::{Cell, Direction, Shape};
use crate::storage::block::Block;
use crate::storage::board;
use crate::{Error, Player};

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
    /// This player made a winning run; no more moves are allowed.
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

/// A run of one player's marks in a row, column or diagonal: its first and last cells as
/// (row, col), the first the one nearer the top (or, along a row, the left).
///
/// ```
/// use tictactoe_core::{Game, Rules, Run};
/// let mut game = Game::new(Rules::mnk(4, 5, 3))?;
/// game.play_all([(3, 1), (0, 0), (3, 2), (0, 4), (3, 3)])?;
/// assert_eq!(game.winning_runs().collect::<Vec<_>>(), [Run { first: (3, 1), last: (3, 3) }]);
/// assert_eq!(Run { first: (3, 1), last: (3, 3) }.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Run {
    /// The first cell (row, col).
    pub first: (usize, usize),
    /// The last cell (row, col).
    pub last: (usize, usize),
}

impl Run {
    /// The number of cells in the run.
    #[allow(clippy::len_without_is_empty)] // a run holds at least one cell
    pub fn len(&self) -> usize {
        self.first.0.abs_diff(self.last.0).max(self.first.1.abs_diff(self.last.1)) + 1
    }

    /// The run's cells (row, col), from the first to the last: what a face highlights.
    ///
    /// ```
    /// use tictactoe_core::Run;
    /// let anti_diagonal = Run { first: (0, 2), last: (2, 0) };
    /// assert_eq!(anti_diagonal.cells().collect::<Vec<_>>(), [(0, 2), (1, 1), (2, 0)]);
    /// let column = Run { first: (1, 4), last: (3, 4) };
    /// assert_eq!(column.cells().collect::<Vec<_>>(), [(1, 4), (2, 4), (3, 4)]);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> {
        let Run { first, last } = *self;
        // The i-th step from `from` toward `to`: a run moves one cell or none a step each way
        // (on a run that is no straight line, the shorter side stops at its end).
        let along = |from: usize, to: usize, i: usize| {
            if to >= from {
                from + i.min(to - from)
            } else {
                from - i.min(from - to)
            }
        };
        (0..self.len()).map(move |i| (along(first.0, last.0, i), along(first.1, last.1, i)))
    }
}

/// A game's shape and the rest of its rules: what every rule function below is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Form {
    pub(crate) shape: Shape,
    pub(crate) variant: Variant,
}

impl Form {
    /// The form of checked rules. Inlined, so that a game made of a size alone (every
    /// constructor's n x n) folds its checks away: out of line, it was a third of the C
    /// ABI's `tictactoe_game_new`.
    ///
    /// # Errors
    /// As [`Rules::check`].
    #[inline]
    pub(crate) const fn of(rules: &Rules) -> Result<Form, Error> {
        match rules.shape() {
            Ok(shape) => Ok(Form { shape, variant: rules.variant() }),
            Err(error) => Err(error),
        }
    }

    /// The form a batch keeps: run lengths a byte each where they fit (sides below 256), which
    /// halves the words a move touches when thousands of games overflow the caches. A single
    /// game keeps them 16 bits wide: its words stay in the cache, and there two lengths a word
    /// make the quicker move (four a word chain each cell's writes).
    pub(crate) const fn for_batch(self) -> Form {
        let fit = runs::fit_bytes(self.shape.rows(), self.shape.cols());
        Form { shape: self.shape, variant: self.variant.with_byte_runs(fit) }
    }

    /// The rules back.
    pub(crate) const fn rules(self) -> Rules {
        self.variant.rules(self.shape)
    }

    /// The marks in a row that win.
    #[inline(always)]
    pub(crate) fn k(self) -> usize {
        self.variant.k_on(self.shape)
    }

    /// Whether a run of `len` marks wins: k or more, or exactly k under the exact rule.
    #[inline(always)]
    pub(crate) fn wins(self, len: usize) -> bool {
        runs::wins(len, self.k(), self.variant.exact())
    }

    /// The words of gravity's column heights, first in the rules' state (so that a drop finds
    /// them at a fixed place): none without gravity.
    #[inline(always)]
    const fn height_words(self) -> usize {
        if self.variant.gravity() {
            gravity::words(self.shape.cols())
        } else {
            0
        }
    }

    /// The words the win rule keeps (line counters, marks or run lengths), after gravity's
    /// heights.
    #[inline(always)]
    const fn win_words(self) -> usize {
        if self.variant.whole_lines() {
            full_line::count(self.shape.rows())
        } else if self.variant.bits() {
            bits::WORDS
        } else {
            runs::words(self.shape.cells(), self.variant.byte_runs())
        }
    }

    /// The words of rule state a game keeps (for any shape whose cell count does not overflow:
    /// the size arithmetic asks for sizes no game has too).
    pub(crate) const fn rule_words(self) -> usize {
        self.height_words() + self.win_words()
    }

    /// The block of a game: its board, the rules' state, its history.
    ///
    /// # Errors
    /// [`Error::AllocFailed`] when the target cannot address it.
    #[inline]
    pub(crate) fn block(self) -> Result<Block, Error> {
        Block::new(self.shape.cells(), self.rule_words())
    }

    /// The number of actions of a batch: [`Rules::actions`].
    pub(crate) const fn action_count(self) -> usize {
        self.rules().actions()
    }
}

/// The words of rule state of n x n tic-tac-toe, for any n (a size no game has included): the
/// arithmetic of [`game_bytes`](crate::game_bytes).
pub(crate) const fn tic_tac_toe_words(n: usize) -> usize {
    full_line::count(n)
}

/// What a game keeps beside its block of words: the marks of each player (by
/// [`Player::index`]), and, for whole lines, how many lines hold no mark of each player's
/// opponent (so that [`can_win`] is O(1) there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Counts {
    marks: [u32; 2],
    open: [u32; 2],
}

impl Counts {
    /// The counts of an empty game: no marks, every line open to both players.
    #[inline]
    pub(crate) fn new(form: Form) -> Counts {
        // 2 * MAX_N + 2 lines fit in u32.
        let lines =
            if form.variant.whole_lines() { full_line::count(form.shape.rows()) } else { 0 };
        Counts { marks: [0; 2], open: [lines as u32; 2] }
    }

    /// The marks on the board (below 2^32).
    #[inline]
    pub(crate) fn marks(&self) -> usize {
        (self.marks[0] + self.marks[1]) as usize
    }

    /// The marks of `player`.
    #[inline]
    pub(crate) fn marks_of(&self, player: Player) -> usize {
        self.marks[player.index()] as usize
    }
}

/// Whose turn it is: `X` while `X` has no more marks than `O`, else `O`. In a game played in
/// turn this is simply alternation with `X` first.
#[inline]
pub(crate) fn next_player(counts: &Counts) -> Player {
    if counts.marks[0] <= counts.marks[1] {
        Player::X
    } else {
        Player::O
    }
}

/// Where a game with this winner and these counts stands on `shape`.
#[inline]
pub(crate) fn status(winner: Option<Player>, counts: &Counts, shape: Shape) -> Status {
    match winner {
        Some(player) => Status::Won(player),
        None if counts.marks() == shape.cells() => Status::Draw,
        None => Status::InProgress,
    }
}

/// Whether a game is over: won, or its board full.
#[inline]
pub(crate) fn is_over(winner: Option<Player>, counts: &Counts, shape: Shape) -> bool {
    status(winner, counts, shape) != Status::InProgress
}

/// The checks of a move's cell after its bounds and its player, on a game's `words` (its
/// [`Block`], the rules' state from `rule_start`): nobody has won (`winner`), the cell is free,
/// and under gravity it sits on the bottom row or on a mark. `PLAIN` says the rules are
/// LeetCode 348's ([`Variant::plain`]), so that its moves compile to the checks they need.
#[inline(always)]
pub(crate) fn check_move<const PLAIN: bool>(
    words: &[u32],
    rule_start: usize,
    form: Form,
    winner: Option<Player>,
    cell: Cell,
) -> Result<(), Error> {
    if let Some(winner) = winner {
        return Err(Error::GameOver { winner });
    }
    if let Some(by) = board::get(words, cell.index) {
        return Err(Error::Occupied { row: cell.row, col: cell.col, by });
    }
    if !PLAIN
        && form.variant.gravity()
        && !gravity::supported(heights(words, rule_start), form.shape, cell)
    {
        return Err(Error::Floating { row: cell.row, col: cell.col });
    }
    Ok(())
}

/// Gravity's column heights in a game's words.
#[inline(always)]
fn heights(words: &[u32], rule_start: usize) -> &[u32] {
    &words[rule_start..]
}

/// The win rule's state in a game's words, after gravity's heights.
#[inline(always)]
fn win_state(words: &[u32], rule_start: usize, form: Form) -> &[u32] {
    &words[rule_start + form.height_words()..]
}

/// Marks `cell` for `player` (a move [`check_move`] accepted) in a game's `words` (its
/// [`Block`], the rules' state from `rule_start`), and tells whether the mark won. The history
/// is the owner's to keep.
#[inline(always)]
pub(crate) fn place<const PLAIN: bool>(
    words: &mut [u32],
    rule_start: usize,
    counts: &mut Counts,
    form: Form,
    cell: Cell,
    player: Player,
) -> bool {
    board::set(words, cell.index, player);
    counts.marks[player.index()] += 1;
    let (board, state) = words.split_at_mut(rule_start);
    if PLAIN {
        // No heights under LeetCode's rules.
        return full_line::add(state, &mut counts.open, form.shape.rows(), cell, player);
    }
    let (heights, state) = state.split_at_mut(form.height_words());
    if form.variant.gravity() {
        gravity::add(heights, cell.col);
    }
    if form.variant.whole_lines() {
        full_line::add(state, &mut counts.open, form.shape.rows(), cell, player)
    } else if form.variant.bits() {
        bits::add(state, form, cell, player)
    } else {
        runs::add(board, state, form, cell, player)
    }
}

/// Takes back the mark at `cell`, the last one placed: the exact inverse of [`place`]. Returns
/// whose it was.
pub(crate) fn unplace(
    words: &mut [u32],
    rule_start: usize,
    counts: &mut Counts,
    form: Form,
    cell: Cell,
) -> Player {
    let player = board::get(words, cell.index).expect("a cell taken back holds a mark");
    let (board, state) = words.split_at_mut(rule_start);
    let (heights, state) = state.split_at_mut(form.height_words());
    if form.variant.gravity() {
        gravity::remove(heights, cell.col);
    }
    if form.variant.whole_lines() {
        full_line::remove(state, &mut counts.open, form.shape, cell, player);
    } else if form.variant.bits() {
        bits::remove(state, form.shape, cell, player);
    } else {
        runs::remove(board, state, form, cell, player);
    }
    board::clear(words, cell.index);
    counts.marks[player.index()] -= 1;
    player
}

/// Whether `player` can still win: true for the winner, false when the opponent has won,
/// otherwise true exactly when some line (for whole lines, in O(1)) or some k cells in a row
/// (on one word a player, in a few shifts; otherwise by a scan of the board: a
/// [`Position`](crate::Position) keeps the windows to answer in O(1)) hold no mark of the
/// opponent. Sound: false only when `player` can never win.
pub(crate) fn can_win(
    words: &[u32],
    rule_start: usize,
    winner: Option<Player>,
    counts: &Counts,
    form: Form,
    player: Player,
) -> bool {
    match winner {
        Some(winner) => winner == player,
        None if form.variant.whole_lines() => counts.open[player.index()] > 0,
        // A full board is drawn: under the exact rule a window of the player's own overline
        // holds no opponent mark, yet no move is left to win with.
        None if counts.marks() == form.shape.cells() => false,
        None if form.variant.bits() => {
            bits::open_to(win_state(words, rule_start, form), form, player)
        }
        None => runs::open_window(words, form.shape, form.k(), player.opponent()),
    }
}

/// The runs a winning move at `cell` by `player` made that win (up to four, one a direction, in
/// the order row, column, diagonal, anti-diagonal), from the rules' state in `words` (from
/// `rule_start`).
pub(crate) fn winning_runs(
    words: &[u32],
    rule_start: usize,
    form: Form,
    cell: Cell,
    player: Player,
) -> impl Iterator<Item = Run> + '_ {
    let (board, state) = (&words[..rule_start], win_state(words, rule_start, form));
    let (shape, n) = (form.shape, form.shape.rows());
    let lines = winning_lines(words, rule_start, form, cell, player)
        .map(move |line| Run { first: line.cell(n, 0), last: line.cell(n, n - 1) });
    let runs = Direction::ALL.into_iter().enumerate().filter_map(move |(d, direction)| {
        if form.variant.whole_lines() {
            return None;
        }
        let (before, after) = if form.variant.bits() {
            bits::around(state, shape, cell, d, player)
        } else {
            runs::around(board, state, form, cell, d, player)
        };
        if !form.wins(before + 1 + after) {
            return None;
        }
        // Every direction steps down or right, so the cells before come first.
        let end = |steps: isize| {
            let end = shape.step(cell, direction, steps).unwrap_or(cell);
            (end.row, end.col)
        };
        Some(Run { first: end(-(before as isize)), last: end(after as isize) })
    });
    lines.chain(runs)
}

/// The whole lines a winning move at `cell` by `player` completed (up to four), from the rules'
/// state in `words` (from `rule_start`): for whole-line rules; none otherwise (a run shorter
/// than its line is no line: see [`winning_runs`]).
pub(crate) fn winning_lines(
    words: &[u32],
    rule_start: usize,
    form: Form,
    cell: Cell,
    player: Player,
) -> impl Iterator<Item = Line> + '_ {
    let (n, counts) = (form.shape.rows(), win_state(words, rule_start, form));
    let whole = form.variant.whole_lines();
    Line::through(form.shape, cell.row, cell.col)
        .filter(move |&line| whole && full_line::marks(counts, n, player, line) == n)
}

/// The lines of the board through (row, col), in the order row, column, diagonal,
/// anti-diagonal (the diagonals of a square board only, and only when the cell is on them).
pub(crate) fn lines_through(shape: Shape, cell: Cell) -> impl Iterator<Item = Line> {
    Line::through(shape, cell.row, cell.col)
}

/// The row of the lowest free cell of column `col`, if it has one: under gravity the only cell
/// of the column a move may take (O(1)), otherwise found from the bottom up.
#[inline]
pub(crate) fn landing_row(
    words: &[u32],
    rule_start: usize,
    form: Form,
    col: usize,
) -> Option<usize> {
    if form.variant.gravity() {
        return gravity::landing_row(heights(words, rule_start), form.shape, col);
    }
    (0..form.shape.rows())
        .rev()
        .find(|&row| board::get(words, form.shape.index(row, col)).is_none())
}

/// Whether a move may take `cell` in a game nobody has won: it is free and, under gravity,
/// supported.
#[inline]
pub(crate) fn is_legal(words: &[u32], rule_start: usize, form: Form, cell: Cell) -> bool {
    board::get(words, cell.index).is_none()
        && (!form.variant.gravity()
            || gravity::supported(heights(words, rule_start), form.shape, cell))
}

/// The number of legal moves of a game in progress with these counts: its free cells, or
/// under gravity its columns with room, which are the free cells of the top row (marks stack
/// from the bottom).
#[inline]
pub(crate) fn legal_count(words: &[u32], form: Form, counts: &Counts) -> usize {
    if form.variant.gravity() {
        return board::free_count(words, form.shape.cols());
    }
    form.shape.cells() - counts.marks()
}

/// The cell a batch's action names in a game (`words`, from `rule_start`) with this winner:
/// the cell with that index, or under gravity the lowest free cell of the column with that
/// index. `PLAIN` as for [`check_move`].
///
/// # Errors
/// [`Error::OutOfBounds`] for an action past the last cell (or column, reported on row 0);
/// [`Error::GameOver`]; [`Error::Occupied`]; [`Error::ColumnFull`].
#[inline(always)]
pub(crate) fn action_cell<const PLAIN: bool>(
    words: &[u32],
    rule_start: usize,
    form: Form,
    winner: Option<Player>,
    action: u32,
) -> Result<Cell, Error> {
    if PLAIN || !form.variant.gravity() {
        let cell = form.shape.cell_of_index(action as usize)?;
        check_move::<PLAIN>(words, rule_start, form, winner, cell)?;
        return Ok(cell);
    }
    drop_cell(words, rule_start, form, winner, action as usize)
}

/// The cell a mark dropped into column `col` lands on (Connect Four's move, under any rules):
/// the lowest free cell of the column.
///
/// # Errors
/// [`Error::OutOfBounds`] (reported on row 0) unless col is below cols; [`Error::GameOver`];
/// [`Error::ColumnFull`].
#[inline]
pub(crate) fn drop_cell(
    words: &[u32],
    rule_start: usize,
    form: Form,
    winner: Option<Player>,
    col: usize,
) -> Result<Cell, Error> {
    form.shape.cell(0, col)?;
    if let Some(winner) = winner {
        return Err(Error::GameOver { winner });
    }
    let row = landing_row(words, rule_start, form, col).ok_or(Error::ColumnFull { col })?;
    Ok(form.shape.cell_on(row, col))
}

/// The action that names `cell` (which is on the board): its index, or under gravity its
/// column.
pub(crate) fn action_of(form: Form, cell: Cell) -> u32 {
    // Cell indices are below 2^32.
    if form.variant.gravity() {
        cell.col as u32
    } else {
        cell.index as u32
    }
}

/// The `nth` legal action (from 0) of a game in progress, if it has more than `nth`: the nth
/// free cell, or under gravity the nth free cell of the top row (as for [`legal_count`]).
#[inline]
pub(crate) fn nth_action(words: &[u32], form: Form, nth: usize) -> Option<u32> {
    let cells = if form.variant.gravity() { form.shape.cols() } else { form.shape.cells() };
    board::nth_free(words, cells, nth).map(|cell| cell as u32)
}

/// Sets `out[action]` (one flag an action, [`Form::action_count`] of them) to whether the action
/// is legal in a game in progress: whether its cell is free, or under gravity its column's top
/// cell (the actions of a column each are the top row's cells, its first).
pub(crate) fn legal_actions_into(words: &[u32], out: &mut [bool]) {
    board::flags_into(words, 0, out);
}
