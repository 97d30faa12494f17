//! The perfect table against the solver, the batch opponents against single games, and the tree
//! search under every rule set: legal, deterministic, tactical, strong against a random player
//! and against plain UCT at equal simulations.

mod common;

use core::time::Duration;
use std::time::Instant;

use common::{random_move, reachable};
use tictactoe_core::{
    random, Batch, Error, Game, Illegal, Player, Rules, Selection, Status, NO_ACTION,
};
use tictactoe_search::{
    search_seed, Computer, Options, PerfectTable, SearchError, Solver, EXACT_EMPTIES,
};

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
    let won = Game::from_rows(3, &["XXX", "OO.", "..."]).unwrap();
    assert_eq!(table.perfect_move(&won), Err(SearchError::GameOver { winner: Some(Player::X) }));
    // Debug in numbers, not the tables' memory.
    let shown = format!("{:?}", tictactoe_search::Computer::new());
    assert!(shown.starts_with("Computer { solver: Solver { table_entries: "), "{shown}");
    assert!(shown.ends_with("tree_bytes: 0, simulations: 0 }"), "{shown}");
    let over = SearchError::GameOver { winner: Some(Player::X) }.to_string();
    assert_eq!(over, "the game is over: player 1 (X) has won");
    assert_eq!(SearchError::GameOver { winner: None }.to_string(), "the game is over: a draw");
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
        batch.random_legal_actions(Selection::All, &mut actions).unwrap();
        let mut players = vec![0; 97];
        batch.next_players(&mut players).unwrap();
        for ((action, &player), &perfect) in actions.iter_mut().zip(&players).zip(&perfect) {
            if player == 2 {
                *action = perfect;
            }
        }
        let games: Vec<usize> = (0..97).filter(|&g| actions[g] != NO_ACTION).collect();
        let chosen: Vec<u32> = games.iter().map(|&g| actions[g]).collect();
        batch
            .step(Selection::Listed(&games), &chosen, &mut winners[..games.len()], Illegal::Refuse)
            .unwrap();
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

