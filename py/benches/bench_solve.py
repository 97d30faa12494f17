"""Connect Four solved: Pons' six classes, side by side (issue 32).

For each class of bench/c4/ (End-Easy to Begin-Hard), the set's positions solved one after
another in one process, as his benchmark is run: through `tictactoe.solve` (whose table persists
per thread across calls) and through the C reference (bench/c/c4_reference.c, his final algorithm
written here, `--json`), each side in a fresh process of its own per class, on the same lines, on
whatever core the run is pinned to (`make bench`: `taskset -c 1`). Every score is checked against
the file's; the figure is the mean time a position (ours timed around each `solve` call, the
reference around each of its solves), target ours <= 1.0x the reference's. The reference
allocates its table before its timed loop, so ours is set up before its own by a first call on
a position won at once (WARM_UP; its time is reported apart). Positions visited are the
reference's only: `tictactoe.solve` does not report them. The whole run takes about 2 minutes
(Begin-Hard's 20 positions about 45 s a side).

Both sides solve with `book=False`: the opening book (`make book`) would answer positions of
its lines at once.

`--moves` times `tictactoe.best_move` (the defaults: book, then solving within about a second,
then the tree search) on the classes the issue names (End-Easy, Middle-Easy, Middle-Medium,
Begin-Easy; target: a mean under 50 ms a move), and counts the moves that were perfect (the
position after the move is worth what the position was, a ply on, by `solve`).

`--empty` times the empty 6 x 7 board instead (X wins with the 41st stone). Pons' own solver,
without its book, took 603 s on this machine (issue 32); ours, with the default table, 378 s
on one thread (278 s with `table_entries=2**26`): expect 5 to 10 minutes a side. `--json PATH` writes the records
for bench/report.py."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "c4"))

import c4sets
from c4sets import CLASSES

import tictactoe

ROOT = Path(__file__).resolve().parents[2]
# Enough for any position of the sets and the empty board: `solve` must answer, not refuse.
MAX_NODES = 1 << 40
TARGET = 1.0
# X completes column 1 at once, nothing to search: the first call, which sets up the thread's table.
WARM_UP = "121212"


def solve_ours(text: str) -> dict[str, Any]:
    """Our side of one class, in this process: each line of `text` solved through
    `tictactoe.solve`, in order, and checked; the same figures as the reference's `--json`."""
    lines = c4sets.parse(text, "standard input")
    start = time.perf_counter()
    tictactoe.solve(c4sets.game(WARM_UP))
    setup = time.perf_counter() - start
    seconds, wrong, first_wrong = 0.0, 0, 0
    for number, (columns, expected) in enumerate(lines, 1):
        game = c4sets.game(columns)
        start = time.perf_counter()
        winner, plies = tictactoe.solve(game, max_nodes=MAX_NODES, book=False)
        seconds += time.perf_counter() - start
        if c4sets.score(len(columns), winner, plies) != expected:
            wrong += 1
            first_wrong = first_wrong or number
    return {
        "positions": len(lines),
        "mean_us": seconds / len(lines) * 1e6,
        "wrong": wrong,
        "first_wrong": first_wrong,
        "setup_ms": setup * 1e3,
    }


MOVE_CLASSES = ("End-Easy", "Middle-Easy", "Middle-Medium", "Begin-Easy")
MOVE_TARGET_MS = 50.0


