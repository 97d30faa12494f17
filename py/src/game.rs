//! The `TicTacToe` class: the core's `Game`, translated.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use tictactoe_core::{
    winner_number, Error, Game, Limits, Line, ListError, Move, Player, PositionError, Run,
};

use crate::board::Board;
use crate::convert::{self, Batch};
use crate::errors::{parse_error, GameError, Given, InvalidPositionError};
use crate::rules::{Asked, PyRules};

/// A game of the k-in-a-row family (n x n tic-tac-toe by default); every move is validated and
/// judged in O(1).
#[pyclass(name = "TicTacToe", module = "tictactoe", eq)]
#[derive(PartialEq)]
pub(crate) struct PyTicTacToe {
    game: Game,
}

impl PyTicTacToe {
    /// Runs pure-Rust `f` on the game. Every method borrows the game only through this and
    /// `change`, never while running Python code (converting arguments, building results or
    /// exceptions): Python code can let another thread run, and that thread would then find
    /// the game borrowed. With the GIL, two threads thus never overlap inside a game.
    pub(crate) fn read<R>(slf: &Bound<'_, Self>, f: impl FnOnce(&Game) -> R) -> R {
        f(&slf.borrow().game)
    }

    /// Runs pure-Rust `f` on the game, which it may change (see [`PyTicTacToe::read`]).
    fn change<R>(slf: &Bound<'_, Self>, f: impl FnOnce(&mut Game) -> R) -> R {
        f(&mut slf.borrow_mut().game)
    }
}

impl From<Game> for PyTicTacToe {
    fn from(game: Game) -> Self {
        PyTicTacToe { game }
    }
}

/// A move as Python sees it: (row, col, player).
fn move_tuple(m: Move) -> (usize, usize, u8) {
    (m.row, m.col, m.player.number())
}

/// The results of a batch of `count` moves that ended with `winner`: the winner after each
/// move, which the core's `move_all` documents as `None` but for the last move.
fn batch_results(
    py: Python<'_>,
    count: usize,
    winner: Option<Player>,
) -> PyResult<Bound<'_, PyList>> {
    // `[0] * count` copies one reference count times: far cheaper than count conversions.
    let results = PyList::new(py, [0u8])?.as_sequence().repeat(count)?.cast_into::<PyList>()?;
    if let (Some(last), Some(winner)) = (count.checked_sub(1), winner) {
        results.set_item(last, winner.number())?;
    }
    Ok(results)
}

