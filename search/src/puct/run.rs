//! A search's calls: [`Puct::run`] (the simulation steps, taken back whole when one fails),
//! [`Puct::play`] (the moves, each tree cut down to the subtree played) and [`Puct::choose`].

use alloc::vec::Vec;
use core::convert::Infallible;

use tictactoe_core::{Batch, Error, Illegal, Selection, NO_ACTION};

use super::noise;
use super::tree::{self, After, Leaf, Tree};
use super::{Evaluator, Open, Puct, PuctError};

impl Puct {
    /// An upper bound of the bytes the trees and the buffers take after a search of
    /// `simulations` on `batch` (each simulation adds at most a node a game, and a node an
    /// edge an action): what [`PuctConfig::max_bytes`](super::PuctConfig::max_bytes) is
    /// checked against before a search starts.
    pub fn bytes_needed(&self, batch: &Batch, simulations: u32) -> usize {
        let (actions, cells) = (batch.actions(), batch.rows() * batch.cols());
        let games = batch.games();
        let grown = simulations as usize + 1;
        let mut largest = 0;
        let trees = self.roots.iter().enumerate().fold(0usize, |bytes, (g, root)| {
            let (nodes, edges) = root.tree.sizes();
            let open = !games.is_terminated(g).unwrap_or(true);
            let (nodes, edges) =
                if open { (nodes + grown, edges + grown * actions) } else { (nodes, edges) };
            let size = tree::bytes(nodes, edges);
            largest = largest.max(size);
            bytes.saturating_add(size)
        });
        let count = self.roots.len();
        // Per game: two planes of flags, the legal flags, f32 logits, an f32 value, a code a
        // cell, the root's priors and noise.
        let per_game = 2 * cells + cells + actions * (1 + 4 + 4 + 8) + 4;
        trees.saturating_add(largest).saturating_add(count.saturating_mul(per_game))
    }

    /// Runs `simulations` simulation steps of PUCT on every unfinished game of `batch` (the
    /// batch the search was made for), `evaluator` valuing the new leaves of each step in one
    /// call; with `noise`, the roots' priors mixed with Dirichlet noise for this search. Writes
    /// each game's root visits by action into `visits` (`count * actions`; zero rows for
    /// finished games) and its root value from the side to move into `values` (`count`: the
    /// mean of the root's evaluation and of every simulation's value; a finished game's is -1
    /// when won, 0 drawn). A tree kept from [`Puct::play`] goes on growing: its visits count
    /// too. Games the batch moved without [`Puct::play`] start afresh.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] (as [`PuctError::Search`]) for a batch of another size or
    /// outputs of the wrong length; [`PuctError::Memory`]; [`Error::AllocFailed`];
    /// [`PuctError::Evaluator`], [`PuctError::Value`], [`PuctError::Logits`] for an evaluator
    /// that failed or answered out of range. The trees are then as they were before the call,
    /// and nothing is written.
    pub fn run<E: Evaluator>(
        &mut self,
        batch: &Batch,
        evaluator: &mut E,
        simulations: u32,
        noise: bool,
        visits: &mut [u32],
        values: &mut [f32],
    ) -> Result<(), PuctError<E::Error>> {
        let (count, actions) = (self.roots.len(), self.actions);
        let sizes = [
            (batch.count(), count),
            (batch.actions(), actions),
            (visits.len(), count * actions),
            (values.len(), count),
        ];
        for (len, expected) in sizes {
            if len != expected {
                return Err(Error::LengthMismatch { len, expected }.into());
            }
        }
        let needed = self.bytes_needed(batch, simulations);
        if let Some(max_bytes) = self.config.max_bytes.filter(|&max| needed > max) {
            return Err(PuctError::Memory { needed, max_bytes });
        }
        self.sync(batch)?;
        self.reserve(batch, simulations)?;
        self.marks.clear();
        self.marks.extend(self.roots.iter().map(|root| root.tree.mark()));
        self.backups.clear();
        self.expanded.clear();
        self.priors.clear();
        let searched = self.search(batch, evaluator, simulations, noise);
        self.restore_priors();
        if let Err(error) = searched {
            for (g, root) in self.roots.iter_mut().enumerate() {
                let backups: Vec<_> =
                    self.backups.iter().filter(|(game, _)| *game == g).map(|&(_, b)| b).collect();
                let expanded: Vec<u32> =
                    self.expanded.iter().filter(|(game, _)| *game == g).map(|&(_, e)| e).collect();
                root.tree.undo(self.marks[g], &backups, &expanded);
            }
            return Err(error);
        }
        let mut winners = Vec::new();
        winners.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        winners.resize(count, 0);
        batch.winners(&mut winners)?;
        visits.fill(0);
        for (g, root) in self.roots.iter().enumerate() {
            for edge in root.tree.root_edges() {
                visits[g * actions + edge.action as usize] = edge.visits();
            }
            // A game searched is not over; one that is over is worth -1 to the side to move
            // when won.
            values[g] = match (&root.game, winners[g]) {
                (Some(_), _) => root.tree.root_value(),
                (None, 0) => 0.0,
                (None, _) => -1.0,
            };
        }
        Ok(())
    }

