//! Result codes: one per reason the core refuses something, plus the ABI's own.
//!
//! The enum below is the one list of codes: cbindgen reads it from this source to write the
//! header, so it is spelt out here. Everything else follows from it: each code's text is an
//! exhaustive match (the compiler points at it when a code is added), and the list of every
//! code is derived from the last one, with the build refusing any gap (codes are only ever
//! appended). The core's kinds are non-exhaustive, so their mapping ends in a fallback, and
//! a test over every kind fails until a new one has its own code.

use core::ffi::{c_char, CStr};

use tictactoe_core::{Error, ErrorKind};
use tictactoe_search::SearchError;

/// What a call did: `TICTACTOE_RESULT_OK` or why it refused. Values are fixed forever: a new
/// reason gets a new value, a retired one is never reused.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum tictactoe_result {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullParameter = 1,
    /// The board size is 0 or above `TICTACTOE_MAX_N`.
    InvalidSize = 2,
    /// Memory could not be allocated.
    AllocFailed = 3,
    /// A row or column is outside the board.
    OutOfBounds = 4,
    /// A player other than 1 or 2.
    InvalidPlayer = 5,
    /// The cell is already taken.
    Occupied = 6,
    /// Somebody has won; no more moves.
    GameOver = 7,
    /// No move to undo.
    NothingToUndo = 8,
    /// Cells that no legal game reaches (or of the wrong count or value).
    InvalidPosition = 9,
    /// Text that is not the serialized form of a game.
    ParseError = 10,
    /// The caller's buffer is too small; the needed size was reported.
    BufferTooSmall = 11,
    /// A bug inside the library was caught at the boundary. The game may hold any state a
    /// valid game can hold, but nothing was corrupted; please report it.
    Panic = 12,
    /// A batch of no games.
    InvalidCount = 13,
    /// An array whose length is not the one the call needs (one action per game stepped, ...).
    LengthMismatch = 14,
    /// A game index that is not below the batch's count.
    GameIndex = 15,
    /// A game index given twice in one step.
    RepeatedGame = 16,
    /// An argument has a value the call does not take: one a C enumeration or the rule flags
    /// do not name, 0 threads, a search's setting out of its range (its options', `leaves`,
    /// `gumbel` beside several leaves, a temperature), a batch other than the one a search was
    /// made for.
    InvalidArgument = 17,
    /// Solving would visit more positions than the budget given: nothing was guessed.
    BudgetExceeded = 18,
    /// The operation does not exist for this board size (the perfect-play table: up to 3 x 3).
    UnsupportedSize = 19,
    /// More memory than the limit given would be needed: outside data asking for a game above
    /// it (or above the default limit of `tictactoe_game_parse`), a batch above its
    /// `max_bytes`, a search above its options' `max_bytes`. Refused before anything was
    /// allocated.
    LimitExceeded = 20,
    /// Rules no game has: a side of 0 or above `TICTACTOE_MAX_N`, or k not from 1 to the
    /// longer side.
    InvalidRules = 21,
    /// Under gravity, a move to a cell with a free cell below it.
    Floating = 22,
    /// A drop into a column with no free cell.
    ColumnFull = 23,
    /// The operation does not exist for the game's rules (the perfect-play table of a batch's
    /// perfect opponent is for n x n tic-tac-toe only; solving and the computer player serve
    /// every rule set).
    UnsupportedRules = 24,
    /// The evaluator callback of a learned search returned non-zero: the search stopped, the
    /// trees and the batch as they were before the call.
    EvaluatorFailed = 25,
    /// The evaluator callback of a learned search wrote a value outside [-1, 1] (or NaN), or
    /// logits that are NaN or +inf on a legal action, or -inf on every one.
    BadEvaluation = 26,
    /// The handle is held by a call that has not returned: a search's evaluator callback
    /// called into the search running it, or tried to change the batch it searches; or a
    /// `tictactoe_stop` started another search on its thread. Nothing was done.
    Busy = 27,
}

impl From<ErrorKind> for tictactoe_result {
    fn from(kind: ErrorKind) -> Self {
        match kind {
            ErrorKind::InvalidSize => tictactoe_result::InvalidSize,
            ErrorKind::AllocFailed => tictactoe_result::AllocFailed,
            ErrorKind::OutOfBounds => tictactoe_result::OutOfBounds,
            ErrorKind::InvalidPlayer => tictactoe_result::InvalidPlayer,
            ErrorKind::Occupied => tictactoe_result::Occupied,
            ErrorKind::GameOver => tictactoe_result::GameOver,
            ErrorKind::NothingToUndo => tictactoe_result::NothingToUndo,
            ErrorKind::InvalidPosition => tictactoe_result::InvalidPosition,
            ErrorKind::InvalidCount => tictactoe_result::InvalidCount,
            ErrorKind::LengthMismatch => tictactoe_result::LengthMismatch,
            ErrorKind::GameIndex => tictactoe_result::GameIndex,
            ErrorKind::RepeatedGame => tictactoe_result::RepeatedGame,
            ErrorKind::LimitExceeded => tictactoe_result::LimitExceeded,
            ErrorKind::InvalidRules => tictactoe_result::InvalidRules,
            ErrorKind::Floating => tictactoe_result::Floating,
            ErrorKind::ColumnFull => tictactoe_result::ColumnFull,
            // A kind the core added after this match: a bug of this library, which
            // `every_core_kind_has_its_own_code` catches before it ships.
            _ => tictactoe_result::Panic,
        }
    }
}

