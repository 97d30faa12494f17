//! Gumbel MuZero's choices (Danihelka, Guez, Schrittwieser and Silver, "Policy improvement by
//! planning with Gumbel", ICLR 2022), as DeepMind's mctx makes them in `gumbel_muzero_policy`:
//! at the root, sequential halving over the actions of highest Gumbel draw + logit; below it,
//! the action whose visits lag most behind the improved policy; after the search, the improved
//! policy as the training target and the action to play. Every score is in f64, from the
//! tree's f32 priors, the logits taken as ln P (the softmax's logits up to a constant, which
//! no choice sees): the improved policy, softmax(ln P + completed Q), is computed as
//! P * exp(completed Q) normalized, without a logarithm.

use alloc::vec::Vec;

use super::tree::{Edge, Node, Tree};

/// mctx's `value_scale`: how much the completed Q values weigh against the logits, per visit.
const VALUE_SCALE: f64 = 0.1;
/// mctx's `maxvisit_init`: the visits the Q values' weight starts from.
const VISIT_INIT: f64 = 50.0;
/// mctx's low logit: the floor of a root score, so that an action of prior 0 still ranks.
const LOW_LOGIT: f64 = -1e9;
/// The narrowest range of Q values scaled to [0, 1] (mctx's epsilon).
const EPSILON: f64 = 1e-8;

/// A position as Gumbel's choices read it: its edges, N(s) (the simulations through them, which
/// the tree keeps: no choice sums them again), the evaluator's value of it from its side to
/// move, and whether some actions are illegal there (mctx's completed Q values span every
/// action, an illegal one valued as an unvisited one, at the mixed value: the range they are
/// scaled by then takes it in).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Position<'a> {
    pub(crate) edges: &'a [Edge],
    visits: u32,
    raw: f32,
    illegal: bool,
}

impl Position<'_> {
    /// The position of `node` in `tree`, on a board of `actions` actions.
    pub(crate) fn of(tree: &Tree, node: Node, actions: usize) -> Position<'_> {
        let edges = tree.edges(node);
        Position { edges, visits: node.visits(), raw: node.raw, illegal: edges.len() < actions }
    }
}

/// Appends to `out` the visits in this search the action each simulation takes at the root
/// must have had, for `considered` actions and `simulations` simulations (mctx's
/// `get_sequence_of_considered_visits`): rounds of a visit for every action still considered,
/// the half of highest score kept after each phase, down to two.
pub(crate) fn schedule(considered: u32, simulations: u32, out: &mut Vec<u32>) {
    let start = out.len();
    if considered <= 1 {
        out.extend(0..simulations);
        return;
    }
    // ceil(log2(considered)), considered >= 2.
    let log2 = u32::BITS - (considered - 1).leading_zeros();
    // The actions kept are always a prefix of the last kept, each round a visit to each: they
    // all have the same visits, the rounds made (mctx keeps a list of them).
    let (mut kept, mut rounds, end) = (considered, 0, start + simulations as usize);
    while out.len() < end {
        let extra = (simulations / (log2 * kept)).max(1);
        for _ in 0..extra {
            // Never past the simulations (mctx cuts its list there): within what was reserved.
            let take = (kept as usize).min(end - out.len());
            out.extend((0..take).map(|_| rounds));
            rounds += 1;
        }
        kept = (kept / 2).max(2);
    }
}

/// Writes into `out` (an f64 an edge) the completed Q values of a position's edges, each from
/// its mover's side, scaled as mctx's `qtransform_completed_by_mix_value` scales them: a
/// visited edge's Q, an unvisited one's the mixed value (the evaluator's value of the
/// position mixed with the visited edges' Q, weighted by their priors); all scaled to [0, 1]
/// by their range (the mixed value's taken in where an action is illegal) and multiplied by
/// (50 + the most visits) * 0.1.
pub(crate) fn completed(at: Position<'_>, out: &mut [f64]) {
    let Position { edges, visits, raw, illegal } = at;
    let out = &mut out[..edges.len()];
    // The visited edges' Q first, once each.
    let (mut most, mut probs) = (0u32, 0.0);
    for (q, edge) in out.iter_mut().zip(edges).filter(|(_, edge)| edge.visits() > 0) {
        most = most.max(edge.visits());
        probs += floored(edge.prior());
        *q = edge.q();
    }
    let mut weighted = 0.0;
    for (&q, edge) in out.iter().zip(edges).filter(|(_, edge)| edge.visits() > 0) {
        weighted += floored(edge.prior()) * q / probs;
    }
    let total = f64::from(visits);
    let mixed = (f64::from(raw) + total * weighted) / (total + 1.0);
    let (mut low, mut high) = match illegal {
        true => (mixed, mixed),
        false => (f64::INFINITY, f64::NEG_INFINITY),
    };
    for (q, edge) in out.iter_mut().zip(edges) {
        if edge.visits() == 0 {
            *q = mixed;
        }
        (low, high) = (low.min(*q), high.max(*q));
    }
    let (range, scale) = ((high - low).max(EPSILON), (VISIT_INIT + f64::from(most)) * VALUE_SCALE);
    for q in out.iter_mut() {
        *q = scale * ((*q - low) / range);
    }
}

