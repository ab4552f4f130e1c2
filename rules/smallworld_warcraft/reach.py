"""Which regions a race may attack, and the travel cost (spec §3.3.1, §3.4, §3.5, §4.1).

The map is an archipelago. A first conquest (the race holds no region) must be an entry
region on any island (Kobolds: any cavern; Naga: any sea or lake, both without travel).
Later conquests reach adjacent regions, any entry region anywhere, or a region an "as if
adjacent" effect names (Kobold caverns, Gnome air raid, Ashes of Al'ar). Entering an entry
region that touches none of the race's regions costs one more token (travel) unless an effect
waives it. Water is for Naga only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import Board


@dataclass(frozen=True)
class Reach:
    """What lets a race reach regions: its race hooks and the travel waivers it enjoys.

    ``hooks``: the race's hooks (``cavern_reach``, ``water_conquest`` ...). ``no_travel``:
    Seafarer or an occupied Meeting Stone. ``as_if_adjacent``: this conquest uses an effect
    that treats the target as adjacent (air raid, Ashes of Al'ar). ``lands_anywhere``: that
    effect may also make a first conquest (option ``air_raid_first_conquest``).
    """

    hooks: frozenset[str] = frozenset()
    no_travel: bool = False
    as_if_adjacent: bool = False
    lands_anywhere: bool = False


def water_allowed(reach: Reach) -> bool:
    """Tell whether the race may conquer seas and lakes (Naga)."""
    return "water_conquest" in reach.hooks


def problem(board: Board, region: int, owned: frozenset[int], reach: Reach) -> str | None:
    """Return the reason key why ``region`` is out of reach, or None when it may be attacked.

    ``owned``: the regions the active race occupies (never its declined race's).
    """
    static = board.regions[region]
    if region in owned:
        return "own_region"
    if static.water and not water_allowed(reach):
        return "water"
    if not owned:
        return None if _first_conquest_target(board, region, reach) else "not_entry"
    if reach.as_if_adjacent or static.entry or not static.adj.isdisjoint(owned):
        return None
    if "cavern_reach" in reach.hooks and "cavern" in static.symbols:
        return None
    return "not_adjacent"


def _first_conquest_target(board: Board, region: int, reach: Reach) -> bool:
    static = board.regions[region]
    if reach.as_if_adjacent:
        return reach.lands_anywhere  # by default no such effect makes a first conquest (§3.3.1)
    if static.entry:
        return True
    if "cavern_first_conquest" in reach.hooks and "cavern" in static.symbols:
        return True
    return "water_first_conquest" in reach.hooks and static.water


def travel(board: Board, region: int, owned: frozenset[int], reach: Reach) -> int:
    """Return the travel cost of conquering ``region`` (1 or 0, §3.3.2)."""
    static = board.regions[region]
    if not static.entry or reach.as_if_adjacent or reach.no_travel:
        return 0
    if not static.adj.isdisjoint(owned):
        return 0
    if not owned and ("cavern_first_conquest" in reach.hooks and "cavern" in static.symbols):
        return 0  # Kobolds entering by a cavern pay no travel, even on an entry region
    if "cavern_reach" in reach.hooks and "cavern" in static.symbols:
        return 0  # Kobolds treat every cavern as adjacent
    return 1


def adjacent_to(board: Board, region: int, owned: frozenset[int], reach: Reach) -> bool:
    """Tell whether ``region`` counts as adjacent to the race (Champion conquest, §4.2)."""
    static = board.regions[region]
    if not static.adj.isdisjoint(owned):
        return True
    return bool(owned) and "cavern_reach" in reach.hooks and "cavern" in static.symbols
