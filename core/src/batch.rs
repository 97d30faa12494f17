//! Many games of one size, stepped together: the storage of every game in a few flat arrays, and
//! each move judged by the same rules as a [`Game`]'s ([`crate::rules`]).

use alloc::vec::Vec;

use crate::board::try_copy;
use crate::layout::Layout;
use crate::rules::{self, Tally};
use crate::zeroed::zeroed;
use crate::{board, lines, random, Error, Game, Limits, Player, PositionError, ReplayError};

/// What [`Batch::random_legal_actions`] writes for a game that is over.
pub const NO_ACTION: u32 = u32::MAX;

/// What a step does with an action the rules refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// Refuse the whole call: no game changes, and the error names the first bad action.
    Raise,
    /// The game of the bad action ends at once, won by the opponent of the player to move (what
    /// pgx and EnvPool do); the other games play on. A game already over (won or drawn) keeps
    /// its result.
    Lose,
}

/// `count` games of n x n tic-tac-toe, stepped together: the engine for search, self-play and
/// reinforcement learning, where thousands of games move at once.
///
/// Each game plays the player whose turn it is (`X` first); every move is validated and judged
/// in O(1) by the same rules as [`Game::make_move`]. Storage is a few flat allocations, not one
/// per game: one block of words (each game's board, line counters and a history of up to n * n
/// moves, at a fixed stride) and per-game arrays of marks, open-line counts, winners and
/// random-number generators.
///
/// ```
/// use tictactoe_core::{Batch, Illegal, Player};
/// let mut batch = Batch::new(2, 3, 7)?;
/// let mut winners = [9; 2];
/// batch.step(&[4, 0], &mut winners, Illegal::Raise)?; // X in the centre, X in a corner
/// assert_eq!(winners, [0, 0]);
/// let mut next = [0; 2];
/// batch.next_players(&mut next)?;
/// assert_eq!(next, [Player::O.number(); 2]);
/// // Game 0: O takes the corner X has in game 1; game 1: O takes the centre.
/// batch.step_games(&[0, 1], &[0, 4], &mut winners, Illegal::Raise)?;
/// assert_eq!(batch.game(1)?.to_string(), "X..\n.O.\n...");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Batch {
    layout: Layout,
    words: Vec<u32>,
    marks: Vec<[u32; 2]>,
    open: Vec<[u32; 2]>,
    /// 0 while nobody has won, else the winner's number (a forfeit included).
    winner: Vec<u8>,
    /// Each game's generator state (SplitMix64), so that a game's random actions depend on the
    /// seed and its own history only.
    rng: Vec<u64>,
    /// One bit a game: scratch for finding repeated indices in [`Batch::step_games`].
    seen: Vec<u64>,
}

/// The bytes each game of a [`Batch`] holds besides its words: its marks, open-line counts,
/// winner and generator state (what [`batch_bytes`](crate::batch_bytes) counts).
pub(crate) const GAME_STATE_BYTES: usize =
    2 * core::mem::size_of::<[u32; 2]>() + core::mem::size_of::<u8>() + core::mem::size_of::<u64>();

/// The generator state game `game` of a batch seeded with `seed` starts from: the seed's
/// `game`-th SplitMix64 output, so that the games' streams do not overlap.
fn stream(seed: u64, game: usize) -> u64 {
    let mut seeder = seed.wrapping_add((game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    random::next(&mut seeder)
}

/// `Ok` when `len` is `expected`.
fn check_len(len: usize, expected: usize) -> Result<(), Error> {
    if len == expected {
        Ok(())
    } else {
        Err(Error::LengthMismatch { len, expected })
    }
}

/// A range of a batch's games, to read: what every query of a [`Batch`] runs on
/// ([`Batch::games`]), and what splits into disjoint ranges that threads can read at once.
#[derive(Clone, Copy, Debug)]
pub struct Games<'a> {
    layout: Layout,
    words: &'a [u32],
    marks: &'a [[u32; 2]],
    winner: &'a [u8],
}

/// A range of a batch's games, to change: what every step, draw and reset of a [`Batch`] runs on
/// ([`Batch::games_mut`]), and what splits into disjoint ranges that threads can step at once,
/// with the same results whatever the split (each game depends on itself alone).
#[derive(Debug)]
pub struct GamesMut<'a> {
    layout: Layout,
    words: &'a mut [u32],
    marks: &'a mut [[u32; 2]],
    open: &'a mut [[u32; 2]],
    winner: &'a mut [u8],
    rng: &'a mut [u64],
}

