//! Behaviour the model and the vectors do not pin down: messages, error details, offsets,
//! undo restoring every observable, and the formatting traits.

use tictactoe_core::{
    Batch, Error, ErrorKind, Game, Illegal, Line, ListError, Move, ParseErrorKind, Player,
    PositionError, Selection, Status, MAX_N,
};

#[test]
fn every_error_has_a_message_naming_its_data() {
    let cases: [(Error, &str); 8] = [
        (Error::InvalidSize { n: 0 }, "board size 0 is invalid: n must be from 1 to 65535"),
        (Error::AllocFailed, "the memory needed could not be allocated"),
        (
            Error::OutOfBounds { row: 3, col: 1, rows: 3, cols: 3 },
            "cell (3, 1) is outside the 3 x 3 board",
        ),
        (Error::InvalidPlayer { player: 7 }, "player 7 is invalid: players are 1 (X) and 2 (O)"),
        (
            Error::Occupied { row: 0, col: 2, by: Player::O },
            "cell (0, 2) is already taken by player 2 (O)",
        ),
        (Error::GameOver { winner: Player::X }, "the game is over: player 1 (X) has won"),
        (Error::NothingToUndo, "there is no move to undo"),
        (
            Error::InvalidPosition(PositionError::BothWin),
            "invalid position: both players own a winning run",
        ),
    ];
    for (error, message) in cases {
        assert_eq!(error.to_string(), message);
    }
    let reasons = [
        (
            PositionError::WrongShape { rows: 3, cols: 3, row: Some(1), len: 2 },
            "row 1 has 2 cells, expected 3",
        ),
        (
            PositionError::WrongShape { rows: 2, cols: 2, row: None, len: 3 },
            "3 cells given, a 2 x 2 board has 4",
        ),
        (
            PositionError::InvalidChar { row: 0, col: 1, found: '?' },
            "cell (0, 1) holds '?': cells are ' ' or '.' (empty), 'X' or 'O'",
        ),
        (
            PositionError::InvalidCell { row: 2, col: 0, value: 3 },
            "cell (2, 0) holds 3: cells are 0 (empty), 1 (X) or 2 (O)",
        ),
        (
            PositionError::BadCounts { x: 3, o: 1 },
            "X has 3 marks and O has 1: X moves first, so X must have as many as O or one more",
        ),
        (
            PositionError::WinnerNotLast { winner: Player::O },
            "player 2 (O) has won but the mark counts say the opponent moved last",
        ),
        (
            PositionError::DisjointWinningLines { winner: Player::X },
            "player 1 (X) owns winning runs that no single last move made together",
        ),
    ];
    for (reason, message) in reasons {
        assert_eq!(reason.to_string(), message);
    }
    let replay = ListError { index: Some(4), error: Error::NothingToUndo };
    assert_eq!(replay.to_string(), "move 4: there is no move to undo");
    let whole = ListError::from(Error::LengthMismatch { len: 1, expected: 2 });
    assert_eq!(
        whole,
        ListError { index: None, error: Error::LengthMismatch { len: 1, expected: 2 } }
    );
    assert_eq!(whole.to_string(), "1 value given where 2 are needed");
    let one = Error::LengthMismatch { len: 2, expected: 1 };
    assert_eq!(one.to_string(), "2 values given where 1 is needed");
    // The reason in the text, not again as a source (`an_error_says_its_cause_once`).
    let invalid = Error::InvalidPosition(PositionError::BothWin);
    assert_eq!(invalid.to_string(), "invalid position: both players own a winning run");
}

/// An error says its cause or gives it as its source, never both: each says all in its text,
/// so that a chain printed cause by cause (anyhow, eyre) says nothing twice.
#[test]
fn an_error_says_its_cause_once() {
    let invalid = Game::from_cells(3, &[1, 1, 1, 0, 0, 0, 0, 0, 0]).unwrap_err();
    assert!(matches!(invalid, Error::InvalidPosition(_)), "{invalid:?}");
    let mut batch = Batch::new(2, 3, 0).unwrap();
    let listed = batch.step(Selection::Listed(&[5]), &[0], &mut [0], Illegal::Refuse).unwrap_err();
    let restored = Batch::restore(3, &[&[4], &[4, 4]], &[0, 0], &[0, 0]).unwrap_err();
    let errors: [&dyn core::error::Error; 3] = [&invalid, &listed, &restored];
    for error in errors {
        assert!(error.source().is_none(), "{error}");
    }
    assert_eq!(listed.to_string(), "move 0: game 5 is not in the batch of 2 games");
    assert_eq!(restored.to_string(), "game 1: cell (1, 1) is already taken by player 1 (X)");
}

