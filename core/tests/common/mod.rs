//! A brute-force model of the game for the tests, under any rules: a full grid, every line
//! scanned on every question (no counters, no runs kept). It shares no code with the crate, so
//! the two can only agree by both being right.

#![allow(dead_code)] // each test binary uses a different part of the model

use std::collections::HashMap;

pub mod singles;

pub use tictactoe_core::ErrorKind as Kind;
use tictactoe_core::{Error, Game, Player, Rules, Run};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    pub rules: Rules,
    pub grid: Vec<u8>,
    pub history: Vec<(usize, usize, u8)>,
}

/// The four directions, (rows, cols) per step, in the crate's order.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Every maximal run of one player's marks on a grid of `rules`, with its player, by walking
/// from each cell that starts one.
pub fn all_runs(rules: &Rules, grid: &[u8]) -> Vec<(u8, Run)> {
    let (rows, cols) = (rules.rows as isize, rules.cols as isize);
    let at = |r: isize, c: isize| {
        if r < 0 || c < 0 || r >= rows || c >= cols {
            0
        } else {
            grid[(r * cols + c) as usize]
        }
    };
    let mut runs = Vec::new();
    for (dr, dc) in DIRECTIONS {
        for r in 0..rows {
            for c in 0..cols {
                let p = at(r, c);
                if p == 0 || at(r - dr, c - dc) == p {
                    continue;
                }
                let mut len = 1;
                while at(r + dr * len, c + dc * len) == p {
                    len += 1;
                }
                let last = ((r + dr * (len - 1)) as usize, (c + dc * (len - 1)) as usize);
                runs.push((p, Run { first: (r as usize, c as usize), last }));
            }
        }
    }
    runs
}