impl<'a> Games<'a> {
    /// The number of games in the range.
    pub fn count(&self) -> usize {
        self.winner.len()
    }

    /// The board size of the games.
    pub fn n(&self) -> usize {
        self.layout.n()
    }

    /// The first `mid` games and the rest (`mid` at most the count).
    pub fn split_at(self, mid: usize) -> (Games<'a>, Games<'a>) {
        let (words, words_rest) = self.words.split_at(mid * self.layout.stride);
        let (marks, marks_rest) = self.marks.split_at(mid);
        let (winner, winner_rest) = self.winner.split_at(mid);
        (
            Games { layout: self.layout, words, marks, winner },
            Games {
                layout: self.layout,
                words: words_rest,
                marks: marks_rest,
                winner: winner_rest,
            },
        )
    }

    /// The number of moves made in game `g`: every mark of a batch's game is a move.
    fn moves(&self, g: usize) -> usize {
        (self.marks[g][0] + self.marks[g][1]) as usize
    }

    fn board(&self, g: usize) -> &'a [u32] {
        let start = g * self.layout.stride;
        &self.words[start..start + self.layout.lines_start]
    }

    fn history(&self, g: usize) -> &'a [u32] {
        let start = g * self.layout.stride + self.layout.history_start;
        &self.words[start..start + self.moves(g)]
    }

    fn winner_of(&self, g: usize) -> Option<Player> {
        Player::from_code(u32::from(self.winner[g]))
    }

    /// Whose turn it is in game `g`: `X` while `X` has no more marks than `O`.
    fn next_player(&self, g: usize) -> Player {
        if self.marks[g][0] <= self.marks[g][1] {
            Player::X
        } else {
            Player::O
        }
    }

    fn is_over(&self, g: usize) -> bool {
        self.winner[g] != 0 || self.moves(g) == self.layout.cells()
    }

    /// Why `action` cannot be played in game `g` now, if it cannot: the checks of
    /// [`Game::make_move`] in its order (the player is the one whose turn it is).
    fn refusal(&self, g: usize, action: u32) -> Result<(usize, usize, usize), Error> {
        let n = self.layout.n();
        let action = action as usize;
        let (row, col) = (action / n, action % n);
        let cell = rules::check_cell(n, row, col)?;
        rules::check_free(self.board(g), self.winner_of(g), row, col, cell)?;
        Ok((row, col, cell))
    }

    /// Checks one action per game of the range, as [`GamesMut::step`] with [`Illegal::Raise`]
    /// does before it changes anything: for the threads of one step, which check the whole
    /// batch first and then step their ranges.
    ///
    /// # Errors
    /// As [`Batch::step`] with [`Illegal::Raise`].
    pub fn check(&self, actions: &[u32]) -> Result<(), ReplayError> {
        check_len(actions.len(), self.count()).map_err(|error| ReplayError { index: 0, error })?;
        for (index, &action) in actions.iter().enumerate() {
            self.refusal(index, action).map_err(|error| ReplayError { index, error })?;
        }
        Ok(())
    }

    /// Writes one value per game into `out` (of `count` values).
    fn per_game<T>(&self, out: &mut [T], value: impl Fn(usize) -> T) -> Result<(), Error> {
        check_len(out.len(), self.count())?;
        for (g, slot) in out.iter_mut().enumerate() {
            *slot = value(g);
        }
        Ok(())
    }

    /// As [`Batch::next_players`], for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has one value per game (as for every query).
    pub fn next_players(&self, out: &mut [u8]) -> Result<(), Error> {
        self.per_game(out, |g| self.next_player(g).number())
    }

    /// As [`Batch::winners`], for the range.
    ///
    /// # Errors
    /// As [`Games::next_players`].
    pub fn winners(&self, out: &mut [u8]) -> Result<(), Error> {
        self.per_game(out, |g| self.winner[g])
    }

    /// As [`Batch::terminated`], for the range.
    ///
    /// # Errors
    /// As [`Games::next_players`].
    pub fn terminated(&self, out: &mut [bool]) -> Result<(), Error> {
        self.per_game(out, |g| self.is_over(g))
    }

    /// Writes `per_cell` values for each cell of each game, row-major, game after game:
    /// `fill(g, board, out)` gets game g's board words and its part of `out` (inlined into each
    /// caller, so that the cells are read without a call each).
    #[inline(always)]
    fn per_cell<T>(
        &self,
        out: &mut [T],
        per_cell: usize,
        fill: impl Fn(usize, &[u32], &mut [T]),
    ) -> Result<(), Error> {
        let cells = self.layout.cells();
        check_len(out.len(), self.count() * cells * per_cell)?;
        for (g, part) in out.chunks_exact_mut(cells * per_cell).enumerate() {
            fill(g, self.board(g), part);
        }
        Ok(())
    }

    /// The cells of game `g` of the range as codes (0 empty, 1 `X`, 2 `O`), row-major: what
    /// [`Game::cells`] gives for a single game, read in place.
    ///
    /// ```
    /// use tictactoe_core::Batch;
    /// let mut batch = Batch::new(2, 2, 0)?;
    /// batch.step_games(&[1], &[3], &mut [0], tictactoe_core::Illegal::Raise)?;
    /// assert_eq!(batch.games().cells_of(1)?.collect::<Vec<u8>>(), [0, 0, 0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::GameIndex`] unless `g` is below the range's count.
    pub fn cells_of(&self, g: usize) -> Result<impl Iterator<Item = u8> + 'a, Error> {
        if g >= self.count() {
            return Err(Error::GameIndex { game: g, count: self.count() });
        }
        Ok(board::codes(self.board(g), self.layout.cells()))
    }

    /// As [`Batch::cells_into`], for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * n * n` values.
    pub fn cells_into(&self, out: &mut [u8]) -> Result<(), Error> {
        let cells = self.layout.cells();
        self.per_cell(out, 1, |_, board, part| {
            board::for_each_code(board, cells, |cell, code| part[cell] = code);
        })
    }

    /// As [`Batch::observation_into`], for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * 2 * n * n` values.
    pub fn observation_into(&self, out: &mut [bool]) -> Result<(), Error> {
        self.per_cell(out, 2, |g, board, part| self.planes(board, self.next_player(g), part))
    }

    /// As [`Batch::observation_for_into`], for the range.
    ///
    /// # Errors
    /// As [`Batch::observation_for_into`].
    pub fn observation_for_into(&self, players: &[u8], out: &mut [bool]) -> Result<(), Error> {
        check_len(players.len(), self.count())?;
        if let Some(&player) = players.iter().find(|&&p| Player::from_code(p.into()).is_none()) {
            return Err(Error::InvalidPlayer { player: player.into() });
        }
        self.per_cell(out, 2, |g, board, part| {
            // Every code was checked above.
            let viewer = Player::from_code(players[g].into()).unwrap_or(Player::X);
            self.planes(board, viewer, part);
        })
    }

    /// A game's two planes from `viewer`'s side: its marks, then its opponent's.
    fn planes(&self, board: &[u32], viewer: Player, part: &mut [bool]) {
        let (own, other) = part.split_at_mut(self.layout.cells());
        board::flags_into(board, viewer.number(), own);
        board::flags_into(board, viewer.opponent().number(), other);
    }

    /// As [`Batch::legal_mask_into`], for the range.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * n * n` values.
    pub fn legal_mask_into(&self, out: &mut [bool]) -> Result<(), Error> {
        self.per_cell(out, 1, |g, board, part| {
            if self.is_over(g) {
                part.fill(false);
            } else {
                board::flags_into(board, 0, part);
            }
        })
    }
}

