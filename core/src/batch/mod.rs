//! Many games of one size, stepped together: the owner of their storage ([`Batch`]), a range of
//! them to read ([`Games`], with its observation planes) and to change ([`GamesMut`]: the steps,
//! draws and resets), each move judged by the same rules as a [`Game`]'s ([`crate::rules`]).

use alloc::vec::Vec;

use crate::rules::{self, Counts, Form, Rules};
use crate::storage::block::Block;
use crate::storage::try_copy;
use crate::storage::zeroed::zeroed;
use crate::{random, Error, Game, Player, PositionError, RestoreError};

mod calls;
mod checks;
mod games;
mod games_mut;
mod opponent;
mod planes;
mod restarting;
mod selection;
mod threads;

use checks::check_len;
pub use games::Games;
pub(crate) use games_mut::GamesMut;
pub use games_mut::{Illegal, NO_ACTION};
pub use selection::Selection;
use threads::{Indexed, Threads};
pub use threads::{Runner, GAMES_PER_THREAD};

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
/// use tictactoe_core::{Batch, Illegal, Player, Selection};
/// let mut batch = Batch::new(2, 3, 7)?;
/// let mut winners = [9; 2];
/// batch.step(Selection::All, &[4, 0], &mut winners, Illegal::Refuse)?; // X in the centre, X in a corner
/// assert_eq!(winners, [0, 0]);
/// let mut next = [0; 2];
/// batch.next_players(&mut next)?;
/// assert_eq!(next, [Player::O.number(); 2]);
/// // Game 0: O takes the corner X has in game 1; game 1: O takes the centre.
/// batch.step(Selection::Listed(&[0, 1]), &[0, 4], &mut winners, Illegal::Refuse)?;
/// assert_eq!(batch.game(1)?.to_string(), "X..\n.O.\n...");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
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
    /// One bit a game: scratch for finding repeated indices in a list of games.
    seen: Vec<u64>,
    /// The threads a call may split its games between.
    threads: Threads,
}

/// An operation of [`Batch::OPERATIONS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    /// Its name, as every face spells it (but where docs/architecture.md says otherwise).
    pub name: &'static str,
    /// Whether it takes the games it changes ([`Selection`]); otherwise it is of every game.
    pub takes_games: bool,
}

impl Operation {
    const fn over_games(name: &'static str) -> Operation {
        Operation { name, takes_games: true }
    }

    const fn of_all(name: &'static str) -> Operation {
        Operation { name, takes_games: false }
    }
}

/// Two batches are equal when their games and generators are: the threads a call may use
/// change no result.
impl PartialEq for Batch {
    fn eq(&self, other: &Batch) -> bool {
        (self.form, &self.words, &self.counts, &self.winner, &self.rng)
            == (other.form, &other.words, &other.counts, &other.winner, &other.rng)
    }
}

impl Eq for Batch {}

