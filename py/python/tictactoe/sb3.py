"""Stable-Baselines3's own ``VecEnv`` over the native batch: the registered environments, many
games a step in one native call, for SB3's algorithms and sb3-contrib's ``MaskablePPO``. Needs
the extra: ``pip install "tictactoe[sb3]"``.

    from sb3_contrib import MaskablePPO
    from tictactoe.sb3 import VecEnv

    env = VecEnv("tictactoe/ConnectFour-v0", 64, seed=0)
    model = MaskablePPO("MlpPolicy", env, seed=0).learn(100_000)

SB3 takes only its own ``VecEnv``, so ``make_vec_env`` steps its games one by one in Python
(``DummyVecEnv``, one ``TicTacToeEnv`` each); this class is the same games on one batch. It
behaves as ``make_vec_env(env_id, n_envs=num_envs, seed=seed, env_kwargs=env_kwargs)`` does
for everything that changes learning: game i is seeded with ``seed + i`` and plays as the single
environment seeded so (the opponent's moves included); a game that ends is reset in the same
step, its last observation in ``infos[i]["terminal_observation"]``; ``info["illegal_action"]``
as the single environment gives it. So the same seeds give the same learning either way.

What differs: the masks come from ``action_masks()`` (``MaskablePPO`` asks through
``env_method("action_masks")``, answered from the batch's masks at once) rather than from each
step's info; and each game that ends carries Monitor's ``info["episode"]`` (return, length,
time), so that SB3 logs episode rewards without a ``VecMonitor``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from numpy.typing import NDArray
from stable_baselines3.common.monitor import Monitor  # type: ignore[import-not-found]
from stable_baselines3.common.vec_env import VecEnv as _VecEnv  # type: ignore[import-not-found]

from .gym import TicTacToeVectorEnv

__all__ = ["VecEnv"]

_ENTRY_POINT = "tictactoe.gym:TicTacToeEnv"

#: What ``get_attr`` answers alike for every game: the single environment's settings.
_SHARED = ("observation_space", "action_space", "rules", "n", "rows", "cols")


class VecEnv(_VecEnv):  # type: ignore[misc]
    """``num_envs`` games of the registered environment ``env_id`` (``tictactoe/TicTacToe-v0``,
    ``tictactoe/ConnectFour-v0``, ``tictactoe/Gomoku-v0``), with ``env_kwargs`` as
    ``gymnasium.make`` takes them (``opponent``, ``agent``, ``rules``, ``render_mode``,
    ``threads``, ...), on one native batch. ``seed``: game i's first episode is seeded with
    ``seed + i`` (as ``make_vec_env``'s), and the action space with ``seed``."""

    def __init__(self, env_id: str, num_envs: int, seed: Optional[int] = None, **env_kwargs: Any) -> None:
        spec = gymnasium.spec(env_id)
        if spec.entry_point != _ENTRY_POINT:
            raise ValueError(
                f"{env_id!r} is not one of tictactoe's environments (entry point "
                f"{spec.entry_point!r}); use stable_baselines3's make_vec_env for it"
            )
        if "autoreset_mode" in env_kwargs:
            raise ValueError("autoreset_mode is SB3's: a game that ends is reset in the same step")
        keywords = {**spec.kwargs, **env_kwargs}
        self._games = TicTacToeVectorEnv(num_envs, autoreset_mode=AutoresetMode.SAME_STEP, **keywords)
        self._actions: Optional[NDArray[Any]] = None
        self._returns = np.zeros(num_envs, np.float64)
        self._lengths = np.zeros(num_envs, np.int64)
        self._start = time.time()
        single = self._games
        super().__init__(num_envs, single.single_observation_space, single.single_action_space)
        # The games' own frame rate, which SB3's VecVideoRecorder reads (30 when absent).
        self.metadata["render_fps"] = single.metadata["render_fps"]
        if seed is not None:
            self.seed(seed)
            self.action_space.seed(seed)

    @property
    def games(self) -> TicTacToeVectorEnv:
        """The native vector environment underneath (Gymnasium's API, same games)."""
        return self._games

    def reset(self) -> NDArray[np.int8]:
        seeds = None if all(s is None for s in self._seeds) else list(self._seeds)
        observation, _ = self._games.reset(seed=seeds)
        self._reset_seeds()
        self._reset_options()
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        self._returns[:] = 0.0
        self._lengths[:] = 0
        return observation

    def step_async(self, actions: NDArray[Any]) -> None:
        self._actions = np.asarray(actions)

    def step_wait(
        self,
    ) -> tuple[NDArray[np.int8], NDArray[np.float32], NDArray[np.bool_], list[dict[str, Any]]]:
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async(actions)")
        actions, self._actions = self._actions, None
        observation, rewards, terminated, truncated, info = self._games.step(actions)
        dones = terminated | truncated
        self._returns += rewards
        self._lengths += 1
        infos: list[dict[str, Any]] = [{"illegal_action": illegal} for illegal in info["illegal_action"].tolist()]
        if "final_obs" in info:
            self._finish(infos, info, truncated & ~terminated)
        return observation, rewards.astype(np.float32), dones, infos

    def _finish(self, infos: list[dict[str, Any]], info: dict[str, Any], truncated: NDArray[np.bool_]) -> None:
        """The infos of the games that ended: their last observation and step, whether a time
        limit cut them (``truncated``, as SB3 reads it: not also terminated), and the episode's
        return and length (Monitor's); their counts start again."""
        final = info["final_info"]["illegal_action"]
        elapsed = round(time.time() - self._start, 6)
        for g in np.flatnonzero(info["_final_obs"]).tolist():
            infos[g] = {
                "illegal_action": bool(final[g]),
                "terminal_observation": info["final_obs"][g],
                "TimeLimit.truncated": bool(truncated[g]),
                "episode": {
                    "r": round(float(self._returns[g]), 6),
                    "l": int(self._lengths[g]),
                    "t": elapsed,
                },
            }
            self._returns[g] = 0.0
            self._lengths[g] = 0
            self.reset_infos[g] = {}

    def action_masks(self) -> NDArray[np.bool_]:
        """Every game's legal actions, (num_envs, actions) bool."""
        return self._games.action_masks()

    def close(self) -> None:
        self._games.close()

    def get_images(self) -> Sequence[Optional[NDArray[np.uint8]]]:
        if self.render_mode != "rgb_array":
            return [None] * self.num_envs
        images = self._games.render()
        assert images is not None
        return list(images)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """The single environments' ``attr_name`` for the games ``indices`` picks: their
        settings (the spaces, ``render_mode``, ``rules``, ...), ``agent_player``, or the
        ``action_masks`` method."""
        games = list(self._get_indices(indices))
        if attr_name == "action_masks":
            return [_GameMasks(self, g) for g in games]
        if attr_name == "agent_player":
            sides = self._games.agent_player
            return [int(sides[g]) for g in games]
        if attr_name == "render_mode":
            return [self._games.render_mode] * len(games)
        if attr_name in _SHARED:
            space = {"observation_space": self.observation_space, "action_space": self.action_space}
            value = space[attr_name] if attr_name in space else getattr(self._games, attr_name)
            return [value] * len(games)
        raise AttributeError(f"the games of tictactoe.sb3.VecEnv have no attribute {attr_name!r}")

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(
            f"cannot set {attr_name!r}: the games of a native batch share their settings; make a new VecEnv with them"
        )

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any) -> list[Any]:
        """``action_masks`` (each game's row of the batch's masks) or ``render``."""
        games = list(self._get_indices(indices))
        if method_name == "action_masks" and not method_args and not method_kwargs:
            masks = self.action_masks()
            return [masks[g] for g in games]
        if method_name == "render" and not method_args and not method_kwargs:
            shown = self._games.render()
            return [None if shown is None else shown[g] for g in games]
        raise AttributeError(f"the games of tictactoe.sb3.VecEnv have no method {method_name!r} taking these arguments")

    def env_is_wrapped(
        self, wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]], indices: Any = None
    ) -> list[bool]:
        """True for SB3's ``Monitor`` alone: each game reports its episodes as Monitor does
        (so ``evaluate_policy`` reads them), and no other wrapper is there."""
        return [wrapper_class is Monitor] * len(list(self._get_indices(indices)))


class _GameMasks:
    """One game's ``action_masks`` method, as ``get_attr("action_masks")`` gives it."""

    def __init__(self, env: VecEnv, game: int) -> None:
        self._env, self._game = env, game

    def __call__(self) -> NDArray[np.bool_]:
        mask: NDArray[np.bool_] = self._env.action_masks()[self._game]
        return mask
