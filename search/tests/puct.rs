//! PUCT over a batch against the textbook algorithm (`textbook/`): with noise off and fresh
//! trees the visit counts must be equal, the root values equal to float precision; with the
//! trees kept by `play`, too. A failing evaluator leaves the search as it was.

extern crate alloc;

mod textbook;

use core::cmp::Reverse;

use textbook::{
    batch, check, config, evaluator, play_along, rule_sets, run, Even, Hashed, Textbook, C_PUCT,
};
use tictactoe_core::{Batch, Rules, Runner, Selection, NO_ACTION};
use tictactoe_search::{Evaluator, Puct, PuctConfig, PuctError};

/// Fresh trees: the visits of every game equal the textbook's, on the five rule sets.
#[test]
fn visits_equal_the_textbook_algorithm() {
    for rules in rule_sets() {
        for (plies, simulations) in [(0, 1), (1, 50), (4, 200), (7, 64)] {
            let batch = batch(rules, 6, plies);
            let mut puct = Puct::new(&batch, config()).unwrap();
            let mut eval = evaluator(&batch);
            let (visits, values) = run(&mut puct, &batch, &mut eval, simulations);
            let books: Vec<Option<Textbook>> = (0..batch.count())
                .map(|g| batch.game(g).unwrap())
                .map(|game| (!game.is_over()).then(|| Textbook::new(game)))
                .map(|book| {
                    book.map(|mut b| {
                        b.run(simulations, f64::from(C_PUCT));
                        b
                    })
                })
                .collect();
            check(&batch, &books, &visits, &values);
            for (g, book) in books.iter().enumerate() {
                if book.is_some() {
                    let sum: u32 =
                        visits[g * batch.actions()..(g + 1) * batch.actions()].iter().sum();
                    assert_eq!(sum, simulations, "a fresh root's visits sum to the simulations");
                }
            }
            // One call for the roots, then at most one a step (none when every leaf is a
            // finished game).
            assert!(eval.calls <= simulations as usize + 1, "{} calls", eval.calls);
        }
    }
}

/// Without exploration (`c_puct` 0) the search, greedy in Q (ties to the lowest action), is
/// still the textbook's.
#[test]
fn a_greedy_search_equals_the_textbook_s() {
    for rules in [Rules::tic_tac_toe(3), Rules::CONNECT_FOUR] {
        for plies in [2, 5, 8] {
            let batch = batch(rules, 6, plies);
            let greedy = PuctConfig { c_puct: 0.0, ..config() };
            let (visits, values) =
                run(&mut Puct::new(&batch, greedy).unwrap(), &batch, &mut evaluator(&batch), 150);
            let books: Vec<Option<Textbook>> = (0..batch.count())
                .map(|g| batch.game(g).unwrap())
                .map(|game| {
                    (!game.is_over()).then(|| {
                        let mut book = Textbook::new(game);
                        book.run(150, 0.0);
                        book
                    })
                })
                .collect();
            check(&batch, &books, &visits, &values);
        }
    }
}

/// Trees kept by `play` grow on as the textbook's subtrees do, move after move to the end.
#[test]
fn kept_subtrees_equal_the_textbook_s() {
    for rules in [Rules::tic_tac_toe(3), Rules::CONNECT_FOUR] {
        play_along(rules, config(), 30, |book| book.run(30, f64::from(C_PUCT)));
    }
}

/// An evaluator that fails (at the roots' call, or in the middle of a search of kept trees)
/// leaves everything as it was: the next search gives what it would have without the failure;
/// with several leaves a step too, virtual losses held and leaves pending.
#[test]
fn a_failed_search_changes_nothing() {
    let rules = Rules::CONNECT_FOUR;
    let cases =
        [0, 1, 5, 19].map(|fail_at| (1, fail_at)).into_iter().chain([(5, 0), (5, 2), (5, 4)]);
    for (leaves, fail_at) in cases {
        let config = PuctConfig { leaves, ..config() };
        let mut failing = batch(rules, 5, 3);
        let mut clean = failing.try_clone().unwrap();
        let (mut a, mut b) =
            (Puct::new(&failing, config).unwrap(), Puct::new(&clean, config).unwrap());
        let (mut ea, mut eb) = (evaluator(&failing), evaluator(&clean));
        // Trees kept from a first move, so that a failure has old nodes to spoil.
        let (visits, _) = run(&mut a, &failing, &mut ea, 40);
        run(&mut b, &clean, &mut eb, 40);
        let mut actions = vec![0; failing.count()];
        a.choose(&visits, 0.0, &mut actions).unwrap();
        a.play(&mut failing, &actions).unwrap();
        b.play(&mut clean, &actions).unwrap();
        let mut broken = Hashed { fail_at: Some(fail_at), ..evaluator(&failing) };
        let (mut visits, mut values) = (vec![7; 5 * 7], vec![7.0; 5]);
        let error = a.run(&failing, &mut broken, 30, true, &mut visits, &mut values);
        assert_eq!(error, Err(PuctError::Evaluator("the network broke")));
        assert!(
            visits.iter().all(|&v| v == 7) && values.iter().all(|&v| v == 7.0),
            "nothing written"
        );
        assert!(failing == clean, "the batch is as it was");
        assert_eq!(
            run(&mut a, &failing, &mut ea, 25),
            run(&mut b, &clean, &mut eb, 25),
            "{leaves} leaves, fail at {fail_at}"
        );
    }
}

