//! `pbrain-tictactoe`: the computer player of `tictactoe-search` as a Gomocup brain, the
//! executable that Piskvork, the Gomocup judge and command-line tournament runners start and
//! talk to through the Piskvork protocol, one line at a time on stdin and stdout (see
//! `docs/gomocup.md`).
//!
//! Three layers, each testable without the one after it: [`protocol`] reads a line into a
//! [`Command`](protocol::Command) and writes an [`Answer`](protocol::Answer) (pure, no I/O:
//! what the fuzz target drives); [`clock`] turns the manager's time controls into a turn's
//! budget; [`brain`] holds the game and answers each command. `main.rs` only reads and writes.
//! The crate uses std (a clock, a process); the search it calls stays `no_std`, and only a
//! stop predicate crosses between them.

#![forbid(unsafe_code)]

extern crate alloc;

pub mod brain;
pub mod clock;
pub mod protocol;
