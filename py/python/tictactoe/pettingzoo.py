"""A PettingZoo AEC environment of n x n tic-tac-toe, shaped like PettingZoo's own
``tictactoe_v3`` so that code written for it runs unchanged (and plays the same games at n = 3).
Needs the extra: ``pip install "tictactoe[pettingzoo]"``.

    >>> from tictactoe.pettingzoo import env
    >>> game = env(n=4)
    >>> game.reset(seed=0)
    >>> game.agents
    ['player_1', 'player_2']
    >>> obs, reward, terminated, truncated, info = game.last()
    >>> obs["observation"].shape, obs["action_mask"].shape
    ((4, 4, 2), (16,))

As in ``tictactoe_v3``: agents ``player_1`` (X, first) and ``player_2`` (O) take turns; an action
is the cell ``row * n + col``; each agent observes ``{"observation": (n, n, 2) int8` (plane 0 its
own marks, plane 1 the other's), "action_mask": (n * n,) int8}``; at the end the winner gets +1
and the loser -1 (0 each for a draw), and both terminate; an illegal action ends the game with -1
for its player (PettingZoo's ``TerminateIllegalWrapper``, as in ``tictactoe_v3``).

Where it differs, on purpose:
- the agent not to move sees the free cells in its mask too (``tictactoe_v3`` gives it all zeros,
  on which a masked policy divides by zero); once the game is over every mask is all zeros (no
  action is legal; ``tictactoe_v3`` still lists the free cells);
- copies, deep copies and pickles keep the whole game (``tictactoe_v3`` pickles its constructor
  arguments only and comes back empty);
- ``render_mode="ansi"`` draws the board as ``python -m tictactoe`` does; there is no pygame
  window.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
# PettingZoo ships no type information.
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import AgentSelector, wrappers  # type: ignore[import-untyped]

from ._display import board
from ._tictactoe import Batch

__all__ = ["env", "raw_env"]

_RENDER_MODES = ["ansi"]


def env(n: int = 3, render_mode: Optional[str] = None) -> AECEnv:
    """The environment with PettingZoo's wrappers, as ``tictactoe_v3.env()`` has them."""
    game: AECEnv = raw_env(n=n, render_mode=render_mode)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv):  # type: ignore[misc]  # (PettingZoo's name; AECEnv is untyped here)
    """The environment without wrappers: a one-game native batch, judged by the library."""

    metadata = {
        "render_modes": _RENDER_MODES,
        "name": "tictactoe_nxn_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, n: int = 3, render_mode: Optional[str] = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode must be one of {_RENDER_MODES} or None")
        self._batch = Batch(1, n)
        self.n = n
        self.render_mode = render_mode
        self.possible_agents = ["player_1", "player_2"]
        self.agents = self.possible_agents[:]
        self.action_spaces = {agent: spaces.Discrete(n * n) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (n, n, 2), np.int8),
                    "action_mask": spaces.Box(0, 1, (n * n,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._start()

    def _start(self) -> None:
        self._batch.reset()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, NDArray[np.int8]]:
        mark = self.possible_agents.index(agent) + 1
        # The batch's planes (2, n, n) from the agent's side, laid out (n, n, 2) as tictactoe_v3's.
        planes = self._batch.observation(players=[mark])[0]
        observation = np.ascontiguousarray(planes.transpose(1, 2, 0))
        mask = self._batch.legal_mask()[0]
        return {"observation": observation.view(np.int8), "action_mask": mask.view(np.int8)}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        # Nothing here is random: the seed has nothing to seed.
        self._start()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        winner = int(self._batch.step(np.array([action], np.int64))[0])
        if self._batch.terminated[0]:
            if winner:
                self.rewards[self.possible_agents[winner - 1]] += 1
                self.rewards[self.possible_agents[2 - winner]] -= 1
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self.agent_selection = self._agent_selector.next()

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        return board(self._batch.game(0))

    def close(self) -> None:
        pass
