"""data/antiquity/ against the spec: tiles, layouts, buildings, house chart (T01, T02)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.antiquity import board as boards
from rules.antiquity import data
from rules.antiquity.hexes import disc, mirror, rotate
from rules.core import Rng


def test_sixteen_faces_of_61_hexes_with_their_checksums():
    faces = data.tile_faces()
    assert sorted(faces) == sorted([f"T{i}" for i in range(8)] + [f"T{i}m" for i in range(8)])
    for name, face in faces.items():
        cells = boards.face_cells(name)
        assert set(cells) == set(disc((0, 0), 4)), name
        assert dict(Counter(cells.values())) == face["counts"], name
        explore = boards.face_explore(name)
        assert len(explore) == 2 and all(cells[h] != "W" for h in explore), name


@pytest.mark.parametrize("design", range(8))
def test_mirrored_faces_are_mirror_images(design):
    plain, mirrored = boards.face_cells(f"T{design}"), boards.face_cells(f"T{design}m")
    assert all(mirrored[mirror(h)] == letter for h, letter in plain.items())


def test_t02_decoding_rotation_and_mirror():
    cells = boards.face_cells("T0")
    assert cells[(0, 0)] == "G" and cells[(0, 1)] == "W" and cells[(-3, 2)] == "M"
    assert (-3, 2) in boards.face_explore("T0")
    board = boards.from_tiles(2, [("T0", 1), ("T1", 0), ("T2", 0), ("T3", 0)])
    assert rotate((0, 1)) == (-1, 1) and board.terrain[(-1, 1)] == "W"
    assert mirror((-3, 2)) == (3, -1) and (3, -1) in boards.face_explore("T0m")


@pytest.mark.parametrize(("players", "hexes"), [(2, 244), (3, 366), (4, 488)])
def test_t01_map_sizes_and_exploration_hexes(players, hexes):
    board = boards.from_tiles(players, boards.draw_tiles(Rng(players), players))
    assert len(board.terrain) == hexes == data.layout(players)["hexes"]
    assert len(board.explore) == len(set(board.explore)) == 4 * players
    assert len(board.starts) == players
    assert len(set(board.tile_of.values())) == 2 * players


BUILDING_CELLS = {"cart_shop": 3, "fountain": 1, "market": 4, "harbour": 6, "stable": 4,
                  "explorer": 3, "dump": 9, "hospital": 6, "forced_labour": 6,
                  "university": 4, "faculty_theology": 8, "faculty_biology": 8,
                  "faculty_alchemy": 8, "faculty_philosophy": 8, "cathedral": 6,
                  "brewery": 5, "granary": 4}


def test_building_table():
    table = data.buildings()
    assert len(table) == 18
    for name, cells in BUILDING_CELLS.items():
        assert sum(row.count("#") for row in table[name]["shape"]) == cells, name
    assert {n for n, b in table.items() if not b["staffed"]} == {
        "fountain", "cathedral", "brewery", "granary"}
    assert {n: b["pool"] for n, b in table.items() if b["supply"] == "pool"} == {
        "cart_shop": 20, "storage": 32, "fountain": 32}
    assert table["stable"]["cost"] == {"lux_d": 2}
    assert table["faculty_biology"]["cost"] == {"stone": 2}
    assert table["hospital"]["cost"] == table["fountain"]["cost"] == {"lux": 1}
    assert sum(BUILDING_CELLS.values()) + 2 == 95


def test_house_chart():
    chart = data.house_chart()
    assert sorted(chart) == list(range(1, 21))
    assert all(chart[h] == {"food": 0, "lux": 0} for h in range(1, 5))
    assert chart[17] == {"food": 2, "lux": 3}  # the seed's example "2D food + 3D lux"
    assert sum(c["food"] for c in chart.values()) == 37
    assert sum(c["lux"] for c in chart.values()) == 21


def test_goods_and_saints():
    assert len(data.GOODS) == 10 and data.game_data()["goods"]["bank_per_kind"] == 72
    assert set(data.SAINTS) == {"san_nicolo", "santa_barbara", "san_christofori",
                                "san_giorgio", "santa_maria"}
