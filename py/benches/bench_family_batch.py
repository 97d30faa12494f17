"""Env-steps per second of Connect Four and gomoku, many games at once, on one core (run under
`taskset -c 1` by `make bench`), measured as bench_batch.py measures tic-tac-toe: random legal
games, each reset when finished, the random choice inside the timed loop, the observation planes
and the legal mask every step.

- ours: `tictactoe.Batch` from Python under Connect Four's rules (6 x 7, four, gravity: actions
  are columns) and gomoku's (15 x 15, five), two calls a step;
- pgx `connect_four` (jax, CPU): one step a call, and 32 steps a call under `lax.scan`;
- OpenSpiel `connect_four` and `gomoku`, one game with its observation tensor each step, and
  PettingZoo `connect_four_v3`, one game (they have no batch);
- the Gymnasium face: `tictactoe/ConnectFour-v0`'s native vector env at 1024 envs against the
  random opponent (the agent's random legal action drawn in the loop), against pgx's one-step
  form at 1024 games.

Issue #21's targets at 4096 games: Connect Four at least 5x pgx's fastest form; gomoku at least
4M env-steps/s; the vector env at least 3x pgx's one-step form. `--threads` measures
`Batch(threads=2)` against `threads=1` at 4096 games of gomoku (target 1.7x; two cores).
`--json PATH` writes the records for bench/report.py."""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Callable

from bench_batch import SCAN, SIZES, openspiel_run, ours, pettingzoo_run, pgx_runs, rate, stepping, try_peer

RULES: dict[str, dict[str, object]] = {
    "connect_four": {"n": 6, "k": 4, "cols": 7, "gravity": True},
    "gomoku": {"n": 15, "k": 5},
}


def vector_env_run(count: int) -> Callable[[int], int]:
    import gymnasium as gym

    import tictactoe.gym  # noqa: F401 - registers the ids

    return stepping(gym.make_vec("tictactoe/ConnectFour-v0", num_envs=count), count)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", help="write the figures here as JSON records")
    parser.add_argument("--threads", action="store_true", help="threads=2 against threads=1 only")
    args = parser.parse_args()
    records: list[dict[str, object]] = []
    skipped: list[str] = []
    peer = functools.partial(try_peer, skipped)

    def record(implementation: str, game: str, count: int, per_second: float, peer: bool) -> None:
        records.append(
            {"batch": implementation, "game": game, "count": count, "steps_per_second": per_second, "peer": peer}
        )
        print(f"| {implementation} | {game} | {count} | {per_second / 1e6:.3f} |", flush=True)

    if args.threads:
        one, two = ours(4096, threads=1, **RULES["gomoku"]), ours(4096, threads=2, **RULES["gomoku"])
        rounds = [(rate(one, 0.5), rate(two, 0.5)) for _ in range(5)]
        ratios = sorted(b / a for a, b in rounds)
        best = max(b for _, b in rounds) / max(a for a, _ in rounds)
        print(
            f"gomoku, 4096 games: threads=2 {best:.2f}x threads=1 (target 1.7x); rounds' median "
            f"{ratios[2]:.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})"
        )
        records.append({"game": "gomoku", "count": 4096, "ratio": best, "ratios": ratios})
    else:
        print("| implementation | game | games | M env-steps/s |")
        print("|---|---|---:|---:|")
        for game, rules in RULES.items():
            for count in SIZES:
                record("tictactoe Batch (Python)", game, count, rate(ours(count, **rules)), peer=False)

        def pgx_all() -> None:
            for count in SIZES:
                one, scan = pgx_runs(count, "connect_four")
                record("pgx, jit(vmap(step)), one step a call", "connect_four", count, rate(one), peer=True)
                record(f"pgx, lax.scan of {SCAN} steps a call", "connect_four", count, rate(scan), peer=True)

        peer("pgx", pgx_all)
        for game in RULES:
            peer(
                f"OpenSpiel {game}",
                lambda game=game: record(f"OpenSpiel {game} (one game)", game, 1, rate(openspiel_run(game)), peer=True),
            )
        peer(
            "PettingZoo",
            lambda: record(
                "PettingZoo connect_four_v3 (one game)",
                "connect_four",
                1,
                rate(pettingzoo_run("connect_four_v3")),
                peer=True,
            ),
        )
        record(
            "tictactoe/ConnectFour-v0 vector env, random opponent",
            "connect_four",
            1024,
            rate(vector_env_run(1024)),
            peer=False,
        )
        for reason in skipped:
            print(f"skipped {reason}")
        summarize(records)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"records": records, "skipped": skipped}, out, indent=1)


def summarize(records: list[dict[str, object]]) -> None:
    """The targets' ratios, from the records."""

    def at(batch: str, game: str, count: int) -> float:
        found = [
            float(str(r["steps_per_second"]))
            for r in records
            if str(r["batch"]).startswith(batch) and r["game"] == game and r["count"] == count
        ]
        return found[0] if found else float("nan")

    ours_c4 = at("tictactoe Batch", "connect_four", 4096)
    pgx_best = max(at("pgx, jit", "connect_four", 4096), at("pgx, lax.scan", "connect_four", 4096))
    print(f"\nConnect Four, 4096 games: {ours_c4 / 1e6:.2f}M, {ours_c4 / pgx_best:.2f}x pgx's fastest (target 5x)")
    print(f"gomoku, 4096 games: {at('tictactoe Batch', 'gomoku', 4096) / 1e6:.2f}M env-steps/s (target 4M)")
    vector, pgx_one = at("tictactoe/ConnectFour-v0", "connect_four", 1024), at("pgx, jit", "connect_four", 1024)
    print(
        f"ConnectFour-v0 vector env, 1024 envs: {vector / 1e6:.2f}M, "
        f"{vector / pgx_one:.2f}x pgx's one-step form (target 3x)"
    )


if __name__ == "__main__":
    main()
