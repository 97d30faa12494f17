//! The solver against plain minimax: every 3 x 3 position, 4 x 4 endgames, random positions of
//! small rule sets of the whole family, the family's known values, and self-play that wins in
//! the number of plies solved.

mod common;

use std::collections::HashMap;
use std::time::Instant;

use common::{memo_minimax, minimax, outcome, reachable};
use proptest::prelude::*;
use tictactoe_core::{random, Error, Game, Player, Rules, Status};
use tictactoe_search::{Computer, SearchError, Solution, SolveOptions, Solver};

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
    let draw = Game::from_rows(3, &["XOX", "XOO", "OXX"]).unwrap();
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
    // Every move's solves share one budget, and its refusal names the budget given.
    assert_eq!(solver.analyze(&game, 100), Err(SearchError::BudgetExceeded { max_nodes: 100 }));
    assert_eq!(solver.analyze(&game, u64::MAX).unwrap().len(), 16);
    // A refusal's count is the sum of every move's, the refused one's included: one past the
    // budget, as a refused solve's is.
    let mut fresh = Solver::new();
    fresh.analyze(&game, u64::MAX).unwrap();
    let all = fresh.nodes();
    let mut short = Solver::new();
    assert_eq!(
        short.analyze(&game, all - 1),
        Err(SearchError::BudgetExceeded { max_nodes: all - 1 })
    );
    assert_eq!(short.nodes(), all);
}

/// A solve asked to stop after `asks` questions: it stops at the next, after `1 024 * (asks +
/// 1)` positions, as an exhausted budget (a perfect move's and an analysis's too), and what
/// the solver kept leaves the next solve's answer as a fresh solver's.
fn stopped_after(solver: &mut Solver, game: &Game, asks: u32) {
    let mut asked = 0;
    let stopped = solver.solve_until(game, u64::MAX, &mut || {
        asked += 1;
        asked > asks
    });
    assert_eq!(stopped, Err(SearchError::BudgetExceeded { max_nodes: u64::MAX }), "{game}");
    assert_eq!(asked, asks + 1);
    assert_eq!(solver.nodes(), 1024 * u64::from(asks + 1));
    let mut asked = 0;
    let moved = solver.perfect_move_until(game, u64::MAX, &mut || {
        asked += 1;
        asked > asks
    });
    assert_eq!(moved, Err(SearchError::BudgetExceeded { max_nodes: u64::MAX }), "{game}");
    assert_eq!(solver.nodes(), 1024 * u64::from(asks + 1));
    // Every move's solves share the questions, as they share the budget.
    let mut asked = 0;
    let analyzed = solver.analyze_until(game, u64::MAX, &mut || {
        asked += 1;
        asked > asks
    });
    assert_eq!(analyzed, Err(SearchError::BudgetExceeded { max_nodes: u64::MAX }), "{game}");
    assert_eq!(asked, asks + 1);
}

#[test]
fn a_stop_ends_a_solve_on_either_search_and_a_stop_never_taken_changes_nothing() {
    // The search on positions (4 x 4, about 16 000 positions) and the search on masks (a
    // Connect Four position of Pons' Middle-Medium set, 57273664732271755: about 22 000).
    let four = Game::new(4).unwrap();
    let mut connect = Game::new(Rules::CONNECT_FOUR).unwrap();
    for col in [4, 6, 1, 6, 2, 5, 5, 3, 6, 2, 1, 1, 6, 0, 6, 4, 4] {
        connect.drop(col).unwrap();
    }
    for game in [&four, &connect] {
        let mut solver = Solver::new();
        solver.set_book(false);
        for asks in [0, 2] {
            stopped_after(&mut solver, game, asks);
        }
        let mut fresh = Solver::new();
        fresh.set_book(false);
        let solution = fresh.solve(game, u64::MAX).unwrap();
        let nodes = fresh.nodes();
        assert!(nodes > 3 * 1024, "{nodes}");
        assert_eq!(solver.solve(game, u64::MAX).unwrap(), solution, "{game}");
        // Never stopped: the plain solve's answer and positions, from a fresh solver.
        let mut again = Solver::new();
        again.set_book(false);
        let mut asked = 0u64;
        let unstopped = again.solve_until(game, u64::MAX, &mut || {
            asked += 1;
            false
        });
        assert_eq!(unstopped.unwrap(), solution, "{game}");
        assert_eq!(again.nodes(), nodes);
        assert_eq!(asked, nodes / 1024);
    }
}