impl core::hash::Hash for Batch {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.form, &self.words, &self.counts, &self.winner, &self.rng).hash(state);
    }
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
    /// The operations a batch offers, the same in every face (C: `tictactoe_batch_<name>`,
    /// over the games a list names `tictactoe_batch_games_<name>`; Python: `Batch.<name>`, where
    /// docs/architecture.md names the few a face spells its own way): the calls over the games a
    /// [`Selection`] takes, then the reads of every game, then the threads. A test of each face
    /// fails while it lacks one.
    pub const OPERATIONS: &'static [Operation] = &[
        Operation::over_games("step"),
        Operation::over_games("random_legal_actions"),
        Operation::over_games("step_random"),
        Operation::over_games("step_restarting"),
        Operation::over_games("step_against_random"),
        Operation::over_games("reset"),
        Operation::over_games("reset_terminated"),
        Operation::over_games("seed"),
        Operation::of_all("next_players"),
        Operation::of_all("winners"),
        Operation::of_all("terminated"),
        Operation::of_all("cells"),
        Operation::of_all("observation"),
        Operation::of_all("legal_mask"),
        Operation::of_all("rewards"),
        Operation::of_all("set_threads"),
        Operation::of_all("threads"),
    ];

    /// `count` empty games under `rules` (a size n for n x n tic-tac-toe, or any [`Rules`]),
    /// `X` to move in each; their random actions come from `seed`. The count and rules are
    /// the caller's choice, bounded only by memory; a batch whose count or rules come from
    /// outside data wants [`Limits::batch`](crate::Limits::batch).
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Rules, Selection};
    /// let mut batch = Batch::new(2, Rules::CONNECT_FOUR, 1)?;
    /// assert_eq!((batch.actions(), batch.n()), (7, None));
    /// let mut winners = [0; 2];
    /// batch.step(Selection::All, &[3, 3], &mut winners, Illegal::Refuse)?; // X drops into column 3 in each game
    /// batch.step(Selection::All, &[3, 4], &mut winners, Illegal::Refuse)?;
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
            threads: Threads::ONE,
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

    /// Every game, to read: what a computer player searches the games of
    /// ([`Games::split_at`] divides them between threads).
    pub fn games(&self) -> Games<'_> {
        Games {
            form: self.form,
            block: self.block,
            words: &self.words,
            counts: &self.counts,
            winner: &self.winner,
        }
    }

    /// Every game, to change: what every operation's moves are made on.
    pub(crate) fn games_mut(&mut self) -> GamesMut<'_> {
        GamesMut {
            form: self.form,
            block: self.block,
            words: &mut self.words,
            counts: &mut self.counts,
            winner: &mut self.winner,
            rng: &mut self.rng,
        }
    }

    /// Lets every call of this batch over all its games split them between `threads` threads
    /// (1: the caller's alone) that `runner` runs (`tictactoe-parallel`'s pool, say), each
    /// thread taking at least [`GAMES_PER_THREAD`] games. The results and refusals are those of
    /// one thread: every game depends on itself alone, and a call that refuses is checked
    /// whole before any game changes. A call over a list of games runs on the caller's thread.
    /// (A panic while a call runs, in a runner of the caller's, leaves the call half done: see
    /// [`Runner::run`].)
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Runner, Selection};
    /// /// Runs the jobs one after another: a stand-in for a pool.
    /// struct InTurn;
    /// impl Runner for InTurn {
    ///     fn run(&self, jobs: &mut [&mut (dyn FnMut() + Send)]) {
    ///         jobs.iter_mut().for_each(|job| job());
    ///     }
    /// }
    /// let (mut one, mut four) = (Batch::new(2048, 3, 9)?, Batch::new(2048, 3, 9)?);
    /// four.set_threads(4, &InTurn);
    /// assert_eq!(four.threads(), 4);
    /// for batch in [&mut one, &mut four] {
    ///     batch.step_random(Selection::All, &mut vec![0; 2048])?;
    /// }
    /// assert_eq!(one, four);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_threads(&mut self, threads: usize, runner: &'static dyn Runner) {
        self.threads = Threads::new(threads, runner);
    }

    /// The threads a call over all games may use ([`Batch::set_threads`]; 1 by default).
    pub fn threads(&self) -> usize {
        self.threads.count()
    }

    /// Runs `work` on `items` (a value a game, `items[g]` game g's) cut into consecutive parts
    /// as the batch's own calls are cut, on its threads at once, each part with the index of
    /// its first game: for work over each game done above the core, such as a search in each
    /// game's tree, split as the batch's calls are. The first error in the order of the parts
    /// (and so of the games, when each part stops at its first). Each part changes its own
    /// items alone, so the results are the same whatever the number of threads.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Runner};
    /// /// Runs the parts one after another, and splits even the smallest batch.
    /// struct InTurn;
    /// impl Runner for InTurn {
    ///     fn run(&self, jobs: &mut [&mut (dyn FnMut() + Send)]) {
    ///         jobs.iter_mut().for_each(|job| job());
    ///     }
    ///     fn min_part(&self) -> usize {
    ///         1
    ///     }
    /// }
    /// let mut batch = Batch::new(5, 3, 0)?;
    /// batch.set_threads(2, &InTurn);
    /// let mut squares = [0u64; 5];
    /// batch.split_work(&mut squares, |first, part| {
    ///     for (i, square) in part.iter_mut().enumerate() {
    ///         *square = ((first + i) * (first + i)) as u64;
    ///     }
    ///     Ok::<(), ()>(())
    /// })
    /// .unwrap();
    /// assert_eq!(squares, [0, 1, 4, 9, 16]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The first error of a part.
    pub fn split_work<T: Send, E: Send>(
        &self,
        items: &mut [T],
        work: impl Fn(usize, &mut [T]) -> Result<(), E> + Sync,
    ) -> Result<(), E> {
        let games = items.len();
        self.threads.run(
            games,
            Indexed(0, items),
            |Indexed(first, part)| work(first, part),
            |e, _| e,
        )
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
    /// use tictactoe_core::{Batch, Illegal, Selection};
    /// let mut batch = Batch::new(2, 3, 1)?;
    /// batch.step(Selection::All, &[4, 99], &mut [0; 2], Illegal::Lose)?; // game 1 forfeits to O
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
        self.games().game(g)
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
