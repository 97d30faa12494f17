//! The Piskvork protocol's text: a manager's line read into a [`Command`] (or, between `BOARD`
//! and `DONE`, a [`BoardLine`]), and an [`Answer`] written as the line the manager reads. Pure
//! functions over bytes, with no state and no I/O, so that any input can be thrown at them
//! (the fuzz target `pbrain_protocol` does): every line is a command, an empty line, or a
//! [`ParseError`] that says what was wrong, never a panic.
//!
//! Coordinates are the protocol's: zero-based, `x` the column and `y` the row. Command words
//! and `INFO` keys are read whatever their case (the protocol sends them upper- and lower-case
//! respectively; a person typing at the brain may not).

use alloc::borrow::Cow;
use core::fmt;

/// The longest line read, in bytes: a `BOARD` line or a command is a few dozen; a longer one
/// is answered with [`ParseError::TooLong`] (the reader drops the rest of it), so that no
/// input makes the brain hold more than this of it.
pub const MAX_LINE: usize = 1024;

/// A command from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START size`: a new game on a size x size board.
    Start {
        /// The board's side.
        size: u32,
    },
    /// `RECTSTART width,height`: a new game on a board of `width` columns and `height` rows.
    RectStart {
        /// The columns (x).
        width: u32,
        /// The rows (y).
        height: u32,
    },
    /// `RESTART`: the same board, emptied.
    Restart,
    /// `BEGIN`: the brain opens the game on the empty board.
    Begin,
    /// `TURN x,y`: the opponent played at (x, y); the brain answers its move.
    Turn {
        /// The column.
        x: u32,
        /// The row.
        y: u32,
    },
    /// `BOARD`: a whole position follows, one [`BoardLine`] a line, ended by `DONE`; the brain
    /// then answers its move.
    Board,
    /// `TAKEBACK x,y`: the stone at (x, y) is taken back (the last one played).
    Takeback {
        /// The column.
        x: u32,
        /// The row.
        y: u32,
    },
    /// `INFO key value`: a setting of the game.
    Info(Info),
    /// `ABOUT`: the brain's name and version.
    About,
    /// `SWAP2BOARD`: a Swap2 opening's stones follow, one a line, ended by `DONE`, and one
    /// answer is expected for the whole (this brain plays no Swap2: it answers `UNKNOWN`).
    Swap2Board,
    /// `END`: the brain exits.
    End,
}

/// The settings `INFO` carries. Times are in milliseconds and memory in bytes, as the protocol
/// gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// `timeout_turn`: the most a turn may take; 0: play as fast as possible.
    TimeoutTurn(u64),
    /// `timeout_match`: the whole game's time; 0: no limit.
    TimeoutMatch(u64),
    /// `time_left`: what is left of the game's time.
    TimeLeft(u64),
    /// `max_memory`: the most memory the brain may take; 0: no limit.
    MaxMemory(u64),
    /// `game_type`: 0 a human opponent, 1 a brain, 2 a tournament, 3 a network tournament.
    GameType(u64),
    /// `rule`: a bit mask; 1 exactly five, 2 continuous game, 4 renju, 8 caro.
    Rule(u64),
    /// `evaluate x,y`: the cell under the user's mouse, for a brain that shows its evaluation
    /// (this one does not: ignored).
    Evaluate,
    /// `folder`: where the brain may keep files (it keeps none: ignored).
    Folder,
    /// A key this brain does not know: ignored, as the protocol asks, so that newer managers
    /// can send keys older brains do not know.
    Other(String),
}

/// A line between `BOARD` and `DONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLine {
    /// `x,y,field`: a stone; field 1 the brain's own, 2 the opponent's, 3 (continuous games
    /// only) a stone of a line already scored.
    Stone {
        /// The column.
        x: u32,
        /// The row.
        y: u32,
        /// 1, 2 or 3, as given (checked by the brain).
        field: u32,
    },
    /// `DONE`: the position is complete; the brain answers its move.
    Done,
}

