"""Phase 9, Pollution (spec §4, §7.2): markers on free hexes of one's own influence."""

from __future__ import annotations

from . import data
from .city import count_functioning, staffed_functioning
from .influence import influence
from .setup import remove_counter

PER_CITY = data.game_data()["pollution"]["per_city"]
DUMP = data.game_data()["pollution"]["dump_relief"]


def amount(state, seat: int) -> int:
    """Return p = 3·cities − functioning Fountains − 4 with a staffed Dump (min 0)."""
    p = state.ps[seat]
    dump = DUMP if staffed_functioning(state, seat, "dump") else 0
    return max(0, PER_CITY * len(p["cities"]) - count_functioning(state, seat, "fountain")
               - dump)


def protected(state, seat: int) -> set:
    """Return the hexes in the influence of other players with a staffed Dump."""
    shield: set = set()
    for other in range(state.players):
        if other != seat and not state.ps[other]["eliminated"] and staffed_functioning(
                state, other, "dump"):
            shield |= influence(state, other)
    return shield


def free_hexes(state, seat: int) -> list:
    """Return the hexes the seat may pollute: own influence, unpolluted, unoccupied."""
    occupied = state.occupied()
    shield = protected(state, seat)
    return sorted(h for h in influence(state, seat)
                  if h not in state.pollution and h not in occupied and h not in shield)


def pollute(state, h) -> None:
    """Put a pollution marker on ``h`` (a counter there is removed unseen)."""
    state.pollution.add(h)
    remove_counter(state, h)