/// `ErrorKind::ALL`, which the faces' tests walk to check that they map every kind (`Error` is
/// non-exhaustive, so their compilers no longer do), holds each kind once, with a name of its
/// own in snake case.
#[test]
fn every_kind_is_listed_once_with_its_own_name() {
    let names: Vec<&str> = ErrorKind::ALL.iter().map(|kind| kind.name()).collect();
    for (i, (kind, name)) in ErrorKind::ALL.iter().zip(&names).enumerate() {
        assert!(!ErrorKind::ALL[..i].contains(kind), "{kind:?} is listed twice");
        assert!(!names[..i].contains(name), "{name} names two kinds");
        assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{name}");
    }
}

#[test]
fn sizes_up_to_the_maximum() {
    assert_eq!(Game::new(0), Err(Error::InvalidSize { n: 0 }));
    assert_eq!(Game::new(MAX_N + 1), Err(Error::InvalidSize { n: MAX_N + 1 }));
    assert_eq!(Game::new(usize::MAX), Err(Error::InvalidSize { n: usize::MAX }));
    let mut big = Game::new(MAX_N).unwrap();
    // The last cell's index is the largest a 32-bit history entry holds.
    assert_eq!(big.make_move(MAX_N - 1, MAX_N - 1, 1), Ok(None));
    assert_eq!(big.undo(), Ok(Move { row: MAX_N - 1, col: MAX_N - 1, player: Player::X }));
}

/// Everything a caller can observe, for comparing a game before and after.
fn observe(game: &Game) -> String {
    format!(
        "{game}|{:?}|{:?}|{:?}|{:?}|{}|{}|{:?}|{:?}|{}",
        game.status(),
        game.winner(),
        game.next_player(),
        [game.can_win(Player::X), game.can_win(Player::O)],
        game.is_draw_certain(),
        game.marks(),
        game.winning_lines().collect::<Vec<_>>(),
        game.history().collect::<Vec<_>>(),
        game.text()
    )
}

#[test]
fn undo_restores_every_observable_back_to_the_empty_board() {
    let mut game = Game::new(3).unwrap();
    let moves = [(1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0)];
    let mut seen = vec![(observe(&game), game.clone())];
    for (row, col) in moves {
        game.play(row, col).unwrap();
        seen.push((observe(&game), game.clone()));
    }
    assert_eq!(game.status(), Status::Draw);
    seen.pop();
    while let Some((observed, copy)) = seen.pop() {
        game.undo().unwrap();
        assert_eq!(observe(&game), observed);
        assert_eq!(game, copy);
    }
    assert_eq!(game.undo(), Err(Error::NothingToUndo));
    assert_eq!(game, Game::new(3).unwrap());
}

#[test]
fn undoing_a_win_reopens_the_game() {
    let mut game = Game::new(3).unwrap();
    game.play_all([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]).unwrap();
    assert_eq!(game.status(), Status::Won(Player::X));
    assert_eq!(game.winning_lines().collect::<Vec<_>>(), [Line::Row(0)]);
    game.undo().unwrap();
    assert_eq!(game.status(), Status::InProgress);
    assert_eq!(game.winning_lines().count(), 0);
    assert!(game.can_win(Player::O));
    assert_eq!(game.next_player(), Player::X);
    assert_eq!(game.make_move(1, 2, 2), Ok(Some(Player::O)));
}

#[test]
fn replays_report_the_first_bad_move_and_change_nothing() {
    let mut game = Game::new(3).unwrap();
    game.play(2, 2).unwrap();
    let before = game.clone();
    let err = game.play_all([(0, 0), (0, 1), (5, 0), (1, 1)]).unwrap_err();
    assert_eq!(
        err,
        ListError {
            index: Some(2),
            error: Error::OutOfBounds { row: 5, col: 0, rows: 3, cols: 3 }
        }
    );
    assert_eq!(game, before);
    let err = game.move_all([(0, 0, 1), (0, 1, 0)]).unwrap_err();
    assert_eq!(err, ListError { index: Some(1), error: Error::InvalidPlayer { player: 0 } });
    assert_eq!(game, before);
    assert_eq!(game.move_all([]), Ok(None));
    assert_eq!(game.move_all([(0, 0, 1), (1, 1, 1)]), Ok(Some(Player::X)));
}

#[test]
fn cell_queries_are_checked() {
    let game = Game::from_rows(2, &["X.", ".O"]).unwrap();
    assert_eq!(game.cell(0, 0), Ok(Some(Player::X)));
    assert_eq!(game.cell(1, 1), Ok(Some(Player::O)));
    assert_eq!(game.cell(0, 1), Ok(None));
    assert_eq!(game.cell(2, 0), Err(Error::OutOfBounds { row: 2, col: 0, rows: 2, cols: 2 }));
    assert_eq!(game.marks_of(Player::X), 1);
}

