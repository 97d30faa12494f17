//! A board as Python callers hold one, read for `TicTacToe.from_board` and `is_valid_board`:
//! rows of characters ('X', 'O', ' ' or '.'), or numbers 0 (empty), 1 (X) and 2 (O) as Kaggle,
//! OpenSpiel and most tools keep them: a 2-D array, rows of lists, or a flat list with the
//! number of columns.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tictactoe_core::{validate_cells, validate_rows, Error, Game, Limits, PositionError, Rules};

use crate::convert;
use crate::errors::{GameError, Given};
use crate::rules::Asked;

/// A board read from Python: its rows of characters, or its cell codes row by row with its
/// number of rows and columns.
pub(crate) enum Board {
    Rows(Vec<String>),
    Cells { rows: usize, cols: usize, cells: Vec<u8> },
}

/// What a board of numbers may not be, as a `TypeError`'s text.
const EXPECTED: &str = "rows must be strings of 'X', 'O', ' ' or '.', or numbers 0 (empty), \
                        1 (X) and 2 (O): a 2-D array, rows of lists, or a flat list with cols";

impl Board {
    /// Reads `value`; `cols` says how many columns a flat list of numbers has (`cols=`, or the
    /// columns of `rules=`).
    ///
    /// # Errors
    /// `TypeError` for a string or values neither strings nor integers; `ValueError` for a
    /// shape that is not a board; `InvalidPositionError` (reason `invalid_cell`) naming the
    /// first number that is not a cell code, as given.
    pub(crate) fn read(value: &Bound<'_, PyAny>, cols: Option<usize>) -> PyResult<Board> {
        if value.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("rows must be a sequence of rows, not a string"));
        }
        if let Ok(rows) = value.extract::<Vec<String>>() {
            return Ok(Board::Rows(rows));
        }
        let numpy = value.py().import("numpy")?;
        let array =
            numpy.call_method1("asarray", (value,)).map_err(|_| PyTypeError::new_err(EXPECTED))?;
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        if !matches!(kind.as_str(), "i" | "u" | "b") {
            return Err(PyTypeError::new_err(format!("{EXPECTED}, not {value}")));
        }
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        let (rows, width) = match (shape.as_slice(), cols) {
            (&[rows, width], None) => (rows, width),
            (&[rows, width], Some(cols)) if cols == width => (rows, width),
            (&[_, width], Some(cols)) => {
                return Err(PyValueError::new_err(format!(
                    "the board's rows have {width} cells, but cols is {cols}"
                )))
            }
            (&[len], Some(cols)) if cols > 0 && len % cols == 0 => (len / cols, cols),
            (&[len], Some(cols)) => {
                return Err(PyValueError::new_err(format!(
                    "{len} cells do not fill rows of {cols}"
                )))
            }
            (&[len], None) => {
                return Err(PyValueError::new_err(format!(
                    "a flat board of {len} cells needs cols= (or rules=) to know its rows"
                )))
            }
            (dims, _) => {
                return Err(PyValueError::new_err(format!(
                    "a board of numbers has 1 or 2 dimensions, not {}",
                    dims.len()
                )))
            }
        };
        let values: Vec<Bound<'_, PyAny>> =
            array.call_method0("ravel")?.call_method0("tolist")?.extract()?;
        let mut cells = Vec::new();
        cells.try_reserve_exact(values.len()).map_err(|_| GameError::from(Error::AllocFailed))?;
        for (index, value) in values.iter().enumerate() {
            // Integers past i64 are named as the nearest one: they are far from any code.
            let number =
                value.extract::<i64>().unwrap_or(if value.lt(0)? { i64::MIN } else { i64::MAX });
            match u8::try_from(number) {
                // Codes above 2 the core names itself.
                Ok(code) => cells.push(code),
                // A number no byte holds, which the core cannot be given: named here, as the
                // core names a code.
                Err(_) => {
                    let (row, col) = (index / width.max(1), index % width.max(1));
                    let reason = PositionError::InvalidCell { row, col, value: number };
                    return Err(GameError::from(Error::InvalidPosition(reason)).into());
                }
            }
        }
        Ok(Board::Cells { rows, cols: width, cells })
    }

    /// The board's rules: `rules=` as given, or with `k`, `exact` or `gravity` its rows and
    /// columns (rows of text: from the first row; the rows are checked against them when read),
    /// k in a row (default the longer side). Without any, LeetCode 348's n x n board of as
    /// many rows as given.
    pub(crate) fn rules(&self, asked: &Asked<'_, '_>) -> PyResult<Rules> {
        if let Some(rules) = asked.given_rules()? {
            return Ok(rules);
        }
        let shape = match self {
            Board::Rows(rows) => Rules::of_rows(rows, 0),
            Board::Cells { rows, cols, .. } => Rules::mnk(*rows, *cols, 0),
        };
        let (exact, gravity) = (asked.exact.unwrap_or(false), asked.gravity.unwrap_or(false));
        if asked.k.is_none() && !exact && !gravity {
            return Ok(Rules::tic_tac_toe(shape.rows));
        }
        let k = asked.k.map_or(Ok(Rules::default_k(shape.rows, shape.cols)), convert::index)?;
        Ok(Rules { k, exact, gravity, ..shape })
    }

    /// The game at this position under `rules`, within `limits`.
    pub(crate) fn game(&self, limits: Limits, rules: Rules, given: Given) -> PyResult<Game> {
        let game = match self {
            Board::Rows(rows) => limits.game_from_rows(rules, rows),
            Board::Cells { cells, .. } => limits.game_from_cells(rules, cells),
        };
        game.map_err(|error| GameError::new(error, given).into())
    }

    /// Whether the position is reachable under `rules`, as the core answers.
    pub(crate) fn validate(&self, rules: Rules) -> Result<(), Error> {
        match self {
            Board::Rows(rows) => validate_rows(rules, rows),
            Board::Cells { cells, .. } => validate_cells(rules, cells),
        }
    }
}
