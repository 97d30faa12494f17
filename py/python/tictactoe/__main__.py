"""A terminal game for two people: ``python -m tictactoe [--size N] [--moves "0,0 1,1 ..."]``.

Every rule comes from the library: this file only reads input, calls ``play`` and prints what
the game says.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from . import InvalidMoveError, TicTacToe

SYMBOLS = {1: "X", 2: "O"}


def show(game: TicTacToe) -> None:
    print(game)
    print()


def verdict(game: TicTacToe) -> Optional[str]:
    """How the game ended, or None while it goes on."""
    if game.winner:
        return f"{SYMBOLS[game.winner]} wins"
    if game.status == "draw":
        return "draw: the board is full"
    if game.draw_certain:
        return "draw: nobody can complete a line any more"
    return None


def parse_cell(text: str) -> tuple[int, int]:
    parts = text.replace(",", " ").split()
    if len(parts) != 2:
        raise ValueError(f"expected a row and a column, got {text!r}")
    return int(parts[0]), int(parts[1])


def replay(game: TicTacToe, moves: str) -> int:
    for number, token in enumerate(moves.split(), start=1):
        try:
            row, col = parse_cell(token)
            game.play(row, col)
        except ValueError as error:  # InvalidMoveError is a ValueError too
            show(game)
            print(f"move {number} ({token}) is refused: {error}")
            return 2
    show(game)
    print(verdict(game) or f"in progress: {SYMBOLS[game.next_player]} to move")
    return 0


def interactive(game: TicTacToe) -> int:
    show(game)
    while True:
        ending = verdict(game)
        if ending:
            print(ending)
            return 0
        prompt = f"{SYMBOLS[game.next_player]} to move (row col, or q to quit): "
        try:
            line = input(prompt)
        except EOFError:
            print()
            return 1
        if line.strip().lower() in {"q", "quit"}:
            return 1
        try:
            row, col = parse_cell(line)
            game.play(row, col)
        except InvalidMoveError as error:
            print(f"refused: {error}")
            continue
        except ValueError:
            print("please type a row and a column, such as: 1 2")
            continue
        show(game)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tictactoe", description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=3, help="the board size n (default 3)")
    parser.add_argument("--moves", help='replay "row,col row,col ..." in turn order, without asking')
    args = parser.parse_args(argv)
    try:
        game = TicTacToe(args.size)
    except (ValueError, MemoryError) as error:
        parser.error(str(error))
    if args.moves is not None:
        return replay(game, args.moves)
    return interactive(game)


if __name__ == "__main__":
    sys.exit(main())
