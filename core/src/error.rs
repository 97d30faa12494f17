//! Why an operation was refused: one variant per reason, each carrying what a caller needs to
//! explain it. A refused operation never changes the game.

use core::fmt;

use crate::Player;

/// The reason a game operation was refused.
///
/// Every fallible method of [`Game`](crate::Game) returns this; the C and Python faces map each
/// variant to one result code or exception class. The enum is deliberately exhaustive: a new
/// reason is a new variant, and every face fails to compile until it has mapped it.
///
/// ```
/// use tictactoe_core::{Error, Game};
/// let mut game = Game::new(3)?;
/// assert_eq!(game.make_move(3, 0, 1), Err(Error::OutOfBounds { row: 3, col: 0, n: 3 }));
/// assert_eq!(
///     game.make_move(0, 0, 1).and_then(|_| game.make_move(0, 0, 2)).unwrap_err().to_string(),
///     "cell (0, 0) is already taken by player 1 (X)"
/// );
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// The board size is 0 or above [`MAX_N`](crate::MAX_N).
    InvalidSize {
        /// The size asked for.
        n: usize,
    },
    /// The memory the game needs could not be allocated.
    AllocFailed,
    /// `row` or `col` is not below `n`.
    OutOfBounds {
        /// The row asked for.
        row: usize,
        /// The column asked for.
        col: usize,
        /// The board size.
        n: usize,
    },
    /// A player number other than 1 or 2.
    InvalidPlayer {
        /// The number given.
        player: u32,
    },
    /// The cell already holds a mark.
    Occupied {
        /// The row of the cell.
        row: usize,
        /// The column of the cell.
        col: usize,
        /// Whose mark is there.
        by: Player,
    },
    /// Somebody has already won; no more moves are allowed.
    GameOver {
        /// The player who won.
        winner: Player,
    },
    /// There is no move to take back.
    NothingToUndo,
    /// A position that no legal game reaches.
    InvalidPosition(PositionError),
    /// A batch of no games: a [`Batch`](crate::Batch) holds at least one.
    InvalidCount {
        /// The count asked for.
        count: usize,
    },
    /// A list or buffer whose length is not the one the call needs (one action per game
    /// stepped, n * n cells per game, ...).
    LengthMismatch {
        /// The length given.
        len: usize,
        /// The length needed.
        expected: usize,
    },
    /// A game index that is not below the batch's count.
    GameIndex {
        /// The index given.
        game: usize,
        /// The number of games in the batch.
        count: usize,
    },
    /// A game index given twice in one call that steps games: each game makes one move.
    RepeatedGame {
        /// The index given twice.
        game: usize,
    },
    /// Outside data (a text form, cells, rows) asks for a game above the caller's
    /// [`Limits`](crate::Limits): refused before any allocation.
    LimitExceeded {
        /// The bytes the game would take ([`game_bytes`](crate::game_bytes)), `usize::MAX`
        /// when that overflows.
        requested: usize,
        /// The limit, [`Limits::max_bytes`](crate::Limits::max_bytes).
        limit: usize,
    },
}

/// The kind of an [`Error`], without its data: what every face maps to its own result code or
/// exception class, and what the shared test vectors name (`"out_of_bounds"`, ...).
///
/// ```
/// use tictactoe_core::{Error, ErrorKind};
/// let error = Error::OutOfBounds { row: 3, col: 0, n: 3 };
/// assert_eq!(error.kind(), ErrorKind::OutOfBounds);
/// assert_eq!(error.kind().name(), "out_of_bounds");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// [`Error::InvalidSize`].
    InvalidSize,
    /// [`Error::AllocFailed`].
    AllocFailed,
    /// [`Error::OutOfBounds`].
    OutOfBounds,
    /// [`Error::InvalidPlayer`].
    InvalidPlayer,
    /// [`Error::Occupied`].
    Occupied,
    /// [`Error::GameOver`].
    GameOver,
    /// [`Error::NothingToUndo`].
    NothingToUndo,
    /// [`Error::InvalidPosition`].
    InvalidPosition,
    /// [`Error::InvalidCount`].
    InvalidCount,
    /// [`Error::LengthMismatch`].
    LengthMismatch,
    /// [`Error::GameIndex`].
    GameIndex,
    /// [`Error::RepeatedGame`].
    RepeatedGame,
    /// [`Error::LimitExceeded`].
    LimitExceeded,
}

impl ErrorKind {
    /// Every kind, in the order of [`Error`]'s variants.
    pub const ALL: [ErrorKind; 13] = [
        ErrorKind::InvalidSize,
        ErrorKind::AllocFailed,
        ErrorKind::OutOfBounds,
        ErrorKind::InvalidPlayer,
        ErrorKind::Occupied,
        ErrorKind::GameOver,
        ErrorKind::NothingToUndo,
        ErrorKind::InvalidPosition,
        ErrorKind::InvalidCount,
        ErrorKind::LengthMismatch,
        ErrorKind::GameIndex,
        ErrorKind::RepeatedGame,
        ErrorKind::LimitExceeded,
    ];

