//! One game's search tree: the edges out of every expanded position in one arena, a position's
//! edges side by side, each edge holding its statistics and where its child's edges start, so
//! that a descent reads one run of edges a ply and nothing else. Values are summed in f64 in the
//! order the simulations end, as the textbook sums them, so that its means are the tree's to
//! the last bit.

use alloc::collections::TryReserveError;
use alloc::vec::Vec;

use tictactoe_core::Status;

/// An edge not expanded yet.
pub(crate) const NONE: u32 = u32::MAX;
/// An edge whose move won for the player who made it.
const WON: u32 = u32::MAX - 1;
/// An edge whose move filled the board without a winner.
const DRAWN: u32 = u32::MAX - 2;
/// An edge whose child is a new leaf of the step running, waiting for the evaluator: the
/// lowest of the marks, every index of edges below it.
const PENDING: u32 = u32::MAX - 3;

/// What a virtual visit is worth to its edge's mover: a loss. Held and taken back by adding
/// it and its opposite, which leaves a sum whose additions were exact (values of few bits, as
/// multiples of 1/1024) as it was, and any other within a rounding of it.
const LOSS: f64 = -1.0;

/// The bytes `edges` edges take.
pub(crate) fn bytes(edges: usize) -> usize {
    edges.saturating_mul(core::mem::size_of::<Edge>())
}

/// The bytes a copy of `edges` edges' statistics takes ([`Saved`]).
pub(crate) fn saved_bytes(edges: usize) -> usize {
    edges.saturating_mul(core::mem::size_of::<(f64, u32, u32, u32)>())
}

/// A move out of an expanded position, and what the simulations through it found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    /// W(s, a): the values backed up through it, from the side of the player making the move.
    value: f64,
    /// N(s, a).
    visits: u32,
    /// P(s, a).
    prior: f32,
    /// Where the child's edges start; [`NONE`] until expanded, [`PENDING`] while its
    /// expansion waits for the evaluator; [`WON`] or [`DRAWN`] when the game ends there.
    child: u32,
    /// How many edges the child has.
    len: u32,
    /// The batch's action number.
    pub(crate) action: u32,
    /// The evaluator's value of the child, from the side to move there, set when the child is
    /// expanded (read only then): Gumbel's mixed value reads it. In what would be padding.
    raw: f32,
}

// Two edges a cache line, the raw value included.
const _: () = assert!(core::mem::size_of::<Edge>() == 32);

impl Edge {
    /// N(s, a): the simulations through it.
    pub(crate) fn visits(&self) -> u32 {
        self.visits
    }

    /// P(s, a).
    pub(crate) fn prior(&self) -> f32 {
        self.prior
    }

    /// Q(s, a): the mean value of the simulations through it, from the side of the player
    /// making the move (0 unvisited).
    pub(crate) fn q(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        self.value / f64::from(self.visits)
    }

    /// Changes P(s, a) (the root's noise, and its removal).
    pub(crate) fn set_prior(&mut self, prior: f32) {
        self.prior = prior;
    }
}

/// An expanded position of a descent: its edges, N(s) + 1, the simulations that reached it
/// (the first expanded it; every later one went on through one of its edges), and the
/// evaluator's value of it from its side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Node {
    pub(crate) first: u32,
    len: u32,
    reached: u32,
    pub(crate) raw: f32,
}

impl Node {
    /// N(s): the simulations through its edges (every one that reached it but the first,
    /// which expanded it).
    pub(crate) fn visits(&self) -> u32 {
        self.reached - 1
    }
}

/// Where a descent's last edge leads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Next {
    /// An expanded position to go on from.
    Node(Node),
    /// A position to evaluate (its edge not expanded yet; the game goes on).
    Open,
    /// A position another descent of the step running reached first, waiting for the
    /// evaluator.
    Pending,
    /// A finished game, worth `value` to the player making the move.
    Finished(f64),
}

/// One game's tree. Empty until its root is expanded.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    edges: Vec<Edge>,
    /// The root's edges (`None` until expanded).
    root: Option<(u32, u32)>,
    /// The root's own visits (its expansion, then every simulation) and their values summed,
    /// from the side to move at the root; the evaluator's value of it.
    root_visits: u32,
    root_value: f64,
    root_raw: f32,
}

