//! The win rule of k in a row, free-style (k or more), on boards where each player's marks fit
//! one 64-bit word with a free bit after every row: rows * (cols + 1) <= 64 (Connect Four,
//! 7 x 7, most m,n,k-games people play on). The bit of (row, col) is row * (cols + 1) + col, so
//! that the next cell in a direction is a fixed number of bits on and the free bit ends every
//! row: the marks ANDed with themselves shifted by that step are where two marks in a row
//! start, and k in a row takes O(log k) shifts (at most six on these boards).
//!
//! A move sets one bit and asks whether the player's word now holds k in a row; taking it back
//! clears the bit. This is the runs' rule ([`super::runs`]) at a few instructions a move, for the
//! boards small enough: the runs stay for larger boards and for the game's exact rule.
//!
//! The same layout answers a search's questions of a whole position in a few shifts and masks
//! ([`crate::Bits`]), under the exact rule too (a run's two ends are two more shifts): the cells
//! where a player would win, the cells a move may take, whether a player can still make k in a
//! row.

use super::{Form, Rules};
use crate::shape::{Cell, Direction, Shape};
use crate::storage::board;
use crate::{random, Player};

mod actions;
mod lines;

pub use lines::{Lines, OverLines};

/// The words the two players' marks take: a 64-bit word each, low half first.
pub(crate) const WORDS: usize = 4;

/// Whether the marks of a board of rows x cols fit one 64-bit word a player, with the free bit
/// after each row.
pub(crate) const fn fits(rows: usize, cols: usize) -> bool {
    // Each side is at most MAX_N < 2^16, so the product fits in 64 bits.
    (rows as u64) * (cols as u64 + 1) <= 64
}

/// How many bits on the next cell in `direction` is (the order of
/// [`Direction::ALL`](crate::shape::Direction::ALL): row, column, diagonal, anti-diagonal).
#[inline(always)]
const fn step(shape: Shape, d: usize) -> u32 {
    // The board fits, so cols + 2 <= 65.
    let cols = shape.cols() as u32;
    [1, cols + 1, cols + 2, cols][d]
}

/// The bit of `cell`.
#[inline(always)]
fn bit_of(shape: Shape, cell: Cell) -> u32 {
    // Below 64 on a board that fits.
    (cell.row * (shape.cols() + 1) + cell.col) as u32
}

#[inline(always)]
fn load(state: &[u32], player: Player) -> u64 {
    let at = 2 * player.index();
    u64::from(state[at]) | (u64::from(state[at + 1]) << 32)
}

#[inline(always)]
fn store(state: &mut [u32], player: Player, marks: u64) {
    let at = 2 * player.index();
    // The two halves of the word.
    state[at] = marks as u32;
    state[at + 1] = (marks >> 32) as u32;
}

/// `marks` shifted `by` bits towards bit 0; 0 when that is the whole word or more. Bit 63 is
/// never a mark (a board's last bit, rows * (cols + 1) - 1 at most, is the free one after its
/// last row), so a shift by 63 stands for any longer one, without a branch.
#[inline(always)]
fn down(marks: u64, by: u32) -> u64 {
    marks >> by.min(63)
}

/// Whether `marks` hold `k` (at least 1) in a row in some direction on `shape`.
#[inline(always)]
fn has_run(marks: u64, shape: Shape, k: u32) -> bool {
    any_run(marks, [0, 1, 2, 3].map(|d| step(shape, d)), k)
}

/// [`runs`], with Connect Four's k known when compiled so that its loop unrolls, any other k
/// as it comes (what that saves, and why no other k: docs/performance.md, "Many games at
/// once").
#[inline(always)]
fn any_run(marks: u64, steps: [u32; 4], k: u32) -> bool {
    if k == 4 {
        runs(marks, steps, 4)
    } else {
        runs(marks, steps, k)
    }
}

/// Whether `marks` hold `k` (at least 1) in a row in some direction, each cell a direction's
/// step (of `steps` bits) after the one before ([`run_starts`], the four directions in one
/// loop).
#[inline(always)]
fn runs(marks: u64, steps: [u32; 4], k: u32) -> bool {
    run_starts(marks, steps, k).iter().fold(0, |any, &starts| any | starts) != 0
}

