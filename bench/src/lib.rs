//! # tictactoe-bench
//!
//! The baselines the native benchmarks hold `tictactoe-core` to, in one place for every
//! benchmark of this crate: the C ones of `c/reference.c` (the same file
//! `ffi-c/benches/bench.c` plays, so that the Rust and the C face are measured against one
//! reference) and of `c/family.c` (the k-in-a-row family's two floors), behind safe handles.
//!
//! Run with `cargo bench -p tictactoe-bench` or `make bench`.

use core::ffi::c_void;

extern "C" {
    fn reference_new(n: u32) -> *mut c_void;
    fn reference_move(game: *mut c_void, row: u32, col: u32, player: u32) -> i32;
    fn reference_free(game: *mut c_void);
    fn runs_new(rows: u32, cols: u32, k: u32, flags: u32) -> *mut c_void;
    fn runs_move(game: *mut c_void, row: u32, col: u32, player: u32) -> i32;
    fn runs_free(game: *mut c_void);
    fn scan_new(rows: u32, cols: u32, k: u32, flags: u32) -> *mut c_void;
    fn scan_move(game: *mut c_void, row: u32, col: u32, player: u32) -> i32;
    fn scan_free(game: *mut c_void);
}

/// The flags of a family game in C (`c/family.h`): only a run of exactly k wins.
pub const FAMILY_EXACT: u32 = 1;
/// The flags of a family game in C (`c/family.h`): marks sit on the bottom row or on a mark.
pub const FAMILY_GRAVITY: u32 = 2;

/// A safe handle over one of `c/family.c`'s games: its constructor, move and destructor.
macro_rules! family_handle {
    ($(#[$doc:meta])* $name:ident, $new:ident, $move:ident, $free:ident) => {
        $(#[$doc])*
        pub struct $name(*mut c_void);

        impl $name {
            /// A new empty game of `rows` x `cols`, k in a row, `flags` ([`FAMILY_EXACT`],
            /// [`FAMILY_GRAVITY`]); `None` for rules the floor refuses (as the core does) or
            /// memory it cannot have.
            pub fn new(rows: u32, cols: u32, k: u32, flags: u32) -> Option<$name> {
                // SAFETY: any arguments are accepted; NULL is the refusal.
                let game = unsafe { $new(rows, cols, k, flags) };
                (!game.is_null()).then_some($name(game))
            }

            /// The winner after the move (0, 1 or 2), or a negative code for a refused move.
            #[inline]
            pub fn make_move(&mut self, row: u32, col: u32, player: u32) -> i32 {
                // SAFETY: a live game from its constructor, used by this handle alone.
                unsafe { $move(self.0, row, col, player) }
            }
        }

        impl Drop for $name {
            fn drop(&mut self) {
                // SAFETY: released once, by its only owner.
                unsafe { $free(self.0) }
            }
        }
    };
}

family_handle!(
    /// A game of `c/family.c`'s `runs_*`: the core's k-in-a-row algorithm hand-written in plain
    /// C (16-bit run lengths kept at the ends of runs, per direction: O(1) a move), with every
    /// check the core makes. Each move is a call into C that is not inlined.
    CRuns,
    runs_new,
    runs_move,
    runs_free
);

family_handle!(
    /// A game of `c/family.c`'s `scan_*`: no run state, the four directions scanned around each
    /// move (O(k) a move), with every check the core makes. Each move is a call into C that is
    /// not inlined.
    CScan,
    scan_new,
    scan_move,
    scan_free
);

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
