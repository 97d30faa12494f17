//! The errors thrown to JavaScript: every refusal of the core or the computer player as an
//! `Error` whose `code` and `kind` are the refusal's stable name (`"occupied"`, ...) with the
//! data a caller needs to explain it (`row`, `col`, `player`, ...), which `lib/errors.js` gives
//! the class of its kind (`CellOccupiedError`, ...); and the `TypeError`s and `RangeError`s of
//! arguments no call takes. Only the thrown value is made here: which refusal it is, and its
//! text, are the core's.

use core::fmt;

use napi::bindgen_prelude::Either3;
use napi::{Env, JsRangeError, JsTypeError, JsValue, Status};
use tictactoe_core::{message, Error, ListError, ParseError, ParseErrorKind};
use tictactoe_search::SearchError;

use crate::numbers::Number;

/// What a refusal's JavaScript error carries besides its message: `name` and a value.
#[derive(Clone, Copy)]
pub(crate) enum Field {
    /// A number (a cell, a size, a player); as the caller gave it when it comes from them.
    Number(f64),
    /// A stable name (a position's `reason`).
    Text(&'static str),
    /// No value (`index` when the refusal names no entry).
    Null,
}

impl From<usize> for Field {
    fn from(value: usize) -> Field {
        Field::Number(value as f64)
    }
}

impl From<Option<usize>> for Field {
    fn from(value: Option<usize>) -> Field {
        value.map_or(Field::Null, Field::from)
    }
}

/// The numbers of a call as the caller gave them: the core's copies are saturated (a row of
/// -1 becomes `usize::MAX`, which it refuses as off the board), and a message must show the
/// caller's. A number left out is taken from the core's error.
#[derive(Clone, Copy, Default)]
pub(crate) struct Given {
    pub(crate) row: Option<f64>,
    pub(crate) col: Option<f64>,
    pub(crate) player: Option<f64>,
    /// The side (or rows) of a board asked for.
    pub(crate) n: Option<f64>,
    /// A game's index in a batch.
    pub(crate) game: Option<f64>,
    /// A number of games asked for.
    pub(crate) count: Option<f64>,
}

impl Given {
    /// A cell's row and column.
    pub(crate) fn cell(row: f64, col: f64) -> Given {
        Given { row: Some(row), col: Some(col), ..Given::default() }
    }
}

/// A refusal on its way to JavaScript: the core's kind name, its text, its data, and the index
/// of the refused entry in a call over a list.
pub(crate) struct Refusal {
    kind: &'static str,
    text: String,
    fields: Vec<(&'static str, Field)>,
    index: Option<usize>,
}

impl Refusal {
    /// The refusal of the core's `error`, its numbers shown as `given` has them.
    pub(crate) fn of(error: Error, given: Given) -> Refusal {
        let shown = |given: Option<f64>, core: usize| given.unwrap_or(core as f64);
        let mut fields: Vec<(&'static str, Field)> = Vec::new();
        let text = match error {
            Error::InvalidSize { n } => {
                let n = shown(given.n, n);
                fields.push(("n", Field::Number(n)));
                message::invalid_size(Number(n)).to_string()
            }
            Error::OutOfBounds { row, col, rows, cols } => {
                let (row, col) = (shown(given.row, row), shown(given.col, col));
                fields.extend([
                    ("row", Field::Number(row)),
                    ("col", Field::Number(col)),
                    ("rows", rows.into()),
                    ("cols", cols.into()),
                ]);
                message::out_of_bounds(Number(row), Number(col), rows, cols).to_string()
            }
            Error::InvalidPlayer { player } => {
                let player = given.player.unwrap_or(f64::from(player));
                fields.push(("player", Field::Number(player)));
                message::invalid_player(Number(player)).to_string()
            }
            Error::Occupied { row, col, by } => {
                fields.extend([
                    ("row", row.into()),
                    ("col", col.into()),
                    ("player", Field::Number(f64::from(by.number()))),
                ]);
                error.to_string()
            }
            Error::GameOver { winner } => {
                fields.push(("winner", Field::Number(f64::from(winner.number()))));
                error.to_string()
            }
            Error::InvalidPosition(reason) => {
                fields.push(("reason", Field::Text(reason.name())));
                error.to_string()
            }
            Error::LimitExceeded { requested, limit } => {
                fields.extend([("requested", requested.into()), ("limit", limit.into())]);
                error.to_string()
            }
            Error::InvalidRules { rows, cols, k } => {
                let rows = shown(given.n, rows);
                fields.extend([
                    ("rows", Field::Number(rows)),
                    ("cols", cols.into()),
                    ("k", k.into()),
                ]);
                let longer = message::longer_side(rows as usize, cols);
                message::invalid_rules(Number(rows), cols, k, longer).to_string()
            }
            Error::Floating { row, col } => {
                fields.extend([("row", row.into()), ("col", col.into())]);
                error.to_string()
            }
            Error::ColumnFull { col } => {
                fields.push(("col", col.into()));
                error.to_string()
            }
            Error::LengthMismatch { len, expected } => {
                fields.extend([("length", len.into()), ("expected", expected.into())]);
                error.to_string()
            }
            Error::GameIndex { game, count } => {
                let game = shown(given.game, game);
                fields.extend([("game", Field::Number(game)), ("count", count.into())]);
                message::game_index(Number(game), count).to_string()
            }
            Error::RepeatedGame { game } => {
                fields.push(("game", game.into()));
                error.to_string()
            }
            Error::InvalidCount { count } => {
                let count = shown(given.count, count);
                fields.push(("count", Field::Number(count)));
                message::invalid_count(Number(count)).to_string()
            }
            // The rest carry no data (`nothing_to_undo`, `alloc_failed`), or were added to
            // the core after this match (`Error` is non-exhaustive): their kind and text still
            // come through, and the kinds test in `test/errors.test.js` names what is unmapped.
            _ => error.to_string(),
        };
        Refusal { kind: error.kind().name(), text, fields, index: None }
    }

    /// A refusal that is none of the core's errors (the search's `bad_evaluation`, or an
    /// answer of the wrong length worded for the evaluator): its kind, text and data.
    pub(crate) fn named(
        kind: &'static str,
        text: &str,
        fields: Vec<(&'static str, Field)>,
    ) -> Refusal {
        Refusal { kind, text: text.to_owned(), fields, index: None }
    }

    /// The refusal of a call over a list, with the refused entry's index if it names one.
    pub(crate) fn of_list(error: ListError, given: Given) -> Refusal {
        Refusal { index: error.index, ..Refusal::of(error.error, given) }
    }

    /// The refusal of a text that is not a game's text form: `parse_error` for its syntax, else
    /// the refusal of what it describes (a bad size, position or move).
    pub(crate) fn of_parse(error: ParseError) -> Refusal {
        match error.kind {
            ParseErrorKind::Syntax { .. } => Refusal {
                kind: error.name(),
                text: error.to_string(),
                fields: vec![("offset", error.offset.into())],
                index: None,
            },
            ParseErrorKind::Rejected(inner) => Refusal::of(inner, Given::default()),
            ParseErrorKind::BadMove(refused) => Refusal::of_list(refused, Given::default()),
        }
    }

    /// The refusal of the computer player: the core's for what the core refuses, `game_over`
    /// (winner 0 for a draw), `budget_exceeded`, `unsupported_size`, `unsupported_rules`.
    pub(crate) fn of_search(error: SearchError) -> Refusal {
        let field = match error {
            SearchError::Game(inner) => return Refusal::of(inner, Given::default()),
            SearchError::GameOver { winner } => {
                ("winner", Field::Number(winner.map_or(0.0, |w| f64::from(w.number()))))
            }
            SearchError::BudgetExceeded { max_nodes } => {
                ("maxNodes", Field::Number(max_nodes as f64))
            }
            SearchError::UnsupportedSize { n } => ("n", n.into()),
            SearchError::UnsupportedRules { rules } => ("k", rules.k.into()),
        };
        Refusal { kind: error.name(), text: error.to_string(), fields: vec![field], index: None }
    }

    /// The JavaScript `Error` to throw: `code` and `kind` the refusal's name, `index` the
    /// refused entry (or null), and the refusal's data.
    pub(crate) fn into_error(self, env: &Env) -> napi::Error {
        let text = match self.index {
            Some(index) => format!("entry {index}: {}", self.text),
            None => self.text,
        };
        let made = env.create_error(napi::Error::new(Status::GenericFailure, text)).and_then(
            |mut error| {
                error.set("code", self.kind)?;
                error.set("kind", self.kind)?;
                error.set("index", Field::from(self.index).value())?;
                for (name, field) in self.fields {
                    error.set(name, field.value())?;
                }
                Ok(napi::Error::from(error.to_unknown()))
            },
        );
        made.unwrap_or_else(|failure| failure)
    }
}

impl Field {
    /// The field as a JavaScript value.
    fn value(self) -> Either3<f64, &'static str, napi::bindgen_prelude::Null> {
        match self {
            Field::Number(number) => Either3::A(number),
            Field::Text(text) => Either3::B(text),
            Field::Null => Either3::C(napi::bindgen_prelude::Null),
        }
    }
}

/// The result of a call that the core may refuse, with the refusal thrown to JavaScript.
pub(crate) trait OrThrow<T> {
    /// The value, or the refusal as a JavaScript error.
    fn or_throw(self, env: &Env) -> napi::Result<T>;
}

impl<T> OrThrow<T> for Result<T, Refusal> {
    fn or_throw(self, env: &Env) -> napi::Result<T> {
        self.map_err(|refusal| refusal.into_error(env))
    }
}

/// A `TypeError` (Node's code `ERR_INVALID_ARG_TYPE`): an argument of a type no call takes, or
/// a number that is not an integer where one is needed.
pub(crate) fn type_error(env: &Env, text: impl fmt::Display) -> napi::Error {
    let error = napi::Error::new("ERR_INVALID_ARG_TYPE", text.to_string());
    napi::Error::from(JsTypeError::from(error).into_unknown(*env))
}

/// Whether a JavaScript exception is pending in `env`: one the caller's code threw while the
/// package read what it answered (a getter's, a proxy's). A failed read is then that
/// exception, which napi-rs throws as itself when the failure is returned as it came.
pub(crate) fn exception_pending(env: &Env) -> bool {
    let mut pending = false;
    // SAFETY: `env` is the environment of the call running; `pending` outlives the call.
    let status = unsafe { napi::sys::napi_is_exception_pending(env.raw(), &mut pending) };
    status == napi::sys::Status::napi_ok && pending
}

/// A `RangeError` (Node's code `ERR_OUT_OF_RANGE`): a number outside what an option takes
/// (threads of 0, a negative budget), where no refusal of the core applies.
pub(crate) fn range_error(env: &Env, text: impl fmt::Display) -> napi::Error {
    let error = napi::Error::new("ERR_OUT_OF_RANGE", text.to_string());
    napi::Error::from(JsRangeError::from(error).into_unknown(*env))
}
