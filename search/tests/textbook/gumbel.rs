//! Gumbel MuZero's search written out plainly from mctx's `gumbel_muzero_policy` (its Python,
//! read function by function), for the tests to compare the search's Gumbel mode against: one
//! game, a tree of maps, recursion, every position a copy, every sum in action order in f64,
//! no Gumbel draws (a search without noise).

use alloc::collections::BTreeMap;

use tictactoe_core::Game;

/// A node: its moves' priors, N and W (from the mover's side) of each move taken, the children
/// expanded, and the evaluator's value of the position from its side to move.
pub struct GumbelNode {
    pub priors: BTreeMap<u32, f32>,
    pub visits: BTreeMap<u32, u32>,
    pub values: BTreeMap<u32, f64>,
    pub children: BTreeMap<u32, GumbelNode>,
    pub raw: f64,
}

impl GumbelNode {
    /// The node of `game`'s position, valued by the hashed evaluator (as PUCT's textbook).
    pub fn new(game: &Game) -> GumbelNode {
        let (node, raw) = super::expand(game);
        let (visits, values, children) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
        GumbelNode { priors: node.priors, visits, values, children, raw }
    }

    fn n(&self, action: u32) -> u32 {
        self.visits.get(&action).copied().unwrap_or(0)
    }

    fn q(&self, action: u32) -> f64 {
        self.values[&action] / f64::from(self.n(action))
    }

    /// `qtransform_completed_by_mix_value` (value_scale 0.1, maxvisit_init 50, rescaled): a
    /// visited move's Q, an unvisited one's the mixed value, scaled to [0, 1] over the moves
    /// and multiplied by (50 + the most visits) * 0.1.
    pub fn completed(&self) -> BTreeMap<u32, f64> {
        let visited: Vec<u32> = self.priors.keys().copied().filter(|&a| self.n(a) > 0).collect();
        let sum_visits: u32 = self.visits.values().sum();
        let prior = |a: u32| f64::from(self.priors[&a].max(f32::MIN_POSITIVE));
        // _compute_mixed_value.
        let mut sum_probs = 0.0;
        for &a in &visited {
            sum_probs += prior(a);
        }
        let mut weighted_q = 0.0;
        for &a in &visited {
            weighted_q += prior(a) * self.q(a) / sum_probs;
        }
        let sum_visits = f64::from(sum_visits);
        let mixed = (self.raw + sum_visits * weighted_q) / (sum_visits + 1.0);
        let completed: BTreeMap<u32, f64> = self
            .priors
            .keys()
            .map(|&a| (a, if self.n(a) > 0 { self.q(a) } else { mixed }))
            .collect();
        // _rescale_qvalues, then the visit scale.
        let low = completed.values().copied().fold(f64::INFINITY, f64::min);
        let high = completed.values().copied().fold(f64::NEG_INFINITY, f64::max);
        let most = self.priors.keys().map(|&a| self.n(a)).max().unwrap_or(0);
        let visit_scale = 50.0 + f64::from(most);
        completed
            .into_iter()
            .map(|(a, q)| (a, visit_scale * 0.1 * ((q - low) / (high - low).max(1e-8))))
            .collect()
    }

    /// The improved policy: softmax(logits + completed Q), the logits ln P, that is
    /// P * exp(completed Q) normalized (shifted by the top completed Q).
    pub fn improved(&self) -> BTreeMap<u32, f64> {
        let completed = self.completed();
        let top = completed.values().copied().fold(f64::NEG_INFINITY, f64::max);
        let weight = |a: u32| f64::from(self.priors[&a]) * libm::exp(completed[&a] - top);
        let mut total = 0.0;
        for &a in completed.keys() {
            total += weight(a);
        }
        completed.keys().map(|&a| (a, weight(a) / total)).collect()
    }

    /// `gumbel_muzero_interior_action_selection`: argmax of pi(a) - N(a) / (1 + N(s)).
    pub fn interior(&self) -> u32 {
        let total = 1.0 + f64::from(self.visits.values().sum::<u32>());
        let mut best = (f64::NEG_INFINITY, 0);
        for (a, pi) in self.improved() {
            let score = pi - f64::from(self.n(a)) / total;
            if score > best.0 {
                best = (score, a);
            }
        }
        best.1
    }

