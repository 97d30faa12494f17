//! Position validity against independent searches: every 3 x 3 grid against a breadth-first
//! search of the positions legal games reach, and random 4 x 4 grids against a backward search.

mod common;

extern crate alloc;

use alloc::collections::VecDeque;
use std::collections::{HashMap, HashSet};

use common::complete_lines;
use proptest::prelude::*;
use tictactoe_core::{validate_cells, Error, Game, Player, PositionError, Rules, Run, Status};

/// Every grid a legal 3 x 3 game reaches, found by playing every game breadth-first.
fn reachable_3x3() -> HashSet<Vec<u8>> {
    let start = vec![0u8; 9];
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some(grid) = queue.pop_front() {
        let over =
            !complete_lines(3, &grid, 1).is_empty() || !complete_lines(3, &grid, 2).is_empty();
        if over {
            continue;
        }
        let x = grid.iter().filter(|&&v| v == 1).count();
        let o = grid.iter().filter(|&&v| v == 2).count();
        let mover = if x == o { 1 } else { 2 };
        for i in 0..9 {
            if grid[i] == 0 {
                let mut next = grid.clone();
                next[i] = mover;
                if seen.insert(next.clone()) {
                    queue.push_back(next);
                }
            }
        }
    }
    seen
}

#[test]
fn every_3x3_grid_matches_breadth_first_search() {
    let reachable = reachable_3x3();
    assert_eq!(reachable.len(), 5478);
    let mut valid = 0;
    for code in 0..3usize.pow(9) {
        let grid: Vec<u8> = (0..9).map(|i| (code / 3usize.pow(i) % 3) as u8).collect();
        let verdict = validate_cells(3, &grid);
        assert_eq!(verdict.is_ok(), reachable.contains(&grid), "{grid:?}: {verdict:?}");
        let built = Game::from_cells(3, &grid);
        assert_eq!(built.as_ref().err(), verdict.err().as_ref());
        if let Ok(game) = built {
            valid += 1;
            // The built game answers like one that was played to this position.
            let winner = [1, 2].into_iter().find(|&p| !complete_lines(3, &grid, p).is_empty());
            assert_eq!(game.winner().map(Player::number), winner);
            let full = grid.iter().all(|&v| v != 0);
            let expected = match winner {
                Some(p) => Status::Won(Player::from_number(u32::from(p)).unwrap()),
                None if full => Status::Draw,
                None => Status::InProgress,
            };
            assert_eq!(game.status(), expected);
        }
    }
    assert_eq!(valid, 5478);
}

fn reason(cells: &[u8], n: usize) -> PositionError {
    match validate_cells(n, cells) {
        Err(Error::InvalidPosition(reason)) => reason,
        other => panic!("expected an invalid position, got {other:?}"),
    }
}

#[test]
fn each_reason_is_reported() {
    use PositionError::*;
    assert_eq!(reason(&[2, 0, 0, 0, 0, 0, 0, 0, 0], 3), BadCounts { x: 0, o: 1 });
    assert_eq!(reason(&[1, 1, 0, 0, 0, 0, 0, 0, 0], 3), BadCounts { x: 2, o: 0 });
    assert_eq!(reason(&[1, 1, 1, 2, 2, 2, 0, 0, 0], 3), BothWin);
    assert_eq!(reason(&[1, 1, 1, 2, 2, 0, 2, 0, 0], 3), WinnerNotLast { winner: Player::X });
    assert_eq!(reason(&[2, 2, 2, 1, 1, 0, 1, 0, 1], 3), WinnerNotLast { winner: Player::O });
    assert_eq!(reason(&[1, 1, 1, 0], 2), BadCounts { x: 3, o: 0 });
    assert_eq!(reason(&[1, 2, 0], 2), WrongShape { rows: 2, cols: 2, row: None, len: 3 });
    assert_eq!(reason(&[0, 3, 0, 0], 2), InvalidCell { row: 0, col: 1, value: 3 });
    // Two rows never share a cell: 5 x 5 with X owning rows 0 and 4 (10 X, 9 O).
    let two_rows = [
        1, 1, 1, 1, 1, //
        2, 2, 0, 2, 2, //
        2, 2, 0, 2, 2, //
        0, 2, 0, 0, 0, //
        1, 1, 1, 1, 1,
    ];
    assert_eq!(reason(&two_rows, 5), DisjointWinningLines { winner: Player::X });
    // 4 x 4, X owns both diagonals, which never cross on an even board.
    let diagonals = [
        1, 2, 2, 1, //
        2, 1, 1, 2, //
        2, 1, 1, 2, //
        1, 2, 0, 1,
    ];
    assert_eq!(reason(&diagonals, 4), DisjointWinningLines { winner: Player::X });
    // 5 x 5, X owns both diagonals: they cross at the centre, the winning move.
    let crossing = [
        1, 2, 2, 2, 1, //
        2, 1, 0, 1, 2, //
        0, 0, 1, 0, 0, //
        2, 1, 0, 1, 2, //
        1, 0, 0, 2, 1,
    ];
    let game = Game::from_cells(5, &crossing).unwrap();
    let lines: Vec<_> = game.winning_lines().map(|l| format!("{l:?}")).collect();
    assert_eq!(lines, ["Diagonal", "AntiDiagonal"]);
    assert_eq!(
        Game::from_rows(2, &["XO", "X"]),
        Err(WrongShape { rows: 2, cols: 2, row: Some(1), len: 1 }.into())
    );
    assert_eq!(
        Game::from_rows(2, &["X?", ".."]),
        Err(InvalidChar { row: 0, col: 1, found: '?' }.into())
    );
    assert_eq!(
        Game::from_rows(2, &["Xé", ".."]),
        Err(InvalidChar { row: 0, col: 1, found: 'é' }.into())
    );
    let none: [&str; 0] = [];
    assert_eq!(Game::from_rows(0, &none), Err(Error::InvalidSize { n: 0 }));
    assert_eq!(Game::from_cells(0, &[]), Err(Error::InvalidSize { n: 0 }));
}

