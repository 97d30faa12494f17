//! `Batch` against independent `Game`s played move by move: random batches of random rules
//! (n x n tic-tac-toe for n from 1 to 8, and random rule sets up to 6 x 7 with any k, the exact
//! rule and gravity), random and illegal actions, subsets of games, both ways of handling an
//! illegal action, resets. After every operation every query of the batch must agree with the
//! single games, and a refused call must change nothing.

mod common;

use common::singles::{assert_same, step, Singles};
use proptest::prelude::*;
use tictactoe_core::{
    Batch, Error, Game, Illegal, ListError, Player, RestoreError, Rules, Selection, NO_ACTION,
};

#[derive(Clone, Debug)]
enum Op {
    /// Actions for every game: random legal ones, with some replaced by arbitrary numbers.
    Step {
        wild: Vec<Option<u32>>,
        lose: bool,
    },
    /// Actions for the games whose bit is set, in the order given by `order`.
    StepSome {
        pick: Vec<bool>,
        wild: Vec<Option<u32>>,
        lose: bool,
    },
    /// A random legal move in every game (`None`) or the games whose bit is set, in one call.
    StepRandom {
        pick: Option<Vec<bool>>,
    },
    /// A learner's step against the random opponent: the learner plays `sides[g]` (1 or 2) of
    /// game g, which restarts where `restart[g]` is set and else takes the action.
    AgainstRandom {
        sides: Vec<u8>,
        restart: Vec<bool>,
        wild: Vec<Option<u32>>,
        lose: bool,
    },
    /// A step in which the games flagged start again instead.
    StepRestarting {
        restart: Vec<bool>,
        wild: Vec<Option<u32>>,
        lose: bool,
    },
    Reset {
        pick: Option<Vec<bool>>,
    },
    /// Empty the games that are over.
    ResetTerminated,
}

fn op(count: usize) -> impl Strategy<Value = Op> {
    let wild = || prop::collection::vec(prop::option::weighted(0.15, 0u32..70), count);
    let pick = || prop::collection::vec(any::<bool>(), count);
    prop_oneof![
        6 => (wild(), any::<bool>()).prop_map(|(wild, lose)| Op::Step { wild, lose }),
        3 => (pick(), wild(), any::<bool>()).prop_map(|(pick, wild, lose)| Op::StepSome { pick, wild, lose }),
        2 => prop::option::of(pick()).prop_map(|pick| Op::StepRandom { pick }),
        3 => (prop::collection::vec(1u8..=2, count), prop::collection::vec(prop::bool::weighted(0.2), count), wild(), any::<bool>())
            .prop_map(|(sides, restart, wild, lose)| Op::AgainstRandom { sides, restart, wild, lose }),
        2 => (prop::collection::vec(prop::bool::weighted(0.2), count), wild(), any::<bool>())
            .prop_map(|(restart, wild, lose)| Op::StepRestarting { restart, wild, lose }),
        1 => prop::option::of(pick()).prop_map(|pick| Op::Reset { pick }),
        1 => Just(Op::ResetTerminated),
    ]
}

/// Rules: LeetCode's n x n, or any rule set of up to 9 x 9 (past 64 cells free-style rules
/// keep run lengths, a byte wide in a batch and 16 bits in the single games).
pub fn rules() -> impl Strategy<Value = Rules> {
    let family = (1usize..=9, 1usize..=9, any::<bool>(), any::<bool>()).prop_flat_map(
        |(rows, cols, exact, gravity)| {
            (1..=rows.max(cols)).prop_map(move |k| Rules { rows, cols, k, exact, gravity })
        },
    );
    prop_oneof![(1usize..=8).prop_map(Rules::tic_tac_toe), family]
}

/// The refusal a refusing step of `actions` owes, the games flagged in `restart` left out.
fn first_refused(singles: &Singles, actions: &[u32], restart: &[bool]) -> Option<ListError> {
    let mut live = (0..actions.len()).filter(|&g| !restart[g]);
    live.find_map(|g| {
        singles.refusal(g, actions[g]).map(|error| ListError { index: Some(g), error })
    })
}

