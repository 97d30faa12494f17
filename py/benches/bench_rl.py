"""Env-steps per second of the reinforcement-learning faces, on one core (run under `taskset -c 1`
by `make bench`): the agent's random legal action drawn from the mask inside the timed loop, the
opponent's reply included in our step and PettingZoo's, each env resetting finished games its own
way.

- ours: `tictactoe.gym.TicTacToeVectorEnv` (random opponent, next-step auto-reset), 1 to 4096 envs;
- EnvPool `TicTacToe-v1` through its gymnasium interface (num_threads=1; two-player self-play,
  one move a step, no opponent to run);
- pgx `tic_tac_toe`, `jit(vmap(step))` with auto-reset, one step a call (also self-play);
- Gymnasium's `SyncVectorEnv` over PettingZoo's `tictactoe_v3` made a single-agent env (the agent
  X against a random O), 1 to 1024 envs (4096 would take minutes for one figure).

The timing loop and the EnvPool and pgx loops are `bench_batch.py`'s. `--json PATH` writes the
records for bench/report.py."""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Callable
from typing import Any, Optional

import numpy as np
from bench_batch import SIZES, envpool_run, pgx_runs, rate, stepping, try_peer

from tictactoe.gym import TicTacToeVectorEnv

TARGET_COUNT = 1024


def ours(count: int) -> Callable[[int], int]:
    return stepping(TicTacToeVectorEnv(count, 3), count)


def pettingzoo_vector(count: int) -> Callable[[int], int]:
    import gymnasium as gym
    from pettingzoo.classic import tictactoe_v3  # type: ignore[import-not-found]

    class AgainstRandom(gym.Env[Any, int]):
        """tictactoe_v3 as one agent (X) against a uniformly random O."""

        observation_space = gym.spaces.Box(0, 1, (3, 3, 2), np.int8)
        action_space = gym.spaces.Discrete(9)

        def __init__(self) -> None:
            self.game = tictactoe_v3.env()
            self.rng = np.random.default_rng(0)

        def reset(self, *, seed: Optional[int] = None, options: Any = None) -> tuple[Any, dict[str, Any]]:
            super().reset(seed=seed)
            self.game.reset(seed=seed)
            observation = self.game.last()[0]
            return observation["observation"], {"action_mask": observation["action_mask"]}

        def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            self.game.step(int(action))
            observation, _, done, _, _ = self.game.last()
            if not done:
                self.game.step(int(self.rng.choice(np.flatnonzero(observation["action_mask"]))))
                done = self.game.last()[2]
            mine = self.game.observe("player_1")
            reward = float(self.game.rewards["player_1"])
            return mine["observation"], reward, bool(done), False, {"action_mask": mine["action_mask"]}

    return stepping(gym.vector.SyncVectorEnv([AgainstRandom for _ in range(count)]), count)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", help="write the figures here as JSON records")
    args = parser.parse_args()
    records: list[dict[str, object]] = []
    skipped: list[str] = []
    peer = functools.partial(try_peer, skipped)

    def record(env: str, count: int, per_second: float, peer: bool) -> None:
        records.append({"env": env, "count": count, "steps_per_second": per_second, "peer": peer})
        print(f"| {env} | {count} | {per_second / 1e6:.3f} |", flush=True)

    print("| environment | envs | M env-steps/s |")
    print("|---|---:|---:|")
    for count in SIZES:
        record("tictactoe.gym TicTacToeVectorEnv (random opponent)", count, rate(ours(count)), peer=False)

    def envpool_all() -> None:
        for count in SIZES:
            record("EnvPool TicTacToe-v1 (gymnasium, num_threads=1)", count, rate(envpool_run(count)), peer=True)

    def pgx_all() -> None:
        for count in SIZES:
            record("pgx tic_tac_toe, jit(vmap(step)), one step a call", count, rate(pgx_runs(count)[0]), peer=True)

    def pettingzoo_all() -> None:
        for count in SIZES[:-1]:
            rate_ = rate(pettingzoo_vector(count), budget=0.5)
            record("SyncVectorEnv over PettingZoo tictactoe_v3 (random opponent)", count, rate_, peer=True)

    peer("EnvPool", envpool_all)
    peer("pgx", pgx_all)
    peer("PettingZoo", pettingzoo_all)
    for reason in skipped:
        print(f"skipped {reason}")
    mine = next(r for r in records if not r["peer"] and r["count"] == TARGET_COUNT)
    for r in records:
        if r["peer"] and r["count"] == TARGET_COUNT:
            ratio = float(str(mine["steps_per_second"])) / float(str(r["steps_per_second"]))
            print(f"at {TARGET_COUNT} envs: {ratio:.2f}x {r['env']}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"records": records, "skipped": skipped}, out, indent=1)


if __name__ == "__main__":
    main()