fn search_options(simulations: u32, seed: u64) -> Options {
    // No solving: these tests are about the tree search.
    Options { simulations, seed, max_nodes: None, perfect: false, book: false }
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
    let win = Game::from_rows(5, &["O....", ".....", "XXXX.", ".....", ".OOO."]).unwrap();
    assert_eq!(computer.best_move(&win, &search_options(16, 0)).unwrap(), (2, 4));
    // O to move must block X's column 0.
    let block = Game::from_rows(5, &["X...O", "X...O", "X....", "X...O", "....."]).unwrap();
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
            computer
                .best_move(
                    &game,
                    &Options { simulations, seed, max_nodes: Some(5_000), ..Options::default() },
                )
                .unwrap()
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

const EXACT_GOMOKU: Rules = Rules { exact: true, ..Rules::GOMOKU };

/// Rule sets of every kind the search plays.
const FAMILY: [Rules; 7] = [
    Rules::CONNECT_FOUR,
    Rules::GOMOKU,
    EXACT_GOMOKU,
    Rules::mnk(7, 7, 4),
    Rules { gravity: true, ..Rules::mnk(5, 8, 3) },
    Rules::mnk(2, 40, 4),
    Rules::mnk(9, 9, 1),
];

#[test]
fn search_is_legal_and_deterministic_per_seed_under_every_rule_set() {
    let mut computer = Computer::new();
    let mut state = 5;
    for rules in FAMILY {
        for seed in 0..2 {
            let mut game = Game::new(rules).unwrap();
            while !game.is_over() {
                let options = search_options(48, seed);
                let (row, col) = computer.best_move(&game, &options).unwrap();
                assert!(
                    game.legal_moves().any(|m| m == (row, col)),
                    "{rules:?}: ({row}, {col})\n{game}"
                );
                assert_eq!(Computer::new().best_move(&game, &options).unwrap(), (row, col));
                game.play(row, col).unwrap();
                if !game.is_over() {
                    let (row, col) = random_move(&game, &mut state);
                    game.play(row, col).unwrap();
                }
            }
            let over = computer.best_move(&game, &search_options(48, seed));
            assert_eq!(over, Err(SearchError::GameOver { winner: game.winner() }));
        }
    }
}

/// Connect Four from rows of text, bottom row last.
fn connect_four(rows: &[&str]) -> Game {
    Game::from_rows(Rules::CONNECT_FOUR, rows).unwrap()
}

#[test]
fn under_gravity_search_wins_blocks_and_never_opens_a_win_above() {
    let mut computer = Computer::new();
    let empty = ".......";
    // X wins in column 3 (three on the bottom row); O threatens column 6 too.
    let win = connect_four(&[empty, empty, empty, "......O", "......O", "XXX...O"]);
    assert_eq!(computer.best_move(&win, &search_options(100, 0)).unwrap(), (5, 3));
    // X must block O's column 6.
    let block = connect_four(&[empty, empty, empty, "......O", "X.....O", "XX....O"]);
    assert_eq!(computer.best_move(&block, &search_options(100, 0)).unwrap(), (2, 6));
    // X to move, O has three on the second row: a mark in column 3 would let O win above it.
    let above = connect_four(&[empty, empty, empty, empty, "OOO..OX", "XOX..XX"]);
    assert_eq!(above.next_player(), Player::X);
    for seed in 0..20 {
        let (_, col) = computer.best_move(&above, &search_options(300, seed)).unwrap();
        assert_ne!(col, 3, "seed {seed}");
    }
}

/// Gomoku from marks given as (row, col) for X and for O, on the empty 15 x 15 board.
fn gomoku(rules: Rules, x: &[(usize, usize)], o: &[(usize, usize)]) -> Game {
    let mut game = Game::new(rules).unwrap();
    for &(row, col) in x {
        game.make_move(row, col, 1).unwrap();
    }
    for &(row, col) in o {
        game.make_move(row, col, 2).unwrap();
    }
    game
}

#[test]
fn on_gomoku_search_makes_an_open_four_and_answers_an_open_three() {
    let mut computer = Computer::new();
    for rules in [Rules::GOMOKU, EXACT_GOMOKU] {
        // X (to move) has an open three on row 7, O scattered marks: X makes it an open four.
        let attack = gomoku(rules, &[(7, 6), (7, 7), (7, 8)], &[(3, 3), (11, 12), (0, 14)]);
        assert_eq!(attack.next_player(), Player::X);
        for seed in 0..5 {
            let chosen = computer.best_move(&attack, &search_options(200, seed)).unwrap();
            assert!([(7, 5), (7, 9)].contains(&chosen), "{rules:?}: {chosen:?}");
        }
        // O (to move) must stop X's open three on column 7 before it is an open four.
        let defence = gomoku(rules, &[(6, 7), (7, 7), (8, 7), (0, 0)], &[(3, 3), (12, 2)]);
        assert_eq!(defence.next_player(), Player::O);
        for seed in 0..5 {
            let chosen = computer.best_move(&defence, &search_options(200, seed)).unwrap();
            assert!([(5, 7), (9, 7)].contains(&chosen), "{rules:?}: {chosen:?}");
        }
    }
    // Under the exact rule a run of six does not win: with X's marks at columns 3-6 and 8 on
    // row 7, column 7 would make six, so the open end at column 2 is the only win.
    let overline = gomoku(
        EXACT_GOMOKU,
        &[(7, 3), (7, 4), (7, 5), (7, 6), (7, 8)],
        &[(0, 0), (0, 14), (14, 0), (14, 14), (14, 7)],
    );
    assert_eq!(computer.best_move(&overline, &search_options(50, 0)).unwrap(), (7, 2));
}

/// Plays the computer (`simulations` a move) as `side` against `opponent` under `rules`; the
/// winner, and the time and simulations the computer spent searching.
fn play_against(
    computer: &mut Computer,
    rules: Rules,
    side: Player,
    seed: u64,
    simulations: u32,
    mut opponent: impl FnMut(&Game) -> (usize, usize),
) -> (Option<Player>, Duration, u64) {
    let mut game = Game::new(rules).unwrap();
    let (mut spent, mut simulated) = (Duration::ZERO, 0);
    while !game.is_over() {
        let (row, col) = if game.next_player() == side {
            let start = Instant::now();
            let chosen = computer
                .best_move(&game, &Options { simulations, seed, ..Options::default() })
                .unwrap();
            if computer.simulations() > 0 {
                spent += start.elapsed();
                simulated += u64::from(computer.simulations());
            }
            chosen
        } else {
            opponent(&game)
        };
        game.play(row, col).unwrap();
    }
    (game.winner(), spent, simulated)
}

/// Games won, lost and drawn by the computer as `side`, and its simulations a second.
fn score(
    rules: Rules,
    side: Player,
    games: u64,
    simulations: u32,
    mut opponent: impl FnMut(&Game, u64) -> (usize, usize),
) -> ([u32; 3], f64) {
    let mut computer = Computer::new();
    let mut results = [0; 3];
    let (mut spent, mut simulated) = (Duration::ZERO, 0);
    for seed in 0..games {
        let (winner, time, count) =
            play_against(&mut computer, rules, side, seed, simulations, |game| {
                opponent(game, seed)
            });
        results[match winner {
            Some(player) if player == side => 0,
            Some(_) => 1,
            None => 2,
        }] += 1;
        spent += time;
        simulated += count;
    }
    (results, simulated as f64 / spent.as_secs_f64().max(1e-9))
}

#[test]
fn search_beats_a_random_player_on_connect_four_and_gomoku() {
    for (rules, simulations) in
        [(Rules::CONNECT_FOUR, 100), (Rules::GOMOKU, 100), (EXACT_GOMOKU, 100)]
    {
        for side in Player::ALL {
            let games = 20;
            let mut state = 1;
            let ([won, lost, drawn], rate) =
                score(rules, side, games, simulations, |game, _| random_move(game, &mut state));
            println!(
                "{rules:?}, computer as {side}, {simulations} simulations: won {won}, lost {lost}, drawn {drawn} against random; {rate:.0} simulations/s"
            );
            // At least 95% won.
            assert!(won * 100 >= 95 * games as u32, "{rules:?} as {side}: won {won} of {games}");
        }
    }
}

/// Plain UCT, as OpenSpiel's `MCTSBot` with a random rollout evaluator plays: every child made
/// at once in random order, UCT with c = 2 on rewards in [-1, 1], one uniformly random
/// rollout, and the most visited move. (Without its solver: a weaker judge than the real one.)
fn plain_uct(game: &Game, simulations: u32, state: &mut u64) -> (usize, usize) {
    struct Node {
        cell: usize,
        visits: f64,
        total: f64,
        children: Vec<usize>,
    }
    let cols = game.cols();
    let mut nodes = vec![Node { cell: usize::MAX, visits: 0.0, total: 0.0, children: vec![] }];
    let mut game = game.clone();
    for _ in 0..simulations {
        let (mut path, mut at, mut moves) = (vec![0], 0, 0);
        while !game.is_over() && !nodes[at].children.is_empty() {
            let log = nodes[at].visits.ln();
            let uct = |node: &Node| {
                if node.visits == 0.0 {
                    f64::INFINITY
                } else {
                    node.total / node.visits + 2.0 * (log / node.visits).sqrt()
                }
            };
            at = *nodes[at]
                .children
                .iter()
                .max_by(|&&a, &&b| uct(&nodes[a]).total_cmp(&uct(&nodes[b])))
                .unwrap();
            game.play(nodes[at].cell / cols, nodes[at].cell % cols).unwrap();
            moves += 1;
            path.push(at);
        }
        if !game.is_over() {
            let mut cells: Vec<usize> = game.legal_cells().collect();
            for i in (1..cells.len()).rev() {
                cells.swap(i, random::below(state, i as u64 + 1) as usize);
            }
            for cell in cells {
                nodes.push(Node { cell, visits: 0.0, total: 0.0, children: vec![] });
                let child = nodes.len() - 1;
                nodes[at].children.push(child);
            }
            while !game.is_over() {
                let (row, col) = random_move(&game, state);
                game.play(row, col).unwrap();
                moves += 1;
            }
        }
        let winner = game.winner();
        for _ in 0..moves {
            game.undo().unwrap();
        }
        // The mover into a node at depth d is the player to move at the root for odd d.
        let root = game.next_player();
        for (depth, &node) in path.iter().enumerate() {
            let mover = if depth % 2 == 1 { root } else { root.opponent() };
            nodes[node].visits += 1.0;
            nodes[node].total += match winner {
                Some(player) if player == mover => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
        }
    }
    let best = *nodes[0]
        .children
        .iter()
        .max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits))
        .unwrap();
    (nodes[best].cell / cols, nodes[best].cell % cols)
}