    /// Plays `actions[g]` in each unfinished game g of `batch` (the entries of finished games
    /// are not read), and keeps in each tree the subtree of the move played: the next search
    /// starts from it.
    ///
    /// # Errors
    /// [`PuctError::Action`] with the first game whose action the batch refuses (nothing is
    /// played then); [`Error::LengthMismatch`] unless `actions` has a value per game.
    pub fn play(
        &mut self,
        batch: &mut Batch,
        actions: &[u32],
    ) -> Result<(), PuctError<Infallible>> {
        let count = self.roots.len();
        for (len, expected) in
            [(batch.count(), count), (batch.actions(), self.actions), (actions.len(), count)]
        {
            if len != expected {
                return Err(Error::LengthMismatch { len, expected }.into());
            }
        }
        let games = batch.games();
        let open: Vec<usize> =
            (0..count).filter(|&g| !games.is_terminated(g).unwrap_or(true)).collect();
        let taken: Vec<u32> = open.iter().map(|&g| actions[g]).collect();
        let mut winners = alloc::vec![0; open.len()];
        batch.step(Selection::Listed(&open), &taken, &mut winners, Illegal::Refuse).map_err(
            |refused| match refused.index {
                Some(i) => PuctError::Action { game: open[i], error: refused.error },
                None => PuctError::from(refused.error),
            },
        )?;
        for (&g, &action) in open.iter().zip(&taken) {
            let root = &mut self.roots[g];
            let Some(game) = root.game.as_mut() else { continue };
            root.tree.descend_to(action, &mut self.spare);
            // The batch took it: so does the same position here.
            match game.apply(action) {
                Ok(((row, col), _)) => root.history.push((row * game.cols() + col) as u32),
                Err(_) => root.game = None,
            }
        }
        Ok(())
    }

    /// Draws a move per game from `visits` (`count * actions`, as [`Puct::run`] writes them)
    /// under `temperature`: in proportion to visits^(1 / temperature), or at 0 the most visited
    /// (ties to the lowest action); [`NO_ACTION`] for a row without visits. From the search's
    /// seed, so that the same calls give the same moves.
    ///
    /// # Errors
    /// [`PuctError::Setting`] (`"temperature"`) unless the temperature is finite and >= 0;
    /// [`Error::LengthMismatch`] unless `out` has a value per game and `visits` a row each.
    pub fn choose(
        &mut self,
        visits: &[u32],
        temperature: f32,
        out: &mut [u32],
    ) -> Result<(), PuctError<Infallible>> {
        if !(temperature.is_finite() && temperature >= 0.0) {
            return Err(PuctError::Setting { name: "temperature" });
        }
        let (count, actions) = (self.roots.len(), self.actions);
        for (len, expected) in [(out.len(), count), (visits.len(), count * actions)] {
            if len != expected {
                return Err(Error::LengthMismatch { len, expected }.into());
            }
        }
        for (row, chosen) in visits.chunks_exact(actions).zip(out.iter_mut()) {
            let drawn = noise::choose(row, f64::from(temperature), &mut self.state);
            // Below the action count, which is below 2^32.
            *chosen = drawn.map_or(NO_ACTION, |i| i as u32);
        }
        Ok(())
    }

