//! A range of a batch's games, to read: what every query of a [`Batch`](super::Batch) runs on,
//! and what splits into disjoint ranges that threads read at once.

use super::checks::{check_in_range, check_len};
use super::selection::Which;
use super::threads::SplitAt;
use crate::rules::{self, Counts, Form, Rules};
use crate::shape::Cell;
use crate::storage::block::Block;
use crate::storage::board;
use crate::{Error, Game, ListError, Player};

/// A range of a batch's games, to read: what every query of a [`Batch`](super::Batch) runs on
/// ([`Batch::games`](super::Batch::games)), and what splits into disjoint ranges that threads
/// can read at once.
#[derive(Clone, Copy, Debug)]
pub struct Games<'a> {
    pub(super) form: Form,
    pub(super) block: Block,
    pub(super) words: &'a [u32],
    pub(super) counts: &'a [Counts],
    pub(super) winner: &'a [u8],
}

impl<'a> Games<'a> {
    /// The number of games in the range.
    pub fn count(&self) -> usize {
        self.winner.len()
    }

    /// The board size of the games.
    pub fn n(&self) -> Option<usize> {
        self.form.shape.side()
    }

    /// The games' rules.
    pub fn rules(&self) -> Rules {
        self.form.rules()
    }

    /// The first `mid` games and the rest (`mid` at most the count): ranges that threads read
    /// at once.
    ///
    /// # Panics
    /// When `mid` is past the count, as `slice::split_at` does.
    pub fn split_at(self, mid: usize) -> (Games<'a>, Games<'a>) {
        let (words, words_rest) = self.words.split_at(mid * self.block.stride);
        let (counts, counts_rest) = self.counts.split_at(mid);
        let (winner, winner_rest) = self.winner.split_at(mid);
        (
            Games { words, counts, winner, ..self },
            Games { words: words_rest, counts: counts_rest, winner: winner_rest, ..self },
        )
    }

    /// [`Error::GameIndex`] for the first of `games` not below the range's count (an index may
    /// repeat): the check of a call that reads the games listed, before it reads any.
    pub fn check_listed(&self, games: &[usize]) -> Result<(), Error> {
        check_in_range(games, self.count()).map_err(|refusal| refusal.error)
    }

    /// The marks on game `g`'s board: every mark of a batch's game is a move, so this is also
    /// the length of its history.
    pub(super) fn marks(&self, g: usize) -> usize {
        self.counts[g].marks()
    }

