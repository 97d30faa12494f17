//! The computer player for every game of a batch: a perfect 3 x 3 opponent from a table, the
//! search's action per game (a game a thread), and the seeds its searches take.

use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tictactoe_core::Error;
use tictactoe_parallel::POOL;
use tictactoe_search::{search_seed, Computer, Options};

use super::PyBatch;
use crate::arrays::{actions_output, read_games, read_integers, write_actions};
use crate::convert;
use crate::errors::GameError;
use crate::search;

/// `Batch.perfect_actions`.
pub(super) fn perfect_actions<'py>(
    this: &mut PyBatch,
    py: Python<'py>,
    out: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let count = this.batch.count();
    let out = actions_output(py, out, count)?;
    let table = search::perfect_table(this.batch.rules())?;
    this.actions.resize(count, 0);
    table.actions(this.batch.games(), &mut this.actions).map_err(search::search_error)?;
    write_actions(&out, &this.actions)?;
    Ok(out)
}

/// `Batch.computer_actions`.
pub(super) fn actions<'py>(
    this: &mut PyBatch,
    py: Python<'py>,
    simulations: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seeds: Option<&Bound<'py, PyAny>>,
    out: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if seed.is_some_and(|seed| !seed.is_none()) && seeds.is_some() {
        return Err(PyValueError::new_err("give seed or seeds, not both"));
    }
    // The fast opponent: solving only near the end, within the small budget; no book.
    let given = search::options(simulations, seed, None)?;
    let options = Options::opponent(given.simulations, given.seed);
    match games {
        Some(games) => read_games(games, &mut this.games)?,
        None => {
            this.games.clear();
            this.games.extend(0..this.batch.count());
        }
    }
    let listed = this.games.as_slice();
    let seeds = match seeds {
        // As best_move's seed: a non-negative integer below 2^64 (None is no seed here).
        Some(seeds) => seeds
            .try_iter()?
            .enumerate()
            .map(|(i, seed)| {
                let (seed, name) = (seed?, format!("seeds[{i}]"));
                if seed.is_none() {
                    return Err(PyTypeError::new_err(format!(
                        "{name} must be an integer below 2**64, not None"
                    )));
                }
                search::non_negative(Some(&seed), &name, 0)
            })
            .collect::<PyResult<Vec<u64>>>()?,
        None => listed.iter().map(|&g| search_seed(options.seed, g)).collect(),
    };
    // Checked before the games are cut between threads, and before any search.
    if seeds.len() != listed.len() {
        let error = Error::LengthMismatch { len: seeds.len(), expected: listed.len() };
        return Err(GameError::from(error).into());
    }
    let view = this.batch.games();
    view.check_listed(listed).map_err(GameError::from)?;
    let out = actions_output(py, out, listed.len())?;
    this.actions.resize(listed.len(), 0);
    // A search takes milliseconds: a game a thread is worth it. Each game's action
    // depends on its seed alone, so that any cut gives the same actions.
    let part = listed.len().div_ceil(this.batch.threads()).max(1);
    let work: Vec<_> =
        listed.chunks(part).zip(seeds.chunks(part)).zip(this.actions.chunks_mut(part)).collect();
    let done = py.detach(|| {
        POOL.map(work, |((listed, seeds), part)| {
            Computer::with_this_thread(|computer| {
                computer.actions_of(view, listed, seeds, &options, part)
            })
        })
    });
    done.into_iter().collect::<Result<(), _>>().map_err(search::search_error)?;
    write_actions(&out, &this.actions)?;
    Ok(out)
}

/// `Batch._search_seeds`.
pub(super) fn search_seeds<'py>(
    seeds: &Bound<'py, PyAny>,
    keys: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let mut mixed =
        seeds.try_iter()?.map(|seed| convert::seed(&seed?)).collect::<PyResult<Vec<u64>>>()?;
    let mut key: Vec<usize> = Vec::new();
    for keys in keys {
        read_integers(&keys, "keys", &mut key)?;
        if key.len() != mixed.len() {
            let error = Error::LengthMismatch { len: key.len(), expected: mixed.len() };
            return Err(GameError::from(error).into());
        }
        for (seed, &key) in mixed.iter_mut().zip(&key) {
            *seed = search_seed(*seed, key);
        }
    }
    Ok(PyArray1::from_vec(seeds.py(), mixed))
}
