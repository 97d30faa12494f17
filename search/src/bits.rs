//! Playouts on a board of bits, for gravity boards whose columns fit one 64-bit word with a
//! spare bit each (Connect Four: 7 columns of 6 + 1): the tree search's hot loop, where
//! keeping every k-window's counts (see [`crate::board`]) costs more than asking the bits.
//!
//! A column is `rows + 1` bits, its bottom cell first; the spare bit on top of each column is
//! never set, so that a run followed by shifts stops at the column's end instead of wrapping
//! into the next one (the layout of Pons' Connect Four solver). The cells where a player
//! would complete k in a row, the cells a move can take and whether anyone can still win are
//! a few shifts and masks each, whatever the position; nothing is kept up to date between
//! moves but the two players' marks.
//!
//! Free-style rules only (k or more wins): under the exact rule a completed run can be an
//! overline, which the bits do not tell.

use tictactoe_core::{random, Player};

use crate::board::{side, Board};

/// The shape of a board of bits: its size and the masks every position shares.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shape {
    cols: usize,
    rows: usize,
    k: usize,
    /// Bits a column: the rows and the spare bit.
    height: usize,
    /// Every cell of the board.
    cells: u64,
    /// The bottom cell of every column.
    bottom: u64,
    /// The top cell of every column.
    top: u64,
    /// Whether every shift of a run (k - 1 cells in the longest step) stays within the word,
    /// so that plain shifts serve.
    short: bool,
}

/// The index steps of the four directions: up a column, along a row, and the two diagonals.
fn steps(height: usize) -> [usize; 4] {
    [1, height, height + 1, height - 1]
}

impl Shape {
    /// The shape of `board`'s rules when they are played on bits: gravity, free style, and
    /// `cols * (rows + 1)` at most 64.
    pub(crate) fn of(board: &Board, exact: bool) -> Option<Shape> {
        let (rows, cols) = (board.rows(), board.cols());
        if !board.gravity() || exact || cols * (rows + 1) > 64 {
            return None;
        }
        let height = rows + 1;
        let column = (1u64 << rows) - 1;
        let (mut cells, mut bottom) = (0, 0);
        for col in 0..cols {
            cells |= column << (col * height);
            bottom |= 1 << (col * height);
        }
        let k = board.k();
        let short = (k - 1) * (height + 1) < 64;
        let top = bottom << (rows - 1);
        Some(Shape { cols, rows, k, height, cells, bottom, top, short })
    }

    /// The marks of X and of O on `board`.
    pub(crate) fn marks(&self, board: &Board) -> [u64; 2] {
        let mut marks = [0; 2];
        for cell in 0..board.size() {
            let code = board.code(cell);
            if code != 0 {
                marks[usize::from(code) - 1] |= self.bit(cell);
            }
        }
        marks
    }

    /// The bit of the board's cell index (row 0 at the top: the highest bit of its column).
    #[inline]
    pub(crate) fn bit(&self, cell: usize) -> u64 {
        let (row, col) = (cell / self.cols, cell % self.cols);
        1 << (col * self.height + self.rows - 1 - row)
    }

    /// The empty cells a move can take: the lowest empty cell of each column with room.
    fn playable(&self, taken: u64) -> u64 {
        (taken + self.bottom) & self.cells & !taken
    }

    /// The empty cells where a mark of the player holding `mine` would complete k in a row
    /// (and some taken ones: the playable cells leave them out): in some direction, the k - 1
    /// other cells of a run through the cell, a of them before it and the rest after, are all
    /// the player's. Unrolled for the usual k.
    fn wins(&self, mine: u64) -> u64 {
        let wins = match (self.k, self.short) {
            (3, true) => self.wins_with::<3, true>(mine, 3),
            (4, true) => self.wins_with::<4, true>(mine, 4),
            (5, true) => self.wins_with::<5, true>(mine, 5),
            // k is at most 63: the board is one word.
            (k, _) => self.wins_with::<64, false>(mine, k),
        };
        wins & self.cells
    }

    /// [`Shape::wins`] for `k` (at most `N`), with plain shifts when `PLAIN` (every one stays
    /// within the word).
    #[inline(always)]
    fn wins_with<const N: usize, const PLAIN: bool>(&self, mine: u64, k: usize) -> u64 {
        // Up a column only the cells below count: above an empty cell every cell is empty.
        let mut wins = (1..k).fold(u64::MAX, |run, j| run & before_by::<PLAIN>(mine, j));
        for step in &steps(self.height)[1..] {
            // after[j]: the j cells after are the player's; ahead: the a cells before.
            let mut after = [u64::MAX; N];
            for j in 1..k {
                after[j] = after[j - 1] & after_by::<PLAIN>(mine, j * step);
            }
            let mut ahead = u64::MAX;
            for a in 0..k {
                wins |= ahead & after[k - 1 - a];
                if a + 1 < k {
                    ahead &= before_by::<PLAIN>(mine, (a + 1) * step);
                }
            }
        }
        wins
    }

