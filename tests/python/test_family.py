"""The k-in-a-row family from Python: rows x cols boards, k in a row, the exact rule and
gravity. Random games on random rule sets against the brute-force model (family_model.py),
positions against a search of every reachable one, and the API's refusals."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from itertools import product
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import tictactoe
from family_model import FamilyModel, Rules, reachable
from model import Refused
from tictactoe import Batch, TicTacToe


@st.composite
def rule_sets(draw: Callable[..., Any]) -> Rules:
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    k = draw(st.integers(1, max(rows, cols)))
    return Rules(rows, cols, k, draw(st.booleans()), draw(st.booleans()))


def game_of(rules: Rules) -> TicTacToe:
    return TicTacToe(rules.rows, rules.k, cols=rules.cols, exact=rules.exact, gravity=rules.gravity)


coordinates = st.one_of(st.integers(0, 8), st.integers(-2, 10), st.sampled_from([2**64]))
players = st.one_of(st.integers(1, 2), st.integers(0, 3))


class FamilyMachine(RuleBasedStateMachine):
    game: TicTacToe
    model: FamilyModel

    @initialize(rules=rule_sets())
    def start(self, rules: Rules) -> None:
        self.game = game_of(rules)
        self.model = FamilyModel(rules)

    def same_outcome(self, act: Callable[[], Any], expect: Callable[[], Any]) -> None:
        before = self.game.to_text()
        try:
            expected: Any = expect()
        except Refused as refused:
            expected = refused.kind
        try:
            got: Any = act()
        except (ValueError, IndexError) as error:
            got = getattr(error, "kind")
            assert self.game.to_text() == before, "a refused call changed the game"
        assert got == expected

    @rule(row=coordinates, col=coordinates, player=players)
    def move(self, row: int, col: int, player: int) -> None:
        self.same_outcome(lambda: self.game.move(row, col, player), lambda: self.model.move(row, col, player))

    @rule(row=coordinates, col=coordinates)
    def play(self, row: int, col: int) -> None:
        self.same_outcome(lambda: self.game.play(row, col), lambda: self.model.play(row, col))

    @rule(col=coordinates)
    def drop(self, col: int) -> None:
        self.same_outcome(lambda: self.game.drop(col), lambda: self.model.drop(col))

    @rule(data=st.data())
    def legal(self, data: st.DataObject) -> None:
        moves = self.model.legal_moves()
        if moves:
            row, col = data.draw(st.sampled_from(moves))
            self.same_outcome(lambda: self.game.play(row, col), lambda: self.model.play(row, col))

    @rule()
    def undo(self) -> None:
        self.same_outcome(self.game.undo, self.model.undo)

    @rule(how=st.sampled_from(["copy", "deepcopy", "pickle", "text"]))
    def copied(self, how: str) -> None:
        copies: dict[str, Callable[[TicTacToe], TicTacToe]] = {
            "copy": copy.copy,
            "deepcopy": copy.deepcopy,
            "pickle": lambda g: pickle.loads(pickle.dumps(g)),
            "text": lambda g: TicTacToe.from_text(g.to_text()),
        }
        twin = copies[how](self.game)
        assert twin == self.game and twin.to_text() == self.game.to_text()
        self.game = twin

    @invariant()
    def agrees(self) -> None:
        game, model = self.game, self.model
        rules = model.rules
        assert (game.rows, game.cols, game.k) == (rules.rows, rules.cols, rules.k)
        assert (game.exact, game.gravity) == (rules.exact, rules.gravity)
        assert str(game) == "\n".join(model.board())
        assert game.cells() == bytes(v for row in model.grid for v in row)
        assert game.winner == model.winner
        assert game.status == model.status
        assert game.next_player == model.next_player
        assert game.winning_runs == model.winning_runs
        assert game.winning_cells == model.winning_cells
        assert game.legal_moves() == model.legal_moves()
        assert [game.can_win(p) for p in (1, 2)] == [model.can_win(p) for p in (1, 2)]
        assert game.draw_certain == model.draw_certain
        assert game.history == model.history


TestFamilyMachine = FamilyMachine.TestCase
TestFamilyMachine.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)


# Small rule sets whose every grid is checked: every k, exact and gravity on and off.
SMALL = [
    Rules(rows, cols, k, exact, gravity)
    for rows, cols in [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3)]
    for k in range(1, max(rows, cols) + 1)
    for exact, gravity in product([False, True], repeat=2)
]


@pytest.mark.parametrize("rules", SMALL, ids=str)
def test_every_grid_is_valid_exactly_when_a_legal_game_reaches_it(rules: Rules) -> None:
    reached = reachable(rules)
    options: dict[str, Any] = {"k": rules.k, "exact": rules.exact, "gravity": rules.gravity}
    for cells in product(range(3), repeat=rules.rows * rules.cols):
        board = ["".join(".XO"[cells[r * rules.cols + c]] for c in range(rules.cols)) for r in range(rules.rows)]
        valid = cells in reached
        assert tictactoe.is_valid_board(board, **options) == valid, board
        if valid:
            game = TicTacToe.from_board(board, **options)
            assert game.cells() == bytes(cells) and (game.rows, game.cols, game.k) == (rules.rows, rules.cols, rules.k)
        else:
            with pytest.raises(tictactoe.InvalidPositionError):
                TicTacToe.from_board(board, **options)


def test_connect_four_is_played_by_columns() -> None:
    game = TicTacToe(6, 4, cols=7, gravity=True)
    assert (game.rows, game.cols, game.k, game.gravity, game.exact) == (6, 7, 4, True, False)
    assert game.legal_moves() == [(5, c) for c in range(7)]
    for col in [3, 4, 3, 4, 3, 4]:
        assert game.drop(col) == 0
    assert game.drop(3) == 1
    assert game.winning_runs == [((2, 3), (5, 3))]
    assert game.winning_lines == []
    with pytest.raises(tictactoe.GameOverError):
        game.drop(0)
    with pytest.raises(ValueError, match="not square"):
        _ = game.n
    assert repr(game).startswith("<TicTacToe rows=6 cols=7 k=4 gravity moves=[(5, 3, 1)")


def test_gravity_refuses_a_floating_mark_and_a_full_column() -> None:
    game = TicTacToe(2, 2, cols=2, gravity=True)
    before = game.to_text()
    with pytest.raises(tictactoe.FloatingMarkError) as floating:
        game.play(0, 1)
    assert (floating.value.row, floating.value.col, floating.value.kind) == (0, 1, "floating")
    assert isinstance(floating.value, tictactoe.InvalidMoveError)
    assert game.to_text() == before
    game.drop(1)
    game.drop(1)
    before = game.to_text()
    with pytest.raises(tictactoe.ColumnFullError) as full:
        game.drop(1)
    assert (full.value.col, full.value.kind) == (1, "column_full")
    assert isinstance(full.value, tictactoe.InvalidMoveError)
    with pytest.raises(tictactoe.OutOfBoundsError) as outside:
        game.drop(2)
    assert (outside.value.col, outside.value.rows, outside.value.cols, outside.value.n) == (2, 2, 2, 2)
    assert game.to_text() == before


def test_gomoku_exact_rule_refuses_an_overline() -> None:
    for exact, winner in [(False, 1), (True, 0)]:
        game = TicTacToe(15, 5, exact=exact)
        assert game.n == 15 and game.k == 5
        for c in [0, 1, 2, 4, 5]:
            game.play(7, c)
            game.play(0, c)
        assert game.play(7, 3) == winner  # six in a row: an overline
    exactly = TicTacToe(15, 5, exact=True)
    for c in range(4):
        exactly.play(7, c)
        exactly.play(0, c)
    assert exactly.play(7, 4) == 1 and exactly.winning_runs == [((7, 0), (7, 4))]


@pytest.mark.parametrize(
    ("args", "kwargs", "numbers"),
    [
        ((0,), {"k": 1}, (0, 0, 1)),
        ((3,), {"cols": 0}, (3, 0, 3)),
        ((3,), {"k": 4}, (3, 3, 4)),
        ((3,), {"k": 0}, (3, 3, 0)),
        ((3,), {"k": -1}, (3, 3, -1)),
        ((2**70,), {"gravity": True}, (2**70, 2**70, 2**70)),
        ((65536,), {"cols": 1, "k": 1}, (65536, 1, 1)),
        ((6,), {"cols": 7, "k": 8}, (6, 7, 8)),
    ],
)
def test_rules_no_game_has_are_a_clear_value_error(
    args: tuple[int], kwargs: dict[str, Any], numbers: tuple[int, int, int]
) -> None:
    with pytest.raises(ValueError) as invalid:
        TicTacToe(*args, **kwargs)
    error = invalid.value
    assert (getattr(error, "rows"), getattr(error, "cols"), getattr(error, "k")) == numbers
    assert getattr(error, "kind") == "invalid_rules"
    assert str(numbers[2]) in str(error)
    with pytest.raises(ValueError):
        Batch(4, *args, **kwargs)


def test_square_game_keeps_leetcode_348() -> None:
    plain, spelled = TicTacToe(4), TicTacToe(4, 4, cols=4)
    assert plain == spelled and plain.to_text() == spelled.to_text() == "tictactoe/1 n=4 moves="
    assert (plain.rows, plain.cols, plain.k, plain.n) == (4, 4, 4, 4)
    with pytest.raises(ValueError) as invalid:
        TicTacToe(0)
    assert getattr(invalid.value, "kind") == "invalid_size"


@pytest.mark.parametrize("n", [0, 65536, 2**70])
def test_a_bad_size_is_one_error_every_way(n: int) -> None:
    # n alone, n x n tic-tac-toe's rules spelled out, a batch, a text, a board: one check in
    # the core, one error naming n.
    ways: list[Callable[[], object]] = [
        lambda: TicTacToe(n),
        lambda: TicTacToe(n, n, cols=n),
        lambda: TicTacToe(n, n, cols=n, exact=False, gravity=False),
        lambda: tictactoe.Rules(n),
        lambda: tictactoe.Rules(n, cols=n, k=n),
        lambda: tictactoe.Rules.tic_tac_toe(n),
        lambda: Batch(4, n),
        lambda: Batch(4, n, k=n, cols=n),
        lambda: Batch(4, n, max_bytes=0),
    ]
    if n < 2**64:  # text: a number the text form can hold
        ways += [
            lambda: TicTacToe.from_text(f"tictactoe/1 n={n} moves="),
            lambda: TicTacToe.from_text(f"tictactoe/1 rows={n} cols={n} k={n} moves=", max_bytes=None),
        ]
    if n == 0:
        ways += [lambda: TicTacToe.from_board([]), lambda: TicTacToe.from_board([], max_bytes=0)]
    for way in ways:
        with pytest.raises(ValueError) as invalid:
            way()
        assert getattr(invalid.value, "kind") == "invalid_size"
        assert getattr(invalid.value, "n") == n
    # With a flag or another k they are other rules: invalid_rules.
    with pytest.raises(ValueError) as other:
        TicTacToe(n, n, cols=n, exact=True)
    assert getattr(other.value, "kind") == "invalid_rules"


def test_rectangles_read_from_rows_with_rules() -> None:
    rows = ["X..O", ".X.O", "...."]
    assert not tictactoe.is_valid_board(rows)  # LeetCode's boards are square
    game = TicTacToe.from_board(rows, k=3)
    assert (game.rows, game.cols, game.k, game.marks, game.next_player) == (3, 4, 3, 4, 1)
    assert game.play(2, 2) == 1 and game.winning_runs == [((0, 0), (2, 2))]
    floating = ["X..", "..."]
    assert tictactoe.is_valid_board(floating, k=2) and not tictactoe.is_valid_board(floating, k=2, gravity=True)
    with pytest.raises(tictactoe.InvalidPositionError) as invalid:
        TicTacToe.from_board(floating, k=2, gravity=True)
    assert invalid.value.reason == "floating"
    with pytest.raises(tictactoe.LimitExceededError):
        TicTacToe.from_board(["." * 2000] * 1000, k=5, max_bytes=1 << 20)


def test_text_and_pickles_keep_the_rules() -> None:
    game = TicTacToe(6, 4, cols=7, exact=True, gravity=True)
    game.drop(3)
    assert game.to_text() == "tictactoe/1 rows=6 cols=7 k=4 exact gravity moves=5,3,1"
    for twin in [TicTacToe.from_text(game.to_text()), pickle.loads(pickle.dumps(game)), copy.copy(game)]:
        assert twin == game and (twin.exact, twin.gravity) == (True, True)
    assert TicTacToe(6, 4, cols=7) != TicTacToe(6, 4, cols=7, gravity=True)


def test_batch_of_connect_four_steps_columns_like_single_games() -> None:
    batch = Batch(8, 6, seed=5, k=4, cols=7, gravity=True)
    assert (batch.rows, batch.cols, batch.k, batch.gravity, batch.actions) == (6, 7, 4, True, 7)
    assert batch.legal_mask().shape == (8, 7) and batch.cells().shape == (8, 6, 7)
    assert batch.observation().shape == (8, 2, 6, 7)
    assert repr(batch) == "<Batch count=8 rows=6 cols=7 k=4 gravity>"
    singles = [TicTacToe(6, 4, cols=7, gravity=True) for _ in range(8)]
    for _ in range(60):
        actions = batch.random_legal_actions(reset_terminated=True)
        for g, single in enumerate(singles):
            if single.status != "in_progress":
                singles[g] = single = TicTacToe(6, 4, cols=7, gravity=True)
            columns = {c for _, c in single.legal_moves()}
            assert batch.legal_mask()[g].tolist() == [col in columns for col in range(7)]
            single.drop(int(actions[g]))
        winners = batch.step(actions)
        assert winners.tolist() == [s.winner for s in singles]
        boards = [np.frombuffer(s.cells(), np.uint8).reshape(6, 7) for s in singles]
        assert np.array_equal(batch.cells(), np.array(boards))
        for g, single in enumerate(singles):
            assert batch.game(g) == TicTacToe.from_text(single.to_text())
    twin = pickle.loads(pickle.dumps(batch))
    assert np.array_equal(twin.cells(), batch.cells()) and twin.gravity


def test_batch_of_gomoku_takes_cells_as_actions() -> None:
    batch = Batch(2, 15, k=5)
    assert (batch.n, batch.k, batch.actions) == (15, 5, 225)
    assert batch.legal_mask().shape == (2, 225)
    batch.step([7 * 15 + 7, 0])
    assert batch.game(0).cell(7, 7) == 1 and batch.game(1).cell(0, 0) == 1
    with pytest.raises(ValueError) as unsupported:
        batch.perfect_actions()
    assert getattr(unsupported.value, "kind") == "unsupported_rules"


# --- tictactoe.Rules: one value for a rule set --------------------------------------------


def native(rules: Rules) -> tictactoe.Rules:
    """The model's rules as the library's value."""
    return tictactoe.Rules(rules.rows, cols=rules.cols, k=rules.k, exact=rules.exact, gravity=rules.gravity)


def test_rules_fill_in_their_defaults_and_name_the_presets() -> None:
    assert tictactoe.Rules(3) == tictactoe.Rules.tic_tac_toe(3) == tictactoe.Rules(3, cols=3, k=3)
    wide = tictactoe.Rules(6, cols=7)
    assert (wide.rows, wide.cols, wide.k, wide.exact, wide.gravity) == (6, 7, 7, False, False)
    four = tictactoe.Rules.CONNECT_FOUR
    assert (four.rows, four.cols, four.k, four.exact, four.gravity) == (6, 7, 4, False, True)
    assert four == tictactoe.Rules(6, cols=7, k=4, gravity=True)
    assert tictactoe.Rules.GOMOKU == tictactoe.Rules(15, k=5) != tictactoe.Rules(15, k=5, exact=True)
    assert tictactoe.Rules(3) != tictactoe.Rules(3, exact=True) and tictactoe.Rules(3) != (3, 3, 3)
    spelled = tictactoe.Rules(6, cols=7, k=4, gravity=True)
    assert len({tictactoe.Rules(3), tictactoe.Rules.tic_tac_toe(3), four, spelled}) == 2
    with pytest.raises(AttributeError):
        setattr(four, "k", 5)
    assert four.k == 4


@pytest.mark.parametrize(
    ("rules", "count"),
    [
        (tictactoe.Rules(3), 8),
        (tictactoe.Rules(4, k=3), 8),
        (tictactoe.Rules(5, k=4, exact=True), 8),
        (tictactoe.Rules(3, cols=4, k=3), 4),
        (tictactoe.Rules.CONNECT_FOUR, 2),
        (tictactoe.Rules(4, cols=3, k=3, gravity=True), 2),
    ],
)
def test_symmetry_maps_send_each_position_to_one_of_the_same_value(rules: tictactoe.Rules, count: int) -> None:
    """Each map is a permutation (the identity first); along random games, the image of every
    position is a position some legal game reaches, with the same winner, whose legal actions
    are the image of the original's."""
    cells_map, actions_map = rules.symmetry_maps()
    games, cells = 16, rules.rows * rules.cols
    batch = Batch(games, rules=rules, seed=5)
    assert cells_map.dtype == actions_map.dtype == np.int64
    assert cells_map.shape == (count, cells) and actions_map.shape == (count, batch.actions)
    for maps, size in ((cells_map, cells), (actions_map, batch.actions)):
        assert (maps[0] == np.arange(size)).all()
        assert (np.sort(maps, axis=1) == np.arange(size)).all()
    assert len({row.tobytes() for row in cells_map}) == count, "each symmetry once"
    for _ in range(cells + 1):
        boards, legal, winners = batch.cells().reshape(games, cells), batch.legal_mask(), batch.winner
        for g, s in product(range(games), range(count)):
            image = TicTacToe.from_board(boards[g][cells_map[s]].reshape(rules.rows, rules.cols), rules=rules)
            assert image.winner == winners[g]
            image_legal = np.zeros(batch.actions, np.bool_)
            for row, col in image.legal_moves():
                image_legal[batch.action_at(row, col)] = True
            assert (image_legal == legal[g][actions_map[s]]).all(), (g, s)
        batch.step_random()