#[pymethods]
impl PyTicTacToe {
    /// A new empty game, X (player 1) to move, under `rules` (a `Rules`), or as the older
    /// keywords say: n rows of `cols` (default n), k in a row to win (default the longer side:
    /// LeetCode 348's n x n game when only n is given); `exact`: a run longer than k does not
    /// win; `gravity`: a mark sits on the bottom row or on a mark. `TypeError` for both
    /// `rules` and a keyword, or neither.
    #[new]
    #[pyo3(
        signature = (n = None, k = None, *, cols = None, exact = None, gravity = None, rules = None),
        text_signature = "(n=None, k=None, *, cols=None, exact=None, gravity=None, rules=None)"
    )]
    fn new(
        n: Option<&Bound<'_, PyAny>>,
        k: Option<&Bound<'_, PyAny>>,
        cols: Option<&Bound<'_, PyAny>>,
        exact: Option<bool>,
        gravity: Option<bool>,
        rules: Option<PyRules>,
    ) -> PyResult<Self> {
        let rules = Asked { rules, n, k, cols, exact, gravity }.rules(None)?;
        Ok(PyTicTacToe { game: Game::new(rules).map_err(GameError::from)? })
    }

    /// LeetCode 348's move: places `player`'s mark at (row, col); returns the winner after the
    /// move (0, 1 or 2). Players need not alternate.
    #[pyo3(name = "move")]
    fn make_move(
        slf: &Bound<'_, Self>,
        row: &Bound<'_, PyAny>,
        col: &Bound<'_, PyAny>,
        player: &Bound<'_, PyAny>,
    ) -> PyResult<u8> {
        let (r, c, p) = (convert::index(row)?, convert::index(col)?, convert::player(player)?);
        match Self::change(slf, |game| game.make_move(r, c, p)) {
            Ok(winner) => Ok(winner_number(winner)),
            Err(error) => {
                Err(GameError::new(error, Given::cell(row, col).player(player.clone().unbind()))
                    .into())
            }
        }
    }

    /// Places the mark of the player whose turn it is at (row, col); returns the winner.
    fn play(slf: &Bound<'_, Self>, row: &Bound<'_, PyAny>, col: &Bound<'_, PyAny>) -> PyResult<u8> {
        let (r, c) = (convert::index(row)?, convert::index(col)?);
        match Self::change(slf, |game| game.play(r, c)) {
            Ok(winner) => Ok(winner_number(winner)),
            Err(error) => Err(GameError::new(error, Given::cell(row, col)).into()),
        }
    }

    /// Makes each (row, col, player) in order, all or nothing; returns each move's result.
    /// Takes a sequence of triples or a (k, 3) integer buffer such as a numpy array.
    fn move_many<'py>(
        slf: &Bound<'py, Self>,
        moves: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let py = moves.py();
        let batch = Batch::new(moves)?;
        match Self::change(slf, |game| batch.apply(game)) {
            Ok(winner) => batch_results(py, batch.len(), winner),
            Err(ListError { index: Some(index), error }) => {
                let [row, col, player] = batch.given(py, index)?;
                let given = Given::cell(row.bind(py), col.bind(py)).player(player);
                Err(GameError::new(error, given).at(index).into())
            }
            Err(ListError { error, .. }) => Err(GameError::from(error).into()),
        }
    }

    /// Plays each (row, col) in turn order, all or nothing (LeetCode 1275's move list).
    fn play_many<'py>(
        slf: &Bound<'py, Self>,
        moves: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let pairs: Vec<Bound<'_, PyAny>> = moves.try_iter()?.collect::<PyResult<_>>()?;
        let mut cells = Vec::with_capacity(pairs.len());
        for pair in &pairs {
            let (row, col): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract()?;
            cells.push((convert::index(&row)?, convert::index(&col)?));
        }
        match Self::change(slf, |game| game.play_all(cells)) {
            Ok(winner) => batch_results(moves.py(), pairs.len(), winner),
            Err(ListError { index: Some(index), error }) => {
                let (row, col): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pairs[index].extract()?;
                Err(GameError::new(error, Given::cell(&row, &col)).at(index).into())
            }
            Err(ListError { error, .. }) => Err(GameError::from(error).into()),
        }
    }

    /// Takes back the last move and returns it as (row, col, player); IndexError when none.
    fn undo(slf: &Bound<'_, Self>) -> PyResult<(usize, usize, u8)> {
        Ok(move_tuple(Self::change(slf, Game::undo).map_err(GameError::from)?))
    }

    /// Connect Four's move: the mark of the player whose turn it is falls to the lowest free
    /// cell of column `col` (under any rules); returns the winner after it. A full column is
    /// refused with `ColumnFullError`.
    fn drop(slf: &Bound<'_, Self>, col: &Bound<'_, PyAny>) -> PyResult<u8> {
        let c = convert::index(col)?;
        match Self::change(slf, |game| game.drop(c)) {
            Ok((_, winner)) => Ok(winner_number(winner)),
            Err(error) => Err(GameError::new(
                error,
                Given { col: Some(col.clone().unbind()), ..Given::default() },
            )
            .into()),
        }
    }

    /// Who holds (row, col): 0 empty, 1 or 2.
    fn cell(slf: &Bound<'_, Self>, row: &Bound<'_, PyAny>, col: &Bound<'_, PyAny>) -> PyResult<u8> {
        let (r, c) = (convert::index(row)?, convert::index(col)?);
        match Self::read(slf, |game| game.cell(r, c)) {
            Ok(holder) => Ok(winner_number(holder)),
            Err(error) => Err(GameError::new(error, Given::cell(row, col)).into()),
        }
    }

    /// Whether `player` can still win: some k cells in a row hold no opponent mark (under the
    /// exact rule, some such window can still end up exactly k long).
    fn can_win(slf: &Bound<'_, Self>, player: &Bound<'_, PyAny>) -> PyResult<bool> {
        let p = Player::from_number(convert::player(player)?).map_err(|error| {
            GameError::new(error, Given::default().player(player.clone().unbind()))
        })?;
        Ok(Self::read(slf, |game| game.can_win(p)))
    }

    /// The rules of the game, as a `Rules`.
    #[getter]
    fn rules(slf: &Bound<'_, Self>) -> PyRules {
        PyRules(Self::read(slf, Game::rules))
    }

    /// The side n of a square board (whatever k); a ValueError for a rectangle, whose sides
    /// are `rows` and `cols`: n never silently means one of them.
    #[getter]
    fn n(slf: &Bound<'_, Self>) -> PyResult<usize> {
        Self::read(slf, Game::n).ok_or_else(|| {
            PyValueError::new_err("the board is not square: n has no value; use rows and cols")
        })
    }

    /// The number of rows.
    #[getter]
    fn rows(slf: &Bound<'_, Self>) -> usize {
        Self::read(slf, Game::rows)
    }

    /// The number of columns.
    #[getter]
    fn cols(slf: &Bound<'_, Self>) -> usize {
        Self::read(slf, Game::cols)
    }

    /// The marks in a row that win.
    #[getter]
    fn k(slf: &Bound<'_, Self>) -> usize {
        Self::read(slf, |game| game.rules().k)
    }

    /// Whether only a run of exactly k wins (a longer one does not).
    #[getter]
    fn exact(slf: &Bound<'_, Self>) -> bool {
        Self::read(slf, |game| game.rules().exact)
    }

    /// Whether a mark sits on the bottom row or on another mark (Connect Four).
    #[getter]
    fn gravity(slf: &Bound<'_, Self>) -> bool {
        Self::read(slf, |game| game.rules().gravity)
    }

    /// The player whose turn it is: 1 while X has no more marks than O, else 2.
    #[getter]
    fn next_player(slf: &Bound<'_, Self>) -> u8 {
        Self::read(slf, |game| game.next_player().number())
    }

    /// The winner: 0 for none, else 1 or 2.
    #[getter]
    fn winner(slf: &Bound<'_, Self>) -> u8 {
        Self::read(slf, |game| winner_number(game.winner()))
    }

    /// "in_progress", "won" or "draw" (the board is full and nobody won).
    #[getter]
    fn status(slf: &Bound<'_, Self>) -> &'static str {
        Self::read(slf, Game::status).name()
    }

    /// Whether the game can only end in a draw: nobody won and neither player can win.
    #[getter]
    fn draw_certain(slf: &Bound<'_, Self>) -> bool {
        Self::read(slf, Game::is_draw_certain)
    }
    /// The whole lines the winning move completed, as ("row", i), ("column", i),
    /// ("diagonal", None) or ("anti_diagonal", None); empty without a winner, and under rules
    /// whose wins are not whole lines (k below the side of a square board: see
    /// `winning_runs`).
    #[getter]
    fn winning_lines(slf: &Bound<'_, Self>) -> Vec<(&'static str, Option<usize>)> {
        Self::read(slf, |game| {
            game.winning_lines()
                .map(|line| {
                    let index = match line {
                        Line::Row(i) | Line::Column(i) => Some(i),
                        Line::Diagonal | Line::AntiDiagonal => None,
                    };
                    (line.kind_name(), index)
                })
                .collect()
        })
    }

    /// The runs the winning move made that win, one a direction (row, column, diagonal,
    /// anti-diagonal), as ((first_row, first_col), (last_row, last_col)); empty without a
    /// winner. Under every rule set.
    #[getter]
    fn winning_runs(slf: &Bound<'_, Self>) -> RunList {
        Self::read(slf, |game| {
            game.winning_runs().map(|Run { first, last }| (first, last)).collect()
        })
    }

    /// Every cell of the winning runs, (row, col), run after run from its first cell to its
    /// last (the winning move's cell once in each run through it): what a display highlights.
    #[getter]
    fn winning_cells(slf: &Bound<'_, Self>) -> Vec<(usize, usize)> {
        Self::read(slf, |game| game.winning_runs().flat_map(|run| run.cells()).collect())
    }

    /// The moves made, oldest first, as (row, col, player).
    #[getter]
    fn history(slf: &Bound<'_, Self>) -> Vec<(usize, usize, u8)> {
        Self::read(slf, |game| game.history().map(move_tuple).collect())
    }

    /// The cells as rows * cols bytes, row-major: 0 empty, 1 X, 2 O (so that
    /// `np.frombuffer(g.cells(), np.uint8).reshape(g.rows, g.cols)` is the board).
    fn cells<'py>(slf: &Bound<'py, Self>) -> Bound<'py, PyBytes> {
        let cells: Vec<u8> = Self::read(slf, |game| game.cells().collect());
        PyBytes::new(slf.py(), &cells)
    }

    /// The cells a move may take, as (row, col), row-major: the free cells (under gravity, the
    /// lowest free cell of each column that has one), none once somebody has won.
    fn legal_moves(slf: &Bound<'_, Self>) -> Vec<(usize, usize)> {
        Self::read(slf, |game| game.legal_moves().collect())
    }

    /// The number of marks on the board.
    #[getter]
    fn marks(slf: &Bound<'_, Self>) -> usize {
        Self::read(slf, Game::marks)
    }

    /// A game at a position: rows of 'X', 'O', and ' ' or '.' for empty; or numbers 0
    /// (empty), 1 (X) and 2 (O) as a 2-D array or rows of lists, or a flat list with `cols`
    /// (or `rules`) saying how many columns. With only the board, LeetCode 348's n x n game
    /// (n rows of n); under `rules` (a `Rules`, whose board it must fill); with `k`, `exact` or
    /// `gravity`, a board of as many rows as given, all as long as the first, where k in a row
    /// wins (default the longer side). Raises InvalidPositionError when no legal game under
    /// those rules reaches it (under gravity: a mark above a free cell, or no order of drops),
    /// naming a value that is not a cell as given. With `max_bytes`, a game that would take
    /// more is refused with `LimitExceededError` before the board is read (no limit by
    /// default: the board is as large as the game).
    #[staticmethod]
    #[pyo3(
        signature = (rows, *, k = None, exact = None, gravity = None, max_bytes = None, rules = None, cols = None),
        text_signature = "(rows, *, k=None, exact=None, gravity=None, max_bytes=None, rules=None, cols=None)"
    )]
    fn from_board(
        rows: &Bound<'_, PyAny>,
        k: Option<&Bound<'_, PyAny>>,
        exact: Option<bool>,
        gravity: Option<bool>,
        max_bytes: Option<i128>,
        rules: Option<PyRules>,
        cols: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let limits = convert::limits(max_bytes)?;
        let asked = Asked { rules, n: None, k, cols, exact, gravity };
        let board = Board::read(rows, board_cols(&asked)?)?;
        let given = Given { k: k.map(|k| k.clone().unbind()), ..Given::default() };
        Ok(PyTicTacToe { game: board.game(limits, board.rules(&asked)?, given)? })
    }

    /// The game described by the text form `to_text` writes. A game that would take more than
    /// `max_bytes` bytes (default `DEFAULT_MAX_BYTES`, 8 MiB: boards up to 1364 x 1364) is
    /// refused with `LimitExceededError` as soon as its size is read, before anything is
    /// allocated; `max_bytes=None` lifts the limit (for text the program wrote itself).
    #[staticmethod]
    #[pyo3(signature = (text, max_bytes = Some(Limits::DEFAULT.max_bytes as i128)))]
    fn from_text(text: &str, max_bytes: Option<i128>) -> PyResult<Self> {
        let limits = convert::limits(max_bytes)?;
        Ok(PyTicTacToe { game: limits.parse_game(text).map_err(parse_error)? })
    }

    /// The lossless text form, rules included, e.g. 'tictactoe/1 n=3 moves=0,0,1;1,1,2' or
    /// 'tictactoe/1 rows=6 cols=7 k=4 gravity moves=5,3,1'.
    fn to_text(slf: &Bound<'_, Self>) -> String {
        Self::read(slf, |game| game.text().to_string())
    }

    fn __str__(slf: &Bound<'_, Self>) -> String {
        Self::read(slf, Game::to_string)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> String {
        Self::read(slf, |game| {
            if game.has_starting_position() {
                return format!("TicTacToe.from_text('{}')", game.text());
            }
            let moves: Vec<String> = game
                .history()
                .map(|m| format!("({}, {}, {})", m.row, m.col, m.player.number()))
                .collect();
            let status = game.status().name();
            let rules = game.rules();
            format!("<TicTacToe {rules} moves=[{}] status='{status}'>", moves.join(", "))
        })
    }

    /// The object's size, with the game's heap memory (board, counters, history).
    fn __sizeof__(slf: &Bound<'_, Self>) -> PyResult<usize> {
        let basic: usize = slf.get_type().getattr("__basicsize__")?.extract()?;
        Ok(basic + Self::read(slf, Game::heap_bytes))
    }

    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<Self> {
        let game = Self::read(slf, Game::try_clone).map_err(GameError::from)?;
        Ok(PyTicTacToe { game })
    }

    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyDict>) -> PyResult<Self> {
        Self::__copy__(slf)
    }

    /// Pickles as its text form.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let text = Self::to_text(slf);
        let from_text = py.get_type::<PyTicTacToe>().getattr("from_text")?;
        // The game's own text: no limit, so that every game unpickles.
        Ok((
            from_text,
            PyTuple::new(py, [text.into_pyobject(py)?.into_any(), py.None().into_bound(py)])?,
        ))
    }

    #[classattr]
    #[pyo3(name = "MAX_N")]
    fn max_n() -> usize {
        tictactoe_core::MAX_N
    }
}

