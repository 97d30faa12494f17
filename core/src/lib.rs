#![doc = include_str!("../README.md")]
#![no_std]
// One module allocates zeroed memory (`zeroed`); everything else is safe code.
#![deny(unsafe_code)]

extern crate alloc;

mod batch;
mod board;
mod error;
mod game;
mod layout;
mod limits;
mod lines;
mod player;
mod position;
pub mod random;
mod rules;
pub mod text;
mod words;
mod zeroed;

pub use batch::{Batch, Checked, Games, GamesMut, Illegal, NO_ACTION};
pub use error::{
    message, Error, ErrorKind, ParseError, ParseErrorKind, PositionError, ReplayError,
};
pub use game::{Game, Move, Status};
pub use limits::{batch_bytes, game_bytes, Limits};
pub use lines::Line;
pub use player::{winner_number, Player};
pub use position::{validate_cells, validate_rows};

/// The README's Rust example, compiled and run as a doc test so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The largest board size: line counters are 16-bit and cell indices 32-bit. The board alone
/// then takes 1 GiB; asking for more memory than there is gives [`Error::AllocFailed`].
pub const MAX_N: usize = u16::MAX as usize;
