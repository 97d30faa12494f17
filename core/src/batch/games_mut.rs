//! A range of a batch's games, to change: the steps (with the policy for an illegal action),
//! the random draws and the resets, and what splits into disjoint ranges that threads step at
//! once.

use super::checks::check_len;
use super::Games;
use crate::rules::{self, Counts, Form};
use crate::shape::Cell;
use crate::storage::block::Block;
use crate::{random, Error, ListError};

/// What [`Batch::random_legal_actions`](super::Batch::random_legal_actions) writes for a game
/// that is over.
pub const NO_ACTION: u32 = u32::MAX;

/// What a step does with an action the rules refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// Refuse the whole call: no game changes, and the error names the first bad action.
    Refuse,
    /// The game of the bad action ends at once, won by the opponent of the player to move (what
    /// pgx and EnvPool do); the other games play on. A game already over (won or drawn) keeps
    /// its result.
    Lose,
}

/// A range of a batch's games, to change: what every step, draw and reset of a
/// [`Batch`](super::Batch) runs on ([`Batch::games_mut`](super::Batch::games_mut)), and what
/// splits into disjoint ranges that threads can step at once, with the same results whatever
/// the split (each game depends on itself alone).
#[derive(Debug)]
pub struct GamesMut<'a> {
    pub(super) form: Form,
    pub(super) block: Block,
    pub(super) words: &'a mut [u32],
    pub(super) counts: &'a mut [Counts],
    pub(super) winner: &'a mut [u8],
    pub(super) rng: &'a mut [u64],
}

