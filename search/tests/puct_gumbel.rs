//! The search's Gumbel mode (`PuctConfig::gumbel`) against Gumbel MuZero's search written
//! plainly (`textbook/gumbel.rs`): without noise the visits, the improved policy and the action
//! selected are the model's, fresh and with the trees kept; with noise, seeded; refusals
//! change nothing.

extern crate alloc;

mod textbook;

use textbook::gumbel::GumbelBook;
use textbook::{batch, config, evaluator, rule_sets, Hashed};
use tictactoe_core::{Batch, Rules, NO_ACTION};
use tictactoe_search::{Puct, PuctConfig, PuctError};

/// A Gumbel search of `simulations` on `batch`: its visits, values, policy and actions.
struct Found {
    visits: Vec<u32>,
    values: Vec<f32>,
    policy: Vec<f32>,
    selected: Vec<u32>,
}

fn search(
    puct: &mut Puct,
    batch: &Batch,
    eval: &mut Hashed,
    simulations: u32,
    noise: bool,
) -> Found {
    let (count, actions) = (batch.count(), batch.actions());
    let mut found = Found {
        visits: vec![0; count * actions],
        values: vec![0.0; count],
        policy: vec![0.0; count * actions],
        selected: vec![0; count],
    };
    puct.run(batch, eval, simulations, noise, &mut found.visits, &mut found.values).unwrap();
    puct.policy(&mut found.policy).unwrap();
    puct.selected(&mut found.selected).unwrap();
    found
}

fn gumbel(considered: u32) -> PuctConfig {
    PuctConfig { gumbel: considered, ..config() }
}

/// Checks a search's findings on every game against the model's books.
fn check(batch: &Batch, books: &[Option<GumbelBook>], found: &Found) {
    let actions = batch.actions();
    for (g, book) in books.iter().enumerate() {
        let row = g * actions..(g + 1) * actions;
        let Some(book) = book else {
            assert!(found.visits[row.clone()].iter().all(|&v| v == 0));
            assert!(found.policy[row].iter().all(|&p| p == 0.0));
            assert_eq!(found.selected[g], NO_ACTION, "a finished game has no action");
            continue;
        };
        let tree = &book.book;
        assert_eq!(found.visits[row.clone()], tree.visits(actions), "game {g}\n{}", tree.game);
        let value = tree.value / f64::from(tree.visits);
        assert!((f64::from(found.values[g]) - value).abs() < 1e-6, "game {g}");
        for (&p, expected) in found.policy[row].iter().zip(book.policy()) {
            assert_eq!(p, expected as f32, "game {g}: policy");
        }
        assert_eq!(found.selected[g], book.selected(), "game {g}: the action selected");
    }
}

/// Fresh trees: the five rule sets, 1 to 16 actions considered, a few simulations to many.
#[test]
fn a_search_equals_the_model_s() {
    for rules in rule_sets() {
        for (plies, simulations, considered) in
            [(0, 1, 16), (1, 50, 16), (4, 64, 4), (7, 32, 2), (2, 20, 1), (3, 100, 3), (2, 0, 16)]
        {
            let batch = batch(rules, 5, plies);
            let mut puct = Puct::new(&batch, gumbel(considered)).unwrap();
            let found = search(&mut puct, &batch, &mut evaluator(&batch), simulations, false);
            let books: Vec<Option<GumbelBook>> = (0..batch.count())
                .map(|g| batch.game(g).unwrap())
                .map(|game| (!game.is_over()).then(|| GumbelBook::new(game)))
                .map(|book| {
                    book.map(|mut b| {
                        b.run(simulations, considered);
                        b
                    })
                })
                .collect();
            check(&batch, &books, &found);
        }
    }
}

