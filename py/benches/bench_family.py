"""ns per move from Python on the family's games, ours against OpenSpiel's, on the same random
legal games in one process (game creation included), medians of interleaved rounds, and the
ratio (issue #20's targets: at least 10x OpenSpiel's `gomoku` and 50x its `mnk`):

- gomoku (15 x 15, five in a row): `TicTacToe(15, 5).move` against `gomoku`'s `apply_action`
  and against `mnk` (m=15, n=15, k=5), which rescans the board after every move;
- Connect Four (6 x 7, four, gravity): `TicTacToe(6, 4, cols=7, gravity=True).drop` against
  `connect_four`'s `apply_action` (a column, as ours);
- on both, `move_many` with a numpy array of each whole game: the per-call cost of Python
  shared by a game's moves, which the per-move call cannot go below (a do-nothing method call
  costs about 30-60 ns here: see bench_moves.py's floor).

The games are drawn once, with our library (uniform legal moves until the game ends), and
replayed move by move on each engine; a first pass checks that OpenSpiel accepts every move and
ends each game where we do, so that both do the same work. Run with `make bench` (or this file
in the bench venv); `--json PATH` writes the figures for bench/report.py."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from tictactoe import TicTacToe

Move = tuple[int, int, int]


def random_game(make: Callable[[], TicTacToe], rng: random.Random) -> list[Move]:
    game = make()
    while game.status == "in_progress":
        row, col = rng.choice(game.legal_moves())
        game.play(row, col)
    return game.history


def timed(work: Callable[[], None], moves: int) -> float:
    start = time.perf_counter_ns()
    work()
    return (time.perf_counter_ns() - start) / moves


def ours_by_move(make: Callable[[], TicTacToe], games: list[list[Move]]) -> Callable[[], None]:
    def play() -> None:
        for moves in games:
            move = make().move
            for row, col, player in moves:
                move(row, col, player)

    return play


def ours_by_drop(make: Callable[[], TicTacToe], games: list[list[Move]]) -> Callable[[], None]:
    columns = [[col for _, col, _ in moves] for moves in games]

    def play() -> None:
        for game in columns:
            drop = make().drop
            for col in game:
                drop(col)

    return play


def ours_many(make: Callable[[], TicTacToe], games: list[list[Move]]) -> Callable[[], None]:
    arrays = [np.array(moves, dtype=np.int64) for moves in games]

    def play() -> None:
        for moves in arrays:
            make().move_many(moves)

    return play


def spiel_play(spiel_game: Any, actions: list[list[int]]) -> Callable[[], None]:
    def play() -> None:
        for game in actions:
            apply = spiel_game.new_initial_state().apply_action
            for action in game:
                apply(action)

    return play


def same_ends(spiel_game: Any, actions: list[list[int]]) -> bool:
    """Whether OpenSpiel takes every move and ends each game exactly at its last move."""
    for game in actions:
        state = spiel_game.new_initial_state()
        for i, action in enumerate(game):
            if state.is_terminal() or action not in state.legal_actions():
                return False
            state.apply_action(action)
            if state.is_terminal() != (i == len(game) - 1):
                return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", help="write the figures here as JSON records")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
        print("OpenSpiel (pip package open-spiel) is not installed: ours alone")
    rng = random.Random(20261125)
    cases: list[tuple[str, Callable[[], TicTacToe], Callable[..., Callable[[], None]], int, list[tuple[str, str]]]] = [
        (
            "gomoku 15 x 15, five",
            lambda: TicTacToe(15, 5),
            ours_by_move,
            200,
            [("gomoku", "gomoku"), ("mnk", "mnk(m=15,n=15,k=5)")],
        ),
        (
            "Connect Four 6 x 7",
            lambda: TicTacToe(6, 4, cols=7, gravity=True),
            ours_by_drop,
            3000,
            [("connect_four", "connect_four")],
        ),
    ]
    records: list[dict[str, object]] = []
    print("| game | ours (ns/move) | OpenSpiel | OpenSpiel (ns/move) | OpenSpiel / ours |")
    print("|---|---:|---|---:|---:|")
    for name, make, ours_of, count, peers in cases:
        games = [random_game(make, rng) for _ in range(count)]
        moves = sum(len(g) for g in games)
        cols = make().cols
        gravity = make().gravity
        actions = [[col if gravity else row * cols + col for row, col, _ in g] for g in games]
        ours_work = ours_of(make, games)
        spiel_work = []
        for peer, spec in peers if pyspiel is not None else []:
            spiel_game = pyspiel.load_game(spec)
            if not same_ends(spiel_game, actions):
                print(f"| {name} | | `{peer}` | | its games end elsewhere: skipped |")
                continue
            spiel_work.append((peer, spiel_play(spiel_game, actions)))
        call = "drop" if gravity else "move"
        ours_works = [(f"`{call}`", ours_work), ("`move_many`, a game a call", ours_many(make, games))]
        ours_times: dict[str, list[float]] = {label: [] for label, _ in ours_works}
        spiel_times: dict[str, list[float]] = {peer: [] for peer, _ in spiel_work}
        for _ in range(args.rounds):
            for label, work in ours_works:
                ours_times[label].append(timed(work, moves))
            for peer, work in spiel_work:
                spiel_times[peer].append(timed(work, moves))
        for label, times in ours_times.items():
            o = statistics.median(times)
            records.append({"game": name, "implementation": f"tictactoe {label}", "ns_per_move": o, "moves": moves})
            if not spiel_work:
                print(f"| {name}, {label} | {o:.1f} | | | |")
            for peer, peer_times in spiel_times.items():
                s = statistics.median(peer_times)
                print(f"| {name}, {label} | {o:.1f} | `{peer}` | {s:.1f} | {s / o:.1f}x |")
        for peer, peer_times in spiel_times.items():
            s = statistics.median(peer_times)
            records.append({"game": name, "implementation": f"OpenSpiel {peer}", "ns_per_move": s, "moves": moves})
        sys.stdout.flush()
    if args.json:
        with open(args.json, "w") as out:
            json.dump(records, out, indent=1)


if __name__ == "__main__":
    main()
