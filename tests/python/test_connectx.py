"""The computer player as a Kaggle ConnectX agent: Kaggle's observation and configuration (dicts
or attribute objects) read under its rules, the moves a perfect player makes, and, where
kaggle-environments is installed (`make kaggle-test` installs it in build/kaggle-venv), games
through Kaggle's own `evaluate` against its negamax agent."""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

import pytest

import tictactoe
from tictactoe.connectx import agent, my_agent

STANDARD = {"rows": 6, "columns": 7, "inarow": 4}


def observation(board: list[int], mark: int) -> dict[str, Any]:
    return {"board": board, "mark": mark}


def drop(board: list[int], col: int, mark: int, rows: int = 6, cols: int = 7) -> None:
    row = max(r for r in range(rows) if board[r * cols + col] == 0)
    board[row * cols + col] = mark


def test_the_agent_wins_at_once_and_blocks() -> None:
    act = agent()
    board = [0] * 42
    for col, mark in [(0, 1), (6, 2), (1, 1), (6, 2), (2, 1), (5, 2)]:
        drop(board, col, mark)
    assert act(observation(board, 1), STANDARD) == 3  # the fourth on the bottom row
    board = [0] * 42
    for col, mark in [(0, 1), (6, 2), (1, 1), (6, 2), (2, 1)]:
        drop(board, col, mark)
    assert act(observation(board, 2), STANDARD) == 3  # O blocks it


def test_attribute_objects_and_other_rules_are_read() -> None:
    act = agent(simulations=200, perfect=False, seed=1)
    config = SimpleNamespace(rows=5, columns=6, inarow=3)
    board = [0] * 30
    for col, mark in [(0, 1), (5, 2), (1, 1), (5, 2)]:
        drop(board, col, mark, rows=5, cols=6)
    assert act(SimpleNamespace(board=board, mark=1), config) == 2


def test_k_longer_than_both_sides_is_played_not_refused() -> None:
    """Kaggle makes such a game (`inarow` has no maximum), which nobody wins: the agent answers
    a column with room, the middle ones first, rather than raising (an agent that raises loses)."""
    act = agent()
    config = {"rows": 6, "columns": 7, "inarow": 8}
    board = [0] * 42
    assert act(observation(board, 1), config) == 3
    for mark in [1, 2] * 3:
        drop(board, 3, mark)
    assert act(observation(board, 1), config) == 2, "the middle full: its left neighbour first"
    board = [1 if i % 7 != 6 else 0 for i in range(42)]
    assert act(observation(board, 2), config) == 6, "the one column with room"
    assert agent()(observation([0] * 4, 1), {"rows": 1, "columns": 4, "inarow": 5}) == 1


def test_my_agent_is_the_default_agent_under_a_submission_s_name() -> None:
    board = [0] * 42
    for col, mark in [(3, 1), (3, 2), (2, 1)]:
        drop(board, col, mark)
    assert my_agent(observation(board, 2), STANDARD) == agent()(observation(board, 2), STANDARD)


def test_two_agents_play_the_solved_game() -> None:
    """Both sides perfect on the standard board: the first player wins with the 41st stone,
    Connect Four's solved value."""
    act = agent()
    game = tictactoe.TicTacToe(rules=tictactoe.Rules.CONNECT_FOUR)
    while game.status == "in_progress":
        board = list(game.cells())
        game.drop(act(observation(board, game.next_player), STANDARD))
    assert game.winner == 1 and game.marks == 41


def test_kaggle_s_evaluate_plays_it_against_negamax() -> None:
    kaggle = pytest.importorskip("kaggle_environments")
    first = kaggle.evaluate("connectx", [agent(), "negamax"], num_episodes=2)
    second = kaggle.evaluate("connectx", ["negamax", agent()], num_episodes=2)
    assert [rewards[0] for rewards in first] == [1, 1]
    assert [rewards[1] for rewards in second] == [1, 1]


def test_kaggle_plays_the_submission_file_and_any_inarow() -> None:
    """The file `make kaggle-submission` packs (main.py beside the package), run as Kaggle runs a
    submission: its last function the agent. And a game of an `inarow` nobody can reach."""
    kaggle = pytest.importorskip("kaggle_environments")
    folder = os.environ.get("TICTACTOE_KAGGLE_AGENT")
    if folder is None:
        pytest.skip("make kaggle-test names the submission's folder")
    steps = kaggle.make("connectx").run([os.path.join(folder, "main.py"), "negamax"])
    assert [state["status"] for state in steps[-1]] == ["DONE", "DONE"]
    assert [state["reward"] for state in steps[-1]] == [1, -1]
    steps = kaggle.make("connectx", configuration={"inarow": 8}).run([agent(), "random"])
    assert [state["status"] for state in steps[-1]] == ["DONE", "DONE"]
    assert [state["reward"] for state in steps[-1]] == [0, 0]
