"""`python -m tictactoe`, through subprocess: replays, and interactive games with bad input."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_replay_to_a_win() -> None:
    result = run("--moves", "0,0 1,1 0,1 2,2 0,2")
    assert result.returncode == 0
    assert result.stdout == "XXX\n.O.\n..O\n\nX wins\n"


def test_replay_in_progress_and_refused() -> None:
    result = run("--moves", "1,1")
    assert result.returncode == 0 and result.stdout.endswith("in progress: O to move\n")
    refused = run("--moves", "1,1 1,1")
    assert refused.returncode == 2
    assert "move 2 (1,1) is refused: cell (1, 1) is already taken by player 1 (X)" in refused.stdout
    garbage = run("--moves", "1,1 x")
    assert garbage.returncode == 2 and "move 2 (x) is refused" in garbage.stdout


def test_replay_early_draw_on_4x4() -> None:
    result = run("--size", "4", "--moves", "0,0 0,3 1,2 1,1 3,1 2,0 2,3 3,2")
    assert result.returncode == 0
    assert result.stdout.endswith("draw: nobody can complete a line any more\n")


def test_bad_size() -> None:
    result = run("--size", "0")
    assert result.returncode == 2
    assert "board size 0 is invalid" in result.stderr


def test_interactive_game_with_bad_input() -> None:
    # X: 1 1; O: three bad inputs, then 0 0; X: 0 1; O: 2 2; X: 2 1 completes column 1.
    stdin = "\n".join(["1 1", "1 1", "9 9", "hello", "0 0", "0 1", "2 2", "2 1"]) + "\n"
    result = run(stdin=stdin)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "refused: cell (1, 1) is already taken by player 1 (X)" in out
    assert "refused: cell (9, 9) is outside the 3 x 3 board" in out
    assert "please type a row and a column, such as: 1 2" in out
    assert out.count("O to move") == 5  # three refusals ask again
    assert out.endswith("OX.\n.X.\n.XO\n\nX wins\n")


def test_interactive_early_draw_quit_and_eof() -> None:
    # LeetCode 1275's drawn game: after the 8th move neither player can win.
    moves = ["0 0", "1 1", "2 0", "1 0", "1 2", "2 1", "0 1", "0 2"]
    result = run(stdin="\n".join(moves) + "\n")
    assert result.returncode == 0
    assert result.stdout.endswith("XXO\nOOX\nXO.\n\ndraw: nobody can complete a line any more\n")
    assert run(stdin="q\n").returncode == 1
    assert run(stdin="").returncode == 1
