//! Search guided by a learned network: PUCT (AlphaZero's tree search) over every unfinished game
//! of a [`Batch`] at once. Each simulation step descends every game's tree to a new leaf (or to
//! several, [`PuctConfig::leaves`]), hands all the new leaves to the caller's [`Evaluator`] in
//! one call (the observation planes a batch
//! writes, from the side to move, and the legal mask), expands them with the priors it returns
//! and backs its values up. Finished games are valued by the rules, without a call. The trees
//! are the search's own and outlive a call: [`Puct::play`] keeps the subtree of each move
//! played as the next search's tree. The descents and expansions run on the batch's threads
//! ([`Batch::split_work`]), each game's in its own tree, the evaluator called from the caller's
//! thread: the results are the same whatever the number of threads.
//!
//! With noise off and one leaf a step, the visits are exactly the textbook algorithm's
//! (`search/tests/textbook/` holds it, written plainly, and its version with virtual losses): the
//! root expanded by a first call, then each simulation takes at each expanded node the legal action
//! maximizing `Q + c_puct * P * sqrt(N(s)) / (1 + N(s, a))` (ties to the lowest action) down to an
//! action not expanded yet or a finished game, and adds the value found, negated at each ply, along
//! the path.
//!
//! With [`PuctConfig::gumbel`] the choices are Gumbel MuZero's instead, as mctx's
//! `gumbel_muzero_policy` makes them: sequential halving at the root over the actions of
//! highest Gumbel draw + logit, below it the action whose visits lag most behind the improved
//! policy; [`Puct::policy`] and [`Puct::selected`] give the improved policy (the training
//! target) and the action to play (`search/tests/textbook/gumbel.rs` holds it, written
//! plainly).

mod board;
mod gumbel;
mod leaves;
mod noise;
mod root;
mod run;
mod tree;

use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt;

use tictactoe_core::{Batch, Error, ErrorKind, Rules};

use crate::SearchError;
use leaves::Leaves;
use root::Root;
use tree::Tree;

/// What values the leaves: given the positions of one simulation step, it writes each one's
/// logits over the actions and its value from the side to move.
pub trait Evaluator {
    /// Why an evaluation failed: the search stops with it, everything as it was before.
    type Error;

    /// Evaluates `leaves` positions. `observation` holds `leaves * 2 * rows * cols` flags, each
    /// position's two planes as [`Batch::observation_into`] writes them from the side to move
    /// (its marks, then the opponent's); `legal` holds `leaves * actions` flags, its legal
    /// actions. Write each position's logits over the actions into `logits`
    /// (`leaves * actions`; those of illegal actions are not read) and its value, in [-1, 1]
    /// from the side to move, into `values` (`leaves`).
    ///
    /// # Errors
    /// Whatever the evaluator fails with, which the search returns.
    fn evaluate(
        &mut self,
        observation: &[bool],
        legal: &[bool],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), Self::Error>;
}

/// The search's settings (AlphaZero's defaults).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctConfig {
    /// The exploration constant: how much the priors weigh against the values found.
    pub c_puct: f32,
    /// The Dirichlet noise's concentration (smaller: noise on fewer moves).
    pub dirichlet_alpha: f32,
    /// The share of noise mixed into the root's priors when a search asks for noise.
    pub dirichlet_fraction: f32,
    /// The seed of the noise and of the moves drawn under a temperature.
    pub seed: u64,
    /// The most bytes the trees and buffers may take; `None`: no bound.
    pub max_bytes: Option<usize>,
    /// The most new leaves a game's descents find a simulation step, each descent after the
    /// first steered off the earlier ones' paths by a virtual loss (a visit worth a loss to
    /// every mover on the path, taken back when the leaf's value is backed up). 1, the
    /// default, is the textbook algorithm; more make fewer and larger evaluator calls (a
    /// network on a GPU, or few games), at some cost in the search's strength per simulation.
    /// A descent that meets a leaf an earlier one of the step found ends the game's step.
    pub leaves: u32,
    /// 0, the default: PUCT at every position, AlphaZero's search. n >= 1: Gumbel MuZero's
    /// search (as mctx's `gumbel_muzero_policy`, its defaults), sequential halving at the root
    /// over at most n actions (mctx's `max_num_considered_actions`, 16 in its examples): a
    /// search with noise draws a Gumbel variable an action at the root instead of the
    /// Dirichlet noise; without, none (the search is then deterministic). Only with one leaf
    /// a step. The root's logits are read back as ln P from the f32 priors the tree keeps: a
    /// legal action more than about 87 below the top logit has P = 0, and such actions tie at
    /// the root (the lowest first) where mctx still orders them by their logits.
    pub gumbel: u32,
}

