"""The games of a batch as independent TicTacToe games played move by move: the model the
batch is checked against, by test_batch.py and by `make soak` (soak.py)."""

from __future__ import annotations

import copy
from typing import Any, Optional

import numpy as np
import pytest

import tictactoe
from tictactoe import Batch, TicTacToe


class Singles:
    """The games of a batch as independent TicTacToe games under the same rules (n, and the
    keywords ``k``, ``cols``, ``exact``, ``gravity``), with the forfeits of illegal actions
    (which are the batch's, not a rule of the game). An action is a cell, row * cols + col, or
    under gravity a column, which the single game takes with ``drop``."""

    def __init__(self, count: int, n: int, **rules: Any) -> None:
        self.n, self.rules = n, rules
        self.games = [self.new_game() for _ in range(count)]
        self.forfeit = [0] * count
        game = self.games[0]
        self.rows, self.cols, self.gravity = game.rows, game.cols, game.gravity
        self.actions = self.cols if self.gravity else self.rows * self.cols

    def new_game(self) -> TicTacToe:
        return TicTacToe(self.n, **self.rules)

    def winner(self, g: int) -> int:
        return self.forfeit[g] or self.games[g].winner

    def over(self, g: int) -> bool:
        return self.winner(g) != 0 or self.games[g].marks == self.rows * self.cols

    def act(self, game: TicTacToe, action: int) -> None:
        if self.gravity:
            game.drop(action)
        else:
            game.play(action // self.cols, action % self.cols)

    def refusal(self, g: int, action: int) -> Optional[str]:
        """The kind of the refusal of `action` in game g, or None when it is legal."""
        if not 0 <= action < self.actions:
            return "out_of_bounds"
        if self.forfeit[g]:
            return "game_over"
        try:
            self.act(copy.copy(self.games[g]), action)
        except ValueError as error:
            return str(getattr(error, "kind"))
        return None

    def play(self, g: int, action: int) -> int:
        if self.refusal(g, action) is None:
            self.act(self.games[g], action)
        elif not self.over(g):  # a game already over keeps its result
            self.forfeit[g] = 3 - self.games[g].next_player
        return self.winner(g)

    def reset(self, g: int) -> None:
        self.games[g], self.forfeit[g] = self.new_game(), 0


def assert_same(batch: Batch, singles: Singles) -> None:
    rows, cols, count = batch.rows, batch.cols, batch.count
    assert (rows, cols, batch.actions) == (singles.rows, singles.cols, singles.actions)
    assert batch.winner.tolist() == [singles.winner(g) for g in range(count)]
    assert batch.next_player.tolist() == [g.next_player for g in singles.games]
    assert batch.terminated.tolist() == [singles.over(g) for g in range(count)]
    cells = batch.cells()
    mask = batch.legal_mask()
    planes = batch.observation()
    assert cells.dtype == np.uint8 and cells.shape == (count, rows, cols)
    assert mask.dtype == np.bool_ and mask.shape == (count, singles.actions)
    assert planes.dtype == np.bool_ and planes.shape == (count, 2, rows, cols)
    for g, game in enumerate(singles.games):
        board = np.frombuffer(game.cells(), np.uint8).reshape(rows, cols)
        assert (cells[g] == board).all()
        moves = game.legal_moves()
        actions = sorted(c for _, c in moves) if singles.gravity else [r * cols + c for r, c in moves]
        legal = [] if singles.over(g) else actions
        assert np.flatnonzero(mask[g]).tolist() == legal
        mine = game.next_player
        assert (planes[g, 0] == (board == mine)).all() and (planes[g, 1] == (board == 3 - mine)).all()
        assert batch.game(g) == game


def step(batch: Batch, singles: Singles, games: Optional[list[int]], actions: list[int], lose: bool) -> None:
    listed = games if games is not None else list(range(batch.count))
    before = batch.cells().copy(), batch.winner.copy()
    bad = [i for i, (g, a) in enumerate(zip(listed, actions, strict=True)) if singles.refusal(g, a) is not None]
    array = np.array(actions, dtype=np.int64)
    if bad and not lose:
        with pytest.raises(tictactoe.InvalidMoveError) as raised:
            batch.step(array, games=games)
        assert getattr(raised.value, "index") == bad[0]
        assert getattr(raised.value, "kind") == singles.refusal(listed[bad[0]], actions[bad[0]])
        assert (batch.cells() == before[0]).all() and (batch.winner == before[1]).all()
    else:
        winners = batch.step(array, games=games, illegal="lose" if lose else "raise")
        assert winners.dtype == np.uint8
        assert winners.tolist() == [singles.play(g, a) for g, a in zip(listed, actions, strict=True)]
