"""Turns the JSON records of the three benchmarks into docs/benchmarks.md and
docs/benchmarks.png. Usage: python bench/report.py <records dir> <docs dir>."""

from __future__ import annotations

import datetime
import json
import platform
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def command(*args: str) -> str:
    try:
        return subprocess.run(args, capture_output=True, text=True, check=True).stdout.splitlines()[0]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "unknown"


def cpu() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def batch_section(batches: list[dict[str, Any]], skipped: list[str], docs: Path) -> list[str]:
    """The table, the ratio to the fastest peer and the picture of many games at once."""
    if not batches:
        return []
    lines = [
        "",
        "## Many games at once",
        "",
        "Env-steps per second on one core (`taskset -c 1`): random legal games, each reset when",
        "finished, the random choice inside the timed loop, the observation planes and the legal",
        "mask produced every step (`py/benches/bench_batch.py`; the C ABI loop in",
        "`ffi-c/benches/bench.c`). Peers installed from PyPI into the bench venv.",
        "",
        "![env-steps per second against games](benchmarks-batch.png)",
        "",
        "| implementation | n | games | M env-steps/s |",
        "|---|---:|---:|---:|",
    ]
    for r in sorted(batches, key=lambda r: (r["peer"], r["batch"], r["n"], r["count"])):
        lines.append(f"| {r['batch']} | {r['n']} | {r['count']} | {r['steps_per_second'] / 1e6:.3f} |")
    peers = [r for r in batches if r["peer"] and r["count"] == 4096]
    ours = [r for r in batches if not r["peer"] and r["count"] == 4096 and r["n"] == 3]
    if peers and ours:
        best = max(peers, key=lambda r: r["steps_per_second"])
        lines.append("")
        for r in ours:
            ratio = r["steps_per_second"] / best["steps_per_second"]
            verdict = "met" if ratio >= 3 else "missed"
            lines.append(
                f"At 4096 games of 3 x 3, {r['batch']} makes {ratio:.2f}x the env-steps of the fastest "
                f"peer ({best['batch']}): target 3x, {verdict}."
            )
    for reason in skipped:
        lines.append(f"\nSkipped: {reason}")
    figure, axes = plt.subplots(figsize=(11, 5.5))
    series: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for r in batches:
        series[f"{r['batch']} (n = {r['n']})"].append((r["count"], r["steps_per_second"]))
    for label, points in sorted(series.items()):
        points.sort()
        xs, ys = zip(*points, strict=True)
        axes.plot(xs, ys, marker="o", linestyle="--" if "tictactoe" not in label else "-", label=label)
    save(
        figure,
        axes,
        "games stepped together",
        "env-steps per second, one core",
        "many games at once: random legal games with observation and legal mask every step",
        docs / "benchmarks-batch.png",
        legend_size=7,
    )
    return lines


def search_section(search: dict[str, Any]) -> list[str]:
    """The computer player's figures (py/benches/bench_search.py), each against its target."""
    records, skipped = search.get("search", []), search.get("skipped", [])
    if not records:
        return []
    lines = [
        "",
        "## The computer player",
        "",
        "One core (`taskset`). Solving and the perfect 3 x 3 move against fixed targets; Monte Carlo",
        "tree search against OpenSpiel's C++ `MCTSBot` (one random rollout per simulation, same",
        "number of simulations a move) in the same run, target 10x its simulations per second.",
        "",
        "| what | ours | against | theirs | ratio | target | |",
        "|---|---:|---|---:|---:|---:|---|",
    ]
    for r in records:
        ours = f"{r['ours']:,.1f} {r['unit']}"
        if "against_value" in r:
            ratio = r["ours"] / r["against_value"]
            theirs, shown = f"{r['against_value']:,.0f} {r['unit']}", f"{ratio:.1f}x"
            verdict = "met" if ratio >= r["target"] else "missed"
            target = f"{r['target']:.0f}x"
        elif r.get("against") == "target":
            theirs, shown = "", ""
            verdict = "met" if r["ours"] <= r["target"] else "missed"
            target = f"{r['target']:,.0f} {r['unit']}"
        else:
            theirs, shown, target, verdict = "", "", "", "no peer"
        lines.append(f"| {r['search']} | {ours} | {r.get('against', '')} | {theirs} | {shown} | {target} | {verdict} |")
    lines += known_values_lines(search.get("known", []))
    lines += strength_lines(search.get("strength", []))
    lines += [f"- skipped: {reason}" for reason in skipped]
    return lines


