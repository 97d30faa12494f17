//! Python values into the core's numbers, and batches of moves out of sequences or buffers.
//!
//! No rule is decided here: an integer out of a Rust type's range is saturated into a value the
//! core refuses for the same reason (a coordinate of `usize::MAX` is out of bounds on any
//! board, a player of 0 is invalid), so the core's order of checks still decides which error
//! the caller gets.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyString};
use tictactoe_core::{Game, Limits, ListError, Player};

use crate::buffer::{IntegerRows, SHAPE_ERROR};

/// An integer as a row, column or size: out-of-range values (negative, or beyond 64 bits)
/// become `usize::MAX`. `TypeError` for what is not an integer.
#[inline]
pub(crate) fn index(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    match exact_int(value) {
        Some(number) => Ok(usize::try_from(number).unwrap_or(usize::MAX)),
        None => saturate(value, value.extract::<usize>(), usize::MAX),
    }
}

/// An integer as a number of games: negative values become 0 (fewer than one, which the core
/// refuses as such), values beyond 64 bits `usize::MAX` (more than memory holds).
pub(crate) fn count(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    match exact_int(value) {
        Some(number) => Ok(usize::try_from(number.max(0)).unwrap_or(usize::MAX)),
        None if value.lt(0)? => Ok(0),
        None => saturate(value, value.extract::<usize>(), usize::MAX),
    }
}

/// An integer as a generator seed: its low 64 bits (any integer seeds, negative or wide, as
/// `Batch` documents). `TypeError` for what is not an integer.
pub(crate) fn seed(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    let number = value.py().import("operator")?.call_method1("index", (value,))?;
    number.call_method1("__and__", (u64::MAX,))?.extract::<u64>()
}

/// A `max_bytes` keyword as limits: `None` for no limit, a number of bytes (beyond what `usize`
/// holds: a limit no game reaches), or `ValueError` for a negative one.
pub(crate) fn limits(max_bytes: Option<i128>) -> PyResult<Limits> {
    match max_bytes {
        None => Ok(Limits::NONE),
        Some(max) if max < 0 => Err(PyValueError::new_err(format!(
            "max_bytes must be at least 0 (or None for no limit), not {max}"
        ))),
        Some(max) => Ok(Limits { max_bytes: usize::try_from(max).unwrap_or(usize::MAX) }),
    }
}

/// A number of threads as an argument gives it: an integer of at least 1 (one beyond what
/// `usize` holds is as many as it holds: the core caps them at its pool's). `ValueError` below
/// 1, `TypeError` for what is not an integer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Threads(pub(crate) usize);

impl Threads {
    /// The default: the calling thread alone.
    pub(crate) const ONE: Threads = Threads(1);
}

impl<'py> FromPyObject<'_, 'py> for Threads {
    type Error = PyErr;

    fn extract(value: Borrowed<'_, 'py, PyAny>) -> PyResult<Threads> {
        let number = value.py().import("operator")?.call_method1("index", (value,))?;
        if number.lt(1)? {
            return Err(PyValueError::new_err(format!("threads must be at least 1, not {number}")));
        }
        Ok(Threads(number.extract::<usize>().unwrap_or(usize::MAX)))
    }
}

/// An integer as a player number: out-of-range values become 0.
#[inline]
pub(crate) fn player(value: &Bound<'_, PyAny>) -> PyResult<u32> {
    match exact_int(value) {
        Some(number) => Ok(u32::try_from(number).unwrap_or(0)),
        None => saturate(value, value.extract::<u32>(), 0),
    }
}

/// The value of a plain `int` that fits in 64 bits, read directly: the common case of every
/// move, where pyo3's general extraction (through `__index__`, which the stable ABI needs for
/// any other type) cost more than the move. `None` for anything else (a subclass, a numpy
/// integer, a bool, an `int` beyond 64 bits), which takes the general path.
#[inline]
fn exact_int(value: &Bound<'_, PyAny>) -> Option<i64> {
    let object = value.as_ptr();
    // SAFETY: `object` is a live object and the GIL is held (we have a `Bound`). An exact int
    // is read without any conversion; on overflow the error it sets is cleared at once.
    unsafe {
        if ffi::Py_TYPE(object) != core::ptr::addr_of_mut!(ffi::PyLong_Type) {
            return None;
        }
        let number = ffi::PyLong_AsLongLong(object);
        if number == -1 && !ffi::PyErr_Occurred().is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        Some(number)
    }
}

