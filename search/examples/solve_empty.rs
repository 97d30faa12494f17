//! Solves the empty board of each size given (default 3 and 4) and prints value, nodes and time.
use std::time::Instant;

use tictactoe_core::Game;
use tictactoe_search::Solver;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sizes: Vec<usize> =
        std::env::args().skip(1).map(|a| a.parse()).collect::<Result<_, _>>()?;
    let sizes = if sizes.is_empty() { vec![3, 4] } else { sizes };
    let mut solver = Solver::new();
    for n in sizes {
        let game = Game::new(n)?;
        let start = Instant::now();
        let solution = solver.solve(&game, u64::MAX)?;
        println!("n = {n}: {solution:?}, {} nodes, {:?}", solver.nodes(), start.elapsed());
    }
    Ok(())
}