#[test]
fn a_stop_ends_a_solve_on_a_table_of_whole_keys() {
    let game = Game::new(Rules::CONNECT_FOUR).unwrap();
    let mut solver = Solver::new();
    solver.set_book(false);
    // Too few entries for keys in parts: the table of whole keys.
    solver.set_table_entries(2000);
    stopped_after(&mut solver, &game, 1);
}

#[test]
fn a_stop_that_panics_on_several_threads_passes_its_panic_on() {
    let (sent, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let game = Game::new(Rules::CONNECT_FOUR).unwrap();
        let mut solver = Solver::new();
        solver.set_book(false);
        solver.set_threads(2);
        let mut asked = 0;
        let solving = core::panic::AssertUnwindSafe(|| {
            solver.solve_until(&game, u64::MAX, &mut || {
                asked += 1;
                assert!(asked < 3, "the caller's stop panics");
                false
            })
        });
        sent.send(std::panic::catch_unwind(solving).is_err()).unwrap();
    });
    // Its helpers told the main search was done only once it returned, the solve waited for
    // them: minutes.
    let unwound = received.recv_timeout(core::time::Duration::from_secs(60));
    assert_eq!(unwound, Ok(true));
}

#[test]
fn a_stop_ends_a_solve_on_several_threads() {
    let game = Game::new(Rules::CONNECT_FOUR).unwrap();
    let mut solver = Solver::new();
    solver.set_book(false);
    solver.set_threads(3);
    // The empty board takes minutes: stopped, it ends, its helpers with it.
    stopped_after(&mut solver, &game, 5);
}

#[test]
fn a_finished_game_has_no_move_to_analyze() {
    let mut game = Game::new(3).unwrap();
    game.play_all([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]).unwrap();
    assert_eq!(Solver::new().analyze(&game, u64::MAX), Ok(vec![]));
}