#[test]
fn search_beats_plain_uct_at_equal_simulations() {
    for (rules, simulations, games) in [(Rules::CONNECT_FOUR, 300, 20), (Rules::GOMOKU, 200, 3)] {
        for side in Player::ALL {
            let mut state = 77;
            let ([won, lost, drawn], rate) = score(rules, side, games, simulations, |game, _| {
                plain_uct(game, simulations, &mut state)
            });
            println!(
                "{rules:?}, computer as {side}, {simulations} simulations: won {won}, lost {lost}, drawn {drawn} against plain UCT; {rate:.0} simulations/s"
            );
            assert!(won > lost, "{rules:?} as {side}: won {won}, lost {lost}");
        }
    }
}

#[test]
fn the_batch_computer_plays_legal_moves_the_same_in_any_split() {
    for rules in [Rules::CONNECT_FOUR, Rules::GOMOKU, Rules::tic_tac_toe(3), Rules::mnk(4, 5, 3)] {
        let count = 7;
        let mut batch = Batch::new(count, rules, 3).unwrap();
        let options = Options { simulations: 40, seed: 9, ..Options::default() };
        let mut computer = Computer::new();
        let (mut actions, mut winners) = (vec![0; count], vec![0; count]);
        let mut players = vec![0; count];
        for step in 0..rules.cells() {
            let mut chosen = vec![0; count];
            computer.actions(batch.games(), &options, 0, &mut chosen).unwrap();
            // The same from three ranges.
            let mut parts = vec![0; count];
            let (front, back) = batch.games().split_at(2);
            let (middle, back) = back.split_at(3);
            computer.actions(front, &options, 0, &mut parts[..2]).unwrap();
            computer.actions(middle, &options, 2, &mut parts[2..5]).unwrap();
            computer.actions(back, &options, 5, &mut parts[5..]).unwrap();
            assert_eq!(parts, chosen, "{rules:?}, step {step}");
            // The listed games (backwards, one twice) with the same seeds: the same actions;
            // with seeds of their own: best_move's with those seeds.
            let listed = [6, 3, 0, 3];
            let seeds: Vec<u64> = listed.iter().map(|&g| search_seed(9, g)).collect();
            let mut some = vec![0; 4];
            computer.actions_of(batch.games(), &listed, &seeds, &options, &mut some).unwrap();
            assert_eq!(some, listed.map(|g| chosen[g]), "{rules:?}, step {step}");
            let own = [step as u64, 1, 2, 3];
            computer.actions_of(batch.games(), &listed, &own, &options, &mut some).unwrap();
            for ((&g, &seed), &action) in listed.iter().zip(&own).zip(&some) {
                let game = batch.game(g).unwrap();
                let expected = computer
                    .best_move(&game, &Options { seed, ..options })
                    .map(|(row, col)| if rules.gravity { col } else { row * rules.cols + col });
                assert_eq!(expected.ok().map_or(NO_ACTION, |a| a as u32), action);
            }
            let mut over = vec![false; count];
            batch.terminated(&mut over).unwrap();
            for g in 0..count {
                assert_eq!(over[g], chosen[g] == NO_ACTION, "{rules:?}, step {step}, game {g}");
            }
            if over.iter().all(|&o| o) {
                break;
            }
            // The computer plays X, random moves O: the batch accepts every action.
            batch.random_legal_actions(Selection::All, &mut actions).unwrap();
            batch.next_players(&mut players).unwrap();
            for g in 0..count {
                if players[g] == 1 {
                    actions[g] = chosen[g];
                }
            }
            let games: Vec<usize> = (0..count).filter(|&g| actions[g] != NO_ACTION).collect();
            let picked: Vec<u32> = games.iter().map(|&g| actions[g]).collect();
            batch
                .step(
                    Selection::Listed(&games),
                    &picked,
                    &mut winners[..games.len()],
                    Illegal::Refuse,
                )
                .unwrap();
        }
        batch.winners(&mut winners).unwrap();
        assert!(!winners.contains(&2), "{rules:?}: {winners:?}");
        // Wrong lengths are refused with nothing written.
        let mut short = vec![5; count - 1];
        assert_eq!(
            computer.actions(batch.games(), &options, 0, &mut short),
            Err(SearchError::Game(Error::LengthMismatch { len: count - 1, expected: count }))
        );
        assert_eq!(short, vec![5; count - 1]);
        let mut two = vec![5; 2];
        for (listed, seeds, error) in [
            (&[0, 1][..], &[1][..], Error::LengthMismatch { len: 1, expected: 2 }),
            (&[0, count][..], &[1, 2][..], Error::GameIndex { game: count, count }),
        ] {
            assert_eq!(
                computer.actions_of(batch.games(), listed, seeds, &options, &mut two),
                Err(SearchError::Game(error))
            );
            assert_eq!(two, vec![5; 2]);
        }
        assert_eq!(
            computer.actions_of(batch.games(), &[0], &[1], &options, &mut two),
            Err(SearchError::Game(Error::LengthMismatch { len: 2, expected: 1 }))
        );
    }
}

