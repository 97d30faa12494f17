//! An independent judge for the solver's tests: plain minimax over every move, no pruning, no
//! table, no symmetry; slow but obviously right.

#![allow(dead_code)]

use std::collections::{HashMap, HashSet};

use tictactoe_core::{random, Game, Player};

/// A random legal move for `game` from the generator `state`.
pub fn random_move(game: &Game, state: &mut u64) -> (usize, usize) {
    let moves: Vec<(usize, usize)> = game.legal_moves().collect();
    moves[random::below(state, moves.len() as u64) as usize]
}

/// The score of a win in k plies for the player to move: `WIN - k`; a loss in k: `-(WIN - k)`.
pub const WIN: i32 = 1000;

/// The position's score for the player to move, counted from the position, under the game's
/// rules.
pub fn minimax(game: &mut Game) -> i32 {
    scored(game, None)
}

/// [`minimax`] remembering the score of each position it has met (by its cells: the player to
/// move follows from them), for boards whose trees are too large to walk whole.
pub fn memo_minimax(game: &mut Game, memo: &mut HashMap<Vec<u8>, i32>) -> i32 {
    scored(game, Some(memo))
}

/// [`minimax`], with the scores met kept in `memo` when there is one.
fn scored(game: &mut Game, mut memo: Option<&mut HashMap<Vec<u8>, i32>>) -> i32 {
    let key: Option<Vec<u8>> = memo.is_some().then(|| game.cells().collect());
    if let (Some(memo), Some(key)) = (memo.as_deref(), &key) {
        if let Some(&score) = memo.get(key) {
            return score;
        }
    }
    let cells = game.rows() * game.cols();
    let moves: Vec<(usize, usize)> = game.legal_moves().collect();
    let mut best = i32::MIN;
    for (row, col) in moves {
        let score = match game.play(row, col).unwrap() {
            Some(_) => WIN - 1,
            None if game.marks() == cells => 0,
            None => {
                let child = scored(game, memo.as_deref_mut());
                -child + child.signum()
            }
        };
        game.undo().unwrap();
        best = best.max(score);
    }
    if let (Some(memo), Some(key)) = (memo, key) {
        memo.insert(key, best);
    }
    best
}

/// The winner and plies a score stands for, as the solver reports them.
pub fn outcome(game: &Game, score: i32) -> (Option<Player>, usize) {
    let empties = game.rows() * game.cols() - game.marks();
    let mover = game.next_player();
    match score {
        0 => (None, empties),
        s if s > 0 => (Some(mover), (WIN - s) as usize),
        s => (Some(mover.opponent()), (WIN + s) as usize),
    }
}

/// Every position a game reaches from `start` by legal moves, that is not over, once each.
pub fn reachable(start: Game) -> Vec<Game> {
    fn walk(game: &mut Game, seen: &mut HashSet<Vec<u8>>, out: &mut Vec<Game>) {
        if game.is_over() {
            return;
        }
        if !seen.insert(game.cells().collect()) {
            return;
        }
        let cells: Vec<u8> = game.cells().collect();
        out.push(Game::from_cells(game.rules(), &cells).unwrap());
        let moves: Vec<(usize, usize)> = game.legal_moves().collect();
        for (row, col) in moves {
            game.play(row, col).unwrap();
            walk(game, seen, out);
            game.undo().unwrap();
        }
    }
    let mut out = Vec::new();
    walk(&mut start.clone(), &mut HashSet::new(), &mut out);
    out
}
