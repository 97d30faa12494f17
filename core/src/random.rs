//! The pseudo-random numbers the library draws (a batch's random legal actions, the computer
//! player's rollouts): SplitMix64, one `u64` of state, so that a generator is a plain number
//! that copies, pickles and restores exactly, and a seed reproduces a run on every platform.

/// The next output of the SplitMix64 generator whose state is `state`, advancing it.
///
/// ```
/// let mut state = 7;
/// let first = tictactoe_core::random::next(&mut state);
/// let mut again = 7;
/// assert_eq!(tictactoe_core::random::next(&mut again), first);
/// ```
#[inline]
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniformly random number below `bound` (which must be above 0), by Lemire's nearly
/// divisionless multiply-and-reject: the division that finds the values to reject runs only in
/// the rare case where one might have to be.
///
/// ```
/// let mut state = 1;
/// assert!((0..1000).all(|_| tictactoe_core::random::below(&mut state, 3) < 3));
/// ```
#[inline]
pub fn below(state: &mut u64, bound: u64) -> u64 {
    let mut product = u128::from(next(state)) * u128::from(bound);
    if (product as u64) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (product as u64) < threshold {
            product = u128::from(next(state)) * u128::from(bound);
        }
    }
    (product >> 64) as u64
}
