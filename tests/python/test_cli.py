"""`python -m tictactoe`, through subprocess: replays, and interactive games with bad input."""

from __future__ import annotations

import os
import subprocess
import sys


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_replay_to_a_win() -> None:
    result = run("--moves", "0,0 1,1 0,1 2,2 0,2")
    assert result.returncode == 0
    assert result.stdout == "  0 1 2\n0 X X X\n1 . O .\n2 . . O\n\nX wins\n"


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
    assert out.endswith("  0 1 2\n0 O X .\n1 . X .\n2 . X O\n\nX wins\n")


def test_interactive_early_draw_quit_and_eof() -> None:
    # LeetCode 1275's drawn game: after the 8th move neither player can win.
    moves = ["0 0", "1 1", "2 0", "1 0", "1 2", "2 1", "0 1", "0 2"]
    result = run(stdin="\n".join(moves) + "\n")
    assert result.returncode == 0
    assert result.stdout.endswith("0 X X O\n1 O O X\n2 X O .\n\ndraw: nobody can complete a line any more\n")
    assert run(stdin="q\n").returncode == 1
    assert run(stdin="").returncode == 1


def test_against_the_computer_with_undo_and_hint() -> None:
    # The computer plays O perfectly; X asks for a hint, takes a move back, and cannot win.
    stdin = "\n".join(["h", "1 1", "u", "u", "1 1", "0 0", "2 2", "q"]) + "\n"
    result = run("--computer", "O", stdin=stdin)
    out = result.stdout
    assert result.returncode in (0, 1), result.stderr
    assert "hint: 1 1 (draws)" in out
    assert out.count("the computer (O) plays") >= 2
    assert "nothing to take back" in out  # the second u: the board was empty again
    assert "X wins" not in out


def test_the_computer_plays_both_sides_to_a_draw() -> None:
    result = run("--computer", "both")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("the computer (X) plays") >= 4
    assert "wins" not in result.stdout and "\ndraw: " in result.stdout


def test_the_computer_continues_a_replay_on_a_larger_board() -> None:
    result = run("--size", "5", "--computer", "both", "--simulations", "50", "--moves", "2,2")
    assert result.returncode == 0, result.stderr
    assert "the computer (O) plays" in result.stdout
    bad = run("--computer", "both", "--simulations", "0")
    assert bad.returncode == 2 and "--simulations must be from 1 to 4294967295, not 0" in bad.stderr


