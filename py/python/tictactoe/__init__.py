"""The k-in-a-row family (tic-tac-toe, m,n,k-games, gomoku, Connect Four) with O(1) validated moves.

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

the rest of the family by its rules (rows, k in a row; cols, exact, gravity)::

    >>> c4 = TicTacToe(6, 4, cols=7, gravity=True)   # Connect Four
    >>> c4.drop(3)        # the lowest free cell of column 3; the winner after the move
    0
    >>> c4.history
    [(5, 3, 1)]

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
    BadEvaluationError,
    Batch,
    BudgetExceededError,
    CellOccupiedError,
    ColumnFullError,
    FloatingMarkError,
    GameOverError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidPositionError,
    LimitExceededError,
    OutOfBoundsError,
    ParseError,
    Puct,
    Rules,
    TicTacToe,
    __version__,
    analyze,
    best_move,
    is_valid_board,
    solve,
)

__all__ = [
    "DEFAULT_MAX_BYTES",
    "MAX_N",
    "BadEvaluationError",
    "Batch",
    "BudgetExceededError",
    "CellOccupiedError",
    "ColumnFullError",
    "FloatingMarkError",
    "GameOverError",
    "InvalidMoveError",
    "InvalidPlayerError",
    "InvalidPositionError",
    "LimitExceededError",
    "OutOfBoundsError",
    "ParseError",
    "Puct",
    "Rules",
    "TicTacToe",
    "__version__",
    "analyze",
    "best_move",
    "is_valid_board",
    "solve",
]
