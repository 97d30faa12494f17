"""Ctrl-C ends a search: `solve`, `analyze` and `best_move` run without the GIL for minutes when
asked to, and a SIGINT must raise KeyboardInterrupt from them, leaving the game and the next
search as they were. Each runs in a child process that signals itself 0.3 s into the call (a
timer thread, which runs while the search has released the GIL); a search the signal did not
end would run past the test's limit. (`best_move`'s perfect moves stop alike: the Rust tests
show its solve takes the same stop.) A signal handler that starts another search on the
searching thread is refused with RuntimeError, the search it interrupted ended."""

from __future__ import annotations

import subprocess
import sys

import pytest

# The child: one long search (named by argv[1]) interrupted by a timer; on KeyboardInterrupt it
# prints the games unchanged and a small solve after it.
CHILD = """
import os
import signal
import sys
import threading
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
threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    searches[sys.argv[1]]()
except KeyboardInterrupt:
    print("interrupted", (str(four), str(gomoku)) == before, tictactoe.solve(tictactoe.TicTacToe(3)), flush=True)
"""


def run(script: str, *args: str) -> tuple[int, str, str]:
    """The child's exit code, output and errors; a child still running after 60 s fails."""
    child = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=60)
    return child.returncode, child.stdout, child.stderr


@pytest.mark.parametrize("search", ["solve", "analyze", "tree"])
def test_ctrl_c_ends_a_search_and_leaves_everything_as_it_was(search: str) -> None:
    assert run(CHILD, search) == (0, "interrupted True (0, 9)\n", "")


# A handler (of SIGALRM, 0.3 s in) that starts a search on the thread already searching: the
# thread's computer player is the running search's.
REENTRY = """
import signal
import tictactoe

def handler(signum, frame):
    tictactoe.solve(tictactoe.TicTacToe(3))

signal.signal(signal.SIGALRM, handler)
signal.setitimer(signal.ITIMER_REAL, 0.3)
try:
    tictactoe.solve(tictactoe.TicTacToe(6, k=4, cols=7, gravity=True), max_nodes=10**15, book=False)
except RuntimeError as error:
    print(error, tictactoe.solve(tictactoe.TicTacToe(3)), flush=True)
"""


def test_a_handler_that_starts_another_search_on_the_searching_thread_is_refused() -> None:
    message = "a search is running on this thread: a signal handler may not start another"
    assert run(REENTRY) == (0, f"{message} (0, 9)\n", "")


# Off the main thread no handler can run: the search never asks, and ends on its budget.
ELSEWHERE = """
import threading
import tictactoe

found = []
worker = threading.Thread(target=lambda: found.append(tictactoe.best_move(tictactoe.TicTacToe(3), simulations=2000)))
worker.start()
worker.join()
print(found)
"""


def test_a_search_off_the_main_thread_runs_to_its_end() -> None:
    assert run(ELSEWHERE) == (0, "[(1, 1)]\n", "")
