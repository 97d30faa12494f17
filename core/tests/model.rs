//! Property tests: random sequences of operations, invalid ones included, applied to the game
//! and to the brute-force model; every observable is compared after every step.

mod common;

use common::{assert_same, kind, number, Kind, Model};
use proptest::prelude::*;
use tictactoe_core::{Game, ListError, Player, Rules};

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
    Drop(usize),
    Apply(u32),
}

fn op(rows: usize, cols: usize) -> impl Strategy<Value = Op> {
    // Coordinates go one past the board and players one past 2 so that refusals happen too.
    let (row, col) = (0..rows + 1, 0..cols + 1);
    let coord = (row.clone(), col.clone());
    prop_oneof![
        6 => (row, col.clone(), 0u32..4).prop_map(|(r, c, p)| Op::Move(r, c, p)),
        6 => coord.clone().prop_map(|(r, c)| Op::Play(r, c)),
        4 => col.prop_map(Op::Drop),
        3 => (0..(rows * cols + 1) as u32).prop_map(Op::Apply),
        3 => Just(Op::Undo),
        1 => Just(Op::Clone),
        1 => Just(Op::TextRoundTrip),
        1 => prop::collection::vec((coord.clone(), 0u32..4), 0..4)
            .prop_map(|list| Op::MoveAll(list.into_iter().map(|((r, c), p)| (r, c, p)).collect())),
        1 => prop::collection::vec(coord, 0..4).prop_map(Op::PlayAll),
        1 => Just(Op::FromPosition),
    ]
}

/// Applies a list to the game (all or nothing) and, move by move, to a copy of the model: the
/// outcome, the index of the first refused move and the state afterwards must agree.
fn batch<T: Copy>(
    game: &mut Game,
    model: &mut Model,
    moves: &[T],
    on_game: impl FnOnce(&mut Game, Vec<T>) -> Result<Option<Player>, ListError>,
    on_model: impl Fn(&mut Model, T) -> Result<u8, Kind>,
) {
    let before = game.clone();
    let mut expected = model.clone();
    let outcome = moves
        .iter()
        .enumerate()
        .try_for_each(|(i, &m)| on_model(&mut expected, m).map(drop).map_err(|k| (Some(i), k)));
    let got = on_game(game, moves.to_vec()).map_err(|e| (e.index, kind(e.error)));
    match outcome {
        Ok(()) => {
            assert_eq!(got, Ok(game.winner()));
            *model = expected;
        }
        Err(failure) => {
            assert_eq!(got.unwrap_err(), failure);
            assert_eq!(*game, before, "a refused list changed the game");
        }
    }
}