impl<'a> GamesMut<'a> {
    /// The range, to read.
    pub fn games(&self) -> Games<'_> {
        Games { layout: self.layout, words: self.words, marks: self.marks, winner: self.winner }
    }

    /// The number of games in the range.
    pub fn count(&self) -> usize {
        self.winner.len()
    }

    /// The first `mid` games and the rest (`mid` at most the count).
    pub fn split_at(self, mid: usize) -> (GamesMut<'a>, GamesMut<'a>) {
        let (words, words_rest) = self.words.split_at_mut(mid * self.layout.stride);
        let (marks, marks_rest) = self.marks.split_at_mut(mid);
        let (open, open_rest) = self.open.split_at_mut(mid);
        let (winner, winner_rest) = self.winner.split_at_mut(mid);
        let (rng, rng_rest) = self.rng.split_at_mut(mid);
        (
            GamesMut { layout: self.layout, words, marks, open, winner, rng },
            GamesMut {
                layout: self.layout,
                words: words_rest,
                marks: marks_rest,
                open: open_rest,
                winner: winner_rest,
                rng: rng_rest,
            },
        )
    }

    /// Plays a checked move in game `g`; returns the winner's number after it (0 for none).
    fn play_checked(&mut self, g: usize, row: usize, col: usize, cell: usize) -> u8 {
        let games = self.games();
        let (player, moves) = (games.next_player(g), games.moves(g));
        let Layout { stride, lines_start, history_start, .. } = self.layout;
        let words = &mut self.words[g * stride..(g + 1) * stride];
        words[history_start + moves] = cell as u32;
        let tally = Tally { marks: &mut self.marks[g], open: &mut self.open[g] };
        if rules::place(words, lines_start, tally, self.layout.n(), row, col, cell, player) {
            self.winner[g] = player.number();
        }
        self.winner[g]
    }

    /// Ends game `g` with the loss of its player to move (an illegal action with
    /// [`Illegal::Lose`]); returns the winner's number. A game already over keeps its result:
    /// an action for a drawn game does not turn the draw into a loss.
    fn forfeit(&mut self, g: usize) -> u8 {
        if !self.games().is_over(g) {
            self.winner[g] = self.games().next_player(g).opponent().number();
        }
        self.winner[g]
    }

    /// Plays `action` in game `g`, whose refusal was checked already.
    fn play_action(&mut self, g: usize, action: u32) -> u8 {
        let (n, cell) = (self.layout.n(), action as usize);
        self.play_checked(g, cell / n, cell % n, cell)
    }

    /// One move in every game of the range, in order: as [`Batch::step`].
    ///
    /// # Errors
    /// As [`Batch::step`], with indices in the range.
    pub fn step(
        &mut self,
        actions: &[u32],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ReplayError> {
        let whole = |error: Error| ReplayError { index: 0, error };
        check_len(actions.len(), self.count()).map_err(whole)?;
        check_len(winners.len(), self.count()).map_err(whole)?;
        if illegal == Illegal::Raise {
            self.games().check(actions)?;
            self.play_all(actions, winners);
            return Ok(());
        }
        for (g, (&action, winner)) in actions.iter().zip(winners.iter_mut()).enumerate() {
            *winner = match self.games().refusal(g, action) {
                Ok((row, col, cell)) => self.play_checked(g, row, col, cell),
                Err(_) => self.forfeit(g),
            };
        }
        Ok(())
    }

    /// Plays every action, checked already (one per game, all legal).
    fn play_all(&mut self, actions: &[u32], winners: &mut [u8]) {
        for (g, (&action, winner)) in actions.iter().zip(winners.iter_mut()).enumerate() {
            *winner = self.play_action(g, action);
        }
    }

    /// Checks one action per game of the range as [`Batch::step`] with [`Illegal::Raise`]
    /// does, changing nothing, and keeps the range, with the actions, ready to play them
    /// without checking again ([`Checked::play`]). This splits a refuse-all step between
    /// threads: every range is checked first, and only when all pass does each play its own.
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
    /// [`Error::LengthMismatch`] (at index 0) unless there is one action per game, else the
    /// index in the range of the first refused action and its reason.
    pub fn check<'b>(self, actions: &'b [u32]) -> Result<Checked<'a, 'b>, ReplayError> {
        self.games().check(actions)?;
        Ok(Checked { games: self, actions })
    }

    /// As [`Batch::random_legal_actions`], for the range.
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

    /// A uniformly random free cell of game `g` from its own generator, or [`NO_ACTION`] (and
    /// no draw) for a game that is over.
    fn random_action(&mut self, g: usize) -> u32 {
        let games = self.games();
        if games.is_over(g) {
            return NO_ACTION;
        }
        let cells = self.layout.cells();
        let free = (cells - games.moves(g)) as u64;
        let k = random::below(&mut self.rng[g], free) as usize;
        // The game is not over, so it has a k-th free cell; cells < 2^32.
        board::nth_free(self.games().board(g), cells, k).map_or(NO_ACTION, |cell| cell as u32)
    }

    /// Empties game `g` (its generator goes on where it was).
    fn reset_game(&mut self, g: usize) {
        let stride = self.layout.stride;
        self.words[g * stride..(g + 1) * stride].fill(0);
        self.marks[g] = [0; 2];
        // 2 * MAX_N + 2 lines fit in u32.
        self.open[g] = [lines::count(self.layout.n()) as u32; 2];
        self.winner[g] = 0;
    }

    /// Empties every game of the range.
    pub fn reset(&mut self) {
        for g in 0..self.count() {
            self.reset_game(g);
        }
    }

    /// As [`Batch::reset_terminated`], for the range.
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

