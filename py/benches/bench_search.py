"""The computer player's speed, on one core, side by side with OpenSpiel in the same run.

- solving the empty 4 x 4 board (`tictactoe.solve`), target 0.1 s;
- a perfect 3 x 3 move, native, per game of `Batch.perfect_actions` over 4096 games in mid
  play, target under 1 microsecond;
- Monte Carlo tree search simulations per second from the empty 3 x 3 and 7 x 7 boards
  (`tictactoe.best_move` with solving switched off, `max_nodes=0`), against OpenSpiel's C++
  `pyspiel.MCTSBot` with a one-rollout `RandomRolloutEvaluator` on `tic_tac_toe` and on `mnk`
  with m = n = k = 7, each timed over whole `step` calls; target 10x OpenSpiel;
- the same on Connect Four after 4 moves and gomoku after 5 stones (on its empty board our
  player takes the centre without searching), at 1 000 and 20 000 simulations a move, solving
  off, against OpenSpiel's `connect_four` and `gomoku` (issue #31: at least 10x on both);
- the literature's values of small games, each solved from the empty board and timed;
- strength: our computer player against OpenSpiel's C++ `MCTSBot` (random rollouts, solving
  on) at the same simulations a move on Connect Four and gomoku, as X and as O, and against a
  uniformly random player; targets: more games won than lost against `MCTSBot` on each side,
  at least 95% won against random.

Each speed figure is the best of three runs. `--json PATH` writes the records for bench/report.py."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import tictactoe
from tictactoe import Batch, TicTacToe


def best_of_three(run: Callable[[], Any]) -> float:
    """Seconds of the fastest of three runs of `run`, after a warm-up run."""
    run()
    times = []
    for _ in range(3):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def solve_4x4() -> dict[str, Any]:
    seconds = best_of_three(lambda: tictactoe.solve(TicTacToe(4)))
    return {
        "search": "solve the empty 4 x 4 board",
        "ours": seconds * 1e3,
        "unit": "ms",
        "target": 100.0,
        "against": "target",
    }


def perfect_3x3() -> dict[str, Any]:
    count = 4096
    batch = Batch(count, 3, seed=1)
    actions = np.empty(count, np.int64)
    for _ in range(3):  # mid play: three random moves in every game
        batch.step(batch.random_legal_actions(out=actions))
    batch.perfect_actions(out=actions)  # builds the table once
    calls = 50
    seconds = best_of_three(lambda: [batch.perfect_actions(out=actions) for _ in range(calls)])
    return {
        "search": "perfect 3 x 3 move (per game, Batch.perfect_actions of 4096)",
        "ours": seconds / calls / count * 1e9,
        "unit": "ns",
        "target": 1000.0,
        "against": "target",
    }


def ours_mcts(n: int, simulations: int) -> float:
    game = TicTacToe(n)
    seconds = best_of_three(lambda: tictactoe.best_move(game, simulations=simulations, max_nodes=0))
    return simulations / seconds


def openspiel_mcts(n: int, simulations: int) -> float:
    import pyspiel

    game = pyspiel.load_game("tic_tac_toe") if n == 3 else pyspiel.load_game("mnk", {"m": n, "n": n, "k": n})
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, False, 0, False)
    state = game.new_initial_state()
    seconds = best_of_three(lambda: bot.step(state))
    return simulations / seconds


def mcts(n: int, simulations: int, skipped: list[str]) -> dict[str, Any]:
    record: dict[str, Any] = {
        "search": f"MCTS simulations per second, empty {n} x {n}, {simulations} a move",
        "unit": "sims/s",
        "target": 10.0,
    }
    record["ours"] = ours_mcts(n, simulations)
    try:
        record["against_value"] = openspiel_mcts(n, simulations)
        record["against"] = "OpenSpiel MCTSBot"
    except Exception as error:
        skipped.append(f"OpenSpiel MCTSBot on {n} x {n}: {type(error).__name__}: {error}")
    return record


class Family:
    """One of the family's big games, as ours and as OpenSpiel's; `opening` is OpenSpiel's
    actions to the position the speed is measured from (on an empty gomoku board our player
    takes the centre without searching)."""

    def __init__(self, name: str, openspiel: str, new: Callable[[], TicTacToe], opening: list[int]) -> None:
        self.name, self.openspiel, self.new, self.opening = name, openspiel, new, opening

    def action(self, game: TicTacToe, row: int, col: int) -> int:
        """OpenSpiel's action for our move: a column under gravity, else row * cols + col."""
        return col if game.gravity else row * game.cols + col

    def play(self, game: TicTacToe, action: int) -> None:
        if game.gravity:
            game.drop(action)
        else:
            game.play(action // game.cols, action % game.cols)


FAMILY = [
    Family("Connect Four", "connect_four", lambda: TicTacToe(rules=tictactoe.Rules.CONNECT_FOUR), [3, 3, 2, 4]),
    Family(
        "gomoku 15 x 15",
        "gomoku",
        lambda: TicTacToe(rules=tictactoe.Rules.GOMOKU),
        [7 * 15 + 7, 7 * 15 + 8, 8 * 15 + 6, 6 * 15 + 8, 6 * 15 + 6],
    ),
]


def family_mcts(family: Family, simulations: int, skipped: list[str]) -> dict[str, Any]:
    """Simulations a second from `family`'s opening position, solving off, against MCTSBot."""
    game = family.new()
    for action in family.opening:
        family.play(game, action)
    seconds = best_of_three(lambda: tictactoe.best_move(game, simulations=simulations, max_nodes=0))
    where = f"after {len(family.opening)} marks"
    record: dict[str, Any] = {
        "search": f"MCTS simulations per second, {family.name} {where}, {simulations} a move",
        "unit": "sims/s",
        "target": 10.0,
        "ours": simulations / seconds,
    }
    try:
        import pyspiel

        spiel = pyspiel.load_game(family.openspiel)
        bot = pyspiel.MCTSBot(spiel, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, simulations, 1000, False, 0, False)
        state = spiel.new_initial_state()
        for action in family.opening:
            state.apply_action(action)
        record["against_value"] = simulations / best_of_three(lambda: bot.step(state))
        record["against"] = "OpenSpiel MCTSBot"
    except Exception as error:
        skipped.append(f"OpenSpiel MCTSBot on {family.openspiel}: {type(error).__name__}: {error}")
    return record


# The m,n,k-game literature's values: (rows, cols, k, exact, gravity), winner (0 a draw), and
# plies under perfect play where the literature gives them.
KNOWN = [
    ((3, 3, 3, False, False), 0, 9),
    ((3, 4, 3, False, False), 1, 7),
    ((4, 4, 3, False, False), 1, None),
    ((4, 4, 4, False, False), 0, None),
    ((5, 5, 4, False, False), 0, None),
    ((4, 3, 3, False, True), 0, None),
    ((4, 4, 3, False, True), 1, 9),
    ((3, 5, 3, True, False), 1, 7),
]


def known_values() -> list[dict[str, Any]]:
    """Each known value solved from the empty board, timed (one run: the biggest take seconds)."""
    records = []
    for (rows, cols, k, exact, gravity), winner, plies in KNOWN:
        game = TicTacToe(rows, k, cols=cols, exact=exact, gravity=gravity)
        start = time.perf_counter()
        got_winner, got_plies = tictactoe.solve(game, max_nodes=1_000_000_000)
        seconds = time.perf_counter() - start
        rules = f"{rows} x {cols}, k = {k}" + (", exact" if exact else "") + (", gravity" if gravity else "")
        records.append(
            {
                "rules": rules,
                "winner": got_winner,
                "plies": got_plies,
                "known_winner": winner,
                "known_plies": plies,
                "ms": seconds * 1e3,
            }
        )
    return records


def random_opponent(game: TicTacToe, rng: np.random.Generator) -> tuple[int, int]:
    moves = game.legal_moves()
    return moves[rng.integers(len(moves))]


def strength(family: Family, simulations: int, games: int, opponent: str) -> list[dict[str, Any]]:
    """Games of our computer (`simulations` a move) against `opponent` ("MCTSBot", the same
    simulations a move, or "random"), `games` as X and `games` as O, seeded per game."""
    import pyspiel

    records = []
    for ours in (0, 1):
        results = {"won": 0, "lost": 0, "drawn": 0}
        our_seconds = their_seconds = 0.0
        our_moves = their_moves = 0
        for g in range(games):
            spiel = pyspiel.load_game(family.openspiel)
            bot = pyspiel.MCTSBot(spiel, pyspiel.RandomRolloutEvaluator(1, g), 2.0, simulations, 1000, True, g, False)
            rng = np.random.default_rng(g)
            state, game = spiel.new_initial_state(), family.new()
            while not state.is_terminal():
                start = time.perf_counter()
                if state.current_player() == ours:
                    action = family.action(game, *tictactoe.best_move(game, simulations=simulations, seed=g))
                    our_seconds += time.perf_counter() - start
                    our_moves += 1
                else:
                    if opponent == "MCTSBot":
                        action = bot.step(state)
                    else:
                        action = family.action(game, *random_opponent(game, rng))
                    their_seconds += time.perf_counter() - start
                    their_moves += 1
                state.apply_action(action)
                family.play(game, action)
            # The two engines judge every game alike, or the comparison means nothing.
            assert game.winner == (0 if state.returns()[0] == 0 else 1 if state.returns()[0] > 0 else 2)
            outcome = state.returns()[ours]
            results["won" if outcome > 0 else "lost" if outcome < 0 else "drawn"] += 1
        records.append(
            {
                "game": family.name,
                "opponent": opponent,
                "simulations": simulations,
                "as": "X" if ours == 0 else "O",
                **results,
                "our_ms": our_seconds / max(our_moves, 1) * 1e3,
                "their_ms": their_seconds / max(their_moves, 1) * 1e3,
            }
        )
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the records here")
    args = parser.parse_args()
    skipped: list[str] = []
    records = [solve_4x4(), perfect_3x3(), mcts(3, 20000, skipped), mcts(7, 5000, skipped)]
    records += [family_mcts(family, simulations, skipped) for family in FAMILY for simulations in (1000, 20000)]
    for record in records:
        against = record.get("against_value")
        ratio = f", {record['ours'] / against:.1f}x {record['against']} ({against:,.0f})" if against else ""
        print(f"{record['search']}: {record['ours']:,.1f} {record['unit']}{ratio}")
    known = known_values()
    for value in known:
        print(
            f"solve {value['rules']}: winner {value['winner']} in {value['plies']} plies "
            f"(known: {value['known_winner']}), {value['ms']:,.1f} ms"
        )
    matches: list[dict[str, Any]] = []
    try:
        for family, simulations, games in ((FAMILY[0], 1000, 10), (FAMILY[1], 1000, 3)):
            matches += strength(family, simulations, games, "MCTSBot")
            matches += strength(family, 100, 10, "random")
    except ImportError as error:
        skipped.append(f"strength against OpenSpiel: {type(error).__name__}: {error}")
    for match in matches:
        print(
            f"{match['game']}, ours as {match['as']} against {match['opponent']} ({match['simulations']} "
            f"simulations): won {match['won']}, lost {match['lost']}, drawn {match['drawn']}; "
            f"{match['our_ms']:.1f} ms a move against {match['their_ms']:.1f}"
        )
    for reason in skipped:
        print(f"skipped: {reason}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"search": records, "known": known, "strength": matches, "skipped": skipped}, out, indent=1)


if __name__ == "__main__":
    main()
