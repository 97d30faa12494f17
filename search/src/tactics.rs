//! The one tactic both searches share: does a mark win on the spot? Asked of the core by making
//! the move and taking it back, so the answer is the rules' own.

use tictactoe_core::{Game, Player};

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
