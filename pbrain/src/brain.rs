//! The brain's state (the board and its rules, the game, the time controls, the memory
//! allowed, the computer player) and its answer to each line the manager sends.
//!
//! A refused command changes nothing: every check is made before anything is changed (a
//! `BOARD` is built aside and replaces the game only when it is whole and valid), so that the
//! manager may go on after an `ERROR` as if the line had not been sent. An `INFO` is answered
//! by nothing, refused or not (the manager does not read then): what was refused is told in
//! `MESSAGE` lines before the answer to the next move.

use std::time::Instant;

use tictactoe_core::{Error, Game, Player, Rules};
use tictactoe_search::{Computer, Options};

use crate::clock::{self, TimeControls};
use crate::protocol::{is_info, Answer, BoardLine, Command, Info};

/// The smallest and largest board sides: five in a row needs five cells, and 32 is the
/// largest board managers offer (Piskvork's limit; Gomocup plays 15 and 20).
pub const SIZES: core::ops::RangeInclusive<u32> = 5..=32;

/// The marks in a row that win: gomoku's five.
pub const K: usize = 5;

/// What the brain keeps for itself when `max_memory` bounds it: the executable, its stacks and
/// buffers, the game and the search's fixed-size parts, and the solver's table (at most 3 MiB
/// on the boards solving serves here: 2^16 buckets of 48 bytes). The tree search gets the rest.
pub const RESERVED_MEMORY: u64 = 16 << 20;

/// The least the tree search is given, whatever `max_memory` says: below this a move cannot be
/// searched at all (a limit this small cannot be kept, and the brain says so in its docs).
pub const MIN_TREE_MEMORY: u64 = 256 << 10;

/// The tree search's memory when `max_memory` is 0 ("no limit"): the brain's own bound.
pub const DEFAULT_TREE_MEMORY: u64 = 512 << 20;

/// Below this `max_memory`, the solver's table is not taken at all (moves are searched only).
pub const SOLVER_MEMORY: u64 = 32 << 20;

/// The most refused `INFO` lines kept to be told at the next move (the rest are counted).
const MAX_COMPLAINTS: usize = 8;

/// The rule bits of `INFO rule` this brain does not play, and their names.
const UNSUPPORTED_RULES: [(u64, &str); 3] = [(2, "continuous game"), (4, "renju"), (8, "caro")];

/// What the brain does after a line: go on, or exit (after `END`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Read the next line.
    Continue,
    /// Exit.
    Exit,
}

/// A stone given between `BOARD` and `DONE`.
#[derive(Clone, Copy, Debug)]
struct Stone {
    x: u32,
    y: u32,
    own: bool,
}

/// The brain.
pub struct Brain {
    /// Whether only exactly five wins (`INFO rule` bit 1): kept apart from the game's rules
    /// because `INFO rule` may come before `START`.
    exact: bool,
    /// The game, under the board's rows, columns and rule; `None` until `START` or
    /// `RECTSTART`.
    game: Option<Game>,
    time: TimeControls,
    /// `INFO max_memory`, in bytes; 0: no limit.
    max_memory: u64,
    /// The stones of a `BOARD` being read, or `None` outside one; the first error met in it,
    /// answered at `DONE`.
    board: Option<(Vec<Stone>, Option<String>)>,
    /// Whether the lines of a `SWAP2BOARD` are being passed over (up to its `DONE`).
    swap2: bool,
    /// The brain's side in the game, once a move of its own or a `BOARD` has told it; `None`
    /// after `START`, `RECTSTART` and `RESTART`.
    own: Option<Player>,
    /// Why `INFO` lines were refused since the last move (the protocol answers an `INFO`
    /// with nothing: the manager does not read then), told in `MESSAGE` lines before the
    /// answer to the next `BEGIN`, `TURN` or `BOARD`; and how many more were refused.
    complaints: (Vec<String>, usize),
    computer: Computer,
    /// Simulations a move, from `PBRAIN_TICTACTOE_SIMULATIONS`, for reproducible games (the
    /// clock still stops the search); `None`: as many as the time allows.
    simulations: Option<u32>,
    /// Whether to write a `DEBUG` line after each move (its simulations, time, memory).
    debug: bool,
}

impl Default for Brain {
    fn default() -> Brain {
        Brain::new(None, false)
    }
}

