//! `pbrain-tictactoe`: reads the manager's lines from stdin, writes the brain's answers to
//! stdout, one line each, flushed at once (a manager waits for them through a pipe).
//!
//! Environment: `PBRAIN_TICTACTOE_SIMULATIONS=n` fixes the simulations of a move (for
//! reproducible games; the turn's time still stops the search first), and
//! `PBRAIN_TICTACTOE_DEBUG=1` writes a `DEBUG` line after each move (simulations, time,
//! memory).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use tictactoe_pbrain::brain::{Brain, Next};
use tictactoe_pbrain::protocol::MAX_LINE;

fn main() -> ExitCode {
    let simulations =
        std::env::var("PBRAIN_TICTACTOE_SIMULATIONS").ok().and_then(|n| n.parse().ok());
    let debug = std::env::var_os("PBRAIN_TICTACTOE_DEBUG").is_some_and(|v| v != "0");
    let mut brain = Brain::new(simulations, debug);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let mut line = Vec::with_capacity(MAX_LINE + 2);
    loop {
        line.clear();
        match read_line(&mut input, &mut line) {
            Ok(0) => return ExitCode::SUCCESS, // the manager closed the pipe
            Ok(_) => {}
            Err(_) => return ExitCode::FAILURE,
        }
        let received = Instant::now();
        let (answers, next) = brain.handle(&line, received);
        for answer in answers {
            if writeln!(output, "{answer}").and_then(|()| output.flush()).is_err() {
                return ExitCode::FAILURE; // nobody reads any more
            }
        }
        if next == Next::Exit {
            return ExitCode::SUCCESS;
        }
    }
}

/// Reads one line into `line` (at most [`MAX_LINE`] + 1 bytes of it: the rest of a longer line
/// is read and dropped, so that the parser sees it is too long and the memory stays bounded).
/// The bytes read, 0 at the end of the input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<usize> {
    let mut read = 0;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(read);
        }
        let (taken, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, true),
            None => (buffer.len(), false),
        };
        let room = (MAX_LINE + 1).saturating_sub(line.len());
        line.extend_from_slice(&buffer[..taken.min(room)]);
        input.consume(taken);
        read += taken;
        if ended {
            return Ok(read);
        }
    }
}
