//! One `Rules` value in, one check of it: every way of building a game, a batch or a position
//! refuses the same bad rules with the same error, and each constructor's limited form
//! (a method of `Limits`) builds what the plain one builds, or refuses for the limit alone.

use tictactoe_core::{
    validate_cells, validate_rows, Batch, Error, Game, Limits, ParseErrorKind, Rules, MAX_N,
};

/// What each way of building makes of `rules` given with no position (an empty board's cells
/// and rows where one is needed, a batch of one game, the text form's rules with no moves),
/// named for the failure message. Only the rules can be refused here.
fn every_way(rules: Rules) -> Vec<(&'static str, Result<(), Error>)> {
    let cells = vec![0u8; if rules.check().is_ok() { rules.cells() } else { 0 }];
    let row = ".".repeat(if rules.check().is_ok() { rules.cols } else { 0 });
    let rows = vec![row.as_str(); if rules.check().is_ok() { rules.rows } else { 0 }];
    let text = format!("tictactoe/1 {rules} moves=");
    let parsed = |limits: Limits| match limits.parse_game(&text) {
        Ok(_) => Ok(()),
        Err(error) => match error.kind {
            ParseErrorKind::Rejected(error) => Err(error),
            other => panic!("{text}: not a rejection: {other:?}"),
        },
    };
    let limits = [Limits::NONE, Limits::DEFAULT, Limits { max_bytes: usize::MAX - 1 }];
    let mut ways = vec![
        ("Rules::check", rules.check()),
        ("Game::new", Game::new(rules).map(drop)),
        ("Game::from_cells", Game::from_cells(rules, &cells).map(drop)),
        ("Game::from_rows", Game::from_rows(rules, &rows).map(drop)),
        ("validate_cells", validate_cells(rules, &cells)),
        ("validate_rows", validate_rows(rules, &rows)),
        ("Batch::new", Batch::new(1, rules, 0).map(drop)),
        (
            "Batch::restore",
            Batch::restore(rules, &[&[]], &[0], &[0]).map(drop).map_err(|e| e.error),
        ),
        ("str::parse", parsed(Limits::DEFAULT)),
    ];
    for limits in limits {
        ways.extend([
            ("Limits::check_game", limits.check_game(rules)),
            ("Limits::check_batch", limits.check_batch(1, rules)),
            ("Limits::game", limits.game(rules).map(drop)),
            ("Limits::game_from_cells", limits.game_from_cells(rules, &cells).map(drop)),
            ("Limits::game_from_rows", limits.game_from_rows(rules, &rows).map(drop)),
            ("Limits::batch", limits.batch(1, rules, 0).map(drop)),
            ("Limits::parse_game", parsed(limits)),
        ]);
    }
    ways
}

/// Asserts that every way of building refuses `rules` with `expected`, a batch of no games
/// too: the rules are judged before the count.
fn refused_every_way(rules: Rules, expected: Error) {
    for (way, got) in every_way(rules) {
        assert_eq!(got, Err(expected), "{way} of {rules:?}");
    }
    assert_eq!(Batch::new(0, rules, 0), Err(expected), "{rules:?}");
}

#[test]
fn a_bad_size_is_one_error_every_way() {
    for n in [0, MAX_N + 1, 1 << 32, usize::MAX] {
        let expected = Error::InvalidSize { n };
        // A size, n x n tic-tac-toe's rules, and the same rules spelled out are one value.
        assert_eq!(Rules::from(n), Rules::tic_tac_toe(n));
        assert_eq!(Rules::from(n), Rules::mnk(n, n, n));
        refused_every_way(Rules::from(n), expected);
        // Given as a size where a constructor takes one.
        assert_eq!(Game::new(n), Err(expected));
        assert_eq!(Game::from_cells(n, &[]), Err(expected));
        assert_eq!(Game::from_rows(n, &[""; 0]), Err(expected));
        assert_eq!(Batch::new(1, n, 0), Err(expected));
        assert_eq!(Limits::DEFAULT.batch(1, n, 0), Err(expected));
        let text = format!("tictactoe/1 n={n} moves=");
        assert_eq!(text.parse::<Game>().unwrap_err().rejection(), Some(expected));
    }
}