    /// Game `g`'s board words.
    pub(super) fn board(&self, g: usize) -> &'a [u32] {
        let start = g * self.block.stride;
        &self.words[start..start + self.block.rule_start]
    }

    /// Game `g`'s block: its board, then its rules' state from `block.rule_start`.
    pub(super) fn block_of(&self, g: usize) -> &'a [u32] {
        let start = g * self.block.stride;
        &self.words[start..start + self.block.history_start]
    }

    /// The cells of game `g`'s moves, oldest first.
    pub(super) fn history(&self, g: usize) -> &'a [u32] {
        let start = g * self.block.stride + self.block.history_start;
        &self.words[start..start + self.marks(g)]
    }

    pub(super) fn winner_of(&self, g: usize) -> Option<Player> {
        Player::from_code(u32::from(self.winner[g]))
    }

    /// Whose turn it is in game `g`.
    pub(super) fn next_player(&self, g: usize) -> Player {
        rules::next_player(&self.counts[g])
    }

    /// Whether game `g` is over: won (a forfeit included), or its board full.
    pub(super) fn is_over(&self, g: usize) -> bool {
        rules::is_over(self.winner_of(g), &self.counts[g], self.form.shape)
    }

    /// The cell `action` marks in game `g`, or why it cannot be played there now: the checks of
    /// [`Game::make_move`](crate::Game::make_move) in its order (the player is the one whose
    /// turn it is, so it needs no check). `PLAIN` for LeetCode 348's rules.
    #[inline(always)]
    pub(super) fn cell_for<const PLAIN: bool>(&self, g: usize, action: u32) -> Result<Cell, Error> {
        let (block, rule_start) = (self.block_of(g), self.block.rule_start);
        rules::action_cell::<PLAIN>(block, rule_start, self.form, self.winner_of(g), action)
    }

    /// The cell with index `index` (not an action: a cell under gravity too, as histories hold
    /// them), if a move of game `g` may take it now.
    pub(super) fn move_to(&self, g: usize, index: u32) -> Result<Cell, Error> {
        let cell = self.form.shape.cell_of_index(index as usize)?;
        let (block, rule_start) = (self.block_of(g), self.block.rule_start);
        rules::check_move::<false>(block, rule_start, self.form, self.winner_of(g), cell)?;
        Ok(cell)
    }

    /// Whether the games are LeetCode 348's, whose steps take the fast path.
    #[inline(always)]
    pub(super) fn plain(&self) -> bool {
        self.form.variant.plain()
    }

    /// Checks the action of each game taken (`actions[i]` for the i-th), as a step that refuses
    /// does before it changes anything: the index of the first refused one and its reason.
    pub(crate) fn check(&self, which: impl Which, actions: &[u32]) -> Result<(), ListError> {
        for (i, &action) in actions.iter().enumerate() {
            self.cell_for::<false>(which.game(i), action)
                .map_err(|error| ListError { index: Some(i), error })?;
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

    /// As [`Batch::next_players`](super::Batch::next_players).
    pub(crate) fn next_players(&self, out: &mut [u8]) -> Result<(), Error> {
        self.per_game(out, |g| self.next_player(g).number())
    }

    /// As [`Batch::winners`](super::Batch::winners).
    pub(crate) fn winners(&self, out: &mut [u8]) -> Result<(), Error> {
        self.per_game(out, |g| self.winner[g])
    }

    /// As [`Batch::terminated`](super::Batch::terminated).
    pub(crate) fn terminated(&self, out: &mut [bool]) -> Result<(), Error> {
        self.per_game(out, |g| self.is_over(g))
    }

    /// Whether game `g` of the range is over, as
    /// [`Batch::terminated`](super::Batch::terminated) tells: won, drawn, or lost by an illegal
    /// action, which [`Games::game`] does not know (the forfeit is the batch's).
    ///
    /// # Errors
    /// [`Error::GameIndex`] unless `g` is below the range's count.
    pub fn is_terminated(&self, g: usize) -> Result<bool, Error> {
        if g >= self.count() {
            return Err(Error::GameIndex { game: g, count: self.count() });
        }
        Ok(self.is_over(g))
    }

    /// The cells of game `g` of the range as codes (0 empty, 1 `X`, 2 `O`), row-major: what
    /// [`Game::cells`](crate::Game::cells) gives for a single game, read in place.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Selection};
    /// let mut batch = Batch::new(2, 2, 0)?;
    /// batch.step(Selection::Listed(&[1]), &[3], &mut [0], tictactoe_core::Illegal::Refuse)?;
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
        Ok(board::codes(self.board(g), self.form.shape.cells()))
    }

    /// An independent [`Game`] holding game `g`'s moves (its history included), made by
    /// replaying them, as [`Batch::game`](super::Batch::game) makes one from the whole batch:
    /// what a computer player searches from for each game of a range a thread was given. O(the
    /// game's moves). A game lost by an illegal action has no winner there (the forfeit is the
    /// batch's: ask [`Games::is_terminated`]).
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal, Rules, Selection};
    /// let mut batch = Batch::new(3, Rules::CONNECT_FOUR, 0)?;
    /// batch.step(Selection::All, &[3, 4, 5], &mut [0; 3], Illegal::Refuse)?;
    /// let (_, rest) = batch.games().split_at(1);
    /// let game = rest.game(1)?; // game 2 of the batch
    /// assert_eq!((game.marks(), game.cell(5, 5)?), (1, Some(tictactoe_core::Player::X)));
    /// assert_eq!(game, batch.game(2)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::GameIndex`] unless `g` is below the range's count; [`Error::AllocFailed`].
    pub fn game(&self, g: usize) -> Result<Game, Error> {
        if g >= self.count() {
            return Err(Error::GameIndex { game: g, count: self.count() });
        }
        let mut game = Game::new(self.rules())?;
        for &index in self.history(g) {
            let cell = self.form.shape.cell_at(index as usize);
            game.play(cell.row, cell.col)?;
        }
        Ok(game)
    }
}

impl SplitAt for Games<'_> {
    fn split_at(self, mid: usize) -> (Self, Self) {
        Games::split_at(self, mid)
    }
}
