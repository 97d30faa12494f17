"""Gumbel MuZero's search from Python (`Puct(batch, gumbel=n)`): the visits, the improved
policy and the action selected against the algorithm written plainly here from mctx's
`gumbel_muzero_policy` (no noise); noise seeded; refusals that change nothing."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_puct import Counting, Node, random_batch, simulate

from tictactoe import Batch, Puct, Rules, TicTacToe


class GumbelNode(Node):
    """PUCT's textbook node (the legal actions' float32 priors, the evaluator's value, N and W
    of the actions taken, the children) read as Gumbel's search reads it, on a board of
    `actions` actions (mctx's arrays hold one an action, the illegal ones among them)."""

    def completed(self, actions: int) -> dict[int, float]:
        """qtransform_completed_by_mix_value: Q where visited, the mixed value elsewhere (the
        illegal actions too, never visited), rescaled to [0, 1] over every action, times
        (50 + the most visits) * 0.1; the legal actions' kept."""
        visited = [a for a in self.priors if self.visits.get(a, 0)]
        n = sum(self.visits.values())
        floor = np.finfo(np.float32).tiny
        prior = {a: max(float(floor), self.priors[a]) for a in self.priors}
        q = {a: self.values[a] / self.visits[a] for a in visited}
        sum_probs = sum(prior[a] for a in visited)
        weighted = sum(prior[a] * q[a] / sum_probs for a in visited)
        mixed = (self.value + n * weighted) / (n + 1)
        completed = {a: q.get(a, mixed) for a in range(actions)}
        low, high = min(completed.values()), max(completed.values())
        scale = (50 + max((self.visits.get(a, 0) for a in self.priors), default=0)) * 0.1
        return {a: scale * ((completed[a] - low) / max(high - low, 1e-8)) for a in self.priors}

    def improved(self, actions: int) -> dict[int, float]:
        """softmax(ln P + completed Q), as P * exp(completed Q - the top one) normalized."""
        completed = self.completed(actions)
        top = max(completed.values())
        weights = {a: self.priors[a] * math.exp(c - top) for a, c in completed.items()}
        total = sum(weights.values())
        return {a: w / total for a, w in weights.items()}

    def interior(self, actions: int) -> int:
        total = 1 + sum(self.visits.values())
        pi = self.improved(actions)
        return max(self.priors, key=lambda a: (pi[a] - self.visits.get(a, 0) / total, -a))

    def considered(self, searched: dict[int, int], visits: int, actions: int) -> int:
        completed = self.completed(actions)
        logit = {a: math.log(p) if p else -math.inf for a, p in self.priors.items()}
        top = max(logit.values())
        eligible = [a for a in self.priors if searched.get(a, 0) == visits]
        return max(eligible, key=lambda a: (max(-1e9, 0.0 + (logit[a] - top) + completed[a]), -a))


def sequence(considered: int, simulations: int) -> list[int]:
    """mctx's get_sequence_of_considered_visits."""
    if considered <= 1:
        return list(range(simulations))
    log2max = math.ceil(math.log2(considered))
    out: list[int] = []
    visits = [0] * considered
    kept = considered
    while len(out) < simulations:
        for _ in range(max(1, simulations // (log2max * kept))):
            out.extend(visits[:kept])
            visits[:kept] = [v + 1 for v in visits[:kept]]
        kept = max(2, kept // 2)
    return out[:simulations]


def model(game: TicTacToe, actions: int, simulations: int, considered: int) -> tuple[list[int], list[float], int]:
    """The visits, the improved policy and the action selected of a search from `game`."""
    root, searched = GumbelNode(game, actions), dict[int, int]()
    for due in sequence(min(considered, len(root.priors)), simulations):
        action = root.considered(searched, due, actions)
        searched[action] = searched.get(action, 0) + 1

        def choose(node: Node, depth: int, action: int = action) -> int:
            assert isinstance(node, GumbelNode)
            return action if depth == 0 else node.interior(actions)

        simulate(root, game, actions, choose)
    improved = root.improved(actions)
    selected = root.considered(searched, max(searched.values()), actions)
    return [root.visits.get(a, 0) for a in range(actions)], [improved.get(a, 0.0) for a in range(actions)], selected


@pytest.mark.parametrize("rules", [Rules.tic_tac_toe(3), Rules.CONNECT_FOUR])
@pytest.mark.parametrize(("plies", "simulations", "considered"), [(0, 30, 16), (3, 24, 4), (2, 9, 1)])
def test_a_search_is_the_model_s(rules: Rules, plies: int, simulations: int, considered: int) -> None:
    batch = random_batch(rules, 4, plies)
    puct = Puct(batch, gumbel=considered)
    assert puct.gumbel == considered
    visits, _ = puct.run(Counting(batch.actions), simulations)
    policy, selected = puct.policy(), puct.selected()
    assert policy.dtype == np.float32 and policy.shape == (4, batch.actions)
    assert selected.dtype == np.int64 and selected.shape == (4,)
    for g in range(4):
        game = batch.game(g)
        if game.status != "in_progress":
            assert not visits[g].any() and not policy[g].any() and selected[g] == -1
            continue
        expected, improved, action = model(game, batch.actions, simulations, considered)
        assert visits[g].tolist() == expected
        assert policy[g] == pytest.approx(improved, abs=1e-6)
        assert policy[g].sum() == pytest.approx(1.0, abs=1e-5)
        assert selected[g] == action


def test_noise_is_seeded_and_the_action_moves_on() -> None:
    batch = random_batch(Rules.CONNECT_FOUR, 12, 2)

    def noisy(seed: int) -> tuple[np.ndarray, np.ndarray]:
        puct = Puct(batch, gumbel=16, seed=seed)
        return puct.run(Counting(7), 32, noise=True)[0], puct.selected()

    (visits, selected), (again, same) = noisy(5), noisy(5)
    assert (visits == again).all() and (selected == same).all()
    assert not (noisy(6)[0] == visits).all()
    puct = Puct(batch, gumbel=16)
    puct.run(Counting(7), 32)
    chosen = puct.selected()
    assert ((chosen >= 0) & (chosen < 7)).all()
    puct.play(chosen)
    assert (puct.selected() == -1).all(), "played: no search since"
    puct.run(Counting(7), 32)
    assert (puct.selected() >= 0).all()
    puct.clear()
    assert (puct.selected() == -1).all()


def test_refusals_change_nothing() -> None:
    batch: Batch = random_batch(Rules.CONNECT_FOUR, 3, 1)
    puct = Puct(batch, gumbel=8)
    puct.run(Counting(7), 16, noise=True)
    policy, selected = puct.policy(), puct.selected()
    with pytest.raises(KeyError, match="the network broke"):
        puct.run(Counting(7, fail_at=4), 16, noise=True)
    assert (puct.policy() == policy).all() and (puct.selected() == selected).all()
    with pytest.raises(ValueError, match="leaves"):
        puct.leaves = 2
    assert puct.leaves == 1
    with pytest.raises(ValueError, match="leaves"):
        Puct(batch, gumbel=8, leaves=4)
    for bad in (-1, 2**32):
        with pytest.raises(ValueError, match="gumbel"):
            Puct(batch, gumbel=bad)
    assert Puct(batch).gumbel == 0
