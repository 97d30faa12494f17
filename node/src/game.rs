//! The `TicTacToe` class: the core's `Game`, translated.

use napi::bindgen_prelude::Uint8Array;
use napi::Env;
use napi_derive::napi;
use tictactoe_core::{
    validate_rows, winner_number, Game, Limits, Line, Move, Player, Rules as CoreRules,
};

use crate::errors::{Given, OrThrow, Refusal};
use crate::numbers;
use crate::rules::{self, Rules, RulesOptions};

/// A game of the k-in-a-row family (n x n tic-tac-toe by default); every move is validated and
/// judged in O(1), and a refused call leaves the game as it was.
#[napi(js_name = "TicTacToe")]
pub struct TicTacToe {
    pub(crate) game: Game,
}

/// A run of marks that wins: its first and last cells, each `[row, col]` (the first is the end
/// nearer the top row, or the left end of a row), and every cell of it from the first to the
/// last.
#[napi(object)]
pub struct WinningRun {
    /// The first cell, `[row, col]`.
    #[napi(ts_type = "[number, number]")]
    pub first: Vec<u32>,
    /// The last cell, `[row, col]`.
    #[napi(ts_type = "[number, number]")]
    pub last: Vec<u32>,
    /// Every cell of the run, `[row, col]`, from the first to the last (what a page
    /// highlights).
    #[napi(ts_type = "Array<[number, number]>")]
    pub cells: Vec<Vec<u32>>,
}

/// A whole line the winning move completed: `kind` is `row`, `column`, `diagonal` or
/// `anti_diagonal`, `index` the row's or column's number (absent for a diagonal).
#[napi(object)]
pub struct WinningLine {
    /// `row`, `column`, `diagonal` or `anti_diagonal`.
    pub kind: String,
    /// The row's or the column's number; absent for a diagonal.
    pub index: Option<u32>,
}

/// The options of a text read from outside: `maxBytes`, the memory the game may take.
#[napi(object)]
pub struct ParseOptions {
    /// Refuse a game above this many bytes before anything is allocated (default 8 MiB, boards
    /// up to 1364 x 1364); `null` for no limit (text the program wrote itself).
    pub max_bytes: Option<napi::Either<f64, napi::bindgen_prelude::Null>>,
}

/// A move as JavaScript sees it: `[row, col, player]`.
fn move_triple(m: Move) -> Vec<u32> {
    vec![m.row as u32, m.col as u32, u32::from(m.player.number())]
}

/// The winner as a number: 0 for none, 1 or 2.
fn winner(winner: Option<Player>) -> u32 {
    u32::from(winner_number(winner))
}

/// The rules of a board of text rows: with no options, LeetCode 348's n x n board of as many
/// rows as given; with options (a `Rules` is one: its getters are read as options), a board of
/// as many rows as given, `cols` (default the first row's length), k in a row (default the
/// longer side), `exact` and `gravity`. The rows are checked against them by the core.
fn board_rules(
    env: &Env,
    rows: &[String],
    options: Option<&RulesOptions>,
) -> napi::Result<CoreRules> {
    let Some(options) = options else {
        return Ok(CoreRules::tic_tac_toe(rows.len()));
    };
    let shape = CoreRules::of_rows(rows, 0);
    let cols = match options.cols {
        Some(cols) => numbers::index(env, cols, "cols")?,
        None => shape.cols,
    };
    let k = match options.k {
        Some(k) => numbers::index(env, k, "k")?,
        None => CoreRules::default_k(shape.rows, cols),
    };
    Ok(CoreRules {
        cols,
        k,
        exact: options.exact.unwrap_or(false),
        gravity: options.gravity.unwrap_or(false),
        ..shape
    })
}

#[napi]
impl TicTacToe {
    /// A new empty game, X (player 1) to move: `n` rows of `options.cols` (default n), k in a
    /// row to win (default the longer side: LeetCode 348's n x n game when only n is given);
    /// `exact`: a run longer than k does not win; `gravity`: a mark sits on the bottom row or on
    /// a mark. `TicTacToe.fromRules(rules)` for a `Rules`.
    #[napi(constructor)]
    pub fn new(env: Env, n: f64, options: Option<RulesOptions>) -> napi::Result<TicTacToe> {
        let rules = rules::checked(&env, n, options.as_ref())?;
        let game = Game::new(rules).map_err(|error| Refusal::of(error, Given::default()));
        Ok(TicTacToe { game: game.or_throw(&env)? })
    }

