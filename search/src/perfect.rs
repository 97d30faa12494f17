//! Perfect play read from a table: every position of a board up to 3 x 3, solved once, so that a
//! perfect move costs reading the cells and one lookup (what a batch of games needs per step).

use alloc::vec::Vec;

use tictactoe_core::{validate_cells, Error, Game, Games, Player, Rules, NO_ACTION};

use crate::{PerfectMove, SearchError, Solution, Solver};

/// The largest board with a table: 3^9 positions; 4 x 4's 3^16 would take 86 MiB.
pub const MAX_TABLE_N: usize = 3;

/// An entry: 0 for a position with no move (not reachable, or over); else the move's cell in
/// bits 0-3, the winner's number in bits 4-5, the plies in bits 6-9, and bit 15 set.
const FILLED: u16 = 1 << 15;

/// The perfect move and value of every position of an n x n board (n at most [`MAX_TABLE_N`]),
/// indexed by the cells read as a base-3 number.
///
/// ```
/// use tictactoe_core::{Game, Player};
/// use tictactoe_search::PerfectTable;
/// let table = PerfectTable::new(3)?;
/// let mut game = Game::new(3)?;
/// game.play_all([(0, 0), (1, 1), (0, 1)])?;
/// let perfect = table.perfect_move(&game)?;
/// assert_eq!((perfect.row, perfect.col), (0, 2)); // O must block the top row
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PerfectTable {
    n: usize,
    entries: Vec<u16>,
}

/// [`SearchError::UnsupportedSize`] unless 1 <= n <= [`MAX_TABLE_N`]: the sizes with a table.
fn check_size(n: usize) -> Result<(), SearchError> {
    if n == 0 || n > MAX_TABLE_N {
        return Err(SearchError::UnsupportedSize { n });
    }
    Ok(())
}

