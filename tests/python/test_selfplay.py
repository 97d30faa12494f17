"""Self-play (tictactoe.selfplay): trajectories that replay move by move on single games, the
same results from any number of Ray actors as from one process, and the documented example."""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tictactoe
from tictactoe import TicTacToe, selfplay
from tictactoe.selfplay import Shard, Trajectories

CONNECT_FOUR: dict[str, Any] = {"n": 6, "k": 4, "cols": 7, "gravity": True}


def replay_games(t: Trajectories, rules: dict[str, Any]) -> None:
    """Every game of the trajectories replayed on a single game: each row's observation, mask
    and player are the game's before the move, its reward and end the game's after it."""
    n = rules.pop("n")
    for g in range(t.game_count):
        game = TicTacToe(n, **rules)
        for row in np.flatnonzero(t.games == g):
            board = np.frombuffer(game.cells(), np.uint8).reshape(game.rows, game.cols)
            mover = game.next_player
            assert t.players[row] == mover
            assert (t.observations[row, 0] == (board == mover)).all()
            assert (t.observations[row, 1] == (board == 3 - mover)).all()
            legal = (
                sorted({c for _, c in game.legal_moves()})
                if game.gravity
                else [r * game.cols + c for r, c in game.legal_moves()]
            )
            assert np.flatnonzero(t.masks[row]).tolist() == legal
            action = int(t.actions[row])
            winner = game.drop(action) if game.gravity else game.play(action // game.cols, action % game.cols)
            assert t.rewards[row] == (1.0 if winner == mover else 0.0)
            assert t.ends[row] == (game.status != "in_progress")
        assert game.status != "in_progress"
    rules["n"] = n


@pytest.mark.parametrize("rules", [CONNECT_FOUR, {"n": 9, "k": 5, "exact": True}, {"n": 3}], ids=str)
def test_trajectories_replay_on_single_games(rules: dict[str, Any]) -> None:
    shards = [Shard(games=13, seed=s) for s in (0, 7)]
    t = selfplay.play_shards(shards, batch_size=5, **rules)
    assert t.game_count == 26 and t.games.max() == 25
    assert t.observations.dtype == np.int8 and t.actions.dtype == np.int64
    replay_games(t, dict(rules))
    again = selfplay.play_shards(shards, batch_size=5, **rules)
    assert again.equals(t)
    other = selfplay.play_shards([Shard(games=13, seed=1)], batch_size=5, **rules)
    assert not other.equals(selfplay.play_shards(shards[:1], batch_size=5, **rules))


def test_a_callable_policy_and_the_computer_play_both_sides() -> None:
    def first_legal(observations: Any, masks: Any) -> Any:
        assert observations.shape[1:] == (2, 6, 7) and masks.shape[1:] == (7,)
        return masks.argmax(axis=1)

    t = selfplay.play_shards([Shard(games=3, seed=0)], policy=first_legal, **CONNECT_FOUR)
    assert t.game_count == 3
    replay_games(t, dict(CONNECT_FOUR))
    perfect = selfplay.play_shards([Shard(games=4, seed=0)], n=3, policy="computer")
    assert perfect.rewards.sum() == 0  # perfect play draws every game of tic-tac-toe
    with pytest.raises(ValueError, match="policy"):
        selfplay.SelfPlayWorker(policy="perfect")
    assert selfplay.play_shards([Shard(games=0, seed=0)], n=3).game_count == 0
    # No shard at all: no game, the columns of the board's shapes.
    none = selfplay.play_shards([], **CONNECT_FOUR)
    assert none.game_count == 0 and none.observations.shape == (0, 2, 6, 7) and none.masks.shape == (0, 7)
    assert none.equals(selfplay.play_shards([Shard(games=0, seed=0)], **CONNECT_FOUR))


def test_rules_are_taken_as_a_value_or_as_the_old_keywords() -> None:
    shards = [Shard(games=6, seed=3)]
    by_value = selfplay.play_shards(shards, batch_size=4, rules=tictactoe.Rules.CONNECT_FOUR)
    assert by_value.equals(selfplay.play_shards(shards, batch_size=4, **CONNECT_FOUR))
    assert by_value.observations.shape[1:] == (2, 6, 7)
    with pytest.raises(TypeError, match="not both"):
        selfplay.play_shards(shards, rules=tictactoe.Rules.CONNECT_FOUR, n=6)


def test_the_old_name_of_the_worker_still_works_and_warns() -> None:
    with pytest.warns(DeprecationWarning, match="Player is deprecated: it is SelfPlayWorker"):
        old = selfplay.Player
    assert old is selfplay.SelfPlayWorker
    with pytest.warns(DeprecationWarning):
        from tictactoe.selfplay import Player
    shards = [Shard(games=3, seed=1)]
    assert Player(n=3, batch_size=2).play(shards[0]).equals(selfplay.play_shards(shards, n=3, batch_size=2))
    assert "Player" not in selfplay.__all__ and "SelfPlayWorker" in selfplay.__all__
    with pytest.raises(AttributeError, match="no attribute 'Worker'"):
        getattr(selfplay, "Worker")


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_any_number_of_ray_actors_gives_the_one_process_result(ray_cluster: None) -> None:
    shards = [Shard(games=10, seed=s) for s in range(5)]
    local = selfplay.play_shards(shards, batch_size=4, **CONNECT_FOUR)
    for actors in (1, 2, 3):
        spread = selfplay.play_on_ray(shards, actors=actors, batch_size=4, **CONNECT_FOUR)
        assert spread.equals(local), actors
    none = selfplay.play_on_ray([], actors=2, **CONNECT_FOUR)
    assert none.game_count == 0 and none.equals(selfplay.play_shards([], **CONNECT_FOUR))


def test_the_documented_example_runs(ray_cluster: None) -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "self-play.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        # The cluster is the fixture's: the example's own ray.init is for a reader's machine.
        exec(block.replace("ray.init(num_cpus=2)", "pass"), {})


def test_the_modules_example_runs() -> None:
    assert doctest.testmod(selfplay).failed == 0
