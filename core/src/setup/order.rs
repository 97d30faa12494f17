//! Searches for an order of legal moves that reaches a grid, where counting marks and winning
//! runs is not enough:
//! - under gravity, the columns fill from the bottom and the players alternate, so which mark
//!   went in when is forced up to the order of the columns: a depth-first search over the
//!   columns' heights, where a move that wins is allowed only as the last one;
//! - under the exact rule (without gravity), a run longer than k is built by joining shorter
//!   ones, and must be built without ever making exactly k: each player's marks are placed
//!   independently (the players' runs never mix), those in no run longer than k first (they can
//!   never make k), then a search over the order of the rest.
//!
//! Both searches remember the states they have left behind, and give up after [`STEPS`] steps
//! with [`PositionError::SearchLimit`] rather than run for minutes on a large board.

use alloc::collections::BTreeSet;
use alloc::vec;
use alloc::vec::Vec;

use crate::rules::Form;
use crate::shape::{Cell, Direction, Shape};
use crate::{Error, Player, PositionError};

/// The most steps (moves tried) a search takes before it gives up.
pub(crate) const STEPS: usize = 1 << 20;

/// Whether a mark of `player` at `cell` makes a winning run with the marks `placed` says are on
/// the board.
fn makes_win(
    form: Form,
    grid: &[Option<Player>],
    placed: &impl Fn(Cell) -> bool,
    cell: Cell,
    player: Player,
) -> bool {
    let shape = form.shape;
    let own = |next: Cell| placed(next) && grid[next.index] == Some(player);
    Direction::ALL.into_iter().any(|direction| {
        let count = |sign: isize| {
            (1..)
                .map_while(|steps| shape.step(cell, direction, sign * steps))
                .take_while(|&next| own(next))
                .count()
        };
        form.wins(count(-1) + 1 + count(1))
    })
}

/// A depth-first search over sequences of choices `0..choices`, on a `state`:
/// `try_choice(state, depth, choice)` makes the move a choice names at that depth if it may
/// (and the state it reaches is new), `undo(state, choice)` takes it back; done when `goal`
/// moves are made. Returns whether the goal was reached.
fn search<S>(
    state: &mut S,
    choices: usize,
    goal: usize,
    try_choice: impl Fn(&mut S, usize, usize) -> bool,
    undo: impl Fn(&mut S, usize),
) -> Result<bool, Error> {
    let mut path: Vec<usize> = Vec::new();
    let mut next: Vec<usize> = vec![0];
    let mut steps = 0;
    while path.len() < goal {
        let depth = path.len();
        let choice = next[depth];
        if choice == choices {
            next.pop();
            let Some(last) = path.pop() else {
                return Ok(false);
            };
            undo(state, last);
            next[depth - 1] += 1;
            continue;
        }
        steps += 1;
        if steps > STEPS {
            return Err(PositionError::SearchLimit { steps: STEPS }.into());
        }
        if try_choice(state, depth, choice) {
            path.push(choice);
            next.push(0);
        } else {
            next[depth] += 1;
        }
    }
    Ok(true)
}

/// Under gravity: an order of moves reaching `grid` (one holder a cell of `form`'s board, no
/// mark floating), and the cell of its last move when that move won.
///
/// # Errors
/// [`PositionError::NoOrder`], [`PositionError::SearchLimit`], [`Error::AllocFailed`].
pub(super) fn by_columns(form: Form, grid: &[Option<Player>]) -> Result<Option<Cell>, Error> {
    let shape = form.shape;
    let (rows, cols) = (shape.rows(), shape.cols());
    let height =
        |col: usize| (0..rows).filter(|&row| grid[shape.index(row, col)].is_some()).count();
    let full: Vec<usize> = (0..cols).map(height).collect();
    let goal: usize = full.iter().sum();
    // The heights so far, the heights reached before, and the cell of the last move if it won.
    let mut state = (vec![0usize; cols], BTreeSet::new(), None);
    let found = search(
        &mut state,
        cols,
        goal,
        |(heights, seen, last_won): &mut (Vec<usize>, BTreeSet<Vec<usize>>, Option<Cell>),
         depth,
         col| {
            let mover = if depth % 2 == 0 { Player::X } else { Player::O };
            if heights[col] == full[col] {
                return false;
            }
            let cell = shape.cell_on(rows - 1 - heights[col], col);
            if grid[cell.index] != Some(mover) {
                return false;
            }
            let placed = |other: Cell| other.row + heights[other.col] >= rows;
            let won = makes_win(form, grid, &placed, cell, mover);
            if won && depth + 1 < goal {
                return false;
            }
            heights[col] += 1;
            if !seen.insert(heights.clone()) {
                heights[col] -= 1;
                return false;
            }
            *last_won = won.then_some(cell);
            true
        },
        |(heights, _, _), col| heights[col] -= 1,
    )?;
    if !found {
        return Err(PositionError::NoOrder.into());
    }
    Ok(state.2)
}

/// Under the exact rule without gravity: whether each player's marks on `grid` can be placed in
/// some order that never makes a run of exactly k (the grid holding no winning run itself).
///
/// # Errors
/// [`PositionError::NoOrder`], [`PositionError::SearchLimit`], [`Error::AllocFailed`].
pub(super) fn each_player(form: Form, grid: &[Option<Player>]) -> Result<(), Error> {
    for player in [Player::X, Player::O] {
        if !one_player(form, grid, player)? {
            return Err(PositionError::NoOrder.into());
        }
    }
    Ok(())
}

/// The length of the run of `player`'s marks through `cell` in `direction` on `grid`.
fn run_len(shape: Shape, grid: &[Option<Player>], cell: Cell, direction: Direction) -> usize {
    let player = grid[cell.index];
    let count = |sign: isize| {
        (1..)
            .map_while(|steps| shape.step(cell, direction, sign * steps))
            .take_while(|&next| grid[next.index] == player)
            .count()
    };
    count(-1) + 1 + count(1)
}

/// [`each_player`] for one player.
fn one_player(form: Form, grid: &[Option<Player>], player: Player) -> Result<bool, Error> {
    let shape = form.shape;
    // The marks in a run longer than k: the only ones whose order matters.
    let k = form.rules().k;
    let long: Vec<Cell> = (0..shape.cells())
        .map(|index| shape.cell_at(index))
        .filter(|&cell| grid[cell.index] == Some(player))
        .filter(|&cell| Direction::ALL.into_iter().any(|d| run_len(shape, grid, cell, d) > k))
        .collect();
    // Which cells are still to be placed (the long marks not yet placed), and the sets of long
    // marks placed before.
    let mut later = vec![false; shape.cells()];
    for cell in &long {
        later[cell.index] = true;
    }
    let mut state = (later, BTreeSet::new());
    search(
        &mut state,
        long.len(),
        long.len(),
        |(later, seen): &mut (Vec<bool>, BTreeSet<Vec<bool>>), _, i| {
            let cell = long[i];
            if !later[cell.index] {
                return false;
            }
            let placed = |other: Cell| !later[other.index];
            if makes_win(form, grid, &placed, cell, player) {
                return false;
            }
            later[cell.index] = false;
            if !seen.insert(long.iter().map(|cell| later[cell.index]).collect()) {
                later[cell.index] = true;
                return false;
            }
            true
        },
        |(later, _), i| later[long[i].index] = true,
    )
}