/// In each direction (each a step of `steps` bits), the bits where a run of `k` (at least 1) of
/// `marks` starts: halved down from the starts of runs of `len` to those of `2 * len` until
/// `len` reaches k.
#[inline(always)]
fn run_starts(marks: u64, steps: [u32; 4], k: u32) -> [u64; 4] {
    let (mut starts, mut len) = ([marks; 4], 1);
    while 2 * len <= k {
        for (starts, step) in starts.iter_mut().zip(steps) {
            *starts &= down(*starts, len * step);
        }
        len *= 2;
    }
    if len < k {
        // Runs of len starting k - len <= len apart overlap into runs of k.
        for (starts, step) in starts.iter_mut().zip(steps) {
            *starts &= down(*starts, (k - len) * step);
        }
    }
    starts
}

/// `marks` shifted `by` bits away from bit 0; 0 when that is the whole word or more. The
/// companion of [`down`]: a shift by 63 leaves only bit 0's mark, on bit 63, which is never a
/// cell (the callers keep the cells only), so it stands for any longer shift.
#[inline(always)]
fn up(marks: u64, by: u32) -> u64 {
    marks << by.min(63)
}

/// The cells (some taken) where a mark of the player holding `mine` completes k in a row: in
/// some direction (each a step of `steps` bits), the k - 1 other cells of k in a row through
/// the cell, `a` of them before it and the rest after, are all the player's; and under the
/// `EXACT` rule the cells just past both ends are not (the run is then exactly k). k is at
/// most `N` (equal to it for the usual k, whose loops then unroll). `PLAIN`: every shift of
/// k - 1 steps stays within the word, so that plain shifts serve. Under `gravity` no mark sits
/// above a free cell, so up a column only the cells below count.
#[inline(always)]
fn winning<const N: usize, const PLAIN: bool, const EXACT: bool>(
    mine: u64,
    steps: [u32; 4],
    k: usize,
    gravity: bool,
) -> u64 {
    let later = |marks: u64, by: usize| {
        if PLAIN {
            marks >> by
        } else {
            down(marks, by as u32)
        }
    };
    let earlier = |marks: u64, by: usize| {
        if PLAIN {
            marks << by
        } else {
            up(marks, by as u32)
        }
    };
    // The cells whose cell `by` bits on (`ends_after`) or back (`ends_before`) is not the
    // player's, where a run of exactly k may end; every cell for the free-style rule. Past the
    // word's either end no cell is the player's.
    let ends_after = |by: usize| if EXACT { !down(mine, by as u32) } else { u64::MAX };
    let ends_before = |by: usize| if EXACT { !up(mine, by as u32) } else { u64::MAX };
    let mut wins = 0;
    for (d, step) in steps.into_iter().enumerate() {
        let step = step as usize;
        if gravity && d == 1 {
            // The k - 1 cells below (a row is a step on) are the player's.
            let below = (1..k).fold(u64::MAX, |run, j| run & later(mine, j * step));
            wins |= below & ends_after(k * step);
            continue;
        }
        // after[j]: the cells whose j next cells are all the player's.
        let mut after = [u64::MAX; N];
        for j in 1..k {
            after[j] = after[j - 1] & later(mine, j * step);
        }
        // before: the cells whose `a` cells before are all the player's.
        let mut before = u64::MAX;
        for a in 0..k {
            let b = k - 1 - a;
            wins |= before & ends_before((a + 1) * step) & after[b] & ends_after((b + 1) * step);
            if a + 1 < k {
                before &= earlier(mine, (a + 1) * step);
            }
        }
    }
    wins
}

