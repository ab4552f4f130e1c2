"""Phase 7, Exploration (spec §4): a functioning Explorer reveals one counter in I(P)."""

from __future__ import annotations

from .city import functioning_type
from .data import FOOD
from .goods import gain
from .influence import influence


def explorable(state, seat: int) -> list[tuple[int, int]]:
    """Return the hexes with a face-down counter the seat may reveal now."""
    if not functioning_type(state, seat, "explorer"):
        return []
    area = influence(state, seat)
    return sorted(h for h in state.counters if h in area)


def explore(state, seat: int, h) -> str:
    """Reveal the counter on ``h``: the seat gains its good; food raises the famine level."""
    kind = state.counters.pop(h)
    state.revealed[h] = kind
    gain(state.ps[seat]["goods"], state.bank, kind)
    if kind in FOOD:
        state.famine += 1
    return kind
