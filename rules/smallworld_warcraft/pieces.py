"""Warcraft pieces in regions (spec §1.4, §4): wisp walls (Night Elves) and forts (Garrison).

``state.extra["pieces"]`` maps a region (as a string) to ``{"wisp_wall": 0|1, "fort": 0|1}``.
Both add 1 to the cost of their region, stay when their race declines, and go back to the
supply when the region is conquered or becomes empty. Supplies are hard limits.
"""

from __future__ import annotations

from rules.smallworld.state import Instance, State

from . import msgs

KINDS = ("wisp_wall", "fort")


def of(state: State, region: int) -> dict:
    """Return the Warcraft pieces lying in ``region`` (an empty dict when none)."""
    return state.extra.get("pieces", {}).get(str(region), {})


def count(state: State, region: int) -> int:
    """Return how many defending pieces lie in ``region`` (each adds 1 to its cost)."""
    found = of(state, region)
    return sum(found.get(kind, 0) for kind in KINDS)


def put(state: State, region: int, kind: str, events: list, seat: int) -> bool:
    """Put one ``kind`` piece in ``region`` if it has none and the supply has one."""
    pieces = state.extra.setdefault("pieces", {}).setdefault(str(region), {})
    if pieces.get(kind) or state.supply.get(kind, 0) <= 0:
        return False
    pieces[kind] = 1
    state.supply[kind] -= 1
    events.append(msgs.event(f"{kind}_placed", seat=seat, region=region))
    return True


def clear(state: State, region: int) -> None:
    """Return every Warcraft piece of ``region`` to the supply."""
    found = state.extra.get("pieces", {}).pop(str(region), None)
    for kind, n in (found or {}).items():
        state.supply[kind] += n


def place_forts(state: State, inst: Instance, events: list) -> None:
    """Garrison: a fort in every region of the active race that has none (supply allowing).

    When the supply is short the forts go to the race's regions in board order.
    """
    for region in state.regions_of(inst.id):
        if not of(state, region).get("fort"):
            put(state, region, "fort", events, inst.owner)
