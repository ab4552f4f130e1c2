"""The Vindication board image: map, offer, players, last move, one tableau, final scores."""

from __future__ import annotations

from rendering.registry import render, render_png
from rules.core.playout import random_playout
from rules.vindication import VINDICATION as G


def test_public_board_mid_game_and_a_tableau():
    playout = random_playout(G, 3, 5, {"modules": ["all"]}, max_steps=400)
    view = G.view(playout.final, None)
    image = render(view, last_move=playout.moves[-1][1], names=["A", "B", "C", "D", "E"])
    assert image.width == 1400 and 900 < image.height < 2600
    tableau = render(G.view(playout.final, 2), focus_seat=2)
    assert tableau.width == 1000 and tableau.height > 150
    assert render_png(view)[:4] == b"\x89PNG"


def test_final_board_shows_the_scores():
    playout = random_playout(G, 5, 2)
    assert G.is_over(playout.final)
    image = render(G.view(playout.final, None))
    assert image.height > 900


def test_header_and_side_panel_read_at_phone_width(monkeypatch):
    """Issue 19.6: at 400 px wide every word of the header (who is to act, the last move) and
    of the side panel (offer, triggers, tokens, supply) is at least 6 px tall and none is cut."""
    from PIL import Image, ImageDraw

    from rendering.common import drawing_in, font
    from rendering.vindication import WIDTH, panels

    playout = random_playout(G, 3, 5, {"modules": ["well", "temple", "stones"]}, max_steps=400)
    data = dict(G.view(playout.final, None).data, names=["さくら", "王小明", "🐉Dragon", "D", "E"])
    drawn = []
    original = panels.text

    def spy(draw, xy, value, size=18, fill=None, bold=False, width=None):
        fits = width is None or draw.textlength(value, font=font(size, bold)) <= width
        drawn.append((value, size, fits))
        original(draw, xy, value, size, bold=bold, width=width)

    monkeypatch.setattr(panels, "text", spy)
    draw = ImageDraw.Draw(Image.new("RGB", (WIDTH, 3000)))
    for locale in ("en", "ja"):
        with drawing_in(locale):
            panels.header(draw, data, WIDTH, "recover attr courage 2 " * 3)
            panels.side_panel(draw, data, 12, 1000, WIDTH - 24)
    small = [(value, size) for value, size, _ in drawn if size * 400 / WIDTH < 6]
    assert drawn and not small
    cut = [value for value, _, fits in drawn if not fits]
    assert not cut
