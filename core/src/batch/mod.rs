//! Many games of one size, stepped together: the owner of their storage ([`Batch`]), a range of
//! them to read ([`Games`], with its observation planes) and to change ([`GamesMut`]: the steps,
//! draws and resets), each move judged by the same rules as a [`Game`]'s ([`crate::rules`]).

use alloc::vec::Vec;

use crate::rules::{self, Counts, Form, Rules};
use crate::storage::block::Block;
use crate::storage::try_copy;
use crate::storage::zeroed::zeroed;
use crate::{random, Error, Game, ListError, Player, PositionError, RestoreError};

mod checks;
mod games;
mod games_mut;
mod opponent;
mod planes;

use checks::{check_distinct, check_in_range, check_len};
pub use games::Games;
pub use games_mut::{Checked, GamesMut, Illegal, NO_ACTION};

/// `count` games of one rule set (n x n tic-tac-toe, or any [`Rules`]: Connect Four, gomoku,
/// m,n,k-games), stepped together: the engine for search, self-play and reinforcement learning,
/// where thousands of games move at once.
///
/// An action names a cell by its index row * cols + col, or under gravity a column (the mark
/// falls to its lowest free cell): [`Batch::actions`] of them.
///
/// Each game plays the player whose turn it is (`X` first); every move is validated and judged
/// in O(1) by the same rules as [`Game::make_move`]. Storage is a few flat allocations, not one
/// per game: one block of words (each game's board, the win rule's state and a history of up
/// to rows * cols moves, at a fixed stride) and per-game arrays of marks, open-line counts,
/// winners and random-number generators.
///
/// ```
/// use tictactoe_core::{Batch, Illegal, Player};
/// let mut batch = Batch::new(2, 3, 7)?;
/// let mut winners = [9; 2];
/// batch.step(&[4, 0], &mut winners, Illegal::Refuse)?; // X in the centre, X in a corner
/// assert_eq!(winners, [0, 0]);
/// let mut next = [0; 2];
/// batch.next_players(&mut next)?;
/// assert_eq!(next, [Player::O.number(); 2]);
/// // Game 0: O takes the corner X has in game 1; game 1: O takes the centre.
/// batch.step_games(&[0, 1], &[0, 4], &mut winners, Illegal::Refuse)?;
/// assert_eq!(batch.game(1)?.to_string(), "X..\n.O.\n...");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Batch {
    form: Form,
    block: Block,
    /// Each game's block of words, at `block.stride`.
    words: Vec<u32>,
    /// Each game's marks and open lines.
    counts: Vec<Counts>,
    /// 0 while nobody has won, else the winner's number (a forfeit included).
    winner: Vec<u8>,
    /// Each game's generator state (SplitMix64), so that a game's random actions depend on the
    /// seed and its own history only.
    rng: Vec<u64>,
    /// One bit a game: scratch for finding repeated indices in [`Batch::step_games`].
    seen: Vec<u64>,
}

/// The bytes each game of a [`Batch`] holds besides its words: its counts, winner and generator
/// state (what [`batch_bytes`](crate::batch_bytes) counts).
pub(crate) const GAME_STATE_BYTES: usize =
    core::mem::size_of::<Counts>() + core::mem::size_of::<u8>() + core::mem::size_of::<u64>();

