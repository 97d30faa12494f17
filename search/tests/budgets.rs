//! Perfect play within budgets: Connect Four off the book, move by move against the solver, and
//! budgeted moves that never depend on what the player solved before.

mod common;

use common::random_move;
use tictactoe_core::{Game, Rules};
use tictactoe_search::{Computer, Options, Solution, SolveOptions, Solver};

/// Connect Four off the book, from its 12th move on (the solver on masks within its default
/// budget): every move keeps the position's value, the fastest win and the slowest loss; with
/// `perfect: false` the move is the tree search's, as with no budget at all.
#[test]
fn connect_four_off_the_book_is_played_perfectly() {
    let (mut computer, mut solver, mut state) = (Computer::new(), Solver::new(), 31);
    for played in [12, 18, 26, 34] {
        for _ in 0..3 {
            let mut game = Game::new(Rules::CONNECT_FOUR).unwrap();
            while game.marks() < played && !game.is_over() {
                let (row, col) = random_move(&game, &mut state);
                game.play(row, col).unwrap();
            }
            if game.is_over() {
                continue;
            }
            let solution = solver.solve(&game, u64::MAX).unwrap();
            let (row, col) = computer.best_move(&game, &Options::default()).unwrap();
            let mut after = game.clone();
            let kept = match after.play(row, col).unwrap() {
                Some(winner) => Solution { winner: Some(winner), plies: 1 },
                None => {
                    let next = solver.solve(&after, u64::MAX).unwrap();
                    Solution { plies: next.plies + 1, ..next }
                }
            };
            assert_eq!(kept, solution, "{played} played\n{game}");
            let searched =
                Options { simulations: 300, seed: 3, max_nodes: None, perfect: false, book: false };
            let unsolved = Options { max_nodes: Some(0), ..searched };
            assert_eq!(
                computer.best_move(&game, &searched).unwrap(),
                computer.best_move(&game, &unsolved).unwrap()
            );
        }
    }
}

/// A budgeted best move is the one a fresh player makes, whatever this one solved before (a
/// warm table, or a larger one held from a longer solve, would visit other positions, and a
/// budget near the edge would then choose otherwise): on Connect Four's table and on the
/// general search's, at budgets around what each position needs.
#[test]
fn a_budgeted_move_does_not_depend_on_earlier_solves() {
    let mut warm = Computer::new();
    let mut state = 17;
    for (rules, played) in [(Rules::CONNECT_FOUR, 20), (Rules::tic_tac_toe(4), 5)] {
        // A long solve first: the largest table, and warm.
        let mut long = Game::new(rules).unwrap();
        while long.marks() < played - 2 {
            let (row, col) = random_move(&long, &mut state);
            long.play(row, col).unwrap();
        }
        warm.solve_with(
            &long,
            &SolveOptions { max_nodes: u64::MAX, book: false, ..SolveOptions::default() },
        )
        .unwrap();
        for _ in 0..4 {
            let mut game = long.clone();
            while game.marks() < played && !game.is_over() {
                let (row, col) = random_move(&game, &mut state);
                game.play(row, col).unwrap();
            }
            if game.is_over() {
                continue;
            }
            let mut probe = Solver::new();
            probe.perfect_move(&game, u64::MAX).unwrap();
            let needed = probe.nodes().max(2);
            for budget in [needed / 2, needed, needed * 2] {
                let options = Options {
                    simulations: 50,
                    seed: 1,
                    max_nodes: Some(budget),
                    ..Options::default()
                };
                let mut fresh = Computer::new();
                let expected = fresh.best_move(&game, &options).unwrap();
                assert_eq!(warm.best_move(&game, &options).unwrap(), expected, "{budget}\n{game}");
                assert_eq!(warm.simulations(), fresh.simulations(), "{budget}\n{game}");
                warm.solve(&game, u64::MAX).unwrap();
            }
        }
    }
}
