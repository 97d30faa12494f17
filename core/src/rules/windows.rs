//! Every k-window of a board (k cells in a row along a row, column or diagonal) and the marks
//! each player has in it, kept move by move: what a search asks of a position at every node,
//! answered without a scan.
//!
//! "Can this player still make k in a row?" is whether some window holds no mark of the
//! opponent: the windows *open* to each player are counted. "Where would this player win next
//! move?" is the empty cell of each window holding k - 1 of the player's marks and none of the
//! opponent's: such a window is *hot*, and its empty cell a *threat*. Free-style, a threat is
//! exactly a cell where a mark wins (the window then holds k: a run of k or more; and a run of k
//! or more through the cell holds such a window). Under the exact rule a threat wins when the
//! window's run stops at its ends: [`Windows::wins_at`] looks at the two cells past them.
//!
//! A move touches the at most 4k windows through its cell, O(k) a move (O(k^2) at worst: each
//! window that turns hot or cold is scanned for its empty cell); the rules' O(1) win
//! rules ([`super::runs`], [`super::bits`], [`super::full_line`]) keep nothing of this, which
//! is why a game does not pay for it and a [`Position`](crate::Position) does.
//!
//! Windows are numbered by their direction and first cell: `d * cells + first`.

use alloc::vec::Vec;

use crate::shape::{Direction, Shape};
use crate::storage::board;
use crate::{Error, Player};

/// No place in a threat list.
const ABSENT: u32 = u32::MAX;

/// The windows of a board, the marks in each, and each player's threats.
#[derive(Debug, Default)]
pub(crate) struct Windows {
    k: usize,
    cells: usize,
    /// The index step to the next cell in each direction ([`Direction::ALL`]'s order).
    stride: [usize; 4],
    /// For direction d and cell c, at `d * cells + c`: the windows through c start `lo..=hi`
    /// cells before it (none when lo > hi). Fixed by the shape and k.
    span: Vec<(u16, u16)>,
    /// The marks of X and O in each window, at `d * cells + first`.
    counts: Vec<[u16; 2]>,
    /// The windows open to each player: holding no mark of the opponent.
    open: [usize; 2],
    /// For each cell and player, the player's hot windows whose empty cell it is.
    hot: Vec<[u16; 2]>,
    /// Each player's threats: the cells with a hot window, in no particular order.
    threats: [Vec<u32>; 2],
    /// Where each cell sits in each player's threat list, or [`ABSENT`].
    place: Vec<[u32; 2]>,
}

/// Room for `len` items in `items`, whose items stay as they are; or [`Error::AllocFailed`].
pub(crate) fn reserve<T>(items: &mut Vec<T>, len: usize) -> Result<(), Error> {
    items.try_reserve(len.saturating_sub(items.len())).map_err(|_| Error::AllocFailed)
}

/// `items` as `len` copies of `value` (in the room [`reserve`] made).
fn fill<T: Clone>(items: &mut Vec<T>, len: usize, value: T) {
    items.clear();
    items.resize(len, value);
}

impl Clone for Windows {
    fn clone(&self) -> Windows {
        let mut windows = Windows::default();
        windows.clone_from(self);
        windows
    }

    /// Copies without allocating when `self` has room: what a search does once a simulation,
    /// to start again from its root. The spans follow from the shape and k: copied only when
    /// those differ.
    fn clone_from(&mut self, other: &Windows) {
        if (self.k, self.cells, self.stride) != (other.k, other.cells, other.stride) {
            self.span.clone_from(&other.span);
        }
        self.k = other.k;
        self.cells = other.cells;
        self.stride = other.stride;
        self.counts.clone_from(&other.counts);
        self.open = other.open;
        self.hot.clone_from(&other.hot);
        self.threats[0].clone_from(&other.threats[0]);
        self.threats[1].clone_from(&other.threats[1]);
        self.place.clone_from(&other.place);
    }
}