fn saturate<T>(value: &Bound<'_, PyAny>, extracted: PyResult<T>, outside: T) -> PyResult<T> {
    match extracted {
        Ok(number) => Ok(number),
        Err(err) if err.is_instance_of::<PyOverflowError>(value.py()) => Ok(outside),
        Err(err) => Err(err),
    }
}

/// A buffer integer as a row or column (saturated as [`index`] does).
fn buffer_index(value: i128) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

/// A buffer integer as a player (saturated as [`player`] does).
fn buffer_player(value: i128) -> u32 {
    u32::try_from(value).unwrap_or(0)
}

/// A batch of moves, read before anything is applied so that a `TypeError` changes nothing.
pub(crate) enum Batch<'py> {
    /// Moves from a sequence or iterable: converted, and the items kept for error messages.
    Items(Vec<(usize, usize, u32)>, Vec<Bound<'py, PyAny>>),
    /// A (k, 3) integer buffer, read in place while the moves are made.
    Buffer(IntegerRows),
}

impl<'py> Batch<'py> {
    /// Reads `moves`: an object with the buffer protocol holding a (k, 3) array of integers,
    /// or any iterable of 3-item sequences of integers.
    pub(crate) fn new(moves: &Bound<'py, PyAny>) -> PyResult<Batch<'py>> {
        if moves.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(SHAPE_ERROR));
        }
        if let Some(rows) = IntegerRows::new(moves)? {
            return Ok(Batch::Buffer(rows));
        }
        Self::items(moves.try_iter()?)
    }

    fn items(iter: Bound<'py, PyIterator>) -> PyResult<Batch<'py>> {
        let mut moves = Vec::new();
        let mut items = Vec::new();
        for item in iter {
            let item = item?;
            if item.is_instance_of::<PyString>() || item.len().ok() != Some(3) {
                return Err(PyTypeError::new_err(SHAPE_ERROR));
            }
            let (row, col) = (index(&item.get_item(0)?)?, index(&item.get_item(1)?)?);
            moves.push((row, col, player(&item.get_item(2)?)?));
            items.push(item);
        }
        Ok(Batch::Items(moves, items))
    }

    /// The number of moves.
    pub(crate) fn len(&self) -> usize {
        match self {
            Batch::Items(moves, _) => moves.len(),
            Batch::Buffer(rows) => rows.len(),
        }
    }

    /// Makes the moves on `game` with the core's `move_all` (all or nothing). Pure Rust: no
    /// Python code runs while the moves are read.
    pub(crate) fn apply(&self, game: &mut Game) -> Result<Option<Player>, ListError> {
        match self {
            Batch::Items(moves, _) => game.move_all(moves.iter().copied()),
            Batch::Buffer(rows) => game.move_all((0..rows.len()).map(|i| {
                (
                    buffer_index(rows.get(i, 0)),
                    buffer_index(rows.get(i, 1)),
                    buffer_player(rows.get(i, 2)),
                )
            })),
        }
    }

    /// The move at `index` as the caller wrote it: (row, col, player) as Python objects.
    pub(crate) fn given(&self, py: Python<'py>, index: usize) -> PyResult<[Py<PyAny>; 3]> {
        let number = |value: i128| -> PyResult<Py<PyAny>> {
            Ok(value.into_pyobject(py)?.into_any().unbind())
        };
        match self {
            Batch::Items(_, items) => {
                let item = &items[index];
                Ok([
                    item.get_item(0)?.unbind(),
                    item.get_item(1)?.unbind(),
                    item.get_item(2)?.unbind(),
                ])
            }
            Batch::Buffer(rows) => Ok([
                number(rows.get(index, 0))?,
                number(rows.get(index, 1))?,
                number(rows.get(index, 2))?,
            ]),
        }
    }
}
