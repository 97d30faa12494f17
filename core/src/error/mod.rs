//! Why an operation was refused: one type per kind of operation, each carrying what a caller
//! needs to explain it. A refused operation never changes anything.
//!
//! [`Error`] and its data-free [`ErrorKind`] are declared together by one table (`errors!`):
//! a new reason is one row there, and the compiler then points at every match in this crate
//! that must name it (its `Display` text here). Both enums are `#[non_exhaustive]`, so that a
//! new reason does not break the matches of the crate's users; the faces' matches (the C
//! result codes, the Python exception classes) end in a fallback for the same reason, and
//! their tests over [`ErrorKind::ALL`] fail until they map the new kind.

use core::fmt;

use crate::Player;

mod parse;
mod position;
mod replay;

pub use parse::{ParseError, ParseErrorKind};
pub use position::PositionError;
#[allow(deprecated)]
pub use replay::ReplayError;
pub use replay::{ListError, RestoreError};

/// Declares [`Error`] (one variant a row, with its data), [`ErrorKind`] (the same variants
/// without data), [`ErrorKind::ALL`], [`ErrorKind::name`] (the row's stable name) and
/// [`Error::kind`], all from one table of rows `Variant { fields } => "name",`.
macro_rules! errors {
    ($(
        $(#[$doc:meta])*
        $variant:ident $({ $($fields:tt)* })? $(( $($tuple:tt)* ))? => $name:literal,
    )*) => {
        /// The reason a game operation was refused.
        ///
        /// Every fallible method of [`Game`](crate::Game) and [`Batch`](crate::Batch) returns
        /// this; the C and Python faces map each variant to one result code or exception class.
        /// Non-exhaustive: a new reason is a new variant, and a match on this enum outside the
        /// crate needs a `_` arm, so that adding one breaks nobody's build (the faces' tests
        /// over [`ErrorKind::ALL`] check that they map every kind).
        ///
        /// ```
        /// use tictactoe_core::{Error, Game};
        /// let mut game = Game::new(3)?;
        /// assert_eq!(
        ///     game.make_move(3, 0, 1),
        ///     Err(Error::OutOfBounds { row: 3, col: 0, rows: 3, cols: 3 })
        /// );
        /// assert_eq!(
        ///     game.make_move(0, 0, 1).and_then(|_| game.make_move(0, 0, 2)).unwrap_err().to_string(),
        ///     "cell (0, 0) is already taken by player 1 (X)"
        /// );
        /// # Ok::<(), Error>(())
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Error {
            $( $(#[$doc])* $variant $({ $($fields)* })? $(( $($tuple)* ))?, )*
        }

        /// The kind of an [`Error`], without its data: what every face maps to its own result
        /// code or exception class, and what the shared test vectors name (`"out_of_bounds"`,
        /// ...). Non-exhaustive, as [`Error`] is.
        ///
        /// ```
        /// use tictactoe_core::{Error, ErrorKind};
        /// let error = Error::OutOfBounds { row: 3, col: 0, rows: 3, cols: 3 };
        /// assert_eq!(error.kind(), ErrorKind::OutOfBounds);
        /// assert_eq!(error.kind().name(), "out_of_bounds");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ErrorKind {
            $( #[doc = concat!("[`Error::", stringify!($variant), "`]: `\"", $name, "\"`.")] $variant, )*
        }

        impl ErrorKind {
            /// Every kind, in the order of [`Error`]'s variants: what a face's test walks to check
            /// that it maps every kind. A slice, so that a new kind does not change its type.
            pub const ALL: &'static [ErrorKind] = &[$(ErrorKind::$variant),*];

            /// The kind's stable name, in snake case: the one name every face and test uses.
            pub const fn name(self) -> &'static str {
                match self {
                    $( ErrorKind::$variant => $name, )*
                }
            }
        }

        impl Error {
            /// The kind of this error, without its data.
            pub const fn kind(&self) -> ErrorKind {
                match self {
                    $( Error::$variant { .. } => ErrorKind::$variant, )*
                }
            }
        }
    };
}

errors! {
    /// The n of n x n tic-tac-toe ([`Rules::tic_tac_toe`](crate::Rules::tic_tac_toe), the
    /// rules a size stands for) is 0 or above [`MAX_N`](crate::MAX_N), however the game or
    /// batch was asked for.
    InvalidSize {
        /// The size asked for.
        n: usize,
    } => "invalid_size",
    /// The memory the game needs could not be allocated.
    AllocFailed => "alloc_failed",
    /// `row` is not below `rows` or `col` not below `cols`.
    OutOfBounds {
        /// The row asked for.
        row: usize,
        /// The column asked for.
        col: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    } => "out_of_bounds",
    /// A player number other than 1 or 2.
    InvalidPlayer {
        /// The number given.
        player: u32,
    } => "invalid_player",
    /// The cell already holds a mark.
    Occupied {
        /// The row of the cell.
        row: usize,
        /// The column of the cell.
        col: usize,
        /// Whose mark is there.
        by: Player,
    } => "occupied",
    /// Somebody has already won; no more moves are allowed.
    GameOver {
        /// The player who won.
        winner: Player,
    } => "game_over",
    /// There is no move to take back.
    NothingToUndo => "nothing_to_undo",
    /// A position that no legal game reaches.
    InvalidPosition(PositionError) => "invalid_position",
    /// A batch of no games: a [`Batch`](crate::Batch) holds at least one.
    InvalidCount {
        /// The count asked for.
        count: usize,
    } => "invalid_count",
    /// A list or buffer whose length is not the one the call needs (one action per game
    /// stepped, n * n cells per game, ...).
    LengthMismatch {
        /// The length given.
        len: usize,
        /// The length needed.
        expected: usize,
    } => "length_mismatch",
    /// A game index that is not below the batch's count.
    GameIndex {
        /// The index given.
        game: usize,
        /// The number of games in the batch.
        count: usize,
    } => "game_index",
    /// A game index given twice in one call that steps games: each game makes one move.
    RepeatedGame {
        /// The index given twice.
        game: usize,
    } => "repeated_game",
    /// Outside data (a text form, cells, rows) asks for a game or a batch above the caller's
    /// [`Limits`](crate::Limits), or a search for more than its budget: refused before any
    /// allocation.
    LimitExceeded {
        /// The bytes the game would take ([`game_bytes`](crate::game_bytes)), `usize::MAX`
        /// when that overflows.
        requested: usize,
        /// The limit, [`Limits::max_bytes`](crate::Limits::max_bytes).
        limit: usize,
    } => "limit_exceeded",
    /// Rules no game has: a side of 0 or above [`MAX_N`](crate::MAX_N), or k not from 1 to
    /// the longer side (see [`Rules::check`](crate::Rules::check)); for the rules of n x n
    /// tic-tac-toe, [`Error::InvalidSize`] instead.
    InvalidRules {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
        /// The k asked for.
        k: usize,
    } => "invalid_rules",
    /// Under gravity, a move to a cell with a free cell below it.
    Floating {
        /// The row of the cell.
        row: usize,
        /// The column of the cell.
        col: usize,
    } => "floating",
    /// A drop into a column with no free cell.
    ColumnFull {
        /// The column.
        col: usize,
    } => "column_full",
}

/// The texts of the refusals whose data is a number the caller chose, for numbers of any
/// type: the Python face reports its unbounded integers (say -1 or 2**70) in the same words.
///
/// ```
/// use tictactoe_core::{message, Error};
/// assert_eq!(
///     message::out_of_bounds(-1, 0, 3, 4).to_string(),
///     "cell (-1, 0) is outside the 3 x 4 board"
/// );
/// assert_eq!(
///     message::out_of_bounds(5, 0, 3, 3).to_string(),
///     Error::OutOfBounds { row: 5, col: 0, rows: 3, cols: 3 }.to_string()
/// );
/// assert_eq!(
///     message::invalid_rules(3, 2, 4, Some(3)).to_string(),
///     Error::InvalidRules { rows: 3, cols: 2, k: 4 }.to_string()
/// );
/// assert_eq!(
///     message::game_index(-1, 8).to_string(),
///     "game -1 is not in the batch of 8 games"
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
    pub fn out_of_bounds(
        row: impl Display,
        col: impl Display,
        rows: usize,
        cols: usize,
    ) -> impl Display {
        Text(move |f| write!(f, "cell ({row}, {col}) is outside the {rows} x {cols} board"))
    }

    /// The longer side of a rows x cols board when both sides are valid (so that a refusal of
    /// the rules is about k), `None` otherwise: the `longer` of [`invalid_rules`].
    pub const fn longer_side(rows: usize, cols: usize) -> Option<usize> {
        if rows == 0 || rows > MAX_N || cols == 0 || cols > MAX_N {
            None
        } else if rows >= cols {
            Some(rows)
        } else {
            Some(cols)
        }
    }

    /// The text of [`Error::InvalidRules`](crate::Error::InvalidRules): `longer` is the longer
    /// side when both sides are valid (so that only k is wrong), `None` otherwise.
    pub fn invalid_rules(
        rows: impl Display,
        cols: impl Display,
        k: impl Display,
        longer: Option<usize>,
    ) -> impl Display {
        Text(move |f| match longer {
            Some(longer) => write!(
                f,
                "k = {k} is invalid on a {rows} x {cols} board: k must be from 1 to {longer}"
            ),
            None => write!(
                f,
                "a {rows} x {cols} board is invalid: rows and cols must be from 1 to {MAX_N}"
            ),
        })
    }

    /// The text of [`Error::InvalidPlayer`](crate::Error::InvalidPlayer).
    pub fn invalid_player(player: impl Display) -> impl Display {
        Text(move |f| write!(f, "player {player} is invalid: players are 1 (X) and 2 (O)"))
    }

    /// The text of [`Error::GameIndex`](crate::Error::GameIndex).
    pub fn game_index(game: impl Display, count: usize) -> impl Display {
        Text(move |f| write!(f, "game {game} is not in the batch of {count} games"))
    }

    /// The text of [`Error::InvalidCount`](crate::Error::InvalidCount).
    pub fn invalid_count(count: impl Display) -> impl Display {
        Text(move |f| write!(f, "a batch of {count} games is invalid: it holds at least one"))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidSize { n } => message::invalid_size(n).fmt(f),
            // Said of a game, a batch, a solve and a search alike.
            Error::AllocFailed => f.write_str("the memory needed could not be allocated"),
            Error::OutOfBounds { row, col, rows, cols } => {
                message::out_of_bounds(row, col, *rows, *cols).fmt(f)
            }
            Error::InvalidPlayer { player } => message::invalid_player(player).fmt(f),
            Error::Occupied { row, col, by } => {
                write!(f, "cell ({row}, {col}) is already taken by {by}")
            }
            Error::GameOver { winner } => write!(f, "the game is over: {winner} has won"),
            Error::NothingToUndo => f.write_str("there is no move to undo"),
            Error::InvalidPosition(reason) => write!(f, "invalid position: {reason}"),
            Error::InvalidCount { count } => message::invalid_count(count).fmt(f),
            Error::LengthMismatch { len, expected } => {
                // "1 value", "2 values"; "1 is", "2 are".
                let (s, are) =
                    (if *len == 1 { "" } else { "s" }, if *expected == 1 { "is" } else { "are" });
                write!(f, "{len} value{s} given where {expected} {are} needed")
            }
            Error::GameIndex { game, count } => message::game_index(game, *count).fmt(f),
            Error::RepeatedGame { game } => {
                write!(f, "game {game} is given twice: each game makes one move a step")
            }
            Error::LimitExceeded { requested, limit } => {
                // Said of a game, a batch and a search alike.
                write!(f, "{requested} bytes would be needed, above the limit of {limit} bytes")
            }
            Error::InvalidRules { rows, cols, k } => {
                message::invalid_rules(rows, cols, k, message::longer_side(*rows, *cols)).fmt(f)
            }
            Error::Floating { row, col } => {
                write!(f, "cell ({row}, {col}) has a free cell below it: under gravity a mark sits on the bottom row or on a mark")
            }
            Error::ColumnFull { col } => write!(f, "column {col} is full"),
        }
    }
}

/// No source: every refusal's text says all of it (an invalid position's, its reason), and an
/// error either says its cause or gives it as its source, never both, so that a chain printed
/// cause by cause says nothing twice.
impl core::error::Error for Error {}

impl Player {
    /// The player with this number (1 or 2).
    ///
    /// # Errors
    /// [`Error::InvalidPlayer`] for any other number.
    #[inline]
    pub const fn from_number(player: u32) -> Result<Player, Error> {
        match player {
            1 => Ok(Player::X),
            2 => Ok(Player::O),
            _ => Err(Error::InvalidPlayer { player }),
        }
    }
}

impl From<PositionError> for Error {
    fn from(reason: PositionError) -> Self {
        Error::InvalidPosition(reason)
    }
}
