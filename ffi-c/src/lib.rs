//! # tictactoe-ffi
//!
//! The C ABI of `tictactoe-core` and its computer player (`tictactoe-search`), built as `libtictactoe.a` and `libtictactoe.so`, declared in
//! `include/tictactoe.h` (generated from this crate by cbindgen; `make header`).
//!
//! Games and batches play n x n tic-tac-toe (`tictactoe_game_new`, `tictactoe_batch_new`) or
//! any rules of the k-in-a-row family: a rows x cols board, k in a row, the exact rule and
//! gravity, as one `tictactoe_rules` (`tictactoe_game_new_rules`, `tictactoe_batch_new_rules`,
//! with a nullable `tictactoe_limits`) or four words (`tictactoe_game_new_mnk`,
//! `tictactoe_batch_new_mnk`); Connect Four, gomoku, the m,n,k-games. The core decides every
//! rule; this crate only translates, each way of building through one body.
//!
//! Conventions, the same for every function:
//! - Fallible functions return a [`tictactoe_result`]; `TICTACTOE_RESULT_OK` (0) is success and
//!   every other code has a fixed value that is never renumbered or reused.
//! - Out-params are written only on success. Two exceptions: the length or count out-param of
//!   a function filling a caller buffer also reports the size needed with
//!   `TICTACTOE_RESULT_BUFFER_TOO_SMALL` (for text, the length without the NUL: allocate one
//!   more), and a `refused_out` out-param is written on a refusal, naming the entry refused.
//! - A NULL required pointer gives `TICTACTOE_RESULT_NULL_PARAMETER`; the pointers a function's
//!   comment calls optional (limits, options, lists of games) may be NULL;
//!   `tictactoe_game_free(NULL)` does nothing. No value of any integer argument is undefined
//!   behaviour.
//! - A refused call changes nothing.
//! - No panic crosses the boundary: one becomes `TICTACTOE_RESULT_PANIC`.
//! - Threads: a game is not locked. Functions taking `const tictactoe_game *` may run on the
//!   same game from several threads at once; a function taking `tictactoe_game *` needs the
//!   game to itself. Distinct games are independent.
#![allow(non_camel_case_types)] // C names: tictactoe_game, tictactoe_result, ...

mod batch;
mod game;
mod guard;
mod handle;
mod limits;
mod names;
mod options;
mod position;
mod puct;
mod result;
mod rules;
mod search;
mod text;
mod types;

pub use batch::*;
pub use game::*;
pub use limits::tictactoe_limits;
pub use names::*;
pub use options::{
    tictactoe_move_options, tictactoe_solve_options, TICTACTOE_NOT_PERFECT, TICTACTOE_NO_BOOK,
};
pub use position::*;
pub use puct::*;
pub use result::{tictactoe_result, tictactoe_result_str};
pub use rules::*;
pub use search::*;
pub use text::*;
pub use types::*;

use core::ffi::c_char;

/// The largest board size n, and the longest side of any board: games and batches of n x n
/// tic-tac-toe above it are refused with `TICTACTOE_RESULT_INVALID_SIZE`, other rules with a
/// side above it with `TICTACTOE_RESULT_INVALID_RULES`.
pub const TICTACTOE_MAX_N: u32 = 65535;
// Spelled out for cbindgen, which cannot read the core's constant; it must stay the core's.
const _: () = assert!(TICTACTOE_MAX_N as usize == tictactoe_core::MAX_N);

/// The library version as static text, e.g. `"0.1.0"`; equal to `TICTACTOE_VERSION` in the
/// header the program was compiled against. Never freed; safe from any thread.
#[no_mangle]
pub extern "C" fn tictactoe_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
