"""Play a game of the k-in-a-row family in the terminal: tic-tac-toe,
Connect Four, gomoku.

Tic-tac-toe on 3 x 3 by default, N x N with --size N. A rule set by name:
--rules connect-four, --rules gomoku; or by its parts: --size 15 --k 5 --exact
is gomoku where only exactly five wins, --size 6 --cols 7 --k 4 --gravity is
Connect Four. Two people take turns, or one plays against the computer
(--computer O lets it play O), or the computer plays both sides.

Type a row and a column to move (under gravity a column: the mark falls to its
lowest free cell), u to take back your last move (and the computer's reply),
h for a hint, q to quit.
"""

# The docstring above is the --help text, its lines within 80 columns. Every rule and every move
# of the computer comes from the library: this file only reads input, calls play, drop, undo,
# best_move and solve, and prints what the game says.

from __future__ import annotations

import argparse
import copy
import os
import sys
from collections.abc import Sequence
from typing import Optional

from . import BudgetExceededError, InvalidMoveError, OutOfBoundsError, Rules, TicTacToe, best_move, solve
from ._display import board

SYMBOLS = {1: "X", 2: "O"}
SIDES = {"X": {1}, "O": {2}, "both": {1, 2}, "none": set()}

#: The rule sets by name: every preset of ``Rules`` (``CONNECT_FOUR`` as "connect-four").
PRESETS = {name.lower().replace("_", "-"): rules for name, rules in vars(Rules).items() if isinstance(rules, Rules)}

#: The options that give a rule set by its parts, which --rules gives whole.
PARTS = ("size", "cols", "k", "exact", "gravity")

#: The longest side a terminal shows: a board is printed whole after every move, a line a row.
MAX_SIDE = 100

#: The most simulations a move may take: the library counts them in 32 bits.
MAX_SIMULATIONS = 2**32 - 1


def show(game: TicTacToe) -> None:
    print(board(game))
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


#: The positions solving a hint's move may visit (a fraction of a second on Connect Four); past
#: them the hint comes without its value.
HINT_NODES = 2_000_000


def move_value(game: TicTacToe, row: int, col: int) -> Optional[str]:
    """What the move at (row, col) leads to under perfect play, in words for the player to
    move ("wins in 3", "draws", "loses in 8": plies counted from now, the move the first), or
    None when it is too far from the end to solve in ``HINT_NODES`` positions."""
    after = copy.copy(game)
    after.play(row, col)
    try:
        winner, plies = solve(after, max_nodes=HINT_NODES)
    except BudgetExceededError:
        return None
    if winner == 0:
        return "draws"
    return f"{'wins' if winner == game.next_player else 'loses'} in {plies + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    parts = text.replace(",", " ").split()
    try:
        row, col = (int(part) for part in parts)
    except ValueError:  # not two parts, or a part not an integer
        raise ValueError(f"expected a row and a column, got {text!r}") from None
    return row, col


