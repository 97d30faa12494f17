"""The computer player from Python: solve and best_move against an independent minimax over
every 3 x 3 position, the budget, refusals, determinism, and the batch's perfect opponent."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

import tictactoe
from tictactoe import Batch, BudgetExceededError, GameOverError, TicTacToe

LINES = [[(r, c) for c in range(3)] for r in range(3)]
LINES += [[(r, c) for r in range(3)] for c in range(3)]
LINES += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


def won(cells: tuple[int, ...], player: int) -> bool:
    return any(all(cells[r * 3 + c] == player for r, c in line) for line in LINES)


@functools.cache
def minimax(cells: tuple[int, ...], player: int) -> tuple[int, int]:
    """(score, plies) for `player` to move: score 1 win, 0 draw, -1 loss; fastest win, slowest
    loss, a draw's plies the empty cells."""
    best: tuple[int, int] | None = None
    for i in (i for i, v in enumerate(cells) if v == 0):
        child = (*cells[:i], player, *cells[i + 1 :])
        if won(child, player):
            outcome = (1, 1)
        elif 0 not in child:
            outcome = (0, 1)
        else:
            score, plies = minimax(child, 3 - player)
            outcome = (-score, plies + 1)
        if best is None or rank(outcome) > rank(best):
            best = outcome
    assert best is not None
    return best


def rank(outcome: tuple[int, int]) -> tuple[int, int]:
    score, plies = outcome
    return (score, -plies if score > 0 else plies)


def positions() -> list[tuple[int, ...]]:
    seen: set[tuple[int, ...]] = set()
    stack: list[tuple[int, ...]] = [(0,) * 9]
    while stack:
        cells = stack.pop()
        if cells in seen or won(cells, 1) or won(cells, 2) or 0 not in cells:
            continue
        seen.add(cells)
        player = 1 if cells.count(1) == cells.count(2) else 2
        stack.extend((*cells[:i], player, *cells[i + 1 :]) for i, v in enumerate(cells) if v == 0)
    return sorted(seen)


def game_of(cells: tuple[int, ...]) -> TicTacToe:
    return TicTacToe.from_board(["".join(".XO"[v] for v in cells[r * 3 : r * 3 + 3]) for r in range(3)])


def test_solve_and_best_move_match_minimax_on_every_3x3_position() -> None:
    all_positions = positions()
    assert len(all_positions) == 4520
    for cells in all_positions:
        game = game_of(cells)
        player = game.next_player
        score, plies = minimax(cells, player)
        winner = 0 if score == 0 else (player if score > 0 else 3 - player)
        assert tictactoe.solve(game) == (winner, plies), cells
        row, col = tictactoe.best_move(game)
        game.play(row, col)
        after = tuple(game.cells())
        if game.winner:
            assert (score, plies) == (1, 1)
        elif 0 not in after:
            assert (score, plies) == (0, 1)
        else:
            child_score, child_plies = minimax(after, 3 - player)
            assert (-child_score, child_plies + 1) == (score, plies), cells


def test_analyze_values_every_move_of_every_3x3_position_as_minimax_does() -> None:
    for cells in positions():
        game = game_of(cells)
        player = game.next_player
        values = tictactoe.analyze(game)
        assert [move for move, _ in values] == list(game.legal_moves()), cells
        for (row, col), value in values:
            i = row * 3 + col
            child = (*cells[:i], player, *cells[i + 1 :])
            if won(child, player):
                expected = (player, 1)
            elif 0 not in child:
                expected = (0, 1)
            else:
                score, plies = minimax(child, 3 - player)
                expected = (0 if score == 0 else (3 - player if score > 0 else player), plies + 1)
            assert value == expected, (cells, row, col)
        best = max(values, key=lambda v: rank((0 if v[1][0] == 0 else (1 if v[1][0] == player else -1), v[1][1])))
        assert best[1] == tictactoe.solve(game), cells


def test_analyze_refusals_change_nothing() -> None:
    game = TicTacToe(4)
    with pytest.raises(BudgetExceededError) as raised:
        tictactoe.analyze(game, max_nodes=50)
    assert raised.value.max_nodes == 50
    assert game.marks == 0 and len(tictactoe.analyze(game)) == 16
    for bad in [-1, 2**64, "many", 1.5]:
        with pytest.raises(ValueError, match="max_nodes must be a non-negative integer"):
            tictactoe.analyze(game, max_nodes=bad)  # type: ignore[arg-type]
    for row, col in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3)]:
        game.play(row, col)
    assert game.winner == 1 and tictactoe.analyze(game) == []


