//! Tactics: which moves a position leaves worth searching, from what the core's [`Position`]
//! answers (its winning cells, the cell a move opens, the threats a move makes, its windows).
//!
//! In order: a move that wins now is played; else the opponent's winning cells are blocked (any
//! other move loses at once); a move that opens a cell where the opponent wins (under gravity,
//! the cell above it) is left out while another is not; a move that makes two threats at once
//! (an open four, a four-four) is preferred, and a move of the opponent's that would do so (an
//! open three, made four) is answered; otherwise every candidate is searched, the most
//! promising first.

use alloc::vec::Vec;

use tictactoe_core::{Error, Player, Position};

use crate::near::SMALL_BOARD;

/// What the tactics ask of a position, answered by the core: by a [`Position`], or on a board
/// of one word a player by the masks of a simulation ([`crate::masks::Masks`]), which answer
/// alike (a test in `masks.rs` asks the two side by side).
pub(crate) trait Tactical {
    /// A bound on the names of moves, the room a list of moves needs: the number of cells of
    /// a position, 64 for masks (whose moves are named by bit).
    fn cell_count(&self) -> usize;

    /// Appends the cells where a move of `player` wins now, in increasing order.
    fn winning_moves(&self, player: Player, out: &mut Vec<u32>);

    /// Appends the cells worth a move: every playable cell of a small board, else those near
    /// the marks (`stamps`: scratch for listing a cell once).
    fn candidates(&self, stamps: &mut Stamps, out: &mut Vec<u32>);

    /// Whether a move on `cell` makes playable a cell where `player` wins (under gravity, the
    /// cell above).
    fn opens_win(&self, cell: usize, player: Player) -> bool;

    /// The winning cells (0, 1, or 2 for two or more) a move of `player` on `cell` makes that
    /// a move may take next ([`Position::threats_made`]).
    fn threats_made(&mut self, cell: usize, player: Player) -> usize;

    /// How promising a move at `cell` looks for `player`, from the marks in each k-window
    /// through it: over the windows still open to the player (more so the more of the player's
    /// marks they hold: a window's weight is 4 to the power of its marks) and those still open
    /// to the opponent (which the move spoils). 0 for a cell on no window either player can
    /// complete.
    fn promise(&self, cell: usize, player: Player) -> u32;
}

/// The promise of a window holding `mine` marks of the player and `theirs` of the opponent.
#[inline]
pub(crate) fn window_promise(mine: usize, theirs: usize) -> u32 {
    let weight = |marks: usize| 1u32 << (2 * marks.min(12));
    let opens = if theirs == 0 { weight(mine) } else { 0 };
    let spoils = if mine == 0 { weight(theirs) } else { 0 };
    opens.saturating_add(spoils)
}

impl Tactical for Position {
    fn cell_count(&self) -> usize {
        Position::cell_count(self)
    }

    fn winning_moves(&self, player: Player, out: &mut Vec<u32>) {
        let from = out.len();
        // Cells are below 2^32.
        out.extend(winning_moves(self, player).map(|cell| cell as u32));
        out[from..].sort_unstable();
    }

    fn candidates(&self, stamps: &mut Stamps, out: &mut Vec<u32>) {
        let cells = self.cell_count();
        if cells <= SMALL_BOARD {
            out.extend((0..cells).filter(|&cell| self.is_playable(cell)).map(|cell| cell as u32));
            return;
        }
        debug_assert_eq!(stamps.marks.len(), cells, "the table is sized for the position");
        let stamp = stamps.next();
        for cell in (0..cells).filter(|&cell| self.holder(cell).is_some()) {
            for near in self.near(cell, TREE_RADIUS) {
                if stamps.marks[near] != stamp && self.is_playable(near) {
                    stamps.marks[near] = stamp;
                    out.push(near as u32);
                }
            }
        }
        if out.is_empty() {
            // The centre of an empty board (under gravity the lowest free cell of its column).
            let (rows, cols) = (self.rows(), self.cols());
            let centre = self.cell(rows / 2, cols / 2).unwrap_or(0);
            let centre =
                if self.is_playable(centre) { centre } else { self.landing(cols / 2).unwrap_or(0) };
            out.push(centre as u32);
        }
    }

    fn opens_win(&self, cell: usize, player: Player) -> bool {
        self.opens(cell).is_some_and(|opened| self.wins_at(opened, player))
    }

