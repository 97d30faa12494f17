//! Gumbel MuZero's search written out plainly from mctx's `gumbel_muzero_policy` (its Python,
//! read function by function), for the tests to compare the search's Gumbel mode against: one
//! game, a tree of maps, recursion, every position a copy, every sum in action order in f64,
//! no Gumbel draws (a search without noise).

use alloc::collections::BTreeMap;

use tictactoe_core::Game;

use super::{simulate_by, Node, Textbook};

/// Gumbel's reading of the textbook's node, on a board of `actions` actions (mctx's arrays
/// hold one a move, the illegal ones among them).
pub trait Gumbel {
    fn n(&self, action: u32) -> u32;
    fn q(&self, action: u32) -> f64;
    fn completed(&self, actions: u32) -> BTreeMap<u32, f64>;
    fn improved(&self, actions: u32) -> BTreeMap<u32, f64>;
    fn interior(&self, actions: u32) -> u32;
    fn considered(&self, searched: &BTreeMap<u32, u32>, due: u32, actions: u32) -> Option<u32>;
}

impl Gumbel for Node {
    fn n(&self, action: u32) -> u32 {
        self.visits.get(&action).copied().unwrap_or(0)
    }

    fn q(&self, action: u32) -> f64 {
        self.values[&action] / f64::from(self.n(action))
    }

    /// `qtransform_completed_by_mix_value` (value_scale 0.1, maxvisit_init 50, rescaled): a
    /// visited move's Q, an unvisited one's (and an illegal one's: never visited) the mixed
    /// value, scaled to [0, 1] over every action and multiplied by (50 + the most visits) *
    /// 0.1; the legal moves' kept.
    fn completed(&self, actions: u32) -> BTreeMap<u32, f64> {
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
        let completed: BTreeMap<u32, f64> =
            (0..actions).map(|a| (a, if self.n(a) > 0 { self.q(a) } else { mixed })).collect();
        // _rescale_qvalues, then the visit scale.
        let low = completed.values().copied().fold(f64::INFINITY, f64::min);
        let high = completed.values().copied().fold(f64::NEG_INFINITY, f64::max);
        let most = self.priors.keys().map(|&a| self.n(a)).max().unwrap_or(0);
        let visit_scale = 50.0 + f64::from(most);
        completed
            .into_iter()
            .filter(|(a, _)| self.priors.contains_key(a))
            .map(|(a, q)| (a, visit_scale * 0.1 * ((q - low) / (high - low).max(1e-8))))
            .collect()
    }

    /// The improved policy: softmax(logits + completed Q), the logits ln P, that is
    /// P * exp(completed Q) normalized (shifted by the top completed Q).
    fn improved(&self, actions: u32) -> BTreeMap<u32, f64> {
        let completed = self.completed(actions);
        let top = completed.values().copied().fold(f64::NEG_INFINITY, f64::max);
        let weight = |a: u32| f64::from(self.priors[&a]) * libm::exp(completed[&a] - top);
        let mut total = 0.0;
        for &a in completed.keys() {
            total += weight(a);
        }
        completed.keys().map(|&a| (a, weight(a) / total)).collect()
    }

    /// `gumbel_muzero_interior_action_selection`: argmax of pi(a) - N(a) / (1 + N(s)).
    fn interior(&self, actions: u32) -> u32 {
        let total = 1.0 + f64::from(self.visits.values().sum::<u32>());
        let mut best = (f64::NEG_INFINITY, 0);
        for (a, pi) in self.improved(actions) {
            let score = pi - f64::from(self.n(a)) / total;
            if score > best.0 {
                best = (score, a);
            }
        }
        best.1
    }

    /// `score_considered` then the argmax: of the moves with `due` visits in `searched`,
    /// the one of highest max(-1e9, g + logit - top logit + completed Q), g 0 (no noise).
    fn considered(&self, searched: &BTreeMap<u32, u32>, due: u32, actions: u32) -> Option<u32> {
        let completed = self.completed(actions);
        let logit = |a: u32| libm::log(f64::from(self.priors[&a]));
        let top = self.priors.keys().map(|&a| logit(a)).fold(f64::NEG_INFINITY, f64::max);
        let mut best: Option<(f64, u32)> = None;
        for &a in self.priors.keys() {
            if searched.get(&a).copied().unwrap_or(0) != due {
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

/// One game's search: the textbook's tree, and this search's visits by root move.
pub struct GumbelBook {
    pub book: Textbook,
    pub searched: BTreeMap<u32, u32>,
}

impl GumbelBook {
    pub fn new(game: Game) -> GumbelBook {
        GumbelBook { book: Textbook::new(game), searched: BTreeMap::new() }
    }

    /// `simulations` simulations, each root move the one `considered` (at most that many
    /// moves) and the schedule's visits give, each move below the interior choice.
    pub fn run(&mut self, simulations: u32, considered: u32) {
        self.searched.clear();
        let m = considered.min(self.book.root.priors.len() as u32);
        let actions = self.actions();
        for due in sequence(m, simulations) {
            let action = self.book.root.considered(&self.searched, due, actions).unwrap();
            *self.searched.entry(action).or_insert(0) += 1;
            let Textbook { root, game, .. } = &mut self.book;
            let mut choose = |node: &Node, depth: usize| match depth {
                0 => action,
                _ => node.interior(actions),
            };
            self.book.value += simulate_by(root, game, &mut choose);
            self.book.visits += 1;
        }
    }

    /// The board's actions.
    fn actions(&self) -> u32 {
        self.book.game.action_count() as u32
    }

    /// The move played: of those the search visited most (all of them after no simulation),
    /// the best `score_considered`.
    pub fn selected(&self) -> u32 {
        let most = self.searched.values().copied().max().unwrap_or(0);
        self.book.root.considered(&self.searched, most, self.actions()).unwrap()
    }

    /// The improved policy by action.
    pub fn policy(&self) -> Vec<f64> {
        let improved = self.book.root.improved(self.actions());
        (0..self.actions()).map(|a| improved.get(&a).copied().unwrap_or(0.0)).collect()
    }

    /// The subtree of `action` as the new tree, the new search's visits none yet.
    pub fn play(self, action: u32) -> GumbelBook {
        GumbelBook { book: self.book.play(action), searched: BTreeMap::new() }
    }
}
