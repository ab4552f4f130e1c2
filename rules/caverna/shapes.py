"""Keys for remembering what depends only on the shape of a home-board area (where tiles
fit), and the memory itself: a tile never reaches across areas, so each question is
keyed by its own area's cells, the area's placed overhangs and the Office room.
"""

from __future__ import annotations

from operator import itemgetter

from .grid import area, on_board, rc, squares


def shape(player: dict, area_name: str) -> tuple:
    """Return what tile placement in ``area_name`` depends on (a tile never reaches across
    areas): each of its cells' kind, stable, furnishing and bonus, its placed overhangs and
    the Office room."""
    return (area_name, tuple(map(_PLACEMENT_FIELDS, _AREA_CELLS[area_name](player["cells"]))),
            _overhangs(player, area_name, _PLACEMENT_FIELDS),
            "office-room" in player["furnishings"])


def _overhangs(player: dict, area_name: str, fields) -> tuple | None:
    """The area's placed overhang squares with ``fields`` of their cells (None: none placed)."""
    cells = player["cells"]
    if len(cells) == 24:
        return None
    return tuple((s, fields(c)) for s, c in cells.items()
                 if not on_board(s) and area(rc(s)[1]) == area_name)


_PLACEMENT_FIELDS = itemgetter("kind", "stable", "furnishing", "bonus")
_AREA_CELLS = {name: itemgetter(*squares(name)) for name in ("forest", "mountain")}


_PLACEMENTS: dict[tuple, tuple] = {}


def remembered(key_: tuple, compute) -> tuple:
    """Return the tuple of ``compute()`` remembered under ``key_`` (a kind of question and
    the shape it depends on); the memory is emptied when it grows large."""
    found = _PLACEMENTS.get(key_)
    if found is None:
        if len(_PLACEMENTS) > 16384:
            _PLACEMENTS.clear()
        found = _PLACEMENTS[key_] = tuple(compute())
    return found


def fit_shape(player: dict, area_name: str) -> tuple:
    """Return what the fit of a tile in ``area_name`` depends on (not its bonus order): each
    of its cells' kind and stable, furnished tunnels told apart, its placed overhangs and
    the Office room.

    Read through a finer key made at C speed (each cell's kind, stable and furnishing),
    which maps to the same shape for every area that has it."""
    fine = (area_name, tuple(map(_FIT_FIELDS, _AREA_CELLS[area_name](player["cells"]))),
            _overhangs(player, area_name, _FIT_FIELDS), "office-room" in player["furnishings"])
    found = _FIT_SHAPES.get(fine)
    if found is None:
        if len(_FIT_SHAPES) > 16384:
            _FIT_SHAPES.clear()
        found = _FIT_SHAPES[fine] = (area_name, tuple(
            (kind if furnishing is None or kind != "tunnel" else "furnished-tunnel", stable)
            for kind, stable, furnishing in fine[1]), fine[2], fine[3])
    return found


_FIT_FIELDS = itemgetter("kind", "stable", "furnishing")
_FIT_SHAPES: dict[tuple, tuple] = {}
