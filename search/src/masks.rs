//! A simulation's position on a board of one word a player (Connect Four, tic-tac-toe up to
//! 7 x 7): the two players' marks as masks, every question the tactics and the playouts ask
//! answered by the core's [`Bits`] in a few shifts. Copying it is copying two words, which is
//! what the tree search does once a simulation.
//!
//! Here a move is named by its bit (0 to 63), not by its cell: the tree and the tactics only
//! pass moves back, and a bit needs no division to find (the search turns the move it chooses
//! into a cell once, with [`Masks::cell`]).

use alloc::vec::Vec;

use tictactoe_core::{Bits, Error, Player};

use crate::tactics::{window_promise, Stamps, Tactical};

/// Bits a word.
const BITS: usize = 64;

/// The k-windows through each bit of a board, as masks: what the tactics weigh a move by.
#[derive(Debug)]
pub(crate) struct Windows {
    /// Every bit's windows, bit by bit.
    masks: Vec<u64>,
    /// Where each bit's windows start in `masks` (and end, at the next bit's start).
    starts: [u16; BITS + 1],
}

impl Default for Windows {
    fn default() -> Windows {
        Windows { masks: Vec::new(), starts: [0; BITS + 1] }
    }
}

impl Windows {
    /// The windows of `bits`' board, in this table's memory.
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub(crate) fn load(&mut self, bits: Bits) -> Result<(), Error> {
        let cells = bits.cells().count_ones() as usize;
        let mut through: [Option<usize>; BITS] = [None; BITS];
        for cell in 0..cells {
            through[bits.bit(cell).trailing_zeros() as usize] = Some(cell);
        }
        self.masks.clear();
        for (bit, cell) in through.into_iter().enumerate() {
            // At most 4k windows of at most 64 cells a bit: below 2^16 in all.
            self.starts[bit] = self.masks.len() as u16;
            if let Some(cell) = cell {
                let windows = bits.windows_through(cell);
                self.masks.try_reserve(4 * 64).map_err(|_| Error::AllocFailed)?;
                self.masks.extend(windows);
            }
        }
        self.starts[BITS] = self.masks.len() as u16;
        Ok(())
    }

    /// The windows through bit `bit`.
    #[inline]
    fn through(&self, bit: usize) -> &[u64] {
        &self.masks[usize::from(self.starts[bit])..usize::from(self.starts[bit + 1])]
    }
}

/// The marks of X and O (by [`Player::index`]) on a board of [`Bits`], and the root's, which
/// each simulation starts from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Masks<'a> {
    bits: Bits,
    windows: &'a Windows,
    root: [u64; 2],
    marks: [u64; 2],
}

