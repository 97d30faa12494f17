"""A plain-Python model of the game for the tests: a full grid, every line scanned on every
question. It shares nothing with the library, so they agree only by both being right."""

from __future__ import annotations

from typing import Optional


class Refused(Exception):
    """A move the model refuses; ``kind`` names the reason as the vectors do."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


class Model:
    def __init__(self, n: int) -> None:
        self.n = n
        self.grid = [[0] * n for _ in range(n)]
        self.history: list[tuple[int, int, int]] = []

    def lines(self) -> list[tuple[str, Optional[int], list[tuple[int, int]]]]:
        n = self.n
        lines: list[tuple[str, Optional[int], list[tuple[int, int]]]] = []
        lines += [("row", r, [(r, c) for c in range(n)]) for r in range(n)]
        lines += [("column", c, [(r, c) for r in range(n)]) for c in range(n)]
        lines.append(("diagonal", None, [(i, i) for i in range(n)]))
        lines.append(("anti_diagonal", None, [(i, n - 1 - i) for i in range(n)]))
        return lines

    def count(self, player: int) -> int:
        return sum(row.count(player) for row in self.grid)

    def complete(self, player: int) -> list[tuple[str, Optional[int]]]:
        return [
            (kind, index) for kind, index, cells in self.lines() if all(self.grid[r][c] == player for r, c in cells)
        ]

    @property
    def winner(self) -> int:
        return next((p for p in (1, 2) if self.complete(p)), 0)

    @property
    def next_player(self) -> int:
        return 1 if self.count(1) <= self.count(2) else 2

    @property
    def status(self) -> str:
        if self.winner:
            return "won"
        if all(all(row) for row in self.grid):
            return "draw"
        return "in_progress"

    def can_win(self, player: int) -> bool:
        if self.winner:
            return self.winner == player
        return any(all(self.grid[r][c] != 3 - player for r, c in cells) for _, _, cells in self.lines())

    @property
    def draw_certain(self) -> bool:
        return not self.winner and not self.can_win(1) and not self.can_win(2)

    @property
    def winning_lines(self) -> list[tuple[str, Optional[int]]]:
        return self.complete(self.winner) if self.winner else []

    def move(self, row: int, col: int, player: int) -> int:
        if not (0 <= row < self.n and 0 <= col < self.n):
            raise Refused("out_of_bounds")
        if player not in (1, 2):
            raise Refused("invalid_player")
        if self.winner:
            raise Refused("game_over")
        if self.grid[row][col]:
            raise Refused("occupied")
        self.grid[row][col] = player
        self.history.append((row, col, player))
        return self.winner

    def play(self, row: int, col: int) -> int:
        return self.move(row, col, self.next_player)

    def undo(self) -> tuple[int, int, int]:
        if not self.history:
            raise Refused("nothing_to_undo")
        row, col, player = self.history.pop()
        self.grid[row][col] = 0
        return row, col, player

    def board(self) -> str:
        return "\n".join("".join(".XO"[v] for v in row) for row in self.grid)
