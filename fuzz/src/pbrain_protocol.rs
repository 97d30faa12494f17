//! Arbitrary lines into `pbrain-tictactoe`'s brain, as a manager would send them (the input
//! split at line feeds): nothing panics, every answer is one line, a move is an empty cell
//! of the brain's board, and a refused line changes nothing (but the opponent's move that
//! ends the game, which is played and then answered with the game's end).

use std::time::Instant;

use tictactoe_pbrain::brain::{Brain, Next};
use tictactoe_pbrain::protocol::Answer;

/// One input: lines. The brain searches one simulation a move, as fast as it may, so that the
/// fuzzer spends its time on the protocol, not in the search.
pub fn run(data: &[u8]) {
    let mut brain = Brain::new(Some(1), false);
    let (answers, _) = brain.handle(b"INFO timeout_turn 0", Instant::now());
    assert!(answers.is_empty());
    for line in data.split(|&b| b == b'\n').take(500) {
        let before = brain.game().cloned();
        let (answers, next) = brain.handle(line, Instant::now());
        if line.starts_with(b"INFO") {
            // Back to the fastest turns: a fuzzed `timeout_turn` of hours would let the
            // solver run for them (the time controls' parsing was fuzzed all the same).
            brain.handle(b"INFO timeout_turn 0", Instant::now());
        }
        for answer in &answers {
            assert!(!answer.to_string().contains(['\r', '\n']), "{answer:?}");
        }
        let refused = answers.iter().any(|a| matches!(a, Answer::Error(_) | Answer::Unknown(_)));
        if let Some(Answer::Move { x, y }) = answers.last() {
            let game = brain.game().expect("a move is made in a game");
            assert!(game.cell(*y, *x).expect("on the board").is_some(), "the move is played");
        } else if refused {
            let after = brain.game().cloned();
            let ended = after.as_ref().is_some_and(|game| {
                game.is_over() && before.as_ref().is_some_and(|b| b.marks() + 1 == game.marks())
            });
            assert!(after == before || ended, "a refused line changed the game");
        }
        if next == Next::Exit {
            return;
        }
    }
}
