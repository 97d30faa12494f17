"""Gymnasium environments: the agent plays one side of a game of the k-in-a-row family (n x n
tic-tac-toe by default; any rules, as ``rules=tictactoe.Rules(...)`` or the keywords
``TicTacToe`` takes) against a built-in opponent, one game at a time (:class:`TicTacToeEnv`) or
many on one native batch (:class:`TicTacToeVectorEnv`). Needs the extra:
``pip install "tictactoe[gymnasium]"``.

Importing this module registers ``tictactoe/TicTacToe-v0``, ``tictactoe/ConnectFour-v0``
(``Rules.CONNECT_FOUR``: 6 x 7, four in a row, gravity: an action is a column, ``Discrete(7)``)
and ``tictactoe/Gomoku-v0`` (``Rules.GOMOKU``: 15 x 15, five in a row), each with the native
vector env as its vector entry point::

    >>> import gymnasium as gym
    >>> from tictactoe import Rules
    >>> env = gym.make("tictactoe.gym:tictactoe/TicTacToe-v0", n=3, opponent="perfect")
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape, info["action_mask"].shape
    ((2, 3, 3), (9,))
    >>> envs = gym.make_vec("tictactoe/TicTacToe-v0", num_envs=1024, rules=Rules(4, k=3))
    >>> type(envs).__name__, envs.rules
    ('TicTacToeVectorEnv', Rules(4, k=3))

- observation: ``Box(0, 1, (2, rows, cols), int8)`` from the agent's view: plane 0 its marks,
  plane 1 the opponent's;
- action: ``Discrete(rows * cols)``, the cell ``row * cols + col``; under gravity
  ``Discrete(cols)``, the column (the mark falls to its lowest free cell);
- reward: +1 when the agent wins, -1 when it loses (an illegal action included: by default,
  as in pgx and PettingZoo, it loses the game for the agent), 0 otherwise; an episode ends only
  by termination (never truncated);
- ``info["illegal_action"]``: whether the step's action was illegal (so lost the game);
- ``info["action_mask"]`` (int8, what ``action_space.sample(mask=...)`` takes) and
  ``action_masks()`` (bool, sb3-contrib's ``MaskablePPO`` convention): the free cells, all zero
  once the episode is over (a state nobody acts in).

Seeding follows Gymnasium: ``reset(seed=s)`` reproduces a run exactly, the opponent's moves
included; the vector's game i seeded with s plays as the single environment seeded with s + i,
which is what ``SyncVectorEnv`` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, SupportsFloat, Union, cast

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from ._arena import Arena, Policy
from ._display import RENDER_MODES as _RENDER_MODES
from ._display import render, show
from ._keywords import RuleKeywords
from ._tictactoe import Rules

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["CONNECT_FOUR_ID", "ENV_ID", "GOMOKU_ID", "TicTacToeEnv", "TicTacToeVectorEnv"]

#: The registered ids; ``gymnasium.make_vec`` with any of them builds the native vector env.
ENV_ID = "tictactoe/TicTacToe-v0"
CONNECT_FOUR_ID = "tictactoe/ConnectFour-v0"
GOMOKU_ID = "tictactoe/Gomoku-v0"


def _keywords(rules: Rules) -> dict[str, Any]:
    """A preset as the keywords it differs from the defaults by, which ``gym.make`` merges with
    the caller's: so that a registered id's rules can still be changed a part at a time
    (``gym.make(GOMOKU_ID, exact=True)``)."""
    keywords: dict[str, Any] = {"n": rules.rows, "k": rules.k}
    if rules.cols != rules.rows:
        keywords["cols"] = rules.cols
    keywords.update({flag: True for flag in ("exact", "gravity") if getattr(rules, flag)})
    return keywords


#: The rules each registered id stands for (keywords of the environments).
_REGISTERED: dict[str, dict[str, Any]] = {
    ENV_ID: {},
    CONNECT_FOUR_ID: _keywords(Rules.CONNECT_FOUR),
    GOMOKU_ID: _keywords(Rules.GOMOKU),
}


def _legal(masks: NDArray[np.bool_], actions: NDArray[np.int64]) -> NDArray[np.bool_]:
    """Whether each game's action is legal by its mask (an action off the board is not). On the
    vector env's every step: one flat gather (negative actions wrap past the width as unsigned)."""
    count, width = masks.shape
    inside = actions.view(np.uint64) < width
    where = np.arange(count, dtype=np.int64) * width + np.where(inside, actions, 0)
    picked: NDArray[np.bool_] = masks.reshape(-1).take(where) & inside
    return picked


