"""Env-steps per second of many games at once, on one core (run under `taskset -c 1` by `make
bench`): random legal games, each game reset when finished, the random choice inside the timed
loop, and every step producing the observation planes and the legal mask.

- ours: `tictactoe.Batch` from Python (n = 3, 8 and 15), with caller-given output arrays, two
  calls a step: `random_legal_actions(reset_terminated=True)` (finished games restart, then
  every game draws) and `step(actions, observation=..., legal_mask=...)`;
- EnvPool `TicTacToe-v1` (gymnasium interface, num_threads=1, its own auto-reset; random legal
  actions drawn with numpy from its `legal_action_mask`);
- pgx `tic_tac_toe` on jax's CPU backend: `jit(vmap(step))` with auto-reset, one step a call,
  and the faster form that runs 32 steps a call under `lax.scan`;
- PettingZoo `tictactoe_v3` and OpenSpiel `tic_tac_toe`, one game (they have no batch).

`--threads` measures instead `Batch(threads=2)` against `threads=1` at 4096 games: five rounds
of one then the other, the ratio of the best rates and each round's own ratio (`make bench`
runs it under `taskset -c 0,1`: two cores).

A peer that does not import is skipped with the reason. Each figure is the best of three timed
runs of about a second after a warm-up (which includes jax's compilation). `--json PATH` writes
the records for bench/report.py."""

from __future__ import annotations

import argparse
import functools
import json
import os
import time
from collections.abc import Callable
from typing import Any, Optional

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import numpy as np

from tictactoe import Batch

SIZES = [1, 64, 1024, 4096]
SCAN = 32


def rate(run: Callable[[int], int], budget: float = 1.0) -> float:
    """Env-steps per second of `run(steps)` (which returns the env-steps it made), best of 3."""
    run(2)  # warm-up (and jax's compilation)
    steps, best = 1, 0.0
    while True:  # grow until one run takes a tenth of the budget
        start = time.perf_counter()
        done = run(steps)
        elapsed = time.perf_counter() - start
        if elapsed > budget / 10:
            break
        steps *= 4
    steps = max(1, int(steps * budget / elapsed))
    for _ in range(3):
        start = time.perf_counter()
        done = run(steps)
        best = max(best, done / (time.perf_counter() - start))
    return best


def stepping(envs: Any, count: int, key: str = "action_mask", info: Any = None) -> Callable[[int], int]:
    """The timed loop over a vector env of `count` envs whose infos carry the legal masks
    under `key`: a random legal action for every env each step, from `info` (the reset's;
    `envs.reset(seed=0)` when not given)."""
    if info is None:
        _, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"mask": info[key]}

    def run(steps: int) -> int:
        mask = state["mask"]
        for _ in range(steps):
            actions = (rng.random(mask.shape) * mask).argmax(axis=-1)
            _, _, _, _, info = envs.step(actions)
            mask = info[key]
        state["mask"] = mask
        return steps * count

    return run


def try_peer(skipped: list[str], name: str, measure: Callable[[], None]) -> None:
    """Runs a peer's measurement; a failure (not installed, an API change) is noted in
    `skipped`, not fatal."""
    try:
        measure()
    except Exception as error:
        skipped.append(f"{name}: {type(error).__name__}: {error}")


def ours(count: int, n: int, threads: int = 1, **rules: object) -> Callable[[int], int]:
    """Our batch of `count` games of n x n tic-tac-toe, or under `rules` (k, cols, exact,
    gravity, as Batch takes them)."""
    batch = Batch(count, n=n, seed=0, threads=threads, **rules)  # type: ignore[arg-type]
    actions = np.empty(count, np.int64)
    winners = np.empty(count, np.uint8)
    planes = np.empty((count, 2, batch.rows, batch.cols), np.bool_)
    mask = np.empty((count, batch.actions), np.bool_)

    def run(steps: int) -> int:
        for _ in range(steps):
            # Finished games restart, then every game draws; the step writes planes and mask.
            batch.random_legal_actions(out=actions, reset_terminated=True)
            batch.step(actions, out=winners, observation=planes, legal_mask=mask)
        return steps * count

    return run


def envpool_run(count: int) -> Callable[[int], int]:
    import envpool  # type: ignore[import-not-found]

    env = envpool.make("TicTacToe-v1", env_type="gymnasium", num_envs=count, num_threads=1, seed=0)
    _, info = env.reset()
    return stepping(env, count, "legal_action_mask", info)


