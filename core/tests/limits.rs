//! Limits on games made from outside data: the text form's default refuses a hostile size
//! before allocating, the size arithmetic is checked at its edges, and a refused text leaves
//! nothing behind.

use tictactoe_core::{batch_bytes, game_bytes, Batch, Error, Game, Limits, ParseErrorKind, MAX_N};

/// The error a refused text carries, with the offset it names.
fn refusal(text: &str, limits: Limits) -> (usize, Error) {
    let error = limits.parse_game(text).unwrap_err();
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
    assert_eq!(exact.parse_game(&text).unwrap().marks(), 1);
    let below = Limits { max_bytes: exact.max_bytes - 1 };
    assert_eq!(
        refusal(&text, below).1,
        Error::LimitExceeded { requested: exact.max_bytes, limit: below.max_bytes }
    );
    // The default admits 1364 x 1364 and not 1365 x 1365.
    assert!(Limits::DEFAULT.check_game(1364).is_ok());
    assert!(Limits::DEFAULT.check_game(1365).is_err());
    for bad in [0, MAX_N + 1, usize::MAX] {
        assert_eq!(Limits::NONE.check_game(bad), Err(Error::InvalidSize { n: bad }));
        assert_eq!(Limits { max_bytes: 0 }.check_game(bad), Err(Error::InvalidSize { n: bad }));
    }
    assert_eq!(refusal("tictactoe/1 n=0 moves=", Limits::NONE), (14, Error::InvalidSize { n: 0 }));
    assert!(matches!(Limits { max_bytes: 0 }.check_game(1), Err(Error::LimitExceeded { .. })));
}

#[test]
fn size_arithmetic_is_checked_at_the_edges() {
    // MAX_N: 2^32 - 2^17 + 1 cells, 16 a word (twice: the board and a starting position),
    // 131 072 lines: about 19 GB, no overflow on 64 bits.
    let cells = MAX_N * MAX_N;
    assert_eq!(game_bytes(MAX_N), Some(4 * (2 * cells.div_ceil(16) + 2 * MAX_N + 2 + cells)));
    assert!(Limits::NONE.check_game(MAX_N).is_ok());
    // Past what n * n can hold, and where only the final * 4 overflows.
    assert_eq!(game_bytes(1 << 32), None);
    let side = ((usize::MAX / 4) as f64).sqrt() as usize;
    assert_eq!(game_bytes(side + 1000), None);
    // A bound of u32::MAX refuses what a 32-bit target could not address anyway (the
    // functions' own 32-bit arithmetic is tested in the crate, limits::tests).
    assert!(game_bytes(MAX_N).unwrap() > u32::MAX as usize);
    assert!(Limits { max_bytes: u32::MAX as usize }.check_game(MAX_N).is_err());
}

#[test]
fn batch_sizes_are_checked_at_the_edges() {
    // One game of each size takes a game's words, 25 bytes of state and a word of scratch.
    let stride = |n: usize| (n * n).div_ceil(16) + 2 * n + 2 + n * n;
    for n in [1, 3, 8, 100, MAX_N] {
        assert_eq!(batch_bytes(1, n), Some(4 * stride(n) + 25 + 8));
        assert_eq!(batch_bytes(64, n), Some(64 * (4 * stride(n) + 25) + 8));
    }
    // count * n * n just past isize::MAX, and past usize.
    let per_game = 4 * stride(3) + 25;
    let fits = isize::MAX as usize / (per_game + 1);
    assert!(batch_bytes(fits, 3).is_some_and(|bytes| bytes <= isize::MAX as usize));
    assert_eq!(batch_bytes(isize::MAX as usize / per_game + 1, 3), None);
    assert_eq!(batch_bytes(usize::MAX, MAX_N), None);
    // Refused by size, then count, then limit; NONE lets the overflow through to AllocFailed.
    let limit = Limits { max_bytes: 1 << 20 };
    assert_eq!(limit.check_batch(0, 0), Err(Error::InvalidSize { n: 0 }));
    assert_eq!(limit.check_batch(0, 3), Err(Error::InvalidCount { count: 0 }));
    let requested = batch_bytes(1 << 20, 3).unwrap();
    assert_eq!(limit.batch(1 << 20, 3, 0), Err(Error::LimitExceeded { requested, limit: 1 << 20 }));
    assert_eq!(
        limit.check_batch(usize::MAX, 3),
        Err(Error::LimitExceeded { requested: usize::MAX, limit: 1 << 20 })
    );
    assert_eq!(Limits::NONE.check_batch(usize::MAX, 3), Ok(()));
    assert_eq!(Batch::new(usize::MAX, 3, 0), Err(Error::AllocFailed));
    assert_eq!(Batch::new(usize::MAX / 2, MAX_N, 0), Err(Error::AllocFailed));
    // The exact bound admits the batch, and the batch is the one Batch::new makes.
    let exact = Limits { max_bytes: batch_bytes(100, 7).unwrap() };
    assert_eq!(exact.batch(100, 7, 5).unwrap(), Batch::new(100, 7, 5).unwrap());
    let below = Limits { max_bytes: exact.max_bytes - 1 };
    assert!(matches!(below.batch(100, 7, 5), Err(Error::LimitExceeded { .. })));
}

#[test]
fn unlimited_parsing_reads_what_the_default_refuses_and_round_trips() {
    let mut game = Game::new(1500).unwrap();
    game.play(1499, 0).unwrap();
    let text = game.text().to_string();
    assert!(text.parse::<Game>().is_err());
    assert_eq!(Limits::NONE.parse_game(&text).unwrap(), game);
    assert_eq!(Limits::default(), Limits::DEFAULT);
}

#[test]
fn positions_take_a_limit_decided_before_their_cells_are_read() {
    let n = 50;
    let mut cells = vec![0u8; n * n];
    cells[0] = 1;
    let rows: Vec<String> = (0..n)
        .map(|r| if r == 0 { format!("X{}", ".".repeat(n - 1)) } else { ".".repeat(n) })
        .collect();
    let exact = Limits { max_bytes: game_bytes(n).unwrap() };
    let below = Limits { max_bytes: exact.max_bytes - 1 };
    let refused = Err(Error::LimitExceeded { requested: exact.max_bytes, limit: below.max_bytes });
    let game = exact.game_from_cells(n, &cells).unwrap();
    assert_eq!(game, Game::from_cells(n, &cells).unwrap());
    assert!(game.heap_bytes() <= exact.max_bytes);
    assert_eq!(exact.game_from_rows(n, &rows).unwrap(), game);
    assert_eq!(below.game_from_cells(n, &cells), refused);
    assert_eq!(below.game_from_rows(n, &rows), refused);
    // Decided first: cells of the wrong length, or rows that are not a board, are refused by
    // the limit all the same, and a bad size before it.
    assert_eq!(below.game_from_cells(n, &[]), refused);
    let ragged = vec!["X"; n];
    assert_eq!(below.game_from_rows(n, &ragged), refused);
    assert_eq!(below.game_from_cells(0, &[]), Err(Error::InvalidSize { n: 0 }));
    let none: [&str; 0] = [];
    assert_eq!(below.game_from_rows(0, &none), Err(Error::InvalidSize { n: 0 }));
    // A game at its largest (full history, starting position) stays within game_bytes.
    let mut full = Game::from_cells(n, &cells).unwrap();
    let free: Vec<_> = full.legal_moves().collect();
    for (row, col) in free {
        if full.play(row, col).is_err() {
            break;
        }
    }
    assert!(full.heap_bytes() <= exact.max_bytes, "{} > {}", full.heap_bytes(), exact.max_bytes);
}
