"""Tests of the Caverna board image: sizes, focus seat, highlights, minimal views, speed."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from rendering.caverna import GAME_NAME, render
from rendering.common import HIGHLIGHT, player_colour
from rendering.registry import has_renderer, render_png
from rules.caverna import data as content
from rules.core import View

BONUS = {(1, 3): "boar", (3, 1): "boar", (4, 2): "food1", (4, 5): "food1", (1, 6): "food2"}


def empty_board() -> dict:
    """A starting home board in the view format of rules/caverna/view.py."""
    cells = []
    for row in range(1, 5):
        for col in range(1, 7):
            cells.append({"row": row, "col": col, "area": "forest" if col <= 3 else "mountain",
                          "kind": "forest" if col <= 3 else "rock", "furnishing": None,
                          "stable": False, "crop": None, "crop_count": 0, "pasture": None,
                          "pasture_size": 0, "bonus": BONUS.get((row, col)), "animals": {},
                          "dogs": 0})
    cells[2 * 6 + 3]["kind"] = "cavern"
    cells[3 * 6 + 3].update(kind="cavern", furnishing="entry-dwelling")
    return {"rows": 4, "cols": 6, "cells": cells}


def seat_entry(seat: int) -> dict:
    """One seat of a fresh game in the view format."""
    return {"seat": seat, "food_order": seat,
            "goods": {g: 0 for g in ("wood", "stone", "ore", "ruby", "gold", "grain",
                                     "vegetable")} | {"food": 1 + seat},
            "animals": {a: 0 for a in ("sheep", "donkey", "boar", "cattle", "dog")},
            "begging": 0,
            "dwarfs": [{"weapon": 0, "newborn": False, "placed": None} for _ in range(2)],
            "discs_in_supply": 3, "stables_in_supply": 3, "furnishings": ["entry-dwelling"],
            "future_goods": {}, "score": -28, "board": empty_board(), "rooms": {}}


def fresh_view(players: int) -> dict:
    """Round 1 of a game in the documented view format (spaces from data/caverna)."""
    spaces = [{"id": content.space_def(key)["id"], "round": 0, "goods": {}, "occupant": None}
              for key in content.board_keys(players)]
    total = 12 if players >= 3 else 11
    cards = [{"round": r, "stage": min(4, (r - 1) // 3 + 1), "card": None, "revealed": False}
             for r in range(1, total + 1)]
    cards[0].update(card="sheep-farming", revealed=True)
    spaces.append({"id": "sheep-farming", "round": 1, "goods": {"sheep": 1}, "occupant": None})
    return {"game": "caverna", "players": players, "round": 1, "rounds_total": total,
            "stage": 1, "phase": "work", "harvest": "none", "round_cards": cards,
            "harvest_markers": [] if players == 1 else
            [{"round": r, "marker": None} for r in range(6, total + 1)],
            "reds_revealed": 0, "wish_urgent": False, "start_player": 0, "turn": 0,
            "to_act": [0], "spaces": spaces,
            "furnishings": [{"id": t, "category": v["category"], "cost": dict(v["cost"]),
                             "points": v["points"]} for t, v in content.tiles().items()],
            "seats": [seat_entry(s) for s in range(players)], "last_move": None,
            "final": None}


def view_of(data: dict, seat: int | None = None) -> View:
    return View(GAME_NAME, seat, data)


def wide_bar_colours(image: Image.Image, min_run: int = 1200) -> set[tuple[int, int, int]]:
    """Colours that fill a horizontal run of ``min_run`` pixels somewhere (seat banners)."""
    found = set()
    width, height = image.size
    pixels = image.load()
    for y in range(0, height, 2):
        colour = pixels[width // 2, y]
        left = right = width // 2
        while left > 0 and pixels[left - 1, y] == colour:
            left -= 1
        while right < width - 1 and pixels[right + 1, y] == colour:
            right += 1
        if right - left >= min_run:
            found.add(colour)
    return found


def count_colour(image: Image.Image, colour: tuple[int, int, int]) -> int:
    """Number of pixels of exactly ``colour``."""
    return sum(n for n, c in image.getcolors(maxcolors=1 << 20) if c == colour)


@pytest.mark.parametrize("players", [1, 4, 7])
def test_image_size_and_png_within_limits(players):
    view = view_of(fresh_view(players))
    image = render(view)
    assert 1400 <= image.width <= 1600
    assert 800 <= image.height <= 2600
    png = render_png(view, "place logging")
    assert len(png) < 8 * 1024 * 1024
    assert Image.open(io.BytesIO(png)).size[0] == image.width


def test_registry_finds_the_renderer():
    assert has_renderer("caverna")


def test_focus_seat_draws_that_seat_in_full():
    data = fresh_view(4)
    default = wide_bar_colours(render(view_of(data)))
    focused = wide_bar_colours(render(view_of(data), focus_seat=2))
    assert player_colour(0) in default and player_colour(2) not in default
    assert player_colour(2) in focused and player_colour(0) not in focused


def test_focus_follows_the_seat_on_turn():
    data = fresh_view(3)
    data.update(turn=1, to_act=[1])
    assert player_colour(1) in wide_bar_colours(render(view_of(data)))


def test_last_move_space_is_framed():
    data = fresh_view(4)
    data["spaces"][5]["occupant"] = {"seat": 1, "dwarf": 0, "weapon": 0}
    plain = render(view_of(data))
    data["last_move"] = {"seat": 1, "space": data["spaces"][5]["id"], "cells": []}
    marked = render(view_of(data))
    assert count_colour(marked, HIGHLIGHT) > count_colour(plain, HIGHLIGHT) + 400


def test_last_move_cells_are_framed_on_the_movers_board():
    data = fresh_view(2)
    cells = data["seats"][0]["board"]["cells"]
    cells[3 * 6 + 2].update(kind="meadow", bonus=None)
    cells[2 * 6 + 2].update(kind="field", bonus=None)
    plain = render(view_of(data))
    data["last_move"] = {"seat": 0, "space": None, "cells": [[4, 3], [3, 3]]}
    marked = render(view_of(data))
    assert count_colour(marked, HIGHLIGHT) > count_colour(plain, HIGHLIGHT) + 600


def test_caption_shows_last_move_text():
    data = fresh_view(2)
    plain = render(view_of(data))
    captioned = render(view_of(data), last_move="place logging")
    assert captioned.height > plain.height
    assert count_colour(captioned, HIGHLIGHT) > count_colour(plain, HIGHLIGHT)


def test_minimal_and_empty_views_do_not_crash():
    assert render(view_of({"game": "caverna"})).width == 1500
    bare = {"game": "caverna", "players": 2, "seats": [{"seat": 0}, {"seat": 1}]}
    assert render(view_of(bare)).width == 1500
    solo = fresh_view(1)
    solo["round_cards"] = []
    solo["furnishings"] = []
    assert render(view_of(solo), focus_seat=5).width == 1500


def test_furnished_board_with_animals_crops_and_pastures_renders():
    data = fresh_view(3)
    cells = data["seats"][1]["board"]["cells"]
    cells[3 * 6 + 0].update(kind="pasture", pasture=1, pasture_size=2, animals={"sheep": 5},
                            dogs=2)
    cells[3 * 6 + 1].update(kind="pasture", pasture=1, pasture_size=2, bonus=None)
    cells[3 * 6 + 2].update(kind="meadow", stable=True, animals={"boar": 1})
    cells[2 * 6 + 2].update(kind="field", crop="grain", crop_count=3)
    cells[2 * 6 + 3].update(furnishing="breakfast-room", animals={"cattle": 3})
    cells[3 * 6 + 4].update(kind="ore-mine", animals={"donkey": 1}, bonus=None)
    cells[2 * 6 + 4].update(kind="deep-tunnel")
    data["seats"][1]["furnishings"].append("breakfast-room")
    data["seats"][1]["dwarfs"][0].update(weapon=8, placed="logging")
    data["furnishings"] = [t for t in data["furnishings"] if t["id"] != "breakfast-room"]
    data["phase"], data["final"] = "over", {"1": {"total": 7, "breakdown": {"animals": 9}}}
    full = render(view_of(data), focus_seat=1)
    compact = render(view_of(data), focus_seat=0)
    assert full.size[0] == compact.size[0] == 1500


def test_seven_player_render_is_fast_once_warm():
    data = fresh_view(7)
    view = view_of(data)
    render(view)
    started = time.perf_counter()
    for _ in range(5):
        render(view, last_move="place logging")
    per_render = (time.perf_counter() - started) / 5
    assert per_render < 0.3  # target 0.1 s; the bound leaves room for a loaded CI machine
