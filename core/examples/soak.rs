//! `make soak`: millions of random operations (moves, plays, undos, clones, text round trips,
//! invalid input included) on games of size 1 to 6, each operation's result compared with the
//! brute-force model of the tests, and each game's whole state compared at its end; then a
//! tenth as many batch calls (steps of every game or of listed ones, illegal actions raised or
//! lost, resets) on batches of 1 to 32 games of size 1 to 6, against independent games.
//! Usage: `soak [operations]` (default 10 000 000).

use std::time::Instant;

use tictactoe_core::{Batch, Game, Illegal, Selection};

#[path = "../tests/common/mod.rs"]
mod model;

use model::singles::{self, Singles};
use model::{assert_same, kind, number, Model};

/// An xorshift generator: a number below `bound`.
fn random_below(state: &mut u64, bound: u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state % bound
}

/// `calls` random batch calls against independent games; the games stepped.
fn soak_batches(state: &mut u64, calls: u64) -> u64 {
    let (mut done, mut stepped) = (0, 0);
    while done < calls {
        let (count, n) =
            (random_below(state, 32) as usize + 1, random_below(state, 6) as usize + 1);
        let mut batch = Batch::new(count, n, random_below(state, u64::MAX)).unwrap();
        let mut model = Singles::new(count, tictactoe_core::Rules::tic_tac_toe(n));
        let mut actions = vec![0; count];
        for _ in 0..random_below(state, 8 * n as u64 * n as u64) + 1 {
            batch.random_legal_actions(Selection::All, &mut actions).unwrap();
            // One action in ten anything at all: taken, off the board, or for a finished game.
            for action in &mut actions {
                if random_below(state, 10) == 0 {
                    *action = random_below(state, (n * n + 3) as u64) as u32;
                }
            }
            let illegal = if random_below(state, 2) == 0 { Illegal::Refuse } else { Illegal::Lose };
            match random_below(state, 10) {
                0..=5 => singles::step(&mut batch, &mut model, None, &actions, illegal),
                6..=8 => {
                    let games: Vec<usize> =
                        (0..count).rev().filter(|_| random_below(state, 2) == 0).collect();
                    let listed: Vec<u32> = games.iter().map(|&g| actions[g]).collect();
                    singles::step(&mut batch, &mut model, Some(&games), &listed, illegal);
                }
                _ => {
                    let games: Vec<usize> =
                        (0..count).filter(|_| random_below(state, 2) == 0).collect();
                    batch.reset(Selection::Listed(&games)).unwrap();
                    for g in games {
                        model.games[g] = Game::new(n).unwrap();
                        model.forfeit[g] = None;
                    }
                }
            }
            if random_below(state, 16) == 0 {
                singles::assert_same(&batch, &model);
            }
            done += 1;
            stepped += count as u64;
        }
        singles::assert_same(&batch, &model);
    }
    stepped
}

fn main() {
    let total: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10_000_000);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut random = |bound: u64| random_below(&mut state, bound);
    let start = Instant::now();
    let (mut done, mut games, mut refused) = (0u64, 0u64, 0u64);
    while done < total {
        let n = random(6) as usize + 1;
        let mut game = Game::new(n).unwrap();
        let mut model = Model::new(n);
        for _ in 0..random(4 * n as u64 * n as u64) + 1 {
            let coordinate = |r: &mut dyn FnMut(u64) -> u64| r(n as u64 + 2) as usize;
            let ok = match random(10) {
                0..=3 => {
                    let (row, col, player) =
                        (coordinate(&mut random), coordinate(&mut random), random(4) as u32);
                    let got = game.make_move(row, col, player).map(number).map_err(kind);
                    assert_eq!(got, model.make_move(row, col, player));
                    got.is_ok()
                }
                4..=6 => {
                    let (row, col) = (coordinate(&mut random), coordinate(&mut random));
                    let got = game.play(row, col).map(number).map_err(kind);
                    assert_eq!(got, model.play(row, col));
                    got.is_ok()
                }
                7 | 8 => {
                    let got = game.undo().map(|m| (m.row, m.col, m.player.number())).map_err(kind);
                    assert_eq!(got, model.undo());
                    got.is_ok()
                }
                _ => {
                    let copy: Game = game.text().to_string().parse().unwrap();
                    assert_eq!(copy, game);
                    game = copy.try_clone().unwrap();
                    true
                }
            };
            refused += u64::from(!ok);
            done += 1;
        }
        assert_same(&game, &model);
        games += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "core soak: {done} operations ({refused} refused) in {games} games, all equal to the model, {seconds:.1} s"
    );
    let start = Instant::now();
    let calls = total / 10;
    let stepped = soak_batches(&mut state, calls);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "core soak: {calls} batch calls ({stepped} game-steps), all equal to independent games, {seconds:.1} s"
    );
}
