//! The textbook PUCT, written out plainly for the tests to compare the search against: one
//! game at a time, a tree of maps, recursion, every position a copy; with several leaves a
//! step, the same with virtual losses; Gumbel MuZero's search likewise (`gumbel.rs`). Also
//! the evaluator both get (logits and values hashed from the position) and the checks. Each
//! test crate uses a part of it.
#![allow(dead_code)]

pub mod gumbel;

use alloc::collections::BTreeMap;

use tictactoe_core::{Batch, Game, Rules, Selection, NO_ACTION};
use tictactoe_search::{Evaluator, Puct, PuctConfig};

/// A position's two planes from the side to move (its marks, then the opponent's).
pub fn planes(game: &Game) -> Vec<bool> {
    let cells: Vec<u8> = game.cells().collect();
    let (me, them) = (game.next_player().number(), game.next_player().opponent().number());
    cells.iter().map(|&c| c == me).chain(cells.iter().map(|&c| c == them)).collect()
}

/// A deterministic stand-in for a network: logits and a value hashed from the planes. Values
/// are any f32 in [-1, 1] (multiples of 1/1024 scaled by 0.9973, rounded), one in 8 of them
/// below 2^-30 in magnitude as a network's tanh gives them near 0: both sides must sum the
/// same values in the same order to agree on every tie.
pub fn hashed(planes: &[bool], actions: usize) -> (Vec<f32>, f32) {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &flag in planes {
        h = (h ^ u64::from(flag)).wrapping_mul(0x0100_0000_01b3);
    }
    let logits = (0..actions as u64)
        .map(|a| {
            ((h ^ a.wrapping_mul(0x9e37_79b9_7f4a_7c15)).rotate_left(17) % 29) as f32 / 7.0 - 2.0
        })
        .collect();
    let grid = ((h >> 20) % 2049) as f32 / 1024.0 - 1.0;
    let value = match (h >> 44) % 8 {
        0 => grid * 1e-12,
        _ => grid * 0.9973,
    };
    (logits, value)
}

/// An evaluator with no opinion: every move alike, every position even (the search zeroes the
/// answers before each call).
pub struct Even;

impl Evaluator for Even {
    type Error = ();

    fn evaluate(&mut self, _: &[bool], _: &[bool], _: &mut [f32], _: &mut [f32]) -> Result<(), ()> {
        Ok(())
    }
}

/// The evaluator the search gets: [`hashed`] leaf by leaf, counting calls and the most leaves
/// a call had; `fail_at` makes that call (0-based) fail, `bad_value_at` makes that call answer
/// its first leaf's value out of range (1.5).
pub struct Hashed {
    pub cells: usize,
    pub actions: usize,
    pub calls: usize,
    pub largest: usize,
    pub fail_at: Option<usize>,
    pub bad_value_at: Option<usize>,
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
        self.largest = self.largest.max(values.len());
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
        if self.bad_value_at == Some(self.calls - 1) {
            values[0] = 1.5;
        }
        Ok(())
    }
}

/// The textbook's node: its moves' priors, the evaluation of its position (from its side to
/// move), and for each move taken N, W (from the mover's side) and the child, if it was
/// expanded; with several leaves a step, the virtual visits each move holds.
pub struct Node {
    pub priors: BTreeMap<u32, f32>,
    pub raw: f64,
    pub visits: BTreeMap<u32, u32>,
    pub values: BTreeMap<u32, f64>,
    pub children: BTreeMap<u32, Node>,
    pub held: BTreeMap<u32, u32>,
}

/// The textbook's tree of one game: the root, its own visits and value sum.
pub struct Textbook {
    pub root: Node,
    pub game: Game,
    pub visits: u32,
    pub value: f64,
}

/// A new node for `game`'s position: softmax of the hashed logits over the legal actions
/// (f64, kept as f32 as the search keeps them), and the position's value.
pub fn expand(game: &Game) -> (Node, f64) {
    let (logits, value) = hashed(&planes(game), game.action_count());
    let legal: Vec<u32> = game.legal_actions().collect();
    let top =
        legal.iter().map(|&a| f64::from(logits[a as usize])).fold(f64::NEG_INFINITY, f64::max);
    let weight = |a: u32| libm::exp(f64::from(logits[a as usize]) - top);
    let total: f64 = legal.iter().map(|&a| weight(a)).sum();
    let priors = legal.iter().map(|&a| (a, (weight(a) / total) as f32)).collect();
    let node = Node {
        priors,
        raw: f64::from(value),
        visits: BTreeMap::new(),
        values: BTreeMap::new(),
        children: BTreeMap::new(),
        held: BTreeMap::new(),
    };
    (node, f64::from(value))
}

