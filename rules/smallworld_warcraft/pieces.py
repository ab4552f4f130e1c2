"""Warcraft pieces in regions (spec §1.4, §4): wisp walls (Night Elves), forts (Garrison)
and watchtowers (Fortified).

``state.extra["pieces"]`` maps a region (as a string) to counts such as ``{"fort": 1}``.
Walls and forts add 1 to the cost of their region and stay when their race declines; a
watchtower makes its region immune and goes when its race declines. All go back to the
supply when the region is conquered or becomes empty. Supplies are hard limits.
"""

from __future__ import annotations

from rules.smallworld.state import Instance, State

from . import msgs
from .tally import majority_holder

KINDS = ("wisp_wall", "fort")       # the pieces that add to a region's cost


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


def take(state: State, region: int, kind: str, events: list, seat: int) -> None:
    """Return the ``kind`` piece of ``region`` to the supply, if it holds one."""
    pieces = state.extra.get("pieces", {}).get(str(region), {})
    if pieces.pop(kind, 0):
        state.supply[kind] += 1
        if not pieces:
            del state.extra["pieces"][str(region)]
        events.append(msgs.event(f"{kind}_removed", seat=seat, region=region))


def immune(state: State, region: int) -> bool:
    """Tell whether a watchtower makes ``region`` immune to other players."""
    return bool(of(state, region).get("watchtower"))


def update_watchtowers(state: State, inst: Instance, events: list) -> None:
    """Fortified: a tower on each farmland of the race that leads its neighbourhood alone.

    Around each farmland it occupies, the race must occupy strictly more regions than any
    other race (Murlocs count as one race); a farmland that no longer qualifies loses its
    tower. When the supply is short the towers go to qualifying farmlands in board order.
    """
    occupant = {r: ("murlocs" if reg.lost_tribe else reg.inst)
                for r, reg in enumerate(state.regions)
                if reg.lost_tribe or (reg.inst is not None and reg.tokens)}
    for region in state.regions_of(inst.id):
        if state.board.regions[region].terrain != "farmland":
            continue
        if majority_holder(state.board, region, occupant) == inst.id:
            put(state, region, "watchtower", events, inst.owner)
        else:
            take(state, region, "watchtower", events, inst.owner)


def remove_watchtowers(state: State, inst: Instance, events: list) -> None:
    """Take every watchtower of ``inst``'s regions back (its race declines)."""
    for region in state.regions_of(inst.id):
        take(state, region, "watchtower", events, inst.owner)
