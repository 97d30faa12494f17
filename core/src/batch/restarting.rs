//! A step in which some games start again instead: what a vector of environments does with
//! next-step auto-reset (the games that ended last step are emptied, the others play), in one
//! call, for each part.

use super::calls::in_call;
use super::selection::{Every, Which};
use super::{Batch, Games, GamesMut, Illegal, Selection};
use crate::ListError;

impl Batch {
    /// One step of each game taken, but that a game with `restart[i]` set is emptied (its
    /// action ignored: a new episode) while any other plays `actions[i]` as [`Batch::step`]
    /// plays it; `winners[i]` gets the game's winner after the step (0 for a game emptied).
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Selection::All};
    /// let mut batch = Batch::new(2, 3, 0)?;
    /// let mut winners = [0; 2];
    /// batch.step(All, &[4, 4], &mut winners, Illegal::Refuse)?;
    /// // Game 0 plays on; game 1 starts again (its action, the taken centre, is ignored).
    /// batch.step_restarting(All, &[0, 4], &[false, true], &mut winners, Illegal::Refuse)?;
    /// assert_eq!([batch.history(0)?.len(), batch.history(1)?.len()], [2, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Batch::step`], for the actions of the games not restarted. No game changes then.
    pub fn step_restarting(
        &mut self,
        games: Selection<'_>,
        actions: &[u32],
        restart: &[bool],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        let lens = [actions.len(), restart.len(), winners.len()];
        self.check_lens(games, &lens.map(|len| (len, 1)))?;
        if let Some(listed) = self.listed(games, true)? {
            self.games().check_unless_restarted(listed, actions, restart, illegal)?;
            self.games_mut().step_restarting(listed, actions, restart, winners);
            return Ok(());
        }
        let (count, threads) = (self.count(), self.threads);
        // Every part checked before any plays, so that a refusal changes no game.
        let check = |(games, actions, restart): (Games<'_>, &[u32], &[bool])| {
            games.check_unless_restarted(Every(games.count()), actions, restart, illegal)
        };
        threads.run(count, (self.games(), actions, restart), check, in_call)?;
        let play = |(mut games, actions, restart, winners): Parts<'_>| {
            games.step_restarting(Every(games.count()), actions, restart, winners);
            Ok::<(), ListError>(())
        };
        threads.run(count, (self.games_mut(), actions, restart, winners), play, in_call)
    }
}

/// A part of [`Batch::step_restarting`]: its games, actions, restarts and winners.
type Parts<'a> = (GamesMut<'a>, &'a [u32], &'a [bool], &'a mut [u8]);

impl Games<'_> {
    /// With [`Illegal::Refuse`], checks the action of each game taken and not restarted (each
    /// slice a value per game taken), changing nothing.
    pub(super) fn check_unless_restarted(
        &self,
        which: impl Which,
        actions: &[u32],
        restart: &[bool],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        if illegal == Illegal::Refuse {
            let live = actions.iter().zip(restart).enumerate().filter(|(_, (_, &again))| !again);
            for (i, (&action, _)) in live {
                self.cell_for::<false>(which.game(i), action)
                    .map_err(|error| ListError { index: Some(i), error })?;
            }
        }
        Ok(())
    }
}

impl GamesMut<'_> {
    /// [`Batch::step_restarting`] in the games taken, its arguments checked: an illegal action
    /// (with [`Illegal::Lose`]; a refusing call checked every one) loses its game.
    fn step_restarting(
        &mut self,
        which: impl Which,
        actions: &[u32],
        restart: &[bool],
        winners: &mut [u8],
    ) {
        for (i, winner) in winners.iter_mut().enumerate() {
            *winner = self.step_or_restart(which.game(i), actions[i], restart[i]);
        }
    }

    /// Empties game `g` when `restart`, else plays `action` there (an illegal one loses);
    /// the game's winner after.
    pub(super) fn step_or_restart(&mut self, g: usize, action: u32, restart: bool) -> u8 {
        if restart {
            self.reset_game(g);
            0
        } else {
            self.play_action::<false>(g, action)
        }
    }
}
