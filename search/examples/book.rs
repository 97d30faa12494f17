//! Writes Connect Four's opening book (`make book`): every position the computer player meets
//! in its first `depth` plies when it plays either side and the opponent plays anything, with
//! the position's perfect move and value, solved exactly (no budget). Reproducible: the
//! solver's perfect move is the first in its order that keeps the value, whatever its table
//! held, so the same depth writes the same bytes.
//!
//! Deepened a ply at a time: after each depth the book of that depth is written to OUT (its
//! positions alone, whatever else was solved), so a run that is stopped leaves a book; given an
//! OUT that exists, the run takes its positions and goes on from them.
//!
//! `cargo run --release -p tictactoe-search --example book -- OUT [DEPTH] [THREADS]
//! [TABLE_ENTRIES]` (THREADS needs the `std` feature).

use std::time::Instant;

use tictactoe_core::{Game, Player, Rules};
use tictactoe_search::{Book, BookWriter, Solver};

struct Writing {
    solver: Solver,
    writer: BookWriter,
    /// The positions met at this depth, when the run is collecting them.
    met: Option<BookWriter>,
    depth: usize,
    start: Instant,
}

impl Writing {
    /// Adds the positions the computer playing `computer` meets from `game` on, up to the depth.
    fn cover(&mut self, game: &mut Game, computer: Player) {
        if game.is_over() || game.marks() > self.depth {
            return;
        }
        if game.next_player() == computer {
            let perfect = match self.writer.perfect_move(game) {
                Some(perfect) => perfect,
                None => {
                    let solving = Instant::now();
                    let perfect = self.solver.perfect_move(game, u64::MAX).expect("solved");
                    assert!(self.writer.insert(game, perfect), "a position not in the book yet");
                    eprintln!(
                        "{:>5} {:>8.1} s  ply {:>2}  {:>7.2} s {:>12} nodes  {:?} -> {}",
                        self.writer.len(),
                        self.start.elapsed().as_secs_f64(),
                        game.marks(),
                        solving.elapsed().as_secs_f64(),
                        self.solver.nodes(),
                        perfect.solution,
                        perfect.col,
                    );
                    perfect
                }
            };
            if let Some(met) = &mut self.met {
                // A position met again (another line reaches it) is kept once: false then.
                let _ = met.insert(game, perfect);
            }
            game.drop(perfect.col).expect("a legal move");
            self.replies(game, computer);
            game.undo().expect("a move to undo");
        } else {
            self.replies(game, computer);
        }
    }

    /// Covers each of the opponent's moves.
    fn replies(&mut self, game: &mut Game, computer: Player) {
        if game.is_over() || game.marks() >= self.depth {
            return;
        }
        for col in 0..game.cols() {
            if game.drop(col).is_ok() {
                self.cover(game, computer);
                game.undo().expect("a move to undo");
            }
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args.next().expect("usage: book OUT [DEPTH] [THREADS] [TABLE_ENTRIES]");
    let mut number = |default: usize| args.next().map_or(default, |a| a.parse().expect("a number"));
    let (depth, threads, entries) = (number(8), number(1), number(1 << 27));
    let mut solver = Solver::new();
    solver.set_book(false);
    solver.set_threads(threads);
    solver.set_table_entries(entries);
    let rules = Rules::CONNECT_FOUR;
    let writer = match std::fs::read(&out) {
        Ok(bytes) => {
            BookWriter::from_book(&Book::parse(Vec::leak(bytes)).expect("a book to go on from"))
        }
        Err(_) => BookWriter::new(rules).expect("Connect Four"),
    };
    let mut writing = Writing { solver, writer, met: None, depth: 0, start: Instant::now() };
    for ply in 0..=depth {
        writing.depth = ply;
        // Solved, then walked again to collect the positions of this depth alone.
        for met in [None, Some(BookWriter::new(rules).expect("Connect Four"))] {
            writing.met = met;
            for computer in Player::ALL {
                writing.cover(&mut Game::new(rules).expect("Connect Four"), computer);
            }
        }
        let book = writing.met.take().expect("the positions met");
        std::fs::write(&out, book.to_bytes()).expect("the book written");
        eprintln!(
            "depth {ply}: {} positions, {:.0} s: {out}",
            book.len(),
            writing.start.elapsed().as_secs_f64()
        );
    }
}
