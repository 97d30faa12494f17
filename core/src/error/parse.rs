//! Why a text form could not be read back into a game.

use core::fmt;

use crate::{Error, ListError};

/// Why a text form could not be read back into a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The byte offset in the text where the problem starts.
    pub offset: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
}

/// What is wrong in a text form: its syntax, or what it describes.
///
/// Exhaustive, unlike [`Error`]: a text is refused for its syntax or for what it describes, and
/// every new reason of the second sort is a new [`Error`] inside `Rejected` or `BadMove`, so
/// this enum does not grow with the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// The text does not follow the grammar; `expected` says what should be there.
    Syntax {
        /// A description of what the grammar wants at this offset.
        expected: &'static str,
    },
    /// The text is well formed but describes something refused: a bad size or position.
    Rejected(Error),
    /// A move of the text's move list is refused: its index (always `Some`) and why.
    BadMove(ListError),
}

impl ParseError {
    /// The name of a text that is not in the text form at all: `"parse_error"`.
    pub const SYNTAX_NAME: &'static str = "parse_error";

    /// The stable name of what is wrong: [`ParseError::SYNTAX_NAME`] for the syntax, else the
    /// name of the refusal the text describes (`"occupied"`, `"invalid_size"`, ...).
    ///
    /// ```
    /// use tictactoe_core::Game;
    /// let syntax = "tictactoe/9".parse::<Game>().unwrap_err();
    /// assert_eq!(syntax.name(), "parse_error");
    /// let taken = "tictactoe/1 n=3 moves=0,0,1;0,0,2".parse::<Game>().unwrap_err();
    /// assert_eq!(taken.name(), "occupied");
    /// ```
    pub fn name(&self) -> &'static str {
        self.rejection().map_or(Self::SYNTAX_NAME, |error| error.kind().name())
    }

    /// The game error behind a well-formed but refused text (a bad size, position or move);
    /// `None` for a syntax error.
    pub fn rejection(&self) -> Option<Error> {
        match self.kind {
            ParseErrorKind::Syntax { .. } => None,
            ParseErrorKind::Rejected(error) => Some(error),
            ParseErrorKind::BadMove(replay) => Some(replay.error),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: ", self.offset)?;
        match &self.kind {
            ParseErrorKind::Syntax { expected } => write!(f, "expected {expected}"),
            ParseErrorKind::Rejected(error) => write!(f, "{error}"),
            ParseErrorKind::BadMove(error) => write!(f, "{error}"),
        }
    }
}

impl core::error::Error for ParseError {}