/// The winning runs of player p on the grid: maximal runs of k or more (exactly k under the
/// exact rule).
pub fn winning_runs(rules: &Rules, grid: &[u8], p: u8) -> Vec<Run> {
    all_runs(rules, grid)
        .into_iter()
        .filter(|&(owner, Run { first, last })| {
            // Counted here, not by the crate's Run::len: the model shares no code with it.
            let len = first.0.abs_diff(last.0).max(first.1.abs_diff(last.1)) + 1;
            owner == p && if rules.exact { len == rules.k } else { len >= rules.k }
        })
        .map(|(_, run)| run)
        .collect()
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
    /// An empty board under `rules` (a size n, or any rules), as `Game::new` takes them.
    pub fn new(rules: impl Into<Rules>) -> Model {
        let rules = rules.into();
        Model { rules, grid: vec![0; rules.rows * rules.cols], history: Vec::new() }
    }

    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.grid[r * self.rules.cols + c]
    }

    pub fn count(&self, p: u8) -> usize {
        self.grid.iter().filter(|&&v| v == p).count()
    }

    pub fn winner(&self) -> u8 {
        [1, 2]
            .into_iter()
            .find(|&p| !winning_runs(&self.rules, &self.grid, p).is_empty())
            .unwrap_or(0)
    }

    pub fn next_player(&self) -> u8 {
        if self.count(1) <= self.count(2) {
            1
        } else {
            2
        }
    }

    pub fn make_move(&mut self, r: usize, c: usize, p: u32) -> Result<u8, Kind> {
        if r >= self.rules.rows || c >= self.rules.cols {
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
        if self.rules.gravity && r + 1 < self.rules.rows && self.at(r + 1, c) == 0 {
            return Err(Kind::Floating);
        }
        self.grid[r * self.rules.cols + c] = p as u8;
        self.history.push((r, c, p as u8));
        Ok(self.winner())
    }

    pub fn play(&mut self, r: usize, c: usize) -> Result<u8, Kind> {
        let p = self.next_player();
        self.make_move(r, c, u32::from(p))
    }

    /// Connect Four's move: the lowest free cell of column c.
    pub fn drop(&mut self, c: usize) -> Result<(usize, u8), Kind> {
        if c >= self.rules.cols {
            return Err(Kind::OutOfBounds);
        }
        if self.winner() != 0 {
            return Err(Kind::GameOver);
        }
        let r = (0..self.rules.rows).rev().find(|&r| self.at(r, c) == 0).ok_or(Kind::ColumnFull)?;
        Ok((r, self.play(r, c)?))
    }

    pub fn undo(&mut self) -> Result<(usize, usize, u8), Kind> {
        let (r, c, p) = self.history.pop().ok_or(Kind::NothingToUndo)?;
        self.grid[r * self.rules.cols + c] = 0;
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

    /// Whether some k cells in a row hold no mark of p's opponent, with a move left to make.
    pub fn can_win(&self, p: u8) -> bool {
        let w = self.winner();
        if w != 0 {
            return w == p;
        }
        if self.grid.iter().all(|&v| v != 0) {
            return false;
        }
        let (rows, cols, k) =
            (self.rules.rows as isize, self.rules.cols as isize, self.rules.k as isize);
        let opponent = 3 - p;
        DIRECTIONS.iter().any(|&(dr, dc)| {
            (0..rows).any(|r| {
                (0..cols).any(|c| {
                    (0..k).all(|i| {
                        let (r, c) = (r + dr * i, c + dc * i);
                        r >= 0
                            && c >= 0
                            && r < rows
                            && c < cols
                            && self.at(r as usize, c as usize) != opponent
                    })
                })
            })
        })
    }

    /// The whole lines of the winner, for n in a row on n x n (gravity or not); none
    /// otherwise.
    pub fn winning_lines(&self) -> Vec<String> {
        let Rules { rows, cols, k, .. } = self.rules;
        match self.winner() {
            w if w != 0 && rows == cols && k == rows => complete_lines(rows, &self.grid, w),
            _ => Vec::new(),
        }
    }

    pub fn winning_runs(&self) -> Vec<Run> {
        match self.winner() {
            0 => Vec::new(),
            w => winning_runs(&self.rules, &self.grid, w),
        }
    }

    /// The cells a move may take: free, and under gravity on the bottom row or on a mark.
    pub fn legal_moves(&self) -> Vec<(usize, usize)> {
        let (rows, cols) = (self.rules.rows, self.rules.cols);
        (0..rows * cols)
            .map(|cell| (cell / cols, cell % cols))
            .filter(|&(r, c)| {
                self.winner() == 0
                    && self.at(r, c) == 0
                    && (!self.rules.gravity || r + 1 == rows || self.at(r + 1, c) != 0)
            })
            .collect()
    }

    pub fn rows(&self) -> Vec<String> {
        (0..self.rules.rows)
            .map(|r| {
                (0..self.rules.cols).map(|c| ['.', 'X', 'O'][self.at(r, c) as usize]).collect()
            })
            .collect()
    }
}

/// Whether a grid of `rules` is reachable by a legal game (X first, alternating, every move
/// legal, nobody moves after a win), by searching backwards for a last move; memoized.
pub fn reachable(rules: &Rules, grid: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&known) = memo.get(grid) {
        return known;
    }
    let (rows, cols) = (rules.rows, rules.cols);
    let x = grid.iter().filter(|&&v| v == 1).count();
    let o = grid.iter().filter(|&&v| v == 2).count();
    let floating =
        rules.gravity && (0..(rows - 1) * cols).any(|i| grid[i] != 0 && grid[i + cols] == 0);
    let answer = if floating {
        false
    } else if x + o == 0 {
        true
    } else if x != o && x != o + 1 {
        false
    } else {
        let last = if x == o + 1 { 1 } else { 2 };
        // Under gravity the last move is on top of its column.
        (0..rows * cols)
            .filter(|&i| grid[i] == last && (!rules.gravity || i < cols || grid[i - cols] == 0))
            .any(|i| {
                let mut before = grid.to_vec();
                before[i] = 0;
                // Nobody may have won before the last move.
                winning_runs(rules, &before, 1).is_empty()
                    && winning_runs(rules, &before, 2).is_empty()
                    && reachable(rules, &before, memo)
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
    let (rows, cols) = (model.rules.rows, model.rules.cols);
    assert_eq!(game.rules(), model.rules);
    assert_eq!((game.rows(), game.cols()), (rows, cols));
    assert_eq!(game.n(), (rows == cols).then_some(rows));
    for r in 0..rows {
        for c in 0..cols {
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
    let legal = model.legal_moves();
    assert_eq!(game.legal_moves().collect::<Vec<_>>(), legal);
    // By action: the columns with room under gravity, else the free cells' indices.
    let mut actions: Vec<u32> = legal
        .iter()
        .map(|&(r, c)| if model.rules.gravity { c as u32 } else { (r * cols + c) as u32 })
        .collect();
    actions.sort_unstable();
    assert_eq!(game.legal_actions().collect::<Vec<_>>(), actions);
    assert_eq!(game.action_count(), if model.rules.gravity { cols } else { rows * cols });
    for &(r, c) in &legal {
        let action = game.action_at(r, c).unwrap();
        assert_eq!(
            game.action_at(r, c),
            Ok(if model.rules.gravity { c } else { r * cols + c } as u32)
        );
        assert!(action < game.action_count() as u32);
    }
    assert_eq!(game.legal_move_count(), legal.len());
    let lines: Vec<String> = game.winning_lines().map(|l| format!("{l:?}")).collect();
    assert_eq!(lines, model.winning_lines());
    let mut runs: Vec<Run> = game.winning_runs().collect();
    runs.sort();
    let mut expected = model.winning_runs();
    expected.sort();
    assert_eq!(runs, expected);
    let history: Vec<_> = game.history().map(|m| (m.row, m.col, m.player.number())).collect();
    assert_eq!(history, model.history);
}