def test_connect_four_is_played_by_columns() -> None:
    result = run("--size", "6", "--cols", "7", "--k", "4", "--gravity", "--moves", "3 4 3 4 3 4 3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("5 . . . X O . .\n\nX wins\n")
    assert result.stdout.startswith("  0 1 2 3 4 5 6\n0 . . . . . . .\n")
    # Interactive: a full column and a bad column are refused, and asked for again.
    stdin = "\n".join(["0", "0", "0", "0", "7", "x", "1", "q"]) + "\n"
    interactive = run("--size", "3", "--cols", "2", "--k", "3", "--gravity", stdin=stdin)
    assert "refused: column 0 is full" in interactive.stdout
    assert "refused: column 7 is outside the 2 columns" in interactive.stdout
    assert "please type a column, such as: 3" in interactive.stdout
    assert "to move (column; u undo, h hint, q quit)" in interactive.stdout


def test_gomoku_labels_stay_aligned_and_exact_refuses_an_overline() -> None:
    moves = "7,0 0,0 7,1 0,1 7,2 0,2 7,4 0,4 7,5 0,5 7,3"
    plain = run("--size", "15", "--k", "5", "--moves", moves)
    assert plain.returncode == 0 and plain.stdout.endswith("X wins\n")
    lines = plain.stdout.splitlines()
    assert lines[0] == "   " + " ".join(f"{c:>2}" for c in range(15))
    assert lines[8] == " 7  X  X  X  X  X  X" + "  ." * 9
    exact = run("--size", "15", "--k", "5", "--exact", "--moves", moves)
    assert exact.returncode == 0 and exact.stdout.endswith("in progress: O to move\n")


def test_bad_rules_and_the_computer_on_connect_four() -> None:
    bad = run("--size", "3", "--k", "4")
    assert bad.returncode == 2 and "k = 4 is invalid on a 3 x 3 board" in bad.stderr
    # The computer (X) opens; O asks for a hint, drops, takes it back (with X's reply), quits.
    four = run(
        "--size",
        "6",
        "--cols",
        "7",
        "--k",
        "4",
        "--gravity",
        "--computer",
        "X",
        "--simulations",
        "200",
        stdin="h\n3\nu\nq\n",
    )
    assert four.returncode == 1, four.stdout + four.stderr
    assert four.stdout.count("the computer (X) plays column ") == 2  # the opening and the reply to O's drop
    assert "hint: column " in four.stdout
    # Late in a game the hint says what its move leads to: here X wins with it.
    late = run("--rules", "connect-four", stdin="3\n3\n4\n4\nh\nq\n")
    assert "hint: column 2 (wins in 3)" in late.stdout or "hint: column 5 (wins in 3)" in late.stdout, late.stdout
    losing = run("--rules", "connect-four", stdin="3\n0\n4\n0\n5\nh\nq\n")
    assert "(loses in 2)" in losing.stdout, losing.stdout


def test_rules_by_name_are_the_rules_by_their_parts() -> None:
    moves = ["--moves", "3 4 3 4 3 4 3"]
    by_name = run("--rules", "connect-four", *moves)
    assert by_name.returncode == 0, by_name.stderr
    assert by_name.stdout == run("--size", "6", "--cols", "7", "--k", "4", "--gravity", *moves).stdout
    assert by_name.stdout.endswith("X wins\n")
    gomoku = "7,0 0,0 7,1 0,1 7,2 0,2 7,4 0,4 7,5 0,5 7,3"
    named = run("--rules", "gomoku", "--moves", gomoku)
    assert named.returncode == 0 and named.stdout.endswith("X wins\n")  # free-style: six wins
    assert named.stdout == run("--size", "15", "--k", "5", "--moves", gomoku).stdout


def test_rules_by_name_beside_their_parts_or_unknown_are_refused() -> None:
    for parts in (["--size", "6"], ["--k", "0"], ["--cols", "7"], ["--exact"], ["--gravity"]):
        both = run("--rules", "gomoku", *parts, "--moves", "7,7")
        assert both.returncode == 2 and both.stdout == ""
        assert f"--rules gomoku is a whole rule set: give it or {parts[0]}, not both" in both.stderr
    unknown = run("--rules", "chess")
    assert unknown.returncode == 2
    assert "invalid choice: 'chess' (choose from 'connect-four', 'gomoku')" in unknown.stderr


def test_help_reads_as_text() -> None:
    result = subprocess.run(  # in a terminal of 80 columns, whatever this one is
        [sys.executable, "-m", "tictactoe", "--help"],
        env={**os.environ, "COLUMNS": "80"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    usage, rest = result.stdout.split("\n\n", 1)
    description, options = rest.split("\noptions:\n")
    assert "--rules {connect-four,gomoku}" in usage and "--rules {connect-four,gomoku}" in options
    assert description.startswith("Play a game of the k-in-a-row family in the terminal")
    assert description.rstrip().endswith("h for a hint, q to quit.")  # whole, not its first line
    assert "--rules connect-four" in description and "``" not in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_a_column_off_the_board_is_named_as_a_column() -> None:
    # The engine refuses the drop as the cell (0, col) off the board; the game names the column
    # from the refusal's fields, the number as it was typed.
    replayed = run("--rules", "connect-four", "--moves", "3 9")
    assert replayed.returncode == 2
    assert replayed.stdout.endswith("move 2 (9) is refused: column 9 is outside the 7 columns\n")
    interactive = run("--rules", "connect-four", stdin="9\n-1\n3\nq\n")
    assert "refused: column 9 is outside the 7 columns" in interactive.stdout
    assert "refused: column -1 is outside the 7 columns" in interactive.stdout
    assert interactive.stdout.count("X to move") == 3 and "5 . . . X . . ." in interactive.stdout
    # Without gravity a cell is typed, and refused as a cell.
    plain = run("--size", "3", "--moves", "0,9")
    assert plain.stdout.endswith("is refused: cell (0, 9) is outside the 3 x 3 board\n")


def test_take_back_before_any_move_of_yours_keeps_the_computer_s_opening() -> None:
    result = run("--computer", "X", stdin="u\nu\nq\n")
    assert result.returncode == 1
    assert result.stdout.count("nothing to take back") == 2
    assert result.stdout.count("the computer (X) plays") == 1, "its opening made once, kept"


def test_settings_past_what_the_library_or_the_terminal_takes_are_usage_errors() -> None:
    for args, message in [
        (["--simulations", "4294967296"], "--simulations must be from 1 to 4294967295, not 4294967296"),
        (["--simulations", "0"], "--simulations must be from 1 to 4294967295, not 0"),
        (["--size", "101"], "the terminal shows boards up to 100 x 100, not 101 x 101"),
        (["--size", "65535"], "the terminal shows boards up to 100 x 100, not 65535 x 65535"),
        (["--size", "5", "--cols", "200", "--k", "4"], "the terminal shows boards up to 100 x 100, not 5 x 200"),
    ]:
        result = run(*args)
        assert result.returncode == 2 and result.stdout == "", args
        assert result.stderr.rstrip().endswith(message), result.stderr
    assert run("--size", "100", "--k", "5", "--moves", "50,50").returncode == 0


def test_moves_that_are_not_numbers_are_named_not_python_s_message() -> None:
    for args, refused in [
        (["--moves", "1e3,0"], "move 1 (1e3,0) is refused: expected a row and a column, got '1e3,0'"),
        (["--rules", "connect-four", "--moves", "3 3 x"], "move 3 (x) is refused: expected a column, got 'x'"),
        (["--rules", "connect-four", "--moves", "3,4"], "move 1 (3,4) is refused: expected a column, got '3,4'"),
    ]:
        result = run(*args)
        assert result.returncode == 2 and refused in result.stdout, result.stdout
        assert "int()" not in result.stdout


def test_a_reader_that_goes_away_or_ctrl_c_ends_it_quietly() -> None:
    # `| head -1`: the reader closes after the first line; the computer plays on, printing.
    done = subprocess.run(
        f"{sys.executable} -m tictactoe --computer both --rules connect-four < /dev/null | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.strip().startswith("0 1 2 3 4 5 6") and done.stderr == "", done.stderr
    # Ctrl-C while it waits for a move: a new line, no traceback, 130 as a shell reports it.
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    seen = ""
    while not seen.endswith("q quit): "):  # the prompt, which ends no line
        seen += process.stdout.read(1)
    process.send_signal(2)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and "Traceback" not in err, err
    assert out == "\n", "a new line after the prompt, nothing more"
