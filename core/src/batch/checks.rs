//! The checks of a batch call's arguments, before anything changes: the lengths of its lists,
//! and its game indices, which some calls take with repeats (resets, seeds) and others only
//! once each (steps and draws, where each game makes one move).

use crate::{Error, ListError};

/// `Ok` when a list's `len` is `expected`.
pub(super) fn check_len(len: usize, expected: usize) -> Result<(), Error> {
    if len == expected {
        Ok(())
    } else {
        Err(Error::LengthMismatch { len, expected })
    }
}

/// [`Error::GameIndex`] with the index in `games` of the first game not below `count`; an
/// index may repeat.
pub(super) fn check_in_range(games: &[usize], count: usize) -> Result<(), ListError> {
    match games.iter().position(|&game| game >= count) {
        Some(index) => {
            let error = Error::GameIndex { game: games[index], count };
            Err(ListError { index: Some(index), error })
        }
        None => Ok(()),
    }
}

/// Checks that every index is below `count` and none is given twice, with `seen` (one bit a
/// game, all clear, and left clear) as scratch. The error's index is the position in `games`.
pub(super) fn check_distinct(
    games: &[usize],
    count: usize,
    seen: &mut [u64],
) -> Result<(), ListError> {
    let mut result = Ok(());
    for (index, &game) in games.iter().enumerate() {
        if game >= count {
            result = Err(ListError { index: Some(index), error: Error::GameIndex { game, count } });
            break;
        }
        let (word, bit) = (game / 64, 1 << (game % 64));
        if seen[word] & bit != 0 {
            result = Err(ListError { index: Some(index), error: Error::RepeatedGame { game } });
            break;
        }
        seen[word] |= bit;
    }
    for &game in games.iter().filter(|&&game| game < count) {
        seen[game / 64] = 0;
    }
    result
}

/// `Ok` when `players` has one value per game (`count`), each a player's number (1 or 2);
/// else [`Error::LengthMismatch`] (naming no entry), or [`Error::InvalidPlayer`] with the index of
/// the first other value.
pub(super) fn check_players(players: &[u8], count: usize) -> Result<(), ListError> {
    check_len(players.len(), count)?;
    match players.iter().position(|&player| !matches!(player, 1 | 2)) {
        Some(index) => {
            let error = Error::InvalidPlayer { player: players[index].into() };
            Err(ListError { index: Some(index), error })
        }
        None => Ok(()),
    }
}
