"""Pascal Pons' six Connect Four benchmark classes (issue 32), as this directory's files hold them.

One place for what the generator (make_sets.py), the benchmark (py/benches/bench_solve.py) and
the test (tests/python/test_c4_sets.py) must agree on: the classes' bounds and sizes, the file
format ("<columns 1-7> <score>" a line: his, so that his solver could read them as our C
reference does), and the conversion between his score and our solver's (winner, plies)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import tictactoe
from tictactoe import TicTacToe

HERE = Path(__file__).resolve().parent
CELLS = 42


@dataclass(frozen=True)
class Class:
    """A benchmark class: positions with `played` stones on the board (inclusive bounds) whose
    game ends, under perfect play, `left` plies later (inclusive bounds); `size` of them."""

    name: str
    played: tuple[int, int]
    left: tuple[int, int]
    size: int

    @property
    def path(self) -> Path:
        """The class's file: its name in lower case, words joined by "_"."""
        return HERE / f"{self.name.lower().replace('-', '_')}.txt"


# Pons' order (End, Middle, Begin; easy to hard). "Begin" is cut at 6 stones or more, not 1: below
# 6, a Begin-Hard position takes the reference seconds to minutes (4 stones: 2 to 30 s measured
# here), which would leave no benchmark to run; the empty board has its own timing
# (bench_solve.py --empty).
CLASSES = (
    Class("End-Easy", (29, 41), (1, 13), 1000),
    Class("Middle-Easy", (15, 28), (1, 13), 1000),
    Class("Middle-Medium", (15, 28), (14, 27), 200),
    Class("Begin-Easy", (6, 14), (1, 13), 1000),
    Class("Begin-Medium", (6, 14), (14, 27), 100),
    Class("Begin-Hard", (6, 14), (28, CELLS), 20),
)


def score(played: int, winner: int, plies: int) -> int:
    """Pons' score of a position with `played` stones from our solver's (winner, plies).

    His definition: 0 for a draw; for a win, (43 - the stones on the board before the winning
    stone) // 2, positive when the player to move wins, negative when it loses (1 for a win with
    one's 21st stone, 18 for a win with one's 4th). The winning stone is the (played + plies)-th,
    so the stones before it are played + plies - 1."""
    if winner == 0:
        return 0
    value = (CELLS + 1 - (played + plies - 1)) // 2
    mover = 1 if played % 2 == 0 else 2
    return value if winner == mover else -value


def answer(played: int, value: int) -> tuple[int, int]:
    """Our solver's (winner, plies) from Pons' score `value` of a position with `played` stones:
    the inverse of `score` (the winner's stone falls on an odd ply for the player to move, on an
    even one for the other, which makes the plies unique)."""
    if value == 0:
        return 0, CELLS - played
    mover = 1 if played % 2 == 0 else 2
    plies = CELLS + 2 - played - 2 * abs(value)  # or one less: the parity decides
    if (plies % 2 == 1) != (value > 0):
        plies -= 1
    return (mover if value > 0 else 3 - mover), plies


def game(columns: str) -> TicTacToe:
    """The Connect Four game after `columns` (digits 1 to 7, Pons' numbering from the left)."""
    played = TicTacToe(rules=tictactoe.Rules.CONNECT_FOUR)
    for column in columns:
        played.drop(int(column) - 1)
    return played


def parse(text: str, source: str) -> list[tuple[str, int]]:
    """The (columns, score) lines of a set's text (no columns: the empty board); ValueError,
    naming `source` and the line, for a line not in Pons' format."""
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        match = re.fullmatch(r"([1-7]*) (-?[0-9]+)", line)
        if not match:
            raise ValueError(f"{source}:{number}: not '<columns 1-7> <score>': {line!r}")
        lines.append((match[1], int(match[2])))
    return lines


def read(kind: Class) -> list[tuple[str, int]]:
    """The (columns, score) lines of `kind`'s file."""
    return parse(kind.path.read_text(), kind.path.name)
