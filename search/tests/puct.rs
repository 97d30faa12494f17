//! PUCT over a batch against the textbook algorithm, written out plainly here: one game at a
//! time, a tree of maps, recursion, every position a copy. With noise off and fresh trees the
//! visit counts must be equal, the root values equal to float precision; with the trees kept by
//! `play`, too. A failing evaluator leaves the search as it was.

extern crate alloc;

use alloc::collections::BTreeMap;
use core::cmp::Reverse;

use tictactoe_core::{Batch, Game, Rules, Runner, Selection, NO_ACTION};
use tictactoe_search::{Evaluator, Puct, PuctConfig, PuctError};

/// A position's two planes from the side to move (its marks, then the opponent's).
fn planes(game: &Game) -> Vec<bool> {
    let cells: Vec<u8> = game.cells().collect();
    let (me, them) = (game.next_player().number(), game.next_player().opponent().number());
    cells.iter().map(|&c| c == me).chain(cells.iter().map(|&c| c == them)).collect()
}

/// A deterministic stand-in for a network: logits and a value hashed from the planes. Values
/// are multiples of 1/1024, which both sides sum exactly.
fn hashed(planes: &[bool], actions: usize) -> (Vec<f32>, f32) {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &flag in planes {
        h = (h ^ u64::from(flag)).wrapping_mul(0x0100_0000_01b3);
    }
    let logits = (0..actions as u64)
        .map(|a| {
            ((h ^ a.wrapping_mul(0x9e37_79b9_7f4a_7c15)).rotate_left(17) % 29) as f32 / 7.0 - 2.0
        })
        .collect();
    let value = ((h >> 20) % 2049) as f32 / 1024.0 - 1.0;
    (logits, value)
}

/// The evaluator the search gets: [`hashed`] leaf by leaf, counting calls; `fail_at` makes
/// that call (0-based) fail.
struct Hashed {
    cells: usize,
    actions: usize,
    calls: usize,
    fail_at: Option<usize>,
}

impl Evaluator for Hashed {
    type Error = &'static str;

    fn evaluate(
        &mut self,
        observation: &[bool],
        legal: &[bool],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), &'static str> {
        self.calls += 1;
        if self.fail_at == Some(self.calls - 1) {
            return Err("the network broke");
        }
        assert_eq!(legal.len(), values.len() * self.actions);
        for (leaf, value) in values.iter_mut().enumerate() {
            let planes = &observation[leaf * 2 * self.cells..(leaf + 1) * 2 * self.cells];
            let (l, v) = hashed(planes, self.actions);
            logits[leaf * self.actions..(leaf + 1) * self.actions].copy_from_slice(&l);
            *value = v;
        }
        Ok(())
    }
}

/// The textbook's node: its moves' priors, and for each move taken N, W (from the mover's
/// side) and the child, if it was expanded.
struct Node {
    priors: BTreeMap<u32, f32>,
    visits: BTreeMap<u32, u32>,
    values: BTreeMap<u32, f64>,
    children: BTreeMap<u32, Node>,
}

/// The textbook's tree of one game: the root, its own visits and value sum.
struct Textbook {
    root: Node,
    game: Game,
    visits: u32,
    value: f64,
}

/// A new node for `game`'s position: softmax of the hashed logits over the legal actions
/// (f64, kept as f32 as the search keeps them), and the position's value.
fn expand(game: &Game) -> (Node, f64) {
    let (logits, value) = hashed(&planes(game), game.action_count());
    let legal: Vec<u32> = game.legal_actions().collect();
    let top =
        legal.iter().map(|&a| f64::from(logits[a as usize])).fold(f64::NEG_INFINITY, f64::max);
    let weight = |a: u32| libm::exp(f64::from(logits[a as usize]) - top);
    let total: f64 = legal.iter().map(|&a| weight(a)).sum();
    let priors = legal.iter().map(|&a| (a, (weight(a) / total) as f32)).collect();
    let node = Node {
        priors,
        visits: BTreeMap::new(),
        values: BTreeMap::new(),
        children: BTreeMap::new(),
    };
    (node, f64::from(value))
}

