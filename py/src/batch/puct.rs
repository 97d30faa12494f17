//! `tictactoe.Puct`: the search a learned network guides, over a `Batch`'s games. The trees,
//! the descent and the backups are the search crate's; the evaluator is the caller's Python
//! function, called once a simulation step with every new leaf, its answers read back from
//! whatever arrays it returns.

use core::convert::Infallible;

use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use tictactoe_core::{Error, ListError};
use tictactoe_search::{Evaluator, Puct, PuctConfig, PuctError};

use super::refusals::{action_refused, step_error};
use super::PyBatch;
use crate::arrays::{python_actions, read_integers};
use crate::errors::{with_data, BadEvaluationError, GameError, Given};

/// What a search returns: the roots' visits by action and their values.
type Searched<'py> = (Bound<'py, PyArray2<i32>>, Bound<'py, PyArray1<f32>>);

/// PUCT (AlphaZero's tree search) over every unfinished game of a batch, leaves valued by the
/// caller's network (the guide: docs/alphazero.md).
///
/// `Puct(batch, *, c_puct=1.25, dirichlet_alpha=0.3, dirichlet_fraction=0.25, seed=None,
/// max_bytes=None, leaves=1, gumbel=0)`:
/// - `c_puct`: the exploration constant of `Q + c_puct * P * sqrt(N(s)) / (1 + N(s, a))`;
/// - `dirichlet_alpha`, `dirichlet_fraction`: the root noise of `run(..., noise=True)`;
/// - `seed`: the noise's and `choose`'s draws (None: 0, as a batch's; the same calls give the
///   same results);
/// - `max_bytes`: a search that would hold more (`bytes_needed`) is refused before it starts;
/// - `leaves` (1, the textbook algorithm): the most new leaves a game's descents find a step,
///   each after the first steered off the others' paths by a virtual loss, for fewer and larger
///   evaluator calls;
/// - `gumbel` (0: PUCT): Gumbel MuZero's search over at most that many root moves, as mctx's
///   `gumbel_muzero_policy` (then `policy()` is the training target, `selected()` the move).
#[pyclass(name = "Puct", module = "tictactoe")]
pub(crate) struct PyPuct {
    puct: Puct,
    batch: Py<PyBatch>,
    /// Scratch for the actions of a call.
    actions: Vec<u32>,
}

/// The Python function that values leaves, and the shapes it is handed and must answer in.
struct Network<'a, 'py> {
    evaluate: &'a Bound<'py, PyAny>,
    rows: usize,
    cols: usize,
    actions: usize,
}

/// `value` (any array-like of numbers) as a C-contiguous float32 array of exactly `shape`
/// (values also as (leaves, 1)), or `ValueError` naming `what` and the shape expected.
fn float32<'py>(
    value: &Bound<'py, PyAny>,
    what: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    // A float32 array in C order (what a float32 network returns) is read as it is: a call
    // into numpy for it was a tenth of a 64-game step's time.
    let array = match value.cast::<PyArrayDyn<f32>>() {
        Ok(array) if array.is_c_contiguous() => array.clone(),
        _ => {
            let numpy = value.py().import("numpy")?;
            let array =
                numpy.call_method1("ascontiguousarray", (value, numpy.getattr("float32")?))?;
            array.cast_into::<PyArrayDyn<f32>>()?
        }
    };
    let given = array.shape().to_vec();
    let column = shape.len() == 1 && given == [shape[0], 1];
    if given != shape && !column {
        return Err(PyValueError::new_err(format!(
            "the evaluator's {what} have shape {}, expected {}",
            shape_text(&given),
            shape_text(shape)
        )));
    }
    Ok(array)
}

/// The evaluator's answer as its two parts: a tuple or a list of two (what `return logits,
/// values` and a JSON-minded `return [logits, values]` make), refused with what it was.
fn pair<'py>(answer: &Bound<'py, PyAny>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    if let Ok(pair) = answer.extract() {
        return Ok(pair);
    }
    match answer.cast::<PyList>() {
        Ok(list) if list.len() == 2 => Ok((list.get_item(0)?, list.get_item(1)?)),
        _ => Err(PyValueError::new_err(format!(
            "the evaluator must return a pair (logits, values), not {}",
            described(answer)
        ))),
    }
}

