//! One game's search tree: nodes and the edges out of them in two arenas, the statistics on the
//! edges (where choosing among a node's moves reads them side by side), values as fixed-point
//! integers so that taking a backup back restores them exactly.

use alloc::vec::Vec;

/// No node: an edge not expanded yet, the root's parent.
pub(crate) const NONE: u32 = u32::MAX;
/// An edge whose move won for the player who made it.
const WON: u32 = u32::MAX - 1;
/// An edge whose move filled the board without a winner.
const DRAWN: u32 = u32::MAX - 2;

/// Values are kept as integers of this many units to 1.0: sums of values in [-1, 1] then
/// add and subtract exactly (u32 visits of 2^30 at most fit an i64 sum).
const SCALE: f64 = (1u64 << 30) as f64;

/// A value in [-1, 1] as the fixed-point integer the tree sums.
pub(crate) fn fixed(value: f32) -> i64 {
    // In [-2^30, 2^30]: the caller checked the range.
    (f64::from(value) * SCALE) as i64
}

/// The bytes `nodes` nodes and `edges` edges take.
pub(crate) fn bytes(nodes: usize, edges: usize) -> usize {
    let nodes = nodes.saturating_mul(core::mem::size_of::<Node>());
    nodes.saturating_add(edges.saturating_mul(core::mem::size_of::<Edge>()))
}

/// A position of the tree whose moves were expanded.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Its first edge in the edge arena; its edges follow, in increasing action.
    first: u32,
    /// How many edges (legal moves) it has.
    len: u32,
    /// The node above it and the edge from there to it (`NONE` for the root).
    parent: u32,
    parent_edge: u32,
    /// N(s): the visits of its edges, summed.
    visits: u32,
}

/// A move out of a node, and what the simulations through it found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    /// The values backed up through it, from the side of the player making the move, in
    /// [`SCALE`] units.
    value: i64,
    /// N(s, a).
    visits: u32,
    /// P(s, a).
    prior: f32,
    /// The node it leads to; [`NONE`] until expanded; [`WON`] or [`DRAWN`] when the game ends.
    child: u32,
    /// The batch's action number.
    pub(crate) action: u32,
}

impl Edge {
    /// N(s, a): the simulations through it.
    pub(crate) fn visits(&self) -> u32 {
        self.visits
    }

    /// P(s, a).
    pub(crate) fn prior(&self) -> f32 {
        self.prior
    }

    /// Changes P(s, a) (the root's noise, and its removal).
    pub(crate) fn set_prior(&mut self, prior: f32) {
        self.prior = prior;
    }
}

/// Where a descent ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Leaf {
    /// The root needs expanding.
    Root,
    /// The edge `edge` of node `node` leads to a position to evaluate.
    Open { node: u32, edge: u32 },
    /// The edge leads to a finished game, worth `value` to the player making the move.
    Finished { node: u32, edge: u32, value: i64 },
}

/// What the game says after a move of the descent: still going, won by the mover, drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum After {
    Going,
    Won,
    Drawn,
}

/// A backup to take back when a search fails: the node, the edge and the value added there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Backup {
    node: u32,
    edge: u32,
    value: i64,
}

/// One game's tree. Empty until its root is expanded.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// The root's own visits (its expansion, then every simulation) and their values summed,
    /// from the side to move at the root.
    root_visits: u32,
    root_value: i64,
}

/// What a tree held before a search, to go back to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark {
    nodes: usize,
    edges: usize,
    root_visits: u32,
    root_value: i64,
}

