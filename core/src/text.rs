//! The text form of a game: lossless, one line, read back by [`str::parse`].
//!
//! ```text
//! tictactoe/1 <rules>[ board=<row>/<row>/...] moves=[<row>,<col>,<player>[;<row>,<col>,<player>]...]
//! <rules>: n=<n>                                    n x n tic-tac-toe, n in a row
//!        | rows=<rows> cols=<cols> k=<k>[ exact][ gravity]   any other rule set
//! ```
//!
//! `board=` is present only for a game built from a non-empty position: its rows of characters
//! `X`, `O` or `.`, separated by `/`. The moves are the history, oldest first, players as 1 or 2.
//! Numbers are decimal. The rules, the position and every move are validated on reading,
//! exactly as when the game was built. Texts written before the family's rules (`n=` only) are
//! read as they always were.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::rows::write_rows;
use crate::{Error, Game, Limits, ListError, ParseError, ParseErrorKind, Rules};

const MAGIC: &str = "tictactoe/1 ";

/// The text form of a game, from [`Game::text`].
#[derive(Clone, Copy, Debug)]
pub struct Text<'a>(&'a Game);

impl Game {
    /// The text form of this game (see the [`text`](crate::text) module), which
    /// [`str::parse`] reads back into an equal game. Writing it allocates nothing.
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let mut game = Game::from_rows(3, &["X..", ".O.", "..."])?;
    /// game.make_move(2, 2, 1)?;
    /// let text = game.text().to_string();
    /// assert_eq!(text, "tictactoe/1 n=3 board=X../.O./... moves=2,2,1");
    /// assert_eq!(text.parse::<Game>().unwrap(), game);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    #[must_use = "the text form is only made to be written or compared"]
    pub fn text(&self) -> Text<'_> {
        Text(self)
    }
}

impl fmt::Display for Rules {
    /// The rules as the text form of a game writes them (see the [`text`](crate::text)
    /// module): `n=<n>` for LeetCode 348's n x n game, else
    /// `rows=<rows> cols=<cols> k=<k>[ exact][ gravity]`. Written here once, for the game's text
    /// form and for every face that shows rules.
    ///
    /// ```
    /// use tictactoe_core::Rules;
    /// assert_eq!(Rules::tic_tac_toe(3).to_string(), "n=3");
    /// assert_eq!(Rules::CONNECT_FOUR.to_string(), "rows=6 cols=7 k=4 gravity");
    /// let exact = Rules { exact: true, ..Rules::GOMOKU };
    /// assert_eq!(exact.to_string(), "rows=15 cols=15 k=5 exact");
    /// // The exact rule is written even where no run can be longer than k.
    /// let three = Rules { exact: true, ..Rules::tic_tac_toe(3) };
    /// assert_eq!(three.to_string(), "rows=3 cols=3 k=3 exact");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.tic_tac_toe_n() {
            Some(n) => write!(f, "n={n}"),
            None => {
                let Rules { rows, cols, k, exact, gravity } = *self;
                write!(f, "rows={rows} cols={cols} k={k}")?;
                for (flag, word) in [(exact, " exact"), (gravity, " gravity")] {
                    if flag {
                        f.write_str(word)?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.0;
        write!(f, "{MAGIC}{}", game.rules())?;
        if game.has_starting_position() {
            f.write_str(" board=")?;
            write_rows(f, game.form().shape, "/", |row, col| game.starting_cell(row, col))?;
        }
        f.write_str(" moves=")?;
        for (i, m) in game.history().enumerate() {
            let sep = if i > 0 { ";" } else { "" };
            write!(f, "{sep}{},{},{}", m.row, m.col, m.player.number())?;
        }
        Ok(())
    }
}

/// A cursor over the text being parsed, tracking the byte offset for errors.
struct Cursor<'a> {
    text: &'a str,
    offset: usize,
}

impl<'a> Cursor<'a> {
    fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError { offset: self.offset, kind }
    }

    fn syntax(&self, expected: &'static str) -> ParseError {
        self.error(ParseErrorKind::Syntax { expected })
    }

    fn rest(&self) -> &'a str {
        &self.text[self.offset..]
    }

    /// Consumes `literal` if the text continues with it.
    fn eat(&mut self, literal: &str) -> bool {
        let found = self.rest().starts_with(literal);
        if found {
            self.offset += literal.len();
        }
        found
    }

    fn expect(&mut self, literal: &str, expected: &'static str) -> Result<(), ParseError> {
        if self.eat(literal) {
            Ok(())
        } else {
            Err(self.syntax(expected))
        }
    }

    /// A decimal number that fits in a `usize`.
    fn number(&mut self, expected: &'static str) -> Result<usize, ParseError> {
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        let value = self.rest()[..digits].parse().map_err(|_| self.syntax(expected))?;
        self.offset += digits;
        Ok(value)
    }
}

