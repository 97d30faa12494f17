//! The search on masks: exact values of positions on a board of one word a player that one word
//! names (Connect Four and the rest of the gravity family on one word), every question to the
//! rules a few shifts of the core's [`Bits`].
//!
//! The way of Connect Four's strong solvers (after Pons' "Solving Connect Four"): negamax with
//! alpha-beta on a score that counts how soon the game is won; a driver that narrows the score's
//! range with null windows, each search cheap and the table filling with bounds; the moves that
//! hand the opponent a win next move left out before the search (a forced block taken alone,
//! never a mark under the opponent's winning cell), so that no node asks whether the player to
//! move wins at once; the rest tried in the order of the winning cells each makes, columns
//! nearer the centre first among equals; bounds kept in a table of fixed size
//! ([`super::bounds`]).
//!
//! Scores: for the player to move with `e` empty cells, a win with its j-th mark from now scores
//! `ceil(e / 2) - j + 1`, a loss to the opponent's j-th mark `-(floor(e / 2) - j + 1)`, a draw 0:
//! the benchmark's notation, and one that negamax negates from a position to the next.

use alloc::vec::Vec;
#[cfg(feature = "std")]
use core::sync::atomic::{AtomicBool, Ordering};

use tictactoe_core::{Bits, Error, Game, Lines, OverLines};

use super::bounds::{Bounds, Narrow, Of, Store};
use super::{stops, Halt, PerfectMove, Solution, Stop};
use crate::SearchError;

/// The most moves a position has: a word's bits.
const MAX_MOVES: usize = 64;

/// Scores are below this in size (a board of one word has at most 64 cells): a table byte holds
/// a score shifted by it, times two, plus whether it bounds from below.
const OFFSET: i32 = 33;

/// The value of `game`'s position (in progress) and the score it was found as: the search on
/// masks of `bits`' board, with the table `bounds`. `nodes` gets the positions visited.
pub(super) fn value(
    bounds: &mut Bounds,
    bits: Bits,
    game: &Game,
    limits: Limits,
    nodes: &mut u64,
) -> Result<(Solution, i32), SearchError> {
    run(bounds, bits, game, limits, nodes, |search, mine, theirs| {
        Ok((search.root_score(mine, theirs)?, 0))
    })
    .map(|(solution, score, _)| (solution, score))
}

/// A perfect move from `game`'s position (in progress) and its value, as [`value`] finds them.
pub(super) fn perfect(
    bounds: &mut Bounds,
    bits: Bits,
    game: &Game,
    limits: Limits,
    nodes: &mut u64,
) -> Result<PerfectMove, SearchError> {
    let (solution, _, bit) = run(bounds, bits, game, limits, nodes, |search, mine, theirs| {
        let score = search.root_score(mine, theirs)?;
        Ok((score, search.keeping(mine, theirs, score)?))
    })?;
    let (row, col) = bits.row_col(bit);
    Ok(PerfectMove { row, col, solution })
}

/// What a solve may spend: the positions its search visits, the threads it runs on, and the
/// caller's predicate that may end it sooner.
#[derive(Clone, Copy)]
pub(super) struct Limits<'a> {
    pub(super) max_nodes: u64,
    pub(super) threads: usize,
    pub(super) halt: Option<Halt<'a>>,
}