/// Whether a board (rows of 'X', 'O', ' ' or '.', or numbers 0, 1 and 2, as
/// `TicTacToe.from_board` reads them) is a position some legal game reaches (X first,
/// alternating, nobody moving after a win): with only the board, on LeetCode 348's n x n
/// board; with `k`, `exact` or `gravity`, or `rules`, under those rules; correct for any
/// board, not just 3 x 3. A value that is not a cell makes it False.
#[pyfunction]
#[pyo3(
    signature = (rows, *, k = None, exact = None, gravity = None, rules = None, cols = None),
    text_signature = "(rows, *, k=None, exact=None, gravity=None, rules=None, cols=None)"
)]
pub(crate) fn is_valid_board(
    rows: &Bound<'_, PyAny>,
    k: Option<&Bound<'_, PyAny>>,
    exact: Option<bool>,
    gravity: Option<bool>,
    rules: Option<PyRules>,
    cols: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let asked = Asked { rules, n: None, k, cols, exact, gravity };
    let board = match Board::read(rows, board_cols(&asked)?) {
        Ok(board) => board,
        Err(error) if error.is_instance_of::<InvalidPositionError>(rows.py()) => return Ok(false),
        Err(error) => return Err(error),
    };
    match board.validate(board.rules(&asked)?) {
        Ok(()) => Ok(true),
        // Neither proves the position unreachable: the question could not be answered.
        Err(
            error
            @ (Error::InvalidPosition(PositionError::SearchLimit { .. }) | Error::AllocFailed),
        ) => Err(GameError::from(error).into()),
        Err(_) => Ok(false),
    }
}

/// The columns of a flat board of numbers: `cols=`, or those of `rules=`.
fn board_cols(asked: &Asked<'_, '_>) -> PyResult<Option<usize>> {
    match (asked.cols, asked.rules) {
        (Some(cols), _) => convert::index(cols).map(Some),
        (None, Some(rules)) => Ok(Some(rules.0.cols)),
        (None, None) => Ok(None),
    }
}

/// Winning runs as Python sees them: ((first_row, first_col), (last_row, last_col)).
type RunList = Vec<((usize, usize), (usize, usize))>;
