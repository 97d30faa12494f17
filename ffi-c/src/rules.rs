//! The rules of the k-in-a-row family as C passes them: rows, columns, k and a word of flags
//! (`TICTACTOE_RULE_EXACT`, `TICTACTOE_RULE_GRAVITY`), as four words or one `tictactoe_rules`,
//! translated to and from the core's [`Rules`], which alone decides what rules a game may have.

use tictactoe_core::Rules;

use crate::guard::{borrow, guard, Out, Outcome};
use crate::tictactoe_result;

/// A rule set of the k-in-a-row family as one value, as the `_rules` functions take it (by
/// pointer; the caller owns it and a function only reads it during the call): a `rows` x
/// `cols` board where `k` marks in a row, column or diagonal win, and `flags`. n x n
/// tic-tac-toe, what `tictactoe_game_new(n)` plays, is `{n, n, n, 0}`; Connect Four
/// `{6, 7, 4, TICTACTOE_RULE_GRAVITY}`; gomoku `{15, 15, 5, 0}` or with `TICTACTOE_RULE_EXACT`.
/// The same four words as `tictactoe_game_new_mnk` takes and `tictactoe_game_rules` writes, so
/// that `tictactoe_game_rules(game, &r.rows, &r.cols, &r.k, &r.flags)` reads a game's rules
/// into one (`tictactoe_batch_rules` a batch's). The library judges them when a game,
/// batch or position is made under them, as `tictactoe_rules_check` does.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tictactoe_rules {
    /// The number of rows, from 1 to 65535 (`TICTACTOE_MAX_N`).
    pub rows: u32,
    /// The number of columns, from 1 to 65535.
    pub cols: u32,
    /// The marks in a row that win, from 1 to the longer side.
    pub k: u32,
    /// 0 or a combination of `TICTACTOE_RULE_EXACT` and `TICTACTOE_RULE_GRAVITY`; any other bit
    /// is refused with `INVALID_ARGUMENT`. A word of flags rather than a `bool` a rule, so that
    /// a rule added later is a new flag and this struct keeps its size and layout.
    pub flags: u32,
}

impl tictactoe_rules {
    /// n x n tic-tac-toe's rules, `{n, n, n, 0}`: what the functions taking a size n build.
    pub(crate) const fn tic_tac_toe(n: u32) -> tictactoe_rules {
        tictactoe_rules { rows: n, cols: n, k: n, flags: 0 }
    }

    /// The core's rules: `INVALID_ARGUMENT` for an unknown flag, as [`rules_of`].
    pub(crate) fn to_core(self) -> Result<Rules, tictactoe_result> {
        rules_of(self.rows, self.cols, self.k, self.flags)
    }
}

/// The rules a caller's pointer gives, read but not yet translated ([`tictactoe_rules::to_core`]
/// does that after every pointer is checked): `NULL_PARAMETER` for NULL.
///
/// # Safety
/// `rules` must be NULL or valid for reads of a `tictactoe_rules`.
pub(crate) unsafe fn rules_in(
    rules: *const tictactoe_rules,
) -> Result<tictactoe_rules, tictactoe_result> {
    // SAFETY: the caller's promise.
    unsafe { borrow(rules) }.copied()
}

/// A rule flag: only a run of exactly k wins (gomoku's standard rule; a longer run, an
/// overline, does not). Without it, k or more in a row win.
// The suffix makes cbindgen write `1u`, an unsigned constant in C as the flags are.
pub const TICTACTOE_RULE_EXACT: u32 = 1u32;

/// A rule flag: a mark sits on the bottom row or on another mark (Connect Four); drop it into a
/// column with `tictactoe_game_drop`.
pub const TICTACTOE_RULE_GRAVITY: u32 = 2u32;

/// Every flag the library knows; a word with any other bit set is refused.
const KNOWN_FLAGS: u32 = TICTACTOE_RULE_EXACT | TICTACTOE_RULE_GRAVITY;

/// The core's rules from C's words: `INVALID_ARGUMENT` for a flag the header does not define.
/// The rules are not checked here: the core refuses rules no game has (`INVALID_SIZE` or
/// `INVALID_RULES`, as `tictactoe_rules_check` says) when a game, batch or position is made
/// under them.
pub(crate) fn rules_of(
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
) -> Result<Rules, tictactoe_result> {
    if flags & !KNOWN_FLAGS != 0 {
        return Err(tictactoe_result::InvalidArgument);
    }
    // u32 fits in usize on every target the library builds for (32 and 64 bits).
    Ok(Rules {
        rows: rows as usize,
        cols: cols as usize,
        k: k as usize,
        exact: flags & TICTACTOE_RULE_EXACT != 0,
        gravity: flags & TICTACTOE_RULE_GRAVITY != 0,
    })
}