impl Brain {
    /// A brain before `START`. `simulations` fixes the simulations of a move (the clock still
    /// stops the search first when it must); `debug` adds a `DEBUG` line after each move.
    pub fn new(simulations: Option<u32>, debug: bool) -> Brain {
        Brain {
            exact: false,
            game: None,
            time: TimeControls::default(),
            max_memory: 0,
            board: None,
            swap2: false,
            own: None,
            complaints: (Vec::new(), 0),
            computer: Computer::new(),
            simulations,
            debug,
        }
    }

    /// The game being played, once started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The answers to one line of the manager's (its end of line may be left on), read at
    /// `received` (the clock of a move starts then), and whether to go on.
    pub fn handle(&mut self, line: &[u8], received: Instant) -> (Vec<Answer>, Next) {
        if self.board.is_some() {
            return self.board_line(line, received);
        }
        if self.swap2 {
            return self.swap2_line(line);
        }
        let command = match Command::parse(line) {
            Ok(Some(command)) => command,
            Ok(None) => return (Vec::new(), Next::Continue),
            Err(error) if is_info(line) => {
                self.complain(format!("INFO: {error}"));
                return (Vec::new(), Next::Continue);
            }
            Err(error) => return (vec![error.into()], Next::Continue),
        };
        let answers = match command {
            Command::End => return (Vec::new(), Next::Exit),
            Command::Start { size } => vec![self.start(size, size)],
            Command::RectStart { width, height } => vec![self.start(width, height)],
            Command::Restart => vec![self.restart()],
            Command::Begin => {
                let answers = self.begin(received);
                self.told(answers)
            }
            Command::Turn { x, y } => {
                let answers = self.turn(x, y, received);
                self.told(answers)
            }
            Command::Board => {
                // Refused at its DONE when there is no game: one answer for the whole.
                self.board = Some((Vec::new(), None));
                Vec::new()
            }
            Command::Takeback { x, y } => vec![self.takeback(x, y)],
            Command::Info(info) => {
                if let Some(complaint) = self.info(info) {
                    self.complain(complaint);
                }
                Vec::new()
            }
            Command::About => vec![Answer::About(format!(
                "name=\"pbrain-tictactoe\", version=\"{}\", author=\"the tictactoe authors\"",
                env!("CARGO_PKG_VERSION")
            ))],
            Command::Swap2Board => {
                self.swap2 = true;
                Vec::new()
            }
        };
        (answers, Next::Continue)
    }

    /// Keeps why an `INFO` line was refused, to be told at the next move.
    fn complain(&mut self, complaint: String) {
        let (kept, more) = &mut self.complaints;
        if kept.len() < MAX_COMPLAINTS {
            kept.push(complaint);
        } else {
            *more += 1;
        }
    }

    /// `answers` (to a `BEGIN`, `TURN` or `BOARD`) after a `MESSAGE` line for each `INFO`
    /// refused since the last such answer.
    fn told(&mut self, answers: Vec<Answer>) -> Vec<Answer> {
        let (kept, more) = core::mem::take(&mut self.complaints);
        let mut told: Vec<Answer> = kept.into_iter().map(Answer::Message).collect();
        if more > 0 {
            told.push(Answer::Message(format!("and {more} more INFO lines refused")));
        }
        told.extend(answers);
        told
    }

    /// A line of a `SWAP2BOARD` (this brain plays no Swap2): passed over up to its `DONE`,
    /// which is answered `UNKNOWN`, one answer for the whole, as the manager expects.
    fn swap2_line(&mut self, line: &[u8]) -> (Vec<Answer>, Next) {
        match BoardLine::parse(line) {
            Ok(Some(BoardLine::Done)) => {
                self.swap2 = false;
                let unknown = "SWAP2BOARD: this brain plays no Swap2 opening";
                (vec![Answer::Unknown(unknown.into())], Next::Continue)
            }
            Err(_) if Command::parse(line) == Ok(Some(Command::End)) => (Vec::new(), Next::Exit),
            _ => (Vec::new(), Next::Continue),
        }
    }

    /// The started game, or the error a command that needs one answers.
    fn started(&mut self) -> Result<&mut Game, Answer> {
        self.game.as_mut().ok_or_else(|| Answer::Error("no game: START comes first".into()))
    }

