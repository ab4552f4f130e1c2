"""Tests of the Small World board image: drawn adjacency, pieces, panels, limits and speed."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from PIL import Image, ImageChops, ImageDraw

from rendering import registry
from rendering.common import HIGHLIGHT
from rendering.smallworld import GAME_NAME, board, render
from rendering.smallworld.geometry import load_map, map_shapes
from rules.core import View

MAPS = ("2p", "3p", "4p", "5p")
PLAYERS = {"2p": 2, "3p": 3, "4p": 4, "5p": 5}
TURNS = {"2p": 10, "3p": 10, "4p": 9, "5p": 8}
RACES = ("amazons", "dwarves", "elves", "ghouls", "giants", "halflings", "humans", "orcs",
         "ratmen", "skeletons", "sorcerers", "tritons", "trolls", "wizards")
POWERS = ("alchemist", "berserk", "bivouacking", "commando", "diplomat", "dragon_master",
          "flying", "forest", "fortified", "heroic", "hill", "merchant")
PIECE_FLAGS = ("troll_lair", "fortress", "hole", "hero", "dragon")


def empty_region(record: dict) -> dict:
    """Return the view entry of a region at the start of a game."""
    return {"id": record["id"], "owner": None, "race": None, "declined": False,
            "tokens": 0, "lost_tribe": record["lost_tribe"],
            "mountain": record["mountain"], "troll_lair": False, "fortress": False,
            "encampments": 0, "hole": False, "hero": False, "dragon": False}


def busy_view(map_id: str, seat: int | None = None, coins: bool = False) -> View:
    """Return a mid-game view of ``map_id`` with every race and every special piece on it."""
    records = load_map(map_id)
    players = PLAYERS[map_id]
    regions = [empty_region(r) for r in records]
    land = [r["id"] for r in records if r["terrain"] not in ("sea", "lake")]
    for k, rid in enumerate(land[: len(land) * 2 // 3]):
        region = regions[rid]
        region.update(owner=k % players, race=RACES[k % len(RACES)], declined=k % 5 == 4,
                      tokens=1 + k % 7, lost_tribe=False)
    pieces = ["troll_lair", "fortress", "hole", "hero", "dragon", "encampments"]
    for k, piece in enumerate(pieces):
        region = regions[land[k * 2]]
        region[piece] = 3 if piece == "encampments" else True
    regions[land[1]].update(fortress=True, encampments=1, hero=True)
    data = {
        "map": map_id, "turn": 3, "turns": TURNS[map_id], "current": 1 % players,
        "phase": "conquest", "to_act": [1 % players], "highlight": [land[0], land[3]],
        "regions": regions,
        "combos": [{"race": RACES[i], "power": POWERS[i], "coins": i % 3, "cost": i}
                   for i in range(6)],
        "players": [{"seat": s, "active": {"race": RACES[s], "power": POWERS[s], "hand": s + 1},
                     "declined": [{"race": RACES[s + 6], "power": POWERS[s + 6]}] * (s % 3),
                     "coins": (5 + s if (coins or s == seat) else None)}
                    for s in range(players)],
        "over": False, "scores": None,
    }
    return View(game="smallworld", seat=seat, data=data)


# ---------------------------------------------------------------- drawn adjacency

def id_raster(map_id: str) -> Image.Image:
    """Draw every region's polygon filled with id + 1 (0 = no region) at the posted scale."""
    raster = Image.new("L", (board.WIDTH, board.HEIGHT), 0)
    draw = ImageDraw.Draw(raster)
    for slot in board.slots(map_id):
        draw.polygon(slot.polygon, fill=slot.id + 1)
    return raster


def _neighbour_pairs(raster: Image.Image, dx: int, dy: int) -> Counter:
    """Count, per region pair, the pixels of one region whose (dx, dy) neighbour is the other."""
    shifted = ImageChops.offset(raster, -dx, -dy)
    changed = ImageChops.difference(raster, shifted).tobytes()
    data, step = raster.tobytes(), dx + dy * raster.width
    pairs: Counter = Counter()
    for i in (i for i, v in enumerate(changed) if v):
        a, b = data[i], data[(i + step) % len(data)]
        if a and b:
            pairs[frozenset((a - 1, b - 1))] += 1
    return pairs


def drawn_adjacency(map_id: str, min_contact: int = 6) -> set[frozenset[int]]:
    """Return the region pairs whose shapes share a border at least ``min_contact`` px long."""
    raster = id_raster(map_id)
    contacts = _neighbour_pairs(raster, 1, 0) + _neighbour_pairs(raster, 0, 1)
    return {pair for pair, n in contacts.items() if n >= min_contact}