/// Runs `root` on a search of `game`'s position with the table's entries of the width its
/// board's keys need; the value, the score and the move `root` found (its score and move).
fn run(
    bounds: &mut Bounds,
    bits: Bits,
    game: &Game,
    limits: Limits,
    nodes: &mut u64,
    root: impl Fn(&mut dyn Searching, u64, u64) -> Result<(i32, u64), Stop>,
) -> Result<(Solution, i32, u64), SearchError> {
    let Limits { max_nodes, threads, halt } = limits;
    let marks = bits.marks(game.cells());
    let mover = game.next_player();
    let (mine, theirs) = (marks[mover.index()], marks[mover.opponent().index()]);
    // The table's size, and small boards' fewer entries (2^cells), whatever the budget: a
    // solve then visits the same positions within any budget, and a budget that sufficed once
    // suffices again.
    let cells = bits.cells().count_ones().min(usize::BITS - 2);
    let table = bounds.ready(bits, bounds.most().min(1 << cells))?;
    let stack = stack_for(bits).ok_or(Error::AllocFailed)?;
    let outcome = match table {
        Of::Narrow(entries) => {
            let root = Root { table: entries, stack, max_nodes, halt, mine, theirs, nodes, root };
            with_helpers(entries, bits, threads, mine, theirs, || bits.with_lines(root))
        }
        // Whole keys are two words an entry: one thread.
        Of::Wide(entries) => {
            let root = Root { table: entries, stack, max_nodes, halt, mine, theirs, nodes, root };
            bits.with_lines(root)
        }
    };
    let (score, bit) = outcome.map_err(|stop| stop.error(max_nodes))?;
    let empties = (bits.cells() & !(mine | theirs)).count_ones() as i32;
    let solution = match score {
        0 => Solution { winner: None, plies: empties as usize },
        // A win with the mover's j-th mark is 2j - 1 plies away, a loss to the opponent's 2j.
        s if s > 0 => {
            Solution { winner: Some(mover), plies: (2 * ((empties + 1) / 2 - s) + 1) as usize }
        }
        s => {
            Solution { winner: Some(mover.opponent()), plies: (2 * (empties / 2 + s + 1)) as usize }
        }
    };
    Ok((solution, score, bit))
}

/// Room for the moves of every node of a search's path on `bits`' board (at most a move a
/// column, a path at most a move a cell); `None` when it cannot be had.
fn stack_for(bits: Bits) -> Option<Vec<(u32, u64)>> {
    let cells = bits.cells().count_ones() as usize;
    let mut stack = Vec::new();
    let depth = (cells + 1).saturating_mul(MAX_MOVES.min(cells));
    stack.try_reserve_exact(depth).ok()?;
    stack.resize(depth, (0, 0));
    Some(stack)
}

/// Runs `main` (the root search on the shared entries) with `threads - 1` helpers searching the
/// same position on the same entries, every other one with other null windows, until `main`
/// is done: the bounds they find (all true) spare `main` work, so that its answer is
/// the same whatever the number of threads, sooner. At most four threads a core run in all;
/// a helper whose memory cannot be had does not help, and the first thread the system
/// refuses ends the helpers' start.
#[cfg(feature = "std")]
fn with_helpers<R>(
    entries: &Narrow,
    bits: Bits,
    threads: usize,
    mine: u64,
    theirs: u64,
    main: impl FnOnce() -> R,
) -> R {
    if threads <= 1 {
        return main();
    }
    let halt = AtomicBool::new(false);
    std::thread::scope(|scope| {
        // The helpers stop once `main` is done, however it ends: a caller's stop that panics
        // in it included, which would leave the scope waiting for helpers without a budget.
        let _done = Done(&halt);
        for turn in 1..threads {
            let halt = &halt;
            let helper = move || {
                if let Some(stack) = stack_for(bits) {
                    bits.with_lines(Helper { table: entries, stack, halt, turn, mine, theirs });
                }
            };
            // A thread the system refuses: the helpers started are all there will be.
            if std::thread::Builder::new().spawn_scoped(scope, helper).is_err() {
                break;
            }
        }
        main()
    })
}

/// Sets its flag when dropped: the helpers' signal that the main search is done.
#[cfg(feature = "std")]
struct Done<'a>(&'a AtomicBool);

#[cfg(feature = "std")]
impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Without threads, `main` alone.
#[cfg(not(feature = "std"))]
fn with_helpers<R>(
    _entries: &Narrow,
    _bits: Bits,
    _threads: usize,
    _mine: u64,
    _theirs: u64,
    main: impl FnOnce() -> R,
) -> R {
    main()
}

