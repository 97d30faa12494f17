//! The `Rules` class: the core's `Rules`, checked when made and frozen, and the one place where
//! a constructor's `rules=` or its older keywords (`n, k, cols, exact, gravity`) become rules.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tictactoe_core::{Error, Rules};

use crate::convert;
use crate::errors::{GameError, Given};

/// The rules of a game of the k-in-a-row family: a rows x cols board, k in a row to win,
/// whether only exactly k wins, whether marks fall (gravity). Checked by the core when made;
/// immutable and hashable; `str()` is the rules part of the game's text form.
#[pyclass(name = "Rules", module = "tictactoe", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyRules(pub(crate) Rules);

/// Index maps, a row each: [`PyRules::symmetry_maps`]'s.
type IndexMaps<'py> = Bound<'py, PyArray2<i64>>;

/// The rules `n, k, cols, exact, gravity` describe, checked by the core: `n` rows of `cols`
/// (default `n`), k in a row (default the longer side). With `n` alone, LeetCode 348's n x n
/// game, whose refusal the core names by n alone (`ValueError`, kind `invalid_size`), as
/// `TicTacToe(n)`'s always has; other rules no game has are the core's `invalid_rules`. The
/// numbers in a refusal are the caller's.
pub(crate) fn checked(
    n: &Bound<'_, PyAny>,
    k: Option<&Bound<'_, PyAny>>,
    cols: Option<&Bound<'_, PyAny>>,
    exact: bool,
    gravity: bool,
) -> PyResult<Rules> {
    let rows = convert::index(n)?;
    let width = cols.map_or(Ok(rows), convert::index)?;
    let wins = k.map_or(Ok(Rules::default_k(rows, width)), convert::index)?;
    let rules = Rules { rows, cols: width, k: wins, exact, gravity };
    match rules.check() {
        Ok(()) => Ok(rules),
        Err(error) => Err(GameError::new(error, Given::board(n, k, cols)?).into()),
    }
}

/// What a constructor was given for its rules: `rules=`, or the older keywords (each `None`
/// when not given; `exact` and `gravity` too, so that `exact=False` beside `rules=` is refused
/// rather than silently ignored).
pub(crate) struct Asked<'a, 'py> {
    pub(crate) rules: Option<PyRules>,
    pub(crate) n: Option<&'a Bound<'py, PyAny>>,
    pub(crate) k: Option<&'a Bound<'py, PyAny>>,
    pub(crate) cols: Option<&'a Bound<'py, PyAny>>,
    pub(crate) exact: Option<bool>,
    pub(crate) gravity: Option<bool>,
}

impl Asked<'_, '_> {
    /// `rules=` when it was given (`None` when not), or `TypeError` when an older keyword was
    /// given beside it.
    pub(crate) fn given_rules(&self) -> PyResult<Option<Rules>> {
        let Some(rules) = self.rules else {
            return Ok(None);
        };
        let keywords = [
            ("n", self.n.is_some()),
            ("k", self.k.is_some()),
            ("cols", self.cols.is_some()),
            ("exact", self.exact.is_some()),
            ("gravity", self.gravity.is_some()),
        ];
        let given: Vec<&str> =
            keywords.iter().filter(|(_, given)| *given).map(|(name, _)| *name).collect();
        if given.is_empty() {
            return Ok(Some(rules.0));
        }
        Err(PyTypeError::new_err(format!(
            "give rules= or the keywords n, k, cols, exact and gravity, not both (given: rules \
             and {})",
            given.join(", ")
        )))
    }

    /// The rules asked for: `rules=` as given, or those of the keywords (`n` defaulting to
    /// `default_n`; without one, n or `rules=` is required), checked as [`checked`] checks
    /// them. `TypeError` for both, or for neither.
    pub(crate) fn rules(self, default_n: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
        if let Some(rules) = self.given_rules()? {
            return Ok(rules);
        }
        let Some(n) = self.n.or(default_n) else {
            return Err(PyTypeError::new_err(
                "missing the rules: give n (the board's side, or its rows with cols=) or \
                 rules=tictactoe.Rules(...)",
            ));
        };
        checked(n, self.k, self.cols, self.exact.unwrap_or(false), self.gravity.unwrap_or(false))
    }
}

#[pymethods]
impl PyRules {
    /// Rules of `rows` rows of `cols` (default `rows`), k in a row (default the longer side);
    /// `exact`: a run longer than k does not win; `gravity`: a mark sits on the bottom row or on
    /// a mark. Bad rules raise what a game of them would (`ValueError`, the core's message).
    #[new]
    #[pyo3(signature = (rows, *, cols = None, k = None, exact = false, gravity = false))]
    fn new(
        rows: &Bound<'_, PyAny>,
        cols: Option<&Bound<'_, PyAny>>,
        k: Option<&Bound<'_, PyAny>>,
        exact: bool,
        gravity: bool,
    ) -> PyResult<Self> {
        Ok(PyRules(checked(rows, k, cols, exact, gravity)?))
    }