/// The generator state game `game` of a batch seeded with `seed` starts from: the seed's
/// `game`-th SplitMix64 output, so that the games' streams do not overlap.
fn stream(seed: u64, game: usize) -> u64 {
    let mut seeder = seed.wrapping_add((game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    random::next(&mut seeder)
}

impl Batch {
    /// `count` empty games under `rules` (a size n for n x n tic-tac-toe, or any [`Rules`]),
    /// `X` to move in each; their random actions come from `seed`. The count and rules are
    /// the caller's choice, bounded only by memory; a batch whose count or rules come from
    /// outside data wants [`Limits::batch`](crate::Limits::batch).
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Rules};
    /// let mut batch = Batch::new(2, Rules::CONNECT_FOUR, 1)?;
    /// assert_eq!((batch.actions(), batch.n()), (7, None));
    /// let mut winners = [0; 2];
    /// batch.step(&[3, 3], &mut winners, Illegal::Refuse)?; // X drops into column 3 in each game
    /// batch.step(&[3, 4], &mut winners, Illegal::Refuse)?;
    /// assert_eq!(batch.game(0)?.cell(4, 3)?, Some(tictactoe_core::Player::O));
    /// assert_eq!(Batch::new(4, 3, 1)?.n(), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::check`] ([`Error::InvalidSize`], [`Error::InvalidRules`]), then
    /// [`Error::InvalidCount`] for no games; [`Error::AllocFailed`] when the memory cannot be
    /// had or its size overflows.
    pub fn new(count: usize, rules: impl Into<Rules>, seed: u64) -> Result<Batch, Error> {
        Batch::of_form(count, Form::of(&rules.into())?.for_batch(), seed)
    }

    fn of_form(count: usize, form: Form, seed: u64) -> Result<Batch, Error> {
        if count == 0 {
            return Err(Error::InvalidCount { count });
        }
        let block = form.block()?;
        let total = count.checked_mul(block.stride).ok_or(Error::AllocFailed)?;
        let mut counts = Vec::new();
        counts.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        counts.resize(count, Counts::new(form));
        let mut rng = Vec::new();
        rng.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        rng.extend((0..count).map(|game| stream(seed, game)));
        Ok(Batch {
            form,
            block,
            // Zeroed allocations: an empty game's words are all zeros, and pages not yet played
            // cost no memory.
            words: zeroed(total)?,
            counts,
            winner: zeroed(count)?,
            rng,
            seen: zeroed(count.div_ceil(64))?,
        })
    }

    /// A copy, like [`Clone::clone`] but reporting memory that cannot be had as
    /// [`Error::AllocFailed`] instead of aborting (what the C face's clone uses).
    ///
    /// # Errors
    /// [`Error::AllocFailed`].
    pub fn try_clone(&self) -> Result<Batch, Error> {
        Ok(Batch {
            words: try_copy(&self.words)?,
            counts: try_copy(&self.counts)?,
            winner: try_copy(&self.winner)?,
            rng: try_copy(&self.rng)?,
            seen: try_copy(&self.seen)?,
            ..*self
        })
    }

    /// The number of games.
    pub fn count(&self) -> usize {
        self.winner.len()
    }

    /// The side n of a square board, `None` for a rectangle.
    pub fn n(&self) -> Option<usize> {
        self.form.shape.side()
    }

    /// The number of rows of each board.
    pub fn rows(&self) -> usize {
        self.form.shape.rows()
    }

    /// The number of columns of each board.
    pub fn cols(&self) -> usize {
        self.form.shape.cols()
    }

    /// The games' rules.
    pub fn rules(&self) -> Rules {
        self.form.rules()
    }

    /// The number of actions: a cell each (rows * cols), or under gravity a column each. The
    /// legal mask has this many flags a game.
    pub fn actions(&self) -> usize {
        self.form.action_count()
    }

    /// Every game, to read; [`Games::split_at`] divides them between threads.
    pub fn games(&self) -> Games<'_> {
        Games {
            form: self.form,
            block: self.block,
            words: &self.words,
            counts: &self.counts,
            winner: &self.winner,
        }
    }

    /// Every game, to change; [`GamesMut::split_at`] divides them between threads, and the
    /// results are the same whatever the division.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal};
    /// let (mut one, mut two) = (Batch::new(8, 3, 5)?, Batch::new(8, 3, 5)?);
    /// let mut actions = [0; 8];
    /// one.random_legal_actions(&mut actions)?;
    /// one.step(&actions, &mut [0; 8], Illegal::Refuse)?;
    /// let (mut left, mut right) = two.games_mut().split_at(3);
    /// let (mut a, mut b) = ([0; 3], [0; 5]);
    /// left.random_legal_actions(&mut a)?;
    /// right.random_legal_actions(&mut b)?;
    /// left.step(&a, &mut [0; 3], Illegal::Refuse)?;
    /// right.step(&b, &mut [0; 5], Illegal::Refuse)?;
    /// assert_eq!(one, two);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn games_mut(&mut self) -> GamesMut<'_> {
        GamesMut {
            form: self.form,
            block: self.block,
            words: &mut self.words,
            counts: &mut self.counts,
            winner: &mut self.winner,
            rng: &mut self.rng,
        }
    }

    /// One move in every game: `actions[g]` is the action (the cell row * cols + col, under
    /// gravity the column) game g's player to move marks. `winners[g]` gets game g's winner
    /// after it (0, 1 or 2).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless both slices have one value per game. With
    /// [`Illegal::Refuse`], a [`ListError`] with the index of the first refused action
    /// ([`Error::OutOfBounds`], [`Error::GameOver`], [`Error::Occupied`], under gravity
    /// [`Error::ColumnFull`]), and no game changed.
    pub fn step(
        &mut self,
        actions: &[u32],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        self.games_mut().step(actions, winners, illegal)
    }

    /// One move in each of the games listed (distinct indices, EnvPool's `env_id` idea):
    /// `actions[i]` is for game `games[i]`, whose winner after it goes to `winners[i]`.
    ///
    /// # Errors
    /// As [`Batch::step`]; also [`Error::GameIndex`] and [`Error::RepeatedGame`] for a bad
    /// list of games (with either `illegal`), with the index in `games`; no game changes then.
    pub fn step_games(
        &mut self,
        games: &[usize],
        actions: &[u32],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        let at = |index: usize| move |error: Error| ListError { index: Some(index), error };
        check_len(actions.len(), games.len())?;
        check_len(winners.len(), games.len())?;
        check_distinct(games, self.count(), &mut self.seen)?;
        let mut view = self.games_mut();
        if illegal == Illegal::Refuse {
            for (i, (&g, &action)) in games.iter().zip(actions).enumerate() {
                view.games().cell_for::<false>(g, action).map_err(at(i))?;
            }
        }
        for ((&g, &action), winner) in games.iter().zip(actions).zip(winners.iter_mut()) {
            *winner = match view.games().cell_for::<false>(g, action) {
                Ok(cell) => view.play_checked::<false>(g, cell),
                // Only with Illegal::Lose: Refuse checked every action above.
                Err(_) => view.forfeit(g),
            };
        }
        Ok(())
    }

    /// For every game, a uniformly random legal action (a cell, under gravity a column), or
    /// [`NO_ACTION`] for a game that is over; from each game's own generator, seeded by
    /// [`Batch::new`].
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has one value per game.
    pub fn random_legal_actions(&mut self, out: &mut [u32]) -> Result<(), Error> {
        self.games_mut().random_legal_actions(out)
    }

    /// As [`Batch::random_legal_actions`], for the games listed only (distinct indices):
    /// `out[i]` gets the action for game `games[i]`, and no other game's generator moves. What
    /// an opponent drawing for some games of a batch needs, so that each game's draws depend on
    /// its own seed and history alone.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (naming no entry) unless `out` has one value per index;
    /// [`Error::GameIndex`] and [`Error::RepeatedGame`] with the index in `games`. Nothing is
    /// drawn then.
    pub fn random_legal_actions_games(
        &mut self,
        games: &[usize],
        out: &mut [u32],
    ) -> Result<(), ListError> {
        check_len(out.len(), games.len())?;
        check_distinct(games, self.count(), &mut self.seen)?;
        let mut view = self.games_mut();
        for (&g, action) in games.iter().zip(out.iter_mut()) {
            *action = view.random_action(g);
        }
        Ok(())
    }

    /// A uniformly random legal move in every game that is not over, from each game's own
    /// generator, and each game's winner after it into `winners` (a game that is over is left
    /// as it is, its generator unmoved): the draws of [`Batch::random_legal_actions`] played as
    /// [`Batch::step`] plays them, in one pass. Random play-outs, and a random opponent's move.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Rules};
    /// let (mut played, mut drawn) = (Batch::new(3, Rules::CONNECT_FOUR, 5)?, Batch::new(3, Rules::CONNECT_FOUR, 5)?);
    /// let (mut winners, mut actions) = ([0; 3], [0; 3]);
    /// played.step_random(&mut winners)?;
    /// drawn.random_legal_actions(&mut actions)?;
    /// drawn.step(&actions, &mut winners, Illegal::Refuse)?;
    /// assert_eq!(played, drawn);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `winners` has one value per game.
    pub fn step_random(&mut self, winners: &mut [u8]) -> Result<(), Error> {
        self.games_mut().step_random(winners)
    }

    /// As [`Batch::step_random`], in the games listed only (distinct indices): game
    /// `games[i]`'s winner after its move goes to `winners[i]`, and no other game changes.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (naming no entry) unless `winners` has one value per index;
    /// [`Error::GameIndex`] and [`Error::RepeatedGame`] with the index in `games`. No game
    /// changes then.
    pub fn step_random_games(
        &mut self,
        games: &[usize],
        winners: &mut [u8],
    ) -> Result<(), ListError> {
        check_len(winners.len(), games.len())?;
        check_distinct(games, self.count(), &mut self.seen)?;
        let mut view = self.games_mut();
        for (&g, winner) in games.iter().zip(winners.iter_mut()) {
            *winner = view.play_random(g);
        }
        Ok(())
    }

    /// One step of a learner against a random opponent in every game, the learner playing
    /// side `sides[g]` (1 for `X`, 2 for `O`) of game g: a game with `restart[g]` set is emptied
    /// (its action ignored: a new episode), any other plays `actions[g]`; then, where the game
    /// is not over and the opponent is to move, the opponent plays a random legal move from the
    /// game's own generator (as [`Batch::step_random_games`] draws it). `winners[g]` gets game
    /// g's winner after the step. Between two steps it is the learner's turn in every game in
    /// play, so a step is one move each side: what an environment against a random opponent
    /// does each step (with next-step auto-reset: `restart` holds the games that ended in the
    /// last step), in one pass.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Rules};
    /// let mut batch = Batch::new(2, Rules::CONNECT_FOUR, 3)?;
    /// let mut winners = [0; 2];
    /// // The learner is X in game 0 and O in game 1: game 1's opponent opens at once.
    /// batch.step_against_random(&[1, 2], &[0, 0], &[true, true], &mut winners, Illegal::Refuse)?;
    /// assert_eq!([batch.history(0)?.len(), batch.history(1)?.len()], [0, 1]);
    /// // X drops into column 3 in game 0 and O in game 1, and the opponent replies in each.
    /// batch.step_against_random(&[1, 2], &[3, 3], &[false, false], &mut winners, Illegal::Refuse)?;
    /// assert_eq!([batch.history(0)?.len(), batch.history(1)?.len()], [2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (naming no entry) unless every slice has one value per game;
    /// [`Error::InvalidPlayer`] with the index of the first side other than 1 or 2; with
    /// [`Illegal::Refuse`], the index of the first refused action of a game not restarted, as
    /// [`Batch::step`] refuses it. No game changes then.
    pub fn step_against_random(
        &mut self,
        sides: &[u8],
        actions: &[u32],
        restart: &[bool],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ListError> {
        self.games_mut().step_against_random(sides, actions, restart, winners, illegal)
    }

    /// Restarts the generators of the games listed: game `games[i]` draws from then on what
    /// the single game of `Batch::new(1, n, seeds[i])` would. A vector of environments seeds
    /// its games one by one this way, each as the single environment with that seed.
    ///
    /// ```
    /// use tictactoe_core::Batch;
    /// let mut batch = Batch::new(2, 3, 0)?;
    /// batch.seed_games(&[1], &[42])?;
    /// let mut draws = [0; 2];
    /// batch.random_legal_actions(&mut draws)?;
    /// let mut single = [0];
    /// Batch::new(1, 3, 42)?.random_legal_actions(&mut single)?;
    /// assert_eq!(draws[1], single[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless there is one seed per index; [`Error::GameIndex`] for an
    /// index not below the count (an index may repeat: its last seed counts). No generator
    /// changes then.
    pub fn seed_games(&mut self, games: &[usize], seeds: &[u64]) -> Result<(), Error> {
        check_len(seeds.len(), games.len())?;
        check_in_range(games, self.count())?;
        for (&g, &seed) in games.iter().zip(seeds) {
            self.rng[g] = stream(seed, 0);
        }
        Ok(())
    }

    /// Each game's player to move (1 or 2).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has one value per game (as for every query).
    pub fn next_players(&self, out: &mut [u8]) -> Result<(), Error> {
        self.games().next_players(out)
    }

    /// Each game's winner: 0 for none, else 1 or 2 (a game lost by an illegal action included).
    ///
    /// # Errors
    /// As [`Batch::next_players`].
    pub fn winners(&self, out: &mut [u8]) -> Result<(), Error> {
        self.games().winners(out)
    }

    /// Whether each game is over: won, or its board full.
    ///
    /// # Errors
    /// As [`Batch::next_players`].
    pub fn terminated(&self, out: &mut [bool]) -> Result<(), Error> {
        self.games().terminated(out)
    }

    /// Every game's cells: `count * rows * cols` values 0 (empty), 1 (`X`) or 2 (`O`), row-major, game
    /// after game.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * rows * cols` values.
    pub fn cells_into(&self, out: &mut [u8]) -> Result<(), Error> {
        self.games().cells_into(out)
    }

    /// Every game from its player to move's view: `count * 2 * rows * cols` flags, game after
    /// game, each two planes of rows * cols: the marks of the player to move, then the opponent's.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * 2 * rows * cols` values.
    pub fn observation_into(&self, out: &mut [bool]) -> Result<(), Error> {
        self.games().observation_into(out)
    }

    /// Every game from the side of the player given for it (`players[g]`, 1 or 2), whoever is to
    /// move: as [`Batch::observation_into`], plane 0 that player's marks. What an environment
    /// needs that shows each game to its agent, or to each of two agents in turn.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal};
    /// let mut batch = Batch::new(1, 2, 0)?;
    /// batch.step(&[0], &mut [0], Illegal::Refuse)?; // X at (0, 0); O to move
    /// let mut planes = [false; 8];
    /// batch.observation_for_into(&[1], &mut planes)?; // from X's side
    /// assert_eq!(planes, [true, false, false, false, false, false, false, false]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `players` has one value per game and `out` has
    /// `count * 2 * rows * cols`; [`Error::InvalidPlayer`] for a value other than 1 or 2. Nothing is
    /// written then.
    pub fn observation_for_into(&self, players: &[u8], out: &mut [bool]) -> Result<(), Error> {
        self.games().observation_for_into(players, out)
    }

    /// Every game's legal actions as a mask: `count * actions` flags ([`Batch::actions`]), true for a legal action of a
    /// game that is not over (all false for a game that is over, never all true).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * actions` values.
    pub fn legal_mask_into(&self, out: &mut [bool]) -> Result<(), Error> {
        self.games().legal_mask_into(out)
    }

    /// Each game's reward from the side of the player given for it (`players[g]`, 1 or 2):
    /// 1.0 when that player has won (a forfeit of the other included), -1.0 when the other has,
    /// 0.0 while nobody has (a draw included). An environment's reward for its agent.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `players` and `out` have one value per game;
    /// [`Error::InvalidPlayer`] for a value other than 1 or 2. Nothing is written then.
    pub fn rewards_into(&self, players: &[u8], out: &mut [f64]) -> Result<(), Error> {
        self.games().rewards_into(players, out)
    }

    /// Empties every game, `X` to move in each.
    pub fn reset(&mut self) {
        self.games_mut().reset();
    }

    /// Empties every game that is over (won, drawn or forfeited), leaving the others as they
    /// are: what self-play does between steps, without listing the finished games.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal};
    /// let mut batch = Batch::new(2, 1, 0)?; // 1 x 1: the first move wins
    /// batch.step_games(&[0], &[0], &mut [0], Illegal::Refuse)?;
    /// batch.reset_terminated();
    /// assert_eq!(batch.history(0)?, &[]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reset_terminated(&mut self) {
        self.games_mut().reset_terminated();
    }

    /// Empties the games listed (an index may repeat).
    ///
    /// # Errors
    /// [`Error::GameIndex`] for an index not below the count, before any game changes.
    pub fn reset_games(&mut self, games: &[usize]) -> Result<(), Error> {
        check_in_range(games, self.count())?;
        let mut view = self.games_mut();
        for &g in games {
            view.reset_game(g);
        }
        Ok(())
    }

    /// The cells of game `g`'s moves, oldest first.
    ///
    /// # Errors
    /// [`Error::GameIndex`] for an index not below the count.
    pub fn history(&self, g: usize) -> Result<&[u32], Error> {
        if g >= self.count() {
            return Err(Error::GameIndex { game: g, count: self.count() });
        }
        Ok(self.games().history(g))
    }

    /// Each game's generator state, as [`Batch::restore`] takes it back.
    pub fn generator_states(&self) -> &[u64] {
        &self.rng
    }

    /// A batch under `rules` (as [`Batch::new`]) rebuilt from what a saved one held, per game
    /// (`histories.len()` games): its history ([`Batch::history`]: cells, under gravity too),
    /// replayed by the rules, so that no history a game cannot have is taken; its winner
    /// ([`Batch::winners`]), which may differ from the replay's only as a forfeit (a game
    /// nobody won, lost by its player to move); its generator state
    /// ([`Batch::generator_states`]).
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal};
    /// let mut batch = Batch::new(2, 3, 1)?;
    /// batch.step(&[4, 99], &mut [0; 2], Illegal::Lose)?; // game 1 forfeits to O
    /// let mut winners = [0; 2];
    /// batch.winners(&mut winners)?;
    /// let histories = [batch.history(0)?, batch.history(1)?];
    /// let copy = Batch::restore(3, &histories, &winners, batch.generator_states())?;
    /// assert_eq!(copy, batch);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`RestoreError`] naming the game refused: a refused move of its history; for a winner
    /// that neither the replay nor a forfeit explains, [`Error::InvalidPosition`] with
    /// [`PositionError::WinnerNotLast`](crate::PositionError::WinnerNotLast). With no game
    /// named: [`Error::LengthMismatch`] unless the three lists have one entry per game, and the
    /// errors of [`Batch::new`].
    pub fn restore(
        rules: impl Into<Rules>,
        histories: &[&[u32]],
        winners: &[u8],
        generators: &[u64],
    ) -> Result<Batch, RestoreError> {
        let form = Form::of(&rules.into()).map_err(|error| RestoreError { game: None, error })?;
        Batch::restore_form(form.for_batch(), histories, winners, generators)
    }

    fn restore_form(
        form: Form,
        histories: &[&[u32]],
        winners: &[u8],
        generators: &[u64],
    ) -> Result<Batch, RestoreError> {
        let whole = |error: Error| RestoreError { game: None, error };
        let count = histories.len();
        check_len(winners.len(), count).map_err(whole)?;
        check_len(generators.len(), count).map_err(whole)?;
        let mut batch = Batch::of_form(count, form, 0).map_err(whole)?;
        batch.rng.copy_from_slice(generators);
        let mut view = batch.games_mut();
        for (g, (history, &winner)) in histories.iter().zip(winners).enumerate() {
            let at = |error: Error| RestoreError { game: Some(g), error };
            for &index in *history {
                let cell = view.games().move_to(g, index).map_err(at)?;
                view.play_checked::<false>(g, cell);
            }
            let replayed = view.winner[g];
            let forfeit = !view.games().is_over(g)
                && winner == view.games().next_player(g).opponent().number();
            if winner != replayed && !forfeit {
                let claimed = Player::from_code(u32::from(winner)).unwrap_or(Player::X);
                let error =
                    Error::InvalidPosition(PositionError::WinnerNotLast { winner: claimed });
                return Err(at(error));
            }
            view.winner[g] = winner;
        }
        Ok(batch)
    }

    /// An independent [`Game`] holding game `g`'s moves (its history included), made by
    /// replaying them. A game lost by an illegal action has no winner there: the forfeit is the
    /// batch's, not a rule of the game.
    ///
    /// # Errors
    /// [`Error::GameIndex`]; [`Error::AllocFailed`].
    pub fn game(&self, g: usize) -> Result<Game, Error> {
        let mut game = Game::new(self.rules())?;
        for &index in self.history(g)? {
            let cell = self.form.shape.cell_at(index as usize);
            game.play(cell.row, cell.col)?;
        }
        Ok(game)
    }

    /// The action that marks (row, col): actions number the cells row * cols + col, or under
    /// gravity the columns (a legal action for (row, col) only when that is the column's lowest
    /// free cell).
    ///
    /// ```
    /// use tictactoe_core::Batch;
    /// let batch = Batch::new(1, 3, 0)?;
    /// assert_eq!(batch.action_at(1, 2)?, 5);
    /// assert!(batch.action_at(3, 0).is_err());
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] unless row is below rows and col below cols.
    pub fn action_at(&self, row: usize, col: usize) -> Result<u32, Error> {
        Ok(rules::action_of(self.form, self.form.shape.cell(row, col)?))
    }

    /// The (row, col) an action names, for an action given as any integer (negative or past the
    /// board included), as a refusal of it reports the cell: actions number the cells
    /// row * cols + col, so on 3 x 3 the action -1 is (-1, 2) and 9 is (3, 0). Under gravity
    /// an action is a column, reported on row 0 as the refusals of columns are.
    ///
    /// ```
    /// use tictactoe_core::Batch;
    /// let batch = Batch::new(1, 3, 0)?;
    /// assert_eq!(batch.action_cell(5), (1, 2));
    /// assert_eq!(batch.action_cell(-1), (-1, 2));
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn action_cell(&self, action: i64) -> (i64, i64) {
        if self.form.variant.gravity() {
            return (0, action);
        }
        self.form.shape.split(action)
    }
}
