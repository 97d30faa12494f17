//! The board as the searches track it beside the core's game: the marks, the column heights
//! under gravity, and every k-window (k cells in a row, column or diagonal) with the marks each
//! player has in it.
//!
//! Why the searches keep this when the core judges every move: a search asks questions the
//! rules never need, and asks them at every node. "Can this player still make k in a row?" is a
//! count of the windows that hold no mark of the opponent (the core's `can_win` scans the
//! board). "Where would this player win next move?" is the empty cell of each window holding
//! k - 1 of the player's marks and none of the opponent's: such a window is *hot*, and its
//! empty cell a *threat*. Both are kept up to date move by move, in O(k) a move (each cell is
//! in at most 4k windows). The core still has the last word: a threat is a candidate, and a
//! search that needs to know whether a mark wins (under the exact rule, a threat can be an
//! overline) plays it on the game.
//!
//! Windows are numbered by their direction and first cell: `d * cells + first`.

use alloc::vec::Vec;

use tictactoe_core::{Error, Game, Player, Rules};

/// No position in a threat list.
const ABSENT: u32 = u32::MAX;

/// The board of a search: marks, heights, windows and threats.
#[derive(Debug, Default)]
pub(crate) struct Board {
    rows: usize,
    cols: usize,
    k: usize,
    gravity: bool,
    /// The index step to the next cell in each direction: row, column, diagonal (down and
    /// right), anti-diagonal (down and left).
    stride: [usize; 4],
    /// For direction d and cell c, at `d * cells + c`: the windows through c start `lo..=hi`
    /// cells before it (none when lo > hi).
    span: Vec<(u16, u16)>,
    /// The marks of X and O in each window, at `d * cells + first`.
    counts: Vec<[u16; 2]>,
    /// The windows open to each player: holding no mark of the opponent.
    open: [usize; 2],
    /// Each cell's code: 0 empty, 1 X, 2 O.
    cells: Vec<u8>,
    /// Under gravity, the marks in each column.
    heights: Vec<u32>,
    /// For each cell and player, the player's hot windows whose empty cell it is.
    hot: Vec<[u16; 2]>,
    /// Each player's threats: the cells with a hot window, in no particular order.
    threats: [Vec<u32>; 2],
    /// Where each cell sits in each player's threat list, or [`ABSENT`].
    position: Vec<[u32; 2]>,
    /// The number of marks.
    marks: usize,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut board = Board::default();
        board.clone_from(self);
        board
    }

    /// Copies without allocating when `self` already has room: what a search does once a
    /// simulation, to start again from the root.
    fn clone_from(&mut self, other: &Board) {
        // The spans follow from rows, cols and k: copied only when those differ.
        let same = (self.rows, self.cols, self.k, self.span.len())
            == (other.rows, other.cols, other.k, other.span.len());
        self.rows = other.rows;
        self.cols = other.cols;
        self.k = other.k;
        self.gravity = other.gravity;
        self.stride = other.stride;
        if !same {
            self.span.clone_from(&other.span);
        }
        self.counts.clone_from(&other.counts);
        self.open = other.open;
        self.cells.clone_from(&other.cells);
        self.heights.clone_from(&other.heights);
        self.hot.clone_from(&other.hot);
        self.threats[0].clone_from(&other.threats[0]);
        self.threats[1].clone_from(&other.threats[1]);
        self.position.clone_from(&other.position);
        self.marks = other.marks;
    }
}

/// A vector of `len` copies of `value`, or [`Error::AllocFailed`].
fn filled<T: Clone>(items: &mut Vec<T>, len: usize, value: T) -> Result<(), Error> {
    items.clear();
    items.try_reserve(len).map_err(|_| Error::AllocFailed)?;
    items.resize(len, value);
    Ok(())
}

/// A player's index into the per-player arrays: 0 for X, 1 for O.
#[inline(always)]
pub(crate) fn side(player: Player) -> usize {
    usize::from(player.number() - 1)
}

