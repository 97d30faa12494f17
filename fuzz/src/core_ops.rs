//! Arbitrary operation sequences on the core under arbitrary rules of the family (1 to 6 a
//! side, every k, exact and gravity on and off), checked after every step against the
//! brute-force model the core's tests use (core/tests/common): every observable must agree.
use arbitrary::{Arbitrary, Unstructured};
use tictactoe_core::{Game, Rules};

#[path = "../../core/tests/common/mod.rs"]
mod model;

use model::{assert_same, kind, number, Model};

#[derive(Arbitrary, Debug)]
enum Op {
    Move(u8, u8, u8),
    Play(u8, u8),
    Drop(u8),
    Undo,
    Clone,
    TextRoundTrip,
    FromPosition,
    Status,
}

#[derive(Arbitrary, Debug)]
struct Input {
    rows: u8,
    cols: u8,
    k: u8,
    exact: bool,
    gravity: bool,
    ops: Vec<Op>,
}

/// One input, decoded as `cargo fuzz` decodes a typed target's bytes (inputs that do not
/// decode are skipped).
pub fn run(data: &[u8]) {
    let Ok(input) = Input::arbitrary_take_rest(Unstructured::new(data)) else {
        return;
    };
    // Sides 1 to 6: the model scans the whole board on every question.
    let (rows, cols) = (usize::from(input.rows % 6) + 1, usize::from(input.cols % 6) + 1);
    let k = usize::from(input.k) % rows.max(cols) + 1;
    let rules = Rules { rows, cols, k, exact: input.exact, gravity: input.gravity };
    let mut game = Game::new(rules).unwrap();
    let mut model = Model::new(rules);
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
            Op::Drop(c) => {
                let c = usize::from(c % 8);
                let got = game.drop(c).map(|(row, winner)| (row, number(winner))).map_err(kind);
                assert_eq!(got, model.drop(c));
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
                let reachable = model::reachable(&rules, &model.grid, &mut memo);
                match Game::from_rows(rules, &rows) {
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
