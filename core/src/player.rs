//! The two players and the numbers (1 and 2) every face of the library uses for them. This is
//! the crate's lowest layer: the player refused for a bad number, `Player::from_number`, is
//! declared with the refusals (`error`), which name players.

/// One of the two players.
///
/// Player 1 plays `X` and moves first in turn-aware play; player 2 plays `O`. The
/// discriminants are the player numbers of LeetCode 348, so `Player::X as u8 == 1`.
///
/// ```
/// use tictactoe_core::Player;
/// assert_eq!(Player::from_number(2), Ok(Player::O));
/// assert_eq!(Player::X.opponent(), Player::O);
/// assert_eq!(Player::O.symbol(), 'O');
/// assert!(Player::from_number(3).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Player {
    /// Player 1, who moves first and plays `X`.
    X = 1,
    /// Player 2, who plays `O`.
    O = 2,
}

impl Player {
    /// Both players, in turn order.
    pub const ALL: [Player; 2] = [Player::X, Player::O];

    /// This player's number: 1 for `X`, 2 for `O`.
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The mark this player draws on the board: `'X'` or `'O'`.
    #[inline]
    pub const fn symbol(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }

    /// 0 for `X`, 1 for `O`: the index of this player's entry in per-player arrays (the
    /// marks of [`Bits::marks`](crate::Bits::marks), the counts of
    /// [`Position::windows_through`](crate::Position::windows_through)).
    ///
    /// ```
    /// use tictactoe_core::Player;
    /// assert_eq!(Player::ALL.map(Player::index), [0, 1]);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The player a board code stands for (0 is an empty cell, 1 `X`, 2 `O`).
    #[inline]
    pub(crate) const fn from_code(code: u32) -> Option<Player> {
        match code {
            1 => Some(Player::X),
            2 => Some(Player::O),
            _ => None,
        }
    }
}

/// The LeetCode number of an optional winner: 0 for none, else 1 or 2.
///
/// ```
/// use tictactoe_core::{winner_number, Player};
/// assert_eq!(winner_number(None), 0);
/// assert_eq!(winner_number(Some(Player::O)), 2);
/// ```
#[inline]
pub const fn winner_number(winner: Option<Player>) -> u8 {
    match winner {
        Some(player) => player.number(),
        None => 0,
    }
}

impl core::fmt::Display for Player {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "player {} ({})", self.number(), self.symbol())
    }
}
