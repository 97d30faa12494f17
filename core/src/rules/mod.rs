//! The rules of a game, written over borrowed storage so that every owner of games plays by the
//! same code: a [`Game`](crate::Game) over its own block of words, each game of a
//! [`Batch`](crate::Batch) over one stride of the batch's arrays.
//!
//! Here are decided: whose turn it is, when a game is over, whether a cell may take a mark, and
//! (behind this module's functions, which are all the game and the batch call) whether a mark
//! wins. The win rule today is [`full_line`]: per-player counters of the marks on every line,
//! n in a row on an n x n board.

mod full_line;

pub use full_line::Line;

use crate::shape::{Cell, Shape};
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

/// What a game keeps beside its block of words: the marks of each player (by
/// [`Player::index`]), and how many lines hold no mark of each player's opponent (so that
/// [`can_win`] is O(1)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Counts {
    marks: [u32; 2],
    open: [u32; 2],
}

impl Counts {
    /// The counts of an empty game: no marks, every line open to both players.
    #[inline]
    pub(crate) fn new(shape: Shape) -> Counts {
        // 2 * MAX_N + 2 lines fit in u32.
        let lines = full_line::count(shape.n()) as u32;
        Counts { marks: [0; 2], open: [lines; 2] }
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

/// The block of a game on `shape`: its board, the win rule's state, its history.
///
/// # Errors
/// [`Error::AllocFailed`] when the target cannot address it.
#[inline]
pub(crate) fn block(shape: Shape) -> Result<Block, Error> {
    Block::new(shape.cells(), rule_words(shape.n()))
}

/// The words the win rule keeps for an n x n board (for any n whose n * n does not overflow:
/// the size arithmetic asks for sizes no game has too).
pub(crate) const fn rule_words(n: usize) -> usize {
    full_line::count(n)
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

/// The checks of a move's cell after its bounds and its player: nobody has won (`winner`), and
/// the cell is free on `board`.
#[inline(always)]
pub(crate) fn check_free(board: &[u32], winner: Option<Player>, cell: Cell) -> Result<(), Error> {
    if let Some(winner) = winner {
        return Err(Error::GameOver { winner });
    }
    match board::get(board, cell.index) {
        Some(by) => Err(Error::Occupied { row: cell.row, col: cell.col, by }),
        None => Ok(()),
    }
}

/// Marks `cell` for `player` (a move the checks above accepted) in a game's `words` (its
/// [`Block`], the rule's state from `rule_start`), and tells whether the mark won. The history
/// is the owner's to keep.
#[inline(always)]
pub(crate) fn place(
    words: &mut [u32],
    rule_start: usize,
    counts: &mut Counts,
    shape: Shape,
    cell: Cell,
    player: Player,
) -> bool {
    board::set(words, cell.index, player);
    counts.marks[player.index()] += 1;
    full_line::add(&mut words[rule_start..], &mut counts.open, shape.n(), cell, player)
}

/// Takes back the mark at `cell`: the exact inverse of [`place`]. Returns whose it was.
pub(crate) fn unplace(
    words: &mut [u32],
    rule_start: usize,
    counts: &mut Counts,
    shape: Shape,
    cell: Cell,
) -> Player {
    let player = board::get(words, cell.index).expect("a cell taken back holds a mark");
    board::clear(words, cell.index);
    counts.marks[player.index()] -= 1;
    full_line::remove(&mut words[rule_start..], &mut counts.open, shape.n(), cell, player);
    player
}

/// Whether `player` can still win: true for the winner, false when the opponent has won,
/// otherwise true exactly when some line holds no mark of the opponent. O(1).
#[inline]
pub(crate) fn can_win(winner: Option<Player>, counts: &Counts, player: Player) -> bool {
    match winner {
        Some(winner) => winner == player,
        None => counts.open[player.index()] > 0,
    }
}

/// The lines a winning move at `cell` by `player` completed (up to four), from the rule's state
/// in `words` (from `rule_start`).
pub(crate) fn winning_lines(
    words: &[u32],
    rule_start: usize,
    shape: Shape,
    cell: Cell,
    player: Player,
) -> impl Iterator<Item = Line> + '_ {
    let (n, counts) = (shape.n(), &words[rule_start..]);
    Line::through(n, cell.row, cell.col)
        .filter(move |&line| full_line::marks(counts, n, player, line) == n)
}

/// The lines of an n x n board through (row, col), in the order row, column, diagonal,
/// anti-diagonal: what a move there can complete.
pub(crate) fn lines_through(shape: Shape, cell: Cell) -> impl Iterator<Item = Line> {
    Line::through(shape.n(), cell.row, cell.col)
}
