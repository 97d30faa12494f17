//! The position a search's descents move through and back: on a board of one word a player
//! (Connect Four, tic-tac-toe up to 7 x 7) the two players' marks as the core's masks, a move a
//! few shifts; on any other board the game itself. Either answers by action, as a batch
//! numbers actions, and writes what the evaluator sees.

use tictactoe_core::{Bits, Error, Game, Player, Status};

/// A position on masks: each player's marks (by [`tictactoe_core::Player::index`]) and whose
/// turn it is.
#[derive(Clone, Debug)]
pub(crate) struct Masks {
    bits: Bits,
    marks: [u64; 2],
    mover: Player,
}

/// Where a descent starts, to come back to ([`Board::back_to`]): on masks the position itself
/// (a descent's moves are taken back at once, nothing recorded as it goes).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Start {
    Masks([u64; 2], Player),
    Game,
}

/// The position of a game's root, moved along by descents and back.
#[derive(Clone, Debug)]
pub(crate) enum Board {
    Masks(Masks),
    Game(Game),
}

impl Board {
    /// The position of `game`: on masks where its board fits one word.
    pub(crate) fn of(game: Game) -> Board {
        let Some(bits) = Bits::of(&game.rules()) else { return Board::Game(game) };
        let marks = bits.marks(game.cells());
        Board::Masks(Masks { bits, marks, mover: game.next_player() })
    }

    /// Plays `action` for the player to move, and answers the cell marked (row * cols + col).
    /// The action must be legal: the descents take theirs from the legal masks,
    /// [`Puct::play`](super::Puct::play) after the batch accepted them; on masks nothing is
    /// checked again. What the game says after it is [`Board::after`]'s, asked only when
    /// needed: a descent through expanded positions never does.
    ///
    /// # Errors
    /// On the game, its refusal; [`Error::AllocFailed`].
    #[inline(always)]
    pub(crate) fn apply(&mut self, action: u32) -> Result<u32, Error> {
        match self {
            Board::Masks(masks) => {
                let Masks { bits, marks, mover } = masks;
                let bit = bits.action(action, marks[0] | marks[1]);
                debug_assert!(bit != 0, "an illegal action reached the masks");
                marks[mover.index()] |= bit;
                *mover = mover.opponent();
                // Below the board's cells.
                Ok(bits.cell(bit) as u32)
            }
            Board::Game(game) => {
                let ((row, col), _) = game.apply(action)?;
                // Below the board's cells, which fit a u32 for a batch's games.
                Ok((row * game.cols() + col) as u32)
            }
        }
    }

    /// The game's status after the last move [`Board::apply`] played: on masks the core's
    /// masks judge the mover's marks and the board, on any other board the game answers.
    #[inline(always)]
    pub(crate) fn after(&self) -> Status {
        match self {
            Board::Masks(Masks { bits, marks, mover, .. }) => {
                let moved = mover.opponent();
                if bits.wins(marks[moved.index()]) {
                    Status::Won(moved)
                } else if bits.is_full(marks[0] | marks[1]) {
                    Status::Draw
                } else {
                    Status::InProgress
                }
            }
            Board::Game(game) => game.status(),
        }
    }

    /// Where a descent starting now is to come back to.
    #[inline]
    pub(crate) fn start(&self) -> Start {
        match self {
            Board::Masks(Masks { marks, mover, .. }) => Start::Masks(*marks, *mover),
            Board::Game(_) => Start::Game,
        }
    }

    /// Comes back to `start`, [`Board::start`] of this board `moves` moves ago.
    ///
    /// # Errors
    /// [`Error::NothingToUndo`] for more moves than the game has.
    #[inline]
    pub(crate) fn back_to(&mut self, start: Start, moves: usize) -> Result<(), Error> {
        match self {
            Board::Masks(masks) => {
                if let Start::Masks(marks, mover) = start {
                    (masks.marks, masks.mover) = (marks, mover);
                }
                Ok(())
            }
            Board::Game(game) => (0..moves).try_for_each(|_| game.undo().map(|_| ())),
        }
    }

    /// Writes the position's two planes from the side to move into `planes` (two flags a
    /// cell) and its legal actions into `legal` (a flag an action), as the core writes them.
    #[inline]
    pub(crate) fn write(&self, planes: &mut [bool], legal: &mut [bool]) {
        match self {
            Board::Masks(Masks { bits, marks, mover, .. }) => {
                bits.planes_into(marks[mover.index()], marks[mover.opponent().index()], planes);
                bits.legal_into(marks[0] | marks[1], legal);
            }
            Board::Game(game) => {
                // The buffers are a leaf's slices of the board's sizes: nothing to refuse.
                let _ = game.observation_into(planes);
                let _ = game.legal_mask_into(legal);
            }
        }
    }
}