@settings(max_examples=60, deadline=None)
@given(rule_sets())
def test_rules_text_is_the_games_and_copies_keep_them(rules: Rules) -> None:
    value = native(rules)
    game = TicTacToe(rules=value)
    assert game.to_text() == f"tictactoe/1 {value} moves="
    assert eval(repr(value), {"Rules": tictactoe.Rules}) == value
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        twin = pickle.loads(pickle.dumps(value, protocol))
        assert twin == value and hash(twin) == hash(value)
    assert copy.copy(value) is value and copy.deepcopy(value) is value


def test_rules_text_and_repr() -> None:
    assert (str(tictactoe.Rules(3)), repr(tictactoe.Rules(3))) == ("n=3", "Rules(3)")
    four = tictactoe.Rules.CONNECT_FOUR
    assert (str(four), repr(four)) == ("rows=6 cols=7 k=4 gravity", "Rules(6, cols=7, k=4, gravity=True)")
    exact = tictactoe.Rules(3, exact=True)  # written out: the text form keeps the exact rule
    assert (str(exact), repr(exact)) == ("rows=3 cols=3 k=3 exact", "Rules(3, exact=True)")


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((0,), {}),
        ((-1,), {}),
        ((65536,), {}),
        ((2**64,), {}),
        ((0,), {"k": 1}),
        ((3,), {"cols": 0}),
        ((3,), {"k": 4}),
        ((3,), {"k": -1}),
        ((2**70,), {"gravity": True}),
        ((6,), {"cols": 7, "k": 8}),
    ],
)
def test_bad_rules_raise_what_the_game_raises(args: tuple[int], kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError) as by_game:
        TicTacToe(*args, **kwargs)
    with pytest.raises(ValueError) as by_rules:
        tictactoe.Rules(*args, **kwargs)
    game_error, rules_error = by_game.value, by_rules.value
    assert type(rules_error) is type(game_error) and str(rules_error) == str(game_error)
    names = ("kind", "n", "rows", "cols", "k")
    assert [getattr(rules_error, a, None) for a in names] == [getattr(game_error, a, None) for a in names]
    if not kwargs:
        with pytest.raises(ValueError) as by_name:
            tictactoe.Rules.tic_tac_toe(args[0])
        assert str(by_name.value) == str(game_error)