/// The flags word of `rules`.
fn flags_of(rules: &Rules) -> u32 {
    let mut flags = 0;
    if rules.exact {
        flags |= TICTACTOE_RULE_EXACT;
    }
    if rules.gravity {
        flags |= TICTACTOE_RULE_GRAVITY;
    }
    flags
}

/// The four out-params the rules are read back through, each checked for NULL before anything
/// is written.
pub(crate) struct RulesOut {
    rows: Out<u32>,
    cols: Out<u32>,
    k: Out<u32>,
    flags: Out<u32>,
}

impl RulesOut {
    /// Checks every pointer for NULL.
    pub(crate) fn new(
        rows: *mut u32,
        cols: *mut u32,
        k: *mut u32,
        flags: *mut u32,
    ) -> Result<RulesOut, tictactoe_result> {
        Ok(RulesOut {
            rows: Out::new(rows)?,
            cols: Out::new(cols)?,
            k: Out::new(k)?,
            flags: Out::new(flags)?,
        })
    }

    /// Writes the rules of a game or batch.
    ///
    /// # Safety
    /// The pointers given to [`RulesOut::new`] must be valid for writes.
    pub(crate) unsafe fn write(self, rules: &Rules) {
        // Checked rules: sides and k are at most TICTACTOE_MAX_N, so they fit in u32.
        // SAFETY (all four): the caller's promise.
        unsafe {
            self.rows.write(rules.rows as u32);
            self.cols.write(rules.cols as u32);
            self.k.write(rules.k as u32);
            self.flags.write(flags_of(rules));
        }
    }
}

/// Checks rules without making anything: `OK` when a game may have them, that is 1 <= rows,
/// cols <= 65535 (`TICTACTOE_MAX_N`) and 1 <= k <= the longer side, whatever the flags. Every
/// function taking rules refuses them as this does.
///
/// Returns `INVALID_ARGUMENT` when `flags` has a bit set other than `TICTACTOE_RULE_EXACT` and
/// `TICTACTOE_RULE_GRAVITY` (checked first); for rules no game has, `INVALID_SIZE` when they
/// are n x n tic-tac-toe's (n, n, n, 0: what `tictactoe_game_new(n)` plays) with n = 0 or
/// above 65535, as `tictactoe_game_new(n)` refuses that n, and `INVALID_RULES` otherwise.
///
/// Ownership: nothing changes hands. Thread safety: safe from any thread.
#[no_mangle]
pub extern "C" fn tictactoe_rules_check(
    rows: u32,
    cols: u32,
    k: u32,
    flags: u32,
) -> tictactoe_result {
    guard(|| -> Outcome { Ok(rules_of(rows, cols, k, flags)?.check()?) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_translate_both_ways() {
        for flags in 0..=KNOWN_FLAGS {
            let rules = rules_of(6, 7, 4, flags).unwrap();
            assert_eq!(flags_of(&rules), flags);
        }
        assert_eq!(rules_of(6, 7, 4, 0).unwrap(), Rules::mnk(6, 7, 4));
        assert_eq!(rules_of(6, 7, 4, TICTACTOE_RULE_GRAVITY).unwrap(), Rules::CONNECT_FOUR);
    }

    #[test]
    fn unknown_flags_are_refused_before_the_rules() {
        for flags in [4, 8, 1 << 31, u32::MAX] {
            assert_eq!(rules_of(0, 0, 0, flags), Err(tictactoe_result::InvalidArgument));
            assert_eq!(tictactoe_rules_check(3, 3, 3, flags), tictactoe_result::InvalidArgument);
        }
    }

    #[test]
    fn the_core_decides_the_rules() {
        assert_eq!(tictactoe_rules_check(15, 15, 5, TICTACTOE_RULE_EXACT), tictactoe_result::Ok);
        assert_eq!(tictactoe_rules_check(1, 65535, 65535, 0), tictactoe_result::Ok);
        for (rows, cols, k) in [(0, 3, 1), (3, 0, 1), (65536, 3, 1), (3, 4, 0), (3, 4, 5)] {
            assert_eq!(tictactoe_rules_check(rows, cols, k, 0), tictactoe_result::InvalidRules);
        }
        // n x n tic-tac-toe's rules with a bad n: the refusal of that n.
        for n in [0, 65536, u32::MAX] {
            assert_eq!(tictactoe_rules_check(n, n, n, 0), tictactoe_result::InvalidSize);
            let flagged = tictactoe_rules_check(n, n, n, TICTACTOE_RULE_EXACT);
            assert_eq!(flagged, tictactoe_result::InvalidRules);
        }
    }
}
