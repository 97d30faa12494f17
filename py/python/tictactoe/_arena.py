"""Games of one learner against a built-in opponent, on one native ``Batch``: what the Gymnasium
environments (one game, or a vector of them) are made of.

The learner (the "agent") plays one side of each game and the opponent the other; the opponent
moves whenever it is its turn, so that between two calls it is always the agent's turn in every
game that is not over. Every rule is the batch's: this module only says who moves where.

Each game draws its random opponent's moves from its own generator, and only when that game
needs a move, so a game's run depends on its own seed and actions alone: game i of a vector
seeded with s plays exactly as one game seeded with s + i (Gymnasium's convention for vectors).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, Optional, Union

import numpy as np
from numpy.typing import NDArray

from ._keywords import RuleKeywords
from ._tictactoe import Batch, Rules

if TYPE_CHECKING:
    from typing_extensions import Unpack

#: An opponent written by the caller: given the observations (m, 2, rows, cols) int8 of the m
#: games where it is to move, from its own view (plane 0 its marks), and their legal masks
#: (m, actions) int8, it returns m actions (a cell ``row * cols + col``, or under gravity a
#: column). The same form as a policy's ``predict``, so a trained (or frozen) policy plays as
#: the opponent.
Policy = Callable[[NDArray[np.int8], NDArray[np.int8]], "NDArray[np.integer] | list[int]"]

#: The opponents built in: ``"random"`` (a uniformly random legal move from the game's own
#: generator), ``"perfect"`` (never loses; tic-tac-toe up to 3 x 3), ``"computer"`` (the
#: library's computer player: exact when it can solve the position, else tree search of
#: ``simulations``; under every rule set).
OPPONENTS = ("random", "perfect", "computer")

#: Which side the agent plays: always X, always O, or X and O in turn, episode after episode.
SIDES = ("X", "O", "alternate")

_MASK64 = (1 << 64) - 1


class Arena:
    """``count`` games under the rules ``Batch`` takes (``rules``, or ``n``, ``k`` and the older
    keywords), the agent against ``opponent`` in each."""

    def __init__(
        self,
        count: int,
        n: Optional[int],
        k: Optional[int],
        *,
        rules: Optional[Rules],
        agent: str,
        opponent: Union[str, Policy],
        illegal: str,
        simulations: Optional[int],
        threads: int,
        **keywords: Unpack[RuleKeywords],
    ) -> None:
        if agent not in SIDES:
            raise ValueError(f"agent must be one of {SIDES}, not {agent!r}")
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        if not callable(opponent) and opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {OPPONENTS} or a callable, not {opponent!r}")
        self.batch = Batch(count, n, k=k, rules=rules, threads=threads, **keywords)
        if self.batch.k == 1 and agent != "X":
            raise ValueError("with one in a row X wins with the first move: the agent must be X")
        if opponent == "perfect":
            # Builds (once per process) the table of the board's size, or raises the search's
            # ValueError for a size without one, now rather than at the first step.
            self.batch.perfect_actions()
        self.agent = agent
        self.opponent = opponent
        self.illegal: Literal["raise", "lose"] = "raise" if illegal == "raise" else "lose"
        self.simulations = simulations
        #: The agent's mark (1 for X, 2 for O) in each game's current episode.
        self.sides = np.ones(count, np.uint8)
        #: Episodes started in each game since it was seeded (the side alternates with them).
        self.episodes = np.zeros(count, np.int64)
        #: Each game's seed, which the computer opponent's searches draw from too.
        self.seeds = np.zeros(count, np.uint64)
        #: The shapes of what the agent sees after a step: planes and masks.
        self._shapes = ((count, 2, self.rows, self.cols), (count, self.batch.actions))

    @property
    def count(self) -> int:
        return self.batch.count

    @property
    def rows(self) -> int:
        return self.batch.rows

    @property
    def cols(self) -> int:
        return self.batch.cols

    def seed(self, seeds: list[int], games: Optional[NDArray[np.intp]] = None) -> None:
        """Restarts the listed games' generators and episode counts from ``seeds``."""
        where = np.arange(self.count) if games is None else games
        self.batch.seed(seeds, games=where)
        self.seeds[where] = [seed & _MASK64 for seed in seeds]
        self.episodes[where] = 0

    def reset(self, games: Optional[NDArray[np.intp]] = None) -> None:
        """Empties the games (all, or those listed) for their next episode, without the
        opponent's opening move (``opponent_moves`` makes it)."""
        where = np.arange(self.count) if games is None else games
        self.batch.reset(where)
        self._next_episodes(where)

    def _next_episodes(self, where: NDArray[Any]) -> None:
        """Counts the next episodes of the games ``where`` picks (indices or a bool mask), whose
        boards were just emptied, and gives the agent its side in them."""
        self.sides[where] = self._next_sides(where)
        self.episodes[where] += 1

    def _next_sides(self, where: NDArray[Any]) -> NDArray[np.uint8]:
        """The agent's marks in the next episodes of the games ``where`` picks (indices or a
        bool mask)."""
        if self.agent == "alternate":
            sides: NDArray[np.uint8] = (1 + (self.episodes[where] & 1)).astype(np.uint8)
            return sides
        return np.full(self.sides[where].shape, 1 if self.agent == "X" else 2, np.uint8)

    def step(
        self, actions: NDArray[Any], restart: Optional[NDArray[np.bool_]] = None
    ) -> tuple[NDArray[np.int8], NDArray[np.bool_], NDArray[np.float64]]:
        """The agent's moves in every game, judged as ``illegal`` says (with "raise" a bad action
        raises and nothing changes), then the opponent's replies. The games ``restart`` (bool,
        (count,)) picks start their next episode instead, their actions ignored (the opponent
        opens those where the agent is O). Returns what the agent sees after the step: the
        observations, the legal masks and the rewards."""
        if self.opponent != "random":
            # A refusal names the game: with `restart`, the native step takes every game's
            # action and skips the restarted ones itself.
            self.batch.step(actions, restart=restart, illegal=self.illegal)
            if restart is not None:
                self._next_episodes(restart)
            self.opponent_moves()
            return self.observation(), self.masks(), self.rewards()
        # The whole step in one native call: moves, new episodes, the random replies and the
        # outputs.
        sides = self.sides
        if restart is not None and self.agent == "alternate":
            sides = self.sides.copy()
            sides[restart] = self._next_sides(restart)
        planes, masks = np.empty(self._shapes[0], np.bool_), np.empty(self._shapes[1], np.bool_)
        rewards = np.empty(masks.shape[0], np.float64)
        self.batch.step_against_random(
            actions,
            sides,
            restart,
            illegal=self.illegal,
            observation=planes,
            legal_mask=masks,
            rewards=rewards,
        )
        if restart is not None:
            if sides is not self.sides:
                self.sides[:] = sides
            self.episodes += restart
        return planes.view(np.int8), masks, rewards

    def opponent_moves(self) -> None:
        """The opponent moves in every game that is not over where it is its turn."""
        waiting = np.flatnonzero(~self.batch.terminated & (self.batch.next_player != self.sides))
        if not waiting.size:
            return
        if self.opponent == "random":
            # The draws of random_legal_actions, played in the same call.
            self.batch.step_random(games=waiting)
        else:
            self.batch.step(self._opponent_actions(waiting), games=waiting)

    def _opponent_actions(self, games: NDArray[np.intp]) -> NDArray[np.int64]:
        if self.opponent == "perfect":
            return self.batch.perfect_actions()[games]
        if self.opponent == "computer":
            # A seed per move, from the game's seed, episode and move number, mixed natively
            # (the same in every interpreter): each game plays as it would alone (a single
            # environment's is game 0 of its batch).
            marks = np.count_nonzero(self.batch.cells()[games].reshape(games.size, -1), axis=1)
            seeds = Batch._search_seeds(self.seeds[games], self.episodes[games], marks)
            return self.batch.computer_actions(games=games, seeds=seeds, simulations=self.simulations)
        mask = self.batch.legal_mask()[games].view(np.int8)
        view = self.batch.observation()[games].view(np.int8)
        assert callable(self.opponent)
        return np.asarray(self.opponent(view, mask), np.int64).reshape(games.size)

    def observation(self) -> NDArray[np.int8]:
        """Every game from its agent's view: (count, 2, rows, cols) int8, plane 0 the agent's
        marks."""
        return self.batch.observation(players=self.sides).view(np.int8)

    def masks(self) -> NDArray[np.bool_]:
        """Every game's legal actions, (count, actions) bool: all False once a game is over."""
        return self.batch.legal_mask()

    def rewards(self) -> NDArray[np.float64]:
        """+1 where the agent has won, -1 where the opponent has, else 0."""
        return self.batch.rewards(self.sides)
