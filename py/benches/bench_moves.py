"""ns per move from Python, on the same random games in one process (game creation included),
medians of interleaved rounds, with ratios:

- TicTacToe.move against the floor of a method call (floor.c: a hand-written C-API method taking
  three ints with METH_FASTCALL, on a do-nothing object) and against the seed's +1/-1 algorithm
  in plain Python; OpenSpiel's tic-tac-toe (3 x 3, `apply_action` per move) when installed;
- move_many on numpy arrays of whole n = 1000 games against the native move loop (floor.c,
  through the C ABI from C) and against plain Python move by move.

Also the memory of a TicTacToe object. Run with `make bench-py` (which builds libtictactoe.a
first); needs numpy and a C compiler. `--json PATH` writes the figures for bench/report.py."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import sysconfig
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType

# numpy's BLAS threads would otherwise spin on the second core while we time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from tictactoe import TicTacToe

ROOT = Path(__file__).resolve().parents[2]


def build_floor() -> ModuleType:
    """Compiles floor.c against the static libtictactoe (made by `make lib`, which also passes the
    system libraries it needs in STATIC_LIBS) and imports it."""
    out = ROOT / "build" / "bench-floor"
    out.mkdir(parents=True, exist_ok=True)
    module = out / f"_floor{sysconfig.get_config_var('EXT_SUFFIX')}"
    library = ROOT / "target" / "release" / "libtictactoe.a"
    subprocess.run(
        [
            os.environ.get("CC", "cc"),
            "-O2",
            "-shared",
            "-fPIC",
            "-Wall",
            "-Wextra",
            "-Werror",
            f"-I{sysconfig.get_paths()['include']}",
            f"-I{ROOT / 'include'}",
            str(Path(__file__).with_name("floor.c")),
            str(library),
            "-Wl,--exclude-libs,ALL",
            *os.environ["STATIC_LIBS"].split(),
            "-o",
            str(module),
        ],
        check=True,
    )
    spec = importlib.util.spec_from_file_location("_floor", module)
    assert spec is not None and spec.loader is not None
    floor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(floor)
    return floor


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


def play_native(floor: ModuleType, n: int, arrays: list[np.ndarray]) -> None:
    for array in arrays:
        floor.native_moves(n, array)


def timed(work: Callable[[], None], moves: int) -> float:
    start = time.perf_counter_ns()
    work()
    return (time.perf_counter_ns() - start) / moves


def openspiel_times(games: list[Game], rounds: int) -> tuple[float, float] | None:
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

    def target(implementation: str, n: int, ns: float, against: str, against_ns: float) -> None:
        """Issue #13's targets: within 1.5x of the floor."""
        records.append(
            {
                "face": "Python",
                "implementation": implementation,
                "n": n,
                "ns": ns,
                "against": against,
                "against_ns": against_ns,
                "target": 1.5,
            }
        )

    floor = build_floor()
    rng = random.Random(20261121)
    rounds = 7
    print(
        "| n | what | tictactoe (ns/move) | C-API floor | plain-Python seed | / floor (target 1.5x) "
        "| seed / tictactoe |"
    )
    print("|---:|---|---:|---:|---:|---:|---:|")
    for n, count in [(3, 100_000), (100, 30)]:
        games = [random_game(n, rng) for _ in range(count)]
        moves = sum(len(g) for g in games)
        ours, bottom, seed = [], [], []
        for _ in range(rounds):
            ours.append(timed(partial(play_each, TicTacToe, n, games), moves))
            bottom.append(timed(partial(play_each, floor.Floor, n, games), moves))
            seed.append(timed(partial(play_each, SeedTicTacToe, n, games), moves))
        o, f, s = statistics.median(ours), statistics.median(bottom), statistics.median(seed)
        print(f"| {n} | `move`, {moves} moves | {o:.1f} | {f:.1f} | {s:.1f} | {o / f:.2f}x | {s / o:.2f}x |")
        sys.stdout.flush()
        floor_name = "do-nothing C-API method, three ints, METH_FASTCALL (floor)"
        record("TicTacToe.move", n, o)
        record(floor_name, n, f)
        target("TicTacToe.move" + (", game creation counted" if n == 3 else ""), n, o, floor_name, f)
        record("seed +1/-1 counters in plain Python", n, s, baseline=True)
        if n == 3:
            spiel = openspiel_times(games, rounds)
            if spiel is not None:
                print(
                    f"| 3 | OpenSpiel `apply_action` | {spiel[1]:.1f} (ours) | | {spiel[0]:.1f} (OpenSpiel) | "
                    f"| {spiel[0] / spiel[1]:.2f}x |"
                )
                record("OpenSpiel tic_tac_toe apply_action", 3, spiel[0])
    n = 1000
    games = [random_game(n, rng) for _ in range(2)]
    arrays = [np.array(g, dtype=np.int64) for g in games]
    moves = sum(len(g) for g in games)
    ours, bottom, seed = [], [], []
    for _ in range(5):
        ours.append(timed(lambda: play_many(n, arrays), moves))
        bottom.append(timed(lambda: play_native(floor, n, arrays), moves))
        seed.append(timed(lambda: play_each(SeedTicTacToe, n, games), moves))
    o, f, s = statistics.median(ours), statistics.median(bottom), statistics.median(seed)
    print(
        f"| {n} | `move_many` on numpy, {moves} moves | {o:.1f} | {f:.1f} (native loop) | {s:.1f} "
        f"| {o / f:.2f}x | {s / o:.1f}x |"
    )
    record("TicTacToe.move_many (numpy)", n, o)
    record("native move loop through the C ABI (floor of move_many)", n, f)
    target("TicTacToe.move_many (numpy)", n, o, "native move loop through the C ABI (floor of move_many)", f)
    record("seed +1/-1 counters in plain Python", n, s, baseline=True)
    for size in (3, 100, 1000):
        size_of = sys.getsizeof(TicTacToe(size))
        records.append({"face": "Python", "memory": "TicTacToe object", "n": size, "bytes": size_of})
    if args.json:
        with open(args.json, "w") as out:
            json.dump(records, out, indent=1)


if __name__ == "__main__":
    main()
