//! The perfect table against the solver, the batch opponent against single games, and the tree
//! search: legal, deterministic, tactical, and strong against a random player.

mod common;

use common::reachable;
use tictactoe_core::{random, Batch, Error, Game, Illegal, Player, Status, NO_ACTION};
use tictactoe_search::{Computer, Options, PerfectTable, SearchError, Solver, EXACT_EMPTIES};

#[test]
fn the_table_holds_the_solvers_moves_for_every_position() {
    for n in 1..=3 {
        let table = PerfectTable::new(n).unwrap();
        let mut solver = Solver::new();
        let positions = reachable(Game::new(n).unwrap());
        for game in &positions {
            assert_eq!(table.perfect_move(game), solver.perfect_move(game, u64::MAX), "\n{game}");
        }
    }
}

#[test]
fn the_table_refuses_other_sizes_and_finished_games() {
    assert_eq!(PerfectTable::new(4).unwrap_err(), SearchError::UnsupportedSize { n: 4 });
    assert_eq!(PerfectTable::new(0).unwrap_err(), SearchError::UnsupportedSize { n: 0 });
    let table = PerfectTable::new(3).unwrap();
    assert_eq!(table.n(), 3);
    assert_eq!(
        table.perfect_move(&Game::new(4).unwrap()),
        Err(SearchError::UnsupportedSize { n: 4 })
    );
    let won = Game::from_rows(&["XXX", "OO.", "..."]).unwrap();
    assert_eq!(table.perfect_move(&won), Err(SearchError::GameOver { winner: Some(Player::X) }));
}

#[test]
fn the_batch_opponent_moves_as_the_table_does_for_each_game() {
    let table = PerfectTable::new(3).unwrap();
    let mut batch = Batch::new(97, 3, 5).unwrap();
    let (mut actions, mut perfect) = (vec![0; 97], vec![0; 97]);
    let mut winners = [0; 97];
    for step in 0..12 {
        table.actions(batch.games(), &mut perfect).unwrap();
        for (g, &action) in perfect.iter().enumerate() {
            let game = batch.game(g).unwrap();
            let expected = match table.perfect_move(&game) {
                Ok(m) => (m.row * 3 + m.col) as u32,
                Err(SearchError::GameOver { .. }) => NO_ACTION,
                Err(error) => panic!("{error}"),
            };
            assert_eq!(action, expected, "step {step}, game {g}\n{game}");
        }
        // Random moves for X, perfect ones for O: O never loses.
        batch.random_legal_actions(&mut actions).unwrap();
        let mut players = vec![0; 97];
        batch.next_players(&mut players).unwrap();
        for ((action, &player), &perfect) in actions.iter_mut().zip(&players).zip(&perfect) {
            if player == 2 {
                *action = perfect;
            }
        }
        let games: Vec<usize> = (0..97).filter(|&g| actions[g] != NO_ACTION).collect();
        let chosen: Vec<u32> = games.iter().map(|&g| actions[g]).collect();
        batch.step_games(&games, &chosen, &mut winners[..games.len()], Illegal::Refuse).unwrap();
    }
    let mut final_winners = vec![0; 97];
    batch.winners(&mut final_winners).unwrap();
    assert!(final_winners.iter().all(|&w| w != 1));
    assert!(final_winners.contains(&2));
}

#[test]
fn the_batch_opponent_refuses_bad_outputs_and_sizes_writing_nothing() {
    let table = PerfectTable::new(3).unwrap();
    let batch = Batch::new(4, 3, 0).unwrap();
    let mut out = vec![7; 3];
    assert_eq!(
        table.actions(batch.games(), &mut out),
        Err(SearchError::Game(Error::LengthMismatch { len: 3, expected: 4 }))
    );
    assert_eq!(out, [7; 3]);
    let big = Batch::new(4, 4, 0).unwrap();
    let mut out = vec![7; 4];
    assert_eq!(table.actions(big.games(), &mut out), Err(SearchError::UnsupportedSize { n: 4 }));
    assert_eq!(out, [7; 4]);
}