/// A board of the family whose marks fit one 64-bit word a player (rows * (cols + 1) <= 64:
/// Connect Four, 7 x 7, tic-tac-toe up to 7 x 7), under its win rule, free-style or exact:
/// the masks a search asks of a position, each a few shifts whatever the position. A position is two words, each player's marks (from
/// [`Bits::marks`]), which the caller keeps and changes with [`Bits::bit`]: the searches copy
/// and change them by the million.
///
/// The bit of the cell (row, col) is row * (cols + 1) + col: a free bit ends each row, so that a
/// run followed by shifts stops at the row's end (the layout of the game's own one-word rule).
///
/// ```
/// use tictactoe_core::{Bits, Game, Player, Rules};
/// let mut game = Game::new(Rules::CONNECT_FOUR)?;
/// for col in [3, 4, 3, 4, 3] {
///     game.drop(col)?;
/// }
/// let bits = Bits::of(&Rules::CONNECT_FOUR).unwrap();
/// let [x, o] = bits.marks(game.cells());
/// // X wins on (2, 3), the cell on top of its three, which a move may take now.
/// let wins = bits.winning(x) & bits.playable(x | o);
/// assert_eq!(wins, bits.bit(2 * 7 + 3));
/// assert_eq!(bits.cell(wins), 2 * 7 + 3);
/// assert!(bits.can_win(o) && !bits.wins(x));
/// assert!(bits.wins(x | wins));
/// # Ok::<(), tictactoe_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits {
    shape: Shape,
    k: u32,
    gravity: bool,
    /// Whether a run longer than k does not win (and one can be longer: k is below the longer
    /// side, where the exact rule changes something).
    exact: bool,
    /// Whether k - 1 of the longest step stay within the word: plain shifts then serve.
    short: bool,
    /// The bits on from a cell to the next in each direction.
    steps: [u32; 4],
    /// In each direction the k cells from bit 0 on (the window there, or its part within the
    /// word: a window of the direction is this shifted up).
    windows: [u64; 4],
    /// Every cell of the board.
    cells: u64,
    /// The bottom row's cells.
    bottom: u64,
    /// The first column's cells.
    first_column: u64,
}

impl Bits {
    /// The masks of `rules`' board, or `None` unless the rules are valid and the board fits
    /// one word a player.
    ///
    /// ```
    /// use tictactoe_core::{Bits, Rules};
    /// assert!(Bits::of(&Rules::CONNECT_FOUR).is_some());
    /// assert!(Bits::of(&Rules::tic_tac_toe(7)).is_some());
    /// assert!(Bits::of(&Rules::tic_tac_toe(8)).is_none()); // 8 x 9 bits
    /// let exact = Bits::of(&Rules { exact: true, ..Rules::CONNECT_FOUR }).unwrap();
    /// // Five in the bottom row is no win: a mark between X's two and two wins nothing.
    /// let row = |cols: &[usize]| cols.iter().fold(0, |marks, &col| marks | exact.bit(5 * 7 + col));
    /// assert_eq!(exact.winning(row(&[0, 1, 3, 4])), 0);
    /// assert!(!exact.wins(row(&[0, 1, 2, 3, 4])) && exact.wins(row(&[0, 1, 2, 3])));
    /// ```
    pub fn of(rules: &Rules) -> Option<Bits> {
        let shape = rules.shape().ok()?;
        let (rows, cols) = (shape.rows(), shape.cols());
        if !fits(rows, cols) {
            return None;
        }
        let exact = rules.exact && rules.k < rows.max(cols);
        Some(Bits::on(shape, rules.k, rules.gravity, exact))
    }

    /// The masks of a board of `shape` that fits, for k in a row (at most the longer side),
    /// exactly k when `exact`.
    fn on(shape: Shape, k: usize, gravity: bool, exact: bool) -> Bits {
        let (rows, cols) = (shape.rows(), shape.cols());
        let row = (1u64 << cols) - 1;
        let (mut cells, mut first_column) = (0, 0);
        for r in 0..rows {
            cells |= row << (r * (cols + 1));
            first_column |= 1 << (r * (cols + 1));
        }
        let bottom = row << ((rows - 1) * (cols + 1));
        // k is at most the longer side, below 64 on a board that fits.
        let k = k as u32;
        let steps = [0, 1, 2, 3].map(|d| step(shape, d));
        let short = (k - 1) * steps[2] < 64;
        let windows = steps.map(|step| {
            (0..k).fold(0u64, |window, i| window | 1u64.checked_shl(i * step).unwrap_or(0))
        });
        Bits { shape, k, gravity, exact, short, steps, windows, cells, bottom, first_column }
    }

    /// Every cell of the board.
    #[inline]
    pub fn cells(&self) -> u64 {
        self.cells
    }

    /// Whether the cells `taken` fill the board: a game nobody has won is then drawn.
    ///
    /// ```
    /// use tictactoe_core::{Bits, Rules};
    /// let bits = Bits::of(&Rules::tic_tac_toe(3)).unwrap();
    /// assert!(bits.is_full(bits.cells()));
    /// assert!(!bits.is_full(bits.cells() & !bits.bit(4)));
    /// ```
    #[inline]
    pub fn is_full(&self, taken: u64) -> bool {
        taken & self.cells == self.cells
    }

