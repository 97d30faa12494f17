"""Runs every code example of the README and the guides, so that no guide can go stale.

    python tests/docs/check_examples.py [--python VENV_PYTHON] [--only LANG] FILE.md...

Each fenced block is run by its language tag:

- ``rust``: the whole file through ``rustdoc --test`` against the workspace's tictactoe-core
  and tictactoe-search (built here by cargo), as doc tests (``# `` lines are hidden setup).
- ``c``: compiled with ``-std=c99 -Wall -Wextra -Wpedantic -Werror`` against
  ``target/release/libtictactoe.a`` and run; a block without ``main`` is the body of one, after
  the usual headers and ``tictactoe.h``.
- ``cpp``: the same with ``-std=c++17`` and ``tictactoe.hpp``.
- ``python``: every block of a file in one interpreter (the venv's, with the wheel installed),
  in order, sharing their names; a block of ``>>>`` lines is a doctest whose outputs are
  compared, any other block is run as a script.
- ``js``: each block an ES module of its own, run by ``node`` with ``tictactoe`` resolving to
  the package in ``node/`` (built by ``make node-build``).

Blocks of any other tag (``sh``, ``cmake``, ``text``) are not run; an untagged block is an error
(rustdoc would take it for Rust). Every relative link must name a file that exists, and its
``#anchor`` a heading of that file. Everything is built and run under build/doc-examples/, so
that nothing lands in the work tree. Exits 1 naming each failing block by file and line.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "build" / "doc-examples"
RUN = {"rust", "c", "cpp", "python", "js"}
NOT_RUN = {"sh", "console", "cmake", "text", "toml", "json"}
STATIC_LIBS = os.environ.get("STATIC_LIBS", "-lgcc_s -lutil -lrt -lpthread -lm -ldl").split()

C_PRELUDE = """#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tictactoe.h"
"""
CPP_PRELUDE = """#include <cassert>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>
#include "tictactoe.hpp"
"""


@dataclass
class Block:
    path: Path
    line: int  # the line of the opening fence, from 1
    lang: str
    code: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([^\s`]*)")


def blocks(path: Path) -> list[Block]:
    found: list[Block] = []
    lines = path.read_text().splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3)
        lang = info.split(",")[0].lower()
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
            i += 1
        i += 1
        found.append(Block(path, start + 1, lang, "\n".join(body) + "\n"))
    return found


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    fenced = False
    for line in path.read_text().splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


def check_links(path: Path, failures: list[str]) -> int:
    """Every relative link of a file names a file that exists, and a heading that exists in it."""
    count = 0
    fenced = False
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
        if fenced:
            continue
        for target in LINK.findall(line):
            if re.match(r"[a-z]+:", target):
                continue
            count += 1
            file, _, anchor = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            where = f"{path.relative_to(ROOT)}:{number}"
            if not linked.exists():
                failures.append(f"{where}: link to {target}: no such file")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                failures.append(f"{where}: link to {target}: no such heading")
    return count


def run(cmd: list[str], cwd: Path, what: str, failures: list[str]) -> bool:
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        failures.append(f"{what}: `{' '.join(cmd[:3])} ...` exited {done.returncode}\n{done.stdout}{done.stderr}")
        return False
    return True


def rust_externs() -> list[str]:
    """Builds the two crates the Rust examples use and returns rustdoc's arguments for them."""
    out = subprocess.run(
        ["cargo", "build", "--quiet", "-p", "tictactoe-core", "-p", "tictactoe-search", "--message-format=json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    args: list[str] = []
    for line in out.splitlines():
        message = json.loads(line)
        if message.get("reason") != "compiler-artifact":
            continue
        name = message["target"]["name"]
        if name in ("tictactoe_core", "tictactoe_search"):
            rlib = next(f for f in message["filenames"] if f.endswith(".rlib"))
            args += ["--extern", f"{name}={rlib}"]
    deps = ROOT / "target" / "debug" / "deps"
    return ["-L", f"dependency={deps}", *args]


def check_rust(path: Path, externs: list[str], failures: list[str]) -> None:
    out = WORK / "rust"
    out.mkdir(parents=True, exist_ok=True)
    command = ["rustdoc", "--test", "--edition", "2021", str(path), *externs]
    run(command, out, f"{path.relative_to(ROOT)} (rust)", failures)


def check_native(block: Block, index: int, failures: list[str]) -> None:
    cpp = block.lang == "cpp"
    code = block.code
    if not re.search(r"\bint\s+main\s*\(", code):
        prelude = CPP_PRELUDE if cpp else C_PRELUDE
        body = "\n".join("    " + line for line in code.splitlines())
        code = f"{prelude}\nint main({'' if cpp else 'void'}) {{\n{body}\n    return 0;\n}}\n"
    out = WORK / "native"
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{block.path.stem}-{block.line}"
    source = out / f"{stem}.{'cpp' if cpp else 'c'}"
    source.write_text(f"/* {block.where} */\n{code}")
    binary = out / stem
    compiler = (
        [os.environ.get("CXX", "c++"), "-std=c++17"]
        if cpp
        else [os.environ.get("CC", "cc"), "-std=c99", "-D_DEFAULT_SOURCE"]
    )
    lib = ROOT / "target" / "release" / "libtictactoe.a"
    warnings = ["-Wall", "-Wextra", "-Wpedantic", "-Werror"]
    cmd = [*compiler, *warnings, f"-I{ROOT / 'include'}", str(source), str(lib), *STATIC_LIBS, "-o", str(binary)]
    if run(cmd, out, f"{block.where} ({block.lang}, compile)", failures):
        run([str(binary)], out, f"{block.where} ({block.lang}, run)", failures)


PY_RUNNER = r"""
import doctest, json, sys, traceback
blocks = json.load(open(sys.argv[1]))
globs = {"__name__": "__doc_example__"}
failed = 0
for where, code in blocks:
    if code.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(code, globs, where, where, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, clear_globs=False)
        if runner.failures:
            failed += 1
            print(f"{where}: {runner.failures} doctest example(s) failed (above)")
    else:
        try:
            exec(compile(code, where, "exec"), globs)
        except BaseException:  # SystemExit too: a block must not end the run
            failed += 1
            print(f"{where}: raised")
            traceback.print_exc(file=sys.stdout)
sys.exit(1 if failed else 0)
"""


def check_python(path: Path, found: list[Block], python: str, failures: list[str]) -> None:
    out = WORK / "python"
    out.mkdir(parents=True, exist_ok=True)
    (out / "runner.py").write_text(PY_RUNNER)
    listing = out / f"{path.stem}.json"
    listing.write_text(json.dumps([[b.where, b.code] for b in found]))
    run([python, str(out / "runner.py"), str(listing)], out, f"{path.relative_to(ROOT)} (python)", failures)


def check_js(block: Block, failures: list[str]) -> None:
    out = WORK / "js"
    package = out / "node_modules" / "tictactoe"
    if not package.exists():
        package.parent.mkdir(parents=True, exist_ok=True)
        package.symlink_to(ROOT / "node", target_is_directory=True)
    module = out / f"{block.path.stem}-{block.line}.mjs"
    module.write_text(f"// {block.where}\n{block.code}")
    run(["node", str(module)], out, f"{block.where} (js)", failures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--python", default=sys.executable, help="the interpreter with tictactoe installed")
    parser.add_argument("--only", choices=sorted(RUN), help="run only this language's blocks")
    args = parser.parse_args()

    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    failures: list[str] = []
    counts = {lang: 0 for lang in RUN}
    seconds = {lang: 0.0 for lang in RUN}
    externs: list[str] | None = None
    links = 0
    for path in (p.resolve() for p in args.files):
        links += check_links(path, failures)
        found = blocks(path)
        for block in found:
            if block.lang == "":
                failures.append(f"{block.where}: a code block without a language tag (rustdoc would run it as Rust)")
            elif block.lang not in RUN | NOT_RUN:
                failures.append(f"{block.where}: unknown language tag {block.lang!r}")
        wanted = [lang for lang in ("rust", "c", "cpp", "python", "js") if args.only in (None, lang)]
        for lang in wanted:
            mine = [b for b in found if b.lang == lang]
            if not mine:
                continue
            start = time.monotonic()
            counts[lang] += len(mine)
            if lang == "rust":
                if externs is None:
                    externs = rust_externs()
                check_rust(path, externs, failures)
            elif lang == "python":
                # Absolute, not resolved: a venv's python is a link that must keep its name.
                check_python(path, mine, os.path.abspath(args.python), failures)
            elif lang == "js":
                for block in mine:
                    check_js(block, failures)
            else:
                for i, block in enumerate(mine):
                    check_native(block, i, failures)
            seconds[lang] += time.monotonic() - start
    for failure in failures:
        print(f"FAILED: {failure}", file=sys.stderr)
    summary = ", ".join(
        f"{counts[lang]} {lang} ({seconds[lang]:.1f} s)" for lang in ("rust", "c", "cpp", "python", "js")
    )
    print(f"doc examples: {summary} in {len(args.files)} files, {links} relative links; {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
