"""The rendering registry: renderers are found by game name; PNG encoding is lossless."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from rendering.registry import encode_png, has_renderer
from rules.core import all_games


def test_every_registered_game_has_a_renderer():
    assert all(has_renderer(game.name) for game in all_games())
    assert not has_renderer("no-such-game")


def test_encode_png_is_lossless_for_rgb_and_rgba():
    image = Image.new("RGBA", (123, 45), (10, 20, 30, 255))
    ImageDraw.Draw(image).ellipse((5, 5, 60, 40), fill=(200, 100, 50, 255))
    data = encode_png(image)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.format == "PNG" and decoded.size == (123, 45)
    assert decoded.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_renderers_get_only_the_options_they_accept(monkeypatch):
    from rendering import registry
    from rules.core import View

    calls = []

    def narrow(view, last_move=None):
        calls.append(("narrow", last_move))
        return Image.new("RGB", (2, 2))

    def wide(view, last_move=None, focus_seat=None, names=None):
        calls.append(("wide", focus_seat, names))
        return Image.new("RGB", (2, 2))

    monkeypatch.setattr(registry, "_renderers", lambda: {"a": narrow, "b": wide})
    registry.render(View("a", None, {}), "x", focus_seat=1, names=["A"])
    registry.render(View("b", None, {}), None, focus_seat=1, names=["A"])
    assert calls == [("narrow", "x"), ("wide", 1, ["A"])]


def test_preload_warms_every_renderer_that_can_be_warmed():
    from rendering.registry import preload_all

    assert "smallworld" in preload_all()
