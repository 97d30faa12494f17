//! PUCT on Connect Four with no network in the way, for a profiler to say where a simulation's
//! time goes (`perf record`, `valgrind --tool=callgrind`): the search's own work alone, as the
//! benchmark against mctx measures it through Python (`py/benches/bench_puct.py`).
//!
//! `cargo run --release -p tictactoe-search --example puct_profile -- uniform GAMES SIMULATIONS`
//! searches GAMES fresh roots with SIMULATIONS each, noise on, every logit 0 and every value 0
//! (the benchmark's evaluator), best of 10 calls; `... -- gumbel GAMES SIMULATIONS` the same
//! with Gumbel MuZero's search (16 actions considered). `... -- self-play GAMES SIMULATIONS` plays
//! GAMES games 30 moves deep, keeping the trees, with an evaluator whose logits and values are
//! hashed from the position (a peaked policy, deep trees, as a trained network makes them).
//! Each prints simulations a second and a checksum of the visits (the same for the same work).

use std::time::Instant;

use tictactoe_core::{Batch, Rules};
use tictactoe_search::{Evaluator, Puct, PuctConfig};

/// Every move alike, every position even.
struct Uniform;

impl Evaluator for Uniform {
    type Error = ();

    fn evaluate(&mut self, _: &[bool], _: &[bool], _: &mut [f32], _: &mut [f32]) -> Result<(), ()> {
        // The search zeroes the answers before the call.
        Ok(())
    }
}

/// Logits in [-3, 3] and values in [-0.8, 0.8] hashed from each position's planes.
struct Hashed;

impl Evaluator for Hashed {
    type Error = ();

    fn evaluate(
        &mut self,
        observation: &[bool],
        _: &[bool],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), ()> {
        let actions = logits.len() / values.len();
        let flags = observation.len() / values.len();
        let next = |h: &mut u64| {
            *h = h.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (*h >> 40) as f32 / (1u64 << 24) as f32
        };
        for (leaf, value) in values.iter_mut().enumerate() {
            let planes = &observation[leaf * flags..(leaf + 1) * flags];
            let mut h = planes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &flag| {
                (h ^ u64::from(flag)).wrapping_mul(0x0100_0000_01b3)
            });
            for logit in &mut logits[leaf * actions..(leaf + 1) * actions] {
                *logit = next(&mut h) * 6.0 - 3.0;
            }
            *value = next(&mut h) * 1.6 - 0.8;
        }
        Ok(())
    }
}

/// A checksum of the visits: the same for the same searches.
fn checksum(visits: &[u32]) -> u64 {
    visits.iter().zip(1..).map(|(&v, i)| u64::from(v) * i).sum()
}

fn uniform(games: usize, simulations: u32, gumbel: u32) -> (f64, u64) {
    let batch = Batch::new(games, Rules::CONNECT_FOUR, 0).unwrap();
    let config = PuctConfig { seed: 1, gumbel, ..PuctConfig::default() };
    let mut puct = Puct::new(&batch, config).unwrap();
    let (mut visits, mut values) = (vec![0; games * batch.actions()], vec![0.0; games]);
    let (mut best, mut sum) = (f64::MAX, 0);
    for _ in 0..11 {
        puct.clear();
        let start = Instant::now();
        puct.run(&batch, &mut Uniform, simulations, true, &mut visits, &mut values).unwrap();
        best = best.min(start.elapsed().as_secs_f64());
        sum += checksum(&visits);
    }
    ((games * simulations as usize) as f64 / best, sum)
}

fn self_play(games: usize, simulations: u32) -> (f64, u64) {
    let mut batch = Batch::new(games, Rules::CONNECT_FOUR, 0).unwrap();
    let mut puct = Puct::new(&batch, PuctConfig { seed: 1, ..PuctConfig::default() }).unwrap();
    let (mut visits, mut values) = (vec![0; games * batch.actions()], vec![0.0; games]);
    let mut actions = vec![0; games];
    let (mut made, mut sum, start) = (0, 0, Instant::now());
    for _ in 0..30 {
        let open = (0..games).filter(|&g| !batch.games().is_terminated(g).unwrap()).count();
        puct.run(&batch, &mut Hashed, simulations, true, &mut visits, &mut values).unwrap();
        puct.choose(&visits, 0.0, &mut actions).unwrap();
        puct.play(&mut batch, &actions).unwrap();
        (made, sum) = (made + open * simulations as usize, sum + checksum(&visits));
    }
    (made as f64 / start.elapsed().as_secs_f64(), sum)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u32| args.get(i).map_or(default, |a| a.parse().unwrap());
    let (games, simulations) = (number(1, 1024) as usize, number(2, 32));
    let (speed, sum) = match args.first().map(String::as_str) {
        Some("self-play") => self_play(games, simulations),
        Some("gumbel") => uniform(games, simulations, 16),
        _ => uniform(games, simulations, 0),
    };
    println!("{games} x {simulations}: {:.2}M simulations/s, checksum {sum}", speed / 1e6);
}
