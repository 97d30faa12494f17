//! Connect Four's opening book: well formed, holding exactly the positions the computer meets,
//! consistent with itself as minimax, and equal to the solver where the solver is quick.

use std::collections::HashSet;

use tictactoe_core::{Game, Player, Rules};
use tictactoe_search::{
    Book, BookError, BookWriter, Computer, Options, PerfectMove, SearchError, Solution,
    SolveOptions, Solver,
};

/// The book file, as `make book` wrote it.
static BYTES: &[u8] = include_bytes!("../book/connect-four.book");

/// How good `solution` is for `player`, as a number that grows with it: a win sooner is
/// better, a loss later is better.
fn worth(solution: Solution, player: Player) -> i64 {
    match solution.winner {
        Some(winner) if winner == player => 1000 - solution.plies as i64,
        Some(_) => -1000 + solution.plies as i64,
        None => 0,
    }
}

/// The positions the computer meets in the book's lines, playing `computer` from `game` on:
/// each one's book move played, each of the opponent's replies followed, while the book has
/// the position. Collects the computer's positions (a position and its mirror once: they
/// share an entry) and the deepest one's marks, and checks the book's values against each
/// other: the computer's move keeps the value, and the opponent's best reply keeps it too.
fn walk(
    book: &Book,
    game: &mut Game,
    computer: Player,
    seen: &mut HashSet<Vec<u8>>,
    deepest: &mut usize,
) {
    if game.is_over() {
        return;
    }
    if game.next_player() != computer {
        for col in 0..game.cols() {
            if game.drop(col).is_ok() {
                walk(book, game, computer, seen, deepest);
                game.undo().unwrap();
            }
        }
        return;
    }
    let Some(perfect) = book.perfect_move(game) else { return };
    seen.insert(canonical(game));
    *deepest = (*deepest).max(game.marks());
    let before = worth(perfect.solution, computer);
    let (row, won) = game.drop(perfect.col).unwrap();
    assert_eq!(row, perfect.row);
    if won.is_some() {
        assert_eq!((won, 1), (perfect.solution.winner, perfect.solution.plies));
    } else {
        // The opponent's best reply keeps the value, two plies on; none does better for it.
        let (mut replies, mut legal) = (Vec::new(), 0);
        for col in 0..game.cols() {
            if game.drop(col).is_ok() {
                legal += 1;
                let after = if game.is_over() {
                    Some(Solution { winner: game.winner(), plies: 0 })
                } else {
                    book.perfect_move(game).map(|p| p.solution)
                };
                if let Some(after) = after {
                    replies.push(worth(Solution { plies: after.plies + 2, ..after }, computer));
                }
                game.undo().unwrap();
            }
        }
        assert!(replies.iter().all(|&worth| worth >= before), "{game:?}");
        if replies.len() == legal {
            assert_eq!(replies.iter().min(), Some(&before), "{game:?}");
        }
        walk(book, game, computer, seen, deepest);
    }
    game.undo().unwrap();
}

/// `game`'s cells, the same for it and its mirror image (the smaller of the two).
fn canonical(game: &Game) -> Vec<u8> {
    let cells: Vec<u8> = game.cells().collect();
    let mirror = cells.chunks(game.cols()).flat_map(|row| row.iter().rev().copied()).collect();
    cells.min(mirror)
}

#[test]
fn the_book_file_is_sorted_and_for_connect_four() {
    let book = Book::parse(BYTES).unwrap();
    assert_eq!(book.rules(), Rules::CONNECT_FOUR);
    assert_eq!(book.len(), Book::connect_four().len());
    assert!(!book.is_empty());
}

#[test]
fn the_book_holds_exactly_the_positions_the_computer_meets_and_agrees_with_itself() {
    let book = Book::connect_four();
    let (mut seen, mut deepest) = (HashSet::new(), 0);
    for computer in Player::ALL {
        walk(
            &book,
            &mut Game::new(Rules::CONNECT_FOUR).unwrap(),
            computer,
            &mut seen,
            &mut deepest,
        );
    }
    assert_eq!(seen.len(), book.len(), "every entry met, each once");
    assert_eq!(deepest, 12, "the book's depth");
}

