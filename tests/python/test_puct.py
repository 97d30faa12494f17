"""tictactoe.Puct from Python: the visits against the textbook PUCT written plainly below (a dict
tree, recursion, a copy of the game a move), the evaluator's errors and answers, kept subtrees,
noise, the memory bound and the refusals."""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import tictactoe
from tictactoe import Batch, Puct, Rules, TicTacToe

C_PUCT = 1.25
WEIGHTS = np.random.default_rng(7).integers(1, 2**20, size=2 * 6 * 7 * 2)


def hashed(observation: np.ndarray, actions: int) -> tuple[np.ndarray, np.ndarray]:
    """Logits and values as a deterministic function of each position's planes. Values are any
    float32 in [-1, 1] (multiples of 1/1024 scaled by 0.9973), one in 8 below 2^-30 in
    magnitude as a network's tanh gives them near 0: both sides sum the same values in the
    same order, and must agree on every tie."""
    flat = observation.reshape(len(observation), -1).astype(np.int64)
    h = flat @ WEIGHTS[: flat.shape[1]]
    logits = ((h[:, None] * 7 + np.arange(actions) * 13) % 29) / 7.0 - 2.0
    grid = (h % 2049) / 1024.0 - 1.0
    values = np.where((h >> 11) % 8 == 0, grid * 1e-12, grid * 0.9973).astype(np.float32)
    return logits, values