def touching(map_id: str) -> set[frozenset[int]]:
    """Return every region pair whose drawn shapes touch at all, even diagonally at one pixel."""
    raster = id_raster(map_id)
    pairs: set = set()
    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
        pairs |= set(_neighbour_pairs(raster, dx, dy))
    return pairs


def rule_adjacency(map_id: str) -> set[frozenset[int]]:
    """Return the adjacent pairs of the map data the rules use."""
    return {frozenset((r["id"], u)) for r in load_map(map_id) for u in r["adj"]}


@pytest.mark.parametrize("map_id", MAPS)
def test_drawn_borders_are_exactly_the_rules_adjacency(map_id):
    drawn = drawn_adjacency(map_id)
    rules = rule_adjacency(map_id)
    assert drawn - rules == set(), "regions drawn as neighbours that the rules do not connect"
    assert rules - drawn == set(), "adjacent regions drawn without a visible shared border"


@pytest.mark.parametrize("map_id", MAPS)
def test_non_adjacent_regions_do_not_even_touch(map_id):
    assert touching(map_id) <= rule_adjacency(map_id)


@pytest.mark.parametrize("map_id", MAPS)
def test_regions_do_not_overlap_and_fill_the_board(map_id):
    total = 0
    for slot in board.slots(map_id):
        mask = Image.new("1", (board.WIDTH, board.HEIGHT), 0)
        ImageDraw.Draw(mask).polygon(slot.polygon, fill=1)
        total += sum(mask.histogram()[1:])
    union = id_raster(map_id).point(lambda v: 1 if v else 0).convert("L")
    covered = sum(union.histogram()[1:])
    assert total - covered < 0.01 * covered, "region shapes overlap"
    board_area = (board.WIDTH - 2 * board.FRAME) * (board.HEIGHT - 2 * board.FRAME)
    assert covered > 0.98 * board_area


@pytest.mark.parametrize("map_id", MAPS)
def test_edge_regions_reach_the_frame_and_others_do_not(map_id):
    lo, hi_x = board.FRAME + 1, board.WIDTH - board.FRAME - 2
    hi_y = board.HEIGHT - board.FRAME - 2
    for slot, record in zip(board.slots(map_id), load_map(map_id), strict=True):
        reaches = any(x <= lo or x >= hi_x or y <= lo or y >= hi_y for x, y in slot.polygon)
        assert reaches == record["edge"], slot.id


@pytest.mark.parametrize("map_id", MAPS)
def test_every_number_and_occupant_sits_inside_its_own_region(map_id):
    raster = id_raster(map_id)
    for slot in board.slots(map_id):
        number_centre = (slot.number_at[0] + 10, slot.number_at[1])
        for point in (number_centre, slot.pill_at):
            assert raster.getpixel(tuple(map(int, point))) == slot.id + 1, slot.id
    assert len(map_shapes(map_id).regions) == len(load_map(map_id))


# ---------------------------------------------------------------- images