@pytest.mark.parametrize("bad", [3.0, "3", None, [3]])
def test_rules_of_the_wrong_type_are_type_errors(bad: Any) -> None:
    with pytest.raises(TypeError):
        tictactoe.Rules(bad)
    with pytest.raises(TypeError):
        tictactoe.Rules(3, exact=bad)


@pytest.mark.parametrize("bad", [3, "n=3", (3, 3, 3), Rules(3, 3, 3)])
def test_rules_that_are_not_a_rules_value_are_type_errors(bad: Any) -> None:
    with pytest.raises(TypeError):
        TicTacToe(rules=bad)
    with pytest.raises(TypeError):
        Batch(2, rules=bad)
    with pytest.raises(TypeError):
        TicTacToe.from_board(["..."] * 3, rules=bad)


@settings(max_examples=40, deadline=None)
@given(rule_sets(), st.integers(0, 2**64 - 1))
def test_constructors_take_rules_as_they_take_the_keywords(rules: Rules, seed: int) -> None:
    value = native(rules)
    game = TicTacToe(rules=value)
    assert game == game_of(rules) and game.rules == value
    by_rules = Batch(5, rules=value, seed=seed)
    by_keywords = Batch(5, rules.rows, seed, k=rules.k, cols=rules.cols, exact=rules.exact, gravity=rules.gravity)
    assert by_rules.rules == by_keywords.rules == value
    for _ in range(3):
        assert np.array_equal(by_rules.random_legal_actions(), by_keywords.random_legal_actions())
    assert pickle.dumps(by_rules) == pickle.dumps(by_keywords)
    empty = ["." * rules.cols] * rules.rows
    assert TicTacToe.from_board(empty, rules=value) == TicTacToe.from_board(
        empty, k=rules.k, exact=rules.exact, gravity=rules.gravity
    )
    assert tictactoe.is_valid_board(empty, rules=value)


