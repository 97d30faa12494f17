#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod book;
mod computer;
mod error;
mod masks;
mod mcts;
mod near;
mod perfect;
mod puct;
mod solve;
mod symmetry;
mod tactics;

pub use book::{Book, BookError, BookWriter};
pub use computer::{
    search_seed, Computer, Options, SolveOptions, DEFAULT_KEYED_MOVE_NODES, DEFAULT_MAX_NODES,
    DEFAULT_MOVE_NODES, DEFAULT_SIMULATIONS, EXACT_EMPTIES, EXACT_EMPTIES_GRAVITY,
    EXACT_EMPTIES_UNKEYED,
};
pub use error::SearchError;
pub use perfect::{PerfectTable, MAX_TABLE_N};
pub use puct::{Evaluator, Puct, PuctConfig, PuctError};
pub use solve::{MoveValue, PerfectMove, Solution, Solver};