impl<'a> GamesMut<'a> {
    /// The range, to read.
    pub fn games(&self) -> Games<'_> {
        Games {
            form: self.form,
            block: self.block,
            words: self.words,
            counts: self.counts,
            winner: self.winner,
        }
    }

    /// The number of games in the range.
    pub fn count(&self) -> usize {
        self.winner.len()
    }

    /// The first `mid` games and the rest (`mid` at most the count).
    pub fn split_at(self, mid: usize) -> (GamesMut<'a>, GamesMut<'a>) {
        let GamesMut { form, block, words, counts, winner, rng } = self;
        let (words, words_rest) = words.split_at_mut(mid * block.stride);
        let (counts, counts_rest) = counts.split_at_mut(mid);
        let (winner, winner_rest) = winner.split_at_mut(mid);
        let (rng, rng_rest) = rng.split_at_mut(mid);
        (
            GamesMut { form, block, words, counts, winner, rng },
            GamesMut {
                form,
                block,
                words: words_rest,
                counts: counts_rest,
                winner: winner_rest,
                rng: rng_rest,
            },
        )
    }

    /// Plays a checked move at `cell` in game `g`; returns the winner's number after it (0 for
    /// none).
    #[inline(always)]
    pub(super) fn play_checked<const PLAIN: bool>(&mut self, g: usize, cell: Cell) -> u8 {
        let games = self.games();
        let (player, marks) = (games.next_player(g), games.marks(g));
        let Block { stride, rule_start, history_start } = self.block;
        let words = &mut self.words[g * stride..(g + 1) * stride];
        // Cell indices are below rows * cols <= 2^32.
        words[history_start + marks] = cell.index as u32;
        if rules::place::<PLAIN>(words, rule_start, &mut self.counts[g], self.form, cell, player) {
            self.winner[g] = player.number();
        }
        self.winner[g]
    }

    /// Ends game `g` with the loss of its player to move (an illegal action with
    /// [`Illegal::Lose`]); returns the winner's number. A game already over keeps its result:
    /// an action for a drawn game does not turn the draw into a loss.
    pub(super) fn forfeit(&mut self, g: usize) -> u8 {
        if !self.games().is_over(g) {
            self.winner[g] = self.games().next_player(g).opponent().number();
        }
        self.winner[g]
    }

    /// Plays `action` in game `g`, whose refusal was checked already.
    #[inline(always)]
    fn play_action<const PLAIN: bool>(&mut self, g: usize, action: u32) -> u8 {
        let cell = if PLAIN {
            self.form.shape.cell_at(action as usize)
        } else {
            match self.games().cell_for::<false>(g, action) {
                Ok(cell) => cell,
                // Checked before the step, or drawn from the legal ones; a refusal here would be
                // a bug, and loses the game.
                Err(_) => return self.forfeit(g),
            }
        };
        self.play_checked::<PLAIN>(g, cell)
    }

    /// One move in every game of the range, in order: as [`Batch::step`](super::Batch::step).
    ///
    /// # Errors
    /// As [`Batch::step`](super::Batch::step), with indices in the range.
    pub fn step(
        &mut self,
        actions: &[u32],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        check_len(actions.len(), self.count())?;
        check_len(winners.len(), self.count())?;
        if illegal == Illegal::Refuse {
            self.games().check(actions)?;
            self.play_all(actions, winners);
            return Ok(());
        }
        for (g, (&action, winner)) in actions.iter().zip(winners.iter_mut()).enumerate() {
            *winner = match self.games().cell_for::<false>(g, action) {
                Ok(cell) => self.play_checked::<false>(g, cell),
                Err(_) => self.forfeit(g),
            };
        }
        Ok(())
    }

    /// Plays every action, checked already (one per game, all legal).
    fn play_all(&mut self, actions: &[u32], winners: &mut [u8]) {
        if self.games().plain() {
            self.play_all_as::<true>(actions, winners);
        } else {
            self.play_all_as::<false>(actions, winners);
        }
    }

    fn play_all_as<const PLAIN: bool>(&mut self, actions: &[u32], winners: &mut [u8]) {
        for (g, (&action, winner)) in actions.iter().zip(winners.iter_mut()).enumerate() {
            *winner = self.play_action::<PLAIN>(g, action);
        }
    }

    /// Checks one action per game of the range as [`Batch::step`](super::Batch::step) with
    /// [`Illegal::Refuse`] does, changing nothing, and keeps the range, with the actions, ready
    /// to play them without checking again ([`Checked::play`]). This splits a refuse-all step
    /// between threads: every range is checked first, and only when all pass does each play its
    /// own.
    ///
    /// ```
    /// use tictactoe_core::Batch;
    /// let mut batch = Batch::new(4, 3, 0)?;
    /// let actions = [4, 4, 0, 8];
    /// let (first, rest) = batch.games_mut().split_at(2);
    /// let checked = [first.check(&actions[..2]), rest.check(&actions[2..])];
    /// assert!(checked.iter().all(Result::is_ok));
    /// let mut winners = [9; 4];
    /// let (mine, theirs) = winners.split_at_mut(2);
    /// let [Ok(first), Ok(rest)] = checked else { unreachable!() };
    /// first.play(mine)?;
    /// rest.play(theirs)?;
    /// assert_eq!(winners, [0; 4]);
    /// assert_eq!(batch.history(3)?, &[8]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (naming no entry) unless there is one action per game, else the
    /// index in the range of the first refused action and its reason.
    pub fn check<'b>(self, actions: &'b [u32]) -> Result<Checked<'a, 'b>, ListError> {
        self.games().check(actions)?;
        Ok(Checked { games: self, actions })
    }

    /// As [`Batch::random_legal_actions`](super::Batch::random_legal_actions), for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has one value per game.
    pub fn random_legal_actions(&mut self, out: &mut [u32]) -> Result<(), Error> {
        check_len(out.len(), self.count())?;
        for (g, action) in out.iter_mut().enumerate() {
            *action = self.random_action(g);
        }
        Ok(())
    }

    /// As [`Batch::step_random`](super::Batch::step_random), for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `winners` has one value per game.
    pub fn step_random(&mut self, winners: &mut [u8]) -> Result<(), Error> {
        check_len(winners.len(), self.count())?;
        for (g, winner) in winners.iter_mut().enumerate() {
            *winner = self.play_random(g);
        }
        Ok(())
    }

    /// Plays a random legal move ([`GamesMut::random_action`]) in game `g` unless it is over;
    /// returns the winner's number after it.
    pub(super) fn play_random(&mut self, g: usize) -> u8 {
        match self.random_action(g) {
            NO_ACTION => self.winner[g],
            action => self.play_action::<false>(g, action),
        }
    }

    /// A uniformly random free cell of game `g` from its own generator, or [`NO_ACTION`] (and
    /// no draw) for a game that is over.
    #[inline(always)]
    pub(super) fn random_action(&mut self, g: usize) -> u32 {
        let games = self.games();
        if games.is_over(g) {
            return NO_ACTION;
        }
        let legal = rules::legal_count(games.board(g), self.form, &games.counts[g]);
        let nth = random::below(&mut self.rng[g], legal as u64) as usize;
        // The game is not over, so it has an nth legal action.
        rules::nth_action(self.games().board(g), self.form, nth).unwrap_or(NO_ACTION)
    }

    pub(super) fn reset_game(&mut self, g: usize) {
        let stride = self.block.stride;
        self.words[g * stride..(g + 1) * stride].fill(0);
        self.counts[g] = Counts::new(self.form);
        self.winner[g] = 0;
    }

    /// Empties every game of the range.
    pub fn reset(&mut self) {
        for g in 0..self.count() {
            self.reset_game(g);
        }
    }

    /// As [`Batch::reset_terminated`](super::Batch::reset_terminated), for the range.
    pub fn reset_terminated(&mut self) {
        for g in 0..self.count() {
            if self.games().is_over(g) {
                self.reset_game(g);
            }
        }
    }
}

/// A range of games and one action for each, all found legal by [`GamesMut::check`]; the
/// range is held (borrowed mutably) from the check to the play, so nothing can change in
/// between.
#[derive(Debug)]
pub struct Checked<'a, 'b> {
    games: GamesMut<'a>,
    actions: &'b [u32],
}

impl<'a> Checked<'a, '_> {
    /// Plays the checked actions, writing each game's winner after its move into `winners`;
    /// returns the range, to read or change further.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `winners` has one value per game, and nothing played.
    pub fn play(mut self, winners: &mut [u8]) -> Result<GamesMut<'a>, Error> {
        check_len(winners.len(), self.games.count())?;
        self.games.play_all(self.actions, winners);
        Ok(self.games)
    }
}
