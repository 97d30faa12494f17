//! Connect Four games of the computer player, timed: how many of its moves were perfect (read
//! from the book, solved, or the only move that does not lose at once) and how long a move
//! took, on average and at worst.
//!
//! `cargo run --release -p tictactoe-search --features std --example play_c4 -- [GAMES]
//! [OPPONENT_SIMULATIONS]`: GAMES games (100 by default) against itself, each side's tree
//! search seeded by the game; then as many against the tree search alone (`perfect: false`,
//! OPPONENT_SIMULATIONS simulations, 2 000 by default, seeded by the game), the computer X in
//! the even games and O in the odd.

use core::time::Duration;
use std::time::Instant;

use tictactoe_core::{Game, Rules};
use tictactoe_search::{Book, Computer, Options};

/// What a series of games measured of the computer's moves.
#[derive(Default)]
struct Tally {
    moves: u32,
    booked: u32,
    perfect: u32,
    total: Duration,
    worst: Duration,
    wins: [u32; 3],
}

impl Tally {
    /// Plays one game, the computer (`Options::default()`, seeded) on the sides in `perfect`,
    /// the tree search alone on the others.
    fn play(&mut self, computer: &mut Computer, perfect: [bool; 2], seed: u64, simulations: u32) {
        let mut game = Game::new(Rules::CONNECT_FOUR).expect("Connect Four");
        while !game.is_over() {
            let side = game.next_player().index();
            let options = if perfect[side] {
                Options { seed, ..Options::default() }
            } else {
                Options { seed, simulations, perfect: false, ..Options::default() }
            };
            let start = Instant::now();
            let (_, col) = computer.best_move(&game, &options).expect("a move");
            let took = start.elapsed();
            if perfect[side] {
                self.moves += 1;
                let booked = Book::connect_four().perfect_move(&game).is_some();
                self.booked += u32::from(booked);
                // Not searched: from the book, solved, or the only move that does not lose.
                self.perfect += u32::from(computer.simulations() == 0);
                self.total += took;
                self.worst = self.worst.max(took);
            }
            game.drop(col).expect("a legal move");
        }
        self.wins[game.winner().map_or(0, |winner| winner.number().into())] += 1;
    }

    fn report(&self, what: &str) {
        let share = |n: u32| 100.0 * f64::from(n) / f64::from(self.moves.max(1));
        println!(
            "{what}: {} moves, {:.1}% perfect ({:.1}% from the book), mean {:.1} ms, worst {:.0} ms; \
             X won {}, O won {}, drawn {}",
            self.moves,
            share(self.perfect),
            share(self.booked),
            self.total.as_secs_f64() * 1e3 / f64::from(self.moves.max(1)),
            self.worst.as_secs_f64() * 1e3,
            self.wins[1],
            self.wins[2],
            self.wins[0],
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut number = |default: u32| args.next().map_or(default, |a| a.parse().expect("a number"));
    let (games, simulations) = (number(100), number(2_000));
    let mut computer = Computer::new();
    let mut itself = Tally::default();
    for g in 0..games {
        itself.play(&mut computer, [true, true], g.into(), simulations);
    }
    itself.report("against itself");
    let mut searched = Tally::default();
    for g in 0..games {
        let side = (g % 2) as usize;
        let mut perfect = [false; 2];
        perfect[side] = true;
        searched.play(&mut computer, perfect, g.into(), simulations);
    }
    searched.report(&format!("against the tree search ({simulations} simulations)"));
}
