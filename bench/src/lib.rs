//! # tictactoe-bench
//!
//! The baselines the native benchmarks hold `tictactoe-core` to, in one place for every
//! benchmark of this crate: the C ones of `c/reference.c` (the same file
//! `ffi-c/benches/bench.c` plays, so that the Rust and the C face are measured against one
//! reference), behind safe handles.
//!
//! Run with `cargo bench -p tictactoe-bench` or `make bench`.

use core::ffi::c_void;

extern "C" {
    fn reference_new(n: u32) -> *mut c_void;
    fn reference_move(game: *mut c_void, row: u32, col: u32, player: u32) -> i32;
    fn reference_free(game: *mut c_void);
}

/// A game of `c/reference.c`: the library's own algorithm hand-written in plain C (2-bit
/// board, per-player 16-bit line counts with the open-line counters, marks per player, a
/// history growing by doubling, every check before any change). Each move is a call into C that
/// is not inlined.
pub struct CReference(*mut c_void);

impl CReference {
    /// A new empty game; `None` for a size the reference refuses or memory it cannot have.
    pub fn new(n: u32) -> Option<CReference> {
        // SAFETY: any n is accepted; NULL is the refusal.
        let game = unsafe { reference_new(n) };
        (!game.is_null()).then_some(CReference(game))
    }

    /// The winner after the move (0, 1 or 2), or a negative code for a refused move.
    #[inline]
    pub fn make_move(&mut self, row: u32, col: u32, player: u32) -> i32 {
        // SAFETY: a live game from `reference_new`, used by this handle alone.
        unsafe { reference_move(self.0, row, col, player) }
    }
}

impl Drop for CReference {
    fn drop(&mut self) {
        // SAFETY: released once, by its only owner.
        unsafe { reference_free(self.0) }
    }
}