    fn threats_made(&mut self, cell: usize, player: Player) -> usize {
        Position::threats_made(self, cell, player)
    }

    fn promise(&self, cell: usize, player: Player) -> u32 {
        let (mine, theirs) = (player.index(), player.opponent().index());
        self.windows_through(cell).fold(0u32, |promise, counts| {
            promise.saturating_add(window_promise(counts[mine], counts[theirs]))
        })
    }
}

/// The cells where a move of `player` wins now on `position`: the player's winning cells a move
/// may take.
pub(crate) fn winning_moves(
    position: &Position,
    player: Player,
) -> impl Iterator<Item = usize> + '_ {
    position.winning_cells(player).filter(move |&cell| position.is_playable(cell))
}

/// Per cell, the last listing that met it: to list each cell once without clearing a table.
#[derive(Debug, Default)]
pub(crate) struct Stamps {
    marks: Vec<u32>,
    stamp: u32,
}

impl Stamps {
    /// Sizes the table for `cells` cells, starting afresh when that changes.
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub(crate) fn reserve(&mut self, cells: usize) -> Result<(), Error> {
        if self.marks.len() != cells {
            self.marks.clear();
            self.marks.try_reserve(cells).map_err(|_| Error::AllocFailed)?;
            self.marks.resize(cells, 0);
            self.stamp = 0;
        }
        Ok(())
    }

    /// Starts a listing (of the cells [`Stamps::reserve`] sized the table for); its stamp.
    fn next(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }
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
    /// Scratch for listing the candidates.
    stamps: Stamps,
}

impl Choices {
    /// Finds the moves of `position` (in progress), `me` to move; the position is left as it
    /// was.
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub(crate) fn find(&mut self, position: &mut impl Tactical, me: Player) -> Result<(), Error> {
        let cells = position.cell_count();
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
        self.stamps.reserve(cells)?;
        self.complete = true;
        // A win now: the first.
        position.winning_moves(me, &mut self.moves);
        if !self.moves.is_empty() {
            self.moves.truncate(1);
            return Ok(());
        }
        // The opponent's wins next move, all blocked (when two, every move loses anyway).
        let opponent = me.opponent();
        position.winning_moves(opponent, &mut self.moves);
        if !self.moves.is_empty() {
            return Ok(());
        }
        position.candidates(&mut self.stamps, &mut self.moves);
        // A move that opens a winning cell to the opponent loses at once: kept aside (in
        // `singles`), in case every move does.
        let mut kept = 0;
        for i in 0..self.moves.len() {
            let cell = self.moves[i];
            if position.opens_win(cell as usize, opponent) {
                self.singles.push(cell);
            } else {
                self.moves[kept] = cell;
                kept += 1;
            }
        }
        if kept == 0 {
            // Every move loses at once: any will do.
            core::mem::swap(&mut self.moves, &mut self.singles);
            kept = self.moves.len();
        }
        self.moves.truncate(kept);
        self.singles.clear();
        // Two threats at once, for either player.
        for i in 0..self.moves.len() {
            let cell = self.moves[i];
            for player in [me, opponent] {
                let made = position.threats_made(cell as usize, player);
                if made >= 2 {
                    self.doubles[usize::from(player != me)].push(cell);
                } else if made == 1 && player == me {
                    self.singles.push(cell);
                }
            }
        }
        if !self.doubles[0].is_empty() {
            // A move that makes two threats wins unless the opponent can force first.
            self.complete = false;
            for i in 0..self.doubles[0].len() {
                self.rank(position, self.doubles[0][i] as usize, me);
            }
        } else if !self.doubles[1].is_empty() {
            // Answer the opponent's two threats in the making: take their cell, or force.
            self.complete = false;
            for i in 0..self.doubles[1].len() {
                self.rank(position, self.doubles[1][i] as usize, me);
            }
            for i in 0..self.singles.len() {
                let cell = self.singles[i];
                if !self.doubles[1].contains(&cell) {
                    self.rank(position, cell as usize, me);
                }
            }
        } else {
            self.complete = cells <= SMALL_BOARD;
            for i in 0..self.moves.len() {
                self.rank(position, self.moves[i] as usize, me);
            }
        }
        self.take_ranked();
        Ok(())
    }

    /// Adds `cell` to the moves being ranked, by its promise for `player`, ties by cell.
    fn rank(&mut self, position: &impl Tactical, cell: usize, player: Player) {
        let promise = position.promise(cell, player);
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