#[test]
fn built_games_keep_their_position_and_continue() {
    let mut game = Game::from_rows(3, &["X. ", " O ", "  X"]).unwrap();
    assert!(game.has_starting_position());
    assert_eq!(game.undo(), Err(Error::NothingToUndo));
    assert_eq!(game.play(0, 1).unwrap(), None); // O's turn
    assert_eq!(game.undo().unwrap().player, Player::O);
    assert_eq!(game.to_string(), "X..\n.O.\n..X");
    // An empty position is just a new game.
    assert_eq!(Game::from_rows(2, &["..", ".."]).unwrap(), Game::new(2).unwrap());
}

fn grid_4x4() -> impl Strategy<Value = Vec<u8>> {
    // Mostly near-alternating counts, so that the deeper rules get exercised.
    prop::collection::vec(prop_oneof![3 => Just(1u8), 3 => Just(2u8), 1 => Just(0u8)], 16)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_4x4_grids_match_backward_search(grid in grid_4x4()) {
        let mut memo = HashMap::new();
        let expected = common::reachable(&Rules::tic_tac_toe(4), &grid, &mut memo);
        prop_assert_eq!(validate_cells(4, &grid).is_ok(), expected, "{:?}", grid);
    }
}

/// Every grid of every rule set on boards of up to 9 cells (1 x 1 to 3 x 3, 2 x 4, 4 x 2; every
/// k, exact or not, gravity or not): validation agrees with a backward search of the reachable
/// grids, a reachable grid builds a game with the same status as the model's, and the game's
/// winning runs are the model's.
#[test]
fn every_grid_of_every_small_rule_set_agrees_with_the_search() {
    let shapes =
        [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)];
    let mut checked = 0;
    for (rows, cols) in shapes {
        for k in 1..=usize::max(rows, cols) {
            for exact in [false, true] {
                for gravity in [false, true] {
                    let rules = Rules { rows, cols, k, exact, gravity };
                    let mut memo = HashMap::new();
                    let cells = rows * cols;
                    for code in 0..3usize.pow(cells as u32) {
                        let grid: Vec<u8> =
                            (0..cells).map(|i| (code / 3usize.pow(i as u32) % 3) as u8).collect();
                        let expected = common::reachable(&rules, &grid, &mut memo);
                        let built = Game::from_cells(rules, &grid);
                        assert_eq!(built.is_ok(), expected, "{rules:?} {grid:?}: {built:?}");
                        assert_eq!(validate_cells(rules, &grid).is_ok(), expected);
                        if let Ok(game) = built {
                            let mut model = common::Model::new(rules);
                            model.grid = grid.clone();
                            assert_eq!(common::number(game.winner()), model.winner());
                            let mut runs: Vec<_> = game.winning_runs().collect();
                            runs.sort();
                            let mut wanted = model.winning_runs();
                            wanted.sort();
                            assert_eq!(runs, wanted, "{rules:?} {grid:?}");
                            for run in &runs {
                                assert_run_cells(run, &grid, cols);
                            }
                            let text = game.text().to_string();
                            assert_eq!(text.parse::<Game>().unwrap(), game, "{text}");
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 100_000);
}

/// `run.cells()` walks the run on `grid` (`cols` wide): `run.len()` cells from its first to
/// its last, a step of the same one-cell move each time, every one the run's player's.
fn assert_run_cells(run: &Run, grid: &[u8], cols: usize) {
    let cells: Vec<(usize, usize)> = run.cells().collect();
    assert_eq!(cells.len(), run.len(), "{run:?}");
    assert_eq!((cells[0], cells[cells.len() - 1]), (run.first, run.last), "{run:?}");
    let step = |a: (usize, usize), b: (usize, usize)| {
        (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize)
    };
    let steps: Vec<(isize, isize)> = cells.windows(2).map(|w| step(w[0], w[1])).collect();
    assert!(steps.iter().all(|&s| s == steps[0] && s.0.abs() <= 1 && s.1.abs() <= 1), "{run:?}");
    let player = grid[run.first.0 * cols + run.first.1];
    assert!(cells.iter().all(|&(row, col)| grid[row * cols + col] == player), "{run:?}");
}
