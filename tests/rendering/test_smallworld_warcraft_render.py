"""Tests of the Small World of Warcraft board image: drawn adjacency per island, islands apart,
pieces, hidden markers, panels."""

from __future__ import annotations

from collections import Counter

import pytest
from PIL import Image, ImageChops, ImageDraw

from rendering import registry
from rendering.common import HIGHLIGHT
from rendering.smallworld_warcraft import GAME_NAME, board, render
from rendering.smallworld_warcraft.islands import WIDTH, board_height, island_shape, placements
from rules.core import View
from rules.smallworld_warcraft import data
from tests.rendering.warcraft_views import BOARDS, busy_view

ISLANDS = sorted(data.islands())
ALL = ("L1", "L2", "M1", "M2", "S1", "S2")


def _placement(island: str):
    return next(p for p in placements(ALL) if p.island == island)


def id_raster(island: str) -> tuple[Image.Image, list[str]]:
    """Draw each region of ``island`` filled with its index + 1 (0 = sea) at the posted scale."""
    place = _placement(island)
    codes = [r.code for r in data.islands()[island].regions]
    raster = Image.new("L", _cell_size(place), 0)
    draw = ImageDraw.Draw(raster)
    for k, code in enumerate(codes):
        draw.polygon(_in_cell(place, board.region_polygon(place, code)), fill=k + 1)
    return raster, codes


def _cell_size(place) -> tuple[int, int]:
    return place.cell[2] - place.cell[0], place.cell[3] - place.cell[1]


def _in_cell(place, polygon) -> list[tuple[float, float]]:
    """Shift board-layer pixels into the island's cell."""
    return [(x - place.cell[0], y - place.cell[1]) for x, y in polygon]


def _pairs(raster: Image.Image, dx: int, dy: int) -> Counter:
    shifted = ImageChops.offset(raster, -dx, -dy)
    changed = ImageChops.difference(raster, shifted).tobytes()
    pixels, step = raster.tobytes(), dx + dy * raster.width
    pairs: Counter = Counter()
    for i in (i for i, v in enumerate(changed) if v):
        a, b = pixels[i], pixels[(i + step) % len(pixels)]
        if a and b:
            pairs[frozenset((a - 1, b - 1))] += 1
    return pairs


def rule_pairs(island: str, codes: list[str]) -> set[frozenset[int]]:
    index = {c: k for k, c in enumerate(codes)}
    return {frozenset((index[r.code], index[o])) for r in data.islands()[island].regions
            for o in r.adj}


@pytest.mark.parametrize("island", ISLANDS)
def test_drawn_borders_are_exactly_the_rules_adjacency(island):
    raster, codes = id_raster(island)
    contacts = _pairs(raster, 1, 0) + _pairs(raster, 0, 1)
    drawn = {pair for pair, n in contacts.items() if n >= 6}
    rules = rule_pairs(island, codes)
    assert drawn - rules == set(), "regions drawn as neighbours that the rules do not connect"
    assert rules - drawn == set(), "adjacent regions drawn without a visible shared border"


@pytest.mark.parametrize("island", ISLANDS)
def test_non_adjacent_regions_do_not_even_touch(island):
    raster, codes = id_raster(island)
    touching: set = set()
    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
        touching |= set(_pairs(raster, dx, dy))
    assert touching <= rule_pairs(island, codes)


@pytest.mark.parametrize("island", ISLANDS)
def test_regions_fill_the_island_without_overlap(island):
    place = _placement(island)
    raster, codes = id_raster(island)
    total = 0
    for code in codes:
        mask = Image.new("1", _cell_size(place), 0)
        ImageDraw.Draw(mask).polygon(_in_cell(place, board.region_polygon(place, code)), fill=1)
        total += sum(mask.histogram()[1:])
    covered = sum(raster.point(lambda v: 1 if v else 0).histogram()[1:])
    assert total - covered < 0.01 * covered, "region shapes overlap"
    coast = Image.new("1", _cell_size(place), 0)
    ImageDraw.Draw(coast).polygon(_in_cell(place, [place.to_px(p) for p in
                                                   island_shape(island).coast]), fill=1)
    assert covered > 0.97 * sum(coast.histogram()[1:])