impl Tree {
    /// Whether the root is still to be expanded.
    pub(crate) fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Forgets every node.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        (self.root_visits, self.root_value) = (0, 0);
    }

    /// Reserves room for `nodes` more nodes and `edges` more edges.
    pub(crate) fn reserve(
        &mut self,
        nodes: usize,
        edges: usize,
    ) -> Result<(), alloc::collections::TryReserveError> {
        self.nodes.try_reserve(nodes)?;
        self.edges.try_reserve(edges)
    }

    /// Nodes and edges held, for the memory a tree takes.
    pub(crate) fn sizes(&self) -> (usize, usize) {
        (self.nodes.len(), self.edges.len())
    }

    /// The root's edges.
    pub(crate) fn root_edges(&self) -> &[Edge] {
        match self.nodes.first() {
            Some(root) => &self.edges[root.first as usize..(root.first + root.len) as usize],
            None => &[],
        }
    }

    /// The root's edges, their priors to change (the root's noise).
    pub(crate) fn root_edges_mut(&mut self) -> &mut [Edge] {
        match self.nodes.first() {
            Some(root) => &mut self.edges[root.first as usize..(root.first + root.len) as usize],
            None => &mut [],
        }
    }

    /// The root's value from the side to move: the mean of its evaluation and every
    /// simulation's value (0 before any).
    pub(crate) fn root_value(&self) -> f32 {
        if self.root_visits == 0 {
            return 0.0;
        }
        (self.root_value as f64 / SCALE / f64::from(self.root_visits)) as f32
    }

    pub(crate) fn mark(&self) -> Mark {
        let (nodes, edges) = self.sizes();
        Mark { nodes, edges, root_visits: self.root_visits, root_value: self.root_value }
    }

    /// Goes back to `mark`, the backups made since taken back (`backups`, the tree's own)
    /// and the edges expanded since (`expanded`) made unexpanded again.
    pub(crate) fn undo(&mut self, mark: Mark, backups: &[Backup], expanded: &[u32]) {
        for backup in backups.iter().rev() {
            self.add(*backup, -1);
        }
        for &edge in expanded {
            if (edge as usize) < mark.edges {
                self.edges[edge as usize].child = NONE;
            }
        }
        self.nodes.truncate(mark.nodes);
        self.edges.truncate(mark.edges);
        (self.root_visits, self.root_value) = (mark.root_visits, mark.root_value);
    }

    /// The action chosen at `node` by PUCT: the legal action maximizing
    /// `Q + c_puct * P * sqrt(N(s)) / (1 + N(s, a))`, Q the edge's mean value (0 unvisited),
    /// ties to the lowest action; scores in f64 from the stored f32 priors.
    pub(crate) fn select(&self, node: u32, c_puct: f64) -> u32 {
        let node = self.nodes[node as usize];
        let explore = c_puct * libm::sqrt(f64::from(node.visits));
        let edges = &self.edges[node.first as usize..(node.first + node.len) as usize];
        let (mut best, mut best_score) = (0, f64::NEG_INFINITY);
        for (i, edge) in edges.iter().enumerate() {
            let q = if edge.visits == 0 {
                0.0
            } else {
                edge.value as f64 / SCALE / f64::from(edge.visits)
            };
            let score = q + explore * f64::from(edge.prior) / (1.0 + f64::from(edge.visits));
            if score > best_score {
                (best, best_score) = (i, score);
            }
        }
        node.first + best as u32
    }

    /// The edge `edge`'s action and its child: `Some(node)` to go on from, or what ends the
    /// descent there (`None`: a leaf, open or finished).
    pub(crate) fn step(&self, edge: u32) -> (u32, u32) {
        let edge = self.edges[edge as usize];
        (edge.action, edge.child)
    }

    /// What ends a descent at `edge` of `node` whose child is `child` (not a node), the game
    /// after the move being `after`: a finished game's value, or a position to evaluate.
    pub(crate) fn leaf(node: u32, edge: u32, child: u32, after: After) -> Leaf {
        match (child, after) {
            (WON, _) | (NONE, After::Won) => Leaf::Finished { node, edge, value: fixed(1.0) },
            (DRAWN, _) | (NONE, After::Drawn) => Leaf::Finished { node, edge, value: 0 },
            _ => Leaf::Open { node, edge },
        }
    }

    /// Whether `child` (of [`Tree::step`]) is a node to go on from.
    pub(crate) fn is_node(child: u32) -> bool {
        child < DRAWN
    }

    /// Marks `edge` as leading to a finished game (its first visit); whether it changed.
    pub(crate) fn finish(&mut self, edge: u32, value: i64) -> bool {
        let child = &mut self.edges[edge as usize].child;
        let was = *child;
        *child = if value == 0 { DRAWN } else { WON };
        was == NONE
    }

    /// Expands a position: a node under `parent` (or the root, with `parent` `None`) whose
    /// edges are the legal actions of `legal` with priors the softmax of their `logits`.
    /// Returns the new node's index.
    pub(crate) fn expand(
        &mut self,
        parent: Option<(u32, u32)>,
        legal: &[bool],
        logits: &[f32],
    ) -> u32 {
        let index = self.nodes.len() as u32;
        let first = self.edges.len() as u32;
        let legal_logits = || legal.iter().zip(logits).enumerate().filter(|(_, (&l, _))| l);
        let top = legal_logits().fold(f64::NEG_INFINITY, |top, (_, (_, &l))| top.max(l.into()));
        let weight = |logit: f32| libm::exp(f64::from(logit) - top);
        let total: f64 = legal_logits().map(|(_, (_, &logit))| weight(logit)).sum();
        for (action, (_, &logit)) in legal_logits() {
            let prior = (weight(logit) / total) as f32;
            // Actions are below 2^32.
            let action = action as u32;
            self.edges.push(Edge { value: 0, visits: 0, prior, child: NONE, action });
        }
        let len = self.edges.len() as u32 - first;
        let (parent, parent_edge) = parent.unwrap_or((NONE, NONE));
        self.nodes.push(Node { first, len, parent, parent_edge, visits: 0 });
        if parent_edge != NONE {
            self.edges[parent_edge as usize].child = index;
        }
        index
    }

    /// The root's own evaluation, `value` from the side to move there.
    pub(crate) fn set_root_value(&mut self, value: i64) {
        (self.root_visits, self.root_value) = (1, value);
    }

    /// Adds `value` (from the side of the player making the move) through `edge` of `node` and
    /// every edge above it, negated at each ply, and to the root; the backup to take back.
    pub(crate) fn back_up(&mut self, node: u32, edge: u32, value: i64) -> Backup {
        let backup = Backup { node, edge, value };
        self.add(backup, 1);
        backup
    }

    /// Adds a backup (`sign` 1) or takes it back (-1).
    fn add(&mut self, Backup { mut node, mut edge, mut value }: Backup, sign: i64) {
        let visit = |visits: u32| if sign > 0 { visits + 1 } else { visits - 1 };
        loop {
            let e = &mut self.edges[edge as usize];
            e.value += sign * value;
            e.visits = visit(e.visits);
            let n = &mut self.nodes[node as usize];
            n.visits = visit(n.visits);
            if n.parent == NONE {
                self.root_value += sign * value;
                self.root_visits = visit(self.root_visits);
                return;
            }
            (node, edge, value) = (n.parent, n.parent_edge, -value);
        }
    }

    /// Makes the subtree under the root's move `action` the whole tree (the rest dropped), its
    /// root's statistics those of the edge into it seen from the side now to move; empties the
    /// tree when that move was never expanded. `spare` is memory to build in (left empty).
    pub(crate) fn descend_to(&mut self, action: u32, spare: &mut Tree) {
        let child = self
            .root_edges()
            .iter()
            .find(|edge| edge.action == action)
            .map(|edge| (edge.child, edge.visits, edge.value));
        let Some((child, visits, value)) = child.filter(|&(child, ..)| Tree::is_node(child)) else {
            self.clear();
            return;
        };
        spare.clear();
        // Nodes copied in breadth-first order: each node's place known before its edges are.
        let root = self.nodes[child as usize];
        spare.nodes.push(Node { parent: NONE, parent_edge: NONE, ..root });
        let mut next = 0;
        while next < spare.nodes.len() {
            let old = spare.nodes[next];
            let first = spare.edges.len() as u32;
            for edge in &self.edges[old.first as usize..(old.first + old.len) as usize] {
                let mut copy = *edge;
                if Tree::is_node(edge.child) {
                    let grandchild = self.nodes[edge.child as usize];
                    copy.child = spare.nodes.len() as u32;
                    spare.nodes.push(Node {
                        parent: next as u32,
                        parent_edge: spare.edges.len() as u32,
                        ..grandchild
                    });
                }
                spare.edges.push(copy);
            }
            spare.nodes[next].first = first;
            next += 1;
        }
        (spare.root_visits, spare.root_value) = (visits, -value);
        core::mem::swap(self, spare);
        spare.clear();
    }
}