/// Values out of [-1, 1] and unusable logits are refused, naming the leaf, and change nothing.
#[test]
fn bad_evaluations_are_refused() {
    struct Bad(f32, f32);
    impl Evaluator for Bad {
        type Error = ();
        fn evaluate(
            &mut self,
            _: &[bool],
            legal: &[bool],
            logits: &mut [f32],
            values: &mut [f32],
        ) -> Result<(), ()> {
            let actions = legal.len() / values.len();
            values.fill(0.0);
            values[values.len() - 1] = self.0;
            for (leaf, row) in logits.chunks_mut(actions).enumerate() {
                row.fill(if leaf == 1 { self.1 } else { 0.0 });
            }
            Ok(())
        }
    }
    let batch = batch(Rules::tic_tac_toe(3), 3, 1);
    let mut puct = Puct::new(&batch, config()).unwrap();
    let (mut visits, mut values) = (vec![0; 27], vec![0.0; 3]);
    for (value, logit, expected) in [
        (1.5, 0.0, PuctError::<()>::Value { leaf: 2, value: 1.5 }),
        (f32::NAN, 0.0, PuctError::Value { leaf: 2, value: f32::NAN }),
        (0.0, f32::NAN, PuctError::Logits { leaf: 1 }),
        (0.0, f32::INFINITY, PuctError::Logits { leaf: 1 }),
        (0.0, f32::NEG_INFINITY, PuctError::Logits { leaf: 1 }),
    ] {
        let error = puct
            .run(&batch, &mut Bad(value, logit), 4, false, &mut visits, &mut values)
            .unwrap_err();
        // NaN is not equal to itself: compare the messages.
        assert_eq!(format!("{error:?}"), format!("{expected:?}"));
    }
    let mut eval = evaluator(&batch);
    let mut fresh = Puct::new(&batch, config()).unwrap();
    assert_eq!(
        run(&mut puct, &batch, &mut eval, 20),
        run(&mut fresh, &batch, &mut evaluator(&batch), 20)
    );
}