impl Default for PuctConfig {
    fn default() -> PuctConfig {
        PuctConfig {
            c_puct: 1.25,
            dirichlet_alpha: 0.3,
            dirichlet_fraction: 0.25,
            seed: 0,
            max_bytes: None,
            leaves: 1,
            gumbel: 0,
        }
    }
}

/// What a setting [`PuctError::Setting`] names must be, for its message: `value` is what was
/// given (a `leaves` of 1 or more is out of range only with Gumbel's search).
fn setting_range(name: &str, value: f64) -> &'static str {
    match name {
        "dirichlet_alpha" => "a finite number > 0",
        "dirichlet_fraction" => "a number in [0, 1]",
        "leaves" if value < 1.0 => "1 or more",
        "leaves" => {
            "1 with Gumbel's search (gumbel > 0), which counts a simulation a step at each root"
        }
        // "c_puct", "temperature".
        _ => "a finite number >= 0",
    }
}

/// A setting's value as the caller wrote it: an f32's (`0.1`, not its f64 expansion
/// `0.10000000149011612`) when it is one, an integer's otherwise.
struct Shown(f64);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let narrow = self.0 as f32;
        if f64::from(narrow) == self.0 {
            fmt::Display::fmt(&narrow, f)
        } else {
            fmt::Display::fmt(&self.0, f)
        }
    }
}

impl PuctConfig {
    /// [`PuctError::Setting`] naming the first setting out of its range.
    fn check(&self) -> Result<(), PuctError<Infallible>> {
        let leaves = f64::from(self.leaves);
        let checks = [
            ("c_puct", f64::from(self.c_puct), self.c_puct.is_finite() && self.c_puct >= 0.0),
            (
                "dirichlet_alpha",
                f64::from(self.dirichlet_alpha),
                self.dirichlet_alpha.is_finite() && self.dirichlet_alpha > 0.0,
            ),
            (
                "dirichlet_fraction",
                f64::from(self.dirichlet_fraction),
                (0.0..=1.0).contains(&self.dirichlet_fraction),
            ),
            ("leaves", leaves, self.leaves >= 1),
            // Gumbel's schedule counts a simulation a step at the root.
            ("leaves", leaves, self.gumbel == 0 || self.leaves == 1),
        ];
        match checks.iter().find(|(_, _, valid)| !valid) {
            Some(&(name, value, _)) => Err(PuctError::Setting { name, value }),
            None => Ok(()),
        }
    }
}

/// Why a search was refused or stopped. Everything is as it was before the call.
#[derive(Clone, Debug, PartialEq)]
pub enum PuctError<E> {
    /// The evaluator failed.
    Evaluator(E),
    /// The evaluator gave leaf `leaf` (of its call) a value that is not a number in [-1, 1].
    Value {
        /// The leaf's index in the call.
        leaf: usize,
        /// The value given.
        value: f32,
    },
    /// The evaluator gave leaf `leaf` no usable logits: one of a legal action is NaN or
    /// infinite upwards, or every one is infinite downwards.
    Logits {
        /// The leaf's index in the call.
        leaf: usize,
    },
    /// The search would take more than [`PuctConfig::max_bytes`].
    Memory {
        /// The bytes it would need.
        needed: usize,
        /// The bound.
        max_bytes: usize,
    },
    /// The setting named is out of its range ([`Puct::new`]'s, or [`Puct::choose`]'s
    /// temperature).
    Setting {
        /// The setting's name: `"c_puct"`, `"dirichlet_alpha"`, `"dirichlet_fraction"`,
        /// `"leaves"` (0, or more than 1 with [`PuctConfig::gumbel`]) or `"temperature"`.
        name: &'static str,
        /// The value given, as the search holds it (every setting's values are f64s exactly;
        /// a NaN given makes the error unequal to itself: compare the names then).
        value: f64,
    },
    /// What the core refuses: memory that could not be had, outputs of the wrong length (a
    /// batch of another size is [`PuctError::OtherBatch`]).
    Search(SearchError),
    /// The batch is not one of the size and rules the search was made for.
    OtherBatch,
    /// [`Puct::play`] refused the action of game `game` (the core's reason).
    Action {
        /// The game's index.
        game: usize,
        /// Why.
        error: Error,
    },
}