    /// A new empty game under `rules` (`Rules.CONNECT_FOUR`, `Rules.GOMOKU`, `new Rules(...)`).
    #[napi(factory)]
    pub fn from_rules(env: Env, rules: &Rules) -> napi::Result<TicTacToe> {
        let game = Game::new(rules.rules).map_err(|error| Refusal::of(error, Given::default()));
        Ok(TicTacToe { game: game.or_throw(&env)? })
    }

    /// LeetCode 348's move: places `player`'s mark (1 for X, 2 for O) at (row, col); returns
    /// the winner after the move (0, 1 or 2). Players need not alternate.
    #[napi(js_name = "move")]
    pub fn make_move(&mut self, env: Env, row: f64, col: f64, player: f64) -> napi::Result<u32> {
        let r = numbers::index(&env, row, "row")?;
        let c = numbers::index(&env, col, "col")?;
        let p = numbers::player(&env, player, "player")?;
        match self.game.make_move(r, c, p) {
            Ok(won) => Ok(winner(won)),
            Err(error) => {
                let given = Given { player: Some(player), ..Given::cell(row, col) };
                Err(Refusal::of(error, given).into_error(&env))
            }
        }
    }

    /// Places the mark of the player whose turn it is at (row, col); returns the winner.
    #[napi]
    pub fn play(&mut self, env: Env, row: f64, col: f64) -> napi::Result<u32> {
        let r = numbers::index(&env, row, "row")?;
        let c = numbers::index(&env, col, "col")?;
        match self.game.play(r, c) {
            Ok(won) => Ok(winner(won)),
            Err(error) => Err(Refusal::of(error, Given::cell(row, col)).into_error(&env)),
        }
    }

    /// Connect Four's move: the mark of the player whose turn it is falls to the lowest free
    /// cell of column `col` (under any rules); returns the winner after it. A full column is
    /// refused (`ColumnFullError`).
    #[napi]
    pub fn drop(&mut self, env: Env, col: f64) -> napi::Result<u32> {
        let c = numbers::index(&env, col, "col")?;
        match self.game.drop(c) {
            Ok((_, won)) => Ok(winner(won)),
            Err(error) => {
                let given = Given { col: Some(col), ..Given::default() };
                Err(Refusal::of(error, given).into_error(&env))
            }
        }
    }

    /// The action of the cell (row, col), as a batch numbers actions: the cell's index, or
    /// under gravity its column. `OutOfBoundsError` for a cell off the board.
    #[napi]
    pub fn action_at(&self, env: Env, row: f64, col: f64) -> napi::Result<u32> {
        let (r, c) = (numbers::index(&env, row, "row")?, numbers::index(&env, col, "col")?);
        self.game
            .action_at(r, c)
            .map_err(|error| Refusal::of(error, Given::cell(row, col)).into_error(&env))
    }

    /// Plays `action` (as `actionAt` numbers it) for the player whose turn it is: the cell, or
    /// under gravity the lowest free cell of the column; returns the winner after it. Refused
    /// as a batch's step refuses it, the game unchanged.
    #[napi]
    pub fn apply(&mut self, env: Env, action: f64) -> napi::Result<u32> {
        let action = numbers::index(&env, action, "action")?;
        // Past u32 is past the board: refused by the core as out of bounds.
        let action = u32::try_from(action).unwrap_or(u32::MAX);
        match self.game.apply(action) {
            Ok((_, won)) => Ok(winner(won)),
            Err(error) => Err(Refusal::of(error, Given::default()).into_error(&env)),
        }
    }

    /// Takes back the last move and returns it as `[row, col, player]`; `NothingToUndoError`
    /// when there is none.
    #[napi(ts_return_type = "[number, number, number]")]
    pub fn undo(&mut self, env: Env) -> napi::Result<Vec<u32>> {
        let undone = self.game.undo().map_err(|error| Refusal::of(error, Given::default()));
        Ok(move_triple(undone.or_throw(&env)?))
    }

