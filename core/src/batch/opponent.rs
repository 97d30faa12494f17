//! A learner's step against a random opponent, in one pass over the games: in each game the
//! learner's move (or a fresh game where the last one ended), then the opponent's random reply
//! when it is the opponent's turn. What a vector of environments against a random opponent
//! does every step, without a call, and a list of games, for each part.

use super::checks::{check_len, check_players};
use super::{Games, GamesMut, Illegal};
use crate::ListError;

impl Games<'_> {
    /// Checks the arguments of [`GamesMut::step_against_random`] for the range and, with
    /// [`Illegal::Refuse`], every action of a game not restarted, changing nothing. Threads
    /// that step one batch in ranges check it whole with this first, so that a refusal changes
    /// no game, and then step each range with [`Illegal::Lose`] (which no action then meets).
    ///
    /// # Errors
    /// As [`Batch::step_against_random`](super::Batch::step_against_random).
    pub fn check_against_random(
        &self,
        sides: &[u8],
        actions: &[u32],
        restart: &[bool],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        check_len(actions.len(), self.count())?;
        check_len(restart.len(), self.count())?;
        check_players(sides, self.count())?;
        if illegal == Illegal::Refuse {
            let live = actions.iter().zip(restart).enumerate().filter(|(_, (_, &again))| !again);
            for (index, (&action, _)) in live {
                self.cell_for::<false>(index, action)
                    .map_err(|error| ListError { index: Some(index), error })?;
            }
        }
        Ok(())
    }
}

impl GamesMut<'_> {
    /// As [`Batch::step_against_random`](super::Batch::step_against_random), for the range.
    ///
    /// # Errors
    /// As [`Batch::step_against_random`](super::Batch::step_against_random), with indices in
    /// the range.
    pub fn step_against_random(
        &mut self,
        sides: &[u8],
        actions: &[u32],
        restart: &[bool],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        check_len(winners.len(), self.count())?;
        self.games().check_against_random(sides, actions, restart, illegal)?;
        for g in 0..self.count() {
            if restart[g] {
                self.reset_game(g);
            } else {
                match self.games().cell_for::<false>(g, actions[g]) {
                    Ok(cell) => self.play_checked::<false>(g, cell),
                    // Only with Illegal::Lose: Refuse checked every action above.
                    Err(_) => self.forfeit(g),
                };
            }
            if self.games().next_player(g).number() != sides[g] {
                // A game that is over keeps its result: the draw is only made in a game in play.
                self.play_random(g);
            }
            winners[g] = self.winner[g];
        }
        Ok(())
    }
}