impl<E> PuctError<E> {
    /// The name of [`PuctError::Evaluator`]: `"evaluator_failed"`.
    pub const EVALUATOR_FAILED_NAME: &'static str = "evaluator_failed";
    /// The name of [`PuctError::Value`] and [`PuctError::Logits`]: `"bad_evaluation"`.
    pub const BAD_EVALUATION_NAME: &'static str = "bad_evaluation";
    /// The name of [`PuctError::Setting`] and [`PuctError::OtherBatch`]: `"invalid_argument"`,
    /// as the C face's code for a value out of its range.
    pub const SETTING_NAME: &'static str = "invalid_argument";

    /// The refusal's stable name, as every face spells it: the constants above, the core's
    /// `"limit_exceeded"` for [`PuctError::Memory`], and the core's and the search's names
    /// for the rest.
    pub fn name(&self) -> &'static str {
        match self {
            PuctError::Evaluator(_) => Self::EVALUATOR_FAILED_NAME,
            PuctError::Value { .. } | PuctError::Logits { .. } => Self::BAD_EVALUATION_NAME,
            PuctError::Memory { .. } => ErrorKind::LimitExceeded.name(),
            PuctError::Setting { .. } | PuctError::OtherBatch => Self::SETTING_NAME,
            PuctError::Search(error) => error.name(),
            PuctError::Action { error, .. } => error.kind().name(),
        }
    }
}

impl<E> From<Error> for PuctError<E> {
    fn from(error: Error) -> PuctError<E> {
        PuctError::Search(SearchError::Game(error))
    }
}

impl<E: fmt::Display> fmt::Display for PuctError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuctError::Evaluator(error) => write!(f, "the evaluator failed: {error}"),
            PuctError::Value { leaf, value } => {
                write!(f, "the evaluator's value for position {leaf} is {value}, not in [-1, 1]")
            }
            PuctError::Logits { leaf } => write!(
                f,
                "the evaluator's logits for position {leaf} are NaN or +inf on a legal action, \
                 or -inf on every one"
            ),
            PuctError::Memory { needed, max_bytes } => {
                write!(f, "the search needs {needed} bytes, more than max_bytes = {max_bytes}")
            }
            PuctError::Setting { name, value } => write!(
                f,
                "{name} is out of its range: {} is not {}",
                Shown(*value),
                setting_range(name, *value)
            ),
            PuctError::OtherBatch => {
                f.write_str("the batch is not of the size and rules the search was made for")
            }
            PuctError::Search(error) => fmt::Display::fmt(error, f),
            PuctError::Action { game, error } => write!(f, "game {game}: {error}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for PuctError<E> {}

impl PuctError<Infallible> {
    /// The same refusal as one of a search whose evaluator fails with `E`: what a face that
    /// reports every refusal of the search one way needs of calls that call no evaluator.
    pub fn widen<E>(self) -> PuctError<E> {
        match self {
            PuctError::Evaluator(never) => match never {},
            PuctError::Value { leaf, value } => PuctError::Value { leaf, value },
            PuctError::Logits { leaf } => PuctError::Logits { leaf },
            PuctError::Memory { needed, max_bytes } => PuctError::Memory { needed, max_bytes },
            PuctError::Setting { name, value } => PuctError::Setting { name, value },
            PuctError::OtherBatch => PuctError::OtherBatch,
            PuctError::Search(error) => PuctError::Search(error),
            PuctError::Action { game, error } => PuctError::Action { game, error },
        }
    }
}

/// PUCT over a batch's games: the trees, the buffers handed to the evaluator, the seed's state.
///
/// ```
/// use tictactoe_core::Batch;
/// use tictactoe_search::{Evaluator, Puct, PuctConfig};
/// /// Every move alike, every position even.
/// struct Uniform;
/// impl Evaluator for Uniform {
///     type Error = ();
///     fn evaluate(
///         &mut self,
///         _: &[bool],
///         _: &[bool],
///         logits: &mut [f32],
///         values: &mut [f32],
///     ) -> Result<(), ()> {
///         logits.fill(0.0);
///         values.fill(0.0);
///         Ok(())
///     }
/// }
/// let batch = Batch::new(2, 3, 0)?;
/// let mut puct = Puct::new(&batch, PuctConfig::default())?;
/// let (mut visits, mut values) = (vec![0; 2 * 9], vec![0.0; 2]);
/// puct.run(&batch, &mut Uniform, 16, false, &mut visits, &mut values).unwrap();
/// assert_eq!(visits[..9].iter().sum::<u32>(), 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Puct {
    config: PuctConfig,
    /// The batch's rules and action count.
    rules: Rules,
    actions: usize,
    roots: Vec<Root>,
    /// The evaluator's inputs and outputs, room for [`PuctConfig::leaves`] leaves a game.
    leaves: Leaves,
    /// The roots' priors before noise, root by root.
    priors: Vec<f32>,
    /// Each game's winner, read when a search ends.
    winners: Vec<u8>,
    /// Scratch: a Dirichlet draw.
    noise: Vec<f64>,
    /// Gumbel's schedules of the search running: for each count of actions considered (0 to
    /// the most), the visits each simulation's root action must have had.
    schedules: Vec<u32>,
    spare: Tree,
    state: u64,
}

