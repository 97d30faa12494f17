//! The operations that change a batch's games: steps, random draws, resets and seeds. Each is
//! written once, for the games a call takes ([`Selection`]: every game, or a list), and a call
//! over every game splits between the batch's threads ([`Batch::set_threads`]).

use super::checks::check_len;
use super::games_mut::Illegal;
use super::selection::{self, Every, Listed, Selection};
use super::{Batch, Games, GamesMut};
use crate::ListError;

/// A refusal of a part of a call, named in the whole call: its index moved on by `first`, the
/// part's first game.
pub(super) fn in_call(refusal: ListError, first: usize) -> ListError {
    ListError { index: refusal.index.map(|index| index + first), ..refusal }
}

impl Batch {
    /// The games of `games` checked for this batch: `None` for every game; the list, each index
    /// below the count and (when `once`) given once, with the index in the list of the first
    /// that is not.
    pub(super) fn listed<'a>(
        &mut self,
        games: Selection<'a>,
        once: bool,
    ) -> Result<Option<Listed<'a>>, ListError> {
        match games {
            Selection::All => Ok(None),
            Selection::Listed(games) => {
                let count = self.count();
                selection::listed(games, count, once, &mut self.seen).map(Some)
            }
        }
    }

    /// Checks that each of `lens` is `per_game` values for each game `games` takes.
    pub(super) fn check_lens(
        &self,
        games: Selection<'_>,
        lens: &[(usize, usize)],
    ) -> Result<(), ListError> {
        let taken = games.len(self.count());
        for &(len, per_game) in lens {
            check_len(len, taken * per_game)?;
        }
        Ok(())
    }

    /// One move in each game taken: the i-th takes `actions[i]`, the action (a cell
    /// row * cols + col, under gravity a column) of its player to move, and its winner after
    /// the move (0, 1 or 2) goes to `winners[i]`.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Player, Selection};
    /// let mut batch = Batch::new(2, 3, 7)?;
    /// let mut winners = [9; 2];
    /// batch.step(Selection::All, &[4, 0], &mut winners, Illegal::Refuse)?;
    /// assert_eq!(winners, [0, 0]);
    /// // Game 1 only: O takes the centre.
    /// batch.step(Selection::Listed(&[1]), &[4], &mut winners[..1], Illegal::Refuse)?;
    /// assert_eq!(batch.game(1)?.to_string(), "X..\n.O.\n...");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`](crate::Error::LengthMismatch) (naming no entry) unless both
    /// slices hold a value per game taken; for a list, [`Error::GameIndex`](crate::Error::GameIndex)
    /// and [`Error::RepeatedGame`](crate::Error::RepeatedGame) with the index in the list
    /// (with either `illegal`). With [`Illegal::Refuse`], the index of the first refused action
    /// ([`Error::OutOfBounds`](crate::Error::OutOfBounds), [`Error::GameOver`](crate::Error::GameOver),
    /// [`Error::Occupied`](crate::Error::Occupied), under gravity
    /// [`Error::ColumnFull`](crate::Error::ColumnFull)). No game changes then.
    pub fn step(
        &mut self,
        games: Selection<'_>,
        actions: &[u32],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        self.check_lens(games, &[(actions.len(), 1), (winners.len(), 1)])?;
        let checked = illegal == Illegal::Refuse;
        if let Some(listed) = self.listed(games, true)? {
            if checked {
                self.games().check(listed, actions)?;
            }
            self.games_mut().play(listed, actions, winners, checked);
            return Ok(());
        }
        let (count, threads) = (self.count(), self.threads);
        if checked {
            // Every part checked before any plays, so that a refusal changes no game.
            let check =
                |(games, actions): (Games<'_>, &[u32])| games.check(Every(games.count()), actions);
            threads.run(count, (self.games(), actions), check, in_call)?;
        }
        let play = |(mut games, actions, winners): (GamesMut<'_>, &[u32], &mut [u8])| {
            games.play(Every(games.count()), actions, winners, checked);
            Ok::<(), ListError>(())
        };
        threads.run(count, (self.games_mut(), actions, winners), play, in_call)
    }

    /// For each game taken, a uniformly random legal action (a cell, under gravity a column)
    /// into `out`, or [`NO_ACTION`](super::NO_ACTION) for a game that is over; from each game's
    /// own generator ([`Batch::new`]'s seed, or [`Batch::seed`]), so that a game's draws depend
    /// on its seed and history alone, whatever else the call takes.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`](crate::Error::LengthMismatch) (naming no entry) unless `out`
    /// holds a value per game taken; for a list, [`Error::GameIndex`](crate::Error::GameIndex)
    /// and [`Error::RepeatedGame`](crate::Error::RepeatedGame) with the index in the list.
    /// Nothing is drawn then.
    pub fn random_legal_actions(
        &mut self,
        games: Selection<'_>,
        out: &mut [u32],
    ) -> Result<(), ListError> {
        self.check_lens(games, &[(out.len(), 1)])?;
        if let Some(listed) = self.listed(games, true)? {
            self.games_mut().random_legal_actions(listed, out);
            return Ok(());
        }
        let draw = |(mut games, out): (GamesMut<'_>, &mut [u32])| {
            games.random_legal_actions(Every(games.count()), out);
            Ok::<(), ListError>(())
        };
        let (count, threads) = (self.count(), self.threads);
        threads.run(count, (self.games_mut(), out), draw, in_call)
    }

    /// A uniformly random legal move in each game taken that is not over, from its own
    /// generator, and its winner after it into `winners` (a game that is over is left as it is,
    /// its generator unmoved): the draws of [`Batch::random_legal_actions`] played as
    /// [`Batch::step`] plays them, in one pass. Random play-outs, and a random opponent's move.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Rules, Selection::All};
    /// let (mut played, mut drawn) = (Batch::new(3, Rules::CONNECT_FOUR, 5)?, Batch::new(3, Rules::CONNECT_FOUR, 5)?);
    /// let (mut winners, mut actions) = ([0; 3], [0; 3]);
    /// played.step_random(All, &mut winners)?;
    /// drawn.random_legal_actions(All, &mut actions)?;
    /// drawn.step(All, &actions, &mut winners, Illegal::Refuse)?;
    /// assert_eq!(played, drawn);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Batch::random_legal_actions`], for `winners`. No game changes then.
    pub fn step_random(
        &mut self,
        games: Selection<'_>,
        winners: &mut [u8],
    ) -> Result<(), ListError> {
        self.check_lens(games, &[(winners.len(), 1)])?;
        if let Some(listed) = self.listed(games, true)? {
            self.games_mut().step_random(listed, winners);
            return Ok(());
        }
        let play = |(mut games, winners): (GamesMut<'_>, &mut [u8])| {
            games.step_random(Every(games.count()), winners);
            Ok::<(), ListError>(())
        };
        let (count, threads) = (self.count(), self.threads);
        threads.run(count, (self.games_mut(), winners), play, in_call)
    }

    /// Empties each game taken (a game listed more than once is emptied once), `X` to move;
    /// each game's generator goes on where it was.
    ///
    /// # Errors
    /// For a list, [`Error::GameIndex`](crate::Error::GameIndex) with the index in the list of
    /// the first index not below the count, before any game changes.
    pub fn reset(&mut self, games: Selection<'_>) -> Result<(), ListError> {
        if let Some(listed) = self.listed(games, false)? {
            self.games_mut().reset(listed);
            return Ok(());
        }
        let reset = |mut games: GamesMut<'_>| {
            games.reset(Every(games.count()));
            Ok::<(), ListError>(())
        };
        let (count, threads) = (self.count(), self.threads);
        threads.run(count, self.games_mut(), reset, in_call)
    }

    /// Empties each game taken that is over (won, drawn or forfeited), leaving the others as
    /// they are: what self-play does between steps, without listing the finished games.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Selection};
    /// let mut batch = Batch::new(2, 1, 0)?; // 1 x 1: the first move wins
    /// batch.step(Selection::Listed(&[0]), &[0], &mut [0], Illegal::Refuse)?;
    /// batch.reset_terminated(Selection::All)?;
    /// assert_eq!(batch.history(0)?, &[]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Batch::reset`].
    pub fn reset_terminated(&mut self, games: Selection<'_>) -> Result<(), ListError> {
        if let Some(listed) = self.listed(games, false)? {
            self.games_mut().reset_terminated(listed);
            return Ok(());
        }
        let reset = |mut games: GamesMut<'_>| {
            games.reset_terminated(Every(games.count()));
            Ok::<(), ListError>(())
        };
        let (count, threads) = (self.count(), self.threads);
        threads.run(count, self.games_mut(), reset, in_call)
    }

    /// Restarts the generators of the games taken: the i-th draws from then on what the single
    /// game of `Batch::new(1, n, seeds[i])` would (a game listed more than once keeps its last
    /// seed). A vector of environments seeds its games one by one this way, each as the single
    /// environment with that seed.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Selection};
    /// let mut batch = Batch::new(2, 3, 0)?;
    /// batch.seed(Selection::Listed(&[1]), &[42])?;
    /// let mut draws = [0; 2];
    /// batch.random_legal_actions(Selection::All, &mut draws)?;
    /// let mut single = [0];
    /// Batch::new(1, 3, 42)?.random_legal_actions(Selection::All, &mut single)?;
    /// assert_eq!(draws[1], single[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless there is a seed per game
    /// taken; for a list, [`Error::GameIndex`](crate::Error::GameIndex) with the index in the
    /// list of the first index not below the count. No generator changes then.
    pub fn seed(&mut self, games: Selection<'_>, seeds: &[u64]) -> Result<(), ListError> {
        self.check_lens(games, &[(seeds.len(), 1)])?;
        let count = self.count();
        match self.listed(games, false)? {
            Some(listed) => self.games_mut().seed(listed, seeds),
            None => self.games_mut().seed(Every(count), seeds),
        }
        Ok(())
    }
}