impl Board {
    /// Loads `game`'s position (its rules, marks, and everything derived from them), reusing
    /// the memory of an earlier load.
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub(crate) fn load(&mut self, game: &Game) -> Result<(), Error> {
        let Rules { rows, cols, k, gravity, .. } = game.rules();
        let cells = rows * cols;
        if (self.rows, self.cols, self.k, self.gravity) != (rows, cols, k, gravity)
            || self.span.len() != 4 * cells
        {
            self.rows = rows;
            self.cols = cols;
            self.k = k;
            self.gravity = gravity;
            // The anti-diagonal's step is cols - 1: 0 on a single column, whose anti-diagonals
            // are single cells (windows there exist only for k = 1).
            self.stride = [1, cols, cols + 1, cols - 1];
            filled(&mut self.span, 4 * cells, (1, 0))?;
            for cell in 0..cells {
                let (row, col) = (cell / cols, cell % cols);
                let diagonal = row.min(col);
                let anti = row.min(cols - 1 - col);
                // (the cell's place along its line, the line's length), for each direction.
                let lines = [
                    (col, cols),
                    (row, rows),
                    (diagonal, (rows - (row - diagonal)).min(cols - (col - diagonal))),
                    (anti, (rows - (row - anti)).min(col + anti + 1)),
                ];
                for (d, (at, len)) in lines.into_iter().enumerate() {
                    if len >= k {
                        // A window of k cells starting j cells before: j <= at and
                        // at - j + k <= len. Lines are at most MAX_N = u16::MAX long.
                        let lo = (at + k).saturating_sub(len);
                        let hi = at.min(k - 1);
                        self.span[d * cells + cell] = (lo as u16, hi as u16);
                    }
                }
            }
        }
        filled(&mut self.counts, 4 * cells, [0, 0])?;
        filled(&mut self.cells, cells, 0)?;
        filled(&mut self.heights, if gravity { cols } else { 0 }, 0)?;
        filled(&mut self.hot, cells, [0, 0])?;
        filled(&mut self.position, cells, [ABSENT, ABSENT])?;
        for threats in &mut self.threats {
            threats.clear();
            threats.try_reserve(cells).map_err(|_| Error::AllocFailed)?;
        }
        self.marks = 0;
        // Every window of the empty board is open to both players, and hot when k = 1.
        let windows = (0..4 * cells).filter(|&w| self.starts_window(w)).count();
        self.open = [windows, windows];
        if k == 1 {
            for w in 0..4 * cells {
                if self.starts_window(w) {
                    let cell = w % cells;
                    self.heat(cell, 0);
                    self.heat(cell, 1);
                }
            }
        }
        for (cell, code) in game.cells().enumerate() {
            if let Ok(player) = Player::from_number(u32::from(code)) {
                self.place(cell, player);
            }
        }
        Ok(())
    }

    /// Whether window `w` (direction `w / cells`, first cell `w % cells`) is on the board.
    fn starts_window(&self, w: usize) -> bool {
        // A window starts at a cell when a window through it starts 0 cells before it (the
        // span of a cell on no window is (1, 0)).
        self.span[w].0 == 0
    }

    /// The number of rows.
    #[inline]
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    #[inline]
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    /// The marks in a row that win.
    #[inline]
    pub(crate) fn k(&self) -> usize {
        self.k
    }

    /// The number of cells.
    #[inline]
    pub(crate) fn size(&self) -> usize {
        self.cells.len()
    }

    /// Whether marks fall to the lowest free cell of their column.
    #[inline]
    pub(crate) fn gravity(&self) -> bool {
        self.gravity
    }

    /// The number of marks on the board.
    #[inline]
    pub(crate) fn marks(&self) -> usize {
        self.marks
    }

    /// Whether `cell` is empty.
    #[inline]
    pub(crate) fn is_empty(&self, cell: usize) -> bool {
        self.cells[cell] == 0
    }

