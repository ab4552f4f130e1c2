"""Animal housing: capacities (spec §5.1), the engine's own arrangement, and breeding.

Players only hold animal totals; :func:`arrange` decides whether those totals fit on the
home board and where each animal stands. Each unit (pasture, stable, mine, room) holds a
single type; dogs need no room but let a meadow/pasture hold max(capacity, dogs+1) sheep.
"""

from __future__ import annotations

from . import board, housing
from .goods import has
from .state import FARM

ANY = frozenset(FARM)


def _unit(where: str, cap: int, types, dogable: bool = False) -> tuple:
    return (where, cap, frozenset(types), dogable)


def dwarfs_in_play(player: dict) -> int:
    """Return the dwarfs in play (newborns included)."""
    return len(player["dwarfs"])


def units(player: dict) -> list[tuple]:
    """Return the housing units of ``player`` as (square, capacity, types, dogable)."""
    out = []
    cells = player["cells"]
    for squares in board.pastures(player).values():
        stables = sum(1 for s in squares if cells[s]["stable"])
        out.append(_unit(squares[0], 2 * len(squares) * 2 ** stables, ANY, True))
    for s in board.area_squares(player, "forest"):
        here = cells[s]
        if here["kind"] == "meadow":
            out.append(_unit(s, 1 if here["stable"] else 0, ANY, True))
        elif here["kind"] == "forest" and here["stable"]:
            out.append(_unit(s, 1, {"boar"}))
        elif here["kind"] == "field" and here["crop"] is None and has(player, "stubble-room"):
            out.append(_unit(s, 1, ANY))
    for s in board.area_squares(player, "mountain"):
        here = cells[s]
        if here["kind"] in ("ore-mine", "ruby-mine"):
            out.append(_unit(s, 1, {"donkey"}))
        out.extend(_room_units(player, s, here["furnishing"]))
    return out


def _room_units(player: dict, square: str, tile: str | None) -> list[tuple]:
    if tile in ("entry-dwelling", "mixed-dwelling"):
        return [_unit(square, 2, ANY)]
    if tile == "breakfast-room":
        return [_unit(square, 3, {"cattle"})]
    if tile == "cuddle-room":
        return [_unit(square, dwarfs_in_play(player), {"sheep"})]
    return []


def arrange(player: dict, counts: dict | None = None) -> dict | None:
    """Return {square: {type: n}} housing ``counts`` (default: the player's), or None."""
    counts = counts or player["animals"]
    unit_list = tuple(sorted(units(player), key=lambda u: (u[2] != {"donkey"}, -u[1])))
    need = tuple(counts[t] for t in FARM)
    dogs = counts.get("dog", 0)
    key = (unit_list, need, dogs)
    if key not in _CACHE:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        _CACHE[key] = housing.solve(unit_list, need, dogs)
    plan = _CACHE[key]
    return None if plan is None else _layout(unit_list, plan, dogs)


_CACHE: dict[tuple, list | None] = {}


def _layout(unit_list: tuple, plan: list, dogs: int) -> dict:
    layout: dict[str, dict] = {}
    dogs_left = dogs
    for (where, _cap, _types, _dog), (kind, n, unit_dogs) in zip(unit_list, plan, strict=True):
        if kind is not None and n:
            spot = layout.setdefault(where, {})
            spot[kind] = spot.get(kind, 0) + n
        if unit_dogs:
            layout.setdefault(where, {})["dog"] = unit_dogs
            dogs_left -= unit_dogs
    if dogs_left:
        spot = layout.setdefault("4,4", {})
        spot["dog"] = spot.get("dog", 0) + dogs_left
    return layout


def fits(player: dict, counts: dict | None = None) -> bool:
    """Tell whether the animals (default: the player's own) can all be housed."""
    counts = counts or player["animals"]
    kinds = [t for t in FARM if counts[t]]
    if not kinds:
        return True  # dogs need no room
    if len(kinds) == 1 and counts[kinds[0]] <= 2 and player["cells"]["4,4"]["furnishing"] == (
            "entry-dwelling"):
        return True  # one pair of one type: the entry-level dwelling holds it
    return arrange(player, counts) is not None


def arrangement(player: dict) -> dict:
    """Return the arrangement for display ({} squares when animals do not fit yet)."""
    return arrange(player) or {}


def donkeys_in_mines(player: dict, kinds=("ore-mine", "ruby-mine")) -> int:
    """Return the most donkeys that can stand in mines of ``kinds`` with all animals housed."""
    cells = player["cells"]
    mines = [s for s, c in cells.items() if c["kind"] in kinds]
    for k in range(min(len(mines), player["animals"]["donkey"]), 0, -1):
        rest = dict(player["animals"])
        rest["donkey"] -= k
        trial = dict(player)
        trial["cells"] = dict(cells)
        for s in mines[:k]:
            trial["cells"][s] = {**cells[s], "kind": "mine-in-use"}
        if fits(trial, rest):
            return k
    return 0


def breeding_types(player: dict, allowed=FARM) -> list[str]:
    """Return the farm types with at least 2 animals (each breeds one newborn)."""
    return [t for t in FARM if t in allowed and player["animals"][t] >= 2]