/// A random legal move for `game` from the generator `state`.
fn random_move(game: &Game, state: &mut u64) -> (usize, usize) {
    let moves: Vec<(usize, usize)> = game.legal_moves().collect();
    moves[random::below(state, moves.len() as u64) as usize]
}

fn search_options(simulations: u32, seed: u64) -> Options {
    // No solving: these tests are about the tree search.
    Options { simulations, seed, max_nodes: 0 }
}

#[test]
fn search_is_legal_and_deterministic_per_seed() {
    let mut computer = Computer::new();
    let mut state = 11;
    for n in [3, 5, 7] {
        for seed in 0..4 {
            let mut game = Game::new(n).unwrap();
            while game.status() == Status::InProgress {
                let options = search_options(64, seed);
                let (row, col) = computer.best_move(&game, &options).unwrap();
                assert_eq!(game.cell(row, col), Ok(None), "a free cell\n{game}");
                assert_eq!(Computer::new().best_move(&game, &options).unwrap(), (row, col));
                game.play(row, col).unwrap();
                if game.status() == Status::InProgress {
                    let (row, col) = random_move(&game, &mut state);
                    game.play(row, col).unwrap();
                }
            }
            let over = computer.best_move(&game, &search_options(64, seed));
            assert_eq!(over, Err(SearchError::GameOver { winner: game.winner() }));
        }
    }
}

#[test]
fn search_takes_a_win_and_blocks_a_loss() {
    let mut computer = Computer::new();
    // X to move on 5 x 5 can complete row 2; O threatens row 4 too.
    let win = Game::from_rows(&["O....", ".....", "XXXX.", ".....", ".OOO."]).unwrap();
    assert_eq!(computer.best_move(&win, &search_options(16, 0)).unwrap(), (2, 4));
    // O to move must block X's column 0.
    let block = Game::from_rows(&["X...O", "X...O", "X....", "X...O", "....."]).unwrap();
    assert_eq!(block.next_player(), Player::O);
    assert_eq!(computer.best_move(&block, &search_options(16, 0)).unwrap(), (4, 0));
}

/// Plays the computer (with `simulations`, solving only small endgames) as `side` against a
/// random player on n x n; the winner.
fn play_random(
    computer: &mut Computer,
    n: usize,
    side: Player,
    seed: u64,
    simulations: u32,
) -> Option<Player> {
    let mut game = Game::new(n).unwrap();
    let mut state = seed;
    while game.status() == Status::InProgress {
        let (row, col) = if game.next_player() == side {
            computer.best_move(&game, &Options { simulations, seed, max_nodes: 5_000 }).unwrap()
        } else {
            random_move(&game, &mut state)
        };
        game.play(row, col).unwrap();
    }
    game.winner()
}

#[test]
fn search_does_not_lose_to_a_random_player_on_5x5_and_7x7() {
    let mut computer = Computer::new();
    for n in [5, 7] {
        for side in Player::ALL {
            let losses = (0..200)
                .filter(|&seed| {
                    play_random(&mut computer, n, side, seed, 50) == Some(side.opponent())
                })
                .count();
            // At least 99% wins or draws: at most 2 losses in 200.
            assert!(losses <= 2, "n = {n}, {side}: {losses} losses in 200");
        }
    }
}

#[test]
fn positions_with_few_empty_cells_get_perfect_moves() {
    let mut computer = Computer::new();
    let mut solver = Solver::new();
    let mut state = 3;
    let mut game = Game::new(5).unwrap();
    while 25 - game.marks() > EXACT_EMPTIES - 4 && game.status() == Status::InProgress {
        let (row, col) = random_move(&game, &mut state);
        game.play(row, col).unwrap();
    }
    if game.status() == Status::InProgress {
        let perfect = solver.perfect_move(&game, u64::MAX).unwrap();
        let chosen = computer.best_move(&game, &Options::default()).unwrap();
        assert_eq!(chosen, (perfect.row, perfect.col));
    }
}