/// One simulation from `node` (at `game`): the value found, from the side of the player to
/// move at `node`.
fn simulate(node: &mut Node, game: &Game, c_puct: f64) -> f64 {
    let total: u32 = node.visits.values().sum();
    let mut best = (f64::NEG_INFINITY, 0);
    for (&action, &prior) in &node.priors {
        let n = node.visits.get(&action).copied().unwrap_or(0);
        let q = if n == 0 { 0.0 } else { node.values[&action] / f64::from(n) };
        let score =
            q + c_puct * libm::sqrt(f64::from(total)) * f64::from(prior) / (1.0 + f64::from(n));
        if score > best.0 {
            best = (score, action);
        }
    }
    let action = best.1;
    let mut child = game.clone();
    child.apply(action).unwrap();
    let value = if child.winner().is_some() {
        1.0
    } else if child.is_over() {
        0.0
    } else if let Some(next) = node.children.get_mut(&action) {
        -simulate(next, &child, c_puct)
    } else {
        let (next, value) = expand(&child);
        node.children.insert(action, next);
        -value
    };
    *node.visits.entry(action).or_insert(0) += 1;
    *node.values.entry(action).or_insert(0.0) += value;
    value
}

impl Textbook {
    fn new(game: Game) -> Textbook {
        let (root, value) = expand(&game);
        Textbook { root, game, visits: 1, value }
    }

    fn run(&mut self, simulations: u32, c_puct: f64) {
        for _ in 0..simulations {
            let value = simulate(&mut self.root, &self.game, c_puct);
            self.visits += 1;
            self.value += value;
        }
    }

    fn visits(&self, actions: usize) -> Vec<u32> {
        (0..actions as u32).map(|a| self.root.visits.get(&a).copied().unwrap_or(0)).collect()
    }

    /// The subtree of `action` as the new tree (a fresh one when it was never expanded).
    fn play(mut self, action: u32) -> Textbook {
        let mut game = self.game.clone();
        game.apply(action).unwrap();
        match self.root.children.remove(&action) {
            Some(root) => Textbook {
                root,
                game,
                visits: self.root.visits[&action],
                value: -self.root.values[&action],
            },
            None => Textbook::new(game),
        }
    }
}

/// A batch of `count` games of `rules`, each moved at random for a few plies.
fn batch(rules: Rules, count: usize, plies: usize) -> Batch {
    let mut batch = Batch::new(count, rules, 17).unwrap();
    let mut winners = vec![0; count];
    for _ in 0..plies {
        let open: Vec<usize> = {
            let mut over = vec![false; count];
            batch.terminated(&mut over).unwrap();
            (0..count).filter(|&g| !over[g]).collect()
        };
        batch.step_random(Selection::Listed(&open), &mut winners[..open.len()]).unwrap();
    }
    batch
}

fn evaluator(batch: &Batch) -> Hashed {
    Hashed { cells: batch.rows() * batch.cols(), actions: batch.actions(), calls: 0, fail_at: None }
}

/// Runs the search on `batch`; its visits and values.
fn run(
    puct: &mut Puct,
    batch: &Batch,
    eval: &mut Hashed,
    simulations: u32,
) -> (Vec<u32>, Vec<f32>) {
    let mut visits = vec![0; batch.count() * batch.actions()];
    let mut values = vec![0.0; batch.count()];
    puct.run(batch, eval, simulations, false, &mut visits, &mut values).unwrap();
    (visits, values)
}

const C_PUCT: f32 = 1.25;

fn config() -> PuctConfig {
    PuctConfig { c_puct: C_PUCT, ..PuctConfig::default() }
}

/// Checks the search's visits and values on every game against the textbook's.
fn check(batch: &Batch, books: &[Option<Textbook>], visits: &[u32], values: &[f32]) {
    let actions = batch.actions();
    for (g, book) in books.iter().enumerate() {
        let row = &visits[g * actions..(g + 1) * actions];
        match book {
            Some(book) => {
                assert_eq!(row, book.visits(actions), "game {g}\n{}", book.game);
                let expected = book.value / f64::from(book.visits);
                assert!(
                    (f64::from(values[g]) - expected).abs() < 1e-6,
                    "game {g}: {} against {expected}",
                    values[g]
                );
            }
            None => assert!(row.iter().all(|&v| v == 0), "a finished game has no visits"),
        }
    }
}

