"""Type stubs of the native module (checked by mypy --strict against the tests)."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Literal, Optional, SupportsIndex, Union, final

import numpy as np
from numpy.typing import NDArray

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

MAX_N: int
DEFAULT_MAX_BYTES: int
__version__: str

_Int = SupportsIndex
_Moves = Union[Sequence[Sequence[_Int]], Any]  # or a (k, 3) integer buffer such as a numpy array
_Run = tuple[tuple[int, int], tuple[int, int]]
# A board: rows of 'X', 'O', ' ' or '.'; or numbers 0, 1 and 2 (a 2-D array, rows of lists, a
# flat list with cols or rules).
_Board = Union[Sequence[str], Sequence[Sequence[int]], Sequence[int], NDArray[np.integer[Any]]]
_Line = tuple[Literal["row", "column", "diagonal", "anti_diagonal"], Optional[int]]

class InvalidMoveError(ValueError):
    kind: str

class OutOfBoundsError(InvalidMoveError):
    row: int
    col: int
    rows: int
    cols: int
    n: Optional[int]
    index: int

class FloatingMarkError(InvalidMoveError):
    row: int
    col: int
    index: int

class ColumnFullError(InvalidMoveError):
    col: int
    index: int

class InvalidPlayerError(InvalidMoveError):
    player: int
    index: int

class CellOccupiedError(InvalidMoveError):
    row: int
    col: int
    player: int
    index: int

class GameOverError(InvalidMoveError):
    winner: int
    index: int

class InvalidPositionError(ValueError):
    reason: str
    kind: str

class LimitExceededError(ValueError):
    requested: int
    limit: int
    kind: str

class BudgetExceededError(RuntimeError):
    max_nodes: int
    kind: str

class BadEvaluationError(ValueError):
    leaf: int
    value: Optional[float]
    kind: str

class ParseError(ValueError):
    offset: int
    kind: str

@final
class Rules:
    CONNECT_FOUR: ClassVar[Rules]
    GOMOKU: ClassVar[Rules]
    def __new__(
        cls,
        rows: _Int,
        *,
        cols: Optional[_Int] = None,
        k: Optional[_Int] = None,
        exact: bool = False,
        gravity: bool = False,
    ) -> Rules: ...
    @staticmethod
    def tic_tac_toe(n: _Int) -> Rules: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def k(self) -> int: ...
    @property
    def exact(self) -> bool: ...
    @property
    def gravity(self) -> bool: ...
    def symmetry_maps(self) -> tuple[NDArray[np.int64], NDArray[np.int64]]: ...
    def __copy__(self) -> Rules: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> Rules: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class TicTacToe:
    MAX_N: int
    def __new__(
        cls,
        n: Optional[_Int] = None,
        k: Optional[_Int] = None,
        *,
        cols: Optional[_Int] = None,
        exact: Optional[bool] = None,
        gravity: Optional[bool] = None,
        rules: Optional[Rules] = None,
    ) -> TicTacToe: ...
    def move(self, row: _Int, col: _Int, player: _Int) -> int: ...
    def play(self, row: _Int, col: _Int) -> int: ...
    def move_many(self, moves: _Moves) -> list[int]: ...
    def play_many(self, moves: Sequence[Sequence[_Int]]) -> list[int]: ...
    def undo(self) -> tuple[int, int, int]: ...
    def cell(self, row: _Int, col: _Int) -> int: ...
    def drop(self, col: _Int) -> int: ...
    def can_win(self, player: _Int) -> bool: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def n(self) -> int: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def k(self) -> int: ...
    @property
    def exact(self) -> bool: ...
    @property
    def gravity(self) -> bool: ...
    @property
    def next_player(self) -> int: ...
    @property
    def winner(self) -> int: ...
    @property
    def status(self) -> Literal["in_progress", "won", "draw"]: ...
    @property
    def draw_certain(self) -> bool: ...
    @property
    def winning_lines(self) -> list[_Line]: ...
    @property
    def winning_runs(self) -> list[_Run]: ...
    @property
    def winning_cells(self) -> list[tuple[int, int]]: ...
    @property
    def history(self) -> list[tuple[int, int, int]]: ...
    @property
    def marks(self) -> int: ...
    @staticmethod
    def from_board(
        rows: _Board,
        *,
        k: Optional[_Int] = None,
        exact: Optional[bool] = None,
        gravity: Optional[bool] = None,
        max_bytes: Optional[int] = None,
        rules: Optional[Rules] = None,
        cols: Optional[_Int] = None,
    ) -> TicTacToe: ...
    @staticmethod
    def from_text(text: str, max_bytes: Optional[int] = ...) -> TicTacToe: ...
    def to_text(self) -> str: ...
    def cells(self) -> bytes: ...
    def legal_moves(self) -> list[tuple[int, int]]: ...
    def __sizeof__(self) -> int: ...
    def __copy__(self) -> TicTacToe: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> TicTacToe: ...
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...
    def __eq__(self, value: object, /) -> bool: ...

_Indices = Union[Sequence[_Int], NDArray[np.integer[Any]]]

@final
class Batch:
    OPERATIONS: ClassVar[list[tuple[str, bool]]]
    def __new__(
        cls,
        count: _Int,
        n: Optional[_Int] = None,
        seed: Optional[int] = None,
        *,
        k: Optional[_Int] = None,
        cols: Optional[_Int] = None,
        exact: Optional[bool] = None,
        gravity: Optional[bool] = None,
        threads: int = 1,
        max_bytes: Optional[int] = None,
        rules: Optional[Rules] = None,
    ) -> Batch: ...
    @property
    def threads(self) -> int: ...
    @threads.setter
    def threads(self, threads: int) -> None: ...
    @property
    def count(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def n(self) -> int: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def k(self) -> int: ...
    @property
    def exact(self) -> bool: ...
    @property
    def gravity(self) -> bool: ...
    @property
    def actions(self) -> int: ...
    def action_at(self, row: _Int, col: _Int) -> int: ...
    def random_legal_actions(
        self,
        *,
        games: Optional[_Indices] = None,
        out: Optional[NDArray[np.int64]] = None,
        reset_terminated: bool = False,
    ) -> NDArray[np.int64]: ...
    def step_random(
        self, *, games: Optional[_Indices] = None, out: Optional[NDArray[np.uint8]] = None
    ) -> NDArray[np.uint8]: ...
    def step_against_random(
        self,
        actions: _Indices,
        sides: _Indices,
        restart: Optional[Union[NDArray[np.bool_], Sequence[bool]]] = None,
        *,
        games: Optional[_Indices] = None,
        illegal: Literal["raise", "lose"] = "raise",
        out: Optional[NDArray[np.uint8]] = None,
        observation: Optional[NDArray[np.bool_]] = None,
        legal_mask: Optional[NDArray[np.bool_]] = None,
        rewards: Optional[NDArray[np.float64]] = None,
    ) -> NDArray[np.uint8]: ...
    def rewards(self, players: _Indices, *, out: Optional[NDArray[np.float64]] = None) -> NDArray[np.float64]: ...
    def perfect_actions(self, *, out: Optional[NDArray[np.int64]] = None) -> NDArray[np.int64]: ...
    def computer_actions(
        self,
        *,
        simulations: Optional[int] = None,
        seed: Optional[int] = None,
        games: Optional[_Indices] = None,
        seeds: Optional[Iterable[int]] = None,
        out: Optional[NDArray[np.int64]] = None,
    ) -> NDArray[np.int64]: ...
    def step(
        self,
        actions: _Indices,
        *,
        games: Optional[_Indices] = None,
        restart: Optional[Union[NDArray[np.bool_], Sequence[bool]]] = None,
        illegal: Literal["raise", "lose"] = "raise",
        out: Optional[NDArray[np.uint8]] = None,
        observation: Optional[NDArray[np.bool_]] = None,
        legal_mask: Optional[NDArray[np.bool_]] = None,
    ) -> NDArray[np.uint8]: ...
    @property
    def next_player(self) -> NDArray[np.uint8]: ...
    @property
    def winner(self) -> NDArray[np.uint8]: ...
    @property
    def terminated(self) -> NDArray[np.bool_]: ...
    def cells(self, *, out: Optional[NDArray[np.uint8]] = None) -> NDArray[np.uint8]: ...
    def observation(
        self, *, players: Optional[_Indices] = None, out: Optional[NDArray[np.bool_]] = None
    ) -> NDArray[np.bool_]: ...
    def legal_mask(self, *, out: Optional[NDArray[np.bool_]] = None) -> NDArray[np.bool_]: ...
    def seed(self, seeds: Iterable[int], *, games: Optional[_Indices] = None) -> None: ...
    def reset(self, games: Optional[_Indices] = None) -> None: ...
    def reset_terminated(self, games: Optional[_Indices] = None) -> None: ...
    def game(self, i: _Int) -> TicTacToe: ...
    @staticmethod
    def _search_seeds(seeds: Iterable[int], *keys: _Indices) -> NDArray[np.uint64]: ...
    def __len__(self) -> int: ...
    def __copy__(self) -> Batch: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> Batch: ...
    def __reduce__(self) -> tuple[Any, tuple[_RulesState, list[list[int]], bytes, list[int]]]: ...
    @staticmethod
    def _restore(
        rules: Union[int, _RulesState], histories: list[list[int]], winners: bytes, generators: list[int]
    ) -> Batch: ...

_RulesState = tuple[int, int, int, bool, bool]

# An evaluator: (observation bool (leaves, 2, rows, cols), legal mask bool (leaves, actions)) ->
# (logits (leaves, actions), values (leaves,)), any float arrays, as a tuple or a list of two.
_Evaluate = Callable[[NDArray[np.bool_], NDArray[np.bool_]], Union[tuple[Any, Any], list[Any]]]

@final
class Puct:
    def __new__(
        cls,
        batch: Batch,
        *,
        c_puct: float = 1.25,
        dirichlet_alpha: float = 0.3,
        dirichlet_fraction: float = 0.25,
        seed: Optional[int] = None,
        max_bytes: Optional[int] = None,
        leaves: int = 1,
        gumbel: int = 0,
    ) -> Puct: ...
    def run(
        self, evaluate: _Evaluate, simulations: int, *, noise: bool = False
    ) -> tuple[NDArray[np.int32], NDArray[np.float32]]: ...
    def play(self, actions: _Indices) -> None: ...
    def choose(self, visits: Any, temperature: float = 1.0) -> NDArray[np.int64]: ...
    def policy(self) -> NDArray[np.float32]: ...
    def selected(self) -> NDArray[np.int64]: ...
    def clear(self) -> None: ...
    def bytes_needed(self, simulations: int) -> int: ...
    @property
    def batch(self) -> Batch: ...
    @property
    def leaves(self) -> int: ...
    @leaves.setter
    def leaves(self, leaves: int) -> None: ...
    @property
    def gumbel(self) -> int: ...

def is_valid_board(
    rows: _Board,
    *,
    k: Optional[_Int] = None,
    exact: Optional[bool] = None,
    gravity: Optional[bool] = None,
    rules: Optional[Rules] = None,
    cols: Optional[_Int] = None,
) -> bool: ...
def solve(
    game: TicTacToe,
    max_nodes: Optional[int] = None,
    *,
    threads: Optional[int] = None,
    book: bool = True,
    table_entries: Optional[int] = None,
) -> tuple[int, int]: ...
def analyze(
    game: TicTacToe, max_nodes: Optional[int] = None, *, book: bool = True
) -> list[tuple[tuple[int, int], tuple[int, int]]]: ...
def best_move(
    game: TicTacToe,
    *,
    simulations: Optional[int] = None,
    seed: Optional[int] = None,
    max_nodes: Optional[int] = None,
    perfect: bool = True,
    book: bool = True,
) -> tuple[int, int]: ...