impl Batch {
    /// `count` empty n x n games, `X` to move in each; their random actions come from `seed`.
    /// The count and size are the caller's choice, bounded only by memory; a batch whose size
    /// comes from outside data wants [`Batch::with_limits`].
    ///
    /// # Errors
    /// [`Error::InvalidSize`] unless 1 <= n <= [`MAX_N`](crate::MAX_N); [`Error::InvalidCount`] for no
    /// games; [`Error::AllocFailed`] when the memory cannot be had or its size overflows.
    pub fn new(count: usize, n: usize, seed: u64) -> Result<Batch, Error> {
        Batch::with_limits(count, n, seed, Limits::NONE)
    }

    /// As [`Batch::new`], refusing a batch of more than `limits.max_bytes` bytes
    /// ([`batch_bytes`](crate::batch_bytes)) before anything is allocated.
    ///
    /// ```
    /// use tictactoe_core::{batch_bytes, Batch, Error, Limits};
    /// let limits = Limits { max_bytes: 1 << 20 };
    /// assert!(Batch::with_limits(4096, 3, 0, limits).is_ok());
    /// let requested = batch_bytes(1 << 20, 3).unwrap();
    /// assert_eq!(Batch::with_limits(1 << 20, 3, 0, limits),
    ///            Err(Error::LimitExceeded { requested, limit: 1 << 20 }));
    /// ```
    ///
    /// # Errors
    /// As [`Batch::new`], and [`Error::LimitExceeded`] (after the size and count checks).
    pub fn with_limits(count: usize, n: usize, seed: u64, limits: Limits) -> Result<Batch, Error> {
        limits.check_batch(count, n)?;
        let layout = Layout::new(n)?;
        let total = count.checked_mul(layout.stride).ok_or(Error::AllocFailed)?;
        // Every game starts empty, all of its lines open to both players.
        let open = lines::count(n) as u32;
        let mut open_lines = Vec::new();
        open_lines.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        open_lines.resize(count, [open; 2]);
        let mut rng = Vec::new();
        rng.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        rng.extend((0..count).map(|game| stream(seed, game)));
        Ok(Batch {
            layout,
            // Zeroed allocations: an empty game is all zeros, and pages not yet played cost no
            // memory.
            words: zeroed(total)?,
            marks: zeroed(count)?,
            open: open_lines,
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
            marks: try_copy(&self.marks)?,
            open: try_copy(&self.open)?,
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

    /// The board size n.
    pub fn n(&self) -> usize {
        self.layout.n()
    }

    /// Every game, to read; [`Games::split_at`] divides them between threads.
    pub fn games(&self) -> Games<'_> {
        Games { layout: self.layout, words: &self.words, marks: &self.marks, winner: &self.winner }
    }

    /// Every game, to change; [`GamesMut::split_at`] divides them between threads, and the
    /// results are the same whatever the division.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal};
    /// let (mut one, mut two) = (Batch::new(8, 3, 5)?, Batch::new(8, 3, 5)?);
    /// let mut actions = [0; 8];
    /// one.random_legal_actions(&mut actions)?;
    /// one.step(&actions, &mut [0; 8], Illegal::Raise)?;
    /// let (mut left, mut right) = two.games_mut().split_at(3);
    /// let (mut a, mut b) = ([0; 3], [0; 5]);
    /// left.random_legal_actions(&mut a)?;
    /// right.random_legal_actions(&mut b)?;
    /// left.step(&a, &mut [0; 3], Illegal::Raise)?;
    /// right.step(&b, &mut [0; 5], Illegal::Raise)?;
    /// assert_eq!(one, two);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn games_mut(&mut self) -> GamesMut<'_> {
        GamesMut {
            layout: self.layout,
            words: &mut self.words,
            marks: &mut self.marks,
            open: &mut self.open,
            winner: &mut self.winner,
            rng: &mut self.rng,
        }
    }

    /// One move in every game: `actions[g]` is the cell (row * n + col) game g's player to move
    /// marks. `winners[g]` gets game g's winner after it (0, 1 or 2).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless both slices have one value per game. With
    /// [`Illegal::Raise`], a [`ReplayError`] with the index of the first refused action
    /// ([`Error::OutOfBounds`], [`Error::GameOver`], [`Error::Occupied`]), and no game changed.
    pub fn step(
        &mut self,
        actions: &[u32],
        winners: &mut [u8],
        illegal: Illegal,
    ) -> Result<(), ReplayError> {
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
    ) -> Result<(), ReplayError> {
        let at = |index: usize| move |error: Error| ReplayError { index, error };
        check_len(actions.len(), games.len()).map_err(at(0))?;
        check_len(winners.len(), games.len()).map_err(at(0))?;
        self.check_games(games)?;
        let mut view = self.games_mut();
        if illegal == Illegal::Raise {
            for (i, (&g, &action)) in games.iter().zip(actions).enumerate() {
                view.games().refusal(g, action).map_err(at(i))?;
            }
        }
        for ((&g, &action), winner) in games.iter().zip(actions).zip(winners.iter_mut()) {
            *winner = match view.games().refusal(g, action) {
                Ok((row, col, cell)) => view.play_checked(g, row, col, cell),
                // Only with Illegal::Lose: Raise checked every action above.
                Err(_) => view.forfeit(g),
            };
        }
        Ok(())
    }

    /// [`Error::GameIndex`] for the first index not below the count (repeats allowed).
    fn check_indices(&self, games: &[usize]) -> Result<(), Error> {
        match games.iter().find(|&&game| game >= self.count()) {
            Some(&game) => Err(Error::GameIndex { game, count: self.count() }),
            None => Ok(()),
        }
    }

    /// Checks that every index is a game of the batch and none is given twice.
    fn check_games(&mut self, games: &[usize]) -> Result<(), ReplayError> {
        let count = self.count();
        let mut result = Ok(());
        for (index, &game) in games.iter().enumerate() {
            if game >= count {
                result = Err(ReplayError { index, error: Error::GameIndex { game, count } });
                break;
            }
            let (word, bit) = (game / 64, 1 << (game % 64));
            if self.seen[word] & bit != 0 {
                result = Err(ReplayError { index, error: Error::RepeatedGame { game } });
                break;
            }
            self.seen[word] |= bit;
        }
        for &game in games.iter().filter(|&&game| game < count) {
            self.seen[game / 64] = 0;
        }
        result
    }

    /// For every game, a uniformly random free cell (row * n + col), or [`NO_ACTION`] for a
    /// game that is over; from each game's own generator, seeded by [`Batch::new`].
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
    /// [`Error::LengthMismatch`] unless `out` has one value per index (index 0);
    /// [`Error::GameIndex`] and [`Error::RepeatedGame`] with the index in `games`. Nothing is
    /// drawn then.
    pub fn random_legal_actions_games(
        &mut self,
        games: &[usize],
        out: &mut [u32],
    ) -> Result<(), ReplayError> {
        check_len(out.len(), games.len()).map_err(|error| ReplayError { index: 0, error })?;
        self.check_games(games)?;
        let mut view = self.games_mut();
        for (&g, action) in games.iter().zip(out.iter_mut()) {
            *action = view.random_action(g);
        }
        Ok(())
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
        self.check_indices(games)?;
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

    /// Every game's cells: `count * n * n` values 0 (empty), 1 (`X`) or 2 (`O`), row-major, game
    /// after game.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * n * n` values.
    pub fn cells_into(&self, out: &mut [u8]) -> Result<(), Error> {
        self.games().cells_into(out)
    }

    /// Every game from its player to move's view: `count * 2 * n * n` flags, game after game,
    /// each two planes of n * n: the marks of the player to move, then the opponent's.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * 2 * n * n` values.
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
    /// batch.step(&[0], &mut [0], Illegal::Raise)?; // X at (0, 0); O to move
    /// let mut planes = [false; 8];
    /// batch.observation_for_into(&[1], &mut planes)?; // from X's side
    /// assert_eq!(planes, [true, false, false, false, false, false, false, false]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `players` has one value per game and `out` has
    /// `count * 2 * n * n`; [`Error::InvalidPlayer`] for a value other than 1 or 2. Nothing is
    /// written then.
    pub fn observation_for_into(&self, players: &[u8], out: &mut [bool]) -> Result<(), Error> {
        self.games().observation_for_into(players, out)
    }

    /// Every game's legal actions as a mask: `count * n * n` flags, true for a free cell of a
    /// game that is not over (all false for a game that is over, never all true).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has `count * n * n` values.
    pub fn legal_mask_into(&self, out: &mut [bool]) -> Result<(), Error> {
        self.games().legal_mask_into(out)
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
    /// batch.step_games(&[0], &[0], &mut [0], Illegal::Raise)?;
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
        self.check_indices(games)?;
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

    /// A batch rebuilt from what a saved one held, per game (`histories.len()` games): its
    /// history ([`Batch::history`]), replayed by the rules, so that no history a game cannot
    /// have is taken; its winner ([`Batch::winners`]), which may differ from the replay's only
    /// as a forfeit (a game nobody won, lost by its player to move); its generator state
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
    /// A [`ReplayError`] whose index is the game: [`Error::LengthMismatch`] unless the three
    /// lists have one entry per game; a refused move of a history; for a winner that neither
    /// the replay nor a forfeit explains, [`Error::InvalidPosition`] with
    /// [`PositionError::WinnerNotLast`](crate::PositionError::WinnerNotLast); the errors of
    /// [`Batch::new`].
    pub fn restore(
        n: usize,
        histories: &[&[u32]],
        winners: &[u8],
        generators: &[u64],
    ) -> Result<Batch, ReplayError> {
        let at = |index: usize| move |error: Error| ReplayError { index, error };
        let count = histories.len();
        check_len(winners.len(), count).map_err(at(0))?;
        check_len(generators.len(), count).map_err(at(0))?;
        let mut batch = Batch::new(count, n, 0).map_err(at(0))?;
        batch.rng.copy_from_slice(generators);
        let mut view = batch.games_mut();
        for (g, (history, &winner)) in histories.iter().zip(winners).enumerate() {
            for &cell in *history {
                let (row, col, cell) = view.games().refusal(g, cell).map_err(at(g))?;
                view.play_checked(g, row, col, cell);
            }
            let replayed = view.winner[g];
            let forfeit = !view.games().is_over(g)
                && winner == view.games().next_player(g).opponent().number();
            if winner != replayed && !forfeit {
                let claimed = Player::from_code(u32::from(winner)).unwrap_or(Player::X);
                let error =
                    Error::InvalidPosition(PositionError::WinnerNotLast { winner: claimed });
                return Err(ReplayError { index: g, error });
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
        let n = self.n();
        let mut game = Game::new(n)?;
        for &cell in self.history(g)? {
            let cell = cell as usize;
            game.play(cell / n, cell % n)?;
        }
        Ok(game)
    }
}
