//! Arbitrary bytes into the position and text parsers: nothing panics, every accepted text
//! serializes back to itself's game, and the three position entry points agree.

use tictactoe_core::{validate_cells, validate_rows, Game};

/// One input: any bytes.
pub fn run(data: &[u8]) {
    // The text form.
    if let Ok(text) = core::str::from_utf8(data) {
        if let Ok(game) = text.parse::<Game>() {
            let again: Game = game.text().to_string().parse().expect("a written text parses");
            assert_eq!(again, game);
        }
        // Rows of an n x n board: the text split at '/', n the number of rows.
        let rows: Vec<&str> = text.split('/').collect();
        let checked = validate_rows(rows.len(), &rows);
        let built = Game::from_rows(rows.len(), &rows);
        assert_eq!(checked.err(), built.as_ref().err().copied());
        if let Ok(game) = built {
            assert_eq!(game.to_string().replace('\n', "/"), text.replace(' ', "."));
        }
    }
    // Cell codes: the first byte is n, the rest the cells.
    if let Some((&n, cells)) = data.split_first() {
        let n = usize::from(n % 9);
        let checked = validate_cells(n, cells);
        let built = Game::from_cells(n, cells);
        assert_eq!(checked.err(), built.as_ref().err().copied());
        if let Ok(game) = built {
            let rows: Vec<String> = game.to_string().lines().map(String::from).collect();
            assert_eq!(Game::from_rows(n, &rows).unwrap(), game);
        }
    }
}
