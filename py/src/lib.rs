//! The Python package `tictactoe`: the core's game as the `TicTacToe` class, its rules as
//! `Rules`, its refusals as exceptions. Everything is decided by `tictactoe-core`; this crate
//! only translates.

extern crate alloc;

mod arrays;
mod batch;
mod board;
mod buffer;
mod convert;
mod errors;
mod game;
mod rules;
mod search;

use pyo3::prelude::*;

/// The native module `tictactoe._tictactoe`, re-exported by `tictactoe/__init__.py`.
#[pymodule]
fn _tictactoe(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyTicTacToe>()?;
    m.add_class::<batch::PyBatch>()?;
    m.add_class::<batch::puct::PyPuct>()?;
    m.add_class::<rules::PyRules>()?;
    m.add_function(wrap_pyfunction!(game::is_valid_board, m)?)?;
    m.add_function(wrap_pyfunction!(search::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(search::best_move, m)?)?;
    errors::register(m)?;
    m.add("MAX_N", tictactoe_core::MAX_N)?;
    m.add("DEFAULT_MAX_BYTES", tictactoe_core::Limits::DEFAULT.max_bytes)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