    /// The bit of the cell with index `cell` (row * cols + col); 0 for an index past the board.
    #[inline]
    pub fn bit(&self, cell: usize) -> u64 {
        if cell >= self.shape.cells() {
            return 0;
        }
        1 << bit_of(self.shape, self.shape.cell_at(cell))
    }

    /// The index row * cols + col of the cell of the lowest bit set in `bits` (of the cells;
    /// 0 when none is set).
    #[inline]
    pub fn cell(&self, bits: u64) -> usize {
        let bit = (bits & self.cells).trailing_zeros() as usize;
        let cols = self.shape.cols();
        if bit >= 64 {
            return 0;
        }
        bit / (cols + 1) * cols + bit % (cols + 1)
    }

    /// The (row, col) of the cell of the lowest bit set in `bits` (of the cells; (0, 0) when
    /// none is set).
    #[inline]
    pub fn row_col(&self, bits: u64) -> (usize, usize) {
        let cell = self.cell(bits);
        (cell / self.shape.cols(), cell % self.shape.cols())
    }

    /// The cells of column `col` (none past the last column).
    #[inline]
    pub fn column(&self, col: usize) -> u64 {
        if col >= self.shape.cols() {
            return 0;
        }
        self.first_column << col
    }

    /// The marks of `X` and of `O` (by [`Player::index`](crate::Player::index)) of the board
    /// whose cell codes (0 empty, 1 `X`, 2 `O`, row-major: [`Game::cells`](crate::Game::cells))
    /// are given.
    pub fn marks(&self, codes: impl IntoIterator<Item = u8>) -> [u64; 2] {
        let mut marks = [0; 2];
        for (cell, code) in codes.into_iter().enumerate() {
            if let Some(player) = Player::from_code(u32::from(code)) {
                marks[player.index()] |= self.bit(cell);
            }
        }
        marks
    }

    /// The free cells a move may take, of the cells `taken`: every free cell, or under gravity
    /// the lowest free cell of each column (on the bottom row, or on a taken cell).
    #[inline(always)]
    pub fn playable(&self, taken: u64) -> u64 {
        let free = self.cells & !taken;
        if self.gravity {
            free & (self.bottom | down(taken, self.shape.cols() as u32 + 1))
        } else {
            free
        }
    }

    /// A playable cell (of the cells `taken`) drawn uniformly from `state`, as a batch draws its
    /// random actions (the same draws): under gravity a column with room, then its lowest free
    /// cell; 0 when no cell is playable.
    #[inline(always)]
    pub fn random_move(&self, taken: u64, state: &mut u64) -> u64 {
        let playable = self.playable(taken);
        // Under gravity the columns with room are the free cells of the top row, bits 0 on.
        let top = (1u64 << self.shape.cols()) - 1;
        let choices = if self.gravity { top & !taken } else { playable };
        let count = choices.count_ones();
        if count == 0 {
            return 0;
        }
        let nth = board::nth_set(choices, random::below(state, u64::from(count)) as usize);
        let chosen = 1u64 << nth.unwrap_or(0);
        if self.gravity {
            playable & (self.first_column << nth.unwrap_or(0))
        } else {
            chosen
        }
    }

    /// The free cells where a mark of the player holding `mine` makes k in a row (exactly k
    /// under the exact rule; AND with [`Bits::playable`] for the moves that win now; what it
    /// says of the opponent's cells is unspecified). Under gravity, of marks a game can hold
    /// (none above a free cell). The usual k unrolled: 3 to 5, and 7 (7 x 7 tic-tac-toe, whose
    /// searches play out 49 cells).
    #[inline(always)]
    pub fn winning(&self, mine: u64) -> u64 {
        let (steps, gravity, mine) = (self.steps, self.gravity, mine & self.cells);
        if self.exact {
            // A run's ends are shifts of k steps, past the word for long lines: never plain.
            let k = self.k as usize;
            let wins = if k <= 8 {
                winning::<8, false, true>(mine, steps, k, gravity)
            } else {
                winning::<64, false, true>(mine, steps, k, gravity)
            };
            return wins & self.cells & !mine;
        }
        let wins = match (self.k, self.short) {
            (3, true) => return self.winning_unrolled::<3>(mine),
            (4, true) => return self.winning_unrolled::<4>(mine),
            (5, true) => return self.winning_unrolled::<5>(mine),
            (7, true) => return self.winning_unrolled::<7>(mine),
            // The loop's table is N words, filled each call: kept small where k is (a table
            // of 64 words cost 7 x 7's search a third of its time). k is below 64 on a board
            // of one word.
            (k @ ..=8, true) => winning::<8, true, false>(mine, steps, k as usize, gravity),
            (k @ ..=8, false) => winning::<8, false, false>(mine, steps, k as usize, gravity),
            (k, true) => winning::<64, true, false>(mine, steps, k as usize, gravity),
            (k, false) => winning::<64, false, false>(mine, steps, k as usize, gravity),
        };
        wins & self.cells & !mine
    }

