"""Rendering: the board as an image (what Gymnasium's RecordVideo films and people look at), the
text printed for "human", every mode in the Gymnasium and PettingZoo environments, a video
written by RecordVideo, and the picture in the docs drawn by the code as it is."""

from __future__ import annotations

from pathlib import Path

import gymnasium
import imageio.v3 as iio
import numpy as np
import pytest
from gymnasium.wrappers import RecordVideo

import tictactoe
from tictactoe import Rules, TicTacToe
from tictactoe._display import BACKGROUND, CELL, LAST, O_COLOR, O_DISC, WON, X_COLOR, image
from tictactoe.gym import TicTacToeEnv, TicTacToeVectorEnv
from tictactoe.pettingzoo import connect_four_env, env

PICTURE = Path(__file__).resolve().parents[2] / "docs" / "images" / "connect-four-won.png"
#: The won game of the picture: X takes column 3 four times against O in column 4.
WON_GAME = [3, 4, 3, 4, 3, 4, 3]


def pixel(picture: np.ndarray, row: int, col: int, dy: int = 0, dx: int = 0) -> tuple[int, ...]:
    """The colour `dy`, `dx` pixels from the centre of cell (row, col)."""
    y, x = row * CELL + CELL // 2 + dy, col * CELL + CELL // 2 + dx
    return tuple(int(v) for v in picture[y, x])


def won_connect_four() -> TicTacToe:
    game = TicTacToe(rules=Rules.CONNECT_FOUR)
    for col in WON_GAME:
        game.drop(col)
    return game


def test_the_image_draws_marks_the_win_and_the_last_move() -> None:
    game = TicTacToe(3)
    for row, col in [(0, 0), (1, 1), (0, 1), (2, 2), (0, 2)]:
        game.play(row, col)
    picture = image(game)
    assert picture.shape == (3 * CELL, 3 * CELL, 3) and picture.dtype == np.uint8
    assert pixel(picture, 0, 0) == X_COLOR  # the cross passes the centre
    assert pixel(picture, 1, 1) == BACKGROUND and pixel(picture, 1, 1, dx=int(0.3 * CELL)) == O_COLOR
    assert pixel(picture, 1, 0, dy=-20, dx=-20) == BACKGROUND  # an empty cell
    assert pixel(picture, 0, 1, dy=-20) == WON  # the winning row's cells, beside the marks
    assert pixel(picture, 0, 2, dx=CELL // 2 - 2) == LAST  # the last move's frame
    assert pixel(picture, 1, 2, dx=CELL // 2 - 2) != LAST
    gravity = image(won_connect_four())
    assert gravity.shape == (6 * CELL, 7 * CELL, 3)
    assert pixel(gravity, 5, 3) == X_COLOR and pixel(gravity, 5, 4) == O_DISC
    assert pixel(gravity, 2, 3, dy=-25, dx=-25) == WON and pixel(gravity, 1, 3) == BACKGROUND


def test_every_mode_of_the_environments(capsys: pytest.CaptureFixture[str]) -> None:
    for mode in ("ansi", "human", "rgb_array"):
        single = TicTacToeEnv(3, render_mode=mode)
        single.reset(seed=1)
        single.step(4)
        shown = single.render()
        if mode == "ansi":
            assert isinstance(shown, str) and "X" in shown
        elif mode == "human":
            assert shown is None and "X" in capsys.readouterr().out
        else:
            assert isinstance(shown, np.ndarray) and shown.shape == (3 * CELL, 3 * CELL, 3)
        vector = TicTacToeVectorEnv(2, rules=Rules.CONNECT_FOUR, render_mode=mode)
        vector.reset(seed=1)
        if mode == "human":  # reset shows each game by itself
            assert capsys.readouterr().out.count("0 1 2 3 4 5 6") == 2
        frames = vector.render()
        if mode == "human":
            assert frames is None and capsys.readouterr().out.count("0 1 2 3 4 5 6") == 2
        else:
            assert frames is not None and len(frames) == 2
    with pytest.raises(ValueError, match="render_mode"):
        TicTacToeEnv(3, render_mode="pygame")
    # What Stable-Baselines3's make_vec_env asks of every environment it makes.
    made = gymnasium.make("tictactoe/ConnectFour-v0", render_mode="rgb_array")
    made.reset(seed=0)
    assert made.render().shape == (6 * CELL, 7 * CELL, 3)  # type: ignore[union-attr]


def test_pettingzoo_s_render_test_passes() -> None:
    from pettingzoo.test import render_test  # type: ignore[import-untyped]

    render_test(lambda render_mode=None: env(3, render_mode=render_mode))
    game = connect_four_env(render_mode="rgb_array")
    game.reset(seed=0)
    game.step(3)
    assert pixel(game.render(), 5, 3) == X_COLOR


def test_record_video_writes_a_film(tmp_path: Path) -> None:
    filmed = RecordVideo(
        TicTacToeEnv(rules=Rules.CONNECT_FOUR, render_mode="rgb_array"),
        video_folder=str(tmp_path),
        episode_trigger=lambda episode: True,
        disable_logger=True,
    )
    filmed.reset(seed=3)
    done = False
    while not done:
        mask = filmed.unwrapped.action_masks()  # type: ignore[attr-defined]
        _, _, terminated, truncated, _ = filmed.step(np.flatnonzero(mask)[0])
        done = terminated or truncated
    filmed.close()  # type: ignore[no-untyped-call]
    films = list(tmp_path.glob("*.mp4"))
    assert len(films) == 1 and films[0].stat().st_size > 1000


def test_the_docs_picture_is_the_code_s_drawing() -> None:
    """docs/images/connect-four-won.png is `image` of WON_GAME, byte for byte in its pixels
    (written again by `python tests/python/test_render.py` when the drawing changes)."""
    assert np.array_equal(iio.imread(PICTURE), image(won_connect_four()))


if __name__ == "__main__":
    iio.imwrite(PICTURE, image(won_connect_four()))
    print(f"wrote {PICTURE} ({tictactoe.__version__})")