    /// The code of `cell`: 0 empty, 1 X, 2 O.
    #[inline]
    pub(crate) fn code(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The cell a mark dropped in `col` lands on, under gravity, if the column has room.
    #[inline]
    pub(crate) fn landing(&self, col: usize) -> Option<usize> {
        let height = self.heights[col] as usize;
        (height < self.rows).then(|| (self.rows - 1 - height) * self.cols + col)
    }

    /// Whether a move may take `cell` now: it is empty and, under gravity, it is its column's
    /// landing cell.
    #[inline]
    pub(crate) fn is_playable(&self, cell: usize) -> bool {
        self.cells[cell] == 0 && (!self.gravity || self.landing(cell % self.cols) == Some(cell))
    }

    /// Whether `player` may still make k in a row: some window holds no mark of the opponent
    /// (a necessary condition, as the core's `can_win`).
    #[inline]
    pub(crate) fn can_win(&self, player: Player) -> bool {
        self.open[side(player)] > 0
    }

    /// `player`'s threats: the empty cells that complete a window of k - 1 of the player's
    /// marks and none of the opponent's. Under gravity some may not be playable yet; under the
    /// exact rule some may make an overline (ask the game).
    #[inline]
    pub(crate) fn threats(&self, player: Player) -> &[u32] {
        &self.threats[side(player)]
    }

    /// Whether `cell` is a threat of `player`.
    #[inline]
    pub(crate) fn is_threat(&self, cell: usize, player: Player) -> bool {
        self.hot[cell][side(player)] > 0
    }

    /// The windows through `cell` in direction `d`, as the first cell of each.
    #[inline]
    pub(crate) fn windows_through(
        &self,
        cell: usize,
        d: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let (lo, hi) = self.span[d * self.cells.len() + cell];
        let stride = self.stride[d];
        (usize::from(lo)..=usize::from(hi)).map(move |j| cell - j * stride)
    }

    /// The marks of X and O in the window of direction `d` starting at `first`.
    #[inline]
    pub(crate) fn counts(&self, d: usize, first: usize) -> [u16; 2] {
        self.counts[d * self.cells.len() + first]
    }

    /// The cells of the window of direction `d` starting at `first`.
    #[inline]
    pub(crate) fn window(&self, d: usize, first: usize) -> impl Iterator<Item = usize> {
        let stride = self.stride[d];
        (0..self.k).map(move |i| first + i * stride)
    }

    /// Records `player`'s mark on the empty `cell`.
    #[inline]
    pub(crate) fn place(&mut self, cell: usize, player: Player) {
        self.cells[cell] = player.number();
        if self.gravity {
            self.heights[cell % self.cols] += 1;
        }
        self.marks += 1;
        self.recount(cell, side(player), true);
    }

    /// Takes back the mark on `cell` (the last one placed in its column under gravity).
    #[inline]
    pub(crate) fn remove(&mut self, cell: usize) {
        let p = usize::from(self.cells[cell]) - 1;
        self.cells[cell] = 0;
        if self.gravity {
            self.heights[cell % self.cols] -= 1;
        }
        self.marks -= 1;
        self.recount(cell, p, false);
    }

    /// Updates the windows through `cell` for the mark of side `p` added or taken away (the
    /// cell itself already updated).
    ///
    /// A window is hot for side q when it holds k - 1 of q's marks and none of the other's.
    /// With m the window's marks of p without this one and t the other's, adding the mark can
    /// only make the window hot for p (t = 0, m = k - 2: its empty cell is to be found), end
    /// p's heat (t = 0, m = k - 1: the mark took the empty cell) or end the other's (m = 0, t =
    /// k - 1: same); taking it back undoes exactly these. Both sides change in one window only
    /// when k = 1; they are then updated X first, as everywhere. Most windows change neither:
    /// their test is one well-predicted branch, and the count of open windows is kept without
    /// one.
    #[inline]
    fn recount(&mut self, cell: usize, p: usize, add: bool) {
        let cells = self.cells.len();
        let k = self.k;
        let o = 1 - p;
        for d in 0..4 {
            let (lo, hi) = self.span[d * cells + cell];
            let stride = self.stride[d];
            for j in usize::from(lo)..=usize::from(hi) {
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
                    self.rewarm(cell, d, first, p, (m, t), add);
                }
            }
        }
    }

    /// The heat changes of [`Board::recount`] in the window of direction `d` starting at
    /// `first`, where side `p`'s mark on `cell` was added or taken back, `m` and `t` the
    /// window's marks of p (without this one) and of the other side.
    #[cold]
    fn rewarm(
        &mut self,
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
        let (x, o_side) = if p == 0 { (mine, theirs) } else { (theirs, mine) };
        self.change_heat(cell, d, first, add, 0, x);
        self.change_heat(cell, d, first, add, 1, o_side);
    }

