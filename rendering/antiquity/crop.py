"""Which part of the countryside the posted board shows: the players' areas, zoomed.

At phone width (Discord shows an attachment about 400 pixels wide) the whole 4-player map is
a wall of specks. Once every player has a city, the posted board shows instead the hexes of
each player's cities, inns, countryside buildings and influence with a ring around them
(every hex a choice can name: a new city's centre touches the influence, a fisherman's second
hex lies next to it). Areas that touch are drawn as
one; the part shown grows as the players spread. ``/board whole`` draws the whole map.
"""

from __future__ import annotations

from .hexmap import STEPS, parse

RINGS = 1  # rings of hexes shown around a player's holdings


def holdings(data: dict, seat: int) -> set:
    """Return every hex ``seat`` holds or influences: cities, inns, countryside buildings
    (site and goods tokens), anchors and influence."""
    m, p = data["map"], data["ps"][seat]
    hexes = {parse(t) for t in p["influence"]} | {parse(t) for t in p["anchors"]}
    hexes |= {parse(t) for t, (owner, _) in m["cities"].items() if owner == seat}
    hexes |= {parse(t) for t, owner in m["inns"].items() if owner == seat}
    for b in m["country"].values():
        if b["owner"] == seat:
            hexes.update(tuple(h) for h in b["site"] + b["tokens"])
    return hexes


def grown(hexes: set, rings: int, terrain: dict) -> set:
    """Return ``hexes`` with ``rings`` rings of neighbours, kept to the hexes of the map."""
    area = set(hexes)
    for _ in range(rings):
        area |= {(q + dq, r + dr) for q, r in area for dq, dr in STEPS}
    return {h for h in area if f"{h[0]},{h[1]}" in terrain}


def player_areas(data: dict) -> list[tuple[frozenset, tuple[int, ...]]] | None:
    """Return the parts of the map to post: (hexes, seats shown there) per group of players
    whose areas touch, in seat order; None when the whole map must be shown (a player still
    to place his first city may choose any free starting tile)."""
    seats = [s for s, p in enumerate(data["ps"]) if not p["eliminated"]]
    areas = {s: holdings(data, s) for s in seats}
    if not seats or not all(data["ps"][s]["anchors"] for s in seats):
        return None
    terrain = data["map"]["terrain"]
    groups = [(grown(areas[s], RINGS, terrain), (s,)) for s in seats]
    merged = True
    while merged:
        merged = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                if _touch(groups[i][0], groups[j][0]):
                    groups[i] = (groups[i][0] | groups[j][0], groups[i][1] + groups[j][1])
                    del groups[j]
                    merged = True
                    break
            if merged:
                break
    return [(frozenset(hexes), tuple(sorted(owners))) for hexes, owners in groups]


def _touch(a: set, b: set) -> bool:
    """Tell whether two sets of hexes overlap or lie side by side."""
    return any((q + dq, r + dr) in b for q, r in a for dq, dr in ((0, 0), *STEPS))
