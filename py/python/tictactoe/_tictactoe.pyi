"""Type stubs of the native module (checked by mypy --strict against the tests)."""

from typing import Any, Literal, Optional, Sequence, SupportsIndex, Union, final

__all__ = [
    "CellOccupiedError",
    "GameOverError",
    "InvalidMoveError",
    "InvalidPlayerError",
    "InvalidPositionError",
    "MAX_N",
    "OutOfBoundsError",
    "ParseError",
    "TicTacToe",
    "__version__",
    "is_valid_board",
]

MAX_N: int
__version__: str

_Int = SupportsIndex
_Moves = Union[Sequence[Sequence[_Int]], Any]  # or a (k, 3) integer buffer such as a numpy array
_Line = tuple[Literal["row", "column", "diagonal", "anti_diagonal"], Optional[int]]

class InvalidMoveError(ValueError):
    kind: str

class OutOfBoundsError(InvalidMoveError):
    row: int
    col: int
    n: int
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

class ParseError(ValueError):
    offset: int
    kind: str

@final
class TicTacToe:
    MAX_N: int
    def __new__(cls, n: _Int) -> TicTacToe: ...
    def move(self, row: _Int, col: _Int, player: _Int) -> int: ...
    def play(self, row: _Int, col: _Int) -> int: ...
    def move_many(self, moves: _Moves) -> list[int]: ...
    def play_many(self, moves: Sequence[Sequence[_Int]]) -> list[int]: ...
    def undo(self) -> tuple[int, int, int]: ...
    def cell(self, row: _Int, col: _Int) -> int: ...
    def can_win(self, player: _Int) -> bool: ...
    @property
    def n(self) -> int: ...
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
    def history(self) -> list[tuple[int, int, int]]: ...
    @property
    def marks(self) -> int: ...
    @staticmethod
    def from_board(rows: Sequence[str]) -> TicTacToe: ...
    @staticmethod
    def from_text(text: str) -> TicTacToe: ...
    def to_text(self) -> str: ...
    def __sizeof__(self) -> int: ...
    def __copy__(self) -> TicTacToe: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> TicTacToe: ...
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...
    def __eq__(self, value: object, /) -> bool: ...

def is_valid_board(rows: Sequence[str]) -> bool: ...
