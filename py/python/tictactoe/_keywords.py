"""The older keywords of a rule set, declared once for the pure-Python faces (the environments,
self-play), which pass them on to ``Batch`` untouched: ``Batch`` alone fills in their defaults
and refuses them beside ``rules=``."""

from __future__ import annotations

from typing import Optional, TypedDict


class RuleKeywords(TypedDict, total=False):
    """What ``TicTacToe`` and ``Batch`` take beside ``n`` and ``k`` when no ``rules=`` is given:
    the columns (default n), the exact rule and gravity (default off)."""

    cols: Optional[int]
    exact: bool
    gravity: bool