/// What a tree held before a search, to go back to: its edges' statistics and children, and
/// its root's.
#[derive(Clone, Debug, Default)]
pub(crate) struct Saved {
    edges: Vec<(f64, u32, u32, u32)>,
    root: Option<(u32, u32)>,
    root_visits: u32,
    root_value: f64,
    root_raw: f32,
}

impl Saved {
    /// Edges it has memory for.
    pub(crate) fn capacity(&self) -> usize {
        self.edges.capacity()
    }
}

impl Tree {
    /// Whether the root is still to be expanded.
    pub(crate) fn is_empty(&self) -> bool {
        self.root.is_none()
    }

    /// Forgets every position.
    pub(crate) fn clear(&mut self) {
        self.edges.clear();
        (self.root, self.root_visits, self.root_value, self.root_raw) = (None, 0, 0.0, 0.0);
    }

    /// Edges held, for the memory a tree takes.
    pub(crate) fn len(&self) -> usize {
        self.edges.len()
    }

    /// Edges the tree has memory for.
    pub(crate) fn capacity(&self) -> usize {
        self.edges.capacity()
    }

    /// Reserves room for `edges` more edges, exactly (what [`Puct::bytes_needed`] counts).
    ///
    /// [`Puct::bytes_needed`]: super::Puct::bytes_needed
    pub(crate) fn reserve(&mut self, edges: usize) -> Result<(), TryReserveError> {
        self.edges.try_reserve_exact(edges)
    }

    /// The root's edges.
    pub(crate) fn root_edges(&self) -> &[Edge] {
        match self.root {
            Some((first, len)) => &self.edges[first as usize..(first + len) as usize],
            None => &[],
        }
    }

    /// The root's edges, their priors to change (the root's noise).
    pub(crate) fn root_edges_mut(&mut self) -> &mut [Edge] {
        match self.root {
            Some((first, len)) => &mut self.edges[first as usize..(first + len) as usize],
            None => &mut [],
        }
    }

    /// The root as a descent starts from it (the tree is not empty).
    pub(crate) fn root(&self) -> Node {
        let (first, len) = self.root.unwrap_or((0, 0));
        Node { first, len, reached: self.root_visits, raw: self.root_raw }
    }

    /// The edges out of `node`.
    #[inline]
    pub(crate) fn edges(&self, node: Node) -> &[Edge] {
        &self.edges[node.first as usize..(node.first + node.len) as usize]
    }

    /// The root's value from the side to move: the mean of its evaluation and every
    /// simulation's value (0 before any).
    pub(crate) fn root_value(&self) -> f32 {
        if self.root_visits == 0 {
            return 0.0;
        }
        // + 0.0: a sum of zeros negated (a kept subtree's, seen from the other side) is -0.0;
        // the value is 0 all the same, and reads as 0.
        (self.root_value / f64::from(self.root_visits)) as f32 + 0.0
    }

    /// Keeps in `saved` what the tree holds now (its memory reused; `Err` when it cannot grow).
    pub(crate) fn save(&self, saved: &mut Saved) -> Result<(), TryReserveError> {
        saved.edges.clear();
        saved.edges.try_reserve_exact(self.edges.len())?;
        saved.edges.extend(self.edges.iter().map(|e| (e.value, e.visits, e.child, e.len)));
        (saved.root, saved.root_visits, saved.root_value, saved.root_raw) =
            (self.root, self.root_visits, self.root_value, self.root_raw);
        Ok(())
    }

    /// Writes into `visits` (emptied) the visits of each root edge since `saved` kept the tree:
    /// the search running's.
    pub(crate) fn visits_since(&self, saved: &Saved, visits: &mut Vec<u32>) {
        visits.clear();
        let Some((first, len)) = self.root else { return };
        let before = |e: usize| match saved.root {
            // The same root (a search never moves it): its edges at the same places.
            Some(_) => saved.edges.get(e).map_or(0, |&(_, visits, _, _)| visits),
            None => 0,
        };
        let edges = first as usize..(first + len) as usize;
        visits.extend(edges.map(|e| self.edges[e].visits - before(e)));
    }

