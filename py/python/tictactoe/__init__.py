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

and a computer player (``tictactoe-search``)::

    >>> import tictactoe
    >>> tictactoe.solve(g)         # (winner under perfect play, 0 for a draw; moves to the end)
    (0, 7)
    >>> tictactoe.best_move(g)     # a perfect move here
    (0, 2)
"""

from ._tictactoe import (
    DEFAULT_MAX_BYTES,
    MAX_N,
    Batch,
    BudgetExceededError,
    CellOccupiedError,
    GameOverError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidPositionError,
    LimitExceededError,
    OutOfBoundsError,
    ParseError,
    TicTacToe,
    __version__,
    best_move,
    is_valid_board,
    solve,
)

__all__ = [
    "DEFAULT_MAX_BYTES",
    "MAX_N",
    "Batch",
    "BudgetExceededError",
    "CellOccupiedError",
    "GameOverError",
    "InvalidMoveError",
    "InvalidPlayerError",
    "InvalidPositionError",
    "LimitExceededError",
    "OutOfBoundsError",
    "ParseError",
    "TicTacToe",
    "__version__",
    "best_move",
    "is_valid_board",
    "solve",
]
