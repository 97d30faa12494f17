"""Stable-Baselines3 as its users call it on our environments: SB3's own ``check_env`` on each
registered environment, and ``tictactoe.sb3.VecEnv`` against what it replaces,
``make_vec_env``'s ``DummyVecEnv`` of single environments: the same steps step by step, the same
learning bit for bit, and SB3's and sb3-contrib's calls (masks, attributes, rendering, episode
logging, evaluation). The main venv has no PyTorch and skips this file; ``make sb3-test`` runs
it in build/sb3-venv."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.evaluation import evaluate_policy
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3.common.env_checker import check_env
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.monitor import Monitor

import tictactoe.gym
from tictactoe import Rules
from tictactoe.sb3 import VecEnv

IDS = (tictactoe.gym.ENV_ID, tictactoe.gym.CONNECT_FOUR_ID, tictactoe.gym.GOMOKU_ID)


@pytest.fixture(autouse=True)
def sb3_logs_in_tmp_path(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """SB3 makes a log folder for every model it trains, in the system's temporary folder unless
    SB3_LOGDIR names one (14 a run were left in /tmp): here, pytest's, which pytest clears."""
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path))


@pytest.mark.parametrize("env_id", IDS)
def test_sb3_check_env_passes_on_every_registered_environment(env_id: str) -> None:
    with pytest.warns(UserWarning):  # SB3 takes (2, rows, cols) int8 planes for an image
        check_env(gymnasium.make(env_id).unwrapped)


def walk(env_id: str, count: int, steps: int, seed: int, **kwargs: Any) -> None:
    """Steps ``make_vec_env``'s envs and ours with the same actions (legal ones mostly, an
    illegal one now and then), comparing everything SB3 reads at every step."""
    theirs = make_vec_env(env_id, n_envs=count, seed=seed, env_kwargs=kwargs)
    ours = VecEnv(env_id, count, seed=seed, **kwargs)
    assert ours.observation_space == theirs.observation_space
    assert ours.action_space == theirs.action_space
    np.testing.assert_array_equal(ours.reset(), theirs.reset())
    rng = np.random.default_rng(seed)
    ended = 0
    for _ in range(steps):
        masks = get_action_masks(theirs)
        np.testing.assert_array_equal(get_action_masks(ours), masks)
        legal = [rng.choice(np.flatnonzero(row)) for row in masks]
        wild = rng.integers(0, masks.shape[1], count)
        actions = np.where(rng.random(count) < 0.05, wild, legal)
        obs, rewards, dones, infos = ours.step(actions)
        their_obs, their_rewards, their_dones, their_infos = theirs.step(actions)
        np.testing.assert_array_equal(obs, their_obs)
        assert rewards.dtype == their_rewards.dtype
        np.testing.assert_array_equal(rewards, their_rewards)
        np.testing.assert_array_equal(dones, their_dones)
        for info, their in zip(infos, their_infos, strict=True):
            assert info["illegal_action"] == their["illegal_action"]
            assert info.get("TimeLimit.truncated", False) == their["TimeLimit.truncated"]
            assert ("terminal_observation" in info) == ("terminal_observation" in their)
            if "terminal_observation" in info:
                ended += 1
                np.testing.assert_array_equal(info["terminal_observation"], their["terminal_observation"])
                assert info["episode"]["r"] == their["episode"]["r"]
                assert info["episode"]["l"] == their["episode"]["l"]
    assert ended > count  # games ended, and were reset, many times over


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        (tictactoe.gym.ENV_ID, {}),
        (tictactoe.gym.ENV_ID, {"agent": "alternate", "rules": Rules(4, k=3)}),
        (tictactoe.gym.CONNECT_FOUR_ID, {"agent": "O"}),
        (tictactoe.gym.CONNECT_FOUR_ID, {"opponent": "computer", "simulations": 8}),
    ],
)
def test_the_vec_env_steps_as_make_vec_env_does(env_id: str, kwargs: dict[str, Any]) -> None:
    walk(env_id, 5, 60, seed=11, **kwargs)


def train(env: Any, seed: int = 3) -> MaskablePPO:
    """A few updates of MaskablePPO (whose seed seeds the environments too, as ``seed + i``)."""
    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, n_epochs=2, seed=seed)
    return model.learn(4 * 64 * env.num_envs)


@pytest.mark.parametrize("env_id", [tictactoe.gym.ENV_ID, tictactoe.gym.CONNECT_FOUR_ID])
def test_maskable_ppo_learns_the_same_on_either(env_id: str) -> None:
    theirs = train(make_vec_env(env_id, n_envs=4, seed=5))
    ours = train(VecEnv(env_id, 4, seed=5))
    pairs = list(zip(ours.policy.parameters(), theirs.policy.parameters(), strict=True))
    assert pairs and all(torch.equal(a, b) for a, b in pairs)
    # And another seed learns differently: the comparison could fail.
    other = train(VecEnv(env_id, 4), seed=4)
    assert not all(torch.equal(a, b) for a, b in zip(other.policy.parameters(), ours.policy.parameters(), strict=True))


