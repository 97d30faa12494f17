//! A batch call's refusals as Python sees them: the core's error as its exception, with the
//! entry it names (`.index`) and the value that was given.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyInt;
use tictactoe_core::{Batch, Error, Illegal, ListError};

use crate::errors::{GameError, Given};

/// A step's refusal as Python sees it: the exception of the core's error, with `.index` (the
/// position in the call's lists) unless it is about a list's length.
pub(super) fn step_error(error: ListError, given: Given) -> PyErr {
    let exception = GameError::new(error.error, given);
    match error.index {
        Some(index) => exception.at(index).into(),
        None => exception.into(),
    }
}

/// A refusal of a call that lists `games` (none: every game): one about an entry of that list
/// (an index out of the batch, a game given twice) names it as `games[index]`, with the index
/// as the caller wrote it (the batch reads -1 as a number past every game); any other as a
/// step's.
pub(super) fn games_refused(games: Option<&Bound<'_, PyAny>>, error: ListError) -> PyErr {
    let about_games = matches!(error.error, Error::GameIndex { .. } | Error::RepeatedGame { .. });
    match (games, error.index) {
        (Some(games), Some(index)) if about_games => {
            let given =
                Given { game: games.get_item(index).ok().map(Bound::unbind), ..Given::default() };
            GameError::new(error.error, given).at(index).in_list("games").into()
        }
        _ => step_error(error, Given::default()),
    }
}

/// The policy for an illegal action a step's `illegal` names.
pub(super) fn illegal_policy(illegal: &str) -> PyResult<Illegal> {
    match illegal {
        "raise" => Ok(Illegal::Refuse),
        "lose" => Ok(Illegal::Lose),
        other => {
            Err(PyValueError::new_err(format!("illegal must be 'raise' or 'lose', not {other:?}")))
        }
    }
}

/// A refusal of one of the caller's `players` (an argument named `list`: 1 or 2 a game), with
/// the value as the caller wrote it (the batch reads values past 255 as 255).
pub(super) fn player_refused(
    players: &Bound<'_, PyAny>,
    list: &'static str,
    error: ListError,
) -> PyErr {
    let given = Given {
        player: error.index.and_then(|index| players.get_item(index).ok()).map(Bound::unbind),
        ..Given::default()
    };
    let exception = GameError::new(error.error, given);
    match error.index {
        Some(index) => exception.at(index).in_list(list).into(),
        None => exception.into(),
    }
}

/// A step's refusal of one of the caller's `actions`, with the action as the cell it names, so
/// that messages show what was given; or with `sides` (a learner's side a game), of a side;
/// or of an entry of `games` ([`games_refused`]).
pub(super) fn action_refused(
    batch: &Batch,
    actions: &Bound<'_, PyAny>,
    (sides, games): (Option<&Bound<'_, PyAny>>, Option<&Bound<'_, PyAny>>),
    error: ListError,
) -> PyErr {
    match (error.error, sides) {
        (Error::InvalidPlayer { .. }, Some(sides)) => return player_refused(sides, "sides", error),
        (Error::GameIndex { .. } | Error::RepeatedGame { .. }, _) => {
            return games_refused(games, error)
        }
        _ => {}
    }
    let py = actions.py();
    let given = error
        .index
        .and_then(|index| actions.get_item(index).and_then(|a| a.extract::<i64>()).ok())
        .map(|a| {
            let (row, col) = batch.action_cell(a);
            Given {
                row: Some(PyInt::new(py, row).into_any().unbind()),
                col: Some(PyInt::new(py, col).into_any().unbind()),
                ..Given::default()
            }
        })
        .unwrap_or_default();
    step_error(error, given)
}
