//! A model manager: runs `pbrain-tictactoe` as Piskvork and the Gomocup judge do (a child
//! process, commands on its stdin, answers read from its stdout, `DEBUG` and `MESSAGE` lines
//! passed over), judges the games with the core, and times every answer against the turn's
//! limit as the manager's clock sees it (from the command written to the answer read).

use core::time::Duration;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::Instant;

use tictactoe_core::{random, Game, Player, Rules};

/// How long the manager waits for any line before it calls the brain hung.
const HUNG: Duration = Duration::from_secs(10);

/// A brain process, spoken to line by line.
struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    /// Starts the brain; `simulations` fixes its simulations a move (reproducible moves).
    fn start(simulations: Option<u32>) -> Brain {
        let mut command = Command::new(env!("CARGO_BIN_EXE_pbrain-tictactoe"));
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        command.env("PBRAIN_TICTACTOE_DEBUG", "1");
        if let Some(n) = simulations {
            command.env("PBRAIN_TICTACTOE_SIMULATIONS", n.to_string());
        }
        let mut child = command.spawn().expect("the brain starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Brain { child, stdin, lines }
    }

    /// Writes `bytes` as they are (a manager ends lines with CR LF).
    fn write(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, line: &str) {
        self.write(format!("{line}\r\n").as_bytes());
    }

    /// The next answer line, `DEBUG`/`MESSAGE` lines passed over, and the time it took from
    /// `since`.
    fn answer_since(&mut self, since: Instant) -> (String, Duration) {
        loop {
            let line = self.lines.recv_timeout(HUNG).expect("the brain answers");
            let elapsed = since.elapsed();
            if !line.starts_with("DEBUG") && !line.starts_with("MESSAGE") {
                return (line, elapsed);
            }
        }
    }

    /// Sends `line` and returns the `MESSAGE` lines written before its answer, and the answer
    /// (`DEBUG` lines passed over).
    fn ask_told(&mut self, line: &str) -> (Vec<String>, String) {
        self.send(line);
        let mut messages = Vec::new();
        loop {
            let line = self.lines.recv_timeout(HUNG).expect("the brain answers");
            match line.strip_prefix("MESSAGE ") {
                Some(message) => messages.push(message.to_owned()),
                None if line.starts_with("DEBUG") => {}
                None => return (messages, line),
            }
        }
    }

    /// Sends `line` and returns the answer and how long it took.
    fn ask_timed(&mut self, line: &str) -> (String, Duration) {
        let since = Instant::now();
        self.send(line);
        self.answer_since(since)
    }

    fn ask(&mut self, line: &str) -> String {
        self.ask_timed(line).0
    }

    /// Sends the lines of a `BOARD` (the stones as `x,y,field`) and returns the answer.
    fn board(&mut self, stones: &[(usize, usize, u8)]) -> (String, Duration) {
        self.send("BOARD");
        for (x, y, field) in stones {
            self.send(&format!("{x},{y},{field}"));
        }
        self.ask_timed("DONE")
    }

    /// Asserts that nothing more is written for a while (commands that answer nothing).
    fn silent(&mut self) {
        if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
            panic!("unexpected answer: {line}");
        }
    }

    /// Sends `END` and waits for the brain to exit on its own.
    fn end(mut self) {
        self.send("END");
        let deadline = Instant::now() + HUNG;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.child.kill().unwrap();
        panic!("the brain did not exit on END");
    }
}

/// A move answer, `x,y`.
fn coordinates(answer: &str) -> (usize, usize) {
    let parse = || {
        let (x, y) = answer.split_once(',')?;
        Some((x.parse().ok()?, y.parse().ok()?))
    };
    parse().unwrap_or_else(|| panic!("not a move: {answer}"))
}

/// Plays the brain's answer (x, y) in the manager's game: it must be a legal, empty cell.
fn judge(game: &mut Game, answer: &str) -> (usize, usize) {
    let (x, y) = coordinates(answer);
    assert!(x < game.cols() && y < game.rows(), "{answer} off the board\n{game}");
    assert_eq!(game.cell(y, x).unwrap(), None, "{answer} taken\n{game}");
    game.play(y, x).unwrap();
    (x, y)
}

