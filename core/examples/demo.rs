//! `make demo`: plays LeetCode 348's example and a 4 x 4 game that ends in an early, certain
//! draw, printing the board and the result after each move.

use tictactoe_core::{winner_number, Error, Game, Player};

fn show(game: &Game) {
    for line in game.to_string().lines() {
        println!("    {line}");
    }
}

fn main() -> Result<(), Error> {
    println!("LeetCode 348: TicTacToe(3), then move(row, col, player) returns the winner");
    let mut game = Game::new(3)?;
    let moves = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)];
    for (row, col, player) in moves {
        let winner = game.make_move(row, col, player)?;
        println!("  move({row}, {col}, {player}) -> {}", winner_number(winner));
        show(&game);
    }
    let lines: Vec<_> = game.winning_lines().collect();
    println!("  status: {:?}, winning lines: {lines:?}", game.status());
    if let Err(refused) = game.make_move(0, 1, 2) {
        println!("  move(0, 1, 2) is refused: {refused}");
    }

    println!();
    println!("A 4 x 4 game, turn by turn, stopped as soon as neither player can win");
    let mut game = Game::new(4)?;
    let plays = [(0, 0), (0, 3), (1, 2), (1, 1), (3, 1), (2, 0), (2, 3), (3, 2)];
    for (row, col) in plays {
        let player = game.next_player();
        game.play(row, col)?;
        println!(
            "  {} plays ({row}, {col}): X can win: {}, O can win: {}",
            player.symbol(),
            game.can_win(Player::X),
            game.can_win(Player::O)
        );
        show(&game);
        if game.is_draw_certain() {
            let empty = game.rows() * game.cols() - game.marks();
            println!("  certain draw with {empty} cells still empty (status: {:?})", game.status());
            break;
        }
    }
    Ok(())
}