/// Why a line was not understood. Its text follows `ERROR ` (or, for an unknown command,
/// `UNKNOWN `) in the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The line is longer than [`MAX_LINE`] bytes.
    TooLong,
    /// The line is not UTF-8 text.
    NotText,
    /// The first word is no command of the protocol (the word, cut to 32 characters).
    Unknown(String),
    /// The command needs arguments it was not given, or was given ones it does not take: the
    /// command and the form it takes.
    Arguments {
        /// The command.
        command: &'static str,
        /// Its form, e.g. `TURN x,y`.
        form: &'static str,
    },
    /// A value that is not a non-negative decimal number below 2^32 (2^63 for `INFO`), cut to
    /// 32 characters.
    Number(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::TooLong => write!(f, "line longer than {MAX_LINE} bytes"),
            ParseError::NotText => f.write_str("line is not UTF-8 text"),
            ParseError::Unknown(word) => write!(f, "unknown command '{word}'"),
            ParseError::Arguments { command, form } => {
                write!(f, "{command} takes the form '{form}'")
            }
            ParseError::Number(text) => {
                write!(f, "'{text}' is not a number (a decimal integer, 0 or more)")
            }
        }
    }
}

impl core::error::Error for ParseError {}

/// An answer to the manager: one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `OK`: the command was done.
    Ok,
    /// `x,y`: the brain's move.
    Move {
        /// The column.
        x: usize,
        /// The row.
        y: usize,
    },
    /// `ERROR text`: the command was refused, and nothing changed (see the brain).
    Error(String),
    /// `UNKNOWN text`: the command is not one of the protocol's (or not one this brain has).
    Unknown(String),
    /// `DEBUG text`: what a manager shows in its debug log only.
    Debug(String),
    /// `MESSAGE text`: what a manager shows its user, before an answer.
    Message(String),
    /// The answer to `ABOUT`: `name="...", version="...", ...`.
    About(String),
}

impl fmt::Display for Answer {
    /// The line, without its end of line (the writer adds it). Texts are kept to one line: an
    /// end of line inside one is written as a space, so that an answer is always one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let one_line = |text: &str| text.replace(['\r', '\n'], " ");
        match self {
            Answer::Ok => f.write_str("OK"),
            Answer::Move { x, y } => write!(f, "{x},{y}"),
            Answer::Error(text) => write!(f, "ERROR {}", one_line(text)),
            Answer::Unknown(text) => write!(f, "UNKNOWN {}", one_line(text)),
            Answer::Debug(text) => write!(f, "DEBUG {}", one_line(text)),
            Answer::Message(text) => write!(f, "MESSAGE {}", one_line(text)),
            Answer::About(text) => f.write_str(&one_line(text)),
        }
    }
}

impl From<ParseError> for Answer {
    fn from(error: ParseError) -> Answer {
        match error {
            ParseError::Unknown(_) => Answer::Unknown(error.to_string()),
            error => Answer::Error(error.to_string()),
        }
    }
}

/// A value cut to 32 characters, for an error message: a manager's log is not the place for a
/// megabyte of garbage.
fn cut(text: &str) -> String {
    text.chars().take(32).collect()
}

/// The line as text, its end of line (CR, LF or both, as managers send them) and surrounding
/// spaces removed. An `INFO` line that is not UTF-8 is read with its other bytes replaced (a
/// Windows manager sends `INFO folder` in its code page; no key this brain reads is past
/// ASCII): an `INFO` is answered by nothing, a refusal included ([`is_info`]).
fn text(line: &[u8]) -> Result<Cow<'_, str>, ParseError> {
    if line.len() > MAX_LINE {
        return Err(ParseError::TooLong);
    }
    let text = match core::str::from_utf8(line) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) if is_info(line) => String::from_utf8_lossy(line),
        Err(_) => return Err(ParseError::NotText),
    };
    Ok(match text {
        Cow::Borrowed(text) => Cow::Borrowed(trimmed(text)),
        Cow::Owned(text) => Cow::Owned(trimmed(&text).to_owned()),
    })
}

