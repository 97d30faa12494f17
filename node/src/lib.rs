//! The Node.js package `tictactoe`: the core's game as the `TicTacToe` class, its rules as
//! `Rules`, many games as `Batch` over typed arrays, the computer player (`bestMove`,
//! `solve`) and the search a network guides (`Puct`). Everything is decided by
//! `tictactoe-core` and `tictactoe-search`; this crate only
//! translates: numbers in (refusing what is not an integer), results and refusals out (as
//! errors whose `kind` is the core's name, given their class by `lib/errors.js`).

// napi-derive registers the exported items only outside `cfg(test)`: in the test build (of
// `cargo clippy --all-targets`; the crate has no Rust tests) they would be dead code.
#![cfg_attr(test, allow(dead_code))]

extern crate alloc;

mod arrays;
mod batch;
mod errors;
mod floor;
mod game;
mod numbers;
mod puct;
mod rules;
mod search;

use napi_derive::napi;
use tictactoe_core::ErrorKind;
use tictactoe_search::SearchError;

/// The largest board side: 65535.
#[napi]
pub const MAX_N: u32 = tictactoe_core::MAX_N as u32;

/// Every name a refusal's `kind` may have, the core's and the computer player's: what the
/// package's error classes are checked against.
#[napi]
pub fn error_kinds() -> Vec<&'static str> {
    let mut kinds: Vec<&'static str> = ErrorKind::ALL.iter().map(|kind| kind.name()).collect();
    kinds.extend([
        tictactoe_core::ParseError::SYNTAX_NAME,
        SearchError::BUDGET_EXCEEDED_NAME,
        SearchError::UNSUPPORTED_SIZE_NAME,
        SearchError::UNSUPPORTED_RULES_NAME,
        tictactoe_search::PuctError::<core::convert::Infallible>::BAD_EVALUATION_NAME,
    ]);
    kinds
}

/// The package's version, the workspace's.
#[napi]
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
