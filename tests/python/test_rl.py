"""The reinforcement-learning faces: the Gymnasium environments (Gymnasium's own checker, the
native vector env against SyncVectorEnv over single envs in both auto-reset modes, opponents,
seeding, illegal actions, copies) and the PettingZoo environment (PettingZoo's own API and seed
tests, the same games as PettingZoo's tictactoe_v3, copies)."""

from __future__ import annotations

import contextlib
import copy
import io
import os
import pickle
import subprocess
import sys
import warnings
from collections.abc import Callable
from typing import Any, Optional

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from numpy.typing import NDArray
from pettingzoo.classic import connect_four_v3, tictactoe_v3  # type: ignore[import-untyped]
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import tictactoe
from tictactoe import pettingzoo as tpz
from tictactoe._display import board
from tictactoe.gym import CONNECT_FOUR_ID, ENV_ID, GOMOKU_ID, TicTacToeEnv, TicTacToeVectorEnv


def random_legal(rng: np.random.Generator, masks: NDArray[Any]) -> NDArray[np.int64]:
    """A random legal action per row of masks (0 for a row with none)."""
    scores = rng.random(masks.shape) * (masks != 0)
    actions: NDArray[np.int64] = scores.argmax(axis=-1).astype(np.int64)
    return actions


def assert_same(a: Any, b: Any, where: str = "") -> None:
    """Equal observations, rewards, flags and infos (nested dicts, object arrays of arrays)."""
    if isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            assert_same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert isinstance(b, dict) and set(a) == set(b), (where, sorted(a), sorted(b))
        for key in a:
            assert_same(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, np.ndarray) and a.dtype == object:
        assert b.dtype == object and a.shape == b.shape, where
        for x, y in zip(a, b, strict=True):
            assert (x is None and y is None) or np.array_equal(x, y), where
    else:
        assert np.array_equal(np.asarray(a), np.asarray(b)), (where, a, b)
        assert np.asarray(a).dtype == np.asarray(b).dtype, (where, np.asarray(a).dtype)


# --- the single environment ---------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        # The checker steps random actions: on an empty board X's first is always legal; where
        # the opponent moves first, one may hit its mark, which then loses (not raise).
        {},
        {"n": 1},
        {"n": 4, "agent": "O", "illegal": "lose"},
        {"n": 3, "agent": "alternate", "opponent": "perfect", "illegal": "lose"},
        {"n": 4, "opponent": "computer", "simulations": 50},
        {"n": 6, "k": 4, "cols": 7, "gravity": True, "agent": "O", "illegal": "lose"},
        {"n": 15, "k": 5, "agent": "alternate"},
        {"n": 4, "k": 3, "cols": 5, "exact": True, "illegal": "lose"},
    ],
)
def test_gymnasium_checker_passes(kwargs: dict[str, Any]) -> None:
    env = TicTacToeEnv(**kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of the checker fails the test
        check_env(env, skip_render_check=True)
    check_env(gym.make(ENV_ID, render_mode="ansi", **kwargs).unwrapped)


def test_spaces_and_a_won_episode() -> None:
    env = TicTacToeEnv(3, opponent=lambda obs, mask: [int(np.flatnonzero(mask[0])[0])])
    obs, info = env.reset(seed=0)
    assert env.observation_space == gym.spaces.Box(0, 1, (2, 3, 3), np.int8)
    assert env.action_space == gym.spaces.Discrete(9)
    assert obs.dtype == np.int8 and not obs.any()
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].tolist() == [1] * 9
    assert env.action_masks().dtype == np.bool_ and env.agent_player == 1
    # X (the agent) takes the left column; the opponent fills the first free cells: 1, 2.
    for action, done in [(0, False), (3, False), (6, True)]:
        obs, reward, terminated, truncated, info = env.step(action)
        assert (terminated, truncated) == (done, False)
    assert reward == 1.0
    assert obs[0, :, 0].tolist() == [1, 1, 1]  # plane 0: the agent's marks
    assert obs[1, 0].tolist() == [0, 1, 1]  # plane 1: the opponent's
    assert not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(4)


