//! numpy arrays in and out of a batch call: integer sequences read in place, caller-given output
//! arrays checked (dtype, shape, C order) or new ones made, and their data borrowed as slices.

use numpy::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyReadwriteArrayDyn, PyUntypedArray};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tictactoe_core::{Error, NO_ACTION};

use crate::convert;
use crate::errors::GameError;

/// `values` as a numpy array, `None` when it is not one; `ValueError` for an array of another
/// number of dimensions than one.
fn one_dimensional<'a, 'py>(
    values: &'a Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Option<&'a Bound<'py, PyUntypedArray>>> {
    let Ok(array) = values.cast::<PyUntypedArray>() else {
        return Ok(None);
    };
    if array.ndim() != 1 {
        return Err(PyValueError::new_err(format!(
            "{what} must be one-dimensional, not of shape {:?}",
            array.shape()
        )));
    }
    Ok(Some(array))
}

/// An integer type values are read into: a value out of its range becomes `REFUSED`, which
/// every check refuses (an action, game index or player nothing has).
pub(crate) trait Integer: Copy + TryFrom<i64> + TryFrom<usize> {
    const REFUSED: Self;

    fn saturated(value: impl TryInto<Self>) -> Self {
        value.try_into().unwrap_or(Self::REFUSED)
    }
}

impl Integer for u8 {
    const REFUSED: u8 = u8::MAX;
}

impl Integer for u32 {
    const REFUSED: u32 = u32::MAX;
}

impl Integer for usize {
    const REFUSED: usize = usize::MAX;
}

impl Integer for i64 {
    const REFUSED: i64 = i64::MAX;
}

/// A 1-D sequence of integers into `out`, each out of `T`'s range (negative included) saturated
/// to `T::REFUSED`: an integer numpy array of any dtype, read in place when it is int64 or
/// uint8, or any sequence of integers. `TypeError` for other dtypes or items, `ValueError` for
/// another number of dimensions.
pub(crate) fn read_integers<T: Integer>(
    values: &Bound<'_, PyAny>,
    what: &str,
    out: &mut Vec<T>,
) -> PyResult<()> {
    out.clear();
    if let Some(array) = one_dimensional(values, what)? {
        if !matches!(array.dtype().kind(), b'i' | b'u') {
            return Err(PyTypeError::new_err(format!("{what} must hold integers")));
        }
        if let Ok(bytes) = values.cast::<PyArray1<u8>>() {
            let bytes = bytes.readonly();
            match bytes.as_slice() {
                Ok(slice) => out.extend(slice.iter().map(|&v| T::saturated(i64::from(v)))),
                Err(_) => out.extend(bytes.as_array().iter().map(|&v| T::saturated(i64::from(v)))),
            }
            return Ok(());
        }
        let wide;
        let array = match values.cast::<PyArray1<i64>>() {
            Ok(array) => array,
            Err(_) => {
                wide = array.call_method1("astype", ("int64",))?.cast_into::<PyArray1<i64>>()?;
                &wide
            }
        };
        let array = array.readonly();
        match array.as_slice() {
            Ok(slice) => out.extend(slice.iter().map(|&v| T::saturated(v))),
            Err(_) => out.extend(array.as_array().iter().map(|&v| T::saturated(v))),
        }
        return Ok(());
    }
    if values.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!("{what} must be integers, not a string")));
    }
    for item in values.try_iter()? {
        out.push(T::saturated(convert::index(&item?)?));
    }
    Ok(())
}

/// Players' numbers (1 or 2), read as `read_integers` reads them.
pub(crate) fn read_players(values: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    let mut players = Vec::new();
    read_integers(values, what, &mut players)?;
    Ok(players)
}

/// A 1-D sequence of flags: a bool numpy array, read in place, or any sequence of bools.
/// `TypeError` for an array of another dtype or other items, `ValueError` for another number
/// of dimensions.
pub(crate) fn read_flags(
    values: &Bound<'_, PyAny>,
    what: &str,
    out: &mut Vec<bool>,
) -> PyResult<()> {
    out.clear();
    if one_dimensional(values, what)?.is_some() {
        let array = values
            .cast::<PyArray1<bool>>()
            .map_err(|_| PyTypeError::new_err(format!("{what} must be a bool array")))?;
        out.extend(array.readonly().as_array().iter());
        return Ok(());
    }
    for item in values.try_iter()? {
        out.push(
            item?
                .extract::<bool>()
                .map_err(|_| PyTypeError::new_err(format!("{what} must hold bools")))?,
        );
    }
    Ok(())
}