impl Masks<'_> {
    /// The position of the marks `root` (of X and O) on the board of `bits`, whose windows
    /// `windows` holds.
    pub(crate) fn new(bits: Bits, windows: &Windows, root: [u64; 2]) -> Masks<'_> {
        Masks { bits, windows, root, marks: root }
    }

    /// The cell (row, col) of the move `bit`.
    pub(crate) fn row_col(&self, bit: usize) -> (usize, usize) {
        self.bits.row_col(1 << bit)
    }

    /// Starts a simulation from the root.
    #[inline]
    pub(crate) fn restart(&mut self) {
        self.marks = self.root;
    }

    /// The taken cells.
    #[inline]
    fn taken(&self) -> u64 {
        self.marks[0] | self.marks[1]
    }

    /// Plays `player`'s mark on the playable `bit`; whether it won.
    #[inline]
    pub(crate) fn play(&mut self, bit: usize, player: Player) -> bool {
        self.advance(bit, player);
        self.bits.wins(self.marks[player.index()])
    }

    /// Plays `player`'s mark on the playable `bit`, which the caller knows does not win.
    #[inline]
    pub(crate) fn advance(&mut self, bit: usize, player: Player) {
        self.marks[player.index()] |= 1 << bit;
    }

    /// Whether the game can only be drawn: the board is full, or nobody can make k in a row.
    #[inline]
    pub(crate) fn is_drawn(&self) -> bool {
        let [x, o] = self.marks;
        self.bits.is_full(x | o) || !self.bits.can_win(x) && !self.bits.can_win(o)
    }

    /// Plays to the end, `player` to move: a win when there is one, else a block of the
    /// opponent's win (the first, when there are several: the opponent wins anyway), else a
    /// playable cell drawn from `state`. The winner, `None` for a draw.
    ///
    /// A player's winning cells change only when the player moves (the opponent's marks only
    /// take cells, which the playable cells leave out), and whether a player can still win
    /// only when the opponent moves: each is worked out again then, once a move.
    pub(crate) fn play_out(&mut self, mut player: Player, state: &mut u64) -> Option<Player> {
        let (bits, mut marks) = (self.bits, self.marks);
        let mut wins = [bits.winning(marks[0]), bits.winning(marks[1])];
        let mut can_win = [bits.can_win(marks[1]), bits.can_win(marks[0])];
        loop {
            let taken = marks[0] | marks[1];
            let (me, them) = (player.index(), player.opponent().index());
            if bits.is_full(taken) || !can_win[0] && !can_win[1] {
                return None;
            }
            let playable = bits.playable(taken);
            if wins[me] & playable != 0 {
                return Some(player);
            }
            let blocks = wins[them] & playable;
            let bit = if blocks != 0 {
                blocks & blocks.wrapping_neg()
            } else {
                bits.random_move(taken, state)
            };
            marks[me] |= bit;
            wins[me] = bits.winning(marks[me]);
            can_win[them] = can_win[them] && bits.can_win(marks[me]);
            player = player.opponent();
        }
    }

    /// The marks of `player` and of the opponent.
    #[inline]
    fn sides(&self, player: Player) -> (u64, u64) {
        (self.marks[player.index()], self.marks[player.opponent().index()])
    }
}

/// Appends the bits set in `bits`, lowest first (the order of the cells).
#[inline]
fn push_bits(mut bits: u64, out: &mut Vec<u32>) {
    while bits != 0 {
        out.push(bits.trailing_zeros());
        bits &= bits - 1;
    }
}

