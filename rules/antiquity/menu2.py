"""The listed options of phase 2 (a sensible selection; every other legal typed form is
accepted through the handler's ``problem``): one place per affordable building type,
the cheapest houses, storage, staffing, abilities, open offers, ready.
"""

from __future__ import annotations

from . import data
from .abilities import bank_problem, grave_move_problem, hospital_problem, raze_problem
from .city import (
    all_empty_cells,
    building_graves,
    empty_cells,
    footprint,
    functioning_type,
    grid_size,
    rectangle,
    staffable,
    turned,
)
from .citybuild import BUILDABLE, build_problem, built_houses, cost_of, storage_problem
from .goods import house_cost, relax, ways_to_pay
from .phase2 import is_ready
from .saints import has_bonus
from .trades import open_offers

HOUSES_LISTED = 3


def free_cells(p: dict) -> list[set]:
    """Return the set of empty cells of each of the player's cities."""
    return [set(empty_cells(p, city)) for city in range(len(p["cities"]))]


def first_place(p: dict, cells_of, free_by_city: list[set] | None = None) -> tuple | None:
    """Return (city, anchor, k) of the first place where a piece fits (reading order)."""
    free_by_city = free_cells(p) if free_by_city is None else free_by_city
    for city, free in enumerate(free_by_city):
        if not free:
            continue
        rows, cols = grid_size(p, city)
        for k in range(4):
            for r in range(rows):
                for c in range(cols):
                    if all(cell in free for cell in cells_of((r, c), k)):
                        return city, (r, c), k
    return None


def first_fit(p: dict, shape: tuple, free_by_city: list[set]) -> tuple | None:
    """Return what ``first_place`` returns for a building of ``shape`` (its printed cells),
    faster: a place's first cell (the turned shape's first in reading order) must be free, so
    only the free cells are tried as that cell, in reading order, which is the anchors'."""
    for city, free in enumerate(free_by_city):
        if not free:
            continue
        ordered = sorted(free)
        for k in range(4):
            cells = turned(shape, k)
            (r0, c0), rest = cells[0], cells[1:]
            for r, c in ordered:
                row, col = r - r0, c - c0
                if row >= 0 and col >= 0 and all((dr + row, dc + col) in free
                                                 for dr, dc in rest):
                    return city, (row, col), k
    return None


def moves(state, seat: int) -> list[tuple]:
    """Return the listed phase-2 moves of ``seat``."""
    if is_ready(state, seat):
        return [("unready",)] + answers(state, seat, ready=True)
    out = houses(state, seat) + buildings(state, seat) + storage(state, seat)
    out += [("staff", bid) for bid in staffable(state.ps[seat])]
    out += abilities(state, seat) + answers(state, seat, ready=False)
    return out + [("ready",)]


def houses(state, seat: int) -> list[tuple]:
    """Return the cheapest affordable unbuilt houses at the first empty cell."""
    p = state.ps[seat]
    empty = all_empty_cells(p)
    if not empty:
        return []
    city, r, c = empty[0]
    out = []
    for number in sorted(set(data.house_chart()) - built_houses(p)):
        pays = ways_to_pay(p["goods"], cost_of(state, seat, house_cost(data.house_chart()[number])))
        if pays:
            out.append(("house", number, city, (r, c), pays[0], free_house(p, number, empty)))
        if len(out) >= HOUSES_LISTED:
            break
    return out


def free_house(p: dict, number: int, empty: list) -> tuple | None:
    """Return San Nicolo's free house (the lowest unbuilt below ``number``) if he may."""
    if not has_bonus(p, "house") or len(empty) < 2:
        return None
    lower = sorted(set(range(1, number)) - built_houses(p))
    return (lower[0], empty[1][0], empty[1][1:]) if lower else None


def buildings(state, seat: int) -> list[tuple]:
    """Return one first-fit placement with the first payment per buildable type."""
    p = state.ps[seat]
    out = []
    free = free_cells(p)
    philosophy = functioning_type(state, seat, "faculty_philosophy")
    places: dict[tuple, tuple | None] = {}  # buildings of one shape share their first place
    for kind in BUILDABLE:
        pays = ways_to_pay(p["goods"], relax(data.buildings()[kind]["cost"], philosophy))
        if not pays:
            continue
        shape = tuple(map(tuple, footprint(kind)))
        if shape not in places:
            places[shape] = first_fit(p, shape, free)
        place = places[shape]
        if place is None:
            continue
        saints = data.SAINTS if kind == "cathedral" else (None,)
        for saint in saints:
            move = ("build", kind, *place, pays[0], saint)
            if build_problem(state, seat, *move[1:]) is None:
                out.append(move)
    return out


def storage(state, seat: int) -> list[tuple]:
    """Return a 1x2 storage at the first place it fits, when legal."""
    place = first_place(state.ps[seat], lambda a, k: rectangle(a, 1 + k % 2, 2 - k % 2))
    if place is None:
        return []
    city, anchor, k = place
    move = ("storage", city, anchor, 1 + k % 2, 2 - k % 2, ("wood",))
    return [move] if storage_problem(state, seat, *move[1:]) is None else []


def abilities(state, seat: int) -> list[tuple]:
    """Return the usable abilities: raze, hospital, grave moves, bank trades."""
    p = state.ps[seat]
    out = []
    if raze_problem(state, seat) is None:
        out.append(("raze",))
    graves = [tuple(g) for g in sorted(p["graves"])][:5]
    if graves and hospital_problem(state, seat, graves) is None:
        out.append(("hospital", tuple(graves)))
    out += grave_moves(state, seat)
    return out + bank_trades(state, seat)


def grave_moves(state, seat: int) -> list[tuple]:
    """Return Santa Barbara's moves of graves off buildings onto the first empty cell."""
    p = state.ps[seat]
    empty = all_empty_cells(p)
    if not empty or not has_bonus(p, "rearrange"):
        return []
    out = []
    for bid, b in p["buildings"].items():
        if building_graves(p, bid):
            cells = {tuple(c) for c in b["cells"]}
            source = next(tuple(g) for g in p["graves"] if g[0] == b["city"]
                          and (g[1], g[2]) in cells)
            if grave_move_problem(state, seat, source, empty[0]) is None:
                out.append(("regrave", source, empty[0]))
    return out


def bank_trades(state, seat: int) -> list[tuple]:
    """Return bank trades giving two of the most plentiful kind for each other kind."""
    goods = state.ps[seat]["goods"]
    most = max(goods, key=lambda k: goods[k])
    give = (most, most)
    return [("bank", give, kind) for kind in data.GOODS
            if kind != most and bank_problem(state, seat, give, kind) is None]


def answers(state, seat: int, ready: bool) -> list[tuple]:
    """Return accept/decline/cancel for the open offers involving ``seat``."""
    out = []
    for oid, offer in sorted(open_offers(state, seat).items()):
        if offer["to"] == seat:
            if not ready:
                out.append(("accept", oid))
            out.append(("decline", oid))
        else:
            out.append(("cancel", oid))
    return out
