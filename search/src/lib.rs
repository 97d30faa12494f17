#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod error;
mod solve;
mod symmetry;
mod table;

pub use error::SearchError;
pub use solve::{PerfectMove, Solution, Solver};
