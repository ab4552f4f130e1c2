"""End-of-turn counts of the Warcraft places (spec §5): Karazhan, and the majority test of
the Well of Eternity and of Fortified watchtowers (every race on its own, all Murlocs together
as one race). Pure functions of the board and of who occupies what.
"""

from __future__ import annotations

from typing import Hashable, Iterable, Mapping, Protocol


class Graph(Protocol):
    """A board whose regions have ``adj`` (region numbers)."""

    regions: tuple


def karazhan(board: Graph, place: int, owned: Iterable[int]) -> int:
    """Return Karazhan's coins: the race's other regions of the same terrain as its region."""
    terrain = board.regions[place].terrain
    return sum(1 for r in owned if r != place and board.regions[r].terrain == terrain)


def majority_holder(board: Graph, centre: int,
                    occupant: Mapping[int, Hashable]) -> Hashable | None:
    """Return the race that occupies strictly more regions around ``centre`` than any other.

    ``occupant`` maps a region to the race there (any hashable: a race instance, or one key
    for all Murlocs); regions absent from it are empty. None when nobody leads alone.
    """
    counts: dict[Hashable, int] = {}
    for region in board.regions[centre].adj:
        who = occupant.get(region)
        if who is not None:
            counts[who] = counts.get(who, 0) + 1
    if not counts:
        return None
    ranked = sorted(counts.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return None
    return max(counts, key=counts.get)
