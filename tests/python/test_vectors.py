"""The shared vectors in tests/vectors/, played through the Python package."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import tictactoe
from conftest import load_vectors
from tictactoe import TicTacToe

# A refusal is one of these built-in classes (or a subclass), with `.kind`, the core's name of
# the refusal, which the vectors name too: no list of kinds is typed here.
REFUSALS = (ValueError, IndexError, MemoryError)


def check_refused(call: Callable[..., Any], args: list[Any], kind: str) -> None:
    with pytest.raises(REFUSALS) as raised:
        call(*args)
    assert getattr(raised.value, "kind") == kind


GAMES = load_vectors("games.json")


def line_name(line: tuple[str, Any]) -> str:
    kind, index = line
    return kind if index is None else f"{kind} {index}"


@pytest.mark.parametrize("case", GAMES["games"], ids=lambda c: c["name"])
def test_games(case: dict[str, Any]) -> None:
    game = TicTacToe(case["n"])
    for op in case["ops"]:
        verb, *args, expect = op
        calls: dict[str, Callable[..., Any]] = {"move": game.move, "play": game.play, "undo": game.undo}
        call = calls[verb]
        if isinstance(expect, str):
            before = game.to_text()
            check_refused(call, args, expect)
            assert game.to_text() == before
        elif isinstance(expect, list):
            assert call(*args) == tuple(expect)
        else:
            assert call(*args) == expect
    final = case["final"]
    assert str(game) == "\n".join(final["board"])
    assert game.status == final["status"]
    assert game.winner == final["winner"]
    assert game.next_player == final["next_player"]
    assert [game.can_win(1), game.can_win(2)] == final["can_win"]
    assert game.draw_certain == final["draw_certain"]
    assert [line_name(line) for line in game.winning_lines] == final["winning_lines"]


@pytest.mark.parametrize("case", GAMES["sizes"], ids=lambda c: str(c["n"]))
def test_sizes(case: dict[str, Any]) -> None:
    if case["error"] is None:
        assert TicTacToe(case["n"]).n == case["n"]
    else:
        check_refused(TicTacToe, [case["n"]], case["error"])


@pytest.mark.parametrize("case", load_vectors("positions.json")["positions"], ids=lambda c: c["name"])
def test_positions(case: dict[str, Any]) -> None:
    rows = case["rows"]
    assert tictactoe.is_valid_board(rows) == case["valid"]
    if case["valid"]:
        game = TicTacToe.from_board(rows)
        assert game.status == case["status"]
        assert game.winner == case["winner"]
    elif case["reason"] == "invalid_size":
        with pytest.raises(ValueError, match="board size 0"):
            TicTacToe.from_board(rows)
    else:
        with pytest.raises(tictactoe.InvalidPositionError) as raised:
            TicTacToe.from_board(rows)
        assert raised.value.reason == case["reason"]


@pytest.mark.parametrize("case", load_vectors("texts.json")["texts"], ids=lambda c: c["text"] or "empty")
def test_texts(case: dict[str, Any]) -> None:
    if case["error"] is None:
        game = TicTacToe.from_text(case["text"])
        assert str(game) == "\n".join(case["board"])
        assert len(game.history) == case["moves"]
        assert game.to_text() == case["text"]
    else:
        check_refused(TicTacToe.from_text, [case["text"]], case["error"])


FAMILY = load_vectors("family.json")


def made(rules: dict[str, Any]) -> TicTacToe:
    return TicTacToe(rules["rows"], rules["k"], cols=rules["cols"], exact=rules["exact"], gravity=rules["gravity"])


def options(rules: dict[str, Any]) -> dict[str, Any]:
    return {"k": rules["k"], "exact": rules["exact"], "gravity": rules["gravity"]}


@pytest.mark.parametrize("case", FAMILY["games"], ids=lambda c: c["name"])
def test_family_games(case: dict[str, Any]) -> None:
    game = made(case["rules"])
    calls: dict[str, Callable[..., Any]] = {"move": game.move, "play": game.play, "drop": game.drop, "undo": game.undo}
    for verb, *args, expect in case["ops"]:
        if isinstance(expect, str):
            before = game.to_text()
            check_refused(calls[verb], args, expect)
            assert game.to_text() == before
        elif isinstance(expect, list):
            assert calls[verb](*args) == tuple(expect)
        else:
            assert calls[verb](*args) == expect
    final = case["final"]
    assert str(game) == "\n".join(final["board"])
    assert (game.status, game.winner, game.next_player) == (final["status"], final["winner"], final["next_player"])
    assert [game.can_win(1), game.can_win(2)] == final["can_win"]
    assert game.draw_certain == final["draw_certain"]
    assert [[*first, *last] for first, last in game.winning_runs] == final["winning_runs"]
    assert TicTacToe.from_text(game.to_text()) == game


@pytest.mark.parametrize("case", FAMILY["rules"], ids=lambda c: str(c["rules"]))
def test_family_rules(case: dict[str, Any]) -> None:
    if case["error"] is None:
        game = made(case["rules"])
        got = {"rows": game.rows, "cols": game.cols, "k": game.k, "exact": game.exact, "gravity": game.gravity}
        assert got == case["rules"]
    else:
        check_refused(made, [case["rules"]], case["error"])


@pytest.mark.parametrize("case", FAMILY["positions"], ids=lambda c: c["name"])
def test_family_positions(case: dict[str, Any]) -> None:
    rows, rules = case["rows"], case["rules"]
    assert tictactoe.is_valid_board(rows, **options(rules)) == case["valid"]
    if case["valid"]:
        game = TicTacToe.from_board(rows, **options(rules))
        assert (game.status, game.winner) == (case["status"], case["winner"])
        assert (game.rows, game.cols) == (rules["rows"], rules["cols"])
    else:
        with pytest.raises(tictactoe.InvalidPositionError) as raised:
            TicTacToe.from_board(rows, **options(rules))
        assert raised.value.reason == case["reason"]


@pytest.mark.parametrize("case", FAMILY["texts"], ids=lambda c: c["text"])
def test_family_texts(case: dict[str, Any]) -> None:
    if case["error"] is None:
        game = TicTacToe.from_text(case["text"])
        assert str(game) == "\n".join(case["board"])
        assert len(game.history) == case["moves"]
        assert game.to_text() == case["text"]
    else:
        check_refused(TicTacToe.from_text, [case["text"]], case["error"])