def best_moves(name: str, text: str) -> dict[str, Any]:
    """`best_move` on each position of a class, timed, and whether it kept the value."""
    lines = c4sets.parse(text, name)
    tictactoe.best_move(c4sets.game(WARM_UP))
    seconds, worst, perfect = 0.0, 0.0, 0
    for columns, _ in lines:
        game = c4sets.game(columns)
        start = time.perf_counter()
        _, col = tictactoe.best_move(game)
        took = time.perf_counter() - start
        seconds, worst = seconds + took, max(worst, took)
        winner, plies = tictactoe.solve(game, max_nodes=MAX_NODES, book=False)
        game.drop(col)
        perfect += tictactoe.solve(game, max_nodes=MAX_NODES, book=False) == (winner, plies - 1)
    record = {
        "class": name,
        "positions": len(lines),
        "mean_ms": seconds / len(lines) * 1e3,
        "worst_ms": worst * 1e3,
        "perfect": perfect,
        "target_ms": MOVE_TARGET_MS,
    }
    print(
        f"best_move on {name}: {len(lines)} positions, mean {record['mean_ms']:.3g} ms, worst "
        f"{record['worst_ms']:.0f} ms (target mean <= {MOVE_TARGET_MS:.0f} ms: "
        f"{'met' if record['mean_ms'] <= MOVE_TARGET_MS else 'missed'}), {perfect} perfect",
        flush=True,
    )
    return record


def run(program: list[str], text: str) -> dict[str, Any]:
    """The JSON object `program` prints after solving `text`'s lines from its standard input (a
    wrong score is reported in it, whatever the exit status); no object stops the bench."""
    done = subprocess.run(program, input=text, capture_output=True, text=True, check=False)
    try:
        result: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"{' '.join(program)} failed ({done.returncode}): {done.stderr.strip()}") from None
    return result


def side_by_side(name: str, text: str, reference: Path) -> dict[str, Any]:
    """One class (or the empty board): ours, then the reference, each in a fresh process."""
    ours = run([sys.executable, __file__, "--ours"], text)
    theirs = run([str(reference), "--json", "-"], text)
    record = {
        "class": name,
        "positions": ours["positions"],
        "ours_ms": ours["mean_us"] / 1e3,
        "reference_ms": theirs["mean_us"] / 1e3,
        "reference_visited": theirs["mean_visited"],
        "target": TARGET,
        "ours_setup_ms": ours["setup_ms"],
        "ours_wrong": ours["wrong"],
        "reference_wrong": theirs["wrong"],
    }
    ratio = record["ours_ms"] / record["reference_ms"]
    print(
        f"{name}: {record['positions']} positions, ours {record['ours_ms']:.4g} ms, reference "
        f"{record['reference_ms']:.4g} ms ({record['reference_visited']:,.0f} positions visited), "
        f"ours/reference {ratio:.2f}x (target <= {TARGET:.1f}x: {'met' if ratio <= TARGET else 'missed'}); "
        f"ours' set-up call {record['ours_setup_ms']:.1f} ms, not counted",
        flush=True,
    )
    for side, result in (("ours", ours), ("reference", theirs)):
        if result["wrong"]:
            print(f"  {side}: {result['wrong']} wrong scores, the first on line {result['first_wrong']}")
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the records here")
    parser.add_argument(
        "--reference",
        type=Path,
        default=ROOT / "build" / "c4_reference",
        help="the built bench/c/c4_reference.c (default: build/c4_reference)",
    )
    parser.add_argument("--empty", action="store_true", help="time the empty board instead of the classes")
    parser.add_argument("--moves", action="store_true", help="time best_move on the easier classes instead")
    parser.add_argument("--ours", action="store_true", help=argparse.SUPPRESS)  # one class's worker
    args = parser.parse_args()
    if args.ours:
        print(json.dumps(solve_ours(sys.stdin.read())))
        return
    if args.moves:
        moves = [best_moves(kind.name, kind.path.read_text()) for kind in CLASSES if kind.name in MOVE_CLASSES]
        if args.json:
            with open(args.json, "w") as out:
                json.dump({"records": moves}, out, indent=1)
        return
    if not args.reference.is_file():
        parser.error(f"no reference at {args.reference}: `make build/c4_reference` builds it")
    if args.empty:
        records = [side_by_side("empty board", " 1\n", args.reference)]
    else:
        records = [side_by_side(kind.name, kind.path.read_text(), args.reference) for kind in CLASSES]
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"records": records}, out, indent=1)
    if any(r["ours_wrong"] or r["reference_wrong"] for r in records):
        raise SystemExit("wrong scores: see above")


if __name__ == "__main__":
    main()