    /// Brings each game's root to the batch's position: a game the batch moved on its own (or
    /// never searched) starts an empty tree from a copy of it; a finished game keeps none.
    fn sync<E>(&mut self, batch: &Batch) -> Result<(), PuctError<E>> {
        let games = batch.games();
        for (g, root) in self.roots.iter_mut().enumerate() {
            let history = batch.history(g)?;
            if games.is_terminated(g)? {
                root.tree.clear();
                root.game = None;
            } else if root.game.is_none() || root.history != history {
                root.tree.clear();
                root.history.clear();
                root.history.try_reserve(history.len()).map_err(|_| Error::AllocFailed)?;
                root.history.extend_from_slice(history);
                root.game = Some(batch.game(g)?);
            }
        }
        Ok(())
    }

    /// Reserves what a search of `simulations` may grow to, so that it fails before it starts.
    fn reserve<E>(&mut self, batch: &Batch, simulations: u32) -> Result<(), PuctError<E>> {
        let (count, actions, cells) =
            (self.roots.len(), batch.actions(), batch.rows() * batch.cols());
        let grown = simulations as usize + 1;
        let failed = |_| PuctError::from(Error::AllocFailed);
        for root in &mut self.roots {
            if root.game.is_some() {
                root.tree.reserve(grown, grown * actions).map_err(failed)?;
            }
        }
        let steps = count.saturating_mul(grown);
        self.observation.resize(count * 2 * cells, false);
        self.legal.resize(count * actions, false);
        self.logits.resize(count * actions, 0.0);
        self.values.resize(count, 0.0);
        self.codes.resize(cells, 0);
        self.opens.try_reserve(count).map_err(failed)?;
        self.backups.try_reserve(steps).map_err(failed)?;
        self.expanded.try_reserve(steps).map_err(failed)?;
        self.priors.try_reserve(count * actions).map_err(failed)?;
        self.noise.try_reserve(actions).map_err(failed)?;
        Ok(())
    }

    /// The root expansions, the noise, then the simulation steps.
    fn search<E: Evaluator>(
        &mut self,
        batch: &Batch,
        evaluator: &mut E,
        simulations: u32,
        noise: bool,
    ) -> Result<(), PuctError<E::Error>> {
        let actions = batch.actions();
        self.opens.clear();
        for g in 0..self.roots.len() {
            if self.roots[g].game.is_some() && self.roots[g].tree.is_empty() {
                self.write_leaf(g, actions);
                self.opens.push(Open { game: g, leaf: Leaf::Root });
            }
        }
        self.evaluate(evaluator, actions)?;
        if noise && self.config.dirichlet_fraction > 0.0 {
            self.add_noise();
        }
        for _ in 0..simulations {
            self.opens.clear();
            for g in 0..self.roots.len() {
                self.descend(g, actions)?;
            }
            self.evaluate(evaluator, actions)?;
        }
        Ok(())
    }

    /// One simulation of game g: down its tree to a leaf. A finished game is backed up at
    /// once; a position to evaluate is written into the evaluator's buffers.
    fn descend<E>(&mut self, g: usize, actions: usize) -> Result<(), PuctError<E>> {
        let c_puct = f64::from(self.config.c_puct);
        let root = &mut self.roots[g];
        let Some(game) = root.game.as_mut() else { return Ok(()) };
        let (mut node, mut depth) = (0, 0);
        let leaf = loop {
            let edge = root.tree.select(node, c_puct);
            let (action, child) = root.tree.step(edge);
            if Tree::is_node(child) {
                game.apply(action)?;
                depth += 1;
                node = child;
                continue;
            }
            let mut after = After::Going;
            if child == tree::NONE {
                game.apply(action)?;
                depth += 1;
                after = match (game.winner(), game.is_over()) {
                    (Some(_), _) => After::Won,
                    (None, true) => After::Drawn,
                    (None, false) => After::Going,
                };
            }
            break Tree::leaf(node, edge, child, after);
        };
        match leaf {
            Leaf::Finished { node, edge, value } => {
                if root.tree.finish(edge, value) {
                    self.expanded.push((g, edge));
                }
                let backup = root.tree.back_up(node, edge, value);
                self.backups.push((g, backup));
            }
            _ => {
                self.write_leaf(g, actions);
                self.opens.push(Open { game: g, leaf });
            }
        }
        let game = self.roots[g].game.as_mut().expect("searched above");
        for _ in 0..depth {
            game.undo()?;
        }
        Ok(())
    }

