"""`make soak`: random operations through the Python package (moves, plays, undos, copies,
move_many, pickling; negative, huge and out-of-range integers included) on games of size 1 to
6, every result compared with the plain-Python model, each game's state compared at its end;
then a twentieth as many Batch calls (steps of all games or of listed ones, illegal actions
raised or lost, resets) on batches of 1 to 32 games, against independent games.
Usage: python soak.py [operations] (default 10 000 000)."""

from __future__ import annotations

import pickle
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from batch_model import Singles, assert_same, step
from model import Model, Refused
from tictactoe import Batch, TicTacToe

ODD = [-1, -(2**70), 2**64, 2**200]


def outcome(call: Callable[..., Any], *args: Any) -> Any:
    try:
        return call(*args)
    except Refused as refused:
        return refused.kind
    except (ValueError, IndexError) as error:
        return getattr(error, "kind")


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    rng = random.Random(20261121)
    done = games = 0
    start = time.perf_counter()
    while done < total:
        n = rng.randint(1, 6)
        game, model = TicTacToe(n), Model(n)

        def coordinate(n: int = n) -> int:
            return rng.choice(ODD) if rng.random() < 0.05 else rng.randint(0, n + 1)

        for _ in range(rng.randint(1, 4 * n * n)):
            kind = rng.random()
            if kind < 0.4:
                row, col, player = coordinate(), coordinate(), rng.choice([0, 1, 2, 3, 2**80])
                assert outcome(game.move, row, col, player) == outcome(model.move, row, col, player)
            elif kind < 0.7:
                row, col = coordinate(), coordinate()
                assert outcome(game.play, row, col) == outcome(model.play, row, col)
            elif kind < 0.9:
                assert outcome(game.undo) == outcome(model.undo)
            else:
                game = pickle.loads(pickle.dumps(game))
            done += 1
        assert str(game) == model.board() and game.history == model.history
        assert (game.winner, game.status, game.next_player) == (model.winner, model.status, model.next_player)
        games += 1
    seconds = time.perf_counter() - start
    print(f"Python soak: {done} operations in {games} games, all equal to the model, {seconds:.1f} s")
    start = time.perf_counter()
    calls = soak_batches(rng, total // 20)
    seconds = time.perf_counter() - start
    print(f"Python soak: {calls} batch calls, all equal to independent games, {seconds:.1f} s")


def soak_batches(rng: random.Random, calls: int) -> int:
    """`calls` random Batch calls against independent games; the calls made."""
    done = 0
    while done < calls:
        count, n = rng.randint(1, 32), rng.randint(1, 6)
        rules: dict[str, Any] = {}
        if rng.random() < 0.5:  # the family's rules, else n x n tic-tac-toe
            cols = rng.randint(1, 6)
            rules = {
                "cols": cols,
                "k": rng.randint(1, max(n, cols)),
                "exact": rng.random() < 0.5,
                "gravity": rng.random() < 0.5,
            }
        batch = Batch(count, n, seed=rng.getrandbits(64), **rules)
        singles = Singles(count, n, **rules)
        for _ in range(rng.randint(1, 8 * n * n)):
            # One action in ten anything at all: taken, off the board, negative.
            actions = [
                rng.randint(-2, singles.actions + 2) if rng.random() < 0.1 else a
                for a in batch.random_legal_actions().tolist()
            ]
            lose, kind = rng.random() < 0.5, rng.random()
            if kind < 0.6:
                step(batch, singles, None, actions, lose)
            elif kind < 0.9:
                games = [g for g in range(count) if rng.random() < 0.5]
                rng.shuffle(games)
                step(batch, singles, games, [actions[g] for g in games], lose)
            else:
                listed = [g for g in range(count) if rng.random() < 0.5]
                batch.reset(np.array(listed, dtype=np.int64))
                for g in listed:
                    singles.reset(g)
            if rng.random() < 1 / 16:
                assert_same(batch, singles)
            done += 1
        assert_same(batch, singles)
    return done


if __name__ == "__main__":
    main()
