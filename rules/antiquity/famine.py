"""Famine and graves (spec §7): counting famine graves and placing graves by §7.3."""

from __future__ import annotations

from rules.core.decisions import pop

from . import data
from . import msgs as M
from .city import all_empty_cells, building_at, functioning_type, graveable_building_cells
from .elimination import eliminate
from .goods import food_owned

__all__ = ["all_empty_cells", "famine_graves", "forced", "grave_cells", "place_grave",
           "settle_graves"]

GRANARY = data.game_data()["famine"]["granary_relief"]


def famine_graves(state, seat: int) -> int:
    """Return max(0, famine − food owned − 3 with a functioning Granary)."""
    relief = GRANARY if functioning_type(state, seat, "granary") else 0
    return max(0, state.famine - food_owned(state.ps[seat]["goods"]) - relief)


def grave_cells(p: dict) -> list[tuple[int, int, int]]:
    """Return where the next grave may go: empty cells first, else grave-free building cells."""
    return all_empty_cells(p) or graveable_building_cells(p)


def forced(p: dict, due: int) -> bool:
    """Tell whether the remaining ``due`` graves leave no choice (spec §7.3 auto rule)."""
    empty = all_empty_cells(p)
    if empty:
        return due >= len(empty) and (due - len(empty) == 0
                                      or due - len(empty) >= len(graveable_building_cells(p)))
    return due >= len(graveable_building_cells(p))


def place_grave(state, seat: int, cell) -> None:
    """Put a grave on ``cell``; a staffed building hit by it loses its man (idle)."""
    p = state.ps[seat]
    city, r, c = cell
    bid = building_at(p, city, (r, c))
    p["graves"].append([city, r, c])
    if bid is not None and p["buildings"][bid]["staffed"]:
        p["buildings"][bid]["staffed"] = False
        p["idle"] += 1


def settle_graves(state, d, events) -> None:
    """Place forced graves of ``d``; eliminate when one cannot be placed; pop when done."""
    seat = d["seat"]
    p = state.ps[seat]
    empty = all_empty_cells(p)
    if empty and d["due"] >= len(empty):  # every empty cell is graved without asking
        for cell in empty:
            place_grave(state, seat, cell)
        d["due"] -= len(empty)
    if d["due"] and forced(p, d["due"]):
        while d["due"]:
            cells = grave_cells(p)
            if not cells:
                eliminate(state, seat)
                events.append(M.event("eliminated", seat=seat))
                break
            place_grave(state, seat, cells[0])
            d["due"] -= 1
    if not d["due"] or p["eliminated"]:
        if d in state.pending:
            pop(state, d)
        events.append(M.event("graves_placed", seat=seat, count=d["total"] - d["due"]))