/// The trees kept by `play` grow on as the model's subtrees, each game playing the action
/// selected, to the end.
#[test]
fn kept_subtrees_equal_the_model_s() {
    for rules in [Rules::tic_tac_toe(3), Rules::CONNECT_FOUR, Rules::mnk(9, 9, 5)] {
        let mut batch = batch(rules, 3, 1);
        let mut puct = Puct::new(&batch, gumbel(8)).unwrap();
        let mut eval = evaluator(&batch);
        let mut books: Vec<Option<GumbelBook>> =
            (0..batch.count()).map(|g| Some(GumbelBook::new(batch.game(g).unwrap()))).collect();
        for _ in 0..rules.cells().min(24) {
            let found = search(&mut puct, &batch, &mut eval, 24, false);
            books.iter_mut().flatten().for_each(|book| book.run(24, 8));
            check(&batch, &books, &found);
            puct.play(&mut batch, &found.selected).unwrap();
            let mut after = vec![0; batch.count()];
            puct.selected(&mut after).unwrap();
            assert!(after.iter().all(|&a| a == NO_ACTION), "played: no search since");
            books = books
                .into_iter()
                .zip(&found.selected)
                .map(|(book, &action)| book.filter(|_| action != NO_ACTION).map(|b| b.play(action)))
                .map(|book| book.filter(|b| !b.book.game.is_over()))
                .collect();
            if books.iter().all(Option::is_none) {
                break;
            }
        }
    }
}

/// Noise draws Gumbel variables from the seed: the same seed gives the same search, another
/// seed or none another; the visits still sum to the simulations, and the priors are the
/// evaluator's (a search without noise after it is a fresh one's).
#[test]
fn noise_is_seeded() {
    let batch = batch(Rules::CONNECT_FOUR, 16, 2);
    let seeded = |seed: u64| {
        let mut puct = Puct::new(&batch, PuctConfig { seed, ..gumbel(16) }).unwrap();
        search(&mut puct, &batch, &mut evaluator(&batch), 40, true)
    };
    let (one, again, other) = (seeded(3), seeded(3), seeded(4));
    assert_eq!((&one.visits, &one.selected), (&again.visits, &again.selected));
    assert_ne!(one.visits, other.visits);
    let mut puct = Puct::new(&batch, gumbel(16)).unwrap();
    let quiet = search(&mut puct, &batch, &mut evaluator(&batch), 40, false);
    assert_ne!(one.selected, quiet.selected, "the draws change some game's action");
    for row in one.visits.chunks(batch.actions()) {
        assert_eq!(row.iter().sum::<u32>(), 40);
    }
    let mut noisy = Puct::new(&batch, gumbel(16)).unwrap();
    search(&mut noisy, &batch, &mut evaluator(&batch), 40, true);
    noisy.clear();
    let after = search(&mut noisy, &batch, &mut evaluator(&batch), 40, false);
    assert_eq!((after.visits, after.selected), (quiet.visits, quiet.selected));
}

/// A search that fails keeps the last one's action and policy; more leaves than one a step
/// and outputs of the wrong length are refused, and change nothing.
#[test]
fn refusals_change_nothing() {
    let batch = batch(Rules::CONNECT_FOUR, 4, 3);
    let mut puct = Puct::new(&batch, gumbel(4)).unwrap();
    let before = search(&mut puct, &batch, &mut evaluator(&batch), 20, true);
    let mut broken = Hashed { fail_at: Some(5), ..evaluator(&batch) };
    let (mut visits, mut values) = (vec![0; 4 * 7], vec![0.0; 4]);
    assert!(puct.run(&batch, &mut broken, 20, true, &mut visits, &mut values).is_err());
    let (mut policy, mut selected) = (vec![0.0; 4 * 7], vec![0; 4]);
    puct.policy(&mut policy).unwrap();
    puct.selected(&mut selected).unwrap();
    assert_eq!((policy, selected), (before.policy.clone(), before.selected.clone()));
    let leaves = PuctError::Setting { name: "leaves", value: 2.0 };
    assert_eq!(puct.set_leaves(2), Err(leaves.clone()));
    assert_eq!(puct.config().leaves, 1);
    let both = PuctConfig { leaves: 3, ..gumbel(4) };
    assert_eq!(
        Puct::new(&batch, both).err(),
        Some(PuctError::Setting { name: "leaves", value: 3.0 })
    );
    let mut alpha = Puct::new(&batch, PuctConfig { leaves: 2, ..config() }).unwrap();
    assert_eq!(alpha.set_gumbel(16), Err(leaves));
    assert_eq!(alpha.config().gumbel, 0);
    alpha.set_leaves(1).unwrap();
    alpha.set_gumbel(16).unwrap();
    assert_eq!(alpha.config().gumbel, 16);
    let (mut short, mut shorter) = (vec![0.0; 4 * 7 - 1], vec![7; 3]);
    assert!(puct.policy(&mut short).is_err());
    assert!(puct.selected(&mut shorter).is_err());
    assert!(short.iter().all(|&p| p == 0.0) && shorter == [7; 3], "nothing written");
    let mut again = vec![0; 4];
    puct.selected(&mut again).unwrap();
    assert_eq!(again, before.selected);
    // Gumbel's schedules count in the bytes a search needs, and the bound holds them.
    let needed = |config| Puct::new(&batch, config).unwrap().bytes_needed(&batch, 200).unwrap();
    let (alpha, gumbel_16) = (needed(config()), needed(gumbel(16)));
    assert!(gumbel_16 >= alpha + 8 * 200 * 4, "{gumbel_16} against {alpha}");
    let bounded = PuctConfig { max_bytes: Some(gumbel_16 - 1), ..gumbel(16) };
    let mut small = Puct::new(&batch, bounded).unwrap();
    let refused = small.run(&batch, &mut evaluator(&batch), 200, false, &mut visits, &mut values);
    assert!(matches!(refused, Err(PuctError::Memory { .. })), "{refused:?}");
}