#[test]
fn other_bad_rules_are_invalid_rules_every_way() {
    let exact = |rules: Rules| Rules { exact: true, ..rules };
    let gravity = |rules: Rules| Rules { gravity: true, ..rules };
    for rules in [
        Rules::mnk(0, 0, 1),
        Rules::mnk(0, 3, 1),
        Rules::mnk(3, 0, 3),
        Rules::mnk(3, 3, 0),
        Rules::mnk(3, 3, 4),
        Rules::mnk(MAX_N + 1, MAX_N + 1, 4),
        Rules::mnk(MAX_N + 1, 1, 1),
        // Beside n x n tic-tac-toe's rules, the flags make them other rules: no n alone.
        exact(Rules::tic_tac_toe(0)),
        gravity(Rules::tic_tac_toe(0)),
        gravity(Rules::tic_tac_toe(MAX_N + 1)),
        gravity(Rules { k: 8, ..Rules::CONNECT_FOUR }),
    ] {
        let expected = Error::InvalidRules { rows: rules.rows, cols: rules.cols, k: rules.k };
        refused_every_way(rules, expected);
    }
}

#[test]
fn good_rules_are_built_every_way() {
    for rules in [Rules::from(1), Rules::from(3), Rules::CONNECT_FOUR, Rules::GOMOKU] {
        for (way, got) in every_way(rules) {
            assert_eq!(got, Ok(()), "{way} of {rules:?}");
        }
    }
}

/// The limits that admit a game (or batch) of `bytes` exactly, and the one just below.
fn around(bytes: usize) -> (Limits, Limits) {
    (Limits { max_bytes: bytes }, Limits { max_bytes: bytes - 1 })
}

#[test]
fn each_constructor_and_its_limited_form_agree() {
    let gravity = Rules { gravity: true, ..Rules::mnk(3, 4, 3) };
    for rules in [Rules::from(3), Rules::from(40), gravity, Rules::CONNECT_FOUR, Rules::GOMOKU] {
        let (exact, below) = around(rules.game_bytes().unwrap());
        let over = Err(Error::LimitExceeded { requested: exact.max_bytes, limit: below.max_bytes });
        // An empty board, a reachable position (X in the bottom left corner), one that is
        // not (two X), and cells of the wrong length.
        let mut one = vec![0u8; rules.cells()];
        one[rules.cells() - rules.cols] = 1;
        let mut two = one.clone();
        two[rules.cells() - 1] = 1;
        let positions = [vec![0u8; rules.cells()], one, two, vec![0u8; 1]];
        for limits in [Limits::NONE, exact] {
            assert_eq!(limits.game(rules), Game::new(rules), "{rules:?}");
            for cells in &positions {
                assert_eq!(limits.game_from_cells(rules, cells), Game::from_cells(rules, cells));
                let text = Game::from_cells(rules, cells).map(|game| game.to_string());
                let rows: Vec<String> =
                    text.unwrap_or_default().split('\n').map(String::from).collect();
                assert_eq!(limits.game_from_rows(rules, &rows), Game::from_rows(rules, &rows));
            }
        }
        assert_eq!(below.game(rules), over);
        for cells in &positions {
            // Decided from the rules, before the cells are read.
            assert_eq!(below.game_from_cells(rules, cells), over);
            assert_eq!(below.game_from_rows(rules, &[""; 0]), over);
        }
        let mut game = Game::new(rules).unwrap();
        game.play_all(game.legal_moves().take(2).collect::<Vec<_>>()).unwrap();
        let text = game.text().to_string();
        assert_eq!(exact.parse_game(&text).unwrap(), game);
        assert_eq!(Limits::NONE.parse_game(&text).unwrap(), game);
        assert!(matches!(
            below.parse_game(&text).unwrap_err().rejection(),
            Some(Error::LimitExceeded { .. })
        ));
        for count in [0, 1, 5] {
            let plain = Batch::new(count, rules, 9);
            assert_eq!(Limits::NONE.batch(count, rules, 9), plain);
            let Some(bytes) = rules.batch_bytes(count).filter(|_| count > 0) else {
                continue;
            };
            let (exact, below) = around(bytes);
            assert_eq!(exact.batch(count, rules, 9), plain);
            let over = Err(Error::LimitExceeded { requested: bytes, limit: below.max_bytes });
            assert_eq!(below.batch(count, rules, 9), over);
            assert_eq!(below.check_batch(count, rules), over.map(drop));
        }
    }
}