def test_sb3_logs_the_episodes() -> None:
    env = VecEnv(tictactoe.gym.CONNECT_FOUR_ID, 8, seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=32, seed=0).learn(256)
    assert model.ep_info_buffer
    assert all(e["r"] in (-1.0, 0.0, 1.0) and 4 <= e["l"] <= 21 for e in model.ep_info_buffer)


def test_evaluate_policy_plays_whole_episodes() -> None:
    env = VecEnv(tictactoe.gym.ENV_ID, 4, seed=2)
    model = MaskablePPO("MlpPolicy", env, n_steps=16, seed=2)
    rewards, lengths = evaluate_policy(model, env, n_eval_episodes=12, return_episode_rewards=True)
    assert len(rewards) == len(lengths) == 12
    assert all(r in (-1.0, 0.0, 1.0) for r in rewards) and all(3 <= n <= 5 for n in lengths)


def test_attributes_and_methods_as_sb3_asks_them() -> None:
    env = VecEnv(tictactoe.gym.CONNECT_FOUR_ID, 3, seed=0, agent="alternate")
    env.reset()
    assert is_masking_supported(env)
    assert env.get_attr("action_space") == [env.action_space] * 3
    assert env.get_attr("rules", indices=[1]) == [Rules.CONNECT_FOUR]
    assert env.get_attr("render_mode") == [None] * 3
    assert env.get_attr("agent_player") == [1, 1, 1]
    mask = env.get_attr("action_masks", indices=2)[0]()
    np.testing.assert_array_equal(mask, env.action_masks()[2])
    assert [m.shape for m in env.env_method("action_masks", indices=[0, 2])] == [(7,), (7,)]
    assert env.env_is_wrapped(gymnasium.Wrapper) == [False] * 3
    assert env.env_is_wrapped(Monitor, indices=[0, 1]) == [True, True]
    assert env.games.num_envs == 3


def test_refusals_name_the_problem_and_change_nothing() -> None:
    with pytest.raises(gymnasium.error.Error):
        VecEnv("tictactoe/Chess-v0", 2)
    with pytest.raises(ValueError, match="not one of tictactoe's environments"):
        VecEnv("CartPole-v1", 2)
    with pytest.raises(ValueError, match="autoreset_mode"):
        VecEnv(tictactoe.gym.ENV_ID, 2, autoreset_mode="next_step")
    with pytest.raises(ValueError, match="render_mode"):
        VecEnv(tictactoe.gym.ENV_ID, 2, render_mode="pdf")
    env, clean = VecEnv(tictactoe.gym.ENV_ID, 2, seed=4), VecEnv(tictactoe.gym.ENV_ID, 2, seed=4)
    np.testing.assert_array_equal(env.reset(), clean.reset())
    with pytest.raises(RuntimeError, match="step_async"):
        env.step_wait()
    with pytest.raises(AttributeError, match="no attribute 'gravity_well'"):
        env.get_attr("gravity_well")
    with pytest.raises(AttributeError, match="cannot set 'render_mode'"):
        env.set_attr("render_mode", "human")
    with pytest.raises(AttributeError, match="no method 'reset'"):
        env.env_method("reset")
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        env.step(np.zeros(3, np.int64))
    # The refused calls changed nothing: the next steps are those of an env that saw none.
    for actions in ([0, 4], [1, 5], [2, 6]):
        ours, theirs = env.step(np.array(actions)), clean.step(np.array(actions))
        for a, b in zip(ours[:3], theirs[:3], strict=True):
            np.testing.assert_array_equal(a, b)


def test_images_for_video_recorders() -> None:
    env = VecEnv(tictactoe.gym.CONNECT_FOUR_ID, 4, seed=0, render_mode="rgb_array")
    env.reset()
    images = env.get_images()
    assert [image.shape for image in images] == [(6 * 64, 7 * 64, 3)] * 4
    tiled = env.render()
    assert tiled is not None and tiled.shape == (2 * 6 * 64, 2 * 7 * 64, 3)
    assert VecEnv(tictactoe.gym.ENV_ID, 2).get_images() == [None, None]
    # SB3's video recorder films at the games' frame rate, as it does a DummyVecEnv of them.
    dummy = make_vec_env(tictactoe.gym.CONNECT_FOUR_ID, 2, env_kwargs={"render_mode": "rgb_array"})
    assert env.metadata["render_fps"] == dummy.get_attr("metadata")[0]["render_fps"] == 4
