"""Ctrl-C ends a search: `solve`, `analyze` and `best_move` run without the GIL for minutes when
asked to, and a SIGINT must raise KeyboardInterrupt from them, leaving the game and the next
search as they were. Each runs in a child process interrupted 0.3 s into the call; a search the
signal did not end would run past the test's limit. (`best_move`'s perfect moves stop alike:
the Rust tests show its solve takes the same stop.)"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

# The child: one long search (named by argv[1]), started after "searching" is printed; on
# KeyboardInterrupt it prints the game unchanged and a small solve after it.
CHILD = """
import sys
import tictactoe

four = tictactoe.TicTacToe(6, k=4, cols=7, gravity=True)
gomoku = tictactoe.TicTacToe(15, k=5)
gomoku.move(7, 7, 1)
before = (str(four), str(gomoku))
searches = {
    "solve": lambda: tictactoe.solve(four, max_nodes=10**15, book=False),
    "analyze": lambda: tictactoe.analyze(four, max_nodes=10**15, book=False),
    "tree": lambda: tictactoe.best_move(gomoku, simulations=10**8, perfect=False),
}
print("searching", flush=True)
try:
    searches[sys.argv[1]]()
except KeyboardInterrupt:
    print("interrupted", (str(four), str(gomoku)) == before, tictactoe.solve(tictactoe.TicTacToe(3)), flush=True)
"""


@pytest.mark.parametrize("search", ["solve", "analyze", "tree"])
def test_ctrl_c_ends_a_search_and_leaves_everything_as_it_was(search: str) -> None:
    command = [sys.executable, "-c", CHILD, search]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        try:
            assert child.stdout is not None
            assert child.stdout.readline() == "searching\n"
            time.sleep(0.3)
            child.send_signal(signal.SIGINT)
            out, err = child.communicate(timeout=60)
        finally:
            child.kill()
    assert (child.returncode, out, err) == (0, "interrupted True (0, 9)\n", "")
