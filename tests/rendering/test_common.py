"""Shared drawing helpers (rendering/common.py)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering import common


def _fit_by_measuring(draw, text, max_width, size, bold=False, min_size=8):
    """fit_text as it was: one measurement per size tried, on the board's own surface."""
    while size > min_size and common.text_size(draw, text, size, bold)[0] > max_width:
        size -= 1
    return size


def test_a_fitted_size_is_the_measured_one_and_is_measured_once(monkeypatch):
    board = ImageDraw.Draw(Image.new("RGB", (50, 50)))
    cases = [(text, width, size, bold) for text in ("Bot 1 (normal)", "花子とBob", "W" * 30)
             for width in (40, 120.5, 400) for size in (14, 22, 30) for bold in (False, True)]
    for text, width, size, bold in cases:
        assert common.fit_text(board, text, width, size, bold) == \
            _fit_by_measuring(board, text, width, size, bold)
    measured = []
    real = common.text_size
    monkeypatch.setattr(common, "text_size", lambda *a, **k: measured.append(a) or real(*a, **k))
    for text, width, size, bold in cases:
        common.fit_text(board, text, width, size, bold)
    assert measured == []