#[test]
fn the_empty_board_is_a_win_in_41_from_the_middle() {
    let game = Game::new(Rules::CONNECT_FOUR).unwrap();
    let perfect = Book::connect_four().perfect_move(&game).unwrap();
    assert_eq!(
        perfect,
        PerfectMove { row: 5, col: 3, solution: Solution { winner: Some(Player::X), plies: 41 } }
    );
    assert_eq!(Solver::new().solve(&game, 0), Ok(perfect.solution), "answered without a position");
    let mut computer = Computer::new();
    let options = Options { simulations: 1, ..Options::default() };
    assert_eq!(computer.best_move(&game, &options), Ok((5, 3)));
    assert_eq!(computer.simulations(), 0, "not searched");
}

#[test]
fn a_mirror_image_gets_the_mirrored_move() {
    let book = Book::connect_four();
    // X in the middle column, then O's reply in column `reply` and in its mirror image.
    for reply in 0..7 {
        let mut game = Game::new(Rules::CONNECT_FOUR).unwrap();
        game.play_all([(5, 3)]).unwrap();
        let mut mirror = game.try_clone().unwrap();
        game.drop(reply).unwrap();
        mirror.drop(6 - reply).unwrap();
        let (perfect, mirrored) =
            (book.perfect_move(&game).unwrap(), book.perfect_move(&mirror).unwrap());
        assert_eq!(mirrored.col, 6 - perfect.col);
        assert_eq!((mirrored.row, mirrored.solution), (perfect.row, perfect.solution));
    }
}

#[test]
fn without_the_book_the_solver_solves_and_a_budget_refuses() {
    let game = Game::new(Rules::CONNECT_FOUR).unwrap();
    let mut solver = Solver::new();
    solver.set_book(false);
    assert_eq!(solver.solve(&game, 1_000), Err(SearchError::BudgetExceeded { max_nodes: 1_000 }));
    let unbooked = SolveOptions { max_nodes: 1_000, book: false, ..SolveOptions::default() };
    let mut computer = Computer::new();
    assert_eq!(
        computer.solve_with(&game, &unbooked),
        Err(SearchError::BudgetExceeded { max_nodes: 1_000 })
    );
    // The player's own solves keep the book afterwards.
    assert_eq!(computer.solve(&game, 0).unwrap().plies, 41);
    // A best move without the book, within a small budget, is the tree search's.
    let options =
        Options { simulations: 50, max_nodes: Some(1_000), book: false, ..Options::default() };
    computer.best_move(&game, &options).unwrap();
    assert!(computer.simulations() > 0);
}

/// The book's deepest positions, solved again without it: the same values, and the book's
/// move keeps the value (it is the solver's first such move in the orientation `make book`
/// met first, a position or its mirror image, so it may be another perfect move than the
/// solver's in this one). The shallower ones take the solver minutes.
#[test]
fn the_deepest_entries_are_the_solvers_answers() {
    let book = Book::connect_four();
    // The computer as X down the book's line, O's replies drawn from a seed, and as O after
    // X's first mark drawn too: the deepest position each line reaches.
    let mut deepest = Vec::new();
    for seed in 0..3u64 {
        let mut game = Game::new(Rules::CONNECT_FOUR).unwrap();
        let mut state = seed;
        let mut reply = |game: &mut Game| {
            let legal: Vec<u32> = game.legal_actions().collect();
            game.drop(
                legal[tictactoe_core::random::below(&mut state, legal.len() as u64) as usize]
                    as usize,
            )
            .unwrap();
        };
        if seed == 2 {
            reply(&mut game);
        }
        let mut last = None;
        while let Some(perfect) = book.perfect_move(&game) {
            last = Some((game.try_clone().unwrap(), perfect));
            game.drop(perfect.col).unwrap();
            if game.is_over() {
                break;
            }
            reply(&mut game);
        }
        deepest.push(last.expect("the line's first position is in the book"));
    }
    let mut solver = Solver::new();
    solver.set_book(false);
    for (position, perfect) in &deepest {
        assert_eq!(solver.solve(position, u64::MAX).unwrap(), perfect.solution, "{position:?}");
        let mut after = position.try_clone().unwrap();
        after.drop(perfect.col).unwrap();
        let kept = match after.winner() {
            Some(winner) => Solution { winner: Some(winner), plies: 1 },
            None => {
                let solution = solver.solve(&after, u64::MAX).unwrap();
                Solution { plies: solution.plies + 1, ..solution }
            }
        };
        assert_eq!(kept, perfect.solution, "{position:?}");
    }
}

