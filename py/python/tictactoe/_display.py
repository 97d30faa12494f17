"""The board for people: as text (what the terminal game prints and the environments'
``render_mode="ansi"`` returns) and as an RGB image (``render_mode="rgb_array"``, what
Gymnasium's ``RecordVideo`` films), each drawn one way for every face that shows it."""

from __future__ import annotations

from typing import Any, Optional, Protocol

import numpy as np
from numpy.typing import NDArray

from ._tictactoe import TicTacToe

#: The render modes every environment offers: the text, the text printed, the image.
RENDER_MODES = ["ansi", "human", "rgb_array"]

#: Pixels a cell takes in an image: a multiple of 16, so that video encoders take any board.
CELL = 64

BACKGROUND = (236, 236, 236)
GRID = (90, 90, 90)
WON = (170, 225, 170)
LAST = (255, 140, 0)
X_COLOR = (200, 30, 30)
O_COLOR = (30, 70, 200)
O_DISC = (235, 190, 0)


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


def _shapes(cell: int) -> tuple[NDArray[np.bool_], NDArray[np.bool_], NDArray[np.bool_]]:
    """The pixels of a cross, a ring and a disc in a cell of `cell` pixels."""
    y, x = np.mgrid[0:cell, 0:cell] + 0.5 - cell / 2
    radius = np.hypot(y, x)
    cross = (np.abs(np.abs(y) - np.abs(x)) < 0.09 * cell) & (np.maximum(np.abs(y), np.abs(x)) < 0.32 * cell)
    ring = np.abs(radius - 0.30 * cell) < 0.07 * cell
    disc = radius < 0.38 * cell
    return cross, ring, disc


def image(game: TicTacToe, cell: int = CELL) -> NDArray[np.uint8]:
    """The board as an RGB image, (rows * cell, cols * cell, 3) uint8: a grid, X as a red cross
    and O as a blue ring (under gravity, red and yellow discs), the cells of a winning run in
    green and the last move framed in orange."""
    rows, cols = game.rows, game.cols
    pixels = np.empty((rows * cell, cols * cell, 3), np.uint8)
    pixels[:] = BACKGROUND
    for r, c in game.winning_cells:
        pixels[r * cell : (r + 1) * cell, c * cell : (c + 1) * cell] = WON
    cross, ring, disc = _shapes(cell)
    shapes = {1: (disc, X_COLOR), 2: (disc, O_DISC)} if game.gravity else {1: (cross, X_COLOR), 2: (ring, O_COLOR)}
    codes = np.frombuffer(game.cells(), np.uint8).reshape(rows, cols)
    for (r, c), code in np.ndenumerate(codes):
        if code:
            shape, color = shapes[int(code)]
            pixels[r * cell : (r + 1) * cell, c * cell : (c + 1) * cell][shape] = color
    last: Optional[tuple[int, int, int]] = game.history[-1] if game.history else None
    if last is not None:
        r, c, _ = last
        frame = pixels[r * cell : (r + 1) * cell, c * cell : (c + 1) * cell]
        frame[:4], frame[-4:], frame[:, :4], frame[:, -4:] = LAST, LAST, LAST, LAST
    pixels[::cell], pixels[cell - 1 :: cell] = GRID, GRID
    pixels[:, ::cell], pixels[:, cell - 1 :: cell] = GRID, GRID
    return pixels


def render(game: TicTacToe, mode: Optional[str]) -> Optional[object]:
    """What an environment's ``render()`` gives in `mode`: the text, the image, or for
    ``"human"`` the text printed (and nothing returned)."""
    if mode == "ansi":
        return board(game)
    if mode == "rgb_array":
        return image(game)
    if mode == "human":
        print(board(game), flush=True)
    return None


class _Rendered(Protocol):
    render_mode: Optional[str]

    def render(self) -> Any: ...


def show(env: _Rendered) -> None:
    """Prints `env`'s board after a reset or a step when its mode is ``"human"``, as Gymnasium
    and PettingZoo's own games do by themselves: every environment's one way to."""
    if env.render_mode == "human":
        env.render()