def test_rules_of_positions() -> None:
    floating = ["X......", "......."] + ["......."] * 4
    assert tictactoe.is_valid_board(floating, rules=tictactoe.Rules(6, cols=7, k=4))
    assert not tictactoe.is_valid_board(floating, rules=tictactoe.Rules.CONNECT_FOUR)
    with pytest.raises(tictactoe.InvalidPositionError) as invalid:
        TicTacToe.from_board(floating, rules=tictactoe.Rules.CONNECT_FOUR)
    assert invalid.value.reason == "floating"
    game = TicTacToe.from_board(floating[::-1], rules=tictactoe.Rules.CONNECT_FOUR)
    assert game.rules == tictactoe.Rules.CONNECT_FOUR and game.marks == 1


@pytest.mark.parametrize(
    "keywords", [{"n": 3}, {"k": 3}, {"cols": 3}, {"exact": False}, {"gravity": False}, {"n": 3, "gravity": True}]
)
def test_rules_and_the_old_keywords_together_are_a_type_error(keywords: dict[str, Any]) -> None:
    rules = tictactoe.Rules(3)
    with pytest.raises(TypeError, match=r"give rules= or the keywords n, k, cols, exact and gravity, not both"):
        TicTacToe(rules=rules, **keywords)
    with pytest.raises(TypeError, match="not both"):
        Batch(2, rules=rules, **keywords)
    board_keywords = {name: value for name, value in keywords.items() if name not in ("n", "cols")}
    if board_keywords:
        with pytest.raises(TypeError, match="not both"):
            TicTacToe.from_board(["..."] * 3, rules=rules, **board_keywords)
        with pytest.raises(TypeError, match="not both"):
            tictactoe.is_valid_board(["..."] * 3, rules=rules, **board_keywords)
    with pytest.raises(TypeError, match="given: rules and n"):
        TicTacToe(3, rules=rules)  # positional n counts too
    with pytest.raises(TypeError, match="missing the rules"):
        TicTacToe()


