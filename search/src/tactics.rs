//! Tactics: which moves a position leaves worth searching, from the threats and windows the
//! board tracks. Without the exact rule a threat's cell wins (it completes a run of k or
//! more), so the board decides; under it a threat can make an overline, and the game, given as
//! the *judge*, decides every win.
//!
//! In order: a move that wins now is played; else the opponent's winning cells are blocked (any
//! other move loses at once); under gravity, a move that lets the opponent win on the cell
//! above it is left out while another is not; without gravity, a move that makes two threats at
//! once (an open four, a four-four) is preferred, and a move of the opponent's that would do so
//! (an open three, made four) is answered; otherwise every candidate is searched, the most
//! promising first.

use alloc::vec::Vec;

use tictactoe_core::{Error, Game, Player};

use crate::board::{side, Board};
use crate::near::SMALL_BOARD;

/// Whether `player` wins by marking (row, col) now; the game is left as it was. False for a cell
/// that cannot be marked.
pub(crate) fn wins_at(game: &mut Game, row: usize, col: usize, player: Player) -> bool {
    match game.make_move(row, col, u32::from(player.number())) {
        Ok(winner) => {
            // The move was just made, so there is one to undo.
            let _ = game.undo();
            winner.is_some()
        }
        Err(_) => false,
    }
}

/// How promising a move at `cell` looks for `player`: over the windows through it, those still
/// open to the player (more so the more of the player's marks they hold: a window's weight is
/// 4 to the power of its marks) and those still open to the opponent (which the move spoils). 0
/// for a cell on no window either player can complete.
pub(crate) fn promise(board: &Board, cell: usize, player: Player) -> u32 {
    let (mine, theirs) = (side(player), 1 - side(player));
    let weight = |marks: u16| 1u32 << (2 * marks.min(12));
    let mut promise = 0u32;
    for d in 0..4 {
        for first in board.windows_through(cell, d) {
            let counts = board.counts(d, first);
            if counts[theirs] == 0 {
                promise = promise.saturating_add(weight(counts[mine]));
            }
            if counts[mine] == 0 {
                promise = promise.saturating_add(weight(counts[theirs]));
            }
        }
    }
    promise
}

/// How far from a mark (in the max norm) the tree looks for moves on a large board.
const TREE_RADIUS: usize = 2;

/// The moves a position leaves worth searching, and the scratch space to find them.
#[derive(Debug, Default)]
pub(crate) struct Choices {
    /// The moves, the most promising first.
    pub(crate) moves: Vec<u32>,
    /// Whether the moves are all that can matter: every move left out loses at once (or, on a
    /// small board, none is). A search may then take "every move loses" for a loss.
    pub(crate) complete: bool,
    /// Each candidate's sort key while they are ranked.
    keys: Vec<u64>,
    /// Candidates making two threats for the player to move, and for the opponent.
    doubles: [Vec<u32>; 2],
    /// Candidates making one threat for the player to move.
    singles: Vec<u32>,
    /// Per cell, the last search that met it (to list a cell once).
    stamps: Vec<u32>,
    stamp: u32,
}

impl Choices {
    /// Finds the moves of the position `board` tracks (in progress), `me` to move; `judge`,
    /// the game of the position under the exact rule, decides wins there (see the module).
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub(crate) fn find(
        &mut self,
        mut judge: Option<&mut Game>,
        board: &Board,
        me: Player,
    ) -> Result<(), Error> {
        let cells = board.size();
        let reserve = |items: &mut Vec<u32>| {
            items.clear();
            items.try_reserve(cells).map_err(|_| Error::AllocFailed)
        };
        reserve(&mut self.moves)?;
        reserve(&mut self.singles)?;
        reserve(&mut self.doubles[0])?;
        reserve(&mut self.doubles[1])?;
        self.keys.clear();
        self.keys.try_reserve(cells).map_err(|_| Error::AllocFailed)?;
        self.complete = true;
        let cols = board.cols();
        // A win now.
        if let Some(cell) = winning_threats(judge.as_deref_mut(), board, me).next() {
            self.moves.push(cell as u32);
            return Ok(());
        }
        // The opponent's wins next move, all blocked (when two, every move loses anyway).
        // Cells are below 2^32.
        let blocks = winning_threats(judge.as_deref_mut(), board, me.opponent());
        self.moves.extend(blocks.map(|cell| cell as u32));
        if !self.moves.is_empty() {
            return Ok(());
        }
        if board.gravity() {
            for col in 0..cols {
                let Some(cell) = board.landing(col) else { continue };
                // A move that opens the cell above to the opponent's win loses at once.
                // (The move cannot cool that threat: its window's one empty cell is the one
                // above.)
                let loses = cell >= cols
                    && board.is_threat(cell - cols, me.opponent())
                    && judge.as_deref_mut().map_or(true, |game| {
                        let _ = game.make_move(cell / cols, col, u32::from(me.number()));
                        let loses = wins_at(game, cell / cols - 1, col, me.opponent());
                        let _ = game.undo();
                        loses
                    });
                if loses {
                    // Kept aside (in `singles`), in case every move loses.
                    self.singles.push(cell as u32);
                } else {
                    self.rank(board, cell, me);
                }
            }
            if self.keys.is_empty() {
                // Every move loses at once: any will do.
                for i in 0..self.singles.len() {
                    self.rank(board, self.singles[i] as usize, me);
                }
            }
            self.take_ranked();
            return Ok(());
        }
        self.candidates(board);
        // Two threats at once, for either player.
        for i in 0..self.moves.len() {
            let cell = self.moves[i] as usize;
            for player in [me, me.opponent()] {
                let made = new_threats(judge.as_deref_mut(), board, cell, player);
                if made >= 2 {
                    self.doubles[side(player) ^ side(me)].push(cell as u32);
                } else if made == 1 && player == me {
                    self.singles.push(cell as u32);
                }
            }
        }
        if !self.doubles[0].is_empty() {
            // A move that makes two threats wins unless the opponent can force first.
            self.complete = false;
            for i in 0..self.doubles[0].len() {
                self.rank(board, self.doubles[0][i] as usize, me);
            }
        } else if !self.doubles[1].is_empty() {
            // Answer the opponent's two threats in the making: take their cell, or force.
            self.complete = false;
            for i in 0..self.doubles[1].len() {
                self.rank(board, self.doubles[1][i] as usize, me);
            }
            for i in 0..self.singles.len() {
                let cell = self.singles[i];
                if !self.doubles[1].contains(&cell) {
                    self.rank(board, cell as usize, me);
                }
            }
        } else {
            self.complete = cells <= SMALL_BOARD;
            for i in 0..self.moves.len() {
                self.rank(board, self.moves[i] as usize, me);
            }
        }
        self.take_ranked();
        Ok(())
    }