/// PUCT's choice at `node`: the action maximizing `Q + c_puct * P * sqrt(N(s)) / (1 + N)`, Q
/// the mean value of its visits (0 while unvisited), N(s) the sum of the moves' visits; each
/// virtual visit a move holds (a step of several leaves) counted as a visit, its loss in W.
pub fn best(node: &Node, c_puct: f64) -> u32 {
    let total: u32 = node.visits.values().sum::<u32>() + node.held.values().sum::<u32>();
    let mut best = (f64::NEG_INFINITY, 0);
    for (&action, &prior) in &node.priors {
        let held = node.held.get(&action).copied().unwrap_or(0);
        let n = node.visits.get(&action).copied().unwrap_or(0) + held;
        let w = node.values.get(&action).copied().unwrap_or(0.0);
        let q = if n == 0 { 0.0 } else { w / f64::from(n) };
        let score =
            q + c_puct * libm::sqrt(f64::from(total)) * f64::from(prior) / (1.0 + f64::from(n));
        if score > best.0 {
            best = (score, action);
        }
    }
    best.1
}

/// One simulation from `node` (at `game`): the value found, from the side of the player to
/// move at `node`.
pub fn simulate(node: &mut Node, game: &Game, c_puct: f64) -> f64 {
    simulate_by(node, game, &mut |node: &Node, _| best(node, c_puct))
}

/// One simulation from `node` (at `game`, depth 0), the move at each expanded node
/// `choose(node, depth)`'s: the value found, from the side of the player to move at `node`.
pub fn simulate_by(
    node: &mut Node,
    game: &Game,
    choose: &mut impl FnMut(&Node, usize) -> u32,
) -> f64 {
    descend_by(node, game, 0, choose)
}

fn descend_by(
    node: &mut Node,
    game: &Game,
    depth: usize,
    choose: &mut impl FnMut(&Node, usize) -> u32,
) -> f64 {
    let action = choose(node, depth);
    let mut child = game.clone();
    child.apply(action).unwrap();
    let value = if child.winner().is_some() {
        1.0
    } else if child.is_over() {
        0.0
    } else if let Some(next) = node.children.get_mut(&action) {
        -descend_by(next, &child, depth + 1, choose)
    } else {
        let (next, value) = expand(&child);
        node.children.insert(action, next);
        -value
    };
    *node.visits.entry(action).or_insert(0) += 1;
    *node.values.entry(action).or_insert(0.0) += value;
    value
}

/// What a descent with virtual losses found.
pub enum Found {
    /// A finished game, worth this to the side to move at the node descended from.
    Finished(f64),
    /// A new position, reached from the root by these actions.
    Leaf(Vec<u32>, Game),
    /// A new position an earlier descent of the step reached.
    Taken,
}

/// One descent of a step from `node` (at `game`; `path` the actions from the root to it,
/// `pending` the paths of the step's earlier leaves): PUCT with each move's virtual visits
/// counted as visits worth a loss to its mover. A finished game is backed up on the way
/// back; a new leaf holds a virtual visit on each move of its path.
pub fn descend_held(
    node: &mut Node,
    game: &Game,
    c_puct: f64,
    path: &mut Vec<u32>,
    pending: &[Vec<u32>],
) -> Found {
    let action = best(node, c_puct);
    let mut child = game.clone();
    child.apply(action).unwrap();
    path.push(action);
    let found = if child.winner().is_some() {
        Found::Finished(1.0)
    } else if child.is_over() {
        Found::Finished(0.0)
    } else if let Some(next) = node.children.get_mut(&action) {
        match descend_held(next, &child, c_puct, path, pending) {
            Found::Finished(value) => Found::Finished(-value),
            found => found,
        }
    } else if pending.contains(path) {
        Found::Taken
    } else {
        Found::Leaf(path.clone(), child)
    };
    match found {
        Found::Finished(value) => {
            *node.visits.entry(action).or_insert(0) += 1;
            *node.values.entry(action).or_insert(0.0) += value;
        }
        Found::Leaf(..) => {
            // A virtual visit: a loss added to W now, taken back when the leaf is backed up.
            *node.held.entry(action).or_insert(0) += 1;
            *node.values.entry(action).or_insert(0.0) += -1.0;
        }
        Found::Taken => {}
    }
    found
}

