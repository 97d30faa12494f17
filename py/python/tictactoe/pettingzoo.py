"""PettingZoo AEC environments of the k-in-a-row family: ``env`` (n x n tic-tac-toe by default,
or any rules: ``rules=tictactoe.Rules(...)`` or the keywords ``TicTacToe`` takes) shaped like
PettingZoo's own ``tictactoe_v3`` so that code written for it runs unchanged (and plays the
same games at n = 3), and ``connect_four_env`` shaped like ``connect_four_v3`` (and playing the
same games). Needs the extra: ``pip install "tictactoe[pettingzoo]"``.

    >>> from tictactoe.pettingzoo import env
    >>> game = env(n=4)
    >>> game.reset(seed=0)
    >>> game.agents
    ['player_1', 'player_2']
    >>> obs, reward, terminated, truncated, info = game.last()
    >>> obs["observation"].shape, obs["action_mask"].shape
    ((4, 4, 2), (16,))

As in ``tictactoe_v3``: agents ``player_1`` (X, first) and ``player_2`` (O) take turns; an action
is the cell ``row * cols + col`` (under gravity the column); each agent observes
``{"observation": (rows, cols, 2) int8` (plane 0 its own marks, plane 1 the other's),
"action_mask": (actions,) int8}``; at the end the winner gets +1 and the loser -1 (0 each for a
draw), and both terminate; an illegal action ends the game with -1 for its player (PettingZoo's
``TerminateIllegalWrapper``, as in ``tictactoe_v3``). ``connect_four_env()`` is the same on
Connect Four's rules (6 x 7, four in a row, gravity) with ``connect_four_v3``'s agents
``player_0`` and ``player_1``: an action is a column, the observation (6, 7, 2), the mask (7,).

Where it differs, on purpose:
- the agent not to move sees the legal actions in its mask too (``tictactoe_v3`` and
  ``connect_four_v3`` give it all zeros, on which a masked policy divides by zero); once the game
  is over every mask is all zeros (no action is legal; theirs still list the free cells);
- copies, deep copies and pickles keep the whole game (``tictactoe_v3`` pickles its constructor
  arguments only and comes back empty);
- ``render_mode="ansi"`` draws the board as ``python -m tictactoe`` does, ``"human"`` prints
  it after every ``reset`` and ``step``, ``"rgb_array"`` draws it as an RGB image (64 pixels a
  cell); there is no pygame window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Optional

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

# PettingZoo ships no type information.
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import AgentSelector, wrappers  # type: ignore[import-untyped]

from ._display import RENDER_MODES as _RENDER_MODES
from ._display import render, show
from ._keywords import RuleKeywords
from ._tictactoe import Batch, Rules

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["ConnectFourRawEnv", "connect_four_env", "env", "raw_env"]


def _wrapped(game: AECEnv) -> AECEnv:
    """PettingZoo's wrappers, as ``tictactoe_v3.env()`` and ``connect_four_v3.env()`` have them."""
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


def env(
    n: Optional[int] = None,
    k: Optional[int] = None,
    *,
    rules: Optional[Rules] = None,
    render_mode: Optional[str] = None,
    **keywords: Unpack[RuleKeywords],
) -> AECEnv:
    """The environment with PettingZoo's wrappers: n x n tic-tac-toe (3 x 3 by default), or any
    game of the family under ``rules`` or the older keywords (``k``, ``cols``, ``exact``,
    ``gravity``; not both)."""
    return _wrapped(raw_env(n, k, rules=rules, render_mode=render_mode, **keywords))


def connect_four_env(render_mode: Optional[str] = None) -> AECEnv:
    """Connect Four with PettingZoo's wrappers, shaped like ``connect_four_v3.env()``."""
    return _wrapped(ConnectFourRawEnv(render_mode=render_mode))


class raw_env(AECEnv):  # type: ignore[misc]  # (PettingZoo's name; AECEnv is untyped here)
    """The environment without wrappers: a one-game native batch, judged by the library."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": _RENDER_MODES,
        "name": "tictactoe_nxn_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    #: The agents, X's first (``tictactoe_v3``'s names).
    AGENTS = ("player_1", "player_2")

    def __init__(
        self,
        n: Optional[int] = None,
        k: Optional[int] = None,
        *,
        rules: Optional[Rules] = None,
        render_mode: Optional[str] = None,
        **keywords: Unpack[RuleKeywords],
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode must be one of {_RENDER_MODES} or None")
        self._batch = Batch(1, n, k=k, rules=rules, **keywords)
        rows, columns, actions = self._batch.rows, self._batch.cols, self._batch.actions
        self.render_mode = render_mode
        self.possible_agents = list(self.AGENTS)
        self.agents = self.possible_agents[:]
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (rows, columns, 2), np.int8),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._start()

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._batch.rules

    @property
    def n(self) -> int:
        """The side of a square board (a ValueError for a rectangle)."""
        return self._batch.n

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
        # The batch's planes (2, rows, cols) from the agent's side, laid out (rows, cols, 2) as
        # PettingZoo's classic games lay them out.
        planes = self._batch.observation(players=[mark])[0]
        observation = np.ascontiguousarray(planes.transpose(1, 2, 0))
        mask = self._batch.legal_mask()[0]
        return {"observation": observation.view(np.int8), "action_mask": mask.view(np.int8)}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        # Nothing here is random: the seed has nothing to seed.
        self._start()
        show(self)

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
        show(self)

    def render(self) -> Any:
        """The text (``"ansi"``), the image (``"rgb_array"``), or for ``"human"`` the text
        printed (which ``reset`` and ``step`` do by themselves, as ``tictactoe_v3`` does)."""
        return render(self._batch.game(0), self.render_mode)

    def close(self) -> None:
        pass


class ConnectFourRawEnv(raw_env):
    """Connect Four (6 x 7, four in a row, gravity) without wrappers, with ``connect_four_v3``'s
    agents: ``player_0`` (first) and ``player_1``."""

    AGENTS = ("player_0", "player_1")
    metadata: ClassVar[dict[str, Any]] = {**raw_env.metadata, "name": "connect_four_tictactoe_v0"}

    def __init__(self, render_mode: Optional[str] = None) -> None:
        super().__init__(rules=Rules.CONNECT_FOUR, render_mode=render_mode)
