"""examples/alphazero.py's own bookkeeping, which its smoke run alone would not catch going wrong:
the board's symmetries as index maps (a minibatch's image must be the position turned and
mirrored, its masks and visit shares with it), and the replay buffer written round."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from tictactoe import Rules

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "alphazero.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("alphazero_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def image(rules: Rules, k: int, board: np.ndarray) -> np.ndarray:
    """Symmetry k of the last two axes, written plainly: a quarter turn k % 4 times on a square
    board without gravity, then a mirror (columns reversed) when k >= 4."""
    turns = k % 4 if rules.rows == rules.cols and not rules.gravity else 0
    turned = np.rot90(board, turns, axes=(-2, -1))
    return turned[..., ::-1] if k >= 4 else turned


@pytest.mark.parametrize("rules", [Rules.tic_tac_toe(3), Rules.CONNECT_FOUR, Rules(4, cols=5, k=3)])
def test_the_symmetry_maps_turn_and_mirror_planes_masks_and_shares(rules: Rules) -> None:
    rng = np.random.default_rng(1)
    rows, cols, cells = rules.rows, rules.cols, rules.rows * rules.cols
    actions = cols if rules.gravity else cells
    planes = rng.random((4, 2, rows, cols)) < 0.4
    shares = rng.random((4, actions))
    maps = example().symmetries(rules)
    assert len(maps) == 8
    images = set()
    for k, (plane_map, action_map) in enumerate(maps):
        flat = planes.reshape(4, -1)[:, plane_map].reshape(planes.shape)
        np.testing.assert_array_equal(flat, image(rules, k, planes))
        if rules.gravity:
            expected = shares[:, ::-1] if k >= 4 else shares
        else:
            expected = image(rules, k, shares.reshape(4, rows, cols)).reshape(4, -1)
        np.testing.assert_array_equal(shares[:, action_map], expected)
        images.add(tuple(plane_map))
    square = rows == cols and not rules.gravity
    assert len(images) == (8 if square else 2)


def test_the_buffer_keeps_the_latest_positions_and_samples_their_images() -> None:
    rules = Rules.tic_tac_toe(3)
    buffer = example().Buffer(5, rules, 9)
    x = np.arange(7 * 18, dtype=np.float32).reshape(7, 18)
    legal = np.eye(7, 9, dtype=np.bool_)
    pi = np.eye(7, 9, dtype=np.float32)
    z = np.arange(7, dtype=np.float32)
    buffer.add(x[:3], legal[:3], pi[:3], z[:3])
    buffer.add(x[3:], legal[3:], pi[3:], z[3:])
    assert buffer.size == 5
    # Written round: positions 5 and 6 over the oldest two.
    np.testing.assert_array_equal(buffer.z, [5, 6, 2, 3, 4])
    sx, slegal, spi, sz = buffer.sample(64, np.random.default_rng(2))
    for row, mask, share, result in zip(sx, slegal, spi, sz, strict=True):
        i = int(result)
        # Each sample is position i's image under one symmetry: the same values, and its mask
        # and share moved to the same cell.
        assert sorted(row) == sorted(x[i])
        assert mask.sum() == 1 and share[mask] == 1.0
