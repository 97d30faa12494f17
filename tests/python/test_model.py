"""A hypothesis state machine: random move / play / undo / copy / pickle / move_many, invalid
input included, applied to TicTacToe and to the plain-Python model; every observable is
compared after every step."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from model import Model, Refused
from tictactoe import TicTacToe

# Coordinates and players beyond every range: negative, one past the board, beyond 64 bits.
coordinates = st.one_of(st.integers(0, 5), st.integers(-3, 8), st.sampled_from([2**64, -(2**70)]))
players = st.one_of(st.integers(0, 3), st.sampled_from([-1, 2**32, 2**80]))


def kind_of(error: Exception) -> str:
    """The package's name of a refusal, which the model's names are compared with."""
    return str(getattr(error, "kind"))


class GameMachine(RuleBasedStateMachine):
    game: TicTacToe
    model: Model

    @initialize(n=st.integers(1, 5))
    def start(self, n: int) -> None:
        self.game = TicTacToe(n)
        self.model = Model(n)

    def same_outcome(self, act: Any, expect: Any) -> None:
        before = self.game.to_text()
        try:
            expected: Any = expect()
        except Refused as refused:
            expected = refused.kind
        try:
            got: Any = act()
        except (ValueError, IndexError) as error:
            got = kind_of(error)
            assert self.game.to_text() == before, "a refused call changed the game"
        assert got == expected

    @rule(row=coordinates, col=coordinates, player=players)
    def move(self, row: int, col: int, player: int) -> None:
        self.same_outcome(lambda: self.game.move(row, col, player), lambda: self.model.move(row, col, player))

    @rule(row=coordinates, col=coordinates)
    def play(self, row: int, col: int) -> None:
        self.same_outcome(lambda: self.game.play(row, col), lambda: self.model.play(row, col))

    @rule()
    def undo(self) -> None:
        self.same_outcome(self.game.undo, self.model.undo)

    @rule(how=st.sampled_from(["copy", "deepcopy", "pickle", "text"]))
    def duplicate(self, how: str) -> None:
        twins: dict[str, Callable[[TicTacToe], TicTacToe]] = {
            "copy": copy.copy,
            "deepcopy": copy.deepcopy,
            "pickle": lambda g: pickle.loads(pickle.dumps(g)),
            "text": lambda g: TicTacToe.from_text(g.to_text()),
        }
        twin = twins[how](self.game)
        assert twin == self.game and twin is not self.game
        self.game = twin

    @rule(moves=st.lists(st.tuples(coordinates, coordinates, players), max_size=4))
    def move_many(self, moves: list[tuple[int, int, int]]) -> None:
        trial = copy.deepcopy(self.model)
        expected: Any
        try:
            expected = [trial.move(*m) for m in moves]
        except Refused as refused:
            failed_at = len(trial.history) - len(self.model.history)
            expected = (refused.kind, failed_at)
        before = self.game.to_text()
        try:
            got: Any = self.game.move_many(moves)
        except ValueError as error:
            got = (kind_of(error), getattr(error, "index"))
            assert self.game.to_text() == before
        assert got == expected
        if not isinstance(expected, tuple):
            self.model = trial

    @invariant()
    def observables_agree(self) -> None:
        if not hasattr(self, "game"):
            return
        g, m = self.game, self.model
        assert str(g) == m.board()
        assert (g.n, g.winner, g.status, g.next_player) == (m.n, m.winner, m.status, m.next_player)
        assert [g.can_win(1), g.can_win(2)] == [m.can_win(1), m.can_win(2)]
        assert g.draw_certain == m.draw_certain
        assert g.winning_lines == m.winning_lines
        assert g.history == m.history
        assert g.marks == m.count(1) + m.count(2)


GameMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
TestGame = GameMachine.TestCase
