"""Generates the six Connect Four benchmark sets of this directory (`make c4-sets`), reproducibly.

Pons' own files cannot be used (only PyPI, crates.io, Debian and npm are reachable, and his
code and data are not ours to take), so the sets are drawn here the way his are described:
random legal games cut at a number of stones drawn uniformly from the class's range, each move
drawn uniformly from the columns that do not end the game, the position valued, and kept when
the plies left under perfect play fall in the class's range (positions met twice are kept once).
Each class has its own seeded generator, so that its file is the same whatever the others.
Random moves do not block, so the player to move can often win at once: 74% of End-Easy, 70% of
Middle-Easy and 61% of Begin-Easy (positions a solver answers without searching).

The C reference (bench/c/c4_reference.c) values the positions: `--within N` first, a cheap test
of whether the game ends within N plies, so that the Begin classes, whose random positions
mostly take long to solve and fall outside them, cost little; then our `tictactoe.solve`
values every kept position again and the two must agree (assertion), so that neither solver
alone decides a file. Usage: make_sets.py --reference build/c4_reference [CLASS ...]."""

from __future__ import annotations

import argparse
import random
import subprocess
import time
from pathlib import Path

import c4sets
from c4sets import CELLS, CLASSES, Class

import tictactoe
from tictactoe import TicTacToe

# Candidates valued by one run of the reference (its table persists within the run), at most:
# a class's size if smaller, so that few of Begin-Hard's candidates (seconds each) are solved for
# nothing. The files do not depend on it: candidates are drawn and kept in the same order.
BATCH = 200
# Enough for any position of the sets: `solve` must answer, not refuse.
MAX_NODES = 1 << 40


def ends_game(game: TicTacToe, column: int) -> bool:
    """Whether dropping into `column` wins or fills the board (the game is left as it was)."""
    winner = game.drop(column)
    full = game.marks == CELLS
    game.undo()
    return winner != 0 or full


def random_position(rng: random.Random, played: int) -> str:
    """The columns (digits 1-7) of a random game of `played` stones, none ending the game: each
    drawn uniformly from the columns that do not; a game left without one is drawn again."""
    while True:
        game = TicTacToe(rules=tictactoe.Rules.CONNECT_FOUR)
        columns = []
        for _ in range(played):
            free = sorted({col for _, col in game.legal_moves() if not ends_game(game, col)})
            if not free:
                break
            column = rng.choice(free)
            game.drop(column)
            columns.append(column + 1)
        else:
            return "".join(map(str, columns))


def reference(program: Path, mode: list[str], positions: list[str]) -> list[int | None]:
    """The reference's score of each position in one run of `program` with `mode` (`--each`,
    or `--within N`, whose None says the game goes on longer than N plies)."""
    run = subprocess.run(
        [str(program), *mode, "-"],
        input="".join(f"{p}\n" for p in positions),
        capture_output=True,
        text=True,
        check=True,
    )
    scores: list[int | None] = []
    for position, line in zip(positions, run.stdout.splitlines(), strict=True):
        columns, value = line.split()[:2]
        assert columns == position, (columns, position)
        scores.append(None if value == "-" else int(value))
    return scores


def value_batch(program: Path, kind: Class, positions: list[str]) -> list[int | None]:
    """The reference's score of each position in `kind`'s range of plies left, None for the others:
    ruled out by `--within` (too short, then too long) before any full solve."""
    first, last = kind.left
    scores: list[int | None] = [None] * len(positions)
    todo = list(range(len(positions)))
    if first > 1:  # a score within first - 1 plies: too short
        short = reference(program, ["--within", str(first - 1)], positions)
        todo = [i for i in todo if short[i] is None]
    mode = ["--each"] if last >= CELLS - kind.played[0] else ["--within", str(last)]
    for i, value in zip(todo, reference(program, mode, [positions[i] for i in todo]), strict=True):
        if value is not None and first <= c4sets.answer(len(positions[i]), value)[1] <= last:
            scores[i] = value
    return scores


def generate(program: Path, kind: Class) -> list[tuple[str, int]]:
    """`kind.size` positions of the class with the reference's scores, each checked by ours."""
    rng = random.Random(f"c4-sets {kind.name}")
    kept: list[tuple[str, int]] = []
    seen: set[frozenset[tuple[int, int, int]]] = set()
    tried = 0
    while len(kept) < kind.size:
        batch = []
        for _ in range(min(BATCH, kind.size)):
            columns = random_position(rng, rng.randint(*kind.played))
            board = frozenset(c4sets.game(columns).history)
            if board not in seen:
                seen.add(board)
                batch.append(columns)
        tried += len(batch)
        for columns, value in zip(batch, value_batch(program, kind, batch), strict=True):
            if value is not None and len(kept) < kind.size:
                ours = tictactoe.solve(c4sets.game(columns), max_nodes=MAX_NODES)
                assert ours == c4sets.answer(len(columns), value), (kind.name, columns, value, ours)
                kept.append((columns, value))
    print(f"{kind.name}: {len(kept)} kept of {tried} distinct positions drawn", flush=True)
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, required=True, help="the built c4_reference")
    parser.add_argument("classes", nargs="*", help="the classes to generate (default: all six)")
    args = parser.parse_args()
    names = args.classes or [kind.name for kind in CLASSES]
    unknown = set(names) - {kind.name for kind in CLASSES}
    if unknown:
        parser.error(f"unknown classes: {', '.join(sorted(unknown))}")
    for kind in CLASSES:
        if kind.name in names:
            start = time.perf_counter()
            lines = generate(args.reference, kind)
            kind.path.write_text("".join(f"{columns} {value}\n" for columns, value in lines))
            print(f"  wrote {kind.path.name} in {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