#[test]
fn a_game_lost_by_an_illegal_action_gets_no_computer_action() {
    for rules in [Rules::CONNECT_FOUR, Rules::GOMOKU, Rules::tic_tac_toe(3)] {
        let mut batch = Batch::new(3, rules, 0).unwrap();
        // Game 1 forfeits: its action is no cell; its rebuilt game does not know it.
        batch.step(Selection::All, &[0, u32::MAX - 1, 1], &mut [0; 3], Illegal::Lose).unwrap();
        let mut over = [false; 3];
        batch.terminated(&mut over).unwrap();
        assert_eq!(over, [false, true, false], "{rules:?}");
        assert!(!batch.game(1).unwrap().is_over());
        let options = Options { simulations: 30, seed: 4, ..Options::default() };
        let mut computer = Computer::new();
        let mut all = [0; 3];
        computer.actions(batch.games(), &options, 0, &mut all).unwrap();
        assert_eq!(all.map(|action| action == NO_ACTION), over, "{rules:?}");
        let mut some = [0; 2];
        computer.actions_of(batch.games(), &[1, 2], &[5, 6], &options, &mut some).unwrap();
        assert_eq!((some[0], some[1] == NO_ACTION), (NO_ACTION, false), "{rules:?}");
        assert_eq!(batch.games().is_terminated(1), Ok(true));
        assert_eq!(batch.games().is_terminated(3), Err(Error::GameIndex { game: 3, count: 3 }));
    }
}