    /// Connect Four: 6 rows, 7 columns, four in a row, gravity.
    #[classattr]
    #[pyo3(name = "CONNECT_FOUR")]
    fn connect_four() -> PyRules {
        PyRules(Rules::CONNECT_FOUR)
    }

    /// Free-style gomoku: 15 x 15, five or more in a row (`Rules(15, k=5, exact=True)`: exactly
    /// five).
    #[classattr]
    #[pyo3(name = "GOMOKU")]
    fn gomoku() -> PyRules {
        PyRules(Rules::GOMOKU)
    }

    /// LeetCode 348's game: n x n, n in a row (what `TicTacToe(n)` plays); equal to `Rules(n)`.
    #[staticmethod]
    fn tic_tac_toe(n: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRules(checked(n, None, None, false, false)?))
    }

    /// The number of rows.
    #[getter]
    fn rows(&self) -> usize {
        self.0.rows
    }

    /// The number of columns.
    #[getter]
    fn cols(&self) -> usize {
        self.0.cols
    }

    /// The marks in a row that win.
    #[getter]
    fn k(&self) -> usize {
        self.0.k
    }

    /// Whether only a run of exactly k wins (a longer one does not).
    #[getter]
    fn exact(&self) -> bool {
        self.0.exact
    }

    /// Whether a mark sits on the bottom row or on another mark (Connect Four).
    #[getter]
    fn gravity(&self) -> bool {
        self.0.gravity
    }

    /// The symmetries these rules keep, the identity first (eight on a square board, four on
    /// a rectangle, the left-right mirror alone under gravity), as the index maps a learner
    /// augments its positions with: `(cells, actions)`, int64 arrays of shape (count, rows *
    /// cols) and (count, actions). Row s gathers the image under symmetry s: a cell's flags
    /// `original[..., cells[s]]` (each of a batch's observation planes, flattened), a policy
    /// over actions `original[..., actions[s]]`.
    fn symmetry_maps<'py>(&self, py: Python<'py>) -> PyResult<(IndexMaps<'py>, IndexMaps<'py>)> {
        let rules = self.0;
        let symmetries = rules.symmetries();
        let (count, cells, actions) = (symmetries.len(), rules.cells(), rules.actions());
        // One buffer a map, reserved fallibly: a board of millions of cells asks for gigabytes.
        let buffer = |len: usize| {
            let mut maps = Vec::new();
            let failed = |_| PyErr::from(GameError::from(Error::AllocFailed));
            maps.try_reserve_exact(count.saturating_mul(len)).map_err(failed)?;
            maps.resize(count * len, 0i64);
            Ok::<_, PyErr>(maps)
        };
        let (mut cell_maps, mut action_maps) = (buffer(cells)?, buffer(actions)?);
        let rows = cell_maps.chunks_exact_mut(cells).zip(action_maps.chunks_exact_mut(actions));
        for ((cell_row, action_row), symmetry) in rows.zip(symmetries) {
            symmetry.gather_maps(&rules, cell_row, action_row);
        }
        let array = |maps: Vec<i64>, len: usize| PyArray1::from_vec(py, maps).reshape([count, len]);
        Ok((array(cell_maps, cells)?, array(action_maps, actions)?))
    }

    /// The rules part of the game's text form: 'n=3', or 'rows=6 cols=7 k=4 gravity'.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// The call that makes these rules, with only what differs from the defaults.
    fn __repr__(&self) -> String {
        let Rules { rows, cols, k, exact, gravity } = self.0;
        let mut text = format!("Rules({rows}");
        if cols != rows {
            text += &format!(", cols={cols}");
        }
        if k != Rules::default_k(rows, cols) {
            text += &format!(", k={k}");
        }
        for (on, name) in [(exact, "exact"), (gravity, "gravity")] {
            if on {
                text += &format!(", {name}=True");
            }
        }
        text + ")"
    }

    /// Immutable: a copy is the same object.
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyDict>) -> PyRef<'py, Self> {
        slf
    }

    /// Pickles as the constructor's call (`copyreg.__newobj_ex__`, which passes the keywords
    /// under every protocol), so that unpickled rules are checked again.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let Rules { rows, cols, k, exact, gravity } = slf.get().0;
        let keywords = PyDict::new(py);
        keywords.set_item("cols", cols)?;
        keywords.set_item("k", k)?;
        keywords.set_item("exact", exact)?;
        keywords.set_item("gravity", gravity)?;
        let new = py.import("copyreg")?.getattr("__newobj_ex__")?;
        let args = (slf.get_type(), (rows,), keywords);
        Ok((new, args.into_pyobject(py)?))
    }
}