    /// Who holds (row, col): 0 empty, 1 or 2.
    #[napi]
    pub fn cell(&self, env: Env, row: f64, col: f64) -> napi::Result<u32> {
        let r = numbers::index(&env, row, "row")?;
        let c = numbers::index(&env, col, "col")?;
        let holder =
            self.game.cell(r, c).map_err(|error| Refusal::of(error, Given::cell(row, col)));
        Ok(winner(holder.or_throw(&env)?))
    }

    /// Whether `player` can still win: some k cells in a row hold no opponent mark (under the
    /// exact rule, some such window can still end up exactly k long).
    #[napi]
    pub fn can_win(&self, env: Env, player: f64) -> napi::Result<bool> {
        let p = numbers::player(&env, player, "player")?;
        let given = Given { player: Some(player), ..Given::default() };
        let p = Player::from_number(p).map_err(|error| Refusal::of(error, given));
        Ok(self.game.can_win(p.or_throw(&env)?))
    }

    /// The rules of the game, as a `Rules`.
    #[napi(getter)]
    pub fn rules(&self) -> Rules {
        Rules { rules: self.game.rules() }
    }

    /// The side n of a square board (whatever k); null for a rectangle, whose sides are `rows`
    /// and `cols`: n never silently means one of them.
    #[napi(getter)]
    pub fn n(&self) -> Option<u32> {
        self.game.n().map(|n| n as u32)
    }

    /// The number of rows.
    #[napi(getter)]
    pub fn rows(&self) -> u32 {
        self.game.rows() as u32
    }

    /// The number of columns.
    #[napi(getter)]
    pub fn cols(&self) -> u32 {
        self.game.cols() as u32
    }

    /// The marks in a row that win.
    #[napi(getter)]
    pub fn k(&self) -> u32 {
        self.game.rules().k as u32
    }

    /// Whether only a run of exactly k wins (a longer one does not).
    #[napi(getter)]
    pub fn exact(&self) -> bool {
        self.game.rules().exact
    }

    /// Whether a mark sits on the bottom row or on another mark (Connect Four).
    #[napi(getter)]
    pub fn gravity(&self) -> bool {
        self.game.rules().gravity
    }

    /// The player whose turn it is: 1 while X has no more marks than O, else 2.
    #[napi(getter)]
    pub fn next_player(&self) -> u32 {
        u32::from(self.game.next_player().number())
    }

    /// The winner: 0 for none, else 1 or 2.
    #[napi(getter)]
    pub fn winner(&self) -> u32 {
        winner(self.game.winner())
    }