#[test]
fn parse_errors_point_at_the_problem() {
    let cases: [(&str, usize, &str); 11] = [
        ("", 0, "expected \"tictactoe/1 \""),
        ("tictactoe/1 m=3 moves=", 12, "expected \"n=\" or \"rows=\""),
        ("tictactoe/1 rows=3 k=3 moves=", 18, "expected \" cols=\""),
        (
            "tictactoe/1 rows=3 cols=4 k=5 moves=",
            12,
            "k = 5 is invalid on a 3 x 4 board: k must be from 1 to 4",
        ),
        (
            "tictactoe/1 rows=6 cols=7 k=4 gravity moves=0,0,1",
            44,
            "move 0: cell (0, 0) has a free cell below it: under gravity a mark sits on the bottom row or on a mark",
        ),
        ("tictactoe/1 n=x moves=", 14, "expected the board size, a decimal number"),
        ("tictactoe/1 n=3", 15, "expected \" moves=\""),
        ("tictactoe/1 n=3 moves=0,0,1;", 28, "expected a row number"),
        ("tictactoe/1 n=3 moves=0,0,1 ", 27, "expected ';' between moves, or the end of the text"),
        (
            "tictactoe/1 n=3 moves=1,2,3",
            22,
            "move 0: player 3 is invalid: players are 1 (X) and 2 (O)",
        ),
        ("tictactoe/1 n=0 moves=", 14, "board size 0 is invalid: n must be from 1 to 65535"),
    ];
    for (text, offset, message) in cases {
        let err = text.parse::<Game>().unwrap_err();
        assert_eq!(err.offset, offset, "{text}");
        assert_eq!(err.to_string(), format!("at byte {offset}: {message}"), "{text}");
    }
    let err = "tictactoe/1 n=3 moves=0,0,4294967296".parse::<Game>().unwrap_err();
    assert_eq!(err.kind, ParseErrorKind::Syntax { expected: "a player number (1 or 2)" });
    assert_eq!(err.rejection(), None);
    let err = "tictactoe/1 n=2 board=XO/O. moves=".parse::<Game>().unwrap_err();
    assert_eq!(
        err.rejection(),
        Some(Error::InvalidPosition(PositionError::BadCounts { x: 1, o: 2 }))
    );
    assert_eq!(err.offset, 22);
}

#[test]
fn formatting() {
    let mut game = Game::new(2).unwrap();
    game.make_move(1, 0, 2).unwrap();
    assert_eq!(game.to_string(), "..\nO.");
    assert_eq!(
        format!("{game:?}"),
        "Game { rules: Rules { rows: 2, cols: 2, k: 2, exact: false, gravity: false }, \
         status: InProgress, starting_position: false, history: [(1, 0, 2)] }"
    );
    assert_eq!(Player::X.to_string(), "player 1 (X)");
    assert_eq!(game.text().to_string(), "tictactoe/1 n=2 moves=1,0,2");
}

#[test]
fn clones_are_independent() {
    let mut game = Game::new(3).unwrap();
    game.play(0, 0).unwrap();
    let mut copy = game.clone();
    copy.play(1, 1).unwrap();
    assert_ne!(copy, game);
    assert_eq!(game.marks(), 1);
    copy.undo().unwrap();
    assert_eq!(copy, game);
}

#[test]
fn room_kept_for_more_moves_is_not_part_of_a_game() {
    use core::hash::{Hash, Hasher};
    use std::collections::hash_map::DefaultHasher;
    let hash = |game: &Game| {
        let mut hasher = DefaultHasher::new();
        game.hash(&mut hasher);
        hasher.finish()
    };
    // 40 moves on 10 x 10 outgrow the history room of a new game; taking 30 back leaves a
    // game with more room than one that made only the first 10 moves.
    let cells: Vec<(usize, usize)> = (0..40).map(|i| (i % 10, (i * 3 + i / 10) % 10)).collect();
    let mut long = Game::new(10).unwrap();
    long.play_all(cells.iter().copied()).unwrap();
    let mut short = Game::new(10).unwrap();
    short.play_all(cells[..10].iter().copied()).unwrap();
    for _ in 0..30 {
        long.undo().unwrap();
    }
    assert!(long.heap_bytes() > short.heap_bytes());
    assert_eq!(long, short);
    assert_eq!(hash(&long), hash(&short));
    assert_eq!(long.text().to_string(), short.text().to_string());
    // And a different history is a different game, though the board is the same.
    let mut swapped = Game::new(10).unwrap();
    swapped.play_all([cells[2], cells[1], cells[0]]).unwrap();
    let mut straight = Game::new(10).unwrap();
    straight.play_all([cells[0], cells[1], cells[2]]).unwrap();
    assert_eq!(swapped.to_string(), straight.to_string());
    assert_ne!(swapped, straight);
}
