"""Gumbel MuZero's search of ours against DeepMind's mctx `gumbel_muzero_policy` (issue 33): the
same tic-tac-toe positions (pgx's `tic_tac_toe` on mctx's side), the same small linear network
on both sides, no Gumbel noise (`gumbel_scale=0`, `noise=False`), 16 actions considered; the
visits, the action and the improved policy (`action_weights`) compared game by game, at several
simulation counts. mctx computes in float32 and ours in float64: a near-tie may fall the other
way, so the count of games that agree is what is reported. `--json PATH` writes the records for
bench/report.py; run by `make bench` in the bench venv, where mctx and pgx install."""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np

from tictactoe import Batch, Puct, Rules

GAMES = 32
SIMULATIONS = [4, 16, 32, 64, 200]


def main() -> None:
    import jax
    import jax.numpy as jnp
    import mctx  # type: ignore[import-not-found]
    import pgx  # type: ignore[import-not-found]

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the records here")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    weights = rng.normal(size=(18, 9)).astype(np.float32)
    bias = rng.normal(size=9).astype(np.float32)
    judge = (rng.normal(size=18) * 0.5).astype(np.float32)

    # The same random openings (0 to 4 plies) on both sides.
    env = pgx.make("tic_tac_toe")
    state = jax.vmap(env.init)(jax.random.split(jax.random.PRNGKey(0), GAMES))
    batch = Batch(GAMES, rules=Rules.tic_tac_toe(3), seed=0)
    plies = rng.integers(0, 5, size=GAMES)
    for ply in range(5):
        legal = np.asarray(state.legal_action_mask)
        chosen = np.array([rng.choice(np.flatnonzero(legal[g])) for g in range(GAMES)])
        moving = (plies > ply) & ~np.asarray(state.terminated)
        stepped = jax.vmap(env.step)(state, jnp.asarray(np.where(moving, chosen, 0)))

        def keep(new: Any, old: Any, moving: np.ndarray = moving) -> Any:
            return jnp.where(moving.reshape((-1,) + (1,) * (new.ndim - 1)), new, old)

        state = jax.tree_util.tree_map(keep, stepped, state)
        if moving.any():
            batch.step(chosen[moving], games=np.flatnonzero(moving))

    def features(observation: Any) -> Any:
        # pgx's planes are (..., 3, 3, 2), the side to move's marks first: ours, flattened.
        mine, theirs = observation[..., 0].reshape(GAMES, 9), observation[..., 1].reshape(GAMES, 9)
        return jnp.concatenate([mine, theirs], axis=1).astype(jnp.float32)

    def network(x: Any) -> tuple[Any, Any]:
        return x @ weights + bias, jnp.tanh(x @ judge) * 0.9

    def recurrent_fn(params: Any, key: Any, action: Any, state: Any) -> Any:
        player = state.current_player
        state = jax.vmap(env.step)(state, action)
        logits, value = network(features(state.observation))
        logits = jnp.where(state.legal_action_mask, logits, jnp.finfo(jnp.float32).min)
        reward = state.rewards[jnp.arange(GAMES), player]
        value = jnp.where(state.terminated, 0.0, value)
        discount = jnp.where(state.terminated, 0.0, -1.0)
        output = mctx.RecurrentFnOutput(reward=reward, discount=discount, prior_logits=logits, value=value)
        return output, state

    def evaluate(observation: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = observation.reshape(len(observation), 18).astype(np.float32)
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
        record = {
            "simulations": simulations,
            "games": GAMES,
            "visits_equal": int((visits == np.asarray(theirs.search_tree.summary().visit_counts)).all(axis=1).sum()),
            "actions_equal": int((puct.selected() == np.asarray(theirs.action)).sum()),
            "policy_max_difference": float(np.abs(puct.policy() - np.asarray(theirs.action_weights)).max()),
        }
        records.append(record)
        print(
            f"{simulations} simulations: visits equal in {record['visits_equal']} of {GAMES} games, actions in "
            f"{record['actions_equal']}; the improved policies within {record['policy_max_difference']:.1e}",
            flush=True,
        )
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"records": records}, out, indent=1)


if __name__ == "__main__":
    main()