    /// `in_progress`, `won` or `draw` (the board is full and nobody won).
    #[napi(getter, ts_return_type = "'in_progress' | 'won' | 'draw'")]
    pub fn status(&self) -> &'static str {
        self.game.status().name()
    }

    /// Whether the game can only end in a draw: nobody won and neither player can win.
    #[napi(getter)]
    pub fn draw_certain(&self) -> bool {
        self.game.is_draw_certain()
    }

    /// The number of marks on the board.
    #[napi(getter)]
    pub fn marks(&self) -> u32 {
        self.game.marks() as u32
    }

    /// The runs the winning move made that win, one a direction (row, column, diagonal,
    /// anti-diagonal); empty without a winner. Under every rule set.
    #[napi]
    pub fn winning_runs(&self) -> Vec<WinningRun> {
        let cell = |(row, col): (usize, usize)| vec![row as u32, col as u32];
        self.game
            .winning_runs()
            .map(|run| WinningRun {
                first: cell(run.first),
                last: cell(run.last),
                cells: run.cells().map(cell).collect(),
            })
            .collect()
    }

    /// The whole lines the winning move completed; empty without a winner, and under rules
    /// whose wins are not whole lines (k below the side: see `winningRuns`).
    #[napi]
    pub fn winning_lines(&self) -> Vec<WinningLine> {
        self.game
            .winning_lines()
            .map(|line| {
                let index = match line {
                    Line::Row(i) | Line::Column(i) => Some(i as u32),
                    Line::Diagonal | Line::AntiDiagonal => None,
                };
                WinningLine { kind: line.kind_name().to_owned(), index }
            })
            .collect()
    }

    /// The moves made, oldest first, as `[row, col, player]`.
    #[napi(ts_return_type = "Array<[number, number, number]>")]
    pub fn history(&self) -> Vec<Vec<u32>> {
        self.game.history().map(move_triple).collect()
    }

    /// The cells a move may take, as `[row, col]`, row-major: the free cells (under gravity,
    /// the lowest free cell of each column that has one), none once somebody has won.
    #[napi(ts_return_type = "Array<[number, number]>")]
    pub fn legal_moves(&self) -> Vec<Vec<u32>> {
        self.game.legal_moves().map(|(row, col)| vec![row as u32, col as u32]).collect()
    }

    /// The cells as rows * cols bytes, row-major: 0 empty, 1 X, 2 O.
    #[napi]
    pub fn cells(&self) -> Uint8Array {
        Uint8Array::new(self.game.cells().collect())
    }

    /// The board as rows of `X`, `O` and `.`, one a line.
    #[napi]
    pub fn board(&self) -> String {
        self.game.to_string()
    }

    /// The lossless text form, rules included: `tictactoe/1 n=3 moves=0,0,1;1,1,2` or
    /// `tictactoe/1 rows=6 cols=7 k=4 gravity moves=5,3,1`; `TicTacToe.parse` reads it back.
    #[napi(js_name = "toString")]
    pub fn to_text(&self) -> String {
        self.game.text().to_string()
    }

    /// The game a text form (`toString()`) describes. A game that would take more than
    /// `options.maxBytes` bytes (default 8 MiB: boards up to 1364 x 1364) is refused
    /// (`LimitExceededError`) as soon as its size is read, before anything is allocated;
    /// `maxBytes: null` lifts the limit. `ParseError` for text that is not the text form,
    /// else the refusal of what it describes.
    #[napi(factory)]
    pub fn parse(env: Env, text: String, options: Option<ParseOptions>) -> napi::Result<TicTacToe> {
        let limits = match options.and_then(|options| options.max_bytes) {
            None => Limits::DEFAULT,
            Some(napi::Either::B(_)) => Limits::NONE,
            Some(napi::Either::A(max)) => Limits { max_bytes: numbers::max_bytes(&env, max)? },
        };
        let game = limits.parse_game(&text).map_err(Refusal::of_parse);
        Ok(TicTacToe { game: game.or_throw(&env)? })
    }

    /// A game at a position given as rows of `X`, `O`, and `.` or space for empty: with no
    /// options, LeetCode 348's n x n game (n rows of n); with options (`k`, `cols`, `exact`,
    /// `gravity`, or a `Rules`), a board of as many rows as given. `InvalidPositionError`
    /// (with its `reason`) when no legal game under those rules reaches it.
    #[napi(factory)]
    pub fn from_board(
        env: Env,
        rows: Vec<String>,
        options: Option<RulesOptions>,
    ) -> napi::Result<TicTacToe> {
        let rules = board_rules(&env, &rows, options.as_ref())?;
        let game =
            Game::from_rows(rules, &rows).map_err(|error| Refusal::of(error, Given::default()));
        Ok(TicTacToe { game: game.or_throw(&env)? })
    }

    /// Whether rows of text (as `fromBoard` reads them) are a position some legal game under
    /// those rules reaches (X first, alternating, nobody moving after a win): correct for any
    /// board, not just 3 x 3.
    #[napi]
    pub fn is_valid_board(
        env: Env,
        rows: Vec<String>,
        options: Option<RulesOptions>,
    ) -> napi::Result<bool> {
        let rules = board_rules(&env, &rows, options.as_ref())?;
        Ok(validate_rows(rules, &rows).is_ok())
    }

    /// An independent copy: the same rules, moves and history.
    #[napi]
    pub fn clone(&self, env: Env) -> napi::Result<TicTacToe> {
        let game = self.game.try_clone().map_err(|error| Refusal::of(error, Given::default()));
        Ok(TicTacToe { game: game.or_throw(&env)? })
    }

    /// Whether `other` holds the same game: the same rules, position and history.
    #[napi]
    pub fn equals(&self, other: &TicTacToe) -> bool {
        self.game == other.game
    }
}
