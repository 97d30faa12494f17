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


def plain_images(rules: Rules, board: np.ndarray) -> list[np.ndarray]:
    """The images of `board` (its last two axes) under the symmetries of `rules`, written
    plainly: the four turns and their mirrors on a square board without gravity, the half turn
    and the two mirrors on a rectangle, the left-right mirror under gravity."""
    mirror = board[..., ::-1]
    if rules.gravity:
        return [board, mirror]
    if rules.rows == rules.cols:
        turns = [np.rot90(board, k, axes=(-2, -1)) for k in range(4)]
        return turns + [turned[..., ::-1] for turned in turns]
    return [board, board[..., ::-1, ::-1], mirror, board[..., ::-1, :]]


@pytest.mark.parametrize("rules", [Rules.tic_tac_toe(3), Rules.CONNECT_FOUR, Rules(4, cols=5, k=3)])
def test_the_symmetry_maps_turn_and_mirror_planes_masks_and_shares(rules: Rules) -> None:
    """Each map moves both planes and the visit shares by the same symmetry, and the maps are
    the board's symmetries, each once."""
    rng = np.random.default_rng(1)
    rows, cols = rules.rows, rules.cols
    planes = rng.random((4, 2, rows, cols)) < 0.4
    # Shares as a board: a row of columns under gravity, a share a cell otherwise.
    shares = rng.random((4, 1, cols) if rules.gravity else (4, rows, cols))
    expected_planes, expected_shares = plain_images(rules, planes), plain_images(rules, shares)
    maps = example().symmetries(rules)
    assert len(maps) == len(expected_planes)
    matched = []
    for plane_map, action_map in maps:
        flat = planes.reshape(4, -1)[:, plane_map].reshape(planes.shape)
        (k,) = [k for k, expected in enumerate(expected_planes) if (flat == expected).all()]
        np.testing.assert_array_equal(shares.reshape(4, -1)[:, action_map], expected_shares[k].reshape(4, -1))
        matched.append(k)
    assert sorted(matched) == list(range(len(expected_planes)))


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


def test_a_saved_network_loads_by_its_name_and_only_for_its_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    module = example()
    net = module.Network(18, 9, seed=3)
    bare = tmp_path / "ttt"  # no extension: written and read under this very name
    net.save(str(bare))
    assert bare.exists() and not (tmp_path / "ttt.npz").exists()
    loaded = module.Network.load(str(bare))
    assert loaded.sizes() == (18, 9)
    for key, value in net.params.items():
        np.testing.assert_array_equal(loaded.params[key], value)
    # Loaded for another game: a clear refusal, not numpy's error halfway through a game.
    argv = sys.argv
    sys.argv = ["alphazero.py", "--game", "connect-four", "--load", str(bare), "--games", "2"]
    try:
        with pytest.raises(SystemExit) as refused:
            module.main()
    finally:
        sys.argv = argv
    assert refused.value.code == 2
    assert "18 input flags and 9 actions; --game connect-four needs 84 and 7" in capsys.readouterr().err
