//! A batch pickled as each game's history, winner and generator state, and rebuilt from them
//! by replaying every history under the rules.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};
use tictactoe_core::{Batch, Rules};

use super::PyBatch;
use crate::errors::GameError;

/// `Batch.__reduce__`.
pub(super) fn reduce<'py>(
    slf: &Bound<'py, PyBatch>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
    let py = slf.py();
    let this = slf.borrow();
    let batch = &this.batch;
    let histories = PyList::empty(py);
    for g in 0..batch.count() {
        histories.append(batch.history(g).map_err(GameError::from)?)?;
    }
    let mut winners = vec![0u8; batch.count()];
    batch.winners(&mut winners).map_err(GameError::from)?;
    let restore = py.get_type::<PyBatch>().getattr("_restore")?;
    let Rules { rows, cols, k, exact, gravity } = batch.rules();
    let state = (
        (rows, cols, k, exact, gravity),
        histories,
        PyBytes::new(py, &winners),
        batch.generator_states().to_vec(),
    );
    Ok((restore, state.into_pyobject(py)?))
}

/// `Batch._restore`.
pub(super) fn restore(
    rules: &Bound<'_, PyAny>,
    histories: Vec<Vec<u32>>,
    winners: &[u8],
    generators: Vec<u64>,
) -> PyResult<PyBatch> {
    let rules = match rules.extract::<usize>() {
        Ok(n) => Rules::tic_tac_toe(n),
        Err(_) => {
            let (rows, cols, k, exact, gravity) = rules.extract()?;
            Rules { rows, cols, k, exact, gravity }
        }
    };
    let views: Vec<&[u32]> = histories.iter().map(Vec::as_slice).collect();
    let restored = Batch::restore(rules, &views, winners, &generators);
    let batch = restored.map_err(|refusal| {
        let exception = GameError::from(refusal.error);
        match refusal.game {
            Some(game) => exception.at(game).into(),
            None => PyErr::from(exception),
        }
    })?;
    Ok(PyBatch::of(batch))
}
