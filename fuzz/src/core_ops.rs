//! Arbitrary operation sequences on the core, checked after every step against the
//! brute-force model the core's tests use (core/tests/common): every observable must agree.
use arbitrary::{Arbitrary, Unstructured};
use tictactoe_core::Game;

#[path = "../../core/tests/common/mod.rs"]
mod model;

use model::{assert_same, kind, number, Model};

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

/// One input, decoded as `cargo fuzz` decodes a typed target's bytes (inputs that do not
/// decode are skipped).
pub fn run(data: &[u8]) {
    let Ok(input) = Input::arbitrary_take_rest(Unstructured::new(data)) else {
        return;
    };
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
        assert_same(&game, &model);
    }
}