    /// Whether a player can still make k in a row: a run of k cells none of which is the
    /// opponent's (`theirs`). Unrolled for the usual k.
    fn can_win(&self, theirs: u64) -> bool {
        let open = self.cells & !theirs;
        match (self.k, self.short) {
            (3, true) => self.can_win_with::<true>(open, 3),
            (4, true) => self.can_win_with::<true>(open, 4),
            (5, true) => self.can_win_with::<true>(open, 5),
            (k, _) => self.can_win_with::<false>(open, k),
        }
    }

    /// [`Shape::can_win`] for `k`, with plain shifts when `PLAIN`.
    #[inline(always)]
    fn can_win_with<const PLAIN: bool>(&self, open: u64, k: usize) -> bool {
        steps(self.height)
            .into_iter()
            .any(|step| (1..k).fold(open, |run, j| run & after_by::<PLAIN>(open, j * step)) != 0)
    }

    /// Whether the game of the marks of X and O can only be a draw: the board is full, or
    /// nobody can complete k any more.
    pub(crate) fn is_drawn(&self, marks: [u64; 2]) -> bool {
        marks[0] | marks[1] == self.cells || !self.can_win(marks[0]) && !self.can_win(marks[1])
    }

    /// Plays to the end from the marks of X and O, `player` to move, as the tree's playouts
    /// do (see [`crate::mcts`]): a win when there is one, else a block of the opponent's win
    /// (the lowest, when there are several: the opponent wins anyway), else a column with room
    /// drawn from `state`, in the order of the columns. The winner, `None` for a draw: a full
    /// board, or one where nobody can complete k any more.
    ///
    /// A player's winning cells change only when the player moves (the opponent's marks only
    /// take cells, which the playable cells leave out), and whether a player can still win
    /// only when the opponent moves: each is worked out again then, once a move.
    pub(crate) fn play_out(
        &self,
        mut marks: [u64; 2],
        mut player: Player,
        state: &mut u64,
    ) -> Option<Player> {
        let mut wins = [self.wins(marks[0]), self.wins(marks[1])];
        let mut can_win = [self.can_win(marks[1]), self.can_win(marks[0])];
        // The columns with room, in order; a column leaves when a mark fills it. (At most 32
        // columns: each takes two bits at least.)
        let column = (1u64 << self.rows) - 1;
        let (mut room, mut left) = ([0u8; 32], 0);
        for col in 0..self.cols {
            if (marks[0] | marks[1]) & self.top & column << (col * self.height) == 0 {
                // Below 32.
                room[left] = col as u8;
                left += 1;
            }
        }
        loop {
            let taken = marks[0] | marks[1];
            let (me, them) = (side(player), 1 - side(player));
            if taken == self.cells || !can_win[0] && !can_win[1] {
                return None;
            }
            let playable = self.playable(taken);
            if wins[me] & playable != 0 {
                return Some(player);
            }
            let blocks = wins[them] & playable;
            let cell = if blocks != 0 {
                blocks & blocks.wrapping_neg()
            } else {
                let col = usize::from(room[random::below(state, left as u64) as usize]);
                playable & column << (col * self.height)
            };
            marks[me] |= cell;
            if cell & self.top != 0 {
                let col = cell.trailing_zeros() as usize / self.height;
                let at = room[..left].iter().position(|&c| usize::from(c) == col).unwrap_or(0);
                room.copy_within(at + 1..left, at);
                left -= 1;
            }
            wins[me] = self.wins(marks[me]);
            can_win[them] = can_win[them] && self.can_win(marks[me]);
            player = player.opponent();
        }
    }
}

/// The cells whose cell `by` places after them is in `bits`: a plain shift when `PLAIN` (`by`
/// below 64), else none past the word's end.
#[inline(always)]
fn after_by<const PLAIN: bool>(bits: u64, by: usize) -> u64 {
    if PLAIN {
        bits >> by
    } else {
        u32::try_from(by).ok().and_then(|by| bits.checked_shr(by)).unwrap_or(0)
    }
}