    /// The kind's stable name, in snake case: the one name every face and test uses.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidSize => "invalid_size",
            ErrorKind::AllocFailed => "alloc_failed",
            ErrorKind::OutOfBounds => "out_of_bounds",
            ErrorKind::InvalidPlayer => "invalid_player",
            ErrorKind::Occupied => "occupied",
            ErrorKind::GameOver => "game_over",
            ErrorKind::NothingToUndo => "nothing_to_undo",
            ErrorKind::InvalidPosition => "invalid_position",
            ErrorKind::InvalidCount => "invalid_count",
            ErrorKind::LengthMismatch => "length_mismatch",
            ErrorKind::GameIndex => "game_index",
            ErrorKind::RepeatedGame => "repeated_game",
            ErrorKind::LimitExceeded => "limit_exceeded",
        }
    }
}

impl Error {
    /// The kind of this error, without its data.
    pub const fn kind(&self) -> ErrorKind {
        match self {
            Error::InvalidSize { .. } => ErrorKind::InvalidSize,
            Error::AllocFailed => ErrorKind::AllocFailed,
            Error::OutOfBounds { .. } => ErrorKind::OutOfBounds,
            Error::InvalidPlayer { .. } => ErrorKind::InvalidPlayer,
            Error::Occupied { .. } => ErrorKind::Occupied,
            Error::GameOver { .. } => ErrorKind::GameOver,
            Error::NothingToUndo => ErrorKind::NothingToUndo,
            Error::InvalidPosition(_) => ErrorKind::InvalidPosition,
            Error::InvalidCount { .. } => ErrorKind::InvalidCount,
            Error::LengthMismatch { .. } => ErrorKind::LengthMismatch,
            Error::GameIndex { .. } => ErrorKind::GameIndex,
            Error::RepeatedGame { .. } => ErrorKind::RepeatedGame,
            Error::LimitExceeded { .. } => ErrorKind::LimitExceeded,
        }
    }
}

/// The texts of the refusals whose data is a number the caller chose, for numbers of any
/// type: the Python face reports its unbounded integers (say -1 or 2**70) in the same words.
///
/// ```
/// use tictactoe_core::{message, Error};
/// assert_eq!(message::out_of_bounds(-1, 0, 3).to_string(), "cell (-1, 0) is outside the 3 x 3 board");
/// assert_eq!(
///     message::out_of_bounds(5, 0, 3).to_string(),
///     Error::OutOfBounds { row: 5, col: 0, n: 3 }.to_string()
/// );
/// ```
pub mod message {
    use core::fmt::{self, Display};

    use crate::MAX_N;

    /// Text made on demand by a closure, so that no allocation is needed.
    struct Text<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result>(F);

    impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> Display for Text<F> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            (self.0)(f)
        }
    }

    /// The text of [`Error::InvalidSize`](crate::Error::InvalidSize).
    pub fn invalid_size(n: impl Display) -> impl Display {
        Text(move |f| write!(f, "board size {n} is invalid: n must be from 1 to {MAX_N}"))
    }

    /// The text of [`Error::OutOfBounds`](crate::Error::OutOfBounds).
    pub fn out_of_bounds(row: impl Display, col: impl Display, n: usize) -> impl Display {
        Text(move |f| write!(f, "cell ({row}, {col}) is outside the {n} x {n} board"))
    }

    /// The text of [`Error::InvalidPlayer`](crate::Error::InvalidPlayer).
    pub fn invalid_player(player: impl Display) -> impl Display {
        Text(move |f| write!(f, "player {player} is invalid: players are 1 (X) and 2 (O)"))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidSize { n } => message::invalid_size(n).fmt(f),
            Error::AllocFailed => f.write_str("the memory for the game could not be allocated"),
            Error::OutOfBounds { row, col, n } => message::out_of_bounds(row, col, *n).fmt(f),
            Error::InvalidPlayer { player } => message::invalid_player(player).fmt(f),
            Error::Occupied { row, col, by } => {
                write!(f, "cell ({row}, {col}) is already taken by {by}")
            }
            Error::GameOver { winner } => write!(f, "the game is over: {winner} has won"),
            Error::NothingToUndo => f.write_str("there is no move to undo"),
            Error::InvalidPosition(reason) => write!(f, "invalid position: {reason}"),
            Error::InvalidCount { count } => {
                write!(f, "a batch of {count} games is invalid: it holds at least one")
            }
            Error::LengthMismatch { len, expected } => {
                write!(f, "{len} values given where {expected} are needed")
            }
            Error::GameIndex { game, count } => {
                write!(f, "game {game} is not in the batch of {count} games")
            }
            Error::RepeatedGame { game } => {
                write!(f, "game {game} is given twice: each game makes one move a step")
            }
            Error::LimitExceeded { requested, limit } => {
                write!(f, "the game would take {requested} bytes, above the limit of {limit} bytes")
            }
        }
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Error::InvalidPosition(reason) => Some(reason),
            _ => None,
        }
    }
}

impl From<PositionError> for Error {
    fn from(reason: PositionError) -> Self {
        Error::InvalidPosition(reason)
    }
}