def test_threads_solve_connect_four_to_the_same_value() -> None:
    game = TicTacToe(6, 4, cols=7, gravity=True)
    for column in [3, 3, 2, 4, 2, 1, 4, 4, 3, 5, 5, 0, 1, 6]:  # 14 moves in
        game.drop(column)
    one = tictactoe.solve(game)
    assert tictactoe.solve(game, threads=2) == one and tictactoe.solve(game, threads=3) == one
    for below in [0, -1, -(2**70)]:
        with pytest.raises(ValueError, match=rf"^threads must be at least 1, not {below}\b"):
            tictactoe.solve(game, threads=below)
    for wrong in [1.5, "two"]:
        with pytest.raises(TypeError, match="threads"):
            tictactoe.solve(game, threads=wrong)  # type: ignore[arg-type]
    assert tictactoe.solve(game, threads=2**70) == one
    # A table of the fewest entries: the same value; one that cannot be had: MemoryError, and
    # the next solve has the default table back.
    assert tictactoe.solve(game, table_entries=1021) == one
    with pytest.raises(MemoryError):
        tictactoe.solve(game, table_entries=2**62)
    for bad in [-1, 1.5, "many"]:
        with pytest.raises(ValueError, match="table_entries must be a non-negative integer"):
            tictactoe.solve(game, table_entries=bad)  # type: ignore[arg-type]
    assert game.marks == 14 and tictactoe.solve(game) == one


def test_the_opening_book_answers_connect_four_at_once() -> None:
    game = TicTacToe(6, 4, cols=7, gravity=True)
    assert tictactoe.solve(game) == (1, 41)  # X wins with the 41st stone
    assert tictactoe.best_move(game, simulations=1) == (5, 3)  # from the middle column
    with pytest.raises(BudgetExceededError):
        tictactoe.solve(game, max_nodes=1000, book=False)
    # Without the book, within a budget too small to solve: the tree search's move, the one
    # perfect=False gives for the same seed, which for some seed is not the book's.
    searched = [tictactoe.best_move(game, simulations=50, seed=s, max_nodes=1000, book=False) for s in range(16)]
    assert searched == [tictactoe.best_move(game, simulations=50, seed=s, perfect=False) for s in range(16)]
    assert any(move != (5, 3) for move in searched)
    game.drop(3)
    # Each of O's replies is a position of X's in the book: every one loses, the slowest in 40.
    values = tictactoe.analyze(game)
    assert len(values) == 7 and all(winner == 1 for _, (winner, _) in values)
    assert max(plies for _, (_, plies) in values) == 40
    with pytest.raises(BudgetExceededError):
        tictactoe.analyze(game, max_nodes=1000, book=False)
    for call in [tictactoe.solve, tictactoe.analyze, tictactoe.best_move]:
        with pytest.raises(TypeError):
            call(game, book="no")  # type: ignore[operator]
    assert game.marks == 1


def test_solve_4x4_and_finished_games() -> None:
    assert tictactoe.solve(TicTacToe(4)) == (0, 16)
    game = TicTacToe(3)
    for row, col in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        game.play(row, col)
    assert tictactoe.solve(game, max_nodes=0) == (1, 0)


def test_budget_exceeded_is_an_exception_and_changes_nothing() -> None:
    game = TicTacToe(4)
    with pytest.raises(BudgetExceededError) as raised:
        tictactoe.solve(game, max_nodes=10)
    assert raised.value.max_nodes == 10 and raised.value.kind == "budget_exceeded"
    assert isinstance(raised.value, RuntimeError)
    assert "budget of 10 positions" in str(raised.value)
    assert game.marks == 0 and tictactoe.solve(game, max_nodes=None) == (0, 16)


