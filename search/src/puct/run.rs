//! A search's calls: [`Puct::run`] (its simulation steps, taken back whole when one fails),
//! [`Puct::play`] (the moves, each tree cut down to the subtree played) and [`Puct::choose`].

use alloc::vec::Vec;
use core::convert::Infallible;

use tictactoe_core::{Batch, Error, Illegal, Selection, NO_ACTION};

use super::gumbel;
use super::noise;
use super::root::{Root, Rule};
use super::tree;
use super::{Evaluator, Puct, PuctError};

/// A step's view of a game: its search, and its slots of the evaluator's call (planes, legal).
type Game<'a> = (&'a mut Root, (&'a mut [bool], &'a mut [bool]));

impl Puct {
    /// An upper bound of the bytes the trees and the buffers take after a search of
    /// `simulations` on `batch` (each simulation adds at most a node a game, and a node an
    /// edge an action): what [`PuctConfig::max_bytes`](super::PuctConfig::max_bytes) is
    /// checked against before a search starts.
    ///
    /// # Errors
    /// [`PuctError::OtherBatch`] for a batch of another size or rules than the search's.
    pub fn bytes_needed(
        &self,
        batch: &Batch,
        simulations: u32,
    ) -> Result<usize, PuctError<Infallible>> {
        self.check_batch(batch)?;
        Ok(self.bytes_bound(batch, simulations))
    }

    /// [`Puct::bytes_needed`] for a batch checked to be the search's.
    fn bytes_bound(&self, batch: &Batch, simulations: u32) -> usize {
        let (actions, cells) = (batch.actions(), batch.rows() * batch.cols());
        let games = batch.games();
        let grown = (simulations as usize).saturating_add(1);
        // Saturated: on a 32-bit target the product may not fit, and a bound must not wrap.
        let grown_edges = grown.saturating_mul(actions);
        let mut largest = 0;
        let trees = self.roots.iter().enumerate().fold(0usize, |bytes, (g, root)| {
            let (edges, held) = (root.tree.len(), root.tree.capacity());
            let open = !games.is_terminated(g).unwrap_or(true);
            // A game the batch moved on its own: its tree set aside, a new one grown beside it.
            let moved = open && batch.history(g).map_or(true, |moves| !root.stands_at(moves));
            let size = match (open, moved) {
                (true, true) => tree::bytes(held).saturating_add(tree::bytes(grown_edges)),
                (true, false) => tree::bytes(edges.saturating_add(grown_edges).max(held)),
                (false, _) => tree::bytes(held),
            };
            largest = largest.max(size);
            // The tree, and what it held before the search (kept to go back to).
            let saved = tree::saved_bytes(edges.max(root.saved.capacity()));
            bytes.saturating_add(size).saturating_add(saved)
        });
        let (count, most) = (self.roots.len(), self.most_leaves(simulations) as usize);
        // Per game: a code a cell (a copy of the game, on boards not on masks); for each of
        // its `most` leaves of a step two planes of flags and legal flags, f32 logits an
        // action, an f32 value, a descent's edges, where they end and where the leaf stands;
        // the root's priors, softmax weights and a Dirichlet draw an action, and its last and
        // running search's Gumbel draws and visits; its winner, its root's history, a step's
        // view of it and its slots, and its search itself.
        let per_leaf = (2 * cells + actions) + 4 * actions + 4 + 4 * (cells + 1) + 8 + 16;
        let per_game = core::mem::size_of::<Root>()
            + cells
            + most.saturating_mul(per_leaf)
            + actions * (4 + 8 + 8 + 2 * (8 + 4))
            + 1
            + 4 * cells
            + core::mem::size_of::<Game<'_>>();
        // The spare tree the moves' subtrees are copied into: what it holds, or the largest tree.
        let spare = tree::bytes(self.spare.capacity()).max(largest);
        // Gumbel's schedules: a visit count a simulation for each count of actions considered.
        let schedules = match self.config.gumbel {
            0 => 0,
            most => (most.min(actions as u32) as usize + 1).saturating_mul(grown.saturating_mul(4)),
        };
        trees
            .saturating_add(spare)
            .saturating_add(count.saturating_mul(per_game))
            .saturating_add(schedules.max(4 * self.schedules.capacity()))
    }