/// A helper's search, run over the board's [`Lines`] until `halt`.
#[cfg(feature = "std")]
struct Helper<'a> {
    table: &'a Narrow,
    stack: Vec<(u32, u64)>,
    halt: &'a AtomicBool,
    turn: usize,
    mine: u64,
    theirs: u64,
}

#[cfg(feature = "std")]
impl OverLines for Helper<'_> {
    type Output = ();

    fn run<L: Lines>(self, lines: L) {
        let halted = || self.halt.load(Ordering::Relaxed);
        let mut search = Search::new(lines, self.table, self.stack, u64::MAX);
        search.halt = Some(&halted);
        // Every other helper tries other windows (bisecting); the rest the main search's.
        search.bisect = self.turn % 2 == 1;
        // Stopped when the main search is done: what it found is in the table.
        let _ = search.root_score(self.mine, self.theirs);
    }
}

/// A root search, run over the board's [`Lines`].
struct Root<'a, T, F> {
    table: &'a T,
    stack: Vec<(u32, u64)>,
    max_nodes: u64,
    halt: Option<Halt<'a>>,
    mine: u64,
    theirs: u64,
    nodes: &'a mut u64,
    root: F,
}

impl<T: Store, F: Fn(&mut dyn Searching, u64, u64) -> Result<(i32, u64), Stop>> OverLines
    for Root<'_, T, F>
{
    type Output = Result<(i32, u64), Stop>;

    fn run<L: Lines>(self, lines: L) -> Self::Output {
        let mut search = Search::new(lines, self.table, self.stack, self.max_nodes);
        search.halt = self.halt;
        let found = (self.root)(&mut search, self.mine, self.theirs);
        *self.nodes = search.nodes;
        found
    }
}

/// A search of either table width, as the root asks it.
trait Searching {
    /// The score of the position where the player to move holds `mine`.
    fn root_score(&mut self, mine: u64, theirs: u64) -> Result<i32, Stop>;

    /// A move of the position that keeps its score `score`: a win now, else the first in the
    /// search's order whose position after it is worth `-score`.
    fn keeping(&mut self, mine: u64, theirs: u64, score: i32) -> Result<u64, Stop>;
}

/// A search of one position and those below it.
struct Search<'t, T, L> {
    lines: L,
    bits: Bits,
    cells: i32,
    /// Each column's cells, those nearer the centre first.
    columns: [u64; MAX_MOVES],
    column_count: usize,
    table: &'t T,
    /// The moves of the nodes on the path, each node's after its parent's, with their promise:
    /// `stack[..top]`, in room made once (a node's moves are written, never pushed).
    stack: Vec<(u32, u64)>,
    top: usize,
    nodes: u64,
    max_nodes: u64,
    /// Asked every [`HALT_EVERY`](super::HALT_EVERY) positions, ending the search when it answers `true`: a
    /// helper's signal that the main search is done, the caller's on the main search (if any).
    halt: Option<Halt<'t>>,
    /// Whether the driver's guesses halve the range plainly (a helper's), rather than lean
    /// towards 0.
    bisect: bool,
}

