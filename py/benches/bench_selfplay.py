"""Self-play games per second (tictactoe.selfplay): Connect Four and gomoku with random play on
both sides, in this process, and on a local Ray with one and with two actors (this machine's
cores), the same shards each time. `--json PATH` writes the figures for bench/report.py."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from tictactoe import selfplay

GAMES = {
    "Connect Four 6 x 7": {"n": 6, "k": 4, "cols": 7, "gravity": True},
    "gomoku 15 x 15": {"n": 15, "k": 5},
}


def rate(work: Callable[[], selfplay.Trajectories], rounds: int) -> float:
    """Games per second, the best of `rounds` runs."""
    best = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        games = work().game_count
        best = max(best, games / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", help="write the figures here as JSON records")
    parser.add_argument("--games", type=int, default=4096)
    args = parser.parse_args()
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    records: list[dict[str, Any]] = []
    print("| game | where | games/s |")
    print("|---|---|---:|")
    for name, rules in GAMES.items():
        games = args.games if "Connect" in name else args.games // 8
        shards = [selfplay.Shard(games=games // 8, seed=s) for s in range(8)]
        # Pools made once: an actor is a process, whose start is not the work measured.
        one, two = (selfplay.RayPool(actors, batch_size=256, **rules) for actors in (1, 2))
        runs: dict[str, Callable[[], selfplay.Trajectories]] = {
            "one process": partial(selfplay.play_shards, shards, batch_size=256, **rules),
            "Ray, 1 actor": partial(one.play, shards),
            "Ray, 2 actors": partial(two.play, shards),
        }
        for where, work in runs.items():
            games_per_second = rate(work, 3)
            print(f"| {name} | {where} | {games_per_second:,.0f} |")
            records.append({"game": name, "where": where, "games_per_second": games_per_second})
    ray.shutdown()
    if args.json:
        with open(args.json, "w") as out:
            json.dump(records, out, indent=1)


if __name__ == "__main__":
    main()