def test_the_old_keywords_keep_working() -> None:
    assert TicTacToe(6, 4, cols=7, gravity=True).rules == tictactoe.Rules.CONNECT_FOUR
    assert TicTacToe(15, 5, exact=True).rules == tictactoe.Rules(15, k=5, exact=True)
    assert Batch(2).rules == tictactoe.Rules(3) and Batch(2, 4, 0).rules == tictactoe.Rules(4)
    assert Batch(2, 6, 1, k=4, cols=7, gravity=True).rules == tictactoe.Rules.CONNECT_FOUR
    assert TicTacToe.from_board(["..", ".."], k=1).rules == tictactoe.Rules(2, k=1)


CELL_MARKS = {0: ".", 1: "X", 2: "O"}


@settings(max_examples=150, deadline=None)
@given(rows=st.integers(1, 6), cols=st.integers(1, 7), gravity=st.booleans(), seed=st.integers(0, 2**32))
def test_a_board_of_numbers_is_the_board_of_its_text(rows: int, cols: int, gravity: bool, seed: int) -> None:
    """Numbers 0/1/2 as a 2-D array, rows of lists or a flat list with cols or rules give the
    game the same board as text gives, and are valid exactly when the text is."""
    rules = tictactoe.Rules(rows, cols=cols, k=min(3, max(rows, cols)), gravity=gravity)
    rng = np.random.default_rng(seed)
    game = TicTacToe(rules=rules)
    for _ in range(int(rng.integers(0, rows * cols + 1))):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(*moves[int(rng.integers(len(moves)))])
    numbers = np.frombuffer(game.cells(), np.uint8).reshape(rows, cols)
    text = ["".join(CELL_MARKS[int(c)] for c in row) for row in numbers]
    expected = TicTacToe.from_board(text, rules=rules)
    for board in (numbers, numbers.astype(np.int64), numbers.tolist()):
        assert TicTacToe.from_board(board, rules=rules).cells() == expected.cells()
        assert tictactoe.is_valid_board(board, rules=rules)
    flat = numbers.ravel().tolist()
    assert TicTacToe.from_board(flat, rules=rules).cells() == expected.cells()
    keywords = {"k": rules.k, "gravity": gravity}
    assert TicTacToe.from_board(flat, cols=cols, **keywords).cells() == expected.cells()  # type: ignore[arg-type]
    # A board no game reaches is refused whichever way it is given.
    both = numbers.copy()
    both[0, 0] = 2 if both[0, 0] != 2 else 1
    assert tictactoe.is_valid_board(both, rules=rules) == tictactoe.is_valid_board(
        ["".join(CELL_MARKS[int(c)] for c in row) for row in both], rules=rules
    )


