//! The exception classes, and the one conversion from the core's refusals to them.

use pyo3::create_exception;
use pyo3::exceptions::{
    PyBaseException, PyIndexError, PyMemoryError, PyRuntimeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::BoundObject;
use tictactoe_core::{message, Error, ListError, ParseError as CoreParseError, ParseErrorKind};

create_exception!(
    tictactoe,
    InvalidMoveError,
    PyValueError,
    "A move the rules refuse. The game is unchanged. Like every exception the package raises for a refusal, it has .kind, the refusal's stable name ('out_of_bounds', ...), and .index, the refused entry's index in a call over a list (move_many, play_many, a batch step), None where the refusal names no entry (a single move, a list of the wrong length)."
);
create_exception!(
    tictactoe,
    OutOfBoundsError,
    InvalidMoveError,
    "The cell is outside the board (attributes: row, col; rows, cols; n, None for a board that is not square)."
);
create_exception!(
    tictactoe,
    FloatingMarkError,
    InvalidMoveError,
    "Under gravity, a move to a cell with a free cell below it (attributes: row, col; kind, 'floating')."
);
create_exception!(
    tictactoe,
    ColumnFullError,
    InvalidMoveError,
    "A drop into a column with no free cell (attributes: col; kind, 'column_full')."
);
create_exception!(
    tictactoe,
    InvalidPlayerError,
    InvalidMoveError,
    "The player is not 1 or 2 (attribute: player)."
);
create_exception!(
    tictactoe,
    CellOccupiedError,
    InvalidMoveError,
    "The cell is already taken (attributes: row, col, player: who holds it)."
);
create_exception!(
    tictactoe,
    GameOverError,
    InvalidMoveError,
    "Somebody has already won (attribute: winner)."
);
create_exception!(
    tictactoe,
    InvalidPositionError,
    PyValueError,
    "A board no legal game reaches (attribute: reason, e.g. 'bad_counts')."
);
create_exception!(
    tictactoe,
    ParseError,
    PyValueError,
    "Text that is not the text form of a game (attributes: offset; kind, 'parse_error')."
);

create_exception!(
    tictactoe,
    LimitExceededError,
    PyValueError,
    "Outside data (a text form) asks for a game above the memory limit; refused before anything was allocated (attributes: requested, limit: bytes; kind, 'limit_exceeded')."
);

create_exception!(
    tictactoe,
    BudgetExceededError,
    PyRuntimeError,
    "Solving would visit more positions than max_nodes allows; nothing was guessed (attributes: max_nodes; kind, 'budget_exceeded')."
);

create_exception!(
    tictactoe,
    BadEvaluationError,
    PyValueError,
    "A search's evaluator answered a value outside [-1, 1] or logits of no finite legal action; the batch and the trees are as they were (attributes: leaf, the answer's position; value, for a value; kind, 'bad_evaluation')."
);

/// Registers the exception classes in the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("OutOfBoundsError", py.get_type::<OutOfBoundsError>())?;
    m.add("FloatingMarkError", py.get_type::<FloatingMarkError>())?;
    m.add("ColumnFullError", py.get_type::<ColumnFullError>())?;
    m.add("InvalidPlayerError", py.get_type::<InvalidPlayerError>())?;
    m.add("CellOccupiedError", py.get_type::<CellOccupiedError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("InvalidPositionError", py.get_type::<InvalidPositionError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("BudgetExceededError", py.get_type::<BudgetExceededError>())?;
    m.add("LimitExceededError", py.get_type::<LimitExceededError>())?;
    m.add("BadEvaluationError", py.get_type::<BadEvaluationError>())?;
    Ok(())
}

/// The numbers as the caller wrote them: Python integers have no range, so the core's copies
/// (saturated into `usize` and `u32`) may differ, and messages must show the caller's. A
/// number left out is taken from the core's error.
#[derive(Default)]
pub(crate) struct Given {
    /// The size of a square board, or the rows of any board.
    pub(crate) n: Option<Py<PyAny>>,
    pub(crate) cols: Option<Py<PyAny>>,
    pub(crate) k: Option<Py<PyAny>>,
    pub(crate) row: Option<Py<PyAny>>,
    pub(crate) col: Option<Py<PyAny>>,
    pub(crate) player: Option<Py<PyAny>>,
    /// A game's index in a batch.
    pub(crate) game: Option<Py<PyAny>>,
}

impl Given {
    /// A cell's row and column (add a player with [`Given::player`]).
    pub(crate) fn cell(row: &Bound<'_, PyAny>, col: &Bound<'_, PyAny>) -> Given {
        Given {
            row: Some(row.clone().unbind()),
            col: Some(col.clone().unbind()),
            ..Given::default()
        }
    }

    /// A constructor's board as the caller gave it: its rows (or side) `n`, its columns
    /// (default `n`) and k (default the longer side).
    pub(crate) fn board(
        n: &Bound<'_, PyAny>,
        k: Option<&Bound<'_, PyAny>>,
        cols: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Given> {
        let cols = cols.unwrap_or(n);
        let k = match k {
            Some(k) => k,
            None if cols.gt(n)? => cols,
            None => n,
        };
        let given = |value: &Bound<'_, PyAny>| Some(value.clone().unbind());
        Ok(Given { n: given(n), cols: given(cols), k: given(k), ..Given::default() })
    }

    /// Adds the player.
    pub(crate) fn player(self, player: Py<PyAny>) -> Given {
        Given { player: Some(player), ..self }
    }
}

/// The caller's number if there is one, else the core's.
fn shown<'py>(
    py: Python<'py>,
    given: &Option<Py<PyAny>>,
    core: impl IntoPyObject<'py>,
) -> PyResult<Py<PyAny>> {
    match given {
        Some(value) => Ok(value.clone_ref(py)),
        None => Ok(core.into_pyobject(py).map_err(Into::into)?.into_any().unbind()),
    }
}

/// A refusal by the core, with what Python needs to report it.
pub(crate) struct GameError {
    error: Error,
    given: Given,
    /// The index of the refused entry in a call over a list; `None` when no entry is named.
    index: Option<usize>,
    /// The argument the refused entry is in, when it is not a list of moves.
    list: Option<&'static str>,
}

impl GameError {
    pub(crate) fn new(error: Error, given: Given) -> GameError {
        GameError { error, given, index: None, list: None }
    }

    pub(crate) fn at(self, index: usize) -> GameError {
        GameError { index: Some(index), ..self }
    }

    /// The refused entry is in the argument `list` (its message says `list[index]`, not
    /// `move index`).
    pub(crate) fn in_list(self, list: &'static str) -> GameError {
        GameError { list: Some(list), ..self }
    }

    fn into_py_err(self, py: Python<'_>) -> PyResult<PyErr> {
        let (error, given) = (self.error, self.given);
        let mut attributes: Vec<(&str, Py<PyAny>)> = Vec::new();
        let (class, text): (fn(String) -> PyErr, String) = match error {
            Error::InvalidSize { n } => {
                let n = shown(py, &given.n, n)?;
                let text = message::invalid_size(n.bind(py)).to_string();
                attributes.push(("n", n));
                (PyValueError::new_err, text)
            }
            Error::OutOfBounds { row, col, rows, cols } => {
                let (row, col) = (shown(py, &given.row, row)?, shown(py, &given.col, col)?);
                let text =
                    message::out_of_bounds(row.bind(py), col.bind(py), rows, cols).to_string();
                let n = (rows == cols).then_some(rows);
                attributes.extend([
                    ("row", row),
                    ("col", col),
                    ("n", shown(py, &None, n)?),
                    ("rows", shown(py, &None, rows)?),
                    ("cols", shown(py, &None, cols)?),
                ]);
                (OutOfBoundsError::new_err, text)
            }
            Error::InvalidPlayer { player } => {
                let player = shown(py, &given.player, player)?;
                let text = message::invalid_player(player.bind(py)).to_string();
                attributes.push(("player", player));
                (InvalidPlayerError::new_err, text)
            }
            Error::Occupied { row, col, by } => {
                attributes.push(("row", shown(py, &None, row)?));
                attributes.push(("col", shown(py, &None, col)?));
                attributes.push(("player", shown(py, &None, by.number())?));
                (CellOccupiedError::new_err, error.to_string())
            }
            Error::GameOver { winner } => {
                attributes.push(("winner", shown(py, &None, winner.number())?));
                (GameOverError::new_err, error.to_string())
            }
            Error::InvalidPosition(reason) => {
                attributes.push(("reason", shown(py, &None, reason.name())?));
                (InvalidPositionError::new_err, error.to_string())
            }
            Error::AllocFailed => (PyMemoryError::new_err, error.to_string()),
            Error::GameIndex { game, count } => {
                let game = shown(py, &given.game, game)?;
                let text = message::game_index(game.bind(py), count).to_string();
                attributes.extend([("game", game), ("count", shown(py, &None, count)?)]);
                (PyIndexError::new_err, text)
            }
            Error::NothingToUndo => (PyIndexError::new_err, error.to_string()),
            Error::LimitExceeded { requested, limit } => {
                attributes.push(("requested", shown(py, &None, requested)?));
                attributes.push(("limit", shown(py, &None, limit)?));
                (LimitExceededError::new_err, error.to_string())
            }
            Error::InvalidRules { rows: r, cols: c, k: wins } => {
                let rows = shown(py, &given.n, r)?;
                let cols = shown(py, &given.cols, c)?;
                let k = shown(py, &given.k, wins)?;
                let longer = message::longer_side(r, c);
                let text = message::invalid_rules(rows.bind(py), cols.bind(py), k.bind(py), longer)
                    .to_string();
                attributes.extend([("rows", rows), ("cols", cols), ("k", k)]);
                (PyValueError::new_err, text)
            }
            Error::Floating { row, col } => {
                attributes.push(("row", shown(py, &None, row)?));
                attributes.push(("col", shown(py, &None, col)?));
                (FloatingMarkError::new_err, error.to_string())
            }
            Error::ColumnFull { col } => {
                attributes.push(("col", shown(py, &None, col)?));
                (ColumnFullError::new_err, error.to_string())
            }
            Error::InvalidCount { .. }
            | Error::LengthMismatch { .. }
            | Error::RepeatedGame { .. } => (PyValueError::new_err, error.to_string()),
            // A kind the core added after this match (`Error` is non-exhaustive): a bug of this
            // package, which `every_core_kind_has_its_own_exception` catches before it ships.
            _ => (PyRuntimeError::new_err, error.to_string()),
        };
        attributes.push(("kind", shown(py, &None, error.kind().name())?));
        attributes.push(("index", shown(py, &None, self.index)?));
        let text = match (self.index, self.list) {
            (Some(index), Some(list)) => format!("{list}[{index}]: {text}"),
            (Some(index), None) => format!("move {index}: {text}"),
            (None, _) => text,
        };
        let err = class(text);
        for (name, value) in attributes {
            err.value(py).setattr(name, value)?;
        }
        Ok(err)
    }
}

impl From<Error> for GameError {
    fn from(error: Error) -> GameError {
        GameError::new(error, Given::default())
    }
}

/// A refusal of a call over a list, with the refused entry's index if it names one.
impl From<ListError> for GameError {
    fn from(error: ListError) -> GameError {
        GameError { index: error.index, ..GameError::from(error.error) }
    }
}

impl From<GameError> for PyErr {
    fn from(error: GameError) -> PyErr {
        Python::attach(|py| error.into_py_err(py).unwrap_or_else(|failure| failure))
    }
}

/// A text that could not be read back: `ParseError` for its syntax, else the exception of what
/// it describes (a bad size, position or move).
pub(crate) fn parse_error(error: CoreParseError) -> PyErr {
    let replayed = match error.kind {
        ParseErrorKind::Syntax { .. } => None,
        ParseErrorKind::Rejected(inner) => Some(GameError::from(inner)),
        ParseErrorKind::BadMove(refused) => Some(GameError::from(refused)),
    };
    match replayed {
        Some(game_error) => game_error.into(),
        None => with_data(ParseError::new_err(error.to_string()), error.name(), |value| {
            value.setattr("offset", error.offset)
        }),
    }
}

/// `err` with its data: `kind`, what `data` sets, and an `index` of None (a refusal that names
/// no entry of a list); or the failure to set them. The one way a refusal that is not a
/// [`GameError`] gets the attributes every refusal has.
pub(crate) fn with_data(
    err: PyErr,
    kind: &str,
    data: impl FnOnce(&Bound<'_, PyBaseException>) -> PyResult<()>,
) -> PyErr {
    Python::attach(|py| {
        let value = err.value(py);
        let set = data(value)
            .and_then(|()| value.setattr("kind", kind))
            .and_then(|()| value.setattr("index", py.None()));
        match set {
            Ok(()) => err,
            Err(failure) => failure,
        }
    })
}

#[cfg(test)]
mod tests {
    use tictactoe_core::{ErrorKind, Player, PositionError};

    use super::*;

    /// An error of `kind`, with data.
    fn sample(kind: ErrorKind) -> Error {
        match kind {
            ErrorKind::InvalidSize => Error::InvalidSize { n: 0 },
            ErrorKind::AllocFailed => Error::AllocFailed,
            ErrorKind::OutOfBounds => Error::OutOfBounds { row: 3, col: 0, rows: 3, cols: 3 },
            ErrorKind::InvalidPlayer => Error::InvalidPlayer { player: 3 },
            ErrorKind::Occupied => Error::Occupied { row: 1, col: 1, by: Player::X },
            ErrorKind::GameOver => Error::GameOver { winner: Player::O },
            ErrorKind::NothingToUndo => Error::NothingToUndo,
            ErrorKind::InvalidPosition => Error::InvalidPosition(PositionError::BothWin),
            ErrorKind::InvalidCount => Error::InvalidCount { count: 0 },
            ErrorKind::LengthMismatch => Error::LengthMismatch { len: 1, expected: 2 },
            ErrorKind::GameIndex => Error::GameIndex { game: 5, count: 2 },
            ErrorKind::RepeatedGame => Error::RepeatedGame { game: 1 },
            ErrorKind::LimitExceeded => Error::LimitExceeded { requested: 9, limit: 8 },
            ErrorKind::InvalidRules => Error::InvalidRules { rows: 3, cols: 3, k: 4 },
            ErrorKind::Floating => Error::Floating { row: 0, col: 0 },
            ErrorKind::ColumnFull => Error::ColumnFull { col: 2 },
            _ => {
                panic!("no sample of {kind:?}: add one, and map the kind in GameError::into_py_err")
            }
        }
    }

    /// The check the compiler made while the core's errors were exhaustive: no kind falls
    /// through to the fallback's `RuntimeError`, and each exception names its kind.
    #[test]
    fn every_core_kind_has_its_own_exception() {
        Python::initialize();
        Python::attach(|py| {
            for &kind in ErrorKind::ALL {
                let err = PyErr::from(GameError::from(sample(kind)));
                assert!(!err.is_instance_of::<PyRuntimeError>(py), "{kind:?} is not mapped");
                let name = err.value(py).getattr("kind").and_then(|k| k.extract::<String>());
                assert_eq!(name.ok().as_deref(), Some(kind.name()));
            }
        });
    }

    /// `.index` is the refused entry's index, or None where the refusal names none; the text
    /// names the entry only when there is one.
    #[test]
    fn a_refusal_names_its_entry_or_none() {
        Python::initialize();
        Python::attach(|py| {
            let occupied = Error::Occupied { row: 1, col: 1, by: Player::X };
            let short = Error::LengthMismatch { len: 1, expected: 2 };
            let cases = [
                (GameError::from(ListError { index: Some(3), error: occupied }), Some(3)),
                (GameError::from(ListError::from(short)), None),
                (GameError::from(occupied), None),
            ];
            for (error, index) in cases {
                let err = PyErr::from(error);
                let got = err.value(py).getattr("index").and_then(|i| i.extract::<Option<usize>>());
                assert_eq!(got.ok(), Some(index));
                let text = err.value(py).str().map(|text| text.to_string()).unwrap_or_default();
                assert_eq!(text.starts_with("move 3: "), index.is_some(), "{text}");
            }
            let syntax = parse_error("tictactoe/9".parse::<tictactoe_core::Game>().unwrap_err());
            let got = syntax.value(py).getattr("index").map(|index| index.is_none());
            assert_eq!(got.ok(), Some(true));
        });
    }
}
