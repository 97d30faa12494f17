"""The board as text for people: what the terminal game prints and what the environments'
``render_mode="ansi"`` returns, drawn one way for both."""

from __future__ import annotations

from ._tictactoe import TicTacToe


def board(game: TicTacToe) -> str:
    """The board with column numbers above and row numbers on the left."""
    width = len(str(game.n - 1))
    header = " " * (width + 1) + " ".join(str(col).rjust(width) for col in range(game.n))
    rows = [
        str(row).rjust(width) + " " + " ".join(cell.rjust(width) for cell in line)
        for row, line in enumerate(str(game).splitlines())
    ]
    return "\n".join([header, *rows])
