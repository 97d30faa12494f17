"""Every method and every exception of the Python package, beyond what the vectors cover:
messages, attributes, Python integer edge cases, types, copies, pickling, buffers, threads."""

from __future__ import annotations

import copy
import pickle
import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import tictactoe
from tictactoe import (
    CellOccupiedError,
    GameOverError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidPositionError,
    OutOfBoundsError,
    ParseError,
    TicTacToe,
)


def test_exports_and_hierarchy() -> None:
    assert set(tictactoe.__all__) <= set(dir(tictactoe))
    assert tictactoe.MAX_N == TicTacToe.MAX_N == 65535
    assert tictactoe.__version__.count(".") == 2
    for move_error in (OutOfBoundsError, InvalidPlayerError, CellOccupiedError, GameOverError):
        assert issubclass(move_error, InvalidMoveError)
    for value_error in (InvalidMoveError, InvalidPositionError, ParseError):
        assert issubclass(value_error, ValueError)


def test_leetcode_348_example() -> None:
    g = TicTacToe(3)
    moves = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)]
    assert [g.move(*m) for m in moves] == [0, 0, 0, 0, 0, 0, 1]
    assert (g.winner, g.status, g.winning_lines) == (1, "won", [("row", 2)])
    assert g.history == moves
    assert g.marks == 7


@pytest.mark.parametrize("n", [0, -1, 65536, 2**64, -(2**100)])
def test_invalid_sizes_are_value_errors_naming_the_size(n: int) -> None:
    with pytest.raises(ValueError) as raised:
        TicTacToe(n)
    assert str(raised.value) == f"board size {n} is invalid: n must be from 1 to 65535"
    assert getattr(raised.value, "n") == n


