//! Several leaves a game per simulation step, held apart by virtual losses
//! (`PuctConfig::leaves`), against the textbook written out with them (`textbook/`): the same
//! visits and root values, fresh and with the trees kept by `play`; fewer and larger evaluator
//! calls (a failure in the middle of a step: `puct.rs`).

extern crate alloc;

mod textbook;

use textbook::{batch, check, evaluator, play_along, rule_sets, run, Hashed, Textbook, C_PUCT};
use tictactoe_core::{Batch, Rules};
use tictactoe_search::{Puct, PuctConfig, PuctError};

fn config(leaves: u32) -> PuctConfig {
    PuctConfig { c_puct: C_PUCT, leaves, ..PuctConfig::default() }
}

/// The textbook's trees of `batch`'s unfinished games after `simulations` in steps of
/// `leaves`.
fn books(batch: &Batch, simulations: u32, leaves: u32) -> Vec<Option<Textbook>> {
    (0..batch.count())
        .map(|g| batch.game(g).unwrap())
        .map(|game| {
            (!game.is_over()).then(|| {
                let mut book = Textbook::new(game);
                book.run_held(simulations, leaves, f64::from(C_PUCT));
                book
            })
        })
        .collect()
}

/// Fresh trees: the visits and values equal the textbook's with virtual losses, on five rule
/// sets (masks and games), with 1 to 16 leaves a step; the visits sum to the simulations, and
/// the evaluator is called fewer times the more leaves a step takes.
#[test]
fn visits_equal_the_textbook_with_virtual_losses() {
    for rules in rule_sets() {
        for (plies, simulations) in [(0, 50), (3, 200), (6, 64)] {
            let batch = batch(rules, 5, plies);
            let mut calls = Vec::new();
            for leaves in [1, 2, 3, 8, 16] {
                let mut puct = Puct::new(&batch, config(leaves)).unwrap();
                let mut eval = evaluator(&batch);
                let (visits, values) = run(&mut puct, &batch, &mut eval, simulations);
                let books = books(&batch, simulations, leaves);
                check(&batch, &books, &visits, &values);
                for (g, book) in books.iter().enumerate() {
                    let row = &visits[g * batch.actions()..(g + 1) * batch.actions()];
                    if book.is_some() {
                        assert_eq!(row.iter().sum::<u32>(), simulations);
                    }
                }
                calls.push(eval.calls);
            }
            assert!(calls.windows(2).all(|w| w[1] <= w[0]), "calls by leaves: {calls:?}");
            if plies == 0 {
                assert!(calls[4] * 4 < calls[0], "16 leaves a step: {calls:?} calls");
            }
        }
    }
}

/// A call holds at most `leaves` leaves a game, and more than one a game when it can.
#[test]
fn a_call_holds_at_most_the_leaves_a_game() {
    let batch = batch(Rules::CONNECT_FOUR, 3, 0);
    let mut puct = Puct::new(&batch, config(4)).unwrap();
    let mut eval = evaluator(&batch);
    run(&mut puct, &batch, &mut eval, 100);
    assert!(eval.largest <= 3 * 4 && eval.largest > 3, "{} leaves in a call", eval.largest);
}

/// Trees kept by `play` grow on as the textbook's subtrees do, with 4 leaves a step.
#[test]
fn kept_subtrees_equal_the_textbook_s() {
    for rules in [Rules::tic_tac_toe(3), Rules::CONNECT_FOUR] {
        play_along(rules, config(4), 30, |book| book.run_held(30, 4, f64::from(C_PUCT)));
    }
}

/// No leaves a step is refused by name; more leaves need more memory, and a bound at what a
/// search says it needs lets it run.
#[test]
fn leaves_are_checked_and_counted() {
    let batch = batch(Rules::CONNECT_FOUR, 6, 1);
    let refused = Puct::new(&batch, config(0));
    assert!(
        matches!(refused, Err(PuctError::Setting { name: "leaves", value: 0.0 })),
        "{refused:?}"
    );
    let needed =
        |leaves| Puct::new(&batch, config(leaves)).unwrap().bytes_needed(&batch, 64).unwrap();
    assert!(needed(8) > needed(1), "{} against {}", needed(8), needed(1));
    let max_bytes = Some(needed(8));
    let mut puct = Puct::new(&batch, PuctConfig { max_bytes, ..config(8) }).unwrap();
    run(&mut puct, &batch, &mut evaluator(&batch), 64);
}

/// A refused answer in the middle of a search of kept trees, with virtual losses held and
/// leaves pending, is taken back whole; so is a change of leaves to 0. The leaves a step may
/// change between searches: the trees go on as the textbook's do.
#[test]
fn refusals_take_everything_back_and_leaves_may_change() {
    let mut batch = batch(Rules::CONNECT_FOUR, 4, 1);
    let mut clean = batch.try_clone().unwrap();
    let (mut a, mut b) =
        (Puct::new(&batch, config(4)).unwrap(), Puct::new(&clean, config(4)).unwrap());
    let mut books: Vec<Option<Textbook>> =
        (0..batch.count()).map(|g| Some(Textbook::new(batch.game(g).unwrap()))).collect();
    let (mut ea, mut eb) = (evaluator(&batch), evaluator(&clean));
    for leaves in [4, 1, 6, 2] {
        let before = a.config();
        assert_eq!(a.set_leaves(0), Err(PuctError::Setting { name: "leaves", value: 0.0 }));
        assert_eq!(a.config(), before, "a refused setting changes nothing");
        a.set_leaves(leaves).unwrap();
        b.set_leaves(leaves).unwrap();
        let (mut visits, mut values) = (vec![9; 4 * 7], vec![9.0; 4]);
        let mut bad = Hashed { bad_value_at: Some(2), ..evaluator(&batch) };
        let refused = a.run(&batch, &mut bad, 24, false, &mut visits, &mut values);
        assert!(matches!(refused, Err(PuctError::Value { value: 1.5, .. })), "{refused:?}");
        assert!(visits.iter().all(|&v| v == 9), "nothing written");
        let (visits, values) = run(&mut a, &batch, &mut ea, 24);
        assert_eq!((visits.clone(), values.clone()), run(&mut b, &clean, &mut eb, 24));
        for book in books.iter_mut().flatten() {
            book.run_held(24, leaves, f64::from(C_PUCT));
        }
        check(&batch, &books, &visits, &values);
        let mut actions = vec![0; batch.count()];
        a.choose(&visits, 0.0, &mut actions).unwrap();
        a.play(&mut batch, &actions).unwrap();
        b.play(&mut clean, &actions).unwrap();
        books = books
            .into_iter()
            .zip(&actions)
            .map(|(book, &action)| book.map(|b| b.play(action)).filter(|b| !b.game.is_over()))
            .collect();
    }
}
