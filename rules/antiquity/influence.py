"""Area of influence (spec §2.4), exactly as written: land reach plus the harbour part.

``influence(state, seat)`` works I(P) out from the stored facts (each distinct area once).
"""

from __future__ import annotations

from .city import functioning_type
from .hexes import Hex, neighbours


def anchors(state, seat: int) -> set[Hex]:
    """Return A(P): every hex of the seat's cities and every hex holding one of its inns."""
    own = {h for h, (owner, _) in state.city_at.items() if owner == seat}
    own.update(h for h, owner in state.inns.items() if owner == seat)
    return own


def reach(state, seat: int) -> int:
    """Return the land reach: 3 with a functioning Stable, else 2."""
    return 3 if functioning_type(state, seat, "stable") else 2


def land_part(state, start: set[Hex], steps: int) -> set[Hex]:
    """Return L: hexes reached in 1..steps steps from ``start`` without entering water."""
    seen = set(start)
    frontier = list(start)
    found: set[Hex] = set()
    cities, split = state.city_at, state.board.steps
    for _ in range(steps):
        nxt = []
        for h in frontier:
            land, water = split[h]  # anchors and the hexes reached lie on the map
            for n in land:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
            for n in water:  # printed water is land under a city (spec §2.2, A3)
                if n in cities and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        found.update(nxt)
        frontier = nxt
    return found


def harbour_part(state, start: set[Hex]) -> set[Hex]:
    """Return H: the water bodies touching ``start`` and their coasts (non-water neighbours)."""
    body = {n for h in start for n in neighbours(h) if state.is_water(n)}
    stack = list(body)
    while stack:
        for n in neighbours(stack.pop()):
            if n not in body and state.is_water(n):
                body.add(n)
                stack.append(n)
    coast = {n for h in body for n in neighbours(h)
             if n in state.board.terrain and not state.is_water(n)}
    return body | coast


def influence(state, seat: int) -> frozenset[Hex]:
    """Return I(P) = (L(P) ∪ H(P)) minus the seat's own anchors (spec §2.4)."""
    start = frozenset(anchors(state, seat))
    if not start:
        return frozenset()
    key = (frozenset(state.city_at), start, reach(state, seat),
           functioning_type(state, seat, "harbour"))
    known = state.board.areas
    area = known.get(key)
    if area is None:
        if len(known) >= KNOWN_AREAS:
            known.clear()
        area = known[key] = _area(state, start, key[2], key[3])
    return area


# On a printed board the area depends only on where the cities stand (water under a city is
# land), the seat's anchors, its reach and its Harbour. It is asked for every seat at every
# position a computer player judges, while those change a few times a game, so the board
# keeps the areas already worked out (a search judges thousands of positions that share them).
KNOWN_AREAS = 4096


def _area(state, start: frozenset[Hex], steps: int, harbour: bool) -> frozenset[Hex]:
    """Work out I(P) from the seat's anchors ``start``."""
    area = land_part(state, set(start), steps)
    if harbour:
        area |= harbour_part(state, start)
    return frozenset(area - start)
