//! Whether a grid is reachable by a legal game, and why not (see the [module](super) for the
//! conditions and why they are enough).

use alloc::vec::Vec;

use super::order;
use crate::rules::Form;
use crate::shape::{Cell, Direction, Shape};
use crate::{Error, Player, PositionError};

/// A maximal run of one player's marks: its first cell, direction and length.
#[derive(Clone, Copy)]
struct Segment {
    first: Cell,
    direction: Direction,
    len: usize,
}

impl Segment {
    /// Whether `cell` lies on the segment.
    fn contains(&self, cell: Cell) -> bool {
        let (dr, dc) = self.direction.delta();
        let (rows, cols) = (
            cell.row as isize - self.first.row as isize,
            cell.col as isize - self.first.col as isize,
        );
        let steps = if dr != 0 { rows } else { cols };
        (0..self.len as isize).contains(&steps) && rows == dr * steps && cols == dc * steps
    }
}

/// The winning runs of one player, as far as the checks need them: a cell lies on at most four
/// runs (one a direction), so more than four cannot share one.
#[derive(Default)]
struct Wins {
    runs: [Option<Segment>; 4],
    count: usize,
}

impl Wins {
    fn push(&mut self, run: Segment) {
        if let Some(slot) = self.runs.get_mut(self.count) {
            *slot = Some(run);
        }
        self.count += 1;
    }
}

/// Calls `f` with every maximal run of marks on the board (`at` tells each cell's holder).
fn for_each_run(
    shape: Shape,
    at: &impl Fn(Cell) -> Option<Player>,
    mut f: impl FnMut(Player, Segment),
) {
    for direction in Direction::ALL {
        for start in shape.line_starts(direction) {
            let mut run: Option<(Player, Segment)> = None;
            for cell in shape.line(start, direction) {
                match (at(cell), &mut run) {
                    (Some(player), Some((owner, segment))) if player == *owner => segment.len += 1,
                    (holder, _) => {
                        if let Some((owner, segment)) = run.take() {
                            f(owner, segment);
                        }
                        run = holder.map(|p| (p, Segment { first: cell, direction, len: 1 }));
                    }
                }
            }
            if let Some((owner, segment)) = run {
                f(owner, segment);
            }
        }
    }
}

/// The marks of `player` in a row from `cell` (not counted) in `direction`, forwards or
/// backwards, on the board without `cell`.
fn count_from(
    shape: Shape,
    at: &impl Fn(Cell) -> Option<Player>,
    cell: Cell,
    direction: Direction,
    sign: isize,
    player: Player,
) -> usize {
    (1..)
        .map_while(|steps| shape.step(cell, direction, sign * steps))
        .take_while(|&next| at(next) == Some(player))
        .count()
}

/// Whether taking `cell` (a mark of `player`) off the board leaves no winning run through where
/// it was: what a last move must satisfy, since before it nobody had won.
fn leaves_no_win(
    form: Form,
    at: &impl Fn(Cell) -> Option<Player>,
    cell: Cell,
    player: Player,
) -> bool {
    Direction::ALL.into_iter().all(|direction| {
        [-1, 1]
            .into_iter()
            .all(|sign| !form.wins(count_from(form.shape, at, cell, direction, sign, player)))
    })
}

/// The cells the winning move could have been: those on every winning run of the winner (at
/// most four runs can share a cell) whose removal leaves no winning run.
fn last_move_candidates<'a>(
    form: Form,
    wins: &'a Wins,
    at: &'a impl Fn(Cell) -> Option<Player>,
    winner: Player,
) -> impl Iterator<Item = Cell> + 'a {
    let shape = form.shape;
    let first = if wins.count <= 4 { wins.runs[0] } else { None };
    first
        .into_iter()
        .flat_map(move |run| {
            (0..run.len).filter_map(move |i| shape.step(run.first, run.direction, i as isize))
        })
        .filter(move |&cell| wins.runs.iter().flatten().all(|run| run.contains(cell)))
        .filter(move |&cell| leaves_no_win(form, at, cell, winner))
}

/// Checks a grid of `form` whose cell values are already known to be good (`at(row, col)` is
/// each cell's holder); returns the winner and the cell of its winning move.
///
/// # Errors
/// [`Error::InvalidPosition`] with the reason; [`Error::AllocFailed`] when a search of an
/// order of moves (under gravity or the exact rule) cannot have its memory.
pub(super) fn analyze(
    form: Form,
    at: &impl Fn(usize, usize) -> Option<Player>,
) -> Result<Option<(Player, Cell)>, Error> {
    let shape = form.shape;
    let holder = |cell: Cell| at(cell.row, cell.col);
    let mut marks = [0usize; 2];
    for index in 0..shape.cells() {
        let cell = shape.cell_at(index);
        if let Some(player) = holder(cell) {
            marks[player.index()] += 1;
            let below = shape.step(cell, Direction::Column, 1);
            if form.variant.gravity() && below.is_some_and(|below| holder(below).is_none()) {
                return Err(PositionError::Floating { row: cell.row, col: cell.col }.into());
            }
        }
    }
    let [x, o] = marks;
    if x != o && x != o + 1 {
        return Err(PositionError::BadCounts { x, o }.into());
    }
    let mut wins = [Wins::default(), Wins::default()];
    for_each_run(shape, &holder, |player, run| {
        if form.wins(run.len) {
            wins[player.index()].push(run);
        }
    });
    let winner = match (wins[0].count > 0, wins[1].count > 0) {
        (true, true) => return Err(PositionError::BothWin.into()),
        (true, false) => Some(Player::X),
        (false, true) => Some(Player::O),
        (false, false) => None,
    };
    let moved_last = if x == o + 1 { Player::X } else { Player::O };
    if let Some(winner) = winner.filter(|&winner| winner != moved_last) {
        return Err(PositionError::WinnerNotLast { winner }.into());
    }
    if form.variant.gravity() {
        let grid = grid(shape, &holder, None)?;
        let last = order::by_columns(form, &grid)?;
        return Ok(winner.zip(last));
    }
    let Some(winner) = winner else {
        if form.variant.exact() {
            order::each_player(form, &grid(shape, &holder, None)?)?;
        }
        return Ok(None);
    };
    let mut refusal = Error::from(PositionError::DisjointWinningLines { winner });
    for cell in last_move_candidates(form, &wins[winner.index()], &holder, winner) {
        if !form.variant.exact() {
            return Ok(Some((winner, cell)));
        }
        // Before the last move, each player's marks must have been placed without making k.
        match order::each_player(form, &grid(shape, &holder, Some(cell))?) {
            Ok(()) => return Ok(Some((winner, cell))),
            Err(error) => refusal = error,
        }
    }
    Err(refusal)
}

/// The grid as one holder a cell, `without` one cell, for the searches of an order of moves.
fn grid(
    shape: Shape,
    at: &impl Fn(Cell) -> Option<Player>,
    without: Option<Cell>,
) -> Result<Vec<Option<Player>>, Error> {
    let mut grid = Vec::new();
    grid.try_reserve_exact(shape.cells()).map_err(|_| Error::AllocFailed)?;
    grid.extend((0..shape.cells()).map(|index| {
        let cell = shape.cell_at(index);
        if Some(cell) == without {
            None
        } else {
            at(cell)
        }
    }));
    Ok(grid)
}
