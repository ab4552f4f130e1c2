"""The Vindication board image: map, offer, players, last move, one tableau, final scores."""

from __future__ import annotations

from rendering.registry import render, render_png
from rules.core.playout import random_playout
from rules.vindication import VINDICATION as G


def test_public_board_mid_game_and_a_tableau():
    playout = random_playout(G, 3, 5, {"modules": ["all"]}, max_steps=400)
    view = G.view(playout.final, None)
    image = render(view, last_move=playout.moves[-1][1], names=["A", "B", "C", "D", "E"])
    assert image.width == 1400 and 900 < image.height < 3200  # the Myths & Marvels board too
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


def test_player_panels_read_at_phone_width(monkeypatch):
    """Issue 19.6: at 400 px wide each player's panel reads: the title (name, honor, speed,
    who is to act) at least 7 px tall, every other word (cards, tokens, crystals, pets, the
    spheres and attributes) at least 6 px, and none is cut."""
    from PIL import Image, ImageDraw

    from rendering import common
    from rendering.common import drawing_in
    from rendering.vindication import WIDTH, panels

    playout = random_playout(G, 11, 5, {"modules": ["all"]}, max_steps=700)
    data = dict(G.view(playout.final, None).data, names=["さくら", "王小明", "🐉Dragon" * 4])
    drawn, sizes = [], []
    original_text, original_font = panels.text, common.font

    def spy_text(draw, xy, value, size=18, fill=None, bold=False, width=None):
        fits = draw.textlength(value, font=original_font(size, bold)) <= (width or 682)
        drawn.append((value, size, bold, fits))
        original_text(draw, xy, value, size, bold=bold, width=width)

    def spy_font(size, bold=False):
        sizes.append(size)
        return original_font(size, bold)

    monkeypatch.setattr(panels, "text", spy_text)
    monkeypatch.setattr(panels, "font", spy_font)
    draw = ImageDraw.Draw(Image.new("RGB", (WIDTH, 3000)))
    column = (WIDTH - 36) // 2  # two panels per row
    for locale in ("en", "ja"):
        with drawing_in(locale):
            for player in data["players"]:
                panels.player_panel(draw, data, player, 0, 0, column)
    scale = 400 / WIDTH
    titles = [value for value, size, bold, _ in drawn if bold and "🐉" in value]
    assert titles and all(size * scale >= 7 for _, size, bold, _ in drawn if bold)
    assert drawn and min(sizes) * scale >= 6
    assert not [value for value, _, _, fits in drawn if not fits]
