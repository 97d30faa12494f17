"""What hostile or huge sizes cost: resident memory and time, each case in a fresh process.

- `TicTacToe(65535)` (1 GiB of board words, allocated zeroed), a copy of it, and both after 100
  moves, against the same block allocated then filled with zeros (what the engine did before:
  `np.empty` + `fill`, one process);
- the 27-byte text `tictactoe/1 n=65535 moves=` under the default limit (refused), timed per call;
- `Batch(8, 10000)` (3.4 GB of address space) after 10 random steps.

Resident memory is the growth of VmRSS over the case (Linux). `--json PATH` writes the records
for bench/report.py."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import Any

PRELUDE = """
import copy, time
import numpy as np
import tictactoe
from tictactoe import Batch, TicTacToe

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024

before = rss()
start = time.perf_counter()
"""

CASES = {
    "TicTacToe(65535)": "kept = TicTacToe(65535)",
    "TicTacToe(65535), 100 moves, and a copy": """
kept = TicTacToe(65535)
for i in range(100):
    kept.play(i * 650, (i * 7919) % 65535)
twin = copy.copy(kept)
""",
    "the same block allocated then filled (the engine before)": """
kept = np.empty(tictactoe.TicTacToe(65535).__sizeof__() // 4, np.uint32)
kept.fill(0)
""",
    "from_text('tictactoe/1 n=65535 moves='), refused (per call)": """
calls = 100_000
for _ in range(calls):
    try:
        TicTacToe.from_text("tictactoe/1 n=65535 moves=")
    except tictactoe.LimitExceededError:
        pass
    else:
        raise SystemExit("not refused")
""",
    "Batch(8, 10000), 10 random steps": """
kept = Batch(8, 10000, seed=1)
for _ in range(10):
    kept.step(kept.random_legal_actions())
""",
}

EPILOGUE = """
seconds = time.perf_counter() - start
print(rss() - before, seconds / globals().get("calls", 1))
"""


def run(code: str) -> tuple[int, float]:
    out = subprocess.run(
        [sys.executable, "-c", PRELUDE + code + EPILOGUE], check=True, capture_output=True, text=True
    ).stdout.split()
    return int(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", help="write the records to this file")
    args = parser.parse_args()
    records: list[dict[str, Any]] = []
    for case, code in CASES.items():
        grown, seconds = run(code)
        records.append({"case": case, "resident_bytes": grown, "seconds": seconds})
        print(f"{case:60} {grown / 2**20:9.1f} MiB {seconds * 1e6:12.1f} us")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(records, f, indent=1)


if __name__ == "__main__":
    main()
