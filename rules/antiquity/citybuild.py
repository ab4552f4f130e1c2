"""Phase 2 construction (spec §4 2a-2c, §5): buildings, storage, houses and staffing.

Each ``*_problem`` returns a reason key or None; each ``do_*`` carries out a legal move on
the player's live record (the hidden record of phase 2).
"""

from __future__ import annotations

from . import data
from .city import (
    add_building,
    fits,
    footprint,
    functioning_type,
    of_type,
    rectangle,
    rotated,
    staff_problem,
)
from .goods import holds, house_cost, matches, pay, relax
from .saints import has_bonus

UNIQUE = frozenset(t for t, b in data.buildings().items() if b["supply"] == "unique")
POOLED = frozenset(t for t, b in data.buildings().items() if b["supply"] == "pool")
BUILDABLE = tuple(t for t in data.BUILDING_TYPES if t != "storage")


def cost_of(state, seat: int, cost: dict) -> dict:
    """Return ``cost`` as the seat must pay it now (Philosophy waives every "D")."""
    return relax(cost, functioning_type(state, seat, "faculty_philosophy"))


def payment_problem(state, seat: int, cost: dict, payment) -> str | None:
    """Return why ``payment`` does not pay ``cost`` for the seat, or None."""
    if not matches(cost_of(state, seat, cost), payment):
        return "wrong_payment"
    if not holds(state.ps[seat]["goods"], payment):
        return "goods_missing"
    return None


def take_from_pool(state, seat: int, pool: str, n: int = 1) -> None:
    """Take ``n`` pieces from a shared pool, remembering them for a phase-2 reset."""
    state.pools[pool] -= n
    taken = state.ps[seat]["flags"].setdefault("taken", {})
    taken[pool] = taken.get(pool, 0) + n


def build_problem(state, seat: int, kind: str, city: int, anchor, k: int, payment,
                  saint: str | None) -> str | None:
    """Return why building ``kind`` there with ``payment`` is illegal now, or None."""
    p = state.ps[seat]
    if kind not in BUILDABLE:
        return "no_such_building"
    if kind in UNIQUE and of_type(p, kind):
        return "unique_built"
    if kind in POOLED and state.pools[kind] < 1:
        return "pool_exhausted"
    if (kind == "cathedral") != (saint is not None):
        return "saint_needed" if kind == "cathedral" else "no_saint_here"
    if saint is not None and saint not in data.SAINTS:
        return "no_such_saint"
    if not fits(p, city, rotated(footprint(kind), anchor, k)):
        return "does_not_fit"
    return payment_problem(state, seat, data.buildings()[kind]["cost"], payment)


def do_build(state, seat: int, kind: str, city: int, anchor, k: int, payment,
             saint: str | None) -> str:
    """Build ``kind`` (paid with ``payment``) and return its id."""
    p = state.ps[seat]
    pay(p["goods"], state.bank, payment)
    if kind in POOLED:
        take_from_pool(state, seat, kind)
    bid = add_building(p, kind, city, rotated(footprint(kind), anchor, k))
    flags = p["flags"]
    if kind == "fountain":
        flags["fountains"] = flags.get("fountains", 0) + 1
    if kind == "cathedral":
        p["saint"] = saint
        flags["cathedrals"] = flags.get("cathedrals", 0) + 1
    return bid


def storage_problem(state, seat: int, city: int, anchor, height: int, width: int,
                    payment) -> str | None:
    """Return why a ``height`` x ``width`` storage there is illegal now, or None."""
    if height < 1 or width < 1 or (height * width) % 2:
        return "storage_odd"
    if state.pools["storage"] < height * width // 2:
        return "pool_exhausted"
    if not fits(state.ps[seat], city, rectangle(anchor, height, width)):
        return "does_not_fit"
    return payment_problem(state, seat, data.buildings()["storage"]["cost"], payment)


def do_storage(state, seat: int, city: int, anchor, height: int, width: int, payment) -> str:
    """Build a storage of ``height`` x ``width`` and return its id."""
    p = state.ps[seat]
    pay(p["goods"], state.bank, payment)
    take_from_pool(state, seat, "storage", height * width // 2)
    return add_building(p, "storage", city, rectangle(anchor, height, width),
                        h=height, w=width)


def built_houses(p: dict) -> set[int]:
    """Return the numbers of the houses the player has built."""
    return set(p["houses"])


def house_problem(state, seat: int, number: int, city: int, cell, payment,
                  free: tuple | None) -> str | None:
    """Return why house ``number`` (and the optional free house) is illegal now, or None."""
    p = state.ps[seat]
    if number not in data.house_chart() or number in built_houses(p):
        return "house_taken"
    if not fits(p, city, [cell]):
        return "does_not_fit"
    if free is not None:
        reason = free_house_problem(p, number, cell, city, free)
        if reason:
            return reason
    return payment_problem(state, seat, house_cost(data.house_chart()[number]), payment)


def free_house_problem(p: dict, number: int, cell, city: int, free: tuple) -> str | None:
    """Return why ``free`` = (number, city, cell) cannot come with paid house ``number``."""
    free_number, free_city, free_cell = free
    if not has_bonus(p, "house"):
        return "no_free_house"
    if not 1 <= free_number < number or free_number in built_houses(p):
        return "free_house_number"
    if (free_city, tuple(free_cell)) == (city, tuple(cell)) or not fits(p, free_city, [free_cell]):
        return "does_not_fit"
    return None


def do_house(state, seat: int, number: int, city: int, cell, payment, free) -> None:
    """Build house ``number`` (and the free one); each brings its man at once."""
    p = state.ps[seat]
    pay(p["goods"], state.bank, payment)
    for n, cy, c in [(number, city, cell)] + ([free] if free else []):
        add_building(p, "house", cy, [tuple(c)], number=n)
        p["houses"].append(n)
        p["idle"] += 1


def do_staff(state, seat: int, bid: str) -> None:
    """Put an idle man on building ``bid`` (already checked with ``staff_problem``)."""
    p = state.ps[seat]
    p["buildings"][bid]["staffed"] = True
    p["idle"] -= 1


__all__ = ["staff_problem", "do_staff", "build_problem", "do_build", "house_problem",
           "do_house", "storage_problem", "do_storage"]