    fn start(&mut self, width: u32, height: u32) -> Answer {
        if !SIZES.contains(&width) || !SIZES.contains(&height) {
            return Answer::Error(format!(
                "unsupported size {width} x {height}: each side from {} to {}",
                SIZES.start(),
                SIZES.end()
            ));
        }
        // Within 5..=32.
        let (rows, cols) = (height as usize, width as usize);
        let rules = Rules { rows, cols, k: K, exact: self.exact, gravity: false };
        match Game::new(rules) {
            Ok(game) => {
                (self.game, self.own) = (Some(game), None);
                Answer::Ok
            }
            Err(error) => Answer::Error(error.to_string()),
        }
    }

    fn restart(&mut self) -> Answer {
        match self.game.as_ref().map(|game| Game::new(game.rules())) {
            Some(Ok(game)) => {
                (self.game, self.own) = (Some(game), None);
                Answer::Ok
            }
            Some(Err(error)) => Answer::Error(error.to_string()),
            None => Answer::Error("no game: START comes first".into()),
        }
    }

    fn begin(&mut self, received: Instant) -> Vec<Answer> {
        match self.started() {
            Ok(game) if game.marks() == 0 => {
                self.own = Some(game.next_player());
                self.reply(received).unwrap_or_else(|refusal| vec![refusal])
            }
            Ok(_) => vec![Answer::Error("BEGIN on a board with stones: RESTART first".into())],
            Err(error) => vec![error],
        }
    }

    /// The opponent's move and the brain's answer. Refused, changing nothing: a move the
    /// rules refuse, and a `TURN` while the brain is the side to move (after a `TAKEBACK` of
    /// its own move: the stone would be played for the brain). When no move can be searched
    /// (no memory), the opponent's stone is taken back with the refusal; a stone that ends the
    /// game stays, the refusal saying so.
    fn turn(&mut self, x: u32, y: u32, received: Instant) -> Vec<Answer> {
        let own = self.own;
        let game = match self.started() {
            Ok(game) => game,
            Err(error) => return vec![error],
        };
        if own == Some(game.next_player()) && !game.is_over() {
            return vec![Answer::Error(format!(
                "TURN {x},{y}: the brain is to move here, not the opponent (its last move was \
                 taken back)"
            ))];
        }
        if let Err(error) = play(game, x, y) {
            return vec![Answer::Error(error)];
        }
        self.own = Some(game.next_player());
        self.reply(received).unwrap_or_else(|refusal| {
            if let Some(game) = self.game.as_mut().filter(|game| !game.is_over()) {
                // The search failed: nothing of the line stays.
                let _ = game.undo();
            }
            vec![refusal]
        })
    }

    /// The brain's move in the game as it is, played and answered (with a `DEBUG` line when
    /// asked for).
    ///
    /// # Errors
    /// The `ERROR` answer when there is no move: no game, a game that is over (saying how it
    /// ended), a search that failed; the game is then as it was.
    fn reply(&mut self, received: Instant) -> Result<Vec<Answer>, Answer> {
        let Some(game) = self.game.as_mut() else {
            return Err(Answer::Error("no game: START comes first".into()));
        };
        if game.is_over() {
            // The brain is to move: the opponent moved last, and a winner moved last.
            let end = match game.winner() {
                Some(_) => "the game is over: the opponent has five",
                None => "the game is over: the board is full",
            };
            return Err(Answer::Error(end.into()));
        }
        let budget = self.time.budget();
        let deadline = received + budget;
        let solving = clock::solver_nodes(budget);
        let options = Options {
            simulations: self.simulations.unwrap_or_else(|| clock::simulations(budget)),
            // The same position gets the same search, whatever came before it.
            seed: game.marks() as u64,
            max_nodes: Some(solving.unwrap_or(0)),
            perfect: solving.is_some()
                && (self.max_memory == 0 || self.max_memory >= SOLVER_MEMORY),
            book: false,
        };
        let tree_memory = match self.max_memory {
            0 => DEFAULT_TREE_MEMORY,
            max => max.saturating_sub(RESERVED_MEMORY).max(MIN_TREE_MEMORY),
        };
        let tree_memory = usize::try_from(tree_memory).unwrap_or(usize::MAX);
        let mut stop = || Instant::now() >= deadline;
        let chosen = self.computer.best_move_until(game, &options, Some(tree_memory), &mut stop);
        let refused = |error: &dyn core::fmt::Display| Answer::Error(format!("no move: {error}"));
        let (row, col) = chosen.map_err(|error| refused(&error))?;
        game.play(row, col).map_err(|error| refused(&error))?;
        let mut answers = vec![Answer::Move { x: col, y: row }];
        if self.debug {
            let elapsed = received.elapsed();
            answers.insert(
                0,
                Answer::Debug(format!(
                    "simulations {} in {} ms of {} ms budgeted, tree {} bytes",
                    self.computer.simulations(),
                    elapsed.as_millis(),
                    budget.as_millis(),
                    self.computer.tree_bytes()
                )),
            );
        }
        Ok(answers)
    }