impl Puct {
    /// A search over `batch`'s games (its size and rules), with empty trees.
    ///
    /// # Errors
    /// [`PuctError::Setting`] for a setting out of range (`c_puct` finite and >= 0, alpha
    /// finite and > 0, fraction in [0, 1], leaves >= 1, and 1 with Gumbel's search);
    /// [`Error::AllocFailed`].
    pub fn new(batch: &Batch, config: PuctConfig) -> Result<Puct, PuctError<Infallible>> {
        config.check()?;
        let mut roots = Vec::new();
        roots.try_reserve_exact(batch.count()).map_err(|_| Error::AllocFailed)?;
        roots.extend((0..batch.count()).map(|_| Root::default()));
        Ok(Puct {
            config,
            rules: batch.rules(),
            actions: batch.actions(),
            roots,
            leaves: Leaves::default(),
            priors: Vec::new(),
            noise: Vec::new(),
            schedules: Vec::new(),
            winners: Vec::new(),
            spare: Tree::default(),
            state: config.seed,
        })
    }

    /// The settings.
    pub fn config(&self) -> PuctConfig {
        self.config
    }

    /// Changes [`PuctConfig::leaves`] for the searches to come.
    ///
    /// # Errors
    /// [`PuctError::Setting`] (`"leaves"`) for 0, or more than 1 with
    /// [`PuctConfig::gumbel`]; nothing changes then.
    pub fn set_leaves(&mut self, leaves: u32) -> Result<(), PuctError<Infallible>> {
        let config = PuctConfig { leaves, ..self.config };
        config.check()?;
        self.config = config;
        Ok(())
    }

    /// Changes [`PuctConfig::gumbel`] for the searches to come (the last search's
    /// [`Puct::selected`] is kept).
    ///
    /// # Errors
    /// [`PuctError::Setting`] (`"leaves"`) for Gumbel's search with more than one leaf a step;
    /// nothing changes then.
    pub fn set_gumbel(&mut self, gumbel: u32) -> Result<(), PuctError<Infallible>> {
        let config = PuctConfig { gumbel, ..self.config };
        config.check()?;
        self.config = config;
        Ok(())
    }

    /// Forgets every tree, keeping their memory: the next search starts from fresh roots, as
    /// one without tree reuse does (for evaluation games, or a search repeated from the same
    /// positions).
    pub fn clear(&mut self) {
        for root in &mut self.roots {
            root.tree.clear();
            root.forget_search();
        }
    }
}
