//! A rule set of the k-in-a-row family ([`Rules`]: the board, k, the exact rule, gravity), and
//! the compact form a game keeps of it ([`Variant`]), which also says which win rule judges it.

use super::bits;
use crate::shape::Shape;
use crate::{Error, MAX_N};

/// The rules of one game of the k-in-a-row family: a `rows` x `cols` board, `k` marks in a row,
/// column, diagonal or anti-diagonal to win, whether a run longer than k still wins, and
/// whether marks fall to the lowest free cell of their column.
///
/// ```
/// use tictactoe_core::{Error, Game, Player, Rules};
/// // Connect Four: X wins in column 0 on X's fourth move.
/// let mut game = Game::new(Rules::CONNECT_FOUR)?;
/// for col in [0, 1, 0, 1, 0, 1] {
///     game.drop(col)?;
/// }
/// assert_eq!(game.drop(0)?, (2, Some(Player::X)));
/// // Under gravity a mark cannot float above a free cell.
/// let mut game = Game::new(Rules::CONNECT_FOUR)?;
/// assert_eq!(game.play(0, 0), Err(Error::Floating { row: 0, col: 0 }));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The number of rows, from 1 to [`MAX_N`].
    pub rows: usize,
    /// The number of columns, from 1 to [`MAX_N`].
    pub cols: usize,
    /// The marks in a row that win, from 1 to the longer side.
    pub k: usize,
    /// Whether only a run of exactly k wins (gomoku's standard rule: a longer run, an overline,
    /// does not). Without it, k or more win (freestyle gomoku, m,n,k-games).
    pub exact: bool,
    /// Whether a mark must sit on the bottom row or on another mark (Connect Four).
    pub gravity: bool,
}

impl Rules {
    /// Connect Four: 6 rows, 7 columns, four in a row, gravity.
    pub const CONNECT_FOUR: Rules = Rules { rows: 6, cols: 7, k: 4, exact: false, gravity: true };

    /// Freestyle gomoku: 15 x 15, five or more in a row. Standard gomoku, where six or more do
    /// not win, is `Rules { exact: true, ..Rules::GOMOKU }`.
    pub const GOMOKU: Rules = Rules { rows: 15, cols: 15, k: 5, exact: false, gravity: false };

    /// LeetCode 348's game: n x n, n in a row (what [`Game::new`](crate::Game::new) plays).
    pub const fn tic_tac_toe(n: usize) -> Rules {
        Rules { rows: n, cols: n, k: n, exact: false, gravity: false }
    }

    /// The k of a `rows` x `cols` board when none is given: the longer side (LeetCode 348's n
    /// in a row on n x n). Every face's constructor defaults to it.
    ///
    /// ```
    /// use tictactoe_core::Rules;
    /// assert_eq!(Rules::default_k(6, 7), 7);
    /// assert_eq!(Rules::default_k(3, 3), Rules::tic_tac_toe(3).k);
    /// ```
    pub const fn default_k(rows: usize, cols: usize) -> usize {
        if rows > cols {
            rows
        } else {
            cols
        }
    }

    /// The m,n,k-game: a `rows` x `cols` board, k or more in a row, no gravity.
    pub const fn mnk(rows: usize, cols: usize, k: usize) -> Rules {
        Rules { rows, cols, k, exact: false, gravity: false }
    }