/// `text` without the spaces and ends of line around it.
fn trimmed(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// Whether `line` is an `INFO` command (whatever its case, and whatever follows): the one
/// command the protocol answers with nothing, even when it is refused; the manager does not
/// read the brain's output after it. What was wrong waits for the next move's answer.
///
/// ```
/// use tictactoe_pbrain::protocol::is_info;
/// assert!(is_info(b"INFO rule 4\r\n") && is_info(b"  info") && is_info(b"INFO folder \xff"));
/// assert!(!is_info(b"INFORMATION") && !is_info(b"TURN 1,1"));
/// ```
pub fn is_info(line: &[u8]) -> bool {
    let start = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(line.len());
    let line = &line[start..];
    line.len() >= 4
        && line[..4].eq_ignore_ascii_case(b"INFO")
        && line.get(4).map_or(true, u8::is_ascii_whitespace)
}

/// A non-negative decimal number no larger than `max`, spaces around it allowed.
fn number(text: &str, max: u64) -> Result<u64, ParseError> {
    let trimmed = text.trim();
    let bad = || ParseError::Number(cut(trimmed));
    if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match trimmed.parse::<u64>() {
        Ok(value) if value <= max => Ok(value),
        _ => Err(bad()),
    }
}

/// A coordinate or a size: below 2^32.
fn small(text: &str) -> Result<u32, ParseError> {
    // Below 2^32 by the bound.
    number(text, u64::from(u32::MAX)).map(|value| value as u32)
}

/// Exactly `N` comma-separated numbers below 2^32, or the command's form as the error.
fn numbers<const N: usize>(
    args: &str,
    command: &'static str,
    form: &'static str,
) -> Result<[u32; N], ParseError> {
    let parts: Vec<&str> = args.split(',').collect();
    if parts.len() != N {
        return Err(ParseError::Arguments { command, form });
    }
    let mut out = [0; N];
    for (value, part) in out.iter_mut().zip(parts) {
        *value = small(part)?;
    }
    Ok(out)
}

/// Refuses arguments given to a command that takes none.
fn none(args: &str, command: &'static str) -> Result<(), ParseError> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(ParseError::Arguments { command, form: command })
    }
}

impl Command {
    /// The command of one line (its end of line may be left on), `None` for an empty line
    /// (which the protocol says to ignore).
    ///
    /// ```
    /// use tictactoe_pbrain::protocol::{Command, Info, ParseError};
    /// assert_eq!(Command::parse(b"TURN 10,7\r\n"), Ok(Some(Command::Turn { x: 10, y: 7 })));
    /// assert_eq!(Command::parse(b"INFO timeout_turn 5000"), Ok(Some(Command::Info(Info::TimeoutTurn(5000)))));
    /// assert_eq!(Command::parse(b"  \r\n"), Ok(None));
    /// assert!(matches!(Command::parse(b"TURN -1,3"), Err(ParseError::Number(_))));
    /// assert!(matches!(Command::parse(b"JUMP"), Err(ParseError::Unknown(_))));
    /// ```
    ///
    /// # Errors
    /// A [`ParseError`] naming what is wrong.
    pub fn parse(line: &[u8]) -> Result<Option<Command>, ParseError> {
        let text = text(line)?;
        let text = text.as_ref();
        if text.is_empty() {
            return Ok(None);
        }
        let (word, args) = match text.split_once(|c: char| c.is_ascii_whitespace()) {
            Some((word, args)) => (word, args.trim()),
            None => (text, ""),
        };
        let command = match word.to_ascii_uppercase().as_str() {
            "START" => Command::Start { size: numbers::<1>(args, "START", "START size")?[0] },
            "RECTSTART" => {
                let [width, height] = numbers(args, "RECTSTART", "RECTSTART width,height")?;
                Command::RectStart { width, height }
            }
            "RESTART" => none(args, "RESTART").map(|()| Command::Restart)?,
            "BEGIN" => none(args, "BEGIN").map(|()| Command::Begin)?,
            "TURN" => {
                let [x, y] = numbers(args, "TURN", "TURN x,y")?;
                Command::Turn { x, y }
            }
            "BOARD" => none(args, "BOARD").map(|()| Command::Board)?,
            "TAKEBACK" => {
                let [x, y] = numbers(args, "TAKEBACK", "TAKEBACK x,y")?;
                Command::Takeback { x, y }
            }
            "INFO" => Command::Info(Info::parse(args)?),
            "ABOUT" => none(args, "ABOUT").map(|()| Command::About)?,
            "SWAP2BOARD" => none(args, "SWAP2BOARD").map(|()| Command::Swap2Board)?,
            "END" => none(args, "END").map(|()| Command::End)?,
            _ => return Err(ParseError::Unknown(cut(word))),
        };
        Ok(Some(command))
    }
}