    /// Puts the empty candidate cells in `moves`: every empty cell of a small board, else those
    /// within [`TREE_RADIUS`] of a mark (the centre of an empty board).
    fn candidates(&mut self, board: &Board) {
        let (rows, cols, cells) = (board.rows(), board.cols(), board.size());
        if cells <= SMALL_BOARD {
            // Cells are below 2^32.
            self.moves.extend((0..cells).filter(|&cell| board.is_empty(cell)).map(|c| c as u32));
            return;
        }
        if self.stamps.len() != cells {
            self.stamps.clear();
            self.stamps.resize(cells, 0);
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        for cell in (0..cells).filter(|&cell| !board.is_empty(cell)) {
            let (row, col) = (cell / cols, cell % cols);
            for r in row.saturating_sub(TREE_RADIUS)..=(row + TREE_RADIUS).min(rows - 1) {
                for c in col.saturating_sub(TREE_RADIUS)..=(col + TREE_RADIUS).min(cols - 1) {
                    let near = r * cols + c;
                    if self.stamps[near] != self.stamp && board.is_empty(near) {
                        self.stamps[near] = self.stamp;
                        self.moves.push(near as u32);
                    }
                }
            }
        }
        if self.moves.is_empty() {
            self.moves.push(((rows / 2) * cols + cols / 2) as u32);
        }
    }

    /// Adds `cell` to the moves being ranked, by its promise for `player`, ties by cell.
    fn rank(&mut self, board: &Board, cell: usize, player: Player) {
        let promise = promise(board, cell, player);
        // Cells are below 2^32.
        self.keys.push(u64::from(u32::MAX - promise) << 32 | cell as u64);
    }

    /// Replaces the moves by the ranked ones, the most promising first.
    fn take_ranked(&mut self) {
        self.keys.sort_unstable();
        self.moves.clear();
        self.moves.extend(self.keys.iter().map(|&key| key as u32));
    }
}

/// `player`'s threats that are playable now and win (as `judge` decides, when there is one).
pub(crate) fn winning_threats<'a>(
    mut judge: Option<&'a mut Game>,
    board: &'a Board,
    player: Player,
) -> impl Iterator<Item = usize> + 'a {
    let cols = board.cols();
    board
        .threats(player)
        .iter()
        .map(|&cell| cell as usize)
        .filter(move |&cell| board.is_playable(cell))
        .filter(move |&cell| {
            judge
                .as_deref_mut()
                .map_or(true, |game| wins_at(game, cell / cols, cell % cols, player))
        })
}

/// How many threats (0, 1, or 2 for two or more) a mark of `player` on the empty `cell` would
/// make: the other empty cells of the windows it would bring to k - 1 of the player's marks
/// and none of the opponent's, counted once each; with a judge (the exact rule), those where it
/// confirms a win.
fn new_threats(judge: Option<&mut Game>, board: &Board, cell: usize, player: Player) -> usize {
    let (mine, theirs) = (side(player), 1 - side(player));
    let Some(before) = board.k().checked_sub(2) else { return 0 };
    let mut found = [usize::MAX; 2];
    let mut count = 0;
    'windows: for d in 0..4 {
        for first in board.windows_through(cell, d) {
            let counts = board.counts(d, first);
            if usize::from(counts[mine]) != before || counts[theirs] != 0 {
                continue;
            }
            let other = board.window(d, first).find(|&c| c != cell && board.is_empty(c));
            let Some(other) = other else { continue };
            if count == 0 || (count == 1 && found[0] != other) {
                found[count] = other;
                count += 1;
                if count == 2 {
                    break 'windows;
                }
            }
        }
    }
    let Some(game) = judge.filter(|_| count > 0) else { return count };
    // Under the exact rule a threat may make an overline: ask the game, with the mark placed.
    let cols = board.cols();
    if game.make_move(cell / cols, cell % cols, u32::from(player.number())).is_err() {
        return 0;
    }
    let confirmed =
        found[..count].iter().filter(|&&c| wins_at(game, c / cols, c % cols, player)).count();
    let _ = game.undo();
    confirmed
}
