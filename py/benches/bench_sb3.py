"""Stable-Baselines3 on the native batch, side by side (issue 35): sb3-contrib's MaskablePPO
collecting rollouts on Connect Four against the random opponent, with ``make_vec_env(...,
n_envs=8)`` (SB3's ``DummyVecEnv`` of single environments, what users write) against
``tictactoe.sb3.VecEnv`` with 8, 64 and 256 games a step. Runs in build/sb3-venv (``make
sb3-test`` makes it; PyTorch on one thread, the run pinned to one core by ``make bench``).

- rollouts: environment steps a second of ``learn`` with PPO's update left out (the rollout
  collection alone: policy forward, masks, steps, buffer), the best of 3 runs of 16 384 steps,
  every configuration interleaved in each round;
- ``--learn STEPS``: the learning side by side too: MaskablePPO trained for STEPS with either
  environment and several seeds (each with its own configuration's n_steps, so that a rollout
  holds 2 048 x 8 steps either way), then its share of games won as X against the random
  opponent over 1 000 games, greedy with masks.

``--json PATH`` writes the records for bench/report.py."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.env_util import make_vec_env

from tictactoe.gym import CONNECT_FOUR_ID
from tictactoe.sb3 import VecEnv

STEPS = 16_384
NATIVE = (8, 64, 256)


def environment(kind: str, games: int, seed: int) -> Any:
    if kind == "make_vec_env":
        return make_vec_env(CONNECT_FOUR_ID, n_envs=games, seed=seed)
    return VecEnv(CONNECT_FOUR_ID, games, seed=seed)


def rollout_rate(kind: str, games: int) -> float:
    """Steps a second of MaskablePPO's rollout collection alone."""
    model = MaskablePPO("MlpPolicy", environment(kind, games, 0), n_steps=STEPS // games, seed=0)
    model.train = lambda: None  # the update left out: rollouts only
    start = time.perf_counter()
    model.learn(STEPS)
    return STEPS / (time.perf_counter() - start)


def won(model: MaskablePPO, games: int = 1000) -> float:
    """The share of ``games`` the greedy policy wins as X against the random opponent."""
    env = VecEnv(CONNECT_FOUR_ID, games, seed=10_000)
    obs = env.reset()
    outcome = np.full(games, np.nan)
    while np.isnan(outcome).any():
        actions, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=True)
        obs, rewards, dones, _ = env.step(actions)
        first = dones & np.isnan(outcome)
        outcome[first] = rewards[first]
    return float(np.mean(outcome == 1.0))


def learning(steps: int, seeds: list[int]) -> list[dict[str, Any]]:
    records = []
    for seed in seeds:
        for kind, games in (("make_vec_env", 8), ("VecEnv", 64)):
            start = time.perf_counter()
            env = environment(kind, games, seed)
            model = MaskablePPO("MlpPolicy", env, n_steps=2048 * 8 // games, seed=seed)
            model.learn(steps)
            seconds = time.perf_counter() - start
            rate = won(model)
            print(f"learn {kind:>12} x{games:<3} seed {seed}: won {rate:.1%} in {seconds:.0f} s")
            records.append(
                {"kind": kind, "games": games, "seed": seed, "steps": steps, "won": rate, "seconds": seconds}
            )
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learn", type=int, default=0, help="also train for this many steps")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--json", help="write the records here")
    args = parser.parse_args()
    torch.set_num_threads(1)
    configurations = [("make_vec_env", 8)] + [("VecEnv", g) for g in NATIVE]
    best = {c: 0.0 for c in configurations}
    for _ in range(3):
        for kind, games in configurations:
            best[(kind, games)] = max(best[(kind, games)], rollout_rate(kind, games))
    baseline = best[("make_vec_env", 8)]
    rollouts = []
    for (kind, games), rate in best.items():
        print(f"rollouts {kind:>12} x{games:<3}: {rate:>8.0f} steps/s  {rate / baseline:.2f}x make_vec_env x8")
        rollouts.append({"kind": kind, "games": games, "steps_per_s": rate, "ratio": rate / baseline})
    records: dict[str, Any] = {"rollouts": rollouts}
    if args.learn:
        records["learning"] = learning(args.learn, list(range(args.seeds)))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(records, out, indent=1)


if __name__ == "__main__":
    main()