@pytest.mark.parametrize("bad", [3.0, "3", None, [3]])
def test_wrong_types_are_type_errors(bad: Any) -> None:
    with pytest.raises(TypeError):
        TicTacToe(bad)
    g = TicTacToe(3)
    calls: list[Callable[[], object]] = [
        lambda: g.move(bad, 0, 1),
        lambda: g.move(0, bad, 1),
        lambda: g.move(0, 0, bad),
        lambda: g.play(bad, 0),
        lambda: g.cell(0, bad),
        lambda: g.can_win(bad),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()
    assert g.marks == 0


@pytest.mark.parametrize(
    "row, col",
    [
        (3, 0),
        (0, 3),
        (-1, 0),
        (0, -1),
        (2**64, 0),
        (0, -(2**70)),
        (2**200, 2**200),
        (2**63 - 1, 0),
        (0, 2**63),
        (-(2**63), 0),
        (0, -(2**63) - 1),
    ],
)
def test_out_of_range_coordinates(row: int, col: int) -> None:
    g = TicTacToe(3)
    g.play(1, 1)
    before = g.to_text()
    with pytest.raises(OutOfBoundsError) as raised:
        g.move(row, col, 2)
    error = raised.value
    assert str(error) == f"cell ({row}, {col}) is outside the 3 x 3 board"
    assert (error.row, error.col, error.n) == (row, col, 3)
    with pytest.raises(OutOfBoundsError):
        g.play(row, col)
    with pytest.raises(OutOfBoundsError):
        g.cell(row, col)
    # Bounds are checked before the player: a bad cell with a bad player is out of bounds.
    with pytest.raises(OutOfBoundsError):
        g.move(row, col, 2**80)
    assert g.to_text() == before


@pytest.mark.parametrize("player", [0, 3, -1, 2**32, 2**64 + 1, -(2**80)])
def test_invalid_players(player: int) -> None:
    g = TicTacToe(3)
    with pytest.raises(InvalidPlayerError) as raised:
        g.move(0, 0, player)
    assert str(raised.value) == f"player {player} is invalid: players are 1 (X) and 2 (O)"
    assert raised.value.player == player
    with pytest.raises(InvalidPlayerError):
        g.can_win(player)
    assert g.marks == 0


def test_every_kind_of_integer_is_a_coordinate_or_player() -> None:
    import enum

    class Small(enum.IntEnum):
        ONE = 1
        TWO = 2

    class MyInt(int):
        pass

    g = TicTacToe(3)
    assert g.move(np.int64(0), np.uint8(0), np.int16(1)) == 0
    assert g.move(True, MyInt(1), Small.TWO) == 0
    assert g.move(Small.TWO, False, True) == 0
    assert g.history == [(0, 0, 1), (1, 1, 2), (2, 0, 1)]
    with pytest.raises(TypeError):
        g.move(1.0, 2, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        g.move("1", 2, 1)  # type: ignore[arg-type]
    assert g.marks == 3


def test_occupied_and_game_over() -> None:
    g = TicTacToe(2)
    g.move(0, 0, 2)
    with pytest.raises(CellOccupiedError) as occupied:
        g.move(0, 0, 1)
    assert str(occupied.value) == "cell (0, 0) is already taken by player 2 (O)"
    assert (occupied.value.row, occupied.value.col, occupied.value.player) == (0, 0, 2)
    assert g.move(1, 1, 2) == 2
    with pytest.raises(GameOverError) as over:
        g.play(0, 1)
    assert str(over.value) == "the game is over: player 2 (O) has won"
    assert over.value.winner == 2
    assert g.winning_lines == [("diagonal", None)]


def test_undo() -> None:
    g = TicTacToe(3)
    with pytest.raises(IndexError, match="no move to undo"):
        g.undo()
    g.play(0, 0)
    g.play(1, 1)
    assert g.undo() == (1, 1, 2)
    assert g.next_player == 2
    assert g.undo() == (0, 0, 1)
    assert g == TicTacToe(3)


def test_turns_status_and_early_draw() -> None:
    g = TicTacToe(4)
    assert g.next_player == 1 and g.status == "in_progress"
    for cell in [(0, 0), (0, 3), (1, 2), (1, 1), (3, 1), (2, 0), (2, 3)]:
        g.play(*cell)
    assert g.can_win(1) and not g.can_win(2) and not g.draw_certain
    g.play(3, 2)
    assert not g.can_win(1) and not g.can_win(2)
    assert g.draw_certain and g.status == "in_progress"


def test_cells() -> None:
    g = TicTacToe.from_board(["X.", ".O"])
    assert [g.cell(0, 0), g.cell(0, 1), g.cell(1, 1)] == [1, 0, 2]


def test_positions() -> None:
    g = TicTacToe.from_board(["XOX", "O O", "XOX"])
    assert g.history == [] and g.marks == 8 and g.next_player == 1
    with pytest.raises(IndexError):
        g.undo()
    assert repr(g) == "TicTacToe.from_text('tictactoe/1 n=3 board=XOX/O.O/XOX moves=')"
    with pytest.raises(InvalidPositionError) as raised:
        TicTacToe.from_board(["XOOX", "OXXO", "OXXO", "XO.X"])
    assert raised.value.reason == "disjoint_winning_lines"
    with pytest.raises(InvalidPositionError) as raised:
        TicTacToe.from_board(["XO", "X"])
    assert raised.value.reason == "wrong_shape"
    with pytest.raises(TypeError):
        TicTacToe.from_board("XO.X")
    with pytest.raises(ValueError, match="needs cols"):  # numbers, but no rows
        TicTacToe.from_board([1, 2])
    with pytest.raises(TypeError):
        tictactoe.is_valid_board("X")
    assert tictactoe.is_valid_board(["XXX", "OO ", "   "])
    assert not tictactoe.is_valid_board([])


def test_text_form_and_parse_errors() -> None:
    g = TicTacToe(3)
    g.play(0, 0)
    assert g.to_text() == "tictactoe/1 n=3 moves=0,0,1"
    assert TicTacToe.from_text(g.to_text()) == g
    with pytest.raises(ParseError) as raised:
        TicTacToe.from_text("tictactoe/1 n=3 moves=0,0")
    assert raised.value.offset == 25
    assert str(raised.value) == "at byte 25: expected ',' after the column"
    with pytest.raises(CellOccupiedError) as occupied:
        TicTacToe.from_text("tictactoe/1 n=3 moves=0,0,1;0,0,2")
    assert occupied.value.index == 1


def test_text_limits_refuse_hostile_sizes_before_allocating() -> None:
    # 27 bytes that would ask for about half a gigabyte: refused as soon as n is read.
    with pytest.raises(tictactoe.LimitExceededError) as refused:
        TicTacToe.from_text("tictactoe/1 n=65535 moves=")
    assert isinstance(refused.value, ValueError)
    assert refused.value.limit == tictactoe.DEFAULT_MAX_BYTES == 8 * 1024 * 1024
    assert refused.value.requested > 16 * 1024**3 and refused.value.kind == "limit_exceeded"
    big = TicTacToe(1500)
    big.play(1499, 0)
    with pytest.raises(tictactoe.LimitExceededError):
        TicTacToe.from_text(big.to_text())
    assert TicTacToe.from_text(big.to_text(), max_bytes=None) == big
    assert TicTacToe.from_text(big.to_text(), max_bytes=2**80) == big
    # 40 x 40: exactly 7528 bytes when full (starting position included).
    assert TicTacToe.from_text("tictactoe/1 n=40 moves=", max_bytes=7528).n == 40
    with pytest.raises(tictactoe.LimitExceededError) as short:
        TicTacToe.from_text("tictactoe/1 n=40 moves=", 7527)
    assert (short.value.requested, short.value.limit) == (7528, 7527)
    with pytest.raises(ValueError, match="at least 0"):
        TicTacToe.from_text("tictactoe/1 n=3 moves=", max_bytes=-1)
    with pytest.raises(TypeError):
        TicTacToe.from_text("tictactoe/1 n=3 moves=", max_bytes="1")  # type: ignore[arg-type]
    # A size no game has is that, whatever the limit.
    with pytest.raises(ValueError) as invalid:
        TicTacToe.from_text("tictactoe/1 n=0 moves=", max_bytes=0)
    assert getattr(invalid.value, "kind") == "invalid_size"
    # Pickles carry no limit: a game above the default comes back.
    assert pickle.loads(pickle.dumps(big)) == big


def test_positions_take_a_limit_decided_before_their_rows_are_read() -> None:
    rows = ["X" + "." * 39] + ["." * 40] * 39
    game = TicTacToe.from_board(rows, max_bytes=7528)
    assert game == TicTacToe.from_board(rows) and game.cell(0, 0) == 1
    with pytest.raises(tictactoe.LimitExceededError) as refused:
        TicTacToe.from_board(rows, max_bytes=7527)
    assert (refused.value.requested, refused.value.limit) == (7528, 7527)
    # Decided from the number of rows: rows that are not a board are refused by it all the same.
    with pytest.raises(tictactoe.LimitExceededError):
        TicTacToe.from_board(["X"] * 40, max_bytes=7527)
    with pytest.raises(tictactoe.InvalidPositionError):
        TicTacToe.from_board(["X"] * 40, max_bytes=None)
    with pytest.raises(ValueError, match="at least 0"):
        TicTacToe.from_board(rows, max_bytes=-1)
    with pytest.raises(ValueError) as invalid:
        TicTacToe.from_board([], max_bytes=0)
    assert getattr(invalid.value, "kind") == "invalid_size"


def test_str_repr_eq_copy_pickle() -> None:
    g = TicTacToe(3)
    g.move(0, 0, 1)
    g.move(1, 1, 2)
    assert str(g) == "X..\n.O.\n..."
    assert repr(g) == "<TicTacToe n=3 moves=[(0, 0, 1), (1, 1, 2)] status='in_progress'>"
    for twin in (copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert twin == g and twin is not g
        twin.undo()
        assert twin != g and g.marks == 2
    assert g != TicTacToe(3) and g != "X.." and g is not None
    with pytest.raises(TypeError):
        hash(g)


def test_sizeof_counts_the_game_memory() -> None:
    import sys

    small, large = sys.getsizeof(TicTacToe(3)), sys.getsizeof(TicTacToe(1000))
    # 1000 x 1000 cells at 2 bits plus the counters and reserved history: 258 072 heap bytes;
    # a 3 x 3 game keeps everything inside the object.
    assert large - small == 258_072


def test_move_many_sequences() -> None:
    g = TicTacToe(3)
    assert g.move_many([]) == []
    assert g.move_many([(0, 0, 1), [1, 1, 2], (0, 1, 1)]) == [0, 0, 0]
    assert g.move_many(iter([(0, 2, 1)])) == [1]
    with pytest.raises(TypeError):
        g.move_many([(0, 0)])
    with pytest.raises(TypeError):
        g.move_many("abc")


def test_move_many_is_all_or_nothing() -> None:
    g = TicTacToe(3)
    g.play(2, 2)
    before = g.to_text()
    with pytest.raises(CellOccupiedError) as raised:
        g.move_many([(0, 0, 2), (1, 1, 1), (2, 2, 1)])
    assert raised.value.index == 2
    assert str(raised.value) == "move 2: cell (2, 2) is already taken by player 1 (X)"
    with pytest.raises(OutOfBoundsError) as bounds:
        g.move_many([(0, 0, 2), (-1, 5, 1)])
    assert (bounds.value.index, bounds.value.row, bounds.value.col) == (1, -1, 5)
    with pytest.raises(TypeError):
        g.move_many([(0, 0, 2), (1, 1, "x")])
    assert g.to_text() == before


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint16, np.int8, np.uint64, ">i4"])
def test_move_many_numpy(dtype: Any) -> None:
    g = TicTacToe(3)
    moves = np.array([(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)], dtype=dtype)
    assert g.move_many(moves) == [0, 0, 0, 0, 0, 0, 1]
    assert g.history[-1] == (2, 1, 1)


def test_move_many_numpy_views_and_refusals() -> None:
    g = TicTacToe(3)
    wide = np.array([[0, 9, 0, 9, 1], [1, 9, 1, 9, 2]], dtype=np.int64)
    assert g.move_many(wide[:, ::2]) == [0, 0]  # a strided view
    with pytest.raises(OutOfBoundsError) as raised:
        g.move_many(np.array([[2, 2, 1], [-7, 0, 2]]))
    assert (raised.value.index, raised.value.row) == (1, -7)
    with pytest.raises(InvalidPlayerError) as player:
        g.move_many(np.array([[2, 2, 9]], dtype=np.uint64))
    assert player.value.player == 9
    with pytest.raises(TypeError):
        g.move_many(np.zeros((2, 2), dtype=np.int64))
    with pytest.raises(TypeError):
        g.move_many(np.zeros((2, 3), dtype=np.float64))
    assert g.move_many(np.zeros((0, 3), dtype=np.int64)) == []
    assert g.marks == 2


def test_play_many() -> None:
    g = TicTacToe(3)
    assert g.play_many([(0, 0), (2, 0), (1, 1), (2, 1), (2, 2)]) == [0, 0, 0, 0, 1]
    h = TicTacToe(3)
    with pytest.raises(CellOccupiedError) as raised:
        h.play_many([(0, 0), (0, 0)])
    assert raised.value.index == 1 and h.marks == 0


def test_threads_share_a_game_safely() -> None:
    g = TicTacToe(30)
    errors: list[BaseException] = []

    def worker(seed: int) -> None:
        try:
            for i in range(300):
                row, col = (seed * 7 + i * 13) % 30, (seed * 11 + i * 17) % 30
                try:
                    g.play(row, col)
                except (CellOccupiedError, GameOverError):
                    pass
                if i % 5 == 0:
                    try:
                        g.undo()
                    except IndexError:
                        pass
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    # The game is consistent: replaying its history gives the same game.
    replayed = TicTacToe(30)
    replayed.move_many(g.history)
    assert replayed == g
    assert g.marks == len(g.history)