/// Wrong sizes, settings out of range, illegal moves and a memory bound are refused cleanly.
#[test]
fn bad_calls_are_refused_and_change_nothing() {
    let mut batch = batch(Rules::CONNECT_FOUR, 2, 0);
    let gumbel =
        "1 with Gumbel's search (gumbel > 0), which counts a simulation a step at each root";
    for (config, name, message) in [
        (PuctConfig { c_puct: -1.5, ..config() }, "c_puct", "-1.5 is not a finite number >= 0"),
        (PuctConfig { c_puct: f32::NAN, ..config() }, "c_puct", "NaN is not a finite number >= 0"),
        (
            PuctConfig { dirichlet_alpha: 0.0, ..config() },
            "dirichlet_alpha",
            "0 is not a finite number > 0",
        ),
        (
            PuctConfig { dirichlet_fraction: 1.1, ..config() },
            "dirichlet_fraction",
            "1.1 is not a number in [0, 1]",
        ),
        (PuctConfig { leaves: 0, ..config() }, "leaves", "0 is not 1 or more"),
        (
            PuctConfig { leaves: u32::MAX, gumbel: 4, ..config() },
            "leaves",
            &format!("4294967295 is not {gumbel}"),
        ),
    ] {
        let refused = Puct::new(&batch, config).unwrap_err();
        let PuctError::Setting { name: named, .. } = refused else { panic!("{refused:?}") };
        assert_eq!(named, name);
        // The message says what was given and what the setting must be.
        assert_eq!(refused.to_string(), format!("{name} is out of its range: {message}"));
    }
    let mut chooser = Puct::new(&batch, config()).unwrap();
    let refused = chooser.choose(&[0; 14], -0.5, &mut [0; 2]).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "temperature is out of its range: -0.5 is not a finite number >= 0"
    );
    let mut puct = Puct::new(&batch, config()).unwrap();
    let mut eval = evaluator(&batch);
    let (mut visits, mut values) = (vec![0; 14], vec![0.0; 2]);
    assert!(puct.run(&batch, &mut eval, 3, false, &mut visits[..13], &mut values).is_err());
    assert!(puct.run(&batch, &mut eval, 3, false, &mut visits, &mut values[..1]).is_err());
    let other = Batch::new(3, Rules::CONNECT_FOUR, 0).unwrap();
    assert!(puct.run(&other, &mut eval, 3, false, &mut [0; 21], &mut [0.0; 3]).is_err());
    let gomoku = Batch::new(2, Rules::mnk(15, 15, 5), 0).unwrap();
    for other in [&other, &gomoku] {
        assert_eq!(puct.bytes_needed(other, 3), Err(PuctError::OtherBatch));
    }
    assert_eq!(eval.calls, 0, "nothing evaluated");
    // A full column: refused, naming the game; nothing played.
    let before = batch.try_clone().unwrap();
    for _ in 0..6 {
        puct.play(&mut batch, &[3, 4]).unwrap();
    }
    let full = batch.try_clone().unwrap();
    assert!(matches!(puct.play(&mut batch, &[0, 4]), Err(PuctError::Action { game: 1, .. })));
    assert!(batch == full && batch != before);
    assert!(puct.play(&mut batch, &[0]).is_err());
    // A memory bound below what the search needs.
    let needed = puct.bytes_needed(&batch, 100).unwrap();
    assert!(needed > puct.bytes_needed(&batch, 10).unwrap());
    let mut small =
        Puct::new(&batch, PuctConfig { max_bytes: Some(needed - 1), ..config() }).unwrap();
    let refused = small.run(&batch, &mut eval, 100, false, &mut visits, &mut values);
    assert_eq!(refused, Err(PuctError::Memory { needed, max_bytes: needed - 1 }));
    assert!(small.run(&batch, &mut eval, 10, false, &mut visits, &mut values).is_ok());
    assert!(puct.choose(&visits, -1.0, &mut [0, 0]).is_err());
    assert!(puct.choose(&visits[..7], 0.0, &mut [0, 0]).is_err());
}

/// Noise is seeded: the same seed gives the same visits; another seed, or none, others. The
/// priors come back after the search: a search without noise next gives a fresh one's visits.
#[test]
fn noise_is_seeded_and_leaves_the_priors() {
    let batch = batch(Rules::CONNECT_FOUR, 8, 2);
    let noisy = |seed: u64| {
        let mut puct = Puct::new(&batch, PuctConfig { seed, ..config() }).unwrap();
        let mut visits = vec![0; 8 * 7];
        puct.run(&batch, &mut evaluator(&batch), 64, true, &mut visits, &mut [0.0; 8]).unwrap();
        (puct, visits)
    };
    let (mut puct, first) = noisy(1);
    assert_eq!(first, noisy(1).1);
    assert_ne!(first, noisy(2).1);
    let mut plain = Puct::new(&batch, config()).unwrap();
    let fresh = run(&mut plain, &batch, &mut evaluator(&batch), 64);
    assert_ne!(first, fresh.0);
    let (after_noise, _) = run(&mut puct, &batch, &mut evaluator(&batch), 0);
    assert_eq!(after_noise, first, "no simulation: the visits stand");
    // The noise is put back: a root expanded by a noisy search of no simulation searches on as
    // a plain one does.
    let mut noised = Puct::new(&batch, PuctConfig { seed: 3, ..config() }).unwrap();
    let (mut visits, mut values) = (vec![0; 8 * 7], vec![0.0; 8]);
    noised.run(&batch, &mut evaluator(&batch), 0, true, &mut visits, &mut values).unwrap();
    assert_eq!(run(&mut noised, &batch, &mut evaluator(&batch), 64), fresh);
}

