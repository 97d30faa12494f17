//! The anytime search (`Computer::best_move_until`): its stop and its memory bound are
//! honoured, and without them it is `best_move`, whose moves are unchanged (the golden moves
//! below were taken from `best_move` before the anytime search existed).

use tictactoe_core::{Game, Rules};
use tictactoe_search::{Computer, Options, SolveOptions};

/// Games from a fixed opening: the position after each prefix of `moves` under `rules`.
fn positions(rules: Rules, moves: &[(usize, usize)]) -> Vec<Game> {
    let mut game = Game::new(rules).unwrap();
    let mut out = vec![game.clone()];
    for &(row, col) in moves {
        game.play(row, col).unwrap();
        out.push(game.clone());
    }
    out
}

const OPENING: [(usize, usize); 6] = [(7, 7), (7, 8), (8, 8), (6, 6), (9, 9), (6, 8)];

/// The three rule sets of the golden moves: free-style and exact-five gomoku on 15 x 15, and
/// free-style on 20 x 20 (Gomocup's boards).
fn rule_sets() -> [Rules; 3] {
    [Rules::GOMOKU, Rules { exact: true, ..Rules::GOMOKU }, Rules::mnk(20, 20, 5)]
}

/// `best_move`'s moves after each prefix of [`OPENING`], 300 simulations, seed 11, taken before
/// the anytime search was added: the refactoring changed no move.
const GOLDEN: [[(usize, usize); 7]; 3] = [
    [(7, 7), (7, 8), (9, 9), (9, 9), (5, 9), (6, 8), (9, 7)],
    [(7, 7), (6, 5), (5, 6), (8, 7), (5, 6), (8, 4), (8, 7)],
    [(10, 10), (7, 9), (5, 6), (10, 7), (6, 7), (4, 8), (8, 9)],
];

fn options(simulations: u32) -> Options {
    Options { simulations, seed: 11, ..Options::default() }
}

#[test]
fn best_move_is_unchanged_and_until_without_limits_is_best_move() {
    for (rules, golden) in rule_sets().into_iter().zip(GOLDEN) {
        let (mut plain, mut anytime) = (Computer::new(), Computer::new());
        for (game, expected) in positions(rules, &OPENING).iter().zip(golden) {
            assert_eq!(plain.best_move(game, &options(300)).unwrap(), expected, "{game}");
            let chosen = anytime.best_move_until(game, &options(300), None, &mut || false);
            assert_eq!(chosen.unwrap(), expected, "{game}");
            assert_eq!(anytime.simulations(), plain.simulations());
        }
    }
}

#[test]
fn a_stop_after_n_simulations_is_a_search_of_n() {
    for rules in rule_sets() {
        for game in positions(rules, &OPENING) {
            for n in [0u32, 1, 37, 250] {
                let mut computer = Computer::new();
                let mut asked = 0u32;
                let chosen = computer
                    .best_move_until(&game, &options(u32::MAX / 2), Some(1 << 26), &mut || {
                        asked += 1;
                        asked > n
                    })
                    .unwrap();
                // The tactics may leave one move (no search at all).
                let searched = computer.simulations();
                assert!(searched == n || searched == 0, "{searched} of {n}\n{game}");
                assert!(game.cell(chosen.0, chosen.1).unwrap().is_none(), "{game}");
                if n > 0 && searched == n {
                    let same = Computer::new().best_move(&game, &options(n)).unwrap();
                    assert_eq!(chosen, same, "{n}\n{game}");
                }
            }
        }
    }
}

#[test]
fn the_memory_bound_holds_and_stops_the_search() {
    let game = &positions(Rules::mnk(20, 20, 5), &OPENING)[4];
    let mut computer = Computer::new();
    // Unbounded in time, bounded in memory: the search ends on its own, within the bound.
    for max in [64 << 10, 256 << 10, 1 << 20] {
        let chosen = computer.best_move_until(game, &options(u32::MAX), Some(max), &mut || false);
        let (row, col) = chosen.unwrap();
        assert!(game.cell(row, col).unwrap().is_none());
        assert!(computer.tree_bytes() <= max, "{} > {max}", computer.tree_bytes());
        assert!(computer.simulations() > 0 && computer.simulations() < max as u32 / 44);
    }
    // A larger search first, then a smaller bound: the memory kept is let go.
    computer.best_move(game, &options(20_000)).unwrap();
    assert!(computer.tree_bytes() > 1 << 20);
    computer.best_move_until(game, &options(u32::MAX), Some(1 << 20), &mut || false).unwrap();
    assert!(computer.tree_bytes() <= 1 << 20, "{}", computer.tree_bytes());
}

#[test]
fn a_stop_ends_the_solve_of_a_perfect_move_and_the_move_is_the_tactics() {
    // Connect Four four plies in, the book off: a perfect move's solve runs to its budget of
    // 8 000 000 positions (about a second), unless stopped.
    let mut game = Game::new(Rules::CONNECT_FOUR).unwrap();
    for col in [3, 3, 2, 4] {
        game.drop(col).unwrap();
    }
    let options = Options { simulations: 200, book: false, ..Options::default() };
    let mut computer = Computer::new();
    let mut asked = 0u32;
    let chosen = computer
        .best_move_until(&game, &options, None, &mut || {
            asked += 1;
            asked > 2
        })
        .unwrap();
    // Asked twice by the solve (false), a third time by it (true), and never again: the tree
    // search after it is stopped at once (a stop answering true once is stopped for good).
    assert_eq!(asked, 3);
    assert_eq!(computer.simulations(), 0);
    assert!(game.legal_moves().any(|(row, col)| (row, col) == chosen), "{chosen:?}");
}

#[test]
fn a_stop_that_panics_leaves_the_computer_set_as_before() {
    let game = Game::new(Rules::CONNECT_FOUR).unwrap();
    let mut computer = Computer::new();
    let unbooked = SolveOptions { book: false, threads: 2, ..SolveOptions::default() };
    let mut asked = 0;
    let solving = core::panic::AssertUnwindSafe(|| {
        computer.solve_until(&game, &unbooked, &mut || {
            asked += 1;
            assert!(asked < 3, "the caller's stop panics");
            false
        })
    });
    assert!(std::panic::catch_unwind(solving).is_err());
    // The book is back on: the empty board is answered at once, within a budget of 1 000.
    assert!(computer.solve(&game, 1000).is_ok());
}
