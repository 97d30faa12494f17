//! A turn's time budget from the manager's time controls (`INFO timeout_turn`,
//! `timeout_match`, `time_left`), with a safety margin, and the node budget of the solving
//! that goes before the search.
//!
//! The manager's clock runs from when it writes the command until it reads the answer; the
//! brain's runs from when it has read the line. What the brain cannot see (the pipe both
//! ways, the process being scheduled on a busy machine, the simulation under way when the
//! deadline passes, writing the answer) is what the margin is for.

use core::time::Duration;

/// The turn's limit before the manager sends one (milliseconds): a manager always sends its
/// own, this is for a person typing at the brain.
pub const DEFAULT_TIMEOUT_TURN: u64 = 5_000;

/// What a turn takes when `timeout_turn` is 0 ("as fast as possible"): enough for the
/// tactics and a few hundred simulations.
pub const FAST: Duration = Duration::from_millis(20);

/// The share of the game's time left that one move may take: the moves left are unknown, and
/// spending 1/20 of what is left each move never runs out (it spends 64% over 20 moves).
pub const MATCH_SHARE: u64 = 20;

/// The margin kept below a limit: an eighth of it, at most [`MAX_MARGIN`], plus [`LATENCY`].
pub const MAX_MARGIN: Duration = Duration::from_millis(300);

/// The margin every limit keeps, whatever its size: the answer's way to the manager and a
/// late scheduling of the process.
pub const LATENCY: Duration = Duration::from_millis(15);

/// Positions a second the solver visits, at least, on the boards `pbrain` solves (measured
/// on 5 x 5 endgames of 16 empty cells here: 0.1 to 4 million a second, the slow ones
/// dominated by setting up the solve; 7 x 7 and 8 x 8 endgames take a few positions).
pub const SOLVER_NODES_PER_SECOND: u64 = 200_000;

/// Below this budget the solver is not tried at all: setting up a solve with its table (3 MiB,
/// zeroed) takes up to 10 ms here.
pub const SOLVER_MIN_BUDGET: Duration = Duration::from_millis(50);

/// Simulations a second the tree search runs, at most, on the boards `pbrain` plays (measured
/// here: 130 000 to 330 000 a second from 20 x 20 to 5 x 5): what bounds a move's simulations
/// beside the memory, so that the tree reserves room for what the time allows, not more.
pub const SIMULATIONS_PER_SECOND: u64 = 1_000_000;

/// The `time_left` a manager sends for a game without a limit (2^31 - 1 ms): not a limit.
pub const UNLIMITED: u64 = 2_147_483_647;

/// The manager's time controls, as `INFO` gave them (milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControls {
    /// The most a turn may take; 0: as fast as possible.
    pub timeout_turn: u64,
    /// The whole game's time; 0: no limit.
    pub timeout_match: u64,
    /// What is left of the game's time, once the manager has said (`None` before: the whole
    /// of `timeout_match`); [`UNLIMITED`] or more: no limit.
    pub time_left: Option<u64>,
}

impl Default for TimeControls {
    fn default() -> TimeControls {
        TimeControls { timeout_turn: DEFAULT_TIMEOUT_TURN, timeout_match: 0, time_left: None }
    }
}

impl TimeControls {
    /// The most this turn may take by the rules: the turn's limit, and a share of the game's
    /// time left when the game has a limit: `time_left` once the manager has sent one below
    /// [`UNLIMITED`] (a manager sends it whenever time is limited, so that a brain may rely on
    /// it alone, `timeout_match` or not), else `timeout_match` when it is not 0.
    ///
    /// ```
    /// use core::time::Duration;
    /// use tictactoe_pbrain::clock::{TimeControls, FAST};
    /// let turn = TimeControls { timeout_turn: 1_000, timeout_match: 0, time_left: None };
    /// assert_eq!(turn.limit(), Duration::from_millis(1_000));
    /// // 1/20 of the 10 s left.
    /// let short = TimeControls { time_left: Some(10_000), timeout_match: 180_000, ..turn };
    /// assert_eq!(short.limit(), Duration::from_millis(500));
    /// let fast = TimeControls { timeout_turn: 0, ..turn };
    /// assert_eq!(fast.limit(), FAST);
    /// // time_left alone limits the turn; at 2^31 - 1 it limits nothing.
    /// let left = TimeControls { time_left: Some(4_000), ..turn };
    /// assert_eq!(left.limit(), Duration::from_millis(200));
    /// let unlimited = TimeControls { time_left: Some(2_147_483_647), ..turn };
    /// assert_eq!(unlimited.limit(), Duration::from_millis(1_000));
    /// ```
    pub fn limit(&self) -> Duration {
        let turn = match self.timeout_turn {
            0 => FAST,
            ms => Duration::from_millis(ms),
        };
        let left = match (self.time_left, self.timeout_match) {
            (Some(left), _) if left < UNLIMITED => left,
            (None, limit) if limit > 0 => limit,
            _ => return turn,
        };
        turn.min(Duration::from_millis(left / MATCH_SHARE))
    }

    /// What the brain gives itself: [`TimeControls::limit`] less the margin (an eighth of it,
    /// at most [`MAX_MARGIN`], and [`LATENCY`]), at least a millisecond. The search stops once
    /// this much has passed since the command was read.
    ///
    /// ```
    /// use core::time::Duration;
    /// use tictactoe_pbrain::clock::TimeControls;
    /// let second = TimeControls { timeout_turn: 1_000, timeout_match: 0, time_left: None };
    /// assert_eq!(second.budget(), Duration::from_millis(1_000 - 125 - 15));
    /// let long = TimeControls { timeout_turn: 30_000, ..second };
    /// assert_eq!(long.budget(), Duration::from_millis(30_000 - 300 - 15));
    /// let none_left = TimeControls { timeout_match: 60_000, time_left: Some(0), ..second };
    /// assert_eq!(none_left.budget(), Duration::from_millis(1));
    /// ```
    pub fn budget(&self) -> Duration {
        let limit = self.limit();
        let margin = (limit / 8).min(MAX_MARGIN) + LATENCY;
        limit.saturating_sub(margin).max(Duration::from_millis(1))
    }
}

/// The positions solving may visit within `budget`: what a quarter of it buys at
/// [`SOLVER_NODES_PER_SECOND`], so that a solve that runs out leaves the search most of the
/// turn; `None` (no solving) below [`SOLVER_MIN_BUDGET`].
///
/// ```
/// use core::time::Duration;
/// use tictactoe_pbrain::clock::solver_nodes;
/// assert_eq!(solver_nodes(Duration::from_millis(1_000)), Some(50_000));
/// assert_eq!(solver_nodes(Duration::from_millis(20)), None);
/// ```
pub fn solver_nodes(budget: Duration) -> Option<u64> {
    // A budget past 2^64 / 50 000 microseconds (2.9 million years) buys as many as there are.
    (budget >= SOLVER_MIN_BUDGET).then(|| {
        let nodes = budget.as_micros() * u128::from(SOLVER_NODES_PER_SECOND) / 4_000_000;
        u64::try_from(nodes).unwrap_or(u64::MAX)
    })
}

/// The simulations `budget` can run at most, at [`SIMULATIONS_PER_SECOND`] (at least one).
///
/// ```
/// use core::time::Duration;
/// use tictactoe_pbrain::clock::simulations;
/// assert_eq!(simulations(Duration::from_millis(250)), 250_000);
/// ```
pub fn simulations(budget: Duration) -> u32 {
    let most = budget.as_micros() * u128::from(SIMULATIONS_PER_SECOND) / 1_000_000;
    u32::try_from(most).unwrap_or(u32::MAX).max(1)
}
