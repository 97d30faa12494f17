"""AlphaZero on the engine: self-play over a batch with tictactoe.Puct, a replay buffer, a small
numpy network trained by its own gradient step, and games against the perfect player or the
tree search. numpy only, so that it runs anywhere (docs/alphazero.md shows the same loop with
PyTorch).

    python examples/alphazero.py --game tictactoe --minutes 5 --save ttt.npz
    python examples/alphazero.py --game tictactoe --load ttt.npz --against perfect --games 100

The second prints, last, a line `wins W, draws D, losses L` (the games split evenly between
playing X and O)."""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

import tictactoe
from tictactoe import Batch, Puct, Rules

GAMES = {"tictactoe": Rules.tic_tac_toe(3), "connect-four": Rules.CONNECT_FOUR}
# The network's parameters, in the order a saved network holds them.
PARAMS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
Sample = tuple[np.ndarray, np.ndarray, np.ndarray, float]


class Network:
    """A two-layer perceptron with a policy head (logits over the actions) and a value head
    (tanh), trained with Adam on the sum of the policy's cross-entropy against the search's
    visit shares, the value's squared error against the game's result, and an L2 penalty."""

    def __init__(self, inputs: int, actions: int, hidden: int = 128, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)

        def layer(fan_in: int, fan_out: int) -> np.ndarray:
            weights: np.ndarray = rng.standard_normal((fan_in, fan_out)) * np.sqrt(2.0 / fan_in)
            return weights.astype(np.float32)

        self.params = {
            "w1": layer(inputs, hidden),
            "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden),
            "b2": np.zeros(hidden, np.float32),
            "wp": layer(hidden, actions) * 0.1,
            "bp": np.zeros(actions, np.float32),
            "wv": layer(hidden, 1) * 0.1,
            "bv": np.zeros(1, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        logits = h2 @ p["wp"] + p["bp"]
        value = np.tanh(h2 @ p["wv"] + p["bv"])[:, 0]
        return logits, value, (x, h1, h2)

    def evaluate(self, observation: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """What tictactoe.Puct calls: the leaves' planes in, logits and values out."""
        logits, value, _ = self.forward(observation.reshape(len(observation), -1).astype(np.float32))
        return logits, value

    def train(self, x: np.ndarray, legal: np.ndarray, pi: np.ndarray, z: np.ndarray, lr: float = 1e-3) -> float:
        """One Adam step on a minibatch; the loss before it."""
        p = self.params
        logits, value, (x, h1, h2) = self.forward(x)
        masked = np.where(legal, logits, -1e9)
        masked -= masked.max(axis=1, keepdims=True)
        probs = np.exp(masked) * legal
        probs /= probs.sum(axis=1, keepdims=True)
        n = len(x)
        loss = float(-(pi * np.log(probs + 1e-9)).sum() / n + ((value - z) ** 2).mean())
        d_logits = (probs - pi) / n
        d_pre_v = (2.0 * (value - z) / n * (1.0 - value**2))[:, None]
        grads = {"wp": h2.T @ d_logits, "bp": d_logits.sum(0), "wv": h2.T @ d_pre_v, "bv": d_pre_v.sum(0)}
        d_h2 = (d_logits @ p["wp"].T + d_pre_v @ p["wv"].T) * (h2 > 0)
        grads["w2"], grads["b2"] = h1.T @ d_h2, d_h2.sum(0)
        d_h1 = (d_h2 @ p["w2"].T) * (h1 > 0)
        grads["w1"], grads["b1"] = x.T @ d_h1, d_h1.sum(0)
        self.steps += 1
        for k, g in grads.items():
            g = g + 1e-4 * p[k]
            m, v = self.moments[k]
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat, v_hat = m / (1 - 0.9**self.steps), v / (1 - 0.999**self.steps)
            p[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
        return loss

    def save(self, path: str) -> None:
        np.savez(path, *[self.params[k] for k in PARAMS])

    @staticmethod
    def load(path: str) -> Network:
        data = np.load(path)
        arrays = {k: data[f"arr_{i}"] for i, k in enumerate(PARAMS)}
        net = Network(arrays["w1"].shape[0], arrays["wp"].shape[1], arrays["w1"].shape[1])
        net.params = arrays
        return net


def symmetries(
    rules: Rules, planes: np.ndarray, legal: np.ndarray, pi: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The position's images under the board's symmetries, with their masks and targets: the
    eight of a square board without gravity, the mirror under gravity (actions are columns)."""
    if rules.gravity:
        return [(planes, legal, pi), (planes[:, :, ::-1], legal[::-1], pi[::-1])]
    shape = (rules.rows, rules.cols)
    images: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for flip in (False, True):
        for turns in range(4 if rules.rows == rules.cols else 1):

            def image(a: np.ndarray, flip: bool = flip, turns: int = turns) -> np.ndarray:
                a = np.rot90(a, turns, axes=(-2, -1))
                return a[..., ::-1] if flip else a

            images.append(
                (image(planes), image(legal.reshape(shape)).reshape(-1), image(pi.reshape(shape)).reshape(-1))
            )
    return images


@dataclass
class Buffer:
    """The replay buffer: the latest `capacity` positions with their legal masks, visit shares
    and results."""

    capacity: int
    items: list[Sample] = field(default_factory=list)

    def add(self, item: Sample) -> None:
        self.items.append(item)
        if len(self.items) > self.capacity:
            del self.items[: len(self.items) - self.capacity]

    def sample(self, size: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        picks = rng.integers(0, len(self.items), size)
        x, legal, pi, z = zip(*(self.items[i] for i in picks), strict=True)
        return (
            np.stack(x).reshape(size, -1).astype(np.float32),
            np.stack(legal),
            np.stack(pi).astype(np.float32),
            np.array(z, np.float32),
        )


def self_play(rules: Rules, net: Network, seconds: float, games: int, simulations: int, seed: int,
              report_every: float = 60.0, evaluate: bool = True) -> None:
    """Self-play over `games` games at once for `seconds`, training as positions come in."""
    rng = np.random.default_rng(seed)
    batch = Batch(games, rules=rules, seed=seed)
    puct = Puct(batch, c_puct=1.5, dirichlet_alpha=1.0 if rules.gravity is False else 0.5, seed=seed)
    buffer = Buffer(200_000)
    pending: list[list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]] = [[] for _ in range(games)]
    plies = np.zeros(games, np.int64)
    opening = 2 if rules.rows * rules.cols <= 9 else 8
    start = last_report = time.perf_counter()
    finished_games = 0
    while time.perf_counter() - start < seconds:
        observation, legal, players = batch.observation(), batch.legal_mask(), batch.next_player.copy()
        visits, _ = puct.run(net.evaluate, simulations, noise=True)
        actions = np.where(plies < opening, puct.choose(visits, 1.0), puct.choose(visits, 0.0))
        for g in np.flatnonzero(~batch.terminated):
            pending[g].append((observation[g], legal[g], visits[g] / visits[g].sum(), int(players[g])))
        puct.play(actions)
        plies += 1
        over = np.flatnonzero(batch.terminated)
        for g in over:
            winner = int(batch.winner[g])
            for planes, mask, pi, player in pending[g]:
                z = 0.0 if winner == 0 else (1.0 if winner == player else -1.0)
                for image_planes, image_mask, image_pi in symmetries(rules, planes, mask, pi):
                    buffer.add((image_planes, image_mask, image_pi, z))
            pending[g] = []
        finished_games += len(over)
        plies[over] = 0
        batch.reset_terminated()
        if len(buffer.items) >= 512:
            for _ in range(4):
                net.train(*buffer.sample(256, rng))
        if evaluate and time.perf_counter() - last_report >= report_every:
            last_report = time.perf_counter()
            minutes = (last_report - start) / 60
            wins, draws, losses = play_against(rules, net, "mcts", 20, simulations, 200, seed)
            print(f"{minutes:5.1f} min, {finished_games} self-play games: against the tree search "
                  f"(200 simulations) wins {wins}, draws {draws}, losses {losses}", flush=True)


def play_against(rules: Rules, net: Network, against: str, games: int, simulations: int,
                 opponent_simulations: int, seed: int) -> tuple[int, int, int]:
    """Plays `games` games (half as X, half as O) with the network's search (`simulations` a
    move, no noise, the most visited move) against the perfect player or the tree search; the
    network's wins, draws and losses."""
    batch = Batch(games, rules=rules, seed=seed)
    puct = Puct(batch, seed=seed)
    ours = np.where(np.arange(games) < (games + 1) // 2, 1, 2)
    while not batch.terminated.all():
        visits, _ = puct.run(net.evaluate, simulations)
        actions = puct.choose(visits, 0.0)
        for g in np.flatnonzero(~batch.terminated):
            if batch.next_player[g] != ours[g]:
                game = batch.game(g)
                if against == "perfect":
                    row, col = tictactoe.best_move(game)
                else:
                    row, col = tictactoe.best_move(game, simulations=opponent_simulations, seed=seed + int(g),
                                                   perfect=False)
                actions[g] = col if rules.gravity else row * rules.cols + col
        puct.play(actions)
    winners = batch.winner
    wins = int(((winners == ours) & (winners != 0)).sum())
    draws = int((winners == 0).sum())
    return wins, draws, games - wins - draws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="tictactoe")
    parser.add_argument("--minutes", type=float, default=5.0, help="self-play and training time")
    parser.add_argument("--seconds", type=float, default=None, help="the same in seconds (a smoke test)")
    parser.add_argument("--save", help="write the trained network here (.npz)")
    parser.add_argument("--load", help="play with this network instead of training one")
    parser.add_argument("--against", choices=["perfect", "mcts"], default="perfect")
    parser.add_argument("--games", type=int, default=100, help="games played with --load")
    parser.add_argument("--simulations", type=int, default=32, help="the network's search a move")
    parser.add_argument("--opponent-simulations", type=int, default=200, help="the tree search's, with mcts")
    parser.add_argument("--batch", type=int, default=128, help="self-play games at once")
    parser.add_argument("--report-every", type=float, default=60.0, help="seconds between reports")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = GAMES[args.game]
    if args.load:
        net = Network.load(args.load)
    else:
        net = Network(2 * rules.rows * rules.cols, Batch(1, rules=rules).actions, seed=args.seed)
        seconds = args.seconds if args.seconds is not None else args.minutes * 60
        self_play(rules, net, seconds, args.batch, args.simulations, args.seed, args.report_every)
        if args.save:
            net.save(args.save)
    wins, draws, losses = play_against(rules, net, args.against, args.games, args.simulations,
                                       args.opponent_simulations, args.seed)
    print(f"wins {wins}, draws {draws}, losses {losses}")


if __name__ == "__main__":
    main()
