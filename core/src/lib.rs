#![doc = include_str!("../README.md")]
#![no_std]
// One module allocates zeroed memory (`storage::zeroed`); everything else is safe code.
#![deny(unsafe_code)]

extern crate alloc;

// The crate in layers, each module using only those of the layers before it.

// The vocabulary: the players, the refusals, random numbers.
mod error;
mod player;
pub mod random;

// A board: its shape, its storage, its rows of text.
mod rows;
mod shape;
mod storage;

// The rules, over borrowed storage.
mod rules;

// The game and the batch, over the rules; a position as a search plays it, from a game.
mod batch;
mod game;
mod position;

// Games from and to the outside: positions, the text form, limits on untrusted input.
mod limits;
mod setup;
pub mod text;

pub use batch::{Batch, Games, Illegal, Operation, Runner, Selection, GAMES_PER_THREAD, NO_ACTION};
pub use error::{
    message, Error, ErrorKind, ListError, ParseError, ParseErrorKind, PositionError, RestoreError,
};
// The old name of `ListError`, deprecated: exported so that code naming it is told the new one.
#[allow(deprecated)]
pub use error::ReplayError;
pub use game::{Game, Move};
pub use limits::{batch_bytes, game_bytes, Limits};
pub use player::{winner_number, Player};
pub use position::Position;
pub use rules::{Bits, Line, Lines, OverLines, Rules, Run, Status, Symmetry};
pub use setup::{validate_cells, validate_rows};

/// The README's Rust example, compiled and run as a doc test so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The largest board size: line counters are 16-bit and cell indices 32-bit. The board alone
/// then takes 1 GiB; asking for more memory than there is gives [`Error::AllocFailed`].
pub const MAX_N: usize = u16::MAX as usize;