/// The timed tests, one at a time: brains of two tests thinking at once on a 2-core machine
/// would time each other's scheduling, not the brain.
static TIMED: Mutex<()> = Mutex::new(());

fn timed() -> MutexGuard<'static, ()> {
    TIMED.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The answer came within the turn's limit, as the manager's clock sees it: the brain's own
/// margin (an eighth of the limit and 15 ms) is what covers the way of the answer.
fn within(elapsed: Duration, limit_ms: u64, what: &str) {
    assert!(elapsed <= Duration::from_millis(limit_ms), "{what}: {elapsed:?} > {limit_ms} ms");
}

/// Plays a whole game: the brain (opening when `brain_first`) against random legal moves, the
/// game judged by the core. Each answer's time against `limit_ms`; the slowest returned.
fn versus_random(
    brain: &mut Brain,
    rules: Rules,
    brain_first: bool,
    seed: u64,
    limit_ms: u64,
) -> Duration {
    let mut game = Game::new(rules).unwrap();
    let mut state = seed;
    let mut slowest = Duration::ZERO;
    let (mut answer, mut elapsed) = if brain_first {
        brain.ask_timed("BEGIN")
    } else {
        let (x, y) = (rules.cols / 2, rules.rows / 2);
        game.play(y, x).unwrap();
        brain.ask_timed(&format!("TURN {x},{y}"))
    };
    loop {
        within(elapsed, limit_ms, &format!("{game}"));
        slowest = slowest.max(elapsed);
        judge(&mut game, &answer);
        if game.is_over() {
            break;
        }
        let legal: Vec<_> = game.legal_moves().collect();
        let (row, col) = legal[(random::next(&mut state) % legal.len() as u64) as usize];
        game.play(row, col).unwrap();
        if game.is_over() {
            break;
        }
        (answer, elapsed) = brain.ask_timed(&format!("TURN {col},{row}"));
    }
    // Against random moves the brain wins (or, on a small board, at least draws).
    assert_ne!(game.winner(), Some(if brain_first { Player::O } else { Player::X }), "\n{game}");
    slowest
}

#[test]
fn whole_games_against_random_moves_keep_the_turn_limit() {
    let _alone = timed();
    let mut brain = Brain::start(None);
    brain.send("INFO timeout_turn 200");
    let mut slowest = Duration::ZERO;
    for (size, exact, seed) in [(15, false, 1), (20, true, 2)] {
        brain.send(&format!("INFO rule {}", u8::from(exact)));
        assert_eq!(brain.ask(&format!("START {size}")), "OK");
        let rules = Rules { rows: size, cols: size, k: 5, exact, gravity: false };
        slowest = slowest.max(versus_random(&mut brain, rules, true, seed, 200));
        assert_eq!(brain.ask("RESTART"), "OK");
        slowest = slowest.max(versus_random(&mut brain, rules, false, seed + 10, 200));
    }
    // A rectangle, and the smallest board, where solving takes over at the end.
    assert_eq!(brain.ask("RECTSTART 12,7"), "OK");
    versus_random(&mut brain, Rules::mnk(7, 12, 5), true, 3, 200);
    assert_eq!(brain.ask("START 5"), "OK");
    versus_random(&mut brain, Rules::mnk(5, 5, 5), false, 4, 200);
    eprintln!("slowest answer at timeout_turn 200: {slowest:?}");
    brain.end();
}