    /// [`Bits::winning`] for a free-style board whose k is `K` and whose lines shift within
    /// the word (what [`Bits::with_lines`] checks before it hands out such lines).
    #[inline(always)]
    fn winning_unrolled<const K: usize>(&self, mine: u64) -> u64 {
        let mine = mine & self.cells;
        winning::<K, true, false>(mine, self.steps, K, self.gravity) & self.cells & !mine
    }

    /// The cells marks on `cells` make playable: under gravity the cells right above them
    /// (none above the top row); none otherwise (every free cell is playable already).
    #[inline]
    pub fn opens(&self, cells: u64) -> u64 {
        if self.gravity {
            down(cells & self.cells, self.shape.cols() as u32 + 1)
        } else {
            0
        }
    }

    /// The cells a mark on which makes one of `cells` playable: under gravity the cells right
    /// below them (none below the bottom row); none otherwise. What a search leaves out to
    /// not open a cell where the opponent wins: [`Bits::opens`] the other way.
    #[inline]
    pub fn openers(&self, cells: u64) -> u64 {
        if self.gravity {
            up(cells & self.cells, self.shape.cols() as u32 + 1) & self.cells
        } else {
            0
        }
    }

    /// How many bits [`Bits::key`] takes, when one word names every position a game of these
    /// rules can reach: under gravity, on a board with a row to spare in the word (Connect
    /// Four: 55 bits); `None` otherwise (without gravity a position is two words).
    ///
    /// ```
    /// use tictactoe_core::{Bits, Rules};
    /// assert_eq!(Bits::of(&Rules::CONNECT_FOUR).unwrap().key_bits(), Some(55));
    /// assert_eq!(Bits::of(&Rules::tic_tac_toe(3)).unwrap().key_bits(), None);
    /// ```
    pub fn key_bits(&self) -> Option<u32> {
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        let bits = rows * (cols + 1) + cols;
        // Below 64 here: a board of one word has at most 64 cells.
        (self.gravity && bits <= 64).then_some(bits as u32)
    }

    /// A number naming the position where the player to move holds `mine` and the cells
    /// `taken` are taken, below `2^key_bits`, unique among the positions a game can reach
    /// (meaningful only where [`Bits::key_bits`] is `Some`): a transposition table's key. The
    /// mover's marks, a mark on each column's lowest free cell (where its marks end), and for
    /// each full column a mark in a row past the board: read column by column, the highest
    /// mark of a column that is not full is where it ends, so that the marks below it are the
    /// mover's.
    #[inline(always)]
    pub fn key(&self, mine: u64, taken: u64) -> u64 {
        let (rows, cols) = (self.shape.rows() as u32, self.shape.cols() as u32);
        let top = (1u64 << cols) - 1;
        mine | self.playable(taken) | up(taken & top, rows * (cols + 1))
    }

    /// The k-windows (k cells in a row, column or diagonal) through `cell`, as masks (none for
    /// a number past the board): what a search weighs a move by.
    pub fn windows_through(&self, cell: usize) -> impl Iterator<Item = u64> {
        let (shape, k) = (self.shape, self.k as usize);
        let on = cell < shape.cells();
        let at = shape.cell_at(if on { cell } else { 0 });
        let bit = bit_of(shape, at);
        let direction = move |d: usize| {
            let (step, window) = (self.steps[d], self.windows[d]);
            let direction = Direction::ALL[d];
            let (back, ahead) =
                (shape.reach(at, direction, false), shape.reach(at, direction, true));
            // The windows starting j cells back: j <= back and k - 1 - j <= ahead.
            let first = (k - 1).saturating_sub(ahead);
            let last = if on && back + ahead + 1 >= k { back.min(k - 1) + 1 } else { first };
            (first..last).map(move |j| window << (bit - j as u32 * step))
        };
        // Chained, which folds into four plain loops.
        direction(0).chain(direction(1)).chain(direction(2)).chain(direction(3))
    }