impl From<SearchError> for tictactoe_result {
    fn from(error: SearchError) -> Self {
        match error {
            SearchError::GameOver { .. } => tictactoe_result::GameOver,
            SearchError::BudgetExceeded { .. } => tictactoe_result::BudgetExceeded,
            SearchError::UnsupportedSize { .. } => tictactoe_result::UnsupportedSize,
            SearchError::UnsupportedRules { .. } => tictactoe_result::UnsupportedRules,
            SearchError::Game(error) => error.into(),
        }
    }
}

impl From<Error> for tictactoe_result {
    fn from(error: Error) -> Self {
        error.kind().into()
    }
}

impl tictactoe_result {
    /// The code appended last: a new code goes after it, with the next value, and becomes the
    /// last (the header test fails while this names an earlier one).
    const LAST: tictactoe_result = tictactoe_result::Busy;

    /// Every code, by value: the values from 0 to [`tictactoe_result::LAST`], each turned into
    /// its code. Evaluated by the compiler, which refuses to build when a value in that range
    /// is not a code (a gap in the enum).
    const ALL: [tictactoe_result; tictactoe_result::LAST as usize + 1] = {
        let mut all = [tictactoe_result::Ok; tictactoe_result::LAST as usize + 1];
        let mut value = 0;
        while value < all.len() {
            // SAFETY: `tictactoe_result` is `repr(u32)`; a value that is no variant makes the
            // evaluation of this constant fail at compile time, so every value kept is one.
            all[value] = unsafe { core::mem::transmute::<u32, tictactoe_result>(value as u32) };
            value += 1;
        }
        all
    };

    /// The code with this value, if any.
    pub(crate) fn from_u32(value: u32) -> Option<tictactoe_result> {
        tictactoe_result::ALL.get(usize::try_from(value).ok()?).copied()
    }

    fn text(self) -> &'static CStr {
        match self {
            tictactoe_result::Ok => c"ok",
            tictactoe_result::NullParameter => c"a required pointer argument was NULL",
            tictactoe_result::InvalidSize => c"the board size must be from 1 to 65535",
            tictactoe_result::AllocFailed => c"memory could not be allocated",
            tictactoe_result::OutOfBounds => c"the row or column is outside the board",
            tictactoe_result::InvalidPlayer => c"the player must be 1 (X) or 2 (O)",
            tictactoe_result::Occupied => c"the cell is already taken",
            tictactoe_result::GameOver => {
                c"the game is over (won, or drawn for the computer player)"
            }
            tictactoe_result::NothingToUndo => c"there is no move to undo",
            tictactoe_result::InvalidPosition => c"no legal game reaches this position",
            tictactoe_result::ParseError => c"the text is not a serialized game",
            tictactoe_result::BufferTooSmall => c"the buffer is too small",
            tictactoe_result::Panic => c"internal error (a bug in libtictactoe)",
            tictactoe_result::InvalidCount => c"a batch holds at least one game",
            tictactoe_result::LengthMismatch => c"an array has the wrong length for the call",
            tictactoe_result::GameIndex => c"the game index is not in the batch",
            tictactoe_result::RepeatedGame => c"a game is given twice in one step",
            tictactoe_result::InvalidArgument => c"an argument has a value the call does not take",
            tictactoe_result::BudgetExceeded => c"solving needs more positions than the budget",
            tictactoe_result::UnsupportedSize => c"the operation does not support this board size",
            tictactoe_result::LimitExceeded => c"more memory would be needed than the limit",
            tictactoe_result::InvalidRules => {
                c"no game has these rules (sides from 1 to 65535, k from 1 to the longer side)"
            }
            tictactoe_result::Floating => {
                c"under gravity a mark sits on the bottom row or on a mark"
            }
            tictactoe_result::ColumnFull => c"the column is full",
            tictactoe_result::UnsupportedRules => {
                c"the operation does not support the game's rules"
            }
            tictactoe_result::EvaluatorFailed => c"the evaluator callback failed",
            tictactoe_result::BadEvaluation => {
                c"the evaluator gave a value outside [-1, 1] or unusable logits"
            }
            tictactoe_result::Busy => {
                c"the handle is in use by a call that has not returned (a search's evaluator)"
            }
        }
    }
}

/// A description of a result code, as static NUL-terminated text: never freed, valid for the
/// life of the program. Takes the code as an integer, so any value is safe: an unknown one
/// gives "unknown result code". Safe from any thread.
#[no_mangle]
pub extern "C" fn tictactoe_result_str(result: u32) -> *const c_char {
    let text =
        tictactoe_result::from_u32(result).map_or(c"unknown result code", tictactoe_result::text);
    text.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_up_to_the_last_code_is_that_code() {
        for value in 0..=tictactoe_result::LAST as u32 {
            assert_eq!(tictactoe_result::from_u32(value).map(|code| code as u32), Some(value));
        }
        assert_eq!(tictactoe_result::from_u32(tictactoe_result::LAST as u32 + 1), None);
        assert_eq!(tictactoe_result::from_u32(u32::MAX), None);
    }

    /// The check the compiler made while the core's kinds were exhaustive: every kind maps to
    /// the code of its own name, so none falls through to `Panic`.
    #[test]
    fn every_core_kind_has_its_own_code() {
        for &kind in ErrorKind::ALL {
            let code = tictactoe_result::from(kind);
            let name = crate::tictactoe_result_name(code as u32);
            assert!(!name.is_null(), "{kind:?} maps to {code:?}, which has no name");
            // SAFETY: a name that is not NULL is static NUL-terminated text.
            let name = unsafe { CStr::from_ptr(name) };
            assert_eq!(name.to_str(), Ok(kind.name()), "{kind:?} maps to {code:?}");
        }
    }

    #[test]
    fn the_size_text_names_the_largest_size() {
        let text = tictactoe_result::InvalidSize.text().to_str().unwrap();
        assert!(text.ends_with(&format!("from 1 to {}", crate::TICTACTOE_MAX_N)), "{text}");
    }
}