    /// Checks the rules: each side from 1 to [`MAX_N`], 1 <= k <= max(rows, cols). Every game,
    /// batch and position is made through this one check, so that one bad rule set gets one
    /// error whichever way it is given.
    ///
    /// ```
    /// use tictactoe_core::{Error, Rules};
    /// assert!(Rules::GOMOKU.check().is_ok());
    /// assert_eq!(
    ///     Rules::mnk(3, 4, 5).check(),
    ///     Err(Error::InvalidRules { rows: 3, cols: 4, k: 5 })
    /// );
    /// // n x n tic-tac-toe is n alone: its bad n is a bad size, as for `Game::new(0)`.
    /// assert_eq!(Rules::tic_tac_toe(0).check(), Err(Error::InvalidSize { n: 0 }));
    /// assert_eq!(Rules::from(0).check(), Err(Error::InvalidSize { n: 0 }));
    /// assert_eq!(Rules::mnk(0, 0, 1).check(), Err(Error::InvalidRules { rows: 0, cols: 0, k: 1 }));
    /// ```
    ///
    /// # Errors
    /// [`Error::InvalidSize`] for the rules of n x n tic-tac-toe ([`Rules::tic_tac_toe`]) whose
    /// n is 0 or above [`MAX_N`]: the caller gave n alone, and the error names it.
    /// [`Error::InvalidRules`] for every other rule set no game has.
    pub const fn check(&self) -> Result<(), Error> {
        match self.shape() {
            Ok(_) => Ok(()),
            Err(error) => Err(error),
        }
    }

    /// The number of cells, rows * cols.
    pub const fn cells(&self) -> usize {
        self.rows.saturating_mul(self.cols)
    }

    /// The number of actions: a cell each, or under gravity a column each (a batch's legal
    /// mask has this many flags a game).
    ///
    /// ```
    /// use tictactoe_core::Rules;
    /// assert_eq!((Rules::tic_tac_toe(3).actions(), Rules::CONNECT_FOUR.actions()), (9, 7));
    /// ```
    pub const fn actions(&self) -> usize {
        if self.gravity {
            self.cols
        } else {
            self.cells()
        }
    }

    /// The side n when these are LeetCode 348's rules on an n x n board (k = n, no gravity; the
    /// exact rule changes nothing when no run can be longer than k): the rules the perfect-play
    /// tables serve (solving and the computer player serve every rule set).
    ///
    /// ```
    /// use tictactoe_core::Rules;
    /// assert_eq!(Rules::tic_tac_toe(3).tic_tac_toe_side(), Some(3));
    /// assert_eq!(Rules::mnk(3, 3, 2).tic_tac_toe_side(), None);
    /// ```
    pub const fn tic_tac_toe_side(&self) -> Option<usize> {
        if self.rows == self.cols && self.k == self.rows && !self.gravity {
            Some(self.rows)
        } else {
            None
        }
    }

    /// `Some(n)` when these are exactly the rules [`Rules::tic_tac_toe`] makes of n (without
    /// the exact rule, which [`Rules::tic_tac_toe_side`] allows): the rules given as n alone,
    /// written `n=<n>` in the text form, whose bad n is [`Error::InvalidSize`].
    pub(crate) const fn tic_tac_toe_n(&self) -> Option<usize> {
        match self.tic_tac_toe_side() {
            Some(n) if !self.exact => Some(n),
            _ => None,
        }
    }

    /// The checked shape of the board: the one check of rules ([`Rules::check`]).
    #[inline]
    pub(crate) const fn shape(&self) -> Result<Shape, Error> {
        let longer = if self.rows > self.cols { self.rows } else { self.cols };
        match Shape::new(self.rows, self.cols) {
            Some(shape) if self.k >= 1 && self.k <= longer => Ok(shape),
            None if self.tic_tac_toe_n().is_some() => Err(Error::InvalidSize { n: self.rows }),
            _ => Err(Error::InvalidRules { rows: self.rows, cols: self.cols, k: self.k }),
        }
    }

    /// The compact form of checked rules.
    #[inline]
    pub(crate) const fn variant(&self) -> Variant {
        let mut flags = 0;
        if self.exact {
            flags |= Variant::EXACT;
        }
        if self.gravity {
            flags |= Variant::GRAVITY;
        }
        if self.rows == self.cols && self.k == self.rows {
            // k is the side: kept once, in the shape, so that every whole-line variant of one
            // flag set is one value.
            return Variant { k: 0, flags: flags | Variant::WHOLE_LINES };
        }
        if !self.exact && bits::fits(self.rows, self.cols) {
            flags |= Variant::BITS;
        }
        // k <= MAX_N for checked rules.
        Variant { k: self.k as u16, flags }
    }
}

