//! A batch step of 4096 Connect Four games from Rust, timed as `node/bench/bench.js` times
//! the same step from Node (`make node-bench` runs both and sets one against the other): random
//! legal actions drawn, then the step alone timed, over and over, games that end emptied.
//! Prints the median of rounds of nanoseconds per step.

use std::time::Instant;

use tictactoe_core::{Batch, Illegal, Rules, Selection};

const GAMES: usize = 4096;
const STEPS: usize = 500;
const ROUNDS: usize = 7;

fn main() -> Result<(), Box<dyn core::error::Error>> {
    let mut batch = Batch::new(GAMES, Rules::CONNECT_FOUR, 0)?;
    let (mut actions, mut winners) = (vec![0u32; GAMES], vec![0u8; GAMES]);
    let mut rounds = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let mut stepping = 0u128;
        for _ in 0..STEPS {
            batch.random_legal_actions(Selection::All, &mut actions)?;
            let start = Instant::now();
            batch.step(Selection::All, &actions, &mut winners, Illegal::Refuse)?;
            stepping += start.elapsed().as_nanos();
            batch.reset_terminated(Selection::All)?;
        }
        rounds.push(stepping / STEPS as u128);
    }
    rounds.sort_unstable();
    println!("{}", rounds[ROUNDS / 2]);
    Ok(())
}
