"""The listed options of phase 4: every legal construction site (first payment only for a
city; other payments are typed) and every Alchemy centre, then ``done``."""

from __future__ import annotations

from . import countryside as cs
from . import data
from .city import functioning_type
from .goods import relax, ways_to_pay
from .hexes import neighbours
from .influence import influence
from .phase4 import CHECKS, CITY_COST, COUNTRY, alchemy_problem, free_cart_shops


def moves(state, seat: int) -> list[tuple]:
    """Return the listed phase-4 moves of ``seat`` (``done`` last)."""
    area = influence(state, seat)
    occupied = state.occupied()
    out: list[tuple] = []
    if free_cart_shops(state, seat):  # asked once here, not again for every candidate
        for candidate in candidates(state, seat, area):
            if CHECKS[candidate[0]](state, seat, candidate, area, occupied) is None:
                out.append(candidate)
    out += [("alchemy", h) for h in sorted(area & state.pollution)
            if alchemy_problem(state, seat, h, area, occupied) is None]
    return out + [("done",)]


def candidates(state, seat: int, area: set) -> list[tuple]:
    """Return the constructions worth checking in ``area``."""
    p = state.ps[seat]
    biology = functioning_type(state, seat, "faculty_biology")
    out: list[tuple] = []
    for h in sorted(area):
        terrain = state.terrain(h) if h not in state.city_at else None
        if terrain == "F":
            out.append(("woodcutter", h))
        elif terrain == "G":
            out += [("farm", h, crop, False) for crop in COUNTRY["farm_crops"]
                    if p["goods"][crop]]
            if biology:
                out += [("farm", h, crop, True) for crop in COUNTRY["farm_crops"]]
        elif terrain == "M":
            fixed = state.ores.get(state.board.ranges[h])
            out += [("mine", h, None)] if fixed else [("mine", h, o) for o in COUNTRY["mine_ores"]]
        out += [("inn", h, k) for k in data.FOOD if p["goods"][k]]
        out += fishermen(state, h, area)
    return out + cities(state, seat, area)


def fishermen(state, h, area) -> list[tuple]:
    """Return fisherman placements with ``h`` as their first (in-influence) hex."""
    if not cs.land(state, h) or not cs.fisher_water(state, h):
        return []
    out = []
    for n in neighbours(h):
        if n in area and n < h:
            continue  # listed from the smaller in-influence hex
        if cs.land(state, n) and cs.fisher_water(state, n):
            a, b = min(h, n), max(h, n)
            out += [("fisherman", a, b, c) for c in COUNTRY["fisherman_catch"]]
    return out


def cities(state, seat: int, area: set) -> list[tuple]:
    """Return a new city (first payment that works, if affordable) at every centre whose
    7 hexes touch ``area``: the centre itself may lie just outside the influence (§6.7)."""
    cost = relax(CITY_COST, functioning_type(state, seat, "faculty_philosophy"))
    pays = ways_to_pay(state.ps[seat]["goods"], cost)
    if not pays:
        return []
    centres = area | {n for h in area for n in neighbours(h)}
    return [("city", centre, pays[0]) for centre in sorted(centres)
            if centre in state.board.terrain]
