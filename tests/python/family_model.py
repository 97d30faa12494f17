"""A plain-Python model of the k-in-a-row family for the tests: a full grid, every run of the
whole board scanned on every question, nothing kept between moves. It shares nothing with the
library, so they agree only by both being right."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from model import Refused

# Row, column, diagonal, anti-diagonal: the order the library reports winning runs in.
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))

Run = tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class Rules:
    rows: int
    cols: int
    k: int
    exact: bool = False
    gravity: bool = False


class FamilyModel:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.grid = [[0] * rules.cols for _ in range(rules.rows)]
        self.history: list[tuple[int, int, int]] = []

    def at(self, r: int, c: int) -> int:
        inside = 0 <= r < self.rules.rows and 0 <= c < self.rules.cols
        return self.grid[r][c] if inside else 0

    def runs(self) -> list[tuple[int, Run]]:
        """Every maximal run of one player's marks, direction by direction."""
        found = []
        for dr, dc in DIRECTIONS:
            for r, c in product(range(self.rules.rows), range(self.rules.cols)):
                p = self.grid[r][c]
                if p == 0 or self.at(r - dr, c - dc) == p:
                    continue
                length = 1
                while self.at(r + dr * length, c + dc * length) == p:
                    length += 1
                found.append((p, ((r, c), (r + dr * (length - 1), c + dc * (length - 1)))))
        return found

    def winning_runs_of(self, player: int) -> list[Run]:
        def wins(run: Run) -> bool:
            (r0, c0), (r1, c1) = run
            length = max(abs(r1 - r0), abs(c1 - c0)) + 1
            return length == self.rules.k if self.rules.exact else length >= self.rules.k

        return [run for p, run in self.runs() if p == player and wins(run)]

    @property
    def winner(self) -> int:
        return next((p for p in (1, 2) if self.winning_runs_of(p)), 0)

    @property
    def winning_runs(self) -> list[Run]:
        return self.winning_runs_of(self.winner) if self.winner else []

    @property
    def winning_cells(self) -> list[tuple[int, int]]:
        """Each winning run's cells, first to last, a step of one cell at a time."""
        cells = []
        for (r0, c0), (r1, c1) in self.winning_runs:
            dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
            length = max(abs(r1 - r0), abs(c1 - c0)) + 1
            cells += [(r0 + i * dr, c0 + i * dc) for i in range(length)]
        return cells

    def count(self, player: int) -> int:
        return sum(row.count(player) for row in self.grid)

    @property
    def next_player(self) -> int:
        return 1 if self.count(1) <= self.count(2) else 2

    @property
    def status(self) -> str:
        if self.winner:
            return "won"
        return "draw" if all(all(row) for row in self.grid) else "in_progress"

    def can_win(self, player: int) -> bool:
        """Whether some k cells in a row hold no mark of the opponent, with a move left."""
        if self.winner:
            return self.winner == player
        if all(all(row) for row in self.grid):
            return False
        rules = self.rules
        for (dr, dc), r, c in product(DIRECTIONS, range(rules.rows), range(rules.cols)):
            cells = [(r + dr * i, c + dc * i) for i in range(rules.k)]
            if all(0 <= y < rules.rows and 0 <= x < rules.cols for y, x in cells) and all(
                self.grid[y][x] != 3 - player for y, x in cells
            ):
                return True
        return False

    @property
    def draw_certain(self) -> bool:
        return not self.winner and not self.can_win(1) and not self.can_win(2)

    def supported(self, r: int, c: int) -> bool:
        return not self.rules.gravity or r == self.rules.rows - 1 or self.grid[r + 1][c] != 0

    def legal_moves(self) -> list[tuple[int, int]]:
        if self.winner:
            return []
        cells = product(range(self.rules.rows), range(self.rules.cols))
        return [(r, c) for r, c in cells if self.grid[r][c] == 0 and self.supported(r, c)]

    def move(self, row: int, col: int, player: int) -> int:
        if not (0 <= row < self.rules.rows and 0 <= col < self.rules.cols):
            raise Refused("out_of_bounds")
        if player not in (1, 2):
            raise Refused("invalid_player")
        if self.winner:
            raise Refused("game_over")
        if self.grid[row][col]:
            raise Refused("occupied")
        if not self.supported(row, col):
            raise Refused("floating")
        self.grid[row][col] = player
        self.history.append((row, col, player))
        return self.winner

    def play(self, row: int, col: int) -> int:
        return self.move(row, col, self.next_player)

    def drop(self, col: int) -> int:
        if not 0 <= col < self.rules.cols:
            raise Refused("out_of_bounds")
        if self.winner:
            raise Refused("game_over")
        free = [r for r in range(self.rules.rows) if self.grid[r][col] == 0]
        if not free:
            raise Refused("column_full")
        return self.play(free[-1], col)

    def undo(self) -> tuple[int, int, int]:
        if not self.history:
            raise Refused("nothing_to_undo")
        row, col, player = self.history.pop()
        self.grid[row][col] = 0
        return row, col, player

    def board(self) -> list[str]:
        return ["".join(".XO"[v] for v in row) for row in self.grid]


def reachable(rules: Rules) -> set[tuple[int, ...]]:
    """Every grid (row-major cell codes) a legal game reaches: a search forward from the empty
    board, X first, by every legal move, stopping at a win."""
    start = FamilyModel(rules)
    seen = {tuple(v for row in start.grid for v in row)}
    frontier = [start]
    while frontier:
        following = []
        for game in frontier:
            for r, c in game.legal_moves():
                child = FamilyModel(rules)
                child.grid = [row[:] for row in game.grid]
                child.play(r, c)
                key = tuple(v for row in child.grid for v in row)
                if key not in seen:
                    seen.add(key)
                    following.append(child)
        frontier = following
    return seen