impl PerfectTable {
    /// The n x n table, built by the first call for that size in the process (about 20 ms
    /// for 3 x 3) and shared by every later call and every thread.
    ///
    /// ```
    /// use tictactoe_search::PerfectTable;
    /// let table = PerfectTable::shared(2)?;
    /// assert!(core::ptr::eq(table, PerfectTable::shared(2)?));
    /// assert!(PerfectTable::shared(4).is_err());
    /// # Ok::<(), tictactoe_search::SearchError>(())
    /// ```
    ///
    /// # Errors
    /// As [`PerfectTable::new`], for every call when building failed.
    #[cfg(feature = "std")]
    pub fn shared(n: usize) -> Result<&'static PerfectTable, SearchError> {
        use std::sync::OnceLock;
        type Slot = OnceLock<Result<PerfectTable, SearchError>>;
        static TABLES: [Slot; MAX_TABLE_N] = [const { OnceLock::new() }; MAX_TABLE_N];
        check_size(n)?;
        TABLES[n - 1].get_or_init(|| PerfectTable::new(n)).as_ref().map_err(|&error| error)
    }

    /// The shared table for games under `rules` (see [`PerfectTable::shared`]).
    ///
    /// # Errors
    /// [`SearchError::UnsupportedRules`] unless `rules` are n x n tic-tac-toe; then as
    /// [`PerfectTable::shared`].
    #[cfg(feature = "std")]
    pub fn shared_for(rules: Rules) -> Result<&'static PerfectTable, SearchError> {
        let n = rules.tic_tac_toe_side().ok_or(SearchError::UnsupportedRules { rules })?;
        PerfectTable::shared(n)
    }

    /// Solves every position of the n x n board (about 20 ms for 3 x 3).
    ///
    /// # Errors
    /// [`SearchError::UnsupportedSize`] above [`MAX_TABLE_N`] (or for n = 0);
    /// [`Error::AllocFailed`] (as [`SearchError::Game`]) when the memory cannot be had.
    pub fn new(n: usize) -> Result<PerfectTable, SearchError> {
        check_size(n)?;
        let cells = n * n;
        let len = 3usize.pow(cells as u32);
        let mut entries = Vec::new();
        entries.try_reserve_exact(len).map_err(|_| SearchError::Game(Error::AllocFailed))?;
        let mut solver = Solver::new();
        let mut codes = [0u8; MAX_TABLE_N * MAX_TABLE_N];
        for index in 0..len {
            let mut rest = index;
            for code in &mut codes[..cells] {
                *code = (rest % 3) as u8;
                rest /= 3;
            }
            let entry = match validate_cells(n, &codes[..cells]) {
                Ok(()) => {
                    let game = Game::from_cells(n, &codes[..cells])?;
                    match solver.perfect_move(&game, u64::MAX) {
                        Ok(perfect) => encode(n, perfect),
                        Err(SearchError::GameOver { .. }) => 0,
                        Err(error) => return Err(error),
                    }
                }
                Err(_) => 0,
            };
            entries.push(entry);
        }
        Ok(PerfectTable { n, entries })
    }

    /// The board size of the table.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The entry of the position whose cells (row-major codes) are given.
    #[inline]
    fn entry(&self, codes: impl Iterator<Item = u8>) -> u16 {
        let mut index = 0;
        let mut weight = 1;
        for code in codes {
            index += usize::from(code) * weight;
            weight *= 3;
        }
        self.entries[index]
    }

    /// `Ok` for the rules of the table's game: n x n tic-tac-toe of its size.
    fn check_rules(&self, rules: Rules) -> Result<(), SearchError> {
        match rules.tic_tac_toe_side() {
            Some(n) if n == self.n => Ok(()),
            Some(n) => Err(SearchError::UnsupportedSize { n }),
            None => Err(SearchError::UnsupportedRules { rules }),
        }
    }

    /// A perfect move for `game` (as [`Solver::perfect_move`] would choose it) and the value.
    ///
    /// # Errors
    /// [`SearchError::UnsupportedRules`] unless `game` is n x n tic-tac-toe;
    /// [`SearchError::UnsupportedSize`] unless it is of the table's size;
    /// [`SearchError::GameOver`] for a finished game.
    pub fn perfect_move(&self, game: &Game) -> Result<PerfectMove, SearchError> {
        self.check_rules(game.rules())?;
        decode(self.n, self.entry(game.cells()))
            .ok_or(SearchError::GameOver { winner: game.winner() })
    }

    /// A perfect action (row * n + col) for each game of the range, [`NO_ACTION`] for a game that
    /// is over: an opponent for a whole batch at once.
    ///
    /// # Errors
    /// [`SearchError::UnsupportedRules`] unless the games are n x n tic-tac-toe;
    /// [`SearchError::UnsupportedSize`] unless they are of the table's size;
    /// [`Error::LengthMismatch`] unless `out` holds one action per game. Nothing is written then.
    pub fn actions(&self, games: Games<'_>, out: &mut [u32]) -> Result<(), SearchError> {
        self.check_rules(games.rules())?;
        if out.len() != games.count() {
            return Err(Error::LengthMismatch { len: out.len(), expected: games.count() }.into());
        }
        for (g, action) in out.iter_mut().enumerate() {
            // g is below the count.
            let entry = games.cells_of(g).map_or(0, |codes| self.entry(codes));
            *action = if entry == 0 { NO_ACTION } else { u32::from(entry & 15) };
        }
        Ok(())
    }
}

fn encode(n: usize, perfect: PerfectMove) -> u16 {
    let Solution { winner, plies } = perfect.solution;
    // Cells and plies are below 16 on a table's board.
    let cell = (perfect.row * n + perfect.col) as u16;
    let winner = u16::from(winner.map_or(0, Player::number));
    FILLED | cell | winner << 4 | (plies as u16) << 6
}

fn decode(n: usize, entry: u16) -> Option<PerfectMove> {
    if entry == 0 {
        return None;
    }
    let cell = usize::from(entry & 15);
    let winner = Player::from_number(u32::from((entry >> 4) & 3)).ok();
    let plies = usize::from((entry >> 6) & 15);
    Some(PerfectMove { row: cell / n, col: cell % n, solution: Solution { winner, plies } })
}