@pytest.mark.parametrize("bad", [-1, 2**64, "many", 1.5])
def test_bad_budgets_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="max_nodes must be a non-negative integer"):
        tictactoe.solve(TicTacToe(3), max_nodes=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="simulations must be"):
        tictactoe.best_move(TicTacToe(3), simulations=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be"):
        tictactoe.best_move(TicTacToe(3), seed=bad)  # type: ignore[arg-type]


def test_best_move_blocks_is_deterministic_and_leaves_the_game_alone() -> None:
    game = TicTacToe(3)
    for row, col in [(0, 0), (1, 1), (0, 1)]:
        game.play(row, col)
    assert tictactoe.best_move(game) == (0, 2)
    big = TicTacToe(7)
    big.play(3, 3)
    before = big.to_text()
    move = tictactoe.best_move(big, simulations=300, seed=5)
    assert move == tictactoe.best_move(big, simulations=300, seed=5)
    assert big.cell(*move) == 0 and big.to_text() == before


def test_best_move_refuses_finished_games() -> None:
    won_game = TicTacToe.from_board(["XXX", "OO.", "..."])
    with pytest.raises(GameOverError) as raised:
        tictactoe.best_move(won_game)
    assert raised.value.winner == 1 and raised.value.kind == "game_over"
    drawn = TicTacToe.from_board(["XOX", "XOO", "OXX"])
    with pytest.raises(GameOverError) as raised:
        tictactoe.best_move(drawn)
    assert raised.value.winner == 0 and "a draw" in str(raised.value)


def test_batch_perfect_opponent_never_loses() -> None:
    batch = Batch(256, 3, seed=9)
    out = np.empty(256, dtype=np.int64)
    for step in range(9):
        actions = batch.random_legal_actions()
        perfect = batch.perfect_actions(out=out)
        assert perfect is out
        assert np.array_equal(actions == -1, perfect == -1)
        if step == 3:
            for g in np.flatnonzero(perfect >= 0):
                row, col = tictactoe.best_move(batch.game(g))
                assert perfect[g] == row * 3 + col
        o_to_move = batch.next_player == 2
        actions[o_to_move] = perfect[o_to_move]
        live = np.flatnonzero(actions >= 0)
        batch.step(actions[live], games=live)
    winners = batch.winner
    assert not (winners == 1).any() and (winners == 2).any()


def test_batch_perfect_opponent_on_every_board_with_a_table() -> None:
    # 1 x 1 and 2 x 2 have tables too: X wins both at once or in two moves of its own.
    for n, plies in ((1, 1), (2, 3)):
        batch = Batch(8, n)
        while not batch.terminated.all():
            batch.step(batch.perfect_actions())
        assert (batch.winner == 1).all()
        assert all(len(batch.game(g).history) == plies for g in range(8))


def test_batch_perfect_opponent_refusals() -> None:
    with pytest.raises(ValueError) as raised:
        Batch(4, 4).perfect_actions()
    assert raised.value.kind == "unsupported_size" and raised.value.n == 4  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        Batch(4, 3).perfect_actions(out=np.empty(3, dtype=np.int64))
    with pytest.raises(TypeError):
        Batch(4, 3).perfect_actions(out=np.empty(4, dtype=np.int32))


@pytest.mark.parametrize(
    ("rules", "value"),
    [
        ({"n": 3, "k": 3, "cols": 4}, (1, 7)),  # 3 x 4, three in a row: X wins in 7 plies
        ({"n": 4, "k": 3, "cols": 3, "gravity": True}, (0, 12)),  # 4 x 3, three, gravity: a draw
        ({"n": 3, "k": 3, "cols": 5, "exact": True}, (1, 7)),  # 3 x 5, exactly three: X in 7
    ],
    ids=str,
)
def test_solve_knows_the_familys_small_values(rules: dict[str, Any], value: tuple[int, int]) -> None:
    game = TicTacToe(**rules)
    assert tictactoe.solve(game) == value
    row, col = tictactoe.best_move(game)
    winner = game.play(row, col)
    assert winner == 0 and tictactoe.solve(game)[0] == value[0]  # a perfect move keeps the value


def test_best_move_plays_connect_four_and_gomoku() -> None:
    four = TicTacToe(6, 4, cols=7, gravity=True)
    for col in (3, 3, 4, 4, 5):  # X has three on the bottom row: O blocks an end
        four.drop(col)
    assert four.history[-1] == (5, 5, 1)
    row, col = tictactoe.best_move(four, simulations=200, seed=1)
    assert (row, col) in [(5, 2), (5, 6)]
    gomoku = TicTacToe(15, 5)
    for move in [(7, 3), (0, 0), (7, 4), (0, 2), (7, 5), (0, 4), (7, 6)]:
        gomoku.play(*move)
    assert tictactoe.best_move(gomoku, simulations=200, seed=1) in [(7, 2), (7, 7)]  # O blocks the four


def test_batch_computer_actions_play_every_rule_set_the_same_on_any_threads() -> None:
    for rules in ({"n": 6, "k": 4, "cols": 7, "gravity": True}, {"n": 9, "k": 4}, {"n": 3}):
        one = Batch(600, seed=3, threads=1, **rules)  # type: ignore[arg-type]
        two = Batch(600, seed=3, threads=2, **rules)  # type: ignore[arg-type]
        for _ in range(3):
            actions = one.computer_actions(simulations=30, seed=5)
            assert np.array_equal(actions, two.computer_actions(simulations=30, seed=5))
            legal = one.legal_mask()
            assert all(a == -1 or legal[g, a] for g, a in enumerate(actions.tolist()))
            # Some games (one twice, backwards): what the whole call gives them.
            listed = [599, 7, 0, 7]
            some = two.computer_actions(simulations=30, seed=5, games=listed)
            assert some.tolist() == [actions[g] for g in listed]
            one.step(actions, illegal="lose")  # -1 for a finished game forfeits nothing
            two.step(actions, illegal="lose")
    # The batch's computer answers a threat as best_move does: X has three on the bottom row.
    batch = Batch(1, 6, k=4, cols=7, gravity=True)
    for column in (3, 3, 4, 4, 5):
        batch.step([column])
    assert batch.computer_actions(simulations=100).tolist()[0] in (2, 6)


def test_a_game_lost_by_an_illegal_action_gets_no_computer_action() -> None:
    batch = Batch(3, 6, k=4, cols=7, gravity=True)
    batch.step([0, 9, 1], illegal="lose")  # game 1 plays a column that is not there
    assert batch.terminated.tolist() == [False, True, False]
    assert batch.computer_actions(simulations=20).tolist()[1] == -1
    assert batch.computer_actions(simulations=20, games=[1], seeds=[3]).tolist() == [-1]


def test_batch_computer_actions_with_seeds_are_best_moves_and_refusals_change_nothing() -> None:
    batch = Batch(4, 15, k=5, seed=1)
    batch.step(batch.random_legal_actions())
    seeds = [3, 2**64 - 1, 0, 12]
    actions = batch.computer_actions(simulations=40, games=[2, 0, 3, 1], seeds=seeds)
    for g, seed, action in zip([2, 0, 3, 1], seeds, actions.tolist(), strict=True):
        row, col = tictactoe.best_move(batch.game(g), simulations=40, seed=seed, max_nodes=200_000, book=False)
        assert action == row * 15 + col
    # Seeds for every game, without games: the same as listing them all.
    every = batch.computer_actions(simulations=40, seeds=[2**64 - 1, 12, 3, 0])
    assert every.tolist() == [actions[1], actions[3], actions[0], actions[2]]
    before = batch.cells().copy()
    out = np.full(2, 77, np.int64)
    refused: list[tuple[dict[str, Any], type[Exception], Any]] = [
        ({"games": [0, 4]}, IndexError, "game_index"),
        ({"games": [-1, 0]}, IndexError, "game_index"),
        ({"games": [0, 1], "seeds": [1]}, ValueError, "length_mismatch"),
        ({"seeds": [1, 2]}, ValueError, "length_mismatch"),
        ({"games": [0, 1], "seed": 1, "seeds": [1, 2]}, ValueError, None),
        ({"games": [0, 1], "seeds": [1, "x"]}, ValueError, None),
        ({"games": [0, 1], "seeds": [1, -1]}, ValueError, None),
        ({"games": [0, 1], "seeds": [1, 2**64]}, ValueError, None),
    ]
    for kwargs, error, kind in refused:
        with pytest.raises(error) as raised:
            batch.computer_actions(simulations=5, out=out, **kwargs)
        assert getattr(raised.value, "kind", None) == kind, kwargs
        assert out.tolist() == [77, 77]
        assert np.array_equal(batch.cells(), before)
