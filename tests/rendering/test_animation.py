"""Animated replays: frames streamed one at a time into a GIF that fits the upload limit."""

from __future__ import annotations

import io
import weakref

import pytest
from PIL import Image

from rendering.animation import WIDTHS, animate, palette_of, pick_frames


class Boards:
    """Noisy full-size boards drawn on demand, counting how many are alive at once."""

    def __init__(self, size=(1500, 900)):
        self.size, self.alive, self.most, self.drawn = size, 0, 0, 0

    def __call__(self, indices):
        for index in indices:
            image = Image.effect_noise(self.size, 40 + index % 30).convert("RGB")
            self.alive += 1
            self.drawn += 1
            self.most = max(self.most, self.alive)
            weakref.finalize(image, self._gone)
            yield image
            del image

    def _gone(self):
        self.alive -= 1


def test_frames_are_drawn_and_encoded_one_at_a_time():
    boards = Boards()
    data = animate(boards, 12, 50_000_000, palette_of(next(boards([0]))))
    assert boards.most <= 2  # the frame being drawn and at most the one just encoded
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.n_frames == 12 and gif.width == WIDTHS[0]


def test_animation_fits_the_upload_limit_by_narrowing_and_thinning():
    boards = Boards((800, 500))
    palette = palette_of(next(boards([0])))
    big = animate(boards, 12, 50_000_000, palette)
    small = animate(boards, 12, len(big) // 6, palette)
    assert len(small) <= len(big) // 6
    with Image.open(io.BytesIO(small)) as gif:
        assert gif.n_frames >= 2 and gif.width < WIDTHS[0]
    with pytest.raises(ValueError):
        animate(boards, 12, 100, palette)


def test_a_frame_that_changed_in_one_place_is_written_as_that_place():
    base = Image.effect_noise((720, 400), 50).convert("RGB")

    def frames(indices):
        for index in indices:
            frame = base.copy()
            frame.paste((255, 0, 0), (10 * index, 10, 10 * index + 20, 30))
            yield frame

    data = animate(frames, 3, 50_000_000, palette_of(base))
    with Image.open(io.BytesIO(data)) as gif:
        gif.seek(1)
        assert gif.tile[0][1] == (0, 10, 30, 30)  # only the squares that moved


def test_frames_are_spread_over_the_whole_game():
    assert pick_frames(1000, 150)[0] == 0 and pick_frames(1000, 150)[-1] == 999
    assert len(pick_frames(1000, 150)) <= 150
