"""Phase 10, Victory Check (spec §8): saints' conditions, tie-break, shared victory."""

from __future__ import annotations

from . import data
from .city import building_graves, of_type
from .influence import anchors, influence
from .saints import cathedral_functioning

ALL_TYPES = data.BUILDING_TYPES


def people(state, seat: int) -> bool:
    """San Nicolo: the player has 20 people (all 20 houses built)."""
    return len(state.ps[seat]["houses"]) >= data.game_data()["player"]["men"]


def buildings(state, seat: int) -> bool:
    """Santa Barbara: an ungraved piece of every building type, and at least one house."""
    p = state.ps[seat]
    return bool(p["houses"]) and all(
        any(not building_graves(p, bid) for bid in of_type(p, kind)) for kind in ALL_TYPES)


def goods(state, seat: int) -> bool:
    """San Christofori: at least 3 of each food and each luxury kind."""
    owned = state.ps[seat]["goods"]
    return all(owned[k] >= 3 for k in data.FOOD + data.LUXURY)


def encloses(state, seat: int) -> bool:
    """San Giorgio: another active player's influence (minus cities/inns) lies in I(P) ∪ A(P)."""
    mine = influence(state, seat) | anchors(state, seat)
    pieces = set(state.city_at) | set(state.inns)
    for other in range(state.players):
        if other == seat or state.ps[other]["eliminated"]:
            continue
        if (influence(state, other) - pieces) <= mine:
            return True
    return False


TESTS = {"people": people, "buildings": buildings, "goods": goods, "enclose": encloses}


def meets(state, seat: int) -> bool:
    """Tell whether the seat's saint's condition holds now (with a functioning Cathedral)."""
    p = state.ps[seat]
    if p["eliminated"] or not cathedral_functioning(p):
        return False
    condition = data.saints()[p["saint"]]["condition"]
    if condition == "any_two":
        return sum(test(state, seat) for test in TESTS.values()) >= 2
    return TESTS[condition](state, seat)


def unpolluted(state, seat: int) -> int:
    """Return the tie-break count: unpolluted hexes of I(P) not covered by a city or inn."""
    pieces = set(state.city_at) | set(state.inns)
    return sum(1 for h in influence(state, seat) if h not in state.pollution and h not in pieces)


def winners(state) -> list[int]:
    """Return who wins this check: the qualifiers with the most unpolluted hexes (shared)."""
    qualified = [seat for seat in range(state.players) if meets(state, seat)]
    if len(qualified) <= 1:
        return qualified
    counts = {seat: unpolluted(state, seat) for seat in qualified}
    best = max(counts.values())
    return sorted(seat for seat, n in counts.items() if n == best)
