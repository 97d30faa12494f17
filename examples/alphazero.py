"""AlphaZero on the engine: self-play over a batch with tictactoe.Puct, a replay buffer, a small
numpy network trained by its own gradient step, and games against the perfect player or the
tree search. numpy only, so that it runs anywhere (docs/alphazero.md shows the same loop with
PyTorch).

    python examples/alphazero.py --game tictactoe --minutes 5 --save ttt.npz
    python examples/alphazero.py --game tictactoe --load ttt.npz --against perfect --games 100

The second prints, last, a line `wins W, draws D, losses L` (the games split evenly between
playing X and O). `--gumbel N` makes Gumbel MuZero's search instead of PUCT (N actions
considered at the root), its improved policy the policy's target and its move the one played."""

from __future__ import annotations

import argparse
import time

import numpy as np

import tictactoe
from tictactoe import Batch, Puct, Rules, TicTacToe

GAMES = {"tictactoe": Rules.tic_tac_toe(3), "connect-four": Rules.CONNECT_FOUR}
# The network's parameters, in the order a saved network holds them.
PARAMS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")


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
        # Seconds spent in the network (its evaluations and its training steps): what the rest
        # of a training loop is measured against.
        self.seconds = 0.0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        logits = h2 @ p["wp"] + p["bp"]
        value = np.tanh(h2 @ p["wv"] + p["bv"])[:, 0]
        return logits, value, (x, h1, h2)

    def evaluate(self, observation: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """What tictactoe.Puct calls: the leaves' planes in, logits and values out."""
        start = time.perf_counter()
        logits, value, _ = self.forward(observation.reshape(len(observation), -1).astype(np.float32))
        self.seconds += time.perf_counter() - start
        return logits, value

    def train(self, x: np.ndarray, legal: np.ndarray, pi: np.ndarray, z: np.ndarray, lr: float = 1e-3) -> float:
        """One Adam step on a minibatch; the loss before it."""
        start = time.perf_counter()
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
        self.seconds += time.perf_counter() - start
        return loss

    def save(self, path: str) -> None:
        """Writes the weights to `path` as it is given (numpy would add `.npz` to a bare name,
        which `--load` with that name then would not find)."""
        with open(path, "wb") as file:
            np.savez(file, *[self.params[k] for k in PARAMS])

    def sizes(self) -> tuple[int, int]:
        """The flags the network reads and the actions it answers for."""
        return self.params["w1"].shape[0], self.params["wp"].shape[1]

    @staticmethod
    def load(path: str) -> Network:
        data = np.load(path)
        arrays = {k: data[f"arr_{i}"] for i, k in enumerate(PARAMS)}
        net = Network(arrays["w1"].shape[0], arrays["wp"].shape[1], arrays["w1"].shape[1])
        net.params = arrays
        return net


def symmetries(rules: Rules) -> list[tuple[np.ndarray, np.ndarray]]:
    """The symmetries the rules keep (`Rules.symmetry_maps`: eight on a square board, four on
    a rectangle, the left-right mirror alone under gravity, the identity first) as index maps of
    both planes' flags and of the actions: entry i of an image is entry map[i] of the original."""
    cells_map, actions_map = rules.symmetry_maps()
    cells = rules.rows * rules.cols
    pairs = zip(cells_map, actions_map, strict=True)
    return [(np.concatenate([image, image + cells]), actions) for image, actions in pairs]


class Buffer:
    """The replay buffer: the latest `capacity` positions with their legal masks, visit shares
    and results, in arrays written round; a minibatch is drawn under one of the board's
    symmetries at random, each array gathered once."""

    def __init__(self, capacity: int, rules: Rules, actions: int) -> None:
        cells = rules.rows * rules.cols
        self.capacity, self.size, self.next = capacity, 0, 0
        self.symmetries = symmetries(rules)
        self.x = np.zeros((capacity, 2 * cells), np.float32)
        self.legal = np.zeros((capacity, actions), np.bool_)
        self.pi = np.zeros((capacity, actions), np.float32)
        self.z = np.zeros(capacity, np.float32)

    def add(self, x: np.ndarray, legal: np.ndarray, pi: np.ndarray, z: np.ndarray) -> None:
        """Adds positions (one a row), overwriting the oldest once full."""
        at = (self.next + np.arange(len(x))) % self.capacity
        self.x[at], self.legal[at], self.pi[at], self.z[at] = x, legal, pi, z
        self.next = int((self.next + len(x)) % self.capacity)
        self.size = min(self.capacity, self.size + len(x))

    def sample(self, size: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        picks = rng.integers(0, self.size, size)
        planes, actions = self.symmetries[int(rng.integers(len(self.symmetries)))]
        x, legal, pi = (a.take(picks, axis=0) for a in (self.x, self.legal, self.pi))
        return x.take(planes, axis=1), legal.take(actions, axis=1), pi.take(actions, axis=1), self.z.take(picks)


def self_play(
    rules: Rules,
    net: Network,
    seconds: float,
    games: int,
    simulations: int,
    seed: int,
    report_every: float = 60.0,
    evaluate: bool = True,
    gumbel: int = 0,
) -> None:
    """Self-play over `games` games at once for `seconds`, training as positions come in; with
    `gumbel`, Gumbel MuZero's search."""
    rng = np.random.default_rng(seed)
    batch = Batch(games, rules=rules, seed=seed)
    alpha = 1.0 if rules.gravity is False else 0.5
    puct = Puct(batch, c_puct=1.5, dirichlet_alpha=alpha, seed=seed, gumbel=gumbel)
    buffer = Buffer(200_000, rules, batch.actions)
    # Each game's positions so far, by move number: planes, masks, visit shares and movers.
    cells, everyone = rules.rows * rules.cols, np.arange(games)
    seen_x = np.zeros((games, cells, 2 * cells), np.float32)
    seen_legal = np.zeros((games, cells, batch.actions), np.bool_)
    seen_pi = np.zeros((games, cells, batch.actions), np.float32)
    seen_mover = np.zeros((games, cells), np.uint8)
    plies = np.zeros(games, np.int64)
    # The first move of every game is uniformly random (so that the network meets every opening,
    # as an opponent that is not itself plays them), the next few drawn in proportion to the
    # visits, the rest the most visited.
    random_plies, opening = 1, 2 if cells <= 9 else 8
    start = last_report = time.perf_counter()
    finished_games = 0
    # What self-play and training took, the reports' games against the tree search apart.
    reports, network_before = 0.0, net.seconds
    while time.perf_counter() - start < seconds:
        # Every game is going: those that ended were restarted at the end of the last round.
        seen_x[everyone, plies] = batch.observation().reshape(games, -1)
        seen_legal[everyone, plies] = batch.legal_mask()
        seen_mover[everyone, plies] = batch.next_player
        visits, _ = puct.run(net.evaluate, simulations, noise=True)
        if gumbel:
            # Gumbel's draws explore; its improved policy is the target.
            actions, pi = puct.selected(), puct.policy()
        else:
            actions = np.where(plies < opening, puct.choose(visits, 1.0), puct.choose(visits, 0.0))
            pi = visits / np.maximum(visits.sum(axis=1, keepdims=True), 1)
        actions = np.where(plies < random_plies, batch.random_legal_actions(), actions)
        seen_pi[everyone, plies] = pi
        puct.play(actions)
        plies += 1
        over = np.flatnonzero(batch.terminated)
        if over.size:
            # The ended games' positions, game after game, each in the order played.
            lengths = plies[over]
            game = np.repeat(over, lengths)
            ply = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths)
            winner = np.repeat(batch.winner[over], lengths)
            mover = seen_mover[game, ply]
            z = np.where(winner == 0, 0.0, np.where(mover == winner, 1.0, -1.0)).astype(np.float32)
            buffer.add(seen_x[game, ply], seen_legal[game, ply], seen_pi[game, ply], z)
        finished_games += len(over)
        plies[over] = 0
        batch.reset_terminated()
        if buffer.size >= 512:
            for _ in range(4):
                net.train(*buffer.sample(256, rng))
        if evaluate and time.perf_counter() - last_report >= report_every:
            last_report = time.perf_counter()
            minutes = (last_report - start) / 60
            network = net.seconds
            wins, draws, losses = play_against(rules, net, "mcts", 20, simulations, 200, seed, gumbel)
            net.seconds = network
            reports += time.perf_counter() - last_report
            print(
                f"{minutes:5.1f} min, {finished_games} self-play games: against the tree search "
                f"(200 simulations) wins {wins}, draws {draws}, losses {losses}",
                flush=True,
            )
    total = time.perf_counter() - start - reports
    outside = 1.0 - (net.seconds - network_before) / total
    print(f"self-play and training: {total:.1f} s, {outside:.0%} of it outside the network", flush=True)


# A budget of positions no solve reaches: the perfect player's answer however long it takes
# (on Connect Four, positions just past the opening book take the solver seconds).
UNBOUNDED = 2**62


def perfect_move(game: TicTacToe, rng: np.random.Generator) -> tuple[int, int]:
    """A move drawn uniformly from those that keep the position's result (a win a win, a draw
    a draw), by `tictactoe.analyze`: a perfect player that does not play one game only."""
    me = game.next_player

    def result(value: tuple[int, int]) -> int:
        winner = value[0]
        return 0 if winner == 0 else (1 if winner == me else -1)

    values = tictactoe.analyze(game, UNBOUNDED)
    best = max(result(value) for _, value in values)
    moves = [move for move, value in values if result(value) == best]
    row, col = moves[int(rng.integers(len(moves)))]
    return row, col


def play_against(
    rules: Rules,
    net: Network,
    against: str,
    games: int,
    simulations: int,
    opponent_simulations: int,
    seed: int,
    gumbel: int = 0,
) -> tuple[int, int, int]:
    """Plays `games` games (half as X, half as O) with the network's search (`simulations` a
    move, no noise, the most visited move, or Gumbel's with `gumbel`) against the perfect
    player or the tree search; the network's wins, draws and losses. The perfect player draws
    among its perfect moves, so that the games differ."""
    batch = Batch(games, rules=rules, seed=seed)
    puct = Puct(batch, seed=seed, gumbel=gumbel)
    rng = np.random.default_rng(seed)
    ours = np.where(np.arange(games) < (games + 1) // 2, 1, 2)
    while not batch.terminated.all():
        visits, _ = puct.run(net.evaluate, simulations)
        actions = puct.selected() if gumbel else puct.choose(visits, 0.0)
        for g in np.flatnonzero(~batch.terminated):
            if batch.next_player[g] != ours[g]:
                game = batch.game(g)
                if against == "perfect":
                    row, col = perfect_move(game, rng)
                else:
                    row, col = tictactoe.best_move(
                        game, simulations=opponent_simulations, seed=seed + int(g), perfect=False
                    )
                actions[g] = col if rules.gravity else row * rules.cols + col
        puct.play(actions)
    winners = batch.winner
    wins = int(((winners == ours) & (winners != 0)).sum())
    draws = int((winners == 0).sum())
    return wins, draws, games - wins - draws


def main() -> None:
    # The docstring's first paragraph, whole (its first line ends mid-sentence), the usage after.
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
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
    parser.add_argument("--gumbel", type=int, default=0, help="Gumbel MuZero's search, N actions considered")
    args = parser.parse_args()
    rules = GAMES[args.game]
    if args.load:
        net = Network.load(args.load)
        flags, actions = 2 * rules.rows * rules.cols, Batch(1, rules=rules).actions
        if net.sizes() != (flags, actions):
            parser.error(
                f"{args.load} holds a network of {net.sizes()[0]} input flags and {net.sizes()[1]} "
                f"actions; --game {args.game} needs {flags} and {actions} (was it trained with another --game?)"
            )
    else:
        net = Network(2 * rules.rows * rules.cols, Batch(1, rules=rules).actions, seed=args.seed)
        seconds = args.seconds if args.seconds is not None else args.minutes * 60
        self_play(rules, net, seconds, args.batch, args.simulations, args.seed, args.report_every, gumbel=args.gumbel)
        if args.save:
            net.save(args.save)
    wins, draws, losses = play_against(
        rules, net, args.against, args.games, args.simulations, args.opponent_simulations, args.seed, args.gumbel
    )
    print(f"wins {wins}, draws {draws}, losses {losses}")


if __name__ == "__main__":
    main()