#[test]
fn the_match_clock_and_time_left_shorten_the_turn() {
    let _alone = timed();
    let mut brain = Brain::start(None);
    for line in ["INFO timeout_turn 5000", "INFO timeout_match 60000", "INFO time_left 4000"] {
        brain.send(line);
    }
    brain.silent();
    assert_eq!(brain.ask("START 20"), "OK");
    // 1/20 of the 4 s left: 200 ms a move, not 5 s.
    let (answer, elapsed) = brain.ask_timed("BEGIN");
    within(elapsed, 200, &answer);
    brain.send("INFO time_left 1600");
    let (answer, elapsed) = brain.ask_timed("TURN 0,0");
    within(elapsed, 80, &answer);
    // timeout_turn 0, as fast as possible: the brain's own limit is 20 ms; the manager's clock
    // is allowed a loaded machine's scheduling on top (a limit of 0 has no margin to cover it).
    brain.send("INFO timeout_match 0");
    brain.send("INFO timeout_turn 0");
    let (answer, elapsed) = brain.ask_timed("TURN 19,19");
    within(elapsed, 20 + 80, &answer);
    brain.end();
}

/// Two brains, each its own process, playing a whole game through the manager.
#[test]
fn two_brains_play_a_whole_game() {
    let _alone = timed();
    let mut brains = [Brain::start(None), Brain::start(None)];
    for brain in &mut brains {
        brain.send("INFO timeout_turn 100");
        assert_eq!(brain.ask("START 15"), "OK");
    }
    let mut game = Game::new(Rules::GOMOKU).unwrap();
    let (mut answer, mut elapsed) = brains[0].ask_timed("BEGIN");
    let mut turn = 0;
    loop {
        within(elapsed, 100, &answer);
        let (x, y) = judge(&mut game, &answer);
        if game.is_over() {
            break;
        }
        turn = 1 - turn;
        (answer, elapsed) = brains[turn].ask_timed(&format!("TURN {x},{y}"));
    }
    assert!(game.marks() >= 9, "{game}");
    eprintln!("two brains: {} moves, {:?}", game.marks(), game.status());
    for brain in brains {
        brain.end();
    }
}

#[test]
fn about_names_the_brain() {
    let mut brain = Brain::start(None);
    let about = brain.ask("ABOUT");
    assert!(about.starts_with("name=\"pbrain-tictactoe\", version=\""), "{about}");
    brain.end();
}

/// `max_memory` bounds the tree, and the whole process stays within it (its peak resident
/// memory, as Linux counts it).
#[test]
fn max_memory_is_kept() {
    let _alone = timed();
    let mut brain = Brain::start(None);
    brain.send("INFO max_memory 24000000");
    brain.send("INFO timeout_turn 300");
    assert_eq!(brain.ask("START 20"), "OK");
    brain.send("BEGIN");
    let mut debug = None;
    let since = Instant::now();
    while debug.is_none() {
        let line = brain.lines.recv_timeout(HUNG).unwrap();
        debug = line.strip_prefix("DEBUG ").map(String::from);
    }
    let (answer, _) = brain.answer_since(since);
    coordinates(&answer);
    let debug = debug.unwrap();
    let tree: usize = debug.split(' ').nth_back(1).unwrap().parse().unwrap();
    assert!(tree <= 24_000_000 - (16 << 20), "{debug}");
    let status = std::fs::read_to_string(format!("/proc/{}/status", brain.child.id())).unwrap();
    let peak = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).unwrap();
    let kb: u64 = peak.trim().trim_end_matches("kB").trim().parse().unwrap();
    assert!(kb * 1024 <= 24_000_000, "peak resident {kb} kB");
    brain.end();
}

/// The position the rejection tests start from: the brain's stones (field 1) and the
/// opponent's (field 2), as many each: the brain is first.
const POSITION: [(usize, usize, u8); 6] =
    [(7, 7, 1), (8, 7, 2), (8, 8, 1), (6, 6, 2), (9, 9, 1), (6, 8, 2)];

/// A brain (fixed simulations, so that its moves repeat) at [`POSITION`] on 15 x 15, having
/// answered its move; that move.
fn at_position() -> (Brain, String) {
    let mut brain = Brain::start(Some(300));
    brain.send("INFO timeout_turn 5000");
    assert_eq!(brain.ask("START 15"), "OK");
    let (answer, _) = brain.board(&POSITION);
    coordinates(&answer);
    (brain, answer)
}