/// What a refused answer was, for its message: its type, and its length when it has one.
fn described(answer: &Bound<'_, PyAny>) -> String {
    let kind = answer.get_type().name().map_or_else(|_| "?".into(), |name| name.to_string());
    match answer.len() {
        Ok(len) => format!("a value of type {kind} and length {len}"),
        Err(_) => format!("a value of type {kind}"),
    }
}

/// A shape as Python writes it: (3, 7), (3,).
fn shape_text(shape: &[usize]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!("({})", shape.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
    }
}

impl Evaluator for Network<'_, '_> {
    type Error = PyErr;

    fn evaluate(
        &mut self,
        observation: &[bool],
        legal: &[bool],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> PyResult<()> {
        let (py, leaves) = (self.evaluate.py(), values.len());
        let planes =
            PyArray1::from_slice(py, observation).reshape([leaves, 2, self.rows, self.cols])?;
        let mask = PyArray1::from_slice(py, legal).reshape([leaves, self.actions])?;
        let answer = self.evaluate.call1((planes, mask))?;
        let (given_logits, given_values) = pair(&answer)?;
        let given_logits = float32(&given_logits, "logits", &[leaves, self.actions])?;
        let given_values = float32(&given_values, "values", &[leaves])?;
        logits.copy_from_slice(given_logits.readonly().as_slice()?);
        values.copy_from_slice(given_values.readonly().as_slice()?);
        Ok(())
    }
}

/// The exception for a refused or failed search: the evaluator's own exception as itself;
/// `BadEvaluationError` for its answers out of range (with the leaf, and the value);
/// `ValueError` for settings; the core's classes otherwise.
fn puct_error(error: PuctError<PyErr>) -> PyErr {
    match error {
        PuctError::Evaluator(error) => error,
        PuctError::Value { leaf, value } => bad_evaluation(&error, leaf, Some(value)),
        PuctError::Logits { leaf } => bad_evaluation(&error, leaf, None),
        PuctError::Setting { .. } | PuctError::OtherBatch => {
            PyValueError::new_err(error.to_string())
        }
        PuctError::Memory { needed, max_bytes } => {
            GameError::from(Error::LimitExceeded { requested: needed, limit: max_bytes }).into()
        }
        PuctError::Search(error) => crate::search::search_error(error),
        PuctError::Action { game, error } => {
            step_error(ListError { index: Some(game), error }, Given::default())
        }
    }
}

/// `BadEvaluationError` for `error`, an answer of the evaluator's refused: its message, `kind`,
/// the answer's position `leaf`, and the `value` refused (for a value).
fn bad_evaluation(error: &PuctError<PyErr>, leaf: usize, value: Option<f32>) -> PyErr {
    with_data(BadEvaluationError::new_err(error.to_string()), error.name(), |exception| {
        exception.setattr("leaf", leaf)?;
        exception.setattr("value", value.map(f64::from))
    })
}

/// A count setting from Python, `least` (`leaves` 1, `gumbel` 0) to 2**32 - 1: one past u32's
/// range is refused naming the value as given and the setting's range; the search refuses
/// those within it that it does not take (a `leaves` of 0).
fn count_setting(name: &str, value: i64, least: u32) -> PyResult<u32> {
    u32::try_from(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{name} is out of its range: {value} is not in {least}..2**32"
        ))
    })
}

/// A search's simulations from Python: any integer from 0 to 2**32 - 1, a `ValueError` naming
/// the range for another (not an `OverflowError`).
fn simulations_count(simulations: &Bound<'_, PyAny>) -> PyResult<u32> {
    simulations.extract::<u32>().map_err(|error| {
        if error.is_instance_of::<PyOverflowError>(simulations.py()) {
            PyValueError::new_err(format!(
                "simulations is out of its range: {simulations} is not in 0..2**32"
            ))
        } else {
            error
        }
    })
}

/// A refusal of a call that calls no evaluator, as [`puct_error`] makes it.
fn refused(error: PuctError<Infallible>) -> PyErr {
    puct_error(error.widen())
}

