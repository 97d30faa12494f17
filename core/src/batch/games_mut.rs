//! A range of a batch's games, to change: the moves, draws and resets every operation of a
//! [`Batch`](super::Batch) is made of, each written once over the games a call takes
//! ([`Which`]), and what splits into disjoint ranges that threads change at once.

use super::selection::Which;
use super::threads::SplitAt;
use super::Games;
use crate::random;
use crate::rules::{self, Counts, Form};
use crate::shape::Cell;
use crate::storage::block::Block;

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

/// A range of a batch's games, to change, with the same results whatever range a game is in
/// (each game depends on itself alone).
#[derive(Debug)]
pub(crate) struct GamesMut<'a> {
    pub(super) form: Form,
    pub(super) block: Block,
    pub(super) words: &'a mut [u32],
    pub(super) counts: &'a mut [Counts],
    pub(super) winner: &'a mut [u8],
    pub(super) rng: &'a mut [u64],
}

impl SplitAt for GamesMut<'_> {
    /// The first `mid` games and the rest (`mid` at most the count).
    fn split_at(self, mid: usize) -> (Self, Self) {
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
}

impl GamesMut<'_> {
    /// The range, to read.
    pub(crate) fn games(&self) -> Games<'_> {
        Games {
            form: self.form,
            block: self.block,
            words: self.words,
            counts: self.counts,
            winner: self.winner,
        }
    }

    /// The number of games in the range.
    pub(crate) fn count(&self) -> usize {
        self.winner.len()
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

    /// Plays `action` in game `g`: a legal move, or with [`Illegal::Lose`] (which a checked call
    /// never meets) the game's loss; the winner's number after it.
    #[inline(always)]
    pub(super) fn play_action<const PLAIN: bool>(&mut self, g: usize, action: u32) -> u8 {
        if PLAIN {
            // LeetCode 348's games, every action checked: its cell has no gravity to find.
            let cell = self.form.shape.cell_at(action as usize);
            return self.play_checked::<true>(g, cell);
        }
        match self.games().cell_for::<false>(g, action) {
            Ok(cell) => self.play_checked::<false>(g, cell),
            Err(_) => self.forfeit(g),
        }
    }

    /// One move in each game taken: `actions[i]` for the i-th, whose winner after it goes to
    /// `winners[i]` (a value each, checked by the caller). `checked`: every action was found
    /// legal ([`Games::check`]), so that LeetCode 348's games take the fast path; otherwise an
    /// illegal action loses its game ([`Illegal::Lose`]).
    pub(super) fn play(
        &mut self,
        which: impl Which,
        actions: &[u32],
        winners: &mut [u8],
        checked: bool,
    ) {
        if checked && self.games().plain() {
            self.play_all::<true>(which, actions, winners);
        } else {
            self.play_all::<false>(which, actions, winners);
        }
    }

    /// Plays the action for each game taken (checked already when `PLAIN`).
    #[inline(always)]
    fn play_all<const PLAIN: bool>(
        &mut self,
        which: impl Which,
        actions: &[u32],
        winners: &mut [u8],
    ) {
        for (i, (&action, winner)) in actions.iter().zip(winners.iter_mut()).enumerate() {
            *winner = self.play_action::<PLAIN>(which.game(i), action);
        }
    }

    /// A uniformly random legal action of each game taken into `out`, from its own generator
    /// ([`NO_ACTION`] for a game that is over, and no draw).
    ///
    /// `out` holds a value per game taken (the batch checked the lengths).
    pub(super) fn random_legal_actions(&mut self, which: impl Which, out: &mut [u32]) {
        debug_assert_eq!(out.len(), which.len());
        for (i, action) in out.iter_mut().enumerate() {
            *action = self.random_action(which.game(i));
        }
    }

    /// A random legal move in each game taken that is not over, its winner after it into
    /// `winners` (a value per game taken, the batch checked): the draws of
    /// [`GamesMut::random_legal_actions`] played.
    pub(super) fn step_random(&mut self, which: impl Which, winners: &mut [u8]) {
        debug_assert_eq!(winners.len(), which.len());
        for (i, winner) in winners.iter_mut().enumerate() {
            *winner = self.play_random(which.game(i));
        }
    }

    /// Plays a random legal move ([`GamesMut::random_action`]) in game `g` unless it is over;
    /// returns the winner's number after it.
    pub(super) fn play_random(&mut self, g: usize) -> u8 {
        match self.random_action(g) {
            NO_ACTION => self.winner[g],
            action => self.play_action::<false>(g, action),
        }
    }

    /// A uniformly random legal action of game `g` from its own generator, or [`NO_ACTION`] (and
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

    /// Empties game `g`; its generator goes on where it was.
    pub(super) fn reset_game(&mut self, g: usize) {
        let stride = self.block.stride;
        self.words[g * stride..(g + 1) * stride].fill(0);
        self.counts[g] = Counts::new(self.form);
        self.winner[g] = 0;
    }

    /// Empties each game taken.
    pub(super) fn reset(&mut self, which: impl Which) {
        for i in 0..which.len() {
            self.reset_game(which.game(i));
        }
    }

    /// Empties each game taken that is over (won, drawn or forfeited).
    pub(super) fn reset_terminated(&mut self, which: impl Which) {
        for i in 0..which.len() {
            let g = which.game(i);
            if self.games().is_over(g) {
                self.reset_game(g);
            }
        }
    }

    /// Restarts the generator of each game taken from its seed: game g draws from then on what
    /// the single game of a batch seeded with `seeds[i]` would (a seed per game taken, the
    /// batch checked).
    pub(super) fn seed(&mut self, which: impl Which, seeds: &[u64]) {
        debug_assert_eq!(seeds.len(), which.len());
        for (i, &seed) in seeds.iter().enumerate() {
            self.rng[which.game(i)] = super::stream(seed, 0);
        }
    }
}
