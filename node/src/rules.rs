//! The `Rules` class: the core's `Rules`, checked by the core when made and immutable, and the
//! one place where a constructor's options (`k`, `cols`, `exact`, `gravity`, or a `Rules` in
//! their place) become rules.

use napi::bindgen_prelude::Uint32Array;
use napi::Env;
use napi_derive::napi;
use tictactoe_core::{Error, Rules as CoreRules};

use crate::errors::{Given, Refusal};
use crate::numbers;

/// The options of a game's, a batch's or a board's rules besides its size: `k` in a row to win
/// (default the longer side), `cols` columns (default the rows), `exact` (only exactly k wins),
/// `gravity` (marks fall, as in Connect Four); or a `Rules` in their place (read as these).
#[napi(object)]
#[derive(Default)]
pub struct RulesOptions {
    /// The marks in a row that win (default the longer side).
    pub k: Option<f64>,
    /// The number of columns (default the number of rows).
    pub cols: Option<f64>,
    /// Whether only a run of exactly k wins (a longer one does not).
    pub exact: Option<bool>,
    /// Whether a mark sits on the bottom row or on another mark (Connect Four).
    pub gravity: Option<bool>,
}

/// One symmetry a rule set keeps, as index maps a learner gathers an image with: entry i of
/// the image of a cell's flags (each observation plane, flattened) is entry `cells[i]` of the
/// original, and likewise `actions` for a policy over actions.
#[napi(object)]
pub struct SymmetryMap {
    /// The cells' map, rows * cols entries.
    pub cells: Uint32Array,
    /// The actions' map, an entry an action (a cell, or under gravity a column).
    pub actions: Uint32Array,
}

/// The rules of a game of the k-in-a-row family: a rows x cols board, k in a row to win,
/// whether only exactly k wins, whether marks fall (gravity). Checked by the core when made;
/// immutable; `toString()` is the rules part of the game's text form.
#[napi]
#[derive(Clone, Copy)]
pub struct Rules {
    pub(crate) rules: CoreRules,
}

/// The rules `rows` and `options` describe, checked by the core: with `rows` alone, LeetCode
/// 348's n x n game, whose refusal the core names by n (`invalid_size`); other rules no game
/// has are the core's `invalid_rules`. The numbers in a refusal are the caller's.
pub(crate) fn checked(
    env: &Env,
    rows: f64,
    options: Option<&RulesOptions>,
) -> napi::Result<CoreRules> {
    let default = RulesOptions::default();
    let options = options.unwrap_or(&default);
    let n = numbers::index(env, rows, "rows")?;
    let cols = match options.cols {
        Some(cols) => numbers::index(env, cols, "cols")?,
        None => n,
    };
    let k = match options.k {
        Some(k) => numbers::index(env, k, "k")?,
        None => CoreRules::default_k(n, cols),
    };
    let rules = CoreRules {
        rows: n,
        cols,
        k,
        exact: options.exact.unwrap_or(false),
        gravity: options.gravity.unwrap_or(false),
    };
    rules.check().map_err(|error| {
        Refusal::of(error, Given { n: Some(rows), ..Given::default() }).into_error(env)
    })?;
    Ok(rules)
}

#[napi]
impl Rules {
    /// Rules of `rows` rows of `options.cols` (default `rows`) columns, `options.k` in a row
    /// (default the longer side); `exact`: a run longer than k does not win; `gravity`: a mark
    /// sits on the bottom row or on a mark. Rules no game has throw what a game of them would
    /// (`InvalidRulesError`, the core's message).
    #[napi(constructor)]
    pub fn new(env: Env, rows: f64, options: Option<RulesOptions>) -> napi::Result<Rules> {
        Ok(Rules { rules: checked(&env, rows, options.as_ref())? })
    }

    /// Connect Four: 6 rows, 7 columns, four in a row, gravity (also `Rules.CONNECT_FOUR`).
    #[napi]
    pub fn connect_four() -> Rules {
        Rules { rules: CoreRules::CONNECT_FOUR }
    }

    /// Free-style gomoku: 15 x 15, five or more in a row (also `Rules.GOMOKU`; `new
    /// Rules(15, { k: 5, exact: true })`: exactly five).
    #[napi]
    pub fn gomoku() -> Rules {
        Rules { rules: CoreRules::GOMOKU }
    }

    /// LeetCode 348's game: n x n, n in a row (what `new TicTacToe(n)` plays).
    #[napi]
    pub fn tic_tac_toe(env: Env, n: f64) -> napi::Result<Rules> {
        Ok(Rules { rules: checked(&env, n, None)? })
    }

    /// The number of rows.
    #[napi(getter)]
    pub fn rows(&self) -> u32 {
        self.rules.rows as u32
    }

    /// The number of columns.
    #[napi(getter)]
    pub fn cols(&self) -> u32 {
        self.rules.cols as u32
    }

    /// The marks in a row that win.
    #[napi(getter)]
    pub fn k(&self) -> u32 {
        self.rules.k as u32
    }

    /// Whether only a run of exactly k wins (a longer one does not).
    #[napi(getter)]
    pub fn exact(&self) -> bool {
        self.rules.exact
    }

    /// Whether a mark sits on the bottom row or on another mark (Connect Four).
    #[napi(getter)]
    pub fn gravity(&self) -> bool {
        self.rules.gravity
    }

    /// The symmetries these rules keep, the identity first (eight on a square board, four on
    /// a rectangle, the left-right mirror alone under gravity), as the index maps a learner
    /// augments its positions with (Python's `Rules.symmetry_maps()`). A board whose maps do
    /// not fit in memory throws (`AllocFailedError`).
    #[napi]
    pub fn symmetry_maps(&self, env: Env) -> napi::Result<Vec<SymmetryMap>> {
        let rules = self.rules;
        let buffer = |len: usize| {
            let mut map = Vec::new();
            map.try_reserve_exact(len)
                .map_err(|_| Refusal::of(Error::AllocFailed, Given::default()).into_error(&env))?;
            map.resize(len, 0u32);
            Ok::<_, napi::Error>(map)
        };
        rules
            .symmetries()
            .iter()
            .map(|&symmetry| {
                let (mut cells, mut actions) = (buffer(rules.cells())?, buffer(rules.actions())?);
                symmetry.gather_maps(&rules, &mut cells, &mut actions);
                Ok(SymmetryMap {
                    cells: Uint32Array::new(cells),
                    actions: Uint32Array::new(actions),
                })
            })
            .collect()
    }

    /// Whether `other` are the same rules.
    #[napi]
    pub fn equals(&self, other: &Rules) -> bool {
        self.rules == other.rules
    }

    /// The rules part of the game's text form: `n=3`, or `rows=6 cols=7 k=4 gravity`.
    #[napi(js_name = "toString")]
    pub fn text(&self) -> String {
        self.rules.to_string()
    }
}
