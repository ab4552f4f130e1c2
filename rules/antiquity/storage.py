"""Phase 5, Storage (spec §4): keep at most the storage capacity, the rest goes to the bank."""

from __future__ import annotations

from .city import functioning, of_type
from .saints import has_bonus

UNLIMITED = 10**9


def capacity(state, seat: int) -> int:
    """Return the seat's capacity: cells of functioning Storage (unlimited with the saint)."""
    p = state.ps[seat]
    if has_bonus(p, "storage"):
        return UNLIMITED
    return sum(len(p["buildings"][bid]["cells"]) for bid in of_type(p, "storage")
               if functioning(p, bid))


def excess(state, seat: int) -> int:
    """Return how many goods the seat must still give back."""
    return max(0, sum(state.ps[seat]["goods"].values()) - capacity(state, seat))


def kinds_held(state, seat: int) -> list[str]:
    """Return the kinds of goods the seat holds, in catalogue order."""
    return [k for k, n in state.ps[seat]["goods"].items() if n > 0]


def auto_discard(state, seat: int) -> bool:
    """Discard without asking when no choice exists; return True if nothing is left to ask."""
    over = excess(state, seat)
    kinds = kinds_held(state, seat)
    if over and (capacity(state, seat) == 0 or len(kinds) == 1):
        for kind in kinds:
            n = min(over, state.ps[seat]["goods"][kind])
            discard(state, seat, kind, n)
            over -= n
    return excess(state, seat) == 0


def greedy_keep(state, seat: int) -> tuple[str, ...]:
    """Return the default choice: keep goods in catalogue order up to the capacity."""
    room = capacity(state, seat)
    kept: list[str] = []
    for kind, n in state.ps[seat]["goods"].items():
        take = min(n, room - len(kept))
        kept.extend([kind] * take)
    return tuple(sorted(kept))


def keep(state, seat: int, kept) -> None:
    """Keep exactly the multiset ``kept``; every other good goes back to the bank."""
    wanted: dict[str, int] = {}
    for kind in kept:
        wanted[kind] = wanted.get(kind, 0) + 1
    for kind, n in list(state.ps[seat]["goods"].items()):
        if n > wanted.get(kind, 0):
            discard(state, seat, kind, n - wanted.get(kind, 0))


def discard(state, seat: int, kind: str, n: int = 1) -> None:
    """Return ``n`` goods of ``kind`` to the bank."""
    state.ps[seat]["goods"][kind] -= n
    state.bank[kind] += n
