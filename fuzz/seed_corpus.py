"""Seeds the text targets' corpora (`fuzz/corpus/parsers`, `fuzz/corpus/text_limits`) from the
shared test vectors: every text form and every position of `tests/vectors`, so that the fuzzer
starts from inputs that reach deep into the parser. Files are named by the SHA-1 of their
content, as libFuzzer names them; running this again adds nothing twice.

The structured targets (`core_ops`, `c_abi`) take `arbitrary`-encoded call sequences, which
vectors cannot be written as; their corpora are what the fuzzer found, minimized."""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# text_limits reads two bytes of limit (units of 4 bytes) before the text: the default limit,
# none at all, and limits around small games' sizes.
LIMITS = [0xFFFF, 0, 25, 100, 1000]


def write(target: str, data: bytes) -> None:
    folder = ROOT / "fuzz" / "corpus" / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main() -> None:
    vectors = ROOT / "tests" / "vectors"
    texts, boards = [], []
    for name in ["texts.json", "positions.json", "family.json"]:
        vector = json.loads((vectors / name).read_text())
        texts += [t["text"] for t in vector.get("texts", [])]
        boards += ["/".join(p["rows"]) for p in vector.get("positions", [])]
    for text in texts + boards:
        write("parsers", text.encode())
    for text in texts:
        for units in LIMITS:
            write("text_limits", struct.pack("<H", units) + text.encode())
    print(f"seeded {len(texts) + len(boards)} parser inputs, {len(texts) * len(LIMITS)} text_limits inputs")


if __name__ == "__main__":
    main()
