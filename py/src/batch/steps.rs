//! The calls that change games, from Python: numpy arrays read and written in place around
//! the core's operation (without the GIL), and its refusal turned into the exception.

use numpy::{PyArray1, PyReadwriteArrayDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tictactoe_core::{Batch, Selection};

use super::refusals::{action_refused, games_refused, illegal_policy};
use super::{observe, selection, PyBatch};
use crate::arrays::{
    actions_output, flat_readwrite, given_output, optional_slice, output, read_flags, read_games,
    read_integers, read_players, write_actions,
};

/// The uint8 winners of a step of `len` games: `out` when given (checked), else a new array.
fn winners_output<'py>(
    py: Python<'py>,
    out: Option<Bound<'py, PyAny>>,
    len: usize,
) -> PyResult<Bound<'py, PyAny>> {
    output::<u8>(py, out, &[len], || PyArray1::<u8>::zeros(py, len, false).into_any())
}

/// The planes and the mask a step writes after it, where the caller gave arrays for them.
type Observed<'py> =
    (Option<PyReadwriteArrayDyn<'py, bool>>, Option<PyReadwriteArrayDyn<'py, bool>>);

/// The caller's arrays for the planes and the mask of every game after a step, checked.
fn observed_outputs<'py>(
    batch: &Batch,
    observation: Option<Bound<'py, PyAny>>,
    legal_mask: Option<Bound<'py, PyAny>>,
) -> PyResult<Observed<'py>> {
    let (count, rows, cols) = (batch.count(), batch.rows(), batch.cols());
    let planes = given_output::<bool>(observation, "observation", &[count, 2, rows, cols])?;
    let mask = given_output::<bool>(legal_mask, "legal_mask", &[count, batch.actions()])?;
    Ok((planes, mask))
}

/// `Batch.random_legal_actions`.
pub(super) fn random_legal_actions<'py>(
    this: &mut PyBatch,
    py: Python<'py>,
    games: Option<&Bound<'py, PyAny>>,
    out: Option<Bound<'py, PyAny>>,
    reset_terminated: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if games.is_some() && reset_terminated {
        return Err(PyValueError::new_err(
            "reset_terminated applies to the whole batch, not with games",
        ));
    }
    if let Some(games) = games {
        read_games(games, &mut this.games)?;
    }
    let len = selection(games.is_some(), &this.games).len(this.batch.count());
    let out = actions_output(py, out, len)?;
    this.actions.resize(len, 0);
    let PyBatch { batch, actions, games: listed } = this;
    let (games_given, games) = (games, selection(games.is_some(), listed));
    py.detach(|| {
        if reset_terminated {
            batch.reset_terminated(Selection::All)?;
        }
        batch.random_legal_actions(games, actions)
    })
    .map_err(|error| games_refused(games_given, error))?;
    write_actions(&out, &this.actions)?;
    Ok(out)
}

/// `Batch.step_random`.
pub(super) fn step_random<'py>(
    this: &mut PyBatch,
    py: Python<'py>,
    games: Option<&Bound<'py, PyAny>>,
    out: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(games) = games {
        read_games(games, &mut this.games)?;
    }
    let len = selection(games.is_some(), &this.games).len(this.batch.count());
    let out = winners_output(py, out, len)?;
    let PyBatch { batch, games: listed, .. } = this;
    let (games_given, games) = (games, selection(games.is_some(), listed));
    let mut winners = flat_readwrite::<u8>(&out)?;
    let winners = winners.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.detach(|| batch.step_random(games, winners))
        .map_err(|error| games_refused(games_given, error))?;
    Ok(out)
}

/// `Batch.step_against_random`.
#[allow(clippy::too_many_arguments)]
pub(super) fn step_against_random<'py>(
    this: &mut PyBatch,
    py: Python<'py>,
    actions: &Bound<'py, PyAny>,
    sides: &Bound<'py, PyAny>,
    restart: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    illegal: &str,
    out: Option<Bound<'py, PyAny>>,
    observation: Option<Bound<'py, PyAny>>,
    legal_mask: Option<Bound<'py, PyAny>>,
    rewards: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let illegal = illegal_policy(illegal)?;
    if let Some(games) = games {
        if observation.is_some() || legal_mask.is_some() || rewards.is_some() {
            return Err(PyValueError::new_err(
                "observation, legal_mask and rewards are of every game, not with games",
            ));
        }
        read_games(games, &mut this.games)?;
    }
    let count = this.batch.count();
    let len = selection(games.is_some(), &this.games).len(count);
    read_integers(actions, "actions", &mut this.actions)?;
    let given_sides = sides;
    let sides = read_players(sides, "sides")?;
    let mut restarts = Vec::new();
    match restart {
        Some(restart) => read_flags(restart, "restart", &mut restarts)?,
        None => restarts.resize(len, false),
    }
    let out = winners_output(py, out, len)?;
    let mut winners = flat_readwrite::<u8>(&out)?;
    let winners = winners.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (mut planes, mut mask) = observed_outputs(&this.batch, observation, legal_mask)?;
    let mut reward_out = given_output::<f64>(rewards, "rewards", &[count])?;
    let (planes, mask) = (optional_slice(&mut planes)?, optional_slice(&mut mask)?);
    let reward_out = optional_slice(&mut reward_out)?;
    let PyBatch { batch, actions: steps, games: listed } = this;
    let (games_given, games) = (games, selection(games.is_some(), listed));
    let result = py.detach(|| {
        batch.step_against_random(games, &sides, steps, &restarts, winners, illegal)?;
        // What the learner sees after the step.
        observe(batch, Some(&sides), planes, mask)?;
        match reward_out {
            Some(rewards) => batch.rewards_into(&sides, rewards),
            None => Ok(()),
        }
    });
    result
        .map_err(|error| action_refused(batch, actions, (Some(given_sides), games_given), error))?;
    Ok(out)
}

/// `Batch.step`.
#[allow(clippy::too_many_arguments)]
pub(super) fn step<'py>(
    this: &mut PyBatch,
    py: Python<'py>,
    actions: &Bound<'py, PyAny>,
    games: Option<&Bound<'py, PyAny>>,
    restart: Option<&Bound<'py, PyAny>>,
    illegal: &str,
    out: Option<Bound<'py, PyAny>>,
    observation: Option<Bound<'py, PyAny>>,
    legal_mask: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let illegal = illegal_policy(illegal)?;
    read_integers(actions, "actions", &mut this.actions)?;
    let mut restarts = Vec::new();
    if let Some(restart) = restart {
        read_flags(restart, "restart", &mut restarts)?;
    }
    if let Some(games) = games {
        read_games(games, &mut this.games)?;
    }
    let len = this.actions.len();
    let out = winners_output(py, out, len)?;
    let mut winners = flat_readwrite::<u8>(&out)?;
    let winners = winners.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (mut planes, mut mask) = observed_outputs(&this.batch, observation, legal_mask)?;
    let (planes, mask) = (optional_slice(&mut planes)?, optional_slice(&mut mask)?);
    let PyBatch { batch, actions: steps, games: listed } = this;
    let (games_given, games) = (games, selection(games.is_some(), listed));
    let restarting = restart.is_some();
    let result = py.detach(|| {
        if restarting {
            batch.step_restarting(games, steps, &restarts, winners, illegal)?;
        } else {
            batch.step(games, steps, winners, illegal)?;
        }
        observe(batch, None, planes, mask)
    });
    result.map_err(|error| action_refused(batch, actions, (None, games_given), error))?;
    Ok(out)
}
