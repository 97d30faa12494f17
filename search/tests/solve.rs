//! The solver against plain minimax: every 3 x 3 position, 4 x 4 endgames, and self-play that
//! wins in the number of plies solved.

mod common;

use common::{minimax, outcome, reachable};
use proptest::prelude::*;
use tictactoe_core::{Game, Status};
use tictactoe_search::{SearchError, Solution, Solver};

/// The value after `row, col` from the mover's side, by minimax.
fn value_of_move(game: &Game, row: usize, col: usize) -> i32 {
    let mut child = game.clone();
    let n = child.rows();
    match child.play(row, col).unwrap() {
        Some(_) => common::WIN - 1,
        None if child.marks() == n * n => 0,
        None => {
            let score = minimax(&mut child);
            -score + score.signum()
        }
    }
}

fn check_against_minimax(solver: &mut Solver, game: &Game) {
    let score = minimax(&mut game.clone());
    let (winner, plies) = outcome(game, score);
    let expected = Solution { winner, plies };
    assert_eq!(solver.solve(game, u64::MAX).unwrap(), expected, "solve\n{game}");
    let perfect = solver.perfect_move(game, u64::MAX).unwrap();
    assert_eq!(perfect.solution, expected, "perfect_move's solution\n{game}");
    assert_eq!(
        value_of_move(game, perfect.row, perfect.col),
        score,
        "the move keeps the value\n{game}"
    );
}

#[test]
fn every_reachable_3x3_position_matches_minimax() {
    let positions = reachable(Game::new(3).unwrap());
    assert_eq!(positions.len(), 4520);
    let mut solver = Solver::new();
    for game in &positions {
        check_against_minimax(&mut solver, game);
    }
}

#[test]
fn small_boards_match_minimax() {
    let mut solver = Solver::new();
    for n in 1..=2 {
        for game in reachable(Game::new(n).unwrap()) {
            check_against_minimax(&mut solver, &game);
        }
    }
}

#[test]
fn the_empty_4x4_board_is_a_draw() {
    let solution = Solver::new().solve(&Game::new(4).unwrap(), u64::MAX).unwrap();
    assert_eq!(solution, Solution { winner: None, plies: 16 });
}

#[test]
fn a_finished_game_is_solved_as_it_stands_and_has_no_move() {
    let mut game = Game::new(3).unwrap();
    game.play_all([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]).unwrap();
    let mut solver = Solver::new();
    let solution = solver.solve(&game, 0).unwrap();
    assert_eq!(solution, Solution { winner: game.winner(), plies: 0 });
    assert_eq!(
        solver.perfect_move(&game, u64::MAX),
        Err(SearchError::GameOver { winner: game.winner() })
    );
    let draw = Game::from_rows(&["XOX", "XOO", "OXX"]).unwrap();
    assert_eq!(solver.solve(&draw, 0).unwrap(), Solution { winner: None, plies: 0 });
    assert_eq!(solver.perfect_move(&draw, 0), Err(SearchError::GameOver { winner: None }));
}

#[test]
fn a_budget_too_small_is_refused_and_the_next_solve_is_unaffected() {
    let game = Game::new(4).unwrap();
    let mut solver = Solver::new();
    assert_eq!(solver.solve(&game, 100), Err(SearchError::BudgetExceeded { max_nodes: 100 }));
    assert_eq!(solver.nodes(), 101);
    let solution = solver.solve(&game, u64::MAX).unwrap();
    let nodes = solver.nodes();
    assert_eq!(solver.solve(&game, nodes).unwrap(), solution);
    assert!(solver.solve(&game, nodes - 1).is_err());
}

/// Plays random legal moves from the empty board until `empties` cells are left (or the game
/// ends), following `choices`.
fn random_position(n: usize, empties: usize, choices: &[usize]) -> Game {
    let mut game = Game::new(n).unwrap();
    for &choice in choices {
        if game.status() != Status::InProgress || n * n - game.marks() <= empties {
            break;
        }
        let moves: Vec<(usize, usize)> = game.legal_moves().collect();
        let (row, col) = moves[choice % moves.len()];
        game.play(row, col).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn endgames_4x4_match_minimax(choices in prop::collection::vec(0usize..64, 16), empties in 1usize..=8) {
        let game = random_position(4, empties, &choices);
        prop_assume!(game.status() == Status::InProgress);
        check_against_minimax(&mut Solver::new(), &game);
    }

    /// Both sides playing the solver's moves reach the solved result in the solved number of
    /// plies, from positions built from cells as much as from played ones.
    #[test]
    fn perfect_self_play_ends_as_solved(choices in prop::collection::vec(0usize..64, 16), empties in 4usize..=12) {
        let played = random_position(4, empties, &choices);
        prop_assume!(played.status() == Status::InProgress);
        let cells: Vec<u8> = played.cells().collect();
        let mut game = Game::from_cells(4, &cells).unwrap();
        let mut solver = Solver::new();
        let solution = solver.solve(&game, u64::MAX).unwrap();
        let mut plies = 0;
        while game.status() == Status::InProgress {
            let perfect = solver.perfect_move(&game, u64::MAX).unwrap();
            prop_assert_eq!(perfect.solution.winner, solution.winner);
            prop_assert_eq!(perfect.solution.plies, solution.plies - plies);
            game.play(perfect.row, perfect.col).unwrap();
            plies += 1;
        }
        prop_assert_eq!(game.winner(), solution.winner);
        prop_assert_eq!(plies, solution.plies);
    }
}
