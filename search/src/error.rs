//! Why the computer player refused: the game is over, or the work allowed was not enough.

use core::fmt;

use tictactoe_core::{Error, ErrorKind, Player, Rules};

/// Why a search was refused. A refused search changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchError {
    /// The game is over (somebody won, or the board is full): there is no move to choose.
    GameOver {
        /// The winner, or `None` for a draw.
        winner: Option<Player>,
    },
    /// Solving exactly would visit more positions than the budget allows. Nothing is guessed:
    /// ask again with a larger budget, or for a searched move.
    BudgetExceeded {
        /// The budget that was not enough, in positions visited.
        max_nodes: u64,
    },
    /// The operation needs a smaller board (a perfect-play table exists up to 3 x 3).
    UnsupportedSize {
        /// The board size given.
        n: usize,
    },
    /// The operation serves n x n tic-tac-toe only (n in a row, no gravity): the perfect-play
    /// tables ([`PerfectTable`](crate::PerfectTable)). Solving and the computer player serve
    /// every rule set.
    UnsupportedRules {
        /// The game's rules.
        rules: Rules,
    },
    /// What the core refuses: memory that could not be had ([`Error::AllocFailed`]), an output
    /// of the wrong length ([`Error::LengthMismatch`]).
    Game(Error),
}

impl SearchError {
    /// The name of [`SearchError::BudgetExceeded`]: `"budget_exceeded"`.
    pub const BUDGET_EXCEEDED_NAME: &'static str = "budget_exceeded";
    /// The name of [`SearchError::UnsupportedSize`]: `"unsupported_size"`.
    pub const UNSUPPORTED_SIZE_NAME: &'static str = "unsupported_size";
    /// The name of [`SearchError::UnsupportedRules`]: `"unsupported_rules"`.
    pub const UNSUPPORTED_RULES_NAME: &'static str = "unsupported_rules";

    /// The refusal's stable name, as every face spells it: the core's kind names for
    /// [`SearchError::GameOver`] (`"game_over"`) and [`SearchError::Game`], and
    /// [`SearchError::BUDGET_EXCEEDED_NAME`], [`SearchError::UNSUPPORTED_SIZE_NAME`] and
    /// [`SearchError::UNSUPPORTED_RULES_NAME`].
    ///
    /// ```
    /// use tictactoe_search::SearchError;
    /// assert_eq!(SearchError::BudgetExceeded { max_nodes: 1 }.name(), "budget_exceeded");
    /// assert_eq!(SearchError::GameOver { winner: None }.name(), "game_over");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            SearchError::GameOver { .. } => ErrorKind::GameOver.name(),
            SearchError::BudgetExceeded { .. } => SearchError::BUDGET_EXCEEDED_NAME,
            SearchError::UnsupportedSize { .. } => SearchError::UNSUPPORTED_SIZE_NAME,
            SearchError::UnsupportedRules { .. } => SearchError::UNSUPPORTED_RULES_NAME,
            SearchError::Game(error) => error.kind().name(),
        }
    }
}

impl From<Error> for SearchError {
    fn from(error: Error) -> SearchError {
        SearchError::Game(error)
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SearchError::GameOver { winner: Some(player) } => {
                write!(f, "the game is over: {player} has won")
            }
            SearchError::GameOver { winner: None } => f.write_str("the game is over: a draw"),
            SearchError::BudgetExceeded { max_nodes } => {
                write!(f, "solving needs more than the budget of {max_nodes} positions")
            }
            SearchError::UnsupportedSize { n } => {
                write!(f, "a perfect-play table exists up to 3 x 3, not for n = {n}")
            }
            SearchError::UnsupportedRules { rules } => {
                write!(
                    f,
                    "perfect-play tables exist for n x n tic-tac-toe with n in a row, not the \
                     rules {rules}"
                )
            }
            SearchError::Game(error) => error.fmt(f),
        }
    }
}

/// No source: a refusal of the game's is said as the game says it (its text is the core's), so
/// that a chain printed cause by cause says nothing twice.
impl core::error::Error for SearchError {}