@pytest.mark.parametrize("players", sorted(BOARDS))
def test_islands_never_touch_and_stay_on_the_image(players):
    islands = BOARDS[players]
    raster = Image.new("L", (WIDTH, board_height(islands)), 0)
    draw = ImageDraw.Draw(raster)
    for k, place in enumerate(placements(islands)):
        coast = [place.to_px(p) for p in island_shape(place.island).coast]
        assert all(0 <= x <= WIDTH and 0 <= y <= raster.height for x, y in coast)
        layer = Image.new("L", raster.size, 0)
        ImageDraw.Draw(layer).polygon(coast, fill=1)
        overlap = ImageChops.multiply(raster.point(lambda v: 1 if v else 0), layer)
        assert overlap.getbbox() is None, "two islands overlap"
        draw.polygon(coast, fill=k + 1)
    # a sea gap of at least 8 px: growing each island by 4 px still leaves them apart
    assert not _pairs(raster, 8, 0) and not _pairs(raster, 0, 8)


@pytest.mark.parametrize("island", ISLANDS)
def test_every_number_sits_inside_its_own_region(island):
    place = _placement(island)
    raster, codes = id_raster(island)
    left, top = place.cell[:2]
    for k, code in enumerate(codes):
        x, y = board.label_origin(place, code, str(data.board(ALL).index(code)))
        assert raster.getpixel((int(x + 12 - left), int(y - top))) == k + 1, code
        ax, ay = board.region_anchor(place, code)
        assert raster.getpixel((int(ax - left), int(ay + 6 - top))) == k + 1, code


def test_the_registry_finds_the_renderer():
    assert GAME_NAME == "smallworld_warcraft"
    image = registry.render(busy_view(2))
    assert image.width == WIDTH


@pytest.mark.parametrize("players", sorted(BOARDS))
def test_busy_views_render_for_every_player_count(players):
    image = render(busy_view(players, seat=0), last_move="conquer L1-07")
    assert image.width == WIDTH and image.height < 2400
    assert image.getpixel((5, 5)) != image.getpixel((WIDTH // 2, image.height - 5))


def test_highlighted_regions_are_outlined():
    plain = busy_view(2)
    marked = View(plain.game, plain.seat, dict(plain.data, highlight=[0]))
    unmarked = View(plain.game, plain.seat, dict(plain.data, highlight=[]))
    difference = ImageChops.difference(render(marked), render(unmarked)).getbbox()
    assert difference is not None
    region = [r for r in plain.data["regions"] if r["id"] == 0][0]
    assert region["code"] == "L1-01"
    image = render(marked)
    assert HIGHLIGHT in {image.getpixel((x, y)) for x in range(difference[0], difference[2], 2)
                         for y in range(difference[1], difference[3], 2)}


def test_a_face_down_marker_looks_the_same_whatever_it_is():
    base = busy_view(2)
    images = []
    for marker in ("frostmourne", "well_of_eternity", None):
        regions = [dict(r) for r in base.data["regions"]]
        regions[3]["markers"] = [{"id": marker, "face_up": False}]
        images.append(render(View(base.game, None, dict(base.data, regions=regions))))
    assert ImageChops.difference(images[0], images[1]).getbbox() is None
    assert ImageChops.difference(images[0], images[2]).getbbox() is None


def test_revealed_marker_and_tokens_change_the_picture():
    base = busy_view(2)
    regions = [dict(r) for r in base.data["regions"]]
    before = render(View(base.game, None, dict(base.data, regions=regions)))
    regions[3] = dict(regions[3], markers=[{"id": "doomhammer", "face_up": True}], bomb=True,
                      murlocs=0)
    after = render(View(base.game, None, dict(base.data, regions=regions)))
    assert ImageChops.difference(before, after).getbbox() is not None


def test_other_seats_coins_are_not_drawn():
    mine = render(busy_view(3, seat=0))
    theirs = render(busy_view(3, seat=1))
    public = render(busy_view(3, seat=None))
    assert ImageChops.difference(mine, public).getbbox() is not None
    assert ImageChops.difference(theirs, public).getbbox() is not None
    assert ImageChops.difference(render(busy_view(3, seat=None)), public).getbbox() is None


def test_a_real_game_view_renders():
    from rules.core import get_game
    from rules.core.playout import random_playout

    game = get_game("smallworld_warcraft")
    playout = random_playout(game, seed=5, players=2, max_steps=120)
    state = game.new_game(playout.seed, 2, dict(playout.options))
    for seat, text in playout.moves:
        state, _ = game.play(state, seat, text)
    image = registry.render(game.view(state, None), playout.moves[-1][1])
    assert image.width == WIDTH