impl Info {
    /// The setting of `INFO`'s arguments, `key value`.
    fn parse(args: &str) -> Result<Info, ParseError> {
        let form = ParseError::Arguments { command: "INFO", form: "INFO key value" };
        let (key, value) = match args.split_once(|c: char| c.is_ascii_whitespace()) {
            Some((key, value)) => (key, value.trim()),
            None if args.is_empty() => return Err(form),
            None => (args, ""),
        };
        // Values fit an i64, so that a time in milliseconds can be added to an instant.
        let value_of = || number(value, i64::MAX as u64);
        Ok(match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => Info::TimeoutTurn(value_of()?),
            "timeout_match" => Info::TimeoutMatch(value_of()?),
            // "The remaining time can be negative when the brain runs out of time": none left.
            "time_left" => match value.strip_prefix('-') {
                Some(late) => number(late, u64::MAX).map(|_| Info::TimeLeft(0))?,
                None => Info::TimeLeft(value_of()?),
            },
            "max_memory" => Info::MaxMemory(value_of()?),
            "game_type" => Info::GameType(value_of()?),
            "rule" => Info::Rule(value_of()?),
            "evaluate" => Info::Evaluate,
            "folder" => Info::Folder,
            other => Info::Other(cut(other)),
        })
    }
}