    /// Goes back to what `saved` kept: the edges added since dropped, the rest's statistics and
    /// children put back.
    pub(crate) fn restore(&mut self, saved: &Saved) {
        self.edges.truncate(saved.edges.len());
        for (edge, &(value, visits, child, len)) in self.edges.iter_mut().zip(&saved.edges) {
            (edge.value, edge.visits, edge.child, edge.len) = (value, visits, child, len);
        }
        (self.root, self.root_visits, self.root_value, self.root_raw) =
            (saved.root, saved.root_visits, saved.root_value, saved.root_raw);
    }

    /// The edge PUCT takes at `node`: the legal action maximizing
    /// `Q + c_puct * P * sqrt(N(s)) / (1 + N(s, a))`, Q the edge's mean value (0 unvisited),
    /// ties to the lowest action; scores in f64 from the stored f32 priors, in the textbook's
    /// order of operations (a product by a reciprocal is not always the quotient: 49 * (1/49)
    /// is below 1, and would break a tie the textbook sees).
    #[inline]
    pub(crate) fn select(&self, node: Node, c_puct: f64) -> u32 {
        let explore = c_puct * libm::sqrt(f64::from(node.visits()));
        let edges = self.edges(node);
        let (mut best, mut best_score) = (0, f64::NEG_INFINITY);
        for (i, edge) in edges.iter().enumerate() {
            // Unvisited, Q is 0 and the quotient's divisor 1: the score is the numerator, exactly.
            let score = if edge.visits == 0 {
                explore * f64::from(edge.prior)
            } else {
                let q = edge.value / f64::from(edge.visits);
                q + explore * f64::from(edge.prior) / (1.0 + f64::from(edge.visits))
            };
            if score > best_score {
                (best, best_score) = (i, score);
            }
        }
        node.first + best as u32
    }

    /// The action of `edge`.
    #[inline]
    pub(crate) fn action(&self, edge: u32) -> u32 {
        self.edges[edge as usize].action
    }

    /// Where `edge` leads, `after` telling what the game says after its move (asked only when
    /// the edge was never expanded: an expanded one knows).
    #[inline]
    pub(crate) fn next(&self, edge: u32, after: impl FnOnce() -> Status) -> Next {
        let edge = self.edges[edge as usize];
        match edge.child {
            WON => Next::Finished(1.0),
            DRAWN => Next::Finished(0.0),
            PENDING => Next::Pending,
            NONE => match after() {
                Status::InProgress => Next::Open,
                // Won by the player who made the move: the only winner a move can make.
                Status::Won(_) => Next::Finished(1.0),
                Status::Draw => Next::Finished(0.0),
            },
            first => Next::Node(Node { first, len: edge.len, reached: edge.visits, raw: edge.raw }),
        }
    }

    /// Marks `edge` as leading to a new leaf of the step running (until its expansion).
    pub(crate) fn pend(&mut self, edge: u32) {
        self.edges[edge as usize].child = PENDING;
    }

    /// Holds a virtual loss on `path` (root first): a visit worth a loss to the mover of each
    /// of its edges, and a visit of the root, so that the step's next descents take other
    /// ways. [`Tree::release`] takes it back.
    pub(crate) fn hold(&mut self, path: &[u32]) {
        for &edge in path {
            let edge = &mut self.edges[edge as usize];
            (edge.value, edge.visits) = (edge.value + LOSS, edge.visits + 1);
        }
        self.root_visits += 1;
    }

    /// Takes back a virtual loss [`Tree::hold`] held on `path`.
    pub(crate) fn release(&mut self, path: &[u32]) {
        for &edge in path {
            let edge = &mut self.edges[edge as usize];
            (edge.value, edge.visits) = (edge.value - LOSS, edge.visits - 1);
        }
        self.root_visits -= 1;
    }

    /// Marks `edge` as leading to a finished game worth `value` to its mover.
    pub(crate) fn finish(&mut self, edge: u32, value: f64) {
        self.edges[edge as usize].child = if value == 0.0 { DRAWN } else { WON };
    }