def test_a_board_of_numbers_names_what_it_refuses_as_given() -> None:
    for board, value in (([[0, 3, 0]] * 3, "3"), ([[0, -1, 0]] * 3, "-1"), (np.full((3, 3), 2**40), str(2**40))):
        cell = r"\(0, 0\)" if value == str(2**40) else r"\(0, 1\)"
        with pytest.raises(tictactoe.InvalidPositionError, match=rf"cell {cell} holds {value}:") as refused:
            TicTacToe.from_board(board)
        assert refused.value.reason == "invalid_cell"
        assert not tictactoe.is_valid_board(board)
    with pytest.raises(tictactoe.InvalidPositionError, match=r"cell \(0, 0\) holds '0'"):
        TicTacToe.from_board(["012", "000", "000"])
    with pytest.raises(ValueError, match="needs cols"):
        TicTacToe.from_board([0] * 9)
    with pytest.raises(ValueError, match="do not fill rows of 4"):
        TicTacToe.from_board([0] * 9, cols=4)
    with pytest.raises(ValueError, match="rows have 3 cells, but cols is 4"):
        TicTacToe.from_board([[0] * 3] * 3, cols=4)
    with pytest.raises(ValueError, match="1 or 2 dimensions"):
        TicTacToe.from_board(np.zeros((2, 2, 2), np.int64))
    with pytest.raises(TypeError, match="numbers 0"):
        TicTacToe.from_board([[0.5] * 3] * 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="numbers 0"):
        TicTacToe.from_board([[0, 2**70, 0]] * 3)  # past what numpy holds as integers
    with pytest.raises(TypeError, match="cols"):
        TicTacToe.from_board([0] * 42, rules=tictactoe.Rules.CONNECT_FOUR, cols=7)
    with pytest.raises(tictactoe.InvalidPositionError, match="42 cells given"):
        TicTacToe.from_board([0] * 42, rules=tictactoe.Rules.tic_tac_toe(3), k=None)