    /// Runs `simulations` simulations of PUCT in every unfinished game of `batch` (the batch the
    /// search was made for), in steps of at most [`PuctConfig::leaves`](super::PuctConfig::leaves)
    /// new leaves a game, `evaluator` valuing the new leaves of each step in one call; with
    /// `noise`, the roots' priors mixed with Dirichlet noise for this search. Writes each game's
    /// root visits by action into `visits` (`count * actions`; zero rows for finished games) and
    /// its root value from the side to move into `values` (`count`: the mean of the root's
    /// evaluation and of every simulation's value; a finished game's is -1 when won, 0 drawn). A
    /// tree kept from [`Puct::play`] goes on growing: its visits count too. Games the batch moved
    /// without [`Puct::play`] start afresh.
    ///
    /// # Errors
    /// [`PuctError::OtherBatch`] for a batch of another size or rules;
    /// [`Error::LengthMismatch`] (as [`PuctError::Search`]) for outputs of the wrong length;
    /// [`PuctError::Memory`]; [`Error::AllocFailed`];
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
        self.check_batch(batch)?;
        let (count, actions) = (self.roots.len(), self.actions);
        for (len, expected) in [(visits.len(), count * actions), (values.len(), count)] {
            if len != expected {
                return Err(Error::LengthMismatch { len, expected }.into());
            }
        }
        let needed = self.bytes_bound(batch, simulations);
        if let Some(max_bytes) = self.config.max_bytes.filter(|&max| needed > max) {
            return Err(PuctError::Memory { needed, max_bytes });
        }
        let searched = self.prepare(batch, simulations).and_then(|()| {
            // Taken back when the search fails: the trees (as kept) and the seed's state.
            let state = self.state;
            self.priors.clear();
            let searched = self.search(batch, evaluator, simulations, noise);
            self.restore_priors();
            if searched.is_err() {
                for root in &mut self.roots {
                    root.tree.restore(&root.saved);
                }
                self.state = state;
            }
            searched
        });
        // The games the batch moved on their own get their trees back if the search failed.
        for root in &mut self.roots {
            root.settle(searched.is_err());
        }
        searched?;
        for root in self.roots.iter_mut().filter(|root| root.board.is_some()) {
            root.end_search();
        }
        let winners = &mut self.winners[..count];
        batch.winners(winners)?;
        visits.fill(0);
        for (g, root) in self.roots.iter().enumerate() {
            for edge in root.tree.root_edges() {
                visits[g * actions + edge.action as usize] = edge.visits();
            }
            // A game searched is not over; one that is over is worth -1 to the side to move
            // when won.
            values[g] = match (&root.board, winners[g]) {
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
    /// [`PuctError::OtherBatch`] for a batch of another size or rules; [`PuctError::Action`]
    /// with the first game whose action the batch refuses (nothing is played then);
    /// [`Error::LengthMismatch`] unless `actions` has a value per game;
    /// [`Error::AllocFailed`] (nothing played either: what the moves need is had first).
    pub fn play(
        &mut self,
        batch: &mut Batch,
        actions: &[u32],
    ) -> Result<(), PuctError<Infallible>> {
        self.check_batch(batch)?;
        let count = self.roots.len();
        if actions.len() != count {
            return Err(Error::LengthMismatch { len: actions.len(), expected: count }.into());
        }
        let games = batch.games();
        let failed = |_| PuctError::from(Error::AllocFailed);
        let mut open: Vec<usize> = Vec::new();
        open.try_reserve_exact(count).map_err(failed)?;
        open.extend((0..count).filter(|&g| !games.is_terminated(g).unwrap_or(true)));
        let (mut taken, mut current, mut winners) = (Vec::new(), Vec::new(), Vec::new());
        taken.try_reserve_exact(open.len()).map_err(failed)?;
        current.try_reserve_exact(open.len()).map_err(failed)?;
        winners.try_reserve_exact(open.len()).map_err(failed)?;
        taken.extend(open.iter().map(|&g| actions[g]));
        winners.resize(open.len(), 0);
        // The roots at the batch's position: a game the batch moved without the search keeps
        // no tree (its root is made afresh at the next search). Room for each move's subtree
        // and history, so that once the batch has played the trees cannot fail to follow (a
        // board past one word is the game itself, which may yet fail to record the move: that
        // game's root is then made afresh at the next search, as a moved one's).
        let (mut largest, cells) = (0, batch.rows() * batch.cols());
        for &g in &open {
            let root = &mut self.roots[g];
            let at_root = root.stands_at(batch.history(g)?);
            if at_root {
                // Room for the whole game at once (the bound counts a cell each), not doubled.
                let room = cells.saturating_sub(root.history.len());
                root.history.try_reserve_exact(room).map_err(failed)?;
                largest = largest.max(root.tree.len());
            }
            current.push(at_root);
        }
        self.spare.reserve(largest).map_err(failed)?;
        batch.step(Selection::Listed(&open), &taken, &mut winners, Illegal::Refuse).map_err(
            |refused| match refused.index {
                Some(i) => PuctError::Action { game: open[i], error: refused.error },
                None => PuctError::from(refused.error),
            },
        )?;
        for ((&g, &action), current) in open.iter().zip(&taken).zip(current) {
            let root = &mut self.roots[g];
            // Its last search is over: its tree moves on, or goes.
            root.forget_search();
            let Some(board) = root.board.as_mut().filter(|_| current) else {
                root.tree.clear();
                root.board = None;
                continue;
            };
            root.tree.descend_to(action, &mut self.spare);
            // The batch took it: so does the same position here.
            match board.apply(action) {
                Ok(cell) => root.history.push(cell),
                Err(_) => root.board = None,
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
            return Err(PuctError::Setting { name: "temperature", value: temperature.into() });
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

    /// Writes each game's improved policy into `out` (`count * actions`): the softmax of its
    /// root's logits + completed Q values over the root's actions, as Gumbel MuZero trains its
    /// policy on (mctx's `action_weights`; any tree has one, a search of PUCT's too); a row of
    /// zeros for a game without a tree. A game the batch moved by other means keeps its old
    /// tree's row until the next search that succeeds.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has a row a game.
    pub fn policy(&mut self, out: &mut [f32]) -> Result<(), PuctError<Infallible>> {
        let (count, actions) = (self.roots.len(), self.actions);
        if out.len() != count * actions {
            return Err(Error::LengthMismatch { len: out.len(), expected: count * actions }.into());
        }
        out.fill(0.0);
        for (root, row) in self.roots.iter_mut().zip(out.chunks_exact_mut(actions)) {
            root.policy(row);
        }
        Ok(())
    }

    /// Writes into `out` (a value a game) the action Gumbel MuZero plays after the last
    /// search (mctx's `action`): of the root's actions that search visited most, the one of
    /// highest Gumbel draw + logit + completed Q; [`NO_ACTION`] for a game not searched since
    /// its tree last moved ([`Puct::play`], [`Puct::clear`]) or over. A game the batch moved by
    /// other means keeps its last search's action until the next search that succeeds.
    /// After a search of no simulation, the best of every root action.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `out` has a value a game.
    pub fn selected(&mut self, out: &mut [u32]) -> Result<(), PuctError<Infallible>> {
        if out.len() != self.roots.len() {
            return Err(Error::LengthMismatch { len: out.len(), expected: self.roots.len() }.into());
        }
        for (root, chosen) in self.roots.iter_mut().zip(out.iter_mut()) {
            *chosen = root.selected(self.actions).unwrap_or(NO_ACTION);
        }
        Ok(())
    }

    /// What [`Puct::run`] does before its search: the roots brought to the batch's positions
    /// (the games the batch moved are [`Root::settle`]d by the caller), the memory reserved,
    /// the trees kept to go back to.
    fn prepare<E>(&mut self, batch: &Batch, simulations: u32) -> Result<(), PuctError<E>> {
        self.sync(batch)?;
        self.reserve(batch, simulations)?;
        for root in &mut self.roots {
            root.tree.save(&mut root.saved).map_err(|_| Error::AllocFailed)?;
        }
        Ok(())
    }

    /// Checks that `batch` is one of the size and rules the search was made for.
    fn check_batch<E>(&self, batch: &Batch) -> Result<(), PuctError<E>> {
        if batch.count() == self.roots.len() && batch.rules() == self.rules {
            Ok(())
        } else {
            Err(PuctError::OtherBatch)
        }
    }

    /// Brings each game's root to the batch's position: a game the batch moved on its own (or
    /// never searched) starts an empty tree from a copy of it; a finished game keeps none.
    /// What they held is set aside until the search ends ([`Root::restart`]).
    fn sync<E>(&mut self, batch: &Batch) -> Result<(), PuctError<E>> {
        let games = batch.games();
        for (g, root) in self.roots.iter_mut().enumerate() {
            let history = batch.history(g)?;
            if games.is_terminated(g)? {
                root.restart(None)?;
            } else if root.board.is_none() || !root.stands_at(history) {
                root.restart(Some((batch.game(g)?, history)))?;
            }
        }
        Ok(())
    }

    /// Reserves what a search of `simulations` may grow to, so that it fails before it starts.
    fn reserve<E>(&mut self, batch: &Batch, simulations: u32) -> Result<(), PuctError<E>> {
        let (count, actions, cells) =
            (self.roots.len(), batch.actions(), batch.rows() * batch.cols());
        let (grown, most) =
            ((simulations as usize).saturating_add(1), self.most_leaves(simulations) as usize);
        let failed = |_| PuctError::from(Error::AllocFailed);
        for root in &mut self.roots {
            if root.board.is_some() {
                let edges = grown.checked_mul(actions).ok_or(Error::AllocFailed)?;
                root.tree.reserve(edges).map_err(failed)?;
                root.reserve(cells, actions, most)?;
            }
        }
        self.leaves.resize(count.checked_mul(most).ok_or(Error::AllocFailed)?, cells, actions)?;
        self.winners.try_reserve_exact(count.saturating_sub(self.winners.len())).map_err(failed)?;
        self.winners.resize(count, 0);
        self.priors.try_reserve(count * actions).map_err(failed)?;
        self.noise.try_reserve(actions).map_err(failed)?;
        if self.config.gumbel > 0 {
            let rows = self.config.gumbel.min(actions as u32) as usize + 1;
            let wanted = rows.checked_mul(simulations as usize).ok_or(Error::AllocFailed)?;
            self.schedules.clear();
            self.schedules.try_reserve(wanted).map_err(failed)?;
        }
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
        self.step(batch, evaluator, None)?;
        let Puct { config, roots, schedules, state, .. } = self;
        if config.gumbel > 0 {
            let most = config.gumbel.min(self.actions as u32);
            schedules.clear();
            for considered in 0..=most {
                gumbel::schedule(considered, simulations, schedules);
            }
        }
        for root in roots.iter_mut().filter(|root| root.board.is_some()) {
            match config.gumbel {
                0 => root.start_search(),
                _ => root.start_gumbel(noise.then_some(|| gumbel::draw(noise::uniform(state)))),
            }
        }
        if noise && self.config.gumbel == 0 && self.config.dirichlet_fraction > 0.0 {
            self.add_noise();
        }
        for root in &mut self.roots {
            root.remaining = if root.board.is_some() { simulations } else { 0 };
        }
        // Each step makes a simulation at least in every game with some left.
        let most = self.most_leaves(simulations);
        while self.roots.iter().any(|root| root.remaining > 0) {
            self.step(batch, evaluator, Some(most))?;
        }
        Ok(())
    }

    /// The most new leaves a game finds a step of a search of `simulations`: the setting's,
    /// no more than the simulations (buffers are sized by it), 1 at least (the roots' step).
    fn most_leaves(&self, simulations: u32) -> u32 {
        self.config.leaves.min(simulations).max(1)
    }

    /// One simulation step, each game's descents finding at most `most` leaves (`None`: the
    /// expansion of the empty trees' roots), on the batch's threads; one evaluator call with
    /// every new leaf, in the order of the games; the answers checked; the leaves expanded
    /// and their values backed up, on the batch's threads.
    fn step<E: Evaluator>(
        &mut self,
        batch: &Batch,
        evaluator: &mut E,
        most: Option<u32>,
    ) -> Result<(), PuctError<E::Error>> {
        let actions = self.actions;
        // A leaf's flags: its planes' (two a cell), its legal actions'.
        let sizes = (2 * self.leaves.cells(), actions);
        // Each game's leaves written in place: a game's slots of the call beside it.
        let Puct { roots, leaves, schedules, config, .. } = self;
        let rule = match config.gumbel {
            0 => Rule::Puct(f64::from(config.c_puct)),
            considered => {
                let simulations = schedules.len() / (considered.min(actions as u32) as usize + 1);
                Rule::Gumbel { considered, schedules, simulations, actions }
            }
        };
        let (count, slots) = (roots.len(), most.unwrap_or(1) as usize);
        let mut games: Vec<Game<'_>> = Vec::new();
        games.try_reserve_exact(count).map_err(|_| Error::AllocFailed)?;
        games.extend(roots.iter_mut().zip(leaves.slots(count, slots)));
        batch.split_work(&mut games, |_, games| {
            games.iter_mut().try_for_each(|(root, (planes, legal))| {
                root.descend(rule, most, (planes, legal), sizes)
            })
        })?;
        leaves.clear();
        for (g, root) in roots.iter_mut().enumerate() {
            root.set_first(leaves.gather(g, slots, root.leaves()));
        }
        let (count, cells) = (leaves.len(), leaves.cells());
        if count == 0 {
            return Ok(());
        }
        let logits = &mut leaves.logits[..count * actions];
        let values = &mut leaves.values[..count];
        logits.fill(0.0);
        values.fill(0.0);
        let observation = &leaves.observation[..count * 2 * cells];
        let legal = &leaves.legal[..count * actions];
        evaluator.evaluate(observation, legal, logits, values).map_err(PuctError::Evaluator)?;
        for (leaf, (&value, logits)) in values.iter().zip(logits.chunks_exact(actions)).enumerate()
        {
            if !(-1.0..=1.0).contains(&value) {
                return Err(PuctError::Value { leaf, value });
            }
            let legal = &legal[leaf * actions..(leaf + 1) * actions];
            let mut usable = legal.iter().zip(logits).filter(|(&legal, _)| legal).map(|(_, &l)| l);
            let finite = usable.clone().any(|l| l.is_finite());
            if !finite || usable.any(|l| l.is_nan() || l == f32::INFINITY) {
                return Err(PuctError::Logits { leaf });
            }
        }
        let leaves = &*leaves;
        batch
            .split_work(roots, |_, roots| {
                roots.iter_mut().for_each(|root| root.expand(leaves, actions, most.unwrap_or(1)));
                Ok::<(), Infallible>(())
            })
            .map_err(|never| match never {})
    }

    /// Mixes Dirichlet noise into each root's priors, keeping the priors before it.
    fn add_noise(&mut self) {
        let (alpha, fraction) =
            (f64::from(self.config.dirichlet_alpha), f64::from(self.config.dirichlet_fraction));
        for root in &mut self.roots {
            if root.board.is_none() {
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
            if root.board.is_none() {
                continue;
            }
            for (edge, &prior) in root.tree.root_edges_mut().iter_mut().zip(&mut kept) {
                edge.set_prior(prior);
            }
        }
    }
}