def test_the_agent_as_o_sees_the_opening_move_and_loses_to_perfect_play() -> None:
    env = TicTacToeEnv(3, agent="O", opponent="perfect")
    rng = np.random.default_rng(1)
    for episode in range(60):
        obs, info = env.reset(seed=episode)
        assert env.agent_player == 2 and obs[1].sum() == 1 and obs[0].sum() == 0
        terminated = False
        while not terminated:
            action = random_legal(rng, info["action_mask"])
            obs, reward, terminated, _, info = env.step(action)
        assert reward in (0.0, -1.0)  # a perfect opponent never loses


def test_the_perfect_opponent_plays_every_board_with_a_table() -> None:
    # On 2 x 2 X always wins: as O against perfect play the agent loses every episode.
    env = TicTacToeEnv(2, agent="O", opponent="perfect")
    rng = np.random.default_rng(2)
    for episode in range(10):
        _, info = env.reset(seed=episode)
        terminated = False
        while not terminated:
            _, reward, terminated, _, info = env.step(random_legal(rng, info["action_mask"]))
        assert reward == -1.0


def test_alternate_sides_restart_when_seeded() -> None:
    env = TicTacToeEnv(3, agent="alternate")
    sides = []
    for episode in range(4):
        env.reset(seed=7 if episode == 2 else None)
        sides.append(env.agent_player)
    assert sides == [1, 2, 1, 2]


def test_computer_opponent_is_reproducible_and_wins_or_blocks() -> None:
    def run(seed: int) -> list[list[int]]:
        env = TicTacToeEnv(4, opponent="computer", simulations=200)
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        seen = [obs.ravel().tolist()]
        terminated = False
        while not terminated:
            obs, _, terminated, _, info = env.step(random_legal(rng, info["action_mask"]))
            seen.append(obs.ravel().tolist())
        return seen

    assert run(3) == run(3)
    # On 3 x 3 the computer solves every position: like the perfect opponent, it never loses.
    env = TicTacToeEnv(3, agent="alternate", opponent="computer")
    rng = np.random.default_rng(2)
    for episode in range(30):
        _, info = env.reset(seed=episode)
        terminated = False
        while not terminated:
            _, reward, terminated, _, info = env.step(random_legal(rng, info["action_mask"]))
        assert reward in (0.0, -1.0)


# What a seed gives the computer opponent and self-play's computer, printed as one line.
SEEDED_COMPUTER = """
import contextlib, io
from tictactoe import Rules, selfplay
from tictactoe.gym import TicTacToeVectorEnv
envs = TicTacToeVectorEnv(3, rules=Rules(5, k=4), agent="alternate", opponent="computer", simulations=40)
obs, info = envs.reset(seed=7)
seen = [obs.tobytes().hex()]
for step in range(8):
    obs, _, _, _, info = envs.step(info["action_mask"].argmax(axis=1))
    seen.append(obs.tobytes().hex())
shards = [selfplay.Shard(games=2, seed=5)]
played = selfplay.play_shards(shards, rules=Rules(4, k=3), policy="computer", simulations=30)
print(hash("a str: its hash differs with PYTHONHASHSEED"), *seen, played.actions.tobytes().hex())
"""


