//! A brute-force model of the game for the tests: a full grid, every line scanned on every
//! question. It shares no code with the crate, so the two can only agree by both being right.

#![allow(dead_code)] // each test binary uses a different part of the model

use std::collections::HashMap;

pub mod singles;

pub use tictactoe_core::ErrorKind as Kind;
use tictactoe_core::{Error, Game, Player};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    pub n: usize,
    pub grid: Vec<u8>,
    pub history: Vec<(usize, usize, u8)>,
}

/// The lines of an n x n board as lists of cells, in the order rows, columns, diagonal,
/// anti-diagonal; each tagged as the crate's `Line` is printed with `{:?}`.
pub fn lines(n: usize) -> Vec<(String, Vec<(usize, usize)>)> {
    let mut all = Vec::new();
    for r in 0..n {
        all.push((format!("Row({r})"), (0..n).map(|c| (r, c)).collect()));
    }
    for c in 0..n {
        all.push((format!("Column({c})"), (0..n).map(|r| (r, c)).collect()));
    }
    all.push(("Diagonal".to_string(), (0..n).map(|i| (i, i)).collect()));
    all.push(("AntiDiagonal".to_string(), (0..n).map(|i| (i, n - 1 - i)).collect()));
    all
}

/// The complete lines of player p on the grid.
pub fn complete_lines(n: usize, grid: &[u8], p: u8) -> Vec<String> {
    lines(n)
        .into_iter()
        .filter(|(_, cells)| cells.iter().all(|&(r, c)| grid[r * n + c] == p))
        .map(|(name, _)| name)
        .collect()
}

impl Model {
    pub fn new(n: usize) -> Model {
        Model { n, grid: vec![0; n * n], history: Vec::new() }
    }

    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.grid[r * self.n + c]
    }

    pub fn count(&self, p: u8) -> usize {
        self.grid.iter().filter(|&&v| v == p).count()
    }

    pub fn winner(&self) -> u8 {
        [1, 2].into_iter().find(|&p| !complete_lines(self.n, &self.grid, p).is_empty()).unwrap_or(0)
    }

    pub fn next_player(&self) -> u8 {
        if self.count(1) <= self.count(2) {
            1
        } else {
            2
        }
    }

    pub fn make_move(&mut self, r: usize, c: usize, p: u32) -> Result<u8, Kind> {
        if r >= self.n || c >= self.n {
            return Err(Kind::OutOfBounds);
        }
        if p != 1 && p != 2 {
            return Err(Kind::InvalidPlayer);
        }
        if self.winner() != 0 {
            return Err(Kind::GameOver);
        }
        if self.at(r, c) != 0 {
            return Err(Kind::Occupied);
        }
        self.grid[r * self.n + c] = p as u8;
        self.history.push((r, c, p as u8));
        Ok(self.winner())
    }

    pub fn play(&mut self, r: usize, c: usize) -> Result<u8, Kind> {
        let p = self.next_player();
        self.make_move(r, c, u32::from(p))
    }

    pub fn undo(&mut self) -> Result<(usize, usize, u8), Kind> {
        let (r, c, p) = self.history.pop().ok_or(Kind::NothingToUndo)?;
        self.grid[r * self.n + c] = 0;
        Ok((r, c, p))
    }

    /// "in_progress", "won" or "draw".
    pub fn status(&self) -> &'static str {
        if self.winner() != 0 {
            "won"
        } else if self.grid.iter().all(|&v| v != 0) {
            "draw"
        } else {
            "in_progress"
        }
    }

    pub fn can_win(&self, p: u8) -> bool {
        let w = self.winner();
        if w != 0 {
            return w == p;
        }
        let opponent = 3 - p;
        lines(self.n).iter().any(|(_, cells)| cells.iter().all(|&(r, c)| self.at(r, c) != opponent))
    }

    pub fn winning_lines(&self) -> Vec<String> {
        match self.winner() {
            0 => Vec::new(),
            w => complete_lines(self.n, &self.grid, w),
        }
    }

    pub fn rows(&self) -> Vec<String> {
        (0..self.n)
            .map(|r| (0..self.n).map(|c| ['.', 'X', 'O'][self.at(r, c) as usize]).collect())
            .collect()
    }
}

/// Whether a grid is reachable by a legal game (X first, alternating, nobody moves after a
/// win), by searching backwards for a last move; memoized.
pub fn reachable(n: usize, grid: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&known) = memo.get(grid) {
        return known;
    }
    let x = grid.iter().filter(|&&v| v == 1).count();
    let o = grid.iter().filter(|&&v| v == 2).count();
    let answer = if x + o == 0 {
        true
    } else if x != o && x != o + 1 {
        false
    } else {
        let last = if x == o + 1 { 1 } else { 2 };
        (0..n * n).filter(|&i| grid[i] == last).any(|i| {
            let mut before = grid.to_vec();
            before[i] = 0;
            // Nobody may have won before the last move.
            complete_lines(n, &before, 1).is_empty()
                && complete_lines(n, &before, 2).is_empty()
                && reachable(n, &before, memo)
        })
    };
    memo.insert(grid.to_vec(), answer);
    answer
}

/// The kind of a refusal of the game, which the model's refusals are compared with.
pub fn kind(error: Error) -> Kind {
    error.kind()
}

/// LeetCode's number for an optional winner.
pub fn number(winner: Option<Player>) -> u8 {
    winner.map_or(0, Player::number)
}

/// Asserts that every observable of the game equals the model's.
pub fn assert_same(game: &Game, model: &Model) {
    let n = model.n;
    assert_eq!(game.n(), n);
    for r in 0..n {
        for c in 0..n {
            assert_eq!(number(game.cell(r, c).unwrap()), model.at(r, c), "cell ({r}, {c})");
        }
    }
    assert_eq!(game.to_string(), model.rows().join("\n"));
    assert_eq!(number(game.winner()), model.winner());
    assert_eq!(game.status().name(), model.status());
    assert_eq!(game.next_player().number(), model.next_player());
    for p in Player::ALL {
        assert_eq!(game.can_win(p), model.can_win(p.number()), "can_win({p})");
        assert_eq!(game.marks_of(p), model.count(p.number()));
    }
    assert_eq!(
        game.is_draw_certain(),
        model.winner() == 0 && !model.can_win(1) && !model.can_win(2)
    );
    assert_eq!(game.marks(), model.count(1) + model.count(2));
    let free: Vec<_> = (0..n * n)
        .map(|cell| (cell / n, cell % n))
        .filter(|&(r, c)| model.winner() == 0 && model.at(r, c) == 0)
        .collect();
    assert_eq!(game.legal_moves().collect::<Vec<_>>(), free);
    assert_eq!(game.legal_move_count(), free.len());
    let lines: Vec<String> = game.winning_lines().map(|l| format!("{l:?}")).collect();
    assert_eq!(lines, model.winning_lines());
    let history: Vec<_> = game.history().map(|m| (m.row, m.col, m.player.number())).collect();
    assert_eq!(history, model.history);
}