def parse_column(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError(f"expected a column, got {text!r}") from None


def make_move(game: TicTacToe, text: str) -> None:
    """Plays what the person typed: a column under gravity, else a row and a column."""
    if game.gravity:
        game.drop(parse_column(text))
    else:
        game.play(*parse_cell(text))


def refusal(game: TicTacToe, error: InvalidMoveError) -> str:
    """Why the game refused a move, as the person typed it: under gravity they typed a column,
    whose drop the engine refuses as the cell (0, col) off the board; its refusal's fields name
    the column and the board's columns."""
    if game.gravity and isinstance(error, OutOfBoundsError):
        return f"column {error.col} is outside the {error.cols} columns"
    return str(error)


def where(game: TicTacToe, row: int, col: int) -> str:
    """A cell as the person types it: a column under gravity, else a row and a column."""
    return f"column {col}" if game.gravity else f"{row} {col}"


def replay(game: TicTacToe, moves: str) -> int:
    for number, token in enumerate(moves.split(), start=1):
        try:
            make_move(game, token)
        except ValueError as error:  # InvalidMoveError is a ValueError too
            show(game)
            why = refusal(game, error) if isinstance(error, InvalidMoveError) else error
            print(f"move {number} ({token}) is refused: {why}")
            return 2
    return 0


class Session:
    """A game in the terminal, with the computer playing the sides in ``computer``."""

    def __init__(self, game: TicTacToe, computer: set[int], simulations: Optional[int]) -> None:
        self.game = game
        self.computer = computer
        self.simulations = simulations

    def computer_move(self) -> None:
        row, col = best_move(self.game, simulations=self.simulations)
        self.game.play(row, col)
        print(f"the computer ({SYMBOLS[self.game.history[-1][2]]}) plays {where(self.game, row, col)}")
        show(self.game)

    def take_back(self) -> None:
        """Takes back moves until it is a person's turn again, at least one of theirs (none
        made yet: nothing to take back, the computer's opening kept)."""
        if not any(player not in self.computer for _, _, player in self.game.history):
            print("nothing to take back")
            return
        self.game.undo()
        while self.game.history and self.game.next_player in self.computer:
            self.game.undo()
        show(self.game)

    def hint(self) -> None:
        try:
            row, col = best_move(self.game, simulations=self.simulations)
        except ValueError as error:  # rules the computer does not play yet
            print(f"no hint: {error}")
            return
        value = move_value(self.game, row, col)
        print(f"hint: {where(self.game, row, col)}" + (f" ({value})" if value else ""))

    def run(self) -> int:
        show(self.game)
        while True:
            ending = verdict(self.game)
            if ending:
                print(ending)
                return 0
            if self.game.next_player in self.computer:
                try:
                    self.computer_move()
                except ValueError as error:  # rules the computer does not play yet
                    print(f"the computer cannot play: {error}")
                    return 2
                continue
            where = "column" if self.game.gravity else "row col"
            prompt = f"{SYMBOLS[self.game.next_player]} to move ({where}; u undo, h hint, q quit): "
            try:
                line = input(prompt).strip().lower()
            except EOFError:
                print()
                return 1
            if line in {"q", "quit"}:
                return 1
            if line in {"u", "undo"}:
                self.take_back()
                continue
            if line in {"h", "hint"}:
                self.hint()
                continue
            try:
                make_move(self.game, line)
            except InvalidMoveError as error:
                print(f"refused: {refusal(self.game, error)}")
                continue
            except ValueError:
                example = "a column, such as: 3" if self.game.gravity else "a row and a column, such as: 1 2"
                print(f"please type {example}")
                continue
            show(self.game)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tictactoe",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rules", choices=sorted(PRESETS), help="a rule set by name (instead of its parts below)")
    parser.add_argument("--size", type=int, help="the board size n, or its rows with --cols (default 3)")
    parser.add_argument("--cols", type=int, help="the number of columns (default: the size)")
    parser.add_argument("--k", type=int, help="the marks in a row that win (default: the longer side)")
    parser.add_argument("--exact", action="store_true", help="a run longer than k does not win")
    parser.add_argument("--gravity", action="store_true", help="marks fall to the lowest free cell (type a column)")
    parser.add_argument("--moves", help='play "row,col row,col ..." (under gravity "col col ...") in turn order first')
    parser.add_argument(
        "--computer",
        choices=sorted(SIDES),
        default="none",
        help="the side the computer plays: X, O, both (to watch), or none (default)",
    )
    parser.add_argument(
        "--simulations",
        type=int,
        help="the computer's search effort on boards it does not solve (default 10000)",
    )
    args = parser.parse_args(argv)
    if args.simulations is not None and not 1 <= args.simulations <= MAX_SIMULATIONS:
        parser.error(f"--simulations must be from 1 to {MAX_SIMULATIONS}, not {args.simulations}")
    parts = [f"--{part}" for part in PARTS if getattr(args, part) is not None and getattr(args, part) is not False]
    if args.rules is not None and parts:
        parser.error(f"--rules {args.rules} is a whole rule set: give it or {', '.join(parts)}, not both")
    try:
        if args.rules is not None:
            game = TicTacToe(rules=PRESETS[args.rules])
        else:
            size = 3 if args.size is None else args.size
            game = TicTacToe(size, args.k, cols=args.cols, exact=args.exact, gravity=args.gravity)
    except (ValueError, MemoryError) as error:
        parser.error(str(error))
    if max(game.rows, game.cols) > MAX_SIDE:
        parser.error(f"the terminal shows boards up to {MAX_SIDE} x {MAX_SIDE}, not {game.rows} x {game.cols}")
    if args.moves is not None:
        refused = replay(game, args.moves)
        if refused:
            return refused
        if args.computer == "none":
            show(game)
            print(verdict(game) or f"in progress: {SYMBOLS[game.next_player]} to move")
            return 0
    return Session(game, SIDES[args.computer], args.simulations).run()


def run(argv: Optional[Sequence[str]] = None) -> int:
    """`main`, with the ways a terminal program is stopped from outside ended quietly: Ctrl-C
    (130, as a shell reports SIGINT) and a reader that went away (`| head`: 0)."""
    try:
        return main(argv)
    except KeyboardInterrupt:
        print()
        return 130
    except BrokenPipeError:
        # Nobody reads any more: what is left to print (the interpreter flushes at exit) goes
        # nowhere rather than into a second error (Python's documented recipe for SIGPIPE).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(run())