def pgx_runs(count: int, game: str = "tic_tac_toe") -> tuple[Callable[[int], int], Callable[[int], int]]:
    import jax  # type: ignore[import-not-found]
    import jax.numpy as jnp  # type: ignore[import-not-found]
    import pgx  # type: ignore[import-not-found]
    from pgx.experimental import auto_reset  # type: ignore[import-not-found]

    env = pgx.make(game)
    step_one = jax.vmap(auto_reset(env.step, env.init))

    def body(carry, _):  # type: ignore[no-untyped-def]
        state, key = carry
        key, pick, reset = jax.random.split(key, 3)
        logits = jnp.log(state.legal_action_mask.astype(jnp.float32))
        actions = jax.random.categorical(pick, logits, axis=-1)
        state = step_one(state, actions, jax.random.split(reset, count))
        return (state, key), None

    one = jax.jit(lambda carry: body(carry, None)[0])
    scan = jax.jit(lambda carry: jax.lax.scan(body, carry, None, length=SCAN)[0])
    key = jax.random.PRNGKey(0)
    state = jax.jit(jax.vmap(env.init))(jax.random.split(key, count))
    carry = {"one": (state, key), "scan": (state, key)}

    def run_one(steps: int) -> int:
        c = carry["one"]
        for _ in range(steps):
            c = one(c)
        jax.block_until_ready((c[0].observation, c[0].legal_action_mask))
        carry["one"] = c
        return steps * count

    def run_scan(steps: int) -> int:
        c = carry["scan"]
        calls = max(1, steps // SCAN)
        for _ in range(calls):
            c = scan(c)
        jax.block_until_ready((c[0].observation, c[0].legal_action_mask))
        carry["scan"] = c
        return calls * SCAN * count

    return run_one, run_scan


def pettingzoo_run(game: str = "tictactoe_v3") -> Callable[[int], int]:
    import importlib

    env = importlib.import_module(f"pettingzoo.classic.{game}").env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(steps: int) -> int:
        for _ in range(steps):
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.reset()
                observation, _, _, _, _ = env.last()
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        return steps

    return run


def openspiel_run(name: str = "tic_tac_toe") -> Callable[[int], int]:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name)
    rng = np.random.default_rng(0)
    holder = {"state": game.new_initial_state()}

    def run(steps: int) -> int:
        state = holder["state"]
        for _ in range(steps):
            if state.is_terminal():
                state = game.new_initial_state()
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            # From player 0's view: a terminal state has no player to move to view it from.
            state.observation_tensor(0)
        holder["state"] = state
        return steps

    return run


def compare_threads(path: Optional[str]) -> None:
    """threads=2 against threads=1 at 4096 games: five rounds, each timing one then the other
    (half a second each); the best rates and each round's ratio."""
    rows = []
    for n in (3, 8, 15):
        one, two = ours(4096, n, 1), ours(4096, n, 2)
        rounds = [(rate(one, 0.5), rate(two, 0.5)) for _ in range(5)]
        ratios = sorted(b / a for a, b in rounds)
        row = {
            "n": n,
            "count": 4096,
            "one_thread": max(a for a, _ in rounds),
            "two_threads": max(b for _, b in rounds),
            "ratio": ratios[2],
            "ratios": ratios,
        }
        rows.append(row)
        best = row["two_threads"] / row["one_thread"]
        print(
            f"n = {n}: best threads=1 {row['one_thread'] / 1e6:.2f}M, threads=2 {row['two_threads'] / 1e6:.2f}M "
            f"env-steps/s: {best:.2f}x (target 1.7x); rounds' median {ratios[2]:.2f}x "
            f"({ratios[0]:.2f}-{ratios[-1]:.2f})",
            flush=True,
        )
    if path:
        with open(path, "w") as out:
            json.dump(rows, out, indent=1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", help="write the figures here as JSON records")
    parser.add_argument("--threads", action="store_true", help="threads=2 against threads=1 only")
    args = parser.parse_args()
    records: list[dict[str, object]] = []
    if args.threads:
        compare_threads(args.json)
        return

    def record(implementation: str, count: int, n: int, per_second: float, peer: bool) -> None:
        records.append({"batch": implementation, "count": count, "n": n, "steps_per_second": per_second, "peer": peer})
        print(f"| {implementation} | {n} | {count} | {per_second / 1e6:.3f} |", flush=True)

    print("| implementation | n | games | M env-steps/s |")
    print("|---|---:|---:|---:|")
    for count in SIZES:
        for n in (3, 8, 15):
            record("tictactoe Batch (Python)", count, n, rate(ours(count, n)), peer=False)
    skipped: list[str] = []
    peer = functools.partial(try_peer, skipped)

    def envpool_all() -> None:
        for count in SIZES:
            record("EnvPool TicTacToe-v1 (num_threads=1)", count, 3, rate(envpool_run(count)), peer=True)

    def pgx_all() -> None:
        for count in SIZES:
            one, scan = pgx_runs(count)
            record("pgx tic_tac_toe, jit(vmap(step)), one step a call", count, 3, rate(one), peer=True)
            record(f"pgx tic_tac_toe, lax.scan of {SCAN} steps a call", count, 3, rate(scan), peer=True)

    peer("EnvPool", envpool_all)
    peer("pgx", pgx_all)
    peer(
        "PettingZoo",
        lambda: record("PettingZoo tictactoe_v3 (AEC, one game)", 1, 3, rate(pettingzoo_run()), peer=True),
    )
    peer("OpenSpiel", lambda: record("OpenSpiel tic_tac_toe (one game)", 1, 3, rate(openspiel_run()), peer=True))
    for reason in skipped:
        print(f"skipped {reason}")
    best: Optional[dict[str, object]] = max(
        (r for r in records if r["peer"] and r["count"] == 4096),
        key=lambda r: float(str(r["steps_per_second"])),
        default=None,
    )
    mine = next(r for r in records if not r["peer"] and r["count"] == 4096 and r["n"] == 3)
    if best is not None:
        ratio = float(str(mine["steps_per_second"])) / float(str(best["steps_per_second"]))
        print(f"\nat 4096 games of 3 x 3: {ratio:.2f}x the fastest peer ({best['batch']}); target 3x")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"records": records, "skipped": skipped}, out, indent=1)


if __name__ == "__main__":
    main()