def png_bytes(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


@pytest.mark.parametrize("map_id", MAPS)
def test_busy_view_renders_every_map_within_limits(map_id):
    image = render(busy_view(map_id), last_move="conquer 12")
    assert 1400 <= image.width <= 1600
    assert image.height < 2000
    assert len(png_bytes(image)) < 3 * 1024 * 1024


def test_registry_finds_the_renderer():
    assert GAME_NAME == "smallworld"
    assert registry.has_renderer("smallworld")
    assert registry.render_png(busy_view("2p")).startswith(b"\x89PNG")


def test_empty_row_and_no_races_render():
    view = busy_view("3p")
    view.data["combos"] = []
    view.data["regions"] = [empty_region(r) for r in load_map("3p")]
    for player in view.data["players"]:
        player.update(active=None, declined=[])
    view.data.update(highlight=[], current=None, to_act=[])
    image = render(view)
    assert image.width == board.WIDTH


def test_lost_tribes_and_occupants_are_drawn_in_their_colours():
    from rendering.smallworld import HEADER_H, style

    view = busy_view("5p")
    image = render(view)
    for region in view.data["regions"]:
        slot = board.slots("5p")[region["id"]]
        x, y = slot.pill_at
        if region["race"] is not None:
            expected = style.race_colour(region["race"], region["declined"])
        elif region["lost_tribe"]:
            expected = style.race_colour("lost_tribes")
        else:
            continue
        row = [image.getpixel((int(x) + dx, int(y) + HEADER_H + 10)) for dx in range(-30, 31)]
        assert expected in row, region["id"]


def test_bare_view_renders():
    image = render(View(game="smallworld", seat=None, data={"map": "4p"}))
    assert image.width == board.WIDTH


def _slot_pixels(image: Image.Image, map_id: str, rid: int, top: int) -> list:
    slot = board.slots(map_id)[rid]
    return [image.getpixel((int(x), int(y) + top)) for x, y in slot.polygon]


def test_highlighted_region_is_outlined():
    view = busy_view("2p")
    view.data["highlight"] = []
    plain = render(view)
    view.data["highlight"] = [13]
    lit = render(view)
    from rendering.smallworld import HEADER_H
    assert HIGHLIGHT in _slot_pixels(lit, "2p", 13, HEADER_H)
    assert HIGHLIGHT not in _slot_pixels(plain, "2p", 13, HEADER_H)
    assert plain.tobytes() != lit.tobytes()


def _panel_strip(image: Image.Image) -> Image.Image:
    from rendering.smallworld import HEADER_H
    return image.crop((0, HEADER_H + board.HEIGHT, image.width, image.height))


def test_coins_absent_from_the_view_are_not_drawn():
    hidden = busy_view("3p")
    shown = busy_view("3p")
    shown.data["players"][2]["coins"] = 77
    assert _panel_strip(render(hidden)).tobytes() != _panel_strip(render(shown)).tobytes()
    again = busy_view("3p")
    again.data["players"][2]["coins"] = None
    assert render(again).tobytes() == render(hidden).tobytes()


def test_game_over_shows_scores():
    view = busy_view("2p", coins=True)
    view.data.update(over=True, current=None, to_act=[], scores={"0": 23, "1": 19})
    before = busy_view("2p", coins=True)
    assert render(view).tobytes() != render(before).tobytes()


# ---------------------------------------------------------------- with the rules engine

def test_every_race_has_a_colour_and_a_mark():
    import tomllib

    from rendering.common import asset_path
    from rendering.smallworld import style

    with asset_path("smallworld", "races.toml").open("rb") as handle:
        races = tomllib.load(handle)
    colours = {style.race_colour(race) for race in races}
    assert len(colours) == len(races), "two races share a colour"
    marks = {style.abbreviation(race) for race in races}
    assert len(marks) == len(races), "two races share a mark"
    assert style.race_colour("lost_tribes") not in colours


def _random_playout(players: int, seed: int, every: int = 25):
    """Yield (state, last action text) at regular points of a seeded random game."""
    import random

    from rules.smallworld import GAME

    pick = random.Random(seed)
    state = GAME.new_game(seed=seed, players=players, options={})
    steps = 0
    while not GAME.is_over(state) and steps < 2000:
        seat = min(GAME.to_act(state))
        action = pick.choice(list(GAME.legal_actions(state, seat)))
        state, _ = GAME.apply(state, seat, action)
        steps += 1
        if steps % every == 0:
            yield state, action.text
    yield state, "end"


@pytest.mark.parametrize("players", [2, 5])
def test_views_of_a_real_game_render(players):
    from rules.smallworld import GAME

    drawn = 0
    for state, last in _random_playout(players, seed=players, every=60):
        public = GAME.view(state, None)
        image = render(public, last_move=last)
        assert image.width == board.WIDTH
        assert len(png_bytes(image)) < 3 * 1024 * 1024
        drawn += 1
    assert GAME.view(state, None).data["over"]
    assert drawn > 2


def test_real_view_hides_other_seats_coins_in_the_image():
    from rules.smallworld import GAME

    state, _ = next(_random_playout(3, seed=7, every=40))
    public = render(GAME.view(state, None))
    mine = render(GAME.view(state, 1))
    assert GAME.view(state, None).data["players"][1]["coins"] is None
    assert GAME.view(state, 1).data["players"][1]["coins"] is not None
    assert _panel_strip(public).tobytes() != _panel_strip(mine).tobytes()


def test_player_names_replace_seat_numbers_and_long_ones_are_shortened():
    from rendering.smallworld.panels import seat_name

    data = {"names": ["Ann", "A very long display name indeed"]}
    assert seat_name(data, 0) == "Ann"
    assert seat_name(data, 1).endswith("\u2026") and len(seat_name(data, 1)) == 16
    assert seat_name({}, 2) == "Player 3"
    view = busy_view("2p")
    plain = render(view)
    named = render(view, names=["Ann", "Bob"])
    assert plain.size == named.size and ImageChops.difference(plain, named).getbbox() is not None