def _spaces(arena: Arena) -> tuple[spaces.Space[NDArray[np.int8]], spaces.Discrete]:
    shape = (2, arena.rows, arena.cols)
    box = cast("spaces.Space[NDArray[np.int8]]", spaces.Box(0, 1, shape, np.int8))
    return box, spaces.Discrete(arena.batch.actions)


def _fresh_seeds(rng: np.random.Generator, count: int) -> list[int]:
    return [int(s) for s in rng.integers(0, 2**63, size=count)]


class _Board:
    """The board's rules and size, as an environment's games have them."""

    _arena: Arena

    @property
    def rules(self) -> Rules:
        """The rules of the games."""
        return self._arena.batch.rules

    @property
    def n(self) -> int:
        """The side of a square board (a ValueError for a rectangle: see ``rows``, ``cols``)."""
        return self._arena.batch.n

    @property
    def rows(self) -> int:
        """The board's rows."""
        return self._arena.rows

    @property
    def cols(self) -> int:
        """The board's columns."""
        return self._arena.cols


class TicTacToeEnv(_Board, gymnasium.Env[NDArray[np.int8], np.int64]):
    """One game, the agent against a built-in opponent, under ``rules`` (a
    :class:`tictactoe.Rules`) or the older keywords as ``TicTacToe`` takes them (``n``, 3 by
    default, ``k``, ``cols``, ``exact``, ``gravity``; not both).

    ``agent``: "X", "O" or "alternate" (X in the first episode after seeding, then O, ...).
    ``opponent``: "random", "perfect" (tic-tac-toe up to 3 x 3), "computer" (the library's
    computer player under any rules: exact where it can solve the position, else ``simulations``
    of tree search a move), or a callable taking the observations (m, 2, rows, cols) and masks
    (m, actions) of the m games where it is to move (from its view) and returning m actions.
    ``illegal``: "lose" (the default, as pgx and PettingZoo do: the episode ends, reward -1,
    ``info["illegal_action"]`` True; any action of the action space is then a step, as
    Gymnasium's contract and Stable-Baselines3's ``check_env`` ask) or "raise" (the matching
    ``InvalidMoveError``, the game unchanged).
    """

    # Gymnasium reads it from the class; its type is Env's (an instance variable to mypy).
    metadata = {"render_modes": _RENDER_MODES, "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        n: Optional[int] = None,
        k: Optional[int] = None,
        *,
        rules: Optional[Rules] = None,
        agent: str = "X",
        opponent: Union[str, Policy] = "random",
        illegal: str = "lose",
        simulations: Optional[int] = None,
        render_mode: Optional[str] = None,
        **keywords: Unpack[RuleKeywords],
    ) -> None:
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode must be one of {_RENDER_MODES} or None")
        self._arena = Arena(
            1,
            n,
            k,
            rules=rules,
            agent=agent,
            opponent=opponent,
            illegal=illegal,
            simulations=simulations,
            threads=1,
            **keywords,
        )
        self.observation_space, self.action_space = _spaces(self._arena)
        self.render_mode = render_mode
        self._seeded = False

    @property
    def agent_player(self) -> int:
        """The agent's mark in this episode: 1 (X) or 2 (O)."""
        return int(self._arena.sides[0])

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[NDArray[np.int8], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None or not self._seeded:
            self._arena.seed([seed] if seed is not None else _fresh_seeds(self.np_random, 1))
            self._seeded = True
        self._arena.reset()
        self._arena.opponent_moves()
        show(self)
        return self._arena.observation()[0], self._info()

    def step(self, action: Any) -> tuple[NDArray[np.int8], SupportsFloat, bool, bool, dict[str, Any]]:
        if not self._seeded:
            raise RuntimeError("call reset() before step()")
        if self._arena.batch.terminated[0]:
            raise RuntimeError("the episode is over: call reset()")
        actions = np.array([action], np.int64).reshape(1)
        illegal = ~_legal(self.action_masks()[None], actions)
        observation, _, rewards = self._arena.step(actions)
        terminated = bool(self._arena.batch.terminated[0])
        show(self)
        return observation[0], float(rewards[0]), terminated, False, self._info(bool(illegal[0]))

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions, (actions,) bool: all False once the episode is over."""
        mask: NDArray[np.bool_] = self._arena.masks()[0]
        return mask

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self.action_masks().view(np.int8), "illegal_action": illegal}

    def render(self) -> Any:
        """The text (``"ansi"``), the image (``"rgb_array"``: rows * 64 x cols * 64 RGB), or for
        ``"human"`` the text printed (which ``reset`` and ``step`` do by themselves, as
        Gymnasium's ``"human"`` mode asks)."""
        return render(self._arena.batch.game(0), self.render_mode)


class TicTacToeVectorEnv(_Board, VectorEnv[NDArray[np.int8], NDArray[np.int64], NDArray[Any]]):
    """``num_envs`` games on one native batch, each the agent against the opponent: as many
    :class:`TicTacToeEnv` (same arguments) in a ``SyncVectorEnv``, with the same results, at
    native speed.

    ``autoreset_mode``: ``AutoresetMode.NEXT_STEP`` (default: the step after a game ends resets
    it, its action ignored) or ``SAME_STEP`` (a game that ends is reset in the same step; its
    final observation is in ``info["final_obs"]``, its final info in ``info["final_info"]``).
    ``threads`` splits the native work of a step between threads (same results).
    """

    def __init__(
        self,
        num_envs: int,
        n: Optional[int] = None,
        k: Optional[int] = None,
        *,
        rules: Optional[Rules] = None,
        agent: str = "X",
        opponent: Union[str, Policy] = "random",
        illegal: str = "lose",
        simulations: Optional[int] = None,
        autoreset_mode: Union[str, AutoresetMode] = AutoresetMode.NEXT_STEP,
        render_mode: Optional[str] = None,
        threads: int = 1,
        **keywords: Unpack[RuleKeywords],
    ) -> None:
        mode = AutoresetMode(autoreset_mode)
        if mode == AutoresetMode.DISABLED:
            raise ValueError("autoreset_mode must be NEXT_STEP or SAME_STEP")
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode must be one of {_RENDER_MODES} or None")
        self._arena = Arena(
            num_envs,
            n,
            k,
            rules=rules,
            agent=agent,
            opponent=opponent,
            illegal=illegal,
            simulations=simulations,
            threads=threads,
            **keywords,
        )
        self.num_envs = num_envs
        self.metadata = {"render_modes": _RENDER_MODES, "render_fps": 4, "autoreset_mode": mode}
        self.render_mode = render_mode
        self.single_observation_space, self.single_action_space = _spaces(self._arena)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._seeded = False
        self._everyone = np.ones(num_envs, np.bool_)
        # The masks the agent was last shown: what its next actions are judged legal by.
        self._masks = np.zeros((num_envs, self._arena.batch.actions), np.bool_)

    @property
    def agent_player(self) -> NDArray[np.uint8]:
        """The agent's mark in each game's episode: 1 (X) or 2 (O)."""
        return self._arena.sides.copy()

    def reset(
        self,
        *,
        seed: Union[int, list[Optional[int]], None] = None,
        options: Optional[dict[str, Any]] = None,
    ) -> tuple[NDArray[np.int8], dict[str, Any]]:
        """Resets every game, or those of ``options["reset_mask"]`` (bool (num_envs,)). ``seed``:
        an int s seeds game i with s + i; a list seeds game i with its i-th entry (None: not
        reseeded, as ``SyncVectorEnv``'s environment is not; at the first reset, from the
        environment's generator)."""
        mask = (options or {}).get("reset_mask")
        if mask is not None:
            mask = np.asarray(mask)
            if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
                raise ValueError(f"options['reset_mask'] must be bool of shape ({self.num_envs},)")
        games = np.flatnonzero(self._everyone if mask is None else mask)
        if isinstance(seed, int) or seed is None:
            super().reset(seed=seed)
            seeds: list[Optional[int]] = [seed + int(g) for g in games] if seed is not None else [None] * games.size
        else:
            if len(seed) != self.num_envs:
                raise ValueError(f"seed must be an int or a list of {self.num_envs} seeds")
            super().reset()
            seeds = [seed[int(g)] for g in games]
        if not self._seeded:
            fresh = iter(_fresh_seeds(self.np_random, games.size))
            self._arena.seed([s if s is not None else next(fresh) for s in seeds], games)
            self._seeded = True
        else:
            given = [(int(g), s) for g, s in zip(games, seeds, strict=True) if s is not None]
            if given:
                self._arena.seed([s for _, s in given], np.array([g for g, _ in given]))
        self._arena.reset(games)
        self._autoreset[games] = False
        self._arena.opponent_moves()
        self._masks = self.action_masks()
        show(self)
        return self._arena.observation(), self._info(self._masks, np.zeros(self.num_envs, np.bool_))

    def step(
        self, actions: Any
    ) -> tuple[NDArray[np.int8], NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        if not self._seeded:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {actions.shape}")
        if self.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP:
            stepped = self._step_next(actions)
        else:
            stepped = self._step_same(actions)
        show(self)
        return stepped

    def _step_same(
        self, actions: NDArray[Any]
    ) -> tuple[NDArray[np.int8], NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        """Every game steps (none is over: an ended game was reset in the step that ended it);
        the games that end now are reset at once, their last observations kept in the info."""
        arena = self._arena
        illegal = ~_legal(self._masks, actions.astype(np.int64))
        observation, masks, rewards = arena.step(actions)
        terminated = arena.batch.terminated
        ended = np.flatnonzero(terminated)
        info: dict[str, Any] = {}
        if ended.size:
            info = self._final_info(ended, observation, masks.view(np.int8), illegal)
            arena.reset(ended)
            arena.opponent_moves()
            observation, masks = arena.observation(), arena.masks()
        self._masks = masks
        # A game that ended was reset: its info is the reset's, the step's in final_info.
        info.update(self._info(masks, illegal & ~terminated))
        truncated = np.zeros(self.num_envs, np.bool_)
        return observation, rewards, terminated, truncated, info

    def _step_next(
        self, actions: NDArray[Any]
    ) -> tuple[NDArray[np.int8], NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        """The games that ended in the last step are reset (their actions ignored); the others
        step."""
        # The games restarting take no action: theirs is neither legal nor illegal.
        illegal = ~_legal(self._masks, actions.astype(np.int64)) & ~self._autoreset
        observation, masks, rewards = self._arena.step(actions, self._autoreset)
        terminated = self._arena.batch.terminated
        self._autoreset = terminated.copy()
        self._masks = masks
        truncated = np.zeros(self.num_envs, np.bool_)
        return observation, rewards, terminated, truncated, self._info(masks, illegal)

    def _info(self, masks: NDArray[np.bool_], illegal: NDArray[np.bool_]) -> dict[str, Any]:
        everyone = self._everyone
        return {
            # A copy: the caller may write into it, and the next step reads the masks it keeps.
            "action_mask": masks.view(np.int8).copy(),
            "_action_mask": everyone.copy(),
            "illegal_action": illegal,
            "_illegal_action": everyone.copy(),
        }

    def _final_info(
        self,
        ended: NDArray[np.intp],
        final_obs: NDArray[np.int8],
        final_mask: NDArray[np.int8],
        illegal: NDArray[np.bool_],
    ) -> dict[str, Any]:
        """What SyncVectorEnv gives in same-step mode for the games that ended: their last
        observations (an object array, None elsewhere) and their last infos."""
        which = np.zeros(self.num_envs, np.bool_)
        which[ended] = True
        observations = np.full(self.num_envs, None, dtype=object)
        for g in ended:
            observations[g] = final_obs[g]
        masks = np.zeros_like(final_mask)
        masks[ended] = final_mask[ended]
        final_info = {
            "action_mask": masks,
            "_action_mask": which.copy(),
            "illegal_action": illegal & which,
            "_illegal_action": which.copy(),
        }
        return {
            "final_obs": observations,
            "_final_obs": which,
            "final_info": final_info,
            "_final_info": which.copy(),
        }

    def action_masks(self) -> NDArray[np.bool_]:
        """Each game's legal actions, (num_envs, actions) bool: all False in a game that is over."""
        return self._arena.masks()

    def render(self) -> Optional[tuple[Any, ...]]:
        """Each game's text (``"ansi"``) or image (``"rgb_array"``); for ``"human"`` every
        game's text printed (which ``reset`` and ``step`` do by themselves)."""
        shown = tuple(render(self._arena.batch.game(g), self.render_mode) for g in range(self.num_envs))
        return None if self.render_mode in (None, "human") else shown


for _id, _rules in _REGISTERED.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point="tictactoe.gym:TicTacToeEnv",
            vector_entry_point="tictactoe.gym:TicTacToeVectorEnv",
            kwargs=_rules,
        )