impl FromStr for Game {
    type Err = ParseError;

    /// Reads the text form written by [`Game::text`], within [`Limits::DEFAULT`]: text is
    /// outside data by nature ([`Limits::parse_game`] for other limits).
    ///
    /// ```
    /// use tictactoe_core::{Error, Game, ParseErrorKind};
    /// let err = "tictactoe/1 n=3 moves=0,0,1;0,0,2".parse::<Game>().unwrap_err();
    /// assert_eq!(err.offset, 28);
    /// assert!(matches!(err.kind, ParseErrorKind::BadMove(e) if e.index == Some(1)));
    /// assert!("tictactoe/1 n=0 moves=".parse::<Game>().is_err());
    /// assert!("tic-tac-toe".parse::<Game>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Game, ParseError> {
        Limits::DEFAULT.parse_game(text)
    }
}

/// Reads the text form within `limits`: [`Limits::parse_game`], where it is documented.
pub(crate) fn parse(text: &str, limits: Limits) -> Result<Game, ParseError> {
    let mut cursor = Cursor { text, offset: 0 };
    cursor.expect(MAGIC, "\"tictactoe/1 \"")?;
    let rules_at = cursor.offset;
    let rejected =
        |offset: usize, error: Error| ParseError { offset, kind: ParseErrorKind::Rejected(error) };
    let rules = if cursor.eat("n=") {
        let rules = Rules::from(cursor.number("the board size, a decimal number")?);
        limits.check_game(rules).map_err(|e| rejected(rules_at + 2, e))?;
        rules
    } else {
        cursor.expect("rows=", "\"n=\" or \"rows=\"")?;
        let rows = cursor.number("the number of rows, a decimal number")?;
        cursor.expect(" cols=", "\" cols=\"")?;
        let cols = cursor.number("the number of columns, a decimal number")?;
        cursor.expect(" k=", "\" k=\"")?;
        let k = cursor.number("k, a decimal number")?;
        let exact = cursor.eat(" exact");
        let gravity = cursor.eat(" gravity");
        let rules = Rules { rows, cols, k, exact, gravity };
        limits.check_game(rules).map_err(|e| rejected(rules_at, e))?;
        rules
    };
    let mut game = if cursor.eat(" board=") {
        let board_at = cursor.offset;
        let len = cursor.rest().find(' ').unwrap_or(cursor.rest().len());
        let board = &cursor.rest()[..len];
        let rows = split_rows(board).map_err(|e| rejected(board_at, e))?;
        if rows.len() != rules.rows {
            return Err(cursor.syntax("the board's rows, separated by '/'"));
        }
        cursor.offset += len;
        Game::from_rows(rules, &rows).map_err(|e| rejected(board_at, e))?
    } else {
        Game::new(rules).map_err(|e| rejected(rules_at, e))?
    };
    cursor.expect(" moves=", "\" moves=\"")?;
    let mut index = 0;
    while !cursor.rest().is_empty() {
        if index > 0 {
            cursor.expect(";", "';' between moves, or the end of the text")?;
        }
        let move_at = cursor.offset;
        let row = cursor.number("a row number")?;
        cursor.expect(",", "',' after the row")?;
        let col = cursor.number("a column number")?;
        cursor.expect(",", "',' after the column")?;
        let player_at = cursor.offset;
        let player = cursor.number("a player number")?;
        let player = u32::try_from(player).map_err(|_| ParseError {
            offset: player_at,
            kind: ParseErrorKind::Syntax { expected: "a player number (1 or 2)" },
        })?;
        game.make_move(row, col, player).map_err(|error| ParseError {
            offset: move_at,
            kind: ParseErrorKind::BadMove(ListError { index: Some(index), error }),
        })?;
        index += 1;
    }
    Ok(game)
}

/// The rows of the text form's board, split at `/`, for [`Game::from_rows`]; allocation failure
/// is an error.
fn split_rows(board: &str) -> Result<Vec<&str>, Error> {
    let mut rows = Vec::new();
    rows.try_reserve(board.bytes().filter(|&b| b == b'/').count() + 1)
        .map_err(|_| Error::AllocFailed)?;
    rows.extend(board.split('/'));
    Ok(rows)
}
