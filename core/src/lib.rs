//! # tictactoe-core
//!
//! The rules of n x n tic-tac-toe, once, for every face of the library (Rust, C and Python).
//!
//! A move is judged in O(1) whatever n is: instead of scanning the board, the game keeps per
//! player a count of marks in every row, column and both diagonals, so a move touches at most
//! four counters. Unlike the classic solutions, every move is validated first (bounds, player,
//! occupied cell, game already won) and a refused move changes nothing.
//!
//! Beyond LeetCode 348's `move`: turn-aware [`Game::play`], [`Status`] with draws,
//! [`Game::can_win`] and [`Game::is_draw_certain`] for early draws, the winning lines, O(1)
//! [`Game::undo`], replay of move lists ([`Game::play_all`], [`Game::move_all`]), positions
//! checked for reachability on any n ([`validate_cells`], [`Game::from_rows`]) and a lossless
//! [`text`] form.
//!
//! ```
//! use tictactoe_core::{Game, Player, Status};
//! let mut game = Game::new(3)?;
//! game.play(1, 1)?;                                  // X
//! game.play(0, 0)?;                                  // O
//! assert!(game.play(1, 1).is_err());                 // taken: refused, nothing changes
//! assert_eq!(game.next_player(), Player::X);
//! game.undo()?;                                      // O's move is taken back
//! assert_eq!(game.status(), Status::InProgress);
//! # Ok::<(), tictactoe_core::Error>(())
//! ```
//!
//! The crate is `#![no_std]` and needs only `alloc`; it has no features and no dependencies.
//! Allocation failures are reported as [`Error::AllocFailed`], never an abort.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

mod board;
mod error;
mod game;
mod lines;
mod player;
mod position;
pub mod text;
mod words;

pub use error::{message, Error, ParseError, ParseErrorKind, PositionError, ReplayError};
pub use game::{Game, Move, Status};
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
