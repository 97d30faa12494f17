//! `make soak`: millions of random operations (moves, plays, undos, clones, text round trips,
//! invalid input included) on games of size 1 to 6, each operation's result compared with the
//! brute-force model of the tests, and each game's whole state compared at its end.
//! Usage: `soak [operations]` (default 10 000 000).

use std::time::Instant;

use tictactoe_core::Game;

#[path = "../tests/common/mod.rs"]
mod model;

use model::{assert_same, kind, number, Model};

fn main() {
    let total: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10_000_000);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut random = move |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let start = Instant::now();
    let (mut done, mut games, mut refused) = (0u64, 0u64, 0u64);
    while done < total {
        let n = random(6) as usize + 1;
        let mut game = Game::new(n).unwrap();
        let mut model = Model::new(n);
        for _ in 0..random(4 * n as u64 * n as u64) + 1 {
            let coordinate = |r: &mut dyn FnMut(u64) -> u64| r(n as u64 + 2) as usize;
            let ok = match random(10) {
                0..=3 => {
                    let (row, col, player) =
                        (coordinate(&mut random), coordinate(&mut random), random(4) as u32);
                    let got = game.make_move(row, col, player).map(number).map_err(kind);
                    assert_eq!(got, model.make_move(row, col, player));
                    got.is_ok()
                }
                4..=6 => {
                    let (row, col) = (coordinate(&mut random), coordinate(&mut random));
                    let got = game.play(row, col).map(number).map_err(kind);
                    assert_eq!(got, model.play(row, col));
                    got.is_ok()
                }
                7 | 8 => {
                    let got = game.undo().map(|m| (m.row, m.col, m.player.number())).map_err(kind);
                    assert_eq!(got, model.undo());
                    got.is_ok()
                }
                _ => {
                    let copy: Game = game.text().to_string().parse().unwrap();
                    assert_eq!(copy, game);
                    game = copy.try_clone().unwrap();
                    true
                }
            };
            refused += u64::from(!ok);
            done += 1;
        }
        assert_same(&game, &model);
        games += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "core soak: {done} operations ({refused} refused) in {games} games, all equal to the model, {seconds:.1} s"
    );
}
