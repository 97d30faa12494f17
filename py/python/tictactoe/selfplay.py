"""Self-play: games of one rule set played by one policy for both sides on a native ``Batch``,
returned as numpy arrays, in one process (:func:`play_shards`) or spread over Ray actors
(:func:`play_on_ray`; ``pip install "tictactoe[ray]"``) with the same results.

Work is cut into shards, each a number of games and a seed. A shard's games depend on its seed
alone, so a shard gives the same trajectories whichever process or machine plays it, and
:func:`play_on_ray` with any number of actors returns exactly what :func:`play_shards` returns
in one process::

    >>> from tictactoe import Rules, selfplay
    >>> shards = [selfplay.Shard(games=20, seed=s) for s in range(4)]
    >>> local = selfplay.play_shards(shards, rules=Rules.CONNECT_FOUR)
    >>> local.game_count, local.observations.shape[1:], local.masks.shape[1:]
    (80, (2, 6, 7), (7,))

Each move of each game is one row: ``observations`` (moves, 2, rows, cols) int8 from the
mover's view (plane 0 its marks), ``masks`` (moves, actions) int8, ``actions`` (moves,) int64 (a
cell ``row * cols + col``, under gravity a column), ``players`` (moves,) uint8 (1 or 2),
``rewards`` (moves,) float32 for the mover (+1 for the winning move, else 0: the loser's -1 is
the opposite of its game's last reward), ``ends`` (moves,) bool (the game ended with this move)
and ``games`` (moves,) int64 (the row's game, counted from 0 in the order the games started).
A game's rows are in order; games interleave, as a batch plays them.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Optional, Union

import numpy as np
from numpy.typing import NDArray

from ._keywords import RuleKeywords
from ._tictactoe import Batch, Rules

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Policy", "RayPool", "SelfPlayWorker", "Shard", "Trajectories", "play_on_ray", "play_shards"]

#: A policy for both sides: given the observations (m, 2, rows, cols) int8 of m games from the
#: mover's view and their legal masks (m, actions) int8, it returns m actions.
Policy = Callable[[NDArray[np.int8], NDArray[np.int8]], "NDArray[np.integer[Any]] | list[int]"]

_MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class Shard:
    """A unit of work: ``games`` games, played from generators seeded with ``seed``."""

    games: int
    seed: int


@dataclass
class Trajectories:
    """Every move of the games played, one row a move (see the module's documentation)."""

    observations: NDArray[np.int8]
    masks: NDArray[np.int8]
    actions: NDArray[np.int64]
    players: NDArray[np.uint8]
    rewards: NDArray[np.float32]
    ends: NDArray[np.bool_]
    games: NDArray[np.int64]

    @property
    def game_count(self) -> int:
        """The number of games (each ends in exactly one row)."""
        return int(self.ends.sum())

    @staticmethod
    def concatenate(parts: Sequence[Trajectories]) -> Trajectories:
        """The parts one after the other, their games numbered on from the part before."""
        offsets = np.cumsum([0] + [part.game_count for part in parts[:-1]])
        columns = {
            field.name: np.concatenate([getattr(part, field.name) for part in parts]) for field in fields(Trajectories)
        }
        columns["games"] = np.concatenate([p.games + offset for p, offset in zip(parts, offsets, strict=True)])
        return Trajectories(**columns)

    def equals(self, other: Trajectories) -> bool:
        """Whether every column is the same."""
        return all(
            np.array_equal(getattr(self, field.name), getattr(other, field.name)) for field in fields(Trajectories)
        )


class SelfPlayWorker:
    """Plays shards on one batch of ``batch_size`` games under the rules ``Batch`` takes
    (``rules``, or ``n``, ``k`` and the older keywords ``cols``, ``exact``, ``gravity``), both
    sides by ``policy``: "random" (a uniformly random legal move from each game's own
    generator), "computer" (the library's computer player, ``simulations`` a move when it cannot
    solve) or a :data:`Policy`. What a Ray actor holds."""

    def __init__(
        self,
        n: Optional[int] = None,
        k: Optional[int] = None,
        *,
        rules: Optional[Rules] = None,
        policy: Union[str, Policy] = "random",
        simulations: Optional[int] = None,
        batch_size: int = 64,
        **keywords: Unpack[RuleKeywords],
    ) -> None:
        if not callable(policy) and policy not in ("random", "computer"):
            raise ValueError(f"policy must be 'random', 'computer' or a callable, not {policy!r}")
        self.batch = Batch(batch_size, n, k=k, rules=rules, **keywords)
        self.policy = policy
        self.simulations = simulations

    def play(self, shard: Shard) -> Trajectories:
        """The shard's games: game j starts in slot j mod the batch's size as the slot frees up,
        and every slot draws from a generator seeded from the shard's seed and the slot."""
        batch = self.batch
        size = batch.count
        slots = np.arange(size)
        batch.seed([(shard.seed * 1_000_003 + slot) & _MASK64 for slot in range(size)])
        batch.reset()
        game_of = np.arange(size, dtype=np.int64)  # the game each slot plays
        started = min(size, shard.games)
        live = slots[:started]
        rows: list[tuple[NDArray[Any], ...]] = []
        while live.size:
            observations = batch.observation()[live].view(np.int8)
            masks = batch.legal_mask()[live].view(np.int8)
            players = batch.next_player[live]
            actions = self._actions(live, game_of[live], observations, masks, shard)
            winners = batch.step(actions, games=live)
            ends = batch.terminated[live]
            rewards = (winners == players).astype(np.float32)
            rows.append((observations, masks, actions, players, rewards, ends, game_of[live]))
            finished = live[ends]
            if finished.size:
                fresh = finished[: max(0, shard.games - started)]
                if fresh.size:
                    batch.reset(fresh)
                    game_of[fresh] = np.arange(started, started + fresh.size)
                    started += fresh.size
                live = np.sort(np.concatenate([live[~ends], fresh]))
        return _trajectories(rows, batch)

    def _actions(
        self,
        live: NDArray[np.intp],
        games: NDArray[np.int64],
        observations: NDArray[np.int8],
        masks: NDArray[np.int8],
        shard: Shard,
    ) -> NDArray[np.int64]:
        if self.policy == "random":
            return self.batch.random_legal_actions(games=live)
        if self.policy == "computer":
            # A seed per move, from the shard's seed, the game and its move number, mixed
            # natively (the same in every interpreter, as a shard's games must be).
            marks = np.count_nonzero(observations.reshape(live.size, -1), axis=1)
            seeds = Batch._search_seeds([shard.seed] * live.size, games, marks)
            return self.batch.computer_actions(games=live, seeds=seeds, simulations=self.simulations)
        assert callable(self.policy)
        return np.asarray(self.policy(observations, masks), np.int64).reshape(live.size)


def _trajectories(rows: list[tuple[NDArray[Any], ...]], batch: Batch) -> Trajectories:
    if not rows:
        shape = (0, 2, batch.rows, batch.cols)
        return Trajectories(
            np.zeros(shape, np.int8),
            np.zeros((0, batch.actions), np.int8),
            np.zeros(0, np.int64),
            np.zeros(0, np.uint8),
            np.zeros(0, np.float32),
            np.zeros(0, np.bool_),
            np.zeros(0, np.int64),
        )
    columns = [np.concatenate(column) for column in zip(*rows, strict=True)]
    return Trajectories(*columns)


def play_shards(shards: Sequence[Shard], **worker: Any) -> Trajectories:
    """Every shard in order, in this process; ``worker`` as :class:`SelfPlayWorker` takes it.
    No shard: no game, as a shard of none plays."""
    one = SelfPlayWorker(**worker)
    return Trajectories.concatenate([one.play(shard) for shard in _some(shards)])


def _some(shards: Sequence[Shard]) -> Sequence[Shard]:
    """The shards, or a shard of no game for none: its columns are empty arrays of the board's
    shapes, which no concatenation of nothing could know."""
    return shards if len(shards) > 0 else [Shard(games=0, seed=0)]


class RayPool:
    """``actors`` Ray actors, each a :class:`SelfPlayWorker` (``worker`` as it takes them) with
    its own batch, kept for many calls of :meth:`play` (an actor is a process: starting one
    costs far more than a shard of games). Uses the Ray cluster the caller started with
    ``ray.init`` (one machine, or many: nothing here changes)."""

    def __init__(self, actors: int, **worker: Any) -> None:
        import ray  # the extra: pip install "tictactoe[ray]"

        self._ray: Any = ray
        remote = ray.remote(SelfPlayWorker)
        # Actor handles are dynamic: their methods gain `.remote`, which no type describes.
        self.actors: list[Any] = [remote.remote(**worker) for _ in range(actors)]

    def play(self, shards: Sequence[Shard]) -> Trajectories:
        """The shards handed to the actors in turn, the results put back in shard order: equal
        to ``play_shards(shards, **worker)``."""
        count = len(self.actors)
        futures = [self.actors[i % count].play.remote(shard) for i, shard in enumerate(_some(shards))]
        return Trajectories.concatenate(self._ray.get(futures))


def play_on_ray(shards: Sequence[Shard], *, actors: int, **worker: Any) -> Trajectories:
    """The shards played by a new :class:`RayPool` of ``actors`` actors: equal to
    ``play_shards(shards, **worker)``."""
    return RayPool(actors, **worker).play(shards)


if TYPE_CHECKING:
    #: Deprecated: the old name of :class:`SelfPlayWorker`.
    Player = SelfPlayWorker
else:

    def __getattr__(name: str) -> Any:
        """``Player``, the old name of :class:`SelfPlayWorker`, with a ``DeprecationWarning``:
        in a library where a player is X or O, the worker that plays both is not one."""
        if name == "Player":
            warnings.warn(
                "tictactoe.selfplay.Player is deprecated: it is SelfPlayWorker now",
                DeprecationWarning,
                stacklevel=2,
            )
            return SelfPlayWorker
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