/// A book's bytes: the magic, the rules' text after its length, the count, then `entries`.
fn framed(text: &str, count: u32, entries: &[u8]) -> &'static [u8] {
    let mut bytes = b"TTTBOOK1".to_vec();
    bytes.push(text.len() as u8);
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(&count.to_le_bytes());
    bytes.extend_from_slice(entries);
    Vec::leak(bytes)
}

#[test]
fn bytes_that_are_not_a_book_are_refused() {
    let text = "tictactoe/1 rows=6 cols=7 k=4 gravity moves=";
    assert_eq!(Game::new(Rules::CONNECT_FOUR).unwrap().text().to_string(), text);
    assert!(Book::parse(framed(text, 0, &[])).unwrap().is_empty());
    assert_eq!(Book::parse(framed(text, 0, &[])).unwrap().rules(), Rules::CONNECT_FOUR);
    assert_eq!(Book::parse(b"").unwrap_err(), BookError::Malformed);
    assert_eq!(Book::parse(&framed(text, 0, &[])[1..]).unwrap_err(), BookError::Malformed);
    assert_eq!(Book::parse(framed(text, 1, &[])).unwrap_err(), BookError::Malformed);
    assert_eq!(Book::parse(framed(text, 0, &[0; 11])).unwrap_err(), BookError::Malformed);
    let short = framed(text, 0, &[]);
    assert_eq!(Book::parse(&short[..short.len() - 1]).unwrap_err(), BookError::Malformed);
    assert_eq!(
        Book::parse(framed("tictactoe/1 rows=6 cols=7 k=9 moves=", 0, &[])).unwrap_err(),
        BookError::Rules
    );
    assert_eq!(Book::parse(framed("not a game", 0, &[])).unwrap_err(), BookError::Rules);
    assert_eq!(Book::parse(framed("\u{ff}", 0, &[])).unwrap_err(), BookError::Rules);
    let mut writer = BookWriter::new(Rules::CONNECT_FOUR).unwrap();
    let mut game = Game::new(Rules::CONNECT_FOUR).unwrap();
    for col in [0, 1] {
        game.drop(col).unwrap();
        let perfect = PerfectMove { row: 5, col: 6, solution: Solution { winner: None, plies: 3 } };
        assert!(writer.insert(&game, perfect));
        assert!(!writer.insert(&game, perfect), "a position twice");
    }
    assert_eq!(
        BookWriter::new(Rules::mnk(3, 3, 9)).err(),
        Some(tictactoe_core::Error::InvalidRules { rows: 3, cols: 3, k: 9 })
    );
    // Moves no book holds are not written, on a position as it is and on one kept as its
    // mirror image (X in column 6): a column off the board or full, more plies than cells.
    for first in [0, 6] {
        let mut other = Game::new(Rules::CONNECT_FOUR).unwrap();
        for _ in 0..6 {
            other.drop(first).unwrap();
        }
        let refused = [(9, 3), (usize::MAX, 3), (first, 3), (3, 43), (3, 300)];
        for (col, plies) in refused {
            let perfect = PerfectMove { row: 0, col, solution: Solution { winner: None, plies } };
            assert!(!writer.insert(&other, perfect), "column {col}, {plies} plies");
        }
    }
    assert_eq!(
        format!("{writer:?}"),
        "BookWriter { rules: Rules { rows: 6, cols: 7, k: 4, exact: false, gravity: true }, len: 2 }"
    );
    let bytes = writer.to_bytes();
    let book = Book::parse(Vec::leak(bytes.clone())).unwrap();
    assert_eq!(book.len(), 2);
    assert_eq!(BookWriter::from_book(&book).to_bytes(), bytes);
    // The two entries swapped, or the first twice.
    let (header, entries) = bytes.split_at(bytes.len() - 22);
    let swapped = [header, &entries[11..], &entries[..11]].concat();
    assert_eq!(Book::parse(Vec::leak(swapped)).unwrap_err(), BookError::Unsorted);
    let twice = [header, &entries[..11], &entries[..11]].concat();
    assert_eq!(Book::parse(Vec::leak(twice)).unwrap_err(), BookError::Unsorted);
    // A winner, plies or column no book writes (bytes 8, 9 and 10 of an entry).
    for (at, bad) in [(8, 3), (9, 43), (10, 7)] {
        let mut wrong = bytes.clone();
        wrong[bytes.len() - 22 + at] = bad;
        assert_eq!(Book::parse(Vec::leak(wrong)).unwrap_err(), BookError::Entry, "byte {at}");
    }
}
