//! `Batch.step(restart=...)`: the games not restarted step, then the others start again, a
//! refusal named by its game.

use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tictactoe_core::{Error, Illegal, ListError, Selection};

use super::refusals::action_refused;
use super::{observe, PyBatch};
use crate::arrays::{
    flat_readwrite, given_output, optional_slice, output, read_flags, read_integers,
};
use crate::errors::GameError;

impl PyBatch {
    /// `step` with `restart`: the games `restart` does not pick step (checked first, so that a
    /// refusal changes nothing, and named by their game's index), then the games it picks are
    /// emptied. One thread: the callers (the environments' opponents other than the random
    /// one) spend their time searching, not here.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn step_restarting<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        restart: &Bound<'py, PyAny>,
        illegal: Illegal,
        out: Option<Bound<'py, PyAny>>,
        observation: Option<Bound<'py, PyAny>>,
        legal_mask: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (count, rows, cols) = (self.batch.count(), self.batch.rows(), self.batch.cols());
        let per_game = self.batch.actions();
        read_integers(actions, "actions", &mut self.actions)?;
        let mut restarts = Vec::new();
        read_flags(restart, "restart", &mut restarts)?;
        for len in [self.actions.len(), restarts.len()] {
            if len != count {
                return Err(GameError::from(Error::LengthMismatch { len, expected: count }).into());
            }
        }
        let out =
            output::<u8>(py, out, &[count], || PyArray1::<u8>::zeros(py, count, false).into_any())?;
        let mut winners = flat_readwrite::<u8>(&out)?;
        let winners = winners.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut planes = given_output::<bool>(observation, "observation", &[count, 2, rows, cols])?;
        let mut mask = given_output::<bool>(legal_mask, "legal_mask", &[count, per_game])?;
        let (planes, mask) = (optional_slice(&mut planes)?, optional_slice(&mut mask)?);
        let (live, restarted): (Vec<usize>, Vec<usize>) = (0..count).partition(|&g| !restarts[g]);
        let live_actions: Vec<u32> = live.iter().map(|&g| self.actions[g]).collect();
        let mut live_winners = vec![0; live.len()];
        let batch = &mut self.batch;
        let result = py.detach(|| {
            let live_games = Selection::Listed(&live);
            batch.step(live_games, &live_actions, &mut live_winners, illegal).map_err(
                // The refused entry's game: its index in `actions`, as the caller wrote them.
                |refusal| ListError { index: refusal.index.map(|entry| live[entry]), ..refusal },
            )?;
            batch.reset(Selection::Listed(&restarted))?;
            winners.fill(0);
            for (&g, &winner) in live.iter().zip(&live_winners) {
                winners[g] = winner;
            }
            observe(batch, None, planes, mask).map_err(ListError::from)
        });
        result.map_err(|error| action_refused(batch, actions, error))?;
        Ok(out)
    }
}