fn run(rules: Rules, ops: Vec<Op>) {
    let mut game = Game::new(rules).unwrap();
    let mut model = Model::new(rules);
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
            Op::Drop(c) => {
                let got = game.drop(c).map(|(r, w)| (r, number(w))).map_err(kind);
                assert_eq!(got, model.drop(c));
                if got.is_err() {
                    assert_eq!(game, before);
                }
            }
            Op::Apply(action) => {
                // An action is a column under gravity, else a cell's index.
                let (rows, cols) = (rules.rows, rules.cols);
                let a = action as usize;
                let expected = if rules.gravity {
                    model.drop(a).map(|(r, w)| ((r, a), w))
                } else if a >= rows * cols {
                    Err(Kind::OutOfBounds)
                } else {
                    model.play(a / cols, a % cols).map(|w| ((a / cols, a % cols), w))
                };
                let got = game.apply(action).map(|(cell, w)| (cell, number(w))).map_err(kind);
                assert_eq!(got, expected);
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
            Op::MoveAll(moves) => batch(
                &mut game,
                &mut model,
                &moves,
                |g, list| g.move_all(list),
                |m, (r, c, p)| m.make_move(r, c, p),
            ),
            Op::PlayAll(moves) => batch(
                &mut game,
                &mut model,
                &moves,
                |g, list| g.play_all(list),
                |m, (r, c)| m.play(r, c),
            ),
            Op::FromPosition => {
                // Only alternating games give positions that must be accepted.
                if model.count(1) == model.count(2) || model.count(1) == model.count(2) + 1 {
                    let rows = model.rows();
                    match Game::from_rows(rules, &rows) {
                        Ok(rebuilt) => {
                            // The marks become the position: not moves, never undone.
                            model.history.clear();
                            game = rebuilt;
                            assert!(game.undo().is_err());
                        }
                        Err(e) => {
                            // Free moves can reach grids no alternating game reaches.
                            let mut memo = std::collections::HashMap::new();
                            let reachable = common::reachable(&rules, &model.grid, &mut memo);
                            assert!(!reachable, "{rules:?} {rows:?}: {e}");
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
    fn matches_the_model((n, ops) in (1usize..6).prop_flat_map(|n| (Just(n), prop::collection::vec(op(n, n), 1..60)))) {
        assert_eq!(Game::new(n).unwrap(), Game::new(Rules::tic_tac_toe(n)).unwrap());
        run(Rules::tic_tac_toe(n), ops);
    }

    #[test]
    fn every_rule_set_matches_the_model(
        (rules, ops) in (1usize..=5, 1usize..=6, any::<bool>(), any::<bool>())
            .prop_flat_map(|(rows, cols, exact, gravity)| {
                (1..=rows.max(cols)).prop_map(move |k| Rules { rows, cols, k, exact, gravity })
            })
            .prop_flat_map(|rules| (Just(rules), prop::collection::vec(op(rules.rows, rules.cols), 1..60)))
    ) {
        run(rules, ops);
    }

    /// Boards on both sides of the largest that the one-word win rule takes (rows * (cols + 1)
    /// <= 64; larger ones, and the exact rule, keep run lengths), and long ones whose runs pass
    /// a byte's range (sides of 255 and more), with k up to the longer side.
    #[test]
    fn boards_either_side_of_one_word_match_the_model(
        (rules, ops) in prop_oneof![
            prop::sample::select(vec![
                (1, 63), (1, 64), (32, 1), (33, 1), (8, 7), (9, 7), (7, 8), (8, 8),
                (1, 255), (1, 256), (255, 1), (256, 1), (2, 300), (300, 2),
            ]),
            (1usize..=9, 1usize..=9),
        ]
            .prop_flat_map(|(rows, cols)| (Just((rows, cols)), 1..=rows.max(cols), any::<bool>(), any::<bool>()))
            .prop_map(|((rows, cols), k, exact, gravity)| Rules { rows, cols, k, exact, gravity })
            .prop_flat_map(|rules| (Just(rules), prop::collection::vec(op(rules.rows, rules.cols), 1..120)))
    ) {
        run(rules, ops);
    }
}

/// Runs as long as a side, past what a byte would hold: 255 (2 x 255) and 300 (2 x 300).
/// `X` fills the top row and `O` the bottom one; `X` wins with the mark that completes k, and
/// taking marks back and playing them again gives the same game.
#[test]
fn runs_as_long_as_a_side_win_and_undo() {
    for cols in [255, 300] {
        let mut game = Game::new(Rules::mnk(2, cols, cols)).unwrap();
        for col in 0..cols - 1 {
            assert_eq!(game.play(0, col).unwrap(), None);
            assert_eq!(game.play(1, col).unwrap(), None);
        }
        let before = game.clone();
        assert_eq!(game.play(0, cols - 1).unwrap(), Some(Player::X));
        game.undo().unwrap();
        assert_eq!(game, before);
        for _ in 0..4 {
            game.undo().unwrap();
        }
        for col in cols - 3..cols - 1 {
            game.play(0, col).unwrap();
            game.play(1, col).unwrap();
        }
        assert_eq!(game, before);
        assert_eq!(game.play(0, cols - 1).unwrap(), Some(Player::X));
        let runs: Vec<_> = game.winning_runs().collect();
        assert_eq!(runs.iter().map(|run| run.len()).collect::<Vec<_>>(), [cols]);
    }
}

/// The one-word rule's highest bits: a run along the whole of a 1 x 63 board (bits 0 to 62),
/// down the whole of a 32 x 1 board (every other bit up to 62), and an anti-diagonal of 8 x 7
/// ending on the bottom row's first cell (bit 56, next to the last bit a board may hold). Each
/// wins with the mark that completes it and not one mark earlier.
#[test]
fn runs_on_the_one_word_rule_s_last_bits_win() {
    let line = |rows: usize,
                cols: usize,
                k: usize,
                cells: Vec<(usize, usize)>,
                other: Vec<(usize, usize)>| {
        let mut game = Game::new(Rules::mnk(rows, cols, k)).unwrap();
        for (i, &mine) in cells.iter().enumerate() {
            let won = game.play(mine.0, mine.1).unwrap();
            assert_eq!(
                won,
                (i + 1 == cells.len()).then_some(Player::X),
                "{rows} x {cols}, k = {k}, mark {i}"
            );
            if let Some(&theirs) = other.get(i).filter(|_| won.is_none()) {
                game.play(theirs.0, theirs.1).unwrap();
            }
        }
        assert_eq!(game.winning_runs().map(|run| run.len()).collect::<Vec<_>>(), [k]);
    };
    // 1 x 63, k = 32: X fills the right half (O the left), winning on cell 62.
    line(
        1,
        63,
        32,
        (31..63).collect::<Vec<_>>().into_iter().map(|c| (0, c)).collect(),
        (0..31).map(|c| (0, c)).collect(),
    );
    // 32 x 1, k = 16: X fills the bottom half, winning on row 31.
    line(32, 1, 16, (16..32).map(|r| (r, 0)).collect(), (0..16).map(|r| (r, 0)).collect());
    // 8 x 7, k = 7: X's anti-diagonal from (1, 6) to (7, 0); O plays the top row.
    line(8, 7, 7, (1..8).map(|r| (r, 7 - r)).collect(), (0..7).map(|c| (0, c)).collect());
}

/// A shift past the one-word rule's word finds no run: on 1 x 63 (the column's step is 64
/// bits) X's marks on the first and last cells, 62 bits apart, are not two in a row, whose
/// shift a rule reading bit 63 as a mark would have turned into one.
#[test]
fn shifts_past_the_one_word_find_no_run() {
    let mut game = Game::new(Rules::mnk(1, 63, 2)).unwrap();
    for (col, won) in [(0, None), (30, None), (62, None), (31, Some(Player::O))] {
        assert_eq!(game.play(0, col).unwrap(), won, "the mark on column {col}");
    }
}
