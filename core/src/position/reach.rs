//! Whether a grid is reachable by a legal game, and why not (see the [module](super) for the
//! conditions and why they are enough).

use crate::rules::Line;
use crate::shape::{Cell, Shape};
use crate::{Player, PositionError};

/// The complete lines of one player, as far as the checks need them.
#[derive(Default)]
struct Owned {
    /// The lines found, while they can still share a cell: at most one row, one column and the
    /// two diagonals.
    lines: [Option<Line>; 4],
    /// Two rows or two columns never share a cell.
    parallel: bool,
}

impl Owned {
    fn push(&mut self, line: Line) {
        let slot = match line {
            Line::Row(_) => 0,
            Line::Column(_) => 1,
            Line::Diagonal => 2,
            Line::AntiDiagonal => 3,
        };
        self.parallel |= self.lines[slot].is_some();
        self.lines[slot] = Some(line);
    }

    fn any(&self) -> bool {
        self.lines.iter().any(Option::is_some)
    }

    /// A cell every owned line passes through, if there is one.
    fn common_cell(&self, n: usize) -> Option<(usize, usize)> {
        if self.parallel {
            return None;
        }
        let mut lines = self.lines.iter().flatten();
        let first = *lines.next()?;
        (0..n)
            .map(|i| first.cell(n, i))
            .find(|&(row, col)| self.lines.iter().flatten().all(|line| line.contains(n, row, col)))
    }
}

/// Checks a grid on `shape` whose cell values are already known to be good (`at(row, col)` is
/// each cell's holder); returns the winner and the cell of its winning move.
pub(super) fn analyze(
    shape: Shape,
    at: &impl Fn(usize, usize) -> Option<Player>,
) -> Result<Option<(Player, Cell)>, PositionError> {
    let n = shape.n();
    let mut marks = [0usize; 2];
    for row in 0..n {
        for col in 0..n {
            if let Some(player) = at(row, col) {
                marks[player.index()] += 1;
            }
        }
    }
    let [x, o] = marks;
    if x != o && x != o + 1 {
        return Err(PositionError::BadCounts { x, o });
    }
    let mut owned = [Owned::default(), Owned::default()];
    for line in Line::all(n) {
        let (row, col) = line.cell(n, 0);
        if let Some(player) = at(row, col) {
            if (1..n).all(|i| {
                let (row, col) = line.cell(n, i);
                at(row, col) == Some(player)
            }) {
                owned[player.index()].push(line);
            }
        }
    }
    let winner = match (owned[0].any(), owned[1].any()) {
        (true, true) => return Err(PositionError::BothWin),
        (true, false) => Player::X,
        (false, true) => Player::O,
        (false, false) => return Ok(None),
    };
    let moved_last = if x == o + 1 { Player::X } else { Player::O };
    if winner != moved_last {
        return Err(PositionError::WinnerNotLast { winner });
    }
    let (row, col) = owned[winner.index()]
        .common_cell(n)
        .ok_or(PositionError::DisjointWinningLines { winner })?;
    // The common cell lies on the owned lines, so on the board.
    let cell = shape.cell(row, col).map_err(|_| PositionError::DisjointWinningLines { winner })?;
    Ok(Some((winner, cell)))
}