    fn takeback(&mut self, x: u32, y: u32) -> Answer {
        let game = match self.started() {
            Ok(game) => game,
            Err(error) => return error,
        };
        let (row, col) = (y as usize, x as usize);
        let last = game.history().next_back();
        match last {
            Some(last) if (last.row, last.col) == (row, col) => {
                return match game.undo() {
                    Ok(_) => Answer::Ok,
                    Err(error) => Answer::Error(error.to_string()),
                };
            }
            Some(last) => {
                return Answer::Error(format!(
                    "{x},{y} is not the last move ({},{}): only the last move is taken back",
                    last.col, last.row
                ))
            }
            None => {}
        }
        // No move since a BOARD (whose stones the game holds as its starting position, in no
        // order): the position without the stone, when it is the last mover's.
        let last_mover = game.next_player().opponent();
        match game.cell(row, col) {
            Err(_) => Answer::Error(off_board(x, y, game)),
            Ok(None) => Answer::Error(format!("no stone at {x},{y} to take back")),
            Ok(Some(player)) if player != last_mover => Answer::Error(format!(
                "the stone at {x},{y} is not the last mover's: only the last move is taken back"
            )),
            Ok(Some(_)) => {
                let mut cells: Vec<u8> = game.cells().collect();
                cells[row * game.cols() + col] = 0;
                match Game::from_cells(game.rules(), &cells) {
                    Ok(taken) => {
                        *game = taken;
                        Answer::Ok
                    }
                    Err(error) => Answer::Error(format!("cannot take back {x},{y}: {error}")),
                }
            }
        }
    }

    /// An `INFO` setting; why it is refused, when it is (the setting then as it was).
    fn info(&mut self, info: Info) -> Option<String> {
        match info {
            Info::TimeoutTurn(ms) => self.time.timeout_turn = ms,
            Info::TimeoutMatch(ms) => self.time.timeout_match = ms,
            Info::TimeLeft(ms) => self.time.time_left = Some(ms),
            Info::MaxMemory(bytes) => self.max_memory = bytes,
            Info::Rule(rule) => return self.rule(rule),
            Info::GameType(_) | Info::Evaluate | Info::Folder | Info::Other(_) => {}
        }
        None
    }

    /// `INFO rule`: bit 1 (exactly five) is played; the others are refused by name, the rule
    /// left as it was.
    fn rule(&mut self, rule: u64) -> Option<String> {
        for (bit, name) in UNSUPPORTED_RULES {
            if rule & bit != 0 {
                return Some(format!(
                    "INFO rule {rule}: {name} ({bit}) is not supported; rules 0 (five or more) \
                     and 1 (exactly five) are"
                ));
            }
        }
        if rule > 1 {
            return Some(format!("INFO rule {rule}: unknown rule bits"));
        }
        let exact = rule == 1;
        if let Some(game) = self.game.as_ref() {
            // The game so far under the new rule: a position that cannot be reached under it
            // (a five that now wins beside a later move) is refused.
            let rules = Rules { exact, ..game.rules() };
            let cells: Vec<u8> = game.cells().collect();
            let ruled = if game.has_starting_position() {
                Game::from_cells(rules, &cells)
            } else {
                Game::new(rules).and_then(|mut ruled| {
                    let moves = game.history().map(|step| (step.row, step.col));
                    ruled.play_all(moves).map(|_| ruled).map_err(|refused| refused.error)
                })
            };
            match ruled {
                Ok(ruled) => self.game = Some(ruled),
                Err(error) => return Some(format!("INFO rule {rule}: {error}")),
            }
        }
        self.exact = exact;
        None
    }