/// Whether an answer is a refusal.
fn refused(answer: &str) -> bool {
    answer.starts_with("ERROR ") || answer.starts_with("UNKNOWN ")
}

#[test]
fn commands_before_start_and_bad_sizes_are_refused() {
    let mut brain = Brain::start(None);
    for line in ["TURN 1,1", "BEGIN", "TAKEBACK 1,1", "RESTART"] {
        let answer = brain.ask(line);
        assert!(answer.starts_with("ERROR no game"), "{line}: {answer}");
    }
    // A BOARD is answered once, at its DONE.
    brain.send("BOARD");
    brain.send("7,7,1");
    brain.silent();
    assert_eq!(brain.ask("DONE"), "ERROR BOARD: no game: START comes first");
    for line in [
        "START 4",
        "START 33",
        "START 0",
        "START 4294967296",
        "START",
        "START 15,15",
        "RECTSTART 5,33",
        "RECTSTART 4,20",
        "RECTSTART 20",
        "START -15",
    ] {
        let answer = brain.ask(line);
        assert!(answer.starts_with("ERROR "), "{line}: {answer}");
    }
    assert_eq!(brain.ask("RECTSTART 32,5"), "OK");
    assert_eq!(brain.ask("START 32"), "OK");
    brain.end();
}

/// An `INFO` is answered by nothing, refused or not (the manager does not read then): what
/// was refused is told in `MESSAGE` lines before the next move's answer, the settings as they
/// were.
#[test]
fn refused_info_lines_are_told_at_the_next_move() {
    let mut brain = Brain::start(Some(50));
    let rules = [(2, "continuous"), (4, "renju"), (8, "caro"), (5, "renju"), (16, "unknown")];
    for (rule, _) in rules {
        brain.send(&format!("INFO rule {rule}"));
    }
    brain.send("INFO timeout_turn abc");
    brain.send("INFO");
    brain.send("INFO max_memory -1");
    brain.send("INFO game_type many");
    // Not UTF-8 (a Windows manager's code page): read, and ignored as a folder is.
    brain.write(b"INFO folder C:\\Users\\Ji\xf8\xed\r\n");
    brain.send("INFO rule 1");
    brain.silent();
    assert_eq!(brain.ask_told("START 15"), (Vec::new(), "OK".to_owned()));
    let (told, answer) = brain.ask_told("BEGIN");
    coordinates(&answer);
    // Eight told, the ninth counted.
    assert_eq!(told.len(), 9, "{told:?}");
    for ((rule, name), message) in rules.iter().zip(&told) {
        assert!(message.starts_with(&format!("INFO rule {rule}: ")) && message.contains(name));
    }
    assert!(told[5].starts_with("INFO: 'abc' is not a number"), "{}", told[5]);
    assert_eq!(told[6], "INFO: INFO takes the form 'INFO key value'");
    assert!(told[7].starts_with("INFO: '-1' is not a number"), "{}", told[7]);
    assert_eq!(told[8], "and 1 more INFO lines refused");
    // Told once.
    let (told, answer) = brain.ask_told("TURN 0,0");
    assert!(told.is_empty(), "{told:?}");
    coordinates(&answer);
    brain.send("INFO rule 0");
    brain.silent();
    brain.end();
}

/// A negative `time_left` (the match clock ran out) is none left: the brain moves at once.
#[test]
fn a_negative_time_left_is_none_left() {
    let _alone = timed();
    let mut brain = Brain::start(None);
    brain.send("INFO timeout_turn 5000");
    brain.send("INFO time_left -5");
    brain.silent();
    assert_eq!(brain.ask("START 15"), "OK");
    let (told, answer) = brain.ask_told("BEGIN");
    assert!(told.is_empty(), "{told:?}");
    coordinates(&answer);
    let (answer, elapsed) = brain.ask_timed("TURN 0,0");
    within(elapsed, 80, &answer);
    brain.end();
}