    /// Expands a position the evaluator valued `raw` from its side to move: under `parent`
    /// (an edge; the root for `None`), its edges the legal actions of `legal` with priors the
    /// softmax of their `logits` over them (`weights` is scratch memory, an f64 an action at
    /// least).
    pub(crate) fn expand(
        &mut self,
        parent: Option<u32>,
        (legal, logits, raw): (&[bool], &[f32], f32),
        weights: &mut [f64],
    ) {
        // Plain loops by index, each edge written once in place: an expansion a simulation
        // makes their instructions count.
        let (logits, weights) = (&logits[..legal.len()], &mut weights[..legal.len()]);
        let mut top = f32::NEG_INFINITY;
        for action in 0..legal.len() {
            // No NaN: the answers were checked.
            if legal[action] && logits[action] > top {
                top = logits[action];
            }
        }
        let (top, first) = (f64::from(top), self.edges.len());
        let (mut len, mut total) = (0, 0.0);
        for action in 0..legal.len() {
            if legal[action] {
                // The top logit's weight is 1 (exp(0)) at every expansion: no call for it.
                let weight = match f64::from(logits[action]) - top {
                    0.0 => 1.0,
                    x => libm::exp(x),
                };
                // Summed left to right, as `Iterator::sum` sums: the same total, bit for bit.
                (weights[len], total, len) = (weight, total + weight, len + 1);
                // Actions are below 2^32; the prior is set below.
                let action = action as u32;
                self.edges.push(Edge {
                    value: 0.0,
                    visits: 0,
                    prior: 0.0,
                    child: NONE,
                    len: 0,
                    action,
                    raw: 0.0,
                });
            }
        }
        for (edge, &weight) in self.edges[first..].iter_mut().zip(&weights[..len]) {
            edge.prior = (weight / total) as f32;
        }
        // Below 2^32 edges: the tree's indices are u32.
        let (first, len) = (first as u32, len as u32);
        match parent {
            Some(edge) => {
                let edge = &mut self.edges[edge as usize];
                (edge.child, edge.len, edge.raw) = (first, len, raw);
            }
            None => (self.root, self.root_raw) = (Some((first, len)), raw),
        }
    }

    /// The root's own evaluation, `value` from the side to move there.
    pub(crate) fn set_root_value(&mut self, value: f64) {
        (self.root_visits, self.root_value) = (1, value);
    }

    /// Adds `value` (from the side of the player making the last move) through the edges of
    /// `path`, root first, negated at each ply going up, and to the root.
    pub(crate) fn back_up(&mut self, path: &[u32], mut value: f64) {
        for &edge in path.iter().rev() {
            let edge = &mut self.edges[edge as usize];
            edge.value += value;
            edge.visits += 1;
            value = -value;
        }
        // The root's side to move made the first move of the path.
        self.root_value -= value;
        self.root_visits += 1;
    }

    /// Makes the subtree under the root's move `action` the whole tree (the rest dropped), its
    /// root's statistics those of the edge into it seen from the side now to move; empties the
    /// tree when that move was never expanded. `spare` is memory to build in (left empty),
    /// with room for this tree's edges: then nothing allocates, the subtree coming back into
    /// the tree's own memory.
    pub(crate) fn descend_to(&mut self, action: u32, spare: &mut Tree) {
        let child = self.root_edges().iter().find(|edge| edge.action == action).copied();
        let Some(child) = child.filter(|edge| edge.child < PENDING) else {
            self.clear();
            return;
        };
        spare.clear();
        // Copied breadth first: a position's edges are placed before its children's.
        spare.edges.extend_from_slice(&self.edges[child.child as usize..][..child.len as usize]);
        let mut next = 0;
        while next < spare.edges.len() {
            let edge = spare.edges[next];
            if edge.child < PENDING {
                let first = spare.edges.len() as u32;
                spare
                    .edges
                    .extend_from_slice(&self.edges[edge.child as usize..][..edge.len as usize]);
                spare.edges[next].child = first;
            }
            next += 1;
        }
        self.edges.clear();
        self.edges.extend_from_slice(&spare.edges);
        self.root = Some((0, child.len));
        (self.root_visits, self.root_value, self.root_raw) =
            (child.visits, -child.value, child.raw);
        spare.clear();
    }
}
