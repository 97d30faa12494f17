//! Limits on games made from outside data: the text form's default refuses a hostile size
//! before allocating, the size arithmetic is checked at its edges, and a refused text leaves
//! nothing behind.

use tictactoe_core::{game_bytes, Error, Game, Limits, ParseErrorKind, MAX_N};

/// The error a refused text carries, with the offset it names.
fn refusal(text: &str, limits: Limits) -> (usize, Error) {
    let error = Game::from_text_with_limits(text, limits).unwrap_err();
    match error.kind {
        ParseErrorKind::Rejected(rejected) => (error.offset, rejected),
        other => panic!("{text}: not a rejection: {other:?}"),
    }
}

#[test]
fn the_default_refuses_the_27_byte_gigabyte() {
    let text = "tictactoe/1 n=65535 moves=";
    let requested = game_bytes(65535).unwrap();
    let limit = Limits::DEFAULT.max_bytes;
    assert_eq!(refusal(text, Limits::DEFAULT), (14, Error::LimitExceeded { requested, limit }));
    assert!(matches!(
        text.parse::<Game>().unwrap_err().rejection(),
        Some(Error::LimitExceeded { .. })
    ));
    // With a board too, and whatever follows: the size is refused before the rest is read.
    let board = "tictactoe/1 n=5000 board=... moves=0,0,1";
    assert!(matches!(refusal(board, Limits::DEFAULT).1, Error::LimitExceeded { .. }));
}

#[test]
fn the_bound_is_exact_and_sizes_no_game_has_are_invalid_first() {
    let n = 40;
    let exact = Limits { max_bytes: game_bytes(n).unwrap() };
    let text = format!("tictactoe/1 n={n} moves=0,0,1");
    assert_eq!(Game::from_text_with_limits(&text, exact).unwrap().marks(), 1);
    let below = Limits { max_bytes: exact.max_bytes - 1 };
    assert_eq!(
        refusal(&text, below).1,
        Error::LimitExceeded { requested: exact.max_bytes, limit: below.max_bytes }
    );
    // The default admits 1400 x 1400 and not 1410 x 1410.
    assert!(Limits::DEFAULT.check_game(1400).is_ok());
    assert!(Limits::DEFAULT.check_game(1410).is_err());
    for bad in [0, MAX_N + 1, usize::MAX] {
        assert_eq!(Limits::NONE.check_game(bad), Err(Error::InvalidSize { n: bad }));
        assert_eq!(Limits { max_bytes: 0 }.check_game(bad), Err(Error::InvalidSize { n: bad }));
    }
    assert_eq!(refusal("tictactoe/1 n=0 moves=", Limits::NONE), (14, Error::InvalidSize { n: 0 }));
    assert!(matches!(Limits { max_bytes: 0 }.check_game(1), Err(Error::LimitExceeded { .. })));
}

#[test]
fn size_arithmetic_is_checked_at_the_edges() {
    // MAX_N: 2^32 - 2^17 + 1 cells, 16 a word, 131 072 lines: about 18 GB, no overflow on 64 bits.
    let cells = MAX_N * MAX_N;
    assert_eq!(game_bytes(MAX_N), Some(4 * (cells.div_ceil(16) + 2 * MAX_N + 2 + cells)));
    assert!(Limits::NONE.check_game(MAX_N).is_ok());
    // Past what n * n can hold, and where only the final * 4 overflows.
    assert_eq!(game_bytes(1 << 32), None);
    let side = ((usize::MAX / 4) as f64).sqrt() as usize;
    assert_eq!(game_bytes(side + 1000), None);
    // 32-bit arithmetic: sizes whose bytes pass u32::MAX are refused there by the same checks.
    assert!(game_bytes(MAX_N).unwrap() > u32::MAX as usize);
    assert!(Limits { max_bytes: u32::MAX as usize }.check_game(MAX_N).is_err());
}

#[test]
fn unlimited_parsing_reads_what_the_default_refuses_and_round_trips() {
    let mut game = Game::new(1500).unwrap();
    game.play(1499, 0).unwrap();
    let text = game.text().to_string();
    assert!(text.parse::<Game>().is_err());
    assert_eq!(Game::from_text_with_limits(&text, Limits::NONE).unwrap(), game);
    assert_eq!(Limits::default(), Limits::DEFAULT);
}
