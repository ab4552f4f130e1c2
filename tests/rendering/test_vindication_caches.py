"""Vindication's board caches: wrapped texts (the same lines as filling character by
character, remembered within a bound) and player panels kept for many channels."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from rendering.common import drawing_in, font
from rendering.vindication import content, panels, wrap
from rendering.vindication.describe import ability_text, trigger_text
from rendering.vindication.labels import card_name


def filled(value: str, size: int, width: int) -> list[str]:
    """The reference: add one character at a time, break at the last space on overflow."""
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    lines, line = [], ""
    for char in value:
        if draw.textlength(line + char, font=font(size)) <= width or not line:
            line += char
            continue
        cut = line.rfind(" ")
        head, tail = (line[:cut], line[cut + 1:]) if cut > 0 else (line, "")
        lines.append(head)
        line = tail + char
    return lines + ([line] if line else [])


def card_texts() -> list[str]:
    """Every card's title and details, every trigger's text, as the side panel wraps them."""
    texts = []
    for cid, item in content._cards().items():
        texts.append(f"{cid} {card_name(cid)}")
        if item["type"] == "trigger":
            texts.append(trigger_text(cid))
        elif item["type"] != "quest":
            texts.append(panels._card_detail(cid) or ability_text(cid))
    return [t for t in texts if t]


def test_the_lines_are_those_of_a_character_by_character_fill():
    checked = 0
    for locale in ("en", "ja"):
        with drawing_in(locale):
            texts = card_texts()
        texts += ["", "x", "a" * 90, "word " * 40, "名前" * 60, "🐉Dragon " * 12]
        for value in texts:
            for size, width in ((22, 647), (26, 669), (24, 320), (22, 40)):
                assert list(wrap.line_breaks(value, size, width)) == filled(value, size, width)
                checked += 1
    assert checked > 1000


def test_a_text_is_laid_out_once_and_the_cache_is_bounded(monkeypatch):
    wrap._line_breaks.cache_clear()
    wrap.line_breaks("the same card text, wrapped on every board", 22, 200)
    measured = []
    original = wrap._PROBE.textlength
    monkeypatch.setattr(wrap._PROBE, "textlength",
                        lambda *a, **k: measured.append(a) or original(*a, **k))
    again = wrap.line_breaks("the same card text, wrapped on every board", 22, 200)
    assert again and not measured
    for n in range(wrap.WRAPPED_TEXTS + 50):
        wrap.line_breaks(f"text {n}", 22, 200)
    assert wrap.cache_info().currsize == wrap.WRAPPED_TEXTS


def test_panels_of_many_channels_boards_are_found_again_not_redrawn(monkeypatch):
    """Forty channels' boards, eighty panels (more than are kept whole): a board's panel bodies
    let go once are drawn again when it comes back, and then packed when let go again, so a
    board drawn a third time after all the others finds them in the packed tier, and looks
    the same. A body never wanted again is not packed."""
    import rendering.vindication as board
    from rendering.registry import render
    from rules.core.playout import random_playout
    from rules.vindication import VINDICATION as G

    views = []
    for seed in range(40):
        moves = random_playout(G, 40 + seed, 2, max_steps=60).moves
        state = G.new_game(40 + seed, 2, {})
        for seat, text in moves:
            state, _ = G.play(state, seat, text)
        views.append(G.view(state, None))
    board._panel_image.cache.clear()
    board._body_image.cache.clear()
    first = render(views[0])
    for view in views[1:]:
        render(view)
    assert board._body_image.cache.sizes()[1] == 0  # each body let go once: none packed
    drawn = []
    original = board.panels.player_body
    monkeypatch.setattr(board.panels, "player_body",
                        lambda *a, **k: drawn.append(1) or original(*a, **k))
    assert render(views[0]).tobytes() == first.tobytes()
    assert drawn
    for view in views[1:]:
        render(view)
    assert board._body_image.cache.sizes()[1] > 0
    drawn.clear()
    again = render(views[0])
    assert not drawn and again.tobytes() == first.tobytes()


def test_the_board_is_drawn_at_the_height_its_sections_measure():
    """The sections are laid out once to measure them, then drawn on an image of that height:
    the lowest panel's frame ends 12 rows above the bottom, nothing cut, no rows to spare."""
    FRAME = (180, 180, 180)
    from rendering.common import PAPER
    from rendering.registry import render
    from rules.core.playout import random_playout
    from rules.vindication import VINDICATION as G

    for players, options in ((2, {}), (3, {"modules": ["all"]}), (5, {})):
        playout = random_playout(G, 9, players, options, max_steps=300)
        image = render(G.view(playout.final, None), names=["さくら"] * players)
        rows = [dict((colour, n) for n, colour in
                     image.crop((0, y, image.width, y + 1)).getcolors())
                for y in range(image.height - 14, image.height)]
        assert all(set(row) == {PAPER} for row in rows[-11:])
        assert rows[-13].get(FRAME, 0) > 600  # the bottom edge of the lowest panel's frame


def test_measuring_lays_the_sections_and_panels_out_as_drawing_does():
    from PIL import Image, ImageDraw

    import rendering.vindication as board
    from rendering.common import drawing_in
    from rendering.vindication.measure import MEASURE
    from rules.core.playout import random_playout
    from rules.vindication import VINDICATION as G

    playout = random_playout(G, 4, 4, {"modules": ["all"]}, max_steps=500)
    data = dict(G.view(playout.final, None).data, names=["さくら", "王小明", "🐉Dragon" * 4, "D"])
    for locale in ("en", "ja"):
        with drawing_in(locale):
            draw = ImageDraw.Draw(Image.new("RGB", (board.WIDTH, 4000)))
            assert board._sections(MEASURE, data, 900) == board._sections(draw, data, 900)
            for player in data["players"]:
                assert (board.panels.player_panel(MEASURE, data, player, 0, 0, 682)
                        == board.panels.player_panel(draw, data, player, 0, 0, 682))


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("players", [2, 5])
def test_a_panel_put_together_from_its_kept_body_is_the_panel_drawn_in_one_pass(locale, players):
    """Title band drawn, body pasted from the kept bodies, frame drawn: the same pixels as the
    whole panel drawn at once, for every panel of boards all through games, to act or not."""
    import rendering.vindication as board
    from rendering.common import PAPER
    from rules.core.playout import random_playout
    from rules.vindication import VINDICATION as G

    width = (board.WIDTH - 36) // 2
    checked = 0
    with drawing_in(locale):
        for seed in range(3):
            moves = random_playout(G, 60 + seed, players, max_steps=400).moves
            state = G.new_game(60 + seed, players, {})
            for index, (seat, text) in enumerate(moves):
                state, _ = G.play(state, seat, text)
                if index % 7:
                    continue
                data = dict(G.view(state, None).data, names=[f"P{n}" for n in range(players)])
                for player in data["players"]:
                    kept = board._panel_image(board._panel_key(data, player),
                                              board._body_key(player), width)
                    height = board.panels.player_panel(board.MEASURE, data, player, 0, 0, width)
                    whole = Image.new("RGB", (width + 1, height + 1), PAPER)
                    board.panels.player_panel(ImageDraw.Draw(whole), data, player, 0, 0, width)
                    assert kept.tobytes() == whole.tobytes(), (seed, index, player["seat"])
                    checked += 1
    assert checked > 100
