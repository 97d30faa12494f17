//! Arbitrary operation sequences on the core, checked after every step against the
//! brute-force model the core's tests use (core/tests/common): every observable must agree.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use tictactoe_core::{Error, Game, Player, Status};

#[path = "../../core/tests/common/mod.rs"]
mod model;

use model::{Kind, Model};

#[derive(Arbitrary, Debug)]
enum Op {
    Move(u8, u8, u8),
    Play(u8, u8),
    Undo,
    Clone,
    TextRoundTrip,
    FromPosition,
    Status,
}

#[derive(Arbitrary, Debug)]
struct Input {
    n: u8,
    ops: Vec<Op>,
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

fn check(game: &Game, model: &Model) {
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
        assert_eq!(game.can_win(p), model.can_win(p.number()));
    }
    let lines: Vec<String> = game.winning_lines().map(|l| format!("{l:?}")).collect();
    assert_eq!(lines, model.winning_lines());
    let history: Vec<_> = game.history().map(|m| (m.row, m.col, m.player.number())).collect();
    assert_eq!(history, model.history);
}

fuzz_target!(|input: Input| {
    // Sizes 1 to 6: the model scans every line on every question.
    let n = usize::from(input.n % 6) + 1;
    let mut game = Game::new(n).unwrap();
    let mut model = Model::new(n);
    for op in input.ops.into_iter().take(200) {
        let before = game.clone();
        match op {
            Op::Move(r, c, p) => {
                let (r, c, p) = (usize::from(r % 8), usize::from(c % 8), u32::from(p % 4));
                let got = game.make_move(r, c, p).map(number).map_err(kind);
                assert_eq!(got, model.make_move(r, c, p));
                if got.is_err() {
                    assert_eq!(game, before);
                }
            }
            Op::Play(r, c) => {
                let (r, c) = (usize::from(r % 8), usize::from(c % 8));
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
                game = game.try_clone().unwrap();
                assert_eq!(game, before);
            }
            Op::TextRoundTrip => {
                let back: Game = game.text().to_string().parse().unwrap();
                assert_eq!(back, game);
            }
            Op::FromPosition => {
                let rows = model.rows();
                let mut memo = std::collections::HashMap::new();
                let reachable = model::reachable(n, &model.grid, &mut memo);
                match Game::from_rows(&rows) {
                    Ok(rebuilt) => {
                        assert!(reachable, "{rows:?} accepted but unreachable");
                        game = rebuilt;
                        model.history.clear();
                    }
                    Err(e) => assert!(!reachable, "{rows:?} refused but reachable: {e}"),
                }
            }
            Op::Status => {}
        }
        check(&game, &model);
    }
});