class Counting:
    """The evaluator handed to the search: `hashed`, counting calls; raising KeyError on the
    call numbered `fail_at`."""

    def __init__(self, actions: int, fail_at: int | None = None) -> None:
        self.actions, self.calls, self.fail_at = actions, 0, fail_at

    def __call__(self, observation: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        assert observation.dtype == np.bool_ and legal.dtype == np.bool_
        assert legal.shape == (len(observation), self.actions)
        self.calls += 1
        if self.calls - 1 == self.fail_at:
            raise KeyError("the network broke")
        return hashed(observation, self.actions)


def planes(game: TicTacToe) -> np.ndarray:
    cells = np.frombuffer(game.cells(), dtype=np.uint8).reshape(game.rows, game.cols)
    return np.stack([cells == game.next_player, cells == 3 - game.next_player])


def legal_actions(game: TicTacToe) -> list[int]:
    if game.status != "in_progress":
        return []
    cells = {c if game.gravity else r * game.cols + c for r, c in game.legal_moves()}
    return sorted(cells)


def apply(game: TicTacToe, action: int) -> TicTacToe:
    child = copy.copy(game)
    if game.gravity:
        child.drop(action)
    else:
        child.play(action // game.cols, action % game.cols)
    return child


class Node:
    """A textbook node: priors of the legal actions, and N and W (from the mover's side) of
    the actions taken, and the children expanded."""

    def __init__(self, game: TicTacToe, actions: int) -> None:
        logits, values = hashed(planes(game)[None], actions)
        legal = legal_actions(game)
        logits32 = logits[0].astype(np.float32).astype(np.float64)
        top = max(logits32[a] for a in legal)
        weights = {a: math.exp(logits32[a] - top) for a in legal}
        total = sum(weights[a] for a in legal)
        self.priors = {a: float(np.float32(weights[a] / total)) for a in legal}
        self.value = float(np.float32(values[0]))
        self.visits: dict[int, int] = {}
        self.values: dict[int, float] = {}
        self.children: dict[int, Node] = {}


def puct_choice(node: Node, depth: int = 0) -> int:
    """PUCT's move at `node`: the highest Q + c_puct * P * sqrt(N(s)) / (1 + N)."""
    total = sum(node.visits.values())
    best, best_score = -1, -math.inf
    for action, prior in node.priors.items():
        n = node.visits.get(action, 0)
        q = node.values[action] / n if n else 0.0
        score = q + C_PUCT * math.sqrt(total) * prior / (1 + n)
        if score > best_score:
            best, best_score = action, score
    return best


def simulate(
    node: Node, game: TicTacToe, actions: int, choose: Callable[[Node, int], int] = puct_choice, depth: int = 0
) -> float:
    """One simulation, the move at each expanded node `choose(node, depth)`'s (the root at
    depth 0), a new node of `node`'s class: the value found, from the side to move at `node`."""
    best = choose(node, depth)
    child = apply(game, best)
    if child.winner:
        value = 1.0
    elif child.status == "draw":
        value = 0.0
    elif best in node.children:
        value = -simulate(node.children[best], child, actions, choose, depth + 1)
    else:
        node.children[best] = type(node)(child, actions)
        value = -node.children[best].value
    node.visits[best] = node.visits.get(best, 0) + 1
    node.values[best] = node.values.get(best, 0.0) + value
    return value


def textbook(game: TicTacToe, actions: int, simulations: int) -> tuple[list[int], float]:
    root = Node(game, actions)
    total = root.value
    for _ in range(simulations):
        total += simulate(root, game, actions)
    return [root.visits.get(a, 0) for a in range(actions)], total / (simulations + 1)


def random_batch(rules: Rules, count: int, plies: int, seed: int = 3) -> Batch:
    batch = Batch(count, rules=rules, seed=seed)
    for _ in range(plies):
        open_games = np.flatnonzero(~batch.terminated)
        batch.step(batch.random_legal_actions()[open_games], games=open_games)
    return batch


@pytest.mark.parametrize("rules", [Rules.tic_tac_toe(3), Rules.CONNECT_FOUR, Rules(4, cols=5, k=3, gravity=True)])
@pytest.mark.parametrize("plies", [0, 3])
def test_the_visits_are_the_textbook_algorithm_s(rules: Rules, plies: int) -> None:
    batch = random_batch(rules, 4, plies)
    puct = Puct(batch, c_puct=C_PUCT)
    visits, values = puct.run(Counting(batch.actions), 40)
    assert visits.dtype == np.int32 and visits.shape == (4, batch.actions)
    assert values.dtype == np.float32 and values.shape == (4,)
    for g in range(4):
        game = batch.game(g)
        if game.status != "in_progress":
            assert not visits[g].any()
            continue
        expected, value = textbook(game, batch.actions, 40)
        assert visits[g].tolist() == expected
        assert visits[g].sum() == 40
        assert values[g] == pytest.approx(value, abs=1e-6)


def state(batch: Batch) -> tuple[bytes, list[Any]]:
    """What a batch holds: its cells and every game's history."""
    return batch.cells().tobytes(), [batch.game(g).history for g in range(len(batch))]


def test_an_evaluator_s_exception_propagates_and_changes_nothing() -> None:
    failing_batch = random_batch(Rules.CONNECT_FOUR, 3, 2)
    clean_batch = copy.copy(failing_batch)
    failing, clean = Puct(failing_batch), Puct(clean_batch)
    # Trees kept from a first move, so that the failure has old nodes to spoil.
    visits, _ = failing.run(Counting(7), 30)
    clean.run(Counting(7), 30)
    actions = failing.choose(visits, 0.0)
    failing.play(actions)
    clean.play(actions)
    before = state(failing_batch)
    for fail_at in (0, 4):
        with pytest.raises(KeyError, match="the network broke"):
            failing.run(Counting(7, fail_at=fail_at), 20, noise=True)
        assert state(failing_batch) == before
    after_failure, values = failing.run(Counting(7), 20)
    expected, expected_values = clean.run(Counting(7), 20)
    assert after_failure.tolist() == expected.tolist()
    assert values.tolist() == expected_values.tolist()


def test_answers_of_any_float_dtype_and_lists_are_read_and_wrong_shapes_refused() -> None:
    batch = random_batch(Rules.tic_tac_toe(3), 2, 1)
    reference, _ = Puct(batch).run(Counting(9), 10)
    # float32 as it is (read in place), strided, in Fortran order and big-endian (converted).
    float32s = (
        lambda a: a,
        lambda a: np.repeat(a, 2, axis=-1)[..., ::2],
        np.asfortranarray,
        lambda a: a.astype(">f4"),
    )
    for convert in (np.float64, np.float16, lambda a: a.tolist(), *float32s):

        def evaluate(observation: np.ndarray, legal: np.ndarray, convert: Any = convert) -> tuple[Any, Any]:
            logits, values = hashed(observation, 9)
            return convert(logits.astype(np.float32)), convert(values.astype(np.float32))

        visits, _ = Puct(batch).run(evaluate, 10)
        assert visits.tolist() == reference.tolist()
    column, _ = Puct(batch).run(lambda o, m: (hashed(o, 9)[0], hashed(o, 9)[1][:, None]), 10)
    assert (column == reference).all(), "values as a column are read too"
    with pytest.raises(ValueError, match=r"logits have shape \(2, 8\), expected \(2, 9\)"):
        Puct(batch).run(lambda o, m: (np.zeros((len(o), 8)), np.zeros(len(o))), 1)
    with pytest.raises(ValueError, match=r"values have shape \(3,\), expected \(2,\)"):
        Puct(batch).run(lambda o, m: (np.zeros((len(o), 9)), np.zeros(3)), 1)
    as_list, _ = Puct(batch).run(lambda o, m: [*hashed(o, 9)], 10)
    assert (as_list == reference).all(), "a list of two is a pair too"
    refusals = [
        (None, r"must return a pair \(logits, values\), not a value of type NoneType$"),
        ((np.zeros((2, 9)),), "not a value of type tuple and length 1$"),
        ([np.zeros((2, 9)), np.zeros(2), None], "not a value of type list and length 3$"),
        ({"logits": 0, "values": 0}, "not a value of type dict and length 2$"),
    ]
    for answer, message in refusals:
        puct = Puct(batch)
        with pytest.raises(ValueError, match=message):
            puct.run(lambda o, m, answer=answer: answer, 1)  # type: ignore[misc]
        assert puct.run(lambda o, m: hashed(o, 9), 10)[0].tolist() == reference.tolist()
    # Answers out of range: BadEvaluationError (a ValueError) naming the answer's position, and
    # the value refused; the search's trees as they were (the next search gives the reference).
    puct = Puct(batch)
    with pytest.raises(tictactoe.BadEvaluationError, match=r"not in \[-1, 1\]") as value:
        puct.run(lambda o, m: (np.zeros((len(o), 9)), np.array([0.0, 2.0][: len(o)])), 1)
    assert isinstance(value.value, ValueError)
    assert (value.value.kind, value.value.leaf, value.value.value, getattr(value.value, "index")) == (
        "bad_evaluation",
        1,
        2.0,
        None,
    )
    with pytest.raises(tictactoe.BadEvaluationError, match="logits") as logits:
        puct.run(lambda o, m: (np.full((len(o), 9), np.nan), np.zeros(len(o))), 1)
    assert (logits.value.kind, logits.value.leaf, logits.value.value) == ("bad_evaluation", 0, None)
    assert puct.run(lambda o, m: hashed(o, 9), 10)[0].tolist() == reference.tolist()


def test_kept_subtrees_carry_their_visits_and_refused_moves_play_nothing() -> None:
    batch = random_batch(Rules.CONNECT_FOUR, 2, 0)
    puct = Puct(batch)
    visits, _ = puct.run(Counting(7), 50)
    chosen = puct.choose(visits, 0.0)
    assert chosen.tolist() == [int(np.argmax(row)) for row in visits]
    puct.play(chosen)
    kept, _ = puct.run(Counting(7), 0)
    assert kept.sum(axis=1).tolist() == [visits[g, chosen[g]] - 1 for g in range(2)]
    before = state(batch)
    for _ in range(6):
        puct.play([0, 1])
    full = state(batch)
    with pytest.raises(tictactoe.ColumnFullError) as refused:
        puct.play([2, 1])
    assert refused.value.index == 1
    assert state(batch) == full != before
    # An action off the board is named as given, as `Batch.step` names it.
    for actions, text in [([2, -1], r"move 1: cell \(0, -1\) is outside"), ([9, 2], r"move 0: cell \(0, 9\)")]:
        with pytest.raises(tictactoe.OutOfBoundsError, match=text):
            puct.play(actions)
    assert state(batch) == full


def test_clear_starts_afresh() -> None:
    batch = random_batch(Rules.CONNECT_FOUR, 3, 2)
    puct = Puct(batch)
    first, _ = puct.run(Counting(7), 30)
    assert puct.run(Counting(7), 30)[0].sum() == 2 * first.sum(), "the kept trees grow on"
    puct.clear()
    assert puct.run(Counting(7), 30)[0].tolist() == first.tolist()


def test_noise_is_seeded() -> None:
    batch = random_batch(Rules.CONNECT_FOUR, 4, 1)

    def noisy(seed: int) -> list[list[int]]:
        visits: list[list[int]] = Puct(batch, seed=seed).run(Counting(7), 40, noise=True)[0].tolist()
        return visits

    assert noisy(1) == noisy(1)
    assert noisy(1) != noisy(2)
    assert noisy(1) != Puct(batch).run(Counting(7), 40)[0].tolist()


@pytest.mark.parametrize("leaves", [1, 3])
def test_the_batch_s_threads_change_nothing_but_the_time(leaves: int) -> None:
    # 600 games: the pool splits a call into parts of 256 games at least.
    def played(threads: int) -> list[Any]:
        batch = random_batch(Rules.CONNECT_FOUR, 600, 2)
        batch.threads = threads
        puct, seen = Puct(batch, seed=9, leaves=leaves), []
        for _ in range(3):
            visits, values = puct.run(Counting(7), 12, noise=True)
            actions = puct.choose(visits, temperature=1.0)
            seen += [visits.tolist(), values.tolist(), actions.tolist()]
            puct.play(actions)
        return seen

    assert played(1) == played(2) == played(3)


class Sizes(Counting):
    """`Counting`, keeping how many leaves each call had."""

    def __init__(self, actions: int) -> None:
        super().__init__(actions)
        self.sizes: list[int] = []

    def __call__(self, observation: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        self.sizes.append(len(observation))
        return super().__call__(observation, legal)


def test_several_leaves_a_step_make_fewer_larger_calls() -> None:
    batch = random_batch(Rules.CONNECT_FOUR, 3, 1)
    one, four = Sizes(7), Sizes(7)
    assert (Puct(batch, leaves=1).run(one, 60)[0] == Puct(batch).run(Counting(7), 60)[0]).all()
    visits, values = Puct(batch, leaves=4).run(four, 60)
    assert visits.sum(axis=1).tolist() == [60, 60, 60]
    assert np.abs(values).max() <= 1.0
    # The roots' call, then a step of at most 4 leaves a game.
    assert max(four.sizes) <= 3 * 4 and max(four.sizes[1:]) > 3
    assert four.calls < one.calls / 2, (four.calls, one.calls)
    for leaves in [0, -1, 2**32]:
        with pytest.raises(ValueError, match="leaves"):
            Puct(batch, leaves=leaves)
    with pytest.raises(TypeError):
        Puct(batch, leaves=2.5)  # type: ignore[arg-type]
    # Settable between searches; a refusal changes nothing.
    changed = Puct(batch)
    assert changed.leaves == 1
    changed.leaves = 4
    with pytest.raises(ValueError, match="leaves"):
        changed.leaves = 0
    assert changed.leaves == 4
    assert (changed.run(Counting(7), 60)[0] == visits).all()


def test_settings_and_the_memory_bound_are_checked() -> None:
    batch = random_batch(Rules.CONNECT_FOUR, 2, 0)
    # Each message says what was given and what the setting must be.
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"c_puct": -1.5}, r"c_puct is out of its range: -1\.5 is not a finite number >= 0$"),
        ({"dirichlet_alpha": 0.0}, r"dirichlet_alpha is out of its range: 0 is not a finite number > 0$"),
        ({"dirichlet_fraction": 1.1}, r"dirichlet_fraction is out of its range: 1\.1 is not a number in \[0, 1\]$"),
        ({"leaves": 0}, r"leaves is out of its range: 0 is not 1 or more$"),
        ({"leaves": -1}, r"leaves is out of its range: -1 is not in 1\.\.2\*\*32$"),
        ({"leaves": 2**32}, r"leaves is out of its range: 4294967296 is not in 1\.\.2\*\*32$"),
        (
            {"gumbel": 16, "leaves": 2},
            r"leaves is out of its range: 2 is not 1 with Gumbel's search \(gumbel > 0\), "
            r"which counts a simulation a step at each root$",
        ),
        ({"gumbel": -1}, r"gumbel is out of its range: -1 is not in 0\.\.2\*\*32$"),
    ]
    for settings, message in refusals:
        with pytest.raises(ValueError, match=message):
            Puct(batch, **settings)
    changed = Puct(batch, leaves=3)
    for leaves in (-1, 0, 2**32):
        with pytest.raises(ValueError, match=rf"leaves is out of its range: {leaves} is not"):
            changed.leaves = leaves
        assert changed.leaves == 3
    # Simulations: any integer from 0 to 2**32 - 1; nothing run for another.
    searched = Puct(batch)
    for simulations in [-1, 2**32, 2**200]:
        with pytest.raises(ValueError, match=rf"simulations is out of its range: {simulations} is not in 0\.\.2\*\*32"):
            searched.run(Counting(7), simulations)
    with pytest.raises(TypeError):
        searched.run(Counting(7), 2.5)  # type: ignore[arg-type]
    assert searched.run(Counting(7), 0)[0].sum() == 0, "no tree grown by the refused calls"
    needed = Puct(batch).bytes_needed(100)
    assert needed > Puct(batch).bytes_needed(10)
    for simulations in [-1, 2**32]:
        with pytest.raises(ValueError, match=rf"simulations is out of its range: {simulations} is not"):
            Puct(batch).bytes_needed(simulations)
    small = Puct(batch, max_bytes=needed - 1)
    with pytest.raises(tictactoe.LimitExceededError):
        small.run(Counting(7), 100)
    assert small.run(Counting(7), 10)[0].sum() == 20
    with pytest.raises(ValueError, match="temperature"):
        small.choose(np.zeros((2, 7), dtype=np.int32), -1.0)
    with pytest.raises(ValueError, match=r"visits have shape \(7, 2\), expected \(2, 7\)"):
        small.choose(np.zeros((7, 2), dtype=np.int32), 0.0)
    with pytest.raises(ValueError, match="counts"):
        small.choose(np.full((2, 7), -1), 0.0)
    with pytest.raises(ValueError, match="max_bytes"):
        Puct(batch, max_bytes=-1)
    finished = random_batch(Rules.tic_tac_toe(3), 1, 9)
    assert finished.terminated.all()
    visits, values = Puct(finished).run(Counting(9), 5)
    assert not visits.any() and Puct(finished).choose(visits).tolist() == [-1]
    assert values[0] in (0.0, -1.0)