impl From<usize> for Rules {
    /// n x n tic-tac-toe, [`Rules::tic_tac_toe`]: so that every constructor taking rules takes
    /// a size too (`Game::new(3)`, `Game::new(Rules::CONNECT_FOUR)`).
    fn from(n: usize) -> Rules {
        Rules::tic_tac_toe(n)
    }
}

impl Default for Rules {
    /// 3 x 3 tic-tac-toe.
    fn default() -> Rules {
        Rules::tic_tac_toe(3)
    }
}

/// What a game keeps of its rules beside its [`Shape`]: k, and flags for the exact rule,
/// gravity, and which win rule judges it: whole lines (k equal to the side of a square board,
/// per-line counters), each player's marks as one word (free-style on a board that fits one),
/// or run lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Variant {
    k: u16,
    flags: u8,
}

impl Variant {
    const EXACT: u8 = 1;
    const GRAVITY: u8 = 2;
    const WHOLE_LINES: u8 = 4;
    const BITS: u8 = 8;
    const BYTE_RUNS: u8 = 16;

    /// The marks in a row that win (for whole lines, the side: use [`Variant::k_on`]).
    #[inline(always)]
    pub(crate) const fn k_on(self, shape: Shape) -> usize {
        if self.whole_lines() {
            shape.rows()
        } else {
            self.k as usize
        }
    }

    /// Whether only a run of exactly k wins.
    #[inline(always)]
    pub(crate) const fn exact(self) -> bool {
        self.flags & Variant::EXACT != 0
    }

    /// Whether marks fall to the lowest free cell of their column.
    #[inline(always)]
    pub(crate) const fn gravity(self) -> bool {
        self.flags & Variant::GRAVITY != 0
    }

    /// Whether wins are whole lines of a square board, judged by line counters.
    #[inline(always)]
    pub(crate) const fn whole_lines(self) -> bool {
        self.flags & Variant::WHOLE_LINES != 0
    }

    /// Whether wins are judged on each player's marks as one 64-bit word ([`bits`]): k in a
    /// row free-style, not the side of a square board, on a board that fits.
    #[inline(always)]
    pub(crate) const fn bits(self) -> bool {
        self.flags & Variant::BITS != 0
    }

    /// Whether the run lengths ([`runs`](super::runs)) are a byte each (a batch's, on a board
    /// whose sides are below 256: see [`Form::for_batch`](super::Form::for_batch)).
    #[inline(always)]
    pub(crate) const fn byte_runs(self) -> bool {
        self.flags & Variant::BYTE_RUNS != 0
    }

    /// The same rules with run lengths a byte each when `fit` and the runs judge them (not whole
    /// lines, not one word a player).
    pub(crate) const fn with_byte_runs(self, fit: bool) -> Variant {
        if fit && self.flags & (Variant::WHOLE_LINES | Variant::BITS) == 0 {
            Variant { k: self.k, flags: self.flags | Variant::BYTE_RUNS }
        } else {
            self
        }
    }

    /// Whether these are LeetCode 348's rules, whose moves take the fast path: whole lines and
    /// no gravity.
    #[inline(always)]
    pub(crate) const fn plain(self) -> bool {
        self.flags & (Variant::WHOLE_LINES | Variant::GRAVITY) == Variant::WHOLE_LINES
    }

    /// The rules back, on `shape`.
    pub(crate) const fn rules(self, shape: Shape) -> Rules {
        Rules {
            rows: shape.rows(),
            cols: shape.cols(),
            k: self.k_on(shape),
            exact: self.exact(),
            gravity: self.gravity(),
        }
    }
}

/// Sides fit the runs' 16-bit lengths and k fits in a `Variant`.
const _: () = assert!(MAX_N <= u16::MAX as usize);
