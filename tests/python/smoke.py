"""What a user checks first after `pip install tictactoe-<version>.tar.gz`: the package imports,
has the version asked for, plays LeetCode 348's example and refuses a bad move. Run by
`make sdist-test` in a venv that holds nothing but the package built from the sdist."""

import sys

import tictactoe

expected = sys.argv[1]
assert tictactoe.__version__ == expected, (tictactoe.__version__, expected)
game = tictactoe.TicTacToe(3)
moves = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)]
assert [game.move(*m) for m in moves] == [0, 0, 0, 0, 0, 0, 1]
assert str(game) == "X.O\nOO.\nXXX"
try:
    game.move(0, 1, 2)
except tictactoe.GameOverError as error:
    assert error.winner == 1
else:
    raise AssertionError("a move after the win was accepted")
print(f"sdist smoke test: tictactoe {tictactoe.__version__} from the sdist; 4 passed, 0 failed")