/// `SWAP2BOARD` and its stones up to `DONE` get one answer, `UNKNOWN`: this brain plays no
/// Swap2, and the manager reads one line for the whole.
#[test]
fn a_swap2_board_is_answered_once() {
    let mut brain = Brain::start(Some(50));
    assert_eq!(brain.ask("START 15"), "OK");
    for line in ["SWAP2BOARD", "7,7", "8,7", "9,9"] {
        brain.send(line);
    }
    brain.silent();
    assert_eq!(brain.ask("DONE"), "UNKNOWN SWAP2BOARD: this brain plays no Swap2 opening");
    brain.silent();
    coordinates(&brain.ask("BEGIN"));
    brain.end();
}

/// A `TURN` while the brain is to move (its own move taken back) is refused: the stone would
/// be the brain's. Nothing changes: the opponent's move taken back and played again gets the
/// same answer.
#[test]
fn a_turn_when_the_brain_is_to_move_is_refused() {
    let mut brain = Brain::start(Some(100));
    assert_eq!(brain.ask("START 15"), "OK");
    let first = brain.ask("TURN 7,7");
    let (x, y) = coordinates(&first);
    assert_eq!(brain.ask(&format!("TAKEBACK {x},{y}")), "OK");
    let refused = brain.ask("TURN 8,8");
    assert!(refused.starts_with("ERROR TURN 8,8: the brain is to move here"), "{refused}");
    assert_eq!(brain.ask("TAKEBACK 7,7"), "OK");
    assert_eq!(brain.ask("TURN 7,7"), first);
    brain.end();
}

/// Every kind of bad line is refused and leaves the game as it was: the brain's next move
/// after them is the move a fresh brain makes at the same position.
#[test]
fn rejected_input_changes_nothing() {
    let (mut fresh, first) = at_position();
    let (fresh_answer, _) = fresh.ask_timed("TURN 3,3");
    fresh.end();

    let (mut brain, again) = at_position();
    assert_eq!(again, first, "the same position, the same move");
    let (fx, fy) = coordinates(&first);
    let refusals: Vec<Vec<u8>> = [
        "garbage".to_string(),
        "TURN".into(),
        "TURN 7".into(),
        "TURN 7,7,7".into(),
        "TURN -1,3".into(),
        "TURN 15,0".into(),
        "TURN 0,15".into(),
        "TURN 3;3".into(),
        "TURN 99999999999999999999,1".into(),
        "TURN 7,7".into(),
        format!("TURN {fx},{fy}"),
        "TURN 0x3,3".into(),
        "BEGIN".into(),
        "TAKEBACK 0,0".into(),
        "TAKEBACK 7,7".into(),
        "TAKEBACK 99,99".into(),
        "START 40".into(),
        "RECTSTART 20".into(),
        "ABOUT now".into(),
        "END please".into(),
        "turn 3".into(),
    ]
    .into_iter()
    .map(String::into_bytes)
    .chain([b"TURN \xff\xfe,1\r\n".to_vec(), b"\x00\x01\x02".to_vec(), vec![b'7'; 100_000]])
    .collect();
    for line in refusals {
        let since = Instant::now();
        brain.write(&line);
        brain.write(b"\r\n");
        let (answer, _) = brain.answer_since(since);
        let shown = String::from_utf8_lossy(&line[..line.len().min(40)]).into_owned();
        assert!(refused(&answer), "{shown}: {answer}");
    }
    // Settings a brain ignores, and refused ones (told at the next move): nothing answered.
    for line in [
        "INFO evaluate 3,3",
        "INFO folder /tmp",
        "INFO game_type 1",
        "INFO swap2 1",
        "",
        "INFO rule 4",
        "INFO timeout_turn abc",
        "INFO",
    ] {
        brain.send(line);
    }
    brain.silent();
    // Bad BOARDs, each refused at DONE, the game kept.
    let bad_boards: [&[(usize, usize, u8)]; 6] = [
        &[(1, 1, 1), (2, 2, 3)],
        &[(1, 1, 1), (2, 2, 7)],
        &[(1, 1, 1), (1, 1, 2)],
        &[(1, 1, 1), (15, 2, 2)],
        &[(1, 1, 1), (2, 2, 1), (3, 3, 1), (4, 4, 2)],
        // The opponent has five already.
        &[
            (0, 0, 2),
            (1, 0, 2),
            (2, 0, 2),
            (3, 0, 2),
            (4, 0, 2),
            (0, 5, 1),
            (1, 5, 1),
            (2, 5, 1),
            (3, 5, 1),
        ],
    ];
    for stones in bad_boards {
        let (answer, _) = brain.board(stones);
        assert!(
            answer.starts_with("ERROR BOARD") || answer.starts_with("ERROR the game is over"),
            "{answer}"
        );
    }
    brain.send("BOARD");
    brain.send("1,2");
    let (answer, _) = brain.ask_timed("DONE");
    assert!(answer.starts_with("ERROR BOARD: BOARD takes the form"), "{answer}");
    assert_eq!(brain.ask_timed("TURN 3,3").0, fresh_answer, "a refusal changed the game");
    // Take back both moves and play the same again: the same answer.
    let (ax, ay) = coordinates(&fresh_answer);
    assert_eq!(brain.ask(&format!("TAKEBACK {ax},{ay}")), "OK");
    assert_eq!(brain.ask("TAKEBACK 3,3"), "OK");
    assert_eq!(brain.ask_timed("TURN 3,3").0, fresh_answer);
    brain.end();
}