impl<'t, T: Store, L: Lines> Search<'t, T, L> {
    fn new(lines: L, table: &'t T, stack: Vec<(u32, u64)>, max_nodes: u64) -> Search<'t, T, L> {
        let bits = lines.bits();
        let mut columns = [0; MAX_MOVES];
        let mut column_count = 0;
        let count = (0..MAX_MOVES).take_while(|&col| bits.column(col) != 0).count();
        let mut order: [usize; MAX_MOVES] = core::array::from_fn(|col| col);
        // Nearer the centre first; of two as near, the left.
        order[..count].sort_by_key(|&col| ((2 * col).abs_diff(count - 1), col));
        for &col in &order[..count] {
            columns[column_count] = bits.column(col);
            column_count += 1;
        }
        // A board of one word has at most 64 cells.
        let cells = bits.cells().count_ones() as i32;
        Search {
            lines,
            bits,
            cells,
            columns,
            column_count,
            table,
            stack,
            top: 0,
            nodes: 0,
            max_nodes,
            halt: None,
            bisect: false,
        }
    }

    /// The moves of the position where the player to move holds `mine`, not counting those
    /// that hand the opponent a win next move: a forced block alone, none when there are two
    /// to block, and never a mark that makes the opponent's winning cell playable.
    #[inline(always)]
    fn non_losing(&self, mine: u64, theirs: u64) -> u64 {
        let (bits, taken) = (self.bits, mine | theirs);
        let playable = bits.playable(taken);
        let threats = self.lines.winning(theirs) & !taken;
        let forced = playable & threats;
        let moves = match forced {
            0 => playable,
            f if f & (f - 1) != 0 => return 0,
            f => f,
        };
        moves & !bits.openers(threats)
    }

    /// Writes `moves` (each a bit) on top of the stack, the most promising first: by how many
    /// cells the mover would then win on, columns nearer the centre first among equals.
    /// Returns where they end.
    #[inline(always)]
    fn push_sorted(&mut self, mine: u64, taken: u64, moves: u64) -> usize {
        let base = self.top;
        let mut end = base;
        for &column in &self.columns[..self.column_count] {
            let mut left = moves & column;
            while left != 0 {
                let m = left & left.wrapping_neg();
                left &= left - 1;
                let promise = (self.lines.winning(mine | m) & !(taken | m)).count_ones();
                // Insertion: after every move that promises as much.
                let mut at = end;
                while at > base && self.stack[at - 1].0 < promise {
                    self.stack[at] = self.stack[at - 1];
                    at -= 1;
                }
                self.stack[at] = (promise, m);
                end += 1;
            }
        }
        end
    }

    /// The score of the position for the player to move, who cannot win at once and has a
    /// move that does not hand the opponent a win, as fail-soft alpha-beta in (alpha, beta).
    fn negamax(
        &mut self,
        mine: u64,
        theirs: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Stop> {
        self.nodes += 1;
        if stops(self.nodes, self.max_nodes, self.halt) {
            return Err(Stop::Exceeded);
        }
        let bits = self.bits;
        let taken = mine | theirs;
        let empties = self.cells - taken.count_ones() as i32;
        let moves = self.non_losing(mine, theirs);
        if moves == 0 {
            // Every move loses to the opponent's next.
            return Ok(-(empties / 2));
        }
        if empties <= 2 {
            // Nobody can win at once, and one move each is left.
            return Ok(0);
        }
        // The opponent cannot win with its next mark, nor the mover with this one; and a side
        // that can make k in a row nowhere any more cannot win at all (asked only when the
        // answer could move a bound: a null window lies on one side of 0).
        let mut min = -((empties - 2) / 2);
        if alpha < 0 && !self.lines.can_win(mine) {
            min = 0;
        }
        let mut max = (empties - 1) / 2;
        if beta > 0 && !self.lines.can_win(theirs) {
            max = 0;
        }
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return Ok(alpha);
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return Ok(beta);
            }
        }
        let key = bits.key(mine, taken);
        match self.table.get(key) {
            0 => {}
            stored => {
                let score = i32::from(stored >> 1) - OFFSET;
                if stored & 1 == 1 {
                    if alpha < score {
                        alpha = score;
                        if alpha >= beta {
                            return Ok(alpha);
                        }
                    }
                } else if beta > score {
                    beta = score;
                    if alpha >= beta {
                        return Ok(beta);
                    }
                }
            }
        }
        if empties > ETC_EMPTIES && moves & (moves - 1) != 0 {
            // A move whose position the table bounds from above at -beta or less cuts off
            // before anything is searched (enhanced transposition cutoff): asked where the
            // search below is long and there is more than one move to choose from.
            let mut rest = moves;
            while rest != 0 {
                let m = rest & rest.wrapping_neg();
                rest ^= m;
                let stored = self.table.get(bits.key(theirs, taken | m));
                if stored != 0 && stored & 1 == 0 {
                    let score = OFFSET - i32::from(stored >> 1);
                    if score >= beta {
                        self.table.put(key, stored_byte(score, true));
                        return Ok(score);
                    }
                }
            }
        }
        let (base, end) = (self.top, self.push_sorted(mine, taken, moves));
        self.top = end;
        let mut outcome = Ok(alpha);
        for i in base..end {
            let m = self.stack[i].1;
            let score = match self.negamax(theirs, mine | m, -beta, -alpha) {
                Ok(score) => -score,
                Err(stop) => {
                    outcome = Err(stop);
                    break;
                }
            };
            if score >= beta {
                self.table.put(key, stored_byte(score, true));
                outcome = Ok(score);
                break;
            }
            if score > alpha {
                alpha = score;
                outcome = Ok(alpha);
            }
        }
        self.top = base;
        if let Ok(score) = outcome {
            if score < beta {
                self.table.put(key, stored_byte(alpha, false));
            }
        }
        outcome
    }
}

