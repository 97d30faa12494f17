//! A learner's step against a random opponent, in one pass over the games: in each game the
//! learner's move (or a fresh game where the last one ended), then the opponent's random reply
//! when it is the opponent's turn. What a vector of environments against a random opponent
//! does every step, without a call, and a list of games, for each part.

use super::calls::in_call;
use super::checks::check_players;
use super::selection::{Every, Which};
use super::{Batch, Games, GamesMut, Illegal, Selection};
use crate::ListError;

impl Batch {
    /// One step of a learner against a random opponent in each game taken, the learner playing
    /// side `sides[i]` (1 for `X`, 2 for `O`) of the i-th: a game with `restart[i]` set is
    /// emptied (its action ignored: a new episode), any other plays `actions[i]`; then, where
    /// the game is not over and the opponent is to move, the opponent plays a random legal move
    /// from the game's own generator (as [`Batch::step_random`] draws it). `winners[i]` gets the
    /// game's winner after the step. Between two steps it is the learner's turn in every game
    /// in play, so a step is one move each side: what an environment against a random opponent
    /// does each step (with next-step auto-reset: `restart` holds the games that ended in the
    /// last step), in one pass.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Rules, Selection::All};
    /// let mut batch = Batch::new(2, Rules::CONNECT_FOUR, 3)?;
    /// let mut winners = [0; 2];
    /// // The learner is X in game 0 and O in game 1: game 1's opponent opens at once.
    /// batch.step_against_random(All, &[1, 2], &[0, 0], &[true, true], &mut winners, Illegal::Refuse)?;
    /// assert_eq!([batch.history(0)?.len(), batch.history(1)?.len()], [0, 1]);
    /// // X drops into column 3 in game 0 and O in game 1, and the opponent replies in each.
    /// batch.step_against_random(All, &[1, 2], &[3, 3], &[false, false], &mut winners, Illegal::Refuse)?;
    /// assert_eq!([batch.history(0)?.len(), batch.history(1)?.len()], [2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`](crate::Error::LengthMismatch) (naming no entry) unless every
    /// slice holds a value per game taken; for a list, [`Error::GameIndex`](crate::Error::GameIndex)
    /// and [`Error::RepeatedGame`](crate::Error::RepeatedGame) with the index in the list;
    /// [`Error::InvalidPlayer`](crate::Error::InvalidPlayer) with the index of the first side
    /// other than 1 or 2; with [`Illegal::Refuse`], the index of the first refused action of a
    /// game not restarted, as [`Batch::step`] refuses it. No game changes then.
    pub fn step_against_random(
        &mut self,
        games: Selection<'_>,
        sides: &[u8],
        actions: &[u32],
        restart: &[bool],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        let lens = [sides.len(), actions.len(), restart.len(), winners.len()];
        self.check_lens(games, &lens.map(|len| (len, 1)))?;
        let listed = self.listed(games, true)?;
        // Every side before any action, whole (not a part at a time), so that the first
        // refused entry is the same whatever the number of threads.
        check_players(sides, sides.len())?;
        if let Some(listed) = listed {
            self.games().check_unless_restarted(listed, actions, restart, illegal)?;
            self.games_mut().against_random(listed, sides, actions, restart, winners);
            return Ok(());
        }
        let (count, threads) = (self.count(), self.threads);
        // Every part checked before any plays, so that a refusal changes no game.
        let check = |(games, actions, restart): (Games<'_>, &[u32], &[bool])| {
            games.check_unless_restarted(Every(games.count()), actions, restart, illegal)
        };
        threads.run(count, (self.games(), actions, restart), check, in_call)?;
        let play = |(mut games, sides, actions, restart, winners): Parts<'_>| {
            games.against_random(Every(games.count()), sides, actions, restart, winners);
            Ok::<(), ListError>(())
        };
        threads.run(count, (self.games_mut(), sides, actions, restart, winners), play, in_call)
    }
}

/// A part of [`Batch::step_against_random`]: its games, sides, actions, restarts and winners.
type Parts<'a> = (GamesMut<'a>, &'a [u8], &'a [u32], &'a [bool], &'a mut [u8]);

impl GamesMut<'_> {
    /// [`Batch::step_against_random`] in the games taken, its arguments checked: an illegal
    /// action (with [`Illegal::Lose`]; a refusing call checked every one) loses its game.
    fn against_random(
        &mut self,
        which: impl Which,
        sides: &[u8],
        actions: &[u32],
        restart: &[bool],
        winners: &mut [u8],
    ) {
        for (i, winner) in winners.iter_mut().enumerate() {
            let g = which.game(i);
            self.step_or_restart(g, actions[i], restart[i]);
            if self.games().next_player(g).number() != sides[i] {
                // A game that is over keeps its result: the draw is only made in a game in play.
                self.play_random(g);
            }
            *winner = self.winner[g];
        }
    }
}