/// After a failure the seed's state is as it was: noisy searches and moves drawn under a
/// temperature go on as a search that never failed does.
#[test]
fn a_failed_search_leaves_the_draws_alone() {
    let batch = batch(Rules::CONNECT_FOUR, 4, 1);
    let (mut failing, mut clean) =
        (Puct::new(&batch, config()).unwrap(), Puct::new(&batch, config()).unwrap());
    let (mut visits, mut values) = (vec![0; 4 * 7], vec![0.0; 4]);
    let mut broken = Hashed { fail_at: Some(3), ..evaluator(&batch) };
    assert!(failing.run(&batch, &mut broken, 10, true, &mut visits, &mut values).is_err());
    let noisy = |puct: &mut Puct| {
        let (mut visits, mut values) = (vec![0; 4 * 7], vec![0.0; 4]);
        puct.run(&batch, &mut evaluator(&batch), 30, true, &mut visits, &mut values).unwrap();
        let mut moves = [0; 4];
        puct.choose(&visits, 1.0, &mut moves).unwrap();
        (visits, moves)
    };
    assert_eq!(noisy(&mut failing), noisy(&mut clean));
}

/// A batch of other rules (with as many games and actions) is refused; a batch the search did
/// not move itself starts afresh, even when moved through the search next.
#[test]
fn other_batches_and_moved_games_are_handled() {
    let batch6 = batch(Rules::CONNECT_FOUR, 2, 0);
    let batch5 = batch(Rules { rows: 5, ..Rules::CONNECT_FOUR }, 2, 0);
    let mut puct = Puct::new(&batch6, config()).unwrap();
    let (mut visits, mut values) = (vec![0; 2 * 7], vec![0.0; 2]);
    let refused = puct.run(&batch5, &mut evaluator(&batch5), 5, false, &mut visits, &mut values);
    assert_eq!(refused, Err(PuctError::OtherBatch));
    let mut moved = batch6.try_clone().unwrap();
    run(&mut puct, &moved, &mut evaluator(&moved), 20);
    // The batch moves without the search, then through it.
    moved.step(Selection::All, &[3, 3], &mut [0, 0], tictactoe_core::Illegal::Refuse).unwrap();
    puct.play(&mut moved, &[3, 3]).unwrap();
    let mut fresh = Puct::new(&moved, config()).unwrap();
    assert_eq!(
        run(&mut puct, &moved, &mut evaluator(&moved), 20),
        run(&mut fresh, &moved, &mut evaluator(&moved), 20)
    );
    // A batch reset under the search: the cell its root had marked is free again, and played.
    let mut reset = Batch::new(1, 3, 0).unwrap();
    reset.step(Selection::All, &[4], &mut [0], tictactoe_core::Illegal::Refuse).unwrap();
    let mut puct = Puct::new(&reset, config()).unwrap();
    run(&mut puct, &reset, &mut evaluator(&reset), 10);
    reset.reset(Selection::All).unwrap();
    puct.play(&mut reset, &[4]).unwrap();
    let mut fresh = Puct::new(&reset, config()).unwrap();
    assert_eq!(
        run(&mut puct, &reset, &mut evaluator(&reset), 10),
        run(&mut fresh, &reset, &mut evaluator(&reset), 10)
    );
}

/// A game one move from a win finds it; finished games have no visits and the rules' value.
#[test]
fn the_rules_value_finished_games() {
    let mut batch = Batch::new(2, Rules::tic_tac_toe(3), 0).unwrap();
    // Game 0: X to win at 2 (X 0, 1; O 3, 4). Game 1: X won on the top row.
    for actions in [[0, 0], [3, 3], [1, 1], [4, 4]] {
        batch.step(Selection::All, &actions, &mut [0, 0], tictactoe_core::Illegal::Refuse).unwrap();
    }
    batch.step(Selection::Listed(&[1]), &[2], &mut [0], tictactoe_core::Illegal::Refuse).unwrap();
    let mut puct = Puct::new(&batch, config()).unwrap();
    let (visits, values) = run(&mut puct, &batch, &mut evaluator(&batch), 200);
    let best = (0..9).max_by_key(|&a| (visits[a], Reverse(a))).unwrap();
    assert_eq!(best, 2, "{visits:?}");
    assert!(values[0] > 0.5, "X wins: {}", values[0]);
    assert!(visits[9..].iter().all(|&v| v == 0));
    assert_eq!(values[1], -1.0, "O, to move, has lost");
}