/// Connect Four's endgames (the search on masks, and its table kept from one to the next)
/// against minimax, reached by moves that do not end the game (random ones mostly do: 7 of
/// 48 positions so reached were still open). Past 12 empty cells the search first looks each
/// move up in the table (enhanced transposition cutoffs), which those of 14 and 16 check.
#[test]
fn connect_four_endgames_match_minimax() {
    let mut solver = Solver::new();
    let mut state = 42;
    let mut checked = 0;
    for empties in [4, 8, 10, 12, 14, 16] {
        for _ in 0..8 {
            let game = quiet_position(Rules::CONNECT_FOUR, empties, &mut state);
            if !game.is_over() {
                check_against_memo_minimax(&mut solver, &game);
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} positions were still open");
}

/// Endgames of Connect Four's board under the exact rule (the search on masks) against
/// minimax: reached by random moves that do not end the game, so that the positions are full
/// of the runs a mark would make too long.
#[test]
fn exact_gravity_endgames_match_minimax() {
    let mut state = 48;
    let three = Rules { k: 3, ..Rules::CONNECT_FOUR };
    for rules in [exact(Rules::CONNECT_FOUR), exact(three)] {
        assert!(Solver::on_masks(&Game::new(rules).unwrap()), "{rules:?}");
        let mut solver = Solver::new();
        for empties in [4, 8, 10, 12] {
            for _ in 0..16 {
                let game = quiet_position(rules, empties, &mut state);
                if !game.is_over() {
                    check_against_memo_minimax(&mut solver, &game);
                }
            }
        }
    }
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

/// The value of the empty board under `rules`, printed with the time it took.
fn solve_empty(rules: Rules) -> Solution {
    let game = Game::new(rules).unwrap();
    let mut solver = Solver::new();
    let start = Instant::now();
    let solution = solver.solve(&game, u64::MAX).unwrap();
    println!(
        "{} x {}, k = {}{}{}: {solution:?}, {} positions, {:.3} s",
        rules.rows,
        rules.cols,
        rules.k,
        if rules.exact { ", exact" } else { "" },
        if rules.gravity { ", gravity" } else { "" },
        solver.nodes(),
        start.elapsed().as_secs_f64()
    );
    solution
}

const fn gravity(rules: Rules) -> Rules {
    Rules { gravity: true, ..rules }
}

const fn exact(rules: Rules) -> Rules {
    Rules { exact: true, ..rules }
}

/// The m,n,k-game literature's values (rows x cols; under gravity the orientation matters:
/// 4 rows of 3 columns is the draw, 3 rows of 4 columns a win for X).
#[test]
fn the_family_s_known_values_come_out() {
    let draw = |plies| Solution { winner: None, plies };
    let x_wins = |plies| Solution { winner: Some(Player::X), plies };
    let known = [
        (Rules::tic_tac_toe(3), draw(9)),
        (Rules::mnk(3, 4, 3), x_wins(7)),
        (Rules::mnk(4, 3, 3), x_wins(7)),
        (Rules::mnk(4, 4, 3), x_wins(5)),
        (Rules::mnk(4, 4, 4), draw(16)),
        (Rules::mnk(5, 5, 4), draw(25)),
        (gravity(Rules::mnk(4, 3, 3)), draw(12)),
        (gravity(Rules::mnk(3, 4, 3)), x_wins(9)),
        (gravity(Rules::mnk(4, 4, 3)), x_wins(9)),
        (exact(Rules::mnk(3, 5, 3)), x_wins(7)),
        (exact(Rules::mnk(5, 3, 3)), x_wins(7)),
    ];
    for (rules, expected) in known {
        assert_eq!(solve_empty(rules), expected, "{rules:?}");
    }
}

/// Without gravity a board and its transpose play the same game: rows become columns and the
/// diagonals stay diagonals.
#[test]
fn a_board_and_its_transpose_have_one_value() {
    for (rows, cols, k) in [(2, 5, 2), (3, 5, 3), (3, 6, 3), (4, 5, 4), (2, 7, 3), (1, 6, 3)] {
        for exact in [false, true] {
            let rules = Rules { exact, ..Rules::mnk(rows, cols, k) };
            let transposed = Rules { rows: cols, cols: rows, ..rules };
            assert_eq!(solve_empty(rules), solve_empty(transposed), "{rules:?}");
        }
    }
}

/// Random legal moves under `rules` from the empty board until `empties` cells are left (or
/// the game ends), drawn from `state`.
fn random_family_position(rules: Rules, empties: usize, state: &mut u64) -> Game {
    let mut game = Game::new(rules).unwrap();
    while !game.is_over() && rules.cells() - game.marks() > empties {
        let moves: Vec<(usize, usize)> = game.legal_moves().collect();
        let (row, col) = moves[random::below(state, moves.len() as u64) as usize];
        game.play(row, col).unwrap();
    }
    game
}

/// Random legal moves under `rules` that do not end the game (any, where each does) from the
/// empty board until `empties` cells are left (or the game ends), drawn from `state`.
fn quiet_position(rules: Rules, empties: usize, state: &mut u64) -> Game {
    let mut game = Game::new(rules).unwrap();
    while !game.is_over() && rules.cells() - game.marks() > empties {
        let all: Vec<(usize, usize)> = game.legal_moves().collect();
        let quiet: Vec<(usize, usize)> = all
            .iter()
            .copied()
            .filter(|&(row, col)| {
                let mut after = game.clone();
                after.play(row, col).unwrap();
                !after.is_over()
            })
            .collect();
        let moves = if quiet.is_empty() { all } else { quiet };
        let (row, col) = moves[random::below(state, moves.len() as u64) as usize];
        game.play(row, col).unwrap();
    }
    game
}

/// The score of `game`'s position after `row, col` from the side that played it, by minimax
/// remembering positions in `memo`.
fn memo_score_after(game: &Game, row: usize, col: usize, memo: &mut HashMap<Vec<u8>, i32>) -> i32 {
    let mut child = game.clone();
    match child.play(row, col).unwrap() {
        Some(_) => common::WIN - 1,
        None if child.is_over() => 0,
        None => {
            let score = memo_minimax(&mut child, memo);
            -score + score.signum()
        }
    }
}

fn check_against_memo_minimax(solver: &mut Solver, game: &Game) {
    let mut memo = HashMap::new();
    let score = memo_minimax(&mut game.clone(), &mut memo);
    let (winner, plies) = outcome(game, score);
    let expected = Solution { winner, plies };
    assert_eq!(solver.solve(game, u64::MAX).unwrap(), expected, "solve {:?}\n{game}", game.rules());
    let perfect = solver.perfect_move(game, u64::MAX).unwrap();
    assert_eq!(perfect.solution, expected, "perfect_move's solution\n{game}");
    let after = memo_score_after(game, perfect.row, perfect.col, &mut memo);
    assert_eq!(after, score, "the move keeps the value {:?}\n{game}", game.rules());
    // Every move's value, plies counted from the position given.
    let values = solver.analyze(game, u64::MAX).unwrap();
    let moves: Vec<(usize, usize)> = values.iter().map(|v| (v.row, v.col)).collect();
    assert_eq!(moves, game.legal_moves().collect::<Vec<_>>());
    for value in values {
        let (winner, plies) =
            outcome(game, memo_score_after(game, value.row, value.col, &mut memo));
        assert_eq!(value.solution, Solution { winner, plies }, "analyze {value:?}\n{game}");
    }
}

/// The solver against a plain minimax (remembering positions, no pruning, no symmetry) on
/// random reachable positions of small rule sets of every kind.
#[test]
fn small_rule_sets_match_minimax_on_random_positions() {
    let mut solver = Solver::new();
    let mut state = 2026;
    let rule_sets = [
        Rules::mnk(3, 4, 3),
        Rules::mnk(4, 3, 3),
        Rules::mnk(2, 6, 3),
        Rules::mnk(4, 4, 3),
        exact(Rules::mnk(3, 5, 3)),
        exact(Rules::mnk(4, 4, 2)),
        exact(Rules::mnk(1, 9, 3)),
        gravity(Rules::mnk(4, 3, 3)),
        gravity(Rules::mnk(3, 4, 3)),
        gravity(Rules::mnk(4, 4, 3)),
        gravity(Rules::mnk(4, 5, 4)),
        gravity(exact(Rules::mnk(3, 5, 2))),
        gravity(exact(Rules::mnk(4, 4, 3))),
        gravity(exact(Rules::mnk(4, 5, 3))),
        gravity(exact(Rules::mnk(5, 4, 2))),
        gravity(Rules::tic_tac_toe(4)),
        Rules::tic_tac_toe(4),
    ];
    for rules in rule_sets {
        for _ in 0..40 {
            let empties = 1 + random::below(&mut state, 12) as usize;
            let game = random_family_position(rules, empties, &mut state);
            if !game.is_over() {
                check_against_memo_minimax(&mut solver, &game);
            }
        }
    }
}

/// Every reachable position of tiny rule sets (k = 1 and 2, single rows and columns, gravity
/// on a square) against minimax.
#[test]
fn every_position_of_tiny_rule_sets_matches_minimax() {
    let mut solver = Solver::new();
    for rules in [
        Rules::mnk(2, 3, 1),
        Rules::mnk(2, 3, 2),
        Rules::mnk(3, 3, 2),
        Rules::mnk(1, 5, 2),
        Rules::mnk(5, 1, 3),
        exact(Rules::mnk(2, 4, 2)),
        gravity(Rules::mnk(3, 3, 2)),
        gravity(Rules::tic_tac_toe(3)),
        gravity(exact(Rules::mnk(2, 4, 2))),
    ] {
        for game in reachable(Game::new(rules).unwrap()) {
            check_against_memo_minimax(&mut solver, &game);
        }
    }
}

/// Both sides playing the solver's moves under the family's rules reach the solved result in
/// the solved number of plies.
#[test]
fn perfect_self_play_ends_as_solved_under_the_family_s_rules() {
    let mut state = 9;
    for rules in [Rules::mnk(4, 5, 3), gravity(Rules::mnk(5, 5, 4)), exact(Rules::mnk(4, 4, 3))] {
        for _ in 0..10 {
            let mut game = random_family_position(rules, 12, &mut state);
            if game.is_over() {
                continue;
            }
            let mut solver = Solver::new();
            let solution = solver.solve(&game, u64::MAX).unwrap();
            let mut plies = 0;
            while !game.is_over() {
                let perfect = solver.perfect_move(&game, u64::MAX).unwrap();
                assert_eq!(perfect.solution.winner, solution.winner);
                assert_eq!(perfect.solution.plies, solution.plies - plies);
                game.play(perfect.row, perfect.col).unwrap();
                plies += 1;
            }
            assert_eq!((game.winner(), plies), (solution.winner, solution.plies));
        }
    }
}

/// Connect Four (without its book) and gomoku do not fit a small budget: refused, not guessed.
#[test]
fn large_rule_sets_are_refused_past_the_budget() {
    let mut solver = Solver::new();
    solver.set_book(false);
    for rules in [Rules::CONNECT_FOUR, Rules::GOMOKU, exact(Rules::GOMOKU)] {
        let game = Game::new(rules).unwrap();
        assert_eq!(
            solver.solve(&game, 10_000),
            Err(SearchError::BudgetExceeded { max_nodes: 10_000 })
        );
    }
    // A board of 90 000 cells is refused for its budget, not for its memory.
    let huge = Game::new(300).unwrap();
    assert_eq!(solver.solve(&huge, 1_000), Err(SearchError::BudgetExceeded { max_nodes: 1_000 }));
    // Connect Four with 18 empty cells is solved.
    let mut state = 4;
    let game = loop {
        let game = random_family_position(Rules::CONNECT_FOUR, 18, &mut state);
        if !game.is_over() {
            break game;
        }
    };
    let solution = solver.solve(&game, 1_000_000).unwrap();
    assert!(solver.nodes() <= 1_000_000);
    let perfect = solver.perfect_move(&game, 1_000_000).unwrap();
    assert_eq!(perfect.solution, solution);
}

/// Threads sharing the table give the value one thread gives, and a budget still refuses. A
/// count of threads no machine has (as C's `uint32_t` or Python's int may give) runs a few a
/// core, and finishes.
#[test]
fn threads_share_the_table_and_give_the_same_values() {
    let mut state = 77;
    let mut one = Solver::new();
    for _ in 0..4 {
        let game = random_family_position(Rules::CONNECT_FOUR, 42 - 16, &mut state);
        if game.is_over() {
            continue;
        }
        let expected = one.solve(&game, u64::MAX).unwrap();
        for threads in [2, 3, u32::MAX as usize, usize::MAX] {
            let mut many = Solver::new();
            many.set_threads(threads);
            assert_eq!(many.solve(&game, u64::MAX).unwrap(), expected, "{threads} threads\n{game}");
            assert_eq!(many.perfect_move(&game, u64::MAX).unwrap().solution, expected);
        }
    }
    // Through the player: a table of the fewest entries, one that cannot be had (refused, the
    // player's own size back after), and the player's solve after both.
    let game = random_family_position(Rules::CONNECT_FOUR, 42 - 16, &mut state);
    if !game.is_over() {
        let expected = one.solve(&game, u64::MAX).unwrap();
        let mut computer = Computer::new();
        let small = SolveOptions { table_entries: Some(1021), ..SolveOptions::default() };
        assert_eq!(computer.solve_with(&game, &small), Ok(expected));
        let huge = SolveOptions { table_entries: Some(usize::MAX / 4), ..SolveOptions::default() };
        assert_eq!(computer.solve_with(&game, &huge), Err(SearchError::Game(Error::AllocFailed)));
        assert_eq!(computer.solve(&game, u64::MAX), Ok(expected));
    }
    let mut many = Solver::new();
    many.set_threads(2);
    many.set_book(false);
    let empty = Game::new(Rules::CONNECT_FOUR).unwrap();
    assert_eq!(many.solve(&empty, 1_000), Err(SearchError::BudgetExceeded { max_nodes: 1_000 }));
}

/// After `forget`, a solve visits what a fresh solver's does: the same positions, so the same
/// budget suffices or not, whatever was solved before (a warm table visits fewer).
#[test]
fn a_forgetting_solver_visits_what_a_fresh_one_does() {
    // A middle game (17 moves in) and the positions after each of its moves.
    let mut positions = Vec::new();
    for line in [[4, 6, 1, 6, 2, 5, 5, 3, 6, 2, 1, 1, 6, 0, 6, 4, 4]] {
        let mut game = Game::new(Rules::CONNECT_FOUR).unwrap();
        for col in line {
            game.drop(col).unwrap();
        }
        for col in 0..7 {
            let mut child = game.clone();
            if child.drop(col).is_ok() && !child.is_over() {
                positions.push(child);
            }
        }
        positions.push(game);
    }
    let mut warm = Solver::new();
    let mut fewer = 0;
    for game in &positions {
        let mut fresh = Solver::new();
        let expected = fresh.solve(game, u64::MAX).unwrap();
        let visited = fresh.nodes();
        // Warmed by the position before and this one, then emptied.
        warm.solve(game, u64::MAX).unwrap();
        fewer += usize::from(warm.nodes() < visited);
        warm.forget();
        assert_eq!(warm.solve(game, u64::MAX).unwrap(), expected);
        assert_eq!(warm.nodes(), visited, "{game}");
        if let Some(less) = visited.checked_sub(1) {
            warm.forget();
            assert_eq!(
                warm.solve(game, less),
                Err(SearchError::BudgetExceeded { max_nodes: less })
            );
        }
    }
    assert!(fewer > 0, "a warm table saves positions");
}
