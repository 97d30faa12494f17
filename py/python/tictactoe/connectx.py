"""The computer player as a Kaggle ConnectX agent: `tictactoe.connectx.agent(simulations=...)`
makes a function Kaggle's `make("connectx").run([...])` and `evaluate("connectx", [...])`
accept, and `my_agent` is one made with the defaults, under the name a submission file gives
its agent (`make kaggle-submission` packs one with the engine).

    from kaggle_environments import evaluate
    import tictactoe.connectx
    evaluate("connectx", [tictactoe.connectx.agent(), "negamax"], num_episodes=10)

Each call reads Kaggle's board (a flat list of rows * columns numbers, 0 empty, 1 and 2 the
players, 1 moving first) into the engine under Kaggle's rules (`rows`, `columns`, `inarow`,
gravity) and answers `tictactoe.best_move`'s column: on the standard board the opening book,
else solving within about a second, else the tree search. An `inarow` the engine refuses (longer
than both sides, which Kaggle accepts, and nobody can win) is answered with a column that has
room, the middle ones first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional

from ._tictactoe import Rules, TicTacToe, best_move

__all__ = ["agent", "my_agent"]


def _field(holder: Any, name: str) -> Any:
    """A field of Kaggle's observation or configuration: an attribute, or a dict's item."""
    return holder[name] if isinstance(holder, dict) else getattr(holder, name)


def agent(
    simulations: Optional[int] = None, *, perfect: bool = True, seed: Optional[int] = None
) -> Callable[[Any, Any], int]:
    """A ConnectX agent: `(observation, configuration) -> column`. `simulations`, `perfect` and
    `seed` are `tictactoe.best_move`'s (`perfect=False`: the tree search alone, a weaker
    opponent)."""

    def act(observation: Any, configuration: Any) -> int:
        rows, cols = int(_field(configuration, "rows")), int(_field(configuration, "columns"))
        k, board = int(_field(configuration, "inarow")), list(_field(observation, "board"))
        try:
            rules = Rules(rows, cols=cols, k=k, gravity=True)
        except ValueError as refused:
            if getattr(refused, "kind", None) != "invalid_rules":
                raise
            # Rules the engine refuses (k past the longer side: nobody can win): any column
            # with room in Kaggle's board (its top row first), the middle ones first.
            open_columns = [col for col in range(cols) if board[col] == 0]
            return min(open_columns, key=lambda col: (abs(2 * col - (cols - 1)), col))
        game = TicTacToe.from_board(board, rules=rules)
        _, col = best_move(game, simulations=simulations, seed=seed, perfect=perfect)
        return col

    return act


#: The agent with the defaults: what a submission file names as its agent.
my_agent = agent()