    /// Heats (`Some(true)`) or cools (`Some(false)`) for side `q` the window of direction `d`
    /// starting at `first`, after the mark on `cell` was placed (`add`) or taken back.
    fn change_heat(
        &mut self,
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
                let empty = self.empty_in(d, first, usize::MAX);
                self.heat(empty, q);
            }
            Some(true) => self.heat(cell, q),
            // Cooled by a mark placed: it took the empty cell; by a mark taken back: the
            // empty cell is the other one.
            Some(false) if add => self.cool(cell, q),
            Some(false) => {
                let empty = self.empty_in(d, first, cell);
                self.cool(empty, q);
            }
            None => {}
        }
    }

    /// An empty cell of the window of direction `d` starting at `first`, other than `except`.
    fn empty_in(&self, d: usize, first: usize, except: usize) -> usize {
        let stride = self.stride[d];
        (0..self.k)
            .map(|i| first + i * stride)
            .find(|&c| c != except && self.cells[c] == 0)
            .unwrap_or(first)
    }

    /// One more hot window of side `q` has its empty cell at `cell`.
    fn heat(&mut self, cell: usize, q: usize) {
        self.hot[cell][q] += 1;
        if self.hot[cell][q] == 1 {
            // Cells are below 2^32.
            self.position[cell][q] = self.threats[q].len() as u32;
            self.threats[q].push(cell as u32);
        }
    }

    /// One hot window fewer of side `q` has its empty cell at `cell`.
    fn cool(&mut self, cell: usize, q: usize) {
        self.hot[cell][q] -= 1;
        if self.hot[cell][q] == 0 {
            let at = self.position[cell][q] as usize;
            self.position[cell][q] = ABSENT;
            self.threats[q].swap_remove(at);
            if let Some(&moved) = self.threats[q].get(at) {
                self.position[moved as usize][q] = at as u32;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// The threats and open windows, counted the slow way.
    fn check(board: &Board, game: &Game) {
        let Rules { rows, cols, k, .. } = game.rules();
        let at = |r: isize, c: isize| -> Option<u8> {
            (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
                .then(|| board.code(r as usize * cols + c as usize))
        };
        let mut open = [0, 0];
        let mut threats = [vec![], vec![]];
        for r in 0..rows as isize {
            for c in 0..cols as isize {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let window: Option<Vec<u8>> =
                        (0..k as isize).map(|i| at(r + i * dr, c + i * dc)).collect();
                    let Some(window) = window else { continue };
                    for q in 0..2u8 {
                        let (mine, theirs) = (q + 1, 2 - q);
                        if !window.contains(&theirs) {
                            open[q as usize] += 1;
                            if window.iter().filter(|&&x| x == mine).count() == k - 1 {
                                let i = window.iter().position(|&x| x == 0).unwrap() as isize;
                                threats[q as usize]
                                    .push(((r + i * dr) * cols as isize + c + i * dc) as u32);
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(board.open, open);
        for (q, expected) in threats.iter_mut().enumerate() {
            expected.sort_unstable();
            expected.dedup();
            let mut mine = board.threats[q].clone();
            mine.sort_unstable();
            assert_eq!(&mine, expected, "side {q}\n{game}");
        }
    }

    #[test]
    fn windows_and_threats_follow_moves_and_undos() {
        let mut state = 5;
        for rules in [
            Rules::tic_tac_toe(3),
            Rules::mnk(4, 6, 3),
            Rules::mnk(6, 4, 3),
            Rules::mnk(5, 5, 1),
            Rules::mnk(1, 7, 2),
            Rules::mnk(7, 1, 3),
            Rules { exact: true, ..Rules::mnk(6, 6, 4) },
            Rules::CONNECT_FOUR,
        ] {
            for _ in 0..20 {
                let mut game = Game::with_rules(rules).unwrap();
                let mut board = Board::default();
                board.load(&game).unwrap();
                check(&board, &game);
                let mut played = vec![];
                while !game.is_over() {
                    let moves: Vec<usize> = game.legal_cells().collect();
                    let cell = moves
                        [tictactoe_core::random::below(&mut state, moves.len() as u64) as usize];
                    assert!(board.is_playable(cell));
                    board.place(cell, game.next_player());
                    game.play(cell / rules.cols, cell % rules.cols).unwrap();
                    played.push(cell);
                    check(&board, &game);
                    let mut loaded = Board::default();
                    loaded.load(&game).unwrap();
                    assert_eq!(loaded.counts, board.counts);
                }
                while let Some(cell) = played.pop() {
                    board.remove(cell);
                    game.undo().unwrap();
                    check(&board, &game);
                }
            }
        }
    }
}
