//! The `Puct` class: the search a learned network guides (AlphaZero's PUCT) over a `Batch`'s
//! games. The trees, the descents and the backups are `tictactoe-search`'s; the evaluator is
//! the caller's JavaScript function, called synchronously once a simulation step with every
//! new leaf, its answer read back from typed arrays or plain arrays. The Python face
//! (`py/src/batch/puct.rs`) is the model: the same checks, the same refusals, the evaluator's
//! exception thrown as itself with everything as it was.

use core::convert::Infallible;

use napi::bindgen_prelude::{
    acquire_native_borrow, Either3, Float32Array, Float32ArraySlice, Float64ArraySlice, FnArgs,
    Function, Int32Array, Int32ArraySlice, Object, Reference, Uint8Array, Unknown,
};
use napi::{Env, JsValue, ValueType};
use napi_derive::napi;
use tictactoe_core::{Error, ListError};
use tictactoe_search::{Evaluator, Puct as CorePuct, PuctConfig, PuctError};

use crate::arrays::{self, Actions};
use crate::batch::Batch;
use crate::errors::{exception_pending, range_error, type_error, Field, Given, Refusal};
use crate::numbers;

/// The settings of a search (AlphaZero's defaults): `cPuct` (1.25) weighs the priors against
/// the values found; `dirichletAlpha` (0.3) and `dirichletFraction` (0.25) shape the noise a
/// `run` with `noise` mixes into the roots' priors; `seed` (0) of the noise and of `choose`'s
/// draws; `maxBytes`, refused before a search that would take more (no bound by default);
/// `leaves` (1), the most new leaves a game finds a step; `gumbel` (0), the most root actions
/// Gumbel MuZero's search considers (0: PUCT's).
#[napi(object)]
#[derive(Default)]
pub struct PuctOptions {
    /// The exploration constant, finite and >= 0 (default 1.25).
    pub c_puct: Option<f64>,
    /// The Dirichlet noise's concentration, finite and > 0 (default 0.3).
    pub dirichlet_alpha: Option<f64>,
    /// The share of noise in the roots' priors, in [0, 1] (default 0.25).
    pub dirichlet_fraction: Option<f64>,
    /// The seed of the noise and of `choose` (an integer from 0 to 2**53 - 1; default 0).
    pub seed: Option<f64>,
    /// The most bytes the trees and buffers may take (default: no bound).
    pub max_bytes: Option<f64>,
    /// The most new leaves a game finds a simulation step, held apart by virtual losses (an
    /// integer from 1 to 2**32 - 1; default 1, the textbook algorithm).
    pub leaves: Option<f64>,
    /// Gumbel MuZero's search (mctx's `gumbel_muzero_policy`) instead of PUCT's when above 0:
    /// sequential halving at the roots over at most this many actions, `noise` then drawing
    /// Gumbel variables instead of Dirichlet noise (an integer from 0 to 2**32 - 1; default 0,
    /// PUCT's search). Only with one leaf a step.
    pub gumbel: Option<f64>,
}

/// The options of one search.
#[napi(object)]
#[derive(Default)]
pub struct RunOptions {
    /// Whether to mix Dirichlet noise into the roots' priors for this search (with `gumbel`,
    /// to draw a Gumbel variable an action at the roots instead; default false).
    pub noise: Option<bool>,
}

/// What a search returns.
#[napi(object)]
pub struct Searched {
    /// The roots' visits by action, `count * actions` (zero rows for finished games).
    pub visits: Int32Array,
    /// The roots' values from the side to move, `count` (-1 won, 0 drawn for finished games).
    pub values: Float32Array,
}

/// The evaluator as napi-rs calls it: `(observation, legal, leaves) => answer`.
type Evaluate<'env> = Function<'env, FnArgs<(Uint8Array, Uint8Array, u32)>, Unknown<'env>>;

/// PUCT (AlphaZero's tree search) over every unfinished game of a batch, leaves valued by the
/// caller's network; the trees are kept between searches (see `play`).
#[napi]
pub struct Puct {
    puct: CorePuct,
    /// The batch searched: the caller's object, held so that the searches follow its games.
    batch: Reference<Batch>,
    /// Scratch for the actions of a call.
    actions: Vec<u32>,
}

