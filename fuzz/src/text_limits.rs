//! The text parser under a memory limit: a refusal for the limit is exact (the game would take
//! more than the limit, by `game_bytes`), nothing else changes with the limit, and a game that
//! is built never holds more than `game_bytes` of its size, whatever its moves.

use tictactoe_core::{Error, Limits};

/// One input: two bytes of limit (little-endian, in units of 4 bytes; `0xFFFF` the default
/// limit), then the text.
pub fn run(data: &[u8]) {
    let Some((limit, text)) = data.split_first_chunk::<2>() else {
        return;
    };
    let limits = match u16::from_le_bytes(*limit) {
        u16::MAX => Limits::DEFAULT,
        units => Limits { max_bytes: usize::from(units) * 4 },
    };
    let Ok(text) = core::str::from_utf8(text) else {
        return;
    };
    let limited = limits.parse_game(text);
    let unlimited = Limits::NONE.parse_game(text);
    match (limited, unlimited) {
        (Ok(game), Ok(same)) => {
            assert_eq!(game, same);
            let bytes = game.rules().game_bytes().expect("a built game has a size");
            assert!(bytes <= limits.max_bytes, "a game above the limit was built");
            assert!(game.heap_bytes() <= bytes, "{} > game_bytes {bytes}", game.heap_bytes());
        }
        (Ok(_), Err(refused)) => panic!("accepted under a limit, refused without: {refused}"),
        (Err(refused), unlimited) => match refused.rejection() {
            Some(Error::LimitExceeded { requested, limit }) => {
                assert_eq!(limit, limits.max_bytes);
                assert!(requested > limit);
                // Refused as soon as the size was read: without the limit, the parse got past
                // it (or found no memory for it).
                if let Err(other) = unlimited {
                    let no_memory = other.rejection() == Some(Error::AllocFailed);
                    assert!(other.offset > refused.offset || no_memory, "{other}");
                }
            }
            _ => assert_eq!(Err(refused), unlimited.map(|_| ())),
        },
    }
}
