//! Limits as C passes them to the `_rules` functions: a pointer to a `tictactoe_limits`, NULL
//! for none, translated to the core's [`Limits`].

use tictactoe_core::Limits;

/// A bound on the memory a game or batch made from outside data may take, as the `_rules`
/// functions take it: by pointer, NULL for no bound beyond the largest board (the caller chose
/// the rules), or a pointer to one of these for rules, cells or counts that come from outside.
/// The caller owns it; a function only reads it during the call.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tictactoe_limits {
    /// The most bytes the game or batch may hold at its largest (for a game its board, rule
    /// state, a full history and its starting position; for a batch every game's and their
    /// state); a larger one is refused with `LIMIT_EXCEEDED` before anything is allocated.
    /// `TICTACTOE_DEFAULT_MAX_BYTES` is what `tictactoe_game_parse` applies; `SIZE_MAX` is no
    /// bound, as NULL.
    pub max_bytes: usize,
}

/// The core's limits from a nullable pointer: NULL for [`Limits::NONE`].
///
/// # Safety
/// `limits` must be NULL or valid for reads of a `tictactoe_limits`.
pub(crate) unsafe fn limits_of(limits: *const tictactoe_limits) -> Limits {
    // SAFETY: the caller's promise.
    unsafe { limits.as_ref() }.map_or(Limits::NONE, |limits| Limits { max_bytes: limits.max_bytes })
}