    /// `score_considered` then the argmax: of the moves with `considered` visits in `searched`,
    /// the one of highest max(-1e9, g + logit - top logit + completed Q), g 0 (no noise).
    pub fn considered(&self, searched: &BTreeMap<u32, u32>, considered: u32) -> Option<u32> {
        let completed = self.completed();
        let logit = |a: u32| libm::log(f64::from(self.priors[&a]));
        let top = self.priors.keys().map(|&a| logit(a)).fold(f64::NEG_INFINITY, f64::max);
        let mut best: Option<(f64, u32)> = None;
        for &a in self.priors.keys() {
            if searched.get(&a).copied().unwrap_or(0) != considered {
                continue;
            }
            let score = (-1e9f64).max(0.0 + (logit(a) - top) + completed[&a]);
            if best.map_or(true, |(b, _)| score > b) {
                best = Some((score, a));
            }
        }
        best.map(|(_, a)| a)
    }
}

/// `get_sequence_of_considered_visits`, line by line.
pub fn sequence(max_num_considered_actions: u32, num_simulations: u32) -> Vec<u32> {
    if max_num_considered_actions <= 1 {
        return (0..num_simulations).collect();
    }
    let log2max = libm::ceil(libm::log2(f64::from(max_num_considered_actions))) as u32;
    let mut sequence = Vec::new();
    let mut visits = vec![0; max_num_considered_actions as usize];
    let mut num_considered = max_num_considered_actions;
    while (sequence.len() as u32) < num_simulations {
        let num_extra_visits =
            1.max((f64::from(num_simulations) / f64::from(log2max * num_considered)) as u32);
        for _ in 0..num_extra_visits {
            sequence.extend_from_slice(&visits[..num_considered as usize]);
            for v in &mut visits[..num_considered as usize] {
                *v += 1;
            }
        }
        num_considered = 2.max(num_considered / 2);
    }
    sequence.truncate(num_simulations as usize);
    sequence
}

/// One simulation from `node` (at `game`) through `action`: the value found, from the side to
/// move at `node`; below, each node's interior choice.
pub fn simulate(node: &mut GumbelNode, game: &Game, action: u32) -> f64 {
    let mut child = game.clone();
    child.apply(action).unwrap();
    let value = if child.winner().is_some() {
        1.0
    } else if child.is_over() {
        0.0
    } else if let Some(next) = node.children.get_mut(&action) {
        let below = next.interior();
        -simulate(next, &child, below)
    } else {
        let next = GumbelNode::new(&child);
        let value = next.raw;
        node.children.insert(action, next);
        -value
    };
    *node.visits.entry(action).or_insert(0) += 1;
    *node.values.entry(action).or_insert(0.0) += value;
    value
}

/// One game's search: the root, its own visits and value sum, and this search's visits by move.
pub struct GumbelBook {
    pub root: GumbelNode,
    pub game: Game,
    pub visits: u32,
    pub value: f64,
    pub searched: BTreeMap<u32, u32>,
}

impl GumbelBook {
    pub fn new(game: Game) -> GumbelBook {
        let root = GumbelNode::new(&game);
        let value = root.raw;
        GumbelBook { root, game, visits: 1, value, searched: BTreeMap::new() }
    }

    /// `simulations` simulations, each root move the one `considered` (at most that many
    /// moves) and the schedule's visits give.
    pub fn run(&mut self, simulations: u32, considered: u32) {
        self.searched.clear();
        let m = considered.min(self.root.priors.len() as u32);
        let table = sequence(m, simulations);
        for &due in &table {
            let action = self.root.considered(&self.searched, due).unwrap();
            *self.searched.entry(action).or_insert(0) += 1;
            self.value += simulate(&mut self.root, &self.game, action);
            self.visits += 1;
        }
    }

    /// The move played: of those the search visited most, the best `score_considered`.
    pub fn selected(&self) -> u32 {
        let most = self.searched.values().copied().max().unwrap();
        self.root.considered(&self.searched, most).unwrap()
    }

    pub fn visits(&self, actions: usize) -> Vec<u32> {
        (0..actions as u32).map(|a| self.root.n(a)).collect()
    }

    /// The improved policy by action.
    pub fn policy(&self, actions: usize) -> Vec<f64> {
        let improved = self.root.improved();
        (0..actions as u32).map(|a| improved.get(&a).copied().unwrap_or(0.0)).collect()
    }

    /// The subtree of `action` as the new tree (a fresh one when it was never expanded).
    pub fn play(mut self, action: u32) -> GumbelBook {
        let mut game = self.game.clone();
        game.apply(action).unwrap();
        match self.root.children.remove(&action) {
            Some(root) => GumbelBook {
                root,
                game,
                visits: self.root.visits[&action],
                value: -self.root.values[&action],
                searched: BTreeMap::new(),
            },
            None => GumbelBook::new(game),
        }
    }
}