impl Tactical for Masks<'_> {
    fn cell_count(&self) -> usize {
        BITS
    }

    fn winning_moves(&self, player: Player, out: &mut Vec<u32>) {
        push_bits(
            self.bits.winning(self.marks[player.index()]) & self.bits.playable(self.taken()),
            out,
        );
    }

    fn candidates(&self, _: &mut Stamps, out: &mut Vec<u32>) {
        // A board of one word is small: every playable cell.
        push_bits(self.bits.playable(self.taken()), out);
    }

    fn opens_win(&self, bit: usize, player: Player) -> bool {
        let opened = self.bits.opens(1 << bit);
        opened != 0 && self.bits.winning(self.marks[player.index()]) & opened != 0
    }

    fn threats_made(&mut self, bit: usize, player: Player) -> usize {
        let taken = self.taken();
        if self.bits.playable(taken) & 1 << bit == 0 {
            return 0;
        }
        let (mine, theirs) = self.sides(player);
        let mine = mine | 1 << bit;
        // The cells completing the windows through the cell, if a move may take them next.
        let made = self
            .windows
            .through(bit)
            .iter()
            .fold(0, |made, &window| made | Bits::completes(window, mine, theirs));
        let mut made = made & self.bits.playable(taken | 1 << bit);
        if self.bits.is_exact() {
            // A completed window may be part of an overline.
            made &= self.bits.winning(mine);
        }
        usize::from(made != 0) + usize::from(made & made.wrapping_sub(1) != 0)
    }

    fn promise(&self, bit: usize, player: Player) -> u32 {
        let (mine, theirs) = self.sides(player);
        self.windows.through(bit).iter().fold(0u32, |promise, &window| {
            let (mine, theirs) = (window & mine, window & theirs);
            if mine != 0 && theirs != 0 {
                // Dead to both.
                return promise;
            }
            let counts = (mine.count_ones() as usize, theirs.count_ones() as usize);
            promise.saturating_add(window_promise(counts.0, counts.1))
        })
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::vec::Vec;

    use tictactoe_core::{random, Bits, Game, Player, Position, Rules};

    use super::{Masks, Windows};
    use crate::tactics::{Choices, Stamps, Tactical};

    /// Masks answer every question of the tactics as a [`Position`] does (their moves named
    /// by bit, its by cell), in random positions of the rule sets of one word, exact or not,
    /// with and without gravity: the search may take either.
    #[test]
    fn masks_answer_as_a_position_does() {
        let mut state = 11u64;
        let mut checked = 0;
        for _ in 0..3000 {
            let mut draw = |below: usize| random::below(&mut state, below as u64) as usize;
            let (rows, cols) = (1 + draw(7), 1 + draw(8));
            let (k, gravity) = (1 + draw(rows.max(cols)), draw(2) == 1);
            let rules = Rules { rows, cols, k, exact: draw(2) == 1, gravity };
            let stop = draw(rows * cols);
            let Some(bits) = Bits::of(&rules) else { continue };
            let mut game = Game::new(rules).unwrap();
            while !game.is_over() && game.marks() < stop {
                let moves: Vec<_> = game.legal_moves().collect();
                let (row, col) = moves[random::below(&mut state, moves.len() as u64) as usize];
                game.play(row, col).unwrap();
            }
            if game.is_over() {
                continue;
            }
            let mut windows = Windows::default();
            windows.load(bits).unwrap();
            let mut masks = Masks::new(bits, &windows, bits.marks(game.cells()));
            let mut position = Position::new(&game).unwrap();
            let bit = |cell: usize| bits.bit(cell).trailing_zeros() as usize;
            let cells = |moves: Vec<u32>| -> Vec<usize> {
                moves.into_iter().map(|b| bits.cell(1 << b)).collect()
            };
            let as_cells = |moves: Vec<u32>| -> Vec<usize> {
                moves.into_iter().map(|cell| cell as usize).collect()
            };
            let context = format!("{rules:?}\n{game}");
            for p in Player::ALL {
                let (mut by_bit, mut by_cell) = (Vec::new(), Vec::new());
                masks.winning_moves(p, &mut by_bit);
                position.winning_moves(p, &mut by_cell);
                assert_eq!(cells(by_bit), as_cells(by_cell), "winning moves of {p}, {context}");
            }
            let (mut by_bit, mut by_cell) = (Vec::new(), Vec::new());
            masks.candidates(&mut Stamps::default(), &mut by_bit);
            let mut stamps = Stamps::default();
            stamps.reserve(rows * cols).unwrap();
            position.candidates(&mut stamps, &mut by_cell);
            assert_eq!(cells(by_bit), as_cells(by_cell), "candidates, {context}");
            for cell in 0..rows * cols {
                for p in Player::ALL {
                    if position.is_playable(cell) {
                        let opens = position.opens_win(cell, p);
                        assert_eq!(masks.opens_win(bit(cell), p), opens, "{cell} {p}, {context}");
                    }
                    let made = Tactical::threats_made(&mut position, cell, p);
                    assert_eq!(masks.threats_made(bit(cell), p), made, "{cell} {p}, {context}");
                    let promise = position.promise(cell, p);
                    assert_eq!(masks.promise(bit(cell), p), promise, "{cell} {p}, {context}");
                }
            }
            let me = game.next_player();
            let (mut of_masks, mut of_position) = (Choices::default(), Choices::default());
            of_masks.find(&mut masks, me).unwrap();
            of_position.find(&mut position, me).unwrap();
            assert_eq!(
                (cells(of_masks.moves.clone()), of_masks.complete),
                (as_cells(of_position.moves.clone()), of_position.complete),
                "choices, {context}"
            );
            checked += 1;
        }
        assert!(checked > 500, "only {checked} positions in progress");
    }
}