impl Windows {
    /// Makes room for the windows of a board of `shape`, changing nothing else.
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub(crate) fn reserve(&mut self, shape: Shape) -> Result<(), Error> {
        let cells = shape.cells();
        let windows = cells.checked_mul(4).ok_or(Error::AllocFailed)?;
        reserve(&mut self.span, windows)?;
        reserve(&mut self.counts, windows)?;
        reserve(&mut self.hot, cells)?;
        reserve(&mut self.place, cells)?;
        for threats in &mut self.threats {
            reserve(threats, cells)?;
        }
        Ok(())
    }

    /// The bytes the table holds on the heap: 52 a cell.
    pub(crate) fn heap_bytes(&self) -> usize {
        fn bytes<T>(items: &Vec<T>) -> usize {
            items.capacity() * core::mem::size_of::<T>()
        }
        bytes(&self.span)
            + bytes(&self.counts)
            + bytes(&self.hot)
            + bytes(&self.place)
            + bytes(&self.threats[0])
            + bytes(&self.threats[1])
    }

    /// Sets up the windows of an empty board of `shape` for k in a row, in the room
    /// [`Windows::reserve`] made.
    pub(crate) fn clear(&mut self, shape: Shape, k: usize) {
        let cells = shape.cells();
        // The anti-diagonal's step is cols - 1: 0 on a single column, whose anti-diagonals are
        // single cells (windows there exist only for k = 1).
        let stride = Direction::ALL.map(|direction| shape.stride(direction) as usize);
        if (self.k, self.cells, self.stride) != (k, cells, stride) || self.span.len() != 4 * cells {
            self.k = k;
            self.cells = cells;
            self.stride = stride;
            fill(&mut self.span, 4 * cells, (1, 0));
            for index in 0..cells {
                let cell = shape.cell_at(index);
                for (d, direction) in Direction::ALL.into_iter().enumerate() {
                    // The cell's place along its line and the line's length.
                    let at = shape.reach(cell, direction, false);
                    let len = at + 1 + shape.reach(cell, direction, true);
                    if len >= k {
                        // A window of k cells starting j cells before: j <= at and
                        // at - j + k <= len. Lines are at most MAX_N = u16::MAX long.
                        let lo = (at + k).saturating_sub(len);
                        let hi = at.min(k - 1);
                        self.span[d * cells + index] = (lo as u16, hi as u16);
                    }
                }
            }
        }
        fill(&mut self.counts, 4 * cells, [0, 0]);
        fill(&mut self.hot, cells, [0, 0]);
        fill(&mut self.place, cells, [ABSENT, ABSENT]);
        self.threats[0].clear();
        self.threats[1].clear();
        // Every window of the empty board is open to both players, and hot when k = 1.
        let windows = (0..4 * cells).filter(|&w| self.starts_window(w)).count();
        self.open = [windows, windows];
        if k == 1 {
            for w in 0..4 * cells {
                if self.starts_window(w) {
                    self.heat(w % cells, 0);
                    self.heat(w % cells, 1);
                }
            }
        }
    }

    /// Whether window `w` (direction `w / cells`, first cell `w % cells`) is on the board: a
    /// window through its first cell starts 0 cells before it (a cell on no window has the span
    /// (1, 0)).
    fn starts_window(&self, w: usize) -> bool {
        self.span[w].0 == 0
    }

    /// Whether `player` may still make k in a row: some window holds no mark of the opponent.
    #[inline]
    pub(crate) fn open_to(&self, player: Player) -> bool {
        self.open[player.index()] > 0
    }

    /// `player`'s threats: the empty cells completing a window of k - 1 of the player's marks
    /// and none of the opponent's.
    #[inline]
    pub(crate) fn threats(&self, player: Player) -> &[u32] {
        &self.threats[player.index()]
    }

    /// Whether the empty `cell` is a threat of `player`.
    #[inline]
    pub(crate) fn is_threat(&self, cell: usize, player: Player) -> bool {
        self.hot[cell][player.index()] > 0
    }

    /// The first cells of the windows through `cell` in direction `d`.
    #[inline]
    fn firsts(&self, cell: usize, d: usize) -> impl Iterator<Item = usize> {
        let (lo, hi) = self.span[d * self.cells + cell];
        let stride = self.stride[d];
        (usize::from(lo)..usize::from(hi) + 1).map(move |j| cell - j * stride)
    }