/// Fresh trees: the visits of every game equal the textbook's, on tic-tac-toe, Connect Four,
/// a gravity board with k = 3, gomoku's 9 x 9 corner of the family and an exact rule set.
#[test]
fn visits_equal_the_textbook_algorithm() {
    let rule_sets = [
        Rules::tic_tac_toe(3),
        Rules::CONNECT_FOUR,
        Rules { gravity: true, ..Rules::mnk(4, 5, 3) },
        Rules::mnk(9, 9, 5),
        Rules { exact: true, ..Rules::mnk(4, 6, 3) },
    ];
    for rules in rule_sets {
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

/// Trees kept by `play` grow on as the textbook's subtrees do, move after move to the end.
#[test]
fn kept_subtrees_equal_the_textbook_s() {
    for rules in [Rules::tic_tac_toe(3), Rules::CONNECT_FOUR] {
        let mut batch = batch(rules, 4, 0);
        let mut puct = Puct::new(&batch, config()).unwrap();
        let mut eval = evaluator(&batch);
        let mut books: Vec<Option<Textbook>> =
            (0..batch.count()).map(|g| Some(Textbook::new(batch.game(g).unwrap()))).collect();
        for turn in 0..rules.cells() {
            let (visits, values) = run(&mut puct, &batch, &mut eval, 30);
            for book in books.iter_mut().flatten() {
                book.run(30, f64::from(C_PUCT));
            }
            check(&batch, &books, &visits, &values);
            let mut actions = vec![0; batch.count()];
            puct.choose(&visits, if turn < 2 { 1.0 } else { 0.0 }, &mut actions).unwrap();
            puct.play(&mut batch, &actions).unwrap();
            books = books
                .into_iter()
                .zip(&actions)
                .map(|(book, &action)| book.filter(|_| action != NO_ACTION).map(|b| b.play(action)))
                .map(|book| book.filter(|b| !b.game.is_over()))
                .collect();
            if books.iter().all(Option::is_none) {
                break;
            }
        }
    }
}

/// An evaluator that fails (at the roots' call, or in the middle of a search of kept trees)
/// leaves everything as it was: the next search gives what it would have without the failure.
#[test]
fn a_failed_search_changes_nothing() {
    let rules = Rules::CONNECT_FOUR;
    for fail_at in [0, 1, 5, 19] {
        let mut failing = batch(rules, 5, 3);
        let mut clean = failing.try_clone().unwrap();
        let (mut a, mut b) =
            (Puct::new(&failing, config()).unwrap(), Puct::new(&clean, config()).unwrap());
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
            "fail at {fail_at}"
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
    for (config, name) in [
        (PuctConfig { c_puct: -1.0, ..config() }, "c_puct"),
        (PuctConfig { c_puct: f32::NAN, ..config() }, "c_puct"),
        (PuctConfig { dirichlet_alpha: 0.0, ..config() }, "dirichlet_alpha"),
        (PuctConfig { dirichlet_fraction: 1.5, ..config() }, "dirichlet_fraction"),
    ] {
        assert_eq!(Puct::new(&batch, config).unwrap_err(), PuctError::Setting { name });
    }
    let mut puct = Puct::new(&batch, config()).unwrap();
    let mut eval = evaluator(&batch);
    let (mut visits, mut values) = (vec![0; 14], vec![0.0; 2]);
    assert!(puct.run(&batch, &mut eval, 3, false, &mut visits[..13], &mut values).is_err());
    assert!(puct.run(&batch, &mut eval, 3, false, &mut visits, &mut values[..1]).is_err());
    let other = Batch::new(3, Rules::CONNECT_FOUR, 0).unwrap();
    assert!(puct.run(&other, &mut eval, 3, false, &mut [0; 21], &mut [0.0; 3]).is_err());
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
    let needed = puct.bytes_needed(&batch, 100);
    assert!(needed > puct.bytes_needed(&batch, 10));
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
/// and moves, on masks and on games; and a failure in the middle is taken back alike.
#[test]
fn threads_give_the_same_results() {
    for rules in [Rules::CONNECT_FOUR, Rules::mnk(9, 9, 5), Rules::tic_tac_toe(3)] {
        let mut runs = Vec::new();
        for threads in [1, 2, 3, 8] {
            let mut batch = batch(rules, 11, 2);
            if threads > 1 {
                batch.set_threads(threads, &Scoped);
            }
            let mut puct = Puct::new(&batch, PuctConfig { seed: 5, ..config() }).unwrap();
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
                let mut actions = vec![0; batch.count()];
                puct.choose(&visits, 1.0, &mut actions).unwrap();
                seen.push((visits, values, actions.clone()));
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
        assert!(runs.iter().all(|run| *run == runs[0]), "{rules:?}");
    }
}
