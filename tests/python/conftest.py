"""Shared helpers for the Python tests: the vectors' location and loader."""

import json
from pathlib import Path
from typing import Any

VECTORS = Path(__file__).resolve().parents[1] / "vectors"


def load_vectors(name: str) -> Any:
    return json.loads((VECTORS / name).read_text())
