"""City grids (spec §5.1, §5.4, §2.10): footprints, placement, graves, staffing, functioning."""

from __future__ import annotations

from functools import lru_cache

from . import data

Cell = tuple[int, int]
NEVER_STAFFED = frozenset(t for t, b in data.buildings().items() if not b["staffed"])
FACULTIES = frozenset(t for t, b in data.buildings().items() if b.get("faculty"))


def footprint(kind: str) -> list[Cell]:
    """Return the canonical cells of building type ``kind`` (houses and fountains: one)."""
    return list(_footprint(kind))


@lru_cache(maxsize=None)
def _footprint(kind: str) -> tuple[Cell, ...]:
    """Return the cells of ``kind``'s printed shape (read once per type)."""
    if kind == "house":
        return ((0, 0),)
    rows = data.buildings()[kind]["shape"]
    return tuple((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


def rotated(cells: list[Cell], anchor: Cell, k: int) -> list[Cell]:
    """Rotate ``cells`` k quarter turns clockwise, shift to min 0, then add ``anchor``."""
    row, col = anchor
    shape = cells if type(cells) is tuple else tuple(map(tuple, cells))
    return [(r + row, c + col) for r, c in turned(shape, k % 4)]


@lru_cache(maxsize=None)
def turned(cells: tuple[Cell, ...], k: int) -> tuple[Cell, ...]:
    """Return ``cells`` turned k quarter turns clockwise, shifted to min 0, sorted: a shape
    has at most four, so each is worked out once (the phase-2 menu tries every anchor)."""
    for _ in range(k):
        cells = tuple((c, -r) for r, c in cells)
    low_r, low_c = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - low_r, c - low_c) for r, c in cells))


def rectangle(anchor: Cell, height: int, width: int) -> list[Cell]:
    """Return the cells of a ``height`` x ``width`` rectangle at ``anchor`` (storage)."""
    return [(anchor[0] + r, anchor[1] + c) for r in range(height) for c in range(width)]


def grid_size(p: dict, city: int) -> tuple[int, int]:
    """Return (rows, cols) of city ``city`` of player record ``p``."""
    record = p["cities"][city]
    return record["rows"], record["cols"]


def cells_taken(p: dict, city: int) -> dict[Cell, str]:
    """Return cell -> building id for every building cell of ``city``."""
    taken = {}
    for bid, b in p["buildings"].items():
        if b["city"] == city:
            for r, c in b["cells"]:
                taken[(r, c)] = bid
    return taken


def graves_in(p: dict, city: int) -> set[Cell]:
    """Return the cells of ``city`` that carry a grave."""
    return {(r, c) for cy, r, c in p["graves"] if cy == city}


def empty_cells(p: dict, city: int) -> list[Cell]:
    """Return the cells of ``city`` with no building, house or grave, in reading order."""
    rows, cols = grid_size(p, city)
    taken = cells_taken(p, city)
    graves = graves_in(p, city)
    return [(r, c) for r in range(rows) for c in range(cols)
            if (r, c) not in taken and (r, c) not in graves]


def fits(p: dict, city: int, cells: list[Cell], ignore: str | None = None) -> bool:
    """Tell whether every cell lies inside ``city`` and is empty (``ignore``: a moving piece)."""
    if not 0 <= city < len(p["cities"]):
        return False
    rows, cols = grid_size(p, city)
    taken = cells_taken(p, city)
    graves = graves_in(p, city)
    return all(0 <= r < rows and 0 <= c < cols and (r, c) not in graves
               and taken.get((r, c), ignore) == ignore for r, c in cells)


def building_graves(p: dict, bid: str) -> int:
    """Return the number of graves on building ``bid``."""
    graves = p["graves"]
    if not graves:  # most positions: the computer players ask this in every evaluation
        return 0
    b = p["buildings"][bid]
    cells = {tuple(cell) for cell in b["cells"]}
    return sum(1 for cy, r, c in graves if cy == b["city"] and (r, c) in cells)


def graved_buildings(p: dict) -> set[str]:
    """Return the ids of the player's buildings with a grave on them (what
    ``building_graves`` tells one building at a time, for all at once)."""
    graves = p["graves"]
    if not graves:
        return set()
    spots = {tuple(g) for g in graves}
    return {bid for bid, b in p["buildings"].items()
            if any((b["city"], r, c) in spots for r, c in b["cells"])}


def of_type(p: dict, kind: str) -> list[str]:
    """Return the ids of the player's buildings of type ``kind``."""
    return [bid for bid, b in p["buildings"].items() if b["type"] == kind]