    /// Writes game g's position as it stands (a leaf reached by its descent) into the
    /// evaluator's buffers, at the next leaf's place.
    fn write_leaf(&mut self, g: usize, actions: usize) {
        let Some(game) = self.roots[g].game.as_ref() else { return };
        let (leaf, cells) = (self.opens.len(), self.codes.len());
        // The buffer holds a cell's code each: the sizes agree.
        let _ = game.cells_into(&mut self.codes);
        let me = game.next_player();
        let (me, them) = (me.number(), me.opponent().number());
        let planes = &mut self.observation[leaf * 2 * cells..(leaf + 1) * 2 * cells];
        let (own, other) = planes.split_at_mut(cells);
        for ((&code, own), other) in self.codes.iter().zip(own).zip(other) {
            (*own, *other) = (code == me, code == them);
        }
        let legal = &mut self.legal[leaf * actions..(leaf + 1) * actions];
        legal.fill(false);
        for action in game.legal_actions() {
            legal[action as usize] = true;
        }
    }

    /// Hands the step's open leaves to the evaluator in one call (none when there are none),
    /// checks its answers, then expands the leaves and backs their values up.
    fn evaluate<E: Evaluator>(
        &mut self,
        evaluator: &mut E,
        actions: usize,
    ) -> Result<(), PuctError<E::Error>> {
        let leaves = self.opens.len();
        if leaves == 0 {
            return Ok(());
        }
        let cells = self.codes.len();
        let (logits, values) = (&mut self.logits[..leaves * actions], &mut self.values[..leaves]);
        logits.fill(0.0);
        values.fill(0.0);
        evaluator
            .evaluate(
                &self.observation[..leaves * 2 * cells],
                &self.legal[..leaves * actions],
                logits,
                values,
            )
            .map_err(PuctError::Evaluator)?;
        for (leaf, &value) in values.iter().enumerate() {
            if !(-1.0..=1.0).contains(&value) {
                return Err(PuctError::Value { leaf, value });
            }
            let legal = &self.legal[leaf * actions..(leaf + 1) * actions];
            let logits = &logits[leaf * actions..(leaf + 1) * actions];
            let mut usable = legal.iter().zip(logits).filter(|(&legal, _)| legal).map(|(_, &l)| l);
            let finite = usable.clone().any(|l| l.is_finite());
            if !finite || usable.any(|l| l.is_nan() || l == f32::INFINITY) {
                return Err(PuctError::Logits { leaf });
            }
        }
        for (leaf, open) in self.opens.iter().enumerate() {
            let tree = &mut self.roots[open.game].tree;
            let legal = &self.legal[leaf * actions..(leaf + 1) * actions];
            let logits = &self.logits[leaf * actions..(leaf + 1) * actions];
            let value = tree::fixed(self.values[leaf]);
            match open.leaf {
                Leaf::Root => {
                    tree.expand(None, legal, logits);
                    tree.set_root_value(value);
                }
                Leaf::Open { node, edge } => {
                    tree.expand(Some((node, edge)), legal, logits);
                    self.expanded.push((open.game, edge));
                    // The leaf's value is the side to move's; the edge's, the mover's.
                    self.backups.push((open.game, tree.back_up(node, edge, -value)));
                }
                Leaf::Finished { .. } => {}
            }
        }
        Ok(())
    }

    /// Mixes Dirichlet noise into each root's priors, keeping the priors before it.
    fn add_noise(&mut self) {
        let (alpha, fraction) =
            (f64::from(self.config.dirichlet_alpha), f64::from(self.config.dirichlet_fraction));
        for root in &mut self.roots {
            if root.game.is_none() {
                continue;
            }
            let edges = root.tree.root_edges_mut();
            self.noise.clear();
            self.noise.resize(edges.len(), 0.0);
            noise::dirichlet(alpha, &mut self.state, &mut self.noise);
            for (edge, &noise) in edges.iter_mut().zip(&self.noise) {
                self.priors.push(edge.prior());
                let mixed = (1.0 - fraction) * f64::from(edge.prior()) + fraction * noise;
                edge.set_prior(mixed as f32);
            }
        }
    }

    /// Puts back the roots' priors from before the noise.
    fn restore_priors(&mut self) {
        if self.priors.is_empty() {
            return;
        }
        let mut kept = self.priors.iter();
        for root in &mut self.roots {
            if root.game.is_none() {
                continue;
            }
            for (edge, &prior) in root.tree.root_edges_mut().iter_mut().zip(&mut kept) {
                edge.set_prior(prior);
            }
        }
    }
}
