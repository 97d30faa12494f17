//! The storage of games, knowing nothing of the rules: zeroed allocation (the crate's one
//! `unsafe`), blocks of words kept inline or on the heap, the encoding of a board's cells (a bit
//! a cell for each player), and where a game's parts sit in its block, with every size checked.

pub(crate) mod block;
pub(crate) mod board;
pub(crate) mod words;
pub(crate) mod zeroed;

use alloc::vec::Vec;

use crate::Error;

/// A copy of `items` whose allocation failure is an error, not an abort.
pub(crate) fn try_copy<T: Copy>(items: &[T]) -> Result<Vec<T>, Error> {
    let mut copy = Vec::new();
    copy.try_reserve_exact(items.len()).map_err(|_| Error::AllocFailed)?;
    copy.extend_from_slice(items);
    Ok(copy)
}