    /// The cell where a mark of the player holding `mine` completes `window` (one of
    /// [`Bits::windows_through`]) against the opponent's `theirs`: its one free cell when it
    /// holds k - 1 of `mine` and none of `theirs`, else 0. Free-style a completed window is a
    /// win: the cell is a threat; under the exact rule only where [`Bits::winning`] says so
    /// too (the run may go on past the window).
    #[inline(always)]
    pub fn completes(window: u64, mine: u64, theirs: u64) -> u64 {
        let free = window & !mine;
        // Without a branch: a branch here, taken at random in a search's loop over windows,
        // cost a Connect Four search of 1 000 simulations 14% of its speed.
        let open = (window & theirs == 0) & (free & free.wrapping_sub(1) == 0);
        u64::from(open).wrapping_neg() & free
    }

    /// The index row * cols + col of each cell in `bits`, in the order of the bits (row by row).
    #[inline]
    pub fn cells_in(&self, bits: u64) -> impl Iterator<Item = usize> + '_ {
        let mut left = bits & self.cells;
        core::iter::from_fn(move || {
            let lowest = left & left.wrapping_neg();
            left &= left.wrapping_sub(1);
            (lowest != 0).then(|| self.cell(lowest))
        })
    }

    /// Whether `marks` hold k in a row (a run of exactly k under the exact rule).
    #[inline(always)]
    pub fn wins(&self, marks: u64) -> bool {
        let marks = marks & self.cells;
        if !self.exact {
            return any_run(marks, self.steps, self.k);
        }
        // Runs of k whose cells just before and just after are not the player's.
        let starts = run_starts(marks, self.steps, self.k);
        starts.iter().zip(self.steps).fold(0, |exact, (&starts, step)| {
            exact | starts & !up(marks, step) & !down(marks, self.k * step)
        }) != 0
    }

    /// Whether a run longer than k does not win here: the exact rule, on a board where a run
    /// can be longer than k.
    #[inline]
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Whether a player can still make k in a row against the opponent's marks `theirs`: some
    /// k cells in a row hold none of them (sound: false only when the player can never win).
    #[inline(always)]
    pub fn can_win(&self, theirs: u64) -> bool {
        runs(self.cells & !theirs, self.steps, self.k)
    }
}

/// Adds the mark of `player` at `cell` to the marks in `state` (the block's rule state); tells
/// whether the player now has k in a row under the rules of `form` (free-style).
#[inline(always)]
pub(crate) fn add(state: &mut [u32], form: Form, cell: Cell, player: Player) -> bool {
    let shape = form.shape;
    let marks = load(state, player) | (1 << bit_of(shape, cell));
    store(state, player, marks);
    // k is at most the longer side, below 64 here.
    has_run(marks, shape, form.k() as u32)
}

/// Whether `player` can still make k in a row: some k cells in a row hold none of the
/// opponent's marks in `state` (the block's rule state).
pub(crate) fn open_to(state: &[u32], form: Form, player: Player) -> bool {
    // Whether a run can be made, whatever its length: the exact rule asks the same windows.
    let bits = Bits::on(form.shape, form.k(), form.variant.gravity(), false);
    bits.can_win(load(state, player.opponent()))
}

/// Takes back the mark of `player` at `cell`: the exact inverse of [`add`].
pub(crate) fn remove(state: &mut [u32], shape: Shape, cell: Cell, player: Player) {
    let marks = load(state, player) & !(1 << bit_of(shape, cell));
    store(state, player, marks);
}

/// The marks of `player` before and after `cell` (which holds one of theirs) in its run in
/// direction `d`, counted one bit at a time (for the winning runs a query asks for).
pub(crate) fn around(
    state: &[u32],
    shape: Shape,
    cell: Cell,
    d: usize,
    player: Player,
) -> (usize, usize) {
    let (marks, at, step) = (load(state, player), bit_of(shape, cell), step(shape, d));
    let own = |bit: Option<u32>| bit.is_some_and(|bit| bit < 64 && (marks >> bit) & 1 == 1);
    let count = |towards: fn(u32, u32) -> Option<u32>| {
        (1..).take_while(|&n| own(towards(at, n * step))).count()
    };
    (count(u32::checked_sub), count(u32::checked_add))
}