/// A game the batch moves on its own keeps its last search's answers until the next search;
/// one that fails changes nothing (the tree put back), one that runs starts it afresh; the
/// other games go on.
#[test]
fn the_batch_s_own_moves_are_noticed_by_the_next_search() {
    let mut batch = batch(Rules::CONNECT_FOUR, 3, 2);
    let mut puct = Puct::new(&batch, gumbel(16)).unwrap();
    let before = search(&mut puct, &batch, &mut evaluator(&batch), 12, false);
    let (mut selected, mut policy) = (vec![0; 3], vec![0.0; 3 * 7]);
    let mut answers = |puct: &mut Puct| {
        puct.selected(&mut selected).unwrap();
        puct.policy(&mut policy).unwrap();
        (selected.clone(), policy.clone())
    };
    let one = tictactoe_core::Selection::Listed(&[0]);
    batch.step(one, &[3], &mut [0], tictactoe_core::Illegal::Refuse).unwrap();
    assert_eq!(answers(&mut puct), (before.selected.clone(), before.policy.clone()));
    let mut broken = Hashed { fail_at: Some(0), ..evaluator(&batch) };
    let (mut visits, mut values) = (vec![0; 3 * 7], vec![0.0; 3]);
    assert!(puct.run(&batch, &mut broken, 12, false, &mut visits, &mut values).is_err());
    assert_eq!(answers(&mut puct), (before.selected.clone(), before.policy.clone()));
    // A search that runs: game 0 from its new position, as a fresh search's; 1 and 2 go on.
    let after = search(&mut puct, &batch, &mut evaluator(&batch), 12, false);
    let mut fresh = Puct::new(&batch, gumbel(16)).unwrap();
    let anew = search(&mut fresh, &batch, &mut evaluator(&batch), 12, false);
    assert_eq!(after.visits[..7], anew.visits[..7]);
    assert_eq!(after.selected[0], anew.selected[0]);
    assert!(after.visits[7..].iter().sum::<u32>() == 2 * 24, "the kept trees grew on");
}

/// `clear` forgets the last search's action; a PUCT search's tree has an improved policy
/// too, summing to 1 over its root's legal actions.
#[test]
fn cleared_searches_select_nothing_and_puct_has_a_policy() {
    let batch = batch(Rules::tic_tac_toe(3), 3, 2);
    let mut puct = Puct::new(&batch, gumbel(16)).unwrap();
    search(&mut puct, &batch, &mut evaluator(&batch), 10, false);
    puct.clear();
    let mut selected = vec![0; 3];
    puct.selected(&mut selected).unwrap();
    assert_eq!(selected, [NO_ACTION; 3]);
    let mut alpha = Puct::new(&batch, config()).unwrap();
    let found = search(&mut alpha, &batch, &mut evaluator(&batch), 30, false);
    for (g, row) in found.policy.chunks(9).enumerate() {
        assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        let game = batch.game(g).unwrap();
        let legal: Vec<u32> = game.legal_actions().collect();
        assert!(row.iter().enumerate().all(|(a, &p)| p == 0.0 || legal.contains(&(a as u32))));
    }
}