#[pymethods]
impl PyPuct {
    #[new]
    #[pyo3(signature = (
        batch, *, c_puct = 1.25, dirichlet_alpha = 0.3, dirichlet_fraction = 0.25, seed = None,
        max_bytes = None, leaves = 1, gumbel = 0
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        batch: Bound<'_, PyBatch>,
        c_puct: f32,
        dirichlet_alpha: f32,
        dirichlet_fraction: f32,
        seed: Option<&Bound<'_, PyAny>>,
        max_bytes: Option<i128>,
        leaves: i64,
        gumbel: i64,
    ) -> PyResult<PyPuct> {
        let seed = seed.map(crate::convert::seed).transpose()?.unwrap_or(0);
        let limits = crate::convert::limits(max_bytes)?;
        let max_bytes = max_bytes.map(|_| limits.max_bytes);
        let (leaves, gumbel) =
            (count_setting("leaves", leaves, 1)?, count_setting("gumbel", gumbel, 0)?);
        let config = PuctConfig {
            c_puct,
            dirichlet_alpha,
            dirichlet_fraction,
            seed,
            max_bytes,
            leaves,
            gumbel,
        };
        let puct = Puct::new(&batch.borrow().batch, config).map_err(refused)?;
        Ok(PyPuct { puct, batch: batch.unbind(), actions: Vec::new() })
    }

    /// Runs `simulations` simulations in every unfinished game of the batch, calling
    /// `evaluate(observation, legal_mask) -> (logits, values)` once a step with its new
    /// positions, n of them (at most the search's `leaves` a game): bool (n, 2, rows, cols)
    /// from the side to move and bool (n, actions) in; logits (n, actions) and values (n,) in
    /// [-1, 1] from the side to move out, any float dtype, as a tuple or a list of the two.
    /// With `noise`, Dirichlet noise mixed into the roots' priors for this search (with
    /// `gumbel`, Gumbel draws at the roots instead). Returns (visits int32 (count, actions),
    /// values float32 (count,)): the roots' visits by action (zero rows for finished games) and
    /// values from the side to move. An exception of `evaluate` propagates as itself; the trees
    /// are then as they were.
    #[pyo3(signature = (evaluate, simulations, *, noise = false))]
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        evaluate: &Bound<'py, PyAny>,
        simulations: &Bound<'py, PyAny>,
        noise: bool,
    ) -> PyResult<Searched<'py>> {
        let simulations = simulations_count(simulations)?;
        let batch = self.batch.bind(py).borrow();
        let batch = &batch.batch;
        let (count, actions) = (batch.count(), batch.actions());
        let mut evaluator = Network { evaluate, rows: batch.rows(), cols: batch.cols(), actions };
        let (mut visits, mut values) = (vec![0u32; count * actions], vec![0f32; count]);
        self.puct
            .run(batch, &mut evaluator, simulations, noise, &mut visits, &mut values)
            .map_err(puct_error)?;
        // Visits of one search fit an i32 (they are at most the simulations plus those kept).
        let visits: Vec<i32> = visits.iter().map(|&v| v.min(i32::MAX as u32) as i32).collect();
        let visits = PyArray1::from_vec(py, visits).reshape([count, actions])?;
        Ok((visits, PyArray1::from_vec(py, values)))
    }

    /// Plays `actions[g]` in each unfinished game g of the batch (entries of finished games
    /// are not read) and keeps each move's subtree for the next search. A refused action
    /// raises as `Batch.step` does, naming the game; nothing is played then.
    fn play(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        read_integers(actions, "actions", &mut self.actions)?;
        let mut batch = self.batch.bind(py).borrow_mut();
        self.puct.play(&mut batch.batch, &self.actions).map_err(|error| match error {
            // Named as `Batch.step` names it: the action as given (-1, not 2**32 - 1).
            PuctError::Action { game, error } => {
                let error = ListError { index: Some(game), error };
                action_refused(&batch.batch, actions, (None, None), error)
            }
            error => refused(error),
        })
    }

    /// A move a game drawn from `visits` (as `run` returns them: (count, actions), counts from
    /// 0) under `temperature`: in proportion to visits ** (1 / temperature), at 0 the most
    /// visited (ties to the lowest action); -1 for a game without visits. int64 (count,).
    #[pyo3(signature = (visits, temperature = 1.0))]
    fn choose<'py>(
        &mut self,
        py: Python<'py>,
        visits: &Bound<'py, PyAny>,
        temperature: f32,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let (count, actions) = {
            let batch = self.batch.bind(py).borrow();
            (batch.batch.count(), batch.batch.actions())
        };
        let array = py.import("numpy")?.call_method1("asarray", (visits,))?;
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        if shape != [count, actions] {
            return Err(PyValueError::new_err(format!(
                "visits have shape {}, expected {}",
                shape_text(&shape),
                shape_text(&[count, actions])
            )));
        }
        let mut wide: Vec<i64> = Vec::new();
        read_integers(&array.call_method0("ravel")?, "visits", &mut wide)?;
        let given = wide
            .iter()
            .map(|&v| u32::try_from(v))
            .collect::<Result<Vec<u32>, _>>()
            .map_err(|_| PyValueError::new_err("visits are counts from 0 to 2**32 - 1"))?;
        let mut chosen = vec![0u32; count];
        self.puct.choose(&given, temperature, &mut chosen).map_err(refused)?;
        let mut out = vec![0i64; chosen.len()];
        python_actions(&chosen, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Each game's improved policy: the softmax of its root's logits + completed Q values over
    /// the root's actions, the target Gumbel MuZero trains its policy on (mctx's
    /// `action_weights`; a PUCT search's tree has one too). float32 (count, actions), a row of
    /// zeros for a game without a tree; a game the batch moved by other means keeps its old
    /// tree's row until the next search that succeeds.
    fn policy<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let (count, actions) = {
            let batch = self.batch.bind(py).borrow();
            (batch.batch.count(), batch.batch.actions())
        };
        let mut policy = vec![0f32; count * actions];
        self.puct.policy(&mut policy).map_err(refused)?;
        PyArray1::from_vec(py, policy).reshape([count, actions])
    }

    /// The action Gumbel MuZero plays after the last search, a game (mctx's `action`): of the
    /// root's actions that search visited most, the one of highest Gumbel draw + logit +
    /// completed Q. int64 (count,), -1 for a game not searched since its tree last moved
    /// (`play`, `clear`) or finished; a game the batch moved by other means keeps its last
    /// search's action until the next search that succeeds.
    fn selected<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let count = self.batch.bind(py).borrow().batch.count();
        let mut selected = vec![0u32; count];
        self.puct.selected(&mut selected).map_err(refused)?;
        let mut out = vec![0i64; count];
        python_actions(&selected, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Forgets every tree (keeping their memory): the next search starts from fresh roots.
    fn clear(&mut self) {
        self.puct.clear();
    }

    /// An upper bound of the bytes the trees and buffers take after a search of `simulations`
    /// (an integer from 0 to 2**32 - 1, a `ValueError` for another).
    fn bytes_needed(&self, py: Python<'_>, simulations: &Bound<'_, PyAny>) -> PyResult<usize> {
        let simulations = simulations_count(simulations)?;
        self.puct.bytes_needed(&self.batch.bind(py).borrow().batch, simulations).map_err(refused)
    }

    /// The batch searched.
    #[getter]
    fn batch(&self, py: Python<'_>) -> Py<PyBatch> {
        self.batch.clone_ref(py)
    }

    /// The most new leaves a game finds a step (settable between searches; `ValueError` for
    /// less than 1, nothing changed).
    #[getter]
    fn leaves(&self) -> u32 {
        self.puct.config().leaves
    }

    #[setter(leaves)]
    fn change_leaves(&mut self, leaves: i64) -> PyResult<()> {
        self.puct.set_leaves(count_setting("leaves", leaves, 1)?).map_err(refused)
    }

    /// The most root actions Gumbel's search considers; 0 for PUCT's search.
    #[getter]
    fn gumbel(&self) -> u32 {
        self.puct.config().gumbel
    }
}
