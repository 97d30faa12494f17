"""Batch from Python: every method against independent TicTacToe games played move by move
(hypothesis), every refusal with the batch unchanged after it, caller-given outputs, copies,
pickling and a worker process."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import threading
from collections.abc import Callable
from typing import Any, Literal, Optional

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tictactoe
from batch_model import Singles, assert_same, step
from tictactoe import Batch, TicTacToe


@st.composite
def scenario(draw: Any) -> tuple[int, dict[str, Any], int, int, list[tuple[str, Any]]]:
    n = draw(st.integers(1, 8))
    rules: dict[str, Any] = {}
    if draw(st.booleans()):  # the family's rules, else n x n tic-tac-toe
        cols = draw(st.integers(1, 8))
        k = draw(st.integers(1, max(n, cols)))
        rules = {"k": k, "cols": cols, "exact": draw(st.booleans()), "gravity": draw(st.booleans())}
    count = draw(st.integers(1, 6))
    seed = draw(st.integers(0, 2**64 - 1))
    wild = st.lists(st.one_of(st.none(), st.integers(-3, 70)), min_size=count, max_size=count)
    op = st.one_of(
        st.tuples(st.just("step"), st.tuples(wild, st.booleans())),
        st.tuples(
            st.just("some"), st.tuples(st.permutations(range(count)), st.integers(0, count), wild, st.booleans())
        ),
        st.tuples(st.just("reset"), st.one_of(st.none(), st.lists(st.integers(0, count - 1), max_size=count))),
    )
    return n, rules, count, seed, draw(st.lists(op, min_size=1, max_size=25))


@settings(max_examples=200, deadline=None)
@given(scenario())
def test_batch_agrees_with_single_games(case: tuple[int, dict[str, Any], int, int, list[tuple[str, Any]]]) -> None:
    n, rules, count, seed, ops = case
    batch = Batch(count, n=n, seed=seed, **rules)
    singles = Singles(count, n, **rules)
    assert_same(batch, singles)
    for verb, args in ops:
        random = batch.random_legal_actions()
        assert random.dtype == np.int64
        for g, action in enumerate(random.tolist()):
            assert (action == -1) == singles.over(g)
            assert action == -1 or singles.refusal(g, action) is None
        if verb == "step":
            wild, lose = args
            actions = [r if w is None else w for r, w in zip(random.tolist(), wild, strict=True)]
            step(batch, singles, None, actions, lose)
        elif verb == "some":
            order, k, wild, lose = args
            games = list(order[:k])
            actions = [random[g] if wild[g] is None else wild[g] for g in games]
            step(batch, singles, games, [int(a) for a in actions], lose)
        elif args is None:
            batch.reset()
            singles = Singles(count, n, **rules)
        else:
            batch.reset(args)
            for g in args:
                singles.reset(g)
        assert_same(batch, singles)


def test_construction() -> None:
    b = Batch(4096, n=3, seed=0)
    assert (b.count, b.n, len(b)) == (4096, 3, 4096)
    assert Batch(2).n == 3
    assert repr(Batch(2, n=5)) == "<Batch count=2 n=5>"
    for count in (0, -1):
        with pytest.raises(ValueError) as raised:
            Batch(count)
        assert getattr(raised.value, "kind") == "invalid_count"
    for n in (0, -2, 65536, 2**70):
        with pytest.raises(ValueError) as raised:
            Batch(2, n=n)
        assert getattr(raised.value, "kind") == "invalid_size"
    with pytest.raises(TypeError):
        Batch(2, n=3.0)  # type: ignore[arg-type]
    # Any integer seeds, by its low 64 bits.
    assert (Batch(8, seed=-1).random_legal_actions() == Batch(8, seed=2**64 - 1).random_legal_actions()).all()


def test_limits_refuse_batches_from_outside_before_allocating() -> None:
    # 5 games of 3 x 3: 18 words and 25 bytes of state each, one 8-byte word of scratch.
    exact = 5 * (4 * (1 + 8 + 9) + 25) + 8
    assert (
        Batch(5, 3, seed=4, max_bytes=exact).random_legal_actions().tolist()
        == Batch(5, 3, seed=4).random_legal_actions().tolist()
    )
    with pytest.raises(tictactoe.LimitExceededError) as refused:
        Batch(5, 3, max_bytes=exact - 1)
    assert isinstance(refused.value, ValueError)
    assert (refused.value.requested, refused.value.limit) == (exact, exact - 1)
    # A few bytes of request asking for terabytes: refused in microseconds.
    with pytest.raises(tictactoe.LimitExceededError):
        Batch(2**32 - 1, 65535, max_bytes=tictactoe.DEFAULT_MAX_BYTES)
    with pytest.raises(tictactoe.LimitExceededError):
        Batch(2**80, 3, max_bytes=2**62)
    # Size, then count, then the limit; a bad limit before all of them.
    for count, n, kind in ((0, 0, "invalid_size"), (0, 3, "invalid_count")):
        with pytest.raises(ValueError) as raised:
            Batch(count, n, max_bytes=0)
        assert getattr(raised.value, "kind") == kind
    with pytest.raises(ValueError, match="at least 0"):
        Batch(5, 3, max_bytes=-1)
    with pytest.raises(TypeError):
        Batch(5, 3, max_bytes="1")  # type: ignore[arg-type]


def test_actions_of_every_integer_kind() -> None:
    for actions in (
        [4, 0],
        (4, 0),
        np.array([4, 0], dtype=np.uint8),
        np.array([4, 0], dtype=np.int32),
        np.array([4, 0], dtype=">i8"),
    ):
        b = Batch(2, seed=1)
        assert b.step(actions).tolist() == [0, 0]
        assert b.cells()[0, 1, 1] == 1 and b.cells()[1, 0, 0] == 1


def test_bad_arguments_are_refused_and_change_nothing() -> None:
    b = Batch(3, seed=1)
    b.step([0, 1, 2])
    before = b.cells().copy()
    with pytest.raises(TypeError):
        b.step(np.array([1.0, 2.0, 3.0]))
    with pytest.raises(TypeError):
        b.step("345")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        b.step(np.array([True, False, True]))
    with pytest.raises(ValueError):
        b.step(np.zeros((3, 1), dtype=np.int64))
    with pytest.raises(ValueError) as raised:
        b.step([3, 4])
    assert getattr(raised.value, "kind") == "length_mismatch"
    with pytest.raises(ValueError):
        b.step([3, 4, 5], illegal="ignore")  # type: ignore[arg-type]
    with pytest.raises(IndexError) as index_error:
        b.step([4, 4], games=[0, 3])
    assert getattr(index_error.value, "kind") == "game_index" and getattr(index_error.value, "index") == 1
    with pytest.raises(ValueError) as repeated:
        b.step([4, 5], games=[1, 1], illegal="lose")
    assert getattr(repeated.value, "kind") == "repeated_game"
    with pytest.raises(IndexError):
        b.step([4], games=[-1])
    with pytest.raises(tictactoe.OutOfBoundsError) as outside:
        b.step([4, -1, 5])
    assert (getattr(outside.value, "row"), getattr(outside.value, "col"), getattr(outside.value, "index")) == (-1, 2, 1)
    with pytest.raises(tictactoe.CellOccupiedError):
        b.step([4, 5, 2])
    with pytest.raises(IndexError):
        b.reset([0, 3])
    with pytest.raises(IndexError):
        b.game(3)
    assert (b.cells() == before).all()


def test_listed_draws_and_seeds_are_per_game() -> None:
    b = Batch(5, n=3, seed=4)
    whole = copy.deepcopy(b)
    everyone = whole.random_legal_actions()
    listed = b.random_legal_actions(games=np.array([3, 1]))
    assert listed.tolist() == [everyone[3], everyone[1]]
    # Games 0, 2 and 4 did not draw: their next draws are the whole batch's first ones.
    assert b.random_legal_actions(games=[0, 2, 4]).tolist() == everyone[[0, 2, 4]].tolist()
    out = np.empty(1, np.int64)
    assert b.random_legal_actions(games=[0], out=out) is out
    # A game seeded with s draws as the one game of Batch(1, seed=s); boards stay as they were.
    b.step([0, 1, 2, 3, 4])
    cells = b.cells().copy()
    b.seed([7, 8], games=[4, 0])
    assert (b.cells() == cells).all()
    for g, s in [(4, 7), (0, 8)]:
        alone = Batch(1, n=3, seed=s)
        alone.step([int(g)])
        assert b.random_legal_actions(games=[g]).tolist() == alone.random_legal_actions().tolist()
    b.seed(range(5))  # every game: game g from seed g
    alone = Batch(1, n=3, seed=2)
    alone.step([2])
    assert b.random_legal_actions(games=[2]).tolist() == alone.random_legal_actions().tolist()


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(
    "rules", [{"n": 3}, {"n": 6, "k": 4, "cols": 7, "gravity": True}, {"n": 5, "k": 4, "exact": True}], ids=str
)
def test_random_steps_play_the_draws_of_random_legal_actions(rules: dict[str, Any], threads: int) -> None:
    played, drawn = Batch(6, seed=3, threads=threads, **rules), Batch(6, seed=3, threads=threads, **rules)
    for turn in range(60):
        listed = [5, 0, 3] if turn % 3 == 0 else None
        games = np.arange(6) if listed is None else np.array(listed)
        actions = drawn.random_legal_actions(games=games)
        live = actions >= 0  # games over draw nothing and stay as they are
        drawn.step(actions[live], games=games[live])
        winners = played.step_random() if listed is None else played.step_random(games=listed)
        assert pickle.dumps(played) == pickle.dumps(drawn)
        assert winners.dtype == np.uint8 and winners.tolist() == drawn.winner[games].tolist()
        if turn % 20 == 19:
            played.reset_terminated()
            drawn.reset_terminated()
    out = np.full(6, 9, np.uint8)
    assert played.step_random(out=out) is out
    assert out.tolist() == played.winner.tolist()


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(
    "rules", [{"n": 3}, {"n": 6, "k": 4, "cols": 7, "gravity": True}, {"n": 5, "k": 4, "exact": True}], ids=str
)
def test_steps_against_random_are_moves_resets_and_random_replies(rules: dict[str, Any], threads: int) -> None:
    # 520 games: two threads split batches of 512 and more.
    count, rng = 520, np.random.default_rng(7)
    played, model = Batch(count, seed=3, threads=threads, **rules), Batch(count, seed=3, **rules)
    sides = rng.integers(1, 3, count).astype(np.uint8)
    restart: Optional[np.ndarray] = np.ones(count, np.bool_)
    for turn in range(40):
        # Without restarts, games over take actions too: "lose" leaves their results as they are.
        illegal: Literal["raise", "lose"] = "lose" if turn % 2 or restart is None else "raise"
        # Legal actions where the learner moves; with "lose" some arbitrary ones too.
        actions = (rng.random((count, played.actions)) * model.legal_mask()).argmax(-1)
        if illegal == "lose":
            actions = np.where(rng.random(count) < 0.1, rng.integers(-2, 60, count), actions)
        again = np.zeros(count, np.bool_) if restart is None else restart
        live = np.flatnonzero(~again)
        model.step(actions[live], games=live, illegal=illegal)
        model.reset(np.flatnonzero(again))
        model.step_random(games=np.flatnonzero(~model.terminated & (model.next_player != sides)))
        planes = np.empty((count, 2, played.rows, played.cols), np.bool_)
        masks, rewards = np.empty((count, played.actions), np.bool_), np.empty(count)
        outputs: dict[str, Any] = {"observation": planes, "legal_mask": masks, "rewards": rewards} if turn % 3 else {}
        winners = played.step_against_random(actions, sides, restart, illegal=illegal, **outputs)
        if outputs:  # written after the step, the planes from the learner's side
            assert (planes == model.observation(players=sides)).all()
            assert (masks == model.legal_mask()).all() and (rewards == played.rewards(sides)).all()
        assert pickle.dumps(played) == pickle.dumps(model)
        assert winners.dtype == np.uint8 and winners.tolist() == model.winner.tolist()
        winner = model.winner
        expected = np.where(winner == 0, 0.0, np.where(winner == sides, 1.0, -1.0))
        assert played.rewards(sides).tolist() == expected.tolist()
        # Between steps the learner is to move in every game in play.
        assert (played.terminated | (played.next_player == sides)).all()
        restart = played.terminated if turn % 5 else None
        if restart is not None:  # new episodes may change sides
            sides = np.where(restart & (rng.random(count) < 0.5), 3 - sides, sides).astype(np.uint8)
    out = np.full(count, 9, np.uint8)
    assert played.step_against_random(np.zeros(count, np.int64), sides, np.ones(count, np.bool_), out=out) is out
    assert out.tolist() == played.winner.tolist()
    rewards = np.full(count, 9.0)
    assert played.rewards(sides, out=rewards) is rewards and set(rewards.tolist()) <= {-1.0, 0.0, 1.0}


def test_steps_against_random_refuse_bad_input_and_change_nothing() -> None:
    b = Batch(3, 6, k=4, cols=7, gravity=True, seed=1)
    b.step_against_random([0, 1, 2], [1, 1, 2], [True, True, True])
    before = pickle.dumps(b)
    sides, restart = np.array([1, 1, 2], np.uint8), np.array([False, True, False])
    with pytest.raises(tictactoe.OutOfBoundsError) as outside:
        b.step_against_random([0, 99, 7], sides, restart)  # game 1 restarts: its action is ignored
    assert getattr(outside.value, "index") == 2
    with pytest.raises(tictactoe.InvalidPlayerError) as side:
        b.step_against_random([0, 0, 0], [1, 3, 1], restart)
    assert getattr(side.value, "index") == 1
    # The side as the caller wrote it, named as a side (not a move), before any action.
    with pytest.raises(tictactoe.InvalidPlayerError, match=r"^sides\[2\]: player 300 ") as side:
        b.step_against_random([99, 0, 0], [1, 1, 300], [False, False, False])
    assert (getattr(side.value, "index"), getattr(side.value, "player")) == (2, 300)
    with pytest.raises(ValueError):
        b.step_against_random([0, 0], sides, restart)
    with pytest.raises(ValueError):
        b.step_against_random([0, 0, 0], sides, [True, False])
    with pytest.raises(TypeError):
        b.step_against_random([0, 0, 0], sides, np.array([1, 0, 0]))
    with pytest.raises(ValueError):
        b.step_against_random([0, 0, 0], sides, restart, illegal="skip")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        b.step_against_random([0, 0, 0], sides, restart, out=np.empty(2, np.uint8))
    planes, masks, rewards = np.ones((3, 2, 6, 7), np.bool_), np.ones((3, 7), np.bool_), np.ones(3)
    with pytest.raises(tictactoe.OutOfBoundsError):
        b.step_against_random([0, 0, 7], sides, observation=planes, legal_mask=masks, rewards=rewards)
    assert planes.all() and masks.all() and (rewards == 1).all(), "a refused step wrote its outputs"
    bad_outputs: list[dict[str, Any]] = [
        {"observation": np.empty((3, 2, 7, 6), np.bool_)},
        {"legal_mask": np.empty((3, 7), np.int8)},
        {"rewards": np.empty(3, np.float32)},
        {"observation": planes[:, :, ::-1]},
        {"legal_mask": masks, "observation": masks},
    ]
    for bad in bad_outputs:
        with pytest.raises((TypeError, ValueError)):
            b.step_against_random([0, 0, 0], sides, **bad)
    # Two threads: the whole batch is checked before either range moves.
    wide = Batch(600, 6, k=4, cols=7, gravity=True, seed=2, threads=2)
    wide_sides = np.tile(np.array([1, 2], np.uint8), 600)[::2]  # all X, not contiguous
    wide.step_against_random(np.zeros(600, np.int64), wide_sides)
    wide_before, planes = pickle.dumps(wide), np.ones((600, 2, 6, 7), np.bool_)
    with pytest.raises(tictactoe.OutOfBoundsError) as late:
        wide.step_against_random(np.where(np.arange(600) == 550, 7, 1), wide_sides, observation=planes)
    assert getattr(late.value, "index") == 550 and pickle.dumps(wide) == wide_before and planes.all()
    with pytest.raises(tictactoe.InvalidPlayerError, match=r"^players\[1\]: player 0 ") as reward:
        b.rewards([1, 0, 2])
    assert getattr(reward.value, "index") == 1
    with pytest.raises(ValueError):
        b.rewards([1, 2])
    with pytest.raises(TypeError):
        b.rewards(sides, out=np.empty(3, np.float32))
    assert pickle.dumps(b) == before


@pytest.mark.parametrize("illegal", ["raise", "lose"])
def test_a_step_with_restarts_is_the_live_games_step_then_a_reset(illegal: Literal["raise", "lose"]) -> None:
    b = Batch(5, 6, k=4, cols=7, gravity=True, seed=3)
    for _ in range(4):
        b.step_random()
    same = copy.deepcopy(b)
    restart = np.array([False, True, False, True, False])
    live, restarted = np.flatnonzero(~restart), np.flatnonzero(restart)
    actions = np.array([3, 99, 4, -1, 99 if illegal == "lose" else 5])  # restarted: ignored
    planes, masks = np.empty((5, 2, 6, 7), np.bool_), np.empty((5, 7), np.bool_)
    winners = b.step(actions, restart=restart, illegal=illegal, observation=planes, legal_mask=masks)
    expected = same.step(actions[live], games=live, illegal=illegal)
    same.reset(restarted)
    assert winners.tolist() == [int(expected[0]), 0, int(expected[1]), 0, int(expected[2])]
    assert pickle.dumps(b) == pickle.dumps(same)
    assert np.array_equal(planes, same.observation()) and np.array_equal(masks, same.legal_mask())
    assert b.step(np.zeros(5, np.int64), restart=np.ones(5, np.bool_)).tolist() == [0] * 5
    assert not b.cells().any()


def test_a_step_with_restarts_names_the_game_and_changes_nothing() -> None:
    b = Batch(3, 6, k=4, cols=7, gravity=True, seed=1)
    b.step_random()
    before = pickle.dumps(b)
    restart = np.array([True, False, False])
    planes, out = np.ones((3, 2, 6, 7), np.bool_), np.full(3, 9, np.uint8)
    with pytest.raises(tictactoe.OutOfBoundsError, match=r"^move 2: cell \(0, 7\)") as outside:
        b.step([99, 0, 7], restart=restart, out=out, observation=planes)
    assert (getattr(outside.value, "index"), getattr(outside.value, "col")) == (2, 7)
    assert planes.all() and (out == 9).all(), "a refused step wrote its outputs"
    with pytest.raises(ValueError) as short:
        b.step([0, 0], restart=restart)
    assert getattr(short.value, "kind") == "length_mismatch"
    with pytest.raises(ValueError):
        b.step([0, 0, 0], restart=[True, False])
    with pytest.raises(TypeError):
        b.step([0, 0, 0], restart=np.array([1, 0, 0]))
    with pytest.raises(ValueError):
        b.step([0, 0, 0], restart=restart, out=np.empty(2, np.uint8))
    assert pickle.dumps(b) == before
    # Over a list: a value per game listed.
    b.step([0, 0], games=[2, 0], restart=[True, False])
    assert not b.cells()[2].any() and np.count_nonzero(b.cells()[0]) == 2


def splitmix64_mix(seed: int, key: int) -> int:
    """tictactoe_search::search_seed written out: SplitMix64's output from seed ^ key * a
    constant, so that the native mix is checked against numbers it did not make."""
    mask = (1 << 64) - 1
    state = (seed ^ (key * 0xD1B54A32D192ED03)) & mask
    state = (state + 0x9E3779B97F4A7C15) & mask
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)


def test_search_seeds_are_the_computers_mix() -> None:
    seeds, episodes, marks = [0, 7, 2**64 - 1, -1], np.array([0, 1, 2, 3]), [5, 0, 9, 2**40]
    mixed = Batch._search_seeds(seeds, episodes, marks)
    assert mixed.dtype == np.uint64
    expected = [
        splitmix64_mix(splitmix64_mix(s & (2**64 - 1), int(e)), m)
        for s, e, m in zip(seeds, episodes, marks, strict=True)
    ]
    assert [int(x) for x in mixed] == expected
    assert [int(x) for x in Batch._search_seeds([3, 2**70 + 3])] == [3, 3]  # no keys: the seeds
    # computer_actions(seed=) mixes its seed with the game's index the same way.
    b = Batch(3, 4, seed=0, k=3)
    by_seed = b.computer_actions(seed=11, simulations=20)
    listed = b.computer_actions(seeds=Batch._search_seeds([11] * 3, [0, 1, 2]), simulations=20)
    assert np.array_equal(by_seed, listed)
    # Each entry is a seed: None is not one (nor 0), and a refusal names its place.
    with pytest.raises(TypeError, match=r"^seeds\[1\] must be an integer below 2\*\*64, not None$"):
        b.computer_actions(seeds=[0, None, 0], simulations=20)  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"^seeds\[2\] must be"):
        b.computer_actions(seeds=[0, 0, -1], simulations=20)
    with pytest.raises(ValueError) as short:
        Batch._search_seeds([1, 2], [0])
    assert getattr(short.value, "kind") == "length_mismatch"
    with pytest.raises(TypeError):
        Batch._search_seeds([1.5])  # type: ignore[list-item]


def test_a_refused_entry_of_games_is_named_as_given() -> None:
    # Every call that lists games names the refused entry `games[i]` and the index as written:
    # -1 and 2**70 are not shown as the numbers the batch reads them as.
    b = Batch(3, rules=tictactoe.Rules.CONNECT_FOUR, seed=2)
    b.step_random()
    calls: list[tuple[str, Callable[[list[int]], object]]] = [
        ("reset", lambda games: b.reset(games=games)),
        ("reset_terminated", lambda games: b.reset_terminated(games=games)),
        ("seed", lambda games: b.seed([5, 6], games=games)),
        ("random_legal_actions", lambda games: b.random_legal_actions(games=games)),
        ("step_random", lambda games: b.step_random(games=games)),
        ("step", lambda games: b.step([3, 3], games=games)),
        ("step_against_random", lambda games: b.step_against_random([3, 3], [1, 1], games=games)),
    ]
    before = pickle.dumps(b)
    for name, call in calls:
        for bad in [3, -1, 2**70]:
            with pytest.raises(IndexError) as outside:
                call([0, bad])
            error = outside.value
            assert str(error) == f"games[1]: game {bad} is not in the batch of 3 games", name
            assert (getattr(error, "kind"), getattr(error, "index")) == ("game_index", 1), name
            assert (getattr(error, "game"), getattr(error, "count")) == (bad, 3), name
        if name not in ("seed", "reset", "reset_terminated"):
            with pytest.raises(ValueError, match=r"^games\[1\]: game 2 is given twice") as twice:
                call([2, 2])
            assert getattr(twice.value, "kind") == "repeated_game", name
        assert pickle.dumps(b) == before, name


@pytest.mark.parametrize("method, dtype", [("random_legal_actions", np.int64), ("step_random", np.uint8)])
def test_bad_lists_of_games_change_nothing(method: str, dtype: Any) -> None:
    b = Batch(3, 6, k=4, cols=7, gravity=True, seed=1)
    b.step_random()
    call = getattr(b, method)
    before = pickle.dumps(b)
    with pytest.raises(IndexError) as outside:
        call(games=[0, 3])
    assert getattr(outside.value, "index") == 1
    with pytest.raises(ValueError) as repeated:
        call(games=[1, 1])
    assert getattr(repeated.value, "kind") == "repeated_game"
    with pytest.raises(ValueError):
        call(games=[0, 1], out=np.empty(3, dtype))
    with pytest.raises(TypeError):
        call(out=np.empty(3, np.float64))
    with pytest.raises(TypeError):
        call(games=np.array([0.0]))
    # An output that cannot be written is refused before anything moves.
    read_only = np.zeros(3, dtype)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match=r"^out cannot be written"):
        call(out=read_only)
    assert pickle.dumps(b) == before


def test_a_read_only_output_resets_nothing() -> None:
    b = Batch(2, n=1)
    b.step([0, 0])
    assert b.winner.tolist() == [1, 1]
    before = pickle.dumps(b)
    read_only = np.zeros(2, np.int64)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match=r"^out cannot be written"):
        b.random_legal_actions(out=read_only, reset_terminated=True)
    assert pickle.dumps(b) == before and b.winner.tolist() == [1, 1]
    actions = np.zeros(2, np.int64)
    assert b.random_legal_actions(out=actions, reset_terminated=True) is actions
    assert b.winner.tolist() == [0, 0] and actions.tolist() == [0, 0]


def test_observation_from_a_chosen_side() -> None:
    b = Batch(6, n=3, seed=2)
    for _ in range(3):
        b.step(b.random_legal_actions())
    movers = b.next_player
    seen = b.observation()
    assert (b.observation(players=movers) == seen).all()
    assert (b.observation(players=3 - movers) == seen[:, ::-1]).all()
    out = np.empty((6, 2, 3, 3), np.bool_)
    assert b.observation(players=[1] * 6, out=out) is out
    with pytest.raises(tictactoe.InvalidPlayerError) as bad:
        b.observation(players=[1, 2, 3, 1, 2, 1])
    assert getattr(bad.value, "index") == 2
    with pytest.raises(tictactoe.InvalidPlayerError, match=r"^players\[5\]: player 777 ") as bad:
        b.observation(players=[1, 2, 1, 1, 2, 777])
    assert (getattr(bad.value, "index"), getattr(bad.value, "player")) == (5, 777)
    with pytest.raises(tictactoe.InvalidPlayerError):
        b.observation(players=[1, 2, 1, 1, 2, -1])
    with pytest.raises(ValueError) as mismatch:
        b.observation(players=[1, 2])
    assert getattr(mismatch.value, "kind") == "length_mismatch"
    with pytest.raises(TypeError):
        b.observation(players=np.ones(6))  # type: ignore[arg-type]


def test_refused_seeds_change_nothing() -> None:
    b = Batch(3, seed=1)
    before = pickle.dumps(b)
    with pytest.raises(IndexError):
        b.seed([1, 2], games=[0, 3])
    with pytest.raises(ValueError) as mismatch:
        b.seed([1, 2])
    assert getattr(mismatch.value, "kind") == "length_mismatch"
    with pytest.raises(TypeError):
        b.seed(["a", "b", "c"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        Batch(3, seed="1")  # type: ignore[arg-type]
    assert pickle.dumps(b) == before


def test_outputs_go_into_caller_arrays() -> None:
    b = Batch(8, n=4, seed=3)
    actions = np.empty(8, dtype=np.int64)
    winners = np.empty(8, dtype=np.uint8)
    planes = np.empty((8, 2, 4, 4), dtype=np.bool_)
    mask = np.empty((8, 16), dtype=np.bool_)
    cells = np.empty((8, 4, 4), dtype=np.uint8)
    for _ in range(5):
        assert b.random_legal_actions(out=actions) is actions
        assert b.step(actions, out=winners) is winners
        assert b.observation(out=planes) is planes
        assert b.legal_mask(out=mask) is mask
        assert b.cells(out=cells) is cells
    assert (planes == b.observation()).all() and (mask == b.legal_mask()).all() and (cells == b.cells()).all()
    with pytest.raises(TypeError):
        b.cells(out=np.empty((8, 4, 4), dtype=np.int64))
    with pytest.raises(ValueError):
        b.legal_mask(out=np.empty((8, 15), dtype=np.bool_))
    with pytest.raises(ValueError):
        b.observation(out=np.empty((8, 4, 4, 2), dtype=np.bool_).transpose(0, 3, 1, 2))
    with pytest.raises(TypeError):
        b.step(actions, out=[0] * 8)  # type: ignore[arg-type]


def play_on(batch: Batch, steps: int) -> list[list[int]]:
    """Random legal steps, resetting finished games; the cells after each."""
    seen = []
    for _ in range(steps):
        batch.reset(np.flatnonzero(batch.terminated))
        batch.step(batch.random_legal_actions())
        seen.append(batch.cells().ravel().tolist())
    return seen


def test_copies_and_pickles_keep_everything() -> None:
    b = Batch(16, n=3, seed=11)
    play_on(b, 3)
    b.step(np.full(16, 99), illegal="lose")  # every game forfeited
    b.reset(range(8))
    play_on(b, 2)
    for other in (copy.copy(b), copy.deepcopy(b), pickle.loads(pickle.dumps(b))):
        assert (other.cells() == b.cells()).all() and (other.winner == b.winner).all()
        assert play_on(other, 6) == play_on(copy.deepcopy(b), 6)
    with pytest.raises(tictactoe.InvalidPositionError):
        Batch._restore(3, [[4]], b"\x02", [0])  # O cannot have won: O is to move


def test_a_worker_process_plays_on_identically() -> None:
    b = Batch(32, n=4, seed=5)
    play_on(b, 3)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        remote = pool.apply(play_on, (b, 8))
    assert remote == play_on(b, 8)


def test_seeds_reproduce() -> None:
    assert play_on(Batch(64, seed=1), 10) == play_on(Batch(64, seed=1), 10)
    assert play_on(Batch(64, seed=1), 10) != play_on(Batch(64, seed=2), 10)


def test_single_game_cells_and_legal_moves() -> None:
    g = TicTacToe(3)
    g.play_many([(1, 1), (0, 2)])
    assert g.cells() == bytes([0, 0, 2, 0, 1, 0, 0, 0, 0])
    assert np.frombuffer(g.cells(), np.uint8).reshape(3, 3)[1, 1] == 1
    assert g.legal_moves() == [(0, 0), (0, 1), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
    g.play_many([(0, 0), (2, 0), (2, 2)])
    assert g.winner == 1 and g.legal_moves() == []


def self_play(batch: Batch, steps: int) -> np.ndarray:
    """`steps` random steps, each finished game reset first; the final cells."""
    for _ in range(steps):
        batch.reset(np.flatnonzero(batch.terminated))
        batch.step(batch.random_legal_actions())
    return batch.cells().copy()


def test_python_threads_step_their_own_batches_at_once() -> None:
    # step releases the GIL, so these run at the same time; each batch must end as it does
    # when the threads take turns.
    seeds = range(4)
    alone = [self_play(Batch(2048, n=5, seed=seed), 30) for seed in seeds]
    together: dict[int, np.ndarray] = {}
    start = threading.Barrier(len(seeds))

    def worker(seed: int) -> None:
        batch = Batch(2048, n=5, seed=seed)
        start.wait()
        together[seed] = self_play(batch, 30)

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(together[seed], alone[seed]) for seed in seeds)
    assert not np.array_equal(alone[0], alone[1])


def test_python_threads_sharing_one_batch_never_corrupt_it() -> None:
    # While one thread's step runs without the GIL, another thread's call on the same batch is
    # refused with RuntimeError (the batch is in use) rather than waiting: never a torn state.
    batch = Batch(4096, n=4, seed=3)
    refused: list[int] = []
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def worker() -> None:
        start.wait()
        for _ in range(40):
            try:
                batch.reset(np.flatnonzero(batch.terminated))
                batch.step(batch.random_legal_actions(), illegal="lose")
                batch.cells()
            except RuntimeError:
                refused.append(1)
            except BaseException as error:  # pragma: no cover - reported below
                errors.append(error)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    # Every game is one a single game reaches by its own history.
    cells = batch.cells()
    for g in range(0, 4096, 97):
        replayed = TicTacToe(4)
        replayed.play_many([(m[0], m[1]) for m in batch.game(g).history])
        assert replayed.cells() == cells[g].tobytes()


def test_threads_give_the_same_results() -> None:
    def run(threads: int) -> tuple[list[list[int]], list[int], list[bool]]:
        b = Batch(1024, n=3, seed=21, threads=threads)
        seen = play_on(b, 12)
        actions = b.random_legal_actions()
        actions[::7] = 99  # every seventh game loses by an illegal action
        b.step(actions, illegal="lose")
        return seen, b.winner.tolist(), b.legal_mask().ravel().tolist()

    assert run(1) == run(2) == run(3)
    b = Batch(1024, threads=4)
    assert b.threads == 4
    b.threads = 2
    assert b.threads == 2
    # Below 1 a ValueError with the number given, what is not an integer a TypeError; the
    # threads as they were. Beyond what the pool has: as many as it has.
    for bad in [0, -1, -(2**70)]:
        with pytest.raises(ValueError, match=rf"^threads must be at least 1, not {bad}\b"):
            b.threads = bad
        with pytest.raises(ValueError, match=rf"^threads must be at least 1, not {bad}\b"):
            Batch(4, threads=bad)
    for wrong in [1.5, "two", None]:
        with pytest.raises(TypeError, match="threads"):
            b.threads = wrong  # type: ignore[assignment]
        with pytest.raises(TypeError, match="threads"):
            Batch(4, threads=wrong)  # type: ignore[arg-type]
    assert b.threads == 2
    b.threads = 2**70
    assert 2 <= b.threads <= 2**64
    b.threads = 2
    # A refused action refuses the whole step, whichever thread's range it is in.
    actions = b.random_legal_actions()
    b.step(actions)
    before = b.cells().copy()
    actions = b.random_legal_actions()
    actions[900] = int(np.flatnonzero(b.cells()[900].ravel())[0])
    with pytest.raises(tictactoe.CellOccupiedError) as raised:
        b.step(actions)
    assert getattr(raised.value, "index") == 900
    assert (b.cells() == before).all()


def test_an_illegal_action_for_a_finished_game_keeps_its_result() -> None:
    # Game 0 drawn (X O X / X O O / O X X), game 1 won by X, game 2 in progress.
    b = Batch(3, 3)
    for draw, win in zip([0, 1, 2, 4, 3], [0, 3, 1, 4, 2], strict=True):
        b.step([draw, win], games=[0, 1])
    for draw in [5, 7, 6, 8]:
        b.step([draw], games=[0])
    assert b.terminated.tolist() == [True, True, False] and b.winner.tolist() == [0, 1, 0]
    drawn = b.game(0)
    assert b.step([4, 8, 99], illegal="lose").tolist() == [0, 1, 2]
    assert b.game(0) == drawn and b.winner.tolist() == [0, 1, 2]


def _threaded_steps(queue: Any) -> None:
    queue.put(self_play(Batch(1024, n=3, seed=5, threads=2), 5).tolist())


def test_a_forked_child_steps_threaded_batches() -> None:
    # The parent's helper threads do not exist in a forked child: it must start its own, not
    # wait for the parent's forever.
    expected = self_play(Batch(1024, n=3, seed=5, threads=2), 5).tolist()
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_threaded_steps, args=(queue,))
    child.start()
    got = queue.get(timeout=60)
    child.join(timeout=60)
    assert child.exitcode == 0 and got == expected


def test_a_self_play_step_in_two_calls_matches_the_separate_calls() -> None:
    # random_legal_actions(reset_terminated=True) and step(observation=, legal_mask=) do in two
    # calls what draw, step, observation, legal_mask and reset of the finished games do in five.
    for threads in (1, 2):
        fused, plain = Batch(600, n=3, seed=8, threads=threads), Batch(600, n=3, seed=8, threads=threads)
        planes, mask = np.empty((600, 2, 3, 3), np.bool_), np.empty((600, 9), np.bool_)
        for _ in range(12):
            actions = fused.random_legal_actions(reset_terminated=True)
            winners = fused.step(actions, observation=planes, legal_mask=mask)
            plain.reset(np.flatnonzero(plain.terminated))
            assert (plain.random_legal_actions() == actions).all()
            assert (plain.step(actions) == winners).all()
            assert (plain.observation() == planes).all() and (plain.legal_mask() == mask).all()
        # reset_terminated alone empties exactly the finished games.
        over = fused.terminated
        assert over.any()
        before = fused.cells()
        fused.reset_terminated()
        assert not fused.terminated.any()
        assert (fused.cells()[over] == 0).all() and (fused.cells()[~over] == before[~over]).all()
    # Listed games with fused outputs: the whole batch's planes and mask are written.
    b = Batch(4, n=3)
    planes, mask = np.zeros((4, 2, 3, 3), np.bool_), np.zeros((4, 9), np.bool_)
    b.step([4], games=[2], observation=planes, legal_mask=mask)
    assert (planes == b.observation()).all() and (mask == b.legal_mask()).all()


def test_fused_outputs_are_checked_and_a_refused_step_writes_nothing() -> None:
    b = Batch(3, n=3, seed=2)
    b.step([0, 1, 2])
    planes, mask = np.full((3, 2, 3, 3), True), np.full((3, 9), True)
    before = b.cells().copy()
    with pytest.raises(tictactoe.CellOccupiedError):
        b.step([0, 4, 4], observation=planes, legal_mask=mask)
    assert planes.all() and mask.all() and (b.cells() == before).all()
    for bad in (np.empty((3, 2, 3, 3), np.int8), np.empty((3, 2, 9), np.bool_), [[True]]):
        with pytest.raises((TypeError, ValueError)):
            b.step([4, 4, 4], observation=bad)  # type: ignore[arg-type]
        assert (b.cells() == before).all()
    with pytest.raises(ValueError):
        b.step([4, 4, 4], legal_mask=np.empty((3, 8), np.bool_))
    with pytest.raises(ValueError):
        b.step([4, 4, 4], observation=planes, legal_mask=planes.reshape(3, 18)[:, :9].copy()[:2])
    assert (b.cells() == before).all()
    with pytest.raises(ValueError, match="whole batch"):
        b.random_legal_actions(games=[0], reset_terminated=True)


def test_threaded_steps_read_int64_actions_in_place_with_the_same_refusals() -> None:
    for threads in (1, 2):
        b = Batch(1024, n=3, seed=4, threads=threads)
        b.step(b.random_legal_actions())
        before = b.cells().copy()
        for bad in (-1, 2**40, 9):
            actions = b.random_legal_actions()
            actions[700] = bad
            with pytest.raises(tictactoe.OutOfBoundsError) as raised:
                b.step(actions)
            assert getattr(raised.value, "index") == 700 and (b.cells() == before).all()
        # int32 actions take the copying path and step the same.
        twin = copy.deepcopy(b)
        actions = b.random_legal_actions()
        twin.random_legal_actions()
        assert (b.step(actions) == twin.step(actions.astype(np.int32))).all()
        assert (b.cells() == twin.cells()).all()


# How Python spells the operations it names its own way (a property where a getter reads).
PYTHON_NAMES = {
    "next_players": "next_player",
    "winners": "winner",
    "set_threads": "threads",
    "step_restarting": "step",  # step(restart=...)
}


def test_every_operation_of_the_core_is_offered() -> None:
    import inspect

    names = [name for name, _ in Batch.OPERATIONS]
    assert len(names) == len(set(names)) and "step" in names and "rewards" in names
    for name, takes_games in Batch.OPERATIONS:
        method = getattr(Batch, PYTHON_NAMES.get(name, name))
        if takes_games:  # a call over the games a list names, or every game
            assert "games" in inspect.signature(method).parameters, name
    # The threads are set through the property.
    assert isinstance(inspect.getattr_static(Batch, "threads"), property) or hasattr(Batch.threads, "__set__")


def test_steps_against_random_and_resets_take_listed_games() -> None:
    count = 5
    b, singles = Batch(count, 6, k=4, cols=7, gravity=True, seed=4), Batch(count, 6, k=4, cols=7, gravity=True, seed=4)
    games = np.array([3, 0])
    sides = np.array([2, 1], np.uint8)
    # New episodes in games 3 and 0: game 3's opponent (X) opens; then the learner moves and
    # the opponent replies in each.
    b.step_against_random(np.array([0, 0]), sides, np.array([True, True]), games=games)
    winners = b.step_against_random(np.array([1, 2]), sides, games=games)
    # As the listed games' moves and replies one by one.
    singles.reset(games)
    singles.step_random(games=[3])
    singles.step(np.array([1, 2]), games=games)
    singles.step_random(games=games)
    assert winners.tolist() == singles.winner[games].tolist()
    assert pickle.dumps(b) == pickle.dumps(singles)
    assert b.next_player[games].tolist() == sides.tolist()
    # Observations of every game are refused beside a list of games, changing nothing.
    planes = np.empty((count, 2, 6, 7), np.bool_)
    with pytest.raises(ValueError, match="not with games"):
        b.step_against_random(np.array([1]), np.array([1], np.uint8), games=[1], observation=planes)
    with pytest.raises(tictactoe.InvalidPlayerError):
        b.step_against_random(np.array([1]), np.array([3], np.uint8), games=[1])
    assert pickle.dumps(b) == pickle.dumps(singles)
    # reset_terminated of listed games empties those over among them only.
    one = Batch(3, 1, seed=0)  # 1 x 1: the first move wins
    one.step(np.array([0, 0, 0]))
    one.reset_terminated(games=[2])
    assert one.terminated.tolist() == [True, True, False]
    with pytest.raises(IndexError):
        one.reset_terminated(games=[5])
    assert one.terminated.tolist() == [True, True, False]
