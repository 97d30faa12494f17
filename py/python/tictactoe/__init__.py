"""n x n tic-tac-toe with O(1) validated moves.

A thin face of the Rust crate ``tictactoe-core``, which decides every rule::

    >>> from tictactoe import TicTacToe
    >>> g = TicTacToe(3)
    >>> g.move(0, 0, 1)   # LeetCode 348: the winner after the move
    0
    >>> g.play(1, 1)      # the mark of the player whose turn it is (here O)
    0
    >>> print(g)
    X..
    .O.
    ...
"""

from ._tictactoe import (
    MAX_N,
    Batch,
    CellOccupiedError,
    GameOverError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidPositionError,
    OutOfBoundsError,
    ParseError,
    TicTacToe,
    __version__,
    is_valid_board,
)

__all__ = [
    "MAX_N",
    "Batch",
    "CellOccupiedError",
    "GameOverError",
    "InvalidMoveError",
    "InvalidPlayerError",
    "InvalidPositionError",
    "OutOfBoundsError",
    "ParseError",
    "TicTacToe",
    "__version__",
    "is_valid_board",
]