def known_values_lines(known: list[dict[str, Any]]) -> list[str]:
    """The literature's values of small games, as `tictactoe.solve` finds them, and how long."""
    if not known:
        return []
    lines = [
        "",
        "The m,n,k-game literature's values, each solved from the empty board (winner under perfect",
        "play, 0 a draw; plies to the end, fastest win and slowest loss):",
        "",
        "| rules | winner | plies | known | time | |",
        "|---|---:|---:|---|---:|---|",
    ]
    for r in known:
        known_text = f"{r['known_winner']}" + (f" in {r['known_plies']}" if r["known_plies"] else "")
        agrees = r["winner"] == r["known_winner"] and r["known_plies"] in (None, r["plies"])
        lines.append(
            f"| {r['rules']} | {r['winner']} | {r['plies']} | {known_text} | {r['ms']:,.1f} ms | "
            f"{'as known' if agrees else 'DIFFERS'} |"
        )
    return lines


def strength_lines(matches: list[dict[str, Any]]) -> list[str]:
    """Games of our computer player against OpenSpiel's `MCTSBot` and a random player."""
    if not matches:
        return []
    lines = [
        "",
        "Strength: our computer player against OpenSpiel's C++ `MCTSBot` (random rollouts, solving",
        "on) at the same simulations a move, and against a uniformly random player; each game played",
        "in OpenSpiel and in our engine side by side, which agree on every result. Targets: more won",
        "than lost against `MCTSBot` on each side, at least 95% won against random.",
        "",
        "| game | against | simulations | ours as | won | lost | drawn | ms a move, ours | theirs | |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in matches:
        games = r["won"] + r["lost"] + r["drawn"]
        met = r["won"] > r["lost"] if r["opponent"] == "MCTSBot" else r["won"] >= 0.95 * games
        lines.append(
            f"| {r['game']} | {r['opponent']} | {r['simulations']} | {r['as']} | {r['won']} | "
            f"{r['lost']} | {r['drawn']} | {r['our_ms']:.1f} | {r['their_ms']:.2f} | "
            f"{'met' if met else 'missed'} |"
        )
    return lines


def milliseconds(value: float) -> str:
    """A time in ms to three significant digits, however small (End-Easy's are microseconds)."""
    return f"{value:.3g}" if value < 1000 else f"{value:,.0f}"


def c4_section(c4: dict[str, Any], empty: dict[str, Any]) -> list[str]:
    """Our exact Connect Four solver against the C reference of Pons' algorithm, on his six
    classes of positions and the empty board (py/benches/bench_solve.py)."""
    records = c4.get("records", []) + empty.get("records", [])
    if not records:
        return []
    lines = [
        "",
        "## Connect Four solved: Pons' six classes, side by side",
        "",
        "Mean time a position on one core (`taskset -c 1`): each class's positions solved one after",
        "another in one process, its table kept across positions, a fresh process per class and side:",
        "`tictactoe.solve` from Python (after one set-up call, as the reference allocates its table",
        "before its timed loop) and `bench/c/c4_reference.c`, Pascal Pons' final solver algorithm",
        "written here in C (a table of about 2^23 entries, no opening book). The sets are `bench/c4/`",
        "(`make c4-sets`: random games, Begin cut at 6 to 14 stones), valued by both solvers when",
        "made; every score is checked again here. Target: ours at most the reference's time (issue",
        "32). The empty board's row is one position, without the book, with the default table of",
        "each side (`bench_solve.py --empty`: 5 to 10 minutes a side).",
        "",
        "| class | positions | ours ms | reference ms | ratio | target (<= 1.0x) | met/missed "
        "| reference positions visited |",
        "|---|---:|---:|---:|---:|---:|---|---:|",
    ]
    for r in records:
        ratio = r["ours_ms"] / r["reference_ms"]
        wrong = r["ours_wrong"] or r["reference_wrong"]
        verdict = "WRONG SCORES" if wrong else "met" if ratio <= r["target"] else "missed"
        lines.append(
            f"| {r['class']} | {r['positions']} | {milliseconds(r['ours_ms'])} | "
            f"{milliseconds(r['reference_ms'])} | {ratio:.2f}x | {r['target']:.1f}x | {verdict} | "
            f"{r['reference_visited']:,.0f} |"
        )
    return lines


def rl_section(records: list[dict[str, Any]], skipped: list[str]) -> list[str]:
    """The Gymnasium vector env against the batched peers (py/benches/bench_rl.py)."""
    if not records:
        return []
    lines = [
        "",
        "## Reinforcement-learning environments",
        "",
        "Env-steps per second on one core (`taskset -c 1`), the agent's random legal action drawn",
        "from the mask in the timed loop: our Gymnasium vector env with its random opponent's reply",
        "in every step, against EnvPool and pgx (self-play, one move a step) and Gymnasium's",
        "`SyncVectorEnv` over PettingZoo's tic-tac-toe with a random opponent. Targets at 1024",
        "envs: 10x EnvPool, ahead of pgx.",
        "",
        "| environment | envs | M env-steps/s |",
        "|---|---:|---:|",
    ]
    for r in sorted(records, key=lambda r: (r["peer"], r["env"], r["count"])):
        lines.append(f"| {r['env']} | {r['count']} | {r['steps_per_second'] / 1e6:.3f} |")
    mine = next((r for r in records if not r["peer"] and r["count"] == 1024), None)
    lines.append("")
    for r in records:
        if mine is None or not r["peer"] or r["count"] != 1024:
            continue
        ratio = mine["steps_per_second"] / r["steps_per_second"]
        targets = {"EnvPool": (10.0, "10x"), "pgx": (1.0, "ahead")}
        target = next((t for name, t in targets.items() if name in r["env"]), None)
        verdict = "" if target is None else f" (target: {target[1]}; {'met' if ratio >= target[0] else 'missed'})"
        lines.append(f"- at 1024 envs: {ratio:.2f}x {r['env']}{verdict}")
    lines += [f"- skipped: {reason}" for reason in skipped]
    return lines


def threads_section(rows: list[dict[str, Any]]) -> list[str]:
    """Batch(threads=2) against threads=1 (py/benches/bench_batch.py --threads)."""
    if not rows:
        return []
    lines = [
        "",
        "### Two threads",
        "",
        "The same loop at 4096 games with `Batch(threads=2)` against `threads=1`, on two cores",
        "(`taskset -c 0,1`): five rounds of one then the other, half a second each. The ratio of",
        "the best rates (the statistic of every other figure here) against the target 1.7x; the",
        "median of the five rounds' own ratios, and their range, show how noisy the pairs are.",
        "",
        "| n | threads=1, best (M env-steps/s) | threads=2, best | ratio | | rounds: median (range) |",
        "|---:|---:|---:|---:|---|---|",
    ]
    for r in rows:
        ratio = r["two_threads"] / r["one_thread"]
        verdict = "met" if ratio >= 1.7 else "missed"
        low, high = min(r["ratios"]), max(r["ratios"])
        lines.append(
            f"| {r['n']} | {r['one_thread'] / 1e6:.2f} | {r['two_threads'] / 1e6:.2f} | {ratio:.2f}x | {verdict} | "
            f"{r['ratio']:.2f}x ({low:.2f}-{high:.2f}x) |"
        )
    return lines


def family_rows(family: dict[str, Any], face: str, target: float) -> list[str]:
    """One face's table of the family: ns per move against the two C floors, ratios, target."""
    lines = [
        f"| rules | games | moves | {face} (ns/move) | runs in C | scan in C | {face} / runs in C | target | "
        f"| {face} / scan in C |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    for case in family["cases"]:
        ns = case["ns_per_move"]
        ratio = ns["core"] / ns["runs"]
        verdict = "met" if ratio <= target else "missed"
        lines.append(
            f"| {case['case']} | {case['game']} | {case['moves']:,} | {ns['core']:.1f} | {ns['runs']:.1f} | "
            f"{ns['scan']:.1f} | {ratio:.2f}x | {target:.1f}x | {verdict} | {ns['core'] / ns['scan']:.2f}x |"
        )
    return lines


def family_section(family: dict[str, Any], c_family: dict[str, Any]) -> list[str]:
    """The k-in-a-row family through Rust (bench/benches/family.rs) and the C ABI
    (bench/c/family_abi.c), each against the two C floors of bench/c/family.c."""
    if not family.get("cases") and not c_family.get("cases"):
        return []
    targets = family.get("targets", {"core_over_runs": 1.2, "flat_in_k": 1.3})
    lines = [
        "",
        "## The k-in-a-row family",
        "",
        "ns per move on one core (`taskset -c 1`) through Rust (`Game::make_move`) and through the C ABI",
        "(`tictactoe_game_move` on a game of `tictactoe_game_new_mnk`), each against two floors",
        "hand-written in plain C (`bench/c/family.c`) with every check the core makes (bounds, player,",
        "game over, occupied, gravity's support): the core's own algorithm, 16-bit run lengths at",
        "the ends of runs per direction (O(1) a move), and a scan of the four directions around the",
        "move (O(k) a move). Random games (cells in random order, or under gravity random columns,",
        "players alternating, stopped at the first win) and games of long runs (each player fills its",
        "own rows, every k-th cell left empty: runs grow to k - 1, nobody wins); game creation",
        "included, median of interleaved rounds (`cargo bench -p tictactoe-bench --bench family`,",
        "`make bench-c`).",
    ]
    if family.get("cases"):
        lines += ["", "Through Rust:", "", *family_rows(family, "core", targets["core_over_runs"])]
    if family.get("flat_in_k"):
        lines += [
            "",
            "The move's cost against k through Rust: ns per move at k = 500 over k = 5 on 1000 x 1000, the",
            f"same kind of game (target on the games of long runs: {targets['flat_in_k']:.1f}x).",
            "",
            "| games | core | runs in C | scan in C | |",
            "|---|---:|---:|---:|---|",
        ]
        for r in family["flat_in_k"]:
            verdict = ""
            if r["game"] == "long runs":
                verdict = "met" if r["core"] <= targets["flat_in_k"] else "missed"
            lines.append(f"| {r['game']} | {r['core']:.2f}x | {r['runs']:.2f}x | {r['scan']:.2f}x | {verdict} |")
    if c_family.get("cases"):
        lines += ["", "Through the C ABI:", "", *family_rows(c_family, "C ABI", targets["core_over_runs"])]
    return lines


def family_python_section(records: list[dict[str, Any]]) -> list[str]:
    """The family from Python against OpenSpiel (py/benches/bench_family.py): each OpenSpiel game
    against our per-call move on the same games, with issue #20's targets (10x `gomoku`, 50x
    `mnk`)."""
    if not records:
        return []
    lines = [
        "",
        "### The family from Python",
        "",
        "ns per move from Python on the same random legal games, one core (`taskset -c 1`), game",
        "creation included, median of interleaved rounds (`py/benches/bench_family.py`): our per-call",
        "`move` (`drop` under gravity) and `move_many` (a game a call) against OpenSpiel's",
        "`apply_action`.",
        "",
        "| game | implementation | ns/move | against our per-call move | target | |",
        "|---|---|---:|---:|---:|---|",
    ]
    targets = {"OpenSpiel gomoku": 10.0, "OpenSpiel mnk": 50.0}
    moves = ("tictactoe `move`", "tictactoe `drop`")
    ours = {r["game"]: r["ns_per_move"] for r in records if r["implementation"] in moves}
    for r in records:
        base = ours.get(r["game"])
        shown, target, verdict = "", "", ""
        if base and r["implementation"].startswith("OpenSpiel"):
            ratio = r["ns_per_move"] / base
            shown = f"{ratio:.1f}x slower"
            if r["implementation"] in targets:
                goal = targets[r["implementation"]]
                target, verdict = f"{goal:.0f}x", "met" if ratio >= goal else "missed"
        lines.append(
            f"| {r['game']} | {r['implementation']} | {r['ns_per_move']:.1f} | {shown} | {target} | {verdict} |"
        )
    return lines


def family_batch_section(
    records: list[dict[str, Any]],
    skipped: list[str],
    threads: list[dict[str, Any]],
    c_threads: list[dict[str, Any]],
    selfplay: list[dict[str, Any]],
) -> list[str]:
    """Connect Four and gomoku, many games at once (py/benches/bench_family_batch.py, and the C
    ABI loop's `family_batch` records), with issue #21's targets; two threads against one from
    Python and from C (issue #31: `ffi-c/benches/bench.c --threads`), and self-play on Ray."""
    if not records:
        return []
    lines = [
        "",
        "### Connect Four and gomoku, many games at once",
        "",
        "As for 3 x 3 above: env-steps per second on one core, random legal games reset when",
        "finished, observation planes and legal mask every step (`py/benches/bench_family_batch.py`;",
        "the C ABI loop of `ffi-c/benches/bench.c`).",
        "",
        "| implementation | game | games | M env-steps/s |",
        "|---|---|---:|---:|",
    ]
    for r in sorted(records, key=lambda r: (r["game"], r.get("peer", False), r["batch"], r["count"])):
        lines.append(f"| {r['batch']} | {r['game']} | {r['count']} | {r['steps_per_second'] / 1e6:.3f} |")

    def rate(prefix: str, game: str, count: int) -> float:
        found = [
            r["steps_per_second"]
            for r in records
            if r["batch"].startswith(prefix) and r["game"] == game and r["count"] == count
        ]
        return max(found, default=float("nan"))

    c4 = rate("tictactoe Batch", "connect_four", 4096)
    pgx = max(rate("pgx, jit", "connect_four", 4096), rate("pgx, lax.scan", "connect_four", 4096))
    gomoku = rate("tictactoe Batch", "gomoku", 4096)
    vector, pgx_one = rate("tictactoe/ConnectFour-v0", "connect_four", 1024), rate("pgx, jit", "connect_four", 1024)
    verdict = lambda ok: "met" if ok else "missed"  # noqa: E731
    lines += [
        "",
        f"- Connect Four at 4096 games: {c4 / pgx:.2f}x pgx's fastest form (target 5x, {verdict(c4 >= 5 * pgx)}).",
        f"- gomoku at 4096 games: {gomoku / 1e6:.2f}M env-steps/s (target 4M, {verdict(gomoku >= 4e6)}).",
        f"- `ConnectFour-v0`'s vector env at 1024 envs: {vector / pgx_one:.2f}x pgx's one-step form "
        f"(target 3x, {verdict(vector >= 3 * pgx_one)}).",
    ]
    for r in threads:
        lines.append(
            f"- gomoku at 4096 games, `threads=2`: {r['ratio']:.2f}x `threads=1` "
            f"(target 1.7x, {verdict(r['ratio'] >= 1.7)}; "
            f"rounds {r['ratios'][0]:.2f}-{r['ratios'][-1]:.2f}x)."
        )
    for r in c_threads:
        best = r["two_threads"] / r["one_thread"]
        lines.append(
            f"- {r['game']} at {r['count']} games through the C ABI, `tictactoe_batch_set_threads(2)`: "
            f"{r['two_threads'] / 1e6:.2f}M env-steps/s against {r['one_thread'] / 1e6:.2f}M with one "
            f"thread, {best:.2f}x (target 1.7x, {verdict(best >= 1.7)}; rounds' median {r['ratio']:.2f}x, "
            f"{r['ratios'][0]:.2f}-{r['ratios'][-1]:.2f}x)."
        )
    lines += [f"- skipped: {reason}" for reason in skipped]
    if selfplay:
        lines += [
            "",
            "Self-play games per second (`py/benches/bench_selfplay.py`: random play on both sides,",
            "the same shards in one process and on a local Ray of two CPUs):",
            "",
            "| game | where | games/s |",
            "|---|---|---:|",
        ]
        lines += [f"| {r['game']} | {r['where']} | {r['games_per_second']:,.0f} |" for r in selfplay]
    return lines


def limits_section(records: list[dict[str, Any]]) -> list[str]:
    """Resident memory and time of huge and hostile sizes (py/benches/bench_limits.py)."""
    if not records:
        return []
    lines = [
        "",
        "## Untrusted input and lazy memory",
        "",
        "Each case in a fresh Python process: the growth of its resident memory (VmRSS) and the",
        "time taken (per call for the refused text). A new board is allocated zeroed, so only",
        "the pages played become resident; the row allocated then filled is what the engine did",
        "before, for the same 1 GiB block.",
        "",
        "| case | resident MiB | time |",
        "|---|---:|---:|",
    ]
    for r in records:
        seconds = r["seconds"]
        shown = f"{seconds * 1e6:.1f} us" if seconds < 1e-3 else f"{seconds * 1e3:.0f} ms"
        lines.append(f"| {r['case']} | {r['resident_bytes'] / 2**20:.1f} | {shown} |")
    return lines


def save(figure: Any, axes: Any, xlabel: str, ylabel: str, title: str, path: Path, legend_size: int) -> None:
    """Log-log axes with their labels, a grid and the legend beside the plot, saved as PNG."""
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=legend_size, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def c4_moves_section(moves: dict[str, Any]) -> list[str]:
    """`best_move` on Connect Four's easier classes: its mean time a move and how many of its
    moves were perfect (py/benches/bench_solve.py --moves)."""
    records = moves.get("records", [])
    if not records:
        return []
    lines = [
        "",
        "### Connect Four: `best_move` on the classes' positions",
        "",
        "`tictactoe.best_move` with its defaults (the opening book, else solving within about a",
        "second, else the tree search) on each position of the End, Middle and Begin-Easy classes;",
        "a move is perfect when the position after it is worth what the position was, a ply on",
        "(checked by `solve`). Target: a mean under 50 ms a move (issue 32).",
        "",
        "| class | positions | mean ms | worst ms | perfect | target | met/missed |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in records:
        verdict = "met" if r["mean_ms"] <= r["target_ms"] else "missed"
        lines.append(
            f"| {r['class']} | {r['positions']} | {r['mean_ms']:.3g} | {r['worst_ms']:.0f} | "
            f"{r['perfect']} of {r['positions']} | {r['target_ms']:.0f} ms | {verdict} |"
        )
    return lines


def puct_section(puct: dict[str, Any]) -> list[str]:
    """Search guided by a network against mctx over pgx (py/benches/bench_puct.py)."""
    records = puct.get("records", [])
    if not records:
        return []
    lines = [
        "",
        "## Search guided by a network: `Puct` against mctx",
        "",
        "Simulations a second on one core (`taskset -c 1`), Connect Four, a uniform evaluator",
        "(logits 0, value 0), one search from fresh roots a call, noise at the roots: `tictactoe.Puct`",
        "(the evaluator a numpy function), PUCT and Gumbel MuZero's search (`gumbel=16`), against",
        "DeepMind's mctx `gumbel_muzero_policy` over pgx's `connect_four` (jitted whole; compilation",
        "apart), best of 10 calls each, the three taking turns call by call. Targets (issue 33, for",
        "PUCT): 10x mctx at 1 024 x 32, 5x at 64 x 200.",
        "",
        "| games x simulations | PUCT (M/s) | Gumbel (M/s) | mctx (M/s) | PUCT / mctx | Gumbel / mctx "
        "| target | met/missed |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in records:
        theirs = f"{r['mctx'] / 1e6:.3f}" if "mctx" in r else "not run"
        ratio = f"{r['ratio']:.1f}x" if r.get("ratio") is not None else ""
        gumbel = f"{r['ours_gumbel'] / 1e6:.2f}" if "ours_gumbel" in r else ""
        gumbel_ratio = f"{r['gumbel_ratio']:.1f}x" if r.get("gumbel_ratio") is not None else ""
        target = f"{r['target']:.0f}x" if r.get("target") is not None else ""
        verdict = ""
        if r.get("target") is not None and r.get("ratio") is not None:
            verdict = "met" if r["ratio"] >= r["target"] else "missed"
        lines.append(
            f"| {r['games']} x {r['simulations']} | {r['ours'] / 1e6:.2f} | {gumbel} | {theirs} | "
            f"{ratio} | {gumbel_ratio} | {target} | {verdict} |"
        )
    lines += [f"- not run: {reason}" for reason in puct.get("skipped", [])]
    return lines


def gumbel_section(same: dict[str, Any]) -> list[str]:
    """Our Gumbel search's results against mctx's on the same positions (gumbel_against_mctx.py)."""
    records = same.get("records", [])
    if not records:
        return []
    lines = [
        "",
        "### Gumbel's search against mctx's, result for result",
        "",
        "The same positions (tic-tac-toe 0 to 4 plies in; Connect Four up to 8, half of them after a",
        "first column filled) and the same small linear network on both sides, no Gumbel noise, 16",
        "actions considered: games whose visits and chosen action equal mctx's `gumbel_muzero_policy`",
        "over pgx, and the largest difference of the improved policies (`action_weights`; mctx",
        "computes in float32, ours in float64).",
        "",
        "| game | simulations | games | visits equal | actions equal | policy difference |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in records:
        lines.append(
            f"| {r.get('game', 'tic_tac_toe')} | {r['simulations']} | {r['games']} | {r['visits_equal']} | "
            f"{r['actions_equal']} | {r['policy_max_difference']:.1e} |"
        )
    return lines


def sb3_section(sb3: dict[str, Any]) -> list[str]:
    """Stable-Baselines3's MaskablePPO on the native batch (py/benches/bench_sb3.py)."""
    rollouts = sb3.get("rollouts", [])
    if not rollouts:
        return []
    lines = [
        "",
        "## Stable-Baselines3: MaskablePPO's rollouts on `tictactoe.sb3.VecEnv`",
        "",
        "Environment steps a second of sb3-contrib's MaskablePPO collecting rollouts (its update left",
        "out) on Connect Four against the random opponent, PyTorch on one thread, one core",
        "(`taskset -c 1`), best of 3 interleaved rounds of 16 384 steps: SB3's `make_vec_env(...,",
        "n_envs=8)` (a `DummyVecEnv` of single environments) against `tictactoe.sb3.VecEnv`. Target",
        "(issue 35): 3x `make_vec_env`'s. With as many games the two learn exactly alike (the same",
        "seeds give the same weights: tests/python/test_sb3.py); at 8 games PyTorch's forward pass is",
        "most of a step, which more games a step share.",
        "",
        "| environment | games a step | steps/s | against make_vec_env x 8 |",
        "|---|---:|---:|---:|",
    ]
    for r in rollouts:
        lines.append(f"| `{r['kind']}` | {r['games']} | {r['steps_per_s']:.0f} | {r['ratio']:.2f}x |")
    learning = sb3.get("learning", [])
    if learning:
        lines += [
            "",
            "The learning side by side: MaskablePPO trained with either environment (a rollout of",
            "2 048 x 8 steps either way), then its greedy policy's games won as X against the random",
            "opponent, of 1 000.",
            "",
            "| environment | games a step | seed | steps | won |",
            "|---|---:|---:|---:|---:|",
        ]
        for r in learning:
            lines.append(f"| `{r['kind']}` | {r['games']} | {r['seed']} | {r['steps']} | {r['won']:.1%} |")
    return lines


def node_section(node: dict[str, Any]) -> list[str]:
    """The Node package against its floors (node/bench/bench.js, `make node-bench`)."""
    if not node:
        return []
    lines = [
        "",
        "## Node: the package against its floors",
        "",
        "One core (`taskset -c 1`), medians of interleaved rounds (`make node-bench`): a move of",
        "the game through the package (n = 100) against a native method that does nothing, called",
        "the same way (the call floor); a step of 4096 Connect Four games from Node against the",
        "same step from Rust. Targets (issue 34): at most 1.5x and 1.2x.",
        "",
        "| what | Node | floor | ratio | target | met/missed |",
        "|---|---:|---:|---:|---:|---|",
    ]
    rows = [("`move`, n = 100", node["move_ns"], node["floor_ns"], "ns", 1.5)]
    if node.get("rust_step_ns"):
        rows.append(("`Batch.step`, 4096 Connect Four games", node["step_ns"], node["rust_step_ns"], "us", 1.2))
    for what, ours, floor, unit, target in rows:
        scale = 1000 if unit == "us" else 1
        ratio = ours / floor
        verdict = "met" if ratio <= target else "missed"
        lines.append(
            f"| {what} | {ours / scale:.1f} {unit} | {floor / scale:.1f} {unit} | {ratio:.2f}x | "
            f"{target}x | {verdict} |"
        )
    return lines


def main() -> None:
    records_dir, docs = Path(sys.argv[1]), Path(sys.argv[2])
    records: list[dict[str, Any]] = []
    skipped: list[str] = []
    search_path = records_dir / "search.json"
    search = json.loads(search_path.read_text()) if search_path.exists() else {}
    threads_path = records_dir / "threads.json"
    threads = json.loads(threads_path.read_text()) if threads_path.exists() else []
    c4_path, c4_empty_path = records_dir / "c4.json", records_dir / "c4-empty.json"
    c4 = json.loads(c4_path.read_text()) if c4_path.exists() else {}
    c4_empty = json.loads(c4_empty_path.read_text()) if c4_empty_path.exists() else {}
    c4_moves_path = records_dir / "c4-moves.json"
    c4_moves = json.loads(c4_moves_path.read_text()) if c4_moves_path.exists() else {}
    puct_path = records_dir / "puct.json"
    puct = json.loads(puct_path.read_text()) if puct_path.exists() else {}
    node_path = records_dir / "node.json"
    node = json.loads(node_path.read_text()) if node_path.exists() else {}
    sb3_path = records_dir / "sb3.json"
    sb3 = json.loads(sb3_path.read_text()) if sb3_path.exists() else {}
    limits_path = records_dir / "limits.json"
    limits = json.loads(limits_path.read_text()) if limits_path.exists() else []
    c_threads_path = records_dir / "c-threads.json"
    c_threads = json.loads(c_threads_path.read_text()) if c_threads_path.exists() else []
    family_path, c_family_path = records_dir / "family.json", records_dir / "c-family.json"
    family = json.loads(family_path.read_text()) if family_path.exists() else {}
    c_family = json.loads(c_family_path.read_text()) if c_family_path.exists() else {}
    family_python_path = records_dir / "family-python.json"
    family_python = json.loads(family_python_path.read_text()) if family_python_path.exists() else []
    family_batch: list[dict[str, Any]] = []
    family_skipped: list[str] = []
    family_batch_path = records_dir / "family-batch.json"
    if family_batch_path.exists():
        loaded_family = json.loads(family_batch_path.read_text())
        family_batch, family_skipped = loaded_family["records"], loaded_family["skipped"]
    optional = {
        name: json.loads((records_dir / f"{name}.json").read_text())
        for name in ("family-threads", "selfplay")
        if (records_dir / f"{name}.json").exists()
    }
    rl: list[dict[str, Any]] = []
    rl_skipped: list[str] = []
    rl_path = records_dir / "rl.json"
    if rl_path.exists():
        loaded_rl = json.loads(rl_path.read_text())
        rl, rl_skipped = loaded_rl["records"], loaded_rl["skipped"]
    for name in ("rust.json", "c.json", "python.json", "batch.json"):
        path = records_dir / name
        if not path.exists():
            print(f"report: {path} is missing, its face is left out")
            continue
        loaded = json.loads(path.read_text())
        if isinstance(loaded, dict):  # the batch benchmark: records and the peers it skipped
            records += loaded["records"]
            skipped += loaded["skipped"]
        else:
            records += loaded
    timings = [r for r in records if "ns_per_move" in r]
    memory = [r for r in records if "bytes" in r]
    targets = [r for r in records if "target" in r]
    batches = [r for r in records if "batch" in r]
    # The C ABI loop's Connect Four and gomoku, beside the Python figures of the same games.
    family_batch += [
        {
            "batch": r["family_batch"],
            "game": r["game"],
            "count": r["count"],
            "steps_per_second": r["steps_per_second"],
            "peer": False,
        }
        for r in records
        if "family_batch" in r
    ]

    lines = [
        "# Benchmarks",
        "",
        "Generated by `make bench` (`bench/report.py`); do not edit by hand.",
        "",
        f"- Date: {datetime.date.today().isoformat()}",
        f"- Machine: {cpu()}, {len(__import__('os').sched_getaffinity(0))} cores, "
        f"{platform.system()} {platform.release()}",
        f"- Toolchains: {command('rustc', '--version')}; {command('cc', '--version')}; "
        f"Python {platform.python_version()}",
        "",
        "ns per move over whole random games (cells in random order, players alternating, stopped at",
        "the first win; game creation included), every implementation on the same games within one",
        "run of its face, median of interleaved rounds. Ratios are to the face's baseline, the seed's",
        "unchecked +1/-1 counters in the same language (for Python `move_many` at n = 1000: plain",
        "Python move by move).",
        "",
        "![ns per move against n](benchmarks.png)",
        "",
        "| face | n | implementation | ns/move | against the baseline |",
        "|---|---:|---|---:|---:|",
    ]
    baselines = {(r["face"], r["n"]): r["ns_per_move"] for r in timings if r["baseline"]}
    for r in sorted(timings, key=lambda r: (["Rust", "C", "Python"].index(r["face"]), r["n"], r["baseline"])):
        base = baselines.get((r["face"], r["n"]))
        if r["baseline"] or not base:
            ratio = "baseline" if r["baseline"] else ""
        elif r["ns_per_move"] >= base:
            ratio = f"{r['ns_per_move'] / base:.2f}x slower"
        else:
            ratio = f"{base / r['ns_per_move']:.2f}x faster"
        lines.append(f"| {r['face']} | {r['n']} | {r['implementation']} | {r['ns_per_move']:.1f} | {ratio} |")
    lines += [
        "",
        "## Targets",
        "",
        "Each face against the floor it is held to, measured side by side in the same run (ns per",
        "move, or per game for creation).",
        "",
        "| face | n | ours | ns | against | ns | ratio | target | |",
        "|---|---:|---|---:|---|---:|---:|---:|---|",
    ]
    for r in targets:
        ratio = r["ns"] / r["against_ns"]
        verdict = "met" if ratio <= r["target"] else "missed"
        lines.append(
            f"| {r['face']} | {r['n']} | {r['implementation']} | {r['ns']:.1f} | {r['against']} | "
            f"{r['against_ns']:.1f} | {ratio:.2f}x | {r['target']:.2f}x | {verdict} |"
        )
    lines += family_section(family, c_family)
    lines += family_python_section(family_python)
    lines += batch_section(batches, skipped, docs)
    family_threads = optional.get("family-threads", {}).get("records", [])
    lines += family_batch_section(family_batch, family_skipped, family_threads, c_threads, optional.get("selfplay", []))
    lines += threads_section(threads)
    lines += search_section(search)
    lines += c4_section(c4, c4_empty)
    lines += c4_moves_section(c4_moves)
    lines += puct_section(puct)
    gumbel_path = records_dir / "gumbel-mctx.json"
    lines += gumbel_section(json.loads(gumbel_path.read_text()) if gumbel_path.exists() else {})
    lines += sb3_section(sb3)
    lines += node_section(node)
    lines += rl_section(rl, rl_skipped)
    lines += limits_section(limits)
    lines += ["", "## Memory", "", "Bytes per new game (the object plus its heap).", ""]
    by_n: dict[int, dict[str, int]] = defaultdict(dict)
    for r in memory:
        by_n[r["n"]][f"{r['face']} `{r['memory']}`"] = r["bytes"]
    columns = sorted({key for row in by_n.values() for key in row})
    lines.append("| n | " + " | ".join(columns) + " |")
    lines.append("|---:|" + "---:|" * len(columns))
    for n in sorted(by_n):
        lines.append(f"| {n} | " + " | ".join(f"{by_n[n].get(c, '')}" for c in columns) + " |")
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "benchmarks.md").write_text("\n".join(lines) + "\n")

    figure, axes = plt.subplots(figsize=(12, 6))
    series: dict[tuple[str, str, bool], list[tuple[int, float]]] = defaultdict(list)
    for r in timings:
        series[(r["face"], r["implementation"], r["baseline"])].append((r["n"], r["ns_per_move"]))
    for (face, implementation, baseline), points in sorted(series.items()):
        points.sort()
        xs, ys = zip(*points, strict=True)
        axes.plot(
            xs,
            ys,
            linestyle="--" if baseline else "-",
            marker="o" if len(points) > 1 else "*",
            markersize=6 if len(points) > 1 else 14,
            label=f"{face}: {implementation}" + (" (baseline)" if baseline else ""),
        )
    save(
        figure,
        axes,
        "board size n",
        "ns per move",
        "tictactoe: ns per move, whole random games",
        docs / "benchmarks.png",
        legend_size=8,
    )
    print(f"report: wrote {docs / 'benchmarks.md'} and {docs / 'benchmarks.png'}")


if __name__ == "__main__":
    main()