/// On `model` and the single games: the games flagged in `restart` emptied, the others
/// stepped with their action.
fn restart_or_step(
    model: &mut Batch,
    singles: &mut Singles,
    actions: &[u32],
    restart: &[bool],
    illegal: Illegal,
) {
    let (restarted, live): (Vec<usize>, Vec<usize>) = (0..actions.len()).partition(|&g| restart[g]);
    model.reset(Selection::Listed(&restarted)).unwrap();
    for &g in &restarted {
        singles.games[g] = Game::new(model.rules()).unwrap();
        singles.forfeit[g] = None;
    }
    let moves: Vec<u32> = live.iter().map(|&g| actions[g]).collect();
    step(model, singles, Some(&live), &moves, illegal);
}

fn case() -> impl Strategy<Value = (Rules, usize, u64, Vec<Op>)> {
    (rules(), 1usize..=6, any::<u64>()).prop_flat_map(|(rules, count, seed)| {
        (Just(rules), Just(count), Just(seed), prop::collection::vec(op(count), 1..40))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn batch_agrees_with_single_games((rules, count, seed, ops) in case()) {
        let mut batch = Batch::new(count, rules, seed).unwrap();
        let mut singles = Singles::new(count, rules);
        assert_same(&batch, &singles);
        for op in ops {
            let mut random = vec![0; count];
            batch.random_legal_actions(Selection::All, &mut random).unwrap();
            for (g, &action) in random.iter().enumerate() {
                // NO_ACTION exactly for games that are over; otherwise a legal cell.
                prop_assert_eq!(action == NO_ACTION, singles.over(g));
                prop_assert!(action == NO_ACTION || singles.refusal(g, action).is_none());
            }
            let actions = |wild: &[Option<u32>]| -> Vec<u32> {
                random.iter().zip(wild).map(|(&r, w)| w.unwrap_or(r)).collect()
            };
            let illegal = |lose: bool| if lose { Illegal::Lose } else { Illegal::Refuse };
            match op {
                Op::Step { wild, lose } => step(&mut batch, &mut singles, None, &actions(&wild), illegal(lose)),
                Op::StepSome { pick, wild, lose } => {
                    let games: Vec<usize> = (0..count).rev().filter(|&g| pick[g]).collect();
                    let all = actions(&wild);
                    let picked: Vec<u32> = games.iter().map(|&g| all[g]).collect();
                    step(&mut batch, &mut singles, Some(&games), &picked, illegal(lose));
                }
                Op::StepRandom { pick } => {
                    // The same as drawing for the games and stepping those not over, on a copy.
                    let games: Vec<usize> = (0..count).rev().filter(|&g| pick.as_ref().map_or(true, |p| p[g])).collect();
                    let mut drawn = batch.clone();
                    let mut draws = vec![0; games.len()];
                    drawn.random_legal_actions(Selection::Listed(&games), &mut draws).unwrap();
                    let mut winners = vec![9; games.len()];
                    match pick {
                        None => {
                            batch.step_random(Selection::All, &mut winners).unwrap();
                            winners.reverse();
                        }
                        Some(_) => batch.step_random(Selection::Listed(&games), &mut winners).unwrap(),
                    }
                    let (live, moves): (Vec<usize>, Vec<u32>) =
                        games.iter().zip(&draws).filter(|(_, &a)| a != NO_ACTION).map(|(&g, &a)| (g, a)).unzip();
                    step(&mut drawn, &mut singles, Some(&live), &moves, Illegal::Refuse);
                    prop_assert_eq!(&batch, &drawn);
                    let mut after = vec![0; count];
                    batch.winners(&mut after).unwrap();
                    prop_assert_eq!(winners, games.iter().map(|&g| after[g]).collect::<Vec<_>>());
                }
                Op::AgainstRandom { sides, restart, wild, lose } => {
                    // The same as resetting the restarted games, stepping the others and then
                    // drawing the opponent's replies where it is to move, on a copy.
                    let all = actions(&wild);
                    let mut model = batch.clone();
                    let mut winners = vec![9; count];
                    let result = batch.step_against_random(Selection::All, &sides, &all, &restart, &mut winners, illegal(lose));
                    if let (false, Some(refusal)) = (lose, first_refused(&singles, &all, &restart)) {
                        prop_assert_eq!(result, Err(refusal));
                        prop_assert_eq!(&batch, &model, "a refused step changed the batch");
                    } else {
                        prop_assert_eq!(result, Ok(()));
                        restart_or_step(&mut model, &mut singles, &all, &restart, illegal(lose));
                        let replying: Vec<usize> = (0..count)
                            .filter(|&g| !singles.over(g) && singles.games[g].next_player().number() != sides[g])
                            .collect();
                        let mut draws = vec![0; replying.len()];
                        model.random_legal_actions(Selection::Listed(&replying), &mut draws).unwrap();
                        step(&mut model, &mut singles, Some(&replying), &draws, Illegal::Refuse);
                        prop_assert_eq!(&batch, &model);
                        prop_assert_eq!(winners, (0..count).map(|g| singles.winner(g)).collect::<Vec<_>>());
                        let mut rewards = vec![9.0; count];
                        batch.rewards_into(&sides, &mut rewards).unwrap();
                        for (g, &reward) in rewards.iter().enumerate() {
                            let winner = singles.winner(g);
                            let expected = if winner == 0 { 0.0 } else if winner == sides[g] { 1.0 } else { -1.0 };
                            prop_assert_eq!(reward, expected);
                        }
                    }
                }
                Op::StepRestarting { restart, wild, lose } => {
                    // The same as resetting the games flagged and stepping the others.
                    let all = actions(&wild);
                    let mut model = batch.clone();
                    let mut winners = vec![9; count];
                    let result = batch.step_restarting(Selection::All, &all, &restart, &mut winners, illegal(lose));
                    if let (false, Some(refusal)) = (lose, first_refused(&singles, &all, &restart)) {
                        prop_assert_eq!(result, Err(refusal));
                        prop_assert_eq!(&batch, &model, "a refused step changed the batch");
                    } else {
                        prop_assert_eq!(result, Ok(()));
                        restart_or_step(&mut model, &mut singles, &all, &restart, illegal(lose));
                        prop_assert_eq!(&batch, &model);
                        prop_assert_eq!(winners, (0..count).map(|g| singles.winner(g)).collect::<Vec<_>>());
                    }
                }
                Op::Reset { pick: None } => {
                    batch.reset(Selection::All).unwrap();
                    singles = Singles::new(count, rules);
                }
                Op::ResetTerminated => {
                    batch.reset_terminated(Selection::All).unwrap();
                    for g in 0..count {
                        if singles.over(g) {
                            singles.games[g] = Game::new(rules).unwrap();
                            singles.forfeit[g] = None;
                        }
                    }
                }
                Op::Reset { pick: Some(pick) } => {
                    let games: Vec<usize> = (0..count).filter(|&g| pick[g]).collect();
                    batch.reset(Selection::Listed(&games)).unwrap();
                    for g in games {
                        singles.games[g] = Game::new(rules).unwrap();
                        singles.forfeit[g] = None;
                    }
                }
            }
            assert_same(&batch, &singles);
        }
    }
}

#[test]
fn restore_replays_and_refuses_what_no_batch_holds() {
    let mut batch = Batch::new(3, 3, 9).unwrap();
    let mut winners = [0u8; 3];
    batch.step(Selection::All, &[4, 0, 99], &mut winners, Illegal::Lose).unwrap();
    batch.step(Selection::All, &[0, 4, 1], &mut winners, Illegal::Lose).unwrap();
    batch.step(Selection::Listed(&[0, 1]), &[1, 8], &mut [0; 2], Illegal::Refuse).unwrap();
    batch.winners(&mut winners).unwrap();
    let owned: Vec<Vec<u32>> = (0..3).map(|g| batch.history(g).unwrap().to_vec()).collect();
    let histories: Vec<&[u32]> = owned.iter().map(Vec::as_slice).collect();
    let states = batch.generator_states().to_vec();
    let copy = Batch::restore(3, &histories, &winners, &states).unwrap();
    assert_eq!(copy, batch);
    // A history with a taken cell, a winner nothing explains, lists of other lengths.
    let taken: Vec<&[u32]> = vec![&[4, 4], histories[1], histories[2]];
    assert_eq!(
        Batch::restore(3, &taken, &winners, &states).unwrap_err(),
        RestoreError { game: Some(0), error: Error::Occupied { row: 1, col: 1, by: Player::X } }
    );
    // Game 0 has O to move: a forfeit would go to X, so a win by O is explained by nothing.
    let claimed = [2u8, winners[1], winners[2]];
    assert!(matches!(
        Batch::restore(3, &histories, &claimed, &states).unwrap_err(),
        RestoreError { game: Some(0), error: Error::InvalidPosition(_) }
    ));
    assert_eq!(
        Batch::restore(3, &histories, &winners[..2], &states).unwrap_err(),
        RestoreError { game: None, error: Error::LengthMismatch { len: 2, expected: 3 } }
    );
    assert_eq!(
        Batch::restore(3, &[], &[], &[]).unwrap_err().error,
        Error::InvalidCount { count: 0 }
    );
}

#[test]
fn seeds_reproduce_and_differ() {
    let play = |seed: u64| {
        let mut batch = Batch::new(64, 4, seed).unwrap();
        let (mut actions, mut winners) = (vec![0; 64], vec![0; 64]);
        for _ in 0..8 {
            batch.random_legal_actions(Selection::All, &mut actions).unwrap();
            batch.step(Selection::All, &actions, &mut winners, Illegal::Lose).unwrap();
        }
        batch
    };
    assert_eq!(play(1), play(1));
    assert_ne!(play(1), play(2));
}

#[test]
fn random_actions_are_uniform() {
    // 9 free cells, 90 000 draws from independent games: each cell about 10 000 times.
    let mut batch = Batch::new(90_000, 3, 5).unwrap();
    let mut actions = vec![0; 90_000];
    batch.random_legal_actions(Selection::All, &mut actions).unwrap();
    let mut counts = [0usize; 9];
    for &a in &actions {
        counts[a as usize] += 1;
    }
    assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
}

#[test]
fn bad_arguments_are_refused_and_change_nothing() {
    assert_eq!(Batch::new(0, 3, 0), Err(Error::InvalidCount { count: 0 }));
    assert_eq!(Batch::new(2, 0, 0), Err(Error::InvalidSize { n: 0 }));
    assert_eq!(Batch::new(2, 65_536, 0), Err(Error::InvalidSize { n: 65_536 }));
    assert_eq!(Batch::new(usize::MAX, 3, 0), Err(Error::AllocFailed));
    let mut batch = Batch::new(3, 3, 0).unwrap();
    batch.step(Selection::All, &[0, 1, 2], &mut [0; 3], Illegal::Refuse).unwrap();
    let before = batch.clone();
    let short = Error::LengthMismatch { len: 2, expected: 3 };
    assert_eq!(
        batch.step(Selection::All, &[3, 4], &mut [0; 3], Illegal::Lose),
        Err(ListError { index: None, error: short })
    );
    assert_eq!(
        batch.step(Selection::All, &[3, 4, 5], &mut [0; 2], Illegal::Lose).unwrap_err().error,
        Error::LengthMismatch { len: 2, expected: 3 }
    );
    let outside = Error::GameIndex { game: 3, count: 3 };
    assert_eq!(
        batch.step(Selection::Listed(&[1, 3]), &[4, 4], &mut [0; 2], Illegal::Lose),
        Err(ListError { index: Some(1), error: outside })
    );
    let twice = Error::RepeatedGame { game: 1 };
    assert_eq!(
        batch.step(Selection::Listed(&[1, 0, 1]), &[4, 4, 4], &mut [0; 3], Illegal::Lose),
        Err(ListError { index: Some(2), error: twice })
    );
    let seven = ListError { index: Some(1), error: Error::GameIndex { game: 7, count: 3 } };
    assert_eq!(batch.reset(Selection::Listed(&[0, 7])), Err(seven));
    let mut small = [0u8; 2];
    assert_eq!(batch.winners(&mut small), Err(short));
    assert_eq!(
        batch.cells_into(&mut [0; 26]),
        Err(Error::LengthMismatch { len: 26, expected: 27 })
    );
    assert_eq!(
        batch.observation_into(None, &mut [false; 27]),
        Err(Error::LengthMismatch { len: 27, expected: 54 }.into())
    );
    assert_eq!(
        batch.legal_mask_into(&mut [false; 28]),
        Err(Error::LengthMismatch { len: 28, expected: 27 })
    );
    assert_eq!(
        batch.random_legal_actions(Selection::All, &mut [0; 4]),
        Err(Error::LengthMismatch { len: 4, expected: 3 }.into())
    );
    assert_eq!(batch.history(3), Err(outside));
    assert_eq!(batch.game(3).unwrap_err(), outside);
    assert_eq!(batch, before);
    // The scratch that finds repeated games is clean after a refusal: the same games step.
    batch.step(Selection::Listed(&[1, 0]), &[4, 4], &mut [0; 2], Illegal::Refuse).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Drawing for a list of games gives each listed game what a draw for every game would, and
    /// moves no other game's generator; a game seeded alone draws what a batch of one game with
    /// that seed does.
    #[test]
    fn listed_draws_and_seeds_are_per_game(
        (n, count, seed) in (1usize..=6, 1usize..=12, any::<u64>()),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        reseed in any::<u64>(),
        rounds in 1usize..8,
    ) {
        let mut listed = Batch::new(count, n, seed).unwrap();
        let mut everyone = listed.clone();
        let mut games: Vec<usize> = picks.iter().map(|p| p.index(count)).collect();
        games.sort_unstable();
        games.dedup();
        let mut single = Batch::new(1, n, reseed).unwrap();
        listed.seed(Selection::Listed(&[games.first().copied().unwrap_or(0)]), &[reseed]).unwrap();
        for _ in 0..rounds {
            let before = listed.generator_states().to_vec();
            let mut all = vec![0; count];
            everyone.random_legal_actions(Selection::All, &mut all).unwrap();
            let mut some = vec![0; games.len()];
            listed.random_legal_actions(Selection::Listed(&games), &mut some).unwrap();
            for (g, state) in before.iter().enumerate() {
                if !games.contains(&g) {
                    prop_assert_eq!(listed.generator_states()[g], *state);
                }
            }
            for (i, &g) in games.iter().enumerate().skip(1) {
                prop_assert_eq!(some[i], all[g]);
            }
            if let Some(&first) = games.first() {
                let mut alone = [0];
                single.random_legal_actions(Selection::All, &mut alone).unwrap();
                prop_assert_eq!(some[0], alone[0]);
                prop_assert_eq!(listed.generator_states()[first], single.generator_states()[0]);
            }
            // Everyone plays the same legal moves, so that the boards stay equal.
            let moves: Vec<u32> = all.iter().enumerate().map(|(g, &a)| match games.iter().position(|&x| x == g) {
                Some(i) => some[i],
                None => a,
            }).collect();
            let illegal = Illegal::Lose;
            let played: Vec<u32> = moves.iter().map(|&a| if a == NO_ACTION { 0 } else { a }).collect();
            let live: Vec<usize> = (0..count).filter(|&g| moves[g] != NO_ACTION).collect();
            let acts: Vec<u32> = live.iter().map(|&g| played[g]).collect();
            let mut w = vec![0; live.len()];
            listed.step(Selection::Listed(&live), &acts, &mut w, illegal).unwrap();
            everyone.step(Selection::Listed(&live), &acts, &mut w, illegal).unwrap();
            if let Some(&first) = games.first() {
                if moves[first] != NO_ACTION {
                    single.step(Selection::All, &[moves[first]], &mut [0], illegal).unwrap();
                }
            }
        }
    }
}

/// A bad list of games or seeds draws nothing and seeds nothing.
#[test]
fn refused_draws_and_seeds_change_nothing() {
    let mut batch = Batch::new(3, 3, 5).unwrap();
    let before = batch.clone();
    let at = |index, error| Err(ListError { index: Some(index), error });
    assert_eq!(
        batch.random_legal_actions(Selection::Listed(&[0, 3]), &mut [0; 2]),
        at(1, Error::GameIndex { game: 3, count: 3 })
    );
    assert_eq!(
        batch.random_legal_actions(Selection::Listed(&[2, 0, 2]), &mut [0; 3]),
        at(2, Error::RepeatedGame { game: 2 })
    );
    assert_eq!(
        batch.random_legal_actions(Selection::Listed(&[2, 0]), &mut [0; 3]),
        Err(ListError::from(Error::LengthMismatch { len: 3, expected: 2 }))
    );
    let five = ListError { index: Some(1), error: Error::GameIndex { game: 5, count: 3 } };
    assert_eq!(batch.seed(Selection::Listed(&[0, 5]), &[1, 2]), Err(five));
    assert_eq!(
        batch.seed(Selection::Listed(&[0]), &[1, 2]),
        Err(Error::LengthMismatch { len: 2, expected: 1 }.into())
    );
    assert_eq!(batch, before);
    // A game that is over draws nothing: its generator stays where it was.
    batch.step(Selection::Listed(&[1]), &[0], &mut [0], Illegal::Lose).unwrap();
    batch.step(Selection::Listed(&[1]), &[99], &mut [0], Illegal::Lose).unwrap();
    let state = batch.generator_states()[1];
    let mut out = [0; 1];
    batch.random_legal_actions(Selection::Listed(&[1]), &mut out).unwrap();
    assert_eq!((out[0], batch.generator_states()[1]), (NO_ACTION, state));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Planes from a chosen side: the player to move's side is the observation; the other side
    /// swaps its two planes.
    #[test]
    fn observation_from_either_side(
        (n, count, seed) in (1usize..=5, 1usize..=8, any::<u64>()),
        steps in 0usize..10,
    ) {
        let mut batch = Batch::new(count, n, seed).unwrap();
        for _ in 0..steps {
            let mut actions = vec![0; count];
            batch.random_legal_actions(Selection::All, &mut actions).unwrap();
            let live: Vec<usize> = (0..count).filter(|&g| actions[g] != NO_ACTION).collect();
            let acts: Vec<u32> = live.iter().map(|&g| actions[g]).collect();
            batch.step(Selection::Listed(&live), &acts, &mut vec![0; live.len()], Illegal::Refuse).unwrap();
        }
        let plane = n * n;
        let mut movers = vec![0; count];
        batch.next_players(&mut movers).unwrap();
        let others: Vec<u8> = movers.iter().map(|&p| 3 - p).collect();
        let mut seen = vec![false; count * 2 * plane];
        batch.observation_into(None, &mut seen).unwrap();
        let mut mine = vec![true; count * 2 * plane];
        batch.observation_into(Some(&movers), &mut mine).unwrap();
        prop_assert_eq!(&mine, &seen);
        let mut theirs = vec![true; count * 2 * plane];
        batch.observation_into(Some(&others), &mut theirs).unwrap();
        for g in 0..count {
            let at = g * 2 * plane;
            prop_assert_eq!(&theirs[at..at + plane], &seen[at + plane..at + 2 * plane]);
            prop_assert_eq!(&theirs[at + plane..at + 2 * plane], &seen[at..at + plane]);
        }
        // Refusals write nothing.
        let mut untouched = vec![true; count * 2 * plane];
        let mut bad = movers.clone();
        bad[count - 1] = 3;
        let refusal = ListError { index: Some(count - 1), error: Error::InvalidPlayer { player: 3 } };
        prop_assert_eq!(batch.observation_into(Some(&bad), &mut untouched), Err(refusal));
        prop_assert_eq!(
            batch.observation_into(Some(&movers[1..]), &mut untouched),
            Err(Error::LengthMismatch { len: count - 1, expected: count }.into())
        );
        prop_assert!(untouched.iter().all(|&b| b));
    }
}

#[test]
fn an_illegal_action_for_a_finished_game_keeps_its_result() {
    // Game 0 drawn (X O X / X O O / O X X), game 1 won by X, game 2 in progress.
    let mut batch = Batch::new(3, 3, 0).unwrap();
    let mut winners = [9u8; 3];
    for (draw, win) in [0, 1, 2, 4, 3, 5, 7, 6, 8].into_iter().zip([0, 3, 1, 4, 2, 99, 99, 99, 99])
    {
        let (listed, actions): (Vec<usize>, Vec<u32>) =
            if win == 99 { (vec![0], vec![draw]) } else { (vec![0, 1], vec![draw, win]) };
        batch
            .step(
                Selection::Listed(&listed),
                &actions,
                &mut winners[..listed.len()],
                Illegal::Refuse,
            )
            .unwrap();
    }
    let mut over = [false; 3];
    batch.terminated(&mut over).unwrap();
    batch.winners(&mut winners).unwrap();
    assert_eq!((over, winners), ([true, true, false], [0, 1, 0]));
    // Any action for a finished game is illegal; with Lose, the draw stays a draw, the win a
    // win, and only the game in progress is lost (by X, to move there).
    let before = batch.clone();
    batch.step(Selection::All, &[4, 8, 99], &mut winners, Illegal::Lose).unwrap();
    assert_eq!(winners, [0, 1, 2]);
    assert_eq!(batch.game(0).unwrap(), before.game(0).unwrap());
    // And the state still restores from its histories and winners.
    let histories: Vec<&[u32]> = (0..3).map(|g| batch.history(g).unwrap()).collect();
    let copy = Batch::restore(3, &histories, &winners, batch.generator_states()).unwrap();
    assert_eq!(copy, batch);
    // A drawn game claimed as won by a forfeit is refused.
    let claimed = [2, 1, 2];
    assert!(Batch::restore(3, &histories, &claimed, batch.generator_states()).is_err());
}

#[test]
fn random_steps_refuse_bad_lists_and_change_nothing() {
    let mut batch = Batch::new(3, Rules::CONNECT_FOUR, 4).unwrap();
    batch.step_random(Selection::All, &mut [0; 3]).unwrap();
    let before = batch.clone();
    assert_eq!(
        batch.step_random(Selection::All, &mut [0; 2]),
        Err(Error::LengthMismatch { len: 2, expected: 3 }.into())
    );
    let refused = [
        (vec![0, 3], ListError { index: Some(1), error: Error::GameIndex { game: 3, count: 3 } }),
        (vec![2, 0, 2], ListError { index: Some(2), error: Error::RepeatedGame { game: 2 } }),
    ];
    for (games, error) in refused {
        assert_eq!(
            batch.step_random(Selection::Listed(&games), &mut vec![0; games.len()]),
            Err(error)
        );
    }
    let short = ListError { index: None, error: Error::LengthMismatch { len: 1, expected: 2 } };
    assert_eq!(batch.step_random(Selection::Listed(&[0, 1]), &mut [0; 1]), Err(short));
    assert_eq!(batch, before, "a refused random step changed the batch");
}

#[test]
fn steps_against_random_refuse_bad_arguments_and_change_nothing() {
    let mut batch = Batch::new(3, Rules::CONNECT_FOUR, 4).unwrap();
    batch.step_random(Selection::All, &mut [0; 3]).unwrap();
    let before = batch.clone();
    let (sides, actions, restart) = ([1, 2, 2], [0, 1, 2], [true, false, false]);
    let whole = |error| Err(ListError { index: None, error });
    let refused = [
        (
            &[1, 2][..],
            &actions[..],
            &restart[..],
            None,
            Error::LengthMismatch { len: 2, expected: 3 },
        ),
        (&[1, 3, 1], &actions, &restart, Some(1), Error::InvalidPlayer { player: 3 }),
        (&[0, 1, 1], &actions, &restart, Some(0), Error::InvalidPlayer { player: 0 }),
        (&sides, &actions[..1], &restart, None, Error::LengthMismatch { len: 1, expected: 3 }),
        (&sides, &actions, &restart[..2], None, Error::LengthMismatch { len: 2, expected: 3 }),
    ];
    for (sides, actions, restart, index, error) in refused {
        let result = batch.step_against_random(
            Selection::All,
            sides,
            actions,
            restart,
            &mut [0; 3],
            Illegal::Lose,
        );
        assert_eq!(result, Err(ListError { index, error }));
    }
    let short = batch.step_against_random(
        Selection::All,
        &sides,
        &actions,
        &restart,
        &mut [0; 2],
        Illegal::Refuse,
    );
    assert_eq!(short, whole(Error::LengthMismatch { len: 2, expected: 3 }));
    // Column 7 is off the board in game 2; game 0, restarted, may have any action.
    let off = batch.step_against_random(
        Selection::All,
        &sides,
        &[99, 1, 7],
        &restart,
        &mut [0; 3],
        Illegal::Refuse,
    );
    assert_eq!(
        off,
        Err(ListError {
            index: Some(2),
            error: Error::OutOfBounds { row: 0, col: 7, rows: 6, cols: 7 }
        })
    );
    assert_eq!(batch, before, "a refused step changed the batch");
    // With Lose the bad action loses game 2 for its player to move, the learner (O) there.
    let mut winners = [9; 3];
    batch
        .step_against_random(
            Selection::All,
            &sides,
            &[99, 1, 7],
            &restart,
            &mut winners,
            Illegal::Lose,
        )
        .unwrap();
    assert_eq!(winners[2], 1);
    let mut rewards = [9.0; 3];
    batch.rewards_into(&sides, &mut rewards).unwrap();
    assert_eq!(rewards[2], -1.0);
    assert_eq!(
        batch.rewards_into(&[1, 9, 1], &mut rewards),
        Err(ListError { index: Some(1), error: Error::InvalidPlayer { player: 9 } })
    );
    assert_eq!(
        batch.rewards_into(&sides, &mut [0.0; 2]),
        Err(Error::LengthMismatch { len: 2, expected: 3 }.into())
    );
    assert_eq!(rewards[2], -1.0, "a refused query wrote");
}

/// A batch's run lengths are a byte wide on boards whose sides are below 256 and 16 bits on
/// larger ones: runs of 255 (2 x 255) and 300 (2 x 300), `X` filling the top row and `O` the
/// bottom one, win with the mark that completes k, as in a single game.
#[test]
fn runs_as_long_as_a_side_win_in_a_batch() {
    for cols in [255, 300] {
        let mut batch = Batch::new(2, Rules::mnk(2, cols, cols), 1).unwrap();
        let mut winners = [9; 2];
        for col in 0..cols as u32 {
            batch.step(Selection::All, &[col, col], &mut winners, Illegal::Refuse).unwrap();
            let won = if col + 1 == cols as u32 { Player::X.number() } else { 0 };
            assert_eq!(winners, [won; 2], "{cols} columns, X's mark {col}");
            if won == 0 {
                batch
                    .step(Selection::All, &[cols as u32 + col; 2], &mut winners, Illegal::Refuse)
                    .unwrap();
                assert_eq!(winners, [0; 2]);
            }
        }
        let game = batch.game(0).unwrap();
        assert_eq!(game.winning_runs().map(|run| run.len()).collect::<Vec<_>>(), [cols]);
    }
}

/// A game writes its planes and legal mask as a batch of it does, along random games of the
/// family's rule sets (gravity's column actions and finished games included), and refuses
/// outputs of the wrong length without writing them.
#[test]
fn a_game_observes_as_a_batch_of_it_does() {
    let mut state = 17u64;
    for rules in [
        Rules::tic_tac_toe(3),
        Rules::CONNECT_FOUR,
        Rules { exact: true, ..Rules::mnk(5, 6, 3) },
        Rules::mnk(9, 9, 5),
    ] {
        for _ in 0..20 {
            let mut batch = Batch::new(1, rules, 3).unwrap();
            loop {
                let game = batch.game(0).unwrap();
                let cells = rules.rows * rules.cols;
                let (mut planes, mut expected) = (vec![false; 2 * cells], vec![false; 2 * cells]);
                game.observation_into(&mut planes).unwrap();
                batch.observation_into(None, &mut expected).unwrap();
                assert_eq!(planes, expected, "{rules:?}");
                let actions = batch.actions();
                let (mut legal, mut expected) = (vec![true; actions], vec![true; actions]);
                game.legal_mask_into(&mut legal).unwrap();
                batch.legal_mask_into(&mut expected).unwrap();
                assert_eq!(legal, expected, "{rules:?}");
                if game.is_over() {
                    break;
                }
                let moves: Vec<u32> = game.legal_actions().collect();
                let pick =
                    moves[tictactoe_core::random::below(&mut state, moves.len() as u64) as usize];
                batch.step(Selection::All, &[pick], &mut [0], Illegal::Refuse).unwrap();
            }
        }
    }
    let game = Game::new(3).unwrap();
    let mut short = [true; 17];
    assert!(game.observation_into(&mut short).is_err() && short.iter().all(|&f| f));
    assert!(game.legal_mask_into(&mut short[..8]).is_err() && short.iter().all(|&f| f));
}