def adjacent(a: dict, b: dict) -> bool:
    """Tell whether two buildings in the same city share an edge."""
    if a["city"] != b["city"]:
        return False
    cells = {tuple(cell) for cell in a["cells"]}
    return any((r + dr, c + dc) in cells for r, c in b["cells"]
               for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def covering_university(p: dict, bid: str) -> str | None:
    """Return a functioning staffed University adjacent to faculty ``bid``, if any."""
    b = p["buildings"][bid]
    if b["type"] not in FACULTIES:
        return None
    for uid, u in p["buildings"].items():
        if (u["type"] == "university" and u["staffed"] and not building_graves(p, uid)
                and adjacent(u, b)):
            return uid
    return None


def functioning(p: dict, bid: str) -> bool:
    """Tell whether building ``bid`` functions now (spec §2.10)."""
    b = p["buildings"][bid]
    if b["type"] == "house":
        return True
    if building_graves(p, bid):
        return False
    if b["type"] in NEVER_STAFFED or b["staffed"]:
        return True
    return covering_university(p, bid) is not None


# The three below are asked for every seat at every position a computer player judges
# (the influence asks for a Stable and a Harbour, the evaluation for a Granary, the pollution
# for Fountains and a Dump), so each is one pass over the buildings, listing nothing.

def count_functioning(state, seat: int, kind: str) -> int:
    """Return how many of the seat's buildings of type ``kind`` function now."""
    p = state.ps[seat]
    count = 0
    for bid, b in p["buildings"].items():
        if b["type"] == kind and functioning(p, bid):
            count += 1
    return count


def functioning_type(state, seat: int, kind: str) -> bool:
    """Tell whether the seat has at least one functioning building of type ``kind``."""
    p = state.ps[seat]
    for bid, b in p["buildings"].items():
        if b["type"] == kind and functioning(p, bid):
            return True
    return False


def staffed_functioning(state, seat: int, kind: str) -> int:
    """Return how many of the seat's ``kind`` buildings are staffed by a man and ungraved."""
    p = state.ps[seat]
    count = 0
    for bid, b in p["buildings"].items():
        if b["type"] == kind and b["staffed"] and not building_graves(p, bid):
            count += 1
    return count


def staff_problem(p: dict, bid: str) -> str | None:
    """Return a reason key why ``bid`` cannot be staffed now, or None (spec §4 2c)."""
    b = p["buildings"].get(bid)
    if b is None:
        return "no_building"
    if b["type"] == "house" or b["type"] in NEVER_STAFFED:
        return "never_staffed"
    if b["staffed"]:
        return "already_staffed"
    if building_graves(p, bid):
        return "graved"
    if p["idle"] < 1:
        return "no_idle_man"
    if covering_university(p, bid):
        return "covered_by_university"
    return None


def staffable(p: dict) -> list[str]:
    """Return the ids of buildings the player could staff now."""
    return [bid for bid in p["buildings"] if staff_problem(p, bid) is None]


def add_building(p: dict, kind: str, city: int, cells: list[Cell], **extra) -> str:
    """Put a new building of ``kind`` on ``cells`` of ``city`` and return its id."""
    bid = f"b{p['next_id']}"
    p["next_id"] += 1
    p["buildings"][bid] = {"type": kind, "city": city, "cells": [list(c) for c in cells],
                           "staffed": False, **extra}
    return bid


def all_empty_cells(p: dict) -> list[tuple[int, int, int]]:
    """Return (city, row, col) of every empty cell in all the player's cities."""
    return [(city, r, c) for city in range(len(p["cities"])) for r, c in empty_cells(p, city)]


def room_left(p: dict) -> int:
    """Return how many graves the player's cities can still take: its empty cells and the
    grave-free cells of its non-house buildings (as many as ``all_empty_cells`` and
    ``graveable_building_cells`` list, counted without listing them: every cell without a
    grave or a house)."""
    graves = {tuple(g) for g in p["graves"]}
    room = sum(record["rows"] * record["cols"] for record in p["cities"]) - len(graves)
    for b in p["buildings"].values():
        if b["type"] == "house":
            city = b["city"]
            room -= sum(1 for r, c in b["cells"] if (city, r, c) not in graves)
    return room


def graveable_building_cells(p: dict) -> list[tuple[int, int, int]]:
    """Return (city, row, col) of grave-free cells of the player's non-house buildings."""
    graves = {tuple(g) for g in p["graves"]}
    out = []
    for b in p["buildings"].values():
        if b["type"] == "house":
            continue
        out.extend((b["city"], r, c) for r, c in b["cells"] if (b["city"], r, c) not in graves)
    return sorted(out)


def building_at(p: dict, city: int, cell: Cell) -> str | None:
    """Return the id of the building covering ``cell`` of ``city``, if any."""
    return cells_taken(p, city).get(cell)