/// Positions with more empty cells than this look their moves' positions up in the table
/// before searching them.
const ETC_EMPTIES: i32 = 12;

/// A table byte: `score` as a lower bound, or as an upper one.
#[inline(always)]
fn stored_byte(score: i32, lower: bool) -> u8 {
    // Scores are within (-OFFSET, OFFSET): the byte is at least 2.
    ((score + OFFSET) * 2 + i32::from(lower)) as u8
}

impl<T: Store, L: Lines> Searching for Search<'_, T, L> {
    fn root_score(&mut self, mine: u64, theirs: u64) -> Result<i32, Stop> {
        let taken = mine | theirs;
        let empties = self.cells - taken.count_ones() as i32;
        if self.lines.winning(mine) & self.bits.playable(taken) != 0 {
            return Ok((empties + 1) / 2);
        }
        // Narrowed by null windows: each search says whether the value is above a guess, and
        // guesses go halfway, or nearer 0 where most values are (a short search); a helper
        // that bisects tries other windows, whose bounds the main search then finds.
        let (mut min, mut max) = (-(empties / 2), (empties + 1) / 2);
        while min < max {
            let mut guess = min + (max - min) / 2;
            if !self.bisect && guess <= 0 && min / 2 < guess {
                guess = min / 2;
            } else if !self.bisect && guess >= 0 && max / 2 > guess {
                guess = max / 2;
            }
            let found = self.negamax(mine, theirs, guess, guess + 1)?;
            if found <= guess {
                max = found;
            } else {
                min = found;
            }
        }
        Ok(min)
    }

    fn keeping(&mut self, mine: u64, theirs: u64, score: i32) -> Result<u64, Stop> {
        let (bits, taken) = (self.bits, mine | theirs);
        let playable = bits.playable(taken);
        let wins = self.lines.winning(mine) & playable;
        let moves = self.non_losing(mine, theirs);
        // A win now; else, where every move loses at once, a block (any move puts it off as
        // long); else the moves that do not lose at once, one of which keeps the score.
        let threats = self.lines.winning(theirs) & playable;
        let candidates = match (wins, moves) {
            (0, 0) if threats != 0 => threats,
            (0, 0) => playable,
            (0, moves) => moves,
            (wins, _) => wins,
        };
        let end = self.push_sorted(mine, taken, candidates);
        let first = if end > self.top { self.stack[self.top].1 } else { 0 };
        if wins != 0 || moves == 0 {
            return Ok(first);
        }
        let base = self.top;
        self.top = end;
        for i in base..end {
            let m = self.stack[i].1;
            if self.negamax(theirs, mine | m, -score, -score + 1)? <= -score {
                self.top = base;
                return Ok(m);
            }
        }
        self.top = base;
        // The score is some move's: not reached.
        Ok(first)
    }
}