/// A caller-given output array of `T` with `shape`, writable and C-contiguous, or a new one.
pub(crate) fn output<'py, T: numpy::Element>(
    py: Python<'py>,
    out: Option<Bound<'py, PyAny>>,
    shape: &[usize],
    new: impl FnOnce() -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    match out {
        Some(out) => checked_output::<T>(py, out, "out", shape),
        None => Ok(new()),
    }
}

/// A caller's output array (the argument `what`), checked: of `T`, C-contiguous, of `shape`.
fn checked_output<'py, T: numpy::Element>(
    py: Python<'py>,
    out: Bound<'py, PyAny>,
    what: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let array = out.cast::<PyUntypedArray>().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a numpy array of shape {shape:?}"))
    })?;
    if !array.dtype().is_equiv_to(&numpy::dtype::<T>(py)) {
        return Err(PyTypeError::new_err(format!(
            "{what} must hold {}, not {}",
            numpy::dtype::<T>(py),
            array.dtype()
        )));
    }
    if array.shape() != shape || !array.is_c_contiguous() {
        return Err(PyValueError::new_err(format!(
            "{what} must be a C-contiguous array of shape {shape:?}, not {:?}",
            array.shape()
        )));
    }
    // One that cannot be written (read-only, or borrowed by the same call) is refused now,
    // before the call changes anything, not when its results are written.
    flat_readwrite::<T>(&out)
        .map_err(|error| PyValueError::new_err(format!("{what} cannot be written: {error}")))?;
    Ok(out)
}

/// A caller-given output array of `T` with `shape` (as `checked_output` checks it), borrowed
/// for writing; `None` when none is given.
pub(crate) fn given_output<'py, T: numpy::Element>(
    array: Option<Bound<'py, PyAny>>,
    what: &str,
    shape: &[usize],
) -> PyResult<Option<PyReadwriteArrayDyn<'py, T>>> {
    array
        .map(|array| flat_readwrite::<T>(&checked_output::<T>(array.py(), array, what, shape)?))
        .transpose()
}

/// Game indices as `read_integers` reads them, into `out` (one past any game when too large,
/// which every check refuses).
pub(crate) fn read_games(games: &Bound<'_, PyAny>, out: &mut Vec<usize>) -> PyResult<()> {
    read_integers(games, "games", out)
}

/// The int64 (count,) array actions go into: `out`, checked, or a new one.
pub(crate) fn actions_output<'py>(
    py: Python<'py>,
    out: Option<Bound<'py, PyAny>>,
    count: usize,
) -> PyResult<Bound<'py, PyAny>> {
    output::<i64>(py, out, &[count], || PyArray1::<i64>::zeros(py, count, false).into_any())
}

/// Copies actions into an array from [`actions_output`], `NO_ACTION` as -1.
pub(crate) fn write_actions(out: &Bound<'_, PyAny>, actions: &[u32]) -> PyResult<()> {
    write_into::<i64>(out, |slots| {
        python_actions(actions, slots);
        Ok(())
    })
}

/// Actions as Python sees them: `NO_ACTION` as -1.
pub(crate) fn python_actions(actions: &[u32], slots: &mut [i64]) {
    for (slot, &action) in slots.iter_mut().zip(actions) {
        *slot = if action == NO_ACTION { -1 } else { i64::from(action) };
    }
}

/// Runs `write` on the data of `array` (made by `output`: of `T`, C-contiguous), borrowed for
/// writing as rust-numpy checks it.
pub(crate) fn write_into<T: numpy::Element>(
    array: &Bound<'_, PyAny>,
    write: impl FnOnce(&mut [T]) -> Result<(), Error>,
) -> PyResult<()> {
    let mut data = flat_readwrite::<T>(array)?;
    let slice = data.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
    write(slice).map_err(|e| GameError::from(e).into())
}

/// An array from `output` (of `T`, C-contiguous, so its data is one slice), borrowed for
/// writing as rust-numpy checks it.
pub(crate) fn flat_readwrite<'py, T: numpy::Element>(
    array: &Bound<'py, PyAny>,
) -> PyResult<PyReadwriteArrayDyn<'py, T>> {
    let array = array.cast::<PyArrayDyn<T>>()?;
    array.try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A borrowed flat slice of an optional output, or `None`.
pub(crate) fn optional_slice<'a, T: numpy::Element>(
    data: &'a mut Option<PyReadwriteArrayDyn<'_, T>>,
) -> PyResult<Option<&'a mut [T]>> {
    data.as_mut()
        .map(|data| data.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string())))
        .transpose()
}
