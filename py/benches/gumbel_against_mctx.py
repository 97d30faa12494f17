"""Gumbel MuZero's search of ours against DeepMind's mctx `gumbel_muzero_policy` (issue 33): the
same positions on both sides (pgx's `tic_tac_toe` and `connect_four` on mctx's side), the same
small linear network, no Gumbel noise (`gumbel_scale=0`, `noise=False`), 16 actions considered;
the visits, the action and the improved policy (`action_weights`) compared game by game, at
several simulation counts. Tic-tac-toe's positions are 0 to 4 plies in (most with illegal
actions); half of Connect Four's start with a full first column. mctx computes in float32 and
ours in float64: a near-tie may fall the other way, so the count of games that agree is what is
reported. `--json PATH` writes the records for bench/report.py; run by `make bench` in the bench
venv, where mctx and pgx install."""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np

from tictactoe import Batch, Puct, Rules

COUNT = 32
SIMULATIONS = [4, 16, 32, 64, 200]
# pgx's name, our rules, the random plies after the opening (at most), and the opening of the
# games with one (every other game): Connect Four's fills the first column, no one winning.
GAMES: list[tuple[str, Rules, int, list[int]]] = [
    ("tic_tac_toe", Rules.tic_tac_toe(3), 4, []),
    ("connect_four", Rules.CONNECT_FOUR, 8, [0, 0, 0, 0, 0, 0]),
]


def compare(name: str, rules: Rules, plies: int, opening: list[int]) -> list[dict[str, Any]]:
    """The records of one game's comparison, a simulation count each."""
    import jax
    import jax.numpy as jnp
    import mctx  # type: ignore[import-not-found]
    import pgx  # type: ignore[import-not-found]

    rng = np.random.default_rng(0)
    cells, actions = rules.rows * rules.cols, Batch(1, rules=rules).actions
    weights = rng.normal(size=(2 * cells, actions)).astype(np.float32)
    bias = rng.normal(size=actions).astype(np.float32)
    judge = (rng.normal(size=2 * cells) * 0.5 / np.sqrt(cells / 9)).astype(np.float32)

    # The same moves on both sides: the opening in every other game, then random plies.
    env = pgx.make(name)
    state = jax.vmap(env.init)(jax.random.split(jax.random.PRNGKey(0), COUNT))
    batch = Batch(COUNT, rules=rules, seed=0)
    opened = np.arange(COUNT) % 2 == 1
    random_plies = rng.integers(0, plies + 1, size=COUNT)
    for ply in range(len(opening) + plies):
        legal = np.asarray(state.legal_action_mask)
        chosen = np.array([rng.choice(np.flatnonzero(legal[g])) for g in range(COUNT)])
        if ply < len(opening):
            moving = opened.copy()
            chosen[:] = opening[ply]
        else:
            moving = random_plies > ply - len(opening)
        moving &= ~np.asarray(state.terminated)
        stepped = jax.vmap(env.step)(state, jnp.asarray(np.where(moving, chosen, 0)))

        def keep(new: Any, old: Any, moving: np.ndarray = moving) -> Any:
            return jnp.where(moving.reshape((-1,) + (1,) * (new.ndim - 1)), new, old)

        state = jax.tree_util.tree_map(keep, stepped, state)
        if moving.any():
            batch.step(chosen[moving], games=np.flatnonzero(moving))
    over = np.asarray(state.terminated)
    assert (over == batch.terminated).all()

    def features(observation: Any) -> Any:
        # pgx's planes are (..., rows, cols, 2), the side to move's marks first: ours, flattened
        # (the same rows: the bottom one last).
        mine, theirs = observation[..., 0].reshape(COUNT, cells), observation[..., 1].reshape(COUNT, cells)
        return jnp.concatenate([mine, theirs], axis=1).astype(jnp.float32)

    def network(x: Any) -> tuple[Any, Any]:
        return x @ weights + bias, jnp.tanh(x @ judge) * 0.9

    def recurrent_fn(params: Any, key: Any, action: Any, state: Any) -> Any:
        player = state.current_player
        state = jax.vmap(env.step)(state, action)
        logits, value = network(features(state.observation))
        logits = jnp.where(state.legal_action_mask, logits, jnp.finfo(jnp.float32).min)
        reward = state.rewards[jnp.arange(COUNT), player]
        value = jnp.where(state.terminated, 0.0, value)
        discount = jnp.where(state.terminated, 0.0, -1.0)
        output = mctx.RecurrentFnOutput(reward=reward, discount=discount, prior_logits=logits, value=value)
        return output, state

    def evaluate(observation: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = observation.reshape(len(observation), 2 * cells).astype(np.float32)
        return x @ weights + bias, np.tanh(x @ judge) * np.float32(0.9)

    logits, value = network(features(state.observation))
    masked = jnp.where(state.legal_action_mask, logits, jnp.finfo(jnp.float32).min)
    root = mctx.RootFnOutput(prior_logits=masked, value=value, embedding=state)
    records = []
    for simulations in SIMULATIONS:
        theirs = mctx.gumbel_muzero_policy(
            params=None,
            rng_key=jax.random.PRNGKey(1),
            root=root,
            recurrent_fn=recurrent_fn,
            num_simulations=simulations,
            invalid_actions=~state.legal_action_mask,
            gumbel_scale=0.0,
        )
        puct = Puct(batch, gumbel=16)
        visits, _ = puct.run(evaluate, simulations)
        playing = ~over
        their_visits = np.asarray(theirs.search_tree.summary().visit_counts)
        policy_difference = np.abs(puct.policy() - np.asarray(theirs.action_weights))[playing]
        record = {
            "game": name,
            "simulations": simulations,
            "games": int(playing.sum()),
            "visits_equal": int((visits == their_visits).all(axis=1)[playing].sum()),
            "actions_equal": int((puct.selected() == np.asarray(theirs.action))[playing].sum()),
            "policy_max_difference": float(policy_difference.max()),
        }
        records.append(record)
        print(
            f"{name}, {simulations} simulations: visits equal in {record['visits_equal']} of {record['games']} "
            f"games, actions in {record['actions_equal']}; the improved policies within "
            f"{record['policy_max_difference']:.1e}",
            flush=True,
        )
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the records here")
    args = parser.parse_args()
    records = [record for game in GAMES for record in compare(*game)]
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"records": records}, out, indent=1)


if __name__ == "__main__":
    main()
