"""End-of-turn counts of the Warcraft races, powers and places (spec §3.7, §4, §5).

Pure functions of the board and of who occupies what: the data score kinds of races.toml and
powers.toml, Karazhan, and the majority test used by the Well of Eternity and by Fortified
watchtowers (every race on its own, all Murlocs together as one race).
"""

from __future__ import annotations

from typing import Hashable, Iterable, Mapping

from .data import Board


def score_rule(board: Board, rule: dict, owned: Iterable[int], face_up_markers: int = 0) -> int:
    """Return the coins one data score rule gives a race occupying ``owned``."""
    regions = [board.regions[r] for r in owned]
    kind, coins = rule["kind"], rule.get("coins", 1)
    if kind == "terrain":
        return coins * sum(r.terrain == rule["value"] for r in regions)
    if kind == "symbol":
        return coins * sum(rule["value"] in r.symbols for r in regions)
    if kind == "islands":
        return coins * len({r.island for r in regions})
    if kind == "next_to_water":
        return coins * sum(any(board.regions[o].water for o in r.adj) for r in regions)
    if kind == "face_up_markers":
        return coins * face_up_markers
    raise ValueError(f"unknown score kind {kind!r}")


def karazhan(board: Board, place: int, owned: Iterable[int]) -> int:
    """Return Karazhan's coins: the race's other regions of the same terrain as its region."""
    terrain = board.regions[place].terrain
    return sum(1 for r in owned if r != place and board.regions[r].terrain == terrain)


def majority_holder(board: Board, centre: int,
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