/// Expands the leaf at `path` (its position `game`) and backs its value up in place of its
/// virtual visits; the value from the side to move at the root.
pub fn expand_held(root: &mut Node, path: &[u32], game: &Game) -> f64 {
    let (leaf, value) = expand(game);
    // From the side of the player making the path's first move.
    let at_root = if path.len() % 2 == 1 { -value } else { value };
    let (mut node, mut value, mut leaf) = (root, at_root, Some(leaf));
    for (depth, &action) in path.iter().enumerate() {
        *node.held.get_mut(&action).unwrap() -= 1;
        *node.values.get_mut(&action).unwrap() += 1.0;
        *node.visits.entry(action).or_insert(0) += 1;
        *node.values.get_mut(&action).unwrap() += value;
        value = -value;
        if depth + 1 == path.len() {
            node.children.insert(action, leaf.take().unwrap());
        } else {
            node = node.children.get_mut(&action).unwrap();
        }
    }
    at_root
}

impl Textbook {
    /// `simulations` simulations in steps of at most `leaves` descents with virtual losses
    /// (a step ends early at a leaf an earlier descent of it reached), each step's leaves
    /// expanded after its descents, in the order found.
    pub fn run_held(&mut self, simulations: u32, leaves: u32, c_puct: f64) {
        let mut remaining = simulations;
        while remaining > 0 {
            let mut found: Vec<(Vec<u32>, Game)> = Vec::new();
            for _ in 0..leaves.min(remaining) {
                let pending: Vec<Vec<u32>> = found.iter().map(|(path, _)| path.clone()).collect();
                let mut path = Vec::new();
                match descend_held(&mut self.root, &self.game, c_puct, &mut path, &pending) {
                    Found::Finished(value) => {
                        self.visits += 1;
                        self.value += value;
                    }
                    Found::Leaf(path, game) => found.push((path, game)),
                    Found::Taken => break,
                }
                remaining -= 1;
            }
            for (path, game) in found {
                self.value += expand_held(&mut self.root, &path, &game);
                self.visits += 1;
            }
        }
    }

    pub fn new(game: Game) -> Textbook {
        let (root, value) = expand(&game);
        Textbook { root, game, visits: 1, value }
    }

    pub fn run(&mut self, simulations: u32, c_puct: f64) {
        for _ in 0..simulations {
            let value = simulate(&mut self.root, &self.game, c_puct);
            self.visits += 1;
            self.value += value;
        }
    }

    pub fn visits(&self, actions: usize) -> Vec<u32> {
        (0..actions as u32).map(|a| self.root.visits.get(&a).copied().unwrap_or(0)).collect()
    }

    /// The subtree of `action` as the new tree (a fresh one when it was never expanded).
    pub fn play(mut self, action: u32) -> Textbook {
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

/// The rule sets searched: tic-tac-toe, Connect Four, a gravity board with k = 3 (on masks),
/// gomoku's 9 x 9 corner of the family (on games) and an exact rule set.
pub fn rule_sets() -> [Rules; 5] {
    [
        Rules::tic_tac_toe(3),
        Rules::CONNECT_FOUR,
        Rules { gravity: true, ..Rules::mnk(4, 5, 3) },
        Rules::mnk(9, 9, 5),
        Rules { exact: true, ..Rules::mnk(4, 6, 3) },
    ]
}

/// A batch of `count` games of `rules`, each moved at random for a few plies.
pub fn batch(rules: Rules, count: usize, plies: usize) -> Batch {
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

pub fn evaluator(batch: &Batch) -> Hashed {
    let (cells, actions) = (batch.rows() * batch.cols(), batch.actions());
    Hashed { cells, actions, calls: 0, largest: 0, fail_at: None, bad_value_at: None }
}

/// Runs the search on `batch`; its visits and values.
pub fn run(
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

pub const C_PUCT: f32 = 1.25;

pub fn config() -> PuctConfig {
    PuctConfig { c_puct: C_PUCT, ..PuctConfig::default() }
}

/// Checks the search's visits and values on every game against the textbook's.
pub fn check(batch: &Batch, books: &[Option<Textbook>], visits: &[u32], values: &[f32]) {
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

/// Plays games of `rules` to the end with a search of `config` (`simulations` a move, moves
/// drawn at temperature 1 for two turns, then the most visited), the textbook's trees
/// following by `play` and searched by `search`: the visits and values checked at every move.
pub fn play_along(
    rules: Rules,
    config: PuctConfig,
    simulations: u32,
    search: impl Fn(&mut Textbook),
) {
    let mut batch = batch(rules, 4, 0);
    let mut puct = Puct::new(&batch, config).unwrap();
    let mut eval = evaluator(&batch);
    let mut books: Vec<Option<Textbook>> =
        (0..batch.count()).map(|g| Some(Textbook::new(batch.game(g).unwrap()))).collect();
    for turn in 0..rules.cells() {
        let (visits, values) = run(&mut puct, &batch, &mut eval, simulations);
        books.iter_mut().flatten().for_each(&search);
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