/// The caller's function that values leaves, and the shapes it is handed and answers in.
struct Network<'a, 'env> {
    env: &'a Env,
    evaluate: &'a Evaluate<'env>,
    actions: usize,
}

/// The refusal of an answer of the wrong length: `length_mismatch` naming the length expected
/// and why (a `BatchError`, as any array of the wrong length in a batch call).
fn wrong_length(
    env: &Env,
    what: &str,
    len: usize,
    expected: usize,
    (leaves, actions): (usize, Option<usize>),
) -> napi::Error {
    let shape = match actions {
        Some(actions) => format!("{leaves} leaves * {actions} actions"),
        None => format!("{leaves} leaves"),
    };
    let text = format!("the evaluator's {what} have length {len}, expected {expected} ({shape})");
    let fields = vec![("length", Field::from(len)), ("expected", Field::from(expected))];
    Refusal::named(Error::LengthMismatch { len, expected }.kind().name(), &text, fields)
        .into_error(env)
}

/// The answer's `what` (a `Float32Array`, a `Float64Array` or an array of numbers) into `out`,
/// whose length it must have.
fn read_numbers(
    env: &Env,
    answer: &Object<'_>,
    what: &str,
    shape: (usize, Option<usize>),
    out: &mut [f32],
) -> napi::Result<()> {
    // An exception the answer threw while being read (a getter's, a proxy's) is the
    // evaluator's own: thrown as itself, not taken for an answer of the wrong type.
    let given: Option<Either3<Float32ArraySlice<'_>, Float64ArraySlice<'_>, Vec<f64>>> =
        answer.get(what).map_err(|error| match exception_pending(env) {
            true => error,
            false => not_numbers(env, what),
        })?;
    let len = match &given {
        Some(Either3::A(values)) => values.len(),
        Some(Either3::B(values)) => values.len(),
        Some(Either3::C(values)) => values.len(),
        None => return Err(not_numbers(env, what)),
    };
    if len != out.len() {
        return Err(wrong_length(env, what, len, out.len(), shape));
    }
    match given {
        Some(Either3::A(values)) => out.copy_from_slice(&values),
        Some(Either3::B(values)) => {
            out.iter_mut().zip(values.iter()).for_each(|(slot, &v)| *slot = v as f32)
        }
        Some(Either3::C(values)) => {
            out.iter_mut().zip(&values).for_each(|(slot, &v)| *slot = v as f32)
        }
        None => {}
    }
    Ok(())
}

/// The `TypeError` of an answer without `what` as numbers.
fn not_numbers(env: &Env, what: &str) -> napi::Error {
    type_error(
        env,
        format_args!(
            "the evaluator's answer must have {what} as a Float32Array, a Float64Array or an \
             array of numbers"
        ),
    )
}

impl Evaluator for Network<'_, '_> {
    type Error = napi::Error;