/// A prior as mctx floors it before mixing: never 0.
fn floored(prior: f32) -> f64 {
    f64::from(prior.max(f32::MIN_POSITIVE))
}

/// Writes into `out` (an f64 an edge) the improved policy at a position: the softmax of
/// logits + completed Q ([`completed`]) over its edges, as P * exp(Q - the top Q)
/// normalized.
pub(crate) fn improved(at: Position<'_>, out: &mut [f64]) {
    completed(at, out);
    let edges = at.edges;
    let out = &mut out[..edges.len()];
    let top = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for (w, edge) in out.iter_mut().zip(edges) {
        // exp(0) is 1: no call for the top ones.
        let scale = match *w - top {
            0.0 => 1.0,
            x => libm::exp(x),
        };
        *w = f64::from(edge.prior()) * scale;
        total += *w;
    }
    out.iter_mut().for_each(|w| *w /= total);
}

/// The edge a simulation takes at a position below the root (mctx's
/// `gumbel_muzero_interior_action_selection`): the one maximizing the improved policy less
/// its share of the visits, `pi(a) - N(a) / (1 + N(s))`, ties to the lowest action. `scratch`
/// holds an f64 an edge.
pub(crate) fn interior(at: Position<'_>, scratch: &mut [f64]) -> usize {
    improved(at, scratch);
    let (edges, total) = (at.edges, 1.0 + f64::from(at.visits));
    let (mut best, mut best_score) = (0, f64::NEG_INFINITY);
    for (i, (edge, &pi)) in edges.iter().zip(scratch.iter()).enumerate() {
        let score = pi - f64::from(edge.visits()) / total;
        if score > best_score {
            (best, best_score) = (i, score);
        }
    }
    best
}

/// Writes into `out` (emptied) the part of each root edge's score a search holds fixed: its
/// Gumbel draw (`draw`, none: 0) + its logit less the top one.
pub(crate) fn bases(edges: &[Edge], mut draw: Option<impl FnMut() -> f64>, out: &mut Vec<f64>) {
    let logit = |edge: &Edge| libm::log(f64::from(edge.prior()));
    let top = edges.iter().map(logit).fold(f64::NEG_INFINITY, f64::max);
    out.clear();
    out.extend(edges.iter().map(|edge| {
        let g = draw.as_mut().map_or(0.0, |draw| draw());
        g + (logit(edge) - top)
    }));
}

/// The root edge of highest `g + logit + completed Q` among those this search visited
/// `considered` times (mctx's `score_considered`, ties to the lowest action): the action a
/// root simulation takes, with `considered` the schedule's, and the action played after the
/// search, with the most visits. `bases` holds the search's fixed parts of the scores
/// ([`bases`]) and `searched` its visits, an edge each; `scratch` an f64 an edge. `None` when
/// no edge has those visits.
pub(crate) fn root(
    at: Position<'_>,
    (bases, searched): (&[f64], &[u32]),
    considered: u32,
    scratch: &mut [f64],
) -> Option<usize> {
    completed(at, scratch);
    let mut best: Option<(usize, f64)> = None;
    for i in 0..at.edges.len() {
        if searched[i] != considered {
            continue;
        }
        let score = LOW_LOGIT.max(bases[i] + scratch[i]);
        if best.map_or(true, |(_, best)| score > best) {
            best = Some((i, score));
        }
    }
    best.map(|(i, _)| i)
}

/// A standard Gumbel draw from a uniform one in (0, 1).
pub(crate) fn draw(uniform: f64) -> f64 {
    -libm::log(-libm::log(uniform))
}

#[cfg(test)]
mod tests {
    use super::schedule;

    /// The schedules mctx's `get_sequence_of_considered_visits` gives (read off its source
    /// for these sizes): a visit each per round, halving the actions after each phase.
    #[test]
    fn schedules_halve_as_mctx_s() {
        let mut out = alloc::vec![7];
        schedule(1, 4, &mut out);
        assert_eq!(out, [7, 0, 1, 2, 3], "appended");
        out.clear();
        schedule(1, 4, &mut out);
        assert_eq!(out, [0, 1, 2, 3]);
        out.clear();
        schedule(2, 6, &mut out);
        assert_eq!(out, [0, 0, 1, 1, 2, 2]);
        // 4 actions, 2 phases: 16 / (2 * 4) = 2 rounds of 4, then rounds of 2.
        out.clear();
        schedule(4, 16, &mut out);
        assert_eq!(out, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
        // Fewer simulations than actions: a visit for the first of them.
        out.clear();
        schedule(16, 5, &mut out);
        assert_eq!(out, [0, 0, 0, 0, 0]);
        // 3 actions: ceil(log2 3) = 2 phases, 12 / 6 = 2 rounds of 3, then of 2.
        out.clear();
        schedule(3, 12, &mut out);
        assert_eq!(out, [0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4]);
    }
}
