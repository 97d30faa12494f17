//! The boards a search's simulations play on: what the tree asks of a position (the
//! tactics, its moves, the playout from a leaf), on the core's masks ([`Masks`]) or on the
//! core's [`Position`] for other boards ([`Positions`]).

use tictactoe_core::{Error, Game, Player, Position};

use crate::masks::Masks;
use crate::near::Near;
use crate::tactics::{self, Tactical};

/// How far from a mark (in the max norm) a playout on a large board draws its moves.
const PLAYOUT_RADIUS: usize = 1;

/// A simulation's board: what the tactics ask of its position, its moves, and the playout
/// from a leaf.
pub(super) trait Board {
    /// What answers the tactics.
    type Tactics: Tactical;

    /// The position the tactics ask about.
    fn tactics(&mut self) -> &mut Self::Tactics;

    /// Starts a simulation from the root.
    fn restart(&mut self);

    /// Plays `player`'s mark on `cell` (a move the tactics offered); whether it won.
    fn play(&mut self, cell: usize, player: Player) -> bool;

    /// Plays a move of the tree, which is known not to win (a child that won was proven when
    /// it was new, and is never descended into).
    fn advance(&mut self, cell: usize, player: Player);

    /// Whether the game can only be drawn, after a move that did not win.
    fn is_drawn(&self) -> bool;

    /// Plays to the end, `player` to move; the winner, `None` for a draw.
    fn play_out(&mut self, player: Player, state: &mut u64) -> Option<Player>;
}

impl<'a> Board for Masks<'a> {
    type Tactics = Masks<'a>;

    fn tactics(&mut self) -> &mut Masks<'a> {
        self
    }

    fn restart(&mut self) {
        Masks::restart(self);
    }

    fn play(&mut self, cell: usize, player: Player) -> bool {
        Masks::play(self, cell, player)
    }

    fn advance(&mut self, cell: usize, player: Player) {
        Masks::advance(self, cell, player);
    }

    fn is_drawn(&self) -> bool {
        Masks::is_drawn(self)
    }

    fn play_out(&mut self, player: Player, state: &mut u64) -> Option<Player> {
        Masks::play_out(self, player, state)
    }
}

/// The positions a search plays on boards other than of one word: the root's and a
/// simulation's copy of it, with the cells near their marks.
pub(super) struct Positions {
    pub(super) root: Position,
    position: Position,
    near_root: Near,
    near: Near,
}

impl Positions {
    /// The positions of `game`, in `positions`' memory when there are some. The simulation's
    /// copies are loaded too, so that starting again from the root ([`Board::restart`])
    /// copies into room they have and allocates nothing.
    pub(super) fn load(positions: Option<Positions>, game: &Game) -> Result<Positions, Error> {
        let mut positions = match positions {
            Some(mut positions) => {
                positions.root.load(game)?;
                positions.position.load(game)?;
                positions
            }
            None => {
                let root = Position::new(game)?;
                let position = root.try_clone()?;
                Positions { root, position, near_root: Near::default(), near: Near::default() }
            }
        };
        positions.near_root.load(&positions.root, PLAYOUT_RADIUS)?;
        positions.near.load(&positions.root, PLAYOUT_RADIUS)?;
        Ok(positions)
    }
}

impl Board for Positions {
    type Tactics = Position;

    fn tactics(&mut self) -> &mut Position {
        &mut self.position
    }

    fn restart(&mut self) {
        self.position.clone_from(&self.root);
        self.near.copy_from(&self.near_root);
    }

    #[inline]
    fn play(&mut self, cell: usize, player: Player) -> bool {
        let placed = self.position.place(cell, player);
        debug_assert!(placed.is_ok(), "the search plays legal moves only");
        let won = placed.is_ok_and(|winner| winner.is_some());
        self.near.add_around(cell, &self.position);
        won
    }

    fn advance(&mut self, cell: usize, player: Player) {
        self.play(cell, player);
    }

    fn is_drawn(&self) -> bool {
        self.position.is_over() || self.position.is_draw_certain()
    }

    /// A win when there is one, else a block of the opponent's, else a move drawn at random
    /// from the cells near the marks (under gravity, the lowest free cell of the column of the
    /// cell drawn).
    fn play_out(&mut self, mut player: Player, state: &mut u64) -> Option<Player> {
        loop {
            let position = &self.position;
            if self.is_drawn() {
                return position.winner();
            }
            let opponent = player.opponent();
            let forced = tactics::winning_moves(position, player)
                .next()
                .or_else(|| tactics::winning_moves(position, opponent).next());
            let cell = match forced {
                Some(cell) => cell,
                None => match self.near.draw(position, state) {
                    Some(cell) if position.is_playable(cell) => cell,
                    Some(cell) => position.landing(position.row_col(cell).1).unwrap_or(cell),
                    // The cells near the marks hold every free cell next to a mark, and the
                    // board is not full: not reached.
                    None => {
                        (0..position.cell_count()).find(|&c| position.is_playable(c)).unwrap_or(0)
                    }
                },
            };
            if self.play(cell, player) {
                return Some(player);
            }
            player = opponent;
        }
    }
}