/// Stones of a BOARD are taken back too (the last mover's), and a takeback lets a refused
/// cell be played.
#[test]
fn takeback_after_board() {
    let (mut brain, first) = at_position();
    let (fx, fy) = coordinates(&first);
    assert_eq!(brain.ask(&format!("TAKEBACK {fx},{fy}")), "OK");
    // The opponent's last stone, then one of the brain's.
    assert!(refused(&brain.ask("TAKEBACK 7,7")), "not the last mover's");
    assert_eq!(brain.ask("TAKEBACK 6,8"), "OK");
    assert_eq!(brain.ask("TAKEBACK 9,9"), "OK");
    // The brain's stone taken back, the brain is to move: no TURN until the opponent's is too.
    assert!(brain.ask("TURN 6,8").starts_with("ERROR TURN 6,8: the brain is to move"));
    assert_eq!(brain.ask("TAKEBACK 6,6"), "OK");
    // Now 6,8 is free and the opponent to move: it may play there, and the brain answers.
    coordinates(&brain.ask("TURN 6,8"));
    brain.end();
}

/// A win by the opponent's move ends the game: the brain says so rather than moving.
#[test]
fn a_finished_game_is_not_played_on() {
    let mut brain = Brain::start(Some(50));
    assert_eq!(brain.ask("START 15"), "OK");
    // The opponent's open four on the top row, the brain's three stones elsewhere.
    let stones = [(1, 0, 2), (2, 0, 2), (3, 0, 2), (4, 0, 2), (9, 9, 1), (9, 10, 1), (12, 12, 1)];
    let block = brain.board(&stones).0;
    let other = match block.as_str() {
        "0,0" => "5,0",
        "5,0" => "0,0",
        answer => panic!("the brain did not block the four: {answer}"),
    };
    let answer = brain.ask(&format!("TURN {other}"));
    assert_eq!(answer, "ERROR the game is over: the opponent has five");
    // Another TURN is refused too, naming the stone that won (not the brain), nothing played.
    let answer = brain.ask("TURN 7,7");
    assert_eq!(answer, format!("ERROR the game is over: the stone at {other} made five"));
    // Taken back, the game goes on.
    assert_eq!(brain.ask(&format!("TAKEBACK {other}")), "OK");
    coordinates(&brain.ask("TURN 7,7"));
    brain.end();
}
