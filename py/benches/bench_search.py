"""The computer player's speed, on one core, side by side with OpenSpiel in the same run.

- solving the empty 4 x 4 board (`tictactoe.solve`), target 0.1 s;
- a perfect 3 x 3 move, native, per game of `Batch.perfect_actions` over 4096 games in mid
  play, target under 1 microsecond;
- Monte Carlo tree search simulations per second from the empty 3 x 3 and 7 x 7 boards
  (`tictactoe.best_move` with solving switched off, `max_nodes=0`), against OpenSpiel's C++
  `pyspiel.MCTSBot` with a one-rollout `RandomRolloutEvaluator` on `tic_tac_toe` and on `mnk`
  with m = n = k = 7, each timed over whole `step` calls; target 10x OpenSpiel.

Each figure is the best of three runs. `--json PATH` writes the records for bench/report.py."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Callable

import numpy as np

import tictactoe
from tictactoe import Batch, TicTacToe


def best_of_three(run: Callable[[], Any]) -> float:
    """Seconds of the fastest of three runs of `run`, after a warm-up run."""
    run()
    times = []
    for _ in range(3):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def solve_4x4() -> dict[str, Any]:
    seconds = best_of_three(lambda: tictactoe.solve(TicTacToe(4)))
    return {"search": "solve the empty 4 x 4 board", "ours": seconds * 1e3, "unit": "ms",
            "target": 100.0, "against": "target"}


def perfect_3x3() -> dict[str, Any]:
    count = 4096
    batch = Batch(count, 3, seed=1)
    actions = np.empty(count, np.int64)
    for _ in range(3):  # mid play: three random moves in every game
        batch.step(batch.random_legal_actions(out=actions))
    batch.perfect_actions(out=actions)  # builds the table once
    calls = 50
    seconds = best_of_three(lambda: [batch.perfect_actions(out=actions) for _ in range(calls)])
    return {"search": "perfect 3 x 3 move (per game, Batch.perfect_actions of 4096)",
            "ours": seconds / calls / count * 1e9, "unit": "ns", "target": 1000.0, "against": "target"}


def ours_mcts(n: int, simulations: int) -> float:
    game = TicTacToe(n)
    seconds = best_of_three(lambda: tictactoe.best_move(game, simulations=simulations, max_nodes=0))
    return simulations / seconds


def openspiel_mcts(n: int, simulations: int) -> float:
    import pyspiel

    game = pyspiel.load_game("tic_tac_toe") if n == 3 else pyspiel.load_game("mnk", {"m": n, "n": n, "k": n})
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, False, 0, False)
    state = game.new_initial_state()
    seconds = best_of_three(lambda: bot.step(state))
    return simulations / seconds


def mcts(n: int, simulations: int, skipped: list[str]) -> dict[str, Any]:
    record: dict[str, Any] = {"search": f"MCTS simulations per second, empty {n} x {n}, {simulations} a move",
                              "unit": "sims/s", "target": 10.0}
    record["ours"] = ours_mcts(n, simulations)
    try:
        record["against_value"] = openspiel_mcts(n, simulations)
        record["against"] = "OpenSpiel MCTSBot"
    except Exception as error:  # noqa: BLE001 - any failure to import or run is a skip
        skipped.append(f"OpenSpiel MCTSBot on {n} x {n}: {type(error).__name__}: {error}")
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the records here")
    args = parser.parse_args()
    skipped: list[str] = []
    records = [solve_4x4(), perfect_3x3(), mcts(3, 20000, skipped), mcts(7, 5000, skipped)]
    for record in records:
        against = record.get("against_value")
        ratio = f", {record['ours'] / against:.1f}x {record['against']} ({against:,.0f})" if against else ""
        print(f"{record['search']}: {record['ours']:,.1f} {record['unit']}{ratio}")
    for reason in skipped:
        print(f"skipped: {reason}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"search": records, "skipped": skipped}, out, indent=1)


if __name__ == "__main__":
    main()
