//! Property tests: random sequences of operations, invalid ones included, applied to the game
//! and to the brute-force model; every observable is compared after every step.

mod common;

use common::{Kind, Model};
use proptest::prelude::*;
use tictactoe_core::{Error, Game, Player, Status};

#[derive(Clone, Debug)]
enum Op {
    Move(usize, usize, u32),
    Play(usize, usize),
    Undo,
    Clone,
    TextRoundTrip,
    MoveAll(Vec<(usize, usize, u32)>),
    PlayAll(Vec<(usize, usize)>),
    FromPosition,
}

fn op(n: usize) -> impl Strategy<Value = Op> {
    // Coordinates go one past the board and players one past 2 so that refusals happen too.
    let coord = 0..n + 1;
    prop_oneof![
        6 => (coord.clone(), coord.clone(), 0u32..4).prop_map(|(r, c, p)| Op::Move(r, c, p)),
        6 => (coord.clone(), coord.clone()).prop_map(|(r, c)| Op::Play(r, c)),
        3 => Just(Op::Undo),
        1 => Just(Op::Clone),
        1 => Just(Op::TextRoundTrip),
        1 => prop::collection::vec((coord.clone(), coord.clone(), 0u32..4), 0..4).prop_map(Op::MoveAll),
        1 => prop::collection::vec((coord.clone(), coord), 0..4).prop_map(Op::PlayAll),
        1 => Just(Op::FromPosition),
    ]
}

fn kind(error: Error) -> Kind {
    match error {
        Error::OutOfBounds { .. } => Kind::OutOfBounds,
        Error::InvalidPlayer { .. } => Kind::InvalidPlayer,
        Error::Occupied { .. } => Kind::Occupied,
        Error::GameOver { .. } => Kind::GameOver,
        Error::NothingToUndo => Kind::NothingToUndo,
        other => panic!("unexpected error {other:?}"),
    }
}

fn number(winner: Option<Player>) -> u8 {
    winner.map_or(0, Player::number)
}

fn assert_same(game: &Game, model: &Model) {
    let n = model.n;
    assert_eq!(game.n(), n);
    for r in 0..n {
        for c in 0..n {
            assert_eq!(number(game.cell(r, c).unwrap()), model.at(r, c), "cell ({r}, {c})");
        }
    }
    assert_eq!(game.to_string(), model.rows().join("\n"));
    assert_eq!(number(game.winner()), model.winner());
    let status = match game.status() {
        Status::InProgress => "in_progress",
        Status::Won(_) => "won",
        Status::Draw => "draw",
    };
    assert_eq!(status, model.status());
    assert_eq!(game.next_player().number(), model.next_player());
    for p in Player::ALL {
        assert_eq!(game.can_win(p), model.can_win(p.number()), "can_win({p})");
        assert_eq!(game.marks_of(p), model.count(p.number()));
    }
    assert_eq!(
        game.is_draw_certain(),
        model.winner() == 0 && !model.can_win(1) && !model.can_win(2)
    );
    assert_eq!(game.marks(), model.count(1) + model.count(2));
    let lines: Vec<String> = game.winning_lines().map(|l| format!("{l:?}")).collect();
    assert_eq!(lines, model.winning_lines());
    let history: Vec<_> = game.history().map(|m| (m.row, m.col, m.player.number())).collect();
    assert_eq!(history, model.history);
}

fn run(n: usize, ops: Vec<Op>) {
    let mut game = Game::new(n).unwrap();
    let mut model = Model::new(n);
    for op in ops {
        let before = game.clone();
        match op {
            Op::Move(r, c, p) => {
                let got = game.make_move(r, c, p).map(number).map_err(kind);
                assert_eq!(got, model.make_move(r, c, p));
                if got.is_err() {
                    assert_eq!(game, before, "a refused move changed the game");
                }
            }
            Op::Play(r, c) => {
                let got = game.play(r, c).map(number).map_err(kind);
                assert_eq!(got, model.play(r, c));
                if got.is_err() {
                    assert_eq!(game, before);
                }
            }
            Op::Undo => {
                let got = game.undo().map(|m| (m.row, m.col, m.player.number())).map_err(kind);
                assert_eq!(got, model.undo());
            }
            Op::Clone => {
                let copy = game.clone();
                assert_eq!(copy, game);
                game = copy;
            }
            Op::TextRoundTrip => {
                let text = game.text().to_string();
                let back: Game = text.parse().unwrap();
                assert_eq!(back, game, "{text}");
                assert_eq!(back.text().to_string(), text);
            }
            Op::MoveAll(moves) => {
                let mut expected = model.clone();
                let outcome = moves.iter().enumerate().try_for_each(|(i, &(r, c, p))| {
                    expected.make_move(r, c, p).map(drop).map_err(|k| (i, k))
                });
                let got = game.move_all(moves).map_err(|e| (e.index, kind(e.error)));
                match outcome {
                    Ok(()) => {
                        assert_eq!(got, Ok(game.winner()));
                        model = expected;
                    }
                    Err(failure) => {
                        assert_eq!(got.unwrap_err(), failure);
                        assert_eq!(game, before, "a refused list changed the game");
                    }
                }
            }
            Op::PlayAll(moves) => {
                let mut expected = model.clone();
                let outcome = moves
                    .iter()
                    .enumerate()
                    .try_for_each(|(i, &(r, c))| expected.play(r, c).map(drop).map_err(|k| (i, k)));
                let got = game.play_all(moves).map_err(|e| (e.index, kind(e.error)));
                match outcome {
                    Ok(()) => {
                        assert_eq!(got, Ok(game.winner()));
                        model = expected;
                    }
                    Err(failure) => {
                        assert_eq!(got.unwrap_err(), failure);
                        assert_eq!(game, before);
                    }
                }
            }
            Op::FromPosition => {
                // Only alternating games give positions that must be accepted.
                if model.count(1) == model.count(2) || model.count(1) == model.count(2) + 1 {
                    let rows = model.rows();
                    match Game::from_rows(&rows) {
                        Ok(rebuilt) => {
                            // The marks become the position: not moves, never undone.
                            model.history.clear();
                            game = rebuilt;
                            assert!(game.undo().is_err());
                        }
                        Err(e) => {
                            // Free moves can reach grids no alternating game reaches.
                            let mut memo = std::collections::HashMap::new();
                            assert!(!common::reachable(n, &model.grid, &mut memo), "{rows:?}: {e}");
                        }
                    }
                }
            }
        }
        assert_same(&game, &model);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn matches_the_model((n, ops) in (1usize..6).prop_flat_map(|n| (Just(n), prop::collection::vec(op(n), 1..60)))) {
        run(n, ops);
    }
}
