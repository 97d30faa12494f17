"""ns per move from Python: TicTacToe.move against the seed's +1/-1 algorithm in plain Python,
on the same random games in one process (game creation included), and move_many on numpy arrays
of whole n = 1000 games against plain Python move by move; OpenSpiel's tic-tac-toe (3 x 3,
`apply_action` per move) when it is installed. Medians of interleaved rounds, with ratios. Also
the memory of a TicTacToe object. Run with `make bench-py`; needs numpy. `--json PATH` writes the
figures for bench/report.py."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import Callable

# numpy's BLAS threads would otherwise spin on the second core while we time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from tictactoe import TicTacToe  # noqa: E402


class SeedTicTacToe:
    """The seed's O(1) solution in plain Python: one +1/-1 sum per line, no validation."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.rows = [0] * n
        self.cols = [0] * n
        self.diagonal = 0
        self.anti_diagonal = 0

    def move(self, row: int, col: int, player: int) -> int:
        add = 1 if player == 1 else -1
        n = self.n
        self.rows[row] += add
        self.cols[col] += add
        if row == col:
            self.diagonal += add
        if row + col == n - 1:
            self.anti_diagonal += add
        if n in (abs(self.rows[row]), abs(self.cols[col]), abs(self.diagonal), abs(self.anti_diagonal)):
            return player
        return 0


Game = list[tuple[int, int, int]]


def random_game(n: int, rng: random.Random) -> Game:
    """Cells in random order, players alternating from 1, cut at the first win."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    judge = SeedTicTacToe(n)
    moves = []
    for i, (row, col) in enumerate(cells):
        player = 1 + i % 2
        moves.append((row, col, player))
        if judge.move(row, col, player):
            break
    return moves


def play_each(make: Callable[[int], object], n: int, games: list[Game]) -> None:
    for moves in games:
        game = make(n)
        move = game.move  # type: ignore[attr-defined]
        for row, col, player in moves:
            move(row, col, player)


def play_many(n: int, arrays: list[np.ndarray]) -> None:
    for array in arrays:
        TicTacToe(n).move_many(array)


def timed(work: Callable[[], None], moves: int) -> float:
    start = time.perf_counter_ns()
    work()
    return (time.perf_counter_ns() - start) / moves


def openspiel_times(games: list[Game], rounds: int) -> "tuple[float, float] | None":
    """ns per move of OpenSpiel's tic-tac-toe and of our move on the same 3 x 3 games."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("OpenSpiel (pip package open-spiel) is not installed: skipped")
        return None
    spiel_game = pyspiel.load_game("tic_tac_toe")

    def play_spiel() -> None:
        for moves in games:
            state = spiel_game.new_initial_state()
            apply = state.apply_action
            for row, col, _ in moves:
                apply(row * 3 + col)

    moves = sum(len(g) for g in games)
    spiel, ours = [], []
    for _ in range(rounds):
        spiel.append(timed(play_spiel, moves))
        ours.append(timed(lambda: play_each(TicTacToe, 3, games), moves))
    return statistics.median(spiel), statistics.median(ours)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", help="write the figures here as JSON records")
    args = parser.parse_args()
    records: list[dict[str, object]] = []

    def record(implementation: str, n: int, ns: float, baseline: bool = False) -> None:
        records.append(
            {"face": "Python", "implementation": implementation, "n": n, "ns_per_move": ns, "baseline": baseline}
        )

    rng = random.Random(20261121)
    rounds = 5
    print("| n | what | tictactoe (ns/move) | plain-Python seed (ns/move) | speed-up |")
    print("|---:|---|---:|---:|---:|")
    for n, count in [(3, 100_000), (100, 30)]:
        games = [random_game(n, rng) for _ in range(count)]
        moves = sum(len(g) for g in games)
        ours, seed = [], []
        for _ in range(rounds):
            ours.append(timed(lambda: play_each(TicTacToe, n, games), moves))
            seed.append(timed(lambda: play_each(SeedTicTacToe, n, games), moves))
        o, s = statistics.median(ours), statistics.median(seed)
        print(f"| {n} | `move`, {moves} moves | {o:.1f} | {s:.1f} | {s / o:.2f}x |")
        sys.stdout.flush()
        record("TicTacToe.move", n, o)
        record("seed +1/-1 counters in plain Python", n, s, baseline=True)
        if n == 3:
            spiel = openspiel_times(games, rounds)
            if spiel is not None:
                print(f"| 3 | OpenSpiel `apply_action` | {spiel[1]:.1f} (ours) | {spiel[0]:.1f} | {spiel[0] / spiel[1]:.2f}x |")
                record("OpenSpiel tic_tac_toe apply_action", 3, spiel[0])
    n = 1000
    games = [random_game(n, rng) for _ in range(2)]
    arrays = [np.array(g, dtype=np.int64) for g in games]
    moves = sum(len(g) for g in games)
    ours, seed = [], []
    for _ in range(3):
        ours.append(timed(lambda: play_many(n, arrays), moves))
        seed.append(timed(lambda: play_each(SeedTicTacToe, n, games), moves))
    o, s = statistics.median(ours), statistics.median(seed)
    print(f"| {n} | `move_many` on numpy, {moves} moves | {o:.1f} | {s:.1f} | {s / o:.1f}x |")
    record("TicTacToe.move_many (numpy)", n, o)
    record("seed +1/-1 counters in plain Python", n, s, baseline=True)
    for size in (3, 100, 1000):
        records.append({"face": "Python", "memory": "TicTacToe object", "n": size, "bytes": sys.getsizeof(TicTacToe(size))})
    if args.json:
        with open(args.json, "w") as out:
            json.dump(records, out, indent=1)


if __name__ == "__main__":
    main()
