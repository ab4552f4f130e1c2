"""Animal housing: capacities (spec §5.1), the engine's own arrangement, and breeding.

Players only hold animal totals; :func:`arrange` decides whether those totals fit on the
home board and where each animal stands. Each unit (pasture, stable, mine, room) holds a
single type; dogs need no room but let a meadow/pasture hold max(capacity, dogs+1) sheep.
"""

from __future__ import annotations

from functools import lru_cache

from . import board
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
    need = tuple(counts[t] for t in FARM)
    unit_list = tuple(sorted(units(player), key=lambda u: (u[2] != {"donkey"}, -u[1])))
    plan = _solve(unit_list, need, counts.get("dog", 0))
    if plan is None:
        return None
    layout: dict[str, dict] = {}
    dogs_left = counts.get("dog", 0)
    for (where, _cap, _types, _dog), (kind, n, dogs) in zip(unit_list, plan, strict=True):
        if kind is not None and n:
            spot = layout.setdefault(where, {})
            spot[kind] = spot.get(kind, 0) + n
        if dogs:
            layout.setdefault(where, {})["dog"] = dogs
            dogs_left -= dogs
    if dogs_left:
        spot = layout.setdefault("4,4", {})
        spot["dog"] = spot.get("dog", 0) + dogs_left
    return layout


def fits(player: dict, counts: dict | None = None) -> bool:
    """Tell whether the animals (default: the player's own) can all be housed."""
    return arrange(player, counts) is not None


def arrangement(player: dict) -> dict:
    """Return the arrangement for display ({} squares when animals do not fit yet)."""
    return arrange(player) or {}


def _solve(unit_list: tuple, need: tuple, dogs: int) -> list | None:
    """Assign (type, count, dogs) to each unit so every need is met, or None."""

    @lru_cache(maxsize=None)
    def go(i: int, need: tuple, dogs: int):
        if not any(need):
            return ()
        if i == len(unit_list) or _room_left(i, dogs) < sum(need):
            return None
        _where, cap, types, dogable = unit_list[i]
        for index, kind in enumerate(FARM):
            if not need[index] or kind not in types:
                continue
            for use_dogs in _dog_choices(cap, dogable and kind == "sheep", dogs, need[index]):
                room = max(cap, use_dogs + 1) if use_dogs else cap
                if room <= 0:
                    continue
                put = min(room, need[index])
                rest = list(need)
                rest[index] -= put
                tail = go(i + 1, tuple(rest), dogs - use_dogs)
                if tail is not None:
                    return ((kind, put, use_dogs),) + tail
        tail = go(i + 1, need, dogs)
        return None if tail is None else ((None, 0, 0),) + tail

    @lru_cache(maxsize=None)
    def _room_left(i: int, dogs: int) -> int:
        total = sum(u[1] for u in unit_list[i:])
        return total + dogs + sum(1 for u in unit_list[i:] if u[3])

    result = go(0, need, dogs)
    if result is None:
        return None
    return list(result) + [(None, 0, 0)] * (len(unit_list) - len(result))


def _dog_choices(cap: int, dogable: bool, dogs: int, wanted: int) -> list[int]:
    if not dogable or dogs == 0:
        return [0]
    best = min(dogs, max(wanted - 1, 0))
    choices = [0] + [k for k in range(max(cap, 1), best + 1)]
    return sorted(set(choices), reverse=True)


def donkeys_in_mines(player: dict, kinds=("ore-mine", "ruby-mine")) -> int:
    """Return the most donkeys that can stand in mines of ``kinds`` with all animals housed."""
    mines = [s for s, c in player["cells"].items() if c["kind"] in kinds]
    for k in range(min(len(mines), player["animals"]["donkey"]), 0, -1):
        rest = dict(player["animals"])
        rest["donkey"] -= k
        saved = [player["cells"][s]["kind"] for s in mines[:k]]
        for s in mines[:k]:
            player["cells"][s]["kind"] = "mine-in-use"
        try:
            ok = fits(player, rest)
        finally:
            for s, kind in zip(mines[:k], saved, strict=True):
                player["cells"][s]["kind"] = kind
        if ok:
            return k
    return 0


def breeding_types(player: dict, allowed=FARM) -> list[str]:
    """Return the farm types with at least 2 animals (each breeds one newborn)."""
    return [t for t in FARM if t in allowed and player["animals"][t] >= 2]
