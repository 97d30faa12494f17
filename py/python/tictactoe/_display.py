"""The board as text for people: what the terminal game prints and what the environments'
``render_mode="ansi"`` returns, drawn one way for both."""

from __future__ import annotations

from ._tictactoe import TicTacToe


def board(game: TicTacToe) -> str:
    """The board with column numbers above and row numbers on the left, every label and cell
    as wide as the widest label, so that columns stay aligned on a 15 x 15 board too."""
    width = len(str(max(game.rows, game.cols) - 1))
    header = " " * (width + 1) + " ".join(str(col).rjust(width) for col in range(game.cols))
    rows = [
        str(row).rjust(width) + " " + " ".join(cell.rjust(width) for cell in line)
        for row, line in enumerate(str(game).splitlines())
    ]
    return "\n".join([header, *rows])