    /// The marks of X and O (by [`Player::index`]) in each window through `cell`: the four
    /// directions chained (which folds into four plain loops, where a flattened iterator of
    /// iterators does not).
    #[inline]
    pub(crate) fn through(&self, cell: usize) -> impl Iterator<Item = [u16; 2]> + '_ {
        let direction = move |d: usize| {
            self.firsts(cell, d).map(move |first| self.counts[d * self.cells + first])
        };
        direction(0).chain(direction(1)).chain(direction(2)).chain(direction(3))
    }

    /// Whether a mark of `player` on the empty `cell` wins: it is a threat of the player (a run
    /// of k or more), and under the `exact` rule one of its hot windows is the whole run: the
    /// cells just past its two ends are not the player's.
    pub(crate) fn wins_at(
        &self,
        board: &[u32],
        shape: Shape,
        exact: bool,
        cell: usize,
        player: Player,
    ) -> bool {
        if !self.is_threat(cell, player) {
            return false;
        }
        if !exact {
            return true;
        }
        let (p, o, k) = (player.index(), player.opponent().index(), self.k);
        // Whether the cell `steps` cells from `from` in `direction` is on the board and the
        // player's.
        let own = |from: usize, steps: isize, direction: Direction| {
            let first = shape.cell_at(from);
            shape
                .step(first, direction, steps)
                .is_some_and(|c| board::holds(board, c.index, player))
        };
        Direction::ALL.into_iter().enumerate().any(|(d, direction)| {
            self.firsts(cell, d).any(|first| {
                let count = self.counts[d * self.cells + first];
                usize::from(count[p]) + 1 == k
                    && count[o] == 0
                    && !own(first, -1, direction)
                    && !own(first, k as isize, direction)
            })
        })
    }

    /// How many distinct cells (0, 1, or 2 for two or more) of those `accept`s are threats a
    /// mark of `player` on `cell` makes (or made, when `placed`): the other empty cell of each
    /// window through `cell` that the mark brings to k - 1 of the player's marks and none of
    /// the opponent's.
    pub(crate) fn made(
        &self,
        board: &[u32],
        cell: usize,
        player: Player,
        placed: bool,
        mut accept: impl FnMut(usize) -> bool,
    ) -> usize {
        let (mine, theirs, k) = (player.index(), player.opponent().index(), self.k);
        // The player's marks in such a window without this one: k - 2 (none below k = 2).
        let Some(before) = k.checked_sub(2) else { return 0 };
        let marks = before + usize::from(placed);
        let mut found = None;
        for d in 0..4 {
            let (lo, hi) = self.span[d * self.cells + cell];
            let stride = self.stride[d];
            for j in usize::from(lo)..usize::from(hi) + 1 {
                let first = cell - j * stride;
                let counts = self.counts[d * self.cells + first];
                if usize::from(counts[mine]) != marks || counts[theirs] != 0 {
                    continue;
                }
                let other = (0..k)
                    .map(|i| first + i * stride)
                    .find(|&c| c != cell && board::get(board, c).is_none());
                let Some(other) = other.filter(|&other| found != Some(other)) else { continue };
                if accept(other) {
                    if found.is_some() {
                        return 2;
                    }
                    found = Some(other);
                }
            }
        }
        usize::from(found.is_some())
    }

    /// Counts `player`'s mark on `cell`, which the board (`board`) already holds (`add`), or
    /// which it no longer holds (taken back: `add` false).
    ///
    /// A window is hot for side q when it holds k - 1 of q's marks and none of the other's.
    /// With m the window's marks of p (the mover) without this one and t the other's, adding
    /// the mark can only make the window hot for p (t = 0, m = k - 2: its empty cell is to be
    /// found), end p's heat (t = 0, m = k - 1: the mark took the empty cell) or end the other's
    /// (m = 0, t = k - 1: same); taking it back undoes exactly these. Both sides change in one
    /// window only when k = 1; they are then updated X first, as everywhere. Most windows
    /// change neither: their test is one well-predicted branch, and the count of open windows
    /// is kept without one.
    #[inline]
    pub(crate) fn count(&mut self, board: &[u32], cell: usize, player: Player, add: bool) {
        let (cells, k) = (self.cells, self.k);
        let (p, o) = (player.index(), player.opponent().index());
        for d in 0..4 {
            let (lo, hi) = self.span[d * cells + cell];
            let stride = self.stride[d];
            for j in usize::from(lo)..usize::from(hi) + 1 {
                let first = cell - j * stride;
                let count = &mut self.counts[d * cells + first];
                if add {
                    count[p] += 1;
                } else {
                    count[p] -= 1;
                }
                let (m, t) = (usize::from(count[p]) - usize::from(add), usize::from(count[o]));
                // The windows open to the other side: p's first mark closes one.
                let first_mark = usize::from(m == 0);
                self.open[o] =
                    if add { self.open[o] - first_mark } else { self.open[o] + first_mark };
                if (t == 0 && m + 2 >= k) || (m == 0 && t + 1 == k) {
                    self.rewarm(board, cell, d, first, p, (m, t), add);
                }
            }
        }
    }

    /// The heat changes of [`Windows::count`] in the window of direction `d` starting at
    /// `first`, where side `p`'s mark on `cell` was added or taken back, `m` and `t` the
    /// window's marks of p (without this one) and of the other side.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn rewarm(
        &mut self,
        board: &[u32],
        cell: usize,
        d: usize,
        first: usize,
        p: usize,
        (m, t): (usize, usize),
        add: bool,
    ) {
        let k = self.k;
        // Each Some(heated) when it changes; taking back a mark undoes what adding it did.
        let mine = match (t, k - m) {
            (0, 2) => Some(add),
            (0, 1) => Some(!add),
            _ => None,
        };
        let theirs = (m == 0 && t + 1 == k).then_some(!add);
        let (x, o) = if p == 0 { (mine, theirs) } else { (theirs, mine) };
        self.change_heat(board, cell, d, first, add, 0, x);
        self.change_heat(board, cell, d, first, add, 1, o);
    }

    /// Heats (`Some(true)`) or cools (`Some(false)`) for side `q` the window of direction `d`
    /// starting at `first`, after the mark on `cell` was placed (`add`) or taken back.
    #[allow(clippy::too_many_arguments)]
    fn change_heat(
        &mut self,
        board: &[u32],
        cell: usize,
        d: usize,
        first: usize,
        add: bool,
        q: usize,
        change: Option<bool>,
    ) {
        match change {
            // Heated by a mark placed: its one empty cell is to be found; by a mark taken
            // back: it is the cell itself.
            Some(true) if add => {
                let empty = self.empty_in(board, d, first, usize::MAX);
                self.heat(empty, q);
            }
            Some(true) => self.heat(cell, q),
            // Cooled by a mark placed: it took the empty cell; by a mark taken back: the
            // empty cell is the other one.
            Some(false) if add => self.cool(cell, q),
            Some(false) => {
                let empty = self.empty_in(board, d, first, cell);
                self.cool(empty, q);
            }
            None => {}
        }
    }

    /// An empty cell of the window of direction `d` starting at `first`, other than `except`.
    fn empty_in(&self, board: &[u32], d: usize, first: usize, except: usize) -> usize {
        let stride = self.stride[d];
        let empty = (0..self.k)
            .map(|i| first + i * stride)
            .find(|&c| c != except && board::get(board, c).is_none());
        debug_assert!(empty.is_some(), "a hot window has an empty cell besides `except`");
        empty.unwrap_or(first)
    }

    /// One more hot window of side `q` has its empty cell at `cell`.
    fn heat(&mut self, cell: usize, q: usize) {
        self.hot[cell][q] += 1;
        if self.hot[cell][q] == 1 {
            // Cells are below 2^32.
            self.place[cell][q] = self.threats[q].len() as u32;
            self.threats[q].push(cell as u32);
        }
    }

    /// One hot window fewer of side `q` has its empty cell at `cell`.
    fn cool(&mut self, cell: usize, q: usize) {
        self.hot[cell][q] -= 1;
        if self.hot[cell][q] == 0 {
            let at = self.place[cell][q] as usize;
            self.place[cell][q] = ABSENT;
            self.threats[q].swap_remove(at);
            if let Some(&moved) = self.threats[q].get(at) {
                self.place[moved as usize][q] = at as u32;
            }
        }
    }
}
