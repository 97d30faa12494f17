//! How a solve and a best move run, as C passes it: a struct by pointer (NULL for the
//! defaults), with a word of flags rather than a `bool` an option, so that an option added
//! later is a new flag and the structs keep their size and layout.

use tictactoe_search::{Options, SolveOptions};

use crate::tictactoe_result;

/// A flag of `tictactoe_solve_options` and `tictactoe_move_options`: positions in the opening
/// book (Connect Four's early positions, compiled into the library) are solved (or, for a best
/// move, searched) rather than read from it. For measuring the solver, or checking the book.
pub const TICTACTOE_NO_BOOK: u32 = 1u32;

/// A flag of `tictactoe_move_options`: the move is the tree search's alone, neither read from
/// the book nor solved. For measuring the tree search, and for a weaker opponent.
pub const TICTACTOE_NOT_PERFECT: u32 = 2u32;

/// How `tictactoe_game_solve_with` and `tictactoe_game_analyze_with` solve. NULL in their
/// place means `{TICTACTOE_DEFAULT_MAX_NODES, 1, 0, 0}`. The caller owns it; a function only
/// reads it during the call.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tictactoe_solve_options {
    /// The positions the solve may visit before it is refused with `BUDGET_EXCEEDED`
    /// (`TICTACTOE_DEFAULT_MAX_NODES` when the caller has no better figure).
    pub max_nodes: u64,
    /// The threads that solve together, sharing one table, at least 1 (at most four a core
    /// run): on Connect Four and the gravity boards whose positions one 64-bit word names;
    /// other boards solve on one. The value is the same whatever their number.
    pub threads: u32,
    /// 0 or `TICTACTOE_NO_BOOK`; any other bit is refused with `INVALID_ARGUMENT`.
    pub flags: u32,
    /// The entries of Connect Four's solver's table for this call, 8 bytes each; 0 for the
    /// default (2^23 + 9, 64 MiB). More for the longest solves (the empty board without the
    /// book: 278 s with 2^26 entries against 378 s here); memory that cannot be had is
    /// `ALLOC_FAILED`, nothing else changed.
    pub table_entries: u64,
}

/// How `tictactoe_game_best_move_with` chooses. NULL in its place means
/// `{TICTACTOE_DEFAULT_SIMULATIONS, 0, 0, 0}`, `tictactoe_game_best_move`'s choice. The caller
/// owns it; a function only reads it during the call.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tictactoe_move_options {
    /// The tree search's simulations, for positions neither the book nor solving answers.
    pub simulations: u32,
    /// 0 or a combination of `TICTACTOE_NO_BOOK` and `TICTACTOE_NOT_PERFECT`; any other bit is
    /// refused with `INVALID_ARGUMENT`.
    pub flags: u32,
    /// The tree search's seed: the same position, options and seed give the same move.
    pub seed: u64,
    /// The positions solving may visit before the move is searched instead; 0 for the
    /// library's default (on Connect Four, every position tried within about a second of
    /// solving; elsewhere positions near the end within a smaller budget).
    pub max_nodes: u64,
}

/// The solve `options` ask for (the defaults for NULL).
///
/// # Safety
/// `options` must be NULL or valid for reads.
pub(crate) unsafe fn solve_options(
    options: *const tictactoe_solve_options,
) -> Result<SolveOptions, tictactoe_result> {
    // SAFETY: the caller's promise.
    let Some(options) = (unsafe { options.as_ref() }) else {
        return Ok(SolveOptions::default());
    };
    if options.threads == 0 || options.flags & !TICTACTOE_NO_BOOK != 0 {
        return Err(tictactoe_result::InvalidArgument);
    }
    Ok(SolveOptions {
        max_nodes: options.max_nodes,
        threads: options.threads as usize,
        book: options.flags & TICTACTOE_NO_BOOK == 0,
        // A size no address space has is refused as memory that cannot be had.
        table_entries: (options.table_entries != 0)
            .then(|| usize::try_from(options.table_entries).unwrap_or(usize::MAX)),
    })
}

/// The best move's `options` (`tictactoe_game_best_move`'s for NULL).
///
/// # Safety
/// `options` must be NULL or valid for reads.
pub(crate) unsafe fn move_options(
    options: *const tictactoe_move_options,
) -> Result<Options, tictactoe_result> {
    // SAFETY: the caller's promise.
    let Some(options) = (unsafe { options.as_ref() }) else {
        return Ok(Options::default());
    };
    if options.flags & !(TICTACTOE_NO_BOOK | TICTACTOE_NOT_PERFECT) != 0 {
        return Err(tictactoe_result::InvalidArgument);
    }
    Ok(Options {
        simulations: options.simulations,
        seed: options.seed,
        max_nodes: (options.max_nodes != 0).then_some(options.max_nodes),
        perfect: options.flags & TICTACTOE_NOT_PERFECT == 0,
        book: options.flags & TICTACTOE_NO_BOOK == 0,
    })
}