    fn evaluate(
        &mut self,
        observation: &[bool],
        legal: &[bool],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> napi::Result<()> {
        let leaves = values.len();
        // Copies, not views of the search's buffers: the caller may keep them.
        let planes = Uint8Array::new(observation.iter().map(|&flag| u8::from(flag)).collect());
        let mask = Uint8Array::new(legal.iter().map(|&flag| u8::from(flag)).collect());
        let answer = self.evaluate.call(FnArgs::from((planes, mask, leaves as u32)))?;
        let kind = answer.get_type()?;
        let array = kind == ValueType::Object && answer.is_array()?;
        let object = kind == ValueType::Object && !array && !answer.is_promise()?;
        if !object {
            let given = match kind {
                ValueType::Object if array => "an array",
                ValueType::Object => "a Promise (it must answer synchronously)",
                ValueType::Undefined => "undefined",
                ValueType::Null => "null",
                ValueType::Boolean => "a boolean",
                ValueType::Number => "a number",
                ValueType::String => "a string",
                ValueType::Symbol => "a symbol",
                ValueType::Function => "a function",
                ValueType::BigInt => "a bigint",
                _ => "a value of another type",
            };
            return Err(type_error(
                self.env,
                format_args!(
                    "the evaluator must return an object {{ logits, values }}, not {given}"
                ),
            ));
        }
        // SAFETY: the value is an object (checked above).
        let answer: Object<'_> = unsafe { answer.cast()? };
        read_numbers(self.env, &answer, "logits", (leaves, Some(self.actions)), logits)?;
        read_numbers(self.env, &answer, "values", (leaves, None), values)
    }
}

/// The error thrown for a refused or failed search: the evaluator's own exception as itself;
/// `bad_evaluation` for its answers out of range; a `RangeError` for settings out of range;
/// the core's refusals otherwise (`limit_exceeded` for the memory bound, naming the bytes).
fn puct_error(env: &Env, error: PuctError<napi::Error>, given: Given) -> napi::Error {
    let refusal = match error {
        PuctError::Evaluator(error) => return error,
        PuctError::Setting { name, .. } => {
            // The setting as JavaScript spells it (the message begins with its name).
            let text = error.to_string().replacen(name, js_setting(name), 1);
            return range_error(env, text);
        }
        PuctError::OtherBatch => return range_error(env, error.to_string()),
        PuctError::Value { leaf, value } => Refusal::named(
            error.name(),
            &error.to_string(),
            vec![("leaf", Field::from(leaf)), ("value", Field::Number(f64::from(value)))],
        ),
        PuctError::Logits { leaf } => {
            Refusal::named(error.name(), &error.to_string(), vec![("leaf", Field::from(leaf))])
        }
        PuctError::Memory { needed, max_bytes } => Refusal::of(
            Error::LimitExceeded { requested: needed, limit: max_bytes },
            Given::default(),
        ),
        PuctError::Search(error) => Refusal::of_search(error),
        PuctError::Action { game, error } => {
            Refusal::of_list(ListError { index: Some(game), error }, given)
        }
    };
    refusal.into_error(env)
}

/// A refusal of a call that calls no evaluator, as [`puct_error`] makes it.
/// `given`: the refused action's cell as the caller gave it, for `play`.
fn refused(env: &Env, error: PuctError<Infallible>, given: Given) -> napi::Error {
    puct_error(env, error.widen(), given)
}

/// The name of a setting of the search's in this face's options.
fn js_setting(name: &str) -> &str {
    match name {
        "c_puct" => "cPuct",
        "dirichlet_alpha" => "dirichletAlpha",
        "dirichlet_fraction" => "dirichletFraction",
        other => other,
    }
}

/// A setting as the search's `f32`, or its default.
fn setting(value: Option<f64>, default: f32) -> f32 {
    value.map_or(default, |value| value as f32)
}

#[napi]
impl Puct {
    /// A search over `batch`'s games, with empty trees. The same batch object is searched and
    /// stepped by `play`: a game the batch moves on its own starts a fresh tree.
    #[napi(constructor)]
    pub fn new(
        env: Env,
        batch: Reference<Batch>,
        options: Option<PuctOptions>,
    ) -> napi::Result<Puct> {
        let options = options.unwrap_or_default();
        let defaults = PuctConfig::default();
        let seed = numbers::option(&env, options.seed, "seed", 0, numbers::MAX_SAFE_INTEGER)?;
        let max_bytes = options.max_bytes.map(|max| numbers::max_bytes(&env, max)).transpose()?;
        let leaves = match options.leaves {
            Some(leaves) => leaves_setting(&env, leaves)?,
            None => defaults.leaves,
        };
        // Every u32 is a valid `gumbel`, so one beyond is refused here (a saturated one would
        // silently mean another setting), as a seed is.
        let gumbel = numbers::option(&env, options.gumbel, "gumbel", 0, u32::MAX.into())? as u32;
        let config = PuctConfig {
            c_puct: setting(options.c_puct, defaults.c_puct),
            dirichlet_alpha: setting(options.dirichlet_alpha, defaults.dirichlet_alpha),
            dirichlet_fraction: setting(options.dirichlet_fraction, defaults.dirichlet_fraction),
            seed,
            max_bytes,
            leaves,
            gumbel,
        };
        let puct = CorePuct::new(batch.core(), config)
            .map_err(|error| refused(&env, error, Given::default()))?;
        Ok(Puct { puct, batch, actions: Vec::new() })
    }

