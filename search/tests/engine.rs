//! One engine: the computer player gets the rules' answers from the core, under rule sets whose
//! winning lines differ from every usual game (two in a row on a long board, exactly two, exactly
//! three under gravity, k past a board of one word), with no line of search code knowing the
//! rule. The answers are checked against a brute-force grid that shares no code with either.

mod common;

use std::collections::HashMap;

use common::memo_minimax;
use tictactoe_core::{random, Game, Rules};
use tictactoe_search::{Computer, Options};

/// The rule sets: one long row with k = 2, free-style and exact (a third mark in a row is an
/// overline that does not win); exact three under gravity; a square past one word a player with
/// exact four (the search's positions, not its masks); k = 1 on a rectangle.
fn rule_sets() -> [Rules; 6] {
    let exact = |rules: Rules| Rules { exact: true, ..rules };
    [
        Rules::mnk(1, 12, 2),
        exact(Rules::mnk(1, 12, 2)),
        exact(Rules::mnk(2, 9, 2)),
        Rules { exact: true, gravity: true, ..Rules::mnk(4, 6, 3) },
        exact(Rules::mnk(9, 9, 4)),
        Rules::mnk(3, 5, 1),
    ]
}

/// The grid of a game: 0 empty, 1 X, 2 O.
fn grid(game: &Game) -> Vec<u8> {
    game.cells().collect()
}

/// Whether a mark of `p` on the free cell (r, c) of `grid` wins under `rules`, walked cell by
/// cell: in some direction the player's marks on both sides and the cell make k or more (exactly
/// k under the exact rule).
fn wins_at(rules: &Rules, grid: &[u8], r: usize, c: usize, p: u8) -> bool {
    let (rows, cols) = (rules.rows as isize, rules.cols as isize);
    let own = |r: isize, c: isize| {
        r >= 0 && c >= 0 && r < rows && c < cols && grid[(r * cols + c) as usize] == p
    };
    let (r, c) = (r as isize, c as isize);
    [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
        let walk = |s: isize| (1..).take_while(|&i| own(r + s * dr * i, c + s * dc * i)).count();
        let len = walk(-1) + 1 + walk(1);
        if rules.exact {
            len == rules.k
        } else {
            len >= rules.k
        }
    })
}

/// The cells a move may take on `grid`: free, and under gravity on the bottom row or a mark.
fn legal(rules: &Rules, grid: &[u8]) -> Vec<(usize, usize)> {
    let (rows, cols) = (rules.rows, rules.cols);
    (0..rows * cols)
        .filter(|&i| {
            grid[i] == 0 && (!rules.gravity || i + cols >= rows * cols || grid[i + cols] != 0)
        })
        .map(|i| (i / cols, i % cols))
        .collect()
}

/// Random positions of `rules` in progress, from random legal moves.
fn positions(rules: Rules, count: usize, state: &mut u64) -> Vec<Game> {
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(rules).unwrap();
        let stop = random::below(state, rules.cells() as u64) as usize;
        while !game.is_over() && game.marks() < stop {
            let moves: Vec<_> = game.legal_moves().collect();
            let (row, col) = moves[random::below(state, moves.len() as u64) as usize];
            game.play(row, col).unwrap();
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

/// The tree search (solving off) takes a win when the grid has one, and otherwise never leaves
/// the opponent a win next move when some move avoids it.
#[test]
fn the_tree_search_wins_and_defends_under_rules_it_does_not_know() {
    let mut computer = Computer::new();
    let mut state = 31;
    for rules in rule_sets() {
        for (i, game) in positions(rules, 40, &mut state).into_iter().enumerate() {
            let options = Options {
                simulations: 200,
                seed: i as u64,
                max_nodes: Some(0),
                ..Options::default()
            };
            let (row, col) = computer.best_move(&game, &options).unwrap();
            let grid = grid(&game);
            let (me, them) = (game.next_player().number(), game.next_player().opponent().number());
            let moves = legal(&rules, &grid);
            assert!(moves.contains(&(row, col)), "{rules:?}: ({row}, {col})\n{game}");
            let winning: Vec<_> =
                moves.iter().filter(|&&(r, c)| wins_at(&rules, &grid, r, c, me)).collect();
            if !winning.is_empty() {
                assert!(winning.contains(&&(row, col)), "{rules:?}: a win missed\n{game}");
                continue;
            }
            // After a move, whether the opponent then has a winning move.
            let loses = |(r, c): (usize, usize)| {
                let mut after = grid.clone();
                after[r * rules.cols + c] = me;
                legal(&rules, &after).iter().any(|&(r, c)| wins_at(&rules, &after, r, c, them))
            };
            if moves.iter().any(|&m| !loses(m)) {
                assert!(!loses((row, col)), "{rules:?}: ({row}, {col}) loses at once\n{game}");
            }
        }
    }
}

/// Solving (and so the computer's perfect moves) agrees with a plain minimax on the game itself
/// under the same rule sets, on positions near their ends.
#[test]
fn solving_gets_minimax_s_values_under_rules_it_does_not_know() {
    let mut computer = Computer::new();
    let mut state = 5;
    for rules in rule_sets() {
        for game in positions(rules, 30, &mut state) {
            if rules.cells() - game.marks() > 9 {
                continue;
            }
            let score = memo_minimax(&mut game.clone(), &mut HashMap::new());
            let solution = computer.solve(&game, u64::MAX).unwrap();
            assert_eq!(
                (solution.winner, solution.plies),
                common::outcome(&game, score),
                "{rules:?}\n{game}"
            );
        }
    }
}

/// No source file of the search names a rule: k, the exact rule and gravity are the core's.
#[test]
fn no_search_code_names_a_rule() {
    let mut folders = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path)
            } else {
                files.push(path)
            }
        }
    }
    assert!(files.iter().any(|path| path.ends_with("solve/masks.rs")), "subfolders are read");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        // The code, not its tests (which build rule sets to test with).
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for needle in [".gravity", ".exact", ".k ", ".k)", ".k,", ".k;", ".k()"] {
            let lines: Vec<_> = code
                .lines()
                .filter(|line| !line.trim_start().starts_with("//") && line.contains(needle))
                .collect();
            assert!(lines.is_empty(), "{} names a rule ({needle}): {lines:?}", path.display());
        }
    }
}