impl BoardLine {
    /// The line between `BOARD` and `DONE`: `x,y,field` or `DONE`; `None` for an empty line.
    ///
    /// ```
    /// use tictactoe_pbrain::protocol::BoardLine;
    /// assert_eq!(BoardLine::parse(b"7,8,2\r\n"), Ok(Some(BoardLine::Stone { x: 7, y: 8, field: 2 })));
    /// assert_eq!(BoardLine::parse(b"DONE"), Ok(Some(BoardLine::Done)));
    /// assert!(BoardLine::parse(b"7,8").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`ParseError`] naming what is wrong.
    pub fn parse(line: &[u8]) -> Result<Option<BoardLine>, ParseError> {
        let text = text(line)?;
        let text = text.as_ref();
        if text.is_empty() {
            return Ok(None);
        }
        if text.eq_ignore_ascii_case("DONE") {
            return Ok(Some(BoardLine::Done));
        }
        let [x, y, field] = numbers(text, "BOARD", "x,y,field (or DONE)")?;
        Ok(Some(BoardLine::Stone { x, y, field }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_reads() {
        let cases: [(&[u8], Command); 18] = [
            (b"START 20", Command::Start { size: 20 }),
            (b"start 15\r\n", Command::Start { size: 15 }),
            (b"RECTSTART 20,15", Command::RectStart { width: 20, height: 15 }),
            (b"RESTART", Command::Restart),
            (b"BEGIN\r", Command::Begin),
            (b"TURN 0, 19", Command::Turn { x: 0, y: 19 }),
            (b"BOARD", Command::Board),
            (b"TAKEBACK 3,4", Command::Takeback { x: 3, y: 4 }),
            (b"INFO rule 1", Command::Info(Info::Rule(1))),
            (b"INFO max_memory 83886080", Command::Info(Info::MaxMemory(83_886_080))),
            (b"INFO evaluate 3,4", Command::Info(Info::Evaluate)),
            (b"INFO folder C:\\tmp dir", Command::Info(Info::Folder)),
            (b"INFO swap2 1", Command::Info(Info::Other("swap2".into()))),
            (b"ABOUT", Command::About),
            (b"SWAP2BOARD\r\n", Command::Swap2Board),
            // The match clock ran out: none left.
            (b"INFO time_left -250", Command::Info(Info::TimeLeft(0))),
            (b"INFO time_left 0", Command::Info(Info::TimeLeft(0))),
            // A Windows code page's path: read, the bytes that are not UTF-8 replaced.
            (b"INFO folder C:\\Ji\xf8\xed", Command::Info(Info::Folder)),
        ];
        for (line, command) in cases {
            assert_eq!(
                Command::parse(line),
                Ok(Some(command)),
                "{}",
                String::from_utf8_lossy(line)
            );
        }
        assert_eq!(Command::parse(b"END\n"), Ok(Some(Command::End)));
    }

    #[test]
    fn bad_lines_are_named() {
        let arguments = |command, form| Err(ParseError::Arguments { command, form });
        assert_eq!(Command::parse(b"TURN 3"), arguments("TURN", "TURN x,y"));
        assert_eq!(Command::parse(b"TURN 3,4,5"), arguments("TURN", "TURN x,y"));
        assert_eq!(Command::parse(b"BEGIN 3"), arguments("BEGIN", "BEGIN"));
        assert_eq!(Command::parse(b"INFO"), arguments("INFO", "INFO key value"));
        assert_eq!(Command::parse(b"TURN 3,-4"), Err(ParseError::Number("-4".into())));
        assert_eq!(
            Command::parse(b"START 4294967296"),
            Err(ParseError::Number("4294967296".into()))
        );
        assert_eq!(
            Command::parse(b"START 4294967295"),
            Ok(Some(Command::Start { size: u32::MAX }))
        );
        assert_eq!(Command::parse(b"TURN ,"), Err(ParseError::Number(String::new())));
        assert_eq!(Command::parse(b"INFO timeout_turn"), Err(ParseError::Number(String::new())));
        assert_eq!(Command::parse(b"INFO time_left 1e3"), Err(ParseError::Number("1e3".into())));
        assert_eq!(Command::parse(b"INFO time_left -"), Err(ParseError::Number(String::new())));
        assert_eq!(Command::parse(b"INFO time_left --5"), Err(ParseError::Number("-5".into())));
        assert_eq!(Command::parse(b"INFO max_memory -5"), Err(ParseError::Number("-5".into())));
        assert_eq!(
            Command::parse(b"INFO rule \xff"),
            Err(ParseError::Number("\u{fffd}".into())),
            "an INFO's bytes that are not text, replaced"
        );
        assert_eq!(Command::parse(b"INFORMATION \xff"), Err(ParseError::NotText));
        assert_eq!(
            Command::parse(b"SWAP2BOARD 1"),
            Err(ParseError::Arguments { command: "SWAP2BOARD", form: "SWAP2BOARD" })
        );
        assert_eq!(Command::parse(b"TURN \xff,1"), Err(ParseError::NotText));
        assert_eq!(Command::parse(&[b'A'; MAX_LINE + 1]), Err(ParseError::TooLong));
        let long_word = Command::parse(&[b'A'; 100]);
        assert_eq!(long_word, Err(ParseError::Unknown("A".repeat(32))));
        assert_eq!(BoardLine::parse(b"1,2,x"), Err(ParseError::Number("x".into())));
    }

    #[test]
    fn answers_are_one_line_each() {
        assert_eq!(Answer::Move { x: 3, y: 14 }.to_string(), "3,14");
        assert_eq!(Answer::Error("a\r\nb".into()).to_string(), "ERROR a  b");
        assert_eq!(
            Answer::from(ParseError::Unknown("X".into())).to_string(),
            "UNKNOWN unknown command 'X'"
        );
        assert_eq!(
            Answer::from(ParseError::TooLong).to_string(),
            "ERROR line longer than 1024 bytes"
        );
    }

    /// Random lines, deterministic (a fixed SplitMix64 stream): built from the protocol's own
    /// words, numbers, separators and bytes that are not text, so that most reach deep into
    /// the parser. None may panic, and every refusal's answer is one line.
    #[test]
    fn random_lines_never_panic() {
        const PIECES: [&[u8]; 24] = [
            b"START",
            b"RECTSTART",
            b"TURN",
            b"BEGIN",
            b"BOARD",
            b"DONE",
            b"INFO",
            b"TAKEBACK",
            b"END",
            b"ABOUT",
            b"RESTART",
            b"timeout_turn",
            b"rule",
            b"max_memory",
            b" ",
            b",",
            b"-",
            b"0",
            b"19",
            b"99999999999999999999",
            b"\r",
            b"\n",
            b"\xff\xfe",
            b"\xc3\xa9",
        ];
        let mut state = 0x5eed_u64;
        let mut next = || tictactoe_core::random::next(&mut state);
        let mut parsed = 0;
        for _ in 0..20_000 {
            let mut line = Vec::new();
            for _ in 0..next() % 8 {
                match next() % 4 {
                    0 => line.push(next() as u8),
                    _ => line.extend_from_slice(PIECES[(next() % 24) as usize]),
                }
            }
            match Command::parse(&line) {
                Ok(Some(_)) => parsed += 1,
                Ok(None) => {}
                Err(error) => assert!(!Answer::from(error).to_string().contains(['\r', '\n'])),
            }
            if let Err(error) = BoardLine::parse(&line) {
                assert!(!Answer::from(error).to_string().contains(['\r', '\n']));
            }
        }
        assert!(parsed > 100, "only {parsed} lines parsed: the generator misses the grammar");
    }
}