    /// A line between `BOARD` and `DONE`.
    fn board_line(&mut self, line: &[u8], received: Instant) -> (Vec<Answer>, Next) {
        let Some((stones, failed)) = self.board.as_mut() else {
            return (Vec::new(), Next::Continue);
        };
        let mut fail = |error: String| {
            failed.get_or_insert(error);
        };
        match BoardLine::parse(line) {
            Ok(None) => {}
            Ok(Some(BoardLine::Stone { x, y, field })) => match field {
                1 | 2 => stones.push(Stone { x, y, own: field == 1 }),
                3 => fail(format!("{x},{y},3: continuous games (field 3) are not supported")),
                _ => fail(format!("{x},{y},{field}: the field is 1 (own) or 2 (opponent's)")),
            },
            // The manager may end a brain at any time.
            Err(_) if Command::parse(line) == Ok(Some(Command::End)) => {
                return (Vec::new(), Next::Exit)
            }
            Err(error) => fail(error.to_string()),
            Ok(Some(BoardLine::Done)) => {
                let Some((stones, failed)) = self.board.take() else {
                    return (Vec::new(), Next::Continue);
                };
                let built = match failed {
                    Some(error) => Err(error),
                    None => self.position(&stones),
                };
                let answers = match built {
                    Ok(game) => {
                        let own = Some(game.next_player());
                        let before =
                            (self.game.replace(game), core::mem::replace(&mut self.own, own));
                        // A position that is over is refused like any other: the game before
                        // it stays.
                        self.reply(received).unwrap_or_else(|refusal| {
                            (self.game, self.own) = before;
                            vec![refusal]
                        })
                    }
                    Err(error) => vec![Answer::Error(format!("BOARD: {error}"))],
                };
                return (self.told(answers), Next::Continue);
            }
        }
        // Bounded: a board has at most the largest size's cells.
        if stones.len() > (SIZES.end() * SIZES.end()) as usize {
            stones.pop();
            fail("more stones than cells".into());
        }
        (Vec::new(), Next::Continue)
    }

    /// The game of a `BOARD`'s stones, the brain to move: its stones and the opponent's
    /// as many (the brain is then first, X) or one fewer (second, O).
    fn position(&self, stones: &[Stone]) -> Result<Game, String> {
        let rules = self.game.as_ref().map(Game::rules).ok_or("no game: START comes first")?;
        let own = stones.iter().filter(|stone| stone.own).count();
        let theirs = stones.len() - own;
        let me = match theirs.checked_sub(own) {
            Some(0) => Player::X,
            Some(1) => Player::O,
            _ => {
                return Err(format!(
                    "{own} own stones and {theirs} of the opponent's: the brain to move has as \
                     many as the opponent, or one fewer"
                ))
            }
        };
        let mut cells = vec![0u8; rules.cells()];
        for stone in stones {
            let (row, col) = (stone.y as usize, stone.x as usize);
            if row >= rules.rows || col >= rules.cols {
                return Err(off_board_of(stone.x, stone.y, rules));
            }
            let player = if stone.own { me } else { me.opponent() };
            let cell = &mut cells[row * rules.cols + col];
            if *cell != 0 {
                return Err(format!("{},{} is given twice", stone.x, stone.y));
            }
            *cell = player.number();
        }
        Game::from_cells(rules, &cells).map_err(|error| error.to_string())
    }
}

/// The opponent's move at (x, y), or why it is refused (nothing changed then).
fn play(game: &mut Game, x: u32, y: u32) -> Result<(), String> {
    match game.play(y as usize, x as usize) {
        Ok(_) => Ok(()),
        Err(Error::OutOfBounds { .. }) => Err(off_board(x, y, game)),
        Err(Error::Occupied { by, .. }) => {
            let whose = if by == game.next_player() { "the opponent" } else { "the brain" };
            Err(format!("{x},{y} is taken: a stone of {whose}'s is there"))
        }
        Err(Error::GameOver { .. }) => {
            // A winner moved last, but whether that was the brain (its own move won) or the
            // opponent (the brain refused to answer a winning TURN) the game cannot say: the
            // stone names it.
            let last = game.history().last().map(|step| (step.col, step.row));
            Err(match last {
                Some((x, y)) => format!("the game is over: the stone at {x},{y} made five"),
                None => "the game is over".into(),
            })
        }
        Err(error) => Err(error.to_string()),
    }
}

fn off_board(x: u32, y: u32, game: &Game) -> String {
    off_board_of(x, y, game.rules())
}

fn off_board_of(x: u32, y: u32, rules: Rules) -> String {
    format!("{x},{y} is off the board: x below {}, y below {}", rules.cols, rules.rows)
}