    /// Runs `simulations` simulations in every unfinished game of the batch, calling
    /// `evaluate(observation, legal, leaves)` once a step with its new leaves (at most the
    /// option `leaves` a game):
    /// `observation` a `Uint8Array` of `leaves * 2 * rows * cols` flags (each leaf's planes
    /// from the side to move, as `Batch.observation` writes them), `legal` a `Uint8Array` of
    /// `leaves * actions` flags. It returns `{ logits, values }` (each a `Float32Array`, a
    /// `Float64Array` or an array of numbers): `leaves * actions` logits (those of illegal
    /// actions are not read) and `leaves` values in [-1, 1] from the side to move. With
    /// `noise`, Dirichlet noise is mixed into the roots' priors for this search (with the
    /// option `gumbel`, Gumbel variables are drawn at the roots instead). An exception
    /// of `evaluate` is thrown as itself; the trees, the batch and the seed are then as they
    /// were, as after any refusal.
    #[napi(
        ts_args_type = "evaluate: (observation: Uint8Array, legal: Uint8Array, leaves: number) => \
                        { logits: Float32Array | Float64Array | number[], values: Float32Array \
                        | Float64Array | number[] }, simulations: number, options?: RunOptions \
                        | undefined | null"
    )]
    pub fn run(
        &mut self,
        env: Env,
        evaluate: Evaluate<'_>,
        simulations: f64,
        options: Option<RunOptions>,
    ) -> napi::Result<Searched> {
        let simulations =
            numbers::option(&env, Some(simulations), "simulations", 0, u32::MAX.into())?;
        let noise = options.unwrap_or_default().noise.unwrap_or(false);
        // The batch is read while the evaluator runs JavaScript: registered as borrowed, so
        // that a call of the evaluator stepping it is refused instead of changing it under
        // the search. napi-rs registers the borrows of its generated methods in this table;
        // `acquire_native_borrow` is its hidden entry for code that holds a `Reference` (the
        // test 'the evaluator may read the batch but not change it' shows it working).
        let batch: &Batch = &self.batch;
        let _borrowed = acquire_native_borrow(core::ptr::from_ref(batch).cast_mut(), false)?;
        let batch = batch.core();
        let (count, actions) = (batch.count(), batch.actions());
        let mut network = Network { env: &env, evaluate: &evaluate, actions };
        let (mut visits, mut values) = (vec![0u32; count * actions], vec![0f32; count]);
        self.puct
            .run(batch, &mut network, simulations as u32, noise, &mut visits, &mut values)
            .map_err(|error| puct_error(&env, error, Given::default()))?;
        // Visits of one search fit an i32 (at most the simulations and those kept, from u32).
        let visits = visits.iter().map(|&v| v.min(i32::MAX as u32) as i32).collect();
        Ok(Searched { visits: Int32Array::new(visits), values: Float32Array::new(values) })
    }

    /// Plays `actions[g]` in each unfinished game g of the batch (entries of finished games
    /// are not read) and keeps each move's subtree for the next search. A refused action is
    /// thrown as `Batch.step` throws it, naming the entry; nothing is played then.
    #[napi(ts_args_type = "actions: Int32Array | BigInt64Array")]
    pub fn play(&mut self, env: Env, actions: Actions<'_>) -> napi::Result<()> {
        arrays::read_actions(&actions, &mut self.actions);
        let batch: &mut Batch = &mut self.batch;
        let _borrowed = acquire_native_borrow(core::ptr::from_mut(batch), true)?;
        let played = self.puct.play(batch.core_mut(), &self.actions);
        played.map_err(|error| {
            let given = match &error {
                PuctError::Action { game, .. } => batch.given_cell(&actions, *game),
                _ => Given::default(),
            };
            refused(&env, error, given)
        })
    }

    /// A move per game drawn from `visits` (as `run` returns them, `count * actions`) under
    /// `temperature` (default 1): in proportion to visits ** (1 / temperature), at 0 the most
    /// visited (ties to the lowest action); -1 for a game without visits (finished). From the
    /// search's seed: the same calls give the same moves.
    #[napi]
    pub fn choose(
        &mut self,
        env: Env,
        visits: Int32ArraySlice<'_>,
        temperature: Option<f64>,
    ) -> napi::Result<Int32Array> {
        let count = self.batch.core().count();
        let given = visits
            .iter()
            .map(|&v| u32::try_from(v))
            .collect::<Result<Vec<u32>, _>>()
            .map_err(|_| range_error(&env, "visits are counts from 0"))?;
        let mut chosen = vec![0u32; count];
        let temperature = temperature.unwrap_or(1.0) as f32;
        let drawn = self.puct.choose(&given, temperature, &mut chosen);
        drawn.map_err(|error| refused(&env, error, Given::default()))?;
        let chosen = chosen.iter().map(|&action| numbers::action(action)).collect();
        Ok(Int32Array::new(chosen))
    }

    /// Each game's improved policy, `count * actions`: the softmax of its root's logits +
    /// completed Q values over the root's actions, the target Gumbel MuZero trains its policy
    /// on (mctx's `action_weights`; a tree of PUCT's search has one too); a row of zeros for a
    /// game without a tree (finished, or cleared). A game the batch moved on its own keeps its
    /// old tree's row until a `run` succeeds.
    #[napi]
    pub fn policy(&mut self, env: Env) -> napi::Result<Float32Array> {
        let batch = self.batch.core();
        let mut policy = vec![0f32; batch.count() * batch.actions()];
        let written = self.puct.policy(&mut policy);
        written.map_err(|error| refused(&env, error, Given::default()))?;
        Ok(Float32Array::new(policy))
    }

    /// The action Gumbel MuZero plays after the last search, a game (mctx's `action`): of the
    /// root's actions that search visited most, the one of highest Gumbel draw + logit +
    /// completed Q (after PUCT's search, which draws none: of its most visited, the highest
    /// logit + completed Q). -1 for a game finished or not searched since its tree last moved
    /// (`play`, `clear`); a game the batch moved on its own keeps its last search's action
    /// until a `run` succeeds.
    #[napi]
    pub fn selected(&mut self, env: Env) -> napi::Result<Int32Array> {
        let mut selected = vec![0u32; self.batch.core().count()];
        let written = self.puct.selected(&mut selected);
        written.map_err(|error| refused(&env, error, Given::default()))?;
        Ok(Int32Array::new(selected.iter().map(|&action| numbers::action(action)).collect()))
    }

    /// Forgets every tree (keeping their memory): the next search starts from fresh roots.
    #[napi]
    pub fn clear(&mut self) {
        self.puct.clear();
    }

    /// An upper bound of the bytes the trees and buffers take after a search of
    /// `simulations`: what `maxBytes` is checked against.
    #[napi]
    pub fn bytes_needed(&self, env: Env, simulations: f64) -> napi::Result<f64> {
        let simulations =
            numbers::option(&env, Some(simulations), "simulations", 0, u32::MAX.into())?;
        let needed = self.puct.bytes_needed(self.batch.core(), simulations as u32);
        Ok(needed.map_err(|error| refused(&env, error, Given::default()))? as f64)
    }

    /// The batch searched (the object given to the constructor).
    #[napi(getter)]
    pub fn batch(&self, env: Env) -> napi::Result<Reference<Batch>> {
        self.batch.clone(env)
    }

    /// The most new leaves a game finds a step.
    #[napi(getter)]
    pub fn leaves(&self) -> u32 {
        self.puct.config().leaves
    }

    /// Sets the most new leaves a game finds a step, for the searches to come (an integer from
    /// 1 to 2**32 - 1; nothing changed on a refusal).
    #[napi(setter, js_name = "leaves")]
    pub fn set_leaves(&mut self, env: Env, leaves: f64) -> napi::Result<()> {
        let leaves = leaves_setting(&env, leaves)?;
        self.puct.set_leaves(leaves).map_err(|error| refused(&env, error, Given::default()))
    }

    /// The most root actions Gumbel's search considers; 0 for PUCT's search (the option
    /// `gumbel`, fixed at construction, as from Python).
    #[napi(getter)]
    pub fn gumbel(&self) -> u32 {
        self.puct.config().gumbel
    }
}

/// The `leaves` setting from JavaScript: an integer (else a `TypeError`) from 1 to 2**32 - 1
/// (else a `RangeError` naming the value as given).
fn leaves_setting(env: &Env, leaves: f64) -> napi::Result<u32> {
    let leaves = numbers::option_within(env, Some(leaves), "leaves", 1, 1..=u32::MAX.into())?;
    // Within u32's range (checked above).
    Ok(leaves as u32)
}