/// The cells whose cell `by` places before them is in `bits`, as [`after_by`].
#[inline(always)]
fn before_by<const PLAIN: bool>(bits: u64, by: usize) -> u64 {
    if PLAIN {
        bits << by
    } else {
        u32::try_from(by).ok().and_then(|by| bits.checked_shl(by)).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;
    use tictactoe_core::{Game, Rules};

    /// The playout of [`Shape::play_out`], written on the core's game, nothing kept: each move
    /// tried on the game to see whether it wins, the columns with room listed in order.
    fn played_out(game: &mut Game, state: &mut u64) -> Option<Player> {
        loop {
            if game.is_over() {
                return game.winner();
            }
            let (me, them) = (game.next_player(), game.next_player().opponent());
            if !game.can_win(me) && !game.can_win(them) {
                return None;
            }
            // The columns with room, in order (the legal moves come in the order of cells).
            let mut columns: Vec<usize> = game.legal_moves().map(|(_, col)| col).collect();
            columns.sort_unstable();
            let wins_for = |game: &Game, player: Player, col: usize| {
                let mut tried = game.try_clone().unwrap();
                let row = tried.legal_moves().find(|&(_, c)| c == col).unwrap().0;
                tried.make_move(row, col, u32::from(player.number())).unwrap() == Some(player)
            };
            if columns.iter().any(|&col| wins_for(game, me, col)) {
                return Some(me);
            }
            let col = match columns.iter().find(|&&col| wins_for(game, them, col)) {
                Some(&col) => col,
                None => columns[random::below(state, columns.len() as u64) as usize],
            };
            game.drop(col).unwrap();
        }
    }

    /// Random gravity rule sets that fit the bits, both the unrolled k and the general path.
    fn rule_sets(state: &mut u64) -> Vec<Rules> {
        let gravity = |rows, cols, k| Rules { rows, cols, k, exact: false, gravity: true };
        // Connect Four; one long row; one column of a whole word; k of 3 to 5 on boards whose
        // shifts leave the word (the general path).
        let mut sets = vec![
            Rules::CONNECT_FOUR,
            gravity(7, 8, 5),
            gravity(1, 32, 4),
            gravity(63, 1, 5),
            gravity(20, 3, 4),
            gravity(31, 2, 3),
        ];
        while sets.len() < 40 {
            let rows = 1 + random::below(state, 8) as usize;
            let cols = 1 + random::below(state, 9) as usize;
            let k = 1 + random::below(state, rows.max(cols) as u64) as usize;
            if cols * (rows + 1) <= 64 {
                sets.push(gravity(rows, cols, k));
            }
        }
        sets
    }

    #[test]
    fn playouts_on_bits_are_the_games_own() {
        let mut state = 11;
        for rules in rule_sets(&mut state) {
            let mut game = Game::with_rules(rules).unwrap();
            let mut board = Board::default();
            for _ in 0..60 {
                board.load(&game).unwrap();
                let shape = Shape::of(&board, false).unwrap();
                let marks = shape.marks(&board);
                let taken = marks[0] | marks[1];
                for player in [Player::X, Player::O] {
                    let (mine, theirs) = (marks[side(player)], marks[1 - side(player)]);
                    // The wins are the window board's threats; can_win its open windows.
                    let wins = shape.wins(mine) & !taken;
                    let expected = board.threats(player).iter().fold(0, |bits, &cell| {
                        bits | 1u64
                            << (cell as usize % rules.cols * shape.height + rules.rows
                                - 1
                                - cell as usize / rules.cols)
                    });
                    assert_eq!(wins, expected, "{rules:?} {player:?}\n{game}");
                    assert_eq!(shape.can_win(theirs), board.can_win(player), "{rules:?}\n{game}");
                }
                if game.is_over() {
                    game = Game::with_rules(rules).unwrap();
                    continue;
                }
                // The same winner, and the same draws from the generator.
                let seed = random::next(&mut state);
                let (mut ours, mut theirs) = (seed, seed);
                let got = shape.play_out(marks, game.next_player(), &mut ours);
                let expected = played_out(&mut game.try_clone().unwrap(), &mut theirs);
                assert_eq!((got, ours), (expected, theirs), "{rules:?}\n{game}");
                let cols: Vec<usize> = game.legal_moves().map(|(_, col)| col).collect();
                game.drop(cols[random::below(&mut state, cols.len() as u64) as usize]).unwrap();
            }
        }
    }

    #[test]
    fn only_gravity_free_style_boards_of_one_word_play_on_bits() {
        let mut board = Board::default();
        for (rules, exact, fits) in [
            (Rules::CONNECT_FOUR, false, true),
            (Rules::CONNECT_FOUR, true, false),
            (Rules::mnk(6, 7, 4), false, false),
            (Rules { rows: 7, cols: 8, k: 4, exact: false, gravity: true }, false, true),
            (Rules { rows: 8, cols: 8, k: 4, exact: false, gravity: true }, false, false),
        ] {
            board.load(&Game::with_rules(rules).unwrap()).unwrap();
            assert_eq!(Shape::of(&board, exact).is_some(), fits, "{rules:?}");
        }
    }
}