/// Values of 0 everywhere give root values of +0.0, kept subtrees' too (seen from the other
/// side, a sum of zeros is negated).
#[test]
fn even_positions_are_worth_plus_zero() {
    let mut batch = Batch::new(3, Rules::CONNECT_FOUR, 0).unwrap();
    let mut puct = Puct::new(&batch, config()).unwrap();
    let (mut visits, mut values) = (vec![0; 3 * 7], vec![1.0; 3]);
    puct.run(&batch, &mut Even, 8, false, &mut visits, &mut values).unwrap();
    assert!(values.iter().all(|v| v.to_bits() == 0), "{values:?}");
    let mut chosen = [0; 3];
    puct.choose(&visits, 0.0, &mut chosen).unwrap();
    puct.play(&mut batch, &chosen).unwrap();
    for simulations in [0, 5] {
        puct.run(&batch, &mut Even, simulations, false, &mut visits, &mut values).unwrap();
        assert!(values.iter().all(|v| v.to_bits() == 0), "{simulations}: {values:?}");
    }
}

/// `clear` forgets the trees: the next search is a fresh one's, on the same positions.
#[test]
fn a_cleared_search_starts_afresh() {
    let batch = batch(Rules::CONNECT_FOUR, 4, 3);
    let mut puct = Puct::new(&batch, config()).unwrap();
    let first = run(&mut puct, &batch, &mut evaluator(&batch), 40);
    let grown = run(&mut puct, &batch, &mut evaluator(&batch), 40);
    assert_ne!(first.0, grown.0, "the kept trees go on growing");
    puct.clear();
    assert_eq!(run(&mut puct, &batch, &mut evaluator(&batch), 40), first);
}

/// Runs a call's parts on threads of its own, and splits even the smallest batch.
struct Scoped;

impl Runner for Scoped {
    fn run(&self, jobs: &mut [&mut (dyn FnMut() + Send)]) {
        std::thread::scope(|scope| {
            for job in jobs.iter_mut() {
                scope.spawn(job);
            }
        });
    }

    fn min_part(&self) -> usize {
        1
    }
}

/// The batch's threads change nothing but the time: with 1, 2, 3 and 8 threads, searches with
/// noise, moves chosen under a temperature and the subtrees kept give the same visits, values
/// and moves, on masks and on games, with one leaf a game a step and with three, and with
/// Gumbel's search (its actions selected too); and a failure in the middle is taken back alike.
#[test]
fn threads_give_the_same_results() {
    let cases = [Rules::CONNECT_FOUR, Rules::mnk(9, 9, 5), Rules::tic_tac_toe(3)]
        .into_iter()
        .flat_map(|rules| [(rules, 1, 0), (rules, 3, 0), (rules, 1, 16)]);
    for (rules, leaves, gumbel) in cases {
        let mut runs = Vec::new();
        for threads in [1, 2, 3, 8] {
            let mut batch = batch(rules, 11, 2);
            if threads > 1 {
                batch.set_threads(threads, &Scoped);
            }
            let config = PuctConfig { seed: 5, leaves, gumbel, ..config() };
            let mut puct = Puct::new(&batch, config).unwrap();
            let mut eval = evaluator(&batch);
            let mut seen = Vec::new();
            for round in 0..4 {
                let mut visits = vec![0; batch.count() * batch.actions()];
                let mut values = vec![0.0; batch.count()];
                if round == 2 {
                    let mut broken = Hashed { fail_at: Some(7), ..evaluator(&batch) };
                    let failed = puct.run(&batch, &mut broken, 30, true, &mut visits, &mut values);
                    assert!(failed.is_err());
                }
                puct.run(&batch, &mut eval, 30, true, &mut visits, &mut values).unwrap();
                let (mut actions, mut selected) = (vec![0; batch.count()], vec![0; batch.count()]);
                puct.choose(&visits, 1.0, &mut actions).unwrap();
                puct.selected(&mut selected).unwrap();
                seen.push((visits, values, actions.clone(), selected));
                for (g, action) in actions.iter_mut().enumerate() {
                    if *action == NO_ACTION {
                        *action = 0; // a finished game's entry is not read
                        assert!(batch.games().is_terminated(g).unwrap());
                    }
                }
                puct.play(&mut batch, &actions).unwrap();
            }
            runs.push(seen);
        }
        assert!(runs.iter().all(|run| *run == runs[0]), "{rules:?}, {leaves} leaves, {gumbel}");
    }
}