def test_the_computers_seeded_moves_are_the_same_in_every_interpreter() -> None:
    # The same seed in this process and in fresh interpreters whose str hashes differ.
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        exec(SEEDED_COMPUTER, {})
    runs = [
        subprocess.run(
            [sys.executable, "-c", SEEDED_COMPUTER],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout.split(" ", 1)
        for hash_seed in ("0", "1")
    ]
    assert runs[0][0] != runs[1][0], "the interpreters' hashes were meant to differ"
    assert runs[0][1] == runs[1][1] == here.getvalue().split(" ", 1)[1]


def test_illegal_actions_raise_with_nothing_changed_or_lose() -> None:
    env = TicTacToeEnv(3, illegal="raise")
    env.reset(seed=2)
    env.step(4)
    before = copy.deepcopy(env)
    occupied = int(np.flatnonzero(~env.action_masks())[0])
    for bad, error in [
        (occupied, tictactoe.CellOccupiedError),
        (9, tictactoe.OutOfBoundsError),
        (-1, tictactoe.OutOfBoundsError),
    ]:
        with pytest.raises(error):
            env.step(bad)
    # Unchanged: the copy taken before and the env step on identically.
    action = random_legal(np.random.default_rng(0), env.action_masks())
    assert_same(env.step(action), before.step(action))
    lose = TicTacToeEnv(3)  # the default, as pgx and PettingZoo
    _, info = lose.reset(seed=0)
    assert info["illegal_action"] is False
    _, reward, terminated, truncated, info = lose.step(9)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert not info["action_mask"].any() and info["illegal_action"] is True
    lose.reset(seed=0)
    _, reward, terminated, _, info = lose.step(4)
    assert info["illegal_action"] is False


def test_any_action_of_the_space_is_a_step_by_default() -> None:
    """What Stable-Baselines3's check_env does: actions sampled from the action space without
    the mask, stepped until the episode ends, again and again; none raises, and an illegal one
    ends its episode with -1 and says so."""
    for rules in (tictactoe.Rules.tic_tac_toe(3), tictactoe.Rules.CONNECT_FOUR):
        env = TicTacToeEnv(rules=rules)
        env.action_space.seed(3)
        env.reset(seed=3)
        illegal_seen = 0
        for _ in range(300):
            mask = env.action_masks().copy()
            action = env.action_space.sample()
            _, reward, terminated, _, info = env.step(action)
            assert info["illegal_action"] == (not mask[action])
            if info["illegal_action"]:
                illegal_seen += 1
                assert terminated and reward == -1.0
            if terminated:
                env.reset()
        assert illegal_seen > 0
    # The vector env the same, game by game; games restarting take no action.
    envs = TicTacToeVectorEnv(8, 3)
    _, info = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(50):
        masks = info["action_mask"].astype(bool)
        actions = rng.integers(0, 10, 8)
        restarting = envs._autoreset.copy()
        _, rewards, ended, _, info = envs.step(actions)
        expected = ~masks[np.arange(8), np.minimum(actions, 8)] | (actions == 9)
        lost = info["illegal_action"]
        assert (lost == (expected & ~restarting)).all()
        assert (rewards[lost] == -1.0).all() and ended[lost].all()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"agent": "Z"}, "agent"),
        ({"opponent": "expert"}, "opponent"),
        ({"illegal": "ignore"}, "illegal"),
        ({"n": 4, "opponent": "perfect"}, "up to 3 x 3"),
        ({"n": 1, "agent": "O"}, "agent must be X"),
        ({"render_mode": "pygame"}, "render_mode"),
        ({"n": 0}, "size"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TicTacToeEnv(**kwargs)
    with pytest.raises(ValueError, match=message):
        TicTacToeVectorEnv(2, **kwargs)


def test_render_ansi_is_the_clis_board() -> None:
    env = TicTacToeEnv(3, render_mode="ansi", opponent="perfect")
    env.reset(seed=0)
    env.step(0)
    game = tictactoe.TicTacToe(3)
    for row, col in [(0, 0), (1, 1)]:  # the perfect reply to a corner is the centre
        game.play(row, col)
    assert env.render() == board(game)
    assert TicTacToeEnv(3).render() is None
    vector = TicTacToeVectorEnv(2, 3, render_mode="ansi")
    vector.reset(seed=0)
    assert vector.render() == (board(tictactoe.TicTacToe(3)),) * 2


def test_info_masks_are_the_callers_to_change() -> None:
    env = TicTacToeVectorEnv(2, 3, illegal="lose")
    _, info = env.reset(seed=0)
    info["action_mask"][:] = 0
    _, _, _, _, info = env.step(np.array([4, 4]))
    assert not info["illegal_action"].any(), "the centre was legal, whatever the caller wrote"


def test_human_mode_prints_at_every_reset_and_step() -> None:
    """Gymnasium's "human" mode shows the environment without a call to render(), as
    PettingZoo's tictactoe_v3 does: each reset and step prints the board once."""

    def printed(run: Callable[[], object]) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            run()
        return out.getvalue()

    env = TicTacToeEnv(3, render_mode="human", opponent="perfect")
    assert printed(lambda: env.reset(seed=0)) == board(tictactoe.TicTacToe(3)) + "\n"
    game = tictactoe.TicTacToe(3)
    for row, col in [(0, 0), (1, 1)]:
        game.play(row, col)
    assert printed(lambda: env.step(0)) == board(game) + "\n"
    vector = TicTacToeVectorEnv(2, 3, render_mode="human")
    assert printed(lambda: vector.reset(seed=0)) == (board(tictactoe.TicTacToe(3)) + "\n") * 2
    assert printed(lambda: vector.step(np.array([4, 4]))).count("\n") > 0
    aec = tpz.env(render_mode="human")
    assert printed(aec.reset) == board(tictactoe.TicTacToe(3)) + "\n"
    game = tictactoe.TicTacToe(3)
    game.play(1, 1)
    assert printed(lambda: aec.step(4)) == board(game) + "\n"
    assert printed(lambda: TicTacToeEnv(3, render_mode="ansi").reset(seed=0)) == ""


# --- the vector environment against single ones --------------------------------------------


def play_side_by_side(
    make_vector: Callable[[], Any],
    make_single: Callable[[], TicTacToeEnv],
    mode: AutoresetMode,
    num_envs: int,
    steps: int,
    seed: int,
    wild: float,
) -> None:
    native = make_vector()
    reference = SyncVectorEnv([make_single for _ in range(num_envs)], autoreset_mode=mode)
    assert native.metadata["autoreset_mode"] == mode
    assert native.single_observation_space == reference.single_observation_space
    assert native.action_space == reference.action_space
    first, expected = native.reset(seed=seed), reference.reset(seed=seed)
    assert_same(first, expected, "reset")
    rng = np.random.default_rng(seed)
    masks = first[1]["action_mask"]
    for step in range(steps):
        actions = random_legal(rng, masks)
        # Illegal actions now and then (the envs were made with illegal="lose").
        bad = rng.random(num_envs) < wild
        actions[bad] = rng.integers(-1, native.single_action_space.n + 1, size=int(bad.sum()))
        got, want = native.step(actions), reference.step(actions)
        assert_same(got, want, f"step {step}")
        masks = got[4]["action_mask"]
    # Partial reset with a reset mask and listed seeds.
    which = rng.random(num_envs) < 0.5
    which[0] = True
    seeds: list[Optional[int]] = [int(s) for s in rng.integers(0, 1000, num_envs)]
    first = native.reset(seed=seeds, options={"reset_mask": which})
    expected = reference.reset(seed=seeds, options={"reset_mask": which.copy()})
    assert_same(first[0], expected[0], "masked reset")
    # Seed lists with gaps: a game whose entry is None is not reseeded (its episodes go on
    # counting: an alternating agent changes sides), as a single environment is not.
    for _ in range(4):
        gaps: list[Optional[int]] = [s if rng.random() < 0.5 else None for s in seeds]
        gaps[0] = None
        assert_same(native.reset(seed=gaps), reference.reset(seed=gaps), "reset with gaps")


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize(
    "n, agent, opponent",
    [(3, "alternate", "random"), (4, "O", "random"), (3, "X", "perfect"), (2, "alternate", "random")],
)
def test_vector_env_steps_like_single_envs(mode: AutoresetMode, n: int, agent: str, opponent: str) -> None:
    kwargs: dict[str, Any] = {"agent": agent, "opponent": opponent, "illegal": "lose"}
    play_side_by_side(
        lambda: TicTacToeVectorEnv(7, n, autoreset_mode=mode, **kwargs),
        lambda: TicTacToeEnv(n, **kwargs),
        mode,
        7,
        60,
        seed=n * 10 + len(agent),
        wild=0.05,
    )


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize(
    "rules",
    [
        {"n": 6, "k": 4, "cols": 7, "gravity": True},
        {"n": 15, "k": 5},
        {"n": 4, "k": 3, "cols": 3, "exact": True},
        {"n": 3, "k": 2, "cols": 4, "gravity": True},
    ],
    ids=str,
)
def test_vector_env_steps_like_single_envs_under_the_familys_rules(mode: AutoresetMode, rules: dict[str, Any]) -> None:
    kwargs: dict[str, Any] = {"agent": "alternate", "opponent": "random", "illegal": "lose", **rules}
    play_side_by_side(
        lambda: TicTacToeVectorEnv(6, autoreset_mode=mode, **kwargs),
        lambda: TicTacToeEnv(**kwargs),
        mode,
        6,
        80,
        seed=len(rules) * 7 + rules["n"],
        wild=0.03,
    )


def test_vector_env_with_a_computer_opponent_plays_each_game_as_alone() -> None:
    # The opponent searches only the games where it is its turn, in one threaded batch call,
    # each with its game's seed: the moves of single environments.
    kwargs: dict[str, Any] = {
        "n": 6,
        "k": 4,
        "cols": 7,
        "gravity": True,
        "agent": "alternate",
        "opponent": "computer",
        "simulations": 30,
        "illegal": "lose",
    }
    play_side_by_side(
        lambda: TicTacToeVectorEnv(5, threads=2, **kwargs),
        lambda: TicTacToeEnv(**kwargs),
        AutoresetMode.NEXT_STEP,
        5,
        25,
        seed=4,
        wild=0.02,
    )


def test_vector_env_with_threads_and_a_callable_opponent() -> None:
    def first_free(obs: NDArray[np.int8], mask: NDArray[np.int8]) -> NDArray[np.int64]:
        assert obs.shape[1:] == (2, 5, 5) and mask.shape[1:] == (25,)
        actions: NDArray[np.int64] = mask.argmax(axis=1).astype(np.int64)
        return actions

    kwargs: dict[str, Any] = {"opponent": first_free, "agent": "alternate", "illegal": "lose"}
    play_side_by_side(
        lambda: TicTacToeVectorEnv(600, 5, threads=2, **kwargs),
        lambda: TicTacToeEnv(5, **kwargs),
        AutoresetMode.NEXT_STEP,
        600,
        15,
        seed=5,
        wild=0.02,
    )


def test_vector_env_refuses_bad_actions_with_nothing_changed() -> None:
    envs = TicTacToeVectorEnv(3, 3, illegal="raise")
    envs.reset(seed=1)
    envs.step(np.array([4, 4, 4]))
    before = copy.deepcopy(envs)
    occupied = np.array([0, 4, 0])  # game 1: the centre is taken
    with pytest.raises(tictactoe.CellOccupiedError) as refused:
        envs.step(occupied)
    assert refused.value.index == 1
    with pytest.raises(ValueError, match="shape"):
        envs.step(np.array([0, 1]))
    actions = random_legal(np.random.default_rng(0), envs.action_masks())
    assert_same(envs.step(actions), before.step(actions))
    # With games waiting to restart, a refusal still names its env, whatever the opponent.
    for opponent in ["random", "perfect"]:
        pending = TicTacToeVectorEnv(3, 1, opponent=opponent, illegal="raise")  # 1 x 1: every game ends at once
        pending.reset(seed=0)
        pending.step(np.zeros(3, np.int64))
        pending._autoreset[2] = False  # game 2 takes the next action, games 0 and 1 restart
        pending._arena.batch.reset([2])
        with pytest.raises(tictactoe.OutOfBoundsError, match="move 2:") as late:
            pending.step(np.array([0, 0, 5]))
        assert late.value.index == 2
    with pytest.raises(ValueError, match="NEXT_STEP or SAME_STEP"):
        TicTacToeVectorEnv(2, autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(RuntimeError, match="reset"):
        TicTacToeVectorEnv(2).step(np.zeros(2, np.int64))


def test_registered_ids() -> None:
    single = gym.make(ENV_ID, n=4)
    assert isinstance(single.unwrapped, TicTacToeEnv) and single.unwrapped.n == 4
    vector = gym.make_vec(ENV_ID, num_envs=16, n=5)
    assert isinstance(vector, TicTacToeVectorEnv) and (vector.num_envs, vector.n) == (16, 5)
    obs, info = vector.reset(seed=0)
    assert obs.shape == (16, 2, 5, 5) and info["action_mask"].shape == (16, 25)
    four = gym.make(CONNECT_FOUR_ID)
    assert four.action_space == gym.spaces.Discrete(7)
    assert four.observation_space.shape == (2, 6, 7)
    first, _ = four.reset(seed=0)
    _, _, _, _, info = four.step(3)
    assert first.shape == (2, 6, 7) and info["action_mask"].shape == (7,)
    fours = gym.make_vec(CONNECT_FOUR_ID, num_envs=8)
    assert isinstance(fours, TicTacToeVectorEnv) and (fours.rows, fours.cols) == (6, 7)
    assert fours.single_action_space == gym.spaces.Discrete(7)
    gomoku = gym.make_vec(GOMOKU_ID, num_envs=4, agent="O")
    assert isinstance(gomoku, TicTacToeVectorEnv) and gomoku.n == 15
    obs, info = gomoku.reset(seed=0)
    assert obs.shape == (4, 2, 15, 15) and info["action_mask"].shape == (4, 225)
    assert (obs[:, 1].sum(axis=(1, 2)) == 1).all()  # the random opponent (X) opened each game
    with pytest.raises(ValueError, match="k = 6 is invalid"):
        gym.make(GOMOKU_ID, n=5, k=6)


def test_rules_are_taken_as_a_value_or_as_the_old_keywords() -> None:
    four = tictactoe.Rules.CONNECT_FOUR
    # The same games either way: a vector env given rules= against single envs given keywords.
    play_side_by_side(
        lambda: TicTacToeVectorEnv(4, rules=four, agent="alternate", illegal="lose"),
        lambda: TicTacToeEnv(6, 4, cols=7, gravity=True, agent="alternate", illegal="lose"),
        AutoresetMode.NEXT_STEP,
        4,
        30,
        seed=3,
        wild=0.02,
    )

    def made(env_id: str, **kwargs: Any) -> TicTacToeEnv:
        env = gym.make(env_id, **kwargs).unwrapped
        assert isinstance(env, TicTacToeEnv)
        return env

    assert TicTacToeEnv(rules=four).rules == made(ENV_ID, rules=four).rules == four
    vector = gym.make_vec(ENV_ID, num_envs=2, rules=four)
    assert isinstance(vector, TicTacToeVectorEnv) and vector.rules == four
    assert TicTacToeEnv().rules == TicTacToeVectorEnv(2).rules == tictactoe.Rules(3)
    assert made(CONNECT_FOUR_ID).rules == four and made(GOMOKU_ID).rules == tictactoe.Rules.GOMOKU
    # A registered id's rules are keywords, still changed a part at a time.
    assert made(GOMOKU_ID, exact=True).rules == tictactoe.Rules(15, k=5, exact=True)
    assert tpz.raw_env(rules=four).rules == tpz.env(6, 4, cols=7, gravity=True).unwrapped.rules == four
    makers: list[Callable[..., Any]] = [
        TicTacToeEnv,
        lambda **kw: TicTacToeVectorEnv(2, **kw),
        tpz.env,
        tpz.raw_env,
        lambda **kw: gym.make(ENV_ID, **kw),
        lambda **kw: gym.make_vec(ENV_ID, num_envs=2, **kw),
    ]
    for make in makers:
        for keywords in ({"n": 6}, {"k": 4}, {"cols": 7}, {"gravity": True}, {"exact": False}):
            with pytest.raises(TypeError, match="not both"):
                make(rules=four, **keywords)
    with pytest.raises(TypeError, match="not both"):
        gym.make(CONNECT_FOUR_ID, rules=four)  # the id's preset is keywords already


def test_pettingzoo_plays_the_same_games_given_rules_or_keywords() -> None:
    ours = tpz.env(rules=tictactoe.Rules(4, k=3, exact=True))
    same = tpz.env(4, 3, exact=True)
    for game in (ours, same):
        game.reset(seed=0)
    for action in (5, 0, 10, 1, 15):  # X: the diagonal (1, 1) to (3, 3), exactly three
        ours.step(action)
        same.step(action)
        assert_same(ours.last(), same.last())
    assert all(ours.terminations.values()) and ours.rewards == same.rewards


def test_seeded_runs_reproduce_and_differ_by_seed() -> None:
    def run(seed: int) -> list[Any]:
        envs = TicTacToeVectorEnv(32, 3, agent="alternate")
        obs, info = envs.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [obs]
        for _ in range(20):
            obs, *_, info = envs.step(random_legal(rng, info["action_mask"]))
            out.append(obs)
        return out

    assert all(np.array_equal(a, b) for a, b in zip(run(1), run(1), strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(run(1), run(2), strict=True))


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_gym_envs_copy_mid_game(how: str) -> None:
    clone: Callable[[Any], Any] = copy.deepcopy if how == "deepcopy" else lambda e: pickle.loads(pickle.dumps(e))
    rng = np.random.default_rng(4)
    for env in (TicTacToeEnv(4, agent="alternate"), TicTacToeVectorEnv(9, 4, agent="alternate")):
        _, info = env.reset(seed=3)
        for _ in range(3):
            _, *_, info = env.step(random_legal(rng, info["action_mask"]))
        twin = clone(env)
        for _ in range(12):
            actions = random_legal(rng, info["action_mask"])
            got = env.step(actions)
            assert_same(got, twin.step(actions))
            info = got[4]
            if isinstance(env, TicTacToeEnv) and got[2]:
                _, info = env.reset()
                twin.reset()


def test_a_masked_policy_learns_to_beat_the_random_opponent() -> None:
    """A short training smoke test: tabular Monte Carlo control on the vector env (no GPU,
    a second or two): the learned greedy policy wins more than the random one it started as."""
    envs = TicTacToeVectorEnv(256, 3, autoreset_mode=AutoresetMode.SAME_STEP)
    values: dict[tuple[bytes, int], float] = {}
    rng = np.random.default_rng(0)

    def act(obs: NDArray[np.int8], masks: NDArray[np.int8], explore: float) -> NDArray[np.int64]:
        actions = random_legal(rng, masks)
        for i in np.flatnonzero(rng.random(len(obs)) >= explore):
            key = obs[i].tobytes()
            legal = np.flatnonzero(masks[i])
            actions[i] = max(legal, key=lambda a: values.get((key, int(a)), 0.0))
        return actions

    def win_rate(explore: float, rounds: int, learn: bool) -> float:
        obs, info = envs.reset(seed=1)
        trails: list[list[tuple[bytes, int]]] = [[] for _ in range(envs.num_envs)]
        wins = games = 0
        for _ in range(rounds):
            actions = act(obs, info["action_mask"], explore)
            for i in range(envs.num_envs):
                trails[i].append((obs[i].tobytes(), int(actions[i])))
            obs, rewards, terminated, _, info = envs.step(actions)
            for ended in np.flatnonzero(terminated):
                i = int(ended)
                wins += int(rewards[i] > 0)
                games += 1
                if learn:
                    for key in trails[i]:
                        values[key] = values.get(key, 0.0) * 0.9 + 0.1 * rewards[i]
                trails[i] = []
        return wins / games

    before = win_rate(1.0, 40, learn=False)
    win_rate(0.3, 150, learn=True)
    after = win_rate(0.0, 40, learn=False)
    assert after > before + 0.1, (before, after)


# --- PettingZoo -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        {"n": 1},
        {"n": 2},
        {"n": 3},
        {"n": 5},
        {"n": 6, "k": 4, "cols": 7, "gravity": True},
        {"n": 4, "k": 3, "cols": 5, "exact": True},
    ],
    ids=str,
)
def test_pettingzoo_api_and_seed_tests(rules: dict[str, Any]) -> None:
    api_test(tpz.env(**rules), num_cycles=200)
    seed_test(lambda: tpz.env(**rules))


def test_pettingzoo_connect_four_api_and_seed_tests() -> None:
    api_test(tpz.connect_four_env(), num_cycles=200)
    seed_test(tpz.connect_four_env)


def play_like(make_ours: Callable[[], Any], make_theirs: Callable[[], Any], games: int, actions: int) -> int:
    """Plays random games on our env and PettingZoo's side by side, the same actions on both
    (now and then an illegal one, which both must end the same way), and compares everything
    each agent sees; returns the number of illegal actions played."""
    rng = np.random.default_rng(0)
    wrong = 0
    for game in range(games):
        ours, theirs = make_ours(), make_theirs()
        ours.reset(seed=game)
        theirs.reset(seed=game)
        illegal = game % 10 == 9
        for agent in ours.agent_iter():
            assert agent == theirs.agent_selection
            mine, reward, terminated, truncated, _ = ours.last()
            other, *outcome, _ = theirs.last()
            assert np.array_equal(mine["observation"], other["observation"])
            assert mine["observation"].dtype == other["observation"].dtype == np.int8
            assert [reward, terminated, truncated] == outcome
            if terminated or truncated:
                action = None
            else:
                assert np.array_equal(mine["action_mask"], other["action_mask"])
                legal = np.flatnonzero(mine["action_mask"])
                if illegal and len(legal) < actions:
                    action = int(np.flatnonzero(mine["action_mask"] == 0)[0])
                    illegal = False
                    wrong += 1
                else:
                    action = int(rng.choice(legal))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # PettingZoo warns of the illegal move
                ours.step(action)
                theirs.step(action)
        assert not theirs.agents
    return wrong


def test_pettingzoo_plays_the_same_games_as_tictactoe_v3() -> None:
    assert play_like(tpz.env, tictactoe_v3.env, 300, actions=6) > 10


def test_pettingzoo_connect_four_plays_the_same_games_as_connect_four_v3() -> None:
    assert play_like(tpz.connect_four_env, connect_four_v3.env, 200, actions=7) > 5
    game = tpz.connect_four_env()
    game.reset()
    assert game.possible_agents == ["player_0", "player_1"]
    assert game.observation_space("player_0")["observation"].shape == (6, 7, 2)
    assert game.action_space("player_1") == gym.spaces.Discrete(7)


def test_pettingzoo_masks_are_never_all_zero_while_playing() -> None:
    game = tpz.env(n=3)
    game.reset()
    game.step(4)
    for agent in game.possible_agents:
        mask = game.observe(agent)["action_mask"]
        assert mask.sum() == 8 and mask[4] == 0
    for action in (0, 1, 3):  # O: 0, X: 1, O: 3; then X completes the column 1-4-7
        game.step(action)
    game.step(7)
    assert all(game.terminations.values())
    assert not any(game.observe(agent)["action_mask"].any() for agent in game.possible_agents)
    assert game.rewards == {"player_1": 1, "player_2": -1}


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_pettingzoo_copies_keep_the_game(how: str) -> None:
    game = tpz.env(n=4, render_mode="ansi")
    game.reset()
    for action in (5, 0, 10):
        game.step(action)
    twin = copy.deepcopy(game) if how == "deepcopy" else pickle.loads(pickle.dumps(game))
    assert twin.render() == game.render()
    for action in (15, 1):
        game.step(action)
        twin.step(action)
        assert_same(game.last()[0], twin.last()[0])
    assert twin.agent_selection == game.agent_selection
    # PettingZoo's own env loses its board in the same round trip (the complaint we fix).
    theirs = tictactoe_v3.env()
    theirs.reset()
    theirs.step(4)
    lost = pickle.loads(pickle.dumps(theirs.unwrapped))
    assert sum(lost.board.squares) == 0
