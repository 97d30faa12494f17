"""The Connect Four benchmark sets of bench/c4/ (issue 32), cheaply: the checked-in files are what
bench/c4/make_sets.py promises (format, sizes, class bounds), the conversion between Pons' score
and our (winner, plies) holds on hand-checked positions, and `tictactoe.solve` still agrees with
the files on the first lines of the fast classes. The full cross-check of both solvers is the
generator's (`make c4-sets`); the timing is `make bench`'s."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "c4"))

import c4sets
from c4sets import CELLS, CLASSES, Class

import tictactoe


@pytest.mark.parametrize("kind", CLASSES, ids=lambda kind: kind.name)
def test_a_set_has_its_size_and_only_positions_of_its_class(kind: Class) -> None:
    lines = c4sets.read(kind)
    assert len(lines) == kind.size
    boards = set()
    for columns, value in lines:
        assert kind.played[0] <= len(columns) <= kind.played[1], columns
        plies = c4sets.answer(len(columns), value)[1]
        assert kind.left[0] <= plies <= kind.left[1], (columns, value)
        game = c4sets.game(columns)
        assert game.status == "in_progress", columns  # no move ended the game
        boards.add(frozenset(game.history))
    assert len(boards) == kind.size  # each position once, whatever the order of its moves


@pytest.mark.parametrize(
    ("columns", "answer", "value"),
    [
        ("121212", (1, 1), 18),  # X completes column 1 with its 4th stone: (43 - 6) // 2
        ("1212123", (2, 1), 18),  # O completes column 2 with its 4th stone: (43 - 7) // 2
        ("22334", (1, 2), -18),  # X's 2-3-4 on the bottom row threatens 1 and 5: O loses to X's 4th
        ("", (1, 41), 1),  # the empty board: X wins with its 21st stone, the 41st in all
    ],
    ids=repr,
)
def test_the_score_conversion_on_hand_checked_positions(columns: str, answer: tuple[int, int], value: int) -> None:
    assert c4sets.score(len(columns), *answer) == value
    assert c4sets.answer(len(columns), value) == answer
    if columns:  # the empty board is too long a solve for the tests
        assert tictactoe.solve(c4sets.game(columns)) == answer


def test_score_and_answer_are_inverse_on_every_possible_value() -> None:
    for played in range(CELLS):
        mover = 1 if played % 2 == 0 else 2
        assert c4sets.answer(played, c4sets.score(played, 0, CELLS - played)) == (0, CELLS - played)
        for plies in range(1, CELLS - played + 1):
            winner = mover if plies % 2 == 1 else 3 - mover
            value = c4sets.score(played, winner, plies)
            assert (value > 0) == (winner == mover) and 1 <= abs(value) <= 21
            assert c4sets.answer(played, value) == (winner, plies)


@pytest.mark.parametrize("kind", CLASSES[:2], ids=lambda kind: kind.name)
def test_our_solver_agrees_with_the_first_lines_of_the_easy_sets(kind: Class) -> None:
    for columns, value in c4sets.read(kind)[:20]:
        winner, plies = tictactoe.solve(c4sets.game(columns))
        assert c4sets.score(len(columns), winner, plies) == value, columns