/// Why a grid of cells is not a position a legal game reaches.
///
/// A legal game starts empty, `X` moves first, the players alternate and nobody moves after a
/// win. The last two reasons matter for n >= 4 only in part: on 3 x 3 every pair of lines a
/// player owns shares a cell, but on 4 x 4 the two diagonals do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// The number of cells given is not n * n (or the rows are not all n long).
    WrongShape {
        /// The board size.
        n: usize,
        /// The row whose length is wrong, or `None` when the total count is wrong.
        row: Option<usize>,
        /// The length found (of that row, or in total).
        len: usize,
    },
    /// A cell value that is not empty (0, `' '`, `'.'`), 1 (`'X'`) or 2 (`'O'`).
    InvalidCell {
        /// The row of the cell.
        row: usize,
        /// The column of the cell.
        col: usize,
        /// The value found (a cell code, or a character's code point).
        value: u32,
    },
    /// `X` must have as many marks as `O` or one more.
    BadCounts {
        /// Marks of `X`.
        x: usize,
        /// Marks of `O`.
        o: usize,
    },
    /// Both players own a complete line.
    BothWin,
    /// The winner's mark count says the other player moved after the win.
    WinnerNotLast {
        /// The player owning a complete line.
        winner: Player,
    },
    /// The winner owns lines that no single last move could have completed together.
    DisjointWinningLines {
        /// The player owning the lines.
        winner: Player,
    },
}

impl PositionError {
    /// A short, stable name for the reason (`"bad_counts"`, `"both_win"`, ...), as the shared
    /// test vectors and the Python face's `InvalidPositionError.reason` spell it.
    ///
    /// ```
    /// use tictactoe_core::PositionError;
    /// assert_eq!(PositionError::BothWin.name(), "both_win");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            PositionError::WrongShape { .. } => "wrong_shape",
            PositionError::InvalidCell { .. } => "invalid_cell",
            PositionError::BadCounts { .. } => "bad_counts",
            PositionError::BothWin => "both_win",
            PositionError::WinnerNotLast { .. } => "winner_not_last",
            PositionError::DisjointWinningLines { .. } => "disjoint_winning_lines",
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::WrongShape { n, row: Some(row), len } => {
                write!(f, "row {row} has {len} cells, expected {n}")
            }
            PositionError::WrongShape { n, row: None, len } => {
                write!(f, "{len} cells given, a {n} x {n} board has {}", n * n)
            }
            PositionError::InvalidCell { row, col, value } => {
                write!(f, "cell ({row}, {col}) holds {value}, which is not empty, X or O")
            }
            PositionError::BadCounts { x, o } => write!(
                f,
                "X has {x} marks and O has {o}: X moves first, so X must have as many as O or one more"
            ),
            PositionError::BothWin => f.write_str("both players own a complete line"),
            PositionError::WinnerNotLast { winner } => {
                write!(f, "{winner} has won but the mark counts say the opponent moved last")
            }
            PositionError::DisjointWinningLines { winner } => write!(
                f,
                "{winner} owns lines that share no cell, so no single move completed them"
            ),
        }
    }
}

impl core::error::Error for PositionError {}

/// The first bad move of a list, and why it was refused.
///
/// ```
/// use tictactoe_core::{Error, Game, ReplayError};
/// let mut game = Game::new(3)?;
/// let err = game.play_all([(0, 0), (0, 0)]).unwrap_err();
/// assert_eq!(err.index, 1);
/// assert!(matches!(err.error, Error::Occupied { .. }));
/// assert_eq!(game.marks(), 0); // all or nothing
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReplayError {
    /// The 0-based index of the refused move in the list.
    pub index: usize,
    /// Why it was refused.
    pub error: Error,
}

impl ReplayError {
    /// The entry of the list that was refused: `Some(index)`, or `None` when the refusal is
    /// about the call as a whole (a list of the wrong length), where `index` is 0 and names no
    /// entry. Faces report an index only when there is one.
    ///
    /// ```
    /// use tictactoe_core::{Batch, Illegal};
    /// let mut batch = Batch::new(2, 3, 0)?;
    /// assert_eq!(batch.step(&[0, 9], &mut [0; 2], Illegal::Raise).unwrap_err().entry(), Some(1));
    /// assert_eq!(batch.step(&[0], &mut [0; 2], Illegal::Raise).unwrap_err().entry(), None);
    /// # Ok::<(), tictactoe_core::Error>(())
    /// ```
    pub fn entry(&self) -> Option<usize> {
        match self.error {
            Error::LengthMismatch { .. } => None,
            _ => Some(self.index),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index, self.error)
    }
}

impl core::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why a text form could not be read back into a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The byte offset in the text where the problem starts.
    pub offset: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
}

/// What is wrong in a text form: its syntax, or what it describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// The text does not follow the grammar; `expected` says what should be there.
    Syntax {
        /// A description of what the grammar wants at this offset.
        expected: &'static str,
    },
    /// The text is well formed but describes something refused: a bad size or position.
    Rejected(Error),
    /// The move with this index in the text's move list is refused.
    BadMove(ReplayError),
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
